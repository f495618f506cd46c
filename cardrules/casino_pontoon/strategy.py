"""Exact optimal strategy and house edge for Casino Pontoon, by analysis (no simulation).

Two models of the shoe:

- **infinite deck**: every card is drawn with the same chances (1/13 each rank), so a
  hand's value depends only on its total, softness and number of cards.  This gives the
  basic strategy table and a house edge in well under a second.
- **finite shoe**, composition dependent: cards are drawn without replacement from the
  profile's shoe, the player's decisions depend on the exact cards held, and the dealer's
  chances are computed for the exact cards left.  Every unsplit hand is exact, including
  what the dealer's peek for pontoon tells about the shoe; split hands are each played
  against the shoe less the split pair (the usual post-split approximation, see
  :func:`analyse_shoe`).

This module holds the infinite-deck model; :mod:`.strategy_core` holds what both models
share (moves, hand specs, the dealer's stopping rule, the :class:`Analysis` table),
:mod:`.strategy_exact` the finite shoe and :mod:`.strategy_sim` the simulations.  Their
public names are re-exported here.

Card values are 1 (ace) to 10 (ten-cards) here.  Moves are judged per unit of the
hand's stake; a double is worth twice the doubled hand's value.

>>> from cardrules.casino_pontoon import load_casino_pontoon
>>> online = load_casino_pontoon("casino-pontoon-online")
>>> a = analyse_infinite(online)
>>> round(a.house_edge * 100, 3)
0.294
>>> a.best(hard_total(16), cards=4)
<Move.DOUBLE: 'double'>
>>> "".join(a.best(hard_total(9), cards=n).letter for n in (2, 3, 4))
'HDD'
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Sequence
from functools import cache

from ..cards import Card
from ..game import SetupError, check_card_list, check_copies
from .profile import CasinoPontoonRules
from .strategy_core import (
    BUST,
    FIVE,
    MAX_DECKS,
    OUTCOMES,
    PONTOON,
    VALUES,
    Analysis,
    Cell,
    HandSpec,
    Move,
    check_rules,
    check_up,
    dealer_stop,
    hard_total,
    kind_of,
    pair_of,
    soft_total,
    spec_of,
)
from .strategy_exact import (
    Final,
    ShoeModel,
    analyse_shoe,
    clear_shoe_caches,
    dealer_finals,
    shoe_model,
    shoe_move,
    shoe_policy,
    split_model,
)
from .strategy_sim import LazyShoe, SimulationResult, lean_round, simulate, simulate_fast
from .values import card_value


def _inf_p(v: int) -> float:
    return 4 / 13 if v == 10 else 1 / 13


@cache
def _dealer_inf(rules: CasinoPontoonRules, up: int | None) -> tuple[float, ...]:
    out = [0.0] * len(OUTCOMES)

    def rec(hard: int, ace: bool, n: int, prob: float, first: int | None) -> None:
        for v in VALUES:
            p = prob * _inf_p(v)
            h, a, m = hard + v, ace or v == 1, n + 1
            if m == 2 and {first, v} == {1, 10}:
                out[PONTOON] += p
                continue
            o = dealer_stop(h, a, m, rules)
            if o is None:
                rec(h, a, m, p, v if m == 1 else first)
            else:
                out[o] += p

    if up is None:
        rec(0, False, 0, 1.0, None)
    else:
        rec(up, up == 1, 1, 1.0, up)
    return tuple(out)


def dealer_outcomes(rules: CasinoPontoonRules, up: int | None = None) -> dict[str, float]:
    """The dealer's final outcome chances in the infinite-deck model, from an up card
    (1 for an ace .. 10) or, with ``up=None``, from the start [casino-pontoon.dealer].

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> blackjack_dealer = load_casino_pontoon().replace(dealer_hits_soft_17=False,
    ...                                                  dealer_five_card_trick=False)
    >>> d = dealer_outcomes(blackjack_dealer, 6)   # the classic blackjack figure: 42.32%
    >>> round(d["bust"], 4), round(sum(d.values()), 12)
    (0.4232, 1.0)
    >>> round(dealer_outcomes(load_casino_pontoon(), 1)["pontoon"], 4)
    0.3077
    """
    check_rules(rules)
    check_up(up)
    return dict(zip(OUTCOMES, _dealer_inf(rules, up), strict=True))


class _InfinitePlayer:
    """Optimal play against one dealer up card (or none), given no dealer pontoon."""

    def __init__(self, rules: CasinoPontoonRules, up: int | None) -> None:
        self.rules = rules
        raw = _dealer_inf(rules, up)
        self.no_pontoon = 1.0 - raw[PONTOON]
        self.d = [x / self.no_pontoon for x in raw[:PONTOON]]
        self.m5 = float(rules.five_card_trick_multiple)
        self.memo: dict[tuple[int, bool, int, bool, bool], dict[Move, float]] = {}

    def stand(self, best: int, n: int, pontoon: bool) -> float:
        """The value of standing on ``best`` with ``n`` cards (a pontoon pays 2)."""
        d = self.d
        if pontoon:
            return 2.0
        if n >= 5:
            return self.m5 * (1.0 - d[FIVE]) - d[FIVE]
        win = d[BUST] + sum(d[i] for i in range(5) if 17 + i < best)
        return win - (1.0 - win)

    def value(self, hard: int, ace: bool, n: int, doubled: bool, pontoon_ok: bool) -> float:
        """The value of a hand played on at its best (bust and five cards settled)."""
        if hard > 21:
            return -1.0
        if n >= 5:
            return self.stand(0, 5, False)
        return max(self.moves(hard, ace, n, doubled, pontoon_ok).values())

    def moves(self, hard: int, ace: bool, n: int, doubled: bool, pontoon_ok: bool
              ) -> dict[Move, float]:
        """Each legal move's value (no split) for a hand that is not finished."""
        key = (hard, ace, n, doubled, pontoon_ok)
        got = self.memo.get(key)
        if got is not None:
            return got
        soft = ace and hard + 10 <= 21
        best = hard + 10 if soft else hard
        pontoon = pontoon_ok and n == 2 and best == 21 and ace
        out: dict[Move, float] = {}
        if best >= 15:
            out[Move.STAND] = self.stand(best, n, pontoon)
        out[Move.HIT] = sum(_inf_p(v) * self.value(hard + v, ace or v == 1, n + 1, doubled, False)
                            for v in VALUES)
        if not doubled and 2 <= n <= 4:
            out[Move.DOUBLE] = 2 * sum(
                _inf_p(v) * self.value(hard + v, ace or v == 1, n + 1, True, False)
                for v in VALUES)
        self.memo[key] = out
        return out

    def split(self, c: int) -> float:
        """The value of splitting a pair of ``c`` (both hands together, per unit stake)."""
        rules = self.rules
        p_pair = 4 / 13 if c == 10 and rules.split_by == "value" else 1 / 13

        def hv(x: int) -> float:
            if {c, x} == {1, 10} and rules.split_pontoon:
                return self.stand(21, 2, True)
            return self.value(c + x, c == 1 or x == 1, 2, False, False)

        # A: the hands that cannot resplit (cards of the pair's value but not its rank
        # included); v_cc: a hand that receives a pairing card and does not resplit.
        a = sum(_inf_p(x) * hv(x) for x in VALUES) - p_pair * hv(c)
        v_cc = hv(c)
        limit = rules.max_hands
        if limit == 0:  # no limit: each one-card hand is worth G = A + p max(v_cc, 2G)
            g_split = a / (1 - 2 * p_pair)
            g = g_split if 2 * g_split >= v_cc else a + p_pair * v_cc
            return 2 * g

        @cache
        def f(pending: int, hands: int) -> float:
            if pending == 0:
                return 0.0
            rest = f(pending - 1, hands)
            if hands < limit:
                pair_value = max(v_cc + rest, f(pending + 1, hands + 1))
            else:
                pair_value = v_cc + rest
            return a + (1 - p_pair) * rest + p_pair * pair_value

        return f(2, 2)


def _hands_of(n: int) -> dict[tuple[int, bool], int]:
    """Every (hard total, has ace) of n cards with hard total <= 21: count of multisets."""
    out: dict[tuple[int, bool], int] = defaultdict(int)

    def rec(start: int, left: int, hard: int, ace: bool) -> None:
        if hard > 21:
            return
        if left == 0:
            out[(hard, ace)] += 1
            return
        for v in range(start, 11):
            rec(v, left - 1, hard + v, ace or v == 1)

    rec(1, n, 0, False)
    return out


def analyse_infinite(rules: CasinoPontoonRules) -> Analysis:
    """The exact optimal strategy and house edge in the infinite-deck model.

    The edge is per initial stake, with insurance never taken (it costs 1/13 of the
    insured amount in this model).

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> a = analyse_infinite(load_casino_pontoon())
    >>> round(a.house_edge * 100, 2), a.best(pair_of(8), up=6), a.best(pair_of(8), up=10)
    (3.54, <Move.SPLIT: 'split'>, <Move.STAND: 'stand'>)
    """
    check_rules(rules)
    return _analyse_infinite(rules)


@cache
def _analyse_infinite(rules: CasinoPontoonRules) -> Analysis:
    t0 = time.perf_counter()
    ups: tuple[int | None, ...] = (None,) if rules.dealer_cards_face_down else tuple(VALUES)
    values: dict[Cell, dict[Move, float]] = {}
    ev = 0.0
    for up in ups:
        pl = _InfinitePlayer(rules, up)
        p_up = 1.0 if up is None else _inf_p(up)
        for n in (2, 3, 4):
            for (hard, ace) in _hands_of(n):
                kind, total = kind_of(hard, ace)
                for doubled in (False, True):
                    if doubled and n == 2:
                        continue
                    cell = Cell(kind, total, n, doubled, up)
                    if cell not in values:
                        values[cell] = pl.moves(hard, ace, n, doubled, False)
        for c in VALUES:
            moves = dict(pl.moves(2 * c, c == 1, 2, False, False))
            if rules.max_hands != 1:
                moves[Move.SPLIT] = pl.split(c)
            values[Cell("pair", c, 2, False, up)] = moves
        e_up = 0.0
        for a in VALUES:
            for b in VALUES:
                if a == b:
                    vals = values[Cell("pair", a, 2, False, up)]
                    v = max(vals.values())
                    if a == 10 and rules.split_by == "rank":  # 1 in 4 ten pairs match ranks
                        v = 0.25 * v + 0.75 * max(x for m, x in vals.items() if m is not Move.SPLIT)
                else:
                    v = max(pl.moves(a + b, a == 1 or b == 1, 2, False, True).values())
                e_up += _inf_p(a) * _inf_p(b) * v
        e_up = -(1 - pl.no_pontoon) + pl.no_pontoon * e_up
        ev += p_up * e_up
    return Analysis(rules, "infinite deck", -ev, ups, values, time.perf_counter() - t0)


def strategy_values(rules: CasinoPontoonRules, cards: Sequence[Card], up: Card | None = None,
                    doubled: bool = False, split_hand: bool = False) -> dict[Move, float]:
    """The infinite-deck value of each legal move for real cards, per unit of the hand's
    stake before this move: what the strategy trainer explains its answers with.

    >>> from cardrules.cards import parse_cards, parse_card
    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> v = strategy_values(load_casino_pontoon(), parse_cards("10S 6D"), parse_card("10C"))
    >>> max(v, key=v.get), round(v[Move.STAND], 3), round(v[Move.HIT], 3)
    (<Move.STAND: 'stand'>, -0.541, -0.6)
    >>> strategy_values(load_casino_pontoon().replace(decks=1), parse_cards("AS AS"),
    ...                 parse_card("AC"))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the hand and the up card holds 2 copies of A♠, but 1 pack holds only 1 of each card.
    """
    check_rules(rules)
    cards = check_card_list(cards, "the hand")
    for flag, what in ((doubled, "doubled"), (split_hand, "split_hand")):
        if not isinstance(flag, bool):
            raise SetupError(f"{what} is True or False; got {flag!r}.")
    if not 2 <= len(cards) <= 4:
        raise SetupError(f"a hand still to play has 2 to 4 cards, got {len(cards)}")
    if rules.dealer_cards_face_down:
        if up is not None:
            raise SetupError("both dealer cards are face down under this profile: give up=None")
        u: int | None = None
        check_copies(cards, rules.decks, "the hand")
    else:
        if up is None:
            raise SetupError("give the dealer's up card")
        (up,) = check_card_list((up,), "the dealer's up card")
        check_copies((*cards, up), rules.decks, "the hand and the up card")
        u = card_value(up)
    values = [card_value(c) for c in cards]
    hard, ace = sum(values), 1 in values
    if hard > 21:
        raise SetupError("the hand is bust: there is nothing to decide")
    pl = _player(rules, u)
    pontoon_ok = not split_hand or rules.split_pontoon
    out = dict(pl.moves(hard, ace, len(cards), doubled, pontoon_ok))
    if len(cards) == 2 and values[0] == values[1] and rules.max_hands != 1:
        same = cards[0].rank is cards[1].rank or rules.split_by == "value"
        if same and not split_hand:
            out[Move.SPLIT] = pl.split(values[0])
    return out


@cache
def _player(rules: CasinoPontoonRules, up: int | None) -> _InfinitePlayer:
    return _InfinitePlayer(rules, up)


def best_move(rules: CasinoPontoonRules, cards: Sequence[Card], up: Card | None = None,
              doubled: bool = False, split_hand: bool = False) -> Move:
    """The best move for real cards in the infinite-deck model.

    >>> from cardrules.cards import parse_cards, parse_card
    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> best_move(load_casino_pontoon(), parse_cards("AS AD"), parse_card("7C"))
    <Move.SPLIT: 'split'>
    """
    v = strategy_values(rules, cards, up, doubled, split_hand)
    return max(v, key=lambda m: v[m])


def clear_caches() -> None:
    """Forget every analysis worked out so far (both models), so that the next one is
    timed from the start (the benchmarks do).

    >>> clear_caches()
    """
    _analyse_infinite.cache_clear()
    _dealer_inf.cache_clear()
    _player.cache_clear()
    clear_shoe_caches()


__all__ = [
    "BUST", "FIVE", "MAX_DECKS", "OUTCOMES", "PONTOON", "VALUES", "Analysis", "Cell", "Final",
    "HandSpec", "LazyShoe", "Move", "ShoeModel", "SimulationResult", "analyse_infinite",
    "analyse_shoe", "best_move", "check_rules", "check_up", "clear_caches", "dealer_finals",
    "dealer_outcomes", "dealer_stop", "hard_total", "kind_of", "lean_round", "pair_of",
    "shoe_model", "shoe_move", "shoe_policy", "simulate", "simulate_fast", "soft_total",
    "spec_of", "split_model", "strategy_values",
]
