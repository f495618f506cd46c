"""The Pontoon rules profile: the house options a table agrees on before play.

>>> load_pontoon("pontoon-stick-16").min_stick
16
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..game import SetupError
from ..profiles import Profile, load_rules, option, register_profile


# -- profile --------------------------------------------------------------------------------
@register_profile("pontoon")
@dataclass(frozen=True)
class PontoonRules(Profile):
    """Pontoon house rules; the shipped profiles are in ``conf/``.

    >>> r = load_pontoon("pontoon")
    >>> (r.packs, r.min_stake, r.max_stake, r.min_stick, r.split, r.shoot)
    (1, 10, 100, 15, 'pairs', False)
    >>> r.replace(min_stick=16).min_stick
    16
    """

    packs: int = option(1, "52-card packs used (two for 8 or more at the table)", choices=(1, 2),
                        title="Packs", words={1: "one 52-card pack",
                                              2: "two 52-card packs shuffled together"},
                        phrase={1: "one pack", 2: "two packs"})
    min_stake: int = option(10, "the smallest first stake", low=1, high=1_000_000,
                            title="Smallest first stake", phrase=lambda v: f"stakes from {v}")
    max_stake: int = option(100, "the largest first stake", low=1, high=1_000_000,
                            title="Largest first stake", phrase=lambda v: f"stakes up to {v}")
    min_stick: int = option(15, "the lowest total a player may stick on", choices=(15, 16),
                            title="Sticking", words=lambda v: f"{v} or more",
                            phrase=lambda v: f"stick on {v} or more")
    split: str = option("pairs", "'pairs': any two cards of the same rank split; 'aces': only aces",
                        choices=("pairs", "aces"), title="Splitting",
                        words={"pairs": "any two cards of the same rank",
                               "aces": "only a pair of aces"},
                        phrase={"pairs": "any pair splits", "aces": "only aces split"})
    split_pontoon: bool = option(True, "an ace and a ten-card made after a split are paid as a "
                                 "pontoon (they never take the bank)",
                                 title="An ace and a ten-card after a split",
                                 words={True: "paid as a pontoon", False: "only 21"},
                                 phrase={True: "a split ace and ten-card paid as a pontoon",
                                         False: "a split ace and ten-card only 21"})
    no_fifth_buy_on_11: bool = option(False, "a four-card hand totalling 11 or less may twist but "
                                      "not buy a 5th card",
                                      title="Four cards of 11 or less buying a 5th card",
                                      words={False: "allowed", True: "not allowed, twist only"},
                                      phrase={True: "no 5th-card buy on 11 or less",
                                              False: "a 5th card bought on 11 or less"})
    shoot: bool = option(False, "Shoot Pontoon: a kitty and shoot bets",
                         title="Shoot Pontoon (a kitty and shoot bets)",
                         phrase={True: "Shoot Pontoon, with a kitty", False: "no kitty"})

    def __post_init__(self) -> None:
        if self.min_stake > self.max_stake:
            raise ValueError(f"min_stake {self.min_stake} is above max_stake {self.max_stake}")


def load_pontoon(name: str = "pontoon") -> PontoonRules:
    """Load a Pontoon profile by name or path, checking it is one.

    >>> load_pontoon("shoot-pontoon").shoot, load_pontoon("pontoon-stick-16").min_stick
    (True, 16)
    """
    p = load_rules(name)
    if not isinstance(p, PontoonRules):
        raise SetupError(f"The profile {name!r} is for {p.game!r}, not Pontoon; load a Pontoon "
                         "profile such as 'pontoon' or 'shoot-pontoon'.")
    return p


@cache
def default_rules() -> PontoonRules:
    """The shipped profile ``pontoon``, loaded once: the rules a function uses when it is
    given none.

    >>> default_rules() is default_rules(), default_rules().min_stick
    (True, 15)
    """
    return load_pontoon("pontoon")
