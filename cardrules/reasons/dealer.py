"""Records of hands against a dealer (Casino Pontoon): an ace as 11, the dealer's rule, doubles,
splits, the table's rules, the showdown, payments, insurance and the value of each move.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card
from .base import Settles


# -- hands against a dealer (Casino Pontoon): an ace as 11, the dealer's rule, the moves --------
@dataclass(frozen=True)
class SoftAce:
    """One ace of ``of`` counted 11 instead of 1 (10 more) when that keeps the hand at
    ``limit`` or less: ``hard`` is the total with every ace 1, ``aces`` how many aces ``of``
    holds; ``soft`` when one counts 11."""

    of: str
    hard: int
    aces: int
    limit: int
    soft: bool

    @property
    def result(self) -> int:
        """What the hand is worth."""
        return self.hard + 10 if self.soft else self.hard


@dataclass(frozen=True)
class DrawRule:
    """A dealer's fixed rule: ``who`` draws on ``draw_to`` or less and stands on more, but on
    a soft ``draw_to + 1`` draws when ``soft_draws`` (the profile option ``soft_option``), and
    ``stop_cards`` cards of ``limit`` or less stop it when ``stops`` (the option
    ``stop_option``); over ``limit`` a hand is bust.  ``of`` holds ``cards`` cards worth
    ``total`` (``soft``: an ace counts 11), so ``who`` ``draws`` or not."""

    who: str
    of: str
    cards: int
    total: int
    soft: bool
    limit: int
    draw_to: int
    soft_draws: bool
    soft_option: str | None
    stop_cards: int
    stops: bool
    stop_option: str | None
    draws: bool


@dataclass(frozen=True)
class DoubleRule:
    """``who`` may double ``of`` (its ``cards``) holding ``low`` to ``high`` cards, once only
    (``doubled``: it has already), a hand from a split too (``from_split``): ``holds`` when
    the double is allowed."""

    who: str
    of: str
    cards: tuple[Card, ...]
    low: int
    high: int
    doubled: bool
    from_split: bool
    holds: bool


@dataclass(frozen=True)
class SplitRule:
    """Whether ``who`` may split ``of``: two ``cards`` of the same ``by`` ("value", their
    ``values``, or "rank"; the profile option ``by_option``), while the seat holds fewer
    than ``most`` hands (None: no limit; the option ``most_option``); it holds ``hands``."""

    who: str
    of: str
    cards: tuple[Card, ...]
    values: tuple[int, ...]
    by: str
    by_option: str | None
    hands: int
    most: int | None
    most_option: str | None
    holds: bool


@dataclass(frozen=True)
class HouseRule:
    """A rule a profile option sets (``option`` is ``value``): at this table ``who``
    ``does``; ``holds`` is what it answers for the case (None: it answers nothing)."""

    option: str
    value: bool | int | str
    who: str
    does: str
    holds: bool | None = None


@dataclass(frozen=True)
class Showdown:
    """Two finished hands ranked by kind (``kinds``, best first; within the kind ``"total"``
    the higher total wins, other equal kinds are equal) and ties going to ``ties_to``:
    ``winner`` wins.  ``option`` names the profile option that gives ``right`` its kind,
    where one does (a dealer's five card trick)."""

    left: str
    left_kind: str
    left_total: int
    right: str
    right_kind: str
    right_total: int
    kinds: tuple[str, ...]
    ties_to: str
    winner: str
    option: str | None = None


@dataclass(frozen=True)
class Paid:
    """``who``'s stake of ``stake`` on ``cards`` settled: it ``settles`` so (None: nothing is
    settled yet); a win with ``kind`` pays ``pays`` to 1 (from the profile option
    ``pays_option``, or fixed); ``net`` is what ``who`` wins (negative: loses)."""

    who: str
    stake: int
    cards: tuple[Card, ...]
    settles: Settles | None
    net: Fraction
    kind: str = ""
    pays: Fraction | None = None
    pays_option: str | None = None


@dataclass(frozen=True)
class Insurance:
    """Insurance on a stake of ``stake``: offered (``offered``) when the dealer's up card
    ``up`` is an ace, never when both dealer cards are face down (the profile option
    ``option``); at most the stake divided by ``parts``, in whole chips: ``most``."""

    stake: int
    up: Card | None
    offered: bool
    option: str
    parts: int
    most: int


@dataclass(frozen=True)
class MoveValues:
    """What each move of ``of`` is worth on average per chip staked (``values``, in the order
    of ``moves``) against the dealer's up card ``up`` (None: both dealer cards face down),
    by an exact analysis of an infinite deck; ``best`` is worth the most."""

    of: str
    up: Card | None
    moves: tuple[str, ...]
    values: tuple[float, ...]
    best: str
