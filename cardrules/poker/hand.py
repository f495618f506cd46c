"""The poker hand: :class:`Hand`, :func:`hand_of` (the hand of up to five cards) and
:func:`best_hand` (the best five of 5 to 9 cards, a suit excluded or not).

A hand's category and ranks come from one table lookup (:func:`strength`); which five
cards it uses, in the order shown (``Hand.cards``), is worked out only when asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import cast

from ..cards import Card, Suit, cards_text
from .lookup import checked_cards, quick_strength
from .ranking import (
    ACE_HIGH,
    CLASSES,
    CODE_SHIFT,
    STRENGTH_OF,
    VALUE_OF_KEY,
    Category,
    card_code,
    classify,
    evaluate_codes,
    hand_name,
    poker_value,
)


@dataclass(frozen=True, order=True)
class Hand:
    """A poker hand: its category, its ranks in order of weight (ace 14) and the cards
    it is made from (``held``); ``cards`` are the (up to) five used, best first.

    Hands compare by category then ranks; the cards themselves (their suits) never
    matter to ``==``, ``<`` or ``hash``.

    >>> h = best_hand("9C 9D 9H 9S KD 2S 3C")
    >>> h.category.value, h.ranks, h.name
    ('four of a kind', (9, 13), 'four of a kind, nines, king kicker')
    >>> h > best_hand("AS AD AH KS KD"), h.is_complete, h.strength
    (True, True, 7391)
    >>> h.cards
    (Card('9♣'), Card('9♦'), Card('9♥'), Card('9♠'), Card('K♦'))
    """

    category: Category
    ranks: tuple[int, ...]
    held: tuple[Card, ...] = field(compare=False, repr=False)

    @property
    def name(self) -> str:
        """The hand in words, e.g. ``straight, five high``."""
        return hand_name(self.category, self.ranks)

    @property
    def is_complete(self) -> bool:
        """Whether the hand uses five cards."""
        return len(self.held) >= 5

    @property
    def strength(self) -> int | None:
        """The five-card strength (1 to 7462), or None for a hand of fewer cards."""
        if len(self.held) < 5:
            return None
        return STRENGTH_OF[(self.category, self.ranks)]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards used, best first: the sets by size then rank, the wheel as 5-4-3-2-A;
        of several choices of five making the same hand, the first in the order held.

        Worked out each time it is asked for (a frozen hand is never written into, so two
        equal hands pickle alike), from at most 126 choices of five."""
        held = self.held
        codes = [card_code(c) for c in held]
        if len(held) > 5:
            target = self.strength
            pick = next(p for p in combinations(range(len(held)), 5)
                        if evaluate_codes([codes[i] for i in p]) == target)
            held = tuple(held[i] for i in pick)
            codes = [codes[i] for i in pick]
        return _display_order(held, codes, self.category, self.ranks)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        shown = cards_text(self.cards) if self.cards else "no cards"
        return f"Hand({shown}: {self.name})"


EMPTY_HAND = Hand(Category.HIGH_CARD, (), ())
"""The hand of no cards: it loses to every other hand [poker.fewer-than-five]."""

_WHEEL_ORDER = {5: 0, 4: 1, 3: 2, 2: 3, ACE_HIGH: 4}


def _display_order(cards: Sequence[Card], codes: Sequence[int], category: Category,
                   ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards best first: the sets by size then rank, the wheel as 5-4-3-2-A."""
    values = [VALUE_OF_KEY[code >> CODE_SHIFT] for code in codes]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ranks[0] == 5:
        keyed = [(-_WHEEL_ORDER[v], -i) for i, v in enumerate(values)]
    elif len(set(values)) == len(values):
        keyed = [(v, -i) for i, v in enumerate(values)]
    else:
        keyed = [(values.count(v) * 16 + v, -i) for i, v in enumerate(values)]
    keyed.sort(reverse=True)
    return tuple(cards[-minus_i] for _, minus_i in keyed)


def _hand_of_held(held: tuple[Card, ...]) -> Hand:
    """The hand of zero to five checked cards, all counting."""
    if len(held) == 5:
        category, ranks = CLASSES[quick_strength(held)]
        return Hand(category, ranks, held)
    if not held:
        return EMPTY_HAND
    category, ranks = classify([poker_value(c.rank) for c in held])
    return Hand(category, ranks, held)


def hand_of(cards: Iterable[Card | str] | str) -> Hand:
    """The hand made by exactly these cards (zero to five of them), all counting.

    >>> from cardrules.cards import parse_cards
    >>> hand_of(parse_cards("5H 5S 9C"))
    Hand(5♥ 5♠ 9♣: pair, fives, nine kicker)
    >>> hand_of(())
    Hand(no cards: no cards)
    """
    return _hand_of_held(checked_cards(cards, 0, 5))


def _as_suit(suit: Suit | str | None) -> Suit | None:
    if suit is None or isinstance(suit, Suit):
        return suit
    if isinstance(suit, str):
        text = suit.strip().lower()
        for s in Suit:
            if text in (s.value, s.singular, s.letter.lower(), s.symbol):
                return s
    allowed = ", ".join(s.value for s in Suit)
    raise ValueError(f"exclude_suit must be a Suit or one of {allowed}, or None; got {suit!r}")


def best_hand(cards: Iterable[Card | str] | str, exclude_suit: Suit | str | None = None) -> Hand:
    """The best hand from 5 to 9 cards [poker.best-five], not counting the cards of
    ``exclude_suit`` [poker.excluded-suit]; with fewer than five cards left, the best
    hand those make [poker.fewer-than-five].

    ``cards`` are Card objects or text (``"AS KD 10H 4C 4S"``).  When several choices
    of five make the same best hand, the first in the order given is shown.

    >>> best_hand("AS AD 8C 8H 8S 2D 2C")
    Hand(8♣ 8♥ 8♠ A♠ A♦: full house, eights full of aces)
    >>> best_hand("AS KS QS JS 10H 9H", exclude_suit="S")
    Hand(10♥ 9♥: high card, ten and nine)
    >>> best_hand("AS KS QS JS 9S", exclude_suit=Suit.SPADES)
    Hand(no cards: no cards)
    >>> best_hand("AS KS QS JS")
    Traceback (most recent call last):
    ...
    ValueError: a poker hand is made from 5 to 9 cards, got 4: A♠ K♠ Q♠ J♠
    >>> best_hand(None)
    Traceback (most recent call last):
    ...
    cardrules.cards.NotCardsError: None is not a list of cards; give Card objects or text such as 'AS KD 10H'
    """
    if exclude_suit is None:
        s = quick_strength(cards)  # 0 unless a list or tuple of 5 to 7 distinct Cards
        if s:
            category, ranks = CLASSES[s]
            return Hand(category, ranks, tuple(cast("Sequence[Card]", cards)))
    held = checked_cards(cards, 5, 9)
    suit = _as_suit(exclude_suit)
    if suit is not None:
        held = tuple(c for c in held if c.suit is not suit)
    n = len(held)
    if n < 5:
        return _hand_of_held(held)
    # from eight or nine cards, the best of each seven
    s = quick_strength(held) if n <= 7 else max(map(quick_strength, combinations(held, 7)))
    category, ranks = CLASSES[s]
    return Hand(category, ranks, held)


def evaluate5(cards: Sequence[Card] | str) -> int:
    """The strength of exactly five cards, 1 (7-5-4-3-2 unsuited) to 7462 (royal flush);
    higher is better and equal strengths tie [poker.rank].

    >>> evaluate5("7S 5D 4C 3H 2S"), evaluate5("AH KH QH JH 10H")
    (1, 7462)
    >>> evaluate5("AS 2D 3C 4H 5S") < evaluate5("2S 3D 4C 5H 6S")
    True
    """
    return quick_strength(checked_cards(cards, 5, 5))
