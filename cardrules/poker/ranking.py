"""The poker ranking: the categories, the names of hands, the readable classifier and the
five-card lookup tables (built at import) that give each five cards a strength from 1
(7-5-4-3-2) to 7462 (a royal flush)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import Enum
from itertools import combinations

from ..cards import Card, NotCardsError, Rank, Suit, cards_text, parse_card, parse_cards


class Category(Enum):
    """The nine categories of poker hand, ordered lowest to highest [poker.rank].

    >>> Category.FLUSH > Category.STRAIGHT, max(Category).value, Category.PAIR.order
    (True, 'straight flush', 1)
    """

    HIGH_CARD = "high card"
    PAIR = "pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"

    @property
    def order(self) -> int:
        """0 for high card up to 8 for straight flush."""
        return _CATEGORY_ORDER[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order < other.order

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order <= other.order

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order > other.order

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order >= other.order


_CATEGORY_ORDER = {c: i for i, c in enumerate(Category)}
CATEGORIES = tuple(Category)
"""The nine categories, lowest (high card) first."""

ACE_HIGH = 14
"""The value of an ace in poker; ``Hand.ranks`` hold 2 (two) to 14 (ace)."""


def poker_value(rank: Rank) -> int:
    """A rank's poker value: two 2 ... king 13, ace 14.

    >>> poker_value(Rank.ACE), poker_value(Rank.KING), poker_value(Rank.TWO)
    (14, 13, 2)
    """
    return ACE_HIGH if rank is Rank.ACE else rank.pips


def _word(value: int) -> str:
    return Rank.from_pips(1 if value == ACE_HIGH else value).word


def _plural(value: int) -> str:
    return Rank.from_pips(1 if value == ACE_HIGH else value).plural


def _listed(values: Sequence[int]) -> str:
    words = [_word(v) for v in values]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _kickers(values: Sequence[int]) -> str:
    if not values:
        return ""
    return f", {_listed(values)} kicker" + ("s" if len(values) > 1 else "")


def hand_name(category: Category, ranks: Sequence[int]) -> str:
    """The name of a hand from its category and its ranks (2 to 14, in order of weight).

    >>> hand_name(Category.FULL_HOUSE, (7, 2))
    'full house, sevens full of twos'
    >>> hand_name(Category.PAIR, (13, 14, 9))
    'pair, kings, ace and nine kickers'
    >>> hand_name(Category.HIGH_CARD, ())
    'no cards'
    """
    c, r = category, tuple(ranks)
    if not r:
        return "no cards"
    if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        royal = " (a royal flush)" if c is Category.STRAIGHT_FLUSH and r[0] == ACE_HIGH else ""
        return f"{c.value}, {_word(r[0])} high{royal}"
    if c is Category.FULL_HOUSE:
        return f"full house, {_plural(r[0])} full of {_plural(r[1])}"
    if c is Category.TWO_PAIR:
        return f"two pair, {_plural(r[0])} and {_plural(r[1])}{_kickers(r[2:])}"
    if c in (Category.FOUR_OF_A_KIND, Category.THREE_OF_A_KIND, Category.PAIR):
        return f"{c.value}, {_plural(r[0])}{_kickers(r[1:])}"
    return f"{c.value}, {_listed(r)}"


# -- classifying a hand of up to five cards (the readable reference) ----------
def classify(values: Sequence[int], flush: bool = False) -> tuple[Category, tuple[int, ...]]:
    """The category and ranks (in order of weight) of up to five cards, given their
    values (2 to 14) and whether all five share a suit [poker.rank].

    This is the plain, readable definition; :func:`evaluate5` is the fast one.

    >>> classify((14, 5, 4, 3, 2))
    (<Category.STRAIGHT: 'straight'>, (5,))
    >>> classify((9, 9, 4, 9, 4))
    (<Category.FULL_HOUSE: 'full house'>, (9, 4))
    >>> classify((13, 13, 14, 9))
    (<Category.PAIR: 'pair'>, (13, 14, 9))
    """
    if len(values) > 5:
        raise ValueError(f"classify takes at most five cards, got {len(values)}")
    counts = Counter(values)
    if any(n > 4 for n in counts.values()) or any(not 2 <= v <= ACE_HIGH for v in counts):
        raise ValueError(f"{tuple(values)} are not the values of cards of one deck")
    groups = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    by_weight = tuple(v for v, _ in groups)
    if len(values) == 5 and len(counts) == 5:
        top = by_weight[0]
        if by_weight == (14, 5, 4, 3, 2):
            top = 5
        straight = top == 5 or by_weight[0] - by_weight[4] == 4
        if straight and flush:
            return Category.STRAIGHT_FLUSH, (top,)
        if flush:
            return Category.FLUSH, by_weight
        if straight:
            return Category.STRAIGHT, (top,)
        return Category.HIGH_CARD, by_weight
    if flush:
        raise ValueError("a flush needs five cards of different ranks")
    if shape[0] == 4:
        return Category.FOUR_OF_A_KIND, by_weight
    if shape[:2] == (3, 2):
        return Category.FULL_HOUSE, by_weight
    if shape[0] == 3:
        return Category.THREE_OF_A_KIND, by_weight
    if shape[:2] == (2, 2):
        return Category.TWO_PAIR, by_weight
    if shape and shape[0] == 2:
        return Category.PAIR, by_weight
    return Category.HIGH_CARD, by_weight


# -- lookup tables --------------------------------------------------------------
# A card's code is (5 ** r) << 6 | suit bit, r = 0 (two) .. 12 (ace), suit bit 1, 2, 4 or 8.
# The sum of five codes, shifted right by 6, is the sum of the 5 ** r: it names the
# multiset of ranks (no rank appears five times, so base 5 never carries), and the
# suit bits (at most 5 * 8 = 40 < 64) never reach it.  The AND of five codes keeps
# a suit bit only when all five share that suit.
CODE_SHIFT = 6
"""How far a card code's rank part is shifted left, above its four suit bits."""
SUIT_BIT = {Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 4, Suit.SPADES: 8}
"""Each suit's bit in a card code."""
RANK_KEY: tuple[int, ...] = tuple(int(5**r) for r in range(13))
"""Each rank's key, 5 ** r, from the two (index 0) to the ace (index 12): the sum of five
cards' keys names the multiset of their ranks."""


_Class = tuple[Category, tuple[int, ...]]


def _classes_in_order() -> list[tuple[_Class, tuple[int, ...]]]:
    """Every five-card hand class, weakest first, with the five values that make it.

    Each category's classes are listed straight from its definition (the rank
    patterns of :func:`classify`), then sorted by their ranks.
    """
    values = range(14, 1, -1)
    tops = range(14, 4, -1)
    run = {t: ((14, 5, 4, 3, 2) if t == 5 else tuple(range(t, t - 5, -1))) for t in tops}
    runs = set(run.values())
    distinct = [v for v in combinations(values, 5) if v not in runs]
    out: list[tuple[_Class, tuple[int, ...]]] = []

    def add(category: Category, items: Iterable[tuple[tuple[int, ...], tuple[int, ...]]]) -> None:
        out.extend(sorted(((category, ranks), five) for ranks, five in items))

    add(Category.HIGH_CARD, ((v, v) for v in distinct))
    add(Category.PAIR, (((p, *k), (p, p, *k)) for p in values
                        for k in combinations([v for v in values if v != p], 3)))
    add(Category.TWO_PAIR, (((h, lo, k), (h, h, lo, lo, k)) for h, lo in combinations(values, 2)
                            for k in values if k not in (h, lo)))
    add(Category.THREE_OF_A_KIND, (((t, *k), (t, t, t, *k)) for t in values
                                   for k in combinations([v for v in values if v != t], 2)))
    add(Category.STRAIGHT, (((t,), run[t]) for t in tops))
    add(Category.FLUSH, ((v, v) for v in distinct))
    add(Category.FULL_HOUSE, (((t, p), (t, t, t, p, p)) for t in values for p in values if p != t))
    add(Category.FOUR_OF_A_KIND, (((q, k), (q, q, q, q, k)) for q in values for k in values
                                  if k != q))
    add(Category.STRAIGHT_FLUSH, (((t,), run[t]) for t in tops))
    return out


def _build_tables() -> tuple[dict[int, int], dict[int, int], tuple[_Class, ...]]:
    """The two lookup tables (rank key -> strength, for flushes and for the rest) and
    the class of each strength; strength 0 is the empty hand."""
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    table: list[_Class] = [(Category.HIGH_CARD, ())]
    suited = (Category.FLUSH, Category.STRAIGHT_FLUSH)
    for strength, (cls, five) in enumerate(_classes_in_order(), start=1):
        key = sum(RANK_KEY[v - 2] for v in five)
        (flush if cls[0] in suited else plain)[key] = strength
        table.append(cls)
    return plain, flush, tuple(table)


PLAIN_TABLE, FLUSH_TABLE, CLASSES = _build_tables()
"""The five-card tables: ``PLAIN_TABLE`` maps the rank key of five cards not all of one
suit to their strength, ``FLUSH_TABLE`` that of five cards of one suit; ``CLASSES[s]`` is
the category and ranks of strength ``s`` (``CLASSES[0]`` is the empty hand)."""
STRENGTH_OF = {cr: s for s, cr in enumerate(CLASSES) if s}
"""The strength of each (category, ranks) of five cards: the inverse of ``CLASSES``."""

STRENGTHS = len(CLASSES) - 1
"""The number of distinct five-card hand strengths, 7462 (computed from the tables)."""


def card_code(card: Card) -> int:
    """A card as the small integer the fast evaluator reads.

    >>> card_code(parse_card("2C")), card_code(parse_card("3S"))
    (65, 328)
    """
    return (RANK_KEY[poker_value(card.rank) - 2] << CODE_SHIFT) | SUIT_BIT[card.suit]


def evaluate_codes(codes: Sequence[int]) -> int:
    """The strength of five card codes: 1 (7-5-4-3-2) to 7462 (royal flush).

    >>> evaluate_codes([card_code(c) for c in parse_cards("AS KS QS JS 10S")])
    7462
    """
    a, b, c, d, e = codes
    if a & b & c & d & e & 15:
        return FLUSH_TABLE[(a + b + c + d + e) >> CODE_SHIFT]
    return PLAIN_TABLE[(a + b + c + d + e) >> CODE_SHIFT]


def strength_class(strength: int) -> tuple[Category, tuple[int, ...]]:
    """The category and ranks of a strength from :func:`evaluate5`.

    >>> strength_class(1)
    (<Category.HIGH_CARD: 'high card'>, (7, 5, 4, 3, 2))
    >>> strength_class(7462)
    (<Category.STRAIGHT_FLUSH: 'straight flush'>, (14,))
    """
    if isinstance(strength, bool) or not isinstance(strength, int) or not 1 <= strength <= STRENGTHS:
        raise ValueError(f"a strength is a whole number from 1 to {STRENGTHS}, got {strength!r}")
    return CLASSES[strength]



# card codes from the rank and suit members' ids (enum members are singletons, and an int
# key hashes in C, where hashing a Card or an enum member runs Python code)
_RANK_PART: dict[int, int] = {id(r): RANK_KEY[poker_value(r) - 2] << CODE_SHIFT for r in Rank}
_SUIT_PART: dict[int, int] = {id(s): bit for s, bit in SUIT_BIT.items()}
VALUE_OF_KEY: dict[int, int] = {k: r + 2 for r, k in enumerate(RANK_KEY)}
"""The poker value (2 to 14) of a rank key of :data:`RANK_KEY`."""


def _as_card(item: object) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return parse_card(item)
    raise NotCardsError(item, f"{item!r} is not a card; give Card objects or text such as "
                              "'AS KD 10H'")


def check_cards(cards: Iterable[Card | str] | str, low: int,
                high: int) -> tuple[tuple[Card, ...], list[int]]:
    """The cards, checked (``low`` to ``high`` of them, no card twice), and their codes:
    Card objects or card text; anything else is a :class:`~cardrules.cards.NotCardsError`,
    a wrong count or a card twice a ``ValueError`` saying so.

    >>> check_cards("AS KD", 2, 5)
    ((Card('A♠'), Card('K♦')), [15625000008, 3125000002])
    >>> check_cards("AS AS", 2, 5)
    Traceback (most recent call last):
    ...
    ValueError: the card A♠ appears twice; each card of the deck can be held only once
    """
    if isinstance(cards, str):
        out = parse_cards(cards)
    elif isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise NotCardsError(cards, f"{cards!r} is not a list of cards; give Card objects "
                                   "or text such as 'AS KD 10H'")
    else:
        out = tuple(c if type(c) is Card else _as_card(c) for c in cards)
    if not low <= len(out) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"a poker hand is made from {wanted} cards, got {len(out)}"
                         + (f": {cards_text(out)}" if out else ""))
    rank_part, suit_part = _RANK_PART, _SUIT_PART
    codes = [rank_part[id(c.rank)] | suit_part[id(c.suit)] for c in out]
    if len(set(codes)) < len(codes):
        twice = next(c for i, c in enumerate(out) if c in out[:i])
        raise ValueError(f"the card {twice} appears twice; each card of the deck can be held "
                         "only once")
    return out, codes


