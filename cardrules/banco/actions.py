"""The croupier's actions: deal a third card to a hand, or let it stand."""

from __future__ import annotations

from dataclasses import dataclass

from .values import Side


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


Action = Draw | Stand

#: the action types of Punto Banco, for the checks that refuse any other object
ACTION_TYPES = (Draw, Stand)
