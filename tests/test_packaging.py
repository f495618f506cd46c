"""The wheel ships every package of the engine and the quiz layer, and the profiles."""

from __future__ import annotations

import tomllib

from tests.conftest import ROOT


def test_packaging_lists_every_subpackage() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {"cardrules.conf"}
    for top in ("cardrules", "quizzes"):
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    assert found == listed, f"pyproject.toml packages differ: missing {sorted(found - listed)}, " \
                            f"extra {sorted(listed - found)}"


def test_packaging_ships_every_profile_and_asset() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    assert "*.toml" in data["cardrules.conf"] and "assets/*" in data["quizzes.static"]
    assert config["tool"]["setuptools"]["package-dir"]["cardrules.conf"] == "conf"
    assert (ROOT / "conf" / "__init__.py").is_file()
