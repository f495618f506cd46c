"""Small helpers the Palace Poker modules share: cards given as text or cards, names,
counts and words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, Suit, parse_card, parse_cards, standard_deck
from ..game import SetupError
from ..poker import poker_value

_DECK = standard_deck()


def _as_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Cards given as Card objects or as text such as ``"KS 10D"``; anything else (None,
    a number, a list holding something that is not a card) is a :class:`SetupError`."""
    if isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards):
        return cards
    if isinstance(cards, str):
        return parse_cards(cards)
    if cards is None or not isinstance(cards, Iterable):
        raise SetupError(f"cards are a list of cards or text such as 'KS 10D', not {cards!r}")
    out = []
    for c in cards:
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.append(parse_card(c))
        else:
            raise SetupError(f"{c!r} is not a card; give Card objects or text such as 'KS 10D'")
    return tuple(out)


def _as_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise SetupError(f"{card!r} is not a card; give a Card or text such as 'KS'")


def _as_suit(suit: Suit | str) -> Suit:
    if isinstance(suit, Suit):
        return suit
    if isinstance(suit, str):
        text = suit.strip().lower()
        for s in Suit:
            if text in (s.value, s.singular, s.letter.lower(), s.symbol):
                return s
    raise ValueError(f"{suit!r} is not a suit; use one of {', '.join(s.value for s in Suit)}")


def _and(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _suit_word(suit: Suit, n: int) -> str:
    return suit.value if n != 1 else suit.singular


def _check_names(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str):
        raise SetupError("give the players as a list of names, e.g. ['Ann', 'Bob']; "
                         f"got the text {players!r}")
    if players is None or not isinstance(players, Iterable):
        raise SetupError(f"give the players as a list of names, e.g. ['Ann', 'Bob']; got {players!r}")
    names = tuple(players)
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise SetupError(f"a player's name is non-empty text, not {n!r}")
    if not 2 <= len(names) <= 10:
        raise SetupError(f"Palace Poker is for 2 to 10 players, not {len(names)}")
    if len(set(names)) != len(names):
        raise SetupError(f"two players have the same name in {list(names)}: each name must be "
                         "different")
    return names


# Cards in the order actions list them: high ranks first, then suits by name.
_PLACE = {c: i for i, c in enumerate(sorted(_DECK, key=lambda c: (-poker_value(c.rank),
                                                                  c.suit.value)))}


def _sorted_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return tuple(sorted(_as_cards(cards), key=_PLACE.__getitem__))


def _check_amount(amount: object) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError(f"an amount is a whole number of chips, not {amount!r}")


def _check_count(soldiers: int) -> None:
    if isinstance(soldiers, bool) or not isinstance(soldiers, int) or not 0 <= soldiers <= 5:
        raise ValueError(f"a player holds 0 to 5 soldiers, got {soldiers!r}")
