"""Punto Banco (baccarat) and the seed's social Banco table.

Hand values are the sum of the points modulo 10 (ace 1, ten and faces 0):

>>> from cardrules.cards import parse_cards
>>> hand_value(parse_cards("7S 8D"))
5
>>> player_draws(5), player_draws(6)
(True, False)
>>> banker_draws(3, parse_card("8H")), banker_draws(6, None)
(False, False)

A coup plays itself from the next cards of the shoe, as the tableau requires:

>>> coup = play_coup(parse_cards("4C 3D 2H KS 9C"))
>>> coup.player, coup.banker, coup.result
((Card('4♣'), Card('2♥')), (Card('3♦'), Card('K♠'), Card('9♣')), <Result.PLAYER: 'player'>)

Cards are dealt alternately: Player, Banker, Player, Banker, then the third
cards.  The same coup, step by step, as the croupier plays it:

>>> s = new_coup(load_banco("punto-banco"), parse_cards("AC 3D 2H KS 8C 5D"))
>>> legal_actions(s)
(Draw(side=<Side.PLAYER: 'player'>),)
>>> s = apply(s, Draw(Side.PLAYER))
>>> legal_actions(s)
(Stand(side=<Side.BANKER: 'banker'>),)
>>> apply(s, Draw(Side.BANKER))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: The banker stands on 3 when the player's third card is an 8: with 3 the banker draws unless the player's third card is an 8. [rule banco.third-card]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache

from .cards import (
    Card,
    Rank,
    Suit,
    parse_card,
    parse_cards,  # noqa: F401  (the doctests read cards from text)
    shoe,
)
from .catalog import Rule
from .errors import IllegalAction
from .profiles import Profile, load_rules, option, register_profile
from .rng import Rng

SEED = "seeds/003_9276c7179eb7fdb6.txt"

RULES = (
    Rule("banco.deal", "banco", "The deal",
         "The croupier deals two cards each to the Player hand and the Banker hand, alternately: "
         "Player, Banker, Player, Banker.",
         f"{SEED}, 'Pari et traitement'; RULES.md §3 [banco.deal]"),
    Rule("banco.hand-value", "banco", "Hand values",
         "Aces count 1, two to nine their pip value, tens and face cards 0. A hand is worth the "
         "last digit of its sum: 7 + 8 = 15 is worth 5. Totals always run from 0 to 9.",
         f"{SEED}, 'Le pont' and 'Objectif'; RULES.md §3"),
    Rule("banco.natural", "banco", "Naturals",
         "A two-card total of 8 or 9 on either side is a natural. Nobody draws; the hands are "
         "compared at once.",
         f"{SEED}, 'Naturel'; RULES.md §3 [banco.natural]",
         house_reading="When both sides have a natural the higher one wins and equal naturals "
         "tie, as in the standard casino rule; the seed describes only one natural at a time."),
    Rule("banco.player-draw", "banco", "The player's rule",
         "With no natural, the Player hand draws a third card on 0 to 5 and stands on 6 or 7.",
         f"{SEED}, 'Joueur Dessinez Phase'; RULES.md §3 [banco.player-draw]"),
    Rule("banco.third-card", "banco", "The banker's third card",
         "With no natural, the Banker hand follows the tableau. If the Player stood, the banker "
         "draws on 0-5 and stands on 6-7. If the Player drew, the banker draws on 0-2; on 3 "
         "unless the player's third card is an 8; on 4 when it is 2-7; on 5 when it is 4-7; on 6 "
         "when it is 6 or 7; and stands on 7.",
         f"{SEED}, 'Bank Draw Phase'; RULES.md §3 [banco.third-card]",
         house_reading="The seed's translation is loose here (it omits that a banker 3 stands "
         "against a player's third card 8); this book follows the standard tableau of RULES.md."),
    Rule("banco.result", "banco", "Who wins",
         "The higher total wins; equal totals are a tie.",
         f"{SEED}, 'Mettre fin à la main'; RULES.md §3 [banco.result]"),
    Rule("banco.payouts", "banco", "Payouts",
         "Player bets pay 1 to 1. Banker bets pay 1 to 1 less a 5% commission. Tie bets pay 8 to "
         "1 (9 to 1 as an option). On a tie, Player and Banker bets push: they are returned.",
         "RULES.md §3 [banco.payouts] (the standard casino rule; the seed describes the social "
         "table)"),
    Rule("banco.social", "banco", "The social Banco table",
         "2 to 12 players bet on Bank or Player. The highest bidder holds the Player hand. A tie "
         "returns all bets and the hand is dealt again. After each hand the bank passes to the "
         "player on the bank's right.",
         f"{SEED}, 'Pari et traitement', 'Mettre fin à la main', 'main Next'; RULES.md §3 "
         "[banco.social]",
         house_reading="Both sides are paid even money with no commission (the seed names "
         "none), and when only one side has a natural that side wins as usual.",
         option=True),
)


# -- profile ------------------------------------------------------------------
@register_profile("banco")
@dataclass(frozen=True)
class BancoRules(Profile):
    """Punto Banco options."""

    decks: int = option(8, "decks in the shoe", choices=(1, 6, 8))
    tie_pays: int = option(8, "what a winning tie bet pays, to 1", choices=(8, 9))
    commission_percent: int = option(5, "commission on winning Banker bets, in %", low=0, high=10)
    table: str = option("casino", "'casino' Punto Banco or the seed's 'social' table",
                        choices=("casino", "social"))
    min_bet: int = option(1, "smallest bet", low=1, high=1_000_000)
    max_bet: int = option(1000, "largest bet", low=1, high=1_000_000)

    def __post_init__(self) -> None:
        if self.min_bet > self.max_bet:
            raise ValueError(f"min_bet {self.min_bet} is above max_bet {self.max_bet}")


def load_banco(name: str = "punto-banco") -> BancoRules:
    """Load a Punto Banco profile, checking it is one.

    >>> load_banco("banco").table
    'social'
    """
    p = load_rules(name)
    if not isinstance(p, BancoRules):
        raise ValueError(f"profile {name!r} is for {p.game!r}, not Punto Banco")
    return p


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
    return _banker_draws_on(banker_total, points(player_third_card))


def _banker_draws_on(banker_total: int, third: int) -> bool:
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


# -- the coup as a game state ---------------------------------------------------
@dataclass(frozen=True)
class Draw:
    """The croupier deals a third card to ``side``."""

    side: Side


@dataclass(frozen=True)
class Stand:
    """``side`` stands: no third card."""

    side: Side


Action = Draw | Stand


class Stage(Enum):
    """Where the coup is."""

    PLAYER = "player to act"
    BANKER = "banker to act"
    OVER = "over"


@dataclass(frozen=True)
class CoupState:
    """An immutable coup in progress.  ``shoe`` is the rest of the shoe, in order."""

    rules: BancoRules
    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    shoe: tuple[Card, ...]
    stage: Stage
    player_stood: bool = False
    log: tuple[tuple[str, str], ...] = ()

    @property
    def player_total(self) -> int:
        """The Player hand's value."""
        return hand_value(self.player)

    @property
    def banker_total(self) -> int:
        """The Banker hand's value."""
        return hand_value(self.banker)

    @property
    def player_third_card(self) -> Card | None:
        """The Player's third card, or None."""
        return self.player[2] if len(self.player) == 3 else None

    @property
    def is_over(self) -> bool:
        """Whether the coup has ended."""
        return self.stage is Stage.OVER

    @property
    def result(self) -> Result:
        """Who won; only once the coup is over."""
        if not self.is_over:
            raise ValueError("the coup is not over yet")
        return winner(self.player_total, self.banker_total)


def new_coup(rules: BancoRules, cards: Sequence[Card] | None = None, *, seed: int | str | None = None
             ) -> CoupState:
    """Deal a coup [banco.deal]: from ``cards`` (the next cards of the shoe, in order),
    or from a shoe shuffled with ``seed``.

    >>> s = new_coup(load_banco(), seed=1)
    >>> len(s.player), len(s.banker), len(s.shoe)
    (2, 2, 412)
    """
    if cards is None:
        if seed is None:
            raise ValueError("give the cards of the shoe, or a seed to shuffle one")
        cards = Rng(seed).shuffled(shoe(rules.decks))
    cards = tuple(cards)
    if len(cards) < 4:
        raise ValueError(f"a coup needs at least 4 cards to deal, got {len(cards)}")
    for c in cards:
        if not isinstance(c, Card):
            raise TypeError(f"the shoe holds {c!r}, which is not a Card")
    player, banker = (cards[0], cards[2]), (cards[1], cards[3])
    log: tuple[tuple[str, str], ...] = (("banco.deal", f"Player is dealt {cards[0]} {cards[2]} ({hand_value(player)}), "
            f"Banker {cards[1]} {cards[3]} ({hand_value(banker)})."),)
    stage = Stage.PLAYER
    if is_natural(player) or is_natural(banker):
        stage = Stage.OVER
        log += (("banco.natural", "A natural: nobody draws."),)
    return CoupState(rules, player, banker, cards[4:], stage, log=log)


def _required(state: CoupState) -> Action | None:
    if state.stage is Stage.PLAYER:
        return Draw(Side.PLAYER) if player_draws(state.player_total) else Stand(Side.PLAYER)
    if state.stage is Stage.BANKER:
        draws = banker_draws(state.banker_total, state.player_third_card)
        return Draw(Side.BANKER) if draws else Stand(Side.BANKER)
    return None


def legal_actions(state: CoupState) -> tuple[Action, ...]:
    """The one action the rules allow now (Punto Banco leaves no choice), or none.

    >>> legal_actions(new_coup(load_banco(), parse_cards("9C 2D KH 3S")))
    ()
    """
    action = _required(state)
    return () if action is None else (action,)


def explain(state: CoupState, action: Action) -> str:
    """Why an action is, or is not, what the rules require here.

    >>> s = new_coup(load_banco(), parse_cards("3C 2D KH 3S"))
    >>> explain(s, Draw(Side.PLAYER))
    'Legal: the player draws on 3 (0-5 draw, 6-7 stand). [rule banco.player-draw]'
    """
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return f"Illegal: {e}"
    rule_id, reason = _reason(state)
    return f"Legal: {reason} [rule {rule_id}]"


def _reason(state: CoupState) -> tuple[str, str]:
    if state.stage is Stage.PLAYER:
        t = state.player_total
        verb = "draws" if player_draws(t) else "stands"
        return "banco.player-draw", f"the player {verb} on {t} (0-5 draw, 6-7 stand)."
    if state.stage is Stage.BANKER:
        r = banker_reason(state.banker_total, state.player_third_card)
        return "banco.third-card", r[0].lower() + r[1:]
    return "banco.natural", "the coup is over."


def verify_action(state: CoupState, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is what the rules require now."""
    if not isinstance(action, (Draw, Stand)):
        raise IllegalAction("banco.deal", f"{action!r} is not a Punto Banco action; use Draw or Stand.")
    required = _required(state)
    if required is None:
        if (state.player_total >= 8 and len(state.player) == 2) or (
            state.banker_total >= 8 and len(state.banker) == 2
        ):
            raise IllegalAction("banco.natural", "A natural ends the coup: nobody draws after a "
                                f"natural (Player {state.player_total}, Banker {state.banker_total}).")
        raise IllegalAction("banco.result", "The coup is over: both hands have played.")
    if action == required:
        return
    if action.side is not required.side:
        raise IllegalAction(
            "banco.deal" if state.stage is Stage.PLAYER else "banco.third-card",
            f"It is the {required.side.value}'s turn: the Player hand plays first, then the Banker.",
        )
    if state.stage is Stage.PLAYER:
        t = state.player_total
        if isinstance(action, Draw):
            raise IllegalAction("banco.player-draw",
                                f"The player stands on {t}: the player draws only on 0-5.")
        raise IllegalAction("banco.player-draw",
                            f"The player must draw on {t}: the player draws on 0-5, stands on 6-7.")
    reason = banker_reason(state.banker_total, state.player_third_card)
    raise IllegalAction("banco.third-card", reason)


def can_apply(state: CoupState, action: Action) -> bool:
    """Whether ``action`` is legal now.

    >>> can_apply(new_coup(load_banco(), parse_cards("3C 2D KH 3S")), Stand(Side.PLAYER))
    False
    """
    try:
        verify_action(state, action)
    except IllegalAction:
        return False
    return True


def apply(state: CoupState, action: Action) -> CoupState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise."""
    verify_action(state, action)
    rule_id, reason = _reason(state)
    text = reason[0].upper() + reason[1:]
    player, banker, rest = state.player, state.banker, state.shoe
    if isinstance(action, Draw):
        if not rest:
            raise IllegalAction("banco.deal", "The shoe is empty: no card is left to draw.")
        if action.side is Side.PLAYER:
            player = (*player, rest[0])
        else:
            banker = (*banker, rest[0])
        text += f" Dealt {rest[0]}."
        rest = rest[1:]
    stage = Stage.BANKER if state.stage is Stage.PLAYER else Stage.OVER
    return CoupState(state.rules, player, banker, rest, stage,
                     state.player_stood or (state.stage is Stage.PLAYER and isinstance(action, Stand)),
                     (*state.log, (rule_id, text)))


def play_out(state: CoupState) -> CoupState:
    """Play a dealt coup to its end by the rules.

    >>> play_out(new_coup(load_banco(), seed=5)).is_over
    True
    """
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state


@dataclass(frozen=True)
class Coup:
    """A finished coup: both hands, totals, who drew, the result, and how."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_total: int
    banker_total: int
    player_drew: bool
    banker_drew: bool
    natural: bool
    result: Result
    cards_used: int
    steps: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def describe(self) -> str:
        """The coup in words, step by step.

        >>> print(play_coup(parse_cards("9C 2D KH 3S")).describe())
        Player is dealt 9♣ K♥ (9), Banker 2♦ 3♠ (5).
        A natural: nobody draws.
        Player wins, 9 to 5.
        """
        lines = [text for _, text in self.steps]
        if self.result is Result.TIE:
            lines.append(f"Tie, {self.player_total} all.")
        else:
            w, hi, lo = (("Player", self.player_total, self.banker_total)
                         if self.result is Result.PLAYER
                         else ("Banker", self.banker_total, self.player_total))
            lines.append(f"{w} wins, {hi} to {lo}.")
        return "\n".join(lines)


def coup_record(state: CoupState) -> Coup:
    """The record of a finished coup."""
    if not state.is_over:
        raise ValueError("the coup is not over yet")
    return Coup(
        state.player, state.banker, state.player_total, state.banker_total,
        len(state.player) == 3, len(state.banker) == 3,
        is_natural(state.player) or is_natural(state.banker),
        state.result, len(state.player) + len(state.banker), state.log,
    )


def play_coup(cards: Iterable[Card | str], rules: BancoRules | None = None) -> Coup:
    """Play one coup from the next cards of the shoe, in order (4 to 6 are used).

    Cards may be given as text.

    >>> c = play_coup(["AS", "5D", "2H", "KC", "6S", "9H"])
    >>> c.player_total, c.banker_total, c.player_drew, c.banker_drew, c.result.value
    (9, 4, True, True, 'player')
    """
    seq = tuple(c if isinstance(c, Card) else parse_card(c) for c in cards)
    state = new_coup(rules or _default_rules(), seq)
    return coup_record(play_out(state))


@cache
def _default_rules() -> BancoRules:
    return load_banco("punto-banco")


# -- bets and settlement ----------------------------------------------------------
class BetOn(Enum):
    """What a bet backs."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


@dataclass(frozen=True)
class Bet:
    """A bettor's stake on one outcome."""

    bettor: str
    on: BetOn
    amount: int

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount <= 0:
            raise ValueError(f"a bet is a positive whole number of chips, got {self.amount!r}")
        if not isinstance(self.on, BetOn):
            raise ValueError(f"a bet is on one of {', '.join(b.value for b in BetOn)}; got {self.on!r}")


@dataclass(frozen=True)
class Payment:
    """What one bet won (positive) or lost (negative), and by which rule."""

    bet: Bet
    net: Fraction
    rule_id: str
    reason: str


@dataclass(frozen=True)
class Settlement:
    """Every bet's outcome.  ``house`` is the bank's net; the whole is zero-sum."""

    payments: tuple[Payment, ...]
    house: Fraction

    def net_of(self, bettor: str) -> Fraction:
        """A bettor's net result over all their bets."""
        return sum((p.net for p in self.payments if p.bet.bettor == bettor), Fraction(0))


def payout(on: BetOn, result: Result, amount: int, rules: BancoRules | None = None
           ) -> tuple[Fraction, str]:
    """The net win of one bet and the reason [banco.payouts].

    >>> payout(BetOn.BANKER, Result.BANKER, 100)
    (Fraction(95, 1), 'Banker wins: paid 1 to 1 less 5% commission.')
    >>> payout(BetOn.PLAYER, Result.TIE, 100)[0]
    Fraction(0, 1)
    """
    rules = rules or _default_rules()
    social = rules.table == "social"
    a = Fraction(amount)
    if on is BetOn.TIE:
        if social:
            raise ValueError("the social Banco table takes no tie bets")
        if result is Result.TIE:
            return a * rules.tie_pays, f"Tie: paid {rules.tie_pays} to 1."
        return -a, f"No tie ({result.value} wins): the tie bet loses."
    if result is Result.TIE:
        why = "returned and the hand is dealt again" if social else "push"
        return Fraction(0), f"Tie: Player and Banker bets {why}."
    if on.value != result.value:
        return -a, f"{result.value.title()} wins: the {on.value} bet loses."
    if on is BetOn.BANKER and not social and rules.commission_percent:
        pct = rules.commission_percent
        return a * (100 - pct) / 100, f"Banker wins: paid 1 to 1 less {pct}% commission."
    return a, f"{result.value.title()} wins: paid 1 to 1."


def settle(bets: Iterable[Bet], coup: Coup, rules: BancoRules | None = None) -> Settlement:
    """Settle every bet on a finished coup [banco.payouts].

    >>> coup = play_coup(parse_cards("9C 2D KH 3S"))
    >>> s = settle([Bet("ann", BetOn.PLAYER, 10), Bet("bob", BetOn.BANKER, 20),
    ...             Bet("cy", BetOn.TIE, 5)], coup)
    >>> [str(p.net) for p in s.payments], s.house
    (['10', '-20', '-5'], Fraction(15, 1))
    """
    rules = rules or _default_rules()
    out = []
    for bet in bets:
        if not rules.min_bet <= bet.amount <= rules.max_bet:
            raise IllegalAction("banco.payouts", f"A bet must be between {rules.min_bet} and "
                                f"{rules.max_bet}; {bet.bettor} bet {bet.amount}.")
        net, why = payout(bet.on, coup.result, bet.amount, rules)
        out.append(Payment(bet, net, "banco.payouts" if rules.table == "casino" else "banco.social",
                           why))
    return Settlement(tuple(out), -sum((p.net for p in out), Fraction(0)))


# -- exact odds -------------------------------------------------------------------
@dataclass(frozen=True)
class Odds:
    """Exact probabilities of each result and each bet's house edge."""

    decks: int
    banker: Fraction
    player: Fraction
    tie: Fraction
    banker_edge: Fraction
    player_edge: Fraction
    tie_edge: Fraction

    def rows(self) -> list[tuple[str, str, str]]:
        """(outcome, probability, house edge of the bet) to six decimals and %.

        >>> exact_odds(8).rows()[0]
        ('Banker', '0.458597', '1.06%')
        """
        return [
            ("Banker", f"{float(self.banker):.6f}", f"{float(self.banker_edge) * 100:.2f}%"),
            ("Player", f"{float(self.player):.6f}", f"{float(self.player_edge) * 100:.2f}%"),
            ("Tie", f"{float(self.tie):.6f}", f"{float(self.tie_edge) * 100:.2f}%"),
        ]


def exact_odds(decks: int = 8, tie_pays: int = 8, commission_percent: int = 5) -> Odds:
    """Exact result probabilities by enumerating every coup, weighted by its chance.

    The shoe is tracked by point value (16 zero-point cards and 4 of each other
    value per deck), cards are drawn without replacement, and all arithmetic is
    in integers until the final fractions.

    >>> o = exact_odds(8)
    >>> round(float(o.banker), 6), round(float(o.player), 6), round(float(o.tie), 6)
    (0.458597, 0.446247, 0.095156)
    >>> o.banker + o.player + o.tie
    Fraction(1, 1)
    """
    if decks not in range(1, 9):
        raise ValueError(f"decks must be 1 to 8, got {decks}")
    return _exact_odds(decks, tie_pays, commission_percent)


@cache
def _exact_odds(decks: int, tie_pays: int, commission_percent: int) -> Odds:
    counts = [16 * decks] + [4 * decks] * 9
    n = 52 * decks
    wins = [0, 0, 0]  # player, banker, tie: number of ordered 6-card sequences
    tail2 = (n - 4) * (n - 5)
    tail1 = n - 5
    # Unordered pairs per side: the weight of a deal depends only on the multiset of
    # the four values, so each side's pair order just multiplies by 1 or 2.
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    c = counts[:]
    for p1, p2 in pairs:
        wp = c[p1]
        c[p1] -= 1
        wp *= c[p2]
        c[p2] -= 1
        mult_p = 1 if p1 == p2 else 2
        pt = (p1 + p2) % 10
        for b1, b2 in pairs:
            w = wp * c[b1]
            c[b1] -= 1
            w *= c[b2]
            c[b2] -= 1
            w *= mult_p * (1 if b1 == b2 else 2)
            bt = (b1 + b2) % 10
            if w:
                _third_cards(c, pt, bt, w, wins, tail1, tail2)
            c[b2] += 1
            c[b1] += 1
        c[p2] += 1
        c[p1] += 1
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    player, banker, tie = (Fraction(x, total) for x in wins)
    k = Fraction(100 - commission_percent, 100)
    return Odds(
        decks, banker, player, tie,
        banker_edge=player - banker * k,
        player_edge=banker - player,
        tie_edge=(1 - tie) - tie * tie_pays,
    )


def _third_cards(c: list[int], pt: int, bt: int, w: int, wins: list[int], tail1: int,
                 tail2: int) -> None:
    if pt >= 8 or bt >= 8 or (pt >= 6 and bt >= 6):
        # A natural, or both stand (player on 6-7 leaves banker 6-7 standing).
        wins[_idx(pt, bt)] += w * tail2
        return
    if pt >= 6:  # player stands, banker draws on 0-5
        for y in range(10):
            if c[y]:
                wins[_idx(pt, (bt + y) % 10)] += w * c[y] * tail1
        return
    for x in range(10):
        cx = c[x]
        if not cx:
            continue
        pt3 = (pt + x) % 10
        wx = w * cx
        if not _banker_draws_on(bt, x):
            wins[_idx(pt3, bt)] += wx * tail1
            continue
        c[x] -= 1
        for y in range(10):
            if c[y]:
                wins[_idx(pt3, (bt + y) % 10)] += wx * c[y]
        c[x] += 1


def _idx(pt: int, bt: int) -> int:
    return 0 if pt > bt else 1 if bt > pt else 2


# -- the social Banco table ---------------------------------------------------------
@dataclass(frozen=True)
class SocialHand:
    """One hand at the social table: who held what, the coups dealt, and the payments."""

    bank: str
    player_hand: str
    coups: tuple[Coup, ...]
    settlement: Settlement
    next_bank: str


def social_hand(players: Sequence[str], bank: str, bets: Sequence[Bet], cards: Sequence[Card],
                rules: BancoRules | None = None) -> SocialHand:
    """Play one hand of the seed's social table [banco.social].

    The highest bidder on Player holds the Player hand; a tie returns all bets
    and the hand is dealt again from the next cards; payments are even money;
    the bank then passes to the player on the bank's right (the previous seat,
    as seats go clockwise).

    >>> h = social_hand(["ann", "bob", "cy"], "ann",
    ...                 [Bet("bob", BetOn.PLAYER, 10), Bet("cy", BetOn.BANKER, 5)],
    ...                 parse_cards("9C 2D KH 3S"), load_banco("banco"))
    >>> h.player_hand, [str(p.net) for p in h.settlement.payments], h.next_bank
    ('bob', ['10', '-5'], 'cy')
    """
    rules = rules or load_banco("banco")
    if not 2 <= len(players) <= 12:
        raise IllegalAction("banco.social", f"The social table seats 2 to 12 players, not {len(players)}.")
    if len(set(players)) != len(players):
        raise ValueError("player names must be different")
    if bank not in players:
        raise ValueError(f"the bank {bank!r} is not at the table")
    for b in bets:
        if b.bettor not in players:
            raise ValueError(f"{b.bettor!r} is not at the table")
        if b.bettor == bank:
            raise IllegalAction("banco.social", "The bank does not bet against itself.")
        if b.on is BetOn.TIE:
            raise IllegalAction("banco.social", "The social table takes bets on Bank or Player only.")
    player_bets = [b for b in bets if b.on is BetOn.PLAYER]
    if not player_bets:
        raise IllegalAction("banco.social", "Someone must bet on Player to hold the Player hand.")
    holder = max(player_bets, key=lambda b: (b.amount, -players.index(b.bettor))).bettor
    coups: list[Coup] = []
    rest = tuple(cards)
    while True:
        coup = play_coup(rest, rules)
        coups.append(coup)
        rest = rest[coup.cards_used:]
        if coup.result is not Result.TIE:
            break
        if len(rest) < 4:
            raise ValueError("the cards ran out while ties were dealt again")
    settlement = settle(bets, coups[-1], rules)
    i = players.index(bank)
    return SocialHand(bank, holder, tuple(coups), settlement, players[i - 1])


def profile_summary(rules: BancoRules) -> Mapping[str, object]:
    """The options of a profile, for display.

    >>> profile_summary(load_banco())["decks"]
    8
    """
    return {"decks": rules.decks, "tie pays": f"{rules.tie_pays} to 1",
            "commission": f"{rules.commission_percent}%", "table": rules.table}


def deal_rows(rules: BancoRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded coup, played out, as labelled rows of cards (for pictures).

    >>> [label for label, _ in deal_rows(load_banco(), 3)]
    ['Player', 'Banker']
    """
    coup = coup_record(play_out(new_coup(rules, seed=seed)))
    return [("Player", coup.player), ("Banker", coup.banker)]
