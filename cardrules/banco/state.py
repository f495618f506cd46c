"""The coup as a state: the croupier's actions, the stages, the bets on the table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import Card
from .profile import BancoRules
from .values import Result, Side, hand_value, winner


class BetOn(Enum):
    """What a bet backs."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


@dataclass(frozen=True)
class Bet:
    """A bettor's stake on one outcome."""

    bettor: str
    on: BetOn
    amount: int

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount <= 0:
            raise ValueError(f"a bet is a positive whole number of chips, got {self.amount!r}")
        if not isinstance(self.on, BetOn):
            raise ValueError(f"a bet is on one of {', '.join(b.value for b in BetOn)}; got {self.on!r}")


# -- the coup as a game state ---------------------------------------------------
@dataclass(frozen=True)
class Draw:
    """The croupier deals a third card to ``side``."""

    side: Side


@dataclass(frozen=True)
class Stand:
    """``side`` stands: no third card."""

    side: Side


Action = Draw | Stand


class Stage(Enum):
    """Where the coup is."""

    PLAYER = "player to act"
    BANKER = "banker to act"
    OVER = "over"


@dataclass(frozen=True)
class CoupState:
    """An immutable coup in progress.  ``shoe`` is the rest of the shoe, in order;
    ``bets`` are the bets riding on the coup (none when the coup is dealt on its own)."""

    rules: BancoRules
    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    shoe: tuple[Card, ...]
    stage: Stage
    player_stood: bool = False
    log: tuple[tuple[str, str], ...] = ()
    bets: tuple[Bet, ...] = ()

    @property
    def player_total(self) -> int:
        """The Player hand's value."""
        return hand_value(self.player)

    @property
    def banker_total(self) -> int:
        """The Banker hand's value."""
        return hand_value(self.banker)

    @property
    def player_third_card(self) -> Card | None:
        """The Player's third card, or None."""
        return self.player[2] if len(self.player) == 3 else None

    @property
    def is_over(self) -> bool:
        """Whether the coup has ended."""
        return self.stage is Stage.OVER

    @property
    def result(self) -> Result:
        """Who won; only once the coup is over."""
        if not self.is_over:
            raise ValueError("the coup is not over yet")
        return winner(self.player_total, self.banker_total)
