"""The checks: ``verify_<action>`` raises :class:`IllegalAction` with a rule id, and
``can_<action>`` (made by :func:`cardrules.game.can`) answers True or False."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, cards_text
from ..errors import IllegalAction
from ..game import can
from .actions import (
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
from .battles import raise_size
from .inputs import as_cards
from .state import PalaceState, Phase, PlayerState, palace_state


def _phase_error(state: PalaceState, what: str) -> IllegalAction:
    who = state.actor.name
    if state.phase is Phase.OVER:
        reason = state.result.reason if state.result else "it has ended"
        return IllegalAction("palace.end", f"The hand is over ({reason}); {what} is no longer "
                             "possible.")
    b = state.battle
    if state.phase is Phase.DEFEND and b is not None:
        att = state.players[b.attacker].name
        return IllegalAction("palace.battle.fold", f"{who} must first answer {att}'s attack: "
                             "fold, call or raise.")
    if state.phase is Phase.ANSWER and b is not None and b.last_raiser is not None:
        rz = state.players[b.last_raiser].name
        return IllegalAction("palace.battle.raise", f"{who} must first answer {rz}'s raise of "
                             f"{b.facing}: pass, call or re-raise.")
    if state.phase is Phase.KEEP:
        return IllegalAction(state.keep_rule, f"{who} first chooses which soldiers to discard "
                             "(none is fine): DiscardSoldiers(...).")
    return IllegalAction("palace.turn", f"No battle is going on: on {who}'s turn {who} buys, "
                         f"discards, battles, stays or folds; {what} is not one of those.")


def two_left(state: PalaceState) -> bool:
    """Whether only two players are left of a table of more, who must battle (or fold)
    [palace.end.two-left]; a hand dealt to two is played normally.

    >>> from cardrules.palace import load_palace, out_player, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C"),
    ...                               out_player("Cy")])
    >>> two_left(s)
    True
    """
    state = palace_state(state, "two_left")
    return len(state.alive) == 2 < len(state.players)


def _require_turn(state: PalaceState, what: str, free_when_two: bool = False) -> PlayerState:
    if state.phase is not Phase.TURN:
        raise _phase_error(state, what)
    p = state.actor
    if two_left(state) and not free_when_two:
        other = next(state.players[i].name for i in state.alive if i != state.to_act)
        raise IllegalAction("palace.end.two-left", f"Only {p.name} and {other} are left, so "
                            f"{p.name} must battle {other} (or fold); {what} is not allowed now.")
    return p


def _afford(p: PlayerState, amount: int, what: str) -> None:
    if p.chips < amount:
        raise IllegalAction("palace.stakes", f"{what} costs {amount} and {p.name} has only "
                            f"{p.chips} chips; nobody bets more than they have.")


def _whole(amount: object, rule_id: str) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction(rule_id, f"A bet is a whole number of chips, not {amount!r}.")


def verify_buy(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may buy [palace.buy], [palace.buy.refill].

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", chips=3),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> verify_buy(s)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: A buy costs 5 and Ann has only 3 chips; nobody bets more than they have. [rule palace.stakes]
    """
    state = palace_state(state, "verify_buy")
    p = _require_turn(state, "buying")
    _afford(p, state.rules.small_bet, "A buy")
    if not state.draw_pile and not state.discard_pile:
        raise IllegalAction("palace.buy.refill", "The draw pile and the discard pile are both "
                            "empty, so nobody can buy any more.")


def _check_soldiers(p: PlayerState, cards: tuple[Card, ...], rule_id: str) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalAction(rule_id, f"{cards_text(cards)} names a card twice.")
    for c in cards:
        if c not in p.soldiers:
            have = cards_text(p.soldiers) if p.soldiers else "none"
            raise IllegalAction(rule_id, f"{c} is not one of {p.name}'s soldiers (soldiers: "
                                f"{have}).")


def verify_discard(state: PalaceState, cards: Sequence[Card] | str) -> None:
    """Raise IllegalAction unless the player to act may pay a small bet to discard
    ``cards`` [palace.discard].

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"),
    ...                               player("Bob", "QD", "5C 6C 7C"), player("Cy", "JH", "8C 9C 10C")])
    >>> verify_discard(s, "9D")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 9♦ is not one of Ann's soldiers (soldiers: 5♦). [rule palace.discard]
    """
    state = palace_state(state, "verify_discard")
    p = _require_turn(state, "discarding")
    cards = as_cards(cards)
    if not p.soldiers:
        raise IllegalAction("palace.discard", f"{p.name} has no soldiers to discard.")
    if not cards:
        raise IllegalAction("palace.discard", "A discard names one or more of your soldiers.")
    _check_soldiers(p, cards, "palace.discard")
    _afford(p, state.rules.small_bet, "A discard")


def verify_discard_soldiers(state: PalaceState, cards: Sequence[Card] | str) -> None:
    """Raise IllegalAction unless the player who just bought or won may discard ``cards``
    and keep at most five soldiers [palace.buy.limit], [palace.battle.capture].

    >>> from cardrules.palace import apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "2D 3D 4D 5D 6D"),
    ...                               player("Bob", "QD", "5C 6C 7C")], draw_pile=None)
    >>> s = apply(s, Buy())
    >>> verify_discard_soldiers(s, "")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Ann holds 6 soldiers and keeps at most five: discard at least 1. [rule palace.buy.limit]
    """
    state = palace_state(state, "verify_discard_soldiers")
    if state.phase is not Phase.KEEP:
        raise _phase_error(state, "discarding soldiers without paying")
    p = state.actor
    cards = as_cards(cards)
    _check_soldiers(p, cards, state.keep_rule)
    left = len(p.soldiers) - len(cards)
    if left > 5:
        rule_id = "palace.buy.limit" if state.keep_rule == "palace.buy" else state.keep_rule
        raise IllegalAction(rule_id, f"{p.name} holds {len(p.soldiers)} soldiers and keeps at "
                            f"most five: discard at least {len(p.soldiers) - 5}.")


def minimum_bet(state: PalaceState, name: str | None = None) -> int:
    """The least a player may bet to attack: (soldiers + 1) x small bet
    [palace.battle.minimum].  By default, the player to act.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D 6D"),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> minimum_bet(s), minimum_bet(s, "Bob")
    (15, 5)
    """
    state = palace_state(state, "minimum_bet")
    p = state.actor if name is None else state.player(name)
    return (len(p.soldiers) + 1) * state.rules.small_bet


def may_attack(state: PalaceState, attacker: str, target: str) -> tuple[bool, str]:
    """Whether ``attacker`` may choose ``target`` at all (ignoring whose turn and chips),
    and why [palace.battle.target].

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QS", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> may_attack(s, "Ann", "Bob")
    (False, "Bob's banner Q♠ has the same suit as Ann's banner K♠, spades: nobody attacks a player of their own banner suit.")
    >>> may_attack(s, "Ann", "Cy")[0]
    True
    """
    state = palace_state(state, "may_attack")
    a, t = state.player(attacker), state.player(target)
    if a.name == t.name:
        return False, f"{a.name} cannot attack {a.name}: a battle is against another player."
    if not t.in_hand:
        return False, f"{t.name} is out of the hand."
    if not a.in_hand:
        return False, f"{a.name} is out of the hand."
    if a.suit is t.suit:
        return False, (f"{t.name}'s banner {t.banner} has the same suit as {a.name}'s banner "
                       f"{a.banner}, {a.suit.value}: nobody attacks a player of their own "
                       "banner suit.")
    return True, (f"{t.name}'s banner {t.banner} ({t.suit.value}) differs from {a.name}'s "
                  f"{a.banner} ({a.suit.value}).")


def verify_battle(state: PalaceState, target: str, amount: int) -> None:
    """Raise IllegalAction unless the player to act may attack ``target`` with ``amount``
    [palace.battle.target], [palace.battle.minimum], [palace.stakes].

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"), player("Bob", "QS", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> verify_battle(s, "Cy", 5)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Ann must bet at least (1 soldier + 1 banner) x 5 = 10 to attack, not 5. [rule palace.battle.minimum]
    """
    state = palace_state(state, "verify_battle")
    p = _require_turn(state, "a battle", free_when_two=True)
    ok, why = may_attack(state, p.name, target)
    if not ok:
        raise IllegalAction("palace.battle.target", why)
    _whole(amount, "palace.battle.minimum")
    k = len(p.soldiers)
    least = minimum_bet(state)
    formula = (f"({k} soldier{'s' if k != 1 else ''} + 1 banner) x {state.rules.small_bet} = "
               f"{least}")
    if amount < least:
        raise IllegalAction("palace.battle.minimum", f"{p.name} must bet at least {formula} to "
                            f"attack, not {amount}.")
    if not state.rules.no_limit and amount != least:
        raise IllegalAction("palace.stakes", f"Under limit stakes the attack bet is exactly the "
                            f"minimum, {formula}; not {amount}.")
    _afford(p, amount, "This attack")


def verify_stay(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may stay [palace.stay],
    [palace.end.two-left].

    >>> from cardrules.palace import load_palace, out_player, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C"),
    ...                               out_player("Cy")])
    >>> verify_stay(s)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only Ann and Bob are left, so Ann must battle Bob (or fold); staying is not allowed now. [rule palace.end.two-left]
    """
    state = palace_state(state, "verify_stay")
    _require_turn(state, "staying")


def verify_fold(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may fold: on their turn [palace.fold]
    or as a defender [palace.battle.fold].

    >>> from cardrules.palace import load_palace, new_hand
    >>> verify_fold(new_hand(load_palace(), ["Ann", "Bob"], seed=1)) is None
    True
    """
    state = palace_state(state, "verify_fold")
    if state.phase is Phase.ANSWER:
        raise IllegalAction("palace.battle.raise", f"Facing a raise, {state.actor.name} may "
                            "pass, call or re-raise; to give up the battle, Pass().")
    if state.phase not in (Phase.TURN, Phase.DEFEND):
        raise _phase_error(state, "folding")


def call_amount(state: PalaceState) -> int:
    """What the player to act pays to call: the defender (own soldiers + 1) x small bet
    [palace.battle.call], a player facing a raise the raise [palace.battle.raise].

    >>> from cardrules.palace import apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C", "2S 3S")])
    >>> call_amount(apply(s, Battle("Bob", 5)))
    15
    """
    state = palace_state(state, "call_amount")
    b = state.battle
    if b is None or state.phase not in (Phase.DEFEND, Phase.ANSWER):
        raise _phase_error(state, "calling")
    if state.phase is Phase.DEFEND:
        return (len(state.actor.soldiers) + 1) * state.rules.small_bet
    return b.facing


def verify_call(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act may call [palace.battle.call].

    >>> from cardrules.palace import load_palace, new_hand
    >>> verify_call(new_hand(load_palace(), ["Ann", "Bob"], seed=1, dealer="Ann"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: No battle is going on: on Bob's turn Bob buys, discards, battles, stays or folds; calling is not one of those. [rule palace.turn]
    """
    state = palace_state(state, "verify_call")
    amount = call_amount(state)
    _afford(state.actor, amount, "Calling")


def raise_limits(state: PalaceState) -> tuple[int, int] | None:
    """The smallest and largest raise the player to act may make now, or None
    [palace.battle.raise], [palace.stakes].

    >>> from cardrules.palace import apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C", "2S")])
    >>> raise_limits(apply(s, Battle("Bob", 5)))
    (10, 10)
    """
    state = palace_state(state, "raise_limits")
    b = state.battle
    if b is None or state.phase not in (Phase.DEFEND, Phase.ANSWER):
        return None
    rules = state.rules
    if not rules.no_limit and rules.max_raises and b.raises >= rules.max_raises:
        return None
    p = state.actor
    least = raise_size(min(len(p.soldiers), 5), rules)
    room = p.chips - call_amount(state)
    if room < least:
        return None
    return (least, room if rules.no_limit else least)


def verify_raise(state: PalaceState, amount: int) -> None:
    """Raise IllegalAction unless the player to act may call and raise by ``amount``
    [palace.battle.raise].

    >>> from cardrules.palace import apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> verify_raise(apply(s, Battle("Bob", 5)), 20)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Under limit stakes Bob raises by exactly 10 (double the small bet, with no soldiers), not 20. [rule palace.battle.raise]
    """
    state = palace_state(state, "verify_raise")
    b = state.battle
    if b is None or state.phase not in (Phase.DEFEND, Phase.ANSWER):
        raise _phase_error(state, "raising")
    _whole(amount, "palace.battle.raise")
    rules, p = state.rules, state.actor
    if not rules.no_limit and rules.max_raises and b.raises >= rules.max_raises:
        raise IllegalAction("palace.battle.raise", f"This battle has had {b.raises} raises, the "
                            f"most allowed under limit stakes: {p.name} may call or pass.")
    least = raise_size(len(p.soldiers), rules)
    if rules.no_limit:
        if amount < least:
            raise IllegalAction("palace.battle.raise", f"A no-limit raise is at least the big "
                                f"bet, {least}; not {amount}.")
    elif amount != least:
        how = ("double the small bet, with no soldiers" if not p.soldiers and
               least == 2 * rules.small_bet else "the big bet")
        raise IllegalAction("palace.battle.raise", f"Under limit stakes {p.name} raises by "
                            f"exactly {least} ({how}), not {amount}.")
    _afford(p, call_amount(state) + amount, f"Calling {call_amount(state)} and raising {amount}")


def verify_pass(state: PalaceState) -> None:
    """Raise IllegalAction unless the player to act faces a raise and may pass
    [palace.battle.raise].

    >>> from cardrules.palace import apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> verify_pass(apply(s, Battle("Bob", 5)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Attacked, Bob may fold, call or raise; passing answers a raise. [rule palace.battle.fold]
    """
    state = palace_state(state, "verify_pass")
    if state.phase is Phase.DEFEND:
        raise IllegalAction("palace.battle.fold", f"Attacked, {state.actor.name} may fold, call "
                            "or raise; passing answers a raise.")
    if state.phase is not Phase.ANSWER:
        raise _phase_error(state, "passing")


def verify_action(state: PalaceState, action: object) -> None:
    """Raise IllegalAction (rule id and a sentence) unless ``action`` is legal now.

    >>> from cardrules.palace import load_palace, new_hand
    >>> verify_action(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1), Stay()) is None
    True
    """
    state = palace_state(state, "verify_action")
    if isinstance(action, Buy):
        verify_buy(state)
    elif isinstance(action, Discard):
        verify_discard(state, action.cards)
    elif isinstance(action, DiscardSoldiers):
        verify_discard_soldiers(state, action.cards)
    elif isinstance(action, Battle):
        verify_battle(state, action.target, action.amount)
    elif isinstance(action, Stay):
        verify_stay(state)
    elif isinstance(action, Fold):
        verify_fold(state)
    elif isinstance(action, Call):
        verify_call(state)
    elif isinstance(action, Raise):
        verify_raise(state, action.amount)
    elif isinstance(action, Pass):
        verify_pass(state)
    else:
        raise not_an_action(action)


def bet_limits(state: PalaceState, target: str) -> tuple[int, int] | None:
    """The smallest and largest bet with which the player to act may attack ``target``
    now, or None [palace.battle.minimum], [palace.stakes].

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace("palace-poker-no-limit"),
    ...              [player("Ann", "KS", "2H 3H 4H", chips=40), player("Bob", "QD", "5C 6C 7C")])
    >>> bet_limits(s, "Bob"), bet_limits(s, "Ann")
    ((5, 40), None)
    """
    state = palace_state(state, "bet_limits")
    if state.phase is not Phase.TURN:
        return None
    p = state.actor
    t = state.player(target)
    if t is p or not t.in_hand or t.suit is p.suit:
        return None
    least = (len(p.soldiers) + 1) * state.rules.small_bet
    if p.chips < least:
        return None
    return (least, p.chips if state.rules.no_limit else least)


# -- the queries: one per check, all made by cardrules.game.can --------------------------
can_buy = can(verify_buy)
can_discard = can(verify_discard)
can_discard_soldiers = can(verify_discard_soldiers)
can_battle = can(verify_battle)
can_stay = can(verify_stay)
can_fold = can(verify_fold)
can_call = can(verify_call)
can_raise = can(verify_raise)
can_pass = can(verify_pass)
can_apply = can(verify_action)
