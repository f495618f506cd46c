"""A lesson as a book page (MyST) and as a notebook, and the commented spec to start from."""

from __future__ import annotations

import contextlib
import difflib
import json
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardrules.catalog import rules_of
from cardrules.errors import CardrulesError
from cardrules.profiles import load_rules, shipped_profiles

from ..bookparts import (
    default_profile_name,
    profile_block,
    rule_block,
)
from ..registry import all_generators
from .files import default_out_dir, project_root, relative_path, write_all
from .spec import MAX_COUNT, Lesson, QuizItem, SpecError, load_spec


def _spec_label(lesson: Lesson) -> str:
    root = project_root(lesson.path.parent)
    return relative_path(lesson.path, root) if root else lesson.path.name


def _profile_ref_from(lesson: Lesson, folder: Path) -> str:
    """The profile as the page or notebook in ``folder`` names it."""
    if lesson.profile_path is None:
        return lesson.profile_ref
    return relative_path(lesson.profile_path, folder)


# -- the MyST page ---------------------------------------------------------------------------

def _profile_label(lesson: Lesson) -> str:
    if lesson.profile_path is None:
        return lesson.profile_ref
    root = project_root(lesson.path.parent)
    return relative_path(lesson.profile_path, root) if root else lesson.profile_ref


def _fence(name: str, argument: str, options: Mapping[str, object], body: Sequence[str] = ()
           ) -> list[str]:
    out = [f"```{{{name}}} {argument}".rstrip()]
    out += [f":{k}: {v}" for k, v in options.items() if v not in (None, "")]
    out += list(body)
    out.append("```")
    return out


def _quiz_fence(lesson: Lesson, q: QuizItem, folder: Path) -> list[str]:
    return _fence("quiz", " ".join(q.generators), {
        "count": q.count, "seed": q.seed, "profile": _profile_ref_from(lesson, folder),
        "title": q.title})


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def lesson_page(lesson: Lesson, out_dir: Path) -> str:
    """The lesson as a MyST page for the book, as it would be written into ``out_dir``."""
    spec = _spec_label(lesson)
    p = lesson.profile
    lines = [
        f"% Made by `cardrules lesson build {spec}`: edit the spec, not this page, then build "
        "again.",
        "",
        f"# {lesson.title}",
        "",
    ]
    if lesson.intro:
        lines += [lesson.intro, ""]
    lines += ["::::{admonition} For the teacher", ":class: tip", ""]
    if lesson.audience:
        lines += [f"**Audience.** {lesson.audience}", ""]
    if lesson.duration:
        lines += [f"**Time.** {lesson.duration}", ""]
    n_questions = sum(q.count for q in lesson.quizzes)
    root = project_root(out_dir)
    notebook = out_dir / f"{lesson.slug}.ipynb"
    notebook_label = relative_path(notebook, root) if root else notebook.name
    lines += [
        f"**Rules.** {p.name or p.game} (profile `{_profile_label(lesson)}`)."
        + (f" {_sentence(p.description)}" if p.description else "")
        + " The rules and every quiz below follow it.",
        "",
        f"**In class.** {len(lesson.rules)} rules and {len(lesson.quizzes)} quizzes "
        f"({n_questions} questions). Print a worksheet with its answer key with "
        f"`cardrules lesson print {spec}` (add `--seed N` for a different sheet per group); "
        f"open `{notebook_label}` in Jupyter for live quizzes, or start the class quiz "
        "app with `make voila`.",
        "::::",
        "",
        "## The rules we play by",
        "",
        *_fence("profile", _profile_ref_from(lesson, out_dir), {}),
        "",
    ]
    placed, rest = lesson.placement()
    for item in lesson.rules:
        r = item.rule
        lines += [f"## {r.title}", ""]
        lines += _fence("rule", r.id, {})
        lines.append("")
        if item.note:
            lines += [item.note, ""]
        if item.example:
            lines += _fence("position", "", {}, item.example)
            lines.append("")
        if item.deal is not None:
            lines += _fence("deal", _profile_ref_from(lesson, out_dir), {"seed": item.deal})
            lines.append("")
        for q in placed[item.id]:
            lines += _quiz_fence(lesson, q, out_dir)
            lines.append("")
    if rest:
        lines += ["## Practice", ""]
        for q in rest:
            lines += _quiz_fence(lesson, q, out_dir)
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


# -- the notebook ----------------------------------------------------------------------------

def rule_box(rule_id: str) -> Any:
    """A rule's box, as in the book, for a notebook cell.

    >>> rule_box("banco.natural")
    Rule banco.natural: Naturals
    """
    from ..notebook import HTML

    html, _anchor, title = rule_block(rule_id)
    return HTML(html, f"Rule {rule_id}: {title}")


def profile_box(profile: str) -> Any:
    """The options of a profile (a shipped name or a .toml path), for a notebook cell."""
    from ..notebook import HTML

    return HTML(profile_block(profile, [Path.cwd()]), f"Profile {profile}")


def lesson_notebook(lesson: Lesson, out_dir: Path) -> str:
    """The lesson as a Jupyter notebook (JSON) with live quizzes, as written into ``out_dir``."""
    cells: list[tuple[str, str]] = []
    head = f"# {lesson.title}"
    if lesson.intro:
        head += "\n\n" + lesson.intro
    cells.append(("markdown", head))
    notes = []
    if lesson.audience:
        notes.append(f"**Audience.** {lesson.audience}")
    notes.append(f"**Rules.** {lesson.profile.name or lesson.profile.game} (profile "
                 f"`{_profile_label(lesson)}`). Run all the cells: each quiz asks fresh questions "
                 "and the rules engine checks every answer.")
    cells.append(("markdown", "\n\n".join(notes)))
    cells.append(("code", "from cardrules import parse_cards\n"
                          "from quizzes.lessons import profile_box, rule_box\n"
                          "from quizzes.notebook import quiz, show_cards\n\n"
                          f"PROFILE = {_profile_ref_from(lesson, out_dir)!r}\n"
                          "profile_box(PROFILE)"))
    placed, rest = lesson.placement()

    def quiz_cell(q: QuizItem) -> tuple[str, str]:
        ids = list(q.generators)
        target = repr(ids[0]) if len(ids) == 1 else repr(ids)
        return ("code", f"quiz({target}, count={q.count}, seed={q.seed!r}, profile=PROFILE, "
                        f"title={q.display_title()!r})")

    for item in lesson.rules:
        cells.append(("markdown", f"## {item.rule.title}"))
        cells.append(("code", f"rule_box({item.id!r})"))
        if item.note:
            cells.append(("markdown", item.note))
        if item.example:
            rows = ", ".join(f"({line.split(':', 1)[0].strip()!r}, "
                             f"parse_cards({line.split(':', 1)[1].strip()!r}))"
                             for line in item.example)
            cells.append(("code", f"show_cards({rows})"))
        cells += [quiz_cell(q) for q in placed[item.id]]
    if rest:
        cells.append(("markdown", "## Practice"))
        cells += [quiz_cell(q) for q in rest]
    nb = {
        "cells": [
            {"cell_type": kind, "id": f"cell-{n}", "metadata": {},
             "source": text.splitlines(keepends=True),
             **({"execution_count": None, "outputs": []} if kind == "code" else {})}
            for n, (kind, text) in enumerate(cells, 1)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "cardrules": {"made_by": f"cardrules lesson build {_spec_label(lesson)}"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def render(lesson: Lesson, out_dir: Path) -> dict[Path, str]:
    """The files ``build`` writes for a lesson into ``out_dir``, with their contents."""
    return {
        out_dir / f"{lesson.slug}.md": lesson_page(lesson, out_dir),
        out_dir / f"{lesson.slug}.ipynb": lesson_notebook(lesson, out_dir),
    }


def build(spec: str | Path, out_dir: str | Path | None = None) -> list[Path]:
    """Build a lesson: its book page and its notebook.  Returns the paths written."""
    lesson = load_spec(spec)
    folder = Path(out_dir) if out_dir is not None else default_out_dir(Path(spec))
    files = render(lesson, folder)
    write_all(files)
    return list(files)


# -- scaffolding -----------------------------------------------------------------------------

def lesson_games() -> tuple[str, ...]:
    """The games a lesson can be about: those with rules and a shipped profile."""
    out = []
    for name in shipped_profiles():
        with contextlib.suppress(CardrulesError):
            game = load_rules(name).game
            if game not in out and rules_of(game):
                out.append(game)
    return tuple(out)


def scaffold(game: str = "banco", title: str = "My lesson") -> str:
    """A commented lesson spec to start from, listing the game's rules and quizzes.

    >>> import tomllib
    >>> text = scaffold("banco", "Baccarat for beginners")
    >>> tomllib.loads(text)["title"], tomllib.loads(text)["profile"]
    ('Baccarat for beginners', 'punto-banco')
    """
    games = lesson_games()
    if game not in games:
        near = difflib.get_close_matches(game, games, n=1, cutoff=0.5)
        hint = f" (did you mean {near[0]}?)" if near else ""
        raise SpecError("--game", None, f"unknown game {game!r}{hint}; allowed: "
                        f"{', '.join(games)}")
    profile = default_profile_name(game)
    profiles = [n for n in shipped_profiles() if _safe_game(n) == game]
    rules = rules_of(game)
    gens = [g for g in all_generators() if g.game == game]
    first_rules = [r.id for r in rules[:2]]
    lines = [
        "# A lesson spec for `cardrules lesson build` (a book page and a notebook) and",
        "# `cardrules lesson print` (a PDF worksheet with its answer key).",
        "# Lines starting with # are comments. Text goes in quotes; \"\"\" quotes hold",
        "# several lines. The book's chapter \"For teachers\" explains every key.",
        "",
        "# The lesson's title, shown on the page and the worksheet.",
        f"title = {json.dumps(title, ensure_ascii=False)}",
        "",
        "# Notes for the teacher: who the lesson is for, what they know, the plan.",
        'audience = """',
        "Beginners who have never played. Plan: explain each rule with its example,",
        "then let the class try the quiz that follows it.",
        '"""',
        "",
        "# How long it takes (optional).",
        'duration = "20 minutes"',
        "",
        "# The house rules: a shipped profile name, or the path of your own .toml",
        "# (relative to this file) that says extends = \"<a shipped profile>\" and",
        "# changes some options. Shipped for this game:",
        *textwrap.wrap(", ".join(profiles), 86, initial_indent="#   ",
                       subsequent_indent="#   ", break_on_hyphens=False),
        f"profile = {json.dumps(profile)}",
        "",
        "# The rules to explain, in order. Each is a rule id, or a table with a note",
        "# in your own words and an example position in card notation:",
        f'#   {{ id = "{first_rules[-1]}", note = "...", example = "Hand: 7S 8D" }}',
        "# The rules of this game:",
        *[f"#   {r.id:<34} {r.title}" for r in rules],
        f"rules = {json.dumps(first_rules)}",
        "",
        "# The quizzes: one [[quizzes]] block each. `generator` is a quiz id (or a",
        "# rule id, for all its quizzes, or a list); `count` is how many questions",
        f"# (1 to {MAX_COUNT}); `seed` picks them (same seed, same questions). Each quiz",
        "# goes after the last rule of the lesson it asks about. Quizzes of this game:",
        *[f"#   {g.id:<34} {g.title} ({g.kind.value})" for g in gens],
    ]
    if not gens:
        lines += ["#   (none yet)"]
    wanted = [g for g in gens if set(g.rule_ids) & set(first_rules)][:2] or gens[:1]
    for n, g in enumerate(wanted, 1):
        lines += ["", "[[quizzes]]", f'generator = "{g.id}"', "count = 5", f"seed = {n}"]
    return "\n".join(lines) + "\n"


def _safe_game(profile_name: str) -> str | None:
    try:
        return load_rules(profile_name).game
    except CardrulesError:
        return None


def new_spec(path: str | Path, game: str = "banco", title: str | None = None,
             force: bool = False) -> Path:
    """Write a commented spec to ``path`` (refusing to overwrite unless ``force``)."""
    path = Path(path)
    if path.suffix != ".toml":
        raise SpecError(str(path), None, "a new lesson spec is written as a .toml file")
    if path.exists() and not force:
        raise SpecError(str(path), None, "already exists; choose another name or add --force")
    text = scaffold(game, title or path.stem.replace("-", " ").replace("_", " ").capitalize())
    write_all({path: text})
    return path
