"""The exported QTI package played in a real QTI player, in headless Chromium.

The player is Citolab's ``@citolab/qti-components`` (npm, a devDependency, installed by
``npm ci``), served with the package from the test's own folder: nothing comes from a CDN.
It plays QTI 3, so the package is first converted by Citolab's own converter
(``citolab-qti-convert``, in the ``test`` extra), as that player's users do with QTI 2.1.
A question is answered right and another wrong, and the player's SCORE and FEEDBACK
outcomes and its feedback dialogs are checked; then a range of numbers and a pick of cards
with two right sets, where the player must accept both.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules.cards import parse_cards
from quizzes.model.question import CardRow, numeric, pick_cards
from quizzes.teach.cli import main
from quizzes.teach.qti import item_xml
from tests.browser import assert_clean, serve, watch
from tests.conftest import ROOT
from tests.lms import correct_response, qti, zip_files

pytestmark = pytest.mark.browser

PLAYER = ROOT / "node_modules" / "@citolab" / "qti-components"
BANCO = ROOT / "examples" / "punto-banco-in-20-minutes.toml"

PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>QTI player</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="player/item.css"></head>
<body><main id="item"></main>
<script type="module">
import { qtiTransformItem } from "./player/index.js";
window.loadItem = async (href) => {
  const api = await qtiTransformItem().load(href);
  const box = document.getElementById("item");
  box.replaceChildren(api.htmlDoc());
  await customElements.whenDefined("qti-assessment-item");
  const item = box.querySelector("qti-assessment-item");
  await item.updateComplete;
  document.body.dataset.item = item.identifier;
};
window.response = () => {
  const item = document.querySelector("qti-assessment-item");
  const v = item.variables.find((x) => x.identifier === "RESPONSE");
  return v ? v.value : null;
};
window.score = () => {
  const item = document.querySelector("qti-assessment-item");
  item.processResponse();
  return [item.getOutcome("SCORE").value, item.getOutcome("FEEDBACK").value];
};
document.body.dataset.ready = "yes";
</script></body></html>
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The player, the lesson's package converted for it, and two more items, served."""
    from qti_convert import upgrade_package_files, upgrade_qti2_to_qti3

    if not (PLAYER / "cdn" / "index.js").is_file():
        pytest.fail("node_modules/@citolab/qti-components is missing: run `npm ci`")
    root = tmp_path_factory.mktemp("lms-player")
    (root / "player").mkdir()
    shutil.copy(PLAYER / "cdn" / "index.js", root / "player" / "index.js")
    shutil.copy(PLAYER / "dist" / "item.css", root / "player" / "item.css")
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    package = root / "lesson-qti.zip"
    assert main(["lesson", "export", str(BANCO), "--format", "qti", "-o", str(package)]) == 0
    qti2 = zip_files(package.read_bytes())
    for name, data in upgrade_package_files(qti2).files.items():
        target = root / "pkg" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    (root / "qti2").mkdir()
    for name, data in qti2.items():
        (root / "qti2" / name.replace("/", "_")).write_bytes(data)
    for ident, q in EXTRA.items():
        data, pictures = item_xml(q, ident, ident)
        (root / "qti2" / f"{ident}.xml").write_bytes(data)
        (root / "pkg" / "items" / f"{ident}.xml").write_text(upgrade_qti2_to_qti3(data),
                                                             encoding="utf-8")
        for p in pictures.values():
            (root / "pkg" / "items" / "cards" / p.name).write_bytes(p.svg)
    with serve(root) as base:
        yield base, root


EXTRA = {
    "range": numeric("demo.range", 1, "What may you add to buy this card?",
                     ["pontoon.buy.limits"], 95, 125, "Any stake from 95 to 125.",
                     unit="chips"),
    "two-ways": pick_cards("demo.pick", 2, "Which cards make 8?", ["casino.capture.numeral"],
                           [CardRow("Table", parse_cards("5C 3D 8H 2S"))],
                           [frozenset({0, 1}), frozenset({2})], "5 + 3, or the 8 alone."),
}


@pytest.fixture
def player(browser: Any, site: tuple[str, Path]) -> Iterator[Any]:
    base, _root = site
    page = browser.new_page()
    seen = watch(page)
    page.goto(f"{base}/index.html")
    page.wait_for_selector("body[data-ready='yes']", state="attached")
    yield page
    assert_clean(seen)
    page.close()


def load(page: Any, ident: str) -> None:
    page.evaluate("href => loadItem(href)", f"pkg/items/{ident}.xml")
    page.wait_for_selector(f"body[data-item='{ident}']", state="attached")
    page.wait_for_selector("qti-assessment-item qti-item-body")


def answer_choices(page: Any, identifiers: list[str], multiple: bool = False) -> None:
    """Click the choices, and wait until the player holds them as the response."""
    for ident in identifiers:
        page.locator(f"qti-simple-choice[identifier='{ident}']").click()
    want = sorted(identifiers) if multiple else identifiers[0]
    page.wait_for_function(
        "want => { const r = window.response(); const got = Array.isArray(r) ? [...r].sort() "
        ": r; return JSON.stringify(got) === JSON.stringify(want); }", arg=want)


def answer_number(page: Any, text: str) -> None:
    """Type the number and leave the box (the player takes the answer then), and wait until
    the player holds it as the response."""
    box = page.locator("qti-text-entry-interaction input")
    box.fill(text)
    box.press("Tab")
    page.wait_for_function("want => window.response() === want", arg=text)


def feedback_shown(page: Any, which: str, text: str) -> None:
    dialog = page.locator(f"qti-modal-feedback[identifier='{which}'] dialog[open]")
    dialog.wait_for()
    assert page.locator(f"qti-modal-feedback[identifier='{which}']").inner_text().strip() \
        == text
    other = "incorrect" if which == "correct" else "correct"
    assert page.locator(f"qti-modal-feedback[identifier='{other}'] dialog[open]").count() == 0


def verdicts(root: Path, ident: str) -> dict[str, str]:
    item = qti((root / "qti2" / f"items_{ident}.xml").read_bytes())
    ns = "{http://www.imsglobal.org/xsd/imsqti_v2p1}"
    return {f.get("identifier", ""): "".join(f.itertext()).strip()
            for f in item.iterfind(f"{ns}modalFeedback")}


def test_a_choice_answered_right_scores_1_with_the_right_feedback(
        player: Any, site: tuple[str, Path]) -> None:
    _base, root = site
    item = qti((root / "qti2" / "items_item-1-1.xml").read_bytes())
    right = correct_response(item)
    assert isinstance(right, str)
    load(player, "item-1-1")
    assert player.locator("qti-assessment-item img[alt='seven of diamonds']").count() == 1
    player.wait_for_function(  # the card pictures load from the package
        "() => [...document.querySelectorAll('qti-assessment-item img')]"
        ".every(i => i.complete && i.naturalWidth > 0)")
    answer_choices(player, [right])
    assert player.evaluate("window.score()") == ["1", "correct"]
    feedback_shown(player, "correct", verdicts(root, "item-1-1")["correct"])


def test_a_number_answered_wrong_scores_0_with_the_wrong_feedback(
        player: Any, site: tuple[str, Path]) -> None:
    _base, root = site
    item = qti((root / "qti2" / "items_item-2-1.xml").read_bytes())
    right = correct_response(item)
    load(player, "item-2-1")
    answer_number(player, str(int(str(right)) + 1))
    assert player.evaluate("window.score()") == ["0", "incorrect"]
    feedback_shown(player, "incorrect", verdicts(root, "item-2-1")["incorrect"])
    load(player, "item-2-1")
    answer_number(player, str(right))
    assert player.evaluate("window.score()") == ["1", "correct"]


@pytest.mark.parametrize(("text", "score"), [("95", "1"), ("110.5", "1"), ("125", "1"),
                                             ("94", "0"), ("125.01", "0")])
def test_a_range_of_numbers_is_marked_at_both_ends(player: Any, text: str, score: str) -> None:
    load(player, "range")
    answer_number(player, text)
    assert player.evaluate("window.score()")[0] == score


@pytest.mark.parametrize(("cards", "score"), [(["K1", "K2"], "1"), (["K3"], "1"),
                                              (["K1"], "0"), (["K1", "K2", "K3"], "0"),
                                              (["K4"], "0")])
def test_every_right_set_of_cards_is_accepted(player: Any, cards: list[str],
                                              score: str) -> None:
    load(player, "two-ways")
    assert player.locator("qti-simple-choice img[alt='eight of hearts']").count() == 1
    answer_choices(player, cards, multiple=True)
    assert player.evaluate("window.score()") == [score,
                                                 "correct" if score == "1" else "incorrect"]
