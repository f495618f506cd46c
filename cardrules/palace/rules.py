"""The rules of Palace Poker as the catalog states them: one :class:`Rule` per rule id, and
how a rule reads under the profile's other options (:class:`~cardrules.catalog.HouseRule`)."""

from __future__ import annotations

from typing import Any

from ..catalog import HouseRule, Rule

GAME = "palace"  # the game's name in the registry and the catalog

SEED = "seeds/001_94e9fc480a223ef9.txt"

_SMALL = "the standard small bet is 5"


def _ante(p: Any) -> str:
    return f"With this table's small bet of {p.small_bet} the ante is {p.small_bet // 2}."


def _bet_sizes(p: Any) -> str:
    return (f"Bets are counted in small bets and big bets: at this table {p.small_bet} and "
            f"{p.big_bet}.")


def _least_bet(p: Any) -> str:
    return (f"With two soldiers and this table's small bet of {p.small_bet}, at least "
            f"{3 * p.small_bet}.")


def _raises(p: Any, head: str) -> str:
    if p.max_raises == 0:
        return f"{head} no cap on the raises in a battle at this table."
    many = "one raise" if p.max_raises == 1 else f"{p.max_raises} raises"
    return f"{head} at most {many} in a battle at this table."


def _raise_size(p: Any) -> str:
    if p.stakes == "no-limit":
        return (f"The defender may call and raise: under this table's no-limit stakes by at least "
                f"the big bet, {p.big_bet}; under limit stakes it would be by the big bet, or by "
                "double the small bet for a defender with no soldiers.")
    return (f"The defender may call and raise: under limit stakes, as here, by the big bet, "
            f"{p.big_bet} (or by double the small bet, {2 * p.small_bet}, if the defender has "
            "no soldiers); under no-limit stakes by at least the big bet.")


RULES = (
    Rule("palace.first-dealer", "palace", "The first dealer",
         "Each player is dealt one card and the highest deals first: aces are high and suits "
         "do not count. Players tied for the highest card are each dealt another card, and so "
         "on until one is highest.",
         f"{SEED}, 'ANLAŞMA'; RULES.md §5 [palace.first-dealer]",
         house_reading="Only the tied players draw again (pagat: 'the holders of the high cards "
         "are dealt one more card each'), from the same pack; if it ran out the pack would be "
         "gathered and shuffled again. The cards are then gathered and the whole pack is "
         "shuffled for the hand."),
    Rule("palace.banner.ante", "palace", "The ante",
         "Before the banner deal each player puts an ante into the pot: half the small bet, "
         "rounded down. With a small bet of 5 the ante is 2.",
         f"{SEED}, 'Afiş Kartları'; RULES.md §5 [palace.banner]",
         house_reading="The source rules say the ante is 'usually' half a small bet; "
         "pagat.com adds 'rounded down'. A player who cannot pay the ante is not dealt in.",
         house_rules=(HouseRule("small_bet", "With a small bet of 5 the ante is 2.", _ante,
                                "the standard small bet is 5, the ante 2"),)),
    Rule("palace.banner", "palace", "Banner cards",
         "Starting at the dealer's left, each player is dealt a face-up banner card. A player "
         "keeps being dealt cards until one shows a suit that no earlier player of the same "
         "group holds; the other cards are set aside. The groups are players 1-4, 5-8 and "
         "9-10 (counted from the dealer's left), so with up to four players every banner suit "
         "is different.",
         f"{SEED}, 'Afiş Kartları'; RULES.md §5 [palace.banner]",
         house_reading="Banner cards are dealt face up, as pagat.com says (the source "
         "rules' translation says face down). The cards set aside go back into the pack for the "
         "palace deal."),
    Rule("palace.banner.reshuffle", "palace", "When the pack runs out during the banner deal",
         "If the pack runs out before every player has a banner, the rejected banner cards are "
         "shuffled and the banner deal goes on from them.",
         f"{SEED}, 'Afiş Kartları'; RULES.md §5 [palace.banner]",
         house_reading="This is rare but possible from six players on: the second group "
         "(the fifth to the eighth player) may need a suit whose cards were all dealt or set "
         "aside in the first group. A suit that is still needed always has cards among the rejected ones, "
         "since no suit is a banner more than three times."),
    Rule("palace.palace", "palace", "Palace cards and the draw pile",
         "The rest of the pack, with the rejected banner cards, is shuffled, and each player "
         "is dealt three palace cards face down, one at a time from the dealer's left. The "
         "cards left over are the draw pile, face down; the discard pile starts empty.",
         f"{SEED}, 'Saray Kartları'; RULES.md §5 [palace.palace]",
         house_reading="So the draw pile starts with 52 - 4 x players cards: 44 with two "
         "players, 12 with ten."),
    Rule("palace.turn", "palace", "Turns",
         "Play starts at the dealer's left and goes to the left. On your turn you do exactly "
         "one of five things: buy, discard, battle (bet against one player), stay or fold.",
         f"{SEED}, 'OYUN'; RULES.md §5 [palace.turn]",
         house_reading="A battle is answered in the middle of the attacker's turn (by the "
         "defender, and by the attacker after a raise); play then goes on from the attacker's "
         "left. A player who has just bought or won a battle first chooses which soldiers to "
         "keep."),
    Rule("palace.stakes", "palace", "Stakes: small bet, big bet, limit and no limit",
         "Bets are counted in small bets and big bets (the shipped profiles: 5 and 10). Under "
         "limit stakes each bet and raise has a fixed size; under no-limit stakes an attack "
         "and a raise may be larger, up to all the chips a player has.",
         f"{SEED}, 'Yükseltmek'; RULES.md §5 [palace.battle], [palace.battle.raise]",
         house_reading="Table stakes: a player bets only the chips in front of them, and a "
         "move they cannot pay for is not allowed (staying and folding always are). Under "
         "limit stakes the attack bet is exactly the minimum and a battle has at most three "
         "raises (the usual card-room cap; a house rule may change it); under no-limit stakes the "
         "attacker may bet any amount from the minimum up to all their chips.",
         option=True,
         house_rules=(
             HouseRule("small_bet", "Bets are counted in small bets and big bets (the shipped "
                       "profiles: 5 and 10).", _bet_sizes, "the standard game: 5 and 10",
                       also=("big_bet",)),
             HouseRule("stakes", "Under limit stakes each bet and raise has a fixed size; under "
                       "no-limit stakes an attack and a raise may be larger, up to all the chips "
                       "a player has.",
                       {"no-limit": "This table plays no-limit stakes: an attack and a raise may "
                                    "be larger than the least, up to all the chips a player "
                                    "has."},
                       "the standard game plays limit stakes, each bet and raise of a fixed "
                       "size"),
             HouseRule("max_raises", "and a battle has at most three raises (the usual "
                       "card-room cap; a house rule may change it);",
                       lambda p: _raises(p, "and there is").removesuffix(".") + ";",
                       "the standard game: at most three"),
         )),
    Rule("palace.buy", "palace", "Buying a soldier",
         "Pay one small bet into the pot and take the top card of the draw pile as a soldier "
         "card. Then you may discard any of your soldiers, the new one too.",
         f"{SEED}, 'Satın Al'; RULES.md §5 [palace.buy]",
         house_reading="The buyer sees the new card before choosing what to discard: the "
         "buyer draws it first, and the turn ends once they have said which soldiers to discard "
         "(none is fine). "
         "Soldier cards lie face up beneath the banner, across it, for the whole table to see: "
         "the source rules lay them out so and never hide them (pagat.com: the game has "
         "'elements of stud'), and the bets are counted on them. Only the palace cards are "
         "hidden."),
    Rule("palace.buy.limit", "palace", "At most five soldiers",
         "Nobody may keep more than five soldier cards: a player who buys a sixth must at once "
         "discard at least one.",
         f"{SEED}, 'Satın Al'; RULES.md §5 [palace.buy]"),
    Rule("palace.buy.refill", "palace", "The draw pile and the discard pile",
         "Discarded cards go face down on the discard pile. When the draw pile is empty, the "
         "discard pile is shuffled to make a new draw pile; when both are empty, nobody can "
         "buy.",
         f"{SEED}, 'Satın Al'; RULES.md §5 [palace.buy]",
         house_reading="The discard pile is shuffled when someone buys from an empty draw pile. "
         "The cards of players who are out (palace cards, and the soldiers and banner of a "
         "player who folds on their turn) also go onto the discard pile."),
    Rule("palace.discard", "palace", "Discarding",
         "Pay one small bet into the pot and discard one or more of your soldiers, drawing "
         "nothing.",
         f"{SEED}, 'Iskarta'; RULES.md §5 [palace.discard]"),
    Rule("palace.battle", "palace", "Battles",
         "Announce an opponent and put a bet into the pot: you are the attacker and they are "
         "the defender. Battle bets stay in the pot. Winning a battle wins cards and knocks "
         "the loser out, but chips are won only by taking the whole pot at the end.",
         f"{SEED}, 'Bahis/Savaş'; RULES.md §5 [palace.battle]"),
    Rule("palace.battle.target", "palace", "Whom you may attack",
         "You may never attack a player whose banner has the same suit as yours (nor yourself, "
         "nor a player who is out).",
         f"{SEED}, 'Bahis/Savaş'; RULES.md §5 [palace.battle]"),
    Rule("palace.battle.minimum", "palace", "The minimum bet",
         "An attack bet is at least (your soldiers + 1 for your banner) x the small bet. With "
         "two soldiers and a small bet of 5, at least 15.",
         f"{SEED}, 'Bahis/Savaş'; RULES.md §5 [palace.battle]",
         house_rules=(HouseRule("small_bet", "With two soldiers and a small bet of 5, at least 15.",
                                _least_bet, _SMALL),)),
    Rule("palace.battle.fold", "palace", "The defender folds",
         "Attacked, the defender may fold: their palace cards are discarded and they are out "
         "of the hand. The attacker takes the defender's soldiers and banner.",
         f"{SEED}, 'Katlayın'; RULES.md §5 [palace.battle.fold]"),
    Rule("palace.battle.call", "palace", "The defender calls: the battle's showdown",
         "To call, the defender pays (their own soldiers + 1) x the small bet, whatever the "
         "attacker bet. The hands are then compared: each side makes its best five-card hand "
         "from its own cards (palace cards, soldiers and banner), and a card of the "
         "opponent's banner suit does not count. The loser is out of the hand; the winner "
         "takes the loser's soldiers and banner.",
         f"{SEED}, 'Arayın'; RULES.md §5 [palace.battle.call]",
         house_reading="Players with no soldiers hold only four cards; a side with fewer than "
         "five counting cards plays the best hand those make (see 'Fewer than five cards' in "
         "the poker primer)."),
    Rule("palace.battle.tie", "palace", "Tied battles",
         "If the two hands are equal, the player holding more cards of their own banner suit "
         "wins. If that is equal too, both players are out of the hand, unless they are the "
         "last two, who split the pot.",
         f"{SEED}, 'Arayın'; RULES.md §5 [palace.battle.tie]",
         house_reading="All of a player's own cards are counted for the tie-break (palace "
         "cards, soldiers and banner), including cards that did not count in the hand. Players "
         "out on a tie discard all their cards."),
    Rule("palace.battle.raise", "palace", "Raising, passing and re-raising",
         "The defender may call and raise: under limit stakes by the big bet (or by double the "
         "small bet if the defender has no soldiers); under no-limit stakes by at least the "
         "big bet. The attacker may then pass (and is out; the defender takes the attacker's "
         "soldiers and banner), call by paying the raise, or re-raise. Raising goes on in turn "
         "until one calls or passes; the last to call looks at the cards and names the winner.",
         f"{SEED}, 'Yükseltmek'; RULES.md §5 [palace.battle.raise]",
         house_reading="A re-raise has the same size as a raise, counted on the re-raiser's "
         "own soldiers, and the defender facing a re-raise may pass too. A raise that is not "
         "called goes back to the raiser (the source rules: 'the defender keeps the raise'). Under "
         "limit stakes a battle has at most three raises (a house rule may change the cap).",
         house_rules=(
             HouseRule("stakes", "The defender may call and raise: under limit stakes by the big "
                       "bet (or by double the small bet if the defender has no soldiers); under "
                       "no-limit stakes by at least the big bet.", _raise_size,
                       "the standard game: limit stakes, small bet 5, big bet 10",
                       also=("small_bet", "big_bet")),
             HouseRule("max_raises", "Under limit stakes a battle has at most three raises "
                       "(a house rule may change the cap).",
                       lambda p: _raises(p, "Under limit stakes there is"),
                       "the standard game: at most three"),
         )),
    Rule("palace.battle.capture", "palace", "The spoils of a battle",
         "The winner of a battle takes the loser's soldiers and banner. The winner may then "
         "discard any soldiers and keeps at most five.",
         f"{SEED}, 'Katlayın', 'Arayın'; RULES.md §5 [palace.battle.fold], [palace.battle.call]",
         house_reading="The captured banner joins the winner's soldiers: it counts in the "
         "winner's hands and in their minimum bet like any soldier, and the winner's banner "
         "suit stays that of their own banner. The loser's palace cards go to the discard pile. "
         "When the battle ends the hand, nothing is discarded."),
    Rule("palace.stay", "palace", "Staying",
         "Do nothing this turn; play passes to the left.",
         f"{SEED}, 'Kalmak'; RULES.md §5 [palace.stay]"),
    Rule("palace.fold", "palace", "Folding on your turn",
         "On your turn you may fold: you are out of the hand and your chips in the pot stay "
         "there.",
         f"{SEED}, 'OYUN'; RULES.md §5 [palace.turn]",
         house_reading="Nobody takes the soldiers and banner of a player who folds on their "
         "own turn: they go to the discard pile with the palace cards."),
    Rule("palace.end", "palace", "Winning the pot",
         "The last player left in the hand takes the whole pot.",
         f"{SEED}, 'KAZANAN'; RULES.md §5 [palace.end]"),
    Rule("palace.end.two-left", "palace", "Two players left must battle",
         "When only two players are left, they must battle: the player to act attacks the "
         "other.",
         f"{SEED}, 'KAZANAN'; RULES.md §5 [palace.end]",
         house_reading="'Left' means left after others have gone out: a hand dealt to two "
         "players is played normally (otherwise it would be a single battle of the first four "
         "cards). Folding is still allowed: it gives the pot to the other player. Buying, "
         "discarding and staying are not."),
    Rule("palace.end.same-suit", "palace", "All left share a banner suit",
         "When the only players left (two or three) all have banners of one suit, nobody can "
         "attack anybody: the hand ends and the pot is split equally among them.",
         f"{SEED}, 'KAZANAN'; RULES.md §5 [palace.end]",
         house_reading="Chips that do not divide equally go one each to the players nearest "
         "the dealer's left, the usual poker rule for odd chips."),
    Rule("palace.end.showdown", "palace", "A quiet round ends the hand",
         "When every player still in has had a turn since the last buy or battle, and all of "
         "them stayed or discarded, the hand ends in an ordinary showdown: each player's best "
         "five cards from all their own cards, with no suit excluded. The best hand takes the "
         "pot; equal best hands split it.",
         f"{SEED}, 'Kalmak', 'KAZANAN'; RULES.md §5 [palace.end]",
         house_reading="Folds do not break a quiet round (the source rules speak of a run of stays, "
         "discards and folds). Odd chips of a split go one each to the players nearest the "
         "dealer's left."),
)
