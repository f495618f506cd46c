"""Playing Casino: applying a play, the end of a round (the residue, the score) and the
winner of the game."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import (
    cards_text,
    parse_cards,  # noqa: F401  (doctests)
)
from .checks import verify_action
from .deal import position  # noqa: F401  (doctests)
from .legal import trusted
from .listing import _play
from .rules import (
    CasinoRules,
    load_casino,  # noqa: F401  (doctests)
)
from .score import (
    _score_round,
    score_piles,  # noqa: F401  (doctests)
)
from .state import (
    CasinoState,
    Increase,  # noqa: F401  (doctests)
    Move,
    Phase,
    RoundScore,
    note,
)


# -- applying a move ------------------------------------------------------------------------
def apply(state: CasinoState, move: Move) -> CasinoState:
    """The state after ``move``; the old state is unchanged.  Illegal moves raise
    IllegalAction with the rule id.  After the last play of a round the residue goes
    to the last capturer and the round is scored.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> t = apply(s, Increase("2S", 7, 9, ("9D",)))
    >>> [b.label(t.names) for b in t.builds], t.loose
    (['Build of 9 (multiple), owner North'], ())
    """
    if not trusted(state, move):
        verify_action(state, move)
    return _play(state, move)


def _end_round(state: CasinoState) -> CasinoState:
    rest = state.table_cards
    piles = list(state.piles)
    taker = state.last_capturer if state.last_capturer is not None else state.dealer
    log = state.record
    if rest:
        piles[taker] = piles[taker] + rest
        why = ("the last player to capture" if state.last_capturer is not None
               else "the dealer, as nobody captured")
        log = note(log, taker, "casino.residue", f"{state.names[taker]}, {why}, takes the "
                   f"cards left on the table: {cards_text(rest)}. This is not a sweep.")
    score = _score_round(state, piles)
    totals = tuple(a + b for a, b in zip(state.scores, score.points, strict=True))
    winner, how, how_rule = _decide(state.rules, state.scores, score)
    sides = state.sides
    pts = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(score.points))
    tot = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(totals))
    log = note(log, None, "casino.score", f"Round {state.round} scores {pts}; the game "
               f"stands {tot}.")
    if how:
        log = note(log, None, how_rule, how)
    # ``replace(state, ...)`` without its checks: the fields are those of a valid state
    d = state.__dict__.copy()
    d.update(loose=(), builds=(), piles=tuple(piles), scores=totals,
             rounds=(*state.rounds, score), record=log,
             phase=Phase.GAME_OVER if winner is not None else Phase.ROUND_OVER, winner=winner)
    ended = object.__new__(CasinoState)
    object.__setattr__(ended, "__dict__", d)
    return ended


def game_result(rules: CasinoRules, before: Sequence[int], score: RoundScore
                ) -> tuple[int | None, str]:
    """Who wins after a round (a side, or None to play on) and why [casino.game,
    casino.royal.count-out].

    >>> sc = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
    >>> game_result(load_casino(), (14, 20), sc)
    (0, 'North reaches 22 and wins the game.')
    >>> game_result(load_casino(), (13, 20), sc)
    (None, 'North and South tie with 21: another round is played.')
    >>> game_result(load_casino("royal-casino"), (13, 20), sc)
    (1, 'Counting out: South reaches 21 first, with ace of spades, and wins the game.')
    """
    winner, text, _ = _decide(rules, tuple(before), score)
    return winner, text


def _decide(rules: CasinoRules, before: tuple[int, ...], score: RoundScore
            ) -> tuple[int | None, str, str]:
    """The winning side after a round, if any, and why [casino.game, casino.royal.count-out]."""
    target = rules.target
    totals = [a + b for a, b in zip(before, score.points, strict=True)]
    over = [i for i, t in enumerate(totals) if t >= target]
    if not over:
        return None, "", "casino.game"
    sides = score.sides
    if rules.count_out:
        running = list(before)
        for a in score.awards:
            running[a.side] += a.points
            if running[a.side] >= target:
                return a.side, (f"Counting out: {sides[a.side]} reaches {target} first, with "
                                f"{a.item}, and wins the game."), "casino.royal.count-out"
    best = max(totals)
    top = [i for i in over if totals[i] == best]
    if len(top) > 1:
        names = " and ".join(sides[i] for i in top)
        return None, f"{names} tie with {best}: another round is played.", "casino.game"
    return top[0], f"{sides[top[0]]} reaches {best} and wins the game.", "casino.game"


