"""What a profile changes from the standard game, in the words a teacher and a learner read.

Each option of a profile class may declare a ``title`` ("Sticking"), its values in ``words``
("16 or more") and as a ``phrase`` of a description ("stick on 16 or more")
(:func:`cardrules.profiles.option`).  The standard game is the profile class's defaults, the
game the rules' statements are written for (:func:`cardrules.catalog.standard_profile`).

>>> from cardrules.profiles import load_rules
>>> [c.line for c in changes(load_rules("pontoon-stick-16"))]
['Sticking: 16 or more (standard: 15 or more)']
>>> made_description(load_rules("pontoon-stick-16"))
'Pontoon, stick on 16 or more.'

An option that declares no words is read from its help text:

>>> option_title(load_rules("pontoon"), "min_stick"), value_words(load_rules("pontoon"), "shoot", True)
('Sticking', 'yes')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .errors import CardrulesError
from .profiles import Profile

#: The fields every profile has that name and describe it rather than set a rule.
ABOUT = ("name", "description")


@dataclass(frozen=True)
class Change:
    """One option a profile sets otherwise than the standard game: its name (the key of a
    profile file), its title, its value and the standard one in words, and the value as a
    phrase of a description."""

    option: str
    title: str
    value: str
    standard: str
    phrase: str

    @property
    def line(self) -> str:
        """The change as a line of a list: "Sticking: 16 or more (standard: 15 or more)"."""
        return f"{self.title}: {self.value} (standard: {self.standard})"


def _field(profile: Profile | type[Profile], name: str) -> dataclasses.Field[Any]:
    cls = profile if isinstance(profile, type) else type(profile)
    for f in dataclasses.fields(cls):
        if f.name == name:
            return f
    raise KeyError(f"{cls.__name__} has no option {name!r}")


def _say(how: Mapping[Any, str] | Callable[[Any], str] | None, value: Any) -> str | None:
    if how is None:
        return None
    if callable(how):
        return str(how(value))
    return how.get(value)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def option_title(profile: Profile | type[Profile], name: str) -> str:
    """An option's title: the one it declares, else its help text with a capital.

    >>> from cardrules.profiles import profile_type
    >>> option_title(profile_type("banco"), "tie_pays")
    'A winning tie bet pays'
    """
    f = _field(profile, name)
    return str(f.metadata.get("title") or _capital(str(f.metadata.get("help", name))))


def value_words(profile: Profile | type[Profile], name: str, value: Any) -> str:
    """An option's value in words: as the option declares, else yes or no, else the value.

    >>> from cardrules.profiles import profile_type
    >>> value_words(profile_type("casino-pontoon"), "max_hands", 0)
    'no limit'
    """
    said = _say(_field(profile, name).metadata.get("words"), value)
    if said is not None:
        return said
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def value_phrase(profile: Profile | type[Profile], name: str, value: Any) -> str:
    """An option's value as a phrase of a description ("stick on 16 or more"); an option
    that declares none gives "its title: its value".

    >>> from cardrules.profiles import profile_type
    >>> value_phrase(profile_type("palace"), "stakes", "no-limit")
    'no-limit stakes'
    """
    said = _say(_field(profile, name).metadata.get("phrase"), value)
    if said is not None:
        return said
    title = option_title(profile, name)
    return f"{title[:1].lower()}{title[1:]}: {value_words(profile, name, value)}"


def changes(profile: Profile) -> tuple[Change, ...]:
    """Every option ``profile`` sets otherwise than the standard game, in the class's order.

    >>> from cardrules.profiles import load_rules
    >>> [c.option for c in changes(load_rules("casino-pontoon-s17"))]
    ['dealer_hits_soft_17']
    >>> changes(load_rules("pontoon"))
    ()
    """
    out = []
    for f in dataclasses.fields(profile):
        if f.name in ABOUT:
            continue
        value = getattr(profile, f.name)
        if value != f.default:
            out.append(Change(f.name, option_title(profile, f.name),
                              value_words(profile, f.name, value),
                              value_words(profile, f.name, f.default),
                              value_phrase(profile, f.name, value)))
    return tuple(out)


@cache
def game_title(game: str) -> str:
    """The readers' name of a game (:func:`cardrules.game.title_of`), or the name itself,
    capitalized, when the game cannot be loaded.

    >>> game_title("casino-pontoon")
    'Casino Pontoon'
    """
    from . import game as registry

    try:
        return registry.title_of(game)
    except (CardrulesError, ImportError):
        return _capital(game.replace("-", " "))


def made_name(profile: Profile) -> str:
    """A name for a profile that gives none: the game's, marked when it changes a rule.

    >>> from cardrules.profiles import load_rules
    >>> made_name(load_rules("pontoon-stick-16")), made_name(load_rules("pontoon"))
    ('Pontoon (house rules)', 'Pontoon')
    """
    title = game_title(profile.game)
    return f"{title} (house rules)" if changes(profile) else title


def made_description(profile: Profile) -> str:
    """A description for a profile that gives none: the game and each change it makes.

    >>> from cardrules.profiles import load_rules
    >>> made_description(load_rules("casino-pontoon-online"))
    'Casino Pontoon, 8 decks, both dealer cards face down, five card trick pays 2 to 1, split equal ranks only, split to at most 3 hands, a split ace and ten-card counts as a pontoon.'
    >>> made_description(load_rules("pontoon"))
    'Pontoon, as the standard game plays it.'
    """
    found = changes(profile)
    title = game_title(profile.game)
    if not found:
        return f"{title}, as the standard game plays it."
    return f"{title}, {', '.join(c.phrase for c in found)}."
