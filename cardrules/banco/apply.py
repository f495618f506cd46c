"""Playing a coup: the legal actions (the one the rules require), applying an action, and
playing a dealt coup to its end."""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from .actions import Action, Draw, Stand
from .checks import required_action, verify_action
from .explain import reason
from .profile import load_banco  # noqa: F401  (doctests)
from .state import CoupState, Stage, coup_state
from .values import Side


def legal_actions(state: CoupState) -> tuple[Action, ...]:
    """The one action the rules allow now (Punto Banco leaves no choice), or none.

    >>> from cardrules.banco import new_coup
    >>> legal_actions(new_coup(load_banco(), parse_cards("9C 2D KH 3S")))
    ()
    """
    action = required_action(coup_state(state, "legal_actions"))
    return () if action is None else (action,)


def apply(state: CoupState, action: Action) -> CoupState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise.

    >>> from cardrules.banco import new_coup
    >>> s = apply(new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C")), Draw(Side.PLAYER))
    >>> s.player, s.stage.value
    ((Card('3♣'), Card('K♥'), Card('4♣')), 'banker to act')
    """
    state = coup_state(state, "apply")
    verify_action(state, action)
    rule_id, why = reason(state)
    text = why[0].upper() + why[1:]
    player, banker, rest = state.player, state.banker, state.shoe
    if isinstance(action, Draw):
        if not rest:
            raise IllegalAction("banco.deal", "The shoe is empty: no card is left to draw.")
        if action.side is Side.PLAYER:
            player = (*player, rest[0])
        else:
            banker = (*banker, rest[0])
        text += f" Dealt {rest[0]}."
        rest = rest[1:]
    stage = Stage.BANKER if state.stage is Stage.PLAYER else Stage.OVER
    stood = state.player_stood or (state.stage is Stage.PLAYER and isinstance(action, Stand))
    return CoupState(state.rules, player, banker, rest, stage, stood,
                     (*state.log, (rule_id, text)), state.bets)


def play_out(state: CoupState) -> CoupState:
    """Play a dealt coup to its end by the rules.

    >>> from cardrules.banco import new_coup
    >>> play_out(new_coup(load_banco(), seed=5)).is_over
    True
    """
    state = coup_state(state, "play_out")
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state
