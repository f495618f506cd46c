"""Light stylesheets: the theme's CSS cut down to the rules the built book can use.

A Sphinx extension (listed in ``book/_config.yml``).  pydata-sphinx-theme ships one
stylesheet of 397 KB (all of Bootstrap 5 and every component the theme knows), and every
page loads it; a page of the book uses a small part of it.  After the build
(``build-finished``) this extension rewrites the theme's stylesheets in the output
(``THEME_STYLESHEETS``: the theme's, MyST-NB's and Pygments') with only the rules a page of the book may need, and keeps the
unpruned files beside the output, outside the served tree (``UNPRUNED``:
``book/_build/unpruned-css``), where ``tests/test_lighter.py`` finds them to compare the
pages drawn with each.

What a page may need is decided conservatively, by what the pages *and their scripts* name:

- A selector that names classes or ids is kept when **any** of them appears in a built page
  (as a class or an id) or as a word of a script the book ships (the theme's, Bootstrap's,
  Sphinx's, the book's own): the scripts add classes at run time (the drawer's and the
  dropdowns' open states, tooltips, the search dialog and the search results, a copied
  code cell), and move the sidebars' classes onto their dialogs.
- A selector that names none (``code``, ``h1 code``, ``html[data-theme=dark]``,
  ``:not(pre)>code``; a class in ``:not()`` is one an element must *not* have, so
  ``img:not(.only-dark)``, dark mode's dimmed pictures, names none) is kept when its elements, in the same nesting, are on a built page
  (soupsieve, with every state, attribute and pseudo-class left out, which only widens the
  match: hover, focus, dark mode, open), or when one of its elements is on no page but a
  script names it (a script may create it).
- A rule is kept whole (all its selectors) when one of its selectors is kept; ``@media``
  (print included), ``@supports`` and ``@layer`` blocks are pruned inside and dropped when
  empty; an ``@keyframes`` or ``@font-face`` stays when the kept styles (or the book's own
  stylesheets, pages and scripts) name it; every other at-rule, every custom property
  (they sit on ``:root`` and ``html[data-theme=...]``, which always match) and the licence
  comments (``/*! ... */``) stay.

The source map the theme's file names no longer matches the pruned file: its comment goes.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import tinycss2  # type: ignore[import-untyped]  # tinycss2 ships no types
import tinycss2.ast as ast  # type: ignore[import-untyped]
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)

#: the theme's stylesheets every page loads (paths in the HTML output, or patterns of them),
#: pruned after the build
THEME_STYLESHEETS = (
    "_static/styles/pydata-sphinx-theme.css",
    "_static/styles/sphinx-book-theme.css",
    # Sphinx's basic theme, under both (the theme's theme.css imports it)
    "_static/basic.css",
    # MyST-NB's cells and outputs (its name carries a digest of its content), and the code
    # colours of every Pygments token kind
    "_static/mystnb.*.css",
    "_static/pygments.css",
)
#: the unpruned stylesheets, at the same paths under this folder beside the HTML output
#: (``book/_build/unpruned-css``): never served, read by tests/test_lighter.py
UNPRUNED = "unpruned-css"
#: what was pruned, in ``UNPRUNED``: ``{path: {"before": bytes, "after": bytes}}``
REPORT = "cardlight.json"
#: folders of the output that are no pages of the book (the JupyterLite site has its own
#: styles and never loads the theme's)
NOT_BOOK = ("lite",)
#: where the scripts of the theme, Sphinx, its extensions and the book are (the theme's,
#: Bootstrap's, the search's, the copy button's, the quizzes', the table's): their words may
#: be classes they add.  The libraries the book carries at its root (MathJax, the widget
#: manager, require.js, the scheduler) draw their own elements with their own styles.
SCRIPTS = "_static"
#: the search index: the book's words, not a script's; a class it "names" is a word of a page
NOT_SCRIPTS = ("searchindex.js",)
#: at-rules whose content is rules, pruned inside
_GROUPS = {"media", "supports", "layer", "container", "document"}

_WORD = re.compile(r"-?[A-Za-z_][\w-]*")
# in the markup as written, and in the HTML an inline script writes (quotes escaped or not)
_CLASS = re.compile(r"""\bclass\s*=\s*(\\?"[^"]*"|\\?'[^']*'|[^\s>"']+)""")
_ID = re.compile(r"""\bid\s*=\s*(\\?"[^"]*"|\\?'[^']*'|[^\s>"']+)""")
_TAG = re.compile(r"<([A-Za-z][\w-]*)")
_STYLE = re.compile(r'\bstyle\s*=\s*"([^"]*)"')
_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.S)


def words(text: str) -> set[str]:
    """The words of a script or a style that could be a class, an id or a name.

    >>> sorted(words('el.classList.add("show"); x = `<div class="tooltip-arrow">`'))
    ['add', 'class', 'classList', 'div', 'el', 'show', 'tooltip-arrow', 'x']
    """
    return set(_WORD.findall(text))


@dataclass(frozen=True)
class Selector:
    """What one selector of a rule names, and its shape without states.

    ``names``: every class and id it asks an element to have (in ``:is()``, ``:where()``,
    ``:has()`` too, but not in ``:not()``, which asks for their absence);
    ``tags``: its element names; ``shape``: the selector with only its elements and
    combinators (``*`` for a compound without one), or ``None`` when it is not understood
    (a rule with such a selector is kept).
    """

    names: frozenset[str]
    tags: frozenset[str]
    shape: str | None


def _names_in(tokens: Iterable[Any]) -> set[str]:
    out: set[str] = set()
    tokens = list(tokens)
    for i, t in enumerate(tokens):
        after_dot = (i > 0 and isinstance(tokens[i - 1], ast.LiteralToken)
                     and tokens[i - 1].value == ".")
        if isinstance(t, ast.HashToken) or (isinstance(t, ast.IdentToken) and after_dot):
            out.add(t.value)
        elif isinstance(t, ast.FunctionBlock) and t.lower_name != "not":  # :is(#y), :has(.x)
            out |= _names_in(t.arguments)
        elif isinstance(t, ast.ParenthesesBlock):
            out |= _names_in(t.content)
        # an attribute's value ([href$=".pdf"]) names no class, and a class in :not() asks
        # for its absence: img:not(.only-dark) is every image of a page without that class
    return out


def read_selector(tokens: Sequence[Any]) -> Selector:
    """Read one selector (tinycss2 tokens, no top-level comma).

    >>> import tinycss2
    >>> def read(text):
    ...     s = read_selector(tinycss2.parse_component_value_list(text))
    ...     return sorted(s.names), sorted(s.tags), s.shape
    >>> read("html[data-theme=dark] .bd-content div.cell_output:hover::before")
    (['bd-content', 'cell_output'], ['div', 'html'], 'html * div')
    >>> read(":not(pre)>code")
    ([], ['code'], '* > code')
    >>> read("a:not(.headerlink) > code")
    ([], ['a', 'code'], 'a > code')
    >>> read("html[data-theme=dark] img:not(.only-dark,.dark-light)")
    ([], ['html', 'img'], 'html img')
    >>> read(".a:is(.b, :not(.c)) :has(> #d)")[0]
    ['a', 'b', 'd']
    >>> read("svg|a")[2] is None
    True
    """
    names: set[str] = set()
    tags: set[str] = set()
    out: list[str] = []
    compound: str | None = None  # the compound being read: its element, or "*"
    combinator = ""
    i, n = 0, len(tokens)

    def close() -> None:
        nonlocal compound, combinator
        if compound is not None:
            if out:
                out.append(combinator or " ")
            out.append(compound)
            compound, combinator = None, ""

    while i < n:
        t = tokens[i]
        if isinstance(t, ast.WhitespaceToken | ast.Comment):
            close()
        elif isinstance(t, ast.LiteralToken) and t.value in (">", "+", "~"):
            close()
            combinator = f" {t.value} "
        elif isinstance(t, ast.IdentToken):
            compound = t.lower_value
            tags.add(t.lower_value)
        elif isinstance(t, ast.LiteralToken) and t.value == "*":
            compound = "*"
        elif isinstance(t, ast.HashToken):
            names.add(t.value)
            compound = compound or "*"
        elif (isinstance(t, ast.LiteralToken) and t.value == "." and i + 1 < n
              and isinstance(tokens[i + 1], ast.IdentToken)):
            names.add(tokens[i + 1].value)
            compound = compound or "*"
            i += 1
        elif isinstance(t, ast.SquareBracketsBlock):
            compound = compound or "*"
        elif isinstance(t, ast.LiteralToken) and t.value == ":":
            # a pseudo-class (a state, or a structure that scripts change) or, after "::",
            # a pseudo-element: left out of the shape; the names in its arguments count
            compound = compound or "*"
            j = i + 1
            if j < n and isinstance(tokens[j], ast.LiteralToken) and tokens[j].value == ":":
                j += 1
            if j < n and isinstance(tokens[j], ast.FunctionBlock):
                names |= _names_in([tokens[j]])
            elif not (j < n and isinstance(tokens[j], ast.IdentToken)):
                return Selector(frozenset(names), frozenset(tags), None)
            i = j
        else:  # a namespace, a nesting "&", anything unforeseen: the rule stays
            names |= _names_in([t])
            return Selector(frozenset(names), frozenset(tags), None)
        i += 1
    close()
    return Selector(frozenset(names), frozenset(tags), "".join(out) or None)


def split_selectors(prelude: Sequence[Any]) -> list[list[Any]]:
    """A rule's selector list, split at its top-level commas.

    >>> import tinycss2
    >>> [len(s) for s in split_selectors(tinycss2.parse_component_value_list("a b,c"))]
    [3, 1]
    """
    out: list[list[Any]] = [[]]
    for t in prelude:
        if isinstance(t, ast.LiteralToken) and t.value == ",":
            out.append([])
        else:
            out[-1].append(t)
    return [s for s in out if any(not isinstance(t, ast.WhitespaceToken | ast.Comment)
                                  for t in s)]


class Usage:
    """What the built book can use: the classes, ids and elements of its pages, the words of
    its scripts, and the text of the book's other stylesheets."""

    def __init__(self, pages: Sequence[str], scripts: Sequence[str],
                 styles: Sequence[str] = ()) -> None:
        """Read ``pages`` (HTML), ``scripts`` (JavaScript) and ``styles`` (the other CSS).

        The names are read from the markup as written (every ``class`` and ``id``, in an
        inline script's HTML too); a page is parsed (BeautifulSoup) only when a selector's
        shape must be matched against it.

        >>> import tinycss2
        >>> use = Usage(['<html><body><p class="a b" id="c"><code>x</code></p>'
        ...              '<script>e.classList.add("e")</script>'], ['el.classList.add("d")'])
        >>> sorted(use.names - use.script_words), sorted(use.tags)
        (['a', 'b', 'c', 'e'], ['body', 'code', 'html', 'p', 'script'])
        >>> def needs(text):
        ...     return use.needs(read_selector(tinycss2.parse_component_value_list(text)))
        >>> needs(".a .gone"), needs(".d.gone"), needs(".gone"), needs("p:hover code")
        (True, True, False, True)
        >>> needs("code p"), needs("table td"), needs("html[data-theme=dark]")
        (False, False, True)
        """
        self._pages = pages
        self._paths: Any = None
        self._unread = list(reversed(pages))
        self._seen: set[str] = set()
        self._documents: list[Any] = []
        names: set[str] = set()
        tags: set[str] = set()
        for page in pages:
            tags.update(t.lower() for t in _TAG.findall(page))
            for value in _CLASS.findall(page):
                names.update(value.strip("\"'").split())
            names.update(v.strip("\"'") for v in _ID.findall(page))
            for style in _STYLE.findall(page):  # an animation a page names, for one
                names |= words(style)
            for script in _SCRIPT.findall(page):  # an inline script may add classes too
                names |= words(script)
        self.script_words: set[str] = set()
        for s in scripts:
            self.script_words |= words(s)
        self.names = names | self.script_words
        self.tags = tags
        self._script_tags = {w.lower() for w in self.script_words}
        self.style_text = "\n".join(styles).lower()
        self._matched: dict[str, bool] = {}

    def documents(self) -> Iterator[Any]:
        """The pages' elements, parsed (each page once, when first needed).

        A shape names elements only, so a page is parsed as its elements alone
        (``skeleton``), which BeautifulSoup reads several times faster than the page, and
        pages alike in their elements are parsed once.
        """
        from bs4 import BeautifulSoup

        yield from self._documents
        while self._unread:
            text = skeleton(self._unread.pop())
            if text not in self._seen:
                self._seen.add(text)
                self._documents.append(BeautifulSoup(text, "html.parser"))
                yield self._documents[-1]

    def paths(self) -> Any:
        """Every page's elements at once, as their paths from the root: one document in
        which each path of elements (``html body div p``) that some page has appears once
        (``element_paths``), parsed when first needed."""
        if self._paths is None:
            from bs4 import BeautifulSoup

            self._paths = BeautifulSoup(element_paths(self._pages), "html.parser")
        return self._paths

    def matches(self, shape: str) -> bool:
        """Whether some element of a page fits ``shape`` (elements and combinators).

        A shape of descendant and child combinators only fits an element by the element's
        path from the root, so it is matched once, against :meth:`paths`; one with a
        sibling combinator (``+``, ``~``) against each page.
        """
        if shape not in self._matched:
            import soupsieve

            try:
                compiled = soupsieve.compile(shape)
            except Exception:  # soupsieve cannot read it: the rule stays
                self._matched[shape] = True
            else:
                documents = self.documents() if "+" in shape or "~" in shape else [self.paths()]
                self._matched[shape] = any(compiled.select_one(d) is not None
                                           for d in documents)
        return self._matched[shape]

    def needs(self, selector: Selector) -> bool:
        """Whether a page may need a rule with this selector (see the module's docstring)."""
        if selector.shape is None:
            return True
        if selector.names:
            return bool(selector.names & self.names)
        absent = selector.tags - self.tags
        if absent:  # an element no page has: only a script can make it
            return bool(absent & self._script_tags)
        return self.matches(selector.shape)


class _Skeleton(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.out.append(f"<{tag}>")

    def handle_startendtag(self, tag: str, attrs: Any) -> None:
        self.out.append(f"<{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        self.out.append(f"</{tag}>")


#: the elements that have no end tag (BeautifulSoup's html.parser reads them so too)
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"})


class _Paths(HTMLParser):
    """Reads pages into a tree of element paths: each node a tag, its children the tags met
    inside it on any page.  An end tag closes the latest open element of its name and those
    inside it (an end tag with none open is ignored), as BeautifulSoup's html.parser does."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.root: dict[str, Any] = {}
        self._open: list[tuple[str, dict[str, Any]]] = []

    def _here(self) -> dict[str, Any]:
        return self._open[-1][1] if self._open else self.root

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        node = self._here().setdefault(tag, {})
        if tag not in _VOID:
            self._open.append((tag, node))

    def handle_startendtag(self, tag: str, attrs: Any) -> None:
        self._here().setdefault(tag, {})

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][0] == tag:
                del self._open[i:]
                return

    def reset_page(self) -> None:
        """Start the next page at the root."""
        self.close()
        self.reset()
        self._open = []


def element_paths(pages: Iterable[str]) -> str:
    """The paths of elements of all ``pages``, each once, as one document of elements: an
    element fits a selector of elements and descendant or child combinators (``dd ul``,
    ``th > *``) by its path alone, so the document fits such a selector exactly when some
    page does, and it is a small fraction of the pages' size.

    >>> element_paths(['<div><p>a</p><p>b<br></p></div>', '<div><ul><li></li></ul><p></p></div>'])
    '<div><p><br></p><ul><li></li></ul></div>'
    """
    parser = _Paths()
    for page in pages:
        parser.feed(page)
        parser.reset_page()

    def written(tree: dict[str, Any]) -> str:
        return "".join(f"<{tag}>" if tag in _VOID else f"<{tag}>{written(kids)}</{tag}>"
                       for tag, kids in tree.items())
    return written(parser.root)


def skeleton(page: str) -> str:
    """A page's elements as it writes them, without their attributes, text and comments:
    the same elements, nested the same way, for a selector of elements and combinators.

    >>> skeleton('<!DOCTYPE html><p class="x">Some <b>bold</b> text<br><!-- a note --></p>')
    '<p><b></b><br></p>'
    """
    parser = _Skeleton()
    parser.feed(page)
    parser.close()
    return "".join(parser.out)


def _family(tokens: Iterable[Any]) -> str:
    """A font-family value as one lower-case name: ``Font Awesome\\ 6 Free``, quoted or not."""
    parts = [t.value for t in tokens if isinstance(t, ast.IdentToken | ast.StringToken
                                                  | ast.NumberToken)]
    return " ".join(str(p) for p in parts).lower()


def prune_css(css: str, usage: Usage) -> str:
    """The stylesheet ``css`` with only the rules the book may use (see the module's
    docstring).

    >>> use = Usage(['<div class="used"><code>x</code></div>'], ['e.classList.add("shown")'])
    >>> prune_css("/*! licence */.used{a:b}.gone{c:d}.x.shown{e:f}pre{g:h}div code{i:j}"
    ...           "@media print{.gone{k:l}.used code{m:n}}@keyframes spin{to{o:p}}"
    ...           "@keyframes go{to{q:r}}.used:hover{animation:go 1s}", use)
    '/*! licence */.used{a:b}.x.shown{e:f}div code{i:j}@media print{.used code{m:n}}@keyframes go{to{q:r}}.used:hover{animation:go 1s}'
    """
    rules = tinycss2.parse_stylesheet(css, skip_whitespace=True, skip_comments=False)
    kept = _prune(rules, usage)
    # the names of the kept rules: an @keyframes or @font-face they name stays
    text = "".join(r.serialize() for r in kept if r.type != "at-rule"
                   or r.lower_at_keyword not in ("keyframes", "font-face"))
    named = words(text) | usage.names
    families = _families(text) | {usage.style_text}
    out = []
    for r in kept:
        if r.type == "at-rule" and r.lower_at_keyword.endswith("keyframes"):
            name = tinycss2.serialize(r.prelude).strip()
            if name not in named:
                continue
        elif r.type == "at-rule" and r.lower_at_keyword == "font-face":
            decls = tinycss2.parse_blocks_contents(r.content or [])
            family = next((_family(d.value) for d in decls if d.type == "declaration"
                           and d.lower_name == "font-family"), "")
            if family and not any(family in f for f in families):
                continue
        out.append(r.serialize())
    return "".join(out)


def _families(text: str) -> set[str]:
    out = set()
    for rule in tinycss2.parse_stylesheet(text, skip_whitespace=True, skip_comments=True):
        if rule.type == "at-rule" and rule.lower_at_keyword in _GROUPS:
            out |= _families(tinycss2.serialize(rule.content or []))
        elif rule.type == "qualified-rule":
            for d in tinycss2.parse_blocks_contents(rule.content):
                if d.type == "declaration" and d.lower_name in ("font", "font-family"):
                    out.add(tinycss2.serialize(d.value).replace("\\", "").replace('"', "")
                            .replace("'", "").lower())
    return out


def _prune(rules: Iterable[Any], usage: Usage) -> list[Any]:
    out = []
    for r in rules:
        if r.type == "comment":
            if r.value.startswith("!"):  # a licence: it travels with the code
                out.append(r)
        elif r.type == "qualified-rule":
            if any(usage.needs(read_selector(s)) for s in split_selectors(r.prelude)):
                out.append(r)
        elif r.type == "at-rule" and r.lower_at_keyword in _GROUPS and r.content is not None:
            inner = _prune(tinycss2.parse_rule_list(r.content, skip_whitespace=True,
                                                    skip_comments=False), usage)
            if any(x.type != "comment" for x in inner):
                r.content = inner
                out.append(r)
        elif r.type == "at-rule":
            out.append(r)
        # a parse error (a stray token) is dropped: a browser ignores it too
    return out


def _book_files(out: Path, suffix: str) -> list[Path]:
    return sorted(p for p in out.rglob(f"*{suffix}")
                  if p.relative_to(out).parts[0] not in NOT_BOOK)


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def prune_book(out: Path) -> dict[str, dict[str, int]]:
    """Prune the theme's stylesheets of the built book in ``out`` (``book/_build/html``),
    keeping the unpruned files in ``out.parent / UNPRUNED``; return the sizes, before and
    after, by path.  Run twice, it prunes the unpruned files again (the same result).
    """
    store = out.parent / UNPRUNED
    targets = sorted({f.relative_to(out).as_posix() for p in THEME_STYLESHEETS
                      for f in out.glob(p) if f.is_file()})
    for rel in targets:
        original, saved = out / rel, store / rel
        # Sphinx copies the theme's files on every build; a file it left as it was since
        # the last pruning is the pruned one, and the unpruned copy is kept from then
        if not _pruned(original):
            saved.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(original, saved)
        elif not saved.is_file():
            raise RuntimeError(f"cardlight: {original} is pruned and its original is lost "
                               f"({saved}): build the book afresh")
    pages = [_read(p) for p in _book_files(out, ".html")]
    scripts = [_read(p) for p in _book_files(out, ".js") + _book_files(out, ".mjs")
               if p.relative_to(out).parts[0] == SCRIPTS and p.name not in NOT_SCRIPTS]
    styles = [_read(p) for p in _book_files(out, ".css")
              if p.relative_to(out).as_posix() not in targets]
    usage = Usage(pages, scripts, styles)
    report = {}
    for rel in targets:
        css = _read(store / rel)
        pruned = mark(prune_css(css, usage))
        (out / rel).write_text(pruned, encoding="utf-8")
        report[rel] = {"before": len(css.encode()), "after": len(pruned.encode())}
    (store / REPORT).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report


#: the first line of a pruned file (it tells a reader of the file what happened to it)
_MARK = "/* Pruned by book/_ext/cardlight.py to the rules the book's pages can use. */\n"


def mark(css: str) -> str:
    """Say in the pruned file what happened to it, after its ``@charset`` (which must come
    first).

    >>> mark('@charset "UTF-8";a{b:c}').splitlines()
    ['@charset "UTF-8";', "/* Pruned by book/_ext/cardlight.py to the rules the book's pages can use. */", 'a{b:c}']
    """
    charset = re.match(r'@charset "[^"]*";', css)
    head = charset.group(0) if charset else ""
    return (head + "\n" if head else "") + _MARK + css[len(head):]


def _pruned(path: Path) -> bool:
    return _MARK in _read(path)[:200]


def _build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception or app.builder is None or app.builder.format != "html":
        return
    for rel, size in prune_book(Path(app.builder.outdir)).items():
        logger.info("cardlight: %s %d KB -> %d KB", rel, size["before"] // 1024,
                    size["after"] // 1024)


def setup(app: Sphinx) -> ExtensionMetadata:
    """Prune the theme's stylesheets once the book is built (after the other extensions
    have written their pages and scripts)."""
    app.connect("build-finished", _build_finished, priority=900)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
