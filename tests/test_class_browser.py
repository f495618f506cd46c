"""The Class page in a real browser (headless Debian Chromium, Playwright): a teacher loads
the learners' progress files and sees how the class is doing.

The files are made the way learners make them: one learner answers a chapter's quizzes and
exports from the Progress page with her name typed in; another practises for weeks (the
clock moved by hand through ``window.cardrulesClock``, the answers recorded as the quizzes
record them) and exports without a name. A third file is a half-written export (corrupt),
one more is a progress file of another version, and one carries a ``mistakes`` list, the
shape book/class.md documents. The test checks that

- the learner's name is kept in the export (and with the progress), and sent nowhere;
- the heat map shows, for every rule and learner, the state and the right answers out of
  all answers that the test works out by itself from the export's JSON (FSRS's due date,
  state and stability, the thresholds of the Progress page: 90% recall and 21 days);
- the rules come grouped by chapter, in the book's order; the corrupt file and the other
  version are named and left out, in one line each, and the others load; a file loaded
  twice is left out; a learner with no name is "Learner 1";
- the rules most often missed, each learner's due rules and the costliest mistakes match
  the exports; without a ``mistakes`` list the page says so;
- the CSV (made in the page as a Blob) holds the same states and numbers;
- drag and drop and the file picker (reached with the keyboard) both load files;
- nothing is kept in the browser's storage, no request leaves 127.0.0.1, the console stays
  free of errors;
- at 390 px and 1280 px, light and dark: the page does not scroll sideways, the heat map
  scrolls inside its frame with a visible cue and its rule column stays in view, and
  axe-core finds no serious or critical violation (screenshots in book/_build/screenshots).
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.browser import PRACTISE, assert_clean, keep_screenshot
from tests.test_browser import answer, quiz_data
from tests.test_practice import index, new_page, settled, store
from tests.test_reader import SHOTS, _axe, _dark

pytestmark = pytest.mark.browser

#: the Progress page's thresholds of mastery (cardrules-quiz.js MASTERY, book/practice.md)
RECALL, STABILITY_DAYS = 0.9, 21
#: ts-fsrs's State.Review
REVIEW = 2
WORDS = {"new": "not started", "learning": "learning", "growing": "getting there",
         "due": "due", "mastered": "mastered"}
MISTAKES = [
    {"rule": "", "what": "Drew on seven", "cost": 2, "t": "2026-03-02T09:00:00Z"},
    {"rule": "", "what": "Drew on seven", "cost": 1.5},
    {"rule": "", "cost": 0.5},
    {"rule": "", "what": "Not counted", "cost": "lots"},  # no cost: left out
    {"what": "No rule"},  # left out
]


def when(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def level(rec: dict[str, Any] | None, at: datetime) -> str:
    """A rule's state worked out from the export alone. Before its stability has elapsed, a
    reviewed card's recall is above 90% (FSRS's stability is the time recall takes to fall to
    90%): the exports here are made so that every reviewed card is read inside that time."""
    if not rec or not rec["attempts"]:
        return "new"
    card = rec["card"]
    if when(card["due"]) <= at:
        return "due"
    if card["state"] == REVIEW:
        elapsed = at - when(card["last_review"])
        assert elapsed < timedelta(days=card["stability"]), "recall would be under 90%"
        return "mastered" if card["stability"] >= STABILITY_DAYS else "growing"
    return "learning"


def download(page: Any, button: str, to: Path) -> Path:
    with page.expect_download() as got:
        page.locator(button).click()
    got.value.save_as(to)
    return to


def export_progress(page: Any, site: str, to: Path, name: str | None) -> dict[str, Any]:
    """Export from the Progress page as a learner does, typing ``name`` first."""
    page.goto(f"{site}/progress.html")
    page.locator("button.cr-export").wait_for()
    if name is not None:
        page.locator("#cr-learner-name").fill(name)
        page.keyboard.press("Tab")
    download(page, "button.cr-export", to)
    return dict(json.loads(to.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def exports(browser: Any, site: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The learners' files, made in the browser, and the moment the teacher reads them."""
    folder = tmp_path_factory.mktemp("class")
    # Ada answers three quizzes of a chapter (right, wrong, right) and exports with her name.
    ctx, page, w = new_page(browser, clock=True)
    page.goto(f"{site}/punto-banco.html")
    quizzes = page.locator("[data-cr-quiz]")
    for i, right in ((0, True), (1, False), (2, True)):
        quiz = quizzes.nth(i)
        answer(quiz.locator(".cr-stage .cr-q"), quiz_data(quiz), right)
    settled(page)
    ada = export_progress(page, site, folder / "ada.json", "  Ada  ")
    assert ada["learner"] == "Ada", "the name, trimmed, is in the export"
    assert store(page)["learner"] == "Ada", "and kept with the progress"
    page.reload()
    assert page.locator("#cr-learner-name").input_value() == "Ada"
    assert not [u for u in w.requests if "Ada" in u], "the name is sent nowhere"
    idx = index(site, page)
    assert_clean(w)
    ctx.close()

    # Another learner practises for weeks on Punto Banco and Pontoon and types no name.
    rules = list(idx["rules"])
    banco = [r for r in rules if idx["rules"][r]["game"] == "banco" and r not in ada["rules"]]
    pontoon = [r for r in rules if idx["rules"][r]["game"] == "pontoon"]
    ctx, page, w = new_page(browser, clock=True)
    page.goto(f"{site}/progress.html")
    page.locator("button.cr-export").wait_for()
    at_ms = page.evaluate(PRACTISE, ["b", banco[0], pontoon[0], banco[1], pontoon[1], []])
    settled(page)
    second = export_progress(page, site, folder / "progress-2.json", None)
    assert "learner" not in second, "no name typed: no name in the file"
    assert_clean(w)
    ctx.close()

    text = (folder / "ada.json").read_text(encoding="utf-8")
    (folder / "broken.json").write_text(text[: len(text) // 2], encoding="utf-8")
    (folder / "newer.json").write_text('{"version": 2, "rules": {}}', encoding="utf-8")
    mistakes = [dict(m, rule=(pontoon[0] if i < 2 else banco[0])) if "rule" in m else m
                for i, m in enumerate(MISTAKES)]
    cy = dict(ada, learner="Cy", mistakes=mistakes)
    (folder / "cy.json").write_text(json.dumps(cy), encoding="utf-8")
    return {"folder": folder, "ada": ada, "second": second, "cy": cy, "index": idx,
            "at_ms": at_ms, "at": datetime.fromtimestamp(at_ms / 1000, UTC)}


#: what the page has in the browser's storage
STORAGE = """() => ({local: Object.entries(localStorage).sort(),
                    session: Object.entries(sessionStorage).sort()})"""


def open_class(browser: Any, site: str, at_ms: int, **ctx_args: Any) -> tuple[Any, Any, Any]:
    """The Class page in a teacher's fresh browser, its clock at ``at_ms``."""
    ctx, page, w = new_page(browser, clock=True, **ctx_args)
    page.goto(f"{site}/class.html")
    page.locator("#cr-class[data-cr-ready]").wait_for()
    page.evaluate("(t) => { window.__crT = t; }", at_ms)
    return ctx, page, w


def load(page: Any, files: list[Path], expect: str) -> None:
    page.locator("#cr-class-files").set_input_files([str(f) for f in files])
    page.locator("#cr-class .cr-status", has_text=expect).wait_for()


def drop(page: Any, files: dict[str, str]) -> None:
    """Drop files on the page as a file manager does (a DataTransfer of File objects)."""
    page.evaluate("""(files) => {
        const dt = new DataTransfer();
        for (const [name, text] of files) dt.items.add(new File([text], name, {type: "application/json"}));
        const zone = document.querySelector("#cr-class .cr-drop");
        const over = new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true});
        zone.dispatchEvent(over);
        window.__crOver = zone.classList.contains("cr-drop-over") && over.defaultPrevented;
        zone.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
    }""", list(files.items()))
    assert page.evaluate("() => window.__crOver"), "the drop zone shows it will take the files"


def heat_cells(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("""() => [...document.querySelectorAll("table.cr-heat td.cr-heat-cell")]
        .map((td) => ({rule: td.closest("tr").dataset.rule, learner: Number(td.dataset.learner),
                       level: td.dataset.level, right: Number(td.dataset.right),
                       attempts: Number(td.dataset.attempts),
                       word: td.querySelector(".cr-heat-word").textContent,
                       count: (td.querySelector(".cr-heat-count [aria-hidden]") || {}).textContent || "",
                       said: td.textContent,
                       chapter: td.closest("tbody").dataset.chapter}))"""))


def expected(class_: list[dict[str, Any]], at: datetime) -> dict[str, list[tuple[str, int, int]]]:
    """For each rule someone answered: (state, right, answers) of each learner, in order."""
    rules = {r for data in class_ for r, rec in data["rules"].items() if rec["attempts"]}
    out = {}
    for rid in rules:
        row = []
        for data in class_:
            rec = data["rules"].get(rid)
            row.append((level(rec, at), rec["right"] if rec else 0, rec["attempts"] if rec else 0))
        out[rid] = row
    return out


def test_class_page_shows_the_class_from_its_files(browser: Any, site: str,
                                                   exports: dict[str, Any]) -> None:
    folder, at, idx = exports["folder"], exports["at"], exports["index"]
    ctx, page, w = open_class(browser, site, exports["at_ms"])
    assert page.locator("#cr-class .cr-class-empty").inner_text() == "No file is loaded yet."
    before = page.evaluate(STORAGE)
    # The file picker is reached with the keyboard.
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "cr-class-files":
            break
    assert page.evaluate("() => document.activeElement.id") == "cr-class-files"

    load(page, [folder / "ada.json", folder / "progress-2.json", folder / "broken.json"],
         "Loaded 2 files")
    notes = page.locator("#cr-class .cr-class-notes li").all_inner_texts()
    assert notes == ["Left out broken.json: it is not a progress file (it is not JSON)."], notes
    names = page.locator("table.cr-heat thead th[data-learner]").all_inner_texts()
    assert names == ["Ada", "Learner 1"], names

    # Every cell against the exports.
    class_ = [exports["ada"], exports["second"]]
    want = expected(class_, at)
    cells = heat_cells(page)
    got: dict[str, list[tuple[str, int, int]]] = {}
    for c in sorted(cells, key=lambda c: c["learner"]):
        got.setdefault(c["rule"], []).append((c["level"], c["right"], c["attempts"]))
        assert c["word"] == WORDS[c["level"]], c
        assert c["count"] == (f"{c['right']}/{c['attempts']}" if c["attempts"] else ""), c
        if c["attempts"]:
            assert f"{c['right']} of {c['attempts']} right" in c["said"], "said in words too"
        assert c["chapter"] == idx["rules"][c["rule"]]["game"], c
    assert got == want
    assert {lv for row in want.values() for lv, _r, _a in row} == set(WORDS), \
        "every state shows in this class"
    chapters = page.locator("table.cr-heat tbody").evaluate_all(
        "els => els.map((b) => [b.dataset.chapter, b.querySelector('th[scope=rowgroup]').textContent])")
    assert [c for c, _t in chapters] == ["banco", "pontoon"], "the book's order"
    assert [t for _c, t in chapters] == [idx["chapters"][c]["title"] for c, _t in chapters]
    for rid, row in want.items():
        mastered = sum(lv == "mastered" for lv, _r, _a in row)
        assert page.locator(f"table.cr-heat tr[data-rule='{rid}'] .cr-heat-sum").inner_text() \
            == f"{mastered} of 2"
    assert page.locator("table.cr-heat th[scope=col]").count() == 4
    assert page.locator("table.cr-heat th[scope=row]").count() == len(want)

    # The rules most often missed, with their counts.
    wrong = {rid: sum(a - r for _lv, r, a in row) for rid, row in want.items()}
    missed = page.locator("table.cr-missed tbody tr").evaluate_all(
        "trs => trs.map((tr) => [tr.dataset.rule, Number(tr.querySelector('[data-wrong]').dataset.wrong),"
        " Number(tr.querySelector('[data-learners]').dataset.learners)])")
    assert {rid for rid, _n, _l in missed} == {rid for rid, n in wrong.items() if n}
    for rid, n, learners in missed:
        assert n == wrong[rid]
        assert learners == sum(a > r for _lv, r, a in want[rid])
    assert [n for _r, n, _l in missed] == sorted((n for _r, n, _l in missed), reverse=True)

    # Each learner's due rules.
    for i in range(2):
        due = sorted(rid for rid, row in want.items() if row[i][0] == "due")
        row = page.locator(f"table.cr-class-due tr[data-learner='{i}']")
        assert row.locator("[data-due]").get_attribute("data-due") == str(len(due))
        shown = row.locator("li[data-rule]").evaluate_all("lis => lis.map((li) => li.dataset.rule)")
        assert sorted(shown) == due
    assert "None of these files lists mistakes" in \
        page.locator("#cr-class .cr-class-no-mistakes").inner_text()

    # Dropped files add to the class: another version and a file loaded twice are left out,
    # the mistakes of the third are shown.
    drop(page, {name: (folder / name).read_text(encoding="utf-8")
                for name in ("newer.json", "cy.json", "ada.json")})
    page.locator("#cr-class .cr-status", has_text="Loaded 1 file: Cy.").wait_for()
    notes = page.locator("#cr-class .cr-class-notes li").all_inner_texts()
    assert notes == [
        "Left out newer.json: it is a progress file of another version (2); this page reads "
        "version 1.",
        "Cy: 2 mistakes without a rule or a cost were left out.",
        "Left out ada.json: it is the same as Ada's file, loaded already."], notes
    assert page.locator("table.cr-heat thead th[data-learner]").all_inner_texts() == \
        ["Ada", "Learner 1", "Cy"]
    rows = page.locator("table.cr-mistakes tbody tr").evaluate_all(
        "trs => trs.map((tr) => [tr.dataset.rule, tr.querySelector('th').textContent,"
        " Number(tr.querySelector('[data-times]').dataset.times),"
        " Number(tr.querySelector('[data-cost]').dataset.cost)])")
    mistakes = exports["cy"]["mistakes"]
    assert rows == [[mistakes[0]["rule"], "Drew on seven", 2, 3.5],
                    [mistakes[2]["rule"], idx["rules"][mistakes[2]["rule"]]["title"], 1, 0.5]]

    # The spreadsheet: the table's rules, with each learner's state and numbers.
    class_.append(exports["cy"])
    want = expected(class_, at)
    sheet = download(page, "button.cr-class-csv", folder / "class.csv").read_bytes()
    assert sheet.startswith(b"\xef\xbb\xbf"), "UTF-8 with its mark, for spreadsheets"
    table = list(csv.reader(io.StringIO(sheet.decode("utf-8-sig"), newline="")))
    head = ["Chapter", "Rule", "Rule id", "Mastered by"]
    for name in ("Ada", "Learner 1", "Cy"):
        head += [f"{name}: state", f"{name}: right", f"{name}: answers", f"{name}: next review"]
    assert table[0] == head
    assert sorted(r[2] for r in table[1:]) == sorted(want)
    for line in table[1:]:
        rid = line[2]
        assert line[0] == idx["chapters"][idx["rules"][rid]["game"]]["title"]
        assert line[1] == idx["rules"][rid]["title"]
        assert line[3] == str(sum(lv == "mastered" for lv, _r, _a in want[rid]))
        for i, data in enumerate(class_):
            state, right, answers, due = line[4 + 4 * i: 8 + 4 * i]
            lv, r, a = want[rid][i]
            assert (state, right, answers) == (WORDS[lv], str(r), str(a)), (rid, i, line)
            rec = data["rules"].get(rid)
            assert due == (when(rec["card"]["due"]).isoformat(timespec="milliseconds")
                           .replace("+00:00", "Z") if rec else "")

    # Nothing is kept: the storage holds what it held before the files came (the book
    # theme's light or dark), and the class goes with the tab.
    kept = page.evaluate(STORAGE)
    assert kept == before, f"stored: {kept}, before: {before}"
    assert not [k for k, v in kept["local"] if "cardrules" in k or "Ada" in v], kept
    page.reload()
    page.locator("#cr-class .cr-class-empty").wait_for()
    assert_clean(w)
    ctx.close()


def test_class_page_a_learner_is_removed_and_the_class_forgotten(browser: Any, site: str,
                                                                 exports: dict[str, Any]) -> None:
    folder = exports["folder"]
    ctx, page, w = open_class(browser, site, exports["at_ms"])
    load(page, [folder / "progress-2.json", folder / "ada.json"], "Loaded 2 files")
    assert page.locator("table.cr-heat thead th[data-learner]").all_inner_texts() == \
        ["Learner 1", "Ada"]
    page.get_by_role("button", name="Remove Learner 1").click()
    page.locator("#cr-class .cr-status", has_text="Learner 1 was removed").wait_for()
    assert page.locator("table.cr-heat thead th[data-learner]").all_inner_texts() == ["Ada"]
    assert page.evaluate("() => document.activeElement.id") == "cr-class-files"

    # Every rule of the book, answered or not, from the keyboard.
    page.locator("#cr-class-only").focus()
    page.keyboard.press("Space")
    rows = page.locator("table.cr-heat tbody tr[data-rule]")
    page.wait_for_function(f"() => document.querySelectorAll('table.cr-heat tr[data-rule]')"
                           f".length === {len(exports['index']['rules'])}")
    assert rows.locator("td.cr-heat-cell[data-level=new]").count() == \
        len(exports["index"]["rules"]) - len(exports["ada"]["rules"])
    assert page.evaluate("() => document.activeElement.id") == "cr-class-only"

    # A name a spreadsheet would run as a formula stays text in the CSV.
    sly = folder / "sly.json"
    sly.write_text(json.dumps(dict(exports["second"], learner="=SUM(1,2)")), encoding="utf-8")
    load(page, [sly], "Loaded 1 file: =SUM(1,2).")
    sheet = download(page, "button.cr-class-csv", folder / "sly.csv").read_text(encoding="utf-8-sig")
    head = next(csv.reader(io.StringIO(sheet, newline="")))
    assert head[-4:] == [f"'=SUM(1,2): {w}" for w in ("state", "right", "answers", "next review")]
    page.locator("button.cr-class-clear").click()
    page.locator("#cr-class .cr-class-empty").wait_for()
    assert_clean(w)
    ctx.close()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("width", [390, 1280])
def test_class_page_reads_at_every_width_in_both_modes(browser: Any, site: str,
                                                       exports: dict[str, Any], width: int,
                                                       dark: bool) -> None:
    folder = exports["folder"]
    ctx, page, w = open_class(browser, site, exports["at_ms"],
                              viewport={"width": width, "height": 900})
    if dark:
        _dark(page)
    load(page, [folder / n for n in ("ada.json", "progress-2.json", "cy.json", "broken.json")],
         "Loaded 3 files")
    fit = page.evaluate("""() => {
        const wrap = document.querySelector(".cr-heat-wrap"), table = wrap.querySelector("table");
        const column = document.querySelector("article.bd-article").getBoundingClientRect();
        const box = wrap.getBoundingClientRect();
        return {page: document.documentElement.scrollWidth, view: window.innerWidth,
                inside: box.left >= column.left - 1 && box.right <= column.right + 1,
                wide: table.scrollWidth > wrap.clientWidth + 1,
                cue: !document.querySelector(".cr-heat-cue").hidden};
    }""")
    assert fit["page"] <= fit["view"], f"the page scrolls sideways: {fit}"
    assert fit["inside"], f"the heat map stays in its column: {fit}"
    assert fit["cue"] == fit["wide"], f"the cue shows when the table scrolls: {fit}"
    if width == 390:
        assert fit["wide"], "three learners do not fit a phone: the table scrolls"
        # The keyboard scrolls the table; the rule column stays in view.
        rule = page.locator("table.cr-heat tbody th[scope=row]").first
        before = rule.bounding_box()
        page.locator(".cr-heat-wrap").focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.querySelector('.cr-heat-wrap').scrollLeft > 0")
        page.wait_for_function("() => document.querySelector('.cr-heat-frame')"
                               ".classList.contains('cr-more-left')")
        after = rule.bounding_box()
        assert abs(after["x"] - before["x"]) < 1, (before, after)
    else:
        assert not fit["wide"], "three learners fit a desktop"
    SHOTS.mkdir(parents=True, exist_ok=True)
    keep_screenshot(page, SHOTS / f"class-in-use-{width}-{'dark' if dark else 'light'}.png")
    _axe(page, f"the class page at {width} px, {'dark' if dark else 'light'}")
    assert_clean(w)
    ctx.close()
