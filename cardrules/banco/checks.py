"""The croupier's one legal action at each step, and the contract's ``verify_action`` and
``can_apply``: Punto Banco leaves the croupier no choice, so every other action is refused
with the rule that decides it."""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from ..game import can
from .actions import ACTION_TYPES, Action, Draw, Stand
from .profile import load_banco  # noqa: F401  (doctests)
from .state import CoupState, Stage, coup_state
from .values import Side, banker_draws, banker_reason, player_draws


def required_action(state: CoupState) -> Action | None:
    """The action the rules require now, or None once the coup is over.

    >>> from cardrules.banco import new_coup
    >>> required_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S")))
    Draw(side=<Side.PLAYER: 'player'>)
    """
    if state.stage is Stage.PLAYER:
        return Draw(Side.PLAYER) if player_draws(state.player_total) else Stand(Side.PLAYER)
    if state.stage is Stage.BANKER:
        draws = banker_draws(state.banker_total, state.player_third_card)
        return Draw(Side.BANKER) if draws else Stand(Side.BANKER)
    return None


def verify_action(state: CoupState, action: object) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is what the rules require now; an
    object that is not a Punto Banco action is refused too.

    >>> from cardrules.banco import new_coup
    >>> verify_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S")), "stick")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 'stick' is not a Punto Banco action; use Draw or Stand. [rule banco.deal]
    """
    state = coup_state(state, "verify_action")
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction("banco.deal", f"{action!r} is not a Punto Banco action; use Draw or Stand.")
    required = required_action(state)
    if required is None:
        if (state.player_total >= 8 and len(state.player) == 2) or (
            state.banker_total >= 8 and len(state.banker) == 2
        ):
            raise IllegalAction("banco.natural", "A natural ends the coup: nobody draws after a "
                                f"natural (Player {state.player_total}, Banker {state.banker_total}).")
        raise IllegalAction("banco.result", "The coup is over: both hands have played.")
    if action == required:
        return
    if action.side is not required.side:
        raise IllegalAction(
            "banco.deal" if state.stage is Stage.PLAYER else "banco.third-card",
            f"It is the {required.side.value}'s turn: the Player hand plays first, then the Banker.",
        )
    if state.stage is Stage.PLAYER:
        t = state.player_total
        if isinstance(action, Draw):
            raise IllegalAction("banco.player-draw",
                                f"The player stands on {t}: the player draws only on 0-5.")
        raise IllegalAction("banco.player-draw",
                            f"The player must draw on {t}: the player draws on 0-5, stands on 6-7.")
    reason = banker_reason(state.banker_total, state.player_third_card)
    raise IllegalAction("banco.third-card", reason)


can_apply = can(verify_action)
