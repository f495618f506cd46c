"""An independent, brute-force statement of Casino's legal plays, straight from RULES.md §4.

It tries every subset of the table for every card and every announced value, with plain
recursion and none of the engine's bit masks or caches: slow, but easy to check by eye.
The test suite compares ``cardrules.casino.legal_actions`` with it on random positions, and
the benchmark times both on a crowded table.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from cardrules import casino
from cardrules.cards import Card, Rank
from cardrules.casino import Build, Capture, CasinoState, Trail


def values(card: Card, royal: bool) -> tuple[int, ...]:
    """What a card alone is worth: A-10 their pips; J Q K nothing, or 11 12 13 in Royal
    Casino, where an ace is 1 or 14."""
    p = card.rank.pips
    if royal:
        return (1, 14) if card.rank is Rank.ACE else (p,)
    return (p,) if p <= 10 else ()


def set_worth(group: Sequence[Card], value: int, royal: bool) -> bool:
    """A single card of the value, or several cards adding up to it (aces count 1)."""
    if len(group) == 1:
        return value in values(group[0], royal)
    total = 0
    for c in group:
        v = values(c, royal)
        if not v:
            return False
        total += v[0]
    return total == value


def splits(cards: Sequence[Card], value: int, royal: bool) -> bool:
    """Whether the cards split into sets each worth ``value``, each card in one set."""
    if not cards:
        return True
    # quick necessary test: the total (aces 1, or 14 on their own) is a multiple of value
    counted = [values(c, royal) for c in cards]
    if not all(counted):
        return False
    total = sum(v[0] for v in counted)
    aces = sum(1 for v in counted if len(v) == 2)
    if all((total + 13 * j) % value for j in range(aces + 1)):
        return False
    return _splits(tuple(sorted(cards)), value, royal)


@cache
def _splits(cards: tuple[Card, ...], value: int, royal: bool) -> bool:
    if not cards:
        return True
    first, rest = cards[0], list(cards[1:])
    for r in range(len(rest) + 1):
        for combo in itertools.combinations(rest, r):
            if set_worth((first, *combo), value, royal):
                left = tuple(c for c in rest if c not in combo)
                if _splits(left, value, royal):
                    return True
    return False


def holds(rest: Sequence[Card], needed: set[int], royal: bool) -> bool:
    """A different card of ``rest`` for each needed value."""
    need = sorted(needed)
    if not need:
        return True
    v = need[0]
    for i, c in enumerate(rest):
        if v in values(c, royal) and holds(rest[:i] + rest[i + 1:], set(need[1:]), royal):
            return True
    return False


def subsets(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [combo for r in range(len(cards) + 1) for combo in itertools.combinations(cards, r)]


def reference_moves(s: CasinoState) -> set[tuple[object, ...]]:
    rules = s.rules
    royal = rules.royal
    maxv = 14 if royal else 10
    hand = list(s.hands[s.turn])
    loose = list(s.loose)
    builds = {b.value: b for b in s.builds}
    owned = {b.value for b in s.builds if b.owner == s.turn}
    out: set[tuple[object, ...]] = set()
    all_subsets = subsets(loose)
    for c in hand:
        rest = [x for x in hand if x != c]
        if (not owned or rules.owner_may_trail) and holds(rest, owned, royal):
            out.add(("T", c))
        vs = values(c, royal)
        if not vs:  # a base-game face card: one card of its rank
            for t in loose:
                if t.rank is c.rank and holds(rest, owned, royal):
                    out.add(("C", c, frozenset([t]), None))
            continue
        for sub in all_subsets:
            for b in [None, *[v for v in vs if v in builds]]:
                if not sub and b is None:
                    continue
                tries = [b] if b is not None else list(vs)
                if any(splits(sub, v, royal) for v in tries if v is not None):
                    need = owned - {b} if b is not None else owned
                    if holds(rest, need, royal):
                        out.add(("C", c, frozenset(sub), b))
            for v in range(1, maxv + 1):
                if (sub or v in builds) and splits([c, *sub], v, royal) and holds(
                        rest, owned | {v}, royal):
                    out.add(("B", c, v, frozenset(sub)))
        w = 1 if c.rank is Rank.ACE else vs[0]
        for b in s.builds:
            nv = b.value + w
            if b.multiple or nv > maxv:
                continue
            for sub in all_subsets:
                if all(nv in values(t, royal) for t in sub) and holds(
                        rest, (owned - {b.value}) | {nv}, royal):
                    out.add(("I", c, b.value, nv, frozenset(sub)))
    return out


def key(m: casino.Move) -> tuple[object, ...]:
    if isinstance(m, Trail):
        return ("T", m.card)
    if isinstance(m, Capture):
        return ("C", m.card, frozenset(m.loose), m.build)
    if isinstance(m, Build):
        return ("B", m.card, m.value, frozenset(m.loose))
    return ("I", m.card, m.build, m.value, frozenset(m.loose))


