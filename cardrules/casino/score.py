"""Scoring Casino: the points of a round per side and item, and the outcome record."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import (
    Card,
    Rank,
    Suit,
    parse_cards,  # noqa: F401  (doctests)
)
from ..game import Line, Outcome, Unit
from .deal import _default_rules
from .rules import GAME, CasinoRules, load_casino  # noqa: F401  (doctests)
from .state import Award, CasinoState, Phase, RoundScore, seat_names, side_of

# -- scoring -----------------------------------------------------------------------------------
_ACE_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)


def score_piles(piles: Sequence[Sequence[Card]], rules: CasinoRules | None = None,
                sweeps: Sequence[int] | None = None,
                sides: Sequence[str] | None = None) -> RoundScore:
    """Score captured piles, one per side [casino.score, casino.sweep].

    >>> r = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
    >>> r.points, r.by_item()["most cards"], r.by_item()["aces"]
    ((8, 1), (3, 0), (1, 1))
    """
    rules = rules or _default_rules()
    n = len(piles)
    if sides is None and n not in (2, 3, 4):
        raise ValueError(f"score 2 to 4 piles (one per player or partnership), not {n}")
    names = tuple(sides) if sides is not None else seat_names(n)
    if len(names) != n:
        raise ValueError(f"{n} piles but {len(names)} side names: {', '.join(names)}")
    sw = tuple(sweeps) if sweeps is not None else (0,) * n
    cards = tuple(len(p) for p in piles)
    spades = tuple(sum(1 for c in p if c.suit is Suit.SPADES) for p in piles)
    awards: list[Award] = []
    for item, counts, pts in (("most cards", cards, 3), ("most spades", spades, 1)):
        best = max(counts)
        if counts.count(best) == 1:
            awards.append(Award("casino.score", item, counts.index(best), pts))
    holder: dict[str, int] = {}
    for i, p in enumerate(piles):
        for c in p:
            r = c.rank
            if r is Rank.ACE or r is Rank.TEN or r is Rank.TWO:
                holder[c.code] = i
    for item, code, pts in (("big casino", "10D", 2), ("little casino", "2S", 1),
                            ("ace of spades", "AS", 1), ("ace of clubs", "AC", 1),
                            ("ace of hearts", "AH", 1), ("ace of diamonds", "AD", 1)):
        if code in holder:
            awards.append(Award("casino.score", item, holder[code], pts))
    if rules.sweeps:
        for i, k in enumerate(sw):
            for _ in range(k):
                awards.append(Award("casino.sweep", "sweeps", i, 1))
    return RoundScore(names, cards, spades, sw, tuple(awards))


def score_round(state: CasinoState) -> RoundScore:
    """The points of the round per side and per item, partners pooling their cards
    [casino.score, casino.partners, casino.sweep].

    >>> from cardrules.casino import new_game, play_randomly
    >>> from cardrules.rng import Rng
    >>> s = play_randomly(new_game(load_casino(), seed=2), Rng(2), rounds=1)
    >>> sc = score_round(s)
    >>> sum(sc.cards), sum(sc.points) in (8, 11)
    (52, True)
    """
    n = state.players
    k = len(state.sides)
    piles: list[list[Card]] = [[] for _ in range(k)]
    sweeps = [0] * k
    for seat in range(n):
        side = side_of(n, seat)
        piles[side] += state.piles[seat]
        sweeps[side] += len(state.sweeps[seat])
    return score_piles(piles, state.rules, sweeps, state.sides)




def outcome(state: CasinoState) -> Outcome:
    """The game's points as the contract's record: one line per scoring item of each
    finished round (most cards, most spades, the casinos, each ace, sweeps), the side
    scoring it as payee.  Final once the round is over (a state plays one round;
    :func:`next_round` deals the next).

    >>> from cardrules.casino import new_game, play_randomly
    >>> from cardrules.rng import Rng
    >>> o = outcome(play_randomly(new_game(seed=5), Rng(5)))
    >>> o.final, o.unit.value, max(o.net().values()) >= 21
    (True, 'points', True)
    """
    lines = []
    for k, rnd in enumerate(state.rounds, start=1):
        for a in rnd.awards:
            lines.append(Line(None, rnd.sides[a.side], a.points, a.rule_id,
                              f"round {k}: {a.item}"))
    return Outcome(GAME, Unit.POINTS, tuple(lines), state.phase is not Phase.PLAY)
