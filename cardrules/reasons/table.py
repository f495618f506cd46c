"""Records of table play (Palace Poker, and the next seat of any game): calculations in chips,
limits, the table's settings, seats, suits and the pot.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import Card
from .base import Relation


# -- table play: calculations in chips, limits, seats, suits and the pot (Palace Poker) ------
class Op(Enum):
    """How a calculation goes on from what it has so far (a division rounds down)."""

    PLUS = "+"
    MINUS = "−"
    TIMES = "×"
    DIVIDE = "÷"


@dataclass(frozen=True)
class Amount:
    """A number in a calculation: its ``value`` and what it is (``what``: "Ann's soldiers",
    "the small bet"; empty for a plain number), the profile option it comes from, and the
    cards it counts, when it counts cards."""

    value: int
    what: str = ""
    option: str | None = None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Calc:
    """``of`` worked out from ``amounts`` left to right, ``ops[i]`` between the amounts so
    far and amount ``i + 1`` (so ``(a + b) × c``): ``result``."""

    of: str
    amounts: tuple[Amount, ...]
    ops: tuple[Op, ...]
    result: int

    def __post_init__(self) -> None:
        if not self.amounts or len(self.ops) != len(self.amounts) - 1:
            raise ValueError(f"a calculation of {self.of!r} needs one operation between each "
                             "two amounts")


@dataclass(frozen=True)
class Limit:
    """A number of the case against a limit: ``of`` ("Ann", "the bet") ``verb`` ``value``,
    counted in ``unit`` (chips, soldiers), and ``need`` ("a buy") needs ``relation``
    ``limit`` (``limit_is``: what the limit is, "the small bet"; ``option``: the profile
    option it comes from).  ``holds`` says whether it does; ``who`` then ``then``, else
    ``otherwise``."""

    of: str
    unit: str
    value: int
    relation: Relation
    limit: int
    holds: bool
    need: str
    limit_is: str = ""
    option: str | None = None
    verb: str = "has"
    who: str = ""
    then: str = ""
    otherwise: str = ""


@dataclass(frozen=True)
class Setting:
    """A rule of the table that is not a number: ``what`` ("the stakes") is ``value``
    ("limit") by the profile option ``option``; ``means`` says what that rule does."""

    what: str
    value: str
    option: str
    means: str = ""


@dataclass(frozen=True)
class Highest:
    """Cards dealt to ``who`` (``cards[i]`` to ``who[i]``), each worth ``values[i]`` (an ace
    14), and those who hold the highest: one alone ``then``, players tied ``otherwise``."""

    who: tuple[str, ...]
    cards: tuple[Card, ...]
    values: tuple[int, ...]
    highest: tuple[str, ...]
    then: str
    otherwise: str


@dataclass(frozen=True)
class BannerTurn:
    """One player's turn of the banner deal: ``player`` (of banner group ``group``, counted
    from 1; ``first``: the first player of it) is dealt ``cards`` until one shows a suit
    that no earlier player of the group holds; ``holders[i]`` is the earlier player whose
    banner has the suit of the set-aside ``cards[i]``, and the last card is kept.
    ``reshuffled_at``: the rejected cards were shuffled before ``cards[reshuffled_at]`` was
    dealt."""

    player: str
    group: int
    first: bool
    cards: tuple[Card, ...]
    holders: tuple[str, ...]
    reshuffled_at: int | None = None


@dataclass(frozen=True)
class NextSeat:
    """Play goes to the left (the next seat clockwise of ``seats``) after ``after``, past the
    players who are out (``skipped``; ``out``: all who are out), to ``next``.  ``role`` says
    who ``after`` is ("the dealer") and ``does`` what ``next`` does ("plays first"), where the
    question is who comes after that seat (empty: the next to act in a hand)."""

    seats: tuple[str, ...]
    after: str
    skipped: tuple[str, ...]
    next: str
    out: tuple[str, ...] = ()
    role: str = ""
    does: str = ""


@dataclass(frozen=True)
class SuitsDiffer:
    """Whether the suits of two banners differ (``holds``): ``left``'s ``left_card`` and
    ``right``'s ``right_card``; ``who`` then ``then`` (they differ), else ``otherwise``."""

    left: str
    left_card: Card
    right: str
    right_card: Card
    holds: bool
    who: str = ""
    then: str = ""
    otherwise: str = ""


@dataclass(frozen=True)
class SuitCount:
    """Equal hands in a battle: each side's cards of its own banner suit; more wins
    (``winner`` None when the counts are equal too)."""

    left: str
    left_suit: str
    left_cards: tuple[Card, ...]
    right: str
    right_suit: str
    right_cards: tuple[Card, ...]
    winner: str | None


@dataclass(frozen=True)
class Moved:
    """``owner``'s ``what`` ("soldiers"), the ``cards``, go to ``to`` ("the discard pile")."""

    owner: str
    what: str
    cards: tuple[Card, ...]
    to: str


@dataclass(frozen=True)
class QuietRound:
    """Whether every player still in (``players``) has stayed or discarded since the last buy
    or battle (``since``, in words; empty: since the hand began): ``quiet`` are those who
    have (``discards``: those of them who discarded, and the cards); ``holds`` when all
    have, and the hand ends in a showdown.  ``before``: the stays and discards (the cards,
    none for a stay) that came before the last buy or battle, and so do not count."""

    players: tuple[str, ...]
    quiet: tuple[str, ...]
    since: str
    holds: bool
    discards: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    before: tuple[tuple[str, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True)
class Split:
    """The pot of ``pot`` shared equally among ``among`` (listed from the dealer's left) as
    ``shares``; odd chips go one each to the first of them."""

    pot: int
    among: tuple[str, ...]
    shares: tuple[int, ...]
