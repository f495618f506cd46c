"""Run every benchmark and print its figures beside their targets and references.

    python benchmarks/run.py            # full runs
    python benchmarks/run.py --quick    # short runs, for a smoke check
    python benchmarks/run.py banco      # only some benchmarks

Each ``benchmarks/bench_<name>.py`` defines ``run(quick) -> list[dict]`` with ``name``,
``value``, ``unit`` and optionally ``target``, ``lower_is_better``, ``reference`` (a figure
measured side by side in the same run) and ``note``.  Results are also written to
``benchmarks/results/latest.json``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def _fmt(x: float) -> str:
    if x == 0:
        return "0"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    if abs(x) >= 1:
        return f"{x:.3f}"
    return f"{x:.4g}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="short runs")
    args = parser.parse_args(argv)
    names = args.names or sorted(p.stem[6:] for p in HERE.glob("bench_*.py"))
    results: list[dict[str, Any]] = []
    missed = 0
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{'quick' if args.quick else 'full'} runs\n")
    header = f"{'figure':58} {'value':>14} {'unit':10} {'target':>10} {'reference':>12} {'ratio':>8}"
    print(header)
    print("-" * len(header))
    for name in names:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        start = time.perf_counter()
        figures = module.run(args.quick)
        for f in figures:
            f["benchmark"] = name
            target = f.get("target")
            ref = f.get("reference")
            lower = f.get("lower_is_better", True)
            ratio = ""
            if ref:
                ratio = f"{f['value'] / ref:.3f}" if lower else f"{ref / f['value']:.3f}"
            ok = ""
            if target is not None:
                met = f["value"] <= target if lower else f["value"] >= target
                ok = " ok" if met else " MISSED"
                missed += not met
                f["target_met"] = met
            print(f"{f['name'][:58]:58} {_fmt(f['value']):>14} {f['unit'][:10]:10} "
                  f"{_fmt(target) if target is not None else '':>10} "
                  f"{_fmt(ref) if ref else '':>12} {ratio:>8}{ok}")
            if f.get("note"):
                print(f"{'':4}{f['note']}")
        results.extend(figures)
        print(f"{'':4}({name}: {time.perf_counter() - start:.1f} s)")
    out = HERE / "results" / "latest.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"quick": args.quick, "python": platform.python_version(),
                               "figures": results}, indent=2, default=str))
    print(f"\nratio = value / reference (time) or reference / value (rate): below 1 beats the "
          f"reference.\n{missed} target(s) missed. Written to {out.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
