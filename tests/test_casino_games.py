"""10,000 random full games per Casino profile, each played to its end with no error.

Every play is chosen at random among ``legal_actions`` and applied with ``apply``, which
checks it again; rounds follow one another (the deal passing left) until a side wins.
The games cycle through 2, 3 and 4 players.  After each game the 52 cards are all in the
piles and the game totals are the sum of the round scores.
"""

from __future__ import annotations

import random

import pytest

from cardrules import casino
from cardrules.casino import Phase, apply, legal_actions, load_casino, next_round

GAMES = 10_000
PROFILES = ("casino", "royal-casino", "casino-sweeps", "casino-owner-trails", "casino-11")


def play_game(rules: casino.CasinoRules, seed: int, players: int) -> casino.CasinoState:
    s = casino.new_game(rules, seed=seed, players=players)
    rng = random.Random(seed)  # the test's own choices; the deals come from the engine's Rng
    while True:
        phase = s.phase
        if phase is Phase.PLAY:
            moves = legal_actions(s)
            s = apply(s, moves[rng.randrange(len(moves))])
        elif phase is Phase.ROUND_OVER:
            if len(s.rounds) > 60:
                raise AssertionError(f"game {seed} has not ended after 60 rounds")
            s = next_round(s)
        else:
            return s


@pytest.mark.slow  # about 90 s of CPU (to 11) to 170 s (to 21) per profile on this machine
@pytest.mark.parametrize("profile", PROFILES)
def test_casino_game_ten_thousand_random_games(profile: str) -> None:
    rules = load_casino(profile)
    target = rules.target
    for g in range(GAMES):
        players = 2 + g % 3
        s = play_game(rules, g, players)
        assert s.winner is not None and s.scores[s.winner] >= target, (profile, g)
        assert len(s.all_cards()) == 52, (profile, g)
        assert s.scores == tuple(map(sum, zip(*(r.points for r in s.rounds), strict=True)))
