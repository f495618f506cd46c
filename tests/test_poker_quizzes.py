"""Poker quiz generators: one or more per rule, deterministic, answered by the engine."""

from __future__ import annotations

import itertools

import pytest

from cardrules import poker
from cardrules.cards import Suit
from cardrules.catalog import rules_of
from cardrules.poker import PokerRules, best_hand, hand_of
from quizzes.model.question import Kind, Question
from quizzes.model.registry import all_generators, for_rule, make

PROFILE = PokerRules()
POKER_GENERATORS = [g.id for g in all_generators() if g.game == "poker"]


def ask(generator_id: str, seed: int) -> Question:
    return make(generator_id, seed, PROFILE)


@pytest.mark.parametrize("rule_id", [r.id for r in rules_of("poker")])
def test_poker_every_rule_has_a_generator(rule_id: str) -> None:
    assert for_rule(rule_id), f"no quiz generator asks about {rule_id}"


@pytest.mark.parametrize("generator_id", POKER_GENERATORS)
def test_poker_generators_are_deterministic_and_self_consistent(generator_id: str) -> None:
    for seed in range(60):
        q = ask(generator_id, seed)
        assert q == ask(generator_id, seed)
        assert all(r.startswith("poker.") for r in q.rule_ids)
        if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
            assert q.check(q.correct[0]).correct
            wrong = [i for i in range(len(q.choices)) if i not in q.correct]
            assert not q.check(wrong[0]).correct
        else:
            assert q.check(sorted(q.accepted[0])).correct


def test_poker_rank_name_quiz_answer_is_the_engine_name() -> None:
    for seed in range(80):
        q = ask("poker.rank.name", seed)
        assert q.answer_text == best_hand(q.rows[0].cards).name
        assert len(q.choices) == 4


def test_poker_rank_name_quiz_asks_every_category() -> None:
    seen = {best_hand(ask("poker.rank.name", s).rows[0].cards).category for s in range(200)}
    assert seen == set(poker.Category)


def test_poker_rank_which_wins_quiz() -> None:
    answers = set()
    for seed in range(80):
        q = ask("poker.rank.which-wins", seed)
        a, b = (best_hand(r.cards) for r in q.rows)
        expected = "Hand A" if a > b else "Hand B" if b > a else "They tie"
        assert q.answer_text == expected
        assert not set(q.rows[0].cards) & set(q.rows[1].cards)
        answers.add(expected)
    assert answers == {"Hand A", "Hand B", "They tie"}


def test_poker_best_five_pick_quiz_accepts_every_best_five() -> None:
    for seed in range(40):
        q = ask("poker.best-five.pick", seed)
        held = q.rows[0].cards
        best = best_hand(held)
        right = {frozenset(idx) for idx in itertools.combinations(range(len(held)), 5)
                 if hand_of(tuple(held[i] for i in idx)) == best}
        assert set(q.accepted) == right


def test_poker_best_five_name_quiz() -> None:
    for seed in range(40):
        q = ask("poker.best-five.name", seed)
        assert q.answer_text == best_hand(q.rows[0].cards).name


def test_poker_excluded_suit_quiz_and_fewer_than_five() -> None:
    short = 0
    for seed in range(80):
        q = ask("poker.excluded-suit.best", seed)
        suit = next(s for s in Suit if f"banner suit is {s.value}" in q.prompt)
        hand = best_hand(q.rows[0].cards, exclude_suit=suit)
        assert q.answer_text == hand.name
        if not hand.is_complete:
            short += 1
            assert "poker.fewer-than-five" in q.rule_ids
    assert short > 0


def test_poker_fewer_than_five_which_wins_quiz() -> None:
    for seed in range(80):
        q = ask("poker.fewer-than-five.which-wins", seed)
        (ana, ben) = q.rows
        excluded_a = {ana.cards[i].suit for i in ana.greyed}
        excluded_b = {ben.cards[i].suit for i in ben.greyed}
        assert len(excluded_a) <= 1 and len(excluded_b) <= 1
        sa = next(iter(excluded_a)) if excluded_a else None
        sb = next(iter(excluded_b)) if excluded_b else None
        a, b = best_hand(ana.cards, exclude_suit=sa), best_hand(ben.cards, exclude_suit=sb)
        assert not a.is_complete  # Ana's hand is always short
        expected = "Ana" if a > b else "Ben" if b > a else "They tie"
        assert q.answer_text == expected
