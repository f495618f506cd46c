"""The Casino rules profile: players, Royal Casino, sweeps, the owner's trail, the target
and the count-out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from ..game import SetupError
from ..profiles import Profile, load_rules, option, register_profile

#: the table sizes Casino is played at (4 play as two partnerships)
PLAYER_COUNTS = (2, 3, 4)


@register_profile("casino")
@dataclass(frozen=True)
class CasinoRules(Profile):
    """Casino options."""

    players: int = option(2, "players at the table (4 play as two partnerships)",
                          choices=PLAYER_COUNTS, title="Players",
                          words={2: "two", 3: "three", 4: "four, as two partnerships"},
                          phrase={2: "two players", 3: "three players",
                                  4: "four players in two partnerships"})
    royal: bool = option(False, "Royal Casino: J=11, Q=12, K=13, A=1 or 14; courts capture "
                                "and build like numerals",
                         title="Royal Casino (courts and aces have values)",
                         phrase={True: "Royal Casino", False: "courts without number values"})
    sweeps: bool = option(False, "a capture that empties the table scores 1 point",
                          title="Sweeps", words={True: "1 point each", False: "not scored"},
                          phrase={True: "sweeps score", False: "no sweeps"})
    owner_may_trail: bool = option(False, "a build's owner may trail (never the card that "
                                          "captures the build)",
                                   title="A build's owner trailing",
                                   words={False: "not allowed",
                                          True: "allowed (never the card that captures the "
                                                "build)"},
                                   phrase={True: "the owner of a build may trail",
                                           False: "the owner of a build may not trail"})
    target: int = option(21, "points that win the game", choices=(11, 21), title="The game",
                         words=lambda v: f"first to {v} points", phrase=lambda v: f"played to {v}")
    count_out: bool = option(False, "count points out in order when several sides pass the "
                                    "target in one round",
                             title="Several sides passing the target in one round",
                             words={False: "the higher total wins",
                                    True: "points counted out in order"},
                             phrase={True: "counting out", False: "the higher total wins"})

    @property
    def max_value(self) -> int:
        """The highest capture or build value: 10, or 14 in Royal Casino."""
        return 14 if self.royal else 10


def load_casino(name: str = "casino") -> CasinoRules:
    """Load a Casino profile, checking it is one.

    >>> load_casino("royal-casino").royal, load_casino().target
    (True, 21)
    """
    p = load_rules(name)
    if not isinstance(p, CasinoRules):
        raise SetupError(f"profile {name!r} is for {p.game!r}, not Casino; the Casino "
                         "profiles are casino, royal-casino and their variants")
    return p


@cache
def default_rules() -> CasinoRules:
    """The shipped ``casino`` profile (loaded once: profiles are frozen values).

    >>> default_rules().players
    2
    """
    return load_casino("casino")


def check_players(n: object) -> int:
    """``n`` when it is a table size Casino allows (2, 3 or 4), else a SetupError.

    >>> check_players(3)
    3
    >>> check_players(5)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Casino is for 2, 3 or 4 players, not 5
    """
    if isinstance(n, bool) or n not in PLAYER_COUNTS:
        raise SetupError(f"Casino is for 2, 3 or 4 players, not {n!r}")
    assert isinstance(n, int)
    return n


@lru_cache(maxsize=64)
def with_players(rules: CasinoRules, players: int) -> CasinoRules:
    """The profile for a table of ``players`` (the profile itself when it says so).

    >>> with_players(default_rules(), 4).players
    4
    """
    return rules if rules.players == players else rules.replace(players=players)
