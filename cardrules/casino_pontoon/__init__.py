"""Casino Pontoon: a dealer against each seat's own hands, from a six-deck shoe.

Hands count as in blackjack (ace 1 or 11, ten and faces 10), but an ace and a
ten-card as a hand's first two dealt cards is a *pontoon*, five cards of 21 or
less are a *five card trick*, and every tie goes to the dealer:

>>> from cardrules.cards import parse_cards
>>> hand_total(parse_cards("AS 6D")), is_soft(parse_cards("AS 6D"))
(17, True)
>>> hand_total(parse_cards("AS 6D 9C")), is_soft(parse_cards("AS 6D 9C"))
(16, False)

A round, step by step.  The shoe's next cards are dealt one to each seat,
the dealer's up card, a second card to each seat, then the dealer's hole card:

>>> rules = load_casino_pontoon()
>>> s = new_round(rules, [10], parse_cards("9C 7D 4H KS 5C 2D"))
>>> s.seats[0].hands[0].cards, s.dealer
((Card('9♣'), Card('4♥')), (Card('7♦'), Card('K♠')))
>>> legal_actions(s)
(Hit(), Double())
>>> apply(s, Stand())
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: You may stand only on 15 or more, or with five cards; this hand is 13 with 2 cards. [rule casino-pontoon.stand]
>>> s = apply(s, Hit())
>>> s = apply(s, Stand())
>>> s.phase, legal_actions(s)
(<Phase.DEALER: 'dealer plays'>, (DealerStand(),))
>>> s = apply(s, DealerStand())
>>> [(p.rule_id, str(p.net)) for p in settle(s).payments]
[('casino-pontoon.payouts', '10')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from functools import cache

from ..cards import Card, Rank, parse_card, shoe  # noqa: F401  (parse_card: doctests)
from ..catalog import Rule
from ..errors import IllegalAction
from ..profiles import Profile, load_rules, option, register_profile
from ..rng import Rng

GAME = "casino-pontoon"
SEED = "seeds/002_e6e4716b3245c643.txt"

RULES = (
    Rule("casino-pontoon.values", GAME, "Card values",
         "Aces count 1 or 11, kings, queens, jacks and tens 10, other cards their pips. A hand "
         "counts an ace as 11 when that does not take it over 21 (a soft total), else as 1.",
         f"{SEED}, 'Hodnoty karet při hře Pontoon'; RULES.md §2 and §1"),
    Rule("casino-pontoon.deal", GAME, "The deal",
         "Six 52-card decks. Each seat gets two cards face up; the dealer gets one card face up "
         "and one face down. If the up card is an ace, insurance is offered first; then, with an "
         "ace or a ten-card showing, the dealer checks the hole card for a pontoon.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.deal]",
         house_reading="Cards are dealt in rounds: one to each seat from the dealer's left, "
         "the dealer's up card, a second card to each seat, then the dealer's hole card. The "
         "seed has the dealer check for a pontoon before play; RULES.md settles that insurance "
         "comes first and the check follows."),
    Rule("casino-pontoon.insurance", GAME, "Insurance",
         "When the dealer's up card is an ace, each player may insure for up to half the stake "
         "before the dealer checks for a pontoon. Insurance pays 2 to 1 if the dealer has a "
         "pontoon and is lost otherwise.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.insurance]",
         house_reading="Insurance is a whole number of chips, from 1 up to half the stake "
         "(rounded down)."),
    Rule("casino-pontoon.dealer-pontoon", GAME, "A dealer pontoon",
         "If the dealer's first two cards are a pontoon, the dealer shows it at once and wins "
         "every stake on the table, a player's pontoon included (ties go to the dealer). The "
         "round ends before anyone plays.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.deal]"),
    Rule("casino-pontoon.stand", GAME, "Standing",
         "A player may stand only with a total of 15 or more, or with five cards.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.stand]"),
    Rule("casino-pontoon.hit", GAME, "Hitting",
         "A player may take another card in any situation, even after doubling, until the hand "
         "has five cards.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.hit]",
         house_reading="'Any situation' is taken literally: even a pontoon or a 21 may be hit "
         "(it is never wise)."),
    Rule("casino-pontoon.double", GAME, "Doubling",
         "Holding 2, 3 or 4 cards, a player may double the hand's stake, once per hand, also "
         "after splitting (aces included). The doubled hand gets one card at once and may then "
         "stand or hit on as usual.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.double]",
         house_reading="The seed does not say whether doubling brings a card. As in the online "
         "casino game, a card is dealt at once with the double, and the player may hit after "
         "it; a doubled hand that is under 15 must hit on."),
    Rule("casino-pontoon.split", GAME, "Splitting",
         "Two cards of the same value (king and jack too) may be split into two hands, again and "
         "again; each new hand gets a stake equal to the first and its own second card. Split "
         "hands are played in turn and may hit and double like any other. Options: split only "
         "equal ranks; a limit on the number of hands.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.split]",
         house_reading="At the split both new hands get their second card at once, first hand "
         "first."),
    Rule("casino-pontoon.pontoon", GAME, "Pontoon",
         "A pontoon is an ace and a ten-value card as a hand's first two dealt cards. After a "
         "split an ace and a ten-card is just 21. Option: it counts as a pontoon after a split "
         "too.",
         f"{SEED}, 'Hodnoty karet při hře Pontoon'; RULES.md §2 [casino-pontoon.pontoon]"),
    Rule("casino-pontoon.five-card-trick", GAME, "Five card trick",
         "Five cards totalling 21 or less are a five card trick, whatever the total; all five "
         "card tricks are equal. A hand stops at five cards.",
         f"{SEED}, 'Výherní kombinace'; RULES.md §2 [casino-pontoon.rank]"),
    Rule("casino-pontoon.bust", GAME, "Bust",
         "A hand over 21 loses its stake at once, whatever the dealer does later.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.bust]"),
    Rule("casino-pontoon.dealer", GAME, "The dealer's play",
         "After the players, the dealer turns the hole card and must draw on 16 or less and on "
         "soft 17, and stands on hard 17 or more. Five cards of 21 or less stop the dealer too. "
         "Option: the dealer stands on soft 17.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.dealer]",
         house_reading="When every player hand has bust, the dealer turns the hole card but "
         "draws no more, as in the standard casino rule."),
    Rule("casino-pontoon.rank", GAME, "Who wins",
         "Best first: pontoon; five card trick (all equal); hands of 4 or fewer cards by total, "
         "closer to 21 better; bust. Ties go to the dealer. A dealer five card trick beats every "
         "player hand but a pontoon.",
         f"{SEED}, 'Výherní kombinace'; RULES.md §2 [casino-pontoon.rank]"),
    Rule("casino-pontoon.payouts", GAME, "Payouts",
         "A winning pontoon pays 2 to 1, a winning five card trick 3 to 2, any other win 1 to 1. "
         "Option: the five card trick pays 2 to 1.",
         f"{SEED}, 'Vyplácení sázek'; RULES.md §2 [casino-pontoon.payouts]"),
    Rule("casino-pontoon.face-down", GAME, "Both dealer cards face down",
         "Option: the dealer deals both own cards face down and peeks at them. There is no up "
         "card and no insurance; a dealer pontoon takes every stake at once, as above.",
         "Issue 4 (the online casino rule set); RULES.md §2 [casino-pontoon.deal]", option=True),
)


# -- profile ------------------------------------------------------------------
@register_profile(GAME)
@dataclass(frozen=True)
class CasinoPontoonRules(Profile):
    """Casino Pontoon options.  ``max_hands`` 0 means splits without a limit."""

    decks: int = option(6, "decks in the shoe", low=1, high=8)
    dealer_hits_soft_17: bool = option(True, "the dealer draws on soft 17 (false: stands)")
    dealer_cards_face_down: bool = option(
        False, "both dealer cards face down with a peek for pontoon: no up card, no insurance")
    dealer_five_card_trick: bool = option(
        True, "five dealer cards of 21 or less stop the dealer and beat all but a pontoon")
    five_card_trick_pays: str = option("3:2", "what a winning five card trick pays",
                                       choices=("3:2", "2:1"))
    split_by: str = option("value", "split two cards of equal 'value' (K-J) or only equal 'rank'",
                           choices=("value", "rank"))
    max_hands: int = option(0, "most hands a seat may split into (0: no limit, 1: no splits)",
                            low=0, high=64)
    split_pontoon: bool = option(False, "an ace and a ten-card after a split count as a pontoon")
    min_bet: int = option(1, "smallest stake", low=1, high=1_000_000)
    max_bet: int = option(1000, "largest stake", low=1, high=1_000_000)

    def __post_init__(self) -> None:
        if self.min_bet > self.max_bet:
            raise ValueError(f"min_bet {self.min_bet} is above max_bet {self.max_bet}")

    @property
    def five_card_trick_multiple(self) -> Fraction:
        """What a winning five card trick pays per chip staked.

        >>> load_casino_pontoon().five_card_trick_multiple
        Fraction(3, 2)
        """
        a, b = self.five_card_trick_pays.split(":")
        return Fraction(int(a), int(b))


def load_casino_pontoon(name: str = GAME) -> CasinoPontoonRules:
    """Load a Casino Pontoon profile, checking it is one.

    >>> p = load_casino_pontoon("casino-pontoon-online")
    >>> p.decks, p.dealer_cards_face_down, p.max_hands
    (8, True, 3)
    """
    p = load_rules(name)
    if not isinstance(p, CasinoPontoonRules):
        raise ValueError(f"profile {name!r} is for {p.game!r}, not Casino Pontoon")
    return p


# -- values ---------------------------------------------------------------------
def card_value(card: Card) -> int:
    """A card's value: ace 1 (or 11, see :func:`hand_total`), ten and faces 10.

    >>> [card_value(parse_card(t)) for t in ("AS", "7D", "10H", "QC")]
    [1, 7, 10, 10]
    """
    try:
        return _VALUE[card.rank]
    except (AttributeError, KeyError):
        raise TypeError(f"expected a Card, got {card!r}") from None


_VALUE = {r: min(i + 1, 10) for i, r in enumerate(Rank)}


def _hard(cards: Iterable[Card]) -> tuple[int, bool]:
    total, ace = 0, False
    for c in cards:
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
    return total + 10 if ace and total + 10 <= 21 else total


def is_soft(cards: Iterable[Card]) -> bool:
    """Whether the hand's total counts an ace as 11 [casino-pontoon.values].

    >>> from cardrules.cards import parse_cards
    >>> is_soft(parse_cards("AS 5D")), is_soft(parse_cards("AS 5D KC"))
    (True, False)
    """
    total, ace = _hard(cards)
    return ace and total + 10 <= 21


def is_bust(cards: Iterable[Card]) -> bool:
    """Over 21 [casino-pontoon.bust].

    >>> from cardrules.cards import parse_cards
    >>> is_bust(parse_cards("KS 5D 7C")), is_bust(parse_cards("KS 5D 6C"))
    (True, False)
    """
    return hand_total(cards) > 21


def is_natural(cards: Sequence[Card]) -> bool:
    """An ace and a ten-value card, exactly two cards (a pontoon if they are a hand's
    first two dealt cards) [casino-pontoon.pontoon].

    >>> from cardrules.cards import parse_cards
    >>> is_natural(parse_cards("AS KD")), is_natural(parse_cards("AS 5D 5C"))
    (True, False)
    """
    return len(cards) == 2 and sorted(card_value(c) for c in cards) == [1, 10]


def is_five_card_trick(cards: Sequence[Card]) -> bool:
    """Five cards of 21 or less [casino-pontoon.five-card-trick].

    >>> from cardrules.cards import parse_cards
    >>> is_five_card_trick(parse_cards("2S 3D 4C 2H 5S")), is_five_card_trick(parse_cards("KS 3D 4C 2H 5S"))
    (True, False)
    """
    return len(cards) == 5 and hand_total(cards) <= 21


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
    rules = rules or _default_rules()
    if len(cards) < 2:
        raise ValueError(f"the dealer's hand has at least two cards, got {len(cards)}")
    total = hand_total(cards)
    if total > 21:
        return False
    if len(cards) >= 5 and rules.dealer_five_card_trick:
        return False
    if total < 17:
        return True
    return total == 17 and rules.dealer_hits_soft_17 and is_soft(cards)


# -- ranking and payouts ------------------------------------------------------------
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
    if hand_total(cards) > 21:
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


def win_multiple(kind: HandKind, rules: CasinoPontoonRules | None = None) -> Fraction:
    """What a winning hand of this kind pays per chip [casino-pontoon.payouts].

    >>> win_multiple(HandKind.PONTOON), win_multiple(HandKind.FIVE_CARD_TRICK), win_multiple(HandKind.TOTAL)
    (Fraction(2, 1), Fraction(3, 2), Fraction(1, 1))
    """
    rules = rules or _default_rules()
    if kind is HandKind.PONTOON:
        return Fraction(2)
    if kind is HandKind.FIVE_CARD_TRICK:
        return rules.five_card_trick_multiple
    if kind is HandKind.TOTAL:
        return Fraction(1)
    raise ValueError("a bust hand never wins")


# -- state ------------------------------------------------------------------------
@dataclass(frozen=True)
class Hand:
    """One player hand: its cards, stake, and whether it was doubled or came from a split."""

    cards: tuple[Card, ...]
    stake: int
    doubled: bool = False
    from_split: bool = False
    stood: bool = False

    @property
    def total(self) -> int:
        """The hand's best total."""
        return hand_total(self.cards)

    @property
    def soft(self) -> bool:
        """Whether an ace counts 11."""
        return is_soft(self.cards)

    @property
    def busted(self) -> bool:
        """Over 21."""
        return self.total > 21

    @property
    def done(self) -> bool:
        """Stood, bust, or five cards: no more play."""
        return self.stood or self.busted or len(self.cards) >= 5

    def describe(self) -> str:
        """The hand in words.

        >>> from cardrules.cards import parse_cards
        >>> Hand(parse_cards("AS 6D"), 10).describe()
        'A♠ 6♦ (soft 17)'
        """
        cards = " ".join(str(c) for c in self.cards)
        if self.busted:
            return f"{cards} (bust, {self.total})"
        return f"{cards} ({'soft ' if self.soft else ''}{self.total})"


@dataclass(frozen=True)
class Seat:
    """A seat: its first stake, its hands, and its insurance (None: not decided or not offered)."""

    stake: int
    hands: tuple[Hand, ...]
    insurance: int | None = None


class Phase(Enum):
    """Where the round is."""

    INSURANCE = "insurance"
    PLAY = "players play"
    DEALER = "dealer plays"
    OVER = "over"


@dataclass(frozen=True)
class Insure:
    """Take insurance of ``amount`` chips (dealer's ace up)."""

    amount: int


@dataclass(frozen=True)
class NoInsurance:
    """Decline insurance."""


@dataclass(frozen=True)
class Hit:
    """Take another card on the hand in play."""


@dataclass(frozen=True)
class Stand:
    """Stand on the hand in play."""


@dataclass(frozen=True)
class Double:
    """Double the stake of the hand in play and take one card."""


@dataclass(frozen=True)
class Split:
    """Split the hand in play into two hands."""


@dataclass(frozen=True)
class DealerDraw:
    """The dealer draws a card."""


@dataclass(frozen=True)
class DealerStand:
    """The dealer stands."""


Action = Insure | NoInsurance | Hit | Stand | Double | Split | DealerDraw | DealerStand
PlayerAction = Hit | Stand | Double | Split


@dataclass(frozen=True)
class RoundState:
    """An immutable round.  ``shoe`` is the rest of the shoe in order; ``seat`` and
    ``hand`` point at the hand to act (or the seat to decide insurance)."""

    rules: CasinoPontoonRules
    seats: tuple[Seat, ...]
    dealer: tuple[Card, ...]
    shoe: tuple[Card, ...]
    phase: Phase
    seat: int = 0
    hand: int = 0
    dealer_pontoon: bool = False
    log: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.OVER

    @property
    def up_card(self) -> Card | None:
        """The dealer's up card, or None when both dealer cards are face down."""
        return None if self.rules.dealer_cards_face_down else self.dealer[0]

    @property
    def current(self) -> Hand:
        """The hand to act."""
        if self.phase is not Phase.PLAY:
            raise ValueError(f"no player hand is in play: the round is at '{self.phase.value}'")
        return self.seats[self.seat].hands[self.hand]

    def visible_dealer(self) -> tuple[Card | None, ...]:
        """The dealer's cards as the players see them: None for a face-down card.

        >>> from cardrules.cards import parse_cards
        >>> new_round(load_casino_pontoon(), [5], parse_cards("9C 7D 4H KS")).visible_dealer()
        (Card('7♦'), None)
        """
        if self.phase in (Phase.DEALER, Phase.OVER):
            return tuple(self.dealer)
        if self.rules.dealer_cards_face_down:
            return (None, None)
        return (self.dealer[0], None)


def _check_stakes(rules: CasinoPontoonRules, stakes: Sequence[int]) -> None:
    if not 1 <= len(stakes) <= 7:
        raise IllegalAction("casino-pontoon.deal",
                            f"A table has 1 to 7 seats in play; {len(stakes)} stakes were given.")
    for i, s in enumerate(stakes):
        if isinstance(s, bool) or not isinstance(s, int):
            raise TypeError(f"seat {i + 1}'s stake must be a whole number of chips, not {s!r}")
        if not rules.min_bet <= s <= rules.max_bet:
            raise IllegalAction("casino-pontoon.deal",
                                f"A stake must be between {rules.min_bet} and {rules.max_bet}; "
                                f"seat {i + 1} staked {s}.")


def new_round(rules: CasinoPontoonRules, stakes: Sequence[int],
              cards: Sequence[Card] | None = None, *, seed: int | str | None = None) -> RoundState:
    """Deal a round for 1 to 7 seats with these stakes [casino-pontoon.deal], from ``cards``
    (the next cards of the shoe, in order) or a shoe of ``rules.decks`` shuffled with ``seed``.

    >>> s = new_round(load_casino_pontoon(), [10, 20], seed=1)
    >>> len(s.seats), len(s.dealer), len(s.shoe)
    (2, 2, 306)
    """
    if not isinstance(rules, CasinoPontoonRules):
        raise TypeError(f"rules must be a Casino Pontoon profile, not {type(rules).__name__}")
    _check_stakes(rules, stakes)
    if cards is None:
        if seed is None:
            raise ValueError("give the cards of the shoe, or a seed to shuffle one")
        cards = Rng(seed).shuffled(shoe(rules.decks))
    cards = tuple(cards)
    for c in cards:
        if not isinstance(c, Card):
            raise TypeError(f"the shoe holds {c!r}, which is not a Card")
    n = len(stakes)
    if len(cards) < 2 * n + 2:
        raise ValueError(f"dealing {n} seat(s) and the dealer needs {2 * n + 2} cards; "
                         f"the shoe has {len(cards)}")
    seats = tuple(Seat(stakes[i], (Hand((cards[i], cards[n + 1 + i]), stakes[i]),))
                  for i in range(n))
    dealer = (cards[n], cards[2 * n + 1])
    rest = cards[2 * n + 2:]
    if rules.dealer_cards_face_down:
        shown = "The dealer's two cards are face down."
    else:
        shown = f"The dealer shows {dealer[0]}; the hole card is face down."
    dealt = "; ".join(f"seat {i + 1}: {seats[i].hands[0].describe()}" for i in range(n))
    log = (("casino-pontoon.deal", f"Dealt {dealt}. {shown}"),)
    state = RoundState(rules, seats, dealer, rest, Phase.INSURANCE, log=log)
    if not rules.dealer_cards_face_down and card_value(dealer[0]) == 1:
        return replace(state, log=(*log, ("casino-pontoon.insurance", "The dealer shows an ace: insurance is offered.")))
    return _peek(state)


def _peek(state: RoundState) -> RoundState:
    """After insurance: the dealer checks for a pontoon, then play starts."""
    rules = state.rules
    checks = rules.dealer_cards_face_down or card_value(state.dealer[0]) in (1, 10)
    if checks and is_natural(state.dealer):
        return replace(state, phase=Phase.OVER, dealer_pontoon=True, log=(*state.log, ("casino-pontoon.dealer-pontoon", f"The dealer has a pontoon ({state.dealer[0]} {state.dealer[1]}) and wins every " "stake at once.")))
    log = state.log
    if checks:
        log += (("casino-pontoon.dealer-pontoon", "The dealer checks: no pontoon. Play on."),)
    return _advance(replace(state, phase=Phase.PLAY, seat=0, hand=0, log=log))


def _advance(state: RoundState) -> RoundState:
    """Move to the next hand that still has to play, then to the dealer."""
    seat, hand = state.seat, state.hand
    while seat < len(state.seats):
        hands = state.seats[seat].hands
        while hand < len(hands):
            if not hands[hand].done:
                return replace(state, phase=Phase.PLAY, seat=seat, hand=hand)
            hand += 1
        seat, hand = seat + 1, 0
    live = any(not h.busted for s in state.seats for h in s.hands)
    reveal = f"The dealer turns the cards: {_cards(state.dealer)} ({hand_total(state.dealer)})."
    if not live:
        return replace(state, phase=Phase.OVER, seat=0, hand=0, log=(*state.log, ("casino-pontoon.dealer", reveal + " Every hand has bust, so the dealer draws no more.")))
    return replace(state, phase=Phase.DEALER, seat=0, hand=0,
                   log=(*state.log, ("casino-pontoon.dealer", reveal)))


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


# -- checks: verify_*, can_* ----------------------------------------------------------
def _need_phase(state: RoundState, phase: Phase, what: str) -> None:
    if state.phase is phase:
        return
    if state.phase is Phase.OVER:
        raise IllegalAction("casino-pontoon.rank" if not state.dealer_pontoon
                            else "casino-pontoon.dealer-pontoon",
                            f"The round is over: nobody may {what} now.")
    if state.phase is Phase.INSURANCE:
        raise IllegalAction("casino-pontoon.insurance",
                            f"Seat {state.seat + 1} must first decide on insurance (the dealer "
                            f"shows an ace); you cannot {what} yet.")
    if state.phase is Phase.DEALER:
        raise IllegalAction("casino-pontoon.dealer",
                            f"The players have finished and the dealer is playing: you cannot "
                            f"{what} now.")
    raise IllegalAction("casino-pontoon.dealer",
                        f"The dealer only plays after every player hand is finished; you cannot "
                        f"{what} now.")


def max_insurance(state: RoundState) -> int:
    """The most the deciding seat may insure: half its stake, rounded down.

    >>> from cardrules.cards import parse_cards
    >>> max_insurance(new_round(load_casino_pontoon(), [15], parse_cards("9C AD 4H KS")))
    7
    """
    if state.phase is not Phase.INSURANCE:
        raise ValueError("insurance is not being offered now")
    return state.seats[state.seat].stake // 2


def verify_insure(state: RoundState, amount: int) -> None:
    """Raise :class:`IllegalAction` unless the deciding seat may insure ``amount`` chips
    [casino-pontoon.insurance].

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("9C AD 4H KS"))
    >>> verify_insure(s, 6)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Insurance is at most half the stake: the stake is 10, so at most 5 (you asked 6). [rule casino-pontoon.insurance]
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError(f"insurance is a whole number of chips, not {amount!r}")
    if state.phase is not Phase.INSURANCE:
        if state.rules.dealer_cards_face_down:
            raise IllegalAction("casino-pontoon.face-down",
                                "Both dealer cards are face down at this table: no insurance is "
                                "offered.")
        if state.phase is Phase.OVER:
            _need_phase(state, Phase.INSURANCE, "insure")
        raise IllegalAction("casino-pontoon.insurance",
                            "Insurance is offered only before play, when the dealer's up card "
                            f"is an ace; the dealer shows {state.dealer[0]}.")
    stake = state.seats[state.seat].stake
    if amount < 1:
        raise IllegalAction("casino-pontoon.insurance",
                            f"Insurance is at least 1 chip (you asked {amount}); to refuse it, "
                            "decline insurance.")
    if 2 * amount > stake:
        raise IllegalAction("casino-pontoon.insurance",
                            f"Insurance is at most half the stake: the stake is {stake}, so at "
                            f"most {stake // 2} (you asked {amount}).")


def can_insure(state: RoundState, amount: int) -> bool:
    """Whether :func:`verify_insure` passes.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("9C AD 4H KS"))
    >>> can_insure(s, 5), can_insure(s, 6)
    (True, False)
    """
    return _can(verify_insure, state, amount)


def _verify_decline(state: RoundState) -> None:
    if state.phase is not Phase.INSURANCE:
        if state.rules.dealer_cards_face_down:
            raise IllegalAction("casino-pontoon.face-down",
                                "Both dealer cards are face down: there is no insurance to "
                                "decline.")
        _need_phase(state, Phase.INSURANCE, "decline insurance")


def verify_hit(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may take a card
    [casino-pontoon.hit].

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("2C 7D 3H KS 2S 2D 4C"))
    >>> s = apply(apply(apply(s, Hit()), Hit()), Hit())
    >>> s.phase.value
    'dealer plays'
    """
    _need_phase(state, Phase.PLAY, "hit")
    h = state.current
    if len(h.cards) >= 5:  # pragma: no cover - a five-card hand is finished at once
        raise IllegalAction("casino-pontoon.hit", "A hand stops at five cards.")


def can_hit(state: RoundState) -> bool:
    """Whether the hand in play may take a card.

    >>> from cardrules.cards import parse_cards
    >>> can_hit(new_round(load_casino_pontoon(), [10], parse_cards("AC 7D KH KS")))
    True
    """
    return _can(verify_hit, state)


def verify_stand(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may stand: 15 or more, or five
    cards [casino-pontoon.stand].

    >>> from cardrules.cards import parse_cards
    >>> verify_stand(new_round(load_casino_pontoon(), [10], parse_cards("7C 7D 7H KS")))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You may stand only on 15 or more, or with five cards; this hand is 14 with 2 cards. [rule casino-pontoon.stand]
    """
    _need_phase(state, Phase.PLAY, "stand")
    h = state.current
    if h.total < 15 and len(h.cards) < 5:
        raise IllegalAction("casino-pontoon.stand",
                            f"You may stand only on 15 or more, or with five cards; this hand is "
                            f"{'soft ' if h.soft else ''}{h.total} with {len(h.cards)} cards.")


def can_stand(state: RoundState) -> bool:
    """Whether the hand in play may stand.

    >>> from cardrules.cards import parse_cards
    >>> can_stand(new_round(load_casino_pontoon(), [10], parse_cards("KC 7D 5H KS")))
    True
    """
    return _can(verify_stand, state)


def verify_double(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may double: 2 to 4 cards, once
    per hand [casino-pontoon.double].

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("5C 7D 4H KS 2S"))
    >>> s = apply(s, Double())
    >>> s.current.stake, len(s.current.cards)
    (20, 3)
    >>> verify_double(s)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: This hand has already doubled (its stake is 20): a hand may double only once. [rule casino-pontoon.double]
    """
    _need_phase(state, Phase.PLAY, "double")
    h = state.current
    if h.doubled:
        raise IllegalAction("casino-pontoon.double",
                            f"This hand has already doubled (its stake is {h.stake}): a hand may "
                            "double only once.")
    if not 2 <= len(h.cards) <= 4:  # pragma: no cover - hands in play hold 2 to 4 cards
        raise IllegalAction("casino-pontoon.double",
                            f"You may double holding 2, 3 or 4 cards; this hand has "
                            f"{len(h.cards)}.")


def can_double(state: RoundState) -> bool:
    """Whether the hand in play may double.

    >>> from cardrules.cards import parse_cards
    >>> can_double(new_round(load_casino_pontoon(), [10], parse_cards("5C 7D 4H KS")))
    True
    """
    return _can(verify_double, state)


def same_for_split(a: Card, b: Card, rules: CasinoPontoonRules | None = None) -> bool:
    """Whether two cards may be split: equal value (K-J too), or equal rank under the
    'rank' option [casino-pontoon.split].

    >>> same_for_split(parse_card("KS"), parse_card("JD"))
    True
    >>> same_for_split(parse_card("KS"), parse_card("JD"), load_casino_pontoon("casino-pontoon-online"))
    False
    """
    rules = rules or _default_rules()
    if rules.split_by == "rank":
        return a.rank is b.rank
    return card_value(a) == card_value(b)


def hand_limit(rules: CasinoPontoonRules) -> int | None:
    """The most hands a seat may hold after splits, or None for no limit.

    >>> hand_limit(load_casino_pontoon()), hand_limit(load_casino_pontoon("casino-pontoon-online"))
    (None, 3)
    """
    return None if rules.max_hands == 0 else rules.max_hands


def verify_split(state: RoundState) -> None:
    """Raise :class:`IllegalAction` unless the hand in play may split [casino-pontoon.split].

    >>> from cardrules.cards import parse_cards
    >>> verify_split(new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 9H KS")))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only two cards of the same value may be split; 8♣ and 9♥ are worth 8 and 9. [rule casino-pontoon.split]
    """
    _need_phase(state, Phase.PLAY, "split")
    rules = state.rules
    h = state.current
    if len(h.cards) != 2:
        raise IllegalAction("casino-pontoon.split",
                            f"Only a hand of two cards may be split; this hand has "
                            f"{len(h.cards)}.")
    a, b = h.cards
    if rules.split_by == "rank" and a.rank is not b.rank:
        raise IllegalAction("casino-pontoon.split",
                            f"At this table only two cards of the same rank may be split; {a} "
                            f"and {b} are {_a(a.rank.word)} and {_a(b.rank.word)}.")
    if card_value(a) != card_value(b):
        raise IllegalAction("casino-pontoon.split",
                            f"Only two cards of the same value may be split; {a} and {b} are "
                            f"worth {card_value(a)} and {card_value(b)}.")
    limit = hand_limit(rules)
    held = len(state.seats[state.seat].hands)
    if limit is not None and held >= limit:
        raise IllegalAction("casino-pontoon.split",
                            f"A seat may hold at most {limit} hand{'s' if limit > 1 else ''} at "
                            f"this table; this seat already holds {held}.")


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def can_split(state: RoundState) -> bool:
    """Whether the hand in play may split.

    >>> from cardrules.cards import parse_cards
    >>> can_split(new_round(load_casino_pontoon(), [10], parse_cards("KC 7D JH KS")))
    True
    """
    return _can(verify_split, state)


def _verify_dealer(state: RoundState, draw: bool) -> None:
    what = "draw for the dealer" if draw else "stand for the dealer"
    if state.phase is not Phase.DEALER:
        _need_phase(state, Phase.DEALER, what)
    must = dealer_draws(state.dealer, state.rules)
    total = hand_total(state.dealer)
    soft = "soft " if is_soft(state.dealer) else ""
    if draw and not must:
        why = ("the dealer stands on hard 17 or more" if not soft or total > 17 else
               "at this table the dealer stands on soft 17")
        raise IllegalAction("casino-pontoon.dealer",
                            f"The dealer has {soft}{total} and must stand: {why}.")
    if not draw and must:
        why = ("the dealer draws on 16 or less" if total <= 16 else
               "the dealer draws on soft 17")
        raise IllegalAction("casino-pontoon.dealer",
                            f"The dealer has {soft}{total} and must draw: {why}.")


def verify_action(state: RoundState, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal now.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("9C AD 4H KS"))
    >>> verify_action(s, Hit())
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Seat 1 must first decide on insurance (the dealer shows an ace); you cannot hit yet. [rule casino-pontoon.insurance]
    """
    if isinstance(action, Insure):
        verify_insure(state, action.amount)
    elif isinstance(action, NoInsurance):
        _verify_decline(state)
    elif isinstance(action, Hit):
        verify_hit(state)
    elif isinstance(action, Stand):
        verify_stand(state)
    elif isinstance(action, Double):
        verify_double(state)
    elif isinstance(action, Split):
        verify_split(state)
    elif isinstance(action, DealerDraw):
        _verify_dealer(state, True)
    elif isinstance(action, DealerStand):
        _verify_dealer(state, False)
    else:
        raise IllegalAction("casino-pontoon.deal",
                            f"{action!r} is not a Casino Pontoon action; use Insure, NoInsurance, "
                            "Hit, Stand, Double, Split, DealerDraw or DealerStand.")


def can_apply(state: RoundState, action: Action) -> bool:
    """Whether ``action`` is legal now.

    >>> from cardrules.cards import parse_cards
    >>> can_apply(new_round(load_casino_pontoon(), [10], parse_cards("9C 7D 4H KS")), Split())
    False
    """
    return _can(verify_action, state, action)


def _can(check: Callable[..., None], *args: object) -> bool:
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def legal_actions(state: RoundState) -> tuple[Action, ...]:
    """The actions allowed now.  For insurance any whole amount from 1 to half the stake is
    allowed; the smallest and the largest are offered.

    >>> from cardrules.cards import parse_cards
    >>> legal_actions(new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 8H KS")))
    (Hit(), Stand(), Double(), Split())
    >>> legal_actions(new_round(load_casino_pontoon(), [10], parse_cards("8C AD 8H KS")))
    (NoInsurance(), Insure(amount=1), Insure(amount=5))
    """
    if state.phase is Phase.INSURANCE:
        top = max_insurance(state)
        return (NoInsurance(), *tuple(Insure(a) for a in sorted({1, top}) if 1 <= a <= top))
    if state.phase is Phase.PLAY:
        out: list[Action] = [Hit()]
        if can_stand(state):
            out.append(Stand())
        if can_double(state):
            out.append(Double())
        if can_split(state):
            out.append(Split())
        return tuple(out)
    if state.phase is Phase.DEALER:
        return (DealerDraw(),) if dealer_draws(state.dealer, state.rules) else (DealerStand(),)
    return ()


# -- applying actions -----------------------------------------------------------------
def _draw(state: RoundState) -> tuple[Card, tuple[Card, ...]]:
    if not state.shoe:
        raise IllegalAction("casino-pontoon.deal", "The shoe is empty: no card is left to deal.")
    return state.shoe[0], state.shoe[1:]


def _set_hand(state: RoundState, hand: Hand) -> tuple[Seat, ...]:
    seat = state.seats[state.seat]
    hands = (*seat.hands[:state.hand], hand, *seat.hands[state.hand + 1:])
    return (*state.seats[:state.seat], replace(seat, hands=hands), *state.seats[state.seat + 1:])


def _after_card(state: RoundState, hand: Hand, rest: tuple[Card, ...], rule_id: str,
                text: str) -> RoundState:
    where = f"Seat {state.seat + 1}" + (f", hand {state.hand + 1}"
                                        if len(state.seats[state.seat].hands) > 1 else "")
    log: tuple[tuple[str, str], ...] = ((rule_id, f"{where}: {text} {hand.describe()}."),)
    if hand.busted:
        log += (("casino-pontoon.bust",
                 f"{where} is bust with {hand.total} and loses its stake of {hand.stake} at "
                 "once."),)
    elif len(hand.cards) == 5:
        log += (("casino-pontoon.five-card-trick",
                 f"{where} has five cards of {hand.total}: a five card trick; the hand is "
                 "finished."),)
    new = replace(state, seats=_set_hand(state, hand), shoe=rest, log=state.log + log)
    return _advance(new) if hand.done else new


def apply(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise
    :class:`IllegalAction`.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 8H KS 3C 9D"))
    >>> s2 = apply(s, Split())
    >>> [h.describe() for h in s2.seats[0].hands]
    ['8♣ 3♣ (11)', '8♥ 9♦ (17)']
    >>> len(s.seats[0].hands)
    1
    """
    verify_action(state, action)
    if isinstance(action, (Insure, NoInsurance)):
        amount = action.amount if isinstance(action, Insure) else 0
        seat = replace(state.seats[state.seat], insurance=amount)
        seats = (*state.seats[:state.seat], seat, *state.seats[state.seat + 1:])
        text = (f"Seat {state.seat + 1} insures for {amount}." if amount
                else f"Seat {state.seat + 1} declines insurance.")
        new = replace(state, seats=seats, log=(*state.log, ("casino-pontoon.insurance", text)))
        if state.seat + 1 < len(state.seats):
            return replace(new, seat=state.seat + 1)
        return _peek(replace(new, seat=0))
    if isinstance(action, (DealerDraw, DealerStand)):
        return _dealer_step(state, isinstance(action, DealerDraw))
    h = state.current
    if isinstance(action, Stand):
        hand = replace(h, stood=True)
        new = replace(state, seats=_set_hand(state, hand), log=(*state.log, ("casino-pontoon.stand", f"Seat {state.seat + 1} stands on {h.describe()}.")))
        return _advance(new)
    if isinstance(action, Split):
        return _split(state)
    card, rest = _draw(state)
    if isinstance(action, Double):
        hand = replace(h, cards=(*h.cards, card), stake=2 * h.stake, doubled=True)
        return _after_card(state, hand, rest, "casino-pontoon.double",
                           f"doubles to {hand.stake} and gets {card}:")
    hand = replace(h, cards=(*h.cards, card))
    return _after_card(state, hand, rest, "casino-pontoon.hit", f"hits and gets {card}:")


def _split(state: RoundState) -> RoundState:
    h = state.current
    seat = state.seats[state.seat]
    if len(state.shoe) < 2:
        raise IllegalAction("casino-pontoon.deal", "The shoe has too few cards left to split.")
    c1, c2 = state.shoe[0], state.shoe[1]
    first = Hand((h.cards[0], c1), seat.stake, from_split=True)
    second = Hand((h.cards[1], c2), seat.stake, from_split=True)
    hands = (*seat.hands[:state.hand], first, second, *seat.hands[state.hand + 1:])
    seats = (*state.seats[:state.seat], replace(seat, hands=hands), *state.seats[state.seat + 1:])
    text = (f"Seat {state.seat + 1} splits {h.cards[0]} {h.cards[1]}, adding a stake of "
            f"{seat.stake}: {first.describe()} and {second.describe()}.")
    new = replace(state, seats=seats, shoe=state.shoe[2:],
                  log=(*state.log, ("casino-pontoon.split", text)))
    return _advance(new)


def _dealer_step(state: RoundState, draw: bool) -> RoundState:
    if not draw:
        return replace(state, phase=Phase.OVER, log=(*state.log, ("casino-pontoon.dealer", f"The dealer stands on {hand_total(state.dealer)}.")))
    card, rest = _draw(state)
    dealer = (*state.dealer, card)
    total = hand_total(dealer)
    text = f"The dealer draws {card}: {_cards(dealer)} ({total})."
    log = (*state.log, ("casino-pontoon.dealer", text))
    new = replace(state, dealer=dealer, shoe=rest, log=log)
    if total > 21:
        return replace(new, phase=Phase.OVER, log=(*log, ("casino-pontoon.bust", "The dealer is bust.")))
    if len(dealer) >= 5 and state.rules.dealer_five_card_trick:
        return replace(new, phase=Phase.OVER, log=(*log, ("casino-pontoon.five-card-trick", "The dealer has five cards of 21 or less: a five card trick, which stops the " "dealer.")))
    return new


def explain(state: RoundState, action: Action) -> str:
    """Why an action is, or is not, allowed now.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("KC 7D 5H KS"))
    >>> explain(s, Stand())
    'Legal: this hand is 15, and a player may stand on 15 or more. [rule casino-pontoon.stand]'
    >>> explain(s, Split())
    'Illegal: Only two cards of the same value may be split; K♣ and 5♥ are worth 10 and 5. [rule casino-pontoon.split]'
    """
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return f"Illegal: {e}"
    rule_id, why = _reason(state, action)
    return f"Legal: {why} [rule {rule_id}]"


def _reason(state: RoundState, action: Action) -> tuple[str, str]:
    if isinstance(action, Insure):
        return ("casino-pontoon.insurance",
                f"the dealer shows an ace, and {action.amount} is at most half the stake.")
    if isinstance(action, NoInsurance):
        return "casino-pontoon.insurance", "insurance is always optional."
    if isinstance(action, (DealerDraw, DealerStand)):
        verb = "draws" if isinstance(action, DealerDraw) else "stands"
        soft = "soft " if is_soft(state.dealer) else ""
        return ("casino-pontoon.dealer",
                f"the dealer {verb} on {soft}{hand_total(state.dealer)}: draw to 16 and on "
                f"soft 17{'' if state.rules.dealer_hits_soft_17 else ' (here: stand)'}, stand "
                "on hard 17 or more.")
    h = state.current
    n = len(h.cards)
    if isinstance(action, Stand):
        if n >= 5:  # pragma: no cover - five cards finish the hand
            return "casino-pontoon.stand", "a five-card hand may stand."
        return ("casino-pontoon.stand",
                f"this hand is {h.total}, and a player may stand on 15 or more.")
    if isinstance(action, Double):
        return ("casino-pontoon.double",
                f"the hand has {n} cards and has not doubled yet: its stake doubles to "
                f"{2 * h.stake} and one card is dealt.")
    if isinstance(action, Split):
        return ("casino-pontoon.split",
                f"{h.cards[0]} and {h.cards[1]} have the same value; the new hand stakes "
                f"{state.seats[state.seat].stake}.")
    return ("casino-pontoon.hit",
            f"the hand has {n} cards; a player may hit in any situation up to five cards.")


# -- settlement -------------------------------------------------------------------------
@dataclass(frozen=True)
class Payment:
    """What one stake won (positive) or lost (negative), and by which rule.  ``hand`` is
    None for an insurance bet."""

    seat: int
    hand: int | None
    amount: int
    net: Fraction
    rule_id: str
    reason: str


@dataclass(frozen=True)
class Settlement:
    """Every stake's outcome.  ``house`` is the dealer's net; the whole is zero-sum."""

    payments: tuple[Payment, ...]
    house: Fraction

    def net_of(self, seat: int) -> Fraction:
        """A seat's net over all its hands and insurance (seats count from 0)."""
        return sum((p.net for p in self.payments if p.seat == seat), Fraction(0))


def hand_kind_in_play(hand: Hand, rules: CasinoPontoonRules) -> HandKind:
    """A player hand's kind under the rules: after a split an ace and ten-card is only 21
    unless the profile counts it as a pontoon [casino-pontoon.pontoon].

    >>> from cardrules.cards import parse_cards
    >>> h = Hand(parse_cards("AS KD"), 10, from_split=True)
    >>> hand_kind_in_play(h, load_casino_pontoon()).value
    'total'
    >>> hand_kind_in_play(h, load_casino_pontoon("casino-pontoon-online")).value
    'pontoon'
    """
    pontoon = not hand.from_split or rules.split_pontoon
    return hand_kind(hand.cards, pontoon)


def dealer_kind(cards: Sequence[Card], rules: CasinoPontoonRules) -> HandKind:
    """The dealer's hand kind: the first two cards may be a pontoon; five cards are a trick
    when the profile gives the dealer five card tricks.

    >>> from cardrules.cards import parse_cards
    >>> dealer_kind(parse_cards("2S 3D 4C 2H 5S"), load_casino_pontoon()).value
    'five card trick'
    """
    return hand_kind(cards, True, rules.dealer_five_card_trick)


def settle(state: RoundState) -> Settlement:
    """Settle every stake of a finished round [casino-pontoon.payouts].

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10, 10], parse_cards("AC 9S 7D KH 9H KS"))
    >>> s = apply(s, Stand())      # seat 1: a pontoon
    >>> s = apply(s, Stand())      # seat 2: 18 against the dealer's 17
    >>> s = apply(s, DealerStand())
    >>> [(p.seat, str(p.net)) for p in settle(s).payments], settle(s).house
    ([(0, '20'), (1, '10')], Fraction(-30, 1))
    """
    if not state.is_over:
        raise ValueError("the round is not over yet: settle it after the dealer has played")
    rules = state.rules
    out: list[Payment] = []
    for i, seat in enumerate(state.seats):
        if seat.insurance:
            if state.dealer_pontoon:
                out.append(Payment(i, None, seat.insurance, Fraction(2 * seat.insurance),
                                   "casino-pontoon.insurance",
                                   "The dealer has a pontoon: insurance pays 2 to 1."))
            else:
                out.append(Payment(i, None, seat.insurance, Fraction(-seat.insurance),
                                   "casino-pontoon.insurance",
                                   "The dealer has no pontoon: the insurance is lost."))
        for j, h in enumerate(seat.hands):
            out.append(_settle_hand(i, j, h, state, rules))
    return Settlement(tuple(out), -sum((p.net for p in out), Fraction(0)))


def _settle_hand(i: int, j: int, h: Hand, state: RoundState, rules: CasinoPontoonRules
                 ) -> Payment:
    lose = Fraction(-h.stake)
    if h.busted:
        return Payment(i, j, h.stake, lose, "casino-pontoon.bust",
                       f"Bust with {h.total}: the stake is lost at once.")
    if state.dealer_pontoon:
        return Payment(i, j, h.stake, lose, "casino-pontoon.dealer-pontoon",
                       "The dealer's pontoon beats every hand, a pontoon too.")
    pk = hand_kind_in_play(h, rules)
    dk = dealer_kind(state.dealer, rules)
    mine = _kind_words(h.cards, pk)
    theirs = _kind_words(state.dealer, dk)
    if player_wins(h.cards, pk, state.dealer, dk):
        m = win_multiple(pk, rules)
        ratio = {Fraction(2): "2 to 1", Fraction(3, 2): "3 to 2", Fraction(1): "1 to 1"}[m]
        return Payment(i, j, h.stake, h.stake * m, "casino-pontoon.payouts",
                       f"{mine} beats the dealer's {theirs}: paid {ratio}.")
    tie = pk is dk and (pk is not HandKind.TOTAL or h.total == hand_total(state.dealer))
    why = "a tie goes to the dealer" if tie else "the dealer's hand is better"
    return Payment(i, j, h.stake, lose, "casino-pontoon.rank",
                   f"{mine} against the dealer's {theirs}: {why}.")


def _kind_words(cards: Sequence[Card], kind: HandKind) -> str:
    if kind is HandKind.PONTOON:
        return "A pontoon"
    if kind is HandKind.FIVE_CARD_TRICK:
        return "A five card trick"
    if kind is HandKind.BUST:
        return f"bust ({hand_total(cards)})"
    return f"{hand_total(cards)} in {len(cards)} cards"


# -- playing whole rounds ---------------------------------------------------------------
Policy = Callable[[RoundState], Action]


def play_round(state: RoundState, policy: Policy) -> RoundState:
    """Play a dealt round to its end: ``policy`` chooses for the players, the dealer
    follows the rules.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("KC 7D 5H KS 9S"))
    >>> end = play_round(s, lambda st: Stand() if can_stand(st) else Hit())
    >>> end.dealer, str(settle(end).net_of(0))
    ((Card('7♦'), Card('K♠')), '-10')
    """
    while not state.is_over:
        if state.phase is Phase.DEALER:
            state = apply(state, legal_actions(state)[0])
        else:
            state = apply(state, policy(state))
    return state


def dealt_cards(state: RoundState) -> tuple[Card, ...]:
    """Every card out of the shoe: each seat's hands in order, then the dealer's.

    >>> from cardrules.cards import parse_cards
    >>> dealt_cards(new_round(load_casino_pontoon(), [5], parse_cards("9C 7D 4H KS")))
    (Card('9♣'), Card('4♥'), Card('7♦'), Card('K♠'))
    """
    out: list[Card] = []
    for seat in state.seats:
        for h in seat.hands:
            out.extend(h.cards)
    return tuple(out) + state.dealer


def staked(state: RoundState) -> int:
    """Chips on the table: every hand's stake (after splits and doubles) and insurance.

    >>> from cardrules.cards import parse_cards
    >>> staked(apply(new_round(load_casino_pontoon(), [5], parse_cards("5C 7D 5H KS 2S")), Double()))
    10
    """
    return sum(h.stake for s in state.seats for h in s.hands) + sum(
        s.insurance or 0 for s in state.seats)


@cache
def _default_rules() -> CasinoPontoonRules:
    return load_casino_pontoon(GAME)


def profile_summary(rules: CasinoPontoonRules) -> dict[str, object]:
    """The options of a profile, for display.

    >>> profile_summary(load_casino_pontoon())["dealer on soft 17"]
    'hits'
    """
    limit = hand_limit(rules)
    return {
        "decks": rules.decks,
        "dealer on soft 17": "hits" if rules.dealer_hits_soft_17 else "stands",
        "dealer cards": "both face down (peek)" if rules.dealer_cards_face_down
        else "one up, one down",
        "dealer five card trick": "yes" if rules.dealer_five_card_trick else "no",
        "five card trick pays": rules.five_card_trick_pays.replace(":", " to "),
        "split": f"equal {rules.split_by}s, " + ("no limit" if limit is None
                                                 else f"at most {limit} hands"),
        "A + ten after a split": "pontoon" if rules.split_pontoon else "21",
    }


__all__ = [
    "RULES", "Action", "CasinoPontoonRules", "DealerDraw", "DealerStand", "Double", "Hand",
    "HandKind", "Hit", "Insure", "NoInsurance", "Payment", "Phase", "RoundState", "Seat",
    "Settlement", "Split", "Stand", "apply", "can_apply", "can_double", "can_hit", "can_insure",
    "can_split", "can_stand", "card_value", "dealer_draws", "dealer_kind", "dealt_cards",
    "explain", "hand_kind", "hand_kind_in_play", "hand_limit", "hand_total", "is_bust",
    "is_five_card_trick", "is_natural", "is_soft", "legal_actions", "load_casino_pontoon",
    "max_insurance", "new_round", "play_round", "player_wins", "profile_summary", "same_for_split",
    "settle", "staked", "verify_action", "verify_double", "verify_hit", "verify_insure",
    "verify_split", "verify_stand", "win_multiple",
]


def deal_rows(rules: CasinoPontoonRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded round's deal as labelled rows of cards (the dealer's hole card shown too).

    >>> [label for label, _ in deal_rows(load_casino_pontoon(), 3, 2)]
    ['Seat 1', 'Seat 2', 'Dealer']
    """
    n = players or 3
    if not 1 <= n <= 7:
        raise ValueError(f"Casino Pontoon seats 1 to 7 players, not {n}")
    s = new_round(rules, [rules.min_bet] * n, seed=seed)
    rows = [(f"Seat {i}", tuple(seat.hands[0].cards)) for i, seat in enumerate(s.seats, 1)]
    return [*rows, ("Dealer", tuple(s.dealer))]
