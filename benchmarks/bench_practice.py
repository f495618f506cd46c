"""The Practice page in headless Chromium: the rules engine's worker and the banks.

Serves the built book (``make book``) from 127.0.0.1 with a server that counts every byte
it sends (the worker's fetches included) and measures, in a fresh browser context:

- the time from the click on "Start practising" (``source=engine``: the page waits for the
  engine) to the first fresh question on screen, answerable, with an empty cache, and again
  on a second visit (the browser's cache warm);
- the bytes that start fetches (Pyodide's core and the engine's wheel), against 15 MB;
- the pre-made banks: files, questions and bytes.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from typing import Any

from benchmarks.bench_lite import HTML, _browser, _Counter, _serve

FIRST_QUESTION_TARGET_S = 5.0
FETCH_TARGET_MB = 15.0
PAGE = "practice.html?chapters=banco&source=engine"


def _first_fresh_question(browser: Any, base: str, counter: _Counter
                          ) -> tuple[float, float, int, dict[str, int]]:
    """Seconds to the first engine-made question, cold and on a second visit; bytes cold;
    the worker's own start, step by step (ms), cold."""
    ctx = browser.new_context()
    times: list[float] = []
    cold_bytes = 0
    phases: dict[str, int] = {}
    for visit in range(2):
        page = ctx.new_page()
        page.goto(f"{base}/{PAGE}")
        start_button = page.locator("#cr-practice button.cr-start")
        start_button.wait_for()
        page.wait_for_load_state("networkidle")
        counter.take()
        start = time.perf_counter()
        start_button.click()
        page.locator("#cr-practice section[data-source='engine'] .cr-form input").first.wait_for(
            timeout=120_000)
        times.append(time.perf_counter() - start)
        steps = dict(page.evaluate("() => window.cardrulesPractice.engine.phases || {}"))
        if visit == 0:
            cold_bytes, _ = counter.take()
            phases = steps
        else:
            phases.update({f"{k} (again)": v for k, v in steps.items()})
        page.close()
    ctx.close()
    return times[0], times[1], cold_bytes, phases


def _banks() -> tuple[int, int, int, int]:
    folder = HTML / "_static" / "banks"
    files = [p for p in folder.glob("*.json") if p.name != "index.json"]
    sizes = [len(json.loads(p.read_text(encoding="utf-8")).get("questions", [])) for p in files]
    return len(files), sum(sizes), min(sizes, default=0), sum(p.stat().st_size for p in files)


def run(quick: bool) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    if not (HTML / "practice.html").is_file() or not (HTML / "lite").is_dir():
        print("    practice: the book is not built (make book): nothing measured")
        return []
    repeat = 1 if quick else 3
    with _serve(HTML) as (base, counter), sync_playwright() as p:
        browser = _browser(p)
        runs = [_first_fresh_question(browser, base, counter) for _ in range(repeat)]
        browser.close()
    cold = [r[0] for r in runs]
    warm = [r[1] for r in runs]
    fetched = max(r[2] for r in runs)
    steps = ", ".join(f"{k} {v / 1000:.1f} s" for k, v in runs[-1][3].items() if "again" not in k)
    again = ", ".join(f"{k[:-8]} {v / 1000:.1f} s" for k, v in runs[-1][3].items() if "again" in k)
    load = os.getloadavg()[0]
    n_files, n_questions, smallest, bank_bytes = _banks()
    mb = 1e6
    return [
        {"name": "practice: click to the first fresh engine question (cold)",
         "value": statistics.median(cold), "unit": "s", "target": FIRST_QUESTION_TARGET_S,
         "lower_is_better": True,
         "note": f"median of {repeat}, empty cache; Pyodide in a Web Worker, the engine's "
                 f"wheel, one question made; fastest {min(cold):.2f} s; the worker's start, "
                 f"cumulative: {steps}; machine load average {load:.1f} on "
                 f"{os.cpu_count()} cores"},
        {"name": "practice: the same on a second visit (cache warm)",
         "value": statistics.median(warm), "unit": "s", "target": FIRST_QUESTION_TARGET_S,
         "lower_is_better": True, "reference": statistics.median(cold),
         "note": f"reference: the cold figure above; a return visit starts the engine with "
                 f"the page (files cached), so part of its start is over by the click; the "
                 f"worker's start: {again}"},
        {"name": "practice: bytes fetched from the click to that question",
         "value": fetched / mb, "unit": "MB", "target": FETCH_TARGET_MB, "lower_is_better": True,
         "note": "Pyodide core (wasm, stdlib), the engine's wheel, the page's bank files"},
        {"name": "practice: pre-made bank files", "value": n_files, "unit": "files",
         "lower_is_better": False, "note": f"{n_questions} questions, the smallest bank "
                                           f"{smallest}; {bank_bytes / mb:.1f} MB on disk"},
    ]
