"""The Pontoon coach: what sticking, twisting and buying are worth for the hand to play,
exactly, over the cards the player cannot see, against the table's banker.

The figures come from a memoised recursion over the unseen pack.  What the player knows:

- every card it sees (its own, the cards lying face up, the bust hands thrown in face
  up), and that the ten-card under a declared pontoon's ace is a ten-card;
- that the banker's two cards are two of the cards it cannot see, and not a pontoon (he
  would have shown it at once and ended the deal) [pontoon.banker-pontoon];
- that the pack holds those of the unseen cards that no hand holds, on top of the bust
  hands' cards, which went to its bottom in the order they were thrown in [pontoon.bust];
  when the top part runs out, the bust hands' cards come round again, and when the pack
  is empty nobody may take a card (a player may stick on any total, the banker stays).

Every order of the unseen cards is taken as equally likely.  The hands still to play
after this one take cards from the pack before the banker, which changes no chance
(nobody sees the banker's cards or the pack) unless they leave too few for this hand
and the banker: the figures are exact while they take no more than that, and the advice
says how many they may take when they could take more.  The
banker plays as the table's computer banker does (:func:`~cardrules.pontoon.sensible`):
he draws below 17 and stays on 17 or more, and stops at five cards or a count of 21
[pontoon.banker-play].  The settlement is the engine's [pontoon.settle].

Values are whole chips won or lost (the hand's stake, its buys and its shoot bets), as
exact fractions, shown as so many times the hand's stake now.  A buy is worth most at
one end of its range: its value is convex in the amount (the best play after it may
change with the amount), so an amount between the two ends is worth no more than the
straight line between their values.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..cards import Card
from ..coach import (
    Advice,
    Figure,
    Measure,
    Method,
    advise,
    not_your_turn,
    nothing_to_advise,
    table_rules,
)
from ..game import SetupError, View, check_card_list, check_profile
from ..profiles import Profile
from ..rng import Rng
from .actions import Action, Buy, Declare, Shoot, Split, Stick, Twist
from .deal import full_pack
from .profile import PontoonRules, load_pontoon  # noqa: F401  (load_pontoon: doctests)
from .state import HandStatus, Phase
from .values import card_points
from .view import pontoon_view

#: the count the table's computer banker stays on (:func:`~cardrules.pontoon.sensible`)
BANKER_STAYS_ON = 17
#: the most cards a player's hands hold together: four hands of five cards
MOST_CARDS_A_PLAYER = 20

# A hand's rank as the settlement compares it: (level, points), as HandRank compares.
Rank = tuple[int, int]
BUST, FIVE, PONTOON = (0, 0), (2, 0), (3, 0)
Counts = tuple[int, ...]  # how many unseen cards of each value, 1 (ace) to 10, at [1]..[10]


@dataclass(frozen=True)
class Unseen:
    """What a seat knows of the cards it cannot see: how many of each value there are
    (``counts[v]`` for the value ``v``, 1 for an ace to 10 for the ten-cards), how many of
    them lie on top of the pack (``top``; None when this hand and the banker cannot run
    it out), the values of the bust hands' cards below them, in order (``bottom``), and
    whether the hands still to play after this one could take enough cards to run the
    pack out for this hand or the banker (``may_run_out``): more than ``spare`` of them
    (the figures count the pack as if they took none)."""

    counts: Counts
    top: int | None
    bottom: tuple[int, ...]
    may_run_out: bool = False
    spare: int = 0

    @property
    def size(self) -> int:
        """How many cards the seat does not see."""
        return sum(self.counts)


def unseen(view: View[Action], rules: PontoonRules, pack: Sequence[Card] | None = None
           ) -> Unseen:
    """What the seat to play knows of the cards it cannot see (see :class:`Unseen`), when
    the cards in play are ``pack`` (the profile's whole pack or packs when None; a
    stripped pack, for a lesson, otherwise).

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal, view
    >>> pack = arrange_pack([parse_cards("9S 7D")], parse_cards("10C 6H"))
    >>> s = apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(20))
    >>> u = unseen(view(s, "Ann"), load_pontoon())
    >>> u.size, u.counts[10], u.top, u.bottom, u.may_run_out
    (50, 16, None, (), False)
    """
    v = pontoon_view(view)
    rules = check_profile(rules, PontoonRules, "Pontoon")
    if v.hand is None:
        raise SetupError(f"{v.seat} has no hand to play now: the coach values a player's "
                         "stick, twist and buys on his turn.")
    live: Counter[Card] = Counter()
    held = 0
    thrown: list[Card] = []
    hidden_tens = 0
    for h in v.hands:
        row = v.rows[h.row]
        if h.status is HandStatus.BUST:
            thrown.extend(row.shown)
            continue
        held += len(row.cards)
        live.update(row.shown)
        if h.status is HandStatus.DECLARED and row.face_down == 1:
            hidden_tens += 1  # the ten-card under a declared pontoon's ace
    bank = v.rows[-1]
    held += len(bank.cards)
    live.update(bank.shown)
    pack = full_pack(rules.packs) if pack is None else check_card_list(pack, "the pack")
    in_pack = len(pack) - held
    again = max(0, len(thrown) - in_pack)  # bust cards already dealt round again
    known = live + Counter(thrown[again:])
    for c, k in Counter(thrown[:again]).items():
        known[c] += max(0, k - live[c])
    left = Counter(pack)
    left.subtract(known)
    if min(left.values(), default=0) < 0 or in_pack < 0:
        raise SetupError("This view shows cards the pack does not hold.")
    counts = [0] * 11
    for c, k in left.items():
        counts[card_points(c)] += k
    counts[10] -= min(hidden_tens, counts[10])
    top = max(0, in_pack - len(thrown))
    bottom = tuple(card_points(c) for c in thrown[again:])
    spare = top - (5 - len(v.rows[v.hand].cards)) - 3  # after this hand's and the banker's
    later = [h for h in v.hands if h.row > v.hand and h.status is HandStatus.PLAYING]
    owners = {h.owner for h in later}
    most = sum(MOST_CARDS_A_PLAYER - sum(len(v.rows[h.row].cards) for h in v.hands
                                         if h.owner == o) for o in owners)
    return Unseen(tuple(counts), None if spare >= 0 else top, bottom, most > max(spare, 0),
                  max(spare, 0))


@dataclass(frozen=True)
class PlayedHand:
    """The hand to play as the coach reads it from the view: its cards' values, its whole
    stake and shoot bets, the least and the most the next card may be bought for (None
    when no card may be bought), and whether it came from a split."""

    values: tuple[int, ...]
    stake: int
    shoot: int
    buy: tuple[int, int] | None
    from_split: bool


def played_hand(view: View[Action]) -> PlayedHand:
    """The hand the seat plays now, from its view.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal, view
    >>> pack = arrange_pack([parse_cards("9S 7D")], parse_cards("10C 6H"))
    >>> s = apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(20))
    >>> played_hand(view(s, "Ann"))
    PlayedHand(values=(9, 7), stake=20, shoot=0, buy=(20, 40), from_split=False)
    """
    v = pontoon_view(view)
    if v.hand is None or v.phase is not Phase.PLAYERS:
        raise SetupError(f"{v.seat} has no hand to play now: the coach values a player's "
                         "stick, twist and buys on his turn.")
    seen = next(h for h in v.hands if h.row == v.hand)
    buys = [a.amount for a in v.legal if isinstance(a, Buy)]
    return PlayedHand(tuple(card_points(c) for c in v.rows[v.hand].shown), seen.stake,
                      seen.shoot, (min(buys), max(buys)) if buys else None,
                      sum(h.owner == seen.owner for h in v.hands) > 1)


def _best(low: int, ace: bool) -> int:
    return low + 10 if ace and low <= 11 else low


def _rank(low: int, ace: bool, n: int) -> Rank:
    if low > 21:
        return BUST
    return FIVE if n == 5 else (1, _best(low, ace))


def _settle(mine: Rank, banker: Rank) -> tuple[int, int]:
    """What the hand wins per chip of its stake and per chip of its shoot bets against the
    banker's final hand, as :func:`~cardrules.pontoon.outcome.settle_deal` pays it."""
    double = mine in (PONTOON, FIVE)
    if banker == BUST:
        return (2 if double else 1), 1
    if banker == FIVE:
        return (2, 1) if mine == PONTOON else (-2, -1)
    if mine > banker:
        return (2 if double else 1), 1
    return -1, -1


Final = tuple[Rank, int, int, tuple[tuple[int, int], ...]]


@lru_cache(maxsize=256)
def banker_finals(stays_on: int = BANKER_STAYS_ON, draws: int | None = None,
                  then: tuple[int, ...] = ()) -> tuple[Final, ...]:
    """Every final hand of the banker, from his two cards (two of the unseen cards, never a
    pontoon) and the cards he draws: (its rank, how many unseen cards it holds, the
    number of orders of those cards he reaches it by, ((value, count), ...) of them).
    All orders of the same cards are equally likely, so a final's chance is its orders
    times the falling factorials of its counts over the falling factorial of the unseen
    cards left.

    He draws unseen cards while the pack's top lasts (at most ``draws`` of them; None for
    as many as he wants), then the known cards ``then`` below them, in order; when they
    run out too the pack is empty and he stays.

    >>> finals = banker_finals()
    >>> sum(Fraction(orders, 10 ** (k - 2)) for _, k, orders, _ in finals)  # A-10, 10-A: none
    Fraction(98, 1)
    >>> sorted({k for _, k, _, _ in banker_finals(draws=1, then=(10,))})
    [2, 3]
    """
    if draws is not None and draws >= 3:  # he never draws more than three
        draws, then = None, ()
    frontier: Counter[tuple[tuple[int, ...], int]] = Counter()
    for a in range(1, 11):
        for b in range(1, 11):
            if {a, b} != {1, 10}:
                frontier[(tuple(sorted((a, b))), 0)] += 1
    finals: list[Final] = []
    while frontier:
        nxt: Counter[tuple[tuple[int, ...], int]] = Counter()
        for (q, t), orders in frontier.items():
            low, ace, n = sum(q) + sum(then[:t]), 1 in q or 1 in then[:t], len(q) + t
            stops = _best(low, ace) >= stays_on or n == 5 or low >= 21
            if not stops and (draws is None or len(q) - 2 < draws):
                for v in range(1, 11):
                    nxt[(tuple(sorted((*q, v))), t)] += orders
            elif not stops and t < len(then):
                nxt[(q, t + 1)] += orders
            else:  # he stays, or the pack is empty
                finals.append((_rank(low, ace, n), len(q), orders,
                               tuple(sorted(Counter(q).items()))))
        frontier = nxt
    return tuple(finals)


def _falling(n: int, k: int) -> int:
    out = 1
    for j in range(k):
        out *= n - j
    return out


@lru_cache(maxsize=4096)
def banker_chances(counts: Counts, stays_on: int = BANKER_STAYS_ON
                   ) -> tuple[tuple[Rank, Fraction], ...]:
    """The chance of each final rank of the banker's hand, jointly with his two cards not
    being a pontoon, when his cards and his draws come from unseen cards of these counts
    and the pack does not run out.

    >>> chances = dict(banker_chances((0,) + (4,) * 9 + (16,)))
    >>> sum(chances.values()) == 1 - Fraction(2 * 4 * 16, 52 * 51)
    True
    """
    n = sum(counts)
    fall = [[_falling(counts[v], k) for k in range(6)] for v in range(11)]
    acc: Counter[tuple[Rank, int]] = Counter()
    for rank, k, orders, parts in banker_finals(stays_on):
        w = orders
        for v, c in parts:
            w *= fall[v][c]
            if not w:
                break
        else:
            acc[(rank, k)] += w
    out: dict[Rank, Fraction] = {}
    for (rank, k), w in acc.items():
        out[rank] = out.get(rank, Fraction(0)) + Fraction(w, _falling(n, k))
    return tuple(sorted(out.items()))


def _less(counts: Counts, v: int) -> Counts:
    return (*counts[:v], counts[v] - 1, *counts[v + 1:])


@lru_cache(maxsize=256)
def _nonbust_finals(stays_on: int, draws: int | None, then: tuple[int, ...], five_only: bool
                    ) -> tuple[Final, ...]:
    return tuple(f for f in banker_finals(stays_on, draws, then)
                 if f[0] != BUST and (f[0] == FIVE or not five_only))


class _Solver:
    """The memoised recursion for one hand, in whole numbers.

    A node that has taken ``d`` of the unseen cards (the player's and the banker's cards
    drawn from them so far) holds its value in chips times ``falling(N - d, L - d)``,
    where ``N`` is the number of unseen cards and ``L`` the most of them a deal can
    take from here (8: three more for the player, two for the banker and three he draws,
    or fewer when there are not so many).  Taking a card of value ``v`` then weighs the
    next node by the number of such cards left, and the banker's finals by the falling
    factorials of their counts: no fraction is made until the end.  Values are joint with
    the banker's two cards not being a pontoon (one factor for every move at a node, so
    the best move is the same as with the chances given that he has none).
    """

    def __init__(self, unseen: Unseen, rules: PontoonRules, hand: PlayedHand,
                 stays_on: int) -> None:
        self.u = unseen
        self.n = unseen.size
        most = 8 if unseen.top is None else 2 + unseen.top
        self.most = min(most, self.n)
        self.rules = rules
        self.shoot = hand.shoot
        self.low_buy = None if hand.buy is None else hand.buy[0]
        self.stays_on = stays_on
        self.memo: dict[tuple[object, ...], dict[str, int]] = {}
        self.banker_memo: dict[tuple[object, ...], dict[Rank, int]] = {}
        self.settle_memo: dict[tuple[Rank, Counts, int], tuple[int, int]] = {}

    def scale(self, counts: Counts, extra: int = 0) -> int:
        """``falling(N - d, L - d)`` for the node whose unseen cards left are ``counts``,
        ``extra`` more of them taken."""
        m = sum(counts) - extra
        return _falling(m, self.most - (self.n - m))

    def no_pontoon(self, counts: Counts) -> int:
        """The chance that the banker's two cards (still to come from ``counts``) are no
        pontoon, scaled as the node's values are."""
        return self.scale(counts) - 2 * counts[1] * counts[10] * self.scale(counts, 2)

    # the pack
    def draws(self, counts: Counts, drawn: int) -> list[tuple[int, int, Counts]]:
        """The next card's value, its weight and the unseen counts after it, when
        ``drawn`` cards have been taken off the pack since this turn began: a weight of
        the number of such cards for an unseen card, 1 for a known card off the bottom."""
        top = self.u.top
        if top is None or drawn < top:
            return [(v, counts[v], _less(counts, v)) for v in range(1, 11) if counts[v]]
        below = drawn - top
        if below < len(self.u.bottom):
            return [(self.u.bottom[below], 1, counts)]
        return []

    def pack_left(self, drawn: int) -> bool:
        """Whether a card is left in the pack."""
        top = self.u.top
        return top is None or drawn < top + len(self.u.bottom)

    # the banker
    def banker(self, counts: Counts, drawn: int, five_only: bool) -> dict[Rank, int]:
        """The banker's final ranks but a bust (a five card trick only, when that is all
        that matters) and their weights, jointly with no banker pontoon, his cards still
        to come from ``counts`` and the pack, ``drawn`` cards already taken off it."""
        top = self.u.top
        draws: int | None
        then: tuple[int, ...]
        if top is None:
            draws, then = None, ()
        else:
            draws, then = max(0, top - drawn), self.u.bottom[max(0, drawn - top):]
        key = (counts, draws, then, five_only)
        got = self.banker_memo.get(key)
        if got is not None:
            return got
        got = {}
        fall = [[_falling(counts[v], k) for k in range(6)] for v in range(11)]
        for rank, k, orders, parts in _nonbust_finals(self.stays_on, draws, then, five_only):
            w = orders
            for v, c in parts:
                w *= fall[v][c]
                if not w:
                    break
            else:
                got[rank] = got.get(rank, 0) + w * self.scale(counts, k)
        self.banker_memo[key] = got
        return got

    # the player
    def stick(self, mine: Rank, counts: Counts, drawn: int, stake: int) -> int:
        """The hand settled against the banker as it stands."""
        key = (mine, counts, drawn)
        got = self.settle_memo.get(key)
        if got is None:
            chances = self.banker(counts, drawn, mine in (FIVE, PONTOON))
            per_stake = per_shoot = 0
            rest = self.no_pontoon(counts)
            for rank, w in chances.items():
                a, b = _settle(mine, rank)
                per_stake += w * a
                per_shoot += w * b
                rest -= w
            a, b = _settle(mine, BUST)  # the rest are the banker's busts
            per_stake += rest * a
            per_shoot += rest * b
            got = self.settle_memo[key] = (per_stake, per_shoot)
        return stake * got[0] + self.shoot * got[1]

    def card(self, low: int, ace: bool, n: int, counts: Counts, drawn: int, stake: int,
             high: int | None, twisted: bool) -> int:
        """The value of taking the next card (bought or twisted) with the stake then
        ``stake``, the next buy's most ``high`` and whether the hand has twisted."""
        return sum(w * self.after(low + v, ace or v == 1, n + 1, rest, drawn + 1, stake,
                                  high, twisted)
                   for v, w, rest in self.draws(counts, drawn))

    def after(self, low: int, ace: bool, n: int, counts: Counts, drawn: int, stake: int,
              high: int | None, twisted: bool) -> int:
        """The value of the hand after a card: bust, a five card trick, a count of 21
        (it stops by itself), or the best of the moves the rules then allow."""
        if low > 21:
            return -(stake + self.shoot) * self.no_pontoon(counts)
        if n == 5 or low == 21:
            return self.stick(_rank(low, ace, n), counts, drawn, stake)
        return max(self.moves(low, ace, n, counts, drawn, stake, high, twisted).values())

    def moves(self, low: int, ace: bool, n: int, counts: Counts, drawn: int, stake: int,
              high: int | None, twisted: bool) -> dict[str, int]:
        """Each move the rules allow a hand still to play, and its value."""
        key = (low, ace, n, counts, drawn, stake, high, twisted)
        got = self.memo.get(key)
        if got is not None:
            return got
        rules = self.rules
        left = self.pack_left(drawn)
        draw = n < 5 and low < 21 and left
        out: dict[str, int] = {}
        if (draw and not twisted and high is not None and self.low_buy is not None
                and not (rules.no_fifth_buy_on_11 and n == 4 and low <= 11)):
            for a in sorted({self.low_buy, high}):
                out[f"buy {a}"] = self.card(low, ace, n, counts, drawn, stake + a, a, False)
        if draw:
            out["twist"] = self.card(low, ace, n, counts, drawn, stake, high, True)
        if _best(low, ace) >= rules.min_stick or not left:
            out["stick"] = self.stick(_rank(low, ace, n), counts, drawn, stake)
        self.memo[key] = out
        return out


def values_of(hand: PlayedHand, moves: Sequence[Action], unseen: Unseen,
              rules: PontoonRules, stays_on: int = BANKER_STAYS_ON) -> dict[Action, Fraction]:
    """The exact value of each of ``moves`` (declare, stick, twist, buy; others are left
    out) for ``hand``, in chips won on average with the best play after, given what is
    known of the unseen cards (:class:`Unseen`), against a banker who draws below
    ``stays_on`` and stays on it or more.

    >>> hand = PlayedHand((10, 6), 10, 0, (10, 20), False)
    >>> counts = (0, 4, 4, 4, 4, 4, 3, 4, 4, 4, 15)  # the pack less 10 and 6, by value
    >>> v = values_of(hand, [Twist(), Stick()], Unseen(counts, None, (), False), load_pontoon())
    >>> round(float(v[Stick()]), 4), round(float(v[Twist()]), 4)
    (-4.3487, -5.3197)
    """
    rules = check_profile(rules, PontoonRules, "Pontoon")
    solver = _Solver(unseen, rules, hand, stays_on)
    values = hand.values
    low, ace, n = sum(values), 1 in values, len(values)
    counts = unseen.counts
    high = None if hand.buy is None else hand.buy[1]
    out: dict[Action, int] = {}
    for a in moves:
        if isinstance(a, Declare):
            out[a] = solver.stick(PONTOON, counts, 0, hand.stake)
        elif isinstance(a, Stick):
            mine = (1, _best(low, ace)) if n != 2 or not _is_pontoon(values) else (
                PONTOON if not hand.from_split or rules.split_pontoon else (1, 21))
            out[a] = solver.stick(mine, counts, 0, hand.stake)
        elif isinstance(a, Twist):
            out[a] = solver.card(low, ace, n, counts, 0, hand.stake, high, True)
        elif isinstance(a, Buy):
            out[a] = solver.card(low, ace, n, counts, 0, hand.stake + a.amount, a.amount, False)
    joint = solver.no_pontoon(counts)
    return {a: Fraction(x, joint) for a, x in out.items()}


def hand_values(view: View[Action], rules: PontoonRules, *,
                stays_on: int = BANKER_STAYS_ON, pack: Sequence[Card] | None = None
                ) -> tuple[dict[Action, Fraction], Unseen]:
    """The exact value of each move the hand to play may make (declare, stick, twist, and
    a buy at each end of its range), in chips won on average, given what the seat
    sees, with its best play after (see the module's notes); and what the seat knows of
    the unseen cards.  ``pack`` is the cards in play, as for :func:`unseen`.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal, view
    >>> pack = arrange_pack([parse_cards("10S 6D")], parse_cards("10C 7H"))
    >>> s = apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(10))
    >>> values, _ = hand_values(view(s, "Ann"), load_pontoon())
    >>> {type(a).__name__ + str(getattr(a, "amount", "")): round(float(x), 4) for a, x in values.items()}
    {'Buy10': -10.6394, 'Buy20': -15.9591, 'Twist': -5.3197, 'Stick': -4.3487}
    """
    v = pontoon_view(view)
    rules = check_profile(rules, PontoonRules, "Pontoon")
    u = unseen(v, rules, pack)
    return values_of(played_hand(v), tuple(v.legal), u, rules, stays_on), u


def _is_pontoon(values: Sequence[int]) -> bool:
    return sorted(values) == [1, 10]


def _words(a: Action) -> tuple[str, str]:
    if isinstance(a, Buy):
        return f"buy a card for {a.amount}", f"buying a card for {a.amount}"
    if isinstance(a, Twist):
        return "twist", "twisting"
    if isinstance(a, Stick):
        return "stick", "sticking"
    return "declare the pontoon", "declaring the pontoon"


def coach(view: View[Action], rng: Rng | None = None, *, rules: Profile | None = None,
          stays_on: int = BANKER_STAYS_ON, pack: Sequence[Card] | None = None
          ) -> Advice[Action]:
    """The coach's advice for the Pontoon player to play: the exact value of sticking,
    twisting and buying a card (at both ends of the range), per chip of the hand's stake
    now, over the cards the player cannot see, against the table's banker (who draws
    below ``stays_on``, 17, and stays on it or more); :func:`hand_values` gives the
    figures.  Splits and shoot bets are left unvalued.  ``rng`` is not used (every figure
    is exact).  ``pack`` is the cards in play (the profile's whole pack when None; a
    stripped pack, for a lesson, otherwise).

    The view does not carry the table's rules, so give them as ``rules`` (a view that
    carries them as ``view.rules`` needs none).

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal, view
    >>> pack = arrange_pack([parse_cards("10S 6D")], parse_cards("10C 7H"))
    >>> s = apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(10))
    >>> a = coach(view(s, "Ann"), rules=load_pontoon())
    >>> a.best, a.precision
    ((Stick(),), 'exact over the unseen pack')
    >>> a.cost_text(Twist())
    'Twisting costs 9.7% of your stake here; stick.'
    """
    v = pontoon_view(view)
    table = table_rules(v, rules, PontoonRules, "Pontoon")
    if not v.my_turn:
        return not_your_turn(v)
    if v.phase is not Phase.PLAYERS or v.hand is None:
        return nothing_to_advise("pontoon", v.seat, "The coach values a player's stick, "
                                 "twist and buys on his turn; there are none here.",
                                 unvalued=tuple(v.legal))
    values, u = hand_values(v, table, stays_on=stays_on, pack=pack)
    stake = played_hand(v).stake
    valued: list[tuple[Action, Figure, str, str]] = [
        (a, x / stake, *_words(a)) for a, x in values.items()]
    unvalued = tuple(a for a in v.legal if isinstance(a, (Split, Shoot)))
    notes = [f"Each figure is what the hand wins on average, with your best play after, as "
             f"so many times its stake now ({stake}), against the banker, who draws below "
             f"{stays_on} and stays on {stays_on} or more, and has no pontoon (he would have "
             "shown it).",
             f"It counts every order of the {u.size} cards you cannot see as equally likely; "
             "what the other players' play tells about their cards is not used (a declared "
             "pontoon's hidden card is a ten-card)."]
    if any(isinstance(a, Buy) for a in values):
        notes.append("A buy is worth most at one end of its range: an amount between the "
                     "two ends is worth no more than the straight line between them.")
    if played_hand(v).shoot:
        notes.append("Your shoot bets on this hand count in the figures; no further shoot "
                     "bet is counted.")
    if unvalued:
        notes.append("Splitting and shoot bets are not valued.")
    if v.deal_number > 1:
        notes.append("After a deal without a pontoon the pack is not shuffled: a player who "
                     "remembers the last deal knows more than these figures do.")
    precision = "exact over the unseen pack"
    if u.may_run_out:
        precision += (f", while the hands after yours take at most {u.spare} cards" if u.spare
                      else ", if the hands after yours take no card")
    return advise("pontoon", v.seat, valued, Measure.STAKE, Method.EXACT, precision,
                  notes=notes, unvalued=unvalued)

