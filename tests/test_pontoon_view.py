"""What a seat sees of a Pontoon deal.  ``visible`` is the rule in the test's own words,
read from RULES.md §1, the catalog and the seed's 'Bankacı Sırası' (the banker's turn:
"the players' cards stay face down unless they are a pontoon, twisted, split or bust");
the contract test holds every view of every deal to it.  The reading:

- [pontoon.deal] Every card is dealt face down.  A player may look at his own cards, all
  of them (bought ones included).  The banker may not look at his first card until the
  second is dealt; from then on he sees both.
- [pontoon.twist] A twisted card is dealt face up: everyone sees it.  [pontoon.buy.limits]
  A bought card is dealt face down: only its holder sees it, not the banker who deals it.
  Since a player may buy and then twist but never buy after a twist, a hand's 3rd and
  later cards are its bought cards first, then its twisted ones.
- [pontoon.declare] A declared pontoon turns its ace face up on the ten-card, which stays
  face down.
- [pontoon.split] The pair is laid face up to be split: each split hand's first card is
  face up; the card the banker deals to it is face down.
- [pontoon.bust] A bust hand is thrown in face up: everyone sees all of it (its cards go
  to the bottom of the pack, but the table has seen them).
- [pontoon.banker-pontoon] A banker's pontoon is shown at once; the deal ends and nobody's
  hand is compared with it, so the players' cards stay as they lie.
- [pontoon.banker-play] On his turn the banker turns up both cards and draws face up:
  everyone sees his hand.  When every player has gone bust he has nothing to play for
  and never turns them up.
- [pontoon.settle] Once the banker has played, each hand still in is settled against his
  in the open: when the deal is over, those hands are face up to everyone.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardrules import pontoon as pt
from cardrules.cards import Card, Rank, parse_cards
from cardrules.errors import IllegalAction
from cardrules.game import SetupError, seen_cards
from cardrules.pontoon import (
    BankerDraw,
    BankerStay,
    Buy,
    DealState,
    Declare,
    Hand,
    HandStatus,
    Phase,
    Split,
    Stake,
    Stick,
    Twist,
    apply,
    view,
)
from cardrules.rng import Rng

R = pt.load_pontoon("pontoon")


def _pontoon(cards: tuple[Card, ...]) -> bool:
    """Two cards, an ace and a ten-card (the rule's words, not the engine's)."""
    ranks = sorted(c.rank.value for c in cards)
    return len(cards) == 2 and "A" in ranks and any(r in ranks for r in ("10", "J", "Q", "K"))


def _face_up(hand: Hand) -> list[Card]:
    """The cards of a hand lying face up by the rules."""
    up = set()
    if hand.from_split:
        up.add(0)  # the card of the pair, laid face up to split
    up |= set(range(2 + len(hand.buys), len(hand.cards)))  # twisted, after the bought ones
    if hand.status is HandStatus.DECLARED:
        up |= {i for i, c in enumerate(hand.cards) if c.rank is Rank.ACE}
    return [hand.cards[i] for i in sorted(up)]


def visible(state: DealState, seat: str) -> Counter[Card]:
    """Every card ``seat`` may see, by the reading above."""
    banker_pontoon = _pontoon(state.banker_cards)
    live = any(h.status is not HandStatus.BUST for p in state.players for h in p.hands)
    banker_played = (state.phase in (Phase.BANKER, Phase.OVER) and live
                     and not banker_pontoon)
    settled = state.phase is Phase.OVER and banker_played
    out: Counter[Card] = Counter()
    for p in state.players:
        for h in p.hands:
            if seat == p.name or h.status is HandStatus.BUST or settled:
                out.update(h.cards)
            else:
                out.update(_face_up(h))
    if banker_pontoon or banker_played or (
            seat == state.banker and state.phase not in (Phase.STAKES, Phase.SHOOT)):
        out.update(state.banker_cards)
    return out


def table(hands: list[str], banker: str, then: str = "", rules: pt.PontoonRules = R
          ) -> DealState:
    """Ben banks; Ann, Cleo, Dev... play in that order with these first two cards."""
    names = ["Ann", "Cleo", "Dev", "Eva"][:len(hands)]
    pack = pt.arrange_pack([parse_cards(h) for h in hands], parse_cards(banker),
                           parse_cards(then), packs=rules.packs)
    return pt.new_deal(rules, ["Ben", *names], banker="Ben", pack=pack)


def run(state: DealState, *actions: object) -> DealState:
    for a in actions:
        state = apply(state, a)  # type: ignore[arg-type]
    return state


def rows(state: DealState, seat: str) -> dict[str, tuple[Card | None, ...]]:
    """The rows of a seat's view by owner (a split player's hands joined)."""
    out: dict[str, tuple[Card | None, ...]] = {}
    for row in view(state, seat).rows:
        assert row.owner is not None
        out[row.owner] = out.get(row.owner, ()) + row.cards
    return out


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_visible_agrees_with_every_view_of_stacked_deals() -> None:
    for s in (table(["9S 7D", "AH KD"], "10C 6C", then="2C 3C 4C 9C"),
              table(["8S 8D", "5C 6C"], "AS JD"), table(["AS AD"], "10H 7H", then="KC 9C")):
        rng = Rng(3)
        while True:
            for seat in s.seats:
                shown = Counter(seen_cards(view(s, seat)))
                assert not shown - visible(s, seat), seat
                assert shown == visible(s, seat), (seat, s.phase)  # nothing hidden wrongly
            if s.is_over:
                break
            s = apply(s, pt.random_action(s, rng))


def test_pontoon_deal_players_see_their_own_cards_and_the_banker_not_his_first() -> None:
    s = table(["9S 7D", "KC 5H"], "10D 6C")
    assert rows(s, "Ann") == {"Ann": cards("9S"), "Cleo": (None,), "Ben": (None,)}
    assert rows(s, "Ben") == {"Ann": (None,), "Cleo": (None,), "Ben": (None,)}
    assert view(s, "Ann").legal == (Stake(10), Stake(100)) and view(s, "Ben").legal == ()
    s = run(s, Stake(20), Stake(40))
    assert rows(s, "Ann") == {"Ann": cards("9S 7D"), "Cleo": (None, None), "Ben": (None, None)}
    assert rows(s, "Ben") == {"Ann": (None, None), "Cleo": (None, None), "Ben": cards("10D 6C")}
    v = view(s, "Ann")
    assert v.hand == 0 and v.total == 16 and v.banker == "Ben" and v.phase is Phase.PLAYERS
    assert [(h.owner, h.stake, h.status) for h in v.hands] == [
        ("Ann", 20, HandStatus.PLAYING), ("Cleo", 40, HandStatus.PLAYING)]
    assert "16" not in v.rows[2].label and "16" not in view(s, "Cleo").rows[0].label


def test_pontoon_twist_card_is_face_up_and_a_bought_card_face_down() -> None:
    s = run(table(["2S 3D", "10H 8H"], "10C 7C", then="4C 2H 3H"), Stake(20), Stake(10),
            Buy(30), Twist())
    assert rows(s, "Ann")["Ann"] == cards("2S 3D 4C 2H")
    for seat in ("Cleo", "Ben"):  # the banker does not see the card he sold face down either
        assert rows(s, seat)["Ann"] == (None, None, None, *cards("2H"))
    assert rows(s, "Cleo")["Cleo"] == cards("10H 8H")


def test_pontoon_bust_hand_is_thrown_in_face_up() -> None:
    s = run(table(["10S 6D", "9S 9D"], "10C 7C", then="9C"), Stake(20), Stake(10), Buy(25))
    assert s.players[0].hands[0].status is HandStatus.BUST
    for seat in s.seats:
        assert rows(s, seat)["Ann"] == cards("10S 6D 9C")
    assert view(s, "Cleo").hands[0].status is HandStatus.BUST


def test_pontoon_declare_turns_the_ace_face_up_on_the_ten_card() -> None:
    s = run(table(["KD AS", "9S 8D"], "10C 7C"), Stake(20), Stake(10), Declare())
    assert rows(s, "Cleo")["Ann"] == (None, *cards("AS"))
    assert rows(s, "Ben")["Ann"] == (None, *cards("AS"))
    assert rows(s, "Ann")["Ann"] == cards("KD AS")


def test_pontoon_split_lays_the_pair_face_up() -> None:
    s = run(table(["8S 8D", "9S 8C"], "10C 7C", then="3C KH"), Stake(20), Stake(10), Split())
    assert rows(s, "Cleo")["Ann"] == (*cards("8S"), None, *cards("8D"), None)
    assert rows(s, "Ann")["Ann"] == cards("8S 3C 8D KH")
    v = view(s, "Ann")
    assert [h.number for h in v.hands if h.owner == "Ann"] == [1, 2] and v.hand == 0
    assert v.rows[0].label.startswith("Ann, hand 1")


def test_pontoon_banker_play_turns_up_the_bankers_cards_and_settles_openly() -> None:
    s = run(table(["10S 8D", "10H 6D"], "8C 8H", then="2C 2D"), Stake(10), Stake(10),
            Stick(), Buy(10))
    assert rows(s, "Ann")["Cleo"] == (None, None, None)
    s = run(s, Stick())
    assert s.phase is Phase.BANKER
    assert rows(s, "Ann")["Ben"] == cards("8C 8H")
    v = view(s, "Ben")
    assert v.hand == 2 and v.total == 16 and v.legal == (BankerDraw(), BankerStay())
    assert rows(s, "Ann")["Cleo"] == (None, None, None)  # not before the settlement
    s = run(s, BankerDraw(), BankerStay())
    assert s.is_over
    for seat in s.seats:
        assert rows(s, seat) == {"Ann": cards("10S 8D"), "Cleo": cards("10H 6D 2C"),
                                 "Ben": cards("8C 8H 2D")}
    assert view(s, "Ann").legal == () and view(s, "Ann").over


def test_pontoon_banker_pontoon_is_shown_and_the_hands_stay_down() -> None:
    s = run(table(["9S 7D", "KC 5H"], "AH QC"), Stake(20), Stake(10))
    assert s.is_over
    assert rows(s, "Cleo") == {"Ann": (None, None), "Cleo": cards("KC 5H"),
                               "Ben": cards("AH QC")}
    assert "Pontoon!" in view(s, "Cleo").status


def test_pontoon_banker_play_every_player_bust_the_banker_keeps_his_cards_down() -> None:
    s = run(table(["10S 6D"], "10C 7C", then="9C"), Stake(20), Twist())
    assert s.is_over
    assert rows(s, "Ann") == {"Ann": cards("10S 6D 9C"), "Ben": (None, None)}
    assert rows(s, "Ben")["Ben"] == cards("10C 7C")


def test_pontoon_deal_a_view_is_for_a_seat_at_the_table() -> None:
    s = table(["9S 7D"], "10C 6C")
    for junk in ("Nobody", "kitty", None, 3):
        with pytest.raises(SetupError):
            view(s, junk)  # type: ignore[arg-type]
    with pytest.raises(SetupError):
        view("not a deal", "Ann")  # type: ignore[arg-type]


# -- the computer players play from the view alone ---------------------------------------------
def test_pontoon_banker_play_the_sensible_banker_stays_on_17() -> None:
    sensible = pt.PONTOON.player("sensible")
    for banker, then, want in (("10C 6C", "2C", BankerDraw()), ("10C 7C", "", BankerStay()),
                               ("AC 6C", "", BankerStay()), ("9C 7C", "", BankerDraw())):
        s = run(table(["10S 8D"], banker, then=then), Stake(10), Stick())
        assert sensible(view(s, "Ben"), Rng(1)) == want, banker
        assert pt.sensible_action(s, Rng(1)) == want  # the engine's banker at the table


def test_pontoon_stakes_each_player_plays_its_stated_rule() -> None:
    players = {p.name: p for p in pt.PLAYERS}
    assert list(players) == ["sensible", "cautious", "bold"]
    ace, nine = table(["AS 7D"], "10C 6C"), table(["9S 7D"], "10C 6C")
    assert players["sensible"](view(ace, "Ann"), Rng(1)) == Stake(20)
    assert players["sensible"](view(nine, "Ann"), Rng(1)) == Stake(10)
    assert players["cautious"](view(ace, "Ann"), Rng(1)) == Stake(10)
    assert players["bold"](view(nine, "Ann"), Rng(1)) == Stake(100)
    s = run(table(["7S 8D"], "10C 6C"), Stake(10))  # 15
    assert players["cautious"](view(s, "Ann"), Rng(1)) == Stick()
    assert players["sensible"](view(s, "Ann"), Rng(1)) == Twist()
    s = run(table(["4S 5D"], "10C 6C"), Stake(10))  # 9
    assert players["sensible"](view(s, "Ann"), Rng(1)) == Buy(10)
    assert players["bold"](view(s, "Ann"), Rng(1)) == Buy(20)
    assert players["cautious"](view(s, "Ann"), Rng(1)) == Twist()
    with pytest.raises(IllegalAction, match="not Ben's turn"):
        players["sensible"](view(s, "Ben"), Rng(1))


def test_pontoon_shoot_bold_shoots_and_splits_with_a_shoot_bet() -> None:
    shoot = pt.load_pontoon("shoot-pontoon")
    bold = pt.PONTOON.player("bold")
    s = table(["8S 8D"], "10C 7C", then="3C KH", rules=shoot)
    s = run(s, Stake(10))
    assert bold(view(s, "Ann"), Rng(1)) == pt.Shoot(50)  # half the kitty of 100
    s = run(s, pt.Shoot(50))
    assert bold(view(s, "Ann"), Rng(1)) == Split(25)
