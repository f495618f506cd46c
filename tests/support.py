"""Helpers the tests share: one way to check that an action is refused, one way to load
the book's extensions (single files, not packages), and one way to read the questions a
page's quizzes carry."""

from __future__ import annotations

import copy
import importlib.util
import json
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import game as registry
from cardrules.catalog import rule_ids
from cardrules.errors import IllegalAction


def refused(module: Any, state: Any, action: Any, rule_id: str | None = None,
            *words: str) -> IllegalAction:
    """Apply an illegal action through ``module`` (a game of the registry): it raises
    IllegalAction with a catalog rule id (``rule_id`` when given, and each of ``words`` in
    its sentence), ``can_apply`` says no, ``explain`` says why, and the state is unchanged."""
    before = copy.deepcopy(state)
    snapshot = repr(state)
    with pytest.raises(IllegalAction) as info:
        module.apply(state, action)
    err = info.value
    assert err.rule_id in rule_ids(), f"{err.rule_id!r} is not a catalog rule id"
    if rule_id is not None:
        assert err.rule_id == rule_id, str(err)
    for w in words:
        assert w in err.message, err.message
    assert state == before and repr(state) == snapshot
    assert not module.can_apply(state, action)
    with pytest.raises(IllegalAction):
        module.verify_action(state, action)
    assert isinstance(module.explain(state, action), str)
    return err


def game_of(module: Any) -> registry.Game[Any, Any]:
    """The registry's view of a game module (it must be registered under its GAME)."""
    return registry.get(module.GAME)


def load_file(name: str, path: Path) -> ModuleType:
    """The module in ``path`` (a Sphinx extension such as book/_ext/cardbanks.py), under ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Payloads(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "data-q" and value is not None:
                self.found.append(json.loads(value))


def page_payloads(html: str) -> list[dict[str, Any]]:
    """The payload of every question in ``html`` (its ``data-q`` attributes), read as a
    browser reads them, whatever their quotes."""
    reader = _Payloads()
    reader.feed(html)
    return reader.found
