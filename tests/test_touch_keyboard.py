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

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
WIDTHS = {"desktop": {"viewport": {"width": 1280, "height": 900}},
          "phone": {"viewport": {"width": 390, "height": 844}}}
CHAPTERS = ["pontoon", "casino-pontoon", "punto-banco", "casino", "palace-poker"]
MOST_TABS = 10

#: records each tooltip Bootstrap was asked to show, by its button, and whether it was let
#: (listened for on the window, after every listener of the page has had its say)
TIPS_ASKED = """window.tipsAsked = [];
window.addEventListener("show.bs.tooltip", (e) => window.tipsAsked.push(
    {button: e.target.className, shown: !e.defaultPrevented}));"""

#: a tooltip the reader can see
TIP_SHOWN = "() => [...document.querySelectorAll('.tooltip')].some((t) => t.checkVisibility())"


def header_buttons(page: Any) -> list[str]:
    """The class names of the header's visible buttons that have a tooltip."""
    return list(page.locator("[data-bs-toggle='tooltip']:visible").evaluate_all(
        "(bs) => bs.map((b) => b.className)"))


def close_what_opened(page: Any) -> None:
    """Shut by touch whatever a header button opened (a menu, the search box), as a thumb
    does: a tap on the backdrop of the open dialog."""
    if page.locator("dialog[open]").count():
        size = page.viewport_size
        page.touchscreen.tap(size["width"] - 4, size["height"] - 4)
        page.wait_for_function("() => !document.querySelector('dialog[open]')")


def test_a_tap_leaves_no_tooltip_and_search_then_takes_a_tap(browser: Any, site: str) -> None:
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(TIPS_ASKED)
    page = ctx.new_page()
    w = watch(page)
    page.goto(f"{site}/pontoon.html")
    page.wait_for_function("() => window.bootstrap && document.querySelector('[data-bs-original-title]')")
    buttons = header_buttons(page)
    assert len(buttons) >= 3, buttons
    search = ".search-button__button:visible"
    for i, name in enumerate(buttons):
        page.locator("[data-bs-toggle='tooltip']:visible").nth(i).tap()
        close_what_opened(page)
        # The theme asks for the tooltip half a second after the tap; wait until it has
        # asked (the state to wait for), then none may show.
        page.wait_for_function(
            f"() => window.tipsAsked.some((t) => t.button === {name!r}) || ({TIP_SHOWN})()",
            timeout=5000)
        assert not page.evaluate(TIP_SHOWN), f"{name}: a tooltip stays after a tap"
        assert not [t for t in page.evaluate("window.tipsAsked") if t["shown"]], name
        page.wait_for_function(f"() => !({TIP_SHOWN})()", timeout=5000)
        # Nothing lies over the Search button: a tap on it opens the search box.
        box = page.locator(search).first.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        on_top = page.evaluate(f"() => document.elementFromPoint({x}, {y}).closest('button')?.className")
        assert on_top and "search-button" in on_top, f"after {name}: {on_top} over Search"
        page.locator(search).first.tap()
        page.locator("dialog#pst-search-dialog[open] input[type=search]").wait_for(timeout=5000)
        close_what_opened(page)
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
