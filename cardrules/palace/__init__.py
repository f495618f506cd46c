"""Palace Poker (Castle Poker, Banner Poker): poker hands fought out in heads-up battles.

Each player holds a face-up banner card, three face-down palace cards and up to five
soldier cards.  On a turn a player buys a soldier, discards soldiers, attacks another
player (a battle), stays or folds.  A battle is a showdown of two hands in which the
cards of the opponent's banner suit do not count; the loser is out and the winner takes
the loser's soldiers and banner.  The pot goes to the last player left.

A whole hand, step by step (seat order is clockwise, so "the left" is the next seat):

>>> rules = load_palace("palace-poker")
>>> s = new_hand(rules, ["Ann", "Bob", "Cy"], seed=7, dealer="Cy")
>>> [p.name + " " + str(p.banner) for p in s.players], s.pot, s.actor.name
(['Ann A♣', 'Bob 7♦', 'Cy 6♥'], 6, 'Ann')
>>> s = apply(s, Buy())
>>> s.phase, s.actor.soldiers
(<Phase.KEEP: 'keep soldiers'>, (Card('10♣'),))
>>> s = apply(s, DiscardSoldiers())
>>> s.actor.name, [(m.player, m.amount, m.rule_id) for m in s.pot_moves[3:]]
('Bob', [('Ann', 5, 'palace.buy')])

Bob attacks Ann: the minimum bet is (Bob's 0 soldiers + 1 banner) x 5; Ann calls
with (her 1 soldier + 1) x 5.

>>> minimum_bet(s, "Bob")
5
>>> s = apply(s, Battle("Ann", 5))
>>> s.phase, s.actor.name, call_amount(s)
(<Phase.DEFEND: 'defend'>, 'Ann', 10)
>>> s = apply(s, Call())
>>> print(s.battles[-1].outcome.reason)
Bob's cards count without clubs (Ann's banner suit): high card, seven and two. Ann's count without diamonds (Bob's banner suit): high card, ace, ten, nine and three. Ann's hand is higher, so Ann wins.
>>> s.in_hand, s.player("Ann").soldiers
(('Ann', 'Cy'), (Card('10♣'), Card('7♦')))

Refused actions raise :class:`IllegalAction` with a rule id and leave the state as it was:

>>> apply(s, Battle("Cy", 5))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: Ann first chooses which soldiers to discard (none is fine): DiscardSoldiers(...). [rule palace.battle.capture]

The game contract (:mod:`cardrules.game`) asks the same questions of every game:

>>> to_act(s), is_over(s), len(cards_in_play(s)), outcome(s).balanced
('Ann', False, 52, True)

The game contract's object is :data:`PALACE` (``cardrules.game.get("palace")``); each seat
sees the hand through :func:`view`, and the computer players (:data:`PLAYERS`) choose from
that view alone:

>>> v = view(s, "Ann")
>>> v.my_turn, [p.name for p in v.in_hand], v.palace("Cy")
(True, ['Ann', 'Cy'], (None, None, None))
>>> PLAYERS[0](v, Rng(1)) in legal_actions(s)
True

The package has the layout of every game: ``rules`` (the catalog), ``profile``,
``state`` (the state, ``is_over``, ``to_act``, ``cards_in_play``), ``actions``, ``deal``
(first dealer, banners, palace cards, set-up positions, ``seats``, ``start``,
``deal_rows``), ``checks`` (``verify_`` and ``can_``), ``apply`` (legal actions, apply),
``explain`` (``explain``, ``describe``), ``outcome``, ``view`` (a seat's view; the table
for the book), ``players`` (random play and the computer players) and ``game``; beside
them ``battles`` (bet sizes, counting cards, the battle showdown), ``coach`` (the chance of
winning each battle), ``reasons`` (the working of each decision, as records of
:mod:`cardrules.reasons`), ``inputs`` (reading cards, suits and names) and ``words``.
"""

from __future__ import annotations

from ..rng import Rng  # noqa: F401  (the doctests draw with it)
from .actions import (
    ACTION_TYPES,
    BATTLE_ACTIONS,
    TURN_ACTIONS,
    Action,
    Battle,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    Pass,
    Raise,
    Stay,
)
from .apply import apply, legal_actions
from .battles import (
    BattleOutcome,
    Side,
    battle_showdown,
    counting_cards,
    hand_value,
    minimum_for,
    raise_size,
    split_pot,
)
from .checks import (
    bet_limits,
    call_amount,
    can_apply,
    can_battle,
    can_buy,
    can_call,
    can_discard,
    can_discard_soldiers,
    can_fold,
    can_pass,
    can_raise,
    can_stay,
    may_attack,
    minimum_bet,
    raise_limits,
    two_left,
    verify_action,
    verify_battle,
    verify_buy,
    verify_call,
    verify_discard,
    verify_discard_soldiers,
    verify_fold,
    verify_pass,
    verify_raise,
    verify_stay,
)
from .coach import MOST_HANDS, SAMPLES, Chances, battle_chances, coach, hand_against, unseen_cards
from .deal import (
    USUAL_PLAYERS,
    BannerDeal,
    BannerStep,
    DealerDraw,
    banner_group,
    choose_first_dealer,
    deal_banners,
    deal_rows,
    new_hand,
    position,
    seat_names,
    seats,
    start,
)
from .explain import describe, explain
from .game import PALACE
from .outcome import POT, outcome
from .players import PLAYERS, WEIGHTS, play_random, random_action, random_player, strength_player
from .profile import PalaceRules, ante, load_palace
from .reasons import (
    ante_reason,
    attack_bet_reason,
    banner_reason,
    battle_reason,
    buy_reason,
    call_reason,
    discard_reason,
    draw_pile_reason,
    ending_reason,
    first_dealer_reason,
    fold_reason,
    keep_reason,
    minimum_reason,
    next_seat_reason,
    pass_reason,
    quiet_reason,
    raise_reason,
    split_reason,
    spoils_reason,
    stakes_setting,
    stay_reason,
    target_reason,
)
from .rules import GAME, RULES, SEED
from .state import (
    BattleRecord,
    BattleState,
    HandResult,
    PalaceState,
    Phase,
    PlayerState,
    PotMove,
    cards_in_play,
    is_over,
    out_player,
    palace_state,
    player,
    seats_of,
    to_act,
)
from .view import BattleView, PalaceView, SeatView, palace_view, table, view

__all__ = [
    "ACTION_TYPES",
    "BATTLE_ACTIONS",
    "GAME",
    "MOST_HANDS",
    "PALACE",
    "PLAYERS",
    "POT",
    "RULES",
    "SAMPLES",
    "SEED",
    "TURN_ACTIONS",
    "USUAL_PLAYERS",
    "WEIGHTS",
    "Action",
    "BannerDeal",
    "BannerStep",
    "Battle",
    "BattleOutcome",
    "BattleRecord",
    "BattleState",
    "BattleView",
    "Buy",
    "Call",
    "Chances",
    "DealerDraw",
    "Discard",
    "DiscardSoldiers",
    "Fold",
    "HandResult",
    "PalaceRules",
    "PalaceState",
    "PalaceView",
    "Pass",
    "Phase",
    "PlayerState",
    "PotMove",
    "Raise",
    "SeatView",
    "Side",
    "Stay",
    "ante",
    "ante_reason",
    "apply",
    "attack_bet_reason",
    "banner_group",
    "banner_reason",
    "battle_chances",
    "battle_reason",
    "battle_showdown",
    "bet_limits",
    "buy_reason",
    "call_amount",
    "call_reason",
    "can_apply",
    "can_battle",
    "can_buy",
    "can_call",
    "can_discard",
    "can_discard_soldiers",
    "can_fold",
    "can_pass",
    "can_raise",
    "can_stay",
    "cards_in_play",
    "choose_first_dealer",
    "coach",
    "counting_cards",
    "deal_banners",
    "deal_rows",
    "describe",
    "discard_reason",
    "draw_pile_reason",
    "ending_reason",
    "explain",
    "first_dealer_reason",
    "fold_reason",
    "hand_against",
    "hand_value",
    "is_over",
    "keep_reason",
    "legal_actions",
    "load_palace",
    "may_attack",
    "minimum_bet",
    "minimum_for",
    "minimum_reason",
    "new_hand",
    "next_seat_reason",
    "out_player",
    "outcome",
    "palace_state",
    "palace_view",
    "pass_reason",
    "play_random",
    "player",
    "position",
    "quiet_reason",
    "raise_limits",
    "raise_reason",
    "raise_size",
    "random_action",
    "random_player",
    "seat_names",
    "seats",
    "seats_of",
    "split_pot",
    "split_reason",
    "spoils_reason",
    "stakes_setting",
    "start",
    "stay_reason",
    "strength_player",
    "table",
    "target_reason",
    "to_act",
    "two_left",
    "unseen_cards",
    "verify_action",
    "verify_battle",
    "verify_buy",
    "verify_call",
    "verify_discard",
    "verify_discard_soldiers",
    "verify_fold",
    "verify_pass",
    "verify_raise",
    "verify_stay",
    "view",
]
