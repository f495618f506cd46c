"""The Casino play-along table on crowded tables: a play is picked card by card.

The 36-card table of issue 11 allows millions of captures; the learner picks the card
from hand, adds table cards one at a time (each pick checked by the engine), sees the
play they make and confirms it.  No step lists the legal plays.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

import cardrules.casino.listing as casino_listing
from cardrules.cards import parse_card, parse_cards
from cardrules.casino import (
    Build,
    Capture,
    CasinoState,
    Increase,
    Phase,
    Pick,
    Trail,
    addable,
    apply,
    legal_actions,
    load_casino,
    new_game,
    position,
)
from cardrules.casino import pick_step as step
from cardrules.casino import picked_plays as plays
from cardrules.catalog import rule_ids
from cardrules.errors import IllegalAction
from cardrules.rng import Rng
from quizzes.live.play import CasinoAdapter
from quizzes.live.play.adapter import Step
from quizzes.live.table import PlayTable

#: the table reached after 32 legal plays of new_game(seed=11), trailing whenever allowed
TABLE = ("5H KS 3H 6H 3C KC 8H KH QC 6D 10S 4C 9S 6S 7C 7S JS 2S JH AC AD AH 5C 6C 5S 10D "
         "8S 2H 7D AS QH QS 5D 4H 7H 2C")
HAND = "10C 4S 4D JC"


def crowded() -> CasinoState:
    """The 36-card position of issue 11, with the learner (South) to play."""
    return position(HAND, TABLE, turn=1)


@pytest.fixture
def no_full_listing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail any listing of legal plays longer than the table's whole-play buttons
    (counting them, testing membership and picking are all allowed)."""
    real = casino_listing.CasinoActions.__iter__

    def listing(self: casino_listing.CasinoActions) -> Iterator[object]:
        if len(self) > CasinoAdapter.MAX_LISTED:
            raise AssertionError(f"the table listed all {len(self)} legal plays")
        return real(self)

    monkeypatch.setattr(casino_listing.CasinoActions, "__iter__", listing)
    yield


def table_at(state: CasinoState) -> PlayTable:
    t = PlayTable("casino", seed=1)
    t.play_from(state)
    assert t.adapter.your_turn(t.state) and t.state is state
    return t


def now(t: PlayTable) -> CasinoState:
    """The table's game."""
    assert isinstance(t.state, CasinoState)
    return t.state


def press_and_list(t: PlayTable, label: str) -> bool:
    """Press a button, then read the buttons and which the rules allow (how fast is measured
    in benchmarks/bench_casino.py: machines are too noisy for timed tests)."""
    ok = t.press(label)
    labels = [c.label for c in t.choices()]
    allowed = t.legal_labels()
    assert set(allowed) <= set(labels)
    return ok


def test_crowded_capture_picked_card_by_card_applies(no_full_listing: None) -> None:
    t = table_at(crowded())
    start = [c.label for c in t.choices()]
    assert "Pick 10♣" in start and "Trail 10♣" in start
    assert len(start) < 20, "no button per legal play on a crowded table"
    assert press_and_list(t, "Pick 10♣")
    for card in ("10♦", "6♥", "4♣", "3♥", "7♣"):
        assert press_and_list(t, f"Add {card}"), t.feedback.value
    play = "Capture 10♦, 7♣+3♥ and 6♥+4♣ with 10♣"
    assert play in [c.label for c in t.choices()]
    assert "capture 10♦, 7♣+3♥ and 6♥+4♣ with 10♣" in t.picker.value
    before = t.state
    assert press_and_list(t, play), t.feedback.value
    assert t.state is not before and t.refusals == 0 and "✔" in t.feedback.value
    assert t.pick is None, "the next turn starts with nothing picked"
    south = now(t).piles[1]
    assert set(parse_cards("10C 10D 6H 4C 3H 7C")) <= set(south)
    assert parse_card("10C") not in now(t).hands[1]


def test_illegal_pick_refused_with_rule_and_nothing_changes(no_full_listing: None) -> None:
    t = table_at(crowded())
    state = t.state
    assert press_and_list(t, "Pick J♣")
    pick = t.pick
    assert not press_and_list(t, "Add 10♦")  # a jack takes one jack, nothing else
    assert t.state is state and t.pick == pick and t.refusals == 1
    assert "✘ Refused: Add 10♦." in t.feedback.value
    assert "A jack captures only a jack, not 10♦." in t.feedback.value
    assert "(Rule casino.capture.face)" in t.feedback.value
    assert "Add 10♦" not in t.legal_labels() and "Add J♠" in t.legal_labels()
    # a face card joins no numeral's capture or build
    assert press_and_list(t, "Pick 10♣")
    assert not press_and_list(t, "Add K♠")
    assert "(Rule casino.capture.face)" in t.feedback.value and t.state is state
    # an unfinished capture, confirmed, is refused with the engine's sentence
    assert press_and_list(t, "Add 6♥")
    assert not press_and_list(t, "Capture 6♥ with 10♣")
    assert "(Rule casino.capture.numeral)" in t.feedback.value
    assert t.state is state and t.pick == Pick(parse_card("10C"), (parse_card("6H"),))
    assert t.refusals == 3


def test_every_refused_step_names_a_catalog_rule() -> None:
    s = crowded()
    ids = rule_ids()
    p = Pick(parse_card("4S"))
    refusals = 0
    for c in s.loose:
        if c in addable(s, p):
            assert step(s, p, Step("add", c)).loose == (c,)
            continue
        with pytest.raises(IllegalAction) as info:
            step(s, p, Step("add", c))
        assert info.value.rule_id in ids and info.value.message
        refusals += 1
    assert refusals == 8, "every numeral may join a 4's play here: 4s and 10s are held"
    # RULES.md §4: 8 + 7A taken, 5 can no longer join
    small = position("8S", "AH 2C 5D 6H 7C 8D")
    p = Pick(parse_card("8S"), parse_cards("7C AH"))
    with pytest.raises(IllegalAction) as info:
        step(small, p, Step("add", parse_card("5D")))
    assert info.value.rule_id == "casino.capture.numeral"
    with pytest.raises(IllegalAction) as info:
        step(s, Pick(), Step("hand", parse_card("9H")))  # not in the hand
    assert info.value.rule_id == "casino.turn"
    with pytest.raises(IllegalAction, match="first"):
        step(s, Pick(), Step("add", parse_card("10D")))


def test_trail_from_the_picker() -> None:
    t = table_at(crowded())
    assert t.press("Pick J♣") and "Trail J♣" in t.legal_labels()
    assert t.press("Trail J♣")
    assert parse_card("JC") not in now(t).hands[1]


def test_build_then_increase_picked_card_by_card() -> None:
    s = position("3C 6H 7D", "AS 2D 4C", turn=1, others=["5S 8S 9S"])
    t = table_at(s)
    for label in ("Pick 3♣", "Add A♠", "Add 2♦"):
        assert t.press(label), t.feedback.value
    assert "Build 6 with 3♣ and A♠ 2♦" in t.legal_labels()
    assert t.press("Build 6 with 3♣ and A♠ 2♦"), t.feedback.value
    built = [b for b in now(t).builds if b.owner == 1]
    assert [b.value for b in built] == [6]

    s = position("3C 7D 9H", "5D", builds=[(4, "3D AH", 0)], turn=1, others=["5S 8S 9S"])
    t = table_at(s)
    assert t.press("Pick 3♣") and t.press("Add the build of 4")
    label = "Increase the build of 4 to 7 with 3♣"
    assert label in t.legal_labels()
    assert t.press("Put back the build of 4") and t.pick == Pick(parse_card("3C"))
    assert t.press("Add the build of 4") and t.press(label), t.feedback.value
    assert t.refusals == 0


def test_small_tables_keep_the_whole_play_buttons() -> None:
    s = position("8S 3D", "AH 2C 5D 6H 7C 8D", turn=1)
    t = table_at(s)
    labels = [c.label for c in t.choices()]
    assert "Capture 8♦, 7♣+A♥ and 6♥+2♣ with 8♠" in labels and "Pick 8♠" in labels
    assert t.press("Capture 8♦, 7♣+A♥ and 6♥+2♣ with 8♠")


def test_picker_imports_without_ipywidgets() -> None:
    code = ("import sys; sys.modules['ipywidgets'] = None\n"
            "from quizzes.live.play import adapter\n"
            "from cardrules.casino import Pick, pick_step as step, picked_plays as plays\n"
            "a = adapter('casino')\n"
            "print(len(a.picking(a.deal(a.rules(), '1', {}), Pick())) > 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr


def _items(move: object) -> frozenset[object]:
    """The table items a capture, build or increase takes in."""
    assert isinstance(move, (Capture, Build, Increase))
    out: set[object] = set(move.loose)
    if isinstance(move, Capture) and move.build is not None:
        out.add(move.build)
    if isinstance(move, Increase):
        out.add(move.build)
    return frozenset(out)


@pytest.mark.parametrize("profile", ["casino", "royal-casino"])
def test_what_may_be_picked_is_exactly_what_the_legal_plays_allow(profile: str) -> None:
    """On small tables (listed whole): an item may be added to a pick exactly when some
    legal play of that card takes the items picked and it, and every legal play with
    exactly the items picked is offered to confirm."""
    checked = 0
    for seed in range(8):
        s = new_game(load_casino(profile), seed=seed)
        rng = Rng(f"pick:{seed}")
        for _ in range(48):
            if s.phase is not Phase.PLAY:
                break
            plays_now = legal_actions(s)
            if len(s.loose) <= 8:
                every = list(plays_now)
                for card in set(s.hand):
                    takes = [_items(m) for m in every
                             if m.card == card and not isinstance(m, Trail)]
                    picks: set[frozenset[object]] = {frozenset()}
                    picks |= {frozenset(sorted(t, key=str)[:k])
                              for t in takes[:5] for k in range(len(t))}
                    for got in picks:
                        builds = [x for x in got if isinstance(x, int)]
                        p = Pick(card, tuple(c for c in s.loose if c in got),
                                 builds[0] if builds else None)
                        want = {x for t in takes if got < t for x in t - got}
                        assert set(addable(s, p)) == want, (s, p)
                        offered = set(plays(s, p))
                        assert {m for m in every if m.card == card and not isinstance(m, Trail)
                                and _items(m) == got} <= offered, (s, p)
                        checked += 1
            s = apply(s, plays_now[rng.below(len(plays_now))])
    assert checked > 500
