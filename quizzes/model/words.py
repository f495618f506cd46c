"""Small pieces of English for the quiz texts: lists, plurals, articles, numbers.

>>> listed(["7♣", "2♦", "9♥"]), counted(1, "card"), counted(3, "card")
('7♣, 2♦ and 9♥', '1 card', '3 cards')
>>> article("ace"), article("king"), capital("the hand is worth 7.")
('an ace', 'a king', 'The hand is worth 7.')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from cardrules.cards import Card, Rank

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def listed(items: Sequence[str], conjunction: str = "and") -> str:
    """Items joined as in English: ``a``, ``a and b``, ``a, b and c``.

    >>> listed([]), listed(["a"]), listed(["a", "b"], "or")
    ('', 'a', 'a or b')
    """
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular or plural.

    >>> counted(0, "card"), counted(2, "party", "parties")
    ('0 cards', '2 parties')
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def number_word(n: int) -> str:
    """A small count in words (``a`` for one, as in "a nine"); digits from ten on.

    >>> number_word(1), number_word(3), number_word(12)
    ('a', 'three', '12')
    """
    if n == 1:
        return "a"
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def article(noun: str) -> str:
    """The noun with ``a`` or ``an``.

    >>> article("eight"), article("8"), article("flush")
    ('an eight', 'an 8', 'a flush')
    """
    an = noun[:1].lower() in "aeio" or noun.startswith(("8", "11", "18"))
    return ("an " if an else "a ") + noun


def capital(text: str) -> str:
    """The text with its first letter capital.

    >>> capital("7♣ counts 7")
    '7♣ counts 7'
    """
    return text[:1].upper() + text[1:]


def verb(n: int, singular: str, plural: str) -> str:
    """The verb agreeing with ``n`` things.

    >>> verb(1, "counts", "count"), verb(2, "counts", "count")
    ('counts', 'count')
    """
    return singular if n == 1 else plural


def possessive(who: str) -> str:
    """Whose: ``your``, ``Ana's``, ``the hand's``.

    >>> possessive("you"), possessive("Ana"), possessive("the Player hand")
    ('your', "Ana's", "the Player hand's")
    """
    return "your" if who.lower() == "you" else f"{who}'s"


def number(x: Fraction | int) -> str:
    """A number for learners: whole numbers plain, others to two decimals; a minus sign.

    >>> number(Fraction(19, 2)), number(-10), number(Fraction(95))
    ('9.50', '−10', '95')
    """
    f = Fraction(x)
    text = str(abs(f.numerator)) if f.denominator == 1 else f"{float(abs(f)):.2f}"
    return ("−" if f < 0 else "") + text


def signed(x: Fraction | int) -> str:
    """A net result with its sign: ``+95``, ``−10``, ``0``.

    >>> signed(95), signed(-10), signed(0)
    ('+95', '−10', '0')
    """
    return ("+" if x > 0 else "") + number(x)


def rank_word(card: Card) -> str:
    """A court card, an ace or a ten by its rank's name; ``""`` for a pip card 2 to 9.

    >>> from cardrules.cards import parse_card
    >>> rank_word(parse_card("KS")), rank_word(parse_card("10D")), rank_word(parse_card("7C"))
    ('king', 'ten', '')
    """
    r = card.rank
    return r.word if r in (Rank.ACE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) else ""


def cards_listed(cards: Sequence[Card]) -> str:
    """Cards in a sentence: ``7♣``, ``7♣ and 9♥``, ``7♣, 2♦ and 9♥``.

    >>> from cardrules.cards import parse_cards
    >>> cards_listed(parse_cards("7C 9H"))
    '7♣ and 9♥'
    """
    return listed([str(c) for c in cards])
