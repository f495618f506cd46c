"""Every page of the book runs as a notebook (nbclient), with no error."""

from __future__ import annotations

from pathlib import Path

import jupytext
import pytest
import yaml
from nbclient import NotebookClient

from tests.conftest import BOOK


def toc_pages() -> list[Path]:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                files.append(node["file"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(toc.get("parts", toc.get("chapters", [])))
    pages = []
    for f in files:
        for ext in (".md", ".ipynb"):
            if (BOOK / (f + ext)).is_file():
                pages.append(BOOK / (f + ext))
                break
        else:
            raise AssertionError(f"_toc.yml names {f!r}, which is not in book/")
    return pages


def is_notebook(page: Path) -> bool:
    return page.suffix == ".ipynb" or "kernelspec:" in page.read_text(encoding="utf-8")[:400]


NOTEBOOKS = [p for p in toc_pages() if is_notebook(p)]


@pytest.mark.notebook
@pytest.mark.parametrize("page", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_book_page_executes(page: Path) -> None:
    nb = jupytext.read(page)
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    assert code_cells, f"{page.name} has no code to run"
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(page.parent)}}).execute()
    for cell in code_cells:
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", f"{page.name}: {out.get('evalue')}"
            if out.get("output_type") == "stream":
                assert out.get("name") != "stderr", f"{page.name} wrote to stderr: {out['text']}"


def test_book_toc_lists_every_chapter_once() -> None:
    pages = toc_pages()
    assert len(pages) == len(set(pages))
    assert any(p.stem == "punto-banco" for p in pages)
