"""Pontoon, the British home game with a banker, and its variant Shoot Pontoon.

The package follows the game contract of :mod:`cardrules.game` (its object is
:data:`PONTOON`, ``cardrules.game.get("pontoon")``) in the layout of every game:
:mod:`.rules` (the catalog), :mod:`.profile`, :mod:`.state` (the deal as a state),
:mod:`.actions`, :mod:`.deal` (the table, the pack, the cut for the first bank, ``seats``,
``start``), :mod:`.checks` (``verify_``/``can_``), :mod:`.apply` (legal actions,
``apply``, the next deal), :mod:`.explain`, :mod:`.outcome` (settlement and the outcome),
:mod:`.view` (what each seat sees), :mod:`.players` (random play and the computer
players) and :mod:`.game`; beside them :mod:`.values` (card values, ranks and buying
prices), :mod:`.coach` (what sticking, twisting and buying are worth) and :mod:`.reasons`
(the working of each decision, as :mod:`cardrules.reasons` records).  Everything public is
importable from here.

Aces count 1 or 11 at the holder's choice, court cards and tens 10, the rest
their pips.  A hand's value is its best total of 21 or less:

>>> from cardrules.cards import parse_cards
>>> hand_value(parse_cards("AS 9D")), hand_value(parse_cards("AS 9D 5C")), low_total(parse_cards("AS 9D"))
(20, 15, 10)

Hands rank pontoon, five card trick, 21 in three or four cards, lower totals,
bust; :func:`classify` gives a rank that compares with ``<`` and ``>``:

>>> hands = ["9S 6D AC", "AS JD", "9H 8C 4S", "7S 3D 4H 2C 2S", "9D AH"]
>>> [str(classify(parse_cards(h))) for h in sorted(hands, key=lambda h: classify(parse_cards(h)), reverse=True)]
['pontoon', 'five card trick (18)', '21 in 3 cards', '20', '16']

Buying a card costs between the initial stake and twice it for the 3rd card,
then between the initial stake and what was paid for the card before:

>>> buy_range(100, ()), buy_range(100, (175,)), buy_range(100, (175, 120))
((100, 200), (100, 175), (100, 120))

A whole deal is a state that actions move on.  The pack is part of the state,
dealt from the top, so a deal replays exactly from its cards or its seed:

>>> rules = load_pontoon("pontoon")
>>> pack = arrange_pack([parse_cards("9S 7D")], parse_cards("10C 6H"), parse_cards("2D 5S"))
>>> s = new_deal(rules, ["Ben", "Ann"], banker="Ben", pack=pack)
>>> s = apply(s, Stake(20))
>>> s.players[0].hands[0].cards, legal_actions(s)
((Card('9♠'), Card('7♦')), (Buy(amount=20), Buy(amount=40), Twist(), Stick()))
>>> s = apply(s, Buy(30))
>>> s = apply(s, Stick())
>>> s = apply(s, BankerDraw())
>>> s.banker_cards, s.phase
((Card('10♣'), Card('6♥'), Card('5♠')), <Phase.OVER: 'over'>)
>>> [str(p) for p in settlement(s).payments]
["Ann pays Ben 50: Ann's 18 against the banker's 21 in 3 cards: on 21 the banker pays only pontoons and five card tricks; Ann pays the stake, 50. [pontoon.settle.banker-21]"]

Anyone can start a game the contract's way: with no seats named, five sit down and
the first banker is chosen by the highest cut (ties cut again); with seats named, the
first of them banks.  The outcome is one line per payment:

>>> g = start(rules, seed=7)
>>> g.banker, to_act(g)
('Dev', 'Eva')
>>> start(rules, seed=7, seats=["Ann", "Ben", "Cleo"]).banker
'Ann'
>>> g = random_play(g, Rng(7))
>>> is_over(g), outcome(g).balanced, len(cards_in_play(g))
(True, True, 52)

Each seat sees only what the rules show it: once the second cards are dealt, Dev, the
banker, sees his own cards but not Eva's, and Eva sees hers but not his:

>>> s = start(rules, seed=7)
>>> for _ in s.players:
...     s = apply(s, Stake(10))
>>> for row in view(s, "Dev").rows[::4] + view(s, "Eva").rows[::4]:
...     print(row.label, row.cards)
Eva: stake 10 (None, None)
Dev (banker): 17 (Card('A♥'), Card('6♠'))
Eva: stake 10, counts 10 or 20 (Card('9♣'), Card('A♠'))
Dev (banker) (None, None)
>>> [p.name for p in PLAYERS]
['sensible', 'cautious', 'bold']

A refused action names its rule, carries the numbers of the case and leaves
the state as it was:

>>> s = new_deal(rules, ["Ben", "Ann"], banker="Ben", pack=pack)
>>> apply(s, Stake(500))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: Ann's stake must be between the agreed minimum, 10, and maximum, 100; 500 is too much. [rule pontoon.stakes]
"""

from __future__ import annotations

from ..cards import cards_text
from ..rng import Rng
from .actions import (
    ACTION_TYPES,
    BANKER_MOVES,
    BETWEEN_DEALS,
    PLAYER_MOVES,
    Action,
    BankerDraw,
    BankerStay,
    Buy,
    Declare,
    NextDeal,
    SellBank,
    Shoot,
    Split,
    Stake,
    Stick,
    TopUp,
    Twist,
)
from .apply import amount_of, amount_range, apply, legal_actions, next_deal
from .checks import (
    can_apply,
    can_banker_draw,
    can_banker_stay,
    can_buy,
    can_declare,
    can_next_deal,
    can_sell_bank,
    can_shoot,
    can_split,
    can_stake,
    can_stick,
    can_top_up,
    can_twist,
    shoot_room,
    verify_action,
    verify_banker_draw,
    verify_banker_stay,
    verify_buy,
    verify_declare,
    verify_next_deal,
    verify_sell_bank,
    verify_shoot,
    verify_split,
    verify_stake,
    verify_stick,
    verify_top_up,
    verify_twist,
)
from .coach import (
    BANKER_STAYS_ON,
    PlayedHand,
    Unseen,
    banker_chances,
    banker_finals,
    coach,
    hand_values,
    played_hand,
    unseen,
    values_of,
)
from .deal import (
    FIRST_BANKER_SEATS,
    Cut,
    FirstBanker,
    arrange_pack,
    choose_first_banker,
    cut_rank,
    deal_rows,
    full_pack,
    kitty_range,
    new_deal,
    play_order,
    seats,
    start,
)
from .explain import describe, explain, narrate, profile_summary, why
from .game import PONTOON
from .outcome import Settlement, hand_rows, lowest_paid, outcome, settlement
from .players import (
    PLAYERS,
    bold,
    cautious,
    random_action,
    random_play,
    sensible,
    sensible_action,
    sensible_play,
)
from .profile import PontoonRules, load_pontoon
from .reasons import (
    BANKER,
    BANKER_HAND,
    banker_draw_reason,
    banker_pontoon_reason,
    banker_reason,
    between_deals_reason,
    bought_reason,
    bust_reason,
    buy_range_reason,
    buy_reason,
    class_reason,
    cut_reason,
    declare_reason,
    hand_class,
    hand_of,
    kitty_reason,
    kitty_settle_reason,
    lowest_paid_reason,
    next_banker_reason,
    next_deal_reason,
    pontoon_chance_reason,
    settle_reason,
    shoot_room_reason,
    split_reason,
    stake_parts,
    stake_reason,
    stick_reason,
    turns_reason,
    value_reason,
    versus_reason,
)
from .rules import GAME, R1, RULES, SEED
from .state import (
    KITTY,
    DealState,
    Hand,
    HandStatus,
    Payment,
    Phase,
    Player,
    cards_in_play,
    held_cards,
    is_over,
    seats_of,
    to_act,
)
from .values import (
    HandKind,
    HandRank,
    buy_range,
    buy_range_text,
    card_points,
    classify,
    hand_value,
    is_pontoon,
    is_soft,
    is_ten_card,
    low_total,
    ordinal,
    pontoon_probability,
    value_text,
)
from .view import PontoonView, SeenHand, banker_view, view

__all__ = [
    "ACTION_TYPES",
    "BANKER",
    "BANKER_HAND",
    "BANKER_MOVES",
    "BANKER_STAYS_ON",
    "BETWEEN_DEALS",
    "FIRST_BANKER_SEATS",
    "GAME",
    "KITTY",
    "PLAYERS",
    "PLAYER_MOVES",
    "PONTOON",
    "R1",
    "RULES",
    "SEED",
    "Action",
    "BankerDraw",
    "BankerStay",
    "Buy",
    "Cut",
    "DealState",
    "Declare",
    "FirstBanker",
    "Hand",
    "HandKind",
    "HandRank",
    "HandStatus",
    "NextDeal",
    "Payment",
    "Phase",
    "PlayedHand",
    "Player",
    "PontoonRules",
    "PontoonView",
    "Rng",
    "SeenHand",
    "SellBank",
    "Settlement",
    "Shoot",
    "Split",
    "Stake",
    "Stick",
    "TopUp",
    "Twist",
    "Unseen",
    "amount_of",
    "amount_range",
    "apply",
    "arrange_pack",
    "banker_chances",
    "banker_draw_reason",
    "banker_finals",
    "banker_pontoon_reason",
    "banker_reason",
    "banker_view",
    "between_deals_reason",
    "bold",
    "bought_reason",
    "bust_reason",
    "buy_range",
    "buy_range_reason",
    "buy_range_text",
    "buy_reason",
    "can_apply",
    "can_banker_draw",
    "can_banker_stay",
    "can_buy",
    "can_declare",
    "can_next_deal",
    "can_sell_bank",
    "can_shoot",
    "can_split",
    "can_stake",
    "can_stick",
    "can_top_up",
    "can_twist",
    "card_points",
    "cards_in_play",
    "cards_text",
    "cautious",
    "choose_first_banker",
    "class_reason",
    "classify",
    "coach",
    "cut_rank",
    "cut_reason",
    "deal_rows",
    "declare_reason",
    "describe",
    "explain",
    "full_pack",
    "hand_class",
    "hand_of",
    "hand_rows",
    "hand_value",
    "hand_values",
    "held_cards",
    "is_over",
    "is_pontoon",
    "is_soft",
    "is_ten_card",
    "kitty_range",
    "kitty_reason",
    "kitty_settle_reason",
    "legal_actions",
    "load_pontoon",
    "low_total",
    "lowest_paid",
    "lowest_paid_reason",
    "narrate",
    "new_deal",
    "next_banker_reason",
    "next_deal",
    "next_deal_reason",
    "ordinal",
    "outcome",
    "play_order",
    "played_hand",
    "pontoon_chance_reason",
    "pontoon_probability",
    "profile_summary",
    "random_action",
    "random_play",
    "seats",
    "seats_of",
    "sensible",
    "sensible_action",
    "sensible_play",
    "settle_reason",
    "settlement",
    "shoot_room",
    "shoot_room_reason",
    "split_reason",
    "stake_parts",
    "stake_reason",
    "start",
    "stick_reason",
    "to_act",
    "turns_reason",
    "unseen",
    "value_reason",
    "value_text",
    "values_of",
    "verify_action",
    "verify_banker_draw",
    "verify_banker_stay",
    "verify_buy",
    "verify_declare",
    "verify_next_deal",
    "verify_sell_bank",
    "verify_shoot",
    "verify_split",
    "verify_stake",
    "verify_stick",
    "verify_top_up",
    "verify_twist",
    "versus_reason",
    "view",
    "why",
]
