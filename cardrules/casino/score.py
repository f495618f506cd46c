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
from .state import Award, CasinoState, Phase, RoundScore, seat_names

# -- scoring -----------------------------------------------------------------------------------
_ACE_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)
# The cards scored one by one, in count-out order, with their points; looked up by the
# rank's and the suit's text values (str hashes are cached, Enum hashes are not).
_ITEMS = (("big casino", BIG_CASINO, 2), ("little casino", LITTLE_CASINO, 1),
          ("ace of spades", Card(Rank.ACE, Suit.SPADES), 1),
          ("ace of clubs", Card(Rank.ACE, Suit.CLUBS), 1),
          ("ace of hearts", Card(Rank.ACE, Suit.HEARTS), 1),
          ("ace of diamonds", Card(Rank.ACE, Suit.DIAMONDS), 1))
_SPECIAL = {c.rank.value + c.suit.value: k for k, (_, c, _) in enumerate(_ITEMS)}
_SPADE = Suit.SPADES.value


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
    spade = _SPADE
    special = _SPECIAL
    holder: list[int | None] = [None] * len(_ITEMS)
    counted = []
    for i, p in enumerate(piles):
        k = 0
        for c in p:
            if c.suit._value_ == spade:
                k += 1
            at = special.get(c.rank._value_ + c.suit._value_)
            if at is not None:
                holder[at] = i
        counted.append(k)
    spades = tuple(counted)
    awards: list[Award] = []
    for item, counts, pts in (("most cards", cards, 3), ("most spades", spades, 1)):
        best = max(counts)
        if counts.count(best) == 1:
            awards.append(Award("casino.score", item, counts.index(best), pts))
    for (item, _, pts), who in zip(_ITEMS, holder, strict=True):
        if who is not None:
            awards.append(Award("casino.score", item, who, pts))
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
    return _score_round(state, state.piles)


def _score_round(state: CasinoState, seat_piles: Sequence[Sequence[Card]]) -> RoundScore:
    """:func:`score_round` with the seats' piles ``seat_piles`` (the residue taken)."""
    n = state.players
    sides = state.sides
    if n != 4:
        return score_piles(seat_piles, state.rules, [len(w) for w in state.sweeps], sides)
    piles: list[list[Card]] = [[], []]
    sweeps = [0, 0]
    for seat in range(n):
        side = seat % 2
        piles[side] += seat_piles[seat]
        sweeps[side] += len(state.sweeps[seat])
    return score_piles(piles, state.rules, sweeps, sides)




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
