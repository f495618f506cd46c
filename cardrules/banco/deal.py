"""The deal: a coup dealt from a shoe, the seats of a table and the bets they place, the
contract's ``start``, and a seeded coup as rows of cards for the book."""

from __future__ import annotations

from collections.abc import Sequence

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
from .apply import STANDARD_BET, deal_hands, play_out
from .profile import BancoRules, load_banco  # noqa: F401  (load_banco: doctests)
from .state import Bet, BetOn, CoupState, Stage

# Seats at a table, and the standard bet each seat places when a game is started with
# :func:`start`.
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 1, 12, 3


def new_coup(rules: BancoRules, cards: Sequence[Card] | None = None, *, seed: Seed | None = None,
             bets: Sequence[Bet] = ()) -> CoupState:
    """Deal a coup [banco.deal]: from ``cards`` (the next cards of the shoe, in order),
    or from a shoe of ``rules.decks`` decks shuffled with ``seed``.  ``bets`` ride on the
    coup and are settled by :func:`cardrules.banco.outcome`.

    >>> s = new_coup(load_banco(), seed=1)
    >>> len(s.player), len(s.banker), len(s.shoe)
    (2, 2, 412)

    Cards the shoe cannot hold are refused before anything is dealt:

    >>> new_coup(load_banco().replace(decks=1), parse_cards("AS AS AS AS AS AS"))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the shoe holds 6 copies of A♠, but 1 pack holds only 1 of each card.
    """
    rules = check_profile(rules, BancoRules, "Punto Banco")
    if cards is None:
        if seed is None:
            raise SetupError("Give the cards of the shoe, or a seed to shuffle one.")
        cards = Rng(check_seed(seed)).shuffled(shoe(rules.decks))
    cards = check_card_list(cards, "the shoe")
    if len(cards) < 4:
        raise SetupError(f"a coup needs at least 4 cards to deal, got {len(cards)}")
    check_copies(cards, rules.decks, "the shoe")
    bets = check_bets(rules, bets)
    return deal_hands(CoupState(rules, (), (), cards, Stage.BETS, bets=bets))


def check_bets(rules: BancoRules, bets: Sequence[Bet]) -> tuple[Bet, ...]:
    """The bets riding on a coup, each within the table's limits.

    >>> check_bets(load_banco(), [Bet("Ann", BetOn.TIE, 5000)])
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: A bet must be between 1 and 1000; Ann bet 5000. [rule banco.payouts]
    """
    if bets is None or isinstance(bets, (str, bytes)):
        raise SetupError(f"bets must be a list of Bet, got {bets!r}")
    out = tuple(bets)
    for b in out:
        if not isinstance(b, Bet):
            raise SetupError(f"bets must hold only Bet objects; {b!r} is not one")
        if not rules.min_bet <= b.amount <= rules.max_bet:
            raise IllegalAction("banco.payouts", f"A bet must be between {rules.min_bet} and "
                                f"{rules.max_bet}; {b.bettor} bet {b.amount}.")
        if rules.table == "social" and b.on is BetOn.TIE:
            raise IllegalAction("banco.social", "The social table takes bets on Bank or Player only.")
    return out


def seat_names(players: int | None = None) -> tuple[str, ...]:
    """The seats of a table of ``players`` (3 when None): ``Seat 1`` to ``Seat n``.
    A table seats 1 to 12.

    >>> seat_names(2)
    ('Seat 1', 'Seat 2')
    >>> seat_names(13)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Punto Banco table seats 1 to 12 players; 13 were asked for.
    """
    n = DEFAULT_SEATS if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise SetupError(f"A Punto Banco table seats {MIN_SEATS} to {MAX_SEATS} players; "
                         f"{n!r} were asked for.")
    return tuple(f"Seat {i}" for i in range(1, n + 1))


def standard_bets(rules: BancoRules, players: int | None = None) -> tuple[Bet, ...]:
    """One standard bet per seat, against the house: 10 chips (kept within the table's
    limits), on Player, Banker and Tie in turn round the table (Player and Banker only
    at the social table, which takes no tie bets).

    >>> [(b.bettor, b.on.value, b.amount) for b in standard_bets(load_banco(), 3)]
    [('Seat 1', 'player', 10), ('Seat 2', 'banker', 10), ('Seat 3', 'tie', 10)]
    """
    return bets_for(check_profile(rules, BancoRules, "Punto Banco"), seat_names(players))


def bets_for(rules: BancoRules, bettors: Sequence[str]) -> tuple[Bet, ...]:
    """A standard bet for each of ``bettors``, as :func:`standard_bets` places them.

    >>> [b.on.value for b in bets_for(load_banco("banco"), ["Ann", "Ben", "Cleo"])]
    ['player', 'banker', 'player']
    """
    sides = (BetOn.PLAYER, BetOn.BANKER) if rules.table == "social" else tuple(BetOn)
    amount = min(max(STANDARD_BET, rules.min_bet), rules.max_bet)
    return tuple(Bet(name, sides[i % len(sides)], amount) for i, name in enumerate(bettors))


def start(rules: Profile, seed: Seed, *, seats: Sequence[str] | None = None) -> CoupState:
    """The game contract's start: a shoe shuffled with ``seed``, and ``seats`` (``Seat 1``
    to ``Seat 3`` when None) to place their bets in turn (:class:`PlaceBet`); the last bet
    closes the betting and the croupier deals.  The house (at the social table, the bank)
    takes the other side of every bet.

    >>> from cardrules.banco import PlaceBet, apply, to_act
    >>> s = start(load_banco(), seed=3, seats=["Ann", "Ben"])
    >>> to_act(s), len(s.shoe)
    ('Ann', 416)
    >>> s = apply(apply(s, PlaceBet(BetOn.BANKER, 10)), PlaceBet(BetOn.TIE, 5))
    >>> [(b.bettor, b.on.value, b.amount) for b in s.bets], len(s.player), len(s.shoe)
    ([('Ann', 'banker', 10), ('Ben', 'tie', 5)], 2, 412)
    """
    rules = check_profile(rules, BancoRules, "Punto Banco")
    names = seat_names() if seats is None else check_seat_names(seats, MIN_SEATS, MAX_SEATS,
                                                                 "Punto Banco")
    for name in names:
        if name in ("Player", "Banker"):
            raise SetupError(f"{name!r} is a hand of the coup, not a seat: name the bettors "
                             "otherwise.")
    cards = Rng(check_seed(seed)).shuffled(shoe(rules.decks))
    return CoupState(rules, (), (), cards, Stage.BETS, seats=names)


def seats(rules: Profile, players: int | None = None) -> tuple[str, ...]:
    """The contract's seats: the bettors of a table of ``players`` (3 when None).

    >>> seats(load_banco(), 2)
    ('Seat 1', 'Seat 2')
    """
    check_profile(rules, BancoRules, "Punto Banco")
    return seat_names(players)


def deal_rows(rules: Profile, seed: Seed, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded coup, played out, as labelled rows of cards (for pictures).  ``players``
    does not change the picture (the bettors hold no cards) but must be a table's size.

    >>> [label for label, _ in deal_rows(load_banco(), 3)]
    ['Player', 'Banker']
    """
    rules = check_profile(rules, BancoRules, "Punto Banco")
    seat_names(players)
    end = play_out(new_coup(rules, seed=check_seed(seed)))
    return [("Player", end.player), ("Banker", end.banker)]
