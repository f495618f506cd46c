"""The Palace Poker profile: stakes, bet sizes, the raise cap and the starting chips."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ProfileError
from ..game import SetupError, check_profile
from ..profiles import Profile, load_rules, option, register_profile


@register_profile("palace")
@dataclass(frozen=True)
class PalaceRules(Profile):
    """Palace Poker options: stakes, bet sizes, the raise cap and the starting chips.

    >>> r = load_palace("palace-poker")
    >>> r.stakes, r.small_bet, r.big_bet, r.ante, r.no_limit
    ('limit', 5, 10, 2, False)
    """

    stakes: str = option("limit", "'limit' or 'no-limit' stakes", choices=("limit", "no-limit"),
                         title="Stakes", words={"limit": "limit", "no-limit": "no limit"},
                         phrase={"limit": "limit stakes", "no-limit": "no-limit stakes"})
    small_bet: int = option(5, "the small bet", low=1, high=1_000_000, title="Small bet",
                            phrase=lambda v: f"small bet {v}")
    big_bet: int = option(10, "the big bet: a limit raise, the smallest no-limit raise",
                          low=1, high=1_000_000, title="Big bet", phrase=lambda v: f"big bet {v}")
    max_raises: int = option(3, "most raises in one battle under limit stakes (0: no cap)",
                             low=0, high=100, title="Most raises in a battle (limit stakes)",
                             words=lambda v: "no cap" if v == 0 else str(v),
                             phrase=lambda v: ("no cap on raises" if v == 0 else
                                               f"at most {v} raise{'s' if v > 1 else ''} a battle"))
    starting_chips: int = option(200, "chips each player brings to the hand",
                                 low=1, high=1_000_000_000, title="Chips each player starts with",
                                 phrase=lambda v: f"{v} chips each")

    def __post_init__(self) -> None:
        if self.big_bet < self.small_bet:
            raise SetupError(f"big_bet {self.big_bet} is below small_bet {self.small_bet}")
        if self.starting_chips < self.small_bet // 2:
            raise SetupError(f"starting_chips {self.starting_chips} does not cover the ante, "
                             f"{self.small_bet // 2}")

    @property
    def ante(self) -> int:
        """Half the small bet, rounded down [palace.banner.ante].

        >>> load_palace().ante
        2
        """
        return self.small_bet // 2

    @property
    def no_limit(self) -> bool:
        """Whether stakes are no-limit.

        >>> load_palace("palace-poker-no-limit").no_limit
        True
        """
        return self.stakes == "no-limit"


def load_palace(name: str = "palace-poker") -> PalaceRules:
    """Load a Palace Poker profile, checking it is one.

    >>> load_palace("palace-poker-no-limit").stakes
    'no-limit'
    >>> load_palace("poker")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: profile 'poker' is for 'poker', not Palace Poker
    """
    if not isinstance(name, str):
        raise SetupError(f"a profile is named by text, such as 'palace-poker'; got {name!r}")
    try:
        p = load_rules(name)
    except ProfileError as e:
        raise SetupError(str(e)) from None
    if not isinstance(p, PalaceRules):
        raise SetupError(f"profile {name!r} is for {p.game!r}, not Palace Poker")
    return p


def ante(rules: PalaceRules) -> int:
    """The banner ante: half the small bet, rounded down [palace.banner.ante].

    >>> ante(load_palace()), ante(load_palace().replace(small_bet=25, big_bet=50))
    (2, 12)
    """
    return check_profile(rules, PalaceRules, "Palace Poker").ante
