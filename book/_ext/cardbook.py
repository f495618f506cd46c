"""The book's Sphinx extension: a thin adapter over the quiz layer.

It adds the quiz script and styles, the ``{rule}`` directive (a rule from the
catalog), the ``{quiz}`` directive (a static quiz bank made by the engine at
build time), the ``{play-table}`` directive (a game to play against computer players), and drops the thebe launcher (scripts, settings, stylesheet) the book does not use.
All the work is done by :mod:`cardrules` and :mod:`quizzes`; this file only
turns their HTML into document nodes and their errors into build errors.
"""

from __future__ import annotations

from html import unescape
from pathlib import Path
from typing import Any, ClassVar, NoReturn

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup, escape
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata, OptionSpec

import cardrules
import quizzes
from cardrules.errors import CardrulesError
from quizzes.live.notebook import words_text
from quizzes.pages import parts as bookparts
from quizzes.pages import table as booktable

logger = logging.getLogger(__name__)
ASSETS = Path(quizzes.__file__).resolve().parent / "static" / "assets"
ENGINE = Path(cardrules.__file__).resolve().parent


class _HtmlDirective(SphinxDirective):
    """Common ground: run a quiz-layer function, report its errors at the right line."""

    def fail(self, message: str) -> NoReturn:
        """Stop the build with ``message``, naming the directive and its arguments."""
        # Sphinx puts the page and the line in front of the message.
        head = f"{{{self.name}}}" + (f" {' '.join(self.arguments)}" if self.arguments else "")
        raise self.error(f"{head}: {message}")

    def bases(self) -> list[Path]:
        """Where a relative ``:profile:`` path is looked for: the page, the book, the project."""
        page_dir = Path(self.env.doc2path(self.env.docname)).parent
        src_dir = Path(self.env.srcdir)
        return list(dict.fromkeys([page_dir, src_dir, src_dir.parent]))

    def raw(self, html: str) -> list[nodes.Node]:
        """HTML as a document node."""
        return [nodes.raw("", html, format="html")]


class RuleDirective(_HtmlDirective):
    """``{rule} <rule id>``: the rule's title, statement, source and house reading; with
    ``:profile:``, as that table plays it."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[OptionSpec] = {"profile": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """The directive's HTML, or a build error saying what is wrong."""
        try:
            profile = bookparts.resolve_profile_option(self.options.get("profile"), self.bases())
            html, anchor, _title = bookparts.rule_block(self.arguments[0], profile)
        except (CardrulesError, ValueError) as e:
            self.fail(str(e))
        section_target = nodes.target("", "", ids=[anchor])
        # the box's words are the game's rules module's: a change there re-reads the page
        rules = ENGINE / self.arguments[0].split(".")[0].replace("-", "_") / "rules.py"
        if rules.is_file():
            self.env.note_dependency(str(rules))
        self.env.metadata[self.env.docname].setdefault("cardrules_rules", []).append(
            self.arguments[0]
        )
        # The book's index: the rule under its game and under the words it is looked up by.
        # Only the page that explains the game keeps them (book/_ext/cardsearch.py).
        index = addnodes.index(entries=[(kind, text, anchor, "", None) for kind, text in
                                        bookparts.rule_index_entries(self.arguments[0].strip())])
        return [index, section_target, *self.raw(html)]


class QuizDirective(_HtmlDirective):
    """``{quiz} <rule id or generator id> ...``: a static quiz bank made at build time."""

    required_arguments = 1
    optional_arguments = 20
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "count": directives.unchanged,
        "seed": directives.unchanged,
        "profile": directives.unchanged,
        "kinds": directives.unchanged,
        "title": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        """The directive's HTML, or a build error saying what is wrong."""
        try:
            html = bookparts.quiz_block(self.arguments, self.options, base=self.bases())
        except (CardrulesError, ValueError, KeyError) as e:
            message = e.args[0] if isinstance(e, KeyError) and e.args else str(e)
            self.fail(str(message))
        return self.raw(html)


class DealDirective(_HtmlDirective):
    """``{deal} <game profile>`` with ``:seed:``: a seeded deal as card pictures."""

    required_arguments = 1
    final_argument_whitespace = True  # a house-rules file's name may hold spaces
    option_spec: ClassVar[OptionSpec] = {"seed": directives.unchanged,
                                         "players": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """The directive's HTML, or a build error saying what is wrong."""
        try:
            html = bookparts.deal_block(self.arguments[0], self.options, base=self.bases())
        except (CardrulesError, ValueError) as e:
            self.fail(str(e))
        return self.raw(html)


class ProfileDirective(_HtmlDirective):
    """``{profile} <shipped name or .toml path>``: the rules a page plays by, as a table."""

    required_arguments = 1
    final_argument_whitespace = True  # a house-rules file's name may hold spaces
    has_content = False

    def run(self) -> list[nodes.Node]:
        """The directive's HTML, or a build error saying what is wrong."""
        try:
            html = bookparts.profile_block(self.arguments[0], base=self.bases())
        except (CardrulesError, ValueError) as e:
            self.fail(str(e))
        return self.raw(html)


class TableDirective(_HtmlDirective):
    """``{play-table} <game or profile>`` with ``:profile:``: a table to sit at and play the
    game against computer players, in the practice worker (nothing loads until asked)."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[OptionSpec] = {"profile": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """The directive's HTML, or a build error saying what is wrong."""
        try:
            profile = bookparts.resolve_profile_option(self.options.get("profile"),
                                                       self.bases())
            html = booktable.table_block(self.arguments[0], profile)
        except (CardrulesError, ValueError) as e:
            self.fail(str(e))
        return self.raw(html)


class PositionDirective(_HtmlDirective):
    """``{position}``: rows of cards in notation, one ``Label: cards`` line each."""

    has_content = True
    option_spec: ClassVar[OptionSpec] = {"caption": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """The directive's HTML, or a build error saying what is wrong."""
        try:
            html = bookparts.position_block(list(self.content), self.options.get("caption"))
        except (CardrulesError, ValueError) as e:
            self.fail(str(e))
        return self.raw(html)


def _lesson_table(app: Sphinx, doctree: nodes.document) -> None:
    # A lesson page (written by `cardrules lesson build`) ends with a table under the lesson's
    # house rules, read from its link to the Practice page.
    if not app.env.docname.startswith("lessons/"):
        return
    block = None
    for raw in doctree.findall(nodes.raw):
        block = booktable.lesson_table_block(raw.astext())
        if block is not None:
            break
    top = next(iter(doctree.findall(nodes.section)), None)
    if block is None or top is None:
        return
    section = nodes.section("", ids=["play-at-the-table"], names=["play at the table"])
    section += nodes.title("", "Play at the table")
    section += nodes.paragraph("", booktable.LESSON_INTRO)
    section += nodes.raw("", block, format="html")
    top += section


def _add_assets(app: Sphinx) -> None:
    app.config.html_static_path.append(str(ASSETS))


def _drop_thebe(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                doctree: nodes.document | None) -> None:
    # sphinx-thebe (pulled in by Jupyter Book) registers its config script once per read
    # of the docs, which declares THEBE_JS_URL twice on every page, and its stylesheet;
    # the book uses no thebe.
    if context.get("script_files"):
        context["script_files"] = [
            s for s in context["script_files"] if "thebe" not in _asset_file(s)
            and "THEBE_JS_URL" not in (getattr(s, "attributes", None) or {}).get("body", "")]
    if context.get("css_files"):
        context["css_files"] = [c for c in context["css_files"]
                                if "thebe" not in _asset_file(c)]


def _asset_file(asset: object) -> str:
    """The file name of a page's script or stylesheet (Sphinx's asset, or a plain path);
    "" for an inline script."""
    name = asset.filename if hasattr(asset, "filename") else asset
    return str(name or "").rsplit("/", 1)[-1]


#: what sphinx-thebe appends to every page's doctree: its launcher's settings (which name an
#: example Binder repository) and the kernel's name, read only by thebe's own script
THEBE_NODE_MARKS = ("text/x-thebe-config", "<script>kernelName =")


def _drop_thebe_nodes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in list(doctree.findall(nodes.raw)):
        if node.parent is doctree and any(m in node.astext() for m in THEBE_NODE_MARKS):
            doctree.remove(node)


#: page scripts, each added only to the page that holds its element (quizzes/static/assets)
PAGE_SCRIPTS = {'id="cr-practice"': "cardrules-practice.js", 'id="cr-progress"': "cardrules-progress.js",
                'id="cr-class"': "cardrules-class.js", 'data-cr-table="': "cardrules-table.js"}
#: page styles, likewise (the Class page's heat map, the table)
PAGE_STYLES = {'id="cr-class"': "cardrules-class.css", 'data-cr-table="': "cardrules-table.css"}


def _page_scripts(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: nodes.document | None) -> None:
    # The Practice, Progress and Class pages load their own script (the Class page its own
    # styles too); every other page only the small quiz renderer (the scheduler and the
    # engine worker load when they are needed).
    body = context.get("body")
    if not isinstance(body, str):
        return
    for marker, script in PAGE_SCRIPTS.items():
        if marker in body:
            app.add_js_file(script, defer="defer", priority=600)
    for marker, sheet in PAGE_STYLES.items():
        if marker in body:
            app.add_css_file(sheet, priority=600)


def _escape_theme_titles(app: Sphinx, pagename: str, templatename: str,
                         context: dict[str, Any], doctree: nodes.document | None) -> None:
    # sphinx-book-theme gives its templates the page's and the book's titles as plain text
    # and prints them unescaped ({{ pagetitle }} in the print header, {{ root_title }} in the
    # sidebar): a lesson titled "<script>..." would run.  Markup keeps `|e` from escaping twice.
    for key in ("pagetitle", "root_title"):
        value = context.get(key)
        if isinstance(value, str) and not isinstance(value, Markup):
            context[key] = escape(value)


def _escape_search_titles(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    # Sphinx's search page shows the section titles of its index with innerHTML, and indexes
    # them as plain text: a heading "<img onerror=...>" would run in the search results.  The
    # page titles beside them are HTML already; make the section titles HTML too (once: a
    # title read back from an earlier build's index is HTML already).
    indexer = getattr(app.builder, "indexer", None)
    titles = getattr(indexer, "_all_titles", None)
    if isinstance(titles, dict):
        for docname, found in titles.items():
            titles[docname] = [(str(escape(unescape(title))), anchor) for title, anchor in found]
    return []


def _quiz_headings(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    # A quiz's title is a heading one level below the section that holds it (an h3 under
    # an h2), whether a {quiz} block or a code cell's output made it; two quizzes of a page
    # never share a title (each names a landmark of the page).
    seen: dict[str, int] = {}
    for node in list(doctree.findall(nodes.raw)):
        html = node.astext()
        if 'class="cr-quiz-title"' not in html:
            continue
        depth, parent = 0, node.parent
        while parent is not None:
            depth += isinstance(parent, nodes.section)
            parent = parent.parent
        new = bookparts.quiz_heading_level(html, depth + 1)
        for title in bookparts.quiz_titles(new):
            seen[title] = seen.get(title, 0) + 1
            if seen[title] == 2:
                logger.warning("%s: two quizzes are titled %r; give one a :title: of its own",
                               docname, unescape(title), location=node)
        if new != html:
            node.parent.replace(node, nodes.raw("", new, format=node.get("format", "html")))


def _outputs_in_words(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    # What a chapter's code prints in the engine's words ("... [rule casino.trail]", a log's
    # "palace.stay Cy stays.") cites each rule by its title on the page; the notebook and the
    # live mode print the ids, for the Python reader.
    if docname.startswith("reference/"):
        return
    for block in list(doctree.findall(nodes.literal_block)):
        parent = block.parent
        while parent is not None and "cell_output" not in parent.get("classes", []):
            parent = parent.parent if isinstance(parent.parent, nodes.Element) else None
        if parent is None:
            continue
        text = block.astext()
        said = words_text(text, bare=True)
        if said != text:
            block.rawsource = said
            block[:] = [nodes.Text(said)]


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directives, the quiz script and styles with Sphinx."""
    app.add_directive("rule", RuleDirective)
    app.add_directive("quiz", QuizDirective)
    app.add_directive("deal", DealDirective)
    app.add_directive("position", PositionDirective)
    app.add_directive("play-table", TableDirective)
    app.add_directive("profile", ProfileDirective)
    app.connect("builder-inited", _add_assets)
    app.connect("doctree-read", _lesson_table)
    app.add_css_file("cardrules-quiz.css")
    app.add_js_file("cardrules-quiz.js", defer="defer")
    app.connect("html-page-context", _drop_thebe, priority=900)
    app.connect("doctree-resolved", _drop_thebe_nodes, priority=900)  # after sphinx-thebe's
    app.connect("doctree-resolved", _quiz_headings)
    app.connect("doctree-resolved", _outputs_in_words)
    app.connect("html-page-context", _page_scripts)
    app.connect("html-page-context", _escape_theme_titles, priority=900)
    app.connect("html-collect-pages", _escape_search_titles)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
