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

This module holds the infinite-deck model and what both models share (moves, hand specs,
the dealer's stopping rule, the :class:`Analysis` table); :mod:`.strategy_exact` holds
the finite shoe and :mod:`.strategy_sim` the simulations.  Their public names are
re-exported here.

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
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from ..cards import Card
from ..game import SetupError, check_card_list, check_copies, check_profile
from .profile import CasinoPontoonRules
from .values import card_value

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
    _check_rules(rules)
    _check_up(up)
    return dict(zip(OUTCOMES, _dealer_inf(rules, up), strict=True))


def _check_up(up: int | None) -> None:
    if up is not None and (isinstance(up, bool) or up not in _VALUES):
        raise SetupError(f"an up card value is 1 (ace) to 10, or None; got {up!r}")


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
        """The value of standing on ``best`` with ``n`` cards (a pontoon pays 2)."""
        d = self.d
        if pontoon:
            return 2.0
        if n >= 5:
            return self.m5 * (1.0 - d[_FIVE]) - d[_FIVE]
        win = d[_BUST] + sum(d[i] for i in range(5) if 17 + i < best)
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
            raise SetupError(f"no such hand in the table: {_cell_words(cell)}")
        return dict(self.values[cell])

    def _up(self, up: int | None) -> int | None:
        if self.rules.dealer_cards_face_down:
            if up is not None:
                raise SetupError("both dealer cards are face down under this profile: there is "
                                 "no up card (use up=None)")
            return None
        _check_up(up)
        if up is None:
            raise SetupError("name the dealer's up card: 1 (ace) to 10")
        return up

    def cells(self, kind: str, doubled: bool = False) -> list[Cell]:
        """The table's cells of one kind ('hard', 'soft' or 'pair'), high totals first.

        >>> from cardrules.casino_pontoon import load_casino_pontoon
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


# The analyses take any shoe from one deck to a shoe so large that it is the infinite
# deck in all but name (the tests check that the finite model tends to the infinite one).
MAX_DECKS = 10_000


def _check_rules(rules: CasinoPontoonRules) -> None:
    """A Casino Pontoon profile whose numbers the analyses can take, or a SetupError."""
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
    >>> strategy_values(load_casino_pontoon().replace(decks=1), parse_cards("AS AS"),
    ...                 parse_card("AC"))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the hand and the up card holds 2 copies of A♠, but 1 pack holds only 1 of each card.
    """
    _check_rules(rules)
    cards = check_card_list(cards, "the hand")
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


# The finite shoe and the simulations live in their own modules; their names are part of
# this module's API.
from .strategy_exact import (  # noqa: E402
    Final,
    _analyse_shoe,
    _dealer_finals,
    _shoe_model,
    _split_model,
    analyse_shoe,
    shoe_move,
    shoe_policy,
)
from .strategy_sim import (  # noqa: E402
    SimulationResult,
    _LazyShoe,
    _lean_round,
    simulate,
    simulate_fast,
)

__all__ = [
    "OUTCOMES", "Analysis", "Cell", "Final", "HandSpec", "Move", "SimulationResult",
    "_LazyShoe", "_analyse_infinite", "_analyse_shoe", "_dealer_finals", "_lean_round",
    "_shoe_model", "_split_model", "analyse_infinite", "analyse_shoe", "best_move",
    "dealer_outcomes", "hard_total", "pair_of", "shoe_move", "shoe_policy", "simulate",
    "simulate_fast", "soft_total", "spec_of", "strategy_values",
]
