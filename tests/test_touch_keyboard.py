"""A chapter by touch and by keyboard (headless Debian Chromium, Playwright).

- on a phone (390 px, a touch screen), a tap on each header button with a tooltip leaves no
  tooltip behind: none is shown when the theme would show it, and the Search button then
  takes a tap (its search box opens);
- a mouse still shows a button's tooltip on hover (the tooltips are for it and the keyboard);
- on every chapter, at 1280 and 390 px, the keyboard reaches the first quiz from the top:
  "Skip to the first quiz" comes within the first Tab presses, and Enter on it puts the
  focus in the quiz.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import assert_clean, watch
from tests.test_reader import _SETTLE

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
WIDTHS = {"desktop": {"viewport": {"width": 1280, "height": 900}},
          "phone": {"viewport": {"width": 390, "height": 844}}}
CHAPTERS = ["pontoon", "casino-pontoon", "punto-banco", "casino", "palace-poker"]
MOST_TABS = 10

#: a tooltip the reader can see
TIP_SHOWN = "() => [...document.querySelectorAll('.tooltip')].some((t) => t.checkVisibility())"

#: where a thumb can tap beside the open dialog (its backdrop), or null when it fills the screen
BESIDE_DIALOG = """() => {
    const d = document.querySelector('dialog[open]');
    const r = d.getBoundingClientRect(), w = innerWidth, h = innerHeight;
    if (w - r.right > 8) return [(r.right + w) / 2, h / 2];
    if (r.left > 8) return [r.left / 2, h / 2];
    if (h - r.bottom > 8) return [w / 2, (r.bottom + h) / 2];
    if (r.top > 8) return [w / 2, r.top / 2];
    return null;
}"""

#: the theme shows a tooltip this long after the pointer or the focus reaches its button
#: (milliseconds, Bootstrap's delay), and hides it in a tenth of a second
TIP_DELAY = 500


def header_buttons(page: Any) -> list[str]:
    """The class names of the header's visible buttons that have a tooltip."""
    return list(page.locator("[data-bs-toggle='tooltip']:visible").evaluate_all(
        "(bs) => bs.map((b) => b.className)"))


def close_what_opened(page: Any) -> None:
    """Shut by touch whatever a header button opened (a menu, the search box), as a thumb
    does: a tap on the backdrop beside the open dialog."""
    if page.locator("dialog[open]").count():
        spot = page.evaluate(BESIDE_DIALOG)
        assert spot, "the open dialog leaves no backdrop to tap"
        page.touchscreen.tap(*spot)
        page.wait_for_function("() => !document.querySelector('dialog[open]')")


def tap_every_header_button(page: Any, url: str) -> list[str]:
    """Tap each header button with a tooltip, then shut what it opened, on a page whose
    timers run on Playwright's clock; the buttons whose tooltip shows after the tap, or
    after what it opened is shut."""
    page.clock.install()
    page.goto(url)
    page.wait_for_function("() => window.bootstrap && document.querySelector('[data-bs-original-title]')")
    buttons = header_buttons(page)
    assert len(buttons) >= 3, buttons
    stayed = []
    for i, name in enumerate(buttons):
        page.locator("[data-bs-toggle='tooltip']:visible").nth(i).tap()
        # The page's clock moves past the tooltip's delay: a tooltip the tap would show is
        # shown now (a state, not a wait).
        page.clock.run_for(2 * TIP_DELAY)
        if page.evaluate(TIP_SHOWN):
            stayed.append(f"{name} (tapped)")
        close_what_opened(page)
        page.clock.run_for(2 * TIP_DELAY)  # and one the focus, handed back, would show
        if page.evaluate(TIP_SHOWN):
            stayed.append(f"{name} (closed)")
    return stayed


def test_a_tap_leaves_no_tooltip_and_search_then_takes_a_tap(browser: Any, site: str) -> None:
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    w = watch(page)
    stayed = tap_every_header_button(page, f"{site}/pontoon.html")
    assert not stayed, f"a tooltip stays after a tap on {stayed}"
    page.wait_for_function(f"() => !({TIP_SHOWN})()", timeout=5000)
    # the in-page contents slide shut (a 0.2 s transition of the theme's): wait for the end
    page.evaluate(_SETTLE)
    # Nothing lies over the Search button: a tap on it opens the search box.
    search = page.locator(".search-button__button:visible").first
    box = search.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    on_top = page.evaluate(f"() => document.elementFromPoint({x}, {y}).closest('button')?.className")
    assert on_top and "search-button" in on_top, f"{on_top} lies over Search"
    search.tap()
    page.locator("dialog#pst-search-dialog[open] input[type=search]").wait_for(timeout=5000)
    assert_clean(w)
    ctx.close()


def test_a_mouse_still_shows_a_tooltip(browser: Any, site: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(f"{site}/pontoon.html")
    page.wait_for_function("() => window.bootstrap && document.querySelector('[data-bs-original-title]')")
    page.locator(".search-button__button:visible").first.hover()
    page.locator(".tooltip.show .tooltip-inner", has_text="Search").wait_for(timeout=5000)
    ctx.close()


@pytest.mark.parametrize("device", list(WIDTHS))
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_keyboard_reaches_the_first_quiz_from_the_top(browser: Any, site: str,
                                                          chapter: str, device: str) -> None:
    ctx = browser.new_context(**WIDTHS[device])
    page = ctx.new_page()
    w = watch(page)
    page.goto(f"{site}/{chapter}.html")
    page.locator(".cr-quiz").first.wait_for()
    page.locator("#pst-skip-link .cr-skip-quiz").wait_for(state="attached")
    presses = 0
    while presses < MOST_TABS:
        page.keyboard.press("Tab")
        presses += 1
        where = page.evaluate("""() => { const a = document.activeElement;
            return a.closest('.cr-quiz') ? 'quiz' : a.classList.contains('cr-skip-quiz') ? 'skip' : ''; }""")
        if where:
            break
    assert where, f"{chapter} at {device}: no quiz and no skip link in {MOST_TABS} presses of Tab"
    if where == "skip":
        link = page.locator("#pst-skip-link .cr-skip-quiz")
        assert link.is_visible(), "the focused skip link is shown"
        assert link.inner_text() == "Skip to the first quiz"
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.closest('.cr-quiz')")
    first = page.evaluate("""() => document.activeElement.closest('.cr-quiz')
        === [...document.querySelectorAll('.cr-quiz')].find((q) => q.checkVisibility())""")
    assert first, f"{chapter} at {device}: the focus is not in the first quiz"
    # The quiz is in view, below the sticky header, and the next Tab is one of its answers.
    top = page.evaluate("() => document.activeElement.closest('.cr-quiz').getBoundingClientRect().top")
    header = page.evaluate("""() => (document.querySelector('.bd-header-article')
        || document.querySelector('header')).getBoundingClientRect().bottom""")
    assert header <= top < page.viewport_size["height"], (header, top)
    page.keyboard.press("Tab")
    assert page.evaluate("() => !!document.activeElement.closest('.cr-quiz')")
    assert_clean(w)
    ctx.close()
