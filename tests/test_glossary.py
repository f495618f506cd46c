"""The glossary (book/glossary.md) and its links (book/_ext/cardglossary.py): each chapter
links the first use of each glossary word to its definition, once; a word defined for one
game is linked only from that game's pages; the look-up pages are in the built book."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import BOOK

sys.path.insert(0, str(BOOK / "_ext"))
import cardglossary

CHAPTERS = ["punto-banco", "pontoon", "casino-pontoon", "casino", "palace-poker"]
LINK = re.compile(r'<a class="cr-term reference internal" href="glossary\.html#(term-[^"]+)"')


def terms() -> list[str]:
    text = (BOOK / "glossary.md").read_text(encoding="utf-8")
    body = text.split("```{glossary}", 1)[1].split("```", 1)[0]
    return [line for line in body.splitlines() if line and not line.startswith(" ")]


def test_glossary_defines_the_words_of_the_table() -> None:
    words = terms()
    assert words == sorted(words), "the glossary is in alphabetical order"
    for word in ("bank", "banker", "stake", "buy", "twist", "stick", "natural", "tableau",
                 "build", "trail", "sweep", "banner", "soldier", "palace", "coup", "shoe",
                 "punto", "five card trick", "pontoon", "bust"):
        assert word in words, word


def test_glossary_word_forms_and_game_names() -> None:
    pattern = cardglossary.term_pattern(["stake", "buy", "pontoon", "build"],
                                        ("Casino Pontoon", "Pontoon", "Casino"))
    found = [(m.lastgroup, m.group()) for m in pattern.finditer(
        "In Casino Pontoon you buy; Stakes and buying. Pontoon is a game, a pontoon a hand.")]
    assert found == [("game", "Casino Pontoon"), ("term", "buy"), ("term", "Stakes"),
                     ("term", "buying"), ("game", "Pontoon"), ("term", "pontoon")]
    titles = {"Casino": "casino", "Casino Pontoon": "casino-pontoon"}
    assert cardglossary.scope_of("In Casino Pontoon, to double.", titles) == {"casino-pontoon"}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_glossary_each_chapter_links_first_uses_once(built_book: Path, chapter: str) -> None:
    html = (built_book / f"{chapter}.html").read_text(encoding="utf-8")
    links = Counter(LINK.findall(html))
    assert len(links) >= 8, f"{chapter}: only {sorted(links)} linked"
    assert max(links.values()) == 1, [t for t, n in links.items() if n > 1]
    glossary = (built_book / "glossary.html").read_text(encoding="utf-8")
    for anchor in links:
        assert f'id="{anchor}"' in glossary, anchor


def test_glossary_game_words_stay_in_their_game(built_book: Path) -> None:
    """"Build" is Casino's word: elsewhere the book builds things of its own."""
    for page in ("cards", "punto-banco", "pontoon", "intro"):
        html = (built_book / f"{page}.html").read_text(encoding="utf-8")
        assert "#term-build" not in html and "#term-sweep" not in html, page
    assert "#term-build" in (built_book / "casino.html").read_text(encoding="utf-8")


def test_glossary_look_up_pages_are_in_the_sidebar(built_book: Path) -> None:
    html = (built_book / "intro.html").read_text(encoding="utf-8")
    for href in ("glossary.html", "reference/sources.html", "reference/house-readings.html",
                 "genindex.html"):
        assert f'href="{href}"' in html, href


#: sentences of the built book that use a glossary word in another sense (the glossary's
#: OTHER_SENSES), and so hold no link: (page, the words, the word)
NOT_THE_SENSE = [("palace-poker", "also called Castle Poker", "called"),
                 ("palace-poker", "they split the pot", "split"),
                 ("punto-banco", "one called **Player**", "called"),
                 ("practice", "banks of questions", "banks")]


@pytest.mark.parametrize(("page", "words", "word"), NOT_THE_SENSE)
def test_glossary_links_a_word_only_in_its_sense(built_book: Path, page: str, words: str,
                                                 word: str) -> None:
    html = (built_book / f"{page}.html").read_text(encoding="utf-8")
    plain = re.sub(r"<strong>([^<]*)</strong>", r"**\1**", html)
    before, after = words.split(word, 1)
    linked = re.escape(before) + r'<a class="cr-term[^>]*>' + re.escape(word) + "</a>" + re.escape(after)
    assert not re.search(linked, plain), f"{page}: {word!r} in {words!r} links the glossary"
    assert words in plain, f"{page}: the sentence {words!r} is gone; find another"


def test_glossary_links_the_sense_elsewhere_on_the_page(built_book: Path) -> None:
    """Left unlinked where it means something else, a word is linked where the page first
    means its sense: Palace Poker links *call* (the bet) all the same."""
    html = (built_book / "palace-poker.html").read_text(encoding="utf-8")
    assert "glossary.html#term-call" in html


def test_glossary_links_nothing_on_the_books_own_pages(built_book: Path) -> None:
    """The Practice and Progress pages are the book's machinery: their words are not linked."""
    for page in ("practice", "progress"):
        html = (built_book / f"{page}.html").read_text(encoding="utf-8")
        assert 'class="cr-term' not in html, page
