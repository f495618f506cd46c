"""The end of a round and its score: the residue to the last capturer, the points of each
side item by item, who wins the game, and the contract's :func:`outcome`.

>>> sc = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
>>> sc.points, sc.by_item()["big casino"]
((8, 1), (2, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..cards import Card, Rank, Suit, cards_text, parse_cards  # noqa: F401  (doctests)
from ..game import Line, Outcome, SetupError, Unit, check_card_list, check_profile
from .fast import code_bits, emptied
from .profile import CasinoRules, default_rules, load_casino  # noqa: F401  (doctests)
from .rules import GAME
from .state import (
    Award,
    CasinoState,
    Phase,
    RoundScore,
    casino_state,
    note,
    seat_names,
    successor,
)
from .values import BIG_CASINO, LITTLE_CASINO, card_code, card_texts

# The cards scored one by one, in count-out order, with their points, by their codes.
_ITEMS = (("big casino", BIG_CASINO, 2), ("little casino", LITTLE_CASINO, 1),
          ("ace of spades", Card(Rank.ACE, Suit.SPADES), 1),
          ("ace of clubs", Card(Rank.ACE, Suit.CLUBS), 1),
          ("ace of hearts", Card(Rank.ACE, Suit.HEARTS), 1),
          ("ace of diamonds", Card(Rank.ACE, Suit.DIAMONDS), 1))
_SPECIAL = tuple(card_code(c) for _, c, _ in _ITEMS)
_SPECIALS = sum(1 << k for k in _SPECIAL)
_SPADES = sum(1 << k for k in range(3, 60, 4))  # a spade's code ends in 3


def score_piles(piles: Sequence[Sequence[Card]], rules: CasinoRules | None = None,
                sweeps: Sequence[int] | None = None,
                sides: Sequence[str] | None = None) -> RoundScore:
    """Score captured piles, one per side [casino.score, casino.sweep].

    >>> r = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
    >>> r.points, r.by_item()["most cards"], r.by_item()["aces"]
    ((8, 1), (3, 0), (1, 1))
    """
    rules = default_rules() if rules is None else check_profile(rules, CasinoRules, "Casino")
    if isinstance(piles, (str, bytes)) or not isinstance(piles, Sequence):
        raise SetupError(f"score_piles scores a list of piles, one per side; got {piles!r}")
    checked = [check_card_list(p, "a pile") for p in piles]
    n = len(checked)
    if sides is None and n not in (2, 3, 4):
        raise SetupError(f"score 2 to 4 piles (one per player or partnership), not {n}")
    names = tuple(sides) if sides is not None else seat_names(n)
    if len(names) != n:
        raise SetupError(f"{n} piles but {len(names)} side names: {', '.join(map(str, names))}")
    sw = tuple(sweeps) if sweeps is not None else (0,) * n
    if len(sw) != n or not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0
                               for k in sw):
        raise SetupError(f"sweeps are a count per side, {n} whole numbers; got {sweeps!r}")
    return scored(checked, rules.sweeps, sw, names)


def scored(piles: Sequence[tuple[Card, ...]], sweeps_score: bool, sw: tuple[int, ...],
           names: tuple[str, ...]) -> RoundScore:
    """:func:`score_piles` of piles, sweeps and sides it has checked (``sweeps_score``: the
    house rule that scores sweeps)."""
    cards = tuple([len(p) for p in piles])
    holder: list[int | None] = [None] * len(_ITEMS)
    counted = []
    for i, p in enumerate(piles):
        held = code_bits(p)  # a bit for each card's code
        if held.bit_count() == len(p):
            counted.append((held & _SPADES).bit_count())
        else:  # a card twice (piles given by hand): each counted
            codes = [card_code(c) for c in p]
            counted.append(sum(1 for k in codes if k & 3 == 3))
        if held & _SPECIALS:
            for at, code in enumerate(_SPECIAL):
                if held >> code & 1:
                    holder[at] = i
    spades = tuple(counted)
    awards: list[Award] = []
    for item, counts, pts in (("most cards", cards, 3), ("most spades", spades, 1)):
        best = max(counts)
        if counts.count(best) == 1:
            awards.append(Award("casino.score", item, counts.index(best), pts))
    for (item, _, pts), who in zip(_ITEMS, holder, strict=True):
        if who is not None:
            awards.append(Award("casino.score", item, who, pts))
    if sweeps_score:
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
    return score_seat_piles(casino_state(state, "score_round"), state.piles)


def score_seat_piles(state: CasinoState, seat_piles: Sequence[Sequence[Card]]) -> RoundScore:
    """:func:`score_round` with the seats' piles ``seat_piles`` (the residue taken):
    partners sitting opposite pool their cards and sweeps.

    >>> from cardrules.casino import new_game
    >>> s = new_game(seed=1, players=4)
    >>> score_seat_piles(s, [parse_cards("AS"), (), parse_cards("AH"), ()]).cards
    (2, 0)
    """
    n = state.players
    sides = state.sides
    if n != 4:
        return scored([tuple(p) for p in seat_piles], state.rules.sweeps,
                      tuple([len(w) for w in state.sweeps]), sides)
    piles: list[tuple[Card, ...]] = [(), ()]
    sweeps = [0, 0]
    for seat in range(n):
        side = seat % 2
        piles[side] += tuple(seat_piles[seat])
        sweeps[side] += len(state.sweeps[seat])
    return scored(piles, state.rules.sweeps, tuple(sweeps), sides)


def end_round(state: CasinoState) -> CasinoState:
    """The state once the last card of a round is played: the last player who captured
    takes the cards left on the table (the dealer, if nobody captured), which is not a
    sweep [casino.residue]; the round is scored, and the game won or played on
    [casino.score, casino.game].

    >>> from cardrules.casino import new_game, play_randomly
    >>> from cardrules.rng import Rng
    >>> s = play_randomly(new_game(load_casino(), seed=2), Rng(2), rounds=1)
    >>> s.loose, s.builds, s.phase
    ((), (), <Phase.ROUND_OVER: 'round over'>)
    """
    state = casino_state(state, "end_round")
    rest = state.table_cards
    piles = list(state.piles)
    taker = state.last_capturer if state.last_capturer is not None else state.dealer
    log = state.record
    if rest:
        piles[taker] = piles[taker] + rest
        why = ("the last player to capture" if state.last_capturer is not None
               else "the dealer, as nobody captured")
        log = note(log, taker, "casino.residue", f"{state.names[taker]}, {why}, takes the "
                   f"cards left on the table: {card_texts(rest)}. This is not a sweep.")
    score = score_seat_piles(state, piles)
    points = score.points
    totals = tuple([a + b for a, b in zip(state.scores, points, strict=True)])
    winner, how, how_rule = decide(state.rules, state.scores, score)
    sides = score.sides
    pts = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(points))
    tot = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(totals))
    log = note(log, None, "casino.score", f"Round {state.round} scores {pts}; the game "
               f"stands {tot}.")
    if how:
        log = note(log, None, how_rule, how)
    changes: dict[str, Any] = {"loose": (), "builds": (), "piles": tuple(piles), "scores": totals,
               "rounds": (*state.rounds, score), "record": log, "winner": winner,
               "phase": Phase.GAME_OVER if winner is not None else Phase.ROUND_OVER}
    t = state.fast
    if t is None or not t.regular:  # a position made by hand: its table worked out afresh
        return replace(state, **changes)
    return successor(state, changes, emptied(t, t.hand_vals))


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
    rules = check_profile(rules, CasinoRules, "Casino")
    if not isinstance(score, RoundScore):
        raise SetupError(f"game_result needs a round's score (a RoundScore, from score_piles "
                         f"or score_round); got {score!r}")
    if (isinstance(before, (str, bytes)) or not isinstance(before, Sequence)
            or len(before) != len(score.sides)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in before)):
        raise SetupError(f"the scores before the round are a whole number per side "
                         f"({len(score.sides)}); got {before!r}")
    winner, text, _ = decide(rules, tuple(before), score)
    return winner, text


def decide(rules: CasinoRules, before: tuple[int, ...], score: RoundScore
           ) -> tuple[int | None, str, str]:
    """The winning side after a round, if any, why, and the rule that decides it
    [casino.game, casino.royal.count-out].

    >>> sc = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
    >>> decide(load_casino(), (0, 0), sc)
    (None, '', 'casino.game')
    """
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


def outcome(state: CasinoState) -> Outcome:
    """The game's points as the contract's record: one line per scoring item of each
    finished round (most cards, most spades, the casinos, each ace, sweeps), the side
    scoring it as payee.  Final once the round is over (a state plays one round;
    :func:`~cardrules.casino.next_round` deals the next).

    >>> from cardrules.casino import new_game, play_randomly
    >>> from cardrules.rng import Rng
    >>> o = outcome(play_randomly(new_game(seed=5), Rng(5)))
    >>> o.final, o.unit.value, max(o.net().values()) >= 21
    (True, 'points', True)
    """
    state = casino_state(state, "outcome")
    lines = []
    for k, rnd in enumerate(state.rounds, start=1):
        for a in rnd.awards:
            lines.append(Line(None, rnd.sides[a.side], a.points, a.rule_id,
                              f"round {k}: {a.item}"))
    return Outcome(GAME, Unit.POINTS, tuple(lines), state.phase is not Phase.PLAY)
