"""Static, self-checking quiz HTML for the published book (no kernel, no network).

The bank's questions are rendered server-side.  With the small script
``assets/cardrules-quiz.js`` the quiz shows one question at a time and checks
answers in the browser; without JavaScript every question stays readable, with
its answer behind a "Show the answer" disclosure.  The verdict sentences are
the same ones :meth:`quizzes.core.Question.check` gives in Python.

>>> from quizzes.registry import bank
>>> html = render_bank(bank("banco.natural.spot", count=3, seed=1), title="Naturals")
>>> html.count('class="cr-q"'), 'data-cr-quiz' in html
(3, True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from html import escape

from .core import Kind, Question
from .svg import row_html


def _uid(questions: Sequence[Question], title: str) -> str:
    key = title + "|" + "|".join(q.id for q in questions)
    return "crq-" + hashlib.sha256(key.encode()).hexdigest()[:10]


def _verdicts(q: Question) -> tuple[str, str]:
    cite = "(Rule " + ", ".join(q.rule_ids) + ")"
    right = f"Right. {q.explanation} {cite}"
    wrong = f"Not right. The answer is: {q.answer_text}. {q.explanation} {cite}"
    return right, wrong


def question_html(q: Question, uid: str, index: int, total: int) -> str:
    """One question as a form with its feedback area and a no-script answer."""
    name = f"{uid}-{index}"
    data = q.to_json()
    data["right"], data["wrong"] = _verdicts(q)
    parts = [
        f'<div class="cr-q" data-index="{index}" data-q="{escape(json.dumps(data))}">',
        f'<p class="cr-q-number">Question {index + 1} of {total}</p>',
        f'<p class="cr-prompt" id="{name}-prompt">{escape(q.prompt)}</p>',
    ]
    for r, row in enumerate(q.rows):
        pickable = q.kind is Kind.PICK_CARDS and r == q.pick_row
        parts.append(row_html(row, pickable=pickable, name=name))
    parts.append(f'<form class="cr-form" aria-labelledby="{name}-prompt">')
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        kind = "radio" if len(q.correct) == 1 else "checkbox"
        parts.append('<fieldset class="cr-choices"><legend class="cr-sr">Choices</legend>')
        for i, choice in enumerate(q.choices):
            parts.append(
                f'<label class="cr-choice"><input type="{kind}" name="{name}" value="{i}"> '
                f"<span>{escape(choice)}</span></label>"
            )
        parts.append("</fieldset>")
    elif q.kind is Kind.NUMERIC:
        unit = f' <span class="cr-unit">{escape(q.unit)}</span>' if q.unit else ""
        parts.append(
            f'<label class="cr-numeric">Your answer: <input type="text" inputmode="decimal" '
            f'name="{name}" autocomplete="off" size="10">{unit}</label>'
        )
    else:
        parts.append('<p class="cr-hint">Tick the cards above, then check.</p>')
    parts.append('<button type="submit" class="cr-check">Check my answer</button></form>')
    parts.append('<div class="cr-feedback" role="status" aria-live="polite"></div>')
    parts.append(
        '<details class="cr-reveal"><summary>Show the answer</summary>'
        f"<p><strong>Answer:</strong> {escape(q.answer_text)}.</p>"
        f"<p>{escape(q.explanation)} (Rule {escape(', '.join(q.rule_ids))})</p></details>"
    )
    parts.append("</div>")
    return "".join(parts)


def render_bank(questions: Sequence[Question], title: str = "Quiz") -> str:
    """A whole static quiz: the bank's questions, navigation and feedback."""
    if not questions:
        raise ValueError("a quiz needs at least one question")
    uid = _uid(questions, title)
    rules = sorted({r for q in questions for r in q.rule_ids})
    body = "".join(question_html(q, uid, i, len(questions)) for i, q in enumerate(questions))
    return (
        f'<section class="cr-quiz" id="{uid}" data-cr-quiz aria-label="Quiz: {escape(title)}">'
        f'<h4 class="cr-quiz-title">Quiz: {escape(title)}</h4>'
        f'<p class="cr-quiz-about">{len(questions)} question{"" if len(questions) == 1 else "s"} '
        f"made and checked by the rules engine. Rules: {escape(', '.join(rules))}.</p>"
        f'<div class="cr-bank">{body}</div>'
        '<div class="cr-nav" hidden><button type="button" class="cr-prev">Previous</button> '
        '<button type="button" class="cr-next">Next question</button> '
        '<span class="cr-score" aria-live="polite"></span></div>'
        "</section>"
    )
