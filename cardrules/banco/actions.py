"""The actions of a coup: each seat places its bet, then the croupier deals a third card
to a hand or lets it stand."""

from __future__ import annotations

from dataclasses import dataclass

from .state import BetOn
from .values import Side


@dataclass(frozen=True)
class PlaceBet:
    """The seat to act puts ``amount`` chips on ``on`` (the Player, the Banker or a Tie).

    >>> PlaceBet(BetOn.BANKER, 10)
    PlaceBet(on=<BetOn.BANKER: 'banker'>, amount=10)
    """

    on: BetOn
    amount: int


@dataclass(frozen=True)
class Draw:
    """The croupier deals a third card to ``side``.

    >>> Draw(Side.PLAYER)
    Draw(side=<Side.PLAYER: 'player'>)
    """

    side: Side


@dataclass(frozen=True)
class Stand:
    """``side`` stands: no third card."""

    side: Side


Action = PlaceBet | Draw | Stand

#: the action types of Punto Banco, for the checks that refuse any other object
ACTION_TYPES = (PlaceBet, Draw, Stand)
