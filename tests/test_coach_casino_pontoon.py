"""The Casino Pontoon coach: every figure is the engine's exact finite-shoe analysis of
that hand under the table's rules, for every shipped profile and a grid of hands and up
cards (and, where a cell of the analysis's table holds one composition only, the table's
own figure); insurance is worth what the unseen cards say, exactly."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from cardrules import casino_pontoon as cp
from cardrules.cards import Card, parse_card, shoe
from cardrules.casino_pontoon.strategy import (
    Cell,
    Move,
    analyse_shoe,
    kind_of,
    shoe_model,
    split_model,
)
from cardrules.coach import Measure, Method
from cardrules.game import SetupError
from cardrules.profiles import load_rules, shipped_profiles

PROFILES = tuple(n for n in shipped_profiles() if load_rules(n).game == "casino-pontoon")
MOVE_OF = {cp.Hit: Move.HIT, cp.Stand: Move.STAND, cp.Double: Move.DOUBLE, cp.Split: Move.SPLIT}
HANDS = [(a, b) for a in range(1, 11) for b in range(a, 11)]


def card(value: int, suit: str) -> Card:
    return parse_card(("A" if value == 1 else str(value)) + suit)


def full_shoe(rules: cp.CasinoPontoonRules, top: list[Card]) -> list[Card]:
    """The profile's whole shoe with ``top`` as its first cards."""
    rest = Counter(shoe(rules.decks))
    rest.subtract(top)
    return [*top, *sorted(rest.elements())]


def _round(rules: cp.CasinoPontoonRules, hand: tuple[int, int], up: int | None,
           then: tuple[int, ...] = ()) -> cp.RoundState:
    """One seat dealt ``hand`` against ``up`` (a 7 as the other dealer card when the
    dealer's cards lie face down), the dealer without a pontoon, insurance declined."""
    first = 7 if up is None else up
    hole = 5 if first in (1, 10) else 9
    cards = [card(hand[0], "S"), card(first, "H"), card(hand[1], "S" if hand[0] == hand[1]
                                                     and rules.split_by == "rank" else "D"),
             card(hole, "C"), *(card(x, "D") for x in then)]
    s = cp.new_round(rules, [10], full_shoe(rules, cards))
    if s.phase is cp.Phase.INSURANCE:
        s = cp.apply(s, cp.NoInsurance())
    assert s.phase is cp.Phase.PLAY
    return s


def _ups(rules: cp.CasinoPontoonRules) -> tuple[int | None, ...]:
    return (None,) if rules.dealer_cards_face_down else tuple(range(1, 11))


def _engine(rules: cp.CasinoPontoonRules, up: int | None, hand: tuple[int, ...],
            doubled: bool = False, split_from: int | None = None) -> dict[Move, float]:
    """The engine's exact analysis of this hand, per chip, given no dealer pontoon."""
    model = shoe_model(rules, up) if split_from is None else split_model(rules, up, split_from)
    pontoon_ok = split_from is None or rules.split_pontoon
    removed = tuple(sorted(hand + model.extra))
    return {m: x / model.no_pontoon(removed)
            for m, x in model.moves(tuple(sorted(hand)), doubled, pontoon_ok).items()}


def _coach_values(s: cp.RoundState) -> dict[Move, float]:
    a = cp.coach(cp.view(s, s.names[0]))
    assert a.measure is Measure.STAKE and a.method is Method.EXACT
    got = {MOVE_OF[type(o.action)]: float(o.value) for o in a.options}
    top = max(got.values())
    assert {MOVE_OF[type(b)] for b in a.best} == {m for m, x in got.items() if x == top}
    assert all(o.cost == top - o.value for o in a.options)
    assert {type(o.action) for o in a.options} == {type(x) for x in cp.legal_actions(s)}
    return got


def _grid(name: str, ups: tuple[int | None, ...]) -> None:
    rules = cp.load_casino_pontoon(name)
    for up in ups:
        top = shoe_model(rules, up)
        for hand in HANDS:
            s = _round(rules, hand, up)
            got = _coach_values(s)
            want = _engine(rules, up, hand)
            if cp.can_split(s):
                want[Move.SPLIT] = top.split(hand[0]) / top.no_pontoon(hand)
            assert got == want, (name, up, hand)


@pytest.mark.parametrize("name", PROFILES)
def test_every_two_card_hand_against_up_cards_is_the_engines_exact_analysis(name: str) -> None:
    rules = cp.load_casino_pontoon(name)
    _grid(name, _ups(rules) if rules.dealer_cards_face_down else (1, 6, 10))


@pytest.mark.slow
@pytest.mark.parametrize("name", PROFILES)
def test_every_two_card_hand_against_every_up_card_is_the_engines_exact_analysis(
        name: str) -> None:
    _grid(name, _ups(cp.load_casino_pontoon(name)))


def _single_composition_cells() -> dict[tuple[str, int], tuple[int, int]]:
    seen: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for hand in HANDS:
        seen.setdefault(kind_of(sum(hand), 1 in hand), []).append(hand)
    return {cell: hands[0] for cell, hands in seen.items() if len(hands) == 1}


def _against_the_table(name: str) -> None:
    rules = cp.load_casino_pontoon(name)
    table = analyse_shoe(rules)
    single = _single_composition_cells()
    checked = 0
    for up in _ups(rules):
        for hand in HANDS:
            got = _coach_values(_round(rules, hand, up))
            if hand[0] == hand[1]:
                cell = table.values[Cell("pair", hand[0], 2, False, up)]
                assert got == pytest.approx(cell, rel=1e-12, abs=1e-15)
                checked += 1
            kind, total = kind_of(sum(hand), 1 in hand)
            if (kind, total) in single and set(hand) != {1, 10}:  # a pontoon is its own case
                cell = table.values[Cell(kind, total, 2, False, up)]
                plain = {m: x for m, x in got.items() if m is not Move.SPLIT}
                assert plain == pytest.approx(cell, rel=1e-12, abs=1e-15)
                checked += 1
    assert checked >= 10 * len(_ups(rules))


def test_single_composition_cells_equal_the_analysis_table_online_rules() -> None:
    _against_the_table("casino-pontoon-online")


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in PROFILES if n != "casino-pontoon-online"])
def test_single_composition_cells_equal_the_analysis_table(name: str) -> None:
    _against_the_table(name)


@pytest.mark.parametrize("name", PROFILES)
def test_hands_of_three_cards_doubled_hands_and_split_hands_are_the_engines_too(
        name: str) -> None:
    rules = cp.load_casino_pontoon(name)
    for up in _ups(rules)[::3]:
        s = cp.apply(_round(rules, (2, 3), up, (4, 2)), cp.Hit())
        assert _coach_values(s) == _engine(rules, up, (2, 3, 4))
        s = cp.apply(_round(rules, (2, 3), up, (2, 5)), cp.Double())
        assert s.current.doubled and len(s.current.cards) == 3
        assert _coach_values(s) == _engine(rules, up, (2, 3, 2), doubled=True)
        s = cp.apply(_round(rules, (8, 8), up, (3, 9)), cp.Split())
        assert s.current.from_split and s.current.cards[1] == card(3, "D")
        assert _coach_values(s) == _engine(rules, up, (8, 3), split_from=8)


def test_insurance_is_worth_exactly_what_the_unseen_cards_say() -> None:
    rules = cp.load_casino_pontoon()
    s = cp.new_round(rules, [10, 20], full_shoe(rules, [
        card(10, "S"), card(10, "C"), card(1, "H"), card(10, "D"), card(4, "H"), card(6, "C")]))
    assert s.phase is cp.Phase.INSURANCE
    a = cp.coach(cp.view(s, "Seat 1"))
    unseen = [*s.shoe, s.dealer[1]]
    p = Fraction(sum(1 for c in unseen if cp.card_value(c) == 10), len(unseen))
    assert p == Fraction(16 * 6 - 3, 6 * 52 - 5) == cp.ten_chance(cp.view(s, "Seat 1"))
    assert a.measure is Measure.CHIPS and a.precision == "exact over the cards you have not seen"
    assert [(o.action, o.value) for o in a.options] == [
        (cp.NoInsurance(), 0), (cp.Insure(1), 3 * p - 1), (cp.Insure(5), 5 * (3 * p - 1))]
    assert a.best == (cp.NoInsurance(),)
    assert a.cost_text(cp.Insure(5)) == (
        f"Insuring for 5 costs {float(5 * (1 - 3 * p)):.2f} chips on average here; "
        "decline insurance.")
    later = cp.apply(s, cp.NoInsurance())
    assert cp.coach(cp.view(later, "Seat 2")).option(cp.Insure(10)).value == 10 * (3 * p - 1)


def test_with_both_dealer_cards_face_down_there_is_no_up_card_in_the_figures() -> None:
    rules = cp.load_casino_pontoon("casino-pontoon-online")
    a = cp.coach(cp.view(_round(rules, (10, 6), None), "Seat 1"))
    assert a.precision == "exact, this 8-deck shoe less your cards"
    assert any("checked for a pontoon" in n for n in a.notes)
    assert a.best == (cp.Stand(),)


def test_nothing_to_decide_for_another_seat_the_dealer_or_after_the_round() -> None:
    rules = cp.load_casino_pontoon()
    s = cp.new_round(rules, [10, 10], full_shoe(rules, [
        card(10, "S"), card(9, "D"), card(7, "H"), card(8, "C"), card(10, "H"), card(9, "C")]))
    assert cp.coach(cp.view(s, "Seat 2")).notes == (
        "It is Seat 1's turn, not Seat 2's: Seat 2 has nothing to decide.",)
    s = cp.apply(cp.apply(s, cp.Stand()), cp.Stand())
    dealer = cp.coach(cp.view(s, "Dealer"))
    assert dealer.options == () and dealer.unvalued == (cp.DealerDraw(),)
    over = cp.play_round(s, lambda st: cp.Stand())
    assert cp.coach(cp.view(over, "Seat 1")).notes == (
        "The game is over: nothing is left to decide.",)
    with pytest.raises(SetupError, match="Casino Pontoon view"):
        cp.coach(None)  # type: ignore[arg-type]
    assert cp.coach(cp.view(s, "Seat 1"), rules=rules) == cp.coach(cp.view(s, "Seat 1"))
    with pytest.raises(SetupError, match="other rules than those given"):
        cp.coach(cp.view(s, "Seat 1"), rules=cp.load_casino_pontoon("casino-pontoon-s17"))
