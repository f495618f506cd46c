"""The engine's side of the book's practice worker: make a question, check an answer.

The book runs this module in Pyodide inside a Web Worker (the page's script sends it
messages); it is pure Python and needs neither ipywidgets nor anything outside the
standard library.  Both functions take and return JSON text, so the worker passes
strings only:

- :func:`make` returns a question's payload as the bank files hold it
  (:func:`quizzes.model.question.question_payload`: the static quizzes' format, with ``asks``, the
  rule the question asks about);
- :func:`check` makes the same question again and lets the engine judge the answer
  (:meth:`quizzes.model.question.Question.check`): ``{"correct": bool, "message": str}``.

A profile travels as its TOML text (:func:`quizzes.model.banks.profile_toml`), a shipped
profile's name, or None for the generator's default rules.

The worker gets this code from the live mode's own copy of the project's wheel
(``lite/static/pyodide/``, its file named in ``pyodide-lock.json``; ``lite/build.py``
builds it), unpacked as it is: no second copy of the engine is shipped, and no other
package is needed.

>>> import json
>>> q = json.loads(make("banco.natural.spot", "w.1", None))
>>> q["generator"], q["seed"]
('banco.natural.spot', 'w.1')
>>> json.loads(check("banco.natural.spot", "w.1", None, json.dumps({"choices": q["correct"]})))["correct"]
True
"""

from __future__ import annotations

import json
from typing import Any

from quizzes.model.banks import profile_from
from quizzes.model.question import Kind, Question, question_payload
from quizzes.model.registry import check_game, get, make_with_key


def question(generator_id: str, seed: str | int, profile_toml: str | None = None) -> Question:
    """The question of a generator, seed and profile (the same every time).

    >>> q = question("pontoon.stick.may", "s", "pontoon-stick-16")
    >>> q.profile, "16 or more" in q.prompt
    ('pontoon-stick-16', True)
    """
    gen = get(generator_id)
    rules = profile_from(profile_toml, gen.profile)
    check_game(gen, rules)
    return make_with_key(gen, seed, rules)


def make(generator_id: str, seed: str | int, profile_toml: str | None = None) -> str:
    """A question's payload, as JSON text."""
    return json.dumps(question_payload(question(generator_id, seed, profile_toml)),
                      ensure_ascii=False)


def read_response(q: Question, response: Any) -> Any:
    """The learner's answer, from the worker's JSON form, as :meth:`Question.check` takes it:
    ``{"choices": [i, ...]}``, ``{"value": "7/2"}`` or ``{"cards": [i, ...]}``.

    >>> from quizzes.model.registry import make as make_q
    >>> read_response(make_q("banco.natural.spot", 1), {"value": "3"})
    Traceback (most recent call last):
    ...
    ValueError: a yes/no answer is {"choices": [index, ...]}, got {'value': '3'}
    """
    if not isinstance(response, dict):
        raise ValueError(f"an answer is a JSON object, got {response!r}")
    field, shape = {
        Kind.MULTIPLE_CHOICE: ("choices", '{"choices": [index, ...]}'),
        Kind.YES_NO: ("choices", '{"choices": [index, ...]}'),
        Kind.NUMERIC: ("value", '{"value": "a number"}'),
        Kind.PICK_CARDS: ("cards", '{"cards": [position, ...]}'),
    }[q.kind]
    if field not in response:
        raise ValueError(f"a {q.kind.value} answer is {shape}, got {response!r}")
    value = response[field]
    if field == "value":
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise ValueError(f"a numeric answer is a number or its text, got {value!r}")
        return value
    if not isinstance(value, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise ValueError(f"{field} must be a list of whole numbers, got {value!r}")
    return value


def check(generator_id: str, seed: str | int, profile_toml: str | None,
          response_json: str) -> str:
    """The engine's verdict on an answer, as JSON text ``{"correct", "message"}``.

    An answer the engine cannot read is not right; its message says what was expected
    (and ``"unreadable": true`` marks it).

    >>> check("banco.hand-value.total", "s", None, '{"value": "lots"}')  # doctest: +ELLIPSIS
    '{"correct": false, "message": "\\'lots\\' is not a number; ...", "unreadable": true}'
    """
    q = question(generator_id, seed, profile_toml)
    try:
        response = read_response(q, json.loads(response_json))
        if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO) and not response:
            raise ValueError("choose an answer first")
        verdict = q.check(response)
    except (ValueError, json.JSONDecodeError) as e:
        return json.dumps({"correct": False, "message": str(e), "unreadable": True},
                          ensure_ascii=False)
    return json.dumps({"correct": verdict.correct, "message": verdict.message},
                      ensure_ascii=False)
