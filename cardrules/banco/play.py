"""Playing a coup: the deal, the one action the rules allow at each step, applying it,
and the game contract's questions (whose turn, is it over, which cards are in play)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, parse_cards, shoe  # noqa: F401  (parse_cards: doctests)
from ..errors import IllegalAction
from ..game import SetupError, can, check_card_list, check_copies, check_profile
from ..rng import Rng
from .profile import BancoRules, load_banco  # noqa: F401  (load_banco: doctests)
from .state import Action, Bet, BetOn, CoupState, Draw, Stage, Stand
from .values import Side, banker_draws, banker_reason, hand_value, is_natural, player_draws

# Seats at a table, and the standard bet each seat places when a game is started with
# :func:`start`.
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 1, 12, 3
STANDARD_BET = 10


def new_coup(rules: BancoRules, cards: Sequence[Card] | None = None, *, seed: int | str | None = None,
             bets: Sequence[Bet] = ()) -> CoupState:
    """Deal a coup [banco.deal]: from ``cards`` (the next cards of the shoe, in order),
    or from a shoe of ``rules.decks`` decks shuffled with ``seed``.  ``bets`` ride on the
    coup and are settled by :func:`cardrules.banco.outcome`.

    >>> s = new_coup(load_banco(), seed=1)
    >>> len(s.player), len(s.banker), len(s.shoe)
    (2, 2, 412)

    Cards the shoe cannot hold are refused before anything is dealt:

    >>> new_coup(load_banco().replace(decks=1), parse_cards("AS AS AS AS AS AS"))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: the shoe holds 6 copies of A♠, but 1 pack holds only 1 of each card.
    """
    check_profile(rules, BancoRules, "Punto Banco")
    if cards is None:
        if seed is None:
            raise SetupError("Give the cards of the shoe, or a seed to shuffle one.")
        cards = Rng(seed).shuffled(shoe(rules.decks))
    cards = check_card_list(cards, "the shoe")
    if len(cards) < 4:
        raise SetupError(f"a coup needs at least 4 cards to deal, got {len(cards)}")
    check_copies(cards, rules.decks, "the shoe")
    bets = _check_bets(rules, bets)
    player, banker = (cards[0], cards[2]), (cards[1], cards[3])
    log: tuple[tuple[str, str], ...] = (
        ("banco.deal", f"Player is dealt {cards[0]} {cards[2]} ({hand_value(player)}), "
                       f"Banker {cards[1]} {cards[3]} ({hand_value(banker)})."),)
    stage = Stage.PLAYER
    if is_natural(player) or is_natural(banker):
        stage = Stage.OVER
        log += (("banco.natural", "A natural: nobody draws."),)
    return CoupState(rules, player, banker, cards[4:], stage, log=log, bets=bets)


def _check_bets(rules: BancoRules, bets: Sequence[Bet]) -> tuple[Bet, ...]:
    if bets is None or isinstance(bets, (str, bytes)):
        raise SetupError(f"bets must be a list of Bet, got {bets!r}")
    out = tuple(bets)
    for b in out:
        if not isinstance(b, Bet):
            raise SetupError(f"bets must hold only Bet objects; {b!r} is not one")
        if not rules.min_bet <= b.amount <= rules.max_bet:
            raise IllegalAction("banco.payouts", f"A bet must be between {rules.min_bet} and "
                                f"{rules.max_bet}; {b.bettor} bet {b.amount}.")
        if rules.table == "social" and b.on is BetOn.TIE:
            raise IllegalAction("banco.social", "The social table takes bets on Bank or Player only.")
    return out


def seat_names(players: int | None = None) -> tuple[str, ...]:
    """The seats of a table of ``players`` (3 when None): ``Seat 1`` to ``Seat n``.
    A table seats 1 to 12.

    >>> seat_names(2)
    ('Seat 1', 'Seat 2')
    >>> seat_names(13)
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: A Punto Banco table seats 1 to 12 players; 13 were asked for.
    """
    n = DEFAULT_SEATS if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise SetupError(f"A Punto Banco table seats {MIN_SEATS} to {MAX_SEATS} players; "
                         f"{n!r} were asked for.")
    return tuple(f"Seat {i}" for i in range(1, n + 1))


def standard_bets(rules: BancoRules, players: int | None = None) -> tuple[Bet, ...]:
    """One standard bet per seat, against the house: 10 chips (kept within the table's
    limits), on Player, Banker and Tie in turn round the table (Player and Banker only
    at the social table, which takes no tie bets).

    >>> [(b.bettor, b.on.value, b.amount) for b in standard_bets(load_banco(), 3)]
    [('Seat 1', 'player', 10), ('Seat 2', 'banker', 10), ('Seat 3', 'tie', 10)]
    """
    check_profile(rules, BancoRules, "Punto Banco")
    sides = (BetOn.PLAYER, BetOn.BANKER) if rules.table == "social" else tuple(BetOn)
    amount = min(max(STANDARD_BET, rules.min_bet), rules.max_bet)
    return tuple(Bet(name, sides[i % len(sides)], amount)
                 for i, name in enumerate(seat_names(players)))


def start(rules: BancoRules, seed: int | str, players: int | None = None) -> CoupState:
    """The game contract's start: a coup dealt from a shoe shuffled with ``seed``, with
    :func:`standard_bets` for ``players`` seats (3 when None) riding on it.  The house (at
    the social table, the bank) takes the other side of every bet.

    >>> s = start(load_banco(), seed=3)
    >>> [b.bettor for b in s.bets], len(s.shoe)
    (['Seat 1', 'Seat 2', 'Seat 3'], 412)
    """
    return new_coup(rules, seed=seed, bets=standard_bets(rules, players))


def _required(state: CoupState) -> Action | None:
    if state.stage is Stage.PLAYER:
        return Draw(Side.PLAYER) if player_draws(state.player_total) else Stand(Side.PLAYER)
    if state.stage is Stage.BANKER:
        draws = banker_draws(state.banker_total, state.player_third_card)
        return Draw(Side.BANKER) if draws else Stand(Side.BANKER)
    return None


def legal_actions(state: CoupState) -> tuple[Action, ...]:
    """The one action the rules allow now (Punto Banco leaves no choice), or none.

    >>> legal_actions(new_coup(load_banco(), parse_cards("9C 2D KH 3S")))
    ()
    """
    action = _required(state)
    return () if action is None else (action,)


def explain(state: CoupState, action: object) -> str:
    """Why an action is, or is not, what the rules require here.

    >>> s = new_coup(load_banco(), parse_cards("3C 2D KH 3S"))
    >>> explain(s, Draw(Side.PLAYER))
    'Legal: the player draws on 3 (0-5 draw, 6-7 stand). [rule banco.player-draw]'
    """
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return f"Illegal: {e}"
    rule_id, reason = _reason(state)
    return f"Legal: {reason} [rule {rule_id}]"


def _reason(state: CoupState) -> tuple[str, str]:
    if state.stage is Stage.PLAYER:
        t = state.player_total
        verb = "draws" if player_draws(t) else "stands"
        return "banco.player-draw", f"the player {verb} on {t} (0-5 draw, 6-7 stand)."
    if state.stage is Stage.BANKER:
        r = banker_reason(state.banker_total, state.player_third_card)
        return "banco.third-card", r[0].lower() + r[1:]
    return "banco.natural", "the coup is over."


def verify_action(state: CoupState, action: object) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is what the rules require now; an
    object that is not a Punto Banco action is refused too.

    >>> verify_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S")), "stick")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: 'stick' is not a Punto Banco action; use Draw or Stand. [rule banco.deal]
    """
    if not isinstance(action, (Draw, Stand)):
        raise IllegalAction("banco.deal", f"{action!r} is not a Punto Banco action; use Draw or Stand.")
    required = _required(state)
    if required is None:
        if (state.player_total >= 8 and len(state.player) == 2) or (
            state.banker_total >= 8 and len(state.banker) == 2
        ):
            raise IllegalAction("banco.natural", "A natural ends the coup: nobody draws after a "
                                f"natural (Player {state.player_total}, Banker {state.banker_total}).")
        raise IllegalAction("banco.result", "The coup is over: both hands have played.")
    if action == required:
        return
    if action.side is not required.side:
        raise IllegalAction(
            "banco.deal" if state.stage is Stage.PLAYER else "banco.third-card",
            f"It is the {required.side.value}'s turn: the Player hand plays first, then the Banker.",
        )
    if state.stage is Stage.PLAYER:
        t = state.player_total
        if isinstance(action, Draw):
            raise IllegalAction("banco.player-draw",
                                f"The player stands on {t}: the player draws only on 0-5.")
        raise IllegalAction("banco.player-draw",
                            f"The player must draw on {t}: the player draws on 0-5, stands on 6-7.")
    reason = banker_reason(state.banker_total, state.player_third_card)
    raise IllegalAction("banco.third-card", reason)


can_apply = can(verify_action)


def apply(state: CoupState, action: Action) -> CoupState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise.

    >>> s = apply(new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C")), Draw(Side.PLAYER))
    >>> s.player, s.stage.value
    ((Card('3♣'), Card('K♥'), Card('4♣')), 'banker to act')
    """
    verify_action(state, action)
    rule_id, reason = _reason(state)
    text = reason[0].upper() + reason[1:]
    player, banker, rest = state.player, state.banker, state.shoe
    if isinstance(action, Draw):
        if not rest:
            raise IllegalAction("banco.deal", "The shoe is empty: no card is left to draw.")
        if action.side is Side.PLAYER:
            player = (*player, rest[0])
        else:
            banker = (*banker, rest[0])
        text += f" Dealt {rest[0]}."
        rest = rest[1:]
    stage = Stage.BANKER if state.stage is Stage.PLAYER else Stage.OVER
    stood = state.player_stood or (state.stage is Stage.PLAYER and isinstance(action, Stand))
    return CoupState(state.rules, player, banker, rest, stage, stood,
                     (*state.log, (rule_id, text)), state.bets)


def play_out(state: CoupState) -> CoupState:
    """Play a dealt coup to its end by the rules.

    >>> play_out(new_coup(load_banco(), seed=5)).is_over
    True
    """
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state


def deal_rows(rules: BancoRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded coup, played out, as labelled rows of cards (for pictures).  ``players``
    does not change the picture (the bettors hold no cards) but must be a table's size.

    >>> [label for label, _ in deal_rows(load_banco(), 3)]
    ['Player', 'Banker']
    """
    seat_names(players)
    end = play_out(new_coup(rules, seed=seed))
    return [("Player", end.player), ("Banker", end.banker)]


def is_over(state: CoupState) -> bool:
    """Whether the coup has ended: its result is final.

    >>> is_over(new_coup(load_banco(), parse_cards("9C 2D KH 3S")))
    True
    """
    return state.stage is Stage.OVER


def to_act(state: CoupState) -> str | None:
    """Whose turn it is: the ``"Player"`` or the ``"Banker"`` hand (the croupier plays it
    by the rules), or None when the coup is over.

    >>> s = new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C 5C"))
    >>> to_act(s), to_act(apply(s, Draw(Side.PLAYER)))
    ('Player', 'Banker')
    """
    if state.stage is Stage.PLAYER:
        return "Player"
    if state.stage is Stage.BANKER:
        return "Banker"
    return None


def cards_in_play(state: CoupState) -> tuple[Card, ...]:
    """Every card of the coup: the Player hand, the Banker hand, then the rest of the shoe.

    >>> len(cards_in_play(start(load_banco(), seed=1)))
    416
    """
    return state.player + state.banker + state.shoe


def random_action(state: CoupState, rng: Rng) -> Action:
    """A legal action drawn with ``rng`` (Punto Banco allows one at a time).

    >>> random_action(new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C")), Rng(1))
    Draw(side=<Side.PLAYER: 'player'>)
    """
    actions = legal_actions(state)
    if not actions:
        raise IllegalAction("banco.result", "The coup is over: no action is legal.")
    return rng.choice(actions)


