"""Battles: the bet sizes, the cards that count and the battle showdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..cards import Card, Suit, cards_text
from ..game import SetupError, check_profile
from ..poker import Hand, best_hand, hand_of
from .inputs import as_cards, as_suit, check_count
from .profile import PalaceRules
from .words import suit_word

#: the most cards a player holds at a showdown: three palace cards, five soldiers, a banner
MOST_CARDS = 9


def minimum_for(soldiers: int, rules: PalaceRules) -> int:
    """(soldiers + 1 banner) x small bet: the least attack bet, and the defender's call
    [palace.battle.minimum].

    >>> from cardrules.palace import load_palace
    >>> minimum_for(2, load_palace()), minimum_for(0, load_palace())
    (15, 5)
    """
    check_count(soldiers)
    rules = check_profile(rules, PalaceRules, "Palace Poker")
    return (soldiers + 1) * rules.small_bet


def raise_size(soldiers: int, rules: PalaceRules) -> int:
    """The limit raise, or the smallest no-limit raise [palace.battle.raise]: the big bet;
    under limit stakes a raiser with no soldiers raises by double the small bet.

    >>> from cardrules.palace import load_palace
    >>> rules = load_palace().replace(small_bet=5, big_bet=15)
    >>> raise_size(2, rules), raise_size(0, rules), raise_size(0, rules.replace(stakes="no-limit"))
    (15, 10, 15)
    """
    check_count(soldiers)
    rules = check_profile(rules, PalaceRules, "Palace Poker")
    if not rules.no_limit and soldiers == 0:
        return 2 * rules.small_bet
    return rules.big_bet


def split_pot(pot: int, winners: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Split ``pot`` equally among ``winners`` (listed from the dealer's left); odd chips
    go one each to the first ones [palace.end.same-suit].

    >>> split_pot(20, ["Ann", "Bob", "Cy"])
    (('Ann', 7), ('Bob', 7), ('Cy', 6))
    """
    if isinstance(winners, str) or not isinstance(winners, Sequence) or not all(
            isinstance(w, str) for w in winners):
        raise SetupError(f"a pot is split among a list of names, not {winners!r}")
    if not winners:
        raise SetupError("a pot is split among at least one player")
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise SetupError(f"a pot is a whole number of chips, 0 or more; got {pot!r}")
    share, odd = divmod(pot, len(winners))
    return tuple((w, share + (1 if i < odd else 0)) for i, w in enumerate(winners))



# -- pure rules: hands and the battle showdown ---------------------------------------
def counting_cards(cards: Sequence[Card] | str, opponent_suit: Suit | str | None
                   ) -> tuple[Card, ...]:
    """The cards that count in a battle: those not of the opponent's banner suit
    [palace.battle.call].

    >>> counting_cards("KH 9H 9S 2D", "hearts")
    (Card('9♠'), Card('2♦'))
    """
    suit = None if opponent_suit is None else as_suit(opponent_suit)
    return tuple(c for c in as_cards(cards) if c.suit is not suit)


def hand_value(cards: Sequence[Card] | str, opponent_suit: Suit | str | None = None) -> Hand:
    """The best poker hand of a player's own cards, not counting ``opponent_suit``.

    A player with no soldiers holds four cards; fewer than five counting cards make
    the best hand they can [palace.battle.call].

    >>> hand_value("KH KS 9D 4C").name
    'pair, kings, nine and four kickers'
    >>> hand_value("KH KS 9D 4C 7S 2S", "spades").name
    'high card, king, nine and four'
    >>> hand_value("KH KH 9D 4C")
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: a card appears twice in K♥ K♥ 9♦ 4♣
    """
    held = as_cards(cards)
    if len(set(held)) != len(held):
        raise SetupError(f"a card appears twice in {cards_text(held)}")
    if len(held) > MOST_CARDS:
        raise SetupError(f"a player's hand is at most {MOST_CARDS} cards (three palace cards, "
                         f"five soldiers and a banner), not {len(held)}")
    counting = counting_cards(held, opponent_suit)
    return hand_of(counting) if len(counting) < 5 else best_hand(counting)


class Side(Enum):
    """The two sides of a battle."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


@dataclass(frozen=True)
class BattleOutcome:
    """A battle's showdown: the counting hands, the tie-break counts and the winner
    (None when both are equal on hand and tie-break)."""

    attacker: str
    defender: str
    attacker_cards: tuple[Card, ...]
    defender_cards: tuple[Card, ...]
    attacker_suit: Suit
    defender_suit: Suit
    attacker_hand: Hand
    defender_hand: Hand
    attacker_banner_count: int
    defender_banner_count: int
    winner: Side | None
    rule_id: str
    reason: str

    @property
    def winner_name(self) -> str | None:
        """The name of the winner, or None on a full tie.

        >>> battle_showdown("KC 9D 6C 3S", "S", "KD 9C 6D 3H", "H").winner_name is None
        True
        """
        if self.winner is None:
            return None
        return self.attacker if self.winner is Side.ATTACKER else self.defender

    def greyed(self, side: Side) -> frozenset[int]:
        """Positions of the cards of ``side`` that do not count (opponent's banner suit).

        >>> o = battle_showdown("KH KS 9D 4C", "hearts", "2S 3S 5D 7C", "clubs")
        >>> sorted(o.greyed(Side.ATTACKER)), sorted(o.greyed(Side.DEFENDER))
        ([3], [])
        """
        if not isinstance(side, Side):
            raise SetupError(f"a side of a battle is Side.ATTACKER or Side.DEFENDER, not {side!r}")
        if side is Side.ATTACKER:
            cards, suit = self.attacker_cards, self.defender_suit
        else:
            cards, suit = self.defender_cards, self.attacker_suit
        return frozenset(i for i, c in enumerate(cards) if c.suit is suit)


def battle_showdown(attacker_cards: Sequence[Card] | str, attacker_suit: Suit | str,
                    defender_cards: Sequence[Card] | str, defender_suit: Suit | str,
                    attacker: str = "The attacker", defender: str = "the defender"
                    ) -> BattleOutcome:
    """Compare two players' own cards in a battle [palace.battle.call]: each side's best
    hand without the opponent's banner suit; equal hands go to the player with more
    cards of their own banner suit, else nobody wins [palace.battle.tie].

    >>> o = battle_showdown("AS AH 7D 2C", "spades", "KH KC 3H 4D", "hearts", "Ann", "Bob")
    >>> o.attacker_hand.name, o.defender_hand.name, o.winner_name
    ('high card, ace, seven and two', 'pair, kings, four and three kickers', 'Bob')

    Equal hands: more cards of one's own banner suit wins.

    >>> o = battle_showdown("QS QD 5S 9C", "spades", "QH QC 5D 9D", "hearts", "Ann", "Bob")
    >>> o.attacker_hand == o.defender_hand, o.attacker_banner_count, o.winner, o.rule_id
    (True, 2, <Side.ATTACKER: 'attacker'>, 'palace.battle.tie')
    """
    a_cards, d_cards = as_cards(attacker_cards), as_cards(defender_cards)
    a_suit, d_suit = as_suit(attacker_suit), as_suit(defender_suit)
    if not (isinstance(attacker, str) and attacker and isinstance(defender, str) and defender):
        raise SetupError(f"the sides of a battle are named by non-empty text, not {attacker!r} and "
                         f"{defender!r}")
    if a_suit is d_suit:
        raise SetupError(f"both banners are {a_suit.value}: a battle is never between two "
                         "banners of one suit")
    both = a_cards + d_cards
    if len(set(both)) != len(both):
        raise SetupError(f"a card appears twice in {cards_text(both)}")
    if not a_cards or not d_cards or len(a_cards) > MOST_CARDS or len(d_cards) > MOST_CARDS:
        raise SetupError("each side of a battle holds 4 to 9 cards")
    a_hand, d_hand = hand_value(a_cards, d_suit), hand_value(d_cards, a_suit)
    a_count = sum(1 for c in a_cards if c.suit is a_suit)
    d_count = sum(1 for c in d_cards if c.suit is d_suit)
    said = (f"{attacker}'s cards count without {d_suit.value} ({defender}'s banner suit): "
            f"{a_hand.name}. {defender[0].upper() + defender[1:]}'s count without "
            f"{a_suit.value} ({attacker}'s banner suit): {d_hand.name}.")
    winner: Side | None
    rule_id = "palace.battle.call"
    if a_hand != d_hand:
        winner = Side.ATTACKER if a_hand > d_hand else Side.DEFENDER
        name = attacker if winner is Side.ATTACKER else defender
        reason = f"{said} {name[0].upper() + name[1:]}'s hand is higher, so {name} wins."
    else:
        rule_id = "palace.battle.tie"
        counts = (f"The hands are equal. {attacker} holds {a_count} {suit_word(a_suit, a_count)} "
                  f"(own banner suit), {defender} {d_count} {suit_word(d_suit, d_count)}")
        if a_count == d_count:
            winner = None
            reason = f"{said} {counts}: a full tie."
        else:
            winner = Side.ATTACKER if a_count > d_count else Side.DEFENDER
            name = attacker if winner is Side.ATTACKER else defender
            reason = f"{said} {counts}, so {name} wins."
    return BattleOutcome(attacker, defender, a_cards, d_cards, a_suit, d_suit, a_hand, d_hand,
                         a_count, d_count, winner, rule_id, reason)
