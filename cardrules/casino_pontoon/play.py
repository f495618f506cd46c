"""Playing a round: the deal, the dealer's peek, the legal actions, applying them,
explaining them, and the game contract's questions (whose turn, is it over, the cards)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from ..cards import Card, shoe
from ..errors import IllegalAction
from ..game import SetupError, check_card_list, check_copies, check_profile
from ..rng import Rng
from .checks import can_double, can_split, can_stand, max_insurance, verify_action
from .profile import CasinoPontoonRules, load_casino_pontoon  # noqa: F401  (doctests)
from .state import (
    Action,
    DealerDraw,
    DealerStand,
    Double,
    Hand,
    Hit,
    Insure,
    NoInsurance,
    Phase,
    RoundState,
    Seat,
    Split,
    Stand,
)
from .values import card_value, dealer_draws, hand_total, is_natural, is_soft

# Seats in play at a table, and the stake each seat places when a round is started with
# :func:`start`.
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 1, 7, 3
STANDARD_STAKE = 10
DEALER = "Dealer"


def _check_stakes(rules: CasinoPontoonRules, stakes: Sequence[int]) -> None:
    if stakes is None or isinstance(stakes, (str, bytes)) or not isinstance(stakes, Iterable):
        raise SetupError(f"stakes must be a list of whole numbers of chips, one per seat; "
                         f"got {stakes!r}.")
    if not MIN_SEATS <= len(stakes) <= MAX_SEATS:
        raise SetupError(f"A Casino Pontoon table has {MIN_SEATS} to {MAX_SEATS} seats in play; "
                         f"{len(stakes)} stake{' was' if len(stakes) == 1 else 's were'} "
                         "given.")
    for i, s in enumerate(stakes):
        if isinstance(s, bool) or not isinstance(s, int):
            raise SetupError(f"Seat {i + 1}'s stake must be a whole number of chips, not {s!r}.")
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

    Cards the shoe cannot hold are refused before anything is dealt:

    >>> from cardrules.cards import parse_cards
    >>> new_round(load_casino_pontoon(), [10], parse_cards("AS " * 8))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the shoe holds 8 copies of A♠, but 6 packs hold only 6 of each card.
    """
    check_profile(rules, CasinoPontoonRules, "Casino Pontoon")
    _check_stakes(rules, stakes)
    if cards is None:
        if seed is None:
            raise SetupError("Give the cards of the shoe, or a seed to shuffle one.")
        cards = Rng(seed).shuffled(shoe(rules.decks))
    cards = check_card_list(cards, "the shoe")
    check_copies(cards, rules.decks, "the shoe")
    n = len(stakes)
    if len(cards) < 2 * n + 2:
        raise SetupError(f"dealing {n} seat(s) and the dealer needs {2 * n + 2} cards; "
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


def explain(state: RoundState, action: object) -> str:
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
    assert isinstance(action, (Insure, NoInsurance, Hit, Stand, Double, Split, DealerDraw,
                               DealerStand))
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


Policy = Callable[[RoundState], Action]


def play_round(state: RoundState, policy: Policy) -> RoundState:
    """Play a dealt round to its end: ``policy`` chooses for the players, the dealer
    follows the rules.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("KC 7D 5H KS 9S"))
    >>> from cardrules.casino_pontoon import settle
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


def deal_rows(rules: CasinoPontoonRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded round's deal as labelled rows of cards (the dealer's hole card shown too).

    >>> [label for label, _ in deal_rows(load_casino_pontoon(), 3, 2)]
    ['Seat 1', 'Seat 2', 'Dealer']
    """
    n = _seats(players)
    s = new_round(rules, [rules.min_bet] * n, seed=seed)
    rows = [(f"Seat {i}", tuple(seat.hands[0].cards)) for i, seat in enumerate(s.seats, 1)]
    return [*rows, ("Dealer", tuple(s.dealer))]


def _seats(players: int | None) -> int:
    n = DEFAULT_SEATS if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise SetupError(f"A Casino Pontoon table has {MIN_SEATS} to {MAX_SEATS} seats in play; "
                         f"{n!r} were asked for.")
    return n


def start(rules: CasinoPontoonRules, seed: int | str, players: int | None = None
          ) -> RoundState:
    """The game contract's start: a round for ``players`` seats (3 when None), each staking
    10 chips (kept within the table's limits), dealt from a shoe shuffled with ``seed``.

    >>> s = start(load_casino_pontoon(), seed=2)
    >>> [seat.stake for seat in s.seats], len(s.shoe)
    ([10, 10, 10], 304)
    """
    check_profile(rules, CasinoPontoonRules, "Casino Pontoon")
    stake = min(max(STANDARD_STAKE, rules.min_bet), rules.max_bet)
    return new_round(rules, [stake] * _seats(players), seed=seed)


def seat_name(seat: int) -> str:
    """The name of a seat, counted from 0: ``Seat 1``, ``Seat 2``...

    >>> seat_name(0)
    'Seat 1'
    """
    return f"Seat {seat + 1}"


def is_over(state: RoundState) -> bool:
    """Whether the round has ended: every stake's result is final.

    >>> from cardrules.cards import parse_cards
    >>> is_over(new_round(load_casino_pontoon(), [10], parse_cards("9C KD 9H AS")))  # dealer pontoon
    True
    """
    return state.phase is Phase.OVER


def to_act(state: RoundState) -> str | None:
    """Whose turn it is: the seat deciding on insurance or playing its hand
    (``Seat 1``...), the ``Dealer``, or None when the round is over.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10, 10], parse_cards("KC 9S 7D 8H KH 9C"))
    >>> to_act(s), to_act(apply(s, Stand())), to_act(apply(apply(s, Stand()), Stand()))
    ('Seat 1', 'Seat 2', 'Dealer')
    """
    if state.phase in (Phase.INSURANCE, Phase.PLAY):
        return seat_name(state.seat)
    if state.phase is Phase.DEALER:
        return DEALER
    return None


def cards_in_play(state: RoundState) -> tuple[Card, ...]:
    """Every card of the round: each seat's hands, the dealer's cards, then the rest of
    the shoe.

    >>> len(cards_in_play(start(load_casino_pontoon(), seed=1)))
    312
    """
    out: list[Card] = []
    for seat in state.seats:
        for h in seat.hands:
            out.extend(h.cards)
    return (*out, *state.dealer, *state.shoe)


def random_action(state: RoundState, rng: Rng) -> Action:
    """A legal action drawn with ``rng``; insurance, when taken, is any whole amount from 1
    to half the stake.

    >>> from cardrules.cards import parse_cards
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 8H KS"))
    >>> random_action(s, Rng(1)) in legal_actions(s)
    True
    """
    actions = legal_actions(state)
    if not actions:
        raise IllegalAction("casino-pontoon.rank", "The round is over: no action is legal.")
    action = rng.choice(actions)
    if isinstance(action, Insure):
        return Insure(rng.between(1, max_insurance(state)))
    return action
