"""The play-along table's words and buttons (issue 12, item 10).

- Every text the table shows speaks of the learner's seat, "You", in the second person:
  "You twist", "You are bust", "You fold and are out", over whole games of every game
  (and writes its cards as cards: "capture K♣ with K♦", not "k♣").
- No success mark follows a move that busts, folds or loses the learner's hand.
- The action buttons are reused from move to move, so a click never lands on a button
  that was replaced under the pointer.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from quizzes.live.play.adapter import Step
from quizzes.live.play.voice import second_person
from quizzes.live.table import PlayTable, available_games
from tests.test_lite import voila  # noqa: F401  (the Voilà server, a fixture)

#: a verb that does not agree with "you": "You twists", "you is", "You has", "You's"
DISAGREES = re.compile(r"\b[Yy]ou(?:'s\b| (?:first |then )?(?:is|has|was|does|goes)\b"
                       r"| (?:first |then )?[a-z]*[^s\W]s\b)")

#: a court card or ace written in lower case ("capture k♣ with k♦")
LOWER_CARD = re.compile(r"(?<![\w♠♥♦♣])[jqka][♠♥♦♣]")

#: what a move that loses the learner's hand says (then no success mark may show)
SETBACK = re.compile(r"\b[Yy]ou (?:are bust|are out|fold)\b|\b[Yy]our hand \d* ?(?:is )?bust")

SEEDS = range(6)

#: the most presses in one game (a game ends well before)
MAX_PRESSES = 600


def shown(t: PlayTable) -> list[str]:
    """Every text the table shows now, without markup: board, picker, buttons (labels and
    tooltips), feedback, result and history."""
    parts = [t.header.value, t.board.value, t.picker.value, t.feedback.value,
             t.result.value, t.history.value]
    parts += [x for b in t.actions.children for x in (b.description, b.tooltip)]
    return [html.unescape(re.sub(r"<[^>]+>", " ", p)) for p in parts]


def play_out(t: PlayTable, rnd: random.Random) -> list[str]:
    """Play the hand to its end, as a learner who mostly presses an allowed button and
    sometimes another (to see the refusals); every text shown on the way."""
    seen = shown(t)
    for _ in range(MAX_PRESSES):
        if t.over:
            break
        labels = [b.description for b in t.actions.children]
        legal = t.legal_labels()
        # a whole play (not a step of one being picked) ends the turn
        whole = [c.label for c in t.choices()
                 if c.label in legal and not isinstance(c.action, Step)]
        pool = (whole or legal) if rnd.random() < 0.8 else labels
        before = t.state
        t.press(rnd.choice(pool or labels))
        seen += shown(t)
        said = html.unescape(t.feedback.value)
        if t.state is not before and SETBACK.search(said.split("(More in", 1)[0]):
            assert "✔" not in said, f"{t.game} seed {t.seed}: a success mark on {said}"
    assert t.over, f"{t.game} seed {t.seed}: not over after {MAX_PRESSES} presses"
    return seen


@pytest.mark.parametrize("game", available_games())
def test_the_table_speaks_to_you_over_whole_games(game: str) -> None:
    bad: dict[str, str] = {}
    for seed in SEEDS:
        t = PlayTable(game, seed=seed)
        for text in play_out(t, random.Random(f"{game}:{seed}")):
            for m in (*DISAGREES.finditer(text), *LOWER_CARD.finditer(text)):
                bad.setdefault(m.group(0), f"seed {seed}: …{text[max(0, m.start() - 40):m.end() + 40]}…")
    assert not bad, f"{game}: {bad}"


@pytest.mark.parametrize(("engine", "learner"), [
    ("You twists: 8♠.", "You twist: 8♠."),
    ("You is bust with 24: the banker takes the stake.", "You are bust with 24: the banker takes the stake."),
    ("You folds and is out; the cards go to the discard pile.",
     "You fold and are out; the cards go to the discard pile."),
    ("The banker is bust; You has a pontoon.", "The banker is bust; you have a pontoon."),
    ("On You's turn You buys, discards, battles, stays or folds.",
     "On your turn you buy, discard, battle, stay or fold."),
    ("You calls for 10, looks at the cards and names the winner.",
     "You call for 10, look at the cards and name the winner."),
    ("Bob takes 8♠ from You and wins.", "Bob takes 8♠ from you and wins."),
    ("Settlement (net: Banker -20, You +20)", "Settlement (net: Banker -20, You +20)"),
    ("Banners: Ann 2♣, You K♠.", "Banners: Ann 2♣, You K♠."),
])
def test_second_person(engine: str, learner: str) -> None:
    assert second_person(engine) == learner


#: a Pontoon deal where buying a third card for 10 busts the learner (24)
BUST_SEED = 0


def test_no_success_mark_after_a_bust() -> None:
    t = PlayTable("pontoon", seed=BUST_SEED)
    assert t.press("Stake 10") and "✔ You stake 10." in t.feedback.value
    assert t.press("Buy a card for 10")
    text = t.feedback.value
    assert "You are bust with 24" in text and "You buy the 3rd card" in text, text
    assert "✔" not in text and "cr-setback" in text
    assert "bust" in t.history.value and "is bust" not in t.history.value.replace(
        "Every player is bust", "")


def test_no_success_mark_after_a_fold() -> None:
    for seed in range(20):
        t = PlayTable("palace", seed=seed)
        if "Fold" in t.legal_labels():
            assert t.press("Fold")
            assert "You fold" in t.feedback.value and "are out" in t.feedback.value
            assert "✔" not in t.feedback.value and "cr-setback" in t.feedback.value
            return
    pytest.fail("no seed of 20 lets the learner fold at once")


def test_a_good_move_keeps_its_success_mark() -> None:
    t = PlayTable("pontoon", seed=BUST_SEED)
    assert t.press("Stake 10")
    assert t.feedback.value.count("✔") == 1 and "cr-setback" not in t.feedback.value


def test_buttons_are_reused_from_move_to_move() -> None:
    t = PlayTable("pontoon", seed=BUST_SEED)
    stakes = list(t.actions.children)
    assert [b.description for b in stakes] == ["Stake 10", "Stake 100"]
    stakes[0].click()  # the learner's click, as ipywidgets delivers it
    now = list(t.actions.children)
    assert now[:2] == stakes, "a button under the pointer was replaced"
    assert now == t.pool and len(t.pool) == 6  # the pool grew by the four more wanted
    assert [b.description for b in now] == ["Declare a pontoon", "Split", "Buy a card for 10",
                                            "Twist", "Stick", "Buy a card for 20"]
    assert now[2].tooltip == "Buy a card for 10"
    now[2].click()  # the third button, new since the stakes, buys
    assert "You buy the 3rd card" in t.feedback.value
    assert not t.actions.children and t.over


def test_a_click_on_a_button_no_longer_shown_does_nothing() -> None:
    t = PlayTable("pontoon", seed=BUST_SEED)
    assert t.press("Stake 10") and t.press("Buy a card for 10") and t.over
    state, feedback = t.state, t.feedback.value
    t.pool[0].click()  # a late click on a button the table no longer shows
    assert t.state is state and t.feedback.value == feedback


def test_casino_picking_reuses_the_pool_and_restyles_it() -> None:
    t = PlayTable("casino", seed=3)
    before = list(t.actions.children)
    assert before == t.pool[:len(before)] and all(b.button_style == "" for b in before)
    assert t.press("Pick Q♠")
    after = list(t.actions.children)
    assert after == t.pool[:len(after)]
    assert (after[0].description, after[0].button_style) == ("Trail Q♠", "success")
    assert after[0].tooltip == "Play it"
    assert t.press("Start again")
    assert list(t.actions.children) == before and before[0].button_style == ""
    assert before[0].tooltip == before[0].description


@pytest.mark.browser
def test_the_pressed_button_stays_under_the_pointer_in_voila(
        browser: Any, voila: str) -> None:  # noqa: F811  (the fixture imported above)
    """In a real front end (Voilà): after a move the button that was pressed is the same
    element, at the same place on the screen, with its new label; so the next click
    lands on it."""
    from playwright.sync_api import expect

    from tests.test_lite import _seed_where_player_stands

    ctx = browser.new_context(viewport={"width": 1280, "height": 700})
    page = ctx.new_page()
    page.goto(voila, timeout=120_000)
    table = page.locator(".cr-play-table").first
    table.wait_for(state="visible", timeout=120_000)
    seed = _seed_where_player_stands()
    table.locator(".cr-table-seed input").fill(seed)
    table.get_by_role("button", name="Deal", exact=True).click()
    expect(table.locator(".cr-table-board")).to_contain_text(f"Seed {seed}", timeout=30_000)
    buttons = table.locator(".cr-table-actions button")
    expect(buttons.nth(1)).to_have_text("Bet 10 on the Player", timeout=30_000)
    page.evaluate("() => document.querySelectorAll('.cr-table-actions button')"
                  ".forEach((b, i) => { b.dataset.crMark = String(i); })")
    feedback = table.locator(".cr-table-feedback")
    for now in ("Player stands", "Banker stands"):
        pressed = buttons.nth(1)
        pressed.scroll_into_view_if_needed()
        box = pressed.bounding_box()
        assert box is not None
        before = feedback.inner_text()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(feedback).not_to_have_text(before, timeout=30_000)
        expect(buttons.nth(1)).to_have_text(now, timeout=30_000)
        assert buttons.nth(1).get_attribute("data-cr-mark") == "1", "the button was replaced"
        after = buttons.nth(1).bounding_box()
        assert after is not None and abs(after["y"] - box["y"]) < 2, (box, after)
    ctx.close()
