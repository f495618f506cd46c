"""Playing a round: the dealer's peek, moving on to the next hand, the legal actions,
applying an action, and playing a dealt round to its end."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..errors import IllegalAction
from ..game import SetupError
from .actions import (
    Action,
    DealerDraw,
    DealerStand,
    Double,
    Hit,
    Insure,
    NoInsurance,
    Split,
    Stand,
)
from .checks import can_double, can_split, can_stand, max_insurance, verify_action
from .profile import load_casino_pontoon  # noqa: F401  (doctests)
from .state import Hand, Phase, RoundState, Seat, round_state
from .values import card_value, dealer_draws, hand_total, is_natural

#: a rule of play for the players' seats, as :func:`play_round` takes it: a state to act
Policy = Callable[[RoundState], Action]


def peek(state: RoundState) -> RoundState:
    """After insurance (or at once, when none is offered): the dealer checks the hole card
    for a pontoon when the up card is an ace or a ten-card (or, with both cards face
    down, always); a dealer pontoon ends the round [casino-pontoon.dealer-pontoon], else
    play starts with the first hand.

    >>> from cardrules.casino_pontoon import new_round
    >>> new_round(load_casino_pontoon(), [10], parse_cards("9C KD 9H AS")).log[-1][0]
    'casino-pontoon.dealer-pontoon'
    """
    state = round_state(state, "peek")
    checks = state.rules.dealer_cards_face_down or card_value(state.dealer[0]) in (1, 10)
    if checks and is_natural(state.dealer):
        text = (f"The dealer has a pontoon ({state.dealer[0]} {state.dealer[1]}) and wins "
                "every stake at once.")
        return replace(state, phase=Phase.OVER, dealer_pontoon=True,
                       log=(*state.log, ("casino-pontoon.dealer-pontoon", text)))
    log = state.log
    if checks:
        log += (("casino-pontoon.dealer-pontoon", "The dealer checks: no pontoon. Play on."),)
    return advance(replace(state, phase=Phase.PLAY, seat=0, hand=0, log=log))


def advance(state: RoundState) -> RoundState:
    """Move on to the next hand that still has to play, from the hand the state points
    at; when none is left, the dealer turns the hole card and plays, unless every hand
    has bust [casino-pontoon.dealer].

    >>> from cardrules.casino_pontoon import new_round
    >>> advance(new_round(load_casino_pontoon(), [10], parse_cards("9C 7D 4H KS"))).phase
    <Phase.PLAY: 'players play'>
    """
    state = round_state(state, "advance")
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
        text = reveal + " Every hand has bust, so the dealer draws no more."
        return replace(state, phase=Phase.OVER, seat=0, hand=0,
                       log=(*state.log, ("casino-pontoon.dealer", text)))
    return replace(state, phase=Phase.DEALER, seat=0, hand=0,
                   log=(*state.log, ("casino-pontoon.dealer", reveal)))


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def legal_actions(state: RoundState) -> tuple[Action, ...]:
    """The actions allowed now.  For insurance any whole amount from 1 to half the stake is
    allowed; the smallest and the largest are offered.

    >>> from cardrules.casino_pontoon import new_round
    >>> legal_actions(new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 8H KS")))
    (Hit(), Stand(), Double(), Split())
    >>> legal_actions(new_round(load_casino_pontoon(), [10], parse_cards("8C AD 8H KS")))
    (NoInsurance(), Insure(amount=1), Insure(amount=5))
    """
    state = round_state(state, "legal_actions")
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
    where = state.where()
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
    return advance(new) if hand.done else new


def apply(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise
    :class:`~cardrules.errors.IllegalAction`.

    >>> from cardrules.casino_pontoon import new_round
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("8C 7D 8H KS 3C 9D"))
    >>> s2 = apply(s, Split())
    >>> [h.describe() for h in s2.seats[0].hands]
    ['8♣ 3♣ (11)', '8♥ 9♦ (17)']
    >>> len(s.seats[0].hands)
    1
    """
    state = round_state(state, "apply")
    verify_action(state, action)
    if isinstance(action, (Insure, NoInsurance)):
        return _insure(state, action.amount if isinstance(action, Insure) else 0)
    if isinstance(action, (DealerDraw, DealerStand)):
        return _dealer_step(state, isinstance(action, DealerDraw))
    h = state.current
    if isinstance(action, Stand):
        hand = replace(h, stood=True)
        text = f"{state.seats[state.seat].name} stands on {h.describe()}."
        return advance(replace(state, seats=_set_hand(state, hand),
                               log=(*state.log, ("casino-pontoon.stand", text))))
    if isinstance(action, Split):
        return _split(state)
    card, rest = _draw(state)
    if isinstance(action, Double):
        hand = replace(h, cards=(*h.cards, card), stake=2 * h.stake, doubled=True)
        return _after_card(state, hand, rest, "casino-pontoon.double",
                           f"doubles to {hand.stake} and gets {card}:")
    hand = replace(h, cards=(*h.cards, card))
    return _after_card(state, hand, rest, "casino-pontoon.hit", f"hits and gets {card}:")


def _insure(state: RoundState, amount: int) -> RoundState:
    seat = replace(state.seats[state.seat], insurance=amount)
    seats = (*state.seats[:state.seat], seat, *state.seats[state.seat + 1:])
    text = (f"{seat.name} insures for {amount}." if amount
            else f"{seat.name} declines insurance.")
    new = replace(state, seats=seats, log=(*state.log, ("casino-pontoon.insurance", text)))
    if state.seat + 1 < len(state.seats):
        return replace(new, seat=state.seat + 1)
    return peek(replace(new, seat=0))


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
    text = (f"{seat.name} splits {h.cards[0]} {h.cards[1]}, adding a stake of "
            f"{seat.stake}: {first.describe()} and {second.describe()}.")
    new = replace(state, seats=seats, shoe=state.shoe[2:],
                  log=(*state.log, ("casino-pontoon.split", text)))
    return advance(new)


def _dealer_step(state: RoundState, draw: bool) -> RoundState:
    if not draw:
        text = f"The dealer stands on {hand_total(state.dealer)}."
        return replace(state, phase=Phase.OVER, log=(*state.log, ("casino-pontoon.dealer", text)))
    card, rest = _draw(state)
    dealer = (*state.dealer, card)
    total = hand_total(dealer)
    text = f"The dealer draws {card}: {_cards(dealer)} ({total})."
    log = (*state.log, ("casino-pontoon.dealer", text))
    new = replace(state, dealer=dealer, shoe=rest, log=log)
    if total > 21:
        return replace(new, phase=Phase.OVER,
                       log=(*log, ("casino-pontoon.bust", "The dealer is bust.")))
    if len(dealer) >= 5 and state.rules.dealer_five_card_trick:
        text = ("The dealer has five cards of 21 or less: a five card trick, which stops the "
                "dealer.")
        return replace(new, phase=Phase.OVER, log=(*log, ("casino-pontoon.five-card-trick", text)))
    return new


def play_round(state: RoundState, policy: Policy) -> RoundState:
    """Play a dealt round to its end: ``policy`` chooses for the players, the dealer
    follows the rules.

    >>> from cardrules.casino_pontoon import new_round, settle
    >>> s = new_round(load_casino_pontoon(), [10], parse_cards("KC 7D 5H KS 9S"))
    >>> end = play_round(s, lambda st: Stand() if can_stand(st) else Hit())
    >>> end.dealer, str(settle(end).net_of(0))
    ((Card('7♦'), Card('K♠')), '-10')
    >>> play_round(s, "stand")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A policy is a function from a round to an action (such as lambda state: Stand()); got 'stand'.
    """
    state = round_state(state, "play_round")
    if not callable(policy):
        raise SetupError("A policy is a function from a round to an action (such as lambda "
                         f"state: Stand()); got {policy!r}.")
    while not state.is_over:
        if state.phase is Phase.DEALER:
            state = apply(state, legal_actions(state)[0])
        else:
            state = apply(state, policy(state))
    return state
