"""Reasons: the engine's working for one decision, as typed records.

A :class:`Reason` names the rule it applies and its steps: the facts of the case in the
order they are used (each card's value, a sum and its total, a comparison with a
threshold and the profile option it comes from, a row of a table, two totals compared,
a poker hand made...).  The records hold numbers, cards and the game's own short words
("the banker", "draws"), never sentences: whoever shows a reason words it (the quiz layer
renders one as a hint and a worked solution), and a test can read every fact back and
check it against the cards and the rules.

>>> from cardrules.cards import parse_cards
>>> s = card_sum("the hand", [(c, c.rank.pips) for c in parse_cards("7C 8D")], last_digit=True)
>>> s.total, s.result
(15, 5)
>>> Threshold("the hand", Measure.TOTAL, 5, Relation.AT_MOST, 5, True).holds
True
>>> to_data(Reason("banco.hand-value", (s,)))["steps"][0]["values"][0]
{'card': '7C', 'value': 7}

Every record is frozen, and :func:`to_data` turns a reason into plain JSON data (each
record a ``{"type": ..., field: ...}`` object, cards as codes, fractions as text), the
form the quiz layer's payload carries.  Standard library only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from .cards import Card


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


Step = (Sum | Threshold | AllOf | TableRow | Compare | Deal | Rotation | Payout | Then | SetAside
        | PokerHand | HandOrder | CategoryOrder
        | SoftAce | DrawRule | DoubleRule | SplitRule | HouseRule | Showdown | Paid | Insurance
        | MoveValues)
"""One step of a reason."""


@dataclass(frozen=True)
class Reason:
    """The working of one decision: the rule applied and its steps, in order."""

    rule: str
    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"a reason for {self.rule!r} needs at least one step")


def card_sum(of: str, values: Iterable[tuple[Card, int]], last_digit: bool = False) -> Sum:
    """The :class:`Sum` of cards given with their values.

    >>> from cardrules.cards import parse_cards
    >>> card_sum("Ann", [(c, 10) for c in parse_cards("KS QD")]).total
    20
    """
    vals = tuple(CardValue(c, v) for c, v in values)
    return Sum(of, vals, sum(v.value for v in vals), last_digit)


def to_data(value: Any) -> Any:
    """A reason (or any of its records) as plain JSON data.

    >>> to_data(Compare("Player", 7, "Banker", 5, "Player"))["type"]
    'Compare'
    >>> to_data(Fraction(19, 2)), to_data(Relation.AT_MOST)
    ('19/2', 'at most')
    """
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [to_data(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        if not isinstance(value, CardValue):
            out["type"] = type(value).__name__
        for f in dataclasses.fields(value):
            out[f.name] = to_data(getattr(value, f.name))
        return out
    return value
