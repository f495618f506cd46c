"""Playing cards: ranks, suits, cards, parsing and shoes.

Cards are frozen value objects.  Text is read in the usual notations:

>>> parse_card("AS"), parse_card("10d"), parse_card("qh"), parse_card("A♠"), parse_card("T♦")
(Card('A♠'), Card('10♦'), Card('Q♥'), Card('A♠'), Card('10♦'))
>>> parse_cards("7c 8d, KS")
(Card('7♣'), Card('8♦'), Card('K♠'))
>>> parse_card("1X")
Traceback (most recent call last):
...
cardrules.errors.CardParseError: '1X' is not a card: the rank '1' is not one of A, 2-10, T, J, Q, K

A shoe is N standard decks in a fixed order, ready for a seeded shuffle:

>>> len(shoe(8)), shoe(1)[0], shoe(1)[-1]
(416, Card('2♣'), Card('A♠'))

Each game gives the ranks its own point values (Punto Banco counts a king 0,
Pontoon 10); ``Rank.pips`` is the common ground: ace 1 up to king 13.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from .errors import CardParseError
from .rng import Rng


class Suit(Enum):
    """The four suits, with readable values.

    >>> Suit.SPADES.symbol, Suit.SPADES.letter, Suit.HEARTS.is_red
    ('♠', 'S', True)
    """

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        """The suit sign, e.g. ``♥``."""
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        """The one-letter code, e.g. ``H``."""
        return self.value[0].upper()

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def singular(self) -> str:
        """The suit name for one card, e.g. ``heart``."""
        return self.value[:-1]


_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(Enum):
    """The thirteen ranks; the value is the label printed on the card.

    >>> Rank.ACE.pips, Rank.TEN.value, Rank.KING.word, Rank.QUEEN.is_face
    (1, '10', 'king', True)
    """

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def pips(self) -> int:
        """Ace 1, two 2, ... ten 10, jack 11, queen 12, king 13."""
        return _RANK_ORDER.index(self) + 1

    @property
    def word(self) -> str:
        """The rank's name in words, e.g. ``seven``."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The plural name, e.g. ``sixes``."""
        return "sixes" if self is Rank.SIX else self.word + "s"

    @property
    def is_face(self) -> bool:
        """Jack, queen and king are the face (court) cards."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @classmethod
    def from_pips(cls, pips: int) -> Rank:
        """The rank with these pips (1 for ace .. 13 for king).

        >>> Rank.from_pips(12)
        <Rank.QUEEN: 'Q'>
        """
        if not 1 <= pips <= 13:
            raise ValueError(f"pips must be 1 (ace) to 13 (king), got {pips}")
        return _RANK_ORDER[pips - 1]


_RANK_ORDER = tuple(Rank)


@dataclass(frozen=True)
class Card:
    """One playing card.  Cards order by rank (ace low), then suit.

    >>> c = Card(Rank.TEN, Suit.DIAMONDS)
    >>> str(c), c.code, c.name
    ('10♦', '10D', 'ten of diamonds')
    """

    rank: Rank
    suit: Suit
    # The card as the poker evaluator reads it (cardrules.poker.strength), kept on the card
    # so that evaluating a hand reads one attribute per card; see _POKER_CODE below.
    _poker: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            code = _POKER_CODE[id(self.rank)][id(self.suit)]
        except KeyError:
            raise NotCardsError(
                (self.rank, self.suit),
                f"Card(rank, suit) takes a Rank and a Suit, e.g. Card(Rank.ACE, Suit.SPADES); "
                f"got {self.rank!r} and {self.suit!r} (parse_card reads text such as 'AS')",
            ) from None
        object.__setattr__(self, "_poker", code)

    # A card's poker code names it (each card has a bit of its own): comparing and hashing
    # one int is much quicker than the generated (rank, suit) tuple of two enums, and cards
    # are hashed and compared in every pack check, count and set.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self._poker == other._poker

    def __hash__(self) -> int:
        return hash(self._poker)

    def _key(self) -> tuple[int, int]:
        return (self.rank.pips, _SUIT_ORDER.index(self.suit))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() >= other._key()

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def code(self) -> str:
        """ASCII notation, e.g. ``QH``; :func:`parse_card` reads it back."""
        return f"{self.rank.value}{self.suit.letter}"

    @property
    def name(self) -> str:
        """The card in words, e.g. ``queen of hearts``."""
        return f"{self.rank.word} of {self.suit.value}"


_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

# The poker code of each card (read by cardrules.poker), with r = 0 (two) .. 12 (ace) and
# s = 0 (clubs) .. 3 (spades), the card's place i = 13 * s + r in standard_deck():
#   bits 0-31   5 ** r: summed over a hand, the base-5 digits count each rank (no carry
#               while no rank is held five times), so the sum names the ranks held;
#   bits 32-47  1 << 4 * s: four 4-bit counters, one per suit (a flush shows as a count of
#               five or more);
#   bits 48-99  1 << i: summed over distinct cards, as many bits as cards (a card held
#               twice carries, and the count of bits drops).
_POKER_CODE: dict[int, dict[int, int]] = {
    id(rank): {
        id(suit): (1 << (48 + 13 * s + r)) | (1 << (32 + 4 * s)) | 5**r
        for s, suit in enumerate(_SUIT_ORDER)
    }
    for r, rank in enumerate((*_RANK_ORDER[1:], _RANK_ORDER[0]))
}

_RANK_TOKENS = {r.value: r for r in Rank} | {"T": Rank.TEN, "1": None}
_SUIT_TOKENS = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
_TOKEN = re.compile(r"^(10|[2-9AJQKT1])(.*)$")


def parse_card(token: str) -> Card:
    """Read one card: a rank (A, 2-10, T, J, Q, K) then a suit (S H D C or a sign).

    Case does not matter.

    >>> parse_card("10♣"), parse_card(" ks ")
    (Card('10♣'), Card('K♠'))
    >>> parse_card("AX")
    Traceback (most recent call last):
    ...
    cardrules.errors.CardParseError: 'AX' is not a card: the suit 'X' is not one of S, H, D, C, ♠, ♥, ♦, ♣
    """
    if not isinstance(token, str):
        raise NotCardsError(token, f"parse_card reads one card as text, such as 'AS' or '10♦'; "
                                   f"got {token!r} (of type {type(token).__name__})")
    text = token.strip().upper()
    if not text:
        raise CardParseError(token, "it is empty; write a rank then a suit, e.g. 'AS' or '10♦'")
    m = _TOKEN.match(text)
    if m is None:
        return _bad_rank(token, text)
    rank_text, suit_text = m.groups()
    rank = _RANK_TOKENS.get(rank_text)
    if rank is None:
        return _bad_rank(token, rank_text)
    suit = _SUIT_TOKENS.get(suit_text)
    if suit is None:
        if not suit_text:
            raise CardParseError(token, "it has no suit; add one of S, H, D, C, ♠, ♥, ♦, ♣")
        raise CardParseError(
            token, f"the suit {suit_text!r} is not one of S, H, D, C, ♠, ♥, ♦, ♣"
        )
    return Card(rank, suit)


def _bad_rank(token: str, rank_text: str) -> Card:
    shown = rank_text[:1] if rank_text[:1] != "1" else "1"
    raise CardParseError(token, f"the rank {shown!r} is not one of A, 2-10, T, J, Q, K")


class NotCardsError(CardParseError, TypeError):
    """Something given where cards are expected that is neither text nor a list of cards
    (``None``, a number, a list holding something else).

    It is a :class:`~cardrules.errors.CardParseError` (a ``ValueError``) and a
    ``TypeError``; its sentence says what was given and what is allowed.

    >>> str(NotCardsError(None, "expected cards, got None"))
    'expected cards, got None'
    """

    def __init__(self, given: object, message: str) -> None:
        super().__init__(repr(given), message)
        self.given = given

    def __str__(self) -> str:
        return self.reason


_CARDS_ALLOWED = 'a string like "AS KD" or a list of cards'


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas; a list of cards (Card objects or
    card text such as ``"AS"``) is read card by card.

    >>> parse_cards("")
    ()
    >>> parse_cards([parse_card("KD"), "10s"])
    (Card('K♦'), Card('10♠'))
    >>> parse_cards("AS 2S ZZ")
    Traceback (most recent call last):
    ...
    cardrules.errors.CardParseError: 'ZZ' is not a card: the rank 'Z' is not one of A, 2-10, T, J, Q, K

    Anything else is refused with a sentence saying what is allowed:

    >>> parse_cards(None)
    Traceback (most recent call last):
    ...
    cardrules.cards.NotCardsError: parse_cards reads a string like "AS KD" or a list of cards; got None
    >>> parse_cards(["AS", 7])
    Traceback (most recent call last):
    ...
    cardrules.cards.NotCardsError: parse_cards reads a string like "AS KD" or a list of cards; the list holds 7 (of type int), which is not a card
    """
    if isinstance(text, str):
        return tuple(parse_card(t) for t in re.split(r"[\s,]+", text.strip()) if t)
    if isinstance(text, (bytes, bytearray)) or not isinstance(text, Iterable):
        raise NotCardsError(text, f"parse_cards reads {_CARDS_ALLOWED}; got {text!r}")
    out: list[Card] = []
    for item in text:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            out.append(parse_card(item))
        else:
            raise NotCardsError(item, f"parse_cards reads {_CARDS_ALLOWED}; the list holds "
                                      f"{item!r} (of type {type(item).__name__}), which is not a card")
    return tuple(out)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as readable text, e.g. ``A♠ 10♦``.

    >>> cards_text(parse_cards("AS 10D"))
    'A♠ 10♦'
    """
    return " ".join(str(c) for c in cards)


@cache
def standard_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order: clubs, diamonds, hearts, spades; 2 up to ace.

    >>> d = standard_deck()
    >>> len(d), len(set(d)), d[0], d[12]
    (52, 52, Card('2♣'), Card('A♣'))
    """
    ranks = _RANK_ORDER[1:] + _RANK_ORDER[:1]
    return tuple(Card(r, s) for s in _SUIT_ORDER for r in ranks)


def shoe(decks: int = 1) -> tuple[Card, ...]:
    """``decks`` standard decks one after another, unshuffled.

    >>> len(shoe(6))
    312
    >>> shoe(0)
    Traceback (most recent call last):
    ...
    ValueError: a shoe needs 1 to 8 decks, got 0
    """
    if not isinstance(decks, int) or not 1 <= decks <= 8:
        raise ValueError(f"a shoe needs 1 to 8 decks, got {decks}")
    return standard_deck() * decks


def shuffled_shoe(decks: int, rng: Rng) -> tuple[Card, ...]:
    """A seeded shuffle of ``decks`` decks: the same seed gives the same order.

    >>> shuffled_shoe(1, Rng(3)) == shuffled_shoe(1, Rng(3))
    True
    """
    return rng.shuffled(shoe(decks))
