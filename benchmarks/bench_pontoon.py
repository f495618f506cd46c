"""Pontoon speed: full random deals with 6 at the table (a banker and 5 players), whole
sessions, questions, and a bare unchecked deal loop measured side by side."""

from __future__ import annotations

import time
from typing import Any

from cardrules import pontoon as pt
from cardrules.rng import Rng
from quizzes import make

SEATS = ["Ben", "Ann", "Cleo", "Dev", "Eva", "Finn"]


def _timed(fn: Any, seconds: float) -> float:
    """Calls of ``fn`` per second, over about ``seconds``."""
    n = 0
    start = time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


def _bare_deal(rng: Rng, pack: list[int]) -> int:
    """A Pontoon deal with no rules engine: card points in a list, fixed play, no checks,
    no records.  What the engine's verification, immutable states and settlement records
    cost is the ratio to this."""
    cards = list(rng.shuffled(pack))
    top = 0
    hands = []
    for _ in range(len(SEATS)):
        hands.append([cards[top], cards[top + 1]])
        top += 2
    net = 0
    banker = hands.pop()
    live = []
    for h in hands:
        while len(h) < 5:
            low = sum(h)
            best = low + 10 if low <= 11 and 1 in h else low
            if best >= rng.between(15, 21):
                break
            h.append(cards[top])
            top += 1
        if sum(h) > 21:
            net += 10
        else:
            live.append(h)
    while len(banker) < 5 and sum(banker) < 17:
        banker.append(cards[top])
        top += 1
    b = sum(banker)
    for h in live:
        net += -10 if b > 21 or sum(h) > b else 10
    return net


def run(quick: bool) -> list[dict[str, Any]]:
    seconds = 1.0 if quick else 5.0
    rules = pt.load_pontoon("pontoon")
    rng = Rng("bench pontoon")

    def one_deal() -> None:
        s = pt.new_deal(rules, SEATS, seed=rng.below(2**62))
        while not pt.is_over(s):
            s = pt.apply(s, pt.random_action(s, rng))
        pt.settlement(s)

    deals_per_s = _timed(one_deal, seconds)

    def contract_game() -> None:
        s = pt.start(rules, rng.below(2**62), seats=SEATS)
        while not pt.is_over(s):
            s = pt.apply(s, pt.random_action(s, rng))
        assert pt.outcome(s).balanced

    contract_per_s = _timed(contract_game, seconds)
    cut_per_s = _timed(lambda: pt.choose_first_banker(SEATS, rng), seconds)

    points = [min(r, 10) for r in range(1, 14)] * 4
    bare_rng = Rng("bench bare")
    bare_per_s = _timed(lambda: _bare_deal(bare_rng, points), seconds)

    shoot = pt.load_pontoon("shoot-pontoon")
    state = [pt.new_deal(shoot, SEATS, seed=1)]

    def one_shoot_deal() -> None:
        s = state[0]
        while not pt.is_over(s):
            s = pt.apply(s, pt.random_action(s, rng))
        while pt.is_over(s):
            s = pt.apply(s, pt.random_action(s, rng))
        state[0] = s

    session_per_s = _timed(one_shoot_deal, seconds)

    s = pt.new_deal(rules, SEATS, seed=2)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds / 2:
        if pt.is_over(s):
            s = pt.new_deal(rules, SEATS, seed=steps)
        acts = pt.legal_actions(s)
        s = pt.apply(s, acts[steps % len(acts)])
        steps += 1
    step_us = (time.perf_counter() - start) / steps * 1e6

    gens = ["pontoon.buy.range", "pontoon.settle.pays", "pontoon.stick.may",
            "pontoon.next-banker.who", "pontoon.hands.rank.order"]
    m = 50 if quick else 300
    start = time.perf_counter()
    for i in range(m):
        q = make(gens[i % len(gens)], seed=i)
        q.check(q.correct[0] if q.correct else str(q.low))
    per_question_ms = (time.perf_counter() - start) / m * 1000

    return [
        {"name": "pontoon: full random deals, 6 at the table", "value": deals_per_s,
         "unit": "deals/s", "target": 500, "lower_is_better": False, "reference": bare_per_s,
         "note": "each deal: a seeded shuffle, random legal actions through legal_actions/apply "
                 "with every check, and the settlement record; reference: a bare deal loop with "
                 "no rules checks, states or records (same Rng)"},
        {"name": "pontoon: contract games (start with the cut for the bank, random play, "
                 "outcome)", "value": contract_per_s, "unit": "games/s", "lower_is_better": False,
         "reference": deals_per_s,
         "note": "start seats 6, cuts for the first bank and deals; reference: the same random "
                 "deal from new_deal with a given banker"},
        {"name": "pontoon: choose_first_banker, 6 cutting", "value": cut_per_s, "unit": "cuts/s",
         "lower_is_better": False,
         "note": "a shuffled pack per round of cuts, ties cut again"},
        {"name": "pontoon: Shoot Pontoon session deals, 6 at the table", "value": session_per_s,
         "unit": "deals/s", "lower_is_better": False,
         "note": "deals chained with NextDeal: unshuffled unless a pontoon, kitty top-ups"},
        {"name": "pontoon: legal_actions + apply, one step", "value": step_us, "unit": "µs",
         "target": 100, "lower_is_better": True},
        {"name": "pontoon: make one question and check an answer", "value": per_question_ms,
         "unit": "ms", "target": 10.0, "lower_is_better": True,
         "note": "questions play real stacked deals through the engine"},
    ]


if __name__ == "__main__":
    for figure in run(quick=True):
        print(figure)
