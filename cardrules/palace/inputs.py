"""Reading what a caller gives the Palace Poker functions: cards as Card objects or as text,
a suit, the players' names, a count of soldiers.  Anything that cannot be read is a
:class:`~cardrules.game.SetupError` whose sentence says what was given and what is wanted.

>>> as_cards("KS 10d")
(Card('K♠'), Card('10♦'))
>>> as_cards([1, 2])
Traceback (most recent call last):
...
cardrules.game.SetupError: 1 is not a card; give Card objects or text such as 'KS 10D'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, Suit, parse_card, parse_cards, standard_deck
from ..errors import CardParseError
from ..game import SetupError
from ..poker import poker_value

#: the 52-card pack, in the standard order
DECK: tuple[Card, ...] = standard_deck()

#: each card's place in the order actions list cards: high ranks first, then suits by name
CARD_ORDER: dict[Card, int] = {
    c: i for i, c in enumerate(sorted(DECK, key=lambda c: (-poker_value(c.rank), c.suit.value)))}

#: the most players a hand of Palace Poker deals to, and the fewest
MIN_PLAYERS, MAX_PLAYERS = 2, 10


def as_card(card: object) -> Card:
    """One card, given as a Card or as text such as ``"KS"``.

    >>> as_card("10h")
    Card('10♥')
    >>> as_card(None)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: None is not a card; give a Card or text such as 'KS'
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        try:
            return parse_card(card)
        except CardParseError as e:
            raise SetupError(str(e)) from None
    raise SetupError(f"{card!r} is not a card; give a Card or text such as 'KS'")


def as_cards(cards: object) -> tuple[Card, ...]:
    """Cards given as Card objects or card text (a list of either, or one text such as
    ``"KS 10D"``); anything else (None, a number, a list holding something that is not a
    card) is a :class:`~cardrules.game.SetupError`.

    >>> as_cards(["2C", "AH"]), as_cards("")
    ((Card('2♣'), Card('A♥')), ())
    >>> as_cards(None)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: cards are a list of cards or text such as 'KS 10D', not None
    """
    if isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards):
        return cards
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except CardParseError as e:
            raise SetupError(str(e)) from None
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise SetupError(f"cards are a list of cards or text such as 'KS 10D', not {cards!r}")
    out = []
    for c in cards:
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.append(as_card(c))
        else:
            raise SetupError(f"{c!r} is not a card; give Card objects or text such as 'KS 10D'")
    return tuple(out)


def sorted_cards(cards: object) -> tuple[Card, ...]:
    """Cards (as :func:`as_cards` reads them) in the order actions list them: high ranks
    first, then suits by name.

    >>> sorted_cards("5D KS 5C")
    (Card('K♠'), Card('5♣'), Card('5♦'))
    """
    return tuple(sorted(as_cards(cards), key=CARD_ORDER.__getitem__))


def as_suit(suit: object) -> Suit:
    """A suit, given as a :class:`~cardrules.cards.Suit` or as text: its name, singular or
    plural, its letter or its sign.

    >>> as_suit("hearts"), as_suit("S"), as_suit("♦")
    (<Suit.HEARTS: 'hearts'>, <Suit.SPADES: 'spades'>, <Suit.DIAMONDS: 'diamonds'>)
    >>> as_suit("stars")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: 'stars' is not a suit; use one of clubs, diamonds, hearts, spades
    """
    if isinstance(suit, Suit):
        return suit
    if isinstance(suit, str):
        text = suit.strip().lower()
        for s in Suit:
            if text in (s.value, s.singular, s.letter.lower(), s.symbol):
                return s
    raise SetupError(f"{suit!r} is not a suit; use one of {', '.join(s.value for s in Suit)}")


def check_names(players: object) -> tuple[str, ...]:
    """The players' names, in seat order: 2 to 10 different, non-empty texts.

    >>> check_names(["Ann", "Bob"])
    ('Ann', 'Bob')
    >>> check_names(["Ann"])
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Palace Poker is for 2 to 10 players, not 1
    """
    if isinstance(players, str):
        raise SetupError("give the players as a list of names, e.g. ['Ann', 'Bob']; "
                         f"got the text {players!r}")
    if isinstance(players, (bytes, bytearray)) or not isinstance(players, Iterable):
        raise SetupError(f"give the players as a list of names, e.g. ['Ann', 'Bob']; got {players!r}")
    names = tuple(players)
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise SetupError(f"a player's name is non-empty text, not {n!r}")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(f"Palace Poker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {len(names)}")
    if len(set(names)) != len(names):
        raise SetupError(f"two players have the same name in {list(names)}: each name must be "
                         "different")
    return names


def check_count(soldiers: object) -> int:
    """A number of soldiers a player may hold: a whole number from 0 to 5
    [palace.buy.limit].

    >>> check_count(3)
    3
    >>> check_count(6)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: a player holds 0 to 5 soldiers, got 6
    """
    if isinstance(soldiers, bool) or not isinstance(soldiers, int) or not 0 <= soldiers <= 5:
        raise SetupError(f"a player holds 0 to 5 soldiers, got {soldiers!r}")
    return soldiers
