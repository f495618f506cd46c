"""Palace Poker's reasons: the working of each decision as :mod:`cardrules.reasons` records,
made by the same functions that decide (the bet sizes, the checks, the banner deal, the
battle showdown, the end of the hand), and poker's own reasons for the hands
(:mod:`cardrules.poker.reasons`).

>>> from cardrules.palace import load_palace, player, position
>>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"), player("Bob", "QD", "5C 6C 7C")])
>>> c = minimum_reason(s)
>>> [a.value for a in c.amounts], c.result
([1, 1, 5], 10)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Suit
from ..poker import hand_reason, order_reason, poker_value
from ..reasons import (
    Amount,
    BannerTurn,
    Calc,
    Highest,
    Limit,
    Moved,
    NextSeat,
    Op,
    QuietRound,
    Relation,
    Setting,
    Split,
    Step,
    SuitCount,
    SuitsDiffer,
    Then,
)
from .battles import BattleOutcome, Side, raise_size
from .checks import (
    call_amount,
    can_battle,
    can_buy,
    can_stay,
    may_attack,
    minimum_bet,
    raise_limits,
    two_left,
)
from .deal import BannerDeal, DealerDraw, banner_group
from .profile import PalaceRules
from .state import HandResult, PalaceState, Phase
from .words import and_list

#: the cards a player holds after the deal: a banner and three palace cards
DEALT = 4
#: the most soldiers anyone keeps [palace.buy.limit]
MOST_SOLDIERS = 5


def first_dealer_reason(draw: DealerDraw) -> tuple[Highest, ...]:
    """Each round of the high-card draw [palace.first-dealer]: the cards, their values
    (aces high) and who is highest.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.palace import choose_first_dealer
    >>> r = first_dealer_reason(choose_first_dealer(["Ann", "Bob", "Cy"], pack=parse_cards("KS KD 4C 2H 9S")))
    >>> [h.highest for h in r]
    [('Ann', 'Bob'), ('Bob',)]
    """
    out = []
    for rnd in draw.rounds:
        values = tuple(poker_value(c.rank) for _, c in rnd)
        top = max(values)
        out.append(Highest(tuple(n for n, _ in rnd), tuple(c for _, c in rnd), values,
                           tuple(n for (n, _), v in zip(rnd, values, strict=True) if v == top),
                           "deals first", "are each dealt another card"))
    assert out[-1].highest == (draw.dealer,)
    return tuple(out)


def ante_reason(rules: PalaceRules, this_table: bool = True) -> Calc:
    """The ante: half the small bet, rounded down [palace.banner.ante]; ``this_table``: the
    small bet is the profile's (else the case states it).

    >>> from cardrules.palace import load_palace
    >>> ante_reason(load_palace()).result
    2
    """
    small = Amount(rules.small_bet, "the small bet", "small_bet" if this_table else None)
    return Calc("the ante", (small, Amount(2)), (Op.DIVIDE,), rules.ante)


def banner_reason(deal: BannerDeal, upto: str | None = None) -> tuple[BannerTurn, ...]:
    """The banner deal, one player's turn at a time, up to ``upto``'s [palace.banner],
    [palace.banner.reshuffle].

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.palace import deal_banners
    >>> r = banner_reason(deal_banners(parse_cards("AS 2S KH"), ["Ann", "Bob"]))
    >>> [(t.player, t.cards, t.holders) for t in r]
    [('Ann', (Card('A♠'),), ()), ('Bob', (Card('2♠'), Card('K♥')), ('Ann',))]
    """
    out = []
    for pos, name in enumerate(deal.players):
        mine = [s for s in deal.steps if s.player == name]
        group = banner_group(pos)
        earlier = {deal.banners[i].suit: deal.players[i] for i in range(group * 4, pos)}
        holders = tuple(earlier[s.card.suit] for s in mine if not s.kept)
        again = next((i for i, s in enumerate(mine) if s.reshuffled), None)
        out.append(BannerTurn(name, group + 1, pos == group * 4, tuple(s.card for s in mine),
                              holders, again))
        if name == upto:
            break
    return tuple(out)


def draw_pile_reason(state: PalaceState) -> tuple[Calc, Calc]:
    """The draw pile after the deal: the pack less the players' cards [palace.palace].

    >>> from cardrules.palace import load_palace, new_hand
    >>> [c.result for c in draw_pile_reason(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1))]
    [12, 40]
    """
    n = len(state.players)
    held = Calc("the count of the players' cards",
                (Amount(n, "the number of players"),
                 Amount(DEALT, "the cards each holds, a banner and three palace cards")),
                (Op.TIMES,), DEALT * n)
    pile = Calc("the draw pile", (Amount(52, "the cards of the pack"),
                                  Amount(held.result, "the count of the players' cards")),
                (Op.MINUS,), len(state.draw_pile))
    assert pile.result == 52 - held.result
    return held, pile


def next_seat_reason(before: PalaceState, after: PalaceState) -> NextSeat:
    """Who acts after the player of ``before``, in ``after`` [palace.turn]: the next seat
    clockwise, past the players who are out.

    >>> from cardrules.palace import Stay, apply, load_palace, new_hand
    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Cy")
    >>> next_seat_reason(s, apply(s, Stay())).next
    'Bob'
    """
    names = before.names
    i, j = before.to_act, after.to_act
    n = len(names)
    skipped = tuple(names[k % n] for k in range(i + 1, j if j > i else j + n))
    assert not any(after.player(name).in_hand for name in skipped)
    return NextSeat(names, names[i], skipped, names[j],
                    tuple(p.name for p in after.players if not p.in_hand))


def _decided(conditions: list[Limit], who: str, yes: str, no: str) -> tuple[Limit, ...]:
    """The conditions with the failing ones last, the last saying the decision."""
    ordered = sorted(conditions, key=lambda c: not c.holds)
    last = ordered[-1]
    decision = (f"{last.then}, and {who} {yes}" if last.holds else f"{last.otherwise}: {who} {no}")
    return (*ordered[:-1], Limit(last.of, last.unit, last.value, last.relation, last.limit,
                                 last.holds, last.need, last.limit_is, last.option, last.verb,
                                 last.who, decision, decision))


def _two_left(state: PalaceState, doing: str) -> Limit:
    alive = [state.players[i].name for i in state.alive]
    me = state.actor.name
    other = next(n for n in alive if n != me)
    dealt = len(state.players)
    return Limit(and_list(alive), "player", len(alive), Relation.AT_LEAST, min(3, dealt),
                 not two_left(state), f"with {dealt} players dealt in, {doing}", verb="are",
                 who=me, then="is free to choose", otherwise=f"must battle {other} or fold")


def buy_reason(state: PalaceState) -> tuple[Step, ...]:
    """Whether the player to act may buy [palace.buy], [palace.buy.refill]: the chips for
    the small bet, and a card in the draw pile or, shuffled, the discard pile.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", chips=3),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> buy_reason(s)[-1].holds
    False
    """
    p = state.actor
    small = state.rules.small_bet
    cards = len(state.draw_pile) + len(state.discard_pile)
    refill = (" once the discard pile is shuffled to make a new draw pile" if not state.draw_pile
              else "")
    conditions = [
        Limit(p.name, "chip", p.chips, Relation.AT_LEAST, small, p.chips >= small, "a buy",
              "the small bet", "small_bet", who=p.name, then="can pay for it",
              otherwise="cannot pay for it"),
        Limit("the draw pile and the discard pile", "card", cards, Relation.AT_LEAST, 1,
              cards >= 1, "a buy", verb="hold", who="there",
              then=f"is a card to buy{refill}", otherwise="is no card to buy")]
    if two_left(state):
        conditions.append(_two_left(state, "buying"))
    steps = _decided(conditions, p.name, "may buy", "may not buy")
    assert all(c.holds for c in steps) == can_buy(state)
    return steps


def keep_reason(state: PalaceState, had: Amount, gained: Sequence[Amount]) -> tuple[Step, ...]:
    """How many soldiers the player to act (after a buy or a won battle) must discard to keep
    at most five [palace.buy.limit], [palace.battle.capture]: ``had`` and ``gained`` are the
    soldiers before and those just taken.

    >>> from cardrules.palace import Buy, apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "2D 3D 4D 5D 6D"),
    ...                               player("Bob", "QD", "5C 6C 7C")], draw_pile=None)
    >>> t = apply(s, Buy())
    >>> keep_reason(t, Amount(5, "Ann's soldiers"), [Amount(1, "the soldier bought")])[-1].result
    1
    """
    p = state.actor
    held = len(p.soldiers)
    amounts = (had, *gained)
    count = Calc(f"the number of {p.name}'s soldiers", amounts, (Op.PLUS,) * len(gained), held)
    assert sum(a.value for a in amounts) == held and state.phase is Phase.KEEP
    least = max(0, held - MOST_SOLDIERS)
    keep = Limit(p.name, "soldier", held, Relation.AT_MOST, MOST_SOLDIERS, least == 0,
                 "keeping them all", who=p.name, then="need not discard any",
                 otherwise="must discard the soldiers over five")
    if not least:
        return count, keep
    return count, keep, Calc(f"the least {p.name} must discard",
                             (Amount(held, count.of),
                              Amount(MOST_SOLDIERS, "the most anyone keeps")), (Op.MINUS,), least)


def discard_reason(before: PalaceState, after: PalaceState, cards: Sequence[Card]
                   ) -> tuple[Step, ...]:
    """A discard [palace.discard]: one small bet, however many cards, which go to the discard
    pile.

    >>> from cardrules.palace import Discard, apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D 6D", chips=50),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> discard_reason(s, apply(s, Discard("5D 6D")), s.actor.soldiers)[0].result
    45
    """
    p = before.actor
    chips = after.player(p.name).chips
    return (Calc(f"what {p.name} has after the discard",
                 (Amount(p.chips, f"{p.name}'s chips"),
                  Amount(before.rules.small_bet, "a single small bet", "small_bet")),
                 (Op.MINUS,), chips),
            Moved(p.name, "soldiers" if len(cards) > 1 else "soldier", tuple(cards),
                  "the discard pile"))


def target_reason(state: PalaceState, attacker: str, target: str) -> tuple[Step, ...]:
    """Whether ``attacker`` may attack ``target`` [palace.battle.target]: a player still in,
    whose banner's suit differs.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QS", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> [r.holds for r in (target_reason(s, "Ann", "Bob")[-1], target_reason(s, "Ann", "Cy")[-1])]
    [False, True]
    """
    ok, _why = may_attack(state, attacker, target)
    a, t = state.player(attacker), state.player(target)
    if not t.in_hand:
        assert not ok
        return (Then(target, "is out of the hand: no banner of theirs is on the table"),
                Then(attacker, f"may not attack {target}: nobody attacks a player who is out"))
    assert a.banner is not None and t.banner is not None
    step = SuitsDiffer(attacker, a.banner, target, t.banner, a.suit is not t.suit, attacker,
                       f"may attack {target}", f"may not attack {target}")
    assert step.holds == ok
    return (step,)


def minimum_reason(state: PalaceState, name: str | None = None, show_cards: bool = True
                   ) -> Calc:
    """The least attack bet: (soldiers + 1 for the banner) x the small bet
    [palace.battle.minimum]; ``show_cards``: name the soldiers (the case shows them).

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D 6D"), player("Bob", "QD", "5C 6C 7C")])
    >>> print(minimum_reason(s).amounts[0].cards)
    (Card('5♦'), Card('6♦'))
    """
    p = state.actor if name is None else state.player(name)
    c = _per_soldier(state, p.name, "the minimum bet", show_cards)
    assert c.result == minimum_bet(state, p.name)
    return c


def _per_soldier(state: PalaceState, name: str, of: str, show_cards: bool) -> Calc:
    p = state.player(name)
    soldiers = Amount(len(p.soldiers), f"{name}'s soldiers", cards=p.soldiers if show_cards else ())
    return Calc(of, (soldiers, Amount(1, f"{name}'s banner"),
                     Amount(state.rules.small_bet, "the small bet", "small_bet")),
                (Op.PLUS, Op.TIMES), (len(p.soldiers) + 1) * state.rules.small_bet)


def call_reason(state: PalaceState, show_cards: bool = False) -> Calc:
    """What the defender pays to call: their own (soldiers + 1) x the small bet, whatever
    the attacker bet [palace.battle.call].

    >>> from cardrules.palace import Battle, apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C", "2S 3S")])
    >>> call_reason(apply(s, Battle("Bob", 5))).result
    15
    """
    assert state.phase is Phase.DEFEND
    c = _per_soldier(state, state.actor.name, f"{state.actor.name}'s call", show_cards)
    assert c.result == call_amount(state)
    return c


def stakes_setting(rules: PalaceRules) -> Setting:
    """The table's stakes and what they mean for a raise [palace.stakes],
    [palace.battle.raise].

    >>> from cardrules.palace import load_palace
    >>> stakes_setting(load_palace("palace-poker-no-limit")).value
    'no-limit'
    """
    means = ("each attack bet is the minimum, and each raise is the big bet, or double the "
             "small bet for a raiser with no soldiers" if not rules.no_limit else
             "an attack bet may be anything from the minimum up to all the attacker's chips, "
             "and a raise is at least the big bet")
    return Setting("the stakes", rules.stakes, "stakes", means)


def raise_reason(state: PalaceState) -> tuple[Step, ...]:
    """What the defender puts in to call and raise by as little as allowed
    [palace.battle.raise], [palace.stakes].

    >>> from cardrules.palace import Battle, apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> raise_reason(apply(s, Battle("Bob", 5)))[-1].result
    15
    """
    rules = state.rules
    p = state.actor
    call = call_reason(state)
    limits = raise_limits(state)
    assert limits is not None
    k = min(len(p.soldiers), MOST_SOLDIERS)
    if not rules.no_limit and k == 0:
        size = Calc("the smallest raise", (Amount(2), Amount(rules.small_bet, "the small bet",
                                                             "small_bet")), (Op.TIMES,),
                    2 * rules.small_bet)
    else:
        size = Calc("the smallest raise", (Amount(rules.big_bet, "the big bet", "big_bet"),), (),
                    rules.big_bet)
    assert size.result == limits[0] == raise_size(k, rules)
    total = Calc(f"what {p.name} puts in", (Amount(call.result, f"{p.name}'s call"),
                                            Amount(size.result, "the smallest raise")),
                 (Op.PLUS,), call.result + size.result)
    return call, stakes_setting(rules), size, total


def pass_reason(before: PalaceState, after: PalaceState) -> tuple[Step, ...]:
    """What a pass does [palace.battle.raise]: the passer is out, the raiser takes the
    passer's soldiers and banner and takes back the raise nobody called.

    >>> from cardrules.palace import Battle, Pass, Raise, apply, load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C"),
    ...                              player("Cy", "JH", "8D 9D 10D")])
    >>> t = apply(apply(s, Battle("Bob", 5)), Raise(10))
    >>> pass_reason(t, apply(t, Pass()))[-1].result
    10

    At a table of two the pass ends the hand, and the raiser takes the pot as well: that is
    the end of the hand's reason, not this one.
    """
    b = before.battle
    assert b is not None and b.last_raiser is not None and before.phase is Phase.ANSWER
    if after.phase is Phase.OVER:
        raise ValueError("this pass ends the hand: the raiser takes the whole pot")
    passer, raiser = before.actor.name, before.players[b.last_raiser].name
    back = after.player(raiser).chips - before.player(raiser).chips
    assert back == b.facing
    raised = before.pot_moves[-1]
    assert raised.player == raiser and raised.rule_id == "palace.battle.raise"
    return (Then(passer, f"passes, so {passer} is out and {raiser} takes {passer}'s soldiers "
                 "and banner"),
            Then(f"{raiser}'s call of {raised.amount - b.facing}", "stays in the pot"),
            Calc(f"what goes back to {raiser}",
                 (Amount(b.facing, f"{raiser}'s raise, which {passer} never called"),), (),
                 back))


def battle_reason(o: BattleOutcome, last_two: bool | None = None) -> tuple[Step, ...]:
    """A battle's showdown [palace.battle.call], [palace.battle.tie]: each side's cards
    without the opponent's banner suit and the hand they make; the hands compared, and on
    equal hands each side's cards of its own banner suit.  After a full tie, given
    ``last_two`` (whether they are the last two), what the tie does.

    >>> from cardrules.palace import battle_showdown
    >>> o = battle_showdown("QS QD 5S 9C", "spades", "QH QC 5D 9D", "hearts", "Ann", "Bob")
    >>> [type(s).__name__ for s in battle_reason(o)]
    ['SetAside', 'PokerHand', 'SetAside', 'PokerHand', 'SuitCount']
    """
    a = hand_reason(o.attacker_cards, o.attacker, o.defender_suit)
    d = hand_reason(o.defender_cards, o.defender, o.attacker_suit)
    for steps, hand in ((a, o.attacker_hand), (d, o.defender_hand)):
        made = steps[-1]
        assert getattr(made, "ranks", None) == hand.ranks
    if o.attacker_hand != o.defender_hand:
        return (*a, *d, order_reason(o.attacker_hand, o.defender_hand, o.attacker, o.defender))
    winner = {Side.ATTACKER: o.attacker, Side.DEFENDER: o.defender, None: None}[o.winner]
    count = SuitCount(o.attacker, o.attacker_suit.value, _of_suit(o.attacker_cards, o.attacker_suit),
                      o.defender, o.defender_suit.value, _of_suit(o.defender_cards, o.defender_suit),
                      winner)
    assert len(count.left_cards) == o.attacker_banner_count
    assert len(count.right_cards) == o.defender_banner_count
    if winner is not None or last_two is None:
        return (*a, *d, count)
    both = f"{o.attacker} and {o.defender}"
    return (*a, *d, count, Then(both, "are the last two, so they split the pot") if last_two
            else Then(both, "are both out of the hand"))


def _of_suit(cards: Sequence[Card], suit: Suit) -> tuple[Card, ...]:
    return tuple(c for c in cards if c.suit is suit)


def spoils_reason(winner: str, loser: str, had: int, taken: int, held: int) -> Calc:
    """The winner's soldiers after a battle: their own, and the loser's soldiers and banner
    [palace.battle.capture].

    >>> spoils_reason("Ann", "Bob", 2, 3, 6).result
    6
    """
    assert had + taken + 1 == held
    return Calc(f"the number of {winner}'s soldier cards",
                (Amount(had, f"{winner}'s soldiers"), Amount(taken, f"{loser}'s soldiers"),
                 Amount(1, f"{loser}'s banner")), (Op.PLUS, Op.PLUS), held)


def quiet_reason(state: PalaceState, since: str,
                 discards: Sequence[tuple[str, tuple[Card, ...]]] = (),
                 before: Sequence[tuple[str, tuple[Card, ...]]] = ()) -> QuietRound:
    """Whether a quiet round ends the hand [palace.end.showdown], [palace.stay]: every player
    still in has stayed or discarded since the last buy or battle (``since``, in words;
    ``discards``: who discarded what since; ``before``: the stays and discards before it).

    >>> from cardrules.palace import Stay, apply, load_palace, new_hand
    >>> s = new_hand(load_palace(), ["Ann", "Bob"], seed=1, dealer="Bob")
    >>> quiet_reason(apply(apply(s, Stay()), Stay()), "").holds
    True
    """
    alive = state.alive
    players = tuple(state.players[i].name for i in alive)
    quiet = tuple(state.players[i].name for i in alive if i in state.quiet)
    holds = set(alive) <= state.quiet
    if holds:
        assert state.is_over and state.result is not None
        assert state.result.rule_id == "palace.end.showdown"
    return QuietRound(players, quiet, since, holds, tuple(discards), tuple(before))


def split_reason(result: HandResult, pot: int) -> Split:
    """Who takes the pot, and how much each [palace.end], [palace.end.same-suit]: odd chips
    go one each to the players nearest the dealer's left.

    >>> from cardrules.palace import Fold, apply, load_palace, new_hand
    >>> s = apply(new_hand(load_palace(), ["Ann", "Bob"], seed=1, dealer="Bob"), Fold())
    >>> split_reason(s.result, 4)
    Split(pot=4, among=('Bob',), shares=(4,))
    """
    assert sum(a for _, a in result.payouts) == pot
    return Split(pot, tuple(n for n, _ in result.payouts), tuple(a for _, a in result.payouts))


def attack_bet_reason(state: PalaceState, target: str, amount: int) -> tuple[Step, ...]:
    """Whether the player to act may attack ``target`` with ``amount`` [palace.stakes],
    [palace.battle.minimum]: the stakes, the minimum bet and the chips.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C")])
    >>> attack_bet_reason(s, "Bob", 10)[-1].holds
    False
    """
    rules = state.rules
    p = state.actor
    least = minimum_reason(state, show_cards=False)
    if rules.no_limit:
        size = Limit("the bet", "chip", amount, Relation.AT_LEAST, least.result,
                     amount >= least.result, "an attack", "the minimum bet", verb="is",
                     who="the bet", then="is big enough", otherwise="is too small")
    else:
        size = Limit("the bet", "chip", amount, Relation.EXACTLY, least.result,
                     amount == least.result, "an attack under limit stakes", "the minimum bet",
                     verb="is", who="the bet", then="is the right size",
                     otherwise="is not the limit size")
    pay = Limit(p.name, "chip", p.chips, Relation.AT_LEAST, amount, p.chips >= amount,
                f"a bet of {amount}", who=p.name, then="can pay it", otherwise="cannot pay it")
    steps = _decided([size, pay], p.name, f"may attack {target} with it",
                     f"may not attack {target} with it")
    assert all(s.holds for s in steps) == can_battle(state, target, amount)
    return (stakes_setting(rules), least, *steps)


def stay_reason(state: PalaceState) -> Limit:
    """Whether the player to act may stay when players have gone out
    [palace.end.two-left]: not when only two are left of a table of more.

    >>> from cardrules.palace import load_palace, out_player, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C"),
    ...                               out_player("Cy")])
    >>> stay_reason(s).holds
    False
    """
    limit = _two_left(state, "staying")
    step = Limit(limit.of, limit.unit, limit.value, limit.relation, limit.limit, limit.holds,
                 limit.need, verb=limit.verb, who=limit.who, then="may stay",
                 otherwise=limit.otherwise)
    assert step.holds == can_stay(state)
    return step


def fold_reason(state: PalaceState) -> tuple[Step, ...]:
    """Where the cards of a player who folds on their own turn go [palace.fold]: to the
    discard pile, all of them; nobody takes them.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"), player("Bob", "QD", "5C 6C 7C")])
    >>> fold_reason(s)[0].to
    'the discard pile'
    """
    p = state.actor
    assert state.phase is Phase.TURN
    return (Moved(p.name, "soldiers" if len(p.soldiers) != 1 else "soldier", p.soldiers,
                  "the discard pile"),
            Then("nobody", "takes the cards of a player who folds on their own turn: the "
                 "banner and the palace cards go to the discard pile too"))


def ending_reason(before: PalaceState, after: PalaceState) -> tuple[Step, ...]:
    """Why the move from ``before`` ends the hand, and who takes what [palace.end],
    [palace.end.same-suit], [palace.end.showdown], [palace.battle.tie].

    >>> from cardrules.palace import Fold, apply, load_palace, new_hand
    >>> s = apply(new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=1, dealer="Cy"), Fold())
    >>> [type(x).__name__ for x in ending_reason(s, apply(s, Fold()))]
    ['Then', 'Split']
    """
    result = after.result
    assert result is not None
    rule = result.rule_id
    pot = sum(a for _, a in result.payouts)
    if rule == "palace.end":
        return (Then(before.actor.name, f"folds, so {result.winners[0]} is the last player "
                     "left"), split_reason(result, pot))
    if rule == "palace.end.same-suit":
        left, right = (after.players[i] for i in after.alive)
        assert left.banner is not None and right.banner is not None
        return (Then(before.actor.name, f"folds, leaving {left.name} and {right.name}"),
                SuitsDiffer(left.name, left.banner, right.name, right.banner, False,
                            "the hand", "goes on", "ends"),
                split_reason(result, pot))
    if rule == "palace.end.showdown":
        hands = dict(result.hands)
        top = max(hands.values())
        first = next(n for n in hands if hands[n] == top)
        steps: list[Step] = [quiet_reason(after, "")]
        for name in hands:
            steps += hand_reason(after.player(name).cards, name)
        steps += [order_reason(top, hands[n], first, n) for n in hands if n != first]
        return (*steps, split_reason(result, pot))
    assert rule == "palace.battle.tie"
    call = call_reason(before)
    grown = Calc("the pot", (Amount(before.pot, "the pot before the call"),
                             Amount(call.result, f"{before.actor.name}'s call")), (Op.PLUS,), pot)
    o = after.battles[-1].outcome
    assert o is not None
    return (call, grown, *battle_reason(o, True), split_reason(result, pot))
