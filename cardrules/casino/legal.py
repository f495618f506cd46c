"""The legal plays of Casino as a lazy collection: counted, indexed, tested for membership
and listed one at a time, never all built at once.

Trailing is always allowed, so tables of 30 loose cards and more happen in ordinary play;
a card may then capture millions of different sets.  :func:`legal_actions` answers at once
all the same: each card's captures and builds are a *segment* counted by
:mod:`cardrules.casino.sets`, and a play is made only when it is asked for.  A capture can
also be chosen card by card (:func:`capture_options`), as a player picks cards off the table.

>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> plays = legal_actions(s)
>>> len(plays), Capture("8S", "8D 7C AH") in plays, Capture("8S", "8D 7C 5D") in plays
(10, True, False)
>>> describe(plays[0]), describe(plays[-1])
('capture A♥ 2♣ 5♦ with 8♠', 'trail 8♠')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from ..cards import Card, Rank, Suit
from ..rng import Rng
from . import listing as _listing
from .checks import _VERIFY, can_apply, verify_capture
from .deal import position  # noqa: F401  (doctests)
from .explain import describe  # noqa: F401  (doctests)
from .listing import _build, _capture, _increase, _trail, list_plays  # plays made ready-ordered
from .sets import Residues, ValueSets, best_vector, residues, value_sets
from .state import (
    _BASE_VALUE,
    _ROYAL_VALUE,
    Build,
    Capture,
    CasinoState,
    Increase,
    Move,
    Phase,
    TableBuild,
    Trail,  # noqa: F401  (doctests)
    _card_order,
    _norm_card,
)
from .table import _covers_vals

__all__ = ["CasinoActions", "capture_options", "legal_actions", "random_action"]

_OPEN = frozenset({()})
# The play most recently handed out by a collection, with its state: ``apply`` trusts it
# without checking it again (the engine made it for that very state).
_TRUSTED: list[object] = [None, None]


def _trust(state: CasinoState, move: Move) -> Move:
    _TRUSTED[0] = state
    _TRUSTED[1] = move
    return move


def trusted(state: CasinoState, move: object) -> bool:
    """Whether ``move`` is the play just handed out by ``legal_actions(state)``."""
    return _TRUSTED[1] is move and _TRUSTED[0] is state


# -- segments ----------------------------------------------------------------------------
class _Sets:
    """The plays of one card that take sets of one value: a count, the n-th, each in turn."""

    __slots__ = ("args", "by_value", "make", "skip", "vs")

    def __init__(self, args: tuple[int, tuple[int, ...], frozenset[tuple[int, ...]], bool],
                 by_value: Sequence[tuple[Card, ...]], skip: int,
                 make: Callable[[tuple[Card, ...]], Move]) -> None:
        self.args = args
        self.by_value = by_value
        self.skip = skip  # 1 to leave out the empty set, the first way
        self.make = make
        self.vs: ValueSets | None = None

    def sets(self) -> ValueSets:
        vs = self.vs
        if vs is None:
            vs = self.vs = value_sets(*self.args)
        return vs

    def __len__(self) -> int:
        return max(self.sets().total - self.skip, 0)

    def cards(self, choice: Sequence[tuple[int, int]]) -> tuple[Card, ...]:
        out: list[Card] = []
        by_value = self.by_value
        for a, mask in reversed(choice):
            if mask:
                group = by_value[a]
                out += [group[i] for i in range(len(group)) if mask >> i & 1]
        return tuple(out)

    def __getitem__(self, i: int) -> Move:
        return self.make(self.cards(self.sets().unrank(i + self.skip)))

    def __iter__(self) -> Iterator[Move]:
        ways = self.sets().ways()
        if self.skip:
            next(ways, None)
        for choice in ways:
            yield self.make(self.cards(choice))


_Segment = tuple[Move, ...] | _Sets


class CasinoActions(Sequence[Move]):
    """The legal plays of a position, in order: for each card in hand its captures, its
    builds (new builds and additions), its increases, then trailing it.  ``len``, ``in``
    and indexing answer without listing; iteration makes one play at a time.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> plays = legal_actions(s)
    >>> len(plays), Trail("2S") in plays, Trail("8S") in plays, "trail 2S" in plays
    (5, True, False, False)
    """

    def __init__(self, state: CasinoState) -> None:
        self.state = state
        self._segments: list[_Segment] | None = None
        self._len: int | None = None
        self._regular: bool | None = None
        # a small table's plays, planned as runs of masks (see SMALL_TABLE); else None
        self._parts: list[_listing.Part] | None = None
        self._plays: tuple[Move, ...] | None = None
        if state.phase is Phase.PLAY and len(state.loose) <= SMALL_TABLE:
            plan = _listing.plan_plays(state)
            if plan is not None:
                self._parts, self._len, self._regular = plan

    @property
    def segments(self) -> list[_Segment]:
        """The plays grouped by card and kind (worked out when first needed)."""
        if self._segments is None:
            if self._parts is not None:
                plays = self._plays = list_plays(self.state)
                self._segments = [plays]
            else:
                self._segments = _segments(self.state)
        return self._segments

    def __len__(self) -> int:
        if self._len is None:
            self._len = sum(len(seg) for seg in self.segments)
        return self._len

    def __contains__(self, move: object) -> bool:
        return type(move) in _VERIFY and can_apply(self.state, move)

    @property
    def regular(self) -> bool:
        """No card twice on the table and no two builds of one value: always so in play
        (positions made by hand may break it), and then every play listed is legal."""
        got = self._regular
        if got is None:
            s = self.state
            got = self._regular = (len(set(s.loose)) == len(s.loose)
                                   and len({b.value for b in s.builds}) == len(s.builds))
        return got

    def __iter__(self) -> Iterator[Move]:
        state = self.state
        if not self.regular:
            for seg in self.segments:
                yield from seg
            return
        for seg in self.segments:
            for m in seg:
                yield _trust(state, m)

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | Sequence[Move]:
        parts = self._parts
        if parts is not None and self._regular and isinstance(i, int) and 0 <= i < (
                self._len or 0):
            m = _listing.part_play(parts, i)
            _TRUSTED[0] = self.state
            _TRUSTED[1] = m
            return m
        plays = self._plays
        if plays is not None and self._regular and isinstance(i, int):
            listed = plays[i]
            _TRUSTED[0] = self.state
            _TRUSTED[1] = listed
            return listed
        if isinstance(i, slice):
            return tuple(self[k] for k in range(*i.indices(len(self))))
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"play {i} of {n}")
        for seg in self.segments:
            k = len(seg)
            if i < k:
                return _trust(self.state, seg[i]) if self.regular else seg[i]
            i -= k
        raise IndexError(i)  # pragma: no cover - the lengths add up

    def __bool__(self) -> bool:
        if self.state.phase is not Phase.PLAY:
            return False
        if self._len is not None:
            return self._len > 0
        # without counting: the first play of any segment will do
        return any(next(iter(seg), None) is not None for seg in self.segments)

    def __repr__(self) -> str:
        """The number of plays, unless counting them would keep a notebook waiting: a
        crowded Royal Casino table, not yet counted, is named instead.

        >>> s = position("KC 8S AC", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
        ...              "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2S 3S", rules="royal-casino")
        >>> legal_actions(s)
        <legal Royal Casino plays on a table of 28 loose cards: not counted here, as len() may take seconds>
        """
        s = self.state
        if self._len is None and s.rules.royal and len(s.loose) > _QUICK_ROYAL_COUNT:
            return (f"<legal Royal Casino plays on a table of {len(s.loose)} loose cards: "
                    "not counted here, as len() may take seconds>")
        return f"<{len(self)} legal Casino plays>"


def legal_actions(state: CasinoState) -> CasinoActions:
    """Every distinct legal play of the player to move, each exactly once, as a lazy
    collection (see :class:`CasinoActions`).  Empty when the round or game is over.

    The classic example of pagat.com's Casino: a 7-build of 3+4 and a loose 9, with 2 and 9 in hand.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> for m in legal_actions(s): print(describe(m))
    increase the build of 7 to 9 with 2♠
    increase the build of 7 to 9 with 2♠, taking in 9♦
    trail 2♠
    capture 9♦ with 9♣
    trail 9♣
    """
    return CasinoActions(state)


def random_action(state: CasinoState, rng: Rng) -> Move:
    """A legal play drawn with ``rng``, every play as likely as any other, without listing
    them: the collection finds the n-th play directly.

    >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
    >>> random_action(s, Rng(1)) in legal_actions(s)
    True
    """
    plays = CasinoActions(state)
    if plays._len is None and plays.regular:  # a crowded table: draw without counting
        got = _draw(plays, rng)
        if got is not None:
            return _trust(state, got)
    n = len(plays)
    if not n:
        raise ValueError("no play to make: the round is over")
    return plays[rng.below(n)]


_DRAWS = 200  # draws before counting after all (never needed in play)


def _draw(plays: CasinoActions, rng: Rng) -> Move | None:
    """A play drawn uniformly from a superset of the plays that is cheap to count (each
    segment of sets by :class:`~cardrules.casino.sets.Residues`), again until it is one of
    them: every play is as likely as any other.  None when nothing is drawn in _DRAWS
    tries, or when there is no play."""
    segs = plays.segments
    pools: list[tuple[_Segment, Residues | None, int]] = []
    res: Residues | None
    total = 0
    for seg in segs:
        if isinstance(seg, tuple):
            w = len(seg)
            pools.append((seg, None, w))
        else:
            res = residues(*seg.args)
            w = res.total
            pools.append((seg, res, w))
        total += w
    if not total:
        return None
    for _ in range(_DRAWS):
        k = rng.below(total)
        for pool in pools:
            if k < pool[2]:
                break
            k -= pool[2]
        seg, res, _ = pool
        if res is None:
            assert isinstance(seg, tuple)
            return seg[k]
        assert isinstance(seg, _Sets)
        choice = res.unrank(k)
        if seg.skip and not any(mask for _, mask in choice):
            continue
        if res.splits(choice):
            return seg.make(seg.cards(choice))
    return None


def _table(state: CasinoState) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """The loose cards with a value, by value (each group in card order), and the others
    (the base game's face cards)."""
    royal = state.rules.royal
    values = _ROYAL_VALUE if royal else _BASE_VALUE
    groups: list[list[Card]] = [[] for _ in range(14)]
    faces: list[Card] = []
    for c in state.loose:
        v = values[c.rank._value_]
        if v:
            groups[v].append(c)
        else:
            faces.append(c)
    return [tuple(sorted(g, key=_card_order)) if len(g) > 1 else tuple(g) for g in groups], faces


# A table of at most this many loose cards is listed whole (fast, and small enough):
# beyond, the plays are counted and made one at a time.  (Listing a larger table with few
# cards of value would be faster still, but in another order: seeded games would change.)
SMALL_TABLE = 12
# Royal Casino's plays on a table of more loose cards than this can take seconds to count
# (every card captures as 13 or 14): the collection's repr then does not count them.
_QUICK_ROYAL_COUNT = 26


def _segments(state: CasinoState) -> list[_Segment]:
    """The plays of the player to move, as segments (see :class:`CasinoActions`)."""
    if state.phase is not Phase.PLAY:
        return []
    if len(state.loose) <= SMALL_TABLE:
        return [list_plays(state)]  # pragma: no cover - CasinoActions lists these itself
    rules = state.rules
    royal = rules.royal
    maxv = rules.max_value
    values = _ROYAL_VALUE if royal else _BASE_VALUE
    seat = state.turn
    hand = state.hands[seat]
    by_value, faces = _table(state)
    sizes = [len(g) for g in by_value]
    builds = {b.value: b for b in state.builds}
    owned = [b.value for b in state.builds if b.owner == seat]
    may_trail = not owned or rules.owner_may_trail
    hand_vals = [values[c.rank._value_] for c in hand]
    out: list[_Segment] = []

    def sets_of(v: int, start: frozenset[tuple[int, ...]]
                ) -> tuple[int, tuple[int, ...], frozenset[tuple[int, ...]], bool]:
        top = min(v, 13)
        return (v, tuple(sizes[: top + 1]), start, royal and v == 14)

    for idx, card in enumerate(hand):
        rest_vals = hand_vals[:idx] + hand_vals[idx + 1:]
        cv = hand_vals[idx]
        keeps = not owned or _covers_vals(rest_vals, owned, royal)
        if not cv:  # a face card in the base game: one card of the same rank
            if keeps:
                same = tuple(_capture(card, (t,), None, None) for t in faces
                             if t.rank is card.rank)
                if same:
                    out.append(same)
                if may_trail:
                    out.append((_trail(card),))
            continue
        # captures: without a build (at least one card), then of each build it takes
        cap_values = (14,) if royal and cv == 1 else (cv,)
        if keeps:
            v = cap_values[0]
            out.append(_Sets(sets_of(v, _OPEN), by_value, 1, _capture_maker(card, None, v)))
        for v in ((1, 14) if royal and cv == 1 else (cv,)):
            if v in builds and (not owned or _covers_vals(
                    rest_vals, [o for o in owned if o != v], royal)):
                out.append(_Sets(sets_of(v, _OPEN), by_value, 0, _capture_maker(card, v, v)))
        # builds and additions
        held = {x for x in rest_vals if x}
        if royal and 1 in held:
            held.add(14)
        for bv in sorted(held):
            if bv > maxv:
                continue
            alone = bv == cv or (royal and cv == 1 and bv == 14)
            if bv < cv and not alone:
                continue
            if owned and not _covers_vals(rest_vals, {*owned, bv}, royal):
                continue
            start: frozenset[tuple[int, ...]]
            if bv == cv:
                start = _OPEN
            elif alone:  # an ace, 14 on its own or 1 in a set
                start = frozenset({(), (13,)})
            else:
                start = frozenset({(bv - cv,)})
            skip = 0 if bv in builds or () not in start else 1
            out.append(_Sets(sets_of(bv, start), by_value, skip, _build_maker(card, bv)))
        # increases
        if cv < maxv and builds:
            incs: list[Move] = []
            for b in state.builds:
                if b.multiple:
                    continue
                nv = b.value + cv
                if nv > maxv or nv not in held:
                    continue
                if owned and not _covers_vals(rest_vals, {o for o in owned if o != b.value}
                                              | {nv}, royal):
                    continue
                cand = by_value[nv] if nv <= 13 else by_value[1]
                for k in range(1 << len(cand)):
                    incs.append(_increase(card, b.value, nv, tuple(
                        cand[i] for i in range(len(cand)) if k >> i & 1)))
            if incs:
                out.append(tuple(incs))
        if may_trail and keeps:
            out.append((_trail(card),))
    return out


def _capture_maker(card: Card, build: int | None, v: int
                   ) -> Callable[[tuple[Card, ...]], Move]:
    if v == 14 and build is None and card.rank is Rank.ACE:
        def make_ace(loose: tuple[Card, ...]) -> Move:
            value = 1 if all(c.rank is Rank.ACE for c in loose) else 14
            return _capture(card, loose, None, value)
        return make_ace

    def make(loose: tuple[Card, ...]) -> Move:
        return _capture(card, loose, build, v)
    return make


def _build_maker(card: Card, bv: int) -> Callable[[tuple[Card, ...]], Move]:
    def make(loose: tuple[Card, ...]) -> Move:
        return _build(card, bv, loose)
    return make


# -- a capture chosen card by card -------------------------------------------------------
def capture_options(state: CasinoState, card: Card | str, picked: Sequence[Card | str] = (),
                    build: int | None = None) -> tuple[Card | TableBuild, ...]:
    """The table items that may still join a capture with ``card`` of which ``picked``
    (loose cards) and ``build`` (a build's value, or None) are chosen so far: each loose
    card or build listed leaves a legal capture within reach.  Whether the cards picked are
    a legal capture already is :func:`can_capture`'s question.

    >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
    >>> [str(c) for c in capture_options(s, "8S")]
    ['A♥', '2♣', '5♦', '6♥', '7♣', '8♦']
    >>> [str(c) for c in capture_options(s, "8S", ["7C"])]  # 7 needs the ace
    ['A♥', '2♣', '6♥', '8♦']
    >>> [str(c) for c in capture_options(s, "8S", ["7C", "AH"])]  # 5 needs the ace too
    ['2♣', '6♥', '8♦']
    """
    card = _norm_card(card)
    chosen = tuple(_norm_card(c) for c in picked)
    if state.phase is not Phase.PLAY or card not in state.hand:
        return ()
    rules = state.rules
    royal = rules.royal
    values = _ROYAL_VALUE if royal else _BASE_VALUE
    left = [c for c in state.loose if c not in chosen]
    cv = values[card.rank._value_]
    if not cv:
        if chosen or build is not None:
            return ()
        return tuple(c for c in left if c.rank is card.rank
                     and _ok(state, Capture(card, (c,))))
    seat = state.turn
    hand = state.hands[seat]
    rest_vals = [values[c.rank._value_] for c in hand if c != card]
    owned = [b.value for b in state.builds if b.owner == seat]
    keeps = not owned or _covers_vals(rest_vals, owned, royal)
    builds = {b.value: b for b in state.builds}
    kinds: list[tuple[int, bool]] = []  # (capturing value, with the build)
    for v in ((1, 14) if royal and cv == 1 else (cv,)):
        with_b = v in builds and (not owned or _covers_vals(
            rest_vals, [o for o in owned if o != v], royal))
        if build is None:
            if keeps:
                kinds.append((v, False))
            if with_b:
                kinds.append((v, True))
        elif build == v and with_b:
            kinds.append((v, True))
    by_value, _ = _table(state)
    sizes = [len(g) for g in by_value]
    floor = [0] * 14
    for c in chosen:
        x = values[c.rank._value_]
        if not x or c not in state.loose:
            return ()
        floor[x] += 1

    def reachable(v: int, extra: int) -> bool:
        top = min(v, 13)
        if any(floor[top + 1:]):  # a card picked above the capturing value
            return False
        f = floor[: top + 1]
        if extra:
            if extra > top:
                return False
            f = f.copy()
            f[extra] += 1
        if any(f[a] > sizes[a] for a in range(top + 1)):
            return False
        return value_sets(v, tuple(sizes[: top + 1]), _OPEN, royal and v == 14,
                          tuple(f)).feasible()

    out: list[Card | TableBuild] = []
    for c in left:
        x = values[c.rank._value_]
        if x and any(reachable(v, x) for v, _ in kinds):
            out.append(c)
    if build is None:
        for b in state.builds:
            if (b.value, True) in kinds and reachable(b.value, 0):
                out.append(b)
    return tuple(out)


def _ok(state: CasinoState, move: Capture) -> bool:
    try:
        verify_capture(state, move)
    except Exception:
        return False
    return True


# -- a simple player -------------------------------------------------------------------------
BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)


def _worth(c: Card) -> int:
    return (1 + (c.suit is Suit.SPADES) + 3 * (c.rank is Rank.ACE)
            + 4 * (c == BIG_CASINO) + 3 * (c == LITTLE_CASINO))


def greedy_move(state: CasinoState) -> Move:
    """A simple player for demonstrations: the capture taking most cards (aces, casinos and
    spades count extra), else the build or increase taking most table cards, else the trail
    of the least useful card.  It looks for the best of each kind without listing the plays.

    >>> describe(greedy_move(position("8S 3D", "AH 2C 5D 6H 7C 8D")))
    'capture A♥ 2♣ 6♥ 7♣ 8♦ with 8♠'
    """
    plays = CasinoActions(state)
    if not plays:
        raise ValueError("no move to make: the round is over")
    # The best play by its key, the earliest on a tie; a segment whose best cannot beat
    # the best so far (by the worth of everything it could take) is not searched.
    best: tuple[tuple[int, int], int, Move] | None = None
    segs = plays.segments
    order = sorted(range(len(segs)), key=lambda i: (_bound(state, segs[i]), -i), reverse=True)
    for i in order:
        seg = segs[i]
        if best is not None and (_bound(state, seg), -i) < (best[0], -best[1]):
            break
        for key, m in _best_of(state, seg):
            if best is None or (key, -i) > (best[0], -best[1]):
                best = (key, i, m)
    assert best is not None
    return _trust(state, best[2])


def _bound(state: CasinoState, seg: _Segment) -> tuple[int, int]:
    """The highest key a play of the segment could have (see :func:`_key`)."""
    if isinstance(seg, tuple):
        return max(_key(state, m) for m in seg) if seg else (-1, 0)
    probe = seg.make(())
    if not isinstance(probe, Capture):
        return (1, sum(len(g) for g in seg.by_value[: len(seg.args[1])]))
    top = _key(state, probe)
    return (2, top[1] + sum(_worth(c) for g in seg.by_value[: len(seg.args[1])] for c in g))


def _key(state: CasinoState, m: Move) -> tuple[int, int]:
    if isinstance(m, Capture):
        got = list(m.loose)
        if m.build is not None:
            b = state.build_of(m.build)
            assert b is not None
            got += b.cards
        return (2, sum(_worth(c) for c in got) + _worth(m.card))
    if isinstance(m, (Build, Increase)):
        return (1, len(m.loose))
    return (0, -20 * _worth(m.card) - _ROYAL_VALUE[m.card.rank._value_])


def _best_of(state: CasinoState, seg: _Segment) -> Iterator[tuple[tuple[int, int], Move]]:
    """The best play of a segment by :func:`greedy_move`'s measure (none if it is empty)."""
    if isinstance(seg, tuple):
        for m in seg:
            yield _key(state, m), m
        return
    vs = seg.sets()
    ranked = [tuple(sorted(g, key=_worth, reverse=True)) for g in seg.by_value]
    probe = seg.make(())
    if isinstance(probe, Capture):
        gains = [[sum(_worth(c) for c in g[:k]) for k in range(len(g) + 1)] for g in ranked]
    else:
        gains = [list(range(len(g) + 1)) for g in ranked]
    quick = best_vector(*seg.args, gains)
    found = vs.best(gains) if quick is False else quick
    if found is None or found is True:
        return
    _, how_many = found
    taken = sorted((c for a, k in enumerate(how_many) if k for c in ranked[a][:k]),
                   key=_card_order)
    if not taken and seg.skip:
        return
    m = seg.make(tuple(taken))
    yield _key(state, m), m
