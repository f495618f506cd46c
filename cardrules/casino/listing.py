"""Listing the plays of a small table, fast, and applying a play.

While the table is small (see :mod:`cardrules.casino.legal`), listing every play is
cheap, and faster than counting them: :func:`list_plays` works on the table in numbers
(a *shadow* of the state, which :func:`_play` keeps up to date from one state to the next)
and on the value arithmetic of :mod:`cardrules.casino._fast`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from ..cards import Card, Rank
from . import _fast
from .deal import (
    _DECK,
    _redeal,
    position,  # noqa: F401  (doctests)
)
from .explain import describe  # noqa: F401  (doctests)
from .state import (
    _BASE_VALUE,
    _RANK_POS,
    _ROYAL_VALUE,
    _SUIT_POS,
    Build,
    Capture,
    CasinoState,
    Increase,
    Move,
    Phase,
    Record,
    TableBuild,
    Trail,
    _card_order,
)
from .table import _covers_vals, partition

_LAYOUT_MAX = 12  # builds of more cards are grouped by partition()
# Two one-entry caches, keyed by the identity of an immutable state (which they keep
# alive, so an entry is never mistaken for another state's):
# - _SHADOW: the state most recently seen, in numbers (see _shadow), which _play keeps up
#   to date for the state it returns, so that listing its plays starts from there;
# - _LAST_MOVES: the last position listed, with its plays, so that ``apply`` knows that a
#   play handed straight back from ``legal_moves`` (the very same object) is legal without
#   checking it again.  Its flag says the shortcut is safe: no card twice on the table and
#   no two builds of one value (positions made by hand may break either; play never does).
_Shadow = tuple[tuple[int, ...], tuple[int, ...], tuple[Card, ...], tuple[int, ...], int,
                tuple[tuple[int, ...], ...], bool]
_SHADOW: tuple[object, _Shadow] = (None, ((), (), (), (), 0, (), True))
_LAST_MOVES: tuple[object, tuple[Move, ...], bool] = (None, (), False)
_FACE_CODE = _RANK_POS[Rank.JACK.value]  # the codes of the jacks, queens and kings start here
_NO_BUILDS: frozenset[int] = frozenset()
_new = object.__new__
_set_dict = object.__setattr__


def _shadow(state: CasinoState) -> _Shadow:
    """The state in numbers: the codes (``_card_order``) of the loose cards in their order;
    the codes and the cards of the table in card order, the values of the first of them
    that have one (in the base game the numerals, which come first; in Royal Casino all)
    and their count code (see _casino_fast); the values of each hand; and whether no card
    is twice on the table."""
    global _SHADOW
    last = _SHADOW
    if last[0] is state:
        return last[1]
    loose = state.loose
    rank_pos, suit_pos = _RANK_POS, _SUIT_POS
    try:
        lcodes = tuple([rank_pos[c.rank._value_] + suit_pos[c.suit._value_] for c in loose])
    except AttributeError:
        for c in loose:
            _card_order(c)  # raises the TypeError that names the stranger
        raise
    if len(loose) > 1:
        order = sorted(range(len(loose)), key=lcodes.__getitem__)
        tcodes = tuple([lcodes[i] for i in order])
        tcards = tuple([loose[i] for i in order])
    else:
        tcodes, tcards = lcodes, loose
    n = len(tcodes) if state.rules.royal else bisect_left(tcodes, _FACE_CODE)
    vals = tuple([k >> 2 for k in tcodes[:n]])
    sh = (lcodes, tcodes, tcards, vals, _fast.count_code(vals), _hand_values(state),
          len(set(lcodes)) == len(lcodes))
    _SHADOW = (state, sh)
    return sh


def _hand_values(state: CasinoState) -> tuple[tuple[int, ...], ...]:
    values = _ROYAL_VALUE if state.rules.royal else _BASE_VALUE
    return tuple(tuple([values[c.rank._value_] for c in h]) for h in state.hands)


# A play, or a run of plays of one card and kind: (kind, card, value, build, masks, table
# cards), the kinds being _CAPTURE, _BUILD, _CAPTURE_BUILD (capturing the build of value)
# and _INCREASE (raising the build of ``build`` to value).
Part = Move | tuple[int, Card, int, int, Sequence[int], tuple[Card, ...]]
_CAPTURE, _BUILD, _CAPTURE_BUILD, _INCREASE = range(4)


def plan_plays(state: CasinoState) -> tuple[list[Part], int, bool] | None:
    """The plays of :func:`list_plays`, in the same order, as runs of bit masks that are
    made into plays only when asked for (:func:`part_play`): the parts, how many plays they
    hold, and whether the position is regular.  None when the round is over.

    >>> parts, n, _ = plan_plays(position("8S 3D", "AH 2C 5D 6H 7C 8D"))
    >>> n == len(list_plays(position("8S 3D", "AH 2C 5D 6H 7C 8D")))
    True
    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> parts, n, _ = plan_plays(s)
    >>> [part_play(parts, i) for i in range(n)] == list(list_plays(s))
    True
    """
    if state.phase is not Phase.PLAY:
        return None
    _, _, table, vals, count, hvals, regular = _shadow(state)
    royal = state.rules.royal
    seat = state.turn
    hand = state.hands[seat]
    num = table[:len(vals)]
    cache = _fast.cache_for(vals)
    prefix = _fast.PREFIX
    out: list[Part] = []
    append = out.append
    total = 0
    trails = _TRAILS
    hplan = _fast.hand_plan(hvals[seat], royal)
    sbuilds = state.builds
    if not sbuilds:  # the common case, without the checks that only builds call for
        for card, (cv, caps, builds, _, _) in zip(hand, hplan, strict=True):
            if cv:
                for v, low in caps:
                    masks = cache.get((count & prefix[v]) << 10 | low)
                    if masks is None:
                        masks = _fast.capture_masks(cache, count, vals, v, royal)
                    if masks:
                        append((_CAPTURE, card, v, 0, masks, num))
                        total += len(masks)
                for bv, new_low, _ in builds:
                    masks = cache.get((count & prefix[bv]) << 10 | new_low)
                    if masks is None:
                        masks = _fast.build_masks(cache, count, vals, cv, bv, False, royal)
                    if masks:
                        append((_BUILD, card, bv, 0, masks, num))
                        total += len(masks)
            else:  # a face card in the base game: one card of the same rank
                rank = card.rank
                for t in table[len(vals):]:
                    if t.rank is rank:
                        append(_capture(card, (t,), None, None))
                        total += 1
            m = trails.get(id(card))
            append(m if m is not None else _trail(card))
            total += 1
        return out, total, regular
    rules = state.rules
    bvals = {b.value for b in sbuilds}
    owned = [b.value for b in sbuilds if b.owner == seat]
    regular = regular and len(bvals) == len(sbuilds)
    may_trail = not owned or rules.owner_may_trail
    maxv = rules.max_value
    for card, (cv, caps, builds, held, rest_vals) in zip(hand, hplan, strict=True):
        keeps = not owned or _covers_vals(rest_vals, owned, royal)
        if not cv:  # a face card in the base game: one card of the same rank
            if keeps:
                rank = card.rank
                for t in table[len(vals):]:
                    if t.rank is rank:
                        append(_capture(card, (t,), None, None))
                        total += 1
                if may_trail:
                    append(_trail(card))
                    total += 1
            continue
        for v, low in caps:
            if keeps:
                masks = cache.get((count & prefix[v]) << 10 | low)
                if masks is None:
                    masks = _fast.capture_masks(cache, count, vals, v, royal)
                if masks:
                    append((_CAPTURE, card, v, 0, masks, num))
                    total += len(masks)
            if v in bvals and (not owned or _covers_vals(
                    rest_vals, [o for o in owned if o != v], royal)):
                masks = _fast.unions_of(cache, count, vals, v, royal)
                append((_CAPTURE_BUILD, card, v, v, masks, num))
                total += len(masks)
        for bv, new_low, add_low in builds:
            if owned and not _covers_vals(rest_vals, {*owned, bv}, royal):
                continue
            exists = bv in bvals
            masks = cache.get((count & prefix[bv]) << 10 | (add_low if exists else new_low))
            if masks is None:
                masks = _fast.build_masks(cache, count, vals, cv, bv, exists, royal)
            if masks:
                append((_BUILD, card, bv, 0, masks, num))
                total += len(masks)
        if cv < maxv:
            for b in sbuilds:
                if b.multiple:
                    continue
                nv = b.value + cv
                if nv > maxv or not held >> nv & 1:
                    continue
                if owned and not _covers_vals(rest_vals, {o for o in owned if o != b.value}
                                              | {nv}, royal):
                    continue
                masks = _fast.increase_masks(cache, count, vals, nv, royal)
                append((_INCREASE, card, nv, b.value, masks, num))
                total += len(masks)
        if may_trail and keeps:
            m = trails.get(id(card))
            append(m if m is not None else _trail(card))
            total += 1
    return out, total, regular


def part_play(parts: list[Part], i: int) -> Move:
    """The ``i``-th play of :func:`plan_plays`'s parts."""
    for part in parts:
        if type(part) is tuple:
            kind, card, v, b, masks, num = part
            k = len(masks)
            if i < k:
                mask = masks[i]
                loose = (_fast.GETTERS.get(mask) or _fast.getter(mask))(num)
                if kind == _CAPTURE:
                    return _capture(card, loose, None, v)
                if kind == _BUILD:
                    return _build(card, v, loose)
                if kind == _CAPTURE_BUILD:
                    return _capture(card, loose, v, v)
                return _increase(card, b, v, loose)
            i -= k
        elif i == 0:
            return part  # type: ignore[return-value]
        else:
            i -= 1
    raise IndexError(i)


def list_plays(state: CasinoState) -> tuple[Move, ...]:
    """Every distinct legal play of the player to move, each exactly once, listed (for a
    table small enough to list: see :mod:`cardrules.casino.legal`).

    For each card in hand: its captures, its builds (new builds and additions), its
    increases, then trailing it.  Empty when the round or game is over.

    The classic example of pagat.com's Casino: a 7-build of 3+4 and a loose 9, with 2 and 9 in hand.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> for m in list_plays(s): print(describe(m))
    increase the build of 7 to 9 with 2♠
    increase the build of 7 to 9 with 2♠, taking in 9♦
    trail 2♠
    capture 9♦ with 9♣
    trail 9♣
    """
    global _LAST_MOVES
    if state.phase is not Phase.PLAY:
        return ()
    last = _LAST_MOVES
    if last[0] is state:
        return last[1]
    _, _, table, vals, count, hvals, regular = _shadow(state)
    rules = state.rules
    royal = rules.royal
    seat = state.turn
    hand = state.hands[seat]
    # The captures, builds and increases are bit masks over ``num``, the table cards with
    # a value, in card order; _casino_fast knows them by the values of those cards.
    num = table[:len(vals)]
    cache = _fast.cache_for(vals)  # the masks, by the values of the table's first cards
    prefix = _fast.PREFIX
    sbuilds = state.builds
    if sbuilds:
        bvals: frozenset[int] | set[int] = {b.value for b in sbuilds}
        owned = [b.value for b in sbuilds if b.owner == seat]
        regular = regular and len(bvals) == len(sbuilds)
    else:
        bvals = _NO_BUILDS
        owned = []
    may_trail = not owned or rules.owner_may_trail
    out: list[Move] = []
    append = out.append
    new = _new
    getters = _fast.GETTERS
    getter = _fast.getter
    trails = _TRAILS
    hplan = _fast.hand_plan(hvals[seat], royal)
    m: Move | None

    if not sbuilds:  # the common case, without the checks that only builds call for
        for card, (cv, caps, builds, _, _) in zip(hand, hplan, strict=True):
            if cv:
                for v, low in caps:
                    masks = cache.get((count & prefix[v]) << 10 | low)
                    if masks is None:
                        masks = _fast.capture_masks(cache, count, vals, v, royal)
                    if masks:
                        fields = {"card": card, "loose": (), "build": None, "value": v,
                                  "sets": ()}
                        for mask in masks:
                            g = getters.get(mask) or getter(mask)
                            m = new(Capture)
                            d = m.__dict__
                            d.update(fields)
                            d["loose"] = g(num)
                            append(m)
                for bv, new_low, _ in builds:
                    masks = cache.get((count & prefix[bv]) << 10 | new_low)
                    if masks is None:
                        masks = _fast.build_masks(cache, count, vals, cv, bv, False, royal)
                    for mask in masks:
                        g = getters.get(mask) or getter(mask)
                        m = new(Build)
                        d = m.__dict__
                        d["card"] = card
                        d["value"] = bv
                        d["loose"] = g(num)
                        append(m)
            else:  # a face card in the base game: one card of the same rank
                rank = card.rank
                for t in table[len(vals):]:
                    if t.rank is rank:
                        append(_capture(card, (t,), None, None))
            m = trails.get(id(card))  # one Trail for each card of the pack
            if m is None:
                m = new(Trail)
                m.__dict__["card"] = card
            append(m)
        moves = tuple(out)
        _LAST_MOVES = (state, moves, regular)
        return moves

    for card, (cv, caps, builds, held, rest_vals) in zip(hand, hplan, strict=True):
        keeps = not owned or _covers_vals(rest_vals, owned, royal)
        if not cv:  # a face card in the base game: one card of the same rank
            if keeps:
                rank = card.rank
                for t in table[len(vals):]:
                    if t.rank is rank:
                        append(_capture(card, (t,), None, None))
                if may_trail:
                    append(_trail(card))
            continue
        # captures
        for v, low in caps:
            if keeps:
                masks = cache.get((count & prefix[v]) << 10 | low)
                if masks is None:
                    masks = _fast.capture_masks(cache, count, vals, v, royal)
                if masks:
                    fields = {"card": card, "loose": (), "build": None, "value": v, "sets": ()}
                    for mask in masks:
                        g = getters.get(mask) or getter(mask)
                        m = new(Capture)
                        d = m.__dict__
                        d.update(fields)
                        d["loose"] = g(num)
                        append(m)
            if v in bvals and (not owned or _covers_vals(
                    rest_vals, [o for o in owned if o != v], royal)):
                for mask in _fast.unions_of(cache, count, vals, v, royal):
                    append(_capture(card, getter(mask)(num), v, v))
        # builds and additions
        for bv, new_low, add_low in builds:
            if owned and not _covers_vals(rest_vals, {*owned, bv}, royal):
                continue
            exists = bv in bvals
            masks = cache.get((count & prefix[bv]) << 10 | (add_low if exists else new_low))
            if masks is None:
                masks = _fast.build_masks(cache, count, vals, cv, bv, exists, royal)
            for mask in masks:
                g = getters.get(mask) or getter(mask)
                m = new(Build)
                d = m.__dict__
                d["card"] = card
                d["value"] = bv
                d["loose"] = g(num)
                append(m)
        # increases
        if sbuilds and cv < (14 if royal else 10):
            for b in sbuilds:
                if b.multiple:
                    continue
                nv = b.value + cv
                if nv > (14 if royal else 10) or not held >> nv & 1:
                    continue
                if owned and not _covers_vals(rest_vals, {o for o in owned if o != b.value}
                                              | {nv}, royal):
                    continue
                for mask in _fast.increase_masks(cache, count, vals, nv, royal):
                    append(_increase(card, b.value, nv, getter(mask)(num)))
        if may_trail and keeps:
            m = trails.get(id(card))  # one Trail for each card of the pack
            if m is None:
                m = new(Trail)
                m.__dict__["card"] = card
            append(m)
    moves = tuple(out)
    _LAST_MOVES = (state, moves, regular)
    return moves


# Moves made by the generator skip the normalising __post_init__: their cards are
# already Cards, in the canonical order.
# The trails of the cards of _DECK, the pack every seeded game is shuffled from, by the
# cards' identities (which the tuple _DECK keeps alive): a Trail is a plain value, so one
# object serves every position.
_TRAILS: dict[int, Trail] = {}


def _capture(card: Card, loose: tuple[Card, ...], build: int | None, value: int | None
             ) -> Capture:
    m = _new(Capture)
    m.__dict__.update(card=card, loose=loose, build=build, value=value, sets=())
    return m


def _build(card: Card, value: int, loose: tuple[Card, ...]) -> Build:
    m = _new(Build)
    m.__dict__.update(card=card, value=value, loose=loose)
    return m


def _increase(card: Card, build: int, value: int, loose: tuple[Card, ...]) -> Increase:
    m = _new(Increase)
    m.__dict__.update(card=card, build=build, value=value, loose=loose)
    return m


def _trail(card: Card) -> Trail:
    m = _new(Trail)
    m.__dict__["card"] = card
    return m




def _table_build(value: int, parts: tuple[tuple[Card, ...], ...], owner: int) -> TableBuild:
    """``TableBuild(...)``, made the same way as :func:`_make_state`."""
    b = _new(TableBuild)
    d = b.__dict__
    d["value"] = value
    d["parts"] = parts
    d["owner"] = owner
    return b


_TRAILS.update((id(c), _trail(c)) for c in _DECK)
_SWEEP_NOTE = "A sweep: the table is empty, and the capturing card is kept face up."


def _play(state: CasinoState, move: Move) -> CasinoState:
    """The state after a legal ``move`` (not checked here)."""
    global _SHADOW
    rules = state.rules
    seat = state.turn
    card = move.card
    lcodes, tcodes, tcards, vals, count, hvals, distinct = _shadow(state)  # kept up to date
    hands = state.hands
    hand = hands[seat]
    for i, c in enumerate(hand):  # the hand's own card, when the move came from legal_moves
        if c is card:
            at = i
            break
    else:
        at = hand.index(card)
    new_hands = list(hands)
    new_hands[seat] = hand[:at] + hand[at + 1:]
    hands = tuple(new_hands)
    hv = hvals[seat]
    new_hvals = list(hvals)
    new_hvals[seat] = hv[:at] + hv[at + 1:]
    hvals = tuple(new_hvals)
    loose = state.loose
    builds = state.builds
    piles = state.piles
    sweeps = state.sweeps
    last = state.last_capturer
    note = ""
    if isinstance(move, Trail):
        rule_id = "casino.trail"
        code = _RANK_POS[card.rank._value_] + _SUIT_POS[card.suit._value_]
        distinct = distinct and code not in lcodes
        loose += (card,)
        lcodes += (code,)
        j = bisect_right(tcodes, code)
        tcodes = (*tcodes[:j], code, *tcodes[j:])
        tcards = (*tcards[:j], card, *tcards[j:])
        if rules.royal or code < _FACE_CODE:
            vals = (*vals[:j], code >> 2, *vals[j:])
            count += 1 << 3 * ((code >> 2) - 1)
    else:
        taken = move.loose
        for c in taken:  # the loose cards equal to a taken one leave the table
            code = _RANK_POS[c.rank._value_] + _SUIT_POS[c.suit._value_]
            while code in lcodes:
                j = lcodes.index(code)
                loose = loose[:j] + loose[j + 1:]
                lcodes = lcodes[:j] + lcodes[j + 1:]
            while code in tcodes:
                j = tcodes.index(code)
                tcodes = tcodes[:j] + tcodes[j + 1:]
                tcards = tcards[:j] + tcards[j + 1:]
                if j < len(vals):
                    vals = vals[:j] + vals[j + 1:]
                    count -= 1 << 3 * ((code >> 2) - 1)
        if isinstance(move, Capture):
            got: tuple[Card, ...] = (card, *taken)
            if move.build is not None:
                rule_id = "casino.build.capture"
                b = state.build_of(move.build)
                assert b is not None
                got += b.cards
                builds = tuple(x for x in builds if x is not b)
            elif rules.royal or _BASE_VALUE[card.rank._value_]:
                rule_id = "casino.capture.numeral"
            else:
                rule_id = "casino.capture.face"
            new_piles = list(piles)
            new_piles[seat] += got
            piles = tuple(new_piles)
            last = seat
            if not loose and not builds and rules.sweeps:
                new_sweeps = list(sweeps)
                new_sweeps[seat] += (card,)
                sweeps = tuple(new_sweeps)
                note = _SWEEP_NOTE
        elif isinstance(move, Build):
            value = move.value
            # the sets of the new cards, as partition((card, *taken), value, rules) gives them
            cards = (card, *taken)
            codes = [_RANK_POS[c.rank._value_] + _SUIT_POS[c.suit._value_] for c in cards]
            order = sorted(range(len(cards)), key=codes.__getitem__)
            if len(cards) <= _LAYOUT_MAX:
                layout = _fast.build_layout(tuple([codes[j] >> 2 for j in order]), value,
                                            rules.royal)
                assert layout is not None
                ordered = [cards[j] for j in order]
                parts = tuple([tuple([ordered[j] for j in part]) for part in layout])
            else:  # a build of many cards: one grouping, found without listing them all
                grouped = partition(cards, value, rules)
                assert grouped is not None
                parts = grouped
            old = state.build_of(value)
            if old is not None:
                rule_id = "casino.build.add"
                new = _table_build(value, old.parts + parts, seat)
                builds = tuple([new if x is old else x for x in builds])
            else:
                rule_id = ("casino.build" if len(parts) == 1 else "casino.build.multiple")
                builds += (_table_build(value, parts, seat),)
        else:
            rule_id = "casino.build.increase"
            b = state.build_of(move.build)
            assert b is not None
            parts = ((*b.parts[0], card), *tuple((c,) for c in taken))
            other = state.build_of(move.value)
            if other is not None:
                parts = other.parts + parts
                builds = tuple(x for x in builds if x is not other)
            new = TableBuild(move.value, parts, seat)
            builds = tuple(new if x is b else x for x in builds)
    record = Record(state.record, seat, rule_id, note, move, state)
    # The next state: a copy of this one's fields with those that change (as _make_state).
    d = state.__dict__.copy()
    d["turn"] = (seat + 1) % len(hands)
    d["hands"] = hands
    d["loose"] = loose
    d["builds"] = builds
    d["piles"] = piles
    d["sweeps"] = sweeps
    d["last_capturer"] = last
    d["record"] = record
    nxt = _new(CasinoState)
    _set_dict(nxt, "__dict__", d)
    if any(hands):
        _SHADOW = (nxt, (lcodes, tcodes, tcards, vals, count, hvals, distinct))
        return nxt
    if nxt.stock:
        nxt = _redeal(nxt)
        _SHADOW = (nxt, (lcodes, tcodes, tcards, vals, count, _hand_values(nxt), distinct))
        return nxt
    from .play import _end_round

    return _end_round(nxt)

