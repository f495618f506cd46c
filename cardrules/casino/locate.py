"""Whether a play is one of a planned position's plays, and where: the check of a play the
listing did not make for the very same state (a play written by hand, or listed for an
equal state), which :func:`~cardrules.casino.apply` makes before the fast step.

It looks up the one run of the plan (:mod:`cardrules.casino.plan`) the play would be in,
without making the plan: a play is legal when it is there (:func:`is_listed`); when the
plan cannot say (a position made by hand, a grouping named with a capture), the checks of
:mod:`cardrules.casino.checks` decide.

>>> from cardrules.casino import Capture, position
>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> is_listed(s, Capture("8S", "8D 7C AH")), is_listed(s, Capture("8S", "8D 7C 5D"))
(True, False)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .actions import Build, Capture, Increase, Trail
from .fast import FastTable
from .masks import build_masks, cache_for, capture_masks, hand_plan, increase_masks, unions_of
from .plan import SMALL_TABLE
from .state import CasinoState, Phase
from .table import covers_vals
from .values import card_code

_KINDS = (Trail, Capture, Build, Increase)


def is_listed(state: CasinoState, move: object) -> bool:
    """Whether ``move`` is one of the plays of a planned position's plan: then it is
    legal (see :func:`locate`)."""
    return locate(state, move) is not None


def same_rank(t: FastTable, card: Card) -> tuple[int, ...]:
    """A base game's face card's captures: one table card of its rank each, as masks
    [casino.capture.face]."""
    rank = card.rank
    return tuple([1 << i for i in range(len(t.vals), len(t.cards)) if t.cards[i].rank is rank])


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
        return face if move.value is None and face in same_rank(t, move.card) else None
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
    cv, caps, _, _, rest_vals = card_plan[:5]
    if not cv:
        face = _mask_of(t, move.loose, True)
        ok = keeps and move.build is None and move.value is None
        return face if ok and face in same_rank(t, move.card) else None
    mask = _mask_of(t, move.loose, False)
    if mask is None:
        return None
    cache = cache_for(t.vals)
    if move.build is None:
        ok = keeps and any(move.value in (None, v) and mask in capture_masks(
            cache, t.tally, t.vals, v, royal) for v, _, _, _ in caps)
        return mask if ok else None
    v = move.build
    ok = (move.value in (None, v) and any(v == x for x, _, _, _ in caps)
          and any(b.value == v for b in state.builds)
          and (not owned or covers_vals(rest_vals, [o for o in owned if o != v], royal))
          and mask in unions_of(cache, t.tally, t.vals, v, royal))
    return mask if ok else None


def _build_mask(state: CasinoState, t: FastTable, card_plan: Any, owned: list[int],
                move: Build) -> int | None:
    """:func:`locate` for a build: in the card's run of builds of its value."""
    royal = state.rules.royal
    cv, _, builds, _, rest_vals = card_plan[:5]
    bv = move.value
    if not any(x == bv for x, _, _, _, _ in builds):
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
    cv, _, _, held, rest_vals = card_plan[:5]
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
