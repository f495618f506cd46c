"""Dealing Casino: the seats of a table, a new game and its first deal, the later deals of
a round, the next round, the contract's ``start``, positions made by hand for examples,
and a seeded deal as rows of cards for the book [casino.deal].

The first named seat deals the first round; play starts on the dealer's left, the next
seat round the table, and the deal passes to the left after each round.

>>> s = start(load_casino(), 1, seats=("Ann", "Ben", "Cleo"))
>>> s.names[s.dealer], to_act(s)
('Ann', 'Ben')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from ..cards import Card, cards_text, parse_cards  # noqa: F401  (cards_text: doctests)
from ..errors import IllegalAction
from ..game import Seed, SetupError, check_card_list, check_profile, check_seat_names, check_seed
from ..profiles import Profile
from ..rng import Rng
from .fast import code_bits, codes_of, hand_values, table_of
from .fast import dealt as fast_dealt
from .profile import (
    CasinoRules,
    check_players,
    default_rules,
    load_casino,
    with_players,
)
from .state import (
    CasinoState,
    Phase,
    Record,
    RoundScore,
    make_state,
    note,
    seat_names,
    sides_of,
    successor,
    to_act,  # noqa: F401  (doctests)
)
from .table import TableBuild
from .values import DECK, card_texts, norm_card

MIN_SEATS, MAX_SEATS = 2, 4


# -- the pack -------------------------------------------------------------------------------
def shuffled_pack(seed: Seed, label: str) -> tuple[Card, ...]:
    """The pack of one round of a seeded game, shuffled with ``seed`` and the round's
    ``label``: the same seed deals the same rounds everywhere.

    It is ``Rng(f"casino:{seed}:{label}").shuffled(DECK)``, with :meth:`Rng.below
    <cardrules.rng.Rng.below>`'s rejection sampling written out in the loop and the
    stream drawn in batches (:meth:`Rng.u64s <cardrules.rng.Rng.u64s>`: a round is dealt
    often enough in a game for the calls to count):

    >>> shuffled_pack(1, "round 1") == Rng("casino:1:round 1").shuffled(DECK)
    True
    >>> shuffled_pack(1, "round 1") != shuffled_pack(1, "round 2")
    True
    """
    rng = Rng(f"casino:{seed}:{label}")
    draws = rng.u64s(_FIRST_DRAWS)
    k = 0
    out = list(DECK)
    for i, shift in _SWAPS:  # Fisher-Yates, as Rng.shuffled
        while True:  # below(i + 1): the top bits of i's length, until one is at most i
            if k == len(draws):
                draws += rng.u64s(8)
            j = draws[k] >> shift
            k += 1
            if j <= i:
                break
        out[i], out[j] = out[j], out[i]
    return tuple(out)


#: the swaps of a Fisher-Yates shuffle of the pack: each place from the last down, with the
#: shift that keeps the bits :meth:`Rng.below <cardrules.rng.Rng.below>` draws for it
_SWAPS = tuple((i, 64 - i.bit_length()) for i in range(len(DECK) - 1, 0, -1))
#: the draws a shuffle of 52 cards takes first: 71 on average, more drawn if needed
_FIRST_DRAWS = 72


def pack_of(pack: Sequence[Card | str] | None, seed: Seed | None, label: str
            ) -> tuple[Card, ...]:
    """The pack of a round: the one given (52 different cards, top first), or one shuffled
    with the seed.

    >>> pack_of(DECK[1:] + DECK[-1:], None, "round 1")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: a Casino pack is the 52 different cards; got 52 cards, with A♠ twice (a duplicate) and no 2♣
    """
    if pack is None:
        if seed is None:
            raise SetupError("give the pack (52 cards, top first) or a seed to shuffle one")
        return shuffled_pack(check_seed(seed), label)
    if isinstance(pack, (str, bytes)) or not isinstance(pack, Iterable):
        check_card_list(pack, "a Casino pack")
    try:
        cards = tuple(norm_card(c) for c in pack)
    except (TypeError, ValueError) as e:
        raise SetupError(f"a Casino pack must hold only cards: {e}") from None
    if len(cards) != 52 or len(set(cards)) != 52:
        counts = Counter(cards)
        dup = [f"{c} {_times(k)} (a duplicate)" for c, k in counts.items() if k > 1]
        missing = [str(c) for c in DECK if c not in counts]
        text = f"a Casino pack is the 52 different cards; got {len(cards)} cards"
        if dup:
            text += ", with " + ", ".join(dup)
        if missing and dup:
            text += f" and no {' '.join(missing)}"
        raise SetupError(text)
    return cards


def _times(k: int) -> str:
    return "twice" if k == 2 else f"{k} times"


# -- a new game, its deals and its rounds ------------------------------------------------------
def new_game(rules: CasinoRules | None = None, pack: Sequence[Card | str] | None = None, *,
             seed: Seed | None = None, dealer: int = 0, players: int | None = None,
             seats: Sequence[str] | None = None) -> CasinoState:
    """A new game, with the first round dealt [casino.deal].

    The pack is ``pack`` (top card first) or a 52-card pack shuffled with ``seed``.  The
    table is ``players`` seats with the compass names (the profile's number when None),
    or the named ``seats``; ``dealer`` is the seat that deals first.

    >>> s = new_game(load_casino(), seed=1)
    >>> [len(h) for h in s.hands], len(s.loose), len(s.stock), s.turn
    ([4, 4], 4, 40, 1)
    >>> new_game(load_casino(), players=5, seed=1)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Casino is for 2, 3 or 4 players, not 5
    """
    rules = check_profile(default_rules() if rules is None else rules, CasinoRules, "Casino")
    names: tuple[str, ...] = ()
    if seats is not None:
        names = check_seat_names(seats, MIN_SEATS, MAX_SEATS, "Casino")
        if players is not None and players != len(names):
            raise SetupError(f"{len(names)} seats are named but players is {players!r}: "
                             "give one or the other")
    n = check_players(len(names) if names else rules.players if players is None else players)
    rules = with_players(rules, n)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise SetupError(f"the dealer is a seat from 0 to {n - 1}, not {dealer!r}")
    if seed is not None:
        seed = check_seed(seed)
    cards = pack_of(pack, seed, "round 1")
    return deal_round(rules, cards, dealer, 1, (0,) * len(sides_of(names or seat_names(n))),
                      seed, (), names)


def deal_round(rules: CasinoRules, pack: tuple[Card, ...], dealer: int, rnd: int,
               scores: tuple[int, ...], seed: Seed | None, rounds: tuple[RoundScore, ...],
               names: tuple[str, ...] = (), record: Record | None = None) -> CasinoState:
    """The first deal of a round: two cards to each player from the dealer's left, two to
    the table, two to the dealer, and the same again [casino.deal].

    >>> s = deal_round(load_casino(), DECK, 0, 1, (0, 0), None, ())
    >>> cards_text(s.hands[1]), cards_text(s.loose)
    ('2♣ 3♣ 8♣ 9♣', '4♣ 5♣ 10♣ J♣')
    """
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
    who = (names or seat_names(n))[dealer]
    loose = tuple(table)
    text = (f"Round {rnd}: {who} deals 4 cards to each player, two at a time, and "
            f"4 to the table: {card_texts(loose)}.")
    dealt = tuple([tuple(h) for h in hands])
    fields: dict[str, Any] = {
        "rules": rules, "dealer": dealer, "turn": (dealer + 1) % n, "hands": dealt,
        "loose": loose, "builds": (), "stock": pack[i:], "piles": ((),) * n,
        "sweeps": ((),) * n, "last_capturer": None, "deal": 1, "round": rnd,
        "scores": scores, "phase": Phase.PLAY, "winner": None, "seed": seed,
        "rounds": rounds, "seats": names, "record": note(record, None, "casino.deal", text)}
    if len(pack) != len(DECK) or code_bits(pack).bit_count() != len(DECK):
        return CasinoState(**fields)  # not the whole pack: the state works its table out
    # the whole pack, each card once: the hands and the table are the only cards to read
    fields["fast"] = table_of(rules.royal, loose, dealt, (), ())
    return make_state(fields)


def redeal(state: CasinoState) -> CasinoState:
    """The next deal of a round, once every hand is empty: 4 more cards to each player,
    two at a time from the dealer's left, none to the table; the dealer says "last" on the
    final deal [casino.deal].

    >>> s = position((), "3C", players=2)
    >>> t = redeal(s)
    >>> [len(h) for h in t.hands], t.turn  # South dealt: North plays first
    ([4, 4], 0)
    """
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
    dealt = tuple(tuple(h) for h in hands)
    changes: dict[str, Any] = {"turn": (state.dealer + 1) % n, "hands": dealt, "stock": rest,
               "deal": state.deal + 1, "record": note(state.record, None, "casino.deal", text)}
    t = state.fast
    if t is None or not t.regular:  # a position made by hand: its table worked out afresh
        return replace(state, **changes)
    hand_vals = hand_values([codes_of(h) for h in dealt], state.rules.royal)
    return successor(state, changes, fast_dealt(t, hand_vals))


def next_round(state: CasinoState, pack: Sequence[Card | str] | None = None) -> CasinoState:
    """Deal the next round after a round is over; the deal passes to the left
    [casino.game].  Without ``pack`` the game's seed shuffles a new one.

    >>> from cardrules.casino import play_randomly
    >>> s = play_randomly(new_game(load_casino(), seed=3), Rng(1), rounds=1)
    >>> s.phase, next_round(s).dealer, next_round(s).round
    (<Phase.ROUND_OVER: 'round over'>, 1, 2)
    """
    if not isinstance(state, CasinoState):
        raise SetupError(f"next_round needs a Casino game (a CasinoState); got {state!r}")
    if state.phase is not Phase.ROUND_OVER:
        why = "the game is over" if state.phase is Phase.GAME_OVER else "the round is still on"
        raise IllegalAction("casino.game", f"No new round can be dealt: {why}.")
    rnd = state.round + 1
    if pack is None and state.seed is None:
        raise SetupError("this game was dealt from a given pack: give the next round's pack")
    cards = pack_of(pack, state.seed, f"round {rnd}")
    return deal_round(state.rules, cards, (state.dealer + 1) % state.players, rnd,
                      state.scores, state.seed, state.rounds, state.seats, state.record)


def deals_per_round(players: int) -> int:
    """How many deals a round has: 4 cards each and 4 to the table, then 4 each until the
    52 cards are out [casino.deal].

    >>> [deals_per_round(n) for n in (2, 3, 4)]
    [6, 4, 3]
    """
    check_players(players)
    return 1 + (52 - 4 - 4 * players) // (4 * players)


# -- positions for examples ----------------------------------------------------------------------
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
    rules = with_players(check_profile(rules, CasinoRules, "Casino"), check_players(players))
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < players:
        raise SetupError(f"the seat to play is a seat from 0 to {players - 1}, not {turn!r}")
    try:
        my = _as_cards(hand)
        table = _as_cards(loose)
        tbuilds = [_build_of(b, players) for b in builds]
        others_cards = [_as_cards(o) for o in others]
    except (TypeError, ValueError) as e:
        raise SetupError(f"a position is cards given as text or lists of cards, and builds "
                         f"as (value, sets, owner): {e}") from None
    hands: list[tuple[Card, ...]] = [() for _ in range(players)]
    hands[turn] = my
    used = list(my) + list(table) + [c for b in tbuilds for c in b.cards]
    used += [c for o in others_cards for c in o]
    if len(set(used)) != len(used):
        dup = sorted({str(c) for c in used if used.count(c) > 1})
        raise SetupError(f"a card is used twice in the position: {' '.join(dup)}")
    rest = [c for c in DECK if c not in set(used)]
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
        scores=(0,) * len(sides_of(seat_names(players))),
    )


def _as_cards(x: str | Sequence[Card | str]) -> tuple[Card, ...]:
    if isinstance(x, str):
        return parse_cards(x)
    return tuple(norm_card(c) for c in x)


def _build_of(build: object, players: int) -> TableBuild:
    """A build of a position, from (value, sets, owner): sets as text ("3C 4D|7S") or as
    lists of cards."""
    if not isinstance(build, (tuple, list)) or len(build) != 3:
        raise ValueError(f"a build is (value, sets, owner seat); got {build!r}")
    value, sets, owner = build
    if isinstance(sets, str):
        parts = tuple(parse_cards(p) for p in sets.split("|"))
    else:
        parts = tuple(_as_cards(p) for p in sets)
    if isinstance(value, bool) or not isinstance(value, int) or not (
            isinstance(owner, int) and 0 <= owner < players):
        raise ValueError(f"a build is (value, sets, owner seat); got {build!r}")
    return TableBuild(value, parts, owner)


# -- the contract ------------------------------------------------------------------------------
def seats(rules: Profile, players: int | None = None) -> tuple[str, ...]:
    """The contract's seats: the compass names of a table of ``players`` (the profile's
    number when None), clockwise from the first dealer.

    >>> seats(load_casino(), 3)
    ('North', 'East', 'South')
    >>> seats(load_casino(), 1)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Casino is for 2, 3 or 4 players, not 1
    """
    rules = check_profile(rules, CasinoRules, "Casino")
    return seat_names(check_players(rules.players if players is None else players))


def start(rules: Profile, seed: Seed, *, seats: Sequence[str] | None = None) -> CasinoState:
    """The contract's start: a new game, its first round dealt from a pack shuffled with
    ``seed``.  With named ``seats`` (2 to 4) the first of them deals and the next one
    plays first; with none, the profile's table with the compass names, North dealing.

    >>> s = start(load_casino(), 7, seats=("Ann", "Ben"))
    >>> s.names, s.dealer, to_act(s)
    (('Ann', 'Ben'), 0, 'Ben')
    >>> start(load_casino(), 7).names
    ('North', 'South')
    """
    rules = check_profile(rules, CasinoRules, "Casino")
    seed = check_seed(seed)
    if seats is None:
        return new_game(rules, seed=seed)
    return new_game(rules, seed=seed, seats=check_seat_names(seats, MIN_SEATS, MAX_SEATS,
                                                             "Casino"))


def deal_rows(rules: Profile, seed: Seed, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """The first deal of a seeded game as labelled rows of cards (for the book's pictures):
    each seat's hand, then the four cards on the table [casino.deal].

    >>> [label for label, _ in deal_rows(load_casino(), 3)]
    ['North', 'South', 'Table']
    >>> [len(cards) for _, cards in deal_rows(load_casino(), 3, players=4)]
    [4, 4, 4, 4, 4]
    """
    rules = check_profile(rules, CasinoRules, "Casino")
    seed = check_seed(seed)
    if players is not None:
        check_players(players)
    s = new_game(rules, seed=seed, players=players)
    return [*zip(s.names, s.hands, strict=True), ("Table", s.loose)]
