"""Helpers for book pages and lesson notebooks: quizzes, card pictures, tables.

One cell shows a live ipywidgets quiz in Jupyter and a static, self-checking
quiz in the built book: the object carries both representations, and the book
prefers the HTML one.

>>> q = quiz("banco.natural.spot", count=3, seed=2)
>>> bundle = q._repr_mimebundle_()
>>> sorted(k for k in bundle if k != "text/plain")[:1]
['application/vnd.jupyter.widget-view+json']
>>> "data-cr-quiz" in bundle["text/html"]
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from cardrules.cards import Card
from cardrules.profiles import Profile
from quizzes.model.question import CardRow, format_number, rule_title
from quizzes.model.registry import bank, get, profile_arg
from quizzes.static.html import render_bank
from quizzes.static.svg import rows_html


class Quiz:
    """A quiz for a notebook cell: a static bank plus, in Jupyter, a live widget.  ``profile``
    is the table's rules (None: each generator's own default); :func:`quiz` resolves a name
    or a path into one."""

    def __init__(self, generator_ids: str | Sequence[str], count: int = 8, seed: int | str = 0,
                 profile: Profile | None = None, title: str | None = None) -> None:
        ids = [generator_ids] if isinstance(generator_ids, str) else list(generator_ids)
        self.generator_ids = ids
        self.seed = seed
        self.profile = profile
        self.title = title or get(ids[0]).title
        self.questions = bank(ids, count=count, seed=seed, profile=profile)
        self._live: Any = None

    @property
    def live(self) -> Any:
        """The live ipywidgets quiz (made on first use)."""
        if self._live is None:
            from quizzes.live.widgets import LiveQuiz

            self._live = LiveQuiz(self.generator_ids, seed=self.seed, profile=self.profile,
                                  title=self.title)
        return self._live

    def static_html(self) -> str:
        """The static self-checking HTML."""
        from quizzes.model.banks import quiz_attributes

        return render_bank(self.questions, self.title, seed=self.seed,
                           **quiz_attributes(self.generator_ids, self.profile))

    def _repr_html_(self) -> str:
        return self.static_html()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle: dict[str, Any] = {
            "text/plain": f"Quiz: {self.title} ({len(self.questions)} question"
                          f"{'' if len(self.questions) == 1 else 's'})",
            "text/html": self.static_html(),
        }
        try:
            live = self.live._repr_mimebundle_()
        except ImportError:  # no ipywidgets: the static quiz alone
            return bundle
        if isinstance(live, tuple):
            live = live[0]
        bundle.update({k: v for k, v in live.items() if k != "text/plain"})
        return bundle


def quiz(generator_ids: str | Sequence[str], count: int = 8, seed: int | str = 0,
         profile: Profile | str | Path | None = None, title: str | None = None) -> Quiz:
    """A quiz over one or more generators, under ``profile``: a shipped profile's name
    (``"pontoon-stick-16"``), the path of a house-rules file, a Profile, or None for each
    generator's own rules; see :class:`Quiz`.

    >>> quiz("pontoon.stick.may", count=2, profile="pontoon-stick-16").questions[0].profile
    'pontoon-stick-16'
    """
    return Quiz(generator_ids, count=count, seed=seed, profile=profile_arg(profile),
                title=title)


class HTML:
    """A piece of HTML for display in a notebook or the book."""

    def __init__(self, html: str, text: str = "") -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text or "<HTML>"


RowSpec = CardRow | tuple[str, Sequence[Card]]


def show_cards(*rows: RowSpec) -> HTML:
    """Card pictures, one labelled row each.

    >>> from cardrules.cards import parse_cards
    >>> show_cards(("Player", parse_cards("9C KH")), ("Banker", parse_cards("2D 3S")))
    Player: 9♣ K♥
    Banker: 2♦ 3♠
    """
    made = [r if isinstance(r, CardRow) else CardRow(r[0], tuple(r[1])) for r in rows]
    text = "\n".join(f"{r.label}: " + " ".join(str(c) for c in r.cards) for r in made)
    return HTML(rows_html(made), text)


#: a rule cited in the engine's words: "[rule casino.trail]", "(Rule pontoon.tie)"
_CITED = re.compile(r"\s*(?:\[rule ([a-z][\w-]*(?:\.[\w-]+)+)\]|\(Rule ([a-z][\w-]*(?:\.[\w-]+)+)\))")


def rule_link(rule_id: str) -> str:
    """A rule cited by its title, linked to its box on the page (HTML).

    >>> rule_link("casino.trail")
    '<a class="cr-rule-link" href="#rule-casino-trail">Trailing</a>'
    """
    from quizzes.pages.parts import rule_anchor

    return (f'<a class="cr-rule-link" href="#{rule_anchor(rule_id)}">'
            f"{escape(rule_title(rule_id))}</a>")


def _is_rule(text: str) -> bool:
    from cardrules.catalog import rule_ids

    return text in rule_ids()


def words_html(text: str) -> str:
    """The engine's words as HTML, each rule they cite by its title and linked; a cell that
    is a rule's id alone becomes its linked title.

    >>> words_html("Trailing 7♣ is legal. [rule casino.trail]")
    'Trailing 7♣ is legal. (rule: <a class="cr-rule-link" href="#rule-casino-trail">Trailing</a>)'
    >>> words_html("pontoon.ties")
    '<a class="cr-rule-link" href="#rule-pontoon-ties">Ties go to the banker</a>'
    """
    if _is_rule(text.strip()):
        return rule_link(text.strip())
    out, at = [], 0
    for m in _CITED.finditer(text):
        rid = m.group(1) or m.group(2)
        if not _is_rule(rid):
            continue
        out.append(escape(text[at:m.start()]))
        out.append(f" (rule: {rule_link(rid)})")
        at = m.end()
    out.append(escape(text[at:]))
    return "".join(out)


def words_text(text: str, *, bare: bool = False) -> str:
    """:func:`words_html` as plain text: each cited rule by its title. With ``bare``, a rule's
    id standing alone (a log's "palace.stay Cy stays.") becomes its title too.

    >>> words_text("Trailing 7♣ is legal. [rule casino.trail]")
    'Trailing 7♣ is legal. (rule: Trailing)'
    >>> words_text("palace.stay Cy stays.", bare=True)
    '“Staying” Cy stays.'
    """
    def one(m: re.Match[str]) -> str:
        rid = m.group(1) or m.group(2)
        return f" (rule: {rule_title(rid)})" if _is_rule(rid) else m.group()

    said = _CITED.sub(one, text)
    if not bare:
        return said

    def alone(m: re.Match[str]) -> str:
        return f"“{rule_title(m.group())}”" if _is_rule(m.group()) else m.group()

    return _BARE.sub(alone, said)


#: a rule's id standing alone in a text: a word, a dot and more of them
_BARE = re.compile(r"(?<![\w./-])[a-z][a-z-]*(?:\.[a-z0-9][a-z0-9-]*)+(?![\w/-]|\.\w)")


def say(*texts: str) -> HTML:
    """The engine's words as a page shows them: a paragraph a text (a line of it each),
    every rule cited by its title and linked to its box.

    >>> say("North must play a card from his hand. [rule casino.turn]")
    North must play a card from his hand. (rule: Turns)
    """
    paragraphs = [line for t in texts for line in str(t).split("\n") if line.strip()]
    html = "".join(f'<p class="cr-says">{words_html(p)}</p>' for p in paragraphs)
    return HTML(f'<div class="cr-words">{html}</div>', "\n".join(words_text(p) for p in paragraphs))


def _cell(value: Any) -> str:
    if isinstance(value, HTML):
        return value.html
    if isinstance(value, Card):
        return escape(str(value))
    if isinstance(value, (list, tuple)) and all(isinstance(v, Card) for v in value):
        return escape(" ".join(str(v) for v in value))
    if isinstance(value, float):
        return escape(f"{value:.6g}")
    if hasattr(value, "denominator") and not isinstance(value, int):
        return escape(format_number(value))
    return words_html(str(value))


#: about how many characters of table fit a phone's column (390 px screen)
PHONE_CHARS = 46


def _groups(header: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Runs of three or more headings that differ only in their last word.

    >>> _groups(["Total", "card 0", "card 1", "card 2"])
    [('', ['Total']), ('card', ['0', '1', '2'])]
    """
    out: list[tuple[str, list[str]]] = []
    for h in header:
        prefix, _, last = h.rpartition(" ")
        if out and prefix and out[-1][0] == prefix:
            out[-1][1].append(last)
        else:
            out.append((prefix, [last]) if prefix else ("", [h]))
    flat: list[tuple[str, list[str]]] = []
    for prefix, items in out:
        if prefix and len(items) < 3:
            items = [f"{prefix} {x}" for x in items]
            prefix = ""
        if not prefix and flat and not flat[-1][0]:
            flat[-1][1].extend(items)
        else:
            flat.append((prefix, list(items)))
    return flat


def _width(texts: Sequence[str]) -> int:
    """Characters a column needs: its longest word (headings and cells wrap at spaces)."""
    return max((len(word) for t in texts for word in t.split()), default=1)


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]], caption: str | None = None
               ) -> HTML:
    """A simple table that fits its column.

    Headings that differ only in their last word ("3rd card 0", "3rd card 1", ...) share
    one spanning heading over short ones; each cell carries its heading (``data-label``).
    A table too wide for a phone stays a table and scrolls sideways inside its own box
    (``cr-table-scroll``), with a cue that shows while it does not fit. A cell in the
    engine's words cites each rule by its title, linked (:func:`words_html`).

    >>> t = html_table(["a", "b"], [[1, 2]], caption="Demo")
    >>> "<caption>Demo</caption>" in t.html and 'data-label="b"' in t.html
    True
    >>> t = html_table(["Total", "card 0", "card 1", "card 2"], [[1, "D", "S", "D"]])
    >>> t.html.count("<tr>"), '<th scope="colgroup" colspan="3">card</th>' in t.html
    (3, True)
    """
    groups = _groups([str(h) for h in header])
    cells = [[_cell(v) for v in row] for row in rows]
    if any(prefix for prefix, _ in groups):
        top, low = [], []
        for prefix, items in groups:
            if prefix:
                top.append(f'<th scope="colgroup" colspan="{len(items)}">{escape(prefix)}</th>')
                low += [f'<th scope="col">{escape(x)}</th>' for x in items]
            else:
                top += [f'<th scope="col" rowspan="2">{escape(x)}</th>' for x in items]
        head = f"<tr>{''.join(top)}</tr><tr>{''.join(low)}</tr>"
    else:
        head = "<tr>" + "".join(f'<th scope="col">{escape(str(h))}</th>' for h in header) + "</tr>"
    short = [x for _prefix, items in groups for x in items]
    labels = [str(h) for h in header]
    body = "".join("<tr>" + "".join(f'<td data-label="{escape(labels[i])}">{c}</td>'
                                    if i < len(labels) else f"<td>{c}</td>"
                                    for i, c in enumerate(row)) + "</tr>" for row in cells)
    columns = [[short[i] if i < len(short) else ""] + [str(r[i]) for r in rows if i < len(r)]
               for i in range(max(len(header), max((len(r) for r in rows), default=0)))]
    need = sum(_width(c) + 2 for c in columns)
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    text = "\n".join(" | ".join(words_text(str(v)) for v in r)
                     for r in [list(header), *map(list, rows)])
    table = f'<table class="cr-table">{cap}<thead>{head}</thead><tbody>{body}</tbody></table>'
    if need <= PHONE_CHARS:
        return HTML(table, text)
    # Too wide for a phone: the table stays a table (its columns still compare) and scrolls
    # sideways inside its own box, with a cue saying so (shown while it does not fit).
    name = escape(caption or "The table")
    return HTML(f'<div class="cr-table-wrap"><p class="cr-scroll-cue" aria-hidden="true">'
                "Swipe the table sideways to see every column →</p>"
                f'<div class="cr-table-scroll" role="group" tabindex="0" '
                f'aria-label="{name}, scrolls sideways">{table}</div></div>', text)
