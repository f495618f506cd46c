"""Random play and the computer players of Palace Poker.

:func:`random_action` draws a random legal move from a state without listing every legal
action, so random play stays fast; the ``random`` player makes the very same draw from a
seat's view.  The ``strength`` player plays the strength of its own best hand.  Each
player reads only its seat's view: its own cards, the banners and soldiers on the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, parse_cards
from ..errors import IllegalAction
from ..game import Player, Seed, SetupError, View, check_rng, check_seed
from ..poker import Hand, hand_of
from ..rng import Rng
from .actions import (
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
)
from .apply import apply
from .battles import hand_value
from .checks import bet_limits, can_buy, can_call, raise_limits, two_left
from .deal import new_hand
from .profile import PalaceRules
from .state import PalaceState, Phase, palace_state
from .view import PalaceView, palace_view

#: how often random play picks each kind of move, so that hands end
WEIGHTS: dict[type, int] = {Buy: 4, Discard: 1, Battle: 3, Stay: 3, Fold: 1, Call: 4, Raise: 1,
                            Pass: 1, DiscardSoldiers: 1}


def _draw(phase: Phase, kinds: Sequence[type], soldiers: tuple[Card, ...],
          targets: Sequence[tuple[str, tuple[int, int]]], raise_range: tuple[int, int] | None,
          rng: Rng) -> Action:
    """The random draw itself, from what is open now: a kind of move by :data:`WEIGHTS`,
    then one move of that kind."""
    if phase is Phase.KEEP:
        k = len(soldiers)
        least = max(0, k - 5)
        count = least if rng.below(2) else rng.between(least, k)
        return DiscardSoldiers(rng.sample(soldiers, count))
    pick = rng.below(sum(WEIGHTS[t] for t in kinds))
    kind = kinds[-1]
    for kind in kinds:
        pick -= WEIGHTS[kind]
        if pick < 0:
            break
    if kind is Discard:
        return Discard(rng.sample(soldiers, rng.between(1, len(soldiers))))
    if kind is Battle:
        name, (low, high) = rng.choice(targets)
        return Battle(name, rng.between(low, high))
    if kind is Raise:
        assert raise_range is not None
        return Raise(rng.between(*raise_range))
    action: Action = kind()
    return action


def random_action(state: PalaceState, rng: Rng) -> Action:
    """A random legal action: a kind of move weighted so that hands end (:data:`WEIGHTS`),
    then one of that kind (cards chosen at random, no-limit amounts anywhere in their
    range).

    It draws the move directly rather than listing every legal action, so random play
    stays fast; the result is always one that :func:`~cardrules.palace.apply` accepts.

    >>> from cardrules.palace import can_apply, load_palace
    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=2)
    >>> can_apply(s, random_action(s, Rng(1)))
    True
    """
    state = palace_state(state, "random_action")
    rng = check_rng(rng)
    ph = state.phase
    if ph is Phase.OVER:
        raise IllegalAction("palace.end", "The hand is over: no action is legal.")
    p = state.actor
    kinds: list[type] = []
    targets: list[tuple[str, tuple[int, int]]] = []
    raise_range = None
    if ph is Phase.TURN:
        if can_buy(state):
            kinds.append(Buy)
        free = not two_left(state)
        if free and p.soldiers and p.chips >= state.rules.small_bet:
            kinds.append(Discard)
        for i in state.alive:
            limits = bet_limits(state, state.players[i].name)
            if limits is not None:
                targets.append((state.players[i].name, limits))
        if targets:
            kinds.append(Battle)
        if free:
            kinds.append(Stay)
        kinds.append(Fold)
    elif ph is not Phase.KEEP:
        kinds.append(Fold if ph is Phase.DEFEND else Pass)
        if can_call(state):
            kinds.append(Call)
        raise_range = raise_limits(state)
        if raise_range is not None:
            kinds.append(Raise)
    return _draw(ph, kinds, p.soldiers, targets, raise_range, rng)


def play_random(rules: PalaceRules, players: Sequence[str], seed: Seed,
                max_actions: int = 10_000) -> PalaceState:
    """Deal a hand and play it to the end with random legal actions.

    >>> from cardrules.palace import load_palace
    >>> s = play_random(load_palace(), ["Ann", "Bob", "Cy", "Dee"], seed=4)
    >>> s.is_over, sum(p.chips for p in s.players), s.pot
    (True, 800, 0)
    """
    state = new_hand(rules, players, seed=check_seed(seed))
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise SetupError(f"max_actions is a whole number, 1 or more; got {max_actions!r}")
    rng = Rng(f"{seed}:play")
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = apply(state, random_action(state, rng))
    raise IllegalAction("palace.end", f"The hand did not end within {max_actions} actions.")


# -- the computer players -------------------------------------------------------------------
def random_player(view: View[Action], rng: Rng) -> Action:
    """The random player: from the seat's view alone, the same draw as
    :func:`random_action` makes from the state (the kinds of move and the targets come
    from the view's legal actions, the cards to discard from the seat's own soldiers).

    >>> from cardrules.palace import load_palace, view as seat_view
    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=2)
    >>> random_player(seat_view(s, s.actor.name), Rng(1)) == random_action(s, Rng(1))
    True
    """
    v = palace_view(view)
    rng = check_rng(rng)
    legal = tuple(v.legal)
    kinds = tuple(dict.fromkeys(type(a) for a in legal))
    amounts: dict[str, list[int]] = {}
    raises: list[int] = []
    for a in legal:
        if isinstance(a, Battle):
            amounts.setdefault(a.target, []).append(a.amount)
        elif isinstance(a, Raise):
            raises.append(a.amount)
    targets = [(name, (min(xs), max(xs))) for name, xs in amounts.items()]
    raise_range = (min(raises), max(raises)) if raises else None
    return _draw(v.phase, kinds, v.soldiers(v.seat), targets, raise_range, rng)


def _hand(cards: str) -> Hand:
    return hand_of(parse_cards(cards))


#: the strength player's thresholds: the least hand for each move (a hand of only these
#: cards is the lowest of its kind: any pair of sevens or better beats a pair of sevens)
ANY_PAIR = _hand("2S 2H")
PAIR_OF_SEVENS = _hand("7S 7H")
PAIR_OF_JACKS = _hand("JS JH")
TWO_PAIR = _hand("3S 3H 2S 2H")
THREE_OF_A_KIND = _hand("2S 2H 2D")


def _against(v: PalaceView, opponent: str) -> Hand:
    """The seat's own best hand against ``opponent``: without their banner suit."""
    return hand_value(v.known(v.seat), v.player(opponent).suit)


def _keep(v: PalaceView) -> Action:
    """Keep every soldier; with more than five, the five that make the best hand."""
    soldiers = v.soldiers(v.seat)
    extra = len(soldiers) - 5
    if extra <= 0:
        return DiscardSoldiers()
    banner = v.banner(v.seat)
    own = tuple(c for c in v.palace(v.seat) if c is not None) + (
        (banner,) if banner is not None else ())
    options = [a for a in v.legal if isinstance(a, DiscardSoldiers) and len(a.cards) == extra]
    return max(options, key=lambda a: hand_value(
        own + tuple(c for c in soldiers if c not in a.cards)))


def _turn(v: PalaceView) -> Action:
    """Attack the target its hand is best against, buy, stay, or (two left) fold."""
    legal = tuple(v.legal)
    least: dict[str, Battle] = {}
    for a in legal:
        if isinstance(a, Battle) and (a.target not in least or a.amount < least[a.target].amount):
            least[a.target] = a
    scored = [(_against(v, a.target), a) for a in least.values()]
    strength, best = max(scored, key=lambda sa: sa[0], default=(None, None))
    if Stay() not in legal:  # two left of more: battle or fold
        if best is not None and strength is not None and strength >= ANY_PAIR:
            return best
        return Fold()
    if best is not None and strength is not None and strength >= PAIR_OF_JACKS:
        return best
    if Buy() in legal and v.me.soldiers < 5:
        return Buy()
    return Stay()


def _answer(v: PalaceView) -> Action:
    """Defend or answer a raise by the strength of its hand against the other side."""
    assert v.battle is not None
    b = v.battle
    other = b.attacker if v.seat == b.defender else b.defender
    strength = _against(v, other)
    legal = tuple(v.legal)
    raises = sorted((a for a in legal if isinstance(a, Raise)), key=lambda a: a.amount)
    defending = v.phase is Phase.DEFEND
    raise_at, call_at = (TWO_PAIR, PAIR_OF_SEVENS) if defending else (THREE_OF_A_KIND,
                                                                        PAIR_OF_JACKS)
    if raises and strength >= raise_at:
        return raises[0]
    if Call() in legal and strength >= call_at:
        return Call()
    return Fold() if defending else Pass()


def strength_player(view: View[Action], rng: Rng) -> Action:
    """The strength player: every choice by its own best hand (palace cards, soldiers and
    banner), counted without the opponent's banner suit; it never needs ``rng``.

    >>> from cardrules.palace import load_palace, player, position, view as seat_view
    >>> s = position(load_palace(), [player("Ann", "KS", "JH JD 4C"), player("Bob", "QH", "5C 6C 7D"),
    ...                               player("Cy", "JC", "8C 9C 10S")])
    >>> strength_player(seat_view(s, "Ann"), Rng(1))
    Battle(target='Cy', amount=5)

    (Against Bob's hearts Ann's J♥ would not count; against Cy's clubs her pair of jacks
    does.)
    """
    v = palace_view(view)
    check_rng(rng)
    if v.phase is Phase.KEEP:
        return _keep(v)
    if v.phase is Phase.TURN:
        return _turn(v)
    return _answer(v)


PLAYERS: tuple[Player[Action], ...] = (
    Player("strength", "By hand strength",
           "Plays its own best hand, counted without the opponent's banner suit: on its turn "
           "it attacks, at the minimum bet, the player its hand is best against once that hand "
           "is a pair of jacks or better (with only two left, any pair, else it folds), else "
           "buys while it holds fewer than five soldiers, else stays. Attacked it raises on "
           "two pair or better, calls on a pair of sevens or better and folds below; facing "
           "a raise it re-raises on three of a kind, calls on a pair of jacks and passes "
           "below; it keeps every soldier, with more than five the five that make its best "
           "hand.", strength_player),
    Player("random", "Random play",
           "Picks at random among the legal moves, as the play-along table's engine players "
           "do: first a kind of move, weighted buy 4, battle 3, stay 3, call 4 and each other "
           "kind 1 so that hands end, then one move of that kind at random (which soldiers "
           "to discard, whom to attack, an amount anywhere in the legal range).",
           random_player),
)
