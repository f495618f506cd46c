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
    players who are out (``skipped``; ``out``: all who are out), to ``next``."""

    seats: tuple[str, ...]
    after: str
    skipped: tuple[str, ...]
    next: str
    out: tuple[str, ...] = ()


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


Step = (Sum | Threshold | AllOf | TableRow | Compare | Deal | Rotation | Payout | Then | SetAside
        | PokerHand | HandOrder | CategoryOrder
        | Calc | Limit | Setting | Highest | BannerTurn | NextSeat | SuitsDiffer | SuitCount
        | Moved | QuietRound | Split)
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
