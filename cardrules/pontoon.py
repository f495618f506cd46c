"""Pontoon, the British home game with a banker, and its variant Shoot Pontoon.

Aces count 1 or 11 at the holder's choice, court cards and tens 10, the rest
their pips.  A hand's value is its best total of 21 or less:

>>> from cardrules.cards import parse_cards
>>> hand_value(parse_cards("AS 9D")), hand_value(parse_cards("AS 9D 5C")), low_total(parse_cards("AS 9D"))
(20, 15, 10)

Hands rank pontoon, five card trick, 21 in three or four cards, lower totals,
bust; :func:`classify` gives a rank that compares with ``<`` and ``>``:

>>> hands = ["9S 6D AC", "AS JD", "9H 8C 4S", "7S 3D 4H 2C 2S", "9D AH"]
>>> [str(classify(parse_cards(h))) for h in sorted(hands, key=lambda h: classify(parse_cards(h)), reverse=True)]
['pontoon', 'five card trick (18)', '21 in 3 cards', '20', '16']

Buying a card costs between the initial stake and twice it for the 3rd card,
then between the initial stake and what was paid for the card before:

>>> buy_range(100, ()), buy_range(100, (175,)), buy_range(100, (175, 120))
((100, 200), (100, 175), (100, 120))

A whole deal is a state that actions move on.  The pack is part of the state,
dealt from the top, so a deal replays exactly from its cards or its seed:

>>> rules = load_pontoon("pontoon")
>>> pack = arrange_pack([parse_cards("9S 7D")], parse_cards("10C 6H"), parse_cards("2D 5S"))
>>> s = new_deal(rules, ["Ben", "Ann"], banker="Ben", pack=pack)
>>> s = apply(s, Stake(20))
>>> s.players[0].hands[0].cards, legal_actions(s)
((Card('9♠'), Card('7♦')), (Buy(amount=20), Buy(amount=40), Twist(), Stick()))
>>> s = apply(s, Buy(30))
>>> s = apply(s, Stick())
>>> s = apply(s, BankerDraw())
>>> s.banker_cards, s.phase
((Card('10♣'), Card('6♥'), Card('5♠')), <Phase.OVER: 'over'>)
>>> [str(p) for p in settlement(s).payments]
["Ann pays Ben 50: Ann's 18 against the banker's 21 in 3 cards: on 21 the banker pays only pontoons and five card tricks; Ann pays the stake, 50. [pontoon.settle.banker-21]"]

A refused action names its rule, carries the numbers of the case and leaves
the state as it was:

>>> s = new_deal(rules, ["Ben", "Ann"], banker="Ben", pack=pack)
>>> apply(s, Stake(500))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: Ann's stake must be between the agreed minimum, 10, and maximum, 100; 500 is too much. [rule pontoon.stakes]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache

from .cards import Card, Rank, cards_text, shoe
from .catalog import Rule
from .errors import IllegalAction
from .profiles import Profile, load_rules, option, register_profile
from .rng import Rng

SEED = "seeds/000_4b7b409eb8f98fb5.txt"
R1 = "RULES.md §1"
KITTY = "kitty"

_DEAL = "'ANLAŞMA' (the deal) and 'Oyuncu sıraları' (players' turns)"
_RANK = "'AMAÇ' (aim: the hands from best to worst)"
_TURNS = "'Oyuncu sıraları' (players' turns)"
_BANKER = "'Bankacı Sırası' (the banker's turn)"
_NEW = "'YENİ ANLAŞMA' (a new deal)"
_VARIANTS = "'VARYASYONLAR' (variations)"
_SHOOT = "'Ateş Dubası' (Shoot Pontoon)"

RULES = (
    Rule("pontoon.hand-value", "pontoon", "Card values",
         "An ace counts 1 or 11, as its holder chooses; kings, queens, jacks and tens count 10; "
         "the other cards their pips. A hand's total is its best count of 21 or less (A-9 is "
         "20, A-9-5 is 15); a hand that counts more than 21 even with every ace as 1 is bust.",
         f"{SEED}, 'KARTLARIN SIRASI' (the cards); {R1}"),
    Rule("pontoon.hands.rank", "pontoon", "The hands, best to worst",
         "1. Pontoon: an ace and a ten-card (10, J, Q or K) as the first two cards of a hand. "
         "2. Five card trick: five cards totalling 21 or less (all five card tricks are equal). "
         "3. 21 in three or four cards. 4. Any lower total in fewer than five cards: nearer to 21 "
         "is better. 5. Bust: over 21, worthless. So A-J beats 7-3-4-2-2, which beats 9-8-4, "
         "which beats 9-A (20), which beats 9-6-A (16).",
         f"{SEED}, {_RANK}; {R1} [pontoon.hands.rank]"),
    Rule("pontoon.ties", "pontoon", "Ties go to the banker",
         "When a player's hand and the banker's are equal, the banker wins: the player pays.",
         f"{SEED}, {_BANKER} (last line); {R1} [pontoon.ties]",
         house_reading="Equal means equal in the ranking: two five card tricks are equal "
         "whatever their totals, and two 21s in three or four cards are equal."),
    Rule("pontoon.deal", "pontoon", "The deal",
         "The banker deals one card face down to each player, starting at the left and ending "
         "with himself. The players may look at their card; the banker may not look at his own. "
         "After the stakes a second card goes face down to everyone. A table has one banker and "
         "1 to 7 players (5 to 8 at the table is best).",
         f"{SEED}, {_DEAL}; {R1} [pontoon.deal]",
         house_reading="Seats are listed clockwise; play goes from the banker's left. Should the "
         "pack ever run out (every card in a live hand), nobody can take a card: a player may "
         "then stick on any total and the banker must stay."),
    Rule("pontoon.stakes", "pontoon", "Stakes",
         "Looking at his first card, each player in turn from the dealer's left stakes an amount "
         "between the agreed minimum and maximum.",
         f"{SEED}, {_TURNS} (first paragraph); {R1} [pontoon.deal]"),
    Rule("pontoon.banker-pontoon", "pontoon", "A banker's pontoon",
         "If the banker's two cards are a pontoon he shows it at once and collects double each "
         "player's stake, pontoon holders included (ties go to the banker). The deal ends.",
         f"{SEED}, {_TURNS} (first paragraph); {R1} [pontoon.banker-pontoon]",
         house_reading="The deal ends before any player declares, so no player's pontoon takes "
         "the bank, but there was a pontoon, so the cards are shuffled for the next deal."),
    Rule("pontoon.declare", "pontoon", "Declaring a pontoon",
         "A player whose first two cards are an ace and a ten-card declares the pontoon by "
         "turning the ace face up on the ten-card. A pontoon takes no more cards.",
         f"{SEED}, {_TURNS} ('Bir Duba duyurun'); {R1} [pontoon.declare]",
         house_reading="Declaring is the pontoon holder's only move: the hand cannot be counted "
         "as 11 to take more cards."),
    Rule("pontoon.split", "pontoon", "Splitting",
         "Two cards of the same rank may be split into two hands. The new hand gets a stake equal "
         "to the first stake, and the banker deals a card to each hand; the hands are played in "
         "turn. A new card of the same rank may be split again, up to four hands. Ten-cards split "
         "only when they are the same rank: 10-10 or Q-Q, never K-J. An ace and a ten-card made "
         "after a split are paid as a pontoon but do not take the bank.",
         f"{SEED}, {_TURNS} ('Kartlarınızı ayırın'); {R1} [pontoon.split]",
         house_reading="A split hand's first card is one of the pair and its second the card "
         "the banker deals it; only a hand's first two cards can be split. An ace and a ten-card "
         "made after a split rank and are paid as a pontoon (as pagat.com does; profile option "
         "split_pontoon), are declared like one and make the cards be shuffled, but never pass "
         "the bank."),
    Rule("pontoon.split.aces-only", "pontoon", "Variation: only aces split",
         "Some play that only a pair of aces may be split, no other pair.",
         f"{SEED}, {_VARIANTS}; {R1} [pontoon.split]", option=True),
    Rule("pontoon.buy.limits", "pontoon", "Buying a card",
         "With a total under 21 a player may buy a card, dealt face down, by adding to the stake. "
         "A 3rd card costs at least the initial stake and at most twice it (stake 100: add 100 to "
         "200). A 4th card costs at least the initial stake and at most what was added for the "
         "3rd (3rd bought for 175: the 4th costs 100 to 175). A 5th card likewise costs at most "
         "what was added for the 4th. So a whole stake is at most 7 times the initial one.",
         f"{SEED}, {_TURNS} ('kart satın al'); {R1} [pontoon.buy.limits]",
         house_reading="An ace counts 1 or 11 at the holder's choice, so a hand that can be "
         "counted under 21 (A-5-5 as 11) may still buy or twist, say for a five card trick. A "
         "split hand buys like any hand, its initial stake being the first stake."),
    Rule("pontoon.buy.fifth-card", "pontoon", "Variation: no 5th-card buy on 11 or less",
         "Some play that a player whose four cards total 11 or less may not buy a 5th card, only "
         "twist it (such a hand cannot go bust).",
         f"pagat.com/banking/pontoon.html; {R1} [pontoon.buy.limits]",
         house_reading="The total counts every ace as 1, since the point is that the hand is "
         "sure not to go bust.", option=True),
    Rule("pontoon.twist", "pontoon", "Twisting",
         "With a total under 21 a player may twist: the card is dealt face up and the stake does "
         "not change. A player may buy and then twist, but after the first twist may only twist.",
         f"{SEED}, {_TURNS} ('Büküm'); {R1} [pontoon.twist]"),
    Rule("pontoon.stick", "pontoon", "Sticking",
         "A player may stick, keeping the hand and the stake, with a total of at least 15.",
         f"{SEED}, {_TURNS} ('Sopa'); {R1} [pontoon.stick]",
         house_reading="A hand that counts 21 even with its aces as 1 (or holds five cards) "
         "can take no more cards and stops by itself."),
    Rule("pontoon.stick.sixteen", "pontoon", "Variation: stick on 16",
         "Some play that a player needs at least 16, not 15, to stick.",
         f"{SEED}, {_VARIANTS}; {R1} [pontoon.stick]", option=True),
    Rule("pontoon.bust", "pontoon", "Going bust",
         "A hand over 21 is bust: it is thrown in face up, the banker takes its stake at once and "
         "its cards go to the bottom of the pack.",
         f"{SEED}, {_TURNS} ('Büst'); {R1} [pontoon.bust]",
         house_reading="The bust hand's cards go to the bottom in the order they were dealt, "
         "and can come round again later in the same deal."),
    Rule("pontoon.five-cards", "pontoon", "At most five cards",
         "A hand holds at most five cards. Five cards totalling 21 or less are a five card trick "
         "and take no more cards.",
         f"{SEED}, {_RANK}; {R1} [pontoon.five-cards]"),
    Rule("pontoon.banker-play", "pontoon", "The banker's turn",
         "When every player has played, the banker turns up both cards and may add cards face up, "
         "one at a time, stopping when satisfied, on any total. The banker cannot split or buy.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.banker-play]",
         house_reading="The banker, like a player, may take a card while the hand can be counted "
         "under 21, up to five cards. When every player has gone bust the banker has nothing to "
         "play for and does not turn up."),
    Rule("pontoon.settle", "pontoon", "Settlement",
         "Each player still in is settled against the banker's final hand: a better hand is paid "
         "its whole stake, doubled for a pontoon or a five card trick; an equal or worse hand "
         "pays its stake. The banker's bust, 21 and five card trick are the special cases below.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]",
         house_reading="A hand's stake is its whole stake, bought cards included, and double is "
         "twice that; each split hand is settled on its own."),
    Rule("pontoon.settle.banker-bust", "pontoon", "The banker goes bust",
         "A bust banker pays every player still in an amount equal to the stake, double for a "
         "pontoon or a five card trick.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]"),
    Rule("pontoon.settle.pay-higher", "pontoon", "\"I pay 18\"",
         "A banker who stays on 20 or less with four cards or fewer announces the lowest total "
         "that is paid (on 17: \"I pay 18\"), pays the better hands their stake (double for a "
         "pontoon or five card trick) and collects from equal and lower hands.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]"),
    Rule("pontoon.settle.banker-21", "pontoon", "The banker on 21",
         "A banker with 21 in three or four cards pays only pontoons and five card tricks "
         "(double) and collects the stake from everyone else.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]"),
    Rule("pontoon.settle.banker-five-card-trick", "pontoon", "The banker's five card trick",
         "A banker with a five card trick pays only pontoons (double); every other player, five "
         "card tricks included, pays the banker double the stake.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]",
         house_reading="A player who went bust earlier has already paid the single stake at "
         "once and pays nothing more."),
    Rule("pontoon.next-deal", "pontoon", "The next deal",
         "If nobody made a pontoon, the cards are gathered and put to the bottom of the pack "
         "unshuffled. If there was a pontoon anywhere, the pack is shuffled and cut before the "
         "next deal.",
         f"{SEED}, {_NEW}; {R1} [pontoon.next-deal]",
         house_reading="The cards still out are gathered hand by hand from the dealer's left, "
         "each in the order it was dealt, the banker's last. Any hand that ranks as a pontoon "
         "counts, the banker's included (and a split one while it is paid as a pontoon). A "
         "shuffle is seeded from the game's seed and the deal number, so a game replays exactly."),
    Rule("pontoon.next-banker", "pontoon", "The next banker",
         "A player, not the banker, who made a pontoon without splitting becomes the next banker; "
         "if several did, the first of them to the banker's left. Otherwise the banker keeps the "
         "bank.",
         f"{SEED}, {_NEW}; {R1} [pontoon.next-banker]"),
    Rule("pontoon.next-banker.sell", "pontoon", "Selling the bank",
         "The bank may be sold to another player at any time, for a price the two agree.",
         f"{SEED}, {_NEW} (last paragraph); {R1} [pontoon.next-banker]",
         house_reading="The engine sells the bank between deals: when a deal is over, whoever is "
         "to bank the next deal may sell it, for any agreed price of 0 or more."),
    Rule("pontoon.two-packs", "pontoon", "Variation: two packs",
         "With a large table (8 or more) two 52-card packs are shuffled together.",
         f"pagat.com/banking/pontoon.html; {R1} (Cards)", option=True),
    Rule("pontoon.shoot", "pontoon", "Shoot Pontoon: the kitty",
         "In Shoot Pontoon the banker puts up a kitty of between the minimum and the maximum "
         "stake. Besides their normal stakes, players may make shoot bets against the kitty.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]", option=True),
    Rule("pontoon.shoot.bet", "pontoon", "Shoot bets",
         "After the first-card stakes, each player in turn from the dealer's left may make a shoot "
         "bet, kept apart from the stake. All the shoot bets together may not exceed the kitty: "
         "if the first player shoots the whole kitty, nobody else can shoot.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]",
         house_reading="A shoot bet is any whole amount from 1 up to what the kitty has left "
         "uncovered; a player who does not shoot bets 0."),
    Rule("pontoon.shoot.banker-pontoon", "pontoon", "Shoot bets and a banker's pontoon",
         "If the banker has a pontoon, every shoot bet goes into the kitty, and the normal stakes "
         "pay double as usual.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]"),
    Rule("pontoon.shoot.fourth-card", "pontoon", "A shoot bet before the 4th card",
         "Before taking a 4th card, bought or twisted, a player may make one more shoot bet, "
         "again within what the kitty has left, even without a first one. This is for the 4th "
         "card only.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]",
         house_reading="A player who makes this bet must then take the 4th card: having shot, "
         "the hand may no longer stick."),
    Rule("pontoon.shoot.split", "pontoon", "Shoot bets and splits",
         "After a split the first shoot bet belongs to the first hand only; the second hand may "
         "have its own shoot bet, within the same limit.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]",
         house_reading="The new hand's shoot bet is made as the pair is split, before its "
         "cards are dealt (as the first shoot bet is made before the second card). Each split "
         "hand may also shoot before its own 4th card."),
    Rule("pontoon.shoot.bust", "pontoon", "A bust feeds the kitty",
         "A bust hand's shoot bets go into the kitty at once, which leaves room for more shoot "
         "bets from the players still to play.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]"),
    Rule("pontoon.shoot.settle", "pontoon", "Settling shoot bets",
         "Shoot bets are settled with the stakes, always at 1 to 1: a hand better than the "
         "banker's is paid its shoot bets from the kitty; an equal or worse hand's shoot bets go "
         "into the kitty.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]"),
    Rule("pontoon.shoot.top-up", "pontoon", "Topping up the kitty",
         "Before a new deal the banker may add to the kitty, never take anything out.",
         f"{SEED}, {_SHOOT} (last paragraph); {R1} [pontoon.shoot]",
         house_reading="A top-up is any amount of 1 or more; only a banker keeping the bank tops "
         "up."),
    Rule("pontoon.shoot.dry-kitty", "pontoon", "A dry kitty",
         "If the kitty runs dry, the banker must put up a new kitty or sell the bank before the "
         "next deal.",
         f"{SEED}, {_SHOOT} (last paragraph); {R1} [pontoon.shoot]",
         house_reading="Dry means empty (0). The new kitty is between the minimum and maximum "
         "stake, like the first one."),
    Rule("pontoon.shoot.change-of-bank", "pontoon", "The kitty and a change of bank",
         "When the bank changes hands, the leaving banker takes the kitty and the new banker "
         "puts up a new one.",
         f"{SEED}, {_SHOOT} (last paragraph); {R1} [pontoon.shoot]",
         house_reading="The kitty goes back to the banker who put it up, even when the bank "
         "passes to a pontoon holder who then sells it."),
)


# -- profile --------------------------------------------------------------------------------
@register_profile("pontoon")
@dataclass(frozen=True)
class PontoonRules(Profile):
    """Pontoon house rules; the shipped profiles are in ``conf/``.

    >>> r = load_pontoon("pontoon")
    >>> (r.packs, r.min_stake, r.max_stake, r.min_stick, r.split, r.shoot)
    (1, 10, 100, 15, 'pairs', False)
    >>> r.replace(min_stick=16).min_stick
    16
    """

    packs: int = option(1, "52-card packs used (two for 8 or more at the table)", choices=(1, 2))
    min_stake: int = option(10, "the smallest first stake", low=1, high=1_000_000)
    max_stake: int = option(100, "the largest first stake", low=1, high=1_000_000)
    min_stick: int = option(15, "the lowest total a player may stick on", choices=(15, 16))
    split: str = option("pairs", "'pairs': any two cards of the same rank split; 'aces': only aces",
                        choices=("pairs", "aces"))
    split_pontoon: bool = option(True, "an ace and a ten-card made after a split are paid as a "
                                 "pontoon (they never take the bank)")
    no_fifth_buy_on_11: bool = option(False, "a four-card hand totalling 11 or less may twist but "
                                      "not buy a 5th card")
    shoot: bool = option(False, "Shoot Pontoon: a kitty and shoot bets")

    def __post_init__(self) -> None:
        if self.min_stake > self.max_stake:
            raise ValueError(f"min_stake {self.min_stake} is above max_stake {self.max_stake}")


def load_pontoon(name: str = "pontoon") -> PontoonRules:
    """Load a Pontoon profile by name or path, checking it is one.

    >>> load_pontoon("shoot-pontoon").shoot, load_pontoon("pontoon-stick-16").min_stick
    (True, 16)
    """
    p = load_rules(name)
    if not isinstance(p, PontoonRules):
        raise ValueError(f"profile {name!r} is for {p.game!r}, not Pontoon")
    return p


@cache
def _default_rules() -> PontoonRules:
    return load_pontoon("pontoon")


# -- card values and hand ranks ---------------------------------------------------------------
_POINTS = {r: min(r.pips, 10) for r in Rank}
# The same, keyed by the identity of the (singleton) rank: enum hashing is slow in the hot path.
_PTS = {id(r): p for r, p in _POINTS.items()}
_ACE = Rank.ACE


def card_points(card: Card) -> int:
    """A card's points, counting an ace as 1 [pontoon.hand-value].

    >>> from cardrules.cards import parse_card
    >>> card_points(parse_card("AS")), card_points(parse_card("7D")), card_points(parse_card("QH"))
    (1, 7, 10)
    """
    if not isinstance(card, Card):
        raise TypeError(f"expected a Card, got {card!r}")
    return _POINTS[card.rank]


def _low(cards: Sequence[Card]) -> int:
    pts = _PTS
    return sum([pts[id(c.rank)] for c in cards])


def _best(cards: Sequence[Card]) -> int:
    low = _low(cards)
    if low <= 11:
        for c in cards:
            if c.rank is _ACE:
                return low + 10
    return low


def _pontoon_pair(cards: Sequence[Card]) -> bool:
    return len(cards) == 2 and _PTS[id(cards[0].rank)] + _PTS[id(cards[1].rank)] == 11 and (
        cards[0].rank is _ACE or cards[1].rank is _ACE)


def is_ten_card(card: Card) -> bool:
    """A ten, jack, queen or king.

    >>> from cardrules.cards import parse_card
    >>> is_ten_card(parse_card("10S")), is_ten_card(parse_card("9S"))
    (True, False)
    """
    return card_points(card) == 10


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    out = tuple(cards)
    for c in out:
        if not isinstance(c, Card):
            raise TypeError(f"a hand holds Cards; {c!r} is not one (use parse_cards('AS 10D'))")
    return out


def low_total(cards: Iterable[Card]) -> int:
    """The total with every ace counted as 1 (the "hard" count) [pontoon.hand-value].

    >>> from cardrules.cards import parse_cards
    >>> low_total(parse_cards("AS AD 9C"))
    11
    """
    return _low(_cards(cards))


def hand_value(cards: Iterable[Card]) -> int:
    """A hand's best total: one ace counts 11 if that keeps it at 21 or less [pontoon.hand-value].

    A bust hand's value is its total with every ace as 1 (over 21).

    >>> from cardrules.cards import parse_cards
    >>> hand_value(parse_cards("AS 5D 5C")), hand_value(parse_cards("AS AD 9C")), hand_value(parse_cards("KS QD 5C"))
    (21, 21, 25)
    """
    return _best(_cards(cards))


def is_soft(cards: Iterable[Card]) -> bool:
    """Whether an ace is being counted as 11 in the hand's value.

    >>> from cardrules.cards import parse_cards
    >>> is_soft(parse_cards("AS 6D")), is_soft(parse_cards("AS 6D KC"))
    (True, False)
    """
    cs = _cards(cards)
    return hand_value(cs) != low_total(cs)


def value_text(cards: Iterable[Card]) -> str:
    """A hand's count in words: both counts when an ace could be 1 or 11.

    >>> from cardrules.cards import parse_cards
    >>> value_text(parse_cards("AS 3D")), value_text(parse_cards("9S 5D"))
    ('4 or 14', '14')
    """
    cs = _cards(cards)
    if is_soft(cs):
        return f"{low_total(cs)} or {hand_value(cs)}"
    return str(hand_value(cs))


def is_pontoon(cards: Sequence[Card]) -> bool:
    """An ace and a ten-card as a hand's only two cards.

    >>> from cardrules.cards import parse_cards
    >>> is_pontoon(parse_cards("AS KD")), is_pontoon(parse_cards("AS 5D 5C"))
    (True, False)
    """
    return _pontoon_pair(_cards(cards))


class HandKind(Enum):
    """The classes of hand, from worst to best [pontoon.hands.rank].

    >>> from cardrules.cards import parse_cards
    >>> classify(parse_cards("7S 3D 4H 2C 2S")).kind
    <HandKind.FIVE_CARD_TRICK: 'five card trick'>
    """

    BUST = "bust"
    TOTAL = "total"
    FIVE_CARD_TRICK = "five card trick"
    PONTOON = "pontoon"


_LEVEL = {HandKind.BUST: 0, HandKind.TOTAL: 1, HandKind.FIVE_CARD_TRICK: 2, HandKind.PONTOON: 3}


@dataclass(frozen=True, order=True)
class HandRank:
    """A comparable hand rank [pontoon.hands.rank].

    Ranks compare by class, then (for ordinary totals) by total; every five card
    trick is equal, and so is every bust.

    >>> from cardrules.cards import parse_cards
    >>> classify(parse_cards("2S 3D 4C 2H 5S")) == classify(parse_cards("7S 3D 4C 2H 5S"))
    True
    >>> classify(parse_cards("9S 8D 4C")) > classify(parse_cards("KS QD"))
    True
    """

    level: int
    points: int
    kind: HandKind = field(compare=False)
    total: int = field(compare=False)
    size: int = field(compare=False)

    @property
    def pays_double(self) -> bool:
        """A pontoon or a five card trick: paid double when it wins.

        >>> from cardrules.cards import parse_cards
        >>> classify(parse_cards("AS KD")).pays_double, classify(parse_cards("7S 7D 7C")).pays_double
        (True, False)
        """
        return self.kind in (HandKind.PONTOON, HandKind.FIVE_CARD_TRICK)

    @property
    def is_bust(self) -> bool:
        """Over 21.

        >>> from cardrules.cards import parse_cards
        >>> classify(parse_cards("KS QD 2C")).is_bust
        True
        """
        return self.kind is HandKind.BUST

    def __str__(self) -> str:
        if self.kind is HandKind.PONTOON:
            return "pontoon"
        if self.kind is HandKind.FIVE_CARD_TRICK:
            return f"five card trick ({self.total})"
        if self.kind is HandKind.BUST:
            return f"bust ({self.total})"
        if self.total == 21:
            return f"21 in {self.size} cards"
        return str(self.total)


def classify(cards: Sequence[Card], *, from_split: bool = False,
             rules: PontoonRules | None = None) -> HandRank:
    """The rank of a hand of 1 to 5 cards [pontoon.hands.rank].

    ``from_split`` marks a hand made by splitting: its ace and ten-card are a
    pontoon only while the profile's ``split_pontoon`` option is on (the default).

    >>> from cardrules.cards import parse_cards
    >>> str(classify(parse_cards("AS 10D"))), str(classify(parse_cards("9S 9D 5C")))
    ('pontoon', 'bust (23)')
    >>> strict = load_pontoon().replace(split_pontoon=False)
    >>> str(classify(parse_cards("AS 10D"), from_split=True, rules=strict))
    '21 in 2 cards'
    """
    cs = _cards(cards)
    if not 1 <= len(cs) <= 5:
        raise ValueError(f"a Pontoon hand holds 1 to 5 cards, not {len(cs)}")
    return _classify(cs, from_split, rules)


def _classify(cs: Sequence[Card], from_split: bool, rules: PontoonRules | None) -> HandRank:
    low = _low(cs)
    if low > 21:
        return HandRank(0, 0, HandKind.BUST, low, len(cs))
    if _pontoon_pair(cs) and (not from_split or (rules or _default_rules()).split_pontoon):
        return HandRank(3, 0, HandKind.PONTOON, 21, 2)
    total = _best(cs)
    if len(cs) == 5:
        return HandRank(2, 0, HandKind.FIVE_CARD_TRICK, total, 5)
    return HandRank(1, total, HandKind.TOTAL, total, len(cs))


def pontoon_probability(packs: int = 1) -> Fraction:
    """The exact chance that two cards from a full pack are a pontoon.

    Every ordered pair of different cards is counted, so this is the chance for
    any one hand's first two cards.

    >>> pontoon_probability(1), pontoon_probability(2)
    (Fraction(32, 663), Fraction(64, 1339))
    """
    if packs not in (1, 2) or isinstance(packs, bool):
        raise ValueError(f"Pontoon uses 1 or 2 packs, not {packs!r}")
    return _pontoon_probability(packs)


@cache
def _pontoon_probability(packs: int) -> Fraction:
    pack = shoe(packs)
    hits = sum(1 for i, a in enumerate(pack) for j, b in enumerate(pack)
               if i != j and is_pontoon((a, b)))
    n = len(pack)
    return Fraction(hits, n * (n - 1))


# -- buying -----------------------------------------------------------------------------------
def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a whole number of chips, got {value!r}")
    return value


def buy_range(initial_stake: int, added_so_far: Sequence[int] = ()) -> tuple[int, int]:
    """What may be added to the stake to buy the next card [pontoon.buy.limits].

    ``added_so_far`` lists what was added for each card bought so far (the 3rd,
    then the 4th).  A 3rd card costs from the initial stake to twice it; a later
    card from the initial stake to what was added for the card before.

    >>> buy_range(100, ())
    (100, 200)
    >>> buy_range(100, [175])
    (100, 175)
    >>> buy_range(100, [250])
    Traceback (most recent call last):
    ...
    ValueError: the 3rd card was bought for 250, but a 3rd card costs between your initial stake, 100, and twice it, 200
    """
    s = _whole(initial_stake, "the initial stake")
    if s < 1:
        raise ValueError(f"the initial stake must be at least 1, got {s}")
    if isinstance(added_so_far, (str, bytes)) or not isinstance(added_so_far, Sequence):
        raise TypeError("added_so_far lists what was added for each card bought so far, e.g. "
                        f"(175,) or (); got {added_so_far!r}")
    low, high = s, 2 * s
    for i, a in enumerate(added_so_far):
        a = _whole(a, "an amount added")
        if not low <= a <= high:
            raise ValueError(f"the {_ordinal(i + 3)} card was bought for {a}, but "
                             + _range_words(i + 3, s, high, added_so_far[i - 1] if i else None))
        high = a
    if len(added_so_far) >= 3:
        raise ValueError("the 3rd, 4th and 5th cards are already bought: a hand holds at most "
                         "five cards")
    return low, high


def buy_range_text(initial_stake: int, added_so_far: Sequence[int] = ()) -> str:
    """The buying rule for the next card, in words, with the numbers of the case.

    >>> buy_range_text(100, (175,))
    'A 4th card costs between your initial stake, 100, and what you paid for the 3rd, 175.'
    """
    low, high = buy_range(initial_stake, added_so_far)
    words = _range_words(len(added_so_far) + 3, low, high,
                         added_so_far[-1] if added_so_far else None)
    return words[0].upper() + words[1:] + "."


def _range_words(card_no: int, stake: int, high: int, previous: int | None) -> str:
    if card_no == 3 or previous is None:
        return (f"a {_ordinal(card_no)} card costs between your initial stake, {stake}, and "
                f"twice it, {high}")
    return (f"a {_ordinal(card_no)} card costs between your initial stake, {stake}, and what you "
            f"paid for the {_ordinal(card_no - 1)}, {previous}")


# -- the deal as a state ----------------------------------------------------------------------
class Phase(Enum):
    """Where the deal is.

    >>> new_deal(load_pontoon(), ["Ann", "Ben"], seed=1).phase
    <Phase.STAKES: 'stakes'>
    """

    STAKES = "stakes"
    SHOOT = "shoot bets"
    PLAYERS = "players' turns"
    BANKER = "banker's turn"
    OVER = "over"


class HandStatus(Enum):
    """Where one hand is.

    >>> new_deal(load_pontoon(), ["Ann", "Ben"], seed=1).players[0].hands[0].status
    <HandStatus.PLAYING: 'playing'>
    """

    PLAYING = "playing"
    STUCK = "stuck"
    DECLARED = "pontoon declared"
    FIVE = "five cards"
    BUST = "bust"


@dataclass(frozen=True)
class Hand:
    """One hand of a player: its cards, stake and shoot bets.

    ``stake`` is the initial stake (0 before staking), ``buys`` what was added for
    each bought card, ``face_up`` the positions shown face up.

    >>> from cardrules.cards import parse_cards
    >>> h = Hand(parse_cards("2S 3D 9C"), stake=20, buys=(30,), shoot=5, shoot4=10)
    >>> h.total_stake, h.shoot_total, h.value, str(h.rank()), h.is_live, sorted(h.face_down)
    (50, 15, 14, '14', True, [0, 1, 2])
    >>> Hand(parse_cards("AS KD")).is_pontoon_hand(load_pontoon())
    True
    """

    cards: tuple[Card, ...]
    stake: int = 0
    buys: tuple[int, ...] = ()
    twisted: bool = False
    from_split: bool = False
    face_up: frozenset[int] = frozenset()
    shoot: int = 0
    shoot4: int = 0
    status: HandStatus = HandStatus.PLAYING

    @property
    def total_stake(self) -> int:
        """The whole stake: the initial stake and everything added to buy cards."""
        return self.stake + sum(self.buys)

    @property
    def shoot_total(self) -> int:
        """The hand's shoot bets together."""
        return self.shoot + self.shoot4

    @property
    def value(self) -> int:
        """The hand's best total."""
        return hand_value(self.cards)

    def rank(self, rules: PontoonRules | None = None) -> HandRank:
        """The hand's rank."""
        return _classify(self.cards, self.from_split, rules)

    def is_pontoon_hand(self, rules: PontoonRules) -> bool:
        """Whether the hand ranks as a pontoon under ``rules``."""
        return _pontoon_pair(self.cards) and (not self.from_split or rules.split_pontoon)

    @property
    def is_live(self) -> bool:
        """Not bust."""
        return self.status is not HandStatus.BUST

    @property
    def face_down(self) -> frozenset[int]:
        """The positions dealt face down and not yet shown."""
        return frozenset(i for i in range(len(self.cards)) if i not in self.face_up)


@dataclass(frozen=True)
class Player:
    """A player at the table and the hands he holds (more than one after a split).

    >>> [p.name for p in new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1).players]
    ['Ben', 'Cleo']
    """

    name: str
    hands: tuple[Hand, ...]


@dataclass(frozen=True)
class Payment:
    """One transfer: who paid whom, how much, and by which rule.

    >>> str(Payment("Ann", "Ben", 20, "pontoon.ties", "18 against 18."))
    'Ann pays Ben 20: 18 against 18. [pontoon.ties]'
    """

    payer: str
    payee: str
    amount: int
    rule_id: str
    reason: str

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}: {self.reason} [{self.rule_id}]"


@dataclass(frozen=True)
class DealState:
    """An immutable deal in progress.

    ``seats`` are the people at the table, clockwise; ``players`` are the
    non-bankers in the order they play (from the banker's left).  ``pack`` is the
    rest of the pack, top first; cards thrown in go to its end (the bottom).
    ``payments`` lists every transfer of the deal so far, and ``kitty`` is what
    the kitty holds now (Shoot Pontoon).

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=1)
    >>> s.is_over, s.current_player.name, len(s.current_hand.cards)
    (False, 'Ben', 1)
    """

    rules: PontoonRules
    seats: tuple[str, ...]
    banker: str
    players: tuple[Player, ...]
    banker_cards: tuple[Card, ...]
    pack: tuple[Card, ...]
    phase: Phase
    turn: int = 0
    hand_index: int = 0
    kitty: int = 0
    payments: tuple[Payment, ...] = ()
    log: tuple[tuple[str, str], ...] = ()
    deal_number: int = 1
    seed: str = ""
    next_banker: str | None = None
    shuffle_next: bool = False
    announcement: str = ""
    banker_shown: bool = False

    @property
    def is_over(self) -> bool:
        """Whether the deal has been settled."""
        return self.phase is Phase.OVER

    @property
    def current_player(self) -> Player | None:
        """The player to act (stakes, shoot bets or turn), or None."""
        if self.phase in (Phase.STAKES, Phase.SHOOT, Phase.PLAYERS):
            return self.players[self.turn]
        return None

    @property
    def current_hand(self) -> Hand | None:
        """The hand to act on, or None."""
        p = self.current_player
        if p is None:
            return None
        return p.hands[self.hand_index if self.phase is Phase.PLAYERS else 0]


def _check_seats(seats: Sequence[str], banker: str | None) -> tuple[tuple[str, ...], str]:
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise TypeError(f"seats is a list of names, clockwise round the table; got {seats!r}")
    names = tuple(seats)
    if not 2 <= len(names) <= 8:
        raise IllegalAction("pontoon.deal", f"Pontoon is for 2 to 8 at the table (a banker and 1 "
                            f"to 7 players); {len(names)} were given.")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise ValueError(f"each seat needs a name, got {n!r}")
        if n == KITTY:
            raise ValueError(f"{KITTY!r} is the name of the Shoot Pontoon kitty; choose another name")
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"the names at the table must differ; repeated: {', '.join(dup)}")
    b = names[0] if banker is None else banker
    if b not in names:
        raise ValueError(f"the banker {b!r} is not at the table; seats: {', '.join(names)}")
    return names, b


def play_order(seats: Sequence[str], banker: str) -> tuple[str, ...]:
    """The players in the order they play: clockwise from the banker's left.

    >>> play_order(["Ann", "Ben", "Cleo", "Dev"], "Cleo")
    ('Dev', 'Ann', 'Ben')
    """
    i = list(seats).index(banker)
    return tuple(seats[i + 1:]) + tuple(seats[:i])


def full_pack(packs: int = 1) -> tuple[Card, ...]:
    """The cards of ``packs`` 52-card packs, in a fixed order.

    >>> len(full_pack(2))
    104
    """
    return _full_pack(packs)


@cache
def _full_pack(packs: int) -> tuple[Card, ...]:
    return shoe(packs)


def _check_pack(pack: Sequence[Card], packs: int) -> tuple[Card, ...]:
    cards = _cards(pack)
    want = Counter(full_pack(packs))
    have = Counter(cards)
    if have != want:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        parts = []
        if missing:
            parts.append(f"missing {cards_text(missing[:6])}{' ...' if len(missing) > 6 else ''}")
        if extra:
            parts.append(f"extra {cards_text(extra[:6])}{' ...' if len(extra) > 6 else ''}")
        raise ValueError(f"the pack must be exactly {packs} full 52-card pack"
                         f"{'s' if packs > 1 else ''} ({52 * packs} cards, got {len(cards)}): "
                         + "; ".join(parts))
    return cards


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
    hands = [_cards(h) for h in player_cards]
    bank = _cards(banker_cards)
    if any(len(h) != 2 for h in hands) or len(bank) != 2:
        raise ValueError("give exactly two cards for each player and two for the banker")
    top = [h[0] for h in hands] + [bank[0]] + [h[1] for h in hands] + [bank[1]] + list(_cards(then))
    left = Counter(full_pack(packs))
    for c in top:
        if left[c] == 0:
            raise ValueError(f"{c} is used more often than {packs} pack{'s' if packs > 1 else ''} "
                             "hold")
        left[c] -= 1
    rest = []
    for c in full_pack(packs):
        if left[c] > 0:
            left[c] -= 1
            rest.append(c)
    if rng is not None:
        rest = list(rng.shuffled(rest))
    return tuple(top + rest)


def new_deal(rules: PontoonRules | None = None, seats: Sequence[str] = ("Banker", "Player"),
             banker: str | None = None, *, pack: Sequence[Card] | None = None,
             seed: int | str | None = None, kitty: int | None = None) -> DealState:
    """Start a deal [pontoon.deal]: the first card goes face down to each player from
    the banker's left, and to the banker last (who may not look at it).

    ``seats`` are the names at the table, clockwise; ``banker`` one of them
    (default the first).  The pack is ``pack`` (a full pack, top first) or one
    shuffled from ``seed``.  In Shoot Pontoon the banker puts up a ``kitty``
    between the minimum and maximum stake (default the maximum).

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], banker="Ben", seed=7)
    >>> [p.name for p in s.players], s.phase.value, len(s.pack)
    (['Cleo', 'Ann'], 'stakes', 49)
    """
    rules = rules or _default_rules()
    if not isinstance(rules, PontoonRules):
        raise TypeError(f"rules must be a Pontoon profile (load_pontoon()), got {type(rules).__name__}")
    names, b = _check_seats(seats, banker)
    if pack is None:
        if seed is None:
            raise ValueError("give the pack (a full pack, top first) or a seed to shuffle one")
        cards = Rng(seed).shuffled(full_pack(rules.packs))
        seed_text = str(seed)
    else:
        cards = _check_pack(pack, rules.packs)
        seed_text = "" if seed is None else str(seed)
    payments: tuple[Payment, ...] = ()
    pot = 0
    log: tuple[tuple[str, str], ...] = ()
    if rules.shoot:
        pot = rules.max_stake if kitty is None else kitty
        _check_kitty(rules, pot, b)
        payments = (Payment(b, KITTY, pot, "pontoon.shoot", f"{b} puts up the kitty."),)
        log = (("pontoon.shoot", f"{b} puts up a kitty of {pot}."),)
    elif kitty is not None:
        raise IllegalAction("pontoon.shoot", "This table plays plain Pontoon: there is no kitty.")
    return _start_deal(rules, names, b, cards, pot, payments, log, 1, seed_text)


def _check_kitty(rules: PontoonRules, amount: object, banker: str) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError(f"the kitty is a whole number of chips, got {amount!r}")
    if not rules.min_stake <= amount <= rules.max_stake:
        raise IllegalAction("pontoon.shoot", f"{banker}'s kitty must be between the minimum "
                            f"stake, {rules.min_stake}, and the maximum, {rules.max_stake}; "
                            f"{amount} is not.")


def _start_deal(rules: PontoonRules, seats: tuple[str, ...], banker: str, pack: tuple[Card, ...],
                kitty: int, payments: tuple[Payment, ...], log: tuple[tuple[str, str], ...],
                deal_number: int, seed: str) -> DealState:
    order = play_order(seats, banker)
    n = len(order)
    players = tuple(Player(name, (Hand((pack[i],)),)) for i, name in enumerate(order))
    text = (f"Deal {deal_number}: {banker} deals one card face down to each player from his left "
            f"({', '.join(order)}) and one to himself, which he may not look at.")
    return DealState(rules, seats, banker, players, (pack[n],), pack[n + 1:], Phase.STAKES,
                     kitty=kitty, payments=payments, log=(*log, ("pontoon.deal", text)),
                     deal_number=deal_number, seed=seed)


def banker_view(state: DealState) -> tuple[Card | None, ...]:
    """The banker's cards as the banker may see them: not the first card until the
    second is dealt [pontoon.deal].

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=2)
    >>> banker_view(s)
    (None,)
    """
    if state.phase in (Phase.STAKES, Phase.SHOOT):
        return (None,) * len(state.banker_cards)
    return state.banker_cards


# -- actions ----------------------------------------------------------------------------------
def _amount(value: object, cls: str, name: str = "amount") -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{cls}.{name} must be a whole number of chips, got {value!r}")


@dataclass(frozen=True)
class Stake:
    """The current player stakes ``amount`` on his first card.

    >>> Stake(20)
    Stake(amount=20)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Stake")


@dataclass(frozen=True)
class Shoot:
    """A shoot bet of ``amount`` (Shoot Pontoon): in the round after the stakes
    (0 means no shoot bet), or before the current hand's 4th card.

    >>> Shoot(0)
    Shoot(amount=0)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Shoot")


@dataclass(frozen=True)
class Declare:
    """Declare a pontoon: the ace goes face up on the ten-card.

    >>> Declare()
    Declare()
    """


@dataclass(frozen=True)
class Split:
    """Split a pair into two hands; in Shoot Pontoon ``shoot`` is the new hand's
    own shoot bet (0 for none).

    >>> Split(), Split(shoot=15)
    (Split(shoot=0), Split(shoot=15))
    """

    shoot: int = 0

    def __post_init__(self) -> None:
        _amount(self.shoot, "Split", "shoot")


@dataclass(frozen=True)
class Buy:
    """Buy a card (face down), adding ``amount`` to the stake.

    >>> Buy("10")
    Traceback (most recent call last):
    ...
    TypeError: Buy.amount must be a whole number of chips, got '10'
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "Buy")


@dataclass(frozen=True)
class Twist:
    """Twist: a card face up, the stake unchanged.

    >>> Twist() == Twist()
    True
    """


@dataclass(frozen=True)
class Stick:
    """Stick: keep the hand as it is.

    >>> Stick()
    Stick()
    """


@dataclass(frozen=True)
class BankerDraw:
    """The banker adds a card face up to his hand.

    >>> BankerDraw()
    BankerDraw()
    """


@dataclass(frozen=True)
class BankerStay:
    """The banker stops and settles with the hand he holds.

    >>> BankerStay()
    BankerStay()
    """


@dataclass(frozen=True)
class TopUp:
    """Between deals, the banker adds ``amount`` to the kitty (Shoot Pontoon).

    >>> TopUp(25)
    TopUp(amount=25)
    """

    amount: int

    def __post_init__(self) -> None:
        _amount(self.amount, "TopUp")


@dataclass(frozen=True)
class SellBank:
    """Between deals, whoever is to bank next sells the bank to ``buyer`` for ``price``.

    >>> SellBank("Ann", 50)
    SellBank(buyer='Ann', price=50)
    """

    buyer: str
    price: int

    def __post_init__(self) -> None:
        if not isinstance(self.buyer, str):
            raise TypeError(f"SellBank.buyer is a player's name, got {self.buyer!r}")
        _amount(self.price, "SellBank", "price")


@dataclass(frozen=True)
class NextDeal:
    """Gather the cards and start the next deal; ``kitty`` is a new banker's kitty.

    >>> NextDeal(), NextDeal(kitty=60)
    (NextDeal(kitty=None), NextDeal(kitty=60))
    """

    kitty: int | None = None

    def __post_init__(self) -> None:
        if self.kitty is not None:
            _amount(self.kitty, "NextDeal", "kitty")


Action = (Stake | Shoot | Declare | Split | Buy | Twist | Stick | BankerDraw | BankerStay | TopUp
          | SellBank | NextDeal)
ACTION_TYPES: tuple[type, ...] = (Stake, Shoot, Declare, Split, Buy, Twist, Stick, BankerDraw,
                                  BankerStay, TopUp, SellBank, NextDeal)
_PLAYER_MOVES = (Declare, Split, Buy, Twist, Stick)
_BANKER_MOVES = (BankerDraw, BankerStay)
_BETWEEN = (TopUp, SellBank, NextDeal)


# -- helpers on the current hand --------------------------------------------------------------
def shoot_room(state: DealState) -> int:
    """What the kitty has left uncovered: the kitty less every live shoot bet
    [pontoon.shoot.bet].

    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben", "Cleo"], seed=1, kitty=80)
    >>> s = apply(apply(apply(s, Stake(10)), Stake(20)), Shoot(50))
    >>> shoot_room(s)
    30
    """
    if not state.rules.shoot or state.phase is Phase.OVER:
        return 0
    live = sum(h.shoot_total for p in state.players for h in p.hands if h.is_live)
    return state.kitty - live


def _hand_text(h: Hand) -> str:
    return f"{cards_text(h.cards)}, {value_text(h.cards)}"


def _who(state: DealState) -> str:
    p = state.current_player
    if p is None:
        return state.banker
    if len(p.hands) > 1 and state.phase is Phase.PLAYERS:
        return f"{p.name} (hand {state.hand_index + 1})"
    return p.name


def _not_turn(state: DealState, action: object) -> IllegalAction | None:
    """The refusal for an action made in the wrong phase, or None."""
    ph = state.phase
    name = state.current_player.name if state.current_player else state.banker
    if isinstance(action, _BETWEEN):
        if ph is not Phase.OVER:
            rid = {TopUp: "pontoon.shoot.top-up", SellBank: "pontoon.next-banker.sell",
                   NextDeal: "pontoon.next-deal"}[type(action)]
            return IllegalAction(rid, "That is done between deals; this deal is not over yet "
                                 f"({ph.value}, {name} to act).")
        return None
    if ph is Phase.OVER:
        return IllegalAction("pontoon.next-deal", "The deal is over and settled: the next move is "
                             "the next deal (or, first, selling the bank or topping up the kitty).")
    if isinstance(action, Stake):
        if ph is Phase.STAKES:
            return None
        return IllegalAction("pontoon.stakes", "Stakes are placed on the first card, before the "
                             "second is dealt; to add to a stake now, buy a card.")
    if isinstance(action, Shoot):
        if ph is Phase.SHOOT or ph is Phase.PLAYERS:
            return None
        if ph is Phase.STAKES:
            return IllegalAction("pontoon.shoot.bet", "Shoot bets come after every player has "
                                 f"staked; {name} is still to stake.")
        return IllegalAction("pontoon.shoot.fourth-card", "The players have all played: no more "
                             "shoot bets this deal.")
    if ph is Phase.STAKES:
        return IllegalAction("pontoon.stakes", f"The players are staking on their first card; "
                             f"{name} stakes next, between {state.rules.min_stake} and "
                             f"{state.rules.max_stake}.")
    if ph is Phase.SHOOT:
        return IllegalAction("pontoon.shoot.bet", "The shoot bets are being made before the "
                             f"second card: {name} may shoot up to {shoot_room(state)}, or 0 for "
                             "none.")
    if ph is Phase.PLAYERS and isinstance(action, _BANKER_MOVES):
        return IllegalAction("pontoon.banker-play", f"The banker plays after all the players; "
                             f"{name} is still to play.")
    if ph is Phase.BANKER and isinstance(action, _PLAYER_MOVES):
        return IllegalAction("pontoon.banker-play", "Every player has played; it is the banker's "
                             "turn, and the banker may only draw a card or stay: he cannot "
                             "split, buy or declare.")
    return None


def _turn_hand(state: DealState, action: object) -> Hand:
    err = _not_turn(state, action)
    if err is not None:
        raise err
    h = state.current_hand
    assert h is not None
    return h


def _pontoon_first(state: DealState, h: Hand) -> None:
    if h.status is HandStatus.PLAYING and h.is_pontoon_hand(state.rules):
        raise IllegalAction("pontoon.declare", f"{_who(state)} holds a pontoon "
                            f"({cards_text(h.cards)}): declare it by turning the ace face up; a "
                            "pontoon takes no more cards.")


def _card_needed(state: DealState, h: Hand, verb: str) -> None:
    """Checks common to buying and twisting a card."""
    _pontoon_first(state, h)
    low = _low(h.cards)
    if len(h.cards) >= 5:
        raise IllegalAction("pontoon.five-cards", f"A hand holds at most five cards; {_who(state)} "
                            f"has five ({_hand_text(h)}) and cannot {verb}.")
    if low >= 21:
        raise IllegalAction("pontoon.twist" if verb == "twist" else "pontoon.buy.limits",
                            f"You may {verb} only with a total under 21; {_who(state)}'s hand "
                            f"counts {low} even with every ace as 1.")
    if not state.pack:
        raise IllegalAction("pontoon.deal", "The pack has run out (every card is in a hand): "
                            "nobody can take a card, so stick.")


# -- verify / can, one pair per action --------------------------------------------------------
def verify_stake(state: DealState, amount: int) -> None:
    """Raise :class:`IllegalAction` unless the current player may stake ``amount``
    [pontoon.stakes].

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> verify_stake(s, 5)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Ben's stake must be between the agreed minimum, 10, and maximum, 100; 5 is too little. [rule pontoon.stakes]
    """
    err = _not_turn(state, Stake(0))
    if err is not None:
        raise err
    r = state.rules
    name = _who(state)
    if amount < r.min_stake or amount > r.max_stake:
        word = "too little" if amount < r.min_stake else "too much"
        raise IllegalAction("pontoon.stakes", f"{name}'s stake must be between the agreed minimum, "
                            f"{r.min_stake}, and maximum, {r.max_stake}; {amount} is {word}.")


def can_stake(state: DealState, amount: int) -> bool:
    """Whether the current player may stake ``amount``.

    >>> can_stake(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), 10)
    True
    """
    return _can(verify_stake, state, amount)


def verify_shoot(state: DealState, amount: int) -> None:
    """Raise unless a shoot bet of ``amount`` is allowed now [pontoon.shoot.bet]
    [pontoon.shoot.fourth-card].

    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben", "Cleo"], seed=1, kitty=50)
    >>> s = apply(apply(apply(s, Stake(10)), Stake(10)), Shoot(40))
    >>> verify_shoot(s, 20)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: All the shoot bets together may not exceed the kitty of 50; 40 is already bet, so Cleo may shoot at most 10, not 20. [rule pontoon.shoot.bet]
    """
    r = state.rules
    if not r.shoot:
        raise IllegalAction("pontoon.shoot", "Shoot bets belong to Shoot Pontoon; this table "
                            "plays plain Pontoon.")
    err = _not_turn(state, Shoot(0))
    if err is not None:
        raise err
    room = shoot_room(state)
    kitty = state.kitty
    name = _who(state)
    if state.phase is Phase.SHOOT:
        if amount < 0 or amount > room:
            raise IllegalAction("pontoon.shoot.bet", _shoot_limit_text(kitty, room, name, amount))
        return
    h = state.current_hand
    assert h is not None
    _pontoon_first(state, h)
    if len(h.cards) != 3:
        raise IllegalAction("pontoon.shoot.fourth-card", "During the turns a shoot bet is allowed "
                            f"only just before the 4th card; {name} holds {len(h.cards)} cards.")
    if h.shoot4:
        raise IllegalAction("pontoon.shoot.fourth-card", f"{name} has already made a shoot bet of "
                            f"{h.shoot4} for the 4th card: one more shoot bet is the limit.")
    if amount < 1:
        raise IllegalAction("pontoon.shoot.fourth-card", "A shoot bet before the 4th card is at "
                            f"least 1; to make none, just buy or twist (you offered {amount}).")
    _card_needed(state, h, "take a 4th card")
    if amount > room:
        raise IllegalAction("pontoon.shoot.fourth-card", _shoot_limit_text(kitty, room, name, amount))


def _shoot_limit_text(kitty: int, room: int, name: str, amount: int) -> str:
    if amount < 0:
        return f"A shoot bet is 0 (none) or more; {amount} is not a bet."
    return (f"All the shoot bets together may not exceed the kitty of {kitty}; {kitty - room} is "
            f"already bet, so {name} may shoot at most {room}, not {amount}.")


def can_shoot(state: DealState, amount: int) -> bool:
    """Whether a shoot bet of ``amount`` is allowed now.

    >>> can_shoot(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), 5)
    False
    """
    return _can(verify_shoot, state, amount)


def verify_declare(state: DealState) -> None:
    """Raise unless the current hand is a pontoon to declare [pontoon.declare].

    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("9S 9D")], parse_cards("2C 3C")))
    >>> verify_declare(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only a pontoon (an ace and a ten-card as the first two cards) is declared; Al has 9♠ 9♦, 18. [rule pontoon.declare]
    """
    h = _turn_hand(state, Declare())
    if h.status is not HandStatus.PLAYING or h.rank(state.rules).kind is not HandKind.PONTOON:
        extra = ""
        if is_pontoon(h.cards) and h.from_split:
            extra = (" (an ace and a ten-card made after a split count only as 21 under these "
                     "rules)")
        raise IllegalAction("pontoon.declare", "Only a pontoon (an ace and a ten-card as the first "
                            f"two cards) is declared; {_who(state)} has {_hand_text(h)}{extra}.")


def can_declare(state: DealState) -> bool:
    """Whether the current hand may (and must) declare a pontoon.

    >>> can_declare(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return _can(verify_declare, state)


def verify_split(state: DealState, shoot: int = 0) -> None:
    """Raise unless the current hand may be split [pontoon.split].

    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("KS JD")], parse_cards("2C 3C")))
    >>> verify_split(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only two cards of the same rank may be split: K♠ and J♦ both count 10, but a king and a jack are different ranks. [rule pontoon.split]
    """
    h = _turn_hand(state, Split())
    _pontoon_first(state, h)
    p = state.current_player
    assert p is not None
    name = _who(state)
    if len(h.cards) != 2:
        raise IllegalAction("pontoon.split", "Only a hand's first two cards may be split; "
                            f"{name} holds {len(h.cards)} cards.")
    a, b = h.cards
    if a.rank is not b.rank:
        if is_ten_card(a) and is_ten_card(b):
            raise IllegalAction("pontoon.split", f"Only two cards of the same rank may be split: "
                                f"{a} and {b} both count 10, but {_a(a)} and {_a(b)} are different "
                                "ranks.")
        raise IllegalAction("pontoon.split", f"Only two cards of the same rank may be split; {a} "
                            f"and {b} are not a pair.")
    if state.rules.split == "aces" and a.rank is not Rank.ACE:
        raise IllegalAction("pontoon.split.aces-only", "Under these house rules only aces may be "
                            f"split, not {a.rank.plural}.")
    if len(p.hands) >= 4:
        raise IllegalAction("pontoon.split", f"{p.name} already holds four hands, the most a "
                            "player may split into.")
    if len(state.pack) < 2:
        raise IllegalAction("pontoon.deal", "The pack has run out: there are not two cards left to "
                            "deal to the split hands.")
    if shoot:
        if not state.rules.shoot:
            raise IllegalAction("pontoon.shoot", "Shoot bets belong to Shoot Pontoon; this table "
                                "plays plain Pontoon.")
        room = shoot_room(state)
        if shoot < 0 or shoot > room:
            raise IllegalAction("pontoon.shoot.split", "The new hand's shoot bet is 0 or more and "
                                "within the kitty: " + _shoot_limit_text(state.kitty, room, name,
                                                                         shoot))


def _a(card: Card) -> str:
    w = card.rank.word
    return ("an " if w[0] in "aeiou" else "a ") + w


def can_split(state: DealState, shoot: int = 0) -> bool:
    """Whether the current hand may be split.

    >>> can_split(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return _can(verify_split, state, shoot)


def verify_buy(state: DealState, amount: int) -> None:
    """Raise unless the current hand may buy a card for ``amount`` [pontoon.buy.limits].

    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("4S 3D")], parse_cards("2C 3C"), parse_cards("2S 5D"))
    >>> s = apply(apply(new_deal(load_pontoon(), ["Bo", "Al"], pack=pack), Stake(100)), Buy(175))
    >>> verify_buy(s, 180)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: A 4th card costs between your initial stake, 100, and what you paid for the 3rd, 175; Al offered 180. [rule pontoon.buy.limits]
    """
    h = _turn_hand(state, Buy(0))
    _card_needed(state, h, "buy")
    if h.twisted:
        raise IllegalAction("pontoon.twist", f"{_who(state)} has twisted, and after a twist a player may "
                            f"only twist, not buy ({_hand_text(h)}).")
    if (state.rules.no_fifth_buy_on_11 and len(h.cards) == 4 and _low(h.cards) <= 11):
        raise IllegalAction("pontoon.buy.fifth-card", f"Four cards totalling {_low(h.cards)} "
                            "(11 or less) cannot go bust: under these house rules the 5th card "
                            "may be twisted but not bought.")
    low, high = h.stake, (h.buys[-1] if h.buys else 2 * h.stake)  # buy_range, for a valid hand
    if not low <= amount <= high:
        n = len(h.cards) + 1
        words = _range_words(n, h.stake, high, h.buys[-1] if h.buys else None)
        raise IllegalAction("pontoon.buy.limits", f"{words[0].upper()}{words[1:]}; "
                            f"{_who(state)} offered {amount}.")


def can_buy(state: DealState, amount: int) -> bool:
    """Whether the current hand may buy a card for ``amount``.

    >>> can_buy(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), 10)
    False
    """
    return _can(verify_buy, state, amount)


def verify_twist(state: DealState) -> None:
    """Raise unless the current hand may twist [pontoon.twist].

    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("AS KD")], parse_cards("2C 3C")))
    >>> verify_twist(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Al holds a pontoon (A♠ K♦): declare it by turning the ace face up; a pontoon takes no more cards. [rule pontoon.declare]
    """
    h = _turn_hand(state, Twist())
    _card_needed(state, h, "twist")


def can_twist(state: DealState) -> bool:
    """Whether the current hand may twist.

    >>> can_twist(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return _can(verify_twist, state)


def verify_stick(state: DealState) -> None:
    """Raise unless the current hand may stick [pontoon.stick].

    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("7S 7D")], parse_cards("2C 3C")))
    >>> verify_stick(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You may stick only with a total of 15 or more; Al's hand (7♠ 7♦) counts 14, so buy or twist. [rule pontoon.stick]
    """
    h = _turn_hand(state, Stick())
    _pontoon_first(state, h)
    if h.shoot4 and len(h.cards) == 3:
        raise IllegalAction("pontoon.shoot.fourth-card", f"{_who(state)} made a shoot bet for the "
                            "4th card, so must now take it: buy or twist.")
    need = state.rules.min_stick
    v = _best(h.cards)
    if v < need and state.pack:
        rid = "pontoon.stick.sixteen" if need == 16 and v == 15 else "pontoon.stick"
        raise IllegalAction(rid, f"You may stick only with a total of {need} or more; "
                            f"{_who(state)}'s hand ({cards_text(h.cards)}) counts {value_text(h.cards)}, "
                            "so buy or twist.")


def can_stick(state: DealState) -> bool:
    """Whether the current hand may stick.

    >>> can_stick(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return _can(verify_stick, state)


def verify_banker_draw(state: DealState) -> None:
    """Raise unless the banker may add a card [pontoon.banker-play].

    >>> verify_banker_draw(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The players are staking on their first card; Ben stakes next, between 10 and 100. [rule pontoon.stakes]
    """
    err = _not_turn(state, BankerDraw())
    if err is not None:
        raise err
    cards = state.banker_cards
    if len(cards) >= 5:
        raise IllegalAction("pontoon.five-cards", "The banker holds five cards, the most a hand "
                            "may hold.")
    if _low(cards) >= 21:
        raise IllegalAction("pontoon.banker-play", f"The banker's hand counts {low_total(cards)} "
                            "even with every ace as 1: no more cards.")
    if not state.pack:
        raise IllegalAction("pontoon.deal", "The pack has run out: the banker must stay.")


def can_banker_draw(state: DealState) -> bool:
    """Whether the banker may add a card now.

    >>> can_banker_draw(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return _can(verify_banker_draw, state)


def verify_banker_stay(state: DealState) -> None:
    """Raise unless the banker may stop now: on his turn, on any total
    [pontoon.banker-play].

    >>> verify_banker_stay(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The players are staking on their first card; ...
    """
    err = _not_turn(state, BankerStay())
    if err is not None:
        raise err


def can_banker_stay(state: DealState) -> bool:
    """Whether the banker may stop now.

    >>> can_banker_stay(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return _can(verify_banker_stay, state)


def verify_top_up(state: DealState, amount: int) -> None:
    """Raise unless the banker may add ``amount`` to the kitty now [pontoon.shoot.top-up].

    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben"], seed=1)
    >>> verify_top_up(s, 10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is done between deals; this deal is not over yet (stakes, Ben to act). [rule pontoon.shoot.top-up]
    """
    if not state.rules.shoot:
        raise IllegalAction("pontoon.shoot", "This table plays plain Pontoon: there is no kitty.")
    err = _not_turn(state, TopUp(0))
    if err is not None:
        raise err
    if state.next_banker != state.banker:
        raise IllegalAction("pontoon.shoot.change-of-bank", f"The bank passes from {state.banker} "
                            f"to {state.next_banker}: {state.banker} takes the kitty away and "
                            f"{state.next_banker} will put up a new one, so there is nothing to "
                            "top up.")
    if state.kitty == 0:
        r = state.rules
        if not r.min_stake <= amount <= r.max_stake:
            raise IllegalAction("pontoon.shoot.dry-kitty", f"The kitty is dry: {state.banker} "
                                f"must put up a new kitty between {r.min_stake} and "
                                f"{r.max_stake} (or sell the bank), not {amount}.")
    elif amount < 1:
        raise IllegalAction("pontoon.shoot.top-up", "The banker may add to the kitty but never "
                            f"take anything out; a top-up is 1 or more, not {amount}.")


def can_top_up(state: DealState, amount: int) -> bool:
    """Whether the banker may add ``amount`` to the kitty now.

    >>> can_top_up(new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben"], seed=1), 10)
    False
    """
    return _can(verify_top_up, state, amount)


def verify_sell_bank(state: DealState, buyer: str, price: int) -> None:
    """Raise unless the bank may be sold to ``buyer`` for ``price`` now
    [pontoon.next-banker.sell].

    >>> verify_sell_bank(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), "Ben", 50)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is done between deals; this deal is not over yet (stakes, Ben to act). [rule pontoon.next-banker.sell]
    """
    err = _not_turn(state, SellBank(buyer, 0))
    if err is not None:
        raise err
    seller = state.next_banker
    if buyer not in state.seats:
        raise IllegalAction("pontoon.next-banker.sell", f"There is no {buyer!r} at the table; "
                            "the bank can be sold to "
                            f"{', '.join(n for n in state.seats if n != seller)}.")
    if buyer == seller:
        raise IllegalAction("pontoon.next-banker.sell", f"{buyer} is already to bank the next "
                            "deal: the bank is sold to another player.")
    if price < 0:
        raise IllegalAction("pontoon.next-banker.sell", f"The price of the bank is 0 or more, not "
                            f"{price}.")


def can_sell_bank(state: DealState, buyer: str, price: int) -> bool:
    """Whether the bank may be sold to ``buyer`` for ``price`` now.

    >>> can_sell_bank(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), "Ben", 5)
    False
    """
    return _can(verify_sell_bank, state, buyer, price)


def verify_next_deal(state: DealState, kitty: int | None = None) -> None:
    """Raise unless the next deal may start [pontoon.next-deal] [pontoon.shoot.dry-kitty].

    >>> verify_next_deal(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is done between deals; this deal is not over yet (stakes, Ben to act). [rule pontoon.next-deal]
    """
    err = _not_turn(state, NextDeal())
    if err is not None:
        raise err
    nb = state.next_banker
    assert nb is not None
    if not state.rules.shoot:
        if kitty is not None:
            raise IllegalAction("pontoon.shoot", "This table plays plain Pontoon: there is no "
                                "kitty.")
        return
    if nb == state.banker:
        if kitty is not None:
            raise IllegalAction("pontoon.shoot.change-of-bank", f"{nb} keeps the bank and the "
                                f"kitty of {state.kitty} stays; only a new banker puts up a new "
                                "kitty (to add to this one, top it up).")
        if state.kitty == 0:
            raise IllegalAction("pontoon.shoot.dry-kitty", f"The kitty is dry: {nb} must put up a "
                                f"new kitty (between {state.rules.min_stake} and "
                                f"{state.rules.max_stake}) or sell the bank before the next deal.")
    elif kitty is not None:
        _check_kitty(state.rules, kitty, nb)


def can_next_deal(state: DealState, kitty: int | None = None) -> bool:
    """Whether the next deal may start now.

    >>> can_next_deal(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    False
    """
    return _can(verify_next_deal, state, kitty)


def _can(fn: Callable[..., None], state: DealState, *args: object) -> bool:
    try:
        fn(state, *args)
    except IllegalAction:
        return False
    return True


def verify_action(state: DealState, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal now.

    >>> verify_action(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), Twist())
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The players are staking on their first card; Ben stakes next, between 10 and 100. [rule pontoon.stakes]
    """
    if isinstance(action, Stake):
        verify_stake(state, action.amount)
    elif isinstance(action, Shoot):
        verify_shoot(state, action.amount)
    elif isinstance(action, Declare):
        verify_declare(state)
    elif isinstance(action, Split):
        verify_split(state, action.shoot)
    elif isinstance(action, Buy):
        verify_buy(state, action.amount)
    elif isinstance(action, Twist):
        verify_twist(state)
    elif isinstance(action, Stick):
        verify_stick(state)
    elif isinstance(action, BankerDraw):
        verify_banker_draw(state)
    elif isinstance(action, BankerStay):
        verify_banker_stay(state)
    elif isinstance(action, TopUp):
        verify_top_up(state, action.amount)
    elif isinstance(action, SellBank):
        verify_sell_bank(state, action.buyer, action.price)
    elif isinstance(action, NextDeal):
        verify_next_deal(state, action.kitty)
    else:
        names = ", ".join(t.__name__ for t in ACTION_TYPES)
        raise TypeError(f"{action!r} is not a Pontoon action; use one of {names}")


def can_apply(state: DealState, action: Action) -> bool:
    """Whether ``action`` is legal now.

    >>> can_apply(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), Stake(10))
    True
    """
    try:
        verify_action(state, action)
    except IllegalAction:
        return False
    return True


# -- legal actions ------------------------------------------------------------------------------
def amount_range(state: DealState, kind: type) -> tuple[int, int] | None:
    """The amounts allowed now for an action with an amount, or None if it is not
    allowed at all.  ``kind`` is :class:`Stake`, :class:`Shoot`, :class:`Buy`,
    :class:`Split` (its shoot bet) or :class:`TopUp` (of a dry kitty; any other
    top-up is 1 or more).  Every whole amount in the range is legal.

    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("4S 3D")], parse_cards("2C 3C")))
    >>> amount_range(s, Stake), amount_range(s, Buy)
    ((10, 100), None)
    >>> amount_range(apply(s, Stake(40)), Buy)
    (40, 80)
    """
    if kind not in (Stake, Shoot, Buy, Split, TopUp):
        raise ValueError(f"amount_range is for Stake, Shoot, Buy, Split or TopUp, not {kind!r}")
    amounts = [_amount_of(a) for a in legal_actions(state) if type(a) is kind]
    if not amounts:
        return None
    return min(amounts), max(amounts)


def _amount_of(a: Action) -> int:
    if isinstance(a, Split):
        return a.shoot
    if isinstance(a, (Stake, Shoot, Buy, TopUp)):
        return a.amount
    return 0


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """The legal actions now.  An action with an amount is listed at the two ends of
    its range (see :func:`amount_range`); every whole amount between is legal too.
    When a deal is over the actions are those between deals.

    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("8S 8D")], parse_cards("2C 3C")))
    >>> legal_actions(s)
    (Stake(amount=10), Stake(amount=100))
    >>> legal_actions(apply(s, Stake(10)))
    (Split(shoot=0), Buy(amount=10), Buy(amount=20), Twist(), Stick())
    """
    out: list[Action] = []
    ph = state.phase
    rules = state.rules
    if ph is Phase.STAKES:
        out += _ends(Stake, rules.min_stake, rules.max_stake)
    elif ph is Phase.SHOOT:
        room = shoot_room(state)
        out += [Shoot(0), *_ends(Shoot, 1, room)]
    elif ph is Phase.PLAYERS:
        p = state.players[state.turn]
        h = p.hands[state.hand_index]
        if h.is_pontoon_hand(rules):
            return (Declare(),)
        cards = h.cards
        n = len(cards)
        low = _low(cards)
        left = len(state.pack)
        draw = n < 5 and low < 21 and left > 0
        room = shoot_room(state) if rules.shoot else 0
        if (n == 2 and cards[0].rank is cards[1].rank and len(p.hands) < 4 and left >= 2
                and (rules.split == "pairs" or cards[0].rank is Rank.ACE)):
            out += [Split(0), *_ends(Split, 1, room)]
        if draw and not h.twisted and not (rules.no_fifth_buy_on_11 and n == 4 and low <= 11):
            out += _ends(Buy, h.stake, 2 * h.stake if not h.buys else h.buys[-1])
        if draw:
            out.append(Twist())
        if (_best(cards) >= rules.min_stick or left == 0) and not (h.shoot4 and n == 3):
            out.append(Stick())
        if rules.shoot and n == 3 and not h.shoot4 and draw:
            out += _ends(Shoot, 1, room)
    elif ph is Phase.BANKER:
        b = state.banker_cards
        if len(b) < 5 and _low(b) < 21 and state.pack:
            out.append(BankerDraw())
        out.append(BankerStay())
    else:
        nb = state.next_banker
        keeps = nb == state.banker
        if not rules.shoot or not keeps or state.kitty > 0:
            out.append(NextDeal())
        if rules.shoot and keeps:
            if state.kitty == 0:
                out += _ends(TopUp, rules.min_stake, rules.max_stake)
            else:
                out.append(TopUp(1))
        out += [SellBank(n, 0) for n in state.seats if n != nb]
    return tuple(out)


def _ends(kind: Callable[[int], Action], low: int, high: int) -> list[Action]:
    """An amount-bearing action at both ends of its range (once if they meet; none
    if the range is empty)."""
    if high < low:
        return []
    return [kind(low)] if low == high else [kind(low), kind(high)]


# -- applying actions ---------------------------------------------------------------------------
def apply(state: DealState, action: Action) -> DealState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise
    :class:`IllegalAction`.

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> apply(s, Stake(25)).players[0].hands[0].stake, s.players[0].hands[0].stake
    (25, 0)
    """
    verify_action(state, action)
    if isinstance(action, Stake):
        return _do_stake(state, action.amount)
    if isinstance(action, Shoot):
        return _do_shoot(state, action.amount)
    if isinstance(action, Declare):
        return _do_declare(state)
    if isinstance(action, Split):
        return _do_split(state, action.shoot)
    if isinstance(action, Buy):
        return _do_card(state, action.amount)
    if isinstance(action, Twist):
        return _do_card(state, None)
    if isinstance(action, Stick):
        return _do_stick(state)
    if isinstance(action, BankerDraw):
        return _do_banker_draw(state)
    if isinstance(action, BankerStay):
        return _settle(_log(state, "pontoon.banker-play",
                            f"The banker stays on {_banker_text(state.banker_cards)}."))
    if isinstance(action, TopUp):
        return _do_top_up(state, action.amount)
    if isinstance(action, SellBank):
        return _do_sell(state, action.buyer, action.price)
    return next_deal(state, kitty=action.kitty)


def _log(state: DealState, rule_id: str, text: str) -> DealState:
    return _replace(state, log=(*state.log, (rule_id, text)))


def _replace(state: DealState, **changes: object) -> DealState:
    # A copy of a frozen dataclass with some fields changed, without the cost of
    # dataclasses.replace (the engine's hot path); every value is already checked.
    new = object.__new__(DealState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def _banker_text(cards: tuple[Card, ...]) -> str:
    return f"{cards_text(cards)} ({classify(cards)})"


def _set_hand(state: DealState, hand: Hand, **changes: object) -> DealState:
    p = state.players[state.turn]
    i = state.hand_index if state.phase is Phase.PLAYERS else 0
    hands = (*p.hands[:i], hand, *p.hands[i + 1:])
    players = (*state.players[:state.turn], Player(p.name, hands), *state.players[state.turn + 1:])
    return _replace(state, players=players, **changes)


def _hand(h: Hand, **changes: object) -> Hand:
    new = object.__new__(Hand)
    new.__dict__.update(h.__dict__)
    new.__dict__.update(changes)
    return new


def _do_stake(state: DealState, amount: int) -> DealState:
    p = state.players[state.turn]
    s = _set_hand(state, _hand(p.hands[0], stake=amount))
    s = _log(s, "pontoon.stakes", f"{p.name} stakes {amount}.")
    if state.turn + 1 < len(state.players):
        return _replace(s, turn=state.turn + 1)
    if state.rules.shoot:
        return _replace(s, phase=Phase.SHOOT, turn=0)
    return _deal_second(s)


def _do_shoot(state: DealState, amount: int) -> DealState:
    p = state.players[state.turn]
    if state.phase is Phase.SHOOT:
        s = _set_hand(state, _hand(p.hands[0], shoot=amount))
        text = f"{p.name} shoots {amount}." if amount else f"{p.name} makes no shoot bet."
        s = _log(s, "pontoon.shoot.bet", text)
        if state.turn + 1 < len(state.players):
            return _replace(s, turn=state.turn + 1)
        return _deal_second(s)
    h = p.hands[state.hand_index]
    s = _set_hand(state, _hand(h, shoot4=amount))
    return _log(s, "pontoon.shoot.fourth-card", f"{_who(state)} shoots {amount} more before the "
                "4th card.")


def _deal_second(state: DealState) -> DealState:
    pack = state.pack
    n = len(state.players)
    players = tuple(Player(p.name, (_hand(p.hands[0], cards=(*p.hands[0].cards, pack[i])),))
                    for i, p in enumerate(state.players))
    banker_cards = (*state.banker_cards, pack[n])
    s = _replace(state, players=players, banker_cards=banker_cards, pack=pack[n + 1:],
                 phase=Phase.PLAYERS, turn=0, hand_index=0)
    s = _log(s, "pontoon.deal", "A second card goes face down to everyone; the banker now looks "
             "at his two cards.")
    if is_pontoon(banker_cards):
        return _banker_pontoon(s)
    return s


def _banker_pontoon(state: DealState) -> DealState:
    b = state.banker
    pays = list(state.payments)
    kitty = state.kitty
    for p in state.players:
        h = p.hands[0]
        pays.append(Payment(p.name, b, 2 * h.stake, "pontoon.banker-pontoon",
                            f"The banker shows a pontoon ({cards_text(state.banker_cards)}) and "
                            f"collects double the stake of {h.stake}."))
        if h.shoot:
            kitty += h.shoot
            pays.append(Payment(p.name, KITTY, h.shoot, "pontoon.shoot.banker-pontoon",
                                "A banker's pontoon sends every shoot bet into the kitty."))
    s = _replace(state, payments=tuple(pays), kitty=kitty)
    s = _log(s, "pontoon.banker-pontoon", f"{b} has a pontoon ({cards_text(state.banker_cards)}): "
             "he shows it and collects double from everyone. The deal ends.")
    return _finish(_replace(s, banker_shown=True), f"Pontoon! {b} collects double from everyone.")


def _do_declare(state: DealState) -> DealState:
    h = state.current_hand
    assert h is not None
    ace = 0 if h.cards[0].rank is Rank.ACE else 1
    s = _set_hand(state, _hand(h, status=HandStatus.DECLARED, face_up=h.face_up | {ace}))
    s = _log(s, "pontoon.declare", f"{_who(state)} declares a pontoon ({cards_text(h.cards)}).")
    return _advance(s)


def _do_split(state: DealState, shoot: int) -> DealState:
    p = state.players[state.turn]
    i = state.hand_index
    h = p.hands[i]
    a, b = h.cards
    pack = state.pack
    first = _hand(h, cards=(a, pack[0]), from_split=True, face_up=frozenset({0}))
    second = Hand((b, pack[1]), stake=h.stake, from_split=True, face_up=frozenset({0}), shoot=shoot)
    hands = (*p.hands[:i], first, second, *p.hands[i + 1:])
    players = (*state.players[:state.turn], Player(p.name, hands), *state.players[state.turn + 1:])
    s = _replace(state, players=players, pack=pack[2:])
    extra = f" and shoots {shoot} on the new hand" if shoot else ""
    return _log(s, "pontoon.split", f"{_who(state)} splits {a} {b}, stakes {h.stake} on the new "
                f"hand{extra}; the banker deals {pack[0]} and {pack[1]}.")


def _do_card(state: DealState, amount: int | None) -> DealState:
    h = state.current_hand
    assert h is not None
    card = state.pack[0]
    n = len(h.cards)
    who = _who(state)
    if amount is None:
        nh = _hand(h, cards=(*h.cards, card), twisted=True, face_up=h.face_up | {n})
        rid, text = "pontoon.twist", f"{who} twists: {card}."
    else:
        nh = _hand(h, cards=(*h.cards, card), buys=(*h.buys, amount))
        rid, text = ("pontoon.buy.limits",
                     f"{who} buys the {_ordinal(n + 1)} card for {amount} (dealt face down).")
    s = _log(_set_hand(state, nh, pack=state.pack[1:]), rid, text)
    return _after_card(s, nh)


def _after_card(state: DealState, h: Hand) -> DealState:
    low = _low(h.cards)
    who = _who(state)
    if low > 21:
        return _advance(_bust(state, h))
    if len(h.cards) == 5:
        s = _set_hand(state, _hand(h, status=HandStatus.FIVE))
        return _advance(_log(s, "pontoon.five-cards", f"{who} has a five card trick "
                             f"({_hand_text(h)}): no more cards."))
    if low == 21:
        s = _set_hand(state, _hand(h, status=HandStatus.STUCK))
        return _advance(_log(s, "pontoon.stick", f"{who}'s hand counts 21 even with its aces as "
                             "1: it takes no more cards."))
    return state


def _bust(state: DealState, h: Hand) -> DealState:
    p = state.players[state.turn]
    who = _who(state)
    pays = [*state.payments, Payment(p.name, state.banker, h.total_stake, "pontoon.bust",
                                     f"{who} is bust ({cards_text(h.cards)}, {low_total(h.cards)}): "
                                     f"the banker takes the stake of {h.total_stake} at once.")]
    kitty = state.kitty
    if h.shoot_total:
        kitty += h.shoot_total
        pays.append(Payment(p.name, KITTY, h.shoot_total, "pontoon.shoot.bust",
                            f"{who}'s shoot bet goes into the kitty at once."))
    bust = _hand(h, status=HandStatus.BUST, face_up=frozenset(range(len(h.cards))))
    s = _set_hand(state, bust, pack=state.pack + h.cards, payments=tuple(pays), kitty=kitty)
    return _log(s, "pontoon.bust", f"{who} is bust with {low_total(h.cards)}: the hand is thrown "
                "in face up and its cards go to the bottom of the pack.")


def _do_stick(state: DealState) -> DealState:
    h = state.current_hand
    assert h is not None
    s = _set_hand(state, _hand(h, status=HandStatus.STUCK))
    return _advance(_log(s, "pontoon.stick", f"{_who(state)} sticks on {_best(h.cards)}."))


def _advance(state: DealState) -> DealState:
    """Move to the next hand still to play, or to the banker."""
    t, i = state.turn, state.hand_index + 1
    while t < len(state.players):
        hands = state.players[t].hands
        while i < len(hands):
            if hands[i].status is HandStatus.PLAYING:
                return _replace(state, turn=t, hand_index=i)
            i += 1
        t, i = t + 1, 0
    if not any(h.is_live for p in state.players for h in p.hands):
        s = _replace(state, phase=Phase.BANKER, turn=0, hand_index=0)
        s = _log(s, "pontoon.banker-play", "Every player is bust: the banker has nothing to play "
                 "for and keeps his cards face down.")
        return _finish(s, "Every player is bust: the banker keeps their stakes.")
    s = _replace(state, phase=Phase.BANKER, turn=0, hand_index=0, banker_shown=True)
    return _log(s, "pontoon.banker-play", f"Every player has played. The banker turns up "
                f"{_banker_text(state.banker_cards)}.")


def _do_banker_draw(state: DealState) -> DealState:
    card = state.pack[0]
    cards = (*state.banker_cards, card)
    s = _replace(state, banker_cards=cards, pack=state.pack[1:])
    s = _log(s, "pontoon.banker-play", f"The banker draws {card}: {_banker_text(cards)}.")
    if _low(cards) >= 21 or len(cards) == 5:
        return _settle(s)
    return s


def lowest_paid(banker_cards: Sequence[Card]) -> int | None:
    """The lowest ordinary total the banker pays when he stays on these cards ("I pay
    18" on 17), or None when no ordinary total is paid (21, five card trick, bust,
    pontoon) [pontoon.settle.pay-higher].

    >>> from cardrules.cards import parse_cards
    >>> lowest_paid(parse_cards("10S 7D")), lowest_paid(parse_cards("10S 5D 6C"))
    (18, None)
    """
    r = classify(banker_cards)
    if r.kind is HandKind.TOTAL and r.total < 21:
        return r.total + 1
    return None


def _settle(state: DealState) -> DealState:
    """Settle every live hand against the banker's final hand [pontoon.settle]."""
    rules = state.rules
    b = classify(state.banker_cards)
    banker = state.banker
    pays = list(state.payments)
    kitty = state.kitty
    if b.is_bust:
        words = f"The banker is bust ({low_total(state.banker_cards)}): he pays every player still in."
    elif b.kind is HandKind.FIVE_CARD_TRICK:
        words = ("The banker has a five card trick: he pays pontoons only, and everyone else pays "
                 "him double.")
    elif b.total == 21:
        words = "The banker has 21: he pays pontoons and five card tricks only."
    else:
        words = f"The banker stays on {b.total}: \"I pay {lowest_paid(state.banker_cards)}\"."
    for p in state.players:
        several = len(p.hands) > 1
        for k, h in enumerate(p.hands):
            if not h.is_live:
                continue
            r = h.rank(rules)
            label = f"{p.name} (hand {k + 1})" if several else p.name
            stake = h.total_stake
            if b.is_bust:
                win, mult, rid = True, 2 if r.pays_double else 1, "pontoon.settle.banker-bust"
                why = f"The banker is bust; {label} has {_phrase(r)}"
            elif b.kind is HandKind.FIVE_CARD_TRICK:
                win, mult = r.kind is HandKind.PONTOON, 2
                rid = "pontoon.ties" if r == b else "pontoon.settle.banker-five-card-trick"
                why = f"{label}'s {r} against the banker's five card trick"
            else:
                win = r > b
                mult = 2 if win and r.pays_double else 1
                rid = ("pontoon.ties" if r == b else "pontoon.settle.banker-21" if b.total == 21
                       else "pontoon.settle.pay-higher")
                why = f"{label}'s {r} against the banker's {b}"
            amount = mult * stake
            if win:
                twice = "double " if mult == 2 else ""
                reason = f"{why}: the banker pays {twice}the stake, {amount}."
            elif r == b:
                reason = (f"{why}: equal hands, and ties go to the banker; {label} pays "
                          f"{'double ' if mult == 2 else ''}the stake, {amount}.")
            elif rid == "pontoon.settle.banker-21":
                reason = (f"{why}: on 21 the banker pays only pontoons and five card tricks; "
                          f"{label} pays the stake, {amount}.")
            else:
                reason = f"{why}: {label} pays {'double ' if mult == 2 else ''}the stake, {amount}."
            payer, payee = (banker, p.name) if win else (p.name, banker)
            pays.append(Payment(payer, payee, amount, rid, reason))
            if h.shoot_total:
                shoot = h.shoot_total
                if win:
                    kitty -= shoot
                    pays.append(Payment(KITTY, p.name, shoot, "pontoon.shoot.settle",
                                        f"{label} beats the banker: the kitty pays the shoot bet "
                                        f"of {shoot}, 1 to 1."))
                else:
                    kitty += shoot
                    pays.append(Payment(p.name, KITTY, shoot, "pontoon.shoot.settle",
                                        f"{label} does not beat the banker: the shoot bet of "
                                        f"{shoot} goes into the kitty."))
    s = _replace(state, payments=tuple(pays), kitty=kitty)
    s = _log(s, "pontoon.settle", words)
    return _finish(s, words)


def _phrase(r: HandRank) -> str:
    return f"a {r}" if r.kind in (HandKind.PONTOON, HandKind.FIVE_CARD_TRICK) else str(r)


def _finish(state: DealState, announcement: str) -> DealState:
    """Gather the cards, find the next banker and whether to shuffle."""
    pontoon_made = is_pontoon(state.banker_cards) and len(state.banker_cards) == 2
    next_banker = state.banker
    gathered: list[Card] = []
    banker_pontoon = pontoon_made
    for p in state.players:
        for h in p.hands:
            if h.status is HandStatus.DECLARED:
                pontoon_made = True
                if not h.from_split and next_banker == state.banker and not banker_pontoon:
                    next_banker = p.name
            if h.is_live:
                gathered.extend(h.cards)
    gathered.extend(state.banker_cards)
    s = _replace(state, pack=state.pack + tuple(gathered), phase=Phase.OVER, turn=0,
                 hand_index=0, next_banker=next_banker, shuffle_next=pontoon_made,
                 announcement=announcement)
    if next_banker != state.banker:
        s = _log(s, "pontoon.next-banker", f"{next_banker} made a pontoon and takes the bank for "
                 "the next deal.")
    if pontoon_made:
        s = _log(s, "pontoon.next-deal", "There was a pontoon: the pack is shuffled and cut before "
                 "the next deal.")
    else:
        s = _log(s, "pontoon.next-deal", "No pontoon: the cards go to the bottom of the pack "
                 "unshuffled.")
    return s


def _do_top_up(state: DealState, amount: int) -> DealState:
    pay = Payment(state.banker, KITTY, amount, "pontoon.shoot.top-up",
                  f"{state.banker} adds {amount} to the kitty.")
    s = _replace(state, kitty=state.kitty + amount, payments=(*state.payments, pay))
    return _log(s, "pontoon.shoot.top-up", f"{state.banker} tops up the kitty by {amount} to "
                f"{state.kitty + amount}.")


def _do_sell(state: DealState, buyer: str, price: int) -> DealState:
    seller = state.next_banker
    assert seller is not None
    pay = Payment(buyer, seller, price, "pontoon.next-banker.sell",
                  f"{buyer} buys the bank from {seller} for {price}.")
    s = _replace(state, next_banker=buyer, payments=(*state.payments, pay))
    return _log(s, "pontoon.next-banker.sell", f"{seller} sells the bank to {buyer} for {price}.")


def next_deal(state: DealState, *, kitty: int | None = None,
              pack: Sequence[Card] | None = None) -> DealState:
    """Start the next deal from a finished one [pontoon.next-deal] [pontoon.next-banker].

    With no pontoon the pack is used as gathered (the cards went to the bottom
    unshuffled); after a pontoon it is shuffled, from the game's seed and the deal
    number, or given as ``pack``.  In Shoot Pontoon a change of bank gives the old
    kitty back to the leaving banker, and the new banker puts up ``kitty``.

    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("9S 7D")], parse_cards("10C 8H"))
    >>> s = apply(apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(20)), Stick())
    >>> s = apply(s, BankerStay())
    >>> t = next_deal(s)
    >>> t.deal_number, t.banker, cards_text(t.pack[-4:])
    (2, 'Ben', '9♠ 7♦ 10♣ 8♥')
    """
    verify_next_deal(state, kitty)
    rules = state.rules
    nb = state.next_banker
    assert nb is not None
    if state.shuffle_next:
        if pack is not None:
            cards = _check_pack(pack, rules.packs)
        else:
            cards = Rng(f"{state.seed}:deal {state.deal_number + 1}").shuffled(state.pack)
    else:
        if pack is not None:
            raise IllegalAction("pontoon.next-deal", "Nobody made a pontoon, so the pack is not "
                                "shuffled: the next deal uses the cards as gathered.")
        cards = state.pack
    payments: tuple[Payment, ...] = ()
    log: tuple[tuple[str, str], ...] = ()
    pot = state.kitty
    if rules.shoot and nb != state.banker:
        payments = ((Payment(KITTY, state.banker, state.kitty, "pontoon.shoot.change-of-bank",
                             f"{state.banker} leaves the bank and takes the kitty."),)
                    if state.kitty else ())
        pot = rules.max_stake if kitty is None else kitty
        payments += (Payment(nb, KITTY, pot, "pontoon.shoot.change-of-bank",
                             f"{nb}, the new banker, puts up a new kitty."),)
        log = (("pontoon.shoot.change-of-bank", f"{state.banker} takes the kitty of {state.kitty}; "
                f"{nb} puts up a new kitty of {pot}."),)
    how = "shuffled" if state.shuffle_next else "as gathered, unshuffled"
    log = (*log, ("pontoon.next-deal", f"The pack is used {how}."))
    return _start_deal(rules, state.seats, nb, cards, pot, payments, log,
                       state.deal_number + 1, state.seed)


# -- the record of a finished deal ------------------------------------------------------------
@dataclass(frozen=True)
class Settlement:
    """Who paid whom in a deal, by which rule, and what comes next.

    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("10S 9D"), parse_cards("10H 6C")], parse_cards("10C 8C"))
    >>> s = new_deal(load_pontoon(), ["Ben", "Ann", "Cleo"], pack=pack)
    >>> st = settlement(apply(apply(apply(apply(apply(s, Stake(10)), Stake(30)), Stick()), Stick()), BankerStay()))
    >>> st.announcement, st.next_banker, st.shuffle
    ('The banker stays on 18: "I pay 19".', 'Ben', False)
    """

    banker: str
    banker_cards: tuple[Card, ...]
    payments: tuple[Payment, ...]
    announcement: str
    next_banker: str
    shuffle: bool
    kitty: int

    def net(self, party: str) -> int:
        """What ``party`` (a name, or ``"kitty"``) gained (+) or lost (-) in the deal.

        >>> st = Settlement("Ben", (), (Payment("Ann", "Ben", 20, "pontoon.ties", ""),), "", "Ben",
        ...                 False, 0)
        >>> st.net("Ben"), st.net("Ann")
        (20, -20)
        """
        return (sum(p.amount for p in self.payments if p.payee == party)
                - sum(p.amount for p in self.payments if p.payer == party))

    def nets(self) -> dict[str, int]:
        """Every party's net; they add up to zero.

        >>> Settlement("Ben", (), (Payment("Ann", "Ben", 20, "pontoon.ties", ""),), "", "Ben",
        ...            False, 0).nets()
        {'Ben': 20, 'Ann': -20}
        """
        parties = dict.fromkeys([self.banker] + [x for p in self.payments
                                                 for x in (p.payer, p.payee)])
        return {q: self.net(q) for q in parties}

    def between(self, player: str) -> int:
        """What the banker paid ``player`` on the stakes (negative when the player paid).

        A sale of the bank is not a stake and does not count.

        >>> pays = (Payment("Ann", "Ben", 20, "pontoon.ties", ""),
        ...         Payment("Ann", "Ben", 50, "pontoon.next-banker.sell", ""))
        >>> Settlement("Ben", (), pays, "", "Ann", False, 0).between("Ann")
        -20
        """
        sell = "pontoon.next-banker.sell"
        return (sum(p.amount for p in self.payments
                    if p.payer == self.banker and p.payee == player and p.rule_id != sell)
                - sum(p.amount for p in self.payments
                      if p.payer == player and p.payee == self.banker and p.rule_id != sell))

    def rows(self) -> list[list[object]]:
        """The payments as table rows: payer, payee, amount, rule, reason.

        >>> Settlement("Ben", (), (Payment("Ann", "Ben", 20, "pontoon.ties", "tie"),), "", "Ben",
        ...            False, 0).rows()
        [['Ann', 'Ben', 20, 'pontoon.ties', 'tie']]
        """
        return [[p.payer, p.payee, p.amount, p.rule_id, p.reason] for p in self.payments]


def settlement(state: DealState) -> Settlement:
    """The settlement record of a finished deal.

    >>> s = random_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=3), Rng(3))
    >>> sum(settlement(s).nets().values())
    0
    """
    if not state.is_over:
        raise ValueError(f"the deal is not over yet ({state.phase.value})")
    nb = state.next_banker
    assert nb is not None
    return Settlement(state.banker, state.banker_cards, state.payments, state.announcement, nb,
                      state.shuffle_next, state.kitty)


def hand_rows(state: DealState) -> list[list[object]]:
    """Each hand as a table row: player, cards, rank, stake (with buys), shoot bets, status.

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> hand_rows(s)[0][0]
    'Ben'
    """
    rows: list[list[object]] = []
    for p in state.players:
        for k, h in enumerate(p.hands):
            label = p.name if len(p.hands) == 1 else f"{p.name} ({k + 1})"
            stake = str(h.stake) + "".join(f" + {b}" for b in h.buys)
            rank = str(h.rank(state.rules)) if len(h.cards) >= 2 else "-"
            rows.append([label, cards_text(h.cards), rank, stake, h.shoot_total, h.status.value])
    rows.append([f"{state.banker} (banker)", cards_text(state.banker_cards),
                 str(classify(state.banker_cards)) if len(state.banker_cards) >= 2 else "-",
                 "", "", ""])
    return rows


def held_cards(state: DealState) -> tuple[Card, ...]:
    """The cards in live hands and the banker's (none once the deal is over and
    gathered).  With the pack they always make the full pack.

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> len(held_cards(s)) + len(s.pack)
    52
    """
    if state.is_over:
        return ()
    out = [c for p in state.players for h in p.hands if h.is_live for c in h.cards]
    return (*out, *state.banker_cards)


def explain(state: DealState, action: Action) -> str:
    """Why ``action`` is legal or not now, citing the rule.

    >>> from cardrules.cards import parse_cards
    >>> s = apply(new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("7S 7D")], parse_cards("2C 3C"))), Stake(50))
    >>> explain(s, Buy(120))
    'Illegal: A 3rd card costs between your initial stake, 50, and twice it, 100; Al offered 120. [rule pontoon.buy.limits]'
    >>> explain(s, Buy(60))
    'Legal: Al may buy the 3rd card for 60: it costs 50 to 100. [rule pontoon.buy.limits]'
    """
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return f"Illegal: {e}"
    rule_id, text = _legal_reason(state, action)
    return f"Legal: {text} [rule {rule_id}]"


def why(state: DealState, action: Action) -> tuple[bool, str, str]:
    """Whether ``action`` is legal now, the rule that decides, and the reason.

    >>> from cardrules.cards import parse_cards
    >>> s = apply(new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("7S 7D")], parse_cards("2C 3C"))), Stake(50))
    >>> why(s, Stick())
    (False, 'pontoon.stick', "You may stick only with a total of 15 or more; Al's hand (7♠ 7♦) counts 14, so buy or twist.")
    """
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return False, e.rule_id, e.message
    rule_id, text = _legal_reason(state, action)
    return True, rule_id, text


def _legal_reason(state: DealState, action: Action) -> tuple[str, str]:
    who = _who(state)
    r = state.rules
    h = state.current_hand
    if isinstance(action, Stake):
        return "pontoon.stakes", (f"{who} may stake {action.amount}: stakes are from "
                                  f"{r.min_stake} to {r.max_stake}.")
    if isinstance(action, Shoot):
        rid = "pontoon.shoot.bet" if state.phase is Phase.SHOOT else "pontoon.shoot.fourth-card"
        return rid, (f"{who} may shoot {action.amount}: the kitty has {shoot_room(state)} "
                     "uncovered.")
    if isinstance(action, Declare):
        return "pontoon.declare", f"{who} holds a pontoon and declares it."
    if isinstance(action, Split):
        assert h is not None
        return "pontoon.split", (f"{who} may split the pair of {h.cards[0].rank.plural}, staking "
                                 f"{h.stake} on the new hand.")
    if isinstance(action, Buy):
        assert h is not None
        lo, hi = buy_range(h.stake, h.buys)
        return "pontoon.buy.limits", (f"{who} may buy the {_ordinal(len(h.cards) + 1)} card for "
                                      f"{action.amount}: it costs {lo} to {hi}.")
    if isinstance(action, Twist):
        assert h is not None
        return "pontoon.twist", f"{who} may twist: the hand counts {value_text(h.cards)}."
    if isinstance(action, Stick):
        assert h is not None
        return "pontoon.stick", (f"{who} may stick on {hand_value(h.cards)}: sticking needs "
                                 f"{r.min_stick} or more.")
    if isinstance(action, BankerDraw):
        return "pontoon.banker-play", "The banker may add a card face up."
    if isinstance(action, BankerStay):
        return "pontoon.banker-play", "The banker may stop on any total."
    if isinstance(action, TopUp):
        return "pontoon.shoot.top-up", f"{state.banker} may add {action.amount} to the kitty."
    if isinstance(action, SellBank):
        return "pontoon.next-banker.sell", (f"{state.next_banker} may sell the bank to "
                                            f"{action.buyer} for {action.price}.")
    return "pontoon.next-deal", "The deal is over: the next one may start."


# -- playing whole deals ------------------------------------------------------------------------
def random_action(state: DealState, rng: Rng) -> Action:
    """A random legal action: a kind of action chosen uniformly, then a uniform
    amount within its range.  Between deals it is always :class:`NextDeal` when
    that is allowed, else a refill of a dry kitty.

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> a = random_action(s, Rng(5))
    >>> isinstance(a, Stake) and can_apply(s, a)
    True
    """
    acts = legal_actions(state)
    if state.is_over:
        for a in acts:
            if isinstance(a, (NextDeal, TopUp)):
                return a
        return acts[0]
    kinds = list(dict.fromkeys(type(a) for a in acts))
    kind = rng.choice(kinds)
    same = [a for a in acts if type(a) is kind]
    if kind in (Stake, Shoot, Buy, Split):
        amounts = [_amount_of(a) for a in same]
        amount = rng.between(min(amounts), max(amounts))
        if kind is Split:
            return Split(amount if rng.below(2) else 0)
        return Stake(amount) if kind is Stake else Shoot(amount) if kind is Shoot else Buy(amount)
    return same[0]


def sensible_action(state: DealState, rng: Rng) -> Action:
    """A plausible move, as a cautious player or banker might make it: declare a
    pontoon, split aces and eights, buy cheaply on 11 or less, twist below 16,
    stick otherwise; the banker draws below 17.  For examples and quizzes.

    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> a = sensible_action(s, Rng(1))
    >>> isinstance(a, Stake) and 10 <= a.amount <= 100
    True
    """
    r = state.rules
    ph = state.phase
    if ph is Phase.STAKES:
        step = max(1, (r.max_stake - r.min_stake) // 4)
        return Stake(min(r.max_stake, r.min_stake + step * rng.below(4)))
    if ph is Phase.SHOOT:
        room = shoot_room(state)
        return Shoot(rng.between(0, room) // 2 if rng.below(2) else 0)
    if ph is Phase.BANKER:
        if hand_value(state.banker_cards) < 17 and can_banker_draw(state):
            return BankerDraw()
        return BankerStay()
    if ph is Phase.OVER:
        return random_action(state, rng)
    if can_declare(state):
        return Declare()
    h = state.current_hand
    assert h is not None
    if len(h.cards) == 2 and h.cards[0].rank in (Rank.ACE, Rank.EIGHT) and can_split(state):
        return Split(0)
    v = hand_value(h.cards)
    br = amount_range(state, Buy)
    if br is not None and low_total(h.cards) <= 11:
        return Buy(br[0])
    if v < max(16, r.min_stick) and can_twist(state):
        return Twist()
    if can_stick(state):
        return Stick()
    return random_action(state, rng)


def random_play(state: DealState, rng: Rng) -> DealState:
    """Play a deal to its end with random legal actions.

    >>> random_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=4), Rng(4)).is_over
    True
    """
    while not state.is_over:
        state = apply(state, random_action(state, rng))
    return state


def sensible_play(state: DealState, rng: Rng) -> DealState:
    """Play a deal to its end with :func:`sensible_action`.

    >>> sensible_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=4), Rng(4)).is_over
    True
    """
    while not state.is_over:
        state = apply(state, sensible_action(state, rng))
    return state


def describe(state: DealState) -> str:
    """The deal so far, step by step.

    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("AS KD")], parse_cards("9C 8H"))
    >>> s = apply(apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(20)), Declare())
    >>> print(describe(s).splitlines()[3])
    Ann declares a pontoon (A♠ K♦).
    """
    return "\n".join(text for _, text in state.log)


def profile_summary(rules: PontoonRules) -> dict[str, object]:
    """The options of a profile, for display.

    >>> profile_summary(load_pontoon("pontoon-aces-split"))["split"]
    'aces only'
    """
    return {
        "packs": rules.packs,
        "stakes": f"{rules.min_stake} to {rules.max_stake}",
        "stick on": f"{rules.min_stick} or more",
        "split": "aces only" if rules.split == "aces" else "any pair of the same rank",
        "split ace and ten-card": "paid as a pontoon" if rules.split_pontoon else "counts 21",
        "5th card on 11 or less": "twist only" if rules.no_fifth_buy_on_11 else "buy or twist",
        "shoot bets": "yes" if rules.shoot else "no",
    }


def deal_rows(rules: PontoonRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded deal, every player staking the minimum, as labelled rows of cards.

    The banker's first card stays face down in play; here both are shown.

    >>> [label for label, _ in deal_rows(load_pontoon(), 3, 2)]
    ['Player 1', 'Player 2', 'Banker']
    """
    n = players or 3
    if not 1 <= n <= 7:
        raise ValueError(f"a Pontoon deal has 1 to 7 players besides the banker, not {n}")
    names = ["Banker", *(f"Player {i}" for i in range(1, n + 1))]
    s = new_deal(rules, names, seed=seed)
    while s.phase is Phase.STAKES:
        s = apply(s, legal_actions(s)[0])
    rows = [(p.name, tuple(c for h in p.hands for c in h.cards)) for p in s.players]
    return [*rows, ("Banker", tuple(s.banker_cards))]
