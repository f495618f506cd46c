"""Playing a coup: the legal actions (a bet for each seat in turn, then the one draw or
stand the rules require), applying an action, the deal once betting closes, and playing a
dealt coup to its end."""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from .actions import Action, Draw, PlaceBet, Stand
from .checks import bet_sides, required_action, verify_action
from .explain import reason
from .profile import load_banco  # noqa: F401  (doctests)
from .state import Bet, CoupState, Stage, coup_state
from .values import Side, hand_value, is_natural

#: the bet a computer player or a button offers first, kept within the table's limits
STANDARD_BET = 10


def standard_amount(state: CoupState) -> int:
    """The standard bet, 10 chips, kept within the table's limits.

    >>> standard_amount(CoupState(load_banco().replace(min_bet=25), (), (), (), Stage.BETS))
    25
    """
    r = state.rules
    return min(max(STANDARD_BET, r.min_bet), r.max_bet)


def deal_hands(state: CoupState) -> CoupState:
    """Betting closed: the croupier deals two cards each to the Player hand and the Banker
    hand, alternately, from the top of the shoe [banco.deal]; a natural ends the coup.

    >>> from cardrules.banco import new_coup
    >>> s = new_coup(load_banco(), parse_cards("9C 2D KH 3S"))
    >>> s.player, s.banker, s.stage.value
    ((Card('9♣'), Card('K♥')), (Card('2♦'), Card('3♠')), 'over')
    """
    cards = state.shoe
    player, banker = (cards[0], cards[2]), (cards[1], cards[3])
    log = (*state.log, ("banco.deal", f"Player is dealt {cards[0]} {cards[2]} "
                                      f"({hand_value(player)}), Banker {cards[1]} {cards[3]} "
                                      f"({hand_value(banker)})."))
    stage = Stage.PLAYER
    if is_natural(player) or is_natural(banker):
        stage = Stage.OVER
        log += (("banco.natural", "A natural: nobody draws."),)
    return CoupState(state.rules, player, banker, cards[4:], stage, log=log, bets=state.bets,
                     seats=state.seats)


def legal_actions(state: CoupState) -> tuple[Action, ...]:
    """While the bets are placed, a bet on each side the table takes, at the smallest,
    the standard and the largest amount (any amount between them may be bet too); then
    the one draw or stand the rules require (Punto Banco leaves the croupier no choice);
    none once the coup is over.

    >>> from cardrules.banco import new_coup, start
    >>> legal_actions(new_coup(load_banco(), parse_cards("9C 2D KH 3S")))
    ()
    >>> [f"{a.on.value} {a.amount}" for a in legal_actions(start(load_banco("banco"), 1))]
    ['player 1', 'player 10', 'player 1000', 'banker 1', 'banker 10', 'banker 1000']
    """
    state = coup_state(state, "legal_actions")
    if state.stage is Stage.BETS:
        r = state.rules
        amounts = sorted({r.min_bet, standard_amount(state), r.max_bet})
        return tuple(PlaceBet(on, a) for on in bet_sides(state) for a in amounts)
    action = required_action(state)
    return () if action is None else (action,)


def apply(state: CoupState, action: Action) -> CoupState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise.

    >>> from cardrules.banco import new_coup
    >>> s = apply(new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C")), Draw(Side.PLAYER))
    >>> s.player, s.stage.value
    ((Card('3♣'), Card('K♥'), Card('4♣')), 'banker to act')
    """
    state = coup_state(state, "apply")
    verify_action(state, action)
    if isinstance(action, PlaceBet):
        bettor = state.bettor or ""
        bets = (*state.bets, Bet(bettor, action.on, action.amount))
        log = (*state.log, ("banco.payouts", f"{bettor} bets {action.amount} on "
                                             f"{_side_words(action)}."))
        placed = CoupState(state.rules, (), (), state.shoe, Stage.BETS, log=log, bets=bets,
                           seats=state.seats)
        return deal_hands(placed) if len(bets) == len(state.seats) else placed
    rule_id, why = reason(state)
    text = why[0].upper() + why[1:]
    player, banker, rest = state.player, state.banker, state.shoe
    if isinstance(action, Draw):
        if not rest:
            raise IllegalAction("banco.deal", "The shoe is empty: no card is left to draw.")
        if action.side is Side.PLAYER:
            player = (*player, rest[0])
        else:
            banker = (*banker, rest[0])
        text += f" Dealt {rest[0]}."
        rest = rest[1:]
    stage = Stage.BANKER if state.stage is Stage.PLAYER else Stage.OVER
    stood = state.player_stood or (state.stage is Stage.PLAYER and isinstance(action, Stand))
    return CoupState(state.rules, player, banker, rest, stage, stood,
                     (*state.log, (rule_id, text)), state.bets, state.seats)


def _side_words(bet: PlaceBet) -> str:
    return "a tie" if bet.on.value == "tie" else f"the {bet.on.value.capitalize()}"


def play_out(state: CoupState) -> CoupState:
    """Play a dealt coup to its end by the rules (the bets must be placed: a coup still
    taking bets is refused).

    >>> from cardrules.banco import new_coup
    >>> play_out(new_coup(load_banco(), seed=5)).is_over
    True
    """
    state = coup_state(state, "play_out")
    if state.stage is Stage.BETS:
        raise IllegalAction("banco.deal", f"The bets are not all placed: {state.bettor} is to "
                            "bet before the cards are dealt.")
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state
