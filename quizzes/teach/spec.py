"""Lesson specs: reading and checking the small TOML (or YAML) file a teacher writes.

A bad spec fails with :class:`SpecError`, in one line naming the file, the key and what is
allowed, with the teacher's values as written (``true``, ``1979-05-27``, ``"x"``:
:func:`cardrules.profiles.shown`).

Reading is bounded: a spec is at most :data:`~cardrules.profiles.MAX_FILE_BYTES` (1 MB),
refused before it is parsed; lists and tables nest at most
:data:`~cardrules.profiles.MAX_DEPTH` (32) deep; a YAML spec may hold no alias (``*name``);
its ``profile`` is a shipped name or a file in the spec's folder, ``examples/`` or a
configured folder (:mod:`quizzes.teach.folders`).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardrules.cards import Card, parse_cards
from cardrules.catalog import Rule, rule, rule_ids, rules_of
from cardrules.errors import CardParseError, CardrulesError, ProfileError
from cardrules.profiles import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    Profile,
    load_rules,
    read_limited,
    shipped_profiles,
    shown,
    toml_data,
    utf8_text,
)
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
    """A spec file's data.  Refused before parsing: a file that is not a regular file, or
    larger than :data:`~cardrules.profiles.MAX_FILE_BYTES` (1 MB); refused while parsing:
    lists and tables nested deeper than :data:`~cardrules.profiles.MAX_DEPTH` (32), and YAML
    aliases (``*name``), which could make a small file expand without end."""
    source = str(path)
    if path.suffix not in SPEC_SUFFIXES:
        raise SpecError(source, None, f"a lesson spec is a {' or '.join(SPEC_SUFFIXES)} file")
    if not path.exists():
        raise SpecError(source, None, "no such file (`cardrules lesson new FILE` writes one)")
    raw, problem = read_limited(path)
    if raw is None:
        raise SpecError(source, None, problem)
    text = _decode(raw, source)
    data: Any
    if path.suffix == ".toml":
        data, key, problem = toml_data(text)
        if data is None:
            raise SpecError(source, key, problem)
    else:
        data = _yaml(text, source)
    if not isinstance(data, dict):
        raise SpecError(source, None, "must hold keys such as title = ..., profile = ...; "
                        f"allowed keys: {', '.join(TOP_KEYS)}")
    return data


def _yaml(text: str, source: str) -> Any:
    """A YAML spec's data: PyYAML's safe loader, refusing aliases and deep nesting before
    anything is built, every error in one line with its line and column.

    >>> _yaml("a: &x [1]\\nb: *x\\n", "s.yaml")
    Traceback (most recent call last):
    ...
    quizzes.teach.SpecError: s.yaml: not valid here: YAML aliases (*name) are not allowed in a lesson spec; write the value out (line 2, column 4)
    """
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        raise SpecError(source, None, "reading YAML needs PyYAML (pip install pyyaml); "
                        "or write the spec in TOML") from None

    class Refused(yaml.MarkedYAMLError):  # type: ignore[misc]
        """What a lesson spec may not hold, though YAML allows it."""

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                raise Refused(None, None, "YAML aliases (*name) are not allowed in a lesson "
                              "spec; write the value out", self.peek_event().start_mark)
            nested = self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent)
            if nested:
                self.depth += 1
                if self.depth > MAX_DEPTH + 1:  # the top level is not counted
                    raise Refused(None, None, f"nests lists and tables more than {MAX_DEPTH} "
                                  f"deep; at most {MAX_DEPTH} levels are allowed",
                                  self.peek_event().start_mark)
            try:
                return super().compose_node(parent, index)
            finally:
                if nested:
                    self.depth -= 1

    loader = Loader(text)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        what = "not valid here" if isinstance(e, Refused) else "not valid YAML"
        problem = " ".join(str(e.problem or e.context or "cannot be read").split())
        raise SpecError(source, None, f"{what}: {problem}{where}") from None
    except yaml.YAMLError as e:
        raise SpecError(source, None, f"not valid YAML: {' '.join(str(e).split())}") from None
    except RecursionError:
        raise SpecError(source, None, f"nests lists and tables more than {MAX_DEPTH} deep; "
                        f"at most {MAX_DEPTH} levels are allowed") from None
    finally:
        loader.dispose()


def _key(key: object) -> str:
    """A key as the teacher wrote it: a word as is, anything else in its TOML/YAML form."""
    return key if isinstance(key, str) else shown(key)


def _unknown_keys(data: Mapping[str, Any], allowed: Sequence[str], source: str, where: str
                  ) -> None:
    for key in data:
        if key not in allowed:
            near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise SpecError(source, f"{where}{_key(key)}",
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
        raise SpecError(source, f"{where}{key}", f"must be text in quotes; got {shown(value)}")
    if required and not value.strip():
        raise SpecError(source, f"{where}{key}", "must not be empty")
    for problem in problems(value, markup=key in MARKUP_KEYS):
        raise SpecError(source, f"{where}{key}", problem)
    return value.strip()


_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def check_slug(source: str, slug: str, given: bool = False) -> None:
    """A lesson's page name (``slug``, else the spec's file name) is made of a–z, 0–9 and
    dashes; ``lesson new`` and ``lesson build`` refuse others alike.

    >>> check_slug("My_Lesson.toml", "My_Lesson")
    Traceback (most recent call last):
    ...
    quizzes.teach.SpecError: My_Lesson.toml: the page name "My_Lesson" must be made of a–z, 0–9 and dashes (no capitals, spaces or accents); rename the file or set slug = "..."
    """
    if not _SLUG.match(slug):
        raise SpecError(source, "slug" if given else None,
                        f"the page name {shown(slug)} must be made of a–z, 0–9 and dashes (no "
                        "capitals, spaces or accents)"
                        + ("" if given else "; rename the file or set slug = \"...\""))


def _profile(data: Mapping[str, Any], source: str, spec_dir: Path
             ) -> tuple[str, Profile, Path | None]:
    """The lesson's house rules: a shipped profile, or a file in the spec's folder, the
    project's ``examples/`` or a configured folder (:mod:`quizzes.teach.folders`)."""
    from quizzes.teach.folders import profile_folders

    ref = _text(data, "profile", source, required=True)
    is_path = ref.endswith(".toml") or "/" in ref
    path = (spec_dir / ref) if not Path(ref).is_absolute() else Path(ref)
    try:
        if is_path:
            folders = profile_folders(spec_dir, extra=[spec_dir])
            return ref, load_rules(path, folders=folders), path.resolve()
        return ref, load_rules(ref), None
    except ProfileError as e:
        if e.source not in (ref, str(path)) or e.key is not None:
            raise SpecError(source, "profile", str(e)) from None  # in the profile's own file
        if e.problem == "no such profile file":
            raise SpecError(source, "profile", f"no such file {shown(ref)} (a path is read "
                            f"relative to the spec's folder, {spec_dir}); or name a "
                            f"shipped profile: {', '.join(shipped_profiles())}") from None
        raise SpecError(source, "profile", (f"{shown(ref)}: " if is_path else "")
                        + e.problem) from None


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
                            f"{', '.join(RULE_KEYS)}; got {shown(entry)}")
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
                raise SpecError(source, f"{where}.example", f"line {m} {shown(line)} must be "
                                "'Label: cards', e.g. 'Player: 7S 8D'")
            try:
                cards = parse_cards(line.split(":", 1)[1])
            except CardParseError as e:
                raise SpecError(source, f"{where}.example", f"line {m}: {e}") from None
            # each line is a hand or a row of its own (the lines of an example may show
            # the same card in different hands), so each is checked alone
            problem = impossible_cards(cards, profile)
            if problem:
                raise SpecError(source, f"{where}.example", f"line {m} {problem}")
        deal = entry.get("deal")
        if deal is not None and (isinstance(deal, bool) or not isinstance(deal, (int, str))):
            raise SpecError(source, f"{where}.deal",
                            f"must be a seed (a number or a word); got {shown(deal)}")
        items.append(RuleItem(rid, note, lines, None if deal is None else str(deal)))
    return tuple(items)


def packs_of(profile: Profile) -> tuple[int, str]:
    """How many standard packs a profile plays with, and the option that says so (``""``
    for a game of one pack).

    >>> packs_of(load_rules("punto-banco")), packs_of(load_rules("poker"))
    ((8, 'decks'), (1, ''))
    """
    for option in ("decks", "packs"):
        n = getattr(profile, option, None)
        if isinstance(n, int) and not isinstance(n, bool) and n >= 1:
            return n, option
    return 1, ""


def impossible_cards(cards: Sequence[Card], profile: Profile) -> str:
    """Why a position cannot be dealt under ``profile`` (more copies of a card than its
    packs hold), or ``""``: the rule is one of each card per pack.

    >>> from cardrules.cards import Card, parse_cards
    >>> impossible_cards(parse_cards("5D 5D 5D 5D 5D"), load_rules("pontoon"))
    'holds 5 copies of 5♦, but the profile plays with 1 pack (packs = 1), and a pack holds one of each card'
    >>> impossible_cards(parse_cards("5D 5D 5D 5D 5D"), load_rules("punto-banco"))
    ''
    """
    n, option = packs_of(profile)
    for card, k in Counter(cards).items():
        if k > n:
            packs = f"{n} pack{'s' if n > 1 else ''}" if option != "decks" else \
                f"{n} deck{'s' if n > 1 else ''}"
            said = f" ({option} = {n})" if option else ""
            return (f"holds {k} copies of {card}, but the profile plays with {packs}{said}, and "
                    "a pack holds one of each card")
    return ""


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
        allowed_kinds = ", ".join(k.value for k in Kind)
        if isinstance(kinds, list) and all(isinstance(k, str) for k in kinds):
            kinds = ",".join(kinds)
        if kinds is not None and not isinstance(kinds, str):
            raise SpecError(source, f"{where}.kinds", "must be kinds of question in quotes: "
                            f"{allowed_kinds}; got {shown(kinds)}")
        for kind in (k.strip() for k in (kinds or "").split(",")):
            if kind and kind not in {k.value for k in Kind}:
                raise SpecError(source, f"{where}.kinds", f"{shown(kind)} is not a kind of "
                                f"question; allowed: {allowed_kinds}")
        try:
            gens: list[Generator] = pick_generators([t.strip() for t in targets], kinds)
        except (ValueError, KeyError) as e:
            message = str(e.args[0] if isinstance(e, KeyError) and e.args else e)
            key = "kinds" if message.startswith("no quiz generator matches") and kinds else \
                "generator"
            raise SpecError(source, f"{where}.{key}", message) from None
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
                            f"must be a whole number from 1 to {MAX_COUNT}; got {shown(count)}")
        seed = entry.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise SpecError(source, f"{where}.seed",
                            f"must be a number or a word; got {shown(seed)}")
        title = _text(entry, "title", source, f"{where}.") or None
        after = entry.get("after")
        if after is not None and after not in lesson_rules:
            raise SpecError(source, f"{where}.after", f"must be one of the lesson's rules: "
                            f"{', '.join(lesson_rules)}; got {shown(after)}")
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
                with path.open("rb") as f:
                    raw = f.read(MAX_FILE_BYTES)  # enough to see what it is
                if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
                    raw = raw.decode("utf-16", errors="replace").encode("utf-8")
                if _LOOKS_LIKE_SPEC.search(raw):
                    yield path
