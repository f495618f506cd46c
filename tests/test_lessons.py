"""Teachers' lessons: specs, the builder, the scaffold, worksheets, the directives' errors.

The browser, PDF and Voilà checks are in ``tests/test_teachers_browser.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cardrules.catalog import rules_of
from cardrules.profiles import load_rules
from quizzes import teach as lessons
from quizzes.teach import SpecError, load_spec
from quizzes.teach.cli import main
from tests.conftest import BOOK, ROOT

EXAMPLES = ROOT / "examples"
LESSONS = BOOK / "lessons"
SPECS = list(lessons.iter_specs(EXAMPLES))


# -- the examples and the committed pages -----------------------------------------------------

def test_examples_hold_both_lessons() -> None:
    titles = {load_spec(s).title for s in SPECS}
    assert {"Punto Banco in 20 minutes", "Pontoon buying and twisting for beginners"} <= titles
    pontoon = next(load_spec(s) for s in SPECS if load_spec(s).profile.game == "pontoon")
    assert pontoon.profile_path == (EXAMPLES / "our-house-rules.toml").resolve()
    assert pontoon.profile.min_stick == 16  # type: ignore[attr-defined]
    assert load_rules(EXAMPLES / "our-house-rules.toml").name == "Our house rules"


@pytest.mark.parametrize("spec", SPECS, ids=[s.stem for s in SPECS])
def test_lesson_pages_in_the_book_are_current(spec: Path) -> None:
    """book/lessons is what `make lessons` makes from examples/ now."""
    lesson = load_spec(spec)
    for path, text in lessons.render(lesson, LESSONS).items():
        assert path.is_file(), f"{path} is missing: run `make lessons`"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale against {spec.relative_to(ROOT)}: run "
            "`make lessons` and commit book/lessons")


def test_lesson_pages_have_a_spec_and_a_place_in_the_toc() -> None:
    slugs = {load_spec(s).slug for s in SPECS}
    on_disk = {p.stem for p in LESSONS.iterdir() if p.suffix in (".md", ".ipynb")}
    assert on_disk == slugs, f"pages without a spec in examples/: {on_disk - slugs}"
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    for slug in slugs:
        assert lessons.toc_lists(LESSONS, slug), f"book/_toc.yml does not list lessons/{slug}"
    assert "caption: Lessons" in toc and "file: teachers" in toc


def test_lesson_page_uses_the_directives_in_order() -> None:
    lesson = load_spec(EXAMPLES / "pontoon-buying-and-twisting.toml")
    page = lessons.lesson_page(lesson, LESSONS)
    positions = [page.index(f"```{{rule}} {r.id}\n") for r in lesson.rules]
    assert positions == sorted(positions), "rules in the spec's order"
    assert page.count("```{quiz} ") == len(lesson.quizzes)
    # every quiz and every rule box follows the lesson's house rules
    assert page.count(":profile: ../../examples/our-house-rules.toml") == (
        len(lesson.quizzes) + len(lesson.rules))
    for r in lesson.rules:
        assert f"```{{rule}} {r.id}\n:profile: ../../examples/our-house-rules.toml\n```" in page
    # each quiz after the last lesson rule it asks about: the stick quiz after the 16 variation
    assert page.index("{quiz} pontoon.stick.may") > page.index("{rule} pontoon.stick.sixteen")
    assert "```{profile} ../../examples/our-house-rules.toml\n```" in page
    assert "{position}\nCounts 20: AS 9D" in page


def test_lesson_page_links_to_the_practice_of_its_rules_and_house_rules() -> None:
    from urllib.parse import parse_qs, urlsplit

    from quizzes.model.banks import profile_key

    lesson = load_spec(EXAMPLES / "pontoon-buying-and-twisting.toml")
    page = lessons.lesson_page(lesson, LESSONS)
    href = page.split('<p class="cr-practice-link"><a href="', 1)[1].split('"', 1)[0]
    url = urlsplit(href.replace("&amp;", "&"))
    assert (LESSONS / url.path).resolve() == (BOOK / "practice.html").resolve()
    query = parse_qs(url.query)
    assert query["rules"] == [",".join(r.id for r in lesson.rules)]
    assert query["profile"] == [profile_key(lesson.profile)]
    assert query["profile"][0].startswith("custom-")  # the house rules, not the shipped game
    # the house rules travel with the link, so the book makes their banks
    from html import unescape

    from cardrules.profiles import rules_from_text

    toml = page.split('data-cr-profile-toml="', 1)[1].split('"', 1)[0]
    assert rules_from_text(unescape(toml)) == lesson.profile
    banco = load_spec(EXAMPLES / "punto-banco-in-20-minutes.toml")
    banco_page = lessons.lesson_page(banco, LESSONS)
    assert "profile=punto-banco" in banco_page and "data-cr-profile-toml" not in banco_page


def test_lesson_page_outside_a_book_has_no_practice_link(tmp_path: Path) -> None:
    lesson = load_spec(EXAMPLES / "punto-banco-in-20-minutes.toml")
    assert "cr-practice-link" not in lessons.lesson_page(lesson, tmp_path)


def test_lesson_notebook_has_live_quiz_cells() -> None:
    lesson = load_spec(EXAMPLES / "pontoon-buying-and-twisting.toml")
    nb = json.loads(lessons.lesson_notebook(lesson, LESSONS))
    assert nb["nbformat"] == 4 and nb["metadata"]["kernelspec"]["name"] == "python3"
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert "PROFILE = '../../examples/our-house-rules.toml'" in code[0]
    quizzes = [c for c in code if c.startswith("quiz(")]
    assert len(quizzes) == len(lesson.quizzes)
    assert "quiz('pontoon.stick.may', count=5, seed=4, profile=PROFILE" in "\n".join(quizzes)
    assert len({c["id"] for c in nb["cells"]}) == len(nb["cells"])
    assert [c for c in code if c.startswith("rule_box(")] == [
        f"rule_box({r.id!r}, PROFILE)" for r in lesson.rules]


@pytest.mark.notebook
def test_lesson_notebook_runs_with_live_widgets() -> None:
    import nbformat
    from nbclient import NotebookClient

    path = LESSONS / "pontoon-buying-and-twisting.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    widgets = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", out.get("evalue")
            if "application/vnd.jupyter.widget-view+json" in out.get("data", {}):
                widgets += 1
                assert "data-cr-quiz" in out["data"]["text/html"]
    assert widgets == len(load_spec(EXAMPLES / "pontoon-buying-and-twisting.toml").quizzes)


# -- building from a spec ---------------------------------------------------------------------

def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


GOOD = '''title = "Sticking at our table"
audience = "Year 9."
profile = "rules/house.toml"
rules = ["pontoon.stick", { id = "pontoon.stick.sixteen", note = "We play **16**." }]

[[quizzes]]
generator = "pontoon.stick.may"
count = 3
seed = 9
'''
HOUSE = 'extends = "pontoon"\nname = "House"\nmin_stick = 16\n'


def test_build_from_a_spec_with_a_house_profile(tmp_path: Path) -> None:
    write(tmp_path / "rules" / "house.toml", HOUSE)
    spec = write(tmp_path / "sticking.toml", GOOD)
    out = tmp_path / "book" / "lessons"
    assert main(["lesson", "build", str(spec), "--out", str(out)]) == 0
    page = (out / "sticking.md").read_text(encoding="utf-8")
    assert page.startswith("% Made by `cardrules lesson build")
    assert "# Sticking at our table" in page and "We play **16**." in page
    assert ":profile: ../../rules/house.toml" in page
    assert sorted(p.name for p in out.iterdir()) == ["sticking.ipynb", "sticking.md"]
    questions = load_spec(spec).questions(load_spec(spec).quizzes[0])
    assert all("16" in q.prompt for q in questions), "the house rule reaches the questions"


def test_yaml_specs_work_like_toml(tmp_path: Path) -> None:
    spec = write(tmp_path / "totals.yaml", "title: Totals\nprofile: punto-banco\n"
                 "rules: [banco.hand-value]\nquizzes:\n  - {generator: banco.hand-value.total, "
                 "count: 2, seed: 1}\n")
    lesson = load_spec(spec)
    assert lesson.title == "Totals" and lesson.quizzes[0].count == 2


def test_same_spec_same_page(tmp_path: Path) -> None:
    spec = EXAMPLES / "punto-banco-in-20-minutes.toml"
    a = lessons.render(load_spec(spec), tmp_path)
    b = lessons.render(load_spec(spec), tmp_path)
    assert a == b


@pytest.mark.parametrize("game", ["banco", "pontoon"])
def test_lesson_new_scaffolds_a_commented_spec_that_builds(tmp_path: Path, game: str) -> None:
    spec = tmp_path / f"my-{game}-lesson.toml"
    assert main(["lesson", "new", str(spec), "--game", game, "--title", "First steps"]) == 0
    text = spec.read_text(encoding="utf-8")
    assert text.count("\n#") > 15, "the scaffold explains itself in comments"
    data = tomllib.loads(text)
    assert data["title"] == "First steps" and data["quizzes"]
    for r in rules_of(game):
        assert r.id in text, "the scaffold lists the game's rules"
    written = lessons.build(spec, tmp_path / "out")
    assert [p.suffix for p in written] == [".md", ".ipynb"]
    assert main(["lesson", "new", str(spec)]) == 2, "never overwrites without --force"


def test_lesson_new_refuses_an_unknown_game(tmp_path: Path, capsys: Any) -> None:
    assert main(["lesson", "new", str(tmp_path / "x.toml"), "--game", "pontoom"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'pontoom' (did you mean pontoon?)" in err and "allowed:" in err
    assert not (tmp_path / "x.toml").exists()


# -- bad specs: clear errors, nothing half-built -----------------------------------------------

BAD = [
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.thrid-card"]\n',
     ["rules[1]", "did you mean banco.third-card?"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["pontoon.stick"]\n',
     ["rules[1]", "is a rule of pontoon", "banco.hand-value"]),
    ('titel = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n',
     ["titel", "did you mean title?", "allowed keys: title, audience, profile"]),
    ('profile = "punto-banco"\nrules = ["banco.natural"]\n', ["title: is missing"]),
    ('title = "T"\nprofile = "punto-bank"\nrules = ["banco.natural"]\n',
     ["profile", "no shipped profile 'punto-bank'", "punto-banco"]),
    ('title = "T"\nprofile = "missing/house.toml"\nrules = ["banco.natural"]\n',
     ["profile", 'no such file "missing/house.toml"', "relative to the spec's folder"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = []\n', ["rules: must list the rule ids"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n'
     '[[quizzes]]\ngenerator = "banco.natural.spt"\n',
     ["quizzes[1].generator", "did you mean banco.natural.spot"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n'
     '[[quizzes]]\ngenerator = "banco.natural.spot"\ncount = 0\n',
     ["quizzes[1].count", "must be a whole number from 1 to 50; got 0"]),
    ('title = "T"\nprofile = "casino"\nrules = ["casino.deal"]\n'
     '[[quizzes]]\ngenerator = "casino.deal.count"\ncount = 5\n',
     ["quizzes[1].count", "asks for 5 questions, but only 3 different ones exist",
      "ask for at most 3"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n'
     '[[quizzes]]\ngenerator = "banco.natural.spot"\nkinds = "essay"\n',
     ["quizzes[1].kinds", '"essay" is not a kind of question; allowed: multiple choice']),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n'
     '[[quizzes]]\ngenerator = "pontoon.stick.may"\n',
     ["quizzes[1].generator", "the lesson's profile is for banco", "banco.natural.spot"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n'
     '[[quizzes]]\ngenerator = "banco.natural.spot"\nafter = "banco.result"\n',
     ["quizzes[1].after", "must be one of the lesson's rules: banco.natural"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = [{ id = "banco.natural", exmaple = "x" }]\n',
     ["rules[1].exmaple", "did you mean example?"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = [{ id = "banco.natural", example = "P: 1X" }]\n',
     ["rules[1].example", "line 1", "'1X' is not a card"]),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"\n', ["not valid TOML"]),
]


@pytest.mark.parametrize(("text", "expected"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_spec_names_the_file_the_key_and_what_is_allowed(
        tmp_path: Path, capsys: Any, text: str, expected: list[str]) -> None:
    spec = write(tmp_path / "lesson.toml", text)
    out = tmp_path / "out"
    assert main(["lesson", "build", str(spec), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"cardrules: {spec}: "), err
    for fragment in expected:
        assert fragment in err, err
    assert not out.exists(), "nothing is written for a bad spec"
    assert main(["lesson", "print", str(spec), "--html", "-o", str(tmp_path / "w.html")]) == 2
    assert not (tmp_path / "w.html").exists()


def test_bad_spec_leaves_the_previous_build_untouched(tmp_path: Path) -> None:
    spec = write(tmp_path / "t.toml", 'title = "T"\nprofile = "punto-banco"\n'
                 'rules = ["banco.natural"]\n')
    out = tmp_path / "out"
    lessons.build(spec, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    write(spec, 'title = "T"\nprofile = "punto-banco"\nrules = ["banco.naturel"]\n')
    with pytest.raises(SpecError):
        lessons.build(spec, out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_write_all_is_all_or_nothing(tmp_path: Path, monkeypatch: Any) -> None:
    a, b = tmp_path / "a.md", tmp_path / "b.ipynb"
    a.write_text("old a")
    calls = {"n": 0}
    real = os.replace

    def flaky(src: Any, dst: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError("disk full")
        real(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    with pytest.raises(lessons.OutputError, match=r"b\.ipynb: cannot write it \(disk full\)"):
        lessons.write_all({a: "new a", b: "new b"})
    assert a.read_text() == "old a" and not b.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md"], "no temporary file left"


def test_a_missing_chromium_is_a_clear_error_and_leaves_no_pdf(tmp_path: Path, capsys: Any,
                                                              monkeypatch: Any) -> None:
    monkeypatch.setenv("CARDRULES_CHROMIUM", "/bin/false")
    out = tmp_path / "w.pdf"
    spec = str(EXAMPLES / "punto-banco-in-20-minutes.toml")
    assert main(["lesson", "print", spec, "-o", str(out), "--engine", "chromium"]) == 2
    assert "could not print" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# -- worksheets --------------------------------------------------------------------------------

def test_worksheet_asks_every_question_and_keys_every_answer() -> None:
    lesson = load_spec(EXAMPLES / "pontoon-buying-and-twisting.toml")
    html, count = lessons.worksheet_html(lesson)
    assert count == sum(q.count for q in lesson.quizzes)
    assert html.count('class="ws-q"') == count
    questions, key = html.split('<section class="ws-key">')
    assert all(f"Question {n}." in questions for n in range(1, count + 1))
    assert all(f"{n}. Answer:" in key for n in range(1, count + 1))
    assert "Answer:" not in questions.replace("<p>Answer:", "")  # no answer before the key
    assert questions.count("<svg") > count, "card pictures"
    assert ".ws-key { break-before: page; }" in html


def test_worksheet_answer_key_carries_each_worked_solution_and_cites_rules_by_title() -> None:
    import re
    from html import escape

    from cardrules.catalog import rule

    lesson = load_spec(EXAMPLES / "punto-banco-in-20-minutes.toml")
    html, _count = lessons.worksheet_html(lesson)
    key = re.sub(r'<span style="white-space:nowrap">(.*?)</span>', r"\1",
                 html.split('<section class="ws-key">')[1])
    for _quiz, questions in lessons.worksheet_questions(lesson):
        for q in questions:
            assert len(q.solution) >= 1
            for step in q.solution:
                assert f"<li>{escape(step)}</li>" in key, step
            for rid in q.rule_ids:
                assert escape(rule(rid).title) in key and f"Rule {rid}" not in key


def test_worksheet_seed_gives_another_reproducible_sheet() -> None:
    lesson = load_spec(EXAMPLES / "punto-banco-in-20-minutes.toml")
    plain, _ = lessons.worksheet_html(lesson)
    g1, _ = lessons.worksheet_html(lesson, 1)
    assert g1 == lessons.worksheet_html(load_spec(EXAMPLES / "punto-banco-in-20-minutes.toml"),
                                        1)[0]
    assert g1 != lessons.worksheet_html(lesson, 2)[0] and g1 != plain
    assert "Group 1." in g1


def test_lesson_print_html(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "sheet.html"
    spec = str(EXAMPLES / "punto-banco-in-20-minutes.toml")
    assert main(["lesson", "print", spec, "--html", "-o", str(out), "--seed", "4"]) == 0
    assert "28 questions" in capsys.readouterr().out
    assert "<h2>Answer key</h2>" in out.read_text(encoding="utf-8")


# -- the live class quiz (widgets, no browser) --------------------------------------------------

def test_live_session_picks_a_game_and_house_rules() -> None:
    app = lessons.live_session("pontoon", str(EXAMPLES / "our-house-rules.toml"), seed=3,
                               folders=[EXAMPLES])
    game, rules, own, topics, start = app.children[0].children[1:6]
    assert game.value == "pontoon"
    assert rules.value == str((EXAMPLES / "our-house-rules.toml").resolve())
    assert "Our house rules (our-house-rules.toml)" in [label for label, _ in rules.options]
    quiz = app.quiz
    assert quiz.profile.min_stick == 16
    q = quiz.question
    verdict = quiz.answer(q.correct[0] if q.correct else str(q.low))
    assert verdict.correct and verdict.message.startswith("Right.")
    game.value = "banco"
    assert rules.value == "punto-banco" and set(topics.value) == set(
        lessons.session_generators("banco"))
    start.click()
    assert app.quiz.question.generator.startswith("banco.")
    own.value = "no/such/rules.toml"
    start.click()
    assert "no such profile file" in app.children[0].children[6].value


def test_live_session_reads_the_query_string(monkeypatch: Any) -> None:
    monkeypatch.setenv("QUERY_STRING", "game=pontoon&profile=pontoon-stick-16&seed=5")
    app = lessons.live_session(folders=[])
    assert app.quiz.profile.min_stick == 16 and app.quiz.seed == "5"


# -- the directives' errors in a real Sphinx build ---------------------------------------------

CONF = f'''import sys
sys.path.insert(0, {str(BOOK / "_ext")!r})
extensions = ["myst_parser", "cardbook"]
myst_enable_extensions = ["colon_fence"]
'''


def sphinx(src: Path) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-E", "-W", "--keep-going", "-q",
         str(src), str(src / "_build")], capture_output=True, text=True, cwd=ROOT, timeout=300)
    return done.returncode, done.stderr


def test_directives_on_any_page_with_a_house_profile_beside_it(tmp_path: Path) -> None:
    write(tmp_path / "conf.py", CONF)
    write(tmp_path / "house" / "ours.toml", HOUSE)
    write(tmp_path / "index.md", "# Home\n\n```{toctree}\nhouse/page\n```\n")
    write(tmp_path / "house" / "page.md", """# Our table

```{rule} pontoon.stick.sixteen
```

```{quiz} pontoon.stick.may
:count: 3
:seed: 7
:profile: ours.toml
```

```{quiz} banco.natural
:kinds: yes/no
:count: 2
```

```{deal} punto-banco
:seed: 4
```

```{position}
:caption: A natural
Player: 9C KD
```

```{profile} ours.toml
```
""")
    code, err = sphinx(tmp_path)
    assert code == 0, err
    html = (tmp_path / "_build" / "house" / "page.html").read_text(encoding="utf-8")
    assert "Variation: stick on 16" in html and html.count("data-cr-quiz") == 2
    assert "<strong>16 or more</strong> (standard game: 15 or more)" in html, "the {profile} table"
    table = html.split('class="cr-table cr-profile"', 1)[1].split("</table>", 1)[0]
    assert "Sticking" in table and "min_stick" not in table, "the rules by name, not by key"
    assert "Sticking needs 16 or more at this table" in html
    assert 'class="cr-deal"' in html and "A natural" in html


def test_bad_directive_options_fail_with_page_line_and_what_is_allowed(tmp_path: Path) -> None:
    write(tmp_path / "conf.py", CONF)
    write(tmp_path / "index.md", "# Home\n\n```{toctree}\nbad\n```\n")
    write(tmp_path / "bad.md", """# Bad

```{rule} banco.thrid-card
```

```{quiz} banco.natural.spt
```

```{quiz} banco.natural
:count: 0
```

```{quiz} banco.natural
:cont: 3
```

```{quiz} banco.natural
:kinds: essay
```

```{quiz} banco.natural
:profile: nowhere/house.toml
```

```{deal} punto-banco
:seeds: 3
```

```{position}
Table: 5C 1X
```

```{profile} punto-bank
```
""")
    code, err = sphinx(tmp_path)
    assert code != 0
    page = str(tmp_path / "bad.md")
    expected = {
        3: "{rule} banco.thrid-card: unknown rule id 'banco.thrid-card' (did you mean "
           "banco.third-card?)",
        6: "(did you mean banco.natural.spot",
        9: ":count: must be a whole number from 1 to 50, got 0",
        13: "allowed: ['count', 'kinds', 'profile', 'seed', 'title']",
        17: ":kinds: 'essay' is not a kind; allowed: multiple choice, yes/no, numeric",
        21: "no such profile file",
        25: "allowed: ['players', 'seed']",
        29: "position line 1 'Table: 5C 1X': '1X' is not a card",
        33: "{profile} punto-bank: punto-bank: no shipped profile 'punto-bank'; shipped: "
            "banco,",
    }
    for line, message in expected.items():
        hits = [x for x in err.splitlines() if x.startswith(f"{page}:{line}:")]
        assert hits and message in hits[0], (line, err)
