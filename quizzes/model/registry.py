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

from cardrules.errors import ProfileError
from cardrules.profiles import Profile, load_rules
from cardrules.rng import Rng
from quizzes.model.question import Kind, Question

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
    #: (rule id, profile name): a variation among ``rule_ids`` that the default profile
    #: leaves off, and the shipped profile under which the questions ask about it
    variations: tuple[tuple[str, str], ...] = ()

    @property
    def game(self) -> str:
        """The game, from the first rule id."""
        return self.rule_ids[0].split(".")[0]


_REGISTRY: dict[str, Generator] = {}


def generator(
    id: str, rules: tuple[str, ...] | list[str], kind: Kind, title: str, profile: str,
    variations: dict[str, str] | None = None,
) -> Callable[[Make], Make]:
    """Register a generator under ``id``, for ``rules``, with a default ``profile``.
    ``variations`` names, for a variation among ``rules`` that the default profile leaves
    off, the shipped profile its questions on that variation are asked under."""
    extra = tuple((variations or {}).items())
    for rule, _profile in extra:
        if rule not in rules:
            raise ValueError(f"quiz generator {id!r}: the variation {rule!r} is not one of "
                             f"its rules {list(rules)}")

    def deco(fn: Make) -> Make:
        if id in _REGISTRY and _REGISTRY[id].make is not fn:
            raise ValueError(f"quiz generator {id!r} is registered twice")
        _REGISTRY[id] = Generator(id, tuple(rules), kind, title, profile, fn, extra)
        return fn

    return deco


@cache
def _discover() -> None:
    from quizzes import generators

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


def profile_arg(value: Profile | str | Path | None) -> Profile | None:
    """A profile as a user names it, resolved once, at the edge (a notebook's ``quiz``, the
    play-along table): a :class:`~cardrules.profiles.Profile`, a shipped profile's name or
    the path of a TOML file.  None stays None: each generator then asks under its own
    default.  Everything past the edge takes a Profile or None.

    >>> profile_arg("pontoon-stick-16").min_stick, profile_arg(None)
    (16, None)
    >>> profile_arg(16)
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: 16: a profile is a shipped profile's name, the path of a .toml file or a Profile
    """
    if value is None or isinstance(value, Profile):
        return value
    if isinstance(value, (str, Path)):
        return load_rules(value)
    raise ProfileError(repr(value), None, "a profile is a shipped profile's name, the path of "
                       "a .toml file or a Profile")


def resolve_profile(gen: Generator, profile: Profile | None) -> Profile:
    """The profile to ask under: the one given, or the generator's default.

    >>> resolve_profile(get("pontoon.stick.may"), None).name
    'Pontoon'
    """
    return load_rules(gen.profile) if profile is None else profile


def make(generator_id: str, seed: int | str = 0,
         profile: Profile | str | Path | None = None) -> Question:
    """One question from a generator and a seed: the same seed, the same question.  A
    public edge: ``profile`` may be a profile's name or path (:func:`profile_arg`).

    >>> make("pontoon.stick.may", 1, "pontoon-stick-16").profile
    'pontoon-stick-16'
    """
    gen = get(generator_id)
    rules = resolve_profile(gen, profile_arg(profile))
    check_game(gen, rules)
    return make_with_key(gen, seed, rules)


def check_game(gen: Generator, rules: Profile) -> None:
    """Refuse rules of another game than the generator's.

    >>> from cardrules import load_rules
    >>> check_game(get("banco.natural.spot"), load_rules("pontoon"))
    Traceback (most recent call last):
    ...
    ValueError: generator 'banco.natural.spot' is for 'banco', but the profile is for 'pontoon'
    """
    if rules.game != gen.game:
        raise ValueError(
            f"generator {gen.id!r} is for {gen.game!r}, but the profile is for {rules.game!r}"
        )


def make_with_key(gen: Generator, seed: int | str, rules: Profile, key: str | None = None
                  ) -> Question:
    """A question of ``gen`` under ``rules``, stamped with its generator, seed and the
    profile's key (:func:`quizzes.model.banks.profile_key`, worked out when not given).

    >>> make_with_key(get("pontoon.stick.may"), "s", load_rules("pontoon-stick-16")).profile
    'pontoon-stick-16'
    """
    from dataclasses import replace

    from quizzes.model.banks import profile_key

    q = gen.make(Rng(f"{gen.id}:{seed}"), rules)
    key = profile_key(rules) if key is None else key
    if q.generator != gen.id or q.seed != seed or q.profile != key:
        q = replace(q, generator=gen.id, seed=seed, profile=key)
    return q


#: draws in a row that bring no new question before a bank gives up on a generator
PATIENCE = 400


class BankTooSmall(ValueError):
    """A quiz asks for more distinct questions than its generators can make."""


def bank(
    generator_ids: str | list[str] | tuple[str, ...],
    count: int = 8,
    seed: int | str = 0,
    profile: Profile | str | Path | None = None,
) -> list[Question]:
    """A bank of exactly ``count`` distinct questions, taken in turn from the generators,
    under ``profile`` (a public edge: a profile, its name or its path; see :func:`profile_arg`).

    Two questions that look the same to the learner (same prompt, visible cards and
    choices) count once; more seeds are drawn until the count is reached.  A generator
    that brings nothing new in :data:`PATIENCE` draws in a row is exhausted; when all are,
    :class:`BankTooSmall` says how many questions they can make.

    >>> len(bank("banco.natural.spot", count=5, seed=1))
    5
    """
    from quizzes.model.banks import profile_key
    from quizzes.model.question import seen_key

    ids = [generator_ids] if isinstance(generator_ids, str) else list(generator_ids)
    if not ids:
        raise ValueError("a quiz bank needs at least one generator")
    if not 1 <= count <= 200:
        raise ValueError(f"count must be between 1 and 200, got {count}")
    gens = [get(i) for i in ids]
    chosen = profile_arg(profile)
    profiles = [resolve_profile(g, chosen) for g in gens]
    for g, p in zip(gens, profiles, strict=True):
        if p.game != g.game:
            raise ValueError(f"generator {g.id!r} is for {g.game!r}, not {p.game!r}")
    keys = [profile_key(p) for p in profiles]
    out: list[Question] = []
    seen: set[tuple[object, ...]] = set()
    misses = [0] * len(gens)
    attempt = 0
    while len(out) < count:
        i = attempt % len(gens)
        if all(m >= PATIENCE for m in misses):
            names = " and ".join(ids)
            raise BankTooSmall(
                f"a quiz of {names} asks for {count} questions, but only {len(out)} different "
                f"ones exist (with seed {seed!r}); ask for at most {len(out)}")
        if misses[i] < PATIENCE:
            q = make_with_key(gens[i], f"{seed}.{attempt}", profiles[i], keys[i])
            key = seen_key(q)
            if key in seen:
                misses[i] += 1
            else:
                misses[i] = 0
                seen.add(key)
                out.append(q)
        attempt += 1
    return out


def asked_rule(q: Question) -> str:
    """The one rule a question asks about: the first of its rule ids.  A generator names the
    rule each question asks first, and after it the rules the question merely touches (a
    question on what a bust hand pays touches the ranking); a generator that asks about
    several rules gives each question the rule it asks first (``pontoon.settle.pays``).
    Practice labels a question with this rule and credits an answer to it alone.

    >>> asked_rule(make("pontoon.stick.may", 1, "pontoon-stick-16"))
    'pontoon.stick.sixteen'
    >>> q = make("banco.natural.who-draws", 1)
    >>> q.rule_ids, asked_rule(q)
    (('banco.natural', 'banco.deal'), 'banco.natural')
    """
    return q.asks


def _make(gen: Generator, seed: int | str, rules: Profile) -> Question:
    """A question of ``gen`` under ``rules`` (the tests' short name for :func:`make_with_key`)."""
    return make_with_key(gen, seed, rules)
