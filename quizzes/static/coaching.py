"""The coach at the book's table: the figures for the learner's decision, the same for
every game, and the score of the move the learner makes.

Every game has the engine's coach (:attr:`cardrules.game.Game.coach`, an
:class:`cardrules.coach.Advice`); Casino's is the one-move look-ahead of
:mod:`cardrules.casino.coach`.  :func:`figures` reads it into :class:`Figures`: each option with its value and cost in words, the best marked, and
how the figures were found.  :func:`score` says, after a move, whether it was the best
and what it cost; a costly move is a mistake, reviewed as "Again" in the learner's
progress, the best (or nearly) as "Good".

>>> from quizzes.live.play import adapter
>>> a = adapter("casino-pontoon")
>>> s = a.deal(a.rules(), "4", {})
>>> f = figures("casino-pontoon", a.view(s))
>>> f.method, [o.label for o in f.options if o.best]
('exact', ['Stand'])
>>> score(f, f.options[0].action, "casino-pontoon.hit", {})["best"]
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardrules import game as registry
from cardrules.casino import CasinoAdvice
from cardrules.catalog import rule
from cardrules.coach import Advice, Measure
from cardrules.errors import CardrulesError
from cardrules.game import View
from cardrules.profiles import Profile
from cardrules.rng import Rng

#: the least cost that makes a move a mistake, in each measure (a smaller one is as good
#: as the best: a sampled figure, or a difference no learner could feel)
COSTLY: dict[str, float] = {Measure.STAKE.value: 0.005, Measure.CHANCE.value: 0.02,
                            Measure.CHIPS.value: 0.05, Measure.POINTS.value: 1.0}
#: how a cost is counted in the learner's list of mistakes: a share of the stake and a
#: chance in percentage points, chips and Casino's points as they are
UNITS: dict[str, tuple[float, str]] = {
    Measure.STAKE.value: (100.0, "% of the stake"),
    Measure.CHANCE.value: (100.0, "percentage points of winning"),
    Measure.CHIPS.value: (1.0, "chips"), Measure.POINTS.value: (1.0, "points")}


@dataclass(frozen=True)
class Valued:
    """One option as the table shows it: the action, its button's words, its value and
    its cost in words, the cost as a number in the figures' measure, and whether it is the
    best."""

    action: object
    label: str
    value_text: str
    cost: float
    cost_text: str
    best: bool


@dataclass(frozen=True)
class Figures:
    """The coach's figures for one decision: the options valued, the rule's own decision
    where the rules leave no choice (``ruling``: action, rule id, reason), how the figures
    were found (``method`` and ``precision``), the notes, and the measure."""

    game: str
    seat: str
    options: tuple[Valued, ...]
    method: str
    precision: str
    measure: str
    notes: tuple[str, ...] = ()
    ruling: tuple[object, str, str] | None = None
    samples: int | None = None
    #: the choices the coach puts no figure on, in words (Palace Poker's buy, stay, fold)
    unvalued: tuple[str, ...] = ()

    def option(self, action: object) -> Valued | None:
        """The option of ``action``, or None when it is not valued."""
        for o in self.options:
            if o.action == action:
                return o
        return None

    def named(self, buttons: Sequence[tuple[object, str]]) -> Figures:
        """The figures with each option named as the button that makes it (``buttons``:
        ``(action, label)``), so the coach and the buttons say the same words; an option
        with no button keeps the game's own words.

        >>> f = Figures("x", "You", (Valued("a", "A", "", 0.0, "", True),), "", "", "")
        >>> f.named([("a", "Press A")]).options[0].label
        'Press A'
        """
        def label(o: Valued) -> str:
            return next((text for action, text in buttons if action == o.action), o.label)

        return replace(self, options=tuple(replace(o, label=label(o)) for o in self.options))

    def data(self) -> dict[str, Any]:
        """The figures as JSON-safe data for the page."""
        ruling = None
        if self.ruling is not None:
            action, rid, reason = self.ruling
            ruling = {"text": reason, "rule": rid, "title": _title(rid),
                      "label": _label(self.game, action)}
        return {"game": self.game, "method": self.method, "precision": self.precision,
                "measure": self.measure, "notes": list(self.notes), "samples": self.samples,
                "ruling": ruling, "unvalued": list(self.unvalued),
                "options": [{"label": o.label, "value": o.value_text, "cost": o.cost,
                             "cost_text": o.cost_text, "best": o.best} for o in self.options]}


def _title(rule_id: str | None) -> str | None:
    if not rule_id:
        return None
    try:
        return rule(rule_id).title
    except CardrulesError:
        return None


def _label(game: str, action: object) -> str:
    text = registry.get(game).describe(action)
    return text[:1].upper() + text[1:]


def _you(text: str) -> str:
    from quizzes.live.play.voice import second_person

    return second_person(text)


def figures(game: str, view: View[Any], rng: Rng | None = None,
            rules: Profile | None = None) -> Figures:
    """The coach's figures for the decision of the seat whose view it is."""
    g = registry.get(game)
    if g.coach is None:
        return Figures(g.name, view.seat, (), "", "", "", ("This game has no coach yet.",))
    advice = g.coach(view, rng if rng is not None else Rng(f"coach:{view.seat}"), rules=rules)
    return _advice(g.name, advice)


def _advice(game: str, a: Advice[Any]) -> Figures:
    options = tuple(Valued(o.action, _label(game, o.action), _you(a.value_text(o.action)),
                           float(o.cost), _you(a.cost_text(o.action)), o.action in a.best)
                    for o in a.options)
    ruling = None
    if a.ruling is not None:
        ruling = (a.ruling.action, a.ruling.rule_id, _you(a.ruling.reason))
    notes = list(a.notes)
    if isinstance(a, CasinoAdvice) and a.options:  # the look-ahead's best need not take most now
        notes.insert(0, f"The most points now: {', '.join(_label(game, b) for b in a.best_now)}.")
    unvalued = tuple(dict.fromkeys(_label(game, u) for u in a.unvalued)) if options else ()
    return Figures(game, a.seat, options, a.method.value, a.precision, a.measure.value,
                   tuple(_you(n) for n in notes), ruling, a.samples, unvalued)


def _rule_of(figures: Figures, rule_id: str | None) -> str | None:
    """The rule a decision is credited to: the rules' own decision's rule, else the rule
    of the move made."""
    if figures.ruling is not None:
        return figures.ruling[1]
    return rule_id


def score(figures: Figures, action: object, rule_id: str | None,
          replay: dict[str, Any]) -> dict[str, Any] | None:
    """How the move ``action`` went by the coach's figures, or None when the coach puts
    no figure on it: whether it was the best, what it cost (in the figures' measure and
    in the learner's list's unit), whether that makes it a mistake, the rule it is
    credited to, and ``q``, what replays the position before it."""
    rid = _rule_of(figures, rule_id)
    if figures.ruling is not None and figures.ruling[0] == action:
        return {"best": True, "costly": False, "cost": 0.0, "unit": "", "text":
                f"As the rules say: {figures.ruling[2]}", "rule": rid, "title": _title(rid),
                "what": figures.ruling[2], "q": replay}
    o = figures.option(action)
    if o is None:
        return None
    costly = o.cost >= COSTLY.get(figures.measure, 0.0) and not o.best
    scale, unit = UNITS.get(figures.measure, (1.0, figures.measure))
    return {"best": o.best, "costly": costly, "cost": round(o.cost * scale, 2), "unit": unit,
            "text": o.cost_text, "rule": rid, "title": _title(rid), "what": o.cost_text,
            "q": replay, "of_valued": bool(figures.unvalued)}


def ruled(figures: Figures, action: object, rule_id: str,
          replay: dict[str, Any]) -> dict[str, Any]:
    """A move the rules refused, scored: a wrong answer on the rule that refuses it (no
    cost: the hand did not change)."""
    return {"best": False, "costly": False, "cost": None, "unit": "", "refused": True,
            "text": "", "rule": rule_id, "title": _title(rule_id), "what": "", "q": replay}


def warm(game: str, rules: Profile) -> None:
    """Build what the game's coach needs before it is asked: Casino Pontoon's finite-shoe
    model of every up card under the table's rules (each is built once per rules).

    >>> from cardrules.profiles import load_rules
    >>> warm("casino-pontoon", load_rules("casino-pontoon"))
    """
    if game == "casino-pontoon":
        from cardrules.casino_pontoon import strategy

        for up in (None, *range(1, 11)):
            strategy.shoe_model(rules, up)  # type: ignore[arg-type]

