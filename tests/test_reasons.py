"""Every sentence a learner reads is true of the case in front of them: the reasons of every
converted generator checked by an independent checker (:mod:`tests.reason_check`), for every
question of its banks (written by the book's bank builder, through its cache) and for 200
questions the Practice worker makes; no raw rule id in any learner's text; answers balanced;
explanations that differ from case to case; a hint and a worked solution for every question.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, get_args

import pytest

from cardrules import reasons
from cardrules.profiles import Profile, load_rules, shipped_profiles
from quizzes.model import working_casino, working_dealer, working_pontoon, working_table
from quizzes.model.banks import profile_key, profile_toml, wanted_banks, write_banks
from quizzes.model.registry import all_generators, get
from quizzes.static import worker
from tests.reason_check import GAMES, contradictions, raw_rule_ids

#: the tests marked ``book`` read the question banks through the bank cache the book's build fills
BOOK = pytest.mark.book

#: generators whose questions carry no reason yet, each with why (a new generator may be listed
#: here while it is converted; a game's generators leave it once tests.reason_check.GAMES
#: checks that game): every generator of every game gives its reason now
NOT_CONVERTED: dict[str, str] = {}

CONVERTED = sorted(g.id for g in all_generators() if g.id not in NOT_CONVERTED)
WORKER_COUNT = 200
#: the most questions of a bank that may share one answer
MOST_ONE_ANSWER = 0.75


#: the book's bank cache (tests/test_banks.py writes its banks through it too): the banks are
#: made once for a version of the sources, not once a test process
BANK_CACHE = Path(__file__).resolve().parents[1] / "book" / "_build" / ".cardbanks"


@cache
def _bank_dir() -> tempfile.TemporaryDirectory[str]:
    """Every bank file, written by the book's bank builder (through its cache)."""
    out = tempfile.TemporaryDirectory(prefix="reason-banks-")
    write_banks(Path(out.name), cache_dir=BANK_CACHE, jobs=2)
    return out


@cache
def banks_of(gen_id: str) -> tuple[tuple[Profile, tuple[dict[str, Any], ...]], ...]:
    """Every bank of a generator the book's bank builder writes, with its profile."""
    out = Path(_bank_dir().name)
    return tuple((profile, tuple(json.loads((out / name).read_text(encoding="utf-8"))["questions"]))
                 for g, profile, name in wanted_banks() if g.id == gen_id)


def worker_made(gen_id: str, profile: Profile | None, count: int, tag: str = "reasons"
                ) -> list[dict[str, Any]]:
    """Questions as the Practice worker makes them (its JSON), under ``profile``."""
    toml = None if profile is None else profile_toml(profile)
    return [json.loads(worker.make(gen_id, f"{tag}.{i}", toml)) for i in range(count)]


def check_all(gen_id: str, questions: list[dict[str, Any]], profile: Profile, where: str
              ) -> None:
    game = get(gen_id).game
    bad = []
    for p in questions:
        found = contradictions(p, profile, game)
        found += [f"the raw rule id {r} in a learner's text" for r in raw_rule_ids(p)]
        if found:
            bad.append(f"{p['id']} ({where}): {found}\n  prompt: {p['prompt']}\n  "
                       f"solution: {p['solution']}")
    assert not bad, f"{len(bad)} of {len(questions)} questions contradict their case:\n" + (
        "\n".join(bad[:5]))


def test_every_generator_is_converted_or_listed_as_not_yet() -> None:
    registered = {g.id for g in all_generators()}
    assert set(NOT_CONVERTED) <= registered, set(NOT_CONVERTED) - registered
    assert len(NOT_CONVERTED) == len(set(NOT_CONVERTED))
    for gid in CONVERTED:
        assert get(gid).game in GAMES, f"{gid} is converted, but its game has no GameCheck"


def test_one_name_one_record_and_one_renderer() -> None:
    # a record two games need is shared (NextSeat), never defined twice under one name
    records = get_args(reasons.Step)
    assert len({r.__name__ for r in records}) == len(records)
    assert all(getattr(reasons, r.__name__) is r for r in records)
    tables = (working_table.RENDER, working_pontoon.RENDER, working_dealer.RENDER,
              working_casino.CASINO_RENDER)
    claimed = [record for table in tables for record in table]
    assert len(claimed) == len(set(claimed)) and set(claimed) <= set(records)


def test_a_generator_listed_as_not_converted_makes_no_reason_yet() -> None:
    # once it makes reasons it is converted: take it off the list, so that it is checked
    for gen_id in NOT_CONVERTED:
        assert all(json.loads(worker.make(gen_id, f"nr.{i}"))["reason"] is None
                   for i in range(5)), gen_id


def test_every_generator_gives_its_reason() -> None:
    # every question of a converted generator carries the engine's reason for its case
    for gen_id in CONVERTED:
        assert json.loads(worker.make(gen_id, "r.0"))["reason"] is not None, gen_id


@BOOK
@pytest.mark.parametrize("gen_id", CONVERTED)
def test_reasons_of_every_bank_question_agree_with_the_case(gen_id: str) -> None:
    banks = banks_of(gen_id)
    assert banks, f"{gen_id} has no bank"
    for profile, questions in banks:
        check_all(gen_id, list(questions), profile, f"bank under {profile_key(profile)}")


def other_profiles(gen_id: str) -> list[Profile]:
    """The game's other shipped profiles than the generator's own, and a house-rules
    profile of its own (for Shoot Pontoon, those with a kitty; the casino tie bet, the
    casino tables)."""
    gen = get(gen_id)
    default = load_rules(gen.profile)
    others = [load_rules(n) for n in shipped_profiles()]
    others = [p for p in others if p.game == gen.game and profile_key(p) != profile_key(default)]
    if gen.game == "banco" and default.table == "casino":
        others.append(default.replace(tie_pays=9, commission_percent=4, name="Our table"))
        others = [p for p in others if p.table == "casino"]
    if gen.game == "palace":
        others.append(default.replace(small_bet=4, big_bet=12, max_raises=2, name="Our table"))
    if gen.game == "pontoon":  # Shoot Pontoon's questions need a kitty, the others none
        others = [p for p in others if p.shoot == default.shoot]
        others.append(default.replace(min_stake=5, max_stake=50, min_stick=16, split="aces",
                                      split_pontoon=False, no_fifth_buy_on_11=True, packs=2,
                                      name="Our table"))
    return others


#: questions a generator's worker makes under each other profile: in the suite, enough to
#: meet every profile's own rules; in `make slow`, four times as many
OTHER_COUNT = 10
OTHER_COUNT_SLOW = 40


@pytest.mark.parametrize("gen_id", CONVERTED)
def test_reasons_of_worker_made_questions_agree_with_the_case(gen_id: str) -> None:
    gen = get(gen_id)
    check_all(gen_id, worker_made(gen_id, None, WORKER_COUNT), load_rules(gen.profile), "worker")
    # and under the game's other shipped profiles and a house-rules profile of its own
    for profile in other_profiles(gen_id):
        check_all(gen_id, worker_made(gen_id, profile, OTHER_COUNT), profile,
                  f"worker under {profile_key(profile)}")


@pytest.mark.slow
@pytest.mark.parametrize("gen_id", CONVERTED)
def test_reasons_of_many_worker_made_questions_under_every_other_profile(gen_id: str) -> None:
    for profile in other_profiles(gen_id):
        # past the suite's questions: other shuffles
        questions = worker_made(gen_id, profile, OTHER_COUNT_SLOW, "reasons-slow")
        check_all(gen_id, questions, profile, f"worker under {profile_key(profile)}")


@BOOK
@pytest.mark.parametrize("gen_id", CONVERTED)
def test_no_bank_has_one_answer_for_most_questions(gen_id: str) -> None:
    gen = get(gen_id)
    if gen.kind.value not in ("yes/no", "multiple choice"):
        return
    for profile, questions in banks_of(gen_id):
        texts = Counter(p["answer_text"] for p in questions)
        places = Counter(tuple(p["correct"]) for p in questions)
        for what, counts in (("answer", texts), ("place of the answer", places)):
            top, n = counts.most_common(1)[0]
            assert n <= MOST_ONE_ANSWER * len(questions), (
                f"{gen_id} under {profile_key(profile)}: the {what} {top!r} for {n} of "
                f"{len(questions)} questions")


@BOOK
@pytest.mark.parametrize("gen_id", CONVERTED)
def test_explanations_vary_with_the_case(gen_id: str) -> None:
    game = GAMES[get(gen_id).game]
    for _profile, questions in banks_of(gen_id):
        cases = {game.case_key(p) for p in questions}
        explanations = {p["explanation"] for p in questions}
        assert len(explanations) >= 0.9 * len(cases), (
            f"{gen_id}: {len(explanations)} explanations for {len(cases)} different cases")


@BOOK
@pytest.mark.parametrize("gen_id", CONVERTED)
def test_every_question_has_a_hint_and_a_worked_solution_that_agree(gen_id: str) -> None:
    for _profile, questions in banks_of(gen_id):
        for p in questions:
            assert p["hint"].strip() and p["solution"], p["id"]
            assert p["explanation"] == " ".join(p["solution"]), p["id"]
            assert p["hint"] not in p["solution"][-1:], (p["id"], p["hint"])
            labels = {r["label"] for r in p["rows"]}
            answer = p["answer_text"]
            if p["kind"] == "numeric":
                assert f"worth {answer}." not in p["hint"] and f"= {answer}" not in p["hint"]
            elif answer in p["hint"]:  # it gives nothing away only if the case shows it
                assert answer in p["prompt"] or answer in labels, (p["id"], p["hint"])


@pytest.mark.parametrize("gen_id", [g.id for g in all_generators()])
def test_every_question_of_every_generator_has_a_hint_a_solution_and_no_raw_rule_id(
        gen_id: str) -> None:
    for p in worker_made(gen_id, None, 10, "hs"):
        assert p["hint"].strip() and p["solution"] and all(s.strip() for s in p["solution"])
        assert p["rule_titles"] and len(p["rule_titles"]) == len(p["rule_ids"])
        assert not raw_rule_ids(p), (p["id"], raw_rule_ids(p))


# -- the checker finds what it is there to find ---------------------------------------------------
def first(gen_id: str, where: Any = lambda p: True) -> dict[str, Any]:
    """A fresh copy of the first question of a generator's default bank that ``where`` likes."""
    _profile, questions = banks_of(gen_id)[0]
    return json.loads(json.dumps(next(p for p in questions if where(p))))


def step_of(p: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(s for s in p["reason"]["steps"] if s["type"] == kind)


PB = load_rules("punto-banco")


@BOOK
def test_the_checker_finds_a_wrong_card_value_and_a_wrong_sum() -> None:
    p = first("banco.hand-value.total", lambda p: any(
        c[:-1] in ("J", "Q", "K", "10") for c in p["rows"][0]["cards"]))
    assert contradictions(p, PB, "banco") == []
    s = step_of(p, "Sum")
    court = next(v for v in s["values"] if v["value"] == 0)
    court["value"] = 10  # "court cards and tens count 10"
    found = contradictions(p, PB, "banco")
    assert any(f"{court['card']} counts 0, not 10" in f for f in found), found
    assert any("is not" in f and "+" in f for f in found), found


@BOOK
def test_the_checker_finds_a_kind_of_card_the_case_does_not_hold() -> None:
    p = first("banco.hand-value.total", lambda p: not any(
        c[:-1] in ("J", "Q", "K", "10") for c in p["rows"][0]["cards"]))
    p["explanation"] = "Court cards and tens count 10, the others their pips."
    found = contradictions(p, PB, "banco")
    assert any("'Court cards' is named" in f for f in found), found
    assert any("'tens' is named" in f for f in found), found


@BOOK
def test_the_checker_finds_a_raw_rule_id_and_a_sum_not_shown() -> None:
    p = first("banco.hand-value.total")
    p["solution"] = ["Only the last digit counts (see rule banco.hand-value)."]
    assert raw_rule_ids(p) == ["banco.hand-value"]
    assert any("is not shown in the solution" in f for f in contradictions(p, PB, "banco"))


@BOOK
def test_the_checker_finds_a_wrong_tableau_row_and_a_wrong_decision() -> None:
    p = first("banco.third-card.decide", lambda p: any(
        s["type"] == "TableRow" and s["row"] == 5 for s in p["reason"]["steps"]))
    assert contradictions(p, PB, "banco") == []
    row = step_of(p, "TableRow")
    row["acts_on"] = [3, 4, 5, 6, 7]
    row["acts"] = not row["acts"]
    found = contradictions(p, PB, "banco")
    assert any("row 5 of the tableau" in f for f in found), found
    assert any("the reason concludes" in f for f in found), found


@BOOK
def test_the_checker_finds_odds_that_are_not_the_profiles() -> None:
    p = first("banco.payouts.net", lambda p: step_of(p, "Payout")["pays_option"] == "tie_pays")
    assert contradictions(p, PB, "banco") == []
    nine = PB.replace(tie_pays=9)
    assert any("the bet pays 8 to 1, not 9" in f for f in contradictions(p, nine, "banco"))


@BOOK
def test_the_checker_finds_a_wrong_player_rule_and_a_wrong_bank() -> None:
    p = first("banco.player-draw.decide")
    step_of(p, "Threshold")["value"] += 1
    assert any("has a total of" in f for f in contradictions(p, PB, "banco"))
    social = load_rules("banco")
    q = first("banco.first-bank.who")
    assert contradictions(q, social, "banco") == []
    step_of(q, "Rotation")["holders"][0] = step_of(q, "Rotation")["seats"][0]
    assert any("the first bank is" in f for f in contradictions(q, social, "banco"))


@BOOK
def test_the_checker_finds_a_wrong_deal_and_a_wrong_poker_hand() -> None:
    p = first("banco.deal.order")
    deal = step_of(p, "Deal")
    deal["to"] = ["Banker", "Player", "Banker", "Player"]
    assert any("the first card goes to Banker" in f for f in contradictions(p, PB, "banco"))
    poker = load_rules("poker")
    h = first("poker.rank.name", lambda p: step_of(p, "PokerHand")["category"] == "flush")
    assert contradictions(h, poker, "poker") == []
    step_of(h, "PokerHand")["category"] = "straight flush"
    assert any("make ('flush'" in f for f in contradictions(h, poker, "poker"))
    w = first("poker.rank.which-wins", lambda p: step_of(p, "HandOrder")["winner"] is not None)
    order = step_of(w, "HandOrder")
    order["winner"] = order["right"] if order["winner"] == order["left"] else order["left"]
    assert any("is not won by" in f for f in contradictions(w, poker, "poker"))
