"""A straightforward exact enumeration of Punto Banco, used as an independent reference.

It walks every sequence of point values with Fractions, card by card, with none of the
engine's grouping or integer tricks: slow, but easy to check by eye.  The test suite
compares the engine's exact odds with it, and the benchmark times both side by side.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from cardrules import banco
from cardrules.banco import Result
from cardrules.cards import Card, Rank, Suit


def card_of_points(points: int) -> Card:
    """A card worth ``points`` in Punto Banco."""
    return Card(Rank.KING if points == 0 else Rank.from_pips(points), Suit.CLUBS)


def naive_odds(decks: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P(Banker), P(Player), P(Tie)) by plain enumeration."""
    counts = [16 * decks] + [4 * decks] * 9
    n = 52 * decks
    win = {Result.PLAYER: Fraction(0), Result.BANKER: Fraction(0), Result.TIE: Fraction(0)}
    draws = {(t, x): banco.banker_draws(t, card_of_points(x)) for t in range(8) for x in range(10)}
    for seq in itertools.product(range(10), repeat=4):
        c = counts[:]
        p, left = Fraction(1), n
        for v in seq:
            if c[v] == 0:
                p = Fraction(0)
                break
            p *= Fraction(c[v], left)
            c[v] -= 1
            left -= 1
        if not p:
            continue
        pt, bt = (seq[0] + seq[2]) % 10, (seq[1] + seq[3]) % 10
        if pt >= 8 or bt >= 8:
            win[banco.winner(pt, bt)] += p
            continue
        if pt >= 6:
            if bt <= 5:
                for y in range(10):
                    if c[y]:
                        win[banco.winner(pt, (bt + y) % 10)] += p * Fraction(c[y], left)
            else:
                win[banco.winner(pt, bt)] += p
            continue
        for x in range(10):
            if not c[x]:
                continue
            px = p * Fraction(c[x], left)
            c[x] -= 1
            pt3 = (pt + x) % 10
            if draws[(bt, x)]:
                for y in range(10):
                    if c[y]:
                        win[banco.winner(pt3, (bt + y) % 10)] += px * Fraction(c[y], left - 1)
            else:
                win[banco.winner(pt3, bt)] += px
            c[x] += 1
    return win[Result.BANKER], win[Result.PLAYER], win[Result.TIE]
