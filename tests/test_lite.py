"""The book's live mode: the play-along table in Python, and the engine in the browser.

The fast tests drive :mod:`quizzes.live.table` with ipywidgets' ``.click()`` and check the
code the "Live" control runs.  The browser tests (``@pytest.mark.browser``) open a
chapter of the built book from 127.0.0.1 in headless Chromium, start the live mode
(JupyterLite and Pyodide, served by the book itself), answer a live quiz right and
wrong with the answer read from the engine in the browser's kernel, play a hand at the
play-along table, and check that no request leaves 127.0.0.1.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
import urllib.parse
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from cardrules import banco, load_rules
from cardrules import game as registry
from quizzes.live.table import PlayTable, adapter, available_games, live_panel
from quizzes.model.registry import bank
from quizzes.static.html import render_bank
from tests.browser import Watch, watch
from tests.conftest import ROOT
from tests.support import load_file

cardlive = load_file("cardlive", ROOT / "lite/sphinx/cardlive.py")

GAMES = list(registry.names())

# Console errors the live mode may log and that do not matter: none so far.  (The widget
# manager logs two *warnings* from its JSON-schema validator, "strict mode: use
# allowUnionTypes"; warnings are not errors, and the widgets work.)
ALLOWED_CONSOLE: tuple[str, ...] = ()


# -- the table, driven in Python -------------------------------------------------------------
def _seed_where_player_stands() -> str:
    """A seed whose coup has no natural and a Player who stands (so "draws" is refused)."""
    rules = load_rules("punto-banco")
    for n in range(200):
        s = banco.new_coup(rules, seed=str(n))  # type: ignore[arg-type]
        if not s.is_over and banco.legal_actions(s) == (banco.Stand(banco.Side.PLAYER),):
            return str(n)
    raise AssertionError("no such seed in 200")


def _button(table: PlayTable, label: str) -> Any:
    return next(b for b in table.actions.children if b.description == label)


def test_table_banco_refuses_with_the_rule_then_settles() -> None:
    seed = _seed_where_player_stands()
    t = PlayTable("banco", seed=seed)
    _button(t, "Bet 10 on the Banker").click()
    before = t.state
    _button(t, "Player draws a third card").click()
    assert t.state is before, "a refused action leaves the hand as it was"
    assert t.refusals == 1
    assert "Refused" in t.feedback.value and "banco.player-draw" in t.feedback.value
    _button(t, "Player stands").click()
    assert t.state is not before and "✔" in t.feedback.value
    while not t.over:
        _button(t, t.legal_labels()[0]).click()
    coup = banco.coup_record(t.state)
    settled = banco.settle([banco.Bet("You", banco.BetOn.BANKER, 10)], coup)
    assert "Settlement" in t.result.value
    assert f"<td>{settled.payments[0].reason} [banco.payouts]</td>" in t.result.value
    assert not t.actions.children, "no buttons once the coup is over"


def test_table_same_seed_same_hand_and_next_hand() -> None:
    a, b = PlayTable("banco", seed=5), PlayTable("punto-banco", seed=5)
    assert a.state == b.state
    a.next_button.click()
    assert a.seed == "6" and a.state == PlayTable("banco", seed=6).state
    a.seed_box.value = "5"
    a.deal_button.click()
    assert a.state == b.state


@pytest.mark.parametrize("game", GAMES)
def test_table_plays_every_game_to_its_end(game: str) -> None:
    assert game in available_games(), f"the play-along table has no adapter for {game}"
    for seed in ("1", "2"):
        t = PlayTable(game, seed=seed)
        for _ in range(400):
            if t.over:
                break
            offered = [c.label for c in t.choices()]
            legal = t.legal_labels()
            assert legal, f"{game} seed {seed}: none of {offered} is legal"
            refused = [label for label in offered if label not in legal]
            if refused:
                state = t.state
                _button(t, refused[0]).click()
                assert t.state is state and "Refused" in t.feedback.value
                assert "[rule " in t.feedback.value or "(Rule " in t.feedback.value
            _button(t, legal[0]).click()
        assert t.over, f"{game} seed {seed} did not end"
        assert t.result.value and "<table>" in t.result.value


def test_table_unknown_game_says_which_games_it_plays() -> None:
    with pytest.raises(ValueError, match="the table plays: banco"):
        adapter("snap")


def test_live_panel_holds_the_quizzes_and_the_table() -> None:
    p = live_panel([["banco.natural.spot"], ["banco.payouts.net"]], game="banco", seed=3,
                   titles=["Naturals", "Payouts"])
    assert [p.get_title(i) for i in range(3)] == ["Quiz: Naturals", "Quiz: Payouts",
                                                  "Play along: Punto Banco"]
    quiz = p.quizzes[0]
    assert quiz.answer(quiz.question.correct[0]).correct
    assert isinstance(p.table, PlayTable)


def test_live_control_code_runs_the_page_quizzes() -> None:
    html = render_bank(bank(["banco.natural.spot", "banco.natural.who-draws"], count=4, seed=1),
                       "Naturals") + render_bank(bank("banco.result.winner", count=2), "Who wins")
    found = cardlive.page_quizzes(f"<h1>Punto Banco</h1>{html}")
    assert found == [("Naturals", ["banco.natural.spot", "banco.natural.who-draws"], None),
                     ("Who wins", ["banco.result.winner"], None)]
    assert cardlive.page_game(found) == "banco"
    namespace: dict[str, Any] = {}
    exec(cardlive.repl_code(found, "banco"), namespace)
    panel = namespace["panel"]
    assert len(panel.quizzes) == 2 and panel.table is not None


def test_live_mode_asks_under_the_page_house_rules() -> None:
    # The Pontoon lesson teaches "16 to stick": its live quizzes and table play by that too.
    from quizzes.pages.parts import quiz_block

    house = ROOT / "examples" / "our-house-rules.toml"
    html = (quiz_block(["pontoon.stick.may"], {"count": "2", "profile": str(house)})
            + quiz_block(["pontoon.hand-value.total"], {"count": "2", "profile": str(house)}))
    found = cardlive.page_quizzes(f"<h1>Pontoon</h1>{html}")
    assert found[0].profile is not None and "min_stick = 16" in found[0].profile
    assert found[1].profile == found[0].profile
    assert cardlive.repl_code(found, "pontoon").count("min_stick = 16") == 1  # said once
    namespace: dict[str, Any] = {}
    exec(cardlive.repl_code(found, "pontoon"), namespace)
    panel = namespace["panel"]
    for _ in range(4):
        panel.quiz(0).new_question()
        assert "16 or more" in panel.quiz(0).question.prompt
    assert panel.profiles == [load_rules(house), load_rules(house)]
    assert panel.table is not None and panel.table.rules.min_stick == 16  # type: ignore[attr-defined]


def test_live_mode_asks_under_a_shipped_profile_option() -> None:
    # Casino Pontoon's second strategy trainer is asked under the online rules.
    from quizzes.live.notebook import quiz

    html = (quiz("casino-pontoon.strategy.best", count=2, seed=11).static_html()
            + quiz("casino-pontoon.strategy.best", count=2, seed=12,
                   profile="casino-pontoon-online").static_html())
    found = cardlive.page_quizzes(html)
    assert [q.profile for q in found] == ["casino-pontoon", "casino-pontoon-online"]
    code = cardlive.repl_code(found, "casino-pontoon")
    assert 'profiles=["casino-pontoon", "casino-pontoon-online"]' in code
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    panel = namespace["panel"]
    assert panel.profiles[1] == load_rules("casino-pontoon-online")
    assert panel.quiz(1).question.profile == "casino-pontoon-online"
    assert panel.table.rules == load_rules("casino-pontoon")  # two rule sets: the shipped one


def test_live_panel_refuses_more_profiles_than_quizzes() -> None:
    with pytest.raises(ValueError, match="2 profiles for 1 quizzes"):
        live_panel([["pontoon.stick.may"]], profiles=["pontoon", None])


def test_built_lesson_live_mode_plays_by_the_house_rules(built_book: Path) -> None:
    page = (built_book / "lessons" / "pontoon-buying-and-twisting.html").read_text("utf-8")
    href = unescape(page.split('class="cr-live-open" href="', 1)[1].split('"', 1)[0])
    code = urllib.parse.parse_qs(href.split("?", 1)[1])["code"][0]
    assert "min_stick = 16" in code
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    panel = namespace["panel"]
    stick = [i for i, ids in enumerate(panel.specs) if "pontoon.stick.may" in ids]
    assert stick and all(p is not None and p.min_stick == 16 for p in panel.profiles)
    assert "16 or more" in panel.quiz(stick[0]).question.prompt
    chapter = (built_book / "casino-pontoon.html").read_text("utf-8")
    assert "casino-pontoon-online" in unescape(chapter.split('class="cr-live-open" href="', 1)[1]
                                               .split('"', 1)[0])


def test_lite_stdlib_ships_what_the_engine_starts_with_as_bytecode(built_book: Path) -> None:
    """lite/build.py: the modules the engine starts with load from bytecode (no compiling at
    each start); the rest of the standard library keeps its sources."""
    import zipfile

    with zipfile.ZipFile(built_book / "lite" / "static" / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
    for module in ("json/__init__", "fractions", "tomllib/_parser", "hashlib", "dataclasses"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
    assert "smtplib.py" in names and "smtplib.pyc" not in names
    worker = built_book / "lite" / "static" / "pyodide" / "python_stdlib_worker.zip"
    with zipfile.ZipFile(worker) as z:
        own = {n for n in z.namelist() if not n.endswith("/")}
    assert own == {n for n in names if n.endswith(".pyc")}, "the worker's zip: those alone"


# -- the built live site ----------------------------------------------------------------------
def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.browser
def test_lite_site_is_offline_and_its_lock_matches_the_wheels(built_book: Path) -> None:
    lite = built_book / "lite"
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    lock = json.loads((lite / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    for entry in packages.values():
        assert _sha256(lite / "static/pyodide" / entry["file_name"]) == entry["sha256"]
        assert all(d in packages for d in entry["depends"]), entry["name"]
    assert "ipywidgets" in packages["cardrules"]["depends"]
    assert {"cardrules", "ipython", "pyodide-kernel"} <= set(kernel["loadPyodideOptions"]
                                                                ["packages"])


# -- in the browser ---------------------------------------------------------------------------
def _watch_context(ctx: Any) -> Watch:
    """Every request of the page, its frames and its workers (the kernel runs in one)."""
    w = Watch()
    ctx.on("request", lambda r: w.requests.append(r.url))
    ctx.on("requestfailed", lambda r: w.failed.append(f"{r.url} {r.failure}"))
    return w


def start_live(page: Any, timeout_s: float = 120) -> tuple[Any, float]:
    """Press the page's "Start the live mode" and wait for the live panel (kernel ready)."""
    t0 = time.perf_counter()
    page.locator("[data-cr-live] a.cr-live-open").click()
    frame = page.frame_locator("iframe.cr-live-iframe")
    frame.locator(".cr-live-panel").wait_for(state="visible", timeout=timeout_s * 1000)
    return frame, time.perf_counter() - t0


def run_in_kernel(page: Any, frame: Any, code: str, tag: str) -> str:
    """Type one line of Python into the REPL's prompt, run it, return what it printed
    after ``<<tag>>`` (the tag is built at run time, so the echoed input never matches)."""
    prompt = frame.locator(".jp-CodeConsole-promptCell .cm-content")
    prompt.click()
    page.keyboard.insert_text(f"print('<<' + '{tag}>>' + {code})")
    page.keyboard.press("Shift+Enter")
    out = frame.locator(".jp-OutputArea-output", has_text=f"<<{tag}>>").last
    out.wait_for(timeout=60_000)
    return str(out.inner_text()).split(f"<<{tag}>>", 1)[1].strip()


ANSWER = ("__import__('json').dumps(dict(kind=q.kind.value, choices=list(q.choices), "
          "correct=list(q.correct), low=str(q.low), high=str(q.high), "
          "accepted=[sorted(a) for a in q.accepted], cards=len(q.rows[q.pick_row].cards) "
          "if q.rows else 0, id=q.id))")


def answer_live(quiz: Any, q: dict[str, Any], right: bool) -> str:
    """Answer the live quiz's current question in its widgets and press Check."""
    from playwright.sync_api import expect

    kind = q["kind"]
    if kind in ("multiple choice", "yes/no"):
        index = q["correct"][0] if right else next(
            i for i in range(len(q["choices"])) if i not in q["correct"])
        quiz.locator(".widget-radio-box label").nth(index).click()
    elif kind == "numeric":
        from fractions import Fraction

        value = Fraction(q["low"]) if right else Fraction(q["high"]) + 1
        quiz.locator("input[type=text]").fill(str(value))
    else:
        wanted = set(q["accepted"][0])
        if not right:  # one card more than a right answer, or the first card alone
            extra = next((i for i in range(q["cards"]) if i not in wanted), None)
            wanted = wanted | {extra} if extra is not None else {0}
            assert sorted(wanted) not in q["accepted"]
        toggles = quiz.locator("button.widget-toggle-button")
        for i in range(toggles.count()):
            pressed = "mod-active" in (toggles.nth(i).get_attribute("class") or "")
            if (i in wanted) != pressed:
                toggles.nth(i).click()
    feedback = quiz.locator(".widget-html").last  # the quiz's last child: its verdict
    before = feedback.inner_text()
    quiz.get_by_role("button", name="Check my answer").click()
    expect(feedback).not_to_have_text(before, timeout=30_000)
    return str(feedback.inner_text()).strip()


def _next_offer(table: Any, last: list[str]) -> list[str]:
    """The labels of the buttons a play-along table offers next, once they differ from
    ``last`` (the page shows a move's feedback before its new buttons); none once the hand
    is settled."""
    buttons = table.locator(".cr-table-actions button")
    settled = table.locator(".cr-table-result", has_text="Settlement")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if settled.count():
            return []
        labels: list[str] = buttons.all_inner_texts()
        if labels and labels != last:
            return labels
        time.sleep(0.1)
    raise AssertionError(f"the table offered nothing new after {last} and did not settle")


def play_banco_hand(table: Any) -> None:
    """At a Punto Banco play-along table in the browser: deal a seed where the Player
    stands, press each offered action in turn (the refused draw shows its rule), and
    play the coup to its settlement."""
    from playwright.sync_api import expect

    table.wait_for(state="visible", timeout=120_000)  # Voilà renders slowly on a busy machine
    seed = _seed_where_player_stands()
    table.locator(".cr-table-seed input").fill(seed)
    table.get_by_role("button", name="Deal", exact=True).click()
    expect(table.locator(".cr-table-board")).to_contain_text(f"Seed {seed}", timeout=30_000)
    expect(table.locator(".cr-table-actions button").first).to_be_visible(timeout=30_000)
    # the hand dealt before (seed 1) ended at once, and its settlement's removal may reach
    # the page after the new board: wait for it, or the loop below would take it for this
    # hand's end
    expect(table.locator(".cr-table-result")).not_to_contain_text("Settlement", timeout=30_000)
    feedback = table.locator(".cr-table-feedback")
    refused_seen = False
    labels: list[str] = []
    for _ in range(6):
        labels = _next_offer(table, labels)
        if not labels:  # settled
            break
        for label in labels:
            before = feedback.inner_text()
            table.get_by_role("button", name=label, exact=True).click()
            expect(feedback).not_to_have_text(before, timeout=30_000)
            text = feedback.inner_text()
            if "✘ Refused" in text:
                assert "(Rule banco." in text, text
                refused_seen = True
                continue
            break
    result = table.locator(".cr-table-result").inner_text()
    assert "Settlement" in result and "You" in result, result
    assert refused_seen, "the Player's refused draw was explained"


def console_problems(page_errors: list[str], console_errors: list[str]) -> list[str]:
    return [e for e in [*page_errors, *console_errors]
            if not any(ok in e for ok in ALLOWED_CONSOLE)]


@pytest.mark.browser
def test_live_mode_runs_the_engine_in_the_browser(browser: Any, site: str) -> None:
    ctx = browser.new_context()
    w = _watch_context(ctx)
    page = ctx.new_page()
    page_watch = watch(page)
    page.goto(f"{site}/punto-banco.html")
    page.wait_for_load_state("networkidle")
    assert not [u for u in w.requests if "/lite/" in u], "the live runtime loads only on demand"
    frame, ready = start_live(page)
    print(f"live mode ready in {ready:.1f} s")

    # A live quiz: its question comes from the engine in the browser, and so does the
    # answer the test gives (read from the kernel, never typed here).
    quiz = frame.locator(".cr-live-quiz").first
    q = json.loads(run_in_kernel(page, frame, "(lambda q: " + ANSWER + ")"
                                 "(panel.quiz(0).question)", "ANSWER"))
    good = answer_live(quiz, q, right=True)
    assert good.startswith("✔ Right."), good
    bad = answer_live(quiz, q, right=False)
    assert bad.startswith("✘ Not right.") and "The answer is:" in bad, bad
    quiz.get_by_role("button", name="New question").click()
    quiz.get_by_text("Question 2").wait_for()
    q2 = json.loads(run_in_kernel(page, frame, "(lambda q: " + ANSWER + ")"
                                  "(panel.quiz(0).question)", "ANSWER2"))
    assert q2["id"] != q["id"], "a new question, made by the engine"
    assert answer_live(quiz, q2, right=True).startswith("✔ Right.")

    # The play-along table: deal a seed where the Player stands, try the refused draw,
    # then play the coup to its settlement.
    frame.get_by_text("Play along: Punto Banco").click()
    play_banco_hand(frame.locator(".cr-play-table"))

    outside = w.outside()
    assert not outside, f"requests left 127.0.0.1: {outside}"
    assert not w.failed, f"failed requests: {w.failed}"
    problems = console_problems(page_watch.page_errors, page_watch.console_errors)
    assert not problems, f"console errors: {problems}"
    ctx.close()


@pytest.mark.browser
def test_live_control_on_every_page_points_into_the_book(built_book: Path) -> None:
    from tests.test_notebooks import toc_pages

    pages = [built_book / p.relative_to(ROOT / "book").with_suffix(".html")
             for p in toc_pages()]
    bare = {p.relative_to(built_book).as_posix() for p in pages
            if 'class="cr-live-open"' not in p.read_text(encoding="utf-8")}
    assert {"glossary.html", "practice.html", "progress.html"} <= bare, sorted(bare)
    assert not {"pontoon.html", "cards.html", "punto-banco.html"} & bare, sorted(bare)
    for p in pages:
        html = p.read_text(encoding="utf-8")
        # the Practice page runs the engine in its own worker; Progress, the glossary and
        # the sources have nothing to run
        wanted = cardlive.wants_live_mode(html)
        assert wanted == ('class="cr-live-open"' in html), f"{p.name}: live control {wanted}?"
        if not wanted:
            continue
        href = unescape(html.split('class="cr-live-open" href="', 1)[1].split('"', 1)[0])
        path, query = href.split("?", 1)
        assert (p.parent / path).resolve().is_file(), f"{p.name}: {path} is missing"
        code = urllib.parse.parse_qs(query)["code"][0]
        namespace: dict[str, Any] = {}
        exec(code, namespace)  # the live mode's code, run here with the same engine
        if "data-cr-quiz" not in html:
            continue  # a page without quizzes: the engine, ready to try
        panel = namespace["panel"]
        for i in range(len(panel.children)):
            panel.selected_index = i
            assert panel.children[i].children, f"{p.name}: section {i} stayed empty"
        if panel.table is not None:
            assert panel.table.choices() or panel.table.over


# -- the play-along notebook: Jupyter and Voilà ------------------------------------------------
PLAY_ALONG = ROOT / "lite" / "notebooks" / "play-along.ipynb"


@pytest.mark.notebook
def test_play_along_notebook_runs_in_jupyter() -> None:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(PLAY_ALONG, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)


@pytest.fixture(scope="module")
def voila() -> Iterator[str]:
    """Voilà serving the play-along notebook on 127.0.0.1; stopped by its own pid."""
    import subprocess
    import urllib.error
    import urllib.request

    from tests.browser import free_port

    port = free_port()
    exe = Path(sys.executable).with_name("voila")
    proc = subprocess.Popen(
        [str(exe), str(PLAY_ALONG), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "--show_tracebacks=True"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api", timeout=1).close()
                break
            except urllib.error.HTTPError:  # it answers (Voilà sends /api on to a 404)
                break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.browser
def test_play_along_table_in_voila(browser: Any, voila: str) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(voila, timeout=120_000)
    table = page.locator(".cr-play-table").first
    table.wait_for(state="visible", timeout=120_000)
    play_banco_hand(table)
    ctx.close()


@pytest.mark.browser
def test_static_quizzes_work_without_the_live_mode(browser: Any, site: str) -> None:
    """With JavaScript off the Live control is a plain link into the book; with the live
    site unreachable, pressing it breaks nothing: the static quizzes still check answers."""
    from tests.test_browser import answer, quiz_data

    ctx = browser.new_context(java_script_enabled=False)
    page = ctx.new_page()
    page.goto(f"{site}/punto-banco.html")
    link = page.locator("[data-cr-live] a.cr-live-open")
    assert link.is_visible() and "lite/repl/index.html?" in (link.get_attribute("href") or "")
    assert page.locator("[data-cr-live] .cr-live-frame").is_hidden()
    ctx.close()

    ctx = browser.new_context()
    ctx.route("**/lite/**", lambda route: route.abort())
    page = ctx.new_page()
    page.goto(f"{site}/punto-banco.html")
    page.wait_for_load_state("networkidle")
    page.locator("[data-cr-live] a.cr-live-open").click()
    quiz = page.locator("[data-cr-quiz]").first
    q = quiz_data(quiz)
    assert answer(quiz.locator(".cr-stage .cr-q"), q, right=True).lstrip("✔ ").startswith("Right.")
    quiz.locator(".cr-next").click()
    q2 = quiz_data(quiz)
    assert q2["id"] != q["id"]
    wrong = answer(quiz.locator(".cr-stage .cr-q"), q2, right=False)
    assert wrong.lstrip("✘ ").startswith("Not right.")
    ctx.close()


@pytest.mark.parametrize("name", ["intro", "cards", "punto-banco", "pontoon", "casino-pontoon",
                                  "casino", "palace-poker", "lessons/pontoon-buying-and-twisting"])
def test_live_box_comes_after_what_the_page_is_about(built_book: Path, name: str) -> None:
    """A page opens with its title and what it is about; the live box follows, before the
    page's first section."""
    html = (built_book / f"{name}.html").read_text(encoding="utf-8")
    title = html.index("</h1>", html.index("<article"))
    live = html.index('class="cr-live"', title)
    assert title < html.index("<p>", title) < live, f"{name}: the live box opens the page"
    assert live < html.index("<section", title), f"{name}: the live box after the first section"
