"""A lesson's questions as one Moodle XML file, for a course's question bank.

The file::

    <quiz>
      <question type="category">   one per quiz of the lesson, named
                                   $course$/top/<lesson title>/<N>. <quiz title>, so that a
                                   Moodle quiz can take a random question from each
      <question type="...">        its questions, each with its answer, its right and wrong
                                   feedback, the engine's explanation as general feedback
                                   (the worked solution) and its card pictures as base64
                                   <file> elements, shown by @@PLUGINFILE@@ references with
                                   the card's name as alt text
      ...
    </quiz>

The kinds of question:

- multiple choice and yes/no: ``multichoice``, the choices in the engine's order (not
  shuffled: "Nobody, Player only, Banker only, Both" reads in order).  Yes/no keeps its own
  words "Yes" and "No" (Moodle's ``truefalse`` would show "True" and "False", which the
  questions and the engine's verdicts do not say).  With several right choices, each right
  one scores its share and a wrong one takes the whole mark away;
- numeric: ``numerical``, the middle of the engine's range with the tolerance that reaches
  both ends, any other answer (``*``) wrong; the unit is printed after the question;
- pick the cards: refused.  Moodle has no core question that scores a set of cards all or
  nothing with more than one right set, as the engine does (a capture can often be made two
  ways): the error names the quiz, whatever the seed (it goes by the quiz's generators);
  such a lesson goes to ``--format qti``, or a quiz of several kinds keeps the others with
  ``kinds = ...``.

Question and answer texts are HTML (``format="html"``): every text of the engine or of the
teacher is HTML-escaped first, then XML-escaped by the writer.
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from fractions import Fraction
from html import escape

from quizzes.model.question import Kind, Question
from quizzes.teach.export import (
    Picture,
    Pool,
    bounds_text,
    decimal_text,
    lesson_pools,
    refuse,
    row_pictures,
)
from quizzes.teach.spec import Lesson

#: the marks Moodle accepts for an answer, in percent (its grade options)
MOODLE_FRACTIONS = {
    Fraction(1, n): text for n, text in (
        (1, "100"), (2, "50"), (3, "33.33333"), (4, "25"), (5, "20"), (6, "16.66667"),
        (7, "14.28571"), (8, "12.5"), (9, "11.11111"), (10, "10"), (20, "5"))
}


def category_path(lesson: Lesson, pool: Pool) -> str:
    """The category of a quiz in the course's question bank; a slash in a title is doubled,
    as Moodle reads it.

    >>> from quizzes.teach.spec import load_spec
    >>> from quizzes.teach.export import lesson_pools
    >>> lesson = load_spec("examples/punto-banco-in-20-minutes.toml")
    >>> category_path(lesson, lesson_pools(lesson)[2])
    '$course$/top/Punto Banco in 20 minutes/3. Naturals and who draws'
    """
    def part(text: str) -> str:
        return " ".join(text.split()).replace("/", "//")

    return f"$course$/top/{part(lesson.title)}/{pool.number}. {part(pool.title)}"


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, attrs)
    if text is not None:
        el.text = text
    return el


def _text(parent: ET.Element, tag: str, html: str,
          pictures: dict[str, Picture] | None = None) -> ET.Element:
    """``<tag format="html"><text>html</text><file .../></tag>``."""
    el = _sub(parent, tag, format="html")
    _sub(el, "text", html)
    for name in sorted(pictures or {}):
        assert pictures is not None
        _sub(el, "file", base64.b64encode(pictures[name].svg).decode("ascii"), name=name,
             path="/", encoding="base64")
    return el


def _img(p: Picture) -> str:
    return (f'<img src="@@PLUGINFILE@@/{escape(p.name)}" alt="{escape(p.alt)}" '
            f'width="{p.width}" height="{p.height}">')


def _feedback(q: Question) -> tuple[str, str, str]:
    """The right and wrong feedback and the general feedback (the worked solution): the
    engine's two verdicts, whose common end (the explanation, citing the rules) becomes the
    general feedback, so that Moodle does not show it twice."""
    right, wrong = q.verdicts()
    solution = right.removeprefix("Right. ")
    if solution != right and wrong.endswith(solution):
        return "Right.", wrong[: len(wrong) - len(solution)].strip(), solution
    return right, wrong, ""


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def question_xml(quiz: ET.Element, q: Question, name: str) -> None:
    """One question of a kind Moodle can hold (not pick the cards) into ``<quiz>``."""
    pictures: dict[str, Picture] = {}
    html = [_p(q.prompt)]
    for row in q.rows:
        pics = row_pictures(row)
        pictures.update((p.name, p) for p in pics)
        cards = "".join(_img(p) for p in pics) or "(no cards)"
        html.append(f"<p><strong>{escape(row.label)}</strong></p><p>{cards}</p>")
    if q.kind is Kind.NUMERIC and q.unit:
        html.append(f"<p>Answer in {escape(q.unit)}.</p>")
    moodle_type = "numerical" if q.kind is Kind.NUMERIC else "multichoice"
    el = _sub(quiz, "question", type=moodle_type)
    _sub(_sub(el, "name"), "text", name)
    _text(el, "questiontext", "".join(html), pictures)
    right, wrong, solution = _feedback(q)
    _text(el, "generalfeedback", _p(solution) if solution else "")
    _sub(el, "defaultgrade", "1")
    _sub(el, "penalty", "0")
    _sub(el, "hidden", "0")
    if q.kind is Kind.NUMERIC:
        assert q.low is not None and q.high is not None
        low, high = bounds_text(q.low, q.high)
        mid, half = (Fraction(low) + Fraction(high)) / 2, (Fraction(high) - Fraction(low)) / 2
        for value, tolerance, mark, said in ((decimal_text(mid), decimal_text(half), "100",
                                              right), ("*", "0", "0", wrong)):
            answer = _sub(el, "answer", fraction=mark, format="moodle_auto_format")
            _sub(answer, "text", value)
            _sub(answer, "tolerance", tolerance)
            _text(answer, "feedback", _p(said))
        _sub(el, "unitgradingtype", "0")
        _sub(el, "unitpenalty", "0")
        _sub(el, "showunits", "3")  # no unit to type: the number alone is marked
        _sub(el, "unitsleft", "0")
        return
    several = len(q.correct) > 1
    _sub(el, "single", "false" if several else "true")
    _sub(el, "shuffleanswers", "false")
    _sub(el, "answernumbering", "abc")
    _sub(el, "showstandardinstruction", "0")
    _text(el, "correctfeedback", _p(right))
    _text(el, "partiallycorrectfeedback", _p(wrong))
    _text(el, "incorrectfeedback", _p(wrong))
    if several:
        _sub(el, "shownumcorrect")
    share = MOODLE_FRACTIONS[Fraction(1, len(q.correct))]
    for i, choice in enumerate(q.choices):
        mark = (share if several else "100") if i in q.correct else ("-100" if several else "0")
        answer = _sub(el, "answer", fraction=mark, format="html")
        _sub(answer, "text", escape(choice))
        _text(answer, "feedback", "")


def check_pool(lesson: Lesson, pool: Pool) -> None:
    """Refuse a quiz that Moodle cannot hold, naming it: pick-the-cards questions (by the
    quiz's generators, so that every seed gives the same answer), or several right choices
    whose shares Moodle has no mark for."""
    from quizzes.model.registry import get

    if any(get(g).kind is Kind.PICK_CARDS for g in pool.quiz.generators) or any(
            q.kind is Kind.PICK_CARDS for q in pool.questions):
        raise refuse(lesson, pool, "asks pick-the-cards questions, which Moodle cannot mark "
                     "as the engine does (a set of cards, often with more than one right "
                     "set); export this lesson with --format qti, or leave the quiz out "
                     "(a quiz of several kinds keeps the others with kinds = "
                     '"multiple choice, yes/no, numeric")')
    for q in pool.questions:
        if len(q.correct) > 1 and Fraction(1, len(q.correct)) not in MOODLE_FRACTIONS:
            raise refuse(lesson, pool, f"a question has {len(q.correct)} right choices, and "
                         "Moodle has no mark for each one's share; export this lesson with "
                         "--format qti")


def moodle_xml(lesson: Lesson, group: int | str | None = None) -> tuple[bytes, int]:
    """The lesson's questions as a Moodle XML file, and how many questions it holds."""
    pools = lesson_pools(lesson, group)
    for pool in pools:
        check_pool(lesson, pool)
        for q in pool.questions:
            if q.kind not in (Kind.MULTIPLE_CHOICE, Kind.YES_NO, Kind.NUMERIC):
                raise refuse(lesson, pool, f"its {q.kind.value} questions cannot be written "
                             "as Moodle questions; export this lesson with --format qti")
    quiz = ET.Element("quiz")
    count = 0
    for pool in pools:
        category = _sub(quiz, "question", type="category")
        _sub(_sub(category, "category"), "text", category_path(lesson, pool))
        _text(category, "info", _p(f"{pool.title} (from the lesson {lesson.title}): the "
                                   "cardrules engine made these questions, with their answers; "
                                   "a quiz may draw one of them at random."))
        for n, q in enumerate(pool.questions, 1):
            question_xml(quiz, q, f"{pool.title} ({n})")
            count += 1
    ET.indent(quiz, space="  ")
    text: str = ET.tostring(quiz, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8"), count
