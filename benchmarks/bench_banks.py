"""The book's question banks: their size, and the time the build spends making them.

Figures:

- making every bank of the book from scratch (one process, and two as the build does),
  against the time the same questions take one by one (the reference: the generators
  alone, without distinctness checks or JSON), and the CPU time it takes (wall times
  grow with the machine's load; CPU time does not);
- the build's second run, which copies the banks from its cache (same sources);
- the banks' size: files, questions, bytes in all, and the largest file (the most a
  practice fetches for one generator), against the 200-question floor per bank.

Quick runs make the banks of a sample of generators and scale the times up.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardrules.profiles import load_rules  # noqa: E402
from quizzes.model.banks import (  # noqa: E402
    BANK_SIZE,
    bank_data,
    bank_seed,
    wanted_banks,
    write_banks,
)
from quizzes.model.registry import make_with_key  # noqa: E402

#: the build's budget for making every bank from scratch, in seconds (two processes)
BUILD_TARGET_S = 60.0
HOUSE = ROOT / "examples" / "our-house-rules.toml"


def _extra() -> list[tuple[str, Any]]:
    house = load_rules(HOUSE)
    return [("pontoon.stick.may", house), ("pontoon.buy.may", house)]


def run(quick: bool) -> list[dict[str, Any]]:
    wanted = wanted_banks(_extra())
    sample = wanted[::8] if quick else wanted
    scale = len(wanted) / len(sample)
    out: list[dict[str, Any]] = []

    start = time.perf_counter()
    cpu = time.process_time()
    sizes = []
    made_questions = 0
    short = 0
    for g, profile, _name in sample:
        data = bank_data(g, profile)
        sizes.append(len(json.dumps(data, ensure_ascii=False, separators=(",", ":"))))
        made_questions += len(data["questions"])
        short += len(data["questions"]) < BANK_SIZE
    serial = (time.perf_counter() - start) * scale
    cpu = (time.process_time() - cpu) * scale

    start = time.perf_counter()
    for g, profile, _name in sample:
        for n in range(BANK_SIZE):
            make_with_key(g, bank_seed(n), profile)
    reference = (time.perf_counter() - start) * scale

    out.append({"name": "all banks made, one process" + (" (sample, scaled)" if quick else ""),
                "value": serial, "unit": "s", "reference": reference,
                "note": f"reference: {BANK_SIZE} questions per generator, made one by one"})
    out.append({"name": "all banks made, CPU time (does not grow with the machine's load)",
                "value": cpu, "unit": "s", "target": BUILD_TARGET_S})
    with tempfile.TemporaryDirectory() as tmp:
        if not quick:
            cache = Path(tmp) / "cache"
            start = time.perf_counter()
            files = write_banks(Path(tmp) / "a", _extra(), cache_dir=cache, jobs=2)
            cold = time.perf_counter() - start
            start = time.perf_counter()
            write_banks(Path(tmp) / "b", _extra(), cache_dir=cache, jobs=2)
            warm = time.perf_counter() - start
            out.append({"name": "build: all banks made (2 processes, cold cache)", "value": cold,
                        "unit": "s", "target": BUILD_TARGET_S})
            out.append({"name": "build: all banks copied (warm cache)", "value": warm,
                        "unit": "s", "target": 2.0})
            sizes = [f.stat().st_size for f in files if f.name != "index.json"]
            index = next(f for f in files if f.name == "index.json").stat().st_size
            questions = sum(len(json.loads(f.read_text())["questions"]) for f in files
                            if f.name != "index.json")
            out.append({"name": "index.json", "value": index / 1e3, "unit": "kB"})
        else:
            questions = round(made_questions * scale)
    total = sum(sizes) * (1 if not quick else scale)
    out += [
        {"name": "bank files", "value": len(wanted), "unit": "files"},
        {"name": "questions in all banks", "value": questions, "unit": "questions"},
        {"name": f"banks under {BANK_SIZE} questions" + (" (sample)" if quick else ""),
         "value": short, "unit": "banks",
         "note": "their generators cannot make more distinct questions (tests/test_banks.py)"},
        {"name": "bytes of all banks", "value": total / 1e6, "unit": "MB"},
        {"name": "largest bank file (one practice fetch)", "value": max(sizes) / 1e3,
         "unit": "kB"},
        {"name": "bytes per question (mean)", "value": sum(sizes) / max(1, questions)
         * (1 if not quick else scale), "unit": "B"},
    ]
    return out


if __name__ == "__main__":
    for figure in run("--quick" in sys.argv):
        print(figure)
