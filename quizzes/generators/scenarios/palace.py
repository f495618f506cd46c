"""Scenario builders for the Palace Poker quizzes: seeded tables, battles and hand endings
that the generators in :mod:`quizzes.generators.palace` ask about."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules import palace
from cardrules.cards import Card, Rank, Suit, standard_deck
from cardrules.palace import Battle, Call, Fold, PalaceState, PlayerState, Stay
from cardrules.rng import Rng

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gia", "Hal", "Ivy", "Jo")


def table(rng: Rng, rules: palace.PalaceRules, n: int, soldiers: Sequence[int] | None = None,
          chips: int | None = None, out: Sequence[int] = ()) -> PalaceState:
    """A table of ``n`` players at the first player's turn, banners dealt by the rules
    (distinct suits within each group of four); ``out`` lists seats already out."""
    while True:
        try:
            return _try_table(rng, rules, n, soldiers, chips, out)
        except ValueError:  # everyone left shares a banner suit: deal again
            continue


def _try_table(rng: Rng, rules: palace.PalaceRules, n: int, soldiers: Sequence[int] | None,
               chips: int | None, out: Sequence[int]) -> PalaceState:
    deck = list(rng.shuffled(standard_deck()))
    people: list[PlayerState] = []
    used: dict[int, set[Suit]] = {}
    for k in range(n):
        if k in out:
            people.append(palace.out_player(NAMES[k], chips or 200))
            continue
        group = used.setdefault(k // 4, set())
        suit = rng.choice([s for s in Suit if s not in group and any(c.suit is s for c in deck)])
        group.add(suit)
        banner = next(c for c in deck if c.suit is suit)
        deck.remove(banner)
        later = sum(1 for m in range(k + 1, n) if m not in out)
        room = len(deck) - 3 - 4 * later
        count = soldiers[k] if soldiers is not None else min(rng.below(4), room)
        palace_cards, deck = deck[:3], deck[3:]
        mine, deck = deck[:count], deck[count:]
        stack = chips if chips is not None else 5 * rng.between(12, 60)
        people.append(PlayerState(NAMES[k], banner, tuple(palace_cards), tuple(mine), stack))
    return palace.position(rules, people, seed=rng.below(1_000_000))


def battle(rng: Rng, rules: palace.PalaceRules, n: int = 3, pot: int = 0
           ) -> tuple[PalaceState, PalaceState, palace.BattleOutcome]:
    """A table of ``n`` (the pot holding ``pot``) where the first player attacks the second
    with the least bet and is called: the table, the state after the battle, and the
    battle's showdown."""
    s = table(rng, rules, n, soldiers=[rng.between(0, 3), rng.between(0, 3)] + [0] * (n - 2),
              chips=300)
    if pot:
        s = palace.position(rules, s.players, pot=pot, seed=rng.below(1_000_000))
    target = s.players[1].name
    limits = palace.bet_limits(s, target)
    assert limits is not None
    t = palace.apply(palace.apply(s, Battle(target, limits[0])), Call())
    outcome = t.battles[-1].outcome
    assert outcome is not None
    return s, t, outcome


def ending(rng: Rng, rules: palace.PalaceRules) -> tuple[PalaceState, PalaceState, str]:
    """A hand about to end, the state after the move that ends it, and that move in words:
    the last player left, banners of one suit, a quiet round's showdown or a full tie of
    the last two."""
    case = rng.below(4)
    pot = 5 * rng.between(4, 30) + rng.below(5)
    if case == 0:  # the last player left
        s = table(rng, rules, 3, soldiers=[0, 0, 0])
        s = palace.position(rules, s.players, pot=pot)
        s = palace.apply(s, Fold())
        return s, palace.apply(s, Fold()), f"{s.actor.name} folds"
    if case == 1:  # the only players left share a banner suit
        while True:
            s = table(rng, rules, 5, out=[1, 3])
            alive = [q for q in s.players if q.in_hand]
            if alive[0].suit is alive[2].suit and alive[1].suit is not alive[0].suit:
                break
        s = palace.position(rules, s.players, pot=pot, to_act=alive[1].name)
        return s, palace.apply(s, Fold()), f"{alive[1].name} folds"
    if case == 2:  # a quiet round and a showdown
        s = table(rng, rules, 3, soldiers=[0, 0, 0])
        s = palace.position(rules, s.players, pot=pot)
        s = palace.apply(palace.apply(s, Stay()), Stay())
        return s, palace.apply(s, Stay()), "everyone stays"
    # the last two tie completely
    k9 = rng.sample(tuple(Rank), 3)
    sa, sb, sc = rng.sample(tuple(Suit), 3)
    a_pal = tuple(Card(r, sc) for r in k9)
    b_pal = tuple(Card(r, s_) for r, s_ in zip(k9, rng.shuffled([x for x in Suit
                                                                 if x not in (sa, sb, sc)] * 3),
                                                strict=False))
    low = [r for r in Rank if r not in k9]
    br = rng.choice(low)
    s = palace.position(rules, [PlayerState("Ann", Card(br, sa), a_pal, (), 300),
                                PlayerState("Bob", Card(br, sb), b_pal, (), 300)], pot=pot)
    s = palace.apply(s, Battle("Bob", palace.minimum_bet(s)))
    return s, palace.apply(s, Call()), "Bob calls Ann's attack"
