"""The practice worker's Python side (quizzes.static.worker): the engine makes each question and
judges each answer, from JSON text in and out, with no ipywidgets."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules.profiles import load_rules
from quizzes.model.banks import profile_key, profile_toml
from quizzes.model.question import Kind, question_payload
from quizzes.model.registry import all_generators, make
from quizzes.static import worker
from tests.conftest import ROOT
from tests.test_banks import HOUSE, right_response, wrong_response

GENERATORS = [g.id for g in all_generators()]


@pytest.mark.parametrize("gen_id", GENERATORS)
def test_worker_checks_a_right_and_a_wrong_answer_with_the_engine(gen_id: str) -> None:
    for seed in ("p1abc2x", "p7"):
        payload = json.loads(worker.make(gen_id, seed, None))
        q = make(gen_id, seed)
        assert payload == question_payload(q) and payload["asks"] == q.rule_ids[0]
        right = json.loads(worker.check(gen_id, seed, None, json.dumps(right_response(payload))))
        wrong = json.loads(worker.check(gen_id, seed, None, json.dumps(wrong_response(payload))))
        assert right == {"correct": True, "message": payload["right"]}
        assert wrong == {"correct": False, "message": payload["wrong"]}


def test_every_kind_is_covered() -> None:
    kinds = {json.loads(worker.make(g, "k", None))["kind"] for g in GENERATORS}
    assert kinds == {k.value for k in Kind}


def test_worker_asks_under_the_quiz_house_rules() -> None:
    house = load_rules(HOUSE)
    payload = json.loads(worker.make("pontoon.stick.may", "p3", profile_toml(house)))
    assert payload["profile"] == profile_key(house) and "16 or more" in payload["prompt"]
    shipped = json.loads(worker.make("pontoon.stick.may", "p3", None))
    assert shipped["profile"] == "pontoon" and "15 or more" in shipped["prompt"]
    by_name = json.loads(worker.make("pontoon.stick.may", "p3", "pontoon-stick-16"))
    assert by_name["profile"] == "pontoon-stick-16" and "16 or more" in by_name["prompt"]


def test_worker_says_what_an_unreadable_answer_should_be() -> None:
    gid = "banco.hand-value.total"  # numeric
    verdict = json.loads(worker.check(gid, "x", None, json.dumps({"value": "lots"})))
    assert verdict["correct"] is False and verdict["unreadable"] is True
    assert "not a number" in verdict["message"]
    verdict = json.loads(worker.check(gid, "x", None, json.dumps({"choices": [0]})))
    assert 'a numeric answer is {"value": "a number"}' in verdict["message"]
    verdict = json.loads(worker.check("banco.natural.spot", "x", None, "not json"))
    assert verdict["unreadable"] is True


def test_worker_refuses_a_profile_of_another_game() -> None:
    with pytest.raises(ValueError, match="is for 'pontoon', but the profile is for 'banco'"):
        worker.make("pontoon.stick.may", "x", profile_toml(load_rules("punto-banco")))


# In Pyodide the worker has the engine's wheel and nothing else: importing the engine,
# the quiz layer and the worker must not need ipywidgets, IPython or any package beyond
# the standard library.
NO_THIRD_PARTY = """
import builtins, json, sys
real_import = builtins.__import__
STDLIB = sys.stdlib_module_names
def guarded(name, *args, **kwargs):
    level = args[3] if len(args) >= 4 else kwargs.get("level", 0)
    top = name.split(".")[0]
    if level == 0 and top not in STDLIB and top not in ("cardrules", "quizzes"):
        raise ImportError(f"the worker imported {name!r}")
    return real_import(name, *args, **kwargs)
builtins.__import__ = guarded
import cardrules, quizzes, quizzes.static.worker as w
from quizzes.model.registry import all_generators
for g in all_generators():
    json.loads(w.make(g.id, "s", None))
print("OK", len(all_generators()))
"""


def test_the_worker_needs_only_the_standard_library() -> None:
    done = subprocess.run([sys.executable, "-c", NO_THIRD_PARTY], capture_output=True,
                          text=True, cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["OK", str(len(GENERATORS))]


# The same in Pyodide itself (node_modules/pyodide, the runtime the book serves), with the
# working tree's sources mounted: every generator makes a question, a right answer of each
# kind is judged right, and nothing outside the standard library is imported.
PYODIDE_RUN = """
import path from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideDir, root, code] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const options = { indexURL: path.resolve(pyodideDir) + path.sep };
if (process.argv[5]) options.stdLibURL = path.resolve(process.argv[5]);  // a stdlib zip
const py = await loadPyodide(options);
if (process.argv[6]) {  // a wheel: installed as the book's worker installs it
  const { readFileSync } = await import("node:fs");
  py.unpackArchive(new Uint8Array(readFileSync(process.argv[6])), "wheel");
} else {  // the working tree
  py.FS.mkdirTree("/host");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(root) }, "/host");
}
console.log(py.runPython(code));
"""

IN_PYODIDE = """
import sys, json
sys.path.insert(0, "/host")
import cardrules, quizzes, quizzes.static.worker as w
from quizzes.model.registry import all_generators
verdicts = {}
for g in all_generators():
    p = json.loads(w.make(g.id, "p1", None))
    if p["kind"] in verdicts:
        continue
    right = ({"choices": p["correct"]} if p["choices"] else {"value": p["low"]}
             if p["kind"] == "numeric" else {"cards": p["accepted"][0]})
    verdicts[p["kind"]] = json.loads(w.check(g.id, "p1", None, json.dumps(right)))["correct"]
outside = sorted({m.split(".")[0] for m in sys.modules} - set(sys.stdlib_module_names)
                 - {"cardrules", "quizzes", "pyodide", "_pyodide", "_pyodide_core", "js", "pyodide_js",
                    "__main__"})
json.dumps({"platform": sys.platform, "generators": len(all_generators()),
            "verdicts": verdicts, "outside": outside})
"""


def run_in_pyodide(tmp_path: Path, stdlib: Path | None = None, wheel: Path | None = None
                   ) -> dict[str, Any]:
    """Run :data:`IN_PYODIDE` under node in Pyodide (with ``stdlib`` as its standard library
    zip, and the engine from ``wheel`` unpacked as the worker does, if given; else the
    working tree) and return what it found."""
    pyodide = ROOT / "node_modules" / "pyodide"
    node = shutil.which("node")
    if node is None or not (pyodide / "pyodide.mjs").is_file():
        pytest.fail("node and node_modules/pyodide are needed: install node, run `npm ci`")
    script = tmp_path / "run.mjs"
    script.write_text(PYODIDE_RUN, encoding="utf-8")
    done = subprocess.run([node, str(script), str(pyodide), str(ROOT), IN_PYODIDE,
                           str(stdlib or ""), str(wheel or "")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_worker_runs_in_pyodide(tmp_path: Path) -> None:
    result = run_in_pyodide(tmp_path)
    assert result["platform"] == "emscripten"
    assert result["generators"] == len(GENERATORS)
    assert result["verdicts"] == {k.value: True for k in Kind}
    assert result["outside"] == [], "the worker imported packages beyond the standard library"


def test_the_worker_runs_on_its_own_stdlib_zip(built_book: Path, tmp_path: Path) -> None:
    """lite/build.py's python_stdlib_worker.zip (the modules the engine uses, bytecode only,
    for loadPyodide's stdLibURL) is enough for the worker: every generator, every kind."""
    folder = built_book / "lite" / "static" / "pyodide"
    stdlib = folder / "python_stdlib_worker.zip"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    result = run_in_pyodide(tmp_path, stdlib, folder / lock["packages"]["cardrules"]["file_name"])
    assert result["generators"] == len(GENERATORS)
    assert result["verdicts"] == {k.value: True for k in Kind}
    full = built_book / "lite" / "static" / "pyodide" / "python_stdlib.zip"
    assert stdlib.stat().st_size < 0.6 * full.stat().st_size
