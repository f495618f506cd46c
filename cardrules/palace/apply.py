"""Playing: the legal actions, and applying an action to make the next state."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from itertools import combinations

from ..cards import Card, cards_text
from ..poker import Hand
from ..rng import Rng
from .actions import (
    Action,
    Battle,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    Pass,
    Raise,
    Stay,
)
from .battles import BattleOutcome, Side, battle_showdown, hand_value, split_pot
from .checks import (
    bet_limits,
    call_amount,
    can_buy,
    can_call,
    can_stay,
    raise_limits,
    verify_action,
)
from .state import (
    BattleRecord,
    BattleState,
    HandResult,
    PalaceState,
    Phase,
    PlayerState,
    PotMove,
    palace_state,
)
from .words import and_list, count_of


# -- legal actions -------------------------------------------------------------------
def _subsets(cards: tuple[Card, ...], sizes: Iterable[int]) -> list[tuple[Card, ...]]:
    return [combo for k in sizes for combo in combinations(cards, k)]


def _amounts(low: int, high: int) -> tuple[int, ...]:
    return (low,) if low == high else (low, high)


def legal_actions(state: PalaceState) -> tuple[Action, ...]:
    """Every legal action now.  Where a no-limit amount is free, only the smallest and
    the largest are listed (every amount between is legal too; see
    :func:`raise_limits` and :func:`bet_limits`).

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"),
    ...                               player("Bob", "QD", "5C 6C 7C"), player("Cy", "JS", "8C 9C 10C")])
    >>> legal_actions(s)
    (Buy(), Discard(cards=(Card('5♦'),)), Battle(target='Bob', amount=10), Stay(), Fold())
    """
    state = palace_state(state, "legal_actions")
    ph = state.phase
    if ph is Phase.OVER:
        return ()
    p = state.actor
    out: list[Action] = []
    if ph is Phase.KEEP:
        k = len(p.soldiers)
        return tuple(DiscardSoldiers(c) for c in _subsets(p.soldiers, range(max(0, k - 5), k + 1)))
    if ph is Phase.TURN:
        if can_buy(state):
            out.append(Buy())
        if can_stay(state) and p.soldiers and p.chips >= state.rules.small_bet:
            out.extend(Discard(c) for c in _subsets(p.soldiers, range(1, len(p.soldiers) + 1)))
        for i in state.alive:
            t = state.players[i]
            limits = bet_limits(state, t.name)
            if limits is not None:
                out.extend(Battle(t.name, a) for a in _amounts(*limits))
        if can_stay(state):
            out.append(Stay())
        out.append(Fold())
        return tuple(out)
    if ph is Phase.DEFEND:
        out.append(Fold())
    else:
        out.append(Pass())
    if can_call(state):
        out.append(Call())
    limits = raise_limits(state)
    if limits is not None:
        out.extend(Raise(a) for a in _amounts(*limits))
    return tuple(out)


# -- applying actions -------------------------------------------------------------------
class _Edit:
    """A scratch copy of a state, changed step by step and frozen again."""

    def __init__(self, s: PalaceState) -> None:
        self.s = s
        self.players = list(s.players)
        self.draw = s.draw_pile
        self.discard = s.discard_pile
        self.pot = s.pot
        self.moves = list(s.pot_moves)
        self.log = list(s.log)
        self.battles = list(s.battles)
        self.reshuffles = s.reshuffles
        self.quiet = s.quiet

    def set(self, i: int, **changes: object) -> None:
        self.players[i] = PlayerState(**{**self.players[i].__dict__, **changes})

    def name(self, i: int) -> str:
        return self.players[i].name

    def pay(self, i: int, amount: int, rule_id: str, reason: str) -> None:
        p = self.players[i]
        if amount > p.chips:  # never happens after verification
            raise AssertionError(f"{p.name} cannot pay {amount}")
        self.set(i, chips=p.chips - amount)
        self.pot += amount
        self.moves.append(PotMove(p.name, amount, rule_id, reason))

    def take(self, i: int, amount: int, rule_id: str, reason: str) -> None:
        if amount:
            p = self.players[i]
            self.set(i, chips=p.chips + amount)
            self.pot -= amount
            self.moves.append(PotMove(p.name, -amount, rule_id, reason))

    def note(self, rule_id: str, text: str) -> None:
        self.log.append((rule_id, text))

    def out(self, i: int, keep_spoils: bool = False) -> tuple[Card, ...]:
        """Put player ``i`` out; their palace cards (and, unless captured, the rest) go to
        the discard pile.  Returns the soldiers and banner when ``keep_spoils``."""
        p = self.players[i]
        spoils = p.soldiers + ((p.banner,) if p.banner else ())
        gone = p.palace if keep_spoils else p.cards
        self.discard = self.discard + gone
        self.set(i, palace=(), soldiers=(), banner=None, in_hand=False)
        return spoils if keep_spoils else ()

    def state(self, **changes: object) -> PalaceState:
        values = {f: self.s.__dict__[f] for f in _STATE_FIELDS}
        values.update(players=tuple(self.players), draw_pile=self.draw,
                      discard_pile=self.discard, pot=self.pot, pot_moves=tuple(self.moves),
                      log=tuple(self.log), battles=tuple(self.battles),
                      reshuffles=self.reshuffles, quiet=self.quiet)
        values.update(changes)
        return PalaceState(**values)

    def alive(self) -> list[int]:
        s = self.s
        n = len(self.players)
        return [(s.dealer + 1 + k) % n for k in range(n) if self.players[(s.dealer + 1 + k) % n].in_hand]


_STATE_FIELDS = tuple(f.name for f in fields(PalaceState))


def apply(state: PalaceState, action: Action) -> PalaceState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise
    :class:`IllegalAction` with the rule id.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H"), player("Bob", "QD", "5C 6C 7C"),
    ...                               player("Cy", "JH", "8C 9C 10C")])
    >>> t = apply(s, Stay())
    >>> t.actor.name, s.actor.name
    ('Bob', 'Ann')
    """
    state = palace_state(state, "apply")
    verify_action(state, action)
    if state.battle is None:
        return _turn_move(state, action)
    return _battle_move(state, state.battle, action)


def _buy(e: _Edit, state: PalaceState) -> PalaceState:
    """Pay a small bet and take the top card of the draw pile (refilled from the discard
    pile when empty) as a soldier; the buyer then chooses which soldiers to keep."""
    i, small = state.to_act, state.rules.small_bet
    e.pay(i, small, "palace.buy", "buys a soldier")
    if not e.draw:
        e.draw = Rng(f"{state.seed}:refill:{e.reshuffles}").shuffled(e.discard)
        e.discard = ()
        e.reshuffles += 1
        e.note("palace.buy.refill", f"The draw pile is empty: the {len(e.draw)} discarded "
               "cards are shuffled to make a new one.")
    card = e.draw[0]
    e.draw = e.draw[1:]
    e.set(i, soldiers=(*state.players[i].soldiers, card))
    e.quiet = frozenset()
    e.note("palace.buy", f"{e.name(i)} pays {small} and buys {card} as a soldier "
           f"({count_of(len(e.players[i].soldiers), 'soldier')}).")
    return e.state(phase=Phase.KEEP, keep_rule="palace.buy")


def _turn_move(state: PalaceState, action: Action) -> PalaceState:
    """A verified move with no battle under way: one of a turn's five, or the soldiers
    kept after a buy or a won battle."""
    e = _Edit(state)
    i = state.to_act
    me = state.players[i].name
    small = state.rules.small_bet
    if isinstance(action, Buy):
        return _buy(e, state)
    if isinstance(action, DiscardSoldiers):
        if action.cards:
            e.set(i, soldiers=tuple(c for c in state.players[i].soldiers if c not in action.cards))
            e.discard = e.discard + action.cards
            e.note(state.keep_rule, f"{me} discards {cards_text(action.cards)}, keeping "
                   f"{count_of(len(e.players[i].soldiers), 'soldier')}.")
        return _end_turn(e, state.turn_of)
    if isinstance(action, Discard):
        e.pay(i, small, "palace.discard", "discards soldiers")
        e.set(i, soldiers=tuple(c for c in state.players[i].soldiers if c not in action.cards))
        e.discard = e.discard + action.cards
        e.quiet = e.quiet | {i}
        e.note("palace.discard", f"{me} pays {small} and discards {cards_text(action.cards)}.")
        return _end_turn(e, i)
    if isinstance(action, Stay):
        e.quiet = e.quiet | {i}
        e.note("palace.stay", f"{me} stays.")
        return _end_turn(e, i)
    if isinstance(action, Battle):
        t = state.index(action.target)
        e.pay(i, action.amount, "palace.battle", f"attacks {action.target}")
        e.quiet = frozenset()
        e.note("palace.battle", f"{me} attacks {action.target}, betting {action.amount}.")
        return e.state(phase=Phase.DEFEND, to_act=t, battle=BattleState(i, t, action.amount))
    assert isinstance(action, Fold)
    e.out(i)
    e.note("palace.fold", f"{me} folds and is out; the cards go to the discard pile.")
    return _end_turn(e, i)


def _battle_move(state: PalaceState, b: BattleState, action: Action) -> PalaceState:
    """A verified answer in the battle ``b``: fold, pass, call or raise."""
    e = _Edit(state)
    i = state.to_act
    me = state.players[i].name
    other = b.attacker if i == b.defender else b.defender
    if isinstance(action, Fold):
        spoils = e.out(i, keep_spoils=True)
        e.note("palace.battle.fold", f"{me} folds: the palace cards are discarded and {me} is "
               "out.")
        return _capture(e, b, other, i, spoils, "fold")
    if isinstance(action, Pass):
        assert b.last_raiser is not None
        spoils = e.out(i, keep_spoils=True)
        e.take(b.last_raiser, b.facing, "palace.battle.raise", "takes back the uncalled raise")
        e.note("palace.battle.raise", f"{me} passes and is out; {e.name(other)} takes back the "
               f"uncalled raise of {b.facing}.")
        return _capture(e, b, other, i, spoils, "pass")
    if isinstance(action, Call):
        amount = call_amount(state)
        rule_id = "palace.battle.call" if state.phase is Phase.DEFEND else "palace.battle.raise"
        e.pay(i, amount, rule_id, "calls")
        e.note(rule_id, f"{me} calls for {amount}, looks at the cards and names the winner.")
        return _showdown_battle(e, b)
    assert isinstance(action, Raise)
    call = call_amount(state)
    e.pay(i, call + action.amount, "palace.battle.raise", f"calls {call} and raises "
          f"{action.amount}")
    e.note("palace.battle.raise", f"{me} calls {call} and raises {action.amount}.")
    nb = replace(b, raises=b.raises + 1, facing=action.amount, last_raiser=i)
    return e.state(phase=Phase.ANSWER, to_act=other, battle=nb)


def _capture(e: _Edit, b: BattleState, winner: int, loser: int, spoils: tuple[Card, ...],
             ending: str, outcome: BattleOutcome | None = None) -> PalaceState:
    w = e.players[winner]
    e.set(winner, soldiers=w.soldiers + spoils)
    e.note("palace.battle.capture", f"{w.name} takes {cards_text(spoils)} from "
           f"{e.name(loser)}.")
    e.battles.append(BattleRecord(e.name(b.attacker), e.name(b.defender), b.bet, ending,
                                  w.name, (e.name(loser),), outcome))
    ended = _hand_end(e)
    if ended is not None:
        return ended
    return e.state(phase=Phase.KEEP, keep_rule="palace.battle.capture", to_act=winner,
                   turn_of=b.attacker, battle=None)


def _showdown_battle(e: _Edit, b: BattleState) -> PalaceState:
    a, d = e.players[b.attacker], e.players[b.defender]
    o = battle_showdown(a.cards, a.suit, d.cards, d.suit, a.name, d.name)
    e.note(o.rule_id, o.reason)
    if o.winner is not None:
        winner, loser = ((b.attacker, b.defender) if o.winner is Side.ATTACKER
                         else (b.defender, b.attacker))
        spoils = e.out(loser, keep_spoils=True)
        e.note("palace.battle.call", f"{e.name(loser)} is out.")
        return _capture(e, b, winner, loser, spoils, "showdown", o)
    e.battles.append(BattleRecord(a.name, d.name, b.bet, "showdown", None, (a.name, d.name), o))
    if len(e.alive()) == 2:
        shares = split_pot(e.pot, [e.name(i) for i in e.alive()])
        return _finish(e, shares, "palace.battle.tie", f"{a.name} and {d.name} tie on hand and "
                       "on banner suit cards as the last two, so they split the pot.")
    e.out(b.attacker)
    e.out(b.defender)
    e.note("palace.battle.tie", f"A full tie: {a.name} and {d.name} are both out.")
    ended = _hand_end(e)
    if ended is not None:
        return ended
    return _next_turn(e, b.attacker)


def _finish(e: _Edit, shares: Sequence[tuple[str, int]], rule_id: str, reason: str,
            hands: tuple[tuple[str, Hand], ...] = ()) -> PalaceState:
    index = {p.name: i for i, p in enumerate(e.players)}
    for name, amount in shares:
        e.take(index[name], amount, rule_id, "wins" if len(shares) == 1 else "a share of the pot")
    e.note(rule_id, reason)
    result = HandResult(tuple(n for n, _ in shares), tuple(shares), rule_id, reason, hands)
    return e.state(phase=Phase.OVER, battle=None, result=result)


def _hand_end(e: _Edit) -> PalaceState | None:
    alive = e.alive()
    names = [e.name(i) for i in alive]
    if len(alive) == 1:
        return _finish(e, ((names[0], e.pot),), "palace.end",
                       f"{names[0]} is the last player left and takes the pot of {e.pot}.")
    if len({e.players[i].suit for i in alive}) == 1:
        suit = e.players[alive[0]].suit.value
        shares = split_pot(e.pot, names)
        return _finish(e, shares, "palace.end.same-suit",
                       f"{and_list(names)} are the only players left and all have {suit} banners: "
                       f"nobody can attack, so the pot of {e.pot} is split.")
    if set(alive) <= e.quiet:
        hands = tuple((e.name(i), hand_value(e.players[i].cards)) for i in alive)
        top = max(h for _, h in hands)
        winners = [n for n, h in hands if h == top]
        shown = "; ".join(f"{n}: {h.name}" for n, h in hands)
        if len(winners) == 1:
            why = f"{winners[0]} has the best hand and takes the pot of {e.pot}."
        else:
            why = f"{and_list(winners)} tie with the best hand and split the pot of {e.pot}."
        return _finish(e, split_pot(e.pot, winners), "palace.end.showdown",
                       f"A whole round of stays and discards ends the hand in a showdown. "
                       f"{shown}. {why}", hands)
    return None


def _next_turn(e: _Edit, after: int) -> PalaceState:
    n = len(e.players)
    j = after
    for _ in range(n):
        j = (j + 1) % n
        if e.players[j].in_hand:
            break
    return e.state(phase=Phase.TURN, to_act=j, turn_of=j, battle=None)


def _end_turn(e: _Edit, after: int) -> PalaceState:
    ended = _hand_end(e)
    if ended is not None:
        return ended
    return _next_turn(e, after)
