"""The book's question banks: quiz text, distinct questions, exact counts, and the bank
files of the built site checked question by question against the engine."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cardrules.catalog import rule as catalog_rule
from cardrules.profiles import load_rules, rules_from_text, shipped_profiles
from quizzes.model.banks import (
    BANK_SIZE,
    bank_file_name,
    bank_questions,
    is_shipped,
    profile_key,
    profile_toml,
    quiz_attributes,
    source_digest,
    write_banks,
)
from quizzes.model.question import Kind, question_payload, seen_key
from quizzes.model.registry import BankTooSmall, all_generators, bank, get, make, make_with_key
from quizzes.pages.parts import quiz_block
from quizzes.static.html import render_bank
from tests.conftest import ROOT
from tests.support import load_file, page_payloads

#: these tests read the question banks through the bank cache the book's build fills
pytestmark = pytest.mark.book

GENERATORS = [g.id for g in all_generators()]
HOUSE = ROOT / "examples" / "our-house-rules.toml"
CACHE = ROOT / "book" / "_build" / ".cardbanks"


# -- answers as the renderer sends them (shared with tests/test_worker_py.py) --------------------
def right_response(p: dict[str, Any]) -> dict[str, Any]:
    """A right answer to a payload, in the worker's response form."""
    if p["kind"] in (Kind.MULTIPLE_CHOICE.value, Kind.YES_NO.value):
        return {"choices": p["correct"]}
    if p["kind"] == Kind.NUMERIC.value:
        return {"value": p["low"]}
    return {"cards": p["accepted"][0]}


def wrong_response(p: dict[str, Any]) -> dict[str, Any]:
    """A wrong answer to a payload, in the worker's response form."""
    if p["kind"] in (Kind.MULTIPLE_CHOICE.value, Kind.YES_NO.value):
        others = [i for i in range(len(p["choices"])) if i not in p["correct"]]
        return {"choices": [others[0]] if others else p["correct"][:-1]}
    if p["kind"] == Kind.NUMERIC.value:
        return {"value": str(Fraction(p["high"]) + 1)}
    n = len(p["rows"][p["pick_row"]]["cards"])
    accepted = [sorted(a) for a in p["accepted"]]
    for guess in ([], list(range(n)), *([i] for i in range(n))):
        if sorted(guess) not in accepted:
            return {"cards": guess}
    raise AssertionError(f"every set of cards is right in {p['id']}")


def _response(r: dict[str, Any]) -> Any:
    return next(iter(r.values()))


# -- quiz text: the rule cited once ----------------------------------------------------------
@pytest.mark.parametrize("gen_id", GENERATORS)
def test_verdicts_cite_the_rule_once(gen_id: str) -> None:
    for seed in range(12):
        p = question_payload(make(gen_id, seed))
        cite = "(Rule" + ("s" if len(p["rule_ids"]) > 1 else "") + ": " + "; ".join(
            p["rule_titles"]) + ")"
        assert p["rule_titles"] == [catalog_rule(r).title for r in p["rule_ids"]]
        for verdict in (p["right"], p["wrong"]):
            assert verdict.count("(Rule") == 1 and verdict.endswith(cite), verdict
            assert "[rule " not in verdict, verdict
            for rid in p["rule_ids"]:  # by title, never by the raw id
                assert not re.search(rf"\b{re.escape(rid)}\b", verdict), (rid, verdict)
        assert "[rule " not in p["explanation"] and "(Rule" not in p["explanation"]


def test_casino_capture_verdict_reads_once() -> None:
    # a capture is explained from its reason, with no citation; the verdict cites the rule
    # once, by its title
    q = make("casino.capture.numeral.pick", 0)
    message = q.check(sorted(q.accepted[0])).message
    title = catalog_rule("casino.capture.numeral").title
    assert message.count(title) == 1 and message.startswith("Right.")
    assert "casino.capture.numeral" not in message
    royal = make("casino.royal.court-pick", 0)
    verdict = royal.check(sorted(royal.accepted[0])).message
    assert verdict.count(catalog_rule("casino.royal").title) == 1
    assert "[rule " not in royal.explanation and "casino.royal" not in verdict


# -- banks: no question twice, the count asked is the count shown ------------------------------
def test_bank_never_holds_a_question_twice() -> None:
    # Pontoon "How much may she add?": 7.0 and 7.4 differ only in face-down cards
    assert seen_key(make("pontoon.buy.range", "7.0")) == seen_key(make("pontoon.buy.range", "7.4"))
    qs = bank("pontoon.buy.range", count=8, seed=7)
    assert len({seen_key(q) for q in qs}) == 8
    assert "7.4" not in [q.seed for q in qs]


@pytest.mark.parametrize("gen_id", GENERATORS)
def test_bank_gives_the_count_asked_for(gen_id: str) -> None:
    qs = bank(gen_id, count=3, seed=11)
    assert len(qs) == 3 and len({seen_key(q) for q in qs}) == 3


def test_bank_asking_for_more_than_exist_says_how_many_exist() -> None:
    assert len(bank("casino.deal.count", count=3, seed=1)) == 3
    with pytest.raises(BankTooSmall, match="asks for 4 questions, but only 3 different ones"):
        bank("casino.deal.count", count=4, seed=1)
    with pytest.raises(ValueError, match="ask for at most 3"):
        quiz_block(["casino.deal.count"], {"count": "4"})


def test_quiz_shows_the_count_asked_for() -> None:
    html = quiz_block(["pontoon.buy.range"], {"count": "8", "seed": "7"})
    assert "8 questions" in html and html.count('class="cr-q"') == 8


# -- profiles ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", shipped_profiles())
def test_profile_toml_round_trips_and_shipped_keys_are_names(name: str) -> None:
    p = load_rules(name)
    assert rules_from_text(profile_toml(p)) == p
    key = profile_key(p)
    assert is_shipped(key) and load_rules(key) == p


def test_house_rules_get_a_custom_key_and_travel_with_the_quiz() -> None:
    house = load_rules(HOUSE)
    key = profile_key(house)
    assert re.fullmatch(r"custom-[0-9a-f]{10}", key)
    attrs = quiz_attributes(["pontoon.stick.may"], house)
    assert attrs["profile"] == key and rules_from_text(attrs["profile_toml"]) == house
    html = render_bank(bank("pontoon.stick.may", count=2, profile=house), "Stick", **attrs)
    assert f'data-cr-profile="{key}"' in html and 'class="cr-profile-toml"' in html
    payloads = page_payloads(html)
    assert len(payloads) == 2 and all(p["profile"] == key for p in payloads)


# -- bank files ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def banks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bank files, written as the book writes them (the build's cache makes it quick)."""
    out = tmp_path_factory.mktemp("banks")
    write_banks(out, [("pontoon.stick.may", load_rules(HOUSE)),
                      ("pontoon.buy.may", load_rules(HOUSE))], cache_dir=CACHE, jobs=2)
    return out


def test_bank_files_are_named_after_their_generators(banks: Path) -> None:
    names = {f.name for f in banks.glob("*.json")}
    key = profile_key(load_rules(HOUSE))
    variations = {bank_file_name(g.id, name) for g in all_generators() for _, name in g.variations}
    assert variations >= {"pontoon.stick.may@pontoon-stick-16.json",
                          "pontoon.split.may@pontoon-aces-split.json"}
    assert names == {"index.json", *(bank_file_name(g) for g in GENERATORS), *variations,
                     bank_file_name("pontoon.stick.may", key), bank_file_name("pontoon.buy.may", key)}


def test_bank_index_lists_every_file_and_profile(banks: Path) -> None:
    index = json.loads((banks / "index.json").read_text())
    assert index["version"] == 1
    files = {e["file"] for e in index["generators"]}
    assert files == {f.name for f in banks.glob("*.json")} - {"index.json"}
    for entry in index["generators"]:
        g = get(entry["id"])
        assert (entry["rules"], entry["kind"], entry["title"], entry["game"]) == (
            list(g.rule_ids), g.kind.value, g.title, g.game)
        data = json.loads((banks / entry["file"]).read_text())
        assert data["generator"] == g.id and data["profile"] == entry["profile"]
        assert entry["profile"] in index["profiles"]
        asked = {q["asks"] for q in data["questions"]}
        assert set(entry["asks"]) == asked and asked <= set(g.rule_ids), entry["file"]
        assert entry.get("variation", []) == [r for r, p in g.variations if p == entry["profile"]]
    for key, prof in index["profiles"].items():
        p = rules_from_text(prof["toml"])
        assert profile_key(p) == key and prof["game"] == p.game


@pytest.mark.parametrize("gen_id", GENERATORS)
def test_bank_file_answers_are_the_engines(banks: Path, gen_id: str) -> None:
    data = json.loads((banks / bank_file_name(gen_id)).read_text())
    profile = load_rules(get(gen_id).profile)
    assert data["profile"] == profile_key(profile)
    questions = data["questions"]
    assert len({json.dumps([p["kind"], p["prompt"], p["rows"], p["choices"]]) for p in questions}
               ) <= len(questions)
    seen = set()
    for p in questions:
        q = make_with_key(get(gen_id), p["seed"], profile)
        assert question_payload(q) == p, p["id"]
        assert q.check(_response(right_response(p))).correct, p["id"]
        assert not q.check(_response(wrong_response(p))).correct, p["id"]
        seen.add(seen_key(q))
    assert len(seen) == len(questions)
    if len(questions) < BANK_SIZE:
        # The generator cannot make more: 300 draws from other seeds bring nothing new.
        others = {seen_key(make(gen_id, f"other.{n}")) for n in range(300)}
        assert others <= seen, f"{gen_id}: the bank missed questions the generator makes"


def test_most_banks_hold_200_questions(banks: Path) -> None:
    sizes = {g: len(json.loads((banks / bank_file_name(g)).read_text())["questions"])
             for g in GENERATORS}
    assert sum(n >= BANK_SIZE for n in sizes.values()) >= 0.8 * len(sizes), sizes
    assert all(n >= 3 for n in sizes.values()), sizes


def test_a_house_rules_bank_asks_under_the_house_rules(banks: Path) -> None:
    house = load_rules(HOUSE)
    data = json.loads((banks / bank_file_name("pontoon.stick.may", profile_key(house))).read_text())
    assert len(data["questions"]) >= BANK_SIZE
    assert all("16 or more" in p["prompt"] for p in data["questions"])
    for p in data["questions"][:40]:
        assert question_payload(make("pontoon.stick.may", p["seed"], house)) == p


#: The rules no question asks yet, each only touched by the questions of the generators named:
#: a question asks the first of its rule ids, and these generators put another rule first
#: in every question, even one that asks about this rule.  They must name the rule each
#: question asks first (quizzes/generators/), and this set then shrinks to nothing.
NOT_ASKED_YET = {
    # the deal's order (insurance first, then the dealer's check) is touched by the insurance
    # question, which asks how much may be insured: no question asks the order of the deal yet
    "casino-pontoon.deal": "casino-pontoon.insurance.most",
}


def test_practice_asks_about_every_rule_of_the_catalog(banks: Path) -> None:
    """Practice (without house rules) draws each generator's own bank, and a variation's
    bank for the variation alone: together their questions ask about every rule (but
    :data:`NOT_ASKED_YET`), so no rule waits for a question that cannot come (stick on 16
    is asked at a 16 table).  A rule a question merely touches is not asked."""
    from cardrules.catalog import all_rules

    index = json.loads((banks / "index.json").read_text())
    asked: dict[str, set[str]] = {}
    touched: dict[str, set[str]] = {}
    for entry in index["generators"]:
        own = "@" not in entry["file"]
        about = set(entry["rules"] if own else entry.get("variation", []))
        for rule in about & set(entry["asks"]):
            asked.setdefault(rule, set()).add(entry["profile"])
        for rule in about:
            touched.setdefault(rule, set()).add(entry["id"])
    assert {r.id for r in all_rules()} - set(asked) == set(NOT_ASKED_YET)
    for rule, generators in NOT_ASKED_YET.items():
        assert set(generators.split(", ")) <= touched[rule], rule
    assert asked["pontoon.stick.sixteen"] == {"pontoon-stick-16"}
    assert asked["pontoon.buy.fifth-card"] == {"pontoon-no-fifth-buy-11"}
    assert asked["pontoon.split.aces-only"] == {"pontoon-aces-split"}
    sixteen = json.loads((banks / "pontoon.stick.may@pontoon-stick-16.json").read_text())
    assert all("16 or more" in q["prompt"] for q in sixteen["questions"])


def test_every_bank_question_asks_one_rule_and_is_labelled_by_it(banks: Path) -> None:
    """Over every bank: each question asks one rule, the first it names and one its generator
    declares; the index's ``asks`` are exactly the rules its bank's questions ask, so the
    practice labels and credits a question by that rule alone."""
    index = json.loads((banks / "index.json").read_text())
    for entry in index["generators"]:
        g = get(entry["id"])
        data = json.loads((banks / entry["file"]).read_text())
        for q in data["questions"]:
            assert isinstance(q["asks"], str) and q["asks"] == q["rule_ids"][0], q["id"]
            assert q["asks"] in g.rule_ids, q["id"]
        assert entry["asks"] == list(dict.fromkeys(q["asks"] for q in data["questions"]))
    # the question of the issue: what the last player left takes is asked under "Winning the
    # pot", never under the split among players of one banner suit
    pot = json.loads((banks / bank_file_name("palace.end.pot-split")).read_text())["questions"]
    last = [q for q in pot if "is the last player left" in q["explanation"]]
    assert last and {q["asks"] for q in last} == {"palace.end"}


def test_house_rules_travel_in_the_index_as_their_table_states_them(banks: Path) -> None:
    index = json.loads((banks / "index.json").read_text())
    house = index["profiles"][profile_key(load_rules(HOUSE))]["house"]
    assert set(house) == {"pontoon.stick", "pontoon.stick.sixteen"}
    assert "at least 16 (house rule; the standard game: 15 or more)" in house["pontoon.stick"]
    assert index["profiles"]["pontoon"]["house"] == {}


def test_a_variation_must_be_one_of_the_generators_rules() -> None:
    from quizzes.model.registry import generator

    with pytest.raises(ValueError, match=re.escape("the variation 'pontoon.stick.sixteen' is not one of")):
        generator("demo.only", ["pontoon.stick"], Kind.YES_NO, "Demo", "pontoon",
                  variations={"pontoon.stick.sixteen": "pontoon-stick-16"})


def test_bank_questions_are_reproducible() -> None:
    a = [question_payload(q) for q in bank_questions("banco.natural.spot", size=20)]
    b = [question_payload(q) for q in bank_questions("banco.natural.spot", size=20)]
    assert a == b and [p["seed"] for p in a][:3] == ["bank.0", "bank.1", "bank.2"]


def test_the_cache_is_keyed_by_the_question_sources(tmp_path: Path) -> None:
    for name in ("cardrules", "conf", "quizzes/generators"):
        (tmp_path / name).mkdir(parents=True)
    (tmp_path / "quizzes" / "generators" / "g.py").write_text("x = 1\n")
    before = source_digest(tmp_path)
    (tmp_path / "quizzes" / "table.py").write_text("y = 1\n")  # not a question source
    assert source_digest(tmp_path) == before
    (tmp_path / "quizzes" / "generators" / "g.py").write_text("x = 2\n")
    assert source_digest(tmp_path) != before
    # by default, the project's own sources (a changed engine makes new banks)
    assert source_digest() == source_digest(ROOT) != source_digest(tmp_path / "nothing")


def test_built_book_banks_are_the_ones_made_here(built_book: Path, banks: Path) -> None:
    built = built_book / "_static" / "banks"
    index = json.loads((built / "index.json").read_text())
    for g in GENERATORS:
        assert (built / bank_file_name(g)).read_bytes() == (banks / bank_file_name(g)).read_bytes()
    assert index["rules"]["pontoon.buy.limits"]["page"] == "pontoon.html"
    assert index["rules"]["pontoon.buy.limits"]["anchor"] == "rule-pontoon-buy-limits"
    assert index["chapters"]["pontoon"]["page"] == "pontoon.html"
    house = profile_key(load_rules(HOUSE))
    # the Pontoon lesson's quizzes and its practice link ask under its house rules
    for gid in ("pontoon.stick.may", "pontoon.buy.may"):
        assert (built / bank_file_name(gid, house)).is_file()


def _load_cardbanks() -> Any:
    """The book's Sphinx extension book/_ext/cardbanks.py (not a package)."""
    return load_file("cardbanks", ROOT / "book/_ext/cardbanks.py")


def test_the_book_finds_each_quiz_profile_in_its_pages() -> None:
    from quizzes import teach as lessons
    from quizzes.teach import load_spec

    cardbanks = _load_cardbanks()
    house = load_rules(HOUSE)
    html = (quiz_block(["pontoon.stick.may"], {"count": "2", "profile": str(HOUSE)})
            + quiz_block(["pontoon.buy.may"], {"count": "2", "profile": "pontoon-stick-16"})
            + quiz_block(["banco.natural.spot", "banco.result.winner"], {"count": "2"}))
    found = cardbanks.page_banks(html)
    assert found == [("pontoon.stick.may", house), ("pontoon.buy.may", load_rules("pontoon-stick-16")),
                     ("banco.natural.spot", load_rules("punto-banco")),
                     ("banco.result.winner", load_rules("punto-banco"))]
    lesson = load_spec(ROOT / "examples" / "pontoon-buying-and-twisting.toml")
    page = lessons.lesson_page(lesson, ROOT / "book" / "lessons")
    [(rules, key, carried)] = cardbanks.practice_links(page)
    assert rules == [r.id for r in lesson.rules] and key == profile_key(house) and carried == house
