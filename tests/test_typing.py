"""The typed registry holds for mypy: ``get("pontoon")`` is a ``Game[DealState, Action]``, so
a misuse, such as a Casino action given to Pontoon, is a type error before anything runs.

The check runs mypy (``--strict``, as ``make lint`` does) on small programs that use the
registry; ``make lint`` has filled mypy's cache for the project, so each run reads the
engine's types from there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

from tests.conftest import ROOT

GOOD = '''
from cardrules import game
from cardrules.pontoon import Stick

pontoon = game.get("pontoon")
state = pontoon.start(pontoon.profile_of(), 1)
state = pontoon.apply(state, Stick())
view = pontoon.view(state, "Ann")
reveal_type(state)
'''

MISUSES = {
    "a Casino action given to Pontoon": '''
from cardrules import game
from cardrules.casino import Trail
from cardrules.cards import parse_card

pontoon = game.get("pontoon")
state = pontoon.start(pontoon.profile_of(), 1)
pontoon.apply(state, Trail(parse_card("AS")))
''',
    "a Pontoon state given to Casino": '''
from cardrules import game

pontoon, casino = game.get("pontoon"), game.get("casino")
casino.legal_actions(pontoon.start(pontoon.profile_of(), 1))
''',
    "a Banco state where Palace expects its own": '''
from cardrules import game

banco, palace = game.get("banco"), game.get("palace")
palace.view(banco.start(banco.profile_of(), 1), "Ann")
''',
}


def _mypy(tmp_path: Path, source: str) -> tuple[str, int]:
    program = tmp_path / "program.py"
    program.write_text(source, encoding="utf-8")
    out, err, status = api.run(["--strict", "--cache-dir", str(ROOT / ".mypy_cache"),
                                "--no-error-summary", str(program)])
    return out + err, status


def test_the_registry_gives_each_games_own_types(tmp_path: Path) -> None:
    out, status = _mypy(tmp_path, GOOD)
    assert 'Revealed type is "cardrules.pontoon.state.DealState"' in out, out
    assert status == 0 and out.count("error:") == 0, out


@pytest.mark.parametrize("misuse", MISUSES)
def test_a_misuse_of_the_registry_is_a_type_error(tmp_path: Path, misuse: str) -> None:
    out, status = _mypy(tmp_path, MISUSES[misuse])
    assert status == 1 and "[arg-type]" in out, f"{misuse}: mypy said\n{out}"
