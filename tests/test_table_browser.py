"""The book's table in a real browser (headless Debian Chromium, Playwright), in the
practice worker, with no JupyterLite:

- every game's chapter: sit at the table, play one seeded hand to its end from the
  keyboard (Tab to a button, Enter to press it; the focus stays in the choices after a
  move), read the hand's record, and nothing leaves 127.0.0.1;
- Casino Pontoon: every coach figure the page shows is the engine's advice for that cell;
- a costly decision is recorded as a mistake and a review "Again", shows in "Your costliest
  mistakes" on the Progress page, replays the same position from there, and comes back on
  the Practice page before a rule played right;
- a page with a table loads nothing of the engine until the learner sits down;
- the table in use passes axe-core at 390 px, light and dark.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from quizzes.static import table as T
from quizzes.static.coaching import figures
from tests.browser import assert_clean, watch
from tests.test_reader import _axe, _dark, _fits

pytestmark = pytest.mark.browser

KEY = "cardrules.progress.v1"
CHAPTERS = {"banco": "punto-banco", "pontoon": "pontoon", "casino-pontoon": "casino-pontoon",
            "casino": "casino", "palace": "palace-poker"}
#: a seed per game whose hand ends in a few moves (Casino plays a whole round)
SEEDS = {"banco": "3", "pontoon": "3", "casino-pontoon": "4", "casino": "3", "palace": "3"}
#: a clock the test moves by hand, kept across pages (localStorage "test.clock", ms)
CLOCK = """window.cardrulesClock = () => new Date(Number(localStorage.getItem("test.clock")
    || Date.parse("2026-03-02T09:00:00Z")));"""


def section(page: Any, game: str) -> Any:
    return page.locator(f"section[data-cr-table='{game}']")


def sit(page: Any, site: str, game: str, seed: str, query: str = "") -> Any:
    page.goto(f"{site}/{CHAPTERS[game]}.html{query}")
    box = section(page, game)
    box.locator(f"#crt-{game}-seed").fill(seed)
    box.locator("button.cr-sit").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"""() => {{ const s = document.querySelector("section[data-cr-table='{game}']");
        return s.dataset.state === 'your-turn' || s.dataset.state === 'over'; }}""", timeout=120_000)
    return box


def coach_ready(page: Any, game: str) -> dict[str, Any]:
    page.wait_for_function(f"""() => {{ const s = document.querySelector("section[data-cr-table='{game}']");
        const c = s.querySelector('.cr-table-coach');
        return s.dataset.state !== 'your-turn' || (s.dataset.coach === 'shown' &&
               c.dataset.decision === s.dataset.decision); }}""", timeout=60_000)
    return dict(page.evaluate(f"() => window.cardrulesTable.tables['{game}'].figures() || {{}}"))


def current(page: Any, game: str) -> dict[str, Any]:
    return dict(page.evaluate(f"() => window.cardrulesTable.tables['{game}'].current()"))


def press_by_keyboard(page: Any, game: str, label: str) -> None:
    """Tab (or Shift+Tab) from the focused choice to the one labelled ``label``, then Enter."""
    box = section(page, game)
    labels = box.locator(".cr-table-choices button").all_inner_texts()
    target = labels.index(label)
    at = page.evaluate("() => document.activeElement && document.activeElement.dataset.index")
    assert at is not None, "the focus is on one of the choices"
    at = int(at)
    key = "Tab" if target > at else "Shift+Tab"
    for _ in range(abs(target - at)):
        page.keyboard.press(key)
    assert page.evaluate("() => document.activeElement.textContent") == label
    handled = box.get_attribute("data-handled")
    page.keyboard.press("Enter")
    page.wait_for_function(f"""() => document.querySelector("section[data-cr-table='{game}']")
        .dataset.handled !== {json.dumps(handled)}""", timeout=60_000)


def choose(f: dict[str, Any], labels: list[str]) -> str:
    """The coach's best option among the buttons, the rules' own decision, or the first."""
    if f.get("ruling") and f["ruling"]["label"] in labels:
        return str(f["ruling"]["label"])
    best = [o["label"] for o in f.get("options", []) if o["best"] and o["label"] in labels]
    return best[0] if best else labels[0]


def play_hand(page: Any, game: str, check: Any = None) -> int:
    """Play the hand to its end from the keyboard, by the coach's best; the moves made."""
    moves = 0
    while current(page, game)["your_turn"]:
        f = coach_ready(page, game)
        if check is not None:
            check(f)
        t = current(page, game)
        press_by_keyboard(page, game, choose(f, [c["label"] for c in t["choices"]]))
        moves += 1
        assert moves < 80, "the hand does not end"
        t = current(page, game)
        if t["your_turn"]:
            assert page.evaluate("() => document.activeElement.classList.contains('cr-table-choice')"), \
                "after a move the focus stays in the choices"
    return moves


@pytest.mark.parametrize("game", list(CHAPTERS))
def test_table_plays_a_seeded_hand_from_the_keyboard(browser: Any, site: str, game: str) -> None:
    ctx = browser.new_context(accept_downloads=True)
    page = ctx.new_page()
    w = watch(page)
    box = sit(page, site, game, SEEDS[game])
    assert not [u for u in w.requests if "/lite/lab" in u or "jupyterlite" in u.lower()], \
        "no JupyterLite"
    plays = box.locator(".cr-table-playing")
    assert plays.count() == 1 and "At this table" in plays.inner_text()
    # the first word is true of the table: "Dealt" only once a card shows
    said = box.locator(".cr-table-feedback").inner_text()
    shown = any(c for r in current(page, game)["rows"] for c in r["cards"])
    assert said.startswith("Dealt") == shown, (said, current(page, game)["rows"])
    moves = play_hand(page, game)
    assert moves >= 1
    page.wait_for_function(f"() => document.querySelector(\"section[data-cr-table='{game}']\").dataset.record")
    record = box.locator(".cr-table-record")
    text = record.inner_text()
    assert f"shuffle {SEEDS[game]}" in text and "You:" in text, text[:300]
    assert "[" not in text, "rules are named by title, never by id"
    with page.expect_download() as got:
        record.locator("button.cr-table-json").click()
    data = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert data["seed"] == SEEDS[game] and data["game"] == game and data["actions"]
    mine = [a for a in data["actions"] if a["who"] == "You"]
    assert len(mine) == moves
    with page.expect_download() as got:
        record.locator("button.cr-table-text").click()
    assert Path(got.value.path()).read_text(encoding="utf-8").startswith(data["title"])
    # the same hand again, from the replay button
    box.locator("button.cr-table-replay").click()
    page.wait_for_function(f"""() => {{ const s = document.querySelector("section[data-cr-table='{game}']");
        return s.dataset.state === 'your-turn'; }}""", timeout=60_000)
    assert current(page, game)["seed"] == SEEDS[game]
    assert_clean(w)
    ctx.close()


def test_table_casino_pontoon_shows_the_engines_advice_for_every_cell(browser: Any,
                                                                      site: str) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    w = watch(page)
    seen = []
    for seed in ("4", "9"):
        sit(page, site, "casino-pontoon", seed)

        def check(f: dict[str, Any]) -> None:
            t = current(page, "casino-pontoon")
            mine = T.start("casino-pontoon", t["replay"]["toml"] or t["replay"]["rules"],
                           t["seed"], seat=t["place"], presses=t["replay"]["presses"])
            assert mine["rows"] == t["rows"], "the same position"
            want = figures("casino-pontoon", T.table(mine["id"]).adapter.view(
                T.table(mine["id"]).state))
            shown = section(page, "casino-pontoon").locator(".cr-table-options li").all_inner_texts()
            assert len(shown) == len(want.options)
            for line, o in zip(shown, want.options, strict=True):
                assert line.startswith(f"{o.label}: {o.value_text}."), (line, o.value_text)
                assert (o.cost_text in line) != o.best or o.best, line
                assert ("✔ Best." in line) == o.best, line
            seen.append(len(shown))

        play_hand(page, "casino-pontoon", check)
    assert len(seen) >= 2
    assert_clean(w)
    ctx.close()


def _costly_seed() -> tuple[str, str, str, str]:
    """A Casino Pontoon seed whose first decision has a costly option, and the next seed's
    best first move (on another rule): (seed, costly label, next seed, best label)."""
    for n in range(1, 200):
        t = T.start("casino-pontoon", None, str(n))
        if not t["your_turn"]:
            continue
        f = T.coach(t["id"])
        costly = [o for o in f["options"] if not o["best"] and o["cost"] >= 0.05]
        u = T.start("casino-pontoon", None, str(n + 1))
        if not costly or not u["your_turn"]:
            continue
        g = T.coach(u["id"])
        best = [o for o in g["options"] if o["best"]]
        wrong = T.press(t["id"], [c["label"] for c in t["choices"]].index(costly[0]["label"]))
        right = T.press(u["id"], [c["label"] for c in u["choices"]].index(best[0]["label"]))
        if wrong["last"]["scored"]["rule"] != right["last"]["scored"]["rule"]:
            return str(n), costly[0]["label"], str(n + 1), best[0]["label"]
    raise AssertionError("no seed with a costly first decision")


def test_table_a_costly_mistake_is_kept_replayed_and_practised_first(browser: Any,
                                                                     site: str) -> None:
    seed, wrong, seed2, right = _costly_seed()
    ctx = browser.new_context()
    ctx.add_init_script(CLOCK)
    page = ctx.new_page()
    w = watch(page)
    box = sit(page, site, "casino-pontoon", seed)
    coach_ready(page, "casino-pontoon")
    before = current(page, "casino-pontoon")
    press_by_keyboard(page, "casino-pontoon", wrong)
    scored = box.locator(".cr-table-scored")
    assert scored.get_attribute("data-costly") == "1", scored.inner_text()
    assert "costly mistake" in scored.inner_text()
    page.wait_for_function(f"() => (JSON.parse(localStorage.getItem('{KEY}') || '{{}}').mistakes || []).length === 1")
    store = json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')"))
    mistake = store["mistakes"][0]
    bad_rule = mistake["rule"]
    assert mistake["cost"] > 0 and mistake["what"] and mistake["q"]["seed"] == seed
    assert mistake["q"]["presses"] == [], "replayed from the decision itself"
    assert store["rules"][bad_rule]["right"] == 0
    # a right decision at the next hand, on another rule
    box.locator("button.cr-table-change").click()
    box.locator("#crt-casino-pontoon-seed").fill(seed2)
    box.locator("button.cr-sit").click()
    page.wait_for_function("() => document.querySelector(\"section[data-cr-table='casino-pontoon']\")"
                           f".dataset.state === 'your-turn' && window.cardrulesTable.tables['casino-pontoon'].current().seed === '{seed2}'")
    coach_ready(page, "casino-pontoon")
    box.locator(".cr-table-choices button").first.focus()
    press_by_keyboard(page, "casino-pontoon", right)
    assert box.locator(".cr-table-scored").get_attribute("data-best") == "1"
    page.wait_for_function(f"""() => {{ const s = JSON.parse(localStorage.getItem('{KEY}'));
        return Object.values(s.rules).length === 2 &&
               Object.values(s.rules).every((r) => r.card && !(r.pending || []).length); }}""")
    store = json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')"))
    good_rule = next(r for r in store["rules"] if r != bad_rule)
    assert store["rules"][good_rule]["right"] == 1

    # the Progress page lists it, and replays its position
    page.goto(f"{site}/progress.html")
    item = page.locator(".cr-mistakes-list li").first
    expect(item).to_have_attribute("data-rule", bad_rule)
    expect(item).to_contain_text(mistake["what"])
    assert "[" not in item.inner_text()
    item.locator("button.cr-replay-mistake").click()
    page.wait_for_url("**/casino-pontoon.html?table-replay=*")
    sitb = section(page, "casino-pontoon").locator("button.cr-sit")
    expect(sitb).to_contain_text("Replay the position")
    sitb.click()
    page.wait_for_function("() => document.querySelector(\"section[data-cr-table='casino-pontoon']\")"
                           ".dataset.state === 'your-turn'", timeout=120_000)
    again = current(page, "casino-pontoon")
    assert again["rows"] == before["rows"] and again["choices"] == before["choices"]

    # on the Practice page, five minutes later, the rule played wrong comes first
    page.evaluate("() => localStorage.setItem('test.clock', String(window.cardrulesClock()"
                  ".getTime() + 5 * 60 * 1000))")
    page.goto(f"{site}/practice.html?rules={bad_rule},{good_rule}&source=bank")
    page.locator("#cr-practice button.cr-start").click()
    page.locator("#cr-practice section.cr-quiz .cr-q").wait_for()
    expect(page.locator("#cr-practice section.cr-quiz").first).to_have_attribute("data-rule", bad_rule)
    assert_clean(w)
    ctx.close()


def test_table_loads_nothing_until_the_learner_sits(browser: Any, site: str) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    w = watch(page)
    page.goto(f"{site}/casino.html")
    section(page, "casino").locator("button.cr-sit").wait_for()
    page.wait_for_load_state("networkidle")
    assert not [u for u in w.requests if "pyodide" in u or "worker" in u], w.requests
    assert_clean(w)
    ctx.close()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_table_in_use_passes_axe_at_390_px(browser: Any, site: str, dark: bool) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    w = watch(page)
    box = sit(page, site, "casino", SEEDS["casino"])
    f = coach_ready(page, "casino")
    labels = [c["label"] for c in current(page, "casino")["choices"]]
    assert all(o["label"] in labels for o in f["options"]), "the coach names the buttons"
    if len(f["options"]) > 6:  # a long list: the best first, the others folded
        expect(box.locator("details.cr-table-more")).to_have_count(1)
        assert box.locator(".cr-table-options li").first.get_attribute("data-best") == "1"
    if dark:
        _dark(page)
    _fits(page, "the Casino table, 390 px")
    _axe(page, f"the Casino table, {'dark' if dark else 'light'}", within="section[data-cr-table='casino']")
    assert box.locator(".cr-table-options li").count() >= 1
    assert_clean(w)
    ctx.close()


def test_table_on_a_lesson_page_plays_the_lessons_house_rules(browser: Any, site: str) -> None:
    """A lesson page ends with a table whose rules are the lesson's house rules (chosen at
    first, by their name); a chapter's table offers no house rules of another page."""
    ctx = browser.new_context()
    page = ctx.new_page()
    w = watch(page)
    page.goto(f"{site}/lessons/pontoon-buying-and-twisting.html")
    box = section(page, "pontoon")
    rules = box.locator("#crt-pontoon-rules")
    expect(rules).to_have_value("house")
    expect(rules.locator("option").first).to_have_text("This lesson's house rules: Our house rules")
    box.locator("#crt-pontoon-seed").fill("3")
    box.locator("button.cr-sit").click()
    page.wait_for_function("""() => ['your-turn', 'over'].includes(
        document.querySelector("section[data-cr-table='pontoon']").dataset.state)""", timeout=120_000)
    t = current(page, "pontoon")
    assert t["rules"]["name"] == "Our house rules" and t["replay"]["toml"], t["rules"]
    assert "min_stick = 16" in t["replay"]["toml"]
    page.goto(f"{site}/pontoon.html")
    chapter = section(page, "pontoon").locator("#crt-pontoon-rules")
    expect(chapter).to_have_value("pontoon")
    assert "house" not in chapter.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert_clean(w)
    ctx.close()
