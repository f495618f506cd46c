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

from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from cardrules.cards import Card
from cardrules.profiles import Profile

from .core import CardRow, format_number
from .html import render_bank
from .registry import bank, get
from .svg import rows_html


class Quiz:
    """A quiz for a notebook cell: a static bank plus, in Jupyter, a live widget."""

    def __init__(self, generator_ids: str | Sequence[str], count: int = 8, seed: int | str = 0,
                 profile: Profile | str | Path | None = None, title: str | None = None) -> None:
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
            from .widgets import LiveQuiz

            self._live = LiveQuiz(self.generator_ids, seed=self.seed, profile=self.profile,
                                  title=self.title)
        return self._live

    def static_html(self) -> str:
        """The static self-checking HTML."""
        return render_bank(self.questions, self.title)

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
    """A quiz over one or more generators; see :class:`Quiz`."""
    return Quiz(generator_ids, count=count, seed=seed, profile=profile, title=title)


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


def _cell(value: Any) -> str:
    if isinstance(value, Card):
        return escape(str(value))
    if isinstance(value, (list, tuple)) and all(isinstance(v, Card) for v in value):
        return escape(" ".join(str(v) for v in value))
    if isinstance(value, float):
        return escape(f"{value:.6g}")
    if hasattr(value, "denominator") and not isinstance(value, int):
        return escape(format_number(value))
    return escape(str(value))


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]], caption: str | None = None
               ) -> HTML:
    """A simple table.

    >>> t = html_table(["a", "b"], [[1, 2]], caption="Demo")
    >>> "<caption>Demo</caption>" in t.html
    True
    """
    head = "".join(f'<th scope="col">{escape(str(h))}</th>' for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>" for row in rows)
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    text = "\n".join(" | ".join(str(v) for v in r) for r in [list(header), *map(list, rows)])
    return HTML(f'<table class="cr-table">{cap}<thead><tr>{head}</tr></thead><tbody>{body}'
                "</tbody></table>", text)
