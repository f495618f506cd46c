"""Casino, the fishing game, and Royal Casino.

Players take turns playing one card from hand to capture table cards, to make
or change a build, or to trail it onto the table.  The engine lists every
distinct legal play exactly once, each a frozen value object that says what it
captures or builds and the value announced, so a learner's claimed play can be
checked against it.

The example of RULES.md §4: an 8 on a table of A, 2, 5, 6, 7, 8 takes either
8 + 7A + 62 or 8 + 52A, never all six.

>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> [cards_text(m.loose) for m in largest_captures(s, parse_card("8S"))]
['A♥ 2♣ 6♥ 7♣ 8♦', 'A♥ 2♣ 5♦ 8♦']
>>> print(explain(s, Capture("8S", ("8D", "7C", "AH", "6H", "2C"))))
North plays 8♠ and captures 8♦, 7♣+A♥ and 6♥+2♣: a numeral takes table cards of its own rank and sets of cards adding up to its value, each card in one set only. [rule casino.capture.numeral]

A build is announced by its value, and the builder must hold a card of that
value.  With A and 2 on the table and 3, 3, 6 in hand, a 3 may capture A+2,
build 6, or build "threes"; it may not build 4 or 5:

>>> s = position("3C 3D 6H", "AS 2D")
>>> sorted(describe(m) for m in legal_moves(s) if m.card == parse_card("3C"))
['build 3 with 3♣ and A♠ 2♦', 'build 6 with 3♣ and A♠ 2♦', 'capture A♠ 2♦ with 3♣', 'trail 3♣']
>>> apply(s, Build("3C", 4, ("AS",)))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: You announce "building 4" but hold no other card of 4: your hand after playing 3♣ is 3♦ 6♥. [rule casino.build]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache, lru_cache
from typing import Union

from .cards import Card, Rank, Suit, cards_text, parse_card, parse_cards, standard_deck
from .catalog import Rule
from .errors import IllegalAction
from .profiles import Profile, load_rules, option, register_profile
from .rng import Rng

SEED = "seeds/004_5a8f639e96bffff9.txt"
_R = "RULES.md §4"

RULES = (
    Rule("casino.deal", "casino", "The deal",
         "The dealer deals two cards to each other player (starting on the left), two face up "
         "to the table and two to themself, and then the same again: 4 each and 4 on the table. "
         "When every hand is empty, 4 more go to each player, two at a time, and none to the "
         "table, until the pack is used up; the dealer says \"last\" on the final deal. With 2 "
         "players there are 6 deals, with 3 players 4, with 4 players 3.",
         f"{SEED}, 'Tingimus' (the deal); {_R} [casino.deal]",
         house_reading="The later deals are also dealt two at a time, in the same order as the "
                       "first (the seed says only that 4 more are dealt)."),
    Rule("casino.turn", "casino", "Turns",
         "The player on the dealer's left plays first and play goes clockwise. On your turn you "
         "play exactly one card from your hand: to capture, to make or add to a build, to "
         "increase a build, or to trail it.",
         f"{SEED}, 'Näitekiri' (play); {_R}"),
    Rule("casino.capture.face", "casino", "Capturing with a face card",
         "A jack, queen or king captures one table card of the same rank, and only one, even "
         "if several lie on the table. Face cards have no number value: they never join sets "
         "or builds.",
         f"{SEED}, 'Võimalikud mängutüübid' (capture with a face card); {_R} "
         "[casino.capture.face]"),
    Rule("casino.capture.numeral", "casino", "Capturing with a numeral",
         "A numeral (ace = 1 up to 10) captures every table card you choose of its own rank "
         "and any sets of table cards adding up to its value, each card in one set only. On A, "
         "2, 5, 6, 7, 8 an 8 takes 8 + 7A + 62 or 8 + 52A, never all six. You choose which of "
         "the possible cards and sets to take.",
         f"{SEED}, 'Võimalikud mängutüübid' (capture with a numeral card); {_R} "
         "[casino.capture.numeral]"),
    Rule("casino.build", "casino", "Single builds",
         "You may put a numeral from your hand onto one or more loose table cards to make a "
         "build, announcing its value (\"building 8\"); the build is taken later by a card of "
         "that value. You must keep in hand a card of that value. A single build is one set of "
         "cards adding up to the value. A build always includes the card just played and at "
         "least one table card.",
         f"{SEED}, 'Moodustab Build/Building'; {_R} [casino.build]",
         house_reading="A new combination of a value that is already built on the table joins "
                       "that build (it is an addition, see adding to a build): the table never "
                       "holds two builds of the same value."),
    Rule("casino.build.multiple", "casino", "Multiple builds",
         "A multiple build holds two or more cards or sets, each equal to the announced value: "
         "2+3 with 4+A is a build of 5, and an 8 played on a loose 3 and 5 builds eights. Table "
         "sets of the value may be taken into it, as long as the played card is in it. Its "
         "value never changes.",
         f"{SEED}, 'Moodustab Build/Building' (multiple builds); {_R} [casino.build]"),
    Rule("casino.build.capture", "casino", "Capturing a build",
         "A build is taken only whole, and only by a card of its announced value. Loose table "
         "cards of that value, and sets adding up to it, may be taken in the same capture. A "
         "card inside a build is never taken on its own.",
         f"{SEED}, 'Capture a Build'; {_R} [casino.build.capture]"),
    Rule("casino.build.add", "casino", "Adding to a build",
         "Any build, single or multiple, may be added to with a card from hand, alone or with "
         "loose table cards, that makes the build's value; it becomes a multiple build and "
         "you become its owner. You must hold a card that captures it.",
         f"{SEED}, 'Lisage Build'ile' (the second way); {_R} [casino.build.add]",
         house_reading="Loose table sets of the build's value may be taken in with the card "
                       "from hand, as when a multiple build is first made."),
    Rule("casino.build.increase", "casino", "Increasing a build",
         "Only a single build may be increased: you add one card from your hand to it and "
         "announce the new value, which is the old value plus that card, and which you must "
         "hold. Loose table cards may join it only if each one equals the new value on its "
         "own. A 7-build of 3+4 with a loose 9, and a hand of 2 and 9: play the 2 onto the "
         "build, take in the 9, and it is a multiple build of nines. A multiple build's value "
         "never changes.",
         f"{SEED}, 'Lisage Build'ile' (the first way) and its example; {_R} "
         "[casino.build.increase]",
         house_reading="You may increase your own single build as well as another player's. "
                       "If the new value is already built on the table, the two builds join "
                       "into one multiple build."),
    Rule("casino.build.owner", "casino", "The build owner's duties",
         "The owner of a build is the player who made it or last added to it or increased "
         "it. While you own a build on the table you may not trail: you must capture, build, "
         "add or increase. And you may never play so as to be left without a card that "
         "captures a build you own.",
         f"{SEED}, 'Capture a Build'; {_R} [casino.build.owner]"),
    Rule("casino.trail", "casino", "Trailing",
         "If you do not capture or build, you trail: the card is left face up on the table. "
         "You may trail even a card that could have captured.",
         f"{SEED}, 'Kaardi jälgimine' (trailing); {_R} [casino.trail]"),
    Rule("casino.residue", "casino", "The cards left at the end",
         "After the last play of the last deal, the last player who captured takes all the "
         "cards left on the table. This is not a sweep.",
         f"{_R} [casino.residue] (pagat.com; the seed is silent)",
         house_reading="If nobody captured at all in the round, the dealer takes the cards left."),
    Rule("casino.score", "casino", "Scoring a round",
         "Each player (or partnership) scores from the cards they captured: most cards 3, most "
         "spades 1 (a tie for either scores nothing), the 10♦ (big casino) 2, the 2♠ (little "
         "casino) 1, and each ace 1: 11 points a round.",
         f"{SEED}, 'Skoorimine'; {_R} [casino.score]"),
    Rule("casino.game", "casino", "Winning the game",
         "Rounds are played until a player or partnership has 21 points or more; the most "
         "points then wins, and a tie for the most plays another round. The deal passes to "
         "the left after each round.",
         f"{SEED}, 'Skoorimine' and 'Tingimus'; {_R} [casino.score]",
         house_reading="When two sides pass the target in the same round the higher total "
                       "wins (the count-out order belongs to Royal Casino). Playing to 11 is an "
                       "option."),
    Rule("casino.partners", "casino", "Partnerships",
         "Four players play as two partnerships, partners sitting opposite (North and South "
         "against East and West). Partners pool their captured cards for scoring; each "
         "partner still plays their own hand and keeps their own builds.",
         f"{SEED}, 'Mängijate arv'; {_R} [casino.score]",
         house_reading="Holding the capturing card, and the owner's duties, belong to the "
                       "player who built, not to the partnership."),
    Rule("casino.royal", "casino", "Royal Casino",
         "In Royal Casino the courts have values, jack 11, queen 12, king 13, and an ace is 1 "
         "or 14 as its player chooses. Courts capture and build like numerals, and builds go "
         "up to 14.",
         f"{SEED}, 'Variatsioon: Royal Casino'; {_R} [casino.royal]",
         house_reading="An ace on the table counts 1 in a set, or 14 on its own, as the player "
                       "taking or building it chooses.",
         option=True),
    Rule("casino.sweep", "casino", "Sweeps",
         "In Royal Casino (and in the base game as an option), a capture that leaves the table "
         "empty is a sweep, worth 1 point. The capturing card is kept face up in the pile to "
         "count them. Taking the last cards at the end of the round is not a sweep.",
         f"{SEED}, 'Variatsioon' (sweeps); {_R} [casino.royal]",
         house_reading="A capture on the very last play that empties the table counts as a "
                       "sweep; only the end-of-round residue does not.",
         option=True),
    Rule("casino.royal.count-out", "casino", "Counting out",
         "In Royal Casino, when several players could pass 21 in the same round, the points "
         "are counted in order: most cards, most spades, big casino, little casino, the aces "
         "(spades, clubs, hearts, diamonds), then sweeps. The first to reach 21 wins.",
         f"{SEED}, 'Hindamine Royal Casino'; {_R} [casino.royal]",
         option=True),
)


# -- profile -------------------------------------------------------------------
@register_profile("casino")
@dataclass(frozen=True)
class CasinoRules(Profile):
    """Casino options."""

    players: int = option(2, "players at the table (4 play as two partnerships)",
                          choices=(2, 3, 4))
    royal: bool = option(False, "Royal Casino: J=11, Q=12, K=13, A=1 or 14; courts capture "
                                "and build like numerals")
    sweeps: bool = option(False, "a capture that empties the table scores 1 point")
    owner_may_trail: bool = option(False, "a build's owner may trail (never the card that "
                                          "captures the build)")
    target: int = option(21, "points that win the game", choices=(11, 21))
    count_out: bool = option(False, "count points out in order when several sides pass the "
                                    "target in one round")

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
        raise ValueError(f"profile {name!r} is for {p.game!r}, not Casino")
    return p


# -- card values -----------------------------------------------------------------
# Lookups keyed by the enums' text values: str hashes are cached, Enum hashes are not.
_BASE_VALUE: dict[str, int] = {r.value: (r.pips if r.pips <= 10 else 0) for r in Rank}
_ROYAL_VALUE: dict[str, int] = {r.value: r.pips for r in Rank}
_RANK_POS: dict[str, int] = {r.value: 4 * r.pips for r in Rank}
_SUIT_POS: dict[str, int] = {s.value: i for i, s in enumerate(
    (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))}
SEATS = ("North", "East", "South", "West")


def _card_order(card: Card) -> int:
    """The position of a card in the order of :class:`Card` (rank, then suit)."""
    try:
        return _RANK_POS[card.rank._value_] + _SUIT_POS[card.suit._value_]
    except AttributeError:
        raise TypeError(f"{card!r} is not a Card; write cards as Card objects or text such "
                        "as '8S'") from None


def card_values(card: Card, rules: CasinoRules) -> tuple[int, ...]:
    """The values a card captures and builds with: () for a face card in the base game.

    >>> base, royal = load_casino("casino"), load_casino("royal-casino")
    >>> card_values(parse_card("7S"), base), card_values(parse_card("KD"), base)
    ((7,), ())
    >>> card_values(parse_card("KD"), royal), card_values(parse_card("AH"), royal)
    ((13,), (1, 14))
    """
    if rules.royal:
        return (1, 14) if card.rank is Rank.ACE else (card.rank.pips,)
    v = _BASE_VALUE[card.rank._value_]
    return (v,) if v else ()


def _valued(card: Card, royal: bool) -> bool:
    return royal or _BASE_VALUE[card.rank._value_] > 0


def _sum_value(card: Card, royal: bool) -> int:
    """The value a card adds to a sum (aces 1); 0 for base face cards."""
    return (_ROYAL_VALUE if royal else _BASE_VALUE)[card.rank._value_]


# -- the table, moves and the state -------------------------------------------------
@dataclass(frozen=True)
class TableBuild:
    """A build on the table: its announced value, its sets, its owner and its kind.

    ``parts`` are the sets of the build, each adding up to ``value`` (one set for a
    single build).  ``owner`` is the seat that made it or last added to it.

    >>> b = TableBuild(9, (parse_cards("3C 4D 2S"), parse_cards("9H")), 1)
    >>> b.multiple, cards_text(b.cards), b.label(("North", "South"))
    (True, '3♣ 4♦ 2♠ 9♥', 'Build of 9 (multiple), owner South')
    """

    value: int
    parts: tuple[tuple[Card, ...], ...]
    owner: int

    @property
    def multiple(self) -> bool:
        """Two or more sets: a multiple build, whose value never changes."""
        return len(self.parts) > 1

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the build."""
        return tuple(c for part in self.parts for c in part)

    def label(self, names: Sequence[str] = SEATS) -> str:
        """A caption such as ``Build of 9 (single), owner North``."""
        kind = "multiple" if self.multiple else "single"
        return f"Build of {self.value} ({kind}), owner {names[self.owner]}"


def _norm_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise TypeError(f"{card!r} is not a card; give a Card or text such as '8S'")


def _norm_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(cards, Card):
        return (cards,)
    out = parse_cards(cards) if isinstance(cards, str) else tuple(_norm_card(c) for c in cards)
    if len(out) > 1:
        out = tuple(sorted(out, key=_card_order))
    return out


@dataclass(frozen=True)
class Trail:
    """Trail ``card``: leave it face up on the table [casino.trail].

    >>> Trail("7H")
    Trail(card=Card('7♥'))
    """

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))


@dataclass(frozen=True)
class Capture:
    """Play ``card`` to capture the loose table cards ``loose`` and, if ``build`` is a
    value, the build of that value [casino.capture.numeral, casino.build.capture].

    ``value`` is the capturing value (an ace in Royal Casino is 1 or 14; None lets the
    engine choose) and ``sets`` one way of grouping the cards; neither is part of the
    play's identity: two captures of the same cards with the same card are the same play.

    >>> Capture("8S", "7C AH 8D") == Capture("8S", ("AH", "8D", "7C"), value=8)
    True
    """

    card: Card
    loose: tuple[Card, ...] = ()
    build: int | None = None
    value: int | None = field(default=None, compare=False)
    sets: tuple[tuple[Card, ...], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))
        loose = self.loose
        if not isinstance(loose, tuple) or len(loose) > 1 or (loose and not isinstance(
                loose[0], Card)):
            object.__setattr__(self, "loose", _norm_cards(loose))


@dataclass(frozen=True)
class Build:
    """Play ``card`` onto the loose table cards ``loose``, announcing ``value``
    [casino.build].  When a build of ``value`` is already on the table the cards join it:
    that is adding to a build [casino.build.add].

    >>> Build("6H", 8, "2C")
    Build(card=Card('6♥'), value=8, loose=(Card('2♣'),))
    """

    card: Card
    value: int
    loose: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))
        loose = self.loose
        if not isinstance(loose, tuple) or len(loose) > 1 or (loose and not isinstance(
                loose[0], Card)):
            object.__setattr__(self, "loose", _norm_cards(loose))


@dataclass(frozen=True)
class Increase:
    """Play ``card`` onto the single build of ``build`` to raise it to ``value``, taking in
    the loose table cards ``loose`` (each worth ``value``) [casino.build.increase].

    >>> Increase("2S", 7, 9, "9C")
    Increase(card=Card('2♠'), build=7, value=9, loose=(Card('9♣'),))
    """

    card: Card
    build: int
    value: int
    loose: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _norm_card(self.card))
        loose = self.loose
        if not isinstance(loose, tuple) or len(loose) > 1 or (loose and not isinstance(
                loose[0], Card)):
            object.__setattr__(self, "loose", _norm_cards(loose))


Move = Union[Trail, Capture, Build, Increase]  # noqa: UP007 (a runtime alias)
_MOVE_TYPES = (Trail, Capture, Build, Increase)


class Phase(Enum):
    """Where the game is."""

    PLAY = "play"
    ROUND_OVER = "round over"
    GAME_OVER = "game over"


@dataclass(frozen=True)
class Event:
    """One line of the game's record: who did what, under which rule.

    A play keeps the state it was made in, and its ``text`` is the engine's explanation,
    worked out when it is read.
    """

    seat: int | None
    rule_id: str
    note: str = ""
    move: Move | None = None
    before: CasinoState | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The line in words."""
        if self.move is not None and self.before is not None:
            why = _explain_legal(self.before, self.move)
            return f"{why} {self.note}" if self.note else why
        return self.note


@dataclass(frozen=True)
class Award:
    """Points won by one side for one scoring item, in count-out order."""

    rule_id: str
    item: str
    side: int
    points: int


@dataclass(frozen=True)
class RoundScore:
    """The score of a round per side (player or partnership), item by item.

    ``awards`` are listed in the count-out order: cards, spades, big casino, little
    casino, the aces (spades, clubs, hearts, diamonds), then sweeps.
    """

    sides: tuple[str, ...]
    cards: tuple[int, ...]
    spades: tuple[int, ...]
    sweeps: tuple[int, ...]
    awards: tuple[Award, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Points per side this round."""
        out = [0] * len(self.sides)
        for a in self.awards:
            out[a.side] += a.points
        return tuple(out)

    def by_item(self) -> dict[str, tuple[int, ...]]:
        """Points per side for each scoring item, e.g. ``{"most cards": (3, 0), ...}``."""
        out: dict[str, list[int]] = {}
        for item in ("most cards", "most spades", "big casino", "little casino", "aces",
                     "sweeps"):
            out[item] = [0] * len(self.sides)
        for a in self.awards:
            key = "aces" if a.item.startswith("ace") else a.item
            out[key][a.side] += a.points
        return {k: tuple(v) for k, v in out.items()}

    def by_rule(self) -> dict[str, tuple[int, ...]]:
        """Points per side for each rule id (``casino.score`` and ``casino.sweep``)."""
        out: dict[str, list[int]] = {}
        for a in self.awards:
            out.setdefault(a.rule_id, [0] * len(self.sides))[a.side] += a.points
        return {k: tuple(v) for k, v in out.items()}

    def table(self) -> list[list[object]]:
        """Rows (item, points per side...) for display, with a total row."""
        rows: list[list[object]] = [[item, *pts] for item, pts in self.by_item().items()]
        rows.append(["total", *self.points])
        return rows


@dataclass(frozen=True)
class CasinoState:
    """An immutable Casino game: the round in play and the game score.

    ``stock`` is the rest of the pack, top card first.  ``piles`` are the cards each
    seat has captured; ``sweeps`` the capturing cards kept face up for sweeps.
    ``scores`` are the game totals per side, with the rounds already finished.
    """

    rules: CasinoRules
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[tuple[Card, ...], ...]
    last_capturer: int | None
    deal: int
    round: int
    scores: tuple[int, ...]
    phase: Phase = Phase.PLAY
    winner: int | None = None
    seed: int | str | None = None
    rounds: tuple[RoundScore, ...] = ()
    log: tuple[Event, ...] = field(default=(), compare=False, repr=False)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.hands)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, clockwise: North, (East,) South, (West)."""
        return seat_names(self.players)

    @property
    def sides(self) -> tuple[str, ...]:
        """The scoring sides: players, or the two partnerships."""
        return side_names(self.players)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player to play."""
        return self.hands[self.turn]

    @property
    def table_cards(self) -> tuple[Card, ...]:
        """Every card on the table, loose or in builds."""
        return self.loose + tuple(c for b in self.builds for c in b.cards)

    @property
    def is_last_deal(self) -> bool:
        """Whether the pack is used up ("last")."""
        return not self.stock

    def build_of(self, value: int) -> TableBuild | None:
        """The build of ``value`` on the table, if any."""
        for b in self.builds:
            if b.value == value:
                return b
        return None

    def all_cards(self) -> tuple[Card, ...]:
        """Every card in play: hands, table, builds, stock and captured piles."""
        return (tuple(c for h in self.hands for c in h) + self.table_cards + self.stock
                + tuple(c for p in self.piles for c in p))


def seat_names(players: int) -> tuple[str, ...]:
    """The seats clockwise for 2, 3 or 4 players.

    >>> seat_names(2), seat_names(3)
    (('North', 'South'), ('North', 'East', 'South'))
    """
    return {2: ("North", "South"), 3: SEATS[:3], 4: SEATS}[players]


def side_names(players: int) -> tuple[str, ...]:
    """The scoring sides: each player, or with 4 players the two partnerships.

    >>> side_names(4)
    ('North-South', 'East-West')
    """
    return ("North-South", "East-West") if players == 4 else seat_names(players)


def side_of(players: int, seat: int) -> int:
    """The side a seat scores for [casino.partners].

    >>> side_of(4, 2), side_of(4, 3), side_of(3, 2)
    (0, 1, 2)
    """
    return seat % 2 if players == 4 else seat


# -- starting a game and dealing -------------------------------------------------------
def new_game(rules: CasinoRules | None = None, pack: Sequence[Card | str] | None = None, *,
             seed: int | str | None = None, dealer: int = 0,
             players: int | None = None) -> CasinoState:
    """A new game, with the first round dealt [casino.deal].

    The pack is ``pack`` (top card first) or a 52-card pack shuffled with ``seed``.

    >>> s = new_game(load_casino(), seed=1)
    >>> [len(h) for h in s.hands], len(s.loose), len(s.stock), s.turn
    ([4, 4], 4, 40, 1)
    >>> new_game(load_casino(), players=5, seed=1)
    Traceback (most recent call last):
    ...
    ValueError: Casino is for 2, 3 or 4 players, not 5
    """
    rules = rules or _default_rules()
    n = rules.players if players is None else players
    if isinstance(n, bool) or n not in (2, 3, 4):
        raise ValueError(f"Casino is for 2, 3 or 4 players, not {n}")
    if rules.players != n:
        rules = _with_players(rules, n)
    if not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ValueError(f"the dealer is a seat from 0 to {n - 1}, not {dealer!r}")
    cards = _pack(pack, seed, "round 1")
    return _deal_round(rules, cards, dealer, 1, (0,) * len(side_names(n)), seed, ())


def _pack(pack: Sequence[Card | str] | None, seed: int | str | None, label: str
          ) -> tuple[Card, ...]:
    if pack is None:
        if seed is None:
            raise ValueError("give the pack (52 cards, top first) or a seed to shuffle one")
        return Rng(f"casino:{seed}:{label}").shuffled(standard_deck())
    cards = tuple(_norm_card(c) for c in pack)
    if len(cards) != 52 or len(set(cards)) != 52:
        dup = [str(c) for c, k in Counter(cards).items() if k > 1]
        raise ValueError(f"a Casino pack is the 52 different cards; got {len(cards)} cards"
                         + (f", with {' '.join(dup)} more than once" if dup else ""))
    return cards


def _deal_round(rules: CasinoRules, pack: tuple[Card, ...], dealer: int, rnd: int,
                scores: tuple[int, ...], seed: int | str | None, rounds: tuple[RoundScore, ...],
                log: tuple[Event, ...] = ()) -> CasinoState:
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    table: list[Card] = []
    order = [(dealer + k) % n for k in range(1, n)]
    i = 0
    for _ in range(2):
        for seat in order:
            hands[seat] += pack[i:i + 2]
            i += 2
        table += pack[i:i + 2]
        i += 2
        hands[dealer] += pack[i:i + 2]
        i += 2
    names = seat_names(n)
    text = (f"Round {rnd}: {names[dealer]} deals 4 cards to each player, two at a time, and "
            f"4 to the table: {cards_text(tuple(table))}.")
    state = CasinoState(
        rules=rules, dealer=dealer, turn=(dealer + 1) % n,
        hands=tuple(tuple(h) for h in hands), loose=tuple(table), builds=(),
        stock=pack[i:], piles=((),) * n, sweeps=((),) * n, last_capturer=None, deal=1,
        round=rnd, scores=scores, seed=seed, rounds=rounds,
        log=(*log, Event(None, "casino.deal", text)),
    )
    return state


def _redeal(state: CasinoState) -> CasinoState:
    n = state.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    order = [(state.dealer + k) % n for k in range(1, n + 1)]
    stock = state.stock
    i = 0
    for _ in range(2):
        for seat in order:
            hands[seat] += stock[i:i + 2]
            i += 2
    rest = stock[i:]
    last = ' and says "last"' if not rest else ""
    text = (f"Deal {state.deal + 1}: {state.names[state.dealer]} deals 4 more cards to each "
            f"player, none to the table{last}.")
    return CasinoState(state.rules, state.dealer, (state.dealer + 1) % n,
                       tuple(tuple(h) for h in hands), state.loose, state.builds, rest,
                       state.piles, state.sweeps, state.last_capturer, state.deal + 1,
                       state.round, state.scores, state.phase, state.winner, state.seed,
                       state.rounds, (*state.log, Event(None, "casino.deal", text)))


def next_round(state: CasinoState, pack: Sequence[Card | str] | None = None) -> CasinoState:
    """Deal the next round after a round is over; the deal passes to the left
    [casino.game].  Without ``pack`` the game's seed shuffles a new one.

    >>> s = play_randomly(new_game(load_casino(), seed=3), Rng(1), rounds=1)
    >>> s.phase, next_round(s).dealer, next_round(s).round
    (<Phase.ROUND_OVER: 'round over'>, 1, 2)
    """
    if state.phase is not Phase.ROUND_OVER:
        why = "the game is over" if state.phase is Phase.GAME_OVER else "the round is still on"
        raise IllegalAction("casino.game", f"No new round can be dealt: {why}.")
    rnd = state.round + 1
    if pack is None and state.seed is None:
        raise ValueError("this game was dealt from a given pack: give the next round's pack")
    cards = _pack(pack, state.seed, f"round {rnd}")
    return _deal_round(state.rules, cards, (state.dealer + 1) % state.players, rnd,
                       state.scores, state.seed, state.rounds, state.log)


def position(hand: str | Sequence[Card | str], loose: str | Sequence[Card | str] = (),
             builds: Sequence[tuple[int, str | Sequence[str | Sequence[Card | str]], int]] = (),
             rules: CasinoRules | str | None = None, *, others: Sequence[str] = (),
             players: int = 2, turn: int = 0) -> CasinoState:
    """A position for examples and quizzes: the hand of the player to play (seat
    ``turn``), the loose table cards and builds ``(value, sets, owner)``; the other
    cards are dealt out to the other hands (``others`` fixes them) and the stock.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> s.builds[0].label(s.names), cards_text(s.hand)
    ('Build of 7 (single), owner South', '2♠ 9♣')
    """
    if isinstance(rules, str) or rules is None:
        rules = load_casino(rules or "casino")
    if rules.players != players:
        rules = _with_players(rules, players)
    my = _as_cards(hand)
    table = _as_cards(loose)
    tbuilds = []
    for value, sets, owner in builds:
        if isinstance(sets, str):
            parts = tuple(parse_cards(p) for p in sets.split("|"))
        else:
            parts = tuple(_as_cards(p) for p in sets)
        tbuilds.append(TableBuild(value, parts, owner))
    hands: list[tuple[Card, ...]] = [() for _ in range(players)]
    hands[turn] = my
    others_cards = [_as_cards(o) for o in others]
    used = list(my) + list(table) + [c for b in tbuilds for c in b.cards]
    used += [c for o in others_cards for c in o]
    if len(set(used)) != len(used):
        dup = sorted({str(c) for c in used if used.count(c) > 1})
        raise ValueError(f"a card is used twice in the position: {' '.join(dup)}")
    rest = [c for c in standard_deck() if c not in set(used)]
    k = 0
    for seat in range(players):
        if seat == turn:
            continue
        if k < len(others_cards):
            hands[seat] = others_cards[k]
        else:
            hands[seat] = tuple(rest[:len(my)])
            rest = rest[len(my):]
        k += 1
    return CasinoState(
        rules=rules, dealer=(turn - 1) % players, turn=turn,
        hands=tuple(hands), loose=table, builds=tuple(tbuilds), stock=tuple(rest),
        piles=((),) * players, sweeps=((),) * players, last_capturer=None, deal=1, round=1,
        scores=(0,) * len(side_names(players)),
    )


def _as_cards(x: str | Sequence[Card | str]) -> tuple[Card, ...]:
    if isinstance(x, str):
        return parse_cards(x)
    return tuple(_norm_card(c) for c in x)


def _replace(state: CasinoState, **changes: object) -> CasinoState:
    from dataclasses import replace

    return replace(state, **changes)  # type: ignore[arg-type]


@lru_cache(maxsize=64)
def _with_players(rules: CasinoRules, players: int) -> CasinoRules:
    return rules.replace(players=players)


@cache
def _default_rules() -> CasinoRules:
    return load_casino("casino")


# -- combinatorics: subsets and sets of a value, over sorted table values --------------
@lru_cache(maxsize=1 << 15)
def _sums(vals: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Bit masks of the non-empty subsets of ``vals`` (ascending) by their sum, for sums up
    to 14 (the highest value a card captures)."""
    out: dict[int, list[int]] = {}
    n = len(vals)
    stack = [(0, 0, 0)]
    while stack:
        i, total, mask = stack.pop()
        for j in range(i, n):
            ns = total + vals[j]
            if ns > 14:
                break
            nm = mask | (1 << j)
            out.setdefault(ns, []).append(nm)
            stack.append((j + 1, ns, nm))
    return {k: tuple(sorted(v)) for k, v in out.items()}


def _subsets(vals: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Bit masks of the non-empty subsets of ``vals`` (ascending) adding up to ``target``."""
    return _sums(vals).get(target, ())


@lru_cache(maxsize=1 << 16)
def _parts(vals: tuple[int, ...], target: int, royal: bool) -> tuple[int, ...]:
    """The sets that capture as ``target``: subsets adding up to it, and in Royal Casino
    each ace alone when the target is 14."""
    parts = _subsets(vals, target)
    if royal and target == 14:
        parts = parts + tuple(1 << i for i, v in enumerate(vals) if v == 1)
    return parts


@lru_cache(maxsize=1 << 16)
def _unions(vals: tuple[int, ...], target: int, royal: bool) -> dict[int, tuple[int, ...]]:
    """Every union of disjoint sets of ``target`` (0 included), with one grouping each."""
    parts = _parts(vals, target, royal)
    if not parts:
        return _NO_UNIONS
    # Each grouping is built with its sets in the order of their lowest card, so from a
    # set only the sets starting on a higher card are tried next.
    parts = tuple(sorted(parts, key=lambda p: p & -p))
    lows = [p & -p for p in parts]
    n = len(parts)
    after = [next((j for j in range(k + 1, n) if lows[j] > lows[k]), n) for k in range(n)]
    res: dict[int, tuple[int, ...]] = {0: ()}
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
    while stack:
        mask, start, grouping = stack.pop()
        for k in range(start, n):
            p = parts[k]
            if p & mask:
                continue
            nm = mask | p
            ng = (*grouping, p)
            if nm not in res:
                res[nm] = ng
            nxt = after[k]
            if nxt < n and (nm, nxt) not in seen:
                seen.add((nm, nxt))
                stack.append((nm, nxt, ng))
    return res


_NO_UNIONS: dict[int, tuple[int, ...]] = {0: ()}


def _splittable(cards: Sequence[Card], value: int, royal: bool) -> bool:
    """Whether ``cards`` split into sets each worth ``value`` (see :func:`partition`)."""
    if not cards:
        return True
    vals = []
    for c in cards:
        v = _sum_value(c, royal)
        if not v:
            return False
        vals.append(v)
    total = sum(vals)
    if value != 14 and total % value:
        return False
    vals.sort()
    return (1 << len(vals)) - 1 in _unions(tuple(vals), value, royal)


def _bits(mask: int) -> tuple[int, ...]:
    """The positions of the set bits of ``mask``, lowest first (cached for small masks)."""
    if mask < len(_BITS):
        return _BITS[mask]
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


_BITS: list[tuple[int, ...]] = [tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13)]


def partition(cards: Sequence[Card], value: int, rules: CasinoRules
              ) -> tuple[tuple[Card, ...], ...] | None:
    """Split ``cards`` into sets each worth ``value`` (a card of that value alone is a
    set), or None if they cannot be [casino.capture.numeral].

    >>> r = load_casino()
    >>> [cards_text(p) for p in partition(parse_cards("AH 2C 5D 8D"), 8, r)]
    ['8♦', '5♦ 2♣ A♥']
    >>> partition(parse_cards("AH 2C 5D 6H 7C 8D"), 8, r) is None
    True
    """
    royal = rules.royal
    if not cards:
        return ()
    if any(not _valued(c, royal) for c in cards):
        return None
    ordered = sorted(cards, key=_card_order)
    vals = tuple(_sum_value(c, royal) for c in ordered)
    full = (1 << len(vals)) - 1
    grouping = _unions(vals, value, royal).get(full)
    if grouping is None:
        return None
    return _tidy(tuple(ordered[i] for i in _bits(p)) for p in grouping)


def _tidy(parts: Iterable[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Sets for reading: each from its highest card down, single cards first."""
    desc = [tuple(sorted(p, key=_card_order, reverse=True)) for p in parts]
    desc.sort(key=lambda p: (len(p), [-_card_order(c) for c in p]))
    return tuple(desc)


# -- holding the capturing cards ---------------------------------------------------------
def _covers(rest: Sequence[Card], needed: Iterable[int], royal: bool) -> bool:
    """Whether ``rest`` holds a different card for each value in ``needed``."""
    need = set(needed)
    if not need:
        return True
    return _covers_vals([_sum_value(c, royal) for c in rest], need, royal)


def _covers_vals(have: Sequence[int], need: Iterable[int], royal: bool) -> bool:
    """Whether the hand values ``have`` give a different card for each value in ``need``
    (in Royal Casino one ace serves 1 or 14, not both)."""
    aces = 0
    for v in need:
        if royal and (v == 1 or v == 14):
            aces += 1
        elif v not in have:
            return False
    return aces == 0 or have.count(1) >= aces


def _owned(state: CasinoState, seat: int) -> list[int]:
    return [b.value for b in state.builds if b.owner == seat]


# -- legal moves --------------------------------------------------------------------------
def legal_moves(state: CasinoState) -> tuple[Move, ...]:
    """Every distinct legal play of the player to move, each exactly once.

    For each card in hand: its captures, its builds (new builds and additions), its
    increases, then trailing it.  Empty when the round or game is over.

    The example of RULES.md §4: a 7-build of 3+4 and a loose 9, with 2 and 9 in hand.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> for m in legal_moves(s): print(describe(m))
    increase the build of 7 to 9 with 2♠
    increase the build of 7 to 9 with 2♠, taking in 9♦
    trail 2♠
    capture 9♦ with 9♣
    trail 9♣
    """
    if state.phase is not Phase.PLAY:
        return ()
    rules = state.rules
    royal = rules.royal
    maxv = rules.max_value
    values = _ROYAL_VALUE if royal else _BASE_VALUE
    seat = state.turn
    hand = state.hands[seat]
    table = (sorted(state.loose, key=_card_order) if len(state.loose) > 1
             else state.loose)
    if royal:
        num = table
        vals = tuple([values[c.rank._value_] for c in table])
    else:
        num = [c for c in table if values[c.rank._value_]]
        vals = tuple([values[c.rank._value_] for c in num])
    builds = {b.value: b for b in state.builds} if state.builds else {}
    owned = [b.value for b in state.builds if b.owner == seat] if builds else []
    may_trail = not owned or rules.owner_may_trail
    hand_vals = [values[c.rank._value_] for c in hand]
    unions: dict[int, dict[int, tuple[int, ...]]] = {}
    out: list[Move] = []
    append = out.append
    tuples: dict[int, tuple[Card, ...]] = {}

    def cards_of(mask: int) -> tuple[Card, ...]:
        t = tuples.get(mask)
        if t is None:
            t = tuples[mask] = tuple([num[i] for i in _bits(mask)])
        return t

    for idx, card in enumerate(hand):
        rest_vals = hand_vals[:idx] + hand_vals[idx + 1:]
        cv = hand_vals[idx]
        keeps = not owned or _covers_vals(rest_vals, owned, royal)
        if not cv:  # a face card in the base game: one card of the same rank
            if keeps:
                for t in table:
                    if t.rank is card.rank:
                        append(_capture(card, (t,), None, None))
                if may_trail:
                    append(_trail(card))
            continue
        # captures
        for v in ((1, 14) if royal and cv == 1 else (cv,)):
            u = unions.get(v)
            if u is None:
                u = unions[v] = _unions(vals, v, royal)
            ok_with_b = v in builds and (
                not owned or _covers_vals(rest_vals, [o for o in owned if o != v], royal))
            if keeps:
                for mask in u:
                    if mask and (v != 14 or mask not in unions.get(1, ())):
                        append(_capture(card, cards_of(mask), None, v))
            if ok_with_b:
                for mask in u:
                    append(_capture(card, cards_of(mask), v, v))
        # builds and additions
        held = {x for x in rest_vals if x}
        if royal and 1 in held:
            held.add(14)
        for bv in sorted(held):
            if bv > maxv:
                continue
            alone = bv == cv or (royal and cv == 1 and bv == 14)
            if bv < cv and not alone:
                continue
            if owned and not _covers_vals(rest_vals, {*owned, bv}, royal):
                continue
            u = unions.get(bv)
            if u is None:
                u = unions[bv] = _unions(vals, bv, royal)
            exists = bv in builds
            if alone and bv <= cv:
                masks = [m for m in u if m or exists]
            else:
                found = {m for m in u if m or exists} if alone else set()
                for s0 in _subsets(vals, bv - cv):
                    for m in u:
                        if not m & s0:
                            found.add(s0 | m)
                masks = sorted(found)
            for tm in masks:
                append(_build(card, bv, cards_of(tm)))
        # increases
        if cv < maxv and builds:
            for b in state.builds:
                if b.multiple:
                    continue
                nv = b.value + cv
                if nv > maxv or nv not in held:
                    continue
                if owned and not _covers_vals(rest_vals, {o for o in owned if o != b.value}
                                              | {nv}, royal):
                    continue
                cand = [c for c, x in zip(num, vals, strict=True)
                        if x == nv or (royal and nv == 14 and x == 1)]
                for k in range(1 << len(cand)):
                    append(_increase(card, b.value, nv, tuple([cand[i] for i in _bits(k)])))
        if may_trail and keeps:
            append(_trail(card))
    return tuple(out)


def _held(rest_vals: Sequence[int], royal: bool, max_value: int) -> list[int]:
    """The values a hand (by values) can capture: aces also 14 in Royal Casino."""
    held = {v for v in rest_vals if v}
    if royal and 1 in held:
        held.add(14)
    return sorted(v for v in held if v <= max_value)


# Moves made by the generator skip the normalising __post_init__: their cards are
# already Cards, in the canonical order.
_new = object.__new__


def _capture(card: Card, loose: tuple[Card, ...], build: int | None, value: int | None
             ) -> Capture:
    m = _new(Capture)
    m.__dict__.update(card=card, loose=loose, build=build, value=value, sets=())
    return m


def _build(card: Card, value: int, loose: tuple[Card, ...]) -> Build:
    m = _new(Build)
    m.__dict__.update(card=card, value=value, loose=loose)
    return m


def _increase(card: Card, build: int, value: int, loose: tuple[Card, ...]) -> Increase:
    m = _new(Increase)
    m.__dict__.update(card=card, build=build, value=value, loose=loose)
    return m


def _trail(card: Card) -> Trail:
    m = _new(Trail)
    m.__dict__["card"] = card
    return m


# -- verifying a move --------------------------------------------------------------------
def _check_turn(state: CasinoState, move: object) -> Card:
    if not isinstance(move, _MOVE_TYPES):
        raise TypeError(f"{move!r} is not a Casino move; give a Trail, Capture, Build or "
                        "Increase")
    if state.phase is not Phase.PLAY:
        raise IllegalAction("casino.turn", f"No card can be played: the {state.phase.value}.")
    card = move.card
    if card not in state.hand:
        who = state.names[state.turn]
        raise IllegalAction("casino.turn", f"It is {who}'s turn and {who} does not hold {card}: "
                            f"the hand is {cards_text(state.hand)}.")
    return card


def _check_loose(state: CasinoState, cards: tuple[Card, ...], rule_id: str) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalAction(rule_id, f"{cards_text(cards)} names a card twice.")
    for c in cards:
        if c in state.loose:
            continue
        for b in state.builds:
            if c in b.cards:
                raise IllegalAction(
                    "casino.build.capture",
                    f"{c} is part of the build of {b.value}: a build is taken or added to "
                    "only as a whole, never card by card.")
        raise IllegalAction(rule_id, f"{c} is not on the table; the loose cards are "
                            f"{cards_text(state.loose) or 'none'}.")


def _rest(state: CasinoState, card: Card) -> tuple[Card, ...]:
    hand = state.hands[state.turn]
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _check_owner(state: CasinoState, rest: Sequence[Card], needed: set[int], card: Card) -> None:
    royal = state.rules.royal
    if _covers(rest, needed, royal):
        return
    lost = sorted(v for v in needed if not _covers(rest, {v}, royal))
    if not lost:
        lost = sorted(needed)
    what = " and ".join(f"the build of {v}" for v in lost)
    raise IllegalAction(
        "casino.build.owner",
        f"You own {what} and must keep a card to capture it; after playing {card} you would "
        f"hold {cards_text(tuple(rest)) or 'nothing'}, with no card for {lost[0]}.")


def verify_trail(state: CasinoState, move: Trail) -> None:
    """Raise IllegalAction unless trailing ``move.card`` is legal [casino.trail,
    casino.build.owner].

    >>> s = position("8S 3D", "5C", builds=[(8, "6H 2H", 0)])
    >>> verify_trail(s, Trail("3D"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You own the build of 8, so you may not trail: capture, build, add to a build or increase one. [rule casino.build.owner]
    """
    card = _check_turn(state, move)
    owned = _owned(state, state.turn)
    if owned and not state.rules.owner_may_trail:
        what = " and ".join(f"the build of {v}" for v in owned)
        raise IllegalAction("casino.build.owner", f"You own {what}, so you may not trail: "
                            "capture, build, add to a build or increase one.")
    _check_owner(state, _rest(state, card), set(owned), card)


def can_trail(state: CasinoState, move: Trail) -> bool:
    """Whether the trail is legal.

    >>> can_trail(position("8S 3D", "8C"), Trail("8S"))
    True
    """
    return _can(verify_trail, state, move)


def verify_capture(state: CasinoState, move: Capture) -> None:
    """Raise IllegalAction unless the capture is legal [casino.capture.face,
    casino.capture.numeral, casino.build.capture, casino.build.owner].

    >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
    >>> verify_capture(s, Capture("8S", "AH 2C 5D 6H 7C 8D"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 8♠ cannot take A♥ 2♣ 5♦ 6♥ 7♣ 8♦: they add up to 29, which is not made of cards of 8 and sets adding up to 8, each card in one set only. [rule casino.capture.numeral]
    """
    card = _check_turn(state, move)
    rules = state.rules
    royal = rules.royal
    _check_loose(state, move.loose, "casino.capture.numeral")
    rest = _rest(state, card)
    owned = set(_owned(state, state.turn))
    cv = _sum_value(card, royal)
    if not cv:
        name = card.rank.word
        if move.build is not None:
            raise IllegalAction("casino.capture.face", f"A {name} has no number value: it "
                                "cannot take a build.")
        if len(move.loose) != 1:
            raise IllegalAction("casino.capture.face", f"A {name} captures exactly one {name} "
                                f"from the table, not {len(move.loose)} cards.")
        if move.loose[0].rank is not card.rank:
            raise IllegalAction("casino.capture.face", f"A {name} captures only a {name}, not "
                                f"{move.loose[0]}.")
        _check_owner(state, rest, owned, card)
        return
    values = card_values(card, rules)
    if move.value is not None and move.value not in values:
        allowed = " or ".join(str(v) for v in values)
        raise IllegalAction("casino.royal" if royal else "casino.capture.numeral",
                            f"{card} captures as {allowed}, not {move.value}.")
    if move.build is not None:
        b = state.build_of(move.build)
        if b is None:
            builds = ", ".join(str(x.value) for x in state.builds) or "none"
            raise IllegalAction("casino.build.capture", f"There is no build of {move.build} on "
                                f"the table (builds: {builds}).")
        if move.build not in values or move.value not in (None, move.build):
            raise IllegalAction("casino.build.capture", f"The build of {move.build} is taken "
                                f"only by a card of {move.build}; {card} is worth "
                                f"{' or '.join(str(v) for v in values)}.")
    if not move.loose and move.build is None:
        raise IllegalAction("casino.capture.numeral", "A capture takes at least one table card "
                            "or build; to leave the card on the table, trail it.")
    tries = [move.build] if move.build is not None else (
        [move.value] if move.value is not None else list(values))
    for v in tries:
        assert v is not None
        if _splittable(move.loose, v, royal):
            break
    else:
        faces = [c for c in move.loose if not _valued(c, royal)]
        if faces:
            raise IllegalAction("casino.capture.face", f"{faces[0]} is a face card: only a "
                                f"{faces[0].rank.word} captures it, one at a time.")
        total = sum(_sum_value(c, royal) for c in move.loose)
        v = tries[0]
        raise IllegalAction("casino.capture.numeral",
                            f"{card} cannot take {cards_text(move.loose)}: they add up to "
                            f"{total}, which is not made of cards of {v} and sets adding up "
                            f"to {v}, each card in one set only.")
    needed = owned - {move.build} if move.build is not None else owned
    _check_owner(state, rest, set(needed), card)


def can_capture(state: CasinoState, move: Capture) -> bool:
    """Whether the capture is legal.

    >>> s = position("KS", "KH KD 3C")
    >>> can_capture(s, Capture("KS", "KH")), can_capture(s, Capture("KS", "KH KD"))
    (True, False)
    """
    return _can(verify_capture, state, move)


def verify_build(state: CasinoState, move: Build) -> None:
    """Raise IllegalAction unless the build (or addition to a build) is legal
    [casino.build, casino.build.multiple, casino.build.add, casino.build.owner].

    >>> s = position("3C 3D 6H", "AS 2D")
    >>> verify_build(s, Build("3C", 6, "AS 2D")) is None
    True
    >>> verify_build(s, Build("3C", 5, "2D"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You announce "building 5" but hold no other card of 5: your hand after playing 3♣ is 3♦ 6♥. [rule casino.build]
    """
    card = _check_turn(state, move)
    rules = state.rules
    royal = rules.royal
    bv = move.value
    existing = state.build_of(bv) if isinstance(bv, int) else None
    rid = "casino.build.add" if existing is not None else "casino.build"
    if not _valued(card, royal):
        raise IllegalAction("casino.build", f"A {card.rank.word} has no number value: face "
                            "cards cannot build.")
    if isinstance(bv, bool) or not isinstance(bv, int) or not 1 <= bv <= rules.max_value:
        raise IllegalAction("casino.build", f"A build is announced as a value from 1 to "
                            f"{rules.max_value}, the value of a capturing card; not {bv!r}.")
    _check_loose(state, move.loose, rid)
    if existing is None and not move.loose:
        raise IllegalAction("casino.build", f"A build needs the card you play and at least one "
                            f"table card; there is no build of {bv} to add {card} to.")
    rest = _rest(state, card)
    cards = (card, *move.loose)
    if not _splittable(cards, bv, royal):
        faces = [c for c in move.loose if not _valued(c, royal)]
        if faces:
            raise IllegalAction("casino.build", f"{faces[0]} is a face card: it has no value "
                                "and cannot be built with.")
        total = sum(_sum_value(c, royal) for c in cards)
        kind = "the build" if existing is not None else "a build"
        raise IllegalAction(rid, f"{cards_text(cards)} add up to {total}: to make {kind} of "
                            f"{bv} they must be one set adding up to {bv}, or several sets of {bv} "
                            f"each, with {card} in one of them.")
    if not _covers(rest, {bv}, royal):
        raise IllegalAction(rid, f"You announce \"building {bv}\" but hold no other card of {bv}: "
                            f"your hand after playing {card} is {cards_text(rest) or 'empty'}.")
    _check_owner(state, rest, set(_owned(state, state.turn)) | {bv}, card)


def can_build(state: CasinoState, move: Build) -> bool:
    """Whether the build is legal.

    >>> can_build(position("3C 3D 6H", "AS 2D"), Build("3C", 3, "AS 2D"))
    True
    """
    return _can(verify_build, state, move)


def verify_increase(state: CasinoState, move: Increase) -> None:
    """Raise IllegalAction unless the increase is legal [casino.build.increase,
    casino.build.owner].

    >>> s = position("AS 9C 10H", builds=[(8, "5C 3D|6H 2H", 1)])
    >>> verify_increase(s, Increase("AS", 8, 9))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The build of 8 is a multiple build: its value never changes. You may add a set of 8 to it, or capture it. [rule casino.build.increase]
    """
    card = _check_turn(state, move)
    rules = state.rules
    royal = rules.royal
    b = state.build_of(move.build) if isinstance(move.build, int) else None
    if b is None:
        builds = ", ".join(str(x.value) for x in state.builds) or "none"
        raise IllegalAction("casino.build.increase", f"There is no build of {move.build} on the "
                            f"table to increase (builds: {builds}).")
    if b.multiple:
        raise IllegalAction("casino.build.increase", f"The build of {b.value} is a multiple "
                            f"build: its value never changes. You may add a set of {b.value} "
                            "to it, or capture it.")
    cv = _sum_value(card, royal)
    if not cv:
        raise IllegalAction("casino.build.increase", f"A {card.rank.word} has no number "
                            "value: face cards cannot increase a build.")
    nv = b.value + cv
    if move.value != nv:
        raise IllegalAction("casino.build.increase", f"{card} on the build of {b.value} makes "
                            f"{b.value} + {cv} = {nv}, not {move.value}: only the card from "
                            "your hand changes a build's value.")
    if nv > rules.max_value:
        raise IllegalAction("casino.build.increase", f"{b.value} + {cv} = {nv}, and no card "
                            f"captures more than {rules.max_value}.")
    _check_loose(state, move.loose, "casino.build.increase")
    for c in move.loose:
        if not (_sum_value(c, royal) == nv or (royal and nv == 14 and c.rank is Rank.ACE)):
            raise IllegalAction("casino.build.increase", f"{c} cannot join the build of {nv}: "
                                f"table cards join an increased build only if each is worth "
                                f"{nv} on its own.")
    rest = _rest(state, card)
    if not _covers(rest, {nv}, royal):
        raise IllegalAction("casino.build.increase", f"You announce \"building {nv}\" but hold "
                            f"no other card of {nv}: your hand after playing {card} is "
                            f"{cards_text(rest) or 'empty'}.")
    owned = {o for o in _owned(state, state.turn) if o != b.value}
    _check_owner(state, rest, owned | {nv}, card)


def can_increase(state: CasinoState, move: Increase) -> bool:
    """Whether the increase is legal.

    >>> can_increase(position("2S 9C", "9D", builds=[(7, "3C 4D", 1)]), Increase("2S", 7, 9))
    True
    """
    return _can(verify_increase, state, move)


_VERIFY = {Trail: verify_trail, Capture: verify_capture, Build: verify_build,
           Increase: verify_increase}


def verify_move(state: CasinoState, move: Move) -> None:
    """Raise IllegalAction, naming the rule, unless ``move`` is legal now.

    >>> verify_move(position("8S"), Trail("9S"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: It is North's turn and North does not hold 9♠: the hand is 8♠. [rule casino.turn]
    """
    if not isinstance(move, _MOVE_TYPES):
        raise TypeError(f"{move!r} is not a Casino move; give a Trail, Capture, Build or "
                        "Increase")
    _VERIFY[type(move)](state, move)  # type: ignore[operator]


def can_move(state: CasinoState, move: Move) -> bool:
    """Whether ``move`` is legal now.

    >>> can_move(position("8S", "8D"), Capture("8S", "8D"))
    True
    """
    return _can(verify_move, state, move)


def _can(fn: object, state: CasinoState, move: object) -> bool:
    try:
        fn(state, move)  # type: ignore[operator]
    except IllegalAction:
        return False
    return True


# -- applying a move ------------------------------------------------------------------------
def apply(state: CasinoState, move: Move) -> CasinoState:
    """The state after ``move``; the old state is unchanged.  Illegal moves raise
    IllegalAction with the rule id.  After the last play of a round the residue goes
    to the last capturer and the round is scored.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> t = apply(s, Increase("2S", 7, 9, ("9D",)))
    >>> [b.label(t.names) for b in t.builds], t.loose
    (['Build of 9 (multiple), owner North'], ())
    """
    verify_move(state, move)
    return _play(state, move)


def _play(state: CasinoState, move: Move) -> CasinoState:
    rules = state.rules
    seat = state.turn
    card = move.card
    hands = list(state.hands)
    hands[seat] = _rest(state, card)
    loose = state.loose
    builds = state.builds
    piles = state.piles
    sweeps = state.sweeps
    last = state.last_capturer
    note = ""
    rule_id = _move_rule(state, move)
    if isinstance(move, Trail):
        loose = (*loose, card)
    elif isinstance(move, Capture):
        taken = move.loose
        loose = tuple([c for c in loose if c not in taken]) if taken else loose
        got: tuple[Card, ...] = (card, *move.loose)
        if move.build is not None:
            b = state.build_of(move.build)
            assert b is not None
            got += b.cards
            builds = tuple(x for x in builds if x is not b)
        pl = list(piles)
        pl[seat] = pl[seat] + got
        piles = tuple(pl)
        last = seat
        if not loose and not builds and rules.sweeps:
            sw = list(sweeps)
            sw[seat] = sw[seat] + (card,)
            sweeps = tuple(sw)
            note = "A sweep: the table is empty, and the capturing card is kept face up."
    elif isinstance(move, Build):
        taken = move.loose
        loose = tuple([c for c in loose if c not in taken]) if taken else loose
        parts = partition((card, *move.loose), move.value, rules)
        assert parts is not None
        old = state.build_of(move.value)
        if old is not None:
            new = TableBuild(move.value, old.parts + parts, seat)
            builds = tuple(new if x is old else x for x in builds)
        else:
            builds = (*builds, TableBuild(move.value, parts, seat))
    else:
        taken = move.loose
        loose = tuple([c for c in loose if c not in taken]) if taken else loose
        b = state.build_of(move.build)
        assert b is not None
        parts = ((*b.parts[0], card), *tuple((c,) for c in move.loose))
        other = state.build_of(move.value)
        if other is not None:
            parts = other.parts + parts
            builds = tuple(x for x in builds if x is not other)
        new = TableBuild(move.value, parts, seat)
        builds = tuple(new if x is b else x for x in builds)
    log = (*state.log, Event(seat, rule_id, note, move, state))
    nxt = CasinoState(rules, state.dealer, (seat + 1) % len(hands), tuple(hands), loose, builds,
                      state.stock, piles, sweeps, last, state.deal, state.round, state.scores,
                      state.phase, state.winner, state.seed, state.rounds, log)
    if any(nxt.hands):
        return nxt
    if nxt.stock:
        return _redeal(nxt)
    return _end_round(nxt)


def _end_round(state: CasinoState) -> CasinoState:
    rest = state.table_cards
    piles = list(state.piles)
    taker = state.last_capturer if state.last_capturer is not None else state.dealer
    log = state.log
    if rest:
        piles[taker] = piles[taker] + rest
        why = ("the last player to capture" if state.last_capturer is not None
               else "the dealer, as nobody captured")
        log += (Event(taker, "casino.residue", f"{state.names[taker]}, {why}, takes the cards "
                      f"left on the table: {cards_text(rest)}. This is not a sweep."),)
    ended = _replace(state, loose=(), builds=(), piles=tuple(piles), log=log)
    score = score_round(ended)
    totals = tuple(a + b for a, b in zip(state.scores, score.points, strict=True))
    winner, how, how_rule = _decide(state.rules, state.scores, score)
    sides = state.sides
    pts = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(score.points))
    tot = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(totals))
    log += (Event(None, "casino.score", f"Round {state.round} scores {pts}; the game stands "
                  f"{tot}."),)
    if how:
        log += (Event(None, how_rule, how),)
    return _replace(ended, scores=totals, rounds=(*state.rounds, score), log=log,
                    phase=Phase.GAME_OVER if winner is not None else Phase.ROUND_OVER,
                    winner=winner)


def deals_per_round(players: int) -> int:
    """How many deals a round has: 4 cards each and 4 to the table, then 4 each until the
    52 cards are out [casino.deal].

    >>> [deals_per_round(n) for n in (2, 3, 4)]
    [6, 4, 3]
    """
    if players not in (2, 3, 4):
        raise ValueError(f"Casino is for 2, 3 or 4 players, not {players}")
    return 1 + (52 - 4 - 4 * players) // (4 * players)


def game_result(rules: CasinoRules, before: Sequence[int], score: RoundScore
                ) -> tuple[int | None, str]:
    """Who wins after a round (a side, or None to play on) and why [casino.game,
    casino.royal.count-out].

    >>> sc = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
    >>> game_result(load_casino(), (14, 20), sc)
    (0, 'North reaches 22 and wins the game.')
    >>> game_result(load_casino(), (13, 20), sc)
    (None, 'North and South tie with 21: another round is played.')
    >>> game_result(load_casino("royal-casino"), (13, 20), sc)
    (1, 'Counting out: South reaches 21 first, with ace of spades, and wins the game.')
    """
    winner, text, _ = _decide(rules, tuple(before), score)
    return winner, text


def _decide(rules: CasinoRules, before: tuple[int, ...], score: RoundScore
            ) -> tuple[int | None, str, str]:
    """The winning side after a round, if any, and why [casino.game, casino.royal.count-out]."""
    target = rules.target
    totals = [a + b for a, b in zip(before, score.points, strict=True)]
    over = [i for i, t in enumerate(totals) if t >= target]
    if not over:
        return None, "", "casino.game"
    sides = score.sides
    if rules.count_out:
        running = list(before)
        for a in score.awards:
            running[a.side] += a.points
            if running[a.side] >= target:
                return a.side, (f"Counting out: {sides[a.side]} reaches {target} first, with "
                                f"{a.item}, and wins the game."), "casino.royal.count-out"
    best = max(totals)
    top = [i for i in over if totals[i] == best]
    if len(top) > 1:
        names = " and ".join(sides[i] for i in top)
        return None, f"{names} tie with {best}: another round is played.", "casino.game"
    return top[0], f"{sides[top[0]]} reaches {best} and wins the game.", "casino.game"


# -- scoring -----------------------------------------------------------------------------------
_ACE_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)


def score_piles(piles: Sequence[Sequence[Card]], rules: CasinoRules | None = None,
                sweeps: Sequence[int] | None = None,
                sides: Sequence[str] | None = None) -> RoundScore:
    """Score captured piles, one per side [casino.score, casino.sweep].

    >>> r = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
    >>> r.points, r.by_item()["most cards"], r.by_item()["aces"]
    ((8, 1), (3, 0), (1, 1))
    """
    rules = rules or _default_rules()
    n = len(piles)
    if sides is None and n not in (2, 3, 4):
        raise ValueError(f"score 2 to 4 piles (one per player or partnership), not {n}")
    names = tuple(sides) if sides is not None else seat_names(n)
    if len(names) != n:
        raise ValueError(f"{n} piles but {len(names)} side names: {', '.join(names)}")
    sw = tuple(sweeps) if sweeps is not None else (0,) * n
    cards = tuple(len(p) for p in piles)
    spades = tuple(sum(1 for c in p if c.suit is Suit.SPADES) for p in piles)
    awards: list[Award] = []
    for item, counts, pts in (("most cards", cards, 3), ("most spades", spades, 1)):
        best = max(counts)
        if counts.count(best) == 1:
            awards.append(Award("casino.score", item, counts.index(best), pts))
    holder: dict[str, int] = {}
    for i, p in enumerate(piles):
        for c in p:
            r = c.rank
            if r is Rank.ACE or r is Rank.TEN or r is Rank.TWO:
                holder[c.code] = i
    for item, code, pts in (("big casino", "10D", 2), ("little casino", "2S", 1),
                            ("ace of spades", "AS", 1), ("ace of clubs", "AC", 1),
                            ("ace of hearts", "AH", 1), ("ace of diamonds", "AD", 1)):
        if code in holder:
            awards.append(Award("casino.score", item, holder[code], pts))
    if rules.sweeps:
        for i, k in enumerate(sw):
            for _ in range(k):
                awards.append(Award("casino.sweep", "sweeps", i, 1))
    return RoundScore(names, cards, spades, sw, tuple(awards))


def score_round(state: CasinoState) -> RoundScore:
    """The points of the round per side and per item, partners pooling their cards
    [casino.score, casino.partners, casino.sweep].

    >>> s = play_randomly(new_game(load_casino(), seed=2), Rng(2), rounds=1)
    >>> sc = score_round(s)
    >>> sum(sc.cards), sum(sc.points) in (8, 11)
    (52, True)
    """
    n = state.players
    k = len(state.sides)
    piles: list[list[Card]] = [[] for _ in range(k)]
    sweeps = [0] * k
    for seat in range(n):
        side = side_of(n, seat)
        piles[side] += state.piles[seat]
        sweeps[side] += len(state.sweeps[seat])
    return score_piles(piles, state.rules, sweeps, state.sides)


# -- explaining ---------------------------------------------------------------------------------
def _sets_text(sets: Sequence[Sequence[Card]]) -> str:
    words = ["+".join(str(c) for c in s) for s in sets]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _move_rule(state: CasinoState, move: Move) -> str:
    if isinstance(move, Trail):
        return "casino.trail"
    if isinstance(move, Capture):
        if move.build is not None:
            return "casino.build.capture"
        if not _valued(move.card, state.rules.royal):
            return "casino.capture.face"
        return "casino.capture.numeral"
    if isinstance(move, Increase):
        return "casino.build.increase"
    if state.build_of(move.value) is not None:
        return "casino.build.add"
    return "casino.build" if sum(_sum_value(c, state.rules.royal) for c in (
        move.card, *move.loose)) == move.value else "casino.build.multiple"


def describe(move: Move) -> str:
    """A play in a few words.

    >>> describe(Capture("8S", "8D 7C AH")), describe(Build("3C", 6, "AS 2D"))
    ('capture A♥ 7♣ 8♦ with 8♠', 'build 6 with 3♣ and A♠ 2♦')
    """
    if isinstance(move, Trail):
        return f"trail {move.card}"
    if isinstance(move, Capture):
        what = " ".join(map(str, move.loose))
        if move.build is not None:
            what = f"{what} and the build of {move.build}" if what else f"the build of {move.build}"
        return f"capture {what} with {move.card}"
    if isinstance(move, Build):
        extra = f" and {cards_text(move.loose)}" if move.loose else ""
        return f"build {move.value} with {move.card}{extra}"
    extra = f", taking in {cards_text(move.loose)}" if move.loose else ""
    return f"increase the build of {move.build} to {move.value} with {move.card}{extra}"


def explain(state: CasinoState, move: Move) -> str:
    """Why ``move`` is legal, in words, or which rule forbids it.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> print(explain(s, Increase("2S", 7, 9, ("9D",))))
    North plays 2♠ on South's build of 7 (3♣+4♦), making 9, and takes in 9♦: it is now a multiple build of 9, owned by North, who holds 9♣ to capture it. Only a single build can be increased, by a card from hand; a table card joins only if it is worth the new value on its own. [rule casino.build.increase]
    >>> print(explain(s, Trail("9C")))
    North trails 9♣: it stays face up on the table. A card may be trailed even when it could capture. [rule casino.trail]
    >>> print(explain(position("8S 3D", "5C", builds=[(8, "6H 2H", 0)]), Trail("3D")))
    Not allowed: You own the build of 8, so you may not trail: capture, build, add to a build or increase one. [rule casino.build.owner]
    """
    try:
        verify_move(state, move)
    except IllegalAction as e:
        return f"Not allowed: {e.message} [rule {e.rule_id}]"
    return _explain_legal(state, move)


def _explain_legal(state: CasinoState, move: Move) -> str:
    rules = state.rules
    royal = rules.royal
    who = state.names[state.turn]
    card = move.card
    rid = _move_rule(state, move)
    rest = _rest(state, card)
    if isinstance(move, Trail):
        owned = _owned(state, state.turn)
        extra = (" The owner may trail under these house rules, keeping the capturing card."
                 if owned else "")
        return (f"{who} trails {card}: it stays face up on the table. A card may be trailed "
                f"even when it could capture.{extra} [rule {rid}]")
    if isinstance(move, Capture):
        if not _valued(card, royal):
            return (f"{who} plays {card} and captures {move.loose[0]}: a face card takes one "
                    f"card of its own rank, only one. [rule {rid}]")
        v = move.build if move.build is not None else move.value
        values = [v] if v is not None else list(card_values(card, rules))
        sets: tuple[tuple[Card, ...], ...] | None = None
        for x in values:
            assert x is not None
            sets = partition(move.loose, x, rules)
            if sets is not None:
                v = x
                break
        assert sets is not None and v is not None
        if move.sets and move.value == v:
            sets = _tidy(move.sets)
        parts = []
        if move.build is not None:
            b = state.build_of(move.build)
            assert b is not None
            parts.append(f"the build of {b.value} ({_sets_text(b.parts)})")
        if sets:
            parts.append(_sets_text(sets))
        ace = (f" (the ace counting {v})" if royal and card.rank is Rank.ACE else "")
        if move.build is not None:
            reason = (f"a build is taken whole by a card of its value, with loose cards and "
                      f"sets of {v} if you like")
        else:
            reason = ("a numeral takes table cards of its own rank and sets of cards adding "
                      "up to its value, each card in one set only")
        return (f"{who} plays {card}{ace} and captures {' and '.join(parts)}: {reason}. "
                f"[rule {rid}]")
    if isinstance(move, Build):
        bv = move.value
        old = state.build_of(bv)
        new_parts = partition((card, *move.loose), bv, rules)
        assert new_parts is not None
        keep = [c for c in rest if bv in card_values(c, rules)]
        hold = f"{who} holds {keep[0]} to capture it"
        if old is not None:
            owner = state.names[old.owner]
            whose = "own" if old.owner == state.turn else f"{owner}'s"
            return (f"{who} plays {card} and adds {_sets_text(new_parts)} to {whose} build of "
                    f"{bv}: it is now a multiple build of {bv}, owned by {who}; {hold}. Any "
                    f"build may be added to with a set of its value. [rule {rid}]")
        if len(new_parts) == 1:
            return (f"{who} plays {card} on {cards_text(move.loose)} and announces \"building "
                    f"{bv}\": {'+'.join(map(str, new_parts[0]))} = {bv}, a single build; {hold}. "
                    f"[rule {rid}]")
        return (f"{who} plays {card} and announces \"building {bv}\": {_sets_text(new_parts)} "
                f"are each worth {bv}, a multiple build; {hold}. [rule {rid}]")
    b = state.build_of(move.build)
    assert b is not None
    owner = "their own" if b.owner == state.turn else f"{state.names[b.owner]}'s"
    keep = [c for c in rest if move.value in card_values(c, rules)]
    took = f", and takes in {cards_text(move.loose)}" if move.loose else ""
    other = state.build_of(move.value)
    multiple = bool(move.loose) or other is not None
    joined = f" It joins the build of {move.value} already on the table." if other else ""
    kind = "multiple" if multiple else "single"
    return (f"{who} plays {card} on {owner} build of {b.value} ({_sets_text(b.parts)}), making "
            f"{move.value}{took}: it is now a {kind} build of {move.value}, owned by {who}, who "
            f"holds {keep[0]} to capture it.{joined} Only a single build can be increased, by a "
            "card from hand; a table card joins only if it is worth the new value on its own. "
            f"[rule {rid}]")


# -- helpers for lessons ---------------------------------------------------------------------
def captures_with(state: CasinoState, card: Card | str) -> tuple[Capture, ...]:
    """Every legal capture the player to move can make with ``card``.

    >>> [cards_text(m.loose) for m in captures_with(position("6S", "3C 3D 6H"), "6S")]
    ['6♥', '3♣ 3♦', '3♣ 3♦ 6♥']
    """
    c = _norm_card(card)
    caps = [m for m in legal_moves(state) if isinstance(m, Capture) and m.card == c]
    caps.sort(key=lambda m: (len(m.loose), [_card_order(x) for x in m.loose]))
    return tuple(caps)


def largest_captures(state: CasinoState, card: Card | str) -> tuple[Capture, ...]:
    """The captures with ``card`` to which no further table card or build could be added.

    >>> [cards_text(m.loose) for m in largest_captures(position("3C", "AS 2D 3H"), "3C")]
    ['A♠ 2♦ 3♥']
    """
    caps = captures_with(state, card)
    keys = [(frozenset(m.loose), m.build) for m in caps]
    out = []
    for m, (s, b) in zip(caps, keys, strict=True):
        bigger = any((s < s2 and (b is None or b == b2)) or (s <= s2 and b is None and b2
                                                            is not None)
                     for s2, b2 in keys)
        if not bigger:
            out.append(m)
    out.sort(key=lambda m: (-len(m.loose), [_card_order(x) for x in m.loose]))
    return tuple(out)


def table_rows(state: CasinoState) -> list[tuple[str, tuple[Card, ...]]]:
    """The table as labelled rows of cards: loose cards, then each build on its own row.

    >>> table_rows(position("2S", "9D", builds=[(7, "3C 4D", 1)]))
    [('Table', (Card('9♦'),)), ('Build of 7 (single), owner South', (Card('3♣'), Card('4♦')))]
    """
    rows = [("Table", state.loose)]
    rows += [(b.label(state.names), b.cards) for b in state.builds]
    return rows


def greedy_move(state: CasinoState) -> Move:
    """A simple player for demonstrations: the capture taking most cards (aces, casinos and
    spades count extra), else a build, else the trail of the least useful card.

    >>> describe(greedy_move(position("8S 3D", "AH 2C 5D 6H 7C 8D")))
    'capture A♥ 2♣ 6♥ 7♣ 8♦ with 8♠'
    """
    moves = legal_moves(state)
    if not moves:
        raise ValueError("no move to make: the round is over")

    def worth(c: Card) -> int:
        return (1 + (c.suit is Suit.SPADES) + 3 * (c.rank is Rank.ACE)
                + 4 * (c == BIG_CASINO) + 3 * (c == LITTLE_CASINO))

    def key(m: Move) -> tuple[int, int]:
        if isinstance(m, Capture):
            got = list(m.loose)
            if m.build is not None:
                b = state.build_of(m.build)
                assert b is not None
                got += b.cards
            return (2, sum(worth(c) for c in got) + worth(m.card))
        if isinstance(m, (Build, Increase)):
            return (1, len(m.loose))
        return (0, -20 * worth(m.card) - _sum_value(m.card, True))

    return max(moves, key=key)


def play_randomly(state: CasinoState, rng: Rng, rounds: int | None = None) -> CasinoState:
    """Play on with random legal moves (new rounds dealt from the game's seed) until the
    game is over, or until ``rounds`` rounds have ended.

    >>> s = play_randomly(new_game(load_casino(), seed=5), Rng(5))
    >>> s.phase, max(s.scores) >= 21
    (<Phase.GAME_OVER: 'game over'>, True)
    """
    done = 0
    while True:
        if state.phase is Phase.GAME_OVER:
            return state
        if state.phase is Phase.ROUND_OVER:
            done += 1
            if rounds is not None and done >= rounds:
                return state
            state = next_round(state)
            continue
        moves = legal_moves(state)
        state = _play(state, moves[rng.below(len(moves))])
