"""Casino speed: legal moves on a crowded table (against a brute-force reference), on the
positions of random games, and whole random games per second."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from benchmarks.casino_reference import reference_moves
from cardrules import casino
from cardrules.casino import Phase, legal_moves, load_casino, position

CROWDED = {
    # 12 loose cards of mixed ranks and two builds (one multiple), 4 cards in hand
    "crowded table": ("casino", "8C 9C 10C 6D", "AC 2D 3H 4S 5C 6H 7C 8D 9H 10S JH QS",
                      [(8, "6S 2H|8S", 1), (9, "4H 5H", 1)]),
    "crowded table, Royal Casino": ("royal-casino", "AS QC KC 6D",
                                    "AC 2D 3H 4S 5C 6H 7C 8D 9H 10S JH QS",
                                    [(13, "6S 7H|KS", 1), (12, "JC AH", 1)]),
    # the most sets there can be: the twelve lowest cards of two suits
    "crowded table of low cards": ("casino", "8C 9C 10C 6D",
                                   "AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 7C",
                                   [(8, "6H 2H|8S", 1), (9, "4H 5H", 1)]),
}


def crowded(name: str) -> casino.CasinoState:
    """One of the crowded positions: 12 loose cards and two builds on the table."""
    profile, hand, loose, builds = CROWDED[name]
    return position(hand, loose, builds=builds, rules=profile)


def _median_ms(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _uncached(state: casino.CasinoState) -> tuple[casino.Move, ...]:
    """Legal moves with the engine's caches emptied first: the true worst case."""
    casino._sums.cache_clear()
    casino._parts.cache_clear()
    casino._unions.cache_clear()
    return legal_moves(state)


def _random_games(profile: str, games: int) -> tuple[float, int, list[casino.CasinoState]]:
    rules = load_casino(profile)
    moves = 0
    sample: list[casino.CasinoState] = []
    start = time.perf_counter()
    for g in range(games):
        s = casino.new_game(rules, seed=g, players=2 + g % 3)
        rng = random.Random(g)
        while s.phase is not Phase.GAME_OVER:
            if s.phase is Phase.ROUND_OVER:
                s = casino.next_round(s)
                continue
            ms = legal_moves(s)
            if moves % 7 == 0:
                sample.append(s)
            s = casino.apply(s, ms[rng.randrange(len(ms))])
            moves += 1
    return time.perf_counter() - start, moves, sample


def run(quick: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in CROWDED:
        s = crowded(name)
        n_moves = len(legal_moves(s))
        row: dict[str, Any] = {
            "name": f"casino: legal moves, {name} (caches emptied)",
            "value": _median_ms(lambda s=s: _uncached(s), 7 if quick else 31),
            "unit": "ms", "target": 5.0, "lower_is_better": True,
            "note": f"12 loose cards, two builds, 4 cards in hand: {n_moves} legal plays"}
        if name == "crowded table" and not quick:
            row["reference"] = _median_ms(lambda s=s: reference_moves(s), 1)
            row["note"] += "; reference: the brute-force enumeration the tests check against"
        out.append(row)
    games = 100 if quick else 1000
    secs, moves, sample = _random_games("casino", games)
    out.append({"name": "casino: random full games (2-4 players, to 21)",
                "value": games / secs, "unit": "games/s", "lower_is_better": False,
                "note": f"{moves / secs:.0f} plays/s with legal_moves and a checked apply"})
    start = time.perf_counter()
    for s in sample:
        legal_moves(s)
    per = (time.perf_counter() - start) / len(sample) * 1e6
    out.append({"name": "casino: legal moves, positions of random games", "value": per,
                "unit": "µs", "lower_is_better": True,
                "note": f"mean over {len(sample)} positions"})
    return out


if __name__ == "__main__":
    for row in run(quick=True):
        print(row)
