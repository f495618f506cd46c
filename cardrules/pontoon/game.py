"""Pontoon bound into the game contract (:class:`cardrules.game.Game`)."""

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
from .profile import PontoonRules
from .rules import GAME, RULES
from .state import DealState, cards_in_play, is_over, seats_of, to_act
from .view import view

#: Pontoon in the contract: ``cardrules.game.get("pontoon")``
PONTOON: Game[DealState, Action] = Game(
    name=GAME, title="Pontoon", rules=RULES, profile=PontoonRules, default_profile="pontoon",
    capabilities=Capabilities(Unit.CHIPS, coach=True, hidden_cards=True),
    state_type=DealState, seats=seats, start=start, legal_actions=legal_actions,
    verify_action=verify_action, can_apply=can_apply, apply=apply, explain=explain,
    describe=describe, is_over=is_over, to_act=to_act, outcome=outcome, view=view,
    cards_in_play=cards_in_play, seats_of=seats_of, random_action=random_action, deal_rows=deal_rows,
    players=PLAYERS, coach=coach)
