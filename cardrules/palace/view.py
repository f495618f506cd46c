"""What one seat sees of a hand, and the table as rows for the book.

Every banner lies face up, and so does every soldier (bought to lie face up beneath the
banner, across it); the palace cards lie face down, each player seeing their own; the
draw pile and the discard pile lie face down.  In a battle the caller looks at the
attacker's cards and names the winner, but the cards go back without being shown to the
table; only the ordinary showdown that ends a quiet round [palace.end.showdown] shows
every palace still in the hand to everyone.
"""

# No ``from __future__ import annotations``: the view's field types stay objects, so that the
# Reference names each by its module (a game's Phase is not another's).

from dataclasses import dataclass

from ..cards import Card, Suit, cards_text
from ..game import Row, SetupError, View, check_seat, log_lines
from .actions import Action, Buy, Call, Fold, Pass, Stay
from .apply import legal_actions
from .checks import call_amount
from .profile import PalaceRules
from .state import PalaceState, Phase, PlayerState, palace_state


@dataclass(frozen=True)
class SeatView:
    """One player as every seat knows them, without their cards (those are in the view's
    rows, each card once): name, chips, whether still in the hand, the banner suit and
    how many soldiers and palace cards they hold.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> view(s, "Bob").player("Ann")
    SeatView(name='Ann', in_hand=True, chips=200, suit=<Suit.SPADES: 'spades'>, soldiers=1, palace=3)
    """

    name: str
    in_hand: bool
    chips: int
    suit: Suit | None
    soldiers: int
    palace: int


@dataclass(frozen=True)
class BattleView:
    """The battle under way, by name: the attacker, the defender, the attack bet, the
    raises so far, the raise now faced and who made it."""

    attacker: str
    defender: str
    bet: int
    raises: int
    facing: int
    raiser: str | None


@dataclass(frozen=True, kw_only=True)
class PalaceView(View[Action]):
    """A seat's view of a hand of Palace Poker.  The rows hold every card the seat sees,
    once each: for each player still in, a row ``"<name>: banner"``, a row ``"<name>:
    soldiers"`` and a row ``"<name>: palace"`` (None for each card face down to this
    seat), then the draw pile and the discard pile, face down.  Beside them: every player
    without their cards (``table``, in seat order), the pot, the stakes, the dealer, and
    the battle under way.

    >>> from cardrules.palace import load_palace, player, position
    >>> s = position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D"),
    ...                               player("Bob", "QD", "5C 6C 7C")])
    >>> v = view(s, "Bob")
    >>> v.palace("Ann"), v.soldiers("Ann"), v.banner("Ann")
    ((None, None, None), (Card('5♦'),), Card('K♠'))
    >>> v.known("Bob")
    (Card('5♣'), Card('6♣'), Card('7♣'), Card('Q♦'))
    """

    rules: PalaceRules
    phase: Phase
    dealer: str
    pot: int
    table: tuple[SeatView, ...]
    battle: BattleView | None
    #: what the seat to act pays to call, while it answers an attack or a raise (else 0)
    to_call: int
    draw_pile: int
    discard_pile: int

    def player(self, name: str) -> SeatView:
        """The player called ``name``, as every seat knows them."""
        for p in self.table:
            if p.name == name:
                return p
        raise SetupError(f"There is no seat {name!r} at this Palace Poker table; the seats "
                         f"are {', '.join(p.name for p in self.table)}.")

    def _row(self, name: str, part: str) -> tuple[Card | None, ...]:
        self.player(name)
        label = f"{name}: {part}"
        for row in self.rows:
            if row.owner == name and row.label == label:
                return row.cards
        return ()

    def banner(self, name: str) -> Card | None:
        """The banner of ``name`` (face up), or None for a player who is out."""
        cards = self._row(name, "banner")
        return cards[0] if cards else None

    def soldiers(self, name: str) -> tuple[Card, ...]:
        """The soldiers of ``name`` (face up)."""
        return tuple(c for c in self._row(name, "soldiers") if c is not None)

    def palace(self, name: str) -> tuple[Card | None, ...]:
        """The palace cards of ``name``, None for each one face down to this seat."""
        return self._row(name, "palace")

    def known(self, name: str) -> tuple[Card, ...]:
        """The cards of ``name`` this seat sees: palace cards shown to it, soldiers and
        banner (for the seat itself, all of its own cards)."""
        banner = self.banner(name)
        return (tuple(c for c in self.palace(name) if c is not None) + self.soldiers(name)
                + ((banner,) if banner is not None else ()))

    @property
    def me(self) -> SeatView:
        """The seat whose view this is."""
        return self.player(self.seat)

    @property
    def in_hand(self) -> tuple[SeatView, ...]:
        """The players still in the hand, in seat order."""
        return tuple(p for p in self.table if p.in_hand)


def _shows_palaces(state: PalaceState) -> bool:
    """Whether the hand ended in the ordinary showdown, where every palace is shown."""
    return state.result is not None and state.result.rule_id == "palace.end.showdown"


def _rows(p: PlayerState, seat: str, shown: bool) -> list[Row]:
    if not p.in_hand:
        return [Row(f"{p.name}: out of the hand", (), owner=p.name)]
    palace: tuple[Card | None, ...] = (
        p.palace if shown or p.name == seat else (None,) * len(p.palace))
    banner = (p.banner,) if p.banner is not None else ()
    return [Row(f"{p.name}: banner", banner, owner=p.name),
            Row(f"{p.name}: soldiers", p.soldiers, owner=p.name),
            Row(f"{p.name}: palace", palace, owner=p.name)]


def _status(state: PalaceState) -> str:
    if state.phase is Phase.OVER:
        return state.result.reason if state.result is not None else "The hand is over."
    me = state.actor.name
    b = state.battle
    if state.phase is Phase.KEEP:
        return f"{me} chooses which soldiers to keep (at most five)."
    if state.phase is Phase.DEFEND and b is not None:
        return (f"{state.players[b.attacker].name} attacks {me}, betting {b.bet}: {me} folds, "
                f"calls for {call_amount(state)} or raises.")
    if state.phase is Phase.ANSWER and b is not None and b.last_raiser is not None:
        return (f"{state.players[b.last_raiser].name} raised by {b.facing}: {me} passes, calls "
                "or re-raises.")
    return f"{me}'s turn: buy, discard, battle, stay or fold. The pot holds {state.pot}."


def view(state: PalaceState, seat: str) -> PalaceView:
    """What ``seat`` (any player of the hand, in or out) sees: the banners and soldiers of
    everyone, its own palace cards, the others' face down (all shown after a quiet
    round's showdown), the pot and the battle under way; the legal actions only when it
    is this seat's turn.

    >>> from cardrules.palace import load_palace, new_hand
    >>> s = new_hand(load_palace(), ["Ann", "Bob", "Cy"], seed=7, dealer="Cy")
    >>> v = view(s, "Ann")
    >>> [(r.label, r.cards) for r in v.rows][:4]
    [('Ann: banner', (Card('A♣'),)), ('Ann: soldiers', ()), ('Ann: palace', (Card('3♠'), Card('10♦'), Card('9♣'))), ('Bob: banner', (Card('7♦'),))]
    >>> v.palace("Bob"), v.my_turn, len(v.legal), view(s, "Bob").legal
    ((None, None, None), True, 5, ())
    >>> v.status
    "Ann's turn: buy, discard, battle, stay or fold. The pot holds 6."
    """
    state = palace_state(state, "view")
    names = tuple(p.name for p in state.players)
    seat = check_seat(seat, names, "Palace Poker")
    shown = _shows_palaces(state)
    rows = [row for p in state.players for row in _rows(p, seat, shown)]
    rows.append(Row("Draw pile", (None,) * len(state.draw_pile)))
    rows.append(Row("Discard pile", (None,) * len(state.discard_pile)))
    table = tuple(SeatView(p.name, p.in_hand, p.chips, p.banner.suit if p.banner else None,
                           len(p.soldiers), len(p.palace)) for p in state.players)
    over = state.phase is Phase.OVER
    who = None if over else state.players[state.to_act].name
    b = state.battle
    battle = None if b is None else BattleView(
        state.players[b.attacker].name, state.players[b.defender].name, b.bet, b.raises,
        b.facing, None if b.last_raiser is None else state.players[b.last_raiser].name)
    answering = state.phase in (Phase.DEFEND, Phase.ANSWER)
    return PalaceView(
        game="palace", seat=seat, to_act=who, over=over, rows=tuple(rows),
        legal=legal_actions(state) if who == seat else (), status=_status(state),
        rules=state.rules, phase=state.phase, dealer=state.players[state.dealer].name,
        pot=state.pot, table=table, battle=battle,
        to_call=call_amount(state) if answering and who == seat else 0,
        draw_pile=len(state.draw_pile), discard_pile=len(state.discard_pile),
        log=log_lines(state.log),
        lost=sum(not p.in_hand for p in table if p.name == seat),
        tries=tries(state) if who == seat else ())


def tries(state: PalaceState) -> tuple[Action, ...]:
    """A player's decisions, legal or not: on a turn buy, stay and fold; in a battle call,
    pass and fold (the attacks, discards and raises are offered as the rules allow them).

    >>> from cardrules.palace import load_palace, start
    >>> [type(a).__name__ for a in tries(start(load_palace(), seed=1))]
    ['Buy', 'Stay', 'Fold']
    """
    if state.phase is Phase.TURN:
        return Buy(), Stay(), Fold()
    if state.phase in (Phase.DEFEND, Phase.ANSWER):
        return Call(), Pass(), Fold()
    return ()


def palace_view(view: View[Action]) -> PalaceView:
    """A view narrowed to Palace Poker's own, for the computer players.

    >>> palace_view(View(game="banco", seat="Ann", to_act=None, over=True, rows=()))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Palace Poker player needs a Palace Poker view; got one of banco.
    """
    if not isinstance(view, PalaceView):
        raise SetupError(f"A Palace Poker player needs a Palace Poker view; got one of "
                         f"{getattr(view, 'game', type(view).__name__)}.")
    return view


def table(state: PalaceState, show_palace: bool = False) -> list[list[object]]:
    """The table as rows for a picture or a table in the book: name, banner, soldiers,
    palace cards (counted, or shown), chips, and whether in the hand.

    >>> from cardrules.palace import load_palace, player, position
    >>> table(position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D", chips=20),
    ...                                 player("Bob", "QD", "5C 6C 7C")]))[0]
    ['Ann', 'K♠', '5♦', '3 cards', 20, 'in (to act)']
    """
    state = palace_state(state, "table")
    rows: list[list[object]] = []
    for i, p in enumerate(state.players):
        status = "in" if p.in_hand else "out"
        if i == state.to_act and not state.is_over:
            status += " (to act)"
        palace = cards_text(p.palace) if show_palace else f"{len(p.palace)} cards"
        rows.append([p.name, str(p.banner) if p.banner else "-", cards_text(p.soldiers) or "-",
                     palace if p.palace else "-", p.chips, status])
    return rows
