"""The sidebar's table of contents, made from each page's title and tables of contents only.

A Sphinx extension (listed in ``book/_config.yml``).  The theme draws the sidebar on every
page from Sphinx's global table of contents, asked for with ``titles_only``: each page of
the book stands there by its title alone.  Sphinx makes that tree by copying, for every
page written, the whole contents of every page (each heading, and on the Reference's API
pages each class, function and attribute, some 7,000 entries), and only then cutting
each page's copy down to its title.  Over 220 pages that copying is most of the time the
build spends writing.

This extension hands the theme's ``toctree`` calls that ask for titles only a copy of the
contents already cut down as Sphinx would cut it (:func:`titles_only`): each page's
top-level title, and the ``toctree`` entries that bring in other pages.  The sidebar comes
out the same; a page's own contents ("On this page") are made from the full contents, which
are left as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata


def titles_only(toc: nodes.Element) -> nodes.Element:
    """A page's contents cut down as Sphinx cuts them for a ``titles_only`` table of
    contents: under each top-level entry, its nested ``toctree`` nodes alone, or nothing.

    >>> from docutils import nodes
    >>> from sphinx import addnodes
    >>> inner = nodes.bullet_list("", nodes.list_item("", addnodes.compact_paragraph(
    ...     "", "A heading")), nodes.list_item("", addnodes.toctree()))
    >>> toc = nodes.bullet_list("", nodes.list_item("", addnodes.compact_paragraph(
    ...     "", "The title"), inner))
    >>> cut = titles_only(toc)
    >>> [n.tagname for n in cut.findall()]
    ['bullet_list', 'list_item', 'compact_paragraph', '#text', 'bullet_list', 'toctree']
    >>> len(list(toc.findall(nodes.list_item)))  # the page's own contents are left whole
    3
    """
    cut = toc.deepcopy()
    for top_level in cut.children:
        if isinstance(top_level, nodes.Element) and len(top_level) > 1:
            subtrees = list(top_level.findall(addnodes.toctree))
            if subtrees:
                top_level[1][:] = subtrees  # type: ignore[index]  # a bullet list
            else:
                top_level.pop(1)
    return cut


def _cut_tocs(app: Sphinx) -> dict[str, nodes.Element]:
    """Every page's contents cut down (:func:`titles_only`), made once for the writing."""
    cut: dict[str, nodes.Element] | None = getattr(app, "_cardnav_tocs", None)
    if cut is None:
        cut = {name: titles_only(toc) for name, toc in app.env.tocs.items()}
        app._cardnav_tocs = cut  # type: ignore[attr-defined]  # kept for this build only
    return cut


def _lighter(app: Sphinx, toctree: Callable[..., Any]) -> Callable[..., Any]:
    def call(**kwargs: Any) -> Any:
        if not kwargs.get("titles_only"):
            return toctree(**kwargs)
        env = app.env
        full = env.tocs
        env.tocs = _cut_tocs(app)  # type: ignore[assignment]
        try:
            return toctree(**kwargs)
        finally:
            env.tocs = full
    return call


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
          doctree: nodes.document | None) -> None:
    if "toctree" in context:
        context["toctree"] = _lighter(app, context["toctree"])


def _forget(app: Sphinx, env: Any) -> None:
    app._cardnav_tocs = None  # type: ignore[attr-defined]  # a new reading, new contents


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the lighter table of contents with Sphinx."""
    app.connect("env-updated", _forget)
    app.connect("html-page-context", _page)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
