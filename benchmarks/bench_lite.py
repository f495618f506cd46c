"""The book's live mode in headless Chromium: time to a ready kernel, and page weights.

Serves the built book (``make book``) from 127.0.0.1 with a server that counts every
byte it sends, workers' fetches included, and measures, each time in a fresh browser
context (an empty cache):

- the time from opening the JupyterLite REPL to the first output of the Pyodide kernel,
  and again on a second visit (the browser's cache warm);
- the time from pressing "Start the live mode" on the Punto Banco chapter to its live
  panel (kernel ready, engine imported, first live quiz drawn);
- the bytes a chapter page loads without the live mode, and what starting it adds.
"""

from __future__ import annotations

import functools
import statistics
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "book" / "_build" / "html"
CHAPTER = "punto-banco.html"
KERNEL_TARGET_S = 15.0


class _Counter:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n
            self.requests += 1

    def take(self) -> tuple[int, int]:
        with self.lock:
            out = (self.bytes, self.requests)
            self.bytes = self.requests = 0
            return out


class _Handler(SimpleHTTPRequestHandler):
    counter: _Counter

    def copyfile(self, source: Any, outputfile: Any) -> None:  # counts the bodies sent
        n = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            n += len(chunk)
        self.counter.add(n)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def _serve(folder: Path) -> Iterator[tuple[str, _Counter]]:
    counter = _Counter()
    handler = type("Handler", (_Handler,), {"counter": counter})
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", counter
    finally:
        server.shutdown()
        server.server_close()


def _browser(p: Any) -> Any:
    from tests.browser import CHROMIUM_ARGS, chromium_path

    exe = chromium_path()
    if exe is None:
        raise RuntimeError("Debian's chromium is not installed")
    return p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)


def _kernel_ready(browser: Any, base: str) -> tuple[float, float]:
    """Seconds to a ready kernel with an empty cache, then again on a second visit."""
    code = "print('kernel' + ' ready')"
    url = f"{base}/lite/repl/index.html?kernel=python&code={urllib.parse.quote(code)}"
    ctx = browser.new_context()
    times = []
    for _visit in range(2):
        page = ctx.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.locator(".jp-OutputArea-output", has_text="kernel ready").wait_for(
            timeout=180_000)
        times.append(time.perf_counter() - start)
        page.close()
    ctx.close()
    return times[0], times[1]


def _chapter_and_live(browser: Any, base: str, counter: _Counter
                      ) -> tuple[int, int, int, float]:
    ctx = browser.new_context()
    page = ctx.new_page()
    counter.take()
    page.goto(f"{base}/{CHAPTER}")
    page.wait_for_load_state("networkidle")
    chapter_bytes, chapter_requests = counter.take()
    start = time.perf_counter()
    page.locator("[data-cr-live] a.cr-live-open").click()
    page.frame_locator("iframe.cr-live-iframe").locator(".cr-live-panel").wait_for(
        state="visible", timeout=180_000)
    took = time.perf_counter() - start
    page.wait_for_timeout(2000)  # the REPL keeps polling: no "network idle" to wait for
    live_bytes, _ = counter.take()
    ctx.close()
    return chapter_bytes, chapter_requests, live_bytes, took


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run(quick: bool) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    if not (HTML / "lite" / "repl" / "index.html").is_file():
        print("    lite: the book with its live mode is not built (make book): nothing measured")
        return []
    repeat = 1 if quick else 3
    with _serve(HTML) as (base, counter), sync_playwright() as p:
        browser = _browser(p)
        visits = [_kernel_ready(browser, base) for _ in range(repeat)]
        runs = [_chapter_and_live(browser, base, counter) for _ in range(repeat)]
        browser.close()
    kernel = [v[0] for v in visits]
    again = [v[1] for v in visits]
    chapter_bytes, chapter_requests, live_bytes, _ = runs[-1]
    panel = [r[3] for r in runs]
    mb = 1e6
    return [
        {"name": "lite: REPL opened to a ready Pyodide kernel", "value": statistics.median(kernel),
         "unit": "s", "target": KERNEL_TARGET_S, "lower_is_better": True,
         "note": f"median of {repeat}, empty cache, headless Chromium; fastest "
                 f"{min(kernel):.1f} s"},
        {"name": "lite: the same, on a second visit (browser cache warm)",
         "value": statistics.median(again), "unit": "s", "target": KERNEL_TARGET_S,
         "lower_is_better": True, "note": "the runtime comes from the browser's cache"},
        {"name": "lite: chapter's Live button to its live panel", "value": statistics.median(panel),
         "unit": "s", "lower_is_better": True,
         "note": "kernel start, the engine imported, the first live quiz drawn"},
        {"name": "lite: chapter page weight without the live mode", "value": chapter_bytes / mb,
         "unit": "MB", "lower_is_better": True,
         "note": f"{CHAPTER}: {chapter_requests} requests, every byte served (MathJax, widget "
                 "JS, fonts, styles)"},
        {"name": "lite: what starting the live mode adds", "value": live_bytes / mb,
         "unit": "MB", "lower_is_better": True,
         "note": "JupyterLite REPL, Pyodide, the kernel's wheels and cardrules, once per cache"},
        {"name": "lite: the live site on disk", "value": _size(HTML / "lite") / mb, "unit": "MB",
         "lower_is_better": True, "note": "book/_build/html/lite: only part of it is loaded"},
    ]
