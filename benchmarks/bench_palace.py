"""Palace Poker speed: random legal hands, actions, the widest list of legal actions, battle
showdowns and quiz questions."""

from __future__ import annotations

import time
from typing import Any

from cardrules import palace, poker
from cardrules.cards import standard_deck
from cardrules.rng import Rng
from quizzes import make
from quizzes.model.registry import all_generators


def _best_of(fn: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _random_hands(n_hands: int) -> tuple[float, int]:
    """CPU seconds to play ``n_hands`` random legal hands (2-10 players, limit and no
    limit), and the number of actions applied.  CPU time, not wall time: the machines this
    runs on are shared, and the figure guards the test suite's CPU budget."""
    limit, no_limit = palace.load_palace("palace-poker"), palace.load_palace("palace-poker-no-limit")
    actions = 0
    start = time.process_time()
    for k in range(n_hands):
        n = 2 + k % 9
        s = palace.new_hand(limit if k % 2 else no_limit, [f"P{i}" for i in range(n)], seed=k)
        rng = Rng(f"{k}:bench")
        while not s.is_over:
            s = palace.apply(s, palace.random_action(s, rng))
            actions += 1
    return time.process_time() - start, actions


def _widest_legal_list() -> tuple[float, int]:
    """Milliseconds for legal_actions on the widest choice play reaches: a winner holding
    five soldiers who takes five more and a banner from a defender who folds, and chooses
    which of the 11 to keep (every way of keeping at most five)."""
    rules = palace.load_palace("palace-poker")
    s = palace.position(rules, [
        palace.player("Ann", "KS", "2C 3C 4C", "2D 3D 4D 5D 6D", chips=500),
        palace.player("Bob", "QH", "5C 6C 7C", "2H 3H 4H 5H 6H", chips=500),
        palace.player("Cy", "JC", "8C 9C 10C")])
    s = palace.apply(s, palace.Battle("Bob", palace.minimum_bet(s)))
    s = palace.apply(s, palace.Fold())
    count = len(palace.legal_actions(s))
    return _best_of(lambda: palace.legal_actions(s), 5) * 1000, count


def _contract_games(n_games: int) -> float:
    """Games per CPU second played only through the game contract, as the contract test
    and the play-along table do: start, to_act, random_action, apply, outcome."""
    rules = palace.load_palace("palace-poker")
    start = time.process_time()
    for k in range(n_games):
        s = palace.start(rules, seed=k)
        rng = Rng(f"{k}:contract")
        while not palace.is_over(s):
            assert palace.to_act(s) is not None
            s = palace.apply(s, palace.random_action(s, rng))
        assert palace.outcome(s).balanced
    return n_games / (time.process_time() - start)


def _viewed_games(n_games: int) -> float:
    """Games per CPU second played by the first computer player (by hand strength) from
    each seat's view, as the contract test and the table play it: view, choose, apply."""
    rules = palace.load_palace("palace-poker")
    chooser = palace.PLAYERS[0]
    start = time.process_time()
    for k in range(n_games):
        s = palace.start(rules, seed=f"viewed:{k}")
        rng = Rng(k)
        while not palace.is_over(s):
            seat = palace.to_act(s)
            assert seat is not None
            s = palace.apply(s, chooser(palace.view(s, seat), rng))
    return n_games / (time.process_time() - start)


def run(quick: bool) -> list[dict[str, Any]]:
    n_hands = 500 if quick else 10_000
    seconds, actions = _random_hands(n_hands)

    # Battle showdowns of two full hands (3 palace + 5 soldiers + banner = 9 cards each),
    # against the bare cost of the two best_hand calls they contain.
    rng = Rng("bench showdowns")
    deals: list[tuple[Any, Any]] = []
    while len(deals) < (300 if quick else 3000):
        cards = rng.sample(standard_deck(), 18)
        a, d = cards[:9], cards[9:]
        if a[-1].suit is not d[-1].suit:
            deals.append((a, d))
    m = len(deals)

    def showdowns() -> None:
        for a, d in deals:
            palace.battle_showdown(a, a[-1].suit, d, d[-1].suit)

    def evaluations() -> None:
        for a, d in deals:
            poker.best_hand(a, exclude_suit=d[-1].suit)
            poker.best_hand(d, exclude_suit=a[-1].suit)

    showdown_us = _best_of(showdowns, 3) / m * 1e6
    evaluate_us = _best_of(evaluations, 3) / m * 1e6

    gens = [g.id for g in all_generators() if g.id.startswith("palace.")]
    q_count = 100 if quick else 1000
    start = time.perf_counter()
    for i in range(q_count):
        q = make(gens[i % len(gens)], seed=i)
        q.check(q.correct[0] if q.correct else (str(q.low) if q.low is not None
                                                 else sorted(q.accepted[0])))
    per_question_ms = (time.perf_counter() - start) / q_count * 1000

    widest_ms, widest = _widest_legal_list()
    per_second = _contract_games(100 if quick else 2000)
    viewed = _viewed_games(50 if quick else 1000)

    return [
        {"name": f"palace: legal_actions, the widest choice ({widest:,} ways to keep soldiers)",
         "value": widest_ms, "unit": "ms", "target": 50.0, "lower_is_better": True},
        {"name": "palace: games through the contract (4 players, random play)",
         "value": per_second, "unit": "games/s", "lower_is_better": False,
         "note": "start, to_act, random_action, apply and outcome only; per CPU second"},
        {"name": "palace: games by the strength player, seat by seat from views",
         "value": viewed, "unit": "games/s", "lower_is_better": False,
         "note": "start, view, the player's choice, apply; per CPU second"},
        {"name": f"palace: {n_hands:,} random legal hands, 2-10 players", "value": seconds,
         "unit": "s CPU", "target": 60.0 * n_hands / 10_000, "lower_is_better": True,
         "note": "the 10,000-hand test must stay well inside the suite's budget"},
        {"name": "palace: actions applied (random play)", "value": actions / seconds,
         "unit": "actions/s", "lower_is_better": False, "note": "per second of CPU time"},
        {"name": "palace: one battle showdown, 9 cards a side", "value": showdown_us,
         "unit": "us", "target": 2000.0, "lower_is_better": True, "reference": evaluate_us,
         "note": "reference: the two poker.best_hand calls alone"},
        {"name": "palace: make one question and check an answer", "value": per_question_ms,
         "unit": "ms", "target": 10.0, "lower_is_better": True},
    ]
