"""The computer players of Punto Banco, and random play.

The croupier leaves nothing to choose: each hand draws or stands as the tableau says.  The
one computer player is the croupier, who deals by the tableau.
"""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from ..game import Player, View, check_rng
from ..rng import Rng
from .actions import Action, PlaceBet
from .apply import legal_actions
from .profile import load_banco  # noqa: F401  (doctests)
from .state import BetOn, CoupState, Stage, coup_state
from .view import banco_view


def random_action(state: CoupState, rng: Rng) -> Action:
    """A legal action drawn with ``rng``: a bet of a random side and amount while the bets
    are placed (:func:`random_bettor`), then the one draw or stand the tableau allows.

    >>> from cardrules.banco import new_coup
    >>> random_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C")), Rng(1))
    Draw(side=<Side.PLAYER: 'player'>)
    """
    state = coup_state(state, "random_action")
    rng = check_rng(rng)
    actions = legal_actions(state)
    if not actions:
        raise IllegalAction("banco.result", "The coup is over: no action is legal.")
    if state.stage is Stage.BETS:
        r = state.rules
        sides = sorted({a.on for a in actions if isinstance(a, PlaceBet)}, key=lambda b: b.value)
        return PlaceBet(rng.choice(sides), rng.between(r.min_bet, r.max_bet))
    return rng.choice(actions)


def _bet_on(view: View[Action], side: BetOn) -> Action:
    """The standard bet on ``side`` among the view's legal bets (the first listed else)."""
    v = banco_view(view)
    bets = [a for a in v.legal if isinstance(a, PlaceBet)]
    for a in bets:
        if a.on is side and a.amount == v.standard_bet:
            return a
    return next(iter(v.legal))


def croupier(view: View[Action], rng: Rng) -> Action:
    """The croupier's play: the one action the tableau allows the hand to act; a bettor's
    seat bets the standard amount on the Banker.

    >>> from cardrules.banco import start, view as seat_view
    >>> croupier(seat_view(start(load_banco(), seed=3), "Seat 1"), Rng(1))
    PlaceBet(on=<BetOn.BANKER: 'banker'>, amount=10)
    """
    v = banco_view(view)
    if v.betting:
        return _bet_on(v, BetOn.BANKER)
    return next(iter(v.legal))


def player_backer(view: View[Action], rng: Rng) -> Action:
    """Bets the standard amount on the Player; the hands are played by the tableau.

    >>> from cardrules.banco import start, view as seat_view
    >>> player_backer(seat_view(start(load_banco(), seed=3), "Seat 1"), Rng(1)).on
    <BetOn.PLAYER: 'player'>
    """
    v = banco_view(view)
    return _bet_on(v, BetOn.PLAYER) if v.betting else next(iter(v.legal))


def random_bettor(view: View[Action], rng: Rng) -> Action:
    """Bets at random: any side the table takes, any amount within its limits, all alike
    likely; the hands are played by the tableau.

    >>> from cardrules.banco import start, view as seat_view
    >>> a = random_bettor(seat_view(start(load_banco(), seed=3), "Seat 1"), Rng(2))
    >>> 1 <= a.amount <= 1000
    True
    """
    v = banco_view(view)
    if not v.betting:
        return next(iter(v.legal))
    sides = sorted({a.on for a in v.legal if isinstance(a, PlaceBet)}, key=lambda b: b.value)
    return PlaceBet(rng.choice(sides), rng.between(v.min_bet, v.max_bet))


PLAYERS: tuple[Player[Action], ...] = (
    Player("croupier", "Banker backer",
           "Bets the standard 10 chips on the Banker, the bet with the smallest house edge; "
           "the hands are dealt by the tableau: the Player draws on 0 to 5 and stands on 6 "
           "or 7, then the Banker draws or stands as the tableau says.", croupier),
    Player("player-backer", "Player backer",
           "Bets the standard 10 chips on the Player; the hands are dealt by the tableau.",
           player_backer),
    Player("random", "Random bettor",
           "Bets on any side the table takes, any amount within its limits, at random; the "
           "hands are dealt by the tableau.", random_bettor),
)
