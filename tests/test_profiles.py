"""House-rule files as teachers write them: encodings, ``extends`` and the options list."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import game as registry
from cardrules.errors import ProfileError
from cardrules.profiles import load_rules, options, profile_type


def test_extends_is_relative_to_the_file_that_says_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "base.toml").write_text('extends = "pontoon"\nmin_stick = 16\n', encoding="utf-8")
    (folder / "ours.toml").write_text('extends = "base.toml"\nmin_stake = 20\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # not the profile's own folder
    rules = load_rules(folder / "ours.toml")
    assert (rules.min_stick, rules.min_stake) == (16, 20)


def test_extends_a_missing_file_names_the_teachers_file_the_key_and_the_path(tmp_path: Path
                                                                             ) -> None:
    (tmp_path / "ours.toml").write_text('extends = "nowhere.toml"\n', encoding="utf-8")
    with pytest.raises(ProfileError) as info:
        load_rules(tmp_path / "ours.toml")
    assert str(info.value) == (f'{tmp_path / "ours.toml"}: extends: no such profile file '
                               f'"nowhere.toml" (a path is read relative to this file\'s '
                               f"folder, {tmp_path})")


def test_utf8_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + 'extends = "pontoon"\nname = "Caf\u00e9 rules"\n'.encode())
    assert load_rules(path).name == "Caf\u00e9 rules"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "cp1252"])
def test_other_encodings_get_one_line_naming_the_file(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "odd.toml"
    text = 'extends = "pontoon"\nname = "Caf\u00e9 \u00bd"\n'
    data = text.encode(encoding)
    if encoding == "utf-16-le":
        data = b"\xff\xfe" + data
    path.write_bytes(data)
    with pytest.raises(ProfileError) as info:
        load_rules(path)
    message = str(info.value)
    assert str(path) in message and "UTF-8" in message and "\n" not in message


@pytest.mark.parametrize("game", registry.rule_modules())
def test_every_option_says_what_it_allows_and_means(game: str) -> None:
    infos = options(profile_type(game))
    names = [o.name for o in infos]
    assert names[:2] == ["name", "description"]
    for o in infos:
        assert o.help.strip(), f"{game}.{o.name} has no meaning"
        assert o.kind and o.allowed, o
    shipped = load_rules(next(p for p in _profiles_of(game)))
    for o in infos[2:]:
        assert hasattr(shipped, o.name)


def _profiles_of(game: str) -> list[str]:
    from cardrules.profiles import shipped_profiles

    return [p for p in shipped_profiles() if load_rules(p).game == game]
