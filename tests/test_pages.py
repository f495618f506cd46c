"""Every page of the book, opened once at 1280 px and once at 390 px, as a reader and as a
learner who has never seen Python meet it.

One visit a page and width holds both lists of checks, the reader's
(``tests/test_reader.py``: weight, nothing sideways, axe-core, and the header's buttons on
one page of each layout) and the
learner's (``tests/test_learner_pages.py``: no workshop words, the glossary's senses, the
headings, the live box's place, tables that stay tables), in light and in dark mode, and
saves the page's screenshots into ``book/_build/screenshots`` (the first screen; the whole
page under ``make screenshots``).  No request fails and the
console shows no error (``tests/test_browser.py`` loads the other pages of the table of
contents for the same).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import assert_clean, keep_screenshot, watch
from tests.test_learner_pages import STRUCTURE_RULES, learner_reads, tables_stay_tables
from tests.test_reader import (
    COLOUR_RULES,
    SHOTS,
    WIDTHS,
    _axe,
    _axe_ready_page,
    _dark,
    _fits,
    _menu_opens_contents,
    _quiet,
    fetched_from_the_book,
    reader_pages,
)

pytestmark = pytest.mark.browser

#: the pages whose menu and page-contents buttons are opened: every page has the theme's one
#: header, so one page of each layout stands for the rest (the first page, a chapter, a
#: lesson, an API page with long contents, the index, and the search page with no article)
MENU_PAGES = ("intro", "punto-banco", "lessons/punto-banco-in-20-minutes",
              "reference/api/cardrules.pontoon.reasons", "genindex", "search")


@pytest.mark.parametrize("device", list(WIDTHS))
@pytest.mark.parametrize("name", reader_pages())
def test_page(browser: Any, site: str, name: str, device: str) -> None:
    width = WIDTHS[device][0]
    where = f"{name} at {width} px"
    shot = SHOTS / f"{name.replace('/', '--')}-{device}"
    shot.parent.mkdir(parents=True, exist_ok=True)
    with _axe_ready_page(browser, device) as page:
        w = watch(page)
        fetched_from_the_book(page, site, name)
        if name in MENU_PAGES:
            _menu_opens_contents(page, width)
        _quiet(page)  # the screenshots and axe-core see the page, not a button's tooltip
        learner_reads(page, name, where)
        for mode in ("light", "dark"):
            if mode == "dark":
                _dark(page)
            _fits(page, f"{where}, {mode}")
            tables_stay_tables(page, f"{where}, {mode}")
            keep_screenshot(page, f"{shot}-{mode}.png")
            if mode == "light":  # every rule, the structure rules at every impact
                _axe(page, f"{where}, light", strict=STRUCTURE_RULES)
            else:  # the rules whose result depends on the colours
                _axe(page, f"{where}, dark", COLOUR_RULES)
        assert_clean(w)  # nothing failed, no console or page error, all of it read


def test_the_menu_pages_are_pages_of_the_book(built_book: Path) -> None:
    """Each page that stands for its layout's menu is still a page the test opens."""
    missing = set(MENU_PAGES) - set(reader_pages())
    assert not missing, f"gone from the book: {sorted(missing)}; choose another page"
