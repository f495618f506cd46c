"""Glossary words linked where a page first uses them.

A Sphinx extension (listed in ``book/_config.yml``).  The glossary page (``glossary.md``)
defines the words with Sphinx's ``{glossary}`` directive; this extension links the first
use of each of those words on every other page of the book to its definition, so the
chapters need no markup for it.

- A word is matched whole, in the forms prose gives it: "stake", "stakes", "buying",
  "bust", "five card tricks".  Only running text is linked: not titles, code, outputs,
  tables' headings, links, or the pictures and quizzes a page embeds as HTML.
- A word that is also part of a game's name (Casino, Pontoon, Banco, Palace...) is matched
  in lower case only, and never inside that name: "a pontoon" is the hand, "Pontoon" and
  "Casino Pontoon" are games.
- A definition that starts "In Casino, ..." is linked only from pages about that game (the
  pages that show its rule boxes): elsewhere "build" means building the book.
- A word is linked only where the sentence means the glossary's sense: ``OTHER_SENSES``
  lists the phrases where it means something else ("also called Castle Poker" is no
  *call*, "they split the pot" no *split*, "a bank of questions" no *bank*), and a page
  marks any other such use with the ``{plain}`` role: ``{plain}`split` `` is never linked.
- The Reference pages (generated from the code) are left as they are, and so are the
  pages that are the book's own machinery (Practice and Progress): their words are about
  the book, not the games.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

from cardrules import profiles

logger = logging.getLogger(__name__)

GLOSSARY = "glossary"
#: pages whose text is not linked: the glossary itself, the generated Reference, the
#: teachers' pages (their words are about making books) and the book's own machinery, the
#: Practice and Progress pages (their "banks" are of questions)
SKIP_PAGES = (GLOSSARY, "reference/", "genindex", "search", "teachers", "class", "practice",
              "progress")
#: a glossary word's uses in another sense: a match of one of its patterns that covers
#: the word leaves it unlinked (the next use in the glossary's sense is linked instead)
OTHER_SENSES: dict[str, tuple[str, ...]] = {
    # "also called Castle Poker", "one called Player": naming, not the Palace bet
    "call": (r"\b(?:also|is|are|was|were|be|so|often|usually|sometimes|now|one|hand|game|"
             r"cards?|what is|which is) called\b", r"\bcalled\s+(?:[A-Z*\"“‘']|a\b|an\b)"),
    # "they split the pot": sharing, not making two hands of a pair
    "split": (r"\bsplit(?:s|ting)?\s+(?:the\s+)?(?:pot|stakes?|money|winnings|difference|kitty|"
              r"prize)\b", r"\bsplit(?:s|ting)?\s+(?:it|them)?\s*(?:evenly|equally|between|"
              r"among)\b"),
    # "a bank of questions", "question banks": the quizzes', not the banker's money
    "bank": (r"\bbanks?\s+of\s+questions\b", r"\b(?:question|quiz|questions')\s+banks?\b"),
}
#: nodes whose text is never linked
SKIP_NODES = (nodes.title, nodes.literal, nodes.literal_block, nodes.reference, nodes.raw,
              nodes.rubric, nodes.caption, nodes.term, nodes.field_name, nodes.table,
              nodes.target, nodes.math, nodes.math_block, nodes.comment,
              addnodes.pending_xref, addnodes.desc, addnodes.toctree, addnodes.index,
              addnodes.literal_emphasis, addnodes.literal_strong)


def game_names() -> tuple[str, ...]:
    """The names of the shipped games, longest first ("Casino Pontoon" before "Casino").

    >>> "Punto Banco" in game_names() and "Casino Pontoon" in game_names()
    True
    """
    found = set()
    for name in profiles.shipped_profiles():
        title = re.sub(r"\s*\([^)]*\)$", "", profiles.load_rules(name).name or "").strip()
        if title:
            found.add(title)
    return tuple(sorted(found, key=lambda n: (-len(n), n)))


def _forms(term: str) -> str:
    """A regular expression for the forms of a glossary word in running text.

    >>> bool(re.fullmatch(_forms("buy"), "buying")), bool(re.fullmatch(_forms("split"), "splitting"))
    (True, True)
    >>> bool(re.fullmatch(_forms("five card trick"), "five card tricks"))
    True
    """
    words = [re.escape(w) for w in term.split()]
    last = words[-1]
    double = last[-1] if re.search(r"[^aeiou][aeiou][bdgklmnprt]$", term) else ""
    endings = ["s", "es", "ing", "ed"] + ([f"{double}ing", f"{double}ed"] if double else [])
    if last.endswith("e"):
        endings += [last[:-1] + "ing"]  # "trade" -> "trading"
    words[-1] = f"{last}(?:{'|'.join(endings)})?"
    return r"\s+".join(words)


def term_pattern(terms: list[str], names: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for every glossary word, longest first; a game's name matches as itself
    (group ``game``), so that its words are not taken for glossary words.

    >>> p = term_pattern(["banco", "stake", "pontoon"], ("Punto Banco", "Pontoon"))
    >>> [(m.lastgroup, m.group()) for m in p.finditer("In Punto Banco a pontoon stakes")]
    [('game', 'Punto Banco'), ('term', 'pontoon'), ('term', 'stakes')]
    >>> [m.group() for m in p.finditer("Pontoon is a game")]
    ['Pontoon']
    """
    name_words = {w.lower() for n in names for w in n.split()}
    alternatives = []
    for term in sorted(terms, key=lambda t: (-len(t), t)):
        body = _forms(term)
        if term.lower() in name_words:
            alternatives.append(body)  # lower case only (the pattern is case-sensitive)
        else:
            first = re.escape(term[0])
            alternatives.append(f"[{first.lower()}{first.upper()}]" + body[len(first):])
    games = "|".join(re.escape(n) for n in names)
    return re.compile(rf"\b(?:(?P<game>{games})|(?P<term>{'|'.join(alternatives)}))\b")


def scope_of(definition: str, titles: dict[str, str]) -> frozenset[str] | None:
    """The games a definition is about, when it starts "In <game>, ..." (and any further
    "In <game>, ..." sentences); None for a word of every game.  ``titles`` maps a game's
    name to its id.

    >>> titles = {"Pontoon": "pontoon", "Casino": "casino", "Palace Poker": "palace"}
    >>> sorted(scope_of("In Pontoon, to add to the stake. In Palace Poker, to pay.", titles))
    ['palace', 'pontoon']
    >>> scope_of("In Shoot Pontoon, a pot.", titles)
    frozenset({'pontoon'})
    >>> scope_of("To take no more cards. In Casino, ...", titles) is None
    True
    """
    text = " ".join(definition.split())
    if not text.startswith("In "):
        return None
    games = set()
    for name in re.findall(r"(?:^|[.;]\s+)In ([A-Z][\w ]*?),", text):
        found = titles.get(name) or next(
            (titles[t] for t in sorted(titles, key=len, reverse=True) if t in name), None)
        if found:
            games.add(found)
    return frozenset(games) or None


#: lower-case word -> (page, anchor, the games it is scoped to)
Glossary = dict[str, tuple[str, str, frozenset[str] | None]]


def _glossary(app: Sphinx) -> Glossary:
    """The glossary's words, read once a build from the glossary page."""
    cached: Glossary | None = getattr(app, "_cr_glossary", None)
    if cached is not None:
        return cached
    from cardrules import game
    from quizzes.pages.reference import game_title

    found: Glossary = {}
    if GLOSSARY in app.env.found_docs:
        titles = {game_title(g): g for g in game.rule_modules()}
        for item in app.env.get_doctree(GLOSSARY).findall(nodes.definition_list_item):
            definition = " ".join(d.astext() for d in item.findall(nodes.definition))
            scope = scope_of(definition, titles)
            for term in item.findall(nodes.term):
                if term["ids"]:
                    found[" ".join(term.astext().lower().split())] = (
                        GLOSSARY, term["ids"][0], scope)
    # kept on the application, which every callback of one build is given (Sphinx declares
    # no such attribute)
    app._cr_glossary = found  # type: ignore[attr-defined]
    return found


def _page_games(app: Sphinx, docname: str) -> set[str]:
    """The games whose rule boxes a page shows (book/_ext/cardref.py finds them)."""
    from cardrules.catalog import rule

    boxes = getattr(app.env, "cardref_rules", {})
    return {rule(r).game for r, places in boxes.items() if any(p[0] == docname for p in places)}


def other_sense(word: str, source: str, start: int, end: int) -> bool:
    """Whether the glossary ``word`` found at ``source[start:end]`` is used there in
    another sense (``OTHER_SENSES``).

    >>> text = "Palace Poker (also called Castle Poker) is a game; nobody called the raise."
    >>> other_sense("call", text, 19, 25), other_sense("call", text, 48, 54)
    (True, False)
    >>> other_sense("split", "they split the pot", 5, 10), other_sense("split", "you split a pair", 4, 9)
    (True, False)
    >>> other_sense("bank", "Each quiz holds a bank of questions", 18, 22)
    True
    """
    for pattern in OTHER_SENSES.get(word, ()):
        for m in re.finditer(pattern, source):
            if m.start() <= start and end <= m.end():
                return True
    return False


def _skipped(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, SKIP_NODES) or (
                isinstance(parent, nodes.Element) and "cr-plain" in parent.get("classes", [])):
            return True
        parent = parent.parent
    return False


def plain_role(name: str, rawtext: str, text: str, lineno: int, inliner: object,
               options: dict[str, object] | None = None, content: Sequence[str] = ()
               ) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{plain}`words` ``: words the glossary never links (a glossary word in another
    sense)."""
    return [nodes.inline(rawtext, text, classes=["cr-plain"])], []


def link_first_uses(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Link the first use of each glossary word on the page to its definition."""
    if docname.startswith(SKIP_PAGES) or app.builder.format != "html":
        return
    games = _page_games(app, docname)
    terms = {word: (page, anchor) for word, (page, anchor, scope) in _glossary(app).items()
             if scope is None or scope & games}
    if not terms:
        return
    pattern = term_pattern(list(terms), game_names())
    done: set[str] = set()
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or _skipped(text) or not isinstance(
                parent, nodes.paragraph | nodes.emphasis | nodes.strong | nodes.inline):
            continue
        source = text.astext()
        pieces: list[nodes.Node] = []
        at = 0
        for m in pattern.finditer(source):
            if m.lastgroup != "term":
                continue
            word = _term_of(m.group(), terms)
            if word is None or word in done or other_sense(word, source, m.start(), m.end()):
                continue
            done.add(word)
            page, anchor = terms[word]
            uri = app.builder.get_relative_uri(docname, page) + "#" + anchor
            pieces.append(nodes.Text(source[at:m.start()]))
            link = nodes.reference(m.group(), m.group(), internal=True, refuri=uri,
                                   reftitle=f"{word}: see the glossary", classes=["cr-term"])
            pieces.append(link)
            at = m.end()
        if pieces:
            pieces.append(nodes.Text(source[at:]))
            index = parent.index(text)
            parent[index:index + 1] = [p for p in pieces if not isinstance(p, nodes.Text)
                                       or p.astext()]


def _term_of(found: str, terms: dict[str, tuple[str, str]]) -> str | None:
    """The glossary word a matched form belongs to ("buying" -> "buy")."""
    low = " ".join(found.lower().split())
    if low in terms:
        return low
    for word in sorted(terms, key=len, reverse=True):
        if re.fullmatch(_forms(word), low):
            return word
    return None


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the linking of glossary words."""
    app.connect("doctree-resolved", link_first_uses)
    app.add_role("plain", plain_role)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
