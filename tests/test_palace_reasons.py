"""Palace Poker's reasons: the builders agree with the engine's decisions in random play, the
explanations the quizzes once got wrong are right now (one explanation for every fold, an
attack-bet bank four-fifths "No", a pot question citing the wrong rule), the no-limit bank
the book shows is checked too, and the checker finds each kind of broken Palace fact.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from cardrules import palace
from cardrules.cards import Suit, parse_cards
from cardrules.palace import Battle, Buy, PalaceState, Phase, Stay, load_palace
from cardrules.poker import hand_reason
from cardrules.reasons import Calc, Limit, PokerHand
from cardrules.rng import Rng
from quizzes.model.banks import bank_data
from quizzes.model.registry import get
from tests.reason_check import contradictions, raw_rule_ids
from tests.test_reasons import MOST_ONE_ANSWER, banks_of, first, step_of

#: these tests read the question banks through the bank cache the book's build fills
pytestmark = pytest.mark.book

LIMIT = load_palace()
NO_LIMIT = load_palace("palace-poker-no-limit")


def random_states(rules: palace.PalaceRules, hands: int = 30) -> list[PalaceState]:
    """Every state of some randomly played hands."""
    out = []
    for seed in range(hands):
        names = ["Ann", "Bob", "Cy", "Dee", "Eve"][: 2 + seed % 4]
        s = palace.new_hand(rules, names, seed=seed)
        rng = Rng(f"reasons:{seed}")
        while not s.is_over and len(out) < 4000:
            out.append(s)
            s = palace.apply(s, palace.random_action(s, rng))
    return out


@pytest.mark.parametrize("rules", [LIMIT, NO_LIMIT], ids=["limit", "no-limit"])
def test_the_reasons_agree_with_the_engine_in_random_play(rules: palace.PalaceRules) -> None:
    seen = Counter[str]()
    for s in random_states(rules):
        if s.phase is not Phase.TURN:
            continue
        buy = palace.buy_reason(s)
        assert all(c.holds for c in buy if isinstance(c, Limit)) == palace.can_buy(s)
        seen["buy"] += 1
        for target in s.in_hand:
            if target == s.actor.name:
                continue
            ok, _ = palace.may_attack(s, s.actor.name, target)
            last = palace.target_reason(s, s.actor.name, target)[-1]
            assert getattr(last, "holds", False) == ok
            for amount in (palace.minimum_bet(s), palace.minimum_bet(s) + rules.small_bet):
                if ok:
                    steps = palace.attack_bet_reason(s, target, amount)
                    assert all(x.holds for x in steps if isinstance(x, Limit)) == (
                        palace.can_battle(s, target, amount))
                    seen["attack"] += 1
        if len(s.players) > 2:
            assert palace.stay_reason(s).holds == palace.can_stay(s)
        t = palace.apply(s, Stay()) if palace.can_stay(s) else None
        if t is not None and not t.is_over:
            assert palace.next_seat_reason(s, t).next == t.actor.name
    assert seen["buy"] > 100 and seen["attack"] > 100, seen


def test_a_battle_reason_names_the_hands_the_showdown_compares() -> None:
    for s in random_states(LIMIT, 20):
        for b in s.battles:
            o = b.outcome
            if o is None:
                continue
            made = [x for x in palace.battle_reason(o) if isinstance(x, PokerHand)]
            assert [(h.category, h.ranks) for h in made] == [
                (o.attacker_hand.category.value, o.attacker_hand.ranks),
                (o.defender_hand.category.value, o.defender_hand.ranks)]


def test_a_short_hand_with_a_suit_set_aside_counts_only_the_other_cards() -> None:
    # four cards, one of the opponent's banner suit: the hand is the other three
    steps = hand_reason(parse_cards("10S 10C KH 6D"), "Ann", Suit.CLUBS)
    hand = steps[-1]
    assert isinstance(hand, PokerHand)
    assert hand.category == "high card" and hand.ranks == (13, 10, 6)
    assert set(hand.used) == set(parse_cards("10S KH 6D"))


def test_keeping_soldiers_and_the_spoils_are_worked_out_from_the_cards() -> None:
    s = palace.position(LIMIT, [palace.player("Ann", "KS", "2H 3H 4H", "2D 3D 4D 5D 6D"),
                                palace.player("Bob", "QD", "5C 6C 7C")])
    t = palace.apply(s, Buy())
    steps = palace.keep_reason(t, palace_amount(5, "Ann's soldiers"),
                               [palace_amount(1, "the soldier bought")])
    assert [type(x).__name__ for x in steps] == ["Calc", "Limit", "Calc"]
    assert isinstance(steps[-1], Calc) and steps[-1].result == 1
    assert palace.spoils_reason("Ann", "Bob", 2, 3, 6).result == 6


def palace_amount(value: int, what: str) -> Any:
    from cardrules.reasons import Amount

    return Amount(value, what)


# -- the questions the quizzes once got wrong -------------------------------------------------------
def test_folding_on_your_turn_is_explained_case_by_case() -> None:
    _profile, questions = banks_of("palace.fold.cards")[0]
    answers = Counter(p["answer_text"] for p in questions)
    assert set(answers) == {"To the discard pile", "They stay in the pot"}
    assert max(answers.values()) <= MOST_ONE_ANSWER * len(questions)
    cards = [p for p in questions if p["answer_text"] == "To the discard pile"]
    assert len({p["explanation"] for p in cards}) == len({tuple(p["rows"][0]["cards"])
                                                          for p in cards})
    for p in cards:  # the explanation names the very soldiers shown
        shown = [c for c in p["rows"][0]["cards"]]
        said = step_of(p, "Moved")["cards"]
        assert sorted(said) == sorted(shown)


@pytest.mark.parametrize("profile", [LIMIT, NO_LIMIT], ids=["limit", "no-limit"])
def test_the_attack_bet_banks_are_balanced_and_follow_the_stakes(
        profile: palace.PalaceRules) -> None:
    # the no-limit bank is one the book's page asks for
    questions = bank_data(get("palace.stakes.attack-bet"), profile)["questions"]
    answers = Counter(p["answer_text"] for p in questions)
    assert max(answers.values()) <= MOST_ONE_ANSWER * len(questions), answers
    for p in questions:
        assert contradictions(p, profile, "palace") == [] and not raw_rule_ids(p)
        assert f"The stakes at this table are {profile.stakes}" in p["explanation"]


def test_every_pot_question_cites_first_the_rule_of_its_ending() -> None:
    _profile, questions = banks_of("palace.end.pot-split")[0]
    firsts = Counter(p["rule_ids"][0] for p in questions)
    assert set(firsts) == {"palace.end", "palace.end.same-suit", "palace.end.showdown",
                           "palace.battle.tie"}
    for p in questions:
        assert p["rule_ids"][0] == p["reason"]["rule"]
        if " folds." in p["prompt"] and p["rule_ids"][0] == "palace.end":
            assert step_of(p, "Split")["among"] == [p["prompt"].split("does ")[1].split()[0]]


# -- the checker finds what it is there to find -----------------------------------------------------
def broken(gen_id: str, where: Any = lambda p: True) -> dict[str, Any]:
    p = first(gen_id, where)
    assert contradictions(p, LIMIT, "palace") == [], p["id"]
    return p


def test_the_checker_finds_a_small_bet_that_is_not_the_tables() -> None:
    p = broken("palace.battle.minimum.bet")
    found = contradictions(p, LIMIT.replace(small_bet=10, big_bet=20), "palace")
    assert any("is not the profile's small_bet" in f for f in found), found
    calc = step_of(p, "Calc")
    calc["amounts"][0]["value"] += 1
    found = contradictions(p, LIMIT, "palace")
    assert any("Ann's soldiers is" in f for f in found), found


def test_the_checker_finds_stakes_that_are_not_the_tables() -> None:
    p = broken("palace.stakes.attack-bet")
    found = contradictions(p, NO_LIMIT, "palace")
    assert any("the profile's stakes is no-limit, not limit" in f for f in found), found


def test_the_checker_finds_a_wrong_split_and_a_wrong_rule() -> None:
    p = broken("palace.end.pot-split", lambda p: len(step_of(p, "Split")["among"]) == 2)
    split = step_of(p, "Split")
    split["shares"] = list(reversed(split["shares"])) if split["shares"][0] != split[
        "shares"][1] else [split["shares"][0] + 1, split["shares"][1] - 1]
    assert any("is not split" in f for f in contradictions(p, LIMIT, "palace"))
    q = broken("palace.end.pot-split", lambda p: p["reason"]["rule"] == "palace.end.same-suit")
    q["rule_ids"] = ["palace.end", *[r for r in q["rule_ids"] if r != "palace.end"]]
    q["reason"]["rule"] = "palace.end"
    found = contradictions(q, LIMIT, "palace")
    assert any("the question asks palace.end.same-suit" in f for f in found), found


def test_the_checker_finds_wrong_banners_a_wrong_deal_and_a_wrong_seat() -> None:
    p = broken("palace.battle.target.may", lambda p: p["answer_text"] == "Yes")
    step_of(p, "SuitsDiffer")["holds"] = False
    found = contradictions(p, LIMIT, "palace")
    assert any(f.startswith("the suits of") and f.endswith(" differ") for f in found), found
    d = broken("palace.banner.who-gets")
    turn = next(s for s in d["reason"]["steps"] if s["type"] == "BannerTurn" and s["holders"])
    turn["holders"][0] = "Zed"
    assert any("the banner deal is" in f for f in contradictions(d, LIMIT, "palace"))
    n = broken("palace.turn.next", lambda p: step_of(p, "NextSeat")["skipped"])
    step_of(n, "NextSeat")["skipped"] = []
    assert any("the players skipped" in f for f in contradictions(n, LIMIT, "palace"))


def test_the_checker_finds_a_wrong_quiet_round_and_a_wrong_tie_break() -> None:
    p = broken("palace.stay.ends", lambda p: p["answer_text"] == "No")
    quiet = step_of(p, "QuietRound")
    quiet["holds"] = True
    found = contradictions(p, LIMIT, "palace")
    assert any("the quiet round is" in f for f in found), found
    assert any("the reason concludes True" in f for f in found), found
    t = broken("palace.battle.tie.who", lambda p: p["answer_text"].endswith(" wins"))
    count = step_of(t, "SuitCount")
    count["left_cards"] = count["left_cards"][:-1]
    assert any("of their own banner suit are" in f for f in contradictions(t, LIMIT, "palace"))


def test_the_checker_finds_the_wrong_suit_set_aside_and_a_number_not_in_the_case() -> None:
    p = broken("palace.battle.hand-name")
    aside = step_of(p, "SetAside")
    aside["suit"] = next(s for s in ("clubs", "diamonds", "hearts", "spades")
                         if s != aside["suit"])
    found = contradictions(p, LIMIT, "palace")
    assert any("not the opponent's banner suit" in f for f in found), found
    c = broken("palace.battle.call.amount")
    then = step_of(c, "Then")
    then["who"] = then["who"].replace("bet of ", "bet of 9")
    assert any("is not the case's" in f for f in contradictions(c, LIMIT, "palace"))


def test_the_checker_finds_an_answer_the_case_does_not_give() -> None:
    p = broken("palace.battle.capture.keep")
    p["low"] = p["high"] = str(int(p["low"]) + 1)
    found = contradictions(p, LIMIT, "palace")
    assert any("the case works out to" in f for f in found), found
    w = json.loads(json.dumps(first("palace.battle.winner")))
    w["answer_text"] = next(c for c in w["choices"] if c != w["answer_text"])
    assert any("the reason concludes" in f for f in contradictions(w, LIMIT, "palace"))


def test_an_attack_reason_under_limit_stakes_names_the_exact_bet() -> None:
    s = palace.position(LIMIT, [palace.player("Ann", "KS", "2H 3H 4H", "5D"),
                                palace.player("Bob", "QD", "5C 6C 7C")])
    last = palace.attack_bet_reason(s, "Bob", 20)[-1]
    assert isinstance(last, Limit) and last.relation.value == "exactly" and not last.holds
    assert not palace.can_battle(s, "Bob", 20)
    t = palace.apply(s, Battle("Bob", 10))
    assert palace.call_reason(t).result == palace.call_amount(t) == 5
