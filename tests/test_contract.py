"""The game contract, checked the same way for every game and every shipped profile.

Each game of the typed registry plays random legal games to the end: every offered action
applies, actions seen elsewhere that are not legal now are refused with a catalog rule
id and leave the state unchanged, objects that are no action of the game are refused,
the same seed replays the same game, the cards are conserved and the outcome balances.
Every named computer player plays every shipped profile to the end through the contract,
every seat's view shows only what that seat may see, and junk given to any function of
the contract is a SetupError or an IllegalAction, never another exception.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import importlib
from collections import Counter
from collections.abc import Collection, Mapping
from enum import Enum
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import game as registry
from cardrules.cards import Card
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
def test_game_satisfies_the_contract(name: str) -> None:
    g = registry.get(name)
    assert isinstance(g, registry.Game) and g.name == name and g.title
    assert g.rules and all(r.id.startswith(name + ".") for r in g.rules)
    assert isinstance(g.profile_of(), g.profile) and g.profile_of().game == name
    assert isinstance(g.capabilities, registry.Capabilities)
    assert g.players and len({p.name for p in g.players}) == len(g.players)
    for p in g.players:
        assert p.title and p.plays.strip().endswith("."), p
    for f in dataclasses.fields(g):
        fn = getattr(g, f.name)
        if callable(fn) and not isinstance(fn, type):
            assert fn.__doc__, f"{name}.{f.name} has no docstring"
    module = registry.module(name)
    assert name == module.GAME


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
        pytest.fail(f"{module.name}: no end after {MAX_STEPS} random actions")
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


# -- seats, views and computer players -----------------------------------------------------------
def _acting_names(g: Any, state: Any) -> list[str]:
    """Every name a view may be asked for: the table's seats and the house's."""
    seats = list(g.seats(g.profile_of(), None))
    return [*dict.fromkeys([*_seats_of(g, state), *seats, *g.capabilities.house_seats])]


def _seats_of(g: Any, state: Any) -> list[str]:
    """The seats of this state's table, and the house's names."""
    return [*g.capabilities.house_seats, *g.seats_of(state)]


@pytest.mark.parametrize(("game", "profile"), CASES, ids=IDS)
def test_every_computer_player_plays_every_profile_to_the_end(game: str, profile: str) -> None:
    g = registry.get(game)
    rules = load_rules(profile)
    for player in g.players:
        state = g.start(rules, f"players:{player.name}")
        rng = Rng(f"players:{player.name}")
        for _ in range(MAX_STEPS):
            if g.is_over(state):
                break
            seat = g.to_act(state)
            view = g.view(state, seat)
            assert view.my_turn and view.seat == seat
            action = player(view, rng)
            assert g.can_apply(state, action), (player.name, g.explain(state, action))
            state = g.apply(state, action)
        else:
            pytest.fail(f"{game}: {player.name} did not finish in {MAX_STEPS} actions")
        assert g.outcome(state).final


@pytest.mark.parametrize("game", registry.names())
def test_a_view_offers_actions_only_to_the_seat_to_act(game: str) -> None:
    g = registry.get(game)
    state = g.start(g.profile_of(), 5)
    rng = Rng(5)
    for _ in range(40):
        if g.is_over(state):
            break
        who = g.to_act(state)
        for name in _acting_names(g, state):
            with contextlib.suppress(SetupError):
                v = g.view(state, name)
                assert v.seat == name and v.to_act == who and v.over is False
                if name == who:
                    assert len(v.legal) == len(g.legal_actions(state)) > 0
                else:
                    assert len(v.legal) == 0
        state = g.apply(state, g.random_action(state, rng))
    with pytest.raises(SetupError):
        g.view(state, "Nobody at all")


# -- junk through every function of the contract -------------------------------------------------
JUNK: list[Any] = [None, 0, 1.5, True, "x", b"x", object(), (), [None]]


def _state_of(game: str) -> Any:
    g = registry.get(game)
    return g.start(g.profile_of(), 3)


def _refuses(call: Any, *kinds: type[Exception]) -> None:
    kinds = kinds or (SetupError, IllegalAction)
    try:
        call()
    except kinds as e:
        text = str(e)
        assert text.strip() and "\n" not in text, text
    except Exception as e:
        pytest.fail(f"{type(e).__name__} escaped: {e}")
    else:
        pytest.fail("junk was accepted")


@pytest.mark.parametrize("game", registry.names())
@pytest.mark.parametrize("junk", JUNK, ids=[repr(j)[:12] for j in JUNK])
def test_junk_states_are_setup_errors_in_every_function(game: str, junk: Any) -> None:
    g = registry.get(game)
    state = _state_of(game)
    action = next(iter(g.legal_actions(state)))
    for call in (lambda: g.legal_actions(junk), lambda: g.is_over(junk),
                 lambda: g.seats_of(junk),
                 lambda: g.to_act(junk), lambda: g.outcome(junk),
                 lambda: g.cards_in_play(junk), lambda: g.view(junk, "Ann"),
                 lambda: g.apply(junk, action), lambda: g.verify_action(junk, action),
                 lambda: g.can_apply(junk, action), lambda: g.explain(junk, action),
                 lambda: g.random_action(junk, Rng(1))):
        _refuses(call, SetupError)
    others = [o for o in registry.names() if o != game]
    for other in others:
        o_state = _state_of(other)
        _refuses(lambda o=o_state: g.legal_actions(o), SetupError)
        _refuses(lambda o=o_state: g.to_act(o), SetupError)


@pytest.mark.parametrize("game", registry.names())
@pytest.mark.parametrize("junk", JUNK, ids=[repr(j)[:12] for j in JUNK])
def test_junk_actions_seeds_seats_and_rngs_are_refused(game: str, junk: Any) -> None:
    g = registry.get(game)
    rules = g.profile_of()
    state = _state_of(game)
    snapshot = repr(state)
    _refuses(lambda: g.apply(state, junk), IllegalAction)
    _refuses(lambda: g.verify_action(state, junk), IllegalAction)
    assert g.can_apply(state, junk) is False
    assert isinstance(g.explain(state, junk), str)
    _refuses(lambda: g.describe(junk), IllegalAction, SetupError)
    _refuses(lambda: g.random_action(state, junk), SetupError)
    _refuses(lambda: g.view(state, junk), SetupError)
    if not isinstance(junk, (int, str)) or isinstance(junk, bool):
        _refuses(lambda: g.start(rules, junk), SetupError)
        _refuses(lambda: g.deal_rows(rules, junk, None), SetupError)
    if junk is not None:
        _refuses(lambda: g.seats(rules, junk), SetupError)
    _refuses(lambda: g.start(junk, 1), SetupError)
    _refuses(lambda: g.seats(junk, None), SetupError)
    if junk is not None and not isinstance(junk, str):
        _refuses(lambda: g.start(rules, 1, seats=junk), SetupError)
    if g.coach is not None:
        _refuses(lambda: g.coach(junk), SetupError)
        if junk is not None:  # None is "the view's own rules"
            seat = g.to_act(state)
            _refuses(lambda: g.coach(g.view(state, seat), rules=junk), SetupError)
    if g.builder is not None:
        _refuses(lambda: g.builder.step(state, g.builder.start(), junk), IllegalAction)
        _refuses(lambda: g.builder.step(state, junk, junk), IllegalAction)
    assert repr(state) == snapshot


@pytest.mark.parametrize("game", registry.names())
def test_a_finished_game_refuses_random_play_with_a_rule(game: str) -> None:
    g = registry.get(game)
    state = _state_of(game)
    rng = Rng(9)
    while not g.is_over(state):
        state = g.apply(state, g.random_action(state, rng))
    if not g.legal_actions(state):
        with pytest.raises(IllegalAction) as info:
            g.random_action(state, rng)
        assert info.value.rule_id in rule_ids()


@pytest.mark.parametrize("game", registry.names())
def test_equal_states_stay_equal_and_pickle_alike(game: str) -> None:
    """No cached value is written into a frozen state: two equal states, one of which has
    been asked everything, pickle to the same bytes."""
    import pickle

    g = registry.get(game)
    one, two = _state_of(game), _state_of(game)
    rng = Rng(2)
    for _ in range(6):
        if g.is_over(one):
            break
        for f in (g.legal_actions, g.is_over, g.to_act, g.outcome, g.cards_in_play):
            f(one)
        with contextlib.suppress(SetupError):
            g.view(one, g.to_act(one))
        list(g.legal_actions(one))[:3]
        assert one == two and pickle.dumps(one) == pickle.dumps(two)
        action = g.random_action(one, rng)
        one, two = g.apply(one, action), g.apply(two, action)


# -- a view never shows a card its seat may not see ---------------------------------------------
def cards_in(obj: Any, depth: int = 0) -> Counter[Card]:
    """Every card reachable from ``obj``: through dataclass fields, tuples, lists, sets and
    mappings (a view's lazy list of legal actions is walked only when it is short)."""
    out: Counter[Card] = Counter()
    if depth > 12 or obj is None or isinstance(obj, (str, bytes, int, float, Enum)):
        return out
    if isinstance(obj, Card):
        out[obj] += 1
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out += cards_in(getattr(obj, f.name), depth + 1)
    elif isinstance(obj, Mapping):
        for k, v in obj.items():
            out += cards_in(k, depth + 1) + cards_in(v, depth + 1)
    elif isinstance(obj, (tuple, list, set, frozenset)) or (isinstance(obj, Collection)
                                                             and len(obj) <= 60):
        for x in obj:
            out += cards_in(x, depth + 1)
    return out


def _oracle(game: str) -> Any:
    """The game's own statement of what a seat may see, written in its test module
    independently of the view (``tests/test_<game>_view.py``: ``visible(state, seat)``)."""
    package = registry.module_name(game).rsplit(".", 1)[-1]
    return importlib.import_module(f"tests.test_{package}_view").visible


@pytest.mark.parametrize("game", registry.names())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), profile_index=st.integers(0, 5))
def test_a_view_never_shows_a_card_its_seat_may_not_see(game: str, seed: int,
                                                        profile_index: int) -> None:
    g = registry.get(game)
    profiles = [p for gg, p in CASES if gg == game]
    rules = load_rules(profiles[profile_index % len(profiles)])
    visible = _oracle(game)
    state = g.start(rules, seed)
    rng = Rng(seed)
    names = _acting_names(g, state)
    for _ in range(MAX_STEPS):
        for name in names:
            try:
                v = g.view(state, name)
            except SetupError:
                continue
            # each field of the view counted on its own (a card may be named in a row and
            # again in an action or a hand's own field), the legal actions as a set (many
            # actions may name one card); the most any field shows
            shown: Counter[Card] = Counter()
            for f in dataclasses.fields(v):
                if f.name != "legal":
                    shown |= cards_in(getattr(v, f.name))
                elif len(v.legal) <= 60:
                    shown |= Counter(set(cards_in(tuple(v.legal))))
            allowed = Counter(visible(state, name))
            leak = shown - allowed
            assert not leak, f"{game}: {name} is shown {sorted(map(str, leak))}, hidden from them"
        if g.is_over(state):
            break
        state = g.apply(state, g.random_action(state, rng))
