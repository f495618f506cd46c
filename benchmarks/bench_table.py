"""The book's table in headless Chromium: the practice worker plays every game.

Serves the built book (``make book``) from 127.0.0.1 with the server of ``bench_lite``,
which counts every byte it sends (the worker's fetches included), and measures:

- from the click on "Sit at the table" to a dealt hand on screen (answerable), with an
  empty cache and again on a second visit (the browser's cache warm), against 3 s; the
  bytes fetched from the click to that hand, against 15 MB; beside them, measured in
  the same run, today's Live mode on the same chapter (the "Live mode" button to its
  live panel, JupyterLite and Pyodide, and the bytes it adds);
- a computer player's move in the worker (the slowest of every move of a seeded hand of
  each game), against 300 ms;
- a coach figure in the worker, against 500 ms: for each game, the slowest position
  found by advising every decision of a few seeded hands in CPython (replayed in the
  worker from its seed and presses), timed in the worker; the engine's own slowest
  positions, built by hand, are timed in Pyodide by ``bench_coach``.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from benchmarks.bench_lite import HTML, _browser, _chapter_and_live, _Counter, _serve

DEAL_TARGET_S = 3.0
FETCH_TARGET_MB = 15.0
MOVE_TARGET_MS = 300.0
COACH_TARGET_MS = 500.0
CHAPTERS = {"banco": "punto-banco", "pontoon": "pontoon", "casino-pontoon": "casino-pontoon",
            "casino": "casino", "palace": "palace-poker"}
DEALT = """(game) => { const s = document.querySelector(`section[data-cr-table='${game}']`);
    return s && (s.dataset.state === 'your-turn' || s.dataset.state === 'over'); }"""


def _sit(browser: Any, base: str, counter: _Counter) -> tuple[float, float, int]:
    """Seconds from the click to a dealt hand, cold and on a second visit; bytes cold."""
    ctx = browser.new_context()
    times: list[float] = []
    cold = 0
    for visit in range(2):
        page = ctx.new_page()
        page.goto(f"{base}/punto-banco.html")
        sit = page.locator("section[data-cr-table='banco'] button.cr-sit")
        sit.wait_for()
        page.wait_for_load_state("networkidle")
        counter.take()
        start = time.perf_counter()
        sit.click()
        page.locator("section[data-cr-table='banco'] .cr-table-choices button").first.wait_for(
            timeout=120_000)
        times.append(time.perf_counter() - start)
        if visit == 0:
            cold, _ = counter.take()
        page.close()
    ctx.close()
    return times[0], times[1], cold


def _slowest_positions(seeds: int) -> dict[str, tuple[str, list[str], float]]:
    """For each game, the seeded position whose coach took longest in CPython: (seed,
    presses to reach it, CPU ms)."""
    from quizzes.static import table as T

    out: dict[str, tuple[str, list[str], float]] = {}
    for game in CHAPTERS:
        for n in range(seeds):
            t = T.start(game, None, f"bench{n}")
            while not t["over"]:
                began = time.process_time()
                f = T.coach(t["id"])
                ms = (time.process_time() - began) * 1000
                if ms > out.get(game, ("", [], -1.0))[2]:
                    out[game] = (t["seed"], list(t["replay"]["presses"]), ms)
                labels = [c["label"] for c in t["choices"]]
                best = [o["label"] for o in f["options"] if o["best"] and o["label"] in labels]
                if f["ruling"]:
                    best = [f["ruling"]["label"]]
                t = T.press(t["id"], labels.index(best[0]) if best else 0)
    return out


def _in_worker(browser: Any, base: str, slow: dict[str, tuple[str, list[str], float]]
               ) -> dict[str, tuple[float, float]]:
    """For each game: the slowest computer player's move of the hand in the worker (ms),
    and the coach's figure of its slowest position, timed in the worker (ms)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{base}/casino.html")
    page.locator("section[data-cr-table='casino'] button.cr-sit").click()
    page.wait_for_function(DEALT, arg="casino", timeout=120_000)
    out = {}
    for game, (seed, presses, _ms) in slow.items():
        got = page.evaluate("""async ([game, seed, presses]) => {
            const ask = window.cardrulesTable.ask;
            let t = (await ask({type: "table-start", game, seed, presses: []})).ok;
            let worst = Math.max(0, ...t.auto_ms), i = 0;
            for (let n = 0; !t.over && n < 400; n++) {  // the first button the rules allow
                t = (await ask({type: "table-act", table: t.id, index: i, coach: false})).ok;
                i = t.last.kind === "refused" ? i + 1 : 0;
                worst = Math.max(worst, ...t.auto_ms);
            }
            const p = (await ask({type: "table-start", game, seed, presses})).ok;
            const c = await ask({type: "table-coach", table: p.id});
            return [worst, c.ok.ms];
        }""", [game, seed, presses])
        out[game] = (float(got[0]), float(got[1]))
    ctx.close()
    return out


def run(quick: bool) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    if not (HTML / "punto-banco.html").is_file() or not (HTML / "lite").is_dir():
        print("    table: the book is not built (make book): nothing measured")
        return []
    repeat = 1 if quick else 3
    slow = _slowest_positions(1 if quick else 3)
    with _serve(HTML) as (base, counter), sync_playwright() as p:
        browser = _browser(p)
        runs = [_sit(browser, base, counter) for _ in range(repeat)]
        worker = _in_worker(browser, base, slow)
        _chapter_bytes, _requests, live_bytes, live_s = _chapter_and_live(browser, base, counter)
        browser.close()
    mb = 1e6
    cold = statistics.median(r[0] for r in runs)
    out = [
        {"name": "table: click on Sit at the table to a dealt hand (cold)", "value": cold,
         "unit": "s", "target": DEAL_TARGET_S, "lower_is_better": True, "reference": live_s,
         "note": f"median of {repeat}, empty cache, Punto Banco; reference: the chapter's Live "
                 f"mode button to its live panel, {live_s:.1f} s, measured in this run"},
        {"name": "table: the same on a second visit (cache warm)",
         "value": statistics.median(r[1] for r in runs), "unit": "s", "target": DEAL_TARGET_S,
         "lower_is_better": True, "reference": cold, "note": "reference: the cold figure above"},
        {"name": "table: bytes fetched from the click to the dealt hand",
         "value": max(r[2] for r in runs) / mb, "unit": "MB", "target": FETCH_TARGET_MB,
         "lower_is_better": True, "reference": live_bytes / mb,
         "note": f"Pyodide's core, the worker's standard library, the engine's wheel; "
                 f"reference: what starting the Live mode adds, {live_bytes / mb:.1f} MB"},
    ]
    for game, (move_ms, coach_ms) in worker.items():
        seed, presses, cpu = slow[game]
        out.append({"name": f"table: a computer player's move in the worker, {game} (slowest "
                            "of a hand)", "value": move_ms, "unit": "ms",
                    "target": MOVE_TARGET_MS, "lower_is_better": True})
        out.append({"name": f"table: a coach figure in the worker, {game} (slowest seeded "
                            "position)", "value": coach_ms, "unit": "ms",
                    "target": COACH_TARGET_MS, "lower_is_better": True, "reference": cpu,
                    "note": f"seed {seed!r} after {len(presses)} presses; reference: the same "
                            "position in CPython (CPU ms)"})
    return out
