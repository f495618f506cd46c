"""Pontoon quiz generators: every one makes answerable questions under every profile,
and the answers agree with the rules worked out independently of the engine."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from cardrules.catalog import rule_ids, rules_of
from quizzes.model.question import Kind
from quizzes.model.registry import all_generators, make

#: these tests read the question banks through the bank cache the book's build fills
pytestmark = pytest.mark.book

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
        assert (f"from the minimum stake, {rules.min_stake}, to the maximum stake, "
                f"{rules.max_stake}, at this table") in q.explanation
    for q in asked["pontoon.shoot.split"]:
        kitty, bets = re.search(r"The kitty holds (\d+)\. Shoot bets standing: (.*?)\.",
                                q.prompt).groups()
        taken = sum(int(x) for x in re.findall(r"\d+", bets))
        assert q.low == q.high == int(kitty) - taken > 0
        assert "splits this pair" in q.prompt and len(q.rows[0].cards) == 2
        assert q.rows[0].cards[0].rank is q.rows[0].cards[1].rank


# -- the reasons: the checker (tests/pontoon_check.py) finds what it is there to find ----------
def _pontoon(p, profile=None):
    from cardrules.profiles import load_rules
    from tests.reason_check import contradictions

    return contradictions(p, profile or load_rules("pontoon"), "pontoon")


def _first(gen_id, where=lambda p: True, key=None):
    import json

    from tests.test_reasons import banks_of

    for profile, questions in banks_of(gen_id):
        if key is None or profile.name == key:
            return json.loads(json.dumps(next(p for p in questions if where(p)))), profile
    raise AssertionError(f"no bank of {gen_id} under {key}")


def _step(p, kind):
    return next(s for s in p["reason"]["steps"] if s["type"] == kind)


def _ranks(p):
    return {c[:-1] for r in p["rows"] for c in r["cards"]}


def test_the_checker_finds_a_rule_sentence_naming_cards_the_hand_does_not_hold():
    # the old explanations: "Court cards and tens count 10" for a hand with neither, "every ace
    # as 1" for a hand with no ace
    p, profile = _first("pontoon.hand-value.total",
                        lambda p: not _ranks(p) & {"J", "Q", "K", "10", "A"})
    assert _pontoon(p, profile) == []
    p["solution"] = ["Court cards and tens count 10, the others their pips: 20."]
    found = _pontoon(p, profile)
    assert any("'Court cards' is named" in f for f in found), found
    assert any("'tens' is named" in f for f in found), found
    assert any("is not shown in the solution" in f for f in found), found
    q, profile = _first("pontoon.hands.rank.kind", lambda p: p["answer_text"] == "Bust"
                        and "A" not in _ranks(p))
    q["explanation"] = "The cards count 29 even with every ace as 1: over 21 is bust."
    assert any("'ace' is named" in f for f in _pontoon(q, profile))


def test_the_checker_finds_a_wrong_ace_and_a_wrong_kind_of_hand():
    p, profile = _first("pontoon.hand-value.total", lambda p: any(
        s["type"] == "AceChoice" and s["total"] != s["low"] for s in p["reason"]["steps"]))
    assert _pontoon(p, profile) == []
    ace = _step(p, "AceChoice")
    ace["total"] = ace["low"]  # "every ace counts 1" where one ace counts 11
    found = _pontoon(p, profile)
    assert any(f"counts {ace['low'] + 10}, not {ace['low']}" in f for f in found), found
    assert any("the reason ends on" in f for f in found), found
    k, profile = _first("pontoon.hands.rank.kind", lambda p: p["answer_text"] == "A five card trick")
    _step(k, "HandClass")["kind"] = "21"
    found = _pontoon(k, profile)
    assert any("make ('five card trick'" in f for f in found), found


def test_the_checker_finds_a_stick_limit_that_is_not_the_tables():
    from cardrules.profiles import load_rules

    p, profile = _first("pontoon.stick.may", lambda p: True, "Pontoon, stick on 16")
    assert profile.min_stick == 16 and _pontoon(p, profile) == []
    found = _pontoon(p, load_rules("pontoon"))  # the same reason read at a 15 table
    assert any("the limit 16 is not the profile's min_stick" in f for f in found), found
    p["solution"] = [t.replace(" at this table", "") for t in p["solution"]]
    assert any("is not said to be this table's" in f for f in _pontoon(p, profile))


def test_the_checker_finds_a_wrong_winner_and_a_tie_not_given_to_the_banker():
    p, profile = _first("pontoon.ties.who-wins", lambda p: _step(p, "Versus")["equal"])
    assert _pontoon(p, profile) == []
    v = _step(p, "Versus")
    v["winner"] = v["left"]
    found = _pontoon(p, profile)
    assert any("is won by the banker" in f for f in found), found
    assert any("the reason concludes" in f for f in found), found


def test_the_checker_finds_a_split_judged_by_other_rules_than_the_tables():
    p, profile = _first("pontoon.split.may", lambda p: p["answer_text"] == "Yes",
                        "Pontoon, only aces split")
    assert _pontoon(p, profile) == []
    pair = _step(p, "Pair")
    pair["only"] = ""
    assert any("the table's split = 'aces'" in f for f in _pontoon(p, profile))
    q, profile = _first("pontoon.split.may", lambda p: p["answer_text"] == "No" and len(
        {c[:-1] for c in p["rows"][0]["cards"]}) == 1, "Pontoon, only aces split")
    q["answer_text"], _step(q, "Pair")["holds"] = "Yes", True  # "any pair splits"
    found = _pontoon(q, profile)
    assert any("as a pair of aces is not True" in f for f in found), found
    assert any("the case makes the answer 'No'" in f for f in found), found


def test_the_checker_finds_wrong_working_and_amounts():
    p, profile = _first("pontoon.settle.pays", lambda p: any(
        s["type"] == "Figure" and s["op"] == "×" for s in p["reason"]["steps"]))
    assert _pontoon(p, profile) == []
    calc = next(s for s in p["reason"]["steps"] if s["type"] == "Figure" and s["op"] == "×")
    calc["terms"] = [1, calc["terms"][1]]
    found = _pontoon(p, profile)
    assert any("make" in f and "not" in f for f in found), found
    assert any("is not shown in the solution" in f for f in found), found
    s, profile = _first("pontoon.stakes.allowed")
    _step(s, "Range")["high"] += 50
    assert any("is not the profile's max_stake" in f for f in _pontoon(s, profile))
    b, profile = _first("pontoon.bust.collect", lambda p: p["answer_text"] != "0 chips")
    b["answer_text"], b["low"], b["high"] = "5 chips", "5", "5"
    found = _pontoon(b, profile)
    assert any("the case makes the answer" in f for f in found), found


def test_the_checker_finds_a_wrong_cut_and_a_wrong_next_banker():
    p, profile = _first("pontoon.first-banker.who", lambda p: len(_step(p, "Cuts")["highest"]) == 1)
    assert _pontoon(p, profile) == []
    cut = _step(p, "Cuts")
    cut["highest"] = [next(s for s in cut["seats"] if s not in cut["highest"])]
    assert any("the highest card is cut by" in f for f in _pontoon(p, profile))
    n, profile = _first("pontoon.next-banker.who", lambda p: "sells" not in p["prompt"])
    assert _pontoon(n, profile) == []
    then = n["reason"]["steps"][-1]
    other = next(c for c in n["choices"] if c != n["answer_text"])
    then["who"], n["answer_text"] = other, other
    assert any("the case makes the answer" in f for f in _pontoon(n, profile))
