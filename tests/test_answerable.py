"""Every question can be answered from what it shows, under every shipped profile and every
house-rules profile in examples/.

Each generator of the registry asks many questions under each profile of its game.  The
questions are grouped by what the learner sees: the prompt, the cards shown (a face-down
card is a back, whatever it is), the choices, the unit.  Two questions that look the same
must have the same answer; otherwise the answer depends on something the question hides,
such as the total of cards shown face down.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from cardrules import pontoon
from cardrules.cards import Card
from cardrules.errors import CardrulesError
from cardrules.profiles import Profile, load_rules, shipped_profiles
from quizzes.model.question import Kind, Question
from quizzes.model.registry import Generator, _make, all_generators
from tests.conftest import ROOT

# How many questions each generator asks under each profile: enough for the questions with
# hidden cards to meet their twins, small enough for the whole test to stay fast.
COUNT = 60
HIDDEN_COUNT = 200

# The value of a hand, where the engine has one to compare with what an explanation cites.
HAND_VALUES: dict[str, Callable[[Sequence[Card]], set[int]]] = {
    "pontoon": lambda cs: {pontoon.low_total(cs), pontoon.hand_value(cs)},
    "casino-pontoon": lambda cs: {pontoon.low_total(cs), pontoon.hand_value(cs)},
}
_CITED_TOTAL = re.compile(r"\b(?:totalling|totals?|counts?|total of)\s+(\d+)")


def example_profiles() -> list[Path]:
    """The house-rules files in examples/ (the lesson specs there are not profiles)."""
    out = []
    for path in sorted((ROOT / "examples").glob("*.toml")):
        try:
            load_rules(path)
        except CardrulesError:
            continue
        out.append(path)
    return out


PROFILES: list[str | Path] = [*shipped_profiles(), *example_profiles()]


def display(q: Question) -> tuple[object, ...]:
    """What the learner sees of a question, without its answer and explanation."""
    rows = tuple((r.label, tuple("back" if i in r.face_down else str(c)
                                 for i, c in enumerate(r.cards)), tuple(sorted(r.greyed)))
                 for r in q.rows)
    return (q.kind, q.prompt, rows, q.choices, q.unit, q.pick_row)


def answer(q: Question) -> object:
    """The right answer, in terms of what is shown."""
    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        return frozenset(q.choices[i] for i in q.correct)
    if q.kind is Kind.NUMERIC:
        return (q.low, q.high)
    return frozenset(q.accepted)


def ask(gen: Generator, profile: Profile, count: int, start: int = 0) -> list[Question]:
    return [_make(gen, seed, profile) for seed in range(start, start + count)]


def check_answerable(gen: Generator, questions: list[Question], where: str) -> None:
    seen: dict[tuple[object, ...], tuple[object, Question]] = {}
    for q in questions:
        key = display(q)
        if key in seen:
            first_answer, first = seen[key]
            assert answer(q) == first_answer, (
                f"{gen.id} under {where}: two questions look the same but have different "
                f"answers, so the answer depends on what the question hides.\n"
                f"  question: {q.prompt}\n  rows: {key[2]}\n"
                f"  seed {first.seed}: {first.answer_text} ({first.explanation})\n"
                f"  seed {q.seed}: {q.answer_text} ({q.explanation})")
        else:
            seen[key] = (answer(q), q)


def check_nothing_hidden_is_cited(gen: Generator, questions: list[Question], where: str
                                  ) -> None:
    """Where detectable: the explanation of an answer does not rest on the total of cards the
    question shows face down ("Four cards totalling 11 ..." under four backs)."""
    values = HAND_VALUES.get(gen.game)
    if values is None:
        return
    for q in questions:
        for row in q.rows:
            hidden = [c for i, c in enumerate(row.cards) if i in row.face_down]
            if not hidden:
                continue
            cited = {int(n) for n in _CITED_TOTAL.findall(q.explanation)} & values(hidden)
            assert not cited, (
                f"{gen.id} under {where}, seed {q.seed}: the answer rests on the total "
                f"{sorted(cited)} of cards shown face down in {row.label!r}.\n"
                f"  question: {q.prompt}\n  explanation: {q.explanation}")


def generators_of(game: str) -> list[Generator]:
    return [g for g in all_generators() if g.game == game]


@pytest.mark.parametrize("name", PROFILES, ids=[str(p) if isinstance(p, str) else p.name
                                                for p in PROFILES])
def test_every_answer_depends_only_on_what_the_question_shows(name: str | Path) -> None:
    profile = load_rules(name)
    gens = generators_of(profile.game)
    assert gens or profile.game not in {g.game for g in all_generators()}
    asked = 0
    for gen in gens:
        try:
            first = _make(gen, 0, profile)
        except (CardrulesError, ValueError):
            # a generator about another form of the game (Shoot Pontoon's kitty, the casino
            # table's tie bet) refuses these rules at once; it is checked under its own
            continue
        questions = [first, *ask(gen, profile, COUNT - 1, start=1)]
        asked += 1
        if any(r.face_down for q in questions for r in q.rows):
            # hidden cards: ask many more, so that equal displays over different hidden
            # cards are sure to meet
            questions += ask(gen, profile, HIDDEN_COUNT - COUNT, start=COUNT)
        check_answerable(gen, questions, str(name))
        check_nothing_hidden_is_cited(gen, questions, str(name))
    assert asked or not gens, f"no generator of {profile.game} asks under {name}"


def test_every_generator_asks_under_its_own_profile() -> None:
    for gen in all_generators():
        profile = load_rules(gen.profile)
        assert profile.game == gen.game and gen.profile in shipped_profiles()


def test_a_question_that_hides_what_it_depends_on_is_caught() -> None:
    """The check itself: a question showing four cards face down, whose answer depends on
    their total, fails it."""
    from cardrules.cards import parse_cards
    from cardrules.pontoon import low_total
    from quizzes.model.question import CardRow, yes_no

    def hidden(seed: int, cards: str) -> Question:
        total = low_total(parse_cards(cards))
        return yes_no("demo.hidden", seed, "May she buy her 5th card for 165?", ["pontoon.buy"],
                      total > 11, f"Four cards totalling {total}.",
                      rows=[CardRow("Ann", parse_cards(cards), face_down=frozenset(range(4)))])

    gen = all_generators()[0]
    with pytest.raises(AssertionError, match="depends on what the question hides"):
        check_answerable(gen, [hidden(1, "2C 3D 2H 3S"), hidden(2, "KC 3D 2H 3S")], "demo")
    # shown face up, the same two questions look different and pass
    up = [Question(**{**vars(q), "rows": (CardRow("Ann", q.rows[0].cards),)})
          for q in (hidden(1, "2C 3D 2H 3S"), hidden(2, "KC 3D 2H 3S"))]
    check_answerable(gen, up, "demo")
    pontoon_gen = next(g for g in all_generators() if g.game == "pontoon")
    with pytest.raises(AssertionError, match=r"rests on the total \[9\] of cards shown face down"):
        check_nothing_hidden_is_cited(pontoon_gen, [hidden(1, "2C 3D AH 3S")],
                                      "demo")
    check_nothing_hidden_is_cited(pontoon_gen, up, "demo")


@pytest.mark.parametrize("gen_id", ["pontoon.buy.may", "pontoon.buy.range"])
def test_pontoon_no_fifth_buy_on_11_shows_the_four_cards(gen_id: str) -> None:
    """Under no_fifth_buy_on_11 a 5th card may be bought only on four cards over 11: the
    question shows them face up; under the usual rules bought cards stay face down."""
    from quizzes.model.registry import make

    fours = 0
    for seed in range(80):
        q = make(gen_id, seed, "pontoon-no-fifth-buy-11")
        if len(q.rows[0].cards) == 4:
            fours += 1
            assert not q.rows[0].face_down, q.prompt
    assert fours >= 5
    plain = [make(gen_id, seed, "pontoon") for seed in range(80)]
    assert any(q.rows[0].face_down for q in plain if len(q.rows[0].cards) == 4)
