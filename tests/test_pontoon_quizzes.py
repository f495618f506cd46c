"""Pontoon quiz generators: every one makes answerable questions under every profile,
and the answers agree with the rules worked out independently of the engine."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from cardrules.catalog import rule_ids, rules_of
from quizzes.model.question import Kind
from quizzes.model.registry import all_generators, make

GENS = [g for g in all_generators() if g.game == "pontoon"]
PROFILES = ["pontoon", "shoot-pontoon", "pontoon-stick-16", "pontoon-aces-split",
            "pontoon-no-fifth-buy-11", "pontoon-two-packs"]
IDS = set(rule_ids())


def _wrong(q):
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        return next(i for i in range(len(q.choices)) if i not in q.correct)
    return q.high + 1


def test_pontoon_quizzes_cover_every_rule():
    covered = {r for g in GENS for r in g.rule_ids}
    assert [r.id for r in rules_of("pontoon") if r.id not in covered] == []


@pytest.mark.parametrize("gen", GENS, ids=lambda g: g.id)
def test_pontoon_quizzes_answerable_under_every_profile(gen):
    profiles = PROFILES if gen.profile == "pontoon" else [gen.profile]
    for profile in profiles:
        for seed in range(6):
            q = make(gen.id, seed, profile)
            assert q == make(gen.id, seed, profile)  # the same seed, the same question
            assert set(q.rule_ids) <= set(gen.rule_ids) and set(q.rule_ids) <= IDS
            right = q.correct[0] if q.correct else q.low
            assert q.check(right).correct, (gen.id, seed, profile, q.prompt)
            verdict = q.check(_wrong(q))
            assert not verdict.correct and "The answer is" in verdict.message
            assert q.explanation.strip()


def _oracle_value(cards):
    low = sum(1 if c.rank.value == "A" else min(c.rank.pips, 10) for c in cards)
    return low + 10 if low <= 11 and any(c.rank.value == "A" for c in cards) else low


def test_pontoon_hand_value_quiz_matches_the_count():
    for seed in range(30):
        q = make("pontoon.hand-value.total", seed)
        assert q.low == q.high == _oracle_value(q.rows[0].cards)


def test_pontoon_buy_limits_quiz_range_is_the_rule():
    for profile in ("pontoon", "pontoon-two-packs"):
        for seed in range(30):
            q = make("pontoon.buy.range", seed, profile)
            stake = int(re.search(r"initial stake is (\d+)", q.prompt).group(1))
            bought = [int(x) for x in re.findall(r"card for (\d+)", q.prompt)]
            high = bought[-1] if bought else 2 * stake
            assert (q.low, q.high) == (stake, high), q.prompt
            assert q.check(stake).correct and q.check(high).correct
            assert not q.check(high + 1).correct and not q.check(stake - 1).correct


def test_pontoon_settle_pay_higher_quiz_is_one_above_the_banker():
    for seed in range(20):
        q = make("pontoon.settle.i-pay", seed)
        assert q.low == _oracle_value(q.rows[0].cards) + 1


def test_pontoon_two_packs_quiz_exact_chances():
    expected = {"one 52-card pack": Fraction(32, 663), "two packs": Fraction(64, 1339)}
    for seed in range(10):
        q = make("pontoon.two-packs.chance", seed)
        key = "two packs" if "two packs" in q.prompt else "one 52-card pack"
        assert q.answer_text == f"{float(expected[key]) * 100:.2f}%"


def test_pontoon_hands_rank_quiz_order_is_the_ranking():
    def key(cards):
        low = sum(1 if c.rank.value == "A" else min(c.rank.pips, 10) for c in cards)
        if low > 21:
            return (0, 0)
        if len(cards) == 2 and low == 11 and any(c.rank.value == "A" for c in cards):
            return (3, 0)
        return (2, 0) if len(cards) == 5 else (1, _oracle_value(cards))

    for seed in range(20):
        q = make("pontoon.hands.rank.order", seed)
        hands = {r.label[-1]: r.cards for r in q.rows}
        want = " > ".join(sorted(hands, key=lambda k: key(hands[k]), reverse=True))
        assert q.answer_text == want


def test_pontoon_stick_quiz_follows_the_profile_minimum():
    for profile, need in (("pontoon", 15), ("pontoon-stick-16", 16)):
        for seed in range(20):
            q = make("pontoon.stick.may", seed, profile)
            total = _oracle_value(q.rows[0].cards)
            assert q.answer_text == ("Yes" if total >= need else "No"), (total, q.explanation)


def test_pontoon_split_quiz_same_rank_only():
    for profile in ("pontoon", "pontoon-aces-split"):
        for seed in range(20):
            q = make("pontoon.split.may", seed, profile)
            a, b = q.rows[0].cards
            ok = a.rank is b.rank and (profile == "pontoon" or a.rank.value == "A")
            assert q.answer_text == ("Yes" if ok else "No"), q.explanation


def test_pontoon_shoot_quiz_asks_the_kitty_and_a_split_hands_own_bet():
    """pontoon.shoot (the kitty between the stakes) and pontoon.shoot.split (a split hand's
    own shoot bet) are asked, not only listed: the kitty answer is the stake limit, and a
    split hand may shoot what the kitty has left uncovered."""
    from cardrules.profiles import load_rules

    rules = load_rules("shoot-pontoon")
    asked: dict[str, list] = {}
    for n in range(80):
        q = make("pontoon.shoot.room", n)
        asked.setdefault(q.rule_ids[0], []).append(q)
    assert {"pontoon.shoot", "pontoon.shoot.split", "pontoon.shoot.bet"} <= set(asked)
    for q in asked["pontoon.shoot"]:
        largest = "largest kitty" in q.prompt
        assert q.low == q.high == (rules.max_stake if largest else rules.min_stake)
        assert f"{rules.min_stake} to {rules.max_stake}" in q.explanation
    for q in asked["pontoon.shoot.split"]:
        kitty, bets = re.search(r"The kitty holds (\d+)\. Shoot bets standing: (.*?)\.",
                                q.prompt).groups()
        taken = sum(int(x) for x in re.findall(r"\d+", bets))
        assert q.low == q.high == int(kitty) - taken > 0
        assert "splits this pair" in q.prompt and len(q.rows[0].cards) == 2
        assert q.rows[0].cards[0].rank is q.rows[0].cards[1].rank
