"""Banks for the LMS: `cardrules lesson export SPEC --format qti|moodle`.

A QTI 2.1 package and a Moodle XML file of a lesson's quizzes: every question with its
answer (marked here from the file alone, as an LMS would, against the engine's own check),
its right and wrong feedback and the worked solution, one pool per quiz, card pictures
embedded with their names; the same seed gives the same bytes; files are written safely.
The QTI player plays the package in tests/test_lms_player.py.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from fractions import Fraction
from html import escape, unescape
from itertools import chain, combinations
from pathlib import Path
from typing import Any

import pytest

from cardrules.cards import parse_cards
from quizzes.model.question import CardRow, Kind, Question, numeric, pick_cards, yes_no
from quizzes.model.registry import all_generators
from quizzes.teach import load_spec
from quizzes.teach.cli import main
from quizzes.teach.export import card_picture, export_lesson, lesson_pools
from quizzes.teach.moodle import category_path, moodle_xml, question_xml
from quizzes.teach.qti import item_xml, qti_package
from quizzes.teach.spec import Lesson
from tests.conftest import ROOT
from tests.lms import CP, QTI, correct_response, moodle_mark, qti_outcomes, zip_files

BANCO = ROOT / "examples" / "punto-banco-in-20-minutes.toml"


def cardrules(*args: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    """The `cardrules` command, as a teacher runs it (this checkout's code, from any
    folder)."""
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    return subprocess.run([sys.executable, "-m", "quizzes.teach.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300, check=False,
                          env=os.environ | {"PYTHONPATH": path} | env)


@pytest.fixture(scope="module")
def banco() -> Lesson:
    return load_spec(BANCO)


@pytest.fixture(scope="module")
def package(banco: Lesson) -> dict[str, bytes]:
    data, _count = qti_package(banco)
    return zip_files(data)


@pytest.fixture(scope="module")
def moodle(banco: Lesson) -> ET.Element:
    data, _count = moodle_xml(banco)
    return ET.fromstring(data)


def items_of(package: dict[str, bytes]) -> dict[str, ET.Element]:
    return {name: ET.fromstring(data) for name, data in package.items()
            if name.startswith("items/") and name.endswith(".xml")}


# -- responses that are right and wrong, by the engine ---------------------------------------

def responses(q: Question) -> Iterator[tuple[Any, bool]]:
    """Responses to a question with the engine's verdict on each: every set of choices (or
    cards) up to a size, or numbers at and around the ends of the range."""
    if q.kind is Kind.NUMERIC:
        assert q.low is not None and q.high is not None
        for x in (q.low, q.high, (q.low + q.high) / 2, q.low - 1, q.high + 1,
                  q.low - Fraction(1, 100), q.high + Fraction(1, 100)):
            yield x, q.is_correct(x)
        return
    n = len(q.choices) if q.kind is not Kind.PICK_CARDS else len(q.rows[q.pick_row].cards)
    sizes = range(0, min(n, 5) + 1)
    for picked in chain.from_iterable(combinations(range(n), k) for k in sizes):
        yield frozenset(picked), q.is_correct(list(picked))


def qti_response(q: Question, response: Any) -> Any:
    if q.kind is Kind.NUMERIC:
        return response
    prefix = "K" if q.kind is Kind.PICK_CARDS else "C"
    ids = frozenset(f"{prefix}{i + 1}" for i in response)
    if not ids:
        return None
    single = q.kind is not Kind.PICK_CARDS and len(q.correct) == 1
    return next(iter(ids)) if single and len(ids) == 1 else ids


def check_qti_item(item: ET.Element, q: Question) -> None:
    """The item marks every response as the engine does, says the engine's verdicts, and
    declares a right answer."""
    for response, right in responses(q):
        single = q.kind is not Kind.PICK_CARDS and q.kind is not Kind.NUMERIC \
            and len(q.correct) == 1
        if single and len(response) > 1:
            continue  # a single-choice interaction takes one choice
        out = qti_outcomes(item, qti_response(q, response))
        assert out["SCORE"] == (1 if right else 0), (q.id, sorted(response) if isinstance(
            response, frozenset) else response, right, out)
        assert out["FEEDBACK"] == ("correct" if right else "incorrect")
    feedback = {f.get("identifier"): "".join(f.itertext()).strip()
                for f in item.iterfind(f"{QTI}modalFeedback")}
    assert feedback == dict(zip(("correct", "incorrect"), q.verdicts(), strict=True))
    correct = correct_response(item)
    if q.kind is Kind.PICK_CARDS and not any(q.accepted):
        assert correct is None
    else:
        assert correct is not None
        got = qti_outcomes(item, correct)
        assert got["SCORE"] == 1, "the declared correct response scores"


# -- QTI: the package --------------------------------------------------------------------------

def test_the_package_holds_a_manifest_a_test_and_one_item_per_question(
        package: dict[str, bytes], banco: Lesson) -> None:
    pools = lesson_pools(banco)
    names = list(package)
    assert names == sorted(names), "entries in a fixed order"
    assert "imsmanifest.xml" in package and "test.xml" in package
    items = [n for n in names if re.fullmatch(r"items/item-\d+-\d+\.xml", n)]
    assert len(items) == sum(len(p.questions) for p in pools) == 28
    manifest = ET.fromstring(package["imsmanifest.xml"])
    assert manifest.tag == f"{CP}manifest"
    listed = {f.get("href") for f in manifest.iter(f"{CP}file")}
    assert listed == set(package) - {"imsmanifest.xml"}, "every file listed, nothing missing"
    resources = {r.get("identifier"): r for r in manifest.iter(f"{CP}resource")}
    test = resources[f"test-{banco.slug}"]
    assert test.get("type") == "imsqti_test_xmlv2p1" and test.get("href") == "test.xml"
    deps = [d.get("identifierref") for d in test.iter(f"{CP}dependency")]
    assert sorted(deps) == sorted(r for r in resources if r != f"test-{banco.slug}")
    for ident in deps:
        res = resources[ident]
        assert res.get("type") == "imsqti_item_xmlv2p1"
        item = ET.fromstring(package[res.get("href", "")])
        assert item.get("identifier") == ident
        pictures = {f"items/{img.get('src')}" for img in item.iter(f"{QTI}img")}
        assert pictures == {f.get("href") for f in res.iter(f"{CP}file")} - {res.get("href")}


def test_each_quiz_is_a_section_that_draws_one_question(package: dict[str, bytes],
                                                       banco: Lesson) -> None:
    test = ET.fromstring(package["test.xml"])
    sections = test.findall(f"{QTI}testPart/{QTI}assessmentSection")
    pools = lesson_pools(banco)
    assert [s.get("title") for s in sections] == [p.title for p in pools]
    for section, pool in zip(sections, pools, strict=True):
        selection = section.find(f"{QTI}selection")
        assert selection is not None and selection.get("select") == "1"
        refs = section.findall(f"{QTI}assessmentItemRef")
        assert len(refs) == len(pool.questions)
        for ref in refs:
            item = ET.fromstring(package[ref.get("href", "")])
            assert item.get("identifier") == ref.get("identifier")


def test_every_item_marks_as_the_engine_does_with_its_feedback(package: dict[str, bytes],
                                                              banco: Lesson) -> None:
    for pool in lesson_pools(banco):
        for n, q in enumerate(pool.questions, 1):
            item = ET.fromstring(package[f"items/item-{pool.number}-{n}.xml"])
            assert item.get("title") == f"{pool.title} ({n})" and item.get("label") == q.id
            check_qti_item(item, q)


def test_card_pictures_are_in_the_package_with_the_cards_names(package: dict[str, bytes],
                                                              banco: Lesson) -> None:
    q = lesson_pools(banco)[0].questions[0]
    item = ET.fromstring(package["items/item-1-1.xml"])
    imgs = list(item.iter(f"{QTI}img"))
    cards = q.rows[0].cards
    assert [i.get("alt") for i in imgs] == [c.name for c in cards]
    for img, card in zip(imgs, cards, strict=True):
        data = package[f"items/{img.get('src')}"]
        assert data == card_picture(card).svg
        svg = ET.fromstring(data)
        assert svg.tag == "{http://www.w3.org/2000/svg}svg"
        assert svg.findtext("{http://www.w3.org/2000/svg}title") == card.name


# -- the kinds of question ---------------------------------------------------------------------

ODD = 'Is 3 < 5 & "5 > 3" \'both\' ]]> true?'

KINDS = {
    "yes/no": yes_no("demo.yn", 1, ODD, ["banco.natural"], False, "A <b>natural</b> & more.",
                     [CardRow("Hand", parse_cards("9C KD"), greyed=frozenset({1}))]),
    "one of several": Question(
        "demo.mc", 2, Kind.MULTIPLE_CHOICE, "Who draws?", ("banco.natural",), "Both < 6.",
        choices=("Nobody", "Player & Banker", "<script>", '"Both"'), correct=(3,)),
    "several right": Question(
        "demo.mc", 3, Kind.MULTIPLE_CHOICE, "Which are naturals?", ("banco.natural",), "8, 9.",
        choices=("8", "9", "7", "6"), correct=(0, 1)),
    "a whole number": numeric("demo.n", 4, "Total?", ["banco.hand-value"], 7, None, "7."),
    "a range": numeric("demo.n", 5, "Buy for?", ["banco.hand-value"], 95, 125, "Any.",
                       unit="chips"),
    "a decimal": numeric("demo.n", 6, "Pays?", ["banco.payouts"], Fraction(19, 2), None,
                         "9.50.", unit="chips"),
    "a third": numeric("demo.n", 7, "Share?", ["banco.payouts"], Fraction(1, 3), None, "1/3."),
    "pick, two ways": pick_cards(
        "demo.p", 8, "Which cards make 8?", ["banco.natural"],
        [CardRow("Table", parse_cards("5C 3D 8H 2S")), CardRow("Hand", parse_cards("8S"),
                                                              face_down=frozenset({0}))],
        [frozenset({0, 1}), frozenset({2})], "5+3 or 8."),
    "pick none": pick_cards("demo.p", 9, "Which?", ["banco.natural"],
                            [CardRow("Table", parse_cards("5C 3D"))], [frozenset()], "None."),
}


@pytest.mark.parametrize("name", list(KINDS))
def test_each_kind_becomes_its_interaction_and_marks_as_the_engine(name: str) -> None:
    q = KINDS[name]
    data, pictures = item_xml(q, "item-1-1", "A title & <more>")
    item = ET.fromstring(data)
    assert item.get("title") == "A title & <more>"
    resp = item.find(f"{QTI}responseDeclaration")
    assert resp is not None
    body = item.find(f"{QTI}itemBody")
    assert body is not None
    assert "".join(body.itertext()).count(q.prompt) == 1, "the prompt, escaped and intact"
    if q.kind is Kind.NUMERIC:
        entry = body.find(f".//{QTI}textEntryInteraction")
        assert entry is not None and entry.get("responseIdentifier") == "RESPONSE"
        whole = q.low == q.high and q.low is not None and q.low.denominator == 1
        assert resp.get("baseType") == ("integer" if whole else "float")
        assert resp.get("cardinality") == "single"
    else:
        choice = body.find(f"{QTI}choiceInteraction")
        assert choice is not None
        many = q.kind is Kind.PICK_CARDS or len(q.correct) > 1
        assert choice.get("maxChoices") == ("0" if many else "1")
        assert resp.get("cardinality") == ("multiple" if many else "single")
        labels = ["".join(c.itertext()).strip() or c[0].get("alt")
                  for c in choice.iterfind(f"{QTI}simpleChoice")]
        expected = list(q.choices) if q.kind is not Kind.PICK_CARDS else [
            c.name for c in q.rows[q.pick_row].cards]
        assert labels == expected
    for img in item.iter(f"{QTI}img"):
        assert img.get("src", "").removeprefix("cards/") in pictures and img.get("alt")
    check_qti_item(item, q)


def test_a_face_down_card_shows_its_back_and_says_so() -> None:
    _data, pictures = item_xml(KINDS["pick, two ways"], "item-1-1", "t")
    assert pictures["back.svg"].alt == "a face-down card"
    assert b"8S" not in b"".join(p.svg for p in pictures.values() if p.name == "back.svg")


@pytest.mark.parametrize("name", [n for n in KINDS if KINDS[n].kind is not Kind.PICK_CARDS])
def test_each_kind_becomes_a_moodle_question_that_marks_as_the_engine(name: str) -> None:
    q = KINDS[name]
    quiz = ET.Element("quiz")
    question_xml(quiz, q, "A name & <more>")
    (el,) = quiz
    assert el.findtext("name/text") == "A name & <more>"
    assert el.get("type") == ("numerical" if q.kind is Kind.NUMERIC else "multichoice")
    html = el.findtext("questiontext/text") or ""
    assert f"<p>{escape(q.prompt)}</p>" in html, "the prompt, HTML-escaped"
    if q.kind is not Kind.NUMERIC:
        assert [unescape(a.findtext("text") or "") for a in el.iter("answer")] == list(q.choices)
        assert el.findtext("single") == ("true" if len(q.correct) == 1 else "false")
        assert el.findtext("shuffleanswers") == "false"
    for response, right in responses(q):
        if q.kind is not Kind.NUMERIC and len(q.correct) == 1 and len(response) > 1:
            continue
        mark = moodle_mark(el, response)
        assert (mark == 1) == right, (q.id, response, right, mark)
    check_moodle_feedback(el, q)


def check_moodle_feedback(el: ET.Element, q: Question) -> None:
    """The engine's verdicts, split into the right or wrong feedback and the general feedback
    (the explanation, with the rules), so that a learner reads each verdict whole."""
    right, wrong = q.verdicts()
    general = unescape(re.sub("<[^>]+>", "", el.findtext("generalfeedback/text") or ""))
    assert general and q.explanation in general
    if q.kind is Kind.NUMERIC:
        said = [unescape(re.sub("<[^>]+>", "", a.findtext("feedback/text") or ""))
                for a in el.iter("answer")]
    else:
        said = [unescape(re.sub("<[^>]+>", "", el.findtext(f"{k}feedback/text") or ""))
                for k in ("correct", "incorrect")]
    assert [f"{s} {general}" for s in said] == [right, wrong]


# -- Moodle: the file --------------------------------------------------------------------------

def test_moodle_categories_are_the_quizzes_each_with_its_questions(moodle: ET.Element,
                                                                   banco: Lesson) -> None:
    pools = lesson_pools(banco)
    seen: list[tuple[str, int]] = []
    for el in moodle:
        assert el.tag == "question"
        if el.get("type") == "category":
            seen.append((el.findtext("category/text") or "", 0))
        else:
            seen[-1] = (seen[-1][0], seen[-1][1] + 1)
    assert seen == [(category_path(banco, p), len(p.questions)) for p in pools]
    assert seen[0][0] == ("$course$/top/Punto Banco in 20 minutes/1. Which cards make the "
                          "Player hand?")


def test_every_moodle_question_has_its_answer_and_feedback(moodle: ET.Element,
                                                          banco: Lesson) -> None:
    questions = [q for p in lesson_pools(banco) for q in p.questions]
    els = [el for el in moodle if el.get("type") != "category"]
    assert len(els) == len(questions) == 28
    for el, q in zip(els, questions, strict=True):
        assert any(a.get("fraction") == "100" for a in el.iter("answer")), "a full mark"
        for response, right in responses(q):
            if q.kind is not Kind.NUMERIC and len(q.correct) == 1 and len(response) > 1:
                continue
            assert (moodle_mark(el, response) == 1) == right, (q.id, response)
        check_moodle_feedback(el, q)


def test_moodle_files_decode_to_the_card_pictures(moodle: ET.Element, banco: Lesson) -> None:
    questions = [q for p in lesson_pools(banco) for q in p.questions]
    els = [el for el in moodle if el.get("type") != "category"]
    checked = 0
    for el, q in zip(els, questions, strict=True):
        text = el.find("questiontext")
        assert text is not None
        files = {f.get("name"): base64.b64decode(f.text or "", validate=True)
                 for f in text.iter("file")}
        assert all(f.get("encoding") == "base64" and f.get("path") == "/"
                   for f in text.iter("file"))
        html = text.findtext("text") or ""
        shown = re.findall(r'<img src="@@PLUGINFILE@@/([^"]+)" alt="([^"]+)"', html)
        cards = [(card_picture(c, greyed=i in r.greyed, face_down=i in r.face_down))
                 for r in q.rows for i, c in enumerate(r.cards)]
        assert shown == [(p.name, p.alt) for p in cards]
        assert files == {p.name: p.svg for p in cards}
        checked += len(files)
    assert checked > 50


def test_moodle_refuses_pick_the_cards_naming_the_quiz(tmp_path: Path, capsys: Any) -> None:
    picks = [g for g in all_generators() if g.kind is Kind.PICK_CARDS]
    if not picks:
        pytest.skip("no game has pick-the-cards questions")
    g = picks[0]
    spec = tmp_path / "picks.toml"
    spec.write_text(f'title = "Picks"\nprofile = "{g.profile}"\nrules = ["{g.rule_ids[0]}"]\n'
                    f'[[quizzes]]\ngenerator = "{g.id}"\ncount = 2\ntitle = "Take them"\n',
                    encoding="utf-8")
    assert main(["lesson", "export", str(spec), "--format", "moodle"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f'cardrules: {spec}: quizzes[1]: "Take them": asks pick-the-cards')
    assert "--format qti" in err
    assert not list(tmp_path.glob("picks-moodle*")), "nothing written"
    assert main(["lesson", "export", str(spec), "--format", "qti"]) == 0
    assert (tmp_path / "picks-qti.zip").is_file()


# -- every game --------------------------------------------------------------------------------

def _lessons_of_every_game() -> list[tuple[str, str, list[str]]]:
    """(game, profile, generators): one lesson of every generator, by its default profile."""
    groups: dict[tuple[str, str], list[str]] = {}
    for g in all_generators():
        groups.setdefault((g.game, g.profile), []).append(g.id)
    return [(game, profile, ids) for (game, profile), ids in sorted(groups.items())]


@pytest.mark.parametrize(("game", "profile", "generators"), _lessons_of_every_game(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_every_game_exports_questions_that_mark_as_the_engine(
        tmp_path: Path, game: str, profile: str, generators: list[str]) -> None:
    from quizzes.model.registry import get

    spec = tmp_path / f"{game}.toml"
    spec.write_text(f'title = "Every {game} quiz"\nprofile = "{profile}"\n'
                    f'rules = ["{get(generators[0]).rule_ids[0]}"]\n'
                    + "".join(f'[[quizzes]]\ngenerator = "{g}"\ncount = 2\nseed = 3\n'
                              for g in generators), encoding="utf-8")
    lesson = load_spec(spec)
    data, count = qti_package(lesson)
    files = zip_files(data)
    pools = lesson_pools(lesson)
    assert count == sum(len(p.questions) for p in pools)
    for pool in pools:
        for n, q in enumerate(pool.questions, 1):
            check_qti_item(ET.fromstring(files[f"items/item-{pool.number}-{n}.xml"]), q)
    markable = [g for g in generators if get(g).kind is not Kind.PICK_CARDS]
    if markable:
        spec.write_text(spec.read_text(encoding="utf-8").split("[[quizzes]]")[0]
                        + "".join(f'[[quizzes]]\ngenerator = "{g}"\ncount = 2\nseed = 3\n'
                                  for g in markable), encoding="utf-8")
        lesson = load_spec(spec)
        root = ET.fromstring(moodle_xml(lesson)[0])
        els = [el for el in root if el.get("type") != "category"]
        questions = [q for p in lesson_pools(lesson) for q in p.questions]
        for el, q in zip(els, questions, strict=True):
            for response, right in responses(q):
                if q.kind is not Kind.NUMERIC and len(q.correct) == 1 and len(response) > 1:
                    continue
                assert (moodle_mark(el, response) == 1) == right, (q.id, response)
            check_moodle_feedback(el, q)


# -- the command, the file and the seed --------------------------------------------------------

def test_the_command_writes_next_to_the_spec(tmp_path: Path) -> None:
    spec = tmp_path / BANCO.name
    spec.write_bytes(BANCO.read_bytes())
    done = cardrules("lesson", "export", str(spec), "--format", "qti", cwd=tmp_path / "..")
    assert done.returncode == 0, done.stderr
    target = tmp_path / "punto-banco-in-20-minutes-qti.zip"
    assert done.stdout == (f"wrote {target}: QTI 2.1 package, 28 questions in 7 pools, one "
                           "for each quiz\n")
    done = cardrules("lesson", "export", str(spec), "--format", "moodle", "--seed", "g-2")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "punto-banco-in-20-minutes-moodle-group-g-2.xml").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "punto-banco-in-20-minutes-moodle-group-g-2.xml", "punto-banco-in-20-minutes-qti.zip",
        BANCO.name], "no temporary file left"


def test_the_chapter_for_teachers_shows_the_command_and_its_files(banco: Lesson) -> None:
    from quizzes.teach.export import export_name

    text = (ROOT / "book" / "teachers.md").read_text(encoding="utf-8")
    section = text.split("## Questions for your LMS", 1)[1].split("\n## ", 1)[0]
    for fmt in ("qti", "moodle"):
        assert f"cardrules lesson export examples/{BANCO.name} --format {fmt}" in section
        assert f"`{export_name(banco, fmt, None)}`" in section
    assert "--seed" in section and "-o" in section
    assert ".py" not in section, "no internal file names"


def test_the_same_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    """Two runs in separate processes (with different hash seeds) give the same files, and
    the zip holds no date but 1980-01-01; another seed gives other questions."""
    out: dict[str, bytes] = {}
    for run, hash_seed in (("a", "1"), ("b", "2")):
        for fmt, suffix in (("qti", "zip"), ("moodle", "xml")):
            target = tmp_path / f"{run}.{suffix}"
            done = cardrules("lesson", "export", str(BANCO), "--format", fmt, "--seed", "7",
                             "-o", str(target), PYTHONHASHSEED=hash_seed)
            assert done.returncode == 0, done.stderr
            out[f"{run}.{suffix}"] = target.read_bytes()
    assert out["a.zip"] == out["b.zip"] and out["a.xml"] == out["b.xml"]
    import zipfile

    with zipfile.ZipFile(tmp_path / "a.zip") as z:
        assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert [i.filename for i in z.infolist()] == sorted(i.filename for i in z.infolist())
    lesson = load_spec(BANCO)
    assert qti_package(lesson, "7")[0] == out["a.zip"]
    assert qti_package(lesson, "8")[0] != out["a.zip"]
    assert moodle_xml(lesson, "7")[0] == out["a.xml"]
    assert moodle_xml(lesson)[0] != out["a.xml"]


@pytest.mark.parametrize("seed", ["../x", "a b", "x" * 65, "é"])
def test_a_seed_in_the_file_name_is_letters_digits_and_dashes(tmp_path: Path, capsys: Any,
                                                              seed: str) -> None:
    spec = tmp_path / BANCO.name
    spec.write_bytes(BANCO.read_bytes())
    assert main(["lesson", "export", str(spec), "--format", "qti", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be part of the export's file name" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [BANCO.name]
    target = tmp_path / "own.zip"
    assert main(["lesson", "export", str(spec), "--format", "qti", "--seed", seed,
                 "-o", str(target)]) == 0, "-o names the file: any seed"
    assert target.is_file()


def test_a_seed_goes_into_a_file_name_as_for_worksheets(banco: Lesson) -> None:
    from quizzes.teach.export import export_name
    from quizzes.teach.spec import SpecError
    from quizzes.teach.worksheet import worksheet_name

    for seed in ("7", "group-2", "A-z-09", "x" * 64, "x" * 65, "../x", "a b", "a_b", "é", ""):
        verdicts = []
        for name in (worksheet_name, export_name):
            try:
                name(banco, seed) if name is worksheet_name else name(banco, "qti", seed)
                verdicts.append(True)
            except SpecError:
                verdicts.append(False)
        assert verdicts[0] == verdicts[1], seed


def test_a_symlink_target_is_refused_and_left_as_it_is(tmp_path: Path, capsys: Any) -> None:
    there = tmp_path / "there.zip"
    there.write_bytes(b"keep")
    link = tmp_path / "bank.zip"
    link.symlink_to(there)
    assert main(["lesson", "export", str(BANCO), "--format", "qti", "-o", str(link)]) == 2
    err = capsys.readouterr().err
    assert err == (f"cardrules: {link}: is a symbolic link, not a regular file; it is left as "
                   "it is; choose another file with -o\n")
    assert link.is_symlink() and os.readlink(link) == str(there)
    assert there.read_bytes() == b"keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bank.zip", "there.zip"]


def test_the_file_is_written_through_write_all(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The export writes with the safe writer (temporary file, then rename), and a link that
    appears after the first check is still refused by it."""
    import quizzes.teach.export as export

    calls: list[list[Path]] = []
    real = export.write_all

    def spy(files: dict[Path, bytes]) -> None:
        calls.append(list(files))
        target = next(iter(files))
        target.symlink_to(tmp_path / "elsewhere")  # a link appears meanwhile
        real(files)

    monkeypatch.setattr(export, "write_all", spy)
    target = tmp_path / "late.xml"
    with pytest.raises(export.SpecError, match="is a symbolic link"):
        export_lesson(BANCO, "moodle", target)
    assert calls == [[target]] and target.is_symlink()
    assert not (tmp_path / "elsewhere").exists()


def test_teacher_text_is_escaped_in_both_formats(tmp_path: Path) -> None:
    title = 'Tom & "Jerry\'s" <b>odds</b> ]]> &amp;'
    spec = tmp_path / "odd.toml"
    spec.write_text(f"title = {json.dumps(title)}\nprofile = \"punto-banco\"\n"
                    'rules = ["banco.natural"]\n[[quizzes]]\ngenerator = "banco.natural.spot"\n'
                    f"count = 2\ntitle = {json.dumps('A/B <i>&</i>')}\n", encoding="utf-8")
    lesson = load_spec(spec)
    files = zip_files(qti_package(lesson)[0])
    assert ET.fromstring(files["test.xml"]).get("title") == title
    section = ET.fromstring(files["test.xml"]).find(f"{QTI}testPart/{QTI}assessmentSection")
    assert section is not None and section.get("title") == "A/B <i>&</i>"
    assert ET.fromstring(files["items/item-1-1.xml"]).get("title") == "A/B <i>&</i> (1)"
    root = ET.fromstring(moodle_xml(lesson)[0])
    doubled = title.replace("/", "//")  # a slash in a category's name is doubled
    assert root[0].findtext("category/text") == f"$course$/top/{doubled}/1. A//B <i>&<//i>"
    assert root[1].findtext("name/text") == "A/B <i>&</i> (1)"
    info = root[0].findtext("info/text") or ""
    assert escape("A/B <i>&</i>") in info and "<i>" not in info
