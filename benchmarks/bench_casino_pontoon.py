"""Casino Pontoon: the strategy calculator's speed and figures, and the engine playing the
computed strategy in a seeded simulation checked against the exact 8-deck edge.

quick=True: the analyses and 200,000 simulated rounds; quick=False: 10 million rounds
over two processes (a few minutes)."""

from __future__ import annotations

import time
from multiprocessing import get_context

from cardrules.casino_pontoon import load_casino_pontoon, new_round, play_round
from cardrules.casino_pontoon import strategy as st

PUBLISHED_EDGE = 0.38  # % of the initial stake, the published analysis of the online rules


def _chunk(args: tuple[int, str]) -> tuple[int, float, float]:
    rounds, seed = args
    rules = load_casino_pontoon("casino-pontoon-online")
    st.analyse_shoe(rules)
    r = st.simulate_fast(rules, rounds, seed=seed)
    # back to sums: n, sum of x, sum of x^2
    var = r.std_error ** 2 * rounds
    return rounds, r.mean * rounds, var * (rounds - 1) + rounds * r.mean ** 2


def _simulate(total: int, chunks: int, workers: int) -> tuple[float, float, float]:
    jobs = [(total // chunks, f"bench:{i}") for i in range(chunks)]
    t0 = time.perf_counter()
    if workers > 1:
        with get_context("spawn").Pool(workers) as pool:
            parts = pool.map(_chunk, jobs)
    else:
        parts = [_chunk(j) for j in jobs]
    n = sum(p[0] for p in parts)
    s1 = sum(p[1] for p in parts)
    s2 = sum(p[2] for p in parts)
    mean = s1 / n
    var = (s2 - n * mean * mean) / (n - 1)
    return -mean, (var / n) ** 0.5, time.perf_counter() - t0


def run(quick: bool) -> list[dict[str, object]]:
    online = load_casino_pontoon("casino-pontoon-online")
    seed = load_casino_pontoon()
    out: list[dict[str, object]] = []

    st.clear_caches()
    t0 = time.perf_counter()
    inf = st.analyse_infinite(online)
    t_inf = time.perf_counter() - t0
    out.append({"name": "casino-pontoon infinite-deck analysis time (online rules)",
                "value": round(t_inf, 3), "unit": "s", "target": 1.0, "lower_is_better": True})

    st.clear_caches()
    t0 = time.perf_counter()
    eight = st.analyse_shoe(online)
    t_8 = time.perf_counter() - t0
    out.append({"name": "casino-pontoon 8-deck composition-dependent analysis time",
                "value": round(t_8, 3), "unit": "s", "target": 10.0, "lower_is_better": True})
    out.append({"name": "casino-pontoon house edge, online rules, infinite deck",
                "value": round(100 * inf.house_edge, 4), "unit": "%",
                "reference": PUBLISHED_EDGE, "note": "published 0.38% lies between"})
    out.append({"name": "casino-pontoon house edge, online rules, 8 decks",
                "value": round(100 * eight.house_edge, 4), "unit": "%",
                "reference": PUBLISHED_EDGE})
    out.append({"name": "casino-pontoon house edge, seed rules, infinite deck",
                "value": round(100 * st.analyse_infinite(seed).house_edge, 4), "unit": "%"})
    if not quick:
        t0 = time.perf_counter()
        six = st.analyse_shoe(seed)
        out.append({"name": "casino-pontoon house edge, seed rules, 6 decks",
                    "value": round(100 * six.house_edge, 4), "unit": "%",
                    "note": f"up-card analysis, {time.perf_counter() - t0:.1f} s"})

    rounds = 200_000 if quick else 10_000_000
    chunks, workers = (1, 1) if quick else (10, 2)
    edge, se, secs = _simulate(rounds, chunks, workers)
    z = (edge - eight.house_edge) / se
    out.append({"name": f"casino-pontoon simulated edge, {rounds:,} rounds (engine rules)",
                "value": round(100 * edge, 4), "unit": "%",
                "reference": round(100 * eight.house_edge, 4),
                "note": f"standard error {100 * se:.4f}%, {secs:.0f} s"})
    out.append({"name": "casino-pontoon |simulated - exact| in standard errors",
                "value": round(abs(z), 2), "unit": "SE", "target": 3.0, "lower_is_better": True})

    n = 2_000
    t0 = time.perf_counter()
    for i in range(n):
        play_round(new_round(online, [1], seed=i), st.shoe_policy)
    out.append({"name": "casino-pontoon full engine rounds (shuffle, play, strategy)",
                "value": round(n / (time.perf_counter() - t0)), "unit": "rounds/s"})
    return out


if __name__ == "__main__":
    import sys

    for row in run("--full" not in sys.argv):
        print(row)
