"""The computer players of Punto Banco, and random play.

The croupier leaves nothing to choose: each hand draws or stands as the tableau says.  The
one computer player is the croupier, who deals by the tableau.
"""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from ..game import Player, View, check_rng
from ..rng import Rng
from .actions import Action
from .apply import legal_actions
from .profile import load_banco  # noqa: F401  (doctests)
from .state import CoupState, coup_state
from .view import banco_view


def random_action(state: CoupState, rng: Rng) -> Action:
    """A legal action drawn with ``rng`` (Punto Banco allows one at a time).

    >>> from cardrules.banco import new_coup
    >>> random_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C")), Rng(1))
    Draw(side=<Side.PLAYER: 'player'>)
    """
    state = coup_state(state, "random_action")
    rng = check_rng(rng)
    actions = legal_actions(state)
    if not actions:
        raise IllegalAction("banco.result", "The coup is over: no action is legal.")
    return rng.choice(actions)


def croupier(view: View[Action], rng: Rng) -> Action:
    """The croupier's play: the one action the tableau allows the hand to act.

    >>> from cardrules.banco import start, view as seat_view
    >>> croupier(seat_view(start(load_banco(), seed=3), "Player"), Rng(1))
    Draw(side=<Side.PLAYER: 'player'>)
    """
    return next(iter(banco_view(view).legal))


PLAYERS: tuple[Player[Action], ...] = (
    Player("croupier", "The croupier",
           "Deals by the tableau: the Player hand draws on 0 to 5 and stands on 6 or 7; the "
           "Banker hand then draws or stands as the tableau says, given the Player's third "
           "card.", croupier),
)
