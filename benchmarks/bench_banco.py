"""Punto Banco speed: exact odds against a plain enumeration, coups per second, quizzes."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.banco_reference import naive_odds
from cardrules import banco
from cardrules.banco import odds as banco_odds
from cardrules.cards import shuffled_shoe
from cardrules.rng import Rng
from quizzes import make


def _best_of(fn: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def run(quick: bool) -> list[dict[str, Any]]:
    exact = _best_of(lambda: banco_odds._exact_odds.__wrapped__(8, 8, 5), 3 if quick else 7)
    naive = _best_of(lambda: naive_odds(8), 1 if quick else 3)

    rules = banco.load_banco("punto-banco")
    shoe = shuffled_shoe(8, Rng("bench"))
    n = 5000 if quick else 50000
    start = time.perf_counter()
    pos = 0
    for _ in range(n):
        if pos > len(shoe) - 6:
            pos = 0
        coup = banco.play_coup(shoe[pos:pos + 6], rules)
        pos += coup.cards_used
    coups_per_s = n / (time.perf_counter() - start)

    gens = ["banco.third-card.decide", "banco.hand-value.total", "banco.payouts.net",
            "banco.natural.who-draws", "banco.result.winner"]
    m = 200 if quick else 2000
    start = time.perf_counter()
    for i in range(m):
        q = make(gens[i % len(gens)], seed=i)
        q.check(q.correct[0] if q.correct else str(q.low))
    per_question_ms = (time.perf_counter() - start) / m * 1000

    return [
        {"name": "banco: exact 8-deck odds", "value": exact, "unit": "s", "target": 0.2,
         "lower_is_better": True, "reference": naive,
         "note": "reference: a plain enumeration of point-value sequences with Fractions"},
        {"name": "banco: coups played", "value": coups_per_s, "unit": "coups/s",
         "lower_is_better": False},
        {"name": "banco: make one question and check an answer", "value": per_question_ms,
         "unit": "ms", "target": 5.0, "lower_is_better": True},
    ]
