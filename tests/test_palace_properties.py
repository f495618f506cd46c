"""Palace Poker properties: chips and cards are conserved, every offered action applies, every
other action is refused with a rule id and leaves the state unchanged, and 10,000 random hands
with 2 to 10 players all end without error."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import IllegalAction, catalog, palace
from cardrules.cards import Card, standard_deck
from cardrules.palace import (
    Battle,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    Pass,
    Phase,
    Raise,
    Stay,
)
from cardrules.rng import Rng

LIMIT = palace.load_palace("palace-poker")
NO_LIMIT = palace.load_palace("palace-poker-no-limit")
DECK = Counter(standard_deck())
PALACE_IDS = {r.id for r in catalog.rules_of("palace")}


def check_invariants(s: palace.PalaceState, chips: int) -> None:
    assert Counter(s.all_cards()) == DECK, "cards are conserved"
    assert sum(p.chips for p in s.players) + s.pot == chips, "chips are conserved"
    assert s.pot == sum(m.amount for m in s.pot_moves), "the pot record adds up"
    assert s.pot >= 0 and all(p.chips >= 0 for p in s.players)
    if s.phase in (Phase.TURN, Phase.DEFEND, Phase.ANSWER):
        assert all(len(p.soldiers) <= 5 for p in s.players), "at most five soldiers"
    for p in s.players:
        if p.in_hand:
            assert p.banner is not None and len(p.palace) == 3
        else:
            assert p.cards == ()
    if s.is_over:
        assert s.pot == 0 and s.result is not None
        assert sum(a for _, a in s.result.payouts) == sum(
            -m.amount for m in s.pot_moves if m.amount < 0 and m.rule_id == s.result.rule_id)
    else:
        assert s.actor.in_hand and len(s.alive) >= 2


def hands() -> st.SearchStrategy[tuple[palace.PalaceRules, int, int]]:
    return st.tuples(st.sampled_from([LIMIT, NO_LIMIT]), st.integers(2, 10),
                     st.integers(0, 2**32))


@settings(max_examples=60, deadline=None)
@given(hands())
def test_palace_battle_chips_and_cards_are_conserved(case: tuple[palace.PalaceRules, int, int]
                                                      ) -> None:
    rules, n, seed = case
    s = palace.new_hand(rules, [f"P{i}" for i in range(n)], seed=seed)
    total = n * rules.starting_chips
    rng = Rng(f"{seed}:props")
    check_invariants(s, total)
    while not s.is_over:
        s = palace.apply(s, palace.random_action(s, rng))
        check_invariants(s, total)


def _fuzz_actions(s: palace.PalaceState, rng: Rng) -> list[palace.Action]:
    """Actions of every kind, mostly wrong: random cards, targets and amounts."""
    deck = standard_deck()
    names = [p.name for p in s.players] + ["Nobody"]
    mine = s.actor.soldiers

    def cards(k: int) -> tuple[Card, ...]:
        pool = list(mine) + list(rng.sample(deck, 3))
        return tuple(rng.choice(pool) for _ in range(k))

    out: list[palace.Action] = [Buy(), Stay(), Fold(), Call(), Pass()]
    for _ in range(4):
        out.append(Discard(cards(rng.below(4))))
        out.append(DiscardSoldiers(cards(rng.below(4))))
        out.append(Battle(rng.choice(names), rng.between(-5, 60)))
        out.append(Raise(rng.between(-5, 60)))
    return out


@settings(max_examples=40, deadline=None)
@given(hands())
def test_palace_turn_fuzzed_actions_are_refused_with_a_rule_id(
        case: tuple[palace.PalaceRules, int, int]) -> None:
    rules, n, seed = case
    s = palace.new_hand(rules, [f"P{i}" for i in range(n)], seed=seed)
    rng = Rng(f"{seed}:fuzz")
    while not s.is_over:
        legal = palace.legal_actions(s)
        assert legal, "a hand in progress always offers a move"
        for a in legal:
            assert palace.can_apply(s, a)
        total = sum(p.chips for p in s.players) + s.pot
        for a in legal if len(legal) <= 40 else rng.sample(legal, 40):
            t = palace.apply(s, a)  # every offered action applies
            check_invariants(t, total)
        before = copy.deepcopy(s)
        for a in _fuzz_actions(s, rng):
            try:
                palace.apply(s, a)
            except IllegalAction as err:
                assert err.rule_id in PALACE_IDS, err
                assert err.message.strip() and a not in legal
                assert not palace.can_apply(s, a)
            else:
                assert palace.can_apply(s, a)
            assert s == before, "a refused or tried action never changes the state"
        s = palace.apply(s, palace.random_action(s, rng))
    assert palace.legal_actions(s) == ()


#: random runs in the suite, and the long run of ``make slow``
RUNS = [1_000, pytest.param(10_000, marks=pytest.mark.slow)]


@pytest.mark.parametrize("runs", RUNS)
def test_palace_end_10000_random_hands_with_2_to_10_players(runs: int) -> None:
    ends: Counter[str] = Counter()
    battles = raises = refills = tie_breaks = 0
    for k in range(runs):
        n = 2 + k % 9
        rules = LIMIT if k % 2 else NO_LIMIT
        s = palace.new_hand(rules, [f"P{i}" for i in range(n)], seed=k)
        rng = Rng(f"{k}:random-hands")
        steps = 0
        while not s.is_over:
            s = palace.apply(s, palace.random_action(s, rng))
            steps += 1
            assert steps < 2_000
        assert s.result is not None and s.pot == 0
        assert sum(p.chips for p in s.players) == n * rules.starting_chips
        assert Counter(s.all_cards()) == DECK
        ends[s.result.rule_id] += 1
        battles += len(s.battles)
        tie_breaks += sum(1 for b in s.battles if b.outcome and b.outcome.rule_id
                          == "palace.battle.tie")
        raises += sum(1 for m in s.pot_moves if m.rule_id == "palace.battle.raise")
        refills += s.reshuffles
    # The random hands reach every common ending, tied battles, raises and refills (the
    # rarer ending, a full tie of the last two, is checked by hand in test_palace.py).
    assert {"palace.end", "palace.end.same-suit", "palace.end.showdown"} <= set(ends) <= {
        "palace.end", "palace.end.same-suit", "palace.end.showdown", "palace.battle.tie"}, ends
    assert battles > runs and raises > runs // 10 and refills > 0 and tie_breaks > 0
