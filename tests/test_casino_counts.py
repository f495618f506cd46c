"""Casino's counted plays: the number of captures and builds on crowded tables, worked out
by dynamic programming over card values (:mod:`cardrules.casino.sets`), against counts
made without it.

Two independent statements: a brute force over count vectors that splits each one into
sets by plain recursion, and the plain rules' listing of the plays
(:mod:`cardrules.casino.plain`), which shares no code with the counting.
"""

from __future__ import annotations

import itertools
from functools import cache
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import casino
from cardrules.cards import standard_deck
from cardrules.casino import (
    Phase,
    Trail,
    apply,
    crowded,
    legal_actions,
    listing,
    load_casino,
    plain,
    plan,
    sets,
)


# -- count vectors, by brute force ---------------------------------------------------------------
@cache
def _splits(cards: tuple[int, ...], open_: tuple[int, ...], v: int, ace14: bool) -> bool:
    """Whether ``cards`` (values, highest first) complete the open deficits ``open_`` and
    make whole sets of ``v``: each card joins an open set it fits in, starts a set (alone
    when it is worth ``v``), or, an ace when ``ace14``, stands alone as 14."""
    if not cards:
        return not open_
    a, rest = cards[0], cards[1:]
    options = set()
    for i, d in enumerate(open_):
        if d >= a:
            left = open_[:i] + open_[i + 1:] + ((d - a,) if d > a else ())
            options.add(tuple(sorted(left)))
    if a < v:
        options.add(tuple(sorted((*open_, v - a))))
    elif a == v:
        options.add(open_)
    if ace14 and a == 1:
        options.add(open_)
    return any(_splits(rest, o, v, ace14) for o in options)


def brute_total(v: int, counts: tuple[int, ...], start: frozenset[tuple[int, ...]],
                ace14: bool, floor: tuple[int, ...]) -> int:
    """The card choices (at least ``floor[a]``, at most ``counts[a]`` cards of each value
    ``a``) that split into sets of ``v`` with one of the ``start`` sets open."""
    total = 0
    for vec in itertools.product(*[range(floor[a], counts[a] + 1)
                                   for a in range(len(counts))]):
        if vec[0]:
            continue
        cards = tuple(a for a in range(len(counts) - 1, 0, -1) for _ in range(vec[a]))
        if any(_splits(cards, tuple(sorted(cfg)), v, ace14) for cfg in start):
            ways = 1
            for a, k in enumerate(vec):
                ways *= comb(counts[a], k)
            total += ways
    return total


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, tuple[int, ...], frozenset[tuple[int, ...]], bool,
                                     tuple[int, ...]]:
    """A value, the table's cards of each value up to it (at most 12 in all, each value at
    most 4 times), the sets open at the start (as the card played leaves them) and floors."""
    v = draw(st.integers(2, 14))
    top = min(v, 13)
    counts = [0, *(draw(st.integers(0, 4)) for _ in range(top))]
    while sum(counts) > 12:
        counts[counts.index(max(counts))] -= 1
    ace14 = v == 14 and draw(st.booleans())
    start = draw(st.sampled_from([
        frozenset({()}),
        frozenset({(), (13,)}) if v == 14 else frozenset({()}),
        frozenset({(draw(st.integers(1, v - 1)),)}) if v > 1 else frozenset({()}),
    ]))
    floor = tuple(draw(st.integers(0, k)) if draw(st.integers(0, 4)) == 0 else 0
                  for k in counts)
    return v, tuple(counts), start, ace14, floor


@settings(max_examples=300, deadline=None)
@given(tables())
def test_casino_capture_numeral_counted_sets_are_the_brute_force_count(
        table: tuple[int, tuple[int, ...], frozenset[tuple[int, ...]], bool, tuple[int, ...]]
) -> None:
    v, counts, start, ace14, floor = table
    for memo in (sets._COUNTS, sets._KIDS, sets._FEASIBLE):
        memo.clear()  # counted afresh, not read back from another table
    counted = sets.ValueSets(v, counts, start, ace14, floor)
    assert counted.total == brute_total(v, counts, start, ace14, floor)
    # the ways in order agree with the count, high cards taken at their own level
    if counted.total:
        last = counted.unrank(counted.total - 1)
        assert last == list(itertools.islice(counted.ways(), counted.total))[-1]


# -- whole positions: counted against listed ------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(("royal-casino", "casino")), st.integers(0, 10**6),
       st.integers(1, 4))
def test_casino_capture_numeral_counted_plays_match_the_listing_on_medium_tables(
        profile: str, seed: int, extra: int) -> None:
    # Just past SMALL_TABLE the plays are counted, and the plain rules still list them.
    rules = load_casino(profile)
    rng = casino.Rng(seed)
    deck = list(rng.shuffled(standard_deck()))
    valued = [c for c in deck[4:] if rules.royal or c.rank.pips <= 10]
    loose = valued[:plan.SMALL_TABLE + extra]
    s = casino.position(deck[:4], loose, rules=rules)
    plays = legal_actions(s)
    assert plays.kind == "crowded"  # counted, not planned
    listed = plain.plain_legal_actions(s)
    assert len(plays) == len(listed) and set(plays) == set(listed)


def _count_in_level_order(vs: sets.ValueSets) -> int:
    """The count of ``vs`` value by value from the highest, as the ways are ordered, down
    to the last card (no closed form, no card placed out of its turn)."""
    memo: dict[tuple[int, frozenset[tuple[int, ...]]], int] = {}

    def go(i: int, s: frozenset[tuple[int, ...]]) -> int:
        if i == len(vs.levels):
            return 1 if () in s else 0
        if (i, s) not in memo:
            ma = vs.counts[vs.levels[i]]
            memo[(i, s)] = sum(comb(ma, c) * go(i + 1, t) for c, t in vs._children(i, s))
        return memo[(i, s)]

    return go(0, vs.start)


def test_casino_capture_numeral_crowded_royal_tables_are_counted_exactly() -> None:
    # Royal Casino played trailing whenever allowed piles 20 loose cards and more on the
    # table; each card's captures and builds there are counted in another order than
    # value by value (high cards placed late), and with closed forms for the low cards.
    s = casino.new_game(load_casino("royal-casino"), seed=0, players=2)
    rng = casino.Rng(0)
    checked = 0
    while s.phase is Phase.PLAY and len(s.loose) <= 24:
        plays = legal_actions(s)
        if len(s.loose) >= 20:
            for seg in plays.segments:
                if isinstance(seg, crowded.SetsSegment):
                    vs = seg.sets()
                    assert vs.total == _count_in_level_order(vs), (seg.args, len(s.loose))
                    checked += 1
        trail = next((Trail(c) for c in s.hand if Trail(c) in plays), None)
        s = apply(s, trail if trail is not None else casino.random_action(s, rng))
    assert checked >= 10


def test_crowded_royal_plays_are_shown_without_counting_them(monkeypatch) -> None:
    # Counting Royal Casino's plays on a crowded table can take seconds; a notebook shows
    # the collection at once all the same, by naming the table instead of counting.
    crowded = casino.position("KC 8S AC", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD 2D "
                              "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2S 3S", rules="royal-casino")
    small = casino.position("KC 8S AC", "AH 2H 3H 4H", rules="royal-casino")
    base = casino.position("KC 8S AC", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD 2D 3D "
                           "4D 5D 6D 7D 8D 9D 10D JD QD KD 2S 3S")
    counted = [repr(legal_actions(s)) for s in (small, base)]
    assert counted == [f"<{len(legal_actions(s))} legal Casino plays>" for s in (small, base)]

    def no_counting(self: listing.CasinoActions) -> int:
        raise AssertionError("repr counted the plays")

    monkeypatch.setattr(listing.CasinoActions, "__len__", no_counting)
    assert repr(legal_actions(crowded)) == (
        "<legal Royal Casino plays on a table of 28 loose cards: not counted here, as len() "
        "may take seconds>")
