"""Pontoon's records: an ace's choice, kinds of hand, figures worked out (stakes, the kitty, a
chance), ranges, the table's rulings, pairs, cuts and turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card


# -- Pontoon: an ace's choice, kinds of hand, amounts, house rules, cuts and turns -------------
@dataclass(frozen=True)
class AceChoice:
    """One of ``of``'s aces counts 11 instead of 1 when that keeps the total at 21 or less:
    ``low`` is the total with every ace as 1 (a :class:`Sum` before it), ``total`` what the
    hand counts (``low`` + 10 when an ace counts 11)."""

    of: str
    low: int
    total: int

    @property
    def raised(self) -> bool:
        """Whether an ace counts 11."""
        return self.total != self.low


@dataclass(frozen=True)
class HandClass:
    """The kind of hand ``of``'s ``cards`` make, in the game's words (Pontoon: "pontoon",
    "five card trick", "21", "total" or "bust"), with its ``total``; ``split`` marks a hand
    made by splitting a pair."""

    of: str
    cards: tuple[Card, ...]
    kind: str
    total: int
    split: bool = False


@dataclass(frozen=True)
class Versus:
    """Two hands compared by the ranking of hands: ``winner`` (``left`` or ``right``)
    ``then`` ("wins"); ``equal`` hands go to ``ties_to``."""

    left: str
    left_hand: HandClass
    right: str
    right_hand: HandClass
    winner: str
    equal: bool = False
    ties_to: str | None = None
    then: str = "wins"


@dataclass(frozen=True)
class Figure:
    """A sum of money or a chance worked out (a stake paid, what the kitty has left, the
    chance of a pontoon), ``what`` it is in short words: ``terms`` added up (a negative term
    taken away), or with ``op`` "×" multiplied, or with "/" the first divided by the second,
    make ``result``.  With ``then`` an answer follows from it: ``then`` ``sign`` × ``result``
    ("the banker pays Dev" −150)."""

    what: str
    terms: tuple[int, ...]
    result: int | Fraction
    op: str = "+"
    then: str = ""
    sign: int = 1

    @property
    def answer(self) -> int | Fraction:
        """The number the step concludes: ``sign`` × ``result``."""
        return self.sign * self.result


@dataclass(frozen=True)
class Range:
    """What ``of`` may be: from ``low`` (``low_is``: where it comes from, "the initial
    stake") to ``high`` (``high_is``), set by the profile options ``low_option`` and
    ``high_option`` (None: by the case).  With a ``value``: whether it lies in the range
    (``holds``), and then ``who`` ``then`` or ``otherwise``; with ``asks`` ("low" or "high"):
    ``then`` that end."""

    of: str
    low: int
    high: int
    low_is: str
    high_is: str
    low_option: str | None = None
    high_option: str | None = None
    value: int | None = None
    holds: bool | None = None
    who: str = ""
    then: str = ""
    otherwise: str = ""
    asks: str = ""


@dataclass(frozen=True)
class Ruling:
    """A rule with no number in it: ``who`` ``does``.  ``holds`` (None: neither) says whether
    it allows what is asked; ``option`` names the profile option, set to ``setting``, that the
    rule comes from (None: the rules fix it)."""

    who: str
    does: str
    holds: bool | None = None
    option: str | None = None
    setting: str | int | bool | None = None


@dataclass(frozen=True)
class Pair:
    """Whether ``of``'s two ``cards`` are a pair (and of the rank ``only``, "aces", when only
    that rank may be): ``holds``; then ``who`` ``then``, or ``otherwise``."""

    of: str
    cards: tuple[Card, ...]
    holds: bool
    who: str
    then: str
    otherwise: str
    only: str = ""


@dataclass(frozen=True)
class Cuts:
    """Each of ``seats`` cuts a card (``cards``, in the same order); the highest rank wins,
    suits not counting (``ace_high``: the ace above the king).  ``highest`` holds everyone who
    cut it: one of them ``then``; more than one tie and cut again."""

    seats: tuple[str, ...]
    cards: tuple[Card, ...]
    highest: tuple[str, ...]
    ace_high: bool = True
    then: str = "is the first banker"


@dataclass(frozen=True)
class Turns:
    """The order of play: ``seats`` go clockwise; the ``banker`` deals from the left, so the
    players come in ``order`` and the banker last; ``order[pick]`` ``then``."""

    seats: tuple[str, ...]
    banker: str
    order: tuple[str, ...]
    pick: int = 0
    then: str = ""
