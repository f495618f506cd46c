"""Casino in words: a play described in a few words, and explained with its rule."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank, cards_text
from ..errors import IllegalAction
from .checks import verify_action
from .deal import position  # noqa: F401  (doctests)
from .state import (
    Build,
    Capture,
    CasinoState,
    Increase,
    Move,
    Trail,
    _sum_value,
    _valued,
    card_values,
)
from .table import _owned, _rest, _tidy, partition


# -- explaining ---------------------------------------------------------------------------------
def _sets_text(sets: Sequence[Sequence[Card]]) -> str:
    words = ["+".join(str(c) for c in s) for s in sets]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _move_rule(state: CasinoState, move: Move) -> str:
    if isinstance(move, Trail):
        return "casino.trail"
    if isinstance(move, Capture):
        if move.build is not None:
            return "casino.build.capture"
        if not _valued(move.card, state.rules.royal):
            return "casino.capture.face"
        return "casino.capture.numeral"
    if isinstance(move, Increase):
        return "casino.build.increase"
    if state.build_of(move.value) is not None:
        return "casino.build.add"
    return "casino.build" if sum(_sum_value(c, state.rules.royal) for c in (
        move.card, *move.loose)) == move.value else "casino.build.multiple"


def describe(move: Move) -> str:
    """A play in a few words.

    >>> describe(Capture("8S", "8D 7C AH")), describe(Build("3C", 6, "AS 2D"))
    ('capture A♥ 7♣ 8♦ with 8♠', 'build 6 with 3♣ and A♠ 2♦')
    """
    if isinstance(move, Trail):
        return f"trail {move.card}"
    if isinstance(move, Capture):
        what = " ".join(map(str, move.loose))
        if move.build is not None:
            what = f"{what} and the build of {move.build}" if what else f"the build of {move.build}"
        return f"capture {what} with {move.card}"
    if isinstance(move, Build):
        extra = f" and {cards_text(move.loose)}" if move.loose else ""
        return f"build {move.value} with {move.card}{extra}"
    extra = f", taking in {cards_text(move.loose)}" if move.loose else ""
    return f"increase the build of {move.build} to {move.value} with {move.card}{extra}"


def explain(state: CasinoState, move: Move) -> str:
    """Why ``move`` is legal, in words, or which rule forbids it.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> print(explain(s, Increase("2S", 7, 9, ("9D",))))
    North plays 2♠ on South's build of 7 (3♣+4♦), making 9, and takes in 9♦: it is now a multiple build of 9, owned by North, who holds 9♣ to capture it. Only a single build can be increased, by a card from hand; a table card joins only if it is worth the new value on its own. [rule casino.build.increase]
    >>> print(explain(s, Trail("9C")))
    North trails 9♣: it stays face up on the table. A card may be trailed even when it could capture. [rule casino.trail]
    >>> print(explain(position("8S 3D", "5C", builds=[(8, "6H 2H", 0)]), Trail("3D")))
    Not allowed: You own the build of 8, so you may not trail: capture, build, add to a build or increase one. [rule casino.build.owner]
    """
    try:
        verify_action(state, move)
    except IllegalAction as e:
        return f"Not allowed: {e.message} [rule {e.rule_id}]"
    return _explain_legal(state, move)


def _explain_legal(state: CasinoState, move: Move) -> str:
    rules = state.rules
    royal = rules.royal
    who = state.names[state.turn]
    card = move.card
    rid = _move_rule(state, move)
    rest = _rest(state, card)
    if isinstance(move, Trail):
        owned = _owned(state, state.turn)
        extra = (" The owner may trail under these house rules, keeping the capturing card."
                 if owned else "")
        return (f"{who} trails {card}: it stays face up on the table. A card may be trailed "
                f"even when it could capture.{extra} [rule {rid}]")
    if isinstance(move, Capture):
        if not _valued(card, royal):
            return (f"{who} plays {card} and captures {move.loose[0]}: a face card takes one "
                    f"card of its own rank, only one. [rule {rid}]")
        v = move.build if move.build is not None else move.value
        values = [v] if v is not None else list(card_values(card, rules))
        sets: tuple[tuple[Card, ...], ...] | None = None
        for x in values:
            assert x is not None
            sets = partition(move.loose, x, rules)
            if sets is not None:
                v = x
                break
        assert sets is not None and v is not None
        if move.sets and move.value == v:
            sets = _tidy(move.sets)
        parts = []
        if move.build is not None:
            b = state.build_of(move.build)
            assert b is not None
            parts.append(f"the build of {b.value} ({_sets_text(b.parts)})")
        if sets:
            parts.append(_sets_text(sets))
        ace = (f" (the ace counting {v})" if royal and card.rank is Rank.ACE else "")
        if move.build is not None:
            reason = (f"a build is taken whole by a card of its value, with loose cards and "
                      f"sets of {v} if you like")
        else:
            reason = ("a numeral takes table cards of its own rank and sets of cards adding "
                      "up to its value, each card in one set only")
        return (f"{who} plays {card}{ace} and captures {' and '.join(parts)}: {reason}. "
                f"[rule {rid}]")
    if isinstance(move, Build):
        bv = move.value
        old = state.build_of(bv)
        new_parts = partition((card, *move.loose), bv, rules)
        assert new_parts is not None
        keep = [c for c in rest if bv in card_values(c, rules)]
        hold = f"{who} holds {keep[0]} to capture it"
        if old is not None:
            owner = state.names[old.owner]
            whose = "own" if old.owner == state.turn else f"{owner}'s"
            return (f"{who} plays {card} and adds {_sets_text(new_parts)} to {whose} build of "
                    f"{bv}: it is now a multiple build of {bv}, owned by {who}; {hold}. Any "
                    f"build may be added to with a set of its value. [rule {rid}]")
        if len(new_parts) == 1:
            return (f"{who} plays {card} on {cards_text(move.loose)} and announces \"building "
                    f"{bv}\": {'+'.join(map(str, new_parts[0]))} = {bv}, a single build; {hold}. "
                    f"[rule {rid}]")
        return (f"{who} plays {card} and announces \"building {bv}\": {_sets_text(new_parts)} "
                f"are each worth {bv}, a multiple build; {hold}. [rule {rid}]")
    b = state.build_of(move.build)
    assert b is not None
    owner = "their own" if b.owner == state.turn else f"{state.names[b.owner]}'s"
    keep = [c for c in rest if move.value in card_values(c, rules)]
    took = f", and takes in {cards_text(move.loose)}" if move.loose else ""
    other = state.build_of(move.value)
    multiple = bool(move.loose) or other is not None
    joined = f" It joins the build of {move.value} already on the table." if other else ""
    kind = "multiple" if multiple else "single"
    return (f"{who} plays {card} on {owner} build of {b.value} ({_sets_text(b.parts)}), making "
            f"{move.value}{took}: it is now a {kind} build of {move.value}, owned by {who}, who "
            f"holds {keep[0]} to capture it.{joined} Only a single build can be increased, by a "
            "card from hand; a table card joins only if it is worth the new value on its own. "
            f"[rule {rid}]")


