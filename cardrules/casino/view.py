"""What a seat sees of a game of Casino.

The table's loose cards and builds lie face up, seen by everyone [casino.deal,
casino.build]; each player sees their own hand only, and of the others' hands how many
cards they hold; the pack is face down.  Captured cards are put face down in their
taker's pile (the seed's "paneb need näoga allapoole kuhja"), so no seat sees a pile's
cards, its own included, only how many it holds, except the capturing cards of sweeps,
which are kept face up in the pile to count them [casino.sweep].

>>> from cardrules.casino import new_game
>>> v = view(new_game(seed=1), "South")
>>> [row.label for row in v.rows], v.my_turn, len(v.legal) > 0
(['Table', "South's hand", 'North', 'Pack', "North's captures", "South's captures"], True, True)
>>> view(new_game(seed=1), "North").rows[2].cards
(None, None, None, None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..cards import Card
from ..game import Row, SetupError, View, check_seat
from .actions import Move
from .apply import legal_actions
from .deal import deals_per_round
from .profile import CasinoRules
from .state import CasinoState, Phase, casino_state, to_act
from .table import TableBuild


@dataclass(frozen=True, kw_only=True)
class CasinoView(View[Move]):
    """A seat's view of a game of Casino: the table face up, the seat's own hand, and of
    everything face down only how many cards there are.  ``legal`` are the seat's legal
    plays when it is to play (a lazy collection, worked out from the seat's hand and the
    table alone)."""

    #: the rules of the game (Royal Casino, sweeps, the owner's trail...)
    rules: CasinoRules
    #: the seats' names, clockwise from the first dealer
    names: tuple[str, ...]
    #: this seat's place among ``names``
    me: int
    #: the cards this seat holds
    hand: tuple[Card, ...]
    #: the loose cards on the table, face up
    loose: tuple[Card, ...]
    #: the builds on the table, face up, with their owners
    builds: tuple[TableBuild, ...]
    #: how many cards each seat holds
    hand_sizes: tuple[int, ...]
    #: how many cards are left in the pack
    stock: int
    #: how many cards each seat has captured (face down)
    captured: tuple[int, ...]
    #: each seat's sweeps: the capturing cards kept face up in its pile
    sweeps: tuple[tuple[Card, ...], ...]
    #: the seat that captured last (it takes the cards left at the end), or None
    last_capturer: int | None
    #: the seat that dealt this round
    dealer: int
    #: the round and the deal in it
    round: int
    deal: int
    #: the scoring sides (players, or two partnerships) and their game totals
    sides: tuple[str, ...]
    scores: tuple[int, ...]


def view(state: CasinoState, seat: str) -> CasinoView:
    """What ``seat`` (one of the state's seats) sees; only the seat to play has legal
    plays.

    >>> from cardrules.casino import new_game
    >>> v = view(new_game(seed=1), "North")
    >>> v.hand == new_game(seed=1).hands[0], v.legal, v.stock
    (True, (), 40)
    >>> view(new_game(seed=1), "Dealer")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: There is no seat 'Dealer' at this Casino table; the seats are North, South.
    """
    state = casino_state(state, "view")
    names = state.names
    seat = check_seat(seat, names, "Casino")
    me = names.index(seat)
    who = to_act(state)
    over = state.phase is not Phase.PLAY
    return CasinoView(
        game="casino", seat=seat, to_act=who, over=over, rows=_rows(state, me),
        legal=legal_actions(private_position(state, me)) if who == seat else (),
        status=_status(state, who), rules=state.rules, names=names, me=me,
        hand=state.hands[me], loose=state.loose, builds=state.builds,
        hand_sizes=tuple(len(h) for h in state.hands), stock=len(state.stock),
        captured=tuple(len(p) for p in state.piles), sweeps=state.sweeps,
        last_capturer=state.last_capturer, dealer=state.dealer, round=state.round,
        deal=state.deal, sides=state.sides, scores=state.scores)


def private_position(state: CasinoState, seat: int) -> CasinoState:
    """The position as ``seat`` knows it: its own hand and the table, with every card it
    may not see left out (the other hands, the pack, the piles, the record).  Its legal
    plays are those of the game: they depend on the player's hand and the table alone.

    >>> from cardrules.casino import new_game
    >>> s = new_game(seed=1)
    >>> p = private_position(s, 1)
    >>> p.hands[0], p.stock, p.hands[1] == s.hands[1]
    ((), (), True)
    """
    n = state.players
    return replace(state, hands=tuple(h if i == seat else () for i, h in enumerate(state.hands)),
                   stock=(), piles=((),) * n, sweeps=((),) * n, record=None)


def _rows(state: CasinoState, me: int) -> tuple[Row, ...]:
    """The table, the seat's own hand, the others' hands face down, the pack face down,
    then each seat's captures (face down but for the sweeps)."""
    names = state.names
    rows = [Row("Table", state.loose)]
    rows += [Row(b.label(names), b.cards, owner=names[b.owner]) for b in state.builds]
    rows.append(Row(f"{names[me]}'s hand", state.hands[me], owner=names[me]))
    rows += [Row(names[i], (None,) * len(h), owner=names[i])
             for i, h in enumerate(state.hands) if i != me]
    rows.append(Row("Pack", (None,) * len(state.stock)))
    for i, pile in enumerate(state.piles):
        shown = state.sweeps[i]
        rows.append(Row(f"{names[i]}'s captures",
                        (*shown, *(None,) * (len(pile) - len(shown))), owner=names[i]))
    return tuple(rows)


def _status(state: CasinoState, who: str | None) -> str:
    if who is None:
        sides = ", ".join(f"{s} {p}" for s, p in zip(state.sides, state.scores, strict=True))
        if state.phase is Phase.GAME_OVER and state.winner is not None:
            return f"The game is over: {state.sides[state.winner]} wins ({sides})."
        return f"Round {state.round} is over: the game stands {sides}."
    deals = deals_per_round(state.players)
    return (f"Round {state.round}, deal {state.deal} of {deals}: {who} to play; "
            f"{len(state.stock)} cards left in the pack.")


def casino_view(view: View[Move]) -> CasinoView:
    """A view narrowed to Casino's own, for the computer players.

    >>> casino_view(View(game="banco", seat="Ann", to_act=None, over=True, rows=()))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Casino player needs a Casino view; got one of banco.
    """
    if not isinstance(view, CasinoView):
        raise SetupError(f"A Casino player needs a Casino view; got one of "
                         f"{getattr(view, 'game', type(view).__name__)}.")
    return view
