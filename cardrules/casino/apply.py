"""The contract's legal plays and apply, on the fast path.

:func:`legal_actions` is a lazy collection
(:class:`~cardrules.casino.listing.CasinoActions`); :func:`apply` checks a play and takes
the fast step (:mod:`cardrules.casino.step`).  A play the collection made for this very
state carries where it is in the state's plan
(:attr:`~cardrules.casino.actions.Capture.listed`, with the key of the state's own fast
table, which no other state has): it is legal, and where it is is known.  Any other play is
checked against the position's plan when the fast path plans it
(:func:`~cardrules.casino.locate.locate`), else by the checks of
:mod:`cardrules.casino.checks`.  Nothing is remembered from one call to the next: what the
fast path knows of a state it carries in the state (its ``fast`` table).  The plain rules,
:func:`~cardrules.casino.plain.plain_legal_actions` and
:func:`~cardrules.casino.plain.plain_apply`, are the specification both are held to.
"""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401  (doctests)
from .actions import Build, Capture, Increase, Move, Trail
from .checks import verify_action
from .deal import position  # noqa: F401  (doctests)
from .explain import describe  # noqa: F401  (doctests)
from .listing import CasinoActions
from .locate import locate
from .state import CasinoState, casino_state
from .step import fast_play

_KINDS = (Trail, Capture, Build, Increase)


def legal_actions(state: CasinoState) -> CasinoActions:
    """Every distinct legal play of the player to move, each exactly once, as a lazy
    collection (see :class:`~cardrules.casino.listing.CasinoActions`).  Empty when the
    round or game is over.

    The classic example of pagat.com's Casino: a 7-build of 3+4 and a loose 9, with 2 and 9
    in hand.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> for m in legal_actions(s): print(describe(m))
    increase the build of 7 to 9 with 2♠
    increase the build of 7 to 9 with 2♠, taking in 9♦
    trail 2♠
    capture 9♦ with 9♣
    trail 9♣
    """
    if type(state) is not CasinoState:
        state = casino_state(state, "legal_actions")
    return CasinoActions(state)


def apply(state: CasinoState, move: Move) -> CasinoState:
    """The state after ``move``; the old state is unchanged.  Illegal moves raise
    IllegalAction with the rule id.  After the last play of a round the residue goes
    to the last capturer and the round is scored.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> t = apply(s, Increase("2S", 7, 9, ("9D",)))
    >>> [b.label(t.names) for b in t.builds], t.loose
    (['Build of 9 (multiple), owner North'], ())
    """
    if type(state) is not CasinoState:
        state = casino_state(state, "apply")
    t = state.fast
    listed = move.listed if type(move) in _KINDS else None
    if listed is not None and t is not None and listed[0] is t.key:
        return fast_play(state, move, listed[1:])  # listed for this very state: legal
    where = locate(state, move)
    if where is None:
        verify_action(state, move)
    return fast_play(state, move, where)
