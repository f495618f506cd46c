"""A lesson's printable worksheet: card pictures, spaces to answer, an answer key."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from html import escape
from pathlib import Path

from cardrules.cards import parse_cards
from cardrules.catalog import house_reading, statement
from cardrules.changes import changes, game_title
from cardrules.errors import CardrulesError
from cardrules.profiles import Profile
from quizzes.model.question import CardRow, Kind, Question, citation
from quizzes.pages.text import render as teacher_text
from quizzes.static.svg import card_svg
from quizzes.teach.files import check_writable, seed_in_name, write_all, write_file
from quizzes.teach.spec import Lesson, QuizItem, SpecError, load_spec

# -- the worksheet ---------------------------------------------------------------------------

WORKSHEET_CSS = """
@page { size: A4; margin: 14mm 14mm 16mm 14mm; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10.5pt;
  color: #111; line-height: 1.35; }
h1 { font-size: 18pt; margin: 0 0 2mm 0; }
h2 { font-size: 13.5pt; border-bottom: 1.5px solid #24406e; margin: 6mm 0 2mm 0; }
h3 { font-size: 11.5pt; margin: 4mm 0 1mm 0; }
.ws-who { display: flex; gap: 6mm; margin: 3mm 0; }
.ws-who span { flex: 1; border-bottom: 1px solid #555; padding-top: 5mm; font-size: 9pt; }
.ws-sub { color: #444; margin: 0; }
.ws-seat { margin: 1mm 0; }
.ws-rule { break-inside: avoid; border-left: 3px solid #24406e; padding: 0 0 0 3mm;
  margin: 2mm 0; }
.ws-rule p { margin: 0.5mm 0; }
.ws-house { font-size: 9.5pt; color: #5a3200; }
.ws-changes { margin: 1mm 0 2mm 0; }
.ws-changes ul { margin: 0.5mm 0 0 0; }
.ws-played { font-size: 9pt; font-weight: normal; font-style: italic; color: #5a3200; }
.ws-id { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; color: #444; }
.ws-q { break-inside: avoid; border-top: 1px solid #c5ccd8; padding: 2mm 0 3mm 0; }
.ws-qn { font-weight: bold; }
.ws-prompt { font-weight: 600; margin: 1mm 0; }
.cr-row { display: flex; align-items: center; gap: 3mm; margin: 1mm 0; }
.cr-row-label { min-width: 22mm; font-weight: 600; font-size: 9.5pt; }
.cr-cards { display: flex; gap: 1.5mm; flex-wrap: wrap; }
.ws-choices { display: flex; flex-wrap: wrap; gap: 1.5mm 7mm; margin: 1mm 0 0 2mm; }
.ws-hint { margin: 1mm 0 0 0; font-size: 9pt; color: #444; }
.ws-quiz { break-inside: avoid; }
.ws-box { display: inline-block; width: 3.2mm; height: 3.2mm; border: 1px solid #222;
  margin-right: 2mm; vertical-align: -0.4mm; }
.ws-line { display: inline-block; min-width: 60mm; border-bottom: 1px solid #222;
  height: 6mm; margin-left: 2mm; }
.ws-key { break-before: page; }
.ws-key li { break-inside: avoid; margin: 0 0 2.5mm 0; }
.ws-key ol { padding-left: 0; list-style: none; }
.ws-why { color: #333; }
.ws-key ol.ws-working { list-style: decimal; padding-left: 6mm; margin: 0.5mm 0; color: #333; }
.ws-key ol.ws-working li { margin: 0; }
"""


def _answer_space(q: Question) -> str:
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        tick = "Tick every right answer." if len(q.correct) > 1 else "Tick one."
        boxes = "".join(f'<span class="ws-choice"><span class="ws-box"></span>{escape(c)}</span>'
                        for c in q.choices)
        return f'<p class="ws-hint">{tick}</p><div class="ws-choices">{boxes}</div>'
    if q.kind is Kind.NUMERIC:
        unit = f" {escape(q.unit)}" if q.unit else ""
        return f'<p>Answer:<span class="ws-line"></span>{unit}</p>'
    label = escape(q.rows[q.pick_row].label)
    return f'<p>Write the cards you pick from {label}:<span class="ws-line"></span></p>'


def worksheet_questions(lesson: Lesson, group: int | str | None = None
                        ) -> list[tuple[QuizItem, list[Question]]]:
    """Each quiz of the lesson with its questions (a ``group`` seed gives another set)."""
    return [(q, lesson.questions(q, group)) for q in lesson.quizzes]


_YOU = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def seat_names(game: str, profile: Profile) -> tuple[str, ...]:
    """The names of a game's seats, at every table size it allows (its house seats, such
    as Punto Banco's Player and Banker hands, are not seats); () when the game does not
    say.

    >>> from cardrules.profiles import load_rules
    >>> seat_names("banco", load_rules("punto-banco"))[:2]
    ('Seat 1', 'Seat 2')
    """
    from cardrules import game as registry

    try:
        table = registry.get(game)
    except (CardrulesError, ImportError):
        return ()
    names: list[str] = []
    for players in (None, *range(1, 11)):
        with contextlib.suppress(CardrulesError, ValueError, TypeError):
            names += [n for n in table.seats(profile, players) if n not in names]
    return tuple(names)


def learner_seat(q: Question, seats: Sequence[str]) -> str | None:
    """The seat the learner plays in a question that speaks to "you" and names seats: the
    first seat the answer's explanation (or a row of cards) names that the prompt does not,
    since the prompt calls it "you".  None when the question does not say "you" or names no
    seat.

    >>> q = Question("casino.x", 1, Kind.YES_NO, "South's build of 7 is on the table. May "
    ...              "you take it?", ("casino.build.capture",), "North plays 7♦ and takes "
    ...              "South's build of 7.", choices=("Yes", "No"), correct=(0,))
    >>> learner_seat(q, ("North", "East", "South", "West"))
    'North'
    """
    if not _YOU.search(q.prompt):
        return None
    texts = [q.explanation, *(r.label for r in q.rows)]
    found: list[tuple[int, int, str]] = []
    for seat in seats:
        word = re.compile(rf"(?<!\w){re.escape(seat)}(?!\w)")
        if word.search(q.prompt):
            continue
        hits = [(i, m.start()) for i, t in enumerate(texts) if (m := word.search(t))]
        if hits:
            found.append((*min(hits), seat))
    return min(found)[2] if found else None


def _seat_note(seat: str, whole_sheet: bool = False) -> str:
    more = (" Each question that says \u201cyou\u201d means that seat, and the answer key "
            "calls it by its name." if whole_sheet else "")
    return f'<p class="ws-seat"><strong>You are {escape(seat)}.</strong>{more}</p>'


def changes_html(profile: Profile) -> str:
    """What a worksheet's table changes from the standard game, each beside the standard
    value, in the game's words; a sentence when it changes nothing.

    >>> from cardrules.profiles import load_rules
    >>> changes_html(load_rules("pontoon-stick-16"))
    '<div class="ws-changes"><p>House rules at this table, beside the standard game of Pontoon:</p><ul><li>Sticking: 16 or more (standard: 15 or more)</li></ul></div>'
    """
    found = changes(profile)
    title = escape(game_title(profile.game))
    if not found:
        return f'<p class="ws-changes">Every rule as the standard game of {title} plays it.</p>'
    items = "".join(f"<li>{escape(c.line)}</li>" for c in found)
    return (f'<div class="ws-changes"><p>House rules at this table, beside the standard game of '
            f"{title}:</p><ul>{items}</ul></div>")


def rule_html(rule_id: str, profile: Profile) -> str:
    """A rule as a worksheet prints it: its title, its statement as the table plays it and its
    house reading, a house rule marked as one (the box is closed by the caller).

    >>> from cardrules.profiles import load_rules
    >>> "at least 16 (house rule; the standard game: 15 or more)" in rule_html(
    ...     "pontoon.stick", load_rules("pontoon-stick-16"))
    True
    """
    from cardrules.catalog import rule

    r = rule(rule_id)
    text, house = statement(r.id, profile)
    reading = house_reading(r.id, profile)
    played = ' <span class="ws-played">(a house rule at this table)</span>' if house else ""
    out = (f'<div class="ws-rule"><h3>{escape(r.title)}{played} '
           f'<span class="ws-id">[{escape(r.id)}]</span></h3><p>{escape(text)}</p>')
    if reading:
        out += f'<p class="ws-house"><strong>House reading.</strong> {escape(reading)}</p>'
    return out


def worksheet_html(lesson: Lesson, group: int | str | None = None) -> tuple[str, int]:
    """The worksheet as a printable HTML page, and how many questions it asks."""
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(lesson.title)}: worksheet</title><style>{WORKSHEET_CSS}</style>",
        "</head><body>",
        f"<h1>{escape(lesson.title)}</h1>",
        f'<p class="ws-sub">Worksheet. Rules: {escape(lesson.profile.name or lesson.profile.game)}'
        + (f". Group {escape(str(group))}" if group is not None else "") + ".</p>",
        '<div class="ws-who"><span>Name</span><span>Class</span><span>Date</span></div>',
        "<h2>The rules</h2>",
        changes_html(lesson.profile),
    ]
    for item in lesson.rules:
        parts.append(rule_html(item.id, lesson.profile))
        if item.note:
            parts.append(markdown_html(item.note))
        for line in item.example:
            label, cards = line.split(":", 1)
            parts.append(_sheet_row(CardRow(label.strip(), parse_cards(cards)), size=34))
        parts.append("</div>")
    parts.append("<h2>Questions</h2>")
    asked = worksheet_questions(lesson, group)
    seats = seat_names(lesson.profile.game, lesson.profile)
    played = {id(q): learner_seat(q, seats) for _quiz, qs in asked for q in qs} if seats else {}
    different = {s for s in played.values() if s is not None}
    if len(different) == 1:  # one seat for the whole sheet: say it once
        parts.append(_seat_note(different.pop(), whole_sheet=True))
        played = {}
    key: list[str] = []
    number = 0
    for quiz, questions in asked:
        heading = f"<h3>{escape(quiz.display_title())}</h3>"
        for i, q in enumerate(questions):
            number += 1
            rows = "".join(_sheet_row(r) for r in q.rows)
            seat = played.get(id(q))
            box = (f'<div class="ws-q"><span class="ws-qn">Question {number}.</span> '
                   + (_seat_note(seat) if seat else "")
                   + f'<p class="ws-prompt">{_keep_ranges(escape(q.prompt))}</p>{rows}'
                   f"{_answer_space(q)}</div>")
            # the quiz's heading stays on the page of its first question
            parts.append(f'<div class="ws-quiz">{heading}{box}</div>' if i == 0 else box)
            steps = "".join(f"<li>{_keep_ranges(escape(step))}</li>" for step in q.solution)
            key.append(
                f'<li><span class="ws-qn">{number}. Answer: {escape(q.answer_text)}.</span> '
                f'<ol class="ws-working">{steps}</ol>'
                f'<span class="ws-why">{escape(citation(q.rule_ids))}</span></li>')
    parts.append('<section class="ws-key"><h2>Answer key</h2>')
    parts.append(f"<p>{escape(lesson.title)}"
                 + (f", group {escape(str(group))}" if group is not None else "")
                 + ". Each answer with its worked solution, step by step, from the rules "
                 "engine.</p>")
    parts.append("<ol>" + "".join(key) + "</ol></section></body></html>")
    return "".join(parts), number


def _keep_ranges(html: str) -> str:
    """Ranges such as 0-5 kept on one line.

    >>> _keep_ranges("draws on 0-5")
    'draws on <span style="white-space:nowrap">0-5</span>'
    """
    return re.sub(r"\b(\d+-\d+)\b", r'<span style="white-space:nowrap">\1</span>', html)


def markdown_html(text: str) -> str:
    """A teacher's text as HTML: escaped, with the small Markdown subset of
    :mod:`quizzes.pages.text` (emphasis, bold, http/https/mailto links, lists).

    >>> markdown_html("Worth **5**, *baccara* is `0`.\\n\\nNext <b>$1</b>.")
    '<p>Worth <strong>5</strong>, <em>baccara</em> is `0`.</p><p>Next &lt;b&gt;$1&lt;/b&gt;.</p>'
    """
    return teacher_text(text, "html")


def _sheet_row(row: CardRow, size: int = 40) -> str:
    cards = "".join(card_svg(c, greyed=i in row.greyed, face_down=i in row.face_down, size=size)
                    for i, c in enumerate(row.cards))
    return (f'<div class="cr-row"><div class="cr-row-label">{escape(row.label)}</div>'
            f'<div class="cr-cards">{cards or "(no cards)"}</div></div>')


# -- printing with headless Chromium ----------------------------------------------------------

CHROMIUM_ARGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)


def find_chromium() -> str:
    """Debian's Chromium (or ``$CARDRULES_CHROMIUM``), used to print worksheets."""
    env = os.environ.get("CARDRULES_CHROMIUM")
    if env:
        return env
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SpecError("lesson print", None, "printing needs Chromium (apt-get install chromium, "
                    "or set CARDRULES_CHROMIUM to its path); or write the worksheet as HTML "
                    "with --html and print it from any browser")


def _footer(title: str) -> str:
    return ('<div style="font-size:8px;width:100%;text-align:center;color:#555;">'
            f'{escape(title)} &middot; page <span class="pageNumber"></span> of '
            '<span class="totalPages"></span></div>')


def html_to_pdf(html: str, out: Path, title: str = "", engine: str = "auto") -> None:
    """Print an HTML page to a PDF file with headless Chromium.

    ``engine`` is ``"playwright"`` (page footer with page numbers), ``"chromium"``
    (the browser's own ``--print-to-pdf``) or ``"auto"`` (Playwright when installed).
    The PDF appears at ``out`` only when it is complete.
    """
    exe = find_chromium()
    out = Path(out)
    if engine == "auto":
        try:
            import playwright.sync_api  # noqa: F401
            engine = "playwright"
        except ImportError:
            engine = "chromium"
    with tempfile.TemporaryDirectory(prefix="cardrules-print-") as tmp:
        page = Path(tmp) / "worksheet.html"
        write_file(page, html)
        pdf = Path(tmp) / "worksheet.pdf"
        if engine == "playwright":
            from playwright.sync_api import Error as PlaywrightError
            from playwright.sync_api import sync_playwright

            try:
                with sync_playwright() as p:
                    browser = p.chromium.launch(executable_path=exe, args=list(CHROMIUM_ARGS))
                    try:
                        tab = browser.new_page()
                        tab.goto(page.as_uri())
                        tab.pdf(path=str(pdf), format="A4", print_background=True,
                                prefer_css_page_size=True, display_header_footer=True,
                                header_template="<span></span>",
                                footer_template=_footer(title))
                    finally:
                        browser.close()
            except PlaywrightError as e:
                raise SpecError("lesson print", None, f"Chromium ({exe}) could not print: "
                                f"{str(e).strip().splitlines()[0]}") from None
        elif engine == "chromium":
            cmd = [exe, *CHROMIUM_ARGS, "--no-pdf-header-footer",
                   f"--user-data-dir={Path(tmp) / 'profile'}", f"--print-to-pdf={pdf}",
                   page.as_uri()]
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
            if done.returncode != 0 or not pdf.is_file():
                raise SpecError("lesson print", None, f"Chromium could not print: "
                                f"{done.stderr.strip()[-500:]}")
        else:
            raise ValueError(f"engine must be auto, playwright or chromium; got {engine!r}")
        if not pdf.is_file() or not pdf.read_bytes().startswith(b"%PDF"):
            raise SpecError("lesson print", None, "Chromium made no PDF")
        write_all({out: pdf.read_bytes()})


def worksheet_name(lesson: Lesson, group: int | str | None, suffix: str = ".pdf") -> str:
    """The default file name of a worksheet.  A group seed in it is made of a–z, A–Z, 0–9
    and dashes (at most 64), so that it names a file in the current folder and no other;
    any other seed is refused (give the file's name with ``-o`` to use it).

    >>> from quizzes.teach.spec import load_spec
    >>> lesson = load_spec("examples/punto-banco-in-20-minutes.toml")
    >>> worksheet_name(lesson, "group-2")
    'punto-banco-in-20-minutes-worksheet-group-group-2.pdf'
    >>> worksheet_name(lesson, "/../../x")
    Traceback (most recent call last):
    ...
    quizzes.teach.SpecError: --seed: "/../../x" cannot be part of the worksheet's file name: a seed there is made of a–z, A–Z, 0–9 and dashes (at most 64); or give the file's name with -o
    """
    return f"{lesson.slug}-worksheet{seed_in_name(group, 'worksheet')}{suffix}"


def print_worksheet(spec: str | Path, out: str | Path | None = None,
                    group: int | str | None = None, html_only: bool = False,
                    engine: str = "auto") -> tuple[Path, int]:
    """Make a lesson's worksheet as a PDF (or HTML); returns its path and question count."""
    lesson = load_spec(spec)
    target = Path(out) if out is not None else Path.cwd() / worksheet_name(
        lesson, group, ".html" if html_only else ".pdf")
    check_writable(target, "-o")
    html, count = worksheet_html(lesson, group)
    if html_only:
        write_all({target: html})
    else:
        html_to_pdf(html, target, lesson.title, engine)
    return target, count
