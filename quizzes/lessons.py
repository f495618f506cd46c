"""Teachers' lessons: a short spec file becomes a book page, a notebook and a worksheet.

A lesson spec is a small TOML (or YAML) file naming the title, notes on the
audience, the house-rule profile, the rules to explain in order and the quizzes
(generator, count, seed).  From it:

- :func:`build` writes a MyST page for the book (``book/lessons/<slug>.md``, made
  of the book's ``{rule}``, ``{position}``, ``{deal}`` and ``{quiz}`` directives)
  and a notebook of the same lesson with live ipywidgets quizzes;
- :func:`worksheet_html` and :func:`print_worksheet` make a printable worksheet
  with card pictures, spaces to answer and an answer key on separate pages;
- :func:`scaffold` writes a commented spec to start from;
- :func:`live_session` is the class's live quiz (the Voilà app ``apps/live-quiz.ipynb``).

A bad spec fails with the file, the key and what is allowed, and nothing is
written until everything has been made.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> spec = folder / "totals.toml"
>>> _ = spec.write_text('title = "Totals"\\nprofile = "punto-banco"\\n'
...                     'rules = ["banco.hand-value"]\\n'
...                     '[[quizzes]]\\ngenerator = "banco.hand-value.total"\\ncount = 3\\n')
>>> lesson = load_spec(spec)
>>> lesson.title, lesson.slug, [r.id for r in lesson.rules], lesson.quizzes[0].count
('Totals', 'totals', ['banco.hand-value'], 3)
>>> [p.name for p in build(spec, folder / "out")]
['totals.md', 'totals.ipynb']
>>> _ = spec.write_text('title = "Totals"\\nprofile = "punto-banco"\\nrules = ["banco.hand-valu"]\\n')
>>> load_spec(spec)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
quizzes.lessons.SpecError: .../totals.toml: rules[1]: unknown rule id 'banco.hand-valu' (did you mean banco.hand-value?)
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import re
import shutil
import subprocess
import tempfile
import textwrap
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from cardrules.cards import parse_cards
from cardrules.catalog import Rule, rule, rule_ids, rules_of
from cardrules.errors import CardParseError, CardrulesError, ProfileError
from cardrules.profiles import Profile, load_rules, shipped_profiles

from .bookparts import (
    default_profile_name,
    pick_generators,
    profile_block,
    rule_block,
    unknown_rule_message,
)
from .core import CardRow, Kind, Question
from .registry import Generator, all_generators, bank
from .svg import card_svg

# -- the spec ------------------------------------------------------------------------------

TOP_KEYS = ("title", "audience", "profile", "rules", "quizzes", "slug", "duration", "intro")
RULE_KEYS = ("id", "note", "example", "deal")
QUIZ_KEYS = ("generator", "count", "seed", "kinds", "title", "after")
MAX_COUNT = 50
SPEC_SUFFIXES = (".toml", ".yaml", ".yml")


class SpecError(CardrulesError, ValueError):
    """A lesson spec that cannot be used: names the file, the key and what is allowed.

    >>> str(SpecError("lesson.toml", "quizzes[2].count", "must be a whole number from 1 to 50"))
    'lesson.toml: quizzes[2].count: must be a whole number from 1 to 50'
    """

    def __init__(self, source: str, key: str | None, problem: str) -> None:
        super().__init__(source, key, problem)
        self.source = source
        self.key = key
        self.problem = problem

    def __str__(self) -> str:
        where = f"{self.source}: {self.key}" if self.key else self.source
        return f"{where}: {self.problem}"


@dataclass(frozen=True)
class RuleItem:
    """One rule of the lesson, with the teacher's note and an example position or deal."""

    id: str
    note: str = ""
    example: tuple[str, ...] = ()
    deal: str | None = None

    @property
    def rule(self) -> Rule:
        """The catalog's rule."""
        return rule(self.id)


@dataclass(frozen=True)
class QuizItem:
    """One quiz of the lesson: generators, how many questions, which seed."""

    targets: tuple[str, ...]
    generators: tuple[str, ...]
    count: int = 5
    seed: int | str = 0
    kinds: str | None = None
    title: str | None = None
    after: str | None = None

    def display_title(self) -> str:
        """The quiz's title: the one given, or the generator's."""
        from .registry import get

        if self.title:
            return self.title
        return get(self.generators[0]).title if len(self.generators) == 1 else \
            "Check your understanding"


@dataclass(frozen=True)
class Lesson:
    """A loaded, checked lesson spec."""

    path: Path
    slug: str
    title: str
    audience: str
    profile_ref: str
    profile: Profile
    profile_path: Path | None
    rules: tuple[RuleItem, ...]
    quizzes: tuple[QuizItem, ...]
    duration: str = ""
    intro: str = ""

    def questions(self, quiz: QuizItem, group: int | str | None = None) -> list[Question]:
        """The questions of one quiz; a ``group`` seed makes a different, reproducible set."""
        seed: int | str = quiz.seed if group is None else f"{quiz.seed}.group-{group}"
        return bank(list(quiz.generators), count=quiz.count, seed=seed, profile=self.profile)

    def placement(self) -> tuple[dict[str, list[QuizItem]], list[QuizItem]]:
        """Where each quiz goes: after a rule of the lesson, or in a final practice section.

        A quiz goes after its ``after`` rule, else after the last rule of the
        lesson that one of its generators asks about.
        """
        order = [r.id for r in self.rules]
        after: dict[str, list[QuizItem]] = {r: [] for r in order}
        rest: list[QuizItem] = []
        by_id = {g.id: g for g in all_generators()}
        for q in self.quizzes:
            if q.after:
                after[q.after].append(q)
                continue
            asked = {r for g in q.generators for r in by_id[g].rule_ids}
            hits = [r for r in order if r in asked]
            if hits:
                after[hits[-1]].append(q)
            else:
                rest.append(q)
        return after, rest


def _read_spec(path: Path) -> dict[str, Any]:
    source = str(path)
    if path.suffix not in SPEC_SUFFIXES:
        raise SpecError(source, None, f"a lesson spec is a {' or '.join(SPEC_SUFFIXES)} file")
    if not path.is_file():
        raise SpecError(source, None, "no such file (`cardrules lesson new FILE` writes one)")
    text = path.read_text(encoding="utf-8")
    data: Any
    if path.suffix == ".toml":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise SpecError(source, None, f"not valid TOML: {e}") from None
    else:
        try:
            import yaml
        except ImportError:
            raise SpecError(source, None, "reading YAML needs PyYAML (pip install pyyaml); "
                            "or write the spec in TOML") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as e:
            raise SpecError(source, None, f"not valid YAML: {e}") from None
    if not isinstance(data, dict):
        raise SpecError(source, None, "must hold keys such as title = ..., profile = ...; "
                        f"allowed keys: {', '.join(TOP_KEYS)}")
    return data


def _unknown_keys(data: Mapping[str, Any], allowed: Sequence[str], source: str, where: str
                  ) -> None:
    for key in data:
        if key not in allowed:
            near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise SpecError(source, f"{where}{key}",
                            f"unknown key{hint}; allowed keys: {', '.join(allowed)}")


def _text(data: Mapping[str, Any], key: str, source: str, where: str = "",
          required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise SpecError(source, f"{where}{key}", "is missing; it must be some text")
        return ""
    if not isinstance(value, str):
        raise SpecError(source, f"{where}{key}", f"must be text in quotes; got {value!r}")
    if required and not value.strip():
        raise SpecError(source, f"{where}{key}", "must not be empty")
    return value.strip()


_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def _profile(data: Mapping[str, Any], source: str, spec_dir: Path
             ) -> tuple[str, Profile, Path | None]:
    ref = _text(data, "profile", source, required=True)
    is_path = ref.endswith(".toml") or "/" in ref
    try:
        if is_path:
            path = (spec_dir / ref) if not Path(ref).is_absolute() else Path(ref)
            if not path.is_file():
                raise SpecError(source, "profile", f"no such file {ref!r} (a path is read "
                                f"relative to the spec's folder, {spec_dir}); or name a "
                                f"shipped profile: {', '.join(shipped_profiles())}")
            return ref, load_rules(path), path.resolve()
        return ref, load_rules(ref), None
    except ProfileError as e:
        raise SpecError(source, "profile", str(e)) from None


def _rules(data: Mapping[str, Any], source: str, profile: Profile) -> tuple[RuleItem, ...]:
    raw = data.get("rules")
    if not isinstance(raw, list) or not raw:
        raise SpecError(source, "rules", "must list the rule ids to explain, in order, e.g. "
                        'rules = ["banco.hand-value", "banco.natural"]')
    game_rules = [r.id for r in rules_of(profile.game)]
    items: list[RuleItem] = []
    for n, entry in enumerate(raw, 1):
        where = f"rules[{n}]"
        if isinstance(entry, str):
            entry = {"id": entry}
            key_prefix = where
        elif isinstance(entry, dict):
            _unknown_keys(entry, RULE_KEYS, source, f"{where}.")
            key_prefix = f"{where}.id"
        else:
            raise SpecError(source, where, "must be a rule id in quotes, or a table with keys "
                            f"{', '.join(RULE_KEYS)}; got {entry!r}")
        rid = entry.get("id")
        if not isinstance(rid, str) or not rid.strip():
            raise SpecError(source, key_prefix, "must be a rule id in quotes")
        rid = rid.strip()
        if rid not in rule_ids():
            raise SpecError(source, key_prefix, unknown_rule_message(rid))
        if rid not in game_rules:
            raise SpecError(source, key_prefix,
                            f"{rid!r} is a rule of {rule(rid).game}, but the lesson's profile "
                            f"{profile.name or profile.game!r} is for {profile.game}; its rules "
                            f"are: {', '.join(game_rules)}")
        if any(i.id == rid for i in items):
            raise SpecError(source, key_prefix, f"{rid!r} is listed twice")
        note = _text(entry, "note", source, f"{where}.")
        example = _text(entry, "example", source, f"{where}.")
        lines = tuple(line.strip() for line in example.splitlines() if line.strip())
        for m, line in enumerate(lines, 1):
            if ":" not in line:
                raise SpecError(source, f"{where}.example", f"line {m} {line!r} must be "
                                "'Label: cards', e.g. 'Player: 7S 8D'")
            try:
                parse_cards(line.split(":", 1)[1])
            except CardParseError as e:
                raise SpecError(source, f"{where}.example", f"line {m}: {e}") from None
        deal = entry.get("deal")
        if deal is not None and (isinstance(deal, bool) or not isinstance(deal, (int, str))):
            raise SpecError(source, f"{where}.deal", f"must be a seed (a number); got {deal!r}")
        items.append(RuleItem(rid, note, lines, None if deal is None else str(deal)))
    return tuple(items)


def _quizzes(data: Mapping[str, Any], source: str, profile: Profile,
             rules: Sequence[RuleItem]) -> tuple[QuizItem, ...]:
    raw = data.get("quizzes", [])
    if not isinstance(raw, list):
        raise SpecError(source, "quizzes", "must be a list of quizzes, each written [[quizzes]] "
                        "with generator = ..., count = ..., seed = ...")
    out: list[QuizItem] = []
    lesson_rules = [r.id for r in rules]
    for n, entry in enumerate(raw, 1):
        where = f"quizzes[{n}]"
        if not isinstance(entry, dict):
            raise SpecError(source, where, f"must be a table with keys {', '.join(QUIZ_KEYS)}")
        _unknown_keys(entry, QUIZ_KEYS, source, f"{where}.")
        gen = entry.get("generator")
        targets = [gen] if isinstance(gen, str) else gen
        if not isinstance(targets, list) or not targets or not all(
                isinstance(t, str) and t.strip() for t in targets):
            raise SpecError(source, f"{where}.generator", "must be a quiz generator id (or a "
                            "rule id), or a list of them, e.g. generator = "
                            f'"{_example_generator(profile.game)}"')
        kinds = entry.get("kinds")
        if isinstance(kinds, list) and all(isinstance(k, str) for k in kinds):
            kinds = ",".join(kinds)
        if kinds is not None and not isinstance(kinds, str):
            raise SpecError(source, f"{where}.kinds", "must be kinds of question in quotes: "
                            + ", ".join(k.value for k in Kind))
        try:
            gens: list[Generator] = pick_generators([t.strip() for t in targets], kinds)
        except (ValueError, KeyError) as e:
            message = e.args[0] if isinstance(e, KeyError) and e.args else str(e)
            raise SpecError(source, f"{where}.generator", str(message).replace(":kinds:",
                                                                               "kinds:")) from None
        wrong = [g.id for g in gens if g.game != profile.game]
        if wrong:
            fitting = [g.id for g in all_generators() if g.game == profile.game]
            raise SpecError(source, f"{where}.generator",
                            f"{', '.join(wrong)} asks about {gens[0].game if wrong else ''}, but "
                            f"the lesson's profile is for {profile.game}; its quizzes are: "
                            f"{', '.join(fitting) or '(none yet)'}")
        count = entry.get("count", 5)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise SpecError(source, f"{where}.count",
                            f"must be a whole number from 1 to {MAX_COUNT}; got {count!r}")
        seed = entry.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise SpecError(source, f"{where}.seed", f"must be a number or a word; got {seed!r}")
        title = entry.get("title")
        if title is not None and not isinstance(title, str):
            raise SpecError(source, f"{where}.title", f"must be text in quotes; got {title!r}")
        after = entry.get("after")
        if after is not None and after not in lesson_rules:
            raise SpecError(source, f"{where}.after", f"must be one of the lesson's rules: "
                            f"{', '.join(lesson_rules)}; got {after!r}")
        out.append(QuizItem(tuple(t.strip() for t in targets), tuple(g.id for g in gens),
                            count, seed, kinds, title, after))
    return tuple(out)


def _example_generator(game: str) -> str:
    ids = [g.id for g in all_generators() if g.game == game]
    return ids[0] if ids else "banco.hand-value.total"


def load_spec(path: str | Path) -> Lesson:
    """Read and check a lesson spec; a bad one raises :class:`SpecError`."""
    path = Path(path)
    source = str(path)
    data = _read_spec(path)
    _unknown_keys(data, TOP_KEYS, source, "")
    title = _text(data, "title", source, required=True)
    audience = _text(data, "audience", source)
    duration = _text(data, "duration", source)
    intro = _text(data, "intro", source)
    slug = _text(data, "slug", source) or path.stem
    if not _SLUG.match(slug):
        raise SpecError(source, "slug" if "slug" in data else None,
                        f"the page name {slug!r} must be lower-case letters, digits and dashes"
                        + ("" if "slug" in data else "; rename the file or set slug = \"...\""))
    ref, profile, profile_path = _profile(data, source, path.resolve().parent)
    rules = _rules(data, source, profile)
    quizzes = _quizzes(data, source, profile, rules)
    lesson = Lesson(path=path.resolve(), slug=slug, title=title, audience=audience,
                    profile_ref=ref, profile=profile, profile_path=profile_path, rules=rules,
                    quizzes=quizzes, duration=duration, intro=intro)
    for n, q in enumerate(quizzes, 1):
        try:
            lesson.questions(q)
        except (CardrulesError, ValueError) as e:
            raise SpecError(source, f"quizzes[{n}]", f"the engine could not make its "
                            f"questions under this profile: {e}") from None
    return lesson


# -- where things go ------------------------------------------------------------------------

def project_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` that holds the book (``book/_config.yml``)."""
    start = start.resolve()
    for folder in [start, *start.parents]:
        if (folder / "book" / "_config.yml").is_file():
            return folder
    return None


def default_out_dir(spec: Path) -> Path:
    """Where ``lesson build`` writes: the ``book/lessons`` folder of the project."""
    root = project_root(spec.resolve().parent) or project_root(Path.cwd())
    if root is None:
        raise SpecError(str(spec), None, "no book found above the spec or the current folder; "
                        "give the output folder with --out DIR")
    return root / "book" / "lessons"


def relative_path(target: Path, folder: Path) -> str:
    """``target`` relative to ``folder``, with forward slashes."""
    return Path(os.path.relpath(target.resolve(), folder.resolve())).as_posix()


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
    from .notebook import HTML

    html, _anchor, title = rule_block(rule_id)
    return HTML(html, f"Rule {rule_id}: {title}")


def profile_box(profile: str) -> Any:
    """The options of a profile (a shipped name or a .toml path), for a notebook cell."""
    from .notebook import HTML

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


# -- writing without leaving anything half-built ---------------------------------------------

def write_all(files: Mapping[Path, str | bytes]) -> None:
    """Write several files so that either all are replaced or none is.

    Each is written to a temporary file beside its target, then renamed; should a
    rename fail, the files already renamed are put back as they were.
    """
    temps: list[tuple[Path, Path]] = []
    backups: list[Path] = []
    done: list[tuple[Path, Path | None]] = []
    try:
        for target, content in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)
            temps.append((Path(name), target))
            with os.fdopen(fd, "wb") as f:
                f.write(content.encode("utf-8") if isinstance(content, str) else content)
        try:
            for temp, target in temps:
                backup = None
                if target.exists():
                    backup = temp.with_name(temp.name[:-4] + ".old")
                    shutil.copy2(target, backup)
                    backups.append(backup)
                os.replace(temp, target)
                done.append((target, backup))
        except BaseException:
            for target, backup in reversed(done):
                if backup is None:
                    target.unlink()
                else:
                    os.replace(backup, target)
            raise
    finally:
        for leftover in [t for t, _ in temps] + backups:
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


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


def toc_lists(out_dir: Path, slug: str) -> bool | None:
    """Whether the book's ``_toc.yml`` lists the page (None when there is no book)."""
    root = project_root(out_dir)
    if root is None:
        return None
    toc = root / "book" / "_toc.yml"
    page = relative_path(out_dir / slug, root / "book")
    return bool(re.search(rf"file:\s*{re.escape(page)}\s*$", toc.read_text(encoding="utf-8"),
                          re.M))


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


# -- the worksheet ---------------------------------------------------------------------------

WORKSHEET_CSS = """
@page { size: A4; margin: 14mm 14mm 16mm 14mm; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10.5pt;
  color: #111; line-height: 1.35; }
h1 { font-size: 18pt; margin: 0 0 2mm 0; }
h2 { font-size: 13.5pt; border-bottom: 1.5px solid #24406e; margin: 6mm 0 2mm 0; }
h3 { font-size: 11.5pt; margin: 4mm 0 1mm 0; }
.ws-who { display: flex; gap: 6mm; margin: 3mm 0; }
.ws-who span { flex: 1; border-bottom: 1px solid #555; padding-top: 5mm; font-size: 9pt; }
.ws-sub { color: #444; margin: 0; }
.ws-rule { break-inside: avoid; border-left: 3px solid #24406e; padding: 0 0 0 3mm;
  margin: 2mm 0; }
.ws-rule p { margin: 0.5mm 0; }
.ws-house { font-size: 9.5pt; color: #5a3200; }
.ws-id { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; color: #444; }
.ws-q { break-inside: avoid; border-top: 1px solid #c5ccd8; padding: 2mm 0 3mm 0; }
.ws-qn { font-weight: bold; }
.ws-prompt { font-weight: 600; margin: 1mm 0; }
.cr-row { display: flex; align-items: center; gap: 3mm; margin: 1mm 0; }
.cr-row-label { min-width: 22mm; font-weight: 600; font-size: 9.5pt; }
.cr-cards { display: flex; gap: 1.5mm; flex-wrap: wrap; }
.ws-choices { display: flex; flex-wrap: wrap; gap: 1.5mm 7mm; margin: 1mm 0 0 2mm; }
.ws-hint { margin: 1mm 0 0 0; font-size: 9pt; color: #444; }
.ws-quiz { break-inside: avoid; }
.ws-box { display: inline-block; width: 3.2mm; height: 3.2mm; border: 1px solid #222;
  margin-right: 2mm; vertical-align: -0.4mm; }
.ws-line { display: inline-block; min-width: 60mm; border-bottom: 1px solid #222;
  height: 6mm; margin-left: 2mm; }
.ws-key { break-before: page; }
.ws-key li { break-inside: avoid; margin: 0 0 2.5mm 0; }
.ws-key ol { padding-left: 0; list-style: none; }
.ws-why { color: #333; }
"""


def _answer_space(q: Question) -> str:
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        tick = "Tick every right answer." if len(q.correct) > 1 else "Tick one."
        boxes = "".join(f'<span class="ws-choice"><span class="ws-box"></span>{escape(c)}</span>'
                        for c in q.choices)
        return f'<p class="ws-hint">{tick}</p><div class="ws-choices">{boxes}</div>'
    if q.kind is Kind.NUMERIC:
        unit = f" {escape(q.unit)}" if q.unit else ""
        return f'<p>Answer:<span class="ws-line"></span>{unit}</p>'
    label = escape(q.rows[q.pick_row].label)
    return f'<p>Write the cards you pick from {label}:<span class="ws-line"></span></p>'


def worksheet_questions(lesson: Lesson, group: int | str | None = None
                        ) -> list[tuple[QuizItem, list[Question]]]:
    """Each quiz of the lesson with its questions (a ``group`` seed gives another set)."""
    return [(q, lesson.questions(q, group)) for q in lesson.quizzes]


def worksheet_html(lesson: Lesson, group: int | str | None = None) -> tuple[str, int]:
    """The worksheet as a printable HTML page, and how many questions it asks."""
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(lesson.title)}: worksheet</title><style>{WORKSHEET_CSS}</style>",
        "</head><body>",
        f"<h1>{escape(lesson.title)}</h1>",
        f'<p class="ws-sub">Worksheet. Rules: {escape(lesson.profile.name or lesson.profile.game)}'
        + (f". Group {escape(str(group))}" if group is not None else "") + ".</p>",
        '<div class="ws-who"><span>Name</span><span>Class</span><span>Date</span></div>',
        "<h2>The rules</h2>",
    ]
    for item in lesson.rules:
        r = item.rule
        parts.append(f'<div class="ws-rule"><h3>{escape(r.title)} '
                     f'<span class="ws-id">[{escape(r.id)}]</span></h3>'
                     f"<p>{escape(r.statement)}</p>")
        if r.house_reading:
            parts.append(f'<p class="ws-house"><strong>House reading.</strong> '
                         f"{escape(r.house_reading)}</p>")
        if item.note:
            parts.append(markdown_html(item.note))
        for line in item.example:
            label, cards = line.split(":", 1)
            parts.append(_sheet_row(CardRow(label.strip(), parse_cards(cards)), size=34))
        parts.append("</div>")
    parts.append("<h2>Questions</h2>")
    key: list[str] = []
    number = 0
    for quiz, questions in worksheet_questions(lesson, group):
        heading = f"<h3>{escape(quiz.display_title())}</h3>"
        for i, q in enumerate(questions):
            number += 1
            rows = "".join(_sheet_row(r) for r in q.rows)
            box = (f'<div class="ws-q"><span class="ws-qn">Question {number}.</span> '
                   f'<p class="ws-prompt">{_keep_ranges(escape(q.prompt))}</p>{rows}'
                   f"{_answer_space(q)}</div>")
            # the quiz's heading stays on the page of its first question
            parts.append(f'<div class="ws-quiz">{heading}{box}</div>' if i == 0 else box)
            key.append(
                f'<li><span class="ws-qn">{number}. Answer: {escape(q.answer_text)}.</span> '
                f'<span class="ws-why">{_keep_ranges(escape(q.explanation))} '
                f"(Rule {escape(', '.join(q.rule_ids))})</span></li>")
    parts.append('<section class="ws-key"><h2>Answer key</h2>')
    parts.append(f"<p>{escape(lesson.title)}"
                 + (f", group {escape(str(group))}" if group is not None else "")
                 + ". Each answer with the rules engine's explanation.</p>")
    parts.append("<ol>" + "".join(key) + "</ol></section></body></html>")
    return "".join(parts), number


def _keep_ranges(html: str) -> str:
    """Ranges such as 0-5 kept on one line.

    >>> _keep_ranges("draws on 0-5")
    'draws on <span style="white-space:nowrap">0-5</span>'
    """
    return re.sub(r"\b(\d+-\d+)\b", r'<span style="white-space:nowrap">\1</span>', html)


def markdown_html(text: str) -> str:
    """A teacher's note, in the little Markdown it needs (paragraphs, bold, italics, code).

    >>> markdown_html("Worth **5**, *baccara* is `0`.\\n\\nNext.")
    '<p>Worth <strong>5</strong>, <em>baccara</em> is <code>0</code>.</p><p>Next.</p>'
    """
    out = []
    for para in re.split(r"\n\s*\n", text.strip()):
        html = escape(" ".join(para.split()))
        html = re.sub(r"`([^`]+)`", r"<code>\1</code>", html)
        html = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", html)
        html = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", html)
        out.append(f"<p>{html}</p>")
    return "".join(out)


def _sheet_row(row: CardRow, size: int = 40) -> str:
    cards = "".join(card_svg(c, greyed=i in row.greyed, face_down=i in row.face_down, size=size)
                    for i, c in enumerate(row.cards))
    return (f'<div class="cr-row"><div class="cr-row-label">{escape(row.label)}</div>'
            f'<div class="cr-cards">{cards or "(no cards)"}</div></div>')


# -- printing with headless Chromium ----------------------------------------------------------

CHROMIUM_ARGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)


def find_chromium() -> str:
    """Debian's Chromium (or ``$CARDRULES_CHROMIUM``), used to print worksheets."""
    env = os.environ.get("CARDRULES_CHROMIUM")
    if env:
        return env
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SpecError("lesson print", None, "printing needs Chromium (apt-get install chromium, "
                    "or set CARDRULES_CHROMIUM to its path); or write the worksheet as HTML "
                    "with --html and print it from any browser")


def _footer(title: str) -> str:
    return ('<div style="font-size:8px;width:100%;text-align:center;color:#555;">'
            f'{escape(title)} &middot; page <span class="pageNumber"></span> of '
            '<span class="totalPages"></span></div>')


def html_to_pdf(html: str, out: Path, title: str = "", engine: str = "auto") -> None:
    """Print an HTML page to a PDF file with headless Chromium.

    ``engine`` is ``"playwright"`` (page footer with page numbers), ``"chromium"``
    (the browser's own ``--print-to-pdf``) or ``"auto"`` (Playwright when installed).
    The PDF appears at ``out`` only when it is complete.
    """
    exe = find_chromium()
    out = Path(out)
    if engine == "auto":
        try:
            import playwright.sync_api  # noqa: F401
            engine = "playwright"
        except ImportError:
            engine = "chromium"
    with tempfile.TemporaryDirectory(prefix="cardrules-print-") as tmp:
        page = Path(tmp) / "worksheet.html"
        page.write_text(html, encoding="utf-8")
        pdf = Path(tmp) / "worksheet.pdf"
        if engine == "playwright":
            from playwright.sync_api import Error as PlaywrightError
            from playwright.sync_api import sync_playwright

            try:
                with sync_playwright() as p:
                    browser = p.chromium.launch(executable_path=exe, args=list(CHROMIUM_ARGS))
                    try:
                        tab = browser.new_page()
                        tab.goto(page.as_uri())
                        tab.pdf(path=str(pdf), format="A4", print_background=True,
                                prefer_css_page_size=True, display_header_footer=True,
                                header_template="<span></span>",
                                footer_template=_footer(title))
                    finally:
                        browser.close()
            except PlaywrightError as e:
                raise SpecError("lesson print", None, f"Chromium ({exe}) could not print: "
                                f"{str(e).strip().splitlines()[0]}") from None
        elif engine == "chromium":
            cmd = [exe, *CHROMIUM_ARGS, "--no-pdf-header-footer",
                   f"--user-data-dir={Path(tmp) / 'profile'}", f"--print-to-pdf={pdf}",
                   page.as_uri()]
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
            if done.returncode != 0 or not pdf.is_file():
                raise SpecError("lesson print", None, f"Chromium could not print: "
                                f"{done.stderr.strip()[-500:]}")
        else:
            raise ValueError(f"engine must be auto, playwright or chromium; got {engine!r}")
        if not pdf.is_file() or not pdf.read_bytes().startswith(b"%PDF"):
            raise SpecError("lesson print", None, "Chromium made no PDF")
        write_all({out: pdf.read_bytes()})


def worksheet_name(lesson: Lesson, group: int | str | None, suffix: str = ".pdf") -> str:
    """The default file name of a worksheet."""
    return f"{lesson.slug}-worksheet" + (f"-group-{group}" if group is not None else "") + suffix


def print_worksheet(spec: str | Path, out: str | Path | None = None,
                    group: int | str | None = None, html_only: bool = False,
                    engine: str = "auto") -> tuple[Path, int]:
    """Make a lesson's worksheet as a PDF (or HTML); returns its path and question count."""
    lesson = load_spec(spec)
    html, count = worksheet_html(lesson, group)
    target = Path(out) if out is not None else Path.cwd() / worksheet_name(
        lesson, group, ".html" if html_only else ".pdf")
    if html_only:
        write_all({target: html})
    else:
        html_to_pdf(html, target, lesson.title, engine)
    return target, count


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
    for folder in folders:
        for path in sorted(Path(folder).glob("*.toml")):
            with contextlib.suppress(CardrulesError, ValueError, OSError):
                p = load_rules(path)
                if p.game == game:
                    found.append((f"{p.name or path.stem} ({path.name})", str(path.resolve())))
    return found


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

    >>> app = live_session("banco", "punto-banco", seed=1, folders=[])
    >>> app.quiz.question.generator in session_generators("banco")
    True
    """
    import time

    import ipywidgets as w

    from .widgets import LiveQuiz

    q = _query()
    game = game or q.get("game") or os.environ.get("CARDRULES_LIVE_GAME") or None
    profile = profile or q.get("profile") or os.environ.get("CARDRULES_LIVE_PROFILE") or None
    if seed is None:
        seed = q.get("seed") or os.environ.get("CARDRULES_LIVE_SEED") or None
    if seed is None:
        seed = int(time.time())
    if folders is None:
        root = project_root(Path.cwd())
        folders = [root / "examples"] if root else []
    dirs = [Path(f) for f in folders]
    games = session_games()
    if not games:
        raise RuntimeError("no game has quiz generators")
    if game not in games:
        game = games[0]

    game_box = w.Dropdown(options=[(_game_label(g), g) for g in games], value=game,
                          description="Game")
    rules_box = w.Dropdown(description="Rules", layout=w.Layout(width="max-content"))
    own_box = w.Text(placeholder="or the path of your own rules file (.toml)",
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
        from .registry import get

        topics_box.options = [(f"{get(i).title} [{i}]", i) for i in ids]
        topics_box.value = tuple(ids)

    def begin(_button: Any = None) -> None:
        ref: str | None = rules_box.value
        own = own_box.value.strip()
        if own:
            path = Path(own)
            root = project_root(Path.cwd())
            if not path.is_file() and root is not None and (root / own).is_file():
                path = root / own
            ref = str(path)
        ids = list(topics_box.value) or session_generators(game_box.value)
        try:
            chosen = load_rules(ref) if ref else None
            if chosen is not None and chosen.game != game_box.value:
                raise ProfileError(str(ref), "game", f"is {chosen.game!r}, but the quiz is "
                                   f"about {game_box.value!r}")
            label = _game_label(game_box.value)
            name = (chosen.name if chosen else "") or str(ref or "")
            quiz = LiveQuiz(ids, seed=seed, profile=chosen,
                            title=label if name in ("", label) else f"{label}, {name}")
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


def _game_label(game: str) -> str:
    names = {"banco": "Punto Banco", "pontoon": "Pontoon", "casino-pontoon": "Casino Pontoon",
             "casino": "Casino", "palace": "Palace Poker", "poker": "Poker hands"}
    return names.get(game, game.replace("-", " ").capitalize())


def iter_specs(folder: Path) -> Iterator[Path]:
    """The lesson specs in a folder (``*.toml`` and ``*.yaml`` that have a ``title``)."""
    for path in sorted(folder.iterdir()):
        if path.suffix in SPEC_SUFFIXES and path.is_file():
            with contextlib.suppress(SpecError):
                if "title" in _read_spec(path):
                    yield path


__all__ = [
    "Lesson", "QuizItem", "RuleItem", "SpecError", "build", "html_to_pdf", "iter_specs",
    "lesson_notebook", "lesson_page", "live_session", "load_spec", "new_spec",
    "print_worksheet", "render", "scaffold", "worksheet_html", "write_all",
]
