"""The records of the game contract (:mod:`cardrules.game`): what an outcome says, what a
game declares about itself, what a seat sees, a computer player, and a play built step by
step.  Every game fills them in the same way, so that the table, the book and the quizzes
read any game alike.

>>> str(Line("Ann", "Ben", 20, "pontoon.ties", "18 against 18"))
'Ann pays Ben 20: 18 against 18 [pontoon.ties]'
"""

# No ``from __future__ import annotations`` here: the records' field types stay objects, so
# that the games' subclasses of View document their inherited fields (autodoc evaluates a
# subclass's annotations in the subclass's module, where these names are not imported).
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .cards import Card
from .errors import IllegalAction
from .rng import Rng

A = TypeVar("A")

__all__ = ["Builder", "Capabilities", "Line", "Offer", "Outcome", "Player", "Row", "Step",
           "Unit", "View"]


class Unit(Enum):
    """What an outcome counts: chips that change hands, or points scored."""

    CHIPS = "chips"
    POINTS = "points"


@dataclass(frozen=True)
class Line:
    """One line of an outcome: ``payer`` pays ``payee`` ``amount`` chips, or, with no
    payer, ``payee`` scores ``amount`` points; ``rule_id`` is the rule that says so.

    >>> str(Line("Ann", "Ben", 20, "pontoon.ties", "18 against 18"))
    'Ann pays Ben 20: 18 against 18 [pontoon.ties]'
    >>> str(Line(None, "North", 3, "casino.scoring", "most cards"))
    'North scores 3: most cards [casino.scoring]'
    """

    payer: str | None
    payee: str
    amount: int | Fraction
    rule_id: str
    reason: str

    def __str__(self) -> str:
        if self.payer is None:
            return f"{self.payee} scores {self.amount}: {self.reason} [{self.rule_id}]"
        return f"{self.payer} pays {self.payee} {self.amount}: {self.reason} [{self.rule_id}]"


@dataclass(frozen=True)
class Outcome:
    """Who pays whom, or who scores what: the same record for every game.

    ``final`` is False while the game goes on (the lines are those settled so far).

    >>> o = Outcome("pontoon", Unit.CHIPS, (Line("Ann", "Ben", 20, "pontoon.ties", "tie"),
    ...                                     Line("Ben", "Cleo", 5, "pontoon.ties", "tie")), True)
    >>> o.net()
    {'Ann': -20, 'Ben': 15, 'Cleo': 5}
    >>> o.balanced
    True
    """

    game: str
    unit: Unit
    lines: tuple[Line, ...]
    final: bool

    def net(self) -> dict[str, int | Fraction]:
        """Each name's total: chips won less chips paid, or points scored."""
        out: dict[str, int | Fraction] = {}
        for line in self.lines:
            if line.payer is not None:
                out[line.payer] = out.get(line.payer, 0) - line.amount
            out[line.payee] = out.get(line.payee, 0) + line.amount
        return out

    @property
    def balanced(self) -> bool:
        """Chips are conserved: what some win, others pay (always True for points)."""
        return self.unit is Unit.POINTS or sum(self.net().values()) == 0

    def __str__(self) -> str:
        return "\n".join(str(line) for line in self.lines) or "(nothing settled)"


# -- what a game declares about itself ---------------------------------------------------------
@dataclass(frozen=True)
class Capabilities:
    """What a game offers beyond the contract, declared once (like OpenSpiel's ``GameType``),
    so that the book, the quizzes and the table ask instead of guessing.

    >>> Capabilities(Unit.CHIPS, exact_odds=True).exact_odds
    True
    """

    #: what the outcome counts: chips that change hands, or points scored
    unit: Unit
    #: some cards lie face down, so two seats may see different things
    hidden_cards: bool = True
    #: the engine works out the exact odds of every bet (Punto Banco)
    exact_odds: bool = False
    #: the engine works out the exact expected value of every decision (Casino Pontoon)
    exact_strategy: bool = False
    #: a play may be built step by step, card by card, before it is made (Casino: pick the
    #: card, then the table cards it takes, then announce the value)
    action_builder: bool = False
    #: the engine values each option of the seat to act (:attr:`Game.coach`)
    coach: bool = False
    #: the names ``to_act`` may give that are no player's seat: the house's ("Dealer"), or
    #: the hands the croupier plays by the rules (Punto Banco's "Player" and "Banker")
    house_seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Row:
    """One row of cards as a seat sees it: a label in the game's words, whose cards they
    are (None for the table or a pile), and the cards, with None for each card face down.

    >>> from cardrules.cards import parse_cards
    >>> row = Row("Banker", (*parse_cards("KS"), None), owner="Banker")
    >>> row.shown, row.face_down
    ((Card('K♠'),), 1)
    """

    label: str
    cards: tuple[Card | None, ...]
    owner: str | None = None

    @property
    def shown(self) -> tuple[Card, ...]:
        """The cards of the row that lie face up."""
        return tuple(c for c in self.cards if c is not None)

    @property
    def face_down(self) -> int:
        """How many cards of the row lie face down."""
        return sum(c is None for c in self.cards)


@dataclass(frozen=True, kw_only=True)
class View(Generic[A]):
    """What one seat may see of a state, and the actions it may take: the table draws it,
    and computer players choose from it alone.  A view never holds a card its seat may not
    see: a card face down is ``None`` in its row.

    A game whose players need more than the rows (hand values, stakes, the builds on the
    table) gives its own frozen subclass with those fields, holding only what the seat
    may know.

    >>> v = View(game="banco", seat="Ann", to_act=None, over=True, rows=(), status="Over.")
    >>> v.my_turn, v.legal
    (False, ())
    """

    #: the game's registry name
    game: str
    #: the seat whose view this is
    seat: str
    #: whose turn it is, or None when the game is over
    to_act: str | None
    #: whether the game is over and its outcome final
    over: bool
    #: the cards this seat sees, row by row
    rows: tuple[Row, ...]
    #: the actions this seat may take now (empty unless it is this seat's turn); it may be
    #: a lazy collection (count it, test membership, but list it only when it is short)
    legal: Collection[A] = ()
    #: one line on where the game stands, in the game's words
    status: str = ""
    #: what this seat has seen happen so far, one line an event, each ending with its
    #: rule's id in brackets (``"Ann sticks on 17. [pontoon.stick]"``)
    log: tuple[str, ...] = ()
    #: how many of this seat's hands are lost before the end: bust, folded, out of the hand
    lost: int = 0
    #: the decisions this seat faces now, legal or not, in a fixed order (a Punto Banco
    #: hand may draw or stand, and the rules say which): what a learner may try, to be told
    #: why not; empty unless it is this seat's turn
    tries: tuple[A, ...] = ()

    @property
    def my_turn(self) -> bool:
        """Whether it is this seat's turn."""
        return not self.over and self.to_act == self.seat


@dataclass(frozen=True)
class Player(Generic[A]):
    """A named computer player: a pure function of a seat's :class:`View` and an
    :class:`~cardrules.rng.Rng` that returns one of the view's legal actions.  ``plays`` is
    its rule of play in a sentence or two, as the book prints it under the table.

    >>> first = Player("first", "First choice", "Takes the first legal action.",
    ...                lambda view, rng: next(iter(view.legal)))
    >>> v = View(game="banco", seat="Player", to_act="Player", over=False, rows=(),
    ...          legal=("draw",))
    >>> first(v, Rng(1))
    'draw'
    """

    name: str
    title: str
    plays: str
    choose: Callable[[View[A], Rng], A] = field(repr=False)

    def __call__(self, view: View[A], rng: Rng) -> A:
        """The action this player takes for the seat whose view it is given."""
        from .game import SetupError, check_rng, first_rule

        if not isinstance(view, View):
            raise SetupError(f"A computer player chooses from a seat's View; got a "
                             f"{type(view).__name__}.")
        check_rng(rng)
        if not view.my_turn:
            raise IllegalAction(first_rule(view.game), f"It is not {view.seat}'s turn: "
                                f"{view.to_act or 'nobody'} is to act.")
        return self.choose(view, rng)


@dataclass(frozen=True)
class Step:
    """One step of a play built step by step (:attr:`Capabilities.action_builder`): a card
    picked from the hand, a table card added or put back, a new start.

    >>> Step("add", 7)
    Step(kind='add', item=7)
    """

    kind: str
    item: object = None


@dataclass(frozen=True)
class Offer:
    """A step or a play a builder offers now, in the game's words: ``label`` as a button
    says it, ``hint`` a longer sentence, and ``kind`` what it does: ``"play"`` (a play
    the picked cards make, ``legal`` or not yet), ``"add"`` (an item that may join, or
    ``legal=False``: one that cannot), ``"remove"``, ``"pick"`` (a card from the hand) or
    ``"reset"``.

    >>> Offer("Start again", Step("reset"), "reset", "Put everything back").kind
    'reset'
    """

    label: str
    action: object
    kind: str
    hint: str = ""
    legal: bool = True


@dataclass(frozen=True)
class Builder(Generic[A]):
    """How a play is built step by step, where a game's plays are too many for a button
    each (Casino: pick the card, then the table cards it takes, then confirm the play).
    The selection is the builder's own value, starting from ``start()``; ``step`` returns
    the next selection or raises :class:`IllegalAction` with the rule that refuses it;
    ``offers`` lists what may be pressed now (plays to confirm and steps); ``summary`` is
    one line on the selection so far.
    """

    start: Callable[[], object]
    step: Callable[[Any, object, Step], object]
    offers: Callable[[Any, object], tuple[Offer, ...]]
    summary: Callable[[Any, object], str]
