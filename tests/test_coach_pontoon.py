"""The Pontoon coach against an independent brute force: every ordering of the cards the
player cannot see is dealt into the engine's own state, the player's best play is found
by trying every move the engine allows (every buy amount of the range, not only its
ends) on every state that looks the same to the player, the banker is played by the
table's computer banker, and the player's chips are read from the engine's settlement.

The positions hold few unseen cards: a stripped pack (the engine plays any cards it is
given as its pack) dealt into a real state, the earlier hands played through the engine
(a bust hand's cards go to the bottom of the pack, and can come round again)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations

import pytest

from cardrules import pontoon as pt
from cardrules.cards import Card, parse_cards
from cardrules.game import SetupError
from cardrules.rng import Rng

RULES = pt.load_pontoon().replace(min_stake=2, max_stake=3)
BANKER = pt.PLAYERS[0]  # the table's computer banker: draws below 17, stays on 17 or more


def stripped_deal(rules: pt.PontoonRules, hands: Sequence[tuple[str, str, int]], banker: str,
                  pack: str, *, shoot: Sequence[int] = (), kitty: int = 0) -> pt.DealState:
    """A deal in the players' turns from a stripped pack: each player's name, two cards
    and stake (in playing order), the banker's two cards, then the pack, top first."""
    players = tuple(pt.Player(name, (pt.Hand(tuple(parse_cards(cards)), stake,
                                             shoot=shoot[i] if shoot else 0),))
                    for i, (name, cards, stake) in enumerate(hands))
    seats = ("Bank", *(name for name, _, _ in hands))
    state = pt.DealState(rules, seats, "Bank", players, tuple(parse_cards(banker)),
                         tuple(parse_cards(pack)), pt.Phase.PLAYERS, kitty=kitty)
    assert not pt.is_pontoon(state.banker_cards)
    return state


def information_set(state: pt.DealState, seat: str) -> list[pt.DealState]:
    """Every state that looks to ``seat`` as ``state`` does: the cards it does not see
    dealt, in every order, into the places it cannot see, less the states the rules rule
    out (a banker's pontoon would have ended the deal; a declared pontoon is one)."""
    v = pt.view(state, seat)
    seen = {c for row in v.rows for c in row.shown}
    slots: list[tuple[str, int, int, int]] = []
    for i, p in enumerate(state.players):
        for j, h in enumerate(p.hands):
            for k, c in enumerate(h.cards):
                if c not in seen:
                    slots.append(("hand", i, j, k))
    slots += [("banker", 0, 0, k) for k, c in enumerate(state.banker_cards) if c not in seen]
    slots += [("pack", 0, 0, k) for k, c in enumerate(state.pack) if c not in seen]
    hidden = [c for kind, i, j, k in slots for c in [_at(state, kind, i, j, k)]]
    out = []
    for order in permutations(hidden):
        players = [[list(h.cards) for h in p.hands] for p in state.players]
        bank, pack = list(state.banker_cards), list(state.pack)
        for (kind, i, j, k), c in zip(slots, order, strict=True):
            if kind == "hand":
                players[i][j][k] = c
            elif kind == "banker":
                bank[k] = c
            else:
                pack[k] = c
        new_players = tuple(pt.Player(p.name, tuple(
            pt.state.replace_hand(h, cards=tuple(players[i][j])) for j, h in enumerate(p.hands)))
            for i, p in enumerate(state.players))
        s = pt.state.replace_state(state, players=new_players, banker_cards=tuple(bank),
                                   pack=tuple(pack))
        if pt.is_pontoon(s.banker_cards):
            continue
        if any(h.status is pt.HandStatus.DECLARED and not h.is_pontoon_hand(s.rules)
               for p in s.players for h in p.hands):
            continue
        out.append(s)
    return out


def _at(state: pt.DealState, kind: str, i: int, j: int, k: int) -> Card:
    if kind == "hand":
        return state.players[i].hands[j].cards[k]
    return (state.banker_cards if kind == "banker" else state.pack)[k]


def _net(state: pt.DealState, seat: str, label: str | None) -> int:
    """What ``seat`` won in the deal, on the hand called ``label`` ("Ann (hand 2)") only
    when given (each payment's reason names the hand it settles)."""
    pays = [p for p in state.payments if label is None or label in p.reason]
    return (sum(p.amount for p in pays if p.payee == seat)
            - sum(p.amount for p in pays if p.payer == seat))


def _moves(state: pt.DealState) -> list[pt.Action]:
    """Every move of the player's turn the coach weighs: every buy amount of the range,
    twist, stick, declare (no split, no further shoot bet)."""
    out: list[pt.Action] = []
    for a in pt.legal_actions(state):
        if isinstance(a, (pt.Twist, pt.Stick, pt.Declare)):
            out.append(a)
    span = pt.amount_range(state, pt.Buy)
    if span is not None:
        out += [pt.Buy(x) for x in range(span[0], span[1] + 1)]
    return out


def _finish(state: pt.DealState, seat: str, label: str | None,
            memo: dict[object, int]) -> int:
    """The deal played to its end by the table's computer banker; what the player won.
    (Remembered by everything the end can depend on: the hands, the banker's cards and
    the pack's top three cards, the most the banker draws.)"""
    key = (state.banker_cards, state.pack[:3],
           tuple((h.cards, h.status, h.total_stake) for p in state.players for h in p.hands))
    if key not in memo:
        end = state
        while not end.is_over:
            who = pt.to_act(end)
            assert who is not None
            end = pt.apply(end, BANKER(pt.view(end, who), Rng(0)))
        memo[key] = _net(end, seat, label)
    return memo[key]


def _value(states: list[pt.DealState], seat: str, action: pt.Action, label: str | None,
           memo: dict[object, int]) -> Fraction:
    """The player's chips on average over ``states`` after ``action``, with his best play
    after it chosen from what he sees."""
    total = Fraction(0)
    groups: dict[tuple[Card, ...], list[pt.DealState]] = defaultdict(list)
    index = states[0].hand_index
    for s in states:
        after = pt.apply(s, action)
        if (pt.to_act(after) == seat and after.phase is pt.Phase.PLAYERS
                and after.hand_index == index):
            hand = after.current_hand
            assert hand is not None
            groups[hand.cards].append(after)
        else:
            assert pt.to_act(after) != seat or after.is_over, "no later hand of the player"
            total += _finish(after, seat, label, memo)
    for group in groups.values():
        total += len(group) * max(_value(group, seat, a, label, memo) for a in _moves(group[0]))
    return total / len(states)


def brute_force(state: pt.DealState, seat: str, label: str | None = None
                ) -> dict[pt.Action, Fraction]:
    """Each move's exact value to ``seat`` (on the hand ``label`` only, when given)."""
    states = information_set(state, seat)
    assert states
    memo: dict[object, int] = {}
    return {a: _value(states, seat, a, label, memo) for a in _moves(state)}


def _check(state: pt.DealState, seat: str, *, exhausts: bool = True,
           label: str | None = None) -> dict[str, object]:
    v = pt.view(state, seat)
    pack = pt.cards_in_play(state)
    got, u = pt.hand_values(v, state.rules, pack=pack)
    want = brute_force(state, seat, label)
    assert {a: want[a] for a in got} == got
    buys = sorted(a.amount for a in want if isinstance(a, pt.Buy))
    if buys:  # the best amount is an end of the range: the coach's two buys
        top = max(want[pt.Buy(x)] for x in buys)
        assert top == max(want[pt.Buy(buys[0])], want[pt.Buy(buys[-1])])
        lo, hi = want[pt.Buy(buys[0])], want[pt.Buy(buys[-1])]
        for x in buys:  # convex: no amount above the line between the ends
            line = lo + (hi - lo) * Fraction(x - buys[0], max(1, buys[-1] - buys[0]))
            assert want[pt.Buy(x)] <= line
    a = pt.coach(v, rules=state.rules, pack=pack)
    stake = pt.played_hand(v).stake
    assert {o.action: o.value for o in a.options} == {x: y / stake for x, y in got.items()}
    if exhausts:
        assert u.top is not None  # the pack may run out, and the figures count it
    return {"unseen": u.size, "values": got}


def test_a_lone_player_against_the_banker_the_pack_running_out() -> None:
    state = stripped_deal(RULES, [("Ann", "2S 3D", 2)], "9C 5H", "4C 6D 2H 10S")
    info = _check(state, "Ann")
    assert info["unseen"] == 6 and len(information_set(state, "Ann")) == 720 - 0


def test_an_empty_pack_lets_the_player_stick_on_any_total_and_the_banker_must_stay(
        ) -> None:
    state = stripped_deal(RULES, [("Ann", "2S 3D", 2)], "9C 5H", "4C 2H")
    info = _check(state, "Ann")
    assert info["unseen"] == 4


def test_the_bust_hands_cards_come_round_again_from_the_bottom_of_the_pack() -> None:
    state = stripped_deal(RULES, [("Ben", "10H 5C", 2), ("Ann", "2S 4D", 3)], "9C 2H",
                          "9S 3H AC 5D")
    state = pt.apply(state, pt.Twist())  # Ben busts with 9S: his cards go to the bottom
    assert state.players[0].hands[0].status is pt.HandStatus.BUST
    assert pt.to_act(state) == "Ann" and len(state.pack) == 6
    v = pt.view(state, "Ann")
    u = pt.unseen(v, RULES, pt.cards_in_play(state))
    assert (u.size, u.top, u.bottom) == (5, 3, (10, 5, 9))
    hand, moves = pt.played_hand(v), [a for a in v.legal if not isinstance(a, pt.Split)]
    without = pt.Unseen(u.counts, u.top, (), False)  # as if the pack ended at the bust cards
    assert pt.values_of(hand, moves, u, RULES) != pt.values_of(hand, moves, without, RULES)
    _check(state, "Ann")


def test_a_soft_hand_may_stick_or_buy_and_an_ace_counts_one_or_eleven() -> None:
    state = stripped_deal(RULES, [("Ann", "AS 5D", 2)], "8C 8H", "AC 6D 2H")
    _check(state, "Ann")


def test_a_declared_pontoon_hides_a_ten_card_and_ties_go_to_the_banker() -> None:
    state = stripped_deal(RULES, [("Ben", "AH KC", 2), ("Ann", "10S 7D", 2)], "9C 8H",
                          "QS 3D 4C 2H")
    state = pt.apply(state, pt.Declare())
    u = pt.unseen(pt.view(state, "Ann"), RULES, pt.cards_in_play(state))
    assert u.counts[10] == 1  # of the Q and the K unseen, the K is under Ben's ace
    _check(state, "Ann")


def test_stick_on_sixteen_and_no_fifth_card_bought_on_eleven() -> None:
    rules = RULES.replace(min_stick=16, no_fifth_buy_on_11=True)
    state = stripped_deal(rules, [("Ann", "2S 3D", 2)], "10C 6H", "AC 2D 3H 4S")
    _check(state, "Ann")
    state = stripped_deal(rules, [("Ann", "10S 5D", 2)], "9C 7H", "AC 2D 9S")
    _check(state, "Ann")


def test_shoot_bets_ride_on_the_hand_in_the_figures() -> None:
    rules = RULES.replace(shoot=True)
    state = stripped_deal(rules, [("Ann", "3S 4D", 2)], "9C 8H", "5C 6D 2H 10S",
                          shoot=[3], kitty=10)
    _check(state, "Ann")


def test_a_split_ace_and_ten_is_twenty_one_when_the_rules_say_so() -> None:
    rules = RULES.replace(split_pontoon=False)
    state = stripped_deal(rules, [("Ann", "AS AD", 2)], "9C 7H", "5C KH 2S 3D 4H")
    state = pt.apply(pt.apply(state, pt.Split()), pt.Stick())  # the first hand: A-5 sticks
    hand = state.current_hand
    assert hand is not None and hand.from_split and state.hand_index == 1
    assert str(pt.classify(hand.cards, from_split=True, rules=rules)) == "21 in 2 cards"
    v = pt.view(state, "Ann")
    assert pt.Declare() not in v.legal and pt.Stick() in v.legal
    _check(state, "Ann", label="Ann (hand 2)")


def test_on_a_whole_pack_the_pack_cannot_run_out_and_the_figures_are_finals_sums() -> None:
    pack = pt.arrange_pack([parse_cards("10S 6D")], parse_cards("10C 7H"))
    s = pt.apply(pt.new_deal(pt.load_pontoon(), ["Ben", "Ann"], pack=pack), pt.Stake(10))
    v = pt.view(s, "Ann")
    u = pt.unseen(v, pt.load_pontoon())
    assert (u.size, u.top, u.may_run_out) == (50, None, False)
    values, _ = pt.hand_values(v, pt.load_pontoon())
    # sticking on 16 wins only when the banker busts: his chances from the same 50 cards
    chances = dict(pt.banker_chances(u.counts))
    no_pontoon = sum(chances.values())
    bust, five = chances[(0, 0)] / no_pontoon, chances[(2, 0)] / no_pontoon
    # a banker's five card trick takes double from everyone but a pontoon
    assert values[pt.Stick()] == 10 * bust - 10 * (1 - bust - five) - 20 * five


def _simple(counts: tuple[int, ...], cards: tuple[int, ...], stake: int, low_buy: int,
            high: int, rules: pt.PontoonRules) -> dict[str, Fraction]:
    """The coach's model written again, plainly, in fractions: the banker's two cards and
    every card drawn from the unseen cards by value, one at a time (the pack too deep to
    run out), his two cards no pontoon, the best move at each of the player's turns."""
    from functools import cache

    def best(low: int, ace: bool) -> int:
        return low + 10 if ace and low <= 11 else low

    def rank(low: int, ace: bool, n: int) -> tuple[int, int]:
        return (0, 0) if low > 21 else (2, 0) if n == 5 else (1, best(low, ace))

    def less(c: tuple[int, ...], v: int) -> tuple[int, ...]:
        return (*c[:v], c[v] - 1, *c[v + 1:])

    @cache
    def banker_from(low: int, ace: bool, n: int, c: tuple[int, ...]) -> dict[tuple[int, int], Fraction]:
        if best(low, ace) >= 17 or n == 5 or low >= 21:
            return {rank(low, ace, n): Fraction(1)}
        out: dict[tuple[int, int], Fraction] = {}
        for v in range(1, 11):
            if c[v]:
                for r, q in banker_from(low + v, ace or v == 1, n + 1, less(c, v)).items():
                    out[r] = out.get(r, Fraction(0)) + Fraction(c[v], sum(c)) * q
        return out

    @cache
    def banker(c: tuple[int, ...]) -> dict[tuple[int, int], Fraction]:  # joint: no pontoon
        out: dict[tuple[int, int], Fraction] = {}
        m = sum(c)
        for x in range(1, 11):
            for y in range(1, 11):
                w = Fraction(c[x] * (c[y] - (x == y)), m * (m - 1))
                if w and {x, y} != {1, 10}:
                    for r, q in banker_from(x + y, 1 in (x, y), 2, less(less(c, x), y)).items():
                        out[r] = out.get(r, Fraction(0)) + w * q
        return out

    def settle(mine: tuple[int, int], b: tuple[int, int]) -> int:
        double = mine == (2, 0)
        if b == (0, 0):
            return 2 if double else 1
        if b == (2, 0):
            return -2
        return (2 if double else 1) if mine > b else -1

    def stick(low: int, ace: bool, n: int, c: tuple[int, ...], t: int) -> Fraction:
        mine = rank(low, ace, n)
        return t * sum((q * settle(mine, r) for r, q in banker(c).items()), Fraction(0))

    def no_pontoon(c: tuple[int, ...]) -> Fraction:
        m = sum(c)
        return 1 - Fraction(2 * c[1] * c[10], m * (m - 1))

    def take(low: int, ace: bool, n: int, c: tuple[int, ...], t: int, hi: int | None,
             twisted: bool) -> Fraction:
        out = Fraction(0)
        for v in range(1, 11):
            if not c[v]:
                continue
            p, l2, a2, c2 = Fraction(c[v], sum(c)), low + v, ace or v == 1, less(c, v)
            if l2 > 21:
                x = -t * no_pontoon(c2)
            elif n + 1 == 5 or l2 == 21:
                x = stick(l2, a2, n + 1, c2, t)
            else:
                x = max(moves(l2, a2, n + 1, c2, t, hi, twisted).values())
            out += p * x
        return out

    def moves(low: int, ace: bool, n: int, c: tuple[int, ...], t: int, hi: int | None,
              twisted: bool) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        if n < 5 and low < 21:
            if not twisted and hi is not None:
                for a in {low_buy, hi}:
                    out[f"buy {a}"] = take(low, ace, n, c, t + a, a, False)
            out["twist"] = take(low, ace, n, c, t, hi, True)
        if best(low, ace) >= rules.min_stick:
            out["stick"] = stick(low, ace, n, c, t)
        return out

    got = moves(sum(cards), 1 in cards, len(cards), counts, stake, high, False)
    return {k: x / no_pontoon(counts) for k, x in got.items()}


@pytest.mark.parametrize("cards", ["10S 6D", "9S 7D", "10S 5D",
                                   pytest.param("AS 5D", marks=pytest.mark.slow),
                                   pytest.param("6S 7D", marks=pytest.mark.slow)])
def test_on_a_whole_pack_the_figures_equal_the_model_written_again_plainly(cards: str) -> None:
    """The brute force above checks the model on stripped packs; on a whole pack (whose
    sums the coach scales differently) the same model, written again plainly in
    fractions, gives the same figures to the last digit."""
    rules = pt.load_pontoon()
    pack = pt.arrange_pack([parse_cards(cards)], parse_cards("10C 7H"))
    v = pt.view(pt.apply(pt.new_deal(rules, ["Ben", "Ann"], pack=pack), pt.Stake(10)), "Ann")
    u = pt.unseen(v, rules)
    assert u.top is None and u.size == 50
    got, _ = pt.hand_values(v, rules)
    hand = pt.played_hand(v)
    assert hand.buy == (10, 20)
    want = _simple(u.counts, hand.values, 10, 10, 20, rules)
    names = {pt.Buy(10): "buy 10", pt.Buy(20): "buy 20", pt.Twist(): "twist", pt.Stick(): "stick"}
    assert {names[a]: x for a, x in got.items()} == want


def test_a_buy_is_worth_most_at_an_end_of_its_range_convex_but_not_linear_in_the_amount(
        ) -> None:
    rules = pt.load_pontoon()
    pack = pt.arrange_pack([parse_cards("AS AD")], parse_cards("10C 7H"))
    v = pt.view(pt.apply(pt.new_deal(rules, ["Ben", "Ann"], pack=pack), pt.Stake(10)), "Ann")
    buys = [pt.Buy(x) for x in range(10, 21)]
    values = pt.values_of(pt.played_hand(v), buys, pt.unseen(v, rules), rules)
    ys = [values[b] for b in buys]
    bends = [ys[k + 1] - 2 * ys[k] + ys[k - 1] for k in range(1, len(ys) - 1)]
    assert all(b >= 0 for b in bends) and any(b > 0 for b in bends)
    a = pt.coach(v, rules=rules)
    assert [o.action for o in a.options if isinstance(o.action, pt.Buy)] == [buys[0], buys[-1]]
    assert max(ys) == max(ys[0], ys[-1])


def test_a_pontoon_is_declared_and_wins_double_the_stake_for_certain() -> None:
    pack = pt.arrange_pack([parse_cards("AS KD")], parse_cards("10C 7H"))
    v = pt.view(pt.apply(pt.new_deal(pt.load_pontoon(), ["Ben", "Ann"], pack=pack),
                         pt.Stake(10)), "Ann")
    a = pt.coach(v, rules=pt.load_pontoon())
    assert [(o.action, o.value) for o in a.options] == [(pt.Declare(), 2)]
    assert a.cost_text(pt.Declare()) == "Declaring the pontoon is the best choice here."


def test_the_advice_reads_the_table_rules_and_leaves_splits_unvalued() -> None:
    pack = pt.arrange_pack([parse_cards("8S 8D")], parse_cards("10C 7H"))
    s = pt.apply(pt.new_deal(pt.load_pontoon(), ["Ben", "Ann"], pack=pack), pt.Stake(10))
    v = pt.view(s, "Ann")
    a = pt.coach(v, rules=pt.load_pontoon())
    assert a.unvalued == (pt.Split(0),)
    assert [type(o.action).__name__ for o in a.options] == ["Buy", "Buy", "Twist", "Stick"]
    assert a.precision == "exact over the unseen pack"
    assert any("stays on 17" in n for n in a.notes)
    assert pt.coach(v) == a, "the view carries its table's rules"
    with pytest.raises(SetupError, match="other rules than those given"):
        pt.coach(v, rules=pt.load_pontoon("pontoon-stick-16"))
    assert pt.coach(pt.view(s, "Ben"), rules=pt.load_pontoon()).notes == (
        "It is Ann's turn, not Ben's: Ben has nothing to decide.",)
    first = pt.view(pt.new_deal(pt.load_pontoon(), ["Ben", "Ann"], pack=pack), "Ann")
    assert pt.coach(first, rules=pt.load_pontoon()).options == ()


def test_hands_still_to_play_that_could_empty_the_pack_are_said_to() -> None:
    state = stripped_deal(RULES, [("Ann", "2S 3D", 2), ("Ben", "4H 5C", 2)], "9C 7H",
                          "AC 2D 3H 4S 5D 6C 7S 8D")
    v = pt.view(state, "Ann")
    u = pt.unseen(v, RULES, pt.cards_in_play(state))
    assert (u.may_run_out, u.top, u.spare) == (True, None, 2)
    a = pt.coach(v, rules=RULES, pack=pt.cards_in_play(state))
    assert a.precision == "exact over the unseen pack, while the hands after yours take at most 2 cards"
    short = stripped_deal(RULES, [("Ann", "2S 3D", 2), ("Ben", "4H 5C", 2)], "9C 7H",
                          "AC 2D 3H 4S")
    u = pt.unseen(pt.view(short, "Ann"), RULES, pt.cards_in_play(short))
    assert (u.may_run_out, u.top, u.spare) == (True, 4, 0)
    assert pt.coach(pt.view(short, "Ann"), rules=RULES, pack=pt.cards_in_play(short)
                    ).precision == "exact over the unseen pack, if the hands after yours take no card"
    full = pt.apply(pt.apply(pt.new_deal(pt.load_pontoon(), ["Eva", "Ann", "Ben"], seed=3),
                             pt.Stake(10)), pt.Stake(10))
    assert pt.to_act(full) == "Ann"
    u = pt.unseen(pt.view(full, "Ann"), pt.load_pontoon())
    assert (u.size, u.top, u.may_run_out) == (50, None, False)  # Ben's cards unseen too
