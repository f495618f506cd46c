"""The built book in a real browser: headless Debian Chromium, driven by Playwright.

The book is served from 127.0.0.1; quizzes are answered right and wrong; no request may
leave 127.0.0.1 and the console must stay free of errors.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser import Watch, assert_clean, watch
from tests.conftest import BOOK
from tests.test_notebooks import toc_pages

pytestmark = pytest.mark.browser


def open_page(browser: Any, url: str, *, javascript: bool = True) -> tuple[Any, Any, Watch]:
    ctx = browser.new_context(java_script_enabled=javascript)
    page = ctx.new_page()
    w = watch(page)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return ctx, page, w


def quiz_data(quiz: Any) -> dict[str, Any]:
    box = quiz.locator(".cr-q:visible")
    return dict(json.loads(box.get_attribute("data-q")))


def answer(quiz: Any, q: dict[str, Any], right: bool) -> str:
    box = quiz.locator(".cr-q:visible")
    if q["kind"] in ("multiple choice", "yes/no"):
        index = q["correct"][0] if right else next(
            i for i in range(len(q["choices"])) if i not in q["correct"])
        box.locator(f".cr-choices input[value='{index}']").check()
    elif q["kind"] == "numeric":
        value = q["low"] if right else q["high"] + 1
        box.locator(".cr-numeric input").fill(str(int(value)) if value == int(value) else str(value))
    else:
        wanted = set(q["accepted"][0]) if right else set()
        for el in box.locator(".cr-pick input").all():
            if (int(el.get_attribute("value")) in wanted) != el.is_checked():
                el.click()
    box.locator("button.cr-check").click()
    feedback = box.locator(".cr-feedback")
    feedback.wait_for(state="visible")
    return str(feedback.inner_text())


def test_browser_punto_banco_quizzes_answer_right_and_wrong(browser: Any, site: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html")
    quizzes = page.locator("[data-cr-quiz]")
    assert quizzes.count() >= 8
    kinds_seen = set()
    for i in range(quizzes.count()):
        quiz = quizzes.nth(i)
        quiz.scroll_into_view_if_needed()
        assert quiz.locator(".cr-q:visible").count() == 1, "one question at a time"
        q = quiz_data(quiz)
        kinds_seen.add(q["kind"])
        good = answer(quiz, q, right=True)
        assert good.startswith("✔ Right.") and q["rules"][0] in good
        bad = answer(quiz, q, right=False)
        assert bad.startswith("✘ Not right.") and f"The answer is: {q['answer']}" in bad
        before = quiz_data(quiz)["id"]
        quiz.locator(".cr-next").click()
        assert quiz_data(quiz)["id"] != before
    assert {"numeric", "yes/no", "multiple choice"} <= kinds_seen
    assert_clean(w)
    ctx.close()


def test_browser_quiz_works_from_the_keyboard(browser: Any, site: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html")
    quiz = page.locator("[data-cr-quiz]").filter(has=page.locator(".cr-choices")).first
    q = quiz_data(quiz)
    first = quiz.locator(".cr-q:visible .cr-choices input").first
    first.focus()
    for _ in range(q["correct"][0]):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")  # to the Check button
    page.keyboard.press("Enter")
    text = quiz.locator(".cr-q:visible .cr-feedback").inner_text()
    assert text.startswith("✔ Right."), text
    assert_clean(w)
    ctx.close()


def test_browser_static_quiz_readable_without_javascript(browser: Any, site: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html", javascript=False)
    quiz = page.locator("[data-cr-quiz]").first
    assert quiz.locator(".cr-q:visible").count() > 1, "without JS every question is listed"
    reveal = quiz.locator("details.cr-reveal").first
    reveal.locator("summary").click()
    assert "Answer:" in reveal.inner_text()
    assert not w.outside()
    ctx.close()


@pytest.mark.parametrize("page_file", [p.relative_to(BOOK).with_suffix("").as_posix()
                                       for p in toc_pages()])
def test_browser_every_page_loads_nothing_from_outside(browser: Any, site: str,
                                                        page_file: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/{page_file}.html")
    assert page.locator("h1").count() >= 1
    pictures = page.locator("svg.cr-card")
    if pictures.count():
        assert pictures.first.get_attribute("aria-label")
    assert_clean(w)
    ctx.close()
