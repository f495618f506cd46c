"""House-rule profiles: one TOML file per rule set, loaded into a dataclass.

A profile names its game and sets that game's options.  Shipped profiles load
by name; a teacher's own file loads by path, and may start from a shipped one
with ``extends``::

    # conf/our-house-rules.toml
    extends = "pontoon"
    name = "Our house rules"
    min_stick = 16

>>> p = load_rules("punto-banco")
>>> type(p).__name__, p.decks, p.tie_pays
('BancoRules', 8, 8)

A bad profile fails with the file, the key and what is allowed:

>>> import tempfile, pathlib
>>> bad = pathlib.Path(tempfile.mkdtemp()) / "bad.toml"
>>> _ = bad.write_text('game = "banco"\\ndecks = 7\\n')
>>> load_rules(bad)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.errors.ProfileError: .../bad.toml: decks: must be one of 1, 6, 8; got 7
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import functools
import importlib
import importlib.resources
import json
import math
import os
import re
import stat
import tomllib
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from .errors import ProfileError


@dataclass(frozen=True)
class Profile:
    """Base of every game's rules profile.  ``game`` names the game module."""

    game: ClassVar[str] = ""
    name: str = field(default="", metadata={"help": "a name for this rule set"})
    description: str = field(default="", metadata={"help": "what this rule set is"})

    def replace(self, **changes: Any) -> typing.Self:
        """A copy with some options changed, validated like a file.  Like a file that
        extends this profile, a copy that changes an option gets a name and a description
        made from its changes (:mod:`cardrules.changes`) unless it is given them.

        >>> p = load_rules("punto-banco").replace(decks=6)
        >>> p.decks, p.name, p.description
        (6, 'Punto Banco (house rules)', 'Punto Banco, 6 decks.')
        """
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)} | changes
        return _about(_build(type(self), data, f"{type(self).__name__}.replace()"), changes, self)


P = TypeVar("P", bound=Profile)


#: An option's value in words: a mapping from each value, or a function of the value.
Words = Mapping[Any, str] | Callable[[Any], str]


def option(
    default: Any,
    help: str,
    *,
    choices: tuple[Any, ...] | None = None,
    low: int | float | None = None,
    high: int | float | None = None,
    title: str | None = None,
    words: Words | None = None,
    phrase: Words | None = None,
) -> Any:
    """Declare one profile option with its help text and allowed values, and how a teacher
    and a learner read it (:mod:`cardrules.changes`): its ``title`` ("Sticking"), a value in
    ``words`` ("16 or more") and as a ``phrase`` of a description ("stick on 16 or more")."""
    meta: dict[str, Any] = {"help": help}
    if choices is not None:
        meta["choices"] = choices
    if low is not None:
        meta["low"] = low
    if high is not None:
        meta["high"] = high
    for key, value in (("title", title), ("words", words), ("phrase", phrase)):
        if value is not None:
            meta[key] = value
    return field(default=default, metadata=meta)


_PROFILE_TYPES: dict[str, type[Profile]] = {}


def register_profile(game: str) -> Callable[[type[P]], type[P]]:
    """Class decorator: the profile dataclass of ``game``."""

    def deco(cls: type[P]) -> type[P]:
        cls.game = game
        _PROFILE_TYPES[game] = cls
        return cls

    return deco


def profile_type(game: str, source: str = "profile") -> type[Profile]:
    """The profile class of a game, importing the game's module on demand."""
    if game not in _PROFILE_TYPES:
        from . import game as registry

        with contextlib.suppress(registry.UnknownGame):
            importlib.import_module(registry.module_name(game))
    if game not in _PROFILE_TYPES:
        allowed = ", ".join(sorted(_known_games()))
        raise ProfileError(source, "game", f"unknown game {game!r}; allowed: {allowed}")
    return _PROFILE_TYPES[game]


def _known_games() -> set[str]:
    from . import game as registry

    return set(registry.rule_modules())


def shipped_profiles() -> tuple[str, ...]:
    """The names of the profiles shipped in ``conf/``.

    >>> "punto-banco" in shipped_profiles()
    True
    """
    root = _conf_root()
    return tuple(sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml")))


def _conf_root() -> Traversable:
    """The shipped ``conf/`` folder: inside the wheel, or beside the source tree."""
    try:
        return importlib.resources.files("cardrules.conf")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "conf"


#: The largest profile or lesson spec read, in bytes (1 MB); a larger file is refused
#: before it is parsed.
MAX_FILE_BYTES = 1_000_000

#: The deepest nesting of lists and tables in a profile or lesson spec (the file's own top
#: level not counted), and the longest chain of profiles extending one another.
MAX_DEPTH = 32


def _is_path(name_or_path: str | Path) -> bool:
    text = str(name_or_path)
    return isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text


def load_rules(name_or_path: str | Path, *, folders: Sequence[str | Path] | None = None
               ) -> Profile:
    """Load a profile by shipped name (``"punto-banco"``) or by path to a TOML file.

    A file's ``extends`` names a shipped profile, or a path relative to that file's own
    folder.  ``folders`` are where profile files may be read from: a path given here, and
    every file ``extends`` reaches, must lie in one of them (after following symbolic
    links), else it is refused with one message whether or not the file exists.  Without
    ``folders``, the file given is read, and ``extends`` stays within its folder.

    A file is at most :data:`MAX_FILE_BYTES` (1 MB), nests lists and tables at most
    :data:`MAX_DEPTH` (32) deep, and at most 32 profiles extend one another.

    >>> load_rules("pontoon-stick-16").min_stick
    16
    >>> load_rules("/etc/passwd", folders=["examples"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: /etc/passwd: not allowed here: a profile is a shipped one or a .toml file in examples
    """
    if not _is_path(name_or_path):
        return _shipped_profile(str(name_or_path), tuple(_PROFILE_TYPES.values()))
    given = str(name_or_path)
    path = Path(name_or_path)
    if folders is None:
        roots: tuple[Path, ...] = (path.parent.resolve(),)
    else:
        roots = tuple(Path(f).resolve() for f in folders)
        if not _inside(path.resolve(), roots):
            raise ProfileError(given, None, _not_allowed(roots))
    data = _file_data(path, given)
    return _from_data(data, _Origin(given, path.parent, roots), ((given, path.resolve()),))


@functools.cache
def _shipped_profile(name: str, classes: tuple[type[Profile], ...]) -> Profile:
    """A shipped profile, read once: the shipped files do not change while a program runs,
    and a profile is frozen.  ``classes``, the profile classes registered now, is part of the
    key, so that a game registered again (a second engine loaded beside this one) gets
    profiles of its own class."""
    data = _shipped_data(name, name, None)
    return _from_data(data, _Origin(f"conf/{name}.toml", None, ()), ((name, name),))


def rules_from_text(text: str, source: str = "<profile text>") -> Profile:
    """A profile from TOML text (a quiz carries its house rules this way); ``extends`` may
    name a shipped profile only, as the text has no folder.  The limits of a file hold.

    >>> rules_from_text('extends = "pontoon"\\nmin_stick = 16').min_stick
    16
    >>> rules_from_text('game = "pontoon"\\nmin_stick = 99', "quiz")
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: quiz: min_stick: must be one of 15, 16; got 99
    """
    if len(text) > MAX_FILE_BYTES:
        raise ProfileError(source, None, _too_large(len(text.encode("utf-8"))))
    return _text_profile(text, source, tuple(_PROFILE_TYPES.values()))


@functools.lru_cache(maxsize=256)
def _text_profile(text: str, source: str, classes: tuple[type[Profile], ...]) -> Profile:
    """A profile from TOML text, read once for each text (a page's questions share theirs);
    ``classes`` as for :func:`_shipped_profile`."""
    data = _toml(text, source)
    base = data.get("extends")
    if isinstance(base, str) and _is_path(base):
        raise ProfileError(source, "extends", "must name a shipped profile here, not a file")
    return _from_data(data, _Origin(source, None, ()), ((source, source),))


@dataclass(frozen=True)
class _Origin:
    """Where a profile's data comes from: its name in messages, the folder its ``extends``
    is read relative to (None: shipped profiles only) and the folders files may come from."""

    source: str
    folder: Path | None
    roots: tuple[Path, ...]


def _inside(path: Path, roots: Sequence[Path]) -> bool:
    return any(path.is_relative_to(r) for r in roots)


def _shown_folder(folder: Path) -> str:
    """A folder in a message: relative to the current folder when it is below it."""
    rel = os.path.relpath(folder)
    return folder.as_posix() if rel == "." or rel.startswith("..") else Path(rel).as_posix()


def _not_allowed(roots: Sequence[Path]) -> str:
    """The one refusal of a profile file outside the allowed folders: it says nothing of
    whether the file exists."""
    if not roots:
        return "not allowed here: a profile is a shipped one (no folder of profiles is set)"
    where = ", ".join(_shown_folder(r) for r in roots)
    return f"not allowed here: a profile is a shipped one or a .toml file in {where}"


def _too_large(size: int) -> str:
    return (f"is too large ({size:,} bytes); a profile or lesson spec may be at most "
            f"{MAX_FILE_BYTES:,} bytes (1 MB)")


def read_limited(path: Path) -> tuple[bytes | None, str]:
    """The bytes of a teacher's file, or None and a sentence saying why not: it is not a
    regular file, or it is larger than :data:`MAX_FILE_BYTES` (refused before it is read).
    Profiles and lesson specs share this reading.

    >>> read_limited(Path("/dev/zero"))
    (None, 'is not a regular file')
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        return None, f"cannot be read ({e.strerror or e})"
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            return None, "is a folder, not a file"
        if not stat.S_ISREG(st.st_mode):
            return None, "is not a regular file"
        if st.st_size > MAX_FILE_BYTES:
            return None, _too_large(st.st_size)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as e:
        return None, f"cannot be read ({e.strerror or e})"
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        return None, _too_large(len(data))
    return data, ""


def _file_data(path: Path, source: str) -> dict[str, Any]:
    if not path.exists():
        raise ProfileError(source, None, "no such profile file")
    data, problem = read_limited(path)
    if data is None:
        raise ProfileError(source, None, problem)
    return _toml(_decode(data, source), source)


def _shipped_data(name: str, source: str, key: str | None) -> dict[str, Any]:
    """A shipped profile's data; a name that is not shipped is reported at ``source`` and
    ``key`` (the teacher's file and ``extends``, or the name as given)."""
    if name not in shipped_profiles():
        allowed = ", ".join(shipped_profiles())
        raise ProfileError(source, key, f"no shipped profile {name!r}; shipped: {allowed}")
    res = _conf_root() / f"{name}.toml"
    return _toml(_decode(res.read_bytes(), f"conf/{name}.toml"), f"conf/{name}.toml")


def toml_data(text: str) -> tuple[dict[str, Any] | None, str | None, str]:
    """TOML text as data, within :data:`MAX_DEPTH`; or None, the key where it goes wrong
    (None when unknown) and a sentence.  Profiles and lesson specs share this reading.

    >>> toml_data("a = [[[1]]]")
    ({'a': [[[1]]]}, None, '')
    >>> toml_data("a = " + "[" * 40 + "]" * 40)[1:]
    ('a', 'nests lists and tables more than 32 deep; at most 32 levels are allowed')
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        return None, None, f"not valid TOML: {e}"
    except RecursionError:
        return None, None, _too_deep()
    key = too_deep(data)
    if key is not None:
        return None, key, _too_deep()
    return data, None, ""


def _too_deep() -> str:
    return f"nests lists and tables more than {MAX_DEPTH} deep; at most {MAX_DEPTH} levels are allowed"


def too_deep(data: Mapping[str, Any], limit: int = MAX_DEPTH) -> str | None:
    """The top-level key under which ``data`` nests lists and tables deeper than
    ``limit``, or None.  Iterative, so that any depth is measured safely.

    >>> too_deep({"a": 1, "b": {"c": [[]]}}, limit=2)
    'b'
    """
    for key, value in data.items():
        stack: list[tuple[Any, int]] = [(value, 1)]
        while stack:
            item, depth = stack.pop()
            if isinstance(item, (list, tuple, dict)):
                if depth > limit:
                    return str(key)
                children = item.values() if isinstance(item, dict) else item
                stack.extend((child, depth + 1) for child in children)
    return None


def _toml(text: str, source: str) -> dict[str, Any]:
    data, key, problem = toml_data(text)
    if data is None:
        raise ProfileError(source, key, problem)
    return data


def utf8_text(data: bytes) -> tuple[str | None, str]:
    """A teacher's file as text: UTF-8, with or without a byte-order mark.  Returns the text
    and ``""``, or None and a sentence saying what is wrong (profiles and lesson specs share
    this reading).

    >>> utf8_text(b"\\xef\\xbb\\xbfname = 'x'")
    ("name = 'x'", '')
    >>> utf8_text("name = 'x'".encode("utf-16"))
    (None, 'is not UTF-8 text (it looks like UTF-16); save it as UTF-8')
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, "is not UTF-8 text (it looks like UTF-16); save it as UTF-8"
    try:
        return data.decode("utf-8-sig"), ""
    except UnicodeDecodeError as e:
        return None, f"is not UTF-8 text (byte {e.start + 1} cannot be read); save it as UTF-8"


def _decode(data: bytes, source: str) -> str:
    """A profile's text, or a one-line :class:`ProfileError` that names the file.

    >>> _decode("name = 'x'".encode("utf-16"), "a.toml")
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: a.toml: is not UTF-8 text (it looks like UTF-16); save it as UTF-8
    """
    text, problem = utf8_text(data)
    if text is None:
        raise ProfileError(source, None, problem)
    return text


def _from_data(data: dict[str, Any], origin: _Origin,
               chain: tuple[tuple[str, str | Path], ...]) -> Profile:
    """A profile from its data; ``chain`` holds each profile of the ``extends`` chain so far,
    as written and as found (a shipped name, or a file's resolved path), to detect a loop
    however the same file is spelled."""
    source = origin.source
    data = dict(data)
    base_name = data.pop("extends", None)
    if base_name is not None:
        if not isinstance(base_name, str) or not base_name.strip():
            raise ProfileError(source, "extends", "must be the name of a shipped profile or "
                               f"the path of a .toml file, in quotes; got {shown(base_name)}")
        if len(chain) >= MAX_DEPTH:
            raise ProfileError(source, "extends", f"more than {MAX_DEPTH} profiles extend one "
                               f"another; at most {MAX_DEPTH} are allowed")
        found: str | Path
        if _is_path(base_name):
            if origin.folder is None:
                raise ProfileError(source, "extends", "must name a shipped profile here, not "
                                   "a file")
            here = origin.folder
            path = here / base_name
            found = path.resolve()
            if not _inside(found, origin.roots):
                raise ProfileError(source, "extends", f"{shown(base_name)} is "
                                   + _not_allowed(origin.roots))
            base_source = os.path.normpath(path)
        else:
            found = base_name
            base_source = f"conf/{base_name}.toml"
        if found in [k for _w, k in chain]:
            names = [w for w, _k in chain] + [base_name]
            loop = names[0] + "".join(f"{' extends ' if i == 1 else ', which extends '}{n}"
                                      for i, n in enumerate(names[1:], 1))
            raise ProfileError(source, "extends", f"the profiles extend each other in a loop: "
                               f"{loop}")
        if isinstance(found, Path):
            if not found.exists():
                raise ProfileError(source, "extends", f"no such profile file {shown(base_name)} "
                                   f"(a path is read relative to this file's folder, "
                                   f"{_shown_folder(here.resolve())})")
            base_data = _file_data(found, base_source)
            base_origin = _Origin(base_source, path.parent, origin.roots)
        else:
            base_data = _shipped_data(base_name, source, "extends")
            base_origin = _Origin(base_source, None, ())
        base = _from_data(base_data, base_origin, (*chain, (base_name, found)))
        if "game" in data and data["game"] != base.game:
            raise ProfileError(source, "game", f"must be {shown(base.game)}, the game of "
                               f"{shown(base_name)}; got {shown(data['game'])}")
        merged = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)} | data
        return _about(_build(type(base), merged, source), data, base)
    game = data.pop("game", None)
    if not isinstance(game, str):
        allowed = ", ".join(sorted(_known_games()))
        if game is not None:
            raise ProfileError(source, "game", f"must be the name of a game in quotes, one of: "
                               f"{allowed}; got {shown(game)}")
        raise ProfileError(source, "game", f"is missing; name the game, one of: {allowed}")
    return _about(_build(profile_type(game, source), data, source), data, None)


def _about(profile: P, own: Mapping[str, Any], base: Profile | None) -> P:
    """``profile`` with a name and a description made from its changes where it sets none
    itself (``own``: what its file or ``replace`` sets) and either extends nothing or
    changes an option of ``base``: a parent's words never describe other rules."""
    from .changes import made_description, made_name

    if {"name", "description"} <= own.keys():
        return profile
    if base is not None and all(getattr(profile, f.name) == getattr(base, f.name)
                                for f in dataclasses.fields(profile)
                                if f.name not in ("name", "description")):
        return profile
    made: dict[str, str] = {}
    if "name" not in own:
        made["name"] = made_name(profile)
    if "description" not in own:
        made["description"] = made_description(profile)
    return dataclasses.replace(profile, **made)


def _type_name(tp: Any) -> str:
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    if tp in names:
        return names[tp]
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return " or ".join("nothing" if a is type(None) else _type_name(a)
                           for a in typing.get_args(tp))
    return getattr(tp, "__name__", str(tp))


def _check(value: Any, tp: Any) -> bool:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_check(value, a) for a in typing.get_args(tp))
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    if origin is tuple:
        args = typing.get_args(tp)
        return isinstance(value, (list, tuple)) and all(_check(v, args[0]) for v in value)
    return isinstance(value, tp)


def _build(cls: type[P], data: Mapping[str, Any], source: str) -> P:
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for key in data:
        if key not in fields:
            allowed = ", ".join(["game", "extends", *fields])
            raise ProfileError(source, key, f"unknown key for {cls.game!r}; allowed keys: {allowed}")
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        f = fields[key]
        tp = hints[key]
        meta = f.metadata
        if not _check(value, tp):
            raise ProfileError(
                source, key, f"must be {_type_name(tp)} ({meta.get('help', '')}); "
                f"got {shown(value)}"
            )
        if typing.get_origin(tp) is tuple:
            value = tuple(value)
        if "choices" in meta and value not in meta["choices"]:
            allowed = ", ".join(_choice(c) for c in meta["choices"])
            raise ProfileError(source, key, f"must be one of {allowed}; got {shown(value)}")
        low, high = meta.get("low"), meta.get("high")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ProfileError(source, key, f"must be between {low} and {high}; "
                               f"got {shown(value)}")
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as e:
        raise ProfileError(source, None, str(e)) from None


def describe_options(cls: type[Profile]) -> list[tuple[str, Any, str]]:
    """Each option of a profile class: its name, default and help text.

    >>> describe_options(type(load_rules("banco")))[2][0]
    'decks'
    """
    return [(f.name, f.default, f.metadata.get("help", "")) for f in dataclasses.fields(cls)]


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game's profile, as a teacher needs it: its name, the kind of value,
    the values allowed, the shipped default and what it means."""

    name: str
    kind: str
    allowed: str
    default: Any
    help: str


def options(cls: type[Profile]) -> tuple[OptionInfo, ...]:
    """Every option of a profile class, with the values it allows.

    >>> from cardrules.profiles import options, profile_type
    >>> decks = next(o for o in options(profile_type("banco")) if o.name == "decks")
    >>> decks.kind, decks.allowed, decks.default
    ('a whole number', 'one of 1, 6, 8', 8)
    """
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        tp = hints[f.name]
        meta = f.metadata
        kind = _type_name(tp)
        if typing.get_origin(tp) is tuple:
            kind = f"a list of {_type_name(typing.get_args(tp)[0])}"
        if "choices" in meta:
            allowed = "one of " + ", ".join(toml_value(c) for c in meta["choices"])
        elif meta.get("low") is not None and meta.get("high") is not None:
            allowed = f"from {meta['low']} to {meta['high']}"
        elif meta.get("low") is not None:
            allowed = f"{meta['low']} or more"
        elif meta.get("high") is not None:
            allowed = f"at most {meta['high']}"
        else:
            allowed = kind
        out.append(OptionInfo(f.name, kind, allowed, f.default, str(meta.get("help", ""))))
    return tuple(out)


def toml_value(value: Any, *, for_html: bool = False) -> str:
    """An option's value as it is written in a TOML file (``true``, ``"pairs"``, ``8``).

    With ``for_html``, ``<``, ``>`` and ``&`` in text are written as ``\\u`` escapes, so the
    TOML can travel inside a page or a URL and a teacher's ``<img ...>`` stays text.

    >>> toml_value(True), toml_value("3:2"), toml_value(8), toml_value((1, 2))
    ('true', '"3:2"', '8', '[1, 2]')
    >>> print(toml_value("<b>", for_html=True))
    "\\u003cb\\u003e"
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
        if for_html:
            text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        return text
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(toml_value(v, for_html=for_html) for v in value) + "]"
    raise TypeError(f"a profile option cannot be written as TOML: {value!r}")


def _choice(value: Any) -> str:
    """An allowed value in a message: true/false as TOML writes them, the rest as is."""
    return toml_value(value) if isinstance(value, bool) else str(value)


#: the longest value a message shows; a longer one is cut, with "..."
SHOWN_LENGTH = 60


def shown(value: Any, limit: int = SHOWN_LENGTH) -> str:
    """A value as the teacher wrote it in a TOML or YAML file, for a message: ``true``,
    ``1979-05-27``, ``"x"``, ``[1, 2]``, ``{a = 1}``; never a Python repr.  Long values are
    cut to about ``limit`` characters, and the value is read only as far as that.

    >>> import datetime
    >>> shown(True), shown(datetime.date(1979, 5, 27)), shown("x"), shown(None)
    ('true', '1979-05-27', '"x"', 'null')
    >>> shown({"a": [1, 2.5, "b"]}), shown(("loop-a.toml", "loop-b.toml"))
    ('{a = [1, 2.5, "b"]}', '["loop-a.toml", "loop-b.toml"]')
    >>> shown(list(range(100)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, ...'
    """
    out: list[str] = []
    size = 0
    walk_done: bool | None = None

    def put(text: str) -> bool:
        nonlocal size
        out.append(text)
        size += len(text)
        return size <= limit

    def walk(v: Any, depth: int) -> bool:
        if isinstance(v, (dict, list, tuple)) and depth > 8:
            return put("...")
        if isinstance(v, dict):
            if not put("{"):
                return False
            for i, (k, item) in enumerate(v.items()):
                key = str(k) if re.fullmatch(r"[A-Za-z0-9_-]+", str(k)) else _quoted(str(k))
                if not put((", " if i else "") + key + " = ") or not walk(item, depth + 1):
                    return False
            return put("}")
        if isinstance(v, (list, tuple)):
            if not put("["):
                return False
            for i, item in enumerate(v):
                if (i and not put(", ")) or not walk(item, depth + 1):
                    return False
            return put("]")
        return put(_scalar(v))

    walk_done = walk(value, 0)
    text = "".join(out)
    if walk_done is False or size > limit:
        text = text[:limit]
        cut = text.rfind(", ")
        return text[:cut] + ", ..." if cut > limit // 2 else text + "..."
    return text


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, (bool, int, float)):
        return toml_value(value)
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, datetime.datetime):
        text = value.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, bytes):
        return f"({len(value)} bytes of binary data)"
    return _quoted(str(value))
