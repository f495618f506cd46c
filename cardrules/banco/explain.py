"""Why an action is, or is not, what the rules require, and each action in words."""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from .actions import ACTION_TYPES, Action, Draw, PlaceBet
from .checks import verify_action
from .profile import load_banco  # noqa: F401  (doctests)
from .state import CoupState, Stage, coup_state
from .values import Side, banker_reason, player_draws  # noqa: F401  (Side: doctests)


def reason(state: CoupState) -> tuple[str, str]:
    """The rule that decides the step the coup is at, and the decision in words.

    >>> from cardrules.banco import new_coup
    >>> reason(new_coup(load_banco(), parse_cards("3C 2D KH 3S")))
    ('banco.player-draw', 'the player draws on 3 (0-5 draw, 6-7 stand).')
    """
    if state.stage is Stage.BETS:
        limits = state.rules
        sides = ("the Player or the Banker" if limits.table == "social"
                 else "the Player, the Banker or a Tie")
        return "banco.payouts", (f"{state.bettor} bets on {sides}, {limits.min_bet} to "
                                 f"{limits.max_bet} chips, before the deal.")
    if state.stage is Stage.PLAYER:
        t = state.player_total
        verb = "draws" if player_draws(t) else "stands"
        return "banco.player-draw", f"the player {verb} on {t} (0-5 draw, 6-7 stand)."
    if state.stage is Stage.BANKER:
        r = banker_reason(state.banker_total, state.player_third_card)
        return "banco.third-card", r[0].lower() + r[1:]
    return "banco.natural", "the coup is over."


def explain(state: CoupState, action: object) -> str:
    """Why an action is, or is not, what the rules require here.

    >>> from cardrules.banco import new_coup
    >>> s = new_coup(load_banco(), parse_cards("3C 2D KH 3S"))
    >>> explain(s, Draw(Side.PLAYER))
    'Legal: the player draws on 3 (0-5 draw, 6-7 stand). [rule banco.player-draw]'
    """
    state = coup_state(state, "explain")
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return f"Illegal: {e}"
    rule_id, why = reason(state)
    return f"Legal: {why} [rule {rule_id}]"


def describe(action: Action) -> str:
    """An action in the table's words, as a button says it.

    >>> from cardrules.banco import BetOn
    >>> describe(Draw(Side.BANKER)), describe(PlaceBet(BetOn.TIE, 10))
    ('Banker draws a third card', 'Bet 10 on a tie')
    """
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction("banco.deal", f"{action!r} is not a Punto Banco action; use "
                            "PlaceBet, Draw or Stand.")
    if isinstance(action, PlaceBet):
        on = getattr(action.on, "value", action.on)
        side = "a tie" if on == "tie" else f"the {str(on).capitalize()}"
        return f"Bet {action.amount} on {side}"
    side = action.side.value.capitalize()
    return f"{side} draws a third card" if isinstance(action, Draw) else f"{side} stands"
