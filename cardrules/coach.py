"""The coach's records, the same for every game: what each option of a decision is worth.

A game's coach is a pure function of one seat's :class:`~cardrules.game.View` (never of
the state): ``coach(view)`` gives an :class:`Advice` for the decision that seat faces,
worked out from the cards that seat may see.  Each :class:`Option` is an action of the
game with its value in the advice's :class:`Measure` (so many times the stake, chips, or
a chance), a short phrase for the learner, and what it costs against the best option;
the advice says how the figures were found (:class:`Method`) and how precise they are.

>>> from fractions import Fraction
>>> a = advise("pontoon", "Ann", [("stick", Fraction(-1, 5), "stick", "sticking"),
...                               ("twist", Fraction(-11, 100), "twist", "twisting")],
...            Measure.STAKE, Method.EXACT, "exact over the unseen pack")
>>> a.best, a.option("stick").cost
(('twist',), Fraction(9, 100))
>>> a.cost_text("stick")
'Sticking costs 9.0% of your stake here; twist.'
>>> print(a)
Ann, exact over the unseen pack:
  stick: -0.200 times the stake (costs 9.0% of the stake)
  twist: -0.110 times the stake (best)

The rules sometimes leave no choice (Punto Banco's croupier draws or stands as the
tableau says): the advice then holds the :class:`Ruling`, the action the rules require,
with its rule and the reason, and no options.  A seat with nothing to decide gets an
advice with no options and a note saying why (:func:`nothing_to_advise`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Generic, TypeVar

from .game import SetupError, View, check_profile
from .profiles import Profile

A = TypeVar("A")
P = TypeVar("P", bound=Profile)

#: a figure: exact (a fraction) where the engine works in fractions, else a float
Figure = Fraction | float


class Measure(Enum):
    """What an option's value counts.

    >>> Measure.STAKE.value
    'times the stake'
    """

    #: the expected net win, as so many times the stake (-0.05: you lose 5% of it on average)
    STAKE = "times the stake"
    #: the expected net win in chips
    CHIPS = "chips"
    #: a chance, from 0 to 1 (Palace Poker's chance to win a battle)
    CHANCE = "chance"
    #: points of the game's scoring (Casino: the points a play takes, less the reply's)
    POINTS = "points"


class Method(Enum):
    """How the figures were found.

    >>> Method.SAMPLED.value
    'sampled'
    """

    #: by enumerating every case, each weighted by its exact chance
    EXACT = "exact"
    #: by sampling the unseen cards with a seeded Rng (the advice says how many samples)
    SAMPLED = "sampled"
    #: by looking one move ahead: what a play takes now, less the best reply to it
    #: (Casino's coach; not perfect play)
    LOOKAHEAD = "one-move look-ahead"


@dataclass(frozen=True)
class Option(Generic[A]):
    """One option of a decision: an action of the game, its value in the advice's
    measure, the action in the learner's words (``phrase``, as an order: "stand";
    ``doing``, as a noun: "standing"), and ``cost``, what it gives up against the best
    option in the same measure (0 for a best option; with :attr:`Measure.STAKE`, a
    share of the stake).

    >>> Option("stand", Fraction(-1, 2), "stand", "standing", Fraction(0)).value
    Fraction(-1, 2)
    """

    action: A
    value: Figure
    phrase: str
    doing: str
    cost: Figure


@dataclass(frozen=True)
class Ruling(Generic[A]):
    """An action the rules require (the seat has no choice), the rule that says so and
    the reason in words.

    >>> Ruling("draw", "banco.player-draw", "The player draws on 3.").rule_id
    'banco.player-draw'
    """

    action: A
    rule_id: str
    reason: str


@dataclass(frozen=True)
class Advice(Generic[A]):
    """What each option of one decision is worth, for the seat whose view it was made
    from.

    ``options`` are the actions valued, in the order the view offers them; ``best`` the
    best of them (several when they are worth the same); ``measure`` what the values
    count; ``method`` and ``precision`` how they were found, in words ("exact over the
    unseen pack", "sampled, 4,000 palaces a defender"); ``samples`` how many samples
    when sampled; ``notes`` what the learner should know to read them (the model, what
    is left out); ``unvalued`` the actions the seat may take that the coach puts no
    figure on; ``ruling`` the action the rules require, when they leave no choice.
    """

    game: str
    seat: str
    options: tuple[Option[A], ...]
    best: tuple[A, ...]
    measure: Measure
    method: Method
    precision: str
    samples: int | None = None
    notes: tuple[str, ...] = ()
    unvalued: tuple[A, ...] = ()
    ruling: Ruling[A] | None = None

    def option(self, action: A) -> Option[A]:
        """The option of ``action``; a :class:`~cardrules.game.SetupError` when the
        advice does not value it.

        >>> nothing_to_advise("banco", "Ann", "The coup is over.").option("x")
        Traceback (most recent call last):
        ...
        cardrules.game.SetupError: The advice for Ann values no 'x'; it values nothing.
        """
        for o in self.options:
            if o.action == action:
                return o
        valued = ", ".join(repr(o.action) for o in self.options) or "nothing"
        raise SetupError(f"The advice for {self.seat} values no {action!r}; it values "
                         f"{valued}.")

    def value_text(self, action: A) -> str:
        """The value of ``action`` in words.

        >>> a = advise("x", "Ann", [("hit", -0.25, "hit", "hitting")], Measure.STAKE,
        ...            Method.EXACT, "exact")
        >>> a.value_text("hit")
        'loses 25.0% of the stake on average'
        """
        return _value_words(self.option(action).value, self.measure)

    def cost_text(self, action: A) -> str:
        """What choosing ``action`` costs against the best option, in a sentence for the
        table: "Standing costs 4.1% of your stake here; hit."

        >>> a = advise("x", "Ann", [("a", 0.5, "attack Bob", "attacking Bob"),
        ...                         ("b", 0.375, "attack Cy", "attacking Cy")],
        ...            Measure.CHANCE, Method.EXACT, "exact")
        >>> a.cost_text("b")
        'Attacking Cy wins 12.5 points less often here; attack Bob.'
        >>> a.cost_text("a")
        'Attacking Bob is the best choice here.'
        """
        o = self.option(action)
        doing = o.doing[0].upper() + o.doing[1:]
        if o.action in self.best:
            return f"{doing} is {'one of the best choices' if len(self.best) > 1 else 'the best choice'} here."
        best = " or ".join(self.option(b).phrase for b in self.best)
        return f"{doing} {_cost_words(o.cost, self.measure)} here; {best}."

    def __str__(self) -> str:
        head = f"{self.seat}, {self.precision}:" if self.options else f"{self.seat}:"
        lines = [head]
        for o in self.options:
            tail = "best" if o.action in self.best else (
                f"costs {_short_cost(o.cost, self.measure)}")
            lines.append(f"  {o.phrase}: {_short_value(o.value, self.measure)} ({tail})")
        if self.ruling is not None:
            lines.append(f"  {self.ruling.reason} [{self.ruling.rule_id}]")
        lines.extend(f"  {n}" for n in self.notes if not self.options)
        return "\n".join(lines)


def advise(game: str, seat: str, valued: Sequence[tuple[A, Figure, str, str]],
           measure: Measure, method: Method, precision: str, *, samples: int | None = None,
           notes: Sequence[str] = (), unvalued: Sequence[A] = ()) -> Advice[A]:
    """An advice from each valued action as ``(action, value, phrase, doing)``: the costs
    and the best options are worked out here, the same way for every game (exact
    figures stay exact).

    >>> a = advise("x", "Ann", [("a", Fraction(1, 3), "a", "a"), ("b", Fraction(1, 3), "b", "b")],
    ...            Measure.STAKE, Method.EXACT, "exact")
    >>> a.best, [o.cost for o in a.options]
    (('a', 'b'), [Fraction(0, 1), Fraction(0, 1)])
    >>> advise("x", "Ann", [], Measure.STAKE, Method.EXACT, "exact")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: An advice values at least one option; give none with nothing_to_advise.
    """
    if not valued:
        raise SetupError("An advice values at least one option; give none with "
                         "nothing_to_advise.")
    top = max(v for _, v, _, _ in valued)
    options = tuple(Option(a, v, phrase, doing, top - v) for a, v, phrase, doing in valued)
    best = tuple(o.action for o in options if o.value == top)
    return Advice(game, seat, options, best, measure, method, precision, samples,
                  tuple(notes), tuple(unvalued))


def nothing_to_advise(game: str, seat: str, why: str, *, unvalued: Sequence[A] = (),
                      ruling: Ruling[A] | None = None) -> Advice[A]:
    """The advice of a seat with no decision the coach values: no options, and ``why``
    as its note (the rules' own decision, when they leave no choice, as ``ruling``).

    >>> a = nothing_to_advise("pontoon", "Ben", "It is Ann's turn, not Ben's.")
    >>> a.options, a.best, a.notes
    ((), (), ("It is Ann's turn, not Ben's.",))
    """
    return Advice(game, seat, (), (), Measure.STAKE, Method.EXACT, "", None, (why,),
                  tuple(unvalued), ruling)


def not_your_turn(view: View[A]) -> Advice[A]:
    """The advice for a view whose seat is not to act: nothing to decide.

    >>> v = View(game="banco", seat="Ann", to_act="Ben", over=False, rows=())
    >>> not_your_turn(v).notes
    ("It is Ben's turn, not Ann's: Ann has nothing to decide.",)
    >>> not_your_turn(View(game="banco", seat="Ann", to_act=None, over=True, rows=())).notes
    ('The game is over: nothing is left to decide.',)
    """
    if view.over or view.to_act is None:
        return nothing_to_advise(view.game, view.seat, "The game is over: nothing is left "
                                 "to decide.")
    return nothing_to_advise(view.game, view.seat, f"It is {view.to_act}'s turn, not "
                             f"{view.seat}'s: {view.seat} has nothing to decide.")


def table_rules(view: View[A], rules: Profile | None, expected: type[P], title: str) -> P:
    """The rules of the table a view was made at: the view's own when it carries them (a
    given ``rules`` must then be the same), else ``rules``; every game's coach takes
    them this way, so that ``coach(view, rng, rules=...)`` reads the same for all.

    >>> from cardrules.banco import BancoRules, load_banco, start, view
    >>> v = view(start(load_banco("banco"), seed=1), "Seat 1")
    >>> table_rules(v, None, BancoRules, "Punto Banco").table
    'social'
    >>> table_rules(v, load_banco(), BancoRules, "Punto Banco")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: The Punto Banco view was made at a table of other rules than those given; leave rules out, the view carries its own.
    """
    own = getattr(view, "rules", None)
    if own is not None:
        own = check_profile(own, expected, title)
        if rules is not None and check_profile(rules, expected, title) != own:
            raise SetupError(f"The {title} view was made at a table of other rules than those "
                             "given; leave rules out, the view carries its own.")
        return own
    if rules is None:
        raise SetupError(f"The {title} coach needs the table's rules: give them as rules=... "
                         "(this view does not carry them).")
    return check_profile(rules, expected, title)


def percent(x: Figure, places: int = 1) -> str:
    """A share as a percentage, for the learner: ``0.041`` is ``"4.1%"``; a share too
    small to show is ``"less than 0.1%"``.

    >>> percent(Fraction(41, 1000)), percent(0.00004), percent(0)
    ('4.1%', 'less than 0.1%', '0.0%')
    """
    y = float(x) * 100
    if 0 < abs(y) < 0.5 * 10 ** -places:
        return f"less than {10 ** -places:.{places}f}%"
    return f"{y:.{places}f}%"


def _value_words(v: Figure, measure: Measure) -> str:
    if measure is Measure.CHANCE:
        return f"wins {percent(v)} of the time"
    if measure is Measure.CHIPS:
        x = float(v)
        return f"{'wins' if x >= 0 else 'loses'} {abs(x):.2f} chips on average"
    if measure is Measure.POINTS:
        return f"{'gains' if v >= 0 else 'loses'} {_points(-v if v < 0 else v)}"
    return f"{'wins' if v >= 0 else 'loses'} {percent(-v if v < 0 else v)} of the stake on average"


def _cost_words(c: Figure, measure: Measure) -> str:
    if measure is Measure.CHANCE:
        return f"wins {float(c) * 100:.1f} points less often"
    if measure is Measure.CHIPS:
        return f"costs {float(c):.2f} chips on average"
    if measure is Measure.POINTS:
        return f"is worth {_points(c)} less"
    return f"costs {percent(c)} of your stake"


def _points(x: Figure) -> str:
    n = int(x) if float(x).is_integer() else round(float(x), 2)
    return f"{n} point{'' if n == 1 else 's'}"


def _short_value(v: Figure, measure: Measure) -> str:
    if measure is Measure.CHANCE:
        return f"{percent(v)} chance"
    if measure is Measure.POINTS:
        return f"{'+' if v >= 0 else '-'}{_points(-v if v < 0 else v)}"
    return f"{float(v):+.3f} {measure.value}"


def _short_cost(c: Figure, measure: Measure) -> str:
    if measure is Measure.CHANCE:
        return f"{float(c) * 100:.1f} points"
    if measure is Measure.CHIPS:
        return f"{float(c):.2f} chips"
    if measure is Measure.POINTS:
        return _points(c)
    return f"{percent(c)} of the stake"
