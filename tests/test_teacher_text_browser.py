"""Teacher text is text, in a real book in a real browser.

A lesson whose every text field, and whose house-rules file's name and description, holds a
script or an ``onerror`` payload (with ``$`` signs and a MyST role for good measure) is built
into the teachers' small book (``tests/class_book.py``); headless Chromium loads every page
of it.  No dialog may open, and the text must show as typed: on
the page, in the sidebar and in the window's title.
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
        main = " ".join(page.inner_text("main").split())
        for shown in [*TEXT.values(), NOTE, f"Quiz: {QUIZ_TITLE}", HOUSE_NAME,
                      HOUSE_DESCRIPTION, EXAMPLE.split(":")[0]]:
            assert shown in main, (shown, main[:3000])
        assert page.locator("main .math, main mjx-container").count() == 0, "no maths"
        assert not dialogs, dialogs
        assert not w.page_errors, w.page_errors
        assert not w.outside(), w.outside()
        ctx.close()
