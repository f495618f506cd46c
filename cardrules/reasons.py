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


# -- Casino: the deal, captures, builds, the owner's duties, sweeps and scoring ------------------
@dataclass(frozen=True)
class Deals:
    """A pack of ``pack`` cards dealt out: the first deal gives ``each`` to every one of
    ``players`` and ``table`` to the table, each later deal ``each`` to every player only;
    ``deals`` deals in all."""

    pack: int
    players: int
    each: int
    table: int
    deals: int


@dataclass(frozen=True)
class NextSeat:
    """Going clockwise round ``seats``, the seat after ``after`` (who is ``role``) is
    ``seat``, who ``does``."""

    seats: tuple[str, ...]
    after: str
    role: str
    seat: str
    does: str


@dataclass(frozen=True)
class Takes:
    """``who`` plays ``card`` (worth any of ``values``; none for a base-game face card) as
    ``value`` and takes ``sets`` of table cards, each worth ``value`` (a card alone, or
    cards adding up to it), and the build of ``build`` whole.  With ``value`` None the card
    takes by rank: one table card of its own rank.  ``left`` stay on the table; with
    ``largest`` nothing of them could be taken as well.  ``others``: other captures just
    as large.  ``royal``: Royal Casino's values (the courts count)."""

    who: str
    card: Card
    values: tuple[int, ...]
    value: int | None
    sets: tuple[Sum, ...]
    build: int | None = None
    left: tuple[Card, ...] = ()
    largest: bool = False
    others: tuple[tuple[Card, ...], ...] = ()
    royal: bool = False


@dataclass(frozen=True)
class CapturesBuild:
    """Whether ``card`` (worth any of ``values``) may take the build of ``build`` (its sets
    ``parts``): only a card of the build's value takes it, and only whole."""

    card: Card
    values: tuple[int, ...]
    build: int
    holds: bool
    who: str = ""
    then: str = ""
    otherwise: str = ""
    parts: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class Makes:
    """``cards`` (the card played first, then table cards) as a build of ``value``:
    ``sets`` split them all (one set a single build, several a multiple build); they make
    the build (``holds``) when every set is worth ``value`` and the value is at most
    ``most`` (from the profile's ``option``).  With ``to_build`` the cards are added to the
    build of ``value`` already on the table."""

    cards: tuple[Card, ...]
    value: int
    sets: tuple[Sum, ...]
    most: int
    option: str | None
    holds: bool
    who: str = ""
    then: str = ""
    otherwise: str = ""
    to_build: bool = False


@dataclass(frozen=True)
class Raises:
    """``card`` (worth ``card_value``) played on the build of ``build`` (its sets
    ``parts``) to make it ``value``: only a single build may be increased, to at most
    ``most`` (from ``option``), and the loose cards ``joins`` taken in must each be worth
    the new value on their own."""

    card: Card
    card_value: int
    build: int
    parts: tuple[tuple[Card, ...], ...]
    value: int
    most: int
    option: str | None
    joins: tuple[CardValue, ...]
    holds: bool
    who: str = ""
    then: str = ""
    otherwise: str = ""


@dataclass(frozen=True)
class Keeps:
    """After playing ``played``, ``who`` holds ``rest``: each value of ``needs`` (a build
    to capture) needs a card of its own; ``cards`` are those cards, in the order of
    ``needs`` (None for a value no card is left for)."""

    who: str
    played: Card
    rest: tuple[Card, ...]
    needs: tuple[int, ...]
    cards: tuple[Card | None, ...]
    holds: bool
    then: str = ""
    otherwise: str = ""


@dataclass(frozen=True)
class Owns:
    """``who`` owns the builds of ``builds`` (none: no build); whether an owner may trail
    is ``may_trail`` (the profile's ``option``).  ``holds``: the owner's rule lets
    ``who`` trail ``card`` beside the loose cards ``table``."""

    who: str
    card: Card
    builds: tuple[int, ...]
    may_trail: bool
    option: str | None
    holds: bool
    table: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Sweep:
    """After a capture ``left`` stay on the table: none left is a sweep (``holds``), which
    scores where ``scores`` (the profile's ``option``)."""

    left: tuple[Card, ...]
    scores: bool
    option: str | None
    holds: bool


@dataclass(frozen=True)
class Most:
    """Who has the most ``what`` ("cards", "spades"): ``counts`` per side, each the sum of
    its ``shares`` when partners pool theirs; the one side with the most scores
    ``points``, a tie nobody."""

    what: str
    sides: tuple[str, ...]
    counts: tuple[int, ...]
    winner: str | None
    points: int
    shares: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Point:
    """Points scored for one item ("most cards", "big casino", "ace of spades",
    "sweeps"), by ``side``, for ``cards``; ``option`` names the profile option that makes
    the item score."""

    item: str
    points: int
    side: str = ""
    cards: tuple[Card, ...] = ()
    option: str | None = None


@dataclass(frozen=True)
class Tally:
    """The points ``of`` scores, item by item, and their ``total``."""

    of: str
    items: tuple[Point, ...]
    total: int


@dataclass(frozen=True)
class GameEnd:
    """The sides' totals after a round (``before`` plus ``points``) against the
    ``target`` (from ``option``): the one highest side at or past it wins; nobody there,
    or a tie for the most, plays another round (``winner`` None)."""

    sides: tuple[str, ...]
    before: tuple[int, ...]
    points: tuple[int, ...]
    target: int
    option: str | None
    winner: str | None


@dataclass(frozen=True)
class CountOut:
    """The round's points counted out in order (``items``, each naming its side) from the
    totals ``before``: the first side to reach ``target`` (from ``option``) wins.
    ``count_option`` names the profile option that makes the table count out (None: the
    question asks about Royal Casino's count-out)."""

    sides: tuple[str, ...]
    before: tuple[int, ...]
    items: tuple[Point, ...]
    target: int
    option: str | None
    winner: str | None
    count_option: str | None = None


@dataclass(frozen=True)
class Residue:
    """The cards left on the table at the end of a round, ``cards``, go to ``taker``: the
    last player who captured (``last``), or the dealer when nobody did (``last`` None)."""

    taker: str
    last: str | None
    cards: tuple[Card, ...]


CasinoStep = (Deals | NextSeat | Takes | CapturesBuild | Makes | Raises | Keeps | Owns | Sweep
              | Most | Tally | GameEnd | CountOut | Residue)
"""A step of a Casino reason."""


Step = (Sum | Threshold | AllOf | TableRow | Compare | Deal | Rotation | Payout | Then | SetAside
        | PokerHand | HandOrder | CategoryOrder | CasinoStep)
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
