"""The Palace Poker coach: the chance of winning a battle against each player one may
attack (or, attacked, the chance of winning it by calling), from what the seat sees.

The seat sees every banner and every soldier, and its own palace cards; the opponent's
palace is three of the cards it does not see (the others' palaces, the draw pile and
the discard pile), every three of them equally likely.  The coach deals the opponent
each possible palace and settles the battle by the engine's rules: each side's best hand
without the other's banner suit (:func:`~cardrules.palace.battles.hand_value`), then the
cards of one's own banner suit [palace.battle.call] [palace.battle.tie].  A palace card
of the seat's own banner suit counts for neither hand nor tie-break of the opponent, so
the palaces that differ only in such cards are settled once and counted as many times
as there are of them.

Every palace is enumerated while the work stays small (:data:`MOST_HANDS` hands to
value); beyond that, when an :class:`~cardrules.rng.Rng` is given, :data:`SAMPLES`
palaces are drawn for each opponent and the advice says so.  Without an Rng every
figure is exact.  The chance counts only the battle's cards: whether the opponent
calls, and what the battle costs in chips, are left to the player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

from ..cards import Card, Suit, standard_deck
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
from ..game import SetupError, View, check_rng
from ..poker import Hand, best_hand, hand_of
from ..profiles import Profile
from ..rng import Rng
from .actions import Action, Battle, Call, Raise
from .battles import hand_value
from .profile import PalaceRules
from .state import Phase
from .view import PalaceView, palace_view

#: the most opponents' hands the coach values exactly for one advice (every table of two
#: to ten players without soldiers needs at most about 35,000); more are sampled when an
#: Rng is given
MOST_HANDS = 40_000
#: how many palaces are drawn for each opponent when the figures are sampled
SAMPLES = 2_000


@dataclass(frozen=True)
class Chances:
    """The chances of a battle against one opponent, if it comes to the showdown: win,
    tie (both out, or the pot split when they are the last two) and lose; ``samples``
    is how many palaces were drawn (None: every palace was counted)."""

    opponent: str
    win: Fraction
    tie: Fraction
    lose: Fraction
    samples: int | None = None


def unseen_cards(view: View[Action]) -> tuple[Card, ...]:
    """The cards of the pack the seat does not see: every other palace, the draw pile and
    the discard pile.

    >>> from cardrules.palace import load_palace, player, position, view
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> len(unseen_cards(view(s, "Ann")))
    46
    """
    v = palace_view(view)
    seen = {c for row in v.rows for c in row.shown}
    return tuple(c for c in standard_deck() if c not in seen)


def _side(v: PalaceView, name: str) -> tuple[tuple[Card, ...], Suit]:
    """A player's cards the seat sees and banner suit."""
    suit = v.player(name).suit
    if suit is None:
        raise SetupError(f"{name} is out of the hand: there is no battle with them.")
    return v.known(name), suit


def _palaces(unseen: Sequence[Card], my_suit: Suit
             ) -> list[tuple[tuple[Card, ...], int]]:
    """Every palace the opponent may hold, as its cards that can count (those not of the
    seat's banner suit) and how many palaces share them."""
    mine = sum(c.suit is my_suit for c in unseen)
    other = [c for c in unseen if c.suit is not my_suit]
    out: list[tuple[tuple[Card, ...], int]] = []
    for k in range(4):
        times = comb(mine, 3 - k)
        if times:
            out += [(part, times) for part in combinations(other, k)]
    return out


def _work(v: PalaceView, opponents: Sequence[str]) -> int:
    """How many opponents' hands an exact advice values."""
    unseen = unseen_cards(v)
    my_suit = _side(v, v.seat)[1]
    other = sum(c.suit is not my_suit for c in unseen)
    groups = sum(comb(other, k) for k in range(4))
    return groups * len(opponents)


def battle_chances(view: View[Action], opponent: str, rng: Rng | None = None,
                   samples: int | None = None) -> Chances:
    """The seat's chances in a battle with ``opponent`` that comes to the showdown, over
    every palace the opponent may hold (or ``samples`` of them drawn with ``rng``).

    >>> from cardrules.palace import load_palace, player, position, view
    >>> s = position(load_palace(), [player("Ann", "KS", "KH KD 4C", "9S 9C"),
    ...                               player("Bob", "QD", "5C 6C 7C", "2H")])
    >>> c = battle_chances(view(s, "Ann"), "Bob")
    >>> c.win + c.tie + c.lose, float(c.win) > 0.99
    (Fraction(1, 1), True)
    """
    v = palace_view(view)
    mine, my_suit = _side(v, v.seat)
    known, their_suit = _side(v, opponent)
    if opponent == v.seat or their_suit is my_suit:
        raise SetupError(f"{v.seat} has no battle with {opponent}: a battle is between two "
                         "players of different banner suits.")
    if any(c is not None for c in v.palace(opponent)):
        raise SetupError(f"{v.seat} sees {opponent}'s palace: there is nothing to guess.")
    my_hand = hand_value(mine, their_suit)
    my_count = sum(c.suit is my_suit for c in mine)
    their_count = sum(c.suit is their_suit for c in known)
    counting = tuple(c for c in known if c.suit is not my_suit)
    unseen = unseen_cards(v)
    if samples is None:
        cases = _palaces(unseen, my_suit)
    else:
        rng = check_rng(rng)
        cases = [(tuple(c for c in rng.sample(unseen, 3) if c.suit is not my_suit), 1)
                 for _ in range(samples)]
    wins = ties = total = 0
    for palace, times in cases:
        cards = palace + counting  # what counts of the opponent's: hand_value, unchecked
        theirs = hand_of(cards) if len(cards) < 5 else best_hand(cards)
        total += times
        if my_hand != theirs:
            wins += times * (my_hand > theirs)
            continue
        count = their_count + sum(c.suit is their_suit for c in palace)
        if my_count == count:
            ties += times
        else:
            wins += times * (my_count > count)
    return Chances(opponent, Fraction(wins, total), Fraction(ties, total),
                   Fraction(total - wins - ties, total), samples)


def coach(view: View[Action], rng: Rng | None = None, *, rules: Profile | None = None,
          most_hands: int = MOST_HANDS, samples: int = SAMPLES) -> Advice[Action]:
    """The coach's advice for the Palace Poker seat to act: on its turn, its chance of
    winning a battle against each player it may attack, if the battle comes to the
    showdown (the bet does not change it); attacked or raised, its chance of winning the
    battle by calling.  Every palace the opponent may hold is counted, or, when that
    is more than ``most_hands`` hands and ``rng`` is given, ``samples`` palaces are drawn
    for each opponent.  The view carries the table's rules (``rules``, when given, must
    be the same).

    >>> from cardrules.palace import load_palace, player, position, view
    >>> s = position(load_palace(), [player("Ann", "KS", "JH JD 4C"), player("Bob", "QH", "5C 6C 7D"),
    ...                               player("Cy", "JC", "8C 9C 10S")])
    >>> a = coach(view(s, "Ann"))
    >>> a.best, a.precision
    ((Battle(target='Cy', amount=5),), 'exact over every palace they may hold')
    >>> a.cost_text(Battle("Bob", 5))
    'Attacking Bob wins 48.2 points less often here; attack Cy.'
    """
    v = palace_view(view)
    table_rules(v, rules, PalaceRules, "Palace Poker")
    if not v.my_turn:
        return not_your_turn(v)
    legal = tuple(v.legal)
    targets: dict[str, Action] = {}
    unvalued: tuple[Action, ...]
    if v.phase is Phase.TURN:
        least: dict[str, Battle] = {}
        for a in legal:
            if isinstance(a, Battle) and (a.target not in least
                                          or a.amount < least[a.target].amount):
                least[a.target] = a
        unvalued = tuple(a for a in legal if not isinstance(a, Battle))
        if not least:
            return nothing_to_advise("palace", v.seat, "There is nobody to attack: the coach "
                                     "values battles.", unvalued=legal)
        words = {name: (f"attack {name}", f"attacking {name}") for name in least}
        targets.update(least)
    elif v.phase in (Phase.DEFEND, Phase.ANSWER) and v.battle is not None and Call() in legal:
        b = v.battle
        other = b.attacker if v.seat == b.defender else b.defender
        targets[other] = Call()
        words = {other: ("call", "calling")}
        unvalued = tuple(a for a in legal if not isinstance(a, Call))
    else:
        return nothing_to_advise("palace", v.seat, "The coach values battles: there is none "
                                 "to choose here.", unvalued=legal)
    sampled = rng is not None and _work(v, list(targets)) > most_hands
    chances = {name: battle_chances(v, name, rng, samples if sampled else None)
               for name in targets}
    valued: list[tuple[Action, Figure, str, str]] = [
        (targets[name], chances[name].win, *words[name]) for name in targets]
    notes = [f"Each figure is the chance of winning the battle with {c.opponent} if it comes "
             f"to the showdown: win {float(c.win):.1%}, tie {float(c.tie):.1%}, lose "
             f"{float(c.lose):.1%}." for c in chances.values()]
    notes.append("The chance counts only the cards; whether the other side folds, passes or "
                 "calls, and what the battle costs, are left to you.")
    if any(isinstance(a, Raise) for a in unvalued):
        notes.append("A raise is not valued: the other side may pass rather than call it.")
    if sampled:
        precision = f"sampled, {samples:,} palaces a defender"
        notes.append(f"The figures are sampled: {samples:,} palaces were drawn for each "
                     f"player (a figure's standard error is at most {50 / sqrt(samples):.1f} "
                     "points).")
    else:
        precision = "exact over every palace they may hold"
    notes.append("Every palace of three of the cards you cannot see is taken as equally "
                 "likely; cards you saw discarded as soldiers are not remembered.")
    return advise("palace", v.seat, valued, Measure.CHANCE,
                  Method.SAMPLED if sampled else Method.EXACT, precision,
                  samples=samples if sampled else None, notes=notes, unvalued=unvalued)


def hand_against(view: View[Action], opponent: str) -> Hand:
    """The seat's own best hand against ``opponent``: all its cards, without the
    opponent's banner suit (as a battle counts them).

    >>> from cardrules.palace import load_palace, player, position, view
    >>> s = position(load_palace(), [player("Ann", "KS", "JH JD 4C"), player("Bob", "QH", "5C 6C 7D")])
    >>> hand_against(view(s, "Ann"), "Bob").name
    'high card, king, jack and four'
    """
    v = palace_view(view)
    return hand_value(_side(v, v.seat)[0], _side(v, opponent)[1])
