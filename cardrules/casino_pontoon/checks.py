"""The checks: each ``verify_`` raises :class:`IllegalAction` with the rule's id and a
sentence; each ``can_`` answers the same as a bool (made by :func:`cardrules.game.can`)."""

from __future__ import annotations

from ..errors import IllegalAction
from ..game import can
from .actions import (
    NOT_AN_ACTION,
    DealerDraw,
    DealerStand,
    Double,
    Hit,
    Insure,
    NoInsurance,
    Split,
    Stand,
)
from .profile import hand_limit, load_casino_pontoon  # noqa: F401  (doctests)
from .state import Phase, RoundState, round_state
from .values import MOST_CARDS, card_value, dealer_draws, hand_total, is_soft

#: a player may stand on this total or more (or with five cards)
STAND_FROM = 15
#: a hand may double holding this many cards, from the first to the second, once
DOUBLE_CARDS = (2, 4)
#: insurance is at most the stake divided by this, in whole chips
INSURANCE_PARTS = 2


def _need_phase(state: RoundState, phase: Phase, what: str) -> None:
    if state.phase is phase:
        return
    if state.phase is Phase.OVER:
        raise IllegalAction("casino-pontoon.rank" if not state.dealer_pontoon
                            else "casino-pontoon.dealer-pontoon",
                            f"The round is over: nobody may {what} now.")
    if state.phase is Phase.INSURANCE:
        raise IllegalAction("casino-pontoon.insurance",
                            f"{state.seats[state.seat].name} must first decide on insurance "
                            f"(the dealer shows an ace); you cannot {what} yet.")
    if state.phase is Phase.DEALER:
        raise IllegalAction("casino-pontoon.dealer",
                            f"The players have finished and the dealer is playing: you cannot "
                            f"{what} now.")
    raise IllegalAction("casino-pontoon.dealer",
                        f"The dealer only plays after every player hand is finished; you cannot "
                        f"{what} now.")


def max_insurance(state: RoundState) -> int:
    """The most the deciding seat may insure: half its stake, rounded down.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import apply, new_round
    >>> max_insurance(new_round(load_casino_pontoon(), [15], parse_cards("9C AD 4H KS")))
    7
    """
    state = round_state(state, "max_insurance")
    if state.phase is not Phase.INSURANCE:
        raise IllegalAction("casino-pontoon.insurance", "Insurance is not being offered now: "
                            "it is offered before play, when the dealer's up card is an ace.")
    return state.seats[state.seat].stake // INSURANCE_PARTS


def verify_insure(state: RoundState, amount: int) -> None:
    """Raise :class:`IllegalAction` unless the deciding seat may insure ``amount`` chips
    [casino-pontoon.insurance].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("9C AD 4H KS"))
    >>> verify_insure(s, 6)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Insurance is at most half the stake: the stake is 10, so at most 5 (you asked 6). [rule casino-pontoon.insurance]
    >>> can_insure(s, 5), can_insure(s, 6)
    (True, False)
    """
    state = round_state(state, "verify_insure")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction("casino-pontoon.insurance",
                            f"Insurance is a whole number of chips, not {amount!r}.")
    if state.phase is not Phase.INSURANCE:
        if state.rules.dealer_cards_face_down:
            raise IllegalAction("casino-pontoon.face-down",
                                "Both dealer cards are face down at this table: no insurance is "
                                "offered.")
        if state.phase is Phase.OVER:
            _need_phase(state, Phase.INSURANCE, "insure")
        raise IllegalAction("casino-pontoon.insurance",
                            "Insurance is offered only before play, when the dealer's up card "
                            f"is an ace; the dealer shows {state.dealer[0]}.")
    stake = state.seats[state.seat].stake
    if amount < 1:
        raise IllegalAction("casino-pontoon.insurance",
                            f"Insurance is at least 1 chip (you asked {amount}); to refuse it, "
                            "decline insurance.")
    if INSURANCE_PARTS * amount > stake:
        raise IllegalAction("casino-pontoon.insurance",
                            f"Insurance is at most half the stake: the stake is {stake}, so at "
                            f"most {stake // INSURANCE_PARTS} (you asked {amount}).")


def _verify_decline(state: RoundState) -> None:
    if state.phase is not Phase.INSURANCE:
        if state.rules.dealer_cards_face_down:
            raise IllegalAction("casino-pontoon.face-down",
                                "Both dealer cards are face down: there is no insurance to "
                                "decline.")
        _need_phase(state, Phase.INSURANCE, "decline insurance")


def verify_hit(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may take a card
    [casino-pontoon.hit].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("2C 7D 3H KS 2S 2D 4C"))
    >>> s = apply(apply(apply(s, Hit()), Hit()), Hit())
    >>> s.phase.value
    'dealer plays'
    """
    state = round_state(state, "verify_hit")
    _need_phase(state, Phase.PLAY, "hit")
    h = state.current
    if len(h.cards) >= MOST_CARDS:  # pragma: no cover - a five-card hand is finished at once
        raise IllegalAction("casino-pontoon.hit", "A hand stops at five cards.")


def verify_stand(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may stand: 15 or more, or five
    cards [casino-pontoon.stand].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import apply, new_round
    >>> verify_stand(new_round(load_casino_pontoon(), [10], parse_cards("7C 7D 7H KS")))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You may stand only on 15 or more, or with five cards; this hand is 14 with 2 cards. [rule casino-pontoon.stand]
    """
    state = round_state(state, "verify_stand")
    _need_phase(state, Phase.PLAY, "stand")
    h = state.current
    if h.total < STAND_FROM and len(h.cards) < MOST_CARDS:
        raise IllegalAction("casino-pontoon.stand",
                            f"You may stand only on 15 or more, or with five cards; this hand is "
                            f"{'soft ' if h.soft else ''}{h.total} with {len(h.cards)} cards.")


def verify_double(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may double: 2 to 4 cards, once
    per hand [casino-pontoon.double].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("5C 7D 4H KS 2S"))
    >>> s = apply(s, Double())
    >>> s.current.stake, len(s.current.cards)
    (20, 3)
    >>> verify_double(s)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: This hand has already doubled (its stake is 20): a hand may double only once. [rule casino-pontoon.double]
    """
    state = round_state(state, "verify_double")
    _need_phase(state, Phase.PLAY, "double")
    h = state.current
    if h.doubled:
        raise IllegalAction("casino-pontoon.double",
                            f"This hand has already doubled (its stake is {h.stake}): a hand may "
                            "double only once.")
    low, high = DOUBLE_CARDS
    if not low <= len(h.cards) <= high:  # pragma: no cover - hands in play hold 2 to 4 cards
        raise IllegalAction("casino-pontoon.double",
                            f"You may double holding 2, 3 or 4 cards; this hand has "
                            f"{len(h.cards)}.")


def verify_split(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may split [casino-pontoon.split].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import apply, new_round
    >>> verify_split(new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 9H KS")))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only two cards of the same value may be split; 8♣ and 9♥ are worth 8 and 9. [rule casino-pontoon.split]
    """
    state = round_state(state, "verify_split")
    _need_phase(state, Phase.PLAY, "split")
    rules = state.rules
    h = state.current
    if len(h.cards) != 2:
        raise IllegalAction("casino-pontoon.split",
                            f"Only a hand of two cards may be split; this hand has "
                            f"{len(h.cards)}.")
    a, b = h.cards
    if rules.split_by == "rank" and a.rank is not b.rank:
        raise IllegalAction("casino-pontoon.split",
                            f"At this table only two cards of the same rank may be split; {a} "
                            f"and {b} are {_a(a.rank.word)} and {_a(b.rank.word)}.")
    if card_value(a) != card_value(b):
        raise IllegalAction("casino-pontoon.split",
                            f"Only two cards of the same value may be split; {a} and {b} are "
                            f"worth {card_value(a)} and {card_value(b)}.")
    limit = hand_limit(rules)
    held = len(state.seats[state.seat].hands)
    if limit is not None and held >= limit:
        raise IllegalAction("casino-pontoon.split",
                            f"A seat may hold at most {limit} hand{'s' if limit > 1 else ''} at "
                            f"this table; this seat already holds {held}.")


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _verify_dealer(state: RoundState, draw: bool) -> None:
    what = "draw for the dealer" if draw else "stand for the dealer"
    if state.phase is not Phase.DEALER:
        _need_phase(state, Phase.DEALER, what)
    must = dealer_draws(state.dealer, state.rules)
    total = hand_total(state.dealer)
    soft = "soft " if is_soft(state.dealer) else ""
    if draw and not must:
        why = ("the dealer stands on hard 17 or more" if not soft or total > 17 else
               "at this table the dealer stands on soft 17")
        raise IllegalAction("casino-pontoon.dealer",
                            f"The dealer has {soft}{total} and must stand: {why}.")
    if not draw and must:
        why = ("the dealer draws on 16 or less" if total <= 16 else
               "the dealer draws on soft 17")
        raise IllegalAction("casino-pontoon.dealer",
                            f"The dealer has {soft}{total} and must draw: {why}.")


def verify_action(state: RoundState, action: object) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal now; an object that is not a
    Casino Pontoon action is refused too (rule ``casino-pontoon.deal``).

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("9C AD 4H KS"))
    >>> verify_action(s, Hit())
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Seat 1 must first decide on insurance (the dealer shows an ace); you cannot hit yet. [rule casino-pontoon.insurance]
    """
    state = round_state(state, "verify_action")
    if isinstance(action, Insure):
        verify_insure(state, action.amount)
    elif isinstance(action, NoInsurance):
        _verify_decline(state)
    elif isinstance(action, Hit):
        verify_hit(state)
    elif isinstance(action, Stand):
        verify_stand(state)
    elif isinstance(action, Double):
        verify_double(state)
    elif isinstance(action, Split):
        verify_split(state)
    elif isinstance(action, DealerDraw):
        _verify_dealer(state, True)
    elif isinstance(action, DealerStand):
        _verify_dealer(state, False)
    else:
        raise IllegalAction("casino-pontoon.deal", f"{action!r} {NOT_AN_ACTION}")


can_insure = can(verify_insure)
can_hit = can(verify_hit)
can_stand = can(verify_stand)
can_double = can(verify_double)
can_split = can(verify_split)
can_apply = can(verify_action)
