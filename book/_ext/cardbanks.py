"""The book's bank files: every quiz generator's engine-made questions, as JSON.

A thin Sphinx adapter over :func:`quizzes.model.banks.write_banks`.  When the HTML build has
finished, it reads the quizzes of the written pages (each static quiz records its
generators, its profile's key and, for house rules, the profile's TOML), and writes
``_static/banks/``: a bank for every generator under its default profile, one more for
every other profile a page asks a generator under, and ``index.json`` (the generators,
the profiles, and where each rule and chapter is in the book).

Reading the written pages finds the quizzes of ``{quiz}`` directives and of ``quiz(...)``
notebook cells alike, in serial and parallel builds.  Banks are kept in
``book/_build/.cardbanks`` by the sources' digest, so a build with an unchanged engine
copies them instead of making them again.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.parse
from html import unescape
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

from cardrules.catalog import rule, rule_ids
from cardrules.errors import CardrulesError
from cardrules.profiles import Profile, load_rules, rules_from_text
from quizzes.model.banks import is_shipped, profile_key, write_banks
from quizzes.model.registry import for_rule
from quizzes.pages.parts import rule_anchor

logger = logging.getLogger(__name__)

_SECTION = re.compile(r'<section class="cr-quiz"([^>]*)>(.*?)</section>', re.S)
_ATTR = re.compile(r'data-cr-(generators|profile)="([^"]*)"')
_PRACTICE = re.compile(r'href="[^"]*practice\.html\?([^"#]*)"(?: data-cr-profile-toml="([^"]*)")?')
_TOML = re.compile(r'<script type="application/json" class="cr-profile-toml">(.*?)</script>', re.S)


def page_banks(html: str) -> list[tuple[str, Profile | None]]:
    """The (generator id, profile) pairs of a page's quizzes; None: the default profile.

    >>> page_banks('<section class="cr-quiz" data-cr-generators="a.b c.d" data-cr-profile='
    ...            '"pontoon-stick-16"></section>')[0][0]
    'a.b'
    """
    out: list[tuple[str, Profile | None]] = []
    for attrs, inner in _SECTION.findall(html):
        found = dict(_ATTR.findall(attrs))
        ids = unescape(found.get("generators", "")).split()
        key = unescape(found.get("profile", ""))
        toml = _TOML.search(inner)
        profile: Profile | None = None
        if toml is not None:
            profile = rules_from_text(json.loads(toml.group(1)), "a quiz's house rules")
        elif key and is_shipped(key):
            profile = load_rules(key)
        out += [(gid, profile) for gid in ids]
    return out


def practice_links(html: str) -> list[tuple[list[str], str, Profile | None]]:
    """The (rule ids, profile key, house rules if the link carries them) of a page's links
    to the Practice page.

    >>> practice_links('<a href="../practice.html?rules=a.b,c.d&amp;profile=pontoon">x</a>')
    [(['a.b', 'c.d'], 'pontoon', None)]
    """
    out = []
    for query, toml in _PRACTICE.findall(html):
        fields = urllib.parse.parse_qs(unescape(query))
        rules = [r for v in fields.get("rules", []) for r in v.split(",") if r]
        key = (fields.get("profile") or [""])[0]
        profile = rules_from_text(unescape(toml), "a practice link's house rules") if toml else None
        if rules and key:
            out.append((rules, key, profile))
    return out


def _places(app: Sphinx) -> dict[str, Any]:
    """Where each rule's box and each game's chapter are: ``{"rules", "chapters"}``."""
    env = app.env
    boxes: dict[str, list[str]] = {}
    for docname in sorted(env.found_docs):
        for rid in env.metadata.get(docname, {}).get("cardrules_rules", []):
            boxes.setdefault(rid, []).append(docname)
    chapter_votes: dict[str, dict[str, int]] = {}
    rules: dict[str, dict[str, str | bool | None]] = {}
    for rid in rule_ids():
        docs = boxes.get(rid, [])
        chapters = [d for d in docs if not d.startswith("lessons/")]
        doc = next(iter(chapters or docs), None)
        r = rule(rid)
        game = rid.split(".")[0]
        page = app.builder.get_target_uri(doc) if doc is not None else None
        rules[rid] = {"title": r.title, "game": game, "page": page,
                      "anchor": rule_anchor(rid) if doc is not None else None,
                      "option": r.option}
        if doc is not None and doc in chapters:
            votes = chapter_votes.setdefault(game, {})
            votes[doc] = votes.get(doc, 0) + 1
    chapters_out = {}
    for game, votes in sorted(chapter_votes.items()):
        doc = max(sorted(votes), key=lambda d: votes[d])
        title = env.titles[doc].astext() if doc in env.titles else doc
        chapters_out[game] = {"title": title, "page": app.builder.get_target_uri(doc)}
    return {"rules": rules, "chapters": chapters_out}


def _write(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    start = time.perf_counter()
    out = Path(app.outdir)
    extra: list[tuple[str, Profile]] = []
    links: list[tuple[list[str], str, Profile | None]] = []
    for page in sorted(out.rglob("*.html")):
        rel = page.relative_to(out).parts
        if rel and rel[0] in ("_static", "lite", "_sources"):
            continue
        html = page.read_text(encoding="utf-8")
        try:
            found = page_banks(html)
        except (CardrulesError, ValueError) as e:
            raise RuntimeError(f"{page}: a quiz's profile cannot be read: {e}") from e
        extra += [(gid, p) for gid, p in found if p is not None]
        links += practice_links(html)
    # A lesson's practice link asks for all its rules under its house rules: the banks of
    # every generator of those rules, under the profile its quizzes carry.
    known = {profile_key(p): p for _gid, p in extra}
    for rules, key, carried in links:
        profile = carried or known.get(key) or (load_rules(key) if is_shipped(key) else None)
        if profile is None or profile_key(profile) != key:
            logger.warning("cardbanks: a practice link names the profile %r, but carries no "
                           "such house rules and no quiz of the book has them", key)
            continue
        extra += [(g.id, profile) for r in rules for g in for_rule(r)]
    cache = Path(app.srcdir) / "_build" / ".cardbanks"
    jobs = max(1, min(2, os.cpu_count() or 1))
    files = write_banks(out / "_static" / "banks", extra, cache_dir=cache,
                        index_extra=_places(app), jobs=jobs)
    size = sum(f.stat().st_size for f in files)
    logger.info("cardbanks: %d bank files (%.1f MB) in %.1f s", len(files) - 1, size / 1e6,
                time.perf_counter() - start)


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the bank writer with Sphinx."""
    app.connect("build-finished", _write)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
