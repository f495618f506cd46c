"""Playing Casino: applying a play, the end of a round (the residue, the score) and the
winner of the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards import Card, cards_text, parse_cards
from .checks import verify_action
from .deal import _redeal, position
from .explain import _move_rule
from .legal import trusted
from .rules import CasinoRules, load_casino
from .score import score_piles, score_round
from .state import (
    Build,
    Capture,
    CasinoState,
    Increase,
    Move,
    Phase,
    Record,
    RoundScore,
    TableBuild,
    Trail,
    note,
)
from .table import _rest, partition

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


def _play(state: CasinoState, move: Move) -> CasinoState:
    rules = state.rules
    seat = state.turn
    card = move.card
    hands = list(state.hands)
    hands[seat] = _rest(state, card)
    loose = state.loose
    builds = state.builds
    piles = state.piles
    sweeps = state.sweeps
    last = state.last_capturer
    note = ""
    rule_id = _move_rule(state, move)
    if isinstance(move, Trail):
        loose = (*loose, card)
    elif isinstance(move, Capture):
        taken = move.loose
        loose = tuple([c for c in loose if c not in taken]) if taken else loose
        got: tuple[Card, ...] = (card, *move.loose)
        if move.build is not None:
            b = state.build_of(move.build)
            assert b is not None
            got += b.cards
            builds = tuple(x for x in builds if x is not b)
        pl = list(piles)
        pl[seat] = pl[seat] + got
        piles = tuple(pl)
        last = seat
        if not loose and not builds and rules.sweeps:
            sw = list(sweeps)
            sw[seat] = sw[seat] + (card,)
            sweeps = tuple(sw)
            note = "A sweep: the table is empty, and the capturing card is kept face up."
    elif isinstance(move, Build):
        taken = move.loose
        loose = tuple([c for c in loose if c not in taken]) if taken else loose
        parts = partition((card, *move.loose), move.value, rules)
        assert parts is not None
        old = state.build_of(move.value)
        if old is not None:
            new = TableBuild(move.value, old.parts + parts, seat)
            builds = tuple(new if x is old else x for x in builds)
        else:
            builds = (*builds, TableBuild(move.value, parts, seat))
    else:
        taken = move.loose
        loose = tuple([c for c in loose if c not in taken]) if taken else loose
        b = state.build_of(move.build)
        assert b is not None
        parts = ((*b.parts[0], card), *tuple((c,) for c in move.loose))
        other = state.build_of(move.value)
        if other is not None:
            parts = other.parts + parts
            builds = tuple(x for x in builds if x is not other)
        new = TableBuild(move.value, parts, seat)
        builds = tuple(new if x is b else x for x in builds)
    record = Record(state.record, seat, rule_id, note, move, state)
    nxt = CasinoState(rules, state.dealer, (seat + 1) % len(hands), tuple(hands), loose, builds,
                      state.stock, piles, sweeps, last, state.deal, state.round, state.scores,
                      state.phase, state.winner, state.seed, state.rounds, record)
    if any(hands):
        return nxt
    if nxt.stock:
        return _redeal(nxt)
    return _end_round(nxt)


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
    ended = replace(state, loose=(), builds=(), piles=tuple(piles), record=log)
    score = score_round(ended)
    totals = tuple(a + b for a, b in zip(state.scores, score.points, strict=True))
    winner, how, how_rule = _decide(state.rules, state.scores, score)
    sides = state.sides
    pts = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(score.points))
    tot = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(totals))
    log = note(log, None, "casino.score", f"Round {state.round} scores {pts}; the game "
               f"stands {tot}.")
    if how:
        log = note(log, None, how_rule, how)
    return replace(ended, scores=totals, rounds=(*state.rounds, score), record=log,
                    phase=Phase.GAME_OVER if winner is not None else Phase.ROUND_OVER,
                    winner=winner)


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


