"""The fast path's legal plays on a table of ordinary size, planned without being made.

While the table holds at most :data:`SMALL_TABLE` loose cards, the plays of a position are
*planned*: for each card in hand, its captures, builds and increases are runs of bit masks
over the table's cards (from the memo of :mod:`cardrules.casino.masks`, by the table's
values), and only the play asked for is made into cards (:func:`entry_play`).  So the
plays are counted at once and the n-th found without making the others.

A play the plan makes carries where it is (:attr:`~cardrules.casino.actions.Capture.listed`),
which :func:`~cardrules.casino.apply` reads for a play listed for the very same state; any
other play is looked up in the plan by :func:`~cardrules.casino.locate.locate`.

>>> from cardrules.casino import Capture, describe, position
>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> p = plan_of(s)
>>> p.total, describe(entry_play(p, 0)), describe(entry_play(p, p.total - 1))
(10, 'capture A♥ 2♣ 5♦ with 8♠', 'trail 8♠')
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..cards import Card
from .actions import Move, new_build, new_capture, new_increase, new_trail
from .fast import FastTable
from .masks import (
    GETTERS,
    PREFIX,
    CardPlan,
    build_masks,
    cache_for,
    capture_masks,
    getter,
    hand_plan,
    increase_masks,
    unions_of,
)
from .state import CasinoState, Phase
from .table import covers_vals

#: a table of at most this many loose cards is planned here; beyond, the plays are
#: counted by :mod:`cardrules.casino.crowded` (listing a larger table with few cards of
#: value would be faster still, but in another order: seeded games would change)
SMALL_TABLE = 12

# The kinds of a run of plays of one card: captures without a build, builds (new ones and
# additions), captures of the build of the run's value, increases of the build of the
# run's ``build`` value to its value, a face card's capture of one card of its rank, and
# trailing the card.
CAPTURE, BUILD, CAPTURE_BUILD, INCREASE, FACE, TRAIL = range(6)
#: a run of plays of one card and kind: (kind, value, build value, masks), the masks over
#: the plan's ``cards``
Run = tuple[int, int, int, Sequence[int]]
#: a card's runs: how many plays they hold, and the runs
CardRuns = tuple[int, tuple[Run, ...]]
_TRAIL_RUN: Run = (TRAIL, 0, 0, (0,))  # a trail: one play, taking nothing
_ONLY_TRAIL: tuple[Run, ...] = (_TRAIL_RUN,)
_NONE: CardRuns = (0, ())
_made = tuple.__new__  # a named tuple from its fields at once (no Python-level __new__)


class Plan(NamedTuple):
    """The plays of a position, in order: for each card in hand its captures, its builds
    (new builds and additions), its increases, then trailing it."""

    #: the hand of the player to move
    hand: tuple[Card, ...]
    #: the runs of each card in hand
    runs: Sequence[tuple[Run, ...]]
    #: where each card's plays start, counting plays
    starts: Sequence[int]
    #: how many plays they hold
    total: int
    #: the loose cards in card order (those with a value first): the masks' positions
    cards: tuple[Card, ...]
    #: the key of the position's fast table, which the plays made from the plan carry
    key: object


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
    seat = state.turn
    rules = state.rules
    royal = rules.royal
    hand = state.hands[seat]
    plans = hand_plan(t.hand_vals[seat], royal)
    runs: list[tuple[Run, ...]] = []
    starts: list[int] = []
    total = 0
    if state.builds:
        owned = [b.value for b in state.builds if b.owner == seat]
        bvals = {b.value for b in state.builds}
        for plan, card in zip(plans, hand, strict=True):
            starts.append(total)
            if plan[0]:
                n, got = card_runs(state, t, plan, owned, bvals)
            else:
                n, got = face_runs(t, card, not owned or covers_vals(plan[4], owned, royal),
                                   not owned or rules.owner_may_trail)
            runs.append(got)
            total += n
        return _made(Plan, (hand, runs, starts, total, t.cards, t.key))
    # no build on the table, where nobody owns one: each card captures, builds and trails
    # freely (the common case, kept short: card_runs without its checks of the builds); a
    # capture or build is looked up only when the table holds the sums it needs
    vals, tally, sums = t.vals, t.tally, t.sums
    cache = cache_for(vals)
    get = cache.get
    shifted = tally << 10  # the count code as the memo's keys hold it
    faces = len(vals) < len(t.cards)  # a face card on the table
    for plan, card in zip(plans, hand, strict=True):
        starts.append(total)
        cv = plan[0]
        if not cv:
            if faces:
                n, got = face_runs(t, card, True, True)
                runs.append(got)
                total += n
            else:  # nothing of its rank to take: it trails
                runs.append(_ONLY_TRAIL)
                total += 1
            continue
        if not sums & plan[5]:  # nothing to capture or build: the card trails
            runs.append(_ONLY_TRAIL)
            total += 1
            continue
        out = []
        for v, low, need, prefix in plan[1]:
            if sums & need:
                masks = get(shifted & prefix | low)
                if masks is None:
                    masks = capture_masks(cache, tally, vals, v, royal)
                if masks:
                    out.append((CAPTURE, v, 0, masks))
                    total += len(masks)
        for bv, new_low, _, need, prefix in plan[2]:
            if sums & need:
                masks = get(shifted & prefix | new_low)
                if masks is None:
                    masks = build_masks(cache, tally, vals, cv, bv, False, royal)
                if masks:
                    out.append((BUILD, bv, 0, masks))
                    total += len(masks)
        if out:
            out.append(_TRAIL_RUN)
            runs.append(tuple(out))
        else:
            runs.append(_ONLY_TRAIL)
        total += 1
    return _made(Plan, (hand, runs, starts, total, t.cards, t.key))


def face_runs(t: FastTable, card: Card, keeps: bool, trails: bool) -> CardRuns:
    """A base game's face card's runs: one table card of its rank each
    [casino.capture.face], and trailing it (when ``trails``); none unless the card
    ``keeps`` the cards that capture its player's builds [casino.build.owner]."""
    if not keeps:
        return _NONE
    cards = t.cards
    if len(t.vals) == len(cards):  # no face card on the table
        return (1, _ONLY_TRAIL) if trails else _NONE
    rank = card.rank
    faces = tuple([1 << i for i in range(len(t.vals), len(cards)) if cards[i].rank is rank])
    if not faces:
        return (1, _ONLY_TRAIL) if trails else _NONE
    if trails:
        return (len(faces) + 1, ((FACE, 0, 0, faces), _TRAIL_RUN))
    return (len(faces), ((FACE, 0, 0, faces),))


def card_runs(state: CasinoState, t: FastTable, plan: CardPlan, owned: list[int],
              bvals: set[int]) -> CardRuns:
    """The runs of a numeral (of card plan ``plan``) in ``state``, on its table ``t``, and
    how many plays they hold, builds of the values ``bvals`` being on the table (``owned``:
    the values of those the player owns): its captures, its builds (new builds and additions), its increases, then
    trailing it.  The owner of a build keeps a card that captures it [casino.build.owner]
    and may not trail unless the house allows it."""
    cv, caps, builds, held, rest_vals, _ = plan
    royal = state.rules.royal
    vals, tally, sums = t.vals, t.tally, t.sums
    cache = cache_for(vals)
    out: list[Run] = []
    append = out.append
    maxv = state.rules.max_value
    keeps = not owned or covers_vals(rest_vals, owned, royal)
    # captures without a build (when the card keeps its owner's cards), then of the build of
    # each value it captures as [casino.build.capture]
    for v, low, need, _ in caps:
        if keeps and sums & need:
            masks = cache.get((tally & PREFIX[v]) << 10 | low)
            if masks is None:
                masks = capture_masks(cache, tally, vals, v, royal)
            if masks:
                append((CAPTURE, v, 0, masks))
        if v in bvals and (not owned or covers_vals(
                rest_vals, [o for o in owned if o != v], royal)):
            append((CAPTURE_BUILD, v, v, unions_of(cache, tally, vals, v, royal)))
    # new builds and additions to a build of the same value [casino.build, casino.build.add]
    for bv, new_low, add_low, need, _ in builds:
        if owned and not covers_vals(rest_vals, {*owned, bv}, royal):
            continue
        exists = bv in bvals
        if not exists and not sums & need:
            continue
        masks = cache.get((tally & PREFIX[bv]) << 10 | (add_low if exists else new_low))
        if masks is None:
            masks = build_masks(cache, tally, vals, cv, bv, exists, royal)
        if masks:
            append((BUILD, bv, 0, masks))
    # increases of each single build [casino.build.increase]
    if cv < maxv:
        for b in state.builds:
            if b.multiple:
                continue
            nv = b.value + cv
            if nv > maxv or not held >> nv & 1:
                continue
            if owned and not covers_vals(rest_vals, {o for o in owned if o != b.value} | {nv},
                                         royal):
                continue
            append((INCREASE, nv, b.value, increase_masks(cache, tally, vals, nv, royal)))
    if keeps and (not owned or state.rules.owner_may_trail):
        append(_TRAIL_RUN)
    return (sum([len(r[3]) for r in out]), tuple(out))


# -- reading a plan ----------------------------------------------------------------------------
def entry_play(plan: Plan, i: int) -> Move:
    """The ``i``-th play of a plan (``0 <= i < plan.total``), made into cards."""
    k = bisect_right(plan.starts, i) - 1
    i -= plan.starts[k]
    for run in plan.runs[k]:
        masks = run[3]
        if i < len(masks):
            break
        i -= len(masks)
    mask = masks[i]
    kind = run[0]
    if kind == TRAIL:
        return new_trail(plan.hand[k], (plan.key, k, 0))
    loose = (GETTERS.get(mask) or getter(mask))(plan.cards)
    if kind == CAPTURE:
        return new_capture(plan.hand[k], loose, None, run[1], (plan.key, k, mask))
    return run_play(run, plan.hand[k], mask, plan.cards, (plan.key, k, mask))


def run_play(run: Run, card: Card, mask: int, cards: tuple[Card, ...], listed: Any) -> Move:
    """The play of ``card`` in a run that takes the table cards of ``mask`` (bits over
    ``cards``), carrying ``listed`` (where it is)."""
    kind, v, b, _ = run
    if kind == TRAIL:
        return new_trail(card, listed)
    loose = (GETTERS.get(mask) or getter(mask))(cards)
    if kind == CAPTURE:
        return new_capture(card, loose, None, v, listed)
    if kind == BUILD:
        return new_build(card, v, loose, listed)
    if kind == CAPTURE_BUILD:
        return new_capture(card, loose, v, v, listed)
    if kind == FACE:
        return new_capture(card, loose, None, None, listed)
    return new_increase(card, b, v, loose, listed)


def plan_plays(plan: Plan) -> list[Move]:
    """Every play of a plan, in order, made into cards: a run's plays made together, its
    kind read once (the listing of a crowded table makes thousands)."""
    cards, key = plan.cards, plan.key
    known = GETTERS.get
    out: list[Move] = []
    for k, (card, runs) in enumerate(zip(plan.hand, plan.runs, strict=True)):
        for kind, v, b, masks in runs:
            if kind == TRAIL:
                out.append(new_trail(card, (key, k, 0)))
                continue
            looses = [(known(m) or getter(m))(cards) for m in masks]
            if kind == CAPTURE:
                out += [new_capture(card, loose, None, v, (key, k, m))
                        for m, loose in zip(masks, looses, strict=True)]
            elif kind == BUILD:
                out += [new_build(card, v, loose, (key, k, m))
                        for m, loose in zip(masks, looses, strict=True)]
            elif kind == CAPTURE_BUILD:
                out += [new_capture(card, loose, v, v, (key, k, m))
                        for m, loose in zip(masks, looses, strict=True)]
            elif kind == FACE:
                out += [new_capture(card, loose, None, None, (key, k, m))
                        for m, loose in zip(masks, looses, strict=True)]
            else:
                out += [new_increase(card, b, v, loose, (key, k, m))
                        for m, loose in zip(masks, looses, strict=True)]
    return out
