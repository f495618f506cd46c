"""Setting up a deal: the table, the pack (shuffled from a seed or stacked), the first
card round, the choice of the first banker by cutting the cards, and the contract's
``seats``, ``start`` and ``deal_rows``.

>>> from cardrules.pontoon import load_pontoon
>>> s = new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], banker="Ben", seed=7)
>>> [p.name for p in s.players]
['Cleo', 'Ann']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..cards import Card, Rank, cards_text, shoe
from ..errors import IllegalAction
from ..game import Seed, SetupError, check_card_list, check_profile, check_seed
from ..profiles import Profile
from ..rng import Rng
from .profile import PontoonRules, default_rules
from .state import KITTY, DealState, Hand, Payment, Phase, Player, replace_state

#: the fewest and the most people at a table, the banker among them, and the usual table
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 2, 8, 5


def check_seats(seats: object, banker: object = None) -> tuple[tuple[str, ...], str]:
    """The names at the table, clockwise, and the banker (the first name when None), or a
    :class:`SetupError` saying what is wrong.

    >>> check_seats(["Ann", "Ben", "Cleo"], "Ben")
    (('Ann', 'Ben', 'Cleo'), 'Ben')
    >>> check_seats(["Ann", "kitty"])
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: 'kitty' is the name of the Shoot Pontoon kitty; choose another name for the seat.
    """
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise SetupError("The seats are a list of names, clockwise round the table, such as "
                         f'["Ann", "Ben"]; got {seats!r}.')
    names = tuple(seats)
    if not 2 <= len(names) <= 8:
        raise SetupError(f"Pontoon is for 2 to 8 at the table (a banker and 1 to 7 players); "
                         f"{len(names)} {'was' if len(names) == 1 else 'were'} given.")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise SetupError(f"Each seat needs a name (a word such as \"Ann\"); got {n!r}.")
        if n == KITTY:
            raise SetupError(f"{KITTY!r} is the name of the Shoot Pontoon kitty; choose another "
                             "name for the seat.")
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise SetupError(f"The names at the table must differ; repeated: {', '.join(dup)}.")
    b = names[0] if banker is None else banker
    if not isinstance(b, str) or b not in names:
        raise SetupError(f"The banker {b!r} is not at the table; the seats are "
                         f"{', '.join(names)}.")
    return names, b


def play_order(seats: Sequence[str], banker: str) -> tuple[str, ...]:
    """The players in the order they play: clockwise from the banker's left.

    >>> play_order(["Ann", "Ben", "Cleo", "Dev"], "Cleo")
    ('Dev', 'Ann', 'Ben')
    """
    names, b = check_seats(seats, banker)
    i = names.index(b)
    return names[i + 1:] + names[:i]


def full_pack(packs: int = 1) -> tuple[Card, ...]:
    """The cards of ``packs`` 52-card packs, in a fixed order.

    >>> len(full_pack(2))
    104
    """
    if packs not in (1, 2) or isinstance(packs, bool):
        raise SetupError(f"Pontoon uses 1 or 2 packs, not {packs!r}.")
    return _full_pack(packs)


@cache
def _pack_counts(packs: int) -> Counter[Card]:
    """How many of each card ``packs`` full packs hold (read, never changed)."""
    return Counter(full_pack(packs))


@cache
def _full_pack(packs: int) -> tuple[Card, ...]:
    return shoe(packs)


def check_pack(pack: object, packs: int) -> tuple[Card, ...]:
    """The pack as a tuple, or a :class:`SetupError` unless it is exactly ``packs`` full packs;
    the error names each duplicate card and each missing one.

    >>> from cardrules.cards import parse_cards
    >>> check_pack(full_pack()[1:] + parse_cards("AS"), 1)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the pack must be exactly 1 full 52-card pack: A♠ twice (a duplicate: a pack holds one of each card); missing 2♣
    """
    cards = check_card_list(pack, "the pack")
    want = _pack_counts(packs)
    have = Counter(cards)
    if have != want:
        raise SetupError(f"the pack must be exactly {packs} full 52-card pack"
                         f"{'s' if packs > 1 else ''}: "
                         + pack_difference(have, want, packs))
    return cards


def pack_difference(have: Counter[Card], want: Counter[Card], packs: int) -> str:
    """What is wrong with a pack, in words: the cards it has too many of (duplicates), those
    it lacks, and its size when that is wrong too.

    >>> from cardrules.cards import parse_cards
    >>> pack_difference(Counter(parse_cards("AS AS KD")), Counter(parse_cards("AS KD QC")), 1)
    'A♠ twice (a duplicate: a pack holds one of each card); missing Q♣'
    """
    def shown(cs: list[Card]) -> str:
        return cards_text(cs[:6]) + (" ..." if len(cs) > 6 else "")

    extra = sorted((have - want).elements())
    missing = sorted((want - have).elements())
    parts = []
    if extra:
        times = {2: "twice", 3: "three times"}
        dups = sorted(set(extra))
        each = "one of each card" if packs == 1 else f"{packs} of each card"
        what = "a pack holds" if packs == 1 else f"{packs} packs hold"
        words = ", ".join(f"{c} {times.get(have[c], f'{have[c]} times')}" for c in dups[:6])
        parts.append(words + (" ..." if len(dups) > 6 else "")
                     + f" (a duplicate: {what} {each})" if len(dups) == 1 else
                     words + (" ..." if len(dups) > 6 else "")
                     + f" (duplicates: {what} {each})")
    if missing:
        parts.append(f"missing {shown(missing)}")
    text = "; ".join(parts)
    size, expected = sum(have.values()), sum(want.values())
    if size != expected:
        text += f" ({size} cards, not {expected})"
    return text


def arrange_pack(player_cards: Sequence[Sequence[Card]], banker_cards: Sequence[Card],
                 then: Sequence[Card] = (), packs: int = 1, rng: Rng | None = None
                 ) -> tuple[Card, ...]:
    """A full pack stacked so that a deal gives these cards.

    ``player_cards`` holds each player's first two cards, in playing order;
    ``banker_cards`` the banker's two; ``then`` the next cards off the pack.  The
    rest of the pack follows in a fixed order (or shuffled by ``rng``).

    >>> from cardrules.cards import parse_cards
    >>> p = arrange_pack([parse_cards("AS KD"), parse_cards("7C 7H")], parse_cards("9S 8D"))
    >>> cards_text(p[:6]), len(p)
    ('A♠ 7♣ 9♠ K♦ 7♥ 8♦', 52)
    """
    if player_cards is None or isinstance(player_cards, (str, bytes)) or not isinstance(
            player_cards, Sequence):
        raise SetupError("player_cards lists each player's first two cards, such as "
                         f'[parse_cards("AS KD"), parse_cards("7C 7H")]; got {player_cards!r}.')
    hands = [check_card_list(h, f"player {i + 1}'s cards") for i, h in enumerate(player_cards)]
    bank = check_card_list(banker_cards, "the banker's cards")
    if any(len(h) != 2 for h in hands) or len(bank) != 2:
        raise SetupError("Give exactly two cards for each player and two for the banker.")
    top = [h[0] for h in hands] + [bank[0]] + [h[1] for h in hands] + [bank[1]]
    top += check_card_list(then, "the next cards (then)")
    if packs not in (1, 2) or isinstance(packs, bool):
        raise SetupError(f"Pontoon uses 1 or 2 packs, not {packs!r}.")
    left = Counter(full_pack(packs))
    for c in top:
        if left[c] == 0:
            raise SetupError(f"{c} is used more often than {packs} pack"
                             f"{'s hold' if packs > 1 else ' holds'} (at most {packs} of each "
                             "card).")
        left[c] -= 1
    rest = []
    for c in full_pack(packs):
        if left[c] > 0:
            left[c] -= 1
            rest.append(c)
    if rng is not None:
        if not isinstance(rng, Rng):
            raise SetupError("The rest of the pack is shuffled with a cardrules.rng.Rng (for "
                             f"example Rng(1)), or left in order with None; got {rng!r}.")
        rest = list(rng.shuffled(rest))
    return tuple(top + rest)


def new_deal(rules: PontoonRules | None = None, seats: Sequence[str] = ("Banker", "Player"),
             banker: str | None = None, *, pack: Sequence[Card] | None = None,
             seed: Seed | None = None, kitty: int | None = None) -> DealState:
    """Start a deal [pontoon.deal]: the first card goes face down to each player from
    the banker's left, and to the banker last (who may not look at it).

    ``seats`` are the names at the table, clockwise; ``banker`` one of them
    (default the first).  The pack is ``pack`` (a full pack, top first) or one
    shuffled from ``seed``.  In Shoot Pontoon the banker puts up a ``kitty``
    between the minimum and maximum stake (default the maximum).

    >>> from cardrules.pontoon import load_pontoon
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], banker="Ben", seed=7)
    >>> [p.name for p in s.players], s.phase.value, len(s.pack)
    (['Cleo', 'Ann'], 'stakes', 49)
    """
    rules = check_profile(default_rules() if rules is None else rules, PontoonRules, "Pontoon")
    names, b = check_seats(seats, banker)
    if seed is not None:
        seed = check_seed(seed)
    if pack is None:
        if seed is None:
            raise SetupError("Give the pack (a full pack, top first) or a seed to shuffle one.")
        cards = Rng(seed).shuffled(full_pack(rules.packs))
        seed_text = str(seed)
    else:
        cards = check_pack(pack, rules.packs)
        seed_text = "" if seed is None else str(seed)
    payments: tuple[Payment, ...] = ()
    pot = 0
    log: tuple[tuple[str, str], ...] = ()
    if rules.shoot:
        pot = rules.max_stake if kitty is None else kitty
        if isinstance(pot, bool) or not isinstance(pot, int):
            raise SetupError(f"The kitty is a whole number of chips; got {pot!r}.")
        check_kitty(rules, pot, b)
        payments = (Payment(b, KITTY, pot, "pontoon.shoot", f"{b} puts up the kitty."),)
        log = (("pontoon.shoot", f"{b} puts up a kitty of {pot}."),)
    elif kitty is not None:
        raise IllegalAction("pontoon.shoot", "This table plays plain Pontoon: there is no kitty.")
    return start_deal(rules, names, b, cards, pot, payments, log, 1, seed_text)


def kitty_range(rules: PontoonRules) -> tuple[int, int]:
    """The smallest and the largest kitty a banker may put up in Shoot Pontoon: the
    minimum and the maximum stake [pontoon.shoot].

    >>> from cardrules.pontoon import load_pontoon
    >>> kitty_range(load_pontoon("shoot-pontoon"))
    (10, 100)
    """
    rules = check_profile(rules, PontoonRules, "Pontoon")
    return rules.min_stake, rules.max_stake


def check_kitty(rules: PontoonRules, amount: object, banker: str) -> None:
    """Refuse a kitty outside :func:`kitty_range` [pontoon.shoot].

    >>> from cardrules.pontoon import load_pontoon
    >>> check_kitty(load_pontoon("shoot-pontoon"), 500, "Ben")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Ben's kitty must be between the minimum stake, 10, and the maximum, 100; 500 is not. [rule pontoon.shoot]
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction("pontoon.shoot", f"The kitty is a whole number of chips; got "
                            f"{amount!r}.")
    low, high = kitty_range(rules)
    if not low <= amount <= high:
        raise IllegalAction("pontoon.shoot", f"{banker}'s kitty must be between the minimum "
                            f"stake, {low}, and the maximum, {high}; {amount} is not.")


def start_deal(rules: PontoonRules, seats: tuple[str, ...], banker: str, pack: tuple[Card, ...],
               kitty: int, payments: tuple[Payment, ...], log: tuple[tuple[str, str], ...],
               deal_number: int, seed: str) -> DealState:
    """Deal number ``deal_number`` from ``pack`` (checked): the first card face down to each
    player from the banker's left, then one to the banker [pontoon.deal].  ``kitty``,
    ``payments`` and ``log`` are what the deal starts with.

    >>> from cardrules.pontoon import load_pontoon
    >>> s = start_deal(load_pontoon(), ("Ann", "Ben"), "Ann", full_pack(), 0, (), (), 1, "")
    >>> s.players[0].hands[0].cards, s.banker_cards
    ((Card('2♣'),), (Card('3♣'),))
    """
    order = play_order(seats, banker)
    n = len(order)
    players = tuple(Player(name, (Hand((pack[i],)),)) for i, name in enumerate(order))
    text = (f"Deal {deal_number}: {banker} deals one card face down to each player from his left "
            f"({', '.join(order)}) and one to himself, which he may not look at.")
    return DealState(rules, seats, banker, players, (pack[n],), pack[n + 1:], Phase.STAKES,
                     kitty=kitty, payments=payments, log=(*log, ("pontoon.deal", text)),
                     deal_number=deal_number, seed=seed)


# -- the first banker --------------------------------------------------------------------------
#: The names :func:`cardrules.pontoon.start` seats at a table, clockwise.
FIRST_BANKER_SEATS = ("Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hal")


def cut_rank(card: Card) -> int:
    """How high a card cut for the bank is [pontoon.first-banker]: the ace highest (14), then
    king 13, queen 12, jack 11 and the pips; suits do not count.

    >>> from cardrules.cards import parse_cards
    >>> [cut_rank(c) for c in parse_cards("AS KD 10C 2H")]
    [14, 13, 10, 2]
    """
    if not isinstance(card, Card):
        raise SetupError(f"A cut is a card; {card!r} is not a Card.")
    return 14 if card.rank is Rank.ACE else card.rank.pips


@dataclass(frozen=True)
class Cut:
    """One player's cut: the card ``name`` turned up.

    >>> from cardrules.cards import parse_card
    >>> str(Cut("Ann", parse_card("QH")))
    'Ann cuts Q♥'
    """

    name: str
    card: Card

    def __str__(self) -> str:
        return f"{self.name} cuts {self.card}"


@dataclass(frozen=True)
class FirstBanker:
    """The record of the cut for the first bank [pontoon.first-banker]: every round of cuts
    (the first by everyone at the table, each later one by the players who tied for the
    highest card), and the banker it gives.

    >>> from cardrules.cards import parse_card
    >>> tie = (Cut("Ann", parse_card("KS")), Cut("Ben", parse_card("KD")), Cut("Cleo", parse_card("4C")))
    >>> again = (Cut("Ann", parse_card("3H")), Cut("Ben", parse_card("9S")))
    >>> fb = FirstBanker(("Ann", "Ben", "Cleo"), (tie, again), "Ben")
    >>> fb.tied(0), fb.tie_breaks == (again,)
    (('Ann', 'Ben'), True)
    >>> print(fb)
    Ann cuts K♠, Ben cuts K♦, Cleo cuts 4♣: Ann and Ben tie with kings and cut again.
    Ann cuts 3♥, Ben cuts 9♠: Ben cuts highest and is the first banker.
    """

    seats: tuple[str, ...]
    rounds: tuple[tuple[Cut, ...], ...]
    banker: str

    @property
    def cuts(self) -> tuple[Cut, ...]:
        """The first round: everyone's cut."""
        return self.rounds[0]

    @property
    def tie_breaks(self) -> tuple[tuple[Cut, ...], ...]:
        """The rounds cut again by the players who tied (none when one cut was highest)."""
        return self.rounds[1:]

    def tied(self, round_no: int) -> tuple[str, ...]:
        """The players whose card was highest in round ``round_no`` (one name: the banker)."""
        if isinstance(round_no, bool) or not isinstance(round_no, int) or not (
                0 <= round_no < len(self.rounds)):
            raise SetupError(f"The cut had rounds 0 to {len(self.rounds) - 1}; there is no "
                             f"round {round_no!r}.")
        cuts = self.rounds[round_no]
        top = max(cut_rank(c.card) for c in cuts)
        return tuple(c.name for c in cuts if cut_rank(c.card) == top)

    def lines(self) -> tuple[str, ...]:
        """Each round in words, one sentence a round."""
        out = []
        for k, cuts in enumerate(self.rounds):
            shown = ", ".join(str(c) for c in cuts)
            best = self.tied(k)
            if len(best) == 1:
                out.append(f"{shown}: {best[0]} cuts highest and is the first banker.")
            else:
                rank = next(c.card.rank for c in cuts if c.name == best[0])
                names = ", ".join(best[:-1]) + f" and {best[-1]}"
                out.append(f"{shown}: {names} tie with {rank.plural} and cut again.")
        return tuple(out)

    def __str__(self) -> str:
        return "\n".join(self.lines())


def choose_first_banker(seats: Sequence[str], rng: Rng, packs: int = 1) -> FirstBanker:
    """Choose the first banker by cutting [pontoon.first-banker]: the pack is shuffled with
    ``rng`` and everyone at the table, in seat order, cuts a card of it; the highest card
    (ace high, suits not counting) takes the bank, and players who tie for it cut again,
    from the whole pack shuffled anew, until one is highest.  The cuts are chance events
    drawn from ``rng``, so the same seed gives the same cuts.

    >>> fb = choose_first_banker(["Ann", "Ben", "Cleo", "Dev"], Rng(1))
    >>> print(fb)
    Ann cuts 5♥, Ben cuts J♠, Cleo cuts 10♥, Dev cuts J♥: Ben and Dev tie with jacks and cut again.
    Ben cuts Q♥, Dev cuts 5♠: Ben cuts highest and is the first banker.
    >>> fb.banker, fb == choose_first_banker(["Ann", "Ben", "Cleo", "Dev"], Rng(1))
    ('Ben', True)
    """
    names, _ = check_seats(seats, None)
    if not isinstance(rng, Rng):
        raise SetupError(f"The cut is drawn with a cardrules.rng.Rng (for example Rng(1)); got "
                         f"{rng!r}.")
    if packs not in (1, 2) or isinstance(packs, bool):
        raise SetupError(f"Pontoon uses 1 or 2 packs, not {packs!r}.")
    cutting = names
    rounds: list[tuple[Cut, ...]] = []
    while True:
        pack = rng.shuffled(full_pack(packs))
        cards = rng.sample(pack, len(cutting))
        cuts = tuple(Cut(n, c) for n, c in zip(cutting, cards, strict=True))
        rounds.append(cuts)
        top = max(cut_rank(c) for c in cards)
        best = tuple(c.name for c in cuts if cut_rank(c.card) == top)
        if len(best) == 1:
            return FirstBanker(names, tuple(rounds), best[0])
        cutting = best


# -- the contract: seats, start, deal_rows ----------------------------------------------------
def table_size(players: object) -> int:
    """How many sit at the table, the banker among them: ``players`` (2 to 8), or 5 when
    None, the least of the tables the rules call best.

    >>> table_size(None), table_size(8)
    (5, 8)
    >>> table_size(9)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Pontoon is for 2 to 8 at the table (a banker and 1 to 7 players); 9 were asked for.
    """
    n = DEFAULT_SEATS if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise SetupError(f"Pontoon is for {MIN_SEATS} to {MAX_SEATS} at the table (a banker and "
                         f"1 to {MAX_SEATS - 1} players); {n!r} were asked for.")
    return n


def seats(rules: Profile, players: int | None = None) -> tuple[str, ...]:
    """The contract's seats: the names of a table of ``players`` (everyone at the table, the
    banker among them: 2 to 8, 5 when None), clockwise: Ann, Ben, Cleo...

    >>> from cardrules.pontoon import load_pontoon
    >>> seats(load_pontoon(), 3)
    ('Ann', 'Ben', 'Cleo')
    """
    check_profile(rules, PontoonRules, "Pontoon")
    return FIRST_BANKER_SEATS[:table_size(players)]


def start(rules: Profile, seed: Seed, *, seats: Sequence[str] | None = None) -> DealState:
    """The contract's start: the first deal, dealt from a pack shuffled with ``seed`` (in
    Shoot Pontoon the banker puts up the largest kitty, the maximum stake).

    ``seats`` are the names at the table, clockwise (2 to 8); the first of them banks the
    first deal.  With no seats named, five sit down (Ann, Ben, Cleo, Dev and Eva) and the
    first banker is chosen as the rules say, by the highest cut [pontoon.first-banker],
    the cuts drawn from ``seed``; the cut is the first thing the deal's log tells.

    >>> from cardrules.pontoon import load_pontoon, narrate
    >>> s = start(load_pontoon(), seed=1)
    >>> s.seats, s.banker
    (('Ann', 'Ben', 'Cleo', 'Dev', 'Eva'), 'Cleo')
    >>> print(narrate(s).splitlines()[0])
    Ann cuts K♥, Ben cuts 10♣, Cleo cuts A♠, Dev cuts 2♣, Eva cuts 4♣: Cleo cuts highest and is the first banker.
    >>> s = start(load_pontoon(), seed=1, seats=["Ben", "Ann", "Cleo"])
    >>> s.banker, [p.name for p in s.players]
    ('Ben', ['Ann', 'Cleo'])
    """
    rules = check_profile(rules, PontoonRules, "Pontoon")
    seed = check_seed(seed)
    if seats is not None:
        names, banker = check_seats(seats, None)
        state = new_deal(rules, names, banker=banker, seed=seed)
        named = (("pontoon.first-banker", f"{banker}, the first seat named, banks the first "
                  "deal."),)
        return replace_state(state, log=(*named, *state.log))
    names = FIRST_BANKER_SEATS[:DEFAULT_SEATS]
    cut = choose_first_banker(names, Rng(f"{seed}:cut"), rules.packs)
    state = new_deal(rules, names, banker=cut.banker, seed=seed)
    cut_log = tuple(("pontoon.first-banker", line) for line in cut.lines())
    return replace_state(state, log=(*cut_log, *state.log))


def deal_rows(rules: Profile, seed: Seed, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded deal's first two cards, as labelled rows (for pictures): the players in the
    order they play, then the banker.  ``players`` counts everyone at the table, the banker
    among them, as :func:`seats` does (2 to 8; 5 when None).

    The cards lie face down in play; here they are all shown.

    >>> from cardrules.pontoon import load_pontoon
    >>> [label for label, _ in deal_rows(load_pontoon(), 3, 3)]
    ['Player 1', 'Player 2', 'Banker']
    >>> all(len(cards) == 2 for _, cards in deal_rows(load_pontoon("shoot-pontoon"), 3))
    True
    """
    rules = check_profile(rules, PontoonRules, "Pontoon")
    seed = check_seed(seed)
    n = table_size(players)
    names = ["Banker", *(f"Player {i}" for i in range(1, n))]
    s = new_deal(rules, names, seed=seed, kitty=None)
    second = s.pack  # the second round comes off the top, the banker's last [pontoon.deal]
    rows = [(p.name, (p.hands[0].cards[0], second[i])) for i, p in enumerate(s.players)]
    return [*rows, ("Banker", (s.banker_cards[0], second[n - 1]))]
