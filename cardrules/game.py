"""The game contract: one typed :class:`Game` object per game, and the registry of games.

Every game of the package binds its rules once, in the ``game.py`` of its package, into
a :class:`Game` ``[S, A]``, where ``S`` is the game's own state and ``A`` its own action
type.  The object carries everything a view of the game needs, so that nothing above
the engine works a fact out for itself:

- what the game is: its ``name``, ``title``, catalog ``rules``, ``profile`` class and
  ``default_profile``, and its declared :class:`Capabilities`;
- who sits where: ``seats(rules, players)`` names the seats of a table, and
  ``start(rules, seed, seats=...)`` deals a game to named seats;
- how play goes: ``legal_actions``, ``verify_action``/``can_apply``, ``apply``,
  ``explain``, ``describe``, ``is_over``, ``to_act`` and ``outcome``, the one result
  record;
- what each seat may see: ``view(state, seat)`` is a :class:`View`, which never holds a
  card that seat may not see, and ``players``, the named computer :class:`Player`\\ s,
  each a pure function of a view and an :class:`~cardrules.rng.Rng`.

The registry is the only place that knows which games exist, and it is typed: for
``mypy --strict``, ``get("banco")`` is a ``Game[CoupState, banco.Action]``.

>>> names()
('banco', 'pontoon', 'casino-pontoon', 'casino', 'palace')
>>> banco = get("banco")
>>> banco.name, banco.title, banco.default_profile
('banco', 'Punto Banco', 'punto-banco')
>>> rules = banco.profile_of(banco.default_profile)
>>> state = banco.start(rules, seed=3, seats=("Ann", "Ben"))
>>> while not banco.is_over(state):
...     state = banco.apply(state, banco.random_action(state, Rng(1)))
>>> banco.outcome(state).final
True

Two kinds of error, one for each moment:

- before play, a setup that cannot be (a player count the game does not allow,
  another game's profile, more copies of a card than the packs hold, a seed that is
  not a whole number or a text, an object that is not the game's state) raises
  :class:`SetupError`, with a sentence saying what is wrong and what is allowed;
- during play, an action the rules forbid raises :class:`IllegalAction`, with the
  rule's id, and leaves the state unchanged.  An object that is not one of the
  game's actions at all is refused the same way.

>>> get("bridge")
Traceback (most recent call last):
...
cardrules.game.UnknownGame: there is no game 'bridge'; the games are banco, pontoon, casino-pontoon, casino, palace
>>> banco.legal_actions(None)
Traceback (most recent call last):
...
cardrules.game.SetupError: Punto Banco's legal_actions needs a Punto Banco coup (a CoupState); got None.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Literal, ParamSpec, Protocol, TypeVar, overload

from .cards import Card
from .catalog import Rule
from .contract import (
    Builder,
    Capabilities,
    Line,
    Offer,
    Outcome,
    Player,
    Row,
    Step,
    Unit,
    View,
)
from .errors import CardrulesError, IllegalAction
from .profiles import Profile, load_rules
from .rng import Rng

if TYPE_CHECKING:  # the games' own types, for the typed registry only (no import cycle)
    from .banco import Action as BancoAction
    from .banco import CoupState
    from .casino import CasinoState
    from .casino import Move as CasinoAction
    from .casino_pontoon import Action as CasinoPontoonAction
    from .casino_pontoon import RoundState
    from .coach import Advice
    from .palace import Action as PalaceAction
    from .palace import PalaceState
    from .pontoon import Action as PontoonAction
    from .pontoon import DealState

__all__ = [
    "Builder",
    "Capabilities",
    "Game",
    "Line",
    "Offer",
    "Outcome",
    "Player",
    "Row",
    "Seed",
    "SetupError",
    "Step",
    "Unit",
    "UnknownGame",
    "View",
    "can",
    "check_card_list",
    "check_copies",
    "check_profile",
    "check_rng",
    "check_seat",
    "check_seed",
    "check_state",
    "default_profile_of",
    "first_rule",
    "get",
    "log_lines",
    "module",
    "module_name",
    "names",
    "random_action",
    "rule_modules",
    "title_of",
]

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)
A = TypeVar("A")
P = TypeVar("P", bound=Profile)
PS = ParamSpec("PS")

#: a seed: a whole number or a text (the same seed deals the same game everywhere)
Seed = int | str

# The games, in the book's order: the module of each, and the name of its Game object in
# the module's ``game.py``.  ``poker`` is not a game one plays alone here (Palace Poker
# plays it), but its rules and its profile live in the catalog beside the games'.
_GAMES: dict[str, tuple[str, str]] = {
    "banco": ("cardrules.banco", "BANCO"),
    "pontoon": ("cardrules.pontoon", "PONTOON"),
    "casino-pontoon": ("cardrules.casino_pontoon", "CASINO_PONTOON"),
    "casino": ("cardrules.casino", "CASINO"),
    "palace": ("cardrules.palace", "PALACE"),
}
_RULE_MODULES: dict[str, str] = {**{g: m for g, (m, _) in _GAMES.items()},
                                 "poker": "cardrules.poker"}
# The rules that are no game of their own: their title and profile (a game's are its Game's).
_RULES_ONLY: dict[str, tuple[str, str]] = {"poker": ("Poker hands", "poker")}


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

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"there is no game {self.name!r}; the games are {', '.join(_GAMES)}"


class Coach(Protocol[A_co]):
    """A game's coach: for the seat whose view it is given, the value of each option under
    the table's rules (:class:`cardrules.coach.Advice`), worked out from that view alone."""

    def __call__(self, view: View[Any], rng: Rng | None = None, *,
                 rules: Profile | None = None) -> Advice[Any]: ...


class Start(Protocol[S_co]):
    """The type of a game's ``start``: a game dealt from a pack shuffled with ``seed``, to
    the named ``seats`` (the game's usual table when None)."""

    def __call__(self, rules: Profile, seed: Seed, *,
                 seats: Sequence[str] | None = None) -> S_co: ...


@dataclass(frozen=True, eq=False)
class Game(Generic[S, A]):
    """One game, bound once in its package's ``game.py``: what it is, and its functions.

    The functions are the game's own entry points, which check what they are given (a
    state, an action, a seed, a seat) and raise :class:`SetupError` or
    :class:`IllegalAction` with a sentence, never another exception.

    - ``seats(rules, players)``: the names of a table of ``players`` seats (the game's
      usual table when None), in playing order; a count the game does not allow raises.
    - ``start(rules, seed, seats=...)``: a new game dealt from a pack shuffled with
      ``seed`` to the named seats.  Where the game has a dealer or a banker among the
      players, the first named seat holds that role for the first deal; with no seats
      named the game chooses as its rules say (Pontoon's cut for the bank).
    - ``legal_actions(state)``: the actions the rules allow now, each of which applies;
      a collection (it may be lazy), never listing an action twice.
    - ``verify_action(state, action)``: returns, or raises :class:`IllegalAction` with a
      catalog rule id; ``can_apply`` answers the same as a bool.
    - ``apply(state, action)``: the next state; the given state is never changed.
    - ``explain(state, action)``: a sentence saying why the action is legal or not.
    - ``describe(action)``: the action in the game's words, as a button says it.
    - ``is_over(state)``: the coup, deal, round or hand this state plays has ended and its
      outcome is final.
    - ``seats_of(state)``: the seats of this state's table, in playing order.
    - ``to_act(state)``: the name of the seat whose turn it is (a player's, or the house's
      :attr:`Capabilities.house_seats`), or None when over.
    - ``outcome(state)``: the :class:`Outcome` so far, the one result record.
    - ``view(state, seat)``: what that seat may see, as a :class:`View`.
    - ``cards_in_play(state)``: every card the state holds, wherever it lies; the multiset
      never changes during play.
    - ``random_action(state, rng)``: one legal action drawn with ``rng``.
    - ``deal_rows(rules, seed, players)``: a seeded deal as rows of cards, for the book.
    - ``players``: the named computer players, the first of which is the table's default.
    """

    name: str
    title: str
    rules: tuple[Rule, ...]
    profile: type[Profile]
    default_profile: str
    capabilities: Capabilities
    state_type: type[S]
    seats: Callable[[Profile, int | None], tuple[str, ...]]
    start: Start[S]
    legal_actions: Callable[[S], Collection[A]]
    verify_action: Callable[[S, object], None]
    can_apply: Callable[[S, object], bool]
    apply: Callable[[S, A], S]
    explain: Callable[[S, object], str]
    describe: Callable[[A], str]
    is_over: Callable[[S], bool]
    to_act: Callable[[S], str | None]
    outcome: Callable[[S], Outcome]
    view: Callable[[S, str], View[A]]
    cards_in_play: Callable[[S], Sequence[Card]]
    seats_of: Callable[[S], tuple[str, ...]]
    random_action: Callable[[S, Rng], A]
    deal_rows: Callable[[Profile, Seed, int | None], list[tuple[str, tuple[Card, ...]]]]
    players: tuple[Player[A], ...]
    #: how a play is built step by step, where :attr:`Capabilities.action_builder` is set
    builder: Builder[A] | None = None
    #: the value of each option of the seat to act, where :attr:`Capabilities.coach` is set
    coach: Coach[A] | None = None

    def profile_of(self, name: str | None = None) -> Profile:
        """A shipped profile of this game by name (the default profile when None), checked
        to be this game's.

        >>> get("pontoon").profile_of("pontoon-stick-16").min_stick
        16
        >>> get("pontoon").profile_of("casino")
        Traceback (most recent call last):
        ...
        cardrules.game.SetupError: Pontoon needs its own rules (a PontoonRules profile); got the Casino profile of the game 'casino'.
        """
        rules = load_rules(self.default_profile if name is None else name)
        return check_profile(rules, self.profile, self.title)

    def player(self, name: str) -> Player[A]:
        """The computer player named ``name``.

        >>> get("banco").player("croupier").title
        'Banker backer'
        """
        for p in self.players:
            if p.name == name:
                return p
        raise SetupError(f"{self.title} has no computer player {name!r}; it has "
                         f"{', '.join(p.name for p in self.players)}.")

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}>"


# -- the registry ----------------------------------------------------------------------------
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
    except (KeyError, TypeError):
        raise UnknownGame(name) from None


@overload
def get(name: Literal["banco"]) -> Game[CoupState, BancoAction]: ...
@overload
def get(name: Literal["pontoon"]) -> Game[DealState, PontoonAction]: ...
@overload
def get(name: Literal["casino-pontoon"]) -> Game[RoundState, CasinoPontoonAction]: ...
@overload
def get(name: Literal["casino"]) -> Game[CasinoState, CasinoAction]: ...
@overload
def get(name: Literal["palace"]) -> Game[PalaceState, PalaceAction]: ...
@overload
def get(name: str) -> Game[Any, Any]: ...
def get(name: str) -> Game[Any, Any]:
    """The :class:`Game` of a game name.

    >>> get("casino-pontoon").title
    'Casino Pontoon'
    """
    try:
        where, attr = _GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGame(name) from None
    game: Game[Any, Any] = getattr(importlib.import_module(where + ".game"), attr)
    return game


def games() -> tuple[Game[Any, Any], ...]:
    """Every game, in the book's order.

    >>> [g.title for g in games()][:2]
    ['Punto Banco', 'Pontoon']
    """
    return tuple(get(n) for n in _GAMES)


def module(name: str) -> ModuleType:
    """The module of a game or of ``poker``, untyped (for its special entry points).

    >>> module("poker").__name__
    'cardrules.poker'
    """
    return importlib.import_module(module_name(name))


def title_of(name: str) -> str:
    """The readers' name of a game, or of rules that are no game of their own (``poker``).

    >>> title_of("banco"), title_of("palace"), title_of("poker")
    ('Punto Banco', 'Palace Poker', 'Poker hands')
    """
    if name in _RULES_ONLY:
        return _RULES_ONLY[name][0]
    return get(name).title


def default_profile_of(name: str) -> str:
    """The shipped profile a game (or ``poker``) is played and asked about by default.

    >>> default_profile_of("banco"), default_profile_of("poker")
    ('punto-banco', 'poker')
    """
    if name in _RULES_ONLY:
        return _RULES_ONLY[name][1]
    return get(name).default_profile


def first_rule(game: str) -> str:
    """The first rule of a game's catalog: the rule a refusal cites when no finer one fits.

    >>> first_rule("banco")
    'banco.deal'
    """
    from .catalog import rules_of

    return rules_of(game)[0].id


# -- checks the games share -----------------------------------------------------------------
def can(verify: Callable[PS, None]) -> Callable[PS, bool]:
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

    def query(*args: PS.args, **kwargs: PS.kwargs) -> bool:
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


def _described(obj: object) -> str:
    """An object as a refusal names it: short, with its type where its text would mislead."""
    if obj is None or isinstance(obj, (bool, int, float)):
        return repr(obj)
    if isinstance(obj, (str, bytes)):
        text = repr(obj)
        return (text if len(text) <= 40 else text[:37] + "...") + f" (a {type(obj).__name__})"
    return f"a {type(obj).__name__}"


def check_state(state: object, expected: type[S], title: str, what: str, function: str) -> S:
    """``state`` itself when it is the game's state, else a :class:`SetupError` naming the
    function, what it needs and what it got.

    >>> from cardrules.banco import CoupState
    >>> check_state("x", CoupState, "Punto Banco", "coup", "apply")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Punto Banco's apply needs a Punto Banco coup (a CoupState); got 'x' (a str).
    """
    if isinstance(state, expected):
        return state
    raise SetupError(f"{title}'s {function} needs a {title} {what} (a {expected.__name__}); "
                     f"got {_described(state)}.")


def check_seed(seed: object) -> Seed:
    """``seed`` itself when it is a whole number or a text, else a :class:`SetupError`
    (True and False are not seeds, nor is 1.5, nor ``None``).

    >>> check_seed(7), check_seed("lesson-1")
    (7, 'lesson-1')
    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A seed is a whole number or a text (the same seed deals the same game); got True.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SetupError("A seed is a whole number or a text (the same seed deals the same "
                         f"game); got {_described(seed)}.")
    return seed


def check_rng(rng: object) -> Rng:
    """``rng`` itself when it is an :class:`~cardrules.rng.Rng`, else a :class:`SetupError`.

    >>> check_rng(None)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Random play needs a cardrules.rng.Rng (for example Rng(1)); got None.
    """
    if isinstance(rng, Rng):
        return rng
    raise SetupError(f"Random play needs a cardrules.rng.Rng (for example Rng(1)); "
                     f"got {_described(rng)}.")


def check_seat(seat: object, seats: Sequence[str], title: str) -> str:
    """``seat`` itself when it is one of ``seats``, else a :class:`SetupError`.

    >>> check_seat("Zed", ("Ann", "Ben"), "Pontoon")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: There is no seat 'Zed' at this Pontoon table; the seats are Ann, Ben.
    """
    if isinstance(seat, str) and seat in seats:
        return seat
    raise SetupError(f"There is no seat {seat!r} at this {title} table; the seats are "
                     f"{', '.join(seats)}.")


def check_seat_names(seats: object, low: int, high: int, title: str) -> tuple[str, ...]:
    """Seat names given to ``start``: ``low`` to ``high`` different, non-empty texts.

    >>> check_seat_names(["Ann", "Ben"], 2, 8, "Pontoon")
    ('Ann', 'Ben')
    >>> check_seat_names(["Ann", "Ann"], 2, 8, "Pontoon")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Each seat at a Pontoon table needs its own name; 'Ann' is given twice.
    >>> check_seat_names("Ann", 2, 8, "Pontoon")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: The seats of a Pontoon table are a list of names, such as ["Ann", "Ben"]; got 'Ann' (a str).
    """
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise SetupError(f'The seats of a {title} table are a list of names, such as '
                         f'["Ann", "Ben"]; got {_described(seats)}.')
    out = tuple(seats)
    for s in out:
        if not isinstance(s, str) or not s.strip():
            raise SetupError(f"A seat's name is a non-empty text; got {_described(s)}.")
    for s, k in Counter(out).items():
        if k > 1:
            raise SetupError(f"Each seat at a {title} table needs its own name; {s!r} is "
                             "given twice.")
    if not low <= len(out) <= high:
        raise SetupError(f"A {title} table seats {low} to {high}; {len(out)} were given.")
    return out


def random_action(game: Game[S, A], state: S, rng: Rng) -> A:
    """One of ``game``'s legal actions, drawn with ``rng`` (the game's own
    ``random_action``, which may sample without listing).

    >>> g = get("banco")
    >>> s = g.start(g.profile_of(), seed=2)
    >>> g.can_apply(s, random_action(g, s, Rng(1)))
    True
    """
    return game.random_action(state, rng)


def check_profile(rules: object, expected: type[P], game: str) -> P:
    """``rules`` itself when it is a profile of the game, else a :class:`SetupError`.

    >>> from cardrules.banco import BancoRules
    >>> check_profile(load_rules("pontoon"), BancoRules, "Punto Banco")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Punto Banco needs its own rules (a BancoRules profile); got the Pontoon profile of the game 'pontoon'.
    """
    if isinstance(rules, expected):
        return rules
    other = getattr(rules, "game", None)
    got = (f"the {getattr(rules, 'name', '') or other} profile of the game {other!r}"
           if isinstance(other, str) and other else _described(rules))
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


def log_lines(log: Iterable[tuple[str, str]]) -> tuple[str, ...]:
    """A state's log of ``(rule id, sentence)`` events as a view's lines.

    >>> log_lines([("pontoon.stick", "Ann sticks on 17.")])
    ('Ann sticks on 17. [pontoon.stick]',)
    """
    return tuple(f"{text} [{rule_id}]" for rule_id, text in log)


def seen_cards(view: View[Any]) -> tuple[Card, ...]:
    """Every face-up card a view's rows show.

    >>> from cardrules.cards import parse_cards
    >>> v = View(game="x", seat="Ann", to_act=None, over=True,
    ...          rows=(Row("Ann", tuple(parse_cards("AS KD"))), Row("Ben", (None, None))))
    >>> seen_cards(v)
    (Card('A♠'), Card('K♦'))
    """
    return tuple(c for row in view.rows for c in row.shown)
