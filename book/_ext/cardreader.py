"""The reader's side of the book: light pages that fit a phone, and a theme that works.

A Sphinx extension (listed in ``book/_config.yml``).  It changes nothing a page says; it
changes what a page costs and how it sits on a screen:

- **No widget machinery on static pages.**  A notebook executed with ipywidgets keeps
  the widgets' state in its metadata, and myst-nb then loads the widget manager
  (``embed-amd.js``, 3.5 MB) and writes that state into the page, even when every quiz
  cell shows its static HTML.  A page that displays no widget view gets neither.
- **Icons as a small stylesheet.**  The theme loads Font Awesome's whole SVG script
  (1.45 MB) on every page for a dozen icons.  The template override
  (``_templates/layout.html``) leaves it out, and this extension writes
  ``_static/cardrules-icons.css``: the icons the built pages use, drawn with CSS masks
  from the theme's own icon data (Font Awesome Free, icons CC BY 4.0).
- **Card pictures defined once per page.**  Each distinct card picture becomes an SVG
  ``<symbol>`` at the top of the page, and each place that shows it a small ``<svg>``
  with ``<use>``, keeping its label for screen readers.
- **sphinx-design's assets only where used** (no page uses its components today).
- **A hidden cell's toggle is named by its words** ("Show the helpers' code"), not by
  myst-nb's "Toggle hidden content", which screen readers would hear instead.
- **Styles for the reader** (``cardrules-reader.css``): engine output wraps instead of
  scrolling sideways, wide tables reflow on a phone, the footer and dark mode read well.
- **A script for the reader** (``cardrules-reader.js``): a tap on a phone leaves no
  tooltip over the header's buttons (the theme's tooltips open on hover and focus, and a
  tap is both), and a page with a quiz adds "Skip to the first quiz" to the theme's skip
  link, so the keyboard reaches the quiz in two presses of Tab.
"""

from __future__ import annotations

import hashlib
import html
import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

STATIC = Path(__file__).resolve().parent / "reader_static"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ICONS_CSS = "cardrules-icons.css"

logger = logging.getLogger(__name__)

# A card picture as quizzes.static.svg.card_svg draws it.
_CARD = re.compile(
    r'<svg class="(cr-card[^"]*)" xmlns="http://www\.w3\.org/2000/svg" viewBox="([^"]*)" '
    r'width="(\d+)" height="(\d+)" role="img" aria-label="([^"]*)">'
    r"<title>([^<]*)</title>(.*?)</svg>",
    re.S,
)


def sprite_cards(body: str) -> str:
    """Define each distinct card picture once (an SVG ``<symbol>``) and ``<use>`` it.

    >>> card = ('<svg class="cr-card" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" '
    ...         'width="64" height="90" role="img" aria-label="ace of spades">'
    ...         '<title>ace of spades</title><rect width="5"/></svg>')
    >>> out = sprite_cards("<p>" + card + card + "</p>")
    >>> out.count("<symbol"), out.count("<use "), out.count('aria-label="ace of spades"')
    (1, 2, 2)
    >>> sprite_cards("<p>no cards</p>")
    '<p>no cards</p>'
    """
    symbols: dict[str, str] = {}

    def use(m: re.Match[str]) -> str:
        cls, box, width, height, label, _title, inner = m.groups()
        sid = "crc-" + hashlib.sha1((box + inner).encode()).hexdigest()[:8]
        symbols.setdefault(sid, f'<symbol id="{sid}" viewBox="{box}">{inner}</symbol>')
        # The symbol's viewBox scales it to this size; the label names it for screen readers.
        return (f'<svg class="{cls}" width="{width}" height="{height}" role="img" '
                f'aria-label="{label}"><use href="#{sid}"/></svg>')

    out = _CARD.sub(use, body)
    if not symbols:
        return body
    sprite = ('<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" '
              'class="cr-card-sprite" style="position:absolute;width:0;height:0;overflow:hidden">'
              + "".join(symbols.values()) + "</svg>")
    return sprite + out


def _is_widget_script(script: object, widget_js: set[str]) -> bool:
    attributes = getattr(script, "attributes", {}) or {}
    if attributes.get("type") == WIDGET_STATE:
        return True
    name = getattr(script, "filename", None) or str(script)
    # Sphinx puts relative script paths under _static/ ("_static/../html-manager/...").
    return bool(name) and (name in widget_js
                           or any(name == posixpath.join("_static", js) for js in widget_js))


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
          doctree: nodes.document | None) -> None:
    body = context.get("body")
    if not isinstance(body, str):
        return
    # A page whose cells all show static HTML needs no widget manager and no widget state.
    if WIDGET_VIEW not in body and context.get("script_files"):
        widget_js = set(getattr(app.config, "nb_ipywidgets_js", {}) or {})
        context["script_files"] = [s for s in context["script_files"]
                                   if not _is_widget_script(s, widget_js)]
    # sphinx-design's styles and tab script, only where a page uses its components.
    if "sd-" not in body:
        for key in ("css_files", "script_files"):
            if context.get(key):
                context[key] = [a for a in context[key] if "design" not in
                                (getattr(a, "filename", None) or str(a)).rsplit("/", 1)[-1]]
    # myst-nb names the summary of a hidden cell "Toggle hidden content", which is not what
    # it shows ("Show code cell source"); its visible words are its name.
    body = body.replace('<summary aria-label="Toggle hidden content">', "<summary>")
    context["body"] = sprite_cards(body)


# -- icons --------------------------------------------------------------------------------
_FA_CLASS = re.compile(r"\bfa-([a-z0-9]+(?:-[a-z0-9]+)*)")
_FA_ICON = re.compile(r'[{,]"?([a-z0-9-]+)"?:\[(\d+),(\d+),\[[^\]]*\],"[0-9a-f]*","(M[^"]*)"\]')
#: Font Awesome classes that are modifiers, not icons
_FA_MODIFIERS = {"solid", "regular", "brands", "lg", "xs", "sm", "fw", "2x", "spin", "pulse"}


def _solid_icons(script: str) -> dict[str, tuple[int, int, str]]:
    """The solid icon set in the theme's Font Awesome script: name -> (width, height, path)."""
    start = script.find('("far",')
    end = script.find('("fas",', start)
    if start < 0 or end < 0:
        return {}
    return {m.group(1): (int(m.group(2)), int(m.group(3)), m.group(4))
            for m in _FA_ICON.finditer(script, start, end)}


def icons_css(names: set[str], icons: dict[str, tuple[int, int, str]]) -> str:
    """A stylesheet drawing the named icons with CSS masks (the colour is the text's).

    >>> css = icons_css({"bars"}, {"bars": (448, 512, "M0 0h448v512z")})
    >>> ".fa-bars{" in css and "mask" in css
    True
    """
    rules = [
        ".fa-solid,.fas,.fa-regular,.far{display:inline-block;width:1.15em;height:1em;"
        "vertical-align:-.125em;background-color:currentColor;"
        "-webkit-mask:var(--cr-icon) no-repeat center/contain;"
        "mask:var(--cr-icon) no-repeat center/contain}",
        ".fa-lg{font-size:1.25em}",
    ]
    for name in sorted(names):
        if name not in icons:
            continue
        w, h, path = icons[name]
        svg = f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {w} {h}'><path d='{path}'/></svg>"
        data = quote(svg, safe=" =:/'")
        rules.append(f'.fa-{name}{{--cr-icon:url("data:image/svg+xml,{data}")}}')
    return "\n".join(rules) + "\n"


# -- the sidebar's collapsible sections -------------------------------------------------------
_TOC_SUMMARY = re.compile(
    r'(<a\b[^>]*>)((?:(?!</a>).)*)</a>(\s*<details\b[^>]*>\s*)<summary>', re.S)
_TAG = re.compile(r"<[^>]+>")


def name_summaries(page: str) -> str:
    """Give each sidebar section's <summary> (the theme's chevron, drawn by CSS) a name.

    >>> page = ('<a href="a.html">A</a> <a href="x.html">Rule <b>catalog</b></a>'
    ...         '<details open="open"><summary><span></span></summary>')
    >>> name_summaries(page).split("<details")[1]
    ' open="open"><summary aria-label="Show the pages under Rule catalog"><span></span></summary>'
    """
    def named(m: re.Match[str]) -> str:
        title = " ".join(html.unescape(_TAG.sub("", m.group(2))).split())
        label = html.escape(f"Show the pages under {title}" if title else "Show the pages")
        return f'{m.group(1)}{m.group(2)}</a>{m.group(3)}<summary aria-label="{label}">'
    return _TOC_SUMMARY.sub(named, page)


def _write_icons(app: Sphinx, exception: Exception | None) -> None:
    if exception or app.builder is None or app.builder.format != "html":
        return
    import pydata_sphinx_theme  # type: ignore[import-untyped]  # the theme ships no types

    fa = (Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"
          / "scripts" / "fontawesome.js")
    icons = _solid_icons(fa.read_text(encoding="utf-8")) if fa.is_file() else {}
    out = Path(app.builder.outdir)
    names: set[str] = set()
    for page in out.glob("**/*.html"):
        if "lite" in page.relative_to(out).parts[:1]:
            continue
        text = page.read_text(encoding="utf-8", errors="replace")
        named = name_summaries(text)
        if named != text:
            page.write_text(named, encoding="utf-8")
        names.update(_FA_CLASS.findall(named))
    names -= _FA_MODIFIERS
    missing = sorted(n for n in names if n not in icons)
    if missing:
        logger.info("cardreader: icons not in the solid set, left out: %s", ", ".join(missing))
    (out / "_static" / ICONS_CSS).write_text(icons_css(names, icons), encoding="utf-8")
    # The theme's full icon script is not used by any page; do not ship it either.
    for name in ("fontawesome.js", "fontawesome.js.map", "fontawesome.js.LICENSE.txt"):
        (out / "_static" / "scripts" / name).unlink(missing_ok=True)


def _add_static(app: Sphinx, config: Config) -> None:
    config.html_static_path.append(str(STATIC))
    templates = Path(app.srcdir) / "_templates"
    if templates.is_dir() and str(templates) not in config.templates_path:
        config.templates_path.append(str(templates))


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the reader's stylesheets and script, the page rewriting and the icon writer."""
    app.connect("config-inited", _add_static)
    app.add_css_file(ICONS_CSS)
    app.add_css_file("cardrules-reader.css")
    app.add_js_file("cardrules-reader.js", loading_method="defer")
    app.connect("html-page-context", _page, priority=950)
    app.connect("build-finished", _write_icons)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}

