"""A Casino play chosen card by card, as a player picks cards off the table.

A crowded Casino table allows millions of captures, far too many for a button each.  The
learner picks instead: first a card from the hand, then table cards and builds one at a
time.  The rules say which items may still join (:func:`~cardrules.casino.capture_options`
for captures, the build values the learner holds for builds and increases), every pick is
checked, and the plays the picked cards make are offered to confirm.  Nothing here lists
the legal plays, and nothing needs ipywidgets.

The classic example of pagat.com's Casino: an 8 on a table of A, 2, 5, 6, 7, 8.

>>> from cardrules.casino import position
>>> s = position("8S", "AH 2C 5D 6H 7C 8D")
>>> p = pick_step(s, Pick(), Step("hand", parse_card("8S")))
>>> for c in ("8D", "7C", "AH"):
...     p = pick_step(s, p, Step("add", parse_card(c)))
>>> [play_label(s, m) for m in picked_plays(s, p)]
['Capture 8♦ and 7♣+A♥ with 8♠']
>>> sorted(str(c) for c in addable(s, p))  # 6+2 may still join, 5 may not
['2♣', '6♥']
>>> pick_step(s, p, Step("add", parse_card("5D")))
Traceback (most recent call last):
...
cardrules.errors.IllegalAction: 8♠ cannot take A♥ 5♦ 7♣ 8♦: they add up to 21, which is not made of cards of 8 and sets adding up to 8, each card in one set only. [rule casino.capture.numeral]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, parse_card  # noqa: F401  (doctests)
from ..errors import IllegalAction
from ..game import Builder, Offer, Step
from .actions import Build, Capture, Increase, Move, Trail
from .checks import can_apply, verify_action
from .explain import describe
from .picking import capture_options
from .sets import OPEN, Open, value_sets
from .state import CasinoState, Phase, casino_state
from .table import TableBuild, partition
from .values import card_values

__all__ = ["BUILDER", "Item", "Pick", "addable", "item_text", "offers", "pick_step",
           "pick_summary", "picked_plays", "play_label", "start_pick"]

#: the most items :func:`summary` names one by one
SHOWN = 8

#: a table item a play may take: a loose card, or a build named by its value
Item = Card | int


@dataclass(frozen=True)
class Pick:
    """What the learner has picked so far: the card from hand (None before), the loose
    table cards, and the build (its value) the play takes or increases.

    >>> Pick().items, Pick(parse_card("7S"), (parse_card("7D"),), 7).items
    ((), (Card('7♦'), 7))
    """

    card: Card | None = None
    loose: tuple[Card, ...] = ()
    build: int | None = None

    @property
    def items(self) -> tuple[Item, ...]:
        """The table items picked, loose cards first."""
        return (*self.loose, *(() if self.build is None else (self.build,)))

    def with_item(self, item: Item) -> Pick:
        """The pick with one more table item."""
        if isinstance(item, Card):
            return Pick(self.card, (*self.loose, item), self.build)
        return Pick(self.card, self.loose, item)

    def without(self, item: Item) -> Pick:
        """The pick with one table item put back."""
        if isinstance(item, Card):
            return Pick(self.card, tuple(c for c in self.loose if c != item), self.build)
        return Pick(self.card, self.loose, None)


def item_text(item: Item) -> str:
    """A table item in words: ``7♦`` or ``the build of 7``."""
    return str(item) if isinstance(item, Card) else f"the build of {item}"


# -- values --------------------------------------------------------------------------------
def _value(card: Card, state: CasinoState) -> int:
    """The value a card adds to a sum (aces 1; 0 for a face card in the base game)."""
    vals = card_values(card, state.rules)
    return vals[0] if vals else 0


def _build_starts(cv: int, bv: int, royal: bool) -> Open | None:
    """The sets open before the table cards of a build of ``bv`` with a card of ``cv``: the
    card alone, or the deficit it leaves (None when the card cannot be in such a build)."""
    if bv == cv:
        return OPEN
    if royal and cv == 1 and bv == 14:  # an ace: 14 on its own, or 1 in a set
        return ((), (13,))
    if bv < cv:
        return None
    return ((bv - cv,),)


def _build_reachable(state: CasinoState, card: Card, loose: Sequence[Card]) -> bool:
    """Whether some build (or addition to a build) with ``card`` takes in ``loose`` and
    perhaps more loose cards: worked out on the counts of each value, one representative
    play checked by the engine for the rest (holding the value, a build's owner)."""
    rules = state.rules
    royal = rules.royal
    cv = _value(card, state)
    vals = [_value(c, state) for c in loose]
    if not cv or not loose or any(not v for v in vals):
        return False
    groups: dict[int, list[Card]] = {}
    for c in state.loose:
        if c not in loose:
            groups.setdefault(_value(c, state), []).append(c)
    for bv in range(max(vals), rules.max_value + 1):
        start = _build_starts(cv, bv, royal)
        if start is None:
            continue
        top = min(bv, 13)
        floor = [0] * (top + 1)
        for v in vals:
            floor[v] += 1
        counts = tuple(floor[a] + len(groups.get(a, ())) if a else 0 for a in range(top + 1))
        vs = value_sets(bv, counts, start, royal and bv == 14, tuple(floor))
        if not vs.total:
            continue
        rep = list(loose)
        for a, mask in vs.unrank(0):
            rep += groups.get(a, [])[: bin(mask).count("1") - floor[a]]
        if can_apply(state, Build(card, bv, tuple(rep))):
            return True
    return False


def _increase_ok(state: CasinoState, card: Card, build: int, loose: Sequence[Card]) -> bool:
    cv = _value(card, state)
    return bool(cv) and can_apply(state, Increase(card, build, build + cv, tuple(loose)))


# -- what may be picked next ---------------------------------------------------------------
_CACHE: list[object] = [None, None, frozenset()]


def addable(state: CasinoState, pick: Pick) -> frozenset[Item]:
    """The table items that may still be added to ``pick``: each leaves a legal capture,
    build or increase within reach.  Worked out once per position and pick.

    >>> from cardrules.casino import position
    >>> s = position("3C 7H", "AS 2D 4C", builds=[(4, "3D AH", 1)])
    >>> sorted(map(str, addable(s, Pick(parse_card("3C")))))  # A+2, 4+3 = 7, 4 to 7
    ['2♦', '4', '4♣', 'A♠']
    """
    if _CACHE[0] is state and _CACHE[1] == pick:
        got = _CACHE[2]
        assert isinstance(got, frozenset)
        return got
    out: set[Item] = set()
    card = pick.card
    if card is not None and state.phase is Phase.PLAY and card in state.hand:
        for item in capture_options(state, card, pick.loose, pick.build):
            out.add(item.value if isinstance(item, TableBuild) else item)
        for c in state.loose:
            if c in out or c in pick.loose:
                continue
            if pick.build is None:
                more = (*pick.loose, c)
                if _build_reachable(state, card, more) or any(
                        _increase_ok(state, card, b.value, more) for b in state.builds):
                    out.add(c)
            elif _increase_ok(state, card, pick.build, (*pick.loose, c)):
                out.add(c)
        if pick.build is None:
            for b in state.builds:
                if b.value not in out and _increase_ok(state, card, b.value, pick.loose):
                    out.add(b.value)
    got = frozenset(out)
    _CACHE[:] = [state, pick, got]
    return got


def pick_step(state: CasinoState, pick: object, s: Step) -> Pick:
    """The pick after one step of the learner's, or IllegalAction (with the rule's id and
    the engine's sentence) when the rules refuse it; ``pick`` itself never changes.

    Steps: ``hand`` (a card from hand, starting again), ``add`` and ``remove`` (a loose
    card, or a build by its value), ``reset``.
    """
    if not isinstance(s, Step) or not isinstance(pick, Pick):
        raise IllegalAction("casino.turn", "A play is built one step at a time from a pick; "
                            f"got {type(s).__name__} on {type(pick).__name__}.")
    if s.kind == "reset":
        return Pick()
    if s.kind == "hand":
        if not isinstance(s.item, Card):
            raise IllegalAction("casino.turn", f"Pick a card of your hand to play; "
                                f"{s.item!r} is not a card.")
        verify_hand(state, s.item)
        return Pick(s.item)
    item = s.item
    if isinstance(item, bool) or not isinstance(item, (Card, int)):
        raise IllegalAction("casino.capture.numeral", f"A play takes a table card or a build "
                            f"(by its value); {item!r} is neither.")
    card = pick.card
    if card is None:
        raise IllegalAction("casino.turn", "Pick the card you play from your hand first, then "
                            "the table cards it takes or builds with.")
    if s.kind == "remove":
        return pick.without(item)
    if s.kind != "add":
        raise IllegalAction("casino.turn", f"A play is built by picking a card, adding or "
                            f"putting back a table item, or starting again; {s.kind!r} is "
                            "none of those.")
    if item in pick.items:
        raise IllegalAction("casino.capture.numeral", f"{item_text(item)} is picked already.")
    if not isinstance(item, Card) and pick.build is not None:
        raise IllegalAction("casino.build.capture", f"A play takes or changes one build at a "
                            f"time, and the build of {pick.build} is picked already: put it "
                            "back first.")
    new = pick.with_item(item)
    if item in addable(state, pick):
        return new
    raise _refusal(state, card, new)


def verify_hand(state: CasinoState, card: Card) -> None:
    """Raise IllegalAction (the engine's, rule ``casino.turn``) unless ``card`` is in the
    hand of the player to play."""
    if state.phase is not Phase.PLAY or card not in state.hand:
        verify_action(state, Trail(card))


def _refusal(state: CasinoState, card: Card, new: Pick) -> IllegalAction:
    """The engine's refusal of the capture the pick would make (never a legal one here)."""
    try:
        verify_action(state, Capture(card, new.loose, build=new.build))
    except IllegalAction as e:
        return e
    return IllegalAction("casino.capture.numeral", f"{card} cannot take "
                         f"{' and '.join(map(item_text, new.items))} in any one play.")


# -- the plays the pick makes ----------------------------------------------------------------
def picked_plays(state: CasinoState, pick: Pick) -> list[Move]:
    """The plays offered for the pick: trailing the card (or adding it alone to a build of
    its value) when nothing else is picked, the capture of what is picked (offered even when the rules refuse it: pressing it says why),
    and every legal build or increase with it.

    >>> from cardrules.casino import position
    >>> s = position("3C 3D 6H", "AS 2D")
    >>> p = Pick(parse_card("3C"), (parse_card("AS"), parse_card("2D")))
    >>> [play_label(s, m) for m in picked_plays(s, p)]
    ['Capture 2♦+A♠ with 3♣', 'Build 3 with 3♣ and A♠ 2♦', 'Build 6 with 3♣ and A♠ 2♦']
    """
    card = pick.card
    if card is None:
        return []
    if not pick.items:  # trail it, or add it alone to a build of its value
        return [Trail(card), *(m for b in state.builds
                               if can_apply(state, m := Build(card, b.value)))]
    out: list[Move] = [Capture(card, pick.loose, build=pick.build)]
    if pick.build is None:
        top = state.rules.max_value
        out += [m for bv in range(1, top + 1)
                if can_apply(state, m := Build(card, bv, pick.loose))]
    else:
        cv = _value(card, state)
        up = Increase(card, pick.build, pick.build + cv, pick.loose)
        if cv and can_apply(state, up):
            out.append(up)
    return out


def _sets_text(sets: Sequence[Sequence[Card]]) -> str:
    words = ["+".join(map(str, s)) for s in sets]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def play_label(state: CasinoState, move: Move) -> str:
    """A play in words, a capture with its sets: ``Capture 7♦ and 3♠+4♣ with 7♠``.

    >>> from cardrules.casino import position
    >>> s = position("7S", "7D 3S 4C")
    >>> play_label(s, Capture("7S", "7D 3S 4C")), play_label(s, Trail("7S"))
    ('Capture 7♦ and 4♣+3♠ with 7♠', 'Trail 7♠')
    """
    if isinstance(move, Capture) and move.loose:
        sets = None
        for v in ((move.build,) if move.build is not None
                  else card_values(move.card, state.rules)):
            if v is not None:
                sets = partition(move.loose, v, state.rules)
            if sets is not None:
                break
        what = _sets_text(sets) if sets else " ".join(map(str, move.loose))
        if move.build is not None:
            what = f"the build of {move.build} and {what}"
        return f"Capture {what} with {move.card}"
    text = describe(move)
    return text[0].upper() + text[1:]


def _lower_first(label: str) -> str:
    """A play's label inside a sentence: its first word in lower case, the cards as they are.

    >>> _lower_first("Capture K♣ with K♦")
    'capture K♣ with K♦'
    """
    return label[:1].lower() + label[1:]


def pick_summary(state: CasinoState, pick: object) -> str:
    """One line on the pick: what is picked, the play it makes, what may still be added.

    >>> from cardrules.casino import position
    >>> s = position("8S", "AH 2C 5D 6H 7C 8D")
    >>> print(pick_summary(s, Pick(parse_card("8S"), (parse_card("7C"),))))
    You play 8♠ and have picked 7♣: not a play yet (8♠ cannot take 7♣: they add up to 7, which is not made of cards of 8 and sets adding up to 8, each card in one set only.) You may add A♥, 2♣, 6♥, 8♦.
    """
    if not isinstance(pick, Pick):
        raise IllegalAction("casino.turn", f"A pick is a Pick; got {type(pick).__name__}.")
    card = pick.card
    if card is None:
        return ("Pick the card you play from your hand; then add the table cards it takes "
                "or builds with, and confirm the play.")
    got = addable(state, pick)
    can_add: list[Item] = [*(c for c in state.loose if c in got),
               *(b.value for b in state.builds if b.value in got)]
    if len(can_add) > SHOWN:
        more = f" {len(can_add)} table items may still join (their buttons are marked)."
    elif can_add:
        more = f" You may add {', '.join(map(item_text, can_add))}."
    else:
        more = " Nothing more may be added."
    if not pick.items:
        return f"You play {card}: add table cards to capture or build with, or trail it.{more}"
    legal = [m for m in picked_plays(state, pick) if can_apply(state, m)]
    picked = " ".join(map(item_text, pick.items))
    if legal:
        what = " or ".join(_lower_first(play_label(state, m)) for m in legal)
        return f"You play {card} and have picked {picked}: {what}. Confirm it below.{more}"
    try:
        verify_action(state, picked_plays(state, pick)[0])
        why = ""
    except IllegalAction as e:
        why = f" ({e.message})"
    return f"You play {card} and have picked {picked}: not a play yet{why}{more}"


def offers(state: CasinoState, pick: object, listed: int = 48) -> tuple[Offer, ...]:
    """What may be pressed now, one offer per label.  At the start of a turn: every legal
    play when there are at most ``listed`` (else trailing each card), then picking each
    card of the hand.  Once a card is picked: the plays the picked cards make (to confirm,
    ``legal`` or not yet), each table item to add (``legal`` when it may still join) or put
    back, the other cards of the hand, and starting again.

    >>> from cardrules.casino import position
    >>> s = position("8S 3D", "8C")
    >>> [o.label for o in offers(s, Pick())]
    ['Capture 8♣ with 8♠', 'Trail 8♠', 'Trail 3♦', 'Pick 8♠', 'Pick 3♦']
    >>> [(o.label, o.kind, o.legal) for o in offers(s, Pick(parse_card("8S")))][:3]
    [('Trail 8♠', 'play', True), ('Add 8♣', 'add', True), ('Pick 3♦', 'pick', True)]
    """
    from .apply import legal_actions

    state = casino_state(state, "offers")
    p = pick if isinstance(pick, Pick) else Pick()
    out: dict[str, Offer] = {}

    def offer(o: Offer) -> None:
        out.setdefault(o.label, o)

    if p.card is None:
        legal = legal_actions(state)
        whole = legal if len(legal) <= listed else tuple(Trail(c) for c in state.hand)
        for m in whole:
            offer(Offer(play_label(state, m), m, "play"))
    else:
        for m in picked_plays(state, p):
            ok = can_apply(state, m)
            offer(Offer(play_label(state, m), m, "play",
                        "Play it" if ok else "Not a legal play yet: press to see why", ok))
        can_add = addable(state, p)
        items: tuple[Item, ...] = (*state.loose, *(b.value for b in state.builds))
        for item in items:
            if item in p.items:
                continue
            joins = item in can_add
            words = item_text(item)
            offer(Offer(f"Add {words}", Step("add", item), "add",
                        f"{words[:1].upper() + words[1:]} "
                        + ("may join the play" if joins else "cannot join this play"), joins))
        for item in p.items:
            offer(Offer(f"Put back {item_text(item)}", Step("remove", item), "remove",
                        f"Take {item_text(item)} out of the play"))
    for card in state.hand:
        if card != p.card:
            offer(Offer(f"Pick {card}", Step("hand", card), "pick",
                        f"Play {card}: then pick the table cards it takes or builds with"))
    if p.card is not None:
        offer(Offer("Start again", Step("reset"), "reset", "Put everything back"))
    return tuple(out.values())


def start_pick() -> Pick:
    """An empty pick: nothing chosen yet.

    >>> start_pick()
    Pick(card=None, loose=(), build=None)
    """
    return Pick()


#: Casino's play builder, for the contract (:class:`cardrules.game.Builder`)
BUILDER: Builder[Move] = Builder(start=start_pick, step=pick_step, offers=offers,
                                 summary=pick_summary)
