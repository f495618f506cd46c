"""Settling a finished round: each stake's payment by rule, and the game contract's
:func:`outcome` (who pays whom)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..errors import IllegalAction
from ..game import Line, Outcome, SetupError, Unit, check_card_list, check_profile
from .actions import DealerStand, Double, Stand  # noqa: F401  (doctests)
from .profile import CasinoPontoonRules, load_casino_pontoon  # noqa: F401  (doctests)
from .rules import GAME
from .state import DEALER, Hand, Phase, RoundState, round_state
from .values import HandKind, hand_kind, hand_total, player_wins, win_multiple


@dataclass(frozen=True)
class Payment:
    """What one stake won (positive) or lost (negative), and by which rule.  ``hand`` is
    None for an insurance bet."""

    seat: int
    hand: int | None
    amount: int
    net: Fraction
    rule_id: str
    reason: str


@dataclass(frozen=True)
class Settlement:
    """Every stake's outcome.  ``house`` is the dealer's net; the whole is zero-sum."""

    payments: tuple[Payment, ...]
    house: Fraction

    def net_of(self, seat: int) -> Fraction:
        """A seat's net over all its hands and insurance (seats count from 0)."""
        return sum((p.net for p in self.payments if p.seat == seat), Fraction(0))


def hand_kind_in_play(hand: Hand, rules: CasinoPontoonRules) -> HandKind:
    """A player hand's kind under the rules: after a split an ace and ten-card is only 21
    unless the profile counts it as a pontoon [casino-pontoon.pontoon].

    >>> h = Hand(parse_cards("AS KD"), 10, from_split=True)
    >>> hand_kind_in_play(h, load_casino_pontoon()).value
    'total'
    >>> hand_kind_in_play(h, load_casino_pontoon("casino-pontoon-online")).value
    'pontoon'
    """
    rules = check_profile(rules, CasinoPontoonRules, "Casino Pontoon")
    if not isinstance(hand, Hand):
        raise SetupError(f"A hand's kind needs a Hand (such as Hand(cards, 10)); got {hand!r}.")
    pontoon = not hand.from_split or rules.split_pontoon
    return hand_kind(hand.cards, pontoon)


def dealer_kind(cards: Sequence[Card], rules: CasinoPontoonRules) -> HandKind:
    """The dealer's hand kind: the first two cards may be a pontoon; five cards are a trick
    when the profile gives the dealer five card tricks.

    >>> dealer_kind(parse_cards("2S 3D 4C 2H 5S"), load_casino_pontoon()).value
    'five card trick'
    """
    rules = check_profile(rules, CasinoPontoonRules, "Casino Pontoon")
    return hand_kind(check_card_list(cards, "The dealer's hand"), True,
                     rules.dealer_five_card_trick)


def settle(state: RoundState) -> Settlement:
    """Settle every stake of a finished round [casino-pontoon.payouts].

    >>> from cardrules.casino_pontoon import apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10, 10], parse_cards("AC 9S 7D KH 9H KS"))
    >>> s = apply(s, Stand())      # seat 1: a pontoon
    >>> s = apply(s, Stand())      # seat 2: 18 against the dealer's 17
    >>> s = apply(s, DealerStand())
    >>> [(p.seat, str(p.net)) for p in settle(s).payments], settle(s).house
    ([(0, '20'), (1, '10')], Fraction(-30, 1))
    """
    state = round_state(state, "settle")
    if not state.is_over:
        raise IllegalAction("casino-pontoon.payouts", "The round is not over yet: the stakes "
                            "are settled after the dealer has played.")
    rules = state.rules
    out: list[Payment] = []
    for i, seat in enumerate(state.seats):
        if seat.insurance:
            if state.dealer_pontoon:
                out.append(Payment(i, None, seat.insurance, Fraction(2 * seat.insurance),
                                   "casino-pontoon.insurance",
                                   "The dealer has a pontoon: insurance pays 2 to 1."))
            else:
                out.append(Payment(i, None, seat.insurance, Fraction(-seat.insurance),
                                   "casino-pontoon.insurance",
                                   "The dealer has no pontoon: the insurance is lost."))
        for j, h in enumerate(seat.hands):
            out.append(_settle_hand(i, j, h, state, rules))
    return Settlement(tuple(out), -sum((p.net for p in out), Fraction(0)))


def _settle_hand(i: int, j: int, h: Hand, state: RoundState, rules: CasinoPontoonRules
                 ) -> Payment:
    lose = Fraction(-h.stake)
    if h.busted:
        return Payment(i, j, h.stake, lose, "casino-pontoon.bust",
                       f"Bust with {h.total}: the stake is lost at once.")
    if state.dealer_pontoon:
        return Payment(i, j, h.stake, lose, "casino-pontoon.dealer-pontoon",
                       "The dealer's pontoon beats every hand, a pontoon too.")
    pk = hand_kind_in_play(h, rules)
    dk = dealer_kind(state.dealer, rules)
    mine = _kind_words(h.cards, pk)
    mine = mine[0].upper() + mine[1:]
    theirs = _kind_words(state.dealer, dk, article=False)
    if player_wins(h.cards, pk, state.dealer, dk):
        m = win_multiple(pk, rules)
        ratio = {Fraction(2): "2 to 1", Fraction(3, 2): "3 to 2", Fraction(1): "1 to 1"}[m]
        return Payment(i, j, h.stake, h.stake * m, "casino-pontoon.payouts",
                       f"{mine} beats the dealer's {theirs}: paid {ratio}.")
    tie = pk is dk and (pk is not HandKind.TOTAL or h.total == hand_total(state.dealer))
    why = "a tie goes to the dealer" if tie else "the dealer's hand is better"
    return Payment(i, j, h.stake, lose, "casino-pontoon.rank",
                   f"{mine} against the dealer's {theirs}: {why}.")


def _kind_words(cards: Sequence[Card], kind: HandKind, article: bool = True) -> str:
    """The hand in words: "a pontoon", or after "the dealer's" (no article) "pontoon"."""
    a = "a " if article else ""
    if kind is HandKind.PONTOON:
        return a + "pontoon"
    if kind is HandKind.FIVE_CARD_TRICK:
        return a + "five card trick"
    if kind is HandKind.BUST:
        return f"bust ({hand_total(cards)})"
    return f"{hand_total(cards)} in {len(cards)} cards"


def staked(state: RoundState) -> int:
    """Chips on the table: every hand's stake (after splits and doubles) and insurance.

    >>> from cardrules.casino_pontoon import apply, new_round
    >>> staked(apply(new_round(load_casino_pontoon(), [5], parse_cards("5C 7D 5H KS 2S")), Double()))
    10
    """
    state = round_state(state, "staked")
    return sum(h.stake for s in state.seats for h in s.hands) + sum(
        s.insurance or 0 for s in state.seats)


def outcome(state: RoundState) -> Outcome:
    """The game contract's outcome: for each stake and insurance bet, the ``Dealer`` (the
    house) pays the seat or the seat pays the dealer, with the rule and the reason.  Before
    the round ends only the hands already bust are settled (they lose at once).

    >>> from cardrules.casino_pontoon import apply, new_round
    >>> s = new_round(load_casino_pontoon(), [10, 10], parse_cards("AC 9S 7D KH 9H KS"))
    >>> s = apply(apply(apply(s, Stand()), Stand()), DealerStand())
    >>> print(outcome(s))
    Dealer pays Seat 1 20: A pontoon beats the dealer's 17 in 2 cards: paid 2 to 1. [casino-pontoon.payouts]
    Dealer pays Seat 2 10: 18 in 2 cards beats the dealer's 17 in 2 cards: paid 1 to 1. [casino-pontoon.payouts]
    >>> outcome(s).balanced, outcome(s).final
    (True, True)
    >>> print(outcome(new_round(load_casino_pontoon(), [10], parse_cards("9C 7D 4H KS"))))
    (nothing settled)
    """
    state = round_state(state, "outcome")
    if state.phase is Phase.OVER:
        payments = settle(state).payments
    else:
        payments = tuple(Payment(i, j, h.stake, Fraction(-h.stake), "casino-pontoon.bust",
                                 f"Bust with {h.total}: the stake is lost at once.")
                         for i, seat in enumerate(state.seats)
                         for j, h in enumerate(seat.hands) if h.busted)
    lines = []
    for p in payments:
        who = state.seats[p.seat].name
        amount = abs(p.net)
        whole: int | Fraction = int(amount) if amount.denominator == 1 else amount
        if p.net >= 0:
            lines.append(Line(DEALER, who, whole, p.rule_id, p.reason))
        else:
            lines.append(Line(who, DEALER, whole, p.rule_id, p.reason))
    return Outcome(GAME, Unit.CHIPS, tuple(lines), state.phase is Phase.OVER)
