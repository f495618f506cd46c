"""cardrules: a verified rules engine for classic card games.

Every game has the same shape: a rules profile (a dataclass loaded from
``conf/*.toml``), an immutable state, action value objects,
``legal_actions(state)``, ``apply(state, action)``, ``explain(...)``, and a
settlement or scoring record.  A refused action raises :class:`IllegalAction`
with the id of the rule that forbids it.

>>> from cardrules import load_rules, parse_cards
>>> load_rules("punto-banco").name
'Punto Banco'
>>> parse_cards("AS 10d")
(Card('A♠'), Card('10♦'))
"""

from .cards import Card, NotCardsError, Rank, Suit, parse_card, parse_cards, shoe, standard_deck
from .catalog import Rule, all_rules, rule, rule_ids, rules_of
from .errors import CardParseError, CardrulesError, IllegalAction, ProfileError, UnknownRule
from .game import SetupError
from .profiles import Profile, load_rules, shipped_profiles
from .rng import Rng

__all__ = [
    "Card",
    "CardParseError",
    "CardrulesError",
    "IllegalAction",
    "NotCardsError",
    "Profile",
    "ProfileError",
    "Rank",
    "Rng",
    "Rule",
    "SetupError",
    "Suit",
    "UnknownRule",
    "all_rules",
    "load_rules",
    "parse_card",
    "parse_cards",
    "rule",
    "rule_ids",
    "rules_of",
    "shipped_profiles",
    "shoe",
    "standard_deck",
]

__version__ = "0.1.0"
