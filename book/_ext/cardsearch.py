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
  ``html_search_scorer``) breaks ties in favour of rule boxes in the chapters, and makes
  the result snippets from a page's words, leaving out tables, card pictures, code and
  quizzes.
"""

from __future__ import annotations

from collections import Counter
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


def _scorer(app: Sphinx, config: Config) -> None:
    if not config.html_search_scorer:
        config.html_search_scorer = str(SCORER)


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the index and search hooks."""
    app.connect("config-inited", _scorer)
    app.connect("doctree-read", _index_in_sidebar)
    app.connect("env-updated", _keep_home_entries)
    app.connect("doctree-resolved", _search_entries)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
