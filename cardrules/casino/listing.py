"""The legal plays of a position as a lazy collection: counted, indexed, tested for
membership and listed one at a time, never all made at once.

A table of ordinary size is *planned* (:mod:`cardrules.casino.plan`); a crowded one is
counted by segments (:mod:`cardrules.casino.crowded`); a position made by hand that breaks
what play never breaks (a card twice, two builds of one value) is listed by the plain
rules (:mod:`cardrules.casino.plain`).  Whichever way, the collection holds the same plays.

>>> from cardrules.casino import describe, position
>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> plays = CasinoActions(s)
>>> len(plays), Capture("8S", "8D 7C AH") in plays, Capture("8S", "8D 7C 5D") in plays
(10, True, False)
>>> describe(plays[0]), describe(plays[-1])
('capture A♥ 2♣ 5♦ with 8♠', 'trail 8♠')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ..errors import IllegalAction
from ..rng import Rng
from .actions import ACTION_TYPES, Capture, Move, Trail  # noqa: F401  (doctests)
from .checks import can_apply
from .crowded import Segment, draw, segments
from .locate import is_listed
from .plain import plain_legal_actions
from .plan import SMALL_TABLE, Plan, entry_play, plan_of, plan_plays
from .state import CasinoState, Phase

# Royal Casino's plays on a table of more loose cards than this can take seconds to count
# (every card captures as 13 or 14): the collection's repr then does not count them.
QUICK_ROYAL_COUNT = 26


class CasinoActions(Sequence[Move]):
    """The legal plays of a position, in order: for each card in hand its captures, its
    builds (new builds and additions), its increases, then trailing it.  ``len``, ``in``
    and indexing answer without listing; iteration makes one play at a time.

    >>> from cardrules.casino import position
    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> plays = CasinoActions(s)
    >>> len(plays), Trail("2S") in plays, Trail("8S") in plays, "trail 2S" in plays
    (5, True, False, False)
    """

    __slots__ = ("_len", "_plain", "_segments", "kind", "plan", "state")

    def __init__(self, state: CasinoState) -> None:
        self.state = state
        self._segments: list[Segment] | None = None
        self._plain: tuple[Move, ...] | None = None
        t = state.fast
        if (state.phase is Phase.PLAY and t is not None and t.regular
                and len(t.codes) <= SMALL_TABLE):
            #: how the plays are found: "over", "planned", "crowded" or "plain"
            self.kind = "planned"
            #: the plan of a planned position (:mod:`cardrules.casino.plan`), else None
            self.plan: Plan | None = plan_of(state)
            self._len: int | None = self.plan.total
            return
        self.plan = None
        self._len = None
        self.kind = ("over" if state.phase is not Phase.PLAY
                     else "plain" if t is None or not t.regular else "crowded")

    @property
    def segments(self) -> list[Segment]:
        """The plays grouped by card and kind (a table of ordinary size lists them as one
        segment), worked out when first needed."""
        if self._segments is None:
            if self.kind == "crowded":
                self._segments = segments(self.state)
            elif self.kind == "over":
                self._segments = []
            else:
                self._segments = [self.listed()]
        return self._segments

    def listed(self) -> tuple[Move, ...]:
        """Every play, listed (for a position that is not crowded)."""
        if self.kind == "planned":
            plan = self.plan
            assert plan is not None
            return tuple(plan_plays(plan))
        if self.kind == "plain":
            if self._plain is None:
                self._plain = plain_legal_actions(self.state)
            return self._plain
        if self.kind == "over":
            return ()
        return tuple(self)

    def __len__(self) -> int:
        if self._len is None:
            plan = self.plan
            if plan is not None:
                self._len = plan.total
            elif self.kind == "crowded":
                self._len = sum(len(seg) for seg in self.segments)
            else:
                self._len = len(self.listed())
        return self._len

    def __contains__(self, move: object) -> bool:
        if type(move) not in ACTION_TYPES:
            return False
        return is_listed(self.state, move) or can_apply(self.state, move)

    def __iter__(self) -> Iterator[Move]:
        if self.kind == "crowded":
            for seg in self.segments:
                yield from seg
        else:
            yield from self.listed()

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | Sequence[Move]:
        plan = self.plan
        if plan is not None and type(i) is int and 0 <= i < plan.total:
            return entry_play(plan, i)
        if isinstance(i, slice):
            return tuple(self[k] for k in range(*i.indices(len(self))))
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"play {i} of {n}")
        if plan is not None:
            return entry_play(plan, i)
        for seg in self.segments:
            k = len(seg)
            if i < k:
                return seg[i]
            i -= k
        raise IndexError(i)  # pragma: no cover - the lengths add up

    def __bool__(self) -> bool:
        if self.kind == "over":
            return False
        if self._len is not None or self.kind != "crowded":
            return len(self) > 0
        # without counting: the first play of any segment will do
        return any(next(iter(seg), None) is not None for seg in self.segments)

    def draw(self, rng: Rng) -> Move:
        """A play drawn with ``rng``, every play as likely as any other; on a crowded table
        without counting the plays (:func:`~cardrules.casino.crowded.draw`).  A finished
        round has none: IllegalAction.

        >>> from cardrules.casino import position
        >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
        >>> CasinoActions(s).draw(Rng(1)) in CasinoActions(s)
        True
        """
        if self.kind == "crowded" and self._len is None:
            got = draw(self.segments, rng)
            if got is not None:
                return got
        n = len(self)
        if not n:
            raise IllegalAction("casino.turn", "The round is over: no card is left to play "
                                "(deal the next round with next_round).")
        return self[rng.below(n)]

    def __repr__(self) -> str:
        """The number of plays, unless counting them would keep a notebook waiting: a
        crowded Royal Casino table, not yet counted, is named instead.

        >>> from cardrules.casino import position
        >>> s = position("KC 8S AC", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
        ...              "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2S 3S", rules="royal-casino")
        >>> CasinoActions(s)
        <legal Royal Casino plays on a table of 28 loose cards: not counted here, as len() may take seconds>
        """
        s = self.state
        if self._len is None and s.rules.royal and len(s.loose) > QUICK_ROYAL_COUNT:
            return (f"<legal Royal Casino plays on a table of {len(s.loose)} loose cards: "
                    "not counted here, as len() may take seconds>")
        return f"<{len(self)} legal Casino plays>"
