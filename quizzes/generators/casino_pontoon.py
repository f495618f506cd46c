"""Casino Pontoon quiz generators: may you stand, hit, double or split here; is this a
pontoon; does the dealer draw; what is paid; insurance; and a strategy trainer that
checks the best move against the computed table.  Every answer comes from the engine, and
every explanation from the engine's reason for the case (:mod:`cardrules.casino_pontoon.reasons`)."""

from __future__ import annotations

from fractions import Fraction

from cardrules import casino_pontoon as cp
from cardrules.cards import Card, shoe
from cardrules.casino_pontoon import strategy
from cardrules.profiles import Profile
from cardrules.reasons import Reason
from cardrules.rng import Rng
from quizzes.model.question import (
    CardRow,
    Kind,
    Question,
    choice_question,
    numeric,
    yes_no,
)
from quizzes.model.registry import generator

PROFILE = "casino-pontoon"
ONLINE = "casino-pontoon-online"


def _rules(p: Profile) -> cp.CasinoPontoonRules:
    assert isinstance(p, cp.CasinoPontoonRules)
    return p


def _play_state(rng: Rng, rules: cp.CasinoPontoonRules, doubled_ok: bool = True
                ) -> cp.RoundState:
    """A round at a player's decision, after a few random legal moves."""
    while True:
        s = cp.new_round(rules, [10], rng.shuffled(shoe(min(2, rules.decks))))
        if s.phase is cp.Phase.INSURANCE:
            s = cp.apply(s, cp.NoInsurance())
        for _ in range(rng.below(3)):
            if s.phase is not cp.Phase.PLAY:
                break
            acts = [a for a in cp.legal_actions(s) if doubled_ok or not isinstance(a, cp.Double)]
            s = cp.apply(s, acts[rng.below(len(acts))])
        if s.phase is cp.Phase.PLAY:
            return s


def _hand_row(s: cp.RoundState) -> CardRow:
    """The hand in play, labelled as doubled or from a split.  The dealer's cards do not
    change what a hand may do, and are not shown."""
    h = s.current
    label = "Your hand" + (" (doubled)" if h.doubled else "") + (" (from a split)"
                                                                 if h.from_split else "")
    return CardRow(label, h.cards)


def _held(s: cp.RoundState) -> str:
    """The hands the seat holds, when it has split: what a limit of hands is counted on."""
    n = len(s.seats[s.seat].hands)
    return f"You hold {n} hands after splitting. " if n > 1 else ""


@generator("casino-pontoon.stand.may", ["casino-pontoon.stand"], Kind.YES_NO,
           "May you stand here?", PROFILE)
def may_stand(rng: Rng, p: Profile) -> Question:
    """May you stand on this hand now (15 or more, or five cards)?"""
    s = _play_state(rng, _rules(p))
    return yes_no("casino-pontoon.stand.may", 0, "May you stand this hand now?",
                  ["casino-pontoon.stand"], cp.can_stand(s),
                  Reason("casino-pontoon.stand", cp.stand_reason(s)), rows=[_hand_row(s)])


@generator("casino-pontoon.double.may", ["casino-pontoon.double"], Kind.YES_NO,
           "May you double here?", PROFILE)
def may_double(rng: Rng, p: Profile) -> Question:
    """May you double this hand now (2 to 4 cards, once per hand)?  Half the hands have
    doubled already."""
    rules = _rules(p)
    doubled = rng.below(2) == 0
    while True:
        s = _play_state(rng, rules)
        if s.current.doubled == doubled:
            break
    earlier = "You doubled this hand earlier. " if doubled else ""
    return yes_no("casino-pontoon.double.may", 0, f"{earlier}May you double this hand now?",
                  ["casino-pontoon.double"], cp.can_double(s),
                  Reason("casino-pontoon.double", (cp.double_reason(s),)), rows=[_hand_row(s)])


@generator("casino-pontoon.split.may", ["casino-pontoon.split"], Kind.YES_NO,
           "May you split here?", PROFILE)
def may_split(rng: Rng, p: Profile) -> Question:
    """May you split this hand now (two cards of the same value or rank, within the table's
    limit of hands)?"""
    rules = _rules(p)
    may = rng.below(2) == 0 and rules.max_hands != 1  # half the hands may split
    while True:  # and the others are mostly near pairs, so the question is worth asking
        s = _play_state(rng, rules)
        h = s.current
        if len(h.cards) != 2 or cp.can_split(s) != may:
            continue
        if may or cp.card_value(h.cards[0]) == cp.card_value(h.cards[1]) or rng.below(3) == 0:
            break
    return yes_no("casino-pontoon.split.may", 0, f"{_held(s)}May you split this hand now?",
                  ["casino-pontoon.split"], cp.can_split(s),
                  Reason("casino-pontoon.split", (cp.split_reason(s),)), rows=[_hand_row(s)])


@generator("casino-pontoon.hit.may", ["casino-pontoon.hit", "casino-pontoon.five-card-trick"],
           Kind.YES_NO, "May you take another card?", PROFILE)
def may_hit(rng: Rng, p: Profile) -> Question:
    """May you take another card (up to five cards, even after doubling)?"""
    cards = rng.shuffled(shoe(1))
    n = rng.between(2, 5)
    hand = tuple(c for c in cards if cp.card_value(c) <= 4)[:n] if n == 5 else cards[:n]
    doubled = rng.below(2) == 0 and n >= 3
    ok = not cp.is_bust(hand) and len(hand) < 5
    label = "Your hand" + (" (doubled)" if doubled else "")
    # five cards ask the rule that a hand stops at five cards; the others the rule of hitting
    rules = (["casino-pontoon.five-card-trick", "casino-pontoon.hit"] if len(hand) == 5 else
             ["casino-pontoon.hit", "casino-pontoon.five-card-trick"])
    return yes_no("casino-pontoon.hit.may", 0,
                  f"{'You doubled earlier. ' if doubled else ''}May you take another card?",
                  rules, ok, Reason(rules[0], cp.hit_reason(hand, doubled)),
                  rows=[CardRow(label, hand)])


@generator("casino-pontoon.values.total", ["casino-pontoon.values"], Kind.NUMERIC,
           "What is this hand worth?", PROFILE)
def hand_total(rng: Rng, p: Profile) -> Question:
    """What is this hand's best total, an ace counting 1 or 11?"""
    while True:
        hand = rng.sample(shoe(1), rng.between(2, 4))
        if rng.below(2) or any(cp.card_value(c) == 1 for c in hand):
            break
    return numeric("casino-pontoon.values.total", 0, "What is this hand's best total?",
                   ["casino-pontoon.values"], cp.hand_total(hand), None,
                   Reason("casino-pontoon.values", cp.value_reason(hand)),
                   rows=[CardRow("Hand", hand)])


@generator("casino-pontoon.pontoon.is", ["casino-pontoon.pontoon"], Kind.YES_NO,
           "Is this a pontoon?", PROFILE)
def is_pontoon(rng: Rng, p: Profile) -> Question:
    """Is this two-card hand a pontoon (first two dealt cards, or after a split)?  Half the
    hands are an ace and a ten-card as dealt; the others come from a split, or miss."""
    rules = _rules(p)
    deck = shoe(1)
    aces = [c for c in deck if cp.card_value(c) == 1]
    tens = [c for c in deck if cp.card_value(c) == 10]
    kind = rng.below(4)
    hand: tuple[Card, ...]
    if kind == 3:  # a near miss: an ace and a smaller card, or two ten-cards
        if rng.below(3):
            hand = (rng.choice(aces), rng.choice([c for c in deck if 2 <= cp.card_value(c) <= 9]))
        else:
            hand = tuple(rng.sample(tens, 2))
        from_split = rng.below(2) == 0
    else:
        hand = (rng.choice(aces), rng.choice(tens))
        from_split = kind == 2
    h = cp.Hand(hand if rng.below(2) else hand[::-1], 10, from_split=from_split)
    answer = cp.hand_kind_in_play(h, rules) is cp.HandKind.PONTOON
    where = "after splitting a pair" if from_split else "as your first two cards"
    return yes_no("casino-pontoon.pontoon.is", 0, f"You hold these two cards {where}. Is it a "
                  "pontoon?", ["casino-pontoon.pontoon"], answer,
                  Reason("casino-pontoon.pontoon", cp.pontoon_reason(h, rules)),
                  rows=[CardRow("Your hand", h.cards)])


@generator("casino-pontoon.dealer.draws", ["casino-pontoon.dealer"], Kind.YES_NO,
           "Does the dealer draw?", PROFILE)
def dealer_draws(rng: Rng, p: Profile) -> Question:
    """Does the dealer draw another card on this hand?  One hand in six is a soft 17, which
    the table's rules decide; of the others, half draw."""
    rules = _rules(p)
    soft_17 = rng.below(6) == 0
    draws = rng.below(2) == 0
    while True:
        hand = rng.sample(shoe(1), rng.between(2, 5))
        total = cp.hand_total(hand)
        if soft_17:
            if total == 17 and cp.is_soft(hand):
                break
        elif (total <= 21 and not cp.is_natural(hand) and cp.dealer_draws(hand, rules) == draws
              and (total >= 12 or rng.below(3) == 0)):
            break
    return yes_no("casino-pontoon.dealer.draws", 0, "Does the dealer draw another card?",
                  ["casino-pontoon.dealer"], cp.dealer_draws(hand, rules),
                  Reason("casino-pontoon.dealer", cp.dealer_draw_reason(hand, rules)),
                  rows=[CardRow("Dealer", hand)])


@generator("casino-pontoon.payouts.paid",
           ["casino-pontoon.payouts", "casino-pontoon.rank", "casino-pontoon.bust",
            "casino-pontoon.five-card-trick"], Kind.NUMERIC, "What is paid?", PROFILE)
def what_is_paid(rng: Rng, p: Profile) -> Question:
    """What does your stake win or lose when the round is over?"""
    rules = _rules(p)
    stake = rng.choice((2, 4, 10, 20, 50))
    while True:
        s = cp.new_round(rules, [stake], rng.shuffled(shoe(min(2, rules.decks))))
        end = cp.play_round(s, strategy.shoe_policy if rng.below(2) else _reckless(rng))
        if not end.dealer_pontoon and len(end.seats[0].hands) == 1:
            break
    hand_pay = next(x for x in cp.settle(end).payments if x.hand == 0)
    h = end.seats[0].hands[0]
    doubled = " You doubled, so the stake is now " + str(h.stake) + "." if h.doubled else ""
    return numeric("casino-pontoon.payouts.paid", 0,
                   f"You staked {stake}.{doubled} The round is over. What do you win? (A loss "
                   "is a negative number.)",
                   [hand_pay.rule_id], hand_pay.net, None,
                   Reason(hand_pay.rule_id, cp.settle_reason(end)),
                   rows=[CardRow("Dealer", end.dealer), CardRow("Your hand", h.cards)],
                   unit="chips")


def _reckless(rng: Rng) -> cp.Policy:
    def policy(s: cp.RoundState) -> cp.Action:
        if s.phase is cp.Phase.INSURANCE:
            return cp.NoInsurance()
        acts = [a for a in cp.legal_actions(s) if not isinstance(a, cp.Split)]
        return acts[rng.below(len(acts))]
    return policy


@generator("casino-pontoon.insurance.most", ["casino-pontoon.insurance", "casino-pontoon.deal"],
           Kind.NUMERIC, "How much may you insure?", PROFILE)
def insurance_most(rng: Rng, p: Profile) -> Question:
    """How much insurance may you take when the dealer shows an ace?  Only the stake and the
    dealer's up card matter, and only they are shown."""
    rules = _rules(p)
    stake = rng.between(2, 60)
    deck = shoe(1)
    ace = rng.choice([c for c in deck if cp.card_value(c) == 1])
    others = [c for c in rng.shuffled(deck) if c != ace]
    s = cp.new_round(rules, [stake], (others[0], ace, others[1], others[2]))
    why = cp.insurance_reason(s)
    if rules.dealer_cards_face_down:
        prompt = f"You staked {stake}, and the dealer deals both own cards face down."
        rows: list[CardRow] = []
    else:
        prompt = f"You staked {stake} and the dealer shows an ace."
        rows = [CardRow("Dealer's up card", (ace,))]
    return numeric("casino-pontoon.insurance.most", 0,
                   f"{prompt} What is the most insurance you may take?",
                   ["casino-pontoon.insurance", "casino-pontoon.deal"], why.most, None,
                   Reason("casino-pontoon.insurance", (why,)), rows=rows, unit="chips")


@generator("casino-pontoon.dealer-pontoon.stake",
           ["casino-pontoon.dealer-pontoon", "casino-pontoon.face-down"], Kind.NUMERIC,
           "The dealer peeks: what happens to your stake?", ONLINE)
def dealer_pontoon_stake(rng: Rng, p: Profile) -> Question:
    """What happens to your stake when the dealer peeks at the hole card?"""
    rules = _rules(p)
    stake = rng.choice((5, 10, 20, 25))
    deck = rng.shuffled(shoe(1))
    ace = next(c for c in deck if cp.card_value(c) == 1)
    ten = next(c for c in deck if cp.card_value(c) == 10)
    rest = [c for c in deck if c not in (ace, ten)]
    mine = (rest[0], rest[1]) if rng.below(3) else (
        next(c for c in rest if cp.card_value(c) == 1),
        next(c for c in rest if cp.card_value(c) == 10))
    pontoon = rng.below(3) != 0
    dealer = (ten, ace) if pontoon else (ten, next(c for c in rest[2:]
                                                   if cp.card_value(c) not in (1, 10)))
    s = cp.new_round(rules, [stake], (mine[0], dealer[0], mine[1], dealer[1],
                                      *[c for c in rest[2:] if c not in dealer]))
    why = cp.dealer_pontoon_reason(s)
    net = cp.settle(s).payments[0].net if s.is_over else Fraction(0)
    face = ("Both dealer cards are face down; the dealer peeks at them. "
            if rules.dealer_cards_face_down else "")
    # where both dealer cards are face down, half the questions ask that rule (the dealer
    # peeks, and a dealer pontoon takes every stake at once)
    asked = (["casino-pontoon.face-down", "casino-pontoon.dealer-pontoon"]
             if rules.dealer_cards_face_down and rng.below(2) else
             ["casino-pontoon.dealer-pontoon", "casino-pontoon.face-down"])
    return numeric("casino-pontoon.dealer-pontoon.stake", 0,
                   f"{face}You staked {stake}. The dealer's cards are shown here. What do you "
                   "win right now? (A loss is a negative number, nothing yet is 0.)",
                   asked, net, None, Reason(asked[0], why),
                   rows=[CardRow("Dealer", s.dealer), CardRow("Your hand", mine)], unit="chips")


_MOVE_WORDS = {strategy.Move.STAND: "Stand", strategy.Move.HIT: "Hit",
               strategy.Move.DOUBLE: "Double", strategy.Move.SPLIT: "Split"}


@generator("casino-pontoon.strategy.best",
           ["casino-pontoon.stand", "casino-pontoon.hit", "casino-pontoon.double",
            "casino-pontoon.split"], Kind.MULTIPLE_CHOICE, "Strategy trainer: the best move",
           PROFILE)
def best_move(rng: Rng, p: Profile) -> Question:
    """What is the best move here, by the computed strategy table?"""
    rules = _rules(p)
    while True:  # a hand with a real choice: at least two legal moves
        s = _play_state(rng, rules)
        h = s.current
        up = None if rules.dealer_cards_face_down else s.dealer[0]
        values = strategy.strategy_values(rules, h.cards, up, h.doubled, h.from_split)
        legal = {strategy.Move.STAND: cp.can_stand(s), strategy.Move.HIT: True,
                 strategy.Move.DOUBLE: cp.can_double(s), strategy.Move.SPLIT: cp.can_split(s)}
        values = {m: v for m, v in values.items() if legal[m]}
        # every legal move valued (the analysis does not value a split of a split hand)
        if len(values) >= 2 and all(m in values for m, ok in legal.items() if ok):
            break
    why = cp.strategy_reason(h.cards, up, {m.value: v for m, v in values.items()})
    best = max(values, key=lambda m: values[m])
    choices = rng.shuffled(tuple(_MOVE_WORDS[m] for m in values))
    where = (f"the dealer's up card is {up}" if up is not None
             else "both dealer cards are face down")
    rows = [_hand_row(s)] if up is None else [CardRow("Dealer's up card", (up,)), _hand_row(s)]
    return choice_question(
        "casino-pontoon.strategy.best", 0,
        f"{_held(s)}What is the best move? ({where}; {len(h.cards)} cards"
        f"{', already doubled' if h.doubled else ''})",
        ["casino-pontoon.stand", "casino-pontoon.hit", "casino-pontoon.double",
         "casino-pontoon.split"], choices, _MOVE_WORDS[best],
        Reason(f"casino-pontoon.{best.value}", why), rows=rows)
