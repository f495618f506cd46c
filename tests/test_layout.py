"""The shape of the code: modules of readable size, and every public function documented.

Issue 11's acceptance checks for the engine (``cardrules``) and the quiz layer
(``quizzes``): no module over 800 lines, and a docstring on every public function (a
name not starting with ``_``, defined in the module that holds it).
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

from tests.conftest import ROOT

MAX_LINES = 800
PACKAGES = ("cardrules", "quizzes")
#: modules that need ipywidgets to import at all (everything else must import without)


def _files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = [_module_name(p) for p in _files()]


def test_every_module_of_the_engine_and_the_quiz_layer_is_at_most_800_lines() -> None:
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in _files()}
    assert sizes, "no module found"
    too_big = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert not too_big, f"modules over {MAX_LINES} lines: {too_big}"


def test_the_size_check_counts_lines_as_wc_does(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text("a = 1\n" * 801, encoding="utf-8")
    assert len(f.read_text(encoding="utf-8").splitlines()) == 801 > MAX_LINES


def _undocumented(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    missing = []
    for name, obj in vars(module).items():
        if name.startswith("_") or not inspect.isfunction(obj):
            continue
        if getattr(obj, "__module__", None) != module_name:
            continue  # imported from elsewhere; checked where it is defined
        if not (inspect.getdoc(obj) or "").strip():
            missing.append(name)
    return sorted(missing)


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_function_has_a_docstring(module_name: str) -> None:
    missing = _undocumented(module_name)
    assert not missing, f"{module_name}: public functions without a docstring: {missing}"


def test_the_docstring_check_finds_an_undocumented_function(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    (tmp_path / "layout_probe.py").write_text(
        'from os.path import join\n\n'
        'def told():\n    """Documented."""\n\n'
        'def untold():\n    return 1\n\n'
        'def _private():\n    return 2\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _undocumented("layout_probe") == ["untold"]
