"""The words Palace Poker's sentences share: lists of names, counts, suits.

>>> and_list(["Ann", "Bob", "Cy"]), count_of(1, "soldier"), count_of(3, "soldier")
('Ann, Bob and Cy', '1 soldier', '3 soldiers')
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Suit


def and_list(items: Iterable[str]) -> str:
    """Names joined as a sentence lists them: ``Ann, Bob and Cy``.

    >>> and_list(["Ann"]), and_list(["Ann", "Bob"]), and_list([])
    ('Ann', 'Ann and Bob', '')
    """
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def count_of(n: int, word: str) -> str:
    """``n`` and a noun, plural unless ``n`` is 1.

    >>> count_of(0, "card"), count_of(1, "card")
    ('0 cards', '1 card')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def suit_word(suit: Suit, n: int) -> str:
    """A suit's name for ``n`` cards of it: ``heart`` for one, ``hearts`` for more (or none).

    >>> suit_word(Suit.HEARTS, 1), suit_word(Suit.HEARTS, 2)
    ('heart', 'hearts')
    """
    return suit.value if n != 1 else suit.singular
