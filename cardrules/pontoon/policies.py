"""Whole deals: random and sensible play, the contract's :func:`start`, and seeded deals
as rows for the book.

>>> from cardrules.pontoon import load_pontoon, is_over
>>> is_over(random_play(start(load_pontoon(), seed=4), Rng(4)))
True
"""

from __future__ import annotations

from ..cards import Card, Rank
from ..game import SetupError, check_profile
from ..rng import Rng
from .checks import can_banker_draw, can_declare, can_split, can_stick, can_twist, shoot_room
from .deal import FIRST_BANKER_SEATS, choose_first_banker, new_deal
from .play import _amount_of, amount_range, apply, legal_actions
from .profile import PontoonRules
from .state import (
    Action,
    BankerDraw,
    BankerStay,
    Buy,
    DealState,
    Declare,
    NextDeal,
    Phase,
    Shoot,
    Split,
    Stake,
    Stick,
    TopUp,
    Twist,
    _replace,
)
from .values import hand_value, low_total


# -- playing whole deals ------------------------------------------------------------------------
def random_action(state: DealState, rng: Rng) -> Action:
    """A random legal action: a kind of action chosen uniformly, then a uniform
    amount within its range.  Between deals it is always :class:`NextDeal` when
    that is allowed, else a refill of a dry kitty.

    >>> from cardrules.pontoon import can_apply, load_pontoon
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> a = random_action(s, Rng(5))
    >>> isinstance(a, Stake) and can_apply(s, a)
    True
    """
    acts = legal_actions(state)
    if state.is_over:
        for a in acts:
            if isinstance(a, (NextDeal, TopUp)):
                return a
        return acts[0]
    kinds = list(dict.fromkeys(type(a) for a in acts))
    kind = rng.choice(kinds)
    same = [a for a in acts if type(a) is kind]
    if kind in (Stake, Shoot, Buy, Split):
        amounts = [_amount_of(a) for a in same]
        amount = rng.between(min(amounts), max(amounts))
        if kind is Split:
            return Split(amount if rng.below(2) else 0)
        return Stake(amount) if kind is Stake else Shoot(amount) if kind is Shoot else Buy(amount)
    return same[0]


def sensible_action(state: DealState, rng: Rng) -> Action:
    """A plausible move, as a cautious player or banker might make it: declare a
    pontoon, split aces and eights, buy cheaply on 11 or less, twist below 16,
    stick otherwise; the banker draws below 17.  For examples and quizzes.

    >>> from cardrules.pontoon import load_pontoon
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> a = sensible_action(s, Rng(1))
    >>> isinstance(a, Stake) and 10 <= a.amount <= 100
    True
    """
    r = state.rules
    ph = state.phase
    if ph is Phase.STAKES:
        step = max(1, (r.max_stake - r.min_stake) // 4)
        return Stake(min(r.max_stake, r.min_stake + step * rng.below(4)))
    if ph is Phase.SHOOT:
        room = shoot_room(state)
        return Shoot(rng.between(0, room) // 2 if rng.below(2) else 0)
    if ph is Phase.BANKER:
        if hand_value(state.banker_cards) < 17 and can_banker_draw(state):
            return BankerDraw()
        return BankerStay()
    if ph is Phase.OVER:
        return random_action(state, rng)
    if can_declare(state):
        return Declare()
    h = state.current_hand
    assert h is not None
    if len(h.cards) == 2 and h.cards[0].rank in (Rank.ACE, Rank.EIGHT) and can_split(state):
        return Split(0)
    v = hand_value(h.cards)
    br = amount_range(state, Buy)
    if br is not None and low_total(h.cards) <= 11:
        return Buy(br[0])
    if v < max(16, r.min_stick) and can_twist(state):
        return Twist()
    if can_stick(state):
        return Stick()
    return random_action(state, rng)


def random_play(state: DealState, rng: Rng) -> DealState:
    """Play a deal to its end with random legal actions.

    >>> from cardrules.pontoon import load_pontoon
    >>> random_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=4), Rng(4)).is_over
    True
    """
    while not state.is_over:
        state = apply(state, random_action(state, rng))
    return state


def sensible_play(state: DealState, rng: Rng) -> DealState:
    """Play a deal to its end with :func:`sensible_action`.

    >>> from cardrules.pontoon import load_pontoon
    >>> sensible_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=4), Rng(4)).is_over
    True
    """
    while not state.is_over:
        state = apply(state, sensible_action(state, rng))
    return state



def deal_rows(rules: PontoonRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded deal, every player staking the minimum, as labelled rows of cards.
    ``players`` counts everyone at the table, the banker among them, as :func:`start`
    does (2 to 8; 5 when None).

    The banker's first card stays face down in play; here both are shown.

    >>> from cardrules.pontoon import load_pontoon
    >>> [label for label, _ in deal_rows(load_pontoon(), 3, 3)]
    ['Player 1', 'Player 2', 'Banker']
    """
    check_profile(rules, PontoonRules, "Pontoon")
    n = _table_size(players)
    names = ["Banker", *(f"Player {i}" for i in range(1, n))]
    s = new_deal(rules, names, seed=seed)
    while s.phase is Phase.STAKES:
        s = apply(s, legal_actions(s)[0])
    rows = [(p.name, tuple(c for h in p.hands for c in h.cards)) for p in s.players]
    return [*rows, ("Banker", tuple(s.banker_cards))]


def _table_size(players: int | None) -> int:
    """How many sit at the table, the banker among them: ``players``, or 5 when None."""
    n = 5 if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 8:
        raise SetupError(f"Pontoon is for 2 to 8 at the table (a banker and 1 to 7 players); "
                         f"{n!r} were asked for.")
    return n


def start(rules: PontoonRules, seed: int | str, players: int | None = None) -> DealState:
    """A new game as the contract starts one: ``players`` people at the table (2 to 8, the
    banker among them, as in :func:`deal_rows`; 5 when None, the least of the tables the
    rules call best), seated as Ann, Ben, Cleo... clockwise.  The first banker is chosen
    by the highest cut [pontoon.first-banker], the cuts drawn from ``seed``; the first deal
    is dealt from a pack shuffled with ``seed`` (in Shoot Pontoon the banker puts up the
    largest kitty, the maximum stake).

    >>> from cardrules.pontoon import load_pontoon, describe
    >>> s = start(load_pontoon(), seed=1, players=4)
    >>> s.seats, s.banker
    (('Ann', 'Ben', 'Cleo', 'Dev'), 'Cleo')
    >>> print(describe(s).splitlines()[0])
    Ann cuts K♥, Ben cuts 10♣, Cleo cuts A♠, Dev cuts 2♣: Cleo cuts highest and is the first banker.
    """
    check_profile(rules, PontoonRules, "Pontoon")
    seats = FIRST_BANKER_SEATS[:_table_size(players)]
    cut = choose_first_banker(seats, Rng(f"{seed}:cut"), rules.packs)
    state = new_deal(rules, seats, banker=cut.banker, seed=seed)
    cut_log = tuple(("pontoon.first-banker", line) for line in cut.lines())
    return _replace(state, log=(*cut_log, *state.log))
