"""Finished coups and their settlement: the coup record, each bet's payout, and the
game contract's :func:`outcome` (who pays whom, by which rule)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from ..cards import Card, parse_card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..errors import IllegalAction
from ..game import Line, Outcome, Unit, check_card_list, check_profile
from .apply import play_out
from .deal import new_coup
from .profile import BancoRules, default_rules, load_banco  # noqa: F401  (doctests)
from .rules import GAME
from .state import Bet, BetOn, CoupState, coup_state, is_over
from .values import Result, is_natural

HOUSE, BANK = "House", "Bank"


@dataclass(frozen=True)
class Coup:
    """A finished coup: both hands, totals, who drew, the result, and how."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_total: int
    banker_total: int
    player_drew: bool
    banker_drew: bool
    natural: bool
    result: Result
    cards_used: int
    steps: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def describe(self) -> str:
        """The coup in words, step by step.

        >>> print(play_coup(parse_cards("9C 2D KH 3S")).describe())
        Player is dealt 9♣ K♥ (9), Banker 2♦ 3♠ (5).
        A natural: nobody draws.
        Player wins, 9 to 5.
        """
        lines = [text for _, text in self.steps]
        if self.result is Result.TIE:
            lines.append(f"Tie, {self.player_total} all.")
        else:
            w, hi, lo = (("Player", self.player_total, self.banker_total)
                         if self.result is Result.PLAYER
                         else ("Banker", self.banker_total, self.player_total))
            lines.append(f"{w} wins, {hi} to {lo}.")
        return "\n".join(lines)


def coup_record(state: CoupState) -> Coup:
    """The record of a finished coup.

    >>> coup_record(play_out(new_coup(load_banco(), parse_cards("9C 2D KH 3S")))).result
    <Result.PLAYER: 'player'>
    """
    if not state.is_over:
        raise ValueError("the coup is not over yet")
    return Coup(
        state.player, state.banker, state.player_total, state.banker_total,
        len(state.player) == 3, len(state.banker) == 3,
        is_natural(state.player) or is_natural(state.banker),
        state.result, len(state.player) + len(state.banker), state.log,
    )


def play_coup(cards: Iterable[Card | str], rules: BancoRules | None = None) -> Coup:
    """Play one coup from the next cards of the shoe, in order (4 to 6 are used).

    Cards may be given as text.

    >>> c = play_coup(["AS", "5D", "2H", "KC", "6S", "9H"])
    >>> c.player_total, c.banker_total, c.player_drew, c.banker_drew, c.result.value
    (9, 4, True, True, 'player')
    """
    if cards is None or isinstance(cards, (str, bytes)):
        check_card_list(cards, "the cards of the coup")
    seq = tuple(parse_card(c) if isinstance(c, str) else c for c in cards)
    state = new_coup(default_rules() if rules is None else rules, seq)
    return coup_record(play_out(state))


@dataclass(frozen=True)
class Payment:
    """What one bet won (positive) or lost (negative), and by which rule."""

    bet: Bet
    net: Fraction
    rule_id: str
    reason: str


@dataclass(frozen=True)
class Settlement:
    """Every bet's outcome.  ``house`` is the bank's net; the whole is zero-sum."""

    payments: tuple[Payment, ...]
    house: Fraction

    def net_of(self, bettor: str) -> Fraction:
        """A bettor's net result over all their bets."""
        return sum((p.net for p in self.payments if p.bet.bettor == bettor), Fraction(0))


def payout(on: BetOn, result: Result, amount: int, rules: BancoRules | None = None
           ) -> tuple[Fraction, str]:
    """The net win of one bet and the reason [banco.payouts].

    >>> payout(BetOn.BANKER, Result.BANKER, 100)
    (Fraction(95, 1), 'Banker wins: paid 1 to 1 less 5% commission.')
    >>> payout(BetOn.PLAYER, Result.TIE, 100)[0]
    Fraction(0, 1)
    """
    rules = default_rules() if rules is None else rules
    social = rules.table == "social"
    a = Fraction(amount)
    if on is BetOn.TIE:
        if social:
            raise ValueError("the social Banco table takes no tie bets")
        if result is Result.TIE:
            return a * rules.tie_pays, f"Tie: paid {rules.tie_pays} to 1."
        return -a, f"No tie ({result.value} wins): the tie bet loses."
    if result is Result.TIE:
        why = "returned and the hand is dealt again" if social else "push"
        return Fraction(0), f"Tie: Player and Banker bets {why}."
    if on.value != result.value:
        return -a, f"{result.value.title()} wins: the {on.value} bet loses."
    if on is BetOn.BANKER and not social and rules.commission_percent:
        pct = rules.commission_percent
        return a * (100 - pct) / 100, f"Banker wins: paid 1 to 1 less {pct}% commission."
    return a, f"{result.value.title()} wins: paid 1 to 1."


def settle(bets: Iterable[Bet], coup: Coup, rules: BancoRules | None = None) -> Settlement:
    """Settle every bet on a finished coup [banco.payouts].

    >>> coup = play_coup(parse_cards("9C 2D KH 3S"))
    >>> s = settle([Bet("ann", BetOn.PLAYER, 10), Bet("bob", BetOn.BANKER, 20),
    ...             Bet("cy", BetOn.TIE, 5)], coup)
    >>> [str(p.net) for p in s.payments], s.house
    (['10', '-20', '-5'], Fraction(15, 1))
    """
    rules = default_rules() if rules is None else rules
    check_profile(rules, BancoRules, "Punto Banco")
    out = []
    for bet in bets:
        if not rules.min_bet <= bet.amount <= rules.max_bet:
            raise IllegalAction("banco.payouts", f"A bet must be between {rules.min_bet} and "
                                f"{rules.max_bet}; {bet.bettor} bet {bet.amount}.")
        net, why = payout(bet.on, coup.result, bet.amount, rules)
        out.append(Payment(bet, net, "banco.payouts" if rules.table == "casino" else "banco.social",
                           why))
    return Settlement(tuple(out), -sum((p.net for p in out), Fraction(0)))



def house_name(rules: BancoRules) -> str:
    """The party on the other side of every bet: the ``House`` at the casino table, the
    ``Bank`` at the social table.

    >>> house_name(load_banco()), house_name(load_banco("banco"))
    ('House', 'Bank')
    """
    return BANK if rules.table == "social" else HOUSE


def outcome(state: CoupState) -> Outcome:
    """The game contract's outcome: for each bet riding on the coup, the house (or the
    bank) pays the bettor or the bettor pays the house, with the rule and the reason; a
    push is a line of 0.  Nothing is settled before the coup ends.

    >>> from cardrules.banco import standard_bets
    >>> s = play_out(new_coup(load_banco(), seed=3, bets=standard_bets(load_banco())))
    >>> print(outcome(s))
    House pays Seat 1 0: Tie: Player and Banker bets push. [banco.payouts]
    House pays Seat 2 0: Tie: Player and Banker bets push. [banco.payouts]
    House pays Seat 3 80: Tie: paid 8 to 1. [banco.payouts]
    >>> outcome(s).balanced, outcome(s).final
    (True, True)
    """
    state = coup_state(state, "outcome")
    if not is_over(state):
        return Outcome(GAME, Unit.CHIPS, (), False)
    house = house_name(state.rules)
    lines = []
    for p in settle(state.bets, coup_record(state), state.rules).payments:
        who = p.bet.bettor
        if p.net >= 0:
            lines.append(Line(house, who, whole(p.net), p.rule_id, p.reason))
        else:
            lines.append(Line(who, house, whole(-p.net), p.rule_id, p.reason))
    return Outcome(GAME, Unit.CHIPS, tuple(lines), True)


def whole(x: Fraction) -> int | Fraction:
    """A whole number of chips as an int, a part of one as a fraction.

    >>> whole(Fraction(10)), whole(Fraction(19, 2))
    (10, Fraction(19, 2))
    """
    return int(x) if x.denominator == 1 else x
