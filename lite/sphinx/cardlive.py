"""The book's "Live" control: a page's quizzes, live, in Python running in the browser.

A Sphinx extension (listed in ``book/_config.yml``).  On every page of the book (the
chapters and the lessons) it puts a small "Live mode" panel under the title.  Its link
opens the JupyterLite REPL built by ``lite/build.py`` (copied into the book at
``lite/``) with code that shows the page's quizzes as live ipywidgets quizzes and the
page's game at a play-along table (or, on a page without quizzes, the engine ready to
try); the engine runs in the reader's browser (Pyodide) and checks every answer.  A few lines of inline script turn the link into a button that
opens the REPL in a frame on the page itself.  Nothing of the live runtime is loaded
until the reader asks for it, and without JavaScript the link simply opens the REPL in
a new tab: the page's static quizzes work either way.

The quizzes of a page are read back from the static quiz banks in its HTML (each quiz
records its generators and its house rules), so ``{quiz}`` directives and ``quiz(...)``
code cells are both found, no page needs to change, and the live quizzes ask under the
page's own rules (a lesson's house rules, a ``:profile:`` option).
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Sequence
from html import escape, unescape
from pathlib import Path
from typing import Any, NamedTuple

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

LITE = Path(__file__).resolve().parent.parent
SITE = LITE / "_build" / "html"  # holds lite/, the JupyterLite site (lite/build.py)
REPL = "lite/repl/index.html"

logger = logging.getLogger(__name__)

_SECTION = re.compile(r'<section class="cr-quiz"([^>]*)aria-label="Quiz: ([^"]*)"[^>]*>(.*?)</section>',
                      re.S)
_QUESTION = re.compile(r'data-q="([^"]*)"')
_ATTR = re.compile(r'data-cr-(generators|profile)="([^"]*)"')
_TOML = re.compile(r'<script type="application/json" class="cr-profile-toml">(.*?)</script>', re.S)

STYLE = """<style>
.cr-live{border:2px dashed #5a6b8c;border-radius:8px;padding:.5em 1em;margin:1em 0;background:#fbfcfe}
.cr-live p{margin:.3em 0}.cr-live-open{font-weight:600}
.cr-live-frame iframe{width:100%;height:80vh;min-height:32em;border:1px solid #c5ccd8;border-radius:6px}
</style>"""

# Progressive enhancement: the link becomes a button opening the REPL in a frame here.
SCRIPT = """<script>
(function () {
  document.querySelectorAll("[data-cr-live]").forEach(function (box) {
    var link = box.querySelector("a.cr-live-open");
    var slot = box.querySelector(".cr-live-frame");
    if (!link || !slot) return;
    var label = link.textContent;
    link.setAttribute("role", "button");
    link.setAttribute("aria-expanded", "false");
    link.addEventListener("click", function (event) {
      event.preventDefault();
      if (slot.firstChild) {
        slot.replaceChildren();
        slot.hidden = true;
        link.textContent = label;
        link.setAttribute("aria-expanded", "false");
        return;
      }
      var frame = document.createElement("iframe");
      frame.src = link.href;
      frame.title = "Live quizzes: Python running in your browser";
      frame.className = "cr-live-iframe";
      slot.appendChild(frame);
      slot.hidden = false;
      link.textContent = "Close the live mode";
      link.setAttribute("aria-expanded", "true");
    });
  });
})();
</script>"""


class PageQuiz(NamedTuple):
    """A quiz of a page: its title, its generators, and its house rules (the profile's
    TOML when the quiz carries it, else a shipped profile's name, else None: the
    generators' default rules)."""

    title: str
    ids: list[str]
    profile: str | None = None


def page_quizzes(body: str) -> list[PageQuiz]:
    """The quizzes of a page, from its static banks.

    The generators and the profile come from the quiz's own record
    (``data-cr-generators``, ``data-cr-profile``, the ``cr-profile-toml`` script), or,
    in a quiz without it, from its questions' ids.

    >>> q = '{"id": "banco.natural.spot#1.0"}'
    >>> html = ('<section class="cr-quiz" id="x" data-cr-quiz aria-label="Quiz: Naturals">'
    ...         f'<div class="cr-q" data-q="{escape(q)}"></div></section>')
    >>> page_quizzes(html)
    [PageQuiz(title='Naturals', ids=['banco.natural.spot'], profile=None)]
    """
    out = []
    for attrs, title, section in _SECTION.findall(body):
        found = dict(_ATTR.findall(attrs))
        ids = unescape(found.get("generators", "")).split()
        if not ids:
            for raw in _QUESTION.findall(section):
                gid = str(json.loads(unescape(raw))["id"]).split("#", 1)[0]
                if gid not in ids:
                    ids.append(gid)
        toml = _TOML.search(section)
        profile = (str(json.loads(toml.group(1))) if toml is not None
                   else unescape(found.get("profile", "")) or None)
        if ids:
            out.append(PageQuiz(unescape(title), ids, profile))
    return out


def page_game(quizzes: Sequence[PageQuiz | tuple[str, list[str]]]) -> str | None:
    """The game a page is about: the one most of its quiz generators ask about, if the
    play-along table plays it (its registry name, as :mod:`cardrules.game` spells it).

    >>> page_game([("Totals", ["casino-pontoon.stand.may"])])
    'casino-pontoon'
    """
    from quizzes.live.play import available_games
    from quizzes.model.registry import get

    counts: dict[str, int] = {}
    for quiz in quizzes:
        for gid in quiz[1]:
            game = get(gid).game
            counts[game] = counts.get(game, 0) + 1
    playable = {g: n for g, n in counts.items() if g in available_games()}
    return max(playable, key=lambda g: playable[g]) if playable else None


def repl_code(quizzes: Sequence[PageQuiz | tuple[str, list[str]]], game: str | None) -> str:
    """The Python the live mode runs: the page's quizzes, under the page's house rules,
    and its game's table.

    >>> print(repl_code([("Naturals", ["banco.natural.spot"])], "banco"))
    from quizzes.live.table import live_panel
    panel = live_panel([
        ["banco.natural.spot"],
    ], titles=["Naturals"], game="banco")
    panel
    >>> print(repl_code([PageQuiz("Stick", ["pontoon.stick.may"], "pontoon-stick-16")], None))
    from quizzes.live.table import live_panel
    panel = live_panel([
        ["pontoon.stick.may"],
    ], titles=["Stick"], game=None, profiles=["pontoon-stick-16"])
    panel
    """
    profiles = [PageQuiz(*q).profile for q in quizzes]
    texts = list(dict.fromkeys(p for p in profiles if p is not None and "\n" in p))
    lines = ["from quizzes.live.table import live_panel"]
    lines += [f"rules_{n} = {json.dumps(t, ensure_ascii=False)}" for n, t in enumerate(texts, 1)]
    lines.append("panel = live_panel([")
    lines += [f"    {json.dumps(q[1])}," for q in quizzes]
    titles = json.dumps([q[0] for q in quizzes], ensure_ascii=False)
    end = f"], titles={titles}, game={json.dumps(game)}".replace("game=null", "game=None")
    if any(p is not None for p in profiles):
        names = [f"rules_{texts.index(p) + 1}" if p in texts else
                 json.dumps(p).replace("null", "None") for p in profiles]
        end += f", profiles=[{', '.join(names)}]"
    lines.append(end + ")")
    lines.append("panel")
    return "\n".join(lines)


#: pages that run the engine themselves (the Practice page, in a worker) or show none
#: (the Progress page) carry one of these, and get no live-mode box
NO_LIVE_MODE = ('<div id="cr-practice"', '<div id="cr-progress"')

#: a page shows Python to try when it holds one of these (an executed cell, a code example)
CODE_MARKERS = ('class="cell docutils container"', 'class="highlight-python',
                'class="highlight-ipython', 'class="highlight-pycon')


def wants_live_mode(body: str) -> bool:
    """Whether a page gets the live box: it has quizzes or Python to try, and does not run
    the engine itself (Practice) or show none (Progress, the glossary, the sources).

    >>> wants_live_mode('<section data-cr-quiz></section>'), wants_live_mode("<p>Bank: ...</p>")
    (True, False)
    """
    if any(marker in body for marker in NO_LIVE_MODE):
        return False
    return "data-cr-quiz" in body or any(marker in body for marker in CODE_MARKERS)


#: what the live mode runs on a page without quizzes: the engine, ready to try
TRY_CODE = """from cardrules import load_rules, parse_cards
from quizzes.live.notebook import show_cards
show_cards(("A hand", parse_cards("AS 10D KH")))"""


def control_html(href: str, count: int, game: str | None) -> str:
    """The live control below a page's opening: what it offers, and the link that opens it.

    >>> "3 quizzes and a play-along table" in control_html("repl.html", 3, "banco")
    True
    """
    table = " and a play-along table" if game else ""
    if count:
        what = (f"Practise this page's {count} quiz{'zes' if count != 1 else ''}{table} in "
                "Python running inside your browser: the rules engine itself makes fresh "
                "questions and checks your answers.")
    else:
        what = ("Try the rules engine in Python running inside your browser: the examples "
                "of this page, and your own.")
    return (
        f'{STYLE}<div class="cr-live" data-cr-live>'
        f"<p><strong>Live mode.</strong> {what} No server is used; the first start "
        "downloads the Python runtime (about 30 MB) from this site.</p>"
        f'<p><a class="cr-live-open" href="{escape(href)}" target="_blank" rel="noopener">'
        "Start the live mode</a></p>"
        '<div class="cr-live-frame" hidden></div></div>' + SCRIPT
    )


def control_place(body: str) -> int:
    """Where the live control goes in a page's body: after the page's opening (its title,
    then what the page is about), before its first section; after the title on a page
    without sections.

    >>> body = '<section><h1>Casino</h1><p>What it is.</p><section><h2>Deal</h2></section>'
    >>> body[control_place(body):]
    '<section><h2>Deal</h2></section>'
    >>> control_place('<h1>Glossary</h1><p>Words.</p>')
    17
    """
    end = body.find("</h1>")
    if end < 0:
        return 0
    at = end + len("</h1>")
    section = body.find("<section", at)
    return section if section >= 0 else at


def _add_site(app: Sphinx) -> None:
    ready = (SITE / REPL).is_file()
    # kept on the environment for _page (Sphinx declares no such attribute)
    app.env.cardlive_ready = ready  # type: ignore[attr-defined]
    if ready:
        app.config.html_extra_path.append(str(SITE))
    else:
        logger.warning("the live mode is not built (%s is missing): run `make lite`",
                       SITE / REPL)


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
          doctree: nodes.document | None) -> None:
    if doctree is None or not getattr(app.env, "cardlive_ready", False):
        return
    body = context.get("body", "")
    if not wants_live_mode(body):
        return
    quizzes = page_quizzes(body)
    game = page_game(quizzes)
    code = repl_code(quizzes, game) if quizzes else TRY_CODE
    query = urllib.parse.urlencode({"kernel": "python", "showBanner": "0", "code": code},
                                   quote_via=urllib.parse.quote)
    href = context["pathto"](REPL, 1) + "?" + query
    html = control_html(href, len(quizzes), game)
    at = control_place(body)
    context["body"] = body[:at] + html + body[at:]


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the live control with Sphinx."""
    app.connect("builder-inited", _add_site)
    app.connect("html-page-context", _page)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
