"""What a seat sees of a hand of Palace Poker, read from the rules (RULES.md §5 and the
book's chapter), independently of ``cardrules/palace/view.py``.

The reading:

- Banners are dealt face up [palace.banner] (the book's house reading follows pagat.com):
  every seat sees the banner of every player still in the hand.
- Soldiers are bought from the draw pile and laid beneath the banner, across it
  [palace.buy]; they lie face up, as the banner does (pagat.com: the game has "elements of
  stud": the soldiers are its open cards, and everyone counts them, since the minimum bet
  and the call are counted on them [palace.battle.minimum], [palace.battle.call]). Every
  seat sees every soldier of every player still in; a captured banner becomes a soldier
  of its winner [palace.battle.capture] and stays face up.
- Palace cards are dealt face down [palace.palace]: each player sees their own three, and
  nobody else's.
- In a battle the caller looks at the other side's cards and names the winner
  [palace.battle.call], [palace.battle.raise]; that look is between the two players, and
  the cards go back unseen by the table. A view shows what lies on the table now, so it
  shows a battler's palace cards to the other battler no more than to anyone else (a view
  may show less than a seat remembers, never more).
- The ordinary showdown that ends a quiet round [palace.end.showdown] shows the cards of
  every player still in to everyone: after it, every seat sees every palace still in the
  hand. No other ending shows a palace: the last player left, a split between players of
  one banner suit, a battle of the last two.
- The draw pile and the discard pile lie face down [palace.palace], [palace.buy.refill]:
  nobody sees a card in them (the cards of a player who is out go there).

A seat that is out of the hand still watches: it sees what every seat sees.
"""

from __future__ import annotations

from collections import Counter

from cardrules import palace
from cardrules.cards import Card
from cardrules.game import Row
from cardrules.palace import (
    Battle,
    Buy,
    Call,
    DiscardSoldiers,
    Fold,
    PalaceState,
    Phase,
    Stay,
    out_player,
    player,
    position,
)
from cardrules.rng import Rng

LIMIT = palace.load_palace("palace-poker")


def seen(state: PalaceState, seat: str) -> Counter[Card]:
    """The cards ``seat`` may see now, each once: every banner and soldier of the players
    still in, its own palace cards, and every palace still in once a quiet round's
    showdown has ended the hand."""
    showdown = state.result is not None and state.result.rule_id == "palace.end.showdown"
    out: Counter[Card] = Counter()
    for p in state.players:
        if not p.in_hand:
            continue
        if p.banner is not None:
            out[p.banner] += 1
        out.update(p.soldiers)
        if p.name == seat or showdown:
            out.update(p.palace)
    return out


#: how many times a view may name a card the seat sees: Palace is played with one pack, so
#: the count carries no information, and a soldier is named in its row and again in each
#: legal action that discards it (up to 16 discards name it when five soldiers are held)
def visible(state: PalaceState, seat: str) -> Counter[Card]:
    """The contract's oracle: the cards of :func:`seen` (the contract test counts each
    field of a view on its own, so a card named in a row and again in an action is one
    card seen)."""
    return seen(state, seat)


def _shown(v: palace.PalaceView) -> Counter[Card]:
    """Every face-up card of the view's rows, counted: each card the seat sees is in them
    once."""
    return Counter(c for row in v.rows for c in row.shown)


def three() -> PalaceState:
    """Ann (K♠, soldier 5♦), Bob (Q♥) and Cy (J♦); Cy deals, so Ann acts first."""
    return position(LIMIT, [player("Ann", "KS", "2C 3C 4D", "5D"), player("Bob", "QH", "5C 6C 7D"),
                            player("Cy", "JD", "8C 9C 10S")])


def test_palace_palace_each_player_sees_their_own_palace_cards_only() -> None:
    s = palace.new_hand(LIMIT, ["Ann", "Bob", "Cy"], seed=7, dealer="Cy")
    for p in s.players:
        v = palace.view(s, p.name)
        assert v.palace(p.name) == p.palace and v.known(p.name) == p.cards
        for q in s.players:
            if q.name != p.name:
                assert v.palace(q.name) == (None, None, None) and v.player(q.name).palace == 3
        assert _shown(v) == seen(s, p.name)
        rows = {r.label: r for r in v.rows}
        assert rows["Draw pile"].face_down == len(s.draw_pile) == 40
        assert rows["Discard pile"].cards == ()


def test_palace_banner_every_banner_is_seen_by_every_seat() -> None:
    s = three()
    for seat in ("Ann", "Bob", "Cy"):
        v = palace.view(s, seat)
        assert [v.banner(p.name) for p in v.table] == [p.banner for p in s.players]
        assert [p.suit for p in v.table] == [p.suit for p in s.players]


def test_palace_buy_soldiers_lie_face_up_for_every_seat() -> None:
    s = palace.apply(three(), Buy())
    bought = s.player("Ann").soldiers
    assert len(bought) == 2
    for seat in ("Ann", "Bob", "Cy"):
        v = palace.view(s, seat)
        assert v.soldiers("Ann") == bought and v.player("Ann").soldiers == 2
        assert Row("Ann: soldiers", bought, owner="Ann") in v.rows
        assert v.player("Ann").chips == 195
    # only Ann, keeping soldiers, is offered the choice of what to keep
    assert palace.view(s, "Ann").phase is Phase.KEEP and palace.view(s, "Ann").legal
    assert palace.view(s, "Bob").legal == ()


def test_palace_battle_call_the_battlers_cards_go_back_unseen() -> None:
    s = palace.apply(palace.apply(three(), Battle("Bob", 10)), Call())
    assert s.battles[-1].ending == "showdown"
    loser = s.battles[-1].losers[0]
    winner = s.battles[-1].winner
    assert winner is not None
    for seat in ("Ann", "Bob", "Cy"):
        v = palace.view(s, seat)
        assert _shown(v) <= seen(s, seat)
        mine = s.player(seat).palace
        assert Counter(c for p in v.table for c in v.palace(p.name) if c is not None) == Counter(
            mine)
    assert palace.view(s, loser).player(loser).in_hand is False
    assert palace.view(s, loser).palace(winner) == (None, None, None)


def test_palace_battle_fold_a_defender_sees_the_attack_and_what_calling_costs() -> None:
    s = palace.apply(three(), Battle("Bob", 10))
    v = palace.view(s, "Bob")
    assert v.battle is not None and (v.battle.attacker, v.battle.defender, v.battle.bet) == (
        "Ann", "Bob", 10)
    assert v.to_call == 5 and v.my_turn and Fold() in v.legal
    assert palace.view(s, "Ann").legal == () and palace.view(s, "Ann").to_call == 0
    assert v.palace("Ann") == (None, None, None)


def test_palace_end_showdown_a_quiet_round_shows_every_palace_to_everyone() -> None:
    s = position(LIMIT, [player("Ann", "KS", "AH AD 7C"), player("Bob", "QH", "KC KD 5C"),
                         player("Cy", "JD", "2C 3C 9H"), out_player("Dee")], pot=30)
    for _ in range(3):
        s = palace.apply(s, Stay())
    assert s.is_over and s.result is not None and s.result.rule_id == "palace.end.showdown"
    for seat in ("Ann", "Bob", "Cy", "Dee"):
        v = palace.view(s, seat)
        assert [v.palace(p.name) for p in v.in_hand] == [p.palace for p in s.players if p.in_hand]
        assert _shown(v) == seen(s, seat)
        assert v.over and v.to_act is None and v.legal == ()


def test_palace_end_the_last_player_left_shows_nothing() -> None:
    s = palace.apply(palace.apply(three(), Fold()), Fold())
    assert s.is_over and s.result is not None and s.result.rule_id == "palace.end"
    v = palace.view(s, "Ann")
    assert v.palace("Cy") == (None, None, None) and "last player left" in v.status
    assert _shown(v) == seen(s, "Ann")


def test_palace_turn_views_of_a_whole_random_hand_match_the_reading() -> None:
    s = palace.new_hand(LIMIT, [f"P{i}" for i in range(6)], seed=11)
    rng = Rng(11)
    while True:
        for p in s.players:
            v = palace.view(s, p.name)
            assert _shown(v) <= seen(s, p.name)
            assert v.my_turn == (palace.to_act(s) == p.name)
        if s.is_over:
            break
        s = palace.apply(s, palace.random_action(s, rng))


def test_palace_battle_capture_a_winner_keeping_soldiers_is_shown_them() -> None:
    s = position(LIMIT, [player("Ann", "KS", "2C 3C 4C", "2D 3D 4D 5D 6D"),
                         player("Bob", "QH", "5C 6C 7C", "2H 3H 4H 5H 6H"),
                         player("Cy", "JC", "8C 9C 10C")])
    s = palace.apply(palace.apply(s, Battle("Bob", 30)), Fold())
    v = palace.view(s, "Ann")
    assert v.phase is Phase.KEEP and len(v.soldiers("Ann")) == v.player("Ann").soldiers == 11
    assert all(isinstance(a, DiscardSoldiers) for a in v.legal)
    assert _shown(v) == seen(s, "Ann")
