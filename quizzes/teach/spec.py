"""Lesson specs: reading and checking the small TOML (or YAML) file a teacher writes.

A bad spec fails with :class:`SpecError`, naming the file, the key and what is allowed.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardrules.cards import parse_cards
from cardrules.catalog import Rule, rule, rule_ids, rules_of
from cardrules.errors import CardParseError, CardrulesError, ProfileError
from cardrules.profiles import Profile, load_rules, shipped_profiles, utf8_text
from quizzes.model.question import Kind, Question
from quizzes.model.registry import BankTooSmall, Generator, all_generators, bank
from quizzes.pages.parts import (
    pick_generators,
    unknown_rule_message,
)
from quizzes.pages.text import problems

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
        from quizzes.model.registry import get

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
        try:
            return bank(list(quiz.generators), count=quiz.count, seed=seed, profile=self.profile)
        except BankTooSmall as e:
            where = (f"quizzes[{self.quizzes.index(quiz) + 1}].count" if quiz in self.quizzes
                     else "count")
            raise SpecError(str(self.path), where, str(e)) from None

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


def _decode(data: bytes, source: str) -> str:
    """A spec's text: UTF-8, with or without a byte-order mark; anything else is refused.

    >>> _decode(b"\\xef\\xbb\\xbftitle = 'x'", "a.toml")
    "title = 'x'"
    >>> _decode("title = 'x'".encode("utf-16"), "a.toml")
    Traceback (most recent call last):
    ...
    quizzes.teach.SpecError: a.toml: is not UTF-8 text (it looks like UTF-16); save it as UTF-8
    """
    text, problem = utf8_text(data)
    if text is None:
        raise SpecError(source, None, problem)
    return text


def _read_spec(path: Path) -> dict[str, Any]:
    source = str(path)
    if path.suffix not in SPEC_SUFFIXES:
        raise SpecError(source, None, f"a lesson spec is a {' or '.join(SPEC_SUFFIXES)} file")
    if not path.is_file():
        raise SpecError(source, None, "no such file (`cardrules lesson new FILE` writes one)")
    text = _decode(path.read_bytes(), source)
    data: Any
    if path.suffix == ".toml":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise SpecError(source, None, f"not valid TOML: {e}") from None
    else:
        try:
            import yaml  # type: ignore[import-untyped]
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


#: the keys whose text may use the small Markdown subset (see :mod:`quizzes.pages.text`)
MARKUP_KEYS = ("audience", "duration", "intro", "note")


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
    for problem in problems(value, markup=key in MARKUP_KEYS):
        raise SpecError(source, f"{where}{key}", problem)
    return value.strip()


_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def check_slug(source: str, slug: str, given: bool = False) -> None:
    """A lesson's page name (``slug``, else the spec's file name) is lower-case letters,
    digits and dashes; ``lesson new`` and ``lesson build`` refuse others alike.

    >>> check_slug("My_Lesson.toml", "My_Lesson")
    Traceback (most recent call last):
    ...
    quizzes.teach.SpecError: My_Lesson.toml: the page name 'My_Lesson' must be lower-case letters, digits and dashes; rename the file or set slug = "..."
    """
    if not _SLUG.match(slug):
        raise SpecError(source, "slug" if given else None,
                        f"the page name {slug!r} must be lower-case letters, digits and dashes"
                        + ("" if given else "; rename the file or set slug = \"...\""))


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
        title = _text(entry, "title", source, f"{where}.") or None
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
    check_slug(source, slug, given="slug" in data)
    ref, profile, profile_path = _profile(data, source, path.resolve().parent)
    rules = _rules(data, source, profile)
    quizzes = _quizzes(data, source, profile, rules)
    lesson = Lesson(path=path.resolve(), slug=slug, title=title, audience=audience,
                    profile_ref=ref, profile=profile, profile_path=profile_path, rules=rules,
                    quizzes=quizzes, duration=duration, intro=intro)
    for n, q in enumerate(quizzes, 1):
        try:
            lesson.questions(q)
        except SpecError:
            raise
        except (CardrulesError, ValueError) as e:
            raise SpecError(source, f"quizzes[{n}]", f"the engine could not make its "
                            f"questions under this profile: {e}") from None
    return lesson


_LOOKS_LIKE_SPEC = re.compile(rb"^\s*(title|rules|\[\[\s*quizzes\s*\]\])\s*[=:\]]", re.M)


def iter_specs(folder: Path) -> Iterator[Path]:
    """The lesson specs in a folder (``*.toml`` and ``*.yaml`` that have a ``title``).

    A file that cannot be read but looks like a spec (a ``title``, ``rules`` or
    ``[[quizzes]]`` line) is listed too, so that building it names what is wrong rather
    than leaving the lesson out; house-rules files are left out.
    """
    for path in sorted(folder.iterdir()):
        if path.suffix in SPEC_SUFFIXES and path.is_file():
            try:
                if "title" in _read_spec(path):
                    yield path
            except SpecError:
                raw = path.read_bytes()
                if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
                    raw = raw.decode("utf-16", errors="replace").encode("utf-8")
                if _LOOKS_LIKE_SPEC.search(raw):
                    yield path
