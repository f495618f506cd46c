"""Starting a game of Casino and dealing: the first deal of a round, the later deals, the
next round, positions made by hand for examples, and the deal as rows for the book."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from ..cards import Card, cards_text, parse_cards, standard_deck
from ..errors import IllegalAction
from ..game import SetupError, check_card_list, check_profile
from ..rng import Rng
from . import _fast
from .rules import CasinoRules, load_casino
from .state import (
    CasinoState,
    Phase,
    Record,
    RoundScore,
    TableBuild,
    _norm_card,
    note,
    seat_names,
    side_names,
)


# -- starting a game and dealing -------------------------------------------------------
def new_game(rules: CasinoRules | None = None, pack: Sequence[Card | str] | None = None, *,
             seed: int | str | None = None, dealer: int = 0,
             players: int | None = None) -> CasinoState:
    """A new game, with the first round dealt [casino.deal].

    The pack is ``pack`` (top card first) or a 52-card pack shuffled with ``seed``.

    >>> s = new_game(load_casino(), seed=1)
    >>> [len(h) for h in s.hands], len(s.loose), len(s.stock), s.turn
    ([4, 4], 4, 40, 1)
    >>> new_game(load_casino(), players=5, seed=1)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Casino is for 2, 3 or 4 players, not 5
    """
    if rules is None:
        rules = _default_rules()
    check_profile(rules, CasinoRules, "Casino")
    n = rules.players if players is None else players
    _check_players(n)
    if rules.players != n:
        rules = _with_players(rules, n)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise SetupError(f"the dealer is a seat from 0 to {n - 1}, not {dealer!r}")
    cards = _pack(pack, seed, "round 1")
    return _deal_round(rules, cards, dealer, 1, (0,) * len(side_names(n)), seed, ())


def _check_players(n: object) -> None:
    if isinstance(n, bool) or n not in (2, 3, 4):
        raise SetupError(f"Casino is for 2, 3 or 4 players, not {n}")


_DECK = standard_deck()


def _pack(pack: Sequence[Card | str] | None, seed: int | str | None, label: str
          ) -> tuple[Card, ...]:
    """The pack of a round: the one given (52 different cards, top first), or one shuffled
    with the seed.

    >>> _pack(None, 1, "round 1") == _pack(None, 1, "round 1")
    True
    >>> _pack(standard_deck()[1:] + standard_deck()[-1:], None, "round 1")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: a Casino pack is the 52 different cards; got 52 cards, with A♠ twice (a duplicate) and no 2♣
    """
    if pack is None:
        if seed is None:
            raise SetupError("give the pack (52 cards, top first) or a seed to shuffle one")
        return _fast.shuffled(_DECK, Rng(f"casino:{seed}:{label}"))  # = Rng.shuffled
    if isinstance(pack, (str, bytes)) or not isinstance(pack, Iterable):
        check_card_list(pack, "a Casino pack")
    try:
        cards = tuple(_norm_card(c) for c in pack)
    except (TypeError, ValueError) as e:
        raise SetupError(f"a Casino pack must hold only cards: {e}") from None
    if len(cards) != 52 or len(set(cards)) != 52:
        counts = Counter(cards)
        dup = [f"{c} {_times(k)} (a duplicate)" for c, k in counts.items() if k > 1]
        missing = [str(c) for c in _DECK if c not in counts]
        text = f"a Casino pack is the 52 different cards; got {len(cards)} cards"
        if dup:
            text += ", with " + ", ".join(dup)
        if missing and dup:
            text += f" and no {' '.join(missing)}"
        raise SetupError(text)
    return cards


def _times(k: int) -> str:
    return "twice" if k == 2 else f"{k} times"


def _deal_round(rules: CasinoRules, pack: tuple[Card, ...], dealer: int, rnd: int,
                scores: tuple[int, ...], seed: int | str | None, rounds: tuple[RoundScore, ...],
                record: Record | None = None) -> CasinoState:
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    table: list[Card] = []
    order = [(dealer + k) % n for k in range(1, n)]
    i = 0
    for _ in range(2):
        for seat in order:
            hands[seat] += pack[i:i + 2]
            i += 2
        table += pack[i:i + 2]
        i += 2
        hands[dealer] += pack[i:i + 2]
        i += 2
    names = seat_names(n)
    text = (f"Round {rnd}: {names[dealer]} deals 4 cards to each player, two at a time, and "
            f"4 to the table: {cards_text(tuple(table))}.")
    state = CasinoState(
        rules=rules, dealer=dealer, turn=(dealer + 1) % n,
        hands=tuple(tuple(h) for h in hands), loose=tuple(table), builds=(),
        stock=pack[i:], piles=((),) * n, sweeps=((),) * n, last_capturer=None, deal=1,
        round=rnd, scores=scores, seed=seed, rounds=rounds,
        record=note(record, None, "casino.deal", text),
    )
    return state


def _redeal(state: CasinoState) -> CasinoState:
    n = state.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    order = [(state.dealer + k) % n for k in range(1, n + 1)]
    stock = state.stock
    i = 0
    for _ in range(2):
        for seat in order:
            hands[seat] += stock[i:i + 2]
            i += 2
    rest = stock[i:]
    last = ' and says "last"' if not rest else ""
    text = (f"Deal {state.deal + 1}: {state.names[state.dealer]} deals 4 more cards to each "
            f"player, none to the table{last}.")
    return CasinoState(state.rules, state.dealer, (state.dealer + 1) % n,
                       tuple(tuple(h) for h in hands), state.loose, state.builds, rest,
                       state.piles, state.sweeps, state.last_capturer, state.deal + 1,
                       state.round, state.scores, state.phase, state.winner, state.seed,
                       state.rounds, note(state.record, None, "casino.deal", text))


def next_round(state: CasinoState, pack: Sequence[Card | str] | None = None) -> CasinoState:
    """Deal the next round after a round is over; the deal passes to the left
    [casino.game].  Without ``pack`` the game's seed shuffles a new one.

    >>> from cardrules.casino import play_randomly
    >>> s = play_randomly(new_game(load_casino(), seed=3), Rng(1), rounds=1)
    >>> s.phase, next_round(s).dealer, next_round(s).round
    (<Phase.ROUND_OVER: 'round over'>, 1, 2)
    """
    if state.phase is not Phase.ROUND_OVER:
        why = "the game is over" if state.phase is Phase.GAME_OVER else "the round is still on"
        raise IllegalAction("casino.game", f"No new round can be dealt: {why}.")
    rnd = state.round + 1
    if pack is None and state.seed is None:
        raise SetupError("this game was dealt from a given pack: give the next round's pack")
    cards = _pack(pack, state.seed, f"round {rnd}")
    return _deal_round(state.rules, cards, (state.dealer + 1) % state.players, rnd,
                       state.scores, state.seed, state.rounds, state.record)


def position(hand: str | Sequence[Card | str], loose: str | Sequence[Card | str] = (),
             builds: Sequence[tuple[int, str | Sequence[str | Sequence[Card | str]], int]] = (),
             rules: CasinoRules | str | None = None, *, others: Sequence[str] = (),
             players: int = 2, turn: int = 0) -> CasinoState:
    """A position for examples and quizzes: the hand of the player to play (seat
    ``turn``), the loose table cards and builds ``(value, sets, owner)``; the other
    cards are dealt out to the other hands (``others`` fixes them) and the stock.

    >>> s = position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    >>> s.builds[0].label(s.names), cards_text(s.hand)
    ('Build of 7 (single), owner South', '2♠ 9♣')
    """
    if isinstance(rules, str) or rules is None:
        rules = load_casino(rules or "casino")
    if rules.players != players:
        rules = _with_players(rules, players)
    my = _as_cards(hand)
    table = _as_cards(loose)
    tbuilds = []
    for value, sets, owner in builds:
        if isinstance(sets, str):
            parts = tuple(parse_cards(p) for p in sets.split("|"))
        else:
            parts = tuple(_as_cards(p) for p in sets)
        tbuilds.append(TableBuild(value, parts, owner))
    hands: list[tuple[Card, ...]] = [() for _ in range(players)]
    hands[turn] = my
    others_cards = [_as_cards(o) for o in others]
    used = list(my) + list(table) + [c for b in tbuilds for c in b.cards]
    used += [c for o in others_cards for c in o]
    if len(set(used)) != len(used):
        dup = sorted({str(c) for c in used if used.count(c) > 1})
        raise SetupError(f"a card is used twice in the position: {' '.join(dup)}")
    rest = [c for c in standard_deck() if c not in set(used)]
    k = 0
    for seat in range(players):
        if seat == turn:
            continue
        if k < len(others_cards):
            hands[seat] = others_cards[k]
        else:
            hands[seat] = tuple(rest[:len(my)])
            rest = rest[len(my):]
        k += 1
    return CasinoState(
        rules=rules, dealer=(turn - 1) % players, turn=turn,
        hands=tuple(hands), loose=table, builds=tuple(tbuilds), stock=tuple(rest),
        piles=((),) * players, sweeps=((),) * players, last_capturer=None, deal=1, round=1,
        scores=(0,) * len(side_names(players)),
    )


def _as_cards(x: str | Sequence[Card | str]) -> tuple[Card, ...]:
    if isinstance(x, str):
        return parse_cards(x)
    return tuple(_norm_card(c) for c in x)


@lru_cache(maxsize=64)
def _with_players(rules: CasinoRules, players: int) -> CasinoRules:
    return rules.replace(players=players)


@cache
def _default_rules() -> CasinoRules:
    return load_casino("casino")



def start(rules: CasinoRules, seed: int | str, players: int | None = None) -> CasinoState:
    """A new game (the contract's start): the first round dealt from a pack shuffled with
    ``seed``, North dealing; ``players`` defaults to the profile's.

    >>> s = start(load_casino(), 7, players=3)
    >>> len(s.hands), s.dealer
    (3, 0)
    """
    return new_game(rules, seed=seed, players=players)


def deals_per_round(players: int) -> int:
    """How many deals a round has: 4 cards each and 4 to the table, then 4 each until the
    52 cards are out [casino.deal].

    >>> [deals_per_round(n) for n in (2, 3, 4)]
    [6, 4, 3]
    """
    _check_players(players)
    return 1 + (52 - 4 - 4 * players) // (4 * players)


def deal_rows(rules: CasinoRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """The first deal of a seeded game as labelled rows of cards (for the book's pictures):
    each seat's hand, then the four cards on the table [casino.deal].

    >>> [label for label, _ in deal_rows(load_casino(), 3)]
    ['North', 'South', 'Table']
    >>> [len(cards) for _, cards in deal_rows(load_casino(), 3, players=4)]
    [4, 4, 4, 4, 4]
    """
    s = new_game(rules, seed=seed, players=players)
    return [*zip(s.names, s.hands, strict=True), ("Table", s.loose)]
