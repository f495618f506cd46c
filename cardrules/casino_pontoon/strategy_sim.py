"""Simulations of Casino Pontoon played by the computed strategy: through the engine
(:func:`simulate`) and a lean replay of the same rules (:func:`simulate_fast`).
(Re-exported by :mod:`.strategy`.)"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import shoe
from ..game import SetupError, check_seed
from ..rng import Rng
from .apply import Policy, play_round
from .deal import new_round
from .outcome import settle
from .profile import CasinoPontoonRules
from .strategy_core import Move, check_rules, dealer_stop
from .strategy_exact import shoe_model, shoe_policy, split_model


@dataclass(frozen=True)
class SimulationResult:
    """A simulation's mean result per round (per initial stake), its standard error, and
    the house edge it implies."""

    rounds: int
    mean: float
    std_error: float
    seconds: float

    @property
    def house_edge(self) -> float:
        """Minus the player's mean result."""
        return -self.mean


def simulate(rules: CasinoPontoonRules, rounds: int, seed: int | str = 0,
             policy: Policy | None = None) -> SimulationResult:
    """Play ``rounds`` one-seat rounds of the engine, each from a freshly shuffled shoe,
    with the composition-dependent strategy (or ``policy``); a seeded, exact replay.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> r = simulate(load_casino_pontoon("casino-pontoon-online"), 200, seed=1)
    >>> r.rounds, abs(r.mean) < 1
    (200, True)
    """
    _check_rounds(rules, rounds)
    policy = policy or shoe_policy
    rng = Rng(check_seed(seed))
    cards = list(shoe(rules.decks))
    size = len(cards)
    # a round uses at most 5 cards a hand and the dealer's (up to 12 without the dealer's
    # five card trick)
    depth = min(size, 5 * (rules.max_hands or 12) + 12)
    total = 0.0
    square = 0.0
    t0 = time.perf_counter()
    for _ in range(rounds):
        for i in range(depth):  # a partial Fisher-Yates: only the cards a round can use
            j = i + rng.below(size - i)
            cards[i], cards[j] = cards[j], cards[i]
        end = play_round(new_round(rules, [1], cards[:depth]), policy)
        x = float(settle(end).net_of(0))
        total += x
        square += x * x
    mean = total / rounds
    var = (square - rounds * mean * mean) / (rounds - 1)
    return SimulationResult(rounds, mean, (var / rounds) ** 0.5, time.perf_counter() - t0)


def lean_round(rules: CasinoPontoonRules, pips: Sequence[int] | LazyShoe) -> float:
    """One one-seat round played by the composition-dependent strategy on card pips (1-13)
    in shoe order, with the engine's rules and deal order, computed without building
    states: :func:`simulate_fast` uses it, and the tests check it against the engine.
    The result is the seat's net per unit staked.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> lean_round(load_casino_pontoon(), [10, 7, 8, 13, 5])   # 18 against 17
    1.0
    >>> lean_round(load_casino_pontoon(), [10, 7])
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: The round ran out of cards: give the pips of the shoe in order, enough for the round.
    """
    check_rules(rules)
    listed = isinstance(pips, Sequence) and not isinstance(pips, (str, bytes))
    if not isinstance(pips, LazyShoe) and not (
            listed and all(type(p) is int and 1 <= p <= 13 for p in pips)):
        raise SetupError("The pips of a shoe are a list of whole numbers from 1 (ace) to 13 "
                         f"(king), in the order dealt; got {pips!r}.")
    try:
        return _lean_round(rules, pips)
    except IndexError:
        raise SetupError("The round ran out of cards: give the pips of the shoe in order, "
                         "enough for the round.") from None


def _lean_round(rules: CasinoPontoonRules, pips: Sequence[int] | LazyShoe) -> float:
    val = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    up_p, hole_p = pips[1], pips[3]
    dealer = [val[up_p], val[hole_p]]
    face_down = rules.dealer_cards_face_down
    up = None if face_down else dealer[0]
    if (face_down or dealer[0] in (1, 10)) and sorted(dealer) == [1, 10]:
        return -1.0
    pos = 4
    top = shoe_model(rules, up)
    # each hand: [pips list, stake, doubled, from_split]
    hands: list[list[object]] = [[[pips[0], pips[2]], 1, False, False]]
    limit = rules.max_hands or 10 ** 9
    i = 0
    results: list[tuple[list[int], int, bool]] = []
    while i < len(hands):
        hp, stake, doubled, from_split = hands[i]
        assert isinstance(hp, list) and isinstance(stake, int)
        assert isinstance(doubled, bool) and isinstance(from_split, bool)
        while True:
            values = sorted(val[p] for p in hp)
            hard = sum(values)
            if hard > 21 or len(values) >= 5:
                break
            if (len(hp) == 2 and len(hands) < limit and rules.max_hands != 1
                    and (hp[0] == hp[1] if rules.split_by == "rank"
                         else val[hp[0]] == val[hp[1]])
                    and top.split(values[0]) > max(top.moves((values[0],) * 2, False,
                                                             False).values())):
                first = [hp[0], pips[pos]]
                second = [hp[1], pips[pos + 1]]
                pos += 2
                hands[i:i + 1] = [[first, 1, False, True], [second, 1, False, True]]
                hp, stake, doubled, from_split = first, 1, False, True
                continue
            if from_split:
                model = split_model(rules, up, val[hp[0]])
                moves = model.moves(tuple(values), doubled, rules.split_pontoon)
            else:
                moves = top.moves(tuple(values), doubled, True)
            move = max(moves, key=lambda m: moves[m])
            if move is Move.STAND:
                break
            hp.append(pips[pos])
            pos += 1
            if move is Move.DOUBLE:
                stake, doubled = 2 * stake, True
        results.append((sorted(val[p] for p in hp), stake,
                        len(hp) == 2 and (not from_split or rules.split_pontoon)))
        i += 1
    if any(sum(v) <= 21 for v, _, _ in results):
        while True:
            hard = sum(dealer)
            if hard > 21:
                break
            o = dealer_stop(hard, 1 in dealer, len(dealer), rules)
            if o is not None:
                break
            dealer.append(val[pips[pos]])
            pos += 1
    d_hard = sum(dealer)
    d_best = d_hard + 10 if 1 in dealer and d_hard + 10 <= 21 else d_hard
    d_five = rules.dealer_five_card_trick and len(dealer) >= 5 and d_best <= 21
    m5 = float(rules.five_card_trick_multiple)
    net = 0.0
    for v, stake, pontoon_ok in results:
        hard = sum(v)
        best = hard + 10 if 1 in v and hard + 10 <= 21 else hard
        if best > 21:
            net -= stake
        elif pontoon_ok and v == [1, 10]:
            net += 2 * stake
        elif len(v) >= 5:
            net += -stake if d_five else m5 * stake
        elif d_best > 21:
            net += stake
        elif d_five or d_best >= best:
            net -= stake
        else:
            net += stake
    return net


class LazyShoe:
    """A shoe shuffled one position at a time, as the cards are needed (partial
    Fisher-Yates): the same chances as a full shuffle, a fraction of the work."""

    __slots__ = ("below", "cards", "done", "size")

    def __init__(self, cards: list[int], below: Callable[[int], int]) -> None:
        self.cards, self.below, self.size, self.done = cards, below, len(cards), 0

    def reset(self) -> None:
        """Start a new round: every position is shuffled again as it is needed."""
        self.done = 0

    def __getitem__(self, i: int) -> int:
        cards = self.cards
        while self.done <= i:
            k = self.done
            j = k + self.below(self.size - k)
            cards[k], cards[j] = cards[j], cards[k]
            self.done = k + 1
        return cards[i]


def simulate_fast(rules: CasinoPontoonRules, rounds: int, seed: int | str = 0
                  ) -> SimulationResult:
    """:func:`simulate` without building engine states: the same deal order, rules and
    strategy (the tests check round by round that both settle alike), shuffling only the
    cards each round uses; several times faster, for the long runs.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> r = simulate_fast(load_casino_pontoon("casino-pontoon-online"), 300, seed=2)
    >>> r.rounds, r.std_error > 0
    (300, True)
    """
    _check_rounds(rules, rounds)
    rng = Rng(check_seed(seed))
    lazy = LazyShoe([c.rank.pips for c in shoe(rules.decks)], rng.below)
    total = 0.0
    square = 0.0
    t0 = time.perf_counter()
    for _ in range(rounds):
        lazy.reset()
        x = _lean_round(rules, lazy)
        total += x
        square += x * x
    mean = total / rounds
    var = (square - rounds * mean * mean) / (rounds - 1)
    return SimulationResult(rounds, mean, (var / rounds) ** 0.5, time.perf_counter() - t0)


def _check_rounds(rules: CasinoPontoonRules, rounds: int) -> None:
    check_rules(rules)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise SetupError(f"simulate a whole number of rounds, at least 2; got {rounds!r}.")
