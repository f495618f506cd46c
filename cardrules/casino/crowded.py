"""The legal plays of a crowded table, counted and drawn without being listed.

Trailing is always allowed, so tables of 30 loose cards and more happen in ordinary play;
a card may then capture millions of different sets.  Beyond
:data:`~cardrules.casino.plan.SMALL_TABLE` loose cards each card's captures and builds are
a *segment* counted by :mod:`cardrules.casino.sets` (dynamic programming over the table's
values), and a play is made only when it is asked for.

>>> from cardrules.casino import position
>>> s = position("10C 4S", "AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 7C 8C 9C 10D")
>>> [len(seg) for seg in segments(s)]
[2451, 1, 55, 2236, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..cards import Card, Rank
from ..rng import Rng
from .actions import Move, new_build, new_capture, new_increase, new_trail
from .sets import OPEN, Open, Residues, ValueSets, residues, value_sets
from .state import CasinoState, Phase
from .table import covers_vals
from .values import card_code, code_value

#: the arguments of :func:`~cardrules.casino.sets.value_sets` for a segment
SetsArgs = tuple[int, tuple[int, ...], Open, bool]


class SetsSegment:
    """The plays of one card that take sets of one value: a count, the n-th, each in turn.

    ``args`` are the arguments of :func:`~cardrules.casino.sets.value_sets` (the value,
    the table's counts of each value, the sets open before the table cards, Royal
    Casino's ace as 14), ``by_value`` the table's cards of each value, ``skip`` 1 to leave
    out the empty choice (the first way), and ``make`` the play of a choice of cards.
    """

    __slots__ = ("args", "by_value", "make", "skip", "vs")

    def __init__(self, args: SetsArgs, by_value: Sequence[tuple[Card, ...]], skip: int,
                 make: Callable[[tuple[Card, ...]], Move]) -> None:
        self.args = args
        self.by_value = by_value
        self.skip = skip
        self.make = make
        self.vs: ValueSets | None = None

    def sets(self) -> ValueSets:
        """The ways of the segment (worked out when first needed)."""
        vs = self.vs
        if vs is None:
            vs = self.vs = value_sets(*self.args)
        return vs

    def __len__(self) -> int:
        return max(self.sets().total - self.skip, 0)

    def cards(self, choice: Sequence[tuple[int, int]]) -> tuple[Card, ...]:
        """The table cards of a way: (value, bit mask of that value's cards) pairs."""
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


#: a segment: plays listed as they are, or plays of sets counted
Segment = tuple[Move, ...] | SetsSegment


def table_by_value(state: CasinoState) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """The loose cards with a value, by value (each group in card order), and the others
    (the base game's face cards).

    >>> from cardrules.casino import position
    >>> by_value, faces = table_by_value(position("8S", "AH AC KD"))
    >>> by_value[1], faces
    ((Card('A♣'), Card('A♥')), [Card('K♦')])
    """
    royal = state.rules.royal
    groups: list[list[Card]] = [[] for _ in range(14)]
    faces: list[Card] = []
    for c in state.loose:
        v = code_value(card_code(c), royal)
        if v:
            groups[v].append(c)
        else:
            faces.append(c)
    return [tuple(sorted(g, key=card_code)) for g in groups], faces


def segments(state: CasinoState) -> list[Segment]:
    """The plays of the player to move, as segments, in the order of a plan: for each card
    in hand its captures, its builds (new builds and additions), its increases, then
    trailing it."""
    if state.phase is not Phase.PLAY:
        return []
    seat = state.turn
    hand = state.hands[seat]
    royal = state.rules.royal
    by_value, faces = table_by_value(state)
    owned = [b.value for b in state.builds if b.owner == seat]
    hand_vals = [code_value(card_code(c), royal) for c in hand]
    out: list[Segment] = []
    for idx, card in enumerate(hand):
        rest_vals = hand_vals[:idx] + hand_vals[idx + 1:]
        keeps = not owned or covers_vals(rest_vals, owned, royal)
        if not hand_vals[idx]:
            out += _face_segments(state, card, faces, owned, keeps)
        else:
            out += _card_segments(state, card, hand_vals[idx], rest_vals, by_value, owned,
                                  keeps)
    return out


def _face_segments(state: CasinoState, card: Card, faces: list[Card], owned: list[int],
                   keeps: bool) -> list[Segment]:
    """A base game's face card: one card of the same rank [casino.capture.face], then
    trailing it."""
    if not keeps:
        return []
    out: list[Segment] = []
    same = tuple(new_capture(card, (t,), None, None) for t in faces if t.rank is card.rank)
    if same:
        out.append(same)
    if not owned or state.rules.owner_may_trail:
        out.append((new_trail(card),))
    return out


def _card_segments(state: CasinoState, card: Card, cv: int, rest_vals: list[int],
                   by_value: list[tuple[Card, ...]], owned: list[int], keeps: bool
                   ) -> list[Segment]:
    """A numeral's captures, builds, increases and trail, as segments."""
    rules = state.rules
    royal = rules.royal
    sizes = tuple(len(g) for g in by_value)
    builds = {b.value for b in state.builds}

    def sets_of(v: int, start: Open) -> SetsArgs:
        return (v, sizes[: min(v, 13) + 1], start, royal and v == 14)

    out: list[Segment] = []
    # captures: without a build (at least one card), then of each build it takes
    if keeps:
        v = 14 if royal and cv == 1 else cv
        out.append(SetsSegment(sets_of(v, OPEN), by_value, 1, capture_maker(card, None, v)))
    for v in ((1, 14) if royal and cv == 1 else (cv,)):
        if v in builds and (not owned or covers_vals(
                rest_vals, [o for o in owned if o != v], royal)):
            out.append(SetsSegment(sets_of(v, OPEN), by_value, 0, capture_maker(card, v, v)))
    # builds and additions
    held = {x for x in rest_vals if x}
    if royal and 1 in held:
        held.add(14)
    for bv in sorted(held):
        alone = bv == cv or (royal and cv == 1 and bv == 14)
        if bv > rules.max_value or (bv < cv and not alone):
            continue
        if owned and not covers_vals(rest_vals, {*owned, bv}, royal):
            continue
        start: Open
        if bv == cv:
            start = OPEN
        elif alone:  # an ace, 14 on its own or 1 in a set
            start = ((), (13,))
        else:
            start = ((bv - cv,),)
        skip = 0 if bv in builds or () not in start else 1
        out.append(SetsSegment(sets_of(bv, start), by_value, skip, build_maker(card, bv)))
    incs = _increases(state, card, cv, held, rest_vals, by_value, owned)
    if incs:
        out.append(incs)
    if keeps and (not owned or rules.owner_may_trail):
        out.append((new_trail(card),))
    return out


def _increases(state: CasinoState, card: Card, cv: int, held: set[int], rest_vals: list[int],
               by_value: list[tuple[Card, ...]], owned: list[int]) -> tuple[Move, ...]:
    """A numeral's increases of each single build [casino.build.increase]."""
    rules = state.rules
    royal = rules.royal
    if cv >= rules.max_value or not state.builds:
        return ()
    incs: list[Move] = []
    for b in state.builds:
        if b.multiple:
            continue
        nv = b.value + cv
        if nv > rules.max_value or nv not in held:
            continue
        if owned and not covers_vals(rest_vals, {o for o in owned if o != b.value} | {nv},
                                     royal):
            continue
        cand = by_value[nv] if nv <= 13 else by_value[1]
        for k in range(1 << len(cand)):
            incs.append(new_increase(card, b.value, nv, tuple(
                cand[i] for i in range(len(cand)) if k >> i & 1)))
    return tuple(incs)


def capture_maker(card: Card, build: int | None, v: int) -> Callable[[tuple[Card, ...]], Move]:
    """The capture of a choice of table cards with ``card`` as ``v`` (with the build of
    ``build``): an ace taking only aces captures them as 1."""
    if v == 14 and build is None and card.rank is Rank.ACE:
        def make_ace(loose: tuple[Card, ...]) -> Move:
            value = 1 if all(c.rank is Rank.ACE for c in loose) else 14
            return new_capture(card, loose, None, value)
        return make_ace

    def make(loose: tuple[Card, ...]) -> Move:
        return new_capture(card, loose, build, v)
    return make


def build_maker(card: Card, bv: int) -> Callable[[tuple[Card, ...]], Move]:
    """The build of ``bv`` with ``card`` and a choice of table cards."""
    def make(loose: tuple[Card, ...]) -> Move:
        return new_build(card, bv, loose)
    return make


# -- drawing a play without counting -------------------------------------------------------------
DRAWS = 200  # draws before counting after all (never needed in play)


def draw(segs: list[Segment], rng: Rng) -> Move | None:
    """A play drawn uniformly from a superset of the plays that is cheap to count (each
    segment of sets by :class:`~cardrules.casino.sets.Residues`), again until it is one of
    them: every play is as likely as any other.  None when nothing is drawn in
    :data:`DRAWS` tries, or when there is no play."""
    pools: list[tuple[Segment, Residues | None, int]] = []
    total = 0
    for seg in segs:
        if isinstance(seg, tuple):
            pools.append((seg, None, len(seg)))
            total += len(seg)
        else:
            counted = residues(*seg.args)
            pools.append((seg, counted, counted.total))
            total += counted.total
    if not total:
        return None
    for _ in range(DRAWS):
        k = rng.below(total)
        for pool in pools:
            if k < pool[2]:
                break
            k -= pool[2]
        seg, res, _ = pool
        if res is None:
            assert isinstance(seg, tuple)
            return seg[k]
        assert isinstance(seg, SetsSegment)
        choice = res.unrank(k)
        if seg.skip and not any(mask for _, mask in choice):
            continue
        if res.splits(choice):
            return seg.make(seg.cards(choice))
    return None
