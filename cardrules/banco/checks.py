"""The croupier's one legal action at each step, and the contract's ``verify_action`` and
``can_apply``: Punto Banco leaves the croupier no choice, so every other action is refused
with the rule that decides it."""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from ..game import can
from .actions import ACTION_TYPES, Draw, PlaceBet, Stand
from .profile import load_banco  # noqa: F401  (doctests)
from .state import BetOn, CoupState, Stage, coup_state
from .values import Side, banker_draws, banker_reason, player_draws


def required_action(state: CoupState) -> Draw | Stand | None:
    """The action the rules require of the croupier now, or None while the bets are placed
    (a choice) and once the coup is over.

    >>> from cardrules.banco import new_coup
    >>> required_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S")))
    Draw(side=<Side.PLAYER: 'player'>)
    """
    if state.stage is Stage.PLAYER:
        return Draw(Side.PLAYER) if player_draws(state.player_total) else Stand(Side.PLAYER)
    if state.stage is Stage.BANKER:
        draws = banker_draws(state.banker_total, state.player_third_card)
        return Draw(Side.BANKER) if draws else Stand(Side.BANKER)
    return None


def bet_sides(state: CoupState) -> tuple[BetOn, ...]:
    """What a bet may back at this table: Player, Banker and Tie (the social table takes
    no tie bets).

    >>> from cardrules.banco import start
    >>> [b.value for b in bet_sides(start(load_banco("banco"), 1))]
    ['player', 'banker']
    """
    return (BetOn.PLAYER, BetOn.BANKER) if state.rules.table == "social" else tuple(BetOn)


def verify_bet(state: CoupState, bet: PlaceBet) -> None:
    """Raise :class:`IllegalAction` unless the seat to act may place ``bet`` now: betting
    is open, the bet backs a side the table takes, and its amount is within the limits.

    >>> from cardrules.banco import start
    >>> s = start(load_banco(), 1)
    >>> verify_bet(s, PlaceBet(BetOn.TIE, 5000))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: A bet must be between 1 and 1000 chips; Seat 1 bet 5000. [rule banco.payouts]
    """
    if state.stage is not Stage.BETS:
        raise IllegalAction("banco.deal", "The bets are placed before the deal; the cards are "
                            "out, so no more bets.")
    r = state.rules
    if not isinstance(bet.on, BetOn):
        raise IllegalAction("banco.payouts", f"A bet backs the Player, the Banker or a Tie; got "
                            f"{bet.on!r}.")
    if bet.on not in bet_sides(state):
        raise IllegalAction("banco.social", "The social table takes bets on Bank or Player only.")
    if isinstance(bet.amount, bool) or not isinstance(bet.amount, int):
        raise IllegalAction("banco.payouts", f"A bet is a whole number of chips, {r.min_bet} to "
                            f"{r.max_bet}; got {bet.amount!r}.")
    if not r.min_bet <= bet.amount <= r.max_bet:
        raise IllegalAction("banco.payouts", f"A bet must be between {r.min_bet} and {r.max_bet} "
                            f"chips; {state.bettor} bet {bet.amount}.")


can_bet = can(verify_bet)


def verify_action(state: CoupState, action: object) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is what the rules require now; an
    object that is not a Punto Banco action is refused too.

    >>> from cardrules.banco import new_coup
    >>> verify_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S")), "stick")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 'stick' is not a Punto Banco action; use PlaceBet, Draw or Stand. [rule banco.deal]
    """
    state = coup_state(state, "verify_action")
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction("banco.deal", f"{action!r} is not a Punto Banco action; use "
                            "PlaceBet, Draw or Stand.")
    if isinstance(action, PlaceBet):
        verify_bet(state, action)
        return
    if state.stage is Stage.BETS:
        raise IllegalAction("banco.deal", f"The cards are not dealt yet: {state.bettor} is to "
                            "place a bet first.")
    required = required_action(state)
    if required is None:
        if (state.player_total >= 8 and len(state.player) == 2) or (
            state.banker_total >= 8 and len(state.banker) == 2
        ):
            raise IllegalAction("banco.natural", "A natural ends the coup: nobody draws after a "
                                f"natural (Player {state.player_total}, Banker {state.banker_total}).")
        raise IllegalAction("banco.result", "The coup is over: both hands have played.")
    if action == required:
        return
    assert not isinstance(action, PlaceBet)  # a bet was checked above
    if action.side is not required.side:
        raise IllegalAction(
            "banco.deal" if state.stage is Stage.PLAYER else "banco.third-card",
            f"It is the {required.side.value}'s turn: the Player hand plays first, then the Banker.",
        )
    if state.stage is Stage.PLAYER:
        t = state.player_total
        if isinstance(action, Draw):
            raise IllegalAction("banco.player-draw",
                                f"The player stands on {t}: the player draws only on 0-5.")
        raise IllegalAction("banco.player-draw",
                            f"The player must draw on {t}: the player draws on 0-5, stands on 6-7.")
    reason = banker_reason(state.banker_total, state.player_third_card)
    raise IllegalAction("banco.third-card", reason)


can_apply = can(verify_action)
