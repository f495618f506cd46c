"""One small book for the teachers' browser tests, built once per test session: the
project's book config without the generated Reference, an intro page and two lessons built
by `cardrules lesson build` from specs a teacher might write:

- ``lessons/nasty``: every text field, and the house-rules file's name and description,
  hold a script or an ``onerror`` payload (with ``$`` signs and a MyST role);
- ``lessons/sticking``: a lesson at a house table that sticks on 16;
- ``lessons/dealer``: a lesson at a Casino Pontoon table whose dealer stands on soft 17, from
  a house-rules file that gives no name and no description.

One test reads them all (``tests/test_teacher_text_browser.py``), so that the book is built
once in a run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import BOOK, ROOT

BIN = Path(sys.executable).parent
#: warnings the small book may give: the live mode is not built there when the tests run
#: without `make book`, and the Reference's settings go unused
EXPECTED_WARNINGS = ("the live mode is not built", "unknown config value")

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"

TEXT = {
    "title": f"Title {IMG} {SCRIPT} $5",
    "audience": f"Audience {IMG} and {{math}}`x^2`",
    "duration": f"Time {SCRIPT}",
    "intro": f"Intro {IMG} Stakes are $5 to $10.",
}
NOTE = f"Note {SCRIPT} $1"
EXAMPLE = f"Hand {IMG}: AS 9D"
QUIZ_TITLE = f"Quiz {IMG}"
HOUSE_NAME = f"House {IMG} for $1 stakes"
HOUSE_DESCRIPTION = f"Desc {SCRIPT} {{math}}`x` $2"


STICKING = '''title = "Sticking at our table"
audience = "Year 9, after the lesson on card values."
profile = "house.toml"
rules = ["pontoon.hand-value", "pontoon.stick", "pontoon.stick.sixteen"]

[[quizzes]]
generator = "pontoon.hand-value.total"
count = 3
seed = 1

[[quizzes]]
generator = "pontoon.stick.may"
count = 3
seed = 2
'''


DEALER = '''title = "The dealer at our table"
profile = "soft17.toml"
rules = ["casino-pontoon.dealer", "casino-pontoon.stand"]

[[quizzes]]
generator = "casino-pontoon.dealer.draws"
count = 3
seed = 1
'''


def _specs(teacher: Path) -> list[Path]:
    (teacher / "house.toml").write_text(
        f'extends = "pontoon"\nname = {json.dumps(HOUSE_NAME)}\n'
        f"description = {json.dumps(HOUSE_DESCRIPTION)}\nmin_stick = 16\n", encoding="utf-8")
    (teacher / "sticking-house.toml").write_text(
        'extends = "pontoon"\nname = "House"\nmin_stick = 16\n', encoding="utf-8")
    nasty = teacher / "nasty.toml"
    nasty.write_text(
        "".join(f"{k} = {json.dumps(v)}\n" for k, v in TEXT.items())
        + 'profile = "house.toml"\n'
        f'rules = [{{ id = "pontoon.stick", note = {json.dumps(NOTE)}, '
        f'example = {json.dumps(EXAMPLE)} }}, "pontoon.stick.sixteen"]\n'
        f'[[quizzes]]\ngenerator = "pontoon.stick.may"\ncount = 2\nseed = 1\n'
        f"title = {json.dumps(QUIZ_TITLE)}\n", encoding="utf-8")
    sticking = teacher / "sticking.toml"
    sticking.write_text(STICKING.replace('profile = "house.toml"',
                                         'profile = "sticking-house.toml"'), encoding="utf-8")
    (teacher / "soft17.toml").write_text('extends = "casino-pontoon"\n'
                                         "dealer_hits_soft_17 = false\n", encoding="utf-8")
    dealer = teacher / "dealer.toml"
    dealer.write_text(DEALER, encoding="utf-8")
    return [nasty, sticking, dealer]


def build(tmp: Path) -> tuple[Path, str]:
    """Build the small book under ``tmp``: its HTML folder and the build's log."""
    teacher = tmp / "teacher"
    teacher.mkdir()
    project = tmp / "project"
    book = project / "book"
    book.mkdir(parents=True)
    for entry in ROOT.iterdir():
        if entry.name not in ("book", ".git"):
            (project / entry.name).symlink_to(entry)
    for entry in BOOK.iterdir():
        if entry.name.startswith("_") and entry.name not in ("_build", "_toc.yml", "_config.yml"):
            (book / entry.name).symlink_to(entry)
    # The book's config without the generated Reference part (slow, and not about lessons).
    config = (BOOK / "_config.yml").read_text(encoding="utf-8")
    (book / "_config.yml").write_text("".join(
        line for line in config.splitlines(keepends=True) if "cardref" not in line),
        encoding="utf-8")
    (book / "images").symlink_to(BOOK / "images")
    # The question banks are the book's: the small book reads them from the cache the book's
    # build filled (made from the same engine, so the same files), and makes only those of
    # the lessons' house rules, not every generator's again.
    banks = BOOK / "_build" / ".cardbanks"
    if banks.is_dir():
        (book / "_build").mkdir()
        (book / "_build" / ".cardbanks").symlink_to(banks)
    (book / "intro.md").write_text("# A class book\n\nOur lessons.\n", encoding="utf-8")
    (book / "_toc.yml").write_text("format: jb-book\nroot: intro\nparts:\n  - caption: Lessons\n"
                                   "    chapters:\n      - file: lessons/nasty\n"
                                   "      - file: lessons/sticking\n"
                                   "      - file: lessons/dealer\n", encoding="utf-8")
    for spec in _specs(teacher):
        done = subprocess.run([sys.executable, "-m", "quizzes.teach.cli", "lesson", "build",
                               str(spec), "--out", str(book / "lessons")], capture_output=True,
                              text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
    built = subprocess.run([str(BIN / "jupyter-book"), "build", str(book), "-n", "--keep-going"],
                           capture_output=True, text=True, timeout=600, check=False)
    log = built.stdout + built.stderr
    assert built.returncode == 0, log[-4000:]
    return book / "_build" / "html", log


def warnings_of(log: str) -> list[str]:
    """The build's warnings and errors, but for those :data:`EXPECTED_WARNINGS` names."""
    return [line for line in log.splitlines() if ("WARNING" in line or "ERROR" in line)
            and not any(e in line for e in EXPECTED_WARNINGS)]
