"""The rule catalog: every rule of every game, with a stable id.

Each game module declares its rules in a module-level ``RULES`` tuple; the
catalog asks the game registry (:mod:`cardrules.game`) which modules those are.

>>> r = rule("banco.third-card")
>>> r.game, r.title
('banco', "The banker's third card")
>>> "banco.natural" in rule_ids()
True
>>> rule("banco.thrid-card")
Traceback (most recent call last):
...
cardrules.errors.UnknownRule: unknown rule id 'banco.thrid-card' (did you mean banco.third-card?)
"""

from __future__ import annotations

import difflib
import importlib
from dataclasses import dataclass
from functools import cache

from .errors import UnknownRule


@dataclass(frozen=True)
class Rule:
    """One rule: a stable id, a title, a plain-English statement and its source.

    ``house_reading`` holds the reading this project made where the sources are
    ambiguous or silent; the book shows it as a visible note.  ``option`` marks
    a rule that a profile switches on or off.
    """

    id: str
    game: str
    title: str
    statement: str
    source: str
    house_reading: str | None = None
    option: bool = False

    def __post_init__(self) -> None:
        for name in ("id", "game", "title", "statement", "source"):
            if not getattr(self, name).strip():
                raise ValueError(f"rule {self.id!r} has an empty {name}")
        if not self.id.startswith(self.game.replace("_", "-") + ".") and not self.id.startswith(
            self.game + "."
        ):
            raise ValueError(f"rule id {self.id!r} must start with its game {self.game!r}")

    @property
    def public_source(self) -> tuple[str, str]:
        """The published rules a reader can look up for this rule: (title, web address).
        (``source`` records where the project's text of the rule came from.)

        >>> rule("casino.build").public_source
        ('pagat.com: Casino', 'https://www.pagat.com/fishing/casino.html')
        """
        return PUBLIC_SOURCES[self.game]

    @property
    def test_name(self) -> str:
        """The fragment a test named after this rule contains.

        >>> rule("banco.third-card").test_name
        'banco_third_card'
        """
        return self.id.replace(".", "_").replace("-", "_")


#: The public page each game's rules follow, for readers: (title, web address).
PUBLIC_SOURCES: dict[str, tuple[str, str]] = {
    "banco": ("Wizard of Odds: Baccarat", "https://wizardofodds.com/games/baccarat/"),
    "pontoon": ("pagat.com: Pontoon", "https://www.pagat.com/banking/pontoon.html"),
    "casino-pontoon": ("Wizard of Odds: Pontoon", "https://wizardofodds.com/games/pontoon/"),
    "casino": ("pagat.com: Casino", "https://www.pagat.com/fishing/casino.html"),
    "palace": ("pagat.com: Palace Poker",
               "https://www.pagat.com/poker/variants/invented/palace_poker.html"),
    "poker": ("pagat.com: Poker hand ranking", "https://www.pagat.com/poker/rules/ranking.html"),
}

#: The published figures the engine's exact results are checked against (by the tests named
#: after the rules): (game, what is checked, source title, web address).
CHECKED_FIGURES: tuple[tuple[str, str, str, str], ...] = (
    ("banco", "The chances of a Banker win, a Player win and a tie, and the house edge of "
     "each bet, from eight decks down to one", "Wizard of Odds: Baccarat",
     "https://wizardofodds.com/games/baccarat/"),
    ("casino-pontoon", "The basic strategy and the house edge of the online rules",
     "Wizard of Odds: Pontoon", "https://wizardofodds.com/games/pontoon/"),
    ("poker", "The number of five-card and seven-card hands of each rank",
     "Wikipedia: Poker probability", "https://en.wikipedia.org/wiki/Poker_probability"),
)

#: The words a reader looks a rule up by, where the title alone does not give them: the
#: book's index lists each under the rule, and its search puts the rule first for them.
INDEX_TERMS: dict[str, tuple[str, ...]] = {
    "banco.hand-value": ("hand value", "baccara"),
    "banco.natural": ("natural",),
    "banco.player-draw": ("player's third card", "third card rule"),
    "banco.third-card": ("third card", "tableau"),
    "banco.result": ("winner",),
    "banco.payouts": ("commission", "tie bet"),
    "banco.social": ("social banco", "banco"),
    "banco.first-bank": ("first bank",),
    "pontoon.hands.rank": ("pontoon", "pontoon hands"),
    "pontoon.first-banker": ("first banker", "cut for the bank"),
    "pontoon.stakes": ("stake",),
    "pontoon.declare": ("declare",),
    "pontoon.split": ("split",),
    "pontoon.buy.limits": ("buy",),
    "pontoon.twist": ("twist",),
    "pontoon.stick": ("stick",),
    "pontoon.bust": ("bust",),
    "pontoon.five-cards": ("five card trick",),
    "pontoon.settle.pay-higher": ("pay higher", "I pay 18"),
    "pontoon.next-banker.sell": ("sell the bank",),
    "pontoon.shoot": ("kitty", "shoot pontoon"),
    "pontoon.shoot.bet": ("shoot",),
    "casino-pontoon.insurance": ("insurance",),
    "casino-pontoon.double": ("double",),
    "casino-pontoon.hit": ("hit",),
    "casino-pontoon.stand": ("stand",),
    "casino-pontoon.dealer": ("dealer",),
    "casino.capture.numeral": ("capture",),
    "casino.build": ("build",),
    "casino.trail": ("trail",),
    "casino.score": ("score", "big casino", "little casino"),
    "casino.sweep": ("sweep",),
    "casino.royal": ("royal casino",),
    "casino.partners": ("partners",),
    "palace.banner": ("banner",),
    "palace.palace": ("palace", "draw pile"),
    "palace.buy": ("soldier", "buy a soldier"),
    "palace.battle": ("battle",),
    "palace.banner.ante": ("ante",),
    "palace.stay": ("stay",),
    "poker.rank": ("poker hands", "hand ranking"),
}


@cache
def _catalog() -> dict[str, Rule]:
    from . import game  # the registry knows which modules declare rules

    found: dict[str, Rule] = {}
    for name in game.rule_modules():
        module = importlib.import_module(game.module_name(name))
        for r in getattr(module, "RULES", ()):
            if not isinstance(r, Rule):
                raise TypeError(f"{module.__name__}.RULES holds {r!r}, not a Rule")
            if r.id in found:
                raise ValueError(f"rule id {r.id!r} is declared twice")
            found[r.id] = r
    return found


def all_rules() -> tuple[Rule, ...]:
    """Every rule in the catalog, grouped by game in a stable order."""
    return tuple(_catalog().values())


def rule_ids() -> tuple[str, ...]:
    """Every rule id."""
    return tuple(_catalog())


def rules_of(game: str) -> tuple[Rule, ...]:
    """The rules of one game, in their declared order.

    >>> [r.id for r in rules_of("banco")][:2]
    ['banco.deal', 'banco.hand-value']
    """
    return tuple(r for r in _catalog().values() if r.game == game)


def games() -> tuple[str, ...]:
    """The games that have rules in the catalog."""
    return tuple(dict.fromkeys(r.game for r in _catalog().values()))


def nearest_rule_ids(rule_id: str, n: int = 3) -> list[str]:
    """The existing ids closest to a mistyped one."""
    return difflib.get_close_matches(rule_id, list(_catalog()), n=n, cutoff=0.8)


def rule(rule_id: str) -> Rule:
    """Look a rule up by id; an unknown id suggests the nearest ones."""
    try:
        return _catalog()[rule_id]
    except KeyError:
        raise UnknownRule(rule_id, nearest_rule_ids(rule_id)) from None
