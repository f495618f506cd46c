"""Explanations: what an action would do now and by which rule, or why it is refused;
and each action in words, as a button says it."""

from __future__ import annotations

from ..cards import cards_text
from ..errors import IllegalAction
from .actions import (
    ACTION_TYPES,
    Action,
    Battle,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    Pass,
    Raise,
    Stay,
    not_an_action,
)
from .checks import call_amount, verify_action
from .state import PalaceState, Phase, palace_state
from .words import count_of


def explain(state: PalaceState, action: object) -> str:
    """What ``action`` would do now and by which rule, or why it is refused.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"), player("Bob", "QS", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> explain(s, Battle("Cy", 10))
    'Ann attacks Cy with a bet of 10 (the minimum is (1 + 1) x 5 = 10). Cy may fold, call for (0 + 1) x 5 = 5, or call and raise. [rule palace.battle]'
    >>> explain(s, Battle("Bob", 10))
    "Not allowed: Bob's banner Q♠ has the same suit as Ann's banner K♠, spades: nobody attacks a player of their own banner suit. [rule palace.battle.target]"
    """
    state = palace_state(state, "explain")
    try:
        verify_action(state, action)
    except IllegalAction as err:
        return f"Not allowed: {err.message} [rule {err.rule_id}]"
    p = state.actor
    small = state.rules.small_bet
    if isinstance(action, Buy):
        refill = ("The draw pile is empty, so the discard pile is shuffled to make a new one "
                  "first. " if not state.draw_pile else "")
        return (f"{refill}{p.name} pays {small} into the pot and takes the top card of the draw "
                f"pile as a soldier, then may discard soldiers, keeping at most five. "
                "[rule palace.buy]")
    if isinstance(action, Discard):
        return (f"{p.name} pays {small} into the pot and discards {cards_text(action.cards)}, "
                "drawing nothing. [rule palace.discard]")
    if isinstance(action, DiscardSoldiers):
        left = len(p.soldiers) - len(action.cards)
        what = f"discards {cards_text(action.cards)}" if action.cards else "discards nothing"
        return (f"{p.name} {what}, keeping {count_of(left, 'soldier')} (at most five). "
                f"[rule {state.keep_rule}]")
    if isinstance(action, Stay):
        return f"{p.name} does nothing this turn. [rule palace.stay]"
    if isinstance(action, Battle):
        t = state.player(action.target)
        k, kt = len(p.soldiers), len(t.soldiers)
        return (f"{p.name} attacks {t.name} with a bet of {action.amount} (the minimum is "
                f"({k} + 1) x {small} = {(k + 1) * small}). {t.name} may fold, call for "
                f"({kt} + 1) x {small} = {(kt + 1) * small}, or call and raise. [rule palace.battle]")
    b = state.battle
    if isinstance(action, Fold):
        if b is None:
            return (f"{p.name} leaves the hand; the cards go to the discard pile and the chips in "
                    "the pot stay there. [rule palace.fold]")
        att = state.players[b.attacker].name
        return (f"{p.name} discards the palace cards and is out; {att} takes {p.name}'s "
                f"soldiers and banner. [rule palace.battle.fold]")
    assert b is not None
    other = state.players[b.attacker if state.to_act == b.defender else b.defender].name
    if isinstance(action, Pass):
        return (f"{p.name} gives up the battle and is out; {other} takes back the uncalled raise "
                f"of {b.facing} and takes {p.name}'s soldiers and banner. [rule palace.battle.raise]")
    if isinstance(action, Call):
        rule_id = "palace.battle.call" if state.phase is Phase.DEFEND else "palace.battle.raise"
        return (f"{p.name} pays {call_amount(state)}, looks at {other}'s cards and names the "
                f"winner: each side's best hand without the other's banner suit. [rule {rule_id}]")
    assert isinstance(action, Raise)
    call = call_amount(state)
    return (f"{p.name} pays {call} to call and {action.amount} more to raise; {other} may then "
            f"pass, call for {action.amount} or re-raise. [rule palace.battle.raise]")


def describe(action: Action) -> str:
    """An action in the game's words, as a button says it.

    >>> describe(Buy()), describe(Battle("Bob", 10)), describe(Raise(10))
    ('Buy a soldier', 'Attack Bob, betting 10', 'Call and raise by 10')
    >>> describe(DiscardSoldiers()), describe(Discard("5D KS"))
    ('Keep every soldier', 'Pay to discard K♠ 5♦')
    >>> describe("stay")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 'stay' is not a Palace Poker action; the actions are Buy, Discard, DiscardSoldiers, Battle, Stay, Fold, Call, Raise, Pass. [rule palace.turn]
    """
    if not isinstance(action, ACTION_TYPES):
        raise not_an_action(action)
    if isinstance(action, Discard):
        return f"Pay to discard {cards_text(action.cards)}"
    if isinstance(action, DiscardSoldiers):
        return (f"Discard {cards_text(action.cards)}" if action.cards
                else "Keep every soldier")
    if isinstance(action, Battle):
        return f"Attack {action.target}, betting {action.amount}"
    if isinstance(action, Raise):
        return f"Call and raise by {action.amount}"
    words: tuple[tuple[type, str], ...] = (
        (Buy, "Buy a soldier"), (Stay, "Stay"), (Fold, "Fold"), (Call, "Call"), (Pass, "Pass"))
    for kind, text in words:
        if isinstance(action, kind):
            return text
    raise not_an_action(action)
