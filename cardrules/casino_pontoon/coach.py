"""The Casino Pontoon coach: what hitting, standing, doubling, splitting and insurance are
worth for the hand to play, from the engine's exact analysis of the table's shoe.

The hand's moves come from the composition-dependent analysis of the finite shoe
(:func:`~cardrules.casino_pontoon.strategy.shoe_model`): the exact cards of the hand and
the dealer's up card are taken out of the profile's shoe, every later card is drawn
from what is left, and the dealer's peek (no pontoon) is allowed for.  It is fast enough
for every hand (each model is built once per rules and up card), so the coach never
falls back to the infinite deck.  Insurance is worth what the hole card's chances say,
over every card the seat has not seen.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..cards import Card, shoe
from ..coach import (
    Advice,
    Figure,
    Measure,
    Method,
    advise,
    not_your_turn,
    nothing_to_advise,
    table_rules,
)
from ..game import View
from ..profiles import Profile
from ..rng import Rng
from .actions import Action, Double, Hit, Insure, NoInsurance, Split, Stand
from .profile import CasinoPontoonRules
from .state import Phase
from .strategy_core import Move
from .strategy_exact import ShoeModel, shoe_model, split_model
from .values import card_value
from .view import CasinoPontoonView, casino_pontoon_view

_MOVES: dict[type, Move] = {Hit: Move.HIT, Stand: Move.STAND, Double: Move.DOUBLE,
                            Split: Move.SPLIT}
_WORDS = {Move.HIT: ("hit", "hitting"), Move.STAND: ("stand", "standing"),
          Move.DOUBLE: ("double", "doubling"), Move.SPLIT: ("split", "splitting")}


def move_values(view: View[Action]) -> dict[Move, float]:
    """The expected net win of each move the hand to play may make, per chip of its stake
    now, given the dealer has no pontoon (he has peeked, where the rules peek): the
    engine's finite-shoe analysis for the hand's exact cards and the up card, as
    :func:`~cardrules.casino_pontoon.strategy.shoe_move` plays it.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import load_casino_pontoon, new_round, view
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("10S 10C 6D 9H"))
    >>> v = move_values(view(s, "Seat 1"))
    >>> {m.value: round(x, 4) for m, x in v.items()}
    {'stand': -0.5412, 'hit': -0.5952, 'double': -1.1904}
    """
    v = casino_pontoon_view(view)
    model, split_from, hand = _models(v)
    joint = dict(model.moves(hand, v.doubled, not v.from_split or v.rules.split_pontoon))
    out = {m: x / model.no_pontoon(_removed(model, hand)) for m, x in joint.items()}
    if split_from is not None and Split() in v.legal:
        top = shoe_model(v.rules, _up(v))
        out[Move.SPLIT] = top.split(split_from) / top.no_pontoon((split_from, split_from))
    return out


def _up(v: CasinoPontoonView) -> int | None:
    return None if v.up_card is None else card_value(v.up_card)


def _removed(model: ShoeModel, hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(hand + model.extra))


def _models(v: CasinoPontoonView) -> tuple[ShoeModel, int | None, tuple[int, ...]]:
    """The model of the hand's moves (the split hand's model after a split), the pair's
    value when the hand is a pair, and the hand's values, sorted."""
    hand = tuple(sorted(card_value(c) for c in v.hand))
    up = _up(v)
    model = (split_model(v.rules, up, card_value(v.hand[0])) if v.from_split
             else shoe_model(v.rules, up))
    pair = hand[0] if len(hand) == 2 and hand[0] == hand[1] else None
    return model, pair, hand


def ten_chance(view: View[Action]) -> Fraction:
    """The exact chance that the dealer's hole card is a ten-card, over every card of the
    shoe the seat has not seen (every player's cards lie face up, and the up card).

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import load_casino_pontoon, new_round, view
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("10S AD 10C 5H"))
    >>> ten_chance(view(s, "Seat 1"))
    Fraction(94, 309)
    """
    v = casino_pontoon_view(view)
    unseen = _unseen(v)
    return Fraction(sum(k for c, k in unseen.items() if card_value(c) == 10),
                    sum(unseen.values()))


def _unseen(v: CasinoPontoonView) -> Counter[Card]:
    """Every card of the shoe the seat does not see (the hole card among them)."""
    out = Counter(shoe(v.rules.decks))
    out.subtract(c for row in v.rows for c in row.shown)
    return +out


def coach(view: View[Action], rng: Rng | None = None, *,
          rules: Profile | None = None) -> Advice[Action]:
    """The coach's advice for the Casino Pontoon seat to act: each move the hand may make
    (hit, stand, double, split) with its expected net win per chip of the hand's stake,
    from the engine's finite-shoe analysis (:func:`move_values`); or, while insurance is
    offered, each insurance bet's expected win in chips (:func:`ten_chance`).  ``rng``
    is not used (every figure is exact); the view carries the table's rules (``rules``,
    when given, must be the same).

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.casino_pontoon import load_casino_pontoon, new_round, view
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("10S 10C 6D 9H"))
    >>> a = coach(view(s, "Seat 1"))
    >>> a.best, a.cost_text(Hit())
    ((Stand(),), 'Hitting costs 5.4% of your stake here; stand.')
    >>> a.precision
    'exact, this 6-deck shoe less your cards and the up card'
    """
    v = casino_pontoon_view(view)
    table_rules(v, rules, CasinoPontoonRules, "Casino Pontoon")
    if not v.my_turn:
        return not_your_turn(v)
    if v.phase is Phase.INSURANCE:
        return _insurance(v)
    if v.phase is not Phase.PLAY or v.hand_row is None:
        return nothing_to_advise("casino-pontoon", v.seat, "The dealer plays by the rules: "
                                 "there is nothing to decide.", unvalued=tuple(v.legal))
    values = move_values(v)
    valued: list[tuple[Action, Figure, str, str]] = []
    for a in v.legal:
        m = _MOVES.get(type(a))
        if m is not None and m in values:
            valued.append((a, values[m], *_WORDS[m]))
    r = v.rules
    shown = "" if v.up_card is None else " and the up card"
    notes = [f"Each figure is the average net win per chip of the hand's stake now, played "
             f"on at its best, from the {r.decks}-deck shoe less your cards{shown}: the "
             "engine's composition-dependent analysis, worked out in floating point. The "
             "other cards on the table are not counted."]
    if v.up_card is None or card_value(v.up_card) in (1, 10):
        notes.append("The dealer has checked for a pontoon and has none: the figures allow "
                     "for that.")
    if any(isinstance(a, Split) for a, *_ in valued) or v.from_split:
        notes.append("A split hand is valued against the shoe less the pair, not less the "
                     "cards the other split hands draw: the engine's usual post-split "
                     "approximation.")
    return advise("casino-pontoon", v.seat, valued, Measure.STAKE, Method.EXACT,
                  f"exact, this {r.decks}-deck shoe less your cards{shown}", notes=notes)


def _insurance(v: CasinoPontoonView) -> Advice[Action]:
    p = ten_chance(v)
    per_chip = 3 * p - 1  # 2 to 1 on a pontoon, the insurance lost otherwise
    valued: list[tuple[Action, Figure, str, str]] = []
    for a in v.legal:
        if isinstance(a, NoInsurance):
            valued.append((a, Fraction(0), "decline insurance", "declining insurance"))
        elif isinstance(a, Insure):
            valued.append((a, a.amount * per_chip, f"insure for {a.amount}",
                           f"insuring for {a.amount}"))
    notes = [f"The hole card is a ten-card {float(p):.1%} of the time ({p.numerator} of the "
             f"{p.denominator} cards you have not seen): each chip insured wins 2 then, and "
             f"is lost otherwise, so it is worth {float(per_chip):+.4f} chips.",
             "The figures are the insurance bet's alone: your hand plays the same either way."]
    return advise("casino-pontoon", v.seat, valued, Measure.CHIPS, Method.EXACT,
                  "exact over the cards you have not seen", notes=notes)

