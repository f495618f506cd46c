"""Card points, hand values, naturals and the drawing rules (the player's rule and the
banker's tableau), and who wins."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from ..cards import Card, Rank, Suit, parse_card  # noqa: F401  (parse_card: doctests)


# -- values and the drawing rules ---------------------------------------------
class Side(Enum):
    """The two hands."""

    PLAYER = "player"
    BANKER = "banker"


class Result(Enum):
    """The result of a coup."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


def points(card: Card) -> int:
    """A card's points: ace 1, 2-9 their pips, ten and faces 0.

    >>> points(parse_card("AS")), points(parse_card("9D")), points(parse_card("QH"))
    (1, 9, 0)
    """
    return card.rank.pips if card.rank.pips < 10 else 0


def hand_value(cards: Iterable[Card]) -> int:
    """The value of a hand: its points modulo 10 [banco.hand-value].

    >>> from cardrules.cards import parse_cards
    >>> hand_value(parse_cards("KS QD")), hand_value(parse_cards("9S 9D 9C"))
    (0, 7)
    """
    return sum(points(c) for c in cards) % 10


def is_natural(cards: Sequence[Card]) -> bool:
    """A two-card 8 or 9 [banco.natural].

    >>> from cardrules.cards import parse_cards
    >>> is_natural(parse_cards("4S 4D")), is_natural(parse_cards("4S 4D KC"))
    (True, False)
    """
    return len(cards) == 2 and hand_value(cards) >= 8


def _check_total(total: int) -> None:
    if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 9:
        raise ValueError(f"a Punto Banco total is a whole number from 0 to 9, got {total!r}")


def player_draws(total: int) -> bool:
    """Whether the Player hand draws on this two-card total (no natural) [banco.player-draw].

    >>> [t for t in range(8) if player_draws(t)]
    [0, 1, 2, 3, 4, 5]
    """
    _check_total(total)
    if total >= 8:
        raise ValueError(f"{total} is a natural: nobody draws")
    return total <= 5


def banker_draws(banker_total: int, player_third_card: Card | None) -> bool:
    """Whether the Banker hand draws [banco.third-card].

    ``player_third_card`` is the Player's third card, or None when the Player stood.

    >>> banker_draws(6, parse_card("7C")), banker_draws(6, parse_card("8C"))
    (True, False)
    >>> banker_draws(5, None), banker_draws(4, parse_card("AD"))
    (True, False)
    """
    _check_total(banker_total)
    if banker_total >= 8:
        raise ValueError(f"{banker_total} is a natural: nobody draws")
    if player_third_card is None:
        return banker_total <= 5
    if not isinstance(player_third_card, Card):
        raise TypeError(f"player_third_card must be a Card or None, not {player_third_card!r}")
    return banker_draws_on(banker_total, points(player_third_card))


def banker_draws_on(banker_total: int, third: int) -> bool:
    """The tableau by points: whether a banker on ``banker_total`` draws when the
    player's third card is worth ``third`` points.

    >>> banker_draws_on(3, 8), banker_draws_on(6, 7)
    (False, True)
    """
    if banker_total <= 2:
        return True
    if banker_total == 3:
        return third != 8
    if banker_total == 4:
        return 2 <= third <= 7
    if banker_total == 5:
        return 4 <= third <= 7
    if banker_total == 6:
        return third in (6, 7)
    return False


_TABLEAU_WORDS = {
    0: "with 0 to 2 the banker always draws",
    1: "with 0 to 2 the banker always draws",
    2: "with 0 to 2 the banker always draws",
    3: "with 3 the banker draws unless the player's third card is an 8",
    4: "with 4 the banker draws when the player's third card is 2 to 7",
    5: "with 5 the banker draws when the player's third card is 4 to 7",
    6: "with 6 the banker draws only when the player's third card is 6 or 7",
    7: "with 7 the banker always stands",
}


def banker_reason(banker_total: int, player_third_card: Card | None) -> str:
    """The tableau's reason for the banker's choice, in words.

    >>> banker_reason(6, None)
    'The banker stands on 6 because the player stood: the banker then draws on 0-5 and stands on 6-7.'
    """
    draws = banker_draws(banker_total, player_third_card)
    verb = "draws" if draws else "stands"
    if player_third_card is None:
        return (f"The banker {verb} on {banker_total} because the player stood: the banker then "
                "draws on 0-5 and stands on 6-7.")
    return (f"The banker {verb} on {banker_total} when the player's third card is "
            f"{_a(player_third_card)}: {_TABLEAU_WORDS[banker_total]}.")


def _a(card: Card) -> str:
    word = card.rank.value if card.rank.pips < 10 or card.rank is Rank.TEN else card.rank.word
    if card.rank is Rank.ACE:
        return "an ace"
    return ("an " if word in ("8",) else "a ") + word


def tableau() -> list[list[str]]:
    """The third-card tableau as rows of text, computed from :func:`banker_draws`.

    Rows are the banker's totals 0-7; columns are "player stood" and the
    player's third card 0-9 ("D" draws, "S" stands).

    >>> tableau()[3]
    ['3', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'S', 'D']
    """
    cards = [Card(Rank.TEN, _any_suit()), *[Card(Rank.from_pips(v), _any_suit()) for v in range(1, 10)]]
    rows = []
    for total in range(8):
        row = [str(total), "D" if banker_draws(total, None) else "S"]
        row += ["D" if banker_draws(total, c) else "S" for c in cards]
        rows.append(row)
    return rows


def _any_suit() -> Suit:
    return Suit.SPADES


def winner(player_total: int, banker_total: int) -> Result:
    """Higher total wins; equal totals tie [banco.result].

    >>> winner(7, 6), winner(4, 4)
    (<Result.PLAYER: 'player'>, <Result.TIE: 'tie'>)
    """
    _check_total(player_total)
    _check_total(banker_total)
    if player_total > banker_total:
        return Result.PLAYER
    if banker_total > player_total:
        return Result.BANKER
    return Result.TIE

