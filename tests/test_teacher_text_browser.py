"""Teacher text is text, in a real book in a real browser; house rules are the rules.

A lesson whose every text field, and whose house-rules file's name and description, holds a
script or an ``onerror`` payload (with ``$`` signs and a MyST role for good measure) is built
into the teachers' small book (``tests/class_book.py``); headless Chromium loads every page
of it.  No dialog may open, and the text must show as typed: on
the page, in the sidebar and in the window's title.

The book's lessons at house tables (stick on 16; a dealer who stands on soft 17) state each
rule as their table plays it, in Chromium and in their worksheets' PDF, read with pdftotext.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests import class_book
from tests.browser import serve, watch
from tests.class_book import (
    EXAMPLE,
    HOUSE_DESCRIPTION,
    HOUSE_NAME,
    NOTE,
    QUIZ_TITLE,
    TEXT,
    warnings_of,
)

pytestmark = pytest.mark.browser



def test_teachers_lessons_build_into_a_book_shown_as_typed_and_answered(
        browser: Any, tmp_path: Path) -> None:
    """One small book, built once, holds both lessons (tests/class_book.py)."""
    html, log = class_book.build(tmp_path)
    # No warning: the lessons' text breaks nothing.
    assert not warnings_of(log), warnings_of(log)
    teacher_text_never_runs_and_shows_as_typed(browser, html)
    a_house_lesson_joins_the_book_and_its_quizzes_answer(browser, html)
    house_rules_are_printed_as_the_table_plays_them(browser, html, tmp_path / "teacher",
                                                    tmp_path / "sheets")


STICK_16 = "with a total of at least 16 (house rule; the standard game: 15 or more)."
SOFT_17 = ("The dealer must draw on 16 or less and stands on 17 or more, soft 17 included "
           "(house rule; the standard game's dealer draws on soft 17).")


def house_rules_are_printed_as_the_table_plays_them(browser: Any, html: Path, teacher: Path,
                                                    sheets: Path) -> None:
    """A lesson page and a worksheet made with a house-rules file that changes a rule print
    the rule as the table plays it, marked as a house rule, and list what the file changes
    beside the standard value; a file that describes nothing is described by its changes."""
    from tests.test_teachers_browser import cardrules, read_pdf, squeeze, words

    with serve(html) as base:
        ctx = browser.new_context()
        page = ctx.new_page()
        w = watch(page)
        page.goto(f"{base}/lessons/sticking.html")
        page.wait_for_load_state("networkidle")
        stick = page.locator("aside.cr-rule[data-cr-rule='pontoon.stick']")
        assert stick.get_attribute("data-cr-house-rule") == "1"
        assert STICK_16 in words(stick.inner_text()) and "at least 15." not in stick.inner_text()
        assert "a house rule at this table" in stick.inner_text()
        hand = page.locator("aside.cr-rule[data-cr-rule='pontoon.hand-value']")
        assert hand.get_attribute("data-cr-house-rule") is None, "a rule the file leaves alone"
        assert "Sticking: 16 or more (standard: 15 or more)" in page.inner_text("main")

        page.goto(f"{base}/lessons/dealer.html")
        page.wait_for_load_state("networkidle")
        main = words(page.inner_text("main"))
        dealer = page.locator("aside.cr-rule[data-cr-rule='casino-pontoon.dealer']")
        assert SOFT_17 in words(dealer.inner_text()), dealer.inner_text()
        assert "and on soft 17, and stands on hard 17" not in main
        assert "The dealer on soft 17: stands (standard: draws)" in main
        assert "Casino Pontoon (house rules)" in main
        assert "Casino Pontoon, the dealer stands on soft 17." in main
        assert "dealer hits soft 17" not in main, "no stale description of the parent"
        assert not w.page_errors, w.page_errors
        assert not w.outside(), w.outside()
        ctx.close()

    sheets.mkdir()
    for spec, said, changed, standard in (
            ("sticking", STICK_16, "Sticking: 16 or more (standard: 15 or more)", "at least 15."),
            ("dealer", SOFT_17, "The dealer on soft 17: stands (standard: draws)",
             "and on soft 17, and stands on hard 17")):
        pdf = sheets / f"{spec}.pdf"
        done = cardrules("lesson", "print", str(teacher / f"{spec}.toml"), "-o", str(pdf))
        assert done.returncode == 0, done.stderr
        pages = read_pdf(pdf)
        key_at = next(i for i, text in enumerate(pages) if "Answer key" in text)
        sheet = squeeze(" ".join(pages[:key_at]))  # the rules and the questions
        assert squeeze(said) in sheet, (spec, pages[0])
        assert squeeze(changed) in sheet and squeeze("(a house rule at this table)") in sheet
        assert squeeze(standard) not in sheet, spec

def a_house_lesson_joins_the_book_and_its_quizzes_answer(browser: Any, html: Path) -> None:
    """Spec -> `cardrules lesson build` -> `jupyter-book build` -> Chromium answers."""
    from tests.test_teachers_browser import check_lesson_page

    with serve(html) as base:
        ctx, page = check_lesson_page(browser, f"{base}/lessons/sticking.html", quizzes=2)
        text = page.inner_text("main")
        assert "Sticking needs 16 or more at this table" in text, "the house rule is asked"
        assert "Variation: stick on 16" in text and "For the teacher" in text
        ctx.close()


def teacher_text_never_runs_and_shows_as_typed(browser: Any, html: Path) -> None:
    """No page of the book runs the nasty lesson's payloads; its text shows as typed."""
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
        # the teacher's notes (audience, files) close the page in a dropdown: opened, as read
        notes = page.locator("main .admonition.dropdown")
        notes.locator(".toggle-button").click()
        notes.get_by_text("Audience.").wait_for(state="visible")
        main = " ".join(page.inner_text("main").split())
        for shown in [*TEXT.values(), NOTE, f"Quiz: {QUIZ_TITLE}", HOUSE_NAME,
                      HOUSE_DESCRIPTION, EXAMPLE.split(":")[0]]:
            assert shown in main, (shown, main[:3000])
        assert page.locator("main .math, main mjx-container").count() == 0, "no maths"
        assert not dialogs, dialogs
        assert not w.page_errors, w.page_errors
        assert not w.outside(), w.outside()
        ctx.close()
