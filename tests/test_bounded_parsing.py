"""Bounded parsing: a lesson spec or a profile is at most 1 MB (refused before parsing), nests
lists and tables at most 32 deep, and holds no YAML alias; every parse error is one line naming
the file (and the key where there is one), with values shown as the teacher wrote them.
"""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cardrules.errors import ProfileError
from cardrules.profiles import MAX_DEPTH, MAX_FILE_BYTES, load_rules, rules_from_text
from quizzes.teach import SpecError, load_spec
from quizzes.teach.cli import main

#: a generous bound: each of these is refused in a fraction of a second, but machines are noisy
QUICK = 5.0

HEAD = "title: T\nprofile: punto-banco\nrules: [banco.natural]\n"


def alias_bomb() -> str:
    """The 451-byte spec of nested aliases that once ran 56 s into a MemoryError."""
    lines = ["t0: &t0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev = "t0" if i == 1 else f"a{i - 1}"
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*{prev}"] * 9) + "]")
    return HEAD + "\n".join(lines) + "\n"


def one_line(capsys: Any) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardrules: "), err
    return err.strip()


def build(spec: Path, capsys: Any) -> tuple[str, float]:
    start = time.monotonic()
    assert main(["lesson", "build", str(spec), "--out", str(spec.parent / "out")]) == 2
    took = time.monotonic() - start
    assert not (spec.parent / "out").exists()
    return one_line(capsys), took


def test_a_yaml_alias_bomb_is_refused_at_once(tmp_path: Path, capsys: Any) -> None:
    spec = tmp_path / "bomb.yaml"
    spec.write_text(alias_bomb(), encoding="utf-8")
    assert len(spec.read_bytes()) < 500
    err, took = build(spec, capsys)
    assert took < QUICK
    assert err == (f"cardrules: {spec}: not valid here: YAML aliases (*name) are not allowed in a "
                   "lesson spec; write the value out (line 5, column 10)")


def test_a_folder_holding_an_alias_bomb_stops_make_lessons_at_once(tmp_path: Path,
                                                                    capsys: Any) -> None:
    (tmp_path / "bomb.yaml").write_text(alias_bomb(), encoding="utf-8")
    start = time.monotonic()
    assert main(["lesson", "build", str(tmp_path), "--out", str(tmp_path / "out")]) == 2
    assert time.monotonic() - start < QUICK
    assert "YAML aliases (*name) are not allowed" in one_line(capsys)


def test_a_single_alias_is_refused_too(tmp_path: Path) -> None:
    spec = tmp_path / "a.yaml"
    spec.write_text(HEAD.replace("rules: [banco.natural]", "rules: &r [banco.natural]")
                    + "intro: *r\n", encoding="utf-8")
    with pytest.raises(SpecError, match=r"YAML aliases \(\*name\) are not allowed"):
        load_spec(spec)


DEEP = 500


@pytest.mark.parametrize(("name", "text", "key"), [
    ("arrays.toml", "title = " + "[" * DEEP + "]" * DEEP + "\n", None),
    ("tables.toml", "title = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n", None),
    ("dotted.toml", "title" + ".a" * DEEP + " = 1\n", "title"),
    ("arrays.yaml", "title: " + "[" * DEEP + "]" * DEEP + "\n", None),
    ("maps.yaml", "".join(f"{'  ' * i}k{i}:\n" for i in range(DEEP)) + "  " * DEEP + "x: 1\n",
     None),
], ids=["toml-arrays", "toml-tables", "toml-dotted-keys", "yaml-flow", "yaml-block"])
def test_nesting_500_deep_is_one_line_within_the_limit(tmp_path: Path, capsys: Any, name: str,
                                                       text: str, key: str | None) -> None:
    spec = tmp_path / name
    spec.write_text(text, encoding="utf-8")
    err, took = build(spec, capsys)
    assert took < QUICK
    where = f"{spec}: {key}: " if key else f"{spec}: "
    assert err.startswith(f"cardrules: {where}"), err
    assert f"nests lists and tables more than {MAX_DEPTH} deep; at most {MAX_DEPTH} levels are " \
        "allowed" in err


def test_nesting_up_to_the_limit_is_read(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text('title = "T"\nx = ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    with pytest.raises(SpecError, match="x: unknown key"):  # read, then refused as a key
        load_spec(deep)
    deep.write_text('title = "T"\nx = ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n")
    with pytest.raises(SpecError, match="x: nests lists and tables more than 32 deep"):
        load_spec(deep)


def test_a_profile_nested_500_deep_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text('extends = "punto-banco"\nname = ' + "[" * DEEP + "]" * DEEP + "\n")
    start = time.monotonic()
    with pytest.raises(ProfileError) as info:
        load_rules(path)
    assert time.monotonic() - start < QUICK
    assert str(info.value) == (f"{path}: nests lists and tables more than 32 deep; at most 32 "
                               "levels are allowed")
    with pytest.raises(ProfileError, match="more than 32 deep"):
        rules_from_text("name = " + "[" * DEEP + "]" * DEEP, "quiz")


def big(path: Path, size: int = 10_000_000) -> Path:
    with path.open("w", encoding="utf-8") as f:
        f.write('title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n')
        f.write(("# " + "x" * 97 + "\n") * (size // 100))
    return path


def test_a_10_mb_spec_is_refused_before_it_is_parsed(tmp_path: Path, capsys: Any,
                                                      monkeypatch: Any) -> None:
    spec = big(tmp_path / "big.toml")

    def never(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("parsed")

    monkeypatch.setattr(tomllib, "loads", never)
    err, took = build(spec, capsys)
    assert took < QUICK
    size = spec.stat().st_size
    assert err == (f"cardrules: {spec}: is too large ({size:,} bytes); a profile or lesson spec "
                   f"may be at most {MAX_FILE_BYTES:,} bytes (1 MB)")


def test_a_10_mb_profile_is_refused_before_it_is_parsed(tmp_path: Path, capsys: Any,
                                                         monkeypatch: Any) -> None:
    path = big(tmp_path / "big-rules.toml")
    monkeypatch.setattr(tomllib, "loads", lambda *_a, **_k: pytest.fail("parsed"))
    start = time.monotonic()
    assert main(["profile", "check", str(path)]) == 2
    assert time.monotonic() - start < QUICK
    assert one_line(capsys).startswith(f"cardrules: {path}: is too large (")


def test_a_spec_that_is_a_device_or_a_fifo_is_not_read(tmp_path: Path, capsys: Any) -> None:
    import os

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    err, _took = build(fifo, capsys)  # opening a FIFO to read it would block
    assert err == f"cardrules: {fifo}: is not a regular file"


# -- values as the teacher wrote them ----------------------------------------------------------

SPEC = 'title = "T"\nprofile = "punto-banco"\nrules = ["banco.natural"]\n'


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("a.toml", SPEC.replace('"T"', "true"), "title: must be text in quotes; got true"),
    ("a.toml", SPEC.replace('"T"', "1979-05-27"), "title: must be text in quotes; got 1979-05-27"),
    ("a.toml", SPEC.replace('"T"', "1979-05-27T07:32:00Z"),
     "title: must be text in quotes; got 1979-05-27T07:32:00Z"),
    ("a.toml", SPEC.replace('"T"', "[1, 2]"), "title: must be text in quotes; got [1, 2]"),
    ("a.toml", SPEC.replace('"T"', "{ a = 1 }"), "title: must be text in quotes; got {a = 1}"),
    ("a.yaml", "title: 1979-05-27\nprofile: punto-banco\nrules: [banco.natural]\n",
     "title: must be text in quotes; got 1979-05-27"),
    ("a.yaml", "title: ~\nprofile: punto-banco\nrules: [banco.natural]\n",
     "title: is missing"),
    ("a.toml", SPEC + '[[quizzes]]\ngenerator = "banco.natural.spot"\ncount = true\n',
     "quizzes[1].count: must be a whole number from 1 to 50; got true"),
    ("a.toml", SPEC + '[[quizzes]]\ngenerator = "banco.natural.spot"\ncount = "5"\n',
     'quizzes[1].count: must be a whole number from 1 to 50; got "5"'),
    ("a.toml", SPEC + '[[quizzes]]\ngenerator = "banco.natural.spot"\nseed = 1.5e3\n'
     'count = 1\nafter = ["x"]\n', "quizzes[1].seed: must be a number or a word; got 1500.0"),
    ("a.toml", SPEC + '[[quizzes]]\ngenerator = "banco.natural.spot"\nkinds = 3\n',
     "quizzes[1].kinds: must be kinds of question in quotes: multiple choice, yes/no, numeric, "
     "pick the cards; got 3"),
    ("a.yaml", "title: T\nprofile: punto-banco\nrules: [banco.natural]\ntrue: 1\n",
     "true: unknown key"),
], ids=["bool", "date", "datetime", "list", "table", "yaml-date", "yaml-null", "count-bool",
        "count-text", "seed-float", "kinds-number", "yaml-bool-key"])
def test_values_are_shown_as_the_teacher_wrote_them(tmp_path: Path, name: str, text: str,
                                                    expected: str) -> None:
    spec = tmp_path / name
    spec.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(spec)
    message = str(info.value)
    assert message.startswith(f"{spec}: {expected}"), message
    for python in ("True", "False", "None", "datetime", "('", "{'"):
        assert python not in message, message


@pytest.mark.parametrize(("text", "expected"), [
    ('game = "banco"\ndecks = true\n', "decks: must be a whole number (decks in the shoe); got true"),
    ('game = "banco"\nname = 1979-05-27\n', "name: must be text (a name for this rule set); got "
     "1979-05-27"),
    ('game = "banco"\ndecks = 7.0\n', "decks: must be a whole number"),
    ("game = true\n", "game: must be the name of a game in quotes, one of: "),
    ('extends = ["pontoon"]\n', 'extends: must be the name of a shipped profile or the path of a '
     '.toml file, in quotes; got ["pontoon"]'),
])
def test_profile_values_are_shown_as_the_teacher_wrote_them(tmp_path: Path, text: str,
                                                            expected: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError) as info:
        load_rules(path)
    message = str(info.value)
    assert message.startswith(f"{path}: {expected}"), message
    assert "True" not in message and "datetime" not in message
