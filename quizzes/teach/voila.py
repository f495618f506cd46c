"""The class's live quiz (the Voilà app ``apps/live-quiz.ipynb``)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from cardrules.errors import CardrulesError, ProfileError
from cardrules.profiles import Profile, load_rules, shipped_profiles
from quizzes.model.registry import all_generators
from quizzes.pages.parts import default_profile_name
from quizzes.teach.folders import profile_folders, project_root

# -- the live quiz session (the Voilà app) ----------------------------------------------------

def session_games() -> list[str]:
    """The games the live quiz offers: those with quiz generators and a loadable profile."""
    out: list[str] = []
    for g in all_generators():
        if g.game in out:
            continue
        with contextlib.suppress(CardrulesError):
            load_rules(g.profile)
            out.append(g.game)
    return out


def session_generators(game: str) -> list[str]:
    """The quiz generators of a game, in the order the live quiz takes them."""
    return [g.id for g in all_generators() if g.game == game]


def session_profiles(game: str, folders: Sequence[Path] = ()) -> list[tuple[str, str]]:
    """(label, reference) of the rule sets for a game: shipped, then teachers' files."""
    refs: list[str] = []
    for g in all_generators():
        if g.game == game and g.profile not in refs:
            refs.append(g.profile)
    refs += [n for n in shipped_profiles() if n not in refs]
    found: list[tuple[str, str]] = []
    for ref in refs:
        with contextlib.suppress(CardrulesError):
            p = load_rules(ref)
            if p.game == game:
                found.append((f"{p.name or ref} ({ref})", ref))
    roots = [Path(f).resolve() for f in folders]
    for folder in folders:
        for path in sorted(Path(folder).glob("*.toml")):
            with contextlib.suppress(CardrulesError, ValueError, OSError):
                p = load_rules(path, folders=roots)
                if p.game == game:
                    found.append((f"{p.name or path.stem} ({path.name})", str(path.resolve())))
    return found


def session_profile(ref: str, folders: Sequence[str | Path]) -> Profile:
    """The rules the live quiz is asked for (``?profile=``, the "Own rules" box, the
    dropdown): a shipped profile by name, or a ``.toml`` file in one of ``folders``.

    A relative path is looked for in each folder, then in the project's folder; any path
    that is not in a folder (after following symbolic links) is refused with one message,
    the same whether or not the file exists; ``extends`` stays within the folders too.

    >>> session_profile("pontoon-stick-16", []).min_stick
    16
    >>> session_profile("/etc/passwd", [])
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: /etc/passwd: not allowed here: a profile is a shipped one (no folder of profiles is set)
    """
    ref = ref.strip()
    if not (ref.endswith(".toml") or "/" in ref):
        return load_rules(ref)
    roots = [Path(f).resolve() for f in folders]
    path = Path(ref)
    root = project_root(Path.cwd())
    bases = [] if path.is_absolute() else [*roots, *([root] if root is not None else [])]
    candidates = [b / path for b in bases] if bases else [path]
    inside = [c for c in candidates if any(c.resolve().is_relative_to(r) for r in roots)]
    chosen = next((c for c in inside if c.exists()), inside[0] if inside else candidates[0])
    try:
        return load_rules(chosen, folders=roots)
    except ProfileError as e:
        if e.source == str(chosen):  # the file itself: named as the teacher wrote it
            raise ProfileError(ref, e.key, e.problem) from None
        raise


def _query() -> dict[str, str]:
    from urllib.parse import parse_qs

    raw = os.environ.get("QUERY_STRING", "")
    return {k: v[0] for k, v in parse_qs(raw).items() if v}


def live_session(game: str | None = None, profile: str | None = None,
                 seed: int | str | None = None, folders: Sequence[str | Path] | None = None
                 ) -> Any:
    """The class's live quiz: pick a game and its rules, then answer endless fresh questions.

    Defaults come from the arguments, then the page's query string (``?game=pontoon&
    profile=...&seed=...``, as Voilà passes it), then ``$CARDRULES_LIVE_GAME``,
    ``$CARDRULES_LIVE_PROFILE`` and ``$CARDRULES_LIVE_SEED``.  Without a seed each
    session draws its own questions.

    The rules are a shipped profile or a ``.toml`` file in ``folders`` (by default the
    project's ``examples/`` and the folders configured in ``apps/voila.json`` or
    ``$CARDRULES_PROFILE_FOLDERS``, :mod:`quizzes.teach.folders`); any other path is
    refused (:func:`session_profile`).

    >>> app = live_session("banco", "punto-banco", seed=1, folders=[])
    >>> app.quiz.question.generator in session_generators("banco")
    True
    """
    import time

    import ipywidgets as w  # type: ignore[import-untyped]

    from quizzes.live.widgets import LiveQuiz

    q = _query()
    game = game or q.get("game") or os.environ.get("CARDRULES_LIVE_GAME") or None
    profile = profile or q.get("profile") or os.environ.get("CARDRULES_LIVE_PROFILE") or None
    if seed is None:
        seed = q.get("seed") or os.environ.get("CARDRULES_LIVE_SEED") or None
    if seed is None:
        seed = int(time.time())
    dirs = profile_folders() if folders is None else [Path(f) for f in folders]
    games = session_games()
    if not games:
        raise RuntimeError("no game has quiz generators")
    if game not in games:
        game = games[0]

    game_box = w.Dropdown(options=[(game_label(g), g) for g in games], value=game,
                          description="Game")
    rules_box = w.Dropdown(description="Rules", layout=w.Layout(width="max-content"))
    own_box = w.Text(placeholder="or your own rules file (.toml) in "
                     + ", ".join(f.name for f in dirs),
                     description="Own rules", layout=w.Layout(width="32em"))
    topics_box = w.SelectMultiple(description="Topics", rows=6,
                                  layout=w.Layout(width="max-content"))
    start = w.Button(description="Start the quiz", button_style="success",
                     tooltip="Ask fresh questions with these rules")
    message = w.HTML()
    holder = w.VBox()
    for box in (game_box, rules_box, topics_box):
        box.style = {"description_width": "6em"}
    own_box.style = {"description_width": "6em"}

    def fill(chosen: str, wanted_profile: str | None = None) -> None:
        options = session_profiles(chosen, dirs)
        rules_box.options = options
        values = [ref for _label, ref in options]
        if wanted_profile and wanted_profile in values:
            rules_box.value = wanted_profile
        elif values:
            rules_box.value = values[0]
        ids = session_generators(chosen)
        from quizzes.model.registry import get

        topics_box.options = [(f"{get(i).title} [{i}]", i) for i in ids]
        topics_box.value = tuple(ids)

    def begin(_button: Any = None) -> None:
        ref: str | None = own_box.value.strip() or rules_box.value
        ids = list(topics_box.value) or session_generators(game_box.value)
        try:
            chosen = session_profile(ref, dirs) if ref else None
            if chosen is not None and chosen.game != game_box.value:
                raise ProfileError(str(ref), "game", f"is {chosen.game!r}, but the quiz is "
                                   f"about {game_box.value!r}")
            label = game_label(game_box.value)
            name = (chosen.name if chosen else "") or str(ref or "")
            quiz = LiveQuiz(ids, seed=seed, profile=chosen, title=quiz_title(label, name))
        except (CardrulesError, ValueError, KeyError) as e:
            message.value = f"<p role='alert'>&#9888; {escape(str(e))}</p>"
            return
        message.value = ""
        panel.quiz = quiz
        holder.children = [quiz]

    game_box.observe(lambda change: fill(change["new"]), names="value")
    start.on_click(begin)
    fill(game, profile)
    if profile and profile not in [ref for _l, ref in rules_box.options]:
        own_box.value = profile
    settings = w.VBox([w.HTML("<p>Change the game, the rules or the topics, then press "
                              "<b>Start the quiz</b>.</p>"),
                       game_box, rules_box, own_box, topics_box, start, message])
    panel = w.VBox([settings, holder])
    panel.add_class("cr-live-session")
    panel.quiz = None
    begin()
    return panel


def quiz_title(game: str, rules: str) -> str:
    """The live quiz's title: the game, and the rules' name unless it says the game already.

    >>> quiz_title("Pontoon", "Pontoon, stick on 16"), quiz_title("Pontoon", "Our house rules")
    ('Pontoon, stick on 16', 'Pontoon (Our house rules)')
    """
    rules = " ".join(rules.split())
    if not rules or rules.casefold().startswith(game.casefold()):
        return rules or game
    return f"{game} ({rules})"


def game_label(game: str) -> str:
    """A game's name for people: its play-along table's title, else its shipped profile's.

    >>> game_label("banco"), game_label("poker")
    ('Punto Banco', 'Poker hand ranking')
    """
    from quizzes.live.play import adapters

    for a in adapters():
        if a.game == game:
            return a.title
    with contextlib.suppress(CardrulesError, ValueError):
        name = load_rules(default_profile_name(game)).name
        if name:
            return name
    return game.replace("-", " ").capitalize()
