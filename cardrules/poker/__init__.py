"""Poker hands: the ranking, the best hand from 5 to 9 cards, and a fast evaluator.

For the book (the hand-ranking primer in the Palace Poker chapter)
-------------------------------------------------------------------
- Rules to show in ``{rule}`` directives: ``poker.rank`` (the ranking),
  ``poker.best-five`` (best five of 5 to 9 cards), ``poker.excluded-suit`` (cards
  of one suit do not count) and ``poker.fewer-than-five`` (the short hand; it has a
  house reading).
- ``best_hand("AS KD 5C 5H KC")`` gives a :class:`Hand`; ``str(hand)`` or
  ``hand.name`` is its name, ``hand.category`` its :class:`Category`,
  ``hand.cards`` the cards used, best first (draw them with ``show_cards``).
  Hands compare with ``<``, ``==``, ``max``; suits never break a tie.
- ``category_counts()`` gives the number of five-card hands of each category (out
  of 2,598,960), ``distinct_strengths()`` the number of different strengths in each
  (7,462 in all); both are computed by evaluating every hand (about a second,
  then cached).  ``ranking_table()`` gives the primer's table in one call: for each
  category, highest first, a ``RankingRow`` with ``.category``, ``.example`` (a
  ``Hand``: ``.example.cards`` to draw, ``.example.name``), ``.ways``,
  ``.probability`` and ``.strengths``; feed it to ``html_table``.
- Numbers worth quoting, all from the engine: 2,598,960 hands, 7,462 strengths,
  the wheel (A-2-3-4-5, "straight, five high") is the lowest straight, and the
  steel wheel (the same in one suit) the lowest straight flush.
- Reading to show as a note (from ``poker.fewer-than-five``): a hand of fewer than
  five counting cards makes no straight or flush, and a missing kicker counts below
  a two (K-K-A-9 loses to K-K-A-9-2, beats K-K-A-8-7); no card left is the empty
  hand, ``"no cards"``, which loses to everything.
- Quizzes (``quizzes/generators/poker.py``, default profile ``poker``):
  ``"poker.rank.name"`` (name this hand), ``"poker.rank.which-wins"``,
  ``"poker.rank.categories"``, ``"poker.best-five.pick"``, ``"poker.best-five.name"``,
  ``"poker.excluded-suit.best"``, ``"poker.fewer-than-five.which-wins"``.

The ranking, highest first: straight flush, four of a kind, full house, flush,
straight, three of a kind, two pair, pair, high card.  Aces are high, and also
low in the wheel A-2-3-4-5, the lowest straight:

>>> h = best_hand("KS KD 5C 5H AC")
>>> h.category, str(h)
(<Category.TWO_PAIR: 'two pair'>, 'two pair, kings and fives, ace kicker')
>>> best_hand("AS 2D 3C 4H 5S").name
'straight, five high'
>>> best_hand("AS 2D 3C 4H 5S") < best_hand("2S 3D 4C 5H 6S")
True

From more cards, the best five count; with ``exclude_suit`` the cards of that
suit do not count, and fewer than five cards left make a shorter hand:

>>> best_hand("7S 7D 7C 2H 2S 9D 4C").name
'full house, sevens full of twos'
>>> best_hand("7S 7D 7C 2H 2S 9D 4C", exclude_suit=Suit.SPADES).name
'pair, sevens, nine, four and two kickers'
>>> best_hand("KS KH 9D 3C AH 2H 8H", exclude_suit="hearts").name
'high card, king, nine and three'

Suits never rank: equal hands tie.

>>> best_hand("AS KS 9D 7C 4H") == best_hand("AD KH 9C 7S 4D")
True

The strength of a hand is one number, from 1 (7-5-4-3-2) to 7462 (a royal flush):
:func:`strength` gives it for 5 to 7 cards in one table lookup (the tables are built
on first use, about 80,000 entries), the fast way to compare many hands;
:func:`evaluate5` for exactly five; ``Hand.strength`` is the same number.

>>> strength(parse_cards("7S 7D 7C 2H 2S 9D 4C")) == best_hand("7S 7D 7C 2H 2S 9D 4C").strength
True

The package: ``rules`` (the catalog entries), ``ranking`` (categories, names, the
readable :func:`classify` and the five-card tables), ``lookup`` (:func:`strength`),
``hand`` (:class:`Hand`, :func:`hand_of`, :func:`best_hand`) and ``counts`` (every
five-card hand counted, the primer's table).
"""

from __future__ import annotations

from ..cards import Suit, parse_cards
from .counts import (
    EXAMPLES,
    RankingRow,
    category_counts,
    distinct_strengths,
    five_card_histogram,
    ranking_table,
)
from .hand import EMPTY_HAND, Hand, best_hand, evaluate5, hand_of
from .lookup import build_tables, strength, table_size
from .ranking import (
    ACE_HIGH,
    STRENGTHS,
    Category,
    card_code,
    classify,
    evaluate_codes,
    hand_name,
    poker_value,
    strength_class,
)
from .reasons import category_reason, hand_reason, order_reason
from .rules import RULES, SEED, PokerRules

__all__ = [
    "ACE_HIGH",
    "EMPTY_HAND",
    "EXAMPLES",
    "RULES",
    "SEED",
    "STRENGTHS",
    "Category",
    "Hand",
    "PokerRules",
    "RankingRow",
    "Suit",
    "best_hand",
    "build_tables",
    "card_code",
    "category_counts",
    "category_reason",
    "classify",
    "distinct_strengths",
    "evaluate5",
    "evaluate_codes",
    "five_card_histogram",
    "hand_name",
    "hand_of",
    "hand_reason",
    "order_reason",
    "parse_cards",
    "poker_value",
    "ranking_table",
    "strength",
    "strength_class",
    "table_size",
]
