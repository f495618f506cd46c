"""Scenario builders for the Pontoon quizzes: hands of a wanted kind, stacked one-player
tables, scripted deals played through the engine, and the positions that the generators
in :mod:`quizzes.generators.pontoon` ask about.  Every state is reached by real actions.

>>> d = scripted_deal(Rng(1), pt.load_pontoon(), ["pontoon", "total"], "bust")
>>> d.end.is_over, str(d.end.players[0].hands[0].rank()), pt.classify(d.end.banker_cards).is_bust
(True, 'pontoon', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from cardrules import pontoon as pt
from cardrules.cards import Card, Rank, standard_deck
from cardrules.rng import Rng
from quizzes.model.question import CardRow

NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia")


def ok_prefixes(cards: Sequence[Card]) -> bool:
    """Every hand on the way (2 cards up to all but the last) could still take a card:
    no pontoon, under 21 counting aces as 1."""
    if pt.is_pontoon(cards[:2]):
        return False
    return all(pt.low_total(cards[:k]) < 21 for k in range(2, len(cards)))


def sample_hand(rng: Rng, pool: list[Card], kind: str, min_total: int = 15, max_total: int = 20
            ) -> tuple[Card, ...]:
    """Cards from ``pool`` making a hand of ``kind``: 'pontoon', 'five', '21', 'total'
    (best total between min_total and max_total, 2-4 cards) or 'bust'."""
    aces = [c for c in pool if c.rank is Rank.ACE]
    tens = [c for c in pool if pt.is_ten_card(c)]
    if kind == "pontoon" and not (aces and tens):
        kind = "total"  # every ace is out already: an ordinary hand instead
    if kind == "pontoon":
        pair = (rng.choice(aces), rng.choice(tens))
        return pair if rng.below(2) else (pair[1], pair[0])
    for _ in range(20000):
        if kind == "five":
            small = [c for c in pool if pt.card_points(c) <= 6]
            cards = rng.sample(small, 5)
            if ok_prefixes(cards) and pt.low_total(cards) <= 21:
                return cards
        elif kind == "21":
            cards = rng.sample(pool, rng.between(3, 4))
            if ok_prefixes(cards) and pt.hand_value(cards) == 21:
                return cards
        elif kind == "total":
            cards = rng.sample(pool, rng.choice((2, 2, 3, 3, 4)))
            v = pt.hand_value(cards)
            if ok_prefixes(cards) and not pt.is_pontoon(cards) and min_total <= v <= max_total \
                    and pt.low_total(cards) < 21:
                return cards
        elif kind == "bust":
            cards = rng.sample(pool, rng.choice((3, 3, 4)))
            if ok_prefixes(cards) and pt.low_total(cards) > 21:
                return cards
        else:
            raise ValueError(f"unknown hand kind {kind!r}")
    raise RuntimeError(f"no {kind} hand found")  # pragma: no cover - the pools are full packs


def take(pool: list[Card], cards: Sequence[Card]) -> None:
    """Remove ``cards`` from ``pool`` (they are dealt)."""
    for c in cards:
        pool.remove(c)


@dataclass
class Plan:
    """A player's hand and how he plays it: buys (amounts) then twists, then a stick
    when the hand does not stop by itself."""

    name: str
    cards: tuple[Card, ...]
    stake: int
    buys: int = 0
    shoot: int = 0
    amounts: list[int] = field(default_factory=list)


@dataclass
class Scripted:
    """A scripted deal: the states before the banker plays and at the end."""

    start: pt.DealState
    before_banker: pt.DealState
    end: pt.DealState
    plans: list[Plan]


def stake_amount(rng: Rng, rules: pt.PontoonRules) -> int:
    """A stake within the table's limits, a multiple of 5 where there is one."""
    lo, hi = rules.min_stake, rules.max_stake
    steps = [x for x in range(lo, hi + 1) if x % 5 == 0] or [lo]
    return rng.choice(steps)


def amount_in(rng: Rng, lo: int, hi: int) -> int:
    """An amount from ``lo`` to ``hi``, a multiple of 5 where there is one."""
    fives = [x for x in range(lo, hi + 1) if x % 5 == 0]
    return rng.choice(fives) if fives else rng.between(lo, hi)


def play_plan(state: pt.DealState, plan: Plan, rng: Rng) -> pt.DealState:
    """Apply one player's plan to the state (it is his turn)."""
    assert pt.to_act(state) == plan.name and state.phase is pt.Phase.PLAYERS
    if pt.can_declare(state):
        return pt.apply(state, pt.Declare())
    for k in range(len(plan.cards) - 2):
        if k < plan.buys:
            span = pt.amount_range(state, pt.Buy)
            assert span is not None
            amount = amount_in(rng, *span)
            plan.amounts.append(amount)
            state = pt.apply(state, pt.Buy(amount))
        else:
            state = pt.apply(state, pt.Twist())
    if state.phase is pt.Phase.PLAYERS and pt.to_act(state) == plan.name:
        state = pt.apply(state, pt.Stick())
    return state


def scripted_deal(rng: Rng, rules: pt.PontoonRules, player_kinds: Sequence[str],
                  banker_kind: str, shoot: bool = False, kitty: int | None = None,
                  shoot_all: bool = False) -> Scripted:
    """A deal where each player ends with a hand of the given kind and the banker
    with ``banker_kind``; played through the engine.  In Shoot Pontoon players
    shoot at random when ``shoot`` (the first shoots the whole kitty when
    ``shoot_all``).

    >>> d = scripted_deal(Rng(1), pt.load_pontoon(), ["pontoon", "total"], "bust")
    >>> d.end.is_over, str(d.end.players[0].hands[0].rank()), pt.classify(d.end.banker_cards).is_bust
    (True, 'pontoon', True)
    """
    pool = list(standard_deck())
    plans: list[Plan] = []
    for i, kind in enumerate(player_kinds):
        cards = sample_hand(rng, pool, kind, min_total=rules.min_stick)
        take(pool, cards)
        buys = rng.between(0, min(2, len(cards) - 2)) if kind != "pontoon" else 0
        plans.append(Plan(NAMES[i + 1], cards, stake_amount(rng, rules), buys))
    if banker_kind == "pontoon":
        banker = sample_hand(rng, pool, "pontoon")
    else:
        banker = sample_hand(rng, pool, banker_kind, min_total=15, max_total=20)
    take(pool, banker)
    then: list[Card] = []
    if not pt.is_pontoon(banker):  # (a pontoon is asked for, but the players hold every ace)
        for plan in plans:
            then += plan.cards[2:]
        then += banker[2:]
    pack = pt.arrange_pack([pl.cards[:2] for pl in plans], banker[:2], then, packs=rules.packs,
                           rng=rng)
    seats = [NAMES[0]] + [pl.name for pl in plans]
    state = pt.new_deal(rules, seats, banker=NAMES[0], pack=pack,
                        kitty=(kitty or rules.max_stake) if rules.shoot else None)
    start = state
    for pl in plans:
        state = pt.apply(state, pt.Stake(pl.stake))
    if rules.shoot:
        for pl in plans:
            room = pt.shoot_room(state)
            pl.shoot = amount_in(rng, 0, room // 2) if shoot and room >= 2 and rng.below(3) else 0
            if shoot_all:
                pl.shoot, shoot_all = room, False
            state = pt.apply(state, pt.Shoot(pl.shoot))
    for pl in plans:
        if state.phase is not pt.Phase.PLAYERS:
            break
        state = play_plan(state, pl, rng)
    before = state
    while state.phase is pt.Phase.BANKER:
        if len(state.banker_cards) < len(banker):
            state = pt.apply(state, pt.BankerDraw())
        else:
            state = pt.apply(state, pt.BankerStay())
    assert state.is_over
    return Scripted(start, before, state, plans)


def player_kind(rng: Rng) -> str:
    """The kind of hand a player ends with, ordinary totals and busts the most often."""
    return rng.choice(("total", "total", "total", "pontoon", "five", "21", "bust", "bust"))


def table_rows(state: pt.DealState) -> list[CardRow]:
    """Every hand, bust hands greyed, the banker last."""
    rows = []
    for p in state.players:
        for k, h in enumerate(p.hands):
            label = p.name if len(p.hands) == 1 else f"{p.name}, hand {k + 1}"
            stake = str(h.stake) + "".join(f" + {b}" for b in h.buys)
            label += f" (stake {stake})"
            grey = frozenset(range(len(h.cards))) if not h.is_live else frozenset()
            rows.append(CardRow(label, h.cards, greyed=grey))
    rows.append(CardRow(f"{state.banker} (banker)", state.banker_cards))
    return rows


def single(rules: pt.PontoonRules, first: Sequence[Card], then: Sequence[Card] = (),
            stake: int | None = None, rng: Rng | None = None) -> pt.DealState:
    """A one-player table where Ben banks and Ann plays ``first``; the banker holds
    two cards that are not a pontoon."""
    r = rng or Rng(0)
    pool = [c for c in standard_deck() if c not in first and c not in then]
    banker = sample_hand(r, pool, "total", 12, 20)[:2]
    while pt.is_pontoon(banker):  # pragma: no cover - 'total' hands are never pontoons
        banker = sample_hand(r, pool, "total", 12, 20)[:2]
    pack = pt.arrange_pack([first], banker, then, packs=rules.packs, rng=r)
    s = pt.new_deal(rules, ["Ben", "Ann"], banker="Ben", pack=pack)
    s = pt.apply(s, pt.Stake(stake if stake is not None else rules.min_stake))
    if rules.shoot:
        s = pt.apply(s, pt.Shoot(0))
    return s


def random_cards(rng: Rng, n: int,
                 pred: Callable[[tuple[Card, ...]], bool] | None = None) -> tuple[Card, ...]:
    """``n`` different cards of a pack, drawn again until ``pred`` holds for them."""
    while True:
        cs = rng.sample(standard_deck(), n)
        if pred is None or pred(cs):
            return cs


def answer(state: pt.DealState, action: pt.Action, allowed: Sequence[str]
            ) -> tuple[bool, str, str]:
    """Whether ``action`` is legal, the rule that decides (one of ``allowed``) and why."""
    ok, rid, text = pt.why(state, action)
    return ok, (rid if rid in allowed else allowed[0]), text


def distinct_hands(rng: Rng, k: int) -> list[tuple[Card, ...]]:
    """``k`` hands of different ranks, dealt from one pack."""
    pool = list(standard_deck())
    while True:
        kinds = [rng.choice(("pontoon", "five", "21", "total", "total", "bust")) for _ in range(k)]
        hands = []
        pool = list(standard_deck())
        for kind in kinds:
            lo = rng.between(12, 20)
            h = sample_hand(rng, pool, kind, lo, lo)
            take(pool, h)
            hands.append(h)
        ranks = [pt.classify(h) for h in hands]
        if len(set(ranks)) == k:
            return hands


def buy_scenario(rng: Rng, rules: pt.PontoonRules) -> tuple[pt.DealState, list[int]]:
    """Ann's turn after 0-2 bought cards, able to buy another."""
    while True:
        k = rng.choice((0, 1, 1, 2, 2))
        cards = random_cards(rng, 2 + k + 1, lambda cs: ok_prefixes(cs) and pt.low_total(cs[:-1]) < 21)
        s = single(rules, cards[:2], cards[2:], stake=stake_amount(rng, rules), rng=rng)
        bought: list[int] = []
        for _ in range(k):
            span = pt.amount_range(s, pt.Buy)
            if span is None:
                break
            a = amount_in(rng, *span)
            bought.append(a)
            s = pt.apply(s, pt.Buy(a))
        if len(bought) == k and s.phase is pt.Phase.PLAYERS and pt.amount_range(s, pt.Buy):
            return s, bought


def next_scenario(rng: Rng, rules: pt.PontoonRules, pontoons: bool = True) -> pt.DealState:
    """A finished deal with 2-4 players where pontoons are common (some made from a
    split pair of aces), or, with ``pontoons`` false, where nobody makes one."""
    n = rng.between(2, 4)
    if pontoons and rng.below(5) == 0:
        return scripted_deal(rng, rules, [rng.choice(("total", "pontoon")) for _ in range(n)],
                             "pontoon").end
    choices = ("total", "pontoon", "pontoon", "bust", "split") if pontoons else ("total", "bust")
    kinds = [rng.choice(choices) for _ in range(n)]
    pool = list(standard_deck())
    plans: list[tuple[str, tuple[Card, ...]]] = []
    for kind in kinds:
        if kind == "split":
            aces = [c for c in pool if c.rank is Rank.ACE]
            if len(aces) < 2:
                kind = "total"
            else:
                pair = tuple(rng.sample(aces, 2))
                take(pool, pair)
                tens = rng.sample([c for c in pool if pt.is_ten_card(c)], 2)
                take(pool, tens)
                plans.append(("split", (*pair, *tens)))
                continue
        cards = sample_hand(rng, pool, kind, rules.min_stick)
        take(pool, cards)
        plans.append((kind, cards))
    banker = sample_hand(rng, pool, "total", 17, 20)
    take(pool, banker)
    then: list[Card] = []
    for _kind, cards in plans:
        then += cards[2:]
    then += banker[2:]
    firsts = [c[:2] for _, c in plans]
    pack = pt.arrange_pack(firsts, banker[:2], then, packs=rules.packs, rng=rng)
    seats = [NAMES[0], *NAMES[1:n + 1]]
    s = pt.new_deal(rules, seats, banker=NAMES[0], pack=pack)
    for _ in plans:
        s = pt.apply(s, pt.Stake(rules.min_stake))
    if rules.shoot:
        for _ in plans:
            s = pt.apply(s, pt.Shoot(0))
    for k, (kind, cards) in enumerate(plans):
        name = seats[k + 1]
        if kind == "split":
            s = pt.apply(s, pt.Split())
        else:
            for _ in cards[2:]:
                if pt.can_declare(s):
                    break
                s = pt.apply(s, pt.Twist())
        while s.phase is pt.Phase.PLAYERS and pt.to_act(s) == name:
            s = pt.apply(s, pt.Declare() if pt.can_declare(s) else pt.Stick())
    while not s.is_over:
        s = pt.apply(s, pt.BankerDraw() if len(s.banker_cards) < len(banker) else pt.BankerStay())
    return s


def is_banker_pontoon(s: pt.DealState) -> bool:
    """Whether the banker showed a pontoon in this deal."""
    return pt.is_pontoon(s.banker_cards)


def pct(x: Fraction) -> str:
    """A chance as a percentage with two decimals."""
    return f"{float(x) * 100:.2f}%"


def random_shoot_deal(rng: Rng, rules: pt.PontoonRules) -> Iterator[pt.DealState]:
    """Every state of one random Shoot Pontoon deal, 3 to 6 at the table, in turn (each
    shoot bet in the round after the stakes is sometimes cut to at most half the room)."""
    seats = list(NAMES[:rng.between(3, 6)])
    s = pt.new_deal(rules, seats, banker=seats[0], seed=rng.below(10**9),
                    kitty=stake_amount(rng, rules))
    while not s.is_over:
        yield s
        a = pt.random_action(s, rng)
        if isinstance(a, pt.Shoot) and s.phase is pt.Phase.SHOOT and rng.below(2):
            a = pt.Shoot(rng.between(0, pt.shoot_room(s) // 2))
        s = pt.apply(s, a)


def split_shoot_state(rng: Rng, rules: pt.PontoonRules) -> pt.DealState:
    """A random Shoot Pontoon deal at a player's turn to split a pair, with room left in
    the kitty for the new hand's shoot bet."""
    while True:
        for s in random_shoot_deal(rng, rules):
            span = pt.amount_range(s, pt.Split)
            if span is not None and span[1] > 0:
                return s


def shoot_states(rng: Rng, rules: pt.PontoonRules) -> list[pt.DealState]:
    """States of random Shoot Pontoon deals where a shoot bet may be made."""
    out: list[pt.DealState] = []
    while not out:
        out = [s for s in random_shoot_deal(rng, rules)
               if pt.amount_range(s, pt.Shoot) is not None
               and (s.phase is pt.Phase.PLAYERS or s.turn > 0)]
    return out
