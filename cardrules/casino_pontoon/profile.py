"""The Casino Pontoon rules profile: decks, the dealer's rules, payouts and splits."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..game import SetupError, check_profile
from ..profiles import Profile, load_rules, option, register_profile
from .rules import GAME


@register_profile(GAME)
@dataclass(frozen=True)
class CasinoPontoonRules(Profile):
    """Casino Pontoon options.  ``max_hands`` 0 means splits without a limit."""

    decks: int = option(6, "decks in the shoe", low=1, high=8, title="Decks in the shoe",
                        phrase=lambda v: "one deck" if v == 1 else f"{v} decks")
    dealer_hits_soft_17: bool = option(True, "the dealer draws on soft 17 (false: stands)",
                                       title="The dealer on soft 17",
                                       words={True: "draws", False: "stands"},
                                       phrase={True: "the dealer hits soft 17",
                                               False: "the dealer stands on soft 17"})
    dealer_cards_face_down: bool = option(
        False, "both dealer cards face down with a peek for pontoon: no up card, no insurance",
        title="The dealer's two cards",
        words={False: "one face up, one face down",
               True: "both face down, with a peek for pontoon (no insurance)"},
        phrase={True: "both dealer cards face down", False: "one dealer card face up"})
    dealer_five_card_trick: bool = option(
        True, "five dealer cards of 21 or less stop the dealer and beat all but a pontoon",
        title="Five dealer cards of 21 or less",
        words={True: "a five card trick: they stop the dealer and beat all but a pontoon",
               False: "no trick: they count by their total"},
        phrase={True: "the dealer makes five card tricks",
                False: "no dealer five card trick"})
    five_card_trick_pays: str = option("3:2", "what a winning five card trick pays",
                                       choices=("3:2", "2:1"), title="A five card trick pays",
                                       words=lambda v: v.replace(":", " to "),
                                       phrase=lambda v: "five card trick pays "
                                       + v.replace(":", " to "))
    split_by: str = option("value", "split two cards of equal 'value' (K-J) or only equal 'rank'",
                           choices=("value", "rank"), title="Splitting",
                           words={"value": "two cards of the same value (a king and a jack too)",
                                  "rank": "two cards of the same rank only"},
                           phrase={"value": "split equal values", "rank": "split equal ranks only"})
    max_hands: int = option(0, "most hands a seat may split into (0: no limit, 1: no splits)",
                            low=0, high=64, title="Most hands after splitting",
                            words=lambda v: ("no limit" if v == 0 else "1 (no splitting)"
                                             if v == 1 else str(v)),
                            phrase=lambda v: ("split without a limit" if v == 0 else "no splitting"
                                              if v == 1 else f"split to at most {v} hands"))
    split_pontoon: bool = option(False, "an ace and a ten-card after a split count as a pontoon",
                                 title="An ace and a ten-card after a split",
                                 words={False: "just 21", True: "a pontoon"},
                                 phrase={True: "a split ace and ten-card counts as a pontoon",
                                         False: "a split ace and ten-card is just 21"})
    min_bet: int = option(1, "smallest stake", low=1, high=1_000_000, title="Smallest stake",
                          phrase=lambda v: f"stakes from {v}")
    max_bet: int = option(1000, "largest stake", low=1, high=1_000_000, title="Largest stake",
                          phrase=lambda v: f"stakes up to {v}")

    def __post_init__(self) -> None:
        if self.min_bet > self.max_bet:
            raise ValueError(f"min_bet {self.min_bet} is above max_bet {self.max_bet}")

    @property
    def five_card_trick_multiple(self) -> Fraction:
        """What a winning five card trick pays per chip staked.

        >>> load_casino_pontoon().five_card_trick_multiple
        Fraction(3, 2)
        """
        a, b = self.five_card_trick_pays.split(":")
        return Fraction(int(a), int(b))


def load_casino_pontoon(name: str = GAME) -> CasinoPontoonRules:
    """Load a Casino Pontoon profile, checking it is one.

    >>> p = load_casino_pontoon("casino-pontoon-online")
    >>> p.decks, p.dealer_cards_face_down, p.max_hands
    (8, True, 3)
    """
    p = load_rules(name)
    if not isinstance(p, CasinoPontoonRules):
        raise SetupError(f"profile {name!r} is for {p.game!r}, not Casino Pontoon")
    return p


@cache
def default_rules() -> CasinoPontoonRules:
    """The shipped ``casino-pontoon`` profile, loaded once: the rules the value functions
    read when they are given none.

    >>> default_rules().dealer_hits_soft_17
    True
    """
    return load_casino_pontoon(GAME)


def profile_summary(rules: CasinoPontoonRules) -> dict[str, object]:
    """The options of a profile, for display.

    >>> profile_summary(load_casino_pontoon())["dealer on soft 17"]
    'hits'
    """
    rules = check_profile(rules, CasinoPontoonRules, "Casino Pontoon")
    limit = hand_limit(rules)
    return {
        "decks": rules.decks,
        "dealer on soft 17": "hits" if rules.dealer_hits_soft_17 else "stands",
        "dealer cards": "both face down (peek)" if rules.dealer_cards_face_down
        else "one up, one down",
        "dealer five card trick": "yes" if rules.dealer_five_card_trick else "no",
        "five card trick pays": rules.five_card_trick_pays.replace(":", " to "),
        "split": f"equal {rules.split_by}s, " + ("no limit" if limit is None
                                                 else f"at most {limit} hands"),
        "A + ten after a split": "pontoon" if rules.split_pontoon else "21",
    }


def hand_limit(rules: CasinoPontoonRules) -> int | None:
    """The most hands a seat may hold after splits, or None for no limit.

    >>> hand_limit(load_casino_pontoon()), hand_limit(load_casino_pontoon("casino-pontoon-online"))
    (None, 3)
    """
    rules = check_profile(rules, CasinoPontoonRules, "Casino Pontoon")
    return None if rules.max_hands == 0 else rules.max_hands
