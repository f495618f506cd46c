"""The HTML blocks behind the book directives, for every game."""

from __future__ import annotations

import pytest

from cardrules.catalog import games
from quizzes import bookparts

DEAL_PROFILES = ["punto-banco", "pontoon", "shoot-pontoon", "casino-pontoon", "palace-poker"]


@pytest.mark.parametrize("profile", DEAL_PROFILES)
def test_deal_block_draws_a_seeded_deal(profile: str) -> None:
    html = bookparts.deal_block(profile, {"seed": "7"})
    assert html.count("<svg") >= 4 and "seed 7" in html
    assert html == bookparts.deal_block(profile, {"seed": "7"})
    assert html != bookparts.deal_block(profile, {"seed": "8"})


def test_rule_block_for_every_game_shows_house_readings() -> None:
    from cardrules.catalog import all_rules

    for r in all_rules():
        html, anchor, title = bookparts.rule_block(r.id)
        assert title == r.title and anchor == bookparts.rule_anchor(r.id)
        assert ("House reading" in html) is bool(r.house_reading)
    assert {"banco", "pontoon", "casino-pontoon", "casino", "palace", "poker"} <= set(games())
