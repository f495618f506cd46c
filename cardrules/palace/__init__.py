"""Palace Poker (Castle Poker, Banner Poker): poker hands fought out in heads-up battles.

Each player holds a face-up banner card, three face-down palace cards and up to five
soldier cards.  On a turn a player buys a soldier, discards soldiers, attacks another
player (a battle), stays or folds.  A battle is a showdown of two hands in which the
cards of the opponent's banner suit do not count; the loser is out and the winner takes
the loser's soldiers and banner.  The pot goes to the last player left.

A whole hand, step by step (seat order is clockwise, so "the left" is the next seat):

>>> rules = load_palace("palace-poker")
>>> s = new_hand(rules, ["Ann", "Bob", "Cy"], seed=7, dealer="Cy")
>>> [p.name + " " + str(p.banner) for p in s.players], s.pot, s.actor.name
(['Ann A♣', 'Bob 7♦', 'Cy 6♥'], 6, 'Ann')
>>> s = apply(s, Buy())
>>> s.phase, s.actor.soldiers
(<Phase.KEEP: 'keep soldiers'>, (Card('10♣'),))
>>> s = apply(s, DiscardSoldiers())
>>> s.actor.name, [(m.player, m.amount, m.rule_id) for m in s.pot_moves[3:]]
('Bob', [('Ann', 5, 'palace.buy')])

Bob attacks Ann: the minimum bet is (Bob's 0 soldiers + 1 banner) x 5; Ann calls
with (her 1 soldier + 1) x 5.

>>> minimum_bet(s, "Bob")
5
>>> s = apply(s, Battle("Ann", 5))
>>> s.phase, s.actor.name, call_amount(s)
(<Phase.DEFEND: 'defend'>, 'Ann', 10)
>>> s = apply(s, Call())
>>> print(s.battles[-1].outcome.reason)
Bob's cards count without clubs (Ann's banner suit): high card, seven and two. Ann's count without diamonds (Bob's banner suit): high card, ace, ten, nine and three. Ann's hand is higher, so Ann wins.
>>> s.in_hand, s.player("Ann").soldiers
(('Ann', 'Cy'), (Card('10♣'), Card('7♦')))

Refused actions raise :class:`IllegalAction` with a rule id and leave the state as it was:

>>> apply(s, Battle("Cy", 5))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: Ann first chooses which soldiers to discard (none is fine): DiscardSoldiers(...). [rule palace.battle.capture]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from functools import cached_property
from itertools import combinations

from .cards import Card, Suit, cards_text, parse_card, parse_cards, standard_deck
from .catalog import Rule
from .errors import IllegalAction
from .poker import Hand, best_hand, hand_of, poker_value
from .profiles import Profile, load_rules, option, register_profile
from .rng import Rng

SEED = "seeds/001_94e9fc480a223ef9.txt"
_DECK = standard_deck()

RULES = (
    Rule("palace.first-dealer", "palace", "The first dealer",
         "Each player is dealt one card and the highest deals first: aces are high and suits "
         "do not count. Players tied for the highest card are each dealt another card, and so "
         "on until one is highest.",
         f"{SEED}, 'ANLAŞMA'; RULES.md §5 [palace.first-dealer]",
         house_reading="Only the tied players draw again (pagat: 'the holders of the high cards "
         "are dealt one more card each'), from the same pack; if it ran out the pack would be "
         "gathered and shuffled again. The cards are then gathered and the whole pack is "
         "shuffled for the hand."),
    Rule("palace.banner.ante", "palace", "The ante",
         "Before the banner deal each player puts an ante into the pot: half the small bet, "
         "rounded down. With a small bet of 5 the ante is 2.",
         f"{SEED}, 'Afiş Kartları'; RULES.md §5 [palace.banner]",
         house_reading="The seed says the ante is 'usually' half a small bet; RULES.md and "
         "pagat add 'rounded down'. A player who cannot pay the ante is not dealt in."),
    Rule("palace.banner", "palace", "Banner cards",
         "Starting at the dealer's left, each player is dealt a face-up banner card. A player "
         "keeps being dealt cards until one shows a suit that no earlier player of the same "
         "group holds; the other cards are set aside. The groups are players 1-4, 5-8 and "
         "9-10 (counted from the dealer's left), so with up to four players every banner suit "
         "is different.",
         f"{SEED}, 'Afiş Kartları'; RULES.md §5 [palace.banner]",
         house_reading="Banner cards are dealt face up, as RULES.md and pagat say (the seed's "
         "translation says face down). The cards set aside go back into the pack for the "
         "palace deal."),
    Rule("palace.banner.reshuffle", "palace", "When the pack runs out during the banner deal",
         "If the pack runs out before every player has a banner, the rejected banner cards are "
         "shuffled and the banner deal goes on from them.",
         f"{SEED}, 'Afiş Kartları'; RULES.md §5 [palace.banner]",
         house_reading="This is rare but possible from six players on: with 5 to 8 players, "
         "the second group may need a suit whose cards were all dealt or set aside in the "
         "first group. A suit that is still needed always has cards among the rejected ones, "
         "since no suit is a banner more than three times."),
    Rule("palace.palace", "palace", "Palace cards and the draw pile",
         "The rest of the pack, with the rejected banner cards, is shuffled, and each player "
         "is dealt three palace cards face down, one at a time from the dealer's left. The "
         "cards left over are the draw pile, face down; the discard pile starts empty.",
         f"{SEED}, 'Saray Kartları'; RULES.md §5 [palace.palace]",
         house_reading="So the draw pile starts with 52 - 4 x players cards: 44 with two "
         "players, 12 with ten."),
    Rule("palace.turn", "palace", "Turns",
         "Play starts at the dealer's left and goes to the left. On your turn you do exactly "
         "one of five things: buy, discard, battle (bet against one player), stay or fold.",
         f"{SEED}, 'OYUN'; RULES.md §5 [palace.turn]",
         house_reading="A battle is answered in the middle of the attacker's turn (by the "
         "defender, and by the attacker after a raise); play then goes on from the attacker's "
         "left. A player who has just bought or won a battle first chooses which soldiers to "
         "keep."),
    Rule("palace.stakes", "palace", "Stakes: small bet, big bet, limit and no limit",
         "Bets are counted in small bets and big bets (the shipped profiles: 5 and 10). Under "
         "limit stakes each bet and raise has a fixed size; under no-limit stakes an attack "
         "and a raise may be larger, up to all the chips a player has.",
         f"{SEED}, 'Yükseltmek'; RULES.md §5 [palace.battle], [palace.battle.raise]",
         house_reading="Table stakes: a player bets only the chips in front of them, and a "
         "move they cannot pay for is not allowed (staying and folding always are). Under "
         "limit stakes the attack bet is exactly the minimum and a battle has at most three "
         "raises (the usual card-room cap; a profile option); under no-limit stakes the "
         "attacker may bet any amount from the minimum up to all their chips.",
         option=True),
    Rule("palace.buy", "palace", "Buying a soldier",
         "Pay one small bet into the pot and take the top card of the draw pile as a soldier "
         "card. Then you may discard any of your soldiers, the new one too.",
         f"{SEED}, 'Satın Al'; RULES.md §5 [palace.buy]",
         house_reading="The buyer sees the new card before choosing what to discard: in the "
         "engine Buy() draws the card and DiscardSoldiers(...) (none is fine) ends the turn."),
    Rule("palace.buy.limit", "palace", "At most five soldiers",
         "Nobody may keep more than five soldier cards: a player who buys a sixth must at once "
         "discard at least one.",
         f"{SEED}, 'Satın Al'; RULES.md §5 [palace.buy]"),
    Rule("palace.buy.refill", "palace", "The draw pile and the discard pile",
         "Discarded cards go face down on the discard pile. When the draw pile is empty, the "
         "discard pile is shuffled to make a new draw pile; when both are empty, nobody can "
         "buy.",
         f"{SEED}, 'Satın Al'; RULES.md §5 [palace.buy]",
         house_reading="The discard pile is shuffled when someone buys from an empty draw pile. "
         "The cards of players who are out (palace cards, and the soldiers and banner of a "
         "player who folds on their turn) also go onto the discard pile."),
    Rule("palace.discard", "palace", "Discarding",
         "Pay one small bet into the pot and discard one or more of your soldiers, drawing "
         "nothing.",
         f"{SEED}, 'Iskarta'; RULES.md §5 [palace.discard]"),
    Rule("palace.battle", "palace", "Battles",
         "Announce an opponent and put a bet into the pot: you are the attacker and they are "
         "the defender. Battle bets stay in the pot. Winning a battle wins cards and knocks "
         "the loser out, but chips are won only by taking the whole pot at the end.",
         f"{SEED}, 'Bahis/Savaş'; RULES.md §5 [palace.battle]"),
    Rule("palace.battle.target", "palace", "Whom you may attack",
         "You may never attack a player whose banner has the same suit as yours (nor yourself, "
         "nor a player who is out).",
         f"{SEED}, 'Bahis/Savaş'; RULES.md §5 [palace.battle]"),
    Rule("palace.battle.minimum", "palace", "The minimum bet",
         "An attack bet is at least (your soldiers + 1 for your banner) x the small bet. With "
         "two soldiers and a small bet of 5, at least 15.",
         f"{SEED}, 'Bahis/Savaş'; RULES.md §5 [palace.battle]"),
    Rule("palace.battle.fold", "palace", "The defender folds",
         "Attacked, the defender may fold: their palace cards are discarded and they are out "
         "of the hand. The attacker takes the defender's soldiers and banner.",
         f"{SEED}, 'Katlayın'; RULES.md §5 [palace.battle.fold]"),
    Rule("palace.battle.call", "palace", "The defender calls: the battle's showdown",
         "To call, the defender pays (their own soldiers + 1) x the small bet, whatever the "
         "attacker bet. The hands are then compared: each side makes its best five-card hand "
         "from its own cards (palace cards, soldiers and banner), and a card of the "
         "opponent's banner suit does not count. The loser is out of the hand; the winner "
         "takes the loser's soldiers and banner.",
         f"{SEED}, 'Arayın'; RULES.md §5 [palace.battle.call]",
         house_reading="Players with no soldiers hold only four cards; a side with fewer than "
         "five counting cards plays the best hand those make (see 'Fewer than five cards' in "
         "the poker primer)."),
    Rule("palace.battle.tie", "palace", "Tied battles",
         "If the two hands are equal, the player holding more cards of their own banner suit "
         "wins. If that is equal too, both players are out of the hand, unless they are the "
         "last two, who split the pot.",
         f"{SEED}, 'Arayın'; RULES.md §5 [palace.battle.tie]",
         house_reading="All of a player's own cards are counted for the tie-break (palace "
         "cards, soldiers and banner), including cards that did not count in the hand. Players "
         "out on a tie discard all their cards."),
    Rule("palace.battle.raise", "palace", "Raising, passing and re-raising",
         "The defender may call and raise: under limit stakes by the big bet (or by double the "
         "small bet if the defender has no soldiers); under no-limit stakes by at least the "
         "big bet. The attacker may then pass (and is out; the defender takes the attacker's "
         "soldiers and banner), call by paying the raise, or re-raise. Raising goes on in turn "
         "until one calls or passes; the last to call looks at the cards and names the winner.",
         f"{SEED}, 'Yükseltmek'; RULES.md §5 [palace.battle.raise]",
         house_reading="A re-raise has the same size as a raise, counted on the re-raiser's "
         "own soldiers, and the defender facing a re-raise may pass too. A raise that is not "
         "called goes back to the raiser (the seed: 'the defender keeps the raise'). Under "
         "limit stakes a battle has at most three raises (profile option max_raises)."),
    Rule("palace.battle.capture", "palace", "The spoils of a battle",
         "The winner of a battle takes the loser's soldiers and banner. The winner may then "
         "discard any soldiers and keeps at most five.",
         f"{SEED}, 'Katlayın', 'Arayın'; RULES.md §5 [palace.battle.fold], [palace.battle.call]",
         house_reading="The captured banner joins the winner's soldiers: it counts in the "
         "winner's hands and in their minimum bet like any soldier, and the winner's banner "
         "suit stays that of their own banner. The loser's palace cards go to the discard pile. "
         "When the battle ends the hand, nothing is discarded."),
    Rule("palace.stay", "palace", "Staying",
         "Do nothing this turn; play passes to the left.",
         f"{SEED}, 'Kalmak'; RULES.md §5 [palace.stay]"),
    Rule("palace.fold", "palace", "Folding on your turn",
         "On your turn you may fold: you are out of the hand and your chips in the pot stay "
         "there.",
         f"{SEED}, 'OYUN'; RULES.md §5 [palace.turn]",
         house_reading="Nobody takes the soldiers and banner of a player who folds on their "
         "own turn: they go to the discard pile with the palace cards."),
    Rule("palace.end", "palace", "Winning the pot",
         "The last player left in the hand takes the whole pot.",
         f"{SEED}, 'KAZANAN'; RULES.md §5 [palace.end]"),
    Rule("palace.end.two-left", "palace", "Two players left must battle",
         "When only two players are left, they must battle: the player to act attacks the "
         "other.",
         f"{SEED}, 'KAZANAN'; RULES.md §5 [palace.end]",
         house_reading="'Left' means left after others have gone out: a hand dealt to two "
         "players is played normally (otherwise it would be a single battle of the first four "
         "cards). Folding is still allowed: it gives the pot to the other player. Buying, "
         "discarding and staying are not."),
    Rule("palace.end.same-suit", "palace", "All left share a banner suit",
         "When the only players left (two or three) all have banners of one suit, nobody can "
         "attack anybody: the hand ends and the pot is split equally among them.",
         f"{SEED}, 'KAZANAN'; RULES.md §5 [palace.end]",
         house_reading="Chips that do not divide equally go one each to the players nearest "
         "the dealer's left, the usual poker rule for odd chips."),
    Rule("palace.end.showdown", "palace", "A quiet round ends the hand",
         "When every player still in has had a turn since the last buy or battle, and all of "
         "them stayed or discarded, the hand ends in an ordinary showdown: each player's best "
         "five cards from all their own cards, with no suit excluded. The best hand takes the "
         "pot; equal best hands split it.",
         f"{SEED}, 'Kalmak', 'KAZANAN'; RULES.md §5 [palace.end]",
         house_reading="Folds do not break a quiet round (the seed speaks of a run of stays, "
         "discards and folds). Odd chips of a split go one each to the players nearest the "
         "dealer's left."),
)


# -- profile ------------------------------------------------------------------
@register_profile("palace")
@dataclass(frozen=True)
class PalaceRules(Profile):
    """Palace Poker options: stakes, bet sizes, the raise cap and the starting chips.

    >>> r = load_palace("palace-poker")
    >>> r.stakes, r.small_bet, r.big_bet, r.ante, r.no_limit
    ('limit', 5, 10, 2, False)
    """

    stakes: str = option("limit", "'limit' or 'no-limit' stakes", choices=("limit", "no-limit"))
    small_bet: int = option(5, "the small bet", low=1, high=1_000_000)
    big_bet: int = option(10, "the big bet: a limit raise, the smallest no-limit raise",
                          low=1, high=1_000_000)
    max_raises: int = option(3, "most raises in one battle under limit stakes (0: no cap)",
                             low=0, high=100)
    starting_chips: int = option(200, "chips each player brings to the hand",
                                 low=1, high=1_000_000_000)

    def __post_init__(self) -> None:
        if self.big_bet < self.small_bet:
            raise ValueError(f"big_bet {self.big_bet} is below small_bet {self.small_bet}")
        if self.starting_chips < self.small_bet // 2:
            raise ValueError(f"starting_chips {self.starting_chips} does not cover the ante, "
                             f"{self.small_bet // 2}")

    @property
    def ante(self) -> int:
        """Half the small bet, rounded down [palace.banner.ante].

        >>> load_palace().ante
        2
        """
        return self.small_bet // 2

    @property
    def no_limit(self) -> bool:
        """Whether stakes are no-limit.

        >>> load_palace("palace-poker-no-limit").no_limit
        True
        """
        return self.stakes == "no-limit"


def load_palace(name: str = "palace-poker") -> PalaceRules:
    """Load a Palace Poker profile, checking it is one.

    >>> load_palace("palace-poker-no-limit").stakes
    'no-limit'
    >>> load_palace("punto-banco")
    Traceback (most recent call last):
    ...
    ValueError: profile 'punto-banco' is for 'banco', not Palace Poker
    """
    p = load_rules(name)
    if not isinstance(p, PalaceRules):
        raise ValueError(f"profile {name!r} is for {p.game!r}, not Palace Poker")
    return p


def ante(rules: PalaceRules) -> int:
    """The banner ante: half the small bet, rounded down [palace.banner.ante].

    >>> ante(load_palace()), ante(load_palace().replace(small_bet=25, big_bet=50))
    (2, 12)
    """
    return rules.ante


# -- pure rules: cards, first dealer, banners ----------------------------------------
def _as_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    out = []
    for c in cards:
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.append(parse_card(c))
        else:
            raise TypeError(f"{c!r} is not a card; give Card objects or text such as 'KS 10D'")
    return tuple(out)


def _as_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise TypeError(f"{card!r} is not a card; give a Card or text such as 'KS'")


def _as_suit(suit: Suit | str) -> Suit:
    if isinstance(suit, Suit):
        return suit
    if isinstance(suit, str):
        text = suit.strip().lower()
        for s in Suit:
            if text in (s.value, s.singular, s.letter.lower(), s.symbol):
                return s
    raise ValueError(f"{suit!r} is not a suit; use one of {', '.join(s.value for s in Suit)}")


@dataclass(frozen=True)
class DealerDraw:
    """How the first dealer was chosen: each round of cards, and the dealer."""

    rounds: tuple[tuple[tuple[str, Card], ...], ...]
    dealer: str

    def describe(self) -> str:
        """The draw in words.

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
                lines.append(f"{shown}: {_and(tied)} tie with a{'n' if word[0] in 'ae' else ''} "
                             f"{word} and draw again.")
        return "\n".join(lines)


def _and(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def choose_first_dealer(players: Sequence[str], rng: Rng | None = None,
                        pack: Sequence[Card] | None = None) -> DealerDraw:
    """Choose the first dealer by high card [palace.first-dealer].

    Each player is dealt a card from ``pack`` (or a pack shuffled by ``rng``); the
    highest rank deals, aces high and suits ignored; tied players draw again.

    >>> d = choose_first_dealer(["Ann", "Bob"], pack=parse_cards("AS 3D"))
    >>> d.dealer, len(d.rounds)
    ('Ann', 1)
    >>> choose_first_dealer(["Ann", "Bob"], Rng(5)).dealer in ("Ann", "Bob")
    True
    """
    names = _check_names(players)
    # Without a given pack, each card is drawn at random from the rest of the pack: the
    # same as dealing from the top of a shuffled pack, without shuffling all 52 cards.
    shuffled = pack is None
    if shuffled and rng is None:
        raise ValueError("give a shuffled pack, or an Rng to shuffle one")
    cards = list(_DECK) if pack is None else list(_as_cards(pack))
    rounds = []
    contenders = list(names)
    while True:
        if len(cards) < len(contenders):
            if rng is None:
                raise ValueError("the pack ran out while choosing the dealer; give more cards "
                                 "or an Rng to shuffle the pack again")
            cards, shuffled = list(_DECK), True
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
    if not 0 <= position < 10:
        raise ValueError(f"a position from the dealer's left is 0 to 9, got {position}")
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

        >>> deal_banners(parse_cards("AS KH"), ["Ann", "Bob"]).reshuffles
        0
        """
        return sum(1 for s in self.steps if s.reshuffled)

    def banner_of(self, name: str) -> Card:
        """The banner a player was dealt.

        >>> deal_banners(parse_cards("AS 2S KH"), ["Ann", "Bob"]).banner_of("Bob")
        Card('K♥')
        """
        return self.banners[self.players.index(name)]

    def describe(self) -> str:
        """The deal, card by card.

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
    ValueError: the pack ran out and no rejected card has a suit Bob may take as a banner
    """
    names = tuple(players)
    if not 1 <= len(names) <= 10:
        raise ValueError(f"Palace Poker deals banners to 2 to 10 players, not {len(names)}")
    cards = list(_as_cards(pack))
    rng = rng or Rng("palace-banner-reshuffle")
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
                    raise ValueError(f"the pack ran out and no rejected card has a suit {name} "
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


# -- pure rules: amounts ------------------------------------------------------------
def _check_count(soldiers: int) -> None:
    if isinstance(soldiers, bool) or not isinstance(soldiers, int) or not 0 <= soldiers <= 5:
        raise ValueError(f"a player holds 0 to 5 soldiers, got {soldiers!r}")


def minimum_for(soldiers: int, rules: PalaceRules) -> int:
    """(soldiers + 1 banner) x small bet: the least attack bet, and the defender's call
    [palace.battle.minimum].

    >>> minimum_for(2, load_palace()), minimum_for(0, load_palace())
    (15, 5)
    """
    _check_count(soldiers)
    return (soldiers + 1) * rules.small_bet


def raise_size(soldiers: int, rules: PalaceRules) -> int:
    """The limit raise, or the smallest no-limit raise [palace.battle.raise]: the big bet;
    under limit stakes a raiser with no soldiers raises by double the small bet.

    >>> rules = load_palace().replace(small_bet=5, big_bet=15)
    >>> raise_size(2, rules), raise_size(0, rules), raise_size(0, rules.replace(stakes="no-limit"))
    (15, 10, 15)
    """
    _check_count(soldiers)
    if not rules.no_limit and soldiers == 0:
        return 2 * rules.small_bet
    return rules.big_bet


def split_pot(pot: int, winners: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Split ``pot`` equally among ``winners`` (listed from the dealer's left); odd chips
    go one each to the first ones [palace.end.same-suit].

    >>> split_pot(20, ["Ann", "Bob", "Cy"])
    (('Ann', 7), ('Bob', 7), ('Cy', 6))
    """
    if not winners:
        raise ValueError("a pot is split among at least one player")
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise ValueError(f"a pot is a whole number of chips, 0 or more; got {pot!r}")
    share, odd = divmod(pot, len(winners))
    return tuple((w, share + (1 if i < odd else 0)) for i, w in enumerate(winners))


# -- pure rules: hands and the battle showdown ---------------------------------------
def counting_cards(cards: Sequence[Card] | str, opponent_suit: Suit | str | None
                   ) -> tuple[Card, ...]:
    """The cards that count in a battle: those not of the opponent's banner suit
    [palace.battle.call].

    >>> counting_cards("KH 9H 9S 2D", "hearts")
    (Card('9♠'), Card('2♦'))
    """
    suit = None if opponent_suit is None else _as_suit(opponent_suit)
    return tuple(c for c in _as_cards(cards) if c.suit is not suit)


def hand_value(cards: Sequence[Card] | str, opponent_suit: Suit | str | None = None) -> Hand:
    """The best poker hand of a player's own cards, not counting ``opponent_suit``.

    A player with no soldiers holds four cards; fewer than five counting cards make
    the best hand they can [palace.battle.call].

    >>> hand_value("KH KS 9D 4C").name
    'pair, kings, nine and four kickers'
    >>> hand_value("KH KS 9D 4C 7S 2S", "spades").name
    'high card, king, nine and four'
    """
    counting = counting_cards(cards, opponent_suit)
    return hand_of(counting) if len(counting) < 5 else best_hand(counting)


class Side(Enum):
    """The two sides of a battle."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


@dataclass(frozen=True)
class BattleOutcome:
    """A battle's showdown: the counting hands, the tie-break counts and the winner
    (None when both are equal on hand and tie-break)."""

    attacker: str
    defender: str
    attacker_cards: tuple[Card, ...]
    defender_cards: tuple[Card, ...]
    attacker_suit: Suit
    defender_suit: Suit
    attacker_hand: Hand
    defender_hand: Hand
    attacker_banner_count: int
    defender_banner_count: int
    winner: Side | None
    rule_id: str
    reason: str

    @property
    def winner_name(self) -> str | None:
        """The name of the winner, or None on a full tie.

        >>> battle_showdown("KC 9D 6C 3S", "S", "KD 9C 6D 3H", "H").winner_name is None
        True
        """
        if self.winner is None:
            return None
        return self.attacker if self.winner is Side.ATTACKER else self.defender

    def greyed(self, side: Side) -> frozenset[int]:
        """Positions of the cards of ``side`` that do not count (opponent's banner suit).

        >>> o = battle_showdown("KH KS 9D 4C", "hearts", "2S 3S 5D 7C", "clubs")
        >>> sorted(o.greyed(Side.ATTACKER)), sorted(o.greyed(Side.DEFENDER))
        ([3], [])
        """
        if side is Side.ATTACKER:
            cards, suit = self.attacker_cards, self.defender_suit
        else:
            cards, suit = self.defender_cards, self.attacker_suit
        return frozenset(i for i, c in enumerate(cards) if c.suit is suit)


def battle_showdown(attacker_cards: Sequence[Card] | str, attacker_suit: Suit | str,
                    defender_cards: Sequence[Card] | str, defender_suit: Suit | str,
                    attacker: str = "The attacker", defender: str = "the defender"
                    ) -> BattleOutcome:
    """Compare two players' own cards in a battle [palace.battle.call]: each side's best
    hand without the opponent's banner suit; equal hands go to the player with more
    cards of their own banner suit, else nobody wins [palace.battle.tie].

    >>> o = battle_showdown("AS AH 7D 2C", "spades", "KH KC 3H 4D", "hearts", "Ann", "Bob")
    >>> o.attacker_hand.name, o.defender_hand.name, o.winner_name
    ('high card, ace, seven and two', 'pair, kings, four and three kickers', 'Bob')

    Equal hands: more cards of one's own banner suit wins.

    >>> o = battle_showdown("QS QD 5S 9C", "spades", "QH QC 5D 9D", "hearts", "Ann", "Bob")
    >>> o.attacker_hand == o.defender_hand, o.attacker_banner_count, o.winner, o.rule_id
    (True, 2, <Side.ATTACKER: 'attacker'>, 'palace.battle.tie')
    """
    a_cards, d_cards = _as_cards(attacker_cards), _as_cards(defender_cards)
    a_suit, d_suit = _as_suit(attacker_suit), _as_suit(defender_suit)
    if a_suit is d_suit:
        raise ValueError(f"both banners are {a_suit.value}: a battle is never between two "
                         "banners of one suit")
    both = a_cards + d_cards
    if len(set(both)) != len(both):
        raise ValueError(f"a card appears twice in {cards_text(both)}")
    if not a_cards or not d_cards or len(a_cards) > 9 or len(d_cards) > 9:
        raise ValueError("each side of a battle holds 4 to 9 cards")
    a_hand, d_hand = hand_value(a_cards, d_suit), hand_value(d_cards, a_suit)
    a_count = sum(1 for c in a_cards if c.suit is a_suit)
    d_count = sum(1 for c in d_cards if c.suit is d_suit)
    said = (f"{attacker}'s cards count without {d_suit.value} ({defender}'s banner suit): "
            f"{a_hand.name}. {defender[0].upper() + defender[1:]}'s count without "
            f"{a_suit.value} ({attacker}'s banner suit): {d_hand.name}.")
    winner: Side | None
    rule_id = "palace.battle.call"
    if a_hand != d_hand:
        winner = Side.ATTACKER if a_hand > d_hand else Side.DEFENDER
        name = attacker if winner is Side.ATTACKER else defender
        reason = f"{said} {name[0].upper() + name[1:]}'s hand is higher, so {name} wins."
    else:
        rule_id = "palace.battle.tie"
        counts = (f"The hands are equal. {attacker} holds {a_count} {_suit_word(a_suit, a_count)} "
                  f"(own banner suit), {defender} {d_count} {_suit_word(d_suit, d_count)}")
        if a_count == d_count:
            winner = None
            reason = f"{said} {counts}: a full tie."
        else:
            winner = Side.ATTACKER if a_count > d_count else Side.DEFENDER
            name = attacker if winner is Side.ATTACKER else defender
            reason = f"{said} {counts}, so {name} wins."
    return BattleOutcome(attacker, defender, a_cards, d_cards, a_suit, d_suit, a_hand, d_hand,
                         a_count, d_count, winner, rule_id, reason)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _suit_word(suit: Suit, n: int) -> str:
    return suit.value if n != 1 else suit.singular


# -- the state -----------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerState:
    """One player: banner, palace cards, soldiers, chips, and whether still in the hand.

    A player who is out holds no cards (``banner`` is None).
    """

    name: str
    banner: Card | None
    palace: tuple[Card, ...]
    soldiers: tuple[Card, ...] = ()
    chips: int = 0
    in_hand: bool = True

    @property
    def suit(self) -> Suit:
        """The banner suit.

        >>> player("Ann", "KS", "2H 3H 4H").suit
        <Suit.SPADES: 'spades'>
        """
        if self.banner is None:
            raise ValueError(f"{self.name} is out of the hand and has no banner")
        return self.banner.suit

    @property
    def cards(self) -> tuple[Card, ...]:
        """All of the player's own cards: palace cards, soldiers, banner.

        >>> player("Ann", "KS", "2H 3H 4H", "5D").cards
        (Card('2♥'), Card('3♥'), Card('4♥'), Card('5♦'), Card('K♠'))
        """
        return self.palace + self.soldiers + ((self.banner,) if self.banner else ())


def player(name: str, banner: Card | str, palace: Sequence[Card] | str,
           soldiers: Sequence[Card] | str = (), chips: int = 200) -> PlayerState:
    """A player for :func:`position`, cards given as text or cards.

    >>> player("Ann", "KS", "2H 3H 4H", "5D", chips=50).cards
    (Card('2♥'), Card('3♥'), Card('4♥'), Card('5♦'), Card('K♠'))
    """
    return PlayerState(name, _as_card(banner), _as_cards(palace), _as_cards(soldiers), chips)


def out_player(name: str, chips: int = 200) -> PlayerState:
    """A player who is already out of the hand, for :func:`position`.

    >>> out_player("Cy").in_hand, out_player("Cy").cards
    (False, ())
    """
    return PlayerState(name, None, (), (), chips, in_hand=False)


class Phase(Enum):
    """What the hand is waiting for."""

    TURN = "turn"
    KEEP = "keep soldiers"
    DEFEND = "defend"
    ANSWER = "answer a raise"
    OVER = "over"


@dataclass(frozen=True)
class BattleState:
    """A battle in progress (seat indices)."""

    attacker: int
    defender: int
    bet: int
    raises: int = 0
    facing: int = 0
    last_raiser: int | None = None


@dataclass(frozen=True)
class PotMove:
    """Chips into the pot (positive) or out of it (negative), by whom and by which rule."""

    player: str
    amount: int
    rule_id: str
    reason: str


@dataclass(frozen=True)
class BattleRecord:
    """A finished battle: who, the attack bet, how it ended, and the showdown if any."""

    attacker: str
    defender: str
    bet: int
    ending: str
    winner: str | None
    losers: tuple[str, ...]
    outcome: BattleOutcome | None = None


@dataclass(frozen=True)
class HandResult:
    """The end of the hand: who takes what from the pot, by which rule, and why."""

    winners: tuple[str, ...]
    payouts: tuple[tuple[str, int], ...]
    rule_id: str
    reason: str
    hands: tuple[tuple[str, Hand], ...] = ()


@dataclass(frozen=True)
class PalaceState:
    """An immutable Palace Poker hand in progress.

    ``players`` are in seat order (clockwise: a player's left is the next seat);
    ``draw_pile`` is dealt from the front; ``pot_moves`` records every chip that went
    into or out of the pot.
    """

    rules: PalaceRules
    players: tuple[PlayerState, ...]
    dealer: int
    phase: Phase
    to_act: int
    turn_of: int
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    pot: int
    battle: BattleState | None = None
    keep_rule: str = "palace.buy"
    quiet: frozenset[int] = frozenset()
    seed: str = "0"
    reshuffles: int = 0
    pot_moves: tuple[PotMove, ...] = ()
    battles: tuple[BattleRecord, ...] = ()
    log: tuple[tuple[str, str], ...] = ()
    result: HandResult | None = None
    banner_deal: BannerDeal | None = field(default=None, compare=False)
    dealer_draw: DealerDraw | None = field(default=None, compare=False)

    @property
    def actor(self) -> PlayerState:
        """The player who acts next.

        >>> new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Ann").actor.name
        'Bob'
        """
        return self.players[self.to_act]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> s = new_hand(load_palace(), ["Ann", "Bob"], seed=1)
        >>> s.is_over, apply(s, Fold()).is_over
        (False, True)
        """
        return self.phase is Phase.OVER

    def index(self, name: str) -> int:
        """The seat of the player called ``name``.

        >>> new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1).index("Cy")
        2
        """
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        names = ", ".join(p.name for p in self.players)
        raise IllegalAction("palace.battle.target",
                            f"Nobody called {name!r} is at the table; the players are {names}.")

    def player(self, name: str) -> PlayerState:
        """The player called ``name``.

        >>> new_hand(load_palace(), ["Ann", "Bob"], seed=1).player("Bob").chips
        198
        """
        return self.players[self.index(name)]

    def order(self) -> tuple[int, ...]:
        """Seats from the dealer's left round to the dealer.

        >>> new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Bob").order()
        (2, 0, 1)
        """
        return self._order

    @cached_property
    def _order(self) -> tuple[int, ...]:
        n = len(self.players)
        return tuple((self.dealer + 1 + k) % n for k in range(n))

    @cached_property
    def alive(self) -> tuple[int, ...]:
        """The seats still in the hand, from the dealer's left.

        >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Cy")
        >>> apply(s, Fold()).alive
        (1, 2)
        """
        return tuple(i for i in self.order() if self.players[i].in_hand)

    @property
    def in_hand(self) -> tuple[str, ...]:
        """The names of the players still in the hand, from the dealer's left.

        >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Cy")
        >>> apply(s, Fold()).in_hand
        ('Bob', 'Cy')
        """
        return tuple(self.players[i].name for i in self.alive)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card: the players', the draw pile and the discard pile (52 in all).

        >>> sorted(new_hand(load_palace(), ["Ann", "Bob"], seed=1).all_cards()) == sorted(standard_deck())
        True
        """
        held = tuple(c for p in self.players for c in p.cards)
        return held + self.draw_pile + self.discard_pile


# -- building a hand -------------------------------------------------------------------
def _check_names(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str):
        raise TypeError("give the players as a list of names, e.g. ['Ann', 'Bob']")
    names = tuple(players)
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise ValueError(f"a player's name is non-empty text, not {n!r}")
    if not 2 <= len(names) <= 10:
        raise ValueError(f"Palace Poker is for 2 to 10 players, not {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError(f"two players have the same name in {list(names)}")
    return names


def _chips_for(names: Sequence[str], chips: int | Mapping[str, int] | None,
               rules: PalaceRules) -> list[int]:
    if chips is None:
        chips = rules.starting_chips
    if isinstance(chips, Mapping):
        missing = [n for n in names if n not in chips]
        if missing:
            raise ValueError(f"no chip count for {', '.join(missing)}")
        amounts = [chips[n] for n in names]
    else:
        amounts = [chips] * len(names)
    for n, a in zip(names, amounts, strict=True):
        if isinstance(a, bool) or not isinstance(a, int) or a < 0:
            raise ValueError(f"{n}'s chips must be a whole number, 0 or more; got {a!r}")
    return amounts


def new_hand(rules: PalaceRules, players: Sequence[str], *, seed: int | str,
             dealer: str | None = None, pack: Sequence[Card] | str | None = None,
             chips: int | Mapping[str, int] | None = None) -> PalaceState:
    """Deal a hand: antes [palace.banner.ante], banners [palace.banner], palace cards and
    the draw pile [palace.palace].  Play starts at the dealer's left [palace.turn].

    ``players`` are in seat order; without ``dealer`` the first dealer is chosen by high
    card [palace.first-dealer].  ``pack`` is the order of the pack for the banner deal
    (by default shuffled from ``seed``); the palace deal comes from the rest of the pack
    shuffled from ``seed``.

    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy", "Dee"], seed=3)
    >>> print(s.dealer_draw.describe())
    Ann K♣, Bob 4♠, Cy 4♣, Dee 2♦: Ann has the highest card and deals first.
    >>> s.players[s.dealer].name, s.actor.name, len(s.draw_pile), s.pot, len({p.suit for p in s.players})
    ('Ann', 'Bob', 36, 8, 4)
    >>> new_hand(load_palace(), ["Ann"], seed=3)
    Traceback (most recent call last):
    ...
    ValueError: Palace Poker is for 2 to 10 players, not 1
    """
    if not isinstance(rules, PalaceRules):
        raise TypeError(f"rules must be a Palace Poker profile, not {type(rules).__name__}")
    names = _check_names(players)
    stacks = _chips_for(names, chips, rules)
    seed_text = str(seed)
    draw = None
    if dealer is None:
        draw = choose_first_dealer(names, Rng(f"{seed_text}:first-dealer"))
        dealer = draw.dealer
    if dealer not in names:
        raise ValueError(f"the dealer {dealer!r} is not one of the players {list(names)}")
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
        cards = Rng(f"{seed_text}:pack").shuffled(_DECK)
    else:
        cards = _as_cards(pack)
        if sorted(cards) != sorted(_DECK):
            raise ValueError("the pack must hold each of the 52 cards exactly once")
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
             discard_pile: Sequence[Card] | str = (), seed: int | str = 0) -> PalaceState:
    """A hand set up at a chosen moment (for lessons, quizzes and tests): a player's turn.

    The dealer is by default the last player, so the first player acts first. Cards not
    held by anyone make the draw pile, shuffled from ``seed``, unless ``draw_pile`` is
    given, in which case every one of the 52 cards must be placed.

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> s.actor.name, len(s.draw_pile), s.pot
    ('Ann', 44, 0)
    """
    if not isinstance(rules, PalaceRules):
        raise TypeError(f"rules must be a Palace Poker profile, not {type(rules).__name__}")
    people = tuple(players)
    names = _check_names([p.name for p in people])
    for p in people:
        if not isinstance(p, PlayerState):
            raise TypeError(f"players are PlayerState objects (see player()), not {p!r}")
        if p.in_hand:
            if p.banner is None or len(p.palace) != 3:
                raise ValueError(f"{p.name} needs a banner and three palace cards")
            if len(p.soldiers) > 5:
                raise IllegalAction("palace.buy.limit", f"{p.name} holds {len(p.soldiers)} "
                                    "soldiers; nobody keeps more than five.")
        elif p.cards:
            raise ValueError(f"{p.name} is out of the hand and holds no cards")
        if isinstance(p.chips, bool) or not isinstance(p.chips, int) or p.chips < 0:
            raise ValueError(f"{p.name}'s chips must be a whole number, 0 or more")
    discards = _as_cards(discard_pile)
    held = [c for p in people for c in p.cards] + list(discards)
    given_draw = None if draw_pile is None else _as_cards(draw_pile)
    if given_draw is not None:
        held += list(given_draw)
    if len(set(held)) != len(held):
        dup = sorted({c for c in held if held.count(c) > 1})
        raise ValueError(f"cards placed twice: {cards_text(dup)}")
    placed = set(held)
    rest = [c for c in _DECK if c not in placed]
    if given_draw is None:
        draw = Rng(f"{seed}:draw").shuffled(rest)
    elif rest:
        raise ValueError(f"every card must be placed when the draw pile is given; missing: "
                         f"{cards_text(rest)}")
    else:
        draw = given_draw
    d = names.index(dealer) if dealer is not None else len(names) - 1
    if dealer is not None and dealer not in names:
        raise ValueError(f"the dealer {dealer!r} is not one of the players")
    s = PalaceState(rules, people, d, Phase.TURN, 0, 0, tuple(draw), discards, pot,
                    seed=str(seed),
                    pot_moves=(PotMove("(earlier)", pot, "palace.battle", "chips already in the "
                                       "pot"),) if pot else ())
    alive = s.alive
    if len(alive) < 2:
        raise ValueError("a position needs at least two players in the hand")
    if len({s.players[i].suit for i in alive}) == 1:
        raise ValueError("all players in the hand share a banner suit: the hand is already over")
    first = s.index(to_act) if to_act is not None else alive[0]
    if not s.players[first].in_hand:
        raise ValueError(f"{to_act} is out of the hand")
    return replace(s, to_act=first, turn_of=first)


# -- actions ----------------------------------------------------------------------
def _sorted_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return tuple(sorted(_as_cards(cards), key=lambda c: (-poker_value(c.rank), c.suit.value)))


@dataclass(frozen=True)
class Buy:
    """Pay a small bet and take the top card of the draw pile as a soldier [palace.buy]."""


@dataclass(frozen=True)
class Discard:
    """Pay a small bet and discard these soldiers, drawing nothing [palace.discard].

    >>> Discard("5d ks").cards
    (Card('K♠'), Card('5♦'))
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))


@dataclass(frozen=True)
class DiscardSoldiers:
    """After a buy or a won battle: discard these soldiers (none is fine), keeping at
    most five [palace.buy], [palace.battle.capture].

    >>> DiscardSoldiers().cards, DiscardSoldiers(["2C"]).cards
    ((), (Card('2♣'),))
    """

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))


def _check_amount(amount: object) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError(f"an amount is a whole number of chips, not {amount!r}")


@dataclass(frozen=True)
class Battle:
    """Attack ``target`` with a bet of ``amount`` chips [palace.battle]."""

    target: str
    amount: int

    def __post_init__(self) -> None:
        if not isinstance(self.target, str):
            raise TypeError(f"the target is a player's name, not {self.target!r}")
        _check_amount(self.amount)


@dataclass(frozen=True)
class Stay:
    """Do nothing this turn [palace.stay]."""


@dataclass(frozen=True)
class Fold:
    """Leave the hand: on your turn [palace.fold], or as a defender [palace.battle.fold]."""


@dataclass(frozen=True)
class Call:
    """Answer an attack or a raise by paying what it asks, and show down
    [palace.battle.call], [palace.battle.raise]."""


@dataclass(frozen=True)
class Raise:
    """Call, then raise by ``amount`` [palace.battle.raise]."""

    amount: int

    def __post_init__(self) -> None:
        _check_amount(self.amount)


@dataclass(frozen=True)
class Pass:
    """Give up a battle when facing a raise: out of the hand [palace.battle.raise]."""


Action = Buy | Discard | DiscardSoldiers | Battle | Stay | Fold | Call | Raise | Pass
TURN_ACTIONS = (Buy, Discard, Battle, Stay, Fold)
BATTLE_ACTIONS = (Call, Raise, Pass)


# -- checks ------------------------------------------------------------------------
def _phase_error(state: PalaceState, what: str) -> IllegalAction:
    who = state.actor.name
    if state.phase is Phase.OVER:
        reason = state.result.reason if state.result else "it has ended"
        return IllegalAction("palace.end", f"The hand is over ({reason}); {what} is no longer "
                             "possible.")
    b = state.battle
    if state.phase is Phase.DEFEND and b is not None:
        att = state.players[b.attacker].name
        return IllegalAction("palace.battle.fold", f"{who} must first answer {att}'s attack: "
                             "fold, call or raise.")
    if state.phase is Phase.ANSWER and b is not None and b.last_raiser is not None:
        rz = state.players[b.last_raiser].name
        return IllegalAction("palace.battle.raise", f"{who} must first answer {rz}'s raise of "
                             f"{b.facing}: pass, call or re-raise.")
    if state.phase is Phase.KEEP:
        return IllegalAction(state.keep_rule, f"{who} first chooses which soldiers to discard "
                             "(none is fine): DiscardSoldiers(...).")
    return IllegalAction("palace.turn", f"No battle is going on: on {who}'s turn {who} buys, "
                         f"discards, battles, stays or folds; {what} is not one of those.")


def _two_left(state: PalaceState) -> bool:
    return len(state.alive) == 2 < len(state.players)


def _require_turn(state: PalaceState, what: str, free_when_two: bool = False) -> PlayerState:
    if state.phase is not Phase.TURN:
        raise _phase_error(state, what)
    p = state.actor
    if _two_left(state) and not free_when_two:
        other = next(state.players[i].name for i in state.alive if i != state.to_act)
        raise IllegalAction("palace.end.two-left", f"Only {p.name} and {other} are left, so "
                            f"{p.name} must battle {other} (or fold); {what} is not allowed now.")
    return p


def _afford(p: PlayerState, amount: int, what: str) -> None:
    if p.chips < amount:
        raise IllegalAction("palace.stakes", f"{what} costs {amount} and {p.name} has only "
                            f"{p.chips} chips; nobody bets more than they have.")


def verify_buy(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may buy [palace.buy], [palace.buy.refill].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", chips=3),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> verify_buy(s)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: A buy costs 5 and Ann has only 3 chips; nobody bets more than they have. [rule palace.stakes]
    """
    p = _require_turn(state, "buying")
    _afford(p, state.rules.small_bet, "A buy")
    if not state.draw_pile and not state.discard_pile:
        raise IllegalAction("palace.buy.refill", "The draw pile and the discard pile are both "
                            "empty, so nobody can buy any more.")


def can_buy(state: PalaceState) -> bool:
    """Whether the player to act may buy.

    >>> can_buy(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1))
    True
    """
    return _can(verify_buy, state)


def _check_soldiers(p: PlayerState, cards: tuple[Card, ...], rule_id: str) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalAction(rule_id, f"{cards_text(cards)} names a card twice.")
    for c in cards:
        if c not in p.soldiers:
            have = cards_text(p.soldiers) if p.soldiers else "none"
            raise IllegalAction(rule_id, f"{c} is not one of {p.name}'s soldiers (soldiers: "
                                f"{have}).")


def verify_discard(state: PalaceState, cards: Sequence[Card] | str) -> None:
    """Raise IllegalAction unless the player to act may pay a small bet to discard
    ``cards`` [palace.discard].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"),
    ...                               player("Bob", "QD", "5C 6C 7C"), player("Cy", "JH", "8C 9C 10C")])
    >>> verify_discard(s, "9D")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 9♦ is not one of Ann's soldiers (soldiers: 5♦). [rule palace.discard]
    """
    p = _require_turn(state, "discarding")
    cards = _as_cards(cards)
    if not p.soldiers:
        raise IllegalAction("palace.discard", f"{p.name} has no soldiers to discard.")
    if not cards:
        raise IllegalAction("palace.discard", "A discard names one or more of your soldiers.")
    _check_soldiers(p, cards, "palace.discard")
    _afford(p, state.rules.small_bet, "A discard")


def can_discard(state: PalaceState, cards: Sequence[Card] | str) -> bool:
    """Whether the player to act may discard ``cards``.

    >>> can_discard(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1), "2C")
    False
    """
    return _can(verify_discard, state, cards)


def verify_discard_soldiers(state: PalaceState, cards: Sequence[Card] | str) -> None:
    """Raise IllegalAction unless the player who just bought or won may discard ``cards``
    and keep at most five soldiers [palace.buy.limit], [palace.battle.capture].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "2D 3D 4D 5D 6D"),
    ...                               player("Bob", "QD", "5C 6C 7C")], draw_pile=None)
    >>> s = apply(s, Buy())
    >>> verify_discard_soldiers(s, "")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Ann holds 6 soldiers and keeps at most five: discard at least 1. [rule palace.buy.limit]
    """
    if state.phase is not Phase.KEEP:
        raise _phase_error(state, "discarding soldiers without paying")
    p = state.actor
    cards = _as_cards(cards)
    _check_soldiers(p, cards, state.keep_rule)
    left = len(p.soldiers) - len(cards)
    if left > 5:
        rule_id = "palace.buy.limit" if state.keep_rule == "palace.buy" else state.keep_rule
        raise IllegalAction(rule_id, f"{p.name} holds {len(p.soldiers)} soldiers and keeps at "
                            f"most five: discard at least {len(p.soldiers) - 5}.")


def can_discard_soldiers(state: PalaceState, cards: Sequence[Card] | str) -> bool:
    """Whether the player who just bought or won may discard ``cards`` now.

    >>> can_discard_soldiers(new_hand(load_palace(), ["Ann", "Bob"], seed=1), "")
    False
    """
    return _can(verify_discard_soldiers, state, cards)


def minimum_bet(state: PalaceState, name: str | None = None) -> int:
    """The least a player may bet to attack: (soldiers + 1) x small bet
    [palace.battle.minimum].  By default, the player to act.

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D 6D"),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> minimum_bet(s), minimum_bet(s, "Bob")
    (15, 5)
    """
    p = state.actor if name is None else state.player(name)
    return (len(p.soldiers) + 1) * state.rules.small_bet


def may_attack(state: PalaceState, attacker: str, target: str) -> tuple[bool, str]:
    """Whether ``attacker`` may choose ``target`` at all (ignoring whose turn and chips),
    and why [palace.battle.target].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QS", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> may_attack(s, "Ann", "Bob")
    (False, "Bob's banner Q♠ has the same suit as Ann's banner K♠, spades: nobody attacks a player of their own banner suit.")
    >>> may_attack(s, "Ann", "Cy")[0]
    True
    """
    a, t = state.player(attacker), state.player(target)
    if a.name == t.name:
        return False, f"{a.name} cannot attack {a.name}: a battle is against another player."
    if not t.in_hand:
        return False, f"{t.name} is out of the hand."
    if not a.in_hand:
        return False, f"{a.name} is out of the hand."
    if a.suit is t.suit:
        return False, (f"{t.name}'s banner {t.banner} has the same suit as {a.name}'s banner "
                       f"{a.banner}, {a.suit.value}: nobody attacks a player of their own "
                       "banner suit.")
    return True, (f"{t.name}'s banner {t.banner} ({t.suit.value}) differs from {a.name}'s "
                  f"{a.banner} ({a.suit.value}).")


def verify_battle(state: PalaceState, target: str, amount: int) -> None:
    """Raise IllegalAction unless the player to act may attack ``target`` with ``amount``
    [palace.battle.target], [palace.battle.minimum], [palace.stakes].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"), player("Bob", "QS", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> verify_battle(s, "Cy", 5)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Ann must bet at least (1 soldier + 1 banner) x 5 = 10 to attack, not 5. [rule palace.battle.minimum]
    """
    p = _require_turn(state, "a battle", free_when_two=True)
    ok, why = may_attack(state, p.name, target)
    if not ok:
        raise IllegalAction("palace.battle.target", why)
    _check_amount(amount)
    k = len(p.soldiers)
    least = minimum_bet(state)
    formula = (f"({k} soldier{'s' if k != 1 else ''} + 1 banner) x {state.rules.small_bet} = "
               f"{least}")
    if amount < least:
        raise IllegalAction("palace.battle.minimum", f"{p.name} must bet at least {formula} to "
                            f"attack, not {amount}.")
    if not state.rules.no_limit and amount != least:
        raise IllegalAction("palace.stakes", f"Under limit stakes the attack bet is exactly the "
                            f"minimum, {formula}; not {amount}.")
    _afford(p, amount, "This attack")


def can_battle(state: PalaceState, target: str, amount: int) -> bool:
    """Whether the player to act may attack ``target`` with ``amount``.

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> can_battle(s, "Bob", 5), can_battle(s, "Bob", 10), can_battle(s, "Ann", 5)
    (True, False, False)
    """
    return _can(verify_battle, state, target, amount)


def verify_stay(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may stay [palace.stay],
    [palace.end.two-left].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C"),
    ...                               out_player("Cy")])
    >>> verify_stay(s)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only Ann and Bob are left, so Ann must battle Bob (or fold); staying is not allowed now. [rule palace.end.two-left]
    """
    _require_turn(state, "staying")


def can_stay(state: PalaceState) -> bool:
    """Whether the player to act may stay.

    >>> can_stay(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1))
    True
    """
    return _can(verify_stay, state)


def verify_fold(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may fold: on their turn [palace.fold]
    or as a defender [palace.battle.fold].

    >>> verify_fold(new_hand(load_palace(), ["Ann", "Bob"], seed=1)) is None
    True
    """
    if state.phase is Phase.ANSWER:
        raise IllegalAction("palace.battle.raise", f"Facing a raise, {state.actor.name} may "
                            "pass, call or re-raise; to give up the battle, Pass().")
    if state.phase not in (Phase.TURN, Phase.DEFEND):
        raise _phase_error(state, "folding")


def can_fold(state: PalaceState) -> bool:
    """Whether the player to act may fold.

    >>> can_fold(new_hand(load_palace(), ["Ann", "Bob"], seed=1))
    True
    """
    return _can(verify_fold, state)


def call_amount(state: PalaceState) -> int:
    """What the player to act pays to call: the defender (own soldiers + 1) x small bet
    [palace.battle.call], a player facing a raise the raise [palace.battle.raise].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C", "2S 3S")])
    >>> call_amount(apply(s, Battle("Bob", 5)))
    15
    """
    b = state.battle
    if b is None or state.phase not in (Phase.DEFEND, Phase.ANSWER):
        raise _phase_error(state, "calling")
    if state.phase is Phase.DEFEND:
        return (len(state.actor.soldiers) + 1) * state.rules.small_bet
    return b.facing


def verify_call(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may call [palace.battle.call].

    >>> verify_call(new_hand(load_palace(), ["Ann", "Bob"], seed=1, dealer="Ann"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: No battle is going on: on Bob's turn Bob buys, discards, battles, stays or folds; calling is not one of those. [rule palace.turn]
    """
    amount = call_amount(state)
    _afford(state.actor, amount, "Calling")


def can_call(state: PalaceState) -> bool:
    """Whether the player to act may call.

    >>> can_call(new_hand(load_palace(), ["Ann", "Bob"], seed=1))
    False
    """
    return _can(verify_call, state)


def raise_limits(state: PalaceState) -> tuple[int, int] | None:
    """The smallest and largest raise the player to act may make now, or None
    [palace.battle.raise], [palace.stakes].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C", "2S")])
    >>> raise_limits(apply(s, Battle("Bob", 5)))
    (10, 10)
    """
    b = state.battle
    if b is None or state.phase not in (Phase.DEFEND, Phase.ANSWER):
        return None
    rules = state.rules
    if not rules.no_limit and rules.max_raises and b.raises >= rules.max_raises:
        return None
    p = state.actor
    least = raise_size(min(len(p.soldiers), 5), rules)
    room = p.chips - call_amount(state)
    if room < least:
        return None
    return (least, room if rules.no_limit else least)


def verify_raise(state: PalaceState, amount: int) -> None:
    """Raise IllegalAction unless the player to act may call and raise by ``amount``
    [palace.battle.raise].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> verify_raise(apply(s, Battle("Bob", 5)), 20)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Under limit stakes Bob raises by exactly 10 (double the small bet, with no soldiers), not 20. [rule palace.battle.raise]
    """
    b = state.battle
    if b is None or state.phase not in (Phase.DEFEND, Phase.ANSWER):
        raise _phase_error(state, "raising")
    _check_amount(amount)
    rules, p = state.rules, state.actor
    if not rules.no_limit and rules.max_raises and b.raises >= rules.max_raises:
        raise IllegalAction("palace.battle.raise", f"This battle has had {b.raises} raises, the "
                            f"most allowed under limit stakes: {p.name} may call or pass.")
    least = raise_size(len(p.soldiers), rules)
    if rules.no_limit:
        if amount < least:
            raise IllegalAction("palace.battle.raise", f"A no-limit raise is at least the big "
                                f"bet, {least}; not {amount}.")
    elif amount != least:
        how = ("double the small bet, with no soldiers" if not p.soldiers and
               least == 2 * rules.small_bet else "the big bet")
        raise IllegalAction("palace.battle.raise", f"Under limit stakes {p.name} raises by "
                            f"exactly {least} ({how}), not {amount}.")
    _afford(p, call_amount(state) + amount, f"Calling {call_amount(state)} and raising {amount}")


def can_raise(state: PalaceState, amount: int) -> bool:
    """Whether the player to act may raise by ``amount``.

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> can_raise(apply(s, Battle("Bob", 5)), 10)
    True
    """
    return _can(verify_raise, state, amount)


def verify_pass(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act faces a raise and may pass
    [palace.battle.raise].

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> verify_pass(apply(s, Battle("Bob", 5)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Attacked, Bob may fold, call or raise; passing answers a raise. [rule palace.battle.fold]
    """
    if state.phase is Phase.DEFEND:
        raise IllegalAction("palace.battle.fold", f"Attacked, {state.actor.name} may fold, call "
                            "or raise; passing answers a raise.")
    if state.phase is not Phase.ANSWER:
        raise _phase_error(state, "passing")


def can_pass(state: PalaceState) -> bool:
    """Whether the player to act may pass.

    >>> can_pass(new_hand(load_palace(), ["Ann", "Bob"], seed=1))
    False
    """
    return _can(verify_pass, state)


def _can(check: object, *args: object) -> bool:
    assert callable(check)
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def verify_action(state: PalaceState, action: Action) -> None:
    """Raise IllegalAction (rule id and a sentence) unless ``action`` is legal now.

    >>> verify_action(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1), Stay()) is None
    True
    """
    if isinstance(action, Buy):
        verify_buy(state)
    elif isinstance(action, Discard):
        verify_discard(state, action.cards)
    elif isinstance(action, DiscardSoldiers):
        verify_discard_soldiers(state, action.cards)
    elif isinstance(action, Battle):
        verify_battle(state, action.target, action.amount)
    elif isinstance(action, Stay):
        verify_stay(state)
    elif isinstance(action, Fold):
        verify_fold(state)
    elif isinstance(action, Call):
        verify_call(state)
    elif isinstance(action, Raise):
        verify_raise(state, action.amount)
    elif isinstance(action, Pass):
        verify_pass(state)
    else:
        kinds = "Buy, Discard, DiscardSoldiers, Battle, Stay, Fold, Call, Raise, Pass"
        raise TypeError(f"{action!r} is not a Palace Poker action; the actions are {kinds}")


def can_apply(state: PalaceState, action: Action) -> bool:
    """Whether ``action`` is legal now.

    >>> s = new_hand(load_palace(), ["Ann", "Bob"], seed=1)
    >>> can_apply(s, Stay()), can_apply(s, Call())
    (True, False)
    """
    try:
        verify_action(state, action)
    except IllegalAction:
        return False
    return True


# -- legal actions -------------------------------------------------------------------
def _subsets(cards: tuple[Card, ...], sizes: Iterable[int]) -> list[tuple[Card, ...]]:
    return [combo for k in sizes for combo in combinations(cards, k)]


def _amounts(low: int, high: int) -> tuple[int, ...]:
    return (low,) if low == high else (low, high)


def legal_actions(state: PalaceState) -> tuple[Action, ...]:
    """Every legal action now.  Where a no-limit amount is free, only the smallest and
    the largest are listed (every amount between is legal too; see
    :func:`raise_limits` and :func:`bet_limits`).

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"),
    ...                               player("Bob", "QD", "5C 6C 7C"), player("Cy", "JS", "8C 9C 10C")])
    >>> legal_actions(s)
    (Buy(), Discard(cards=(Card('5♦'),)), Battle(target='Bob', amount=10), Stay(), Fold())
    """
    ph = state.phase
    if ph is Phase.OVER:
        return ()
    p = state.actor
    out: list[Action] = []
    if ph is Phase.KEEP:
        k = len(p.soldiers)
        return tuple(DiscardSoldiers(c) for c in _subsets(p.soldiers, range(max(0, k - 5), k + 1)))
    if ph is Phase.TURN:
        if can_buy(state):
            out.append(Buy())
        if can_stay(state) and p.soldiers and p.chips >= state.rules.small_bet:
            out.extend(Discard(c) for c in _subsets(p.soldiers, range(1, len(p.soldiers) + 1)))
        for i in state.alive:
            t = state.players[i]
            limits = bet_limits(state, t.name)
            if limits is not None:
                out.extend(Battle(t.name, a) for a in _amounts(*limits))
        if can_stay(state):
            out.append(Stay())
        out.append(Fold())
        return tuple(out)
    if ph is Phase.DEFEND:
        out.append(Fold())
    else:
        out.append(Pass())
    if can_call(state):
        out.append(Call())
    limits = raise_limits(state)
    if limits is not None:
        out.extend(Raise(a) for a in _amounts(*limits))
    return tuple(out)


def bet_limits(state: PalaceState, target: str) -> tuple[int, int] | None:
    """The smallest and largest bet with which the player to act may attack ``target``
    now, or None [palace.battle.minimum], [palace.stakes].

    >>> s = position(load_palace("palace-poker-no-limit"),
    ...              [player("Ann", "KS", "2H 3H 4H", chips=40), player("Bob", "QD", "5C 6C 7C")])
    >>> bet_limits(s, "Bob"), bet_limits(s, "Ann")
    ((5, 40), None)
    """
    if state.phase is not Phase.TURN:
        return None
    p = state.actor
    t = state.player(target)
    if t is p or not t.in_hand or t.suit is p.suit:
        return None
    least = (len(p.soldiers) + 1) * state.rules.small_bet
    if p.chips < least:
        return None
    return (least, p.chips if state.rules.no_limit else least)


# -- applying actions -------------------------------------------------------------------
class _Edit:
    """A scratch copy of a state, changed step by step and frozen again."""

    def __init__(self, s: PalaceState) -> None:
        self.s = s
        self.players = list(s.players)
        self.draw = s.draw_pile
        self.discard = s.discard_pile
        self.pot = s.pot
        self.moves = list(s.pot_moves)
        self.log = list(s.log)
        self.battles = list(s.battles)
        self.reshuffles = s.reshuffles
        self.quiet = s.quiet

    def set(self, i: int, **changes: object) -> None:
        self.players[i] = PlayerState(**{**self.players[i].__dict__, **changes})

    def name(self, i: int) -> str:
        return self.players[i].name

    def pay(self, i: int, amount: int, rule_id: str, reason: str) -> None:
        p = self.players[i]
        if amount > p.chips:  # never happens after verification
            raise AssertionError(f"{p.name} cannot pay {amount}")
        self.set(i, chips=p.chips - amount)
        self.pot += amount
        self.moves.append(PotMove(p.name, amount, rule_id, reason))

    def take(self, i: int, amount: int, rule_id: str, reason: str) -> None:
        if amount:
            p = self.players[i]
            self.set(i, chips=p.chips + amount)
            self.pot -= amount
            self.moves.append(PotMove(p.name, -amount, rule_id, reason))

    def note(self, rule_id: str, text: str) -> None:
        self.log.append((rule_id, text))

    def out(self, i: int, keep_spoils: bool = False) -> tuple[Card, ...]:
        """Put player ``i`` out; their palace cards (and, unless captured, the rest) go to
        the discard pile.  Returns the soldiers and banner when ``keep_spoils``."""
        p = self.players[i]
        spoils = p.soldiers + ((p.banner,) if p.banner else ())
        gone = p.palace if keep_spoils else p.cards
        self.discard = self.discard + gone
        self.set(i, palace=(), soldiers=(), banner=None, in_hand=False)
        return spoils if keep_spoils else ()

    def state(self, **changes: object) -> PalaceState:
        values = {f: self.s.__dict__[f] for f in _STATE_FIELDS}
        values.update(players=tuple(self.players), draw_pile=self.draw,
                      discard_pile=self.discard, pot=self.pot, pot_moves=tuple(self.moves),
                      log=tuple(self.log), battles=tuple(self.battles),
                      reshuffles=self.reshuffles, quiet=self.quiet)
        values.update(changes)
        return PalaceState(**values)

    def alive(self) -> list[int]:
        s = self.s
        n = len(self.players)
        return [(s.dealer + 1 + k) % n for k in range(n) if self.players[(s.dealer + 1 + k) % n].in_hand]


_STATE_FIELDS = tuple(f.name for f in fields(PalaceState))


def apply(state: PalaceState, action: Action) -> PalaceState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise
    :class:`IllegalAction` with the rule id.

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> t = apply(s, Stay())
    >>> t.actor.name, s.actor.name
    ('Bob', 'Ann')
    """
    verify_action(state, action)
    e = _Edit(state)
    i = state.to_act
    me = state.players[i].name
    small = state.rules.small_bet
    if isinstance(action, Buy):
        e.pay(i, small, "palace.buy", "buys a soldier")
        if not e.draw:
            e.draw = Rng(f"{state.seed}:refill:{e.reshuffles}").shuffled(e.discard)
            e.discard = ()
            e.reshuffles += 1
            e.note("palace.buy.refill", f"The draw pile is empty: the {len(e.draw)} discarded "
                   "cards are shuffled to make a new one.")
        card = e.draw[0]
        e.draw = e.draw[1:]
        e.set(i, soldiers=(*state.players[i].soldiers, card))
        e.quiet = frozenset()
        e.note("palace.buy", f"{me} pays {small} and buys {card} as a soldier "
               f"({_count(len(e.players[i].soldiers), 'soldier')}).")
        return e.state(phase=Phase.KEEP, keep_rule="palace.buy")
    if isinstance(action, DiscardSoldiers):
        if action.cards:
            e.set(i, soldiers=tuple(c for c in state.players[i].soldiers if c not in action.cards))
            e.discard = e.discard + action.cards
            e.note(state.keep_rule, f"{me} discards {cards_text(action.cards)}, keeping "
                   f"{_count(len(e.players[i].soldiers), 'soldier')}.")
        return _end_turn(e, state.turn_of)
    if isinstance(action, Discard):
        e.pay(i, small, "palace.discard", "discards soldiers")
        e.set(i, soldiers=tuple(c for c in state.players[i].soldiers if c not in action.cards))
        e.discard = e.discard + action.cards
        e.quiet = e.quiet | {i}
        e.note("palace.discard", f"{me} pays {small} and discards {cards_text(action.cards)}.")
        return _end_turn(e, i)
    if isinstance(action, Stay):
        e.quiet = e.quiet | {i}
        e.note("palace.stay", f"{me} stays.")
        return _end_turn(e, i)
    if isinstance(action, Battle):
        t = state.index(action.target)
        e.pay(i, action.amount, "palace.battle", f"attacks {action.target}")
        e.quiet = frozenset()
        e.note("palace.battle", f"{me} attacks {action.target}, betting {action.amount}.")
        return e.state(phase=Phase.DEFEND, to_act=t, battle=BattleState(i, t, action.amount))
    b = state.battle
    if isinstance(action, Fold) and b is None:
        e.out(i)
        e.note("palace.fold", f"{me} folds and is out; the cards go to the discard pile.")
        return _end_turn(e, i)
    assert b is not None
    other = b.attacker if i == b.defender else b.defender
    if isinstance(action, Fold):
        spoils = e.out(i, keep_spoils=True)
        e.note("palace.battle.fold", f"{me} folds: the palace cards are discarded and {me} is "
               "out.")
        return _capture(e, b, other, i, spoils, "fold")
    if isinstance(action, Pass):
        assert b.last_raiser is not None
        spoils = e.out(i, keep_spoils=True)
        e.take(b.last_raiser, b.facing, "palace.battle.raise", "takes back the uncalled raise")
        e.note("palace.battle.raise", f"{me} passes and is out; {e.name(other)} takes back the "
               f"uncalled raise of {b.facing}.")
        return _capture(e, b, other, i, spoils, "pass")
    if isinstance(action, Call):
        amount = call_amount(state)
        rule_id = "palace.battle.call" if state.phase is Phase.DEFEND else "palace.battle.raise"
        e.pay(i, amount, rule_id, "calls")
        e.note(rule_id, f"{me} calls for {amount}, looks at the cards and names the winner.")
        return _showdown_battle(e, b)
    assert isinstance(action, Raise)
    call = call_amount(state)
    e.pay(i, call + action.amount, "palace.battle.raise", f"calls {call} and raises "
          f"{action.amount}")
    e.note("palace.battle.raise", f"{me} calls {call} and raises {action.amount}.")
    nb = replace(b, raises=b.raises + 1, facing=action.amount, last_raiser=i)
    return e.state(phase=Phase.ANSWER, to_act=other, battle=nb)


def _capture(e: _Edit, b: BattleState, winner: int, loser: int, spoils: tuple[Card, ...],
             ending: str, outcome: BattleOutcome | None = None) -> PalaceState:
    w = e.players[winner]
    e.set(winner, soldiers=w.soldiers + spoils)
    e.note("palace.battle.capture", f"{w.name} takes {cards_text(spoils)} from "
           f"{e.name(loser)}.")
    e.battles.append(BattleRecord(e.name(b.attacker), e.name(b.defender), b.bet, ending,
                                  w.name, (e.name(loser),), outcome))
    ended = _hand_end(e)
    if ended is not None:
        return ended
    return e.state(phase=Phase.KEEP, keep_rule="palace.battle.capture", to_act=winner,
                   turn_of=b.attacker, battle=None)


def _showdown_battle(e: _Edit, b: BattleState) -> PalaceState:
    a, d = e.players[b.attacker], e.players[b.defender]
    o = battle_showdown(a.cards, a.suit, d.cards, d.suit, a.name, d.name)
    e.note(o.rule_id, o.reason)
    if o.winner is not None:
        winner, loser = ((b.attacker, b.defender) if o.winner is Side.ATTACKER
                         else (b.defender, b.attacker))
        spoils = e.out(loser, keep_spoils=True)
        e.note("palace.battle.call", f"{e.name(loser)} is out.")
        return _capture(e, b, winner, loser, spoils, "showdown", o)
    e.battles.append(BattleRecord(a.name, d.name, b.bet, "showdown", None, (a.name, d.name), o))
    if len(e.alive()) == 2:
        shares = split_pot(e.pot, [e.name(i) for i in e.alive()])
        return _finish(e, shares, "palace.battle.tie", f"{a.name} and {d.name} tie on hand and "
                       "on banner suit cards as the last two, so they split the pot.")
    e.out(b.attacker)
    e.out(b.defender)
    e.note("palace.battle.tie", f"A full tie: {a.name} and {d.name} are both out.")
    ended = _hand_end(e)
    if ended is not None:
        return ended
    return _next_turn(e, b.attacker)


def _finish(e: _Edit, shares: Sequence[tuple[str, int]], rule_id: str, reason: str,
            hands: tuple[tuple[str, Hand], ...] = ()) -> PalaceState:
    index = {p.name: i for i, p in enumerate(e.players)}
    for name, amount in shares:
        e.take(index[name], amount, rule_id, "wins" if len(shares) == 1 else "a share of the pot")
    e.note(rule_id, reason)
    result = HandResult(tuple(n for n, _ in shares), tuple(shares), rule_id, reason, hands)
    return e.state(phase=Phase.OVER, battle=None, result=result)


def _hand_end(e: _Edit) -> PalaceState | None:
    alive = e.alive()
    names = [e.name(i) for i in alive]
    if len(alive) == 1:
        return _finish(e, ((names[0], e.pot),), "palace.end",
                       f"{names[0]} is the last player left and takes the pot of {e.pot}.")
    if len({e.players[i].suit for i in alive}) == 1:
        suit = e.players[alive[0]].suit.value
        shares = split_pot(e.pot, names)
        return _finish(e, shares, "palace.end.same-suit",
                       f"{_and(names)} are the only players left and all have {suit} banners: "
                       f"nobody can attack, so the pot of {e.pot} is split.")
    if set(alive) <= e.quiet:
        hands = tuple((e.name(i), hand_value(e.players[i].cards)) for i in alive)
        top = max(h for _, h in hands)
        winners = [n for n, h in hands if h == top]
        shown = "; ".join(f"{n}: {h.name}" for n, h in hands)
        if len(winners) == 1:
            why = f"{winners[0]} has the best hand and takes the pot of {e.pot}."
        else:
            why = f"{_and(winners)} tie with the best hand and split the pot of {e.pot}."
        return _finish(e, split_pot(e.pot, winners), "palace.end.showdown",
                       f"A whole round of stays and discards ends the hand in a showdown. "
                       f"{shown}. {why}", hands)
    return None


def _next_turn(e: _Edit, after: int) -> PalaceState:
    n = len(e.players)
    j = after
    for _ in range(n):
        j = (j + 1) % n
        if e.players[j].in_hand:
            break
    return e.state(phase=Phase.TURN, to_act=j, turn_of=j, battle=None)


def _end_turn(e: _Edit, after: int) -> PalaceState:
    ended = _hand_end(e)
    if ended is not None:
        return ended
    return _next_turn(e, after)


# -- explanations and play --------------------------------------------------------------
def explain(state: PalaceState, action: Action) -> str:
    """What ``action`` would do now and by which rule, or why it is refused.

    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"), player("Bob", "QS", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> explain(s, Battle("Cy", 10))
    'Ann attacks Cy with a bet of 10 (the minimum is (1 + 1) x 5 = 10). Cy may fold, call for (0 + 1) x 5 = 5, or call and raise. [rule palace.battle]'
    >>> explain(s, Battle("Bob", 10))
    "Not allowed: Bob's banner Q♠ has the same suit as Ann's banner K♠, spades: nobody attacks a player of their own banner suit. [rule palace.battle.target]"
    """
    try:
        verify_action(state, action)
    except IllegalAction as err:
        return f"Not allowed: {err.message} [rule {err.rule_id}]"
    p = state.actor
    small = state.rules.small_bet
    if isinstance(action, Buy):
        refill = ("The draw pile is empty, so the discard pile is shuffled to make a new one "
                  "first. " if not state.draw_pile else "")
        return (f"{refill}{p.name} pays {small} into the pot and takes the top card of the draw "
                f"pile as a soldier, then may discard soldiers, keeping at most five. "
                "[rule palace.buy]")
    if isinstance(action, Discard):
        return (f"{p.name} pays {small} into the pot and discards {cards_text(action.cards)}, "
                "drawing nothing. [rule palace.discard]")
    if isinstance(action, DiscardSoldiers):
        left = len(p.soldiers) - len(action.cards)
        what = f"discards {cards_text(action.cards)}" if action.cards else "discards nothing"
        return (f"{p.name} {what}, keeping {_count(left, 'soldier')} (at most five). "
                f"[rule {state.keep_rule}]")
    if isinstance(action, Stay):
        return f"{p.name} does nothing this turn. [rule palace.stay]"
    if isinstance(action, Battle):
        t = state.player(action.target)
        k, kt = len(p.soldiers), len(t.soldiers)
        return (f"{p.name} attacks {t.name} with a bet of {action.amount} (the minimum is "
                f"({k} + 1) x {small} = {(k + 1) * small}). {t.name} may fold, call for "
                f"({kt} + 1) x {small} = {(kt + 1) * small}, or call and raise. [rule palace.battle]")
    b = state.battle
    if isinstance(action, Fold):
        if b is None:
            return (f"{p.name} leaves the hand; the cards go to the discard pile and the chips in "
                    "the pot stay there. [rule palace.fold]")
        att = state.players[b.attacker].name
        return (f"{p.name} discards the palace cards and is out; {att} takes {p.name}'s "
                f"soldiers and banner. [rule palace.battle.fold]")
    assert b is not None
    other = state.players[b.attacker if state.to_act == b.defender else b.defender].name
    if isinstance(action, Pass):
        return (f"{p.name} gives up the battle and is out; {other} takes back the uncalled raise "
                f"of {b.facing} and takes {p.name}'s soldiers and banner. [rule palace.battle.raise]")
    if isinstance(action, Call):
        rule_id = "palace.battle.call" if state.phase is Phase.DEFEND else "palace.battle.raise"
        return (f"{p.name} pays {call_amount(state)}, looks at {other}'s cards and names the "
                f"winner: each side's best hand without the other's banner suit. [rule {rule_id}]")
    assert isinstance(action, Raise)
    call = call_amount(state)
    return (f"{p.name} pays {call} to call and {action.amount} more to raise; {other} may then "
            f"pass, call for {action.amount} or re-raise. [rule palace.battle.raise]")


_WEIGHTS: dict[type, int] = {Buy: 4, Discard: 1, Battle: 3, Stay: 3, Fold: 1, Call: 4, Raise: 1,
                             Pass: 1, DiscardSoldiers: 1}


def random_action(state: PalaceState, rng: Rng) -> Action:
    """A random legal action: a kind of move weighted so that hands end, then one of
    that kind (cards chosen at random, no-limit amounts anywhere in their range).

    It draws the move directly rather than listing every legal action, so random play
    stays fast; the result is always one that :func:`apply` accepts.

    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=2)
    >>> can_apply(s, random_action(s, Rng(1)))
    True
    """
    ph = state.phase
    if ph is Phase.OVER:
        raise ValueError("the hand is over: no action is legal")
    p = state.actor
    if ph is Phase.KEEP:
        k = len(p.soldiers)
        least = max(0, k - 5)
        count = least if rng.below(2) else rng.between(least, k)
        return DiscardSoldiers(rng.sample(p.soldiers, count))
    kinds: list[type] = []
    targets: list[tuple[str, tuple[int, int]]] = []
    if ph is Phase.TURN:
        if can_buy(state):
            kinds.append(Buy)
        free = not _two_left(state)
        if free and p.soldiers and p.chips >= state.rules.small_bet:
            kinds.append(Discard)
        for i in state.alive:
            limits = bet_limits(state, state.players[i].name)
            if limits is not None:
                targets.append((state.players[i].name, limits))
        if targets:
            kinds.append(Battle)
        if free:
            kinds.append(Stay)
        kinds.append(Fold)
    else:
        kinds.append(Fold if ph is Phase.DEFEND else Pass)
        if can_call(state):
            kinds.append(Call)
        raise_range = raise_limits(state)
        if raise_range is not None:
            kinds.append(Raise)
    pick = rng.below(sum(_WEIGHTS[t] for t in kinds))
    for t in kinds:
        pick -= _WEIGHTS[t]
        if pick < 0:
            break
    if t is Discard:
        return Discard(rng.sample(p.soldiers, rng.between(1, len(p.soldiers))))
    if t is Battle:
        name, (low, high) = rng.choice(targets)
        return Battle(name, rng.between(low, high))
    if t is Raise:
        assert raise_range is not None
        return Raise(rng.between(*raise_range))
    action: Action = t()
    return action


def play_random(rules: PalaceRules, players: Sequence[str], seed: int | str,
                max_actions: int = 10_000) -> PalaceState:
    """Deal a hand and play it to the end with random legal actions.

    >>> s = play_random(load_palace(), ["Ann", "Bob", "Cy", "Dee"], seed=4)
    >>> s.is_over, sum(p.chips for p in s.players), s.pot
    (True, 800, 0)
    """
    state = new_hand(rules, players, seed=seed)
    rng = Rng(f"{seed}:play")
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = apply(state, random_action(state, rng))
    raise RuntimeError(f"the hand did not end within {max_actions} actions")


def table(state: PalaceState, show_palace: bool = False) -> list[list[object]]:
    """The table as rows for a picture or a table: name, banner, soldiers, palace cards
    (counted, or shown), chips, and whether in the hand.

    >>> table(position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D", chips=20),
    ...                                 player("Bob", "QD", "5C 6C 7C")]))[0]
    ['Ann', 'K♠', '5♦', '3 cards', 20, 'in (to act)']
    """
    rows: list[list[object]] = []
    for i, p in enumerate(state.players):
        status = "in" if p.in_hand else "out"
        if i == state.to_act and not state.is_over:
            status += " (to act)"
        palace = cards_text(p.palace) if show_palace else f"{len(p.palace)} cards"
        rows.append([p.name, str(p.banner) if p.banner else "-", cards_text(p.soldiers) or "-",
                     palace if p.palace else "-", p.chips, status])
    return rows


def deal_rows(rules: PalaceRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded hand's banners and palace cards as labelled rows of cards.

    >>> [label for label, _ in deal_rows(load_palace(), 3, 2)]
    ['Player 1: banner', 'Player 1: palace', 'Player 2: banner', 'Player 2: palace']
    """
    n = players or 4
    if not 2 <= n <= 10:
        raise ValueError(f"Palace Poker takes 2 to 10 players, not {n}")
    s = new_hand(rules, [f"Player {i}" for i in range(1, n + 1)], seed=seed)
    rows: list[tuple[str, tuple[Card, ...]]] = []
    for p in s.players:
        banner = (p.banner,) if p.banner is not None else ()
        rows += [(f"{p.name}: banner", banner), (f"{p.name}: palace", tuple(p.palace))]
    return rows
