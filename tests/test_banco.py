"""Punto Banco: every rule, the exact odds against the published figures, and properties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.banco_reference import card_of_points, naive_odds
from cardrules import IllegalAction, banco, load_rules, parse_card, parse_cards
from cardrules.banco import Bet, BetOn, Draw, Result, Side, Stand
from cardrules.cards import Card, shoe
from cardrules.game import Outcome, SetupError, Unit
from cardrules.rng import Rng
from tests.support import refused

RULES = banco.load_banco("punto-banco")
SOCIAL = banco.load_banco("banco")

# The tableau of RULES.md §3, written out by hand: for each banker total, the player's third
# card values (0-9) on which the banker draws.
SPEC_TABLEAU = {
    0: set(range(10)), 1: set(range(10)), 2: set(range(10)),
    3: set(range(10)) - {8}, 4: {2, 3, 4, 5, 6, 7}, 5: {4, 5, 6, 7}, 6: {6, 7}, 7: set(),
}


# -- banco.deal --------------------------------------------------------------------------
def test_banco_deal_alternates_player_and_banker() -> None:
    s = banco.new_coup(RULES, parse_cards("2C 3D 4H 5S 6C"))
    assert s.player == parse_cards("2C 4H")
    assert s.banker == parse_cards("3D 5S")
    assert s.shoe == parse_cards("6C")


def test_banco_deal_needs_four_cards() -> None:
    with pytest.raises(ValueError, match="at least 4 cards"):
        banco.new_coup(RULES, parse_cards("2C 3D 4H"))


def test_banco_deal_seeded_shoe_is_reproducible() -> None:
    a = banco.new_coup(RULES, seed="book")
    b = banco.new_coup(RULES, seed="book")
    assert a == b
    assert banco.new_coup(RULES, seed="other") != a


# -- banco.hand-value ----------------------------------------------------------------------
@pytest.mark.parametrize("text,value", [
    ("7S 8D", 5), ("9S 9D 9C", 7), ("KS QD", 0), ("AS 4H", 5), ("10C JD QH", 0), ("AS AD", 2),
])
def test_banco_hand_value_examples(text: str, value: int) -> None:
    assert banco.hand_value(parse_cards(text)) == value


@given(st.lists(st.sampled_from(shoe(1)), min_size=1, max_size=3))
def test_banco_hand_value_always_0_to_9(cards: list[Card]) -> None:
    v = banco.hand_value(cards)
    assert 0 <= v <= 9
    assert v == sum(min(c.rank.pips, 10) % 10 for c in cards) % 10


# -- banco.natural ----------------------------------------------------------------------------
def test_banco_natural_stops_the_coup() -> None:
    s = banco.new_coup(RULES, parse_cards("9C 2D KH 3S 5D 5C"))
    assert s.is_over and banco.legal_actions(s) == ()
    with pytest.raises(IllegalAction) as err:
        banco.apply(s, Draw(Side.BANKER))
    assert err.value.rule_id == "banco.natural"


def test_banco_natural_only_with_two_cards() -> None:
    assert banco.is_natural(parse_cards("4S 4D"))
    assert banco.is_natural(parse_cards("9S KD"))
    assert not banco.is_natural(parse_cards("4S 2D 2C"))
    assert not banco.is_natural(parse_cards("7S KD"))


def test_banco_natural_on_both_sides_higher_wins() -> None:
    coup = banco.play_coup(parse_cards("9C 8D KH QS"))
    assert coup.natural and coup.result is Result.PLAYER
    tie = banco.play_coup(parse_cards("8C 8D KH QS"))
    assert tie.result is Result.TIE


# -- banco.player-draw -----------------------------------------------------------------------
@pytest.mark.parametrize("total", range(8))
def test_banco_player_draw_on_0_to_5_only(total: int) -> None:
    assert banco.player_draws(total) is (total <= 5)


def test_banco_player_draw_rejects_naturals_and_bad_totals() -> None:
    with pytest.raises(ValueError, match="natural"):
        banco.player_draws(8)
    with pytest.raises(ValueError, match="0 to 9"):
        banco.player_draws(10)


def test_banco_player_draw_refused_stand_leaves_state() -> None:
    s = banco.new_coup(RULES, parse_cards("3C 2D KH 3S 4C 5C"))
    with pytest.raises(IllegalAction) as err:
        banco.apply(s, Stand(Side.PLAYER))
    assert err.value.rule_id == "banco.player-draw"
    assert "must draw on 3" in err.value.message
    assert s == banco.new_coup(RULES, parse_cards("3C 2D KH 3S 4C 5C"))


# -- banco.third-card ---------------------------------------------------------------------------
@pytest.mark.parametrize("banker_total", range(8))
def test_banco_third_card_matches_the_tableau(banker_total: int) -> None:
    for third in range(10):
        got = banco.banker_draws(banker_total, card_of_points(third))
        assert got is (third in SPEC_TABLEAU[banker_total]), (banker_total, third)
    assert banco.banker_draws(banker_total, None) is (banker_total <= 5)


def test_banco_third_card_banker_3_stands_on_an_8() -> None:
    s = banco.new_coup(RULES, parse_cards("AC 3D 2H KS 8C 5D"))
    s = banco.apply(s, Draw(Side.PLAYER))
    before = s
    with pytest.raises(IllegalAction) as err:
        banco.apply(s, Draw(Side.BANKER))
    assert err.value.rule_id == "banco.third-card"
    assert "stands on 3" in err.value.message and "an 8" in err.value.message
    assert s == before and banco.legal_actions(s) == (Stand(Side.BANKER),)


def test_banco_third_card_tableau_table_is_engine_made() -> None:
    table = banco.tableau()
    for row in table:
        total = int(row[0])
        assert row[1] == ("D" if total <= 5 else "S")
        for third, mark in enumerate(row[2:]):
            assert (mark == "D") is (third in SPEC_TABLEAU[total])


# -- banco.result -----------------------------------------------------------------------------------
def test_banco_result_higher_total_wins_equal_ties() -> None:
    assert banco.winner(7, 6) is Result.PLAYER
    assert banco.winner(2, 5) is Result.BANKER
    assert banco.winner(4, 4) is Result.TIE


def test_banco_result_worked_coup() -> None:
    # Player A,2 = 3 draws a 6 -> 9; Banker 5,K = 5 draws on a player's 6 -> 5 + 9 = 4.
    coup = banco.play_coup(["AS", "5D", "2H", "KC", "6S", "9H"])
    assert (coup.player_total, coup.banker_total) == (9, 4)
    assert coup.player_drew and coup.banker_drew and coup.result is Result.PLAYER
    assert coup.cards_used == 6


# -- banco.payouts ------------------------------------------------------------------------------------
def test_banco_payouts_commission_tie_and_push() -> None:
    assert banco.payout(BetOn.BANKER, Result.BANKER, 100, RULES)[0] == 95
    assert banco.payout(BetOn.PLAYER, Result.PLAYER, 100, RULES)[0] == 100
    assert banco.payout(BetOn.TIE, Result.TIE, 10, RULES)[0] == 80
    assert banco.payout(BetOn.TIE, Result.TIE, 10, RULES.replace(tie_pays=9))[0] == 90
    assert banco.payout(BetOn.PLAYER, Result.TIE, 10, RULES)[0] == 0
    assert banco.payout(BetOn.BANKER, Result.TIE, 10, RULES)[0] == 0
    assert banco.payout(BetOn.TIE, Result.PLAYER, 10, RULES)[0] == -10
    assert banco.payout(BetOn.BANKER, Result.PLAYER, 10, RULES)[0] == -10


def test_banco_payouts_bet_limits() -> None:
    coup = banco.play_coup(parse_cards("9C 2D KH 3S"))
    with pytest.raises(IllegalAction) as err:
        banco.settle([Bet("ann", BetOn.PLAYER, 5000)], coup, RULES)
    assert err.value.rule_id == "banco.payouts" and "between 1 and 1000" in err.value.message
    with pytest.raises(ValueError, match="positive whole number"):
        Bet("ann", BetOn.PLAYER, 0)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.tuples(st.sampled_from(list(BetOn)),
                                                 st.integers(1, 1000)), min_size=1, max_size=6))
def test_banco_payouts_settlement_is_zero_sum(seed: int, bets: list[tuple[BetOn, int]]) -> None:
    coup = banco.coup_record(banco.play_out(banco.new_coup(RULES, seed=seed)))
    s = banco.settle([Bet(f"p{i}", on, amt) for i, (on, amt) in enumerate(bets)], coup, RULES)
    assert sum((p.net for p in s.payments), Fraction(0)) + s.house == 0


# -- whole coups: properties ----------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_banco_coup_conserves_cards_and_uses_at_most_six(seed: int) -> None:
    start = banco.new_coup(RULES, seed=seed)
    full = start.player + start.banker + start.shoe
    end = banco.play_out(start)
    assert sorted(end.player + end.banker + end.shoe) == sorted(full)
    assert sorted(full) == sorted(shoe(8))
    used = len(end.player) + len(end.banker)
    assert 4 <= used <= 6
    assert 0 <= end.player_total <= 9 and 0 <= end.banker_total <= 9


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.sampled_from(
    [Draw(Side.PLAYER), Stand(Side.PLAYER), Draw(Side.BANKER), Stand(Side.BANKER)]), max_size=6))
def test_banco_deal_every_offered_action_applies_others_refused(seed: int,
                                                                actions: list[banco.Action]) -> None:
    s = banco.new_coup(RULES, seed=seed)
    for a in actions:
        legal = banco.legal_actions(s)
        if a in legal:
            s = banco.apply(s, a)
        else:
            before = s
            with pytest.raises(IllegalAction) as err:
                banco.apply(s, a)
            assert err.value.rule_id.startswith("banco.") and err.value.message
            assert s == before


# -- exact odds ----------------------------------------------------------------------------------
def test_banco_result_exact_odds_match_published_8_decks() -> None:
    o = banco.exact_odds(8)
    assert (round(float(o.banker), 6), round(float(o.player), 6), round(float(o.tie), 6)) == (
        0.458597, 0.446247, 0.095156)
    assert o.banker + o.player + o.tie == 1


def test_banco_payouts_house_edges_match_published() -> None:
    o8 = banco.exact_odds(8)
    assert (f"{float(o8.banker_edge):.2%}", f"{float(o8.player_edge):.2%}",
            f"{float(o8.tie_edge):.2%}") == ("1.06%", "1.24%", "14.36%")
    o6 = banco.exact_odds(6)
    assert (round(float(o6.banker), 6), round(float(o6.player), 6), round(float(o6.tie), 6)) == (
        0.458653, 0.446279, 0.095069)
    assert (f"{float(o6.banker_edge):.2%}", f"{float(o6.player_edge):.2%}",
            f"{float(o6.tie_edge):.2%}") == ("1.06%", "1.24%", "14.44%")


def test_banco_third_card_exact_odds_agree_with_a_naive_enumeration() -> None:
    o = banco.exact_odds(1)
    assert (o.banker, o.player, o.tie) == naive_odds(1)


# -- banco.social -------------------------------------------------------------------------------
def test_banco_social_tie_is_dealt_again_and_bank_moves_right() -> None:
    h = banco.social_hand(["ann", "bob", "cy", "dee"], "ann",
                          [Bet("bob", BetOn.PLAYER, 30), Bet("cy", BetOn.PLAYER, 10),
                           Bet("dee", BetOn.BANKER, 20)],
                          parse_cards("8C 8D KH KS 9C 2D QH 3S"), SOCIAL)
    assert [c.result for c in h.coups] == [Result.TIE, Result.PLAYER]
    assert h.player_hand == "bob"
    assert [p.net for p in h.settlement.payments] == [30, 10, -20]
    assert h.next_bank == "dee"  # the seat before ann, going round the table


def test_banco_social_pays_even_money_without_commission() -> None:
    coup = banco.play_coup(parse_cards("2C 9D KH QS"))
    assert coup.result is Result.BANKER
    s = banco.settle([Bet("a", BetOn.BANKER, 100)], coup, SOCIAL)
    assert s.payments[0].net == 100 and s.payments[0].rule_id == "banco.social"


def test_banco_social_refuses_tie_bets_and_needs_a_player_bet() -> None:
    with pytest.raises(IllegalAction) as err:
        banco.social_hand(["a", "b"], "a", [Bet("b", BetOn.TIE, 5)], parse_cards("2C 9D KH QS"))
    assert err.value.rule_id == "banco.social"
    with pytest.raises(IllegalAction, match="bet on Player"):
        banco.social_hand(["a", "b"], "a", [Bet("b", BetOn.BANKER, 5)], parse_cards("2C 9D KH QS"))


def test_banco_profiles_load_and_validate() -> None:
    assert load_rules("punto-banco") == RULES
    assert SOCIAL.table == "social" and SOCIAL.commission_percent == 0
    assert banco.banker_draws(3, parse_card("8H")) is False


# -- banco.first-bank -----------------------------------------------------------------------
def test_banco_first_bank_goes_to_the_player_on_the_croupiers_right() -> None:
    # listed clockwise from the croupier's left: the croupier's right is the last seat
    assert banco.first_bank(["ann", "bob", "cy", "dee"]) == "dee"
    assert banco.first_bank(["ann", "bob"]) == "bob"


def test_banco_first_bank_then_passes_to_the_right_hand_after_hand() -> None:
    players = ["ann", "bob", "cy", "dee"]
    rotation = banco.bank_rotation(players)
    assert rotation == ("dee", "cy", "bob", "ann")
    cards = parse_cards("9C 2D KH 3S")
    h = banco.social_hand(players, None, [Bet("bob", BetOn.PLAYER, 10)], cards, SOCIAL)
    assert h.bank == "dee" and h.next_bank == rotation[1]
    h2 = banco.social_hand(players, h.next_bank, [Bet("bob", BetOn.PLAYER, 10)], cards, SOCIAL)
    assert h2.next_bank == rotation[2]


def test_banco_first_bank_refuses_impossible_tables() -> None:
    with pytest.raises(SetupError, match="2 to 12 players, not 1"):
        banco.first_bank(["ann"])
    with pytest.raises(SetupError, match="2 to 12 players, not 13"):
        banco.first_bank([f"p{i}" for i in range(13)])
    with pytest.raises(SetupError, match="must be different"):
        banco.first_bank(["ann", "ann"])
    with pytest.raises(SetupError, match="list of names"):
        banco.first_bank("ann bob")


def test_banco_first_bank_rule_is_in_the_catalog_with_a_house_reading() -> None:
    rule = next(r for r in banco.RULES if r.id == "banco.first-bank")
    assert "croupier's right" in rule.statement and rule.house_reading
    assert "clockwise" in rule.house_reading and "croupier's left" in rule.house_reading


# -- impossible inputs are setup errors ---------------------------------------------------------
def test_banco_deal_refuses_more_copies_than_the_packs_hold() -> None:
    one_deck = RULES.replace(decks=1)
    with pytest.raises(SetupError, match="6 copies of A♠, but 1 pack holds only 1"):
        banco.new_coup(one_deck, parse_cards("AS AS AS AS AS AS"))
    with pytest.raises(SetupError, match="copies of A♠"):
        banco.play_coup(parse_cards("AS AS KD QC"), one_deck)
    # eight decks hold eight of each card
    assert banco.new_coup(RULES, parse_cards("AS " * 8)).player == parse_cards("AS AS")
    with pytest.raises(SetupError, match="9 copies"):
        banco.new_coup(RULES, parse_cards("AS " * 9))


def test_banco_deal_refuses_another_games_profile() -> None:
    with pytest.raises(SetupError, match="Punto Banco needs its own rules"):
        banco.play_coup(parse_cards("9C 2D KH 3S"), load_rules("pontoon"))  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="Punto Banco"):
        banco.new_coup(load_rules("casino-pontoon"), seed=1)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="Punto Banco"):
        banco.start(load_rules("pontoon"), seed=1)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="not Punto Banco"):
        banco.load_banco("pontoon")


def test_banco_deal_refuses_none_or_text_for_cards() -> None:
    for bad in (None, "AS KD 2C 3H", b"AS"):
        with pytest.raises(SetupError, match="must be a list of cards"):
            banco.play_coup(bad, RULES)  # type: ignore[arg-type]
        if bad is not None:  # no cards at all: new_coup shuffles a shoe from a seed
            with pytest.raises(SetupError, match="must be a list of cards"):
                banco.new_coup(RULES, bad)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="not a Card"):
        banco.new_coup(RULES, [*parse_cards("AS KD 2C"), 7])  # type: ignore[list-item]
    with pytest.raises(SetupError, match="a seed"):
        banco.new_coup(RULES)


@pytest.mark.parametrize("kwargs,words", [
    ({"decks": 0}, "decks is the number of decks"),
    ({"decks": 9}, "from 1 to 8; got 9"),
    ({"decks": True}, "decks"),
    ({"tie_pays": -1}, "tie_pays is what a winning tie bet pays"),
    ({"tie_pays": 0}, "from 1 to 100; got 0"),
    ({"tie_pays": 8.5}, "tie_pays"),
    ({"commission_percent": -5}, "commission_percent is the commission"),
    ({"commission_percent": 11}, "from 0 to 10; got 11"),
])
def test_banco_result_exact_odds_refuse_numbers_out_of_range(kwargs: dict[str, object],
                                                             words: str) -> None:
    with pytest.raises(SetupError, match=words):
        banco.exact_odds(**kwargs)  # type: ignore[arg-type]


def test_banco_social_player_counts_are_setup_errors() -> None:
    with pytest.raises(SetupError, match="2 to 12 players, not 1"):
        banco.social_hand(["a"], "a", [], parse_cards("2C 9D KH QS"), SOCIAL)
    with pytest.raises(SetupError, match="not at the table"):
        banco.social_hand(["a", "b"], "z", [Bet("b", BetOn.PLAYER, 5)], parse_cards("2C 9D KH QS"),
                          SOCIAL)
    with pytest.raises(SetupError, match="Banco needs its own rules"):
        banco.social_hand(["a", "b"], "a", [Bet("b", BetOn.PLAYER, 5)],
                          parse_cards("2C 9D KH QS"), load_rules("pontoon"))  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="seats 1 to 12"):
        banco.start(RULES, seed=1, seats=[f"p{i}" for i in range(13)])
    with pytest.raises(SetupError, match="seats 1 to 12"):
        banco.seats(RULES, 13)
    with pytest.raises(SetupError, match="seats 1 to 12"):
        banco.deal_rows(RULES, seed=1, players=0)


# -- the game contract -----------------------------------------------------------------------
def test_banco_deal_contract_start_takes_each_seats_bet_then_deals() -> None:
    s = banco.start(RULES, seed="contract")
    assert banco.GAME == "banco" and banco.to_act(s) == "Seat 1" and not s.player
    assert sorted(banco.cards_in_play(s)) == sorted(shoe(8))
    assert banco.start(RULES, seed="contract") == s
    for on in (BetOn.PLAYER, BetOn.BANKER):
        s = banco.apply(s, banco.PlaceBet(on, 10))
        assert not s.player and banco.to_act(s) == f"Seat {len(s.bets) + 1}"
    refused(banco, s, Draw(Side.PLAYER), "banco.deal", "not dealt yet")
    refused(banco, s, banco.PlaceBet(BetOn.TIE, 5000), "banco.payouts", "between 1 and 1000")
    s = banco.apply(s, banco.PlaceBet(BetOn.TIE, 25))
    assert [(b.bettor, b.on, b.amount) for b in s.bets] == [
        ("Seat 1", BetOn.PLAYER, 10), ("Seat 2", BetOn.BANKER, 10), ("Seat 3", BetOn.TIE, 25)]
    assert len(s.player) == len(s.banker) == 2 and banco.to_act(s) in ("Player", "Banker", None)
    assert sorted(banco.cards_in_play(s)) == sorted(shoe(8))
    refused(banco, s, banco.PlaceBet(BetOn.TIE, 5), "banco.deal", "no more bets")
    social = banco.start(SOCIAL, seed=1, seats=banco.seats(SOCIAL, 5))
    assert {a.on for a in banco.legal_actions(social)} == {BetOn.PLAYER, BetOn.BANKER}
    refused(banco, social, banco.PlaceBet(BetOn.TIE, 10), "banco.social")


def test_banco_payouts_outcome_is_balanced_and_names_the_house() -> None:
    coup = parse_cards("9C 2D KH 3S")  # Player 9 against Banker 5: a natural
    s = banco.new_coup(RULES, coup, bets=[Bet("ann", BetOn.PLAYER, 10),
                                          Bet("bob", BetOn.BANKER, 20), Bet("cy", BetOn.TIE, 5)])
    assert banco.is_over(s) and banco.to_act(s) is None
    out = banco.outcome(s)
    assert out.final and out.balanced and out.game == "banco"
    assert [(ln.payer, ln.payee, ln.amount, ln.rule_id) for ln in out.lines] == [
        ("House", "ann", 10, "banco.payouts"), ("bob", "House", 20, "banco.payouts"),
        ("cy", "House", 5, "banco.payouts")]
    banker_win = banco.new_coup(RULES, parse_cards("2C 9D KH QS"), bets=[Bet("a", BetOn.BANKER, 10)])
    assert banco.outcome(banker_win).lines[0].amount == Fraction(19, 2)  # 5% commission
    social = banco.new_coup(SOCIAL, parse_cards("2C 9D KH QS"), bets=[Bet("a", BetOn.BANKER, 10)])
    assert banco.outcome(social).lines[0].payer == "Bank"
    unfinished = banco.new_coup(RULES, parse_cards("3C 2D KH 3S 4C 5C"), bets=[Bet("a", BetOn.TIE, 1)])
    assert banco.outcome(unfinished) == Outcome("banco", Unit.CHIPS, (), False)


def test_banco_deal_bets_out_of_the_limits_are_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        banco.new_coup(RULES, parse_cards("9C 2D KH 3S"), bets=[Bet("a", BetOn.PLAYER, 5000)])
    assert err.value.rule_id == "banco.payouts"
    with pytest.raises(IllegalAction) as err:
        banco.new_coup(SOCIAL, parse_cards("9C 2D KH 3S"), bets=[Bet("a", BetOn.TIE, 5)])
    assert err.value.rule_id == "banco.social"


def test_banco_player_draw_refusals_through_the_contract() -> None:
    s = banco.new_coup(RULES, parse_cards("3C 2D KH 3S 4C 5C"))
    refused(banco, s, Stand(Side.PLAYER), "banco.player-draw", "must draw on 3")
    refused(banco, s, Draw(Side.BANKER), "banco.deal")
    for junk in (object(), "stick", None, 3):
        refused(banco, s, junk, "banco.deal", "not a Punto Banco action")
    assert banco.to_act(s) == "Player" and banco.random_action(s, Rng(1)) == Draw(Side.PLAYER)
    over = banco.play_out(s)
    refused(banco, over, Draw(Side.PLAYER), "banco.result")
    with pytest.raises(IllegalAction):
        banco.random_action(over, Rng(1))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 12))
def test_banco_result_random_play_conserves_cards_and_balances(seed: int, players: int) -> None:
    s = banco.start(RULES, seed=seed, seats=banco.seats(RULES, players))
    cards = sorted(banco.cards_in_play(s))
    rng = Rng(seed)
    while not banco.is_over(s):
        assert banco.to_act(s) in ("Player", "Banker", *s.seats)
        s = banco.apply(s, banco.random_action(s, rng))
        assert sorted(banco.cards_in_play(s)) == cards
    out = banco.outcome(s)
    assert out.final and out.balanced and len(out.lines) == players
