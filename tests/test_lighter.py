"""The pruned stylesheets draw the book exactly as the theme's own do (book/_ext/cardlight.py).

The build cuts the theme's stylesheets down to the rules its pages can use and keeps the
unpruned files beside the output (``book/_build/unpruned-css``).  For each case below (pages
of every kind, a phone's 390 px and a desktop's 1280 px, light and dark, and states that only
scripts make: the drawer open, a tooltip shown, a dropdown open) the test draws the page twice
in fresh browser contexts, once as built (pruned) and once with the unpruned files served in
place of the pruned ones (Playwright's ``page.route``), and compares the full-page screenshots
pixel by pixel.  The screenshots are saved into ``book/_build/screenshots/lighter``, with an
image of the differing pixels when a case fails.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import BOOK, HTML

pytestmark = pytest.mark.browser

UNPRUNED = BOOK / "_build" / "unpruned-css"
SHOTS = BOOK / "_build" / "screenshots" / "lighter"

#: How different two screenshots may be: no pixel at all.  Both are drawn by the same
#: Chromium, in software (no GPU), with the same fonts, from the same page at the same size
#: and state, and it draws the same styles to the same pixels every time (a page drawn twice
#: with the same stylesheets gives two identical images).  So any differing pixel is a style
#: the pruning took away: a rule for inline code in a heading moves its words (a shift of a
#: few pixels over a word's box, hundreds of pixels), a lost dark-mode rule changes a
#: colour.  A tolerance above zero would only hide such a change when it is small.
TOLERANCE = 0


@dataclass(frozen=True)
class Case:
    """A page to draw: its address (from the book's root), the width, the colour mode, what
    to wait for when the page's script fills it in (a script's condition), and a state to
    put it in first (``menu``: the drawer open, ``tooltip``: a header button's tooltip
    shown, ``dropdown``: the download menu open).  A page is drawn whole, but for a state
    whose page, width and mode another case draws whole (``whole=False``): then its first
    screen, where the state shows (the drawer and the tooltip hang from the header)."""

    page: str
    width: int
    mode: str
    ready: str | None = None
    state: str | None = None
    whole: bool = True

    @property
    def name(self) -> str:
        bits = [self.page.split("?")[0].removesuffix(".html").replace("/", "--"),
                str(self.width), self.mode]
        return "-".join([*bits, self.state] if self.state else bits)


def _shown(selector: str) -> str:
    return f"() => !!document.querySelector({json.dumps(selector)})"


#: the search's script has written every result: its summary says it has finished, and each
#: result has its description or the snippet it fetched from its page
_SEARCHED = """() => {
  const status = document.querySelector("#search-results .search-summary");
  return !!status && status.textContent.trim() !== "" && [...document.querySelectorAll(
      "#search-results ul.search > li")].every((li) => li.querySelector(":scope > span, .context"));
}"""

CASES = [
    Case("intro.html", 390, "light"),
    Case("punto-banco.html", 1280, "light"),
    Case("pontoon.html", 390, "dark"),
    Case("casino.html", 1280, "dark"),
    # inline code in running text and in headings: an earlier pruning moved it here
    Case("lessons/pontoon-buying-and-twisting.html", 1280, "light"),
    Case("lessons/punto-banco-in-20-minutes.html", 390, "dark"),
    Case("practice.html", 1280, "dark", ready=_shown("#cr-practice button.cr-start")),
    Case("progress.html", 390, "light", ready=_shown("button.cr-export")),
    Case("search.html?q=third+card", 1280, "light", ready=_SEARCHED),
    Case("glossary.html", 390, "dark"),
    # what scripts add at run time
    Case("pontoon.html", 390, "dark", state="menu", whole=False),
    Case("punto-banco.html", 1280, "light", state="tooltip", whole=False),
    Case("casino-pontoon.html", 1280, "dark", state="dropdown"),
]

#: resolves once no finite animation or transition runs (the drawer sliding open, a tooltip
#: fading in); infinite ones (none on these pages) never finish and are left out
_SETTLED = """() => Promise.all(document.getAnimations()
    .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
    .map(a => a.finished.catch(() => null)))"""


#: the pages' scripts draw random numbers (the table's shuffle number, the practice's first
#: question): both drawings of a page draw the same ones, so that they show the same things
_SAME_CHANCE = """(() => { let s = 20261202;
  Math.random = () => (s = (s * 16807) % 2147483647) / 2147483647; })();"""


def _pruned_files() -> dict[str, Path]:
    """The theme's stylesheets the build pruned: ``{path in the site: unpruned copy}``."""
    report = UNPRUNED / "cardlight.json"
    if not report.is_file():
        pytest.fail("book/_build/unpruned-css is missing: the book was built without "
                    "book/_ext/cardlight.py")
    sizes = json.loads(report.read_text(encoding="utf-8"))
    assert sizes, "cardlight pruned no stylesheet"
    for rel, size in sizes.items():
        assert size["after"] < size["before"], f"{rel} was not pruned: {size}"
        assert (HTML / rel).stat().st_size == size["after"], f"{rel} is not the pruned file"
    return {rel: UNPRUNED / rel for rel in sizes}


def _put_in_state(page: Any, state: str | None) -> None:
    """Put the page in ``state``; every other button's tooltip (which the theme shows half a
    second after the pointer or the focus reaches a button, a timer no state tells) is sent
    away and waited out."""
    if state == "menu":
        page.locator(".primary-toggle:visible").click()
        page.wait_for_function("() => document.querySelector('#pst-primary-sidebar-modal').open")
    elif state == "tooltip":
        page.locator(".theme-switch-button:visible").first.hover()
        page.locator(".tooltip.show .tooltip-inner").wait_for(state="visible")
    elif state == "dropdown":
        page.locator(".dropdown-download-buttons button:visible").first.click()
        page.locator(".dropdown-download-buttons .dropdown-menu.show").wait_for(
            state="visible")
    if state != "tooltip":
        size = page.viewport_size
        page.mouse.move(size["width"] // 2, size["height"] - 2)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.wait_for_function("() => !document.querySelector('.tooltip')")


def _fulfil_with(path: Path, served: list[str]) -> Any:
    """A route handler answering with the file ``path`` (a stylesheet), noting the URL."""
    def fulfil(route: Any) -> None:
        served.append(route.request.url)
        route.fulfill(body=path.read_bytes(), content_type="text/css; charset=utf-8")
    return fulfil


def _draw(browser: Any, site: str, case: Case, unpruned: dict[str, Path] | None
          ) -> tuple[bytes, list[str]]:
    """The screenshot of ``case`` (the whole page, or the first screen), with the unpruned stylesheets served in place of
    the pruned ones when ``unpruned`` is given; and the stylesheets served from the
    unpruned files."""
    ctx = browser.new_context(viewport={"width": case.width, "height": 900},
                              color_scheme=case.mode)
    served: list[str] = []
    try:
        page = ctx.new_page()
        page.add_init_script(_SAME_CHANCE)
        for rel, path in (unpruned or {}).items():
            page.route(f"{site}/{rel}*", _fulfil_with(path, served))
        page.goto(f"{site}/{case.page}", wait_until="load")
        assert page.evaluate("document.documentElement.dataset.theme") == case.mode
        if case.ready:
            page.wait_for_function(case.ready)
        page.evaluate("document.fonts.ready.then(() => true)")
        _put_in_state(page, case.state)
        page.evaluate(_SETTLED)
        return page.screenshot(full_page=case.whole, animations="disabled"), served
    finally:
        ctx.close()


def differing_pixels(a: bytes, b: bytes) -> tuple[int, tuple[int, int, int, int] | None, Any]:
    """How many pixels of two PNG images differ (in any channel, by more than
    ``TOLERANCE``), the box around them, and the image of the differences.

    >>> from PIL import Image
    >>> def png(colour):
    ...     out = BytesIO(); Image.new("RGB", (4, 3), colour).save(out, "PNG")
    ...     return out.getvalue()
    >>> differing_pixels(png("white"), png("white"))[:2]
    (0, None)
    >>> differing_pixels(png("white"), png((255, 255, 254)))[:2]
    (12, (0, 0, 4, 3))
    """
    from PIL import Image, ImageChops

    one, two = (Image.open(BytesIO(x)).convert("RGB") for x in (a, b))
    if one.size != two.size:  # a page of another height: every row below differs
        width, height = max(one.width, two.width), max(one.height, two.height)
        return width * height, (0, 0, width, height), None
    diff = ImageChops.difference(one, two)
    # a pixel's largest channel difference, then the pixels above the tolerance
    largest = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    over = largest.point(lambda v: 255 if v > TOLERANCE else 0)
    return over.histogram()[255], over.getbbox(), diff


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_pruned_stylesheets_draw_the_page_as_the_themes_do(browser: Any, site: str,
                                                            case: Case) -> None:
    unpruned = _pruned_files()
    pruned_shot, served = _draw(browser, site, case, None)
    assert not served
    original_shot, served = _draw(browser, site, case, unpruned)
    # the comparison is between two stylesheets: the unpruned ones were the ones served
    fetched = {u.split("?")[0].removeprefix(site + "/") for u in served}
    assert {"_static/styles/pydata-sphinx-theme.css"} <= fetched <= set(unpruned), fetched

    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{case.name}-pruned.png").write_bytes(pruned_shot)
    (SHOTS / f"{case.name}-unpruned.png").write_bytes(original_shot)
    # the same pixels encode to the same bytes: only differing images are decoded
    count, box, diff = ((0, None, None) if pruned_shot == original_shot
                        else differing_pixels(pruned_shot, original_shot))
    (SHOTS / f"{case.name}-diff.png").unlink(missing_ok=True)  # a failed run's, if any
    if count and diff is not None:
        diff.point(lambda v: 255 if v else 0).save(SHOTS / f"{case.name}-diff.png")
    assert count == 0, (f"{case.name}: {count} pixels differ between the pruned and the "
                        f"theme's stylesheets, within {box} (see {SHOTS})")


def test_the_unpruned_copies_are_not_served(built_book: Path) -> None:
    """The unpruned stylesheets sit beside the site, not in it: a reader never fetches them."""
    assert UNPRUNED.resolve().parent == built_book.resolve().parent
    assert not list(built_book.rglob("cardlight.json"))
