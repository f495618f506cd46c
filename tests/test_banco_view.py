"""What a seat sees of a Punto Banco coup: every card is dealt face up, so every seat sees
both hands and nothing of the shoe.  ``visible`` is the rule in the test's own words; the
contract test holds every view of every game to its game's ``visible``."""

from __future__ import annotations

from collections import Counter

from cardrules import banco
from cardrules.banco import CoupState, Draw, Side
from cardrules.cards import Card, parse_cards
from cardrules.rng import Rng

RULES = banco.load_banco()


def visible(state: CoupState, seat: str) -> Counter[Card]:
    """Every card face up on the table: both hands, to every seat; never the shoe."""
    return Counter(state.player) + Counter(state.banker)


def test_banco_deal_every_seat_sees_both_hands_and_not_the_shoe() -> None:
    s = banco.new_coup(RULES, parse_cards("3C 2D KH 3S 4C 9D"), bets=banco.standard_bets(RULES))
    for seat in ("Player", "Banker", "Seat 1", "Seat 3"):
        v = banco.view(s, seat)
        assert [r.cards for r in v.rows] == [s.player, s.banker]
        assert v.player_total == 3 and v.banker_total == 5
    assert banco.view(s, "Player").legal == (Draw(Side.PLAYER),)
    assert banco.view(s, "Seat 1").legal == ()


def test_banco_deal_the_croupier_plays_the_tableau_from_the_view() -> None:
    s = banco.start(RULES, seed=11)
    while not banco.is_over(s):
        v = banco.view(s, banco.to_act(s) or "")
        s = banco.apply(s, banco.croupier(v, Rng(1)))
    assert banco.outcome(s).final
