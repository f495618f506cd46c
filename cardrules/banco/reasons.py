"""Punto Banco's reasons: the working of each decision as :mod:`cardrules.reasons` records,
made by the same functions that decide (:mod:`cardrules.banco.values`,
:func:`cardrules.banco.outcome.payout`).

>>> from cardrules.cards import parse_cards
>>> value_reason(parse_cards("7C 2D 7H 4S")).total, value_reason(parse_cards("7C 2D 7H 4S")).result
(20, 0)
>>> banker_draw_reason(5, parse_card("3S")).acts
False
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, parse_card  # noqa: F401  (parse_card: doctests)
from ..reasons import (
    AllOf,
    Compare,
    Deal,
    Measure,
    Payout,
    Relation,
    Rotation,
    Settles,
    Step,
    Sum,
    TableRow,
    Then,
    Threshold,
    card_sum,
)
from .outcome import Coup, payout
from .profile import BancoRules, default_rules
from .social import bank_rotation
from .state import BetOn
from .values import Result, banker_draws_on, is_natural, player_draws, points

PLAYER_HAND, BANKER_HAND = "the Player hand", "the Banker hand"
#: the points a card may be worth: the columns of the tableau
POINTS = tuple(range(10))
#: the highest total on which a hand draws by the player's rule
PLAYER_DRAWS_UP_TO = 5


def value_reason(cards: Sequence[Card], of: str = "the hand") -> Sum:
    """The points of the cards added up, only the last digit counting [banco.hand-value].

    >>> from cardrules.cards import parse_cards
    >>> [v.value for v in value_reason(parse_cards("KS 9D")).values]
    [0, 9]
    """
    return card_sum(of, [(c, points(c)) for c in cards], last_digit=True)


def natural_reason(cards: Sequence[Card], of: str = "the hand") -> AllOf:
    """Whether the cards are a natural: exactly two cards and a total of 8 or more
    [banco.natural].

    >>> from cardrules.cards import parse_cards
    >>> natural_reason(parse_cards("4S 4D KC")).holds
    False
    """
    value = value_reason(cards, of).result
    conditions = (
        Threshold(of, Measure.CARDS, len(cards), Relation.EXACTLY, 2, len(cards) == 2),
        Threshold(of, Measure.TOTAL, value, Relation.AT_LEAST, 8, value >= 8),
    )
    return AllOf("a hand", of, conditions, is_natural(cards), "is a natural", "is not a natural")


def player_draw_reason(total: int, of: str = PLAYER_HAND) -> Threshold:
    """The player's rule: draw on 0 to 5, stand on 6 or 7 [banco.player-draw].

    >>> player_draw_reason(6).holds
    False
    """
    draws = player_draws(total)
    return Threshold(of, Measure.TOTAL, total, Relation.AT_MOST, PLAYER_DRAWS_UP_TO, draws,
                     who="the player", then="draws", otherwise="stands")


def banker_draw_reason(banker_total: int, player_third_card: Card | None,
                       of: str = BANKER_HAND) -> Threshold | TableRow:
    """The banker's choice [banco.third-card]: when the player stood, the player's rule
    (a threshold); when the player drew, the tableau's row for the banker's total.

    >>> r = banker_draw_reason(6, parse_card("7C"))
    >>> r.row, r.column, r.acts_on, r.acts
    (6, 7, (6, 7), True)
    >>> banker_draw_reason(6, None).holds
    False
    """
    if player_third_card is None:
        draws = banker_total <= PLAYER_DRAWS_UP_TO
        return Threshold(of, Measure.TOTAL, banker_total, Relation.AT_MOST, PLAYER_DRAWS_UP_TO,
                         draws, who="the banker", then="draws", otherwise="stands")
    third = points(player_third_card)
    acts_on = tuple(p for p in POINTS if banker_draws_on(banker_total, p))
    return TableRow("the banker", of, banker_total, "the player's third card", third, POINTS,
                    acts_on, third in acts_on, "draws", "stands")


def result_reason(player_total: int, banker_total: int, banker: str = "Banker",
                  player: str = "Player") -> Compare:
    """The higher total wins; equal totals tie [banco.result].  ``banker`` and ``player``
    name the two hands (``Bank`` at the social table).

    >>> result_reason(4, 4).winner is None
    True
    >>> result_reason(3, 5, "Bank").winner
    'Bank'
    """
    win = (player if player_total > banker_total else
           banker if banker_total > player_total else None)
    return Compare(player, player_total, banker, banker_total, win)


def coup_reason(coup: Coup) -> tuple[Step, ...]:
    """Who draws in a coup, step by step: both hands' values, a natural, the player's rule,
    the player's third card and the banker's choice [banco.natural] [banco.player-draw]
    [banco.third-card].

    >>> from cardrules.banco.outcome import play_coup
    >>> [type(s).__name__ for s in coup_reason(play_coup(["9C", "2D", "KH", "3S"]))]
    ['Sum', 'Sum', 'AllOf', 'Then']
    """
    player, banker = coup.player[:2], coup.banker[:2]
    steps: list[Step] = [value_reason(player, PLAYER_HAND), value_reason(banker, BANKER_HAND)]
    naturals = [(h, of) for h, of in ((player, PLAYER_HAND), (banker, BANKER_HAND))
                if is_natural(h)]
    if naturals:
        steps += [natural_reason(h, of) for h, of in naturals]
        steps.append(Then("nobody", "draws: the hands are compared at once"))
        return tuple(steps)
    p_total = value_reason(player).result
    steps.append(player_draw_reason(p_total))
    third = coup.player[2] if coup.player_drew else None
    if third is not None:
        steps.append(value_reason((third,), "the player's third card"))
    steps.append(banker_draw_reason(value_reason(banker).result, third))
    return tuple(steps)


def payout_reason(on: BetOn, result: Result, amount: int, rules: BancoRules | None = None
                  ) -> Payout:
    """One bet settled, with the odds and the commission the profile sets [banco.payouts]
    [banco.social].

    >>> p = payout_reason(BetOn.BANKER, Result.BANKER, 100)
    >>> p.net, p.commission_percent, p.commission_option
    (Fraction(95, 1), 5, 'commission_percent')
    """
    rules = default_rules() if rules is None else rules
    net, _why = payout(on, result, amount, rules)
    social = rules.table == "social"
    bet, res = on.value.title(), result.value.title()
    if result is Result.TIE and on is not BetOn.TIE:
        return Payout(bet, res, amount, Settles.RETURNED if social else Settles.PUSH, net)
    if on.value != result.value:
        return Payout(bet, res, amount, Settles.LOSES, net)
    if on is BetOn.TIE:
        return Payout(bet, res, amount, Settles.WINS, net, rules.tie_pays, "tie_pays")
    if on is BetOn.BANKER and not social and rules.commission_percent:
        return Payout(bet, res, amount, Settles.WINS, net, 1, None, rules.commission_percent,
                      "commission_percent")
    return Payout(bet, res, amount, Settles.WINS, net, 1)


def deal_reason(cards: Sequence[Card]) -> Deal:
    """The first four cards of the shoe, dealt in turn to Player and Banker [banco.deal].

    >>> from cardrules.cards import parse_cards
    >>> deal_reason(parse_cards("7C 2D 9H KS")).to
    ('Player', 'Banker', 'Player', 'Banker')
    """
    return Deal(tuple(cards), tuple("Player" if i % 2 == 0 else "Banker"
                                    for i in range(len(cards))))


def rotation_reason(seats: Sequence[str], holder: str | None = None, hands: int = 1) -> Rotation:
    """Who holds the social table's bank: from ``holder`` (or, with None, from the first
    hand's bank) for ``hands`` hands in all [banco.first-bank] [banco.social].

    >>> rotation_reason(["Ann", "Bob", "Cleo"], hands=2).holders
    ('Cleo', 'Bob')
    >>> rotation_reason(["Ann", "Bob", "Cleo"], "Ann", 2).holders
    ('Ann', 'Cleo')
    """
    order = bank_rotation(seats)
    start = 0 if holder is None else order.index(holder)
    holders = tuple(order[(start + i) % len(order)] for i in range(hands))
    return Rotation(tuple(seats), holders, holder is None)
