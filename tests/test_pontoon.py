"""Pontoon and Shoot Pontoon: one or more tests per rule id, with hand-worked figures.

Every deal is stacked with ``arrange_pack`` so that the cards are known; the
expected payments are worked out by hand from RULES.md §1, not read off the engine.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction
from itertools import pairwise

import pytest

from cardrules import pontoon as pt
from cardrules.cards import parse_cards
from cardrules.errors import IllegalAction, ProfileError
from cardrules.game import SetupError
from cardrules.pontoon import (
    BankerDraw,
    BankerStay,
    Buy,
    Declare,
    HandStatus,
    NextDeal,
    Phase,
    SellBank,
    Shoot,
    Split,
    Stake,
    Stick,
    TopUp,
    Twist,
    apply,
    arrange_pack,
    buy_range,
    classify,
    hand_value,
    legal_actions,
    load_pontoon,
    new_deal,
    settlement,
)
from cardrules.profiles import load_rules
from cardrules.rng import Rng
from tests.support import refused

R = load_pontoon("pontoon")
SHOOT = load_pontoon("shoot-pontoon")
NAMES = ["Ann", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hal"]


def table(rules, hands, banker, then="", kitty=None, seats=None, banker_name="Ben"):
    """Ben banks; Ann, Cleo, Dev... play in that order with these first two cards."""
    seats = seats or [banker_name, *NAMES[: len(hands)]]
    pack = arrange_pack([parse_cards(h) for h in hands], parse_cards(banker), parse_cards(then),
                        packs=rules.packs)
    return new_deal(rules, seats, banker=banker_name, pack=pack, kitty=kitty)


def staked(state, *amounts, shoots=None):
    for a in amounts:
        state = apply(state, Stake(a))
    if state.rules.shoot and state.phase is Phase.SHOOT:
        for s in shoots or [0] * len(amounts):
            state = apply(state, Shoot(s))
    return state


def run(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def paid(state, rule_prefix=""):
    """(payer, payee, amount, rule) of every payment of the deal."""
    return [(p.payer, p.payee, p.amount, p.rule_id) for p in state.payments
            if p.rule_id.startswith(rule_prefix)]


# -- card values and ranking ----------------------------------------------------------------
def test_pontoon_hand_value_aces_count_one_or_eleven():
    assert hand_value(parse_cards("AS 9D")) == 20
    assert hand_value(parse_cards("AS 9D 5C")) == 15
    assert hand_value(parse_cards("AS AD 9C")) == 21
    assert hand_value(parse_cards("AS AD")) == 12
    assert hand_value(parse_cards("KS QD 5C")) == 25
    assert pt.low_total(parse_cards("AS AD 9C")) == 11
    assert pt.value_text(parse_cards("AS 3D")) == "4 or 14"
    assert [pt.card_points(c) for c in parse_cards("AS 7D 10C JH QS KD")] == [1, 7, 10, 10, 10, 10]


def test_pontoon_hand_value_rejects_what_is_not_a_card():
    with pytest.raises(SetupError, match="parse_cards"):
        hand_value(["AS", "KD"])
    with pytest.raises(SetupError, match="list of cards"):
        hand_value("AS KD")
    with pytest.raises(SetupError, match="got None"):
        hand_value(None)


def test_pontoon_hands_rank_spec_example_order():
    # RULES.md: A-J > 7-3-4-2-2 > 9-8-4 > 9-A > 9-6-A.
    hands = ["AS JD", "7S 3D 4H 2C 2S", "9S 8D 4C", "9H AC", "9D 6H AS"]
    ranks = [classify(parse_cards(h)) for h in hands]
    assert all(a > b for a, b in pairwise(ranks))
    assert [str(r) for r in ranks] == ["pontoon", "five card trick (18)", "21 in 3 cards", "20",
                                      "16"]


def test_pontoon_hands_rank_equal_classes_and_bust():
    trick_low = classify(parse_cards("2S 3D 2C 3H AS"))
    trick_high = classify(parse_cards("5S 4D 3C 4H 5H"))
    assert trick_low == trick_high  # all five card tricks are equal
    assert classify(parse_cards("7S 7D 7C")) == classify(parse_cards("5S 6D 5C 5H"))
    assert classify(parse_cards("KS QD 2C")) < classify(parse_cards("2S 2D"))  # bust is worthless
    assert classify(parse_cards("KS QD 5C")) == classify(parse_cards("KS QD JC"))
    assert classify(parse_cards("7S 7D 7C")) < trick_low
    five_bust = classify(parse_cards("5S 6D 5C 5H 2H"))
    assert five_bust.is_bust and not five_bust.pays_double


def test_pontoon_hands_rank_split_ace_and_ten_follows_the_option():
    cards = parse_cards("AS KD")
    assert classify(cards, from_split=True).kind is pt.HandKind.PONTOON
    strict = R.replace(split_pontoon=False)
    r = classify(cards, from_split=True, rules=strict)
    assert r.kind is pt.HandKind.TOTAL and r.total == 21


def test_pontoon_hands_rank_refuses_empty_and_six_cards():
    with pytest.raises(SetupError, match="1 to 5 cards, not 0"):
        classify(())
    with pytest.raises(SetupError, match="not 6"):
        classify(parse_cards("AS 2S 3S AD 2D 3D"))


def test_pontoon_two_card_pontoon_probability_is_exact():
    # 4 aces x 16 ten-cards, in either order, out of 52 x 51 ordered pairs.
    assert pt.pontoon_probability(1) == Fraction(4 * 16 * 2, 52 * 51) == Fraction(32, 663)
    with pytest.raises(SetupError, match="1 or 2 packs"):
        pt.pontoon_probability(3)


# -- the deal and the stakes -------------------------------------------------------------------
def test_pontoon_deal_first_card_round_and_the_banker_may_not_look():
    pack = arrange_pack([parse_cards("2S 3S"), parse_cards("4S 5S"), parse_cards("6S 7S")],
                        parse_cards("8S 9S"))
    s = new_deal(R, ["Ann", "Ben", "Cleo", "Dev"], banker="Cleo", pack=pack)
    assert [p.name for p in s.players] == ["Dev", "Ann", "Ben"]  # from the banker's left
    assert [p.hands[0].cards for p in s.players] == [parse_cards("2S"), parse_cards("4S"),
                                                      parse_cards("6S")]
    assert s.banker_cards == parse_cards("8S")
    assert pt.banker_view(s) == (None,)
    assert s.players[0].hands[0].face_down == frozenset({0})
    s = staked(s, 10, 10, 10)
    assert [p.hands[0].cards for p in s.players] == [parse_cards("2S 3S"), parse_cards("4S 5S"),
                                                      parse_cards("6S 7S")]
    assert pt.banker_view(s) == parse_cards("8S 9S")
    assert len(s.pack) == 52 - 8


def test_pontoon_deal_table_of_two_to_eight():
    for n in (1, 9):
        verb = "was" if n == 1 else "were"
        with pytest.raises(SetupError, match=f"2 to 8 at the table.*; {n} {verb} given"):
            new_deal(R, [f"P{i}" for i in range(n)], seed=1)
    new_deal(R, [f"P{i}" for i in range(8)], seed=1)
    with pytest.raises(SetupError, match="repeated: Ann"):
        new_deal(R, ["Ann", "Ann"], seed=1)
    with pytest.raises(SetupError, match="not at the table"):
        new_deal(R, ["Ann", "Ben"], banker="Zed", seed=1)
    with pytest.raises(SetupError, match="kitty"):
        new_deal(R, ["Ann", "kitty"], seed=1)
    with pytest.raises(SetupError, match="needs a name"):
        new_deal(R, ["Ann", " "], seed=1)
    with pytest.raises(SetupError, match="list of names"):
        new_deal(R, "Ann Ben", seed=1)
    with pytest.raises(SetupError, match="Pontoon needs its own rules"):
        new_deal(load_rules("punto-banco"), ["Ann", "Ben"], seed=1)


def test_pontoon_deal_needs_a_full_pack():
    pack = list(pt.full_pack(1))
    with pytest.raises(SetupError, match=r"missing A♠"):
        new_deal(R, ["Ann", "Ben"], pack=pack[:-1])
    pack[0] = pack[1]
    with pytest.raises(SetupError, match=r"pack: 3♣ twice \(a duplicate: a pack holds one of "
                       r"each card\); missing 2♣$"):
        new_deal(R, ["Ann", "Ben"], pack=pack)
    with pytest.raises(SetupError, match=r"2 full 52-card packs: A♠ three times \(a duplicate"):
        new_deal(R.replace(packs=2), ["Ann", "Ben"], pack=list(pt.full_pack(2))[1:] + pack[-1:])
    with pytest.raises(SetupError, match="Give the pack"):
        new_deal(R, ["Ann", "Ben"])
    with pytest.raises(SetupError, match="list of cards"):
        new_deal(R, ["Ann", "Ben"], pack="AS KD QC")
    with pytest.raises(SetupError, match="list of cards"):
        arrange_pack([parse_cards("AS KD")], None)
    with pytest.raises(SetupError, match="list of cards"):
        arrange_pack(["AS KD"], parse_cards("QC JC"))
    with pytest.raises(SetupError, match="player_cards"):
        arrange_pack(None, parse_cards("QC JC"))


def test_pontoon_deal_replays_from_its_seed():
    a = pt.random_play(new_deal(R, ["Ann", "Ben", "Cleo"], seed="lesson"), Rng(9))
    b = pt.random_play(new_deal(R, ["Ann", "Ben", "Cleo"], seed="lesson"), Rng(9))
    assert a == b
    assert new_deal(R, ["Ann", "Ben"], seed=1).pack != new_deal(R, ["Ann", "Ben"], seed=2).pack


def test_pontoon_deal_an_empty_pack_lets_a_player_stick_on_anything():
    s = staked(table(R, ["7S 6D"], "9C 8C"), 10)
    dry = dataclasses.replace(s, pack=())  # as if every card were in a hand
    assert legal_actions(dry) == (Stick(),)
    refused(pt, dry, Twist(), "pontoon.deal", "run out")


def test_pontoon_stakes_between_the_agreed_minimum_and_maximum():
    s = table(R, ["9S 8S", "2C 3C"], "9C 8C")
    refused(pt, s, Stake(9), "pontoon.stakes", "between the agreed minimum, 10, and maximum, 100; "
                                           "9 is too little")
    refused(pt, s, Stake(101), "pontoon.stakes", "101 is too much")
    refused(pt, s, Twist(), "pontoon.stakes", "Ann stakes next")
    assert pt.amount_range(s, Stake) == (10, 100)
    s = staked(s, 10, 100)
    assert [p.hands[0].stake for p in s.players] == [10, 100]
    refused(pt, s, Stake(10), "pontoon.stakes", "buy a card")


def test_pontoon_stakes_amounts_must_be_whole_numbers():
    with pytest.raises(IllegalAction, match="whole number") as info:
        Stake("10")  # type: ignore[arg-type]
    assert info.value.rule_id == "pontoon.stakes"
    with pytest.raises(IllegalAction, match="whole number") as info:
        Buy(True)  # type: ignore[arg-type]
    assert info.value.rule_id == "pontoon.buy.limits"
    s = table(R, ["9S 8S"], "10C 7C")
    for check in (lambda: pt.verify_stake(s, "10"), lambda: pt.verify_stake(s, 10.0),
                  lambda: pt.verify_buy(s, None), lambda: pt.verify_sell_bank(s, "Ann", 1.5),
                  lambda: pt.verify_sell_bank(s, ["Ann"], 1)):
        with pytest.raises(IllegalAction):
            check()
    assert not pt.can_stake(s, "10") and pt.can_stake(s, 10)


def test_pontoon_banker_pontoon_collects_double_from_everyone():
    s = table(R, ["AS KD", "9S 8D"], "AH QC")
    s = staked(s, 20, 30)
    assert s.is_over
    assert paid(s) == [("Ann", "Ben", 40, "pontoon.banker-pontoon"),
                       ("Cleo", "Ben", 60, "pontoon.banker-pontoon")]
    assert s.next_banker == "Ben"  # Ann's pontoon is never declared: the bank stays
    assert s.shuffle_next
    refused(pt, s, Declare(), "pontoon.next-deal")


# -- a player's turn ----------------------------------------------------------------------------
def test_pontoon_declare_is_the_only_move_with_a_pontoon():
    s = staked(table(R, ["AS KD", "9S 9D"], "10C 7C"), 20, 10)
    assert legal_actions(s) == (Declare(),)
    for a in (Stick(), Twist(), Buy(20), Split()):
        refused(pt, s, a, "pontoon.declare", "declare it")
    s = apply(s, Declare())
    ann = s.players[0].hands[0]
    assert ann.status is HandStatus.DECLARED and ann.face_up == frozenset({0})
    refused(pt, s, Declare(), "pontoon.declare", "Cleo has 9♠ 9♦, 18")
    s = run(s, Stick(), BankerStay())
    assert paid(s) == [("Ben", "Ann", 40, "pontoon.settle.pay-higher"),
                       ("Ben", "Cleo", 10, "pontoon.settle.pay-higher")]


def test_pontoon_split_a_pair_into_two_hands():
    s = staked(table(R, ["8S 8D"], "10C 7C", then="3C KH"), 20)
    s = apply(s, Split())
    hands = s.players[0].hands
    assert [h.cards for h in hands] == [parse_cards("8S 3C"), parse_cards("8D KH")]
    assert [h.stake for h in hands] == [20, 20] and all(h.from_split for h in hands)
    assert [h.face_up for h in hands] == [frozenset({0}), frozenset({0})]
    assert s.hand_index == 0 and len(s.pack) == 52 - 4 - 2


def test_pontoon_split_refuses_k_j():
    s = staked(table(R, ["KS JD"], "10C 7C"), 20)
    refused(pt, s, Split(), "pontoon.split", "Only two cards of the same rank may be split: K♠ and J♦ "
                                         "both count 10, but a king and a jack are different ranks.")
    refused(pt, staked(table(R, ["KS 9D"], "10C 7C"), 20), Split(), "pontoon.split", "not a pair")


def test_pontoon_split_up_to_four_hands():
    two = load_pontoon("pontoon-two-packs")
    s = staked(table(two, ["8S 8D"], "9C 7C", then="8C 8H 8S 8D 2C 3C KC QC"), 10)
    s = run(s, Split(), Split(), Split())
    hands = s.players[0].hands
    assert [h.cards for h in hands] == [parse_cards(x) for x in ("8S 2C", "8S 3C", "8C 8D",
                                                                  "8D 8H")]
    s = run(s, Twist(), Stick(), Twist())  # 8-2-K = 20; 8-3-Q = 21 stops by itself
    assert s.hand_index == 2 and s.players[0].hands[2].cards == parse_cards("8C 8D")
    refused(pt, s, Split(), "pontoon.split", "already holds four hands")
    assert Split() not in legal_actions(s)


def test_pontoon_split_only_the_first_two_cards():
    s = staked(table(R, ["2S 3D"], "10C 7C", then="3C"), 10)
    s = apply(s, Twist())
    refused(pt, s, Split(), "pontoon.split", "holds 3 cards")


def test_pontoon_split_ace_and_ten_paid_as_pontoon_but_never_takes_the_bank():
    s = staked(table(R, ["AS AD"], "10H 7H", then="KC 9C"), 20)
    s = apply(s, Split())
    assert legal_actions(s) == (Declare(),)
    s = run(s, Declare(), Stick(), BankerStay())
    assert paid(s) == [("Ben", "Ann", 40, "pontoon.settle.pay-higher"),
                       ("Ben", "Ann", 20, "pontoon.settle.pay-higher")]
    assert s.next_banker == "Ben" and s.shuffle_next


def test_pontoon_split_ace_and_ten_counts_21_when_the_option_is_off():
    strict = R.replace(split_pontoon=False)
    s = apply(staked(table(strict, ["AS AD"], "10H 7H", then="KC 9C"), 20), Split())
    refused(pt, s, Declare(), "pontoon.declare", "count only as 21")
    assert Stick() in legal_actions(s) and Twist() in legal_actions(s)
    s = run(s, Stick(), Stick(), BankerStay())
    assert paid(s) == [("Ben", "Ann", 20, "pontoon.settle.pay-higher"),
                       ("Ben", "Ann", 20, "pontoon.settle.pay-higher")]
    assert not s.shuffle_next


def test_pontoon_split_aces_only_refuses_other_pairs():
    aces = load_pontoon("pontoon-aces-split")
    s = staked(table(aces, ["8S 8D"], "10C 7C"), 10)
    refused(pt, s, Split(), "pontoon.split.aces-only", "only aces may be split, not eights")
    s = staked(table(aces, ["AS AD"], "10C 7C", then="5C 6C"), 10)
    assert [h.cards for h in apply(s, Split()).players[0].hands] == [parse_cards("AS 5C"),
                                                                     parse_cards("AD 6C")]


def test_pontoon_buy_limits_third_fourth_and_fifth_card():
    s = staked(table(R, ["2S 3D"], "10C 7C", then="2C 3C 2H"), 100)
    refused(pt, s, Buy(201), "pontoon.buy.limits",
            "A 3rd card costs between your initial stake, 100, and twice it, 200; Ann offered 201.")
    refused(pt, s, Buy(99), "pontoon.buy.limits", "Ann offered 99")
    assert pt.amount_range(s, Buy) == (100, 200)
    s = apply(s, Buy(175))
    refused(pt, s, Buy(176), "pontoon.buy.limits",
            "A 4th card costs between your initial stake, 100, and what you paid for the 3rd, 175")
    assert pt.amount_range(s, Buy) == (100, 175)
    s = apply(s, Buy(150))
    refused(pt, s, Buy(151), "pontoon.buy.limits",
            "A 5th card costs between your initial stake, 100, and what you paid for the 4th, 150")
    s = apply(s, Buy(100))
    ann = s.players[0].hands[0]
    assert ann.buys == (175, 150, 100) and ann.total_stake == 525
    assert ann.status is HandStatus.FIVE  # 2+3+2+3+2 = 12 in five cards


def test_pontoon_buy_limits_range_function():
    assert buy_range(100, ()) == (100, 200)
    assert buy_range(100, [175]) == (100, 175)
    assert buy_range(100, (175, 150)) == (100, 150)
    assert buy_range(100, (100,)) == (100, 100)
    assert pt.buy_range_text(100, (175,)) == ("A 4th card costs between your initial stake, 100, "
                                              "and what you paid for the 3rd, 175.")
    with pytest.raises(SetupError, match="The 4th card was bought for 180"):
        buy_range(100, (175, 180))
    with pytest.raises(SetupError, match="at most five cards"):
        buy_range(100, (200, 200, 200))
    with pytest.raises(SetupError, match="at least 1"):
        buy_range(0, ())
    with pytest.raises(SetupError, match="added_so_far"):
        buy_range(100, 175)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="whole number"):
        buy_range("100", ())  # type: ignore[arg-type]


def test_pontoon_buy_limits_whole_stake_at_most_seven_times():
    s = staked(table(R, ["2S 3D"], "10C 7C", then="2C 3C 2H"), 50)
    s = run(s, Buy(100), Buy(100), Buy(100))
    assert s.players[0].hands[0].total_stake == 350 == 7 * 50


def test_pontoon_buy_limits_split_hand_range():
    s = staked(table(R, ["4S 4D"], "10C 7C", then="2C 3C"), 30)
    s = apply(s, Split())
    assert pt.amount_range(s, Buy) == (30, 60)


def test_pontoon_buy_fifth_card_refused_on_eleven_or_less_under_the_option():
    opt = load_pontoon("pontoon-no-fifth-buy-11")
    s = staked(table(opt, ["2S 3D"], "10C 7C", then="2C 3C 4C"), 10)
    s = run(s, Buy(10), Buy(10))  # 2+3+2+3 = 10
    refused(pt, s, Buy(10), "pontoon.buy.fifth-card", "Four cards totalling 10 (11 or less)")
    assert Twist() in legal_actions(s) and not any(isinstance(a, Buy) for a in legal_actions(s))
    # aces count 1 here: A-2-3-4 is 10 (or 20), still no buy
    s = run(staked(table(opt, ["AS 2D"], "10C 7C", then="3C 4C"), 10), Buy(10), Buy(10))
    refused(pt, s, Buy(10), "pontoon.buy.fifth-card")
    # 12 may buy
    s = run(staked(table(opt, ["2S 3D"], "10C 7C", then="2C 5C"), 10), Buy(10), Buy(10))
    assert pt.amount_range(s, Buy) == (10, 10)
    # the seed's rules have no such limit
    s = run(staked(table(R, ["2S 3D"], "10C 7C", then="2C 3C"), 10), Buy(10), Buy(10))
    assert pt.amount_range(s, Buy) == (10, 10)


def test_pontoon_twist_keeps_the_stake_and_ends_buying():
    s = staked(table(R, ["2S 3D"], "10C 7C", then="4C 2H 3H"), 20)
    s = run(s, Buy(30), Twist())
    ann = s.players[0].hands[0]
    assert ann.total_stake == 50 and ann.twisted
    assert ann.face_up == frozenset({3}) and ann.face_down == frozenset({0, 1, 2})
    refused(pt, s, Buy(20), "pontoon.twist", "after a twist a player may only twist, not buy")
    assert Twist() in legal_actions(s)


def test_pontoon_twist_only_under_21():
    # A-5-5 counts 21 but can be counted 11: the holder may still twist (house reading)
    s = run(staked(table(R, ["AS 5D"], "10C 7C", then="5C 3C"), 10), Twist())
    assert hand_value(s.players[0].hands[0].cards) == 21
    assert Twist() in legal_actions(s) and Stick() in legal_actions(s)
    # 7-7-7 counts 21 however the cards are counted: the hand stops by itself
    s = run(staked(table(R, ["7S 7D", "9S 9D"], "10C 7C", then="7H"), 10, 10), Twist())
    assert s.players[0].hands[0].status is HandStatus.STUCK and s.turn == 1


def test_pontoon_stick_needs_fifteen():
    s = staked(table(R, ["7S 7D"], "10C 7C"), 10)
    refused(pt, s, Stick(), "pontoon.stick", "You may stick only with a total of 15 or more; Ann's "
                                         "hand (7♠ 7♦) counts 14, so buy or twist.")
    assert Stick() in legal_actions(staked(table(R, ["8S 7D"], "10C 7C"), 10))
    assert Stick() in legal_actions(staked(table(R, ["AS 4D"], "10C 7C"), 10))  # soft 15


def test_pontoon_stick_sixteen_under_the_option():
    s16 = load_pontoon("pontoon-stick-16")
    refused(pt, staked(table(s16, ["8S 7D"], "10C 7C"), 10), Stick(), "pontoon.stick.sixteen",
            "16 or more")
    assert Stick() in legal_actions(staked(table(s16, ["9S 7D"], "10C 7C"), 10))


def test_pontoon_bust_banker_takes_the_stake_at_once():
    s = staked(table(R, ["10S 6D", "9S 9D"], "10C 7C", then="9C"), 20, 10)
    s = run(s, Buy(25))  # 10 + 6 + 9 = 25
    ann = s.players[0].hands[0]
    assert ann.status is HandStatus.BUST and ann.face_up == frozenset({0, 1, 2})
    assert s.phase is Phase.PLAYERS and s.turn == 1  # Cleo still to play
    assert paid(s) == [("Ann", "Ben", 45, "pontoon.bust")]
    assert s.pack[-3:] == parse_cards("10S 6D 9C")  # to the bottom, in the order dealt
    s = run(s, Stick(), BankerStay())
    assert settlement(s).between("Ann") == -45


def test_pontoon_five_cards_make_a_trick_that_takes_no_more():
    s = staked(table(R, ["2S 3D", "9S 9D"], "10C 9C", then="4C 2H AD"), 10, 10)
    s = run(s, Twist(), Twist(), Twist())
    ann = s.players[0].hands[0]
    assert ann.status is HandStatus.FIVE and s.turn == 1
    s = run(s, Stick(), BankerStay())
    # five card trick (12) beats the banker's 19 and is paid double; Cleo's 18 pays
    assert paid(s) == [("Ben", "Ann", 20, "pontoon.settle.pay-higher"),
                       ("Cleo", "Ben", 10, "pontoon.settle.pay-higher")]


# -- the banker ----------------------------------------------------------------------------------
def test_pontoon_banker_play_stays_on_any_total_never_splits_or_buys():
    s = run(staked(table(R, ["10S 8D"], "8C 8H", then="2C 2D 3D"), 10), Stick())
    assert s.phase is Phase.BANKER and legal_actions(s) == (BankerDraw(), BankerStay())
    refused(pt, s, Split(), "pontoon.banker-play", "cannot split, buy or declare")
    refused(pt, s, Buy(10), "pontoon.banker-play")
    refused(pt, s, Twist(), "pontoon.banker-play")
    assert pt.can_banker_stay(s)
    s = run(s, BankerDraw(), BankerDraw(), BankerDraw())  # 8+8+2+2+3 = 23: bust
    assert s.is_over and len(s.banker_cards) == 5 and "bust" in s.announcement


def test_pontoon_banker_play_not_before_the_players():
    s = staked(table(R, ["10S 8D"], "8C 8H"), 10)
    refused(pt, s, BankerDraw(), "pontoon.banker-play", "Ann is still to play")
    refused(pt, s, BankerStay(), "pontoon.banker-play")


def test_pontoon_banker_play_five_cards_at_most():
    s = run(staked(table(R, ["10S 8D"], "2C 3C", then="2D 3D AH"), 10), Stick())
    s = run(s, BankerDraw(), BankerDraw(), BankerDraw())  # 2+3+2+3+1 = 11 in five cards
    assert s.is_over and "five card trick" in s.announcement
    assert paid(s) == [("Ann", "Ben", 20, "pontoon.settle.banker-five-card-trick")]


def test_pontoon_banker_play_skipped_when_every_player_is_bust():
    s = staked(table(R, ["10S 6D"], "10C 5C", then="9C"), 10)
    s = apply(s, Twist())
    assert s.is_over and s.banker_cards == parse_cards("10C 5C")
    assert paid(s) == [("Ann", "Ben", 10, "pontoon.bust")]


# -- settlement, case by case -------------------------------------------------------------------
def test_pontoon_settle_banker_bust_pays_everyone_still_in():
    s = table(R, ["10S 8S", "AH JH", "2S 3S", "10D 5D"], "10C 6C", then="2D 3H 4D 9D KD")
    s = staked(s, 20, 10, 10, 30)
    s = run(s, Stick(), Declare(), Buy(20), Twist(), Twist(), Twist(), BankerDraw())
    st = settlement(s)
    assert st.between("Ann") == 20       # 18: the stake
    assert st.between("Cleo") == 20      # pontoon: double
    assert st.between("Dev") == 60       # five card trick, stake 10 + 20: double
    assert st.between("Eva") == -30      # bust before the banker: lost at once
    assert st.net("Ben") == -20 - 20 - 60 + 30
    assert {p.rule_id for p in st.payments if p.payer == "Ben"} == {"pontoon.settle.banker-bust"}


def test_pontoon_settle_general_rule():
    s = staked(table(R, ["10S 9S", "10D 6D"], "10C 8C"), 10, 10)
    s = run(s, Stick(), Stick(), BankerStay())
    st = settlement(s)
    assert (st.between("Ann"), st.between("Cleo")) == (10, -10)
    assert sum(st.nets().values()) == 0


def test_pontoon_settle_pay_higher_i_pay_18():
    s = table(R, ["10S 8S", "10D 7D", "10H 6H", "2S 3S"], "10C 7C", then="2D 3H 4D")
    s = staked(s, 10, 10, 10, 10)
    s = run(s, Stick(), Stick(), Stick(), Twist(), Twist(), Twist(), BankerStay())
    assert pt.lowest_paid(s.banker_cards) == 18
    assert '"I pay 18"' in s.announcement
    assert paid(s) == [("Ben", "Ann", 10, "pontoon.settle.pay-higher"),
                       ("Cleo", "Ben", 10, "pontoon.ties"),
                       ("Dev", "Ben", 10, "pontoon.settle.pay-higher"),
                       ("Ben", "Eva", 20, "pontoon.settle.pay-higher")]


def test_pontoon_settle_banker_21_pays_only_pontoons_and_tricks():
    s = table(R, ["7S 7D", "AH JH", "2S 3S", "10D QD"], "10C 6C", then="7H 2D 3H 4D 5C")
    s = staked(s, 10, 10, 10, 10)
    s = run(s, Twist(), Declare(), Twist(), Twist(), Twist(), Stick(), BankerDraw())
    assert s.is_over and hand_value(s.banker_cards) == 21
    assert paid(s) == [("Ann", "Ben", 10, "pontoon.ties"),
                       ("Ben", "Cleo", 20, "pontoon.settle.banker-21"),
                       ("Ben", "Dev", 20, "pontoon.settle.banker-21"),
                       ("Eva", "Ben", 10, "pontoon.settle.banker-21")]


def test_pontoon_settle_banker_five_card_trick_pays_only_pontoons():
    s = table(R, ["AS KS", "2S 3S", "7S 7D", "10D 9D"], "2C 3C", then="2D 3H 4D 7H 4C 2H AH")
    s = staked(s, 10, 10, 10, 10)
    s = run(s, Declare(), Twist(), Twist(), Twist(), Twist(), Stick(),
            BankerDraw(), BankerDraw(), BankerDraw())
    assert s.is_over
    assert paid(s) == [("Ben", "Ann", 20, "pontoon.settle.banker-five-card-trick"),
                       ("Cleo", "Ben", 20, "pontoon.ties"),
                       ("Dev", "Ben", 20, "pontoon.settle.banker-five-card-trick"),
                       ("Eva", "Ben", 20, "pontoon.settle.banker-five-card-trick")]


def test_pontoon_ties_go_to_the_banker():
    s = run(staked(table(R, ["10S 8D"], "9C 9H"), 20), Stick(), BankerStay())
    assert paid(s) == [("Ann", "Ben", 20, "pontoon.ties")]
    assert "ties go to the banker" in s.payments[0].reason


def test_pontoon_ties_between_five_card_tricks_pay_double():
    s = staked(table(R, ["2S 3D"], "3C 2D", then="4C 2H AD 4H 5S 2C"), 10)
    s = run(s, Twist(), Twist(), Twist(), BankerDraw(), BankerDraw(), BankerDraw())
    assert paid(s) == [("Ann", "Ben", 20, "pontoon.ties")]


# -- the next deal and the next banker ------------------------------------------------------------
def test_pontoon_next_deal_cards_to_the_bottom_unshuffled():
    pack = arrange_pack([parse_cards("10S 8S"), parse_cards("10D 5D")], parse_cards("10C 7C"),
                        parse_cards("9D"))
    s = staked(new_deal(R, ["Ben", "Ann", "Cleo"], banker="Ben", pack=pack), 10, 10)
    s = run(s, Stick(), Twist(), BankerStay())
    assert not s.shuffle_next
    rest = pack[7:]
    assert s.pack == rest + parse_cards("10D 5D 9D") + parse_cards("10S 8S 10C 7C")
    t = apply(s, NextDeal())
    assert t.deal_number == 2 and t.banker == "Ben"
    assert [p.hands[0].cards[0] for p in t.players] == [rest[0], rest[1]]
    assert t.banker_cards == (rest[2],)
    with pytest.raises(IllegalAction) as e:
        pt.next_deal(s, pack=pt.full_pack())
    assert e.value.rule_id == "pontoon.next-deal"


def test_pontoon_next_deal_shuffles_after_a_pontoon():
    pack = arrange_pack([parse_cards("AS KD"), parse_cards("10D 8D")], parse_cards("10C 7C"))

    def finished(seed):
        s = new_deal(R, ["Ben", "Ann", "Cleo"], pack=pack, seed=seed)
        return run(s, Stake(10), Stake(10), Declare(), Stick(), BankerStay())

    s = finished("g")
    assert s.shuffle_next
    t1, t2 = apply(s, NextDeal()), apply(finished("g"), NextDeal())
    assert t1 == t2  # seeded: a game replays exactly
    dealt = t1.pack + pt.held_cards(t1)
    assert Counter(dealt) == Counter(pt.full_pack())
    assert t1.pack != s.pack[len(pt.held_cards(t1)):]  # not the gathered order
    other = apply(finished("h"), NextDeal())
    assert other.pack != t1.pack
    given = pt.full_pack()
    t3 = pt.next_deal(s, pack=given)
    assert t3.players[0].hands[0].cards[0] == given[0]


def test_pontoon_next_deal_only_when_the_deal_is_over():
    s = staked(table(R, ["10S 8S"], "10C 7C"), 10)
    refused(pt, s, NextDeal(), "pontoon.next-deal", "not over yet")


def test_pontoon_next_banker_first_pontoon_to_the_left():
    # Cleo banks; play goes Dev, Ann, Ben. Ann and Ben make pontoons: Ann is first.
    pack = arrange_pack([parse_cards("10S 8S"), parse_cards("AH JH"), parse_cards("AS QS")],
                        parse_cards("10C 7C"))
    s = staked(new_deal(R, ["Ann", "Ben", "Cleo", "Dev"], banker="Cleo", pack=pack), 10, 10, 10)
    s = run(s, Stick(), Declare(), Declare(), BankerStay())
    assert s.next_banker == "Ann"
    t = apply(s, NextDeal())
    assert t.banker == "Ann" and [p.name for p in t.players] == ["Ben", "Cleo", "Dev"]


def test_pontoon_next_banker_not_from_a_split_pontoon():
    # Play goes Dev, Ann, Ben. Dev splits aces into two pontoons; Ben, later, has a real one.
    pack = arrange_pack([parse_cards("AS AD"), parse_cards("9S 9D"), parse_cards("AH JH")],
                        parse_cards("10C 7C"), parse_cards("KC QC"))
    s = staked(new_deal(R, ["Ann", "Ben", "Cleo", "Dev"], banker="Cleo", pack=pack), 10, 10, 10)
    s = run(s, Split(), Declare(), Declare(), Stick(), Declare(), BankerStay())
    assert s.next_banker == "Ben"


def test_pontoon_next_banker_stays_without_a_player_pontoon():
    s = run(staked(table(R, ["10S 8S"], "AC 6C", then="3C"), 10), Stick(), BankerDraw(),
            BankerStay())
    assert s.next_banker == "Ben" and not s.shuffle_next  # A-6-3 is 20, not a pontoon


def test_pontoon_next_banker_sell_the_bank():
    s = run(staked(table(R, ["10S 8S", "10D 9D"], "10C 7C"), 10, 10), Stick(), Stick())
    refused(pt, s, SellBank("Ann", 50), "pontoon.next-banker.sell", "not over yet")
    s = apply(s, BankerStay())
    refused(pt, s, SellBank("Zed", 50), "pontoon.next-banker.sell", "There is no 'Zed' at the table")
    refused(pt, s, SellBank("Ben", 50), "pontoon.next-banker.sell", "already to bank")
    refused(pt, s, SellBank("Ann", -1), "pontoon.next-banker.sell", "0 or more")
    s = apply(s, SellBank("Ann", 50))
    assert s.next_banker == "Ann"
    assert paid(s, "pontoon.next-banker.sell") == [("Ann", "Ben", 50, "pontoon.next-banker.sell")]
    st = settlement(s)
    assert st.between("Ann") == 10 and st.net("Ann") == 10 - 50  # the sale is not a stake
    assert apply(s, NextDeal()).banker == "Ann"


def test_pontoon_two_packs_profile():
    two = load_pontoon("pontoon-two-packs")
    assert two.packs == 2
    s = new_deal(two, [f"P{i}" for i in range(8)], seed=3)
    assert len(s.pack) + len(pt.held_cards(s)) == 104
    assert pt.pontoon_probability(2) == Fraction(2 * 8 * 32, 104 * 103) == Fraction(64, 1339)
    # two packs hold two of each card
    pack = arrange_pack([parse_cards("AS AS")], parse_cards("KD KD"), packs=2)
    assert Counter(pack)[parse_cards("AS")[0]] == 2
    with pytest.raises(SetupError, match="A♠ is used more often than 1 pack holds"):
        arrange_pack([parse_cards("AS AS")], parse_cards("KD QD"))
    with pytest.raises(SetupError, match="used more often than 2 packs hold"):
        arrange_pack([parse_cards("AS AS")], parse_cards("KD QD"), parse_cards("AS"), packs=2)


def test_pontoon_profiles_load_and_validate(tmp_path):
    assert load_pontoon("pontoon").min_stick == 15
    assert load_pontoon("pontoon-aces-split").split == "aces"
    assert load_pontoon("pontoon-no-fifth-buy-11").no_fifth_buy_on_11
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "pontoon"\nmin_stick = 17\n')
    with pytest.raises(ProfileError, match="min_stick: must be one of 15, 16; got 17"):
        load_rules(bad)
    bad.write_text('extends = "pontoon"\nmin_stake = 50\nmax_stake = 20\n')
    with pytest.raises(ProfileError, match="min_stake 50 is above max_stake 20"):
        load_rules(bad)
    with pytest.raises(SetupError, match="not Pontoon"):
        load_pontoon("punto-banco")


# -- Shoot Pontoon ----------------------------------------------------------------------------------
def test_pontoon_shoot_kitty_between_minimum_and_maximum_stake():
    with pytest.raises(IllegalAction) as e:
        table(SHOOT, ["10S 8S"], "10C 7C", kitty=5)
    assert e.value.rule_id == "pontoon.shoot" and "between the minimum stake, 10, and the " \
        "maximum, 100; 5 is not" in e.value.message
    with pytest.raises(IllegalAction):
        table(SHOOT, ["10S 8S"], "10C 7C", kitty=101)
    s = table(SHOOT, ["10S 8S"], "10C 7C", kitty=60)
    assert s.kitty == 60 and paid(s) == [("Ben", "kitty", 60, "pontoon.shoot")]
    assert table(SHOOT, ["10S 8S"], "10C 7C").kitty == 100  # the maximum by default
    with pytest.raises(IllegalAction) as e:
        table(R, ["10S 8S"], "10C 7C", kitty=50)
    assert e.value.rule_id == "pontoon.shoot"
    refused(pt, staked(table(R, ["10S 8S"], "10C 7C"), 10), Shoot(5), "pontoon.shoot", "plain Pontoon")


def test_pontoon_shoot_kitty_range_is_what_a_deal_accepts():
    for rules in (SHOOT, SHOOT.replace(min_stake=5, max_stake=40)):
        low, high = pt.kitty_range(rules)
        assert (low, high) == (rules.min_stake, rules.max_stake)
        for kitty in range(1, high + 3):
            try:
                table(rules, ["10S 8S"], "10C 7C", kitty=kitty)
                accepted = True
            except IllegalAction as e:
                assert e.rule_id == "pontoon.shoot"
                accepted = False
            assert accepted == (low <= kitty <= high), kitty


def test_pontoon_shoot_bet_all_together_within_the_kitty():
    s = table(SHOOT, ["10S 8S", "10D 8D", "10H 8H"], "10C 7C", kitty=50)
    s = run(s, Stake(10), Stake(10), Stake(10))
    refused(pt, s, Shoot(51), "pontoon.shoot.bet", "may shoot at most 50, not 51")
    s = apply(s, Shoot(40))
    refused(pt, s, Shoot(11), "pontoon.shoot.bet",
            "All the shoot bets together may not exceed the kitty of 50; 40 is already bet, so "
            "Cleo may shoot at most 10, not 11.")
    refused(pt, s, Shoot(-1), "pontoon.shoot.bet", "0 (none) or more")
    s = apply(s, Shoot(10))
    assert legal_actions(s) == (Shoot(0),)
    s = apply(s, Shoot(0))
    assert [p.hands[0].shoot for p in s.players] == [40, 10, 0]
    assert s.phase is Phase.PLAYERS and pt.shoot_room(s) == 0


def test_pontoon_shoot_bet_comes_after_the_stakes():
    s = table(SHOOT, ["10S 8S", "10D 8D"], "10C 7C", kitty=50)
    refused(pt, s, Shoot(5), "pontoon.shoot.bet", "still to stake")
    s = apply(s, Stake(10))
    refused(pt, s, Shoot(5), "pontoon.shoot.bet", "Cleo is still to stake")


def test_pontoon_shoot_banker_pontoon_sends_the_shoot_bets_to_the_kitty():
    s = table(SHOOT, ["9S 8S", "AD KD"], "AH QC", kitty=50)
    s = staked(s, 20, 10, shoots=[20, 5])
    assert s.is_over and s.kitty == 75
    assert paid(s)[1:] == [("Ann", "Ben", 40, "pontoon.banker-pontoon"),
                           ("Ann", "kitty", 20, "pontoon.shoot.banker-pontoon"),
                           ("Cleo", "Ben", 20, "pontoon.banker-pontoon"),
                           ("Cleo", "kitty", 5, "pontoon.shoot.banker-pontoon")]


def test_pontoon_shoot_fourth_card_one_more_bet_then_take_the_card():
    s = staked(table(SHOOT, ["10S 2D"], "10C 7C", then="3C AC 2C", kitty=60), 10)
    refused(pt, s, Shoot(5), "pontoon.shoot.fourth-card", "holds 2 cards")
    s = apply(s, Buy(10))  # 15 in three cards
    assert pt.amount_range(s, Shoot) == (1, 60)  # even without a first shoot bet
    refused(pt, s, Shoot(0), "pontoon.shoot.fourth-card", "at least 1")
    s = apply(s, Shoot(25))
    refused(pt, s, Shoot(5), "pontoon.shoot.fourth-card", "already made a shoot bet of 25")
    refused(pt, s, Stick(), "pontoon.shoot.fourth-card", "must now take it")
    s = apply(s, Twist())  # the 4th card: 16
    refused(pt, s, Shoot(5), "pontoon.shoot.fourth-card", "holds 4 cards")  # not for the 5th
    assert s.players[0].hands[0].shoot_total == 25


def test_pontoon_shoot_split_second_hand_has_its_own_bet():
    s = table(SHOOT, ["8S 8D"], "10C 7C", then="3C KH", kitty=60)
    s = staked(s, 10, shoots=[15])
    refused(pt, s, Split(46), "pontoon.shoot.split", "may shoot at most 45, not 46")
    s = apply(s, Split(20))
    assert [h.shoot for h in s.players[0].hands] == [15, 20]
    assert pt.shoot_room(s) == 25
    refused(pt, staked(table(R, ["8S 8D"], "10C 7C"), 10), Split(5), "pontoon.shoot")


def test_pontoon_shoot_bust_feeds_the_kitty_and_frees_room():
    s = table(SHOOT, ["10S 6D", "2S 3D"], "10C 7C", then="9C 4C", kitty=40)
    s = staked(s, 10, 10, shoots=[30, 10])
    assert pt.shoot_room(s) == 0
    s = apply(s, Twist())  # Ann: 25, bust
    assert s.kitty == 70 and pt.shoot_room(s) == 60
    assert paid(s)[1:] == [("Ann", "Ben", 10, "pontoon.bust"),
                           ("Ann", "kitty", 30, "pontoon.shoot.bust")]
    s = apply(s, Buy(10))  # Cleo's 3rd card: 9
    assert pt.amount_range(s, Shoot) == (1, 60)


def test_pontoon_shoot_settle_one_to_one_from_the_kitty():
    s = table(SHOOT, ["AS KD", "10D 8D", "10H 9H"], "10C 8C", kitty=100)
    s = staked(s, 10, 10, 10, shoots=[20, 30, 0])
    s = run(s, Declare(), Stick(), Stick(), BankerStay())
    # Ann's pontoon: stake paid double, shoot bet only 1 to 1; Cleo ties: shoot into the kitty
    assert paid(s)[1:] == [("Ben", "Ann", 20, "pontoon.settle.pay-higher"),
                           ("kitty", "Ann", 20, "pontoon.shoot.settle"),
                           ("Cleo", "Ben", 10, "pontoon.ties"),
                           ("Cleo", "kitty", 30, "pontoon.shoot.settle"),
                           ("Ben", "Dev", 10, "pontoon.settle.pay-higher")]
    assert s.kitty == 100 - 20 + 30


def test_pontoon_shoot_top_up_adds_never_takes_out():
    s = staked(table(SHOOT, ["10S 8S"], "10C 7C", kitty=50), 10)
    refused(pt, s, TopUp(10), "pontoon.shoot.top-up", "between deals")
    s = run(s, Stick(), BankerStay())
    refused(pt, s, TopUp(0), "pontoon.shoot.top-up", "never take anything out")
    refused(pt, s, TopUp(-5), "pontoon.shoot.top-up")
    s = apply(s, TopUp(25))
    assert s.kitty == 75 and paid(s, "pontoon.shoot.top-up") == [
        ("Ben", "kitty", 25, "pontoon.shoot.top-up")]
    refused(pt, run(staked(table(R, ["10S 8S"], "10C 7C"), 10), Stick(), BankerStay()), TopUp(5),
            "pontoon.shoot")


def test_pontoon_shoot_dry_kitty_refill_or_sell():
    s = table(SHOOT, ["10S 8S"], "10C 6C", then="KD", kitty=10)
    s = staked(s, 10, shoots=[10])
    s = run(s, Stick(), BankerDraw())  # the banker goes bust: the kitty pays 10 and is dry
    assert s.kitty == 0
    refused(pt, s, NextDeal(), "pontoon.shoot.dry-kitty", "must put up a new kitty")
    assert NextDeal() not in legal_actions(s)
    assert TopUp(10) in legal_actions(s) and TopUp(100) in legal_actions(s)
    refused(pt, s, TopUp(5), "pontoon.shoot.dry-kitty", "between 10 and 100")
    t = apply(apply(s, TopUp(30)), NextDeal())
    assert t.kitty == 30 and t.banker == "Ben"
    sold = apply(apply(s, SellBank("Ann", 0)), NextDeal(kitty=40))
    assert sold.banker == "Ann" and sold.kitty == 40


def test_pontoon_shoot_change_of_bank_old_kitty_goes_new_kitty_comes():
    s = table(SHOOT, ["AS KD", "10D 8D"], "10C 7C", kitty=50)
    s = staked(s, 10, 10, shoots=[5, 0])
    s = run(s, Declare(), Stick(), BankerStay())
    assert s.next_banker == "Ann" and s.kitty == 45
    refused(pt, s, TopUp(10), "pontoon.shoot.change-of-bank", "takes the kitty away")
    refused(pt, s, NextDeal(kitty=5), "pontoon.shoot", "between the minimum stake")
    t = pt.next_deal(s, kitty=60, pack=pt.full_pack())
    assert t.banker == "Ann" and t.kitty == 60
    assert paid(t) == [("kitty", "Ben", 45, "pontoon.shoot.change-of-bank"),
                       ("Ann", "kitty", 60, "pontoon.shoot.change-of-bank")]


def test_pontoon_shoot_change_of_bank_not_for_a_banker_who_stays():
    s = run(staked(table(SHOOT, ["10S 8S"], "10C 7C", kitty=50), 10), Stick(), BankerStay())
    refused(pt, s, NextDeal(kitty=50), "pontoon.shoot.change-of-bank", "keeps the bank")
    assert apply(s, NextDeal()).kitty == 50 and not paid(apply(s, NextDeal()))


# -- explanations ---------------------------------------------------------------------------------
def test_pontoon_explain_says_why_with_the_rule():
    s = staked(table(R, ["7S 7D"], "10C 7C"), 50)
    assert pt.explain(s, Buy(60)) == ("Legal: Ann may buy the 3rd card for 60: it costs 50 to 100. "
                                      "[rule pontoon.buy.limits]")
    assert pt.explain(s, Stick()).startswith("Illegal: You may stick only")
    assert pt.why(s, Twist())[:2] == (True, "pontoon.twist")
    err = refused(pt, s, "twist", "pontoon.deal", "not a Pontoon action")
    assert "Stake, Shoot, Declare" in err.message


def test_pontoon_settle_banker_five_card_trick_does_not_charge_a_bust_hand_twice():
    s = staked(table(R, ["10S 6D", "10D 9D"], "2C 3C", then="9C 2D 3H 4D"), 20, 10)
    s = run(s, Twist(), Stick(), BankerDraw(), BankerDraw(), BankerDraw())  # Ann: 25, bust
    assert paid(s) == [("Ann", "Ben", 20, "pontoon.bust"),
                       ("Cleo", "Ben", 20, "pontoon.settle.banker-five-card-trick")]


# -- the first banker ------------------------------------------------------------------------------
def _oracle_cut(card):
    """Ace high, then K Q J 10 ... 2; suits do not count (the house reading)."""
    return {"A": 14, "K": 13, "Q": 12, "J": 11}.get(card.rank.value) or int(card.rank.value)


def _check_cut_record(fb, seats, packs=1):
    assert [c.name for c in fb.cuts] == list(seats)  # everyone cuts, in seat order
    cutting = list(seats)
    for k, cuts in enumerate(fb.rounds):
        assert [c.name for c in cuts] == cutting
        cards = [c.card for c in cuts]
        # each player cuts a different card of the pack (two packs hold two of each)
        assert max(Counter(cards).values()) <= packs
        top = max(_oracle_cut(c) for c in cards)
        best = [c.name for c in cuts if _oracle_cut(c.card) == top]
        if k == len(fb.rounds) - 1:
            assert best == [fb.banker]
        else:
            assert len(best) > 1  # only a tie goes on to another round
            cutting = best


def test_pontoon_first_banker_highest_cut_takes_the_bank():
    seats = ["Ann", "Ben", "Cleo", "Dev", "Eva"]
    bankers = set()
    for seed in range(60):
        fb = pt.choose_first_banker(seats, Rng(seed))
        _check_cut_record(fb, seats)
        bankers.add(fb.banker)
    assert bankers == set(seats)  # chance, not seat order, picks the banker


def test_pontoon_first_banker_ace_is_highest_and_suits_do_not_count():
    ace, king, two = parse_cards("AC")[0], parse_cards("KS")[0], parse_cards("2D")[0]
    assert pt.cut_rank(ace) > pt.cut_rank(king) > pt.cut_rank(two)
    assert pt.cut_rank(parse_cards("KS")[0]) == pt.cut_rank(parse_cards("KH")[0])
    cuts = (pt.Cut("Ann", king), pt.Cut("Ben", ace), pt.Cut("Cleo", two))
    fb = pt.FirstBanker(("Ann", "Ben", "Cleo"), (cuts,), "Ben")
    assert fb.tied(0) == ("Ben",)
    assert fb.lines() == ("Ann cuts K♠, Ben cuts A♣, Cleo cuts 2♦: Ben cuts highest and is the "
                          "first banker.",)
    rule = next(r for r in pt.RULES if r.id == "pontoon.first-banker")
    assert "ace is the highest" in rule.house_reading


def test_pontoon_first_banker_ties_cut_again():
    seats = ["Ann", "Ben", "Cleo", "Dev", "Eva", "Finn"]
    tied = [fb for fb in (pt.choose_first_banker(seats, Rng(s)) for s in range(80))
            if fb.tie_breaks]
    assert tied, "ties for the highest card happen"
    for fb in tied:
        _check_cut_record(fb, seats)
        first = fb.tied(0)
        assert [c.name for c in fb.tie_breaks[0]] == list(first)  # only those who tied
        assert fb.banker in first
        assert "cut again" in fb.lines()[0]
    # one record, read by hand: Ben and Dev tie with jacks, then Ben cuts the queen
    fb = pt.choose_first_banker(["Ann", "Ben", "Cleo", "Dev"], Rng(1))
    assert [str(c.card) for c in fb.cuts] == ["5♥", "J♠", "10♥", "J♥"]
    assert fb.tied(0) == ("Ben", "Dev") and fb.banker == "Ben"


def test_pontoon_first_banker_replays_from_its_seed_and_starts_the_game():
    seats = ("Ann", "Ben", "Cleo", "Dev", "Eva")
    assert pt.choose_first_banker(seats, Rng("x")) == pt.choose_first_banker(seats, Rng("x"))
    bankers = set()
    for seed in range(8):
        s = pt.start(R, seed)  # no seats named: five sit down and cut for the bank
        fb = pt.choose_first_banker(seats, Rng(f"{seed}:cut"))
        assert s.seats == seats and s.banker == fb.banker
        assert [t for r, t in s.log if r == "pontoon.first-banker"] == list(fb.lines())
        assert pt.start(R, seed) == s
        bankers.add(s.banker)
    assert len(bankers) > 1  # the cut, not the seat order, chooses
    two = load_pontoon("pontoon-two-packs")
    fb = pt.choose_first_banker(seats, Rng(3), packs=2)
    _check_cut_record(fb, seats, packs=2)
    assert pt.start(two, 3).banker in pt.FIRST_BANKER_SEATS


def test_pontoon_first_banker_is_the_first_seat_named():
    # the contract: with seats named, the first of them banks the first deal; no cut
    for seed in range(6):
        names = list(pt.FIRST_BANKER_SEATS[seed % 3:seed % 3 + 4])
        s = pt.start(R, seed, seats=names)
        assert s.seats == tuple(names) and s.banker == names[0]
        assert [p.name for p in s.players] == names[1:]
        assert not any("cuts" in t for _, t in s.log)
        # the same shuffle, from the same seed, dealt from the top
        dealt = [(*(p.hands[0].cards for p in t.players), t.banker_cards, t.pack)
                 for t in (s, pt.start(R, seed))]
        assert [c for part in dealt[0] for c in part] == [c for part in dealt[1] for c in part]
    s = pt.start(SHOOT, 2, seats=["Zoe", "Yan"])
    assert s.banker == "Zoe" and s.kitty == SHOOT.max_stake
    for bad in (["Ann"], ["Ann", "Ann"], ["Ann", "kitty"], ["Ann", ""], [f"P{i}" for i in range(9)]):
        with pytest.raises(SetupError):
            pt.start(R, 1, seats=bad)


def test_pontoon_first_banker_table_must_be_possible():
    with pytest.raises(SetupError, match="2 to 8 at the table"):
        pt.choose_first_banker(["Ann"], Rng(1))
    with pytest.raises(SetupError, match="repeated: Ann"):
        pt.choose_first_banker(["Ann", "Ann"], Rng(1))
    with pytest.raises(SetupError, match="1 or 2 packs"):
        pt.choose_first_banker(["Ann", "Ben"], Rng(1), packs=3)
    for bad in (1, 9, "4"):
        with pytest.raises(SetupError, match="2 to 8 at the table"):
            pt.seats(R, bad)
    for bad in (["Ann"], [f"P{i}" for i in range(9)]):
        with pytest.raises(SetupError, match="2 to 8 at the table"):
            pt.start(R, 1, seats=bad)


def test_pontoon_start_and_deal_rows_count_the_table_alike():
    # players= counts everyone at the table, the banker among them, in seats and deal_rows
    for n in range(2, 9):
        rows = pt.deal_rows(R, 7, players=n)
        names = pt.seats(R, n)
        assert len(rows) == n == len(names) == len(pt.start(R, 7, seats=names).seats)
        assert [label for label, _ in rows].count("Banker") == 1
        # the rows are the first two cards of the deal start deals to that table
        s = pt.start(R, 7, seats=names)
        for _ in s.players:
            s = apply(s, Stake(10))
        assert [cards for _, cards in rows] == [
            *(p.hands[0].cards for p in s.players), s.banker_cards]
    assert len(pt.deal_rows(R, 7)) == len(pt.start(R, 7).seats) == len(pt.seats(R, None)) == 5
    for bad in (1, 9, "4"):
        with pytest.raises(SetupError, match="2 to 8 at the table"):
            pt.deal_rows(R, 1, players=bad)


# -- the game contract -----------------------------------------------------------------------------
def test_pontoon_deal_contract_start_to_act_is_over_and_outcome():
    s = pt.start(SHOOT, 5)
    assert len(s.seats) == 5 and pt.GAME == "pontoon"
    full = Counter(pt.full_pack(1))
    rng = Rng(5)
    seen = set()
    while not pt.is_over(s):
        who = pt.to_act(s)
        if s.phase is Phase.BANKER:
            assert who == s.banker
        else:
            assert who == s.current_player.name
        seen.add(s.phase)
        assert Counter(pt.cards_in_play(s)) == full
        s = apply(s, pt.random_action(s, rng))
    assert pt.to_act(s) is None and Counter(pt.cards_in_play(s)) == full
    o = pt.outcome(s)
    assert o.game == "pontoon" and o.final and o.balanced and o.unit.value == "chips"
    assert [(x.payer, x.payee, x.amount, x.rule_id) for x in o.lines] == paid(s)
    assert o.lines[0].payee == "kitty"  # the kitty is a named party
    assert o.net() == {k: v for k, v in settlement(s).nets().items() if v or k in o.net()}
    assert not pt.outcome(pt.start(R, 5)).final


def test_pontoon_deal_unknown_actions_are_refused_under_the_phase_rule():
    s = table(R, ["9S 8S"], "10C 7C")
    refused(pt, s, object(), "pontoon.stakes", "not a Pontoon action")
    refused(pt, s, None, "pontoon.stakes")
    s = staked(s, 10)
    refused(pt, s, ("Trail", "AS"), "pontoon.deal", "not a Pontoon action")
    s = apply(s, Stick())
    refused(pt, s, "stick", "pontoon.banker-play")
    s = apply(s, BankerStay())
    refused(pt, s, 3, "pontoon.next-deal")
    assert pt.explain(s, 3).startswith("Illegal: That is not a Pontoon action (3)")
    assert not pt.can_apply(s, 3) and pt.can_apply(s, NextDeal())
