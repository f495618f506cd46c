"""A lesson's questions for a school's LMS: a QTI 2.1 package or a Moodle XML file.

``cardrules lesson export SPEC --format qti|moodle`` writes every quiz of the lesson as a
pool of questions that the LMS draws from (:mod:`~quizzes.teach.qti`,
:mod:`~quizzes.teach.moodle`).  Each question keeps the engine's answer, so that the LMS
scores it, its right and wrong feedback (the engine's verdicts), the worked solution (the
explanation, which is every step of the question's worked solution joined) and its card pictures,
embedded in the file with the cards' names as text alternatives.

The same lesson and seed give the same bytes: nothing in the file depends on the time, and
the parts of a package are written in a fixed order with fixed dates.  The file is written
safely (:func:`~quizzes.teach.files.write_all`), by default next to the spec.

>>> from quizzes.teach.spec import load_spec
>>> lesson = load_spec("examples/punto-banco-in-20-minutes.toml")
>>> export_name(lesson, "qti", None), export_name(lesson, "moodle", "group-2")
('punto-banco-in-20-minutes-qti.zip', 'punto-banco-in-20-minutes-moodle-group-group-2.xml')
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

from cardrules.cards import Card
from cardrules.profiles import shown
from quizzes.model.question import CardRow, Question
from quizzes.static.svg import card_svg
from quizzes.teach.files import check_writable, seed_in_name, write_all
from quizzes.teach.spec import Lesson, QuizItem, SpecError, load_spec
from quizzes.teach.worksheet import worksheet_questions

#: the formats, with the suffix of their file and the words the command prints
FORMATS = {"qti": (".zip", "QTI 2.1 package"), "moodle": (".xml", "Moodle XML file")}

#: the width of a card picture in a question, in CSS pixels (its height follows)
CARD_WIDTH = 48


@dataclass(frozen=True)
class Pool:
    """One quiz of the lesson as a pool of questions: its number in the spec (1, 2...),
    its title and its questions."""

    number: int
    quiz: QuizItem
    title: str
    questions: tuple[Question, ...]

    @property
    def key(self) -> str:
        """The quiz's key in the spec, as errors name it: ``quizzes[2]``."""
        return f"quizzes[{self.number}]"


def lesson_pools(lesson: Lesson, group: int | str | None = None) -> list[Pool]:
    """Every quiz of the lesson with its questions (a ``group`` seed gives another set)."""
    return [Pool(n, quiz, quiz.display_title(), tuple(questions))
            for n, (quiz, questions) in enumerate(worksheet_questions(lesson, group), 1)]


def refuse(lesson: Lesson, pool: Pool, problem: str) -> SpecError:
    """The one-line error for a quiz that a format cannot hold: the spec, the quiz's key and
    title, and what to do."""
    return SpecError(str(lesson.path), pool.key, f"{shown(pool.title)}: {problem}")


# -- card pictures ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Picture:
    """A card's picture as a file: its name, its SVG, its text alternative, its size."""

    name: str
    svg: bytes
    alt: str
    width: int
    height: int


def card_picture(card: Card, *, greyed: bool = False, face_down: bool = False) -> Picture:
    """One card's picture file (a face-down card shows its back, whatever it is).

    >>> from cardrules.cards import parse_card
    >>> p = card_picture(parse_card("10D"), greyed=True)
    >>> p.name, p.alt, p.width, p.height
    ('10D-greyed.svg', 'ten of diamonds (does not count)', 48, 67)
    >>> card_picture(parse_card("AS"), face_down=True).name
    'back.svg'
    """
    if face_down:
        name, alt = "back.svg", "a face-down card"
    else:
        name = f"{card.code}{'-greyed' if greyed else ''}.svg"
        alt = card.name + (" (does not count)" if greyed else "")
    svg = card_svg(card, greyed=greyed and not face_down, face_down=face_down, size=CARD_WIDTH)
    data = ('<?xml version="1.0" encoding="UTF-8"?>\n' + svg + "\n").encode("utf-8")
    return Picture(name, data, alt, CARD_WIDTH, round(CARD_WIDTH * 84 / 60))


def row_pictures(row: CardRow) -> list[Picture]:
    """The pictures of a row of cards, in order."""
    return [card_picture(c, greyed=i in row.greyed, face_down=i in row.face_down)
            for i, c in enumerate(row.cards)]


# -- numbers -----------------------------------------------------------------------------------

def decimal_text(x: Fraction, rounding: str = ROUND_FLOOR) -> str:
    """A number as plain decimal digits, exactly when it has a finite decimal form, else
    rounded to 6 places in the direction given (down for a lower bound, up for an upper
    one, so that the range keeps every right answer).

    >>> decimal_text(Fraction(19, 2)), decimal_text(Fraction(-40)), decimal_text(Fraction(1, 8))
    ('9.5', '-40', '0.125')
    >>> decimal_text(Fraction(1, 3)), decimal_text(Fraction(1, 3), ROUND_CEILING)
    ('0.333333', '0.333334')
    """
    if x.denominator == 1:
        return str(x.numerator)
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    with localcontext() as ctx:
        ctx.prec = 60
        value = Decimal(x.numerator) / Decimal(x.denominator)
        if d != 1:  # no finite decimal form
            value = value.quantize(Decimal("0.000001"), rounding=rounding)
    text = format(value.normalize(), "f")
    return text


def bounds_text(low: Fraction, high: Fraction) -> tuple[str, str]:
    """A numeric answer's range as decimal digits, widened outwards where it must be."""
    return decimal_text(low, ROUND_FLOOR), decimal_text(high, ROUND_CEILING)


# -- writing -----------------------------------------------------------------------------------

def export_name(lesson: Lesson, fmt: str, group: int | str | None) -> str:
    """The default file name of an export.  A group seed in it is made of a–z, A–Z, 0–9 and
    dashes (at most 64), as for worksheets; any other seed is refused (give the file's name
    with ``-o`` to use it).

    >>> from quizzes.teach.spec import load_spec
    >>> export_name(load_spec("examples/punto-banco-in-20-minutes.toml"), "qti", "../x")
    Traceback (most recent call last):
    ...
    quizzes.teach.SpecError: --seed: "../x" cannot be part of the export's file name: a seed there is made of a–z, A–Z, 0–9 and dashes (at most 64); or give the file's name with -o
    """
    return f"{lesson.slug}-{fmt}{seed_in_name(group, 'export')}{FORMATS[fmt][0]}"


def export_bytes(lesson: Lesson, fmt: str, group: int | str | None = None) -> tuple[bytes, int]:
    """A lesson's questions in a format (``qti`` or ``moodle``), and how many there are."""
    if fmt == "qti":
        from quizzes.teach.qti import qti_package

        return qti_package(lesson, group)
    if fmt == "moodle":
        from quizzes.teach.moodle import moodle_xml

        return moodle_xml(lesson, group)
    raise SpecError("--format", None, f"must be one of {', '.join(FORMATS)}; got {shown(fmt)}")


def export_lesson(spec: str | Path, fmt: str, out: str | Path | None = None,
                  group: int | str | None = None) -> tuple[Path, int, int]:
    """Write a lesson's questions for an LMS; returns the file, the number of questions and
    the number of pools (quizzes).  The default file is next to the spec."""
    if fmt not in FORMATS:
        raise SpecError("--format", None, f"must be one of {', '.join(FORMATS)}; got "
                        f"{shown(fmt)}")
    lesson = load_spec(spec)
    target = Path(out) if out is not None else Path(spec).parent / export_name(lesson, fmt,
                                                                                group)
    check_writable(target, "-o")
    data, count = export_bytes(lesson, fmt, group)
    write_all({target: data})
    return target, count, len(lesson.quizzes)

