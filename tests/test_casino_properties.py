"""Casino properties, checked with Hypothesis.

The heart of it is an independent, brute-force statement of the legal plays, written
straight from RULES.md §4 and sharing no code with the engine's fast enumeration: every
subset of the table is tried for every card and every announced value.  ``legal_moves``
must list exactly those plays, each once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import casino
from cardrules.cards import Card, Rank, standard_deck
from cardrules.casino import (
    Build,
    Capture,
    CasinoState,
    Increase,
    Phase,
    TableBuild,
    Trail,
    apply,
    legal_moves,
    load_casino,
)
from cardrules.catalog import rule_ids
from cardrules.errors import IllegalAction
from cardrules.rng import Rng

PROFILES = ("casino", "royal-casino", "casino-sweeps", "casino-owner-trails", "casino-11")
DECK = standard_deck()


# -- the reference, from the rules text ------------------------------------------------------
def values(card: Card, royal: bool) -> tuple[int, ...]:
    """What a card alone is worth: A-10 their pips; J Q K nothing, or 11 12 13 in Royal
    Casino, where an ace is 1 or 14."""
    p = card.rank.pips
    if royal:
        return (1, 14) if card.rank is Rank.ACE else (p,)
    return (p,) if p <= 10 else ()


def set_worth(group: Sequence[Card], value: int, royal: bool) -> bool:
    """A single card of the value, or several cards adding up to it (aces count 1)."""
    if len(group) == 1:
        return value in values(group[0], royal)
    total = 0
    for c in group:
        v = values(c, royal)
        if not v:
            return False
        total += v[0]
    return total == value


def splits(cards: Sequence[Card], value: int, royal: bool) -> bool:
    """Whether the cards split into sets each worth ``value``, each card in one set."""
    if not cards:
        return True
    # quick necessary test: the total (aces 1, or 14 on their own) is a multiple of value
    counted = [values(c, royal) for c in cards]
    if not all(counted):
        return False
    total = sum(v[0] for v in counted)
    aces = sum(1 for v in counted if len(v) == 2)
    if all((total + 13 * j) % value for j in range(aces + 1)):
        return False
    return _splits(tuple(sorted(cards)), value, royal)


@cache
def _splits(cards: tuple[Card, ...], value: int, royal: bool) -> bool:
    if not cards:
        return True
    first, rest = cards[0], list(cards[1:])
    for r in range(len(rest) + 1):
        for combo in itertools.combinations(rest, r):
            if set_worth((first, *combo), value, royal):
                left = tuple(c for c in rest if c not in combo)
                if _splits(left, value, royal):
                    return True
    return False


def holds(rest: Sequence[Card], needed: set[int], royal: bool) -> bool:
    """A different card of ``rest`` for each needed value."""
    need = sorted(needed)
    if not need:
        return True
    v = need[0]
    for i, c in enumerate(rest):
        if v in values(c, royal) and holds(rest[:i] + rest[i + 1:], set(need[1:]), royal):
            return True
    return False


def subsets(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [combo for r in range(len(cards) + 1) for combo in itertools.combinations(cards, r)]


def reference_moves(s: CasinoState) -> set[tuple[object, ...]]:
    rules = s.rules
    royal = rules.royal
    maxv = 14 if royal else 10
    hand = list(s.hands[s.turn])
    loose = list(s.loose)
    builds = {b.value: b for b in s.builds}
    owned = {b.value for b in s.builds if b.owner == s.turn}
    out: set[tuple[object, ...]] = set()
    all_subsets = subsets(loose)
    for c in hand:
        rest = [x for x in hand if x != c]
        if (not owned or rules.owner_may_trail) and holds(rest, owned, royal):
            out.add(("T", c))
        vs = values(c, royal)
        if not vs:  # a base-game face card: one card of its rank
            for t in loose:
                if t.rank is c.rank and holds(rest, owned, royal):
                    out.add(("C", c, frozenset([t]), None))
            continue
        for sub in all_subsets:
            for b in [None, *[v for v in vs if v in builds]]:
                if not sub and b is None:
                    continue
                tries = [b] if b is not None else list(vs)
                if any(splits(sub, v, royal) for v in tries if v is not None):
                    need = owned - {b} if b is not None else owned
                    if holds(rest, need, royal):
                        out.add(("C", c, frozenset(sub), b))
            for v in range(1, maxv + 1):
                if (sub or v in builds) and splits([c, *sub], v, royal) and holds(
                        rest, owned | {v}, royal):
                    out.add(("B", c, v, frozenset(sub)))
        w = 1 if c.rank is Rank.ACE else vs[0]
        for b in s.builds:
            nv = b.value + w
            if b.multiple or nv > maxv:
                continue
            for sub in all_subsets:
                if all(nv in values(t, royal) for t in sub) and holds(
                        rest, (owned - {b.value}) | {nv}, royal):
                    out.add(("I", c, b.value, nv, frozenset(sub)))
    return out


def key(m: casino.Move) -> tuple[object, ...]:
    if isinstance(m, Trail):
        return ("T", m.card)
    if isinstance(m, Capture):
        return ("C", m.card, frozenset(m.loose), m.build)
    if isinstance(m, Build):
        return ("B", m.card, m.value, frozenset(m.loose))
    return ("I", m.card, m.build, m.value, frozenset(m.loose))


# -- positions -------------------------------------------------------------------------------
@st.composite
def natural_positions(draw: st.DrawFn) -> CasinoState:
    """A position reached by random play from a seeded deal."""
    profile = draw(st.sampled_from(PROFILES))
    players = draw(st.sampled_from((2, 3, 4)))
    seed = draw(st.integers(0, 10**6))
    plays = draw(st.integers(0, 60))
    s = casino.new_game(load_casino(profile), seed=seed, players=players)
    rng = Rng(seed)
    for _ in range(plays):
        if s.phase is not Phase.PLAY:
            break
        moves = legal_moves(s)
        s = apply(s, moves[rng.below(len(moves))])
    return s


@st.composite
def crafted_positions(draw: st.DrawFn) -> CasinoState:
    """A crowded made-up position: up to 4 cards in hand, up to 7 loose cards and up to two
    builds (single or multiple, owned by either player)."""
    profile = draw(st.sampled_from(("casino", "royal-casino", "casino-owner-trails")))
    rules = load_casino(profile)
    royal = rules.royal
    maxv = 14 if royal else 10
    deck = list(draw(st.permutations(DECK)))
    hand = tuple(deck[:draw(st.integers(1, 4))])
    del deck[:len(hand)]
    builds: list[TableBuild] = []
    for _ in range(draw(st.integers(0, 2))):
        multiple = draw(st.booleans())
        if multiple:  # two cards of one rank, as "building fives"
            a = deck.pop(0)
            twin = [c for c in deck if c.rank is a.rank]
            v = values(a, royal)[0] if values(a, royal) else 0
            if not twin or not v or any(b.value == v for b in builds):
                deck.append(a)
                continue
            deck.remove(twin[0])
            builds.append(TableBuild(v, ((a,), (twin[0],)), draw(st.integers(0, 1))))
        else:
            a, b = deck.pop(0), deck.pop(0)
            va, vb = values(a, royal), values(b, royal)
            v = va[0] + vb[0] if va and vb else 0
            if not v or v > maxv or any(x.value == v for x in builds):
                deck += [a, b]
                continue
            builds.append(TableBuild(v, ((a, b),), draw(st.integers(0, 1))))
    loose = tuple(deck[:draw(st.integers(0, 7))])
    del deck[:len(loose)]
    other = tuple(deck[:4])
    rest = tuple(deck[4:])
    sides = (0, 0)
    return CasinoState(rules, 1, 0, (hand, other), loose, tuple(builds), rest, ((), ()),
                       ((), ()), None, 1, 1, sides)


positions = st.one_of(natural_positions(), crafted_positions())
SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# -- properties -----------------------------------------------------------------------------
@SETTINGS
@given(positions)
def test_casino_legal_moves_are_exactly_the_reference_plays_each_once(s: CasinoState) -> None:
    moves = legal_moves(s)
    keys = [key(m) for m in moves]
    assert len(keys) == len(set(keys)), "a play is listed twice"
    assert set(keys) == reference_moves(s)


@SETTINGS
@given(positions)
def test_casino_every_offered_move_applies_and_all_52_cards_stay(s: CasinoState) -> None:
    assert sorted(s.all_cards()) == sorted(DECK)
    for m in legal_moves(s):
        assert casino.can_move(s, m)
        t = apply(s, m)
        assert sorted(t.all_cards()) == sorted(s.all_cards())
        assert isinstance(casino.explain(s, m), str) and "Not allowed" not in casino.explain(
            s, m)


@st.composite
def candidate_moves(draw: st.DrawFn, s: CasinoState) -> casino.Move:
    """Any move, legal or not: a card from hand (or not), table cards (loose, in a build or
    not on the table), a build value and an announced value."""
    hand = list(s.hands[s.turn])
    pool_cards = hand + list(s.loose) + [c for b in s.builds for c in b.cards] + list(DECK[:3])
    card = draw(st.sampled_from(pool_cards))
    table = list(s.loose) + [c for b in s.builds for c in b.cards] + list(DECK[-2:])
    picked = tuple(dict.fromkeys(draw(st.lists(st.sampled_from(table), max_size=5))))
    value = draw(st.integers(0, 15))
    build = draw(st.sampled_from([None, value, *[b.value for b in s.builds]]))
    kind = draw(st.sampled_from("TCBI"))
    if kind == "T":
        return Trail(card)
    if kind == "C":
        return Capture(card, picked, build, draw(st.sampled_from([None, value])))
    if kind == "B":
        return Build(card, value, picked)
    return Increase(card, build if build is not None else value, value, picked)


@SETTINGS
@given(st.data())
def test_casino_moves_not_offered_are_refused_with_a_rule_id(data: st.DataObject) -> None:
    s = data.draw(positions)
    if s.phase is not Phase.PLAY:
        return
    offered = {key(m) for m in legal_moves(s)}
    ids = set(rule_ids())
    for _ in range(20):
        m = data.draw(candidate_moves(s))
        snapshot = (s.hands, s.loose, s.builds, s.piles, s.turn, s.stock)
        try:
            apply(s, m)
        except IllegalAction as e:
            assert e.rule_id in ids and e.message
            assert key(m) not in offered or (isinstance(m, Capture) and m.value is not None)
            assert "Not allowed" in casino.explain(s, m)
        else:
            assert key(m) in offered
        assert snapshot == (s.hands, s.loose, s.builds, s.piles, s.turn, s.stock)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(("casino", "casino-owner-trails", "casino-11")),
       st.sampled_from((2, 3, 4)), st.integers(0, 10**6))
def test_casino_score_round_points_total_eleven_less_ties(profile: str, players: int,
                                                          seed: int) -> None:
    s = casino.new_game(load_casino(profile), seed=seed, players=players)
    s = casino.play_randomly(s, Rng(seed), rounds=1)
    sc = casino.score_round(s)
    assert sum(sc.cards) == 52 and sum(sc.spades) == 13
    card_tie = sc.cards.count(max(sc.cards)) > 1
    spade_tie = sc.spades.count(max(sc.spades)) > 1
    assert sum(sc.points) == 11 - 3 * card_tie - spade_tie
    if len(sc.sides) == 2:  # 26-26 is the only card tie; 13 spades never tie
        assert not spade_tie
        assert sum(sc.points) == (8 if sc.cards == (26, 26) else 11)
    assert sc.points == s.rounds[-1].points


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PROFILES), st.sampled_from((2, 3, 4)), st.integers(0, 10**6))
def test_casino_all_52_cards_accounted_for_through_a_game(profile: str, players: int,
                                                          seed: int) -> None:
    s = casino.new_game(load_casino(profile), seed=seed, players=players)
    rng = Rng(seed)
    while s.phase is not Phase.GAME_OVER:
        if s.phase is Phase.ROUND_OVER:
            s = casino.next_round(s)
        moves = legal_moves(s)
        assert moves, "the player to move always has a legal play"
        s = apply(s, moves[rng.below(len(moves))])
        assert len(s.all_cards()) == 52 and set(s.all_cards()) == set(DECK)
        assert len({b.value for b in s.builds}) == len(s.builds)
    assert s.winner is not None and s.scores[s.winner] >= s.rules.target
