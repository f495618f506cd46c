"""Rules printed with a profile are the rules that table plays: rule boxes, lesson pages,
their notebooks and worksheets state a house rule as the table plays it, mark it as one and
list every option the profile changes beside the standard value.

The built book and the printed PDF are checked in ``tests/test_teacher_text_browser.py``.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

from cardrules.catalog import rule
from cardrules.profiles import load_rules
from quizzes.pages.parts import changes_lines, rule_block
from quizzes.teach import lesson_notebook, lesson_page, load_spec
from quizzes.teach.worksheet import worksheet_html

STANDARD_DEALER = "must draw on 16 or less and on soft 17, and stands on hard 17 or more"
SOFT_17 = ("The dealer must draw on 16 or less and stands on 17 or more, soft 17 included "
           "(house rule; the standard game's dealer draws on soft 17).")


def soft_17_lesson(tmp_path: Path) -> Path:
    """A teacher's lesson at a Casino Pontoon table whose dealer stands on soft 17, from a
    house-rules file that gives no name and no description of its own."""
    (tmp_path / "soft17.toml").write_text('extends = "casino-pontoon"\n'
                                          "dealer_hits_soft_17 = false\n", encoding="utf-8")
    spec = tmp_path / "dealer.toml"
    spec.write_text('title = "The dealer at our table"\nprofile = "soft17.toml"\n'
                    'rules = ["casino-pontoon.dealer", "casino-pontoon.stand"]\n'
                    '[[quizzes]]\ngenerator = "casino-pontoon.dealer.draws"\ncount = 3\n'
                    "seed = 1\n", encoding="utf-8")
    return spec


def test_rule_box_with_a_profile_states_the_rule_as_that_table_plays_it() -> None:
    house, _anchor, _title = rule_block("pontoon.stick", load_rules("pontoon-stick-16"))
    assert "with a total of at least 16 (house rule; the standard game: 15 or more)." in house
    assert 'data-cr-house-rule="1"' in house and "a house rule at this table" in house
    plain, _anchor, _title = rule_block("pontoon.stick")
    assert rule("pontoon.stick").statement in plain and "house rule" not in plain
    same, _anchor, _title = rule_block("pontoon.stick", load_rules("pontoon"))
    assert same == plain, "the standard table's box is the chapter's"


def test_rule_box_states_a_house_reading_as_the_table_plays_it() -> None:
    html, _a, _t = rule_block("palace.battle.raise",
                              load_rules("palace-poker").replace(max_raises=5))
    assert "at most 5 raises in a battle at this table (house rule;" in html
    assert "at most three raises" not in html


def test_lesson_page_states_each_rule_at_the_lessons_table_and_lists_the_changes(
        tmp_path: Path) -> None:
    lesson = load_spec(soft_17_lesson(tmp_path))
    out = tmp_path / "book" / "lessons"
    page = lesson_page(lesson, out)
    for r in lesson.rules:
        assert f"```{{rule}} {r.id}\n:profile: ../../soft17.toml\n```" in page
    assert "- The dealer on soft 17: stands (standard: draws)" in page
    assert "What this table changes from the standard game of Casino Pontoon:" in page
    # the file describes nothing: the page says what it changes, not what its parent did
    assert "**Rules.** Casino Pontoon (house rules)" in page
    assert "Casino Pontoon, the dealer stands on soft 17." in page
    assert "dealer hits soft 17" not in page
    notebook = json.loads(lesson_notebook(lesson, out))
    code = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert "rule_box('casino-pontoon.dealer', PROFILE)" in code


def test_rule_box_of_a_notebook_follows_its_profile(tmp_path: Path, monkeypatch) -> None:
    from quizzes.teach import profile_box, rule_box

    soft_17_lesson(tmp_path)
    monkeypatch.chdir(tmp_path)  # a notebook runs in its own folder
    assert escape(SOFT_17) in rule_box("casino-pontoon.dealer", "soft17.toml").html
    assert "The dealer on soft 17: stands (standard: draws)" in profile_box("soft17.toml").html


def test_worksheet_prints_each_rule_as_the_table_plays_it(tmp_path: Path) -> None:
    lesson = load_spec(soft_17_lesson(tmp_path))
    html, _count = worksheet_html(lesson)
    assert escape(SOFT_17) in html and STANDARD_DEALER not in html
    assert "Worksheet. Rules: Casino Pontoon (house rules)." in html
    assert "<li>The dealer on soft 17: stands (standard: draws)</li>" in html
    # the rule the table does not change reads as the standard game's
    assert rule("casino-pontoon.stand").statement in html
    assert len(re.findall(r"a house rule at this table", html)) == 1


def test_worksheet_at_the_standard_table_says_so() -> None:
    lesson = load_spec(Path(__file__).resolve().parent.parent / "examples"
                       / "punto-banco-in-20-minutes.toml")
    html, _count = worksheet_html(lesson)
    assert "Every rule as the standard game of Punto Banco plays it." in html
    assert "house rule" not in html.replace("House reading", "")


def test_changes_are_listed_with_titles_not_keys() -> None:
    lines = changes_lines(load_rules("pontoon-aces-split"))
    assert lines == ["Splitting: only a pair of aces (standard: any two cards of the same rank)"]


def test_every_rule_box_and_worksheet_rule_prints_the_statement_of_its_table() -> None:
    """The printed boxes are the catalog's statement at that table, for every rule of every
    shipped profile (tests/test_house_statements.py checks those statements)."""
    from cardrules.catalog import house_reading, rules_of, statement
    from cardrules.profiles import shipped_profiles
    from quizzes.pages.parts import statement_html
    from quizzes.teach.worksheet import rule_html

    marked = 0
    for name in shipped_profiles():
        p = load_rules(name)
        for r in rules_of(p.game):
            text, house = statement(r.id, p)
            box, _anchor, _title = rule_block(r.id, p)
            sheet = rule_html(r.id, p)
            assert statement_html(text) in box and escape(text) in sheet, (name, r.id)
            reading = house_reading(r.id, p)
            if reading:
                assert escape(reading) in box and escape(reading) in sheet, (name, r.id)
            assert ('data-cr-house-rule="1"' in box) == house == (
                "a house rule at this table" in sheet), (name, r.id)
            marked += house
    assert marked >= 20
