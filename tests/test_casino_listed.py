"""A play listed for a position carries where it is (``listed``), which ``apply`` trusts only
for the very state that listed it: a stale play (listed for another state) or a forged one
(a listed play changed) is checked as any play is, and
refused when it is not legal."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from cardrules import casino
from cardrules.casino import Capture, Trail, legal_actions, position
from cardrules.errors import IllegalAction


def test_casino_a_listed_play_carries_its_states_key_and_is_applied_as_checked() -> None:
    s = position("8S 3D", "AH 2C 5D 6H 7C 8D")
    for m in legal_actions(s):
        assert m.listed is not None and m.listed[0] is s.fast.key
        assert casino.apply(s, m) == casino.plain_apply(s, m)
    # a play written by hand carries nothing, equals the listed one and is applied alike
    hand = Capture("8S", "8D 7C AH")
    assert hand.listed is None and hand in legal_actions(s)
    assert casino.apply(s, hand) == casino.apply(s, legal_actions(s)[legal_actions(s).index(hand)])


def test_casino_turn_a_stale_listed_play_is_checked_and_refused() -> None:
    s = position("8S 3D", "AH 2C 5D 6H 7C 8D")
    capture = next(m for m in legal_actions(s) if isinstance(m, Capture) and len(m.loose) == 5)
    t = casino.apply(s, Trail("3D"))  # South to play: the capture is North's, and stale
    with pytest.raises(IllegalAction) as info:
        casino.apply(t, capture)
    assert info.value.rule_id == "casino.turn"
    # the same table, another state: a play of 8S that takes the 8D, now gone
    u = casino.apply(s, Capture("8S", "8D"))
    later = position("3D 8C", u.loose)  # 8C: a card of the same value, not the one listed
    with pytest.raises(IllegalAction):
        casino.apply(later, capture)


def test_casino_capture_numeral_a_forged_listed_play_is_checked_and_refused() -> None:
    s = position("8S 3D", "AH 2C 5D 6H 7C 8D")
    listed = next(m for m in legal_actions(s) if isinstance(m, Capture))
    forged = dataclasses.replace(listed, loose=tuple(s.loose))  # all six: never legal
    assert forged.listed is None
    with pytest.raises(IllegalAction) as info:
        casino.apply(s, forged)
    assert info.value.rule_id == "casino.capture.numeral"


def test_casino_a_listed_play_of_an_equal_state_is_checked_and_applied() -> None:
    s = casino.new_game(seed=4)
    twin = dataclasses.replace(s)  # equal, with a table (and key) of its own
    assert twin == s and twin.fast == s.fast and twin.fast.key is not s.fast.key
    for m in legal_actions(s):
        assert casino.apply(twin, m) == casino.apply(s, m)
    copied = pickle.loads(pickle.dumps(s))
    assert copied == s and copied.fast.key is not s.fast.key
    m = legal_actions(s)[0]
    assert casino.apply(copied, m) == casino.apply(copy.deepcopy(s), m) == casino.apply(s, m)
