"""Casino Pontoon engine: one test per rule, then properties over random rounds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import casino_pontoon as cp
from cardrules.cards import Card, parse_cards, shoe
from cardrules.casino_pontoon import (
    RULES,
    DealerDraw,
    DealerStand,
    Double,
    Hit,
    Insure,
    NoInsurance,
    Phase,
    RoundState,
    Split,
    Stand,
    apply,
    can_double,
    can_split,
    can_stand,
    dealer_draws,
    dealt_cards,
    explain,
    hand_total,
    is_soft,
    legal_actions,
    load_casino_pontoon,
    new_round,
    play_round,
    settle,
    staked,
)
from cardrules.errors import IllegalAction, ProfileError
from cardrules.game import SetupError
from cardrules.profiles import load_rules
from cardrules.rng import Rng
from tests.support import refused

SEED = load_casino_pontoon()
S17 = load_casino_pontoon("casino-pontoon-s17")
ONLINE = load_casino_pontoon("casino-pontoon-online")
PROFILES = {"casino-pontoon": SEED, "casino-pontoon-s17": S17, "casino-pontoon-online": ONLINE}


def deal(rules, stakes, text):
    return new_round(rules, stakes, parse_cards(text))


# -- one test per rule ------------------------------------------------------------
def test_casino_pontoon_values_aces_and_faces():
    assert hand_total(parse_cards("AS KD")) == 21
    assert hand_total(parse_cards("AS AD")) == 12  # one ace counts 11 at most
    assert hand_total(parse_cards("AS 5D 6C")) == 12 and not is_soft(parse_cards("AS 5D 6C"))
    assert hand_total(parse_cards("AS 5D")) == 16 and is_soft(parse_cards("AS 5D"))
    assert hand_total(parse_cards("JS QD KC")) == 30


def test_casino_pontoon_deal_order_and_visibility():
    # seat 1, seat 2, dealer up, seat 1, seat 2, dealer hole
    s = deal(SEED, [10, 20], "2C 3D 4H 5S 6C 7D 8H")
    assert s.seats[0].hands[0].cards == parse_cards("2C 5S")
    assert s.seats[1].hands[0].cards == parse_cards("3D 6C")
    assert s.dealer == parse_cards("4H 7D")
    assert s.shoe == parse_cards("8H")
    assert s.visible_dealer() == (parse_cards("4H")[0], None)
    assert s.phase is Phase.PLAY
    with pytest.raises(SetupError, match="1 to 7 seats"):
        new_round(SEED, [10] * 8, seed=1)
    with pytest.raises(IllegalAction) as e:
        new_round(SEED, [0], seed=1)
    assert "between 1 and 1000" in e.value.message
    with pytest.raises(ValueError, match="needs 4 cards"):
        new_round(SEED, [5], parse_cards("2C 3D"))
    assert len(new_round(SEED, [1] * 7, seed=3).shoe) == 6 * 52 - 16


def test_casino_pontoon_insurance_offered_on_ace_then_peek():
    s = deal(SEED, [10, 7], "9C 5S AD 7H 5H KS")  # the dealer has a pontoon
    assert s.phase is Phase.INSURANCE
    assert legal_actions(s) == (NoInsurance(), Insure(1), Insure(5))
    msg = refused(cp, s, Insure(6), "casino-pontoon.insurance").message
    assert "at most 5" in msg and "stake is 10" in msg
    refused(cp, s, Hit(), "casino-pontoon.insurance")
    s = apply(s, Insure(5))
    assert s.seat == 1 and s.phase is Phase.INSURANCE
    refused(cp, s, Insure(4), "casino-pontoon.insurance")  # seat 2 stakes 7: at most 3
    s = apply(s, NoInsurance())
    assert s.is_over and s.dealer_pontoon
    pay = settle(s)
    # seat 1: insurance 5 paid 2:1 (+10), stake lost (-10); seat 2: stake lost (-7)
    assert pay.net_of(0) == 0 and pay.net_of(1) == -7 and pay.house == 7
    # no pontoon: insurance lost, play goes on
    s = deal(SEED, [10], "9C AD 7H 9S")
    s = apply(s, Insure(3))
    assert s.phase is Phase.PLAY
    s = play_round(s, lambda st: Stand())
    assert [p.net for p in settle(s).payments if p.hand is None] == [-3]
    # no insurance without an ace up
    refused(cp, deal(SEED, [10], "9C KD 7H 9S"), Insure(1), "casino-pontoon.insurance")


def test_casino_pontoon_dealer_pontoon_beats_a_player_pontoon():
    s = deal(SEED, [10, 10], "AC 9S KD KH 9H AS")  # dealer K up, A hole: pontoon
    assert s.is_over and s.dealer_pontoon
    pays = settle(s).payments
    assert [(p.rule_id, p.net) for p in pays] == [
        ("casino-pontoon.dealer-pontoon", -10), ("casino-pontoon.dealer-pontoon", -10)]
    # a dealer ten up without a pontoon: play starts
    assert deal(SEED, [10], "AC KD KH 9S").phase is Phase.PLAY
    refused(cp, s, Hit(), "casino-pontoon.dealer-pontoon")


def test_casino_pontoon_stand_needs_15_or_five_cards():
    s = deal(SEED, [10], "7C 9D 7H KS")
    msg = refused(cp, s, Stand(), "casino-pontoon.stand").message
    assert "14 with 2 cards" in msg
    assert not can_stand(s)
    assert can_stand(deal(SEED, [10], "8C 9D 7H KS"))
    s = deal(SEED, [10], "AC 9D 3H KS")  # soft 14: still below 15
    assert "soft 14" in refused(cp, s, Stand(), "casino-pontoon.stand").message


def test_casino_pontoon_hit_after_doubling_up_to_five_cards():
    s = deal(SEED, [10], "2C 9D 3H KS 2S 2D 4C")
    s = apply(s, Double())
    assert s.current.stake == 20 and len(s.current.cards) == 3
    s = apply(s, Hit())
    assert len(s.current.cards) == 4
    s = apply(s, Hit())  # the fifth card ends the hand
    assert s.phase is Phase.DEALER
    assert s.seats[0].hands[0].cards == parse_cards("2C 3H 2S 2D 4C")
    # a pontoon may be hit: 'any situation'
    s = deal(SEED, [10], "AC 9D KH 7S 5C")
    assert Hit() in legal_actions(s)
    assert apply(s, Hit()).seats[0].hands[0].total == 16


def test_casino_pontoon_double_once_with_two_to_four_cards():
    s = deal(SEED, [10], "2C 9D 3H KS 2S 2D 4C 5C")
    s = apply(apply(s, Hit()), Hit())  # 4 cards
    assert can_double(s)
    s = apply(s, Double())  # the fifth card comes with the double
    assert s.seats[0].hands[0].stake == 20 and s.phase is Phase.DEALER
    s = deal(SEED, [10], "2C 9D 3H KS 2S 2D")
    s = apply(s, Double())
    assert "already doubled" in refused(cp, s, Double(), "casino-pontoon.double").message
    # after a split, aces included
    s = deal(SEED, [10], "AC 9D AH KS 5C 6D 2S")
    s = apply(s, Split())
    assert can_double(s)
    s = apply(s, Double())
    assert s.seats[0].hands[0].stake == 20 and s.seats[0].hands[1].stake == 10


def test_casino_pontoon_split_equal_values_again_and_again():
    s = deal(SEED, [10], "KC 9D JH 7S QS 10D 5C 6C")
    assert can_split(s)  # K and J: same value
    s = apply(s, Split())
    assert [h.cards for h in s.seats[0].hands] == [parse_cards("KC QS"), parse_cards("JH 10D")]
    assert all(h.stake == 10 and h.from_split for h in s.seats[0].hands)
    s = apply(s, Split())  # K Q again
    assert len(s.seats[0].hands) == 3
    assert staked(s) == 30
    # by rank only (online profile): K and J may not split
    s2 = deal(ONLINE, [10], "KC 9D JH 7S")
    assert "same rank" in refused(cp, s2, Split(), "casino-pontoon.split").message
    # at most 3 hands (online profile)
    s3 = deal(ONLINE, [10], "8C 9D 8H 7S 8S 8D 2C 3C KD KC")
    s3 = apply(apply(s3, Split()), Split())  # 8C 2C, 8S 3C, 8H 8D
    assert len(s3.seats[0].hands) == 3
    s3 = apply(apply(s3, Hit()), Stand())  # 8C 2C KD = 20
    s3 = apply(apply(s3, Hit()), Stand())  # 8S 3C KC = 21
    assert s3.current.cards == parse_cards("8H 8D")
    assert "at most 3 hands" in refused(cp, s3, Split(), "casino-pontoon.split").message
    refused(cp, deal(SEED, [10], "8C 9D 9H 7S"), Split(), "casino-pontoon.split")
    s4 = apply(deal(SEED, [10], "8C 9D 8H 7S 2S 2D 3D"), Hit())
    assert "two cards" in refused(cp, s4, Split(), "casino-pontoon.split").message


def test_casino_pontoon_pontoon_only_from_first_two_cards():
    # A pontoon vs the dealer's 20 pays 2:1 ...
    s = deal(SEED, [10], "AC KD KH QS")
    s = play_round(s, lambda st: Stand())
    assert settle(s).payments[0].net == 20
    # ... but an ace and a ten after a split is only 21, which loses to nothing but ties
    s = deal(SEED, [10], "AC 9D AH QS KC 9C")
    s = apply(s, Split())
    assert s.seats[0].hands[0].cards == parse_cards("AC KC")
    s = apply(apply(s, Stand()), Stand())  # A K (21) and A 9 (soft 20) against 19
    s = play_round(s, lambda st: Stand())
    first = settle(s).payments[0]
    assert first.net == 10 and first.rule_id == "casino-pontoon.payouts"  # 21 paid 1:1
    # the online profile counts it as a pontoon
    s = deal(ONLINE, [10], "AC 9D AH QS KC 9C 9H")
    s = play_round(apply(s, Split()), lambda st: Stand() if can_stand(st) else Hit())
    assert settle(s).payments[0].net == 20


def test_casino_pontoon_five_card_trick_beats_21_and_pays():
    s = deal(SEED, [10], "2C KD 3H 8S 2S 4D 5C 3D")  # dealer K 8 = 18
    s = play_round(s, lambda st: Hit())
    h = s.seats[0].hands[0]
    assert len(h.cards) == 5 and h.total == 16
    p = settle(s).payments[0]
    assert p.net == 15 and p.rule_id == "casino-pontoon.payouts"  # 3:2
    s = deal(ONLINE, [10], "2C KD 3H 8S 2S 4D 5C 3D")
    assert settle(play_round(s, lambda st: Hit())).payments[0].net == 20  # 2:1 online


def test_casino_pontoon_bust_loses_even_if_dealer_busts():
    s = deal(SEED, [10], "KC 6D 5H KS 9S 8C")  # dealer 16 will bust with 8
    s = apply(s, Hit())
    assert s.seats[0].hands[0].busted
    assert s.is_over and s.dealer == parse_cards("6D KS")  # nobody left: no dealer draw
    p = settle(s).payments[0]
    assert p.net == -10 and p.rule_id == "casino-pontoon.bust"
    s = deal(SEED, [10, 10], "KC 8C 6D 5H 9H KS 9S 8D")
    s = apply(s, Hit())  # seat 1 busts
    s = apply(s, Stand())  # seat 2 stands on 17
    s = play_round(s, lambda st: Stand())
    assert s.dealer == parse_cards("6D KS 8D")  # the dealer busts
    assert [p.net for p in settle(s).payments] == [-10, 10]


def test_casino_pontoon_dealer_draws_to_16_and_soft_17():
    assert dealer_draws(parse_cards("KS 6D")) and not dealer_draws(parse_cards("KS 7D"))
    assert dealer_draws(parse_cards("AS 6D")) and not dealer_draws(parse_cards("AS 6D"), S17)
    assert not dealer_draws(parse_cards("AS 7D"))
    s = deal(SEED, [10], "KC AD 8H 6S 5C")
    s = apply(s, NoInsurance())
    s = apply(s, Stand())
    assert legal_actions(s) == (DealerDraw(),)
    msg = refused(cp, s, DealerStand(), "casino-pontoon.dealer").message
    assert "soft 17" in msg
    s = apply(s, DealerDraw())
    assert s.dealer == parse_cards("AD 6S 5C") and s.is_over is False
    assert legal_actions(s) == (DealerDraw(),)  # hard 12


def test_casino_pontoon_dealer_hard_17_with_ace_stands():
    assert not dealer_draws(parse_cards("AS 6D KC"))


def test_casino_pontoon_rank_ties_go_to_the_dealer():
    s = deal(SEED, [10], "KC 9D 9H KS")
    s = play_round(s, lambda st: Stand())
    p = settle(s).payments[0]
    assert p.net == -10 and "tie goes to the dealer" in p.reason
    # a dealer five card trick beats a player's 21 in three cards
    s = deal(SEED, [10], "7C 2D 7H 3S 7S 2C 2H 4D")
    s = apply(s, Hit())
    assert s.seats[0].hands[0].total == 21
    s = apply(s, Stand())
    s = play_round(s, lambda st: Stand())
    assert len(s.dealer) == 5 and hand_total(s.dealer) == 13
    p = settle(s).payments[0]
    assert p.net == -10
    assert p.reason == ("21 in 3 cards against the dealer's five card trick: the dealer's "
                        "hand is better.")
    # without the dealer's five card trick the dealer draws on and 21 wins
    free = SEED.replace(dealer_five_card_trick=False)
    s = deal(free, [10], "7C 2D 7H 3S 7S 2C 2H 4D 9C")
    s = play_round(apply(apply(s, Hit()), Stand()), lambda st: Stand())
    assert len(s.dealer) == 6 and settle(s).payments[0].net == 10


def test_casino_pontoon_payouts_by_hand():
    # pontoon 2:1, five card trick 3:2, others 1:1, on a stake of 10
    won = settle(play_round(deal(SEED, [10], "AC 9D KH 8S"), lambda s: Stand()))
    assert won.house == -20
    assert won.payments[0].reason == ("A pontoon beats the dealer's 17 in 2 cards: paid 2 to "
                                      "1.")
    s = deal(SEED, [10], "KC 9D 9H 8S")
    assert settle(play_round(s, lambda st: Stand())).payments[0].net == 10
    s = deal(SEED, [5], "2C KD 3H 8S 2S 4D 5C")
    assert settle(play_round(s, lambda st: Hit())).payments[0].net == Fraction(15, 2)


def test_casino_pontoon_face_down_no_up_card_no_insurance():
    s = deal(ONLINE, [10], "9C AD 8H 7S")
    assert s.phase is Phase.PLAY  # an ace among the dealer's cards: no insurance
    assert s.visible_dealer() == (None, None) and s.up_card is None
    msg = refused(cp, s, Insure(1), "casino-pontoon.face-down").message
    assert "face down" in msg
    s = deal(ONLINE, [10], "AC KD KH AS")  # the dealer peeks: a pontoon takes all
    assert s.dealer_pontoon and settle(s).house == 10


def test_casino_pontoon_profiles_and_bad_options():
    assert (SEED.decks, SEED.dealer_hits_soft_17, SEED.five_card_trick_pays) == (6, True, "3:2")
    assert not S17.dealer_hits_soft_17 and S17.decks == 6
    assert (ONLINE.decks, ONLINE.max_hands, ONLINE.split_by, ONLINE.split_pontoon) == (
        8, 3, "rank", True)
    with pytest.raises(ProfileError, match="five_card_trick_pays: must be one of 3:2, 2:1"):
        SEED.replace(five_card_trick_pays="5:1")
    with pytest.raises(ProfileError, match="decks: must be between 1 and 8"):
        SEED.replace(decks=9)
    assert type(load_rules("casino-pontoon")).__name__ == "CasinoPontoonRules"
    with pytest.raises(ValueError, match="not Casino Pontoon"):
        load_casino_pontoon("punto-banco")


def test_explain_names_the_rule():
    s = deal(SEED, [10], "8C 9D 8H 7S")
    assert explain(s, Split()).startswith("Legal:") and "casino-pontoon.split" in explain(s, Split())
    assert explain(s, DealerDraw()).startswith("Illegal:")


def test_rules_catalog_entries_are_complete():
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    for r in RULES:
        assert r.id.startswith("casino-pontoon.") and "RULES.md" in r.source


# -- properties --------------------------------------------------------------------------
ALL_ACTIONS = (Hit(), Stand(), Double(), Split(), NoInsurance(), Insure(1), Insure(2),
               Insure(50), Insure(0), DealerDraw(), DealerStand())


def expected_net(state: RoundState, hand) -> Fraction:
    """The rules written out again, independently of the engine's settle()."""
    rules = state.rules

    def value(c: Card) -> int:
        return min(c.rank.pips, 10)

    def best(cards) -> int:
        t = sum(value(c) for c in cards)
        return t + 10 if any(value(c) == 1 for c in cards) and t <= 11 else t

    def natural(cards) -> bool:
        return len(cards) == 2 and sorted(value(c) for c in cards) == [1, 10]

    if best(hand.cards) > 21 or state.dealer_pontoon:
        return Fraction(-hand.stake)
    if natural(hand.cards) and (not hand.from_split or rules.split_pontoon):
        return Fraction(2 * hand.stake)
    d = state.dealer
    d_bust = best(d) > 21
    d_five = rules.dealer_five_card_trick and len(d) == 5 and not d_bust
    if len(hand.cards) == 5:
        if d_five:
            return Fraction(-hand.stake)
        return hand.stake * (Fraction(3, 2) if rules.five_card_trick_pays == "3:2" else 2)
    if d_bust:
        return Fraction(hand.stake)
    if d_five or best(d) >= best(hand.cards):
        return Fraction(-hand.stake)
    return Fraction(hand.stake)


def random_round(rules, rng: Rng, seats: int, check=None):
    stakes = [rng.between(1, 40) for _ in range(seats)]
    cards = list(shoe(rules.decks))
    depth = len(cards) if seats > 3 else 120  # a partial shuffle: the cards a round can use
    for i in range(depth - 1):
        j = i + rng.below(len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
    cards = cards[:depth]
    s = new_round(rules, stakes, cards)
    start = Counter(cards)
    while not s.is_over:
        if check is not None:
            check(s)
        acts = legal_actions(s)
        s = apply(s, acts[rng.below(len(acts))])
    assert Counter(dealt_cards(s)) + Counter(s.shoe) == start
    return s


def check_refusals(state: RoundState) -> None:
    legal = legal_actions(state)
    snapshot = repr(state)
    for a in ALL_ACTIONS:
        ok = a in legal or (isinstance(a, Insure) and state.phase is Phase.INSURANCE
                            and 1 <= a.amount <= state.seats[state.seat].stake // 2)
        if ok:
            assert apply(state, a) is not state
            continue
        with pytest.raises(IllegalAction) as e:
            apply(state, a)
        assert e.value.rule_id.startswith("casino-pontoon.") and e.value.message
        assert repr(state) == snapshot


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2 ** 32), seats=st.integers(1, 7),
       profile=st.sampled_from(sorted(PROFILES)))
def test_money_and_cards_are_conserved(seed, seats, profile):
    rules = PROFILES[profile]
    s = random_round(rules, Rng(seed), seats)
    pay = settle(s)
    assert sum(p.net for p in pay.payments) + pay.house == 0
    # every chip on the table is accounted for: each stake and insurance bet is settled
    assert sum(p.amount for p in pay.payments) == staked(s)
    for i, seat in enumerate(s.seats):
        for j, h in enumerate(seat.hands):
            (p,) = [p for p in pay.payments if p.seat == i and p.hand == j]
            assert p.net == expected_net(s, h), (h, s.dealer)
        if seat.insurance:
            ins = [p.net for p in pay.payments if p.seat == i and p.hand is None]
            assert ins == [2 * seat.insurance if s.dealer_pontoon else -seat.insurance]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), seats=st.integers(1, 4),
       profile=st.sampled_from(sorted(PROFILES)))
def test_fuzzed_illegal_actions_are_refused_and_change_nothing(seed, seats, profile):
    random_round(PROFILES[profile], Rng(seed), seats, check=check_refusals)


#: random runs in the suite, and the long run of ``make slow``
RUNS = [1_000, pytest.param(10_000, marks=pytest.mark.slow)]


@pytest.mark.parametrize("runs", RUNS)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_ten_thousand_random_legal_rounds(profile, runs):
    rules = PROFILES[profile]
    rng = Rng(f"rounds:{profile}")
    for k in range(runs):
        s = random_round(rules, rng, 1 + k % 3)
        settle(s)


# -- impossible inputs are setup errors ---------------------------------------------------------
def test_casino_pontoon_deal_refuses_more_copies_than_the_shoe_holds():
    with pytest.raises(SetupError, match="8 copies of A♠, but 6 packs hold only 6"):
        new_round(SEED, [10], parse_cards("AS " * 8))
    assert new_round(SEED, [10], parse_cards("AS " * 6)).seats[0].hands[0].cards == parse_cards(
        "AS AS")
    with pytest.raises(SetupError, match="copies of K♦"):
        new_round(SEED.replace(decks=1), [10], parse_cards("KD KD 2C 3C"))


def test_casino_pontoon_deal_refuses_another_games_profile_and_bad_cards():
    with pytest.raises(SetupError, match="Casino Pontoon needs its own rules"):
        new_round(load_rules("pontoon"), [10], seed=1)
    with pytest.raises(SetupError, match="Casino Pontoon needs its own rules"):
        cp.start(load_rules("punto-banco"), seed=1)
    for bad in ("9C 7D 4H KS", b"9C"):
        with pytest.raises(SetupError, match="must be a list of cards"):
            new_round(SEED, [10], bad)
    with pytest.raises(SetupError, match="not a Card"):
        new_round(SEED, [10], [*parse_cards("9C 7D 4H"), "KS"])
    with pytest.raises(SetupError, match="a seed"):
        new_round(SEED, [10])
    for stakes in (None, "10"):
        with pytest.raises(SetupError, match="stakes must be a list"):
            new_round(SEED, stakes, seed=1)
    with pytest.raises(SetupError, match="whole number of chips"):
        new_round(SEED, [10.5], seed=1)
    with pytest.raises(SetupError, match="1 to 7 seats"):
        cp.seats(SEED, 0)
    with pytest.raises(SetupError, match="seats 1 to 7; 0 were given"):
        cp.start(SEED, seed=1, seats=[])
    with pytest.raises(SetupError, match="1 to 7 seats"):
        cp.deal_rows(SEED, seed=1, players=8)


# -- the game contract -----------------------------------------------------------------------
def test_casino_pontoon_deal_contract_start_and_whose_turn():
    s = cp.start(SEED, seed="contract")
    assert cp.GAME == "casino-pontoon" and len(s.seats) == 3
    assert {seat.stake for seat in s.seats} == {10}
    assert sorted(cp.cards_in_play(s)) == sorted(shoe(6))
    assert cp.start(SEED, seed="contract") == s
    s = deal(SEED, [10, 10], "KC 9S 7D 8H KH KD 5D")  # the dealer has 17
    assert cp.to_act(s) == "Seat 1"
    s = apply(s, Stand())
    assert cp.to_act(s) == "Seat 2"
    s = apply(s, Stand())
    assert cp.to_act(s) == "Dealer" and not cp.is_over(s)
    s = apply(s, DealerStand())
    assert cp.to_act(s) is None and cp.is_over(s)
    ins = deal(SEED, [10], "9C AD 4H KS")
    assert cp.to_act(ins) == "Seat 1" and ins.phase is Phase.INSURANCE


def test_casino_pontoon_deal_named_seats_play_in_order_and_are_paid_by_name():
    s = cp.start(SEED, seed=3, seats=["Ann", "Ben"])
    assert s.names == ("Ann", "Ben") and cp.to_act(s) == "Ann"
    assert s.log[0][1].startswith("Dealt Ann: ") and "; Ben: " in s.log[0][1]
    assert cp.seats(SEED, None) == ("Seat 1", "Seat 2", "Seat 3")
    named = new_round(SEED, [10, 10], parse_cards("AC 9S 7D KH 9H KS"), names=["Ann", "Ben"])
    named = apply(apply(apply(named, Stand()), Stand()), DealerStand())
    assert [(ln.payer, ln.payee, ln.amount) for ln in cp.outcome(named).lines] == [
        ("Dealer", "Ann", 20), ("Dealer", "Ben", 10)]
    assert "Ben stands" in " ".join(text for _, text in named.log)
    for bad, match in ((["Ann", "Dealer"], "the house's seat"), (["Ann", "Ann"], "twice"),
                       (["Ann"] * 0, "seats 1 to 7"), ([f"P{i}" for i in range(8)], "seats 1 to 7"),
                       ("Ann", "list of names")):
        with pytest.raises(SetupError, match=match):
            cp.start(SEED, seed=1, seats=bad)
    with pytest.raises(SetupError, match="one name for each stake"):
        new_round(SEED, [10, 10], seed=1, names=["Ann"])


def test_casino_pontoon_payouts_outcome_balances_with_the_dealer():
    s = deal(SEED, [10, 7], "9C 5S AD 7H 5H KS")  # the dealer has a pontoon
    s = apply(apply(s, Insure(5)), NoInsurance())
    out = cp.outcome(s)
    assert out.final and out.balanced and out.game == "casino-pontoon"
    assert [(ln.payer, ln.payee, ln.amount, ln.rule_id) for ln in out.lines] == [
        ("Dealer", "Seat 1", 10, "casino-pontoon.insurance"),
        ("Seat 1", "Dealer", 10, "casino-pontoon.dealer-pontoon"),
        ("Seat 2", "Dealer", 7, "casino-pontoon.dealer-pontoon")]
    assert out.net()["Dealer"] == settle(s).house
    trick = deal(SEED, [2], "2C 7D 3H KS 2S 2D 4C")  # a five card trick pays 3 to 2
    trick = apply(apply(apply(trick, Hit()), Hit()), Hit())
    trick = play_round(trick, lambda st: Stand())
    assert cp.outcome(trick).lines[0].amount == 3


def test_casino_pontoon_bust_is_settled_in_the_outcome_before_the_round_ends():
    s = deal(SEED, [10, 10], "KC 9S 7D 8H KH 9C 5D")
    s = apply(s, Hit())  # seat 1: K 8 + 5 = 23, bust
    out = cp.outcome(s)
    assert not out.final and not cp.is_over(s)
    assert [(ln.payer, ln.payee, ln.amount, ln.rule_id) for ln in out.lines] == [
        ("Seat 1", "Dealer", 10, "casino-pontoon.bust")]


def test_casino_pontoon_insurance_unknown_and_odd_actions_are_refused():
    s = deal(SEED, [10], "9C AD 4H KS")
    for junk in (object(), "stick", None, cp.Stand):
        refused(cp, s, junk, "casino-pontoon.deal", "not a Casino Pontoon action")
    refused(cp, s, Insure("5"), "casino-pontoon.insurance", "whole number of chips")
    assert cp.can_insure(s, 5) and not cp.can_insure(s, 6)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), seats=st.integers(1, 7),
       profile=st.sampled_from(sorted(PROFILES)))
def test_casino_pontoon_rank_random_contract_play_conserves_cards_and_balances(seed, seats,
                                                                             profile):
    s = cp.start(PROFILES[profile], seed=seed, seats=cp.seats(PROFILES[profile], seats))
    cards = Counter(cp.cards_in_play(s))
    rng = Rng(seed)
    while not cp.is_over(s):
        who = cp.to_act(s)
        assert who == "Dealer" or who == f"Seat {s.seat + 1}"
        action = cp.random_action(s, rng)
        assert cp.can_apply(s, action)
        s = apply(s, action)
        assert Counter(cp.cards_in_play(s)) == cards
        assert cp.outcome(s).balanced
    out = cp.outcome(s)
    assert out.final and out.balanced
    assert out.net()["Dealer"] == settle(s).house if out.lines else settle(s).house == 0


# -- the game's own entry points refuse junk with a sentence ----------------------------------
JUNK = [None, 0, 1.5, True, "x", b"x", object(), (), [None]]


def _whole(j):
    return type(j) is int


#: each entry point, and which of the junk values it rightly accepts
ENTRY_POINTS = {
    "new_round stakes": (lambda j: new_round(SEED, j, seed=1), lambda j: False),
    "new_round cards": (lambda j: new_round(SEED, [10], j), lambda j: False),
    "new_round seed": (lambda j: new_round(SEED, [10], seed=j), lambda j: type(j) in (int, str)),
    "new_round names": (lambda j: new_round(SEED, [10], seed=1, names=j), lambda j: j is None),
    "play_round": (lambda j: play_round(cp.start(SEED, 1), j), lambda j: False),
    "settle": (settle, lambda j: False),
    "staked": (staked, lambda j: False),
    "max_insurance": (cp.max_insurance, lambda j: False),
    "hand_total": (hand_total, lambda j: j == ()),
    "dealer_draws": (dealer_draws, lambda j: False),
    "dealer_draws rules": (lambda j: dealer_draws(parse_cards("KS 6D"), j), lambda j: j is None),
    "win_multiple": (cp.win_multiple, lambda j: False),
    "hand_kind_in_play": (lambda j: cp.hand_kind_in_play(j, SEED), lambda j: False),
    "profile_summary": (cp.profile_summary, lambda j: False),
    "seat_name": (cp.seat_name, _whole),
    "view seat": (lambda j: cp.view(cp.start(SEED, 1), j), lambda j: False),
    "describe": (lambda j: cp.describe(Insure(j)), _whole),
}


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_casino_pontoon_deal_junk_through_the_games_own_entry_points_is_refused(entry):
    call, accepts = ENTRY_POINTS[entry]
    for junk in JUNK:
        if accepts(junk):
            call(junk)
            continue
        with pytest.raises((SetupError, IllegalAction)) as info:
            call(junk)
        assert str(info.value).strip() and "\n" not in str(info.value), (entry, junk)
