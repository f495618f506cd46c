"""Why an action is, or is not, allowed now, and each action in words."""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from .actions import (
    ACTION_TYPES,
    NOT_AN_ACTION,
    Action,
    DealerDraw,
    DealerStand,
    Double,
    Hit,
    Insure,
    NoInsurance,
    Split,
    Stand,
)
from .checks import verify_action
from .profile import load_casino_pontoon  # noqa: F401  (doctests)
from .state import RoundState, round_state
from .values import hand_total, is_soft


def explain(state: RoundState, action: object) -> str:
    """Why an action is, or is not, allowed now.

    >>> from cardrules.casino_pontoon import new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("KC 7D 5H KS"))
    >>> explain(s, Stand())
    'Legal: this hand is 15, and a player may stand on 15 or more. [rule casino-pontoon.stand]'
    >>> explain(s, Split())
    'Illegal: Only two cards of the same value may be split; K♣ and 5♥ are worth 10 and 5. [rule casino-pontoon.split]'
    """
    state = round_state(state, "explain")
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return f"Illegal: {e}"
    if not isinstance(action, ACTION_TYPES):  # pragma: no cover - verify_action refuses it
        return f"Illegal: {action!r} {NOT_AN_ACTION}"
    rule_id, why = reason(state, action)
    return f"Legal: {why} [rule {rule_id}]"


def reason(state: RoundState, action: Action) -> tuple[str, str]:
    """The rule that allows a legal ``action`` now, and why, in words.

    >>> from cardrules.casino_pontoon import new_round
    >>> reason(new_round(load_casino_pontoon(), [10], parse_cards("KC 7D 5H KS")), Hit())
    ('casino-pontoon.hit', 'the hand has 2 cards; a player may hit in any situation up to five cards.')
    """
    state = round_state(state, "reason")
    if isinstance(action, Insure):
        return ("casino-pontoon.insurance",
                f"the dealer shows an ace, and {action.amount} is at most half the stake.")
    if isinstance(action, NoInsurance):
        return "casino-pontoon.insurance", "insurance is always optional."
    if isinstance(action, (DealerDraw, DealerStand)):
        verb = "draws" if isinstance(action, DealerDraw) else "stands"
        soft = "soft " if is_soft(state.dealer) else ""
        return ("casino-pontoon.dealer",
                f"the dealer {verb} on {soft}{hand_total(state.dealer)}: draw to 16 and on "
                f"soft 17{'' if state.rules.dealer_hits_soft_17 else ' (here: stand)'}, stand "
                "on hard 17 or more.")
    h = state.current
    n = len(h.cards)
    if isinstance(action, Stand):
        if n >= 5:  # pragma: no cover - five cards finish the hand
            return "casino-pontoon.stand", "a five-card hand may stand."
        return ("casino-pontoon.stand",
                f"this hand is {h.total}, and a player may stand on 15 or more.")
    if isinstance(action, Double):
        return ("casino-pontoon.double",
                f"the hand has {n} cards and has not doubled yet: its stake doubles to "
                f"{2 * h.stake} and one card is dealt.")
    if isinstance(action, Split):
        return ("casino-pontoon.split",
                f"{h.cards[0]} and {h.cards[1]} have the same value; the new hand stakes "
                f"{state.seats[state.seat].stake}.")
    return ("casino-pontoon.hit",
            f"the hand has {n} cards; a player may hit in any situation up to five cards.")


def describe(action: Action) -> str:
    """An action in the game's words, as a button says it.

    >>> describe(Hit()), describe(Insure(5)), describe(NoInsurance()), describe(DealerDraw())
    ('Hit', 'Insure for 5', 'No insurance', 'The dealer draws')
    >>> describe("stick")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 'stick' is not a Casino Pontoon action; use Insure, NoInsurance, Hit, Stand, Double, Split, DealerDraw or DealerStand. [rule casino-pontoon.deal]
    """
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction("casino-pontoon.deal", f"{action!r} {NOT_AN_ACTION}")
    if isinstance(action, Insure):
        if isinstance(action.amount, bool) or not isinstance(action.amount, int):
            raise IllegalAction("casino-pontoon.insurance",
                                f"Insurance is a whole number of chips, not {action.amount!r}.")
        return f"Insure for {action.amount}"
    return {NoInsurance: "No insurance", Hit: "Hit", Stand: "Stand", Double: "Double",
            Split: "Split", DealerDraw: "The dealer draws",
            DealerStand: "The dealer stands"}[type(action)]
