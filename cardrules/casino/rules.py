"""Casino's catalog of rules: each rule's id, statement, source and house reading."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..catalog import HouseRule, Rule

GAME = "casino"
SEED = "seeds/004_5a8f639e96bffff9.txt"
_R = "RULES.md §4"

# -- how the rules read under the house rules (cardrules.catalog.statement) --------------------
_TRAIL = "the standard game forbids the owner of a build to trail"
_TARGET = "the standard game is played to 21"
_SWEEPS = "the base game scores no sweeps"
_ROYAL = "in the base game courts have no number value"
_COUNT = "in the base game the higher total wins"

_COUNT_OUT = ("In Royal Casino, when several players could pass 21 in the same round, the points "
              "are counted in order: most cards, most spades, big casino, little casino, the "
              "aces (spades, clubs, hearts, diamonds), then sweeps. The first to reach 21 wins.")
_SWEEP = ("In Royal Casino (and in the base game as an option), a capture that leaves the table "
          "empty is a sweep, worth 1 point.")


def _game(p: Any) -> str:
    t = p.target
    if p.count_out:
        return (f"Rounds are played until a player or partnership has {t} points or more; when "
                f"several pass {t} in the same round, the points are counted out in order and "
                f"the first to reach {t} wins.")
    return (f"Rounds are played until a player or partnership has {t} points or more; the most "
            "points then wins, and a tie for the most plays another round.")


def _counting(p: Any) -> str:
    if not p.count_out:
        return _COUNT_OUT  # a rule of Royal Casino, which this table does not play
    return (f"At this table, when several players could pass {p.target} in the same round, the "
            "points are counted in order: most cards, most spades, big casino, little casino, "
            f"the aces (spades, clubs, hearts, diamonds), then sweeps. The first to reach "
            f"{p.target} wins.")


def _sweep(p: Any) -> str:
    if p.sweeps:
        return "At this table a capture that leaves the table empty is a sweep, worth 1 point."
    if p.royal:
        return ("At this table a capture that leaves the table empty is a sweep, but sweeps "
                "score nothing.")
    return _SWEEP


HOUSE_RULES = {
    "casino.capture.face": (
        HouseRule("royal", "A jack, queen or king captures one table card of the same rank, and "
                  "only one, even if several lie on the table. Face cards have no number value: "
                  "they never join sets or builds.",
                  {True: "At this table (Royal Casino) courts have values, jack 11, queen 12, "
                         "king 13, and capture like numerals: every table card of their rank "
                         "you choose and any sets adding up to their value."}, _ROYAL),),
    "casino.capture.numeral": (
        HouseRule("royal", "A numeral (ace = 1 up to 10) captures every table card you choose of "
                  "its own rank and any sets of table cards adding up to its value, each card "
                  "in one set only.",
                  {True: "A numeral or a court (an ace 1 or 14, a jack 11, a queen 12, a king "
                         "13) captures every table card you choose of its own rank and any sets "
                         "of table cards adding up to its value, each card in one set only."},
                  _ROYAL),),
    "casino.build": (
        HouseRule("royal", "You may put a numeral from your hand onto one or more loose table "
                  "cards to make a build, announcing its value (\"building 8\"); the build is "
                  "taken later by a card of that value.",
                  {True: "You may put a numeral or a court from your hand onto one or more loose "
                         "table cards to make a build, announcing its value (\"building 8\", up "
                         "to 14); the build is taken later by a card of that value."}, _ROYAL),),
    "casino.build.owner": (
        HouseRule("owner_may_trail", "While you own a build on the table you may not trail: you "
                  "must capture, build, add or increase.",
                  {True: "While you own a build on the table you may still trail, but never "
                         "the card that captures it."}, _TRAIL),),
    "casino.score": (
        HouseRule("sweeps", "and each ace 1: 11 points a round.",
                  {True: "and each ace 1: 11 points a round, and 1 more for each sweep."},
                  _SWEEPS),),
    "casino.game": (
        HouseRule("target", "Rounds are played until a player or partnership has 21 points or "
                  "more; the most points then wins, and a tie for the most plays another round.",
                  _game, "the standard game is played to 21, the higher total winning",
                  also=("count_out",)),
        HouseRule("count_out", "When two sides pass the target in the same round the higher "
                  "total wins (the count-out order belongs to Royal Casino).",
                  {True: "When two sides pass the target in the same round, the points are "
                         "counted out in order and the first to reach the target wins."},
                  _COUNT),
        HouseRule("target", "Playing to 11 is an option.",
                  {11: "This table plays to 11."}, _TARGET),
    ),
    "casino.sweep": (
        HouseRule("sweeps", _SWEEP, _sweep, _SWEEPS, also=("royal",)),),
    "casino.royal": (
        HouseRule("royal", "In Royal Casino the courts have values, jack 11, queen 12, king 13, "
                  "and an ace is 1 or 14 as its player chooses.",
                  {True: "This table plays Royal Casino: the courts have values, jack 11, queen "
                         "12, king 13, and an ace is 1 or 14 as its player chooses."}, _ROYAL),),
    "casino.royal.count-out": (
        HouseRule("count_out", _COUNT_OUT, _counting, _COUNT, also=("target",)),),
}


_STATED: tuple[Rule, ...] = (
    Rule("casino.deal", "casino", "The deal",
         "The dealer deals two cards to each other player (starting on the left), two face up "
         "to the table and two to themself, and then the same again: 4 each and 4 on the table. "
         "When every hand is empty, 4 more go to each player, two at a time, and none to the "
         "table, until the pack is used up; the dealer says \"last\" on the final deal. With 2 "
         "players there are 6 deals, with 3 players 4, with 4 players 3.",
         f"{SEED}, 'Tingimus' (the deal); {_R} [casino.deal]",
         house_reading="The later deals are also dealt two at a time, in the same order as the "
                       "first (the source rules say only that 4 more are dealt)."),
    Rule("casino.turn", "casino", "Turns",
         "The player on the dealer's left plays first and play goes clockwise. On your turn you "
         "play exactly one card from your hand: to capture, to make or add to a build, to "
         "increase a build, or to trail it.",
         f"{SEED}, 'Näitekiri' (play); {_R}"),
    Rule("casino.capture.face", "casino", "Capturing with a face card",
         "A jack, queen or king captures one table card of the same rank, and only one, even "
         "if several lie on the table. Face cards have no number value: they never join sets "
         "or builds.",
         f"{SEED}, 'Võimalikud mängutüübid' (capture with a face card); {_R} "
         "[casino.capture.face]"),
    Rule("casino.capture.numeral", "casino", "Capturing with a numeral",
         "A numeral (ace = 1 up to 10) captures every table card you choose of its own rank "
         "and any sets of table cards adding up to its value, each card in one set only. On a "
         "table of A, 2, 5, 6, 7 and 8, an 8 takes the 8 with 7 + A and 6 + 2, or the 8 with "
         "5 + 2 + A, never all six. You choose which of the possible cards and sets to take.",
         f"{SEED}, 'Võimalikud mängutüübid' (capture with a numeral card); {_R} "
         "[casino.capture.numeral]"),
    Rule("casino.build", "casino", "Single builds",
         "You may put a numeral from your hand onto one or more loose table cards to make a "
         "build, announcing its value (\"building 8\"); the build is taken later by a card of "
         "that value. You must keep in hand a card of that value. A single build is one set of "
         "cards adding up to the value. A build always includes the card just played and at "
         "least one table card.",
         f"{SEED}, 'Moodustab Build/Building'; {_R} [casino.build]",
         house_reading="A new combination of a value that is already built on the table joins "
                       "that build (it is an addition, see adding to a build): the table never "
                       "holds two builds of the same value."),
    Rule("casino.build.multiple", "casino", "Multiple builds",
         "A multiple build holds two or more cards or sets, each equal to the announced value: "
         "2+3 with 4+A is a build of 5, and an 8 played on a loose 3 and 5 builds eights. Table "
         "sets of the value may be taken into it, as long as the played card is in it. Its "
         "value never changes.",
         f"{SEED}, 'Moodustab Build/Building' (multiple builds); {_R} [casino.build]"),
    Rule("casino.build.capture", "casino", "Capturing a build",
         "A build is taken only whole, and only by a card of its announced value. Loose table "
         "cards of that value, and sets adding up to it, may be taken in the same capture. A "
         "card inside a build is never taken on its own.",
         f"{SEED}, 'Capture a Build'; {_R} [casino.build.capture]"),
    Rule("casino.build.add", "casino", "Adding to a build",
         "Any build, single or multiple, may be added to with a card from hand, alone or with "
         "loose table cards, that makes the build's value; it becomes a multiple build and "
         "you become its owner. You must hold a card that captures it.",
         f"{SEED}, 'Lisage Build'ile' (the second way); {_R} [casino.build.add]",
         house_reading="Loose table sets of the build's value may be taken in with the card "
                       "from hand, as when a multiple build is first made."),
    Rule("casino.build.increase", "casino", "Increasing a build",
         "Only a single build may be increased: you add one card from your hand to it and "
         "announce the new value, which is the old value plus that card, and which you must "
         "hold. Loose table cards may join it only if each one equals the new value on its "
         "own. A 7-build of 3+4 with a loose 9, and a hand of 2 and 9: play the 2 onto the "
         "build, take in the 9, and it is a multiple build of nines. A multiple build's value "
         "never changes.",
         f"{SEED}, 'Lisage Build'ile' (the first way) and its example; {_R} "
         "[casino.build.increase]",
         house_reading="You may increase your own single build as well as another player's. "
                       "If the new value is already built on the table, the two builds join "
                       "into one multiple build."),
    Rule("casino.build.owner", "casino", "The build owner's duties",
         "The owner of a build is the player who made it or last added to it or increased "
         "it. While you own a build on the table you may not trail: you must capture, build, "
         "add or increase. And you may never play so as to be left without a card that "
         "captures a build you own.",
         f"{SEED}, 'Capture a Build'; {_R} [casino.build.owner]"),
    Rule("casino.trail", "casino", "Trailing",
         "If you do not capture or build, you trail: the card is left face up on the table. "
         "You may trail even a card that could have captured.",
         f"{SEED}, 'Kaardi jälgimine' (trailing); {_R} [casino.trail]"),
    Rule("casino.residue", "casino", "The cards left at the end",
         "After the last play of the last deal, the last player who captured takes all the "
         "cards left on the table. This is not a sweep.",
         f"{_R} [casino.residue] (pagat.com; the seed is silent)",
         house_reading="If nobody captured at all in the round, the dealer takes the cards left."),
    Rule("casino.score", "casino", "Scoring a round",
         "Each player (or partnership) scores from the cards they captured: most cards 3, most "
         "spades 1 (a tie for either scores nothing), the 10♦ (big casino) 2, the 2♠ (little "
         "casino) 1, and each ace 1: 11 points a round.",
         f"{SEED}, 'Skoorimine'; {_R} [casino.score]"),
    Rule("casino.game", "casino", "Winning the game",
         "Rounds are played until a player or partnership has 21 points or more; the most "
         "points then wins, and a tie for the most plays another round. The deal passes to "
         "the left after each round.",
         f"{SEED}, 'Skoorimine' and 'Tingimus'; {_R} [casino.score]",
         house_reading="When two sides pass the target in the same round the higher total "
                       "wins (the count-out order belongs to Royal Casino). Playing to 11 is an "
                       "option."),
    Rule("casino.partners", "casino", "Partnerships",
         "Four players play as two partnerships, partners sitting opposite (North and South "
         "against East and West). Partners pool their captured cards for scoring; each "
         "partner still plays their own hand and keeps their own builds.",
         f"{SEED}, 'Mängijate arv'; {_R} [casino.score]",
         house_reading="Holding the capturing card, and the owner's duties, belong to the "
                       "player who built, not to the partnership."),
    Rule("casino.royal", "casino", "Royal Casino",
         "In Royal Casino the courts have values, jack 11, queen 12, king 13, and an ace is 1 "
         "or 14 as its player chooses. Courts capture and build like numerals, and builds go "
         "up to 14.",
         f"{SEED}, 'Variatsioon: Royal Casino'; {_R} [casino.royal]",
         house_reading="An ace on the table counts 1 in a set, or 14 on its own, as the player "
                       "taking or building it chooses.",
         option=True),
    Rule("casino.sweep", "casino", "Sweeps",
         "In Royal Casino (and in the base game as an option), a capture that leaves the table "
         "empty is a sweep, worth 1 point. The capturing card is kept face up in the pile to "
         "count them. Taking the last cards at the end of the round is not a sweep.",
         f"{SEED}, 'Variatsioon' (sweeps); {_R} [casino.royal]",
         house_reading="A capture on the very last play that empties the table counts as a "
                       "sweep; only the end-of-round residue does not.",
         option=True),
    Rule("casino.royal.count-out", "casino", "Counting out",
         "In Royal Casino, when several players could pass 21 in the same round, the points "
         "are counted in order: most cards, most spades, big casino, little casino, the aces "
         "(spades, clubs, hearts, diamonds), then sweeps. The first to reach 21 wins.",
         f"{SEED}, 'Hindamine Royal Casino'; {_R} [casino.royal]",
         option=True),
)

# each rule that reads otherwise under a house rule carries how (see HOUSE_RULES above)
RULES: tuple[Rule, ...] = tuple(
    replace(r, house_rules=HOUSE_RULES[r.id]) if r.id in HOUSE_RULES else r for r in _STATED)
