"""The outcome of a hand in the game contract's terms: every chip into and out of the pot
as a line ``payer pays payee``, each with its rule id."""

from __future__ import annotations

from ..game import Line, Outcome, Unit
from .rules import GAME
from .state import PalaceState, Phase, palace_state

#: the party the chips of the pot move through
POT = "the pot"


def outcome(state: PalaceState) -> Outcome:
    """The pot's record as an :class:`~cardrules.game.Outcome` in chips: each ante, buy,
    discard, bet, call and raise is a line from the player to the pot, each chip won
    (or an uncalled raise taken back) a line from the pot to the player
    [palace.end].  The lines always balance; at the end of the hand the pot is empty.

    >>> from cardrules.palace import Fold, apply, load_palace, new_hand
    >>> s = apply(new_hand(load_palace(), ["Ann", "Bob"], seed=1, dealer="Bob"), Fold())
    >>> print(outcome(s))
    Ann pays the pot 2: the ante [palace.banner.ante]
    Bob pays the pot 2: the ante [palace.banner.ante]
    the pot pays Bob 4: wins [palace.end]
    >>> outcome(s).final, outcome(s).net()
    (True, {'Ann': -2, 'the pot': 0, 'Bob': 2})
    """
    state = palace_state(state, "outcome")
    lines = []
    for m in state.pot_moves:
        if m.amount > 0:
            lines.append(Line(m.player, POT, m.amount, m.rule_id, m.reason))
        elif m.amount < 0:
            lines.append(Line(POT, m.player, -m.amount, m.rule_id, m.reason))
    return Outcome(GAME, Unit.CHIPS, tuple(lines), state.phase is Phase.OVER)
