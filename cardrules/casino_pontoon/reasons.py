"""Casino Pontoon's reasons: the working of each decision as :mod:`cardrules.reasons` records,
made by the same functions that decide (:mod:`~cardrules.casino_pontoon.values`,
:mod:`~cardrules.casino_pontoon.checks`, :mod:`~cardrules.casino_pontoon.outcome`, the
strategy analysis).

A hand's value is the sum of its cards with every ace as 1, and then one ace as 11 when that
keeps it at 21 or less:

>>> from cardrules.cards import parse_cards
>>> [type(s).__name__ for s in value_reason(parse_cards("AS 6D"))]
['Sum', 'SoftAce']
>>> value_reason(parse_cards("AS 6D"))[1].result, value_reason(parse_cards("7C 8S"))[0].total
(17, 15)
>>> dealer_draw_reason(parse_cards("AS 6D"), load_casino_pontoon("casino-pontoon-s17"))[-1].draws
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..cards import Card
from ..reasons import (
    AllOf,
    DoubleRule,
    DrawRule,
    HouseRule,
    Insurance,
    Measure,
    MoveValues,
    Paid,
    Relation,
    Settles,
    Showdown,
    SoftAce,
    SplitRule,
    Step,
    Threshold,
    card_sum,
)
from .checks import (
    DOUBLE_CARDS,
    INSURANCE_PARTS,
    STAND_FROM,
    can_double,
    can_split,
    can_stand,
    max_insurance,
)
from .outcome import dealer_kind, hand_kind_in_play, settle
from .profile import CasinoPontoonRules, hand_limit, load_casino_pontoon  # noqa: F401
from .state import Hand, Phase, RoundState
from .values import (
    DEALER_DRAWS_TO,
    MOST_CARDS,
    TWENTY_ONE,
    HandKind,
    card_value,
    dealer_draws,
    hand_total,
    is_soft,
    player_wins,
    win_multiple,
)

#: the names the reasons give the hands and the two sides
YOUR_HAND, DEALER_HAND, YOU, DEALER = "your hand", "the dealer's hand", "you", "the dealer"
#: the kinds of finished hand, best first [casino-pontoon.rank]
KINDS = tuple(k.value for k in (HandKind.PONTOON, HandKind.FIVE_CARD_TRICK, HandKind.TOTAL,
                                HandKind.BUST))


def value_reason(cards: Sequence[Card], of: str = "the hand") -> tuple[Step, ...]:
    """The cards' values added up, every ace as 1; with an ace, whether one counts 11
    [casino-pontoon.values].

    >>> from cardrules.cards import parse_cards
    >>> s = value_reason(parse_cards("AS AD 9C"))
    >>> s[0].total, s[1].aces, s[1].soft, s[1].result
    (11, 2, True, 21)
    >>> value_reason(parse_cards("AS 9D 8C"))[1].soft
    False
    """
    total = card_sum(of, [(c, card_value(c)) for c in cards])
    aces = sum(1 for c in cards if card_value(c) == 1)
    if not aces:
        return (total,)
    soft = SoftAce(of, total.total, aces, TWENTY_ONE, is_soft(cards))
    assert soft.result == hand_total(cards)
    return (total, soft)


def stand_reason(state: RoundState) -> tuple[Step, ...]:
    """May the hand in play stand: 15 or more [casino-pontoon.stand].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import new_round
    >>> stand_reason(new_round(load_casino_pontoon(), [10], parse_cards("7C 7D 7H KS")))[-1].holds
    False
    """
    h = state.current
    return (*value_reason(h.cards, YOUR_HAND),
            Threshold(YOUR_HAND, Measure.TOTAL, h.total, Relation.AT_LEAST, STAND_FROM,
                      can_stand(state), who=YOU, then="may stand", otherwise="must play on"))


def double_reason(state: RoundState) -> DoubleRule:
    """May the hand in play double: 2 to 4 cards, once only [casino-pontoon.double].

    >>> from cardrules.casino_pontoon import Double, apply, new_round
    >>> from cardrules.cards import parse_cards
    >>> s = apply(new_round(load_casino_pontoon(), [10], parse_cards("5C 7D 4H KS 2S")), Double())
    >>> double_reason(s).doubled, double_reason(s).holds
    (True, False)
    """
    h = state.current
    low, high = DOUBLE_CARDS
    return DoubleRule(YOU, YOUR_HAND, h.cards, low, high, h.doubled, h.from_split,
                      can_double(state))


def split_reason(state: RoundState) -> SplitRule:
    """May the hand in play split: two cards of the same value (or rank, as the profile says),
    within the profile's limit of hands [casino-pontoon.split].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import new_round
    >>> r = split_reason(new_round(load_casino_pontoon("casino-pontoon-online"), [10],
    ...                            parse_cards("KC 7D JH 9S")))
    >>> r.by, r.most, r.holds
    ('rank', 3, False)
    """
    rules = state.rules
    h = state.current
    return SplitRule(YOU, YOUR_HAND, h.cards, tuple(card_value(c) for c in h.cards),
                     rules.split_by, "split_by", len(state.seats[state.seat].hands),
                     hand_limit(rules), "max_hands", can_split(state))


def hit_reason(cards: Sequence[Card], doubled: bool = False) -> tuple[Step, ...]:
    """May a hand take another card: not bust and fewer than five cards, even after doubling
    [casino-pontoon.hit] [casino-pontoon.five-card-trick].

    >>> from cardrules.cards import parse_cards
    >>> hit_reason(parse_cards("KS 5D 7C"))[-1].holds, hit_reason(parse_cards("KS 5D"))[-1].holds
    (False, True)
    """
    total = hand_total(cards)
    conditions = (
        Threshold(YOUR_HAND, Measure.TOTAL, total, Relation.AT_MOST, TWENTY_ONE,
                  total <= TWENTY_ONE),
        Threshold(YOUR_HAND, Measure.CARDS, len(cards), Relation.AT_MOST, MOST_CARDS - 1,
                  len(cards) < MOST_CARDS),
    )
    may = not Hand(tuple(cards), 1).done
    subject = "even a doubled hand" if doubled else "a hand"
    return (*value_reason(cards, YOUR_HAND),
            AllOf(subject, YOUR_HAND, conditions, may, "may take another card",
                  "may not take another card"))


def _two_and_21(of: str, cards: Sequence[Card], subject: str, is_pontoon: bool) -> AllOf:
    total = hand_total(cards)
    return AllOf(subject, of, (
        Threshold(of, Measure.CARDS, len(cards), Relation.EXACTLY, 2, len(cards) == 2),
        Threshold(of, Measure.TOTAL, total, Relation.EXACTLY, TWENTY_ONE, total == TWENTY_ONE),
    ), is_pontoon, "is a pontoon", "is not a pontoon")


def pontoon_reason(hand: Hand, rules: CasinoPontoonRules) -> tuple[Step, ...]:
    """Is the hand a pontoon: two cards worth 21, as a hand's first two dealt cards; after a
    split only when the profile says so [casino-pontoon.pontoon].

    >>> from cardrules.cards import parse_cards
    >>> split = Hand(parse_cards("AS KD"), 10, from_split=True)
    >>> pontoon_reason(split, load_casino_pontoon())[-1].holds
    False
    >>> pontoon_reason(split, load_casino_pontoon("casino-pontoon-online"))[-1].holds
    True
    """
    pontoon = hand_kind_in_play(hand, rules) is HandKind.PONTOON
    steps = value_reason(hand.cards, YOUR_HAND)
    if not hand.from_split:
        return (*steps, _two_and_21(YOUR_HAND, hand.cards, "a hand as dealt", pontoon))
    if not rules.split_pontoon:
        return (*steps, HouseRule("split_pontoon", False, "a hand from a split",
                                  "is never a pontoon, only a total", pontoon))
    return (*steps, HouseRule("split_pontoon", True, "a hand from a split", "can be a pontoon "
                              "too"),
            _two_and_21(YOUR_HAND, hand.cards, "a hand from a split", pontoon))


def dealer_draw_reason(cards: Sequence[Card], rules: CasinoPontoonRules) -> tuple[Step, ...]:
    """Does the dealer draw on these cards: on 16 or less, on soft 17 as the profile says,
    never on five cards of 21 or less when the profile stops the dealer there
    [casino-pontoon.dealer].

    >>> from cardrules.cards import parse_cards
    >>> r = dealer_draw_reason(parse_cards("2S 2D 3C 2H 4S"), load_casino_pontoon())[-1]
    >>> r.total, r.stops, r.draws
    (13, True, False)
    """
    steps = value_reason(cards, DEALER_HAND)
    return (*steps, DrawRule(DEALER, DEALER_HAND, len(cards), hand_total(cards), is_soft(cards),
                             TWENTY_ONE, DEALER_DRAWS_TO, rules.dealer_hits_soft_17,
                             "dealer_hits_soft_17", MOST_CARDS, rules.dealer_five_card_trick,
                             "dealer_five_card_trick", dealer_draws(cards, rules)))


def _five_option(dealer: Sequence[Card]) -> str | None:
    """The option that decides what five dealer cards are, when the dealer holds them."""
    if len(dealer) >= MOST_CARDS and hand_total(dealer) <= TWENTY_ONE:
        return "dealer_five_card_trick"
    return None


def settle_reason(state: RoundState, seat: int = 0, hand: int = 0) -> tuple[Step, ...]:
    """How one hand of a finished round is settled: its value, bust or the dealer's hand and
    the two compared, then what it is paid [casino-pontoon.rank] [casino-pontoon.payouts]
    [casino-pontoon.bust] [casino-pontoon.dealer-pontoon].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import DealerStand, Stand, apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("AC 9S KH 8D"))
    >>> s = apply(apply(s, Stand()), DealerStand())
    >>> r = settle_reason(s)
    >>> r[-2].left_kind, r[-2].winner, r[-1].pays, r[-1].net
    ('pontoon', 'you', Fraction(2, 1), Fraction(20, 1))
    """
    rules = state.rules
    h = state.seats[seat].hands[hand]
    payment = next(p for p in settle(state).payments if p.seat == seat and p.hand == hand)
    steps: list[Step] = list(value_reason(h.cards, YOUR_HAND))
    if h.busted:
        steps.append(Threshold(YOUR_HAND, Measure.TOTAL, h.total, Relation.AT_MOST, TWENTY_ONE,
                               False, who=YOU, then="stay in the round", otherwise="are bust"))
        steps.append(Paid(YOU, h.stake, h.cards, Settles.LOSES, payment.net, HandKind.BUST.value))
        return tuple(steps)
    pk, dk = hand_kind_in_play(h, rules), dealer_kind(state.dealer, rules)
    wins = not state.dealer_pontoon and player_wins(h.cards, pk, state.dealer, dk)
    steps += value_reason(state.dealer, DEALER_HAND)
    steps.append(Showdown(YOU, pk.value, h.total, DEALER, dk.value, hand_total(state.dealer),
                          KINDS, DEALER, YOU if wins else DEALER, _five_option(state.dealer)))
    if not wins:
        steps.append(Paid(YOU, h.stake, h.cards, Settles.LOSES, payment.net))
        return tuple(steps)
    option = "five_card_trick_pays" if pk is HandKind.FIVE_CARD_TRICK else None
    steps.append(Paid(YOU, h.stake, h.cards, Settles.WINS, payment.net, pk.value,
                      win_multiple(pk, rules), option))
    return tuple(steps)


def dealer_pontoon_reason(state: RoundState, seat: int = 0) -> tuple[Step, ...]:
    """What the dealer's first two cards settle at once: a dealer pontoon takes every stake,
    a player's pontoon too; else nothing yet [casino-pontoon.dealer-pontoon].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("9C KD 7H AS"))
    >>> dealer_pontoon_reason(s)[-1].net, dealer_pontoon_reason(s)[-2].winner
    (Fraction(-10, 1), 'the dealer')
    """
    rules = state.rules
    h = state.seats[seat].hands[0]
    dealer = state.dealer
    pontoon = state.dealer_pontoon
    steps: list[Step] = [*value_reason(dealer, DEALER_HAND),
                         _two_and_21(DEALER_HAND, dealer, "a dealer's hand", pontoon)]
    if not pontoon:
        steps.append(Paid(YOU, h.stake, h.cards, None, Fraction(0)))
        return tuple(steps)
    net = next(p.net for p in settle(state).payments if p.seat == seat and p.hand == 0)
    steps.append(Showdown(YOU, hand_kind_in_play(h, rules).value, h.total, DEALER,
                          HandKind.PONTOON.value, hand_total(dealer), KINDS, DEALER, DEALER))
    steps.append(Paid(YOU, h.stake, h.cards, Settles.LOSES, net))
    return tuple(steps)


def insurance_reason(state: RoundState) -> Insurance:
    """The most insurance the deciding seat may take: half its stake, when insurance is
    offered at all [casino-pontoon.insurance] [casino-pontoon.face-down].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import new_round
    >>> insurance_reason(new_round(load_casino_pontoon(), [15], parse_cards("9C AD 4H KS"))).most
    7
    """
    offered = state.phase is Phase.INSURANCE
    up = None if state.rules.dealer_cards_face_down else state.dealer[0]
    return Insurance(state.seats[state.seat].stake, up, offered, "dealer_cards_face_down",
                     INSURANCE_PARTS, max_insurance(state) if offered else 0)


def strategy_reason(cards: Sequence[Card], up: Card | None, values: Mapping[str, float]
                    ) -> tuple[Step, ...]:
    """The hand's value and what each legal move of it is worth by the strategy analysis
    (``values``: move -> value, as :func:`.strategy.strategy_values` gives them, the legal
    moves only), best first.

    >>> from cardrules.cards import parse_cards
    >>> r = strategy_reason(parse_cards("10S 6D"), parse_cards("10C")[0],
    ...                     {"stand": -0.541, "hit": -0.6})
    >>> r[-1].moves, r[-1].best
    (('stand', 'hit'), 'stand')
    """
    order = sorted(values, key=lambda m: -values[m])
    return (*value_reason(cards, YOUR_HAND),
            MoveValues(YOUR_HAND, up, tuple(order), tuple(values[m] for m in order), order[0]))
