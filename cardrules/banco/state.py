"""The coup as a state: the stages, the bets on the table, and the contract's questions
about a state (is it over, whose turn is it, which cards are in play)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..game import check_state
from .profile import BancoRules
from .values import Result, hand_value, winner


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
class Stage(Enum):
    """Where the coup is."""

    BETS = "bets to place"
    PLAYER = "player to act"
    BANKER = "banker to act"
    OVER = "over"


@dataclass(frozen=True)
class CoupState:
    """An immutable coup in progress.  ``shoe`` is the rest of the shoe, in order;
    ``bets`` are the bets riding on the coup (none when the coup is dealt on its own);
    ``seats`` the bettors who place them in turn before the deal (the contract's
    :func:`~cardrules.banco.start`), none when the bets were given."""

    rules: BancoRules
    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    shoe: tuple[Card, ...]
    stage: Stage
    player_stood: bool = False
    log: tuple[tuple[str, str], ...] = ()
    bets: tuple[Bet, ...] = ()
    seats: tuple[str, ...] = ()

    @property
    def bettor(self) -> str | None:
        """The seat to place its bet now, or None once betting is closed."""
        if self.stage is not Stage.BETS:
            return None
        return self.seats[len(self.bets)]

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


def coup_state(state: object, function: str) -> CoupState:
    """``state`` when it is a Punto Banco coup, else a :class:`~cardrules.game.SetupError`
    naming ``function`` (every entry point checks what it is given this way).

    >>> coup_state(None, "to_act")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Punto Banco's to_act needs a Punto Banco coup (a CoupState); got None.
    """
    return check_state(state, CoupState, "Punto Banco", "coup", function)


def is_over(state: CoupState) -> bool:
    """Whether the coup has ended: its result is final.

    >>> from cardrules.banco import new_coup, load_banco
    >>> is_over(new_coup(load_banco(), parse_cards("9C 2D KH 3S")))
    True
    """
    return coup_state(state, "is_over").stage is Stage.OVER


def to_act(state: CoupState) -> str | None:
    """Whose turn it is: the seat to place its bet, then the ``"Player"`` or the
    ``"Banker"`` hand (the croupier plays it by the rules), or None when the coup is over.

    >>> from cardrules.banco import Draw, Side, apply, load_banco, new_coup
    >>> s = new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C 5C"))
    >>> to_act(s), to_act(apply(s, Draw(Side.PLAYER)))
    ('Player', 'Banker')
    """
    state = coup_state(state, "to_act")
    stage = state.stage
    if stage is Stage.BETS:
        return state.bettor
    if stage is Stage.PLAYER:
        return "Player"
    if stage is Stage.BANKER:
        return "Banker"
    return None


def cards_in_play(state: CoupState) -> tuple[Card, ...]:
    """Every card of the coup: the Player hand, the Banker hand, then the rest of the shoe.

    >>> from cardrules.banco import load_banco, start
    >>> len(cards_in_play(start(load_banco(), seed=1)))
    416
    """
    state = coup_state(state, "cards_in_play")
    return state.player + state.banker + state.shoe


def seats_of(state: CoupState) -> tuple[str, ...]:
    """The bettors' seats of the coup, in turn (none when its bets were given).

    >>> from cardrules.banco import load_banco, start
    >>> seats_of(start(load_banco(), 1, seats=["Ann", "Ben"]))
    ('Ann', 'Ben')
    """
    state = coup_state(state, "seats_of")
    return state.seats or tuple(dict.fromkeys(b.bettor for b in state.bets))
