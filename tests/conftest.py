"""Shared fixtures: the repository root and the built book."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests.browser import CHROMIUM_ARGS, chromium_path, serve

# Property tests draw the same examples on every run (the suite is steady: a run fails only
# for a change of code); HYPOTHESIS_PROFILE=explore draws fresh ones, to look for new bugs.
settings.register_profile("suite", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"

#: the fixtures that read the built book; a test with one of them, a browser test, or a test
#: marked ``book`` (it reads what the build writes beside the pages, the bank cache) runs
#: after the build
BOOK_FIXTURES = {"built_book", "site"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--book", choices=("before", "after", "any"), default="any",
        help="before: only the tests that need no built book (`make test` runs them on the "
             "core the book's build leaves free); after: only those that need it")


def needs_the_book(item: pytest.Item) -> bool:
    """Whether a test reads the built book (its pages or what its build writes)."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(fixtures & BOOK_FIXTURES) or any(
        item.get_closest_marker(m) for m in ("browser", "book"))


#: the modules whose tests take longest, longest first: they start a run, so that its end
#: waits for no long test (with `-n 2 --dist worksteal`, an idle worker takes the rest)
LONG_FIRST = ("test_teacher_text_browser", "test_wheel", "test_worker_py", "test_lite",
              "test_casino_plain", "test_casino_counts", "test_casino_pontoon_strategy",
              "test_table_browser", "test_practice", "test_pages", "test_answerable",
              "test_coach_pontoon", "test_lms_export", "test_coach_contract")


def _long_first(item: pytest.Item) -> int:
    name = item.path.stem if item.path is not None else ""
    return LONG_FIRST.index(name) if name in LONG_FIRST else len(LONG_FIRST)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    when = config.getoption("--book", "any")
    if when != "any":
        keep = [i for i in items if needs_the_book(i) == (when == "after")]
        dropped = [i for i in items if needs_the_book(i) != (when == "after")]
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
    items.sort(key=_long_first)  # a stable sort: the rest keep their order


@pytest.fixture(scope="session")
def built_book() -> Path:
    """The built book; `make test` builds it first, so a missing build is a failure."""
    if not (HTML / "index.html").is_file():
        pytest.fail("book/_build/html is missing: run `make book` (make test does it first)")
    return HTML


@pytest.fixture(scope="session")
def site(built_book: Path) -> Iterator[str]:
    """The built book served on 127.0.0.1 for the whole session."""
    with serve(built_book) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium, driven by Playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    if exe is None:
        pytest.fail("Debian's chromium is not installed (.ci/run installs it)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        yield b
        b.close()

