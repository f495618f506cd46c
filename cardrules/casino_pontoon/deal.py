"""The deal: a round dealt from a shoe to the seats of a table, the stakes they place,
the contract's ``seats`` and ``start``, and a seeded deal as rows of cards for the book."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..cards import Card, parse_cards, shoe  # noqa: F401  (parse_cards: doctests)
from ..errors import IllegalAction
from ..game import (
    Seed,
    SetupError,
    check_card_list,
    check_copies,
    check_profile,
    check_seat_names,
    check_seed,
)
from ..profiles import Profile
from ..rng import Rng
from .apply import peek
from .profile import CasinoPontoonRules, load_casino_pontoon  # noqa: F401  (doctests)
from .state import DEALER, Hand, Phase, RoundState, Seat, seat_name
from .values import card_value

# Seats in play at a table, and the stake each seat places when a round is started with
# :func:`start`.
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 1, 7, 3
STANDARD_STAKE = 10
TITLE = "Casino Pontoon"


def _check_stakes(rules: CasinoPontoonRules, stakes: object) -> tuple[int, ...]:
    if stakes is None or isinstance(stakes, (str, bytes)) or not isinstance(stakes, Iterable):
        raise SetupError(f"stakes must be a list of whole numbers of chips, one per seat; "
                         f"got {stakes!r}.")
    out = tuple(stakes)
    if not MIN_SEATS <= len(out) <= MAX_SEATS:
        raise SetupError(f"A Casino Pontoon table has {MIN_SEATS} to {MAX_SEATS} seats in play; "
                         f"{len(out)} stake{' was' if len(out) == 1 else 's were'} given.")
    for i, s in enumerate(out):
        if isinstance(s, bool) or not isinstance(s, int):
            raise SetupError(f"{seat_name(i)}'s stake must be a whole number of chips, not "
                             f"{s!r}.")
        if not rules.min_bet <= s <= rules.max_bet:
            raise IllegalAction("casino-pontoon.deal",
                                f"A stake must be between {rules.min_bet} and {rules.max_bet}; "
                                f"{seat_name(i)} staked {s}.")
    return out


def _check_names(names: object, n: int) -> tuple[str, ...]:
    if names is None:
        return tuple(seat_name(i) for i in range(n))
    out = check_seat_names(names, MIN_SEATS, MAX_SEATS, TITLE)
    if len(out) != n:
        raise SetupError(f"Give one name for each stake: {n} stake{'s' if n != 1 else ''} and "
                         f"{len(out)} name{'s' if len(out) != 1 else ''} were given.")
    if DEALER in out:
        raise SetupError(f"{DEALER!r} is the house's seat at a Casino Pontoon table; give the "
                         "players' seats other names.")
    return out


def new_round(rules: CasinoPontoonRules, stakes: Sequence[int],
              cards: Sequence[Card] | None = None, *, seed: Seed | None = None,
              names: Sequence[str] | None = None) -> RoundState:
    """Deal a round for 1 to 7 seats with these stakes [casino-pontoon.deal], from ``cards``
    (the next cards of the shoe, in order) or a shoe of ``rules.decks`` shuffled with
    ``seed``.  ``names`` name the seats from the dealer's left (``Seat 1``... when None).

    >>> s = new_round(load_casino_pontoon(), [10, 20], seed=1)
    >>> len(s.seats), len(s.dealer), len(s.shoe), s.names
    (2, 2, 306, ('Seat 1', 'Seat 2'))
    >>> new_round(load_casino_pontoon(), [10, 20], seed=1, names=["Ann", "Ben"]).names
    ('Ann', 'Ben')

    Cards the shoe cannot hold are refused before anything is dealt:

    >>> new_round(load_casino_pontoon(), [10], parse_cards("AS " * 8))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the shoe holds 8 copies of A♠, but 6 packs hold only 6 of each card.
    """
    rules = check_profile(rules, CasinoPontoonRules, TITLE)
    amounts = _check_stakes(rules, stakes)
    n = len(amounts)
    seat_names = _check_names(names, n)
    if cards is None:
        if seed is None:
            raise SetupError("Give the cards of the shoe, or a seed to shuffle one.")
        cards = Rng(check_seed(seed)).shuffled(shoe(rules.decks))
    cards = check_card_list(cards, "the shoe")
    check_copies(cards, rules.decks, "the shoe")
    if len(cards) < 2 * n + 2:
        raise SetupError(f"Dealing {n} seat(s) and the dealer needs {2 * n + 2} cards; "
                         f"the shoe has {len(cards)}.")
    seats = tuple(Seat(seat_names[i], amounts[i], (Hand((cards[i], cards[n + 1 + i]),
                                                        amounts[i]),))
                  for i in range(n))
    dealer = (cards[n], cards[2 * n + 1])
    rest = cards[2 * n + 2:]
    if rules.dealer_cards_face_down:
        shown = "The dealer's two cards are face down."
    else:
        shown = f"The dealer shows {dealer[0]}; the hole card is face down."
    dealt = "; ".join(f"{s.name}: {s.hands[0].describe()}" for s in seats)
    log = (("casino-pontoon.deal", f"Dealt {dealt}. {shown}"),)
    state = RoundState(rules, seats, dealer, rest, Phase.INSURANCE, log=log)
    if not rules.dealer_cards_face_down and card_value(dealer[0]) == 1:
        text = "The dealer shows an ace: insurance is offered."
        return replace(state, log=(*log, ("casino-pontoon.insurance", text)))
    return peek(state)


def seat_names(players: int | None = None) -> tuple[str, ...]:
    """The seats of a table of ``players`` (3 when None): ``Seat 1`` to ``Seat n``, from
    the dealer's left.  A table has 1 to 7 seats in play.

    >>> seat_names(2)
    ('Seat 1', 'Seat 2')
    >>> seat_names(8)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Casino Pontoon table has 1 to 7 seats in play; 8 were asked for.
    """
    n = DEFAULT_SEATS if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise SetupError(f"A Casino Pontoon table has {MIN_SEATS} to {MAX_SEATS} seats in play; "
                         f"{n!r} were asked for.")
    return tuple(seat_name(i) for i in range(n))


def seats(rules: Profile, players: int | None = None) -> tuple[str, ...]:
    """The contract's seats: the players' seats of a table of ``players`` (3 when None),
    in the order of play; the dealer is the house, no player's seat.

    >>> seats(load_casino_pontoon(), 2)
    ('Seat 1', 'Seat 2')
    """
    check_profile(rules, CasinoPontoonRules, TITLE)
    return seat_names(players)


def standard_stake(rules: CasinoPontoonRules) -> int:
    """The stake each seat places in :func:`start`: 10 chips, kept within the table's
    limits.

    >>> standard_stake(load_casino_pontoon()), standard_stake(load_casino_pontoon().replace(min_bet=25))
    (10, 25)
    """
    rules = check_profile(rules, CasinoPontoonRules, TITLE)
    return min(max(STANDARD_STAKE, rules.min_bet), rules.max_bet)


def start(rules: Profile, seed: Seed, *, seats: Sequence[str] | None = None) -> RoundState:
    """The game contract's start: a round for the named ``seats`` (``Seat 1`` to ``Seat 3``
    when None), seated from the dealer's left in the order given, each staking the
    :func:`standard_stake`, dealt from a shoe shuffled with ``seed``.  The dealer is the
    house, never one of the seats.

    >>> s = start(load_casino_pontoon(), seed=2)
    >>> [seat.stake for seat in s.seats], len(s.shoe), s.names
    ([10, 10, 10], 304, ('Seat 1', 'Seat 2', 'Seat 3'))
    >>> start(load_casino_pontoon(), seed=2, seats=["Ann", "Ben"]).names
    ('Ann', 'Ben')
    >>> start(load_casino_pontoon(), seed=2, seats=["Ann", "Dealer"])
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: 'Dealer' is the house's seat at a Casino Pontoon table; give the players' seats other names.
    """
    rules = check_profile(rules, CasinoPontoonRules, TITLE)
    names = seat_names() if seats is None else check_seat_names(seats, MIN_SEATS, MAX_SEATS,
                                                                 TITLE)
    return new_round(rules, [standard_stake(rules)] * len(names), seed=check_seed(seed),
                     names=names)


def deal_rows(rules: Profile, seed: Seed, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded round's deal as labelled rows of cards (the dealer's hole card shown too),
    for a table of ``players`` seats (3 when None).

    >>> [label for label, _ in deal_rows(load_casino_pontoon(), 3, 2)]
    ['Seat 1', 'Seat 2', 'Dealer']
    """
    rules = check_profile(rules, CasinoPontoonRules, TITLE)
    names = seat_names(players)
    s = new_round(rules, [rules.min_bet] * len(names), seed=check_seed(seed), names=names)
    rows = [(seat.name, tuple(seat.hands[0].cards)) for seat in s.seats]
    return [*rows, (DEALER, tuple(s.dealer))]
