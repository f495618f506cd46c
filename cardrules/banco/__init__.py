"""Punto Banco (baccarat) and the seed's social Banco table.

Hand values are the sum of the points modulo 10 (ace 1, ten and faces 0):

>>> from cardrules.cards import parse_cards
>>> hand_value(parse_cards("7S 8D"))
5
>>> player_draws(5), player_draws(6)
(True, False)
>>> banker_draws(3, parse_card("8H")), banker_draws(6, None)
(False, False)

A coup plays itself from the next cards of the shoe, as the tableau requires:

>>> coup = play_coup(parse_cards("4C 3D 2H KS 9C"))
>>> coup.player, coup.banker, coup.result
((Card('4♣'), Card('2♥')), (Card('3♦'), Card('K♠'), Card('9♣')), <Result.PLAYER: 'player'>)

Cards are dealt alternately: Player, Banker, Player, Banker, then the third
cards.  The same coup, step by step, as the croupier plays it:

>>> s = new_coup(load_banco("punto-banco"), parse_cards("AC 3D 2H KS 8C 5D"))
>>> legal_actions(s)
(Draw(side=<Side.PLAYER: 'player'>),)
>>> s = apply(s, Draw(Side.PLAYER))
>>> legal_actions(s)
(Stand(side=<Side.BANKER: 'banker'>),)
>>> apply(s, Draw(Side.BANKER))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: The banker stands on 3 when the player's third card is an 8: with 3 the banker draws unless the player's third card is an 8. [rule banco.third-card]

The game contract (:mod:`cardrules.game`): :func:`start` seats the bettors, who place
their bets in turn against the house; the last bet closes the betting and the croupier
deals; :func:`outcome` says who pays whom:

>>> s = start(load_banco(), seed=3, seats=["Ann", "Ben"])
>>> to_act(s)
'Ann'
>>> s = apply(apply(s, PlaceBet(BetOn.BANKER, 10)), PlaceBet(BetOn.PLAYER, 20))
>>> to_act(s), is_over(play_out(s)), outcome(play_out(s)).balanced
('Player', True, True)

At the seed's social table the first bank goes to the player on the croupier's right,
the last of the players listed clockwise from the croupier's left:

>>> first_bank(["Ann", "Bob", "Cleo"])
'Cleo'

The game contract's object is :data:`BANCO` (``cardrules.game.get("banco")``).  The
package has the layout of every game: :mod:`.rules` (the catalog), :mod:`.profile`,
:mod:`.state`, :mod:`.actions`, :mod:`.deal`, :mod:`.checks`, :mod:`.apply`,
:mod:`.explain`, :mod:`.outcome` (records, payouts, the outcome), :mod:`.view`,
:mod:`.players` and :mod:`.game`; beside them :mod:`.values` (points and the drawing
rules), :mod:`.odds` (exact odds), :mod:`.social` (the social table) and :mod:`.coach` (what each
bet is worth, and the tableau's call).
"""

from __future__ import annotations

from ..cards import parse_card, parse_cards  # noqa: F401  (the doctests read cards from text)
from .actions import Action, Draw, PlaceBet, Stand
from .apply import apply, deal_hands, legal_actions, play_out, standard_amount
from .checks import bet_sides, can_apply, can_bet, required_action, verify_action, verify_bet
from .coach import bet_values, call_tableau, coach
from .deal import bets_for, deal_rows, new_coup, seat_names, seats, standard_bets, start
from .explain import describe, explain
from .game import BANCO
from .odds import Odds, exact_odds
from .outcome import (
    Coup,
    Payment,
    Settlement,
    coup_record,
    house_name,
    outcome,
    payout,
    play_coup,
    settle,
)
from .players import PLAYERS, croupier, player_backer, random_action, random_bettor
from .profile import BancoRules, load_banco, profile_summary
from .reasons import (
    BANKER_HAND,
    PLAYER_HAND,
    banker_draw_reason,
    coup_reason,
    deal_reason,
    natural_reason,
    payout_reason,
    player_draw_reason,
    result_reason,
    rotation_reason,
    value_reason,
)
from .rules import GAME, RULES, SEED
from .social import SocialHand, bank_rotation, first_bank, social_hand
from .state import Bet, BetOn, CoupState, Stage, cards_in_play, is_over, seats_of, to_act
from .values import (
    Result,
    Side,
    banker_draws,
    banker_reason,
    hand_value,
    is_natural,
    player_draws,
    points,
    tableau,
    winner,
)
from .view import BancoView, view

__all__ = [
    "BANCO",
    "BANKER_HAND",
    "GAME",
    "PLAYERS",
    "PLAYER_HAND",
    "RULES",
    "SEED",
    "Action",
    "BancoRules",
    "BancoView",
    "Bet",
    "BetOn",
    "Coup",
    "CoupState",
    "Draw",
    "Odds",
    "Payment",
    "PlaceBet",
    "Result",
    "Settlement",
    "Side",
    "SocialHand",
    "Stage",
    "Stand",
    "apply",
    "bank_rotation",
    "banker_draw_reason",
    "banker_draws",
    "banker_reason",
    "bet_sides",
    "bet_values",
    "bets_for",
    "call_tableau",
    "can_apply",
    "can_bet",
    "cards_in_play",
    "coach",
    "coup_reason",
    "coup_record",
    "croupier",
    "deal_hands",
    "deal_reason",
    "deal_rows",
    "describe",
    "exact_odds",
    "explain",
    "first_bank",
    "hand_value",
    "house_name",
    "is_natural",
    "is_over",
    "legal_actions",
    "load_banco",
    "natural_reason",
    "new_coup",
    "outcome",
    "payout",
    "payout_reason",
    "play_coup",
    "play_out",
    "player_backer",
    "player_draw_reason",
    "player_draws",
    "points",
    "profile_summary",
    "random_action",
    "random_bettor",
    "required_action",
    "result_reason",
    "rotation_reason",
    "seat_names",
    "seats",
    "seats_of",
    "settle",
    "social_hand",
    "standard_amount",
    "standard_bets",
    "start",
    "tableau",
    "to_act",
    "value_reason",
    "verify_action",
    "verify_bet",
    "view",
    "winner",
]
