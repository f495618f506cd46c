"""Every five-card hand counted: the histogram of strengths, the number of hands and of
strengths in each category, and the ranking table of the book's primer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..cards import Card, standard_deck
from .hand import Hand, best_hand
from .ranking import (
    CATEGORIES,
    CLASSES,
    FLUSH_TABLE,
    PLAIN_TABLE,
    RANK_KEY,
    SUIT_BIT,
    Category,
    check_cards,
    poker_value,
)


def five_card_histogram(cards: Sequence[Card] | None = None) -> Counter[int]:
    """How many five-card hands of ``cards`` (the 52-card deck by default) have each
    strength, evaluating every hand once.

    The cards are grouped by suit; the loops run over three-card prefixes, adding
    each prefix's rank key to precomputed two-card sums, so each hand costs one
    addition and one table lookup.  A prefix of one suit sends its same-suit
    completions to the flush table.

    >>> h = five_card_histogram()
    >>> sum(h.values()), len(h), h[7462], h[1]
    (2598960, 7462, 4, 1020)
    """
    deck = standard_deck() if cards is None else check_cards(cards, 0, 52)[0]
    by_suit = sorted(deck, key=lambda c: (SUIT_BIT[c.suit], poker_value(c.rank)))
    keys = [RANK_KEY[poker_value(c.rank) - 2] for c in by_suit]
    suits = [SUIT_BIT[c.suit] for c in by_suit]
    n = len(keys)
    # for each card c: the sums of two later cards (d < e), split into the pairs whose
    # both cards share c's suit (flush completions) and all the others
    same: list[list[int]] = []
    others: list[list[int]] = []
    for c in range(n):
        s_same: list[int] = []
        s_other: list[int] = []
        for d in range(c + 1, n):
            kd, sd = keys[d], suits[d]
            for e in range(d + 1, n):
                if sd == suits[c] == suits[e]:
                    s_same.append(kd + keys[e])
                else:
                    s_other.append(kd + keys[e])
        same.append(s_same)
        others.append(s_other)
    every = [o + s for o, s in zip(others, same, strict=True)]
    plain, flush = PLAIN_TABLE.__getitem__, FLUSH_TABLE.__getitem__
    out: list[int] = []
    extend = out.extend
    for a in range(n - 4):
        ka, sa = keys[a], suits[a]
        for b in range(a + 1, n - 3):
            kab, sab = ka + keys[b], sa == suits[b]
            for c in range(b + 1, n - 2):
                k3 = kab + keys[c]
                if sab and suits[c] == sa:
                    extend(map(flush, map(k3.__add__, same[c])))
                    extend(map(plain, map(k3.__add__, others[c])))
                else:
                    extend(map(plain, map(k3.__add__, every[c])))
    return Counter(out)


@cache
def _histogram_52() -> Counter[int]:
    return five_card_histogram()


def category_counts() -> dict[Category, int]:
    """The number of five-card hands of each category, out of 2,598,960, highest first,
    counted by evaluating every hand.

    >>> counts = category_counts()
    >>> counts[Category.STRAIGHT_FLUSH], counts[Category.FULL_HOUSE], sum(counts.values())
    (40, 3744, 2598960)
    """
    out = {c: 0 for c in reversed(CATEGORIES)}
    for strength, n in _histogram_52().items():
        out[CLASSES[strength][0]] += n
    return out


def distinct_strengths() -> dict[Category, int]:
    """The number of different strengths in each category (7,462 in all), highest first,
    counted from the evaluation of every five-card hand.

    >>> d = distinct_strengths()
    >>> d[Category.STRAIGHT], d[Category.FLUSH], sum(d.values())
    (10, 1277, 7462)
    """
    out = {c: 0 for c in reversed(CATEGORIES)}
    for strength in _histogram_52():
        out[CLASSES[strength][0]] += 1
    return out


EXAMPLES: dict[Category, str] = {
    Category.STRAIGHT_FLUSH: "9H 8H 7H 6H 5H",
    Category.FOUR_OF_A_KIND: "QS QH QD QC 4S",
    Category.FULL_HOUSE: "7S 7D 7C 2H 2S",
    Category.FLUSH: "AD JD 8D 6D 3D",
    Category.STRAIGHT: "10C 9D 8S 7H 6C",
    Category.THREE_OF_A_KIND: "5S 5H 5C KD 9S",
    Category.TWO_PAIR: "KS KD 5C 5H AC",
    Category.PAIR: "JH JC 9S 6D 2C",
    Category.HIGH_CARD: "AS QD 9C 6H 3S",
}
"""One example of each category, as card text, for the book's primer."""


@dataclass(frozen=True)
class RankingRow:
    """One line of the ranking table: a category, an example hand, how many of the
    2,598,960 five-card hands fall in it and how many different strengths it holds."""

    category: Category
    example: Hand
    ways: int
    strengths: int

    @property
    def probability(self) -> float:
        """The chance that five cards dealt from a full deck make this category."""
        return self.ways / 2_598_960


def ranking_table() -> tuple[RankingRow, ...]:
    """The hand ranking, highest first, with an example, the counts and the strengths,
    all computed by the engine [poker.rank].

    >>> rows = ranking_table()
    >>> rows[0].category.value, rows[0].example.name, rows[0].ways, rows[0].strengths
    ('straight flush', 'straight flush, nine high', 40, 10)
    >>> [f"{r.probability:.4%}" for r in rows][-2:]
    ['42.2569%', '50.1177%']
    """
    counts, strengths = category_counts(), distinct_strengths()
    rows = []
    for category in reversed(CATEGORIES):
        example = best_hand(EXAMPLES[category])
        if example.category is not category:
            raise AssertionError(f"the example {EXAMPLES[category]} is not a {category.value}")
        rows.append(RankingRow(category, example, counts[category], strengths[category]))
    return tuple(rows)
