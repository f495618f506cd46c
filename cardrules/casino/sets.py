"""Sets of a value over the table's card values: how many captures or builds there are, the
n-th of them, each in turn, the best by a weight, and whether given cards split into sets,
all without listing the table's subsets.

A capture (or a build) takes table cards that split into sets each adding up to one value
``v`` [casino.capture.numeral, casino.build.multiple].  Whether cards split depends only on
how many cards of each value they hold, so the engine works on *count vectors*: for each
value ``a``, how many of the table's cards of value ``a`` are taken.

The vectors that split are found value by value, from ``v`` down to the aces, keeping the
set of possible *open deficits*: the sums still missing from sets started and not yet
complete (a card of value ``v`` is a set on its own; a card above ``v`` never joins one).
The numbers of ways are counted by dynamic programming over (value, deficits), so a table
of 36 cards answers at once where listing its captures would not end.

The classic table A, 2, 5, 6, 7, 8 and an 8: the vectors that split into eights, and the
number of captures (each vector's cards; here every value is held once):

>>> s = value_sets(8, counts_of([1, 2, 5, 6, 7, 8], 8))
>>> s.total  # the empty capture, 8, 7A, 62, 52A, 8+7A, 8+62, 8+52A, 7A+62, 8+7A+62
10
>>> splits(8, counts_of([1, 2, 5, 6, 7, 8], 8))
False
>>> splits(8, counts_of([1, 2, 6, 7, 8], 8))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from math import comb
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

Config = tuple[int, ...]  # the open deficits, ascending
Open = tuple[Config, ...]  # the open configurations, sorted: untracked by the collector
OPEN: Open = ((),)  # nothing open yet
Given = Open | frozenset[Config]  # the open configurations as given
Choice = tuple[tuple[int, int], ...]  # (value, how many of its cards), from high to low
_TOP = 13  # the highest value a card has (a king in Royal Casino)


def counts_of(values: Sequence[int], v: int) -> tuple[int, ...]:
    """How many of ``values`` there are of each value 0..min(v, 13), for :func:`value_sets`
    (values above ``v`` are left out: they never join a set of ``v``).

    >>> counts_of([1, 1, 3, 9], 4)
    (0, 2, 0, 1, 0)
    """
    top = min(v, _TOP)
    out = [0] * (top + 1)
    for x in values:
        if 0 < x <= top:
            out[x] += 1
    return tuple(out)


# The total of each set of deficits met so far (the configurations are few and small).
_SUM: dict[Config, int] = {(): 0}


@cache
def _place(cfg: Config, a: int, v: int, ace14: bool) -> tuple[tuple[Config, int], ...]:
    """The deficits after one more card of value ``a``, each with its total: the card
    completes or fills an open set, or starts a new one (alone, when it is worth ``v``; an
    ace may also be a set of 14 on its own when ``ace14``)."""
    out: set[Config] = set()
    prev = -1
    for i, d in enumerate(cfg):
        if d >= a and d != prev:
            prev = d
            nd = d - a
            rest = cfg[:i] + cfg[i + 1:]
            out.add(tuple(sorted((*rest, nd))) if nd else rest)
    if a < v:
        out.add(tuple(sorted((*cfg, v - a))))
    else:
        out.add(cfg)
    if ace14 and a == 1:
        out.add(cfg)
    sums = _SUM
    got = []
    for n in out:
        s = sums.get(n)
        if s is None:
            s = sums[n] = sum(n)
        got.append((n, s))
    return tuple(got)


@cache
def _prune(s: Open) -> Open:
    """The open sets ``s`` without those another of them makes redundant: deficits that
    group exactly into another configuration's deficits (2, 3 into 5) are filled only by
    cards that fill it too, before and after any card is placed, so dropping them changes
    neither the ways nor their number (it halves the states of crowded tables).

    >>> _prune(((1, 4), (2, 2), (2, 3), (5,)))
    ((2, 2), (5,))
    """
    if len(s) < 2:
        return s
    by_sum: dict[int, list[Config]] = {}
    for x in s:
        by_sum.setdefault(sum(x), []).append(x)
    drop = {x for group in by_sum.values() if len(group) > 1 for x in group
            if any(len(y) < len(x) and _refines(x, y) for y in group)}
    return tuple([x for x in s if x not in drop]) if drop else s


@cache
def _refines(x: Config, y: Config) -> bool:
    """Whether the deficits ``x`` group into exactly the deficits ``y``.

    >>> _refines((1, 2, 3), (3, 3)), _refines((2, 2), (1, 3))
    (True, False)
    """
    if not y:
        return not x
    target, rest = y[-1], y[:-1]
    items = list(x)

    def fill(start: int, need: int, used: tuple[int, ...]) -> bool:
        if need == 0:
            left = [d for j, d in enumerate(items) if j not in used]
            return _refines(tuple(left), rest)
        prev = -1
        for j in range(start, len(items)):
            d = items[j]
            if d > need or d == prev:
                continue
            prev = d
            if fill(j + 1, need - d, (*used, j)):
                return True
        return False

    return fill(0, target, ())


# The steps and counts met so far, by (levels from here on, open sets); emptied past _KEEP.
_KIDS: dict[tuple[tuple[int, ...], Open], tuple[tuple[int, Open], ...]] = {}
_COUNTS: dict[tuple[tuple[int, ...], Open], int] = {}
_FEASIBLE: dict[tuple[tuple[int, ...], Open], bool] = {}
_KEEP = 200_000


def _remember(memo: dict[K, V], key: K, value: V) -> None:
    if len(memo) >= _KEEP:
        memo.clear()
    memo[key] = value


def _trim() -> None:
    """Empty each memo of single steps past 65536 entries (the size its lru_cache had: an
    unbounded cache of untracked tuples is walked by no collection, a bounded one is)."""
    for memo in (_place, _prune, _refines, _twos_beside_threes):
        if memo.cache_info().currsize >= 1 << 16:
            memo.cache_clear()


class ValueSets:
    """The count vectors (at most ``counts[a]`` cards of each value ``a``, at least
    ``floor[a]``) that split into sets of ``v`` together with the sets already open in
    ``start`` (deficit tuples; ``((),)`` when nothing is open), with their number of card
    choices.

    The ways are ordered: values from high to low, fewer cards of a value first, and within
    a value the table's cards in order (combinations in lexicographic order).  A way is
    (value, bit mask of that value's cards) for each value the table holds, highest first.

    >>> s = value_sets(6, (0, 0, 0, 2, 0, 0, 1))  # two 3s and a 6 on the table
    >>> s.total, [s.unrank(i) for i in range(s.total)]
    (4, [((6, 0), (3, 0)), ((6, 0), (3, 3)), ((6, 1), (3, 0)), ((6, 1), (3, 3))])
    """

    def __init__(self, v: int, counts: tuple[int, ...], start: Given,
                 ace14: bool = False, floor: tuple[int, ...] | None = None) -> None:
        self.v = v
        self.counts = counts
        self.start: Open = tuple(sorted(set(start)))  # its canonical form
        _trim()
        self.ace14 = ace14
        self.floor = floor or (0,) * len(counts)
        # Only the values the table holds are levels, from the highest down.  What can
        # follow level ``i`` depends only on the levels from ``i`` on (``_tails[i]``), so
        # the counts are kept by tail, for every table that shares it.
        self.levels = tuple(a for a in range(len(counts) - 1, 0, -1) if counts[a])
        tails: list[tuple[int, ...]] = [(v, ace14)]
        for a in reversed(self.levels):
            tails.append((*tails[-1], a, counts[a], self.floor[a]))
        tails.reverse()
        self._tails = tails
        self._plans: dict[int, tuple[list[tuple[int, int, int]], list[tuple[int, ...]],
                                     list[bool]]] = {}
        self._total: int | None = None

    @property
    def total(self) -> int:
        """How many ways there are (counted when first asked: on a crowded table this is
        the costly question, which :meth:`feasible` and :meth:`ways` never ask)."""
        got = self._total
        if got is None:
            got = self._total = self._count(0, self.start)
        return got

    def feasible(self) -> bool:
        """Whether there is a way at all (found without counting the ways)."""
        if self._total is not None:
            return self._total > 0
        return self._feasible(0, self.start)

    def _feasible(self, i: int, s: Open) -> bool:
        if i == len(self.levels):
            return () in s
        key = (self._tails[i], s)
        got = _COUNTS.get(key)
        if got is not None:
            return got > 0
        ok = _FEASIBLE.get(key)
        if ok is None:
            ok = any(self._feasible(i + 1, t) for _, t in self._children(i, s))
            _remember(_FEASIBLE, key, ok)
        return ok

    def _children(self, i: int, s: Open) -> tuple[tuple[int, Open], ...]:
        key = (self._tails[i], s)
        got = _KIDS.get(key)
        if got is not None:
            return got
        tail = self._tails[i]
        a, ma, lo = tail[-3:]
        lim = sum(tail[k] * tail[k + 1] for k in range(2, len(tail) - 3, 3))
        v, ace14 = self.v, self.ace14
        out: list[tuple[int, Open]] = []
        sums = _SUM
        cur: set[Config] | Open = s
        for c in range(ma + 1):
            if c:
                slack = lim + a * (ma - c)
                cur = {n for cfg in cur for n, sn in _place(cfg, a, v, ace14) if sn <= slack}
                if not cur:
                    break
            if c >= lo:
                t = _prune(tuple(sorted([x for x in cur if sums[x] <= lim])) if c else tuple(
                    [x for x in cur if sum(x) <= lim]))  # (cur is s, in order, when c is 0)
                if t:
                    out.append((c, t))
        got = tuple(out)
        _remember(_KIDS, key, got)
        return got

    # Counting takes the values in another order than the ways: a card goes into an open
    # set or starts one whatever the order the cards come in, so any order counts the same
    # ways.  A card above v / 2 (and below v) is the highest card of its set: it leaves a
    # deficit v - a that only cards of at most v - a fill, so it is placed just before
    # those cards rather than at its own level.  The open deficits then stay few, where
    # the whole run of high cards first would make one configuration per choice of them.
    # (Threes and below stay last, for the closed forms.)  A step is (value, cards,
    # floor); the counts are kept by the steps from there on, as the ways by tail.
    def _steps(self, i: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, ...]],
                                      list[bool]]:
        """The counting steps for the levels from ``i`` on, the tail key of each and
        whether only threes, twos and aces are placed from there on."""
        got = self._plans.get(i)
        if got is not None:
            return got
        v = self.v
        counts, floor = self.counts, self.floor

        def late(a: int) -> bool:
            return 2 * a > v and 3 < a < v

        high = sorted(a for a in self.levels[i:] if late(a))  # the largest deficit first
        order: list[int] = []
        for a in self.levels[i:]:
            if late(a):
                continue
            while high and max(v - high[0], 3) >= a:
                order.append(high.pop(0))
            order.append(a)
        order += high
        steps = [(a, counts[a], floor[a]) for a in order]
        tails: list[tuple[int, ...]] = [(v, self.ace14, -1)]  # -1: not a tail of levels
        low = [True]
        for step in reversed(steps):
            tails.append((*tails[-1], *step))
            low.append(low[-1] and step[0] <= 3)
        tails.reverse()
        low.reverse()
        got = self._plans[i] = (steps, tails, low)
        return got

    def _count(self, i: int, s: Open) -> int:
        """The number of ways from level ``i`` on with the sets ``s`` open."""
        if i == len(self.levels):
            return 1 if () in s else 0
        steps, tails, low = self._steps(i)
        return self._count_steps(steps, tails, low, 0, s)

    def _count_steps(self, steps: list[tuple[int, int, int]], tails: list[tuple[int, ...]],
                     low: list[bool], j: int, s: Open) -> int:
        if j == len(steps):
            return 1 if () in s else 0
        key = (tails[j], s)
        got = _COUNTS.get(key)
        if got is None:
            a, ma, lo = steps[j]
            if low[j] and a == 1:  # aces only: they fill any deficits, then make sets
                v = self.v
                need = {sum(cfg) for cfg in s}
                alone = self.ace14  # or stand alone as 14
                got = sum(comb(ma, c) for c in range(lo, ma + 1)
                          if any(c >= d and (alone or (c - d) % v == 0) for d in need))
            elif low[j] and a == 2:
                got = self._twos_and_aces(s)
            elif low[j] and a == 3:
                got = self._threes_twos_and_aces(s)
            else:
                got = 0
                for c, t in self._step_children(tails[j], s):
                    got += comb(ma, c) * self._count_steps(steps, tails, low, j + 1, t)
            _remember(_COUNTS, key, got)
        return got

    def _step_children(self, tail: tuple[int, ...], s: Open) -> tuple[tuple[int, Open], ...]:
        """:meth:`_children` for a counting step, whose tail is ``tail``."""
        key = (tail, s)
        got = _KIDS.get(key)
        if got is not None:
            return got
        a, ma, lo = tail[-3:]
        v, ace14 = self.v, self.ace14
        # What the cards still to place may fill.  A high card placed late fills no deficit
        # but the one the card played leaves (one per configuration, the largest open one
        # at most), and then it is the only high card in that set.
        top = max((max(cfg) for cfg in s if cfg), default=0)
        rest = 0
        late = 0
        one = top < v  # (a deficit of v or more might take two high cards)
        for k in range(3, len(tail) - 3, 3):
            x = tail[k]
            if one and 2 * x > v and 3 < x < v:
                if top >= x > late:
                    late = x
            else:
                rest += x * tail[k + 1]
        lim = rest + late
        here = one and 2 * a > v and 3 < a < v
        out: list[tuple[int, Open]] = []
        sums = _SUM
        cur: set[Config] | Open = s
        for c in range(ma + 1):
            if c:
                if not here:
                    slack = lim + a * (ma - c)
                elif c < ma and top >= a > late:
                    slack = rest + a
                else:
                    slack = lim
                cur = {n for cfg in cur for n, sn in _place(cfg, a, v, ace14) if sn <= slack}
                if not cur:
                    break
            if c >= lo:
                t = _prune(tuple(sorted([x for x in cur if sums.get(x, -1) <= lim])) if c
                           else tuple([x for x in cur if sum(x) <= lim]))
                if t:
                    out.append((c, t))
        got = tuple(out)
        _remember(_KIDS, key, got)
        return got

    def _twos_and_aces(self, s: Open) -> int:
        """The count from the twos on, when only twos and aces are left: ``c2`` twos and
        ``c1`` aces fill deficits ``D`` and ``k`` whole sets of ``v`` exactly when
        ``2 c2 + c1 = sum(D) + k v`` and the twos fit, ``c2 <= sum(d // 2) + k (v // 2)``
        (each deficit or set then takes the aces it lacks)."""
        v = self.v
        m2 = self.counts[2]
        m1 = self.counts[1] if len(self.counts) > 1 else 0
        sigs = {(sum(cfg), sum(d // 2 for d in cfg)) for cfg in s}
        half = v // 2
        alone = self.ace14  # then aces left over stand alone as 14
        got = 0
        for c2 in range(self.floor[2], m2 + 1):
            w2 = comb(m2, c2)
            for c1 in range(self.floor[1], m1 + 1):
                total = 2 * c2 + c1
                for d, room in sigs:
                    if total < d:
                        continue
                    if alone:  # k sets, using 2 c2 + t aces with 0 <= t <= c1
                        if any(0 <= d + k * v - 2 * c2 <= c1 and c2 <= room + k * half
                               for k in range((total - d) // v + 1)):
                            got += w2 * comb(m1, c1)
                            break
                        continue
                    k, r = divmod(total - d, v)
                    if not r and c2 <= room + k * half:
                        got += w2 * comb(m1, c1)
                        break
        return got

    def _threes_twos_and_aces(self, s: Open) -> int:
        """The count from the threes on, when only threes, twos and aces are left.  The
        threes and twos go into the open deficits ``D`` and ``k`` whole sets of ``v``, at
        most filling each; the aces fill what is left, so ``c3`` threes, ``c2`` twos and
        ``c1`` aces fit exactly when ``3 c3 + 2 c2 + c1 = sum(D) + k v`` (aces standing
        alone as 14 aside) and ``c2`` is at most the most twos that fit beside ``c3`` threes
        (:func:`_twos_beside_threes`, worked out bin by bin)."""
        v = self.v
        counts, floor = self.counts, self.floor
        m3 = counts[3]
        m2 = counts[2]
        m1 = counts[1]
        f3, f2, f1 = floor[3], floor[2], floor[1]
        most = 3 * m3 + 2 * m2 + m1
        alone = self.ace14
        fits: set[tuple[int, int, int]] = set()
        for cfg in s:
            sd = _SUM.get(cfg)
            if sd is None:
                sd = sum(cfg)
            k = 0
            while sd + k * v <= most:
                room = _twos_beside_threes((*cfg, *(v,) * k), m3)
                total = sd + k * v
                for c3 in range(f3, m3 + 1):
                    top = room[c3]
                    if top < 0:
                        break
                    for c2 in range(f2, min(top, m2) + 1):
                        need = total - 3 * c3 - 2 * c2
                        if alone:
                            for c1 in range(max(need, f1), m1 + 1):
                                fits.add((c3, c2, c1))
                        elif f1 <= need <= m1:
                            fits.add((c3, c2, need))
                k += 1
        return sum(comb(m3, c3) * comb(m2, c2) * comb(m1, c1) for c3, c2, c1 in fits)

    def unrank(self, r: int) -> Choice:
        """The ``r``-th way, as (value, bit mask of the chosen cards of that value) for each
        value the table holds, from the highest down."""
        if not 0 <= r < self.total:
            raise IndexError(r)
        out: list[tuple[int, int]] = []
        s = self.start
        for i, a in enumerate(self.levels):
            ma = self.counts[a]
            for c, t in self._children(i, s):
                sub = self._count(i + 1, t)
                block = comb(ma, c) * sub
                if r < block:
                    combo, r = divmod(r, sub)
                    out.append((a, _combo_code(ma, c, combo)))
                    s = t
                    break
                r -= block
        return tuple(out)

    def ways(self) -> Iterator[Choice]:
        """Every way in order (lazily): the same as ``unrank(0), unrank(1), ...``."""
        yield from self._ways(0, self.start)

    def _ways(self, i: int, s: Open) -> Iterator[Choice]:
        if i == len(self.levels):
            if () in s:
                yield ()
            return
        a = self.levels[i]
        ma = self.counts[a]
        for c, t in self._children(i, s):
            if not self._feasible(i + 1, t):
                continue
            for combo in range(comb(ma, c)):
                code = _combo_code(ma, c, combo)
                for rest in self._ways(i + 1, t):
                    yield ((a, code), *rest)

    def vectors(self) -> Iterator[tuple[int, ...]]:
        """Each count vector that splits, once (how many cards of each value, indexed by
        value), without choosing the cards."""
        for got in self._vectors(0, self.start, ()):
            vec = [0] * len(self.counts)
            for a, c in zip(self.levels, got, strict=True):
                vec[a] = c
            yield tuple(vec)

    def _vectors(self, i: int, s: Open, got: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(self.levels):
            if () in s:
                yield got
            return
        for c, t in self._children(i, s):
            if self._feasible(i + 1, t):
                yield from self._vectors(i + 1, t, (*got, c))

    def best(self, gains: Sequence[Sequence[int]]) -> tuple[int, tuple[int, ...]] | None:
        """The way worth most, where taking ``k`` cards of value ``a`` is worth
        ``gains[a][k]``: (worth, how many of each value, indexed by value), or None."""
        memo: dict[tuple[int, Open], tuple[int, tuple[int, ...]] | None] = {}
        levels = self.levels

        def go(i: int, s: Open) -> tuple[int, tuple[int, ...]] | None:
            if i == len(levels):
                return (0, ()) if () in s else None
            key = (i, s)
            if key in memo:
                return memo[key]
            top: tuple[int, tuple[int, ...]] | None = None
            for c, t in self._children(i, s):
                sub = go(i + 1, t)
                if sub is not None:
                    w = gains[levels[i]][c] + sub[0]
                    if top is None or w > top[0]:
                        top = (w, (c, *sub[1]))
            memo[key] = top
            return top

        got = go(0, self.start)
        if got is None:
            return None
        vec = [0] * len(self.counts)
        for a, c in zip(levels, got[1], strict=True):
            vec[a] = c
        return got[0], tuple(vec)


@cache
def _twos_beside_threes(bins: tuple[int, ...], m3: int) -> tuple[int, ...]:
    """For ``x`` = 0..m3 threes, the most twos that fit beside them in bins of these sizes
    (each bin holding at most its size), or -1 when the threes do not fit.

    >>> _twos_beside_threes((5, 7), 3)  # 5 holds 2 2 or 3 2; 7 holds 2 2 2, 3 2 2 or 3 3
    (5, 4, 3, 1)
    """
    best = [0] + [-1] * m3
    for b in bins:
        nxt = [-1] * (m3 + 1)
        for x, y in enumerate(best):
            if y < 0:
                continue
            for t in range(min(b // 3, m3 - x) + 1):
                z = y + (b - 3 * t) // 2
                if z > nxt[x + t]:
                    nxt[x + t] = z
        best = nxt
    return tuple(best)


def _combo_code(m: int, k: int, index: int) -> int:
    """The ``index``-th combination of ``k`` of ``range(m)`` (lexicographic), as a bit mask.

    >>> [bin(_combo_code(3, 2, i)) for i in range(3)]
    ['0b11', '0b101', '0b110']
    """
    mask = 0
    x = 0
    while k:
        c = comb(m - x - 1, k - 1)
        if index < c:
            mask |= 1 << x
            k -= 1
        else:
            index -= c
        x += 1
    return mask


def combo_index(m: int, mask: int) -> int:
    """The inverse of :func:`_combo_code`: the lexicographic index of a combination.

    >>> [combo_index(3, _combo_code(3, 2, i)) for i in range(3)]
    [0, 1, 2]
    """
    k = bin(mask).count("1")
    index = 0
    for x in range(m):
        if not k:
            break
        if mask >> x & 1:
            k -= 1
        else:
            index += comb(m - x - 1, k - 1)
    return index


@lru_cache(maxsize=1 << 12)
def value_sets(v: int, counts: tuple[int, ...], start: Given = OPEN,
               ace14: bool = False, floor: tuple[int, ...] | None = None) -> ValueSets:
    """The :class:`ValueSets` of a table (kept: play meets the same tables again)."""
    return ValueSets(v, counts, start, ace14, floor)


@lru_cache(maxsize=1 << 14)
def splits(v: int, counts: tuple[int, ...], start: Given = OPEN,
           ace14: bool = False) -> bool:
    """Whether exactly these cards (``counts[a]`` of each value ``a``), with the sets open
    in ``start``, split into sets of ``v``.

    >>> splits(10, (0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1))  # A, 9 and 10: 9A and 10
    True
    >>> splits(14, (0, 2), ace14=True), splits(14, (0, 2))  # two aces, each 14 alone
    (True, False)
    """
    s: set[Config] | Given = start
    rem = sum(a * k for a, k in enumerate(counts))
    for a in range(len(counts) - 1, 0, -1):
        k = counts[a]
        rem -= a * k
        for c in range(k):
            slack = rem + a * (k - c - 1)
            s = {n for cfg in s for n, sn in _place(cfg, a, v, ace14) if sn <= slack}
            if not s:
                return False
    return () in s


def group(values: Sequence[int], v: int, ace14: bool = False) -> list[list[int]] | None:
    """One way to split cards of these values into sets of ``v``, as lists of positions
    in ``values``, or None.

    >>> group([1, 2, 5, 8], 8)
    [[3], [2, 1, 0]]
    >>> group([1, 2, 5, 6, 7, 8], 8) is None
    True
    """
    order = sorted(range(len(values)), key=lambda i: -values[i])
    if any(values[i] > v or values[i] <= 0 for i in order):
        return None
    failed: set[tuple[int, ...]] = set()

    def key(left: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(values[i] for i in left))

    def solve(left: list[int]) -> list[list[int]] | None:
        if not left:
            return []
        k = key(left)
        if k in failed:
            return None
        first, rest = left[0], left[1:]
        options: list[list[int]] = []
        if ace14 and values[first] == 1:
            options.append([])
        for extra in _fill(rest, v - values[first], values):
            options.append(extra)
        for extra in options:
            chosen = set(extra)
            sub = solve([i for i in rest if i not in chosen])
            if sub is not None:
                return [[first, *extra], *sub]
        failed.add(k)
        return None

    return solve(order)


def _fill(cands: Sequence[int], need: int, values: Sequence[int]) -> Iterator[list[int]]:
    """Subsets of ``cands`` (positions, values descending) adding up to ``need``, each
    multiset of values once."""
    if need == 0:
        yield []
        return
    seen_vals: set[int] = set()
    for j, i in enumerate(cands):
        x = values[i]
        if x > need or x in seen_vals:
            continue
        seen_vals.add(x)
        for rest in _fill(cands[j + 1:], need - x, values):
            yield [i, *rest]


class Residues:
    """A superset of :class:`ValueSets`' ways that is cheap to count and to draw from: the
    card choices whose values add up to what the sets call for modulo ``v`` (the open
    deficits, plus whole sets of ``v``; in Royal Casino an ace as 14 may also stand alone).
    Every way that splits is among them, so drawing from these and keeping a draw only if
    it :func:`splits` draws the ways uniformly without counting them.

    >>> r = residues(6, (0, 0, 0, 2, 0, 0, 1))  # two 3s and a 6: {}, 33, 6, 336
    >>> r.total, [r.unrank(i) for i in range(r.total)] == [value_sets(
    ...     6, (0, 0, 0, 2, 0, 0, 1)).unrank(i) for i in range(4)]
    (4, True)
    """

    def __init__(self, v: int, counts: tuple[int, ...], start: Given,
                 ace14: bool) -> None:
        self.v = v
        self.counts = counts
        self.start = start
        self.ace14 = ace14
        self.levels = tuple(a for a in range(len(counts) - 1, 0, -1) if counts[a])
        want = {sum(cfg) % v for cfg in start}
        # after[i][r]: the choices from level i on, when the values so far add up to r
        end = [1 if r in want else 0 for r in range(v)]
        after: list[list[int]] = [end]
        for a in reversed(self.levels):
            m = counts[a]
            nxt = after[-1]
            if ace14 and a == 1:  # the last level: j of the c aces may stand alone
                row = [sum(comb(m, c) for c in range(m + 1)
                           if any((r + c - j) % v in want for j in range(c + 1)))
                       for r in range(v)]
            else:
                row = [sum(comb(m, c) * nxt[(r + a * c) % v] for c in range(m + 1))
                       for r in range(v)]
            after.append(row)
        after.reverse()
        self._after = after
        self.total = after[0][0]

    def _sub(self, i: int, r: int, a: int, c: int) -> int:
        if self.ace14 and a == 1:
            want = {sum(cfg) % self.v for cfg in self.start}
            return 1 if any((r + c - j) % self.v in want for j in range(c + 1)) else 0
        return self._after[i + 1][(r + a * c) % self.v]

    def unrank(self, k: int) -> Choice:
        """The ``k``-th choice, as (value, bit mask of the chosen cards of that value) for
        each value the table holds, from the highest down (as :meth:`ValueSets.unrank`)."""
        if not 0 <= k < self.total:
            raise IndexError(k)
        out: list[tuple[int, int]] = []
        r = 0
        for i, a in enumerate(self.levels):
            ma = self.counts[a]
            for c in range(ma + 1):
                sub = self._sub(i, r, a, c)
                block = comb(ma, c) * sub
                if k < block:
                    combo, k = divmod(k, sub)
                    out.append((a, _combo_code(ma, c, combo)))
                    r = (r + a * c) % self.v
                    break
                k -= block
        return tuple(out)

    def splits(self, choice: Choice) -> bool:
        """Whether the cards of ``choice`` split into sets (with the open ones)."""
        vec = [0] * len(self.counts)
        for a, mask in choice:
            vec[a] = mask.bit_count()
        return splits(self.v, tuple(vec), self.start, self.ace14)


@lru_cache(maxsize=1 << 12)
def residues(v: int, counts: tuple[int, ...], start: Given = OPEN,
             ace14: bool = False) -> Residues:
    """The :class:`Residues` of a table (kept: play meets the same tables again)."""
    return Residues(v, counts, start, ace14)


def best_vector(v: int, counts: tuple[int, ...], start: Given, ace14: bool,
                gains: Sequence[Sequence[int]], limit: int = 20_000
                ) -> tuple[int, tuple[int, ...]] | bool | None:
    """The count vector worth most that splits, where ``k`` cards of value ``a`` are worth
    ``gains[a][k]`` (rising with ``k``): (worth, vector), or None if none splits.  A
    best-first search down from the whole table, which the first vector that splits ends;
    False when ``limit`` vectors were tried in vain (then :meth:`ValueSets.best` answers).

    >>> best_vector(6, (0, 0, 0, 2, 0, 0, 1), OPEN, False, [range(3)] * 7)
    (3, (0, 0, 0, 2, 0, 0, 1))
    >>> best_vector(6, (0, 0, 0, 1, 0, 0, 0), OPEN, False, [range(3)] * 7)
    (0, (0, 0, 0, 0, 0, 0, 0))
    """
    from heapq import heappop, heappush

    levels = [a for a in range(1, len(counts)) if counts[a]]
    want = {sum(cfg) % v for cfg in start}

    full = tuple(counts)
    heap = [(-sum(gains[a][full[a]] for a in levels),
             -sum(a * k for a, k in enumerate(full)), full)]
    seen = {full}
    tried = 0
    while heap:
        w, neg_total, vec = heappop(heap)
        tried += 1
        if tried > limit:
            return False
        total = -neg_total
        aces = vec[1] if ace14 and len(vec) > 1 else 0
        if any((total - j) % v in want for j in range(aces + 1)) and splits(
                v, vec, start, ace14):
            return -w, vec
        for a in levels:
            k = vec[a]
            if k:
                nv = (*vec[:a], k - 1, *vec[a + 1:])
                if nv not in seen:
                    seen.add(nv)
                    g = gains[a]
                    heappush(heap, (w + g[k] - g[k - 1], neg_total + a, nv))
    return None
