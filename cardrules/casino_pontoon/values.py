"""Card values, hand totals, pontoons and five card tricks, the dealer's drawing rule,
how hands rank, what a win pays, and which pairs may split."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from fractions import Fraction

from ..cards import Card, Rank, parse_card  # noqa: F401  (parse_card: doctests)
from ..game import SetupError, check_card_list, check_profile
from .profile import CasinoPontoonRules, default_rules, load_casino_pontoon  # noqa: F401

#: the most a hand may count: over it, it is bust
TWENTY_ONE = 21
#: what counting one ace as 11 instead of 1 adds to a hand
ACE_EXTRA = 10
#: the most cards a hand holds: five cards of 21 or less are a five card trick
MOST_CARDS = 5
#: the dealer draws on this total or less (and on soft 17 unless the profile says stand)
DEALER_DRAWS_TO = 16


def rules_or_default(rules: object) -> CasinoPontoonRules:
    """``rules`` when it is a Casino Pontoon profile, the shipped profile when None, else a
    :class:`~cardrules.game.SetupError`.

    >>> rules_or_default(None).decks
    6
    >>> rules_or_default("casino-pontoon")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: Casino Pontoon needs its own rules (a CasinoPontoonRules profile); got 'casino-pontoon' (a str).
    """
    if rules is None:
        return default_rules()
    return check_profile(rules, CasinoPontoonRules, "Casino Pontoon")


def card_value(card: Card) -> int:
    """A card's value: ace 1 (or 11, see :func:`hand_total`), ten and faces 10.

    >>> [card_value(parse_card(t)) for t in ("AS", "7D", "10H", "QC")]
    [1, 7, 10, 10]
    >>> card_value("AS")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A card's value needs a Card (use parse_card("AS")); got 'AS'.
    """
    if not isinstance(card, Card):
        raise SetupError(f'A card\'s value needs a Card (use parse_card("AS")); got {card!r}.')
    return _VALUE[card.rank]


_VALUE = {r: min(i + 1, 10) for i, r in enumerate(Rank)}


def _hard(cards: Iterable[Card]) -> tuple[int, bool]:
    total, ace = 0, False
    for c in check_card_list(cards, "A hand"):
        v = card_value(c)
        total += v
        ace = ace or v == 1
    return total, ace


def hand_total(cards: Iterable[Card]) -> int:
    """The best total of a hand: one ace counts 11 if that keeps it at 21 or less
    [casino-pontoon.values].

    >>> from cardrules.cards import parse_cards
    >>> hand_total(parse_cards("AS AD 9C")), hand_total(parse_cards("KS QD 5C"))
    (21, 25)
    """
    total, ace = _hard(cards)
    return total + ACE_EXTRA if ace and total + ACE_EXTRA <= TWENTY_ONE else total


def is_soft(cards: Iterable[Card]) -> bool:
    """Whether the hand's total counts an ace as 11 [casino-pontoon.values].

    >>> from cardrules.cards import parse_cards
    >>> is_soft(parse_cards("AS 5D")), is_soft(parse_cards("AS 5D KC"))
    (True, False)
    """
    total, ace = _hard(cards)
    return ace and total + ACE_EXTRA <= TWENTY_ONE


def is_bust(cards: Iterable[Card]) -> bool:
    """Over 21 [casino-pontoon.bust].

    >>> from cardrules.cards import parse_cards
    >>> is_bust(parse_cards("KS 5D 7C")), is_bust(parse_cards("KS 5D 6C"))
    (True, False)
    """
    return hand_total(cards) > TWENTY_ONE


def is_natural(cards: Sequence[Card]) -> bool:
    """An ace and a ten-value card, exactly two cards (a pontoon if they are a hand's
    first two dealt cards) [casino-pontoon.pontoon].

    >>> from cardrules.cards import parse_cards
    >>> is_natural(parse_cards("AS KD")), is_natural(parse_cards("AS 5D 5C"))
    (True, False)
    """
    cards = check_card_list(cards, "A hand")
    return len(cards) == 2 and sorted(card_value(c) for c in cards) == [1, 10]


def is_five_card_trick(cards: Sequence[Card]) -> bool:
    """Five cards of 21 or less [casino-pontoon.five-card-trick].

    >>> from cardrules.cards import parse_cards
    >>> is_five_card_trick(parse_cards("2S 3D 4C 2H 5S")), is_five_card_trick(parse_cards("KS 3D 4C 2H 5S"))
    (True, False)
    """
    cards = check_card_list(cards, "A hand")
    return len(cards) == MOST_CARDS and hand_total(cards) <= TWENTY_ONE


def dealer_draws(cards: Sequence[Card], rules: CasinoPontoonRules | None = None) -> bool:
    """Whether the dealer must draw on these cards [casino-pontoon.dealer].

    The dealer draws on 16 or less and on soft 17 (unless the profile stands
    on soft 17), and stops with five cards of 21 or less when the dealer's
    five card trick is in force.

    >>> from cardrules.cards import parse_cards
    >>> dealer_draws(parse_cards("AS 6D")), dealer_draws(parse_cards("KS 7D"))
    (True, False)
    >>> dealer_draws(parse_cards("AS 6D"), load_casino_pontoon("casino-pontoon-s17"))
    False
    >>> dealer_draws(parse_cards("2S 2D 3C 2H 4S"))
    False
    """
    rules = rules_or_default(rules)
    cards = check_card_list(cards, "The dealer's hand")
    if len(cards) < 2:
        raise SetupError(f"The dealer's hand has at least two cards; got {len(cards)}.")
    total = hand_total(cards)
    if total > TWENTY_ONE:
        return False
    if len(cards) >= MOST_CARDS and rules.dealer_five_card_trick:
        return False
    if total <= DEALER_DRAWS_TO:
        return True
    return total == DEALER_DRAWS_TO + 1 and rules.dealer_hits_soft_17 and is_soft(cards)


class HandKind(Enum):
    """What a finished hand is, for ranking."""

    PONTOON = "pontoon"
    FIVE_CARD_TRICK = "five card trick"
    TOTAL = "total"
    BUST = "bust"


def hand_kind(cards: Sequence[Card], pontoon: bool, five_card_trick: bool = True) -> HandKind:
    """Classify a finished hand.  ``pontoon`` says whether an ace and ten-card here count
    as a pontoon (first two dealt cards); ``five_card_trick`` whether five cards do.

    >>> from cardrules.cards import parse_cards
    >>> hand_kind(parse_cards("AS KD"), True).value, hand_kind(parse_cards("AS KD"), False).value
    ('pontoon', 'total')
    """
    cards = check_card_list(cards, "A hand")
    if hand_total(cards) > TWENTY_ONE:
        return HandKind.BUST
    if pontoon and is_natural(cards):
        return HandKind.PONTOON
    if five_card_trick and is_five_card_trick(cards):
        return HandKind.FIVE_CARD_TRICK
    return HandKind.TOTAL


_KIND_ORDER = {HandKind.BUST: 0, HandKind.TOTAL: 1, HandKind.FIVE_CARD_TRICK: 2,
               HandKind.PONTOON: 3}


def player_wins(player: Sequence[Card], player_kind: HandKind, dealer: Sequence[Card],
                dealer_kind: HandKind) -> bool:
    """Whether a player hand beats the dealer's [casino-pontoon.rank]: pontoon, then five
    card trick, then totals; every tie goes to the dealer, and a bust always loses.

    >>> from cardrules.cards import parse_cards
    >>> p, d = parse_cards("KS 9D"), parse_cards("10C 9H")
    >>> player_wins(p, HandKind.TOTAL, d, HandKind.TOTAL)
    False
    >>> player_wins(p, HandKind.TOTAL, parse_cards("10C 6H 8S"), HandKind.BUST)
    True
    """
    for kind in (player_kind, dealer_kind):
        _check_kind(kind)
    if player_kind is HandKind.BUST:
        return False
    if dealer_kind is HandKind.BUST:
        return True
    pk, dk = _KIND_ORDER[player_kind], _KIND_ORDER[dealer_kind]
    if pk != dk:
        return pk > dk
    if player_kind is HandKind.TOTAL:
        return hand_total(player) > hand_total(dealer)
    return False


def _check_kind(kind: object) -> None:
    if not isinstance(kind, HandKind):
        raise SetupError(f"A hand's kind is one of {', '.join(k.name for k in HandKind)} (a "
                         f"HandKind); got {kind!r}.")


def win_multiple(kind: HandKind, rules: CasinoPontoonRules | None = None) -> Fraction:
    """What a winning hand of this kind pays per chip [casino-pontoon.payouts].

    >>> win_multiple(HandKind.PONTOON), win_multiple(HandKind.FIVE_CARD_TRICK), win_multiple(HandKind.TOTAL)
    (Fraction(2, 1), Fraction(3, 2), Fraction(1, 1))
    """
    rules = rules_or_default(rules)
    _check_kind(kind)
    if kind is HandKind.PONTOON:
        return Fraction(2)
    if kind is HandKind.FIVE_CARD_TRICK:
        return rules.five_card_trick_multiple
    if kind is HandKind.TOTAL:
        return Fraction(1)
    raise SetupError("A bust hand never wins: it has no payout.")


def same_for_split(a: Card, b: Card, rules: CasinoPontoonRules | None = None) -> bool:
    """Whether two cards may be split: equal value (K-J too), or equal rank under the
    'rank' option [casino-pontoon.split].

    >>> same_for_split(parse_card("KS"), parse_card("JD"))
    True
    >>> same_for_split(parse_card("KS"), parse_card("JD"), load_casino_pontoon("casino-pontoon-online"))
    False
    """
    rules = rules_or_default(rules)
    a, b = check_card_list((a, b), "The two cards")
    if rules.split_by == "rank":
        return a.rank is b.rank
    return card_value(a) == card_value(b)
