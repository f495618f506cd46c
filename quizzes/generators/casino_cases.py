"""The cases of Casino's quiz generators (:mod:`quizzes.generators.casino`): positions
and their rows, builds drawn at random, the cards of a multiple build, an increase, a play
of a build's owner, every announcement a build could make with its reason, and the table
left by a round's last play.  Standard library and the engine only; no generator here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules import casino
from cardrules.cards import Card, standard_deck
from cardrules.casino import Build, Capture, CasinoRules, Increase
from cardrules.reasons import Keeps, Owns, Raises, Step
from cardrules.rng import Rng
from quizzes.model.question import CardRow

DECK = standard_deck()


def numerals(royal: bool) -> tuple[Card, ...]:
    """The cards that capture and build by value: every card in Royal Casino, the ace to
    the ten in the base game."""
    return DECK if royal else tuple(c for c in DECK if c.rank.pips <= 10)


def card_rows(state: casino.CasinoState, hand_label: str = "Your hand") -> list[CardRow]:
    """The table (loose cards, then each build) and the hand, as rows of cards."""
    rows = [CardRow(label, cards) for label, cards in casino.table_rows(state)]
    rows.append(CardRow(hand_label, state.hand))
    return rows


def position_of(rules: CasinoRules, hand: Sequence[Card], loose: Sequence[Card],
              builds: Sequence[tuple[int, Sequence[Sequence[Card]], int]] = ()
              ) -> casino.CasinoState:
    """A position: the hand to play, the loose table cards and the builds (value, sets,
    owner seat)."""
    return casino.position(tuple(hand), tuple(loose),
                           [(v, [tuple(p) for p in parts], o) for v, parts, o in builds], rules)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in card order."""
    return tuple(sorted(cards))


def announce_steps(s: casino.CasinoState, card: Card, chosen: tuple[Card, ...]
                   ) -> tuple[list[Step], list[int]]:
    """Every announcement the cards could make (a single build of their total, multiple
    builds of smaller values), each with the cards kept; and the values that work."""
    rules = s.rules
    cards = (card, *chosen)
    total = sum(casino.card_values(c, rules)[0] if casino.card_values(c, rules) else 0
                for c in cards)
    steps: list[Step] = []
    works = []
    single = (casino.makes_reason(cards, total, rules) if total <= rules.max_value
              else casino.single_over_reason(cards, rules))
    candidates = [single] + [casino.makes_reason(cards, v, rules) for v in
                             range(1, rules.max_value + 1) if v != total]
    for m in candidates:
        if m is not single and not m.holds:
            continue
        steps.append(m)
        if not m.holds:
            continue
        keeps = casino.keeps_reason(s, card, (m.value,), "you",
                                    f"may announce \"building {m.value}\"",
                                    f"may not announce \"building {m.value}\"")
        steps.append(keeps)
        if keeps.holds:
            works.append(m.value)
    return steps, works


def multiple_case(rng: Rng, rules: CasinoRules
                  ) -> tuple[Card, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] | None:
    """A card of ``v`` to play on table cards worth ``v`` (one card, or two adding up to it),
    holding another card of ``v`` half the time: the card played, the loose cards, those
    chosen and the hand."""
    pool = [c for c in numerals(rules.royal) if c.rank.pips <= 10]
    card = rng.choice([c for c in pool if c.rank.pips > 1])
    v = card.rank.pips
    rest = [c for c in pool if c != card]
    if rng.below(2):
        chosen = [rng.choice([c for c in rest if c.rank.pips == v])]
    else:
        a = rng.choice([c for c in rest if c.rank.pips < v])
        bs = [c for c in rest if c != a and c.rank.pips == v - a.rank.pips]
        if not bs:
            return None
        chosen = [a, rng.choice(bs)]
    rest = [c for c in rest if c not in chosen]
    same = [c for c in rest if c.rank.pips == v]
    other = [c for c in rest if c.rank.pips != v]
    second = rng.choice(same) if same and rng.below(2) else rng.choice(other)
    third = rng.choice([c for c in other if c != second])
    loose = sorted_cards({*chosen, *rng.sample([c for c in rest if c not in (second, third)],
                                          rng.between(1, 2))})
    return card, loose, sorted_cards(chosen), sorted_cards((card, second, third))


def random_build(rng: Rng, rules: CasinoRules, avoid: Sequence[Card], multiple: bool
                 ) -> tuple[int, tuple[tuple[Card, ...], ...]] | None:
    """A build of two numerals (and, ``multiple``, a card of its value beside them): its
    value and sets, or None when the value is too high or no card of it is left."""
    pool = [c for c in numerals(rules.royal) if c not in avoid and c.rank.pips <= 10]
    a, b = rng.sample(pool, 2)
    v = a.rank.pips + b.rank.pips
    if v > rules.max_value:
        return None
    if not multiple:
        return v, ((a, b),)
    third = [c for c in pool if c not in (a, b) and c.rank.pips == v]
    if not third:
        return None
    return v, ((a, b), (rng.choice(third),))


def increase_case(rng: Rng, rules: CasinoRules
                  ) -> tuple[casino.CasinoState, Increase, int] | None:
    """South's build and a card of yours to increase it with (taking in a loose card now
    and then): the position, the increase and the build's value."""
    multiple = rng.below(4) == 0
    b = random_build(rng, rules, (), multiple)
    if b is None or b[0] >= rules.max_value:
        return None
    v, parts = b
    used = [c for part in parts for c in part]
    pool = [c for c in numerals(rules.royal) if c not in used]
    card = rng.choice([c for c in pool if c.rank.pips <= 10])
    nv = v + card.rank.pips
    rest = [c for c in pool if c != card]
    keep = [c for c in rest if c.rank.pips == nv]
    other = rng.choice(keep) if keep and rng.below(4) else rng.choice(rest)
    rest = [c for c in rest if c != other]
    same = [c for c in rest if c.rank.pips == nv]
    join = [rng.choice(same)] if same and rng.below(3) == 0 else (
        [rng.choice(rest)] if rng.below(5) == 0 else [])
    loose = sorted_cards({*join, *rng.sample([c for c in rest if c not in join], 2)})
    s = position_of(rules, sorted_cards((card, other)), loose, [(v, parts, 1)])
    return s, Increase(card, v, nv, tuple(join)), v


#: why an increase is refused: the build is multiple, the new value is more than a card
#: captures, a loose card taken in is not worth the new value, no card of it is kept
NOT_INCREASED = ("multiple", "over", "join", "keep")


def refusal(r: Raises) -> str:
    """Which of :data:`NOT_INCREASED` refuses an increase."""
    if len(r.parts) > 1:
        return "multiple"
    if r.value > r.most:
        return "over"
    return "join" if any(j.value != r.value for j in r.joins) else "keep"


def owner_case(rng: Rng, rules: CasinoRules, shape: str
               ) -> tuple[casino.CasinoState, str, list[Step], bool] | None:
    """One play by the owner of a build of ``v``: its prompt, its reason and whether it is
    legal.  ``shape``: capture with a card of the build's value, capture with another card,
    trail, or build another value."""
    b = random_build(rng, rules, (), False)
    if b is None:
        return None
    v, parts = b
    used = [c for part in parts for c in part]
    pool = [c for c in numerals(rules.royal) if c not in used]
    keep = [c for c in pool if c.rank.pips == v]
    if len(keep) < 3:
        return None
    keep = list(rng.shuffled(keep))
    holder = keep[0]
    others = [c for c in pool if c not in keep]
    two = rng.below(2) == 0  # a second card of the build's value in hand
    second = keep[1] if two else rng.choice(others)
    if shape == "capture":
        taken = keep[2]
        loose = sorted_cards([taken, *rng.sample([c for c in others if c != second], 2)])
        hand = sorted_cards((holder, second))
        prompt = (f"play {holder} to capture the loose {taken} and leave your build on the "
                  "table")
        played = holder
    elif shape == "other":
        x = rng.choice([c for c in others if c != second and c.rank.pips <= 10])
        same = [c for c in others if c not in (x, second) and c.rank is x.rank]
        if not same:
            return None
        taken = same[0]
        loose = sorted_cards([taken, *rng.sample([c for c in others if c not in (x, second, taken)],
                                            2)])
        hand = sorted_cards((holder, x))
        prompt = f"play {x} to capture the loose {taken} and leave your build on the table"
        played = x
    elif shape == "trail":
        hand = sorted_cards((holder, second))
        played = rng.choice(hand)
        loose = sorted_cards(rng.sample([c for c in others if c != second], 3))
        prompt = f"trail {played}"
    else:  # build another value, keeping (or not) a card of it beside the build's
        x = rng.choice([c for c in others if c != second and c.rank.pips < 10])
        ys = [c for c in others if c != x and c.rank.pips <= 10
              and x.rank.pips + c.rank.pips <= rules.max_value
              and x.rank.pips + c.rank.pips != v]
        if not ys:
            return None
        y = rng.choice(ys)
        w = x.rank.pips + y.rank.pips
        fits = [c for c in others if c not in (x, y) and c.rank.pips == w]
        misses = [c for c in others if c not in (x, y) and c.rank.pips not in (v, w)]
        if not fits or not misses:
            return None
        third = rng.choice(fits) if rng.below(2) else rng.choice(misses)
        hand = sorted_cards((x, holder, third))
        loose = sorted_cards([y, *rng.sample([c for c in others if c not in (x, y, third)], 2)])
        s = position_of(rules, hand, loose, [(v, parts, 0)])
        keeps = casino.keeps_reason(s, x, (v, w), "you", f"may build {w}",
                                    f"may not build {w}")
        assert casino.can_build(s, Build(x, w, (y,))) == keeps.holds
        return s, f"play {x} onto {y} and announce \"building {w}\"", [keeps], keeps.holds
    s = position_of(rules, hand, loose, [(v, parts, 0)])
    if shape == "trail":
        steps = list(casino.trail_reason(s, played))
        last = steps[-1]
        assert isinstance(last, (Owns, Keeps))
        return s, prompt, steps, last.holds
    move = Capture(played, (taken,))
    keeps = casino.keeps_reason(s, played, (v,), "you", f"may play {played}",
                                f"may not play {played}")
    assert casino.can_capture(s, move) == keeps.holds
    return s, prompt, [keeps], keeps.holds


OWNER_SHAPES = ("capture", "other", "trail", "build")


def table_after(state: casino.CasinoState, move: casino.Move) -> tuple[Card, ...]:
    """The cards on the table after the last play of a round, before the residue is taken."""
    if not isinstance(move, Capture):
        return (*state.table_cards, move.card)
    build = [c for b in state.builds if b.value == move.build for c in b.cards]
    return tuple(c for c in state.table_cards if c not in move.loose and c not in build)
