"""Playing a deal: the legal actions of a state, and applying an action to get the next
state (dealing, buying, twisting, busts, the banker's turn, and the next deal).

>>> from cardrules.pontoon import new_deal, load_pontoon
>>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
>>> legal_actions(s)
(Stake(amount=10), Stake(amount=100))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card, Rank, cards_text
from ..errors import IllegalAction
from ..game import SetupError
from ..rng import Rng
from .actions import (
    Action,
    BankerDraw,
    BankerStay,
    Buy,
    Declare,
    NextDeal,
    SellBank,
    Shoot,
    Split,
    Stake,
    Stick,
    TopUp,
    Twist,
)
from .checks import hand_text, shoot_room, verify_action, verify_next_deal, who_acts
from .deal import check_pack, start_deal
from .outcome import finish_deal, settle_deal
from .state import (
    KITTY,
    DealState,
    Hand,
    HandStatus,
    Payment,
    Phase,
    Player,
    deal_state,
    logged,
    replace_hand,
    replace_state,
    with_hand,
)
from .values import best_count, classify, is_pontoon, low_count, low_total, ordinal


# -- legal actions ------------------------------------------------------------------------------
def amount_range(state: DealState, kind: type) -> tuple[int, int] | None:
    """The amounts allowed now for an action with an amount, or None if it is not
    allowed at all.  ``kind`` is :class:`Stake`, :class:`Shoot`, :class:`Buy`,
    :class:`Split` (its shoot bet) or :class:`TopUp` (of a dry kitty; any other
    top-up is 1 or more).  Every whole amount in the range is legal.

    >>> from cardrules.pontoon import arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("4S 3D")], parse_cards("2C 3C")))
    >>> amount_range(s, Stake), amount_range(s, Buy)
    ((10, 100), None)
    >>> amount_range(apply(s, Stake(40)), Buy)
    (40, 80)
    """
    state = deal_state(state, "amount_range")
    if kind not in (Stake, Shoot, Buy, Split, TopUp):
        raise SetupError(f"amount_range is for Stake, Shoot, Buy, Split or TopUp, not {kind!r}.")
    amounts = [amount_of(a) for a in legal_actions(state) if type(a) is kind]
    if not amounts:
        return None
    return min(amounts), max(amounts)


def amount_of(a: Action) -> int:
    """The amount an action carries: a stake, a shoot bet (a split's is the new hand's), a
    buy or a top-up; 0 for an action without one.

    >>> amount_of(Buy(30)), amount_of(Split(15)), amount_of(Twist())
    (30, 15, 0)
    """
    if isinstance(a, Split):
        return a.shoot
    if isinstance(a, (Stake, Shoot, Buy, TopUp)):
        return a.amount
    return 0


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """The legal actions now.  An action with an amount is listed at the two ends of
    its range (see :func:`amount_range`); every whole amount between is legal too.
    When a deal is over the actions are those between deals.

    >>> from cardrules.pontoon import arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("8S 8D")], parse_cards("2C 3C")))
    >>> legal_actions(s)
    (Stake(amount=10), Stake(amount=100))
    >>> legal_actions(apply(s, Stake(10)))
    (Split(shoot=0), Buy(amount=10), Buy(amount=20), Twist(), Stick())
    """
    state = deal_state(state, "legal_actions")
    out: list[Action] = []
    ph = state.phase
    rules = state.rules
    if ph is Phase.STAKES:
        out += _ends(Stake, rules.min_stake, rules.max_stake)
    elif ph is Phase.SHOOT:
        room = shoot_room(state)
        out += [Shoot(0), *_ends(Shoot, 1, room)]
    elif ph is Phase.PLAYERS:
        p = state.players[state.turn]
        h = p.hands[state.hand_index]
        if h.is_pontoon_hand(rules):
            return (Declare(),)
        cards = h.cards
        n = len(cards)
        low = low_count(cards)
        left = len(state.pack)
        draw = n < 5 and low < 21 and left > 0
        room = shoot_room(state) if rules.shoot else 0
        if (n == 2 and cards[0].rank is cards[1].rank and len(p.hands) < 4 and left >= 2
                and (rules.split == "pairs" or cards[0].rank is Rank.ACE)):
            out += [Split(0), *_ends(Split, 1, room)]
        if draw and not h.twisted and not (rules.no_fifth_buy_on_11 and n == 4 and low <= 11):
            out += _ends(Buy, h.stake, 2 * h.stake if not h.buys else h.buys[-1])
        if draw:
            out.append(Twist())
        if (best_count(cards) >= rules.min_stick or left == 0) and not (h.shoot4 and n == 3):
            out.append(Stick())
        if rules.shoot and n == 3 and not h.shoot4 and draw:
            out += _ends(Shoot, 1, room)
    elif ph is Phase.BANKER:
        b = state.banker_cards
        if len(b) < 5 and low_count(b) < 21 and state.pack:
            out.append(BankerDraw())
        out.append(BankerStay())
    else:
        nb = state.next_banker
        keeps = nb == state.banker
        if not rules.shoot or not keeps or state.kitty > 0:
            out.append(NextDeal())
        if rules.shoot and keeps:
            if state.kitty == 0:
                out += _ends(TopUp, rules.min_stake, rules.max_stake)
            else:
                out.append(TopUp(1))
        out += [SellBank(n, 0) for n in state.seats if n != nb]
    return tuple(out)


def _ends(kind: Callable[[int], Action], low: int, high: int) -> list[Action]:
    """An amount-bearing action at both ends of its range (once if they meet; none
    if the range is empty)."""
    if high < low:
        return []
    return [kind(low)] if low == high else [kind(low), kind(high)]


# -- applying actions ---------------------------------------------------------------------------
def apply(state: DealState, action: object) -> DealState:
    """The state after ``action``; the old state is unchanged.  Illegal actions raise
    :class:`IllegalAction`.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> apply(s, Stake(25)).players[0].hands[0].stake, s.players[0].hands[0].stake
    (25, 0)
    """
    state = deal_state(state, "apply")
    verify_action(state, action)
    if isinstance(action, Stake):
        return _do_stake(state, action.amount)
    if isinstance(action, Shoot):
        return _do_shoot(state, action.amount)
    if isinstance(action, Declare):
        return _do_declare(state)
    if isinstance(action, Split):
        return _do_split(state, action.shoot)
    if isinstance(action, Buy):
        return _do_card(state, action.amount)
    if isinstance(action, Twist):
        return _do_card(state, None)
    if isinstance(action, Stick):
        return _do_stick(state)
    if isinstance(action, BankerDraw):
        return _do_banker_draw(state)
    if isinstance(action, BankerStay):
        return settle_deal(logged(state, "pontoon.banker-play",
                            f"The banker stays on {_banker_text(state.banker_cards)}."))
    if isinstance(action, TopUp):
        return _do_top_up(state, action.amount)
    if isinstance(action, SellBank):
        return _do_sell(state, action.buyer, action.price)
    assert isinstance(action, NextDeal)
    return next_deal(state, kitty=action.kitty)



def _banker_text(cards: tuple[Card, ...]) -> str:
    return f"{cards_text(cards)} ({classify(cards)})"



def _do_stake(state: DealState, amount: int) -> DealState:
    p = state.players[state.turn]
    s = with_hand(state, replace_hand(p.hands[0], stake=amount))
    s = logged(s, "pontoon.stakes", f"{p.name} stakes {amount}.")
    if state.turn + 1 < len(state.players):
        return replace_state(s, turn=state.turn + 1)
    if state.rules.shoot:
        return replace_state(s, phase=Phase.SHOOT, turn=0)
    return _deal_second(s)


def _do_shoot(state: DealState, amount: int) -> DealState:
    p = state.players[state.turn]
    if state.phase is Phase.SHOOT:
        s = with_hand(state, replace_hand(p.hands[0], shoot=amount))
        text = f"{p.name} shoots {amount}." if amount else f"{p.name} makes no shoot bet."
        s = logged(s, "pontoon.shoot.bet", text)
        if state.turn + 1 < len(state.players):
            return replace_state(s, turn=state.turn + 1)
        return _deal_second(s)
    h = p.hands[state.hand_index]
    s = with_hand(state, replace_hand(h, shoot4=amount))
    return logged(s, "pontoon.shoot.fourth-card", f"{who_acts(state)} shoots {amount} more before the "
                "4th card.")


def _deal_second(state: DealState) -> DealState:
    pack = state.pack
    n = len(state.players)
    players = tuple(Player(p.name, (replace_hand(p.hands[0], cards=(*p.hands[0].cards, pack[i])),))
                    for i, p in enumerate(state.players))
    banker_cards = (*state.banker_cards, pack[n])
    s = replace_state(state, players=players, banker_cards=banker_cards, pack=pack[n + 1:],
                 phase=Phase.PLAYERS, turn=0, hand_index=0)
    s = logged(s, "pontoon.deal", "A second card goes face down to everyone; the banker now looks "
             "at his two cards.")
    if is_pontoon(banker_cards):
        return _banker_pontoon(s)
    return s


def _banker_pontoon(state: DealState) -> DealState:
    b = state.banker
    pays = list(state.payments)
    kitty = state.kitty
    for p in state.players:
        h = p.hands[0]
        pays.append(Payment(p.name, b, 2 * h.stake, "pontoon.banker-pontoon",
                            f"The banker shows a pontoon ({cards_text(state.banker_cards)}) and "
                            f"collects double the stake of {h.stake}."))
        if h.shoot:
            kitty += h.shoot
            pays.append(Payment(p.name, KITTY, h.shoot, "pontoon.shoot.banker-pontoon",
                                "A banker's pontoon sends every shoot bet into the kitty."))
    s = replace_state(state, payments=tuple(pays), kitty=kitty)
    s = logged(s, "pontoon.banker-pontoon", f"{b} has a pontoon ({cards_text(state.banker_cards)}): "
             "he shows it and collects double from everyone. The deal ends.")
    return finish_deal(replace_state(s, banker_shown=True), f"Pontoon! {b} collects double from everyone.")


def _do_declare(state: DealState) -> DealState:
    h = state.current_hand
    assert h is not None
    ace = 0 if h.cards[0].rank is Rank.ACE else 1
    s = with_hand(state, replace_hand(h, status=HandStatus.DECLARED, face_up=h.face_up | {ace}))
    s = logged(s, "pontoon.declare", f"{who_acts(state)} declares a pontoon: {h.cards[ace]} face "
               "up on a ten-card.")
    return _advance(s)


def _do_split(state: DealState, shoot: int) -> DealState:
    p = state.players[state.turn]
    i = state.hand_index
    h = p.hands[i]
    a, b = h.cards
    pack = state.pack
    first = replace_hand(h, cards=(a, pack[0]), from_split=True, face_up=frozenset({0}))
    second = Hand((b, pack[1]), stake=h.stake, from_split=True, face_up=frozenset({0}), shoot=shoot)
    hands = (*p.hands[:i], first, second, *p.hands[i + 1:])
    players = (*state.players[:state.turn], Player(p.name, hands), *state.players[state.turn + 1:])
    s = replace_state(state, players=players, pack=pack[2:])
    extra = f" and shoots {shoot} on the new hand" if shoot else ""
    return logged(s, "pontoon.split", f"{who_acts(state)} splits {a} {b}, stakes {h.stake} on the new "
                f"hand{extra}; the banker deals {pack[0]} and {pack[1]}.")


def _do_card(state: DealState, amount: int | None) -> DealState:
    h = state.current_hand
    assert h is not None
    card = state.pack[0]
    n = len(h.cards)
    who = who_acts(state)
    if amount is None:
        nh = replace_hand(h, cards=(*h.cards, card), twisted=True, face_up=h.face_up | {n})
        rid, text = "pontoon.twist", f"{who} twists: {card}."
    else:
        nh = replace_hand(h, cards=(*h.cards, card), buys=(*h.buys, amount))
        rid, text = ("pontoon.buy.limits",
                     f"{who} buys the {ordinal(n + 1)} card for {amount} (dealt face down).")
    s = logged(with_hand(state, nh, pack=state.pack[1:]), rid, text)
    return _after_card(s, nh)


def _after_card(state: DealState, h: Hand) -> DealState:
    low = low_count(h.cards)
    who = who_acts(state)
    if low > 21:
        return _advance(_bust(state, h))
    if len(h.cards) == 5:
        s = with_hand(state, replace_hand(h, status=HandStatus.FIVE))
        return _advance(logged(s, "pontoon.five-cards", f"{who} has a five card trick "
                             f"({hand_text(h)}): no more cards."))
    if low == 21:
        s = with_hand(state, replace_hand(h, status=HandStatus.STUCK))
        return _advance(logged(s, "pontoon.stick", f"{who}'s hand counts 21 even with its aces as "
                             "1: it takes no more cards."))
    return state


def _bust(state: DealState, h: Hand) -> DealState:
    p = state.players[state.turn]
    who = who_acts(state)
    pays = [*state.payments, Payment(p.name, state.banker, h.total_stake, "pontoon.bust",
                                     f"{who} is bust ({cards_text(h.cards)}, {low_total(h.cards)}): "
                                     f"the banker takes the stake of {h.total_stake} at once.")]
    kitty = state.kitty
    if h.shoot_total:
        kitty += h.shoot_total
        pays.append(Payment(p.name, KITTY, h.shoot_total, "pontoon.shoot.bust",
                            f"{who}'s shoot bet goes into the kitty at once."))
    bust = replace_hand(h, status=HandStatus.BUST, face_up=frozenset(range(len(h.cards))))
    s = with_hand(state, bust, pack=state.pack + h.cards, payments=tuple(pays), kitty=kitty)
    return logged(s, "pontoon.bust", f"{who} is bust with {low_total(h.cards)}: the hand is thrown "
                "in face up and its cards go to the bottom of the pack.")


def _do_stick(state: DealState) -> DealState:
    h = state.current_hand
    assert h is not None
    s = with_hand(state, replace_hand(h, status=HandStatus.STUCK))
    return _advance(logged(s, "pontoon.stick", f"{who_acts(state)} sticks on {best_count(h.cards)}."))


def _advance(state: DealState) -> DealState:
    """Move to the next hand still to play, or to the banker."""
    t, i = state.turn, state.hand_index + 1
    while t < len(state.players):
        hands = state.players[t].hands
        while i < len(hands):
            if hands[i].status is HandStatus.PLAYING:
                return replace_state(state, turn=t, hand_index=i)
            i += 1
        t, i = t + 1, 0
    if not any(h.is_live for p in state.players for h in p.hands):
        s = replace_state(state, phase=Phase.BANKER, turn=0, hand_index=0)
        s = logged(s, "pontoon.banker-play", "Every player is bust: the banker has nothing to play "
                 "for and keeps his cards face down.")
        return finish_deal(s, "Every player is bust: the banker keeps their stakes.")
    s = replace_state(state, phase=Phase.BANKER, turn=0, hand_index=0, banker_shown=True)
    return logged(s, "pontoon.banker-play", f"Every player has played. The banker turns up "
                f"{_banker_text(state.banker_cards)}.")


def _do_banker_draw(state: DealState) -> DealState:
    card = state.pack[0]
    cards = (*state.banker_cards, card)
    s = replace_state(state, banker_cards=cards, pack=state.pack[1:])
    s = logged(s, "pontoon.banker-play", f"The banker draws {card}: {_banker_text(cards)}.")
    if low_count(cards) >= 21 or len(cards) == 5:
        return settle_deal(s)
    return s



def _do_top_up(state: DealState, amount: int) -> DealState:
    pay = Payment(state.banker, KITTY, amount, "pontoon.shoot.top-up",
                  f"{state.banker} adds {amount} to the kitty.")
    s = replace_state(state, kitty=state.kitty + amount, payments=(*state.payments, pay))
    return logged(s, "pontoon.shoot.top-up", f"{state.banker} tops up the kitty by {amount} to "
                f"{state.kitty + amount}.")


def _do_sell(state: DealState, buyer: str, price: int) -> DealState:
    seller = state.next_banker
    assert seller is not None
    pay = Payment(buyer, seller, price, "pontoon.next-banker.sell",
                  f"{buyer} buys the bank from {seller} for {price}.")
    s = replace_state(state, next_banker=buyer, payments=(*state.payments, pay))
    return logged(s, "pontoon.next-banker.sell", f"{seller} sells the bank to {buyer} for {price}.")


def next_deal(state: DealState, *, kitty: int | None = None,
              pack: Sequence[Card] | None = None) -> DealState:
    """Start the next deal from a finished one [pontoon.next-deal] [pontoon.next-banker].

    With no pontoon the pack is used as gathered (the cards went to the bottom
    unshuffled); after a pontoon it is shuffled, from the game's seed and the deal
    number, or given as ``pack``.  In Shoot Pontoon a change of bank gives the old
    kitty back to the leaving banker, and the new banker puts up ``kitty``.

    >>> from cardrules.pontoon import arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("9S 7D")], parse_cards("10C 8H"))
    >>> s = apply(apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(20)), Stick())
    >>> s = apply(s, BankerStay())
    >>> t = next_deal(s)
    >>> t.deal_number, t.banker, cards_text(t.pack[-4:])
    (2, 'Ben', '9♠ 7♦ 10♣ 8♥')
    """
    state = deal_state(state, "next_deal")
    verify_next_deal(state, kitty)
    rules = state.rules
    nb = state.next_banker
    assert nb is not None
    if state.shuffle_next:
        if pack is not None:
            cards = check_pack(pack, rules.packs)
        else:
            cards = Rng(f"{state.seed}:deal {state.deal_number + 1}").shuffled(state.pack)
    else:
        if pack is not None:
            raise IllegalAction("pontoon.next-deal", "Nobody made a pontoon, so the pack is not "
                                "shuffled: the next deal uses the cards as gathered.")
        cards = state.pack
    payments: tuple[Payment, ...] = ()
    log: tuple[tuple[str, str], ...] = ()
    pot = state.kitty
    if rules.shoot and nb != state.banker:
        payments = ((Payment(KITTY, state.banker, state.kitty, "pontoon.shoot.change-of-bank",
                             f"{state.banker} leaves the bank and takes the kitty."),)
                    if state.kitty else ())
        pot = rules.max_stake if kitty is None else kitty
        payments += (Payment(nb, KITTY, pot, "pontoon.shoot.change-of-bank",
                             f"{nb}, the new banker, puts up a new kitty."),)
        log = (("pontoon.shoot.change-of-bank", f"{state.banker} takes the kitty of {state.kitty}; "
                f"{nb} puts up a new kitty of {pot}."),)
    how = "shuffled" if state.shuffle_next else "as gathered, unshuffled"
    log = (*log, ("pontoon.next-deal", f"The pack is used {how}."))
    return start_deal(rules, state.seats, nb, cards, pot, payments, log,
                      state.deal_number + 1, state.seed)
