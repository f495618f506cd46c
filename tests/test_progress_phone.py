"""The Progress page on a phone and on a desktop (headless Debian Chromium, Playwright).

- export, import and reset come first, above the chapters, in a phone's first screen;
- each chapter is one line (its rules' counts: mastered, getting there, learning, due, not
  practised yet), listed once (Palace and its poker hands share the Palace Poker chapter),
  in the book's order, closed until a tap (or Enter) opens it on its rules;
- every count on a line is true of the progress the browser keeps: answers recorded at
  known moments give known levels, and a line counts them, before and after a reset;
- with no progress the page is short on a phone: chapters' lines, not 108 rules' cells;
  with chapters open nothing scrolls sideways, and the page says no workshop word.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser import PRACTISE, assert_clean, watch
from tests.test_reader import _fits
from tests.workshop_words import findings

pytestmark = pytest.mark.browser

KEY = "cardrules.progress.v1"
T0 = "2026-03-02T09:00:00Z"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

#: a clock the test moves by hand, kept across a reload (sessionStorage) so that the page
#: drawn again reads the progress at the moment the answers left it
CLOCK = f"""window.__crT = Number(sessionStorage.getItem("test.clock")) || Date.parse("{T0}");
window.cardrulesClock = () => new Date(window.__crT);"""

#: the words of a level on a chapter's line
WORDS = {"mastered": "mastered", "growing": "getting there", "learning": "learning",
         "due": "due", "new": "not practised yet"}


def line_words(counts: dict[str, int]) -> str:
    """A chapter's line as the page should word it: the levels it has, in order.

    >>> line_words({"mastered": 1, "due": 2, "new": 30})
    '1 mastered · 2 due · 30 not practised yet'
    >>> line_words({"new": 9})
    '9 not practised yet'
    """
    return " · ".join(f"{counts[level]} {words}" for level, words in WORDS.items()
                      if counts.get(level))


def chapters_of(idx: dict[str, Any]) -> dict[str, list[str]]:
    """Each chapter's page (without .html) and the rules read there, from the bank index.

    >>> chapters_of({"chapters": {"palace": {"page": "palace-poker.html"},
    ...                           "poker": {"page": "palace-poker.html"}},
    ...              "rules": {"palace.deal": {"game": "palace"}, "poker.rank": {"game": "poker"}}})
    {'palace-poker': ['palace.deal', 'poker.rank']}
    """
    out: dict[str, list[str]] = {}
    for rid, info in idx["rules"].items():
        page = idx["chapters"][info["game"]]["page"].removesuffix(".html")
        out.setdefault(page, []).append(rid)
    return out


def open_progress(browser: Any, site: str, ctx_args: dict[str, Any]) -> tuple[Any, Any, Any]:
    ctx = browser.new_context(**ctx_args)
    ctx.add_init_script(CLOCK)
    page = ctx.new_page()
    w = watch(page)
    page.goto(f"{site}/progress.html")
    page.locator("details.cr-chapter").first.wait_for()
    return ctx, page, w


def lines(page: Any) -> dict[str, str]:
    """Each chapter's line on the page: its key and the counts it reads."""
    return dict(page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('details.cr-chapter')].map((d) =>
            [d.dataset.chapter, d.querySelector(':scope > summary .cr-chart-words').innerText.trim()]))"""))


def expanded(page: Any, name: str) -> bool | None:
    """Whether the browser tells a screen reader that the disclosure named ``name...`` is
    open (Chromium's accessibility tree, read through the DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    try:
        for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
            if str(node.get("name", {}).get("value", "")).startswith(name):
                props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
                if "expanded" in props:
                    return bool(props["expanded"])
    finally:
        cdp.detach()
    return None


def open_chapter(page: Any, key: str, *, touch: bool) -> Any:
    """Open a chapter's line as a reader does (a tap on a phone, a click on a desktop)."""
    summary = page.locator(f"details.cr-chapter[data-chapter='{key}'] > summary")
    if touch:
        summary.tap()
    else:
        summary.click()
    page.wait_for_function(
        f"() => document.querySelector(\"details.cr-chapter[data-chapter='{key}']\").open")
    return page.locator(f"details.cr-chapter[data-chapter='{key}']")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_progress_one_line_per_chapter_with_true_counts(browser: Any, site: str,
                                                        device: str) -> None:
    touch = device == "phone"
    ctx, page, w = open_progress(browser, site, PHONE if touch else DESKTOP)
    idx = dict(page.evaluate(f"() => fetch('{site}/_static/banks/index.json').then(r => r.json())"))
    chapters = chapters_of(idx)

    # Each chapter once, in the book's order, named by its title, all closed.
    keys = page.locator("details.cr-chapter").evaluate_all("(ds) => ds.map((d) => d.dataset.chapter)")
    assert sorted(keys) == sorted(chapters), keys
    # the order of the book's contents (book/_toc.yml)
    assert keys[:5] == ["punto-banco", "pontoon", "casino-pontoon", "casino", "palace-poker"], keys
    titles = page.locator("details.cr-chapter .cr-chart-title").all_inner_texts()
    assert len(titles) == len(set(titles)) and titles.count("Palace Poker") == 1, titles
    palace = page.locator("details.cr-chapter[data-chapter='palace-poker']")
    assert palace.get_attribute("data-games") == "palace poker"
    assert page.locator("details.cr-chapter[open]").count() == 0
    assert page.locator("tr[data-rule]:visible").count() == 0

    # Export, import and reset come before the chapters, in the first screen.
    first_line = page.locator("details.cr-chapter > summary").first.bounding_box()
    height = page.viewport_size["height"]
    for control in ("button.cr-export", "input.cr-import", "button.cr-reset"):
        box = page.locator(control).bounding_box()
        assert box is not None and box["y"] < first_line["y"], f"{control} below the chapters"
        assert box["y"] + box["height"] <= height, f"{control} is not in the first screen"

    # No progress: each line counts its rules, none practised; the page is short.
    assert lines(page) == {k: line_words({"new": len(v)}) for k, v in chapters.items()}
    if touch:
        tall = page.evaluate("() => document.getElementById('cr-progress').offsetHeight")
        assert tall < 2 * height, f"the empty progress is {tall} px tall on a phone"

    # Weeks of practice, then the page drawn again at the moment they end.
    banco, pontoon = chapters["punto-banco"], chapters["pontoon"]
    poker = [r for r in chapters["palace-poker"] if idx["rules"][r]["game"] == "poker"]
    practised = {"due": banco[0], "mastered": pontoon[0], "growing": banco[1],
                 "learning": pontoon[1]}
    # weeks of practice, the last answer a poker hand's rule; the clock kept for the next page
    at_ms = page.evaluate(PRACTISE, ["p", banco[0], pontoon[0], banco[1], pontoon[1], [poker[0]]])
    page.evaluate("(t) => sessionStorage.setItem('test.clock', String(t))", at_ms)
    page.wait_for_function(f"""() => Object.values(JSON.parse(localStorage.getItem('{KEY}')).rules)
        .every((r) => r.card && !(r.pending || []).length)""")
    page.reload()
    page.locator("details.cr-chapter").first.wait_for()
    want = {k: line_words({"new": len(v)}) for k, v in chapters.items()}
    want["pontoon"] = line_words({"mastered": 1, "learning": 1, "new": len(pontoon) - 2})
    want["punto-banco"] = line_words({"growing": 1, "due": 1, "new": len(banco) - 2})
    want["palace-poker"] = line_words({"learning": 1, "new": len(chapters["palace-poker"]) - 1})
    assert lines(page) == want

    # Opened, a line shows its rules, each at the level the line counts.
    for key in ("pontoon", "punto-banco", "palace-poker"):
        chapter = open_chapter(page, key, touch=touch)
        rows = chapter.locator("tr[data-rule]")
        assert rows.count() == len(chapters[key])
        assert chapter.locator("tr[data-rule]:visible").count() == len(chapters[key])
        levels = rows.evaluate_all("(rs) => rs.map((r) => r.dataset.level)")
        assert line_words({lv: levels.count(lv) for lv in WORDS}) == want[key]
    _fits(page, f"progress with three chapters open, {device}")
    said = page.locator("#cr-progress").inner_text()
    assert not findings(said), findings(said)
    stored = json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')"))
    for level, rid in practised.items():
        row = page.locator(f"tr[data-rule='{rid}']")
        assert row.get_attribute("data-level") == level, rid
        rec = stored["rules"][rid]
        assert row.locator(".cr-answers").inner_text() == f"{rec['right']} of {rec['attempts']} right"
    poker_row = page.locator(f"details[data-chapter='palace-poker'] tr[data-rule='{poker[0]}']")
    assert poker_row.locator(".cr-answers").inner_text() == "1 of 1 right"

    # Reset, from the top: every line is back to nothing practised.
    page.locator("button.cr-reset").click()
    page.locator("button.cr-reset-yes").click()
    page.locator(".cr-status", has_text="reset").wait_for()
    assert lines(page) == {k: line_words({"new": len(v)}) for k, v in chapters.items()}
    assert_clean(w)
    ctx.close()


def test_progress_chapter_opens_by_keyboard_and_says_so(browser: Any, site: str) -> None:
    """A chapter's line is a disclosure: Enter opens it and its state is announced."""
    ctx, page, w = open_progress(browser, site, DESKTOP)
    summary = page.locator("details.cr-chapter[data-chapter='casino'] > summary")
    name = f"Casino {page.locator('details.cr-chapter[data-chapter=casino] tr[data-rule]').count()} rules"
    summary.focus()
    assert page.evaluate("() => document.activeElement.closest('details').dataset.chapter") == "casino"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector(\"details[data-chapter='casino']\").open")
    assert expanded(page, name) is True
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector(\"details[data-chapter='casino']\").open")
    assert expanded(page, name) is False
    assert_clean(w)
    ctx.close()
