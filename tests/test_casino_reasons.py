"""Casino's reasons: the checker's Casino (:mod:`tests.casino_check`) finds each kind of
wrong fact, and the texts the issue named read right now: no rule id or shorthand sum in
any text, the grammar of one card and of several, the house rules of the table in every
question about trailing and scoring, the first rule of each question the rule it asks, and
answers and shapes that vary.  (Every bank question and 200 Practice questions per
generator, under every profile, are checked in tests/test_reasons.py.)"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from cardrules.casino import load_casino
from cardrules.profiles import Profile
from quizzes.model.question import question_payload
from quizzes.model.registry import all_generators, get, make_with_key
from tests.reason_check import contradictions, learner_texts

CASINO = load_casino("casino")
ROYAL = load_casino("royal-casino")
TRAILS = load_casino("casino-owner-trails")
SWEEPS = load_casino("casino-sweeps")
TO_11 = load_casino("casino-11")


def payloads(gen_id: str, profile: Profile, count: int = 60) -> list[dict[str, Any]]:
    """Questions of a generator under a profile, as payloads (fresh copies)."""
    gen = get(gen_id)
    return [json.loads(json.dumps(question_payload(make_with_key(gen, f"t.{i}", profile))))
            for i in range(count)]


def one(gen_id: str, profile: Profile, where: Callable[[dict[str, Any]], bool] = lambda p: True
        ) -> dict[str, Any]:
    return next(p for p in payloads(gen_id, profile) if where(p))


def step(p: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(s for s in p["reason"]["steps"] if s["type"] == kind)


def found(p: dict[str, Any], profile: Profile, text: str) -> bool:
    return any(text in f for f in contradictions(p, profile, "casino"))


# -- the checker finds what it is there to find ---------------------------------------------------
def test_the_checker_finds_a_wrong_set_and_a_capture_that_is_not_the_largest() -> None:
    p = one("casino.capture.numeral.pick", CASINO, lambda p: any(
        len(s["values"]) > 1 for s in step(p, "Takes")["sets"]) and step(p, "Takes")["left"])
    assert contradictions(p, CASINO, "casino") == []
    takes = step(p, "Takes")
    s = next(s for s in takes["sets"] if len(s["values"]) > 1)
    s["values"][0]["value"] += 1
    assert found(p, CASINO, "is not") and found(p, CASINO, "in a set, not")
    q = one("casino.capture.numeral.pick", CASINO, lambda p: len(step(p, "Takes")["sets"]) > 1)
    takes = step(q, "Takes")
    dropped = takes["sets"].pop()
    takes["left"] += [v["card"] for v in dropped["values"]]
    assert found(q, CASINO, "could be taken")


def test_the_checker_finds_royal_values_at_a_base_table_and_base_values_at_a_royal_one() -> None:
    p = one("casino.capture.numeral.pick", ROYAL, lambda p: any(
        v["card"][:-1] in "JQK" for s in step(p, "Takes")["sets"] for v in s["values"]))
    assert contradictions(p, ROYAL, "casino") == []
    assert found(p, CASINO, "in a set, not") or found(p, CASINO, "not the table's")
    ace = one("casino.royal.ace-pick", CASINO)  # a Royal Casino question says so, anywhere
    assert ace["prompt"].startswith("Royal Casino") and contradictions(ace, CASINO, "casino") == []


def test_the_checker_finds_cards_kept_that_are_not_and_a_build_over_the_limit() -> None:
    p = one("casino.build.add.may", CASINO, lambda p: p["answer_text"] == "No" and any(
        s["type"] == "Keeps" for s in p["reason"]["steps"]))
    assert contradictions(p, CASINO, "casino") == []
    keeps = step(p, "Keeps")
    keeps["holds"] = True
    assert found(p, CASINO, "keeping a card for each")
    a = one("casino.build.announce", CASINO, lambda p: any(
        s["type"] == "Makes" and s["value"] > 10 for s in p["reason"]["steps"]))
    assert contradictions(a, CASINO, "casino") == []
    assert found(a, ROYAL, "a build is worth at most 14")  # the limit is the table's


def test_the_checker_finds_an_owners_trail_that_is_not_the_tables() -> None:
    p = one("casino.trail.may", CASINO, lambda p: step(p, "Owns")["builds"] != [])
    assert contradictions(p, CASINO, "casino") == []
    assert found(p, TRAILS, "not the profile's owner_may_trail")
    assert found(p, TRAILS, "does not state the table's rule")
    q = one("casino.trail.may", TRAILS, lambda p: step(p, "Owns")["builds"] != [])
    assert "House rule at this table: a build's owner may trail." in q["prompt"]
    assert contradictions(q, TRAILS, "casino") == []


def test_the_checker_finds_a_score_that_ignores_the_tables_sweeps() -> None:
    p = one("casino.score.round", SWEEPS, lambda p: any(
        x["item"] == "sweeps" for x in step(p, "Tally")["items"]))
    assert contradictions(p, SWEEPS, "casino") == []
    tally = step(p, "Tally")
    tally["items"] = [x for x in tally["items"] if x["item"] != "sweeps"]
    assert found(p, SWEEPS, "North scores")
    plain = one("casino.score.round", CASINO)
    assert "sweep" not in " ".join(learner_texts(plain)).lower()
    assert found(plain, SWEEPS, "the sweeps made are not in the prompt")


def test_the_checker_finds_a_wrong_count_out_a_wrong_target_and_a_wrong_winner() -> None:
    p = one("casino.royal.count-out.who", ROYAL)
    assert contradictions(p, ROYAL, "casino") == []
    co = step(p, "CountOut")
    co["items"][0], co["items"][-1] = co["items"][-1], co["items"][0]
    assert found(p, ROYAL, "the count-out order is")
    g = one("casino.game.winner", CASINO, lambda p: step(p, "GameEnd")["winner"] is not None)
    assert contradictions(g, CASINO, "casino") == []
    assert found(g, TO_11, "is not the profile's target")
    end = step(g, "GameEnd")
    end["winner"] = next(s for s in end["sides"] if s != end["winner"])
    assert found(g, CASINO, "the game goes to")


def test_the_checker_finds_a_wrong_deal_a_wrong_seat_and_a_wrong_residue() -> None:
    d = one("casino.deal.count", CASINO)
    step(d, "Deals")["deals"] += 1
    assert found(d, CASINO, "deals, not")
    t = one("casino.turn.first", CASINO)
    seat = step(t, "NextSeat")
    seat["next"] = seat["after"]
    assert found(t, CASINO, "the seat after")
    r = one("casino.residue.who", CASINO)
    step(r, "Residue")["cards"].pop()
    assert found(r, CASINO, "the cards left are not the row's")


def test_the_checker_finds_a_sweep_that_is_not_one() -> None:
    p = one("casino.sweep.is", ROYAL, lambda p: p["answer_text"] == "No")
    assert contradictions(p, ROYAL, "casino") == []
    sweep = step(p, "Sweep")
    sweep["holds"], sweep["left"] = True, []
    assert found(p, ROYAL, "the capture leaves")


# -- the texts the issue named ------------------------------------------------------------------------
GENERATORS = ["casino.capture.numeral.pick", "casino.capture.face.pick", "casino.build.announce",
              "casino.build.capture.take", "casino.build.add.may", "casino.build.increase.may",
              "casino.trail.may", "casino.build.owner.play", "casino.sweep.is",
              "casino.royal.ace-pick", "casino.royal.court-pick", "casino.score.round"]


def test_no_text_holds_a_rule_id_a_shorthand_sum_or_one_card_that_add_up() -> None:
    for gid in GENERATORS:
        for profile in (CASINO, ROYAL):
            for p in payloads(gid, profile, 30):
                text = " ".join(learner_texts(p))
                assert "[rule" not in text and "(see rule" not in text, (gid, text)
                assert not re.search(r"\b\d+A\b", text), (gid, text)  # "8 + 7A + 62"
                for m in re.finditer(r"\d+(?: \+ \d+)+", text):  # every sum is worked out
                    assert text[m.end():].startswith(" = "), (gid, text[m.start():][:40])
                # one card "stays", several "stay"; one card never "add up"
                assert not re.search(r"(?:^|[.:;] )\S+[♣♦♥♠] (?:stay|add up)\b", text), (gid, text)
                assert not re.search(r"[♣♦♥♠] and \S+[♣♦♥♠] stays\b", text), (gid, text)


def test_an_increase_may_as_often_as_not_and_is_refused_for_each_reason() -> None:
    ps = payloads("casino.build.increase.may", CASINO, 120)
    answers = Counter(p["answer_text"] for p in ps)
    assert max(answers.values()) <= 0.75 * len(ps), answers
    refusals = {p["solution"][-1].split(":")[0].split(" makes ")[0][:12] for p in ps
                if p["answer_text"] == "No"}
    texts = " ".join(p["explanation"] for p in ps if p["answer_text"] == "No")
    for why in ("is a multiple build", "no card captures more than", "cannot join it",
                "no card of"):
        assert why in texts, why
    assert len(refusals) > 3


def test_the_owners_duties_are_asked_of_every_kind_of_play_with_both_answers() -> None:
    for profile in (CASINO, TRAILS):
        ps = payloads("casino.build.owner.play", profile, 120)
        shapes: dict[str, Counter[str]] = {}
        for p in ps:
            play = re.search(r"May you (play \S+ to capture|play \S+ onto|trail)", p["prompt"])
            assert play, p["prompt"]
            kind = play.group(1).split(" ")[-1]
            shapes.setdefault(kind, Counter())[p["answer_text"]] += 1
        assert set(shapes) == {"capture", "onto", "trail"}, shapes
        for kind in ("capture", "onto"):
            assert set(shapes[kind]) == {"Yes", "No"}, (kind, shapes)
        assert set(shapes["trail"]) == ({"No"} if profile is CASINO else {"Yes", "No"}), shapes
        answers = Counter(p["answer_text"] for p in ps)
        assert max(answers.values()) <= 0.75 * len(ps), answers
        runs = [ps[i:i + 4] for i in range(0, len(ps), 4)]
        assert sum(len({p["answer_text"] for p in run}) == 1 for run in runs) < len(runs) / 3


def test_each_question_names_first_the_rule_it_asks() -> None:
    ps = payloads("casino.build.announce", CASINO, 120)
    for p in ps:
        steps = p["reason"]["steps"]
        total = steps[0]["value"]
        legal = [s["needs"][0] for s in steps if s["type"] == "Keeps" and s["holds"]]
        asks = "casino.build.multiple" if legal and legal[0] != total else "casino.build"
        assert p["rule_ids"][0] == asks == p["reason"]["rule"], (p["prompt"], p["rule_ids"])
    assert {p["rule_ids"][0] for p in ps} == {"casino.build", "casino.build.multiple"}
    trails = payloads("casino.trail.may", CASINO, 40)
    for p in trails:
        owner = "You made the build" in p["prompt"]
        assert p["rule_ids"][0] == ("casino.build.owner" if owner else "casino.trail")


def test_trailing_and_scoring_follow_the_tables_rules() -> None:
    # the owner may trail any card but the one that captures the build, at that table alone
    for p in payloads("casino.trail.may", TRAILS, 60):
        owns = step(p, "Owns")
        if owns["builds"]:
            keeps = p["reason"]["steps"][-1]
            assert keeps["type"] == "Keeps" and (p["answer_text"] == "Yes") == keeps["holds"]
    assert {p["answer_text"] for p in payloads("casino.trail.may", CASINO, 60)
            if "You made the build" in p["prompt"]} == {"No"}
    # sweeps count where the table scores them; the target is the table's
    made = [p for p in payloads("casino.score.round", SWEEPS, 40)
            if re.search(r"North [1-9]", p["prompt"].split("sweeps made:")[1])]
    assert made and all(any(x["item"] == "sweeps" for x in step(p, "Tally")["items"])
                        for p in made)
    for p in payloads("casino.royal.count-out.who", TO_11, 10):
        assert "The game is to 11." in p["prompt"] and step(p, "CountOut")["target"] == 11
    for p in payloads("casino.sweep.is", CASINO, 20):
        assert step(p, "Sweep")["scores"] is False
        assert "Sweeps score nothing at this table" in p["prompt"]


def test_reasons_agree_with_a_house_table_of_its_own() -> None:
    # options no shipped profile sets together: the owner trails at a sweeps table to 11, and
    # Royal Casino's values without sweeps or the count-out
    house = CASINO.replace(sweeps=True, owner_may_trail=True, target=11, name="Our table")
    plain_royal = ROYAL.replace(sweeps=False, count_out=False, name="Our royal table")
    for gen in [g for g in all_generators() if g.game == "casino"]:
        for profile in (house, plain_royal):
            for p in payloads(gen.id, profile, 20):
                assert contradictions(p, profile, "casino") == [], (gen.id, p["prompt"])
