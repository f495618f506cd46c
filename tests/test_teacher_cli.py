"""The teacher's command line: safe text in every output, one-line errors that name the file and
the key, files that follow the umask, pages that rebuild when their spec or rules change, and
labels in good English.  (The browser checks are in tests/test_teachers_browser.py.)
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from quizzes import teach as lessons
from quizzes.teach import load_spec
from quizzes.teach.cli import main
from tests.conftest import BOOK, ROOT

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def spec_text(**fields: str) -> str:
    """A small valid lesson; ``fields`` replace or add top-level keys (TOML strings)."""
    top = {"title": "T", "profile": "punto-banco"} | fields
    head = "".join(f"{k} = {json.dumps(v)}\n" for k, v in top.items())
    return head + 'rules = ["banco.natural"]\n[[quizzes]]\ngenerator = "banco.natural.spot"\n' \
        "count = 1\n"


def one_line_error(capsys: Any) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardrules: "), err
    return err.strip()


# -- teacher text: errors name the file and the key --------------------------------------------

TEXT_ERRORS = [
    ('title = "T"\nprofile = "punto-banco"\n'
     'rules = [{ id = "banco.natural", note = "[x](javascript:alert(1))" }]\n',
     "rules[1].note: a link must go to an http://, https:// or mailto: address; "
     "got 'javascript:alert(1)'"),
    (spec_text(intro="See [the notes](notes.html)."),
     "intro: a link must go to an http://, https:// or mailto: address; got 'notes.html'"),
    (spec_text(audience="Year 9\x07"), "audience: holds control characters (0x7)"),
    (spec_text(title="Bell\x07"), "title: holds control characters (0x7)"),
    ('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n'
     '[[quizzes]]\ngenerator = "banco.natural.spot"\ntitle = 3\n',
     "quizzes[1].title: must be text in quotes; got 3"),
    (spec_text(duration="20 [min](ftp://x)"), "duration: a link must go to"),
]


@pytest.mark.parametrize(("text", "expected"), TEXT_ERRORS,
                         ids=["note", "intro", "audience", "title", "quiz-title", "duration"])
def test_bad_teacher_text_is_a_one_line_error_naming_file_and_key(
        tmp_path: Path, capsys: Any, text: str, expected: str) -> None:
    spec = write(tmp_path / "lesson.toml", text)
    for argv in (["lesson", "build", str(spec), "--out", str(tmp_path / "out")],
                 ["lesson", "print", str(spec), "--html", "-o", str(tmp_path / "w.html")]):
        assert main(argv) == 2
        err = one_line_error(capsys)
        assert err.startswith(f"cardrules: {spec}: {expected}"), err
    assert not (tmp_path / "out").exists() and not (tmp_path / "w.html").exists()


# -- teacher text reaches every output as text ----------------------------------------------------

NASTY = {
    "title": f"Title {SCRIPT} $5 to $10",
    "audience": f"Audience {IMG} {{math}}`x` **kept**",
    "duration": f"Time {SCRIPT}",
    "intro": f"Intro {IMG} Stakes are $5 to $10, ```{{note}}",
}
HOUSE_NASTY = (f'extends = "pontoon"\nname = "House {IMG} for $1 stakes"\n'
               f'description = "Desc {SCRIPT} {{math}}`x^2` and {{{{ sub }}}}"\nmin_stick = 16\n')


def nasty_spec(folder: Path) -> Path:
    write(folder / "house.toml", HOUSE_NASTY)
    head = "".join(f"{k} = {json.dumps(v)}\n" for k, v in NASTY.items())
    return write(folder / "nasty.toml", head + 'profile = "house.toml"\n'
                 f'rules = [{{ id = "pontoon.stick", note = {json.dumps("Note " + SCRIPT)} }}]\n'
                 '[[quizzes]]\ngenerator = "pontoon.stick.may"\ncount = 2\n'
                 f'title = {json.dumps("Quiz " + IMG)}\n')


def test_teacher_text_is_escaped_in_the_page_notebook_and_worksheet(tmp_path: Path) -> None:
    spec = nasty_spec(tmp_path)
    out = tmp_path / "out"
    assert main(["lesson", "build", str(spec), "--out", str(out)]) == 0
    page = (out / "nasty.md").read_text(encoding="utf-8")
    prose = "\n".join(line for line in page.splitlines() if not line.startswith(":title:"))
    assert not re.search(r"(?<!\\)[<$]", prose), "every < and $ escaped"
    assert "# Title \\<script\\>alert(1)\\</script\\> \\$5 to \\$10\n" in page
    assert "**Audience.** Audience \\<img src=x onerror=alert(1)\\> \\{math\\}\\`x\\` **kept**" \
        in page
    assert '\n:title: "Quiz <img src=x onerror=alert(1)>"\n' in page, "a quoted option"
    assert "House \\<img src=x onerror=alert(1)\\> for \\$1 stakes" in page
    assert "Desc \\<script\\>alert(1)\\</script\\> \\{math\\}\\`x^2\\`" not in page  # ^ escaped
    assert "\\{math\\}\\`x\\^2\\`" in page and "\\{\\{ sub \\}\\}" in page
    nb = json.loads((out / "nasty.ipynb").read_text(encoding="utf-8"))
    markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert not re.search(r"(?<!\\)[<$]", markdown) and "\\$5" in markdown
    sheet, _count = lessons.worksheet_html(load_spec(spec))
    assert SCRIPT not in sheet and IMG not in sheet
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in sheet and "$5 to $10" in sheet


CONF = f'''import sys
sys.path.insert(0, {str(BOOK / "_ext")!r})
extensions = ["myst_parser", "cardbook"]
myst_enable_extensions = ["colon_fence", "dollarmath", "substitution", "tasklist"]
myst_url_schemes = ["mailto", "http", "https"]
'''


def test_a_page_of_teacher_text_builds_and_shows_it_literally(tmp_path: Path) -> None:
    """A real Sphinx build of the page: MyST roles, maths and HTML in the spec and in its
    profile's description fail nothing and show as typed."""
    spec = nasty_spec(tmp_path / "teacher")
    src = tmp_path / "site"
    write(src / "conf.py", CONF)
    write(src / "index.md", "# Home\n\n```{toctree}\nlessons/nasty\n```\n")
    assert main(["lesson", "build", str(spec), "--out", str(src / "lessons")]) == 0
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-E", "-W",
                           "--keep-going", "-q", str(src), str(src / "_build")],
                          capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    html = (src / "_build" / "lessons" / "nasty.html").read_text(encoding="utf-8")
    assert SCRIPT not in html and IMG not in html and "onerror=alert(1)>" not in html
    assert 'class="math' not in html, "no maths from $ signs"
    for shown in ("Title &lt;script&gt;alert(1)&lt;/script&gt; $5 to $10",
                  "Stakes are $5 to $10, ```{note}", "{math}`x`", "<strong>kept</strong>",
                  "House &lt;img src=x onerror=alert(1)&gt; for $1 stakes",
                  "Desc &lt;script&gt;alert(1)&lt;/script&gt; {math}`x^2` and {{ sub }}",
                  "Quiz: Quiz &lt;img src=x onerror=alert(1)&gt;"):
        assert shown in html, shown
    index = (src / "_build" / "index.html").read_text(encoding="utf-8")
    assert SCRIPT not in index and "Title &lt;script&gt;" in index, "the toc shows it as text"


# -- files ----------------------------------------------------------------------------------------

BANCO = ROOT / "examples" / "punto-banco-in-20-minutes.toml"


def test_out_under_a_file_is_a_one_line_error(tmp_path: Path, capsys: Any) -> None:
    blocker = write(tmp_path / "file", "")
    assert main(["lesson", "build", str(BANCO), "--out", str(blocker / "sub")]) == 2
    err = one_line_error(capsys)
    assert err == (f"cardrules: {blocker / 'sub' / 'punto-banco-in-20-minutes.md'}: cannot "
                   f"write it: {blocker} is a file, not a folder; choose another place with --out")


def test_unwritable_out_is_a_one_line_error(tmp_path: Path, capsys: Any,
                                            monkeypatch: Any) -> None:
    out = tmp_path / "ro"
    out.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, m: False if Path(p) == out else real(p, m))
    assert main(["lesson", "build", str(BANCO), "--out", str(out)]) == 2
    assert one_line_error(capsys) == (
        f"cardrules: {out / 'punto-banco-in-20-minutes.md'}: cannot write it: {out} is not "
        "writable; choose another place with --out")
    sheet = out / "sheet.pdf"
    assert main(["lesson", "print", str(BANCO), "-o", str(sheet)]) == 2
    assert one_line_error(capsys).endswith(f"{out} is not writable; choose another place with -o")
    assert list(out.iterdir()) == []


def test_a_write_refused_by_the_system_is_a_one_line_error(tmp_path: Path, capsys: Any,
                                                           monkeypatch: Any) -> None:
    real = os.open

    def refuse(path: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(path).name.endswith(".tmp"):  # the temporary file beside the target
            raise PermissionError(13, "Permission denied")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    assert main(["lesson", "build", str(BANCO), "--out", str(tmp_path)]) == 2
    assert one_line_error(capsys) == (f"cardrules: {tmp_path / 'punto-banco-in-20-minutes.md'}: "
                                      "cannot write it (Permission denied)")


@pytest.mark.parametrize("html", [True, False], ids=["html", "pdf"])
def test_a_folder_as_the_worksheet_path_is_a_one_line_error(tmp_path: Path, capsys: Any,
                                                            html: bool) -> None:
    # refused before Chromium is started, so this needs no browser
    argv = ["lesson", "print", str(BANCO), "-o", str(tmp_path)] + (["--html"] if html else [])
    assert main(argv) == 2
    assert one_line_error(capsys) == (f"cardrules: {tmp_path}: is a folder, not a file; give "
                                      "the file's name with -o")


@pytest.mark.parametrize("umask", [0o022, 0o027])
def test_written_files_follow_the_umask(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        assert main(["lesson", "build", str(BANCO), "--out", str(tmp_path / "out")]) == 0
        assert main(["lesson", "print", str(BANCO), "--html", "-o", str(tmp_path / "w.html")]) == 0
        lessons.write_all({tmp_path / "w.pdf": b"%PDF-1.4"})  # as html_to_pdf writes a PDF
    finally:
        os.umask(old)
    written = [*(tmp_path / "out").iterdir(), tmp_path / "w.html", tmp_path / "w.pdf"]
    assert len(written) == 4
    for path in written:
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path


def test_a_rewritten_file_keeps_its_mode(tmp_path: Path) -> None:
    target = write(tmp_path / "page.md", "old")
    target.chmod(0o664)
    lessons.write_all({target: "new"})
    assert stat.S_IMODE(target.stat().st_mode) == 0o664 and target.read_text() == "new"


def test_lesson_new_refuses_the_names_lesson_build_refuses(tmp_path: Path, capsys: Any) -> None:
    spec = tmp_path / "My_Lesson.toml"
    assert main(["lesson", "new", str(spec)]) == 2
    refused_new = one_line_error(capsys)
    assert not spec.exists()
    write(spec, spec_text())
    assert main(["lesson", "build", str(spec), "--out", str(tmp_path / "out")]) == 2
    assert one_line_error(capsys) == refused_new == (
        f'cardrules: {spec}: the page name "My_Lesson" must be made of a–z, 0–9 and dashes (no '
        'capitals, spaces or accents); rename the file or set slug = "..."')
    assert main(["lesson", "new", str(tmp_path / "my-lesson-2.toml")]) == 0


# -- pages rebuild when their spec or their rules change ----------------------------------------

def test_build_rewrites_only_what_changed(tmp_path: Path, capsys: Any) -> None:
    house = write(tmp_path / "house.toml", 'extends = "pontoon"\nname = "House"\nmin_stick = 16\n'
                  "min_stake = 10\n")
    spec = write(tmp_path / "sticking.toml", 'title = "Sticking"\nprofile = "house.toml"\n'
                 'rules = ["pontoon.stick"]\n[[quizzes]]\ngenerator = "pontoon.stick.may"\n')
    out = tmp_path / "out"

    def build() -> str:
        assert main(["lesson", "build", str(spec), "--out", str(out)]) == 0
        return capsys.readouterr().out

    assert build().count("wrote ") == 2
    page = out / "sticking.md"
    first = page.read_text(encoding="utf-8")
    assert build().count("up to date: ") == 2, "nothing changed, nothing written"
    write(house, house.read_text().replace("= 10", "= 20"))  # an option the page does not print
    assert f"wrote {page}" in build()
    assert page.read_text(encoding="utf-8") != first, "the page follows its house rules"
    write(spec, spec.read_text().replace('"Sticking"', '"Sticking at 16"'))
    assert f"wrote {page}" in build() and "# Sticking at 16" in page.read_text(encoding="utf-8")


def test_make_book_rebuilds_the_lessons_first() -> None:
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    book = next(line for line in make.splitlines() if line.startswith("book:"))
    assert "lessons" in book.split(), book
    assert "cardrules lesson build examples" in make


def test_a_bad_lesson_stops_the_lessons_build_naming_spec_and_key(tmp_path: Path) -> None:
    write(tmp_path / "a-good.toml", spec_text())
    bad = write(tmp_path / "b-bad.toml", spec_text(intro="[x](javascript:y)"))
    done = subprocess.run([sys.executable, "-m", "quizzes.teach.cli", "lesson", "build", str(tmp_path),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"cardrules: {bad}: intro: a link must go to an http://, "
                                   "https:// or mailto: address; got 'javascript:y'")


# -- plurals and labels -------------------------------------------------------------------------

def test_one_rule_one_quiz_one_question(tmp_path: Path, capsys: Any) -> None:
    spec = write(tmp_path / "one.toml", spec_text())
    page = lessons.lesson_page(load_spec(spec), tmp_path)
    assert "**In class.** 1 rule and 1 quiz (1 question)." in page
    assert main(["lesson", "print", str(spec), "--html", "-o", str(tmp_path / "w.html")]) == 0
    assert "w.html: 1 question, answer key" in capsys.readouterr().out
    from quizzes.model.registry import bank
    from quizzes.static.html import render_bank

    assert "1 question made and checked by the rules engine" in render_bank(
        bank("banco.natural.spot", count=1, seed=1), "T")
    two = lessons.lesson_page(load_spec(ROOT / "examples" / "pontoon-buying-and-twisting.toml"),
                              tmp_path)
    assert "7 rules and 5 quizzes (23 questions)" in two


def test_live_quiz_title_names_the_game_once() -> None:
    assert lessons.quiz_title("Pontoon", "Pontoon, stick on 16") == "Pontoon, stick on 16"
    assert lessons.quiz_title("Pontoon", "Our house rules") == "Pontoon (Our house rules)"
    assert lessons.quiz_title("Punto Banco", "") == "Punto Banco"
    app = lessons.live_session("pontoon", "pontoon-stick-16", seed=1, folders=[])
    assert "Quiz: Pontoon, stick on 16<" in app.quiz.title.value
    assert "Pontoon, Pontoon" not in app.quiz.title.value


def test_one_seat_was_given() -> None:
    from cardrules.game import SetupError
    from cardrules.pontoon import load_pontoon, new_deal

    with pytest.raises(SetupError, match=r"; 1 was given\.$"):
        new_deal(load_pontoon(), ["Ann"], seed=1)


def test_voila_and_the_live_mode_show_teacher_text_as_text(tmp_path: Path) -> None:
    from quizzes.live.table import live_panel

    write(tmp_path / "house.toml", HOUSE_NASTY)
    app = lessons.live_session("pontoon", str(tmp_path / "house.toml"), seed=1,
                               folders=[tmp_path])
    title = app.quiz.title.value
    assert IMG not in title and "House &lt;img src=x onerror=alert(1)&gt; for $1 stakes" in title
    labels = [label for label, _ref in app.children[0].children[2].options]
    assert f"House {IMG} for $1 stakes (house.toml)" in labels, "a dropdown shows text"
    panel = live_panel([["pontoon.stick.may"]], titles=[f"Quiz {IMG}"], seed=1)
    assert panel.get_title(0) == f"Quiz: Quiz {IMG}", "an accordion title is text"
    made = panel.quiz(0).title.value
    assert IMG not in made and "Quiz &lt;img src=x onerror=alert(1)&gt;" in made


def test_spec_encodings_bom_accepted_utf16_refused(tmp_path: Path, capsys: Any) -> None:
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + spec_text().encode("utf-8"))
    assert load_spec(bom).title == "T"
    utf16 = tmp_path / "wide.toml"
    utf16.write_bytes(spec_text().encode("utf-16"))
    assert main(["lesson", "build", str(utf16), "--out", str(tmp_path / "out")]) == 2
    assert one_line_error(capsys) == (f"cardrules: {utf16}: is not UTF-8 text (it looks like "
                                      "UTF-16); save it as UTF-8")


def test_a_broken_spec_in_a_folder_is_not_skipped(tmp_path: Path, capsys: Any) -> None:
    write(tmp_path / "examples" / "house.toml", 'extends = "pontoon"\nmin_stick = 16\n')
    write(tmp_path / "examples" / "good.toml", spec_text())
    broken = write(tmp_path / "examples" / "broken.toml", spec_text() + "count = = 3\n")
    assert [p.name for p in lessons.iter_specs(tmp_path / "examples")] == ["broken.toml",
                                                                         "good.toml"]
    assert main(["lesson", "build", str(tmp_path / "examples"), "--out",
                 str(tmp_path / "out")]) == 2
    assert one_line_error(capsys).startswith(f"cardrules: {broken}: not valid TOML")


def test_a_house_rules_file_with_spaces_in_its_name_builds(tmp_path: Path) -> None:
    write(tmp_path / "teacher" / "our rules.toml", 'extends = "pontoon"\nname = "Ours"\n'
          "min_stick = 16\n")
    spec = write(tmp_path / "teacher" / "ours.toml", 'title = "Ours"\nprofile = "our rules.toml"\n'
                 'rules = [{ id = "pontoon.stick", deal = 3 }]\n'
                 '[[quizzes]]\ngenerator = "pontoon.stick.may"\ncount = 2\n')
    src = tmp_path / "site"
    write(src / "conf.py", CONF)
    write(src / "index.md", "# Home\n\n```{toctree}\nlessons/ours\n```\n")
    assert main(["lesson", "build", str(spec), "--out", str(src / "lessons")]) == 0
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-E", "-W",
                           "--keep-going", "-q", str(src), str(src / "_build")],
                          capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    html = (src / "_build" / "lessons" / "ours.html").read_text(encoding="utf-8")
    assert "The rules: Ours." in html and 'class="cr-deal"' in html and "data-cr-quiz" in html
