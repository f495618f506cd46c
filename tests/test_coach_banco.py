"""The Punto Banco coach: each bet's exact value before the coup, against an independent
enumeration of every coup a one-deck shoe deals, and the tableau's call against the
engine's own required action for every hand the croupier plays."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardrules import banco as bc
from cardrules.cards import Card, parse_card
from cardrules.coach import Measure, Method
from cardrules.game import SetupError
from cardrules.profiles import load_rules

PROFILES = ("punto-banco", "banco")


def _value_card(points: int, suit: str = "S") -> Card:
    return parse_card(("K" if points == 0 else "A" if points == 1 else str(points)) + suit)


def _enumerated_values(rules: bc.BancoRules) -> dict[bc.BetOn, Fraction]:
    """Every ordered deal of the first six cards of a whole shoe, by point value, each with
    its exact chance, played by the engine's drawing rules and paid by its payouts."""
    counts = [16 * rules.decks] + [4 * rules.decks] * 9
    totals = {bc.Result.PLAYER: Fraction(0), bc.Result.BANKER: Fraction(0),
              bc.Result.TIE: Fraction(0)}

    def draw(p: Fraction) -> list[tuple[int, Fraction]]:
        n = sum(counts)
        return [(v, p * Fraction(counts[v], n)) for v in range(10) if counts[v]]

    def finish(pt: int, bt: int, p: Fraction) -> None:
        totals[bc.winner(pt, bt)] += p

    def banker_turn(pt: int, bt: int, third: int | None, p: Fraction) -> None:
        card = None if third is None else _value_card(third)
        if not bc.banker_draws(bt, card):
            finish(pt, bt, p)
            return
        for y, q in draw(p):
            finish(pt, (bt + y) % 10, q)

    for p1, a in draw(Fraction(1)):
        counts[p1] -= 1
        for b1, b in draw(a):
            counts[b1] -= 1
            for p2, c in draw(b):
                counts[p2] -= 1
                for b2, d in draw(c):
                    counts[b2] -= 1
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if pt >= 8 or bt >= 8:
                        finish(pt, bt, d)
                    elif not bc.player_draws(pt):
                        banker_turn(pt, bt, None, d)
                    else:
                        for x, e in draw(d):
                            counts[x] -= 1
                            banker_turn((pt + x) % 10, bt, x, e)
                            counts[x] += 1
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    assert sum(totals.values()) == 1
    sides = (bc.BetOn.PLAYER, bc.BetOn.BANKER) if rules.table == "social" else tuple(bc.BetOn)
    return {on: sum((q * bc.payout(on, r, 1, rules)[0] for r, q in totals.items()), Fraction(0))
            for on in sides}


@pytest.mark.parametrize("name", PROFILES)
def test_bet_values_equal_an_enumeration_of_every_coup_of_a_one_deck_shoe(name: str) -> None:
    rules = bc.load_banco(name).replace(decks=1)
    assert bc.bet_values(rules) == _enumerated_values(rules)


@pytest.mark.parametrize("name", PROFILES)
def test_the_coach_values_every_bet_the_table_takes_exactly_under_the_table_rules(
        name: str) -> None:
    rules = bc.load_banco(name)
    for table in (rules, rules.replace(decks=6), rules.replace(tie_pays=9),
                  rules.replace(commission_percent=4)):
        v = bc.view(bc.start(table, seed=4, seats=["Ann", "Ben"]), "Ann")
        a = bc.coach(v, rules=table)
        odds = bc.exact_odds(table.decks, table.tie_pays, table.commission_percent)
        if table.table == "social":  # even money, a tie returns the bets
            want = {bc.BetOn.PLAYER: odds.player - odds.banker,
                    bc.BetOn.BANKER: odds.banker - odds.player}
        else:
            want = {bc.BetOn.PLAYER: -odds.player_edge, bc.BetOn.BANKER: -odds.banker_edge,
                    bc.BetOn.TIE: -odds.tie_edge}
        got = {o.action.on: o.value for o in a.options if isinstance(o.action, bc.PlaceBet)}
        assert got == want
        assert all(isinstance(o.action, bc.PlaceBet) and o.action in v.legal
                   and o.action.amount == v.standard_bet for o in a.options)
        assert a.best == (bc.PlaceBet(bc.BetOn.BANKER, v.standard_bet),)
        assert a.measure is Measure.STAKE and a.method is Method.EXACT
        assert a.precision == f"exact, this {table.decks}-deck shoe"
        for o in a.options:
            assert o.cost == max(want.values()) - o.value


def test_the_eight_deck_figures_are_the_published_house_edges() -> None:
    a = bc.coach(bc.view(bc.start(bc.load_banco(), seed=1), "Seat 1"), rules=bc.load_banco())
    shown = {o.action.on.value: f"{-float(o.value):.2%}" for o in a.options
             if isinstance(o.action, bc.PlaceBet)}
    assert shown == {"player": "1.24%", "banker": "1.06%", "tie": "14.36%"}
    assert a.cost_text(bc.PlaceBet(bc.BetOn.PLAYER, 10)) == (
        "Betting on the Player costs 0.2% of your stake here; bet on the Banker.")


def test_a_view_carries_its_tables_rules_and_other_rules_are_refused() -> None:
    social = bc.load_banco("banco")
    v = bc.view(bc.start(social, seed=2), "Seat 1")
    assert v.rules == social and bc.coach(v) == bc.coach(v, rules=social)
    assert [o.action.on for o in bc.coach(v).options
            if isinstance(o.action, bc.PlaceBet)] == [bc.BetOn.PLAYER, bc.BetOn.BANKER]
    with pytest.raises(SetupError, match="other rules than those given"):
        bc.coach(v, rules=bc.load_banco())
    with pytest.raises(SetupError, match="own rules"):
        bc.coach(v, rules=load_rules("pontoon"))  # type: ignore[arg-type]


def _coup(player: tuple[int, int], banker: tuple[int, int], then: tuple[int, ...] = ()
          ) -> bc.CoupState:
    cards = [_value_card(player[0], "S"), _value_card(banker[0], "H"),
             _value_card(player[1], "D"), _value_card(banker[1], "C"),
             *(_value_card(x, "S") for x in then), _value_card(5, "H")]
    return bc.new_coup(bc.load_banco(), cards, bets=bc.standard_bets(bc.load_banco(), 2))


def test_banco_player_draw_and_third_card_the_tableau_call_is_the_engines_required_action(
        ) -> None:
    seen = 0
    for pt in range(8):
        for bt in range(8):
            state = _coup((0, pt), (0, bt))
            assert state.stage is bc.Stage.PLAYER
            for seat in ("Seat 1", "Seat 2", "Player", "Banker"):
                r = bc.call_tableau(bc.view(state, seat))
                assert r.action == bc.required_action(state)
                assert r.rule_id == "banco.player-draw"
            for third in ((None,) if pt >= 6 else range(10)):
                s = bc.apply(state, bc.Stand(bc.Side.PLAYER)) if third is None else (
                    bc.apply(_coup((0, pt), (0, bt), (third,)), bc.Draw(bc.Side.PLAYER)))
                assert s.stage is bc.Stage.BANKER
                r = bc.call_tableau(bc.view(s, "Seat 1"))
                assert r.action == bc.required_action(s)
                assert (r.rule_id, r.reason) == ("banco.third-card", bc.banker_reason(
                    s.banker_total, s.player_third_card))
                assert bc.can_apply(s, r.action)
                seen += 1
    assert seen == 8 * 6 * 10 + 8 * 2


def test_at_a_hands_turn_every_seat_is_told_the_call_and_offered_no_option() -> None:
    state = _coup((0, 3), (0, 4))
    for seat in ("Seat 1", "Player"):
        a = bc.coach(bc.view(state, seat), rules=bc.load_banco())
        assert a.options == () and a.best == ()
        assert a.ruling is not None and a.ruling.action == bc.Draw(bc.Side.PLAYER)
        assert a.notes == ("The rules decide: The player draws on 3: the player draws on 0-5 "
                           "and stands on 6-7.",)


def test_nothing_to_decide_once_the_coup_is_over_or_for_another_seat() -> None:
    over = bc.play_out(_coup((0, 3), (0, 4), (2,)))
    a = bc.coach(bc.view(over, "Seat 1"), rules=bc.load_banco())
    assert a.options == () and a.ruling is None
    assert a.notes == ("The game is over: nothing is left to decide.",)
    with pytest.raises(SetupError, match="No hand is to draw or stand: the coup is over"):
        bc.call_tableau(bc.view(over, "Seat 1"))
    with pytest.raises(SetupError, match="bets are still being placed"):
        bc.call_tableau(bc.view(bc.start(bc.load_banco(), seed=1), "Seat 1"))


def test_a_view_of_another_game_or_none_is_refused_with_a_sentence() -> None:
    from cardrules import pontoon

    pv = pontoon.view(pontoon.start(pontoon.load_pontoon(), seed=1), "Ann")
    for junk in (None, pv):
        with pytest.raises(SetupError, match="Punto Banco view"):
            bc.coach(junk, rules=bc.load_banco())  # type: ignore[arg-type]
