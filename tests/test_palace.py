"""Palace Poker: one group of tests per rule, every expected value worked out by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules import IllegalAction, palace, parse_card, parse_cards
from cardrules.cards import Suit, standard_deck
from cardrules.game import Outcome, SetupError, Unit
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
    out_player,
    player,
    position,
)
from cardrules.poker import poker_value
from cardrules.profiles import load_rules
from cardrules.rng import Rng
from tests import support

LIMIT = palace.load_palace("palace-poker")
NO_LIMIT = palace.load_palace("palace-poker-no-limit")


def refused(state: palace.PalaceState, action: object, rule_id: str,
            *words: str) -> IllegalAction:
    """Apply an illegal action: the shared check (rule id, words, state unchanged,
    can_apply False), and explain() says it is not allowed."""
    err = support.refused(palace, state, action, rule_id, *words)
    assert palace.explain(state, action).startswith("Not allowed: ")
    return err


def three(rules: palace.PalaceRules = LIMIT, **kw: object) -> palace.PalaceState:
    """Ann (K♠), Bob (Q♥) and Cy (J♦); Cy deals, so Ann acts first."""
    return position(rules, [player("Ann", "KS", "2C 3C 4D"), player("Bob", "QH", "5C 6C 7D"),
                            player("Cy", "JD", "8C 9C 10S")], **kw)  # type: ignore[arg-type]


# -- the profiles ---------------------------------------------------------------------------
def test_palace_stakes_profiles_load() -> None:
    assert (LIMIT.stakes, LIMIT.small_bet, LIMIT.big_bet, LIMIT.max_raises) == ("limit", 5, 10, 3)
    assert (NO_LIMIT.stakes, NO_LIMIT.small_bet, NO_LIMIT.big_bet) == ("no-limit", 5, 10)
    assert isinstance(load_rules("palace-poker"), palace.PalaceRules)


def test_palace_stakes_profile_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="big_bet 4 is below small_bet 5"):
        LIMIT.replace(big_bet=4)
    with pytest.raises(ValueError, match="stakes: must be one of limit, no-limit"):
        LIMIT.replace(stakes="pot-limit")


# -- palace.first-dealer -----------------------------------------------------------------
def test_palace_first_dealer_highest_card_deals() -> None:
    d = palace.choose_first_dealer(["Ann", "Bob", "Cy"], pack=parse_cards("5S KD 9C"))
    assert d.dealer == "Bob" and len(d.rounds) == 1


def test_palace_first_dealer_ace_is_high() -> None:
    assert palace.choose_first_dealer(["Ann", "Bob"], pack=parse_cards("KS AD")).dealer == "Bob"


def test_palace_first_dealer_only_tied_players_draw_again() -> None:
    # Ann K, Bob 3, Cy K: Ann and Cy tie; then Ann 4, Cy 2: Ann deals.
    d = palace.choose_first_dealer(["Ann", "Bob", "Cy"], pack=parse_cards("KS 3D KD 4C 2H"))
    assert [n for n, _ in d.rounds[1]] == ["Ann", "Cy"]
    assert d.dealer == "Ann"
    assert "Ann and Cy tie with a king" in d.describe()


def test_palace_first_dealer_suits_do_not_break_ties() -> None:
    d = palace.choose_first_dealer(["Ann", "Bob"], pack=parse_cards("AS AC 2D 3D"))
    assert len(d.rounds) == 2 and d.dealer == "Bob"


def test_palace_first_dealer_new_hand_uses_the_draw() -> None:
    for seed in range(20):
        s = palace.new_hand(LIMIT, ["Ann", "Bob", "Cy", "Dee"], seed=seed)
        assert s.dealer_draw is not None
        assert s.players[s.dealer].name == s.dealer_draw.dealer
        last = s.dealer_draw.rounds[-1]
        top = max(poker_value(c.rank) for _, c in last)
        assert [n for n, c in last if poker_value(c.rank) == top] == [s.dealer_draw.dealer]


# -- palace.banner.ante ----------------------------------------------------------------------
def test_palace_banner_ante_is_half_the_small_bet_rounded_down() -> None:
    assert palace.ante(LIMIT) == 2  # 5 / 2 = 2.5, rounded down
    assert palace.ante(LIMIT.replace(small_bet=7, big_bet=14)) == 3
    assert palace.ante(LIMIT.replace(small_bet=1, big_bet=2)) == 0


def test_palace_banner_ante_goes_into_the_pot() -> None:
    s = palace.new_hand(LIMIT, ["Ann", "Bob", "Cy"], seed=1, dealer="Cy")
    assert s.pot == 6
    assert [p.chips for p in s.players] == [198, 198, 198]
    assert [(m.player, m.amount, m.rule_id) for m in s.pot_moves] == [
        ("Ann", 2, "palace.banner.ante"), ("Bob", 2, "palace.banner.ante"),
        ("Cy", 2, "palace.banner.ante")]


def test_palace_banner_ante_a_player_who_cannot_pay_is_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        palace.new_hand(LIMIT, ["Ann", "Bob"], seed=1, chips={"Ann": 1, "Bob": 50})
    assert err.value.rule_id == "palace.banner.ante" and "Ann has 1 chips" in err.value.message


# -- palace.banner -----------------------------------------------------------------------------
def test_palace_banner_deal_step_by_step() -> None:
    # Ann 9♣ (first); Bob 9♦ (new suit); Cy 5♣ (Ann has clubs), K♦ (Bob has diamonds), 2♥.
    d = palace.deal_banners(parse_cards("9C 9D 5C KD 2H 3S"), ["Ann", "Bob", "Cy"])
    assert d.banners == parse_cards("9C 9D 2H")
    assert [(st.player, st.card, st.kept) for st in d.steps] == [
        ("Ann", parse_card("9C"), True), ("Bob", parse_card("9D"), True),
        ("Cy", parse_card("5C"), False), ("Cy", parse_card("KD"), False),
        ("Cy", parse_card("2H"), True)]
    assert d.rejected == parse_cards("5C KD") and d.rest == parse_cards("3S")
    assert "Ann already has clubs" in d.describe()


def test_palace_banner_groups_start_afresh_with_the_fifth_player() -> None:
    d = palace.deal_banners(parse_cards("2C 3D 4H 5S 6C"), ["A", "B", "C", "D", "E"])
    assert d.banner_of("E") == parse_card("6C") and not d.rejected
    assert [palace.banner_group(p) for p in range(10)] == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]


@pytest.mark.parametrize("n", range(2, 11))
def test_palace_banner_suits_differ_within_each_group(n: int) -> None:
    for seed in range(15):
        s = palace.new_hand(LIMIT, [f"P{i}" for i in range(n)], seed=seed)
        in_deal_order = [s.players[i].suit for i in s.order()]
        for g in range(0, n, 4):
            group = in_deal_order[g:g + 4]
            assert len(set(group)) == len(group), (seed, in_deal_order)
        if n <= 4:
            assert len(set(in_deal_order)) == n


def test_palace_banner_dealt_from_the_dealers_left() -> None:
    pack = parse_cards("AS KH QD") + tuple(c for c in standard_deck()
                                            if c not in parse_cards("AS KH QD"))
    s = palace.new_hand(LIMIT, ["Ann", "Bob", "Cy"], seed=1, dealer="Ann", pack=pack)
    assert [str(s.player(n).banner) for n in ("Bob", "Cy", "Ann")] == ["A♠", "K♥", "Q♦"]


def test_palace_banner_pack_must_be_complete() -> None:
    with pytest.raises(SetupError, match="each of the 52 cards exactly once"):
        palace.new_hand(LIMIT, ["Ann", "Bob"], seed=1, pack=parse_cards("AS KH"))
    deck = standard_deck()
    with pytest.raises(SetupError, match=r"exactly once: A♠ twice \(a duplicate\); missing 2♣$"):
        palace.new_hand(LIMIT, ["Ann", "Bob"], seed=1, pack=deck[1:] + deck[-1:])


# -- palace.banner.reshuffle ------------------------------------------------------------------
def test_palace_banner_reshuffle_when_the_pack_runs_out() -> None:
    d = palace.deal_banners(parse_cards("AS 2S KH KD KC"), ["Ann", "Bob", "Cy", "Dee", "Eve"])
    assert d.banner_of("Eve") == parse_card("2S")
    assert d.reshuffles == 1 and d.steps[-1].reshuffled
    assert "rejected banner cards are shuffled" in d.describe()


def test_palace_banner_reshuffle_with_a_full_pack_of_eight_players() -> None:
    # Group 1: Ann takes A♠ and Bob is dealt all twelve other spades before A♥; Cy A♦, Dee A♣.
    # Group 2: Eve K♥, Fay K♦, Gus K♣; Hal needs a spade, and none is left in the pack.
    spades = [c for c in standard_deck() if c.suit is Suit.SPADES and c != parse_card("AS")]
    head = [parse_card("AS"), *spades, *parse_cards("AH AD AC KH KD KC")]
    pack = head + [c for c in standard_deck() if c not in head]
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    s = palace.new_hand(LIMIT, names, seed=3, dealer="Hal", pack=pack)
    assert s.banner_deal is not None and s.banner_deal.reshuffles == 1
    assert s.player("Hal").suit is Suit.SPADES
    assert sorted(s.all_cards()) == sorted(standard_deck())


def test_palace_banner_reshuffle_impossible_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match="no rejected card has a suit Bob may take"):
        palace.deal_banners(parse_cards("AS 2S"), ["Ann", "Bob"])


# -- palace.palace -------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 11))
def test_palace_palace_three_cards_each_and_the_draw_pile(n: int) -> None:
    s = palace.new_hand(LIMIT, [f"P{i}" for i in range(n)], seed=n)
    assert all(len(p.palace) == 3 and not p.soldiers for p in s.players)
    assert len(s.draw_pile) == 52 - 4 * n and s.discard_pile == ()
    assert sorted(s.all_cards()) == sorted(standard_deck())


def test_palace_palace_dealt_one_at_a_time_from_the_dealers_left() -> None:
    s = palace.new_hand(LIMIT, ["Ann", "Bob", "Cy"], seed=9, dealer="Bob")
    deal = s.banner_deal
    assert deal is not None
    rest = Rng("9:palace").shuffled(deal.rest + deal.rejected)
    # Cy is at the dealer's left, then Ann, then Bob; one card each per round.
    assert s.player("Cy").palace == (rest[0], rest[3], rest[6])
    assert s.player("Ann").palace == (rest[1], rest[4], rest[7])
    assert s.player("Bob").palace == (rest[2], rest[5], rest[8])
    assert s.draw_pile == rest[9:]


# -- palace.turn -----------------------------------------------------------------------------------
def test_palace_turn_starts_left_of_the_dealer_and_goes_left() -> None:
    s = palace.new_hand(LIMIT, ["Ann", "Bob", "Cy"], seed=1, dealer="Bob")
    assert s.actor.name == "Cy"
    s = palace.apply(s, Stay())
    assert s.actor.name == "Ann"
    s = palace.apply(s, Stay())
    assert s.actor.name == "Bob"


def test_palace_turn_skips_players_who_are_out() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), out_player("Bob"),
                         player("Cy", "JD", "8C 9C 10S"), player("Dee", "2H", "5C 6C 7D")])
    s = palace.apply(s, Stay())
    assert s.actor.name == "Cy"


def test_palace_turn_offers_the_five_moves() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S")])
    kinds = {type(a) for a in palace.legal_actions(s)}
    assert kinds == {Buy, Discard, Battle, Stay, Fold}


def test_palace_turn_battle_answers_are_refused_on_a_turn() -> None:
    s = three()
    refused(s, Call(), "palace.turn", "No battle is going on")
    refused(s, Raise(10), "palace.turn")
    refused(s, DiscardSoldiers(), "palace.turn")


def test_palace_turn_play_goes_on_from_the_attackers_left() -> None:
    s = three()
    s = palace.apply(s, Battle("Cy", 5))
    s = palace.apply(s, Fold())
    s = palace.apply(s, DiscardSoldiers())
    assert s.actor.name == "Bob" and s.phase is Phase.TURN


# -- palace.stakes -------------------------------------------------------------------------------
def test_palace_stakes_limit_attack_is_exactly_the_minimum() -> None:
    s = three()
    refused(s, Battle("Bob", 10), "palace.stakes", "exactly the minimum")
    assert palace.can_apply(s, Battle("Bob", 5))


def test_palace_stakes_no_limit_attack_up_to_all_chips() -> None:
    s = three(NO_LIMIT)
    t = palace.apply(s, Battle("Bob", 200))
    assert t.player("Ann").chips == 0 and t.pot == 200
    refused(s, Battle("Bob", 201), "palace.stakes", "has only 200 chips")
    assert palace.bet_limits(s, "Bob") == (5, 200)


def test_palace_stakes_nobody_bets_more_than_they_have() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D", chips=9),
                         player("Bob", "QH", "5C 6C 7D"), player("Cy", "JD", "8C 9C 10S")])
    refused(s, Battle("Bob", 10), "palace.stakes", "costs 10", "only 9 chips")
    kinds = {type(a) for a in palace.legal_actions(s)}
    assert kinds == {Buy, Discard, Stay, Fold}


def test_palace_stakes_stay_and_fold_need_no_chips() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", chips=0),
                         player("Bob", "QH", "5C 6C 7D"), player("Cy", "JD", "8C 9C 10S")])
    assert palace.legal_actions(s) == (Stay(), Fold())
    refused(s, Buy(), "palace.stakes", "A buy costs 5")


def test_palace_stakes_limit_caps_raises_at_three() -> None:
    s = three()
    s = palace.apply(s, Battle("Bob", 5))
    s = palace.apply(s, Raise(10))  # Bob: 1st raise
    s = palace.apply(s, Raise(10))  # Ann: 2nd
    s = palace.apply(s, Raise(10))  # Bob: 3rd
    assert s.actor.name == "Ann"
    refused(s, Raise(10), "palace.battle.raise", "3 raises")
    assert palace.legal_actions(s) == (Pass(), Call())


def test_palace_stakes_no_limit_has_no_raise_cap() -> None:
    s = three(NO_LIMIT)
    s = palace.apply(s, Battle("Bob", 5))
    for _ in range(4):
        s = palace.apply(s, Raise(10))
    assert palace.can_apply(s, Raise(10)) and palace.can_apply(s, Raise(37))


# -- palace.buy ---------------------------------------------------------------------------------
def test_palace_buy_pays_a_small_bet_and_takes_the_top_card() -> None:
    s = three(draw_pile=None)
    top = s.draw_pile[0]
    t = palace.apply(s, Buy())
    assert t.player("Ann").soldiers == (top,) and t.draw_pile == s.draw_pile[1:]
    assert t.player("Ann").chips == 195 and t.pot == 5
    assert t.pot_moves[-1] == palace.PotMove("Ann", 5, "palace.buy", "buys a soldier")
    assert t.phase is Phase.KEEP and t.actor.name == "Ann"
    u = palace.apply(t, DiscardSoldiers())
    assert u.actor.name == "Bob" and u.player("Ann").soldiers == (top,)


def test_palace_buy_may_discard_the_new_card_too() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S")])
    t = palace.apply(s, Buy())
    new = t.player("Ann").soldiers[-1]
    u = palace.apply(t, DiscardSoldiers((new, parse_card("5D"))))
    assert u.player("Ann").soldiers == () and set(u.discard_pile) == {new, parse_card("5D")}
    assert u.player("Ann").chips == 195


# -- palace.buy.limit ---------------------------------------------------------------------------
def test_palace_buy_limit_a_sixth_soldier_must_go() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "2D 3D 5D 6D 7H"),
                         player("Bob", "QH", "5C 6C 7D"), player("Cy", "JD", "8C 9C 10S")])
    t = palace.apply(s, Buy())
    assert len(t.player("Ann").soldiers) == 6
    refused(t, DiscardSoldiers(), "palace.buy.limit", "holds 6 soldiers", "at least 1")
    assert all(len(a.cards) >= 1 for a in palace.legal_actions(t))  # type: ignore[union-attr]
    u = palace.apply(t, DiscardSoldiers(parse_cards("2D")))
    assert len(u.player("Ann").soldiers) == 5


def test_palace_buy_limit_positions_hold_at_most_five() -> None:
    with pytest.raises(IllegalAction) as err:
        position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "2D 3D 5D 6D 7H 8H"),
                         player("Bob", "QH", "5C 6C 7D")])
    assert err.value.rule_id == "palace.buy.limit"


# -- palace.buy.refill ----------------------------------------------------------------------------
def test_palace_buy_refill_shuffles_the_discards() -> None:
    held = parse_cards("2C 3C 4D KS 5C 6C 7D QH 8C 9C 10S JD")
    rest = [c for c in standard_deck() if c not in held]
    s = three(draw_pile=(), discard_pile=rest)
    t = palace.apply(s, Buy())
    bought = t.player("Ann").soldiers[0]
    assert bought in rest and t.discard_pile == () and len(t.draw_pile) == len(rest) - 1
    assert t.reshuffles == 1 and any(r == "palace.buy.refill" for r, _ in t.log)
    assert sorted(t.all_cards()) == sorted(standard_deck())


def test_palace_buy_refill_no_buying_when_both_piles_are_empty() -> None:
    deck = list(standard_deck())
    people = []
    for k, extra in enumerate([5, 5, 5, 5, 5, 3]):
        cards, deck = deck[:4 + extra], deck[4 + extra:]
        people.append(palace.PlayerState(f"P{k}", cards[0], tuple(cards[1:4]), tuple(cards[4:]),
                                         200))
    assert not deck
    s = position(LIMIT, people, draw_pile=(), discard_pile=())
    refused(s, Buy(), "palace.buy.refill", "both empty")
    assert Buy() not in palace.legal_actions(s)


# -- palace.discard -----------------------------------------------------------------------------
def test_palace_discard_pays_and_draws_nothing() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D 6H"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S")])
    t = palace.apply(s, Discard(parse_cards("6H")))
    assert t.player("Ann").soldiers == parse_cards("5D") and t.discard_pile == parse_cards("6H")
    assert t.draw_pile == s.draw_pile and t.pot == 5 and t.player("Ann").chips == 195
    assert t.pot_moves[-1].rule_id == "palace.discard"


def test_palace_discard_needs_soldiers_it_names() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S")])
    refused(s, Discard(()), "palace.discard", "one or more")
    refused(s, Discard(parse_cards("9D")), "palace.discard", "9♦ is not one of Ann's soldiers")
    refused(three(), Discard(parse_cards("2C")), "palace.discard", "no soldiers")


# -- palace.battle ------------------------------------------------------------------------------
def test_palace_battle_bets_stay_in_the_pot() -> None:
    s = three(pot=6)
    s = palace.apply(s, Battle("Bob", 5))
    assert s.pot == 11 and s.phase is Phase.DEFEND and s.actor.name == "Bob"
    s = palace.apply(s, Call())
    # Winning the battle wins cards, not chips: the pot keeps the 6 + 5 + 5.
    assert s.pot == 16
    assert s.player("Ann").chips + s.player("Bob").chips == 195 + 195
    assert [m.rule_id for m in s.pot_moves[-2:]] == ["palace.battle", "palace.battle.call"]


def test_palace_battle_unknown_name_is_refused() -> None:
    refused(three(), Battle("Zed", 5), "palace.battle.target", "Nobody called 'Zed'")


# -- palace.battle.target ------------------------------------------------------------------------
def test_palace_battle_target_never_your_own_banner_suit() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), player("Bob", "QS", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10H")])
    refused(s, Battle("Bob", 5), "palace.battle.target", "same suit", "spades")
    assert palace.may_attack(s, "Ann", "Cy")[0]
    assert [a for a in palace.legal_actions(s) if isinstance(a, Battle)] == [Battle("Cy", 5)]


def test_palace_battle_target_not_yourself_nor_a_player_who_is_out() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), out_player("Bob"),
                         player("Cy", "JD", "8C 9C 10S"), player("Dee", "2H", "5C 6C 7D")])
    refused(s, Battle("Ann", 5), "palace.battle.target", "another player")
    refused(s, Battle("Bob", 5), "palace.battle.target", "out of the hand")


# -- palace.battle.minimum -----------------------------------------------------------------------
def test_palace_battle_minimum_is_soldiers_plus_one_small_bets() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D 6D"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S")])
    assert palace.minimum_bet(s) == 15 and palace.minimum_bet(s, "Bob") == 5
    refused(s, Battle("Bob", 10), "palace.battle.minimum", "(2 soldiers + 1 banner) x 5 = 15")
    assert palace.minimum_for(5, LIMIT) == 30
    with pytest.raises(ValueError, match="0 to 5 soldiers"):
        palace.minimum_for(6, LIMIT)


def test_palace_battle_minimum_applies_under_no_limit() -> None:
    s = position(NO_LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                            player("Cy", "JD", "8C 9C 10S")])
    refused(s, Battle("Bob", 9), "palace.battle.minimum")
    assert palace.can_apply(s, Battle("Bob", 10)) and palace.can_apply(s, Battle("Bob", 77))


# -- palace.battle.fold ---------------------------------------------------------------------------
def test_palace_battle_fold_defender_out_attacker_takes_the_spoils() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), player("Bob", "QH", "5C 6C 7D", "8H"),
                         player("Cy", "JD", "8C 9C 10S")])
    s = palace.apply(s, Battle("Bob", 5))
    t = palace.apply(s, Fold())
    assert not t.player("Bob").in_hand and t.player("Bob").cards == ()
    assert set(t.discard_pile) == set(parse_cards("5C 6C 7D"))
    assert t.player("Ann").soldiers == parse_cards("8H QH")
    assert t.pot == 5 and t.player("Bob").chips == 200  # the defender paid nothing
    assert t.battles[-1].ending == "fold" and t.battles[-1].winner == "Ann"
    assert t.phase is Phase.KEEP and t.keep_rule == "palace.battle.capture"


def test_palace_battle_fold_pass_is_not_an_answer_to_an_attack() -> None:
    s = palace.apply(three(), Battle("Bob", 5))
    refused(s, Pass(), "palace.battle.fold", "fold, call or raise")
    refused(s, Stay(), "palace.battle.fold", "must first answer Ann's attack")


# -- palace.battle.call ----------------------------------------------------------------------------
def test_palace_battle_call_costs_the_defenders_own_soldiers_plus_one() -> None:
    s = position(NO_LIMIT, [player("Ann", "KS", "2C 3C 4D"),
                            player("Bob", "QH", "5C 6C 7D", "8H 9D"),
                            player("Cy", "JD", "8C 9C 10S")])
    s = palace.apply(s, Battle("Bob", 50))
    assert palace.call_amount(s) == 15  # (2 + 1) x 5, whatever Ann bet
    t = palace.apply(s, Call())
    assert t.player("Bob").chips == 185 and t.pot == 65


def test_palace_battle_call_opponents_banner_suit_does_not_count() -> None:
    # Ann A♥ A♦ 7♣ K♠ would be a pair of aces, but Bob's banner is a heart: A♦ K♠ 7♣ is
    # ace high. Bob Q♣ Q♦ 5♣ 2♥ (no spades): a pair of queens wins.
    s = position(LIMIT, [player("Ann", "KS", "AH AD 7C"), player("Bob", "2H", "QC QD 5C"),
                         player("Cy", "JD", "3C 4C 6D")])
    s = palace.apply(s, Battle("Bob", 5))
    t = palace.apply(s, Call())
    o = t.battles[-1].outcome
    assert o is not None
    assert o.attacker_hand.name == "high card, ace, king and seven"
    assert o.defender_hand.name == "pair, queens, five and two kickers"
    assert o.winner is palace.Side.DEFENDER and o.rule_id == "palace.battle.call"
    assert not t.player("Ann").in_hand
    assert t.player("Bob").soldiers == parse_cards("KS")
    assert set(parse_cards("AH AD 7C")) <= set(t.discard_pile)
    assert sorted(o.greyed(palace.Side.ATTACKER)) == [0]


def test_palace_battle_call_four_cards_make_a_short_hand() -> None:
    o = palace.battle_showdown("KH KS 9D 4C", "hearts", "2S 3S 5D 7C", "clubs")
    # The attacker loses 4♣ to the clubs banner: K♥ K♠ 9♦ is a pair of kings.
    assert o.attacker_hand.name == "pair, kings, nine kicker"
    assert o.defender_hand.name == "high card, seven, five, three and two"
    assert o.winner is palace.Side.ATTACKER


def test_palace_battle_call_bad_showdown_input_is_explained() -> None:
    with pytest.raises(SetupError, match="never between two banners of one suit"):
        palace.battle_showdown("KH KS 9D 4C", "hearts", "2S 3S 5D 7C", "hearts")
    with pytest.raises(SetupError, match="appears twice"):
        palace.battle_showdown("KH KS 9D 4C", "hearts", "KH 3S 5D 7C", "clubs")


# -- palace.battle.tie -------------------------------------------------------------------------------
def test_palace_battle_tie_more_own_banner_suit_cards_wins() -> None:
    # Ann K♣ Q♣ 4♠ 9♠ and Bob K♦ Q♦ 4♦ 9♥ both count K Q 9 4; Ann holds two spades, Bob one
    # heart.
    o = palace.battle_showdown("KC QC 4S 9S", "spades", "KD QD 4D 9H", "hearts", "Ann", "Bob")
    assert o.attacker_hand == o.defender_hand
    assert (o.attacker_banner_count, o.defender_banner_count) == (2, 1)
    assert o.winner_name == "Ann" and o.rule_id == "palace.battle.tie"


def test_palace_battle_tie_full_tie_puts_both_out() -> None:
    s = position(LIMIT, [player("Ann", "3S", "KC 9D 6C"), player("Bob", "3H", "KD 9C 6D"),
                         player("Cy", "JD", "2C 4C 5D")], pot=6)
    s = palace.apply(s, Battle("Bob", 5))
    t = palace.apply(s, Call())
    # Both K 9 6 3, one banner-suit card each: both out, so Cy is last and takes 6 + 5 + 5.
    assert t.is_over and t.result is not None
    assert t.result.rule_id == "palace.end" and t.result.payouts == (("Cy", 16),)
    assert t.battles[-1].winner is None and t.battles[-1].losers == ("Ann", "Bob")


def test_palace_battle_tie_last_two_split_the_pot() -> None:
    s = position(LIMIT, [player("Ann", "3S", "KC 9D 6C"), player("Bob", "3H", "KD 9C 6D")],
                 pot=21)
    s = palace.apply(s, Battle("Bob", 5))
    t = palace.apply(s, Call())
    assert t.result is not None and t.result.rule_id == "palace.battle.tie"
    # 31 chips, Bob deals: Ann (the dealer's left) gets the odd chip.
    assert t.result.payouts == (("Ann", 16), ("Bob", 15)) and t.pot == 0


# -- palace.battle.raise -------------------------------------------------------------------------------
def _raised() -> palace.PalaceState:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D", "6H"),
                         player("Cy", "JD", "8C 9C 10S")])
    s = palace.apply(s, Battle("Bob", 10))
    return palace.apply(s, Raise(10))  # Bob: call (1 + 1) x 5 = 10, raise 10


def test_palace_battle_raise_limit_by_the_big_bet() -> None:
    s = _raised()
    assert s.player("Bob").chips == 180 and s.pot == 30
    assert s.phase is Phase.ANSWER and s.actor.name == "Ann" and palace.call_amount(s) == 10


def test_palace_battle_raise_limit_without_soldiers_doubles_the_small_bet() -> None:
    rules = LIMIT.replace(big_bet=15)
    s = position(rules, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S", "6H")])
    s = palace.apply(s, Battle("Bob", 10))
    refused(s, Raise(15), "palace.battle.raise", "exactly 10", "double the small bet")
    assert palace.can_apply(s, Raise(10))


def test_palace_battle_raise_no_limit_at_least_the_big_bet() -> None:
    s = position(NO_LIMIT, [player("Ann", "KS", "2C 3C 4D"), player("Bob", "QH", "5C 6C 7D"),
                            player("Cy", "JD", "8C 9C 10S")])
    s = palace.apply(s, Battle("Bob", 5))
    refused(s, Raise(9), "palace.battle.raise", "at least the big bet, 10")
    assert palace.raise_limits(s) == (10, 195)


def test_palace_battle_raise_attacker_passes_and_the_raise_goes_back() -> None:
    t = palace.apply(_raised(), Pass())
    assert not t.player("Ann").in_hand
    assert t.player("Bob").chips == 190 and t.pot == 20  # the uncalled 10 went back
    assert t.pot_moves[-1] == palace.PotMove("Bob", -10, "palace.battle.raise",
                                             "takes back the uncalled raise")
    assert t.player("Bob").soldiers == parse_cards("6H 5D KS")
    assert t.battles[-1].ending == "pass"


def test_palace_battle_raise_attacker_calls_the_raise() -> None:
    t = palace.apply(_raised(), Call())
    assert t.player("Ann").chips == 180 and t.battles[-1].ending == "showdown"
    assert any("Ann calls for 10, looks at the cards" in text for _, text in t.log)


def test_palace_battle_raise_re_raise_and_the_defender_may_pass() -> None:
    s = palace.apply(_raised(), Raise(10))  # Ann: 10 to call + 10
    assert s.player("Ann").chips == 170 and s.actor.name == "Bob"
    t = palace.apply(s, Pass())
    assert not t.player("Bob").in_hand and t.player("Ann").chips == 180
    assert t.player("Ann").soldiers == parse_cards("5D 6H QH")


def test_palace_battle_raise_fold_is_not_an_answer_to_a_raise() -> None:
    refused(_raised(), Fold(), "palace.battle.raise", "Pass()")


# -- palace.battle.capture -------------------------------------------------------------------------------
def test_palace_battle_capture_keeps_at_most_five() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "2D 3D 5D 6D 7D"),
                         player("Bob", "QH", "5C 6C 7C", "8H 9H"), player("Cy", "JC", "8C 9C 10C")])
    s = palace.apply(s, Battle("Bob", 30))
    s = palace.apply(s, Fold())
    assert len(s.player("Ann").soldiers) == 8
    refused(s, DiscardSoldiers(parse_cards("2D 3D")), "palace.battle.capture", "at least 3")
    t = palace.apply(s, DiscardSoldiers(parse_cards("2D 3D 5D")))
    assert t.player("Ann").soldiers == parse_cards("6D 7D 8H 9H QH")
    assert t.player("Ann").suit is Suit.SPADES  # her banner suit is unchanged
    assert palace.minimum_bet(t, "Ann") == 30


def test_palace_battle_capture_banner_counts_as_a_soldier() -> None:
    s = palace.apply(three(), Battle("Bob", 5))
    s = palace.apply(s, Fold())
    s = palace.apply(s, DiscardSoldiers())
    assert s.player("Ann").soldiers == parse_cards("QH") and palace.minimum_bet(s, "Ann") == 10


def test_palace_battle_capture_nothing_to_choose_when_the_hand_ends() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "2D 3D 5D 6D 7D"),
                         player("Bob", "QH", "5C 6C 7C", "8H 9H")], pot=4)
    s = palace.apply(s, Battle("Bob", 30))
    t = palace.apply(s, Fold())
    assert t.is_over and t.result is not None and t.result.payouts == (("Ann", 34),)


# -- palace.stay -----------------------------------------------------------------------------------
def test_palace_stay_changes_nothing_but_the_turn() -> None:
    s = three(pot=6)
    t = palace.apply(s, Stay())
    assert t.players == s.players and t.pot == 6 and t.draw_pile == s.draw_pile
    assert t.actor.name == "Bob" and t.log[-1] == ("palace.stay", "Ann stays.")


def test_palace_stay_not_while_a_battle_is_answered() -> None:
    s = palace.apply(three(), Battle("Bob", 5))
    refused(s, Stay(), "palace.battle.fold")


# -- palace.fold -------------------------------------------------------------------------------------
def test_palace_fold_on_your_turn_discards_everything() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S")], pot=6)
    t = palace.apply(s, Fold())
    assert not t.player("Ann").in_hand and t.player("Ann").chips == 200 and t.pot == 6
    assert set(t.discard_pile) == set(parse_cards("2C 3C 4D 5D KS"))
    assert t.player("Bob").soldiers == () and t.actor.name == "Bob"


# -- palace.end ---------------------------------------------------------------------------------------
def test_palace_end_last_player_takes_the_pot() -> None:
    s = three(pot=6)
    s = palace.apply(s, Fold())  # Ann
    s = palace.apply(s, Fold())  # Bob
    assert s.is_over and s.result is not None
    assert s.result.rule_id == "palace.end" and s.result.payouts == (("Cy", 6),)
    assert s.player("Cy").chips == 206 and s.pot == 0
    assert s.pot_moves[-1] == palace.PotMove("Cy", -6, "palace.end", "wins")
    refused(s, Stay(), "palace.end", "The hand is over")
    assert palace.legal_actions(s) == ()


# -- palace.end.two-left ----------------------------------------------------------------------------
def test_palace_end_two_left_must_battle() -> None:
    s = palace.apply(three(), Fold())
    assert s.actor.name == "Bob"
    refused(s, Stay(), "palace.end.two-left", "must battle Cy")
    refused(s, Buy(), "palace.end.two-left")
    assert palace.legal_actions(s) == (Battle("Cy", 5), Fold())


def test_palace_end_two_left_a_two_player_hand_plays_freely() -> None:
    s = palace.new_hand(LIMIT, ["Ann", "Bob"], seed=1)
    kinds = {type(a) for a in palace.legal_actions(s)}
    assert {Buy, Stay, Battle, Fold} <= kinds


# -- palace.end.same-suit --------------------------------------------------------------------------
def test_palace_end_same_suit_splits_the_pot() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), out_player("Bob"),
                         player("Cy", "JD", "8C 9C 10H"), out_player("Dee"),
                         player("Eve", "9S", "5C 6C 7D")], to_act="Cy", pot=25)
    t = palace.apply(s, Fold())
    assert t.result is not None and t.result.rule_id == "palace.end.same-suit"
    # Eve deals: Ann is nearest the dealer's left and gets the odd chip.
    assert t.result.payouts == (("Ann", 13), ("Eve", 12))
    assert palace.split_pot(20, ["A", "B", "C"]) == (("A", 7), ("B", 7), ("C", 6))


def test_palace_end_same_suit_no_attack_possible_before() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), player("Cy", "JD", "8C 9C 10H"),
                         player("Eve", "9S", "5C 6C 7D")])
    assert [a.target for a in palace.legal_actions(s) if isinstance(a, Battle)] == ["Cy"]


# -- palace.end.showdown ---------------------------------------------------------------------------
def _quiet_table(pot: int = 30) -> palace.PalaceState:
    return position(LIMIT, [player("Ann", "KS", "AH AD 7C"), player("Bob", "QH", "KC KD 5C"),
                            player("Cy", "JD", "2C 3C 9H"), player("Dee", "10C", "4H 6S 8D")],
                    pot=pot)


def test_palace_end_showdown_after_a_round_of_stays() -> None:
    s = _quiet_table()
    for _ in range(3):
        s = palace.apply(s, Stay())
    assert not s.is_over
    s = palace.apply(s, Stay())
    assert s.result is not None and s.result.rule_id == "palace.end.showdown"
    # No suit is excluded: Ann's pair of aces beats Bob's kings.
    assert s.result.payouts == (("Ann", 30),)
    assert dict(s.result.hands)["Ann"].name == "pair, aces, king and seven kickers"


def test_palace_end_showdown_folds_and_discards_keep_the_round_quiet() -> None:
    s = position(LIMIT, [player("Ann", "KS", "AH AD 7C", "2S"), player("Bob", "QH", "KC KD 5C"),
                         player("Cy", "JD", "2C 3C 9H"), player("Dee", "10C", "4H 6S 8D")], pot=30)
    s = palace.apply(s, Discard(parse_cards("2S")))  # Ann
    s = palace.apply(s, Fold())  # Bob
    s = palace.apply(s, Stay())  # Cy
    s = palace.apply(s, Stay())  # Dee
    assert s.result is not None and s.result.rule_id == "palace.end.showdown"
    assert s.result.winners == ("Ann",) and s.result.payouts == (("Ann", 35),)


def test_palace_end_showdown_a_buy_starts_the_round_again() -> None:
    s = _quiet_table()
    s = palace.apply(s, Stay())
    s = palace.apply(s, Buy())
    s = palace.apply(s, DiscardSoldiers())
    s = palace.apply(s, Stay())
    s = palace.apply(s, Stay())
    s = palace.apply(s, Stay())  # Ann again: Bob has not stayed since his buy
    assert not s.is_over
    s = palace.apply(s, Stay())
    assert s.is_over


def test_palace_end_showdown_ties_split() -> None:
    s = position(LIMIT, [player("Ann", "KS", "9C 9D 4C"), player("Bob", "KH", "9H 9S 4D"),
                         player("Cy", "JD", "2C 3C 7H")], pot=31)
    for _ in range(3):
        s = palace.apply(s, Stay())
    assert s.result is not None and s.result.winners == ("Ann", "Bob")
    assert s.result.payouts == (("Ann", 16), ("Bob", 15))


# -- the record and explanations -----------------------------------------------------------------
def test_palace_battle_pot_moves_add_up_to_the_pot() -> None:
    s = _raised()
    assert s.pot == sum(m.amount for m in s.pot_moves)


def test_palace_turn_explain_says_what_each_move_does() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                         player("Cy", "JD", "8C 9C 10S")])
    assert "pays 5 into the pot and takes the top card" in palace.explain(s, Buy())
    assert "discards 5♦, drawing nothing" in palace.explain(s, Discard(parse_cards("5D")))
    assert "does nothing" in palace.explain(s, Stay())
    assert "(the minimum is (1 + 1) x 5 = 10)" in palace.explain(s, Battle("Bob", 10))
    b = palace.apply(s, Battle("Bob", 10))
    assert "call for" not in palace.explain(b, Call())
    assert "pays 5, looks at Ann's cards" in palace.explain(b, Call())
    assert "takes Bob's soldiers and banner" in palace.explain(b, Fold())


def test_palace_turn_bad_input_is_a_clear_error() -> None:
    with pytest.raises(IllegalAction, match="whole number of chips"):
        Battle("Bob", 5.5)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="2 to 10 players, not 11"):
        palace.new_hand(LIMIT, [f"P{i}" for i in range(11)], seed=1)
    with pytest.raises(SetupError, match="same name"):
        palace.new_hand(LIMIT, ["Ann", "Ann"], seed=1)
    with pytest.raises(SetupError, match="cards placed twice: 2♣"):
        position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), player("Bob", "QH", "2C 6C 7D")])
    refused(three(), "stay", "palace.turn", "not a Palace Poker action")
    refused(three(), object(), "palace.turn", "not a Palace Poker action")


# -- the game contract ----------------------------------------------------------------------------
def test_palace_contract_names_and_start() -> None:
    assert palace.GAME == "palace" and palace.RULES
    s = palace.start(LIMIT, seed=3)
    assert [p.name for p in s.players] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert [p.name for p in palace.start(LIMIT, seed=3, seats=palace.seats(LIMIT, 2)).players] == [
        "Player 1", "Player 2"]
    assert s == palace.new_hand(LIMIT, [f"Player {i}" for i in range(1, 5)], seed=3)


def test_palace_contract_to_act_is_the_seat_name_of_whoever_must_answer() -> None:
    s = three()
    assert palace.to_act(s) == "Ann"
    attacked = palace.apply(s, Battle("Bob", 5))
    assert palace.to_act(attacked) == "Bob" and attacked.phase is Phase.DEFEND
    raised = palace.apply(attacked, Raise(10))
    assert palace.to_act(raised) == "Ann" and raised.phase is Phase.ANSWER
    over = palace.apply(palace.apply(raised, Pass()), DiscardSoldiers())
    assert palace.to_act(over) == "Bob"  # Bob won; play goes on from Ann's left
    end = palace.apply(position(LIMIT, [player("Ann", "KS", "2C 3C 4D"),
                                        player("Bob", "QH", "5C 6C 7D")]), Fold())
    assert palace.is_over(end) and palace.to_act(end) is None


def test_palace_contract_outcome_is_the_pot_record_as_balanced_lines() -> None:
    s = palace.new_hand(LIMIT, ["Ann", "Bob", "Cy"], seed=7, dealer="Cy")
    o = palace.outcome(s)
    assert isinstance(o, Outcome) and o.unit is Unit.CHIPS and not o.final
    assert [(ln.payer, ln.payee, ln.amount, ln.rule_id) for ln in o.lines] == [
        (n, palace.POT, 2, "palace.banner.ante") for n in ("Ann", "Bob", "Cy")]
    assert o.balanced and o.net()[palace.POT] == 6
    rng = Rng("outcome")
    while not palace.is_over(s):
        s = palace.apply(s, palace.random_action(s, rng))
    o = palace.outcome(s)
    assert o.final and o.balanced and o.net()[palace.POT] == 0
    assert o.net() == {p.name: p.chips - 200 for p in s.players} | {palace.POT: 0}
    assert all(ln.amount > 0 for ln in o.lines)


def test_palace_contract_cards_in_play_are_the_pack() -> None:
    s = palace.start(NO_LIMIT, seed=5, seats=palace.seats(NO_LIMIT, 6))
    rng = Rng(5)
    while not palace.is_over(s):
        assert sorted(palace.cards_in_play(s)) == sorted(standard_deck())
        s = palace.apply(s, palace.random_action(s, rng))
    assert sorted(palace.cards_in_play(s)) == sorted(standard_deck())
    with pytest.raises(IllegalAction) as err:
        palace.random_action(s, rng)
    assert err.value.rule_id == "palace.end"


def test_palace_contract_setup_errors_say_what_is_wrong() -> None:
    with pytest.raises(SetupError, match="Palace Poker needs its own rules"):
        palace.start(load_rules("poker"), seed=1)
    with pytest.raises(SetupError, match="seats 2 to 10; 1 were given"):
        palace.start(LIMIT, seed=1, seats=["Ann"])
    with pytest.raises(SetupError, match="seats 2 to 10 players; 1 were asked for"):
        palace.seats(LIMIT, 1)
    with pytest.raises(SetupError, match="seats 2 to 10 players; 11 were asked for"):
        palace.deal_rows(LIMIT, 1, 11)
    with pytest.raises(SetupError, match="profile 'poker' is for 'poker', not Palace Poker"):
        palace.load_palace("poker")
    with pytest.raises(SetupError, match="list of names"):
        palace.new_hand(LIMIT, "Ann Bob", seed=1)
    with pytest.raises(SetupError, match="list of cards"):
        palace.new_hand(LIMIT, ["Ann", "Bob"], seed=1, dealer="Ann",
                        pack=3)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="list of cards"):
        player("Ann", "KS", None)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="is not a card"):
        player("Ann", "KS", [1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(SetupError, match="exactly once"):
        palace.new_hand(LIMIT, ["Ann", "Bob"], seed=1,
                        pack=(*standard_deck()[:-1], standard_deck()[0]))
    with pytest.raises(SetupError, match="appears twice"):
        palace.battle_showdown("AS AS 2D 3D", "spades", "KH QH JH 10H", "hearts")


def test_palace_contract_can_queries_come_from_the_checks() -> None:
    s = three()
    assert palace.can_battle(s, "Bob", 5) and not palace.can_battle(s, "Bob", 10)
    assert not palace.can_battle(s, "Ann", 5)
    assert palace.can_buy(s) and palace.can_stay(s) and palace.can_fold(s)
    assert not palace.can_call(s) and not palace.can_pass(s) and not palace.can_raise(s, 10)
    assert not palace.can_discard(s, "2C") and not palace.can_discard_soldiers(s, "")
    assert palace.can_apply(s, Stay()) and not palace.can_apply(s, object())
    with pytest.raises(IllegalAction, match="whole number of chips"):
        palace.verify_raise(palace.apply(s, Battle("Bob", 5)), 5.5)  # type: ignore[arg-type]


# -- seeds, seats and checked entry points ---------------------------------------------------
def test_palace_first_dealer_seeds_are_whole_numbers_or_texts_only() -> None:
    assert palace.new_hand(LIMIT, ["Ann", "Bob"], seed="None") != palace.new_hand(
        LIMIT, ["Ann", "Bob"], seed=7)
    for bad in (None, True, 1.5, b"7", object()):
        with pytest.raises(SetupError, match="A seed is a whole number or a text"):
            palace.new_hand(LIMIT, ["Ann", "Bob"], seed=bad)  # type: ignore[arg-type]
        with pytest.raises(SetupError, match="A seed is a whole number or a text"):
            palace.start(LIMIT, bad)  # type: ignore[arg-type]
        with pytest.raises(SetupError, match="A seed is a whole number or a text"):
            palace.deal_rows(LIMIT, bad)  # type: ignore[arg-type]
        with pytest.raises(SetupError, match="A seed is a whole number or a text"):
            palace.play_random(LIMIT, ["Ann", "Bob"], bad)  # type: ignore[arg-type]
        with pytest.raises(SetupError, match="A seed is a whole number or a text"):
            three(seed=bad)


def test_palace_first_dealer_the_first_named_seat_deals_the_first_hand() -> None:
    s = palace.start(LIMIT, 3, seats=["Cy", "Ann", "Bob"])
    assert [p.name for p in s.players] == ["Cy", "Ann", "Bob"]
    assert s.players[s.dealer].name == "Cy" and palace.to_act(s) == "Ann"
    assert s.dealer_draw is None and s == palace.new_hand(LIMIT, ["Cy", "Ann", "Bob"], seed=3,
                                                          dealer="Cy")
    # with no seats named, the high card deals, as the rules say
    s = palace.start(LIMIT, 3)
    assert s.dealer_draw is not None and s.players[s.dealer].name == s.dealer_draw.dealer
    assert palace.seats(LIMIT, None) == ("Player 1", "Player 2", "Player 3", "Player 4")
    for bad in (1, 11, True, "4", 2.0):
        with pytest.raises(SetupError, match="seats 2 to 10 players"):
            palace.seats(LIMIT, bad)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="needs its own name"):
        palace.start(LIMIT, 3, seats=["Ann", "Ann"])


JUNK: list[object] = [None, 0, -1, 1.5, True, "x", b"x", object(), (), [None], {"a": 1}]


@pytest.mark.parametrize("junk", JUNK, ids=[repr(j)[:10] for j in JUNK])
def test_palace_turn_every_entry_point_refuses_junk_in_one_sentence(junk: object) -> None:
    s = three()
    battle = palace.apply(s, Battle("Bob", 5))
    calls: list[Callable[[], object]] = [
        lambda: palace.legal_actions(junk), lambda: palace.view(junk, "Ann"),  # type: ignore[arg-type]
        lambda: palace.view(s, junk), lambda: palace.random_action(s, junk),  # type: ignore[arg-type]
        lambda: palace.minimum_bet(s, junk), lambda: palace.bet_limits(s, junk),  # type: ignore[arg-type]
        lambda: palace.may_attack(s, "Ann", junk), lambda: palace.call_amount(junk),  # type: ignore[arg-type]
        lambda: palace.verify_discard(s, junk), lambda: palace.verify_raise(battle, junk),  # type: ignore[arg-type]
        lambda: palace.table(junk), lambda: palace.outcome(junk), lambda: palace.two_left(junk),  # type: ignore[arg-type]
        lambda: palace.minimum_for(junk, LIMIT), lambda: palace.raise_size(1, junk),  # type: ignore[arg-type]
        lambda: palace.split_pot(10, junk), lambda: palace.counting_cards(junk, "hearts"),  # type: ignore[arg-type]
        lambda: palace.hand_value(junk), lambda: palace.battle_showdown(junk, "S", "KH", "H"),  # type: ignore[arg-type]
        lambda: palace.choose_first_dealer(junk, Rng(1)), lambda: palace.banner_group(junk),  # type: ignore[arg-type]
        lambda: palace.deal_banners(junk, ["Ann", "Bob"]), lambda: palace.ante(junk),  # type: ignore[arg-type]
        lambda: palace.new_hand(LIMIT, junk, seed=1), lambda: palace.position(LIMIT, junk),  # type: ignore[arg-type]
        lambda: palace.new_hand(LIMIT, ["Ann", "Bob"], seed=1, chips=junk),  # type: ignore[arg-type]
        lambda: palace.load_palace(junk), lambda: palace.player("Ann", junk, "2C 3C 4C"),  # type: ignore[arg-type]
        lambda: palace.describe(junk), lambda: Battle("Bob", junk), lambda: Raise(junk),  # type: ignore[arg-type]
        lambda: Discard(junk), lambda: palace.PLAYERS[0](palace.view(s, "Ann"), junk),  # type: ignore[arg-type]
        lambda: palace.PLAYERS[1](palace.view(s, "Ann"), junk),  # type: ignore[arg-type]
    ]
    for call in calls:
        try:
            call()
        except (SetupError, IllegalAction) as e:
            assert str(e).strip() and "\n" not in str(e)
        # (a few junk values are well-formed for some calls, such as 0 soldiers or an empty
        # discard: those may return; anything else escaping fails the test)


def test_palace_turn_asking_a_state_writes_nothing_into_it() -> None:
    import pickle

    one, two = palace.start(LIMIT, 4), palace.start(LIMIT, 4)
    for seat in one.names:
        palace.view(one, seat)
    palace.legal_actions(one)
    assert one.alive and one.in_hand and one.order()
    assert one == two and pickle.dumps(one) == pickle.dumps(two)


def test_palace_turn_each_action_in_words() -> None:
    assert [palace.describe(a) for a in (Buy(), Stay(), Fold(), Call(), Pass(), Raise(10),
                                          Battle("Bob", 15), Discard(parse_cards("2C 9D")),
                                          DiscardSoldiers(), DiscardSoldiers(parse_cards("3S")))] == [
        "Buy a soldier", "Stay", "Fold", "Call", "Pass", "Call and raise by 10",
        "Attack Bob, betting 15", "Pay to discard 9♦ 2♣", "Keep every soldier", "Discard 3♠"]


# -- the computer players --------------------------------------------------------------------
def test_palace_turn_the_random_player_draws_as_random_action_from_the_view() -> None:
    for seed, rules, n in ((1, LIMIT, 3), (2, NO_LIMIT, 5), (3, NO_LIMIT, 2), (4, LIMIT, 8)):
        s = palace.new_hand(rules, [f"P{i}" for i in range(n)], seed=seed)
        while not palace.is_over(s):
            seat = palace.to_act(s)
            assert seat is not None
            k = len(s.log)
            mine = palace.PLAYERS[1](palace.view(s, seat), Rng(f"{seed}:{k}"))
            assert mine == palace.random_action(s, Rng(f"{seed}:{k}"))
            s = palace.apply(s, mine)


def _strength(s: palace.PalaceState) -> palace.Action:
    seat = palace.to_act(s)
    assert seat is not None
    return palace.PLAYERS[0](palace.view(s, seat), Rng(1))


def test_palace_battle_the_strength_player_attacks_with_a_pair_of_jacks_or_better() -> None:
    assert palace.PLAYERS[0].name == "strength"
    jacks = position(LIMIT, [player("Ann", "KS", "JC JD 4D"), player("Bob", "QH", "5C 6C 7D"),
                             player("Cy", "8D", "8C 9C 10S")])
    # against Cy (diamonds) the J♦ would not count; against Bob (hearts) the jacks do
    assert _strength(jacks) == Battle("Bob", 5)
    tens = position(LIMIT, [player("Ann", "KS", "10C 10D 4D"), player("Bob", "QH", "5C 6C 7D"),
                            player("Cy", "JD", "8C 9C 10S")])
    assert _strength(tens) == Buy()
    full = position(LIMIT, [player("Ann", "KS", "10C 2D 4D", "6C 8D QC 9H 3S"),
                            player("Bob", "QH", "5S 6S 7D"), player("Cy", "JD", "8C 9C 10S")])
    assert _strength(full) == Stay()


def test_palace_end_two_left_the_strength_player_battles_on_a_pair_else_folds() -> None:
    pair = position(LIMIT, [player("Ann", "KS", "2C 2D 4D"), player("Bob", "QH", "5C 6C 7D"),
                            out_player("Cy")])
    assert _strength(pair) == Battle("Bob", 5)
    nothing = position(LIMIT, [player("Ann", "KS", "2C 3D 4D"), player("Bob", "QH", "5C 6C 7D"),
                               out_player("Cy")])
    assert _strength(nothing) == Fold()


def test_palace_battle_call_the_strength_player_defends_by_its_hand() -> None:
    def defend(bob: str) -> palace.Action:
        s = position(LIMIT, [player("Ann", "KS", "2C 3C 4D"), player("Bob", "QH", bob),
                             player("Cy", "JD", "8C 9C 10S")])
        return _strength(palace.apply(s, Battle("Bob", 5)))

    assert defend("5C 6C 7D") == Fold()  # high card
    assert defend("6C 6D 7D") == Fold()  # a pair of sixes
    assert defend("7C 7D 2D") == Call()  # a pair of sevens
    assert defend("QC 7C 7D") == Raise(10)  # two pair, queens (with the banner) and sevens
    assert defend("7C 7D 7H") == Raise(10)  # three sevens
    # the cards of the attacker's banner suit (spades) do not count
    assert defend("7C 7S 2D") == Fold()


def test_palace_battle_raise_the_strength_player_answers_a_raise_by_its_hand() -> None:
    def answer(ann: str) -> palace.Action:
        s = position(LIMIT, [player("Ann", "KS", ann), player("Bob", "QH", "5C 5D 5S"),
                             player("Cy", "AD", "8C 9C 10S")])
        raised = palace.apply(palace.apply(s, Battle("Bob", 5)), Raise(10))
        return _strength(raised)

    assert answer("2C 3C 4D") == Pass()
    assert answer("JC JD 4D") == Call()
    assert answer("JC JD JS") == Raise(10)


def test_palace_battle_capture_the_strength_player_keeps_the_five_best_soldiers() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4C", "2D 3D 4D 5D 9S"),
                         player("Bob", "QH", "5C 6C 7C", "6D 7D 8D 9D 10D"),
                         player("Cy", "JC", "8C 9C 10C")])
    s = palace.apply(palace.apply(s, Battle("Bob", 30)), Fold())
    assert len(s.player("Ann").soldiers) == 11
    keep = _strength(s)
    assert isinstance(keep, DiscardSoldiers) and len(keep.cards) == 6
    kept = [c for c in s.player("Ann").soldiers if c not in keep.cards]
    assert sorted(kept) == sorted(parse_cards("6D 7D 8D 9D 10D"))
    # with five soldiers or fewer it keeps them all
    bought = palace.apply(three(), Buy())
    assert _strength(bought) == DiscardSoldiers()
