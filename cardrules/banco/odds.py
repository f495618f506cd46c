"""The exact odds of Punto Banco: every coup a shoe can deal, weighted by its chance,
added up in integers and fractions."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..game import SetupError
from .values import banker_draws_on


@dataclass(frozen=True)
class Odds:
    """Exact probabilities of each result and each bet's house edge."""

    decks: int
    banker: Fraction
    player: Fraction
    tie: Fraction
    banker_edge: Fraction
    player_edge: Fraction
    tie_edge: Fraction

    def rows(self) -> list[tuple[str, str, str]]:
        """(outcome, probability, house edge of the bet) to six decimals and %.

        >>> exact_odds(8).rows()[0]
        ('Banker', '0.458597', '1.06%')
        """
        return [
            ("Banker", f"{float(self.banker):.6f}", f"{float(self.banker_edge) * 100:.2f}%"),
            ("Player", f"{float(self.player):.6f}", f"{float(self.player_edge) * 100:.2f}%"),
            ("Tie", f"{float(self.tie):.6f}", f"{float(self.tie_edge) * 100:.2f}%"),
        ]


def exact_odds(decks: int = 8, tie_pays: int = 8, commission_percent: int = 5) -> Odds:
    """Exact result probabilities by enumerating every coup, weighted by its chance.

    The shoe is tracked by point value (16 zero-point cards and 4 of each other
    value per deck), cards are drawn without replacement, and all arithmetic is
    in integers until the final fractions.

    >>> o = exact_odds(8)
    >>> round(float(o.banker), 6), round(float(o.player), 6), round(float(o.tie), 6)
    (0.458597, 0.446247, 0.095156)
    >>> o.banker + o.player + o.tie
    Fraction(1, 1)
    >>> exact_odds(8, tie_pays=-1)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: tie_pays is what a winning tie bet pays, to 1 (8 or 9 in the profiles): a whole number from 1 to 100; got -1.
    """
    _whole("decks", decks, 1, 8, "the number of decks in the shoe")
    _whole("tie_pays", tie_pays, 1, 100, "what a winning tie bet pays, to 1 (8 or 9 in the "
           "profiles)")
    _whole("commission_percent", commission_percent, 0, 10,
           "the commission on winning Banker bets, in %")
    return _exact_odds(decks, tie_pays, commission_percent)


def _whole(name: str, value: object, low: int, high: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupError(f"{name} is {what}: a whole number from {low} to {high}; "
                         f"got {value!r}.")


@cache
def _exact_odds(decks: int, tie_pays: int, commission_percent: int) -> Odds:
    counts = [16 * decks] + [4 * decks] * 9
    n = 52 * decks
    wins = [0, 0, 0]  # player, banker, tie: number of ordered 6-card sequences
    tail2 = (n - 4) * (n - 5)
    tail1 = n - 5
    # Unordered pairs per side: the weight of a deal depends only on the multiset of
    # the four values, so each side's pair order just multiplies by 1 or 2.
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    c = counts[:]
    for p1, p2 in pairs:
        wp = c[p1]
        c[p1] -= 1
        wp *= c[p2]
        c[p2] -= 1
        mult_p = 1 if p1 == p2 else 2
        pt = (p1 + p2) % 10
        for b1, b2 in pairs:
            w = wp * c[b1]
            c[b1] -= 1
            w *= c[b2]
            c[b2] -= 1
            w *= mult_p * (1 if b1 == b2 else 2)
            bt = (b1 + b2) % 10
            if w:
                _third_cards(c, pt, bt, w, wins, tail1, tail2)
            c[b2] += 1
            c[b1] += 1
        c[p2] += 1
        c[p1] += 1
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    player, banker, tie = (Fraction(x, total) for x in wins)
    k = Fraction(100 - commission_percent, 100)
    return Odds(
        decks, banker, player, tie,
        banker_edge=player - banker * k,
        player_edge=banker - player,
        tie_edge=(1 - tie) - tie * tie_pays,
    )


def _third_cards(c: list[int], pt: int, bt: int, w: int, wins: list[int], tail1: int,
                 tail2: int) -> None:
    if pt >= 8 or bt >= 8 or (pt >= 6 and bt >= 6):
        # A natural, or both stand (player on 6-7 leaves banker 6-7 standing).
        wins[_idx(pt, bt)] += w * tail2
        return
    if pt >= 6:  # player stands, banker draws on 0-5
        for y in range(10):
            if c[y]:
                wins[_idx(pt, (bt + y) % 10)] += w * c[y] * tail1
        return
    for x in range(10):
        cx = c[x]
        if not cx:
            continue
        pt3 = (pt + x) % 10
        wx = w * cx
        if not banker_draws_on(bt, x):
            wins[_idx(pt3, bt)] += wx * tail1
            continue
        c[x] -= 1
        for y in range(10):
            if c[y]:
                wins[_idx(pt3, (bt + y) % 10)] += wx * c[y]
        c[x] += 1


def _idx(pt: int, bt: int) -> int:
    return 0 if pt > bt else 1 if bt > pt else 2

