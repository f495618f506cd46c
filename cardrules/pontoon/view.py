"""What a seat sees of a deal.

The cards lie as the rules lay them [pontoon.deal]: every card is dealt face down, and a
player may look at his own.  Face up for everyone are a twisted card [pontoon.twist], the
ace of a declared pontoon [pontoon.declare], the first card of each split hand (the pair
is laid face up to be split) [pontoon.split] and every card of a bust hand, thrown in face
up [pontoon.bust].  The banker may not look at his first card until the second is dealt;
the players see his cards only when he turns them up, on his turn [pontoon.banker-play]
or to show a pontoon [pontoon.banker-pontoon] (when every player has gone bust he never
turns them up).  Once the banker has played and the deal is settled, the hands still in
are turned up to be settled against his [pontoon.settle].

>>> from cardrules.pontoon import Stake, apply, arrange_pack, load_pontoon, new_deal
>>> from cardrules.cards import parse_cards
>>> pack = arrange_pack([parse_cards("9S 7D"), parse_cards("KC 5H")], parse_cards("10D 6C"))
>>> s = apply(apply(new_deal(load_pontoon(), ["Ben", "Ann", "Cleo"], pack=pack), Stake(20)),
...           Stake(10))
>>> [row.cards for row in view(s, "Ann").rows]
[(Card('9♠'), Card('7♦')), (None, None), (None, None)]
>>> [row.cards for row in view(s, "Ben").rows]
[(None, None), (None, None), (Card('10♦'), Card('6♣'))]
"""

# No ``from __future__ import annotations``: the view's field types stay objects, so that the
# Reference names each by its module (a game's Phase is not another's).

from dataclasses import dataclass

from ..cards import Card
from ..game import Row, SetupError, View, check_seat, log_lines
from .actions import Action, Buy, Declare, Split, Stick, Twist
from .apply import legal_actions
from .checks import shoot_room, who_acts
from .profile import PontoonRules
from .state import DealState, Hand, HandStatus, Phase, deal_state, to_act
from .values import best_count, classify, pontoon_pair, value_text

#: how each status of a hand reads in a row's label
_STATUS_WORDS = {HandStatus.PLAYING: "", HandStatus.STUCK: "stuck",
                 HandStatus.DECLARED: "pontoon", HandStatus.FIVE: "five card trick",
                 HandStatus.BUST: "bust"}


@dataclass(frozen=True)
class SeenHand:
    """A player's hand as every seat knows it, without its cards (they are in the view's
    row number ``row``): whose it is, its number (2 and more after a split), the whole
    stake and the shoot bets (chips lie on the table in sight of all), and its status.

    >>> SeenHand("Ann", 1, 0, 30, 0, HandStatus.STUCK).status.value
    'stuck'
    """

    owner: str
    number: int
    row: int
    stake: int
    shoot: int
    status: HandStatus


@dataclass(frozen=True, kw_only=True)
class PontoonView(View[Action]):
    """A seat's view of a deal: the rows of cards as that seat sees them (each player's
    hands in playing order, the banker's last), the hands' stakes and statuses, the
    kitty, and for the seat to act the row of the hand it plays and that hand's total."""

    #: the table's rules
    rules: PontoonRules
    #: who holds the bank this deal
    banker: str
    #: where the deal is
    phase: Phase
    #: every player's hand, in the order of the rows (the banker's row is the last)
    hands: tuple[SeenHand, ...]
    #: the row of the hand this seat plays now (the banker's on his turn), or None when
    #: it is not this seat's turn
    hand: int | None
    #: that hand's best total, as its holder counts it, or None
    total: int | None
    #: what the Shoot Pontoon kitty holds (0 at a plain table)
    kitty: int
    #: what the kitty has left uncovered by shoot bets
    shoot_room: int
    #: the number of the deal, 1 for the first
    deal_number: int


def banker_cards_seen(state: DealState, seat: str) -> tuple[Card | None, ...]:
    """The banker's cards as ``seat`` sees them: face up to all once he turns them up (on
    his turn, or to show a pontoon); to the banker himself once his second card is dealt
    [pontoon.deal]; otherwise face down (None).

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=2)
    >>> banker_cards_seen(s, "Ann"), banker_cards_seen(s, "Ben")
    ((None,), (None,))
    """
    if state.banker_shown or (seat == state.banker
                              and state.phase not in (Phase.STAKES, Phase.SHOOT)):
        return state.banker_cards
    return (None,) * len(state.banker_cards)


def banker_view(state: DealState) -> tuple[Card | None, ...]:
    """The banker's cards as the banker may see them: not the first card until the
    second is dealt [pontoon.deal].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=2)
    >>> banker_view(s)
    (None,)
    """
    state = deal_state(state, "banker_view")
    return banker_cards_seen(state, state.banker)


def settled_openly(state: DealState) -> bool:
    """Whether the deal is over and the banker played it out, so that the hands still in
    were turned up to be settled against his [pontoon.settle] (not when his pontoon ended
    the deal, nor when every player went bust).

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> settled_openly(new_deal(load_pontoon(), ["Ann", "Ben"], seed=2))
    False
    """
    return (state.phase is Phase.OVER and state.banker_shown
            and not (len(state.banker_cards) == 2 and pontoon_pair(state.banker_cards)))


def hand_cards_seen(state: DealState, owner: str, hand: Hand, seat: str
                    ) -> tuple[Card | None, ...]:
    """A player's hand as ``seat`` sees it: all of it to its owner, to everyone once it is
    bust or settled openly, otherwise only the cards lying face up.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=2)
    >>> h = s.players[0].hands[0]
    >>> hand_cards_seen(s, "Ben", h, "Ben") == h.cards, hand_cards_seen(s, "Ben", h, "Ann")
    (True, (None,))
    """
    if seat == owner or hand.status is HandStatus.BUST or settled_openly(state):
        return hand.cards
    return tuple(c if i in hand.face_up else None for i, c in enumerate(hand.cards))


def _label(name: str, number: int, several: bool, hand: Hand,
           cards: tuple[Card | None, ...]) -> str:
    words = [f"stake {hand.total_stake}" if hand.stake else "no stake yet"]
    if hand.shoot_total:
        words.append(f"shoot {hand.shoot_total}")
    if _STATUS_WORDS[hand.status]:
        words.append(_STATUS_WORDS[hand.status])
    if None not in cards:
        words.append(f"counts {value_text(hand.cards)}")
    return f"{name}{f', hand {number}' if several else ''}: {', '.join(words)}"


def _status(state: DealState) -> str:
    ph = state.phase
    who = who_acts(state)
    r = state.rules
    if ph is Phase.STAKES:
        return (f"Deal {state.deal_number}, {state.banker} banking: {who} stakes on the first "
                f"card, {r.min_stake} to {r.max_stake}.")
    if ph is Phase.SHOOT:
        return f"{who} may make a shoot bet: the kitty has {shoot_room(state)} uncovered."
    if ph is Phase.PLAYERS:
        return f"{who} to play."
    if ph is Phase.BANKER:
        return f"Every player has played: {state.banker}, the banker, draws or stays."
    return f"{state.announcement} Next banker: {state.next_banker}."


def view(state: DealState, seat: str) -> PontoonView:
    """What ``seat`` (anyone at the table, the banker included) sees of the deal, and its
    legal actions when it is its turn.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> v = view(new_deal(load_pontoon(), ["Ann", "Ben"], seed=2), "Ben")
    >>> [row.label for row in v.rows], v.my_turn, v.legal
    (['Ben: no stake yet, counts 9', 'Ann (banker)'], True, (Stake(amount=10), Stake(amount=100)))
    >>> view(new_deal(load_pontoon(), ["Ann", "Ben"], seed=2), "Ann").legal
    ()
    """
    state = deal_state(state, "view")
    seat = check_seat(seat, state.seats, "Pontoon")
    who = to_act(state)
    rows: list[Row] = []
    hands: list[SeenHand] = []
    mine: int | None = None
    acting = who == seat and state.phase is not Phase.BANKER
    for t, p in enumerate(state.players):
        for k, h in enumerate(p.hands):
            cards = hand_cards_seen(state, p.name, h, seat)
            if acting and t == state.turn and k == (state.hand_index if state.phase is
                                                    Phase.PLAYERS else 0):
                mine = len(rows)
            hands.append(SeenHand(p.name, k + 1, len(rows), h.total_stake, h.shoot_total,
                                  h.status))
            rows.append(Row(_label(p.name, k + 1, len(p.hands) > 1, h, cards), cards,
                                owner=p.name))
    bank = banker_cards_seen(state, seat)
    label = f"{state.banker} (banker)"
    if None not in bank and len(bank) >= 2:
        label += f": {classify(state.banker_cards)}"
    if who == seat and state.phase is Phase.BANKER:
        mine = len(rows)
    rows.append(Row(label, bank, owner=state.banker))
    total = None if mine is None else best_count(rows[mine].shown)
    return PontoonView(game="pontoon", seat=seat, to_act=who, over=who is None,
                       rows=tuple(rows), legal=legal_actions(state) if who == seat else (),
                       status=_status(state), rules=state.rules, banker=state.banker,
                       phase=state.phase,
                       hands=tuple(hands), hand=mine, total=total, kitty=state.kitty,
                       shoot_room=shoot_room(state), deal_number=state.deal_number,
                       log=log_lines(state.log),
                       lost=sum(h.owner == seat and h.status is HandStatus.BUST for h in hands),
                       tries=tries(state) if who == seat else ())


def tries(state: DealState) -> tuple[Action, ...]:
    """A player's decisions on his turn, legal or not: declare, split, buy (at the least
    a card may cost, the hand's stake), twist and stick; nothing else (stakes, the banker's play and
    the moves between deals are offered as the rules allow them).

    >>> from cardrules.pontoon import Stake, apply, load_pontoon, new_deal
    >>> s = apply(new_deal(load_pontoon(), ["Ben", "Ann"], seed=1), Stake(20))
    >>> [type(a).__name__ for a in tries(s)]
    ['Declare', 'Split', 'Buy', 'Twist', 'Stick']
    """
    h = state.current_hand
    if state.phase is not Phase.PLAYERS or h is None:
        return ()
    return Declare(), Split(0), Buy(h.stake), Twist(), Stick()


def pontoon_view(view: View[Action]) -> PontoonView:
    """A view narrowed to Pontoon's own, for the computer players.

    >>> pontoon_view(View(game="banco", seat="Ann", to_act=None, over=True, rows=()))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Pontoon player needs a Pontoon view; got one of banco.
    """
    if not isinstance(view, PontoonView):
        raise SetupError(f"A Pontoon player needs a Pontoon view; got one of "
                         f"{getattr(view, 'game', type(view).__name__)}.")
    return view
