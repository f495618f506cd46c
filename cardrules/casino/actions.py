"""The four kinds of play: trail a card, capture with it, build with it, or increase a build
with it.  Each is a frozen value: two plays of the same card taking the same cards are
the same play, however they were written.

>>> Capture("8S", "7C AH 8D") == Capture("8S", ("AH", "8D", "7C"), value=8)
True
>>> Build("6H", 8, "2C")
Build(card=Card('6♥'), value=8, loose=(Card('2♣'),))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ..cards import Card
from .values import norm_card, norm_cards

#: where a listed play is in its listing: (the fast table's key, the card's place in the
#: hand, the table cards it takes as a bit mask)
Listed = tuple[object, int, int]


def _cards_field(obj: object, name: str) -> None:
    """Normalise a field of table cards in place, at construction (cards in card order)."""
    loose = getattr(obj, name)
    if not isinstance(loose, tuple) or len(loose) > 1 or (loose and not isinstance(
            loose[0], Card)):
        object.__setattr__(obj, name, norm_cards(loose))


@dataclass(frozen=True, slots=True)
class Trail:
    """Trail ``card``: leave it face up on the table [casino.trail].

    >>> Trail("7H")
    Trail(card=Card('7♥'))
    """

    card: Card
    #: where the listing of a position put this play: (the key of the position's fast table,
    #: the card's place in the hand, the table cards it takes as a bit mask); None for a
    #: play made otherwise.  Not part of the play: :func:`~cardrules.casino.apply` reads it
    #: to know a play it listed for the very same state (see :mod:`cardrules.casino.fast`).
    listed: Listed | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", norm_card(self.card))


@dataclass(frozen=True, slots=True)
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
    #: where the listing of a position put this play: (the key of the position's fast table,
    #: the card's place in the hand, the table cards it takes as a bit mask); None for a
    #: play made otherwise.  Not part of the play: :func:`~cardrules.casino.apply` reads it
    #: to know a play it listed for the very same state (see :mod:`cardrules.casino.fast`).
    listed: Listed | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", norm_card(self.card))
        _cards_field(self, "loose")


@dataclass(frozen=True, slots=True)
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
    #: where the listing of a position put this play: (the key of the position's fast table,
    #: the card's place in the hand, the table cards it takes as a bit mask); None for a
    #: play made otherwise.  Not part of the play: :func:`~cardrules.casino.apply` reads it
    #: to know a play it listed for the very same state (see :mod:`cardrules.casino.fast`).
    listed: Listed | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", norm_card(self.card))
        _cards_field(self, "loose")


@dataclass(frozen=True, slots=True)
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
    #: where the listing of a position put this play: (the key of the position's fast table,
    #: the card's place in the hand, the table cards it takes as a bit mask); None for a
    #: play made otherwise.  Not part of the play: :func:`~cardrules.casino.apply` reads it
    #: to know a play it listed for the very same state (see :mod:`cardrules.casino.fast`).
    listed: Listed | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", norm_card(self.card))
        _cards_field(self, "loose")


Move = Union[Trail, Capture, Build, Increase]  # noqa: UP007 (a runtime alias)
#: the contract's name for a play
Action = Move
#: the play types, for the checks that refuse any other object
ACTION_TYPES = (Trail, Capture, Build, Increase)


# -- plays the engine makes itself ------------------------------------------------------
# The engine's own plays hold Cards already, their table cards in card order: they are made
# without the normalising __post_init__ (each field is set once, as the dataclass's own
# __init__ sets it, before the play is handed out).
_new = object.__new__
_set = object.__setattr__


def new_trail(card: Card, listed: Listed | None = None) -> Trail:
    """``Trail(card)`` for a card that is a Card already (``listed``: where the listing put
    it, see :attr:`Trail.listed`).

    >>> new_trail(Trail("7H").card) == Trail("7H")
    True
    """
    m = _new(Trail)
    _set(m, "card", card)
    _set(m, "listed", listed)
    return m


def new_capture(card: Card, loose: tuple[Card, ...], build: int | None, value: int | None,
                listed: Listed | None = None) -> Capture:
    """``Capture(card, loose, build, value)`` for Cards already in card order.

    >>> c = Trail("8S").card
    >>> new_capture(c, (), 8, 8) == Capture("8S", (), build=8)
    True
    """
    m = _new(Capture)
    _set(m, "card", card)
    _set(m, "loose", loose)
    _set(m, "build", build)
    _set(m, "value", value)
    _set(m, "sets", ())
    _set(m, "listed", listed)
    return m


def new_build(card: Card, value: int, loose: tuple[Card, ...], listed: Listed | None = None
              ) -> Build:
    """``Build(card, value, loose)`` for Cards already in card order.

    >>> new_build(Trail("6H").card, 8, Build("6H", 8, "2C").loose) == Build("6H", 8, "2C")
    True
    """
    m = _new(Build)
    _set(m, "card", card)
    _set(m, "value", value)
    _set(m, "loose", loose)
    _set(m, "listed", listed)
    return m


def new_increase(card: Card, build: int, value: int, loose: tuple[Card, ...],
                 listed: Listed | None = None) -> Increase:
    """``Increase(card, build, value, loose)`` for Cards already in card order.

    >>> new_increase(Trail("2S").card, 7, 9, ()) == Increase("2S", 7, 9)
    True
    """
    m = _new(Increase)
    _set(m, "card", card)
    _set(m, "build", build)
    _set(m, "value", value)
    _set(m, "loose", loose)
    _set(m, "listed", listed)
    return m
