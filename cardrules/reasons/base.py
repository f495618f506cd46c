"""The records every game's reasons share: card values and sums, thresholds, tables, two
totals compared, deals, payouts, poker hands (:mod:`cardrules.reasons` gathers them).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..cards import Card


class Relation(Enum):
    """How a value must stand to a limit."""

    AT_MOST = "at most"
    AT_LEAST = "at least"
    EXACTLY = "exactly"

    def test(self, value: int, limit: int) -> bool:
        """Whether ``value`` stands so to ``limit``.

        >>> Relation.AT_MOST.test(4, 5), Relation.AT_LEAST.test(4, 5), Relation.EXACTLY.test(2, 2)
        (True, False, True)
        """
        if self is Relation.AT_MOST:
            return value <= limit
        if self is Relation.AT_LEAST:
            return value >= limit
        return value == limit


class Measure(Enum):
    """What a threshold measures."""

    TOTAL = "total"
    CARDS = "cards"


@dataclass(frozen=True)
class CardValue:
    """One card and what it counts by the game's rules."""

    card: Card
    value: int


@dataclass(frozen=True)
class Sum:
    """The values of ``of``'s cards added up; with ``last_digit`` only the last digit of the
    total counts (Punto Banco)."""

    of: str
    values: tuple[CardValue, ...]
    total: int
    last_digit: bool = False

    @property
    def result(self) -> int:
        """What the cards are worth: the total, or its last digit."""
        return self.total % 10 if self.last_digit else self.total


@dataclass(frozen=True)
class Threshold:
    """A value of ``of`` (its total, its number of cards) against a limit.

    ``option`` names the profile option the limit comes from (None: the rules fix it).
    ``who`` then does ``then`` when it holds and ``otherwise`` when not; a condition of an
    :class:`AllOf` leaves them empty."""

    of: str
    measure: Measure
    value: int
    relation: Relation
    limit: int
    holds: bool
    option: str | None = None
    who: str = ""
    then: str = ""
    otherwise: str = ""


@dataclass(frozen=True)
class AllOf:
    """``subject`` ``then`` only when every condition holds (a natural: two cards and a
    total of 8 or more); else it ``otherwise``."""

    subject: str
    of: str
    conditions: tuple[Threshold, ...]
    holds: bool
    then: str
    otherwise: str


@dataclass(frozen=True)
class TableRow:
    """A decision read from a table: ``who``, on ``row`` (the total of ``row_of``), acts
    when ``column_of`` is worth one of ``acts_on``, among all the ``columns``; it is worth
    ``column`` here."""

    who: str
    row_of: str
    row: int
    column_of: str
    column: int
    columns: tuple[int, ...]
    acts_on: tuple[int, ...]
    acts: bool
    then: str
    otherwise: str
    table: str = "the tableau"


@dataclass(frozen=True)
class Compare:
    """Two values compared, the higher winning; ``winner`` is None when they are equal."""

    left: str
    left_value: int
    right: str
    right_value: int
    winner: str | None


@dataclass(frozen=True)
class Deal:
    """Cards dealt one at a time by ``dealer``: ``cards[i]`` goes to ``to[i]``."""

    cards: tuple[Card, ...]
    to: tuple[str, ...]
    dealer: str = "the croupier"


@dataclass(frozen=True)
class Rotation:
    """A role passed round a table: ``seats`` listed clockwise from the croupier's left;
    ``holders`` hold it hand after hand (each the seat listed before the one before).  With
    ``from_first`` the first holder is the first hand's, the seat on the croupier's right."""

    seats: tuple[str, ...]
    holders: tuple[str, ...]
    from_first: bool


class Settles(Enum):
    """What happens to a bet."""

    WINS = "wins"
    LOSES = "loses"
    PUSH = "push"
    RETURNED = "returned"


@dataclass(frozen=True)
class Payout:
    """One bet settled: it ``settles`` so; a winning bet is paid ``pays`` to 1 (from the
    profile option ``pays_option``, or fixed), less ``commission_percent`` (from
    ``commission_option``); ``net`` is what the bettor wins (negative: loses)."""

    bet_on: str
    result: str
    stake: int
    settles: Settles
    net: Fraction
    pays: int | None = None
    pays_option: str | None = None
    commission_percent: int | None = None
    commission_option: str | None = None


@dataclass(frozen=True)
class Then:
    """What follows, with no number in it: ``who`` ``does`` (bets on Bank are paid even
    money)."""

    who: str
    does: str


@dataclass(frozen=True)
class SetAside:
    """The cards of ``suit`` in ``of``'s cards, which do not count."""

    of: str
    suit: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PokerHand:
    """The poker hand ``of``'s counting cards (``held``) make: the five (or fewer) ``used``,
    its category and ranks (in order of weight, ace 14) and its name; ``ways`` is how many
    choices of cards make this same hand."""

    of: str
    held: tuple[Card, ...]
    used: tuple[Card, ...]
    category: str
    ranks: tuple[int, ...]
    name: str
    ways: int = 1


class Decider(Enum):
    """What decides between two poker hands."""

    CATEGORY = "category"
    RANK = "rank"
    EMPTY = "empty"
    MORE_CARDS = "more cards"
    TIE = "tie"


@dataclass(frozen=True)
class HandOrder:
    """Two poker hands compared: ``by`` decides; with RANK, ``at`` holds the first two
    ranks (in order of weight) that differ, the left's and the right's."""

    left: str
    left_category: str
    left_ranks: tuple[int, ...]
    right: str
    right_category: str
    right_ranks: tuple[int, ...]
    by: Decider
    winner: str | None
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class CategoryOrder:
    """Two categories of a ranking (``ranking``, highest first): whether ``first`` beats
    ``second``."""

    first: str
    second: str
    ranking: tuple[str, ...]
    beats: bool
