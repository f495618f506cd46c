"""What a seat sees of a Casino Pontoon round, read from RULES.md §2 and the catalog:

- [casino-pontoon.deal] each player gets two cards face up, so every player's cards (and
  every card drawn to them, by a hit, a double or a split) lie face up for the whole
  table to see, the dealer included;
- the dealer gets one card face up and one face down: the up card shows from the deal,
  the hole card stays face down to every seat until the dealer turns it, after the
  players have finished ([casino-pontoon.dealer]: "the dealer turns the hole card"),
  or at once when the peek finds a dealer pontoon ([casino-pontoon.dealer-pontoon]: the
  dealer shows it at once), or when every hand has bust (the house reading of
  [casino-pontoon.dealer]: the dealer turns the hole card and draws no more) — that is,
  from the moment the dealer plays or the round is over;
- [casino-pontoon.face-down] with the option, both dealer cards lie face down until then;
- the cards the dealer draws are dealt face up, in the dealer's turn or later;
- nobody sees the shoe.

The dealer's seat sees what the players see: the house plays by the rules and needs
nothing else (the peek says only "pontoon" or "no pontoon", and a pontoon ends the
round with the cards shown).  ``visible`` is that reading in the test's own words; the
contract test holds every view of every state of random play to it.
"""

from __future__ import annotations

from collections import Counter

from cardrules import casino_pontoon as cp
from cardrules.cards import Card, parse_cards
from cardrules.casino_pontoon import (
    DealerDraw,
    Hit,
    NoInsurance,
    Phase,
    RoundState,
    Stand,
    apply,
    new_round,
    view,
)
from cardrules.game import SetupError
from cardrules.rng import Rng

SEED = cp.load_casino_pontoon()
ONLINE = cp.load_casino_pontoon("casino-pontoon-online")


def visible(state: RoundState, seat: str) -> Counter[Card]:
    """Every player hand to every seat; the dealer's up card (none with both dealer cards
    face down) and, once the dealer plays or the round is over, every dealer card."""
    out: Counter[Card] = Counter()
    for s in state.seats:
        for h in s.hands:
            out.update(h.cards)
    if state.phase in (Phase.DEALER, Phase.OVER):
        out.update(state.dealer)
    elif not state.rules.dealer_cards_face_down:
        out[state.dealer[0]] += 1
    return out


def test_casino_pontoon_deal_every_seat_sees_the_hands_and_only_the_up_card() -> None:
    s = new_round(SEED, [10, 20], parse_cards("9C 5S 7D 4H KS QH"), names=["Ann", "Ben"])
    for seat in ("Ann", "Ben", "Dealer"):
        v = view(s, seat)
        assert [r.cards for r in v.rows] == [parse_cards("9C 4H"), parse_cards("5S KS"),
                                             (parse_cards("7D")[0], None)]
        assert v.up_card == parse_cards("7D")[0] and v.dealer_total is None
        assert parse_cards("QH")[0] not in v.rows[-1].cards
    assert view(s, "Ann").legal == cp.legal_actions(s) and view(s, "Ben").legal == ()
    assert view(s, "Ann").hand == parse_cards("9C 4H") and view(s, "Ann").total == 13
    assert view(s, "Ben").hand == parse_cards("9C 4H") and view(s, "Ben").hand_row == 0


def test_casino_pontoon_dealer_the_hole_card_is_turned_when_the_dealer_plays() -> None:
    s = new_round(SEED, [10], parse_cards("KC 6D 8H AS 5C"))
    assert view(s, "Dealer").dealer == (parse_cards("6D")[0], None)
    s = apply(s, Stand())
    v = view(s, "Dealer")
    assert v.dealer == parse_cards("6D AS") and v.dealer_total == 17 and v.dealer_soft
    assert v.legal == (DealerDraw(),) and view(s, "Seat 1").legal == ()
    assert "Dealer (17)" in [r.label for r in v.rows]


def test_casino_pontoon_dealer_pontoon_is_shown_at_once() -> None:
    s = new_round(SEED, [10], parse_cards("9C KD 9H AS"))
    assert cp.is_over(s)
    assert view(s, "Seat 1").dealer == parse_cards("KD AS")
    assert "pontoon" in view(s, "Seat 1").status


def test_casino_pontoon_face_down_both_dealer_cards_hidden_until_the_dealer_plays() -> None:
    s = new_round(ONLINE, [10], parse_cards("9C 8D 8H 7S"))
    v = view(s, "Seat 1")
    assert v.dealer == (None, None) and v.up_card is None
    assert v.rows[-1].face_down == 2
    assert "face-down" in v.status


def test_casino_pontoon_insurance_the_view_offers_it_to_the_seat_deciding() -> None:
    s = new_round(SEED, [10, 7], parse_cards("9C 5S AD 7H 5H KS"))
    v = view(s, "Seat 1")
    assert v.phase is Phase.INSURANCE and v.max_insurance == 5 and NoInsurance() in v.legal
    assert view(s, "Seat 2").legal == ()
    s = apply(s, NoInsurance())
    assert view(s, "Seat 2").max_insurance == 3


def test_casino_pontoon_deal_a_view_is_asked_for_a_seat_of_the_table() -> None:
    s = cp.start(SEED, seed=1, seats=["Ann", "Ben"])
    for bad in ("Seat 1", "Nobody", None, 3):
        try:
            view(s, bad)  # type: ignore[arg-type]
        except SetupError as e:
            assert "the seats are Ann, Ben, Dealer" in str(e)
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_casino_pontoon_dealer_every_player_plays_the_dealers_seat_by_the_rule() -> None:
    for player in cp.PLAYERS:
        s = cp.start(SEED, seed=f"view:{player.name}", seats=["Ann"])
        while not cp.is_over(s):
            who = cp.to_act(s)
            assert who is not None
            action = player(view(s, who), Rng(1))
            if who == cp.DEALER:
                assert action == cp.legal_actions(s)[0]
            s = apply(s, action)


def test_casino_pontoon_stand_the_players_keep_to_their_rules() -> None:
    hard16 = new_round(SEED, [10], parse_cards("KC 10D 6H 9S"))  # 16 against a ten
    soft17 = new_round(SEED, [10], parse_cards("AC 6D 6H 9S"))   # soft 17 against a 6
    basic = cp.CASINO_PONTOON.player("basic-strategy")
    dealer = cp.CASINO_PONTOON.player("dealer")
    cautious = cp.CASINO_PONTOON.player("cautious")
    assert basic(view(hard16, "Seat 1"), Rng(1)) == Stand()
    assert dealer(view(hard16, "Seat 1"), Rng(1)) == Hit()
    assert cautious(view(hard16, "Seat 1"), Rng(1)) == Stand()
    assert dealer(view(soft17, "Seat 1"), Rng(1)) == Hit()
    s17 = cp.load_casino_pontoon("casino-pontoon-s17")
    assert dealer(view(new_round(s17, [10], parse_cards("AC 6D 6H 9S")), "Seat 1"),
                  Rng(1)) == Stand()
    ace_up = new_round(SEED, [10], parse_cards("9C AD 4H KS"))
    assert {p(view(ace_up, "Seat 1"), Rng(1)) for p in cp.PLAYERS} == {NoInsurance()}
