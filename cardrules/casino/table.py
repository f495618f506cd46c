"""The table: builds, and the arithmetic of cards on it (whether cards split into sets of a
value, one way to split them) and of the hand (whether it keeps a card for each build its
player owns).

>>> r = load_casino()
>>> [" ".join(map(str, p)) for p in partition(parse_cards("AH 2C 5D 8D"), 8, r)]
['8♦', '5♦ 2♣ A♥']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card, parse_cards  # noqa: F401  (doctests)
from ..game import SetupError, check_card_list, check_profile
from .profile import CasinoRules, load_casino  # noqa: F401  (load_casino: doctests)
from .sets import OPEN, counts_of, group, splits
from .values import CODE_OF, card_code, code_value

#: the seats' names for a build's caption when the game names none
COMPASS = ("North", "East", "South", "West")


@dataclass(frozen=True)
class TableBuild:
    """A build on the table: its announced value, its sets, its owner and its kind.

    ``parts`` are the sets of the build, each adding up to ``value`` (one set for a
    single build).  ``owner`` is the seat that made it or last added to it.

    >>> b = TableBuild(9, (parse_cards("3C 4D 2S"), parse_cards("9H")), 1)
    >>> b.multiple, " ".join(map(str, b.cards)), b.label(("North", "South"))
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

    def label(self, names: Sequence[str] = COMPASS) -> str:
        """A caption such as ``Build of 9 (single), owner North``."""
        kind = "multiple" if self.multiple else "single"
        return f"Build of {self.value} ({kind}), owner {names[self.owner]}"


def build_of(builds: Iterable[TableBuild], value: object) -> TableBuild | None:
    """The build of ``value`` among ``builds``, if any (the table never holds two builds
    of one value).

    >>> build_of([TableBuild(7, (parse_cards("3C 4D"),), 0)], 7).value
    7
    """
    for b in builds:
        if b.value == value:
            return b
    return None


def owned_values(builds: Iterable[TableBuild], seat: int) -> list[int]:
    """The values of the builds ``seat`` owns.

    >>> owned_values([TableBuild(7, (parse_cards("3C 4D"),), 1)], 1)
    [7]
    """
    return [b.value for b in builds if b.owner == seat]


# -- sets of a value ------------------------------------------------------------------------
def splittable(cards: Sequence[Card], value: int, royal: bool) -> bool:
    """Whether ``cards`` split into sets each worth ``value``: a card of that value alone,
    or cards adding up to it (in Royal Casino an ace alone may also be worth 14), each
    card in one set only [casino.capture.numeral].

    >>> splittable(parse_cards("AH 2C 5D 8D"), 8, False)
    True
    >>> splittable(parse_cards("AH 2C 5D 6H 7C 8D"), 8, False)
    False
    """
    if not cards:
        return True
    vals = []
    for c in cards:
        v = code_value(card_code(c), royal)
        if not v or v > value:
            return False
        vals.append(v)
    ace14 = royal and value == 14
    if not ace14 and sum(vals) % value:
        return False
    return splits(value, counts_of(vals, value), OPEN, ace14)


def partition(cards: Sequence[Card], value: int, rules: CasinoRules
              ) -> tuple[tuple[Card, ...], ...] | None:
    """Split ``cards`` into sets each worth ``value`` (a card of that value alone is a
    set), or None if they cannot be [casino.capture.numeral].  The sets read from their
    highest card down, single cards first: one grouping, the same every time.

    >>> r = load_casino()
    >>> [" ".join(map(str, p)) for p in partition(parse_cards("AH 2C 5D 8D"), 8, r)]
    ['8♦', '5♦ 2♣ A♥']
    >>> partition(parse_cards("AH 2C 5D 6H 7C 8D"), 8, r) is None
    True
    """
    cards = check_card_list(cards, "the cards to split")
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise SetupError(f"the value of a set is a whole number from 1; got {value!r}")
    return parts_of(cards, value, check_profile(rules, CasinoRules, "Casino").royal)


def parts_of(cards: Sequence[Card], value: int, royal: bool
             ) -> tuple[tuple[Card, ...], ...] | None:
    """:func:`partition` of cards the caller has checked, with the Royal Casino switch.

    >>> [" ".join(map(str, p)) for p in parts_of(parse_cards("AH 2C 5D 8D"), 8, False)]
    ['8♦', '5♦ 2♣ A♥']
    """
    if not cards:
        return ()
    codes = [code_of(c) for c in cards]
    order = sorted(range(len(codes)), key=codes.__getitem__)  # card order
    layout = set_layout(tuple([code_value(codes[i], royal) for i in order]), value,
                        royal and value == 14)
    if layout is None:
        return None
    return tuple([tuple([cards[order[i]] for i in part]) for part in layout])


@lru_cache(maxsize=1 << 12)
def set_layout(vals: tuple[int, ...], value: int, ace14: bool
               ) -> tuple[tuple[int, ...], ...] | None:
    """How cards of these values (in card order) split into sets of ``value``: each set as
    positions from its highest card down, single cards first (the grouping
    :func:`partition` gives); None when they do not split.  A pure function of the values.

    >>> set_layout((1, 2, 5, 8), 8, False)
    ((3,), (2, 1, 0))
    """
    if any(not v or v > value for v in vals):
        return None
    if not ace14 and sum(vals) % value:
        return None
    if not splits(value, counts_of(vals, value), OPEN, ace14):
        return None
    groups = group(list(vals), value, ace14)
    if groups is None:
        return None
    return tidy_positions(groups)


def tidy_positions(parts: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    """Sets of positions (of cards in card order) for reading: each from its highest card
    down, single cards first.

    >>> tidy_positions([[0, 1, 2], [3]])
    ((3,), (2, 1, 0))
    """
    desc = [tuple(sorted(p, reverse=True)) for p in parts]
    desc.sort(key=lambda p: (len(p), [-i for i in p]))
    return tuple(desc)


def tidy(parts: Iterable[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Sets of cards for reading: each from its highest card down, single cards first.

    >>> [" ".join(map(str, p)) for p in tidy([parse_cards("AH 7C"), parse_cards("8D")])]
    ['8♦', '7♣ A♥']
    """
    desc = [tuple(sorted(p, key=card_code, reverse=True)) for p in parts]
    desc.sort(key=lambda p: (len(p), [-card_code(c) for c in p]))
    return tuple(desc)


def code_of(card: Card) -> int:
    """:func:`~cardrules.casino.values.card_code`, looked up by identity for the pack's own
    cards.

    >>> code_of(parse_cards("AS")[0])
    7
    """
    code = CODE_OF.get(id(card))
    return card_code(card) if code is None else code


# -- holding the capturing cards -------------------------------------------------------------
def covers(rest: Sequence[Card], needed: Iterable[int], royal: bool) -> bool:
    """Whether the cards ``rest`` hold a different card for each value in ``needed``
    [casino.build.owner].

    >>> covers(parse_cards("8S 3D"), {8, 3}, False), covers(parse_cards("8S"), {8, 3}, False)
    (True, False)
    """
    need = set(needed)
    if not need:
        return True
    return covers_vals([code_value(card_code(c), royal) for c in rest], need, royal)


def covers_vals(have: Sequence[int], need: Iterable[int], royal: bool) -> bool:
    """Whether the hand values ``have`` give a different card for each value in ``need``
    (in Royal Casino one ace serves 1 or 14, not both).

    >>> covers_vals([1, 9], [1, 14], True), covers_vals([1, 1], [1, 14], True)
    (False, True)
    """
    aces = 0
    for v in need:
        if royal and (v == 1 or v == 14):
            aces += 1
        elif v not in have:
            return False
    return aces == 0 or have.count(1) >= aces


def rest_of_hand(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The hand without one copy of ``card``: what is held after playing it.

    >>> rest_of_hand(parse_cards("8S 3D 8S"), parse_cards("8S")[0])
    (Card('3♦'), Card('8♠'))
    """
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]
