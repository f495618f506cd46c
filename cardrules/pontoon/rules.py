"""The rules of Pontoon and Shoot Pontoon as the catalog states them: one :class:`Rule` per
rule id, with its source in the source rules and the house reading where the project had to
settle a point the sources leave open.

>>> [r.id for r in RULES][:3]
['pontoon.hand-value', 'pontoon.hands.rank', 'pontoon.ties']

A rule a profile option changes says how it reads under the option's other values
(:class:`~cardrules.catalog.HouseRule`); :func:`cardrules.catalog.statement` gives it as a
table plays it.
"""

from __future__ import annotations

from typing import Any

from ..catalog import HouseRule, Rule

#: The game's name in the registry (:mod:`cardrules.game`).
GAME = "pontoon"

SEED = "seeds/000_4b7b409eb8f98fb5.txt"
R1 = "RULES.md §1"

_DEAL = "'ANLAŞMA' (the deal) and 'Oyuncu sıraları' (players' turns)"
_RANK = "'AMAÇ' (aim: the hands from best to worst)"
_TURNS = "'Oyuncu sıraları' (players' turns)"
_BANKER = "'Bankacı Sırası' (the banker's turn)"
_NEW = "'YENİ ANLAŞMA' (a new deal)"
_VARIANTS = "'VARYASYONLAR' (variations)"
_SHOOT = "'Ateş Dubası' (Shoot Pontoon)"

_NO_SHOOT = "the standard game has no kitty and no shoot bets"


def _stakes(p: Any) -> str:
    return f"between the agreed minimum and maximum: at this table {p.min_stake} and {p.max_stake}."


def _shooting(standard: str, here: str) -> HouseRule:
    """A Shoot Pontoon rule at a table that plays Shoot Pontoon."""
    return HouseRule("shoot", standard, {True: here}, _NO_SHOOT)

RULES = (
    Rule("pontoon.hand-value", "pontoon", "Card values",
         "An ace counts 1 or 11, as its holder chooses; kings, queens, jacks and tens count 10; "
         "the other cards their pips. A hand's total is its best count of 21 or less (A-9 is "
         "20, A-9-5 is 15); a hand that counts more than 21 even with every ace as 1 is bust.",
         f"{SEED}, 'KARTLARIN SIRASI' (the cards); {R1}"),
    Rule("pontoon.hands.rank", "pontoon", "The hands, best to worst",
         "1. Pontoon: an ace and a ten-card (10, J, Q or K) as the first two cards of a hand. "
         "2. Five card trick: five cards totalling 21 or less (all five card tricks are equal). "
         "3. 21 in three or four cards. 4. Any lower total in fewer than five cards: nearer to 21 "
         "is better. 5. Bust: over 21, worthless. So A-J beats 7-3-4-2-2, which beats 9-8-4, "
         "which beats 9-A (20), which beats 9-6-A (16).",
         f"{SEED}, {_RANK}; {R1} [pontoon.hands.rank]"),
    Rule("pontoon.ties", "pontoon", "Ties go to the banker",
         "When a player's hand and the banker's are equal, the banker wins: the player pays.",
         f"{SEED}, {_BANKER} (last line); {R1} [pontoon.ties]",
         house_reading="Equal means equal in the ranking: two five card tricks are equal "
         "whatever their totals, and two 21s in three or four cards are equal."),
    Rule("pontoon.first-banker", "pontoon", "The first banker",
         "The banker has an advantage, so the first banker is chosen at random: everyone at the "
         "table cuts the pack, and whoever cuts the highest card is the first banker. Players "
         "who tie for the highest card cut again, until one cuts higher than the others.",
         f"{SEED}, {_DEAL} (first sentences: 'en yüksek kartı kim keserse', whoever cuts the "
         "highest card); pagat.com/banking/pontoon.html",
         house_reading="The sources leave the cut's order open. Here the ace is the highest "
         "card (above the king) and suits do not count, so a king and a king tie. Each player "
         "cuts a different card of a shuffled pack; only the players who tied cut again, from "
         "the whole pack shuffled anew. The cuts come from the game's shuffle, so the same "
         "shuffle replays exactly."),
    Rule("pontoon.deal", "pontoon", "The deal",
         "The banker deals one card face down to each player, starting at the left and ending "
         "with himself. The players may look at their card; the banker may not look at his own. "
         "After the stakes a second card goes face down to everyone. From 2 to 8 sit at the "
         "table, the banker and 1 to 7 players; 5 to 8 at the table is best.",
         f"{SEED}, {_DEAL}; {R1} [pontoon.deal]",
         house_reading="Seats are listed clockwise; play goes from the banker's left. Should the "
         "pack ever run out (every card in a live hand), nobody can take a card: a player may "
         "then stick on any total and the banker must stay."),
    Rule("pontoon.stakes", "pontoon", "Stakes",
         "Looking at his first card, each player in turn from the dealer's left stakes an amount "
         "between the agreed minimum and maximum.",
         f"{SEED}, {_TURNS} (first paragraph); {R1} [pontoon.deal]",
         house_rules=(HouseRule("min_stake", "between the agreed minimum and maximum.", _stakes,
                                "the standard game: 10 and 100", also=("max_stake",)),)),
    Rule("pontoon.banker-pontoon", "pontoon", "A banker's pontoon",
         "If the banker's two cards are a pontoon he shows it at once and collects double each "
         "player's stake, pontoon holders included (ties go to the banker). The deal ends.",
         f"{SEED}, {_TURNS} (first paragraph); {R1} [pontoon.banker-pontoon]",
         house_reading="The deal ends before any player declares, so no player's pontoon takes "
         "the bank, but there was a pontoon, so the cards are shuffled for the next deal."),
    Rule("pontoon.declare", "pontoon", "Declaring a pontoon",
         "A player whose first two cards are an ace and a ten-card declares the pontoon by "
         "turning the ace face up on the ten-card. A pontoon takes no more cards.",
         f"{SEED}, {_TURNS} ('Bir Duba duyurun'); {R1} [pontoon.declare]",
         house_reading="Declaring is the pontoon holder's only move: the hand cannot be counted "
         "as 11 to take more cards."),
    Rule("pontoon.split", "pontoon", "Splitting",
         "Two cards of the same rank may be split into two hands. The new hand gets a stake equal "
         "to the first stake, and the banker deals a card to each hand; the hands are played in "
         "turn. A new card of the same rank may be split again, up to four hands. Ten-cards split "
         "only when they are the same rank: 10-10 or Q-Q, never K-J. An ace and a ten-card made "
         "after a split are paid as a pontoon but do not take the bank.",
         f"{SEED}, {_TURNS} ('Kartlarınızı ayırın'); {R1} [pontoon.split]",
         house_reading="A split hand's first card is one of the pair and its second the card "
         "the banker deals it; only a hand's first two cards can be split. An ace and a ten-card "
         "made after a split rank and are paid as a pontoon (as pagat.com does; a house rule "
         "may say otherwise), are declared like one and make the cards be shuffled, but never pass "
         "the bank.",
         house_rules=(
             HouseRule("split", "Two cards of the same rank may be split into two hands. The new "
                       "hand gets a stake equal to the first stake, and the banker deals a card "
                       "to each hand; the hands are played in turn. A new card of the same rank "
                       "may be split again, up to four hands. Ten-cards split only when they are "
                       "the same rank: 10-10 or Q-Q, never K-J.",
                       {"aces": "Only a pair of aces may be split into two hands: no other pair, "
                                "not even 10-10 or Q-Q. The new hand gets a stake equal to the "
                                "first stake, and the banker deals a card to each hand; the "
                                "hands are played in turn. A new ace may be split again, up to "
                                "four hands."},
                       "the standard game splits any two cards of the same rank"),
             HouseRule("split_pontoon", "An ace and a ten-card made after a split are paid as a "
                       "pontoon but do not take the bank.",
                       {False: "An ace and a ten-card made after a split count only as 21, not "
                               "as a pontoon."},
                       "the standard game pays them as a pontoon"),
             HouseRule("split_pontoon", "An ace and a ten-card made after a split rank and are "
                       "paid as a pontoon (as pagat.com does; a house rule may say otherwise), are "
                       "declared like one and make the cards be shuffled, but never pass the bank.",
                       {False: "An ace and a ten-card made after a split are only a 21 of two "
                               "cards: they are not declared, are not paid as a pontoon and do "
                               "not make the cards be shuffled."},
                       "the standard game pays them as a pontoon"),
         )),
    Rule("pontoon.split.aces-only", "pontoon", "Variation: only aces split",
         "Some play that only a pair of aces may be split, no other pair.",
         f"{SEED}, {_VARIANTS}; {R1} [pontoon.split]", option=True,
         house_rules=(HouseRule("split", "Some play that only a pair of aces may be split, no "
                                "other pair.",
                                {"aces": "At this table only a pair of aces may be split, no "
                                         "other pair."},
                                "the standard game splits any pair"),)),
    Rule("pontoon.buy.limits", "pontoon", "Buying a card",
         "With a total under 21 a player may buy a card, dealt face down, by adding to the stake. "
         "A 3rd card costs at least the initial stake and at most twice it (stake 100: add 100 to "
         "200). A 4th card costs at least the initial stake and at most what was added for the "
         "3rd (3rd bought for 175: the 4th costs 100 to 175). A 5th card likewise costs at most "
         "what was added for the 4th. So a whole stake is at most 7 times the initial one.",
         f"{SEED}, {_TURNS} ('kart satın al'); {R1} [pontoon.buy.limits]",
         house_reading="An ace counts 1 or 11 at the holder's choice, so a hand that can be "
         "counted under 21 (A-5-5 as 11) may still buy or twist, say for a five card trick. A "
         "split hand buys like any hand, its initial stake being the first stake.",
         house_rules=(HouseRule("no_fifth_buy_on_11", "A 5th card likewise costs at most what was "
                                "added for the 4th.",
                                {True: "A 5th card likewise costs at most what was added for the "
                                       "4th, but four cards totalling 11 or less (every ace as 1) "
                                       "may not buy a 5th card, only twist it."},
                                "the standard game lets them buy it"),)),
    Rule("pontoon.buy.fifth-card", "pontoon", "Variation: no 5th-card buy on 11 or less",
         "Some play that a player whose four cards total 11 or less may not buy a 5th card, only "
         "twist it (such a hand cannot go bust).",
         f"pagat.com/banking/pontoon.html; {R1} [pontoon.buy.limits]",
         house_reading="The total counts every ace as 1, since the point is that the hand is "
         "sure not to go bust.", option=True,
         house_rules=(HouseRule("no_fifth_buy_on_11", "Some play that a player whose four cards "
                                "total 11 or less may not buy a 5th card, only twist it (such a "
                                "hand cannot go bust).",
                                {True: "At this table a player whose four cards total 11 or "
                                       "less, a hand that cannot go bust, may not buy a 5th card, "
                                       "only twist it."},
                                "the standard game lets them buy it"),)),
    Rule("pontoon.twist", "pontoon", "Twisting",
         "With a total under 21 a player may twist: the card is dealt face up and the stake does "
         "not change. A player may buy and then twist, but after the first twist may only twist.",
         f"{SEED}, {_TURNS} ('Büküm'); {R1} [pontoon.twist]"),
    Rule("pontoon.stick", "pontoon", "Sticking",
         "A player may stick, keeping the hand and the stake, with a total of at least 15.",
         f"{SEED}, {_TURNS} ('Sopa'); {R1} [pontoon.stick]",
         house_reading="A hand that counts 21 even with its aces as 1 (or holds five cards) "
         "can take no more cards and stops by itself.",
         house_rules=(HouseRule("min_stick", "with a total of at least 15.",
                                {16: "with a total of at least 16."},
                                "the standard game: 15 or more"),)),
    Rule("pontoon.stick.sixteen", "pontoon", "Variation: stick on 16",
         "Some play that a player needs at least 16, not 15, to stick.",
         f"{SEED}, {_VARIANTS}; {R1} [pontoon.stick]", option=True,
         house_rules=(HouseRule("min_stick", "Some play that a player needs at least 16, not 15, "
                                "to stick.",
                                {16: "At this table a player needs at least 16, not 15, to "
                                     "stick."},
                                "the standard game: 15 or more"),)),
    Rule("pontoon.bust", "pontoon", "Going bust",
         "A hand over 21 is bust: it is thrown in face up, the banker takes its stake at once and "
         "its cards go to the bottom of the pack.",
         f"{SEED}, {_TURNS} ('Büst'); {R1} [pontoon.bust]",
         house_reading="The bust hand's cards go to the bottom in the order they were dealt, "
         "and can come round again later in the same deal."),
    Rule("pontoon.five-cards", "pontoon", "At most five cards",
         "A hand holds at most five cards. Five cards totalling 21 or less are a five card trick "
         "and take no more cards.",
         f"{SEED}, {_RANK}; {R1} [pontoon.five-cards]"),
    Rule("pontoon.banker-play", "pontoon", "The banker's turn",
         "When every player has played, the banker turns up both cards and may add cards face up, "
         "one at a time, stopping when satisfied, on any total. The banker cannot split or buy.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.banker-play]",
         house_reading="The banker, like a player, may take a card while the hand can be counted "
         "under 21, up to five cards. When every player has gone bust the banker has nothing to "
         "play for and does not turn up."),
    Rule("pontoon.settle", "pontoon", "Settlement",
         "Each player still in is settled against the banker's final hand: a better hand is paid "
         "its whole stake, doubled for a pontoon or a five card trick; an equal or worse hand "
         "pays its stake. The banker's bust, 21 and five card trick are the special cases below.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]",
         house_reading="A hand's stake is its whole stake, bought cards included, and double is "
         "twice that; each split hand is settled on its own."),
    Rule("pontoon.settle.banker-bust", "pontoon", "The banker goes bust",
         "A bust banker pays every player still in an amount equal to the stake, double for a "
         "pontoon or a five card trick.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]"),
    Rule("pontoon.settle.pay-higher", "pontoon", "\"I pay 18\"",
         "A banker who stays on 20 or less with four cards or fewer announces the lowest total "
         "that is paid (on 17: \"I pay 18\"), pays the better hands their stake (double for a "
         "pontoon or five card trick) and collects from equal and lower hands.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]"),
    Rule("pontoon.settle.banker-21", "pontoon", "The banker on 21",
         "A banker with 21 in three or four cards pays only pontoons and five card tricks "
         "(double) and collects the stake from everyone else.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]"),
    Rule("pontoon.settle.banker-five-card-trick", "pontoon", "The banker's five card trick",
         "A banker with a five card trick pays only pontoons (double); every other player, five "
         "card tricks included, pays the banker double the stake.",
         f"{SEED}, {_BANKER}; {R1} [pontoon.settle]",
         house_reading="A player who went bust earlier has already paid the single stake at "
         "once and pays nothing more."),
    Rule("pontoon.next-deal", "pontoon", "The next deal",
         "If nobody made a pontoon, the cards are gathered and put to the bottom of the pack "
         "unshuffled. If there was a pontoon anywhere, the pack is shuffled and cut before the "
         "next deal.",
         f"{SEED}, {_NEW}; {R1} [pontoon.next-deal]",
         house_reading="The cards still out are gathered hand by hand from the dealer's left, "
         "each in the order it was dealt, the banker's last. Any hand that ranks as a pontoon "
         "counts, the banker's included (and a split one while it is paid as a pontoon). A "
         "new shuffle follows from the game's first one and the deal number, so the same shuffle "
         "replays exactly."),
    Rule("pontoon.next-banker", "pontoon", "The next banker",
         "A player, not the banker, who made a pontoon without splitting becomes the next banker; "
         "if several did, the first of them to the banker's left. Otherwise the banker keeps the "
         "bank.",
         f"{SEED}, {_NEW}; {R1} [pontoon.next-banker]"),
    Rule("pontoon.next-banker.sell", "pontoon", "Selling the bank",
         "The bank may be sold to another player at any time, for a price the two agree.",
         f"{SEED}, {_NEW} (last paragraph); {R1} [pontoon.next-banker]",
         house_reading="The engine sells the bank between deals: when a deal is over, whoever is "
         "to bank the next deal may sell it, for any agreed price of 0 or more."),
    Rule("pontoon.two-packs", "pontoon", "Variation: two packs",
         "Some play with two 52-card packs shuffled together at a large table (8 or more).",
         f"pagat.com/banking/pontoon.html; {R1} (Cards)", option=True,
         house_rules=(HouseRule("packs", "Some play with two 52-card packs shuffled together at a "
                                "large table (8 or more).",
                                {2: "At this table two 52-card packs are shuffled together."},
                                "the standard game plays with one pack"),)),
    Rule("pontoon.shoot", "pontoon", "Shoot Pontoon: the kitty",
         "In Shoot Pontoon the banker puts up a kitty of between the minimum and the maximum "
         "stake. Besides their normal stakes, players may make shoot bets against the kitty.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]", option=True,
         house_rules=(_shooting("In Shoot Pontoon the banker puts up a kitty of between the "
                                "minimum and the maximum stake.",
                                "This table plays Shoot Pontoon: the banker puts up a kitty of "
                                "between the minimum and the maximum stake."),)),
    Rule("pontoon.shoot.bet", "pontoon", "Shoot bets",
         "In Shoot Pontoon, after the first-card stakes, each player in turn from the dealer's "
         "left may make a shoot bet, kept apart from the stake. All the shoot bets together may "
         "not exceed the kitty: if the first player shoots the whole kitty, nobody else can shoot.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]",
         house_rules=(_shooting("In Shoot Pontoon, after the first-card stakes, each player in "
                                "turn from the dealer's left may make a shoot bet, kept apart "
                                "from the stake.",
                                "At this table, after the first-card stakes, each player in turn "
                                "from the dealer's left may make a shoot bet, kept apart from "
                                "the stake."),),
         house_reading="A shoot bet is any whole amount from 1 up to what the kitty has left "
         "uncovered; a player who does not shoot bets 0."),
    Rule("pontoon.shoot.banker-pontoon", "pontoon", "Shoot bets and a banker's pontoon",
         "If the banker has a pontoon, every shoot bet goes into the kitty, and the normal stakes "
         "pay double as usual.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]"),
    Rule("pontoon.shoot.fourth-card", "pontoon", "A shoot bet before the 4th card",
         "In Shoot Pontoon, before taking a 4th card, bought or twisted, a player may make one "
         "more shoot bet, again within what the kitty has left, even without a first one. This "
         "is for the 4th card only.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]",
         house_rules=(_shooting("In Shoot Pontoon, before taking a 4th card, bought or twisted, "
                                "a player may make one more shoot bet, again within what the "
                                "kitty has left, even without a first one.",
                                "At this table, before taking a 4th card, bought or twisted, a "
                                "player may make one more shoot bet, again within what the kitty "
                                "has left, even without a first one."),),
         house_reading="A player who makes this bet must then take the 4th card: having shot, "
         "the hand may no longer stick."),
    Rule("pontoon.shoot.split", "pontoon", "Shoot bets and splits",
         "In Shoot Pontoon, after a split the first shoot bet belongs to the first hand only; the "
         "second hand may have its own shoot bet, within the same limit.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]",
         house_rules=(_shooting("In Shoot Pontoon, after a split the first shoot bet belongs to "
                                "the first hand only; the second hand may have its own shoot "
                                "bet, within the same limit.",
                                "At this table, after a split the first shoot bet belongs to "
                                "the first hand only; the second hand may have its own shoot "
                                "bet, within the same limit."),),
         house_reading="The new hand's shoot bet is made as the pair is split, before its "
         "cards are dealt (as the first shoot bet is made before the second card). Each split "
         "hand may also shoot before its own 4th card."),
    Rule("pontoon.shoot.bust", "pontoon", "A bust feeds the kitty",
         "A bust hand's shoot bets go into the kitty at once, which leaves room for more shoot "
         "bets from the players still to play.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]"),
    Rule("pontoon.shoot.settle", "pontoon", "Settling shoot bets",
         "Shoot bets are settled with the stakes, always at 1 to 1: a hand better than the "
         "banker's is paid its shoot bets from the kitty; an equal or worse hand's shoot bets go "
         "into the kitty.",
         f"{SEED}, {_SHOOT}; {R1} [pontoon.shoot]"),
    Rule("pontoon.shoot.top-up", "pontoon", "Topping up the kitty",
         "In Shoot Pontoon, before a new deal the banker may add to the kitty, never take "
         "anything out.",
         f"{SEED}, {_SHOOT} (last paragraph); {R1} [pontoon.shoot]",
         house_rules=(_shooting("In Shoot Pontoon, before a new deal the banker may add to the "
                                "kitty, never take anything out.",
                                "At this table, before a new deal the banker may add to the "
                                "kitty, never take anything out."),),
         house_reading="A top-up is any amount of 1 or more; only a banker keeping the bank tops "
         "up."),
    Rule("pontoon.shoot.dry-kitty", "pontoon", "A dry kitty",
         "If the kitty runs dry, the banker must put up a new kitty or sell the bank before the "
         "next deal.",
         f"{SEED}, {_SHOOT} (last paragraph); {R1} [pontoon.shoot]",
         house_reading="Dry means empty (0). The new kitty is between the minimum and maximum "
         "stake, like the first one."),
    Rule("pontoon.shoot.change-of-bank", "pontoon", "The kitty and a change of bank",
         "In Shoot Pontoon, when the bank changes hands, the leaving banker takes the kitty and "
         "the new banker puts up a new one.",
         f"{SEED}, {_SHOOT} (last paragraph); {R1} [pontoon.shoot]",
         house_rules=(_shooting("In Shoot Pontoon, when the bank changes hands, the leaving "
                                "banker takes the kitty and the new banker puts up a new one.",
                                "At this table, when the bank changes hands, the leaving banker "
                                "takes the kitty and the new banker puts up a new one."),),
         house_reading="The kitty goes back to the banker who put it up, even when the bank "
         "passes to a pontoon holder who then sells it."),
)
