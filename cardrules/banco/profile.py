"""The Punto Banco rules profile: decks, tie payout, commission, casino or social table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from ..game import SetupError
from ..profiles import Profile, load_rules, option, register_profile


@register_profile("banco")
@dataclass(frozen=True)
class BancoRules(Profile):
    """Punto Banco options."""

    decks: int = option(8, "decks in the shoe", choices=(1, 6, 8), title="Decks in the shoe",
                        phrase=lambda v: "one deck" if v == 1 else f"{v} decks")
    tie_pays: int = option(8, "what a winning tie bet pays, to 1", choices=(8, 9),
                           title="A winning tie bet pays", words=lambda v: f"{v} to 1",
                           phrase=lambda v: f"tie pays {v} to 1")
    commission_percent: int = option(5, "commission on winning Banker bets, in %", low=0, high=10,
                                     title="Commission on winning Banker bets",
                                     words=lambda v: "none" if v == 0 else f"{v}%",
                                     phrase=lambda v: ("no commission" if v == 0
                                                       else f"{v}% commission"))
    table: str = option("casino", "'casino' Punto Banco or the 'social' Banco table with a rotating bank",
                        choices=("casino", "social"), title="The table",
                        words={"casino": "the casino's Punto Banco",
                               "social": "the social Banco table, with a rotating bank"},
                        phrase={"casino": "the casino table", "social": "the social table"})
    min_bet: int = option(1, "smallest bet", low=1, high=1_000_000, title="Smallest bet",
                          phrase=lambda v: f"bets from {v}")
    max_bet: int = option(1000, "largest bet", low=1, high=1_000_000, title="Largest bet",
                          phrase=lambda v: f"bets up to {v}")

    def __post_init__(self) -> None:
        if self.min_bet > self.max_bet:
            raise ValueError(f"min_bet {self.min_bet} is above max_bet {self.max_bet}")


def load_banco(name: str = "punto-banco") -> BancoRules:
    """Load a Punto Banco profile, checking it is one.

    >>> load_banco("banco").table
    'social'
    """
    p = load_rules(name)
    if not isinstance(p, BancoRules):
        raise SetupError(f"profile {name!r} is for {p.game!r}, not Punto Banco")
    return p


@cache
def default_rules() -> BancoRules:
    """The shipped ``punto-banco`` profile, loaded once."""
    return load_banco("punto-banco")


def profile_summary(rules: BancoRules) -> Mapping[str, object]:
    """The options of a profile, for display.

    >>> profile_summary(load_banco())["decks"]
    8
    """
    return {"decks": rules.decks, "tie pays": f"{rules.tie_pays} to 1",
            "commission": f"{rules.commission_percent}%", "table": rules.table}

