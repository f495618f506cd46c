"""The book as a reader meets it: every page at 1280 px (desktop) and 390 px (phone).

``tests/test_pages.py`` opens each page of the book at each width once, in a fresh browser
context (an empty cache), and asserts with the helpers here that (the pages: every chapter
and section of the table of contents, the glossary and the other look-up pages, the
Reference's pages, the index and the search page; of the pages one template makes alike, for
every game or every module (the Reference's rules, options, quizzes and API pages), the
largest of each kind; see ``reader_pages``)

- the page fetches at most the weight budget (``benchmarks/bench_pages.py``), all of it
  from 127.0.0.1 (``fetched_from_the_book``);
- there is one header and one search box, the menu button opens and closes the table of
  contents, and the page-contents button opens the in-page contents;
- nothing scrolls sideways, and no table is wider than its column (a wide table's scrolling
  box, ``.cr-table-scroll``, is what must fit);
- axe-core (npm, injected from ``node_modules``, never a CDN) finds no serious or critical
  violation: every rule in light mode, and the colour rules again in dark mode;

and it saves a screenshot of the page, light and dark, into ``book/_build/screenshots``.
The page is read with no button's tooltip showing; the tooltips themselves, fully shown, are
read here on a chapter at both widths in both modes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.bench_pages import BUDGET, pages, weigh
from tests.conftest import BOOK, ROOT

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = BOOK / "_build" / "screenshots"
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}

_FIT = """() => {
  // the search page has no article: its results sit in the content column
  const column = document.querySelector("article.bd-article")
    || document.querySelector(".bd-article-container");
  const room = column.getBoundingClientRect().width;
  const wide = [];
  column.querySelectorAll("table").forEach((t) => {
    // a wide table scrolls sideways inside its own box (quizzes.live.notebook.html_table):
    // the box, not the table, must fit the column
    const box = t.closest(".cr-table-scroll");
    if (box) t = box;
    const w = Math.max(t.getBoundingClientRect().width, box ? 0 : t.scrollWidth);
    if (w > room + 1) {
      wide.push(`${(t.caption && t.caption.textContent) || t.className || "table"}: ${Math.round(w)} px`);
    }
  });
  return {page: document.documentElement.scrollWidth, view: window.innerWidth,
          room: Math.round(room), wide: wide};
}"""

_AXE_RUN = """async ([only, within, strict]) => {
  const options = {resultTypes: ["violations"]};
  if (only) options.runOnly = {type: "rule", values: only};
  const r = await axe.run(within ? document.querySelector(within) : document, options);
  // a strict rule counts at every impact; it must have run (axe-core runs a rule of its
  // default set on every page, and lists it under one of these four)
  const ran = new Set([...r.violations, ...r.passes, ...r.incomplete, ...r.inapplicable]
    .map((v) => v.id));
  const missing = strict.filter((id) => !ran.has(id)).map((id) => `${id} did not run`);
  return missing.concat(r.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || strict.includes(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} x, e.g. ${v.nodes[0].target}`));
}"""


def _dark(page: Any) -> None:
    page.evaluate("""() => { document.documentElement.dataset.theme = "dark";
                             document.documentElement.dataset.mode = "dark"; }""")


def _menu_opens_contents(page: Any, width: int) -> None:
    """The menu button toggles the table of contents; the page-contents button opens it."""
    assert page.locator("header#pst-header:visible .primary-toggle").count() == 0
    searches = page.locator(".search-button-field:visible, .search-button:visible")
    assert searches.count() == 1, f"{searches.count()} search boxes"
    toggle = page.locator(".primary-toggle:visible")
    assert toggle.count() == 1, "one menu button"
    sidebar = page.locator("#pst-primary-sidebar")
    if width >= 992:
        assert sidebar.is_visible()
        toggle.click()
        shown = ("() => document.querySelector('#pst-primary-sidebar')"
                 ".checkVisibility({visibilityProperty: true})")
        page.wait_for_function(f"() => !({shown})()")
        toggle.click()
        page.wait_for_function(shown)
        assert page.locator("#pst-primary-sidebar nav.bd-links a:visible").count() >= 5
    else:
        toggle.click()
        modal = page.locator("#pst-primary-sidebar-modal")
        modal.locator("nav.bd-links a").first.wait_for(state="visible", timeout=3000)
        assert modal.locator("nav.bd-links a:visible").count() >= 5
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#pst-primary-sidebar-modal').open")
    in_page = page.locator(".secondary-toggle:visible")
    if in_page.count():
        assert in_page.count() == 1
        in_page.click()
        modal = page.locator("#pst-secondary-sidebar-modal")
        modal.locator("nav a").first.wait_for(state="visible", timeout=3000)
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#pst-secondary-sidebar-modal').open")
    elif page.locator("#pst-secondary-sidebar nav a").count():
        assert page.locator("#pst-secondary-sidebar nav a:visible").count() >= 1


def _fits(page: Any, where: str) -> None:
    fit = page.evaluate(_FIT)
    assert fit["page"] <= fit["view"], f"{where}: the page scrolls sideways ({fit})"
    assert not fit["wide"], f"{where}: tables wider than the {fit['room']} px column: {fit['wide']}"


#: the axe-core rules whose result depends on the colour mode (the rest run in light mode)
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


#: waits for fades and slides (a tooltip fading, a menu sliding shut) to end, since
#: a colour read part-way through a fade is neither the colour before nor after it; only
#: on elements the page shows: Chromium never finishes a transition inside a closed
#: toggle (the copy button of a "Show the Python" cell, after a change of colour mode),
#: and axe-core reads no hidden element
_SETTLE = """() => Promise.all(document.getAnimations()
    .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
    .filter(a => !a.effect.target || a.effect.target.checkVisibility())
    .map(a => a.finished.catch(() => null)))"""


def _quiet(page: Any) -> None:
    """Leave the header's buttons alone and wait until no tooltip shows.

    The theme shows a button's tooltip 500 ms after the pointer or the focus reaches it (a
    closed menu hands the focus back to its button). That timer is no animation, so
    ``_SETTLE`` cannot wait for it: a tooltip could start to fade in while axe-core reads
    the page, and a half-faded tooltip fails the contrast rule. Moving the pointer off and
    the focus away cancels a pending tooltip; one already shown fades out and is removed.
    ``test_header_tooltips_read_in_both_modes`` reads the tooltips themselves, fully shown.
    """
    size = page.viewport_size
    page.mouse.move(size["width"] // 2, size["height"] - 2)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_function("() => !document.querySelector('.tooltip')", timeout=5000)


def _axe(page: Any, where: str, only: list[str] | None = None, *,
         within: str | None = None, strict: list[str] | None = None) -> None:
    """axe-core's serious and critical violations on the page (or on the element ``within``
    selects, with the page left as it is, a tooltip shown for one) are none, and the
    ``strict`` rules' violations none at any impact."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    if within is None:
        _quiet(page)
    page.evaluate(_SETTLE)
    found = page.evaluate(_AXE_RUN, [only, within, strict or []])
    assert not found, f"{where}: axe-core: {found}"


def reader_pages() -> list[str]:
    """The pages this test opens: every page of ``pages()`` but the Reference's per-game
    pages, which one template makes alike for every game: of each kind (rules, options,
    quizzes) the largest built page stands for the others, to keep the suite's time."""
    built = BOOK / "_build" / "html"
    out, groups = [], {}
    for name in pages():
        parts = name.split("/")
        if len(parts) == 3 and parts[0] == "reference" and parts[1] != "api":
            groups.setdefault(parts[1], []).append(name)
        else:
            out.append(name)
    for names in groups.values():
        sized = [(-(built / f"{n}.html").stat().st_size if (built / f"{n}.html").is_file()
                  else 0, n) for n in names]
        out.append(min(sized)[1])
    return out


@contextlib.contextmanager
def _axe_ready_page(browser: Any, device: str) -> Iterator[Any]:
    """A page in a fresh browser context (an empty cache) at the device's size; axe-core is
    checked to be installed first."""
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make book does it)")
    width, height = WIDTHS[device]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def fetched_from_the_book(page: Any, site: str, name: str) -> None:
    """Open the page (``page`` is in a fresh context): it fetches at most the weight budget
    (``benchmarks/bench_pages.py``), all of it from 127.0.0.1."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    total, sizes = weigh(page, f"{site}/{name}.html")
    outside = [u for u in requests if not u.startswith(("http://127.0.0.1", "data:"))]
    assert not outside, f"requests left 127.0.0.1: {outside}"
    largest = sorted(sizes.items(), key=lambda x: -x[1])[:4]
    assert total <= BUDGET, f"{name}: {total // 1024} KB fetched, over the budget: {largest}"


def test_reader_footer_shows(built_book: Path) -> None:
    """The footer configured in _config.yml (html: extra_footer) is on every page."""
    for name in pages():
        html = (built_book / f"{name}.html").read_text(encoding="utf-8")
        assert 'class="extra_footer"' in html and "works offline" in html, name


@pytest.mark.parametrize("device", list(WIDTHS))
def test_header_tooltips_read_in_both_modes(browser: Any, site: str, device: str) -> None:
    """The tooltip of each button above a chapter (the menu, the search, the colour mode, the
    page contents), fully shown, passes axe-core's colour rules in light and dark mode.  Every
    chapter has the same header: the shortest, on the cards, stands for them (axe-core reads
    the whole page for each tooltip's background)."""
    width = WIDTHS[device][0]
    with _axe_ready_page(browser, device) as page:
        page.goto(f"{site}/cards.html")
        buttons = page.locator("[data-bs-toggle='tooltip']:visible")
        # Bootstrap moves a title into data-bs-original-title
        names = buttons.evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-label')"
                                     " || b.dataset.bsOriginalTitle || b.dataset.bsTitle)")
        assert len(names) >= 3, f"header buttons with tooltips: {names}"
        for mode in ("light", "dark"):
            if mode == "dark":
                _dark(page)
            for i, name in enumerate(names):
                _quiet(page)
                buttons.nth(i).hover()
                tip = page.locator(".tooltip.show .tooltip-inner")
                tip.wait_for(state="visible", timeout=5000)
                assert tip.inner_text().strip(), f"{name}: an empty tooltip"
                _axe(page, f"the {name!r} tooltip at {width} px, {mode}", COLOUR_RULES,
                     within=".tooltip")


#: records every value the page's <html> takes for data-theme, from before its first script
_THEMES_SEEN = """window.themesSeen = [];
new MutationObserver((changes) => changes.forEach((c) => {
  if (c.target === document.documentElement) window.themesSeen.push(c.target.dataset.theme);
})).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-theme"]});"""


@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_colours_follow_the_readers_system_until_they_choose(browser: Any, site: str,
                                                                 system: str) -> None:
    """A first visit shows the reader's system colours (light or dark) from the first paint;
    the theme button's choice then holds on every page, whatever the system prefers.  (Every
    page runs the same theme script: two short ones stand for them.)"""
    ctx = browser.new_context(color_scheme=system)
    try:
        page = ctx.new_page()
        page.add_init_script(_THEMES_SEEN)
        page.goto(f"{site}/cards.html")
        seen = page.evaluate("window.themesSeen")
        assert seen and set(seen) == {system}, f"data-theme went {seen}, system {system}"
        assert page.evaluate("document.documentElement.dataset.mode") == "auto"

        chosen = "light" if system == "dark" else "dark"
        page.locator(".theme-switch-button:visible").first.click()  # from auto: a change
        assert page.evaluate("document.documentElement.dataset.theme") == chosen
        page.goto(f"{site}/glossary.html")
        seen = page.evaluate("window.themesSeen")
        assert seen and set(seen) == {chosen}, f"data-theme went {seen} after choosing {chosen}"
    finally:
        ctx.close()


def test_without_javascript_a_page_has_the_light_colours(browser: Any, site: str) -> None:
    """With no script to read the reader's choice, a page carries no colour mode and the
    theme's light colours apply (dark text on a light ground), even on a dark system."""
    ctx = browser.new_context(java_script_enabled=False, color_scheme="dark")
    try:
        page = ctx.new_page()
        page.goto(f"{site}/pontoon.html")
        assert page.locator("html").get_attribute("data-theme") is None
        ground = page.evaluate("getComputedStyle(document.body).backgroundColor")
        text = page.evaluate("getComputedStyle(document.querySelector('article p')).color")
        assert ground == "rgb(255, 255, 255)", ground
        assert sum(int(x) for x in text[4:-1].split(",")) < 3 * 100, text
    finally:
        ctx.close()
