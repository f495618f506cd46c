"""What Casino's cards are worth, and each card as a number.

A numeral (ace 1 up to ten) captures and builds with its value; in the base game a jack,
queen or king has none [casino.capture.face]; in Royal Casino the courts count 11, 12 and
13 and an ace 1 or 14 [casino.royal].

Each card is also a number, its *code*: four times its pips plus its suit (clubs 0,
diamonds 1, hearts 2, spades 3), so that codes sort as cards do (ace low, then suit) and
``code >> 2`` is the card's pips.  The fast path works on codes and makes cards of them
only when a play is read.

>>> card_code(parse_card("AC")), card_code(parse_card("10D")), CARDS[41]
(4, 41, Card('10♦'))
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import (  # noqa: F401  (cards_text: doctests)
    Card,
    NotCardsError,
    Rank,
    Suit,
    cards_text,
    parse_card,
    parse_cards,
    standard_deck,
)
from ..errors import IllegalAction
from ..game import SetupError
from .profile import CasinoRules, load_casino  # noqa: F401  (load_casino: doctests)

#: the pack every seeded game is shuffled from: its cards are the ones in play
DECK: tuple[Card, ...] = standard_deck()

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
# Looked up by the members' identities: an Enum member is a singleton, and an int key
# hashes at once where an Enum member's hash is worked out in Python.
_RANK_CODE = {id(r): 4 * pips for pips, r in enumerate(Rank, start=1)}
_SUIT_CODE = {id(s): i for i, s in enumerate(_SUITS)}

#: the codes of the jacks, queens and kings start here (``4 * 11``)
FACE_CODE = 44
#: the canonical card of each code (None for 0 to 3, which no card has)
CARDS: tuple[Card | None, ...] = (None,) * 4 + tuple(
    Card(r, s) for r in Rank for s in _SUITS)

#: the code of each card of :data:`DECK` (the cards of every seeded game), by the card's
#: identity: one lookup, where :func:`card_code` reads the rank and the suit
CODE_OF: dict[int, int] = {}

BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)


def card_code(card: Card) -> int:
    """The card as a number: ``4 * pips + suit`` (clubs 0 to spades 3), in card order.

    >>> [card_code(c) for c in parse_cards("AS 2C KH")]
    [7, 8, 54]
    >>> card_code("AS")
    Traceback (most recent call last):
    ...
    cardrules.cards.NotCardsError: 'AS' is not a card; write cards as Card objects or text such as '8S'
    """
    try:
        return _RANK_CODE[id(card.rank)] + _SUIT_CODE[id(card.suit)]
    except (AttributeError, KeyError):
        raise NotCardsError(card, f"{card!r} is not a card; write cards as Card objects or "
                                  "text such as '8S'") from None


CODE_OF.update((id(c), card_code(c)) for c in DECK)
CODE_OF.update((id(c), card_code(c)) for c in CARDS if c is not None)
#: the text of each card of :data:`DECK` (``str(card)``), by the card's identity
TEXT_OF = {id(c): str(c) for c in (*DECK, *(c for c in CARDS if c is not None))}
#: a bit for each card of :data:`DECK`, ``1 << card_code(card)``, by the card's identity
BIT_OF = {k: 1 << code for k, code in CODE_OF.items()}


def card_texts(cards: tuple[Card, ...]) -> str:
    """:func:`~cardrules.cards.cards_text`, the pack's own cards' texts looked up.

    >>> card_texts(DECK[:2]) == cards_text(DECK[:2])
    True
    """
    text = TEXT_OF.get
    return " ".join([text(id(c)) or str(c) for c in cards])


def code_value(code: int, royal: bool) -> int:
    """The value a card of this code adds to a sum: its pips (aces 1), or 0 for a base
    game's face card.

    >>> code_value(card_code(parse_card("KD")), False), code_value(card_code(parse_card("KD")), True)
    (0, 13)
    """
    pips = code >> 2
    return pips if royal or pips <= 10 else 0


def sum_value(card: Card, royal: bool) -> int:
    """The value a card adds to a sum (aces 1); 0 for a face card in the base game.

    >>> sum_value(parse_card("9H"), False), sum_value(parse_card("QH"), False)
    (9, 0)
    """
    return code_value(card_code(card), royal)


def valued(card: Card, royal: bool) -> bool:
    """Whether the card captures and builds by value (every card but the base game's
    jacks, queens and kings).

    >>> valued(parse_card("JS"), False), valued(parse_card("JS"), True)
    (False, True)
    """
    return royal or card_code(card) < FACE_CODE


def card_values(card: Card | str, rules: CasinoRules) -> tuple[int, ...]:
    """The values a card captures and builds with: () for a face card in the base game.

    >>> base, royal = load_casino("casino"), load_casino("royal-casino")
    >>> card_values(parse_card("7S"), base), card_values(parse_card("KD"), base)
    ((7,), ())
    >>> card_values(parse_card("KD"), royal), card_values(parse_card("AH"), royal)
    ((13,), (1, 14))
    """
    royal = getattr(rules, "royal", None)
    if not isinstance(royal, bool):
        raise SetupError(f"card_values needs Casino's rules (a CasinoRules profile); got "
                         f"{rules!r}.")
    if not isinstance(card, Card):
        try:
            card = norm_card(card)
        except ValueError as e:
            raise SetupError(f"card_values reads one card: {e}") from None
    return capture_values(card, royal)


def capture_values(card: Card, royal: bool) -> tuple[int, ...]:
    """:func:`card_values` from the Royal Casino switch alone.

    >>> capture_values(parse_card("AH"), True), capture_values(parse_card("QH"), False)
    ((1, 14), ())
    """
    v = sum_value(card, royal)
    if royal and v == 1:
        return (1, 14)
    return (v,) if v else ()


def norm_card(card: Card | str) -> Card:
    """A card given as a Card or as text (``"8S"``).

    >>> norm_card("8S"), norm_card(parse_card("8S"))
    (Card('8♠'), Card('8♠'))
    >>> norm_card(8)
    Traceback (most recent call last):
    ...
    cardrules.cards.NotCardsError: 8 is not a card; give a Card or text such as '8S'
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise NotCardsError(card, f"{card!r} is not a card; give a Card or text such as '8S'")


def norm_cards(cards: Iterable[Card | str] | str | Card) -> tuple[Card, ...]:
    """Cards given as text, a Card or a list, in card order (the order of a play's
    table cards).

    >>> norm_cards("8D 7C AH")
    (Card('A♥'), Card('7♣'), Card('8♦'))
    """
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str):
        out = parse_cards(cards)
    else:
        try:
            out = tuple(norm_card(c) for c in cards)
        except TypeError as e:
            if isinstance(e, NotCardsError):
                raise
            raise NotCardsError(cards, f"{cards!r} is not a list of cards; give text such "
                                       "as '8D 7C' or a list of cards") from None
    if len(out) > 1:
        out = tuple(sorted(out, key=card_code))
    return out


def card_of(card: object, what: str = "a card") -> Card:
    """A card named by an entry point's caller (a Card or text such as ``"8S"``), or an
    IllegalAction [casino.turn] naming what was given: a play is made with cards.

    >>> card_of("8S")
    Card('8♠')
    >>> card_of(8)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 8 is not a card; name a card as a Card or as text such as '8S'. [rule casino.turn]
    """
    if isinstance(card, Card):
        return card
    try:
        if isinstance(card, str):
            return parse_card(card)
    except ValueError as e:
        raise IllegalAction("casino.turn", f"{what} {e}.") from None
    raise IllegalAction("casino.turn", f"{card!r} is not a card; name a card as a Card or "
                        "as text such as '8S'.")
