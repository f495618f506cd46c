"""Every page of the built book: what a first visit fetches, in bytes.

Serves ``book/_build/html`` (``make book``) on 127.0.0.1 and opens each page of the table
of contents (chapters and sections, the index and the search page) in headless Chromium, each in a fresh browser context (an empty cache), at
1280 px.  A page's weight is the sum of the uncompressed bodies of everything it asks for
until the network is idle: the HTML, styles, scripts, fonts, pictures and data.  The live
mode is not started (it loads nothing until the reader asks).

    python benchmarks/run.py pages

The budget is 1 MB a page (``BUDGET``), which is also the target the figures are printed
against (``TARGET``).  ``tests/test_reader.py`` holds the budget.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"
KB = 1024
TARGET = 1024 * KB  #: the aim, bytes
BUDGET = TARGET  #: the most a page may fetch, bytes


#: pages Sphinx makes beside the table of contents, which the sidebar links
GENERATED = ("genindex", "search")


def pages() -> list[str]:
    """The book's pages, in table-of-contents order (``punto-banco``, ``lessons/...``): every
    chapter and section the table of contents names, the index and the search page.  A
    section given as a glob (the API pages, dozens of them and all alike) is represented by
    its largest page in the built book, so that a reader's test of every page stays short.
    """
    import yaml

    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    out = [str(toc["root"])]

    def walk(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            if "file" in entry:
                out.append(str(entry["file"]))
            elif "glob" in entry:
                built = sorted(HTML.glob(str(entry["glob"]) + ".html"),
                               key=lambda p: (-p.stat().st_size, p.name))
                out.extend(str(p.relative_to(HTML)) for p in built[:1])
            walk(entry.get("sections", []))

    for part in toc.get("parts", []):
        walk(part.get("chapters", []))
    names = [p.removesuffix(".html").removesuffix(".md").removesuffix(".ipynb") for p in out]
    return names + [g for g in GENERATED if (HTML / f"{g}.html").is_file() or not HTML.is_dir()]


def weigh(page: Any, url: str) -> tuple[int, dict[str, int]]:
    """Open ``url`` in ``page`` (a fresh context) and sum the bodies it fetched.

    Returns the total and the bytes per URL.  Bodies are read from the responses, so the
    figure is the uncompressed size whatever the server does.
    """
    sizes: dict[str, int] = {}
    responses: list[Any] = []
    page.on("response", lambda r: responses.append(r))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    for r in responses:
        if r.url.startswith("data:"):
            continue
        try:
            sizes[r.url] = sizes.get(r.url, 0) + len(r.body())
        except Exception:  # a redirect or an aborted request has no body
            sizes.setdefault(r.url, 0)
    return sum(sizes.values()), sizes


def measure(base: str, browser: Any, width: int = 1280) -> dict[str, tuple[int, dict[str, int]]]:
    """Each page's weight on a first visit: ``{page: (bytes, {url: bytes})}``."""
    out = {}
    for name in pages():
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        try:
            out[name] = weigh(ctx.new_page(), f"{base}/{name}.html")
        finally:
            ctx.close()
    return out


def run(quick: bool) -> list[dict[str, Any]]:
    if not (HTML / "index.html").is_file():
        return [{"name": "page weight (book not built: run `make book`)", "value": 0,
                 "unit": "KB", "note": "skipped"}]
    from playwright.sync_api import sync_playwright

    from tests.browser import CHROMIUM_ARGS, chromium_path, serve

    exe = chromium_path()
    if exe is None:
        return [{"name": "page weight (no chromium)", "value": 0, "unit": "KB",
                 "note": "skipped"}]
    with serve(HTML) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        try:
            weights = measure(base, browser)
        finally:
            browser.close()
    figures = [{"name": f"page weight, first visit: {name}", "value": round(total / KB, 1),
                "unit": "KB", "target": TARGET // KB,
                "note": f"budget {BUDGET // KB} KB; largest: "
                        + ", ".join(f"{u.rsplit('/', 1)[-1].split('?')[0]} {s // KB} KB"
                                    for u, s in sorted(sizes.items(), key=lambda x: -x[1])[:3])}
               for name, (total, sizes) in weights.items()]
    heaviest = max(weights.values(), key=lambda x: x[0])[0]
    figures.append({"name": "page weight, first visit: heaviest page", "value":
                    round(heaviest / KB, 1), "unit": "KB", "target": TARGET // KB})
    return figures


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(ROOT))
    for f in run(quick=False):
        print(f"{f['name']:55} {f['value']:>9} {f['unit']}  {f.get('note', '')}")
