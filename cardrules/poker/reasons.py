"""Poker's reasons: the hand cards make, two hands compared and two categories ranked, as
:mod:`cardrules.reasons` records made by the same functions that rank hands.

>>> steps = hand_reason("7S 7D 7C 2H 2S 9D 4C", "your cards")
>>> steps[-1].name, steps[-1].ways
('full house, sevens full of twos', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from ..cards import Card, Suit, parse_cards
from ..reasons import CategoryOrder, Decider, HandOrder, PokerHand, SetAside, Step
from .hand import Hand, best_hand, hand_of
from .ranking import CATEGORIES, Category


def _ways(held: Sequence[Card], hand: Hand) -> int:
    if len(held) <= 5:
        return 1
    return sum(1 for five in combinations(held, 5) if hand_of(five) == hand)


def hand_reason(cards: Iterable[Card | str] | str, of: str = "the hand",
                exclude_suit: Suit | None = None) -> tuple[Step, ...]:
    """The best hand of ``cards`` [poker.rank] [poker.best-five]: with ``exclude_suit``,
    first the cards set aside [poker.excluded-suit], then the hand the others make
    (fewer than five: [poker.fewer-than-five]).

    >>> [type(s).__name__ for s in hand_reason("AS KS QS JS 10H 9H", "Ben", Suit.SPADES)]
    ['SetAside', 'PokerHand']
    >>> hand_reason("AS KS QS JS 10H 9H", "Ben", Suit.SPADES)[1].held
    (Card('10♥'), Card('9♥'))
    """
    held = parse_cards(cards) if isinstance(cards, str) else tuple(
        c if isinstance(c, Card) else parse_cards(c)[0] for c in cards)
    steps: list[Step] = []
    counting = held
    if exclude_suit is not None:
        steps.append(SetAside(of, exclude_suit.value,
                              tuple(c for c in held if c.suit is exclude_suit)))
        counting = tuple(c for c in held if c.suit is not exclude_suit)
    hand = best_hand(held, exclude_suit=exclude_suit) if len(held) >= 5 else hand_of(counting)
    steps.append(PokerHand(of, counting, hand.cards, hand.category.value, hand.ranks,
                           hand.name, _ways(counting, hand)))
    return tuple(steps)


def order_reason(a: Hand, b: Hand, left: str, right: str) -> HandOrder:
    """What decides between two hands [poker.rank] [poker.fewer-than-five]: the category,
    the first rank that differs, an empty hand, one more kicker, or nothing (a tie).

    >>> r = order_reason(best_hand("KS KD 5C 5H AC"), best_hand("KH KC 5D 5S QC"), "A", "B")
    >>> r.by.value, r.at, r.winner
    ('rank', (14, 12), 'A')
    """
    win = left if a > b else right if b > a else None
    at = None
    if a.category != b.category:
        by = Decider.CATEGORY
    elif a == b:
        by = Decider.TIE
    elif not a.ranks or not b.ranks:
        by = Decider.EMPTY
    else:
        diff = [(x, y) for x, y in zip(a.ranks, b.ranks, strict=False) if x != y]
        if diff:
            by, at = Decider.RANK, diff[0]
        else:
            by = Decider.MORE_CARDS
    return HandOrder(left, a.category.value, a.ranks, right, b.category.value, b.ranks, by,
                     win, at)


def category_reason(first: Category, second: Category) -> CategoryOrder:
    """Whether one category beats another in the ranking [poker.rank].

    >>> category_reason(Category.FLUSH, Category.STRAIGHT).beats
    True
    """
    ranking = tuple(c.value for c in reversed(CATEGORIES))
    return CategoryOrder(first.value, second.value, ranking, first > second)
