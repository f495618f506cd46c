"""Casino in words: a play described as a button says it, and explained with its rule."""

from __future__ import annotations

from ..cards import cards_text
from ..errors import IllegalAction
from .actions import ACTION_TYPES, Build, Capture, Increase, Move, Trail  # noqa: F401
from .checks import verify_action
from .deal import position  # noqa: F401  (doctests)
from .reasons import play_reason
from .state import CasinoState, casino_state


def describe(move: Move) -> str:
    """A play in a few words, as a button says it.

    >>> describe(Capture("8S", "8D 7C AH")), describe(Build("3C", 6, "AS 2D"))
    ('capture A♥ 7♣ 8♦ with 8♠', 'build 6 with 3♣ and A♠ 2♦')
    >>> describe("trail 8S")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 'trail 8S' is not a Casino play: on your turn you play one card from your hand, as a Trail, Capture, Build or Increase. [rule casino.turn]
    """
    if not isinstance(move, ACTION_TYPES):
        raise IllegalAction("casino.turn", f"{move!r} is not a Casino play: on your turn you "
                            "play one card from your hand, as a Trail, Capture, Build or "
                            "Increase.")
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


def explain(state: CasinoState, move: object) -> str:
    """Why ``move`` is legal, in words, or which rule forbids it.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> print(explain(s, Increase("2S", 7, 9, ("9D",))))
    North plays 2♠ on South's build of 7 (3♣+4♦), making 9, and takes in 9♦: it is now a multiple build of 9, owned by North, who holds 9♣ to capture it. Only a single build can be increased, by a card from hand; a table card joins only if it is worth the new value on its own. [rule casino.build.increase]
    >>> print(explain(s, Trail("9C")))
    North trails 9♣: it stays face up on the table. A card may be trailed even when it could capture. [rule casino.trail]
    >>> print(explain(position("8S 3D", "5C", builds=[(8, "6H 2H", 0)]), Trail("3D")))
    Not allowed: You own the build of 8, so you may not trail: capture, build, add to a build or increase one. [rule casino.build.owner]
    >>> print(explain(s, Capture("9C", "9D", sets="x")))
    Not allowed: The sets named, 'x', do not split the cards taken (9♦) into sets of 9: name each set as a tuple of cards, or name none. [rule casino.capture.numeral]
    """
    state = casino_state(state, "explain")
    try:
        verify_action(state, move)
    except IllegalAction as e:
        return f"Not allowed: {e.message} [rule {e.rule_id}]"
    assert isinstance(move, ACTION_TYPES)
    return play_reason(state, move)
