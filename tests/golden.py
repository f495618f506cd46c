"""Golden playthroughs: one seeded game of every shipped profile, as a transcript.

For each step the transcript shows the seat to act, what that seat sees (its view: the
rows of cards, ``##`` for a card face down, and the status line), the legal actions (in
the game's words), the action the game's default computer player takes, and the engine's
explanation of it; then the outcome.  A change to a game's play, its explanations or its
outcome shows as a diff of these files in review.

``tests/test_golden.py`` holds the files to the engine.  After a deliberate change, write
them again with one command and read the diff before committing::

    make golden        # or: .venv/bin/python -m tests.golden
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardrules import game as registry
from cardrules.profiles import load_rules, shipped_profiles
from cardrules.rng import Rng

FOLDER = Path(__file__).resolve().parent / "golden"
SEED = "golden"
#: the most legal actions a step lists (a crowded Casino table allows many more)
LISTED = 12
#: the most steps a transcript may hold before it says the game did not end
MAX_STEPS = 3000


def cases() -> list[tuple[str, str]]:
    """Every shipped profile of a registered game, with its game: (game, profile)."""
    out = []
    for name in shipped_profiles():
        game = load_rules(name).game
        if game in registry.names():
            out.append((game, name))
    return out


def _row(row: Any) -> str:
    cards = " ".join("##" if c is None else str(c) for c in row.cards) or "(none)"
    return f"  {row.label}: {cards}"


def _legal(g: Any, legal: Any) -> str:
    shown = list(itertools.islice(iter(legal), LISTED + 1))
    words = [g.describe(a) for a in shown[:LISTED]]
    more = " | ..." if len(shown) > LISTED else ""
    return " | ".join(words) + more


def transcript(game: str, profile: str) -> Iterator[str]:
    """The lines of one seeded game of ``profile``, played by the game's default computer
    player in every seat."""
    g = registry.get(game)
    rules = load_rules(profile)
    player = g.players[0]
    state = g.start(rules, SEED)
    rng = Rng(SEED)
    seat = g.to_act(state)
    yield f"# {g.title}: {rules.name} ({profile}), seed {SEED!r}"
    yield f"# every seat played by: {player.title} ({player.name})"
    for step in range(1, MAX_STEPS + 1):
        if g.is_over(state):
            break
        seat = g.to_act(state)
        view = g.view(state, seat)
        action = player(view, rng)
        yield ""
        yield f"## {step}. {seat} to act"
        yield from (_row(r) for r in view.rows)
        yield f"  status: {view.status}"
        yield f"  legal: {_legal(g, view.legal)}"
        yield f"  plays: {g.describe(action)}"
        yield f"  why: {g.explain(state, action)}"
        state = g.apply(state, action)
    else:
        yield f"!! no end after {MAX_STEPS} steps"
    yield ""
    yield f"## the end, as {seat} sees it"
    if seat is not None:
        view = g.view(state, seat)
        yield from (_row(r) for r in view.rows)
        yield f"  status: {view.status}"
    yield ""
    yield "## outcome"
    yield from (f"  {line}" for line in str(g.outcome(state)).splitlines())


def path_of(profile: str) -> Path:
    """The golden file of a profile."""
    return FOLDER / f"{profile}.txt"


def text_of(game: str, profile: str) -> str:
    """A profile's transcript as the text of its golden file."""
    return "\n".join(transcript(game, profile)) + "\n"


def write_all() -> list[Path]:
    """Write every golden file again (after a deliberate change)."""
    FOLDER.mkdir(exist_ok=True)
    written = []
    for game, profile in cases():
        path = path_of(profile)
        path.write_text(text_of(game, profile), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for p in write_all():
        print(p.relative_to(Path.cwd()) if p.is_relative_to(Path.cwd()) else p)
    sys.exit(0)
