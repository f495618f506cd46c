"""Shared fixtures: the repository root and the built book."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"


@pytest.fixture(scope="session")
def built_book() -> Path:
    """The built book; `make test` builds it first, so a missing build is a failure."""
    if not (HTML / "index.html").is_file():
        pytest.fail("book/_build/html is missing: run `make book` (make test does it first)")
    return HTML
