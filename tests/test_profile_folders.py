"""Profiles only from where they belong: the live quiz (and ``extends``) read a shipped
profile or a file in the allowed folders, and refuse any other path with one message whether or
not it exists; ``extends`` loops are found however a file is spelled; a missing shipped profile
names the teacher's file and key.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardrules.errors import ProfileError
from cardrules.profiles import load_rules
from quizzes import teach as lessons
from quizzes.teach import SpecError, load_spec, session_profile
from quizzes.teach.cli import main
from quizzes.teach.folders import ENV, SECTION, configured_folders, profile_folders
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


def refusal(ref: str, folders: list[Path]) -> ProfileError:
    with pytest.raises(ProfileError) as info:
        session_profile(ref, folders)
    return info.value


# -- the live quiz: ?profile= ------------------------------------------------------------------

def test_voila_refuses_etc_passwd_and_a_missing_path_with_the_same_message(tmp_path: Path
                                                                           ) -> None:
    real, missing = refusal("/etc/passwd", [EXAMPLES]), refusal("/nowhere/x.toml", [EXAMPLES])
    assert (real.key, real.problem) == (missing.key, missing.problem)
    assert str(real) == f"/etc/passwd: {real.problem}"
    assert real.problem.startswith("not allowed here: a profile is a shipped one or a .toml "
                                   "file in ")
    assert "TOML" not in str(real) and "root:" not in str(real), "nothing of the file is read"
    # a file outside that exists and one that does not, beside each other
    (tmp_path / "there.toml").write_text('extends = "pontoon"\n')
    there, absent = (refusal(str(tmp_path / n), [EXAMPLES]) for n in ("there.toml", "no.toml"))
    assert there.problem == absent.problem == real.problem


@pytest.mark.parametrize("ref", ["../../../../../../etc/passwd", "../examples/../../x.toml",
                                 "/etc/hostname.toml"])
def test_voila_refuses_paths_that_climb_out_of_the_folders(ref: str) -> None:
    assert refusal(ref, [EXAMPLES]).problem.startswith("not allowed here")


def test_voila_reads_a_shipped_profile_and_a_file_of_the_folders(tmp_path: Path) -> None:
    assert session_profile("pontoon-stick-16", [EXAMPLES]).min_stick == 16  # type: ignore[attr-defined]
    ours = session_profile("our-house-rules.toml", [EXAMPLES])
    assert ours.name == "Our house rules"
    assert session_profile("examples/our-house-rules.toml", [EXAMPLES]) == ours
    assert session_profile(str(EXAMPLES / "our-house-rules.toml"), [EXAMPLES]) == ours
    missing = refusal("no/such/rules.toml", [EXAMPLES])
    assert missing.problem == "no such profile file", "inside the folders a file may be missing"


def test_a_symlink_in_the_folder_to_a_file_outside_is_refused(tmp_path: Path) -> None:
    folder, outside = tmp_path / "rules", tmp_path / "outside.toml"
    folder.mkdir()
    outside.write_text('extends = "pontoon"\nmin_stick = 16\n')
    (folder / "link.toml").symlink_to(outside)
    assert refusal("link.toml", [folder]).problem.startswith("not allowed here")


def test_the_live_quiz_page_shows_the_refusal_not_the_file(monkeypatch: Any) -> None:
    monkeypatch.setenv("QUERY_STRING", "game=banco&profile=/etc/passwd&seed=1")
    app = lessons.live_session(folders=[EXAMPLES])
    alert = app.children[0].children[6].value
    assert "/etc/passwd: not allowed here" in alert and "TOML" not in alert
    assert app.quiz is None


def test_the_live_quiz_folders_are_examples_and_the_configured_ones(tmp_path: Path,
                                                                    monkeypatch: Any) -> None:
    config = json.loads((ROOT / "apps" / "voila.json").read_text())
    assert config[SECTION]["profile_folders"] == [] and "examples" in config[SECTION]["about"]
    project = tmp_path / "project"
    (project / "book").mkdir(parents=True)
    (project / "book" / "_config.yml").write_text("title: x\n")
    (project / "apps").mkdir()
    (project / "apps" / "voila.json").write_text(json.dumps(
        {SECTION: {"profile_folders": ["../club-rules"]}}))
    monkeypatch.setenv(ENV, str(tmp_path / "more"))
    assert configured_folders(project) == [project / "apps" / "../club-rules", tmp_path / "more"]
    assert profile_folders(project) == [(project / "examples").resolve(),
                                        (project / "club-rules").resolve(),
                                        (tmp_path / "more").resolve()]


# -- extends -------------------------------------------------------------------------------------

def test_extends_outside_the_allowed_folders_is_refused_whether_or_not_it_exists(
        tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    (tmp_path / "secret.toml").write_text('extends = "pontoon"\n')
    messages = []
    for target in ("../secret.toml", "../missing.toml", "../../../../../../etc/passwd"):
        (folder / "ours.toml").write_text(f'extends = "{target}"\n')
        for folders in (None, [folder]):
            with pytest.raises(ProfileError) as info:
                load_rules(folder / "ours.toml", folders=folders)
            assert info.value.key == "extends" and info.value.source == str(folder / "ours.toml")
            messages.append(info.value.problem.replace(f'"{target}"', "X"))
    assert len(set(messages)) == 1, messages
    assert messages[0].startswith("X is not allowed here: a profile is a shipped one or a .toml "
                                  "file in ")


def test_a_spec_profile_outside_its_folder_is_refused(tmp_path: Path) -> None:
    lesson = tmp_path / "lessons"
    lesson.mkdir()
    (tmp_path / "house.toml").write_text('extends = "punto-banco"\n')
    spec = lesson / "l.toml"
    for ref in ("../house.toml", "/etc/passwd"):
        spec.write_text(f'title = "T"\nprofile = "{ref}"\nrules = ["banco.natural"]\n')
        with pytest.raises(SpecError) as info:
            load_spec(spec)
        assert str(info.value).startswith(f'{spec}: profile: "{ref}": not allowed here: a '
                                          "profile is a shipped one or a .toml file in ")


def test_an_extends_loop_through_different_spellings_is_named_as_written(tmp_path: Path,
                                                                          capsys: Any) -> None:
    (tmp_path / "loop1").mkdir()
    (tmp_path / "loop2").mkdir()
    (tmp_path / "loop1" / "b.toml").write_text('extends = "../loop2/a.toml"\n')
    (tmp_path / "loop2" / "a.toml").write_text('extends = "./../loop1/b.toml"\n')
    with pytest.raises(ProfileError) as info:
        load_rules(tmp_path / "loop1" / "b.toml", folders=[tmp_path])
    message = str(info.value)
    assert message == (f"{tmp_path / 'loop2' / 'a.toml'}: extends: the profiles extend each "
                       f"other in a loop: {tmp_path / 'loop1' / 'b.toml'} extends "
                       "../loop2/a.toml, which extends ./../loop1/b.toml")
    assert len(message) < 400, "not a path grown until the name is too long"


def test_an_extends_loop_in_one_folder(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    Path("loop-a.toml").write_text('extends = "loop-b.toml"\n')
    Path("loop-b.toml").write_text('extends = "./loop-a.toml"\n')
    assert main(["profile", "check", "loop-a.toml"]) == 2
    assert capsys.readouterr().err == (
        "cardrules: loop-b.toml: extends: the profiles extend each other in a loop: loop-a.toml "
        "extends loop-b.toml, which extends ./loop-a.toml\n")


def test_a_long_extends_chain_stops_at_the_limit(tmp_path: Path) -> None:
    for n in range(40):
        (tmp_path / f"p{n}.toml").write_text(f'extends = "p{n + 1}.toml"\n')
    (tmp_path / "p40.toml").write_text('extends = "pontoon"\n')
    with pytest.raises(ProfileError, match="extends: more than 32 profiles extend one another"):
        load_rules(tmp_path / "p0.toml")
    assert load_rules(tmp_path / "p20.toml").game == "pontoon"


def test_a_missing_shipped_profile_names_the_teachers_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "ours.toml"
    path.write_text('extends = "nosuch"\n')
    with pytest.raises(ProfileError) as info:
        load_rules(path)
    assert (info.value.source, info.value.key) == (str(path), "extends")
    assert str(info.value).startswith(f"{path}: extends: no shipped profile 'nosuch'; shipped: ")
    assert "conf/" not in str(info.value)
    with pytest.raises(ProfileError) as info:
        load_rules("nosuch")
    assert str(info.value).startswith("nosuch: no shipped profile 'nosuch'; shipped: banco, ")


def test_a_spec_naming_a_missing_shipped_profile_names_the_spec_and_key(tmp_path: Path) -> None:
    spec = tmp_path / "l.toml"
    spec.write_text('title = "T"\nprofile = "nosuch"\nrules = ["banco.natural"]\n')
    with pytest.raises(SpecError) as info:
        load_spec(spec)
    assert str(info.value).startswith(f"{spec}: profile: no shipped profile 'nosuch'; shipped: ")


def test_profile_check_of_a_folder_or_a_device_is_one_line(capsys: Any, tmp_path: Path) -> None:
    for path, problem in ((tmp_path, "is a folder; name a .toml house-rules file"),
                          (Path(os.devnull), "is not a regular file")):
        assert main(["profile", "check", str(path)]) == 2
        assert capsys.readouterr().err == f"cardrules: {path}: {problem}\n"
