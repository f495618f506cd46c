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

A rule is stated as the standard game plays it.  Where a profile option changes what it
says, the rule declares how that part reads under the option's other values (a
:class:`HouseRule`), and :func:`statement` gives the rule as a table plays it, marked as
a house rule:

>>> from cardrules.profiles import load_rules
>>> statement("pontoon.stick", load_rules("pontoon-stick-16"))
('A player may stick, keeping the hand and the stake, with a total of at least 16 (house rule; the standard game: 15 or more).', True)
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import UnknownRule

if TYPE_CHECKING:
    from .profiles import Profile


#: How a part of a rule reads at a table: by the value of one option (a mapping), or worked
#: out from the whole profile (a function).
Reads = Mapping[Any, str] | Callable[[Any], str]


@dataclass(frozen=True, eq=False)
class HouseRule:
    """How one part of a rule's text reads when a profile sets an option otherwise than the
    standard game (the profile class's defaults).

    ``standard`` is that part as the standard game has it: words of the rule's statement or
    of its house reading, found there exactly once.  ``reads`` is the part as a table
    plays it: a mapping from the value of ``option`` (every other value it allows), or a
    function of the profile that also reads the options in ``also``.  ``standard_game``
    says in a few words what the standard game does; the part is marked with it, "(house
    rule; the standard game: 15 or more)".

    >>> h = HouseRule("min_stick", "at least 15.", {16: "at least 16."}, "the standard game: 15")
    >>> h.options
    ('min_stick',)
    """

    option: str
    standard: str
    reads: Reads
    standard_game: str
    also: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("option", "standard", "standard_game"):
            if not str(getattr(self, name)).strip():
                raise ValueError(f"a house rule of {self.option!r} has an empty {name}")
        if not callable(self.reads) and self.also:
            raise ValueError(f"the house rule of {self.option!r} reads other options "
                             f"({', '.join(self.also)}): give a function of the profile")

    @property
    def options(self) -> tuple[str, ...]:
        """Every option this part depends on."""
        return (self.option, *self.also)

    def text(self, profile: Profile) -> str:
        """The part as ``profile`` plays it (unmarked)."""
        if callable(self.reads):
            return str(self.reads(profile))
        value = getattr(profile, self.option)
        if value not in self.reads:
            raise ValueError(f"the house rule of {self.option!r} does not say how it reads "
                             f"when {self.option} is {value!r}")
        return self.reads[value]


@dataclass(frozen=True)
class Rule:
    """One rule: a stable id, a title, a plain-English statement and its source.

    ``house_reading`` holds the reading this project made where the sources are
    ambiguous or silent; the book shows it as a visible note.  ``option`` marks
    a rule that a profile switches on or off.  ``statement`` and ``house_reading`` are
    the standard game's; ``house_rules`` say how parts of them read under other values
    of the profile's options (see :func:`statement`).
    """

    id: str
    game: str
    title: str
    statement: str
    source: str
    house_reading: str | None = None
    option: bool = False
    house_rules: tuple[HouseRule, ...] = ()

    def __post_init__(self) -> None:
        for name in ("id", "game", "title", "statement", "source"):
            if not getattr(self, name).strip():
                raise ValueError(f"rule {self.id!r} has an empty {name}")
        if not self.id.startswith(self.game.replace("_", "-") + ".") and not self.id.startswith(
            self.game + "."
        ):
            raise ValueError(f"rule id {self.id!r} must start with its game {self.game!r}")
        spans: list[tuple[int, int, int]] = []
        texts = (self.statement, self.house_reading or "")
        for h in self.house_rules:
            found = [(i, t.find(h.standard)) for i, t in enumerate(texts) if h.standard in t]
            if len(found) != 1 or texts[found[0][0]].count(h.standard) != 1:
                raise ValueError(f"rule {self.id!r}: the house rule of {h.option!r} must name "
                                 "words found once in its statement or house reading, got "
                                 f"{h.standard!r}")
            where, at = found[0]
            end = at + len(h.standard)
            if any(w == where and at < e and s < end for w, s, e in spans):
                raise ValueError(f"rule {self.id!r}: two house rules change the same words "
                                 f"({h.standard!r})")
            spans.append((where, at, end))

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


# -- rules as a table plays them -----------------------------------------------------------------
_STANDARD: dict[type, Any] = {}


def _standard_of(cls: type[Profile]) -> Profile:
    if cls not in _STANDARD:
        _STANDARD[cls] = cls()
    found: Profile = _STANDARD[cls]
    return found


def standard_profile(profile: Profile) -> Profile:
    """The standard game of ``profile``'s game: every option at its default, the values the
    rules' statements are written for.

    >>> from cardrules.profiles import load_rules
    >>> standard_profile(load_rules("pontoon-stick-16")).min_stick
    15
    """
    return _standard_of(type(profile))


def marked(text: str, standard_game: str) -> str:
    """A part of a rule as a table plays it, marked as a house rule, with what the standard
    game does: before its closing punctuation, if it has one.

    >>> marked("The owner of a build may trail.", "the standard game forbids it")
    'The owner of a build may trail (house rule; the standard game forbids it).'
    """
    body = text.rstrip()
    head = body.rstrip(".;:!?")
    return f"{head} (house rule; {standard_game}){body[len(head):]}{text[len(body):]}"


def _changed(h: HouseRule, profile: Profile, standard: Profile) -> bool:
    return any(getattr(profile, o) != getattr(standard, o) for o in h.options)


def _as_played(r: Rule, profile: Profile | None) -> tuple[str, str | None, bool]:
    """The statement and house reading of ``r`` at ``profile``'s table, and whether a house
    rule changed either."""
    statement_text, reading = r.statement, r.house_reading
    if profile is None or profile.game != r.game or not r.house_rules:
        return statement_text, reading, False
    standard = standard_profile(profile)
    house = False
    for h in r.house_rules:
        if not _changed(h, profile, standard):
            continue
        now = h.text(profile)
        if now == h.standard:
            continue
        house = True
        if h.standard in statement_text:
            statement_text = statement_text.replace(h.standard, marked(now, h.standard_game), 1)
        elif reading is not None:
            reading = reading.replace(h.standard, marked(now, h.standard_game), 1)
    return statement_text, reading, house


def statement(rule_id: str, profile: Profile | None = None) -> tuple[str, bool]:
    """A rule's statement as the table of ``profile`` plays it, and whether a house rule
    changed the rule (its statement or its house reading, :func:`house_reading`).  A profile
    of another game, or None, gives the standard statement.

    >>> from cardrules.profiles import load_rules
    >>> statement("casino-pontoon.payouts", load_rules("casino-pontoon-online"))[0]
    'A winning pontoon pays 2 to 1, a winning five card trick 2 to 1, any other win 1 to 1 (house rule; the standard game pays a five card trick 3 to 2).'
    >>> statement("pontoon.stick", load_rules("pontoon"))
    ('A player may stick, keeping the hand and the stake, with a total of at least 15.', False)
    """
    text, _reading, house = _as_played(rule(rule_id), profile)
    return text, house


def house_reading(rule_id: str, profile: Profile | None = None) -> str | None:
    """A rule's house reading (the project's reading where the sources are silent) as the
    table of ``profile`` plays it, or None when the rule has none.

    >>> from cardrules.profiles import load_rules
    >>> house_reading("palace.battle.raise", load_rules("palace-poker")).endswith(
    ...     "at most three raises (a house rule may change the cap).")
    True
    """
    return _as_played(rule(rule_id), profile)[1]


def house_options(rule_id: str) -> tuple[str, ...]:
    """The profile options a rule's text depends on, in the order its house rules name them.

    >>> house_options("casino-pontoon.dealer")
    ('dealer_cards_face_down', 'dealer_hits_soft_17', 'dealer_five_card_trick')
    """
    return tuple(dict.fromkeys(o for h in rule(rule_id).house_rules for o in h.options))


def house_rules_at(profile: Profile) -> tuple[Rule, ...]:
    """The rules of ``profile``'s game whose statement or house reading a house rule of
    ``profile`` changes.

    >>> from cardrules.profiles import load_rules
    >>> [r.id for r in house_rules_at(load_rules("pontoon-stick-16"))]
    ['pontoon.stick', 'pontoon.stick.sixteen']
    """
    return tuple(r for r in rules_of(profile.game) if _as_played(r, profile)[2])
