"""Checking a play of Casino: one ``verify_`` check per kind of play, each raising
IllegalAction with the rule's id, and the ``can_`` queries made from them.

>>> s = position("8S 3D", "5C", builds=[(8, "6H 2H", 0)])
>>> can_trail(s, Trail("3D")), can_apply(s, Capture("8S", (), build=8))
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Card, Rank, cards_text
from ..errors import IllegalAction
from ..game import can
from .actions import ACTION_TYPES, Build, Capture, Increase, Trail
from .deal import position  # noqa: F401  (doctests)
from .state import CasinoState, Phase, casino_state
from .table import build_of, covers, owned_values, rest_of_hand, splittable
from .values import card_code, card_values, sum_value, valued


# -- verifying a move --------------------------------------------------------------------
def _not_a_play(move: object) -> IllegalAction:
    return IllegalAction("casino.turn", f"{move!r} is not a Casino play: on your turn you play "
                         "one card from your hand, as a Trail, Capture, Build or Increase.")


def _check_turn(state: CasinoState, move: object, function: str) -> Card:
    """The card a play plays, once the state, the play and the turn are checked."""
    state = casino_state(state, function)
    if not isinstance(move, ACTION_TYPES):
        raise _not_a_play(move)
    if state.phase is not Phase.PLAY:
        raise IllegalAction("casino.turn", f"No card can be played: the {state.phase.value}.")
    card = move.card
    if card not in state.hand:
        who = state.names[state.turn]
        raise IllegalAction("casino.turn", f"It is {who}'s turn and {who} does not hold {card}: "
                            f"the hand is {cards_text(state.hand)}.")
    return card


def _check_loose(state: CasinoState, cards: tuple[Card, ...], rule_id: str) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalAction(rule_id, f"{cards_text(cards)} names a card twice.")
    for c in cards:
        if c in state.loose:
            continue
        for b in state.builds:
            if c in b.cards:
                raise IllegalAction(
                    "casino.build.capture",
                    f"{c} is part of the build of {b.value}: a build is taken or added to "
                    "only as a whole, never card by card.")
        raise IllegalAction(rule_id, f"{c} is not on the table; the loose cards are "
                            f"{cards_text(state.loose) or 'none'}.")


def _check_owner(state: CasinoState, rest: Sequence[Card], needed: set[int], card: Card) -> None:
    royal = state.rules.royal
    if covers(rest, needed, royal):
        return
    lost = sorted(v for v in needed if not covers(rest, {v}, royal))
    if not lost:
        lost = sorted(needed)
    what = " and ".join(f"the build of {v}" for v in lost)
    raise IllegalAction(
        "casino.build.owner",
        f"You own {what} and must keep a card to capture it; after playing {card} you would "
        f"hold {cards_text(tuple(rest)) or 'nothing'}, with no card for {lost[0]}.")


def verify_trail(state: CasinoState, move: Trail) -> None:
    """Raise IllegalAction unless trailing ``move.card`` is legal [casino.trail,
    casino.build.owner].

    >>> s = position("8S 3D", "5C", builds=[(8, "6H 2H", 0)])
    >>> verify_trail(s, Trail("3D"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You own the build of 8, so you may not trail: capture, build, add to a build or increase one. [rule casino.build.owner]
    """
    card = _check_turn(state, move, "verify_trail")
    owned = owned_values(state.builds, state.turn)
    if owned and not state.rules.owner_may_trail:
        what = " and ".join(f"the build of {v}" for v in owned)
        raise IllegalAction("casino.build.owner", f"You own {what}, so you may not trail: "
                            "capture, build, add to a build or increase one.")
    _check_owner(state, rest_of_hand(state.hand, card), set(owned), card)


can_trail = can(verify_trail)


def verify_capture(state: CasinoState, move: Capture) -> None:
    """Raise IllegalAction unless the capture is legal [casino.capture.face,
    casino.capture.numeral, casino.build.capture, casino.build.owner].

    >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
    >>> verify_capture(s, Capture("8S", "AH 2C 5D 6H 7C 8D"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 8♠ cannot take A♥ 2♣ 5♦ 6♥ 7♣ 8♦: they add up to 29, which is not made of cards of 8 and sets adding up to 8, each card in one set only. [rule casino.capture.numeral]
    """
    card = _check_turn(state, move, "verify_capture")
    royal = state.rules.royal
    _check_loose(state, move.loose, "casino.capture.numeral")
    rest = rest_of_hand(state.hand, card)
    owned = set(owned_values(state.builds, state.turn))
    if not sum_value(card, royal):
        _check_face_capture(move, card)
        _check_owner(state, rest, owned, card)
        return
    v = _capture_value(state, move, card)
    if move.sets:
        _check_sets(move, v, royal)
    needed = owned - {move.build} if move.build is not None else owned
    _check_owner(state, rest, set(needed), card)


def _check_face_capture(move: Capture, card: Card) -> None:
    """A face card of the base game takes exactly one table card of its rank
    [casino.capture.face]."""
    name = card.rank.word
    if move.build is not None:
        raise IllegalAction("casino.capture.face", f"A {name} has no number value: it "
                            "cannot take a build.")
    if len(move.loose) != 1:
        raise IllegalAction("casino.capture.face", f"A {name} captures exactly one {name} "
                            f"from the table, not {len(move.loose)} cards.")
    if move.loose[0].rank is not card.rank:
        raise IllegalAction("casino.capture.face", f"A {name} captures only a {name}, not "
                            f"{move.loose[0]}.")


def _capture_value(state: CasinoState, move: Capture, card: Card) -> int:
    """The value a numeral's capture takes its cards as (the card's value, the build's,
    or the one named), once its cards are checked to split into sets of it
    [casino.capture.numeral, casino.build.capture, casino.royal]."""
    rules = state.rules
    royal = rules.royal
    values = card_values(card, rules)
    if move.value is not None and move.value not in values:
        allowed = " or ".join(str(v) for v in values)
        raise IllegalAction("casino.royal" if royal else "casino.capture.numeral",
                            f"{card} captures as {allowed}, not {move.value}.")
    if move.build is not None:
        if build_of(state.builds, move.build) is None:
            builds = ", ".join(str(x.value) for x in state.builds) or "none"
            raise IllegalAction("casino.build.capture", f"There is no build of {move.build} on "
                                f"the table (builds: {builds}).")
        if move.build not in values or move.value not in (None, move.build):
            raise IllegalAction("casino.build.capture", f"The build of {move.build} is taken "
                                f"only by a card of {move.build}; {card} is worth "
                                f"{' or '.join(str(v) for v in values)}.")
    elif not move.loose:
        raise IllegalAction("casino.capture.numeral", "A capture takes at least one table card "
                            "or build; to leave the card on the table, trail it.")
    tries = [move.build] if move.build is not None else (
        [move.value] if move.value is not None else list(values))
    for v in tries:
        assert v is not None
        if splittable(move.loose, v, royal):
            return v
    faces = [c for c in move.loose if not valued(c, royal)]
    if faces:
        raise IllegalAction("casino.capture.face", f"{faces[0]} is a face card: only a "
                            f"{faces[0].rank.word} captures it, one at a time.")
    total = sum(sum_value(c, royal) for c in move.loose)
    v = tries[0]
    assert v is not None
    raise IllegalAction("casino.capture.numeral",
                        f"{card} cannot take {cards_text(move.loose)}: they add up to "
                        f"{total}, which is not made of cards of {v} and sets adding up "
                        f"to {v}, each card in one set only.")


def _check_sets(move: Capture, v: int, royal: bool) -> None:
    """Refuse a grouping of a capture's cards that is not one: ``move.sets``, when named,
    must split exactly the loose cards taken into sets each worth ``v``."""
    sets = move.sets
    ok = isinstance(sets, tuple) and all(
        isinstance(s, tuple) and s and all(isinstance(c, Card) for c in s) for s in sets)
    if ok:
        flat = sorted((c for s in sets for c in s), key=card_code)
        ok = flat == sorted(move.loose, key=card_code) and all(
            _one_set(s, v, royal) for s in sets)
    if not ok:
        raise IllegalAction("casino.capture.numeral", f"The sets named, {sets!r}, do not split "
                            f"the cards taken ({cards_text(move.loose) or 'none'}) into sets "
                            f"of {v}: name each set as a tuple of cards, or name none.")


def _one_set(cards: tuple[Card, ...], v: int, royal: bool) -> bool:
    """Whether ``cards`` are one set worth ``v``: a card of that value alone (an ace alone
    may be 14 in Royal Casino), or numerals adding up to it."""
    if len(cards) == 1:
        c = cards[0]
        return sum_value(c, royal) == v or (royal and v == 14 and c.rank is Rank.ACE)
    vals = [sum_value(c, royal) for c in cards]
    return all(vals) and sum(vals) == v


can_capture = can(verify_capture)


def verify_build(state: CasinoState, move: Build) -> None:
    """Raise IllegalAction unless the build (or addition to a build) is legal
    [casino.build, casino.build.multiple, casino.build.add, casino.build.owner].

    >>> s = position("3C 3D 6H", "AS 2D")
    >>> verify_build(s, Build("3C", 6, "AS 2D")) is None
    True
    >>> verify_build(s, Build("3C", 5, "2D"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You announce "building 5" but hold no other card of 5: your hand after playing 3♣ is 3♦ 6♥. [rule casino.build]
    """
    card = _check_turn(state, move, "verify_build")
    rules = state.rules
    royal = rules.royal
    bv = move.value
    existing = build_of(state.builds, bv) if isinstance(bv, int) else None
    rid = "casino.build.add" if existing is not None else "casino.build"
    if not valued(card, royal):
        raise IllegalAction("casino.build", f"A {card.rank.word} has no number value: face "
                            "cards cannot build.")
    if isinstance(bv, bool) or not isinstance(bv, int) or not 1 <= bv <= rules.max_value:
        raise IllegalAction("casino.build", f"A build is announced as a value from 1 to "
                            f"{rules.max_value}, the value of a capturing card; not {bv!r}.")
    _check_loose(state, move.loose, rid)
    if existing is None and not move.loose:
        raise IllegalAction("casino.build", f"A build needs the card you play and at least one "
                            f"table card; there is no build of {bv} to add {card} to.")
    rest = rest_of_hand(state.hand, card)
    cards = (card, *move.loose)
    if not splittable(cards, bv, royal):
        faces = [c for c in move.loose if not valued(c, royal)]
        if faces:
            raise IllegalAction("casino.build", f"{faces[0]} is a face card: it has no value "
                                "and cannot be built with.")
        total = sum(sum_value(c, royal) for c in cards)
        kind = "the build" if existing is not None else "a build"
        raise IllegalAction(rid, f"{cards_text(cards)} add up to {total}: to make {kind} of "
                            f"{bv} they must be one set adding up to {bv}, or several sets of {bv} "
                            f"each, with {card} in one of them.")
    if not covers(rest, {bv}, royal):
        raise IllegalAction(rid, f"You announce \"building {bv}\" but hold no other card of {bv}: "
                            f"your hand after playing {card} is {cards_text(rest) or 'empty'}.")
    _check_owner(state, rest, set(owned_values(state.builds, state.turn)) | {bv}, card)


can_build = can(verify_build)


def verify_increase(state: CasinoState, move: Increase) -> None:
    """Raise IllegalAction unless the increase is legal [casino.build.increase,
    casino.build.owner].

    >>> s = position("AS 9C 10H", builds=[(8, "5C 3D|6H 2H", 1)])
    >>> verify_increase(s, Increase("AS", 8, 9))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The build of 8 is a multiple build: its value never changes. You may add a set of 8 to it, or capture it. [rule casino.build.increase]
    """
    card = _check_turn(state, move, "verify_increase")
    rules = state.rules
    royal = rules.royal
    b = build_of(state.builds, move.build) if isinstance(move.build, int) else None
    if b is None:
        builds = ", ".join(str(x.value) for x in state.builds) or "none"
        raise IllegalAction("casino.build.increase", f"There is no build of {move.build} on the "
                            f"table to increase (builds: {builds}).")
    if b.multiple:
        raise IllegalAction("casino.build.increase", f"The build of {b.value} is a multiple "
                            f"build: its value never changes. You may add a set of {b.value} "
                            "to it, or capture it.")
    cv = sum_value(card, royal)
    if not cv:
        raise IllegalAction("casino.build.increase", f"A {card.rank.word} has no number "
                            "value: face cards cannot increase a build.")
    nv = b.value + cv
    if move.value != nv:
        raise IllegalAction("casino.build.increase", f"{card} on the build of {b.value} makes "
                            f"{b.value} + {cv} = {nv}, not {move.value}: only the card from "
                            "your hand changes a build's value.")
    if nv > rules.max_value:
        raise IllegalAction("casino.build.increase", f"{b.value} + {cv} = {nv}, and no card "
                            f"captures more than {rules.max_value}.")
    _check_loose(state, move.loose, "casino.build.increase")
    for c in move.loose:
        if not (sum_value(c, royal) == nv or (royal and nv == 14 and c.rank is Rank.ACE)):
            raise IllegalAction("casino.build.increase", f"{c} cannot join the build of {nv}: "
                                f"table cards join an increased build only if each is worth "
                                f"{nv} on its own.")
    rest = rest_of_hand(state.hand, card)
    if not covers(rest, {nv}, royal):
        raise IllegalAction("casino.build.increase", f"You announce \"building {nv}\" but hold "
                            f"no other card of {nv}: your hand after playing {card} is "
                            f"{cards_text(rest) or 'empty'}.")
    owned = {o for o in owned_values(state.builds, state.turn) if o != b.value}
    _check_owner(state, rest, owned | {nv}, card)


can_increase = can(verify_increase)


_VERIFY: dict[type, Callable[[CasinoState, Any], None]] = {
    Trail: verify_trail, Capture: verify_capture, Build: verify_build,
    Increase: verify_increase}


def verify_action(state: CasinoState, action: object) -> None:
    """Raise IllegalAction, naming the rule, unless ``action`` is a legal play now.  Any
    capture named card by card is checked directly, however crowded the table.

    >>> verify_action(position("8S"), Trail("9S"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: It is North's turn and North does not hold 9♠: the hand is 8♠. [rule casino.turn]
    >>> verify_action(position("8S"), "trail 8S")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 'trail 8S' is not a Casino play: on your turn you play one card from your hand, as a Trail, Capture, Build or Increase. [rule casino.turn]
    """
    state = casino_state(state, "verify_action")
    check = _VERIFY.get(type(action))
    if check is None:
        raise _not_a_play(action)
    check(state, action)


can_apply = can(verify_action)

