"""Casino properties, checked with Hypothesis.

The heart of it is an independent, brute-force statement of the legal plays
(``benchmarks/casino_reference.py``), written straight from RULES.md §4 and sharing no code
with the engine's fast enumeration.  ``legal_actions`` must list exactly those plays, each once.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.casino_reference import key, reference_moves, values
from cardrules import casino
from cardrules.cards import standard_deck
from cardrules.casino import (
    Build,
    Capture,
    CasinoState,
    Increase,
    Phase,
    TableBuild,
    Trail,
    apply,
    legal_actions,
    load_casino,
)
from cardrules.catalog import rule_ids
from cardrules.errors import IllegalAction
from cardrules.rng import Rng

PROFILES = ("casino", "royal-casino", "casino-sweeps", "casino-owner-trails", "casino-11")
DECK = standard_deck()


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
        moves = legal_actions(s)
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
def test_casino_legal_actions_are_exactly_the_reference_plays_each_once(s: CasinoState) -> None:
    moves = legal_actions(s)
    listed = list(moves)
    fresh = legal_actions(s)  # the n-th play found without listing
    assert all(fresh[i] == listed[i] for i in range(0, len(listed), max(1, len(listed) // 40)))
    keys = [key(m) for m in moves]
    assert len(keys) == len(set(keys)), "a play is listed twice"
    assert set(keys) == reference_moves(s)


@SETTINGS
@given(positions)
def test_casino_every_offered_move_applies_and_all_52_cards_stay(s: CasinoState) -> None:
    assert sorted(s.all_cards()) == sorted(DECK)
    for m in legal_actions(s):
        assert casino.can_apply(s, m)
        t = apply(s, m)
        assert sorted(t.all_cards()) == sorted(s.all_cards())
        assert isinstance(casino.explain(s, m), str) and "Not allowed" not in casino.explain(
            s, m)


def candidate_moves(rnd: random.Random, s: CasinoState) -> casino.Move:
    """Any move, legal or not: a card from hand (or not), table cards (loose, in a build or
    not on the table), a build value and an announced value.  (Drawn with a seeded
    ``random.Random``: twenty Hypothesis draws per position cost more than the engine.)"""
    hand = list(s.hands[s.turn])
    pool_cards = hand + list(s.loose) + [c for b in s.builds for c in b.cards] + list(DECK[:3])
    card = rnd.choice(pool_cards)
    table = list(s.loose) + [c for b in s.builds for c in b.cards] + list(DECK[-2:])
    picked = tuple(dict.fromkeys(rnd.choice(table) for _ in range(rnd.randint(0, 5))))
    value = rnd.randint(0, 15)
    build = rnd.choice([None, value, *[b.value for b in s.builds]])
    kind = rnd.choice("TCBI")
    if kind == "T":
        return Trail(card)
    if kind == "C":
        return Capture(card, picked, build, rnd.choice([None, value]))
    if kind == "B":
        return Build(card, value, picked)
    return Increase(card, build if build is not None else value, value, picked)


@SETTINGS
@given(positions, st.integers(0, 2**32))
def test_casino_moves_not_offered_are_refused_with_a_rule_id(s: CasinoState, seed: int) -> None:
    if s.phase is not Phase.PLAY:
        return
    offered = {key(m) for m in legal_actions(s)}
    ids = set(rule_ids())
    rnd = random.Random(seed)
    for _ in range(20):
        m = candidate_moves(rnd, s)
        snapshot = (s.hands, s.loose, s.builds, s.piles, s.turn, s.stock)
        try:
            apply(s, m)
        except IllegalAction as e:
            assert e.rule_id in ids and e.message
            assert key(m) not in offered or (isinstance(m, Capture) and m.value is not None)
            assert "Not allowed" in casino.explain(s, m)
            assert m not in legal_actions(s)
        else:
            assert key(m) in offered and m in legal_actions(s)
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
        moves = legal_actions(s)
        assert moves, "the player to move always has a legal play"
        s = apply(s, moves[rng.below(len(moves))])
        assert len(s.all_cards()) == 52 and set(s.all_cards()) == set(DECK)
        assert len({b.value for b in s.builds}) == len(s.builds)
    assert s.winner is not None and s.scores[s.winner] >= s.rules.target
