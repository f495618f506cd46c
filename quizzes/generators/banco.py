"""Punto Banco quiz generators: totals, naturals, the player's rule, the tableau,
results, payouts and the social table.  Every answer comes from the engine, and every
explanation from the engine's reason for the case (:mod:`cardrules.banco.reasons`)."""

from __future__ import annotations

from cardrules import banco
from cardrules.cards import Card, Rank, Suit, cards_text, standard_deck
from cardrules.profiles import Profile
from cardrules.reasons import Reason, Step, Then
from cardrules.rng import Rng
from quizzes.model.question import CardRow, Kind, Question, choice_question, numeric, yes_no
from quizzes.model.registry import generator

PROFILE = "punto-banco"


def _rules(p: Profile) -> banco.BancoRules:
    assert isinstance(p, banco.BancoRules)
    return p


def _cards(rng: Rng, n: int) -> tuple[Card, ...]:
    return rng.sample(standard_deck(), n)


def _hand_with_total(rng: Rng, total: int) -> tuple[Card, Card]:
    """Two cards worth ``total``, drawn at random among all such pairs."""
    while True:
        a, b = rng.sample(standard_deck(), 2)
        if banco.hand_value((a, b)) == total:
            return a, b


@generator("banco.hand-value.total", ["banco.hand-value"], Kind.NUMERIC,
           "What is this hand worth?", PROFILE)
def hand_total(rng: Rng, p: Profile) -> Question:
    """What is this Punto Banco hand worth (the last digit of its points)?"""
    cards = _cards(rng, rng.choice((2, 2, 3)))
    value = banco.value_reason(cards)
    return numeric(
        "banco.hand-value.total", 0, "What is this Punto Banco hand worth?", ["banco.hand-value"],
        value.result, None, Reason("banco.hand-value", (value,)), rows=[CardRow("Hand", cards)],
    )


@generator("banco.natural.spot", ["banco.natural"], Kind.YES_NO, "Is this a natural?", PROFILE)
def natural_spot(rng: Rng, p: Profile) -> Question:
    """Is this hand a natural (a two-card 8 or 9)?"""
    target = rng.choice((8, 9, 8, 9, 7, 6, 5, 0, 18))
    if target == 18:  # three cards worth 8 or 9: not a natural
        while True:
            cards = _cards(rng, 3)
            if banco.hand_value(cards) >= 8:
                break
    else:
        cards = _hand_with_total(rng, target)
    why = Reason("banco.natural", (banco.value_reason(cards), banco.natural_reason(cards)))
    return yes_no("banco.natural.spot", 0, "Is this hand a natural?", ["banco.natural"],
                  banco.is_natural(cards), why, rows=[CardRow("Hand", cards)])


@generator("banco.natural.who-draws", ["banco.natural", "banco.deal"], Kind.MULTIPLE_CHOICE,
           "After the deal, who draws?", PROFILE)
def who_draws(rng: Rng, p: Profile) -> Question:
    """After the deal, who draws a third card: nobody, Player, Banker or both?  The next card
    of the shoe is shown, so that the banker's choice can be worked out too."""
    rules = _rules(p)
    shoe = rng.shuffled(standard_deck())
    if rng.below(3) == 0:  # a third of the time, a natural
        shoe = _natural_deal(rng)
    coup = banco.coup_record(banco.play_out(banco.new_coup(rules, shoe)))
    choices = ("Nobody", "Player only", "Banker only", "Both")
    answer = choices[(1 if coup.player_drew else 0) + (2 if coup.banker_drew else 0)]
    return choice_question(
        "banco.natural.who-draws", 0, "Here is the deal, and the next card of the shoe. Who "
        "draws a third card?", ["banco.natural", "banco.deal"], choices, answer,
        Reason("banco.natural", banco.coup_reason(coup)),
        rows=[CardRow("Player", coup.player[:2]), CardRow("Banker", coup.banker[:2]),
              CardRow("Next card of the shoe", shoe[4:5])],
    )


def _natural_deal(rng: Rng) -> tuple[Card, ...]:
    while True:
        cards = rng.shuffled(standard_deck())
        if banco.is_natural((cards[0], cards[2])) or banco.is_natural((cards[1], cards[3])):
            return cards


@generator("banco.player-draw.decide", ["banco.player-draw"], Kind.YES_NO,
           "Does the player draw?", PROFILE)
def player_decide(rng: Rng, p: Profile) -> Question:
    """Does the Player hand draw a third card on this total?  Half the questions draw."""
    total = rng.below(6) if rng.below(2) else rng.choice((6, 7))
    cards = _hand_with_total(rng, total)
    why = Reason("banco.player-draw", (banco.value_reason(cards, banco.PLAYER_HAND),
                                       banco.player_draw_reason(total)))
    return yes_no("banco.player-draw.decide", 0,
                  "Neither side has a natural. Does the Player hand draw a third card?",
                  ["banco.player-draw"], banco.player_draws(total), why,
                  rows=[CardRow("Player", cards)])


@generator("banco.third-card.decide", ["banco.third-card"], Kind.YES_NO,
           "Does the banker draw?", PROFILE)
def banker_decide(rng: Rng, p: Profile) -> Question:
    """Does the Banker hand draw, by the tableau and the player's third card?"""
    bt = rng.below(8)
    banker_hand = _hand_with_total(rng, bt)
    stood = rng.below(5) == 0
    if stood:
        pt = rng.choice((6, 7))
        player_hand: tuple[Card, ...] = _hand_with_total(rng, pt)
        third = None
        steps: tuple[Step, ...] = (banco.value_reason(player_hand, banco.PLAYER_HAND), banco.player_draw_reason(pt))
    else:
        pt = rng.below(6)
        third = Card(Rank.from_pips(rng.between(1, 13)), rng.choice(tuple(Suit)))
        player_hand = (*_hand_with_total(rng, pt), third)
        steps = (banco.value_reason((third,), "the player's third card"),)
    why = Reason("banco.third-card", (banco.value_reason(banker_hand, banco.BANKER_HAND), *steps,
                                      banco.banker_draw_reason(bt, third)))
    return yes_no(
        "banco.third-card.decide", 0,
        "Neither side has a natural and the Player hand has played. Does the Banker draw?",
        ["banco.third-card"], banco.banker_draws(bt, third), why,
        rows=[CardRow("Player", player_hand), CardRow("Banker", banker_hand)],
    )


@generator("banco.result.winner", ["banco.result"], Kind.MULTIPLE_CHOICE,
           "Who wins this coup?", PROFILE)
def result_winner(rng: Rng, p: Profile) -> Question:
    """Who wins this finished coup: Player, Banker or a tie?"""
    coup = banco.play_coup(rng.shuffled(standard_deck()), _rules(p))
    answer = {"player": "Player", "banker": "Banker", "tie": "Tie"}[coup.result.value]
    why = Reason("banco.result", (banco.value_reason(coup.player, banco.PLAYER_HAND),
                                  banco.value_reason(coup.banker, banco.BANKER_HAND),
                                  banco.result_reason(coup.player_total, coup.banker_total)))
    return choice_question(
        "banco.result.winner", 0, "The coup is over. Who wins?", ["banco.result"],
        ("Player", "Banker", "Tie"), answer, why,
        rows=[CardRow("Player", coup.player), CardRow("Banker", coup.banker)],
    )


@generator("banco.payouts.net", ["banco.payouts"], Kind.NUMERIC,
           "What does this bet win or lose?", PROFILE)
def payout_net(rng: Rng, p: Profile) -> Question:
    """What does this bet win or lose on this result?"""
    rules = _rules(p)
    # the social table takes no tie bets: ask only about the bets these rules take
    bets = tuple(b for b in banco.BetOn if rules.table != "social" or b is not banco.BetOn.TIE)
    on = rng.choice(bets)
    amount = rng.choice((10, 20, 40, 50, 100, 200))
    result = rng.choice(tuple(banco.Result))
    why = banco.payout_reason(on, result, amount, rules)
    rule = "banco.social" if rules.table == "social" else "banco.payouts"
    return numeric(
        "banco.payouts.net", 0,
        f"You bet {amount} on {on.value.title()} and the result is "
        f"{'a tie' if result is banco.Result.TIE else result.value.title() + ' wins'}. "
        "How much do you win? (Type a loss as a negative number, a push as 0.)",
        ["banco.payouts"], why.net, None, Reason(rule, (why,)), unit="chips",
    )


@generator("banco.deal.order", ["banco.deal"], Kind.MULTIPLE_CHOICE,
           "Which cards make the Player hand?", PROFILE)
def deal_order(rng: Rng, p: Profile) -> Question:
    """Which of the first four cards of the shoe make the Player hand?"""
    cards = _cards(rng, 4)
    right = f"{cards[0]} and {cards[2]}"
    choices = rng.shuffled((right, f"{cards[0]} and {cards[1]}",
                            f"{cards[1]} and {cards[3]}", f"{cards[2]} and {cards[3]}"))
    return choice_question(
        "banco.deal.order", 0,
        f"The croupier deals the first four cards of the shoe: {cards_text(cards)}. "
        "Which cards make the Player hand?",
        ["banco.deal"], choices, right, Reason("banco.deal", (banco.deal_reason(cards),)),
        rows=[CardRow("Next cards of the shoe", cards)],
    )


@generator("banco.social.after-tie", ["banco.social"], Kind.MULTIPLE_CHOICE,
           "At the social table, what happens now?", "banco")
def social_after(rng: Rng, p: Profile) -> Question:
    """At the social table, what happens to the bets when the coup ends like this?"""
    rules = _rules(p)
    coup = banco.play_coup(rng.shuffled(standard_deck()), rules)
    choices = ("Bets on Player are paid even money", "Bets on Bank are paid even money",
               "All bets are returned and the hand is dealt again")
    answer = {banco.Result.PLAYER: choices[0], banco.Result.BANKER: choices[1],
              banco.Result.TIE: choices[2]}[coup.result]
    then = (Then("all bets", "are returned and the hand is dealt again")
            if coup.result is banco.Result.TIE else
            Then(f"bets on {'Player' if coup.result is banco.Result.PLAYER else 'Bank'}",
                 "are paid even money, with no commission"))
    why = Reason("banco.social", (
        banco.value_reason(coup.player, banco.PLAYER_HAND),
        banco.value_reason(coup.banker, "the Bank hand"),
        banco.result_reason(coup.player_total, coup.banker_total, "Bank"), then))
    return choice_question(
        "banco.social.after-tie", 0, "At the social Banco table the coup ends like this. What "
        "happens to the bets?", ["banco.social"], choices, answer, why,
        rows=[CardRow("Player", coup.player), CardRow("Bank", coup.banker)],
    )


_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hugo")


@generator("banco.social.next-bank", ["banco.social"], Kind.MULTIPLE_CHOICE,
           "Who holds the bank next?", "banco")
def social_next_bank(rng: Rng, p: Profile) -> Question:
    """At the social table, who holds the bank for the next hand?"""
    seats = _NAMES[:rng.between(3, 7)]
    bank = rng.choice(seats)
    why = banco.rotation_reason(seats, bank, 2)
    return choice_question(
        "banco.social.next-bank", 0,
        f"Seats go clockwise, starting from the croupier's left: {', '.join(seats)} (and back "
        f"to {seats[0]}). {bank} holds the bank this hand. Who holds it next?", ["banco.social"],
        rng.shuffled(seats), why.holders[-1], Reason("banco.social", (why,)),
    )


@generator("banco.first-bank.who", ["banco.first-bank", "banco.social"], Kind.MULTIPLE_CHOICE,
           "Who holds the first bank?", "banco")
def first_bank_who(rng: Rng, p: Profile) -> Question:
    """At the social table, who holds the bank for the first (or a later) hand?"""
    seats = _NAMES[:rng.between(3, 7)]
    hand = rng.choice((1, 1, 1, 2, 3))
    why = banco.rotation_reason(seats, None, hand)
    which = "the first hand" if hand == 1 else f"hand {hand}"
    return choice_question(
        "banco.first-bank.who", 0,
        f"At the social Banco table the players sit clockwise, starting from the croupier's "
        f"left: {', '.join(seats)}. Who holds the bank for {which}?",
        ["banco.first-bank", "banco.social"], rng.shuffled(seats), why.holders[-1],
        Reason("banco.first-bank", (why,)),
    )
