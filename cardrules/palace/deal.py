"""Dealing a hand of Palace Poker: the first dealer, the banner deal, the palace cards,
hands set up at a chosen moment; the contract's ``seats`` and ``start``, and a seeded deal
as rows of cards for the book."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..cards import Card, cards_text
from ..errors import IllegalAction
from ..game import Seed, SetupError, check_profile, check_seat_names, check_seed
from ..poker import poker_value
from ..profiles import Profile
from ..rng import Rng
from .inputs import DECK, MAX_PLAYERS, MIN_PLAYERS, as_cards, check_names
from .profile import PalaceRules
from .state import PalaceState, Phase, PlayerState, PotMove
from .words import and_list

#: the table of start() and deal_rows() when no count is given
USUAL_PLAYERS = 4


def _check_rng(rng: object) -> Rng | None:
    if rng is None or isinstance(rng, Rng):
        return rng
    raise SetupError(f"the pack is shuffled by a cardrules.rng.Rng (for example Rng(1)), "
                     f"not {rng!r}")


@dataclass(frozen=True)
class DealerDraw:
    """How the first dealer was chosen: each round of cards, and the dealer."""

    rounds: tuple[tuple[tuple[str, Card], ...], ...]
    dealer: str

    def describe(self) -> str:
        """The draw in words.

        >>> from cardrules.cards import parse_cards
        >>> print(choose_first_dealer(["Ann", "Bob", "Cy"], pack=parse_cards("KS KD 4C 2H 9S")).describe())
        Ann K♠, Bob K♦, Cy 4♣: Ann and Bob tie with a king and draw again.
        Ann 2♥, Bob 9♠: Bob has the highest card and deals first.
        """
        lines = []
        for i, rnd in enumerate(self.rounds):
            shown = ", ".join(f"{n} {c}" for n, c in rnd)
            top = max(poker_value(c.rank) for _, c in rnd)
            tied = [n for n, c in rnd if poker_value(c.rank) == top]
            if i == len(self.rounds) - 1:
                lines.append(f"{shown}: {self.dealer} has the highest card and deals first.")
            else:
                word = next(c for _, c in rnd if poker_value(c.rank) == top).rank.word
                lines.append(f"{shown}: {and_list(tied)} tie with a{'n' if word[0] in 'ae' else ''} "
                             f"{word} and draw again.")
        return "\n".join(lines)


def choose_first_dealer(players: Sequence[str], rng: Rng | None = None,
                        pack: Sequence[Card] | None = None) -> DealerDraw:
    """Choose the first dealer by high card [palace.first-dealer].

    Each player is dealt a card from ``pack`` (or a pack shuffled by ``rng``); the
    highest rank deals, aces high and suits ignored; tied players draw again.

    >>> from cardrules.cards import parse_cards
    >>> d = choose_first_dealer(["Ann", "Bob"], pack=parse_cards("AS 3D"))
    >>> d.dealer, len(d.rounds)
    ('Ann', 1)
    >>> choose_first_dealer(["Ann", "Bob"], Rng(5)).dealer in ("Ann", "Bob")
    True
    """
    names = check_names(players)
    rng = _check_rng(rng)
    # Without a given pack, each card is drawn at random from the rest of the pack: the
    # same as dealing from the top of a shuffled pack, without shuffling all 52 cards.
    shuffled = pack is None
    if shuffled and rng is None:
        raise SetupError("give a shuffled pack, or an Rng to shuffle one")
    cards = list(DECK) if pack is None else list(as_cards(pack))
    rounds = []
    contenders = list(names)
    while True:
        if len(cards) < len(contenders):
            if rng is None:
                raise SetupError("the pack ran out while choosing the dealer; give more cards "
                                 "or an Rng to shuffle the pack again")
            cards, shuffled = list(DECK), True
        if shuffled:
            assert rng is not None
            dealt = tuple((n, cards.pop(rng.below(len(cards)))) for n in contenders)
        else:
            dealt = tuple((n, cards.pop(0)) for n in contenders)
        rounds.append(dealt)
        top = max(poker_value(c.rank) for _, c in dealt)
        contenders = [n for n, c in dealt if poker_value(c.rank) == top]
        if len(contenders) == 1:
            return DealerDraw(tuple(rounds), contenders[0])


def banner_group(position: int) -> int:
    """The banner group of the player at ``position`` from the dealer's left (0 is the
    first): players 1-4 are group 0, 5-8 group 1, 9-10 group 2 [palace.banner].

    >>> [banner_group(p) for p in range(10)]
    [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]
    """
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < 10:
        raise SetupError(f"a position from the dealer's left is 0 to 9, got {position!r}")
    return position // 4


@dataclass(frozen=True)
class BannerStep:
    """One card of the banner deal: to whom, whether it is kept, and why."""

    position: int
    player: str
    card: Card
    kept: bool
    reason: str
    reshuffled: bool = False


@dataclass(frozen=True)
class BannerDeal:
    """The banner deal: every card dealt, the banners (in deal order) and what is left."""

    players: tuple[str, ...]
    banners: tuple[Card, ...]
    steps: tuple[BannerStep, ...]
    rest: tuple[Card, ...]
    rejected: tuple[Card, ...]

    @property
    def reshuffles(self) -> int:
        """How many times the rejected cards were shuffled to go on.

        >>> from cardrules.cards import parse_cards
        >>> deal_banners(parse_cards("AS KH"), ["Ann", "Bob"]).reshuffles
        0
        """
        return sum(1 for s in self.steps if s.reshuffled)

    def banner_of(self, name: str) -> Card:
        """The banner a player was dealt.

        >>> from cardrules.cards import parse_cards
        >>> deal_banners(parse_cards("AS 2S KH"), ["Ann", "Bob"]).banner_of("Bob")
        Card('K♥')
        """
        if name not in self.players:
            raise SetupError(f"{name!r} was dealt no banner; the players are "
                             f"{and_list(self.players)}")
        return self.banners[self.players.index(name)]

    def describe(self) -> str:
        """The deal, card by card.

        >>> from cardrules.cards import parse_cards
        >>> print(deal_banners(parse_cards("AS 2S KH"), ["Ann", "Bob"]).describe())
        Ann: A♠ kept (the first of group 1).
        Bob: 2♠ set aside (Ann already has spades).
        Bob: K♥ kept (no earlier player of group 1 has hearts).
        """
        lines = []
        for s in self.steps:
            if s.reshuffled:
                lines.append("The pack has run out: the rejected banner cards are shuffled.")
            lines.append(f"{s.player}: {s.card} {'kept' if s.kept else 'set aside'} ({s.reason}).")
        return "\n".join(lines)


def deal_banners(pack: Sequence[Card] | str, players: Sequence[str], rng: Rng | None = None
                 ) -> BannerDeal:
    """Deal banner cards from ``pack`` (top first) to ``players`` in deal order (the
    dealer's left first) [palace.banner].  If the pack runs out, the rejected cards
    are shuffled with ``rng`` and the deal goes on [palace.banner.reshuffle].

    >>> from cardrules.cards import parse_cards
    >>> d = deal_banners(parse_cards("9C 9D 5C KD 2H 3S"), ["Ann", "Bob", "Cy"])
    >>> d.banners, d.rejected, d.rest
    ((Card('9♣'), Card('9♦'), Card('2♥')), (Card('5♣'), Card('K♦')), (Card('3♠'),))

    With five players or more the fifth player starts a new group:

    >>> d = deal_banners(parse_cards("2C 3D 4H 5S 6C 7C"), ["A", "B", "C", "D", "E"])
    >>> d.banner_of("E"), d.rejected
    (Card('6♣'), ())

    When the pack runs out, the rejected cards are shuffled and the deal goes on (here
    Eve, the first of group 2, may take the spade that Bob could not):

    >>> d = deal_banners(parse_cards("AS 2S KH KD KC"), ["Ann", "Bob", "Cy", "Dee", "Eve"])
    >>> d.banner_of("Eve"), d.reshuffles
    (Card('2♠'), 1)
    >>> deal_banners(parse_cards("AS 2S"), ["Ann", "Bob"])
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the pack ran out and no rejected card has a suit Bob may take as a banner
    """
    names = check_names(players)
    cards = list(as_cards(pack))
    if len(set(cards)) != len(cards):
        twice = sorted({c for c in cards if cards.count(c) > 1})
        raise SetupError(f"a card appears twice in the pack: {cards_text(twice)}")
    rng = _check_rng(rng) or Rng("palace-banner-reshuffle")
    rejected: list[Card] = []
    banners: list[Card] = []
    steps: list[BannerStep] = []
    for pos, name in enumerate(names):
        group = banner_group(pos)
        first = group * 4
        held = {banners[i].suit: names[i] for i in range(first, pos)}
        while True:
            reshuffled = False
            if not cards:
                if not any(c.suit not in held for c in rejected):
                    raise SetupError(f"the pack ran out and no rejected card has a suit {name} "
                                     "may take as a banner")
                cards = list(rng.shuffled(rejected))
                rejected = []
                reshuffled = True
            card = cards.pop(0)
            if card.suit in held:
                steps.append(BannerStep(pos, name, card, False,
                                        f"{held[card.suit]} already has {card.suit.value}",
                                        reshuffled))
                rejected.append(card)
                continue
            why = (f"the first of group {group + 1}" if pos == first else
                   f"no earlier player of group {group + 1} has {card.suit.value}")
            steps.append(BannerStep(pos, name, card, True, why, reshuffled))
            banners.append(card)
            break
    return BannerDeal(names, tuple(banners), tuple(steps), tuple(cards), tuple(rejected))


def _chips_for(names: Sequence[str], chips: int | Mapping[str, int] | None,
               rules: PalaceRules) -> list[int]:
    if chips is None:
        chips = rules.starting_chips
    if isinstance(chips, Mapping):
        missing = [n for n in names if n not in chips]
        if missing:
            raise SetupError(f"no chip count for {', '.join(missing)}")
        amounts = [chips[n] for n in names]
    else:
        amounts = [chips] * len(names)
    for n, a in zip(names, amounts, strict=True):
        if isinstance(a, bool) or not isinstance(a, int) or a < 0:
            raise SetupError(f"{n}'s chips must be a whole number, 0 or more; got {a!r}")
    return amounts


def new_hand(rules: PalaceRules, players: Sequence[str], *, seed: Seed,
             dealer: str | None = None, pack: Sequence[Card] | str | None = None,
             chips: int | Mapping[str, int] | None = None) -> PalaceState:
    """Deal a hand: antes [palace.banner.ante], banners [palace.banner], palace cards and
    the draw pile [palace.palace].  Play starts at the dealer's left [palace.turn].

    ``players`` are in seat order; without ``dealer`` the first dealer is chosen by high
    card [palace.first-dealer].  ``pack`` is the order of the pack for the banner deal
    (by default shuffled from ``seed``); the palace deal comes from the rest of the pack
    shuffled from ``seed``.

    >>> from cardrules.palace import load_palace
    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy", "Dee"], seed=3)
    >>> print(s.dealer_draw.describe())
    Ann K♣, Bob 4♠, Cy 4♣, Dee 2♦: Ann has the highest card and deals first.
    >>> s.players[s.dealer].name, s.actor.name, len(s.draw_pile), s.pot, len({p.suit for p in s.players})
    ('Ann', 'Bob', 36, 8, 4)
    >>> new_hand(load_palace(), ["Ann"], seed=3)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Palace Poker is for 2 to 10 players, not 1
    """
    rules = check_profile(rules, PalaceRules, "Palace Poker")
    names = check_names(players)
    stacks = _chips_for(names, chips, rules)
    seed_text = str(check_seed(seed))
    draw = None
    if dealer is None:
        draw = choose_first_dealer(names, Rng(f"{seed_text}:first-dealer"))
        dealer = draw.dealer
    if dealer not in names:
        raise SetupError(f"the dealer {dealer!r} is not one of the players {list(names)}")
    d = names.index(dealer)
    n = len(names)
    log: list[tuple[str, str]] = []
    if draw is not None:
        log.append(("palace.first-dealer", draw.describe().replace("\n", " ")))
    moves = []
    for name, stack in zip(names, stacks, strict=True):
        if stack < rules.ante:
            raise IllegalAction("palace.banner.ante",
                                f"{name} has {stack} chips and cannot pay the ante of "
                                f"{rules.ante} (half the small bet, {rules.small_bet}, "
                                "rounded down).")
    order = [(d + 1 + k) % n for k in range(n)]
    stacks = [s - rules.ante for s in stacks]
    for i in order:
        moves.append(PotMove(names[i], rules.ante, "palace.banner.ante", "the ante"))
    log.append(("palace.banner.ante", f"Each player antes {rules.ante}: the pot is "
                f"{rules.ante * n}."))
    if pack is None:
        cards = Rng(f"{seed_text}:pack").shuffled(DECK)
    else:
        cards = as_cards(pack)
        if sorted(cards) != sorted(DECK):
            raise SetupError("the pack must hold each of the 52 cards exactly once: "
                             + _pack_faults(cards))
    deal = deal_banners(cards, [names[i] for i in order], Rng(f"{seed_text}:banner"))
    log.append(("palace.banner", "Banners: " + ", ".join(
        f"{names[i]} {deal.banners[k]}" for k, i in enumerate(order)) +
        (f" ({len(deal.steps) - n} cards set aside)." if len(deal.steps) > n else ".")))
    rest = Rng(f"{seed_text}:palace").shuffled(deal.rest + deal.rejected)
    palaces: list[list[Card]] = [[] for _ in names]
    k = 0
    for _ in range(3):
        for i in order:
            palaces[i].append(rest[k])
            k += 1
    log.append(("palace.palace", f"Three palace cards each; the draw pile holds {len(rest) - k} "
                "cards."))
    people = tuple(PlayerState(names[i], deal.banners[order.index(i)], tuple(palaces[i]), (),
                               stacks[i]) for i in range(n))
    return PalaceState(rules, people, d, Phase.TURN, order[0], order[0], tuple(rest[k:]), (),
                       rules.ante * n, seed=seed_text, pot_moves=tuple(moves), log=tuple(log),
                       banner_deal=deal, dealer_draw=draw)


def position(rules: PalaceRules, players: Sequence[PlayerState], *, dealer: str | None = None,
             to_act: str | None = None, pot: int = 0,
             draw_pile: Sequence[Card] | str | None = None,
             discard_pile: Sequence[Card] | str = (), seed: Seed = 0) -> PalaceState:
    """A hand set up at a chosen moment (for lessons, quizzes and tests): a player's turn.

    The dealer is by default the last player, so the first player acts first. Cards not
    held by anyone make the draw pile, shuffled from ``seed``, unless ``draw_pile`` is
    given, in which case every one of the 52 cards must be placed.

    >>> from cardrules.palace import load_palace, player
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> s.actor.name, len(s.draw_pile), s.pot
    ('Ann', 44, 0)
    """
    rules = check_profile(rules, PalaceRules, "Palace Poker")
    seed = check_seed(seed)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise SetupError(f"players are a list of PlayerState objects (see player()), not "
                         f"{players!r}")
    people = tuple(players)
    for p in people:
        if not isinstance(p, PlayerState):
            raise SetupError(f"players are PlayerState objects (see player()), not {p!r}")
        if not (isinstance(p.palace, tuple) and isinstance(p.soldiers, tuple)
                and all(isinstance(c, Card) for c in (*p.palace, *p.soldiers))
                and (p.banner is None or isinstance(p.banner, Card))):
            raise SetupError(f"{p.name!r}'s cards must be Card objects; make each player with "
                             "player() or out_player()")
    names = check_names([p.name for p in people])
    for p in people:
        if p.in_hand:
            if p.banner is None or len(p.palace) != 3:
                raise SetupError(f"{p.name} needs a banner and three palace cards")
            if len(p.soldiers) > 5:
                raise IllegalAction("palace.buy.limit", f"{p.name} holds {len(p.soldiers)} "
                                    "soldiers; nobody keeps more than five.")
        elif p.cards:
            raise SetupError(f"{p.name} is out of the hand and holds no cards")
        if isinstance(p.chips, bool) or not isinstance(p.chips, int) or p.chips < 0:
            raise SetupError(f"{p.name}'s chips must be a whole number, 0 or more")
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise SetupError(f"the pot is a whole number of chips, 0 or more; got {pot!r}")
    discards = as_cards(discard_pile)
    held = [c for p in people for c in p.cards] + list(discards)
    given_draw = None if draw_pile is None else as_cards(draw_pile)
    if given_draw is not None:
        held += list(given_draw)
    if len(set(held)) != len(held):
        dup = sorted({c for c in held if held.count(c) > 1})
        raise SetupError(f"cards placed twice: {cards_text(dup)}")
    placed = set(held)
    rest = [c for c in DECK if c not in placed]
    if given_draw is None:
        draw = Rng(f"{seed}:draw").shuffled(rest)
    elif rest:
        raise SetupError(f"every card must be placed when the draw pile is given; missing: "
                         f"{cards_text(rest)}")
    else:
        draw = given_draw
    if dealer is not None and dealer not in names:
        raise SetupError(f"the dealer {dealer!r} is not one of the players")
    if to_act is not None and to_act not in names:
        raise SetupError(f"{to_act!r} is not one of the players, so cannot act first")
    d = names.index(dealer) if dealer is not None else len(names) - 1
    s = PalaceState(rules, people, d, Phase.TURN, 0, 0, tuple(draw), discards, pot,
                    seed=str(seed),
                    pot_moves=(PotMove("(earlier)", pot, "palace.battle", "chips already in the "
                                       "pot"),) if pot else ())
    alive = s.alive
    if len(alive) < 2:
        raise SetupError("a position needs at least two players in the hand")
    if len({s.players[i].suit for i in alive}) == 1:
        raise SetupError("all players in the hand share a banner suit: the hand is already over")
    first = s.index(to_act) if to_act is not None else alive[0]
    if not s.players[first].in_hand:
        raise SetupError(f"{to_act} is out of the hand")
    return replace(s, to_act=first, turn_of=first)


def seat_names(players: int | Sequence[str] | None = None) -> tuple[str, ...]:
    """The names at the table: given names, or ``Player 1`` to ``Player n`` for a number
    of players (the usual table, four, when None).

    >>> seat_names(3)
    ('Player 1', 'Player 2', 'Player 3')
    >>> seat_names(11)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Palace Poker is for 2 to 10 players, not 11
    """
    if players is None:
        players = USUAL_PLAYERS
    if isinstance(players, bool):
        raise SetupError(f"give the number of players (2 to 10) or their names, not {players!r}")
    if isinstance(players, int):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(f"Palace Poker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {players}")
        return tuple(f"Player {i}" for i in range(1, players + 1))
    return check_names(players)


def seats(rules: Profile, players: int | None = None) -> tuple[str, ...]:
    """The contract's seats: ``Player 1`` to ``Player n`` for a table of ``players``
    (2 to 10; four when None), in seat order, clockwise.

    >>> from cardrules.palace import load_palace
    >>> seats(load_palace(), 3)
    ('Player 1', 'Player 2', 'Player 3')
    >>> seats(load_palace(), "3")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Palace Poker table seats 2 to 10 players; '3' were asked for.
    """
    check_profile(rules, PalaceRules, "Palace Poker")
    n = USUAL_PLAYERS if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise SetupError(f"A Palace Poker table seats {MIN_PLAYERS} to {MAX_PLAYERS} players; "
                         f"{n!r} were asked for.")
    return seat_names(n)


def start(rules: Profile, seed: Seed, *, seats: Sequence[str] | None = None) -> PalaceState:
    """The game contract's start: a hand dealt with :func:`new_hand` from a pack shuffled
    with ``seed``, to the named ``seats`` in seat order (clockwise).  The first named seat
    deals the first hand, so the second acts first; with no seats named the table is
    ``Player 1`` to ``Player 4`` and the first dealer is chosen by high card, as the rules
    say [palace.first-dealer].

    >>> from cardrules.palace import load_palace
    >>> s = start(load_palace(), seed=3)
    >>> [p.name for p in s.players], s.pot, s.dealer_draw is not None
    (['Player 1', 'Player 2', 'Player 3', 'Player 4'], 8, True)
    >>> s = start(load_palace(), seed=3, seats=["Ann", "Bob", "Cy"])
    >>> s.players[s.dealer].name, s.actor.name
    ('Ann', 'Bob')
    """
    rules = check_profile(rules, PalaceRules, "Palace Poker")
    seed = check_seed(seed)
    if seats is None:
        return new_hand(rules, seat_names(), seed=seed)
    names = check_seat_names(seats, MIN_PLAYERS, MAX_PLAYERS, "Palace Poker")
    return new_hand(rules, names, seed=seed, dealer=names[0])


def deal_rows(rules: Profile, seed: Seed, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded hand's banners and palace cards as labelled rows of cards (four players
    when ``players`` is None; the first dealer chosen by high card).

    >>> from cardrules.palace import load_palace
    >>> [label for label, _ in deal_rows(load_palace(), 3, 2)]
    ['Player 1: banner', 'Player 1: palace', 'Player 2: banner', 'Player 2: palace']
    """
    rules = check_profile(rules, PalaceRules, "Palace Poker")
    s = new_hand(rules, seats(rules, players), seed=check_seed(seed))
    rows: list[tuple[str, tuple[Card, ...]]] = []
    for p in s.players:
        banner = (p.banner,) if p.banner is not None else ()
        rows += [(f"{p.name}: banner", banner), (f"{p.name}: palace", tuple(p.palace))]
    return rows


def _pack_faults(cards: Sequence[Card]) -> str:
    """What keeps ``cards`` from being the 52-card pack: duplicates, missing cards, size.

    >>> _pack_faults(DECK[1:] + DECK[-1:])
    'A♠ twice (a duplicate); missing 2♣'
    """
    have = Counter(cards)
    dups = [c for c in sorted(have) if have[c] > 1]
    missing = [c for c in DECK if c not in have]
    parts = []
    if dups:
        times = ", ".join(f"{c} {'twice' if have[c] == 2 else f'{have[c]} times'}"
                          for c in dups[:6]) + (" ..." if len(dups) > 6 else "")
        parts.append(times + (" (a duplicate)" if len(dups) == 1 else " (duplicates)"))
    if missing:
        parts.append("missing " + cards_text(missing[:6]) + (" ..." if len(missing) > 6 else ""))
    text = "; ".join(parts)
    if len(cards) != 52:
        text += f" ({len(cards)} cards, not 52)"
    return text
