"""Teacher text is text, in a real book in a real browser.

A lesson whose every text field, and whose house-rules file's name and description, holds a
script or an ``onerror`` payload (with ``$`` signs and a MyST role for good measure) is built
into a small book (an intro page and the lesson, the project's own book config); headless
Chromium loads every page of it.  No dialog may open, and the text must show as typed: on
the page, in the sidebar and in the window's title.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.browser import serve, watch
from tests.conftest import BOOK, ROOT

pytestmark = pytest.mark.browser

BIN = Path(sys.executable).parent
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"

TEXT = {
    "title": f"Title {IMG} {SCRIPT} $5",
    "audience": f"Audience {IMG} and {{math}}`x^2`",
    "duration": f"Time {SCRIPT}",
    "intro": f"Intro {IMG} Stakes are $5 to $10.",
}
NOTE = f"Note {SCRIPT} $1"
EXAMPLE = f"Hand {IMG}: AS 9D"
QUIZ_TITLE = f"Quiz {IMG}"
HOUSE_NAME = f"House {IMG} for $1 stakes"
HOUSE_DESCRIPTION = f"Desc {SCRIPT} {{math}}`x` $2"


def small_book(tmp_path: Path) -> Path:
    """A copy of the project whose book holds an intro page and the lesson; returns book/."""
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    (teacher / "house.toml").write_text(
        f'extends = "pontoon"\nname = {json.dumps(HOUSE_NAME)}\n'
        f"description = {json.dumps(HOUSE_DESCRIPTION)}\nmin_stick = 16\n", encoding="utf-8")
    spec = teacher / "nasty.toml"
    spec.write_text(
        "".join(f"{k} = {json.dumps(v)}\n" for k, v in TEXT.items())
        + 'profile = "house.toml"\n'
        f'rules = [{{ id = "pontoon.stick", note = {json.dumps(NOTE)}, '
        f'example = {json.dumps(EXAMPLE)} }}, "pontoon.stick.sixteen"]\n'
        f'[[quizzes]]\ngenerator = "pontoon.stick.may"\ncount = 2\nseed = 1\n'
        f"title = {json.dumps(QUIZ_TITLE)}\n", encoding="utf-8")
    project = tmp_path / "project"
    book = project / "book"
    book.mkdir(parents=True)
    for entry in ROOT.iterdir():
        if entry.name not in ("book", ".git"):
            (project / entry.name).symlink_to(entry)
    for entry in BOOK.iterdir():
        if entry.name.startswith("_") and entry.name not in ("_build", "_toc.yml", "_config.yml"):
            (book / entry.name).symlink_to(entry)
    # The book's config without the generated Reference part (slow, and not about lessons).
    config = (BOOK / "_config.yml").read_text(encoding="utf-8")
    (book / "_config.yml").write_text("".join(
        line for line in config.splitlines(keepends=True) if "cardref" not in line),
        encoding="utf-8")
    (book / "images").symlink_to(BOOK / "images")
    (book / "intro.md").write_text("# A class book\n\nOur lessons.\n", encoding="utf-8")
    (book / "_toc.yml").write_text("format: jb-book\nroot: intro\nparts:\n  - caption: Lessons\n"
                                   "    chapters:\n      - file: lessons/nasty\n")
    done = subprocess.run([sys.executable, "-m", "quizzes.teach.cli", "lesson", "build", str(spec),
                           "--out", str(book / "lessons")], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return book


def test_teacher_text_never_runs_and_shows_as_typed(browser: Any, tmp_path: Path) -> None:
    book = small_book(tmp_path)
    built = subprocess.run([str(BIN / "jupyter-book"), "build", str(book), "-n", "--keep-going"],
                           capture_output=True, text=True, timeout=600, check=False)
    log = built.stdout + built.stderr
    assert built.returncode == 0, log[-4000:]
    # No warning: the lesson's text breaks nothing.  (The live mode warns when lite/ is not
    # built, as `make test` does first; the Reference's settings go unused here.)
    expected = ("the live mode is not built", "unknown config value")
    warnings = [line for line in log.splitlines() if ("WARNING" in line or "ERROR" in line)
                and not any(e in line for e in expected)]
    assert not warnings, warnings
    html = book / "_build" / "html"
    pages = sorted(p.relative_to(html).as_posix() for p in html.rglob("*.html")
                   if not p.relative_to(html).as_posix().startswith(("lite/", "_static/")))
    assert "lessons/nasty.html" in pages and "intro.html" in pages, pages
    with serve(html) as base:
        ctx = browser.new_context()
        page = ctx.new_page()
        dialogs: list[str] = []

        def dismiss(dialog: Any) -> None:
            dialogs.append(f"{page.url}: {dialog.message}")
            dialog.dismiss()

        page.on("dialog", dismiss)
        w = watch(page)
        for name in pages:
            page.goto(f"{base}/{name}")
            page.wait_for_load_state("networkidle")
            assert page.locator("script:has-text('alert(1)')").count() == 0, name
            assert page.locator("img[onerror]").count() == 0, name
            if name not in ("search.html", "genindex.html"):
                nav = page.locator("nav.bd-docs-nav, .bd-sidebar-primary").first.inner_text()
                assert TEXT["title"] in nav, (name, nav)
        # the search page lists the lesson's title among its results, as text
        page.goto(f"{base}/search.html?{urlencode({'q': TEXT['title']})}")
        page.locator("#search-results li a").first.wait_for(timeout=30_000)
        assert TEXT["title"] in page.inner_text("#search-results")
        page.goto(f"{base}/lessons/nasty.html")
        page.wait_for_load_state("networkidle")
        assert TEXT["title"] in page.title()
        main = " ".join(page.inner_text("main").split())
        for shown in [*TEXT.values(), NOTE, f"Quiz: {QUIZ_TITLE}", HOUSE_NAME,
                      HOUSE_DESCRIPTION, EXAMPLE.split(":")[0]]:
            assert shown in main, (shown, main[:3000])
        assert page.locator("main .math, main mjx-container").count() == 0, "no maths"
        assert not dialogs, dialogs
        assert not w.page_errors, w.page_errors
        assert not w.outside(), w.outside()
        ctx.close()
