"""The strategy and house-edge calculator, checked against the published analysis of the
online rule set, against independent computations, and against the engine's own play."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache

import pytest

from cardrules.cards import parse_card, parse_cards
from cardrules.casino_pontoon import load_casino_pontoon, new_round
from cardrules.casino_pontoon.strategy import (
    OUTCOMES,
    Move,
    analyse_infinite,
    analyse_shoe,
    dealer_finals,
    dealer_outcomes,
    hard_total,
    lean_round,
    pair_of,
    shoe_policy,
    simulate,
    soft_total,
    strategy_values,
)
from cardrules.game import SetupError
from cardrules.profiles import load_rules

SEED = load_casino_pontoon()
ONLINE = load_casino_pontoon("casino-pontoon-online")

# The published basic strategy of the online rule set, as the issue quotes it, by 2/3/4
# cards (D: double if allowed, else hit).  Typed from the source, not from our output.
PUBLISHED_HARD = {
    **{t: "SSS" for t in range(18, 22)}, 17: "SSH", 16: "SSD", 15: "SSD",
    14: "HHD", 13: "HHD", 12: "HHD", 11: "DDD", 10: "DDD", 9: "HDD", 8: "HHD",
    **{t: "HHH" for t in range(4, 8)},
}
PUBLISHED_SOFT = {**{t: "SDD" for t in (19, 20, 21)}, **{t: "HHD" for t in range(14, 19)},
                  13: "HHH"}
PUBLISHED_SPLITS = {1, 8}


def check_against_published(a):
    checked = 0
    for kind, published in (("hard", PUBLISHED_HARD), ("soft", PUBLISHED_SOFT)):
        for cell in a.cells(kind):
            if cell.total not in published:
                continue
            vals = a.values[cell]
            best = max(vals, key=lambda m: vals[m]).letter
            assert best == published[cell.total][cell.cards - 2], (cell, vals)
            checked += 1
    for c in range(1, 11):
        best = a.best(pair_of(c))
        assert (best is Move.SPLIT) == (c in PUBLISHED_SPLITS), (c, a.move_values(pair_of(c)))
    return checked


def test_published_online_strategy_comes_out_of_the_infinite_deck_analysis():
    assert check_against_published(analyse_infinite(ONLINE)) >= 45


def test_published_online_strategy_comes_out_of_the_eight_deck_analysis():
    assert check_against_published(analyse_shoe(ONLINE)) >= 45


def test_published_edge_lies_between_infinite_and_eight_deck_figures():
    inf = analyse_infinite(ONLINE).house_edge
    eight = analyse_shoe(ONLINE).house_edge
    assert inf < 0.0038 < eight
    assert inf > 0.0025 and eight < 0.0050  # and both are close to it


def test_silent_cells_after_a_double_by_analysis():
    """The published table does not cover doubled hands; 'D, else hit' is wrong for a
    three-card soft 21, where standing beats hitting."""
    for a in (analyse_infinite(ONLINE), analyse_shoe(ONLINE)):
        assert a.best(soft_total(21), cards=3, doubled=True) is Move.STAND
        assert a.best(soft_total(20), cards=3, doubled=True) is Move.HIT
        assert a.best(hard_total(16), cards=4, doubled=True) is Move.HIT
        for kind in ("hard", "soft"):
            for cell in a.cells(kind, doubled=True):
                assert Move.DOUBLE not in a.values[cell]


def test_casino_pontoon_dealer_outcomes_match_the_classic_blackjack_dealer():
    # With no five card trick and standing on soft 17 the dealer is the blackjack dealer:
    # infinite deck, busts 35.36% with a 2 up and 42.32% with a 6 up.
    bj = SEED.replace(dealer_hits_soft_17=False, dealer_five_card_trick=False)
    assert dealer_outcomes(bj, 2)["bust"] == pytest.approx(0.3536, abs=5e-5)
    assert dealer_outcomes(bj, 6)["bust"] == pytest.approx(0.4232, abs=5e-5)
    assert dealer_outcomes(SEED, 10)["pontoon"] == pytest.approx(1 / 13)
    assert dealer_outcomes(SEED, None)["pontoon"] == pytest.approx(2 * 4 / 169)


def test_casino_pontoon_dealer_soft_17_rule_changes_only_soft_17():
    h17, s17 = dealer_outcomes(SEED, 6), dealer_outcomes(SEED.replace(
        dealer_hits_soft_17=False), 6)
    assert s17["17"] > h17["17"] and h17["bust"] > s17["bust"]
    assert dealer_outcomes(SEED, 10)["17"] == pytest.approx(dealer_outcomes(
        SEED.replace(dealer_hits_soft_17=False), 10)["17"], abs=0.02)


def exact_dealer(rules, counts, up):
    """Brute force with fractions: the dealer's outcomes from an exact shoe."""
    out = [Fraction(0)] * len(OUTCOMES)

    def rec(hand, counts, p):
        n = len(hand)
        hard = sum(hand)
        if n == 2 and sorted(hand) == [1, 10]:
            out[7] += p
            return
        best = hard + 10 if 1 in hand and hard + 10 <= 21 else hard
        if n >= 2:
            if hard > 21:
                out[6] += p
                return
            if n >= 5 and rules.dealer_five_card_trick:
                out[5] += p
                return
            soft = 1 in hand and hard + 10 <= 21
            if best > 17 or (best == 17 and not (soft and rules.dealer_hits_soft_17)):
                out[best - 17] += p
                return
        total = sum(counts)
        for v in range(1, 11):
            if counts[v - 1]:
                c2 = list(counts)
                c2[v - 1] -= 1
                rec((*hand, v), tuple(c2), p * Fraction(counts[v - 1], total))

    rec(() if up is None else (up,), counts, Fraction(1))
    return out


@pytest.mark.parametrize("up", [None, 1, 6, 10])
def test_dealer_final_hands_table_matches_brute_force(up):
    rules = SEED.replace(decks=1)
    counts = [4] * 9 + [16]
    if up is not None:
        counts[up - 1] -= 1
    exact = exact_dealer(rules, tuple(counts), up)
    n = sum(counts)
    got = [Fraction(0)] * len(OUTCOMES)
    for o, k, orders, pairs in dealer_finals(rules, up):
        w = Fraction(orders)
        for v, m in pairs:
            for j in range(m):
                w *= counts[v - 1] - j
        for j in range(k):
            w /= n - j
        got[o] += w
    assert got == exact


def test_shoe_analysis_tends_to_the_infinite_deck_one():
    huge = dataclasses.replace(ONLINE, decks=1000)  # past the profile's limit on purpose
    assert analyse_shoe(huge).house_edge == pytest.approx(
        analyse_infinite(ONLINE).house_edge, abs=2e-5)


def test_fewer_decks_cost_the_player_here():
    edges = [analyse_shoe(ONLINE.replace(decks=d)).house_edge for d in (1, 2, 8)]
    assert edges[0] > edges[1] > edges[2] > analyse_infinite(ONLINE).house_edge


def test_unlimited_splits_agree_with_a_high_limit():
    free, capped = SEED, SEED.replace(max_hands=40)
    for c in (1, 8):
        a = analyse_infinite(free).move_values(pair_of(c), up=6)[Move.SPLIT]
        b = analyse_infinite(capped).move_values(pair_of(c), up=6)[Move.SPLIT]
        assert a == pytest.approx(b, abs=1e-9)


def test_no_splits_profile_offers_no_split():
    a = analyse_infinite(SEED.replace(max_hands=1))
    assert Move.SPLIT not in a.move_values(pair_of(8), up=6)


def test_strategy_trainer_values():
    v = strategy_values(ONLINE, parse_cards("AS KD"))
    assert v[Move.STAND] == pytest.approx(2.0)  # a pontoon always wins once play starts
    v = strategy_values(SEED, parse_cards("10S 6D"), parse_card("10C"))
    assert set(v) == {Move.STAND, Move.HIT, Move.DOUBLE}
    # standing on 16 wins only when the dealer busts (given no dealer pontoon)
    d = dealer_outcomes(SEED, 10)
    bust = d["bust"] / (1 - d["pontoon"])
    assert v[Move.STAND] == pytest.approx(bust - (1 - bust))
    with pytest.raises(ValueError, match="face down"):
        strategy_values(ONLINE, parse_cards("AS KD"), parse_card("2C"))
    with pytest.raises(ValueError, match="up card"):
        strategy_values(SEED, parse_cards("AS KD"))


def test_seed_house_edge_with_and_without_options():
    base = analyse_infinite(SEED).house_edge
    assert analyse_infinite(SEED.replace(dealer_hits_soft_17=False)).house_edge < base
    assert analyse_infinite(SEED.replace(five_card_trick_pays="2:1")).house_edge < base
    assert analyse_infinite(SEED.replace(split_pontoon=True)).house_edge < base
    assert analyse_infinite(SEED.replace(dealer_five_card_trick=False)).house_edge < base


@cache
def _orders(n):
    from cardrules.cards import shoe
    from cardrules.rng import Rng

    rng = Rng("lean-vs-engine")
    out = []
    for _ in range(n):
        out.append(rng.shuffled(shoe(8))[:40])
    return out


def test_lean_simulator_settles_like_the_engine():
    from cardrules.casino_pontoon import play_round, settle

    for cards in _orders(400):
        engine = float(settle(play_round(new_round(ONLINE, [1], cards), shoe_policy)).net_of(0))
        assert lean_round(ONLINE, [c.rank.pips for c in cards]) == engine


def test_simulated_engine_edge_is_within_three_standard_errors():
    result = simulate(ONLINE, 20_000, seed="test")
    edge = analyse_shoe(ONLINE).house_edge
    assert abs(result.house_edge - edge) < 3 * result.std_error


# -- inputs the analyses cannot take are setup errors ------------------------------------------
def test_strategy_analyses_refuse_another_games_profile():
    pontoon = load_rules("pontoon")
    for call in (analyse_infinite, analyse_shoe, dealer_outcomes):
        with pytest.raises(SetupError, match="Casino Pontoon strategy analysis needs its own"):
            call(pontoon)
    with pytest.raises(SetupError, match="needs its own rules"):
        strategy_values(pontoon, parse_cards("10S 6D"), parse_card("10C"))
    with pytest.raises(SetupError, match="needs its own rules"):
        simulate(pontoon, 10)


@pytest.mark.parametrize("decks", [0, -1, 10_001, 2.5, True])
def test_strategy_analyses_refuse_decks_out_of_range(decks):
    bad = dataclasses.replace(SEED, decks=decks)
    with pytest.raises(SetupError, match="1 to 10000 decks"):
        analyse_shoe(bad)
    with pytest.raises(SetupError, match="decks"):
        analyse_infinite(bad)


def test_strategy_analyses_refuse_numbers_out_of_range():
    with pytest.raises(SetupError, match="hard total is a whole number from 4 to 21; got 3"):
        hard_total(3)
    with pytest.raises(SetupError, match="soft total is a whole number from 12 to 21; got 22"):
        soft_total(22)
    with pytest.raises(SetupError, match="pair value"):
        pair_of(11)
    with pytest.raises(SetupError, match="up card value is 1"):
        dealer_outcomes(SEED, 11)
    with pytest.raises(SetupError, match="max_hands"):
        analyse_infinite(dataclasses.replace(SEED, max_hands=-1))
    with pytest.raises(SetupError, match="five_card_trick_pays"):
        analyse_infinite(dataclasses.replace(SEED, five_card_trick_pays="5:1"))
    for rounds in (1, 0, 2.5):
        with pytest.raises(SetupError, match="at least 2"):
            simulate(ONLINE, rounds)
    with pytest.raises(SetupError, match="no such hand"):
        analyse_infinite(SEED).move_values(hard_total(21), cards=2, up=5)


def test_strategy_trainer_refuses_impossible_cards():
    one_deck = SEED.replace(decks=1)
    with pytest.raises(SetupError, match="2 copies of 10♠"):
        strategy_values(one_deck, parse_cards("10S 10S"), parse_card("2C"))
    with pytest.raises(SetupError, match="2 copies of 2♣"):
        strategy_values(one_deck, parse_cards("10S 2C"), parse_card("2C"))
    with pytest.raises(SetupError, match="must be a list of cards"):
        strategy_values(SEED, "10S 6D", parse_card("10C"))
    with pytest.raises(SetupError, match="must be a list of cards"):
        strategy_values(SEED, None, parse_card("10C"))
    with pytest.raises(SetupError, match="not a Card"):
        strategy_values(SEED, parse_cards("10S 6D"), "10C")
    with pytest.raises(SetupError, match="2 to 4 cards"):
        strategy_values(SEED, parse_cards("10S"), parse_card("10C"))
    with pytest.raises(SetupError, match="bust"):
        strategy_values(SEED, parse_cards("10S 6D 9C"), parse_card("10C"))
