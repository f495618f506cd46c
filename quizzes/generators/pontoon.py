"""Pontoon quiz generators: hand values and ranks, the deal, buying, twisting,
sticking, splitting, busts, the banker's play, settlement, the next deal and
banker, and Shoot Pontoon's kitty.  Every answer comes from the engine: a
question builds a real deal (stacked with :func:`cardrules.pontoon.arrange_pack`), plays
it with real actions, and reads the answer off the resulting state; every explanation is the
engine's reason for the case (:mod:`cardrules.pontoon.reasons`).

>>> from quizzes import make
>>> q = make("pontoon.buy.range", seed=3)
>>> q.check(q.low).correct, q.check(q.high + 1).correct
(True, False)
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from cardrules import pontoon as pt
from cardrules.cards import Card, Rank, standard_deck
from cardrules.profiles import Profile
from cardrules.reasons import Figure, Reason, Ruling, Step, Then
from cardrules.rng import Rng
from quizzes.generators.scenarios import pontoon as sc
from quizzes.model.question import CardRow, Kind, Question, choice_question, numeric, yes_no
from quizzes.model.registry import generator
from quizzes.model.words import listed

PROFILE = "pontoon"
SHOOT = "shoot-pontoon"
NAMES = sc.NAMES


def _rules(p: Profile) -> pt.PontoonRules:
    """The profile as Pontoon rules (every generator here is for a Pontoon profile)."""
    assert isinstance(p, pt.PontoonRules)
    return p


def _shoot_rules(p: Profile) -> pt.PontoonRules:
    """The profile as Shoot Pontoon rules; rules without a kitty are refused at once (a question
    about shoot bets cannot be asked there).

    >>> from cardrules.profiles import load_rules
    >>> _shoot_rules(load_rules("pontoon"))
    Traceback (most recent call last):
    ...
    ValueError: this question is about Shoot Pontoon's kitty, and the rules 'Pontoon' have none (shoot = false); ask it under rules with shoot = true, such as shoot-pontoon
    """
    rules = _rules(p)
    if not rules.shoot:
        raise ValueError("this question is about Shoot Pontoon's kitty, and the rules "
                         f"{rules.name or 'given'!r} have none (shoot = false); ask it under rules "
                         "with shoot = true, such as shoot-pontoon")
    return rules


# -- card values and ranking -------------------------------------------------------------------
@generator("pontoon.hand-value.total", ["pontoon.hand-value"], Kind.NUMERIC,
           "What does this hand count?", PROFILE)
def hand_total(rng: Rng, p: Profile) -> Question:
    """What does this hand count, an ace being 1 or 11?"""
    n = rng.choice((2, 2, 3, 3, 4))
    want_ace = rng.below(2) == 0
    cards = sc.random_cards(rng, n, lambda cs: pt.low_total(cs) <= 21 and (
        not want_ace or any(c.rank is Rank.ACE for c in cs)))
    why = Reason("pontoon.hand-value", pt.value_reason(cards))
    return numeric("pontoon.hand-value.total", 0, "What does this Pontoon hand count (its best "
                   "total)?", ["pontoon.hand-value"], pt.hand_value(cards), None, why,
                   rows=[CardRow("Hand", cards)])


@generator("pontoon.hands.rank.order", ["pontoon.hands.rank"], Kind.MULTIPLE_CHOICE,
           "Rank these hands", PROFILE)
def rank_order(rng: Rng, p: Profile) -> Question:
    """Put three hands in order, best first."""
    hands = sc.distinct_hands(rng, 3)
    labels = ["A", "B", "C"]
    order = sorted(range(3), key=lambda i: pt.classify(hands[i]), reverse=True)
    right = " > ".join(labels[i] for i in order)
    perms = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    others = [" > ".join(labels[i] for i in q) for q in perms if " > ".join(labels[i] for i in q) != right]
    choices = rng.shuffled([right, *rng.sample(others, 3)])
    names = [f"Hand {x}" for x in labels]
    kinds = [pt.class_reason(h, name) for h, name in zip(hands, names, strict=True)]
    steps: list[Step] = [s for h, name in zip(hands, names, strict=True)
                         for s in pt.value_reason(h, name)]
    steps += [pt.versus_reason(names[a], kinds[a], names[b], kinds[b], ties_to=None,
                               then="ranks higher") for a, b in itertools.pairwise(order)]
    return choice_question(
        "pontoon.hands.rank.order", 0, "Put these hands in order, best first.",
        ["pontoon.hands.rank"], choices, right, Reason("pontoon.hands.rank", tuple(steps)),
        rows=[CardRow(name, h) for name, h in zip(names, hands, strict=True)],
    )


@generator("pontoon.hands.rank.kind", ["pontoon.hands.rank", "pontoon.five-cards", "pontoon.bust"],
           Kind.MULTIPLE_CHOICE, "What kind of hand is this?", PROFILE)
def rank_kind(rng: Rng, p: Profile) -> Question:
    """What kind of hand is this: pontoon, five card trick, 21, a total or bust?"""
    kind = rng.choice(("pontoon", "five", "five", "21", "total", "bust", "bust"))
    pool = list(standard_deck())
    if kind == "five" and rng.below(3) == 0:  # five cards over 21 are bust, not a trick
        cards = sc.random_cards(rng, 5, lambda cs: sc.ok_prefixes(cs) and pt.low_total(cs) > 21)
    else:
        cards = sc.sample_hand(rng, pool, kind, 12, 20)
    r = pt.classify(cards)
    names = {pt.HandKind.PONTOON: "A pontoon", pt.HandKind.FIVE_CARD_TRICK: "A five card trick",
             pt.HandKind.BUST: "Bust"}
    answer = names.get(r.kind, "21 in three or four cards" if r.total == 21 else
                       "An ordinary total under 21")
    choices = ("A pontoon", "A five card trick", "21 in three or four cards",
               "An ordinary total under 21", "Bust")
    # five cards ask the rule of five cards (a trick at 21 or less); the others the ranking
    rules = (["pontoon.five-cards", "pontoon.hands.rank", "pontoon.bust"] if len(cards) == 5
             else ["pontoon.hands.rank", "pontoon.five-cards", "pontoon.bust"])
    why = Reason(rules[0], (*pt.value_reason(cards), pt.class_reason(cards, "the hand")))
    return choice_question("pontoon.hands.rank.kind", 0, "What is this hand?", rules,
                           choices, answer, why, rows=[CardRow("Hand", cards)])


@generator("pontoon.ties.who-wins", ["pontoon.ties", "pontoon.hands.rank"], Kind.MULTIPLE_CHOICE,
           "Player or banker?", PROFILE)
def ties_who_wins(rng: Rng, p: Profile) -> Question:
    """Does the player or the banker win, equal hands included?"""
    rules = _rules(p)
    player_wins = rng.below(2) == 0  # half the questions, the player wins
    tie = not player_wins and rng.below(2) == 0
    while True:
        kinds = [rng.choice(("total", "total", "21", "five"))]
        bk = kinds[0] if tie else rng.choice(("total", "21", "five"))
        d = sc.scripted_deal(rng, rules, kinds, bk)
        h = d.end.players[0].hands[0]
        b = pt.classify(d.end.banker_cards)
        if (not tie or h.rank(rules) == b) and (h.rank(rules) > b) == player_wins:
            break
    st = pt.settlement(d.end)
    name = d.end.players[0].name
    net = st.between(name)
    answer = f"{name} wins" if net > 0 else "The banker wins"
    mine = pt.hand_class(h, pt.hand_of(name), rules)
    versus = pt.versus_reason(name, mine, pt.BANKER, pt.class_reason(d.end.banker_cards,
                                                                     pt.BANKER_HAND), rules)
    why = Reason("pontoon.ties" if versus.equal else "pontoon.hands.rank",
                 (*pt.value_reason(h.cards, pt.hand_of(name)), *pt.banker_reason(d.end), versus))
    return choice_question(
        "pontoon.ties.who-wins", 0, f"{name} has stuck and the banker has finished. Who wins?",
        [why.rule], (f"{name} wins", "The banker wins"), answer, why,
        rows=[CardRow(name, h.cards), CardRow("Banker", d.end.banker_cards)],
    )


# -- the deal and the stakes ---------------------------------------------------------------------
@generator("pontoon.first-banker.who", ["pontoon.first-banker"], Kind.MULTIPLE_CHOICE,
           "Who banks first?", PROFILE)
def first_banker_who(rng: Rng, p: Profile) -> Question:
    """Everyone has cut for the bank: who is the first banker, or must some cut again?"""
    rules = _rules(p)
    seats = NAMES[:rng.between(3, 6)]
    want_tie = rng.below(3) == 0
    while True:
        cut = pt.choose_first_banker(seats, Rng(rng.below(10**9)), rules.packs)
        if bool(cut.tie_breaks) == want_tie:
            break
    again = "Nobody yet: those who tie for the highest card cut again"
    right = again if cut.tie_breaks else cut.banker
    # the ace's place is told when an ace is cut: only then does it matter
    ace = (" (the ace is the highest card)" if any(c.card.rank is Rank.ACE for c in cut.cuts)
           else "")
    return choice_question(
        "pontoon.first-banker.who", 0,
        f"{', '.join(seats)} cut the pack to choose the first banker{ace}. Who is the first "
        "banker?", ["pontoon.first-banker"],
        [*rng.shuffled(list(seats)), again], right,
        Reason("pontoon.first-banker", (pt.cut_reason(cut),)),
        rows=[CardRow(c.name, (c.card,)) for c in cut.cuts],
    )


@generator("pontoon.deal.order", ["pontoon.deal", "pontoon.stakes"], Kind.MULTIPLE_CHOICE,
           "Who goes first?", PROFILE)
def deal_order(rng: Rng, p: Profile) -> Question:
    """Who is dealt first, who plays last, and who may not look at his card?"""
    rules = _rules(p)
    n = rng.between(3, 6)
    seats = list(NAMES[:n])
    banker = rng.choice(seats)
    s = pt.new_deal(rules, seats, banker=banker, seed=rng.below(10**9))
    form = rng.below(3)
    if form == 0:
        right = s.players[0].name
        prompt = (f"Seats go clockwise: {', '.join(seats)} (then back to {seats[0]}). {banker} is "
                  "the banker. Who is dealt the first card, and stakes first?")
        steps: tuple[Step, ...] = (pt.turns_reason(seats, banker, 0, "is dealt the first card, and "
                                                   "stakes first, as stakes go in the same order"),)
        rid = "pontoon.stakes"
    elif form == 1:
        right = s.players[-1].name
        prompt = (f"Seats go clockwise: {', '.join(seats)} (then back to {seats[0]}). {banker} is "
                  "the banker. Which player plays last, just before the banker?")
        steps = (pt.turns_reason(seats, banker, -1, "plays last, just before the banker"),)
        rid = "pontoon.deal"
    else:
        blind = [name for name in seats if name == banker and pt.banker_view(s)[0] is None]
        right = blind[0]
        prompt = (f"{banker} banks for {', '.join(x for x in seats if x != banker)}. After the "
                  "first card, who is the only one not allowed to look at his card?")
        players = [x for x in seats if x != banker]
        steps = (Ruling("the players", "look at their first card to stake on it; the banker may "
                        "not look at his own"),
                 Then(right, f"is the banker: {listed(players)} look at their cards, but {right} "
                      "may not look at his"))
        rid = "pontoon.deal"
    return choice_question("pontoon.deal.order", 0, prompt, [rid], rng.shuffled(seats), right,
                           Reason(rid, steps))


@generator("pontoon.stakes.allowed", ["pontoon.stakes"], Kind.YES_NO, "Is this stake allowed?",
           PROFILE)
def stake_allowed(rng: Rng, p: Profile) -> Question:
    """Is this first-card stake within the agreed limits?"""
    rules = _rules(p)
    s = pt.new_deal(rules, ["Ben", "Ann", "Cleo"], banker="Ben", seed=rng.below(10**9))
    lo, hi = rules.min_stake, rules.max_stake
    # half the amounts are allowed, the ends among them; the others too little or too much
    where = rng.below(8)
    amount = (lo if where == 0 else hi if where == 1 else rng.between(lo, hi) if where < 4 else
              rng.between(max(1, lo // 2), lo - 1) if where < 6 and lo > 1 else
              rng.between(hi + 1, 2 * hi))
    ok, rid, _ = sc.answer(s, pt.Stake(amount), ["pontoon.stakes"])
    why = pt.stake_reason(rules, "Ann", amount)
    assert why.holds == ok
    # whatever her first card, the same stakes are allowed: it is not shown
    return yes_no("pontoon.stakes.allowed", 0, f"The agreed stakes are {lo} to {hi}. Ann looks at "
                  f"her first card and wants to stake {amount}. May she?", [rid], ok,
                  Reason(rid, (why,)))


@generator("pontoon.banker-pontoon.pay", ["pontoon.banker-pontoon", "pontoon.shoot.banker-pontoon"],
           Kind.NUMERIC, "The banker has a pontoon", PROFILE)
def banker_pontoon_pay(rng: Rng, p: Profile) -> Question:
    """How much does a player pay when the banker shows a pontoon?"""
    rules = _rules(p)
    kinds = [rng.choice(("total", "pontoon", "bust")) for _ in range(rng.between(1, 3))]
    d = sc.scripted_deal(rng, rules, kinds, "pontoon", shoot=True)
    st = pt.settlement(d.end)
    pl = rng.choice(d.plans)
    paid = -st.between(pl.name)
    shoot = f" and shot {pl.shoot}" if pl.shoot else ""
    why = pt.banker_pontoon_reason(d.end, pl.name)
    return numeric(
        "pontoon.banker-pontoon.pay", 0,
        f"{pl.name} staked {pl.stake}{shoot} on the first card. After the second card the banker "
        f"shows a pontoon. How much does {pl.name} pay the banker on the stake?",
        ["pontoon.banker-pontoon"], paid, None, Reason("pontoon.banker-pontoon", why),
        rows=[CardRow(pl.name, d.end.players[d.plans.index(pl)].hands[0].cards),
              CardRow("Banker", d.end.banker_cards)], unit="chips",
    )


# -- a player's turn ------------------------------------------------------------------------------


@generator("pontoon.buy.range", ["pontoon.buy.limits"], Kind.NUMERIC,
           "What may you add to buy this card?", PROFILE)
def buy_range_q(rng: Rng, p: Profile) -> Question:
    """What may a player add to the stake to buy the next card?"""
    rules = _rules(p)
    s, bought = sc.buy_scenario(rng, rules)
    h = s.current_hand
    assert h is not None
    span = pt.amount_range(s, pt.Buy)
    assert span is not None
    n = len(h.cards) + 1
    history = "".join(f" She bought her {pt.ordinal(3 + i)} card for {a}." for i, a in
                      enumerate(bought))
    return numeric(
        "pontoon.buy.range", 0,
        f"Ann's initial stake is {h.stake}.{history} She wants to buy her {pt.ordinal(n)} card. "
        "How much may she add to her stake? (Any allowed amount is right.)",
        ["pontoon.buy.limits"], span[0], span[1],
        Reason("pontoon.buy.limits", tuple(x for x in (pt.bought_reason("Ann", h),
                                                         pt.buy_range_reason(s)) if x)),
        rows=[_ann_row(rules, h.cards, frozenset(range(len(h.cards))))], unit="chips",
    )


def _ann_row(rules: pt.PontoonRules, cards: tuple[Card, ...], face_down: frozenset[int]
             ) -> CardRow:
    """Ann's hand as a buying question shows it.  Bought cards lie face down; but under
    ``no_fifth_buy_on_11`` whether she may buy a 5th card depends on the total of her four,
    so the question shows them face up, as she sees them."""
    if rules.no_fifth_buy_on_11 and len(cards) == 4:
        return CardRow("Ann's cards, as she sees them", cards)
    return CardRow("Ann", cards, face_down=face_down)


@generator("pontoon.buy.may", ["pontoon.buy.limits", "pontoon.twist", "pontoon.buy.fifth-card"],
           Kind.YES_NO, "May you buy here?", PROFILE,
           variations={"pontoon.buy.fifth-card": "pontoon-no-fifth-buy-11"})
def buy_may(rng: Rng, p: Profile) -> Question:
    """May the player buy the next card for this amount (after a twist, or on 11 or less)?"""
    rules = _rules(p)
    form = rng.below(4)
    if form == 0:  # after a twist
        cards = sc.random_cards(rng, 4, lambda cs: sc.ok_prefixes(cs) and pt.low_total(cs[:3]) < 21)
        s = sc.single(rules, cards[:2], cards[2:], stake=sc.stake_amount(rng, rules), rng=rng)
        s = pt.apply(s, pt.Twist())
        story = f"Ann staked {s.current_hand.stake if s.current_hand else 0} and twisted her 3rd card."
    elif form == 3 and rules.no_fifth_buy_on_11:  # four small cards under the option
        cards = sc.random_cards(rng, 5, lambda cs: sc.ok_prefixes(cs) and pt.low_total(cs[:4]) <= 11)
        s = sc.single(rules, cards[:2], cards[2:], stake=sc.stake_amount(rng, rules), rng=rng)
        for _ in range(2):
            span = pt.amount_range(s, pt.Buy)
            assert span is not None
            s = pt.apply(s, pt.Buy(span[0]))
        story = f"Ann staked {s.current_hand.stake if s.current_hand else 0} and bought two cards."
    else:
        s, bought = sc.buy_scenario(rng, rules)
        h0 = s.current_hand
        assert h0 is not None
        story = f"Ann staked {h0.stake}" + "".join(
            f", bought her {pt.ordinal(3 + i)} card for {a}" for i, a in enumerate(bought)) + "."
    if s.phase is not pt.Phase.PLAYERS:
        return buy_may(rng, p)
    h = s.current_hand
    assert h is not None
    lo, hi = h.stake, (h.buys[-1] if h.buys else 2 * h.stake)
    # two in three amounts are in the range, so that half the questions are a yes
    amount = rng.choice((lo, hi, (lo + hi) // 2, lo + (hi - lo) // 3, hi + 5, max(1, lo - 5)))
    ok, rid, _ = sc.answer(s, pt.Buy(amount), ["pontoon.buy.limits", "pontoon.twist",
                                               "pontoon.buy.fifth-card"])
    why = pt.buy_reason(s, amount)
    _agrees(why, ok)
    return yes_no("pontoon.buy.may", 0, f"{story} May she buy her {pt.ordinal(len(h.cards) + 1)} "
                  f"card for {amount}?", [rid], ok, Reason(rid, why),
                  rows=[_ann_row(rules, h.cards, h.face_down)])


def _agrees(steps: tuple[Step, ...], answer: bool | int) -> None:
    """The reason concludes the engine's answer (a yes or no, or a number)."""
    last = steps[-1]
    got = last.answer if isinstance(last, Figure) else getattr(last, "holds", None)
    if got != answer:  # pragma: no cover - the reasons are the engine's own decisions
        raise AssertionError(f"the reason concludes {got!r}, the engine {answer!r}: {last}")


@generator("pontoon.stick.may", ["pontoon.stick", "pontoon.stick.sixteen"], Kind.YES_NO,
           "May you stick here?", PROFILE, variations={"pontoon.stick.sixteen": "pontoon-stick-16"})
def stick_may(rng: Rng, p: Profile) -> Question:
    """May the player stick on this total?"""
    rules = _rules(p)
    target = rng.choice((13, 14, 14, 15, 15, 16, 16, 17, 19))
    n = rng.choice((2, 2, 3))
    cards = sc.random_cards(rng, n, lambda cs: sc.ok_prefixes(cs) and not pt.is_pontoon(cs)
                   and pt.low_total(cs) < 21 and pt.hand_value(cs) == target)
    s = sc.single(rules, cards[:2], cards[2:], rng=rng)
    for _ in cards[2:]:
        s = pt.apply(s, pt.Twist())
    ok, rid, _ = sc.answer(s, pt.Stick(), ["pontoon.stick", "pontoon.stick.sixteen"])
    if rules.min_stick == 16:
        rid = "pontoon.stick.sixteen"
    why = pt.stick_reason(s)
    _agrees(why, ok)
    return yes_no("pontoon.stick.may", 0, f"Sticking needs {rules.min_stick} or more at this "
                  f"table. May Ann stick on these cards?", [rid], ok, Reason(rid, why),
                  rows=[CardRow("Ann", s.current_hand.cards if s.current_hand else cards)])


@generator("pontoon.split.may", ["pontoon.split", "pontoon.split.aces-only"], Kind.YES_NO,
           "May you split here?", PROFILE,
           variations={"pontoon.split.aces-only": "pontoon-aces-split"})
def split_may(rng: Rng, p: Profile) -> Question:
    """May these first two cards be split?"""
    rules = _rules(p)
    # half the questions are a pair that may split: at an aces-only table, half are aces
    form = rng.below(4) if rules.split == "pairs" else rng.choice((1, 1, 1, 0, 2, 3))
    deck = standard_deck()
    if form == 0:  # two different ten-cards
        tens = [c for c in deck if pt.is_ten_card(c)]
        pair = sc.random_cards(rng, 2, lambda cs: all(c in tens for c in cs) and cs[0].rank is not cs[1].rank)
    elif form == 1:  # a pair of aces
        pair = sc.random_cards(rng, 2, lambda cs: all(c.rank is Rank.ACE for c in cs))
    elif form == 2:  # any pair (but aces, at an aces-only table)
        pair = sc.random_cards(rng, 2, lambda cs: cs[0].rank is cs[1].rank and (
            rules.split == "pairs" or cs[0].rank is not Rank.ACE))
    else:  # not a pair
        pair = sc.random_cards(rng, 2, lambda cs: cs[0].rank is not cs[1].rank and not pt.is_pontoon(cs))
    stake = sc.stake_amount(rng, rules)
    s = sc.single(rules, pair, stake=stake, rng=rng)
    ok, rid, _ = sc.answer(s, pt.Split(), ["pontoon.split", "pontoon.split.aces-only"])
    if rules.split == "aces":
        rid = "pontoon.split.aces-only"
    why = pt.split_reason(s)
    _agrees(why, ok)
    house = " (At this table only aces may be split.)" if rules.split == "aces" else ""
    return yes_no("pontoon.split.may", 0, f"Ann staked {stake}, and these are her first two "
                  f"cards.{house} May she split them into two hands?", [rid], ok,
                  Reason(rid, why), rows=[CardRow("Ann", pair)])


@generator("pontoon.declare.must", ["pontoon.declare", "pontoon.split"], Kind.YES_NO,
           "Is this a pontoon to declare?", PROFILE)
def declare_must(rng: Rng, p: Profile) -> Question:
    """Is this hand a pontoon the player must declare?"""
    rules = _rules(p)
    form = rng.below(4)
    deck = standard_deck()
    if form == 0:
        pair = sc.random_cards(rng, 2, pt.is_pontoon)
        s = sc.single(rules, pair, rng=rng)
        story = "Ann's first two cards are these."
    elif form == 1:  # aces split, a ten-card on the first
        aces = rng.sample([c for c in deck if c.rank is Rank.ACE], 2)
        ten = rng.choice([c for c in deck if pt.is_ten_card(c)])
        other = rng.choice([c for c in deck if c.rank in (Rank.FIVE, Rank.SIX, Rank.NINE)])
        s = sc.single(rules, aces, (ten, other), rng=rng)
        s = pt.apply(s, pt.Split())
        story = "Ann split her two aces, and the banker dealt a ten-card to her first hand."
    elif form == 2:  # 21 in three cards with an ace
        cards = sc.random_cards(rng, 3, lambda cs: sc.ok_prefixes(cs) and pt.hand_value(cs) == 21
                       and any(c.rank is Rank.ACE for c in cs))
        s = sc.single(rules, cards[:2], cards[2:], rng=rng)
        s = pt.apply(s, pt.Twist())
        story = "Ann twisted a third card."
    else:
        cards = sc.random_cards(rng, 2, lambda cs: pt.hand_value(cs) >= 19 and not pt.is_pontoon(cs))
        s = sc.single(rules, cards, rng=rng)
        story = "Ann's first two cards are these."
    if s.phase is not pt.Phase.PLAYERS:
        return declare_must(rng, p)
    h = s.current_hand
    assert h is not None
    ok, rid, _ = sc.answer(s, pt.Declare(), ["pontoon.declare", "pontoon.split"])
    if h.from_split:
        rid = "pontoon.split"
    why = pt.declare_reason(s)
    _agrees(why, ok)
    return yes_no("pontoon.declare.must", 0, f"{story} Is her hand a pontoon to declare?", [rid],
                  ok, Reason(rid, why), rows=[CardRow("Ann's hand", h.cards)])


@generator("pontoon.bust.collect", ["pontoon.bust", "pontoon.shoot.bust"], Kind.NUMERIC,
           "Bust!", PROFILE)
def bust_collect(rng: Rng, p: Profile) -> Question:
    """How much does the banker take at once from a hand that buys a card?"""
    rules = _rules(p)
    while True:
        s, bought = sc.buy_scenario(rng, rules)
        h = s.current_hand
        assert h is not None
        span = pt.amount_range(s, pt.Buy)
        assert span is not None
        amount = sc.amount_in(rng, *span)
        before = len(s.payments)
        t = pt.apply(s, pt.Buy(amount))
        busted = [x for x in t.payments[before:] if x.rule_id == "pontoon.bust"]
        if busted or rng.below(4) == 0:
            break
    taken = sum(x.amount for x in busted)
    hist = "".join(f", bought her {pt.ordinal(3 + i)} card for {a}" for i, a in enumerate(bought))
    final = t.players[0].hands[-1] if busted else t.players[0].hands[0]
    steps = pt.bust_reason(final.cards, "Ann", (h.stake, *bought, amount), taken)
    _agrees(steps, taken)
    why = Reason("pontoon.bust", steps)
    return numeric(
        "pontoon.bust.collect", 0,
        f"Ann staked {h.stake}{hist}, and now buys her {pt.ordinal(len(h.cards) + 1)} card for "
        f"{amount}. How much does the banker take from her at once? (0 if nothing.)",
        ["pontoon.bust"], taken, None, why, rows=[CardRow("Ann", final.cards)], unit="chips",
    )


# -- the banker ---------------------------------------------------------------------------------
@generator("pontoon.banker-play.may", ["pontoon.banker-play"], Kind.YES_NO,
           "What may the banker do?", PROFILE)
def banker_may(rng: Rng, p: Profile) -> Question:
    """May the banker stop, draw, split or buy now?"""
    rules = _rules(p)
    while True:
        d = sc.scripted_deal(rng, rules, [rng.choice(("total", "21", "pontoon"))],
                          rng.choice(("total", "21", "five")))
        s = d.before_banker
        if s.phase is pt.Phase.BANKER:
            break
    # the banker draws a card or two as in the deal, then a question
    for _ in range(rng.below(len(d.end.banker_cards) - 1)):
        if pt.can_banker_draw(s):
            s = pt.apply(s, pt.BankerDraw())
    if s.is_over:
        return banker_may(rng, p)
    cards = s.banker_cards
    counts = pt.value_text(cards)
    form = rng.choice((0, 1, 2, 2))  # stopping and drawing are allowed here, splitting never
    steps: tuple[Step, ...]
    if form == 0:
        action: pt.Action = pt.BankerStay()
        prompt = f"Every player has played. The banker holds {counts}. May he stop now?"
        steps = (*pt.value_reason(cards, pt.BANKER_HAND),
                 Ruling(pt.BANKER, f"may stop on any total, so on {counts} too", True))
    elif form == 1:
        action = pt.BankerDraw()
        prompt = f"Every player has played. The banker holds {counts}. May he add a card?"
        steps = pt.banker_draw_reason(s)
    else:
        action = pt.Split() if cards[0].rank is cards[1].rank and len(cards) == 2 else pt.Buy(10)
        verb = "split his pair" if isinstance(action, pt.Split) else "buy a card face down"
        prompt = f"The banker holds {counts}. May he {verb}?"
        steps = (*pt.value_reason(cards, pt.BANKER_HAND),
                 Ruling(pt.BANKER, "may not split or buy: he only adds cards face up, one at a "
                        "time, or stops", False))
    ok, rid, _ = sc.answer(s, action, ["pontoon.banker-play"])
    _agrees(steps, ok)
    return yes_no("pontoon.banker-play.may", 0, prompt, [rid], ok, Reason(rid, steps),
                  rows=[CardRow("Banker", cards)])


_CASES = ("bust", "total", "21", "five")


@generator("pontoon.settle.pays", ["pontoon.settle", "pontoon.settle.banker-bust",
                                   "pontoon.settle.pay-higher", "pontoon.settle.banker-21",
                                   "pontoon.settle.banker-five-card-trick", "pontoon.ties"],
           Kind.NUMERIC, "What does the banker pay each player?", PROFILE)
def settle_pays(rng: Rng, p: Profile) -> Question:
    """What does the banker pay this player at the end (negative: the player pays)?"""
    rules = _rules(p)
    case = rng.choice(_CASES)
    n = rng.between(2, 4)
    d = sc.scripted_deal(rng, rules, [sc.player_kind(rng) for _ in range(n)], case)
    st = pt.settlement(d.end)
    live = [pl for pl, pst in zip(d.plans, d.end.players, strict=True) if pst.hands[0].is_live]
    pl = rng.choice(live or d.plans)
    net = st.between(pl.name)
    rid = next((x.rule_id for x in st.payments if pl.name in (x.payer, x.payee)
                and x.rule_id.startswith(("pontoon.settle", "pontoon.ties"))), "pontoon.settle")
    steps = pt.settle_reason(d.end, pl.name)
    _agrees(steps, net)
    return numeric(
        "pontoon.settle.pays", 0,
        f"The deal is over (stakes are shown by each hand; bought cards added to the stake). What "
        f"does the banker pay {pl.name}? Type a negative number if {pl.name} pays the banker.",
        [rid], net, None, Reason(rid, steps),
        rows=sc.table_rows(d.end), unit="chips",
    )


@generator("pontoon.settle.i-pay", ["pontoon.settle.pay-higher"], Kind.NUMERIC,
           "\"I pay ...\"", PROFILE)
def settle_i_pay(rng: Rng, p: Profile) -> Question:
    """Staying on these cards, what lowest total does the banker pay ("I pay ...")?"""
    pool = list(standard_deck())
    cards = sc.sample_hand(rng, pool, "total", 15, 20)
    low = pt.lowest_paid(cards)
    assert low is not None
    return numeric(
        "pontoon.settle.i-pay", 0, "Every player has played, and the banker stays on these cards. "
        "He announces \"I pay ...\": what is the lowest ordinary total he pays?",
        ["pontoon.settle.pay-higher"], low, None,
        Reason("pontoon.settle.pay-higher", pt.lowest_paid_reason(cards, low)),
        rows=[CardRow("Banker", cards)],
    )


# -- the next deal and the next banker -------------------------------------------------------


@generator("pontoon.next-banker.who", ["pontoon.next-banker", "pontoon.next-banker.sell",
                                        "pontoon.banker-pontoon"],
           Kind.MULTIPLE_CHOICE, "Who banks next?", PROFILE)
def next_banker_who(rng: Rng, p: Profile) -> Question:
    """Who banks the next deal (a player's pontoon, a sale of the bank)?"""
    rules = _rules(p)
    s = sc.next_scenario(rng, rules)
    steps: list[Step] = list(pt.next_banker_reason(s))
    sale = ""
    rid = "pontoon.next-banker"
    if rng.below(4) == 0:
        buyer = rng.choice([x for x in s.seats if x != s.next_banker])
        price = sc.stake_amount(rng, rules) * 2
        seller = s.next_banker
        s = pt.apply(s, pt.SellBank(buyer, price))
        sale = f" Then {seller} sells the bank to {buyer} for {price}."
        rid = "pontoon.next-banker.sell"
        steps.append(Then(buyer, f"buys the bank from {seller} for {price}, and banks the next "
                          "deal"))
    nb = s.next_banker
    assert nb is not None
    if sc.is_banker_pontoon(s):
        rid = "pontoon.banker-pontoon"
    return choice_question(
        "pontoon.next-banker.who", 0,
        f"Seats go clockwise: {', '.join(s.seats)}. {s.banker} banked this deal, shown here.{sale} "
        "Who banks the next deal?", [rid], rng.shuffled(list(s.seats)), nb,
        Reason(rid, tuple(steps)), rows=sc.table_rows(s),
    )


@generator("pontoon.next-deal.shuffle", ["pontoon.next-deal"], Kind.MULTIPLE_CHOICE,
           "Shuffle, or to the bottom?", PROFILE)
def next_deal_shuffle(rng: Rng, p: Profile) -> Question:
    """Are the cards shuffled before the next deal, or put to the bottom?"""
    rules = _rules(p)
    s = sc.next_scenario(rng, rules, pontoons=rng.below(2) == 0)
    right = ("Shuffle and cut the pack" if s.shuffle_next else
             "Put the cards to the bottom of the pack, unshuffled")
    choices = rng.shuffled(["Shuffle and cut the pack",
                            "Put the cards to the bottom of the pack, unshuffled",
                            "Deal the next hand from a fresh, new pack"])
    why = Reason("pontoon.next-deal", pt.next_deal_reason(s))
    return choice_question("pontoon.next-deal.shuffle", 0, "The deal is over. What happens to the "
                           "cards before the next deal?", ["pontoon.next-deal"], choices, right,
                           why, rows=sc.table_rows(s))


# -- variations ----------------------------------------------------------------------------------


@generator("pontoon.two-packs.chance", ["pontoon.two-packs", "pontoon.hands.rank"],
           Kind.MULTIPLE_CHOICE, "How likely is a pontoon?", PROFILE)
def two_packs_chance(rng: Rng, p: Profile) -> Question:
    """How likely is a pontoon in two cards from one pack or two?"""
    rules = _rules(p)
    packs = rules.packs if rng.below(2) else rng.choice((1, 2))
    right = pt.pontoon_probability(packs)
    other = pt.pontoon_probability(3 - packs)
    choices = [sc.pct(right), sc.pct(other), sc.pct(right / 2), sc.pct(Fraction(4, 52))]
    what = "two packs shuffled together (104 cards)" if packs == 2 else "one 52-card pack"
    steps: list[Step] = list(pt.pontoon_chance_reason(packs))
    if packs == rules.packs:  # the table's own cards
        prompt = f"At this table the cards are {what}. What is the chance"
        steps.insert(0, Ruling("the cards", f"are {what}", None, "packs", packs))
    else:
        prompt = f"With {what}, what is the chance"
    return choice_question(
        "pontoon.two-packs.chance", 0,
        f"{prompt} that a hand's first two cards are a pontoon?",
        ["pontoon.two-packs"], rng.shuffled(choices), sc.pct(right),
        Reason("pontoon.two-packs", tuple(steps)),
    )


# -- Shoot Pontoon ---------------------------------------------------------------------------------


@generator("pontoon.shoot.room", ["pontoon.shoot", "pontoon.shoot.bet", "pontoon.shoot.fourth-card",
                                  "pontoon.shoot.bust", "pontoon.shoot.split"],
           Kind.NUMERIC, "How much may you shoot?", SHOOT)
def shoot_room_q(rng: Rng, p: Profile) -> Question:
    """What is the largest shoot bet the kitty still allows (as the deal goes on, or for a
    split hand's own bet), or the largest or smallest kitty a banker may put up?"""
    rules = _shoot_rules(p)
    form = rng.below(6)
    if form == 0:
        return _kitty_q(rng, rules)
    if form == 1:
        return _split_shoot_q(rng, rules)
    s = rng.choice(sc.shoot_states(rng, rules))
    span = pt.amount_range(s, pt.Shoot)
    assert span is not None
    who = pt.to_act(s)
    bets = [(pl.name + (f" (hand {k + 1})" if len(pl.hands) > 1 else ""), h.shoot_total)
            for pl in s.players for k, h in enumerate(pl.hands) if h.is_live and h.shoot_total]
    busts = [pl.name for pl in s.players for h in pl.hands if not h.is_live and h.shoot_total]
    standing = ", ".join(f"{n} {a}" for n, a in bets) or "none"
    when = ("in the round of shoot bets after the stakes" if s.phase is pt.Phase.SHOOT else
            "before taking a 4th card")
    their = "the shoot bet" if len(busts) == 1 else "their shoot bets"
    bust_note = (f" ({listed(busts)} went bust, and {their} went into the kitty.)"
                 if busts else "")
    rid = "pontoon.shoot.bet" if s.phase is pt.Phase.SHOOT else "pontoon.shoot.fourth-card"
    if busts:
        rid = "pontoon.shoot.bust"
    assert who is not None
    why = pt.shoot_room_reason(s, who, [a for _, a in bets])
    _agrees(why, span[1])
    return numeric(
        "pontoon.shoot.room", 0,
        f"The kitty now holds {s.kitty}. Shoot bets still standing: {standing}.{bust_note} "
        f"{who} wants to shoot {when}. What is the most {who} may shoot?",
        [rid], span[1], None, Reason(rid, why), unit="chips",
    )


def _kitty_q(rng: Rng, rules: pt.PontoonRules) -> Question:
    """The largest or smallest kitty the banker may put up [pontoon.shoot]."""
    seats = list(NAMES[:rng.between(3, 6)])
    banker = seats[rng.below(len(seats))]
    low, high = pt.kitty_range(rules)
    largest = bool(rng.below(2))
    word = "largest" if largest else "smallest"
    return numeric(
        "pontoon.shoot.room", 0,
        f"Shoot Pontoon, stakes from {rules.min_stake} to {rules.max_stake}. {banker} takes "
        f"the bank and puts up the kitty before the deal. What is the {word} kitty "
        f"{banker} may put up?",
        ["pontoon.shoot"], high if largest else low, None,
        Reason("pontoon.shoot", (pt.kitty_reason(rules, banker, largest),)), unit="chips",
    )


def _split_shoot_q(rng: Rng, rules: pt.PontoonRules) -> Question:
    """The largest shoot bet a split hand may have of its own [pontoon.shoot.split]."""
    s = sc.split_shoot_state(rng, rules)
    span = pt.amount_range(s, pt.Split)
    assert span is not None
    who = pt.to_act(s)
    hand = s.current_hand
    assert hand is not None and who is not None
    bets = [(pl.name, h.shoot_total) for pl in s.players for h in pl.hands
            if h.is_live and h.shoot_total]
    standing = ", ".join(f"{n} {a}" for n, a in bets) or "none"
    return numeric(
        "pontoon.shoot.room", 0,
        f"The kitty holds {s.kitty}. Shoot bets standing: {standing}. {who} splits this pair, "
        f"and the new hand may have a shoot bet of its own. What is the most {who} may shoot "
        "on the new hand?",
        ["pontoon.shoot.split"], span[1], None,
        Reason("pontoon.shoot.split", pt.shoot_room_reason(
            s, who, [a for _, a in bets], "shoot on the new hand")),
        rows=[CardRow(who, hand.cards)], unit="chips",
    )


@generator("pontoon.shoot.settle.kitty", ["pontoon.shoot.settle", "pontoon.shoot.banker-pontoon"],
           Kind.NUMERIC, "What is left in the kitty?", SHOOT)
def shoot_settle_kitty(rng: Rng, p: Profile) -> Question:
    """What does the kitty hold after the shoot bets are settled?"""
    rules = _shoot_rules(p)
    case = rng.choice(("bust", "total", "total", "21", "pontoon"))
    while True:
        n = rng.between(2, 4)
        kinds = [rng.choice(("total", "total", "pontoon", "five", "21")) for _ in range(n)]
        d = sc.scripted_deal(rng, rules, kinds, case, shoot=True)
        if any(h.is_live and h.shoot_total for pl in d.end.players for h in pl.hands):
            break
    # the pack may have had no ace left for the banker's pontoon: the cards say what he holds
    banker_pontoon = pt.is_pontoon(d.end.banker_cards)
    kitty_before = d.start.kitty if banker_pontoon else d.before_banker.kitty
    shooters = [(pl.name, h) for pl in d.end.players for h in pl.hands if h.shoot_total]
    bets = ", ".join(f"{name} {h.shoot_total}" for name, h in shooters
                     if h.is_live or banker_pontoon)
    gone = [f"{name}'s {h.shoot_total}" for name, h in shooters if not h.is_live]
    if banker_pontoon:
        story = f"The kitty holds {kitty_before} and the shoot bets are: {bets}."
    else:
        took = f" (it took {listed(gone)} as they went bust)" if gone else ""
        story = f"The kitty holds {kitty_before}{took}. The shoot bets still standing are: {bets}."
    rid = "pontoon.shoot.banker-pontoon" if banker_pontoon else "pontoon.shoot.settle"
    return numeric(
        "pontoon.shoot.settle.kitty", 0,
        f"{story} The deal ends as shown. How much is in the kitty after the shoot bets are "
        "settled?",
        [rid], d.end.kitty, None, Reason(rid, pt.kitty_settle_reason(d.end, kitty_before)),
        rows=sc.table_rows(d.end), unit="chips",
    )


KITTY_PARTY = pt.KITTY


@generator("pontoon.shoot.between-deals", ["pontoon.shoot.top-up", "pontoon.shoot.dry-kitty",
                                           "pontoon.shoot.change-of-bank"],
           Kind.MULTIPLE_CHOICE, "The kitty between deals", SHOOT)
def shoot_between(rng: Rng, p: Profile) -> Question:
    """Between deals, what happens to the kitty: top-up, refill or change of bank?"""
    rules = _shoot_rules(p)
    form = rng.below(3)
    if form == 2:  # a dry kitty: one player shoots the whole kitty and the banker goes bust
        d = sc.scripted_deal(rng, rules, ["total"] * rng.between(1, 3), "bust", kitty=rules.min_stake,
                          shoot_all=True)
        s = d.end
    else:
        while True:
            s = pt.random_play(pt.new_deal(rules, list(NAMES[:rng.between(2, 5)]),
                                           seed=rng.below(10**9), kitty=sc.stake_amount(rng, rules)), rng)
            if form == 1 and s.next_banker == s.banker:
                s = pt.apply(s, pt.SellBank(rng.choice([x for x in s.seats if x != s.banker]),
                                            sc.stake_amount(rng, rules)))
            if s.kitty > 0 and (form == 1 or s.next_banker == s.banker):
                break
    keep = "The banker may add to it, but may not take anything out"
    dry = "The banker must put up a new kitty, or sell the bank"
    change = "The old banker takes the kitty; the new banker puts up a new one"
    back = "The banker may take back what he put in"
    if s.next_banker != s.banker:
        right, rid = change, "pontoon.shoot.change-of-bank"
    elif not pt.can_next_deal(s):
        right, rid = dry, "pontoon.shoot.dry-kitty"
    else:
        right, rid = keep, "pontoon.shoot.top-up"
    nb = s.next_banker
    return choice_question(
        "pontoon.shoot.between-deals", 0,
        f"The deal is over. {s.banker} banked it, and the kitty holds {s.kitty}. "
        f"{nb} is to bank the next deal. What happens to the kitty?",
        [rid], rng.shuffled([keep, dry, change, back]), right,
        Reason(rid, pt.between_deals_reason(s)),
    )
