"""A capture chosen card by card, as a player picks cards off the table: which table items
may still join a capture whose card and first items are chosen.  The quiz layer's picker
(``quizzes/play/casino_pick.py``) builds a play this way on tables too crowded for a
button per play.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..errors import IllegalAction
from .actions import Capture
from .checks import can_capture
from .crowded import table_by_value
from .deal import position  # noqa: F401  (doctests)
from .sets import OPEN, value_sets
from .state import CasinoState, Phase, casino_state
from .table import TableBuild, covers_vals
from .values import card_code, card_of, code_value


def capture_options(state: CasinoState, card: Card | str, picked: Sequence[Card | str] = (),
                    build: int | None = None) -> tuple[Card | TableBuild, ...]:
    """The table items that may still join a capture with ``card`` of which ``picked``
    (loose cards) and ``build`` (a build's value, or None) are chosen so far: each loose
    card or build listed leaves a legal capture within reach.  Whether the cards picked are
    a legal capture already is :func:`~cardrules.casino.can_capture`'s question.

    >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
    >>> [str(c) for c in capture_options(s, "8S")]
    ['A♥', '2♣', '5♦', '6♥', '7♣', '8♦']
    >>> [str(c) for c in capture_options(s, "8S", ["7C"])]  # 7 needs the ace
    ['A♥', '2♣', '6♥', '8♦']
    >>> [str(c) for c in capture_options(s, "8S", ["7C", "AH"])]  # 5 needs the ace too
    ['2♣', '6♥', '8♦']
    """
    state = casino_state(state, "capture_options")
    card = card_of(card, "the card played:")
    if isinstance(picked, (str, bytes)) or not isinstance(picked, Sequence):
        raise IllegalAction("casino.capture.numeral", f"the table cards picked are a list of "
                            f"cards; got {picked!r}")
    chosen = tuple(card_of(c, "a table card picked:") for c in picked)
    if state.phase is not Phase.PLAY or card not in state.hand:
        return ()
    royal = state.rules.royal
    left = [c for c in state.loose if c not in chosen]
    cv = code_value(card_code(card), royal)
    if not cv:
        if chosen or build is not None:
            return ()
        return tuple(c for c in left if c.rank is card.rank
                     and can_capture(state, Capture(card, (c,))))
    kinds = _capture_kinds(state, card, cv, build)
    by_value, _ = table_by_value(state)
    sizes = [len(g) for g in by_value]
    floor = [0] * 14
    for c in chosen:
        x = code_value(card_code(c), royal)
        if not x or c not in state.loose:
            return ()
        floor[x] += 1

    def reachable(v: int, extra: int) -> bool:
        top = min(v, 13)
        if any(floor[top + 1:]):  # a card picked above the capturing value
            return False
        f = floor[: top + 1]
        if extra:
            if extra > top:
                return False
            f = f.copy()
            f[extra] += 1
        if any(f[a] > sizes[a] for a in range(top + 1)):
            return False
        return value_sets(v, tuple(sizes[: top + 1]), OPEN, royal and v == 14,
                          tuple(f)).feasible()

    out: list[Card | TableBuild] = []
    for c in left:
        x = code_value(card_code(c), royal)
        if x and any(reachable(v, x) for v, _ in kinds):
            out.append(c)
    if build is None:
        for b in state.builds:
            if (b.value, True) in kinds and reachable(b.value, 0):
                out.append(b)
    return tuple(out)


def _capture_kinds(state: CasinoState, card: Card, cv: int, build: int | None
                   ) -> list[tuple[int, bool]]:
    """The captures ``card`` may make, as (capturing value, with the build of it): the
    builds the player owns keep a card to capture them [casino.build.owner]."""
    royal = state.rules.royal
    seat = state.turn
    rest_vals = [code_value(card_code(c), royal) for c in state.hands[seat] if c != card]
    owned = [b.value for b in state.builds if b.owner == seat]
    keeps = not owned or covers_vals(rest_vals, owned, royal)
    values = {b.value for b in state.builds}
    kinds: list[tuple[int, bool]] = []
    for v in ((1, 14) if royal and cv == 1 else (cv,)):
        with_b = v in values and (not owned or covers_vals(
            rest_vals, [o for o in owned if o != v], royal))
        if build is None:
            if keeps:
                kinds.append((v, False))
            if with_b:
                kinds.append((v, True))
        elif build == v and with_b:
            kinds.append((v, True))
    return kinds
