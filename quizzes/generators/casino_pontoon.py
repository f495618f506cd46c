"""Casino Pontoon quiz generators: may you stand, hit, double or split here; is this a
pontoon; does the dealer draw; what is paid; insurance; and a strategy trainer that
checks the best move against the computed table.  Every answer comes from the engine."""

from __future__ import annotations

from fractions import Fraction

from cardrules import casino_pontoon as cp
from cardrules.cards import Card, shoe
from cardrules.casino_pontoon import strategy
from cardrules.profiles import Profile
from cardrules.rng import Rng
from quizzes.model.question import (
    CardRow,
    Kind,
    Question,
    choice_question,
    format_number,
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


def _rows(s: cp.RoundState) -> list[CardRow]:
    h = s.current
    label = "Your hand" + (" (doubled)" if h.doubled else "") + (" (from a split)"
                                                                 if h.from_split else "")
    if s.rules.dealer_cards_face_down:
        dealer = CardRow("Dealer", s.dealer, face_down=frozenset({0, 1}))
    else:
        dealer = CardRow("Dealer", s.dealer, face_down=frozenset({1}))
    return [dealer, CardRow(label, h.cards)]


def _why(explained: str) -> str:
    """The engine's explanation without its 'Legal:' prefix and rule tag."""
    text = explained.split(": ", 1)[1].rsplit(" [rule ", 1)[0]
    return text[0].upper() + text[1:]


def _may(gen_id: str, rule: str, verb: str, action: cp.Action, rng: Rng, p: Profile
         ) -> Question:
    s = _play_state(rng, _rules(p))
    ok = cp.can_apply(s, action)
    why = _why(cp.explain(s, action))
    return yes_no(gen_id, 0, f"May you {verb} this hand now?", [rule], ok, why, rows=_rows(s))


@generator("casino-pontoon.stand.may", ["casino-pontoon.stand"], Kind.YES_NO,
           "May you stand here?", PROFILE)
def may_stand(rng: Rng, p: Profile) -> Question:
    """May you stand on this hand now (15 or more, or five cards)?"""
    return _may("casino-pontoon.stand.may", "casino-pontoon.stand", "stand", cp.Stand(), rng, p)


@generator("casino-pontoon.double.may", ["casino-pontoon.double"], Kind.YES_NO,
           "May you double here?", PROFILE)
def may_double(rng: Rng, p: Profile) -> Question:
    """May you double this hand now (2 to 4 cards, once per hand)?"""
    return _may("casino-pontoon.double.may", "casino-pontoon.double", "double", cp.Double(),
                rng, p)


@generator("casino-pontoon.split.may", ["casino-pontoon.split"], Kind.YES_NO,
           "May you split here?", PROFILE)
def may_split(rng: Rng, p: Profile) -> Question:
    """May you split this hand now (two cards of the same value or rank)?"""
    rules = _rules(p)
    while True:  # mostly pairs and near pairs, so the question is worth asking
        s = _play_state(rng, rules)
        h = s.current
        if len(h.cards) == 2 and (cp.card_value(h.cards[0]) == cp.card_value(h.cards[1])
                                  or rng.below(4) == 0):
            break
    ok = cp.can_split(s)
    why = _why(cp.explain(s, cp.Split()))
    return yes_no("casino-pontoon.split.may", 0, "May you split this hand now?",
                  ["casino-pontoon.split"], ok, why, rows=_rows(s))


@generator("casino-pontoon.hit.may", ["casino-pontoon.hit", "casino-pontoon.five-card-trick"],
           Kind.YES_NO, "May you take another card?", PROFILE)
def may_hit(rng: Rng, p: Profile) -> Question:
    """May you take another card (up to five cards, even after doubling)?"""
    cards = rng.shuffled(shoe(1))
    n = rng.between(2, 5)
    hand = tuple(c for c in cards if cp.card_value(c) <= 4)[:n] if n == 5 else cards[:n]
    doubled = rng.below(2) == 0 and n >= 3
    bust = cp.is_bust(hand)
    ok = not bust and len(hand) < 5
    if bust:
        why = f"The hand is bust with {cp.hand_total(hand)}: it has already lost."
    elif len(hand) >= 5:
        why = ("Five cards of 21 or less are a five card trick, and a hand stops at five "
               "cards.")
    else:
        why = (f"The hand has {len(hand)} cards; you may hit in any situation"
               + (", even after doubling," if doubled else "") + " up to five cards.")
    label = "Your hand" + (" (doubled)" if doubled else "")
    return yes_no("casino-pontoon.hit.may", 0,
                  f"{'You doubled earlier. ' if doubled else ''}May you take another card?",
                  ["casino-pontoon.hit", "casino-pontoon.five-card-trick"], ok, why,
                  rows=[CardRow(label, hand)])


@generator("casino-pontoon.values.total", ["casino-pontoon.values"], Kind.NUMERIC,
           "What is this hand worth?", PROFILE)
def hand_total(rng: Rng, p: Profile) -> Question:
    """What is this hand's best total, an ace counting 1 or 11?"""
    while True:
        hand = rng.sample(shoe(1), rng.between(2, 4))
        if rng.below(2) or any(cp.card_value(c) == 1 for c in hand):
            break
    total = cp.hand_total(hand)
    hard = sum(cp.card_value(c) for c in hand)
    if cp.is_soft(hand):
        why = f"The cards add to {hard} with an ace as 1; the ace counts 11 instead: {total}."
    elif any(cp.card_value(c) == 1 for c in hand):
        why = f"An ace as 11 would take {hard} over 21, so every ace counts 1: {total}."
    else:
        why = f"Tens and faces count 10, other cards their pips: {total}."
    return numeric("casino-pontoon.values.total", 0, "What is this hand's best total?",
                   ["casino-pontoon.values"], total, None, why, rows=[CardRow("Hand", hand)])


@generator("casino-pontoon.pontoon.is", ["casino-pontoon.pontoon"], Kind.YES_NO,
           "Is this a pontoon?", PROFILE)
def is_pontoon(rng: Rng, p: Profile) -> Question:
    """Is this two-card hand a pontoon (first two dealt cards, or after a split)?"""
    rules = _rules(p)
    deck = shoe(1)
    aces = [c for c in deck if cp.card_value(c) == 1]
    tens = [c for c in deck if cp.card_value(c) == 10]
    kind = rng.below(4)
    if kind == 3:
        hand: tuple[Card, ...] = (rng.choice(aces), rng.choice([c for c in deck
                                                                if cp.card_value(c) == 9]))
    else:
        hand = (rng.choice(aces), rng.choice(tens))
    from_split = kind in (1, 2)
    h = cp.Hand(hand if rng.below(2) else hand[::-1], 10, from_split=from_split)
    answer = cp.hand_kind_in_play(h, rules) is cp.HandKind.PONTOON
    if not cp.is_natural(h.cards):
        why = f"It is {h.total}, not 21: a pontoon is an ace and a ten-value card."
    elif from_split and not answer:
        why = ("After a split an ace and a ten-card is just 21: a pontoon must be a hand's "
               "first two dealt cards.")
    elif from_split:
        why = "At this table an ace and a ten-card after a split counts as a pontoon."
    else:
        why = "An ace and a ten-value card as the first two dealt cards: a pontoon."
    where = "after splitting a pair" if from_split else "as your first two cards"
    return yes_no("casino-pontoon.pontoon.is", 0, f"You hold these two cards {where}. Is it a "
                  "pontoon?", ["casino-pontoon.pontoon"], answer, why,
                  rows=[CardRow("Your hand", h.cards)])


@generator("casino-pontoon.dealer.draws", ["casino-pontoon.dealer"], Kind.YES_NO,
           "Does the dealer draw?", PROFILE)
def dealer_draws(rng: Rng, p: Profile) -> Question:
    """Does the dealer draw another card on this hand?"""
    rules = _rules(p)
    while True:
        hand = rng.sample(shoe(1), rng.between(2, 5))
        total = cp.hand_total(hand)
        if total <= 21 and not cp.is_natural(hand) and (total >= 15 or rng.below(3) == 0):
            break
    draws = cp.dealer_draws(hand, rules)
    soft = "soft " if cp.is_soft(hand) else ""
    if len(hand) >= 5 and rules.dealer_five_card_trick:
        why = "Five cards of 21 or less are the dealer's five card trick: the dealer stops."
    elif total <= 16:
        why = f"The dealer has {soft}{total} and must draw on 16 or less."
    elif total == 17 and soft:
        why = ("The dealer has soft 17 and " + ("must draw on it." if draws else
                                                  "stands on it at this table."))
    else:
        why = f"The dealer has {soft}{total} and stands on hard 17 or more."
    return yes_no("casino-pontoon.dealer.draws", 0, "Does the dealer draw another card?",
                  ["casino-pontoon.dealer"], draws, why, rows=[CardRow("Dealer", hand)])


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
    pay = cp.settle(end).payments
    hand_pay = next(x for x in pay if x.hand == 0)
    h = end.seats[0].hands[0]
    doubled = " You doubled, so the stake is now " + str(h.stake) + "." if h.doubled else ""
    return numeric("casino-pontoon.payouts.paid", 0,
                   f"You staked {stake}.{doubled} The round is over. What do you win? (A loss "
                   "is a negative number.)",
                   [hand_pay.rule_id], hand_pay.net, None,
                   f"{hand_pay.reason} Net: {format_number(hand_pay.net)}.",
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
    """How much insurance may you take when the dealer shows an ace?"""
    rules = _rules(p)
    stake = rng.between(2, 60)
    deck = shoe(1)
    ace = rng.choice([c for c in deck if cp.card_value(c) == 1])
    others = [c for c in rng.shuffled(deck) if c != ace]
    s = cp.new_round(rules, [stake], (others[0], ace, others[1], others[2]))
    if s.phase is cp.Phase.INSURANCE:
        most = cp.max_insurance(s)
        why = (f"Insurance is offered when the dealer shows an ace, before the dealer checks "
               f"for a pontoon; it is up to half the stake of {stake}: {most}. It pays 2 to 1 "
               "if the dealer has a pontoon.")
    else:  # pragma: no cover - only under a face-down profile
        most = 0
        why = "Both dealer cards are face down at this table: no insurance is offered."
    return numeric("casino-pontoon.insurance.most", 0,
                   f"You staked {stake} and the dealer shows an ace. What is the most insurance "
                   "you may take?", ["casino-pontoon.insurance", "casino-pontoon.deal"], most,
                   None, why, rows=[CardRow("Dealer", s.dealer, face_down=frozenset({1})),
                                    CardRow("Your hand", s.seats[0].hands[0].cards)],
                   unit="chips")


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
    if s.is_over:
        net = cp.settle(s).payments[0].net
        why = "The dealer's pontoon wins every stake at once, a player's pontoon included."
    else:
        net = Fraction(0)
        why = "No dealer pontoon: the round goes on, and nothing is settled yet."
    face = ("Both dealer cards are face down; the dealer peeks at them. "
            if rules.dealer_cards_face_down else "")
    return numeric("casino-pontoon.dealer-pontoon.stake", 0,
                   f"{face}You staked {stake}. The dealer's cards are shown here. What do you "
                   "win right now? (A loss is a negative number, nothing yet is 0.)",
                   ["casino-pontoon.dealer-pontoon", "casino-pontoon.face-down"], net, None, why,
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
        if len(values) >= 2:
            break
    best = max(values, key=lambda m: values[m])
    order = sorted(values, key=lambda m: -values[m])
    evs = "; ".join(f"{_MOVE_WORDS[m].lower()} {values[m]:+.3f}" for m in order)
    choices = rng.shuffled(tuple(_MOVE_WORDS[m] for m in values))
    where = (f"the dealer's up card is {up}" if up is not None
             else "both dealer cards are face down")
    return choice_question(
        "casino-pontoon.strategy.best", 0,
        f"What is the best move? ({where}; {len(h.cards)} cards"
        f"{', already doubled' if h.doubled else ''})",
        ["casino-pontoon.stand", "casino-pontoon.hit", "casino-pontoon.double",
         "casino-pontoon.split"], choices, _MOVE_WORDS[best],
        f"Expected result per chip staked, by exact infinite-deck analysis: {evs}.",
        rows=_rows(s))
