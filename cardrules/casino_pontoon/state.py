"""A round as a state: hands, seats, phases and the immutable round, and the contract's
questions about a state (is it over, whose turn is it, which cards are in play)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..game import SetupError, check_state
from .profile import CasinoPontoonRules, load_casino_pontoon  # noqa: F401  (doctests)
from .values import hand_total, is_soft

#: the house's seat: the name ``to_act`` gives when the dealer is to play
DEALER = "Dealer"


def seat_name(seat: int) -> str:
    """The usual name of a seat, counted from 0 from the dealer's left: ``Seat 1``,
    ``Seat 2``...  (the name a seat has when a round is dealt without names).

    >>> seat_name(0)
    'Seat 1'
    >>> seat_name(-1)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A seat is counted from 0; got -1.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise SetupError(f"A seat is counted from 0; got {seat!r}.")
    return f"Seat {seat + 1}"


@dataclass(frozen=True)
class Hand:
    """One player hand: its cards, stake, and whether it was doubled or came from a split."""

    cards: tuple[Card, ...]
    stake: int
    doubled: bool = False
    from_split: bool = False
    stood: bool = False

    @property
    def total(self) -> int:
        """The hand's best total."""
        return hand_total(self.cards)

    @property
    def soft(self) -> bool:
        """Whether an ace counts 11."""
        return is_soft(self.cards)

    @property
    def busted(self) -> bool:
        """Over 21."""
        return self.total > 21

    @property
    def done(self) -> bool:
        """Stood, bust, or five cards: no more play."""
        return self.stood or self.busted or len(self.cards) >= 5

    def describe(self) -> str:
        """The hand in words.

        >>> Hand(parse_cards("AS 6D"), 10).describe()
        'A♠ 6♦ (soft 17)'
        """
        cards = " ".join(str(c) for c in self.cards)
        if self.busted:
            return f"{cards} (bust, {self.total})"
        return f"{cards} ({'soft ' if self.soft else ''}{self.total})"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its name, its first stake, its hands, and its insurance (None:
    not decided or not offered)."""

    name: str
    stake: int
    hands: tuple[Hand, ...]
    insurance: int | None = None


class Phase(Enum):
    """Where the round is."""

    INSURANCE = "insurance"
    PLAY = "players play"
    DEALER = "dealer plays"
    OVER = "over"


@dataclass(frozen=True)
class RoundState:
    """An immutable round.  ``shoe`` is the rest of the shoe in order; ``seat`` and
    ``hand`` point at the hand to act (or the seat to decide insurance)."""

    rules: CasinoPontoonRules
    seats: tuple[Seat, ...]
    dealer: tuple[Card, ...]
    shoe: tuple[Card, ...]
    phase: Phase
    seat: int = 0
    hand: int = 0
    dealer_pontoon: bool = False
    log: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.OVER

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, from the dealer's left (the order of play)."""
        return tuple(s.name for s in self.seats)

    @property
    def up_card(self) -> Card | None:
        """The dealer's up card, or None when both dealer cards are face down."""
        return None if self.rules.dealer_cards_face_down else self.dealer[0]

    @property
    def current(self) -> Hand:
        """The hand to act (only while the players play)."""
        if self.phase is not Phase.PLAY:
            raise SetupError(f"No player hand is in play: the round is at "
                             f"'{self.phase.value}'.")
        return self.seats[self.seat].hands[self.hand]

    def where(self) -> str:
        """The hand to act in words: the seat's name, and which hand when it holds more
        than one (``"Ann, hand 2"``)."""
        seat = self.seats[self.seat]
        return seat.name + (f", hand {self.hand + 1}" if len(seat.hands) > 1 else "")

    def visible_dealer(self) -> tuple[Card | None, ...]:
        """The dealer's cards as the players see them: None for a face-down card.

        >>> from cardrules.casino_pontoon import new_round
        >>> new_round(load_casino_pontoon(), [5], parse_cards("9C 7D 4H KS")).visible_dealer()
        (Card('7♦'), None)
        """
        if self.phase in (Phase.DEALER, Phase.OVER):
            return tuple(self.dealer)
        if self.rules.dealer_cards_face_down:
            return (None,) * len(self.dealer)
        return (self.dealer[0], *(None,) * (len(self.dealer) - 1))


def round_state(state: object, function: str) -> RoundState:
    """``state`` when it is a Casino Pontoon round, else a :class:`~cardrules.game.SetupError`
    naming ``function`` (every entry point checks what it is given this way).

    >>> round_state(None, "to_act")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Casino Pontoon's to_act needs a Casino Pontoon round (a RoundState); got None.
    """
    return check_state(state, RoundState, "Casino Pontoon", "round", function)


def is_over(state: RoundState) -> bool:
    """Whether the round has ended: every stake's result is final.

    >>> from cardrules.casino_pontoon import new_round
    >>> is_over(new_round(load_casino_pontoon(), [10], parse_cards("9C KD 9H AS")))  # dealer pontoon
    True
    """
    return round_state(state, "is_over").phase is Phase.OVER


def to_act(state: RoundState) -> str | None:
    """Whose turn it is: the seat deciding on insurance or playing its hand
    (``Seat 1``..., or the names the round was dealt to), the ``Dealer``, or None when
    the round is over.

    >>> from cardrules.casino_pontoon import Stand, apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10, 10], parse_cards("KC 9S 7D 8H KH 9C"))
    >>> to_act(s), to_act(apply(s, Stand())), to_act(apply(apply(s, Stand()), Stand()))
    ('Seat 1', 'Seat 2', 'Dealer')
    """
    state = round_state(state, "to_act")
    if state.phase in (Phase.INSURANCE, Phase.PLAY):
        return state.seats[state.seat].name
    if state.phase is Phase.DEALER:
        return DEALER
    return None


def cards_in_play(state: RoundState) -> tuple[Card, ...]:
    """Every card of the round: each seat's hands, the dealer's cards, then the rest of
    the shoe.

    >>> from cardrules.casino_pontoon import start
    >>> len(cards_in_play(start(load_casino_pontoon(), seed=1)))
    312
    """
    state = round_state(state, "cards_in_play")
    return (*dealt_cards(state), *state.shoe)


def dealt_cards(state: RoundState) -> tuple[Card, ...]:
    """Every card out of the shoe: each seat's hands in order, then the dealer's.

    >>> from cardrules.casino_pontoon import new_round
    >>> dealt_cards(new_round(load_casino_pontoon(), [5], parse_cards("9C 7D 4H KS")))
    (Card('9♣'), Card('4♥'), Card('7♦'), Card('K♠'))
    """
    state = round_state(state, "dealt_cards")
    out: list[Card] = []
    for seat in state.seats:
        for h in seat.hands:
            out.extend(h.cards)
    return (*out, *state.dealer)


def seats_of(state: RoundState) -> tuple[str, ...]:
    """The players' seats, from the dealer's left (the order of play).

    >>> from cardrules.casino_pontoon import load_casino_pontoon, start
    >>> seats_of(start(load_casino_pontoon(), 1, seats=["Ann"]))
    ('Ann',)
    """
    return round_state(state, "seats_of").names
