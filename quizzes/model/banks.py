"""Bank files: every generator's questions made ahead, as JSON, for the book's practice.

The book's practice draws engine-made questions from these files until the engine itself
runs in the browser (a Web Worker, :mod:`quizzes.static.worker`), and in a browser without
WebAssembly.  Each generator has a bank of at least :data:`BANK_SIZE` distinct questions
for its default profile, and one more for every other profile a page of the book uses
(a lesson's house rules, a ``:profile:`` option).  Files, in the built site::

    _static/banks/index.json                    the generators, profiles, rules, chapters
    _static/banks/<generator-id>.json           the default profile's bank
    _static/banks/<generator-id>@<profile>.json another profile's bank

A profile is named by its key (:func:`profile_key`): a shipped profile's own name, or
``custom-`` and a digest of its canonical TOML (:func:`profile_toml`), which travels with
the quiz so that the worker and the live mode ask under the same rules.

>>> profile_key(load_rules("pontoon-stick-16"))
'pontoon-stick-16'
>>> profile_key(load_rules("pontoon").replace(min_stick=16, name="Ours"))  # doctest: +ELLIPSIS
'custom-...'
>>> rules_from_text(profile_toml(load_rules("pontoon-stick-16"))) == load_rules("pontoon-stick-16")
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from cardrules.errors import CardrulesError
from cardrules.profiles import (
    Profile,
    load_rules,
    rules_from_text,
    shipped_profiles,
    toml_value,
)
from quizzes.model.question import Question, question_payload, seen_key
from quizzes.model.registry import Generator, all_generators, get, make_with_key

#: the least number of distinct questions in a bank (fewer only when a generator cannot
#: make so many)
BANK_SIZE = 200
#: draws in a row that bring no new question before a generator counts as exhausted
PATIENCE = 400
#: the bank files' format
VERSION = 1


# -- profiles --------------------------------------------------------------------------------
def profile_toml(profile: Profile) -> str:
    """The profile as canonical TOML: its game and every option, in the class's order.

    :func:`cardrules.profiles.rules_from_text` reads it back into an equal profile.  Its
    text holds no ``<``, ``>`` or ``&`` (they are written as ``\\u`` escapes), so it can
    travel inside a page.

    >>> print(profile_toml(load_rules("casino")).splitlines()[0])
    game = "casino"
    >>> print(profile_toml(load_rules("pontoon").replace(name="<b>Ours</b>")).splitlines()[1])
    name = "\\u003cb\\u003eOurs\\u003c/b\\u003e"
    """
    lines = [f"game = {toml_value(profile.game, for_html=True)}"]
    lines += [f"{f.name} = {toml_value(getattr(profile, f.name), for_html=True)}"
              for f in dataclasses.fields(profile)]
    return "\n".join(lines) + "\n"


@cache
def _shipped() -> dict[str, str]:
    """Canonical TOML -> shipped profile name (the first name, when two are equal)."""
    out: dict[str, str] = {}
    for name in shipped_profiles():
        try:
            out.setdefault(profile_toml(load_rules(name)), name)
        except CardrulesError:  # pragma: no cover - a broken shipped profile fails elsewhere
            continue
    return out


def profile_key(profile: Profile) -> str:
    """A short name for a profile: the shipped profile's name when it equals one, else
    ``custom-`` and the first 10 hex digits of the sha256 of its canonical TOML.

    >>> profile_key(load_rules("punto-banco"))
    'punto-banco'
    """
    text = profile_toml(profile)
    name = _shipped().get(text)
    if name is not None:
        return name
    return "custom-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def is_shipped(key: str) -> bool:
    """Whether a profile key names a shipped profile (whose TOML need not travel).

    >>> is_shipped("pontoon"), is_shipped("custom-0123456789")
    (True, False)
    """
    return key in _shipped().values()


def profile_from(profile: Profile | str | None, game_default: str | None = None) -> Profile:
    """A profile from a Profile, a shipped name or a key, or canonical TOML text.

    >>> profile_from('game = "pontoon"\\nmin_stick = 16').min_stick
    16
    """
    if isinstance(profile, Profile):
        return profile
    if profile is None or not profile.strip():
        if game_default is None:
            raise ValueError("no profile given and no default to use")
        return load_rules(game_default)
    if "\n" in profile or "=" in profile:
        return rules_from_text(profile, "the quiz's house rules")
    return load_rules(profile.strip())


# -- banks -----------------------------------------------------------------------------------
def bank_seed(n: int) -> str:
    """The seed of a bank's ``n``-th draw.

    >>> bank_seed(7)
    'bank.7'
    """
    return f"bank.{n}"


def bank_questions(gen: Generator | str, profile: Profile | None = None,
                   size: int = BANK_SIZE, patience: int = PATIENCE) -> list[Question]:
    """At least ``size`` distinct questions of a generator, made from the seeds
    ``bank.0``, ``bank.1``, ... (the same every time); fewer only when the generator
    brings nothing new in ``patience`` draws in a row.

    >>> qs = bank_questions("banco.natural.spot", size=5)
    >>> [q.seed for q in qs][:2], len({q.prompt for q in qs}) <= 5
    (['bank.0', 'bank.1'], True)
    """
    g = get(gen) if isinstance(gen, str) else gen
    rules = profile if profile is not None else load_rules(g.profile)
    key = profile_key(rules)
    out: list[Question] = []
    seen: set[tuple[object, ...]] = set()
    n = misses = 0
    while len(out) < size and misses < patience:
        q = make_with_key(g, bank_seed(n), rules, key)
        n += 1
        k = seen_key(q)
        if k in seen:
            misses += 1
            continue
        misses = 0
        seen.add(k)
        out.append(q)
    return out


def bank_file_name(generator_id: str, key: str | None = None) -> str:
    """The bank file of a generator under a profile (``None``: its default profile).

    >>> bank_file_name("pontoon.buy.may"), bank_file_name("pontoon.buy.may", "custom-ab12")
    ('pontoon.buy.may.json', 'pontoon.buy.may@custom-ab12.json')
    """
    return f"{generator_id}.json" if key is None else f"{generator_id}@{key}.json"


def bank_data(gen: Generator | str, profile: Profile | None = None,
              size: int = BANK_SIZE) -> dict[str, Any]:
    """A bank file's content: ``{"generator", "profile", "questions": [payload, ...]}``.

    >>> d = bank_data("banco.natural.spot", size=3)
    >>> d["profile"], len(d["questions"]), d["questions"][0]["seed"]
    ('punto-banco', 3, 'bank.0')
    """
    g = get(gen) if isinstance(gen, str) else gen
    rules = profile if profile is not None else load_rules(g.profile)
    questions = bank_questions(g, rules, size)
    return {"generator": g.id, "profile": profile_key(rules),
            "questions": [question_payload(q) for q in questions]}


def default_profiles() -> dict[str, Profile]:
    """Each generator's default profile, by generator id.

    >>> default_profiles()["pontoon.stick.may"].min_stick
    15
    """
    cached: dict[str, Profile] = {}
    out = {}
    for g in all_generators():
        if g.profile not in cached:
            cached[g.profile] = load_rules(g.profile)
        out[g.id] = cached[g.profile]
    return out


def wanted_banks(extra: Iterable[tuple[str, Profile]] = ()) -> list[tuple[Generator, Profile, str]]:
    """Every bank to write: each generator under its default profile, and each
    ``(generator id, profile)`` of ``extra`` (from the book's pages) under that profile.
    Each variation of a generator (see :func:`quizzes.model.registry.generator`) has a bank under
    its profile too, so that practice can ask about it.
    Returns ``(generator, profile, file name)``, one per file, sorted by file name.

    >>> [name for _g, _p, name in wanted_banks() if name.startswith("pontoon.stick")]
    ['pontoon.stick.may.json', 'pontoon.stick.may@pontoon-stick-16.json']
    >>> extra = [("pontoon.declare.must", load_rules("pontoon-stick-16")),
    ...          ("pontoon.declare.must", load_rules("pontoon"))]  # the default: no 2nd file
    >>> [name for _g, _p, name in wanted_banks(extra) if name.startswith("pontoon.declare")]
    ['pontoon.declare.must.json', 'pontoon.declare.must@pontoon-stick-16.json']
    """
    defaults = default_profiles()
    files: dict[str, tuple[Generator, Profile, str]] = {}
    for g in all_generators():
        files[bank_file_name(g.id)] = (g, defaults[g.id], bank_file_name(g.id))
    variations = [(g.id, load_rules(name)) for g in all_generators() for _, name in g.variations]
    for gid, profile in [*variations, *extra]:
        g = get(gid)
        if profile.game != g.game:
            continue
        key = profile_key(profile)
        if key == profile_key(defaults[g.id]):
            continue
        name = bank_file_name(g.id, key)
        files[name] = (g, profile, name)
    return [files[n] for n in sorted(files)]


#: what a question is made from: the engine, the shipped profiles, the generators and the
#: quiz model (paths relative to the project)
QUESTION_SOURCES = ("cardrules", "conf", "quizzes/generators", "quizzes/model/question.py",
                    "quizzes/model/working.py", "quizzes/model/working_table.py",
                    "quizzes/model/words.py",
                    "quizzes/model/registry.py", "quizzes/model/banks.py")


def source_digest(root: Path | None = None) -> str:
    """A digest of the sources questions are made from (:data:`QUESTION_SOURCES`): a bank
    made from the same sources is the same bank.

    The sources are read from ``root``, by default the folder that holds the ``cardrules``
    and ``quizzes`` packages (the project, or an installed wheel's site-packages).

    >>> len(source_digest()), source_digest() == source_digest()
    (16, True)
    >>> source_digest() != hashlib.sha256().hexdigest()[:16]  # it reads the sources
    True
    """
    base = root if root is not None else Path(__file__).resolve().parents[2]
    h = hashlib.sha256()
    for name in QUESTION_SOURCES:
        top = base / name
        files = [top] if top.is_file() else sorted(top.rglob("*")) if top.is_dir() else []
        for f in files:
            if f.is_file() and f.suffix in (".py", ".toml") and "__pycache__" not in f.parts:
                h.update(str(f.relative_to(base)).encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _json(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def write_banks(out_dir: Path, extra: Iterable[tuple[str, Profile]] = (),
                cache_dir: Path | None = None, index_extra: dict[str, Any] | None = None,
                jobs: int = 1) -> list[Path]:
    """Write every bank file and ``index.json`` into ``out_dir``; returns the files.

    With ``cache_dir``, a bank made from the same sources and profile is copied from
    there instead of made again.  ``jobs`` > 1 makes the missing banks in that many
    processes.  ``index_extra`` adds the book's ``rules`` and ``chapters`` to the index.
    """
    if cache_dir is None:
        return _write_banks(out_dir, extra, None, index_extra, jobs)
    import fcntl  # the cache is shared by builds and test processes: one maker at a time

    cache_dir.mkdir(parents=True, exist_ok=True)
    # the lock file is opened, never truncated, and a link there is not followed
    lock = os.open(cache_dir / ".lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o666)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return _write_banks(out_dir, extra, cache_dir, index_extra, jobs)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    finally:
        os.close(lock)


def _write_banks(out_dir: Path, extra: Iterable[tuple[str, Profile]], cache_dir: Path | None,
                 index_extra: dict[str, Any] | None, jobs: int) -> list[Path]:
    from quizzes.teach.files import write_file  # every file is written the one safe way

    out_dir.mkdir(parents=True, exist_ok=True)
    wanted = wanted_banks(extra)
    digest = source_digest() if cache_dir is not None else ""
    todo: list[tuple[str, str, str]] = []  # generator id, profile toml, file name
    written: list[Path] = []
    for g, profile, name in wanted:
        cached = _cached_path(cache_dir, digest, name, profile)
        if cached is not None and cached.is_file():
            target = out_dir / name
            write_file(target, cached.read_bytes())
            written.append(target)
        else:
            todo.append((g.id, profile_toml(profile), name))
    made = _make_all(todo, jobs)
    for (_gid, text, name), data in zip(todo, made, strict=True):
        target = out_dir / name
        write_file(target, data)
        written.append(target)
        cached = _cached_path(cache_dir, digest, name, rules_from_text(text))
        if cached is not None:
            write_file(cached, data)
    if cache_dir is not None and cache_dir.is_dir():
        for old in cache_dir.iterdir():
            if old.is_dir() and old.name != digest:
                for f in old.iterdir():
                    f.unlink()
                old.rmdir()
    asks = {p.name: bank_asks(json.loads(p.read_bytes())) for p in written}
    index = index_data(wanted, index_extra or {}, asks)
    write_file(out_dir / "index.json", _json(index))
    written.append(out_dir / "index.json")
    return written


def bank_asks(data: dict[str, Any]) -> list[str]:
    """The rules a bank's questions ask about (each question's ``asks``, not the rules it
    merely touches), in the order first met.

    >>> bank_asks(bank_data("pontoon.stick.may", load_rules("pontoon-stick-16"), size=3))
    ['pontoon.stick.sixteen']
    >>> bank_asks(bank_data("banco.natural.who-draws", size=3))
    ['banco.natural']
    """
    return list(dict.fromkeys(q["asks"] for q in data["questions"]))


def _cached_path(cache_dir: Path | None, digest: str, name: str, profile: Profile
                 ) -> Path | None:
    if cache_dir is None:
        return None
    tag = hashlib.sha256(profile_toml(profile).encode()).hexdigest()[:10]
    return cache_dir / digest / f"{tag}-{name}"


def _make_one(job: tuple[str, str, str]) -> bytes:
    gid, text, _name = job
    return _json(bank_data(gid, rules_from_text(text)))


def _make_all(todo: Sequence[tuple[str, str, str]], jobs: int) -> list[bytes]:
    if jobs <= 1 or len(todo) < 4:
        return [_make_one(t) for t in todo]
    import concurrent.futures
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
        return list(pool.map(_make_one, todo, chunksize=2))


def index_data(wanted: Sequence[tuple[Generator, Profile, str]],
               extra: dict[str, Any], asks: dict[str, list[str]] | None = None
               ) -> dict[str, Any]:
    """``index.json``: the generators (one entry per bank file), the profiles by key with
    their TOML and the rules their house rules change, as that table states them
    (``house``: rule id -> statement), and the book's rules and chapters (from ``extra``).

    An entry's ``asks`` are the rules its bank's questions ask about (from ``asks``, by file
    name; else the generator's first rule); a variation's bank has ``variation``, the
    variation rules it is there for."""
    generators = []
    profiles: dict[str, dict[str, Any]] = {}
    for g, profile, name in wanted:
        key = profile_key(profile)
        entry: dict[str, Any] = {
            "id": g.id, "rules": list(g.rule_ids), "kind": g.kind.value, "title": g.title,
            "game": g.game, "profile": key, "file": name,
            "asks": (asks or {}).get(name, list(g.rule_ids[:1]))}
        shown = [rule for rule, p in g.variations if p == key]
        if shown:
            entry["variation"] = shown
        generators.append(entry)
        if key not in profiles:
            profiles[key] = {"name": profile.name or key, "game": profile.game,
                             "toml": profile_toml(profile), "house": house_statements(profile)}
    return {"version": VERSION, "generators": generators,
            "profiles": dict(sorted(profiles.items())),
            "rules": extra.get("rules", {}), "chapters": extra.get("chapters", {})}


def house_statements(profile: Profile) -> dict[str, str]:
    """The rules a profile's house rules change, each as that table states it
    (:func:`cardrules.catalog.statement`): what the practice shows beside a question on one.

    >>> house_statements(load_rules("pontoon-stick-16"))["pontoon.stick"]
    'A player may stick, keeping the hand and the stake, with a total of at least 16 (house rule; the standard game: 15 or more).'
    >>> house_statements(load_rules("pontoon"))
    {}
    """
    from cardrules.catalog import house_rules_at, statement

    return {r.id: statement(r.id, profile)[0] for r in house_rules_at(profile)}


def quiz_attributes(generator_ids: Sequence[str], profile: Profile | None = None
                    ) -> dict[str, Any]:
    """What a static quiz records of itself, as :func:`quizzes.static.html.render_bank`'s keyword
    arguments: its generators, its profile's key (None when its generators' default
    profiles differ) and, for a profile that is not shipped, the profile's TOML.

    >>> quiz_attributes(["pontoon.buy.may"], load_rules("pontoon-stick-16"))["profile"]
    'pontoon-stick-16'
    >>> quiz_attributes(["pontoon.buy.may"], load_rules("pontoon").replace(min_stick=16))[
    ...     "profile_toml"].splitlines()[0]
    'game = "pontoon"'
    """
    from quizzes.model.registry import resolve_profile

    ids = list(dict.fromkeys(generator_ids))
    rules = [resolve_profile(get(i), profile) for i in ids]
    keys = {profile_key(r) for r in rules}
    key = keys.pop() if len(keys) == 1 else None
    text = profile_toml(rules[0]) if key is not None and not is_shipped(key) else None
    return {"generators": ids, "profile": key, "profile_toml": text}
