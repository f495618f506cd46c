"""Static quiz HTML for the published book (no kernel, no network).

Each question is written twice into the page: as its payload JSON (the format of the bank
files and the worker, :func:`quizzes.model.question.question_payload`), which the book's one quiz
renderer (``assets/cardrules-quiz.js``) draws and checks, one question at a time; and as
plain HTML for a reader without JavaScript: the prompt, the cards and the choices, a hint
behind "Hint", and the answer with its worked solution behind "Show the answer".  The plain HTML has no control that needs a script, so
nothing on it does nothing.  Once the renderer has read the payloads it hides the plain copy
and empties it, keeping each question's payload: a long chapter then has a quarter fewer
elements to lay out.

The quiz element records what it was made from, so that the bank files, the practice page
and the worker can make more of the same: ``data-cr-generators``, ``data-cr-profile`` (the
house rules' key) and ``data-cr-seed``; a profile that is not a shipped one travels with the
quiz as TOML in a ``<script type="application/json" class="cr-profile-toml">``.

>>> from quizzes.model.registry import bank
>>> html = render_bank(bank("banco.natural.spot", count=3, seed=1), title="Naturals",
...                    generators=["banco.natural.spot"], seed=1)
>>> html.count('class="cr-q"'), 'data-cr-quiz' in html, 'data-cr-generators="banco.natural.spot"' in html
(3, True, True)
>>> "Check my answer" in html  # the renderer draws the controls; the page has none of its own
False
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from html import escape
from typing import Any

from quizzes.model.question import Kind, Question, citation, question_payload, rule_title
from quizzes.static.svg import row_html


def _uid(questions: Sequence[Question], title: str) -> str:
    key = title + "|" + "|".join(q.id for q in questions)
    return "crq-" + hashlib.sha256(key.encode()).hexdigest()[:10]


#: what a page's payload leaves out of the bank files' format: the engine's reason as data,
#: which nothing in the page reads (the words made from it, the hint and the working, are
#: there), and the three texts the page's renderer makes from the working, the answer and
#: the rules' titles (``explanationOf`` and ``verdictOf`` in ``assets/cardrules-quiz.js``),
#: so that a chapter stays light
PAGE_LEAVES_OUT = ("reason", "explanation", "right", "wrong")


def payload(q: Question) -> dict[str, Any]:
    """The question's payload JSON as a page carries it: the one format of pages, bank
    files and the worker, less what ``PAGE_LEAVES_OUT`` names.

    >>> from quizzes.model.registry import make
    >>> p = payload(make("banco.natural.spot", seed=2))
    >>> p["kind"], p["rule_ids"], p["solution"] != [], "reason" in p, "right" in p
    ('yes/no', ['banco.natural'], True, False, False)
    """
    data = question_payload(q)
    for key in PAGE_LEAVES_OUT:
        data.pop(key, None)
    return data


def json_attribute(name: str, data: object) -> str:
    """``name='<json>'``: JSON in a single-quoted attribute, so that its many double quotes
    need no escaping (a third of a chapter's quiz data was ``&quot;``), its text as UTF-8.

    >>> print(json_attribute("data-q", {"prompt": "Tom's 10♦ <b>", "n": 1}))
    data-q='{"prompt":"Tom&#39;s 10♦ &lt;b>","n":1}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{name}='{text.replace('&', '&amp;').replace('<', '&lt;').replace(chr(39), '&#39;')}'"


def question_html(q: Question, uid: str, index: int, total: int) -> str:
    """One question as readable HTML: its hint behind "Hint", its answer and worked solution
    behind "Show the answer", and its payload.

    >>> from quizzes.model.registry import make
    >>> html = question_html(make("banco.natural.spot", seed=2), "crq-x", 0, 1)
    >>> "<details" in html and "<form" not in html and "data-q=" in html
    True
    >>> "<summary>Hint</summary>" in html, '<ol class="cr-working">' in html, "banco.natural<" in html
    (True, True, False)
    """
    name = f"{uid}-{index}"
    parts = [
        f'<div class="cr-q" data-index="{index}" {json_attribute("data-q", payload(q))}>',
        f'<p class="cr-q-number">Question {index + 1} of {total}</p>',
        f'<p class="cr-prompt" id="{name}-prompt">{escape(q.prompt)}</p>',
    ]
    for row in q.rows:
        parts.append(row_html(row))
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        many = " (one or more)" if len(q.correct) > 1 else ""
        parts.append(f'<p class="cr-hint">The choices{many}:</p><ul class="cr-choice-list">')
        parts.extend(f"<li>{escape(c)}</li>" for c in q.choices)
        parts.append("</ul>")
    elif q.kind is Kind.NUMERIC:
        unit = f" (in {escape(q.unit)})" if q.unit else ""
        parts.append(f'<p class="cr-hint">Answer with a number{unit}.</p>')
    else:
        label = q.rows[q.pick_row].label
        parts.append(f'<p class="cr-hint">Answer by naming cards of the row “{escape(label)}”.</p>')
    if q.hint:
        parts.append('<details class="cr-hint-reveal"><summary>Hint</summary>'
                     f"<p>{escape(q.hint)}</p></details>")
    steps = "".join(f"<li>{escape(step)}</li>" for step in q.solution)
    parts.append(
        '<details class="cr-reveal"><summary>Show the answer</summary>'
        f"<p><strong>Answer:</strong> {escape(q.answer_text)}.</p>"
        + (f'<p>The working:</p><ol class="cr-working">{steps}</ol>' if steps else "")
        + f"<p>{escape(citation(q.rule_ids))}</p></details>"
    )
    parts.append("</div>")
    return "".join(parts)


def render_bank(questions: Sequence[Question], title: str = "Quiz", *,
                generators: Sequence[str] = (), profile: str | None = None,
                profile_toml: str | None = None, seed: int | str | None = None) -> str:
    """A whole static quiz: the bank's questions and what they were made from.

    ``generators`` are the generator ids of the bank, ``profile`` the key of its house
    rules (None: the games' default rules) and ``profile_toml`` the house rules themselves
    when they are not a shipped profile.

    >>> from quizzes.model.registry import bank
    >>> qs = bank("banco.natural.spot", count=1, seed=1)
    >>> html = render_bank(qs, "N", profile="custom-0123456789", profile_toml='game = "banco"')
    >>> 'data-cr-profile="custom-0123456789"' in html, 'class="cr-profile-toml"' in html
    (True, True)
    >>> render_bank([])
    Traceback (most recent call last):
    ...
    ValueError: a quiz needs at least one question
    """
    if not questions:
        raise ValueError("a quiz needs at least one question")
    uid = _uid(questions, title)
    rules = sorted({rule_title(r) for q in questions for r in q.rule_ids})
    gens = list(dict.fromkeys(generators or [q.generator for q in questions]))
    body = "".join(question_html(q, uid, i, len(questions)) for i, q in enumerate(questions))
    attrs = f' data-cr-generators="{escape(" ".join(gens))}"'
    if profile:
        attrs += f' data-cr-profile="{escape(profile)}"'
    if seed is not None:
        attrs += f' data-cr-seed="{escape(str(seed))}"'
    toml = ""
    if profile_toml:
        # JSON in a script element: "</" is written "<\/" so the text cannot end the element.
        text = json.dumps(profile_toml).replace("</", "<\\/")
        toml = f'<script type="application/json" class="cr-profile-toml">{text}</script>'
    return (
        f'<section class="cr-quiz" id="{uid}" data-cr-quiz{attrs} aria-label="Quiz: {escape(title)}">'
        f'<h4 class="cr-quiz-title">Quiz: {escape(title)}</h4>'
        f'<p class="cr-quiz-about">{len(questions)} question{"" if len(questions) == 1 else "s"} '
        f"made and checked by the rules engine. Rules: {escape(', '.join(rules))}.</p>"
        f'{toml}<div class="cr-bank">{body}</div>'
        "</section>"
    )
