"""The actions of a round: a seat's insurance, the moves of the hand in play, and the
dealer's draw or stand."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Insure:
    """Take insurance of ``amount`` chips (dealer's ace up).

    >>> Insure(5)
    Insure(amount=5)
    """

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

#: the action types of Casino Pontoon, for the checks that refuse any other object
ACTION_TYPES = (Insure, NoInsurance, Hit, Stand, Double, Split, DealerDraw, DealerStand)

#: the refusal of an object that is not a Casino Pontoon action, after its repr
NOT_AN_ACTION = ("is not a Casino Pontoon action; use Insure, NoInsurance, Hit, Stand, "
                 "Double, Split, DealerDraw or DealerStand.")
