"""The computer players of Pontoon, random play, and whole deals played by either.

Each computer player is a pure function of a seat's :class:`~cardrules.pontoon.view.PontoonView`
and an :class:`~cardrules.rng.Rng`: it reads the cards that seat may see and the legal
actions (an action with an amount is offered at the two ends of its range), never the
deal itself, and plays any seat, the banker's included.

>>> from cardrules.pontoon import load_pontoon, is_over, start
>>> is_over(random_play(start(load_pontoon(), seed=4), Rng(4)))
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card, Rank
from ..errors import IllegalAction
from ..game import Player, View, check_rng
from ..rng import Rng
from .actions import (
    Action,
    BankerDraw,
    BankerStay,
    Buy,
    Declare,
    NextDeal,
    Shoot,
    Split,
    Stake,
    Stick,
    TopUp,
    Twist,
)
from .apply import amount_of, apply, legal_actions
from .state import DealState, Phase, deal_state, to_act
from .values import is_ten_card, low_count
from .view import PontoonView, pontoon_view, view


# -- random play ---------------------------------------------------------------------------------
def random_action(state: DealState, rng: Rng) -> Action:
    """A random legal action: a kind of action chosen uniformly, then a uniform
    amount within its range.  Between deals it is always :class:`NextDeal` when
    that is allowed, else a refill of a dry kitty.

    >>> from cardrules.pontoon import can_apply, load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> a = random_action(s, Rng(5))
    >>> isinstance(a, Stake) and can_apply(s, a)
    True
    """
    state = deal_state(state, "random_action")
    rng = check_rng(rng)
    acts = legal_actions(state)
    if not acts:  # never: a deal always offers something, between deals too
        raise IllegalAction("pontoon.next-deal", "No action is legal now.")
    if state.is_over:
        for a in acts:
            if isinstance(a, (NextDeal, TopUp)):
                return a
        return acts[0]
    kinds = list(dict.fromkeys(type(a) for a in acts))
    kind = rng.choice(kinds)
    same = [a for a in acts if type(a) is kind]
    if kind in (Stake, Shoot, Buy, Split):
        amounts = [amount_of(a) for a in same]
        amount = rng.between(min(amounts), max(amounts))
        if kind is Split:
            return Split(amount if rng.below(2) else 0)
        return Stake(amount) if kind is Stake else Shoot(amount) if kind is Shoot else Buy(amount)
    return same[0]


def random_play(state: DealState, rng: Rng) -> DealState:
    """Play a deal to its end with random legal actions.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> random_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=4), Rng(4)).is_over
    True
    """
    state = deal_state(state, "random_play")
    while not state.is_over:
        state = apply(state, random_action(state, rng))
    return state


# -- reading a view -----------------------------------------------------------------------------
def _cards(v: PontoonView) -> tuple[Card, ...]:
    """The cards of the hand the seat plays (its holder sees all of them)."""
    return () if v.hand is None else v.rows[v.hand].shown


def _range(v: PontoonView, kind: type) -> tuple[int, int] | None:
    """The least and the most amount offered for ``kind`` (Split: its shoot bet)."""
    amounts = [amount_of(a) for a in v.legal if type(a) is kind]
    return (min(amounts), max(amounts)) if amounts else None


def _good_start(v: PontoonView) -> bool:
    """The first card is an ace or a ten-card."""
    cards = _cards(v)
    return bool(cards) and (cards[0].rank is Rank.ACE or is_ten_card(cards[0]))


def _first_of(v: PontoonView, *actions: Action) -> Action:
    """The first of ``actions`` that is legal, else the first legal action."""
    for a in actions:
        if a in v.legal:
            return a
    return next(iter(v.legal))


def _bank(v: PontoonView, stay_on: int) -> Action:
    """The banker draws below ``stay_on`` and stays on it or more."""
    if (v.total or 0) < stay_on and BankerDraw() in v.legal:
        return BankerDraw()
    return BankerStay()


def _staked(v: PontoonView, stake: Callable[[int, int], int], shoot: Callable[[int], int]
            ) -> Action | None:
    """The stake or the first shoot bet, chosen from the offered range; None in the turns."""
    if v.phase is Phase.STAKES:
        span = _range(v, Stake)
        assert span is not None
        return Stake(stake(*span))
    if v.phase is Phase.SHOOT:
        span = _range(v, Shoot)
        assert span is not None
        return Shoot(shoot(span[1]))
    return None


# -- the named players ----------------------------------------------------------------------------
def sensible(view: View[Action], rng: Rng) -> Action:
    """The sensible player: twice the minimum stake on an ace or a ten-card, the minimum
    otherwise, and a quarter of the uncovered kitty as a shoot bet on those cards only;
    declares a pontoon, splits aces and eights, buys the cheapest card while the hand
    counts 11 or less with its aces as 1, twists below 16 and sticks on 16 or more.  As
    the banker, draws below 17 and stays on 17 or more.

    >>> from cardrules.pontoon import load_pontoon, start, view as seat_view
    >>> s = start(load_pontoon(), seed=7)
    >>> s.players[0].name, s.players[0].hands[0].cards
    ('Eva', (Card('9♣'),))
    >>> sensible(seat_view(s, "Eva"), Rng(1))
    Stake(amount=10)
    """
    v = pontoon_view(view)
    good = _good_start(v)
    bet = _staked(v, lambda lo, hi: min(hi, 2 * lo) if good else lo,
                  lambda room: room // 4 if good else 0)
    if bet is not None:
        return bet
    if v.phase is Phase.BANKER:
        return _bank(v, 17)
    cards = _cards(v)
    if Declare() in v.legal:
        return Declare()
    if Split(0) in v.legal and cards[0].rank in (Rank.ACE, Rank.EIGHT):
        return Split(0)
    buy = _range(v, Buy)
    if buy is not None and low_count(cards) <= 11:
        return Buy(buy[0])
    if (v.total or 0) < 16 and Twist() in v.legal:
        return Twist()
    return _first_of(v, Stick(), Twist(), *([Buy(buy[0])] if buy else []))


def cautious(view: View[Action], rng: Rng) -> Action:
    """The cautious player: stakes the minimum and makes no shoot bet; declares a pontoon,
    never splits or buys, twists until the hand may stick and sticks as soon as it may.
    As the banker, draws below 16 and stays on 16 or more.

    >>> from cardrules.pontoon import load_pontoon, start, view as seat_view
    >>> cautious(seat_view(start(load_pontoon(), seed=7), "Eva"), Rng(1))
    Stake(amount=10)
    """
    v = pontoon_view(view)
    bet = _staked(v, lambda lo, hi: lo, lambda room: 0)
    if bet is not None:
        return bet
    if v.phase is Phase.BANKER:
        return _bank(v, 16)
    buy = _range(v, Buy)
    return _first_of(v, Declare(), Stick(), Twist(), *([Buy(buy[0])] if buy else []))


def bold(view: View[Action], rng: Rng) -> Action:
    """The bold player: stakes the maximum and shoots half the uncovered kitty; declares a
    pontoon, splits every pair (shooting half the uncovered kitty on the new hand), and
    while the hand counts 11 or less with its aces as 1 shoots half the uncovered kitty
    before a 4th card and buys at the highest price; twists below 17 and sticks on 17 or
    more.  As the banker, draws below 18 and stays on 18 or more.

    >>> from cardrules.pontoon import load_pontoon, start, view as seat_view
    >>> bold(seat_view(start(load_pontoon(), seed=7), "Eva"), Rng(1))
    Stake(amount=100)
    """
    v = pontoon_view(view)
    bet = _staked(v, lambda lo, hi: hi, lambda room: room // 2)
    if bet is not None:
        return bet
    if v.phase is Phase.BANKER:
        return _bank(v, 18)
    if Declare() in v.legal:
        return Declare()
    cards = _cards(v)
    split = _range(v, Split)
    if split is not None:
        return Split(split[1] // 2)
    low = low_count(cards)
    shoot = _range(v, Shoot)
    if shoot is not None and low <= 11 and shoot[1] // 2 >= 1:
        return Shoot(shoot[1] // 2)
    buy = _range(v, Buy)
    if buy is not None and low <= 11:
        return Buy(buy[1])
    if (v.total or 0) < 17 and Twist() in v.legal:
        return Twist()
    return _first_of(v, Stick(), Twist(), *([Buy(buy[1])] if buy else []))


#: the computer players, the table's default first
PLAYERS: tuple[Player[Action], ...] = (
    Player("sensible", "Sensible",
           "Stakes twice the minimum on a first card that is an ace or a ten-card and the "
           "minimum otherwise (shooting a quarter of the uncovered kitty on those cards only); "
           "declares a pontoon, splits aces and eights, buys the cheapest card while the hand "
           "counts 11 or less with its aces as 1, twists below 16 and sticks on 16 or more. "
           "As the banker, draws below 17 and stays on 17 or more.", sensible),
    Player("cautious", "Cautious",
           "Stakes the minimum and makes no shoot bet; declares a pontoon, never splits or "
           "buys, twists until the hand may stick and sticks as soon as it may. As the banker, "
           "draws below 16 and stays on 16 or more.", cautious),
    Player("bold", "Bold",
           "Stakes the maximum and shoots half the uncovered kitty; declares a pontoon, splits "
           "every pair, and while the hand counts 11 or less with its aces as 1 shoots half "
           "the uncovered kitty before a 4th card and buys at the highest price; twists below "
           "17 and sticks on 17 or more. As the banker, draws below 18 and stays on 18 or more.",
           bold),
)


# -- sensible play of whole deals -----------------------------------------------------------------
def sensible_action(state: DealState, rng: Rng) -> Action:
    """The sensible player's move for whoever is to act (:func:`sensible`, which sees only
    that seat's view); between deals, what :func:`random_action` does.  The engine's banker
    at the book's play-along table plays this way.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> a = sensible_action(s, Rng(1))
    >>> isinstance(a, Stake) and 10 <= a.amount <= 100
    True
    """
    state = deal_state(state, "sensible_action")
    rng = check_rng(rng)
    seat = to_act(state)
    if seat is None:
        return random_action(state, rng)
    return sensible(view(state, seat), rng)


def sensible_play(state: DealState, rng: Rng) -> DealState:
    """Play a deal to its end with :func:`sensible_action`.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> sensible_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=4), Rng(4)).is_over
    True
    """
    state = deal_state(state, "sensible_play")
    while not state.is_over:
        state = apply(state, sensible_action(state, rng))
    return state
