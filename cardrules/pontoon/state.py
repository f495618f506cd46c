"""The deal as an immutable state: where it is, the hands, the payments so far; and the
contract's questions about a state (is it over, whose turn is it, which cards are in play).

>>> from cardrules.pontoon import new_deal, load_pontoon
>>> s = new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1)
>>> s.phase, to_act(s), is_over(s)
(<Phase.STAKES: 'stakes'>, 'Ben', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import Card
from ..game import SetupError, check_state
from .profile import PontoonRules
from .values import HandRank, hand_value, pontoon_pair, rank_of

#: the Shoot Pontoon kitty, a party of the payments like the people at the table
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
        """The hand's rank (under ``rules``, the shipped ``pontoon`` profile when None)."""
        if rules is not None and not isinstance(rules, PontoonRules):
            raise SetupError(f"A hand is ranked under Pontoon rules (a PontoonRules profile); "
                             f"got {rules!r}.")
        return rank_of(self.cards, self.from_split, rules)

    def is_pontoon_hand(self, rules: PontoonRules) -> bool:
        """Whether the hand ranks as a pontoon under ``rules``."""
        return pontoon_pair(self.cards) and (not self.from_split or rules.split_pontoon)

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


# -- building the next state (the engine's hot path: every value is already checked) ----------
def logged(state: DealState, rule_id: str, text: str) -> DealState:
    """The state with one more line in its log.

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> logged(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), "pontoon.deal", "Hi.").log[-1]
    ('pontoon.deal', 'Hi.')
    """
    return replace_state(state, log=(*state.log, (rule_id, text)))


def replace_state(state: DealState, **changes: object) -> DealState:
    """A new state with some fields changed, built without the cost of
    :func:`dataclasses.replace`; the given state is left as it was.

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> replace_state(s, turn=1).turn, s.turn
    (1, 0)
    """
    new = object.__new__(DealState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def with_hand(state: DealState, hand: Hand, **changes: object) -> DealState:
    """A new state whose hand to act is ``hand`` (and with ``changes``).

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> with_hand(s, replace_hand(s.players[0].hands[0], stake=20)).players[0].hands[0].stake
    20
    """
    p = state.players[state.turn]
    i = state.hand_index if state.phase is Phase.PLAYERS else 0
    hands = (*p.hands[:i], hand, *p.hands[i + 1:])
    players = (*state.players[:state.turn], Player(p.name, hands), *state.players[state.turn + 1:])
    return replace_state(state, players=players, **changes)


def replace_hand(h: Hand, **changes: object) -> Hand:
    """A new hand with some fields changed (the given hand is left as it was).

    >>> from cardrules.cards import parse_cards
    >>> replace_hand(Hand(parse_cards("9S")), stake=10).stake
    10
    """
    new = object.__new__(Hand)
    new.__dict__.update(h.__dict__)
    new.__dict__.update(changes)
    return new


# -- the contract's questions -----------------------------------------------------------------
def deal_state(state: object, function: str) -> DealState:
    """``state`` when it is a Pontoon deal, else a :class:`~cardrules.game.SetupError`
    naming ``function`` (every entry point checks what it is given this way).

    >>> deal_state(None, "to_act")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Pontoon's to_act needs a Pontoon deal (a DealState); got None.
    """
    return check_state(state, DealState, "Pontoon", "deal", function)


def is_over(state: DealState) -> bool:
    """Whether the deal has been settled: its payments are final, and only the actions
    between deals (the next deal, selling the bank, topping up the kitty) remain.

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> is_over(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return deal_state(state, "is_over").phase is Phase.OVER


def to_act(state: DealState) -> str | None:
    """The name of the seat whose turn it is: the player staking, shooting or playing, the
    banker on his turn, or None once the deal is over.

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> to_act(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1))
    'Ben'
    """
    state = deal_state(state, "to_act")
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.BANKER:
        return state.banker
    return state.players[state.turn].name


def held_cards(state: DealState) -> tuple[Card, ...]:
    """The cards in live hands and the banker's (none once the deal is over and
    gathered).  With the pack they always make the full pack.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> len(held_cards(s)) + len(s.pack)
    52
    """
    state = deal_state(state, "held_cards")
    if state.phase is Phase.OVER:
        return ()
    out = [c for p in state.players for h in p.hands if h.is_live for c in h.cards]
    return (*out, *state.banker_cards)


def cards_in_play(state: DealState) -> tuple[Card, ...]:
    """Every card of the deal: the live hands, the banker's and the rest of the pack (bust
    hands' cards are already at its bottom).  Always the full pack or packs.

    >>> from cardrules.pontoon import new_deal, load_pontoon
    >>> len(cards_in_play(new_deal(load_pontoon("pontoon-two-packs"), ["Ann", "Ben"], seed=1)))
    104
    """
    state = deal_state(state, "cards_in_play")
    return (*held_cards(state), *state.pack)


def seats_of(state: DealState) -> tuple[str, ...]:
    """The people at the table, clockwise.

    >>> from cardrules.pontoon import load_pontoon, start
    >>> seats_of(start(load_pontoon(), 1, seats=["Ann", "Ben"]))
    ('Ann', 'Ben')
    """
    return deal_state(state, "seats_of").seats
