"""Teachers' tools end to end: a lesson from a spec in a built book, answered in headless
Chromium; PDF worksheets read back with pdftotext; the Voilà live quiz clicked in a browser.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from cardrules.profiles import load_rules
from quizzes import make
from quizzes import teach as lessons
from quizzes.model.question import Kind, Question
from tests.browser import assert_clean, free_port, serve, watch
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

EXAMPLES = ROOT / "examples"
PONTOON = EXAMPLES / "pontoon-buying-and-twisting.toml"
BANCO = EXAMPLES / "punto-banco-in-20-minutes.toml"
BIN = Path(sys.executable).parent


def cardrules(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The `cardrules` command, as a teacher runs it."""
    return subprocess.run([sys.executable, "-m", "quizzes.teach.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300, check=False)


# -- static quizzes on lesson pages -------------------------------------------------------------

def answer_static(quiz: Any, right: bool) -> tuple[dict[str, Any], str]:
    """Answer the quiz's question on screen right or wrong; returns it and the verdict."""
    from tests.test_browser import answer, quiz_data

    q = quiz_data(quiz)
    return q, answer(quiz.locator(".cr-stage .cr-q"), q, right)


def check_lesson_page(browser: Any, url: str, quizzes: int) -> Any:
    """Every quiz of a lesson page answers right and wrong, with nothing from outside."""
    ctx = browser.new_context()
    page = ctx.new_page()
    w = watch(page)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    found = page.locator("[data-cr-quiz]")
    assert found.count() == quizzes
    for i in range(quizzes):
        quiz = found.nth(i)
        quiz.scroll_into_view_if_needed()
        q, good = answer_static(quiz, right=True)
        assert good.lstrip("✔ ").startswith("Right."), good
        if quiz.locator(".cr-bank > .cr-q").count() > 1:
            quiz.locator(".cr-next").click()
            q2, bad = answer_static(quiz, right=False)
            assert q2["id"] != q["id"]
            assert bad.lstrip("✘ ").startswith("Not right.") and \
                f"The answer is: {q2['answer_text']}" in bad, bad
    assert page.locator(".cr-rule").count() >= 1
    assert_clean(w)
    return ctx, page


@pytest.mark.parametrize("spec", [BANCO, PONTOON], ids=["punto-banco", "pontoon"])
def test_book_lesson_pages_answer_right_and_wrong(browser: Any, built_book: Path,
                                                  spec: Path) -> None:
    lesson = lessons.load_spec(spec)
    page_file = built_book / "lessons" / f"{lesson.slug}.html"
    assert page_file.is_file(), "the book includes the lesson (make book builds it)"
    with serve(built_book) as base:
        ctx, page = check_lesson_page(browser, f"{base}/lessons/{lesson.slug}.html",
                                      quizzes=len(lesson.quizzes))
        assert page.locator("h1").first.inner_text().startswith(lesson.title)
        ctx.close()


# -- PDF worksheets ----------------------------------------------------------------------------

def words(text: str) -> str:
    return " ".join(text.split())


def squeeze(text: str) -> str:
    """Text without spaces and hyphens: pdftotext joins "two-" and "card" into "twocard"."""
    return "".join(text.split()).replace("-", "")


def read_pdf(path: Path) -> list[str]:
    assert path.read_bytes().startswith(b"%PDF")
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout
    return text.split("\f")


def check_worksheet(pages: list[str], questions: list[Question]) -> None:
    """Every question asked once, then the answer key on later pages with every worked
    solution, step by step."""
    key_at = next(i for i, p in enumerate(pages) if "Answer key" in p)
    asked = [int(n) for p in pages[:key_at] for n in re.findall(r"Question (\d+)\.", p)]
    assert asked == list(range(1, len(questions) + 1)), asked
    before_key = pages[key_at].split("Answer key")[0]
    assert not re.search(r"Question \d+\.", before_key), "the key starts on a page of its own"
    key = words(" ".join(pages[key_at:]))
    assert not re.search(r"Question \d+\.", key)
    packed = squeeze(key)  # lines may break anywhere
    for n, q in enumerate(questions, 1):
        assert squeeze(f"{n}. Answer: {q.answer_text}.") in packed, (n, q.answer_text)
        for step in q.solution:
            assert squeeze(step) in packed, (n, step)
    assert words(questions[0].prompt) in words(" ".join(pages[:key_at]))


def test_worksheet_pdf_has_every_question_and_an_answer_key(tmp_path: Path) -> None:
    done = cardrules("lesson", "print", str(PONTOON), "--seed", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lesson = lessons.load_spec(PONTOON)
    questions = [q for _quiz, qs in lessons.worksheet_questions(lesson, 2) for q in qs]
    assert f"{len(questions)} questions" in done.stdout
    assert len(questions) == sum(q.count for q in lesson.quizzes) == 23
    pdf = tmp_path / "pontoon-buying-and-twisting-worksheet-group-2.pdf"
    pages = read_pdf(pdf)
    check_worksheet(pages, questions)
    assert "Group 2" in pages[0] and "page 1 of" in pages[0]
    assert "Buying a card" in pages[0] and "[pontoon.buy.limits]" in pages[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == [pdf.name], "no temporary file left"
    # another group gets other questions; the same group the same ones
    other = [q.prompt for _q, qs in lessons.worksheet_questions(lesson, 3) for q in qs]
    assert other != [q.prompt for q in questions]
    again = [q for _q, qs in lessons.worksheet_questions(lessons.load_spec(PONTOON), 2)
             for q in qs]
    assert again == questions


def test_worksheet_pdf_with_chromium_print_to_pdf(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    done = cardrules("lesson", "print", str(BANCO), "-o", str(out), "--engine", "chromium")
    assert done.returncode == 0, done.stderr
    lesson = lessons.load_spec(BANCO)
    questions = [q for _quiz, qs in lessons.worksheet_questions(lesson) for q in qs]
    check_worksheet(read_pdf(out), questions)


# -- the live quiz app in Voilà ----------------------------------------------------------------

@pytest.fixture(scope="module")
def voila(tmp_path_factory: Any) -> Iterator[str]:
    """apps/live-quiz.ipynb served by Voilà on a free 127.0.0.1 port, stopped by its pid: the
    documented command (`make voila`: cd apps && JUPYTER_PATH=jupyter voila live-quiz.ipynb)."""
    port = free_port()
    runtime = tmp_path_factory.mktemp("voila-runtime")
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(runtime), JUPYTER_PATH="jupyter")
    env.pop("QUERY_STRING", None)
    log = (runtime / "voila.log").open("w")
    proc = subprocess.Popen([str(BIN / "voila"), "live-quiz.ipynb", "--no-browser",
                             f"--port={port}"], cwd=ROOT / "apps", env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            if proc.poll() is not None:
                break
            try:
                urllib.request.urlopen(base + "/voila/static/voila.js", timeout=2).close()
                break
            except OSError:
                time.sleep(0.5)
        if proc.poll() is not None:
            pytest.fail("Voilà stopped: " + (runtime / "voila.log").read_text()[-2000:])
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


def live_answer(page: Any, q: Question, right: bool) -> Any:
    app = page.locator(".cr-live-quiz")
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        index = q.correct[0] if right else next(
            i for i in range(len(q.choices)) if i not in q.correct)
        app.get_by_role("radio", name=q.choices[index], exact=True).check()
        response: Any = index
    elif q.kind is Kind.NUMERIC:
        assert q.low is not None and q.high is not None
        response = str(q.low if right else q.high + 1)
        app.locator("input[type=text]").fill(response)
    else:
        pytest.fail(f"the live quiz asked a {q.kind} question, which this test does not answer")
    app.get_by_role("button", name="Check my answer").click()
    return response


def test_voila_live_quiz_checks_a_clicked_answer_with_the_engine(browser: Any,
                                                                 voila: str) -> None:
    house = EXAMPLES / "our-house-rules.toml"
    query = urlencode({"game": "pontoon", "profile": "examples/our-house-rules.toml",
                       "seed": "7"})
    ctx = browser.new_context()
    outside: list[str] = []

    def offline(route: Any) -> None:  # the class room has no internet
        if route.request.url.startswith("http://127.0.0.1"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    ctx.route("**/*", offline)
    page = ctx.new_page()
    w = watch(page)
    page.goto(f"{voila}/?{query}")
    page.locator(".cr-live-quiz").wait_for(timeout=120_000)

    profile = load_rules(house)
    ids = lessons.session_generators("pontoon")
    status = page.locator(".cr-live-quiz p[role=status]")
    for number, right in ((1, True), (2, False)):
        q = make(ids[number - 1], f"live.7.{number}", profile)
        prompt = page.locator(".cr-live-quiz").inner_text()
        assert f"Question {number}" in prompt and q.prompt in prompt
        response = live_answer(page, q, right)
        status.wait_for(timeout=60_000)
        verdict = q.check(response)
        assert verdict.correct is right
        assert status.inner_text().strip() == ("✔ " if right else "✘ ") + verdict.message
        if number == 1:
            page.locator(".cr-live-quiz").get_by_role("button", name="New question").click()
            page.locator(".cr-live-quiz", has_text="Question 2").wait_for(timeout=60_000)
    assert page.locator("select").first.input_value() == "Pontoon"
    assert "Our house rules" in page.locator(".cr-live-session").inner_text()
    # fully offline: the page template asks no CDN for icons, so nothing leaves the machine
    assert not outside, f"requests left 127.0.0.1: {outside}"
    assert_clean(w)
    ctx.close()
