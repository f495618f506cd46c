"""The book's search and index (book/_ext/cardsearch.py): a reader who types a rule's name
into the search page finds the rule's own box, in its chapter, first; the snippets are
words; the index page lists every rule under its game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from cardrules.catalog import INDEX_TERMS, all_rules, rule
from quizzes.pages.parts import rule_anchor, rule_index_entries
from quizzes.pages.reference import game_title

#: query -> the rule whose box the first result must link, in the game's chapter
QUERIES = {
    "third card": "banco.third-card",
    "buy": "pontoon.buy.limits",
    "build": "casino.build",
    "banner": "palace.banner",
    "sweep": "casino.sweep",
    "twist": "pontoon.twist",
    "natural": "banco.natural",
}
#: the chapter of each game
CHAPTERS = {"banco": "punto-banco", "pontoon": "pontoon", "casino-pontoon": "casino-pontoon",
            "casino": "casino", "palace": "palace-poker", "poker": "palace-poker"}


def test_search_index_terms_name_rules_of_the_catalog() -> None:
    ids = {r.id for r in all_rules()}
    assert set(INDEX_TERMS) <= ids, sorted(set(INDEX_TERMS) - ids)
    for rule_id, terms in INDEX_TERMS.items():
        assert terms and all(t.strip() == t and ";" not in t for t in terms), rule_id


def test_search_every_rule_has_an_index_entry_under_its_game() -> None:
    for r in all_rules():
        entries = rule_index_entries(r.id)
        assert ("single", f"{game_title(r.game)}; {r.title.replace(';', ',')}") in entries


def test_search_built_index_page_lists_every_rule(built_book: Path) -> None:
    page = (built_book / "genindex.html").read_text(encoding="utf-8")
    for r in all_rules():
        chapter = CHAPTERS[r.game]
        assert f'href="{chapter}.html#{rule_anchor(r.id)}"' in page, r.id
    # the reader's index: rules and glossary words, not every object of the API
    assert 'href="glossary.html#term-stake"' in page
    article = page.split("<article", 1)[1].split("</article>", 1)[0]
    assert 'href="reference/api/' not in article
    # the sidebar links the index
    assert 'href="genindex.html"' in (built_book / "punto-banco.html").read_text(
        encoding="utf-8")


@pytest.mark.browser
@pytest.mark.parametrize("query", list(QUERIES))
def test_search_a_rules_name_finds_its_box_in_its_chapter_first(browser: Any, site: str,
                                                                  query: str) -> None:
    r = rule(QUERIES[query])
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(f"{site}/search.html?q={quote(query)}")
        first = page.locator("#search-results ul.search li").first
        first.wait_for(timeout=15000)
        href = first.locator("a").first.get_attribute("href") or ""
        assert href.endswith(f"{CHAPTERS[r.game]}.html#{rule_anchor(r.id)}"), (query, href)
        # the snippet is made of words: no run of digits and letters glued together
        page.wait_for_function(
            "() => document.querySelector('#search-results ul.search li p.context')", timeout=15000)
        snippets = page.locator("#search-results ul.search li p.context").all_inner_texts()
        assert snippets, query
        for text in snippets[:5]:
            assert not re.search(r"\d[a-z]+\d|[a-z]{3,}\d{2,}[a-z]", text), (query, text)
        assert query.split()[0].lower() in snippets[0].lower(), (query, snippets[0])
    finally:
        ctx.close()
