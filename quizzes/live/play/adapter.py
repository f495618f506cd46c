"""The generic play-along adapter: a game played through the game contract.

An :class:`Adapter` plays any game of the registry (:mod:`cardrules.game`) with
the contract alone: the deal to named seats, the learner's view (its cards, status, log
and the decisions it faces), the legal actions in the game's words, applying and
explaining one, the computer players for the other seats, and the outcome.  A game's
adapter (:mod:`quizzes.live.play.games`) says which seat is the learner's.  Nothing here
needs ipywidgets.

>>> a = adapter("casino-pontoon")
>>> a.game, a is adapter("casino_pontoon")
('casino-pontoon', True)
>>> adapter("snap")
Traceback (most recent call last):
...
ValueError: no play-along table for 'snap'; the table plays: banco, pontoon, casino-pontoon, casino, palace
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, ClassVar

from cardrules import game as registry
from cardrules.cards import parse_card
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.game import Game, Outcome, Step, Unit, View
from cardrules.profiles import Profile, load_rules
from cardrules.rng import Rng
from quizzes.live.play.voice import second_person
from quizzes.model.question import CardRow, format_number

#: the result of a hand as the table shows it: a caption, a header and rows
Result = tuple[str, list[str], list[list[object]]]


@dataclass(frozen=True)
class Choice:
    """A button at the table: its label and the engine action it tries.

    >>> Choice("Stick", "stick").label
    'Stick'
    """

    label: str
    action: object
    #: how the button looks: "" (plain), "success", "info", "warning" or "danger"
    style: str = ""
    #: a longer description, shown when the pointer rests on the button
    tooltip: str = ""


class Adapter:
    """How the table plays one game, through the game contract alone.

    Everything comes from the game's :class:`~cardrules.game.Game`: the table is dealt
    with ``start`` to the adapter's named :attr:`table` of seats; what the learner sees is
    their seat's ``view`` (its rows of cards, its status line and its log); the buttons are
    the view's legal actions, labelled by ``describe``; the seats the learner does not hold
    are played by the game's first computer player; the result is the ``outcome``.  A
    game's adapter says only what differs: which seat is the learner's and which other
    names it acts for, and an introduction.
    """

    game = ""  #: the game's registry name (``"casino-pontoon"``)
    you = "You"  #: the learner's seat
    intro = ""
    #: the table's seats, in order (the first holds the deal or the bank, where the game
    #: has such a role among the players); the learner's seat is among them
    table: ClassVar[tuple[str, ...]] = ("You",)
    #: choices made before the deal (none: a bet is an action of the game)
    setup: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: the most plays listed as whole-play buttons (a crowded table may allow many more:
    #: then the game offers a play built step by step, see :meth:`picking`)
    MAX_LISTED = 48

    # -- the game --------------------------------------------------------------------
    @property
    def engine(self) -> Game[Any, Any]:
        """The game, as the contract binds it."""
        return registry.get(self.game)

    @property
    def title(self) -> str:
        """The game's name for readers."""
        return self.engine.title

    @property
    def profile(self) -> str:
        """The shipped profile dealt by default: the game's own."""
        return self.engine.default_profile

    def available(self) -> bool:
        """Whether this installation has the game's engine.

        >>> adapter("banco").available()
        True
        """
        try:
            return bool(self.engine.name)
        except ImportError:
            return False

    def rules(self) -> Profile:
        """The game's shipped profile (the house rules dealt by default)."""
        return self.engine.profile_of()

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        """A new hand: the game's ``start``, to the adapter's :attr:`table`."""
        return self.engine.start(rules, seed, seats=self.table)

    def legal(self, state: object) -> Collection[object]:
        """The actions the rules allow now (a collection that may be lazy: count it,
        test membership, but list it only when it is short)."""
        return self.engine.legal_actions(state)

    def apply(self, state: object, action: object) -> Any:
        """The next state (raises :class:`~cardrules.errors.IllegalAction` if refused)."""
        return self.engine.apply(state, action)

    def explain(self, state: object, action: object) -> str:
        """Why the action is legal or not, in a sentence (of "you", see :meth:`say`)."""
        return self.say(str(self.engine.explain(state, action)))

    def refusal(self, state: object, action: object, error: IllegalAction) -> str:
        """Why the rules refuse ``action`` (or a :class:`Step`), in words, without the
        rule's id (the table shows it apart).

        >>> from cardrules.palace import Call
        >>> a = adapter("palace")
        >>> s = a.deal(a.rules(), "1", {})
        >>> try:
        ...     a.apply(s, Call())
        ... except IllegalAction as e:
        ...     print(a.refusal(s, Call(), e))
        Not allowed: No battle is going on: on your turn you buy, discard, battle, stay or fold; calling is not one of those.
        """
        why = error.message if isinstance(action, Step) else self.explain(state, action)
        return self.say(why.removeprefix("Illegal: ").replace(f" [rule {error.rule_id}]", ""))

    def is_over(self, state: object) -> bool:
        """Whether the hand has ended (the contract's ``is_over``)."""
        return self.engine.is_over(state)

    def to_act(self, state: object) -> str | None:
        """The name of the seat whose turn it is (the contract's ``to_act``)."""
        return self.engine.to_act(state)

    def seat(self, state: object) -> str:
        """The name of the learner's seat: :attr:`you`, or at a table dealt otherwise (a
        lesson's position) the last seat, the one that plays first after the dealer's turn
        comes round."""
        seats = self.engine.seats_of(state)
        return self.you if self.you in seats or not seats else seats[-1]

    def acts_for(self, state: object) -> tuple[str, ...]:
        """The names the learner acts for: their own seat (and, where the learner deals
        for the house, the house's hands)."""
        return (self.seat(state),)

    def view(self, state: object) -> View[Any]:
        """What the learner sees now: the view of the name they act for when it is their
        turn, else of their own seat."""
        who = self.to_act(state)
        seat = who if who is not None and who in self.acts_for(state) else self.seat(state)
        return self.engine.view(state, seat)

    def say(self, text: str) -> str:
        """An engine's sentence as the learner reads it: the engines write of every seat
        in the third person, so with the seat named "You" the verbs are made to agree
        (:func:`~quizzes.live.play.voice.second_person`).

        >>> adapter("pontoon").say("You twists: 8♠. You is bust with 24.")
        'You twist: 8♠. You are bust with 24.'
        """
        return second_person(text) if self.you == "You" else text

    def spoken(self, result: Result) -> Result:
        """A result with its caption and its text cells in the learner's words (:meth:`say`)."""
        caption, header, rows = result
        return (self.say(caption), header,
                [[self.say(v) if isinstance(v, str) else v for v in row] for row in rows])

    def your_turn(self, state: object) -> bool:
        """Whether the learner is to act (otherwise :meth:`auto` plays)."""
        return not self.is_over(state) and self.to_act(state) in self.acts_for(state)

    def auto(self, state: object, rng: Rng) -> object:
        """The action of a seat the learner does not hold: the game's first computer
        player, from that seat's view."""
        who = self.to_act(state)
        if who is None:
            raise IllegalAction(self.engine.rules[0].id, "The hand is over: nobody is to act.")
        return self.engine.players[0](self.engine.view(state, who), rng)

    # -- what the learner sees ----------------------------------------------------------
    def label(self, action: object) -> str:
        """A button's label for an action: the game's ``describe``.

        >>> from cardrules.palace import Battle
        >>> adapter("palace").label(Battle("Ann", 4))
        'Attack Ann, betting 4'
        """
        text = self.engine.describe(action)
        return text[:1].upper() + text[1:]

    def choices(self, state: object) -> list[Choice]:
        """The buttons at the start of a turn, one per label: where the game builds plays
        step by step, its builder's offers (:meth:`picking`); else the decisions the learner faces, legal or not (the
        view's ``tries``, in their fixed order; the rules say why one is refused), then
        the other legal actions (none past :attr:`MAX_LISTED`, where the game builds a
        play step by step instead)."""
        picked = self.picking(state, None)
        if picked is not None:
            return picked
        view = self.view(state)
        legal = view.legal
        listed = () if len(legal) > self.MAX_LISTED else tuple(legal)
        out: dict[str, Choice] = {}
        for action in (*view.tries, *listed):
            text = self.label(action)
            out.setdefault(text, Choice(text, action))
        return list(out.values())

    # -- a play chosen step by step (games whose plays are too many for a button each) --
    def picking(self, state: object, pick: object) -> list[Choice] | None:
        """The buttons while the learner builds a play step by step from ``pick`` (the
        selection so far, None at the start of a turn), from the game's builder
        (:class:`~cardrules.game.Builder`); None when the game offers whole actions only
        (then :meth:`choices` gives the buttons)."""
        builder = self.engine.builder
        if builder is None:
            return None
        empty = builder.start()
        started = pick is not None and pick != empty
        out = []
        for o in builder.offers(state, pick if pick is not None else empty):
            style = {"play": "success" if started and o.legal else "",
                     "add": "info" if o.legal else "", "remove": "warning"}.get(o.kind, "")
            out.append(Choice(o.label, o.action, style, o.hint))
        return out

    def step(self, state: object, pick: object, step: Step) -> object:
        """The selection after one :class:`~cardrules.game.Step`; raises
        :class:`~cardrules.errors.IllegalAction` (with the rule's id) when the rules refuse it."""
        builder = self.engine.builder
        if builder is None:
            raise IllegalAction(self.engine.rules[0].id, f"{self.title} has no play built "
                                "step by step: choose a whole action.")
        return builder.step(state, builder.start() if pick is None else pick, step)

    def pick_text(self, state: object, pick: object) -> str:
        """One line on the selection so far and the play it would make ("" for none)."""
        builder = self.engine.builder
        if builder is None or pick is None:
            return ""
        return builder.summary(state, pick)

    def rows(self, state: object) -> list[CardRow]:
        """The rows of cards the learner sees: their view's rows, a card face down drawn
        as its back; a pile of many face-down cards is one labelled row."""
        out = []
        for row in self.view(state).rows:
            if len(row.cards) > PILE and row.face_down == len(row.cards):
                out.append(CardRow(f"{self.say(row.label)} ({len(row.cards)} cards, face "
                                   "down)", ()))
                continue
            cards = tuple(BACK if c is None else c for c in row.cards)
            down = frozenset(i for i, c in enumerate(row.cards) if c is None)
            out.append(CardRow(self.say(row.label), cards, face_down=down))
        return out

    def status(self, state: object) -> str:
        """One line under the cards: the view's status, in the learner's words."""
        return self.say(self.view(state).status)

    def log(self, state: object) -> list[str]:
        """What the learner has seen happen so far, one line an event, each with its rule
        id (of "you", see :meth:`say`)."""
        return [self.say(line) for line in self.engine.view(state, self.seat(state)).log]

    def result(self, state: object, setup: dict[str, str]) -> Result:
        """The settlement or the score, from the contract's ``outcome``."""
        return self.spoken(outcome_table(self.engine.outcome(state)))

    # -- how a move went for the learner --------------------------------------------------
    def hands_lost(self, state: object) -> int:
        """How many of the learner's hands are lost before the end: bust, folded, out
        (the view's ``lost``)."""
        return self.engine.view(state, self.seat(state)).lost

    def behind(self, state: object, setup: dict[str, str]) -> bool:
        """Whether the learner has lost chips in a hand that is over."""
        if not self.is_over(state):
            return False
        outcome = self.engine.outcome(state)
        return outcome.unit is Unit.CHIPS and outcome.net().get(self.seat(state), 0) < 0

    def setback(self, before: object, after: object, setup: dict[str, str]) -> bool:
        """Whether the learner's move from ``before`` to ``after`` lost: a hand went bust or
        out, or the move ended the hand with the learner behind.  The table marks such a
        move plainly, with no success mark."""
        return (self.hands_lost(after) > self.hands_lost(before)
                or (self.is_over(after) and self.behind(after, setup)))


#: the most face-down cards a row draws one by one (a draw pile is a labelled row)
PILE = 8
#: the card drawn where a view has a card face down (only its back is ever drawn)
BACK = parse_card("AS")


def outcome_table(outcome: Outcome) -> Result:
    """An :class:`~cardrules.game.Outcome` as the table shows it.

    >>> from cardrules.game import Line
    >>> o = Outcome("pontoon", Unit.CHIPS, (Line("Banker", "You", 20, "pontoon.payouts",
    ...                                          "19 beats 18"),), True)
    >>> outcome_table(o)
    ('Settlement (net: Banker -20, You +20)', ['Payer', 'Payee', 'Amount', 'Why'], [['Banker', 'You', 20, '19 beats 18 [pontoon.payouts]']])
    """
    if outcome.unit is Unit.POINTS:
        rows: list[list[object]] = [[line.payee, line.amount, f"{line.reason} [{line.rule_id}]"]
                                    for line in outcome.lines]
        totals = ", ".join(f"{k} {format_number(v)}" for k, v in outcome.net().items())
        return f"Score (total: {totals})", ["Player", "Points", "Why"], rows
    rows = [[line.payer, line.payee, line.amount, f"{line.reason} [{line.rule_id}]"]
            for line in outcome.lines]
    nets = ", ".join(f"{k} {'+' if v > 0 else ''}{format_number(v)}"
                     for k, v in outcome.net().items())
    return f"Settlement (net: {nets})", ["Payer", "Payee", "Amount", "Why"], rows


_ADAPTERS: dict[str, Adapter] = {}


def register(adapter: Adapter) -> Adapter:
    """Add a game's adapter (one per game of the registry)."""
    registry.module_name(adapter.game)  # an unknown game raises UnknownGame
    _ADAPTERS[adapter.game] = adapter
    return adapter


def adapters() -> tuple[Adapter, ...]:
    """Every registered adapter, in the registry's order of games."""
    return tuple(_ADAPTERS[g] for g in registry.names() if g in _ADAPTERS)


def available_games() -> list[str]:
    """The games the table can play in this installation, in the registry's order.

    >>> "banco" in available_games()
    True
    """
    return [a.game for a in adapters() if a.available()]


def _game_of(name: str) -> str | None:
    """The registry's game for a game name, its module's spelling or a profile name."""
    for g in registry.names():
        if name in (g, registry.module_name(g).rsplit(".", 1)[-1]):
            return g
    with contextlib.suppress(CardrulesError):
        return load_rules(name).game
    return None


def adapter(game: str) -> Adapter:
    """The adapter of a game (``banco``, ``casino_pontoon`` or a profile name alike)."""
    a = _ADAPTERS.get(_game_of(game) or "")
    if a is None or not a.available():
        raise ValueError(f"no play-along table for {game!r}; the table plays: "
                         f"{', '.join(available_games())}")
    return a
