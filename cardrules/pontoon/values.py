"""Card values, hand totals and hand ranks, and the prices of bought cards.

>>> from cardrules.cards import parse_cards
>>> hand_value(parse_cards("AS 9D")), str(classify(parse_cards("7S 3D 4H 2C 2S")))
(20, 'five card trick (18)')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache

from ..cards import Card, Rank, shoe
from ..game import SetupError
from .profile import PontoonRules, default_rules

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
        raise SetupError(f"A card's points are asked of a Card; {card!r} is not one (use "
                         "parse_card('AS')).")
    return _POINTS[card.rank]


def low_count(cards: Sequence[Card]) -> int:
    """:func:`low_total` of cards already checked (the engine's hot path): every ace as 1.

    >>> from cardrules.cards import parse_cards
    >>> low_count(parse_cards("AS 9D"))
    10
    """
    pts = _PTS
    return sum([pts[id(c.rank)] for c in cards])


def best_count(cards: Sequence[Card]) -> int:
    """:func:`hand_value` of cards already checked: one ace as 11 when that keeps the hand
    at 21 or less.

    >>> from cardrules.cards import parse_cards
    >>> best_count(parse_cards("AS 9D")), best_count(parse_cards("AS 9D 5C"))
    (20, 15)
    """
    low = low_count(cards)
    if low <= 11:
        for c in cards:
            if c.rank is _ACE:
                return low + 10
    return low


def pontoon_pair(cards: Sequence[Card]) -> bool:
    """:func:`is_pontoon` of cards already checked: an ace and a ten-card, and no more.

    >>> from cardrules.cards import parse_cards
    >>> pontoon_pair(parse_cards("KD AS")), pontoon_pair(parse_cards("AS 5D 5C"))
    (True, False)
    """
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
    """The cards as a tuple, or a :class:`SetupError` for ``None``, a plain string or
    anything else that is not cards."""
    if cards is None or isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise SetupError(f"A hand is a list of cards (use parse_cards('AS 10D')); got {cards!r}.")
    out = tuple(cards)
    for c in out:
        if not isinstance(c, Card):
            raise SetupError(f"A hand holds Cards; {c!r} is not one (use parse_cards('AS 10D')).")
    return out


def low_total(cards: Iterable[Card]) -> int:
    """The total with every ace counted as 1 (the "hard" count) [pontoon.hand-value].

    >>> from cardrules.cards import parse_cards
    >>> low_total(parse_cards("AS AD 9C"))
    11
    """
    return low_count(_cards(cards))


def hand_value(cards: Iterable[Card]) -> int:
    """A hand's best total: one ace counts 11 if that keeps it at 21 or less [pontoon.hand-value].

    A bust hand's value is its total with every ace as 1 (over 21).

    >>> from cardrules.cards import parse_cards
    >>> hand_value(parse_cards("AS 5D 5C")), hand_value(parse_cards("AS AD 9C")), hand_value(parse_cards("KS QD 5C"))
    (21, 21, 25)
    """
    return best_count(_cards(cards))


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
    return pontoon_pair(_cards(cards))


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

    >>> from cardrules.pontoon import load_pontoon
    >>> from cardrules.cards import parse_cards
    >>> str(classify(parse_cards("AS 10D"))), str(classify(parse_cards("9S 9D 5C")))
    ('pontoon', 'bust (23)')
    >>> strict = load_pontoon().replace(split_pontoon=False)
    >>> str(classify(parse_cards("AS 10D"), from_split=True, rules=strict))
    '21 in 2 cards'
    """
    cs = _cards(cards)
    if not 1 <= len(cs) <= 5:
        raise SetupError(f"A Pontoon hand holds 1 to 5 cards, not {len(cs)}.")
    if rules is not None and not isinstance(rules, PontoonRules):
        raise SetupError(f"classify needs Pontoon rules (a PontoonRules profile); got {rules!r}.")
    return rank_of(cs, bool(from_split), rules)


def rank_of(cs: Sequence[Card], from_split: bool, rules: PontoonRules | None) -> HandRank:
    """:func:`classify` of 1 to 5 cards already checked (the engine's hot path).

    >>> from cardrules.cards import parse_cards
    >>> str(rank_of(parse_cards("9S 8D 4C"), False, None))
    '21 in 3 cards'
    """
    low = low_count(cs)
    if low > 21:
        return HandRank(0, 0, HandKind.BUST, low, len(cs))
    if pontoon_pair(cs) and (not from_split or (rules or default_rules()).split_pontoon):
        return HandRank(3, 0, HandKind.PONTOON, 21, 2)
    total = best_count(cs)
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
        raise SetupError(f"Pontoon uses 1 or 2 packs, not {packs!r}.")
    return _pontoon_probability(packs)


@cache
def _pontoon_probability(packs: int) -> Fraction:
    pack = shoe(packs)
    hits = sum(1 for i, a in enumerate(pack) for j, b in enumerate(pack)
               if i != j and is_pontoon((a, b)))
    n = len(pack)
    return Fraction(hits, n * (n - 1))


# -- buying -----------------------------------------------------------------------------------
def ordinal(n: int) -> str:
    """A card's place in a hand in words, as the buying rule speaks of it.

    >>> ordinal(3), ordinal(4)
    ('3rd', '4th')
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise SetupError(f"A card's place in a hand is a whole number from 1; got {n!r}.")
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{what[0].upper()}{what[1:]} is a whole number of chips; got "
                         f"{value!r}.")
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
    cardrules.game.SetupError: The 3rd card was bought for 250, but a 3rd card costs between your initial stake, 100, and twice it, 200.
    """
    s = _whole(initial_stake, "the initial stake")
    if s < 1:
        raise SetupError(f"The initial stake must be at least 1; got {s}.")
    if isinstance(added_so_far, (str, bytes)) or not isinstance(added_so_far, Sequence):
        raise SetupError("added_so_far lists what was added for each card bought so far, e.g. "
                         f"(175,) or (); got {added_so_far!r}.")
    low, high = s, 2 * s
    for i, a in enumerate(added_so_far):
        a = _whole(a, "an amount added")
        if not low <= a <= high:
            raise SetupError(f"The {ordinal(i + 3)} card was bought for {a}, but "
                             + range_words(i + 3, s, high, added_so_far[i - 1] if i else None)
                             + ".")
        high = a
    if len(added_so_far) >= 3:
        raise SetupError("The 3rd, 4th and 5th cards are already bought: a hand holds at most "
                         "five cards.")
    return low, high


def buy_range_text(initial_stake: int, added_so_far: Sequence[int] = ()) -> str:
    """The buying rule for the next card, in words, with the numbers of the case.

    >>> buy_range_text(100, (175,))
    'A 4th card costs between your initial stake, 100, and what you paid for the 3rd, 175.'
    """
    low, high = buy_range(initial_stake, added_so_far)
    words = range_words(len(added_so_far) + 3, low, high,
                         added_so_far[-1] if added_so_far else None)
    return words[0].upper() + words[1:] + "."


def range_words(card_no: int, stake: int, high: int, previous: int | None) -> str:
    """The buying rule for card number ``card_no`` in words, with the numbers of the case
    (``previous`` is what was paid for the card before, None for the 3rd).

    >>> range_words(4, 100, 175, 175)
    'a 4th card costs between your initial stake, 100, and what you paid for the 3rd, 175'
    """
    if card_no == 3 or previous is None:
        return (f"a {ordinal(card_no)} card costs between your initial stake, {stake}, and "
                f"twice it, {high}")
    return (f"a {ordinal(card_no)} card costs between your initial stake, {stake}, and what you "
            f"paid for the {ordinal(card_no - 1)}, {previous}")
