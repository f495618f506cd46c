"""The quiz layer: every generator's questions are answered by the engine and checked right."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import nbformat
import pytest
from nbclient import NotebookClient

from cardrules import game as cardrules_game
from cardrules.catalog import rule, rule_ids
from cardrules.errors import IllegalAction
from cardrules.rng import Rng
from quizzes import Kind, all_generators, bank, make
from quizzes.live.notebook import quiz
from quizzes.live.play import adapter, adapters, available_games
from quizzes.model.question import Question
from quizzes.static.html import render_bank
from tests.conftest import ROOT
from tests.support import page_payloads

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
        # the rules are cited by their titles, never by their raw ids
        assert all(f"{rule(r).title}" in verdict.message for r in q.rule_ids)
        assert not any(r in verdict.message for r in q.rule_ids), verdict.message
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
    assert "<details" in html
    # the renderer draws each question from its payload (the verdict area is made in the page)
    payloads = page_payloads(html)
    assert [p["answer_text"] for p in payloads] == [q.answer_text for q in qs]


def test_quiz_object_has_live_and_static_representations() -> None:
    bundle = quiz("banco.natural.spot", count=3, seed=1)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "data-cr-quiz" in bundle["text/html"]


def test_quiz_live_widget_checks_with_the_engine() -> None:
    from quizzes.live.widgets import LiveQuiz

    live = LiveQuiz(["banco.third-card.decide", "banco.hand-value.total"], seed=9)
    for _ in range(4):
        q = live.question
        v = live.answer(right_response(q))
        assert v.correct and "✔" in live.feedback.value
        v = live.answer(wrong_response(q))
        assert not v.correct and "✘" in live.feedback.value and "Not right" in live.feedback.value
        live.next_button.click()


def test_quiz_live_widget_gives_a_hint_and_the_working_and_marks_the_answers() -> None:
    from html import escape

    from quizzes.live.widgets import LiveQuiz

    live = LiveQuiz(["banco.third-card.decide", "banco.hand-value.total"], seed=3)
    for _ in range(2):
        q = live.question
        assert live.help.value == "" and live.hint_button.description == "Hint"
        live.hint_button.click()
        assert escape(q.hint) in live.help.value and live.hint_button.description == "Hide the hint"
        live.working_button.click()  # the working replaces the hint
        assert all(escape(s) in live.help.value for s in q.solution)
        assert live.working_button.description == "Hide the working"
        assert live.hint_button.description == "Hint"
        live.working_button.click()
        assert live.help.value == ""
        wrong = wrong_response(q)
        live.answer(wrong)
        text = live.feedback.value
        assert f"✔ The answer: <strong>{escape(q.answer_text)}</strong>" in text
        assert "Your answer: " in text and not any(r in text for r in q.rule_ids)
        live.next_button.click()


KERNEL_CELLS = [
    "from quizzes.live.widgets import LiveQuiz\n"
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
    assert right.startswith("RIGHT") and "(Rule: Naturals)" in right
    assert wrong.startswith("WRONG") and "Not right" in wrong


# -- the quiz layer without ipywidgets ---------------------------------------------------------
WIDGET_MODULES = ("quizzes.live.table", "quizzes.live.widgets")

NO_WIDGETS = """
import importlib, pkgutil, sys
sys.modules["ipywidgets"] = None  # any `import ipywidgets` now raises ImportError
import quizzes
names = sorted(m.name for m in pkgutil.walk_packages(quizzes.__path__, "quizzes."))
for name in names:
    if name in WIDGETS:
        try:
            importlib.import_module(name)
        except ImportError:
            continue
        raise SystemExit(f"{name} imported although ipywidgets is blocked")
    importlib.import_module(name)
from quizzes import make
from quizzes.live.notebook import quiz
from quizzes.live.play import adapter
q = make("banco.natural.spot", seed=1)
assert q.check(q.correct[0]).correct
shown = quiz("banco.natural.spot", count=2)
assert "cr-quiz" in shown._repr_html_() and "text/html" in shown._repr_mimebundle_()
a = adapter("banco")
assert a.legal(a.deal(a.rules(), "12", {}))
print("OK", len(names))
"""


def test_the_quiz_layer_imports_and_works_without_ipywidgets() -> None:
    code = f"WIDGETS = {WIDGET_MODULES!r}\n{NO_WIDGETS}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:] + done.stdout[-1000:]
    assert done.stdout.startswith("OK"), done.stdout
    assert int(done.stdout.split()[1]) >= 10, "the walk found the quiz layer's modules"


# -- the play-along adapters (no widgets) ---------------------------------------------------------
def test_adapter_is_found_by_game_module_or_profile_name() -> None:
    for name in cardrules_game.names():
        if name not in available_games():
            continue
        a = adapter(name)
        assert a.game == name
        assert adapter(cardrules_game.module_name(name).rsplit(".", 1)[-1]) is a
        assert adapter(a.profile) is a
        assert a.rules().game == name
    with pytest.raises(ValueError, match="the table plays: banco"):
        adapter("snap")


def test_every_game_of_the_registry_has_a_play_along_adapter() -> None:
    assert [a.game for a in adapters()] == list(cardrules_game.names())


@pytest.mark.parametrize("game", cardrules_game.names())
def test_adapter_plays_a_hand_to_its_end_refusing_what_the_rules_forbid(game: str) -> None:
    assert game in available_games(), f"{game} lacks what its adapter uses: {adapter_needs(game)}"
    a = adapter(game)
    setup = {name: values[-1] for name, values in a.setup.items()}
    for seed in ("1", "2", "3"):
        state = a.deal(a.rules(), seed, setup)
        rng = Rng(f"test:{game}:{seed}")
        for _ in range(2000):
            if a.is_over(state):
                break
            if not a.your_turn(state):
                state = a.apply(state, a.auto(state, rng))
                continue
            choices = a.choices(state)
            legal = a.legal(state)
            allowed = []
            for c in choices:
                try:
                    a.apply(state, c.action)
                except IllegalAction as refused:
                    assert refused.rule_id in rule_ids(), refused.rule_id
                    assert c.action not in legal, f"{c.label} is listed legal but refused"
                    assert a.explain(state, c.action)
                else:
                    allowed.append(c)
            assert allowed, f"{game} seed {seed}: none of the buttons is legal"
            assert len({c.label for c in choices}) == len(choices), "one button per label"
            state = a.apply(state, rng.choice(allowed).action)
        assert a.is_over(state), f"{game} seed {seed} did not end"
        assert a.to_act(state) is None
        caption, header, rows = a.result(state, setup)
        assert caption and header and rows
        assert all(len(r) == len(header) for r in rows)
        assert a.rows(state) and a.status(state)


def adapter_needs(game: str) -> list[str]:
    """The names the game's adapter uses that its module lacks."""
    a = next(x for x in adapters() if x.game == game)
    try:
        mod = a.module
    except ImportError as e:
        return [f"(the module does not import: {e})"]
    return [n for n in (*a.CONTRACT, *a.needs) if not hasattr(mod, n)]
