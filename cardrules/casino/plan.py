"""The fast path's legal plays on a table of ordinary size, planned without being made.

While the table holds at most :data:`SMALL_TABLE` loose cards, the plays of a position are
*planned*: for each card in hand, its captures, builds and increases are runs of bit masks
over the table's cards (from the memo of :mod:`cardrules.casino.masks`, by the table's
values), and only the play asked for is made into cards (:func:`entry_play`).  So the
plays are counted at once and the n-th found without making the others.

A play is legal when it is one of its card's runs (:func:`is_listed`), which
:func:`~cardrules.casino.apply` asks before taking the fast step; when the plan cannot say
(a position made by hand, a grouping named with a capture), the checks of
:mod:`cardrules.casino.checks` decide.

>>> from cardrules.casino import Capture, describe, position
>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> p = plan_of(s)
>>> p.total, describe(entry_play(p, 0)), describe(entry_play(p, p.total - 1))
(10, 'capture A♥ 2♣ 5♦ with 8♠', 'trail 8♠')
>>> is_listed(s, Capture("8S", "8D 7C AH")), is_listed(s, Capture("8S", "8D 7C 5D"))
(True, False)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..cards import Card
from .actions import (
    Build,
    Capture,
    Increase,
    Move,
    Trail,
    new_build,
    new_capture,
    new_increase,
    new_plays,
    new_trail,
)
from .fast import FastTable
from .masks import (
    BITS,
    PREFIX,
    bits,
    build_masks,
    cache_for,
    capture_masks,
    hand_plan,
    increase_masks,
    unions_of,
)
from .state import CasinoState, Phase
from .table import covers_vals
from .values import card_code

#: a table of at most this many loose cards is planned here; beyond, the plays are
#: counted by :mod:`cardrules.casino.crowded` (listing a larger table with few cards of
#: value would be faster still, but in another order: seeded games would change)
SMALL_TABLE = 12

# The kinds of a run of plays of one card: captures without a build, builds (new ones and
# additions), captures of the build of the run's value, increases of the build of the
# run's ``build`` value to its value, a face card's capture of one card of its rank, and
# trailing the card.
CAPTURE, BUILD, CAPTURE_BUILD, INCREASE, FACE, TRAIL = range(6)
#: a run of plays of one card and kind: (kind, card, value, build value, masks), the
#: masks over the plan's ``cards``
Run = tuple[int, Card, int, int, Sequence[int]]
_ONE = (0,)  # the masks of a trail: one play, taking nothing


class Plan(NamedTuple):
    """The plays of a position, in order: for each card in hand its captures, its builds
    (new builds and additions), its increases, then trailing it."""

    #: the runs of plays, in order
    runs: Sequence[Run]
    #: where each run starts, counting plays
    starts: Sequence[int]
    #: how many plays they hold
    total: int
    #: the loose cards in card order (those with a value first): the masks' positions
    cards: tuple[Card, ...]


def planned(state: CasinoState) -> bool:
    """Whether the fast path plans this position's plays: a round in play, on a table of
    at most :data:`SMALL_TABLE` loose cards, in a regular position (see
    :class:`~cardrules.casino.fast.FastTable`).

    >>> from dataclasses import replace
    >>> from cardrules.casino import parse_cards, position
    >>> s = position("8S", "8D")
    >>> planned(s), planned(replace(s, loose=parse_cards("8D 8D")))  # a card twice
    (True, False)
    """
    t = state.fast
    return (t is not None and t.regular and state.phase is Phase.PLAY
            and len(t.codes) <= SMALL_TABLE)


def plan_of(state: CasinoState) -> Plan:
    """The plan of a position the fast path plans (see :func:`planned`)."""
    t = state.fast
    assert t is not None
    if not state.builds:
        runs, starts, total = _runs_without_builds(state, t)
    else:
        runs, total = [], 0
        context = _context(state, t)
        for i in range(len(context.hand)):
            total += _card_runs(context, i, runs)
        starts, at = [], 0
        for run in runs:
            starts.append(at)
            at += len(run[4])
    return Plan(runs, starts, total, t.cards)


def _runs_without_builds(state: CasinoState, t: FastTable
                         ) -> tuple[list[Run], list[int], int]:
    """The runs of a table with no build on it, where nobody owns a build: each card
    captures, builds and trails freely (the common case, kept short); where each run
    starts, and how many plays they hold."""
    royal = state.rules.royal
    vals, tally = t.vals, t.tally
    cache = cache_for(vals)
    prefix = PREFIX
    out: list[Run] = []
    append = out.append
    starts: list[int] = []
    start = starts.append
    total = 0
    hand = state.hands[state.turn]
    for card, (cv, caps, builds, _, _) in zip(hand, hand_plan(t.hand_vals[state.turn], royal),
                                              strict=True):
        if cv:
            for v, low in caps:
                masks = cache.get((tally & prefix[v]) << 10 | low)
                if masks is None:
                    masks = capture_masks(cache, tally, vals, v, royal)
                if masks:
                    start(total)
                    append((CAPTURE, card, v, 0, masks))
                    total += len(masks)
            for bv, new_low, _ in builds:
                masks = cache.get((tally & prefix[bv]) << 10 | new_low)
                if masks is None:
                    masks = build_masks(cache, tally, vals, cv, bv, False, royal)
                if masks:
                    start(total)
                    append((BUILD, card, bv, 0, masks))
                    total += len(masks)
        else:
            faces = _same_rank(t, card)
            if faces:
                start(total)
                append((FACE, card, 0, 0, faces))
                total += len(faces)
        start(total)
        append((TRAIL, card, 0, 0, _ONE))
        total += 1
    return out, starts, total


def _same_rank(t: FastTable, card: Card) -> tuple[int, ...]:
    """A base game's face card's captures: one table card of its rank each, as masks
    [casino.capture.face]."""
    rank = card.rank
    return tuple([1 << i for i in range(len(t.vals), len(t.cards)) if t.cards[i].rank is rank])


class _Context(NamedTuple):
    """What every card's runs read of a position with builds on the table."""

    state: CasinoState
    t: FastTable
    hand: tuple[Card, ...]
    hplan: Any  # masks.HandPlan
    royal: bool
    maxv: int
    cache: dict[int, Any]
    bvals: frozenset[int]
    owned: list[int]
    may_trail: bool


def _context(state: CasinoState, t: FastTable) -> _Context:
    rules = state.rules
    seat = state.turn
    owned = [b.value for b in state.builds if b.owner == seat]
    return _Context(state, t, state.hands[seat], hand_plan(t.hand_vals[seat], rules.royal),
                    rules.royal, rules.max_value, cache_for(t.vals),
                    frozenset(b.value for b in state.builds), owned,
                    not owned or rules.owner_may_trail)


def _card_runs(c: _Context, i: int, out: list[Run]) -> int:
    """The runs of the ``i``-th card in hand, builds being on the table, into ``out``; how
    many plays they hold.  The owner of a build keeps a card that captures it
    [casino.build.owner] and may not trail unless the house allows it."""
    card = c.hand[i]
    cv, caps, builds, held, rest_vals = c.hplan[i]
    owned = c.owned
    keeps = not owned or covers_vals(rest_vals, owned, c.royal)
    total = 0
    if not cv:  # a face card in the base game: one card of the same rank
        faces = _same_rank(c.t, card) if keeps else ()
        if faces:
            out.append((FACE, card, 0, 0, faces))
            total += len(faces)
    else:
        total += _capture_runs(c, card, caps, keeps, rest_vals, out)
        total += _build_runs(c, card, cv, builds, rest_vals, out)
        total += _increase_runs(c, card, cv, held, rest_vals, out)
    if c.may_trail and keeps:
        out.append((TRAIL, card, 0, 0, _ONE))
        total += 1
    return total


def _capture_runs(c: _Context, card: Card, caps: tuple[tuple[int, int], ...], keeps: bool,
                  rest_vals: tuple[int, ...], out: list[Run]) -> int:
    """The card's captures without a build (when it keeps its owner's cards), then of the
    build of each value it captures as [casino.build.capture]."""
    t, total = c.t, 0
    for v, low in caps:
        if keeps:
            masks = c.cache.get((t.tally & PREFIX[v]) << 10 | low)
            if masks is None:
                masks = capture_masks(c.cache, t.tally, t.vals, v, c.royal)
            if masks:
                out.append((CAPTURE, card, v, 0, masks))
                total += len(masks)
        if v in c.bvals and (not c.owned or covers_vals(
                rest_vals, [o for o in c.owned if o != v], c.royal)):
            masks = unions_of(c.cache, t.tally, t.vals, v, c.royal)
            out.append((CAPTURE_BUILD, card, v, v, masks))
            total += len(masks)
    return total


def _build_runs(c: _Context, card: Card, cv: int, builds: tuple[tuple[int, int, int], ...],
                rest_vals: tuple[int, ...], out: list[Run]) -> int:
    """The card's new builds and additions to a build of the same value
    [casino.build, casino.build.add]."""
    t, total = c.t, 0
    for bv, new_low, add_low in builds:
        if c.owned and not covers_vals(rest_vals, {*c.owned, bv}, c.royal):
            continue
        exists = bv in c.bvals
        masks = c.cache.get((t.tally & PREFIX[bv]) << 10 | (add_low if exists else new_low))
        if masks is None:
            masks = build_masks(c.cache, t.tally, t.vals, cv, bv, exists, c.royal)
        if masks:
            out.append((BUILD, card, bv, 0, masks))
            total += len(masks)
    return total


def _increase_runs(c: _Context, card: Card, cv: int, held: int, rest_vals: tuple[int, ...],
                   out: list[Run]) -> int:
    """The card's increases of each single build [casino.build.increase]."""
    t, total = c.t, 0
    if cv >= c.maxv:
        return 0
    for b in c.state.builds:
        if b.multiple:
            continue
        nv = b.value + cv
        if nv > c.maxv or not held >> nv & 1:
            continue
        if c.owned and not covers_vals(rest_vals, {o for o in c.owned if o != b.value}
                                       | {nv}, c.royal):
            continue
        masks = increase_masks(c.cache, t.tally, t.vals, nv, c.royal)
        out.append((INCREASE, card, nv, b.value, masks))
        total += len(masks)
    return total


# -- reading a plan ----------------------------------------------------------------------------
def entry_play(plan: Plan, i: int) -> Move:
    """The ``i``-th play of a plan (``0 <= i < plan.total``), made into cards."""
    k = bisect_right(plan.starts, i) - 1
    run = plan.runs[k]
    return run_play(run, run[4][i - plan.starts[k]], plan.cards)


def run_play(run: Run, mask: int, cards: tuple[Card, ...]) -> Move:
    """The play of a run that takes the table cards of ``mask`` (bits over ``cards``)."""
    kind, card, v, b, _ = run
    if kind == TRAIL:
        return new_trail(card)
    loose = tuple([cards[i] for i in bits(mask)])
    if kind == CAPTURE:
        return new_capture(card, loose, None, v)
    if kind == BUILD:
        return new_build(card, v, loose)
    if kind == CAPTURE_BUILD:
        return new_capture(card, loose, v, v)
    if kind == FACE:
        return new_capture(card, loose, None, None)
    return new_increase(card, b, v, loose)


def plan_plays(plan: Plan) -> list[Move]:
    """Every play of a plan, in order, made into cards (a run at a time)."""
    cards = plan.cards
    out: list[Move] = []
    for kind, card, v, b, masks in plan.runs:
        if kind == TRAIL:
            out.append(new_trail(card))
            continue
        takes = [tuple([cards[i] for i in BITS[m]]) for m in masks]
        if kind == BUILD:
            out += new_plays(Build, {"card": card, "value": v}, takes)
        elif kind == INCREASE:
            out += new_plays(Increase, {"card": card, "build": b, "value": v}, takes)
        else:
            build, value = (v, v) if kind == CAPTURE_BUILD else (None, v or None)
            out += new_plays(Capture, {"card": card, "build": build, "value": value,
                                       "sets": ()}, takes)
    return out


# -- whether a play is planned -------------------------------------------------------------------
_KINDS = (Trail, Capture, Build, Increase)


def is_listed(state: CasinoState, move: object) -> bool:
    """Whether ``move`` is one of the plays of a planned position's plan: then it is
    legal (see :func:`locate`)."""
    return locate(state, move) is not None


#: where a planned play is: its card's place in the hand, and the bit mask of the table
#: cards it takes (over the plan's ``cards``)
Where = tuple[int, int]


def locate(state: CasinoState, move: object) -> Where | None:
    """Where ``move`` is in the plan of a planned position, if it is one of its plays:
    then it is legal.  It looks up the one run the play would be in, as :func:`plan_of`
    makes it.  None when the play is not in it, or when the plan cannot say (not a play
    the engine makes itself: a grouping named with a capture, a card not held, a table
    card named twice); :func:`~cardrules.casino.verify_action` then decides.

    >>> from cardrules.casino import Capture, Trail, position
    >>> s = position("3D 8S", "AH 2C 5D 6H 7C 8D")
    >>> locate(s, Capture("8S", "8D 7C AH")), locate(s, Trail("3D"))
    ((1, 49), (0, 0))
    """
    t = state.fast
    if (t is None or not t.regular or state.phase is not Phase.PLAY
            or len(t.codes) > SMALL_TABLE or type(move) not in _KINDS):
        return None
    assert isinstance(move, _KINDS)
    seat = state.turn
    i = _held_at(state.hands[seat], move.card)
    if i is None:
        return None
    builds = state.builds
    if not builds:  # nobody owns a build: a card may trail, and captures freely
        if isinstance(move, Trail):
            return (i, 0)
        if isinstance(move, Capture) and move.build is None and not move.sets:
            mask = _free_capture(state, t, i, move)
            return None if mask is None else (i, mask)
    royal = state.rules.royal
    card_plan = hand_plan(t.hand_vals[seat], royal)[i]
    owned = [b.value for b in builds if b.owner == seat] if builds else []
    keeps = not owned or covers_vals(card_plan[4], owned, royal)
    if isinstance(move, Trail):
        ok = keeps and (not owned or state.rules.owner_may_trail)
        return (i, 0) if ok else None
    if isinstance(move, Capture):
        mask = _capture_mask(state, t, card_plan, owned, keeps, move)
    elif isinstance(move, Build):
        mask = _build_mask(state, t, card_plan, owned, move)
    else:
        mask = _increase_mask(state, t, card_plan, owned, move)
    return None if mask is None else (i, mask)


def _free_capture(state: CasinoState, t: FastTable, i: int, move: Capture) -> int | None:
    """:func:`locate` for a capture without a build, nobody owning one: among the captures
    of the card's value, or a face card's of its rank."""
    seat = state.turn
    cv = t.hand_vals[seat][i]
    if not cv:
        face = _mask_of(t, move.loose, True)
        return face if move.value is None and face in _same_rank(t, move.card) else None
    mask = _mask_of(t, move.loose, False)
    if mask is None:
        return None
    royal = state.rules.royal
    cache = cache_for(t.vals)
    for v in ((1, 14) if royal and cv == 1 else (cv,)):
        if move.value in (None, v) and mask in capture_masks(cache, t.tally, t.vals, v, royal):
            return mask
    return None


def _capture_mask(state: CasinoState, t: FastTable, card_plan: Any, owned: list[int],
                  keeps: bool, move: Capture) -> int | None:
    """:func:`locate` for a capture: in the card's run of captures of its value (a face
    card's of its rank), or of the build's (:func:`_card_runs`)."""
    if move.sets:
        return None
    royal = state.rules.royal
    cv, caps, _, _, rest_vals = card_plan
    if not cv:
        face = _mask_of(t, move.loose, True)
        ok = keeps and move.build is None and move.value is None
        return face if ok and face in _same_rank(t, move.card) else None
    mask = _mask_of(t, move.loose, False)
    if mask is None:
        return None
    cache = cache_for(t.vals)
    if move.build is None:
        ok = keeps and any(move.value in (None, v) and mask in capture_masks(
            cache, t.tally, t.vals, v, royal) for v, _ in caps)
        return mask if ok else None
    v = move.build
    ok = (move.value in (None, v) and any(v == x for x, _ in caps)
          and any(b.value == v for b in state.builds)
          and (not owned or covers_vals(rest_vals, [o for o in owned if o != v], royal))
          and mask in unions_of(cache, t.tally, t.vals, v, royal))
    return mask if ok else None


def _build_mask(state: CasinoState, t: FastTable, card_plan: Any, owned: list[int],
                move: Build) -> int | None:
    """:func:`locate` for a build: in the card's run of builds of its value."""
    royal = state.rules.royal
    cv, _, builds, _, rest_vals = card_plan
    bv = move.value
    if not any(x == bv for x, _, _ in builds):
        return None
    if owned and not covers_vals(rest_vals, {*owned, bv}, royal):
        return None
    mask = _mask_of(t, move.loose, False)
    exists = any(b.value == bv for b in state.builds)
    ok = mask is not None and mask in build_masks(cache_for(t.vals), t.tally, t.vals, cv,
                                                  bv, exists, royal)
    return mask if ok else None


def _increase_mask(state: CasinoState, t: FastTable, card_plan: Any, owned: list[int],
                   move: Increase) -> int | None:
    """:func:`locate` for an increase: in the card's run of increases of the build."""
    rules = state.rules
    cv, _, _, held, rest_vals = card_plan
    b = next((x for x in state.builds if x.value == move.build), None)
    if b is None or b.multiple or not cv or cv >= rules.max_value:
        return None
    nv = b.value + cv
    if move.value != nv or nv > rules.max_value or not held >> nv & 1:
        return None
    if owned and not covers_vals(rest_vals, {o for o in owned if o != b.value} | {nv},
                                 rules.royal):
        return None
    mask = _mask_of(t, move.loose, False)
    ok = mask is not None and mask in increase_masks(cache_for(t.vals), t.tally, t.vals, nv,
                                                     rules.royal)
    return mask if ok else None


def _held_at(hand: tuple[Card, ...], card: object) -> int | None:
    """Where ``card`` is in the hand (the very object first, then an equal card)."""
    for i, c in enumerate(hand):
        if c is card:
            return i
    for i, c in enumerate(hand):
        if c == card:
            return i
    return None


def _mask_of(t: FastTable, loose: tuple[Card, ...], faces: bool) -> int | None:
    """The table cards ``loose`` as a bit mask over the table's cards, or None when one of
    them is not on the table, is named twice, or is not of the kind asked for (a card with
    a value, or with ``faces`` one without)."""
    n = len(t.vals)
    codes = t.codes
    mask = 0
    for c in loose:
        try:
            at = codes.index(card_code(c))
        except (ValueError, TypeError):
            return None
        bit = 1 << at
        if (at >= n) is not faces or mask & bit:
            return None
        mask |= bit
    return mask
