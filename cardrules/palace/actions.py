"""The actions of Palace Poker: on a turn buy, discard, battle, stay or fold; after a buy
or a won battle, the soldiers to discard; in a battle fold, call, raise or pass.

An action that cannot be one at all (a bet that is not a whole number, a card that is no
card) is refused as it is made, with :class:`~cardrules.errors.IllegalAction`; whether a
well-formed action is legal now is for :func:`~cardrules.palace.verify_action`.

>>> Battle("Bob", 10), Discard("5d ks")
(Battle(target='Bob', amount=10), Discard(cards=(Card('K♠'), Card('5♦'))))
>>> Battle("Bob", 5.5)
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: A bet is a whole number of chips, not 5.5. [rule palace.battle]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..errors import IllegalAction
from ..game import SetupError
from .inputs import sorted_cards


def _soldier_cards(cards: object, rule_id: str) -> tuple[Card, ...]:
    try:
        return sorted_cards(cards)
    except SetupError as e:
        raise IllegalAction(rule_id, f"Name soldiers as cards: {e}.") from None


def _whole_chips(amount: object, rule_id: str) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction(rule_id, f"A bet is a whole number of chips, not {amount!r}.")


@dataclass(frozen=True)
class Buy:
    """Pay a small bet and take the top card of the draw pile as a soldier [palace.buy]."""


@dataclass(frozen=True)
class Discard:
    """Pay a small bet and discard these soldiers, drawing nothing [palace.discard].

    >>> Discard("5d ks").cards
    (Card('K♠'), Card('5♦'))
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:  # the cards in one order, so equal discards are equal
        object.__setattr__(self, "cards", _soldier_cards(self.cards, "palace.discard"))


@dataclass(frozen=True)
class DiscardSoldiers:
    """After a buy or a won battle: discard these soldiers (none is fine), keeping at
    most five [palace.buy], [palace.battle.capture].

    >>> DiscardSoldiers().cards, DiscardSoldiers(["2C"]).cards
    ((), (Card('2♣'),))
    """

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:  # the cards in one order, so equal choices are equal
        object.__setattr__(self, "cards", _soldier_cards(self.cards, "palace.buy"))


@dataclass(frozen=True)
class Battle:
    """Attack ``target`` with a bet of ``amount`` chips [palace.battle]."""

    target: str
    amount: int

    def __post_init__(self) -> None:
        if not isinstance(self.target, str):
            raise IllegalAction("palace.battle.target", "The target of a battle is a player's "
                                f"name, not {self.target!r}.")
        _whole_chips(self.amount, "palace.battle")


@dataclass(frozen=True)
class Stay:
    """Do nothing this turn [palace.stay]."""


@dataclass(frozen=True)
class Fold:
    """Leave the hand: on your turn [palace.fold], or as a defender [palace.battle.fold]."""


@dataclass(frozen=True)
class Call:
    """Answer an attack or a raise by paying what it asks, and show down
    [palace.battle.call], [palace.battle.raise]."""


@dataclass(frozen=True)
class Raise:
    """Call, then raise by ``amount`` [palace.battle.raise]."""

    amount: int

    def __post_init__(self) -> None:
        _whole_chips(self.amount, "palace.battle.raise")


@dataclass(frozen=True)
class Pass:
    """Give up a battle when facing a raise: out of the hand [palace.battle.raise]."""


Action = Buy | Discard | DiscardSoldiers | Battle | Stay | Fold | Call | Raise | Pass
#: the moves of a turn
TURN_ACTIONS = (Buy, Discard, Battle, Stay, Fold)
#: the answers in a battle (besides Fold, the defender's)
BATTLE_ACTIONS = (Call, Raise, Pass)
#: every action type of Palace Poker, for the checks that refuse any other object
ACTION_TYPES = (Buy, Discard, DiscardSoldiers, Battle, Stay, Fold, Call, Raise, Pass)


def not_an_action(action: object) -> IllegalAction:
    """The refusal of an object that is no Palace Poker action at all.

    >>> print(not_an_action("stay"))
    'stay' is not a Palace Poker action; the actions are Buy, Discard, DiscardSoldiers, Battle, Stay, Fold, Call, Raise, Pass. [rule palace.turn]
    """
    kinds = ", ".join(t.__name__ for t in ACTION_TYPES)
    shown = repr(action) if len(repr(action)) <= 60 else f"a {type(action).__name__}"
    return IllegalAction("palace.turn", f"{shown} is not a Palace Poker action; the actions "
                         f"are {kinds}.")
