"""Every game's coach, through the registry, on every shipped profile: games played by the
game's first computer player, the coach asked at each step for the seat to act and for a
seat that is not, and its advice held to what every advice promises."""

from __future__ import annotations

import math
from typing import Any

import pytest

from cardrules import game as registry
from cardrules.coach import Advice, Measure, Method
from cardrules.profiles import load_rules, shipped_profiles
from cardrules.rng import Rng

#: the games with a coach: every game
GAMES = ("banco", "pontoon", "casino-pontoon", "palace", "casino")
CASES = [(g, p) for g in GAMES for p in shipped_profiles() if load_rules(p).game == g]
#: how many decisions each game asks the coach about, at most
ASKED = 6


def _check(advice: Advice[Any], view: registry.View[Any], game: str) -> None:
    assert isinstance(advice, Advice)
    assert (advice.game, advice.seat) == (game, view.seat)
    actions = [o.action for o in advice.options]
    assert len(set(map(repr, actions + list(advice.unvalued)))) == len(actions) + len(
        advice.unvalued), "an action valued twice, or valued and unvalued"
    for a in (*actions, *advice.unvalued):
        assert a in view.legal
    if not view.my_turn:
        assert advice.options == () and advice.best == ()
    if not advice.options:
        assert advice.best == () and advice.notes
        return
    assert isinstance(advice.measure, Measure) and isinstance(advice.method, Method)
    assert advice.precision
    assert (advice.samples is not None) == (advice.method is Method.SAMPLED)
    top = max(o.value for o in advice.options)
    assert set(map(repr, advice.best)) == {repr(o.action) for o in advice.options
                                           if o.value == top}
    for o in advice.options:
        assert o.phrase and o.doing
        assert o.cost == top - o.value and o.cost >= 0
        assert math.isfinite(float(o.value))
        if advice.measure is Measure.CHANCE:
            assert 0 <= o.value <= 1
        if advice.measure is Measure.STAKE:
            assert -14 <= o.value <= 14  # a whole stake is at most 7 times the first, paid double
        assert advice.cost_text(o.action)


@pytest.mark.parametrize(("game", "profile"), CASES)
def test_the_coach_keeps_its_promises_for_every_seat_through_whole_games(
        game: str, profile: str) -> None:
    g = registry.get(game)
    coach = registry.module(game).coach
    rules = g.profile_of(profile)
    player = g.players[0]
    asked = games = 0
    while asked < ASKED and games < 12:
        state = g.start(rules, seed=f"coach:{profile}:{games}")
        games += 1
        steps = 0
        while not g.is_over(state) and asked < ASKED and steps < 400:
            seat = g.to_act(state)
            assert seat is not None
            view = g.view(state, seat)
            advice = coach(view, Rng(1), rules=rules)
            _check(advice, view, game)
            assert advice == coach(view, Rng(1), rules=rules)  # a pure function of the view
            if advice.options:
                asked += 1
                other = next(s for s in _seats(g, state) if s != seat)
                theirs = g.view(state, other)
                _check(coach(theirs, Rng(1), rules=rules), theirs, game)
            if advice.ruling is not None:  # Punto Banco's croupier: the rules' own action
                assert g.can_apply(state, advice.ruling.action)
            state = g.apply(state, player(view, Rng(steps)))
            steps += 1
    assert asked == ASKED


def _seats(g: registry.Game[Any, Any], state: Any) -> list[str]:
    """The players' seats of a game under way (its first view's rows name them)."""
    names = getattr(state, "names", None) or getattr(state, "seats", None)
    return list(names if isinstance(names, tuple) else g.seats(state.rules, None))


def test_every_coach_refuses_another_games_view_with_a_sentence() -> None:
    banco = registry.get("banco")
    v = banco.view(banco.start(banco.profile_of(), seed=1), "Seat 1")
    for game in GAMES[1:]:
        with pytest.raises(registry.SetupError, match="view"):
            registry.module(game).coach(v)


def test_every_game_has_its_coach_in_the_contract() -> None:
    """The table asks every game's coach through the registry (Game.coach), none apart."""
    assert sorted(GAMES) == sorted(registry.names())
    for name in registry.names():
        g = registry.get(name)
        assert g.coach is not None and g.capabilities.coach, name
        assert g.coach is registry.module(name).coach, name
