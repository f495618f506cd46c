"""A round as a state: hands, seats, phases, the actions, and the immutable round."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..cards import Card
from .profile import CasinoPontoonRules
from .values import hand_total, is_soft


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

        >>> from cardrules.cards import parse_cards
        >>> Hand(parse_cards("AS 6D"), 10).describe()
        'A♠ 6♦ (soft 17)'
        """
        cards = " ".join(str(c) for c in self.cards)
        if self.busted:
            return f"{cards} (bust, {self.total})"
        return f"{cards} ({'soft ' if self.soft else ''}{self.total})"


@dataclass(frozen=True)
class Seat:
    """A seat: its first stake, its hands, and its insurance (None: not decided or not offered)."""

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
class Insure:
    """Take insurance of ``amount`` chips (dealer's ace up)."""

    amount: int


@dataclass(frozen=True)
class NoInsurance:
    """Decline insurance."""


@dataclass(frozen=True)
class Hit:
    """Take another card on the hand in play."""


@dataclass(frozen=True)
class Stand:
    """Stand on the hand in play."""


@dataclass(frozen=True)
class Double:
    """Double the stake of the hand in play and take one card."""


@dataclass(frozen=True)
class Split:
    """Split the hand in play into two hands."""


@dataclass(frozen=True)
class DealerDraw:
    """The dealer draws a card."""


@dataclass(frozen=True)
class DealerStand:
    """The dealer stands."""


Action = Insure | NoInsurance | Hit | Stand | Double | Split | DealerDraw | DealerStand
PlayerAction = Hit | Stand | Double | Split


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
    def up_card(self) -> Card | None:
        """The dealer's up card, or None when both dealer cards are face down."""
        return None if self.rules.dealer_cards_face_down else self.dealer[0]

    @property
    def current(self) -> Hand:
        """The hand to act."""
        if self.phase is not Phase.PLAY:
            raise ValueError(f"no player hand is in play: the round is at '{self.phase.value}'")
        return self.seats[self.seat].hands[self.hand]

    def visible_dealer(self) -> tuple[Card | None, ...]:
        """The dealer's cards as the players see them: None for a face-down card.

        >>> from cardrules.cards import parse_cards
        >>> from cardrules.casino_pontoon import load_casino_pontoon, new_round
        >>> new_round(load_casino_pontoon(), [5], parse_cards("9C 7D 4H KS")).visible_dealer()
        (Card('7♦'), None)
        """
        if self.phase in (Phase.DEALER, Phase.OVER):
            return tuple(self.dealer)
        if self.rules.dealer_cards_face_down:
            return (None, None)
        return (self.dealer[0], None)
