"""Why a legal play is legal, in words: the sentence the game's record and
:func:`cardrules.casino.explain` give, with the rule that allows the play.

It reads a position through :class:`Position` (what a sentence needs: the rules, the seats'
names, whose turn it is, that player's hand and the builds), so that the record of a game
can explain its plays when it is read, without this module knowing the state's class.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..cards import Card, Rank, cards_text
from .actions import Build, Capture, Increase, Move, Trail
from .profile import CasinoRules
from .table import TableBuild, build_of, owned_values, partition, rest_of_hand, tidy
from .values import card_values, sum_value, valued


class Position(Protocol):
    """What the sentences read of a position (a :class:`~cardrules.casino.CasinoState`, or
    the :class:`~cardrules.casino.state.Played` position of a play in the record): the
    rules, the seat to play, its hand, the builds and the seats' names."""

    @property
    def rules(self) -> CasinoRules: ...
    @property
    def turn(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def builds(self) -> tuple[TableBuild, ...]: ...
    @property
    def names(self) -> tuple[str, ...]: ...


def sets_text(sets: Sequence[Sequence[Card]]) -> str:
    """Sets of cards in words: ``7♣+A♥ and 6♥+2♣``.

    >>> from cardrules.cards import parse_cards
    >>> sets_text([parse_cards("7C AH"), parse_cards("6H 2C")])
    '7♣+A♥ and 6♥+2♣'
    """
    words = ["+".join(str(c) for c in s) for s in sets]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def play_rule(position: Position, move: Move) -> str:
    """The rule a legal play is made under: ``casino.trail``, ``casino.capture.numeral``,
    ``casino.build.add`` and so on."""
    if isinstance(move, Trail):
        return "casino.trail"
    if isinstance(move, Capture):
        if move.build is not None:
            return "casino.build.capture"
        if not valued(move.card, position.rules.royal):
            return "casino.capture.face"
        return "casino.capture.numeral"
    if isinstance(move, Increase):
        return "casino.build.increase"
    if build_of(position.builds, move.value) is not None:
        return "casino.build.add"
    royal = position.rules.royal
    single = sum(sum_value(c, royal) for c in (move.card, *move.loose)) == move.value
    return "casino.build" if single else "casino.build.multiple"


def play_reason(position: Position, move: Move) -> str:
    """Why ``move``, a legal play in ``position``, is legal: what it does, and the rule.

    >>> from cardrules.casino import Trail, position
    >>> print(play_reason(position("8S 4D", "8C"), Trail("8S")))
    North trails 8♠: it stays face up on the table. A card may be trailed even when it could capture. [rule casino.trail]
    """
    if isinstance(move, Trail):
        return _trail_reason(position, move)
    if isinstance(move, Capture):
        return _capture_reason(position, move)
    if isinstance(move, Build):
        return _build_reason(position, move)
    return _increase_reason(position, move)


def _trail_reason(position: Position, move: Trail) -> str:
    who = position.names[position.turn]
    owned = owned_values(position.builds, position.turn)
    extra = (" The owner may trail under these house rules, keeping the capturing card."
             if owned else "")
    return (f"{who} trails {move.card}: it stays face up on the table. A card may be trailed "
            f"even when it could capture.{extra} [rule {play_rule(position, move)}]")


def _capture_reason(position: Position, move: Capture) -> str:
    rules = position.rules
    royal = rules.royal
    who = position.names[position.turn]
    card = move.card
    rid = play_rule(position, move)
    if not valued(card, royal):
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
        sets = tidy(move.sets)
    parts = []
    if move.build is not None:
        b = build_of(position.builds, move.build)
        assert b is not None
        parts.append(f"the build of {b.value} ({sets_text(b.parts)})")
    if sets:
        parts.append(sets_text(sets))
    ace = f" (the ace counting {v})" if royal and card.rank is Rank.ACE else ""
    if move.build is not None:
        reason = (f"a build is taken whole by a card of its value, with loose cards and "
                  f"sets of {v} if you like")
    else:
        reason = ("a numeral takes table cards of its own rank and sets of cards adding "
                  "up to its value, each card in one set only")
    return (f"{who} plays {card}{ace} and captures {' and '.join(parts)}: {reason}. "
            f"[rule {rid}]")


def _build_reason(position: Position, move: Build) -> str:
    rules = position.rules
    who = position.names[position.turn]
    card = move.card
    rid = play_rule(position, move)
    rest = rest_of_hand(position.hand, card)
    bv = move.value
    old = build_of(position.builds, bv)
    new_parts = partition((card, *move.loose), bv, rules)
    assert new_parts is not None
    keep = [c for c in rest if bv in card_values(c, rules)]
    hold = f"{who} holds {keep[0]} to capture it"
    if old is not None:
        owner = position.names[old.owner]
        whose = "own" if old.owner == position.turn else f"{owner}'s"
        return (f"{who} plays {card} and adds {sets_text(new_parts)} to {whose} build of "
                f"{bv}: it is now a multiple build of {bv}, owned by {who}; {hold}. Any "
                f"build may be added to with a set of its value. [rule {rid}]")
    if len(new_parts) == 1:
        return (f"{who} plays {card} on {cards_text(move.loose)} and announces \"building "
                f"{bv}\": {'+'.join(map(str, new_parts[0]))} = {bv}, a single build; {hold}. "
                f"[rule {rid}]")
    return (f"{who} plays {card} and announces \"building {bv}\": {sets_text(new_parts)} "
            f"are each worth {bv}, a multiple build; {hold}. [rule {rid}]")


def _increase_reason(position: Position, move: Increase) -> str:
    rules = position.rules
    who = position.names[position.turn]
    card = move.card
    rid = play_rule(position, move)
    rest = rest_of_hand(position.hand, card)
    b = build_of(position.builds, move.build)
    assert b is not None
    owner = "their own" if b.owner == position.turn else f"{position.names[b.owner]}'s"
    keep = [c for c in rest if move.value in card_values(c, rules)]
    took = f", and takes in {cards_text(move.loose)}" if move.loose else ""
    other = build_of(position.builds, move.value)
    multiple = bool(move.loose) or other is not None
    joined = f" It joins the build of {move.value} already on the table." if other else ""
    kind = "multiple" if multiple else "single"
    return (f"{who} plays {card} on {owner} build of {b.value} ({sets_text(b.parts)}), making "
            f"{move.value}{took}: it is now a {kind} build of {move.value}, owned by {who}, who "
            f"holds {keep[0]} to capture it.{joined} Only a single build can be increased, by a "
            "card from hand; a table card joins only if it is worth the new value on its own. "
            f"[rule {rid}]")
