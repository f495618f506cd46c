"""What a seat sees of a round.  Every player's cards are dealt face up, so every seat (and
the dealer) sees every hand, its stake and its insurance; of the dealer's cards only the up
card shows (none with both dealer cards face down) until the dealer plays, when the hole
card is turned; the shoe is never seen [casino-pontoon.deal, casino-pontoon.face-down]."""

# No ``from __future__ import annotations``: the view's field types stay objects, so that the
# Reference names each by its module (a game's Phase is not another's).

from dataclasses import dataclass

from ..cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..game import Row, SetupError, View, check_seat, log_lines
from .actions import Action, Double, Hit, Insure, NoInsurance, Split, Stand
from .apply import legal_actions
from .checks import max_insurance
from .profile import CasinoPontoonRules, load_casino_pontoon  # noqa: F401  (doctests)
from .state import DEALER, Hand, Phase, RoundState, Seat, is_over, round_state, to_act
from .values import hand_total, is_soft


@dataclass(frozen=True, kw_only=True)
class CasinoPontoonView(View[Action]):
    """A seat's view of a round: every hand face up, the dealer's cards as the players see
    them (the last row), and the hand in play.  Each card seen is in the rows once; the
    other fields say what the rows do not (totals, the hand's state, the rules)."""

    #: the table's rules (the dealer's rules, the payouts, the splits)
    rules: CasinoPontoonRules
    #: where the round is
    phase: Phase
    #: the place in ``rows`` of the hand to act, or None when no player hand plays
    hand_row: int | None
    #: the best total of the hand to act, or None
    total: int | None
    #: whether that total counts an ace as 11
    soft: bool
    #: whether the hand to act has doubled
    doubled: bool
    #: whether the hand to act came from a split
    from_split: bool
    #: the dealer's total once every dealer card is face up, else None
    dealer_total: int | None
    #: whether that total counts an ace as 11
    dealer_soft: bool
    #: the most the seat deciding on insurance may insure (0 when none is offered)
    max_insurance: int

    @property
    def dealer(self) -> tuple[Card | None, ...]:
        """The dealer's cards as the players see them: None for a card face down."""
        return self.rows[-1].cards

    @property
    def up_card(self) -> Card | None:
        """The dealer's up card, or None when the dealer's cards are dealt face down."""
        return None if self.rules.dealer_cards_face_down else self.dealer[0]

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards of the hand to act (face up), or () when no player hand plays."""
        return () if self.hand_row is None else self.rows[self.hand_row].shown


def view(state: RoundState, seat: str) -> CasinoPontoonView:
    """What ``seat`` sees: a player's seat (a seat of :func:`~cardrules.casino_pontoon.start`)
    or the ``"Dealer"``; only the seat to act has legal actions.

    >>> from cardrules.casino_pontoon import start
    >>> v = view(start(load_casino_pontoon(), seed=5), "Seat 1")
    >>> [row.label for row in v.rows]
    ['Seat 1 (16, stake 10)', 'Seat 2 (19, stake 10)', 'Seat 3 (20, stake 10)', 'Dealer']
    >>> v.dealer, v.hand, v.total, v.legal
    ((Card('3♥'), None), (Card('6♥'), Card('Q♣')), 16, (Hit(), Stand(), Double()))
    >>> v.status
    "Seat 1 is to play 6♥ Q♣ (16) against the dealer's 3♥."
    >>> view(start(load_casino_pontoon(), seed=5), "Dealer").legal
    ()
    """
    state = round_state(state, "view")
    seat = check_seat(seat, (*state.names, DEALER), "Casino Pontoon")
    who = to_act(state)
    dealer = state.visible_dealer()
    shown = None not in dealer
    rows: list[Row] = []
    hand_row = None
    for i, s in enumerate(state.seats):
        for j, h in enumerate(s.hands):
            if state.phase is Phase.PLAY and (i, j) == (state.seat, state.hand):
                hand_row = len(rows)
            rows.append(Row(_label(s, j, h), h.cards, owner=s.name))
    rows.append(Row(DEALER + (f" ({hand_total(state.dealer)})" if shown else ""), dealer,
                    owner=DEALER))
    hand = state.current if state.phase is Phase.PLAY else None
    return CasinoPontoonView(
        game="casino-pontoon", seat=seat, to_act=who, over=is_over(state), rows=tuple(rows),
        legal=legal_actions(state) if who == seat else (), status=_status(state),
        rules=state.rules, phase=state.phase, hand_row=hand_row, log=log_lines(state.log),
        lost=sum(h.busted for s in state.seats if s.name == seat for h in s.hands),
        tries=tries(state) if who == seat else (),
        total=None if hand is None else hand.total, soft=hand is not None and hand.soft,
        doubled=hand is not None and hand.doubled,
        from_split=hand is not None and hand.from_split,
        dealer_total=hand_total(state.dealer) if shown else None,
        dealer_soft=shown and is_soft(state.dealer),
        max_insurance=max_insurance(state) if state.phase is Phase.INSURANCE else 0)


def _label(seat: Seat, j: int, h: Hand) -> str:
    which = f", hand {j + 1}" if len(seat.hands) > 1 else ""
    total = "bust" if h.busted else f"{'soft ' if h.soft else ''}{h.total}"
    return f"{seat.name}{which} ({total}, stake {h.stake})"


def _status(state: RoundState) -> str:
    """Where the round stands, in the game's words (nothing the players may not see)."""
    up = state.up_card
    against = f"the dealer's {up}" if up is not None else "the dealer's face-down cards"
    if state.phase is Phase.INSURANCE:
        return (f"{state.seats[state.seat].name} is to decide on insurance: the dealer shows "
                f"{up}.")
    if state.phase is Phase.PLAY:
        return f"{state.where()} is to play {state.current.describe()} against {against}."
    total = hand_total(state.dealer)
    cards = " ".join(str(c) for c in state.dealer)
    if state.phase is Phase.DEALER:
        return f"The dealer plays {cards} ({total})."
    if state.dealer_pontoon:
        return f"The round is over: the dealer has a pontoon ({cards})."
    return f"The round is over: the dealer has {cards} ({'bust' if total > 21 else total})."


def tries(state: RoundState) -> tuple[Action, ...]:
    """A player's decisions on his turn, legal or not: no insurance or insurance for the
    most the table allows; then hit, stand, double and split.

    >>> from cardrules.casino_pontoon import load_casino_pontoon, start
    >>> [type(a).__name__ for a in tries(start(load_casino_pontoon(), seed=5))]
    ['Hit', 'Stand', 'Double', 'Split']
    """
    if state.phase is Phase.INSURANCE:
        return NoInsurance(), Insure(max(1, max_insurance(state)))
    if state.phase is Phase.PLAY:
        return Hit(), Stand(), Double(), Split()
    return ()


def casino_pontoon_view(view: View[Action]) -> CasinoPontoonView:
    """A view narrowed to Casino Pontoon's own, for the computer players.

    >>> casino_pontoon_view(View(game="banco", seat="Ann", to_act=None, over=True, rows=()))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Casino Pontoon player needs a Casino Pontoon view; got one of banco.
    """
    if not isinstance(view, CasinoPontoonView):
        raise SetupError(f"A Casino Pontoon player needs a Casino Pontoon view; got one of "
                         f"{getattr(view, 'game', type(view).__name__)}.")
    return view
