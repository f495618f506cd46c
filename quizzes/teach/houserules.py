"""House rules shown and compared: the shipped profiles, every option of a profile, its exact
odds, and how each option moves the odds.

The ``cardrules profile ...`` commands (:mod:`quizzes.teach.cli`) print what this module computes,
and the book's chapter "For teachers" shows the same tables, so both say the same thing.

>>> [e.name for e in shipped("banco")]
['banco', 'punto-banco']
>>> row = next(r for r in option_rows(load("pontoon-stick-16")) if r.name == "min_stick")
>>> row.value, row.default, row.allowed, row.changed
('16', '15', 'one of 15, 16', True)
>>> print(odds_text(load("punto-banco"))[1])
  Banker: wins 45.8597% of coups; house edge of the bet 1.058%
>>> shipped("bridge")
Traceback (most recent call last):
...
quizzes.teach.houserules.UnknownGameName: there is no game 'bridge'; the games are banco, pontoon, casino-pontoon, casino, palace, poker
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from cardrules import game as registry
from cardrules.errors import CardrulesError, ProfileError
from cardrules.profiles import (
    OptionInfo,
    Profile,
    load_rules,
    options,
    profile_type,
    read_limited,
    shipped_profiles,
    toml_data,
    toml_value,
    utf8_text,
)

__all__ = [
    "Comparison",
    "OptionRow",
    "ProfileEntry",
    "UnknownGameName",
    "check",
    "check_game",
    "comparison",
    "exact_games",
    "load",
    "odds_text",
    "option_rows",
    "shipped",
]

# Fields every profile has that name and describe it rather than set a rule.
_ABOUT = ("name", "description")


class UnknownGameName(CardrulesError, KeyError):
    """A game name that neither the games nor ``poker`` answer to.

    >>> str(UnknownGameName("bridge")).split(";")[0]
    "there is no game 'bridge'"
    """

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"there is no game {self.name!r}; the games are {', '.join(registry.rule_modules())}"


def check_game(name: str) -> str:
    """``name`` if it names a game with rules (or ``poker``), else :class:`UnknownGameName`.

    >>> check_game("casino-pontoon")
    'casino-pontoon'
    """
    if name not in registry.rule_modules():
        raise UnknownGameName(name)
    return name


# -- the shipped profiles ------------------------------------------------------------------------
@dataclass(frozen=True)
class ProfileEntry:
    """A shipped profile in one line: its name (for ``load_rules``), game and description."""

    name: str
    game: str
    description: str


def shipped(game: str | None = None) -> list[ProfileEntry]:
    """The shipped profiles, of one game or of all, by name.

    >>> [e.name for e in shipped("casino-pontoon")]
    ['casino-pontoon', 'casino-pontoon-online', 'casino-pontoon-s17']
    """
    if game is not None:
        check_game(game)
    out = []
    for name in shipped_profiles():
        p = load_rules(name)
        if game in (None, p.game):
            out.append(ProfileEntry(name, p.game, " ".join(p.description.split())))
    return out


def load(name_or_path: str | Path) -> Profile:
    """A profile by shipped name or by the path of a file (an existing file wins over a name).

    The file named is read; its ``extends`` may reach its own folder, the project's
    ``examples/`` and the configured folders (:mod:`quizzes.teach.folders`), no further.

    >>> load("pontoon").game
    'pontoon'
    """
    from quizzes.teach.folders import profile_folders

    if isinstance(name_or_path, str) and Path(name_or_path).is_file():
        name_or_path = Path(name_or_path)
    if isinstance(name_or_path, Path) or name_or_path.endswith(".toml") or "/" in name_or_path:
        path = Path(name_or_path)
        # the file named is the teacher's choice, wherever a link to it leads
        return load_rules(path, folders=profile_folders(extra=[path.parent,
                                                               path.resolve().parent]))
    return load_rules(name_or_path)


def check(path: str | Path) -> str:
    """Validate a teacher's profile file: a one-line summary, or the :class:`ProfileError`
    that names the file and the key.

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "ours.toml"
    >>> _ = f.write_text('extends = "pontoon"\\nname = "Ours"\\nmin_stick = 16\\n')
    >>> check(f).split(": ", 1)[1]
    'OK, a pontoon profile (Ours); differs from the defaults in min_stick = 16'
    >>> _ = f.write_text('extends = "pontoon"\\nmin_stick = 17\\n')
    >>> check(f).split(": ", 1)[1]
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: .../ours.toml: min_stick: must be one of 15, 16; got 17
    """
    path = Path(path)
    if path.is_dir():
        raise ProfileError(str(path), None, "is a folder; name a .toml house-rules file")
    if _looks_like_a_lesson(path):
        raise ProfileError(str(path), None, "is a lesson spec (it has a title), not a house-rules "
                           "file; check it with `cardrules lesson build`")
    profile = load(path)
    changed = [f"{r.name} = {r.value}" for r in option_rows(profile) if r.changed]
    about = f" ({profile.name})" if profile.name else ""
    differs = ("; differs from the defaults in " + ", ".join(changed) if changed
               else "; every option as the defaults")
    return f"{path}: OK, a {profile.game} profile{about}{differs}"


def _looks_like_a_lesson(path: Path) -> bool:
    """Whether a file reads as a lesson spec: a title and no game of its own."""
    raw, _problem = read_limited(path)  # at most 1 MB, a regular file only
    text, _problem = utf8_text(raw or b"")
    data = toml_data(text or "")[0] if raw is not None else None
    if data is None:
        return False  # load_rules says what is wrong, naming the file
    return "title" in data and not {"game", "extends"} & data.keys()


# -- every option of a profile -------------------------------------------------------------------
@dataclass(frozen=True)
class OptionRow:
    """One option of a profile as a teacher reads it; values as written in a TOML file."""

    name: str
    value: str
    default: str
    allowed: str
    meaning: str
    changed: bool


def option_rows(profile: Profile) -> list[OptionRow]:
    """Every house-rule option of a profile: its value here, the default (the value when a
    file with ``game = ...`` leaves it out), the values allowed and what it means.

    >>> [r.name for r in option_rows(load("punto-banco"))]
    ['decks', 'tie_pays', 'commission_percent', 'table', 'min_bet', 'max_bet']
    """
    rows = []
    for info in options(profile_type(profile.game)):
        if info.name in _ABOUT:
            continue
        value = getattr(profile, info.name)
        rows.append(OptionRow(info.name, toml_text(value), toml_text(info.default),
                              info.allowed, info.help, value != info.default))
    return rows


def option_info(game: str) -> list[OptionInfo]:
    """The house-rule options of a game (name and description left out).

    >>> [o.name for o in option_info("palace")][:2]
    ['stakes', 'small_bet']
    """
    return [o for o in options(profile_type(check_game(game))) if o.name not in _ABOUT]


def toml_text(value: Any) -> str:
    """A value as a teacher writes it in a TOML file (:func:`cardrules.profiles.toml_value`).

    >>> toml_text(True), toml_text("3:2"), toml_text(8), toml_text((1, 2))
    ('true', '"3:2"', '8', '[1, 2]')
    """
    return toml_value(value)


# -- the exact odds of a profile -----------------------------------------------------------------
def exact_games() -> tuple[str, ...]:
    """The games whose odds the engine works out exactly: those that declare exact odds or
    an exact strategy (:class:`cardrules.game.Capabilities`).

    >>> exact_games()
    ('banco', 'casino-pontoon')
    """
    return tuple(g.name for g in registry.games()
                 if g.capabilities.exact_odds or g.capabilities.exact_strategy)


def _pct(x: Fraction | float, places: int = 3) -> str:
    return f"{float(x) * 100:.{places}f}%"


def _banco_text(rules: Profile, shoe: bool) -> list[str]:
    profile: Any = rules  # a BancoRules (the engine's class, untyped here)
    odds = registry.module("banco").exact_odds(profile.decks, profile.tie_pays,
                                               profile.commission_percent)
    head = (f"Exact odds, {profile.decks} deck{'s' if profile.decks > 1 else ''} (every coup the "
            "shoe can deal, weighted by its chance):")
    social = getattr(profile, "table", "casino") == "social"
    lines = [head]
    for side, p, edge in (("Banker", odds.banker, odds.banker_edge),
                          ("Player", odds.player, odds.player_edge),
                          ("Tie", odds.tie, odds.tie_edge)):
        line = f"  {side}: wins {float(p) * 100:.4f}% of coups"
        if not social:
            line += f"; house edge of the bet {_pct(edge)}"
        lines.append(line)
    if social:
        lines.append("  (the social table: the players hold the bank in turn and a tie is dealt "
                     "again, so there is no casino house edge)")
    else:
        lines.append(f"  (Banker pays {profile.commission_percent}% commission; Tie pays "
                     f"{profile.tie_pays} to 1)")
    return lines


def _pontoon_edge(rules: Profile, shoe: bool) -> list[str]:
    profile: Any = rules  # a CasinoPontoonRules
    st = _strategy()
    lines = ["House edge with the best strategy, per initial stake (insurance never taken):",
             f"  {_pct(st.analyse_infinite(profile).house_edge)} in the infinite-deck model"]
    if shoe:
        a = st.analyse_shoe(profile)
        lines.append(f"  {_pct(a.house_edge)} in the exact {profile.decks}-deck shoe "
                     f"(composition dependent, {a.seconds:.0f} s)")
    else:
        lines.append(f"  (--shoe adds the exact {profile.decks}-deck figure; it takes some "
                     "seconds)")
    return lines


def _strategy() -> Any:
    import importlib

    return importlib.import_module(registry.module_name("casino-pontoon") + ".strategy")




def odds_text(profile: Profile, shoe: bool = False) -> list[str]:
    """The exact odds or house edge of a profile, in lines, or ``[]`` for a game without an
    exact analysis.  ``shoe`` adds Casino Pontoon's (slower) finite-shoe figure.

    >>> odds_text(load("casino-pontoon"))[1]
    '  3.541% in the infinite-deck model'
    >>> odds_text(load("pontoon"))
    []
    """
    if profile.game not in exact_games():
        return []
    caps = registry.get(profile.game).capabilities
    # exact odds are those of the bets (Punto Banco); an exact strategy gives the house edge
    # of the best play (Casino Pontoon)
    return _banco_text(profile, shoe) if caps.exact_odds else _pontoon_edge(profile, shoe)


# -- how each option moves the odds --------------------------------------------------------------
@dataclass(frozen=True)
class Comparison:
    """How each house-rule option moves a game's odds, from its shipped profile.

    ``rows`` are the table as text; ``figures`` the exact numbers behind each row (the house
    edge of each bet, or the one house edge), in the same order.
    """

    game: str
    base: str
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    figures: tuple[tuple[Fraction | float, ...], ...]
    changes: tuple[dict[str, Any], ...]


def _banco_comparison(base_name: str, shoe_decks: Sequence[int]) -> Comparison:
    banco = registry.module("banco")
    base: Any = load_rules(base_name)
    variants: list[tuple[str, str, dict[str, Any]]] = [("as shipped", "", {})]
    for decks in (6, 1):
        variants.append(("decks", str(decks), {"decks": decks}))
    variants.append(("tie_pays", "9", {"tie_pays": 9}))
    for c in (4, 0):
        variants.append(("commission_percent", str(c), {"commission_percent": c}))
    rows, figures, changes = [], [], []
    for option, value, change in variants:
        p: Any = base.replace(**change)
        o = banco.exact_odds(p.decks, p.tie_pays, p.commission_percent)
        figs = (o.banker_edge, o.player_edge, o.tie_edge)
        label = option if change else f"as shipped ({base_name})"
        rows.append((label, value or _banco_rules(p), *(_pct(f) for f in figs)))
        figures.append(figs)
        changes.append(change)
    return Comparison(
        "banco", base_name,
        f"Punto Banco: the house edge of each bet, exact (every coup the shoe can deal). "
        f"Each row changes one option of {base_name}.",
        ("Option", "Value", "Banker bet", "Player bet", "Tie bet"),
        tuple(rows), tuple(figures), tuple(changes))


def _banco_rules(p: Any) -> str:
    return f"{p.decks} decks, {p.commission_percent}% commission, tie pays {p.tie_pays} to 1"


def _pontoon_variants(base: Any) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for info in option_info("casino-pontoon"):
        if info.name in ("decks", "min_bet", "max_bet"):
            continue
        now = getattr(base, info.name)
        if isinstance(now, bool):
            out.append((info.name, not now))
        elif info.name == "max_hands":
            out += [(info.name, n) for n in (1, 2, 3, 4) if n != now]
        else:
            choices = [c.strip().strip('"') for c in info.allowed.removeprefix("one of ")
                       .split(",")]
            out += [(info.name, c) for c in choices if c != now]
    return out


def _pontoon_comparison(base_name: str, shoe_decks: Sequence[int]) -> Comparison:
    st = _strategy()
    base: Any = load_rules(base_name)
    edge0 = st.analyse_infinite(base).house_edge
    rows: list[tuple[str, ...]] = []
    figures: list[tuple[Fraction | float, ...]] = []
    changes: list[dict[str, Any]] = []

    def add(label: str, value: str, edge: float, model: str, change: dict[str, Any]) -> None:
        delta = (edge - edge0) * 100
        rows.append((label, value, _pct(edge), "" if not change else f"{delta:+.3f}", model))
        figures.append((edge,))
        changes.append(change)

    add(f"as shipped ({base_name})", "", edge0, "infinite deck", {})
    for name, value in _pontoon_variants(base):
        edge = st.analyse_infinite(base.replace(**{name: value})).house_edge
        add(name, toml_text(value), edge, "infinite deck", {name: value})
    for decks in shoe_decks:
        edge = st.analyse_shoe(base.replace(decks=decks)).house_edge
        add("decks", str(decks), edge, f"exact {decks}-deck shoe", {"decks": decks})
    return Comparison(
        "casino-pontoon", base_name,
        "Casino Pontoon: the house edge with the best strategy, per initial stake. Each row "
        f"changes one option of {base_name}; the change is in percentage points. The infinite-"
        "deck model leaves the number of decks out; the decks rows use the exact finite shoe.",
        ("Option", "Value", "House edge", "Change", "Model"),
        tuple(rows), tuple(figures), tuple(changes))


_COMPARE: dict[str, tuple[str, Callable[[str, Sequence[int]], Comparison]]] = {
    "banco": ("punto-banco", _banco_comparison),
    "casino-pontoon": ("casino-pontoon", _pontoon_comparison),
}


def comparison(game: str, shoe_decks: Sequence[int] = ()) -> Comparison:
    """How each house-rule option of ``game`` moves its odds, computed by the engine.

    Casino Pontoon's rows use the fast infinite-deck analysis; ``shoe_decks`` adds rows for
    the exact finite shoe of those numbers of decks (some seconds each).

    >>> c = comparison("banco")
    >>> c.header
    ('Option', 'Value', 'Banker bet', 'Player bet', 'Tie bet')
    >>> c.rows[0][2:], c.rows[3]
    (('1.058%', '1.235%', '14.360%'), ('tie_pays', '9', '1.058%', '1.235%', '4.844%'))
    >>> comparison("pontoon")
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: pontoon: game: has no exact analysis; these have one: banco, casino-pontoon
    """
    check_game(game)
    if game not in _COMPARE:
        raise ProfileError(game, "game", "has no exact analysis; these have one: "
                           + ", ".join(_COMPARE))
    base, how = _COMPARE[game]
    return how(base, shoe_decks)
