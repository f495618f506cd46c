"""The built book in a real browser: headless Debian Chromium, driven by Playwright.

The book is served from 127.0.0.1; quizzes are answered right and wrong, with the mouse and
from the keyboard, to the end of a bank; without JavaScript every question stays readable
with its answer behind "Show the answer".  No request may leave 127.0.0.1 and the console
must stay free of errors.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from tests.browser import Watch, assert_clean, watch
from tests.conftest import BOOK
from tests.test_notebooks import toc_pages
from tests.test_reader import reader_pages

pytestmark = pytest.mark.browser


def open_page(browser: Any, url: str, *, javascript: bool = True) -> tuple[Any, Any, Watch]:
    ctx = browser.new_context(java_script_enabled=javascript)
    page = ctx.new_page()
    w = watch(page)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return ctx, page, w


def quiz_data(quiz: Any) -> dict[str, Any]:
    """The payload of the question a page's quiz shows (kept in the page's no-JS bank)."""
    qid = quiz.locator(".cr-stage .cr-q").get_attribute("data-qid")
    for raw in quiz.locator(".cr-bank > .cr-q").evaluate_all("els => els.map(e => e.dataset.q)"):
        q = dict(json.loads(raw))
        if q["id"] == qid:
            return q
    raise AssertionError(f"question {qid} is not in the quiz's bank")


def wrong_cards(q: dict[str, Any]) -> set[int]:
    """A pick of cards that is not right: none, the first card, or every card."""
    n = len(q["rows"][q["pick_row"]]["cards"])
    for pick in (set(), {0}, set(range(n))):
        if sorted(pick) not in q["accepted"]:
            return pick
    raise AssertionError(f"every pick is right in {q['id']}")


def fill(box: Any, q: dict[str, Any], right: bool) -> None:
    """Give a right or a wrong answer to the question drawn in ``box`` (not checked yet)."""
    if q["kind"] in ("multiple choice", "yes/no"):
        picks = q["correct"] if right else [next(i for i in range(len(q["choices"]))
                                                 if i not in q["correct"])]
        for i in picks:
            box.locator(f".cr-choices input[value='{i}']").check()
    elif q["kind"] == "numeric":
        value = q["low"] if right else str(Fraction(q["high"]) + 1)
        box.locator(".cr-numeric input").fill(str(value))
    else:
        wanted = set(q["accepted"][0]) if right else wrong_cards(q)
        for el in box.locator(".cr-pick input").all():
            if (int(el.get_attribute("value")) in wanted) != el.is_checked():
                el.click()


def answer(box: Any, q: dict[str, Any], right: bool) -> str:
    """Answer right or wrong and check; returns the verdict's text."""
    fill(box, q, right)
    box.locator("button.cr-check").click()
    verdict = box.locator(".cr-feedback.cr-right, .cr-feedback.cr-wrong")
    verdict.wait_for(state="visible")
    return str(verdict.inner_text())


def assert_cites_once(box: Any, q: dict[str, Any], text: str) -> None:
    """The verdict names each rule once, by its title, as a link to its rule box, and no
    '(Rule ...)' and no raw rule id."""
    links = box.locator(".cr-feedback .cr-cite a, .cr-feedback .cr-cite .cr-rule-name")
    assert links.count() == len(q["rule_ids"]), text
    assert [links.nth(i).inner_text() for i in range(links.count())] == q["rule_titles"], text
    assert "(Rule" not in text and "[rule" not in text, text
    for rid in q["rule_ids"]:
        assert rid not in text, f"the raw id {rid} in the verdict: {text}"


def test_browser_punto_banco_quizzes_answer_right_and_wrong(browser: Any, site: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html")
    quizzes = page.locator("[data-cr-quiz]")
    assert quizzes.count() >= 8
    # the no-JS copy is hidden and emptied: the page keeps each question's data only
    assert page.locator(".cr-bank:visible").count() == 0
    assert page.locator(".cr-bank > .cr-q[data-q]").count() >= quizzes.count()
    assert page.locator(".cr-bank > .cr-q > *").count() == 0
    kinds_seen = set()
    for i in range(quizzes.count()):
        quiz = quizzes.nth(i)
        quiz.scroll_into_view_if_needed()
        assert quiz.locator(".cr-q:visible").count() == 1, "one question at a time"
        q = quiz_data(quiz)
        kinds_seen.add(q["kind"])
        box = quiz.locator(".cr-stage .cr-q")
        good = answer(box, q, right=True)
        assert good.lstrip("✔ ").startswith("Right."), good
        assert_cites_once(box, q, good)
        total = quiz.locator(".cr-bank > .cr-q").count()
        if total > 1:
            quiz.locator(".cr-next").click()
            q2 = quiz_data(quiz)
            assert q2["id"] != q["id"]
            bad = answer(quiz.locator(".cr-stage .cr-q"), q2, right=False)
            assert bad.lstrip("✘ ").startswith("Not right.") and \
                f"The answer is: {q2['answer_text']}" in bad, bad
    assert {"numeric", "yes/no", "multiple choice"} <= kinds_seen
    assert_clean(w)
    ctx.close()


def test_browser_hint_working_and_the_marked_answer(browser: Any, site: str) -> None:
    """A hint and the working on request (labelled buttons that say their state); after
    Check the right choice is marked in words and by a shape and the learner's own stays
    readable, marked "your answer"."""
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html")
    quiz = page.locator("[data-cr-quiz]").filter(
        has=page.locator(".cr-choices input[type=radio]")).first
    q = quiz_data(quiz)
    box = quiz.locator(".cr-stage .cr-q")
    assert box.get_by_role("button", name="Hint", exact=True).count() == 1
    hint = box.locator("button.cr-help").first  # its name changes with its state
    assert hint.inner_text() == "Hint" and hint.get_attribute("aria-expanded") == "false"
    panel = box.locator(f"#{hint.get_attribute('aria-controls')}")
    assert panel.is_hidden()
    hint.focus()
    page.keyboard.press("Enter")  # keyboard-reachable
    assert hint.get_attribute("aria-expanded") == "true" and hint.inner_text() == "Hide the hint"
    assert panel.is_visible() and panel.inner_text().strip() == q["hint"]
    assert panel.get_attribute("role") == "region" and panel.get_attribute("aria-label") == "Hint"
    working = box.locator("button.cr-help").nth(1)
    assert working.inner_text() == "Show the working"
    working.click()
    steps = box.locator(".cr-working li")
    assert [steps.nth(i).inner_text() for i in range(steps.count())] == q["solution"]
    assert working.get_attribute("aria-expanded") == "true"
    assert working.inner_text() == "Hide the working"
    wrong = next(i for i in range(len(q["choices"])) if i not in q["correct"])
    box.locator(f".cr-choices input[value='{wrong}']").check()
    box.locator("button.cr-check").click()
    box.locator(".cr-feedback.cr-wrong").wait_for(state="visible")
    right_label = box.locator(".cr-choice.cr-is-answer")
    mine = box.locator(".cr-choice.cr-is-yours")
    assert right_label.count() == len(q["correct"]) and mine.count() == 1
    assert "✔ the answer" in right_label.first.inner_text()
    assert q["choices"][q["correct"][0]] in right_label.first.inner_text()
    assert "your answer" in mine.inner_text() and q["choices"][wrong] in mine.inner_text()
    # readable: not faded, and framed by a shape as well as a colour
    assert mine.evaluate("el => getComputedStyle(el).opacity") == "1"
    assert right_label.first.evaluate("el => getComputedStyle(el).borderTopStyle") == "solid"
    assert mine.evaluate("el => getComputedStyle(el).borderTopStyle") == "dashed"
    assert_clean(w)
    ctx.close()


def test_browser_a_bank_ends_with_a_summary_then_starts_again(browser: Any, site: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html")
    quiz = page.locator("[data-cr-quiz]").filter(
        has=page.locator(".cr-bank > .cr-q:nth-child(3)")).first
    total = quiz.locator(".cr-bank > .cr-q").count()
    missed: set[str] = set()
    for i in range(total):
        q = quiz_data(quiz)
        right = i != 1  # the second answer is wrong
        answer(quiz.locator(".cr-stage .cr-q"), q, right)
        if not right:
            missed.update(q["rule_ids"])
        quiz.locator(".cr-next").click()
    summary = quiz.locator(".cr-summary")
    assert f"You answered {total - 1} of {total} right." in summary.inner_text()
    review = summary.locator(".cr-review-list li")
    assert review.count() == len(missed)
    assert page.evaluate("() => document.activeElement.className") == "cr-summary-title"
    practice = summary.locator("a[href*='practice.html?rules=']").get_attribute("href")
    assert all(r in practice for r in missed)
    quiz.locator("button.cr-restart").click()
    assert quiz.locator(".cr-stage .cr-q-number").inner_text() == f"Question 1 of {total}"
    assert_clean(w)
    ctx.close()


def test_browser_quiz_works_from_the_keyboard(browser: Any, site: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html")
    quiz = page.locator("[data-cr-quiz]").filter(
        has=page.locator(".cr-choices input[type=radio]")).filter(
        has=page.locator(".cr-bank > .cr-q:nth-child(2)")).first
    q = quiz_data(quiz)
    first = quiz.locator(".cr-stage .cr-choices input").first
    first.focus()
    page.keyboard.press("Space")
    for _ in range(q["correct"][0]):
        page.keyboard.press("ArrowDown")  # arrows move between the choices and pick
    page.keyboard.press("Enter")  # Enter checks
    text = quiz.locator(".cr-stage .cr-feedback").inner_text()
    assert text.lstrip("✔ ").startswith("Right."), text
    assert page.evaluate("() => document.activeElement.className") == "cr-next"
    page.keyboard.press("Enter")  # to the next question, focus on its first choice
    assert quiz.locator(".cr-stage .cr-q-number").inner_text().startswith("Question 2 of")
    focused = page.evaluate("() => document.activeElement.closest('.cr-stage') !== null")
    assert focused, "the focus stays in the quiz"
    assert_clean(w)
    ctx.close()


def test_browser_static_quiz_readable_without_javascript(browser: Any, site: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html", javascript=False)
    quiz = page.locator("[data-cr-quiz]").first
    assert quiz.locator(".cr-q:visible").count() > 1, "without JS every question is listed"
    assert page.locator("[data-cr-quiz] button, [data-cr-quiz] input").count() == 0, \
        "no control that needs a script"
    reveal = quiz.locator("details.cr-reveal").first
    reveal.locator("summary").click()
    assert "Answer:" in reveal.inner_text() and "The working:" in reveal.inner_text()
    assert quiz.locator("details.cr-hint-reveal").count() == quiz.locator(".cr-q").count()
    assert "banco." not in quiz.inner_text(), "no raw rule id"
    assert not w.outside()
    ctx.close()


@pytest.mark.parametrize("page_file", [
    name for name in (p.relative_to(BOOK).with_suffix("").as_posix() for p in toc_pages())
    if name not in reader_pages()])  # tests/test_pages.py reads those, the same way and more
def test_browser_every_page_loads_nothing_from_outside(browser: Any, site: str,
                                                        page_file: str) -> None:
    ctx, page, w = open_page(browser, f"{site}/{page_file}.html")
    assert page.locator("h1").count() >= 1
    pictures = page.locator("svg.cr-card")
    if pictures.count():
        assert pictures.first.get_attribute("aria-label")
    assert_clean(w)
    ctx.close()


def test_browser_the_page_words_each_verdict_as_the_engines_question(browser: Any,
                                                                     site: str) -> None:
    """A page's quiz data leaves out the explanation and the two verdicts (a chapter stays
    light); the page's renderer makes them from the working, the answer and the rules'
    titles, and says exactly what the engine's question says, for every generator."""
    from quizzes.model.question import question_payload
    from quizzes.model.registry import all_generators, make
    from quizzes.static.html import payload

    cases = []
    for gen in all_generators():
        for seed in range(3):
            q = make(gen.id, seed=seed)
            right, wrong = q.verdicts()
            cases.append({"page": payload(q), "full": question_payload(q),
                          "want": [q.explanation, right, wrong]})
    assert all("right" not in c["page"] and "explanation" not in c["page"] for c in cases)
    ctx, page, w = open_page(browser, f"{site}/punto-banco.html")
    said = page.evaluate("""(cases) => cases.map((c) => [
        [window.cardrules.explanationOf(c.page), window.cardrules.verdictOf(c.page, true),
         window.cardrules.verdictOf(c.page, false)],
        window.cardrules.verdictOf(c.full, false)])""", cases)
    for case, (made, given) in zip(cases, said, strict=True):
        assert made == case["want"], (case["page"]["id"], made, case["want"])
        assert given == case["want"][2]  # a bank file's own verdict is used as it is
    assert_clean(w)
    ctx.close()
