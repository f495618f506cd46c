"""Casino speed: legal plays on crowded tables (against a brute-force reference), the
36-card table of issue 11, the positions of random games, and whole random games per
second side by side with the engine as it was before issue 11 (the single module
``cardrules/casino.py`` of commit 4e2cd71, loaded from git into a temporary directory).

Random games: 2 to 4 players in turn, every play drawn uniformly with ``random.Random``
among the legal plays and applied with ``apply``, which checks every play (against the
position's plan, on the fast path).

    python benchmarks/bench_casino.py           # quick: 100 games per profile
    python benchmarks/bench_casino.py --full    # 1000 games, more repeats, the reference
    python benchmarks/run.py casino             # the same through the runner
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

if __name__ == "__main__":  # run as a script: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.casino_reference import reference_moves
from cardrules import casino, profiles
from cardrules.casino import Trail, fast, legal_actions, masks, position, sets, table

BEFORE = "4e2cd71"  # the last commit with the single-module engine
ROOT = Path(__file__).resolve().parent.parent

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


def issue_position() -> casino.CasinoState:
    """The position of issue 11: 32 plays of ``new_game(seed=11)``, trailing whenever the
    rules allow (hand 10♣ 4♠ 4♦ J♣, 36 loose cards)."""
    s = casino.new_game(seed=11)
    rng = casino.Rng(11)
    for _ in range(32):
        plays = legal_actions(s)
        trail = next((Trail(c) for c in s.hand if Trail(c) in plays), None)
        s = casino.apply(s, trail if trail is not None else casino.random_action(s, rng))
    return s


def royal_tables(lo: int = 26, hi: int = 40) -> list[casino.CasinoState]:
    """Royal Casino positions with ``lo`` to ``hi`` loose cards, one of each size: a
    2-player game from seed 0, trailing whenever the rules allow (as :func:`issue_position`
    does for the base game)."""
    s = casino.new_game(casino.load_casino("royal-casino"), seed=0, players=2)
    rng = casino.Rng(0)
    out: dict[int, casino.CasinoState] = {}
    while s.phase is casino.Phase.PLAY and len(s.loose) <= hi:
        plays = legal_actions(s)
        if len(s.loose) >= lo:
            out.setdefault(len(s.loose), s)
        trail = next((Trail(c) for c in s.hand if Trail(c) in plays), None)
        s = casino.apply(s, trail if trail is not None else casino.random_action(s, rng))
    return [out[k] for k in sorted(out)]


def trailing_round_slowest_step(profile: str) -> tuple[float, int]:
    """The slowest step (seconds) of a 2-player round from seed 0 that trails whenever the
    rules allow, and the most loose cards it reached."""
    s = casino.new_game(casino.load_casino(profile), seed=0, players=2)
    rng = casino.Rng(0)
    slowest, biggest = 0.0, 0
    while not casino.is_over(s):
        biggest = max(biggest, len(s.loose))
        start = time.perf_counter()
        plays = legal_actions(s)
        first = [m for _, m in zip(range(3), plays, strict=False)]
        known = all(m in plays for m in first) and bool(plays)
        drawn = casino.random_action(s, rng)
        slowest = max(slowest, time.perf_counter() - start)
        assert known
        trail = next((Trail(c) for c in s.hand if Trail(c) in plays), None)
        s = casino.apply(s, trail if trail is not None else drawn)
    return slowest, biggest


def _median_ms(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _clear() -> None:
    """Empty everything the engine keeps between positions (counts, sets, listings)."""
    sets.value_sets.cache_clear()
    sets._KIDS.clear()
    sets._COUNTS.clear()
    sets._FEASIBLE.clear()
    sets.residues.cache_clear()
    masks.clear_caches()
    fast.SUMS_OF.clear()
    table.set_layout.cache_clear()


def _cold(state: casino.CasinoState) -> int:
    """The number of legal plays with the engine's kept counts emptied: the true worst."""
    _clear()
    return len(legal_actions(state))


def before_module() -> ModuleType:
    """The engine before issue 11, from git, as the module ``cardrules.casino_before``."""
    text = subprocess.run(["git", "show", f"{BEFORE}:cardrules/casino.py"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "casino_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("cardrules.casino_before", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cardrules.casino_before"] = mod
    ours = profiles._PROFILE_TYPES["casino"]
    spec.loader.exec_module(mod)
    profiles._PROFILE_TYPES["casino"] = ours  # it registered its own CasinoRules
    return mod


def _rules_for(engine: Any, profile: str) -> Any:
    """A profile loaded as ``engine``'s own CasinoRules (both engines register "casino")."""
    saved = profiles._PROFILE_TYPES["casino"]
    profiles._PROFILE_TYPES["casino"] = engine.CasinoRules
    try:
        return engine.load_casino(profile)
    finally:
        profiles._PROFILE_TYPES["casino"] = saved


def random_games(engine: Any, legal: Any, games: int, profile: str = "casino",
                 keep: bool = False) -> tuple[float, int, list[Any]]:
    """CPU seconds for ``games`` random games with ``engine`` (its ``legal`` plays), the
    number of plays, and (with ``keep``) a sample of positions met.  Keeping positions
    keeps whole games alive (a state holds its history), which the garbage collector then
    walks over and over: the timed runs keep none, as a player does not."""
    rules = _rules_for(engine, profile)
    plays = 0
    sample: list[Any] = []
    start = time.process_time()
    for g in range(games):
        s = engine.new_game(rules, seed=g, players=2 + g % 3)
        rng = random.Random(g)
        while s.phase.name != "GAME_OVER":
            if s.phase.name == "ROUND_OVER":
                s = engine.next_round(s)
                continue
            ms = legal(s)
            if keep and plays % 7 == 0:
                sample.append(s)
            s = engine.apply(s, ms[rng.randrange(len(ms))])
            plays += 1
    return time.process_time() - start, plays, sample


def run(quick: bool) -> list[dict[str, Any]]:
    """The rows of the benchmark."""
    out: list[dict[str, Any]] = []
    for name in CROWDED:
        s = crowded(name)
        n_moves = len(legal_actions(s))
        row: dict[str, Any] = {
            "name": f"casino: legal plays, {name} (caches emptied)",
            "value": _median_ms(lambda s=s: (_clear(), list(legal_actions(s))),
                                7 if quick else 31),
            "unit": "ms", "target": 5.0, "lower_is_better": True,
            "note": f"12 loose cards, two builds, 4 cards in hand: {n_moves} legal plays"}
        if name == "crowded table" and not quick:
            row["reference"] = _median_ms(lambda s=s: reference_moves(s), 1)
            row["note"] += "; reference: the brute-force enumeration the tests check against"
        out.append(row)
    big = issue_position()
    n_big = len(legal_actions(big))
    out.append({"name": "casino: legal plays, the 36-card table of issue 11 (len, one test of "
                        "membership, the first 3; counts emptied)",
                "value": _median_ms(lambda: (_cold(big), big.hand[0] in legal_actions(big),
                                             legal_actions(big)[:3]), 3 if quick else 9),
                "unit": "ms", "target": 50.0, "lower_is_better": True,
                "note": f"{n_big} legal plays; before issue 11 listing them raised MemoryError"})
    # exact counts in Royal Casino on crowded tables (nothing in play asks for them)
    worst = (0.0, 0, 0)
    sizes = []
    for t in royal_tables(26, 36 if quick else 40):
        _clear()
        start = time.process_time()
        n = len(legal_actions(t))
        secs = time.process_time() - start
        sizes.append(f"{len(t.loose)}: {secs * 1000:.0f}")
        worst = max(worst, (secs, len(t.loose), n))
    out.append({"name": f"casino: exact len(legal_actions), Royal Casino tables of 26-"
                        f"{36 if quick else 40} loose cards (worst; counts emptied)",
                "value": worst[0] * 1000, "unit": "ms", "lower_is_better": True,
                "note": f"worst at {worst[1]} loose cards ({worst[2]} plays); ms by table "
                        f"size: {', '.join(sizes)}; before: 0.5 s at 28 cards, 3.5-5.6 s at "
                        "33-36, 30-58 s at 37"})
    # rounds that trail whenever the rules allow (30-51 loose cards): the slowest step of
    # what play asks (is there a play, is this one legal, the first plays, a random play)
    for profile in ("casino", "royal-casino"):
        slowest, biggest = trailing_round_slowest_step(profile)
        out.append({"name": f"casino: slowest step of a round trailing whenever allowed, "
                            f"{profile}",
                    "value": slowest * 1000, "unit": "ms", "target": 50.0,
                    "lower_is_better": True,
                    "note": f"up to {biggest} loose cards; a step: bool, 3 plays, membership, "
                            "random_action (the tests check memory, this the time)"})
    before = before_module()
    games = 100 if quick else 1000
    for profile in ("casino", "royal-casino"):
        secs, plays, sample = random_games(casino, legal_actions, games, profile)
        ref_secs, ref_plays, _ = random_games(before, before.legal_moves, games, profile)
        out.append({"name": f"casino: random full games, {profile} (2-4 players, to 21)",
                    "value": games / secs, "reference": games / ref_secs, "unit": "games/s",
                    "target": 3 * games / ref_secs, "lower_is_better": False,
                    "note": f"{plays / secs:.0f} plays/s against {ref_plays / ref_secs:.0f} "
                            f"before issue 11 (commit {BEFORE}), same games ({plays} plays); "
                            f"{games / secs / (games / ref_secs):.1f}x"})
        if profile == "casino":
            sample = random_games(casino, legal_actions, max(games // 10, 10), profile,
                                  keep=True)[2]
            start = time.perf_counter()
            for s in sample:
                len(legal_actions(s))
            per = (time.perf_counter() - start) / len(sample) * 1e6
            out.append({"name": "casino: legal plays, positions of random games",
                        "value": per, "unit": "µs", "lower_is_better": True,
                        "note": f"mean over {len(sample)} positions"})
    return out


if __name__ == "__main__":
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
        sys.exit(0)
    for row in run(quick="--full" not in sys.argv):
        print(row)
