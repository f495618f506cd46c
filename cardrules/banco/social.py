"""The seed's social Banco table: the players take turns to hold the bank, the highest
bidder on Player holds the Player hand, and a tie is dealt again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..errors import IllegalAction
from ..game import SetupError, check_card_list, check_profile
from .outcome import Coup, Settlement, play_coup, settle
from .profile import BancoRules, load_banco
from .state import Bet, BetOn
from .values import Result

MIN_PLAYERS, MAX_PLAYERS = 2, 12


def _check_table(players: Sequence[str]) -> tuple[str, ...]:
    if players is None or isinstance(players, (str, bytes)):
        raise SetupError(f"players must be a list of names, got {players!r}.")
    seats = tuple(players)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise SetupError(f"The social table seats {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {len(seats)}.")
    for name in seats:
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"Each player is named by a non-empty string; got {name!r}.")
    if len(set(seats)) != len(seats):
        raise SetupError(f"Player names must be different; got {', '.join(seats)}.")
    return seats


def first_bank(players: Sequence[str]) -> str:
    """Who holds the bank for the first hand: the player on the croupier's right
    [banco.first-bank].

    ``players`` are listed clockwise, starting from the seat on the croupier's left (the
    order in which the croupier deals round the table), so the player on the croupier's
    right is the last one listed.  The bank then passes to the right after each hand:
    the seat listed before the bank (:func:`social_hand` says who holds it next).

    >>> first_bank(["Ann", "Bob", "Cleo", "Dev"])
    'Dev'
    >>> first_bank(["Ann"])
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: The social table seats 2 to 12 players, not 1.
    """
    return _check_table(players)[-1]


def bank_rotation(players: Sequence[str]) -> tuple[str, ...]:
    """The order in which the players hold the bank, hand after hand: the first bank, on
    the croupier's right, then each time the player on the bank's right
    [banco.first-bank] [banco.social].  ``players`` are listed as for :func:`first_bank`.

    >>> bank_rotation(["Ann", "Bob", "Cleo", "Dev"])
    ('Dev', 'Cleo', 'Bob', 'Ann')
    """
    seats = _check_table(players)
    return seats[::-1]


@dataclass(frozen=True)
class SocialHand:
    """One hand at the social table: who held what, the coups dealt, and the payments."""

    bank: str
    player_hand: str
    coups: tuple[Coup, ...]
    settlement: Settlement
    next_bank: str


def social_hand(players: Sequence[str], bank: str | None, bets: Sequence[Bet],
                cards: Sequence[Card], rules: BancoRules | None = None) -> SocialHand:
    """Play one hand of the seed's social table [banco.social].

    The highest bidder on Player holds the Player hand; a tie returns all bets
    and the hand is dealt again from the next cards; payments are even money;
    the bank then passes to the player on the bank's right (the previous seat,
    as seats go clockwise).  ``players`` are listed clockwise from the croupier's left
    (see :func:`first_bank`); ``bank`` None gives the first hand's bank to the player on
    the croupier's right [banco.first-bank].

    >>> h = social_hand(["ann", "bob", "cy"], "ann",
    ...                 [Bet("bob", BetOn.PLAYER, 10), Bet("cy", BetOn.BANKER, 5)],
    ...                 parse_cards("9C 2D KH 3S"), load_banco("banco"))
    >>> h.player_hand, [str(p.net) for p in h.settlement.payments], h.next_bank
    ('bob', ['10', '-5'], 'cy')
    """
    rules = load_banco("banco") if rules is None else rules
    check_profile(rules, BancoRules, "Banco")
    players = _check_table(players)
    if bank is None:
        bank = first_bank(players)
    if bank not in players:
        raise SetupError(f"The bank {bank!r} is not at the table ({', '.join(players)}).")
    for b in bets:
        if not isinstance(b, Bet):
            raise SetupError(f"bets must hold only Bet objects; {b!r} is not one")
        if b.bettor not in players:
            raise SetupError(f"{b.bettor!r} is not at the table ({', '.join(players)}).")
        if b.bettor == bank:
            raise IllegalAction("banco.social", "The bank does not bet against itself.")
        if b.on is BetOn.TIE:
            raise IllegalAction("banco.social", "The social table takes bets on Bank or Player only.")
    player_bets = [b for b in bets if b.on is BetOn.PLAYER]
    if not player_bets:
        raise IllegalAction("banco.social", "Someone must bet on Player to hold the Player hand.")
    holder = max(player_bets, key=lambda b: (b.amount, -players.index(b.bettor))).bettor
    coups: list[Coup] = []
    rest = check_card_list(cards, "the cards of the hand")
    while True:
        coup = play_coup(rest, rules)
        coups.append(coup)
        rest = rest[coup.cards_used:]
        if coup.result is not Result.TIE:
            break
        if len(rest) < 4:
            raise SetupError("The cards ran out while ties were dealt again.")
    settlement = settle(bets, coups[-1], rules)
    i = players.index(bank)
    return SocialHand(bank, holder, tuple(coups), settlement, players[i - 1])

