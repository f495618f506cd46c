"""Questions and their answers: the quiz layer's model, free of any display.

A question comes from a generator (see :mod:`quizzes.model.registry`) tied to rule
ids and a seed.  Its correct answer and explanation come from the engine; the
generator never types an answer by hand.  One question renders two ways: as a
live ipywidgets quiz (:mod:`quizzes.live.widgets`) and as static, self-checking
HTML (:mod:`quizzes.static.html`).

>>> q = Question(
...     generator="demo", seed=1, kind=Kind.YES_NO, prompt="Is 7 + 8 worth 5 in Punto Banco?",
...     rule_ids=("banco.natural",), choices=("Yes", "No"), correct=(0,),
...     explanation="Only the last digit counts: 15 is worth 5.",
... )
>>> q.check(0).correct, q.check("No").correct
(True, False)
>>> print(q.check("No").message)
Not right. The answer is: Yes. Only the last digit counts: 15 is worth 5. (Rule: Naturals)

A generator gives the engine's reason for the case (:class:`cardrules.reasons.Reason`)
instead of a written explanation: the explanation, the hint and the worked solution are then
all made from it (:mod:`quizzes.model.working`), and the reason travels with the question.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from cardrules import catalog
from cardrules.cards import Card, parse_card
from cardrules.errors import CardrulesError
from cardrules.reasons import Reason, to_data
from quizzes.model.working import render


class Kind(Enum):
    """The kinds of question."""

    MULTIPLE_CHOICE = "multiple choice"
    YES_NO = "yes/no"
    NUMERIC = "numeric"
    PICK_CARDS = "pick the cards"


@dataclass(frozen=True)
class CardRow:
    """A labelled row of cards shown with a question (a hand, the table...).

    ``greyed`` holds the positions drawn faded (cards that do not count).
    """

    label: str
    cards: tuple[Card, ...]
    greyed: frozenset[int] = frozenset()
    face_down: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Verdict:
    """The result of checking one answer: right or not, and why."""

    correct: bool
    message: str


Response = Any


@dataclass(frozen=True)
class Question:
    """One question with its engine-computed answer.

    - multiple choice and yes/no: ``choices`` and the indices in ``correct``;
    - numeric: any number from ``low`` to ``high`` (inclusive) is right;
    - pick the cards: the cards of row ``pick_row``; ``accepted`` lists every
      set of positions that is right (a capture can often be made two ways).

    ``judge`` optionally checks a response by calling the engine directly
    (used live); without it the precomputed answer decides.  ``profile`` is the key
    of the house rules it was asked under (:func:`quizzes.model.banks.profile_key`).

    ``reason`` is the engine's working for this case; with it, ``explanation`` (when left
    empty), ``hint`` and ``solution`` (the worked solution's steps) are made from it.
    Without one, the hint recalls the rule and the solution is the explanation.

    The verdict cites the question's rules once, by their titles: an engine explanation
    that names one of them ("... [rule casino.capture.numeral]") loses that citation, and
    one that names another rule says "(see the rule “...”)".
    """

    generator: str
    seed: int | str
    kind: Kind
    prompt: str
    rule_ids: tuple[str, ...]
    explanation: str
    rows: tuple[CardRow, ...] = ()
    choices: tuple[str, ...] = ()
    correct: tuple[int, ...] = ()
    low: Fraction | None = None
    high: Fraction | None = None
    unit: str = ""
    pick_row: int = 0
    accepted: tuple[frozenset[int], ...] = ()
    profile: str = ""
    judge: Callable[[Response], bool] | None = field(default=None, compare=False, repr=False)
    reason: Reason | None = None
    hint: str = ""
    solution: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.rule_ids:
            raise ValueError(f"question from {self.generator!r} cites no rule")
        explanation, hint, solution = self.explanation, self.hint, tuple(self.solution)
        if self.reason is not None:
            working = render(self.reason)
            explanation = explanation or working.text
            hint = hint or working.hint
            solution = solution or working.steps
        explanation = cite_once(explanation, self.rule_ids)
        object.__setattr__(self, "explanation", explanation)
        object.__setattr__(self, "hint", cite_once(hint, self.rule_ids) or rule_hint(self.rule_ids))
        object.__setattr__(self, "solution", tuple(cite_once(s, self.rule_ids) for s in solution)
                           or ((explanation,) if explanation else ()))
        if self.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            if len(self.choices) < 2 or not self.correct:
                raise ValueError(f"{self.generator}: a choice question needs choices and an answer")
            if any(not 0 <= i < len(self.choices) for i in self.correct):
                raise ValueError(f"{self.generator}: answer index out of range")
            if len(set(self.choices)) != len(self.choices):
                raise ValueError(f"{self.generator}: duplicate choices {self.choices}")
        elif self.kind is Kind.NUMERIC:
            if self.low is None or self.high is None or self.low > self.high:
                raise ValueError(f"{self.generator}: a numeric question needs low <= high")
        elif not self.rows or not 0 <= self.pick_row < len(self.rows) or not self.accepted:
            raise ValueError(f"{self.generator}: a pick question needs a row and answers")

    # -- the answer, in words ------------------------------------------------
    @property
    def answer_text(self) -> str:
        """The right answer in words."""
        if self.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            return " / ".join(self.choices[i] for i in self.correct)
        if self.kind is Kind.NUMERIC:
            assert self.low is not None and self.high is not None
            unit = f" {self.unit}" if self.unit else ""
            if self.low == self.high:
                return f"{format_number(self.low)}{unit}"
            return f"any amount from {format_number(self.low)} to {format_number(self.high)}{unit}"
        cards = self.rows[self.pick_row].cards
        ways = [" ".join(str(cards[i]) for i in sorted(s)) or "none" for s in self.accepted]
        return " or ".join(ways)

    @property
    def asks(self) -> str:
        """The one rule the question asks about: the first of its rules (the others it names
        are context).  Practice labels a question with it and credits an answer to it alone."""
        return self.rule_ids[0]

    @property
    def id(self) -> str:
        """A stable id: generator and seed."""
        return f"{self.generator}#{self.seed}"

    # -- checking ------------------------------------------------------------
    def is_correct(self, response: Response) -> bool:
        """Whether a response is right.  Raises ValueError on an unreadable one."""
        normal = self.normalize(response)
        if self.judge is not None:
            return bool(self.judge(normal))
        if self.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            return bool(normal == frozenset(self.correct))
        if self.kind is Kind.NUMERIC:
            assert self.low is not None and self.high is not None
            return bool(self.low <= normal <= self.high)
        return normal in self.accepted

    def check(self, response: Response) -> Verdict:
        """Check a response and say why, citing the rule.

        >>> q = Question("demo", 0, Kind.NUMERIC, "7 + 8?", ("banco.natural",), "15 counts 5.",
        ...              low=Fraction(5), high=Fraction(5))
        >>> q.check("5").message
        'Right. 15 counts 5. (Rule: Naturals)'
        """
        right_text, wrong_text = self.verdicts()
        if self.is_correct(response):
            return Verdict(True, right_text)
        return Verdict(False, wrong_text)

    def verdicts(self) -> tuple[str, str]:
        """The two verdict sentences, right and wrong, each citing the rules once, by their
        titles (the static quiz makes each a link to its rule).

        >>> q = Question("demo", 0, Kind.YES_NO, "Draw on 5?", ("banco.player-draw",),
        ...              "0-5 draw. [rule banco.player-draw]", choices=("Yes", "No"), correct=(0,))
        >>> q.verdicts()[1]
        "Not right. The answer is: Yes. 0-5 draw. (Rule: The player's rule)"
        """
        cite = citation(self.rule_ids)
        explanation = f"{self.explanation} " if self.explanation else ""
        return (f"Right. {explanation}{cite}",
                f"Not right. The answer is: {self.answer_text}. {explanation}{cite}")

    def normalize(self, response: Response) -> Any:
        """Read a learner's response into the form the answer is kept in."""
        if self.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            items = response if isinstance(response, (set, frozenset, list, tuple)) else [response]
            out = set()
            for item in items:
                if isinstance(item, int) and not isinstance(item, bool):
                    if not 0 <= item < len(self.choices):
                        raise ValueError(f"choice {item} is not between 0 and {len(self.choices) - 1}")
                    out.add(item)
                elif isinstance(item, str) and item in self.choices:
                    out.add(self.choices.index(item))
                else:
                    allowed = ", ".join(repr(c) for c in self.choices)
                    raise ValueError(f"{item!r} is not one of the choices: {allowed}")
            return frozenset(out)
        if self.kind is Kind.NUMERIC:
            return parse_number(response)
        cards = self.rows[self.pick_row].cards
        items = response if isinstance(response, (set, frozenset, list, tuple)) else [response]
        picked = set()
        for item in items:
            if isinstance(item, int) and not isinstance(item, bool):
                if not 0 <= item < len(cards):
                    raise ValueError(f"card position {item} is not between 0 and {len(cards) - 1}")
                picked.add(item)
            else:
                card = item if isinstance(item, Card) else parse_card(str(item))
                spots = [i for i, c in enumerate(cards) if c == card and i not in picked]
                if not spots:
                    raise ValueError(f"{card} is not on the table")
                picked.add(spots[0])
        return frozenset(picked)

    def to_json(self) -> dict[str, Any]:
        """The question as plain data, for the static quiz's JavaScript."""
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind.value,
            "prompt": self.prompt,
            "rules": list(self.rule_ids),
            "explanation": self.explanation,
            "hint": self.hint,
            "solution": list(self.solution),
            "answer": self.answer_text,
        }
        if self.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            data["choices"] = list(self.choices)
            data["correct"] = list(self.correct)
        elif self.kind is Kind.NUMERIC:
            assert self.low is not None and self.high is not None
            data["low"] = float(self.low)
            data["high"] = float(self.high)
            data["unit"] = self.unit
        else:
            data["pickRow"] = self.pick_row
            data["accepted"] = [sorted(s) for s in self.accepted]
        return data


_RULE_IDS = r"[a-z][\w-]*(?:\.[\w-]+)+(?:, [a-z][\w-]*(?:\.[\w-]+)+)*"
_CITATION = re.compile(rf"\s*(?:\[rule ({_RULE_IDS})\]|\(Rule ({_RULE_IDS})\))")


def rule_title(rule_id: str) -> str:
    """A rule's title, as a learner reads it (the catalog's; never the raw id of a rule
    the catalog has).

    >>> rule_title("banco.natural")
    'Naturals'
    """
    try:
        return catalog.rule(rule_id).title
    except (CardrulesError, KeyError, ValueError):
        return rule_id


def citation(rule_ids: Sequence[str]) -> str:
    """The verdict's citation of the rules, by title: ``(Rule: Naturals)``, ``(Rules: Naturals;
    The deal)``.

    >>> citation(["banco.natural", "banco.deal"])
    '(Rules: Naturals; The deal)'
    """
    titles = [rule_title(r) for r in rule_ids]
    return f"(Rule{'s' if len(titles) > 1 else ''}: {'; '.join(titles)})"


def rule_hint(rule_ids: Sequence[str]) -> str:
    """The hint of a question without a reason: the statement of its first rule.

    >>> rule_hint(["banco.natural"]).startswith("Recall the rule “Naturals”: A two-card")
    True
    """
    try:
        rule = catalog.rule(rule_ids[0])
    except (CardrulesError, KeyError, ValueError, IndexError):
        return ""
    return f"Recall the rule “{rule.title}”: {rule.statement}"


def cite_once(text: str, rule_ids: Sequence[str]) -> str:
    """An explanation without citations of ``rule_ids`` (the verdict cites them once).

    A citation of another rule stays, by its title: "(see the rule “...”)".

    >>> cite_once("8 takes 5+3. [rule casino.capture.numeral]", ["casino.capture.numeral"])
    '8 takes 5+3.'
    >>> cite_once("Ann stays. [rule palace.stay] Then Bob.", ["palace.end.two-left"])
    'Ann stays. (see the rule “Staying”) Then Bob.'
    >>> cite_once("Bet small (Rule of thumb: 2 chips).", ["palace.stakes"])
    'Bet small (Rule of thumb: 2 chips).'
    """

    def one(m: re.Match[str]) -> str:
        ids = [i.strip() for i in (m.group(1) or m.group(2)).split(",")]
        others = [i for i in ids if i not in rule_ids]
        if not others:
            return ""
        titles = listed_titles([rule_title(i) for i in others])
        return f" (see the rule{'s' if len(others) > 1 else ''} {titles})"

    return re.sub(r" {2,}", " ", _CITATION.sub(one, text)).strip()


def listed_titles(titles: Sequence[str]) -> str:
    """Rule titles in quotes, joined with "and".

    >>> listed_titles(["Staying", "Folding on your turn"])
    '“Staying” and “Folding on your turn”'
    """
    quoted = [f"“{t}”" for t in titles]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _number_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def question_payload(q: Question) -> dict[str, Any]:
    """The question as JSON-safe data: the one format of static pages, bank files and the
    worker (cards as codes, numbers as exact strings such as ``"7/2"``), with both verdicts.

    Besides the fields every reader of the format knows, it carries ``rule_titles`` (each
    rule's title, in the order of ``rule_ids``), ``hint``, ``solution`` (the worked
    solution's steps) and ``reason`` (the engine's reason as data,
    :func:`cardrules.reasons.to_data`, or None).

    >>> q = numeric("demo", 3, "7 + 8?", ["banco.natural"], 5, None, "15 counts 5.")
    >>> p = question_payload(q)
    >>> p["kind"], p["low"], p["high"], p["answer_text"], p["right"]
    ('numeric', '5', '5', '5', 'Right. 15 counts 5. (Rule: Naturals)')
    >>> p["rule_titles"], p["solution"], p["reason"]
    (['Naturals'], ['15 counts 5.'], None)
    """
    right, wrong = q.verdicts()
    data: dict[str, Any] = {
        "id": q.id,
        "generator": q.generator,
        "seed": q.seed,
        "kind": q.kind.value,
        "prompt": q.prompt,
        "rule_ids": list(q.rule_ids),
        "rule_titles": [rule_title(r) for r in q.rule_ids],
        "rows": [{"label": r.label, "cards": [c.code for c in r.cards],
                  "greyed": sorted(r.greyed), "face_down": sorted(r.face_down)} for r in q.rows],
        "choices": list(q.choices),
        "correct": list(q.correct),
        "low": None if q.low is None else _number_text(q.low),
        "high": None if q.high is None else _number_text(q.high),
        "unit": q.unit,
        "pick_row": q.pick_row,
        "accepted": [sorted(a) for a in q.accepted],
        "answer_text": q.answer_text,
        "explanation": q.explanation,
        "hint": q.hint,
        "solution": list(q.solution),
        "reason": None if q.reason is None else to_data(q.reason),
        "right": right,
        "wrong": wrong,
        "profile": q.profile,
        "asks": q.asks,
    }
    return data


def seen_key(q: Question) -> tuple[object, ...]:
    """What a learner sees of a question: two questions with the same key are the same
    question (face-down cards are hidden, so they do not count).

    >>> from cardrules.cards import parse_cards
    >>> a = numeric("d", 0, "Add?", ["pontoon.buy"], 1, 2, "", [CardRow("Ann", parse_cards("3D 10S"),
    ...             face_down=frozenset({0, 1}))])
    >>> b = numeric("d", 1, "Add?", ["pontoon.buy"], 1, 2, "", [CardRow("Ann", parse_cards("9D 7D"),
    ...             face_down=frozenset({0, 1}))])
    >>> seen_key(a) == seen_key(b)
    True
    """
    rows = tuple((r.label, tuple(None if i in r.face_down else c for i, c in enumerate(r.cards)),
                  tuple(sorted(r.greyed))) for r in q.rows)
    return (q.kind, q.prompt, rows, q.choices, q.unit)


def parse_number(response: Response) -> Fraction:
    """Read a number a learner typed: ``12``, ``12.5``, ``9/2``, ``1,000``.

    >>> parse_number("9/2"), parse_number(" 1,000 "), parse_number(3)
    (Fraction(9, 2), Fraction(1000, 1), Fraction(3, 1))
    >>> parse_number("lots")
    Traceback (most recent call last):
    ...
    ValueError: 'lots' is not a number; type digits such as 12, 12.5 or 9/2
    """
    if isinstance(response, bool):
        raise ValueError(f"{response!r} is not a number")
    if isinstance(response, (int, Fraction)):
        return Fraction(response)
    if isinstance(response, float):
        if not math.isfinite(response):
            raise ValueError(f"{response!r} is not a finite number")
        return Fraction(response).limit_denominator(10**6)
    text = str(response).strip().replace(",", "").replace(" ", "")
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            f"{response!r} is not a number; type digits such as 12, 12.5 or 9/2"
        ) from None


def format_number(x: Fraction | int | float) -> str:
    """A number for learners: whole numbers plain, others to two decimals.

    >>> format_number(Fraction(19, 2)), format_number(Fraction(10)), format_number(0.126)
    ('9.50', '10', '0.13')
    """
    f = Fraction(x).limit_denominator(10**9) if isinstance(x, float) else Fraction(x)
    if f.denominator == 1:
        return str(f.numerator)
    return f"{float(f):.2f}"


Explained = str | Reason
"""What a builder takes as the question's explanation: a written one, or the engine's reason
for the case (the explanation, hint and worked solution are then made from it)."""


def _explained(explanation: Explained) -> dict[str, Any]:
    if isinstance(explanation, Reason):
        return {"explanation": "", "reason": explanation}
    return {"explanation": explanation}


def choice_question(
    generator: str,
    seed: int | str,
    prompt: str,
    rule_ids: Sequence[str],
    choices: Sequence[str],
    answer: str,
    explanation: Explained,
    rows: Sequence[CardRow] = (),
    kind: Kind = Kind.MULTIPLE_CHOICE,
) -> Question:
    """A one-answer choice question, the answer given as the text of a choice.

    >>> choice_question("demo", 0, "Who wins?", ["banco.result"], ["Player", "Banker", "Tie"],
    ...                 "Tie", "6 against 6.").correct
    (2,)
    """
    return Question(
        generator=generator, seed=seed, kind=kind, prompt=prompt, rule_ids=tuple(rule_ids),
        rows=tuple(rows), choices=tuple(choices), correct=(list(choices).index(answer),),
        **_explained(explanation),
    )


def yes_no(
    generator: str, seed: int | str, prompt: str, rule_ids: Sequence[str], answer: bool,
    explanation: Explained, rows: Sequence[CardRow] = (),
) -> Question:
    """A yes/no question.

    >>> yes_no("demo", 0, "Does the player draw on 5?", ["banco.player-draw"], True, "0-5 draw.").answer_text
    'Yes'
    """
    return choice_question(generator, seed, prompt, rule_ids, ("Yes", "No"),
                           "Yes" if answer else "No", explanation, rows, Kind.YES_NO)


def numeric(
    generator: str, seed: int | str, prompt: str, rule_ids: Sequence[str],
    low: Fraction | int, high: Fraction | int | None, explanation: Explained,
    rows: Sequence[CardRow] = (), unit: str = "",
) -> Question:
    """A numeric question: any answer from ``low`` to ``high`` is right.

    >>> numeric("demo", 0, "Total?", ["banco.natural"], 5, None, "15 counts 5.").answer_text
    '5'
    """
    return Question(
        generator=generator, seed=seed, kind=Kind.NUMERIC, prompt=prompt, rule_ids=tuple(rule_ids),
        rows=tuple(rows), low=Fraction(low), high=Fraction(low if high is None else high),
        unit=unit, **_explained(explanation),
    )


def pick_cards(
    generator: str, seed: int | str, prompt: str, rule_ids: Sequence[str], rows: Sequence[CardRow],
    accepted: Sequence[frozenset[int]], explanation: Explained, pick_row: int = 0,
    judge: Callable[[Response], bool] | None = None,
) -> Question:
    """A pick-the-cards question: ``accepted`` lists every right set of positions.

    >>> from cardrules.cards import parse_cards
    >>> q = pick_cards("demo", 0, "Which cards make 8?", ["casino.capture.numeral"],
    ...                [CardRow("Table", parse_cards("5C 3D 9H"))], [frozenset({0, 1})], "5+3=8.")
    >>> q.check(["5C", "3D"]).correct, q.check([2]).correct
    (True, False)
    """
    return Question(
        generator=generator, seed=seed, kind=Kind.PICK_CARDS, prompt=prompt,
        rule_ids=tuple(rule_ids), rows=tuple(rows), pick_row=pick_row,
        accepted=tuple(frozenset(a) for a in accepted), judge=judge, **_explained(explanation),
    )
