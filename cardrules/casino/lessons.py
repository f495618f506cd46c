"""Helpers for lessons and demonstrations: the captures of one card, the largest ones,
the table as rows, random play, and the contract's small questions (is the round over,
whose turn, which cards)."""

from __future__ import annotations

from itertools import combinations, product

from ..cards import Card, cards_text  # noqa: F401  (doctests)
from ..rng import Rng
from .deal import new_game, next_round, position  # noqa: F401  (doctests)
from .legal import SMALL_TABLE, _Sets, legal_actions, random_action
from .listing import _play
from .rules import load_casino  # noqa: F401  (doctests)
from .state import Capture, CasinoState, Phase, _card_order, _norm_card


# -- helpers for lessons ---------------------------------------------------------------------
def captures_with(state: CasinoState, card: Card | str) -> tuple[Capture, ...]:
    """Every legal capture the player to move can make with ``card``.

    >>> [cards_text(m.loose) for m in captures_with(position("6S", "3C 3D 6H"), "6S")]
    ['6♥', '3♣ 3♦', '3♣ 3♦ 6♥']
    """
    c = _norm_card(card)
    caps: list[Capture] = []
    for seg in legal_actions(state).segments:
        probe = seg[0] if isinstance(seg, tuple) else seg.make(())
        if isinstance(probe, Capture) and probe.card == c:
            caps += [m for m in seg if isinstance(m, Capture)]
    caps.sort(key=lambda m: (len(m.loose), [_card_order(x) for x in m.loose]))
    return tuple(caps)


def largest_captures(state: CasinoState, card: Card | str) -> tuple[Capture, ...]:
    """The captures with ``card`` to which no further table card or build could be added.

    >>> [cards_text(m.loose) for m in largest_captures(position("3C", "AS 2D 3H"), "3C")]
    ['A♠ 2♦ 3♥']
    """
    c = _norm_card(card)
    if len(state.loose) <= SMALL_TABLE:  # listed: compare the captures with one another
        caps = captures_with(state, c)
        keys = [(frozenset(m.loose), m.build) for m in caps]
        small = [m for m, (s, b) in zip(caps, keys, strict=True) if not any(
            (s < s2 and (b is None or b == b2)) or (s <= s2 and b is None and b2 is not None)
            for s2, b2 in keys)]
        small.sort(key=lambda m: (-len(m.loose), [_card_order(x) for x in m.loose]))
        return tuple(small)
    found: list[tuple[tuple[int, ...], int | None, _Sets]] = []
    for seg in legal_actions(state).segments:
        if isinstance(seg, tuple):
            found += [((), m.build, _Fixed(m)) for m in seg  # type: ignore[misc]
                      if isinstance(m, Capture) and m.card == c]
            continue
        probe = seg.make(())
        if isinstance(probe, Capture) and probe.card == c:
            found += [(x, probe.build, seg) for x in seg.sets().vectors()
                      if any(x) or not seg.skip]

    def below(x: tuple[int, ...], y: tuple[int, ...]) -> bool:
        return len(x) <= len(y) and all(a <= b for a, b in zip(x, y, strict=False))

    out: list[Capture] = []
    for x, b, seg in found:
        if isinstance(seg, _Fixed):
            out.append(seg.move)
            continue
        if any((x != y and below(x, y) and (b is None or b == b2))
               or (below(x, y) and b is None and b2 is not None)
               for y, b2, other in found if not isinstance(other, _Fixed)):
            continue
        for cards in product(*(combinations(seg.by_value[a], k) for a, k in enumerate(x))):
            m = seg.make(tuple(sorted((t for part in cards for t in part), key=_card_order)))
            assert isinstance(m, Capture)
            out.append(m)
    out.sort(key=lambda m: (-len(m.loose), [_card_order(x) for x in m.loose]))
    return tuple(out)


class _Fixed:
    """A capture listed as it is (a face card's): it has no larger form."""

    def __init__(self, move: Capture) -> None:
        self.move = move


def table_rows(state: CasinoState) -> list[tuple[str, tuple[Card, ...]]]:
    """The table as labelled rows of cards: loose cards, then each build on its own row.

    >>> table_rows(position("2S", "9D", builds=[(7, "3C 4D", 1)]))
    [('Table', (Card('9♦'),)), ('Build of 7 (single), owner South', (Card('3♣'), Card('4♦')))]
    """
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
        state = _play(state, random_action(state, rng))


def is_over(state: CasinoState) -> bool:
    """Whether the round this state plays is over (its score is final): no card is left
    to play.  :func:`next_round` deals the next round unless the game is won.

    >>> is_over(position("8S", "8D")), is_over(play_randomly(new_game(seed=2), Rng(2), rounds=1))
    (False, True)
    """
    return state.phase is not Phase.PLAY


def to_act(state: CasinoState) -> str | None:
    """The name of the seat whose turn it is, or None when the round is over.

    >>> to_act(new_game(seed=1)), to_act(new_game(seed=1, players=3, dealer=2))
    ('South', 'North')
    """
    if state.phase is not Phase.PLAY:
        return None
    return state.names[state.turn]


def cards_in_play(state: CasinoState) -> tuple[Card, ...]:
    """Every card of the game: hands, table (loose and in builds), the stock and the
    captured piles; always the 52 cards of the pack.

    >>> len(cards_in_play(new_game(seed=1)))
    52
    """
    return state.all_cards()
