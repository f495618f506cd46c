"""The checks: one ``verify_<action>`` per action, raising :class:`IllegalAction` with the
rule id and the numbers of the case, and its ``can_<action>`` query made by
:func:`cardrules.game.can`.

>>> from cardrules.pontoon import new_deal, load_pontoon
>>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
>>> can_stake(s, 10), can_stake(s, 500), can_apply(s, Twist())
(True, False, False)
"""

from __future__ import annotations

from ..cards import Card, Rank, cards_text
from ..errors import IllegalAction
from ..game import can
from .actions import (
    ACTION_TYPES,
    BANKER_MOVES,
    BETWEEN_DEALS,
    PLAYER_MOVES,
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
from .deal import check_kitty
from .state import DealState, Hand, HandStatus, Phase, deal_state
from .values import (
    HandKind,
    best_count,
    is_pontoon,
    is_ten_card,
    low_count,
    low_total,
    range_words,
    value_text,
)


# -- helpers on the current hand --------------------------------------------------------------
def shoot_room(state: DealState) -> int:
    """What the kitty has left uncovered: the kitty less every live shoot bet
    [pontoon.shoot.bet].

    >>> from cardrules.pontoon import apply, load_pontoon, new_deal
    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben", "Cleo"], seed=1, kitty=80)
    >>> s = apply(apply(apply(s, Stake(10)), Stake(20)), Shoot(50))
    >>> shoot_room(s)
    30
    """
    state = deal_state(state, "shoot_room")
    if not state.rules.shoot or state.phase is Phase.OVER:
        return 0
    live = sum(h.shoot_total for p in state.players for h in p.hands if h.is_live)
    return state.kitty - live


def whole_amount(amount: object, rule_id: str, what: str) -> int:
    """``amount`` when it is a whole number of chips, else an :class:`IllegalAction` under
    ``rule_id`` saying so (``what`` names the amount).

    >>> whole_amount(1.5, "pontoon.stakes", "A stake")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: A stake is a whole number of chips; got 1.5. [rule pontoon.stakes]
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction(rule_id, f"{what} is a whole number of chips; got {amount!r}.")
    return amount


def hand_text(h: Hand) -> str:
    """A hand's cards and count, as the refusals and the log tell them.

    >>> from cardrules.cards import parse_cards
    >>> hand_text(Hand(parse_cards("AS 3D")))
    'A♠ 3♦, 4 or 14'
    """
    return f"{cards_text(h.cards)}, {value_text(h.cards)}"


def who_acts(state: DealState) -> str:
    """The name of whoever acts now, with the hand's number after a split ("Ann (hand 2)");
    the banker's name on his turn and between deals.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> who_acts(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    'Ben'
    """
    p = state.current_player
    if p is None:
        return state.banker
    if len(p.hands) > 1 and state.phase is Phase.PLAYERS:
        return f"{p.name} (hand {state.hand_index + 1})"
    return p.name


def _not_turn(state: DealState, action: object) -> IllegalAction | None:
    """The refusal for an action made in the wrong phase, or None."""
    ph = state.phase
    name = state.current_player.name if state.current_player else state.banker
    if isinstance(action, BETWEEN_DEALS):
        if ph is not Phase.OVER:
            rid = {TopUp: "pontoon.shoot.top-up", SellBank: "pontoon.next-banker.sell",
                   NextDeal: "pontoon.next-deal"}[type(action)]
            return IllegalAction(rid, "That is done between deals; this deal is not over yet "
                                 f"({ph.value}, {name} to act).")
        return None
    if ph is Phase.OVER:
        return IllegalAction("pontoon.next-deal", "The deal is over and settled: the next move is "
                             "the next deal (or, first, selling the bank or topping up the kitty).")
    if isinstance(action, Stake):
        if ph is Phase.STAKES:
            return None
        return IllegalAction("pontoon.stakes", "Stakes are placed on the first card, before the "
                             "second is dealt; to add to a stake now, buy a card.")
    if isinstance(action, Shoot):
        if ph is Phase.SHOOT or ph is Phase.PLAYERS:
            return None
        if ph is Phase.STAKES:
            return IllegalAction("pontoon.shoot.bet", "Shoot bets come after every player has "
                                 f"staked; {name} is still to stake.")
        return IllegalAction("pontoon.shoot.fourth-card", "The players have all played: no more "
                             "shoot bets this deal.")
    if ph is Phase.STAKES:
        return IllegalAction("pontoon.stakes", f"The players are staking on their first card; "
                             f"{name} stakes next, between {state.rules.min_stake} and "
                             f"{state.rules.max_stake}.")
    if ph is Phase.SHOOT:
        return IllegalAction("pontoon.shoot.bet", "The shoot bets are being made before the "
                             f"second card: {name} may shoot up to {shoot_room(state)}, or 0 for "
                             "none.")
    if ph is Phase.PLAYERS and isinstance(action, BANKER_MOVES):
        return IllegalAction("pontoon.banker-play", f"The banker plays after all the players; "
                             f"{name} is still to play.")
    if ph is Phase.BANKER and isinstance(action, PLAYER_MOVES):
        return IllegalAction("pontoon.banker-play", "Every player has played; it is the banker's "
                             "turn, and the banker may only draw a card or stay: he cannot "
                             "split, buy or declare.")
    return None


def _turn_hand(state: DealState, action: object) -> Hand:
    err = _not_turn(state, action)
    if err is not None:
        raise err
    h = state.current_hand
    assert h is not None
    return h


def _pontoon_first(state: DealState, h: Hand) -> None:
    if h.status is HandStatus.PLAYING and h.is_pontoon_hand(state.rules):
        raise IllegalAction("pontoon.declare", f"{who_acts(state)} holds a pontoon "
                            f"({cards_text(h.cards)}): declare it by turning the ace face up; a "
                            "pontoon takes no more cards.")


def _card_needed(state: DealState, h: Hand, verb: str) -> None:
    """Checks common to buying and twisting a card."""
    _pontoon_first(state, h)
    low = low_count(h.cards)
    if len(h.cards) >= 5:
        raise IllegalAction("pontoon.five-cards", f"A hand holds at most five cards; {who_acts(state)} "
                            f"has five ({hand_text(h)}) and cannot {verb}.")
    if low >= 21:
        raise IllegalAction("pontoon.twist" if verb == "twist" else "pontoon.buy.limits",
                            f"You may {verb} only with a total under 21; {who_acts(state)}'s hand "
                            f"counts {low} even with every ace as 1.")
    if not state.pack:
        raise IllegalAction("pontoon.deal", "The pack has run out (every card is in a hand): "
                            "nobody can take a card, so stick.")


# -- verify / can, one pair per action --------------------------------------------------------
def verify_stake(state: DealState, amount: int) -> None:
    """Raise :class:`IllegalAction` unless the current player may stake ``amount``
    [pontoon.stakes].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> verify_stake(s, 5)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Ben's stake must be between the agreed minimum, 10, and maximum, 100; 5 is too little. [rule pontoon.stakes]
    """
    state = deal_state(state, "verify_stake")
    amount = whole_amount(amount, "pontoon.stakes", "A stake")
    err = _not_turn(state, Stake(0))
    if err is not None:
        raise err
    r = state.rules
    name = who_acts(state)
    if amount < r.min_stake or amount > r.max_stake:
        word = "too little" if amount < r.min_stake else "too much"
        raise IllegalAction("pontoon.stakes", f"{name}'s stake must be between the agreed minimum, "
                            f"{r.min_stake}, and maximum, {r.max_stake}; {amount} is {word}.")


can_stake = can(verify_stake)


def verify_shoot(state: DealState, amount: int) -> None:
    """Raise unless a shoot bet of ``amount`` is allowed now [pontoon.shoot.bet]
    [pontoon.shoot.fourth-card].

    >>> from cardrules.pontoon import apply, load_pontoon, new_deal
    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben", "Cleo"], seed=1, kitty=50)
    >>> s = apply(apply(apply(s, Stake(10)), Stake(10)), Shoot(40))
    >>> verify_shoot(s, 20)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: All the shoot bets together may not exceed the kitty of 50; 40 is already bet, so Cleo may shoot at most 10, not 20. [rule pontoon.shoot.bet]
    """
    state = deal_state(state, "verify_shoot")
    amount = whole_amount(amount, "pontoon.shoot.bet", "A shoot bet")
    r = state.rules
    if not r.shoot:
        raise IllegalAction("pontoon.shoot", "Shoot bets belong to Shoot Pontoon; this table "
                            "plays plain Pontoon.")
    err = _not_turn(state, Shoot(0))
    if err is not None:
        raise err
    room = shoot_room(state)
    kitty = state.kitty
    name = who_acts(state)
    if state.phase is Phase.SHOOT:
        if amount < 0 or amount > room:
            raise IllegalAction("pontoon.shoot.bet", _shoot_limit_text(kitty, room, name, amount))
        return
    h = state.current_hand
    assert h is not None
    _pontoon_first(state, h)
    if len(h.cards) != 3:
        raise IllegalAction("pontoon.shoot.fourth-card", "During the turns a shoot bet is allowed "
                            f"only just before the 4th card; {name} holds {len(h.cards)} cards.")
    if h.shoot4:
        raise IllegalAction("pontoon.shoot.fourth-card", f"{name} has already made a shoot bet of "
                            f"{h.shoot4} for the 4th card: one more shoot bet is the limit.")
    if amount < 1:
        raise IllegalAction("pontoon.shoot.fourth-card", "A shoot bet before the 4th card is at "
                            f"least 1; to make none, just buy or twist (you offered {amount}).")
    _card_needed(state, h, "take a 4th card")
    if amount > room:
        raise IllegalAction("pontoon.shoot.fourth-card", _shoot_limit_text(kitty, room, name, amount))


def _shoot_limit_text(kitty: int, room: int, name: str, amount: int) -> str:
    if amount < 0:
        return f"A shoot bet is 0 (none) or more; {amount} is not a bet."
    return (f"All the shoot bets together may not exceed the kitty of {kitty}; {kitty - room} is "
            f"already bet, so {name} may shoot at most {room}, not {amount}.")


can_shoot = can(verify_shoot)


def verify_declare(state: DealState) -> None:
    """Raise unless the current hand is a pontoon to declare [pontoon.declare].

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("9S 9D")], parse_cards("2C 3C")))
    >>> verify_declare(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only a pontoon (an ace and a ten-card as the first two cards) is declared; Al has 9♠ 9♦, 18. [rule pontoon.declare]
    """
    state = deal_state(state, "verify_declare")
    h = _turn_hand(state, Declare())
    if h.status is not HandStatus.PLAYING or h.rank(state.rules).kind is not HandKind.PONTOON:
        extra = ""
        if is_pontoon(h.cards) and h.from_split:
            extra = (" (an ace and a ten-card made after a split count only as 21 under these "
                     "rules)")
        raise IllegalAction("pontoon.declare", "Only a pontoon (an ace and a ten-card as the first "
                            f"two cards) is declared; {who_acts(state)} has {hand_text(h)}{extra}.")


can_declare = can(verify_declare)


def verify_split(state: DealState, shoot: int = 0) -> None:
    """Raise unless the current hand may be split [pontoon.split].

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("KS JD")], parse_cards("2C 3C")))
    >>> verify_split(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Only two cards of the same rank may be split: K♠ and J♦ both count 10, but a king and a jack are different ranks. [rule pontoon.split]
    """
    state = deal_state(state, "verify_split")
    shoot = whole_amount(shoot, "pontoon.shoot.split", "The new hand's shoot bet")
    h = _turn_hand(state, Split())
    _pontoon_first(state, h)
    p = state.current_player
    assert p is not None
    name = who_acts(state)
    if len(h.cards) != 2:
        raise IllegalAction("pontoon.split", "Only a hand's first two cards may be split; "
                            f"{name} holds {len(h.cards)} cards.")
    a, b = h.cards
    if a.rank is not b.rank:
        if is_ten_card(a) and is_ten_card(b):
            raise IllegalAction("pontoon.split", f"Only two cards of the same rank may be split: "
                                f"{a} and {b} both count 10, but {_a(a)} and {_a(b)} are different "
                                "ranks.")
        raise IllegalAction("pontoon.split", f"Only two cards of the same rank may be split; {a} "
                            f"and {b} are not a pair.")
    if state.rules.split == "aces" and a.rank is not Rank.ACE:
        raise IllegalAction("pontoon.split.aces-only", "Under these house rules only aces may be "
                            f"split, not {a.rank.plural}.")
    if len(p.hands) >= 4:
        raise IllegalAction("pontoon.split", f"{p.name} already holds four hands, the most a "
                            "player may split into.")
    if len(state.pack) < 2:
        raise IllegalAction("pontoon.deal", "The pack has run out: there are not two cards left to "
                            "deal to the split hands.")
    if shoot:
        if not state.rules.shoot:
            raise IllegalAction("pontoon.shoot", "Shoot bets belong to Shoot Pontoon; this table "
                                "plays plain Pontoon.")
        room = shoot_room(state)
        if shoot < 0 or shoot > room:
            raise IllegalAction("pontoon.shoot.split", "The new hand's shoot bet is 0 or more and "
                                "within the kitty: " + _shoot_limit_text(state.kitty, room, name,
                                                                         shoot))


def _a(card: Card) -> str:
    w = card.rank.word
    return ("an " if w[0] in "aeiou" else "a ") + w


can_split = can(verify_split)


def verify_buy(state: DealState, amount: int) -> None:
    """Raise unless the current hand may buy a card for ``amount`` [pontoon.buy.limits].

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("4S 3D")], parse_cards("2C 3C"), parse_cards("2S 5D"))
    >>> s = apply(apply(new_deal(load_pontoon(), ["Bo", "Al"], pack=pack), Stake(100)), Buy(175))
    >>> verify_buy(s, 180)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: A 4th card costs between your initial stake, 100, and what you paid for the 3rd, 175; Al offered 180. [rule pontoon.buy.limits]
    """
    state = deal_state(state, "verify_buy")
    amount = whole_amount(amount, "pontoon.buy.limits", "What is added to buy a card")
    h = _turn_hand(state, Buy(0))
    _card_needed(state, h, "buy")
    if h.twisted:
        raise IllegalAction("pontoon.twist", f"{who_acts(state)} has twisted, and after a twist a player may "
                            f"only twist, not buy ({hand_text(h)}).")
    if (state.rules.no_fifth_buy_on_11 and len(h.cards) == 4 and low_count(h.cards) <= 11):
        raise IllegalAction("pontoon.buy.fifth-card", f"Four cards totalling {low_count(h.cards)} "
                            "(11 or less) cannot go bust: under these house rules the 5th card "
                            "may be twisted but not bought.")
    low, high = h.stake, (h.buys[-1] if h.buys else 2 * h.stake)  # buy_range, for a valid hand
    if not low <= amount <= high:
        n = len(h.cards) + 1
        words = range_words(n, h.stake, high, h.buys[-1] if h.buys else None)
        raise IllegalAction("pontoon.buy.limits", f"{words[0].upper()}{words[1:]}; "
                            f"{who_acts(state)} offered {amount}.")


can_buy = can(verify_buy)


def verify_twist(state: DealState) -> None:
    """Raise unless the current hand may twist [pontoon.twist].

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("AS KD")], parse_cards("2C 3C")))
    >>> verify_twist(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: Al holds a pontoon (A♠ K♦): declare it by turning the ace face up; a pontoon takes no more cards. [rule pontoon.declare]
    """
    state = deal_state(state, "verify_twist")
    h = _turn_hand(state, Twist())
    _card_needed(state, h, "twist")


can_twist = can(verify_twist)


def verify_stick(state: DealState) -> None:
    """Raise unless the current hand may stick [pontoon.stick].

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("7S 7D")], parse_cards("2C 3C")))
    >>> verify_stick(apply(s, Stake(10)))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: You may stick only with a total of 15 or more; Al's hand (7♠ 7♦) counts 14, so buy or twist. [rule pontoon.stick]
    """
    state = deal_state(state, "verify_stick")
    h = _turn_hand(state, Stick())
    _pontoon_first(state, h)
    if h.shoot4 and len(h.cards) == 3:
        raise IllegalAction("pontoon.shoot.fourth-card", f"{who_acts(state)} made a shoot bet for the "
                            "4th card, so must now take it: buy or twist.")
    need = state.rules.min_stick
    v = best_count(h.cards)
    if v < need and state.pack:
        rid = "pontoon.stick.sixteen" if need == 16 and v == 15 else "pontoon.stick"
        raise IllegalAction(rid, f"You may stick only with a total of {need} or more; "
                            f"{who_acts(state)}'s hand ({cards_text(h.cards)}) counts {value_text(h.cards)}, "
                            "so buy or twist.")


can_stick = can(verify_stick)


def verify_banker_draw(state: DealState) -> None:
    """Raise unless the banker may add a card [pontoon.banker-play].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> verify_banker_draw(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The players are staking on their first card; Ben stakes next, between 10 and 100. [rule pontoon.stakes]
    """
    state = deal_state(state, "verify_banker_draw")
    err = _not_turn(state, BankerDraw())
    if err is not None:
        raise err
    cards = state.banker_cards
    if len(cards) >= 5:
        raise IllegalAction("pontoon.five-cards", "The banker holds five cards, the most a hand "
                            "may hold.")
    if low_count(cards) >= 21:
        raise IllegalAction("pontoon.banker-play", f"The banker's hand counts {low_total(cards)} "
                            "even with every ace as 1: no more cards.")
    if not state.pack:
        raise IllegalAction("pontoon.deal", "The pack has run out: the banker must stay.")


can_banker_draw = can(verify_banker_draw)


def verify_banker_stay(state: DealState) -> None:
    """Raise unless the banker may stop now: on his turn, on any total
    [pontoon.banker-play].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> verify_banker_stay(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The players are staking on their first card; ...
    """
    state = deal_state(state, "verify_banker_stay")
    err = _not_turn(state, BankerStay())
    if err is not None:
        raise err


can_banker_stay = can(verify_banker_stay)


def verify_top_up(state: DealState, amount: int) -> None:
    """Raise unless the banker may add ``amount`` to the kitty now [pontoon.shoot.top-up].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon("shoot-pontoon"), ["Ann", "Ben"], seed=1)
    >>> verify_top_up(s, 10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is done between deals; this deal is not over yet (stakes, Ben to act). [rule pontoon.shoot.top-up]
    """
    state = deal_state(state, "verify_top_up")
    amount = whole_amount(amount, "pontoon.shoot.top-up", "A top-up")
    if not state.rules.shoot:
        raise IllegalAction("pontoon.shoot", "This table plays plain Pontoon: there is no kitty.")
    err = _not_turn(state, TopUp(0))
    if err is not None:
        raise err
    if state.next_banker != state.banker:
        raise IllegalAction("pontoon.shoot.change-of-bank", f"The bank passes from {state.banker} "
                            f"to {state.next_banker}: {state.banker} takes the kitty away and "
                            f"{state.next_banker} will put up a new one, so there is nothing to "
                            "top up.")
    if state.kitty == 0:
        r = state.rules
        if not r.min_stake <= amount <= r.max_stake:
            raise IllegalAction("pontoon.shoot.dry-kitty", f"The kitty is dry: {state.banker} "
                                f"must put up a new kitty between {r.min_stake} and "
                                f"{r.max_stake} (or sell the bank), not {amount}.")
    elif amount < 1:
        raise IllegalAction("pontoon.shoot.top-up", "The banker may add to the kitty but never "
                            f"take anything out; a top-up is 1 or more, not {amount}.")


can_top_up = can(verify_top_up)


def verify_sell_bank(state: DealState, buyer: str, price: int) -> None:
    """Raise unless the bank may be sold to ``buyer`` for ``price`` now
    [pontoon.next-banker.sell].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> verify_sell_bank(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), "Ben", 50)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is done between deals; this deal is not over yet (stakes, Ben to act). [rule pontoon.next-banker.sell]
    """
    state = deal_state(state, "verify_sell_bank")
    price = whole_amount(price, "pontoon.next-banker.sell", "The price of the bank")
    if not isinstance(buyer, str):
        raise IllegalAction("pontoon.next-banker.sell", f"The bank is sold to a player, named "
                            f"by a text; got {buyer!r}.")
    err = _not_turn(state, SellBank(buyer, 0))
    if err is not None:
        raise err
    seller = state.next_banker
    if buyer not in state.seats:
        raise IllegalAction("pontoon.next-banker.sell", f"There is no {buyer!r} at the table; "
                            "the bank can be sold to "
                            f"{', '.join(n for n in state.seats if n != seller)}.")
    if buyer == seller:
        raise IllegalAction("pontoon.next-banker.sell", f"{buyer} is already to bank the next "
                            "deal: the bank is sold to another player.")
    if price < 0:
        raise IllegalAction("pontoon.next-banker.sell", f"The price of the bank is 0 or more, not "
                            f"{price}.")


can_sell_bank = can(verify_sell_bank)


def verify_next_deal(state: DealState, kitty: int | None = None) -> None:
    """Raise unless the next deal may start [pontoon.next-deal] [pontoon.shoot.dry-kitty].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> verify_next_deal(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is done between deals; this deal is not over yet (stakes, Ben to act). [rule pontoon.next-deal]
    """
    state = deal_state(state, "verify_next_deal")
    if kitty is not None:
        kitty = whole_amount(kitty, "pontoon.shoot.change-of-bank", "A new kitty")
    err = _not_turn(state, NextDeal())
    if err is not None:
        raise err
    nb = state.next_banker
    assert nb is not None
    if not state.rules.shoot:
        if kitty is not None:
            raise IllegalAction("pontoon.shoot", "This table plays plain Pontoon: there is no "
                                "kitty.")
        return
    if nb == state.banker:
        if kitty is not None:
            raise IllegalAction("pontoon.shoot.change-of-bank", f"{nb} keeps the bank and the "
                                f"kitty of {state.kitty} stays; only a new banker puts up a new "
                                "kitty (to add to this one, top it up).")
        if state.kitty == 0:
            raise IllegalAction("pontoon.shoot.dry-kitty", f"The kitty is dry: {nb} must put up a "
                                f"new kitty (between {state.rules.min_stake} and "
                                f"{state.rules.max_stake}) or sell the bank before the next deal.")
    elif kitty is not None:
        check_kitty(state.rules, kitty, nb)


can_next_deal = can(verify_next_deal)


def verify_action(state: DealState, action: object) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal now.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> verify_action(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), Twist())
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: The players are staking on their first card; Ben stakes next, between 10 and 100. [rule pontoon.stakes]

    Anything that is not a Pontoon action is refused the same way, under the rule of the
    phase:

    >>> verify_action(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), "stick")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is not a Pontoon action ('stick'); the actions are Stake, Shoot, Declare, Split, Buy, Twist, Stick, BankerDraw, BankerStay, TopUp, SellBank, NextDeal (now: stakes). [rule pontoon.stakes]
    """
    state = deal_state(state, "verify_action")
    if isinstance(action, Stake):
        verify_stake(state, action.amount)
    elif isinstance(action, Shoot):
        verify_shoot(state, action.amount)
    elif isinstance(action, Declare):
        verify_declare(state)
    elif isinstance(action, Split):
        verify_split(state, action.shoot)
    elif isinstance(action, Buy):
        verify_buy(state, action.amount)
    elif isinstance(action, Twist):
        verify_twist(state)
    elif isinstance(action, Stick):
        verify_stick(state)
    elif isinstance(action, BankerDraw):
        verify_banker_draw(state)
    elif isinstance(action, BankerStay):
        verify_banker_stay(state)
    elif isinstance(action, TopUp):
        verify_top_up(state, action.amount)
    elif isinstance(action, SellBank):
        verify_sell_bank(state, action.buyer, action.price)
    elif isinstance(action, NextDeal):
        verify_next_deal(state, action.kitty)
    else:
        raise _not_an_action(state, action)


# The rule that says what may be done in each phase: an object that is no Pontoon action at
# all is refused under it.
_PHASE_RULE = {Phase.STAKES: "pontoon.stakes", Phase.SHOOT: "pontoon.shoot.bet",
               Phase.PLAYERS: "pontoon.deal", Phase.BANKER: "pontoon.banker-play",
               Phase.OVER: "pontoon.next-deal"}


def _not_an_action(state: DealState, action: object) -> IllegalAction:
    names = ", ".join(t.__name__ for t in ACTION_TYPES)
    return IllegalAction(_PHASE_RULE[state.phase], f"That is not a Pontoon action ({action!r}); "
                         f"the actions are {names} (now: {state.phase.value}).")


can_apply = can(verify_action)

