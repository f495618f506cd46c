"""Casino quizzes: every generator's answer agrees with the engine, and wrong answers fail."""

from __future__ import annotations

import pytest

from cardrules import casino
from cardrules.casino import Capture
from quizzes.model.question import Kind
from quizzes.model.registry import all_generators, make

GENERATORS = [g for g in all_generators() if g.game == "casino"]


def test_casino_every_rule_has_a_generator() -> None:
    named = {r for g in GENERATORS for r in g.rule_ids}
    assert named >= {r.id for r in casino.RULES}


@pytest.mark.parametrize("gen", GENERATORS, ids=lambda g: g.id)
def test_casino_quiz_answers_check(gen) -> None:  # type: ignore[no-untyped-def]
    for seed in range(25):
        q = make(gen.id, seed=seed)
        assert set(q.rule_ids) <= {r.id for r in casino.RULES}
        if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            assert q.check(q.correct[0]).correct
            wrong = [i for i in range(len(q.choices)) if i not in q.correct]
            assert not q.check(wrong[0]).correct
        elif q.kind is Kind.NUMERIC:
            assert q.check(str(q.low)).correct and not q.check(str(q.low + 100)).correct
        else:
            for accepted in q.accepted:
                assert q.check(sorted(accepted)).correct
            assert not q.check([]).correct


@pytest.mark.parametrize("gid", ["casino.capture.numeral.pick", "casino.royal.ace-pick"])
def test_casino_capture_numeral_pick_accepts_exactly_the_largest_captures(gid: str) -> None:
    for seed in range(25):
        q = make(gid, seed=seed)
        table = q.rows[q.pick_row].cards
        hand = q.rows[-1].cards
        rules = casino.load_casino("royal-casino" if "royal" in gid else "casino")
        s = casino.position(hand, table, rules=rules)
        legal = {frozenset(m.loose) for m in casino.captures_with(s, hand[0])}
        picked = [frozenset(table[i] for i in a) for a in q.accepted]
        assert all(p in legal for p in picked)
        # none is contained in another legal capture: each is as large as it can be
        assert not any(p < other for p in picked for other in legal)
        assert all(casino.can_capture(s, Capture(hand[0], tuple(p))) for p in picked)
