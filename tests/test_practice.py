"""Practice until mastered, in a real browser (headless Debian Chromium, Playwright).

- answers on a chapter are counted under their rules on the Progress page, and each rule
  box shows its mastery;
- a wrong answer comes back sooner than a right one (FSRS: Again vs Good), with the clock
  injected through ``window.cardrulesClock`` (no sleeping);
- export, reset and import round-trip the progress;
- the engine in a Web Worker serves a question that is not in the pre-made bank and checks
  a right and a wrong answer;
- the Pontoon lesson's practice asks "16 or more to stick", as its house rules say;
- the Practice and Progress pages in use pass axe-core, light and dark, at 390 px;
- no request leaves 127.0.0.1 and the console stays free of errors.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser import Watch, assert_clean, watch
from tests.test_browser import answer, quiz_data
from tests.test_reader import _axe, _dark, _fits

pytestmark = pytest.mark.browser

KEY = "cardrules.progress.v1"
T0 = "2026-03-02T09:00:00Z"

#: a clock the tests move by hand: window.__crT (ms since the epoch)
CLOCK = f"""window.__crT = Date.parse("{T0}");
window.cardrulesClock = () => new Date(window.__crT);"""


def new_page(browser: Any, *, clock: bool = False, **ctx_args: Any) -> tuple[Any, Any, Watch]:
    ctx = browser.new_context(accept_downloads=True, **ctx_args)
    if clock:
        ctx.add_init_script(CLOCK)
    page = ctx.new_page()
    return ctx, page, watch(page)


def store(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}') || 'null'") or "{}"))


def settled(page: Any) -> None:
    """Wait until every answer is a review in the schedule (the scheduler loads lazily)."""
    page.wait_for_function(f"""() => {{
        const s = JSON.parse(localStorage.getItem('{KEY}') || 'null');
        return s && Object.values(s.rules).every((r) => r.card && !(r.pending || []).length);
    }}""")


def index(site: str, page: Any) -> dict[str, Any]:
    return dict(page.evaluate(f"() => fetch('{site}/_static/banks/index.json').then(r => r.json())"))


def open_chapters(page: Any, *keys: str) -> None:
    """Open chapters' lines on the Progress page, as a learner does, to see their rules."""
    page.locator("details.cr-chapter").first.wait_for()
    for key in keys:
        page.locator(f"details.cr-chapter[data-chapter='{key}'] > summary").click()
        page.wait_for_function(
            f"() => document.querySelector(\"details.cr-chapter[data-chapter='{key}']\").open")


def practice_box(page: Any) -> Any:
    return page.locator("#cr-practice section.cr-quiz .cr-q")


def current(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("() => window.cardrulesPractice.current.q"))


def start_practice(page: Any, url: str) -> None:
    page.goto(url)
    page.locator("#cr-practice button.cr-start").click()
    practice_box(page).wait_for(timeout=120_000)


def test_practice_answers_on_a_chapter_are_counted_under_their_rules(browser: Any,
                                                                      site: str) -> None:
    ctx, page, w = new_page(browser)
    page.goto(f"{site}/punto-banco.html")
    quizzes = page.locator("[data-cr-quiz]")
    asked: dict[str, list[bool]] = {}
    for i, right in ((0, True), (1, False), (2, True)):
        quiz = quizzes.nth(i)
        q = quiz_data(quiz)
        answer(quiz.locator(".cr-stage .cr-q"), q, right)
        for rid in q["rule_ids"]:
            asked.setdefault(rid, []).append(right)
    settled(page)
    data = store(page)
    for rid, answers in asked.items():
        assert data["rules"][rid]["attempts"] == len(answers)
        assert data["rules"][rid]["right"] == sum(answers)

    page.goto(f"{site}/progress.html")
    open_chapters(page, "punto-banco")
    for rid, answers in asked.items():
        row = page.locator(f"tr[data-rule='{rid}']")
        assert row.locator(".cr-answers").inner_text() == f"{sum(answers)} of {len(answers)} right"
        assert "Learning" in row.inner_text() or "Due" in row.inner_text()
    chapter = page.locator(".cr-chart li[data-chapter]").filter(has_text="Punto Banco")
    assert "not practised yet" in chapter.inner_text()

    # The rule boxes of the chapter show the mastery in words and as a bar.
    page.goto(f"{site}/punto-banco.html")
    rid = next(iter(asked))
    box = page.locator(f"aside.cr-rule[data-cr-rule='{rid}']")
    line = box.locator(".cr-mastery-line")
    line.wait_for()
    answers = asked[rid]
    assert f"({sum(answers)} of {len(answers)} right)" in line.inner_text()
    assert line.locator(".cr-bar[role=img]").get_attribute("aria-label").startswith("mastery ")
    untouched = page.locator("aside.cr-rule .cr-mastery-line").filter(has_text="Not practised yet")
    assert untouched.count() >= 1
    assert_clean(w)
    ctx.close()


def test_practice_a_wrong_answer_comes_back_sooner_than_a_right_one(browser: Any,
                                                                     site: str) -> None:
    ctx, page, w = new_page(browser, clock=True)
    page.goto(f"{site}/practice.html")
    idx = index(site, page)
    rules = sorted({r for g in idx["generators"] if g["game"] == "banco" for r in g["rules"]})[:2]
    assert len(rules) == 2
    start_practice(page, f"{site}/practice.html?rules={','.join(rules)}&source=bank")
    first = page.locator("#cr-practice section.cr-quiz").get_attribute("data-rule")
    answer(practice_box(page), current(page), right=True)
    page.locator("#cr-practice .cr-next").click()
    page.wait_for_function(
        f"() => document.querySelector('#cr-practice section.cr-quiz').dataset.rule !== '{first}'")
    second = page.locator("#cr-practice section.cr-quiz").get_attribute("data-rule")
    answer(practice_box(page), current(page), right=False)
    page.locator("#cr-practice .cr-when").wait_for()
    assert "comes back soon" in page.locator("#cr-practice .cr-when").inner_text()
    settled(page)
    cards = {r: store(page)["rules"][r]["card"] for r in rules}
    due = {r: datetime.fromisoformat(cards[r]["due"].replace("Z", "+00:00")) for r in rules}
    assert due[second] < due[first], f"wrong {due[second]} should come before right {due[first]}"

    # Five minutes later only the rule answered wrong is due: it is asked next.
    page.evaluate("() => { window.__crT += 5 * 60 * 1000; }")
    page.locator("#cr-practice .cr-next").click()
    page.wait_for_function("() => window.cardrulesPractice.current.q !== null")
    page.wait_for_function(
        f"() => document.querySelector('#cr-practice section.cr-quiz').dataset.rule === '{second}'")
    assert second in current(page)["rule_ids"]
    assert_clean(w)
    ctx.close()


def test_practice_export_reset_import_round_trip(browser: Any, site: str,
                                                 tmp_path: Path) -> None:
    ctx, page, w = new_page(browser)
    page.goto(f"{site}/punto-banco.html")
    page.evaluate("""async () => {
        await window.cardrules.progress.record(["banco.natural"], true, "t#1");
        await window.cardrules.progress.record(["banco.natural", "banco.deal"], false, "t#2");
    }""")
    settled(page)
    before = store(page)
    page.goto(f"{site}/progress.html")
    page.locator("button.cr-export").wait_for()
    open_chapters(page, "punto-banco")
    with page.expect_download() as got:
        page.locator("button.cr-export").click()
    exported = tmp_path / "progress.json"
    got.value.save_as(exported)
    assert json.loads(exported.read_text(encoding="utf-8")) == before

    page.locator("button.cr-reset").click()
    page.locator("button.cr-reset-yes").click()
    assert store(page)["rules"] == {}
    assert page.locator("tr[data-rule='banco.natural'] .cr-answers").inner_text() == "none yet"

    page.locator("input.cr-import").set_input_files(str(exported))
    page.locator(".cr-status", has_text="Imported").wait_for()
    assert store(page) == before
    assert page.locator("tr[data-rule='banco.natural'] .cr-answers").inner_text() == "1 of 2 right"

    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 2, "rules": {}}', encoding="utf-8")
    page.locator("input.cr-import").set_input_files(str(bad))
    page.locator(".cr-status", has_text="Not imported").wait_for()
    assert store(page) == before, "a file that is not progress changes nothing"
    assert_clean(w)
    ctx.close()


def test_practice_the_engine_worker_makes_and_checks_fresh_questions(browser: Any,
                                                                     site: str) -> None:
    ctx, page, w = new_page(browser)
    start_practice(page, f"{site}/practice.html?chapters=banco&source=engine")
    section = page.locator("#cr-practice section.cr-quiz")
    assert section.get_attribute("data-source") == "engine"
    q = current(page)
    bank = page.evaluate(f"(g) => fetch('{site}/_static/banks/' + g + '.json').then(r => r.json())",
                         q["generator"])
    assert q["id"] not in {b["id"] for b in bank["questions"]}, "a fresh question, not the bank's"
    verdict = answer(practice_box(page), q, right=True)
    assert verdict.lstrip("✔ ").startswith("Right."), verdict
    page.locator("#cr-practice .cr-next").click()
    page.wait_for_function(f"() => window.cardrulesPractice.current.q.id !== {json.dumps(q['id'])}")
    q2 = current(page)
    assert page.locator("#cr-practice section.cr-quiz").get_attribute("data-source") == "engine"
    verdict = answer(practice_box(page), q2, right=False)
    assert verdict.lstrip("✘ ").startswith("Not right."), verdict
    engine = page.evaluate("() => ({made: window.cardrulesPractice.engine.made,"
                           " checked: window.cardrulesPractice.engine.checked})")
    assert engine == {"made": 2, "checked": 2}, engine
    # The engine itself says so, asked directly.
    wrong = page.evaluate("""(q) => window.cardrulesPractice.ask({type: "check",
        generator: q.generator, seed: q.seed, profile_toml: null,
        response: q.kind === "numeric" ? {value: "-999"} :
                  q.kind === "pick the cards" ? {cards: []} :
                  {choices: [q.choices.findIndex((c, i) => !q.correct.includes(i))]}})""", q2)
    right = page.evaluate("""(q) => window.cardrulesPractice.ask({type: "check",
        generator: q.generator, seed: q.seed, profile_toml: null,
        response: q.kind === "numeric" ? {value: q.low} :
                  q.kind === "pick the cards" ? {cards: q.accepted[0]} : {choices: q.correct}})""", q2)
    assert right["correct"] is True and right["message"].startswith("Right.")
    if q2["kind"] != "pick the cards" or [] not in q2["accepted"]:
        assert wrong["correct"] is False and wrong["message"].startswith("Not right.")
    # A return visit starts the engine with the page (its files are cached), before any click.
    again = ctx.new_page()
    w2 = watch(again)
    again.goto(f"{site}/practice.html?chapters=banco")
    again.wait_for_function("() => window.cardrulesPractice && "
                            "window.cardrulesPractice.engine.state === 'ready'", timeout=120_000)
    assert again.evaluate("() => window.cardrulesPractice.engine.made") == 0, "nothing asked yet"
    assert_clean(w)
    assert_clean(w2)
    ctx.close()


def test_practice_a_first_visit_waits_for_the_learner(browser: Any, site: str) -> None:
    """Without an earlier engine start in this browser, loading the page starts nothing."""
    ctx, page, w = new_page(browser)
    page.goto(f"{site}/practice.html?chapters=banco")
    page.locator("#cr-practice button.cr-start").wait_for()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => window.cardrulesPractice.engine.state") == "off"
    assert_clean(w)
    ctx.close()


def test_practice_pontoon_lesson_asks_sixteen_to_stick(browser: Any, site: str) -> None:
    """The lesson's practice link carries its house rules: banks and engine ask 16 to stick."""
    ctx, page, w = new_page(browser)
    page.goto(f"{site}/lessons/pontoon-buying-and-twisting.html")
    link = page.locator("a[href*='practice.html?']").first
    params = parse_qs(urlparse(link.get_attribute("href")).query)
    key = params["profile"][0]
    rules = params["rules"][0].split(",")
    assert "pontoon.stick" in rules, rules
    link.click()
    page.wait_for_url(re.compile(r"practice\.html\?"))
    page.locator("#cr-practice button.cr-start").wait_for()
    name = index(site, page)["profiles"][key]["name"]
    intro = page.locator("#cr-practice").inner_text()
    assert f"House rules: {name}." in intro
    covers = next(line for line in intro.splitlines() if line.startswith("This practice covers"))
    assert "Variation: stick on 16" in covers and "Sticking" not in covers, covers
    assert_clean(w)
    ctx.close()
    for source in ("bank", "engine"):  # each a new learner: one answer leaves nothing due
        ctx, page, w = new_page(browser)
        start_practice(page, f"{site}/practice.html?rules=pontoon.stick&profile={key}&source={source}")
        assert page.locator("#cr-practice section.cr-quiz").get_attribute("data-source") == source
        q = current(page)
        text = " ".join([q["prompt"], *q["choices"], q["explanation"]])
        assert "Sticking needs 16 or more" in text, text
        assert "15 or more" not in text, text
        assert q["profile"] == key
        assert q["rule_ids"] == ["pontoon.stick.sixteen"]  # sticking, as these rules play it
        # the rule asked, as this table states it, beside the question
        house = practice_box(page).locator(".cr-q-house").inner_text()
        assert house == index(site, page)["profiles"][key]["house"]["pontoon.stick.sixteen"]
        assert "at least 16, not 15" in house and "(house rule;" in house, house
        verdict = answer(practice_box(page), q, right=True)
        assert "16 or more" in verdict and "15 or more" not in verdict, verdict
        settled(page)
        assert set(store(page)["rules"]) == {"pontoon.stick.sixteen"}
        assert_clean(w)
        ctx.close()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_practice_and_progress_in_use_pass_axe_at_390_px(browser: Any, site: str,
                                                         dark: bool) -> None:
    ctx, page, w = new_page(browser, viewport={"width": 390, "height": 844})
    start_practice(page, f"{site}/practice.html?chapters=casino&source=bank")
    if dark:
        _dark(page)
    answer(practice_box(page), current(page), right=False)
    settled(page)
    _fits(page, "practice with a question, 390 px")
    _axe(page, f"practice with a question, {'dark' if dark else 'light'}")
    page.goto(f"{site}/progress.html")
    open_chapters(page, "casino", "palace-poker")
    if dark:
        _dark(page)
    _fits(page, "progress, 390 px")
    _axe(page, f"progress with answers, {'dark' if dark else 'light'}")
    assert_clean(w)
    ctx.close()


def test_practice_answers_map_to_fsrs_reviews_and_their_due_dates(browser: Any,
                                                                  site: str) -> None:
    """Wrong is Again (back in a minute), right is Good (10 minutes, then days, growing)."""
    ctx, page, w = new_page(browser, clock=True)
    page.goto(f"{site}/progress.html")
    page.locator("button.cr-export").wait_for()
    dues = page.evaluate("""async () => {
        const P = window.cardrules.progress, t0 = window.__crT, out = [];
        const due = (id) => (Date.parse(P.load().rules[id].card.due) - window.__crT) / 60000;
        await P.record(["r.wrong"], false, "a");
        out.push(due("r.wrong"));
        await P.record(["r.right"], true, "b");
        out.push(due("r.right"));
        for (let i = 0; i < 4; i++) {  // answered right each time it comes due
            window.__crT = Date.parse(P.load().rules["r.right"].card.due);
            await P.record(["r.right"], true, "c" + i);
            out.push(due("r.right"));
        }
        const rec = P.load().rules["r.right"], F = window.FSRS;
        const m = P.mastery(rec, F);
        window.__crT = t0;
        return {minutes: out, state: rec.card.state, reps: rec.card.reps, level: m.level,
                stability: rec.card.stability};
    }""")
    minutes = dues["minutes"]
    assert minutes[0] == pytest.approx(1), "Again: the learning step of one minute"
    assert minutes[1] == pytest.approx(10), "Good on a new rule: the ten-minute step"
    assert minutes[2] >= 24 * 60, "Good after the steps: a day or more"
    assert minutes[2] < minutes[3] < minutes[4] < minutes[5], f"growing intervals: {minutes}"
    assert dues["reps"] == 5 and dues["state"] == 2  # five reviews; State.Review
    mastered = dues["stability"] >= 21
    assert (dues["level"] == "mastered") == mastered, dues
    assert_clean(w)
    ctx.close()


def test_practice_without_webassembly_draws_from_the_banks(browser: Any, site: str) -> None:
    """A browser without WebAssembly never starts the engine: the banks serve every question."""
    ctx, page, w = new_page(browser)
    ctx.add_init_script("delete window.WebAssembly;")
    start_practice(page, f"{site}/practice.html?chapters=casino")
    for _ in range(3):
        assert page.locator("#cr-practice section.cr-quiz").get_attribute("data-source") == "bank"
        q = current(page)
        answer(practice_box(page), q, right=True)
        page.locator("#cr-practice .cr-next").click()
        page.wait_for_function(f"() => window.cardrulesPractice.current.q.id !== {json.dumps(q['id'])}")
    assert page.evaluate("() => window.cardrulesPractice.engine.state") == "unavailable"
    assert "pre-made banks" in page.locator("#cr-practice .cr-status").first.inner_text()
    assert not [u for u in w.requests if "pyodide" in u], "nothing of the engine is fetched"
    assert_clean(w)
    ctx.close()


def test_practice_says_when_nothing_is_due_and_can_go_on(browser: Any, site: str) -> None:
    ctx, page, w = new_page(browser, clock=True)
    start_practice(page, f"{site}/practice.html?rules=banco.natural&source=bank")
    answer(practice_box(page), current(page), right=True)
    page.locator("#cr-practice .cr-next").click()
    note = page.locator("#cr-practice .cr-summary")
    note.wait_for()
    assert "Nothing is due now. The next rule comes back in 10 minutes." in note.inner_text()
    page.locator("#cr-practice button", has_text="Keep practising anyway").click()
    practice_box(page).wait_for()
    assert "banco.natural" in current(page)["rule_ids"]
    assert_clean(w)
    ctx.close()


def test_practice_labels_a_question_with_the_rule_it_is_about(browser: Any, site: str) -> None:
    """A generator may cover a rule and its variation (pontoon.stick.may: 15 or 16 to stick):
    the question shown names the rule it asks about, never the other one."""
    ctx, page, w = new_page(browser)
    start_practice(page, f"{site}/practice.html?rules=pontoon.stick,pontoon.stick.sixteen"
                         "&source=bank")
    titles = {rid: r["title"] for rid, r in index(site, page)["rules"].items()}
    labels = []
    for _ in range(2):  # one question on each rule, then nothing is due
        q = current(page)
        label = practice_box(page).locator(".cr-q-number").first.inner_text()
        assert label == f"Rule: {titles[q['asks']]}", (label, q["asks"], q["rule_ids"])
        labels.append(label)
        answer(practice_box(page), q, right=True)
        page.locator("#cr-practice .cr-next").click()
        page.wait_for_function(f"() => window.cardrulesPractice.current.q.id !== "
                               f"{json.dumps(q['id'])} || document.querySelector("
                               "'#cr-practice .cr-summary')")
    assert sorted(labels) == sorted(f"Rule: {titles[r]}" for r in ("pontoon.stick",
                                                                   "pontoon.stick.sixteen"))
    assert "Nothing is due now" in page.locator("#cr-practice .cr-summary").inner_text()
    assert_clean(w)
    ctx.close()


@pytest.mark.parametrize("source", ["bank", "engine"])
def test_practice_asks_a_variation_at_a_table_that_plays_it(browser: Any, site: str,
                                                            source: str) -> None:
    """Stick on 16 is a variation the default rules leave off: practising it asks at a table
    that sticks on 16, and the answer is its review (it does not wait for ever)."""
    ctx, page, w = new_page(browser)
    start_practice(page, f"{site}/practice.html?rules=pontoon.stick.sixteen&source={source}")
    assert page.locator("#cr-practice section.cr-quiz").get_attribute("data-source") == source
    q = current(page)
    assert q["rule_ids"] == ["pontoon.stick.sixteen"], q["rule_ids"]
    assert "Sticking needs 16 or more" in q["prompt"], q["prompt"]
    assert q["profile"] == "pontoon-stick-16"
    label = practice_box(page).locator(".cr-q-number").first.inner_text()
    assert label == f"Rule: {index(site, page)['rules']['pontoon.stick.sixteen']['title']}"
    answer(practice_box(page), q, right=True)
    settled(page)
    assert set(store(page)["rules"]) == {"pontoon.stick.sixteen"}
    assert_clean(w)
    ctx.close()


def test_practice_labels_and_credits_only_the_rule_each_question_asks(browser: Any,
                                                                      site: str) -> None:
    """A question may touch several rules (who takes the pot at the end of a Palace hand
    touches the split between players of one banner suit): its label is the rule it asks,
    and the answer is credited to that rule alone."""
    ctx, page, w = new_page(browser)
    start_practice(page, f"{site}/practice.html?chapters=palace&source=bank")
    idx = index(site, page)
    titles = {rid: r["title"] for rid, r in idx["rules"].items()}
    before: dict[str, int] = {}
    for n in range(6):
        q = current(page)
        assert q["asks"] == q["rule_ids"][0], q
        label = practice_box(page).locator(".cr-q-number").first.inner_text()
        assert label == f"Rule: {titles[q['asks']]}", (label, q["rule_ids"])
        answer(practice_box(page), q, right=n % 2 == 0)
        settled(page)
        attempts = {rid: r["attempts"] for rid, r in store(page)["rules"].items()}
        grown = {rid for rid, k in attempts.items() if k != before.get(rid, 0)}
        assert grown == {q["asks"]}, (grown, q["rule_ids"])
        assert attempts[q["asks"]] == before.get(q["asks"], 0) + 1
        before = attempts
        page.locator("#cr-practice .cr-next").click()
        page.wait_for_function(f"() => window.cardrulesPractice.current.q.id !== "
                               f"{json.dumps(q['id'])}")
    assert_clean(w)
    ctx.close()
