"""The deal as an immutable state: where it is, the hands, the payments so far; and the
actions that move it on.

>>> from cardrules.pontoon import new_deal, load_pontoon
>>> s = new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1)
>>> s.phase, to_act(s), is_over(s)
(<Phase.STAKES: 'stakes'>, 'Ben', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import Card
from .profile import PontoonRules
from .values import HandRank, _classify, _pontoon_pair, hand_value

KITTY = "kitty"


# -- the deal as a state ----------------------------------------------------------------------
class Phase(Enum):
    """Where the deal is.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> new_deal(load_pontoon(), ["Ann", "Ben"], seed=1).phase
    <Phase.STAKES: 'stakes'>
    """

    STAKES = "stakes"
    SHOOT = "shoot bets"
    PLAYERS = "players' turns"
    BANKER = "banker's turn"
    OVER = "over"


class HandStatus(Enum):
    """Where one hand is.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> new_deal(load_pontoon(), ["Ann", "Ben"], seed=1).players[0].hands[0].status
    <HandStatus.PLAYING: 'playing'>
    """

    PLAYING = "playing"
    STUCK = "stuck"
    DECLARED = "pontoon declared"
    FIVE = "five cards"
    BUST = "bust"


@dataclass(frozen=True)
class Hand:
    """One hand of a player: its cards, stake and shoot bets.

    ``stake`` is the initial stake (0 before staking), ``buys`` what was added for
    each bought card, ``face_up`` the positions shown face up.

    >>> from cardrules.pontoon import load_pontoon
    >>> from cardrules.cards import parse_cards
    >>> h = Hand(parse_cards("2S 3D 9C"), stake=20, buys=(30,), shoot=5, shoot4=10)
    >>> h.total_stake, h.shoot_total, h.value, str(h.rank()), h.is_live, sorted(h.face_down)
    (50, 15, 14, '14', True, [0, 1, 2])
    >>> Hand(parse_cards("AS KD")).is_pontoon_hand(load_pontoon())
    True
    """

    cards: tuple[Card, ...]
    stake: int = 0
    buys: tuple[int, ...] = ()
    twisted: bool = False
    from_split: bool = False
    face_up: frozenset[int] = frozenset()
    shoot: int = 0
    shoot4: int = 0
    status: HandStatus = HandStatus.PLAYING

    @property
    def total_stake(self) -> int:
        """The whole stake: the initial stake and everything added to buy cards."""
        return self.stake + sum(self.buys)

    @property
    def shoot_total(self) -> int:
        """The hand's shoot bets together."""
        return self.shoot + self.shoot4

    @property
    def value(self) -> int:
        """The hand's best total."""
        return hand_value(self.cards)

    def rank(self, rules: PontoonRules | None = None) -> HandRank:
        """The hand's rank."""
        return _classify(self.cards, self.from_split, rules)

    def is_pontoon_hand(self, rules: PontoonRules) -> bool:
        """Whether the hand ranks as a pontoon under ``rules``."""
        return _pontoon_pair(self.cards) and (not self.from_split or rules.split_pontoon)

    @property
    def is_live(self) -> bool:
        """Not bust."""
        return self.status is not HandStatus.BUST

    @property
    def face_down(self) -> frozenset[int]:
        """The positions dealt face down and not yet shown."""
        return frozenset(i for i in range(len(self.cards)) if i not in self.face_up)


@dataclass(frozen=True)
class Player:
    """A player at the table and the hands he holds (more than one after a split).

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> [p.name for p in new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1).players]
    ['Ben', 'Cleo']
    """

    name: str
    hands: tuple[Hand, ...]


@dataclass(frozen=True)
class Payment:
    """One transfer: who paid whom, how much, and by which rule.

    >>> str(Payment("Ann", "Ben", 20, "pontoon.ties", "18 against 18."))
    'Ann pays Ben 20: 18 against 18. [pontoon.ties]'
    """

    payer: str
    payee: str
    amount: int
    rule_id: str
    reason: str

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}: {self.reason} [{self.rule_id}]"


@dataclass(frozen=True)
class DealState:
    """An immutable deal in progress.

    ``seats`` are the people at the table, clockwise; ``players`` are the
    non-bankers in the order they play (from the banker's left).  ``pack`` is the
    rest of the pack, top first; cards thrown in go to its end (the bottom).
    ``payments`` lists every transfer of the deal so far, and ``kitty`` is what
    the kitty holds now (Shoot Pontoon).

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1)
    >>> s.is_over, s.current_player.name, len(s.current_hand.cards)
    (False, 'Ben', 1)
    """

    rules: PontoonRules
    seats: tuple[str, ...]
    banker: str
    players: tuple[Player, ...]
    banker_cards: tuple[Card, ...]
    pack: tuple[Card, ...]
    phase: Phase
    turn: int = 0
    hand_index: int = 0
    kitty: int = 0
    payments: tuple[Payment, ...] = ()
    log: tuple[tuple[str, str], ...] = ()
    deal_number: int = 1
    seed: str = ""
    next_banker: str | None = None
    shuffle_next: bool = False
    announcement: str = ""
    banker_shown: bool = False

    @property
    def is_over(self) -> bool:
        """Whether the deal has been settled."""
        return self.phase is Phase.OVER

    @property
    def current_player(self) -> Player | None:
        """The player to act (stakes, shoot bets or turn), or None."""
        if self.phase in (Phase.STAKES, Phase.SHOOT, Phase.PLAYERS):
            return self.players[self.turn]
        return None

    @property
    def current_hand(self) -> Hand | None:
        """The hand to act on, or None."""
        p = self.current_player
        if p is None:
            return None
        return p.hands[self.hand_index if self.phase is Phase.PLAYERS else 0]


# -- actions ----------------------------------------------------------------------------------
def _amount(value: object, cls: str, name: str = "amount") -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{cls}.{name} must be a whole number of chips, got {value!r}")


@dataclass(frozen=True)
class Stake:
    """The current player stakes ``amount`` on his first card.

    >>> Stake(20)
    Stake(amount=20)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Stake")


@dataclass(frozen=True)
class Shoot:
    """A shoot bet of ``amount`` (Shoot Pontoon): in the round after the stakes
    (0 means no shoot bet), or before the current hand's 4th card.

    >>> Shoot(0)
    Shoot(amount=0)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Shoot")


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
        _amount(self.shoot, "Split", "shoot")


@dataclass(frozen=True)
class Buy:
    """Buy a card (face down), adding ``amount`` to the stake.

    >>> Buy("10")
    Traceback (most recent call last):
    ...
    TypeError: Buy.amount must be a whole number of chips, got '10'
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Buy")


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
        _amount(self.amount, "TopUp")


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
            raise TypeError(f"SellBank.buyer is a player's name, got {self.buyer!r}")
        _amount(self.price, "SellBank", "price")


@dataclass(frozen=True)
class NextDeal:
    """Gather the cards and start the next deal; ``kitty`` is a new banker's kitty.

    >>> NextDeal(), NextDeal(kitty=60)
    (NextDeal(kitty=None), NextDeal(kitty=60))
    """

    kitty: int | None = None

    def __post_init__(self) -> None:
        if self.kitty is not None:
            _amount(self.kitty, "NextDeal", "kitty")


Action = (Stake | Shoot | Declare | Split | Buy | Twist | Stick | BankerDraw | BankerStay | TopUp
          | SellBank | NextDeal)
ACTION_TYPES: tuple[type, ...] = (Stake, Shoot, Declare, Split, Buy, Twist, Stick, BankerDraw,
                                  BankerStay, TopUp, SellBank, NextDeal)
_PLAYER_MOVES = (Declare, Split, Buy, Twist, Stick)
_BANKER_MOVES = (BankerDraw, BankerStay)
_BETWEEN = (TopUp, SellBank, NextDeal)


def _log(state: DealState, rule_id: str, text: str) -> DealState:
    return _replace(state, log=(*state.log, (rule_id, text)))


def _replace(state: DealState, **changes: object) -> DealState:
    # A copy of a frozen dataclass with some fields changed, without the cost of
    # dataclasses.replace (the engine's hot path); every value is already checked.
    new = object.__new__(DealState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def _set_hand(state: DealState, hand: Hand, **changes: object) -> DealState:
    p = state.players[state.turn]
    i = state.hand_index if state.phase is Phase.PLAYERS else 0
    hands = (*p.hands[:i], hand, *p.hands[i + 1:])
    players = (*state.players[:state.turn], Player(p.name, hands), *state.players[state.turn + 1:])
    return _replace(state, players=players, **changes)


def _hand(h: Hand, **changes: object) -> Hand:
    new = object.__new__(Hand)
    new.__dict__.update(h.__dict__)
    new.__dict__.update(changes)
    return new


def is_over(state: DealState) -> bool:
    """Whether the deal has been settled: its payments are final, and only the actions
    between deals (the next deal, selling the bank, topping up the kitty) remain.

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> is_over(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return state.phase is Phase.OVER


def to_act(state: DealState) -> str | None:
    """The name of the seat whose turn it is: the player staking, shooting or playing, the
    banker on his turn, or None once the deal is over.

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> to_act(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1))
    'Ben'
    """
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.BANKER:
        return state.banker
    return state.players[state.turn].name
