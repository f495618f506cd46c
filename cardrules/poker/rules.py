"""The poker hand rules of the catalog, and the ``poker`` profile for the quizzes."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalog import Rule
from ..profiles import Profile, register_profile

SEED = "seeds/001_94e9fc480a223ef9.txt"

RULES = (
    Rule("poker.rank", "poker", "The poker hand ranking",
         "From highest to lowest: straight flush, four of a kind, full house, flush, straight, "
         "three of a kind, two pair, pair, high card. A higher category always wins. Within a "
         "category, hands compare by the ranks that make them (the set, then the pair, the "
         "highest card of a straight or flush), then by the kickers, highest first. Aces are "
         "high, but A-2-3-4-5 (the wheel) is a straight five high, the lowest straight; a "
         "straight flush ace high is a royal flush. Suits never rank: hands with the same "
         "ranks tie.",
         f"RULES.md §5 ('Poker hand ranking as usual'); {SEED}, 'Poker El Sıralaması'"),
    Rule("poker.best-five", "poker", "The best five cards",
         "A player holding more than five cards (up to nine here) plays the best five-card hand "
         "that can be made from them; the other cards do not count at all, not even as kickers.",
         f"RULES.md §5 ('best five cards'); {SEED}, 'Arayın' ('en iyi 5 kartlı elini')"),
    Rule("poker.excluded-suit", "poker", "A suit that does not count",
         "When a suit is excluded (in Palace Poker, the opponent's banner suit), the cards of "
         "that suit do not count: the best hand is made from the other cards only.",
         f"RULES.md §5 [palace.battle.call]; {SEED}, 'Arayın'"),
    Rule("poker.fewer-than-five", "poker", "Fewer than five cards",
         "With fewer than five cards that count, the hand is the best that can be made from "
         "them: four of a kind, three of a kind, two pair, a pair or high cards (a straight or "
         "a flush needs five cards). Such a hand compares with others as usual, a missing "
         "kicker counting lower than any card.",
         f"RULES.md §5 [palace.battle.call] (silent on this case); {SEED}, 'Arayın'",
         house_reading="The source rules do not say what happens when excluding the opponent's "
         "banner suit leaves fewer than five cards. This book takes the best hand those cards "
         "make and lets a missing card count below a two: K-K-A-9 loses to K-K-A-9-2 but beats "
         "K-K-A-8-7, and with no card left the hand is empty and loses to every other hand."),
)


@register_profile("poker")
@dataclass(frozen=True)
class PokerRules(Profile):
    """The poker hand ranking has no options; this profile lets quizzes ask about it.

    >>> PokerRules().game
    'poker'
    """

