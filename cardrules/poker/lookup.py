"""The strength of 5 to 7 cards in one table lookup: :func:`strength`.

Each card carries a code (``Card._poker``, laid out in :mod:`cardrules.cards`): the
sum of a hand's codes holds, side by side, the ranks held (a base-5 number, one digit
per rank), four suit counters and one bit per card.  From that one sum:

- a card held twice shows as fewer bits than cards (the sum carries);
- a flush shows as a suit counter of five or more: adding 3 to each counter sets its
  top bit (8) exactly then; the flush's ranks, as a 13-bit mask, index the flush table;
- otherwise the ranks alone decide (no flush is possible), and the base-5 number
  indexes the table of rank patterns.

Seven cards hold at most one suit five times, and a flush among at most seven cards
leaves no room for a full house or four of a kind (they need at least five cards of
at most two ranks, so at most two cards of the flush suit among them), so a flush
found is the best hand; the code takes the better of the two all the same.

The two tables are built on first use, from the five-card tables: the best hand of a
rank pattern of six or seven cards is the best of the patterns one card smaller.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from itertools import combinations

from ..cards import Card, cards_text
from .ranking import FLUSH_TABLE, PLAIN_TABLE, check_cards

_KEY = (1 << 32) - 1
"""The ranks held, in the sum of the codes (bits 0-31)."""
_SUITS_UP = 0x3333 << 32
"""3 added to each suit counter: a counter of 5 or more then has its bit 8 set."""
_FLUSH_BITS = 0x8888 << 32
_CARDS = 48
"""The one-bit-per-card part of the sum starts here."""

_PATTERN: dict[int, int] = {}
"""Rank pattern (the base-5 number of 5, 6 or 7 cards) -> the best strength without a
flush; filled by :func:`build_tables` on first use."""
_SUITED: dict[int, int] = {}
"""13-bit mask of the ranks of one suit (5 to 7 of them) -> the best flush or straight
flush; filled by :func:`build_tables` on first use."""
_BIT_OF_RANK = {5**r: 1 << r for r in range(13)}


def strength(cards: Iterable[Card | str] | str) -> int:
    """The strength of the best five of 5 to 7 distinct cards [poker.best-five]: 1
    (7-5-4-3-2) to 7462 (a royal flush); higher is better and equal strengths tie
    [poker.rank].  It is the ``Hand.strength`` of :func:`best_hand` (and the value of
    :func:`evaluate5` on five cards), without building a ``Hand``.

    Give Card objects (a list or a tuple) for speed; card text (``"AS KD 10H 4C 4S"``)
    is read too, more slowly.

    >>> from cardrules.cards import parse_cards
    >>> strength(parse_cards("AS KS QS JS 10S 2D 2C"))
    7462
    >>> strength(parse_cards("7S 5D 4C 3H 2S"))
    1
    >>> (strength(parse_cards("2C 2D 9S 9H KD AC 3S"))
    ...  > strength(parse_cards("2H 2S 8S 8H KC AD QS")))
    True
    >>> strength(parse_cards("AS AD KC"))
    Traceback (most recent call last):
    ...
    ValueError: poker.strength takes 5 to 7 cards, got 3: A♠ A♦ K♣
    """
    hand: Sequence[Card] = cards  # type: ignore[assignment]  # checked below
    try:
        n = len(hand)
        if n == 7:
            a, b, c, d, e, f, g = hand
            s = a._poker + b._poker + c._poker + d._poker + e._poker + f._poker + g._poker
        elif n == 5:
            a, b, c, d, e = hand
            s = a._poker + b._poker + c._poker + d._poker + e._poker
        elif n == 6:
            a, b, c, d, e, f = hand
            s = a._poker + b._poker + c._poker + d._poker + e._poker + f._poker
        else:
            return _strength_checked(cards)
    except (AttributeError, TypeError, ValueError):
        return _strength_checked(cards)
    if (s >> _CARDS).bit_count() != n:
        return _strength_checked(cards)
    if (s + _SUITS_UP) & _FLUSH_BITS:
        return _flush_strength(hand, s)
    try:
        return _PATTERN[s & _KEY]
    except KeyError:
        build_tables()
        return _PATTERN[s & _KEY]


def quick_strength(cards: object) -> int:
    """:func:`strength` of a list or tuple of 5 to 7 distinct Card objects, or 0 for
    anything else (without saying why): the fast path of ``best_hand``.

    >>> from cardrules.cards import parse_cards
    >>> quick_strength(parse_cards("AS KS QS JS 10S")), quick_strength("AS KS QS JS 10S")
    (7462, 0)
    """
    if type(cards) is not tuple and type(cards) is not list:
        return 0
    n = len(cards)
    if not 5 <= n <= 7:
        return 0
    s = 0
    try:
        for c in cards:
            s += c._poker
    except AttributeError:
        return 0
    if (s >> _CARDS).bit_count() != n:
        return 0
    if (s + _SUITS_UP) & _FLUSH_BITS:
        return _flush_strength(cards, s)
    try:
        return _PATTERN[s & _KEY]
    except KeyError:
        build_tables()
        return _PATTERN[s & _KEY]


def checked_cards(cards: Iterable[Card | str] | str, low: int, high: int) -> tuple[Card, ...]:
    """The cards, checked: ``low`` to ``high`` of them, no card twice (a clear error
    otherwise, as :func:`~cardrules.poker.ranking.check_cards` gives).  A list or tuple
    of distinct Card objects passes with one addition per card.

    >>> checked_cards("5H 5S", 0, 5)
    (Card('5♥'), Card('5♠'))
    """
    if type(cards) is tuple or type(cards) is list:
        s = 0
        try:
            for c in cards:
                s += c._poker
        except AttributeError:
            pass
        else:
            n = len(cards)
            if low <= n <= high and (s >> _CARDS).bit_count() == n:
                return tuple(cards)
    return check_cards(cards, low, high)[0]


def _strength_checked(cards: Sequence[Card] | Iterable[Card | str] | str) -> int:
    """The slow path of :func:`strength`: read and check the cards, saying what is wrong."""
    held = check_cards(cards, 0, 52)[0]
    if not 5 <= len(held) <= 7:
        raise ValueError(f"poker.strength takes 5 to 7 cards, got {len(held)}"
                         + (f": {cards_text(held)}" if held else ""))
    return strength(held)


def _flush_strength(cards: Sequence[Card], s: int) -> int:
    """The strength of cards whose code sum ``s`` shows a flush."""
    counter = ((s + _SUITS_UP) & _FLUSH_BITS).bit_length() - 4  # the flush suit's counter
    mask = 0
    for c in cards:
        code = c._poker
        if (code >> counter) & 15:
            mask |= _BIT_OF_RANK[code & _KEY]
    if not _SUITED:
        build_tables()
    return max(_SUITED[mask], _PATTERN[s & _KEY])


def build_tables() -> tuple[int, float]:
    """Build the two tables of :func:`strength` (done on its first use); the number of
    entries and the time taken, in seconds (about 75,000 entries).

    >>> entries, seconds = build_tables()
    >>> entries
    78494
    """
    from time import perf_counter

    start = perf_counter()
    pattern: dict[int, int] = dict(PLAIN_TABLE)
    smaller = PLAIN_TABLE
    digits = [5**r for r in range(13)]
    for _ in (6, 7):
        bigger: dict[int, int] = {}
        get = bigger.get
        for key, best in smaller.items():
            for p in digits:
                if key // p % 5 != 4:  # a fifth card of a rank is not in the deck
                    k = key + p
                    if get(k, 0) < best:
                        bigger[k] = best
        pattern.update(bigger)
        smaller = bigger
    # (the values are the five-card table's own int objects, shared, not copies)
    suited: dict[int, int] = {}
    for size in (5, 6, 7):
        for ranks in combinations(range(13), size):
            mask = sum(1 << r for r in ranks)
            suited[mask] = max(FLUSH_TABLE[sum(digits[r] for r in five)]
                               for five in combinations(ranks, 5))
    _PATTERN.update(pattern)
    _SUITED.update(suited)
    return len(_PATTERN) + len(_SUITED), perf_counter() - start


def table_size() -> int:
    """Roughly how many bytes the tables of :func:`strength` hold (the dicts and their
    keys; the values are the five-card table's strengths, shared), once built.

    >>> 2_000_000 < table_size() < 12_000_000
    True
    """
    if not _PATTERN:
        build_tables()
    size = sys.getsizeof(_PATTERN) + sys.getsizeof(_SUITED)
    size += sum(sys.getsizeof(k) for k in _PATTERN) + sum(sys.getsizeof(k) for k in _SUITED)
    return size
