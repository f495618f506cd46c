"""The book's search and index (book/_ext/cardsearch.py): a reader who types a rule's name
into the search page finds the rule's own box, in its chapter, first; the API's objects
come after the book, under their own heading, and no test's name is found; the snippets are
words, made from the small files the build writes; the results fit a phone; the index page
lists every rule under its game."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from benchmarks.bench_pages import BUDGET
from cardrules.catalog import INDEX_TERMS, all_rules, rule
from quizzes.pages.parts import rule_anchor, rule_index_entries
from quizzes.pages.reference import game_title, named_tests
from tests.browser import keep_screenshot
from tests.workshop_words import findings

ROOT = Path(__file__).resolve().parent.parent

#: query -> the rule whose box the first result must link, in the game's chapter
QUERIES = {
    "split": "pontoon.split",
    "third card": "banco.third-card",
    "buy": "pontoon.buy.limits",
    "build": "casino.build",
    "banner": "palace.banner",
    "sweep": "casino.sweep",
    "twist": "pontoon.twist",
    "natural": "banco.natural",
}
#: the heading of the API's group of results (book/_ext/search_static/cardrules-search.js)
PYTHON_GROUP = "Python reference"
#: the project's test functions, whose names no reader searches for
TESTS = frozenset(named_tests(ROOT / "tests"))
#: each result of the search page, in order: its link, its words, whether it stands in the
#: Python reference group (and that group's title), and whether it shows
_RESULTS = """() => [...document.querySelectorAll('#search-results ul.search li')].map(li => ({
    href: li.querySelector('a').getAttribute('href'),
    text: li.textContent,
    python: li.closest('ul').classList.contains('cr-search-python'),
    after: li.closest('details') ? li.closest('details').querySelector('summary').textContent
                                 : '',
    shown: li.checkVisibility()}))"""
#: the state the search page reaches once every result has its snippet
_READY = "#search-results[data-snippets='ready']"
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


def test_search_the_index_holds_no_tests_name(built_book: Path) -> None:
    """The Reference lists the tests named after each rule; the search index leaves them
    out (a reader searches for none), and so do the words of the snippets."""
    assert TESTS
    text = (built_book / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1:text.rindex(")")])
    words = set(index["terms"]) | set(index["titleterms"])
    assert not words & TESTS, sorted(words & TESTS)[:5]
    assert "split" in index["terms"] or "split" in index["titleterms"]
    words_dir = built_book / "_static" / "search-text"
    written = sorted(words_dir.rglob("*.json"))
    assert written, "no words written for the snippets"
    for path in written:
        page = json.loads(path.read_text(encoding="utf-8"))
        found = set(re.findall(r"\btest_\w+", page["text"])) & TESTS
        assert not found, (path.name, sorted(found)[:3])
        for anchor, (start, end) in page["spans"].items():
            assert 0 <= start < end <= len(page["text"]), (path.name, anchor)
    # a rule's box in its chapter has its own words, without the table of the chapter
    chapter = json.loads((words_dir / "pontoon.json").read_text(encoding="utf-8"))
    start, end = chapter["spans"][rule_anchor("pontoon.split")]
    assert "split" in chapter["text"][start:end].lower()


def test_search_the_python_group_heading_is_a_readers_word() -> None:
    assert findings(PYTHON_GROUP) == []
    script = (ROOT / "book" / "_ext" / "search_static" / "cardrules-search.js").read_text(
        encoding="utf-8")
    assert f'const PYTHON_GROUP = "{PYTHON_GROUP}";' in script


@contextmanager
def _results_page(browser: Any, site: str, query: str, width: int = 1280,
                  dark: bool = False) -> Iterator[tuple[Any, list[dict[str, Any]], int]]:
    """The search page for ``query`` with every snippet shown: the page, its results, and
    the bytes it fetched (every body, uncompressed)."""
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = ctx.new_page()
        sizes: dict[str, int] = {}
        responses: list[Any] = []
        page.on("response", lambda r: responses.append(r))
        page.goto(f"{site}/search.html?q={quote(query)}")
        page.wait_for_selector(_READY, state="attached", timeout=30000)
        page.wait_for_load_state("networkidle")
        for r in responses:
            try:
                sizes[r.url] = sizes.get(r.url, 0) + len(r.body())
            except Exception:  # a redirect or an aborted request has no body
                sizes.setdefault(r.url, 0)
        if dark:  # as the colour-mode button leaves it (tests/test_reader.py)
            page.evaluate("""() => { document.documentElement.dataset.theme = "dark";
                                     document.documentElement.dataset.mode = "dark"; }""")
        yield page, page.evaluate(_RESULTS), sum(sizes.values())
    finally:
        ctx.close()


@pytest.mark.browser
@pytest.mark.parametrize("query", list(QUERIES))
def test_search_a_rules_name_finds_its_box_in_its_chapter_first(browser: Any, site: str,
                                                                  query: str) -> None:
    r = rule(QUERIES[query])
    with _results_page(browser, site, query) as (page, results, fetched):
        assert results, query
        href = results[0]["href"]
        assert href.endswith(f"{CHAPTERS[r.game]}.html#{rule_anchor(r.id)}"), (query, href)
        # the book's results first; the API's after them all, under their heading
        groups = [res["python"] for res in results]
        assert groups == sorted(groups), (query, groups)
        python = [res for res in results if res["python"]]
        assert all(res["after"] == f"{PYTHON_GROUP} ({len(python)} result"
                   f"{'s' if len(python) > 1 else ''})" for res in python), (query, python[:1])
        # the group is closed: a learner sees the book's results only
        assert not any(res["shown"] for res in python), query
        # the learner's pages before the Reference's (its catalog, house rules, quizzes)
        tiers = [2 if res["python"] else "/reference/" in f"/{res['href']}" for res in results]
        assert tiers == sorted(tiers), (query, [res["href"] for res in results])
        # no API object in the top 10 of what the page shows
        for res in [res for res in results if res["shown"]][:10]:
            assert not re.match(r"reference/api\b", res["href"]), (query, res)
            assert not re.search(r"\(Python \w+, in ", res["text"]), (query, res)
        # no test's name, in a title or a snippet
        for res in results:
            named = set(re.findall(r"\btest_\w+", res["text"])) & TESTS
            assert not named, (query, res)
        # the snippet is made of words: no run of digits and letters glued together
        snippets = page.locator("#search-results ul.search li p.context").all_inner_texts()
        assert snippets, query
        for text in snippets[:5]:
            assert not re.search(r"\d[a-z]+\d|[a-z]{3,}\d{2,}[a-z]", text), (query, text)
        first = page.locator("#search-results ul.search li").first.locator("p.context")
        assert query.split()[0].lower() in first.inner_text().lower(), (query, results[0])
        # the snippets come from the build's small files, not from every result's page
        assert fetched <= BUDGET, f"{query}: {fetched // 1024} KB fetched"


#: the search field's magnifier and where the query's text starts, in px
_FIELD = """() => {
    const form = document.querySelector('.bd-search-container form.bd-search');
    const icon = form.querySelector('.fa-magnifying-glass').getBoundingClientRect();
    const input = form.querySelector('input');
    const box = input.getBoundingClientRect();
    const style = getComputedStyle(input);
    const start = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    return {iconLeft: icon.left, iconRight: icon.right, iconWidth: icon.width,
            inputLeft: box.left, textStart: start};
}"""
_SCROLL = """() => ({width: document.scrollingElement.scrollWidth,
                  view: document.scrollingElement.clientWidth})"""
SHOTS = ROOT / "book" / "_build" / "screenshots" / "search"


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("mode", ["light", "dark"])
def test_search_results_fit_the_screen(browser: Any, site: str, width: int, mode: str) -> None:
    """The results of "split" (long names of the API among them) never scroll sideways, and
    the magnifier in the search field leaves the query's first letter clear."""
    with _results_page(browser, site, "split", width, dark=mode == "dark") as (
            page, results, fetched):
        assert any(res["python"] for res in results), "the API's Split is in its group"
        # a Python reader opens the group: its results show, and fit the screen too
        page.locator("#search-results details.cr-search-group > summary").click()
        page.locator("#search-results ul.cr-search-python li").first.wait_for(state="visible")
        if mode == "dark":
            assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        scroll = page.evaluate(_SCROLL)
        assert scroll["width"] <= scroll["view"], (width, scroll)
        field = page.evaluate(_FIELD)
        assert field["iconWidth"] > 0, field
        assert field["iconRight"] <= field["textStart"], field
        assert field["iconLeft"] >= field["inputLeft"], field
        assert fetched <= BUDGET, f"{fetched // 1024} KB fetched"
        SHOTS.mkdir(parents=True, exist_ok=True)
        keep_screenshot(page, SHOTS / f"split-{width}-{mode}.png")
