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
import importlib
import importlib.resources
import json
import math
import tomllib
import types
import typing
from collections.abc import Callable, Mapping
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
        """A copy with some options changed, validated like a file.

        >>> load_rules("punto-banco").replace(decks=6).decks
        6
        """
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)} | changes
        return _build(type(self), data, f"{type(self).__name__}.replace()")


P = TypeVar("P", bound=Profile)


def option(
    default: Any,
    help: str,
    *,
    choices: tuple[Any, ...] | None = None,
    low: int | float | None = None,
    high: int | float | None = None,
) -> Any:
    """Declare one profile option with its help text and allowed values."""
    meta: dict[str, Any] = {"help": help}
    if choices is not None:
        meta["choices"] = choices
    if low is not None:
        meta["low"] = low
    if high is not None:
        meta["high"] = high
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


def load_rules(name_or_path: str | Path) -> Profile:
    """Load a profile by shipped name (``"punto-banco"``) or by path to a TOML file.

    A file's ``extends`` names a shipped profile, or a path relative to that file's folder.

    >>> load_rules("pontoon-stick-16").min_stick
    16
    """
    data, source = _read(name_or_path)
    return _from_data(data, source, seen=(source,))


def rules_from_text(text: str, source: str = "<profile text>") -> Profile:
    """A profile from TOML text (a quiz carries its house rules this way); ``extends`` may
    name a shipped profile only, as the text has no folder.

    >>> rules_from_text('extends = "pontoon"\\nmin_stick = 16').min_stick
    16
    >>> rules_from_text('game = "pontoon"\\nmin_stick = 99', "quiz")
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: quiz: min_stick: must be one of 15, 16; got 99
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ProfileError(source, None, f"not valid TOML: {e}") from None
    base = data.get("extends")
    if isinstance(base, str) and (base.endswith(".toml") or "/" in base):
        raise ProfileError(source, "extends", "must name a shipped profile here, not a file")
    return _from_data(data, source, seen=(source,))


def _read(name_or_path: str | Path, relative_to: Path | None = None
          ) -> tuple[dict[str, Any], str]:
    """The TOML data of a profile and the name of its source.  A path is read relative to
    ``relative_to`` (the folder of the file that names it in ``extends``), if given."""
    text: str
    if isinstance(name_or_path, Path) or str(name_or_path).endswith(".toml") or "/" in str(
        name_or_path
    ):
        path = Path(name_or_path)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        source = str(path)
        if not path.is_file():
            raise ProfileError(source, None, "no such profile file")
        text = _decode(path.read_bytes(), source)
    else:
        name = str(name_or_path)
        res = _conf_root() / f"{name}.toml"
        source = f"conf/{name}.toml"
        if not res.is_file():
            allowed = ", ".join(shipped_profiles())
            raise ProfileError(source, None, f"no shipped profile {name!r}; shipped: {allowed}")
        text = _decode(res.read_bytes(), source)
    try:
        return tomllib.loads(text), source
    except tomllib.TOMLDecodeError as e:
        raise ProfileError(source, None, f"not valid TOML: {e}") from None


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


def _from_data(data: dict[str, Any], source: str, seen: tuple[str, ...]) -> Profile:
    data = dict(data)
    base_name = data.pop("extends", None)
    if base_name is not None:
        if not isinstance(base_name, str):
            raise ProfileError(source, "extends", "must be the name or path of another profile")
        here = Path(source).parent if not source.startswith("conf/") else None
        base_data, base_source = _read(base_name, relative_to=here)
        if base_source in seen:
            raise ProfileError(source, "extends", f"profiles extend each other in a loop: {seen}")
        base = _from_data(base_data, base_source, (*seen, base_source))
        if "game" in data and data["game"] != base.game:
            raise ProfileError(source, "game", f"must be {base.game!r}, the game of {base_name!r}")
        merged = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)} | data
        return _build(type(base), merged, source)
    game = data.pop("game", None)
    if not isinstance(game, str):
        allowed = ", ".join(sorted(_known_games()))
        raise ProfileError(source, "game", f"is missing; name the game, one of: {allowed}")
    return _build(profile_type(game, source), data, source)


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
                source, key, f"must be {_type_name(tp)} ({meta.get('help', '')}); got {value!r}"
            )
        if typing.get_origin(tp) is tuple:
            value = tuple(value)
        if "choices" in meta and value not in meta["choices"]:
            allowed = ", ".join(str(c) for c in meta["choices"])
            raise ProfileError(source, key, f"must be one of {allowed}; got {value!r}")
        low, high = meta.get("low"), meta.get("high")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ProfileError(source, key, f"must be between {low} and {high}; got {value!r}")
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
