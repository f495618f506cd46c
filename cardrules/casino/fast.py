"""The fast path's own record of a state: its table and hands in numbers.

A :class:`FastTable` is worked out once for each state and carried in it (the state's
``fast`` field, which equality ignores); the fast apply works out the next state's table
from this one's, a card at a time, so that nothing is ever looked up again by the state's
identity.  Its fields are a pure function of the state's cards (:func:`table_of`), so two
equal states carry equal tables and pickle alike.

Each table also has a ``key`` of its own, an object made with it that equality ignores:
every state the engine makes gets a new table, so a play that the listing of a position
made carries its table's key (:attr:`~cardrules.casino.actions.Capture.listed`), and
:func:`~cardrules.casino.apply` knows such a play, handed back for the very same state, for
one of its legal plays without checking it again.

The loose cards are held in card order with their codes
(:func:`~cardrules.casino.values.card_code`); the first ``len(vals)`` of them, the cards
with a value, also as their values and as a *count code*, the ``tally``
(:func:`~cardrules.casino.masks.count_code`), which names the table's values for the memo
of :mod:`cardrules.casino.masks`.  A play's table cards are bit masks over those
positions, made into cards only when the play is read.

>>> from cardrules.cards import parse_cards
>>> t = table_of(False, parse_cards("8D 2C AH"), (parse_cards("8S 3D"),), (), ())
>>> t.codes, t.vals, [str(c) for c in t.cards], t.hand_vals
((6, 8, 33), (1, 2, 8), ['A♥', '2♣', '8♦'], ((8, 3),))
>>> t == table_of(False, parse_cards("AH 8D 2C"), (parse_cards("8S 3D"),), (), ()), t.key is t.key
(True, True)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import reduce
from operator import or_
from typing import NamedTuple

from ..cards import Card
from .masks import GETTERS, TALLY_BIT, count_code, getter
from .values import BIT_OF, CODE_OF, FACE_CODE, card_code, code_value


class FastTable(NamedTuple):
    """A state's table and hands in numbers (see the module's text)."""

    #: the codes of the loose cards, in card order
    codes: tuple[int, ...]
    #: the loose cards in the same order (the state's own Card objects)
    cards: tuple[Card, ...]
    #: the values of the cards that have one: the first ``len(vals)`` of ``codes``
    vals: tuple[int, ...]
    #: the count code of ``vals``
    tally: int
    #: the sums some of ``vals`` add up to, up to 14, as bits (bit 0: none of them): a card
    #: captures as ``v`` only if bit ``v`` is set, and builds ``v`` only if the table holds
    #: what it lacks
    sums: int
    #: the value of each card of each hand (0 for a base game's face card)
    hand_vals: tuple[tuple[int, ...], ...]
    #: no card twice in the game (hands, table, builds, pack and piles) and no two builds
    #: of one value: always so in play (a position made by hand may break it; the fast
    #: path then leaves the position to the plain rules of :mod:`cardrules.casino.plain`)
    regular: bool
    #: this table's own object, made with it (equality ignores it): what the plays listed
    #: for the state carry
    key: object

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FastTable) and self[:7] == other[:7]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:7])


def table_of(royal: bool, loose: tuple[Card, ...], hands: tuple[tuple[Card, ...], ...],
             build_values: Iterable[int], others: Iterable[Card]) -> FastTable | None:
    """The fast path's table of a state's cards, or None when they are not all cards:
    ``others`` are the game's other cards (the builds', the pack's and the piles'), for
    the check that no card is in the game twice.

    >>> from cardrules.cards import parse_cards
    >>> table_of(False, parse_cards("8D 8D"), ((),), (), ()).regular
    False
    """
    try:
        codes = codes_of(loose)
        hand_codes = [codes_of(h) for h in hands]
        everything = [*codes, *(k for h in hand_codes for k in h), *codes_of(tuple(others))]
    except (TypeError, AttributeError):
        return None
    values = list(build_values)
    regular = len(set(everything)) == len(everything) and len(set(values)) == len(values)
    ranked = sorted(range(len(loose)), key=codes.__getitem__)
    sorted_codes = tuple([codes[i] for i in ranked])
    vals = valued_prefix(sorted_codes, royal)
    return FastTable(sorted_codes, tuple([loose[i] for i in ranked]), vals, count_code(vals),
                     subset_sums(vals), hand_values(hand_codes, royal), regular, object())


#: the sums :attr:`FastTable.sums` keeps: 0 to 14
SUMS = (1 << 15) - 1
#: the memo of :func:`subset_sums` by count code (a pure function of the values)
SUMS_OF: dict[int, int] = {}
_made = tuple.__new__  # a named tuple from its fields at once (no Python-level __new__)


def subset_sums(vals: Iterable[int]) -> int:
    """The sums, up to 14, that some of ``vals`` add up to, as bits (bit 0: none of them).

    >>> bin(subset_sums((2, 3)))  # 0, 2, 3, 5
    '0b101101'
    """
    got = 1
    for v in vals:
        got |= got << v
    return got & SUMS


def codes_of(cards: tuple[Card, ...]) -> list[int]:
    """The cards' codes (:func:`~cardrules.casino.values.card_code`), the pack's own cards
    looked up by identity.

    >>> from cardrules.cards import parse_cards
    >>> codes_of(parse_cards("AC KS"))
    [4, 55]
    """
    try:
        return list(map(CODE_OF.__getitem__, map(id, cards)))
    except KeyError:
        return [card_code(c) for c in cards]


#: the value of each code, in the base game and in Royal Casino (:func:`code_value`)
CODE_VALUES = (tuple(code_value(k, False) for k in range(56)),
               tuple(code_value(k, True) for k in range(56)))


def hand_values(hand_codes: Iterable[Iterable[int]], royal: bool) -> tuple[tuple[int, ...], ...]:
    """The value of each card of each hand, from the cards' codes.

    >>> hand_values([[4, 48]], False), hand_values([[4, 48]], True)
    (((1, 0),), ((1, 12),))
    """
    value = CODE_VALUES[royal].__getitem__
    return tuple([tuple(map(value, h)) for h in hand_codes])


def valued_prefix(codes: tuple[int, ...], royal: bool) -> tuple[int, ...]:
    """The values of the first codes that have one (all in Royal Casino; in the base game
    the numerals, which come before the face cards).

    >>> valued_prefix((4, 40, 44, 52), False), valued_prefix((4, 44), True)
    ((1, 10), (1, 11))
    """
    if royal:
        return tuple([k >> 2 for k in codes])
    return tuple([k >> 2 for k in codes if k < FACE_CODE])


def with_trail(t: FastTable, card: Card, royal: bool,
               hand_vals: tuple[tuple[int, ...], ...]) -> FastTable:
    """The table with ``card`` trailed onto it, in its place in card order, and the hands'
    values ``hand_vals``.

    >>> from cardrules.cards import parse_card, parse_cards
    >>> t = table_of(False, parse_cards("8D AH"), ((),), (), ())
    >>> with_trail(t, parse_card("5C"), False, ((),)).vals
    (1, 5, 8)
    """
    code = CODE_OF.get(id(card))
    if code is None:
        code = card_code(card)
    codes = t.codes
    j = bisect_right(codes, code)
    vals, tally, sums = t.vals, t.tally, t.sums
    if royal or code < FACE_CODE:
        v = code >> 2
        vals = (*vals[:j], v, *vals[j:])
        tally += TALLY_BIT[v]
        sums = (sums | sums << v) & SUMS
    cards = t.cards
    return _made(FastTable, ((*codes[:j], code, *codes[j:]), (*cards[:j], card, *cards[j:]),
                             vals, tally, sums, hand_vals, t.regular, object()))


def without(t: FastTable, mask: int, hand_vals: tuple[tuple[int, ...], ...]) -> FastTable:
    """The table without the cards at the bits of ``mask`` (positions in card order), and
    the hands' values ``hand_vals``.

    >>> from cardrules.cards import parse_cards
    >>> t = table_of(False, parse_cards("8D AH 7C"), ((),), (), ())
    >>> without(t, 0b101, ((),)).vals  # A♥ and 8♦ leave
    (7,)
    """
    codes = t.codes
    keep = ((1 << len(codes)) - 1) ^ mask
    take = GETTERS.get(keep) or getter(keep)
    vals = t.vals
    held = keep & ((1 << len(vals)) - 1)
    vals = (GETTERS.get(held) or getter(held))(vals)
    tally = sum(map(TALLY_BIT.__getitem__, vals))
    sums = SUMS_OF.get(tally)
    if sums is None:
        sums = SUMS_OF[tally] = subset_sums(vals)
        if len(SUMS_OF) > 1 << 16:
            SUMS_OF.clear()
    return _made(FastTable, (take(codes), take(t.cards), vals, tally, sums, hand_vals,
                             t.regular, object()))


def positions(t: FastTable, cards: Iterable[Card]) -> int:
    """The bit mask of the positions of ``cards`` (cards of the table) in card order.

    >>> from cardrules.cards import parse_cards
    >>> positions(table_of(False, parse_cards("8D AH 7C"), ((),), (), ()), parse_cards("8D"))
    4
    """
    out = 0
    codes = t.codes
    for c in cards:
        out |= 1 << codes.index(card_code(c))
    return out


def dealt(t: FastTable, hand_vals: tuple[tuple[int, ...], ...]) -> FastTable:
    """The table as it is, with the hands' values ``hand_vals`` (a new deal), and a key of
    its own.

    >>> from cardrules.cards import parse_cards
    >>> t = table_of(False, parse_cards("8D"), ((),), (), ())
    >>> u = dealt(t, ((8,),))
    >>> u.hand_vals, u.codes == t.codes, u.key is t.key
    (((8,),), True, False)
    """
    return FastTable(t.codes, t.cards, t.vals, t.tally, t.sums, hand_vals, t.regular, object())


def emptied(t: FastTable, hand_vals: tuple[tuple[int, ...], ...]) -> FastTable:
    """The table once the round is over: nothing on it, and the hands' values ``hand_vals``.

    >>> from cardrules.cards import parse_cards
    >>> emptied(table_of(False, parse_cards("8D"), ((),), (), ()), ((),)).codes
    ()
    """
    return FastTable((), (), (), 0, 1, hand_vals, t.regular, object())


def code_bits(cards: Sequence[Card]) -> int:
    """The cards as one int, a bit for each card's code (a card given twice, once).

    >>> from cardrules.cards import parse_cards
    >>> code_bits(parse_cards("AC 2C")) == 1 << 4 | 1 << 8
    True
    """
    try:
        return reduce(or_, map(BIT_OF.__getitem__, map(id, cards)), 0)  # the pack's cards
    except KeyError:
        return reduce(or_, [1 << card_code(c) for c in cards], 0)
