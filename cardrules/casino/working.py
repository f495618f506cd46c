"""Casino's working: why a case comes out as it does, as :mod:`cardrules.reasons` records,
made by the same functions that decide (:mod:`~cardrules.casino.values` and
:mod:`~cardrules.casino.table` for values and sets, :mod:`~cardrules.casino.checks` for what
is legal, :func:`~cardrules.casino.apply.apply` for what a play leaves,
:mod:`~cardrules.casino.outcome` for the score and the game).

Where :mod:`~cardrules.casino.reasons` says in a sentence why a play is legal, these records
hold the facts (each card's value, the sets and their sums, the cards kept, the points item
by item) for whoever words them.

>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> t = capture_reason(s, Capture("8S", parse_cards("8D 7C AH 6H 2C")), largest=True)
>>> t.value, [s.total for s in t.sets], t.left
(8, [8, 8, 8], (Card('5♦'),))
>>> keeps_reason(position("3C 8H 5S"), parse_card("3C"), (8,)).cards
(Card('8♥'),)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, parse_card, parse_cards  # noqa: F401  (doctests)
from ..reasons import (
    CapturesBuild,
    CardValue,
    CountOut,
    Deals,
    GameEnd,
    Keeps,
    Makes,
    Most,
    NextSeat,
    Owns,
    Point,
    Raises,
    Residue,
    Step,
    Sum,
    Sweep,
    Takes,
    Tally,
    card_sum,
)
from .actions import Capture, Increase, Trail
from .apply import apply
from .checks import can_capture, can_increase, can_trail, verify_capture
from .deal import deals_per_round, position  # noqa: F401  (position: doctests)
from .outcome import game_result
from .profile import CasinoRules, load_casino  # noqa: F401  (doctests)
from .state import CasinoState, RoundScore
from .table import build_of, covers, owned_values, partition, rest_of_hand
from .values import BIG_CASINO, LITTLE_CASINO, card_values, sum_value, valued

#: the cards of a pack, and what each deal gives: 4 to each player, 4 to the table first
PACK, EACH, TABLE = 52, 4, 4
#: the profile options the records name
MOST_OPTION, TRAIL_OPTION, SWEEPS_OPTION, TARGET_OPTION, COUNT_OPTION = (
    "max_value", "owner_may_trail", "sweeps", "target", "count_out")


def deals_reason(players: int) -> Deals:
    """How many deals a round has, worked out [casino.deal].

    >>> deals_reason(3).deals
    4
    """
    return Deals(PACK, players, EACH, TABLE, deals_per_round(players))


def first_player_reason(names: Sequence[str], dealer: int) -> NextSeat:
    """Who plays first: the seat on the dealer's left, the next one clockwise [casino.turn].

    >>> first_player_reason(("North", "East", "South"), 2).next
    'North'
    """
    return NextSeat(tuple(names), names[dealer], (), names[(dealer + 1) % len(names)],
                    role="the dealer", does="plays first")


# -- sets and captures --------------------------------------------------------------------------
def set_values(cards: Sequence[Card], value: int, rules: CasinoRules) -> Sum:
    """One set of cards worth ``value`` with each card's value: a card alone counts the
    value it is taken or built as (an ace alone 14 in Royal Casino, where it may), cards
    together their number values.

    >>> set_values(parse_cards("AS"), 14, load_casino("royal-casino")).values[0].value
    14
    """
    if len(cards) == 1 and value in card_values(cards[0], rules):
        return card_sum("a set", [(cards[0], value)])
    return card_sum("a set", [(c, sum_value(c, rules.royal)) for c in cards])


def sets_reason(cards: Sequence[Card], value: int, rules: CasinoRules) -> tuple[Sum, ...]:
    """``cards`` split into sets each worth ``value`` (:func:`.table.partition`), or, when
    they do not split so, as one set of all of them.

    >>> [s.total for s in sets_reason(parse_cards("8S 3C 5D"), 8, load_casino())]
    [8, 8]
    >>> [s.total for s in sets_reason(parse_cards("6S 3C"), 8, load_casino())]
    [9]
    """
    parts = partition(tuple(cards), value, rules)
    if parts is None or len(parts) == 1:  # one set: in the cards' own order
        return (set_values(tuple(cards), value, rules),)
    return tuple(set_values(p, value, rules) for p in parts)


def capture_value(state: CasinoState, move: Capture) -> int | None:
    """The value a legal capture takes its cards as: the build's, or the first value of
    the card into whose sets the cards split; None for a base-game face card."""
    rules = state.rules
    if not valued(move.card, rules.royal):
        return None
    if move.build is not None:
        return move.build
    values = card_values(move.card, rules)
    if move.value is not None:
        return move.value
    return next(v for v in values if partition(move.loose, v, rules) is not None)


def capture_reason(state: CasinoState, move: Capture, largest: bool = False,
                   others: Sequence[Sequence[Card]] = (), who: str = "you") -> Takes:
    """A legal capture as sets of the card's value [casino.capture.numeral]
    [casino.capture.face] [casino.build.capture] [casino.royal]: with ``largest``, the
    table cards left could not be taken as well; ``others`` are other captures as large.

    >>> t = capture_reason(position("KS", "KD 5C"), Capture("KS", parse_cards("KD")))
    >>> t.value, t.values
    (None, ())
    """
    verify_capture(state, move)
    rules = state.rules
    v = capture_value(state, move)
    if v is None:
        sets = tuple(card_sum("a set", [(c, 0)]) for c in move.loose)
    else:
        sets = sets_reason(move.loose, v, rules) if move.loose else ()
    left = tuple(c for c in state.loose if c not in move.loose)
    return Takes(who, move.card, card_values(move.card, rules), v, sets, move.build, left,
                 largest, tuple(tuple(o) for o in others), rules.royal)


def build_capture_reason(state: CasinoState, card: Card, build: int, who: str = "you"
                         ) -> CapturesBuild:
    """Whether ``card`` may take the build of ``build`` whole [casino.build.capture].

    >>> build_capture_reason(position("7C", builds=[(8, "5D 3C", 1)]), parse_card("7C"), 8).holds
    False
    """
    ok = can_capture(state, Capture(card, (), build=build))
    values = card_values(card, state.rules)
    if ok != (build in values):
        raise ValueError(f"taking the build of {build} with {card} is decided by another rule")
    b = build_of(state.builds, build)
    parts = () if b is None else b.parts
    return CapturesBuild(card, values, build, ok, who, "may take it", "may not take it", parts)


# -- builds, increases and the owner's duties ------------------------------------------------------
def makes_reason(cards: Sequence[Card], value: int, rules: CasinoRules, who: str = "",
                 then: str = "", otherwise: str = "", cap: bool = True,
                 to_build: bool = False) -> Makes:
    """``cards`` (the card played first) as a build of ``value`` [casino.build]
    [casino.build.multiple] [casino.build.add]: split into sets of it, and no more than
    the highest value a card captures (named as the profile's ``max_value`` when ``cap``);
    with ``to_build``, added to the build of ``value`` on the table.

    >>> m = makes_reason(parse_cards("8S 3C 5D"), 8, load_casino())
    >>> m.holds, len(m.sets), m.most
    (True, 2, 10)
    """
    sets = sets_reason(cards, value, rules)
    holds = all(s.total == value for s in sets) and value <= rules.max_value
    cap = cap and len(sets) == 1  # sets of a card's value never pass the highest value
    return Makes(tuple(cards), value, sets, rules.max_value, MOST_OPTION if cap else None, holds,
                 who, then, otherwise, to_build)


def single_over_reason(cards: Sequence[Card], rules: CasinoRules) -> Makes:
    """The cards as one single build, when they add up to more than any card captures.

    >>> single_over_reason(parse_cards("8S 5D"), load_casino()).holds
    False
    """
    total = sum(sum_value(c, rules.royal) for c in cards)
    return makes_reason(cards, total, rules)


def raise_reason(state: CasinoState, move: Increase, who: str = "you") -> Raises:
    """An increase of a build, up to the cards kept [casino.build.increase]: the build is
    single, the new value is the old one and the card's, no more than a card captures, and
    each loose card taken in is worth the new value alone.  ``holds`` when nothing of
    that refuses it (the cards kept are :func:`keeps_reason`'s).

    >>> r = raise_reason(position("2S 9C", "9D", builds=[(7, "3C 4D", 1)]),
    ...                  Increase("2S", 7, 9, parse_cards("9D")))
    >>> r.value, r.holds
    (9, True)
    """
    rules = state.rules
    b = build_of(state.builds, move.build)
    assert b is not None
    cv = sum_value(move.card, rules.royal)
    nv = b.value + cv
    joins = tuple(CardValue(c, nv if nv in card_values(c, rules) else sum_value(c, rules.royal))
                  for c in move.loose)
    holds = not b.multiple and nv <= rules.max_value and all(j.value == nv for j in joins)
    owned = {o for o in owned_values(state.builds, state.turn) if o != b.value}
    kept = covers(rest_of_hand(state.hand, move.card), owned | {nv}, rules.royal)
    if can_increase(state, move) != (holds and kept):
        raise ValueError(f"the increase {move} is decided by another rule")
    cap = None if b.multiple else MOST_OPTION  # a multiple build's value never changes at all
    return Raises(move.card, cv, b.value, b.parts, nv, rules.max_value, cap, joins, holds,
                  who, "", "may not increase it")


def _cards_for(rest: Sequence[Card], needs: Sequence[int], rules: CasinoRules
               ) -> tuple[Card | None, ...]:
    """A different card of ``rest`` for each value of ``needs``, in turn (None for a value
    no card is left for)."""
    out: list[Card | None] = []
    for v in needs:
        out.append(next((c for c in rest if c not in out and v in card_values(c, rules)), None))
    return tuple(out)


def keeps_reason(state: CasinoState, played: Card, needs: Sequence[int], who: str = "you",
                 then: str = "", otherwise: str = "") -> Keeps:
    """What the player to move keeps after playing ``played``: a card for each build value
    of ``needs`` to capture, or not [casino.build] [casino.build.owner].

    >>> keeps_reason(position("3C 5S"), parse_card("3C"), (8,)).holds
    False
    """
    rules = state.rules
    rest = rest_of_hand(state.hand, played)
    holds = covers(rest, set(needs), rules.royal)
    cards = _cards_for(rest, needs, rules)
    if holds != all(c is not None for c in cards):
        raise ValueError(f"the cards kept, {rest}, and the builds {needs} disagree")
    return Keeps(who, played, rest, tuple(needs), cards, holds, then, otherwise)


def owns_reason(state: CasinoState, card: Card, who: str = "you") -> Owns:
    """The owner's rule on trailing ``card`` at this table [casino.build.owner]
    [casino.trail].

    >>> owns_reason(position("8S 3D", builds=[(8, "6H 2H", 0)]), parse_card("3D")).holds
    False
    """
    owned = tuple(owned_values(state.builds, state.turn))
    may = state.rules.owner_may_trail
    return Owns(who, card, owned, may, TRAIL_OPTION, not owned or may, state.loose)


def trail_reason(state: CasinoState, card: Card, who: str = "you") -> tuple[Step, ...]:
    """Whether ``card`` may be trailed [casino.trail] [casino.build.owner]: the owner's rule
    at this table, and, for an owner who may trail, the cards kept.

    >>> [type(s).__name__ for s in trail_reason(position("8S 3D", builds=[(8, "6H 2H", 0)],
    ...     rules=load_casino("casino-owner-trails")), parse_card("3D"))]
    ['Owns', 'Keeps']
    """
    owns = owns_reason(state, card, who)
    steps: list[Step] = [owns]
    if owns.builds and owns.may_trail:
        steps.append(keeps_reason(state, card, owns.builds, who, f"may trail {card}",
                                  f"may not trail {card}"))
    ok = can_trail(state, Trail(card))
    last = steps[-1]
    assert isinstance(last, (Owns, Keeps))
    if last.holds != ok:
        raise ValueError(f"trailing {card} is decided by another rule")
    return tuple(steps)


def sweep_reason(state: CasinoState, move: Capture) -> Sweep:
    """Whether a capture is a sweep: it leaves the table empty, and scores where the table
    scores sweeps [casino.sweep].

    >>> sweep_reason(position("8S", "5D 3C"), Capture("8S", parse_cards("5D 3C"))).holds
    True
    """
    after = apply(state, move)
    left = (*after.loose, *(c for b in after.builds for c in b.cards))
    holds = not left
    scored = len(after.sweeps[state.turn]) > len(state.sweeps[state.turn])
    if scored != (holds and state.rules.sweeps):
        raise ValueError("the engine's sweep disagrees with the table left")
    return Sweep(tuple(left), state.rules.sweeps, SWEEPS_OPTION, holds)


# -- scoring and the game -------------------------------------------------------------------------
def most_reason(score: RoundScore, what: str, shares: Sequence[Sequence[int]] = ()) -> Most:
    """Most cards or most spades [casino.score] [casino.partners]: the counts and the side
    the round's score awards the item to (a tie: none).

    >>> from cardrules.casino import score_piles
    >>> most_reason(score_piles([parse_cards("AS 2S 3C"), parse_cards("4S")]), "cards").winner
    'North'
    """
    item = f"most {what}"
    counts = score.cards if what == "cards" else score.spades
    award = next((a for a in score.awards if a.item == item), None)
    return Most(what, score.sides, counts, None if award is None else score.sides[award.side],
                3 if what == "cards" else 1, tuple(tuple(s) for s in shares))


_CARDS_OF: dict[str, tuple[Card, ...]] = {"big casino": (BIG_CASINO,),
                                          "little casino": (LITTLE_CASINO,)}


def _point(score: RoundScore, item: str, side: int, points: int) -> Point:
    cards = _CARDS_OF.get(item, ())
    if item.startswith("ace of "):
        suit = item.removeprefix("ace of ")
        cards = tuple(c for c in parse_cards("AS AC AH AD") if c.suit.value == suit)
    return Point(item, points, score.sides[side], cards,
                 SWEEPS_OPTION if item == "sweeps" else None)


def tally_reason(score: RoundScore, side: int) -> Tally:
    """The points one side scores in a round, item by item [casino.score] [casino.sweep].

    >>> from cardrules.casino import score_piles
    >>> t = tally_reason(score_piles([parse_cards("10D AS 2C"), parse_cards("4S")]), 0)
    >>> [p.item for p in t.items], t.total
    (['most cards', 'big casino', 'ace of spades'], 6)
    """
    items = tuple(_point(score, a.item, a.side, a.points) for a in score.awards
                  if a.side == side)
    return Tally(score.sides[side], items, score.points[side])


def game_reason(rules: CasinoRules, before: Sequence[int], score: RoundScore,
                count_option: str | None = COUNT_OPTION) -> GameEnd | CountOut:
    """Who wins after a round [casino.game] [casino.royal.count-out]: the totals against
    the target, or, where the table counts out and several sides pass it, the points in
    count-out order.  ``count_option`` None: the question asks about Royal Casino's
    count-out, whatever the table.

    >>> from cardrules.casino import load_casino, score_piles
    >>> sc = score_piles([parse_cards("10D 2S AH 3S 4S"), parse_cards("AS 5C")])
    >>> game_reason(load_casino(), (14, 20), sc).winner
    'North'
    >>> type(game_reason(load_casino("royal-casino"), (13, 20), sc)).__name__
    'CountOut'
    """
    winner, _why = game_result(rules, tuple(before), score)
    name = None if winner is None else score.sides[winner]
    totals = [b + p for b, p in zip(before, score.points, strict=True)]
    over = [t for t in totals if t >= rules.target]
    if rules.count_out and len(over) > 1:
        items = tuple(_point(score, a.item, a.side, a.points) for a in score.awards)
        return CountOut(score.sides, tuple(before), items, rules.target, TARGET_OPTION, name,
                        count_option)
    return GameEnd(score.sides, tuple(before), score.points, rules.target, TARGET_OPTION, name)


def residue_reason(taker: str, last: str | None, cards: Sequence[Card]) -> Residue:
    """Who takes the cards left at the end of a round [casino.residue]: ``taker``, the
    last player who captured (``last``; None: nobody did, and the dealer takes them).

    >>> residue_reason("North", "North", parse_cards("5D")).taker
    'North'
    """
    if last is not None and last != taker:
        raise ValueError(f"the cards left go to the last player who captured, {last}")
    return Residue(taker, last, tuple(cards))


__all__ = [
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
