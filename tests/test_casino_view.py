"""What a seat sees of a game of Casino, written from the rules (RULES.md §4 and the seed),
independently of ``cardrules/casino/view.py``; the contract test holds every view of every
state of random play to ``visible``.

The reading: the table's loose cards and its builds lie face up, seen by everyone
[casino.deal, casino.build]; each player sees only their own hand.  The pack is face down.
Captured cards go face down into their taker's pile (the seed: "paneb need näoga
allapoole kuhja", puts them face down in a pile), so no seat may look at the cards of a
pile, its own included (everyone saw them taken, but the rules keep the piles face down
and count them only when the round is scored); the capturing card of a sweep is kept face
up in the pile to count sweeps [casino.sweep], so every seat sees it.
"""

from __future__ import annotations

from collections import Counter

from cardrules import casino
from cardrules.cards import Card, parse_card, parse_cards
from cardrules.casino import Capture, CasinoState
from cardrules.rng import Rng


#: Casino is played with one pack, so a card is seen or it is not; a view may name a card
#: it shows as often as it likes (in its rows, in its fields, and in every legal play that
#: uses it), so each card a seat may see is counted this many times.
def visible(state: CasinoState, seat: str) -> Counter[Card]:
    """The cards ``seat`` may see: the loose table cards and the builds' cards, the seat's
    own hand, and every sweep's capturing card, kept face up in its pile."""
    me = state.names.index(seat)
    cards = [*state.loose, *(c for b in state.builds for c in b.cards), *state.hands[me],
             *(c for sweeps in state.sweeps for c in sweeps)]
    return Counter(cards)


def test_casino_deal_each_seat_sees_the_table_and_its_own_hand_only() -> None:
    s = casino.new_game(seed=1, players=3)
    for seat, hand in zip(s.names, s.hands, strict=True):
        v = casino.view(s, seat)
        assert v.hand == hand and v.loose == s.loose
        shown = [c for row in v.rows for c in row.shown]
        assert set(shown) == set(s.loose) | set(hand)
        others = [row for row in v.rows if row.owner not in (None, seat)
                  and not row.label.endswith("captures")]
        assert [row.face_down for row in others] == [4, 4]
    assert casino.view(s, s.names[s.turn]).my_turn


def test_casino_build_builds_are_seen_by_every_seat_with_their_owner() -> None:
    s = casino.position("2S 9C", "9D", builds=[(7, "3C 4D", 1)])
    for seat in s.names:
        v = casino.view(s, seat)
        assert v.builds == s.builds
        (row,) = [r for r in v.rows if r.label.startswith("Build of 7")]
        assert row.cards == parse_cards("3C 4D") and row.owner == "South"


def test_casino_sweep_the_sweeping_card_is_seen_the_rest_of_the_pile_is_not() -> None:
    s = casino.position("8S 3C", "8D", rules="royal-casino")
    t = casino.apply(s, Capture("8S", ("8D",)))
    assert t.sweeps[0] == (parse_card("8S"),) and set(t.piles[0]) == set(parse_cards("8S 8D"))
    for seat in t.names:
        v = casino.view(t, seat)
        (pile,) = [r for r in v.rows if r.label == "North's captures"]
        assert pile.shown == (parse_card("8S"),) and pile.face_down == 1
        assert v.captured == (2, 0) and v.sweeps == t.sweeps


def test_casino_trail_the_legal_plays_go_only_to_the_seat_to_play() -> None:
    s = casino.new_game(seed=3)
    to_play = s.names[s.turn]
    other = s.names[1 - s.turn]
    assert len(casino.view(s, to_play).legal) == len(casino.legal_actions(s))
    assert casino.view(s, other).legal == ()
    for m in casino.view(s, to_play).legal:
        assert m.card in s.hand


def test_casino_turn_players_play_from_the_view_alone() -> None:
    s = casino.new_game(seed=11, players=4)
    rng = Rng(11)
    while not casino.is_over(s):
        seat = casino.to_act(s)
        assert seat is not None
        player = casino.PLAYERS[s.turn % 2]
        s = casino.apply(s, player(casino.view(s, seat), rng))
    assert casino.outcome(s).final
