"""The table's arithmetic on cards: whether cards split into sets of a value, one way to
split them, and whether a hand keeps the cards that capture its builds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import (
    Card,
    parse_cards,  # noqa: F401  (doctests)
)
from .rules import (
    CasinoRules,
    load_casino,  # noqa: F401  (doctests)
)
from .sets import counts_of, group, splits
from .state import CasinoState, _card_order, _sum_value, _valued

__all__ = ["partition"]
_OPEN = frozenset({()})


def _splittable(cards: Sequence[Card], value: int, royal: bool) -> bool:
    """Whether ``cards`` split into sets each worth ``value`` (see :func:`partition`).

    >>> _splittable(parse_cards("AH 2C 5D 8D"), 8, False)
    True
    """
    if not cards:
        return True
    vals = []
    for c in cards:
        v = _sum_value(c, royal)
        if not v or v > value:
            return False
        vals.append(v)
    ace14 = royal and value == 14
    if not ace14 and sum(vals) % value:
        return False
    return splits(value, counts_of(vals, value), _OPEN, ace14)


def partition(cards: Sequence[Card], value: int, rules: CasinoRules
              ) -> tuple[tuple[Card, ...], ...] | None:
    """Split ``cards`` into sets each worth ``value`` (a card of that value alone is a
    set), or None if they cannot be [casino.capture.numeral].

    >>> r = load_casino()
    >>> [" ".join(map(str, p)) for p in partition(parse_cards("AH 2C 5D 8D"), 8, r)]
    ['8♦', '5♦ 2♣ A♥']
    >>> partition(parse_cards("AH 2C 5D 6H 7C 8D"), 8, r) is None
    True
    """
    royal = rules.royal
    if not cards:
        return ()
    if any(not _valued(c, royal) for c in cards):
        return None
    if not _splittable(cards, value, royal):
        return None
    ordered = sorted(cards, key=_card_order)
    vals = [_sum_value(c, royal) for c in ordered]
    groups = group(vals, value, royal and value == 14)
    if groups is None:
        return None
    return _tidy(tuple(ordered[i] for i in g) for g in groups)


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


def _rest(state: CasinoState, card: Card) -> tuple[Card, ...]:
    """The hand of the player to move without ``card``."""
    hand = state.hands[state.turn]
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _owned(state: CasinoState, seat: int) -> list[int]:
    return [b.value for b in state.builds if b.owner == seat]
