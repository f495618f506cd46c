"""The actions that move a deal on: the players' stakes, shoot bets and turns, the banker's
turn, and what is done between deals.  An amount that is not a whole number of chips is
refused as the action is made.

>>> Buy(20), Twist(), SellBank("Ann", 50)
(Buy(amount=20), Twist(), SellBank(buyer='Ann', price=50))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalAction


def _amount(value: object, cls: str, rule_id: str, name: str = "amount") -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(rule_id, f"{cls}.{name} must be a whole number of chips; got "
                            f"{value!r}.")


@dataclass(frozen=True)
class Stake:
    """The current player stakes ``amount`` on his first card.

    >>> Stake(20)
    Stake(amount=20)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Stake", "pontoon.stakes")


@dataclass(frozen=True)
class Shoot:
    """A shoot bet of ``amount`` (Shoot Pontoon): in the round after the stakes
    (0 means no shoot bet), or before the current hand's 4th card.

    >>> Shoot(0)
    Shoot(amount=0)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Shoot", "pontoon.shoot.bet")


@dataclass(frozen=True)
class Declare:
    """Declare a pontoon: the ace goes face up on the ten-card.

    >>> Declare()
    Declare()
    """


@dataclass(frozen=True)
class Split:
    """Split a pair into two hands; in Shoot Pontoon ``shoot`` is the new hand's
    own shoot bet (0 for none).

    >>> Split(), Split(shoot=15)
    (Split(shoot=0), Split(shoot=15))
    """

    shoot: int = 0

    def __post_init__(self) -> None:
        _amount(self.shoot, "Split", "pontoon.shoot.split", "shoot")


@dataclass(frozen=True)
class Buy:
    """Buy a card (face down), adding ``amount`` to the stake.

    >>> Buy("10")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Buy.amount must be a whole number of chips; got '10'. [rule pontoon.buy.limits]
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Buy", "pontoon.buy.limits")


@dataclass(frozen=True)
class Twist:
    """Twist: a card face up, the stake unchanged.

    >>> Twist() == Twist()
    True
    """


@dataclass(frozen=True)
class Stick:
    """Stick: keep the hand as it is.

    >>> Stick()
    Stick()
    """


@dataclass(frozen=True)
class BankerDraw:
    """The banker adds a card face up to his hand.

    >>> BankerDraw()
    BankerDraw()
    """


@dataclass(frozen=True)
class BankerStay:
    """The banker stops and settles with the hand he holds.

    >>> BankerStay()
    BankerStay()
    """


@dataclass(frozen=True)
class TopUp:
    """Between deals, the banker adds ``amount`` to the kitty (Shoot Pontoon).

    >>> TopUp(25)
    TopUp(amount=25)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "TopUp", "pontoon.shoot.top-up")


@dataclass(frozen=True)
class SellBank:
    """Between deals, whoever is to bank next sells the bank to ``buyer`` for ``price``.

    >>> SellBank("Ann", 50)
    SellBank(buyer='Ann', price=50)
    """

    buyer: str
    price: int

    def __post_init__(self) -> None:
        if not isinstance(self.buyer, str):
            raise IllegalAction("pontoon.next-banker.sell", "SellBank.buyer is a player's name; "
                                f"got {self.buyer!r}.")
        _amount(self.price, "SellBank", "pontoon.next-banker.sell", "price")


@dataclass(frozen=True)
class NextDeal:
    """Gather the cards and start the next deal; ``kitty`` is a new banker's kitty.

    >>> NextDeal(), NextDeal(kitty=60)
    (NextDeal(kitty=None), NextDeal(kitty=60))
    """

    kitty: int | None = None

    def __post_init__(self) -> None:
        if self.kitty is not None:
            _amount(self.kitty, "NextDeal", "pontoon.shoot.change-of-bank", "kitty")


#: every Pontoon action
Action = (Stake | Shoot | Declare | Split | Buy | Twist | Stick | BankerDraw | BankerStay | TopUp
          | SellBank | NextDeal)
#: the action types, for the checks that refuse any other object
ACTION_TYPES: tuple[type, ...] = (Stake, Shoot, Declare, Split, Buy, Twist, Stick, BankerDraw,
                                  BankerStay, TopUp, SellBank, NextDeal)
#: what a player does on his turn
PLAYER_MOVES = (Declare, Split, Buy, Twist, Stick)
#: what the banker does on his turn
BANKER_MOVES = (BankerDraw, BankerStay)
#: what is done between deals, once a deal is settled
BETWEEN_DEALS = (TopUp, SellBank, NextDeal)
