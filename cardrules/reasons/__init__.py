"""Reasons: the engine's working for one decision, as typed records.

A :class:`Reason` names the rule it applies and its steps: the facts of the case in the
order they are used (each card's value, a sum and its total, a comparison with a
threshold and the profile option it comes from, a row of a table, two totals compared,
a poker hand made...).  The records hold numbers, cards and the game's own short words
("the banker", "draws"), never sentences: whoever shows a reason words it (the quiz layer
renders one as a hint and a worked solution), and a test can read every fact back and
check it against the cards and the rules.

>>> from cardrules.cards import parse_cards
>>> s = card_sum("the hand", [(c, c.rank.pips) for c in parse_cards("7C 8D")], last_digit=True)
>>> s.total, s.result
(15, 5)
>>> Threshold("the hand", Measure.TOTAL, 5, Relation.AT_MOST, 5, True).holds
True
>>> to_data(Reason("banco.hand-value", (s,)))["steps"][0]["values"][0]
{'card': '7C', 'value': 7}

Every record is frozen, and :func:`to_data` turns a reason into plain JSON data (each
record a ``{"type": ..., field: ...}`` object, cards as codes, fractions as text), the
form the quiz layer's payload carries.  Standard library only.

The records live by kind in the modules of this package, and are all imported here (import
them from :mod:`cardrules.reasons`): :mod:`~cardrules.reasons.base` (sums, thresholds,
tables, comparisons, deals, payouts, poker hands), :mod:`~cardrules.reasons.table` (table
play in chips and seats: Palace Poker, the next seat in any game),
:mod:`~cardrules.reasons.pontoon`, :mod:`~cardrules.reasons.dealer` (hands against a dealer:
Casino Pontoon) and :mod:`~cardrules.reasons.casino`.  One name, one record: a record that
two games need is shared, not defined twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from ..cards import Card
from .base import (
    AllOf,
    CardValue,
    CategoryOrder,
    Compare,
    Deal,
    Decider,
    HandOrder,
    Measure,
    Payout,
    PokerHand,
    Relation,
    Rotation,
    SetAside,
    Settles,
    Sum,
    TableRow,
    Then,
    Threshold,
)
from .casino import (
    CapturesBuild,
    CasinoStep,
    CountOut,
    Deals,
    GameEnd,
    Keeps,
    Makes,
    Most,
    Owns,
    Point,
    Raises,
    Residue,
    Sweep,
    Takes,
    Tally,
)
from .dealer import (
    DoubleRule,
    DrawRule,
    HouseRule,
    Insurance,
    MoveValues,
    Paid,
    Showdown,
    SoftAce,
    SplitRule,
)
from .pontoon import (
    AceChoice,
    Cuts,
    Figure,
    HandClass,
    Pair,
    Range,
    Ruling,
    Turns,
    Versus,
)
from .table import (
    Amount,
    BannerTurn,
    Calc,
    Highest,
    Limit,
    Moved,
    NextSeat,
    Op,
    QuietRound,
    Setting,
    Split,
    SuitCount,
    SuitsDiffer,
)

__all__ = [
    "AceChoice",
    "AllOf",
    "Amount",
    "BannerTurn",
    "Calc",
    "CapturesBuild",
    "CardValue",
    "CasinoStep",
    "CategoryOrder",
    "Compare",
    "CountOut",
    "Cuts",
    "Deal",
    "Deals",
    "Decider",
    "DoubleRule",
    "DrawRule",
    "Figure",
    "GameEnd",
    "HandClass",
    "HandOrder",
    "Highest",
    "HouseRule",
    "Insurance",
    "Keeps",
    "Limit",
    "Makes",
    "Measure",
    "Most",
    "MoveValues",
    "Moved",
    "NextSeat",
    "Op",
    "Owns",
    "Paid",
    "Pair",
    "Payout",
    "Point",
    "PokerHand",
    "QuietRound",
    "Raises",
    "Range",
    "Reason",
    "Relation",
    "Residue",
    "Rotation",
    "Ruling",
    "SetAside",
    "Setting",
    "Settles",
    "Showdown",
    "SoftAce",
    "Split",
    "SplitRule",
    "Step",
    "SuitCount",
    "SuitsDiffer",
    "Sum",
    "Sweep",
    "TableRow",
    "Takes",
    "Tally",
    "Then",
    "Threshold",
    "Turns",
    "Versus",
    "card_sum",
    "to_data",
]

Step = (Sum | Threshold | AllOf | TableRow | Compare | Deal | Rotation | Payout | Then | SetAside
        | PokerHand | HandOrder | CategoryOrder
        | Calc | Limit | Setting | Highest | BannerTurn | NextSeat | SuitsDiffer | SuitCount
        | Moved | QuietRound | Split
        | AceChoice | HandClass | Versus | Figure | Range | Ruling | Pair | Cuts | Turns
        | SoftAce | DrawRule | DoubleRule | SplitRule | HouseRule | Showdown | Paid | Insurance
        | MoveValues | CasinoStep)
"""One step of a reason."""


@dataclass(frozen=True)
class Reason:
    """The working of one decision: the rule applied and its steps, in order."""

    rule: str
    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"a reason for {self.rule!r} needs at least one step")


def card_sum(of: str, values: Iterable[tuple[Card, int]], last_digit: bool = False) -> Sum:
    """The :class:`Sum` of cards given with their values.

    >>> from cardrules.cards import parse_cards
    >>> card_sum("Ann", [(c, 10) for c in parse_cards("KS QD")]).total
    20
    """
    vals = tuple(CardValue(c, v) for c, v in values)
    return Sum(of, vals, sum(v.value for v in vals), last_digit)


def to_data(value: Any) -> Any:
    """A reason (or any of its records) as plain JSON data.

    >>> to_data(Compare("Player", 7, "Banker", 5, "Player"))["type"]
    'Compare'
    >>> to_data(Fraction(19, 2)), to_data(Relation.AT_MOST)
    ('19/2', 'at most')
    """
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [to_data(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        if not isinstance(value, CardValue):
            out["type"] = type(value).__name__
        for f in dataclasses.fields(value):
            out[f.name] = to_data(getattr(value, f.name))
        return out
    return value
