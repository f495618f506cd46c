"""The computer players of Casino Pontoon, and random play.

Each player is a pure function of a seat's view and an :class:`~cardrules.rng.Rng`.  The
dealer's seat leaves nothing to choose: every player, when the dealer is to act, draws or
stands by the dealer's rule of the table.  In a player's seat they differ:

- ``basic-strategy`` plays the engine's published strategy table for the table's rules
  (:mod:`.strategy`, the infinite-deck analysis) and never insures;
- ``dealer`` plays its hand as the dealer must play the dealer's;
- ``cautious`` stands as soon as the rules allow.
"""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from ..errors import IllegalAction
from ..game import Player, View, check_rng
from ..rng import Rng
from .actions import (
    Action,
    DealerDraw,
    DealerStand,
    Double,
    Hit,
    Insure,
    NoInsurance,
    Split,
    Stand,
)
from .apply import legal_actions
from .checks import max_insurance
from .profile import load_casino_pontoon  # noqa: F401  (doctests)
from .state import Phase, RoundState, round_state
from .strategy import Move, strategy_values
from .values import dealer_draws
from .view import CasinoPontoonView, casino_pontoon_view


def random_action(state: RoundState, rng: Rng) -> Action:
    """A legal action drawn with ``rng``; insurance, when taken, is any whole amount from 1
    to half the stake.

    >>> from cardrules.casino_pontoon import new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 8H KS"))
    >>> random_action(s, Rng(1)) in legal_actions(s)
    True
    """
    state = round_state(state, "random_action")
    rng = check_rng(rng)
    actions = legal_actions(state)
    if not actions:
        raise IllegalAction("casino-pontoon.rank", "The round is over: no action is legal.")
    action = rng.choice(actions)
    if isinstance(action, Insure):
        return Insure(rng.between(1, max_insurance(state)))
    return action


def dealer_rule(view: CasinoPontoonView) -> Action:
    """The dealer's play [casino-pontoon.dealer]: draw to 16 and on soft 17 where the
    table's dealer hits soft 17, else stand (five cards of 21 or less stop the dealer
    where the table gives the dealer five card tricks).  Only for the dealer's turn,
    when every dealer card is face up.

    >>> from cardrules.casino_pontoon import Stand, apply, new_round, view as seat_view
    >>> s = apply(new_round(load_casino_pontoon(), [10], parse_cards("KC 6D 8H AS")), Stand())
    >>> dealer_rule(seat_view(s, "Dealer"))   # soft 17: this table's dealer hits it
    DealerDraw()
    """
    view = casino_pontoon_view(view)
    cards = tuple(c for c in view.dealer if c is not None)
    if view.phase is not Phase.DEALER or len(cards) != len(view.dealer):
        raise IllegalAction("casino-pontoon.dealer", "The dealer plays only after every player "
                            "hand is finished, with the hole card turned.")
    return DealerDraw() if dealer_draws(cards, view.rules) else DealerStand()


_ACTIONS: dict[Move, Action] = {Move.STAND: Stand(), Move.HIT: Hit(), Move.DOUBLE: Double(),
                                Move.SPLIT: Split()}


def basic_strategy(view: View[Action], rng: Rng) -> Action:
    """The strategy table's move for the hand in play against the dealer's up card (the
    best legal move of the infinite-deck analysis for the table's rules); never insure;
    in the dealer's seat, the dealer's rule.

    >>> from cardrules.casino_pontoon import new_round, view as seat_view
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("AC 6D 7H 9S"))
    >>> basic_strategy(seat_view(s, "Seat 1"), Rng(1))   # soft 18 against a 6: double
    Double()
    """
    v = casino_pontoon_view(view)
    if v.phase is Phase.INSURANCE:
        return NoInsurance()
    if v.phase is Phase.DEALER or v.hand_row is None:
        return dealer_rule(v)
    values = strategy_values(v.rules, v.hand, v.up_card, v.doubled, v.from_split)
    for move in sorted(values, key=lambda m: -values[m]):
        if _ACTIONS[move] in v.legal:
            return _ACTIONS[move]
    return Hit()  # pragma: no cover - a hand in play may always hit


def dealer_play(view: View[Action], rng: Rng) -> Action:
    """The dealer's rule in every seat: the dealer's own play in the dealer's seat; in a
    player's seat, hit to 16 and on soft 17 where the table's dealer does, else stand;
    never insure, double or split.

    >>> from cardrules.casino_pontoon import new_round, view as seat_view
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("AC 6D 6H 9S"))
    >>> dealer_play(seat_view(s, "Seat 1"), Rng(1))   # soft 17: the dealer hits it
    Hit()
    """
    v = casino_pontoon_view(view)
    if v.phase is Phase.INSURANCE:
        return NoInsurance()
    if v.phase is Phase.DEALER or v.total is None:
        return dealer_rule(v)
    hits = v.total < 17 or (v.total == 17 and v.soft and v.rules.dealer_hits_soft_17)
    return Hit() if hits or Stand() not in v.legal else Stand()


def cautious(view: View[Action], rng: Rng) -> Action:
    """Stand as soon as the rules allow (15 or more), else hit; never insure, double or
    split; in the dealer's seat, the dealer's rule.

    >>> from cardrules.casino_pontoon import new_round, view as seat_view
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("KC 6D 5H 9S"))
    >>> cautious(seat_view(s, "Seat 1"), Rng(1))
    Stand()
    """
    v = casino_pontoon_view(view)
    if v.phase is Phase.INSURANCE:
        return NoInsurance()
    if v.phase is Phase.DEALER or v.hand_row is None:
        return dealer_rule(v)
    return Stand() if Stand() in v.legal else Hit()


#: the computer players; the first is the table's default
PLAYERS: tuple[Player[Action], ...] = (
    Player("basic-strategy", "Basic strategy",
           "Plays the engine's strategy table for the table's rules (the infinite-deck "
           "analysis): hits, stands, doubles or splits as the table says for the hand against "
           "the dealer's up card, and never insures. In the dealer's seat it draws to 16 and "
           "on soft 17 where the table's dealer does, and stands otherwise.", basic_strategy),
    Player("dealer", "The dealer's rule",
           "Draws to 16 and on soft 17 where the table's dealer does, and stands on anything "
           "higher: in the dealer's seat that is the house's own play, and in a player's seat "
           "it plays the hand the same way, never insuring, doubling or splitting.",
           dealer_play),
    Player("cautious", "Stands at 15",
           "Stands as soon as the rules allow (on 15 or more) and hits otherwise, never "
           "insuring, doubling or splitting. In the dealer's seat it draws to 16 and on soft "
           "17 where the table's dealer does, and stands otherwise.", cautious),
)
