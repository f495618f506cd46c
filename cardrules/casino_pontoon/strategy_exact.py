"""The exact composition-dependent analysis of Casino Pontoon for the profile's finite
shoe, and the engine policy that plays it.  (Re-exported by :mod:`.strategy`.)"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterable
from functools import cache

from ..errors import IllegalAction
from ..game import SetupError
from .actions import Action, Double, Hit, NoInsurance, Split, Stand
from .checks import can_split
from .profile import CasinoPontoonRules
from .state import Phase, RoundState, round_state
from .strategy_core import (
    BUST,
    FIVE,
    OUTCOMES,
    PONTOON,
    VALUES,
    Analysis,
    Cell,
    Move,
    check_rules,
    check_up,
    dealer_stop,
    hard_total,  # noqa: F401  (the doctests name hands with it)
    kind_of,
)
from .values import card_value

Final = tuple[int, int, int, tuple[tuple[int, int], ...]]


def dealer_finals(rules: CasinoPontoonRules, up: int | None) -> tuple[Final, ...]:
    """Every final dealer hand as (outcome, cards drawn, number of orders, ((value, count),
    ...)) over the cards drawn after the up card (1 for an ace .. 10, None with both cards
    face down).  All orders of the same cards are equally likely from any shoe, so a
    final's chance is orders x prod(falling factorials) / the falling factorial of the
    shoe size.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> [f for f in dealer_finals(load_casino_pontoon(), 10) if f[0] == PONTOON]
    [(7, 1, 1, ((1, 1),))]
    """
    check_rules(rules)
    check_up(up)
    return _dealer_finals(rules, up)


@cache
def _dealer_finals(rules: CasinoPontoonRules, up: int | None) -> tuple[Final, ...]:
    frontier: dict[tuple[int, ...], int] = {(): 1}
    finals: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
    while frontier:
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for q, orders in frontier.items():
            for v in VALUES:
                q2 = tuple(sorted((*q, v)))
                hand = q2 if up is None else (up, *q2)
                n = len(hand)
                hard = sum(hand)
                if n == 2 and {hand[0], hand[1]} == {1, 10}:
                    finals[(PONTOON, q2)] += orders
                    continue
                o = dealer_stop(hard, 1 in hand, n, rules)
                if o is None:
                    nxt[q2] += orders
                else:
                    finals[(o, q2)] += orders
        frontier = nxt
    out = []
    for (o, q), orders in finals.items():
        counts = tuple(sorted({v: q.count(v) for v in q}.items()))
        out.append((o, len(q), orders, counts))
    return tuple(out)


def _falling(n: int, k: int) -> float:
    out = 1.0
    for j in range(k):
        out *= n - j
    return out


class ShoeModel:
    """Composition-dependent values against one up card (or none) from a finite shoe.

    Values are *joint* with the dealer having no pontoon: the expected payoff times the
    indicator that the dealer has no pontoon, given the player's cards.  Comparing moves
    at one node needs no normalising, since every move there shares the same factor.
    """

    base: list[int]
    n_base: int
    max_m: int
    max_k: int
    finals_base: list[tuple[int, int, float, dict[int, int]]]
    groups: dict[tuple[int, ...], list[tuple[int, int, tuple[int, ...], float]]]
    dealer_memo: dict[tuple[int, ...], list[float]]
    ratios: list[list[list[float]]]

    def __init__(self, rules: CasinoPontoonRules, up: int | None, extra: tuple[int, ...] = (),
                 shared: ShoeModel | None = None) -> None:
        self.rules = rules
        self.up = up
        self.extra = extra
        self.m5 = float(rules.five_card_trick_multiple)
        if shared is not None:
            self.base, self.n_base = shared.base, shared.n_base
            self.groups, self.dealer_memo = shared.groups, shared.dealer_memo
            self.finals_base, self.ratios = shared.finals_base, shared.ratios
            self.max_m, self.max_k = shared.max_m, shared.max_k
        else:
            base = [0] + [4 * rules.decks] * 9 + [16 * rules.decks]
            if up is not None:
                base[up] -= 1
            self.base, self.n_base = base, sum(base)
            finals = _dealer_finals(rules, up)
            self.max_m = max((m for f in finals for _, m in f[3]), default=0)
            self.max_k = max((f[1] for f in finals), default=0)
            self.finals_base = [
                (o, k, orders * _prod(_falling(base[v], m) for v, m in counts), dict(counts))
                for o, k, orders, counts in finals]
            self.groups = {}
            self.dealer_memo = {}
            # ratios[v][x][m] = falling(base_v - x, m) / falling(base_v, m)
            self.ratios = [[[_falling(base[v] - x, m) / _falling(base[v], m)
                             if _falling(base[v], m) else 0.0
                             for m in range(self.max_m + 1)] for x in range(12)]
                           for v in range(11)]
        self.memo: dict[tuple[tuple[int, ...], bool, bool], dict[Move, float]] = {}

    # the dealer, given cards removed from the base shoe
    def _group(self, support: tuple[int, ...]) -> list[tuple[int, int, tuple[int, ...], float]]:
        got = self.groups.get(support)
        if got is None:
            acc: dict[tuple[int, int, tuple[int, ...]], float] = defaultdict(float)
            for o, k, w, counts in self.finals_base:
                acc[(o, k, tuple(counts.get(v, 0) for v in support))] += w
            got = [(o, k, pat, w) for (o, k, pat), w in acc.items()]
            self.groups[support] = got
        return got

    def dealer(self, removed: tuple[int, ...]) -> list[float]:
        """Joint chances of each dealer outcome (pontoon included) given removed cards."""
        got = self.dealer_memo.get(removed)
        if got is not None:
            return got
        support = tuple(sorted(set(removed)))
        xs = [removed.count(v) for v in support]
        n = self.n_base - len(removed)
        inv = [1.0 / _falling(n, k) for k in range(self.max_k + 1)]
        out = [0.0] * len(OUTCOMES)
        ratios = self.ratios
        rows = [ratios[v][x] for v, x in zip(support, xs, strict=True)]
        for o, k, pat, w in self._group(support):
            for row, m in zip(rows, pat, strict=True):
                w *= row[m]
            out[o] += w * inv[k]
        self.dealer_memo[removed] = out
        return out

    def no_pontoon(self, removed: tuple[int, ...]) -> float:
        """The chance that the dealer has no pontoon, given removed cards."""
        n = self.n_base - len(removed)
        aces = self.base[1] - removed.count(1)
        tens = self.base[10] - removed.count(10)
        if self.up is None:
            return 1.0 - 2.0 * aces * tens / (n * (n - 1))
        if self.up == 1:
            return 1.0 - tens / n
        if self.up == 10:
            return 1.0 - aces / n
        return 1.0

    # the player
    def stand(self, hand: tuple[int, ...], pontoon: bool) -> float:
        """The value of standing on ``hand`` (joint with no dealer pontoon)."""
        removed = tuple(sorted(hand + self.extra))
        if pontoon:
            return 2.0 * self.no_pontoon(removed)
        d = self.dealer(removed)
        if len(hand) >= 5:
            five = d[FIVE]
            return self.m5 * (sum(d[:BUST + 1]) - five) - five
        hard = sum(hand)
        best = hard + 10 if 1 in hand and hard + 10 <= 21 else hard
        win = d[BUST] + sum(d[i] for i in range(5) if 17 + i < best)
        lose = sum(d[:BUST + 1]) - win
        return win - lose

    def value(self, hand: tuple[int, ...], doubled: bool, pontoon_ok: bool) -> float:
        """The value of ``hand`` played on at its best (bust and five cards settled)."""
        if sum(hand) > 21:
            return -self.no_pontoon(tuple(sorted(hand + self.extra)))
        if len(hand) >= 5:
            return self.stand(hand, False)
        return max(self.moves(hand, doubled, pontoon_ok).values())

    def draw_chances(self, hand: tuple[int, ...]) -> list[tuple[int, float]]:
        """The chance of each card value as the next card, given the cards out."""
        removed = hand + self.extra
        n = self.n_base - len(removed)
        return [(v, (self.base[v] - removed.count(v)) / n) for v in VALUES]

    def moves(self, hand: tuple[int, ...], doubled: bool, pontoon_ok: bool) -> dict[Move, float]:
        """Each legal move's value (no split) for a hand that is not finished."""
        key = (hand, doubled, pontoon_ok)
        got = self.memo.get(key)
        if got is not None:
            return got
        n = len(hand)
        hard = sum(hand)
        ace = 1 in hand
        best = hard + 10 if ace and hard + 10 <= 21 else hard
        pontoon = pontoon_ok and n == 2 and best == 21 and ace
        out: dict[Move, float] = {}
        if best >= 15:
            out[Move.STAND] = self.stand(hand, pontoon)
        chances = [(_insert(hand, v), p) for v, p in self.draw_chances(hand) if p > 0]
        out[Move.HIT] = sum(p * self.value(h, doubled, False) for h, p in chances)
        if not doubled and 2 <= n <= 4:
            out[Move.DOUBLE] = 2 * sum(p * self.value(h, True, False) for h, p in chances)
        self.memo[key] = out
        return out

    def split(self, c: int) -> float:
        """Splitting a pair of ``c``: each hand is played against the shoe less both pair
        cards (the other hands' later cards are not removed)."""
        rules = self.rules
        sub = _split_model(rules, self.up, c) if not self.extra else ShoeModel(
            rules, self.up, (*self.extra, c), shared=self)
        removed = (c, c)
        left = self.n_base - 2
        if c == 10 and rules.split_by == "rank":
            p_pair = (self.base[10] // 4 - 2) / left
        else:
            p_pair = (self.base[c] - 2) / left

        def hv(x: int) -> float:
            hand = tuple(sorted((c, x)))
            if {c, x} == {1, 10} and rules.split_pontoon:
                return sub.stand(hand, True)
            return sub.value(hand, False, False)

        chances = [(v, (self.base[v] - removed.count(v)) / left) for v in VALUES]
        a = sum(p * hv(x) for x, p in chances) - p_pair * hv(c)
        v_cc = hv(c)
        limit = rules.max_hands
        if limit == 0:
            g_split = a / (1 - 2 * p_pair)
            g = g_split if 2 * g_split >= v_cc else a + p_pair * v_cc
            return 2 * g

        @cache
        def f(pending: int, hands: int) -> float:
            if pending == 0:
                return 0.0
            rest = f(pending - 1, hands)
            pair_value = v_cc + rest
            if hands < limit:
                pair_value = max(pair_value, f(pending + 1, hands + 1))
            return a + (1 - p_pair) * rest + p_pair * pair_value

        return f(2, 2)


def _prod(xs: Iterable[float]) -> float:
    out = 1.0
    for x in xs:
        out *= x
    return out


def _insert(hand: tuple[int, ...], v: int) -> tuple[int, ...]:
    i = 0
    while i < len(hand) and hand[i] < v:
        i += 1
    return (*hand[:i], v, *hand[i:])


def _multisets(n: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []

    def rec(start: int, acc: tuple[int, ...]) -> None:
        if len(acc) == n:
            out.append(acc)
            return
        for v in range(start, 11):
            rec(v, (*acc, v))

    rec(1, ())
    return out


def analyse_shoe(rules: CasinoPontoonRules) -> Analysis:
    """The exact composition-dependent analysis for the profile's finite shoe.

    Every decision is made on the exact cards held; the dealer's chances and the
    player's draws are computed for the exact cards left, joint with what the dealer's
    peek says (no pontoon).  Split hands are each valued against the shoe less the two
    pair cards (the cards the other split hands draw are not removed), the usual
    approximation; splits are a small part of the game (about 1 round in 80 splits).

    The table is collapsed to totals: in each cell, the move with the best total value
    over every composition in the cell, each weighted by its chance to be dealt.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> small = load_casino_pontoon("casino-pontoon-online").replace(decks=1)
    >>> a = analyse_shoe(small)
    >>> a.model, a.best(hard_total(16), cards=4)
    ('1-deck shoe, composition dependent', <Move.DOUBLE: 'double'>)
    """
    check_rules(rules)
    return _analyse_shoe(rules)


@cache
def _analyse_shoe(rules: CasinoPontoonRules) -> Analysis:
    t0 = time.perf_counter()
    ups: tuple[int | None, ...] = (None,) if rules.dealer_cards_face_down else tuple(VALUES)
    full = [0] + [4 * rules.decks] * 9 + [16 * rules.decks]
    n_full = sum(full)
    sums: dict[Cell, dict[Move, float]] = {}
    weights: dict[Cell, float] = defaultdict(float)
    ev = 0.0
    for up in ups:
        model = _shoe_model(rules, up)
        p_up = 1.0 if up is None else full[up] / n_full
        e_up = 0.0
        for n in (2, 3, 4):
            for hand in _multisets(n):
                if sum(hand) > 21:
                    continue
                p_hand = _deal_chance(model, hand)
                if p_hand == 0.0:
                    continue
                kind, total = kind_of(sum(hand), 1 in hand)
                for doubled in (False, True):
                    if doubled and n == 2:
                        continue
                    cell = Cell(kind, total, n, doubled, up)
                    _add(sums, weights, cell, p_hand, model.moves(hand, doubled, False),
                         model.no_pontoon(hand))
                if n == 2:
                    pair = hand[0] == hand[1]
                    moves = model.moves(hand, False, True)
                    if pair:
                        moves = dict(model.moves(hand, False, False))
                        if rules.max_hands != 1:
                            moves[Move.SPLIT] = model.split(hand[0])
                        _add(sums, weights, Cell("pair", hand[0], 2, False, up), p_hand, moves,
                             model.no_pontoon(hand))
                    v = max(moves.values())
                    if pair and hand[0] == 10 and rules.split_by == "rank":
                        same = (model.base[10] // 4 - 1) / (model.base[10] - 1)
                        rest = max(x for m, x in moves.items() if m is not Move.SPLIT)
                        v = same * v + (1 - same) * rest
                    e_up += p_hand * (v - (1 - model.no_pontoon(hand)))
        ev += p_up * e_up
    values = {c: {m: x / weights[c] for m, x in mv.items()} for c, mv in sums.items()}
    return Analysis(rules, f"{rules.decks}-deck shoe, composition dependent", -ev, ups, values,
                    time.perf_counter() - t0)


def _deal_chance(model: ShoeModel, hand: tuple[int, ...]) -> float:
    """The chance that the first cards dealt to the player are this multiset."""
    n = len(hand)
    orders = _factorial(n)
    w = 1.0
    for v in set(hand):
        m = hand.count(v)
        orders //= _factorial(m)
        w *= _falling(model.base[v], m)
    return orders * w / _falling(model.n_base, n)


def _factorial(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


def _add(sums: dict[Cell, dict[Move, float]], weights: dict[Cell, float], cell: Cell,
         p: float, moves: dict[Move, float], no_pontoon: float) -> None:
    into = sums.setdefault(cell, {})
    for m, x in moves.items():
        into[m] = into.get(m, 0.0) + p * x
    weights[cell] += p * no_pontoon


def shoe_model(rules: CasinoPontoonRules, up: int | None) -> ShoeModel:
    """The finite-shoe model against one up card (or none), built once per rules and up
    card: the moves of every hand dealt from the full shoe.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> m = shoe_model(load_casino_pontoon().replace(decks=1), 6)
    >>> max(m.moves((10, 6), False, True), key=m.moves((10, 6), False, True).get)
    <Move.STAND: 'stand'>
    """
    check_rules(rules)
    check_up(up)
    return _shoe_model(rules, up)


@cache
def _shoe_model(rules: CasinoPontoonRules, up: int | None) -> ShoeModel:
    return ShoeModel(rules, up)


def split_model(rules: CasinoPontoonRules, up: int | None, c: int) -> ShoeModel:
    """The finite-shoe model of a hand split from a pair of ``c``: the shoe less that card
    (the other pair card is the hand's own), sharing the dealer's tables with
    :func:`shoe_model`.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> split_model(load_casino_pontoon().replace(decks=1), 6, 8).extra
    (8,)
    """
    check_rules(rules)
    check_up(up)
    if isinstance(c, bool) or not isinstance(c, int) or c not in VALUES:
        raise SetupError(f"A pair's value is 1 (ace) to 10; got {c!r}.")
    return _split_model(rules, up, c)


@cache
def _split_model(rules: CasinoPontoonRules, up: int | None, c: int) -> ShoeModel:
    return ShoeModel(rules, up, (c,), shared=_shoe_model(rules, up))


def clear_shoe_caches() -> None:
    """Forget the finite-shoe analyses and models worked out so far.

    >>> clear_shoe_caches()
    """
    for f in (_analyse_shoe, _shoe_model, _split_model, _dealer_finals):
        f.cache_clear()


def shoe_move(state: RoundState) -> Move:
    """The composition-dependent best move (finite-shoe analysis) for the hand in play.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import load_casino_pontoon, new_round
    >>> online = load_casino_pontoon("casino-pontoon-online")
    >>> shoe_move(new_round(online, [10], parse_cards("8C 2D 8H 9S")))
    <Move.SPLIT: 'split'>
    """
    state = round_state(state, "shoe_move")
    if state.phase is not Phase.PLAY:
        raise IllegalAction("casino-pontoon.hit", "No player hand is in play: the strategy "
                            "chooses a move only for a hand still to play.")
    rules = state.rules
    h = state.current
    up = None if rules.dealer_cards_face_down else card_value(state.dealer[0])
    values = tuple(sorted(card_value(c) for c in h.cards))
    top = shoe_model(rules, up)
    if h.from_split:
        model = split_model(rules, up, card_value(h.cards[0]))
        pontoon_ok = rules.split_pontoon
    else:
        model, pontoon_ok = top, True
    moves = dict(model.moves(values, h.doubled, pontoon_ok))
    if can_split(state):
        pair = (values[0], values[0])
        plain = top.moves(pair, False, False)
        if top.split(values[0]) > max(plain.values()):
            return Move.SPLIT
    return max(moves, key=lambda m: moves[m])


def shoe_policy(state: RoundState) -> Action:
    """An engine policy: never insure, then play :func:`shoe_move`.

    >>> from cardrules.casino_pontoon import load_casino_pontoon, new_round, play_round, settle
    >>> end = play_round(new_round(load_casino_pontoon("casino-pontoon-online"), [10], seed=3),
    ...                  shoe_policy)
    >>> end.is_over
    True
    """
    state = round_state(state, "shoe_policy")
    if state.phase is Phase.INSURANCE:
        return NoInsurance()
    return _ACTIONS[shoe_move(state)]


_ACTIONS: dict[Move, Action] = {Move.STAND: Stand(), Move.HIT: Hit(), Move.DOUBLE: Double(),
                                Move.SPLIT: Split()}
