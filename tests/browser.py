"""Shared helpers for the browser tests: serve a folder on 127.0.0.1 and drive Debian's
Chromium with Playwright, recording every request and console error."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    """Debian's chromium, never a browser downloaded by Playwright."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` with Python's http.server on 127.0.0.1; stop it by its own pid."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@dataclass
class Watch:
    """What a page did: every request's URL, failures and console errors."""

    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def outside(self) -> list[str]:
        """Requests that left 127.0.0.1 (data: and blob: URLs stay in the page)."""
        return [u for u in self.requests
                if not (u.startswith("http://127.0.0.1") or u.startswith(("data:", "blob:",
                                                                           "about:")))]


def browsers_own(url: str, failure: str | None) -> bool:
    """Whether a failed request is the browser's own fetch of the tab's icon, dropped because
    the test left the page before it ended (the page never asks for it, and waits for no
    icon); any other failure, the icon's included, counts.

    >>> browsers_own("http://127.0.0.1:8000/_static/favicon.svg", "net::ERR_ABORTED")
    True
    >>> browsers_own("http://127.0.0.1:8000/_static/favicon.svg", "net::ERR_FAILED")
    False
    >>> browsers_own("http://127.0.0.1:8000/_static/ts-fsrs.umd.js", "net::ERR_ABORTED")
    False
    """
    return failure == "net::ERR_ABORTED" and url.split("?")[0].endswith("/_static/favicon.svg")


def watch(page: Any) -> Watch:
    w = Watch()
    page.on("request", lambda r: w.requests.append(r.url))
    page.on("requestfailed", lambda r: None if browsers_own(r.url, r.failure)
            else w.failed.append(f"{r.url} {r.failure}"))
    page.on("console", lambda m: w.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: w.page_errors.append(str(e)))
    return w


def assert_clean(w: Watch) -> None:
    """Nothing left 127.0.0.1, nothing failed, and the console stayed free of errors."""
    assert not w.outside(), f"requests left 127.0.0.1: {w.outside()}"
    assert not w.failed, f"failed requests: {w.failed}"
    assert not w.console_errors, f"console errors: {w.console_errors}"
    assert not w.page_errors, f"page errors: {w.page_errors}"


#: ``make screenshots`` sets this: the tests that keep screenshots for people to look at
#: (``book/_build/screenshots``) then keep whole pages; the suite keeps the first screen
#: only, since a whole page of the longest chapters takes seconds to draw and asserts nothing
WHOLE_PAGES = "CARDRULES_SCREENSHOTS"


def keep_screenshot(page: Any, path: Path | str) -> None:
    """Save the page as it looks, for a person to look at: the first screen, or the whole
    page under ``make screenshots``."""
    page.screenshot(path=str(path), full_page=os.environ.get(WHOLE_PAGES) == "whole")


#: a learner's weeks of practice, through the page's progress store: one rule answered
#: wrong (due again a minute later), one answered right at each due date until mastered,
#: one reviewed twice (getting there), one answered once (learning), then each of
#: ``others`` answered once; the clock (``window.__crT``, which the page reads through
#: ``window.cardrulesClock``) is moved by hand and returned, five minutes on.  The answers'
#: question ids start with ``tag``.
PRACTISE = """async ([tag, wrong, mastered, growing, learning, others]) => {
    const P = window.cardrules.progress, minute = 60 * 1000;
    await P.record([wrong], false, tag + "#1");
    await P.record([mastered], true, tag + "#2");
    for (let i = 0; i < 20 && P.load().rules[mastered].card.stability < 21; i++) {
        window.__crT = Date.parse(P.load().rules[mastered].card.due);
        await P.record([mastered], true, tag + "#m" + i);
    }
    await P.record([growing], true, tag + "#g1");
    window.__crT += 10 * minute;
    await P.record([growing], true, tag + "#g2");
    window.__crT += 40 * minute;
    await P.record([learning], true, tag + "#l");
    for (const [i, rule] of others.entries()) await P.record([rule], true, tag + "#o" + i);
    window.__crT += 5 * minute;
    return window.__crT;
}"""
