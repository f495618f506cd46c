"""The quiz layer: every generator's questions are answered by the engine and checked right."""

from __future__ import annotations

import json
from fractions import Fraction

import nbformat
import pytest
from nbclient import NotebookClient

from quizzes import Kind, all_generators, bank, make
from quizzes.core import Question
from quizzes.html import render_bank
from quizzes.notebook import quiz

GENERATORS = sorted(g.id for g in all_generators())


def wrong_response(q: Question) -> object:
    """An answer the question must refuse."""
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        return next(i for i in range(len(q.choices)) if i not in q.correct)
    if q.kind is Kind.NUMERIC:
        assert q.high is not None
        return q.high + 1
    n = len(q.rows[q.pick_row].cards)
    for size in range(n + 1):
        import itertools

        for combo in itertools.combinations(range(n), size):
            if frozenset(combo) not in q.accepted and (q.judge is None or not q.judge(
                    frozenset(combo))):
                return list(combo)
    raise AssertionError("every pick is accepted")


def right_response(q: Question) -> object:
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        return list(q.correct) if len(q.correct) > 1 else q.correct[0]
    if q.kind is Kind.NUMERIC:
        return str(q.low)
    return sorted(q.accepted[0])


@pytest.mark.parametrize("gen_id", GENERATORS)
def test_quiz_generator_questions_are_answered_by_the_engine(gen_id: str) -> None:
    for seed in range(12):
        q = make(gen_id, seed=seed)
        assert q == make(gen_id, seed=seed), "the same seed must give the same question"
        assert q.generator == gen_id and q.rule_ids and q.explanation.strip()
        assert q.check(right_response(q)).correct, (q.prompt, q.answer_text)
        verdict = q.check(wrong_response(q))
        assert not verdict.correct and q.answer_text in verdict.message
        assert all(r in verdict.message for r in q.rule_ids)
        data = json.loads(json.dumps(q.to_json()))
        assert data["kind"] == q.kind.value


@pytest.mark.parametrize("gen_id", GENERATORS)
def test_quiz_generator_varies_with_the_seed(gen_id: str) -> None:
    prompts = {(make(gen_id, seed=s).prompt, make(gen_id, seed=s).rows) for s in range(15)}
    assert len(prompts) > 1, f"{gen_id} asks the same question for every seed"


def test_quiz_numeric_accepts_typed_forms() -> None:
    q = make("banco.payouts.net", seed=3)
    assert q.low is not None
    assert q.check(str(q.low)).correct
    assert q.check(Fraction(q.low)).correct
    with pytest.raises(ValueError, match="not a number"):
        q.check("lots")


def test_quiz_bank_is_distinct_and_reproducible() -> None:
    b1 = bank(["banco.third-card.decide"], count=10, seed=4)
    b2 = bank(["banco.third-card.decide"], count=10, seed=4)
    assert b1 == b2 and len(b1) == 10
    assert len({(q.prompt, q.rows) for q in b1}) == 10


def test_quiz_static_html_carries_the_engine_answers() -> None:
    qs = bank("banco.hand-value.total", count=4, seed=2)
    html = render_bank(qs, "Totals")
    assert html.count('class="cr-q"') == 4
    for q in qs:
        assert f"Answer:</strong> {q.answer_text}." in html
    assert "aria-live" in html and "<details" in html


def test_quiz_object_has_live_and_static_representations() -> None:
    bundle = quiz("banco.natural.spot", count=3, seed=1)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "data-cr-quiz" in bundle["text/html"]


def test_quiz_live_widget_checks_with_the_engine() -> None:
    from quizzes.widgets import LiveQuiz

    live = LiveQuiz(["banco.third-card.decide", "banco.hand-value.total"], seed=9)
    for _ in range(4):
        q = live.question
        v = live.answer(right_response(q))
        assert v.correct and "✔" in live.feedback.value
        v = live.answer(wrong_response(q))
        assert not v.correct and "✘" in live.feedback.value and "Not right" in live.feedback.value
        live.next_button.click()


KERNEL_CELLS = [
    "from quizzes.widgets import LiveQuiz\n"
    "live = LiveQuiz(['banco.natural.spot'], seed=11)\nlive",
    "q = live.question\n"
    "live.set_response(q.choices[q.correct[0]])\n"
    "live.check_button.click()\n"
    "print('RIGHT' if 'Right.' in live.feedback.value else 'WRONG', live.feedback.value)",
    "wrong = [c for i, c in enumerate(q.choices) if i not in q.correct][0]\n"
    "live.set_response(wrong)\n"
    "live.check_button.click()\n"
    "print('RIGHT' if 'Right.' in live.feedback.value else 'WRONG', live.feedback.value)",
]


@pytest.mark.notebook
def test_quiz_widget_in_a_kernel_shows_the_engine_verdict() -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in KERNEL_CELLS]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    widget_out = nb.cells[0].outputs[0]["data"]
    assert "application/vnd.jupyter.widget-view+json" in widget_out
    right = nb.cells[1].outputs[0]["text"]
    wrong = nb.cells[2].outputs[0]["text"]
    assert right.startswith("RIGHT") and "Rule banco.natural" in right
    assert wrong.startswith("WRONG") and "Not right" in wrong
