"""Quiz generators: each makes questions for one or more rules from a seed.

A generator is a function ``(rng, rules) -> Question`` registered with
:func:`generator`.  Each game keeps its generators in
``quizzes/generators/<game>.py``; they are found automatically.

>>> g = get("banco.natural.spot")
>>> g.rule_ids
('banco.natural',)
>>> make("banco.natural.spot", seed=3) == make("banco.natural.spot", seed=3)
True
>>> get("banco.natral.spot")
Traceback (most recent call last):
...
KeyError: "unknown quiz generator 'banco.natral.spot' (did you mean banco.natural.spot?)"
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardrules.profiles import Profile, load_rules
from cardrules.rng import Rng

from .core import Kind, Question

Make = Callable[[Rng, Profile], Question]


@dataclass(frozen=True)
class Generator:
    """A registered question generator."""

    id: str
    rule_ids: tuple[str, ...]
    kind: Kind
    title: str
    profile: str
    make: Make

    @property
    def game(self) -> str:
        """The game, from the first rule id."""
        return self.rule_ids[0].split(".")[0]


_REGISTRY: dict[str, Generator] = {}


def generator(
    id: str, rules: tuple[str, ...] | list[str], kind: Kind, title: str, profile: str
) -> Callable[[Make], Make]:
    """Register a generator under ``id``, for ``rules``, with a default ``profile``."""

    def deco(fn: Make) -> Make:
        if id in _REGISTRY and _REGISTRY[id].make is not fn:
            raise ValueError(f"quiz generator {id!r} is registered twice")
        _REGISTRY[id] = Generator(id, tuple(rules), kind, title, profile, fn)
        return fn

    return deco


@cache
def _discover() -> None:
    from . import generators

    for info in sorted(pkgutil.iter_modules(generators.__path__), key=lambda i: i.name):
        importlib.import_module(f"quizzes.generators.{info.name}")


def all_generators() -> tuple[Generator, ...]:
    """Every registered generator."""
    _discover()
    return tuple(_REGISTRY.values())


def for_rule(rule_id: str) -> tuple[Generator, ...]:
    """The generators that ask about a rule."""
    return tuple(g for g in all_generators() if rule_id in g.rule_ids)


def get(generator_id: str) -> Generator:
    """A generator by id; an unknown id suggests the nearest."""
    _discover()
    try:
        return _REGISTRY[generator_id]
    except KeyError:
        near = difflib.get_close_matches(generator_id, list(_REGISTRY), n=3, cutoff=0.8)
        hint = f" (did you mean {' or '.join(near)}?)" if near else ""
        raise KeyError(f"unknown quiz generator {generator_id!r}{hint}") from None


def resolve_profile(gen: Generator, profile: Profile | str | Path | None) -> Profile:
    """The profile to ask under: the one given, or the generator's default."""
    if profile is None:
        return load_rules(gen.profile)
    if isinstance(profile, Profile):
        return profile
    return load_rules(profile)


def make(
    generator_id: str, seed: int | str = 0, profile: Profile | str | Path | None = None
) -> Question:
    """One question from a generator and a seed: the same seed, the same question."""
    gen = get(generator_id)
    rules = resolve_profile(gen, profile)
    if rules.game != gen.game:
        raise ValueError(
            f"generator {gen.id!r} is for {gen.game!r}, but the profile is for {rules.game!r}"
        )
    return _make(gen, seed, rules)


def _make(gen: Generator, seed: int | str, rules: Profile) -> Question:
    q = gen.make(Rng(f"{gen.id}:{seed}"), rules)
    if q.generator != gen.id or q.seed != seed:
        q = _restamp(q, gen.id, seed)
    return q


def _restamp(q: Question, gen_id: str, seed: int | str) -> Question:
    from dataclasses import replace

    return replace(q, generator=gen_id, seed=seed)


def bank(
    generator_ids: str | list[str] | tuple[str, ...],
    count: int = 8,
    seed: int | str = 0,
    profile: Profile | str | Path | None = None,
) -> list[Question]:
    """A bank of ``count`` distinct questions, taken in turn from the generators.

    Duplicate questions (same prompt and cards) are skipped, so a small
    generator may give fewer than ``count``.

    >>> len(bank("banco.natural.spot", count=5, seed=1))
    5
    """
    ids = [generator_ids] if isinstance(generator_ids, str) else list(generator_ids)
    if not ids:
        raise ValueError("a quiz bank needs at least one generator")
    if not 1 <= count <= 200:
        raise ValueError(f"count must be between 1 and 200, got {count}")
    gens = [get(i) for i in ids]
    profiles = [resolve_profile(g, profile) for g in gens]
    for g, p in zip(gens, profiles, strict=True):
        if p.game != g.game:
            raise ValueError(f"generator {g.id!r} is for {g.game!r}, not {p.game!r}")
    out: list[Question] = []
    seen: set[tuple[str, tuple[object, ...]]] = set()
    attempt = 0
    while len(out) < count and attempt < count * 20:
        g, p = gens[attempt % len(gens)], profiles[attempt % len(gens)]
        q = _make(g, f"{seed}.{attempt}", p)
        key = (q.prompt, tuple((r.label, r.cards) for r in q.rows))
        if key not in seen:
            seen.add(key)
            out.append(q)
        attempt += 1
    return out
