"""The play-along table: deal a seeded hand and play it by the engine's rules.

One widget, :class:`PlayTable`, plays every game through its adapter
(:mod:`quizzes.live.play`, which needs no ipywidgets), over the game contract
(``legal_actions``, ``apply``, ``explain``, ``is_over``, ``to_act``, ``outcome``).  The learner presses buttons for the
actions the rules may allow at that moment; the engine applies a legal one, and
refuses any other with the rule's id and its explanation, leaving the hand as it
was.  Where the plays are too many for a button each (a crowded Casino table), the
learner builds the play step by step instead: picks a card from the hand, adds table
cards one at a time (each pick checked by the engine), sees the play they make, and
confirms it.  The seats the learner does not play (the banker, the dealer, opponents)
are played by the engine's own simple policies.  At the end the table shows the
settlement or the score.  It runs wherever ipywidgets run: Jupyter, Voilà and
the book's live mode (Pyodide).

>>> t = PlayTable("banco", seed=12)
>>> t.game, t.seed
('banco', '12')
>>> while not t.over:
...     _ = t.press(t.legal_labels()[0])
>>> "Settlement" in t.result.value
True

An adapter per game (:mod:`quizzes.live.play`, re-exported here); games whose engine is
not in this installation are left out, so a missing game never breaks the others:

>>> "banco" in available_games()
True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as w  # type: ignore[import-untyped]

from cardrules.errors import CardrulesError, IllegalAction
from cardrules.game import Step
from cardrules.profiles import Profile, load_rules
from cardrules.rng import Rng
from quizzes.live.play import Adapter, Choice, adapter, available_games, register
from quizzes.model.question import format_number
from quizzes.model.registry import profile_arg
from quizzes.static.svg import row_html

if TYPE_CHECKING:
    from quizzes.live.widgets import LiveQuiz

__all__ = [
    "Adapter",
    "Choice",
    "LivePanel",
    "PlayTable",
    "adapter",
    "available_games",
    "live_panel",
    "play_table",
    "register",
]

#: the most moves the engine makes for the other seats before the learner's turn
MAX_AUTO_MOVES = 2000

#: the most lines of the log the feedback on a move quotes
FEEDBACK_LINES = 2

STYLE = (
    "<style>.cr-table-w .cr-row{display:flex;align-items:center;gap:.6em;margin:.3em 0;"
    "flex-wrap:wrap}.cr-table-w .cr-row-label{min-width:9em;font-weight:600}"
    ".cr-table-w .cr-cards{display:flex;gap:.3em;flex-wrap:wrap}"
    # an empty hand as tall as a card: the table keeps its shape when the cards come
    ".cr-table-w .cr-empty{min-height:90px;display:inline-flex;align-items:center}"
    ".cr-table-w table{border-collapse:collapse;margin:.4em 0}"
    ".cr-table-w td,.cr-table-w th{border:1px solid #c5ccd8;padding:.15em .5em}"
    ".cr-table-w th{background:#e8edf5}.cr-table-w ol{margin:.2em 0;padding-left:1.6em}</style>"
)


def _money(x: object) -> str:
    if not isinstance(x, (Fraction, int, float)):
        return str(x)
    try:
        return format_number(x)
    except (TypeError, ValueError):
        return str(x)


def _table_html(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(_money(v))}</td>" for v in r) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class PlayTable(w.VBox):  # type: ignore[misc]
    """A seeded hand of a game, played by the learner against the engine.

    ``game`` is a game (``"banco"``) or a profile name (``"punto-banco"``); ``seed`` deals
    the hand (a random one when None, shown so it can be dealt again); ``profile`` the
    house rules (the game's shipped profile by default); ``setup`` the choices made
    before the deal (``{"Bet on": "Banker"}``); ``heading`` whether to show a title.
    Buttons offer the actions the rules might allow; :meth:`press` presses one by its
    label, :meth:`legal_labels` says which the rules allow now.
    """

    def __init__(self, game: str = "banco", seed: int | str | None = None,
                 profile: Profile | str | Path | None = None,
                 setup: dict[str, str] | None = None, heading: bool = True) -> None:
        self.adapter = adapter(game)
        self.game = self.adapter.game
        self.rules = profile_arg(profile) or load_rules(self.adapter.profile)
        self.seed = str(secrets.randbelow(10**6) if seed is None else seed)
        self.state: object = None
        #: the play built so far, step by step (see :meth:`Adapter.picking`); None at the
        #: start of a turn
        self.pick: object = None
        self.refusals = 0
        title = f"<h4>Play along: {escape(self.adapter.title)}</h4>" if heading else ""
        self.header = w.HTML(f"{STYLE}{title}<p>{escape(self.adapter.intro)}</p>")
        self.seed_box = w.Text(value=self.seed, description="Seed",
                               layout=w.Layout(width="14em"))
        self.deal_button = w.Button(description="Deal", tooltip="Deal a hand from this seed")
        self.next_button = w.Button(description="Next hand", tooltip="Deal from the next seed")
        self.deal_button.on_click(lambda _b: self.deal(self.seed_box.value))
        self.next_button.on_click(lambda _b: self.deal(self._next_seed()))
        self.setup_boxes = {
            name: w.Dropdown(options=list(values), value=(setup or {}).get(name, values[0]),
                             description=name, style={"description_width": "initial"})
            for name, values in self.adapter.setup.items()
        }
        self.board = w.HTML()
        self.picker = w.HTML()
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        #: the action buttons, made once and reused from move to move (see :meth:`_buttons`)
        self.pool: list[w.Button] = []
        #: what each shown button offers, in the order of :attr:`pool`
        self.offered: list[Choice] = []
        self._last_ok = False
        self.feedback = w.HTML()
        self.result = w.HTML()
        self.history = w.HTML()
        super().__init__([
            self.header,
            w.HBox([*self.setup_boxes.values(), self.seed_box, self.deal_button,
                    self.next_button], layout=w.Layout(flex_flow="row wrap")),
            self.board, self.picker, self.actions, self.feedback, self.result, self.history,
        ])
        self.add_class("cr-play-table")
        self.add_class("cr-table-w")
        for widget, name in ((self.seed_box, "seed"), (self.deal_button, "deal"),
                             (self.next_button, "next"), (self.board, "board"),
                             (self.picker, "picker"),
                             (self.actions, "actions"), (self.feedback, "feedback"),
                             (self.result, "result")):
            widget.add_class(f"cr-table-{name}")
        self.deal(self.seed)

    # -- playing ------------------------------------------------------------------------
    @property
    def setup(self) -> dict[str, str]:
        """The choices made before the deal, as the boxes show them now."""
        return {name: str(box.value) for name, box in self.setup_boxes.items()}

    @property
    def over(self) -> bool:
        """Whether the hand has ended."""
        return bool(self.adapter.is_over(self.state))

    def _next_seed(self) -> str:
        s = self.seed_box.value.strip()
        return str(int(s) + 1) if s.lstrip("-").isdigit() else s + "+"

    def deal(self, seed: int | str | None = None) -> None:
        """Deal a hand from ``seed`` (the seed box's by default) and play the other seats."""
        self.seed = str(self.seed_box.value if seed is None else seed).strip() or "0"
        self.seed_box.value = self.seed
        self.refusals = 0
        self.moves = 0
        self.pick = None
        self.dealt_setup = self.setup  # the bets of this hand; a change counts from the next
        try:
            self.state = self.adapter.deal(self.rules, self.seed, self.dealt_setup)
        except (CardrulesError, ValueError) as e:
            self.feedback.value = f"<p role='status'>✘ {escape(str(e))}</p>"
            return
        self.feedback.value = "<p role='status'>Dealt. Your move.</p>"
        self._advance()
        if self.over and not self.moves:
            self.feedback.value = ("<p role='status'>Dealt, and the hand ended at once: "
                                   "see the result below, then deal the next hand.</p>")

    def play_from(self, state: object) -> None:
        """Play on from ``state``, a position of the game (made with the engine's own
        ``position``, for a lesson or a test): the engine plays first unless it is the
        learner's turn."""
        self.state = state
        self.pick = None
        self.feedback.value = "<p role='status'>Your move.</p>"
        self._advance()

    def _advance(self) -> None:
        """Let the engine play the seats the learner does not hold, then redraw."""
        rng = Rng(f"table:{self.game}:{self.seed}:{self.moves}")
        try:
            for _ in range(MAX_AUTO_MOVES):
                if self.adapter.is_over(self.state) or self.adapter.your_turn(self.state):
                    break
                self.state = self.adapter.apply(self.state, self.adapter.auto(self.state, rng))
        except CardrulesError as e:  # an engine seat that cannot move: say so, keep the hand
            self.feedback.value = (f"<p role='status'>✘ The engine could not play on: "
                                   f"{escape(str(e))}</p>")
        self._draw()

    def choices(self) -> list[Choice]:
        """The actions offered now (none when it is over)."""
        if self.over or not self.adapter.your_turn(self.state):
            return []
        steps = self.adapter.picking(self.state, self.pick)
        return self.adapter.choices(self.state) if steps is None else steps

    def allowed(self, choice: Choice) -> bool:
        """Whether the rules allow an offered action (or step) now (the hand is left as
        it is)."""
        try:
            if isinstance(choice.action, Step):
                self.adapter.step(self.state, self.pick, choice.action)
            else:
                self.adapter.apply(self.state, choice.action)
        except IllegalAction:
            return False
        return True

    def legal_labels(self) -> list[str]:
        """The labels of the offered actions the rules allow now."""
        return [c.label for c in self.choices() if self.allowed(c)]

    def play(self, choice: Choice) -> bool:
        """Try an action: apply it if the rules allow it, else show the rule that refuses it.
        A step (a card picked, put back...) changes the play being built, not the hand."""
        before = self.state
        if isinstance(choice.action, Step):
            return self._step(choice)
        try:
            after = self.adapter.apply(before, choice.action)
        except IllegalAction as e:
            self._refused(choice, e)
            return False
        self.state = after
        self.pick = None
        self.moves += 1
        said = escape(self._said(before, after, choice))
        if self.adapter.setback(before, after, self.dealt_setup):
            # legal, but the hand is bust, folded or lost: said plainly, with no success mark
            self.feedback.value = ("<p role='status' class='cr-done cr-setback' style='"
                                   f"border-left:6px dotted #8a6d00;padding-left:.5em'>{said}</p>")
        else:
            self.feedback.value = ("<p role='status' class='cr-done' style='border-left:6px "
                                   f"solid #137333;padding-left:.5em'>✔ {said}</p>")
        self._advance()
        return True

    def _said(self, before: object, after: object, choice: Choice) -> str:
        """What the move did, from the lines it added to the log: the first
        :data:`FEEDBACK_LINES` of them (a move that goes bust says so even when the engine
        then ends the hand), the rest being in the hand so far."""
        lines = self.adapter.log(after)
        new = lines[len(self.adapter.log(before)):] or lines[-1:] or [choice.label]
        more = " (More in the hand so far, below.)" if len(new) > FEEDBACK_LINES else ""
        return " ".join(new[:FEEDBACK_LINES]) + more

    def _refused(self, choice: Choice, e: IllegalAction) -> None:
        """Say which rule refuses ``choice`` and why; the hand stays as it was."""
        self.refusals += 1
        why = self.adapter.refusal(self.state, choice.action, e)
        self.feedback.value = (
            "<p role='status' class='cr-refused' style='border-left:6px dashed #b3261e;"
            f"padding-left:.5em'>✘ Refused: {escape(choice.label)}. {escape(why)} "
            f"(Rule {escape(e.rule_id)})</p>")

    def _step(self, choice: Choice) -> bool:
        assert isinstance(choice.action, Step)
        try:
            self.pick = self.adapter.step(self.state, self.pick, choice.action)
        except IllegalAction as e:
            self._refused(choice, e)
            return False
        self.feedback.value = f"<p role='status'>{escape(choice.label)}.</p>"
        self._draw()
        return True

    def press(self, label: str) -> bool:
        """Press the button with this label, as a learner would (used by tests)."""
        for b in self.actions.children:
            if b.description == label:
                b.click()
                return self._last_ok
        raise ValueError(f"no button {label!r}; the buttons are "
                         f"{[b.description for b in self.actions.children]}")

    # -- drawing ------------------------------------------------------------------------
    def _buttons(self, choices: Sequence[Choice]) -> list[w.Button]:
        """Buttons for ``choices``, taken from :attr:`pool` (grown when a move offers more):
        each is wired once, to the choice at its place, and only its label, style and
        tooltip change from move to move.

        A new button for every move would take the keyboard focus away with the old one:
        the page around the table then takes it back on the next mousedown and scrolls,
        and that click lands beside the button.  A reused button keeps the focus and stays
        under the pointer, so every click counts.
        """
        while len(self.pool) < len(choices):
            b = w.Button(layout=w.Layout(width="auto"))
            b.on_click(self._on_click(len(self.pool)))
            self.pool.append(b)
        for b, choice in zip(self.pool, choices, strict=False):
            b.description = choice.label
            b.button_style = choice.style
            b.tooltip = choice.tooltip or choice.label
        self.offered = list(choices)
        return self.pool[:len(choices)]

    def _on_click(self, index: int) -> Callable[[w.Button], None]:
        """The click handler of the pool's button ``index``: it plays what the button
        offers now (nothing once the button is no longer shown), then gives the focus to
        the button at its place: the same button while there is one (after a move, a pick,
        a refusal), else the last."""
        def clicked(_b: w.Button) -> None:
            self._last_ok = index < len(self.offered) and self.play(self.offered[index])
            buttons = self.actions.children
            if buttons:  # keep the keyboard's place: the button now where the pressed one was
                buttons[min(index, len(buttons) - 1)].focus()

        return clicked

    def _draw(self) -> None:
        a = self.adapter
        rows = "".join(row_html(r) for r in a.rows(self.state))
        status = a.status(self.state)
        self.board.value = (f"<div class='cr-table-w'><p><em>Seed {escape(self.seed)}</em></p>"
                            f"{rows}<p><strong>{escape(status)}</strong></p></div>")
        self._last_ok = False
        text = (self.adapter.pick_text(self.state, self.pick)
                if not self.over and self.adapter.your_turn(self.state) else "")
        self.picker.value = f"<p class='cr-pick' role='status'>{escape(text)}</p>" if text else ""
        shown = tuple(self._buttons(self.choices()))
        if tuple(self.actions.children) != shown:  # the same buttons: the row is left alone
            self.actions.children = shown
        for box in self.setup_boxes.values():  # bets are placed between hands
            box.disabled = not self.over
        log = a.log(self.state)
        self.history.value = ("<details><summary>The hand so far</summary><ol>"
                              + "".join(f"<li>{escape(x)}</li>" for x in log) + "</ol></details>"
                              if log else "")
        if self.over:
            caption, header, body = a.result(self.state, self.dealt_setup)
            self.result.value = (f"<div class='cr-table-w cr-result' role='status'>"
                                 f"<p><strong>{escape(caption)}</strong></p>"
                                 f"{_table_html(header, body)}</div>")
        else:
            self.result.value = ""


def play_table(game: str = "banco", seed: int | str | None = None,
               profile: Profile | str | Path | None = None) -> PlayTable:
    """A play-along table for a game; see :class:`PlayTable`."""
    return PlayTable(game, seed=seed, profile=profile)


class LivePanel(w.Accordion):  # type: ignore[misc]
    """A book page's live mode: its quizzes (live, engine-checked) and its game's table.

    Each section is made when the reader first opens it, so the panel appears quickly;
    :meth:`quiz` and :attr:`table` make them on demand too.
    """

    def __init__(self, quizzes: Sequence[Sequence[str]] | Sequence[str] = (),
                 game: str | None = None, seed: int | str | None = None,
                 titles: Sequence[str] = (),
                 profiles: Sequence[Profile | str | None] = ()) -> None:
        from quizzes.model.banks import profile_from
        from quizzes.model.registry import get

        self.seed = secrets.randbelow(10**6) if seed is None else seed
        self.specs = [[ids] if isinstance(ids, str) else list(ids) for ids in quizzes]
        self.quiz_titles = [titles[i] if i < len(titles) else get(ids[0]).title
                            for i, ids in enumerate(self.specs)]
        if len(profiles) > len(self.specs):
            raise ValueError(f"{len(profiles)} profiles for {len(self.specs)} quizzes: give "
                             "one profile (or None) per quiz")
        self.profiles: list[Profile | None] = [
            None if i >= len(profiles) or profiles[i] is None
            else profile_from(profiles[i], get(ids[0]).profile)
            for i, ids in enumerate(self.specs)]
        self.game = game if game is not None and self._playable(game) else None
        self.table_profile = self._table_profile()
        self.made: dict[int, w.Widget] = {}
        names = [f"Quiz: {t}" for t in self.quiz_titles]
        if self.game is not None:
            names.append(f"Play along: {adapter(self.game).title}")
        super().__init__(children=[w.VBox() for _ in names])
        for i, name in enumerate(names):
            self.set_title(i, name)
        self.add_class("cr-live-panel")
        self.observe(lambda change: self._open(change["new"]), names="selected_index")
        self.selected_index = 0 if names else None

    def _table_profile(self) -> Profile | None:
        """The house rules of the page's quizzes of its game, when they agree (the table
        then plays by them), else None: the game's shipped rules."""
        if self.game is None:
            return None
        want = adapter(self.game).profile
        game = (want if isinstance(want, Profile) else load_rules(want)).game
        used = {p for p in self.profiles if p is not None and p.game == game}
        return used.pop() if len(used) == 1 else None

    @staticmethod
    def _playable(game: str) -> bool:
        try:
            adapter(game)
        except ValueError:
            return False
        return True

    def _open(self, index: int | None) -> None:
        if index is None or index in self.made:
            return
        if index < len(self.specs):
            from quizzes.live.widgets import LiveQuiz

            made: w.Widget = LiveQuiz(self.specs[index], seed=f"{self.seed}.{index}",
                                      profile=self.profiles[index],
                                      title=self.quiz_titles[index])
            made.title.layout.display = "none"  # the section's header says it already
        else:
            assert self.game is not None
            made = PlayTable(self.game, seed=self.seed, profile=self.table_profile,
                             heading=False)
        self.made[index] = made
        self.children[index].children = [made]

    def quiz(self, index: int) -> LiveQuiz:
        """The live quiz of section ``index`` (made now if it was never opened)."""
        from quizzes.live.widgets import LiveQuiz

        if not 0 <= index < len(self.specs):
            raise IndexError(f"the page has {len(self.specs)} quizzes, not {index + 1}")
        self._open(index)
        made = self.made[index]
        assert isinstance(made, LiveQuiz)
        return made

    @property
    def quizzes(self) -> list[LiveQuiz]:
        """Every live quiz of the panel (made now if needed)."""
        return [self.quiz(i) for i in range(len(self.specs))]

    @property
    def table(self) -> PlayTable | None:
        """The play-along table, or None when the page's game has none."""
        if self.game is None:
            return None
        self._open(len(self.specs))
        table = self.made[len(self.specs)]
        assert isinstance(table, PlayTable)
        return table


def live_panel(quizzes: Sequence[Sequence[str]] | Sequence[str] = (), game: str | None = None,
               seed: int | str | None = None, titles: Sequence[str] = (),
               profiles: Sequence[Profile | str | None] = ()) -> LivePanel:
    """A book page's live mode; see :class:`LivePanel`.

    ``quizzes`` holds one list of generator ids per quiz of the page, ``profiles`` the
    house rules of each (a profile, a shipped name, the profile's TOML text as the quiz
    carries it, or None for the generators' default rules); the play-along table plays
    by the house rules its game's quizzes share.

    >>> p = live_panel([["banco.natural.spot"]], game="banco", seed=1)
    >>> [p.get_title(i) for i in range(len(p.children))]
    ['Quiz: Is this a natural?', 'Play along: Punto Banco']
    >>> p.quiz(0).answer(p.quiz(0).question.correct[0]).correct
    True
    """
    return LivePanel(quizzes, game=game, seed=seed, titles=titles, profiles=profiles)
