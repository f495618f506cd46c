"""The Casino Pontoon play-along table calls the learner "you", never by the engine's name
for the seat ("Seat 1"), in its log, its buttons, its refusals and its settlement."""

from __future__ import annotations

import random
import re

from quizzes.live.play.voice import as_you, second_person
from quizzes.live.table import PlayTable
from tests.test_table_text import DISAGREES, SEEDS, play_out

SEAT = re.compile(r"\b[Ss]eat \d")


def test_casino_pontoon_table_never_names_the_learners_seat() -> None:
    found: dict[str, str] = {}
    for seed in SEEDS:
        t = PlayTable("casino-pontoon", seed=seed)
        for text in play_out(t, random.Random(f"seat names:{seed}")):
            for m in (*SEAT.finditer(text), *DISAGREES.finditer(text)):
                found.setdefault(m.group(0), f"seed {seed}: …{text[max(0, m.start() - 40):m.end() + 40]}…")
    assert not found, found


def test_casino_pontoon_seat_sentences_in_the_second_person() -> None:
    said = second_person(as_you("Seat 1, hand 2: doubles to 20 and gets 2♠: 2♣ 3♥ 2♠ (7). "
                                "Seat 1, hand 1 is bust with 24. Seat 1 insures for 5.", "Seat 1"))
    assert said == ("Hand 2: You double to 20 and get 2♠: 2♣ 3♥ 2♠ (7). "
                    "Your hand 1 is bust with 24. You insure for 5.")
