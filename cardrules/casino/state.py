"""The table, the plays and the state of a game of Casino: card values, builds, the four
kinds of play (trail, capture, build, increase), the record and the scores."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple, Union

from ..cards import Card, Rank, Suit, cards_text, parse_card, parse_cards  # noqa: F401  (doctests)
from .rules import (
    CasinoRules,
    load_casino,  # noqa: F401  (doctests)
)

# -- card values -----------------------------------------------------------------
# Lookups keyed by the enums' text values: str hashes are cached, Enum hashes are not.
_BASE_VALUE: dict[str, int] = {r.value: (r.pips if r.pips <= 10 else 0) for r in Rank}
_ROYAL_VALUE: dict[str, int] = {r.value: r.pips for r in Rank}
_RANK_POS: dict[str, int] = {r.value: 4 * r.pips for r in Rank}
_SUIT_POS: dict[str, int] = {s.value: i for i, s in enumerate(
    (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))}
SEATS = ("North", "East", "South", "West")


def _card_order(card: Card) -> int:
    """The position of a card in the order of :class:`Card` (rank, then suit)."""
    try:
        return _RANK_POS[card.rank._value_] + _SUIT_POS[card.suit._value_]
    except AttributeError:
        raise TypeError(f"{card!r} is not a Card; write cards as Card objects or text such "
                        "as '8S'") from None


def card_values(card: Card, rules: CasinoRules) -> tuple[int, ...]:
    """The values a card captures and builds with: () for a face card in the base game.

    >>> base, royal = load_casino("casino"), load_casino("royal-casino")
    >>> card_values(parse_card("7S"), base), card_values(parse_card("KD"), base)
    ((7,), ())
    >>> card_values(parse_card("KD"), royal), card_values(parse_card("AH"), royal)
    ((13,), (1, 14))
    """
    if rules.royal:
        return (1, 14) if card.rank is Rank.ACE else (card.rank.pips,)
    v = _BASE_VALUE[card.rank._value_]
    return (v,) if v else ()


def _valued(card: Card, royal: bool) -> bool:
    return royal or _BASE_VALUE[card.rank._value_] > 0


def _sum_value(card: Card, royal: bool) -> int:
    """The value a card adds to a sum (aces 1); 0 for base face cards."""
    return (_ROYAL_VALUE if royal else _BASE_VALUE)[card.rank._value_]


# -- the table, moves and the state -------------------------------------------------
@dataclass(frozen=True)
class TableBuild:
    """A build on the table: its announced value, its sets, its owner and its kind.

    ``parts`` are the sets of the build, each adding up to ``value`` (one set for a
    single build).  ``owner`` is the seat that made it or last added to it.

    >>> b = TableBuild(9, (parse_cards("3C 4D 2S"), parse_cards("9H")), 1)
    >>> b.multiple, cards_text(b.cards), b.label(("North", "South"))
    (True, '3♣ 4♦ 2♠ 9♥', 'Build of 9 (multiple), owner South')
    """

    value: int
    parts: tuple[tuple[Card, ...], ...]
    owner: int

    @property
    def multiple(self) -> bool:
        """Two or more sets: a multiple build, whose value never changes."""
        return len(self.parts) > 1

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the build."""
        return tuple(c for part in self.parts for c in part)

    def label(self, names: Sequence[str] = SEATS) -> str:
        """A caption such as ``Build of 9 (single), owner North``."""
        kind = "multiple" if self.multiple else "single"
        return f"Build of {self.value} ({kind}), owner {names[self.owner]}"


def _norm_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise TypeError(f"{card!r} is not a card; give a Card or text such as '8S'")


def _norm_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(cards, Card):
        return (cards,)
    out = parse_cards(cards) if isinstance(cards, str) else tuple(_norm_card(c) for c in cards)
    if len(out) > 1:
        out = tuple(sorted(out, key=_card_order))
    return out


@dataclass(frozen=True)
class Trail:
    """Trail ``card``: leave it face up on the table [casino.trail].

    >>> Trail("7H")
    Trail(card=Card('7♥'))
    """

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))


@dataclass(frozen=True)
class Capture:
    """Play ``card`` to capture the loose table cards ``loose`` and, if ``build`` is a
    value, the build of that value [casino.capture.numeral, casino.build.capture].

    ``value`` is the capturing value (an ace in Royal Casino is 1 or 14; None lets the
    engine choose) and ``sets`` one way of grouping the cards; neither is part of the
    play's identity: two captures of the same cards with the same card are the same play.

    >>> Capture("8S", "7C AH 8D") == Capture("8S", ("AH", "8D", "7C"), value=8)
    True
    """

    card: Card
    loose: tuple[Card, ...] = ()
    build: int | None = None
    value: int | None = field(default=None, compare=False)
    sets: tuple[tuple[Card, ...], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))
        loose = self.loose
        if not isinstance(loose, tuple) or len(loose) > 1 or (loose and not isinstance(
                loose[0], Card)):
            object.__setattr__(self, "loose", _norm_cards(loose))


@dataclass(frozen=True)
class Build:
    """Play ``card`` onto the loose table cards ``loose``, announcing ``value``
    [casino.build].  When a build of ``value`` is already on the table the cards join it:
    that is adding to a build [casino.build.add].

    >>> Build("6H", 8, "2C")
    Build(card=Card('6♥'), value=8, loose=(Card('2♣'),))
    """

    card: Card
    value: int
    loose: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))
        loose = self.loose
        if not isinstance(loose, tuple) or len(loose) > 1 or (loose and not isinstance(
                loose[0], Card)):
            object.__setattr__(self, "loose", _norm_cards(loose))


@dataclass(frozen=True)
class Increase:
    """Play ``card`` onto the single build of ``build`` to raise it to ``value``, taking in
    the loose table cards ``loose`` (each worth ``value``) [casino.build.increase].

    >>> Increase("2S", 7, 9, "9C")
    Increase(card=Card('2♠'), build=7, value=9, loose=(Card('9♣'),))
    """

    card: Card
    build: int
    value: int
    loose: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))
        loose = self.loose
        if not isinstance(loose, tuple) or len(loose) > 1 or (loose and not isinstance(
                loose[0], Card)):
            object.__setattr__(self, "loose", _norm_cards(loose))


Move = Union[Trail, Capture, Build, Increase]  # noqa: UP007 (a runtime alias)
_MOVE_TYPES = (Trail, Capture, Build, Increase)


class Record(NamedTuple):
    """The game's record as a chain, newest line first: a play adds one link and copies
    nothing.  :attr:`CasinoState.log` reads it as :class:`Event` lines."""

    prev: Record | None
    seat: int | None
    rule_id: str
    note: str = ""
    move: Move | None = None
    before: CasinoState | None = None


def note(record: Record | None, seat: int | None, rule_id: str, text: str = "",
         move: Move | None = None, before: CasinoState | None = None) -> Record:
    """The record with one more line."""
    return Record(record, seat, rule_id, text, move, before)


class Phase(Enum):
    """Where the game is."""

    PLAY = "play"
    ROUND_OVER = "round over"
    GAME_OVER = "game over"


@dataclass(frozen=True)
class Event:
    """One line of the game's record: who did what, under which rule.

    A play keeps the state it was made in, and its ``text`` is the engine's explanation,
    worked out when it is read.
    """

    seat: int | None
    rule_id: str
    note: str = ""
    move: Move | None = None
    before: CasinoState | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The line in words."""
        if self.move is not None and self.before is not None:
            from .explain import _explain_legal

            why = _explain_legal(self.before, self.move)
            return f"{why} {self.note}" if self.note else why
        return self.note


@dataclass(frozen=True)
class Award:
    """Points won by one side for one scoring item, in count-out order."""

    rule_id: str
    item: str
    side: int
    points: int


@dataclass(frozen=True)
class RoundScore:
    """The score of a round per side (player or partnership), item by item.

    ``awards`` are listed in the count-out order: cards, spades, big casino, little
    casino, the aces (spades, clubs, hearts, diamonds), then sweeps.
    """

    sides: tuple[str, ...]
    cards: tuple[int, ...]
    spades: tuple[int, ...]
    sweeps: tuple[int, ...]
    awards: tuple[Award, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Points per side this round."""
        out = [0] * len(self.sides)
        for a in self.awards:
            out[a.side] += a.points
        return tuple(out)

    def by_item(self) -> dict[str, tuple[int, ...]]:
        """Points per side for each scoring item, e.g. ``{"most cards": (3, 0), ...}``."""
        out: dict[str, list[int]] = {}
        for item in ("most cards", "most spades", "big casino", "little casino", "aces",
                     "sweeps"):
            out[item] = [0] * len(self.sides)
        for a in self.awards:
            key = "aces" if a.item.startswith("ace") else a.item
            out[key][a.side] += a.points
        return {k: tuple(v) for k, v in out.items()}

    def by_rule(self) -> dict[str, tuple[int, ...]]:
        """Points per side for each rule id (``casino.score`` and ``casino.sweep``)."""
        out: dict[str, list[int]] = {}
        for a in self.awards:
            out.setdefault(a.rule_id, [0] * len(self.sides))[a.side] += a.points
        return {k: tuple(v) for k, v in out.items()}

    def table(self) -> list[list[object]]:
        """Rows (item, points per side...) for display, with a total row."""
        rows: list[list[object]] = [[item, *pts] for item, pts in self.by_item().items()]
        rows.append(["total", *self.points])
        return rows


@dataclass(frozen=True)
class CasinoState:
    """An immutable Casino game: the round in play and the game score.

    ``stock`` is the rest of the pack, top card first.  ``piles`` are the cards each
    seat has captured; ``sweeps`` the capturing cards kept face up for sweeps.
    ``scores`` are the game totals per side, with the rounds already finished.
    """

    rules: CasinoRules
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[tuple[Card, ...], ...]
    last_capturer: int | None
    deal: int
    round: int
    scores: tuple[int, ...]
    phase: Phase = Phase.PLAY
    winner: int | None = None
    seed: int | str | None = None
    rounds: tuple[RoundScore, ...] = ()
    record: Record | None = field(default=None, compare=False, repr=False)

    @property
    def log(self) -> tuple[Event, ...]:
        """The game's record, oldest line first (built from :attr:`record` when read)."""
        out: list[Event] = []
        r = self.record
        while r is not None:
            out.append(Event(r.seat, r.rule_id, r.note, r.move, r.before))
            r = r.prev
        out.reverse()
        return tuple(out)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.hands)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, clockwise: North, (East,) South, (West)."""
        return seat_names(self.players)

    @property
    def sides(self) -> tuple[str, ...]:
        """The scoring sides: players, or the two partnerships."""
        return side_names(self.players)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player to play."""
        return self.hands[self.turn]

    @property
    def table_cards(self) -> tuple[Card, ...]:
        """Every card on the table, loose or in builds."""
        return self.loose + tuple(c for b in self.builds for c in b.cards)

    @property
    def is_last_deal(self) -> bool:
        """Whether the pack is used up ("last")."""
        return not self.stock

    def build_of(self, value: int) -> TableBuild | None:
        """The build of ``value`` on the table, if any."""
        for b in self.builds:
            if b.value == value:
                return b
        return None

    def all_cards(self) -> tuple[Card, ...]:
        """Every card in play: hands, table, builds, stock and captured piles."""
        return (tuple(c for h in self.hands for c in h) + self.table_cards + self.stock
                + tuple(c for p in self.piles for c in p))


def seat_names(players: int) -> tuple[str, ...]:
    """The seats clockwise for 2, 3 or 4 players.

    >>> seat_names(2), seat_names(3)
    (('North', 'South'), ('North', 'East', 'South'))
    """
    return _SEAT_NAMES[players]


_SEAT_NAMES = {2: ("North", "South"), 3: SEATS[:3], 4: SEATS}


def side_names(players: int) -> tuple[str, ...]:
    """The scoring sides: each player, or with 4 players the two partnerships.

    >>> side_names(4)
    ('North-South', 'East-West')
    """
    return ("North-South", "East-West") if players == 4 else seat_names(players)


def side_of(players: int, seat: int) -> int:
    """The side a seat scores for [casino.partners].

    >>> side_of(4, 2), side_of(4, 3), side_of(3, 2)
    (0, 1, 2)
    """
    return seat % 2 if players == 4 else seat


