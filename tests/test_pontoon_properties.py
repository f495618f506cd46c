"""Pontoon properties over random deals: money, stakes and cards are conserved; the
engine's settlement agrees with an independent oracle written from RULES.md; the
offered actions are exactly the accepted ones; random, mostly illegal action
streams are refused with a rule id and leave the state unchanged; and 10,000
random legal deals per profile run without error."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import pontoon as pt
from cardrules.catalog import rule_ids
from cardrules.errors import IllegalAction
from cardrules.rng import Rng

PROFILES = ["pontoon", "shoot-pontoon", "pontoon-stick-16", "pontoon-aces-split",
            "pontoon-no-fifth-buy-11", "pontoon-two-packs"]
RULES = {name: pt.load_pontoon(name) for name in PROFILES}
NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hal"]
IDS = set(rule_ids())
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- an independent oracle, written from RULES.md §1 --------------------------------------------
def o_points(card):
    v = card.rank.value
    return 1 if v == "A" else 10 if v in ("10", "J", "Q", "K") else int(v)


def o_rank(cards, split, rules):
    low = sum(o_points(c) for c in cards)
    if low > 21:
        return (0, 0)
    if len(cards) == 2 and sorted(o_points(c) for c in cards) == [1, 10] and (
            not split or rules.split_pontoon):
        return (3, 0)
    if len(cards) == 5:
        return (2, 0)
    has_ace = any(c.rank.value == "A" for c in cards)
    return (1, low + 10 if has_ace and low + 10 <= 21 else low)


def o_stake_net(hand, banker_cards, rules):
    """What the banker pays this live hand on its stake (negative: the hand pays)."""
    p, b = o_rank(hand.cards, hand.from_split, rules), o_rank(banker_cards, False, rules)
    stake = hand.stake + sum(hand.buys)
    double = p[0] in (2, 3)
    if b[0] == 0:
        return stake * (2 if double else 1)
    if b[0] == 2:
        return 2 * stake if p[0] == 3 else -2 * stake
    if p > b:
        return stake * (2 if double else 1)
    return -stake


def check_settlement_against_oracle(state):
    rules, banker = state.rules, state.banker
    stake_rules = ("pontoon.settle", "pontoon.ties", "pontoon.bust", "pontoon.banker-pontoon")
    banker_pontoon = len(state.banker_cards) == 2 and o_rank(state.banker_cards, False,
                                                              rules)[0] == 3
    for p in state.players:
        got = sum((x.amount if x.payee == p.name else -x.amount) for x in state.payments
                  if {x.payer, x.payee} == {banker, p.name} and x.rule_id.startswith(stake_rules))
        shoot_got = sum((x.amount if x.payee == p.name else -x.amount) for x in state.payments
                        if {x.payer, x.payee} == {pt.KITTY, p.name}
                        and x.rule_id in ("pontoon.shoot.settle", "pontoon.shoot.bust",
                                          "pontoon.shoot.banker-pontoon"))
        if banker_pontoon:
            want = -2 * p.hands[0].stake
            shoot_want = -p.hands[0].shoot_total
        else:
            want = shoot_want = 0
            for h in p.hands:
                if h.status is pt.HandStatus.BUST:
                    want -= h.stake + sum(h.buys)
                    shoot_want -= h.shoot_total
                else:
                    net = o_stake_net(h, state.banker_cards, rules)
                    want += net
                    shoot_want += h.shoot_total if net > 0 else -h.shoot_total
        assert got == want, (p.name, got, want, pt.narrate(state))
        assert shoot_want == shoot_got, (p.name, shoot_got, shoot_want)


# -- invariants at every step ----------------------------------------------------------------------
def check_invariants(state):
    rules = state.rules
    full = Counter(pt.full_pack(rules.packs))
    assert Counter(state.pack) + Counter(pt.held_cards(state)) == full
    assert Counter(pt.cards_in_play(state)) == full
    result = pt.outcome(state)
    assert result.balanced and result.final == pt.is_over(state)
    to_act = pt.to_act(state)
    assert (to_act is None) == state.is_over and (to_act is None or to_act in state.seats)
    assert state.kitty >= 0
    if not rules.shoot:
        assert state.kitty == 0
    live_shoot = 0
    for i, p in enumerate(state.players):
        assert 1 <= len(p.hands) <= 4
        first = p.hands[0].stake
        staking = state.phase is pt.Phase.STAKES and i >= state.turn
        for h in p.hands:
            assert 1 <= len(h.cards) <= 5
            assert h.stake == first  # a split hand stakes what the first hand staked
            if staking:
                assert h.stake == 0
            else:
                assert rules.min_stake <= h.stake <= rules.max_stake
            high = 2 * h.stake
            for b in h.buys:
                assert h.stake <= b <= high
                high = b
            assert h.stake + sum(h.buys) <= 7 * h.stake
            assert h.shoot >= 0 and h.shoot4 >= 0
            if not rules.shoot:
                assert h.shoot_total == 0
            if h.is_live:
                live_shoot += h.shoot_total
    if not state.is_over:
        assert live_shoot <= state.kitty  # all shoot bets together within the kitty


def play_session(rules, seed, seats, deals, every_step=True, sell_every=0):
    """Play ``deals`` deals in a row with random legal actions, checking as it goes."""
    rng = Rng(seed)
    state = pt.new_deal(rules, seats, banker=seats[rng.below(len(seats))], seed=seed,
                        kitty=rng.between(rules.min_stake, rules.max_stake) if rules.shoot else None)
    kitty_carried = 0
    done = 0
    while True:
        if every_step:
            check_invariants(state)
        if state.is_over:
            st_ = pt.settlement(state)
            nets = st_.nets()
            assert sum(nets.values()) == 0
            assert state.kitty == kitty_carried + st_.net(pt.KITTY)
            assert Counter(state.pack) == Counter(pt.full_pack(rules.packs))
            check_settlement_against_oracle(state)
            done += 1
            if done == deals:
                return done
            if sell_every and done % sell_every == 0:
                others = [n for n in state.seats if n != state.next_banker]
                state = pt.apply(state, pt.SellBank(rng.choice(others), rng.below(50)))
            while state.is_over:  # top-ups, then the next deal
                action = pt.random_action(state, rng)
                if isinstance(action, pt.NextDeal):
                    kitty_carried = state.kitty
                state = pt.apply(state, action)
            continue
        state = pt.apply(state, pt.random_action(state, rng))


# -- Hypothesis properties ---------------------------------------------------------------------------
@FAST
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10**9), n=st.integers(2, 8))
def test_pontoon_settle_money_conserved_and_matches_the_oracle(profile, seed, n):
    play_session(RULES[profile], seed, NAMES[:n], deals=6)


@FAST
@given(seed=st.integers(0, 10**9), n=st.integers(2, 8))
def test_pontoon_shoot_kitty_never_negative_and_never_overcommitted(seed, n):
    play_session(RULES["shoot-pontoon"], seed, NAMES[:n], deals=8, sell_every=3)


@FAST
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10**9), n=st.integers(2, 8))
def test_pontoon_buy_limits_every_offered_amount_and_no_other(profile, seed, n):
    """legal_actions (computed directly) and verify_* (the refusals) agree: every
    amount in an offered range is accepted, and the amounts just outside are refused."""
    rules = RULES[profile]
    rng = Rng(seed)
    state = pt.new_deal(rules, NAMES[:n], seed=seed)
    while not state.is_over:
        acts = pt.legal_actions(state)
        assert acts
        for a in acts:
            assert pt.can_apply(state, a), (a, pt.explain(state, a))
        for kind in (pt.Stake, pt.Shoot, pt.Buy, pt.Split):
            span = pt.amount_range(state, kind)
            if span is None:
                continue
            lo, hi = span
            assert pt.can_apply(state, kind(rng.between(lo, hi)))
            assert not pt.can_apply(state, kind(hi + 1))
            if lo > 0:
                assert not pt.can_apply(state, kind(lo - 1))
        for a in (pt.Declare(), pt.Twist(), pt.Stick(), pt.BankerDraw(), pt.BankerStay()):
            assert pt.can_apply(state, a) == (a in acts), (a, acts)
        state = pt.apply(state, pt.random_action(state, rng))


def _action(names):
    amount = st.integers(-20, 400)
    return st.one_of(
        st.builds(pt.Stake, amount), st.builds(pt.Shoot, amount), st.just(pt.Declare()),
        st.builds(pt.Split, st.integers(-5, 120)), st.builds(pt.Buy, amount),
        st.just(pt.Twist()), st.just(pt.Stick()), st.just(pt.BankerDraw()),
        st.just(pt.BankerStay()), st.builds(pt.TopUp, amount),
        st.builds(pt.SellBank, st.sampled_from([*names, "Zed"]), st.integers(-5, 100)),
        st.builds(pt.NextDeal, st.one_of(st.none(), st.integers(-5, 150))),
        st.sampled_from([object(), "stick", None, 3, ("Twist",)]),  # not Pontoon actions at all
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), profile=st.sampled_from(PROFILES), seed=st.integers(0, 10**9),
       n=st.integers(2, 8))
def test_pontoon_fuzz_illegal_actions_refused_with_a_rule_and_state_unchanged(data, profile,
                                                                               seed, n):
    rules = RULES[profile]
    names = NAMES[:n]
    state = pt.new_deal(rules, names, seed=seed)
    rng = Rng(seed)
    refusals = 0
    stream = data.draw(st.lists(_action(names), min_size=80, max_size=80), label="actions")
    for step, action in enumerate(stream):
        before = pickle.dumps(state)
        try:
            after = pt.apply(state, action)
        except IllegalAction as e:
            refusals += 1
            assert e.rule_id in IDS, e.rule_id
            assert e.message.strip() and e.message[0].isupper()
            assert pickle.dumps(state) == before
            assert not pt.can_apply(state, action)
            # keep the deal moving with a legal step now and then
            if step % 3 == 0:
                state = pt.apply(state, pt.random_action(state, rng))
            continue
        assert pickle.dumps(state) == before  # the old state is never changed
        assert pt.can_apply(state, action)
        state = after
        check_invariants(state)
    assert refusals > 0


# -- 10,000 random legal deals per profile ------------------------------------------------------------
#: random runs in the suite, and the long run of ``make slow``
RUNS = [1_000, pytest.param(10_000, marks=pytest.mark.slow)]


@pytest.mark.parametrize("runs", RUNS)
@pytest.mark.parametrize("profile", PROFILES)
def test_pontoon_deal_ten_thousand_random_deals(profile, runs):
    rules = RULES[profile]
    rng = Rng(f"10k:{profile}")
    deals = 0
    while deals < runs:
        n = rng.between(2, 8)
        state = pt.new_deal(rules, NAMES[:n], seed=rng.below(2**62),
                            kitty=rng.between(rules.min_stake, rules.max_stake)
                            if rules.shoot else None)
        for _ in range(20):  # a session of 20 deals: next deals, new bankers, kitty changes
            while not state.is_over:
                state = pt.apply(state, pt.random_action(state, rng))
            st_ = pt.settlement(state)
            assert sum(st_.nets().values()) == 0
            assert state.kitty >= 0
            assert len(state.pack) == 52 * rules.packs
            deals += 1
            if rng.below(10) == 0:
                state = pt.apply(state, pt.SellBank(
                    rng.choice([x for x in state.seats if x != state.next_banker]), 5))
            while state.is_over:
                state = pt.apply(state, pt.random_action(state, rng))
    assert deals == runs
