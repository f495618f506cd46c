"""Casino's records: the deal, captures, builds, the owner's duties, sweeps and scoring (the next
seat is :class:`cardrules.reasons.table.NextSeat`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .base import CardValue, Sum


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


CasinoStep = (Deals | Takes | CapturesBuild | Makes | Raises | Keeps | Owns | Sweep
              | Most | Tally | GameEnd | CountOut | Residue)
"""A step of a Casino reason."""
