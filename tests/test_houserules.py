"""House rules shown and compared: `cardrules profile list|show|check`, and the rules explorer
of the chapter "For teachers", whose figures must be the exact analyses the chapters test."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cardrules import banco
from cardrules.casino_pontoon import load_casino_pontoon
from cardrules.casino_pontoon.strategy import analyse_infinite, analyse_shoe
from cardrules.profiles import load_rules, options, profile_type, shipped_profiles
from quizzes.teach import houserules
from quizzes.teach.cli import main
from tests.conftest import ROOT

SEED = load_casino_pontoon()
ONLINE = load_casino_pontoon("casino-pontoon-online")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- cardrules profile list ---------------------------------------------------------------------
def test_profile_list_names_every_shipped_profile_with_game_and_description(capsys) -> None:
    status, out, err = run(capsys, "profile", "list")
    assert status == 0 and not err
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(shipped_profiles())
    for line in lines:
        name, game, *description = line.split()
        assert load_rules(name).game == game and description


def test_profile_list_of_one_game_and_the_old_spelling(capsys) -> None:
    status, out, _ = run(capsys, "profile", "list", "pontoon")
    assert status == 0
    assert {line.split()[1] for line in out.splitlines()} == {"pontoon"}
    assert "pontoon-no-fifth-buy-11" in out
    assert run(capsys, "profiles", "pontoon")[1] == out


@pytest.mark.parametrize("argv", [("profile", "list", "bridge"), ("profiles", "bridge"),
                                  ("rules", "bridge"), ("quizzes", "bridge")])
def test_an_unknown_game_is_one_line_and_status_2(capsys, argv: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("cardrules: ") and "'bridge'" in err
    assert "pontoon" in err  # it says which games exist


# -- cardrules profile show ---------------------------------------------------------------------
@pytest.mark.parametrize("name", shipped_profiles())
def test_profile_show_lists_every_option_with_meaning_allowed_value_and_default(
        capsys, name: str) -> None:
    status, out, err = run(capsys, "profile", "show", name)
    assert status == 0 and not err
    profile = load_rules(name)
    for info in options(profile_type(profile.game)):
        if info.name in ("name", "description"):
            continue
        line = next(line for line in out.splitlines() if line.split()[:1] == [info.name])
        value = houserules.toml_text(getattr(profile, info.name))
        assert line.split()[1] == value
        assert houserules.toml_text(info.default) in line and info.allowed in line
        assert info.help in line
        assert (" * " in line) == (getattr(profile, info.name) != info.default)


def test_profile_show_of_a_teachers_file_by_path(capsys) -> None:
    status, out, _ = run(capsys, "profile", "show", str(ROOT / "examples/our-house-rules.toml"))
    assert status == 0
    assert out.startswith("Our house rules (pontoon)")
    stick = next(line for line in out.splitlines() if line.startswith("min_stick"))
    assert stick.split()[:4] == ["min_stick", "16", "*", "15"]


def test_profile_show_prints_the_exact_odds_of_punto_banco(capsys) -> None:
    out = run(capsys, "profile", "show", "punto-banco")[1]
    # the published eight-deck figures (tests/test_banco.py)
    assert "Banker: wins 45.8597% of coups; house edge of the bet 1.058%" in out
    assert "Player: wins 44.6247% of coups; house edge of the bet 1.235%" in out
    assert "Tie: wins 9.5156% of coups; house edge of the bet 14.360%" in out


def test_profile_show_prints_the_house_edge_of_casino_pontoon(capsys) -> None:
    out = run(capsys, "profile", "show", "casino-pontoon-online")[1]
    assert f"{100 * analyse_infinite(ONLINE).house_edge:.3f}% in the infinite-deck model" in out
    assert "0.294%" in out
    assert "House edge" not in run(capsys, "profile", "show", "pontoon")[1]


def test_profile_show_unknown_profile_is_one_line_and_status_2(capsys, tmp_path: Path) -> None:
    status, out, err = run(capsys, "profile", "show", "pontoon-stick-17")
    assert status == 2 and not out and err.count("\n") == 1
    assert "no shipped profile 'pontoon-stick-17'" in err
    status, _, err = run(capsys, "profile", "show", str(tmp_path / "none.toml"))
    assert status == 2 and err.count("\n") == 1 and "none.toml: no such profile file" in err


# -- cardrules profile check --------------------------------------------------------------------
def test_profile_check_accepts_a_good_file(capsys) -> None:
    status, out, err = run(capsys, "profile", "check", str(ROOT / "examples/our-house-rules.toml"))
    assert status == 0 and not err and out.count("\n") == 1
    assert out.endswith("our-house-rules.toml: OK, a pontoon profile (Our house rules); differs "
                        "from the defaults in min_stick = 16\n")


@pytest.mark.parametrize(("text", "key", "problem"), [
    ('extends = "pontoon"\nmin_stick = 17\n', "min_stick", "must be one of 15, 16; got 17"),
    ('extends = "pontoon"\nmin_stik = 16\n', "min_stik", "unknown key for 'pontoon'"),
    ('game = "bridge"\n', "game", "unknown game 'bridge'"),
    ('extends = "pontoon"\nshoot = "yes"\n', "shoot", "must be true or false"),
    ('name = "no game"\n', "game", "is missing"),
    ('extends = "casino-pontoon"\nmin_bet = 50\nmax_bet = 10\n', None, "above max_bet"),
    ('extends = "pontoon"\nmin_stick = \n', None, "not valid TOML"),
])
def test_profile_check_names_the_file_and_the_key(capsys, tmp_path: Path, text: str,
                                                  key: str | None, problem: str) -> None:
    f = tmp_path / "ours.toml"
    f.write_text(text)
    status, out, err = run(capsys, "profile", "check", str(f))
    assert status == 2 and not out
    assert err.count("\n") == 1, err
    where = f"cardrules: {f}: {key}: " if key else f"cardrules: {f}: "
    assert err.startswith(where) and problem in err


def test_profile_check_of_a_folder_a_missing_file_or_a_lesson(capsys, tmp_path: Path) -> None:
    lesson = ROOT / "examples/pontoon-buying-and-twisting.toml"
    for path, problem in ((tmp_path, "is a folder"), (tmp_path / "x.toml", "no such profile"),
                          (lesson, "is a lesson spec (it has a title), not a house-rules file")):
        status, _, err = run(capsys, "profile", "check", str(path))
        assert status == 2 and err.count("\n") == 1 and problem in err


# -- the rules explorer -------------------------------------------------------------------------
def test_explorer_punto_banco_is_the_exact_odds() -> None:
    c = houserules.comparison("banco")
    base = load_rules("punto-banco")
    assert c.changes[0] == {}
    for change, figures in zip(c.changes, c.figures, strict=True):
        p = base.replace(**change)
        o = banco.exact_odds(p.decks, p.tie_pays, p.commission_percent)
        assert figures == (o.banker_edge, o.player_edge, o.tie_edge)
        assert all(isinstance(f, Fraction) for f in figures)
    # the published figures the Punto Banco chapter's tests check (tests/test_banco.py)
    shipped = c.figures[0]
    assert [f"{float(f):.2%}" for f in shipped] == ["1.06%", "1.24%", "14.36%"]
    six = c.figures[c.changes.index({"decks": 6})]
    assert [f"{float(f):.2%}" for f in six] == ["1.06%", "1.24%", "14.44%"]
    # every option the issue names moves the odds: the tie payout, the commission, the decks
    assert {next(iter(ch)) for ch in c.changes[1:]} == {"decks", "tie_pays", "commission_percent"}
    nine = c.figures[c.changes.index({"tie_pays": 9})]
    assert nine[2] < shipped[2] and nine[:2] == shipped[:2]
    no_commission = c.figures[c.changes.index({"commission_percent": 0})]
    assert no_commission[0] < 0 < shipped[0]  # without commission the Banker bet beats the house


def test_explorer_casino_pontoon_is_the_exact_analysis() -> None:
    c = houserules.comparison("casino-pontoon", shoe_decks=(6,))
    assert c.rows[0][2] == f"{100 * analyse_infinite(SEED).house_edge:.3f}%" == "3.541%"
    for change, figures, row in zip(c.changes, c.figures, c.rows, strict=True):
        if row[-1] == "infinite deck":
            assert figures == (analyse_infinite(SEED.replace(**change)).house_edge,)
        else:
            assert change == {"decks": 6} and row[-1] == "exact 6-deck shoe"
            assert figures == (analyse_shoe(SEED).house_edge,)
    options_moved = {next(iter(ch)) for ch in c.changes[1:]}
    assert options_moved == {"decks", "dealer_hits_soft_17", "dealer_cards_face_down",
                             "dealer_five_card_trick", "five_card_trick_pays", "split_by",
                             "max_hands", "split_pontoon"}
    # the directions the strategy tests check (test_seed_house_edge_with_and_without_options)
    base = c.figures[0][0]
    for change in ({"dealer_hits_soft_17": False}, {"five_card_trick_pays": "2:1"},
                   {"split_pontoon": True}, {"dealer_five_card_trick": False}):
        assert c.figures[c.changes.index(change)][0] < base
    # what the chapter says: the 2:1 five card trick helps the player most, the dealer's
    # five card trick taken away comes next
    by_edge = sorted(range(len(c.rows)), key=lambda i: c.figures[i][0])
    assert [c.changes[i] for i in by_edge[:2]] == [{"five_card_trick_pays": "2:1"},
                                                   {"dealer_five_card_trick": False}]


def test_explorer_only_for_games_with_an_exact_analysis() -> None:
    assert houserules.exact_games() == ("banco", "casino-pontoon")
    with pytest.raises(houserules.ProfileError, match="no exact analysis"):
        houserules.comparison("pontoon")
    with pytest.raises(houserules.UnknownGameName):
        houserules.comparison("bridge")
