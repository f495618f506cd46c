"""Casino Pontoon's reasons (:mod:`cardrules.casino_pontoon.reasons`): each one concludes what
the engine decides, its words name only what the case holds and show the working, the table's
own rules say so; and the checker (:mod:`tests.reason_check_casino_pontoon`) finds a fact that
is broken."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from cardrules import casino_pontoon as cp
from cardrules.cards import parse_cards, shoe
from cardrules.reasons import Reason
from cardrules.rng import Rng
from quizzes.model.registry import all_generators
from quizzes.model.working import render
from tests.reason_check import contradictions
from tests.test_reasons import banks_of, check_all, step_of, worker_made

#: these tests read the question banks through the bank cache the book's build fills
pytestmark = pytest.mark.book

DEFAULT = cp.load_casino_pontoon()
S17 = cp.load_casino_pontoon("casino-pontoon-s17")
ONLINE = cp.load_casino_pontoon("casino-pontoon-online")
PROFILES = [DEFAULT, S17, ONLINE]
GAME = "casino-pontoon"


def text(steps: Any, rule: str = "casino-pontoon.values") -> str:
    steps = steps if isinstance(steps, tuple) else (steps,)
    return render(Reason(rule, steps)).text


def states(rules: cp.CasinoPontoonRules, count: int, seed: int = 1) -> list[cp.RoundState]:
    """Rounds at a player's decision, after a few random moves."""
    rng, out = Rng(seed), []
    while len(out) < count:
        s = cp.new_round(rules, [10], rng.shuffled(shoe(2)))
        if s.phase is cp.Phase.INSURANCE:
            s = cp.apply(s, cp.NoInsurance())
        for _ in range(rng.below(4)):
            if s.phase is not cp.Phase.PLAY:
                break
            acts = cp.legal_actions(s)
            s = cp.apply(s, acts[rng.below(len(acts))])
        if s.phase is cp.Phase.PLAY:
            out.append(s)
    return out


# -- the reasons conclude what the engine decides ------------------------------------------------
@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.name)
def test_the_move_reasons_conclude_what_the_checks_allow(rules: cp.CasinoPontoonRules) -> None:
    for s in states(rules, 300):
        h = s.current
        stand = cp.stand_reason(s)
        assert stand[-1].holds is cp.can_stand(s) and stand[-1].value == h.total
        assert cp.double_reason(s).holds is cp.can_double(s)
        assert cp.split_reason(s).holds is cp.can_split(s)
        worth = stand[-2].result if len(stand) == 3 else stand[0].total
        assert worth == cp.hand_total(h.cards)


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.name)
def test_the_dealer_and_settlement_reasons_conclude_what_the_engine_settles(
        rules: cp.CasinoPontoonRules) -> None:
    rng = Rng(7)

    def anyhow(s: cp.RoundState) -> cp.Action:
        if s.phase is cp.Phase.INSURANCE:
            return cp.NoInsurance()
        acts = cp.legal_actions(s)
        return acts[rng.below(len(acts))]

    for _ in range(200):
        hand = rng.sample(shoe(1), rng.between(2, 5))
        if cp.hand_total(hand) <= 21:
            assert cp.dealer_draw_reason(hand, rules)[-1].draws is cp.dealer_draws(hand, rules)
        end = cp.play_round(cp.new_round(rules, [10], rng.shuffled(shoe(2))), anyhow)
        if end.dealer_pontoon:
            net = cp.dealer_pontoon_reason(end)[-1].net
        else:
            net = cp.settle_reason(end)[-1].net
        assert net == next(p.net for p in cp.settle(end).payments if p.hand == 0)


def test_a_hand_total_shows_its_sum_and_names_only_its_cards() -> None:
    # the known offender: "Tens and faces count 10, other cards their pips" for 7♣ 8♠
    assert text(cp.value_reason(parse_cards("7C 8S"))) == "7♣ and 8♠ count their pips: 7 + 8 = 15."
    soft = text(cp.value_reason(parse_cards("AS 6D")))
    assert "1 + 6 = 7" in soft and "7 + 10 = 17" in soft and "soft 17" in soft
    hard = text(cp.value_reason(parse_cards("AS 9D 8C")))
    assert "1 + 9 + 8 = 18" in hard and "18 + 10 = 28, over 21" in hard
    assert "worth 18" in hard


def test_the_hint_of_a_hand_with_an_ace_says_it_may_count_11() -> None:
    w = render(Reason("casino-pontoon.values", cp.value_reason(parse_cards("AS 6D"))))
    assert w.hint == ("The ace counts 1 and 6♦ counts its pips; add them up. An ace counts 11 "
                      "instead of 1 when that keeps the hand at 21 or less.")


def test_the_dealers_soft_17_is_this_tables_rule() -> None:
    soft_17 = parse_cards("AS 6D")
    assert text(cp.dealer_draw_reason(soft_17, DEFAULT)).endswith(
        "At this table the dealer draws on soft 17, so the dealer draws.")
    assert text(cp.dealer_draw_reason(soft_17, S17)).endswith(
        "At this table the dealer stands on soft 17, so the dealer stands.")
    five = text(cp.dealer_draw_reason(parse_cards("2S 2D 3C 2H 4S"), DEFAULT))
    assert "At this table five cards of 21 or less stop the dealer" in five
    no_stop = text(cp.dealer_draw_reason(parse_cards("2S 2D 3C 2H 4S"),
                                         DEFAULT.replace(dealer_five_card_trick=False)))
    assert "five cards do not stop the dealer" in no_stop and no_stop.endswith("dealer draws.")


def test_the_split_and_pontoon_rules_are_this_tables() -> None:
    s = cp.new_round(ONLINE, [10], parse_cards("KC 7D JH 9S"))
    assert text(cp.split_reason(s), "casino-pontoon.split") == (
        "Only two cards of the same rank may be split at this table: K♣ is a king and J♥ a "
        "jack, so you may not split.")
    d = cp.new_round(DEFAULT, [10], parse_cards("KC 7D JH 9S"))
    assert text(cp.split_reason(d)).endswith("K♣ and J♥ both count 10, so you may split.")
    split = cp.Hand(parse_cards("AS KD"), 10, from_split=True)
    assert text(cp.pontoon_reason(split, DEFAULT)).endswith(
        "At this table a hand from a split is never a pontoon, only a total.")
    assert "At this table a hand from a split can be a pontoon too." in text(
        cp.pontoon_reason(split, ONLINE))


def test_a_five_card_trick_is_paid_as_the_table_says() -> None:
    s = cp.new_round(DEFAULT, [10], parse_cards("2C 9D 3H 8S 2D 4S 2H"))
    while not s.is_over:
        s = cp.apply(s, cp.Hit() if s.phase is cp.Phase.PLAY else cp.DealerStand())
    paid = cp.settle_reason(s)[-1]
    assert (paid.pays, paid.pays_option, paid.net) == (Fraction(3, 2), "five_card_trick_pays",
                                                       Fraction(15))
    assert text(paid) == ("A win with a five card trick pays 3 to 2 at this table: "
                          "10 × 3 ÷ 2 = 15, so you win 15.")


def test_insurance_is_half_the_stake_or_not_offered_at_all() -> None:
    s = cp.new_round(DEFAULT, [15], parse_cards("9C AD 4H KS"))
    assert text(cp.insurance_reason(s)).endswith("15 ÷ 2 = 7.5, and insurance is a whole "
                                                 "number of chips, so at most 7.")
    down = cp.new_round(ONLINE, [15], parse_cards("9C AD 4H KS"))
    assert cp.insurance_reason(down).most == 0
    assert "At this table both dealer cards are dealt face down" in text(
        cp.insurance_reason(down))


#: a house-rules table of our own: every option the shipped profiles leave alone changed
OURS = DEFAULT.replace(name="Our table", max_hands=1, dealer_five_card_trick=False,
                       dealer_hits_soft_17=False, five_card_trick_pays="2:1", split_by="rank",
                       split_pontoon=True, decks=2)


@pytest.mark.parametrize("gen_id", [g.id for g in all_generators() if g.game == GAME])
def test_reasons_agree_with_the_case_under_house_rules_of_our_own(gen_id: str) -> None:
    check_all(gen_id, worker_made(gen_id, OURS, 60, "ours"), OURS, "worker under our table")


# -- the checker finds what it is there to find ---------------------------------------------------
def first(gen_id: str, where: Any = lambda p: True) -> dict[str, Any]:
    """A fresh copy of the first question of a generator's default bank that ``where`` likes."""
    _profile, questions = banks_of(gen_id)[0]
    return json.loads(json.dumps(next(p for p in questions if where(p))))


def found(p: dict[str, Any], profile: cp.CasinoPontoonRules = DEFAULT) -> list[str]:
    return contradictions(p, profile, GAME)


def test_the_checker_finds_kinds_of_card_the_hand_does_not_hold() -> None:
    p = first("casino-pontoon.values.total", lambda p: all(
        c[:-1] not in ("A", "10", "J", "Q", "K") for c in p["rows"][0]["cards"]))
    assert found(p) == []
    p["explanation"] = "Tens and faces count 10, other cards their pips: 15."
    got = found(p)
    assert any("'Tens' is named" in f for f in got) and any("'faces' is named" in f for f in got)
    p["explanation"] = "An ace and a ten-card make a pontoon."
    got = found(p)
    assert any("'ace' is named" in f for f in got) and any("'ten-card' is named" in f
                                                            for f in got)


def test_the_checker_finds_a_wrong_soft_ace_and_a_sum_not_shown() -> None:
    p = first("casino-pontoon.values.total", lambda p: any(
        s["type"] == "SoftAce" and not s["soft"] for s in p["reason"]["steps"]))
    assert found(p) == []
    step_of(p, "SoftAce")["soft"] = True
    got = found(p)
    assert any("soft is not True" in f for f in got), got
    assert any("the reason ends on" in f for f in got), got
    q = first("casino-pontoon.values.total")
    q["solution"] = ["It is worth what it is worth."]
    assert any("is not shown in the solution" in f for f in found(q))


def test_the_checker_finds_a_dealer_rule_that_is_not_this_tables() -> None:
    p = first("casino-pontoon.dealer.draws", lambda p: step_of(p, "DrawRule")["soft"]
              and step_of(p, "DrawRule")["total"] == 17)
    assert found(p) == [] and p["answer_text"] == "Yes"
    got = found(p, S17)
    assert any("soft_draws True, not False" in f for f in got), got
    assert any("draws: False, not True" in f for f in got), got
    p["solution"] = [s.replace("At this table the", "The") for s in p["solution"]]
    assert any("does not say it is this table's" in f for f in found(p))


def test_the_checker_finds_a_split_rule_of_another_table_and_a_wrong_double() -> None:
    p = first("casino-pontoon.split.may", lambda p: step_of(p, "SplitRule")["holds"])
    assert found(p) == []
    got = found(p, ONLINE)
    assert any("by 'value', not 'rank'" in f for f in got), got
    assert any("most None, not 3" in f for f in got), got
    d = first("casino-pontoon.double.may", lambda p: step_of(p, "DoubleRule")["doubled"])
    assert found(d) == [] and d["answer_text"] == "No"
    step_of(d, "DoubleRule")["holds"] = True
    got = found(d)
    assert any("is not True" in f for f in got) and any("the reason concludes 'Yes'" in f
                                                         for f in got), got


def test_the_checker_finds_a_tie_given_to_the_player_and_a_wrong_payment() -> None:
    p = first("casino-pontoon.payouts.paid", lambda p: any(
        s["type"] == "Showdown" and s["left_kind"] == s["right_kind"] == "total"
        and s["left_total"] == s["right_total"] for s in p["reason"]["steps"]))
    assert found(p) == []
    step_of(p, "Showdown")["winner"] = "you"
    assert any("winner 'you', not 'the dealer'" in f for f in found(p))
    five = first("casino-pontoon.payouts.paid", lambda p: any(
        s["type"] == "Paid" and s["kind"] == "five card trick" for s in p["reason"]["steps"]))
    assert found(five) == []
    got = found(five, DEFAULT.replace(five_card_trick_pays="2:1"))
    assert any("the win pays 3/2 to 1, not 2" in f for f in got), got
    step_of(five, "Paid")["net"] = "1"
    assert any("the net is 1" in f for f in found(five))


def test_the_checker_finds_wrong_insurance_and_a_wrong_value_of_standing() -> None:
    p = first("casino-pontoon.insurance.most")
    assert found(p) == []
    step_of(p, "Insurance")["most"] += 1
    assert any("the insurance has most" in f for f in found(p))
    m = first("casino-pontoon.strategy.best", lambda p: "stand" in step_of(p, "MoveValues")[
        "moves"])
    assert found(m) == []
    moves = step_of(m, "MoveValues")
    moves["values"][moves["moves"].index("stand")] += 0.01
    assert any("standing on" in f and "is worth" in f for f in found(m))
    moves["moves"].reverse()
    assert any("is not the move worth the most" in f for f in found(m))
