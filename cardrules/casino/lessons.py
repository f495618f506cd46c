"""Helpers for the book, the lessons and the quizzes: the captures of one card, the largest
ones, the table as rows of cards, and random play through rounds."""

from __future__ import annotations

from itertools import combinations, product

from ..cards import Card, cards_text  # noqa: F401  (doctests)
from ..game import SetupError, check_rng
from ..rng import Rng
from .actions import Capture
from .apply import apply, legal_actions
from .crowded import SetsSegment
from .deal import new_game, next_round, position  # noqa: F401  (doctests)
from .plan import SMALL_TABLE
from .players import random_action
from .profile import load_casino  # noqa: F401  (doctests)
from .state import CasinoState, Phase, casino_state
from .values import card_code, card_of


def captures_with(state: CasinoState, card: Card | str) -> tuple[Capture, ...]:
    """Every legal capture the player to move can make with ``card``.

    >>> [cards_text(m.loose) for m in captures_with(position("6S", "3C 3D 6H"), "6S")]
    ['6♥', '3♣ 3♦', '3♣ 3♦ 6♥']
    """
    state = casino_state(state, "captures_with")
    c = card_of(card)
    caps: list[Capture] = []
    for seg in legal_actions(state).segments:
        if isinstance(seg, tuple):
            caps += [m for m in seg if isinstance(m, Capture) and m.card == c]
            continue
        probe = seg.make(())
        if isinstance(probe, Capture) and probe.card == c:
            caps += [m for m in seg if isinstance(m, Capture)]
    caps.sort(key=lambda m: (len(m.loose), [card_code(x) for x in m.loose]))
    return tuple(caps)


def largest_captures(state: CasinoState, card: Card | str) -> tuple[Capture, ...]:
    """The captures with ``card`` to which no further table card or build could be added.

    >>> [cards_text(m.loose) for m in largest_captures(position("3C", "AS 2D 3H"), "3C")]
    ['A♠ 2♦ 3♥']
    """
    state = casino_state(state, "largest_captures")
    c = card_of(card)
    if len(state.loose) <= SMALL_TABLE:  # listed: compare the captures with one another
        caps = captures_with(state, c)
        keys = [(frozenset(m.loose), m.build) for m in caps]
        small = [m for m, (s, b) in zip(caps, keys, strict=True) if not any(
            (s < s2 and (b is None or b == b2)) or (s <= s2 and b is None and b2 is not None)
            for s2, b2 in keys)]
        small.sort(key=lambda m: (-len(m.loose), [card_code(x) for x in m.loose]))
        return tuple(small)
    return _largest_counted(state, c)


def _largest_counted(state: CasinoState, c: Card) -> tuple[Capture, ...]:
    """:func:`largest_captures` on a crowded table: the largest count vectors of each
    segment of captures, then their cards."""
    found: list[tuple[tuple[int, ...], int | None, SetsSegment | Capture]] = []
    for seg in legal_actions(state).segments:
        if isinstance(seg, tuple):
            found += [((), m.build, m) for m in seg if isinstance(m, Capture) and m.card == c]
            continue
        probe = seg.make(())
        if isinstance(probe, Capture) and probe.card == c:
            found += [(x, probe.build, seg) for x in seg.sets().vectors()
                      if any(x) or not seg.skip]

    def below(x: tuple[int, ...], y: tuple[int, ...]) -> bool:
        return len(x) <= len(y) and all(a <= b for a, b in zip(x, y, strict=False))

    out: list[Capture] = []
    for x, b, where in found:
        if isinstance(where, Capture):  # a face card's capture: it has no larger form
            out.append(where)
            continue
        if any((x != y and below(x, y) and (b is None or b == b2))
               or (below(x, y) and b is None and b2 is not None)
               for y, b2, other in found if not isinstance(other, Capture)):
            continue
        for cards in product(*(combinations(where.by_value[a], k) for a, k in enumerate(x))):
            m = where.make(tuple(sorted((t for part in cards for t in part), key=card_code)))
            assert isinstance(m, Capture)
            out.append(m)
    out.sort(key=lambda m: (-len(m.loose), [card_code(x) for x in m.loose]))
    return tuple(out)


def table_rows(state: CasinoState) -> list[tuple[str, tuple[Card, ...]]]:
    """The table as labelled rows of cards: loose cards, then each build on its own row.

    >>> table_rows(position("2S", "9D", builds=[(7, "3C 4D", 1)]))
    [('Table', (Card('9♦'),)), ('Build of 7 (single), owner South', (Card('3♣'), Card('4♦')))]
    """
    state = casino_state(state, "table_rows")
    rows = [("Table", state.loose)]
    rows += [(b.label(state.names), b.cards) for b in state.builds]
    return rows


def play_randomly(state: CasinoState, rng: Rng, rounds: int | None = None) -> CasinoState:
    """Play on with random legal moves (new rounds dealt from the game's seed) until the
    game is over, or until ``rounds`` rounds have ended.

    >>> s = play_randomly(new_game(load_casino(), seed=5), Rng(5))
    >>> s.phase, max(s.scores) >= 21
    (<Phase.GAME_OVER: 'game over'>, True)
    """
    state = casino_state(state, "play_randomly")
    rng = check_rng(rng)
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                               or rounds < 1):
        raise SetupError(f"rounds is a number of rounds, 1 or more (or None: to the end of "
                         f"the game); got {rounds!r}")
    done = 0
    while True:
        if state.phase is Phase.GAME_OVER:
            return state
        if state.phase is Phase.ROUND_OVER:
            done += 1
            if rounds is not None and done >= rounds:
                return state
            state = next_round(state)
            continue
        state = apply(state, random_action(state, rng))
