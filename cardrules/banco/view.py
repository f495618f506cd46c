"""What a seat sees of a coup: in Punto Banco every card is dealt face up, so every seat
sees both hands, their totals and the bets on the table."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Row, SetupError, View, check_seat, log_lines
from .actions import Action, Draw, Stand
from .apply import legal_actions, standard_amount
from .explain import reason
from .profile import BancoRules
from .state import Bet, CoupState, Stage, coup_state, is_over, to_act
from .values import Side

#: the hands the croupier plays by the rules: the names ``to_act`` gives
HANDS = ("Player", "Banker")


@dataclass(frozen=True, kw_only=True)
class BancoView(View[Action]):
    """A seat's view of a coup: both hands face up, their totals, and the bets so far."""

    #: the table's rules
    rules: BancoRules
    player_total: int
    banker_total: int
    bets: tuple[Bet, ...]
    #: the bets are being placed (no card is dealt yet)
    betting: bool
    #: the table's limits, and the standard bet within them
    min_bet: int
    max_bet: int
    standard_bet: int


def view(state: CoupState, seat: str) -> BancoView:
    """What ``seat`` sees: a bettor (a seat of :func:`~cardrules.banco.start`), or the
    ``"Player"`` or ``"Banker"`` hand, which the croupier plays; only the hand to act has
    legal actions.

    >>> from cardrules.banco import load_banco, new_coup, standard_bets, start
    >>> s = new_coup(load_banco(), seed=3, bets=standard_bets(load_banco()))
    >>> v = view(s, "Player")
    >>> [row.label for row in v.rows], v.my_turn, v.legal
    (['Player (0)', 'Banker (3)'], True, (Draw(side=<Side.PLAYER: 'player'>),))
    >>> view(s, "Seat 1").legal
    ()
    >>> v = view(start(load_banco(), seed=3), "Seat 1")
    >>> [(row.label, row.cards) for row in v.rows], v.status, len(v.legal)
    ([('Player', ()), ('Banker', ())], 'Seat 1 bets on the Player, the Banker or a Tie, 1 to 1000 chips, before the deal.', 9)
    """
    state = coup_state(state, "view")
    names = (*HANDS, *dict.fromkeys((*state.seats, *(b.bettor for b in state.bets))))
    seat = check_seat(seat, names, "Punto Banco")
    who = to_act(state)
    over = is_over(state)
    if over:
        status = f"The coup is over: Player {state.player_total}, Banker {state.banker_total}."
    elif state.stage is Stage.BETS:
        status = reason(state)[1]
    else:
        status = f"The {str(who).lower()} hand is to draw or stand."
    # Before the deal both hands are there, empty: the table keeps its shape when they fill.
    rows = (Row("Player", (), owner="Player"), Row("Banker", (), owner="Banker")) \
        if state.stage is Stage.BETS else (
            Row(f"Player ({state.player_total})", state.player, owner="Player"),
            Row(f"Banker ({state.banker_total})", state.banker, owner="Banker"))
    return BancoView(game="banco", seat=seat, to_act=who, over=over, rows=rows,
                     legal=legal_actions(state) if who == seat else (), status=status,
                     rules=state.rules, player_total=state.player_total,
                     banker_total=state.banker_total,
                     bets=state.bets, betting=state.stage is Stage.BETS,
                     min_bet=state.rules.min_bet, max_bet=state.rules.max_bet,
                     standard_bet=standard_amount(state), log=log_lines(state.log),
                     tries=tries(state) if who == seat else ())


def tries(state: CoupState) -> tuple[Action, ...]:
    """The croupier's decision for the hand to act: draw a third card or stand (the rules
    allow one of them); nothing while the bets are placed.

    >>> from cardrules.banco import load_banco, new_coup, parse_cards
    >>> tries(new_coup(load_banco(), parse_cards("3C 2D KH 3S")))
    (Draw(side=<Side.PLAYER: 'player'>), Stand(side=<Side.PLAYER: 'player'>))
    """
    if state.stage is Stage.PLAYER:
        return Draw(Side.PLAYER), Stand(Side.PLAYER)
    if state.stage is Stage.BANKER:
        return Draw(Side.BANKER), Stand(Side.BANKER)
    return ()


def banco_view(view: View[Action]) -> BancoView:
    """A view narrowed to Punto Banco's own, for the computer players.

    >>> banco_view(View(game="pontoon", seat="Ann", to_act=None, over=True, rows=()))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Punto Banco player needs a Punto Banco view; got one of pontoon.
    """
    if not isinstance(view, BancoView):
        raise SetupError(f"A Punto Banco player needs a Punto Banco view; got one of "
                         f"{getattr(view, 'game', type(view).__name__)}.")
    return view
