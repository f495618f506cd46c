"""The state of a Palace Poker hand: the players, the battle under way, the pot's record;
and the contract's questions about a state (is the hand over, whose turn is it, which
cards are in play)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ..cards import Card, Suit
from ..errors import IllegalAction
from ..game import SetupError, check_state
from ..poker import Hand
from .battles import BattleOutcome
from .inputs import as_card, as_cards
from .profile import PalaceRules

if TYPE_CHECKING:
    from . import deal  # named as deal.DealerDraw: Casino Pontoon has a DealerDraw too
    from .deal import BannerDeal


@dataclass(frozen=True)
class PlayerState:
    """One player: banner, palace cards, soldiers, chips, and whether still in the hand.

    A player who is out holds no cards (``banner`` is None).
    """

    name: str
    banner: Card | None
    palace: tuple[Card, ...]
    soldiers: tuple[Card, ...] = ()
    chips: int = 0
    in_hand: bool = True

    @property
    def suit(self) -> Suit:
        """The banner suit.

        >>> player("Ann", "KS", "2H 3H 4H").suit
        <Suit.SPADES: 'spades'>
        >>> out_player("Cy").suit
        Traceback (most recent call last):
        ...
        cardrules.game.SetupError: Cy is out of the hand and has no banner
        """
        if self.banner is None:
            raise SetupError(f"{self.name} is out of the hand and has no banner")
        return self.banner.suit

    @property
    def cards(self) -> tuple[Card, ...]:
        """All of the player's own cards: palace cards, soldiers, banner.

        >>> player("Ann", "KS", "2H 3H 4H", "5D").cards
        (Card('2♥'), Card('3♥'), Card('4♥'), Card('5♦'), Card('K♠'))
        """
        return self.palace + self.soldiers + ((self.banner,) if self.banner else ())


def _check_player_chips(name: object, chips: object) -> None:
    if not isinstance(name, str) or not name.strip():
        raise SetupError(f"a player's name is non-empty text, not {name!r}")
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
        raise SetupError(f"{name}'s chips must be a whole number, 0 or more; got {chips!r}")


def player(name: str, banner: Card | str, palace: Sequence[Card] | str,
           soldiers: Sequence[Card] | str = (), chips: int = 200) -> PlayerState:
    """A player for :func:`~cardrules.palace.position`, cards given as text or cards.

    >>> player("Ann", "KS", "2H 3H 4H", "5D", chips=50).cards
    (Card('2♥'), Card('3♥'), Card('4♥'), Card('5♦'), Card('K♠'))
    """
    _check_player_chips(name, chips)
    return PlayerState(name, as_card(banner), as_cards(palace), as_cards(soldiers), chips)


def out_player(name: str, chips: int = 200) -> PlayerState:
    """A player who is already out of the hand, for :func:`~cardrules.palace.position`.

    >>> out_player("Cy").in_hand, out_player("Cy").cards
    (False, ())
    """
    _check_player_chips(name, chips)
    return PlayerState(name, None, (), (), chips, in_hand=False)


class Phase(Enum):
    """What the hand is waiting for."""

    TURN = "turn"
    KEEP = "keep soldiers"
    DEFEND = "defend"
    ANSWER = "answer a raise"
    OVER = "over"


@dataclass(frozen=True)
class BattleState:
    """A battle in progress (seat indices)."""

    attacker: int
    defender: int
    bet: int
    raises: int = 0
    facing: int = 0
    last_raiser: int | None = None


@dataclass(frozen=True)
class PotMove:
    """Chips into the pot (positive) or out of it (negative), by whom and by which rule."""

    player: str
    amount: int
    rule_id: str
    reason: str


@dataclass(frozen=True)
class BattleRecord:
    """A finished battle: who, the attack bet, how it ended, and the showdown if any."""

    attacker: str
    defender: str
    bet: int
    ending: str
    winner: str | None
    losers: tuple[str, ...]
    outcome: BattleOutcome | None = None


@dataclass(frozen=True)
class HandResult:
    """The end of the hand: who takes what from the pot, by which rule, and why."""

    winners: tuple[str, ...]
    payouts: tuple[tuple[str, int], ...]
    rule_id: str
    reason: str
    hands: tuple[tuple[str, Hand], ...] = ()


@dataclass(frozen=True)
class PalaceState:
    """An immutable Palace Poker hand in progress.

    ``players`` are in seat order (clockwise: a player's left is the next seat);
    ``draw_pile`` is dealt from the front; ``pot_moves`` records every chip that went
    into or out of the pot.  Nothing is ever stored into a state after it is made: what
    is worked out from it (the seats still in, in order) is worked out when asked.
    """

    rules: PalaceRules
    players: tuple[PlayerState, ...]
    dealer: int
    phase: Phase
    to_act: int
    turn_of: int
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    pot: int
    battle: BattleState | None = None
    keep_rule: str = "palace.buy"
    quiet: frozenset[int] = frozenset()
    seed: str = "0"
    reshuffles: int = 0
    pot_moves: tuple[PotMove, ...] = ()
    battles: tuple[BattleRecord, ...] = ()
    log: tuple[tuple[str, str], ...] = ()
    result: HandResult | None = None
    banner_deal: BannerDeal | None = None
    dealer_draw: deal.DealerDraw | None = None

    @property
    def actor(self) -> PlayerState:
        """The player who acts next.

        >>> from cardrules.palace import load_palace, new_hand
        >>> new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Ann").actor.name
        'Bob'
        """
        return self.players[self.to_act]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> from cardrules.palace import Fold, apply, load_palace, new_hand
        >>> s = new_hand(load_palace(), ["Ann", "Bob"], seed=1)
        >>> s.is_over, apply(s, Fold()).is_over
        (False, True)
        """
        return self.phase is Phase.OVER

    def index(self, name: str) -> int:
        """The seat of the player called ``name``.

        >>> from cardrules.palace import load_palace, new_hand
        >>> new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1).index("Cy")
        2
        """
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        names = ", ".join(p.name for p in self.players)
        raise IllegalAction("palace.battle.target",
                            f"Nobody called {name!r} is at the table; the players are {names}.")

    def player(self, name: str) -> PlayerState:
        """The player called ``name``.

        >>> from cardrules.palace import load_palace, new_hand
        >>> new_hand(load_palace(), ["Ann", "Bob"], seed=1).player("Bob").chips
        198
        """
        return self.players[self.index(name)]

    def order(self) -> tuple[int, ...]:
        """Seats from the dealer's left round to the dealer.

        >>> from cardrules.palace import load_palace, new_hand
        >>> new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Bob").order()
        (2, 0, 1)
        """
        first = self.dealer + 1
        return (*range(first, len(self.players)), *range(first))

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats still in the hand, from the dealer's left.

        >>> from cardrules.palace import Fold, apply, load_palace, new_hand
        >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Cy")
        >>> apply(s, Fold()).alive
        (1, 2)
        """
        players = self.players
        return tuple(i for i in self.order() if players[i].in_hand)

    @property
    def in_hand(self) -> tuple[str, ...]:
        """The names of the players still in the hand, from the dealer's left.

        >>> from cardrules.palace import Fold, apply, load_palace, new_hand
        >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Cy")
        >>> apply(s, Fold()).in_hand
        ('Bob', 'Cy')
        """
        return tuple(self.players[i].name for i in self.alive)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of every seat, in seat order (those out of the hand too).

        >>> from cardrules.palace import load_palace, new_hand
        >>> new_hand(load_palace(), ["Ann", "Bob"], seed=1).names
        ('Ann', 'Bob')
        """
        return tuple(p.name for p in self.players)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card: the players', the draw pile and the discard pile (52 in all).

        >>> from cardrules.cards import standard_deck
        >>> from cardrules.palace import load_palace, new_hand
        >>> sorted(new_hand(load_palace(), ["Ann", "Bob"], seed=1).all_cards()) == sorted(standard_deck())
        True
        """
        held = tuple(c for p in self.players for c in p.cards)
        return held + self.draw_pile + self.discard_pile


def palace_state(state: object, function: str) -> PalaceState:
    """``state`` when it is a Palace Poker hand, else a :class:`~cardrules.game.SetupError`
    naming ``function`` (every entry point checks what it is given this way).

    >>> palace_state(None, "to_act")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Palace Poker's to_act needs a Palace Poker hand (a PalaceState); got None.
    """
    return check_state(state, PalaceState, "Palace Poker", "hand", function)


# -- the contract's questions about a state ----------------------------------------------
def is_over(state: PalaceState) -> bool:
    """Whether the hand has ended and its outcome is final [palace.end].

    >>> from cardrules.palace import Fold, apply, load_palace, new_hand
    >>> s = new_hand(load_palace(), ["Ann", "Bob"], seed=1)
    >>> is_over(s), is_over(apply(s, Fold()))
    (False, True)
    """
    return palace_state(state, "is_over").phase is Phase.OVER


def to_act(state: PalaceState) -> str | None:
    """The name of the player whose turn it is (a defender answering an attack, a player
    answering a raise, a winner choosing soldiers to keep), or None when the hand is over.

    (``state.to_act`` is that player's seat number.)

    >>> from cardrules.palace import Battle, apply, load_palace, minimum_bet, new_hand
    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Ann")
    >>> to_act(s), to_act(apply(s, Battle("Ann", minimum_bet(s))))
    ('Bob', 'Ann')
    """
    state = palace_state(state, "to_act")
    if state.phase is Phase.OVER:
        return None
    return state.players[state.to_act].name


def cards_in_play(state: PalaceState) -> tuple[Card, ...]:
    """Every card of the hand wherever it lies: the players' cards, the draw pile and the
    discard pile.  Always the 52 cards of the pack.

    >>> from cardrules.palace import load_palace, new_hand
    >>> len(cards_in_play(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1)))
    52
    """
    return palace_state(state, "cards_in_play").all_cards()


def seats_of(state: PalaceState) -> tuple[str, ...]:
    """The players' seats, in order round the table.

    >>> from cardrules.palace import load_palace, start
    >>> seats_of(start(load_palace(), 1, seats=["Ann", "Ben", "Cleo"]))
    ('Ann', 'Ben', 'Cleo')
    """
    return palace_state(state, "seats_of").names
