"""Punto Banco bound into the game contract (:class:`cardrules.game.Game`)."""

from __future__ import annotations

from ..game import Capabilities, Game, Unit
from .actions import Action
from .apply import apply, legal_actions
from .checks import can_apply, verify_action
from .coach import coach
from .deal import deal_rows, seats, start
from .explain import describe, explain
from .outcome import outcome
from .players import PLAYERS, random_action
from .profile import BancoRules
from .rules import GAME, RULES
from .state import CoupState, cards_in_play, is_over, seats_of, to_act
from .view import HANDS, view

#: Punto Banco in the contract: ``cardrules.game.get("banco")``
BANCO: Game[CoupState, Action] = Game(
    name=GAME, title="Punto Banco", rules=RULES, profile=BancoRules,
    default_profile="punto-banco",
    capabilities=Capabilities(Unit.CHIPS, coach=True, hidden_cards=False, exact_odds=True,
                              house_seats=HANDS),
    state_type=CoupState, seats=seats, start=start, legal_actions=legal_actions,
    verify_action=verify_action, can_apply=can_apply, apply=apply, explain=explain,
    describe=describe, is_over=is_over, to_act=to_act, outcome=outcome, view=view,
    cards_in_play=cards_in_play, seats_of=seats_of, random_action=random_action, deal_rows=deal_rows,
    players=PLAYERS, coach=coach)
