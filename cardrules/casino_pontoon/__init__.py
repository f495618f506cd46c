"""Casino Pontoon: a dealer against each seat's own hands, from a six-deck shoe.

Hands count as in blackjack (ace 1 or 11, ten and faces 10), but an ace and a
ten-card as a hand's first two dealt cards is a *pontoon*, five cards of 21 or
less are a *five card trick*, and every tie goes to the dealer:

>>> from cardrules.cards import parse_cards
>>> hand_total(parse_cards("AS 6D")), is_soft(parse_cards("AS 6D"))
(17, True)
>>> hand_total(parse_cards("AS 6D 9C")), is_soft(parse_cards("AS 6D 9C"))
(16, False)

A round, step by step.  The shoe's next cards are dealt one to each seat,
the dealer's up card, a second card to each seat, then the dealer's hole card:

>>> rules = load_casino_pontoon()
>>> s = new_round(rules, [10], parse_cards("9C 7D 4H KS 5C 2D"))
>>> s.seats[0].hands[0].cards, s.dealer
((Card('9♣'), Card('4♥')), (Card('7♦'), Card('K♠')))
>>> legal_actions(s)
(Hit(), Double())
>>> apply(s, Stand())
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: You may stand only on 15 or more, or with five cards; this hand is 13 with 2 cards. [rule casino-pontoon.stand]
>>> s = apply(s, Hit())
>>> s = apply(s, Stand())
>>> s.phase, legal_actions(s)
(<Phase.DEALER: 'dealer plays'>, (DealerStand(),))
>>> s = apply(s, DealerStand())
>>> [(p.rule_id, str(p.net)) for p in settle(s).payments]
[('casino-pontoon.payouts', '10')]

The game contract (:mod:`cardrules.game`): :func:`start` deals a round to the named seats
(``Seat 1`` to ``Seat 3`` when None), :func:`to_act` names the seat (or the ``Dealer``)
whose turn it is, :func:`view` is what a seat sees, and :func:`outcome` says who pays whom:

>>> s = start(rules, seed=3, seats=["Ann", "Ben"])
>>> to_act(s), view(s, "Ben").dealer
('Ann', (Card('9♦'), None))
>>> while not is_over(s):
...     s = apply(s, random_action(s, Rng(1)))
>>> outcome(s).balanced
True

The game contract's object is :data:`CASINO_PONTOON` (``cardrules.game.get("casino-pontoon")``).
The package has the layout of every game: :mod:`.rules` (the catalog), :mod:`.profile`,
:mod:`.state`, :mod:`.actions`, :mod:`.deal`, :mod:`.checks` (``verify_``/``can_``),
:mod:`.apply`, :mod:`.explain`, :mod:`.outcome` (the settlement), :mod:`.view`,
:mod:`.players` and :mod:`.game`; beside them :mod:`.values` (totals, ranking, payouts),
:mod:`.reasons` (the working of each decision, as records) and the strategy analysis: :mod:`.strategy` (the infinite deck, and every name of the
analysis), :mod:`.strategy_core` (what the models share), :mod:`.strategy_exact` (the
finite shoe) and :mod:`.strategy_sim` (simulations); and :mod:`.coach`, what each move of
the hand to play is worth.
"""

from __future__ import annotations

from ..rng import Rng  # noqa: F401  (doctests)
from .actions import (
    Action,
    DealerDraw,
    DealerStand,
    Double,
    Hit,
    Insure,
    NoInsurance,
    PlayerAction,
    Split,
    Stand,
)
from .apply import Policy, advance, apply, legal_actions, peek, play_round
from .checks import (
    can_apply,
    can_double,
    can_hit,
    can_insure,
    can_split,
    can_stand,
    max_insurance,
    verify_action,
    verify_double,
    verify_hit,
    verify_insure,
    verify_split,
    verify_stand,
)
from .coach import coach, move_values, ten_chance
from .deal import deal_rows, new_round, seat_names, seats, standard_stake, start
from .explain import describe, explain
from .game import CASINO_PONTOON
from .outcome import (
    Payment,
    Settlement,
    dealer_kind,
    hand_kind_in_play,
    outcome,
    settle,
    staked,
)
from .players import PLAYERS, basic_strategy, cautious, dealer_play, dealer_rule, random_action
from .profile import CasinoPontoonRules, hand_limit, load_casino_pontoon, profile_summary
from .reasons import (
    dealer_draw_reason,
    dealer_pontoon_reason,
    double_reason,
    hit_reason,
    insurance_reason,
    pontoon_reason,
    settle_reason,
    split_reason,
    stand_reason,
    strategy_reason,
    value_reason,
)
from .rules import GAME, RULES, SEED
from .state import (
    DEALER,
    Hand,
    Phase,
    RoundState,
    Seat,
    cards_in_play,
    dealt_cards,
    is_over,
    seat_name,
    seats_of,
    to_act,
)
from .values import (
    HandKind,
    card_value,
    dealer_draws,
    hand_kind,
    hand_total,
    is_bust,
    is_five_card_trick,
    is_natural,
    is_soft,
    player_wins,
    same_for_split,
    win_multiple,
)
from .view import CasinoPontoonView, view

__all__ = [
    "CASINO_PONTOON",
    "DEALER",
    "GAME",
    "PLAYERS",
    "RULES",
    "SEED",
    "Action",
    "CasinoPontoonRules",
    "CasinoPontoonView",
    "DealerDraw",
    "DealerStand",
    "Double",
    "Hand",
    "HandKind",
    "Hit",
    "Insure",
    "NoInsurance",
    "Payment",
    "Phase",
    "PlayerAction",
    "Policy",
    "RoundState",
    "Seat",
    "Settlement",
    "Split",
    "Stand",
    "advance",
    "apply",
    "basic_strategy",
    "can_apply",
    "can_double",
    "can_hit",
    "can_insure",
    "can_split",
    "can_stand",
    "card_value",
    "cards_in_play",
    "cautious",
    "coach",
    "deal_rows",
    "dealer_draw_reason",
    "dealer_draws",
    "dealer_kind",
    "dealer_play",
    "dealer_pontoon_reason",
    "dealer_rule",
    "dealt_cards",
    "describe",
    "double_reason",
    "explain",
    "hand_kind",
    "hand_kind_in_play",
    "hand_limit",
    "hand_total",
    "hit_reason",
    "insurance_reason",
    "is_bust",
    "is_five_card_trick",
    "is_natural",
    "is_over",
    "is_soft",
    "legal_actions",
    "load_casino_pontoon",
    "max_insurance",
    "move_values",
    "new_round",
    "outcome",
    "peek",
    "play_round",
    "player_wins",
    "pontoon_reason",
    "profile_summary",
    "random_action",
    "same_for_split",
    "seat_name",
    "seat_names",
    "seats",
    "seats_of",
    "settle",
    "settle_reason",
    "split_reason",
    "staked",
    "stand_reason",
    "standard_stake",
    "start",
    "strategy_reason",
    "ten_chance",
    "to_act",
    "value_reason",
    "verify_action",
    "verify_double",
    "verify_hit",
    "verify_insure",
    "verify_split",
    "verify_stand",
    "view",
    "win_multiple",
]
