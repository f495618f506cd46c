"""The live quiz: ipywidgets in Jupyter and Voilà, checking answers with the engine.

Each answer is checked by :meth:`quizzes.model.question.Question.check`, which asks the
engine's verdict; "New question" draws a fresh question from the generators.

>>> live = LiveQuiz(["banco.natural.spot"], seed=4)
>>> live.answer(live.question.correct[0]).correct
True
>>> live.feedback.value.startswith("<p")
True
>>> live.show_hint(); live.hint_button.description, live.help.value.startswith("<div")
('Hide the hint', True)
>>> live.new_question(); live.number
2
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from cardrules.profiles import Profile
from quizzes.model.question import Kind, Question, Verdict
from quizzes.model.registry import get, make
from quizzes.static.svg import row_html


class LiveQuiz(w.VBox):  # type: ignore[misc]
    """An endless quiz over some generators: ask, check with the engine, ask again."""

    def __init__(
        self,
        generator_ids: Sequence[str],
        seed: int | str = 0,
        profile: Profile | None = None,
        title: str | None = None,
    ) -> None:
        if isinstance(generator_ids, str):
            generator_ids = [generator_ids]
        self.generator_ids = list(generator_ids)
        for gid in self.generator_ids:
            get(gid)
        self.seed = seed
        self.profile = profile
        self.number = 0
        self.title = w.HTML(f"<h4>Quiz: {escape(title or get(self.generator_ids[0]).title)}</h4>")
        self.prompt = w.HTML()
        self.answer_box = w.VBox()
        self.check_button = w.Button(description="Check my answer", button_style="primary",
                                     tooltip="Check the answer with the rules engine")
        self.next_button = w.Button(description="New question", tooltip="Ask a fresh question")
        self.hint_button = w.Button(description="Hint", tooltip="Show a hint: the first step")
        self.working_button = w.Button(description="Show the working",
                                       tooltip="Show the worked solution, every step")
        self.help = w.HTML()
        self.feedback = w.HTML()
        self.check_button.on_click(lambda _b: self.check())
        self.next_button.on_click(lambda _b: self.new_question())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.working_button.on_click(lambda _b: self.show_working())
        super().__init__([self.title, self.prompt, self.answer_box,
                          w.HBox([self.check_button, self.hint_button, self.working_button,
                                  self.next_button]), self.help, self.feedback])
        self.add_class("cr-live-quiz")
        self.question: Question
        self.new_question()

    # -- asking -------------------------------------------------------------
    def new_question(self) -> None:
        """Ask the next question (generators taken in turn, seeds counted on)."""
        gid = self.generator_ids[self.number % len(self.generator_ids)]
        self.number += 1
        self.question = make(gid, f"live.{self.seed}.{self.number}", self.profile)
        self._draw()

    def _draw(self) -> None:
        q = self.question
        rows = "".join(row_html(r) for r in q.rows)
        self.prompt.value = (f"<p><em>Question {self.number}</em></p>"
                             f"<p><strong>{escape(q.prompt)}</strong></p>{rows}")
        self.feedback.value = ""
        self.shown = ""
        self._help()
        if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            self.input: Any = w.RadioButtons(options=list(q.choices), value=None,
                                             layout=w.Layout(width="max-content"))
            self.answer_box.children = [self.input]
        elif q.kind is Kind.NUMERIC:
            self.input = w.Text(placeholder="a number, e.g. 12 or 9/2",
                                description="Your answer" + (f" ({q.unit})" if q.unit else ""),
                                style={"description_width": "initial"}, continuous_update=False)
            # Without continuous updates the value changes on Enter (or leaving the field):
            # the answer is then checked, as with the Check button.
            self.input.observe(lambda change: self.check() if change["new"] else None, "value")
            self.answer_box.children = [self.input]
        else:
            cards = q.rows[q.pick_row].cards
            self.input = [w.ToggleButton(description=str(c), tooltip=c.name,
                                         layout=w.Layout(width="auto")) for c in cards]
            self.answer_box.children = [w.HTML(f"Pick from: {escape(q.rows[q.pick_row].label)}"),
                                        w.HBox(self.input)]

    # -- the hint and the worked solution --------------------------------------
    def show_hint(self) -> None:
        """Show the hint (the first step, without the answer), or hide it again."""
        self.shown = "" if self.shown == "hint" else "hint"
        self._help()

    def show_working(self) -> None:
        """Show the worked solution (every step), or hide it again."""
        self.shown = "" if self.shown == "working" else "working"
        self._help()

    def _help(self) -> None:
        q = self.question
        self.hint_button.description = "Hide the hint" if self.shown == "hint" else "Hint"
        self.working_button.description = ("Hide the working" if self.shown == "working"
                                           else "Show the working")
        if self.shown == "hint":
            self.help.value = (f"<div role='region' aria-label='Hint'><p><strong>Hint.</strong> "
                               f"{escape(q.hint)}</p></div>")
        elif self.shown == "working":
            steps = "".join(f"<li>{escape(s)}</li>" for s in q.solution)
            self.help.value = (f"<div role='region' aria-label='The working'><p><strong>The "
                               f"working.</strong></p><ol>{steps}</ol></div>")
        else:
            self.help.value = ""

    # -- answering ----------------------------------------------------------
    def response(self) -> Any:
        """The learner's current answer, read from the widgets."""
        q = self.question
        if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            return self.input.value
        if q.kind is Kind.NUMERIC:
            return self.input.value
        return [i for i, b in enumerate(self.input) if b.value]

    def set_response(self, response: Any) -> None:
        """Put an answer into the widgets, as a learner would (used by tests)."""
        q = self.question
        if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            self.input.value = q.choices[response] if isinstance(response, int) else response
        elif q.kind is Kind.NUMERIC:
            self.input.value = str(response)
        else:
            picked = q.normalize(response)
            for i, b in enumerate(self.input):
                b.value = i in picked

    def check(self) -> Verdict | None:
        """Check the answer in the widgets with the engine and show the verdict."""
        response = self.response()
        if response is None or response == "":
            self.feedback.value = "<p role='status'>Choose or type an answer first.</p>"
            return None
        try:
            verdict = self.question.check(response)
        except ValueError as e:
            self.feedback.value = f"<p role='status'>{escape(str(e))}</p>"
            return None
        mark, colour = ("✔", "#137333") if verdict.correct else ("✘", "#b3261e")
        yours = self._yours(response)
        self.feedback.value = (f"<p role='status' style='border-left:6px solid {colour};"
                               f"padding-left:0.5em'>{mark} {escape(verdict.message)}</p>"
                               f"<p>✔ The answer: <strong>{escape(self.question.answer_text)}"
                               f"</strong>. Your answer: {escape(yours)}.</p>")
        return verdict

    def _yours(self, response: Any) -> str:
        q = self.question
        if q.kind is Kind.PICK_CARDS:
            cards = q.rows[q.pick_row].cards
            return " ".join(str(cards[i]) for i in sorted(q.normalize(response))) or "no card"
        unit = f" {q.unit}" if q.kind is Kind.NUMERIC and q.unit else ""
        return f"{response}{unit}"

    def answer(self, response: Any) -> Verdict:
        """Answer as a learner would: fill the widgets, press Check."""
        self.set_response(response)
        verdict = self.check()
        if verdict is None:
            raise ValueError(f"the answer {response!r} could not be checked")
        return verdict
