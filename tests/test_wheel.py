"""Take it home: the wheel, installed with its ``quiz`` extra in a fresh virtual environment,
runs a chapter of the book as a plain Jupyter notebook, live quizzes included.

It builds the wheel as ``make dist`` does (``python -m build``) and installs it from PyPI's
dependencies, so it needs the network; it runs in ``make test`` and ``make dist-check``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient

from tests.conftest import ROOT
from tests.test_notebooks import NOTEBOOKS

pytestmark = pytest.mark.wheel

KERNEL = "cardrules-wheel"


def _run(*cmd: str | Path, cwd: Path | None = None) -> None:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout}\n{done.stderr}"


def _build_wheel(out: Path) -> Path:
    _run(sys.executable, "-m", "build", "--wheel", "--outdir", out, ROOT)
    wheels = sorted(out.glob("cardrules-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def _fresh_venv(where: Path, wheel: Path) -> Path:
    venv.EnvBuilder(with_pip=True, clear=True).create(where)
    python = where / "bin" / "python"
    # A plain Jupyter brings the kernel; the wheel's quiz extra brings ipywidgets.
    _run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         f"{wheel}[quiz]", "ipykernel")
    return python


def test_wheel_runs_a_chapter_in_a_fresh_venv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    wheel = _build_wheel(tmp_path / "dist")
    python = _fresh_venv(tmp_path / "venv", wheel)
    # the fresh environment's Python as a Jupyter kernel, found through JUPYTER_PATH
    spec = tmp_path / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "cardrules from the wheel", "language": "python"}), encoding="utf-8")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))

    # the first chapter that uses the engine and shows live quizzes (the quiz extra)
    chapter = next(p for p in NOTEBOOKS
                   if all(w in p.read_text(encoding="utf-8") for w in ("cardrules", "quiz(")))
    nb = jupytext.read(chapter)
    nb.cells.append(nbformat.v4.new_code_cell(
        "import cardrules, quizzes\nprint(cardrules.__file__)\nprint(quizzes.__file__)"))
    home = tmp_path / "home"  # no checkout of the project on the kernel's path
    home.mkdir()
    NotebookClient(nb, timeout=300, kernel_name=KERNEL,
                   resources={"metadata": {"path": str(home)}}).execute()

    outputs = [out for c in nb.cells if c.cell_type == "code" for out in c.get("outputs", [])]
    errors = [out.get("evalue") for out in outputs if out.get("output_type") == "error"]
    assert not errors, f"{chapter.name} failed from the wheel: {errors}"
    where = "".join(out.get("text", "") for out in nb.cells[-1].outputs)
    assert all(line.startswith(str(tmp_path / "venv")) for line in where.split()), where
    mimes = {m for out in outputs for m in out.get("data", {})}
    assert "application/vnd.jupyter.widget-view+json" in mimes, "no live quiz widget"
