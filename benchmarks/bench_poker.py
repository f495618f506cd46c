"""Poker hand evaluation speed, measured side by side with treys (PyPI, pure Python).

What is timed, on each side, starting from the same 52 ``cardrules`` Card objects:

- all five-card hands (the requirement): every one of the 2,598,960 hands is
  evaluated and the results are counted by strength into a ``collections.Counter``.
  * cardrules: ``poker.five_card_histogram(deck)``: turning the 52 Cards into rank
    keys, grouping them by suit, precomputing the two-card key sums, then one addition
    and one table lookup per hand (the flush test is made once per three-card prefix).
  * treys: turning the 52 Cards into treys integers (``treys.Card.new``), then
    ``Counter(map(evaluator._five, itertools.combinations(deck, 5)))``: treys' fastest
    five-card routine (flush test, prime product, hash lookup) on every hand.  Its public
    ``evaluate(hand, [])`` adds a list concatenation and a dict dispatch per hand and is
    slower; the faster ``_five`` is the stricter reference.
  Lookup tables are built before timing on both sides (their build is timed apart).
- one hand at a time: the same 2,598,960 hands, each evaluated on its own (no shared
  prefix work): ``poker.evaluate_codes`` against treys ``_five``, both mapped over
  ``itertools.combinations`` of their own card integers.
- best hand of seven cards from Card objects: ``poker.best_hand`` (validation, the
  best of 21 fives, and a ``Hand`` with its cards) against treys ``evaluate`` on the
  converted cards; the same 20,000 seeded hands.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from cardrules import poker
from cardrules.cards import Card, Rank, standard_deck
from cardrules.rng import Rng

T = TypeVar("T")


def _best_of(fn: Callable[[], T], repeat: int) -> tuple[float, T]:
    """The best time of ``repeat`` runs, and the result of the last."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def _treys_int(treys: Any, c: Card) -> int:
    rank = "T" if c.rank is Rank.TEN else c.rank.value
    return int(treys.Card.new(rank + c.suit.letter.lower()))


def run(quick: bool) -> list[dict[str, Any]]:
    import treys  # type: ignore[import-untyped]

    repeat = 1 if quick else 3
    deck = standard_deck()
    evaluator = treys.Evaluator()

    def ours_all() -> Counter[int]:
        return poker.five_card_histogram(deck)

    def treys_all() -> Counter[int]:
        ints = [_treys_int(treys, c) for c in deck]
        return Counter(map(evaluator._five, itertools.combinations(ints, 5)))

    t_ours, mine = _best_of(ours_all, repeat)
    t_treys, theirs = _best_of(treys_all, repeat)
    # the two histograms are the same 7,462 classes, upside down
    assert {7463 - s: n for s, n in mine.items()} == dict(theirs)

    def ours_each() -> Counter[int]:
        codes = [poker.card_code(c) for c in deck]
        return Counter(map(poker.evaluate_codes, itertools.combinations(codes, 5)))

    e_ours, each = _best_of(ours_each, repeat)
    assert each == mine
    e_treys = t_treys

    n7 = 2_000 if quick else 20_000
    rng = Rng("bench-poker-7")
    sevens = [rng.sample(deck, 7) for _ in range(n7)]

    def ours_seven() -> None:
        for held in sevens:
            poker.best_hand(held)

    def treys_seven() -> None:
        for held in sevens:
            evaluator.evaluate([_treys_int(treys, c) for c in held], [])

    s_ours = _best_of(ours_seven, repeat)[0]
    s_treys = _best_of(treys_seven, repeat)[0]

    b_ours = _best_of(poker.ranking._build_tables, repeat)[0]
    b_treys = _best_of(treys.lookup.LookupTable, repeat)[0]

    hands = 2_598_960
    return [
        {"name": "poker: evaluate all 2,598,960 five-card hands", "value": t_ours, "unit": "s",
         "target": t_treys, "lower_is_better": True, "reference": t_treys,
         "note": f"reference and target: treys _five on every hand, {hands / t_treys:,.0f} "
                 f"hands/s; cardrules {hands / t_ours:,.0f} hands/s, ratio "
                 f"{t_ours / t_treys:.2f} (see the module docstring for what is timed)"},
        {"name": "poker: all five-card hands, each evaluated alone", "value": e_ours,
         "unit": "s", "lower_is_better": True, "reference": e_treys,
         "note": "poker.evaluate_codes per hand, no shared prefix work, against treys _five"},
        {"name": "poker: best hand of 7 Card objects", "value": n7 / s_ours,
         "unit": "hands/s", "lower_is_better": False, "reference": n7 / s_treys,
         "note": "poker.best_hand (checks, best of 21, Hand with cards) against treys "
                 "evaluate on converted cards"},
        {"name": "poker: build the lookup tables", "value": b_ours, "unit": "s",
         "target": 1.0, "lower_is_better": True, "reference": b_treys,
         "note": "reference: treys LookupTable()"},
    ]
