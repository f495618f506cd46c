"""What the strategy analyses of Casino Pontoon share: the player's moves, hands as the
strategy sees them, the dealer's outcomes and stopping rule, and the :class:`Analysis`
table both models fill (:mod:`.strategy` the infinite deck, :mod:`.strategy_exact` the
finite shoe).

Card values are 1 (ace) to 10 (ten-cards) here.

>>> Move.DOUBLE.letter, hard_total(16), OUTCOMES[BUST]
('D', HandSpec(total=16, soft=False, pair=None), 'bust')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from ..cards import Card
from ..game import SetupError, check_card_list, check_profile
from .profile import CasinoPontoonRules, load_casino_pontoon  # noqa: F401  (doctests)
from .values import card_value

#: the dealer's final outcomes, in this order everywhere
OUTCOMES = ("17", "18", "19", "20", "21", "five card trick", "bust", "pontoon")
#: the places in :data:`OUTCOMES` of a dealer five card trick, a bust and a pontoon
FIVE, BUST, PONTOON = 5, 6, 7
#: the card values the analyses draw: 1 (ace) to 10 (ten-cards)
VALUES = range(1, 11)


class Move(Enum):
    """A player's move."""

    STAND = "stand"
    HIT = "hit"
    DOUBLE = "double"
    SPLIT = "split"

    @property
    def letter(self) -> str:
        """S, H, D or P (P for split, as strategy tables write it).

        >>> Move.SPLIT.letter
        'P'
        """
        return "P" if self is Move.SPLIT else self.value[0].upper()


@dataclass(frozen=True)
class HandSpec:
    """A player hand as the strategy sees it: best total, soft or not, and whether it is
    a pair (its pair value, 1-10) on two cards."""

    total: int
    soft: bool = False
    pair: int | None = None


def hard_total(total: int) -> HandSpec:
    """A hard hand (no ace counted 11).

    >>> hard_total(16)
    HandSpec(total=16, soft=False, pair=None)
    """
    _whole("a hard total", total, 4, 21)
    return HandSpec(total)


def soft_total(total: int) -> HandSpec:
    """A soft hand: an ace counted 11.

    >>> soft_total(18).soft
    True
    """
    _whole("a soft total", total, 12, 21)
    return HandSpec(total, True)


def pair_of(value: int) -> HandSpec:
    """Two cards of the same value (1 for aces, 10 for ten-cards).

    >>> pair_of(8)
    HandSpec(total=16, soft=False, pair=8)
    """
    _whole("a pair value (1 for aces)", value, 1, 10)
    return HandSpec(12, True, 1) if value == 1 else HandSpec(2 * value, False, value)


def _whole(what: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupError(f"{what} is a whole number from {low} to {high}; got {value!r}.")


def spec_of(cards: Sequence[Card]) -> HandSpec:
    """The :class:`HandSpec` of real cards.

    >>> from cardrules.cards import parse_cards
    >>> spec_of(parse_cards("AS 6D")), spec_of(parse_cards("8S 8D")).pair
    (HandSpec(total=17, soft=True, pair=None), 8)
    """
    values = [card_value(c) for c in check_card_list(cards, "the hand")]
    if not values:
        raise SetupError("A hand has at least one card.")
    hard = sum(values)
    soft = 1 in values and hard + 10 <= 21
    pair = values[0] if len(values) == 2 and values[0] == values[1] else None
    return HandSpec(hard + 10 if soft else hard, soft, pair)


def dealer_stop(hard: int, ace: bool, n: int, rules: CasinoPontoonRules) -> int | None:
    """The dealer's final outcome (its place in :data:`OUTCOMES`) for ``n`` cards of a
    hard total ``hard`` (aces counted 1), ``ace`` if one is held, or None while the dealer
    draws on [casino-pontoon.dealer].

    >>> rules = load_casino_pontoon()
    >>> dealer_stop(7, True, 2, rules) is None   # soft 17: the dealer hits it here
    True
    >>> OUTCOMES[dealer_stop(18, False, 3, rules)], OUTCOMES[dealer_stop(14, False, 5, rules)]
    ('18', 'five card trick')
    """
    if (isinstance(hard, bool) or not isinstance(hard, int) or not isinstance(ace, bool)
            or isinstance(n, bool) or not isinstance(n, int)):
        raise SetupError("The dealer's hand is a hard total, whether it holds an ace, and a "
                         f"number of cards; got {hard!r}, {ace!r}, {n!r}.")
    if not isinstance(rules, CasinoPontoonRules):
        check_profile(rules, CasinoPontoonRules, "Casino Pontoon")
    if n < 2:
        return None
    if hard > 21:
        return BUST
    if n >= 5 and rules.dealer_five_card_trick:
        return FIVE
    best = hard + 10 if ace and hard + 10 <= 21 else hard
    if best < 17:
        return None
    if best == 17 and rules.dealer_hits_soft_17 and ace and hard + 10 <= 21:
        return None
    return best - 17


def check_up(up: int | None) -> None:
    """Refuse an up card value that is not 1 (ace) to 10 or None (face down).

    >>> check_up(11)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: An up card value is 1 (ace) to 10, or None; got 11.
    """
    if up is not None and (isinstance(up, bool) or up not in VALUES):
        raise SetupError(f"An up card value is 1 (ace) to 10, or None; got {up!r}.")


@dataclass(frozen=True)
class Cell:
    """One cell of the strategy table: a hand kind and total, the number of cards,
    whether the hand has doubled, and the dealer's up card (None: face down)."""

    kind: str
    total: int
    cards: int
    doubled: bool
    up: int | None


@dataclass
class Analysis:
    """The result of an analysis: house edge, the best move in every cell of the table,
    and the values of every move there."""

    rules: CasinoPontoonRules
    model: str
    house_edge: float
    ups: tuple[int | None, ...]
    values: dict[Cell, dict[Move, float]] = field(repr=False)
    seconds: float = 0.0
    variance: float | None = None

    def best(self, hand: HandSpec, cards: int = 2, up: int | None = None,
             doubled: bool = False) -> Move:
        """The best move for a hand of ``cards`` cards against an up card.

        >>> from cardrules.casino_pontoon.strategy import analyse_infinite
        >>> a = analyse_infinite(load_casino_pontoon())
        >>> a.best(hard_total(16), up=10), a.best(hard_total(16), cards=3, up=7)
        (<Move.STAND: 'stand'>, <Move.HIT: 'hit'>)
        """
        vals = self.move_values(hand, cards, up, doubled)
        return max(vals, key=lambda m: vals[m])

    def move_values(self, hand: HandSpec, cards: int = 2, up: int | None = None,
                    doubled: bool = False) -> dict[Move, float]:
        """The value of each legal move, per unit of the hand's first stake.

        >>> from cardrules.casino_pontoon.strategy import analyse_infinite
        >>> v = analyse_infinite(load_casino_pontoon("casino-pontoon-online")).move_values(pair_of(8))
        >>> sorted(m.letter for m in v)
        ['D', 'H', 'P', 'S']
        """
        if not isinstance(hand, HandSpec):
            raise SetupError("Name a hand of the table with hard_total, soft_total or pair_of "
                             f"(such as hard_total(16)); got {hand!r}.")
        _whole("the number of cards", cards, 2, 4)
        if not isinstance(doubled, bool):
            raise SetupError(f"doubled is True or False; got {doubled!r}.")
        up = self._up(up)
        kind = "pair" if hand.pair is not None and cards == 2 else (
            "soft" if hand.soft else "hard")
        total = hand.pair if kind == "pair" and hand.pair is not None else hand.total
        cell = Cell(kind, total, cards, doubled, up)
        if cell not in self.values:
            raise SetupError(f"There is no such hand in the table: {_cell_words(cell)}.")
        return dict(self.values[cell])

    def _up(self, up: int | None) -> int | None:
        if self.rules.dealer_cards_face_down:
            if up is not None:
                raise SetupError("both dealer cards are face down under this profile: there is "
                                 "no up card (use up=None)")
            return None
        check_up(up)
        if up is None:
            raise SetupError("name the dealer's up card: 1 (ace) to 10")
        return up

    def cells(self, kind: str, doubled: bool = False) -> list[Cell]:
        """The table's cells of one kind ('hard', 'soft' or 'pair'), high totals first.

        >>> from cardrules.casino_pontoon.strategy import analyse_infinite
        >>> a = analyse_infinite(load_casino_pontoon("casino-pontoon-online"))
        >>> [c.total for c in a.cells("soft") if c.cards == 4][:3]
        [21, 20, 19]
        """
        if kind not in ("hard", "soft", "pair"):
            raise SetupError(f"kind is 'hard', 'soft' or 'pair', not {kind!r}")
        out = [c for c in self.values if c.kind == kind and c.doubled == doubled]
        return sorted(out, key=lambda c: (-c.total, c.cards, -1 if c.up is None else c.up))

    def table(self, kind: str, doubled: bool = False) -> tuple[list[str], list[list[str]]]:
        """The strategy table as a header and rows of letters (S, H, D, P).

        Rows are totals (or pair values); columns are, for each number of cards, each up
        card (or a single column when the dealer's cards are face down).  Blank: no such
        hand.  Split cells show P when splitting is best, else the best other move.

        >>> from cardrules.casino_pontoon.strategy import analyse_infinite
        >>> head, rows = analyse_infinite(load_casino_pontoon("casino-pontoon-online")).table("hard")
        >>> head
        ['hard', '2 cards', '3 cards', '4 cards']
        >>> rows[0], rows[4]
        (['21', '', 'S', 'S'], ['17', 'S', 'S', 'H'])
        """
        cells = self.cells(kind, doubled)
        ups = self.ups
        ns = sorted({c.cards for c in cells})
        header = [kind]
        for n in ns:
            if ups == (None,):
                header.append(f"{n} cards")
            else:
                header += [f"{n}:{_up_word(u)}" for u in ups]
        rows = []
        for total in sorted({c.total for c in cells}, reverse=True):
            label = _pair_word(total) if kind == "pair" else str(total)
            row = [label]
            for n in ns:
                for u in ups:
                    cell = Cell(kind, total, n, doubled, u)
                    vals = self.values.get(cell)
                    row.append("" if vals is None else max(vals, key=lambda m: vals[m]).letter)
            rows.append(row)
        return header, rows


def _up_word(up: int | None) -> str:
    return "-" if up is None else "A" if up == 1 else str(up)


def _pair_word(v: int) -> str:
    return "A,A" if v == 1 else "10,10" if v == 10 else f"{v},{v}"


def _cell_words(cell: Cell) -> str:
    up = "" if cell.up is None else f" against {_up_word(cell.up)}"
    return f"{cell.kind} {cell.total} with {cell.cards} cards{up}"


def kind_of(hard: int, ace: bool) -> tuple[str, int]:
    """A hand's row of the strategy table, from its hard total and whether it holds an
    ace: ``("soft", total)`` when an ace counts 11, else ``("hard", total)``.

    >>> kind_of(7, True), kind_of(17, True)
    (('soft', 17), ('hard', 17))
    """
    if isinstance(hard, bool) or not isinstance(hard, int) or not isinstance(ace, bool):
        raise SetupError(f"A hand's row needs a hard total and whether it holds an ace; got "
                         f"{hard!r}, {ace!r}.")
    soft = ace and hard + 10 <= 21
    return ("soft", hard + 10) if soft else ("hard", hard)


# The analyses take any shoe from one deck to a shoe so large that it is the infinite
# deck in all but name (the tests check that the finite model tends to the infinite one).
MAX_DECKS = 10_000


def check_rules(rules: CasinoPontoonRules) -> None:
    """Refuse a profile whose numbers the analyses cannot take, with a SetupError.

    >>> from dataclasses import replace
    >>> check_rules(replace(load_casino_pontoon(), decks=0))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: The strategy analysis takes a shoe of 1 to 10000 decks; the profile has 0.
    """
    check_profile(rules, CasinoPontoonRules, "The Casino Pontoon strategy analysis")
    decks = rules.decks
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= MAX_DECKS:
        raise SetupError(f"The strategy analysis takes a shoe of 1 to {MAX_DECKS} decks; the "
                         f"profile has {decks!r}.")
    if not isinstance(rules.max_hands, int) or not 0 <= rules.max_hands <= 64:
        raise SetupError(f"max_hands is 0 (no limit) to 64; the profile has {rules.max_hands!r}.")
    if rules.five_card_trick_pays not in ("3:2", "2:1"):
        raise SetupError("five_card_trick_pays is '3:2' or '2:1'; the profile has "
                         f"{rules.five_card_trick_pays!r}.")
