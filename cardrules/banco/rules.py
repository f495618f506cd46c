"""The Punto Banco catalog: each rule's id, statement, source and house reading, and how a
rule reads under the profile's other options (:class:`~cardrules.catalog.HouseRule`)."""

from __future__ import annotations

from typing import Any

from ..catalog import HouseRule, Rule

GAME = "banco"

SEED = "seeds/003_9276c7179eb7fdb6.txt"

_PAYOUTS = ("Player bets pay 1 to 1. Banker bets pay 1 to 1 less a 5% commission. Tie bets pay "
            "8 to 1 (9 to 1 as an option). On a tie, Player and Banker bets push: they are "
            "returned.")
_SOCIAL = "the casino game has no bank among the players"


def _shoe(p: Any) -> str:
    words = {1: "a single 52-card deck.", 6: "a shoe of six 52-card decks shuffled together."}
    return words.get(p.decks, f"a shoe of {p.decks} 52-card decks shuffled together.")


def _payouts(p: Any) -> str:
    if p.table == "social":
        return ("At this table, the social one, Player and Bank bets are paid even money with no "
                "commission; there are no tie bets, and on a tie all bets are returned and the "
                "hand is dealt again.")
    banker = ("Banker bets pay 1 to 1, with no commission." if p.commission_percent == 0
              else f"Banker bets pay 1 to 1 less a {p.commission_percent}% commission.")
    return (f"Player bets pay 1 to 1. {banker} Tie bets pay {p.tie_pays} to 1. On a tie, Player "
            "and Banker bets push: they are returned.")

RULES = (
    Rule("banco.deal", "banco", "The deal",
         "The cards come from a shoe of eight 52-card decks shuffled together. The croupier deals "
         "two cards each to the Player hand and the Banker hand, alternately: Player, Banker, "
         "Player, Banker.",
         f"{SEED}, 'Pari et traitement'; RULES.md §3 [banco.deal]",
         house_rules=(HouseRule("decks", "a shoe of eight 52-card decks shuffled together.", _shoe,
                                "the standard game: eight decks"),)),
    Rule("banco.hand-value", "banco", "Hand values",
         "Aces count 1, two to nine their pip value, tens and face cards 0. A hand is worth the "
         "last digit of its sum: 7 + 8 = 15 is worth 5. Totals always run from 0 to 9.",
         f"{SEED}, 'Le pont' and 'Objectif'; RULES.md §3"),
    Rule("banco.natural", "banco", "Naturals",
         "A two-card total of 8 or 9 on either side is a natural. Nobody draws; the hands are "
         "compared at once.",
         f"{SEED}, 'Naturel'; RULES.md §3 [banco.natural]",
         house_reading="When both sides have a natural the higher one wins and equal naturals "
         "tie, as in the standard casino rule; the source rules describe only one natural at a time."),
    Rule("banco.player-draw", "banco", "The player's rule",
         "With no natural, the Player hand draws a third card on 0 to 5 and stands on 6 or 7.",
         f"{SEED}, 'Joueur Dessinez Phase'; RULES.md §3 [banco.player-draw]"),
    Rule("banco.third-card", "banco", "The banker's third card",
         "With no natural, the Banker hand follows the tableau. If the Player stood, the banker "
         "draws on 0-5 and stands on 6-7. If the Player drew, the banker draws on 0-2; on 3 "
         "unless the player's third card is an 8; on 4 when it is 2-7; on 5 when it is 4-7; on 6 "
         "when it is 6 or 7; and stands on 7.",
         f"{SEED}, 'Bank Draw Phase'; RULES.md §3 [banco.third-card]",
         house_reading="The source rules' translation is loose here (it omits that a banker 3 "
         "stands against a player's third card 8); this book follows the standard casino tableau."),
    Rule("banco.result", "banco", "Who wins",
         "The higher total wins; equal totals are a tie.",
         f"{SEED}, 'Mettre fin à la main'; RULES.md §3 [banco.result]"),
    Rule("banco.payouts", "banco", "Payouts",
         _PAYOUTS,
         "RULES.md §3 [banco.payouts] (the standard casino rule; the seed describes the social "
         "table)",
         house_rules=(HouseRule("table", _PAYOUTS, _payouts, "the standard casino game takes 5% "
                                "commission on Banker wins and pays tie bets 8 to 1",
                                also=("commission_percent", "tie_pays")),)),
    Rule("banco.social", "banco", "The social Banco table",
         "At the social table 2 to 12 players bet on Bank or Player. The highest bidder holds the "
         "Player hand. A tie returns all bets and the hand is dealt again. After each hand the "
         "bank passes to the player on the bank's right.",
         f"{SEED}, 'Pari et traitement', 'Mettre fin à la main', 'main Next'; RULES.md §3 "
         "[banco.social]",
         house_reading="Both sides are paid even money with no commission (the source rules name "
         "none), and when only one side has a natural that side wins as usual.",
         option=True,
         house_rules=(HouseRule("table", "At the social table 2 to 12 players bet on Bank or "
                                "Player.",
                                {"social": "This table is the social one: 2 to 12 players bet on "
                                           "Bank or Player."},
                                _SOCIAL),)),
    Rule("banco.first-bank", "banco", "The first bank",
         "At the social table the player on the croupier's right holds the bank for the first "
         "hand. After each hand it passes on to the right.",
         f"{SEED}, 'Pari et traitement' and 'main Next'; RULES.md §3 [banco.social]",
         house_reading="Seats are listed clockwise, starting from the seat on the croupier's "
         "left, the order in which the croupier deals round the table. The player on the "
         "croupier's right is then the last one listed, and each later bank is the seat listed "
         "before the bank. The casino rules do not say who holds the first bank; the source rules do.",
         option=True,
         house_rules=(HouseRule("table", "At the social table the player on the croupier's right "
                                "holds the bank for the first hand.",
                                {"social": "At this table, the social one, the player on the "
                                           "croupier's right holds the bank for the first hand."},
                                _SOCIAL),)),
)

