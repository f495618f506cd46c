"""The book's index and search: a rule is found on the page that explains it.

A Sphinx extension (listed in ``book/_config.yml``).

- **The index.**  Every ``{rule}`` box (``book/_ext/cardbook.py``) carries index entries:
  the rule under its game, and under the words a reader looks it up by
  (``cardrules.catalog.INDEX_TERMS``).  A rule is shown in several places (its chapter, a
  lesson, the teachers' page), but the index names only its *home*: the page that explains
  most of its game's rules, which is the game's chapter.  The entries of the other boxes
  are dropped, and the sidebar links the index (``genindex``) under the look-up pages.
  The index is the reader's: the API's objects stay out of it (they have the module index,
  and the search finds them by name).
- **Search.**  Sphinx's search lists first the index entries that match the query as a
  whole (a score of 100 for an exact match), before pages that merely contain the words.
  On a rule's home page its index entries become the rule's title and look-up words, so
  "third card", "buy" or "sweep" finds the rule's own box, in its chapter, first.  The
  search page's script (``search_static/cardrules-search.js``, Sphinx's
  ``html_search_scorer``) breaks ties in favour of rule boxes in the chapters, and shows
  the book's results (rules, chapters, lessons, the glossary) before the API's objects and
  pages, which follow under the heading "Python reference".  The names of the project's
  tests (the Reference lists those named after each rule) are taken out of the index
  (:func:`leave_out_words`).
- **Snippets.**  Sphinx would fetch every result's page to cut its snippet; here
  ``html_show_search_summary`` is off, and after the build each searched page's words
  (:func:`page_text`: no tables, card pictures, code, outputs, quizzes, live-mode box or
  list of tests) are written to ``_static/search-text/<page>.json``, with where each anchor's
  words start and end, so the results page fetches only those small files.  The search
  page alone gets its styles (``search_static/cardrules-search.css``): long names wrap on
  a phone, and the field's magnifier clears the query.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.domains.index import IndexDomain
from sphinx.environment import BuildEnvironment
from sphinx.util.typing import ExtensionMetadata

from cardrules.catalog import rule
from quizzes.pages import parts as bookparts
from quizzes.pages import reference

#: Sphinx puts this script into the search page's language_data.js, after searchtools.js
#: (it is in no static path, so no other page loads it)
SCORER = Path(__file__).resolve().parent / "search_static" / "cardrules-search.js"
#: the page the index link follows in the sidebar
GLOSSARY = "glossary"
#: the API pages, whose objects the reader's index leaves out
API = f"{reference.FOLDER}/api/"
#: the search page's styles, added to it alone
STYLES = Path(__file__).resolve().parent / "search_static" / "cardrules-search.css"
#: where the build writes each page's words for the search page's snippets (under the site)
WORDS = "_static/search-text"


def _rule_of(target: str) -> str | None:
    return reference.rule_of_anchor(target) if target.startswith("rule-") else None


def home_pages(boxes: dict[str, list[tuple[str, str, str]]], order: list[str]
               ) -> dict[str, str]:
    """Each game's home page: the page with the most of its rule boxes (the earlier page in
    the book's order on a tie).  ``boxes`` maps a rule id to ``[(page, anchor, text)]``.

    >>> boxes = {"banco.deal": [("intro", "", ""), ("punto-banco", "", "")],
    ...          "banco.natural": [("punto-banco", "", "")]}
    >>> home_pages(boxes, ["intro", "punto-banco"])
    {'banco': 'punto-banco'}
    """
    rank = {d: i for i, d in enumerate(order)}
    counts: dict[str, Counter[str]] = {}
    for rule_id, places in boxes.items():
        game = rule(rule_id).game
        counts.setdefault(game, Counter()).update({page for page, _a, _t in places})
    return {game: min(c, key=lambda d: (-c[d], rank.get(d, len(rank)), d))
            for game, c in counts.items()}


def _homes(env: BuildEnvironment) -> dict[str, str]:
    site_map = getattr(env, "external_site_map", None)
    order = list(site_map) if site_map is not None else sorted(env.found_docs)
    return home_pages(getattr(env, "cardref_rules", {}), order)


def _is_home(env: BuildEnvironment, docname: str, target: str) -> bool | None:
    """None for an entry that is not a rule box's; else whether ``docname`` is its home."""
    rule_id = _rule_of(target)
    if rule_id is None:
        return None
    return _homes(env).get(rule(rule_id).game) == docname


def _keep_home_entries(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The general index (``genindex``) is the reader's: a rule's entries only from its home
    page, and none from the API pages (every attribute of every class would bury the
    rules; the API has its module index, and search finds its names)."""
    domain = env.get_domain("index")
    if not isinstance(domain, IndexDomain):
        return []
    homes = _homes(env)
    for docname, entries in domain.entries.items():
        if docname.startswith(API):
            entries[:] = []
            continue
        kept = []
        for entry_type, value, target, _main, key in entries:
            rule_id = _rule_of(target)
            if rule_id is None:
                kept.append((entry_type, value, target, _main, key))
            elif homes.get(rule(rule_id).game) == docname:
                kept.append((entry_type, value, target, "main", key))
        entries[:] = kept
    return []


def _search_entries(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """What the search index reads: on a rule's home page, its title and look-up words as
    whole entries; elsewhere, nothing (the box is found there by its words only)."""
    for node in list(doctree.findall(addnodes.index)):
        targets = {target for _t, _v, target, _m, _k in node["entries"]}
        rule_ids = {r for r in map(_rule_of, targets) if r}
        if not rule_ids:
            continue
        if not all(_is_home(app.env, docname, t) for t in targets):
            node.parent.remove(node)
            continue
        node["entries"] = [("single", term, bookparts.rule_anchor(r), "main", None)
                           for r in sorted(rule_ids) for term in bookparts.rule_search_terms(r)]


def _index_in_sidebar(app: Sphinx, doctree: nodes.document) -> None:
    """Add the index (a page Sphinx generates) to the toctree that lists the glossary."""
    if app.env.docname != app.config.root_doc:
        return
    for toctree in doctree.findall(addnodes.toctree):
        refs = [ref for _title, ref in toctree["entries"]]
        if GLOSSARY in refs and "genindex" not in refs:
            toctree["entries"].append(("Index", "genindex"))


#: elements whose words are no snippet's: pictures, tables, code, quizzes, the live box...
LEFT_OUT_TAGS = frozenset({"script", "style", "svg", "table", "pre", "figure", "iframe", "nav",
                           "template", "noscript"})
LEFT_OUT_CLASSES = frozenset({"headerlink", "cell_input", "cr-quiz", "cr-rule-id",
                              "cr-card-sprite", "toggle-details", "onlyprint", "d-print-none",
                              "bd-header-article", "cr-live", "cr-scroll-cue", "above-input"})
#: elements that end a run of words (a space keeps two blocks' words apart)
BLOCKS = frozenset({"p", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "div",
                    "section", "aside", "caption", "figcaption", "br", "td", "th", "ul",
                    "ol", "dl", "blockquote"})
#: elements that name what follows them: a dash keeps a title from running into its text
TITLES = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "dt"})
TITLE_CLASSES = frozenset({"cr-rule-title"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
#: how the Reference's list of the tests named after a rule begins (no reader's words)
TESTS = "Tests:"


@dataclass(frozen=True)
class PageText:
    """A page's words as its search snippets read them: ``text``, and for each anchor (an
    element's id) the ``(start, end)`` of its words in ``text``."""

    text: str
    spans: dict[str, tuple[int, int]] = field(default_factory=dict)

    def words_at(self, anchor: str = "") -> str:
        """The words of the element ``anchor`` (the page's, for none or an unknown one)."""
        start, end = self.spans.get(anchor, (0, len(self.text)))
        return self.text[start:end].strip()


@dataclass(frozen=True)
class _Open:
    """An element the reader is inside: where its words start, and whether they are left out."""

    tag: str
    anchor: str
    start: int
    skip: bool
    title: bool = False


class _Reader(HTMLParser):
    """Collects the words of a page's article (``article.bd-article``) or, with ``main``, of
    its main part (``[role=main]``, which also holds the footer)."""

    def __init__(self, main: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.main = main
        self.parts: list[str] = []
        self.length = 0
        self.stack: list[_Open] = []
        self.depth_in = -1  # the stack depth of the article, -1 before it
        self.skipping = 0
        self.spans: dict[str, tuple[int, int]] = {}
        # a glossary word's id and depth, until its definition (the next sibling) ends
        self.dt: tuple[str, int] | None = None
        self.done = False

    def _emit(self, text: str) -> None:
        text = re.sub(r"\s+", " ", text)
        if text.startswith(" ") and (not self.parts or self.parts[-1].endswith(" ")):
            text = text[1:]
        if text:
            self.parts.append(text)
            self.length += len(text)

    def _cut(self, at: int) -> None:
        whole = "".join(self.parts)[:at]
        self.parts, self.length = [whole], len(whole)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        if self.depth_in < 0:
            if ((tag == "article" and "bd-article" in classes)
                    or (self.main and a.get("role") == "main")):
                self.depth_in = len(self.stack)
            if tag not in VOID:
                self.stack.append(_Open(tag, "", 0, False))
            return
        skip = tag in LEFT_OUT_TAGS or bool(classes & LEFT_OUT_CLASSES)
        if tag in BLOCKS:
            self._emit(" ")
        if tag in VOID:
            return
        if skip:
            self.skipping += 1
        if self.dt is not None and len(self.stack) == self.dt[1] and tag != "dd":
            self.dt = None
        title = tag in TITLES or bool(classes & TITLE_CLASSES)
        self.stack.append(_Open(tag, a.get("id") or "", self.length, skip, title))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.done or tag in VOID:
            return
        if not any(o.tag == tag for o in self.stack):
            return
        while self.stack:
            o = self.stack.pop()
            self._close(o)
            if o.tag == tag:
                break

    def _close(self, o: _Open) -> None:
        if self.depth_in < 0:
            return
        if len(self.stack) == self.depth_in:  # the article itself
            self.done = True
            return
        if o.skip:
            self.skipping -= 1
            return
        if self.skipping:
            return
        # the Reference's list of the tests named after a rule ("- **Tests:** ..." in
        # quizzes.pages.reference.rule_entry): no reader's words
        if o.tag == "li" and "".join(self.parts)[o.start:].strip().startswith(TESTS):
            self._cut(o.start)
        if o.anchor:
            self.spans[o.anchor] = (o.start, self.length)
        words = "".join(self.parts)[o.start:].strip() if o.title else ""
        if words and words[-1] not in ".:;!?—":
            self._emit(" — ")
        elif o.tag in BLOCKS:
            self._emit(" ")
        if o.tag == "dt" and o.anchor:
            self.dt = (o.anchor, len(self.stack))
        elif o.tag == "dd" and self.dt is not None and len(self.stack) == self.dt[1]:
            anchor = self.dt[0]
            self.spans[anchor] = (self.spans[anchor][0], self.length)
            self.dt = None

    def handle_data(self, data: str) -> None:
        if self.depth_in >= 0 and not self.done and not self.skipping:
            self._emit(data)


def page_text(html: str) -> PageText:
    """The words of a built page's article, as the search page's snippets show them.

    Tables, card pictures, code, quizzes and the live box are left out, and so are the
    names of the tests the Reference lists under a rule; blocks are kept apart by a space,
    and a title from its text by a dash.  A glossary word's words run on into its
    definition.

    >>> html = ('<main role="main"><nav>Menu</nav><article class="bd-article">'
    ...         '<section id="split">'
    ...         '<h2>Splitting<a class="headerlink" href="#split">#</a></h2>'
    ...         '<p>A pair may be <em>split</em>.</p><table><tr><td>9</td></tr></table>'
    ...         '<ul><li>Tests: <code>test_split</code></li></ul></section>'
    ...         '<dl><dt id="term-stake">stake</dt><dd><p>What is bet.</p></dd>'
    ...         '<dt id="term-tie">tie</dt><dd>Equal.</dd></dl></article>'
    ...         '<footer>By the team</footer></main>')
    >>> t = page_text(html)
    >>> t.words_at("split")
    'Splitting — A pair may be split.'
    >>> t.words_at("term-stake")
    'stake — What is bet.'
    >>> t.words_at()
    'Splitting — A pair may be split. stake — What is bet. tie — Equal.'
    >>> page_text('<div role="main"><p>A page</p> <p>without an article</p></div>').words_at()
    'A page without an article'
    """
    reader = _Reader()
    reader.feed(html)
    reader.close()
    if reader.depth_in < 0:  # a page without an article
        reader = _Reader(main=True)
        reader.feed(html)
        reader.close()
    text = "".join(reader.parts)
    spans = {k: v for k, v in reader.spans.items() if text[v[0]:v[1]].strip()}
    return PageText(text, spans)


def leave_out_words(mapping: dict[str, set[str]], words: frozenset[str]) -> list[str]:
    """Take ``words`` out of a search index's ``mapping`` (a word to its pages); the words
    taken out, sorted.

    >>> mapping = {"split": {"pontoon"}, "test_pontoon_split_pair": {"reference/rules/pontoon"}}
    >>> leave_out_words(mapping, frozenset({"test_pontoon_split_pair"})), sorted(mapping)
    (['test_pontoon_split_pair'], ['split'])
    """
    gone = sorted(words & mapping.keys())
    for word in gone:
        del mapping[word]
    return gone


def _no_tests_in_index(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """Before Sphinx writes the search index: the names of the project's tests out of it.
    The Reference lists the tests named after each rule, and a reader searches for none.
    (Run as the extra pages are collected, which comes before the index is dumped; the
    words live in the environment, so they are taken out whether or not a page was read
    again.)"""
    indexer = getattr(app.builder, "indexer", None)
    if indexer is not None:
        tests = frozenset(reference.named_tests(Path(app.srcdir).parent / "tests"))
        for name in ("_mapping", "_title_mapping"):
            mapping = getattr(indexer, name, None)
            if isinstance(mapping, dict):
                leave_out_words(mapping, tests)
    return []


def _scorer(app: Sphinx, config: Config) -> None:
    if not config.html_search_scorer:
        config.html_search_scorer = str(SCORER)
    # the snippets come from the words written below, not from fetching every result's page
    config.html_show_search_summary = False


def _search_page_styles(app: Sphinx, pagename: str, templatename: str,
                        context: dict[str, object], doctree: nodes.document | None) -> None:
    if pagename == "search":
        app.add_css_file(STYLES.name)


def _write_words(app: Sphinx, exception: Exception | None) -> None:
    """Each built page's words (:func:`page_text`), as ``_static/search-text/<page>.json``,
    and the search page's styles."""
    if exception is not None or app.builder.format != "html" or app.builder.name != "html":
        return
    out = Path(app.outdir)
    static = out / "_static"
    static.mkdir(exist_ok=True)
    shutil.copyfile(STYLES, static / STYLES.name)
    root = out / WORDS
    shutil.rmtree(root, ignore_errors=True)
    for docname in sorted(app.env.found_docs):
        page = out / f"{docname}.html"
        # a page left out of the search (the API's) is never a result that needs words
        metadata = app.env.metadata.get(docname, {})
        if not page.is_file() or "nosearch" in metadata or "no-search" in metadata:
            continue
        words = page_text(page.read_text(encoding="utf-8"))
        target = root / f"{docname}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps({"text": words.text, "spans": words.spans},
                                     ensure_ascii=False, separators=(",", ":")),
                          encoding="utf-8")


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the index and search hooks."""
    app.connect("config-inited", _scorer)
    app.connect("html-collect-pages", _no_tests_in_index)
    app.connect("doctree-read", _index_in_sidebar)
    app.connect("env-updated", _keep_home_entries)
    app.connect("doctree-resolved", _search_entries)
    app.connect("html-page-context", _search_page_styles)
    app.connect("build-finished", _write_words)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
