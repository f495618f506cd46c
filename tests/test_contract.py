"""The game contract, checked the same way for every game and every shipped profile.

Each game of the registry plays random legal games to the end: every offered action
applies, actions seen elsewhere that are not legal now are refused with a catalog rule
id and leave the state unchanged, objects that are no action of the game are refused,
the same seed replays the same game, the cards are conserved and the outcome balances.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
from collections import Counter
from typing import Any

import pytest

from cardrules import game as registry
from cardrules.catalog import rule_ids
from cardrules.errors import IllegalAction
from cardrules.game import Outcome, SetupError, Unit
from cardrules.profiles import load_rules, shipped_profiles
from cardrules.rng import Rng

#: the most actions one random game may take before it must be over
MAX_STEPS = 4000
#: how many of the offered actions are applied at each step (all of them in small lists)
OFFERED = 12
#: how many earlier actions are tried against each state
POOL = 30


def _cases() -> list[tuple[str, str]]:
    out = []
    for name in shipped_profiles():
        game = load_rules(name).game
        if game in registry.names():
            out.append((game, name))
    return out


CASES = _cases()
IDS = [f"{g}:{p}" for g, p in CASES]


def test_registry_names_every_game_with_a_profile() -> None:
    """Every shipped profile belongs to a registered game (or to the poker ranking)."""
    for name in shipped_profiles():
        assert load_rules(name).game in registry.rule_modules(), name
    assert {g for g, _ in CASES} == set(registry.names())


@pytest.mark.parametrize("name", registry.names())
def test_module_satisfies_the_contract(name: str) -> None:
    module = registry.get(name)
    assert name == module.GAME
    assert module.RULES and all(r.id.startswith(name + ".") for r in module.RULES)
    for attr in ("start", "legal_actions", "verify_action", "can_apply", "apply", "explain",
                 "is_over", "to_act", "outcome", "cards_in_play", "random_action", "deal_rows"):
        assert callable(getattr(module, attr, None)), f"{name} has no {attr}()"
        assert getattr(module, attr).__doc__, f"{name}.{attr} has no docstring"


def _same_multiset(a: Any, b: Any) -> bool:
    return Counter(a) == Counter(b)


def _assert_refused(module: Any, state: Any, action: Any, snapshot: bool = True) -> None:
    """``action`` is refused with a catalog rule id and a sentence; with ``snapshot`` the
    state is compared before and after (the random games compare once per step)."""
    before = copy.deepcopy(state) if snapshot else None
    assert not module.can_apply(state, action), action
    with pytest.raises(IllegalAction) as info:
        module.apply(state, action)
    assert info.value.rule_id in rule_ids(), info.value.rule_id
    assert info.value.message.strip()
    assert isinstance(module.explain(state, action), str)
    if before is not None:
        assert state == before and repr(state) == repr(before)


def _out_of_range(action: Any) -> list[Any]:
    """The action with its amount far beyond any table's limits, or below zero."""
    out = []
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if f.name in ("amount", "price", "shoot", "kitty") and type(value) is int:
                for bad in (value + 10**6, -1):
                    # an action that refuses to exist at all is fine too
                    with contextlib.suppress(ValueError, TypeError):
                        out.append(dataclasses.replace(action, **{f.name: bad}))
    return out


def _play(module: Any, rules: Any, seed: int, check: bool) -> list[Any]:
    """Play one random game; with ``check``, test every step against the contract."""
    rng = Rng(f"contract:{seed}")
    state = module.start(rules, seed)
    cards = tuple(module.cards_in_play(state))
    states = [state]
    pool: dict[Any, None] = {}
    for _ in range(MAX_STEPS):
        if module.is_over(state):
            break
        seat = module.to_act(state)
        assert isinstance(seat, str) and seat, f"to_act gave {seat!r} in a game not over"
        if check:
            snapshot = repr(state)
            legal = module.legal_actions(state)
            offered = []
            for i, a in enumerate(legal):
                if i >= OFFERED:
                    break
                offered.append(a)
                assert a in legal
                assert module.can_apply(state, a), (a, module.explain(state, a))
                module.verify_action(state, a)
                after = module.apply(state, a)
                assert _same_multiset(module.cards_in_play(after), cards)
                for bad in _out_of_range(a):
                    _assert_refused(module, state, bad, snapshot=False)
            assert len(offered) == min(len(legal), OFFERED)
            for a in list(pool)[-POOL:]:
                if a not in legal and not module.can_apply(state, a):
                    _assert_refused(module, state, a, snapshot=False)
                elif a not in legal:
                    module.apply(state, a)  # a free amount inside its range: it applies
            for a in offered:
                pool[a] = None
            assert repr(state) == snapshot, "a refused or tried action changed the state"
        action = module.random_action(state, rng)
        if check:
            assert module.can_apply(state, action), action
        state = module.apply(state, action)
        states.append(state)
    else:
        pytest.fail(f"{module.GAME}: no end after {MAX_STEPS} random actions")
    assert module.to_act(state) is None
    if check:
        assert _same_multiset(module.cards_in_play(state), cards)
    return states


@pytest.mark.parametrize(("game", "profile"), CASES, ids=IDS)
def test_random_games_follow_the_contract(game: str, profile: str) -> None:
    module = registry.get(game)
    rules = load_rules(profile)
    for seed in range(2):
        states = _play(module, rules, seed, check=True)
        result = module.outcome(states[-1])
        assert isinstance(result, Outcome)
        assert result.game == game and result.final
        assert result.balanced, result
        assert all(line.rule_id in rule_ids() for line in result.lines)
        assert all(line.amount >= 0 for line in result.lines)
        if result.unit is Unit.POINTS:
            assert all(line.payer is None for line in result.lines)
        first = module.outcome(states[0])
        assert isinstance(first, Outcome) and first.game == game


@pytest.mark.parametrize(("game", "profile"), CASES, ids=IDS)
def test_same_seed_same_game(game: str, profile: str) -> None:
    module = registry.get(game)
    rules = load_rules(profile)
    one = _play(module, rules, 7, check=False)
    two = _play(module, rules, 7, check=False)
    assert one == two
    other = _play(module, rules, 8, check=False)
    assert one[0] != other[0]


@pytest.mark.parametrize("game", registry.names())
@pytest.mark.parametrize("thing", [object(), "stick", None, 3, ("Trail", "AS")])
def test_unknown_action_types_are_refused_with_a_rule(game: str, thing: Any) -> None:
    module = registry.get(game)
    rules = load_rules(next(p for g, p in CASES if g == game))
    state = module.start(rules, 1)
    _assert_refused(module, state, thing)


@pytest.mark.parametrize("game", registry.names())
def test_actions_of_another_game_are_refused(game: str) -> None:
    module = registry.get(game)
    state = module.start(load_rules(next(p for g, p in CASES if g == game)), 2)
    for other in registry.names():
        if other == game:
            continue
        o = registry.get(other)
        o_state = o.start(load_rules(next(p for g, p in CASES if g == other)), 2)
        for a in list(o.legal_actions(o_state))[:5]:
            if not module.can_apply(state, a):
                _assert_refused(module, state, a)


@pytest.mark.parametrize("game", registry.names())
def test_another_games_profile_is_a_setup_error(game: str) -> None:
    module = registry.get(game)
    other = next(p for g, p in CASES if g != game)
    with pytest.raises(SetupError):
        module.start(load_rules(other), 1)


@pytest.mark.parametrize("game", registry.names())
def test_is_over_and_to_act_agree(game: str) -> None:
    module = registry.get(game)
    state = module.start(load_rules(next(p for g, p in CASES if g == game)), 4)
    rng = Rng(4)
    while not module.is_over(state):
        assert module.to_act(state) is not None
        assert len(module.legal_actions(state)) > 0
        state = module.apply(state, module.random_action(state, rng))
    assert module.to_act(state) is None
    assert module.outcome(state).final
    assert registry.random_action is not module.random_action


def test_unknown_game_is_a_setup_error() -> None:
    with pytest.raises(SetupError, match="there is no game 'bridge'"):
        registry.get("bridge")
