"""The HTML blocks behind the book directives, for every game."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.catalog import games
from quizzes.pages import parts as bookparts
from quizzes.pages.parts import rule_block

DEAL_PROFILES = ["punto-banco", "pontoon", "shoot-pontoon", "casino-pontoon", "palace-poker"]


@pytest.mark.parametrize("profile", DEAL_PROFILES)
def test_deal_block_draws_a_seeded_deal(profile: str) -> None:
    html = bookparts.deal_block(profile, {"seed": "7"})
    assert html.count("<svg") >= 4 and "shuffle number 7" in html and "seed" not in html
    assert html == bookparts.deal_block(profile, {"seed": "7"})
    assert html != bookparts.deal_block(profile, {"seed": "8"})


def test_rule_block_for_every_game_shows_house_readings() -> None:
    from cardrules.catalog import all_rules

    for r in all_rules():
        html, anchor, title = bookparts.rule_block(r.id)
        assert title == r.title and anchor == bookparts.rule_anchor(r.id)
        assert ("House reading" in html) is bool(r.house_reading)
    assert {"banco", "pontoon", "casino-pontoon", "casino", "palace", "poker"} <= set(games())


def test_every_game_has_a_public_source_and_rule_boxes_link_it() -> None:
    from cardrules.catalog import PUBLIC_SOURCES, all_rules

    assert set(PUBLIC_SOURCES) == {r.game for r in all_rules()}
    html, _, _ = rule_block("pontoon.buy.limits")
    assert 'href="https://www.pagat.com/banking/pontoon.html"' in html
    assert "seeds/" not in html and "RULES.md" not in html


def test_built_book_names_no_file_outside_the_project(built_book: Path) -> None:
    """Readers get public sources: no source-text file names, no rules-specification file,
    no issue numbers anywhere in the built text."""
    import re

    workshop = re.compile(r"seeds/|RULES\.md|\b[Ii]ssue \d+|\bthe seed'?s? (?:rules|text)"
                          r"|\b[Tt]he seed (?:does|is|says|gives|names)\b")
    for page in sorted(built_book.rglob("*.html")):
        if page.relative_to(built_book).parts[0] in ("lite", "_static", "_sources"):
            continue  # the live mode's own site and theme files: not the book's text
        text = page.read_text(encoding="utf-8")
        found = workshop.findall(text)
        assert not found, f"{page.relative_to(built_book)}: {sorted(set(found))}"


def test_built_pages_carry_no_thebe_launcher(built_book: Path) -> None:
    """Thebe is off: no page carries its scripts, its launcher settings (which would name an
    example Binder repository) or its stylesheet."""
    marks = ("text/x-thebe-config", "kernelName", "THEBE_JS_URL", "sphinx-thebe",
             "binder-examples")
    pages = [p for p in sorted(built_book.rglob("*.html"))
             if p.relative_to(built_book).parts[0] not in ("lite", "_static", "_sources")]
    assert len(pages) > 20
    for page in pages:
        text = page.read_text(encoding="utf-8")
        found = [m for m in marks if m in text]
        assert not found, f"{page.relative_to(built_book)}: {found}"
