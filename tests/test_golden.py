"""The golden playthroughs hold: one seeded game of every shipped profile, transcribed (the
views, the legal actions, the plays and their explanations, the outcome), equals its file
in ``tests/golden/``.  After a deliberate change: ``make golden``, then review the diff."""

from __future__ import annotations

import difflib

import pytest

from tests import golden

CASES = golden.cases()


@pytest.mark.parametrize(("game", "profile"), CASES, ids=[p for _, p in CASES])
def test_golden_playthrough_holds(game: str, profile: str) -> None:
    path = golden.path_of(profile)
    assert path.is_file(), f"no golden file {path.name}: run `make golden` and commit it"
    want = path.read_text(encoding="utf-8")
    got = golden.text_of(game, profile)
    if got != want:
        diff = "".join(list(difflib.unified_diff(
            want.splitlines(keepends=True), got.splitlines(keepends=True),
            f"golden/{path.name}", "now", n=2))[:80])
        pytest.fail(f"{profile}: the playthrough changed (if on purpose, run `make golden` "
                    f"and review the diff):\n{diff}")


def test_every_shipped_profile_of_a_game_has_a_golden_file() -> None:
    names = {p.stem for p in golden.FOLDER.glob("*.txt")}
    assert names == {p for _, p in CASES}


def test_a_changed_playthrough_is_found(tmp_path: object) -> None:
    game, profile = CASES[0]
    text = golden.text_of(game, profile)
    assert text == golden.text_of(game, profile), "a playthrough must replay exactly"
    assert "## outcome" in text and "plays: " in text and "why: " in text
