"""Pontoon's reasons: the working of each decision as :mod:`cardrules.reasons` records, made
by the same functions that decide (:mod:`~cardrules.pontoon.values` for totals and kinds of
hand, :mod:`~cardrules.pontoon.checks` for what a player or the banker may do,
:mod:`~cardrules.pontoon.outcome` for what is paid, :mod:`~cardrules.pontoon.deal` for the cut
and the order of play).

>>> from cardrules.cards import parse_cards
>>> [type(s).__name__ for s in value_reason(parse_cards("AS 9D"), "Ann's hand")]
['Sum', 'AceChoice']
>>> value_reason(parse_cards("AS 9D"), "Ann's hand")[1].total
20
>>> class_reason(parse_cards("KS QD 5C"), "the hand").kind
'bust'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..cards import Card, Rank, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..reasons import (
    AceChoice,
    AllOf,
    Cuts,
    Figure,
    HandClass,
    Measure,
    Pair,
    Range,
    Relation,
    Ruling,
    Step,
    Sum,
    Then,
    Threshold,
    Turns,
    Versus,
    card_sum,
)
from .actions import BankerStay, Buy  # noqa: F401  (doctests)
from .checks import (
    can_banker_draw,
    can_buy,
    can_declare,
    can_next_deal,
    can_split,
    can_stick,
    shoot_room,
)
from .deal import FirstBanker, kitty_range, play_order
from .profile import PontoonRules, default_rules  # noqa: F401  (default_rules: doctests)
from .state import DealState, Hand
from .values import (
    HandKind,
    buy_range,
    card_points,
    classify,
    hand_value,
    is_pontoon,
    is_ten_card,
    low_total,
    ordinal,
    pontoon_probability,
)

BANKER = "the banker"
BANKER_HAND = "the banker's hand"
#: the most cards a hand holds, and the total it may not go over
MOST_CARDS, LIMIT = 5, 21


def hand_of(name: str, hand: int | None = None) -> str:
    """How a reason names a player's hand: ``Ann's hand``, ``Ben's hand 2`` after a split.

    >>> hand_of("Ann"), hand_of("Ben", 2)
    ("Ann's hand", "Ben's hand 2")
    """
    return f"{name}'s hand" + (f" {hand}" if hand else "")


# -- totals and kinds of hand --------------------------------------------------------------------
def value_reason(cards: Sequence[Card], of: str = "the hand") -> tuple[Sum] | tuple[Sum, AceChoice]:
    """What the cards count [pontoon.hand-value]: their points with every ace as 1 added up,
    then, for a hand with an ace that is not bust, whether one ace counts 11.

    >>> s = value_reason(parse_cards("AS 5D 9C 5H"))
    >>> s[0].total, s[1].total, s[1].raised
    (20, 20, False)
    """
    total = card_sum(of, [(c, card_points(c)) for c in cards])
    if any(c.rank is Rank.ACE for c in cards) and total.total <= LIMIT:
        return total, AceChoice(of, total.total, hand_value(cards))
    return (total,)


_KINDS = {HandKind.PONTOON: "pontoon", HandKind.FIVE_CARD_TRICK: "five card trick",
          HandKind.BUST: "bust"}


def class_reason(cards: Sequence[Card], of: str, from_split: bool = False,
                 rules: PontoonRules | None = None) -> HandClass:
    """The kind of hand the cards make, by :func:`.values.classify` [pontoon.hands.rank].

    >>> class_reason(parse_cards("9S 8D 4C"), "Hand A").kind
    '21'
    >>> strict = default_rules().replace(split_pontoon=False)
    >>> class_reason(parse_cards("AS KD"), "Ben's hand 1", True, strict).kind
    '21'
    """
    r = classify(cards, from_split=from_split, rules=rules)
    kind = _KINDS.get(r.kind) or ("21" if r.total == LIMIT else "total")
    return HandClass(of, tuple(cards), kind, r.total, from_split)


def hand_class(h: Hand, of: str, rules: PontoonRules) -> HandClass:
    """:func:`class_reason` of a player's hand in a deal.

    >>> hand_class(Hand(parse_cards("AS KD"), from_split=True), "Ben's hand 1", default_rules()).kind
    'pontoon'
    """
    return class_reason(h.cards, of, h.from_split, rules)


def versus_reason(left: str, left_hand: HandClass, right: str, right_hand: HandClass,
                  rules: PontoonRules | None = None, ties_to: str | None = BANKER,
                  then: str = "wins") -> Versus:
    """Two hands compared by the ranking [pontoon.hands.rank] [pontoon.ties]: the better wins,
    equal hands go to ``ties_to`` (the banker).

    >>> a = class_reason(parse_cards("2S 3D 4C 2H 5S"), "Ben's hand")
    >>> b = class_reason(parse_cards("7S 3D 4C 2H 5D"), BANKER_HAND)
    >>> v = versus_reason("Ben", a, BANKER, b)
    >>> v.equal, v.winner
    (True, 'the banker')
    """
    a = classify(left_hand.cards, from_split=left_hand.split, rules=rules)
    b = classify(right_hand.cards, from_split=right_hand.split, rules=rules)
    if a == b and ties_to is None:
        raise ValueError(f"{left} and {right} hold equal hands, and nobody takes a tie here")
    winner = (ties_to if a == b else left if a > b else right) or left
    return Versus(left, left_hand, right, right_hand, winner, a == b, ties_to, then)


# -- a player's turn -----------------------------------------------------------------------------
def stick_reason(state: DealState) -> tuple[Step, ...]:
    """Whether the player to act may stick [pontoon.stick] [pontoon.stick.sixteen]: the hand's
    total against the table's ``min_stick``.

    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal
    >>> s = apply(new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("7S 7D")], parse_cards("2C 3C"))), Stake(10))
    >>> t = stick_reason(s)[-1]
    >>> t.limit, t.option, t.holds
    (15, 'min_stick', False)
    """
    h, name = _turn(state)
    of = hand_of(name)
    total = hand_value(h.cards)
    return (*value_reason(h.cards, of),
            Threshold(of, Measure.TOTAL, total, Relation.AT_LEAST, state.rules.min_stick,
                      can_stick(state), "min_stick", name, "may stick", "must buy or twist"))


def _turn(state: DealState) -> tuple[Hand, str]:
    h, p = state.current_hand, state.current_player
    if h is None or p is None:
        raise ValueError("nobody is playing a hand now")
    return h, p.name


def split_reason(state: DealState) -> tuple[Step, ...]:
    """Whether the player to act may split the first two cards [pontoon.split]
    [pontoon.split.aces-only]: only two cards of one rank (two ten-cards count alike but
    are not a pair unless they are one rank), and at an aces-only table only aces.

    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal
    >>> s = apply(new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("KS JD")], parse_cards("2C 3C"))), Stake(10))
    >>> [type(x).__name__ for x in split_reason(s)], split_reason(s)[-1].holds
    (['Sum', 'Pair'], False)
    """
    h, name = _turn(state)
    a, b = h.cards[:2]
    steps: list[Step] = []
    if a.rank is not b.rank and is_ten_card(a) and is_ten_card(b):
        steps.append(card_sum(hand_of(name), [(c, card_points(c)) for c in (a, b)]))
    aces = state.rules.split == "aces"
    if aces:
        steps.append(Ruling("only a pair of aces", "may be split, no other pair", None, "split",
                            "aces"))
    steps.append(Pair(hand_of(name), (a, b), can_split(state), name,
                      f"may split them, staking another {h.stake} on the new hand",
                      "may not split them", "aces" if aces else ""))
    return tuple(steps)


def declare_reason(state: DealState) -> tuple[Step, ...]:
    """Whether the player to act holds a pontoon to declare [pontoon.declare]: exactly two
    cards making 21 (an ace and a ten-card); after a split only where the table pays it as a
    pontoon.

    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal
    >>> s = apply(new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("AS QD")], parse_cards("2C 3C"))), Stake(10))
    >>> declare_reason(s)[-1].holds
    True
    """
    h, name = _turn(state)
    of = hand_of(name)
    steps: list[Step] = list(value_reason(h.cards, of))
    pair = "an ace and a ten-card made after a split"
    if h.from_split and not state.rules.split_pontoon:
        steps.append(Ruling(pair, "count only as 21, not as a pontoon: there is nothing to "
                            "declare", can_declare(state), "split_pontoon", False))
        return tuple(steps)
    if h.from_split:
        steps.append(Ruling(pair, "are paid as a pontoon and declared like one (but never take "
                            "the bank)", None, "split_pontoon", True))
    total = hand_value(h.cards)
    conditions = (Threshold(of, Measure.CARDS, len(h.cards), Relation.EXACTLY, 2, len(h.cards) == 2),
                  Threshold(of, Measure.TOTAL, total, Relation.EXACTLY, LIMIT, total == LIMIT))
    steps.append(AllOf("a hand", of, conditions, can_declare(state), "is a pontoon to declare",
                       "is not a pontoon"))
    return tuple(steps)


def buy_reason(state: DealState, amount: int) -> tuple[Step, ...]:
    """Whether the player to act may buy the next card for ``amount`` [pontoon.buy.limits]
    [pontoon.twist] [pontoon.buy.fifth-card]: never after a twist; under the table's
    ``no_fifth_buy_on_11`` not a 5th card on four cards of 11 or less; and only for an amount
    in the buying range.  The hand is one that may take a card (under 21): bought cards lie
    face down, so the working never rests on their total.

    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal
    >>> s = apply(new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("4S 3D")], parse_cards("2C 3C"))), Stake(50))
    >>> r = buy_reason(s, 120)[-1]
    >>> r.low, r.high, r.holds
    (50, 100, False)
    """
    h, name = _turn(state)
    n = len(h.cards) + 1
    if h.twisted:
        twist = next(c for i, c in enumerate(h.cards) if i in h.face_up)
        return (Then(name, f"staked {h.stake} and twisted the {ordinal(h.cards.index(twist) + 1)} "
                     f"card, {twist}"),
                Ruling("after a twist, a player", f"may only twist, never buy: {name} may not "
                       f"buy the {ordinal(n)} card for {amount}", can_buy(state, amount)))
    steps: list[Step] = []
    if state.rules.no_fifth_buy_on_11 and n == MOST_CARDS:
        of = hand_of(name)
        low = low_total(h.cards)
        aces = " (every ace counting 1)" if any(c.rank is Rank.ACE for c in h.cards) else ""
        steps += [card_sum(of, [(c, card_points(c)) for c in h.cards]),
                  Ruling(f"four cards totalling 11 or less{aces}",
                         "may twist a 5th card but not buy it", None, "no_fifth_buy_on_11", True),
                  Threshold(of, Measure.TOTAL, low, Relation.AT_LEAST, 12, low >= 12, None, name,
                            "may buy the 5th card", "may only twist it")]
        if low < 12:
            return tuple(steps)
    history = bought_reason(name, h)
    if history is not None:
        steps.append(history)
    steps.append(buy_range_reason(state, amount))
    return tuple(steps)


def buy_range_reason(state: DealState, amount: int | None = None) -> Range:
    """What the player to act may add to buy the next card [pontoon.buy.limits], by
    :func:`.values.buy_range`: with ``amount``, whether that amount is allowed.

    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal
    >>> s = apply(new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("4S 3D")], parse_cards("2C 3C"), parse_cards("5D"))), Stake(50))
    >>> r = buy_range_reason(apply(s, Buy(70)))
    >>> r.low, r.high, r.high_is
    (50, 70, 'what was added for the 3rd')
    """
    h, name = _turn(state)
    n = len(h.cards) + 1
    low, high = buy_range(h.stake, h.buys)
    high_is = f"what was added for the {ordinal(n - 1)}" if h.buys else "twice it"
    of = f"what {name} may add to buy the {ordinal(n)} card"
    if amount is None:
        return Range(of, low, high, "the initial stake", high_is)
    return Range(of, low, high, "the initial stake", high_is, value=amount,
                 holds=can_buy(state, amount), who=name, then=f"may buy it for {amount}",
                 otherwise=f"may not buy it for {amount}")


def bought_reason(name: str, h: Hand) -> Then | None:
    """What ``name`` added for each card bought into ``h``, when more than one was (only the
    last limits the next card) [pontoon.buy.limits].

    >>> bought_reason("Ann", Hand(parse_cards("2S 3D 2C 3C"), stake=20, buys=(30, 25))).does
    'added 30 for the 3rd card and 25 for the 4th'
    """
    if len(h.buys) < 2:
        return None
    added = [f"{a} for the {ordinal(3 + i)}" + (" card" if i == 0 else "")
             for i, a in enumerate(h.buys)]
    return Then(name, "added " + ", ".join(added[:-1]) + f" and {added[-1]}")


def stake_reason(rules: PontoonRules, name: str, amount: int) -> Range:
    """Whether ``name`` may stake ``amount`` on the first card [pontoon.stakes]: from the
    table's ``min_stake`` to its ``max_stake``.

    >>> stake_reason(default_rules(), "Ann", 5).holds
    False
    """
    ok = rules.min_stake <= amount <= rules.max_stake
    return Range("a stake", rules.min_stake, rules.max_stake, "the agreed minimum",
                 "the agreed maximum", "min_stake", "max_stake", amount, ok, name,
                 f"may stake {amount}", f"may not stake {amount}")


def bust_reason(cards: Sequence[Card], name: str, stakes: Sequence[int], taken: int
                ) -> tuple[Step, ...]:
    """What the banker takes at once from ``name``'s hand after a card [pontoon.bust]: a bust
    hand's whole stake (``stakes``: the initial stake and each amount added); nothing yet
    from any other (``taken``: what the engine's payments say).

    >>> s = bust_reason(parse_cards("8D 6S 5H QS"), "Ann", (35, 55, 45), 135)
    >>> s[-1].result, s[-2].kind
    (135, 'bust')
    """
    of = hand_of(name)
    kind = class_reason(cards, of)
    steps: list[Step] = [*value_reason(cards, of), kind]
    if kind.kind == "bust":
        steps.append(Figure(f"the banker takes {name}'s whole stake at once", tuple(stakes),
                          taken))
    else:
        steps.append(Figure("the hand stays in, so the banker takes nothing yet", (taken,), taken))
    return tuple(steps)



# -- the banker ----------------------------------------------------------------------------------
def banker_draw_reason(state: DealState) -> tuple[Step, ...]:
    """Whether the banker may add a card [pontoon.banker-play]: while the hand holds four cards
    or fewer and counts 20 or less with every ace as 1.

    >>> from cardrules.pontoon import apply, arrange_pack, new_deal, Stake, Stick
    >>> s = new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("10S 9D")], parse_cards("AC 6C")))
    >>> banker_draw_reason(apply(apply(s, Stake(10)), Stick()))[-1].holds
    True
    """
    cards = state.banker_cards
    low = low_total(cards)
    conditions = (Threshold(BANKER_HAND, Measure.CARDS, len(cards), Relation.AT_MOST,
                            MOST_CARDS - 1, len(cards) < MOST_CARDS),
                  Threshold(BANKER_HAND, Measure.TOTAL, low, Relation.AT_MOST, LIMIT - 1,
                            low < LIMIT))
    return (card_sum(BANKER_HAND, [(c, card_points(c)) for c in cards]),
            AllOf("a hand", BANKER_HAND, conditions, can_banker_draw(state), "may take a card",
                  "may take no more cards"))


def lowest_paid_reason(cards: Sequence[Card], lowest: int) -> tuple[Step, ...]:
    """The lowest ordinary total the banker pays staying on ``cards`` ("I pay 18")
    [pontoon.settle.pay-higher]: one more than his own, ties going to him; ``lowest`` is
    :func:`.outcome.lowest_paid`'s.

    >>> lowest_paid_reason(parse_cards("10S 7D"), 18)[-1].terms
    (17, 1)
    """
    total = hand_value(cards)
    return (*value_reason(cards, BANKER_HAND), class_reason(cards, BANKER_HAND),
            Figure("ties go to the banker, so the lowest total he pays is one more than his own",
                 (total, 1), lowest))


# -- the deal, the cut and the next deal ---------------------------------------------------------
def cut_reason(cut: FirstBanker) -> Cuts:
    """The first round of the cut for the bank [pontoon.first-banker]: the highest card, ace
    high and suits not counting, takes the bank; a tie cuts again.

    >>> from cardrules.pontoon import Cut
    >>> fb = FirstBanker(("Ann", "Ben"), ((Cut("Ann", parse_cards("KS")[0]),
    ...                                    Cut("Ben", parse_cards("AD")[0])),), "Ben")
    >>> cut_reason(fb).highest
    ('Ben',)
    """
    return Cuts(tuple(c.name for c in cut.cuts), tuple(c.card for c in cut.cuts), cut.tied(0))


def turns_reason(seats: Sequence[str], banker: str, pick: int = 0, then: str = "") -> Turns:
    """The order of play [pontoon.deal] [pontoon.stakes]: clockwise from the banker's left, by
    :func:`.deal.play_order`.

    >>> turns_reason(["Ann", "Ben", "Cleo", "Dev"], "Cleo").order
    ('Dev', 'Ann', 'Ben')
    """
    return Turns(tuple(seats), banker, play_order(seats, banker), pick, then)


def pontoon_chance_reason(packs: int) -> tuple[Figure, Figure, Figure]:
    """The chance that a hand's first two cards are a pontoon [pontoon.two-packs]: every ordered
    pair of two different cards counted, as :func:`.values.pontoon_probability` counts them.

    >>> pontoon_chance_reason(1)[-1].result
    Fraction(32, 663)
    """
    n, aces, tens = 52 * packs, 4 * packs, 16 * packs
    pairs, hits = n * (n - 1), aces * tens * 2
    chance = Fraction(hits, pairs)
    if chance != pontoon_probability(packs):  # pragma: no cover - the two counts agree
        raise AssertionError(f"{chance} is not the engine's chance for {packs} packs")
    return (Figure(f"the ordered pairs of two different cards from {n} cards", (n, n - 1), pairs,
                 "×"),
            Figure(f"the pairs that make a pontoon: one of the {aces} aces and one of the {tens} "
                 "ten-cards, in either order", (aces, tens, 2), hits, "×"),
            Figure("the chance of a pontoon", (hits, pairs), chance, "/"))


# -- Shoot Pontoon -------------------------------------------------------------------------------
def shoot_room_reason(state: DealState, who: str, bets: Sequence[int], what: str = "shoot"
                      ) -> tuple[Step, ...]:
    """The most ``who`` may shoot now [pontoon.shoot.bet]: what the kitty has left uncovered by
    the shoot bets standing (``bets``), by :func:`.checks.shoot_room`.

    >>> from cardrules.pontoon import load_pontoon, new_deal, apply, Stake, Shoot
    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben", "Cleo"], seed=1, kitty=80)
    >>> s = apply(apply(apply(s, Stake(10)), Stake(20)), Shoot(50))
    >>> shoot_room_reason(s, "Cleo", [50])[-1].result
    30
    """
    room = shoot_room(state)
    if room != state.kitty - sum(bets):  # pragma: no cover - the bets are the standing ones
        raise ValueError(f"the bets {bets} do not leave {room} of the kitty {state.kitty}")
    return (Ruling("all the shoot bets together", "may not exceed the kitty"),
            Figure("what the kitty has left uncovered", (state.kitty, *(-b for b in bets)), room,
                 then=f"the most {who} may {what} is"))


def kitty_reason(rules: PontoonRules, banker: str, largest: bool) -> Range:
    """The largest or the smallest kitty ``banker`` may put up [pontoon.shoot]: from the table's
    minimum to its maximum stake, by :func:`.deal.kitty_range`.

    >>> from cardrules.pontoon import load_pontoon
    >>> kitty_reason(load_pontoon("shoot-pontoon"), "Ann", True).high
    100
    """
    low, high = kitty_range(rules)
    word = "largest" if largest else "smallest"
    return Range(f"the kitty {banker} puts up", low, high, "the minimum stake",
                 "the maximum stake", "min_stake", "max_stake", asks="high" if largest else "low",
                 then=f"the {word} kitty {banker} may put up is")


def stake_parts(h: Hand) -> tuple[int, ...]:
    """A hand's stake as its parts: the initial stake and what was added for each card bought.

    >>> stake_parts(Hand(parse_cards("2S 3D 9C"), stake=20, buys=(30,)))
    (20, 30)
    """
    return (h.stake, *h.buys)


# -- settlement ----------------------------------------------------------------------------------
def _paid(state: DealState, name: str, rules: Sequence[str]) -> int:
    """What the banker paid ``name`` under ``rules`` (negative: what ``name`` paid him)."""
    return (sum(x.amount for x in state.payments if x.rule_id in rules and x.payer == state.banker
                and x.payee == name)
            - sum(x.amount for x in state.payments if x.rule_id in rules and x.payee == state.banker
                  and x.payer == name))


_SETTLE = ("pontoon.settle.banker-bust", "pontoon.settle.banker-five-card-trick",
           "pontoon.settle.banker-21", "pontoon.settle.pay-higher", "pontoon.ties")


def banker_reason(state: DealState) -> tuple[Step, ...]:
    """The banker's final hand: what it counts and what kind of hand it is.

    >>> from cardrules.pontoon import Stake, Stick, apply, arrange_pack, new_deal
    >>> s = new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("10S 9D")], parse_cards("10C 8C")))
    >>> banker_reason(apply(apply(s, Stake(10)), Stick()))[-1].total
    18
    """
    cards = state.banker_cards
    return (*value_reason(cards, BANKER_HAND), class_reason(cards, BANKER_HAND))


def settle_reason(state: DealState, name: str) -> tuple[Step, ...]:
    """What the banker pays ``name`` (negative: what ``name`` pays) once the deal is over
    [pontoon.settle] [pontoon.ties] [pontoon.bust]: a bust hand paid its stake at once; a live
    hand against the banker's, the better paid its whole stake, doubled for a pontoon or a five
    card trick, and double paid to a banker's five card trick.  The amounts are the engine's
    payments (:func:`.outcome.settle_deal`); ``name`` holds one hand.

    >>> from cardrules.pontoon import Stake, Stick, apply, arrange_pack, new_deal
    >>> s = new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("10S 9D")], parse_cards("10C 8C")))
    >>> s = apply(apply(apply(s, Stake(10)), Stick()), BankerStay())
    >>> settle_reason(s, "Ann")[-1].answer
    10
    """
    p = next(x for x in state.players if x.name == name)
    if len(p.hands) != 1:
        raise ValueError(f"{name} split: settle each hand on its own")
    h = p.hands[0]
    of = hand_of(name)
    parts = stake_parts(h)
    if not h.is_live:
        paid = _paid(state, name, ("pontoon.bust",))
        return (*value_reason(h.cards, of), class_reason(h.cards, of),
                Figure(f"{name} went bust and paid the whole stake at once", parts, -paid,
                     then=f"the banker pays {name}", sign=-1))
    rules = state.rules
    mine = hand_class(h, of, rules)
    steps: list[Step] = [*banker_reason(state), *value_reason(h.cards, of)]
    paid = _paid(state, name, (*_SETTLE, "pontoon.banker-pontoon"))
    total = h.total_stake
    if classify(state.banker_cards).kind is HandKind.PONTOON:
        steps.append(Ruling("a banker's pontoon", "collects double every stake at once, even "
                            "from a pontoon"))
    else:
        steps.append(versus_reason(name, mine, BANKER, class_reason(state.banker_cards,
                                                                     BANKER_HAND), rules))
    if h.buys:
        steps.append(Figure(f"{name}'s whole stake, with what was added for the "
                          "cards bought", parts, total))
    times = abs(paid) // total
    terms, op = ((times, total), "×") if times > 1 else ((total,), "+")
    if paid > 0:
        twice = f"double the stake for a {mine.kind}" if times > 1 else "the stake"
        steps.append(Figure(f"the banker pays {name} {twice}", terms, paid, op))
    else:
        if times > 1 and classify(state.banker_cards).kind is HandKind.FIVE_CARD_TRICK:
            steps.append(Ruling("a banker's five card trick", "collects double the stake from "
                                "every hand but a pontoon"))
        twice = "double the stake" if times > 1 else "the stake"
        steps.append(Figure(f"{name} pays the banker {twice}", terms, -paid, op,
                          then=f"the banker pays {name}", sign=-1))
    return tuple(steps)



def banker_pontoon_reason(state: DealState, name: str) -> tuple[Step, ...]:
    """What ``name`` pays on the stake when the banker shows a pontoon [pontoon.banker-pontoon]
    [pontoon.shoot.banker-pontoon]: double, whatever the player holds; shoot bets go into the
    kitty apart.  The amount is the engine's payment.

    >>> from cardrules.pontoon import Stake, apply, arrange_pack, new_deal
    >>> s = new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("10S 9D")], parse_cards("AC KC")))
    >>> banker_pontoon_reason(apply(s, Stake(30)), "Ann")[-1].result
    60
    """
    h = next(x for x in state.players if x.name == name).hands[0]
    paid = -_paid(state, name, ("pontoon.banker-pontoon",))
    steps: list[Step] = [class_reason(state.banker_cards, BANKER_HAND),
                         Ruling("a banker's pontoon", "collects double every stake at once, even "
                                "from a pontoon")]
    if state.rules.shoot and h.shoot_total:
        steps.append(Ruling("shoot bets", "do not count in this: a banker's pontoon sends them "
                            "all into the kitty", None, "shoot", True))
    steps.append(Figure(f"{name} pays the banker double the stake", (2, h.total_stake), paid, "×"))
    return tuple(steps)


def kitty_settle_reason(state: DealState, kitty_before: int) -> tuple[Step, ...]:
    """The kitty once the shoot bets are settled [pontoon.shoot.settle]
    [pontoon.shoot.banker-pontoon] [pontoon.shoot.bust]: each live hand that beats the banker is
    paid its shoot bets from the kitty, 1 to 1; every other live hand's go into it; a bust
    hand's went in at once (the kitty before, ``kitty_before``, holds them).  A banker's
    pontoon sends every shoot bet into the kitty.  The amounts are the engine's payments.

    >>> from cardrules.pontoon import Shoot, Stake, Stick, apply, arrange_pack, load_pontoon, new_deal
    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ben", "Ann"], kitty=50, pack=arrange_pack(
    ...     [parse_cards("10S 9D")], parse_cards("10C 8C")))
    >>> s = apply(apply(apply(apply(s, Stake(10)), Shoot(20)), Stick()), BankerStay())
    >>> kitty_settle_reason(s, 50)[-1].terms
    (50, -20)
    """
    steps: list[Step] = list(banker_reason(state))
    banker = class_reason(state.banker_cards, BANKER_HAND)
    rules = state.rules
    moves: list[int] = []
    if banker.kind == "pontoon":
        steps.append(Ruling("a banker's pontoon", "sends every shoot bet into the kitty"))
    for p in state.players:
        several = len(p.hands) > 1
        for k, h in enumerate(p.hands):
            if not h.shoot_total:
                continue
            name = f"{p.name} (hand {k + 1})" if several else p.name
            if banker.kind == "pontoon":
                moves.append(h.shoot_total)
            elif not h.is_live:
                steps.append(Ruling(f"{name}'s shoot bet", "went into the kitty at "
                                    "once when the hand went bust: the kitty holds it already"))
            else:
                v = versus_reason(name, hand_class(h, hand_of(p.name, k + 1 if several else None),
                                                   rules), BANKER, banker, rules)
                steps.append(v)
                moves.append(-h.shoot_total if v.winner == name else h.shoot_total)
    if kitty_before + sum(moves) != state.kitty:  # pragma: no cover - the engine's settlement
        raise AssertionError(f"{kitty_before} and {moves} do not make the kitty {state.kitty}")
    steps.append(Figure("the kitty after the shoot bets", (kitty_before, *moves), state.kitty))
    return tuple(steps)


# -- between deals -------------------------------------------------------------------------------
def _ace_tens(state: DealState) -> list[tuple[str, Hand]]:
    """Every player's hand of an ace and a ten-card alone, with the name a reason gives it."""
    out = []
    for p in state.players:
        several = len(p.hands) > 1
        for k, h in enumerate(p.hands):
            if is_pontoon(h.cards):
                out.append((hand_of(p.name, k + 1 if several else None), h))
    return out


def _split_rule(state: DealState, hands: Sequence[Hand]) -> list[Step]:
    """The table's rule for an ace and a ten-card made after a split, when the deal has one."""
    if not any(h.from_split for h in hands):
        return []
    pair = "an ace and a ten-card made after a split"
    if state.rules.split_pontoon:
        return [Ruling(pair, "are paid as a pontoon, but never take the bank", None,
                       "split_pontoon", True)]
    return [Ruling(pair, "count only as 21, not as a pontoon", None, "split_pontoon", False)]


def next_banker_reason(state: DealState) -> tuple[Step, ...]:
    """Who banks the next deal, by the engine's end of the deal (:func:`.outcome.finish_deal`)
    [pontoon.next-banker] [pontoon.banker-pontoon]: the first player from the banker's left who
    made a pontoon without splitting; else the banker keeps the bank (always after his own
    pontoon).  A sale of the bank follows apart.

    >>> from cardrules.pontoon import Declare, Stake, Stick, apply, arrange_pack, new_deal
    >>> s = new_deal(default_rules(), ["Ben", "Ann", "Cleo"], pack=arrange_pack(
    ...     [parse_cards("9S 7D"), parse_cards("AS KD")], parse_cards("9C 8H")))
    >>> s = apply(apply(apply(apply(apply(s, Stake(10)), Stake(10)), Stick()), Declare()),
    ...           BankerStay())
    >>> next_banker_reason(s)[-1].who, next_deal_reason(s)[-1].who
    ('Cleo', 'the pack')
    """
    steps: list[Step] = [Ruling("a player who makes a pontoon without splitting", "takes the bank "
                                "for the next deal (the first such player from the banker's "
                                "left, when there are several)")]
    banker, nb = state.banker, state.next_banker
    if is_pontoon(state.banker_cards):
        return (*steps, class_reason(state.banker_cards, BANKER_HAND),
                Ruling("a banker's pontoon", "ends the deal at once, before any player can "
                       "declare a pontoon"),
                Then(banker, "keeps the bank"))
    hands = _ace_tens(state)
    steps += [hand_class(h, of, state.rules) for of, h in hands]
    steps += _split_rule(state, [h for _, h in hands])
    if nb is not None and nb != banker:
        order = play_order(state.seats, banker)
        steps += [turns_reason(state.seats, banker, order.index(nb), "is the first player from "
                               "the banker's left with a pontoon made without splitting"),
                  Then(nb, "takes the bank for the next deal")]
    else:
        made = " without splitting" if hands else ""
        steps.append(Then(banker, f"keeps the bank: no player made a pontoon{made}"))
    return tuple(steps)


def next_deal_reason(state: DealState) -> tuple[Step, ...]:
    """Whether the pack is shuffled before the next deal [pontoon.next-deal]: after a pontoon
    anywhere, the banker's included, it is; otherwise the cards go to the bottom unshuffled
    (the engine's ``shuffle_next``).

    >>> from cardrules.pontoon import Stake, Stick, apply, arrange_pack, new_deal
    >>> s = new_deal(default_rules(), ["Ben", "Ann"], pack=arrange_pack(
    ...     [parse_cards("9S 7D")], parse_cards("9C 8H")))
    >>> next_deal_reason(apply(apply(apply(s, Stake(10)), Stick()), BankerStay()))[-1].who
    'the cards'
    """
    steps: list[Step] = [Ruling("after a deal with a pontoon anywhere", "the pack is shuffled and "
                                "cut; after any other, the cards go to the bottom unshuffled")]
    hands = [(hand_of(p.name, k + 1 if len(p.hands) > 1 else None), h)
             for p in state.players for k, h in enumerate(p.hands)]
    steps += [hand_class(h, of, state.rules) for of, h in hands]
    steps.append(class_reason(state.banker_cards, BANKER_HAND))
    steps += _split_rule(state, [h for _, h in hands if is_pontoon(h.cards)])
    if state.shuffle_next:
        steps.append(Then("the pack", "is shuffled and cut before the next deal: there was a "
                          "pontoon"))
    else:
        steps.append(Then("the cards", "go to the bottom of the pack, unshuffled: nobody made a "
                          "pontoon"))
    return tuple(steps)


def between_deals_reason(state: DealState) -> tuple[Step, ...]:
    """What happens to the kitty between deals [pontoon.shoot.change-of-bank]
    [pontoon.shoot.dry-kitty] [pontoon.shoot.top-up]: a new banker puts up a new kitty, the
    old one taking his; a dry kitty is put up again or the bank sold; else the banker may top
    it up, never take anything out (by :func:`.checks.can_next_deal`).

    >>> from cardrules.pontoon import Shoot, Stake, Stick, apply, arrange_pack, load_pontoon, new_deal
    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ben", "Ann"], kitty=50, pack=arrange_pack(
    ...     [parse_cards("10S 9D")], parse_cards("10C 8C")))
    >>> s = apply(apply(apply(apply(s, Stake(10)), Shoot(20)), Stick()), BankerStay())
    >>> between_deals_reason(s)[0].does
    'keeps the bank, and the kitty of 30 stays'
    """
    banker, nb, kitty = state.banker, state.next_banker, state.kitty
    if nb != banker:
        return (Then(banker, f"banked this deal and {nb} banks the next: the bank changes hands"),
                Ruling("the old banker", f"takes the kitty, {kitty}, and the new banker puts up "
                       "a new one"))
    if not can_next_deal(state):
        return (Then(banker, f"keeps the bank, and the kitty holds {kitty}: it is dry"),
                Ruling(banker, "must put up a new kitty, or sell the bank, before the next "
                       "deal"))
    return (Then(banker, f"keeps the bank, and the kitty of {kitty} stays"),
            Ruling("before a new deal the banker", "may add to the kitty, but never take "
                   "anything out"))
