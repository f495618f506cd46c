"""The workshop's words, which a learner's page must not show outside code.

A chapter is read by someone who has never seen Python: the game's words, the rule set's
title ("Royal Casino"), a rule cited by its title. The words below belong to the workshop
(the engine's code, its files and its options) and are allowed only in code, in a page's
"For Python users" section and in the Reference. ``findings(text)`` lists every one in a
text, with a few words around it; ``tests/test_learner_pages.py`` reads every page of the
book with it.

>>> [f.kind for f in findings("The game's seed deals it; see [rule casino.trail].")]
['seed', 'rule id']
>>> [f.kind for f in findings("Cards (15, 37), spades (5, 8)")]
['Python tuple or list', 'Python tuple or list']
>>> [f.kind for f in findings("arrange_pack stacks it; legal_actions(state) lists them")]
['Python call', 'Python name', 'Python name']
>>> [f.kind for f in findings("in the engine Buy() draws the card and DiscardSoldiers(...)")]
['Python call', 'Python call', 'Python name', 'Python tuple or list']
>>> [f.kind for f in findings("the shipped profile royal-casino, or conf/pontoon.toml")]
['profile name', 'file name']
>>> [f.kind for f in findings("Cards AS 9D -> 20")]
['card notation']
>>> findings("Build 6 with a 3; e.g. a pontoon, 2 to 10; see pagat.com. A Split hand. A♠ 9♦")
[]
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One workshop word in a text: what kind it is, the word, and the words around it."""

    kind: str
    word: str
    context: str


@functools.cache
def _engine_names() -> tuple[frozenset[str], frozenset[str]]:
    """The engine's public names (the Reference's catalog of them) and the profile options:
    (names with an underscore or two capitals, names of classes)."""
    from cardrules import profiles
    from quizzes.pages.reference import api_members

    names: set[str] = set()
    classes: set[str] = set()
    for members in api_members().values():
        for m in members:
            names.add(m.name)
            if m.kind == "class":
                classes.add(m.name)
    for name in profiles.shipped_profiles():
        for option, _default, _help in profiles.describe_options(type(profiles.load_rules(name))):
            names.add(option)
    odd = {n for n in names if "_" in n.strip("_") or re.search(r"[a-z][A-Z]", n)}
    return frozenset(odd), frozenset(classes)


@functools.cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    from cardrules import profiles
    from cardrules.catalog import rule_ids

    odd, classes = _engine_names()
    games = sorted({r.split(".")[0] for r in rule_ids()}, key=len, reverse=True)
    hyphenated = sorted((p for p in profiles.shipped_profiles() if "-" in p), key=len,
                        reverse=True)
    return (
        ("seed", re.compile(r"\bseed(?:s|ed)?\b", re.IGNORECASE)),
        # a rule id or a quiz's id: a game's name, a dot, and more of them
        ("rule id", re.compile(rf"(?<![/\w.-])(?:{'|'.join(map(re.escape, games))})\.[a-z0-9][a-z0-9.-]*"
                               r"[a-z0-9]")),
        ("Python call", re.compile(rf"\b(?:{'|'.join(sorted(classes))}|[a-z_][a-z0-9_]*)"
                                   r"\((?:\)|\.\.\.\)|[^()\s][^()]*\))")),
        ("Python name", re.compile(rf"\b(?:{'|'.join(sorted(odd, key=len, reverse=True))})\b")),
        # "(15, 37)", "[1, 2]", "('AS', 'KD')", "[]"
        ("Python tuple or list", re.compile(
            r"\((?:-?\d+|'[^']*'), (?:-?\d+|'[^']*')(?:, (?:-?\d+|'[^']*'))*,?\)"
            r"|\[(?:-?\d+|'[^']*')(?:, (?:-?\d+|'[^']*'))+\]|\[\]|\(\)")),
        ("profile name", re.compile(rf"\b(?:{'|'.join(map(re.escape, hyphenated))})\b(?![.\w/-])")),
        # cards as the engine's input writes them ("AS 9D"), not as the book shows them
        ("card notation", re.compile(r"\b(?:[2-9]|10|[AJQKT])[CDHS](?:[ ,]+(?:[2-9]|10|[AJQKT])[CDHS])+\b")),
        ("file name", re.compile(r"\b[\w./-]+\.(?:toml|py|ipynb|json|txt|md)\b|\bconf/|"
                                 r"\bmake (?:voila|book|lite|test|lessons|vendor|serve|golden|unit)\b")),
    )


def findings(text: str) -> list[Finding]:
    """Every workshop word in ``text``, in order of kind, then of place."""
    found = []
    for kind, pattern in _patterns():
        for m in pattern.finditer(text):
            if kind == "Python call" and m.group().split("(")[0] in {"e", "i"}:
                continue
            start, end = max(0, m.start() - 40), min(len(text), m.end() + 40)
            found.append(Finding(kind, m.group(), " ".join(text[start:end].split())))
    return found
