"""The shape of the code: modules of readable size, and every public function documented.

Issue 11's acceptance checks for the engine (``cardrules``) and the quiz layer
(``quizzes``): no module over 800 lines, and a docstring on every public function (a
name not starting with ``_``, defined in the module that holds it).
"""

from __future__ import annotations

import ast
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


# -- one layout for every game package --------------------------------------------------------
#: the modules every game package has, each holding the same things in every game
STANDARD = ("rules", "profile", "state", "actions", "deal", "checks", "apply", "explain",
            "outcome", "view", "players", "game")
#: where each function of the contract is defined, in every game
WHERE = {"seats": "deal", "start": "deal", "deal_rows": "deal", "legal_actions": "apply",
         "apply": "apply", "verify_action": "checks", "can_apply": "checks",
         "explain": "explain", "describe": "explain", "is_over": "state", "to_act": "state",
         "cards_in_play": "state", "seats_of": "state", "outcome": "outcome", "view": "view",
         "random_action": "players"}


def _game_packages() -> list[tuple[str, str]]:
    from cardrules import game as registry

    return [(name, registry.module_name(name)) for name in registry.names()]


@pytest.mark.parametrize(("name", "package"), _game_packages())
def test_every_game_package_has_the_same_modules(name: str, package: str) -> None:
    folder = ROOT / package.replace(".", "/")
    have = {p.stem for p in folder.glob("*.py")}
    missing = [m for m in STANDARD if m not in have]
    assert not missing, f"{package} lacks the standard modules {missing}"


@pytest.mark.parametrize(("name", "package"), _game_packages())
def test_every_contract_function_lives_in_its_standard_module(name: str, package: str) -> None:
    from cardrules import game as registry

    g = registry.get(name)
    assert type(g) is registry.Game and g.name == name
    assert importlib.import_module(package + ".game").__dict__.get(
        {"casino-pontoon": "CASINO_PONTOON"}.get(name, name.upper())) is g
    wrong = {}
    for field, module in WHERE.items():
        fn = getattr(g, field)
        if getattr(fn, "__module__", None) != f"{package}.{module}":
            wrong[field] = getattr(fn, "__module__", None)
    for player in g.players:
        if player.choose.__module__ != f"{package}.players":
            wrong[f"player {player.name}"] = player.choose.__module__
    assert not wrong, f"{name}: contract functions outside their standard module: {wrong}"


def _private_uses(paths: list[Path], root: Path = ROOT) -> list[str]:
    """Every use of a private name (``_x``) of another module of the project: imported
    (``from .play import _amount``, ``from . import _fast``) or read off an imported module
    (``listing._build``)."""
    out = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules: set[str] = set()
        where = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if not (node.level or mod.split(".")[0] in PACKAGES):
                    continue
                if any(_private(part) for part in mod.split(".")):
                    out.append(f"{where}:{node.lineno}: from a private module {mod}")
                for alias in node.names:
                    if _private(alias.name):
                        out.append(f"{where}:{node.lineno}: imports {alias.name}")
                    else:
                        modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in PACKAGES:
                        modules.add((alias.asname or alias.name).split(".")[0])
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and _private(node.attr)
                    and isinstance(node.value, ast.Name) and node.value.id in modules):
                out.append(f"{where}:{node.lineno}: reads {node.value.id}.{node.attr}")
    return out


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_uses_another_modules_private_names() -> None:
    uses = _private_uses(_files())
    assert not uses, f"{len(uses)} uses of private names across modules:\n" + "\n".join(uses)


def test_the_private_name_check_finds_each_kind_of_use(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from . import _fast\nfrom .listing import _build, plan\n"
                     "from cardrules import casino\nx = casino._cache\nfrom ._common import y\n"
                     "z = plan._x\n", encoding="utf-8")
    uses = _private_uses([probe], tmp_path)
    assert [u.split(": ", 1)[1] for u in uses] == [
        "imports _fast", "imports _build", "from a private module _common",
        "reads casino._cache", "reads plan._x"]
