"""The Palace Poker coach against an independent enumeration: every palace of three of the
cards the seat cannot see given to the opponent in turn, each battle settled by the
engine's own showdown (:func:`~cardrules.palace.battle_showdown`, every card passed)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import sqrt

import pytest

from cardrules import palace as pp
from cardrules.cards import Card, standard_deck
from cardrules.coach import Measure, Method
from cardrules.game import SetupError
from cardrules.rng import Rng

RULES = pp.load_palace()


def enumerated(state: pp.PalaceState, me: str, other: str) -> tuple[Fraction, Fraction]:
    """My chance to win and to tie a battle with ``other``, over every palace of three of
    the cards I cannot see, by the engine's showdown of all the cards."""
    seen = {c for row in pp.view(state, me).rows for c in row.shown}
    unseen = [c for c in standard_deck() if c not in seen]
    mine, them = state.player(me), state.player(other)
    assert mine.banner is not None and them.banner is not None
    wins = ties = n = 0
    for palace in combinations(unseen, 3):
        theirs: tuple[Card, ...] = (*palace, *them.soldiers, them.banner)
        o = pp.battle_showdown(mine.cards, mine.banner.suit, theirs, them.banner.suit, me, other)
        n += 1
        wins += o.winner_name == me
        ties += o.winner is None
    return Fraction(wins, n), Fraction(ties, n)


POSITIONS = [
    [pp.player("Ann", "KS", "JH JD 4C"), pp.player("Bob", "QH", "5C 6C 7D"),
     pp.player("Cy", "JC", "8C 9C 10S")],
    [pp.player("Ann", "9H", "9S 9D 2H", "2D 2S KH AH 3H"), pp.player("Bob", "QS", "5C 6C 7D",
                                                                     "AS KS QD JD 10D"),
     pp.player("Cy", "4C", "8C 9C 10H", "2C 3C 5D 6D 7C"),
     pp.player("Dee", "AD", "KD 4D 4H", "8D 8H 8S 3D")],
    [pp.player("Ann", "KS", "2H 3H 4H"), pp.player("Bob", "KH", "2C 2D 3C")],
]


@pytest.mark.parametrize("players", POSITIONS, ids=["three", "four-soldiers", "two"])
def test_the_chance_to_win_each_battle_equals_an_enumeration_of_every_palace(
        players: list[pp.PlayerState]) -> None:
    state = pp.position(RULES, players)
    me = state.actor.name
    a = pp.coach(pp.view(state, me))
    assert a.measure is Measure.CHANCE and a.method is Method.EXACT and a.samples is None
    assert a.precision == "exact over every palace they may hold"
    assert a.options
    for o in a.options:
        assert isinstance(o.action, pp.Battle)
        win, tie = enumerated(state, me, o.action.target)
        assert o.value == win
        c = pp.battle_chances(pp.view(state, me), o.action.target)
        assert (c.win, c.tie, c.lose) == (win, tie, 1 - win - tie)
        assert o.action == min((b for b in pp.legal_actions(state) if isinstance(b, pp.Battle)
                                and b.target == o.action.target), key=lambda b: b.amount)
    best = max(o.value for o in a.options)
    assert {o.action for o in a.options if o.value == best} == set(a.best)
    assert {type(x) for x in a.unvalued} == {type(x) for x in pp.legal_actions(state)
                                             if not isinstance(x, pp.Battle)}


def test_ties_are_counted_apart_from_wins_and_losses() -> None:
    state = pp.position(RULES, POSITIONS[2])  # Ann's king alone against Bob's king
    c = pp.battle_chances(pp.view(state, "Ann"), "Bob")
    assert (c.win, c.tie) == enumerated(state, "Ann", "Bob")
    assert c.tie > 0 and c.lose > 0


def test_attacked_the_chance_to_win_by_calling_is_over_the_attackers_palaces() -> None:
    state = pp.position(RULES, POSITIONS[0])
    state = pp.apply(state, pp.Battle("Cy", pp.minimum_bet(state)))
    assert pp.to_act(state) == "Cy"
    a = pp.coach(pp.view(state, "Cy"))
    assert [o.action for o in a.options] == [pp.Call()]
    win, _ = enumerated(state, "Cy", "Ann")
    assert a.options[0].value == win and a.best == (pp.Call(),)
    assert pp.Fold() in a.unvalued
    assert any("not valued" in n for n in a.notes) == any(
        isinstance(x, pp.Raise) for x in a.unvalued)


def test_too_much_work_is_sampled_with_the_rng_and_says_so() -> None:
    state = pp.position(RULES, POSITIONS[0])
    v = pp.view(state, "Ann")
    exact = pp.coach(v, Rng(3), most_hands=10 ** 9)
    sampled = pp.coach(v, Rng(3), most_hands=100, samples=4000)
    assert exact.method is Method.EXACT
    assert sampled.method is Method.SAMPLED and sampled.samples == 4000
    assert sampled.precision == "sampled, 4,000 palaces a defender"
    assert sampled == pp.coach(v, Rng(3), most_hands=100, samples=4000)  # the seed decides
    for s, e in zip(sampled.options, exact.options, strict=True):
        assert s.action == e.action
        sd = sqrt(float(e.value) * (1 - float(e.value)) / 4000)
        assert abs(float(s.value) - float(e.value)) <= 4 * sd + 1e-9
    assert pp.coach(v, None, most_hands=100).method is Method.EXACT  # no Rng: exact


def test_nothing_to_decide_for_another_seat_or_when_keeping_soldiers() -> None:
    state = pp.position(RULES, POSITIONS[0])
    assert pp.coach(pp.view(state, "Bob")).notes == (
        "It is Ann's turn, not Bob's: Bob has nothing to decide.",)
    bought = pp.apply(state, pp.Buy())
    assert bought.phase is pp.Phase.KEEP
    a = pp.coach(pp.view(bought, "Ann"))
    assert a.options == () and a.unvalued == tuple(pp.legal_actions(bought))
    with pytest.raises(SetupError, match="no battle with Bob"):
        pp.battle_chances(pp.view(pp.position(RULES, [
            pp.player("Ann", "KS", "JH JD 4C"), pp.player("Bob", "QS", "5C 6C 7D"),
            pp.player("Cy", "10H", "8C 9C 10S")]), "Ann"), "Bob")
    with pytest.raises(SetupError, match="Palace Poker view"):
        pp.coach(None)  # type: ignore[arg-type]
