"""The state of a game of Casino, its record and its round scores, and the contract's
questions about a state (is the round over, whose turn is it, which cards are in play).

A state plays one round: ``hands``, the ``loose`` table cards and the ``builds``, the
``stock`` still to deal, the captured ``piles``; ``scores`` are the game totals of the
rounds already finished, and :func:`~cardrules.casino.next_round` deals the next one.

>>> from cardrules.casino import new_game
>>> s = new_game(seed=1)
>>> to_act(s), is_over(s), len(cards_in_play(s))
('South', False, 52)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from ..cards import Card, parse_cards  # noqa: F401  (doctests)
from ..game import SetupError, check_state
from .actions import Build, Increase, Move
from .fast import FastTable, table_of
from .profile import CasinoRules, check_players
from .reasons import play_reason
from .table import COMPASS, TableBuild, build_of


class Phase(Enum):
    """Where the game is."""

    PLAY = "play"
    ROUND_OVER = "round over"
    GAME_OVER = "game over"


class Record(NamedTuple):
    """The game's record as a chain, newest line first: a play adds one link and copies
    nothing.  A play's link keeps what its explanation reads of the position it was made
    in: the builds then, and before a build or an increase the player's hand (its sentence
    names the card kept to capture the build), so that the record keeps no state of the
    game alive.  :attr:`CasinoState.log` reads it as :class:`Event` lines."""

    prev: Record | None
    seat: int | None
    rule_id: str
    note: str = ""
    move: Move | None = None
    hand: tuple[Card, ...] = ()
    builds: tuple[TableBuild, ...] = ()


def note(record: Record | None, seat: int | None, rule_id: str, text: str = "") -> Record:
    """The record with one more line, not a play's.

    >>> note(None, None, "casino.deal", "Round 1.").note
    'Round 1.'
    """
    return Record(record, seat, rule_id, text)


def played(record: Record | None, state: CasinoState, rule_id: str, text: str, move: Move
           ) -> Record:
    """The record with one more line: ``move``, played in ``state`` under ``rule_id``."""
    hand = state.hand if isinstance(move, (Build, Increase)) else ()
    return Record(record, state.turn, rule_id, text, move, hand, state.builds)


class Played(NamedTuple):
    """The position a play was made in, as the play's explanation reads it (see
    :class:`~cardrules.casino.reasons.Position`)."""

    rules: CasinoRules
    turn: int
    hand: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class Event:
    """One line of the game's record: who did what, under which rule.

    A play keeps the position it was made in (``before``), and its ``text`` is the
    engine's explanation, worked out when it is read.
    """

    seat: int | None
    rule_id: str
    note: str = ""
    move: Move | None = None
    before: Played | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The line in words."""
        if self.move is not None and self.before is not None:
            why = play_reason(self.before, self.move)
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
    ``seats`` are the players' names, clockwise from the first dealer (empty: the
    compass names of :func:`seat_names`).

    ``fast`` is the fast path's record of the table
    (:class:`~cardrules.casino.fast.FastTable`), worked out from the cards when the state is made: equality, the repr
    and :func:`dataclasses.replace` ignore it, and equal states carry equal ones.
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
    seats: tuple[str, ...] = ()
    record: Record | None = field(default=None, compare=False, repr=False)
    fast: FastTable | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # the one field the dataclass's __init__ does not set: worked out from the others
        royal = getattr(self.rules, "royal", False) is True
        try:
            values = [b.value for b in self.builds]
            others = [*(c for b in self.builds for c in b.cards), *self.stock,
                      *(c for p in self.piles for c in p)]
        except (TypeError, AttributeError):
            table = None  # not a state the game can be in: the entry points refuse it
        else:
            table = table_of(royal, self.loose, self.hands, values, others)
        object.__setattr__(self, "fast", table)

    @property
    def log(self) -> tuple[Event, ...]:
        """The game's record, oldest line first (built from :attr:`record` when read)."""
        out: list[Event] = []
        r = self.record
        while r is not None:
            out.append(event_of(r, self))
            r = r.prev
        out.reverse()
        return tuple(out)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.hands)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, clockwise: North, (East,) South, (West), or those given."""
        return self.seats or seat_names(len(self.hands))

    @property
    def sides(self) -> tuple[str, ...]:
        """The scoring sides: players, or the two partnerships."""
        return sides_of(self.names)

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
        return build_of(self.builds, value)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card in play: hands, table, builds, stock and captured piles."""
        return (tuple(c for h in self.hands for c in h) + self.table_cards + self.stock
                + tuple(c for p in self.piles for c in p))


def event_of(record: Record, state: CasinoState) -> Event:
    """A link of ``state``'s record as an :class:`Event` (the game's rules and seats are
    ``state``'s: they never change in a game).

    >>> from cardrules.casino import new_game
    >>> s = new_game(seed=1)
    >>> event_of(s.record, s).text[:20]
    'Round 1: North deals'
    """
    if record.move is None or record.seat is None:
        return Event(record.seat, record.rule_id, record.note)
    before = Played(state.rules, record.seat, record.hand, record.builds, state.names)
    return Event(record.seat, record.rule_id, record.note, record.move, before)


_new = object.__new__
_set = object.__setattr__


def make_state(fields: dict[str, Any]) -> CasinoState:
    """A state from all its fields, ``fast`` included, without the dataclass's
    ``__init__``: the fast path's own next states, whose fields it has just worked out
    (and which it never changes after).  ``fields`` becomes the state's ``__dict__``.

    >>> from cardrules.casino import position
    >>> s = position("8S", "8D")
    >>> make_state(dict(s.__dict__)) == s
    True
    """
    state = _new(CasinoState)
    _set(state, "__dict__", fields)
    return state


def successor(state: CasinoState, changes: dict[str, Any], fast: FastTable | None
              ) -> CasinoState:
    """``state`` with the fields ``changes`` changed and the fast table ``fast`` (which the
    caller has worked out for the new fields), made by :func:`make_state`.

    >>> from cardrules.casino import position
    >>> s = position("8S", "8D")
    >>> successor(s, {"turn": 1}, s.fast).turn
    1
    """
    fields = state.__dict__.copy()
    fields.update(changes)
    fields["fast"] = fast
    return make_state(fields)


def seat_names(players: int) -> tuple[str, ...]:
    """The compass seats clockwise for 2, 3 or 4 players.

    >>> seat_names(2), seat_names(3)
    (('North', 'South'), ('North', 'East', 'South'))
    """
    return ("North", "South") if check_players(players) == 2 else COMPASS[:players]


def sides_of(names: Sequence[str]) -> tuple[str, ...]:
    """The scoring sides of a table: each player, or with four the two partnerships of
    partners sitting opposite [casino.partners].

    >>> sides_of(("Ann", "Ben", "Cleo", "Dan"))
    ('Ann-Cleo', 'Ben-Dan')
    """
    if (isinstance(names, (str, bytes)) or not isinstance(names, Sequence)
            or not all(isinstance(n, str) for n in names)):
        raise SetupError(f"the seats' names are a list of texts; got {names!r}")
    if len(names) == 4:
        return (f"{names[0]}-{names[2]}", f"{names[1]}-{names[3]}")
    return tuple(names)


def side_names(players: int) -> tuple[str, ...]:
    """The scoring sides: each player, or with 4 players the two partnerships.

    >>> side_names(4)
    ('North-South', 'East-West')
    """
    return sides_of(seat_names(players))


def side_of(players: int, seat: int) -> int:
    """The side a seat scores for [casino.partners].

    >>> side_of(4, 2), side_of(4, 3), side_of(3, 2)
    (0, 1, 2)
    """
    return seat % 2 if players == 4 else seat


# -- the contract's questions -------------------------------------------------------------
def casino_state(state: object, function: str) -> CasinoState:
    """``state`` when it is a Casino state, else a :class:`~cardrules.game.SetupError`
    naming ``function`` (every entry point checks what it is given this way).

    >>> casino_state(None, "to_act")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Casino's to_act needs a Casino game (a CasinoState); got None.
    """
    return check_state(state, CasinoState, "Casino", "game", function)


def is_over(state: CasinoState) -> bool:
    """Whether the round this state plays is over (its score is final): no card is left
    to play.  :func:`~cardrules.casino.next_round` deals the next round unless the game is
    won.

    >>> from cardrules.casino import position
    >>> is_over(position("8S", "8D"))
    False
    """
    return casino_state(state, "is_over").phase is not Phase.PLAY


def to_act(state: CasinoState) -> str | None:
    """The name of the seat whose turn it is, or None when the round is over.

    >>> from cardrules.casino import new_game
    >>> to_act(new_game(seed=1)), to_act(new_game(seed=1, players=3, dealer=2))
    ('South', 'North')
    """
    state = casino_state(state, "to_act")
    if state.phase is not Phase.PLAY:
        return None
    return state.names[state.turn]


def cards_in_play(state: CasinoState) -> tuple[Card, ...]:
    """Every card of the game: hands, table (loose and in builds), the stock and the
    captured piles; always the 52 cards of the pack.

    >>> from cardrules.casino import new_game
    >>> len(cards_in_play(new_game(seed=1)))
    52
    """
    return casino_state(state, "cards_in_play").all_cards()


def seats_of(state: CasinoState) -> tuple[str, ...]:
    """The players' seats, in the order of the deal.

    >>> from cardrules.casino import load_casino, start
    >>> seats_of(start(load_casino(), 1, seats=["Ann", "Ben"]))
    ('Ann', 'Ben')
    """
    return casino_state(state, "seats_of").names
