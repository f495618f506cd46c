"""The plain rules of play: every legal play, and the state after a play, worked out
straight from the rules of play with no memo, no shortcut and nothing kept between calls.

This is the specification.  The contract's :func:`~cardrules.casino.legal_actions` and
:func:`~cardrules.casino.apply` take the fast path (:mod:`cardrules.casino.plan`,
:mod:`cardrules.casino.step`, and :mod:`cardrules.casino.crowded` for crowded tables), and
a test holds them to this module on thousands of random and crowded positions: the same
legal plays, and the same next state.  The plain rules try the table's sets one by one,
so they are for tables of ordinary size (a table of 30 cards may allow millions of
captures, which the fast path counts without listing them).

The classic example of pagat.com's Casino: an 8 on a table of A, 2, 5, 6, 7, 8 takes
8 + 7A + 62 or 8 + 52A, never all six (and anything less, or trails):

>>> from cardrules.casino import describe, position
>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> len(plain_legal_actions(s)), describe(plain_legal_actions(s)[-1])
(10, 'trail 8♠')
>>> plain_apply(s, Capture("8S", "8D 7C AH")).loose
(Card('2♣'), Card('5♦'), Card('6♥'))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from ..cards import Card
from .actions import Build, Capture, Increase, Move, Trail
from .checks import verify_action
from .deal import redeal
from .outcome import end_round
from .reasons import play_rule
from .state import CasinoState, Phase, casino_state, played
from .table import TableBuild, build_of, covers, owned_values, partition, rest_of_hand
from .values import capture_values, card_code, sum_value, valued

SWEEP_NOTE = "A sweep: the table is empty, and the capturing card is kept face up."


# -- sets of a value -------------------------------------------------------------------------
def worth_alone(card: Card, v: int, royal: bool) -> bool:
    """Whether ``card`` on its own is a set of ``v``: a card of that value, or in Royal
    Casino an ace as 14 [casino.capture.numeral, casino.royal]."""
    return sum_value(card, royal) == v or (royal and v == 14 and sum_value(card, royal) == 1)


def adding_to(cards: tuple[Card, ...], total: int, royal: bool) -> Iterator[tuple[Card, ...]]:
    """Every choice of ``cards`` (numerals in card order) whose values add up to ``total``
    (the empty choice for 0), each once."""
    if total == 0:
        yield ()
        return
    for i, c in enumerate(cards):
        v = sum_value(c, royal)
        if 0 < v <= total:
            for rest in adding_to(cards[i + 1:], total - v, royal):
                yield (c, *rest)


def sets_of(loose: Iterable[Card], v: int, royal: bool) -> list[frozenset[Card]]:
    """Every set of loose cards worth ``v``: a card worth ``v`` alone, or two or more
    numerals adding up to ``v``.

    >>> from cardrules.cards import parse_cards
    >>> sorted(" ".join(map(str, sorted(s))) for s in sets_of(parse_cards("AH 2C 5D 7C 8D"), 8, False))
    ['8♦', 'A♥ 2♣ 5♦', 'A♥ 7♣']
    """
    numerals = tuple(sorted((c for c in loose if valued(c, royal)), key=card_code))
    out = {frozenset(s) for s in adding_to(numerals, v, royal) if len(s) > 1}
    out |= {frozenset((c,)) for c in numerals if worth_alone(c, v, royal)}
    return sorted(out, key=lambda s: sorted(map(card_code, s)))


def unions(sets: Iterable[frozenset[Card]]) -> list[frozenset[Card]]:
    """Every union of sets that share no card, each once (the empty union first): the
    table cards one capture or build may take, each card in one set only.

    >>> from cardrules.cards import parse_cards
    >>> a, b, c = (frozenset(parse_cards(x)) for x in ("8D", "7C AH", "5D 2C AH"))
    >>> [len(u) for u in unions([a, b, c])]
    [0, 1, 2, 3, 3, 4]
    """
    out: list[frozenset[Card]] = [frozenset()]
    seen = set(out)
    for s in sets:
        for u in list(out):
            if not u & s and (u | s) not in seen:
                seen.add(u | s)
                out.append(u | s)
    return out


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in card order, as a play names them."""
    return tuple(sorted(cards, key=card_code))


# -- the plays of one card ----------------------------------------------------------------------
def captures(state: CasinoState, card: Card) -> list[Capture]:
    """The captures ``card`` makes [casino.capture.face, casino.capture.numeral,
    casino.build.capture]: a face card of the base game takes one card of its rank; a
    numeral takes any non-empty union of sets of its value, or a build of its value with
    any such union; the player keeps a card for each other build they own
    [casino.build.owner]."""
    rules = state.rules
    royal = rules.royal
    rest = rest_of_hand(state.hand, card)
    owned = set(owned_values(state.builds, state.turn))
    if not valued(card, royal):
        if not covers(rest, owned, royal):
            return []
        return [Capture(card, (t,)) for t in state.loose if t.rank is card.rank]
    out = []
    for v in capture_values(card, royal):
        takes = unions(sets_of(state.loose, v, royal))
        if covers(rest, owned, royal):
            out += [Capture(card, in_order(u), value=v) for u in takes if u]
        if build_of(state.builds, v) is not None and covers(rest, owned - {v}, royal):
            out += [Capture(card, in_order(u), build=v, value=v) for u in takes]
    return out


def builds(state: CasinoState, card: Card) -> list[Build]:
    """The builds ``card`` makes, new ones and additions [casino.build,
    casino.build.multiple, casino.build.add]: for each value the rest of the hand holds a
    card of, the card's own set (the card alone when it is worth the value, or with loose
    cards adding up to the rest) and any union of other sets of that value; a new build
    takes at least one table card.  The builder keeps a card for every build they own
    after it [casino.build.owner]."""
    rules = state.rules
    royal = rules.royal
    if not valued(card, royal):
        return []
    rest = rest_of_hand(state.hand, card)
    owned = set(owned_values(state.builds, state.turn))
    cv = sum_value(card, royal)
    numerals = tuple(sorted((c for c in state.loose if valued(c, royal)), key=card_code))
    out = []
    for bv in range(1, rules.max_value + 1):
        if not covers(rest, owned | {bv}, royal):
            continue
        exists = build_of(state.builds, bv) is not None
        own: list[tuple[Card, ...]] = [()] if worth_alone(card, bv, royal) else []
        if bv > cv:
            own += [s for s in adding_to(numerals, bv - cv, royal) if s]
        table_sets = sets_of(numerals, bv, royal)
        found: dict[frozenset[Card], None] = {}  # each choice of table cards once, in order
        for mine in own:
            others = [s for s in table_sets if not s & set(mine)]
            found.update((u | set(mine), None) for u in unions(others))
        out += [Build(card, bv, in_order(t)) for t in found if t or exists]
    return out


def increases(state: CasinoState, card: Card) -> list[Increase]:
    """The increases ``card`` makes [casino.build.increase]: a single build raised by the
    card's value to a value the rest of the hand holds (10 at most, 14 in Royal Casino),
    taking in any loose cards each worth the new value on its own; the player then owns
    the new value and keeps a card for every build they own [casino.build.owner]."""
    rules = state.rules
    royal = rules.royal
    if not valued(card, royal):
        return []
    rest = rest_of_hand(state.hand, card)
    owned = set(owned_values(state.builds, state.turn))
    cv = sum_value(card, royal)
    out = []
    for b in state.builds:
        nv = b.value + cv
        if b.multiple or nv > rules.max_value:
            continue
        if not covers(rest, (owned - {b.value}) | {nv}, royal):
            continue
        joining = [c for c in in_order(state.loose) if worth_alone(c, nv, royal)]
        for k in range(1 << len(joining)):
            out.append(Increase(card, b.value, nv, tuple(
                c for i, c in enumerate(joining) if k >> i & 1)))
    return out


def trails(state: CasinoState, card: Card) -> list[Trail]:
    """Trailing ``card`` [casino.trail]: allowed unless the player owns a build (and the
    house rules keep an owner from trailing), and never the last card that captures a
    build they own [casino.build.owner]."""
    royal = state.rules.royal
    owned = owned_values(state.builds, state.turn)
    if owned and not state.rules.owner_may_trail:
        return []
    if not covers(rest_of_hand(state.hand, card), owned, royal):
        return []
    return [Trail(card)]


def plain_legal_actions(state: CasinoState) -> tuple[Move, ...]:
    """Every legal play of the player to move, each once: for each card in hand its
    captures, builds, increases, then trailing it; nothing once the round is over.

    >>> from cardrules.casino import describe, position
    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> for m in plain_legal_actions(s): print(describe(m))
    increase the build of 7 to 9 with 2♠
    increase the build of 7 to 9 with 2♠, taking in 9♦
    trail 2♠
    capture 9♦ with 9♣
    trail 9♣
    """
    state = casino_state(state, "plain_legal_actions")
    if state.phase is not Phase.PLAY:
        return ()
    plays: dict[Move, None] = {}  # a play found twice (an ace as 1 and as 14) counts once
    for card in state.hand:
        found: list[Move] = [*captures(state, card), *builds(state, card),
                             *increases(state, card), *trails(state, card)]
        for m in found:
            plays.setdefault(m)
    return tuple(plays)


# -- the state after a play ------------------------------------------------------------------
def plain_apply(state: CasinoState, move: Move) -> CasinoState:
    """The state after ``move``, checked by :func:`~cardrules.casino.verify_action`: the
    card leaves the hand and does what the play says; after the last card of a deal the
    next deal is dealt, and after the last card of the round the round is scored.

    >>> from cardrules.casino import position
    >>> t = plain_apply(position("2S 9C", "9D", builds=[(7, "3C 4D", 1)]),
    ...                 Increase("2S", 7, 9, ("9D",)))
    >>> [b.label(t.names) for b in t.builds], t.loose
    (['Build of 9 (multiple), owner North'], ())
    """
    verify_action(state, move)
    return play(state, move)


def play(state: CasinoState, move: Move) -> CasinoState:
    """The state after a legal ``move`` (not checked here: see :func:`plain_apply`)."""
    seat = state.turn
    card = move.card
    hands = list(state.hands)
    hands[seat] = rest_of_hand(state.hand, card)
    taken = set(move.loose) if not isinstance(move, Trail) else set()
    loose = tuple(c for c in state.loose if c not in taken)
    builds_now, piles, sweeps = state.builds, state.piles, state.sweeps
    last, said = state.last_capturer, ""
    if isinstance(move, Trail):
        loose += (card,)
    elif isinstance(move, Capture):
        got = (card, *move.loose)
        b = build_of(builds_now, move.build) if move.build is not None else None
        if b is not None:
            got += b.cards
            builds_now = tuple(x for x in builds_now if x is not b)
        piles = _with(piles, seat, piles[seat] + got)
        last = seat
        if not loose and not builds_now and state.rules.sweeps:
            sweeps = _with(sweeps, seat, sweeps[seat] + (card,))
            said = SWEEP_NOTE
    elif isinstance(move, Build):
        builds_now = _built(state, move)
    else:
        builds_now = _increased(state, move)
    nxt = replace(state, turn=(seat + 1) % state.players, hands=tuple(hands), loose=loose,
                  builds=builds_now, piles=piles, sweeps=sweeps, last_capturer=last,
                  record=played(state.record, state, play_rule(state, move), said, move))
    if any(nxt.hands):
        return nxt
    return redeal(nxt) if nxt.stock else end_round(nxt)


def _with(rows: tuple[tuple[Card, ...], ...], seat: int, row: tuple[Card, ...]
          ) -> tuple[tuple[Card, ...], ...]:
    return tuple(row if i == seat else r for i, r in enumerate(rows))


def _built(state: CasinoState, move: Build) -> tuple[TableBuild, ...]:
    """The builds after ``move``: a new build of its sets, or the sets added to the build
    of that value, which the player now owns [casino.build, casino.build.add]."""
    parts = partition((move.card, *move.loose), move.value, state.rules)
    assert parts is not None
    old = build_of(state.builds, move.value)
    if old is None:
        return (*state.builds, TableBuild(move.value, parts, state.turn))
    new = TableBuild(move.value, old.parts + parts, state.turn)
    return tuple(new if x is old else x for x in state.builds)


def _increased(state: CasinoState, move: Increase) -> tuple[TableBuild, ...]:
    """The builds after ``move``: the single build with the card on it, of the new value,
    with the loose cards taken in beside it and any build of that value joined to it
    [casino.build.increase]."""
    b = build_of(state.builds, move.build)
    assert b is not None
    parts = ((*b.parts[0], move.card), *((c,) for c in move.loose))
    builds_now = state.builds
    other = build_of(builds_now, move.value)
    if other is not None:
        parts = other.parts + parts
        builds_now = tuple(x for x in builds_now if x is not other)
    new = TableBuild(move.value, parts, state.turn)
    return tuple(new if x is b else x for x in builds_now)
