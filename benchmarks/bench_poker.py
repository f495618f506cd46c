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
- one hand's strength, 5 and 7 cards: ``poker.strength`` on Card objects (a tuple of
  five or seven) against treys ``Evaluator().evaluate(cards, [])`` on treys integers
  converted BEFORE timing (not parsed per hand); the same 20,000 seeded hands on each
  side, each call in a plain ``for`` loop.  Targets: at least 2x treys on 7 cards, at
  least treys on 5.
- best hand of 5 and 7 Card objects: ``poker.best_hand`` (checks, the strength, and a
  ``Hand``; the cards it shows are worked out only when read) against the same treys
  figure; target: at least treys on 7 cards.
- the tables of ``poker.strength`` (built on first use): build time and size.
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

    n_hands = 2_000 if quick else 20_000
    rng = Rng("bench-poker-7")
    per_hand: dict[int, dict[str, float]] = {}
    for n in (5, 7):
        dealt = [tuple(rng.sample(deck, n)) for _ in range(n_hands)]
        ints = [[_treys_int(treys, c) for c in held] for held in dealt]  # before timing
        empty: list[int] = []
        evaluate, strength, best_hand = evaluator.evaluate, poker.strength, poker.best_hand
        for held, converted in zip(dealt[:500], ints[:500], strict=True):
            assert strength(held) == 7_463 - evaluate(converted, empty)

        def treys_each(ints: list[list[int]] = ints, empty: list[int] = empty,
                       evaluate: Callable[..., int] = evaluate) -> None:
            for held in ints:
                evaluate(held, empty)

        def strength_each(dealt: list[tuple[Card, ...]] = dealt,
                          strength: Callable[..., int] = strength) -> None:
            for held in dealt:
                strength(held)

        def best_each(dealt: list[tuple[Card, ...]] = dealt,
                      best_hand: Callable[..., poker.Hand] = best_hand) -> None:
            for held in dealt:
                best_hand(held)

        # interleaved, best of a few rounds each: the machine's load hits all three alike
        best = {"treys": float("inf"), "strength": float("inf"), "best_hand": float("inf")}
        for _ in range(repeat + 2):
            for key, fn in (("treys", treys_each), ("strength", strength_each),
                            ("best_hand", best_each)):
                best[key] = min(best[key], _best_of(fn, 1)[0])
        per_hand[n] = {k: n_hands / t for k, t in best.items()}

    entries, build = poker.build_tables()  # a rebuild, as on first use
    size = poker.table_size()

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
        *({"name": f"poker: strength of {n} Card objects", "value": r["strength"],
           "unit": "hands/s", "lower_is_better": False, "reference": r["treys"],
           "target": (2 if n == 7 else 1) * r["treys"],
           "note": f"poker.strength {1e6 / r['strength']:.2f} us/hand against treys evaluate "
                   f"{1e6 / r['treys']:.2f} us/hand on integers converted beforehand: "
                   f"{r['strength'] / r['treys']:.2f}x treys (target "
                   f"{2 if n == 7 else 1}x)"} for n, r in per_hand.items()),
        *({"name": f"poker: best hand of {n} Card objects", "value": r["best_hand"],
           "unit": "hands/s", "lower_is_better": False, "reference": r["treys"],
           **({"target": r["treys"]} if n == 7 else {}),
           "note": f"poker.best_hand {1e6 / r['best_hand']:.2f} us/hand (checks, strength, "
                   f"a Hand; its cards worked out when read): {r['best_hand'] / r['treys']:.2f}x "
                   f"treys evaluate on ready integers"} for n, r in per_hand.items()),
        {"name": "poker: build the tables of strength (first use)", "value": build,
         "unit": "s", "target": 1.0, "lower_is_better": True,
         "note": f"{entries:,} entries (rank patterns of 5 to 7 cards, flush rank sets), "
                 f"about {size / 1e6:.1f} MB"},
        {"name": "poker: build the lookup tables", "value": b_ours, "unit": "s",
         "target": 1.0, "lower_is_better": True, "reference": b_treys,
         "note": "reference: treys LookupTable()"},
    ]
