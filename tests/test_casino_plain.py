"""The fast path against the plain rules: the contract's ``legal_actions`` and ``apply``
(the fast path: planned tables, crowded tables counted, the next state worked out on the
state's carried ``fast`` table) must agree with ``plain_legal_actions`` and
``plain_apply`` (the plain rules of ``cardrules/casino/plain.py``, the specification) on
10,000 positions: positions of random games of every profile and table size, and crowded
positions made up at random (up to twelve loose cards, builds single and multiple, owned
by anyone).  The same legal plays, each once; the same next state; and the next state's
carried table the one worked out afresh from its cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from cardrules import casino
from cardrules.cards import Card
from cardrules.casino import CasinoState, Phase, TableBuild, load_casino
from cardrules.casino.state import event_of
from cardrules.errors import IllegalAction
from cardrules.rng import Rng

PROFILES = ("casino", "royal-casino", "casino-sweeps", "casino-owner-trails", "casino-11")
DECK = casino.new_game(seed=0).all_cards()


def natural(count: int, seed: int) -> Iterator[CasinoState]:
    """``count`` positions met in random games (every profile, 2 to 4 players)."""
    made = 0
    g = 0
    while made < count:
        profile = PROFILES[g % len(PROFILES)]
        s = casino.new_game(load_casino(profile), seed=f"plain:{seed}:{g}", players=2 + g % 3)
        rng = Rng(f"plain:{seed}:{g}")
        while s.phase is not Phase.GAME_OVER and made < count:
            if s.phase is Phase.ROUND_OVER:
                s = casino.next_round(s)
                continue
            yield s
            made += 1
            s = casino.apply(s, casino.random_action(s, rng))
        g += 1


def _value(card: Card, royal: bool) -> int:
    return card.rank.pips if royal or card.rank.pips <= 10 else 0


def crowded(count: int, seed: int) -> Iterator[CasinoState]:
    """``count`` made-up crowded positions: 1 to 4 cards in hand, 6 to 12 loose cards, and
    up to two builds (a single one of two cards, or a multiple one of two cards of a rank),
    each owned by either player."""
    rnd = random.Random(seed)
    for _ in range(count):
        rules = load_casino(rnd.choice(("casino", "royal-casino", "casino-owner-trails",
                                        "casino-sweeps")))
        royal = rules.royal
        deck = list(DECK)
        rnd.shuffle(deck)
        hand = tuple(deck.pop() for _ in range(rnd.randint(1, 4)))
        builds: list[TableBuild] = []
        for _ in range(rnd.choice((0, 0, 1, 1, 2))):
            a, b = deck[-1], deck[-2]
            va, vb = _value(a, royal), _value(b, royal)
            if rnd.random() < 0.4 and a.rank is b.rank and va:
                value, parts = va, ((a,), (b,))
            else:
                value, parts = va + vb, ((a, b),)
            if not va or not vb or value > rules.max_value or any(
                    x.value == value for x in builds):
                continue
            deck.pop()
            deck.pop()
            builds.append(TableBuild(value, parts, rnd.randint(0, 1)))
        low = [c for c in deck if c.rank.pips <= (7 if rnd.random() < 0.5 else 13)]
        loose = tuple(rnd.sample(low, rnd.randint(6, 12)))
        rest = [c for c in deck if c not in loose]
        other = tuple(rest[:4])
        yield CasinoState(rules, 1, 0, (hand, other), loose, tuple(builds), tuple(rest[4:]),
                          ((), ()), ((), ()), None, 1, 1, (0, 0))


def check(s: CasinoState, rnd: random.Random, plays_applied: int = 2) -> int:
    """The fast path and the plain rules agree on ``s``: the same plays, each once, and
    the same next state for a few of them drawn at random (with its ``fast`` table as
    worked out afresh).  Returns the number of plays."""
    fast = casino.legal_actions(s)
    listed = list(fast)
    plain = casino.plain_legal_actions(s)
    assert len(listed) == len(set(listed)) == len(fast), "a play listed twice, or miscounted"
    assert set(listed) == set(plain), (s, set(listed) ^ set(plain))
    if not plain:
        return 0
    for m in rnd.sample(plain, min(plays_applied, len(plain))):
        one, two = casino.apply(s, m), casino.plain_apply(s, m)
        assert one == two, (s, m)
        assert one.fast == replace(one).fast, (s, m)  # as worked out afresh from the cards
        assert last_lines(one) == last_lines(two)
    return len(plain)


def last_lines(s: CasinoState, k: int = 3) -> list[str]:
    """The last ``k`` lines of a state's record, in words (read off the record's chain,
    newest first, without building the whole log)."""
    out = []
    r = s.record
    while r is not None and len(out) < k:
        out.append(event_of(r, s).text)
        r = r.prev
    return out


@pytest.mark.parametrize(("source", "count"), [(natural, 8_000), (crowded, 2_000)])
def test_casino_legal_actions_and_apply_agree_with_the_plain_rules(source, count) -> None:  # type: ignore[no-untyped-def]
    rnd = random.Random(count)
    plays = sum(check(s, rnd) for s in source(count, 1))
    assert plays > count  # positions with plays, and many of them


@pytest.mark.slow
@pytest.mark.parametrize(("source", "count"), [(natural, 100_000), (crowded, 30_000)])
def test_casino_many_more_positions_agree_with_the_plain_rules(source, count) -> None:  # type: ignore[no-untyped-def]
    rnd = random.Random(count)
    assert sum(check(s, rnd, 4) for s in source(count, 2)) > count


def test_casino_capture_numeral_a_play_not_listed_is_refused_by_both() -> None:
    s = casino.position("8S 3D", "AH 2C 5D 6H 7C 8D")
    bad = casino.Capture("8S", "AH 2C 5D 6H 7C 8D")  # never all six [casino.capture.numeral]
    assert bad not in casino.legal_actions(s) and bad not in casino.plain_legal_actions(s)
    for apply in (casino.apply, casino.plain_apply):
        with pytest.raises(IllegalAction) as info:
            apply(s, bad)
        assert info.value.rule_id == "casino.capture.numeral" and "29" in info.value.message


def test_casino_royal_an_ace_taking_aces_as_one_or_as_fourteen_is_one_play() -> None:
    # an ace on the table counts 1 in a set or 14 alone [casino.royal]: the ace played
    # takes the table's aces as 1 or as 14, the same play either way, listed once
    s = casino.position("AS", "AH AD KC", rules="royal-casino")
    fast = [m for m in casino.legal_actions(s) if isinstance(m, casino.Capture)]
    plain = [m for m in casino.plain_legal_actions(s) if isinstance(m, casino.Capture)]
    assert len(fast) == len(set(fast)) == len(plain) and set(fast) == set(plain)
    assert casino.Capture("AS", "AH AD") in fast and casino.Capture("AS", "AH KC") in fast
