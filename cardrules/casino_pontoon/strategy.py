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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from ..cards import Card, shoe
from ..rng import Rng
from . import (
    Action,
    CasinoPontoonRules,
    Double,
    Hit,
    NoInsurance,
    Phase,
    Policy,
    RoundState,
    Split,
    Stand,
    can_split,
    card_value,
    new_round,
    play_round,
    settle,
)

# Dealer outcomes, in this order everywhere.
OUTCOMES = ("17", "18", "19", "20", "21", "five card trick", "bust", "pontoon")
_FIVE, _BUST, _PONTOON = 5, 6, 7
_VALUES = range(1, 11)


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
    if not 4 <= total <= 21:
        raise ValueError(f"a hard total is 4 to 21, got {total}")
    return HandSpec(total)


def soft_total(total: int) -> HandSpec:
    """A soft hand: an ace counted 11.

    >>> soft_total(18).soft
    True
    """
    if not 12 <= total <= 21:
        raise ValueError(f"a soft total is 12 to 21, got {total}")
    return HandSpec(total, True)


def pair_of(value: int) -> HandSpec:
    """Two cards of the same value (1 for aces, 10 for ten-cards).

    >>> pair_of(8)
    HandSpec(total=16, soft=False, pair=8)
    """
    if value not in _VALUES:
        raise ValueError(f"a pair value is 1 (aces) to 10, got {value}")
    return HandSpec(12, True, 1) if value == 1 else HandSpec(2 * value, False, value)


def spec_of(cards: Sequence[Card]) -> HandSpec:
    """The :class:`HandSpec` of real cards.

    >>> from cardrules.cards import parse_cards
    >>> spec_of(parse_cards("AS 6D")), spec_of(parse_cards("8S 8D")).pair
    (HandSpec(total=17, soft=True, pair=None), 8)
    """
    values = [card_value(c) for c in cards]
    hard = sum(values)
    soft = 1 in values and hard + 10 <= 21
    pair = values[0] if len(values) == 2 and values[0] == values[1] else None
    return HandSpec(hard + 10 if soft else hard, soft, pair)


# -- the dealer ----------------------------------------------------------------------
def _dealer_stop(hard: int, ace: bool, n: int, rules: CasinoPontoonRules) -> int | None:
    """The dealer's final outcome index, or None to draw on."""
    if n < 2:
        return None
    if hard > 21:
        return _BUST
    if n >= 5 and rules.dealer_five_card_trick:
        return _FIVE
    best = hard + 10 if ace and hard + 10 <= 21 else hard
    if best < 17:
        return None
    if best == 17 and rules.dealer_hits_soft_17 and ace and hard + 10 <= 21:
        return None
    return best - 17


def _inf_p(v: int) -> float:
    return 4 / 13 if v == 10 else 1 / 13


@cache
def _dealer_inf(rules: CasinoPontoonRules, up: int | None) -> tuple[float, ...]:
    out = [0.0] * len(OUTCOMES)

    def rec(hard: int, ace: bool, n: int, prob: float, first: int | None) -> None:
        for v in _VALUES:
            p = prob * _inf_p(v)
            h, a, m = hard + v, ace or v == 1, n + 1
            if m == 2 and {first, v} == {1, 10}:
                out[_PONTOON] += p
                continue
            o = _dealer_stop(h, a, m, rules)
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
    _check_up(up)
    return dict(zip(OUTCOMES, _dealer_inf(rules, up), strict=True))


def _check_up(up: int | None) -> None:
    if up is not None and (isinstance(up, bool) or up not in _VALUES):
        raise ValueError(f"an up card value is 1 (ace) to 10, or None; got {up!r}")


# -- the infinite-deck player ----------------------------------------------------------
class _InfinitePlayer:
    """Optimal play against one dealer up card (or none), given no dealer pontoon."""

    def __init__(self, rules: CasinoPontoonRules, up: int | None) -> None:
        self.rules = rules
        raw = _dealer_inf(rules, up)
        self.no_pontoon = 1.0 - raw[_PONTOON]
        self.d = [x / self.no_pontoon for x in raw[:_PONTOON]]
        self.m5 = float(rules.five_card_trick_multiple)
        self.memo: dict[tuple[int, bool, int, bool, bool], dict[Move, float]] = {}

    def stand(self, best: int, n: int, pontoon: bool) -> float:
        d = self.d
        if pontoon:
            return 2.0
        if n >= 5:
            return self.m5 * (1.0 - d[_FIVE]) - d[_FIVE]
        win = d[_BUST] + sum(d[i] for i in range(5) if 17 + i < best)
        return win - (1.0 - win)

    def value(self, hard: int, ace: bool, n: int, doubled: bool, pontoon_ok: bool) -> float:
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
                            for v in _VALUES)
        if not doubled and 2 <= n <= 4:
            out[Move.DOUBLE] = 2 * sum(
                _inf_p(v) * self.value(hard + v, ace or v == 1, n + 1, True, False)
                for v in _VALUES)
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
        a = sum(_inf_p(x) * hv(x) for x in _VALUES) - p_pair * hv(c)
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

        >>> from cardrules.casino_pontoon import load_casino_pontoon
        >>> a = analyse_infinite(load_casino_pontoon())
        >>> a.best(hard_total(16), up=10), a.best(hard_total(16), cards=3, up=7)
        (<Move.STAND: 'stand'>, <Move.HIT: 'hit'>)
        """
        vals = self.move_values(hand, cards, up, doubled)
        return max(vals, key=lambda m: vals[m])

    def move_values(self, hand: HandSpec, cards: int = 2, up: int | None = None,
                    doubled: bool = False) -> dict[Move, float]:
        """The value of each legal move, per unit of the hand's first stake.

        >>> from cardrules.casino_pontoon import load_casino_pontoon
        >>> v = analyse_infinite(load_casino_pontoon("casino-pontoon-online")).move_values(pair_of(8))
        >>> sorted(m.letter for m in v)
        ['D', 'H', 'P', 'S']
        """
        up = self._up(up)
        kind = "pair" if hand.pair is not None and cards == 2 else (
            "soft" if hand.soft else "hard")
        total = hand.pair if kind == "pair" and hand.pair is not None else hand.total
        cell = Cell(kind, total, cards, doubled, up)
        if cell not in self.values:
            raise ValueError(f"no such hand in the table: {_cell_words(cell)}")
        return dict(self.values[cell])

    def _up(self, up: int | None) -> int | None:
        if self.rules.dealer_cards_face_down:
            if up is not None:
                raise ValueError("both dealer cards are face down under this profile: there is "
                                 "no up card (use up=None)")
            return None
        _check_up(up)
        if up is None:
            raise ValueError("name the dealer's up card: 1 (ace) to 10")
        return up

    def cells(self, kind: str, doubled: bool = False) -> list[Cell]:
        """The table's cells of one kind ('hard', 'soft' or 'pair'), high totals first.

        >>> from cardrules.casino_pontoon import load_casino_pontoon
        >>> a = analyse_infinite(load_casino_pontoon("casino-pontoon-online"))
        >>> [c.total for c in a.cells("soft") if c.cards == 4][:3]
        [21, 20, 19]
        """
        if kind not in ("hard", "soft", "pair"):
            raise ValueError(f"kind is 'hard', 'soft' or 'pair', not {kind!r}")
        out = [c for c in self.values if c.kind == kind and c.doubled == doubled]
        return sorted(out, key=lambda c: (-c.total, c.cards, -1 if c.up is None else c.up))

    def table(self, kind: str, doubled: bool = False) -> tuple[list[str], list[list[str]]]:
        """The strategy table as a header and rows of letters (S, H, D, P).

        Rows are totals (or pair values); columns are, for each number of cards, each up
        card (or a single column when the dealer's cards are face down).  Blank: no such
        hand.  Split cells show P when splitting is best, else the best other move.

        >>> from cardrules.casino_pontoon import load_casino_pontoon
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


def _kind_of(hard: int, ace: bool) -> tuple[str, int]:
    soft = ace and hard + 10 <= 21
    return ("soft", hard + 10) if soft else ("hard", hard)


def _check_rules(rules: CasinoPontoonRules) -> None:
    if not isinstance(rules, CasinoPontoonRules):
        raise TypeError(f"rules must be a Casino Pontoon profile, not {type(rules).__name__}")


def analyse_infinite(rules: CasinoPontoonRules) -> Analysis:
    """The exact optimal strategy and house edge in the infinite-deck model.

    The edge is per initial stake, with insurance never taken (it costs 1/13 of the
    insured amount in this model).

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> a = analyse_infinite(load_casino_pontoon())
    >>> round(a.house_edge * 100, 2), a.best(pair_of(8), up=6), a.best(pair_of(8), up=10)
    (3.54, <Move.SPLIT: 'split'>, <Move.STAND: 'stand'>)
    """
    _check_rules(rules)
    return _analyse_infinite(rules)


@cache
def _analyse_infinite(rules: CasinoPontoonRules) -> Analysis:
    t0 = time.perf_counter()
    ups: tuple[int | None, ...] = (None,) if rules.dealer_cards_face_down else tuple(_VALUES)
    values: dict[Cell, dict[Move, float]] = {}
    ev = 0.0
    for up in ups:
        pl = _InfinitePlayer(rules, up)
        p_up = 1.0 if up is None else _inf_p(up)
        for n in (2, 3, 4):
            for (hard, ace) in _hands_of(n):
                kind, total = _kind_of(hard, ace)
                for doubled in (False, True):
                    if doubled and n == 2:
                        continue
                    cell = Cell(kind, total, n, doubled, up)
                    if cell not in values:
                        values[cell] = pl.moves(hard, ace, n, doubled, False)
        for c in _VALUES:
            moves = dict(pl.moves(2 * c, c == 1, 2, False, False))
            if rules.max_hands != 1:
                moves[Move.SPLIT] = pl.split(c)
            values[Cell("pair", c, 2, False, up)] = moves
        e_up = 0.0
        for a in _VALUES:
            for b in _VALUES:
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
    """
    _check_rules(rules)
    if not 2 <= len(cards) <= 4:
        raise ValueError(f"a hand still to play has 2 to 4 cards, got {len(cards)}")
    if rules.dealer_cards_face_down:
        if up is not None:
            raise ValueError("both dealer cards are face down under this profile: give up=None")
        u: int | None = None
    else:
        if up is None:
            raise ValueError("give the dealer's up card")
        u = card_value(up)
    values = [card_value(c) for c in cards]
    hard, ace = sum(values), 1 in values
    if hard > 21:
        raise ValueError("the hand is bust: there is nothing to decide")
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



# -- the finite shoe, composition dependent ----------------------------------------------
Final = tuple[int, int, int, tuple[tuple[int, int], ...]]


@cache
def _dealer_finals(rules: CasinoPontoonRules, up: int | None) -> tuple[Final, ...]:
    """Every final dealer hand as (outcome, cards drawn, number of orders, ((value, count),
    ...)) over the cards drawn after the up card.  All orders of the same cards are equally
    likely from any shoe, so a final's chance is orders x prod(falling factorials) / the
    falling factorial of the shoe size."""
    frontier: dict[tuple[int, ...], int] = {(): 1}
    finals: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
    while frontier:
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for q, orders in frontier.items():
            for v in _VALUES:
                q2 = tuple(sorted((*q, v)))
                hand = q2 if up is None else (up, *q2)
                n = len(hand)
                hard = sum(hand)
                if n == 2 and {hand[0], hand[1]} == {1, 10}:
                    finals[(_PONTOON, q2)] += orders
                    continue
                o = _dealer_stop(hard, 1 in hand, n, rules)
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


class _Shoe:
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
                 shared: _Shoe | None = None) -> None:
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
        removed = tuple(sorted(hand + self.extra))
        if pontoon:
            return 2.0 * self.no_pontoon(removed)
        d = self.dealer(removed)
        if len(hand) >= 5:
            five = d[_FIVE]
            return self.m5 * (sum(d[:_BUST + 1]) - five) - five
        hard = sum(hand)
        best = hard + 10 if 1 in hand and hard + 10 <= 21 else hard
        win = d[_BUST] + sum(d[i] for i in range(5) if 17 + i < best)
        lose = sum(d[:_BUST + 1]) - win
        return win - lose

    def value(self, hand: tuple[int, ...], doubled: bool, pontoon_ok: bool) -> float:
        if sum(hand) > 21:
            return -self.no_pontoon(tuple(sorted(hand + self.extra)))
        if len(hand) >= 5:
            return self.stand(hand, False)
        return max(self.moves(hand, doubled, pontoon_ok).values())

    def draw_chances(self, hand: tuple[int, ...]) -> list[tuple[int, float]]:
        removed = hand + self.extra
        n = self.n_base - len(removed)
        return [(v, (self.base[v] - removed.count(v)) / n) for v in _VALUES]

    def moves(self, hand: tuple[int, ...], doubled: bool, pontoon_ok: bool) -> dict[Move, float]:
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
        sub = _split_model(rules, self.up, c) if not self.extra else _Shoe(
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

        chances = [(v, (self.base[v] - removed.count(v)) / left) for v in _VALUES]
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
    _check_rules(rules)
    return _analyse_shoe(rules)


@cache
def _analyse_shoe(rules: CasinoPontoonRules) -> Analysis:
    t0 = time.perf_counter()
    ups: tuple[int | None, ...] = (None,) if rules.dealer_cards_face_down else tuple(_VALUES)
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
                kind, total = _kind_of(sum(hand), 1 in hand)
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


def _deal_chance(model: _Shoe, hand: tuple[int, ...]) -> float:
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


@cache
def _shoe_model(rules: CasinoPontoonRules, up: int | None) -> _Shoe:
    return _Shoe(rules, up)


@cache
def _split_model(rules: CasinoPontoonRules, up: int | None, c: int) -> _Shoe:
    return _Shoe(rules, up, (c,), shared=_shoe_model(rules, up))


# -- playing the computed strategy in the engine ------------------------------------------
def shoe_move(state: RoundState) -> Move:
    """The composition-dependent best move (finite-shoe analysis) for the hand in play.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import load_casino_pontoon, new_round
    >>> online = load_casino_pontoon("casino-pontoon-online")
    >>> shoe_move(new_round(online, [10], parse_cards("8C 2D 8H 9S")))
    <Move.SPLIT: 'split'>
    """
    rules = state.rules
    h = state.current
    up = None if rules.dealer_cards_face_down else card_value(state.dealer[0])
    values = tuple(sorted(card_value(c) for c in h.cards))
    top = _shoe_model(rules, up)
    if h.from_split:
        model = _split_model(rules, up, card_value(h.cards[0]))
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
    if state.phase is Phase.INSURANCE:
        return NoInsurance()
    return _ACTIONS[shoe_move(state)]


_ACTIONS: dict[Move, Action] = {Move.STAND: Stand(), Move.HIT: Hit(), Move.DOUBLE: Double(),
                                Move.SPLIT: Split()}


@dataclass(frozen=True)
class SimulationResult:
    """A simulation's mean result per round (per initial stake), its standard error, and
    the house edge it implies."""

    rounds: int
    mean: float
    std_error: float
    seconds: float

    @property
    def house_edge(self) -> float:
        """Minus the player's mean result."""
        return -self.mean


def simulate(rules: CasinoPontoonRules, rounds: int, seed: int | str = 0,
             policy: Policy | None = None) -> SimulationResult:
    """Play ``rounds`` one-seat rounds of the engine, each from a freshly shuffled shoe,
    with the composition-dependent strategy (or ``policy``); a seeded, exact replay.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> r = simulate(load_casino_pontoon("casino-pontoon-online"), 200, seed=1)
    >>> r.rounds, abs(r.mean) < 1
    (200, True)
    """
    if rounds < 2:
        raise ValueError(f"simulate at least 2 rounds, not {rounds}")
    policy = policy or shoe_policy
    rng = Rng(seed)
    cards = list(shoe(rules.decks))
    size = len(cards)
    # a round uses at most 5 cards a hand and the dealer's (up to 12 without the dealer's
    # five card trick)
    depth = min(size, 5 * (rules.max_hands or 12) + 12)
    total = 0.0
    square = 0.0
    t0 = time.perf_counter()
    for _ in range(rounds):
        for i in range(depth):  # a partial Fisher-Yates: only the cards a round can use
            j = i + rng.below(size - i)
            cards[i], cards[j] = cards[j], cards[i]
        end = play_round(new_round(rules, [1], cards[:depth]), policy)
        x = float(settle(end).net_of(0))
        total += x
        square += x * x
    mean = total / rounds
    var = (square - rounds * mean * mean) / (rounds - 1)
    return SimulationResult(rounds, mean, (var / rounds) ** 0.5, time.perf_counter() - t0)


def _lean_round(rules: CasinoPontoonRules, pips: Sequence[int] | _LazyShoe) -> float:
    """One one-seat round played by the composition-dependent strategy on card pips (1-13)
    in shoe order, with the engine's rules and deal order, computed without building
    states: :func:`simulate_fast` uses it, and the tests check it against the engine."""
    val = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    up_p, hole_p = pips[1], pips[3]
    dealer = [val[up_p], val[hole_p]]
    face_down = rules.dealer_cards_face_down
    up = None if face_down else dealer[0]
    if (face_down or dealer[0] in (1, 10)) and sorted(dealer) == [1, 10]:
        return -1.0
    pos = 4
    top = _shoe_model(rules, up)
    # each hand: [pips list, stake, doubled, from_split]
    hands: list[list[object]] = [[[pips[0], pips[2]], 1, False, False]]
    limit = rules.max_hands or 10 ** 9
    i = 0
    results: list[tuple[list[int], int, bool]] = []
    while i < len(hands):
        hp, stake, doubled, from_split = hands[i]
        assert isinstance(hp, list) and isinstance(stake, int)
        assert isinstance(doubled, bool) and isinstance(from_split, bool)
        while True:
            values = sorted(val[p] for p in hp)
            hard = sum(values)
            if hard > 21 or len(values) >= 5:
                break
            if (len(hp) == 2 and len(hands) < limit and rules.max_hands != 1
                    and (hp[0] == hp[1] if rules.split_by == "rank"
                         else val[hp[0]] == val[hp[1]])
                    and top.split(values[0]) > max(top.moves((values[0],) * 2, False,
                                                             False).values())):
                first = [hp[0], pips[pos]]
                second = [hp[1], pips[pos + 1]]
                pos += 2
                hands[i:i + 1] = [[first, 1, False, True], [second, 1, False, True]]
                hp, stake, doubled, from_split = first, 1, False, True
                continue
            if from_split:
                model = _split_model(rules, up, val[hp[0]])
                moves = model.moves(tuple(values), doubled, rules.split_pontoon)
            else:
                moves = top.moves(tuple(values), doubled, True)
            move = max(moves, key=lambda m: moves[m])
            if move is Move.STAND:
                break
            hp.append(pips[pos])
            pos += 1
            if move is Move.DOUBLE:
                stake, doubled = 2 * stake, True
        results.append((sorted(val[p] for p in hp), stake,
                        len(hp) == 2 and (not from_split or rules.split_pontoon)))
        i += 1
    if any(sum(v) <= 21 for v, _, _ in results):
        while True:
            hard = sum(dealer)
            if hard > 21:
                break
            o = _dealer_stop(hard, 1 in dealer, len(dealer), rules)
            if o is not None:
                break
            dealer.append(val[pips[pos]])
            pos += 1
    d_hard = sum(dealer)
    d_best = d_hard + 10 if 1 in dealer and d_hard + 10 <= 21 else d_hard
    d_five = rules.dealer_five_card_trick and len(dealer) >= 5 and d_best <= 21
    m5 = float(rules.five_card_trick_multiple)
    net = 0.0
    for v, stake, pontoon_ok in results:
        hard = sum(v)
        best = hard + 10 if 1 in v and hard + 10 <= 21 else hard
        if best > 21:
            net -= stake
        elif pontoon_ok and v == [1, 10]:
            net += 2 * stake
        elif len(v) >= 5:
            net += -stake if d_five else m5 * stake
        elif d_best > 21:
            net += stake
        elif d_five or d_best >= best:
            net -= stake
        else:
            net += stake
    return net


class _LazyShoe:
    """A shoe shuffled one position at a time, as the cards are needed (partial
    Fisher-Yates): the same chances as a full shuffle, a fraction of the work."""

    __slots__ = ("below", "cards", "done", "size")

    def __init__(self, cards: list[int], below: Callable[[int], int]) -> None:
        self.cards, self.below, self.size, self.done = cards, below, len(cards), 0

    def reset(self) -> None:
        self.done = 0

    def __getitem__(self, i: int) -> int:
        cards = self.cards
        while self.done <= i:
            k = self.done
            j = k + self.below(self.size - k)
            cards[k], cards[j] = cards[j], cards[k]
            self.done = k + 1
        return cards[i]


def simulate_fast(rules: CasinoPontoonRules, rounds: int, seed: int | str = 0
                  ) -> SimulationResult:
    """:func:`simulate` without building engine states: the same deal order, rules and
    strategy (the tests check round by round that both settle alike), shuffling only the
    cards each round uses; several times faster, for the long runs.

    >>> from cardrules.casino_pontoon import load_casino_pontoon
    >>> r = simulate_fast(load_casino_pontoon("casino-pontoon-online"), 300, seed=2)
    >>> r.rounds, r.std_error > 0
    (300, True)
    """
    if rounds < 2:
        raise ValueError(f"simulate at least 2 rounds, not {rounds}")
    rng = Rng(seed)
    lazy = _LazyShoe([c.rank.pips for c in shoe(rules.decks)], rng.below)
    total = 0.0
    square = 0.0
    t0 = time.perf_counter()
    for _ in range(rounds):
        lazy.reset()
        x = _lean_round(rules, lazy)
        total += x
        square += x * x
    mean = total / rounds
    var = (square - rounds * mean * mean) / (rounds - 1)
    return SimulationResult(rounds, mean, (var / rounds) ** 0.5, time.perf_counter() - t0)
