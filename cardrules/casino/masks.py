"""Table arithmetic for the fast path: subsets, sets and builds over card values.

Everything here works on the values of the table's cards, in card order, and answers with
bit masks over their positions; it knows nothing of cards, seats or states beyond Royal
Casino's aces.  Each function is a pure function of the values it is given, and its
answers are memoised by those values (per prefix of the table, and per hand): the memo
never holds a state or a play, only ints and bytes, and it never changes an answer.  The
engine turns a mask into the table's own cards only when a play is read (:func:`getter`).

>>> vals = (1, 2, 5, 6, 7, 8)            # the classic table A, 2, 5, 6, 7, 8
>>> [bits(m) for m in capture_masks(SMALL, count_code(vals), vals, 8, False)]
[(0, 1, 2), (0, 4), (1, 3), (5,), (1, 3, 5), (0, 1, 3, 4), (0, 4, 5), (0, 1, 3, 4, 5), (0, 1, 2, 5)]

The memos hold only ints and tuples of ints where they can, which the garbage collector
soon stops tracking, and are no bigger than they need be: the collector walks every
entry of a cache each time it examines the whole heap.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, TypeVar

T = TypeVar("T")

# -- subsets and sets of a value, over sorted table values -----------------------------------
def subsets_exact(vals: Sequence[int], target: int) -> tuple[int, ...]:
    """Bit masks of the non-empty subsets of ``vals`` (ascending) adding up to ``target``,
    ascending (the search stops at ``target``).

    >>> subsets_exact((1, 2, 3), 3), subsets_exact((1, 2, 3), 7)
    ((3, 4), ())
    """
    out: list[int] = []
    n = len(vals)
    stack = [(0, 0, 0)]
    while stack:
        i, total, mask = stack.pop()
        for j in range(i, n):
            ns = total + vals[j]
            if ns > target:
                break
            nm = mask | (1 << j)
            if ns == target:
                out.append(nm)
            else:
                stack.append((j + 1, ns, nm))
    out.sort()
    return tuple(out)


def _with_aces(found: tuple[int, ...], vals: tuple[int, ...], target: int, royal: bool
               ) -> tuple[int, ...]:
    """The sets of ``target`` with, in Royal Casino and for 14, each ace alone."""
    if royal and target == 14:
        found = found + tuple(1 << i for i, v in enumerate(vals) if v == 1)
    return found


def _union_masks(found: tuple[int, ...]) -> list[int]:
    """Every union of disjoint sets among ``found`` (0, the empty union, first), in a
    fixed order: the order the engine lists captures in.  Each grouping is built with its
    sets in the order of their lowest card, so from a set only the sets starting on a
    higher card are tried next; a union is kept where it is first found."""
    if not found:
        return [0]
    found = tuple(sorted(found, key=_LOW.__getitem__ if max(found) < len(_LOW) else _low))
    lows = [p & -p for p in found]
    n = len(found)
    after = [n] * n
    for k in range(n - 2, -1, -1):
        after[k] = k + 1 if lows[k + 1] > lows[k] else after[k + 1]
    res: dict[int, None] = {0: None}
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[int, int]] = [(0, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        mask, start = pop()
        for k in range(start, n):
            p = found[k]
            if p & mask:
                continue
            nm = mask | p
            res[nm] = None  # kept where first found: a dict keeps its first order
            nxt = after[k]
            if nxt < n and (nm, nxt) not in seen:
                seen.add((nm, nxt))
                push((nm, nxt))
    return list(res)


def _low(mask: int) -> int:
    return mask & -mask


_LOW = [_low(m) for m in range(1 << 13)]  # the lowest bit of each small mask
BITS: list[tuple[int, ...]] = [tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13)]


def bits(mask: int) -> tuple[int, ...]:
    """The positions of the set bits of ``mask``, lowest first (a table for small masks).

    >>> bits(0b10110)
    (1, 2, 4)
    """
    if mask < len(BITS):
        return BITS[mask]
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


GETTERS: dict[int, Callable[[tuple[T, ...]], tuple[T, ...]]] = {}


def getter(mask: int) -> Callable[[tuple[T, ...]], tuple[T, ...]]:
    """A function taking the items of a tuple at the set bits of ``mask``, as a tuple (made
    once per mask and kept in :data:`GETTERS`).

    >>> getter(0b10110)(("a", "b", "c", "d", "e")), getter(0b100)(("a", "b", "c"))
    (('b', 'c', 'e'), ('c',))
    """
    got = GETTERS.get(mask)
    if got is None:
        at = bits(mask)
        if not at:
            got = _none
        elif len(at) == 1:
            got = itemgetter(slice(at[0], at[0] + 1))
        else:
            got = itemgetter(*at)
        GETTERS[mask] = got
    return got


def _none(items: tuple[T, ...]) -> tuple[T, ...]:
    return ()


# -- the masks of every capture, build and increase, by value ---------------------------------
# Only the cards of at most v take part in a set of v, and they are the first cards of the
# table (in card order): so what a card of v captures or builds is worked out once for that
# prefix of the table, which many tables share, and its masks hold for the whole table.
# A prefix is named by the table's *count code*: the number of cards of each value, three
# bits a value (ace lowest), cut down to the values up to v by PREFIX[v].
#
# The answers are kept in two flat dicts keyed by ints: SMALL for tables of up to eight
# cards with a value, whose masks fit in a byte and are kept as bytes, and BIG for larger
# tables, kept as tuples.  Ints and bytes are invisible to the garbage collector, which
# never walks SMALL; lookups are one dict access.  A key is
#     count code of the prefix << 10 | kind << 1 | royal
# with the kinds: v, the captures of v without a build; _UNIONS + v, every union of sets
# of v (none first); _SUBSETS + t, the subsets adding up to t; _INCREASE + nv, the cards
# that may join a build increased to nv; build_key(cv, bv, exists), the builds of bv.
PREFIX = [(1 << 3 * min(v, 13)) - 1 for v in range(15)]
Masks = Sequence[int]  # bytes or a tuple of ints
SMALL: dict[int, bytes] = {}
BIG: dict[int, tuple[int, ...]] = {}
_CACHE_SIZE = 1 << 18  # entries, each about 100 bytes; a full cache starts again
_UNIONS = 16
_SUBSETS = 32
_INCREASE = 48
_BUILD = 64


#: what one card of each value adds to a count code (0 for none)
TALLY_BIT = (0, *(1 << 3 * (v - 1) for v in range(1, 15)))


def count_code(vals: Sequence[int]) -> int:
    """The count code of a table's values: three bits for the number of cards of each
    value, the ace's lowest.

    >>> count_code((1, 5, 5)), count_code((1, 5, 5)) & PREFIX[4]
    (8193, 1)
    """
    return sum(1 << 3 * (v - 1) for v in vals)


def cache_for(vals: Sequence[int]) -> dict[int, Any]:
    """SMALL for a table of up to eight cards with a value, else BIG.

    >>> cache_for((1, 2)) is SMALL, cache_for(range(1, 10)) is BIG
    (True, True)
    """
    return SMALL if len(vals) <= 8 else BIG


def _keep(cache: dict[int, Any], key: int, masks: Iterable[int]) -> Masks:
    got: Masks = bytes(masks) if cache is SMALL else tuple(masks)
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = got
    return got


def _prefix(vals: tuple[int, ...], v: int) -> tuple[int, ...]:
    """The values of the table cards that can be in a set of ``v`` (all, for 13 and 14)."""
    return vals if v >= 13 else vals[:bisect_right(vals, v)]


def unions_of(cache: dict[int, Any], code: int, vals: tuple[int, ...], v: int, royal: bool
              ) -> Masks:
    """Every union of disjoint sets of ``v`` (the empty one first), in listing order: the
    loose cards that may go with the build of ``v`` when it is captured.

    >>> vals = (2, 3, 5, 9)
    >>> list(unions_of(SMALL, count_code(vals), vals, 5, False))
    [0, 3, 4, 7]
    """
    key = (code & PREFIX[v]) << 10 | (_UNIONS + v) << 1 | royal
    got = cache.get(key)
    if got is None:
        part = _prefix(vals, v)
        if not has_sum(part, v) and not (royal and v == 14 and 1 in part):
            got = _keep(cache, key, (0,))  # no set of v: only the empty union
        else:
            got = _keep(cache, key, _union_masks(_with_aces(subsets_exact(part, v), part, v,
                                                            royal)))
    return got


def has_sum(vals: Sequence[int], target: int) -> bool:
    """Whether some of ``vals`` add up to ``target`` (worked out on the sums, without
    listing the subsets).

    >>> has_sum((2, 3, 9), 5), has_sum((2, 3, 9), 6)
    (True, False)
    """
    sums = 1
    for v in vals:
        sums |= sums << v
    return bool(sums >> target & 1)


def capture_masks(cache: dict[int, Any], code: int, vals: tuple[int, ...], v: int,
                  royal: bool) -> Masks:
    """The loose cards a card of ``v`` captures without a build, in listing order: every
    non-empty union of sets of ``v``; for an ace as 14, only those not taken as 1.

    >>> list(capture_masks(SMALL, count_code((1, 13)), (1, 13), 14, True))
    [3]
    """
    key = (code & PREFIX[v]) << 10 | v << 1 | royal
    got = cache.get(key)
    if got is None:
        u = unions_of(cache, code, vals, v, royal)
        if v == 14 and royal:
            as_one = set(unions_of(cache, code, vals, 1, royal))
            got = _keep(cache, key, [m for m in u if m and m not in as_one])
        else:
            got = _keep(cache, key, u[1:])  # every union but the empty one, which comes first
    return got


def build_key(cv: int, bv: int, exists: bool) -> int:
    """The kind of the builds of ``bv`` made with a card of ``cv``.

    >>> build_key(3, 8, True)
    177
    """
    return _BUILD + ((cv << 4 | bv) << 1 | exists)


def build_masks(cache: dict[int, Any], code: int, vals: tuple[int, ...], cv: int, bv: int,
                exists: bool, royal: bool) -> Masks:
    """The loose cards a card of ``cv`` builds ``bv`` with (new builds, or additions when a
    build of ``bv`` ``exists``), in listing order.  A card of ``bv`` is a set on its own,
    with any union of sets of ``bv`` (at least one table card unless the build exists), in
    the order of :func:`unions_of`; a lower card needs a subset making ``bv`` with it, and
    any union of sets of ``bv`` besides, in ascending order of mask.

    >>> vals = (1, 2, 3, 9)
    >>> [bits(m) for m in build_masks(SMALL, count_code(vals), vals, 3, 3, False, False)]
    [(0, 1), (2,), (0, 1, 2)]
    >>> [bits(m) for m in build_masks(SMALL, count_code(vals), vals, 2, 5, False, False)]
    [(0, 1), (2,)]
    """
    key = (code & PREFIX[bv]) << 10 | build_key(cv, bv, exists) << 1 | royal
    got = cache.get(key)
    if got is None:
        alone = bv == cv or (royal and cv == 1 and bv == 14)
        if alone and bv <= cv:
            u = unions_of(cache, code, vals, bv, royal)
            got = _keep(cache, key, u if exists else u[1:])
        else:
            t = bv - cv
            skey = (code & PREFIX[t]) << 10 | (_SUBSETS + t) << 1 | royal
            lower = cache.get(skey)  # the sets the card completes
            if lower is None:
                part = _prefix(vals, t)
                lower = _keep(cache, skey, subsets_exact(part, t) if has_sum(part, t) else ())
            if not lower and not alone:  # nothing on the table makes bv with the card
                return _keep(cache, key, ())
            u = unions_of(cache, code, vals, bv, royal)
            if len(u) == 1:  # no set of bv on the table: the card's sets alone
                got = _keep(cache, key, (0, *lower) if alone and exists else lower)
            else:
                found = {s0 | m for s0 in lower for m in u if not m & s0}
                if alone:
                    found.update(u if exists else u[1:])
                got = _keep(cache, key, sorted(found))
    return got


def increase_masks(cache: dict[int, Any], code: int, vals: tuple[int, ...], nv: int,
                   royal: bool) -> Masks:
    """The loose cards that may join a build increased to ``nv``: any choice of the cards
    worth ``nv`` on their own (in Royal Casino aces, for 14), by binary counting.

    >>> list(increase_masks(SMALL, count_code((2, 9, 9)), (2, 9, 9), 9, False))
    [0, 2, 4, 6]
    """
    key = (code & PREFIX[nv]) << 10 | (_INCREASE + nv) << 1 | royal
    got = cache.get(key)
    if got is None:
        cand = [i for i, x in enumerate(vals) if x == nv or (royal and nv == 14 and x == 1)]
        got = _keep(cache, key, [sum(1 << cand[i] for i in bits(k))
                                 for k in range(1 << len(cand))])
    return got


# -- per-hand plans -----------------------------------------------------------------------------
# For each card: its value, the values it captures as (with the kind << 1 | royal of their
# key, the table sums it needs and PREFIX[v] << 10), the builds it may make (value, key
# part of a new build, of an addition, the table sums a new one needs, PREFIX[v] << 10),
# the values
# the rest of the hand holds as a bit mask, and the values of the rest of the hand.
CardPlan = tuple[int, tuple[tuple[int, int, int, int], ...],
                 tuple[tuple[int, int, int, int, int], ...], int, tuple[int, ...], int]
#: the sums a new capture or build of a card needs on the table (bits of
#: :attr:`~cardrules.casino.fast.FastTable.sums`): any, where an ace may stand alone as 14
ANY_SUM = (1 << 15) - 1
HandPlan = tuple[CardPlan, ...]
HANDS: dict[tuple[tuple[int, ...], bool], HandPlan] = {}


def hand_plan(hand_vals: tuple[int, ...], royal: bool) -> HandPlan:
    """For each card of a hand (by values, 0 for a face card in the base game): its value,
    the values it captures as (with the low bits of their keys, the table sums a capture
    needs and the value's :data:`PREFIX` shifted as in a key), the builds it may make
    ``(value, key bits of a new build, key bits of an addition, the table sums a new build
    needs, the shifted prefix)``, the values the rest of
    the hand holds as a bit mask (an ace in Royal Casino holds 1 and 14), the values of the
    rest of the hand, and the table sums any of its captures and new builds needs.

    A card builds a value the rest of the hand holds, no higher than 10 (14 in Royal
    Casino), and not below its own value unless it is that value on its own.

    >>> plan = hand_plan((3, 3, 6), False)
    >>> [(p[0], [c[0] for c in p[1]], [b[0] for b in p[2]]) for p in plan]
    [(3, [3], [3, 6]), (3, [3], [3, 6]), (6, [6], [])]
    >>> [b[0] for b in hand_plan((1, 9), True)[0][2]], bits(hand_plan((1, 9), True)[1][3])
    ([9], (1, 14))
    """
    got = HANDS.get((hand_vals, royal))
    if got is None:
        # cards of one value have one plan, and a hand's plans are those of its values in
        # its order: worked out once for each multiset of values
        by_value = _plans_by_value(tuple(sorted(hand_vals)), royal)
        got = tuple(map(by_value.__getitem__, hand_vals))
        if len(HANDS) >= 1 << 16:
            HANDS.clear()
        HANDS[(hand_vals, royal)] = got
    return got


@lru_cache(maxsize=1 << 13)
def _plans_by_value(ordered: tuple[int, ...], royal: bool) -> dict[int, CardPlan]:
    """The plan of a card of each value of a hand of these values (ascending)."""
    out = {}
    for i, cv in enumerate(ordered):
        if cv not in out:
            out[cv] = _card_plan(cv, ordered[:i] + ordered[i + 1:], royal)
    return out


@lru_cache(maxsize=1 << 13)
def _card_plan(cv: int, rest: tuple[int, ...], royal: bool) -> CardPlan:
    maxv = 14 if royal else 10
    held = {x for x in rest if x}
    if royal and 1 in held:
        held.add(14)
    caps = ((1, 1 << 1 | royal, 1 << 1, PREFIX[1] << 10),
            (14, 14 << 1 | royal, ANY_SUM, PREFIX[14] << 10)) if royal and cv == 1 else (
        (cv, cv << 1 | royal, 1 << cv, PREFIX[cv] << 10),)
    builds = []
    for bv in sorted(held):
        if bv > maxv:
            continue
        alone = bv == cv or (royal and cv == 1 and bv == 14)
        if bv < cv and not alone:
            continue
        # a new build needs table cards making bv with the card, or sets of bv beside it
        need = 1 << bv if bv == cv else ANY_SUM if alone else 1 << bv - cv
        builds.append((bv, build_key(cv, bv, False) << 1 | royal,
                       build_key(cv, bv, True) << 1 | royal, need, PREFIX[bv] << 10))
    needs = 0
    for c in caps:
        needs |= c[2]
    for b in builds:
        needs |= b[3]
    return (cv, caps, tuple(builds), sum(1 << v for v in held), rest, needs)


def clear_caches() -> None:
    """Empty every memo (for timing the worst case).

    >>> clear_caches()
    """
    _card_plan.cache_clear()
    _plans_by_value.cache_clear()
    SMALL.clear()
    BIG.clear()
    HANDS.clear()
    GETTERS.clear()
