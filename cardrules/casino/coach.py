"""A coach for Casino: what each play takes now, and the best capture it leaves the next
player, worked out from the seat's view alone by the engine's own rules and scoring.

This is a one-move look-ahead, not perfect play.  For each play of the seat to act:

- **now**: the cards the play takes into the seat's pile (the card played and what it
  captures), scored by the engine's own scoring (:func:`~cardrules.casino.score_piles`):
  the points those cards are sure of (each ace 1, big casino 2, little casino 1, and a
  sweep 1 where sweeps score), and how many cards and spades they add toward most cards
  and most spades;
- **the reply**: the table the play leaves, and the best capture a card the next player
  might hold could make on it, over every card this seat has not seen (its points, by
  the same scoring);
- the play's **net**: its points now less the reply's, the option's value in the
  :class:`~cardrules.coach.Advice` (:attr:`~cardrules.coach.Measure.POINTS`, found by
  :attr:`~cardrules.coach.Method.LOOKAHEAD`).  The best plays have the highest net; where
  several do, a note names the one that takes the most cards, then spades; the plays
  that take the most points now are kept apart (``best_now``).

This is Casino's :attr:`cardrules.game.Game.coach`, called as every game's coach is:
``coach(view, rng, rules=...)``.

Nothing beyond the next capture is counted: a build waits for a later turn, and most
cards and most spades are decided only at the end of the round.

>>> from cardrules.casino import Trail, position, view, describe
>>> v = view(position("10D 3S", "7C AH 2S"), "North")
>>> a = coach(v)
>>> [describe(p) for p in a.best]
['capture A♥ 2♠ 7♣ with 10♦']
>>> top = a.play(a.best[0])
>>> top.points, top.cards, top.items
(4, 4, (('big casino', 2), ('little casino', 1), ('ace of hearts', 1)))
>>> a.cost_text(Trail("10D"))
'Trailing 10♦ is worth 8 points less than the best play, counting the best capture it leaves the next player; capture A♥ 2♠ 7♣ with 10♦.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, parse_cards
from ..coach import Advice, Measure, Method, Option, Ruling, not_your_turn, table_rules
from ..game import SetupError, View, check_rng
from ..profiles import Profile
from ..rng import Rng
from .actions import Capture, Move, Trail
from .apply import apply, legal_actions
from .deal import position
from .explain import describe
from .lessons import captures_with, largest_captures
from .outcome import score_piles
from .profile import CasinoRules, load_casino
from .state import CasinoState
from .view import CasinoView

#: the most plays valued one by one; past it (a crowded table) the trails and each card's
#: largest captures are valued, and the other plays left unvalued
MOST_PLAYS = 120
#: the scoring items decided only at the end of the round (not counted as points now)
AT_THE_END = ("most cards", "most spades")
#: the coach's method, as the book and the table say it
PRECISION = ("a one-move look-ahead, not perfect play: the points each play takes now, less "
             "the best capture it leaves the next player")
DECK = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH "
                   "QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C "
                   "10C JC QC KC")


@dataclass(frozen=True)
class Taken:
    """What one capture takes, scored: the cards, the sweep, the points they are sure of
    item by item (``items``: ``(item, points)``), and how many cards and spades.

    >>> t = taken_score(parse_cards("2S AH 7C"), 0)
    >>> t.points, t.cards, t.spades, t.items
    (2, 3, 1, (('little casino', 1), ('ace of hearts', 1)))
    """

    cards_taken: tuple[Card, ...]
    sweeps: int
    items: tuple[tuple[str, int], ...]
    cards: int
    spades: int

    @property
    def points(self) -> int:
        """The points these cards are sure of (most cards and most spades wait for the end)."""
        return sum(p for _, p in self.items)


def taken_score(cards: Sequence[Card], sweeps: int, rules: object = None) -> Taken:
    """Score the cards one capture takes (and its sweeps) with the engine's scoring,
    :func:`~cardrules.casino.score_piles`, as the only pile: the items it is sure of, and
    the cards and spades toward most cards and most spades.

    >>> taken_score(parse_cards("10D 4C"), 1, None).items
    (('big casino', 2), ('sweeps', 1))
    """
    if rules is None:
        rules = load_casino().replace(sweeps=True) if sweeps else load_casino()
    if not isinstance(rules, CasinoRules):
        raise SetupError(f"taken_score needs Casino rules; got {rules!r}")
    score = score_piles([tuple(cards), ()], rules, [sweeps, 0])
    items = tuple((a.item, a.points) for a in score.awards
                  if a.side == 0 and a.item not in AT_THE_END)
    return Taken(tuple(cards), sweeps, items, score.cards[0], score.spades[0])


@dataclass(frozen=True)
class PlayValue:
    """One play valued: what it takes now (``now``), the best capture it leaves the next
    player (``reply``, None when no card could capture), the play in words, and its
    ``cost`` in points against the best play (0 for a best play)."""

    action: Move
    phrase: str
    now: Taken
    reply: Taken | None
    reply_text: str
    cost: int

    @property
    def points(self) -> int:
        """The points the play takes now."""
        return self.now.points

    @property
    def cards(self) -> int:
        """The cards the play takes now."""
        return self.now.cards

    @property
    def items(self) -> tuple[tuple[str, int], ...]:
        """The points it takes now, item by item."""
        return self.now.items

    @property
    def reply_points(self) -> int:
        """The points of the best capture the play leaves the next player."""
        return 0 if self.reply is None else self.reply.points

    @property
    def net(self) -> int:
        """Points now less the reply's."""
        return self.points - self.reply_points

    @property
    def key(self) -> tuple[int, int, int]:
        """How plays are ranked: net points, then cards taken, then spades."""
        return (self.net, self.now.cards, self.now.spades)


@dataclass(frozen=True)
class CasinoAdvice(Advice[Move]):
    """The Casino coach's advice for the seat to play, an :class:`~cardrules.coach.Advice`
    in :attr:`~cardrules.coach.Measure.POINTS` (each play's net: its points now less the
    best reply's) found by :attr:`~cardrules.coach.Method.LOOKAHEAD`; with each play's
    working (``plays``: what it takes now and what it leaves, in the order of
    ``options``) and the plays that take the most points now (``best_now``)."""

    # the fields of every advice, typed for Casino's plays
    options: tuple[Option[Move], ...]
    best: tuple[Move, ...]
    unvalued: tuple[Move, ...] = ()
    ruling: Ruling[Move] | None = None
    #: each play's working, in the order of ``options``
    plays: tuple[PlayValue, ...] = ()
    #: the plays that take the most points now
    best_now: tuple[Move, ...] = ()

    def play(self, action: Move) -> PlayValue:
        """The working of ``action``; a SetupError when the advice does not value it."""
        for p in self.plays:
            if p.action == action:
                return p
        raise SetupError(f"The advice for {self.seat} values no {describe(action)!r}.")

    def cost_text(self, action: Move) -> str:
        """What choosing ``action`` costs against the best play, in a sentence."""
        o = self.play(action)
        doing = _doing(o.phrase)
        if action in self.best:
            which = "one of the best plays" if len(self.best) > 1 else "the best play"
            return f"{doing[0].upper()}{doing[1:]} is {which} here by a one-move look-ahead."
        best = " or ".join(self.play(b).phrase for b in self.best)
        return (f"{doing[0].upper()}{doing[1:]} is worth {o.cost} point{'s' if o.cost != 1 else ''} "
                f"less than the best play, counting the best capture it leaves the next "
                f"player; {best}.")

    def value_text(self, action: Move) -> str:
        """What ``action`` takes now and leaves, in words."""
        o = self.play(action)
        return f"{now_text(o.now)}; {o.reply_text}"


def now_text(t: Taken) -> str:
    """What a capture takes, in words.

    >>> now_text(taken_score(parse_cards("10D 4C"), 0))
    'takes 2 cards (no spade): big casino 2, so 2 points now'
    >>> now_text(taken_score((), 0))
    'takes nothing now'
    """
    if not t.cards:
        return "takes nothing now"
    spades = "no spade" if not t.spades else f"{t.spades} spade{'s' if t.spades > 1 else ''}"
    head = f"takes {t.cards} card{'s' if t.cards > 1 else ''} ({spades})"
    if not t.items:
        return head + ", no point now"
    items = ", ".join(f"{item} {p}" for item, p in t.items)
    return f"{head}: {items}, so {t.points} point{'s' if t.points != 1 else ''} now"


def _doing(phrase: str) -> str:
    """A play's phrase as a noun: "capture 7♣ with 7♠" is "capturing 7♣ with 7♠"."""
    verb, _, rest = phrase.partition(" ")
    ing = {"trail": "trailing", "capture": "capturing", "build": "building",
           "increase": "increasing", "add": "adding"}.get(verb, verb)
    return f"{ing} {rest}".strip()


def _state_of(v: CasinoView) -> CasinoState:
    """The position as the seat knows it: its hand and the table (the other cards dealt
    anywhere: the plays depend on the hand and the table alone)."""
    return position(v.hand, v.loose, [(b.value, b.parts, b.owner) for b in v.builds],
                    v.rules, players=len(v.names), turn=v.me)


def _plays(state: CasinoState) -> tuple[tuple[Move, ...], int]:
    """The plays valued, and how many are left unvalued (a crowded table)."""
    legal = legal_actions(state)
    if len(legal) <= MOST_PLAYS:
        return tuple(legal), 0
    hand = state.hands[state.turn]
    out: list[Move] = []
    for card in hand:
        out += list(largest_captures(state, card))
        if Trail(card) in legal:
            out.append(Trail(card))
    return tuple(dict.fromkeys(out)), len(legal) - len(out)


def _taken(before: CasinoState, after: CasinoState, seat: int) -> tuple[tuple[Card, ...], int]:
    """The cards a play put into the seat's pile, and its sweeps."""
    pile = after.piles[seat][len(before.piles[seat]):]
    return tuple(pile), len(after.sweeps[seat]) - len(before.sweeps[seat])


def best_reply(state: CasinoState, unseen: Sequence[Card]) -> tuple[Taken | None, str]:
    """The best capture the player to move could make on this table with any one of the
    ``unseen`` cards, by the points it is sure of, then cards and spades; and its words.

    >>> from cardrules.casino import position
    >>> t, words = best_reply(position("KS", "5C 10D"), parse_cards("5H 9C"))
    >>> t.points, words
    (0, 'the best capture it leaves the next player is capturing 5♣ with 5♥, worth no point now')
    """
    seat = state.turn
    known = {*state.loose, *(c for b in state.builds for c in b.cards)}
    rules = state.rules
    by_rank: dict[object, list[Card]] = {}
    for c in unseen:
        if c not in known:
            by_rank.setdefault(c.rank, []).append(c)
    best: tuple[tuple[int, int, int], Taken, str] | None = None
    for cards in by_rank.values():
        probe = position((cards[0],), state.loose,
                         [(b.value, b.parts, b.owner) for b in state.builds], rules,
                         players=state.players, turn=seat)
        for cap in captures_with(probe, cards[0]):
            after = apply(probe, cap)
            got, sweeps = _taken(probe, after, seat)
            table = tuple(c for c in got if c != cards[0])
            for card in cards:  # the same capture with each unseen card of that rank
                t = taken_score((card, *table), sweeps, rules)
                key = (t.points, t.cards, t.spades)
                if best is None or key > best[0]:
                    play = Capture(card, cap.loose, build=cap.build)
                    best = (key, t, describe(play))
    if best is None:
        return None, "no card could capture from the table it leaves"
    t = best[1]
    worth = "no point" if not t.points else f"{t.points} point{'s' if t.points != 1 else ''}"
    return t, f"the best capture it leaves the next player is {_doing(best[2])}, worth {worth} now"


def coach(view: View[Move], rng: Rng | None = None, *,
          rules: Profile | None = None) -> CasinoAdvice:
    """The advice for the seat whose view it is: every play valued by a one-move
    look-ahead (see the module), from the view alone.  ``rng`` is not used (the coach
    draws nothing); ``rules`` must be the view's own when given.

    >>> from cardrules.casino import new_game, view
    >>> a = coach(view(new_game(seed=1), "North"))
    >>> a.options, a.notes
    ((), ("It is South's turn, not North's: North has nothing to decide.",))
    """
    if not isinstance(view, CasinoView):
        raise SetupError(f"The Casino coach needs a Casino view; got "
                         f"{getattr(view, 'game', type(view).__name__)!r}.")
    if rng is not None:
        check_rng(rng)
    table = table_rules(view, rules, CasinoRules, "Casino")
    if not view.my_turn:
        nothing = not_your_turn(view)
        return CasinoAdvice("casino", view.seat, (), (), Measure.POINTS, Method.LOOKAHEAD,
                            PRECISION, notes=nothing.notes)
    state = _state_of(view)
    me = state.turn
    seen = {*view.hand, *view.loose, *(c for b in view.builds for c in b.cards),
            *(c for s in view.sweeps for c in s)}
    unseen = [c for c in DECK if c not in seen]
    plays, left = _plays(state)
    scored: list[tuple[Move, Taken, Taken | None, str]] = []
    for play in plays:
        after = apply(state, play)
        got, sweeps = _taken(state, after, me)
        now = taken_score(got, sweeps, table)
        reply, words = best_reply(after, unseen) if after.turn != me else (None, "")
        scored.append((play, now, reply, words))
    top = max(t.points - (r.points if r else 0) for _, t, r, _ in scored)
    works = tuple(PlayValue(p, describe(p), t, r, w, top - (t.points - (r.points if r else 0)))
                  for p, t, r, w in scored)
    options = tuple(Option(w.action, w.net, w.phrase, _doing(w.phrase), w.cost) for w in works)
    best = tuple(w.action for w in works if w.net == top)
    most = max(w.points for w in works)
    best_now = tuple(w.action for w in works if w.points == most)
    notes = ["Points now are those the cards taken are sure of (each ace 1, big casino 2, "
             "little casino 1" + (", a sweep 1" if table.sweeps else "") + "); most cards "
             "and most spades are counted only at the end of the round.",
             "The next player's reply is the best capture any card you have not seen could "
             "make on the table your play leaves; nothing further is looked at."]
    if len(best) > 1:
        first = max((w for w in works if w.action in best),
                    key=lambda w: (w.now.cards, w.now.spades))
        notes.append(f"Of the best plays, {first.phrase} takes the most cards and spades, "
                     "toward most cards and most spades.")
    unvalued: tuple[Move, ...] = ()
    if left:
        valued = set(plays)
        unvalued = tuple(p for p in legal_actions(state) if p not in valued)
        notes.append(f"This table allows many plays: the trails and each card's largest "
                     f"captures are valued, {left} other plays are not.")
    return CasinoAdvice("casino", view.seat, options, best, Measure.POINTS, Method.LOOKAHEAD,
                        PRECISION, None, tuple(notes), unvalued, None, works, best_now)
