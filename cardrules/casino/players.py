"""Random play, and the computer players of Casino.

Each player reads only its seat's view (:class:`~cardrules.casino.view.CasinoView`): its
own hand, the table and its legal plays.  The greedy player looks for its best capture
without listing the plays, so it plays at once on a crowded table too.

>>> from cardrules.casino import new_game, view
>>> s = new_game(seed=1)
>>> greedy(view(s, "South"), Rng(1)) in view(s, "South").legal
True
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import Card, Rank, Suit
from ..errors import IllegalAction
from ..game import Player, View, check_rng
from ..rng import Rng
from .actions import Build, Capture, Increase, Move, Trail
from .apply import legal_actions
from .crowded import Segment, SetsSegment
from .deal import position  # noqa: F401  (doctests)
from .explain import describe  # noqa: F401  (doctests)
from .listing import CasinoActions
from .sets import best_vector
from .state import CasinoState, casino_state, to_act
from .table import TableBuild, build_of, splittable
from .values import BIG_CASINO, LITTLE_CASINO, card_code, sum_value
from .view import CasinoView, casino_view, view


def random_action(state: CasinoState, rng: Rng) -> Move:
    """A legal play drawn with ``rng``, every play as likely as any other, without listing
    them: the collection finds the n-th play directly (on a crowded table it draws without
    even counting them).  A finished round has no play: IllegalAction.

    >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
    >>> random_action(s, Rng(1)) in legal_actions(s)
    True
    """
    state = casino_state(state, "random_action")
    return legal_actions(state).draw(check_rng(rng))


def random_play(view: View[Move], rng: Rng) -> Move:
    """The random player: a legal play drawn with ``rng``, every play as likely as any
    other.

    >>> from cardrules.casino import new_game, view as seat_view
    >>> random_play(seat_view(new_game(seed=1), "South"), Rng(1)) in legal_actions(new_game(seed=1))
    True
    """
    plays = casino_view(view).legal
    rng = check_rng(rng)
    if isinstance(plays, CasinoActions):
        return plays.draw(rng)
    return rng.choice(tuple(plays))


# -- the greedy player ----------------------------------------------------------------------------
SURE = 10_000  # a point the capture is sure of outweighs any number of cards
CARD = 100  # a card outweighs any number of spades


def card_worth(card: Card) -> int:
    """What taking ``card`` is worth to the greedy player: the points it is sure of first
    (an ace 1, big casino 2, little casino 1), then 1 toward most cards, then 1 toward most
    spades, weighted so that each counts only when the one before is equal.

    >>> card_worth(Card(Rank.TEN, Suit.DIAMONDS)), card_worth(Card(Rank.FIVE, Suit.SPADES))
    (20100, 101)
    """
    points = (card.rank is Rank.ACE) + 2 * (card == BIG_CASINO) + (card == LITTLE_CASINO)
    return SURE * points + CARD + (card.suit is Suit.SPADES)


def capture_worth(builds: tuple[TableBuild, ...], move: Capture) -> int:
    """What a capture takes, by :func:`card_worth`: the card played, the loose cards and
    the build's cards."""
    got = [move.card, *move.loose]
    if move.build is not None:
        b = build_of(builds, move.build)
        if b is not None:
            got += b.cards
    return sum(card_worth(c) for c in got)


def sweepable(loose: tuple[Card, ...], builds: tuple[TableBuild, ...], royal: bool,
              max_value: int) -> bool:
    """Whether one card could take everything on this table (a sweep): loose cards that
    split into sets of one value, with the one build of that value if there is a build; or
    in the base game a lone face card, which a card of its rank takes.

    >>> from cardrules.cards import parse_cards
    >>> sweepable(parse_cards("3C 5D"), (), False, 10), sweepable(parse_cards("3C 5D 9H"), (), False, 10)
    (True, False)
    """
    if not loose and not builds:
        return False
    if len(builds) > 1:
        return False
    if not builds and len(loose) == 1 and not sum_value(loose[0], royal):
        return True
    values = [builds[0].value] if builds else range(1, max_value + 1)
    return any(splittable(loose, v, royal) for v in values)


def greedy(view: View[Move], rng: Rng) -> Move:
    """The greedy player (see :data:`PLAYERS` for its rule of play).

    >>> from cardrules.casino import view as seat_view
    >>> s = position("8S 3D", "AH 2C 5D 6H 7C 8D")
    >>> describe(greedy(seat_view(s, "North"), Rng(1)))
    'capture A♥ 2♣ 6♥ 7♣ 8♦ with 8♠'
    """
    v = casino_view(view)
    check_rng(rng)  # the greedy player draws nothing, but takes what every player takes
    plays = v.legal
    if not isinstance(plays, CasinoActions):
        plays = legal_actions(_position_of(v))
    capture = _best_capture(v, plays)
    if capture is not None:
        return capture
    build = _best_build(plays)
    if build is not None:
        return build
    return _safest_trail(v, plays)


def _position_of(v: CasinoView) -> CasinoState:
    """The seat's own position, from its view alone (for a view made without plays)."""
    hands = tuple(v.hand if i == v.me else () for i in range(len(v.names)))
    return CasinoState(v.rules, v.dealer, v.me, hands, v.loose, v.builds, (),
                       ((),) * len(hands), ((),) * len(hands), v.last_capturer, v.deal,
                       v.round, v.scores, seats=v.names)


def _best_capture(v: CasinoView, plays: CasinoActions) -> Capture | None:
    """The capture worth most (:func:`capture_worth`, a sweep adding a sure point where
    sweeps score), the first found on a tie; None when there is none."""
    best: tuple[int, Capture] | None = None
    for seg in plays.segments:
        for worth, m in _captures_of(v, seg):
            if best is None or worth > best[0]:
                best = (worth, m)
    if v.rules.sweeps and len(v.builds) <= 1:
        build = v.builds[0].value if v.builds else None
        for card in v.hand:
            sweep = Capture(card, v.loose, build=build)
            if (v.loose or v.builds) and sweep in plays:
                worth = capture_worth(v.builds, sweep) + SURE
                if best is None or worth > best[0]:
                    best = (worth, sweep)
    return best[1] if best is not None else None


def _captures_of(v: CasinoView, seg: Segment) -> Iterator[tuple[int, Capture]]:
    """The captures of a segment worth considering: all of a listed one, the best of a
    counted one (found by :func:`~cardrules.casino.sets.best_vector` on the worth of the
    cards of each value)."""
    if isinstance(seg, tuple):
        for m in seg:
            if isinstance(m, Capture):
                yield capture_worth(v.builds, m), m
        return
    probe = seg.make(())
    if not isinstance(probe, Capture):
        return
    ranked = [tuple(sorted(g, key=card_worth, reverse=True)) for g in seg.by_value]
    gains = [[sum(card_worth(c) for c in g[:k]) for k in range(len(g) + 1)] for g in ranked]
    best = _best_way(seg, ranked, gains)
    if isinstance(best, Capture):
        yield capture_worth(v.builds, best), best


def _best_way(seg: SetsSegment, ranked: list[tuple[Card, ...]],
              gains: list[list[int]]) -> Move | None:
    """The play of a counted segment that takes the most by ``gains`` (``gains[a][k]``:
    the ``k`` best cards of value ``a``), or None."""
    quick = best_vector(*seg.args, gains)
    found = seg.sets().best(gains) if quick is False else quick
    if found is None or found is True:
        return None
    _, how_many = found
    taken = sorted((c for a, k in enumerate(how_many) if k for c in ranked[a][:k]),
                   key=card_code)
    if not taken and seg.skip:
        return None
    return seg.make(tuple(taken))


def _best_build(plays: CasinoActions) -> Build | Increase | None:
    """The build or increase that takes the most table cards, the first found on a tie."""
    best: tuple[int, Build | Increase] | None = None
    for seg in plays.segments:
        if isinstance(seg, tuple):
            found: list[Move | None] = [m for m in seg if isinstance(m, (Build, Increase))]
        else:
            probe = seg.make(())
            if not isinstance(probe, Build):
                continue
            ranked = [tuple(g) for g in seg.by_value]
            found = [_best_way(seg, ranked, [list(range(len(g) + 1)) for g in ranked])]
        for m in found:
            if not isinstance(m, (Build, Increase)):
                continue
            if best is None or len(m.loose) > best[0]:
                best = (len(m.loose), m)
    return best[1] if best is not None else None


def _safest_trail(v: CasinoView, plays: CasinoActions) -> Move:
    """The trail of the least valuable card (least :func:`card_worth`, then the lowest
    card) among those that leave no table a card could sweep; of all trails when each one
    does; any play when no card may be trailed."""
    trails = [Trail(c) for c in v.hand if Trail(c) in plays]
    if not trails:
        return next(iter(plays))

    def key(t: Trail) -> tuple[bool, int, int]:
        after = (*v.loose, t.card)
        return (sweepable(after, v.builds, v.rules.royal, v.rules.max_value),
                card_worth(t.card), card_code(t.card))

    return min(trails, key=key)


def greedy_move(state: CasinoState) -> Move:
    """The greedy player's play for the seat to play: captures first, the most valuable
    one; else the build taking most; else the safest trail of the least useful card.

    >>> describe(greedy_move(position("8S 3D", "AH 2C 5D 6H 7C 8D")))
    'capture A♥ 2♣ 6♥ 7♣ 8♦ with 8♠'
    """
    state = casino_state(state, "greedy_move")
    seat = to_act(state)
    if seat is None:
        raise IllegalAction("casino.turn", "The round is over: no card is left to play "
                            "(deal the next round with next_round).")
    return greedy(view(state, seat), Rng(0))


PLAYERS: tuple[Player[Move], ...] = (
    Player("greedy", "Greedy",
           "Captures whenever it can, taking the capture that scores most now: first the "
           "points it is sure of (1 for each ace, 2 for big casino, 1 for little casino, 1 "
           "for a sweep where sweeps score), then the most cards, then the most spades. "
           "Without a capture it makes the build or increase that takes the most table "
           "cards; failing that it trails its least valuable card, one that leaves no "
           "table a single card could sweep whenever it has such a trail.", greedy),
    Player("random", "Random", "Makes a legal play drawn at random, every play as likely "
           "as any other.", random_play),
)
