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

The package's modules: ``rules`` (the catalog text), ``profile``, ``deal`` (first dealer,
banners, palace cards, set-up positions), ``battles`` (bet sizes, counting cards, the
battle showdown), ``state`` (the state and the actions), ``checks`` (``verify_`` and
``can_``), ``play`` (legal actions, apply), ``explain``, ``randplay`` (random play),
``settle`` (the outcome) and ``table`` (rows for pictures and the book).
"""

from __future__ import annotations

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
from .deal import (
    USUAL_PLAYERS,
    BannerDeal,
    BannerStep,
    DealerDraw,
    banner_group,
    choose_first_dealer,
    deal_banners,
    new_hand,
    position,
    seat_names,
    start,
)
from .explain import (
    explain,
)
from .play import (
    apply,
    legal_actions,
)
from .profile import (
    PalaceRules,
    ante,
    load_palace,
)
from .randplay import (
    play_random,
    random_action,
)
from .rules import (
    GAME,
    RULES,
    SEED,
)
from .settle import (
    POT,
    outcome,
)
from .state import (
    BATTLE_ACTIONS,
    TURN_ACTIONS,
    Action,
    Battle,
    BattleRecord,
    BattleState,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    HandResult,
    PalaceState,
    Pass,
    Phase,
    PlayerState,
    PotMove,
    Raise,
    Stay,
    cards_in_play,
    is_over,
    out_player,
    player,
    to_act,
)
from .table import (
    deal_rows,
    table,
)

__all__ = [
    "BATTLE_ACTIONS",
    "GAME",
    "POT",
    "RULES",
    "SEED",
    "TURN_ACTIONS",
    "USUAL_PLAYERS",
    "Action",
    "BannerDeal",
    "BannerStep",
    "Battle",
    "BattleOutcome",
    "BattleRecord",
    "BattleState",
    "Buy",
    "Call",
    "DealerDraw",
    "Discard",
    "DiscardSoldiers",
    "Fold",
    "HandResult",
    "PalaceRules",
    "PalaceState",
    "Pass",
    "Phase",
    "PlayerState",
    "PotMove",
    "Raise",
    "Side",
    "Stay",
    "ante",
    "apply",
    "banner_group",
    "battle_showdown",
    "bet_limits",
    "call_amount",
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
    "counting_cards",
    "deal_banners",
    "deal_rows",
    "explain",
    "hand_value",
    "is_over",
    "legal_actions",
    "load_palace",
    "may_attack",
    "minimum_bet",
    "minimum_for",
    "new_hand",
    "out_player",
    "outcome",
    "play_random",
    "player",
    "position",
    "raise_limits",
    "raise_size",
    "random_action",
    "seat_names",
    "split_pot",
    "start",
    "table",
    "to_act",
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
]
