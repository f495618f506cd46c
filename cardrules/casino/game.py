"""Casino bound into the game contract (:class:`cardrules.game.Game`)."""

from __future__ import annotations

from ..game import Capabilities, Game, Unit
from .actions import Move
from .apply import apply, legal_actions
from .builder import BUILDER
from .checks import can_apply, verify_action
from .coach import coach
from .deal import deal_rows, seats, start
from .explain import describe, explain
from .outcome import outcome
from .players import PLAYERS, random_action
from .profile import CasinoRules
from .rules import GAME, RULES
from .state import CasinoState, cards_in_play, is_over, seats_of, to_act
from .view import view

#: Casino in the contract: ``cardrules.game.get("casino")``.  A play may be picked card
#: by card, then its value announced (``action_builder``); a round scores points; the
#: coach looks one move ahead (:mod:`.coach`).
CASINO: Game[CasinoState, Move] = Game(
    name=GAME, title="Casino", rules=RULES, profile=CasinoRules, default_profile="casino",
    capabilities=Capabilities(Unit.POINTS, coach=True, hidden_cards=True, action_builder=True),
    state_type=CasinoState, seats=seats, start=start, legal_actions=legal_actions,
    verify_action=verify_action, can_apply=can_apply, apply=apply, explain=explain,
    describe=describe, is_over=is_over, to_act=to_act, outcome=outcome, view=view,
    cards_in_play=cards_in_play, seats_of=seats_of, random_action=random_action, deal_rows=deal_rows,
    players=PLAYERS, builder=BUILDER, coach=coach)
