"""The book's table, on the Python side of the practice worker: every game played through
the game contract, against computer players, with the coach's figure for every decision.

The page's script (``cardrules-table.js``) sends the worker messages; the worker calls
the functions below, which take and return JSON-safe values (the worker passes them as
JSON text through :func:`call`).  Play goes through the play-along adapters
(:mod:`quizzes.live.play`, no ipywidgets): the same seats, views, buttons, refusals and
steps as the live table.  A table is kept here by its id between messages.

- :func:`start` deals a seeded hand to the learner's seat ("You") among computer
  players, plays their seats, and replays the learner's presses given (a replay);
- :func:`press` presses one of the buttons offered: a whole action, or a step of a play
  built card by card (Casino); a refused one leaves the hand as it was and says the
  engine's sentence and its rule;
- :func:`coach` is the advice for the learner's decision (:mod:`quizzes.static.coaching`);
  after the move, the press says whether it was the best and what it cost;
- :func:`transcript` is the record of the hand: every action, its explanation and rule,
  and the coach's figure, as data and as text.

>>> t = start("pontoon", "pontoon", "7")
>>> t["seat"], t["your_turn"], [c["label"] for c in t["choices"]][:2]
('You', True, ['Stake 10', 'Stake 100'])
>>> t = press(t["id"], 0)
>>> t["last"]["kind"], t["last"]["scored"] is None
('moved', True)
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardrules.catalog import rule
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.game import Step
from cardrules.profiles import Profile, load_rules, shipped_profiles
from cardrules.rng import Rng
from quizzes.live.play import Adapter, Choice, adapter
from quizzes.model.banks import profile_from, profile_key, profile_toml
from quizzes.static import coaching

#: each game's table: its seats in order, the learner's ("You") at its usual place (the
#: first seat deals or holds the bank where the game has such a role among the players)
TABLES: dict[str, tuple[str, ...]] = {
    "banco": ("Ann", "You"),
    "pontoon": ("Ann", "You"),
    "casino-pontoon": ("You",),
    "casino": ("North", "You"),
    "palace": ("Ann", "You", "Bob"),
}
#: the most moves the computer players make in a row before the learner's turn
MAX_AUTO = 500
YOU = "You"
_RULE = re.compile(r"\s*\[(?:rule )?([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)\]\s*$")


@dataclass(frozen=True)
class Entry:
    """One line of a hand's record: who acted, the action in words, its explanation
    (without the rule's id), its rule, and for the learner's decisions the coach's figure."""

    who: str
    action: str
    explanation: str
    rule_id: str | None
    coach: str = ""
    best: bool | None = None

    def data(self) -> dict[str, Any]:
        """The entry as JSON-safe data, the rule by id and by title."""
        return {"who": self.who, "action": self.action, "explanation": self.explanation,
                "rule": self.rule_id, "title": rule_title(self.rule_id), "coach": self.coach,
                "best": self.best}


@dataclass(frozen=True)
class Table:
    """One table: the game, its rules, the seed and seats, the learner's presses so far
    (for a replay), the hand's state, the play built so far (Casino), and its record."""

    id: str
    game: str
    rules: Profile
    seed: str
    seats: tuple[str, ...]
    player: str
    state: Any
    pick: object = None
    presses: tuple[str, ...] = ()
    moves: int = 0
    entries: tuple[Entry, ...] = ()
    advice: coaching.Figures | None = None
    advice_at: int = -1
    scored: tuple[dict[str, Any], ...] = field(default=())
    #: the milliseconds each computer player's move took in the last run of them
    auto_ms: tuple[float, ...] = ()

    @property
    def adapter(self) -> Adapter:
        """The game's play-along adapter."""
        return adapter(self.game)


_TABLES: dict[str, Table] = {}


def rule_title(rule_id: str | None) -> str | None:
    """A rule's title for the learner (None for no rule, or one the catalog lacks).

    >>> rule_title("pontoon.stick"), rule_title(None)
    ('Sticking', None)
    """
    if not rule_id:
        return None
    try:
        return rule(rule_id).title
    except CardrulesError:
        return None


def split_rule(text: str) -> tuple[str, str | None]:
    """A sentence and the rule id it ends with, apart.

    >>> split_rule("You stick on 20. [pontoon.stick]")
    ('You stick on 20.', 'pontoon.stick')
    >>> split_rule("Legal: You may stick. [rule pontoon.stick] ")
    ('Legal: You may stick.', 'pontoon.stick')
    >>> split_rule("No rule here.")
    ('No rule here.', None)
    """
    m = _RULE.search(text)
    if m is None:
        return text.strip(), None
    return text[:m.start()].strip(), m.group(1)


def sentence(text: str) -> str:
    """A sentence as the record shows it, with a capital first letter.

    >>> sentence("this hand is 20, and a player may stand on 15 or more.")
    'This hand is 20, and a player may stand on 15 or more.'
    """
    return text[:1].upper() + text[1:]


def said(text: str) -> dict[str, Any]:
    """A sentence of the engine as the page shows it: the words, the rule and its title."""
    words, rid = split_rule(text)
    return {"text": words, "rule": rid, "title": rule_title(rid)}


def profiles_of(game: str) -> list[dict[str, str]]:
    """The shipped profiles of a game, the game's own first: key, name and description.

    >>> [p["key"] for p in profiles_of("casino")]
    ['casino', 'casino-11', 'casino-owner-trails', 'casino-sweeps', 'royal-casino']
    """
    a = adapter(game)
    out = []
    for name in shipped_profiles():
        p = load_rules(name)
        if p.game == a.game:
            out.append({"key": name, "name": p.name, "description": p.description})
    out.sort(key=lambda p: p["key"] != a.profile)
    return out


def players_of(game: str) -> list[dict[str, str]]:
    """The game's computer players: name, title and rule of play, the default first.

    >>> players_of("casino")[0]["name"]
    'greedy'
    """
    return [{"name": p.name, "title": p.title, "plays": p.plays}
            for p in adapter(game).engine.players]


def seats_for(game: str, seat: int | None) -> tuple[str, ...]:
    """The table's seats with the learner at place ``seat`` (its usual place when None).

    >>> seats_for("palace", 0)
    ('You', 'Ann', 'Bob')
    >>> seats_for("pontoon", 5)
    Traceback (most recent call last):
    ...
    ValueError: Pontoon's table has 2 seats; your seat is 1 to 2, not 6.
    """
    usual = TABLES[adapter(game).game]
    if seat is None:
        return usual
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(usual):
        raise ValueError(f"{adapter(game).title}'s table has {len(usual)} seats; your seat is "
                         f"1 to {len(usual)}, not {seat + 1 if isinstance(seat, int) else seat}.")
    others = [s for s in usual if s != YOU]
    return (*others[:seat], YOU, *others[seat:])


# -- the hand ---------------------------------------------------------------------------------
def _choices(t: Table) -> list[Choice]:
    a = t.adapter
    if a.is_over(t.state) or not a.your_turn(t.state):
        return []
    steps = a.picking(t.state, t.pick)
    return a.choices(t.state) if steps is None else steps


def _computer(t: Table, who: str) -> Any:
    """The computer player of a seat the learner does not hold (the house's included)."""
    return t.adapter.engine.player(t.player)


def _advance(t: Table) -> Table:
    """Let the computer players play every seat the learner does not hold, recording
    each move as the learner saw it (their log), until the learner is to act."""
    a = t.adapter
    took: list[float] = []
    for _ in range(MAX_AUTO):
        if a.is_over(t.state) or a.your_turn(t.state):
            break
        who = a.to_act(t.state) or ""
        rng = Rng(f"table:{t.game}:{t.seed}:{t.moves}")
        began = time.perf_counter()
        action = _computer(t, who)(a.engine.view(t.state, who), rng)
        took.append(round((time.perf_counter() - began) * 1000, 1))
        seen = len(a.log(t.state))
        words, rid = split_rule(a.explain(t.state, action))
        after = a.apply(t.state, action)
        lines = [split_rule(x) for x in a.log(after)[seen:]]
        if lines:  # what the learner saw happen: the log never shows a hidden card
            words = " ".join(x for x, _ in lines)
            rid = lines[0][1] or rid
        entry = Entry(who, a.label(action), sentence(a.say(words.removeprefix("Legal: "))), rid)
        t = replace(t, state=after, moves=t.moves + 1, entries=(*t.entries, entry))
    return replace(t, auto_ms=tuple(took))


def _figures(t: Table) -> tuple[Table, coaching.Figures]:
    """The coach's figures for the learner's decision now, worked out once per position."""
    if t.advice is not None and t.advice_at == t.moves:
        return t, t.advice
    figures = coaching.figures(t.game, t.adapter.view(t.state)).named(
        [(c.action, c.label) for c in _choices(replace(t, pick=None))])
    return replace(t, advice=figures, advice_at=t.moves), figures


def start(game: str, rules: str | None, seed: str | int, seat: int | None = None,
          player: str | None = None, presses: Sequence[str] = (),
          table_id: str | None = None) -> dict[str, Any]:
    """Deal a hand: the game (a registry name), its rules (a shipped profile's name, house
    rules as TOML, or None for the game's own), the seed, the learner's place at the table
    (None: the usual one), the computer player of the other seats (None: the game's
    first), and the learner's presses to replay (their buttons' labels, in order).

    >>> t = start("casino", None, "1", presses=["Pick 9♦"])
    >>> t["rules"]["key"], t["pick_text"][:12]
    ('casino', 'You play 9♦:')
    """
    a = adapter(game)
    profile = profile_from(rules, a.profile)
    if profile.game != a.game:
        raise ValueError(f"those are rules of {profile.game}, not of {a.title}")
    seats = seats_for(a.game, seat)
    engine = a.engine
    name = player or engine.players[0].name
    engine.player(name)  # an unknown player raises, with the names
    tid = table_id or f"t{len(_TABLES) + 1}"
    state = engine.start(profile, str(seed), seats=seats)
    t = _advance(Table(tid, a.game, profile, str(seed), seats, name, state))
    _TABLES[tid] = t
    for label in presses:
        offered = [c.label for c in _choices(_TABLES[tid])]
        if label not in offered:
            raise ValueError(f"the replay cannot press {label!r} here; the buttons are "
                             f"{', '.join(offered) or 'none'}")
        press(tid, offered.index(label), coach_on=False)
    return payload(_TABLES[tid])


def table(table_id: str) -> Table:
    """A table by its id."""
    try:
        return _TABLES[table_id]
    except KeyError:
        raise ValueError(f"no table {table_id!r}: sit at the table first") from None


def press(table_id: str, index: int, coach_on: bool = True) -> dict[str, Any]:
    """Press the button at ``index`` among those offered: apply its action (or its step)
    if the rules allow it, else say which rule refuses it and change nothing.  With the
    coach on, a decision the coach values is scored (:func:`coaching.score`)."""
    t = table(table_id)
    offered = _choices(t)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(offered):
        raise ValueError(f"there is no button {index!r} now ({len(offered)} are offered)")
    choice = offered[index]
    a = t.adapter
    if isinstance(choice.action, Step):
        try:
            pick = a.step(t.state, t.pick, choice.action)
        except IllegalAction as e:
            return payload(t, _refused(t, choice, e))
        t = replace(t, pick=pick, presses=(*t.presses, choice.label))
        _TABLES[table_id] = t
        return payload(t, {"kind": "step", "text": choice.label + "."})
    figures = None
    if coach_on:
        t, figures = _figures(t)
    before = t.state
    try:
        after = a.apply(before, choice.action)
    except IllegalAction as e:
        ruled = coaching.ruled(figures, choice.action, e.rule_id, replay(t)) if figures else None
        if ruled is not None:
            t = replace(t, scored=(*t.scored, ruled))
        _TABLES[table_id] = t
        return payload(t, _refused(t, choice, e, ruled))
    seen = len(a.log(before))
    words, rid = split_rule(a.explain(before, choice.action))
    scored = coaching.score(figures, choice.action, rid, replay(t)) if figures else None
    lines = [a.say(x) for x in a.log(after)[seen:]] or [a.say(words)]
    entry = Entry(YOU, choice.label, sentence(a.say(words.removeprefix("Legal: "))), rid,
                  scored["text"] if scored else "", scored["best"] if scored else None)
    t = replace(t, state=after, pick=None, presses=(*t.presses, choice.label),
                moves=t.moves + 1, entries=(*t.entries, entry), advice=None,
                scored=(*t.scored, scored) if scored else t.scored)
    t = _advance(t)
    _TABLES[table_id] = t
    return payload(t, {"kind": "moved", "lines": [said(x) for x in lines],
                       "setback": a.setback(before, after, {}), "scored": scored})


def _refused(t: Table, choice: Choice, e: IllegalAction,
             ruled: dict[str, Any] | None = None) -> dict[str, Any]:
    why = t.adapter.refusal(t.state, choice.action, e)
    return {"kind": "refused", "label": choice.label, "text": why.removeprefix("Not allowed: "),
            "rule": e.rule_id, "title": rule_title(e.rule_id), "scored": ruled}


def coach(table_id: str) -> dict[str, Any]:
    """The coach's figures for the learner's decision now (the same position asked twice is
    worked out once), with the milliseconds it took."""
    t = table(table_id)
    began = time.perf_counter()
    t, figures = _figures(t)
    _TABLES[table_id] = t
    out = figures.data()
    out["ms"] = round((time.perf_counter() - began) * 1000, 1)
    out["decision"] = t.moves
    return out


def warm(game: str, rules: str | None = None) -> dict[str, Any]:
    """Make the coach's first figure of a game fast: its models built before they are
    asked for (Casino Pontoon's shoe analysis for every up card)."""
    began = time.perf_counter()
    coaching.warm(adapter(game).game, profile_from(rules, adapter(game).profile))
    return {"ms": round((time.perf_counter() - began) * 1000, 1)}


def replay(t: Table) -> dict[str, Any]:
    """What replays the table's position now: game, rules, seed, seat, player and the
    learner's presses so far."""
    key = profile_key(t.rules)
    return {"game": t.game, "rules": key, "toml": None if key in shipped_profiles()
            else profile_toml(t.rules), "seed": t.seed, "seat": t.seats.index(YOU),
            "player": t.player, "presses": list(t.presses)}


def payload(t: Table, last: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the page draws: the rows of cards the learner sees, the status and log, the
    buttons, the play built so far, the result once the hand is over, and what the last
    press did."""
    a = t.adapter
    over = a.is_over(t.state)
    rows = []
    for row in a.view(t.state).rows:
        rows.append({"label": a.say(row.label), "cards": [c.code if c else None for c in row.cards]})
    result = None
    if over:
        caption, header, body = a.result(t.state, {})
        result = {"caption": caption, "header": list(header),
                  "rows": [[*map(str, r[:-1]), said(sentence(str(r[-1])))] for r in body]}
    chosen = a.engine.player(t.player)
    return {
        "id": t.id, "game": t.game, "title": a.title, "seed": t.seed,
        "rules": {"key": profile_key(t.rules), "name": t.rules.name},
        "seat": YOU, "seats": list(t.seats), "place": t.seats.index(YOU),
        "player": {"name": chosen.name, "title": chosen.title, "plays": chosen.plays},
        "computers": [s for s in t.seats if s != YOU] + [
            s for s in a.engine.capabilities.house_seats if s not in a.acts_for(t.state)],
        "rows": rows, "status": a.status(t.state), "log": [said(x) for x in a.log(t.state)],
        "your_turn": a.your_turn(t.state), "over": over,
        "choices": [{"label": c.label, "hint": c.tooltip, "style": c.style}
                    for c in _choices(t)],
        "pick_text": a.say(a.pick_text(t.state, t.pick)) if t.pick is not None else "",
        "result": result, "decision": t.moves, "last": last,
        "replay": replay(t), "transcript_entries": len(t.entries), "auto_ms": list(t.auto_ms),
    }


def transcript(table_id: str) -> dict[str, Any]:
    """The record of the hand so far: every action, its explanation and rule, the coach's
    figure for the learner's decisions, and the result; as data and as text."""
    t = table(table_id)
    a = t.adapter
    data = {"game": t.game, "title": a.title, "rules": profile_key(t.rules),
            "rules_name": t.rules.name, "seed": t.seed, "seats": list(t.seats),
            "player": t.player, "player_title": a.engine.player(t.player).title,
            "replay": {**replay(t), "presses": []},
            "actions": [e.data() for e in t.entries],
            "decisions": list(t.scored), "result": payload(t)["result"]}
    return {"data": data, "text": transcript_text(data)}


def transcript_text(data: dict[str, Any]) -> str:
    """The record of a hand as plain text, rules by title.

    >>> print(transcript_text({"title": "Pontoon", "rules_name": "Pontoon", "seed": "7",
    ...     "player": "sensible", "player_title": "Sensible", "actions": [{"who": "You", "action": "Stick",
    ...     "explanation": "You may stick on 20.", "title": "Sticking", "coach": ""}],
    ...     "result": None}))
    Pontoon, rules: Pontoon, shuffle 7 (computer players: Sensible)
    1. You: Stick. You may stick on 20. (Rule: Sticking)
    """
    lines = [f"{data['title']}, rules: {data['rules_name']}, shuffle {data['seed']} "
             f"(computer players: {data.get('player_title') or data['player']})"]
    for i, e in enumerate(data["actions"], start=1):
        line = f"{i}. {e['who']}: {e['action']}. {e['explanation']}"
        if e.get("title"):
            line += f" (Rule: {e['title']})"
        if e.get("coach"):
            line += f" Coach: {e['coach']}"
        lines.append(line)
    result = data.get("result")
    if result:
        lines.append(result["caption"])
        for row in result["rows"]:
            why = row[-1]
            lines.append("  " + ", ".join(row[:-1]) + f": {why['text']}"
                         + (f" (Rule: {why['title']})" if why.get("title") else ""))
    return "\n".join(lines)


# -- the worker's door ----------------------------------------------------------------------------
_CALLS: dict[str, Callable[..., Any]] = {"start": start, "press": press, "coach": coach, "warm": warm,
          "transcript": transcript, "profiles": profiles_of, "players": players_of,
          "view": lambda table_id: payload(table(table_id))}


def call(name: str, args_json: str) -> str:
    """One message of the page, as the worker passes it: a function's name and its keyword
    arguments as JSON; the answer as JSON, ``{"ok": ...}`` or ``{"error": sentence}``.

    >>> json.loads(call("start", '{"game": "banco", "rules": null, "seed": "2"}'))["ok"]["your_turn"]
    True
    >>> json.loads(call("press", '{"table_id": "nope", "index": 0}'))
    {'error': "no table 'nope': sit at the table first"}
    """
    try:
        fn = _CALLS[name]
    except KeyError:
        return json.dumps({"error": f"unknown table call {name!r}; allowed: {', '.join(_CALLS)}"})
    try:
        args = json.loads(args_json or "{}")
        if not isinstance(args, dict):
            raise ValueError("a table call's arguments are a JSON object")
        return json.dumps({"ok": fn(**args)}, ensure_ascii=False)
    except (CardrulesError, ValueError, TypeError, KeyError) as e:
        return json.dumps({"error": str(e.args[0]) if isinstance(e, KeyError) and e.args
                           else str(e)}, ensure_ascii=False)
