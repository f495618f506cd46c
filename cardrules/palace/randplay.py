"""Random play: a random legal action drawn without listing them all, and whole hands."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalAction
from ..rng import Rng
from .checks import _two_left, bet_limits, can_buy, can_call, raise_limits
from .deal import new_hand
from .play import apply
from .profile import PalaceRules
from .state import (
    Action,
    Battle,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    PalaceState,
    Pass,
    Phase,
    Raise,
    Stay,
)

_WEIGHTS: dict[type, int] = {Buy: 4, Discard: 1, Battle: 3, Stay: 3, Fold: 1, Call: 4, Raise: 1,
                             Pass: 1, DiscardSoldiers: 1}


def random_action(state: PalaceState, rng: Rng) -> Action:
    """A random legal action: a kind of move weighted so that hands end, then one of
    that kind (cards chosen at random, no-limit amounts anywhere in their range).

    It draws the move directly rather than listing every legal action, so random play
    stays fast; the result is always one that :func:`apply` accepts.

    >>> from cardrules.palace import can_apply, load_palace
    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=2)
    >>> can_apply(s, random_action(s, Rng(1)))
    True
    """
    ph = state.phase
    if ph is Phase.OVER:
        raise IllegalAction("palace.end", "The hand is over: no action is legal.")
    p = state.actor
    if ph is Phase.KEEP:
        k = len(p.soldiers)
        least = max(0, k - 5)
        count = least if rng.below(2) else rng.between(least, k)
        return DiscardSoldiers(rng.sample(p.soldiers, count))
    kinds: list[type] = []
    targets: list[tuple[str, tuple[int, int]]] = []
    if ph is Phase.TURN:
        if can_buy(state):
            kinds.append(Buy)
        free = not _two_left(state)
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
    else:
        kinds.append(Fold if ph is Phase.DEFEND else Pass)
        if can_call(state):
            kinds.append(Call)
        raise_range = raise_limits(state)
        if raise_range is not None:
            kinds.append(Raise)
    pick = rng.below(sum(_WEIGHTS[t] for t in kinds))
    for t in kinds:
        pick -= _WEIGHTS[t]
        if pick < 0:
            break
    if t is Discard:
        return Discard(rng.sample(p.soldiers, rng.between(1, len(p.soldiers))))
    if t is Battle:
        name, (low, high) = rng.choice(targets)
        return Battle(name, rng.between(low, high))
    if t is Raise:
        assert raise_range is not None
        return Raise(rng.between(*raise_range))
    action: Action = t()
    return action


def play_random(rules: PalaceRules, players: Sequence[str], seed: int | str,
                max_actions: int = 10_000) -> PalaceState:
    """Deal a hand and play it to the end with random legal actions.

    >>> from cardrules.palace import load_palace
    >>> s = play_random(load_palace(), ["Ann", "Bob", "Cy", "Dee"], seed=4)
    >>> s.is_over, sum(p.chips for p in s.players), s.pot
    (True, 800, 0)
    """
    state = new_hand(rules, players, seed=seed)
    rng = Rng(f"{seed}:play")
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = apply(state, random_action(state, rng))
    raise RuntimeError(f"the hand did not end within {max_actions} actions")
