"""The Casino Pontoon catalog: each rule's id, statement, source and house reading, and how a
rule reads under the profile's other options (:class:`~cardrules.catalog.HouseRule`)."""

from __future__ import annotations

from typing import Any

from ..catalog import HouseRule, Rule

GAME = "casino-pontoon"
SEED = "seeds/002_e6e4716b3245c643.txt"

_NUMBERS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight")
_FACE_DOWN = "the standard game deals the dealer one card face up"
_TRICK = "the standard game's dealer stops at five cards, a five card trick"


def _decks(p: Any) -> str:
    n = p.decks
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} 52-card deck{'s' if n != 1 else ''}."


def _splits(p: Any) -> str:
    if p.max_hands == 1:
        return "At this table there is no splitting: each seat plays the one hand it is dealt."
    which = ("the same value (king and jack too)" if p.split_by == "value"
             else "the same rank (not a king and a jack)")
    how = "again and again" if p.max_hands == 0 else f"up to {p.max_hands} hands in all"
    return (f"Two cards of {which} may be split into two hands, {how}; each new hand gets a "
            "stake equal to the first and its own second card. Split hands are played in turn "
            "and may hit and double like any other.")

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
         "source rules have the dealer check for a pontoon before play; this book offers "
         "insurance first and the check follows, as casinos do.",
         house_rules=(
             HouseRule("decks", "Six 52-card decks.", _decks, "the standard game: six decks"),
             HouseRule("dealer_cards_face_down", "the dealer gets one card face up and one face "
                       "down. If the up card is an ace, insurance is offered first; then, with an "
                       "ace or a ten-card showing, the dealer checks the hole card for a pontoon.",
                       {True: "the dealer gets both cards face down and peeks at them for a "
                              "pontoon at once: there is no up card and no insurance."},
                       _FACE_DOWN),
             HouseRule("dealer_cards_face_down", "Cards are dealt in rounds: one to each seat "
                       "from the dealer's left, the dealer's up card, a second card to each "
                       "seat, then the dealer's hole card. The source rules have the dealer "
                       "check for a pontoon before play; this book offers insurance first and "
                       "the check follows, as casinos do.",
                       {True: "Cards are dealt in rounds: one to each seat from the dealer's "
                              "left, the dealer's first card, a second card to each seat, then "
                              "the dealer's second card; the dealer then peeks for a pontoon "
                              "before anyone plays."},
                       _FACE_DOWN),
         )),
    Rule("casino-pontoon.insurance", GAME, "Insurance",
         "When the dealer's up card is an ace, each player may insure for up to half the stake "
         "before the dealer checks for a pontoon. Insurance pays 2 to 1 if the dealer has a "
         "pontoon and is lost otherwise.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.insurance]",
         house_rules=(HouseRule("dealer_cards_face_down", "When the dealer's up card is an ace, "
                                "each player may insure for up to half the stake before the "
                                "dealer checks for a pontoon. Insurance pays 2 to 1 if the "
                                "dealer has a pontoon and is lost otherwise.",
                                {True: "At this table there is no insurance: both dealer cards "
                                       "are face down, so no ace shows."},
                                "the standard game offers insurance when the dealer's up card "
                                "is an ace"),),
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
         house_reading="The source rules do not say whether doubling brings a card. As in the online "
         "casino game, a card is dealt at once with the double, and the player may hit after "
         "it; a doubled hand that is under 15 must hit on."),
    Rule("casino-pontoon.split", GAME, "Splitting",
         "Two cards of the same value (king and jack too) may be split into two hands, again and "
         "again; each new hand gets a stake equal to the first and its own second card. Split "
         "hands are played in turn and may hit and double like any other. Options: split only "
         "equal ranks; a limit on the number of hands.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.split]",
         house_rules=(HouseRule("split_by", "Two cards of the same value (king and jack too) may "
                                "be split into two hands, again and again; each new hand gets a "
                                "stake equal to the first and its own second card. Split hands "
                                "are played in turn and may hit and double like any other. "
                                "Options: split only equal ranks; a limit on the number of hands.",
                                _splits, "the standard game splits two cards of the same value, "
                                "again and again", also=("max_hands",)),),
         house_reading="At the split both new hands get their second card at once, first hand "
         "first."),
    Rule("casino-pontoon.pontoon", GAME, "Pontoon",
         "A pontoon is an ace and a ten-value card as a hand's first two dealt cards. After a "
         "split an ace and a ten-card is just 21. Option: it counts as a pontoon after a split "
         "too.",
         f"{SEED}, 'Hodnoty karet při hře Pontoon'; RULES.md §2 [casino-pontoon.pontoon]",
         house_rules=(HouseRule("split_pontoon", "After a split an ace and a ten-card is just 21. "
                                "Option: it counts as a pontoon after a split too.",
                                {True: "After a split an ace and a ten-card counts as a pontoon "
                                       "too."},
                                "the standard game counts it as just 21"),)),
    Rule("casino-pontoon.five-card-trick", GAME, "Five card trick",
         "Five cards totalling 21 or less are a five card trick, whatever the total; all five "
         "card tricks are equal. A hand stops at five cards.",
         f"{SEED}, 'Výherní kombinace'; RULES.md §2 [casino-pontoon.rank]",
         house_rules=(HouseRule("dealer_five_card_trick", "A hand stops at five cards.",
                                {False: "A player's hand stops at five cards; the dealer's does "
                                        "not: five dealer cards are no trick, and the dealer "
                                        "draws on by the total."},
                                _TRICK),)),
    Rule("casino-pontoon.bust", GAME, "Bust",
         "A hand over 21 loses its stake at once, whatever the dealer does later.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.bust]"),
    Rule("casino-pontoon.dealer", GAME, "The dealer's play",
         "After the players, the dealer turns the hole card. The dealer must draw on 16 or less "
         "and on soft 17, and stands on hard 17 or more (option: the dealer stands on soft 17). "
         "Five cards of 21 or less stop the dealer too.",
         f"{SEED}, 'Seznam obvyklých pravidel'; RULES.md §2 [casino-pontoon.dealer]",
         house_reading="When every player hand has bust, the dealer turns the hole card but "
         "draws no more, as in the standard casino rule.",
         house_rules=(
             HouseRule("dealer_cards_face_down", "After the players, the dealer turns the hole "
                       "card.",
                       {True: "After the players, the dealer turns both cards face up."},
                       _FACE_DOWN),
             HouseRule("dealer_hits_soft_17", "The dealer must draw on 16 or less and on soft 17, "
                       "and stands on hard 17 or more (option: the dealer stands on soft 17).",
                       {False: "The dealer must draw on 16 or less and stands on 17 or more, "
                               "soft 17 included."},
                       "the standard game's dealer draws on soft 17"),
             HouseRule("dealer_five_card_trick", "Five cards of 21 or less stop the dealer too.",
                       {False: "Five cards do not stop the dealer: the dealer draws on by the "
                               "total alone."},
                       _TRICK),
             HouseRule("dealer_cards_face_down", "When every player hand has bust, the dealer "
                       "turns the hole card but draws no more, as in the standard casino rule.",
                       {True: "When every player hand has bust, the dealer turns both cards face "
                              "up but draws no more, as in the standard casino rule."},
                       _FACE_DOWN),
         )),
    Rule("casino-pontoon.rank", GAME, "Who wins",
         "Best first: pontoon; five card trick (all equal); hands of 4 or fewer cards by total, "
         "closer to 21 better; bust. Ties go to the dealer. A dealer five card trick beats every "
         "player hand but a pontoon.",
         f"{SEED}, 'Výherní kombinace'; RULES.md §2 [casino-pontoon.rank]",
         house_rules=(HouseRule("dealer_five_card_trick", "A dealer five card trick beats every "
                                "player hand but a pontoon.",
                                {False: "The dealer makes no five card trick: five dealer cards "
                                        "count only by their total."},
                                _TRICK),)),
    Rule("casino-pontoon.payouts", GAME, "Payouts",
         "A winning pontoon pays 2 to 1, a winning five card trick 3 to 2, any other win 1 to 1. "
         "Option: the five card trick pays 2 to 1.",
         f"{SEED}, 'Vyplácení sázek'; RULES.md §2 [casino-pontoon.payouts]",
         house_rules=(HouseRule("five_card_trick_pays", "A winning pontoon pays 2 to 1, a winning "
                                "five card trick 3 to 2, any other win 1 to 1. Option: the five "
                                "card trick pays 2 to 1.",
                                {"2:1": "A winning pontoon pays 2 to 1, a winning five card "
                                        "trick 2 to 1, any other win 1 to 1."},
                                "the standard game pays a five card trick 3 to 2"),)),
    Rule("casino-pontoon.face-down", GAME, "Both dealer cards face down",
         "Option: the dealer deals both own cards face down and peeks at them. There is no up "
         "card and no insurance; a dealer pontoon takes every stake at once, as above.",
         "Issue 4 (the online casino rule set); RULES.md §2 [casino-pontoon.deal]", option=True,
         house_rules=(HouseRule("dealer_cards_face_down", "Option: the dealer deals both own "
                                "cards face down and peeks at them.",
                                {True: "At this table the dealer deals both own cards face down "
                                       "and peeks at them."},
                                _FACE_DOWN),)),
)
