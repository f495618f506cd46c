"""Poker hands: the ranking, the best hand from 5 to 9 cards, and a fast evaluator.

For the book (the hand-ranking primer in the Palace Poker chapter)
-------------------------------------------------------------------
- Rules to show in ``{rule}`` directives: ``poker.rank`` (the ranking),
  ``poker.best-five`` (best five of 5 to 9 cards), ``poker.excluded-suit`` (cards
  of one suit do not count) and ``poker.fewer-than-five`` (the short hand; it has a
  house reading).
- ``best_hand("AS KD 5C 5H KC")`` gives a :class:`Hand`; ``str(hand)`` or
  ``hand.name`` is its name, ``hand.category`` its :class:`Category`,
  ``hand.cards`` the cards used, best first (draw them with ``show_cards``).
  Hands compare with ``<``, ``==``, ``max``; suits never break a tie.
- ``category_counts()`` gives the number of five-card hands of each category (out
  of 2,598,960), ``distinct_strengths()`` the number of different strengths in each
  (7,462 in all); both are computed by evaluating every hand (about a second,
  then cached).  ``ranking_table()`` gives the primer's table in one call: for each
  category, highest first, a ``RankingRow`` with ``.category``, ``.example`` (a
  ``Hand``: ``.example.cards`` to draw, ``.example.name``), ``.ways``,
  ``.probability`` and ``.strengths``; feed it to ``html_table``.
- Numbers worth quoting, all from the engine: 2,598,960 hands, 7,462 strengths,
  the wheel (A-2-3-4-5, "straight, five high") is the lowest straight, and the
  steel wheel (the same in one suit) the lowest straight flush.
- Reading to show as a note (from ``poker.fewer-than-five``): a hand of fewer than
  five counting cards makes no straight or flush, and a missing kicker counts below
  a two (K-K-A-9 loses to K-K-A-9-2, beats K-K-A-8-7); no card left is the empty
  hand, ``"no cards"``, which loses to everything.
- Quizzes (``quizzes/generators/poker.py``, default profile ``poker``):
  ``"poker.rank.name"`` (name this hand), ``"poker.rank.which-wins"``,
  ``"poker.rank.categories"``, ``"poker.best-five.pick"``, ``"poker.best-five.name"``,
  ``"poker.excluded-suit.best"``, ``"poker.fewer-than-five.which-wins"``.

The ranking, highest first: straight flush, four of a kind, full house, flush,
straight, three of a kind, two pair, pair, high card.  Aces are high, and also
low in the wheel A-2-3-4-5, the lowest straight:

>>> h = best_hand("KS KD 5C 5H AC")
>>> h.category, str(h)
(<Category.TWO_PAIR: 'two pair'>, 'two pair, kings and fives, ace kicker')
>>> best_hand("AS 2D 3C 4H 5S").name
'straight, five high'
>>> best_hand("AS 2D 3C 4H 5S") < best_hand("2S 3D 4C 5H 6S")
True

From more cards, the best five count; with ``exclude_suit`` the cards of that
suit do not count, and fewer than five cards left make a shorter hand:

>>> best_hand("7S 7D 7C 2H 2S 9D 4C").name
'full house, sevens full of twos'
>>> best_hand("7S 7D 7C 2H 2S 9D 4C", exclude_suit=Suit.SPADES).name
'pair, sevens, nine, four and two kickers'
>>> best_hand("KS KH 9D 3C AH 2H 8H", exclude_suit="hearts").name
'high card, king, nine and three'

Suits never rank: equal hands tie.

>>> best_hand("AS KS 9D 7C 4H") == best_hand("AD KH 9C 7S 4D")
True

The fast path works on small integers (:func:`card_code`) and two lookup tables
built at import; :func:`evaluate5` maps five cards to a strength from 1 (7-5-4-3-2)
to 7462 (a royal flush).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from itertools import combinations, islice

from .cards import Card, Rank, Suit, cards_text, parse_card, parse_cards, standard_deck
from .catalog import Rule
from .profiles import Profile, register_profile

SEED = "seeds/001_94e9fc480a223ef9.txt"

RULES = (
    Rule("poker.rank", "poker", "The poker hand ranking",
         "From highest to lowest: straight flush, four of a kind, full house, flush, straight, "
         "three of a kind, two pair, pair, high card. A higher category always wins. Within a "
         "category, hands compare by the ranks that make them (the set, then the pair, the "
         "highest card of a straight or flush), then by the kickers, highest first. Aces are "
         "high, but A-2-3-4-5 (the wheel) is a straight five high, the lowest straight; a "
         "straight flush ace high is a royal flush. Suits never rank: hands with the same "
         "ranks tie.",
         f"RULES.md §5 ('Poker hand ranking as usual'); {SEED}, 'Poker El Sıralaması'"),
    Rule("poker.best-five", "poker", "The best five cards",
         "A player holding more than five cards (up to nine here) plays the best five-card hand "
         "that can be made from them; the other cards do not count at all, not even as kickers.",
         f"RULES.md §5 ('best five cards'); {SEED}, 'Arayın' ('en iyi 5 kartlı elini')"),
    Rule("poker.excluded-suit", "poker", "A suit that does not count",
         "When a suit is excluded (in Palace Poker, the opponent's banner suit), the cards of "
         "that suit do not count: the best hand is made from the other cards only.",
         f"RULES.md §5 [palace.battle.call]; {SEED}, 'Arayın'"),
    Rule("poker.fewer-than-five", "poker", "Fewer than five cards",
         "With fewer than five cards that count, the hand is the best that can be made from "
         "them: four of a kind, three of a kind, two pair, a pair or high cards (a straight or "
         "a flush needs five cards). Such a hand compares with others as usual, a missing "
         "kicker counting lower than any card.",
         f"RULES.md §5 [palace.battle.call] (silent on this case); {SEED}, 'Arayın'",
         house_reading="The seed does not say what happens when excluding the opponent's "
         "banner suit leaves fewer than five cards. This book takes the best hand those cards "
         "make and lets a missing card count below a two: K-K-A-9 loses to K-K-A-9-2 but beats "
         "K-K-A-8-7, and with no card left the hand is empty and loses to every other hand."),
)


@register_profile("poker")
@dataclass(frozen=True)
class PokerRules(Profile):
    """The poker hand ranking has no options; this profile lets quizzes ask about it.

    >>> PokerRules().game
    'poker'
    """


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
_CATS = tuple(Category)

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
_SHIFT = 6
_SUIT_BIT = {Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 4, Suit.SPADES: 8}
_RANK_KEY: tuple[int, ...] = tuple(int(5**r) for r in range(13))  # index 0 is the two


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
        key = sum(_RANK_KEY[v - 2] for v in five)
        (flush if cls[0] in suited else plain)[key] = strength
        table.append(cls)
    return plain, flush, tuple(table)


_PLAIN, _FLUSH, _CLASSES = _build_tables()
_STRENGTH_OF = {cr: s for s, cr in enumerate(_CLASSES) if s}

STRENGTHS = len(_CLASSES) - 1
"""The number of distinct five-card hand strengths, 7462 (computed from the tables)."""


def card_code(card: Card) -> int:
    """A card as the small integer the fast evaluator reads.

    >>> card_code(parse_card("2C")), card_code(parse_card("3S"))
    (65, 328)
    """
    return (_RANK_KEY[poker_value(card.rank) - 2] << _SHIFT) | _SUIT_BIT[card.suit]


def evaluate_codes(codes: Sequence[int]) -> int:
    """The strength of five card codes: 1 (7-5-4-3-2) to 7462 (royal flush).

    >>> evaluate_codes([card_code(c) for c in parse_cards("AS KS QS JS 10S")])
    7462
    """
    a, b, c, d, e = codes
    if a & b & c & d & e & 15:
        return _FLUSH[(a + b + c + d + e) >> _SHIFT]
    return _PLAIN[(a + b + c + d + e) >> _SHIFT]


def evaluate5(cards: Sequence[Card] | str) -> int:
    """The strength of exactly five cards, 1 (7-5-4-3-2 unsuited) to 7462 (royal flush);
    higher is better and equal strengths tie [poker.rank].

    >>> evaluate5("7S 5D 4C 3H 2S"), evaluate5("AH KH QH JH 10H")
    (1, 7462)
    >>> evaluate5("AS 2D 3C 4H 5S") < evaluate5("2S 3D 4C 5H 6S")
    True
    """
    return evaluate_codes(_check_cards(cards, 5, 5)[1])


def strength_class(strength: int) -> tuple[Category, tuple[int, ...]]:
    """The category and ranks of a strength from :func:`evaluate5`.

    >>> strength_class(1)
    (<Category.HIGH_CARD: 'high card'>, (7, 5, 4, 3, 2))
    >>> strength_class(7462)
    (<Category.STRAIGHT_FLUSH: 'straight flush'>, (14,))
    """
    if isinstance(strength, bool) or not isinstance(strength, int) or not 1 <= strength <= STRENGTHS:
        raise ValueError(f"a strength is a whole number from 1 to {STRENGTHS}, got {strength!r}")
    return _CLASSES[strength]


# -- the hand --------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Hand:
    """A poker hand: its category, its ranks in order of weight (ace 14) and the cards used.

    Hands compare by category then ranks; the cards themselves (their suits) never
    matter to ``==``, ``<`` or ``hash``.

    >>> h = best_hand("9C 9D 9H 9S KD")
    >>> h.category.value, h.ranks, h.name
    ('four of a kind', (9, 13), 'four of a kind, nines, king kicker')
    >>> h > best_hand("AS AD AH KS KD"), h.is_complete, h.strength
    (True, True, 7391)
    """

    category: Category
    ranks: tuple[int, ...]
    cards: tuple[Card, ...] = field(compare=False)

    @property
    def name(self) -> str:
        """The hand in words, e.g. ``straight, five high``."""
        return hand_name(self.category, self.ranks)

    @property
    def is_complete(self) -> bool:
        """Whether the hand uses five cards."""
        return len(self.cards) == 5

    @property
    def strength(self) -> int | None:
        """The five-card strength (1 to 7462), or None for a hand of fewer cards."""
        if not self.is_complete:
            return None
        return _STRENGTH_OF[(self.category, self.ranks)]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        shown = cards_text(self.cards) if self.cards else "no cards"
        return f"Hand({shown}: {self.name})"


EMPTY_HAND = Hand(Category.HIGH_CARD, (), ())
"""The hand of no cards: it loses to every other hand [poker.fewer-than-five]."""


# card codes from the rank and suit members' ids (enum members are singletons, and an int
# key hashes in C, where hashing a Card or an enum member runs Python code)
_RANK_PART: dict[int, int] = {id(r): _RANK_KEY[poker_value(r) - 2] << _SHIFT for r in Rank}
_SUIT_PART: dict[int, int] = {id(s): bit for s, bit in _SUIT_BIT.items()}
_VALUE_OF_KEY: dict[int, int] = {k: r + 2 for r, k in enumerate(_RANK_KEY)}
_WHEEL_ORDER = {5: 0, 4: 1, 3: 2, 2: 3, ACE_HIGH: 4}


def _display_order(cards: Sequence[Card], codes: Sequence[int], category: Category,
                   ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards best first: the sets by size then rank, the wheel as 5-4-3-2-A."""
    values = [_VALUE_OF_KEY[code >> _SHIFT] for code in codes]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ranks[0] == 5:
        keyed = [(-_WHEEL_ORDER[v], -i) for i, v in enumerate(values)]
    elif len(set(values)) == len(values):
        keyed = [(v, -i) for i, v in enumerate(values)]
    else:
        keyed = [(values.count(v) * 16 + v, -i) for i, v in enumerate(values)]
    keyed.sort(reverse=True)
    return tuple(cards[-minus_i] for _, minus_i in keyed)


def _make_hand(cards: Sequence[Card], codes: Sequence[int]) -> Hand:
    if not codes:
        return EMPTY_HAND
    if len(codes) == 5:
        category, ranks = _CLASSES[evaluate_codes(codes)]
    else:
        category, ranks = classify([_VALUE_OF_KEY[code >> _SHIFT] for code in codes])
    return Hand(category, ranks, _display_order(cards, codes, category, ranks))


def hand_of(cards: Iterable[Card | str] | str) -> Hand:
    """The hand made by exactly these cards (zero to five of them), all counting.

    >>> hand_of(parse_cards("5H 5S 9C"))
    Hand(5♥ 5♠ 9♣: pair, fives, nine kicker)
    >>> hand_of(())
    Hand(no cards: no cards)
    """
    return _make_hand(*_check_cards(cards, 0, 5))


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


def _as_card(item: object) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return parse_card(item)
    raise ValueError(f"{item!r} is not a card; give Card objects or text such as 'AS KD 10H'")


def _check_cards(cards: Iterable[Card | str] | str, low: int,
                 high: int) -> tuple[tuple[Card, ...], list[int]]:
    """The cards, checked (how many, no card twice), and their codes."""
    if isinstance(cards, str):
        out = parse_cards(cards)
    else:
        try:
            out = tuple(c if type(c) is Card else _as_card(c) for c in cards)
        except TypeError:
            raise ValueError(f"{cards!r} is not a list of cards; give Card objects or text "
                             "such as 'AS KD 10H'") from None
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
    """
    held, codes = _check_cards(cards, 5, 9)
    suit = _as_suit(exclude_suit)
    if suit is not None:
        bit = _SUIT_BIT[suit]
        keep = [i for i, code in enumerate(codes) if not code & bit]
        if len(keep) < len(codes):
            held = tuple(held[i] for i in keep)
            codes = [codes[i] for i in keep]
    n = len(codes)
    if n <= 5:
        return _make_hand(held, codes)
    strengths = list(map(evaluate_codes, combinations(codes, 5)))
    best = max(strengths)
    pick = next(islice(combinations(range(n), 5), strengths.index(best), None))
    category, ranks = _CLASSES[best]
    return Hand(category, ranks, _display_order([held[i] for i in pick],
                                                [codes[i] for i in pick], category, ranks))


# -- every five-card hand -------------------------------------------------------
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
    deck = standard_deck() if cards is None else _check_cards(cards, 0, 52)[0]
    by_suit = sorted(deck, key=lambda c: (_SUIT_BIT[c.suit], poker_value(c.rank)))
    keys = [_RANK_KEY[poker_value(c.rank) - 2] for c in by_suit]
    suits = [_SUIT_BIT[c.suit] for c in by_suit]
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
    plain, flush = _PLAIN.__getitem__, _FLUSH.__getitem__
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
    out = {c: 0 for c in reversed(_CATS)}
    for strength, n in _histogram_52().items():
        out[_CLASSES[strength][0]] += n
    return out


def distinct_strengths() -> dict[Category, int]:
    """The number of different strengths in each category (7,462 in all), highest first,
    counted from the evaluation of every five-card hand.

    >>> d = distinct_strengths()
    >>> d[Category.STRAIGHT], d[Category.FLUSH], sum(d.values())
    (10, 1277, 7462)
    """
    out = {c: 0 for c in reversed(_CATS)}
    for strength in _histogram_52():
        out[_CLASSES[strength][0]] += 1
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
    for category in reversed(_CATS):
        example = best_hand(EXAMPLES[category])
        if example.category is not category:
            raise AssertionError(f"the example {EXAMPLES[category]} is not a {category.value}")
        rows.append(RankingRow(category, example, counts[category], strengths[category]))
    return tuple(rows)
