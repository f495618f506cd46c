"""The coach's speed: for each game, the slowest position found, advised from cold caches,
against the 500 ms target, beside a typical position of the same game; and, where Node and
the npm package ``pyodide`` are at hand, the same positions in Pyodide, beside CPython.

The slowest positions were found by advising every candidate from cold caches (``python
benchmarks/bench_coach.py --scan`` does it again, a few minutes):

- Pontoon: every two-card hand staked 10 (buys 10 to 20) under the five shipped profiles;
  the slowest are the aces' hands (A-A, A-2) with two packs, whose many buys and twists
  reach the most hands.
- Casino Pontoon: pairs (2, 3, 8 and aces: the splits build a model of their own) against
  the up cards under the three shipped profiles; the slowest is the online rules' pair of
  aces, both dealer cards face down (its model weighs every dealer hand from nothing).
- Palace Poker: tables of 2 to 10 from four seeds, no soldiers yet (the most unseen cards);
  the slowest is a table of ten, seven battles to weigh.
- Punto Banco: the betting stage, the exact odds of the 8-deck shoe worked out afresh.

Times are the least of a few runs, each from cold caches: CPU time against the target (the
machine is shared; the wall time is in the note), wall times beside Pyodide's (its clock
is the wall clock).  Pyodide is looked for in ``$CARDRULES_PYODIDE`` or
``node_modules/pyodide``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 500.0


def _pontoon(profile: str, cards: str) -> Callable[[], object]:
    from cardrules import pontoon as pt
    from cardrules.cards import parse_cards

    rules = pt.load_pontoon(profile)
    pack = pt.arrange_pack([parse_cards(cards)], parse_cards("10C 7H"), packs=rules.packs)
    view = pt.view(pt.apply(pt.new_deal(rules, ["Ben", "Ann"], pack=pack), pt.Stake(10)), "Ann")

    def run() -> object:
        pt.banker_finals.cache_clear()
        return pt.coach(view, rules=rules)

    return run


def _casino_pontoon(profile: str, pair: int, up: int | None) -> Callable[[], object]:
    from cardrules import casino_pontoon as cp
    from cardrules.cards import parse_card, shoe
    from cardrules.casino_pontoon import strategy as st

    rules = cp.load_casino_pontoon(profile)

    def card(v: int, suit: str) -> Any:
        return parse_card(("A" if v == 1 else str(v)) + suit)

    first = 7 if up is None else up
    top = [card(pair, "S"), card(first, "H"), card(pair, "S" if rules.split_by == "rank" else "D"),
           card(5 if first in (1, 10) else 9, "C")]
    rest = Counter(shoe(rules.decks))
    rest.subtract(top)
    state = cp.new_round(rules, [10], [*top, *sorted(rest.elements())])
    if state.phase is cp.Phase.INSURANCE:
        state = cp.apply(state, cp.NoInsurance())
    view = cp.view(state, "Seat 1")

    def run() -> object:
        st.clear_caches()
        return cp.coach(view)

    return run


def _palace(players: int, seed: int) -> Callable[[], object]:
    from cardrules import palace as pp

    state = pp.new_hand(pp.load_palace(), [f"P{i}" for i in range(players)], seed=seed)
    view = pp.view(state, pp.to_act(state) or "P0")
    return lambda: pp.coach(view)


#: the commissions not yet asked of the exact odds in this run (each cold run takes one, so
#: that the odds of the shoe are worked out afresh)
_FRESH = iter([1, 2, 3, 4, 6, 7, 8, 9, 10, 0])


def _banco(cold: bool) -> Callable[[], object]:
    from cardrules import banco as bc

    rules = bc.load_banco()
    view = bc.view(bc.start(rules, seed=1), "Seat 1")

    def run() -> object:
        table = rules.replace(commission_percent=next(_FRESH)) if cold else rules
        return bc.coach(view, rules=table)

    return run


#: each game: (the slowest position found, in words, and how to advise it), then the
#: typical position it is measured beside
POSITIONS: dict[str, tuple[tuple[str, Callable[[], Callable[[], object]]],
                           tuple[str, Callable[[], Callable[[], object]]]]] = {
    "pontoon": (("two packs, A-A staked 10 (buys 10-20)",
                 lambda: _pontoon("pontoon-two-packs", "AS AD")),
                ("one pack, 10-6 staked 10", lambda: _pontoon("pontoon", "10S 6D"))),
    "casino-pontoon": (("online rules, a pair of aces, dealer cards face down, cold",
                        lambda: _casino_pontoon("casino-pontoon-online", 1, None)),
                       ("6 decks, 10-6 against a 10, cold",
                        lambda: _casino_pontoon("casino-pontoon", 6, 10))),
    "palace": (("a table of 10, seed 1: seven battles", lambda: _palace(10, 1)),
               ("a table of 2: one battle", lambda: _palace(2, 1))),
    "banco": (("the betting stage, 8-deck odds worked out afresh", lambda: _banco(True)),
              ("the betting stage, odds known", lambda: _banco(False))),
}


def _best(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The least CPU time and the least wall time of ``repeat`` runs, in seconds."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        run()
        cpu, wall = min(cpu, time.process_time() - c), min(wall, time.perf_counter() - w)
    return cpu, wall


def timings(repeat: int) -> dict[str, tuple[float, float]]:
    """Each position's best CPU and wall times in seconds, keyed ``<game>/slowest`` and
    ``<game>/typical`` (the Pyodide run calls this too; there both are wall times)."""
    out = {}
    for game, (slow, typical) in POSITIONS.items():
        out[f"{game}/slowest"] = _best(slow[1](), repeat)
        out[f"{game}/typical"] = _best(typical[1](), repeat)
    return out


_NODE = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.name === "__pycache__") continue;
    const s = path.join(src, e.name), d = dst + "/" + e.name;
    if (e.isDirectory()) copy(s, d);
    else if (/\.(py|toml)$/.test(e.name)) py.FS.writeFile(d, fs.readFileSync(s));
  }
}
copy("%(root)s/cardrules", "/home/pyodide/src/cardrules");
copy("%(root)s/conf", "/home/pyodide/src/conf");
py.FS.writeFile("/home/pyodide/src/bench_coach.py", fs.readFileSync("%(bench)s"));
py.runPython("import sys; sys.path.insert(0, '/home/pyodide/src')");
console.log(py.runPython(
  "import json, sys, bench_coach; json.dumps([sys.version.split()[0], " +
  "bench_coach.timings(%(repeat)d)])"));
"""


def pyodide_timings(repeat: int) -> tuple[str, dict[str, tuple[float, float]]] | None:
    """The same timings in Pyodide under Node, with its Python version, or None when Node or
    the npm package ``pyodide`` is not at hand."""
    where = os.environ.get("CARDRULES_PYODIDE") or str(ROOT / "node_modules" / "pyodide")
    node = shutil.which("node")
    if node is None or not (Path(where) / "pyodide.mjs").is_file():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "run.mjs"
        script.write_text(_NODE % {"pyodide": where, "root": ROOT, "repeat": repeat,
                                   "bench": Path(__file__).resolve()}, encoding="utf-8")
        done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=900,
                              check=False)
    if done.returncode != 0:
        print(done.stderr[-2000:], file=sys.stderr)
        return None
    version, figures = json.loads(done.stdout.strip().splitlines()[-1])
    return version, figures


def run(quick: bool) -> list[dict[str, Any]]:
    repeat = 2 if quick else 5
    here = timings(repeat)
    out: list[dict[str, Any]] = []
    for game, (slow, typical) in POSITIONS.items():
        cpu, wall = here[f"{game}/slowest"]
        out.append({"name": f"coach, {game}: the slowest position found (CPython, CPU)",
                    "value": round(1000 * cpu, 1), "unit": "ms",
                    "target": TARGET_MS, "lower_is_better": True,
                    "reference": round(1000 * here[f"{game}/typical"][0], 1),
                    "note": f"{slow[0]} (wall {1000 * wall:.0f} ms on this machine); "
                            f"reference: {typical[0]}"})
    found = pyodide_timings(repeat)
    if found is None:
        out.append({"name": "coach in Pyodide: not measured", "value": 0, "unit": "ms",
                    "note": "no Node or npm package pyodide here (set CARDRULES_PYODIDE)"})
        return out
    version, there = found
    for game, (slow, _) in POSITIONS.items():
        out.append({"name": f"coach, {game}: the slowest position in Pyodide {version} (Node)",
                    "value": round(1000 * there[f"{game}/slowest"][1], 1), "unit": "ms",
                    "lower_is_better": True,
                    "reference": round(1000 * here[f"{game}/slowest"][1], 1),
                    "note": f"{slow[0]}; wall times, reference: the same in CPython "
                            f"{sys.version.split()[0]} (ratio: Pyodide's time over CPython's)"})
    return out


def scan() -> None:
    """Advise every candidate position from cold caches and print the slowest of each game."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    pontoon = [(p, f"{a}S {b}D") for p in ("pontoon", "pontoon-two-packs", "pontoon-stick-16",
                                             "pontoon-no-fifth-buy-11", "shoot-pontoon")
               for i, a in enumerate(ranks) for b in ranks[i:]]
    found = sorted(((_best(_pontoon(p, c), 2)[0], p, c) for p, c in pontoon), reverse=True)
    print("pontoon", found[:3])
    casino = [(p, c, u) for p in ("casino-pontoon", "casino-pontoon-s17") for c in (1, 2, 3, 8)
              for u in (1, 2, 5, 6, 7, 10)] + [("casino-pontoon-online", c, None)
                                                for c in (1, 2, 3, 8)]
    found2 = sorted(((_best(_casino_pontoon(p, c, u), 1)[0], p, c, u) for p, c, u in casino),
                    reverse=True)
    print("casino-pontoon", found2[:3])
    found3 = sorted(((_best(_palace(n, s), 1)[0], n, s) for n in range(2, 11) for s in range(4)),
                    reverse=True)
    print("palace", found3[:3])


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if "--scan" in sys.argv:
        scan()
    else:
        for row in run("--full" not in sys.argv):
            print(row)
