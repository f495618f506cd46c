"""The game contract: the one shape every game module has, and the registry of games.

Every game of the package is a module (or package) that satisfies :class:`Game`: it
names itself (``GAME``), declares its rules (``RULES``), starts a seeded game
(``start``), lists the legal actions, checks, applies and explains an action, says
whose turn it is and whether the game is over, and reports its :class:`Outcome`: who
pays whom, or who scores what, each line with the id of the rule that says so.

The registry is the only place that knows which games exist:

>>> names()
('banco', 'pontoon', 'casino-pontoon', 'casino', 'palace')
>>> banco = get("banco")
>>> banco.GAME
'banco'
>>> state = banco.start(banco.load_banco(), seed=3)
>>> while not banco.is_over(state):
...     state = banco.apply(state, random_action(banco, state, Rng(1)))
>>> banco.outcome(state).final
True

Two kinds of error, one for each moment:

- before play, a setup that cannot be (a player count the game does not allow,
  another game's profile, more copies of a card than the packs hold, ``None`` where
  cards are expected) raises :class:`SetupError`, with a sentence saying what is
  wrong and what is allowed;
- during play, an action the rules forbid raises :class:`IllegalAction`, with the
  rule's id, and leaves the state unchanged.  An object that is not one of the
  game's actions at all is refused the same way.

>>> get("bridge")
Traceback (most recent call last):
...
cardrules.game.UnknownGame: there is no game 'bridge'; the games are banco, pontoon, casino-pontoon, casino, palace
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from types import ModuleType
from typing import Any, ParamSpec, Protocol, cast

from .cards import Card
from .catalog import Rule
from .errors import CardrulesError, IllegalAction
from .rng import Rng

__all__ = [
    "Game",
    "Line",
    "Outcome",
    "SetupError",
    "Unit",
    "UnknownGame",
    "can",
    "check_copies",
    "check_profile",
    "get",
    "module_name",
    "names",
    "random_action",
    "rule_modules",
]

# The games, in the book's order, and the module that holds each.  ``poker`` is not a
# game one plays alone here (Palace Poker plays it), but its rules and its profile
# live in the catalog beside the games'.
_GAMES: dict[str, str] = {
    "banco": "cardrules.banco",
    "pontoon": "cardrules.pontoon",
    "casino-pontoon": "cardrules.casino_pontoon",
    "casino": "cardrules.casino",
    "palace": "cardrules.palace",
}
_RULE_MODULES: dict[str, str] = {**_GAMES, "poker": "cardrules.poker"}


class SetupError(CardrulesError, ValueError):
    """A game that cannot be set up as asked: the sentence says what is wrong and what is
    allowed.

    >>> str(SetupError("Pontoon is for 2 to 8 at the table; 9 were given."))
    'Pontoon is for 2 to 8 at the table; 9 were given.'
    """


class UnknownGame(SetupError, KeyError):
    """A game name the registry does not know.

    >>> str(UnknownGame("bridge"))
    "there is no game 'bridge'; the games are banco, pontoon, casino-pontoon, casino, palace"
    """

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"there is no game {self.name!r}; the games are {', '.join(_GAMES)}"


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


class Game(Protocol):
    """What every game module provides.  States and actions are each game's own frozen
    dataclasses; the contract fixes the names and what they mean.

    - ``GAME``: the game's name (``"casino-pontoon"``); ``RULES``: its catalog entries.
    - ``start(rules, seed, players=None)``: a new game dealt from a pack shuffled with
      ``seed``, with the game's usual table when ``players`` is None.
    - ``legal_actions(state)``: the actions the rules allow now, each of which applies.
      A collection (it may be lazy), never listing an action twice.
    - ``verify_action(state, action)``: returns, or raises :class:`IllegalAction` with
      a catalog rule id; ``can_apply`` answers the same as a bool.
    - ``apply(state, action)``: the next state; the given state is never changed.
    - ``explain(state, action)``: a sentence saying why the action is legal or not.
    - ``is_over(state)``: the coup, deal, round or hand this state plays has ended and
      its outcome is final.  (Actions between deals, such as Pontoon's next deal, may
      still be legal.)
    - ``to_act(state)``: the name of the seat whose turn it is, or None when over.
    - ``outcome(state)``: the :class:`Outcome` so far.
    - ``cards_in_play(state)``: every card the state holds, wherever it lies (hands,
      table, piles, the rest of the pack); the multiset never changes during play.
    - ``random_action(state, rng)``: one legal action drawn with ``rng``.
    - ``deal_rows(rules, seed, players=None)``: the deal as rows for the book.
    """

    @property
    def GAME(self) -> str: ...

    @property
    def RULES(self) -> tuple[Rule, ...]: ...

    def start(self, rules: Any, seed: int | str, players: int | None = None) -> Any: ...
    def legal_actions(self, state: Any) -> Collection[Any]: ...
    def verify_action(self, state: Any, action: Any) -> None: ...
    def can_apply(self, state: Any, action: Any) -> bool: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def explain(self, state: Any, action: Any) -> str: ...
    def is_over(self, state: Any) -> bool: ...
    def to_act(self, state: Any) -> str | None: ...
    def outcome(self, state: Any) -> Outcome: ...
    def cards_in_play(self, state: Any) -> Sequence[Card]: ...
    def random_action(self, state: Any, rng: Rng) -> Any: ...
    def deal_rows(self, rules: Any, seed: int | str, players: int | None = None) -> Any: ...


def names() -> tuple[str, ...]:
    """The games, in the book's order.

    >>> "casino" in names()
    True
    """
    return tuple(_GAMES)


def rule_modules() -> tuple[str, ...]:
    """Every name whose module declares rules and a profile: the games and ``poker``.

    >>> rule_modules()[-1]
    'poker'
    """
    return tuple(_RULE_MODULES)


def module_name(name: str) -> str:
    """The module of a game (or of ``poker``): ``"casino-pontoon"`` is
    ``cardrules.casino_pontoon``.

    >>> module_name("casino-pontoon")
    'cardrules.casino_pontoon'
    """
    try:
        return _RULE_MODULES[name]
    except KeyError:
        raise UnknownGame(name) from None


def get(name: str) -> Game:
    """The module of a game, as a :class:`Game`.

    >>> get("casino-pontoon").GAME
    'casino-pontoon'
    """
    if name not in _GAMES:
        raise UnknownGame(name)
    return cast(Game, importlib.import_module(_GAMES[name]))


def module(name: str) -> ModuleType:
    """The module of a game or of ``poker``, untyped (for its special entry points).

    >>> module("poker").__name__
    'cardrules.poker'
    """
    return importlib.import_module(module_name(name))


# -- helpers the games share -----------------------------------------------------------------
P = ParamSpec("P")


def can(verify: Callable[P, None]) -> Callable[P, bool]:
    """The ``can_`` query of a ``verify_`` check: True where the check passes, False where
    it raises :class:`IllegalAction`.  Every game makes its queries with this one function.

    >>> def verify_even(n: int) -> None:
    ...     if n % 2:
    ...         raise IllegalAction("banco.deal", f"{n} is odd.")
    >>> can_even = can(verify_even)
    >>> can_even.__name__, can_even(4), can_even(3)
    ('can_even', True, False)
    >>> def verify_action(state: object, action: object) -> None: ...
    >>> can(verify_action).__name__
    'can_apply'
    """

    def query(*args: P.args, **kwargs: P.kwargs) -> bool:
        try:
            verify(*args, **kwargs)
        except IllegalAction:
            return False
        return True

    name = verify.__name__.removeprefix("verify_")
    name = "can_apply" if name == "action" else f"can_{name}"  # the contract's name
    query.__name__ = name
    query.__qualname__ = name
    query.__module__ = verify.__module__
    query.__doc__ = (f"Whether :func:`{verify.__name__}` allows this: True or False, "
                     "never an exception.")
    return query


def random_action(game: Game, state: Any, rng: Rng) -> Any:
    """One of ``game``'s legal actions, drawn with ``rng``; games whose lists can be long
    give their own ``random_action`` that samples without listing.

    >>> from cardrules import banco
    >>> s = banco.start(banco.load_banco(), seed=2)
    >>> random_action(banco, s, Rng(1)) in banco.legal_actions(s) or banco.is_over(s)
    True
    """
    own = getattr(game, "random_action", None)
    if own is not None and own is not random_action:
        return own(state, rng)
    actions = list(game.legal_actions(state))
    if not actions:
        raise IllegalAction(game.RULES[0].id, "The game is over: no action is legal.")
    return rng.choice(actions)


def check_profile(rules: object, expected: type, game: str) -> None:
    """Refuse a profile of another game with a :class:`SetupError`.

    >>> from cardrules import load_rules
    >>> from cardrules.banco import BancoRules
    >>> check_profile(load_rules("pontoon"), BancoRules, "Punto Banco")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Punto Banco needs its own rules (a BancoRules profile); got the Pontoon profile of the game 'pontoon'.
    """
    if isinstance(rules, expected):
        return
    other = getattr(rules, "game", None)
    got = (f"the {getattr(rules, 'name', '') or other} profile of the game {other!r}"
           if other else repr(rules))
    raise SetupError(f"{game} needs its own rules (a {expected.__name__} profile); got {got}.")


def check_copies(cards: Iterable[Card], packs: int, what: str = "these cards") -> None:
    """Refuse more copies of a card than ``packs`` standard packs hold.

    >>> from cardrules.cards import parse_cards
    >>> check_copies(parse_cards("AS AS"), packs=2)
    >>> check_copies(parse_cards("AS AS KD"), packs=1, what="the shoe")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the shoe holds 2 copies of A♠, but 1 pack holds only 1 of each card.
    """
    for card, k in Counter(cards).items():
        if k > packs:
            pack_word = "pack holds" if packs == 1 else "packs hold"
            raise SetupError(f"{what} holds {k} copies of {card}, but {packs} {pack_word} "
                             f"only {packs} of each card.")


def check_card_list(cards: object, what: str = "cards") -> tuple[Card, ...]:
    """Cards given as a list, or a clear :class:`SetupError` for ``None``, a plain string
    or anything that is not cards.

    >>> from cardrules.cards import parse_cards
    >>> check_card_list(parse_cards("AS KD"))
    (Card('A♠'), Card('K♦'))
    >>> check_card_list(None, "the shoe")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the shoe must be a list of cards (use parse_cards("AS KD ...")); got None.
    """
    if cards is None or isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise SetupError(f'{what} must be a list of cards (use parse_cards("AS KD ...")); '
                         f"got {cards!r}.")
    out = tuple(cards)
    for c in out:
        if not isinstance(c, Card):
            raise SetupError(f"{what} must hold only cards; {c!r} is not a Card.")
    return out
