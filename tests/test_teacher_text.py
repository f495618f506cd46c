"""Teacher text is text: quizzes.pages.text turns what a teacher types into safe MyST and HTML.

The MyST is read back with the book's own Markdown parser (myst-parser's markdown-it, with
the extensions of book/_config.yml), so these checks see what the book would make of it.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizzes.pages.text import parse, plain, problems, render

PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "[click](javascript:alert(1))",
    "<svg onload=alert(1)>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
]


@pytest.fixture(scope="module")
def myst() -> Any:
    """myst-parser's markdown-it, set up as the book sets it up (book/_config.yml)."""
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    config = MdParserConfig(
        enable_extensions={"colon_fence", "dollarmath", "substitution", "tasklist"},
        url_schemes=("mailto", "http", "https"))
    return create_md_parser(config, RendererHTML)


def text_of(rendered: str) -> str:
    """The words a reader sees in rendered HTML."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", rendered)).split())


def no_markup_but(rendered: str, allowed: set[str]) -> None:
    tags = set(re.findall(r"</?([a-zA-Z][\w-]*)", rendered))
    assert tags <= allowed, (tags - allowed, rendered)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_html_payloads_show_as_text_in_myst_and_html(myst: Any, payload: str) -> None:
    for markup in (True, False):
        page = myst.render(render(payload, "myst", markup=markup))
        no_markup_but(page, {"p"})
        assert text_of(page) == payload
        direct = render(payload, "html", markup=markup)
        no_markup_but(direct, {"p"})
        assert text_of(direct) == payload
    assert "onerror=" not in myst.render(render(PAYLOADS[1], "myst")).replace(
        "onerror=alert", "")  # only as text, never as an attribute
    assert "<script" not in render(PAYLOADS[0], "html")


def test_dollars_are_dollars_not_maths(myst: Any) -> None:
    for text in ("Stakes are $5 to $10", "House rules for $1 stakes", "$$x$$", "$x$ and $y$"):
        page = myst.render(render(text, "myst"))
        assert "math" not in page and text_of(page) == text, page
        assert plain(text, "html") == text


@pytest.mark.parametrize("text", [
    "{math}`x^2`", "{sub-ref}`today`", "```{note}\nx\n```", ":::{warning}\nx\n:::",
    "{{ name }}", "(target)=", "% comment", "+++", "---", "# heading", "> quote",
    "[ ] task", "[^1]", "| a | b |", "    indented code", "`code`", "~~struck~~",
    "\\(x\\)", "A line\\", "1) first", "2024.", "Tab\there",
])
def test_myst_syntax_stays_literal(myst: Any, text: str) -> None:
    page = myst.render(render(text, "myst", markup=False))
    no_markup_but(page, {"p"})
    assert text_of(page) == " ".join(text.split())


def test_the_markdown_subset_is_kept(myst: Any) -> None:
    text = ("Play **16** or *more*, _always_, __bold__.\n\n"
            "- buy a card\n- twist one\n\n"
            "3. third\n4. fourth\n\n"
            "See [the rules](https://example.org/pontoon?x=1&y=2) or "
            "[mail me](mailto:teacher@example.org).")
    expected = ('<p>Play <strong>16</strong> or <em>more</em>, <em>always</em>, '
                '<strong>bold</strong>.</p><ul><li>buy a card</li><li>twist one</li></ul>'
                '<ol start="3"><li>third</li><li>fourth</li></ol>'
                '<p>See <a href="https://example.org/pontoon?x=1&amp;y=2">the rules</a> or '
                '<a href="mailto:teacher@example.org">mail me</a>.</p>')
    assert render(text, "html") == expected
    page = myst.render(render(text, "myst")).replace("\n", "")
    assert page == expected


def test_no_markup_in_plain_text() -> None:
    assert plain("**Bold** [x](https://e.org)\n\n- item", "html") == \
        "**Bold** [x](https://e.org) - item"


def test_words_with_underscores_and_stars_stay_as_typed(myst: Any) -> None:
    for text in ("snake_case_name", "2*3*4 = 24", "a * b * c", "**", "*", "_"):
        assert text_of(myst.render(render(text, "myst"))) == text
        assert text_of(render(text, "html")) == text


@pytest.mark.parametrize("url", ["javascript:alert(1)", "JavaScript:alert(1)",
                                 "data:text/html,<script>alert(1)</script>", "rules.html",
                                 "vbscript:x", "//evil.example"])
def test_other_links_are_refused_and_shown_as_text(myst: Any, url: str) -> None:
    text = f"[click]({url})"
    assert problems(text) and "a link must go to an http://, https:// or mailto: address" \
        in problems(text)[0]
    for rendered in (render(text, "html"), myst.render(render(text, "myst"))):
        assert "<a" not in rendered and "href" not in rendered
        assert text_of(rendered) == text


def test_problems_name_control_characters_and_accept_good_text() -> None:
    assert problems("Fine *text* with [a link](https://example.org).") == []
    assert problems("bell\x07") == ["holds control characters (0x7); remove them"]
    assert problems("[x](javascript:y)", markup=False) == []  # plain text: shown as typed


def test_parse_lists_and_paragraphs() -> None:
    blocks = parse("First line\nsame paragraph\n\n- one\n  more of one\n- two\n\nAfter.")
    assert [type(b).__name__ for b in blocks] == ["Para", "ListBlock", "Para"]
    assert blocks[0].spans == ("First line same paragraph",)  # type: ignore[union-attr]
    assert blocks[1].items[0].spans == ("one more of one",)  # type: ignore[union-attr]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"ab 1.-*_$`{}<>[]()!#%:&;=\\|~^\n\t\"'/", "é", "<script>",
                                 "javascript:", "https://x.y"]),
                max_size=40).map("".join))
def test_plain_text_always_reads_back_as_typed(myst: Any, text: str) -> None:
    typed = " ".join(text.split())
    page = myst.render(render(text, "myst", markup=False))
    no_markup_but(page, {"p"})
    assert text_of(page) == typed
    assert text_of(plain(text, "html")) == typed


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"ab 1.-*_$`{}<>[]()!#%:&\n", "<img src=x onerror=alert(1)>",
                                 "](javascript:", "](https://e.org)", "**", "\n\n", "\n- ",
                                 "\n1. "]),
                max_size=30).map("".join))
def test_any_text_with_markup_makes_only_the_allowed_tags(myst: Any, text: str) -> None:
    allowed = {"p", "em", "strong", "a", "ul", "ol", "li"}
    for rendered in (render(text, "html"), myst.render(render(text, "myst"))):
        no_markup_but(rendered, allowed)
        assert not re.search(r"<[^>]*\son\w+=", rendered), rendered
        for href in re.findall(r'href="([^"]*)"', rendered):
            assert href.startswith(("https://", "http://", "mailto:")), rendered


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"ab 1.-*_$`{}<>[]()!#%:&\n", "**", "__", "\n\n", "\n- ",
                                 "\n1. ", "](https://e.org)", "[", "mailto:x@y.z"]),
                max_size=30).map("".join))
def test_the_book_and_the_worksheet_read_teacher_text_alike(myst: Any, text: str) -> None:
    """What the book makes of the MyST is exactly the HTML the worksheet prints."""
    book = re.sub(r"\s+", "", myst.render(render(text, "myst")))
    assert book == re.sub(r"\s+", "", render(text, "html")), text
