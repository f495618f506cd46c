"""Casino, the fishing game, and Royal Casino.

Players take turns playing one card from hand to capture table cards, to make
or change a build, or to trail it onto the table.  The engine offers every
distinct legal play exactly once, each a frozen value object that says what it
captures or builds and the value announced, so a learner's claimed play can be
checked against it.

The classic example of pagat.com's Casino: an 8 on a table of A, 2, 5, 6, 7, 8 takes either
8 + 7A + 62 or 8 + 52A, never all six.

>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> [cards_text(m.loose) for m in largest_captures(s, parse_card("8S"))]
['A♥ 2♣ 6♥ 7♣ 8♦', 'A♥ 2♣ 5♦ 8♦']
>>> print(explain(s, Capture("8S", ("8D", "7C", "AH", "6H", "2C"))))
North plays 8♠ and captures 8♦, 7♣+A♥ and 6♥+2♣: a numeral takes table cards of its own rank and sets of cards adding up to its value, each card in one set only. [rule casino.capture.numeral]

A build is announced by its value, and the builder must hold a card of that
value.  With A and 2 on the table and 3, 3, 6 in hand, a 3 may capture A+2,
build 6, or build "threes"; it may not build 4 or 5:

>>> s = position("3C 3D 6H", "AS 2D")
>>> sorted(describe(m) for m in legal_actions(s) if m.card == parse_card("3C"))
['build 3 with 3♣ and A♠ 2♦', 'build 6 with 3♣ and A♠ 2♦', 'capture A♠ 2♦ with 3♣', 'trail 3♣']
>>> apply(s, Build("3C", 4, ("AS",)))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: You announce "building 4" but hold no other card of 4: your hand after playing 3♣ is 3♦ 6♥. [rule casino.build]

The legal plays are a lazy collection: a crowded table answers at once, however many
captures it allows, and a capture can be chosen card by card (:func:`capture_options`).

>>> s = position("10C 4S 4D JC", "AC AD AH AS 2C 2H 2S 3C 3H 4C 4H 5C 5D 5H 5S 6C 6D "
...              "6H 6S 7C 7D 7H 7S 8H 8S 9S 10D 10S")
>>> len(legal_actions(s)) > 10**6, Capture("10C", "10D") in legal_actions(s)
(True, True)

The plain rules (:mod:`.plain`) are the specification of the legal plays and of the next
state; the contract's :func:`legal_actions` and :func:`apply` take the fast path, which a
test holds to the plain rules:

>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> set(plain_legal_actions(s)) == set(legal_actions(s))
True

The game contract's object is :data:`CASINO` (``cardrules.game.get("casino")``).  The
package has the layout of every game: :mod:`.rules` (the catalog), :mod:`.profile`,
:mod:`.state`, :mod:`.actions`, :mod:`.deal`, :mod:`.checks`, :mod:`.apply`,
:mod:`.explain`, :mod:`.outcome` (the end of a round, its score and the outcome),
:mod:`.view`, :mod:`.players`, :mod:`.coach` (a one-move look-ahead) and :mod:`.game`; beside them what is Casino's own:
:mod:`.values` (card values and codes), :mod:`.table` (builds and the arithmetic of sets),
:mod:`.reasons` (why a play is legal, in words), :mod:`.plain` (the plain rules),
:mod:`.fast`, :mod:`.masks`, :mod:`.plan` and :mod:`.step` (the fast path),
:mod:`.sets` and :mod:`.crowded` (crowded tables, counted), :mod:`.listing` (the lazy
collection of plays), :mod:`.picking` (a capture picked card by card) and
:mod:`.lessons` (helpers for the book and the quizzes).
"""

from __future__ import annotations

from ..cards import Card, cards_text, parse_card, parse_cards
from ..profiles import load_rules
from ..rng import Rng
from .actions import ACTION_TYPES, Action, Build, Capture, Increase, Move, Trail
from .apply import apply, legal_actions
from .builder import (
    BUILDER,
    Pick,
    addable,
    item_text,
    offers,
    pick_step,
    pick_summary,
    picked_plays,
    play_label,
    start_pick,
)
from .checks import (
    can_apply,
    can_build,
    can_capture,
    can_increase,
    can_trail,
    verify_action,
    verify_build,
    verify_capture,
    verify_increase,
    verify_trail,
)
from .coach import CasinoAdvice, coach
from .deal import (
    deal_rows,
    deals_per_round,
    new_game,
    next_round,
    position,
    seats,
    start,
)
from .explain import describe, explain
from .game import CASINO
from .lessons import captures_with, largest_captures, play_randomly, table_rows
from .listing import CasinoActions
from .outcome import end_round, game_result, outcome, score_piles, score_round
from .picking import capture_options
from .plain import plain_apply, plain_legal_actions
from .players import PLAYERS, greedy, greedy_move, random_action, random_play
from .profile import CasinoRules, load_casino
from .rules import GAME, RULES, SEED
from .state import (
    Award,
    CasinoState,
    Event,
    Phase,
    Record,
    RoundScore,
    cards_in_play,
    is_over,
    seat_names,
    seats_of,
    side_names,
    side_of,
    sides_of,
    to_act,
)
from .table import COMPASS as SEATS
from .table import TableBuild, partition
from .values import BIG_CASINO, LITTLE_CASINO, card_values
from .view import CasinoView, view
from .working import (
    build_capture_reason,
    capture_reason,
    deals_reason,
    first_player_reason,
    game_reason,
    keeps_reason,
    makes_reason,
    most_reason,
    owns_reason,
    raise_reason,
    residue_reason,
    sets_reason,
    single_over_reason,
    sweep_reason,
    tally_reason,
    trail_reason,
)

__all__ = [
    "ACTION_TYPES",
    "BIG_CASINO",
    "BUILDER",
    "CASINO",
    "GAME",
    "LITTLE_CASINO",
    "PLAYERS",
    "RULES",
    "SEATS",
    "SEED",
    "Action",
    "Award",
    "Build",
    "Capture",
    "Card",
    "CasinoActions",
    "CasinoAdvice",
    "CasinoRules",
    "CasinoState",
    "CasinoView",
    "Event",
    "Increase",
    "Move",
    "Phase",
    "Pick",
    "Record",
    "Rng",
    "RoundScore",
    "TableBuild",
    "Trail",
    "addable",
    "apply",
    "can_apply",
    "can_build",
    "can_capture",
    "can_increase",
    "can_trail",
    "capture_options",
    "captures_with",
    "card_values",
    "cards_in_play",
    "cards_text",
    "coach",
    "deal_rows",
    "deals_per_round",
    "describe",
    "end_round",
    "explain",
    "game_result",
    "greedy",
    "greedy_move",
    "is_over",
    "item_text",
    "largest_captures",
    "legal_actions",
    "load_casino",
    "load_rules",
    "new_game",
    "next_round",
    "offers",
    "outcome",
    "parse_card",
    "parse_cards",
    "partition",
    "pick_step",
    "pick_summary",
    "picked_plays",
    "plain_apply",
    "plain_legal_actions",
    "play_label",
    "play_randomly",
    "position",
    "random_action",
    "random_play",
    "score_piles",
    "score_round",
    "seat_names",
    "seats",
    "seats_of",
    "side_names",
    "side_of",
    "sides_of",
    "start",
    "start_pick",
    "table_rows",
    "to_act",
    "verify_action",
    "verify_build",
    "verify_capture",
    "verify_increase",
    "verify_trail",
    "view",
]

# the working of a case, as records (:mod:`.working`)
__all__ += [
    "build_capture_reason",
    "capture_reason",
    "deals_reason",
    "first_player_reason",
    "game_reason",
    "keeps_reason",
    "makes_reason",
    "most_reason",
    "owns_reason",
    "raise_reason",
    "residue_reason",
    "sets_reason",
    "single_over_reason",
    "sweep_reason",
    "tally_reason",
    "trail_reason",
]
