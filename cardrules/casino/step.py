"""The fast path's next state: a legal play applied to a state and its
:class:`~cardrules.casino.fast.FastTable`, which is worked out a card at a time for the
next state and carried in it.

It does what :func:`cardrules.casino.plain.play` does (a test holds the two to the same
next state on thousands of positions), with the table in numbers and the next state made
from its fields at once (:func:`~cardrules.casino.state.make_state`).
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import is_not, not_

from ..cards import Card
from .actions import Build, Capture, Increase, Move, Trail
from .deal import redeal
from .fast import positions, with_trail, without
from .masks import GETTERS
from .masks import getter as take
from .outcome import end_round
from .plain import SWEEP_NOTE, play
from .state import CasinoState, Record, make_state
from .table import TableBuild, build_of, code_of, parts_of
from .values import FACE_CODE

_made = tuple.__new__  # a named tuple from its fields at once (no Python-level __new__)

#: where a play is in its position's plan: its card's place in the hand, and the bit mask
#: of the table cards it takes (over the fast table's ``cards``)
Where = tuple[int, int]


def fast_play(state: CasinoState, move: Move, where: Where | None = None) -> CasinoState:
    """The state after a legal ``move`` (not checked here: :func:`cardrules.casino.apply`
    checks it first), ``where`` it is in the position's plan when it has been located
    there (:func:`~cardrules.casino.locate.locate`, or the play's own
    :attr:`~cardrules.casino.actions.Capture.listed`).  A position made by hand that the
    fast path does not keep (see :class:`~cardrules.casino.fast.FastTable`) is played by
    the plain rules.

    >>> from cardrules.casino import Capture, position
    >>> t = fast_play(position("8S 3D", "AH 7C 5D"), Capture("8S", "7C AH"))
    >>> t.loose, t.piles[0], t.fast.vals
    ((Card('5♦'),), (Card('8♠'), Card('A♥'), Card('7♣')), (5,))
    """
    t = state.fast
    if t is None or not t.regular:
        return play(state, move)
    seat = state.turn
    hands = state.hands
    hand = hands[seat]
    if where is None:
        at = _held_at(hand, move.card)
        mask = 0 if isinstance(move, Trail) else positions(t, move.loose)
    else:
        at, mask = where
    card = hand[at]  # the hand's own card
    rest = hand[:at] + hand[at + 1:]
    hv = t.hand_vals
    mine = hv[seat]
    if seat:
        new_hands = (*hands[:seat], rest, *hands[seat + 1:])
        hand_vals = (*hv[:seat], mine[:at] + mine[at + 1:], *hv[seat + 1:])
    else:
        new_hands = (rest, *hands[1:])
        hand_vals = (mine[:at] + mine[at + 1:], *hv[1:])
    fields = state.__dict__.copy()
    fields["turn"] = (seat + 1) % len(hands)
    fields["hands"] = new_hands
    if isinstance(move, Trail):
        fields["loose"] = (*state.loose, card)
        fields["fast"] = with_trail(t, card, state.rules.royal, hand_vals)
        fields["record"] = _made(Record, (state.record, seat, "casino.trail", "", move, (),
                                          state.builds))
    else:
        taken = (GETTERS.get(mask) or take(mask))(t.cards)  # the table's own cards
        loose = state.loose
        if len(taken) == len(loose):
            fields["loose"] = ()
        elif len(taken) == 1:
            fields["loose"] = tuple(compress(loose, map(is_not, loose, repeat(taken[0]))))
        else:
            ids = set(map(id, taken))
            fields["loose"] = tuple(compress(loose, map(not_, map(ids.__contains__,
                                                                   map(id, loose)))))
        fields["fast"] = without(t, mask, hand_vals)
        kept: tuple[Card, ...] = hand  # the hand a build's sentence reads (see Record)
        said = ""
        if isinstance(move, Capture):
            rule_id, said = _captured(state, move, card, taken, fields)
            kept = ()
        elif isinstance(move, Build):
            rule_id = _built(state, card, taken, move, fields)
        else:
            assert isinstance(move, Increase)
            rule_id = _increased(state, card, taken, move, fields)
        fields["record"] = _made(Record, (state.record, seat, rule_id, said, move, kept,
                                          state.builds))
    nxt = make_state(fields)
    if rest or any(new_hands):
        return nxt
    return redeal(nxt) if nxt.stock else end_round(nxt)


def _held_at(hand: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` is in the hand: the very object (a play the engine made), else the
    first card equal to it."""
    for i, c in enumerate(hand):
        if c is card:
            return i
    return hand.index(card)


def _captured(state: CasinoState, move: Capture, card: Card, taken: tuple[Card, ...],
              fields: dict[str, object]) -> tuple[str, str]:
    """A capture's piles, builds, last capturer and sweep, into ``fields``; its rule and
    note [casino.capture.numeral, casino.capture.face, casino.build.capture, casino.sweep]."""
    seat = state.turn
    got = (card, *taken)
    builds = state.builds
    if move.build is not None:
        b = build_of(builds, move.build)
        assert b is not None
        got += b.cards
        builds = tuple([x for x in builds if x is not b])
        fields["builds"] = builds
        rule_id = "casino.build.capture"
    elif state.rules.royal or code_of(card) < FACE_CODE:
        rule_id = "casino.capture.numeral"
    else:
        rule_id = "casino.capture.face"
    piles = state.piles
    fields["piles"] = (*piles[:seat], piles[seat] + got, *piles[seat + 1:])
    fields["last_capturer"] = seat
    said = ""
    if not fields["loose"] and not builds and state.rules.sweeps:
        sweeps = state.sweeps
        fields["sweeps"] = (*sweeps[:seat], sweeps[seat] + (card,), *sweeps[seat + 1:])
        said = SWEEP_NOTE
    return rule_id, said


def _built(state: CasinoState, card: Card, taken: tuple[Card, ...], move: Build,
           fields: dict[str, object]) -> str:
    """A build's builds, into ``fields``, and its rule [casino.build,
    casino.build.multiple, casino.build.add]."""
    parts = parts_of((card, *taken), move.value, state.rules.royal)
    assert parts is not None
    old = build_of(state.builds, move.value)
    if old is None:
        fields["builds"] = (*state.builds, TableBuild(move.value, parts, state.turn))
        return "casino.build" if len(parts) == 1 else "casino.build.multiple"
    new = TableBuild(move.value, old.parts + parts, state.turn)
    fields["builds"] = tuple([new if x is old else x for x in state.builds])
    return "casino.build.add"


def _increased(state: CasinoState, card: Card, taken: tuple[Card, ...], move: Increase,
               fields: dict[str, object]) -> str:
    """An increase's builds, into ``fields``, and its rule [casino.build.increase]."""
    b = build_of(state.builds, move.build)
    assert b is not None
    parts = ((*b.parts[0], card), *((c,) for c in taken))
    builds = state.builds
    other = build_of(builds, move.value)
    if other is not None:
        parts = other.parts + parts
        builds = tuple([x for x in builds if x is not other])
    new = TableBuild(move.value, parts, state.turn)
    fields["builds"] = tuple([new if x is b else x for x in builds])
    return "casino.build.increase"
