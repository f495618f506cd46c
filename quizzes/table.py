"""The play-along table: deal a seeded hand and play it by the engine's rules.

One widget, :class:`PlayTable`, plays every game through a small
:class:`Adapter` over the game's common shape (``legal_actions``, ``apply``,
``explain``, a settlement or score record).  The learner presses buttons for the
actions the rules may allow at that moment; the engine applies a legal one, and
refuses any other with the rule's id and its explanation, leaving the hand as it
was.  The seats the learner does not play (the banker, the dealer, opponents)
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

An adapter per game; games whose engine is not in this installation are left
out, so a missing game never breaks the others:

>>> "banco" in available_games()
True
"""

from __future__ import annotations

import contextlib
import importlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from types import ModuleType
from typing import Any

import ipywidgets as w

from cardrules.errors import CardrulesError, IllegalAction
from cardrules.profiles import Profile, load_rules
from cardrules.rng import Rng

from .core import CardRow, format_number
from .svg import row_html

#: the most moves the engine makes for the other seats before the learner's turn
MAX_AUTO_MOVES = 2000

STYLE = (
    "<style>.cr-table-w .cr-row{display:flex;align-items:center;gap:.6em;margin:.3em 0;"
    "flex-wrap:wrap}.cr-table-w .cr-row-label{min-width:9em;font-weight:600}"
    ".cr-table-w .cr-cards{display:flex;gap:.3em;flex-wrap:wrap}"
    ".cr-table-w table{border-collapse:collapse;margin:.4em 0}"
    ".cr-table-w td,.cr-table-w th{border:1px solid #c5ccd8;padding:.15em .5em}"
    ".cr-table-w th{background:#e8edf5}.cr-table-w ol{margin:.2em 0;padding-left:1.6em}</style>"
)


@dataclass(frozen=True)
class Choice:
    """A button at the table: its label and the engine action it tries."""

    label: str
    action: Any


class Adapter:
    """How the table plays one game; a game overrides only what differs.

    The defaults call the game module's ``legal_actions``, ``apply`` and
    ``explain``, read ``state.is_over`` and ``state.log``.
    """

    game = ""  #: the game's name (``cardrules.<game>`` is its module)
    title = ""
    profile = ""  #: the shipped profile dealt by default
    you = "You"  #: the learner's seat
    intro = ""
    #: the learner's choices made before the deal, e.g. ``{"Bet on": ("Player", ...)}``
    setup: dict[str, tuple[str, ...]] = {}  # noqa: RUF012
    #: names the module must have for the adapter to work
    needs: tuple[str, ...] = ("legal_actions", "apply", "explain")

    @property
    def module(self) -> ModuleType:
        return importlib.import_module("cardrules." + self.game)

    def available(self) -> bool:
        """Whether this installation has the game's engine with what the adapter uses."""
        try:
            mod = self.module
        except ImportError:
            return False
        return all(hasattr(mod, name) for name in self.needs)

    # -- the game --------------------------------------------------------------------
    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        raise NotImplementedError

    def legal(self, state: Any) -> tuple[Any, ...]:
        return tuple(self.module.legal_actions(state))

    def apply(self, state: Any, action: Any) -> Any:
        return self.module.apply(state, action)

    def explain(self, state: Any, action: Any) -> str:
        return str(self.module.explain(state, action))

    def is_over(self, state: Any) -> bool:
        return bool(state.is_over)

    def your_turn(self, state: Any) -> bool:
        """Whether the learner is to act (otherwise :meth:`auto` plays)."""
        return not self.is_over(state)

    def auto(self, state: Any, rng: Rng) -> Any:
        """The move of a seat the learner does not play: by default the first legal one."""
        return self.legal(state)[0]

    # -- what the learner sees ----------------------------------------------------------
    def choices(self, state: Any) -> list[Choice]:
        """The buttons: the actions the rules might allow now, legal or not."""
        raise NotImplementedError

    def rows(self, state: Any) -> list[CardRow]:
        raise NotImplementedError

    def status(self, state: Any) -> str:
        return ""

    def log(self, state: Any) -> list[str]:
        out = []
        for item in getattr(state, "log", ()):
            if isinstance(item, tuple) and len(item) == 2:
                out.append(f"{item[1]} [{item[0]}]")
            else:
                text = getattr(item, "text", str(item))
                rule_id = getattr(item, "rule_id", "")
                out.append(f"{text} [{rule_id}]" if rule_id else text)
        return out

    def result(self, state: Any, setup: dict[str, str]) -> tuple[str, list[str], list[list[Any]]]:
        """The settlement or score: a caption, a header and rows."""
        raise NotImplementedError


_ADAPTERS: dict[str, Adapter] = {}


def register(adapter: Adapter) -> Adapter:
    """Add a game's adapter (one per game)."""
    _ADAPTERS[adapter.game] = adapter
    return adapter


def available_games() -> list[str]:
    """The games the table can play in this installation."""
    return [g for g, a in _ADAPTERS.items() if a.available()]


def adapter(game: str) -> Adapter:
    """The adapter of a game (``banco`` or the profile name ``punto-banco`` alike)."""
    key = game.replace("-", "_")
    if key not in _ADAPTERS:
        with contextlib.suppress(CardrulesError):
            key = load_rules(game).game.replace("-", "_")
    a = _ADAPTERS.get(key)
    if a is None or not a.available():
        raise ValueError(f"no play-along table for {game!r}; the table plays: "
                         f"{', '.join(available_games())}")
    return a


def _money(x: Any) -> str:
    try:
        return format_number(x)
    except (TypeError, ValueError):
        return str(x)


def _table_html(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
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
        if profile is None:
            profile = self.adapter.profile
        self.rules = profile if isinstance(profile, Profile) else load_rules(profile)
        self.seed = str(secrets.randbelow(10**6) if seed is None else seed)
        self.state: Any = None
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
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = w.HTML()
        self.result = w.HTML()
        self.history = w.HTML()
        super().__init__([
            self.header,
            w.HBox([*self.setup_boxes.values(), self.seed_box, self.deal_button,
                    self.next_button], layout=w.Layout(flex_flow="row wrap")),
            self.board, self.actions, self.feedback, self.result, self.history,
        ])
        self.add_class("cr-play-table")
        self.add_class("cr-table-w")
        for widget, name in ((self.seed_box, "seed"), (self.deal_button, "deal"),
                             (self.next_button, "next"), (self.board, "board"),
                             (self.actions, "actions"), (self.feedback, "feedback"),
                             (self.result, "result")):
            widget.add_class(f"cr-table-{name}")
        self.deal(self.seed)

    # -- playing ------------------------------------------------------------------------
    @property
    def setup(self) -> dict[str, str]:
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
        return self.adapter.choices(self.state)

    def allowed(self, choice: Choice) -> bool:
        """Whether the rules allow an offered action now (the hand is left as it is)."""
        try:
            self.adapter.apply(self.state, choice.action)
        except IllegalAction:
            return False
        return True

    def legal_labels(self) -> list[str]:
        """The labels of the offered actions the rules allow now."""
        return [c.label for c in self.choices() if self.allowed(c)]

    def play(self, choice: Choice) -> bool:
        """Try an action: apply it if the rules allow it, else show the rule that refuses it."""
        before = self.state
        try:
            after = self.adapter.apply(before, choice.action)
        except IllegalAction as e:
            self.refusals += 1
            why = self.adapter.explain(before, choice.action).removeprefix("Illegal: ")
            why = why.replace(f" [rule {e.rule_id}]", "")
            self.feedback.value = (
                "<p role='status' class='cr-refused' style='border-left:6px dashed #b3261e;"
                f"padding-left:.5em'>✘ Refused: {escape(choice.label)}. {escape(why)} "
                f"(Rule {escape(e.rule_id)})</p>")
            return False
        self.state = after
        self.moves += 1
        lines = self.adapter.log(after)
        last = lines[-1] if lines else choice.label
        self.feedback.value = ("<p role='status' class='cr-done' style='border-left:6px solid "
                               f"#137333;padding-left:.5em'>✔ {escape(last)}</p>")
        self._advance()
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
    def _button(self, choice: Choice) -> w.Button:
        b = w.Button(description=choice.label, layout=w.Layout(width="auto"))

        def clicked(_b: w.Button) -> None:
            self._last_ok = self.play(choice)

        b.on_click(clicked)
        return b

    def _draw(self) -> None:
        a = self.adapter
        rows = "".join(row_html(r) for r in a.rows(self.state))
        status = a.status(self.state)
        self.board.value = (f"<div class='cr-table-w'><p><em>Seed {escape(self.seed)}</em></p>"
                            f"{rows}<p><strong>{escape(status)}</strong></p></div>")
        self._last_ok = False
        self.actions.children = [self._button(c) for c in self.choices()]
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
                 titles: Sequence[str] = ()) -> None:
        from .registry import get

        self.seed = secrets.randbelow(10**6) if seed is None else seed
        self.specs = [[ids] if isinstance(ids, str) else list(ids) for ids in quizzes]
        self.quiz_titles = [titles[i] if i < len(titles) else get(ids[0]).title
                            for i, ids in enumerate(self.specs)]
        self.game = game if game is not None and self._playable(game) else None
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
            from .widgets import LiveQuiz

            made: w.Widget = LiveQuiz(self.specs[index], seed=f"{self.seed}.{index}",
                                      title=self.quiz_titles[index])
            made.title.layout.display = "none"  # the section's header says it already
        else:
            assert self.game is not None
            made = PlayTable(self.game, seed=self.seed, heading=False)
        self.made[index] = made
        self.children[index].children = [made]

    def quiz(self, index: int) -> Any:
        """The live quiz of section ``index`` (made now if it was never opened)."""
        if not 0 <= index < len(self.specs):
            raise IndexError(f"the page has {len(self.specs)} quizzes, not {index + 1}")
        self._open(index)
        return self.made[index]

    @property
    def quizzes(self) -> list[Any]:
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
               seed: int | str | None = None, titles: Sequence[str] = ()) -> LivePanel:
    """A book page's live mode; see :class:`LivePanel`.

    ``quizzes`` holds one list of generator ids per quiz of the page.

    >>> p = live_panel([["banco.natural.spot"]], game="banco", seed=1)
    >>> [p.get_title(i) for i in range(len(p.children))]
    ['Quiz: Is this a natural?', 'Play along: Punto Banco']
    >>> p.quiz(0).answer(p.quiz(0).question.correct[0]).correct
    True
    """
    return LivePanel(quizzes, game=game, seed=seed, titles=titles)


# -- the games ---------------------------------------------------------------------------------
class BancoAdapter(Adapter):
    """Punto Banco: you bet, then deal as the croupier, drawing by the tableau."""

    game = "banco"
    title = "Punto Banco"
    profile = "punto-banco"
    intro = ("Bet on a hand, then be the croupier: decide for each hand whether it draws a "
             "third card. The engine refuses any draw the rules forbid and says why.")
    setup = {"Bet on": ("Player", "Banker", "Tie")}  # noqa: RUF012
    stake = 10
    needs = ("new_coup", "legal_actions", "apply", "explain", "coup_record", "settle", "Draw",
             "Stand", "Side", "Bet", "BetOn")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        return self.module.new_coup(rules, seed=seed)

    def choices(self, state: Any) -> list[Choice]:
        m = self.module
        side = m.Side.PLAYER if state.stage.name == "PLAYER" else m.Side.BANKER
        name = side.value.capitalize()
        return [Choice(f"{name} draws a third card", m.Draw(side)),
                Choice(f"{name} stands", m.Stand(side))]

    def rows(self, state: Any) -> list[CardRow]:
        return [CardRow(f"Player ({state.player_total})", tuple(state.player)),
                CardRow(f"Banker ({state.banker_total})", tuple(state.banker))]

    def status(self, state: Any) -> str:
        if state.is_over:
            r = state.result.value
            winner = "A tie" if r == "tie" else f"{r.capitalize()} wins"
            return f"Coup over. {winner}, {state.player_total} to {state.banker_total}."
        side = "Player" if state.stage.name == "PLAYER" else "Banker"
        return f"{side} to act: does the {side.lower()} hand draw a third card?"

    def result(self, state: Any, setup: dict[str, str]) -> tuple[str, list[str], list[list[Any]]]:
        m = self.module
        on = m.BetOn[setup.get("Bet on", "Player").upper()]
        s = m.settle([m.Bet(self.you, on, self.stake)], m.coup_record(state), state.rules)
        rows = [[p.bet.bettor, p.bet.on.value, p.bet.amount, p.net, f"{p.reason} [{p.rule_id}]"]
                for p in s.payments]
        rows.append(["House", "", "", s.house, "the other side of every bet"])
        return "Settlement", ["Bettor", "Bet on", "Stake", "Net", "Why"], rows


register(BancoAdapter())


class PontoonAdapter(Adapter):
    """Pontoon: you stake and play your hand; the engine is the banker."""

    game = "pontoon"
    title = "Pontoon"
    profile = "pontoon"
    banker = "Banker"
    intro = ("You play against the banker: stake, then buy, twist or stick. The banker's "
             "cards stay face down until your turn ends.")
    needs = ("new_deal", "legal_actions", "apply", "explain", "settlement", "sensible_action",
             "Stake", "Buy", "Twist", "Stick", "Declare", "Split", "Phase")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        return self.module.new_deal(rules, [self.banker, self.you], banker=self.banker,
                                    seed=seed)

    def your_turn(self, state: Any) -> bool:
        p = state.current_player
        return (not state.is_over and p is not None and p.name == self.you
                and state.phase.name in ("STAKES", "SHOOT", "PLAYERS"))

    def auto(self, state: Any, rng: Rng) -> Any:
        return self.module.sensible_action(state, rng)

    def choices(self, state: Any) -> list[Choice]:
        m = self.module
        r = state.rules
        if state.phase.name == "STAKES":
            amounts = sorted({r.min_stake, (r.min_stake + r.max_stake) // 2, r.max_stake})
            return [Choice(f"Stake {a}", m.Stake(a)) for a in amounts]
        if state.phase.name == "SHOOT":
            return [Choice("No shoot bet", m.Shoot(0)), Choice("Shoot 1", m.Shoot(1))]
        hand = state.players[state.turn].hands[state.hand_index]
        buy = hand.stake if not hand.buys else hand.buys[-1]
        return [Choice("Declare pontoon", m.Declare()), Choice("Split", m.Split(0)),
                Choice(f"Buy for {buy}", m.Buy(buy)), Choice("Twist", m.Twist()),
                Choice("Stick", m.Stick())]

    def rows(self, state: Any) -> list[CardRow]:
        out = []
        for p in state.players:
            for i, h in enumerate(p.hands):
                label = f"{p.name}" + (f" hand {i + 1}" if len(p.hands) > 1 else "")
                label += f" ({h.value}, stake {h.total_stake})" if h.cards else ""
                out.append(CardRow(label, tuple(h.cards)))
        hidden = state.phase.name in ("STAKES", "SHOOT", "PLAYERS")
        cards = tuple(state.banker_cards)
        out.append(CardRow(self.banker, cards,
                           face_down=frozenset(range(len(cards))) if hidden else frozenset()))
        return out

    def status(self, state: Any) -> str:
        if state.is_over:
            return "The deal is over."
        return f"Now: {state.phase.value}."

    def result(self, state: Any, setup: dict[str, str]) -> tuple[str, list[str], list[list[Any]]]:
        s = self.module.settlement(state)
        rows = [[p.payer, p.payee, p.amount, f"{p.reason} [{p.rule_id}]"] for p in s.payments]
        nets = ", ".join(f"{k} {'+' if v > 0 else ''}{v}" for k, v in s.nets().items())
        return f"Settlement (net: {nets})", ["Payer", "Payee", "Amount", "Why"], rows


register(PontoonAdapter())


class CasinoPontoonAdapter(Adapter):
    """Casino Pontoon: one seat against the dealer, who draws by the house rules."""

    game = "casino_pontoon"
    title = "Casino Pontoon"
    profile = "casino-pontoon"
    stake = 10
    intro = ("Your stake is 10. Hit, stand, double or split; the dealer then plays by the "
             "house rules.")
    needs = ("new_round", "legal_actions", "apply", "explain", "settle", "Hit", "Stand",
             "Double", "Split", "Insure", "NoInsurance")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        return self.module.new_round(rules, [self.stake], seed=seed)

    def your_turn(self, state: Any) -> bool:
        return state.phase.name in ("INSURANCE", "PLAY")

    def choices(self, state: Any) -> list[Choice]:
        m = self.module
        if state.phase.name == "INSURANCE":
            return [Choice("No insurance", m.NoInsurance()),
                    Choice(f"Insure for {self.stake // 2}", m.Insure(self.stake // 2))]
        return [Choice("Hit", m.Hit()), Choice("Stand", m.Stand()), Choice("Double", m.Double()),
                Choice("Split", m.Split())]

    def rows(self, state: Any) -> list[CardRow]:
        out = []
        for seat in state.seats:
            for i, h in enumerate(seat.hands):
                label = "Your hand" + (f" {i + 1}" if len(seat.hands) > 1 else "")
                out.append(CardRow(label, tuple(h.cards)))
        seen = state.visible_dealer()
        out.append(CardRow("Dealer", tuple(state.dealer),
                           face_down=frozenset(i for i, c in enumerate(seen) if c is None)))
        return out

    def status(self, state: Any) -> str:
        return "The round is over." if state.is_over else f"Now: {state.phase.value}."

    def result(self, state: Any, setup: dict[str, str]) -> tuple[str, list[str], list[list[Any]]]:
        s = self.module.settle(state)
        rows = []
        for p in s.payments:
            fields = [getattr(p, f, "") for f in ("net", "rule_id", "reason")]
            rows.append([self.you, *fields])
        return "Settlement", ["Who", "Net", "Rule", "Why"], rows


register(CasinoPontoonAdapter())


class CasinoAdapter(Adapter):
    """Casino: you (South) against the engine (North) for one round."""

    game = "casino"
    title = "Casino"
    profile = "casino"
    intro = ("You are South, the engine North. Capture, build or trail; a round ends when "
             "the pack is used up, then the cards are counted.")
    needs = ("new_game", "legal_moves", "apply", "explain", "greedy_move", "describe",
             "score_round", "table_rows", "Trail")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        return self.module.new_game(rules, seed=seed)

    def legal(self, state: Any) -> tuple[Any, ...]:
        return tuple(self.module.legal_moves(state))

    def is_over(self, state: Any) -> bool:
        return bool(state.phase.name != "PLAY")

    def _you(self, state: Any) -> int:
        return len(state.hands) - 1

    def your_turn(self, state: Any) -> bool:
        return not self.is_over(state) and state.turn == self._you(state)

    def auto(self, state: Any, rng: Rng) -> Any:
        return self.module.greedy_move(state)

    def choices(self, state: Any) -> list[Choice]:
        m = self.module
        moves = list(self.legal(state))
        for card in state.hand:  # trailing is offered for every card, allowed or not
            trail = m.Trail(card)
            if trail not in moves:
                moves.append(trail)
        seen: dict[str, Choice] = {}
        for move in moves:
            label = m.describe(move)
            seen.setdefault(label[0].upper() + label[1:], Choice(label[0].upper() + label[1:],
                                                                 move))
        return list(seen.values())

    def rows(self, state: Any) -> list[CardRow]:
        you = self._you(state)
        out = [CardRow(label, tuple(cards)) for label, cards in self.module.table_rows(state)]
        out.append(CardRow(f"Your hand ({state.names[you]})", tuple(state.hands[you])))
        others = [i for i in range(len(state.hands)) if i != you]
        for i in others:
            n = len(state.hands[i])
            out.append(CardRow(state.names[i], tuple(state.hands[i]),
                               face_down=frozenset(range(n))))
        return out

    def status(self, state: Any) -> str:
        if self.is_over(state):
            return "The round is over: the cards are counted."
        return f"{len(state.stock)} cards left in the pack. Your move."

    def result(self, state: Any, setup: dict[str, str]) -> tuple[str, list[str], list[list[Any]]]:
        score = state.rounds[-1] if getattr(state, "rounds", ()) else None
        if score is None:
            score = self.module.score_round(state)
        return "Score of the round", ["Item", *score.sides], score.table()


register(CasinoAdapter())


class PalaceAdapter(Adapter):
    """Palace Poker: you and two engine players, one hand to its showdown."""

    game = "palace"
    title = "Palace Poker"
    profile = "palace-poker"
    players = ("You", "Ann", "Bob")
    intro = ("You play one hand of Palace Poker against two engine players (who pick among "
             "the legal actions at random). Only actions the rules allow go through.")
    needs = ("new_hand", "legal_actions", "apply", "explain", "random_action", "Fold", "Stay",
             "Call", "Pass", "Buy")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        return self.module.new_hand(rules, list(self.players), seed=seed)

    def your_turn(self, state: Any) -> bool:
        if state.is_over:
            return False
        to_act = getattr(state, "to_act", None)
        players = getattr(state, "players", ())
        return (to_act is not None and 0 <= to_act < len(players)
                and players[to_act].name == self.you)

    def auto(self, state: Any, rng: Rng) -> Any:
        return self.module.random_action(state, rng)

    def choices(self, state: Any) -> list[Choice]:
        m = self.module
        out: dict[str, Choice] = {}
        for action in self.legal(state):
            out.setdefault(self._label(action), Choice(self._label(action), action))
        for action in (m.Buy(), m.Stay(), m.Call(), m.Pass(), m.Fold()):
            out.setdefault(self._label(action), Choice(self._label(action), action))
        return list(out.values())

    @staticmethod
    def _label(action: Any) -> str:
        name = type(action).__name__
        fields = [f"{v}" for v in getattr(action, "__dict__", {}).values()
                  if not isinstance(v, tuple) or v]
        text = " ".join(" ".join(str(c) for c in f) if isinstance(f, tuple) else str(f)
                        for f in fields)
        return f"{name} {text}".strip()

    def rows(self, state: Any) -> list[CardRow]:
        out = []
        for p in state.players:
            cards = tuple(getattr(p, "palace", ()) or ())
            hidden = p.name != self.you and not state.is_over
            out.append(CardRow(f"{p.name} ({getattr(p, 'chips', '')} chips)", cards,
                               face_down=frozenset(range(len(cards))) if hidden else frozenset()))
        return out

    def status(self, state: Any) -> str:
        phase = getattr(state, "phase", None)
        return "The hand is over." if state.is_over else f"Now: {getattr(phase, 'value', '')}."

    def result(self, state: Any, setup: dict[str, str]) -> tuple[str, list[str], list[list[Any]]]:
        return "Chips after the hand", ["Player", "Chips"], [[p.name, p.chips]
                                                             for p in state.players]


register(PalaceAdapter())
