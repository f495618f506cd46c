"""The book's table on the worker's side (quizzes/static/table.py, coaching.py) and the
Casino coach (cardrules/casino/coach.py), without a browser.

- every game is played to its end through the session, the coach asked at every decision;
- a refused press changes nothing and names its rule by title;
- the same seed and presses replay the same position;
- every coach figure the table shows for Casino Pontoon is the engine's advice for that cell;
- Casino's "points now" are the engine's scoring of the cards the play takes, and the reply
  is the best capture any unseen card could make;
- the transcript names rules by title only, and its text has no raw rule id.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardrules import casino
from cardrules import game as registry
from cardrules.cards import parse_cards
from cardrules.casino.coach import DECK, best_reply, coach, taken_score
from cardrules.casino_pontoon import coach as cp_coach
from cardrules.rng import Rng
from quizzes.live.play import adapter
from quizzes.static import table as T
from quizzes.static.coaching import figures

RAW_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*\.[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*\b")


def play_best(t: dict[str, Any], limit: int = 200) -> tuple[dict[str, Any], int]:
    """Press the coach's best option (else the first button) until the hand is over."""
    n = 0
    while not t["over"] and n < limit:
        f = T.coach(t["id"])
        labels = [c["label"] for c in t["choices"]]
        best = [o["label"] for o in f["options"] if o["best"] and o["label"] in labels]
        if f["ruling"]:
            best = [f["ruling"]["label"]]
        t = T.press(t["id"], labels.index(best[0]) if best else 0)
        n += 1
    return t, n


@pytest.mark.parametrize("game", registry.names())
def test_table_every_game_plays_to_its_end_with_the_coach(game: str) -> None:
    t = T.start(game, None, "11")
    assert t["your_turn"] and t["choices"], t["status"]
    t, n = play_best(t)
    assert t["over"], f"{game}: not over after {n} presses"
    assert t["result"]["rows"], t["result"]
    record = T.transcript(t["id"])
    data = record["data"]
    assert data["actions"] and data["seed"] == "11"
    assert all(a["title"] for a in data["actions"] if a["rule"]), data["actions"]
    assert not RAW_ID.findall(record["text"]), RAW_ID.findall(record["text"])[:3]
    assert json.loads(json.dumps(data)) == data
    assert not [a for a in data["actions"] if a["explanation"][:1].islower()], "sentences"
    head = record["text"].splitlines()[0]
    assert head.endswith(f"(computer players: {data['player_title']})"), head  # not a code name


def test_table_a_refused_press_changes_nothing_and_names_its_rule() -> None:
    t = T.start("pontoon", None, "3")
    t = T.press(t["id"], 0)  # stake 10
    labels = [c["label"] for c in t["choices"]]
    before = T.table(t["id"]).state
    refused = None
    for i in range(len(labels)):
        got = T.press(t["id"], i)
        if got["last"]["kind"] == "refused":
            refused = got
            break
        t = T.start("pontoon", None, "3", presses=[t["replay"]["presses"][0]])
        before = T.table(t["id"]).state
    assert refused is not None, f"nothing refused among {labels}"
    assert T.table(refused["id"]).state is before
    last = refused["last"]
    assert last["rule"] and last["title"] and last["title"] != last["rule"]
    assert last["rule"] not in last["text"], last["text"]


def test_table_replays_the_same_position_from_its_presses() -> None:
    t = T.start("casino", None, "5")
    for _ in range(3):
        t = T.press(t["id"], 0)
    again = T.start("casino", None, "5", presses=t["replay"]["presses"])
    assert again["rows"] == t["rows"] and again["choices"] == t["choices"]
    assert again["replay"]["presses"] == t["replay"]["presses"]
    with pytest.raises(ValueError, match="cannot press"):
        T.start("casino", None, "5", presses=["Shuffle the pack"])


def test_table_seats_and_players_are_chosen() -> None:
    t = T.start("palace", None, "2", seat=0, player="random")
    assert t["seats"] == ["You", "Ann", "Bob"] and t["player"]["name"] == "random"
    assert "Picks at random" in t["player"]["plays"]
    assert json.loads(T.call("start", '{"game": "casino", "rules": null, "seed": "1", '
                                      '"player": "nobody"}'))["error"].startswith("Casino has no")


def _cp_cells() -> list[Any]:
    """Casino Pontoon positions where the player decides, from a range of seeds."""
    out = []
    a = adapter("casino-pontoon")
    for seed in range(40):
        s = a.deal(a.rules(), str(seed), {})
        while not a.is_over(s) and a.your_turn(s):
            v = a.view(s)
            out.append(v)
            s = a.apply(s, next(iter(v.legal)))
    return out


def test_table_coach_figures_for_casino_pontoon_are_the_engines_advice() -> None:
    cells = _cp_cells()
    assert len(cells) > 40
    for v in cells:
        advice = cp_coach(v)
        shown = figures("casino-pontoon", v)
        assert len(shown.options) == len(advice.options)
        for o, e in zip(shown.options, advice.options, strict=True):
            assert o.action == e.action
            assert o.cost == pytest.approx(float(e.cost))
            assert o.best == (e.action in advice.best)
            assert o.value_text == advice.value_text(e.action)
            assert o.cost_text == advice.cost_text(e.action)
        assert shown.precision == advice.precision and shown.method == advice.method.value


def _casino_views(seeds: range) -> list[casino.CasinoView]:
    g = registry.get("casino")
    out = []
    for seed in seeds:
        s = g.start(g.profile_of("royal-casino" if seed % 2 else "casino"), seed)
        while not g.is_over(s):
            v = g.view(s, g.to_act(s))
            out.append(v)
            s = g.apply(s, g.players[0](v, Rng(seed)))
    return out


def test_table_casino_points_now_are_the_scoring_of_the_capture() -> None:
    checked = 0
    for v in _casino_views(range(4)):
        a = coach(v)
        assert [o.action for o in a.options] == [p.action for p in a.plays]
        for o in a.plays:
            play = o.action
            taken: tuple[Any, ...] = ()
            if isinstance(play, casino.Capture):
                build = next((b for b in v.builds if b.value == play.build), None)
                taken = (play.card, *play.loose, *(build.cards if build else ()))
                cleared = (len(play.loose) == len(v.loose)
                           and len(v.builds) == (1 if build else 0))
                sweeps = int(cleared and v.rules.sweeps)
            else:
                sweeps = 0
            score = casino.score_piles([taken, ()], v.rules, [sweeps, 0])
            sure = sum(x.points for x in score.awards
                       if x.side == 0 and x.item not in ("most cards", "most spades"))
            assert o.points == sure, (casino.describe(play), o.items)
            assert sorted(map(str, o.now.cards_taken)) == sorted(map(str, taken))
            assert (o.now.cards, o.now.spades) == (score.cards[0], score.spades[0])
            checked += 1
            assert a.option(play).value == o.net == o.points - o.reply_points
        if a.options:
            top = max(x.net for x in a.plays)
            assert a.best and set(a.best) == {x.action for x in a.plays if x.net == top}
            assert max(x.points for x in a.plays) == a.play(a.best_now[0]).points
    assert checked > 100


def test_table_casino_reply_is_the_best_capture_of_any_unseen_card() -> None:
    s = casino.position("KS", "5C 10D AH")
    unseen = [c for c in DECK if c not in set(parse_cards("KS 5C 10D AH"))]
    t, words = best_reply(s, unseen)
    assert t is not None
    # with a 10 an opponent takes big casino (2) with its own card; an ace takes AH (1 or 2
    # with the ace of spades); a 6 takes 5C+AH: the best is a ten with 10D, or AS with AH
    assert t.points == max(taken_score((c, *rest), 0).points
                           for c, rest in [(parse_cards("10S")[0], parse_cards("10D")),
                                           (parse_cards("AS")[0], parse_cards("AH"))])
    assert "capturing" in words


def test_table_worker_calls_answer_in_one_line() -> None:
    assert json.loads(T.call("nope", "{}"))["error"].startswith("unknown table call")
    assert "sit at the table first" in json.loads(T.call("coach", '{"table_id": "x"}'))["error"]
    assert T.warm("casino-pontoon")["ms"] >= 0
    assert T.profiles_of("pontoon")[0]["key"] == "pontoon"


def test_table_block_carries_house_rules_and_every_shipped_profile() -> None:
    from cardrules.profiles import rules_from_text
    from quizzes.pages.table import table_block, table_config

    house = rules_from_text('game = "pontoon"\nname = "Our <b>table</b>"\nmin_stick = 16\n',
                            "a lesson")
    config = table_config("pontoon", house)
    assert config["house"]["name"] == "Our <b>table</b>"
    assert "min_stick = 16" in config["house"]["toml"]
    assert config["profiles"][0]["key"] == "pontoon"
    html = table_block("pontoon", house)
    assert "<b>table</b>" not in html, "the page's text is escaped"
    t = T.start("pontoon", config["house"]["toml"], "3")
    assert t["rules"]["name"] == "Our <b>table</b>" and t["replay"]["toml"]
    assert table_config("pontoon", T.table(t["id"]).rules)["house"] is not None
    shipped = table_config("casino", T.table(T.start("casino", "royal-casino", "1")["id"]).rules)
    assert shipped["default"] == "royal-casino" and shipped["house"] is None
    with pytest.raises(ValueError, match="rules of casino"):
        table_config("pontoon", T.table(T.start("casino", None, "1")["id"]).rules)


def test_a_lesson_page_gets_a_table_under_the_house_rules_of_its_practice_link() -> None:
    """The lesson page's writer (quizzes/teach/page.py) and the book's reader of it agree:
    the table is at the lesson's own rules, house rules (TOML carried) or shipped."""
    from pathlib import Path

    from quizzes.model.banks import profile_toml
    from quizzes.pages.table import lesson_rules, lesson_table_block
    from quizzes.teach.page import practice_link
    from quizzes.teach.spec import load_spec

    root = Path(__file__).resolve().parent.parent
    for name, house in (("pontoon-buying-and-twisting", True),
                        ("punto-banco-in-20-minutes", False)):
        lesson = load_spec(root / "examples" / f"{name}.toml")
        html = "\n".join(practice_link(lesson, root / "book" / "lessons"))
        rules = lesson_rules(html)
        assert rules == lesson.profile, name
        block = lesson_table_block(html)
        assert block is not None and f'data-cr-table="{lesson.profile.game}"' in block
        config = json.loads(block.split('class="cr-table-config">')[1].split("</script>")[0])
        assert (config["house"] is not None) == house, name
        assert (config["house"] or {}).get("toml", config["default"]) == (
            profile_toml(lesson.profile) if house else "punto-banco"), name
    assert lesson_table_block('<p class="cr-practice-link"><a href="../practice.html?'
                              'rules=a&amp;profile=no-such-profile">x</a></p>') is None


_IMPORTS = r"""
import json, sys
def stdlib():
    return {m for m, mod in sys.modules.items() if not m.startswith(("cardrules", "quizzes"))
            and "site-packages" not in (getattr(mod, "__file__", "") or "")}
import quizzes.static.worker as w
from quizzes.model.registry import all_generators
for g in all_generators():
    w.check(g.id, "warm", None, json.dumps({"choices": [0]}))
before = stdlib()
from quizzes.static import table as T
for game in ("banco", "pontoon", "casino-pontoon", "casino", "palace"):
    t = T.start(game, None, "1")
    T.warm(game)
    for _ in range(60):
        if t["over"]:
            break
        T.coach(t["id"])
        t = T.press(t["id"], 0)
    T.transcript(t["id"])
print(json.dumps(sorted(stdlib() - before)))
"""


def test_table_needs_no_module_the_practice_worker_lacks() -> None:
    """The worker's standard library holds only what the quizzes import (lite/pystdlib.py
    finds it by running them): the table, its coaches included, imports nothing more."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", _IMPORTS], capture_output=True, text=True,
                         cwd=root, check=True, env={"PYTHONPATH": str(root)})
    assert json.loads(out.stdout.splitlines()[-1]) == []


@pytest.mark.parametrize("game", registry.names())
def test_table_coach_names_each_option_as_its_button(game: str) -> None:
    """The coach's lines and the buttons say the same words (Casino's captures name their
    sets as the buttons do), and what the coach leaves unvalued is named too."""
    t = T.start(game, None, "5")
    checked = 0
    for _ in range(30):
        if t["over"]:
            break
        f = T.coach(t["id"])
        labels = [c["label"] for c in t["choices"]]
        if t["pick_text"] == "":
            for o in f["options"]:
                assert o["label"] in labels, (o["label"], labels)
                checked += 1
            assert set(f["unvalued"]) <= set(labels), (f["unvalued"], labels)
            assert not set(f["unvalued"]) & {o["label"] for o in f["options"]}
        t = T.press(t["id"], 0)
    assert checked
    if game == "palace":
        assert T.coach(T.start("palace", None, "5")["id"])["unvalued"] == [
            "Buy a soldier", "Stay", "Fold"]
