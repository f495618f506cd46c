"""A lesson as a book page (MyST) and as a notebook, and the commented spec to start from."""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import json
import re
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardrules.catalog import rules_of
from cardrules.errors import CardrulesError
from cardrules.profiles import load_rules, shipped_profiles
from quizzes.model.registry import all_generators
from quizzes.pages.parts import (
    changes_block,
    changes_lines,
    default_profile_name,
    profile_block,
    resolve_profile_option,
    rule_block,
)
from quizzes.pages.text import plain
from quizzes.pages.text import render as teacher_text
from quizzes.teach.files import (
    check_writable,
    default_out_dir,
    project_root,
    relative_path,
    write_all,
    write_changed,
)
from quizzes.teach.spec import MAX_COUNT, Lesson, QuizItem, SpecError, check_slug, load_spec


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


def _option(value: object) -> str:
    """A directive option's value: as it is when plain, else in double quotes.

    >>> _option("../house.toml"), _option('Totals: "quick" #1')
    ('../house.toml', '"Totals: \\\\"quick\\\\" #1"')
    """
    text = str(value)
    if re.fullmatch(r"[\w./-]+", text):
        return text
    return json.dumps(" ".join(text.split()), ensure_ascii=False)


def _fence(name: str, argument: str, options: Mapping[str, object], body: Sequence[str] = ()
           ) -> list[str]:
    out = [f"```{{{name}}} {argument}".rstrip()]
    out += [f":{k}: {_option(v)}" for k, v in options.items() if v not in (None, "")]
    out += list(body)
    out.append("```")
    return out


def changes_markdown(lesson: Lesson) -> list[str]:
    """The lines of a lesson page that list what its house rules change from the standard
    game, each beside the standard value, in the words of the game (option titles, not keys).

    >>> from quizzes.teach.files import project_root
    >>> from quizzes.teach.spec import load_spec
    >>> lesson = load_spec(project_root(Path.cwd()) / "examples" / "pontoon-buying-and-twisting.toml")
    >>> changes_markdown(lesson)
    ['What this table changes from the standard game of Pontoon:', '', '- Sticking: 16 or more (standard: 15 or more)', '']
    """
    from cardrules.changes import changes, game_title

    lines = changes_lines(lesson.profile)
    if not changes(lesson.profile):
        return [plain(lines[0], "myst"), ""]
    head = f"What this table changes from the standard game of {game_title(lesson.profile.game)}:"
    return [plain(head, "myst"), "", *(f"- {plain(line, 'myst')}" for line in lines), ""]


def _quiz_fence(lesson: Lesson, q: QuizItem, folder: Path) -> list[str]:
    return _fence("quiz", " ".join(q.generators), {
        "count": q.count, "seed": q.seed, "profile": _profile_ref_from(lesson, folder),
        "title": q.title})


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def count(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and the word, singular or plural.

    >>> count(1, "rule"), count(2, "quiz", "quizzes"), count(0, "question")
    ('1 rule', '2 quizzes', '0 questions')
    """
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _code(text: str) -> str:
    """Inline code in MyST, fenced with more backticks than the text holds."""
    ticks = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def rules_fingerprint(lesson: Lesson) -> str:
    """A short digest of every option of the lesson's house rules.

    The page carries it, so that the page changes (and the book reads it again) whenever
    the profile does, even when only an option the page does not print has changed.
    """
    return hashlib.sha256(repr(lesson.profile).encode("utf-8")).hexdigest()[:12]


def book_folder(folder: Path) -> Path | None:
    """The book (the folder holding ``_config.yml``) at or above ``folder``, if any."""
    folder = folder.resolve()
    for f in [folder, *folder.parents]:
        if (f / "_config.yml").is_file() and (f / "_toc.yml").is_file():
            return f
    return None


def practice_url(lesson: Lesson, out_dir: Path) -> str | None:
    """The book's Practice page limited to the lesson's rules and house rules, as the
    page in ``out_dir`` links it; None when ``out_dir`` is not in a book.

    >>> from quizzes.teach.files import project_root
    >>> from quizzes.teach.spec import load_spec
    >>> root = project_root(Path.cwd())
    >>> lesson = load_spec(root / "examples" / "pontoon-buying-and-twisting.toml")
    >>> practice_url(lesson, root / "book" / "lessons")  # doctest: +ELLIPSIS
    '../practice.html?rules=pontoon.hand-value,...&profile=custom-...'
    """
    from urllib.parse import quote

    from quizzes.model.banks import profile_key

    book = book_folder(out_dir)
    if book is None:
        return None
    page = relative_path(book / "practice.html", out_dir.resolve())
    rules = ",".join(quote(item.id, safe=".-_") for item in lesson.rules)
    return f"{page}?rules={rules}&profile={quote(profile_key(lesson.profile), safe='.-_')}"


def practice_link(lesson: Lesson, out_dir: Path) -> list[str]:
    """The page's lines that link to its practice (none outside a book)."""
    from html import escape

    from quizzes.model.banks import is_shipped, profile_key, profile_toml

    url = practice_url(lesson, out_dir)
    if url is None:
        return []
    # house rules travel with the link, so the book can make their banks
    toml = ("" if is_shipped(profile_key(lesson.profile))
            else f' data-cr-profile-toml="{escape(profile_toml(lesson.profile))}"')
    return [f'<p class="cr-practice-link"><a href="{escape(url)}"{toml}>Practise the rules of this '
            f"lesson</a> until you know them: questions made by the rules engine under this "
            "lesson's house rules, each rule coming back until you have it.</p>", ""]


def lesson_page(lesson: Lesson, out_dir: Path) -> str:
    """The lesson as a MyST page for the book, as it would be written into ``out_dir``.

    Every text of the spec and of its profile is teacher text (:mod:`quizzes.pages.text`):
    it shows as typed, with only the small Markdown subset interpreted.
    """
    spec = _spec_label(lesson)
    lines = [
        f"% Made by `cardrules lesson build {' '.join(spec.split())}`: edit the spec, not this "
        "page, then build again.",
        f"% House rules {rules_fingerprint(lesson)}.",
        "",
        f"# {plain(lesson.title, 'myst')}",
        "",
    ]
    if lesson.intro:
        lines += [teacher_text(lesson.intro, "myst"), ""]
    # What the lesson is for and how to run it in class: for the teacher, so after the
    # lesson itself (a learner reads the rules first), closed until opened.
    teacher = _teacher_notes(lesson, out_dir, spec)
    lines += [
        *practice_link(lesson, out_dir),
        "## The rules we play by",
        "",
        *changes_markdown(lesson),
        *_fence("profile", _profile_ref_from(lesson, out_dir), {}),
        "",
    ]
    placed, rest = lesson.placement()
    for item in lesson.rules:
        r = item.rule
        lines += [f"## {r.title}", ""]
        # the rule as the lesson's table plays it
        lines += _fence("rule", r.id, {"profile": _profile_ref_from(lesson, out_dir)})
        lines.append("")
        if item.note:
            lines += [teacher_text(item.note, "myst"), ""]
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
    lines += ["## For the teacher", "", *teacher]
    return "\n".join(lines).rstrip() + "\n"


def _teacher_notes(lesson: Lesson, out_dir: Path, spec: str) -> list[str]:
    """The lesson page's notes for the teacher: audience, time, the rules' file and how to
    print the worksheet and run the live quizzes, in a box that opens on a tap."""
    p = lesson.profile
    lines = ["::::{admonition} The lesson, its files and its worksheet",
             ":class: tip dropdown", ""]
    if lesson.audience:
        lines += [teacher_text(lesson.audience, "myst", lead="**Audience.** "), ""]
    if lesson.duration:
        lines += [teacher_text(lesson.duration, "myst", lead="**Time.** "), ""]
    n_questions = sum(q.count for q in lesson.quizzes)
    root = project_root(out_dir)
    notebook = out_dir / f"{lesson.slug}.ipynb"
    notebook_label = relative_path(notebook, root) if root else notebook.name
    lines += [
        f"**Rules.** {plain(p.name or p.game, 'myst')} (profile "
        f"{_code(_profile_label(lesson))})."
        + (f" {plain(_sentence(p.description), 'myst')}" if p.description.strip() else "")
        + " The rules and every quiz of the lesson follow it.",
        "",
        f"**In class.** {count(len(lesson.rules), 'rule')} and "
        f"{count(len(lesson.quizzes), 'quiz', 'quizzes')} "
        f"({count(n_questions, 'question')}). Print a worksheet with its answer key with "
        f"{_code(f'cardrules lesson print {spec}')} (add `--seed N` for a different sheet per "
        f"group); open {_code(notebook_label)} in Jupyter for live quizzes, or start the class "
        "quiz app with `make voila`.",
        "::::",
        "",
    ]
    return lines


# -- the notebook ----------------------------------------------------------------------------

def rule_box(rule_id: str, profile: str | None = None) -> Any:
    """A rule's box, as in the book, for a notebook cell; with a ``profile`` (a shipped name
    or a .toml path), the rule as that table plays it.

    >>> rule_box("banco.natural")
    Rule banco.natural: Naturals
    >>> "at least 16 (house rule;" in rule_box("pontoon.stick", "pontoon-stick-16").html
    True
    """
    from quizzes.live.notebook import HTML

    html, _anchor, title = rule_block(rule_id, resolve_profile_option(profile, [Path.cwd()]))
    return HTML(html, f"Rule {rule_id}: {title}")


def profile_box(profile: str) -> Any:
    """What a profile changes from the standard game and all its options (a shipped name or a
    .toml path), for a notebook cell."""
    from quizzes.live.notebook import HTML

    rules = resolve_profile_option(profile, [Path.cwd()])
    assert rules is not None
    return HTML(changes_block(rules) + profile_block(profile, [Path.cwd()]), f"Profile {profile}")


def lesson_notebook(lesson: Lesson, out_dir: Path) -> str:
    """The lesson as a Jupyter notebook (JSON) with live quizzes, as written into ``out_dir``."""
    cells: list[tuple[str, str]] = []
    head = f"# {plain(lesson.title, 'myst')}"
    if lesson.intro:
        head += "\n\n" + teacher_text(lesson.intro, "myst")
    cells.append(("markdown", head))
    notes = []
    if lesson.audience:
        notes.append(teacher_text(lesson.audience, "myst", lead="**Audience.** "))
    if lesson.duration:
        notes.append(teacher_text(lesson.duration, "myst", lead="**Time.** "))
    notes.append(f"**Rules.** {plain(lesson.profile.name or lesson.profile.game, 'myst')} "
                 f"(profile {_code(_profile_label(lesson))}). Run all the cells: each quiz asks "
                 "fresh questions and the rules engine checks every answer.")
    cells.append(("markdown", "\n\n".join(notes)))
    cells.append(("code", "from cardrules import parse_cards\n"
                          "from quizzes.teach import profile_box, rule_box\n"
                          "from quizzes import quiz, show_cards\n\n"
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
        cells.append(("code", f"rule_box({item.id!r}, PROFILE)"))
        if item.note:
            cells.append(("markdown", teacher_text(item.note, "myst")))
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
    """Build a lesson: its book page and its notebook.  Returns their paths."""
    return rebuild(spec, out_dir)[0]


def rebuild(spec: str | Path, out_dir: str | Path | None = None
            ) -> tuple[list[Path], list[Path]]:
    """Build a lesson, writing only the files whose content changed.

    Returns the lesson's files and those written.  A page whose spec, profile (or
    anything else it shows) has not changed keeps its date, so the book does not read
    it again; a stale one is replaced.
    """
    lesson = load_spec(spec)
    folder = Path(out_dir) if out_dir is not None else default_out_dir(Path(spec))
    files = render(lesson, folder)
    for path in files:
        check_writable(path, "--out", takes="folder")
    return list(files), write_changed(files)


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
        "#",
        "# Your text is shown exactly as you type it: HTML, $ signs and {braces} stay",
        "# as they are. In audience, duration, intro and the notes a little Markdown",
        "# works: *italics*, **bold**, links [words](https://...) (http, https and",
        "# mailto only), lists (lines starting with - or 1.) and a blank line between",
        "# paragraphs. Titles are plain text.",
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
        lines += ["", "[[quizzes]]", f'generator = "{g.id}"',
                  f"count = {starter_count(g.id, profile, n)}", f"seed = {n}"]
    return "\n".join(lines) + "\n"


def starter_count(generator: str, profile: str, seed: int, wanted: int = 5) -> int:
    """How many questions a starter's quiz asks: ``wanted``, or fewer when the generator
    can make only so many different ones under the profile (Casino's deal count has 3).

    >>> starter_count("banco.hand-value.total", "punto-banco", 1)
    5
    """
    from quizzes.model.registry import BankTooSmall, bank

    rules = load_rules(profile)
    for n in range(wanted, 1, -1):
        try:
            bank([generator], count=n, seed=seed, profile=rules)
        except BankTooSmall:
            continue
        return n
    return 1


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
    check_slug(str(path), path.stem)
    if path.exists() and not force:
        raise SpecError(str(path), None, "already exists; choose another name or add --force")
    text = scaffold(game, title or path.stem.replace("-", " ").replace("_", " ").capitalize())
    write_all({path: text})
    return path
