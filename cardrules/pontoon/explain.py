"""Explanations: why an action is legal or not now, each action in words as a button says
it, the deal told step by step, and a profile's options in words.

>>> from cardrules.pontoon import new_deal, load_pontoon
>>> explain(new_deal(load_pontoon(), ["Ann", "Ben"], seed=1), Stake(10))
'Legal: Ben may stake 10: stakes are from 10 to 100. [rule pontoon.stakes]'
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..game import check_profile
from .actions import (
    ACTION_TYPES,
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
from .checks import shoot_room, verify_action, who_acts
from .profile import PontoonRules
from .state import DealState, Phase, deal_state
from .values import buy_range, hand_value, ordinal, value_text


def explain(state: DealState, action: object) -> str:
    """Why ``action`` is legal or not now, citing the rule.

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = apply(new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("7S 7D")], parse_cards("2C 3C"))), Stake(50))
    >>> explain(s, Buy(120))
    'Illegal: A 3rd card costs between your initial stake, 50, and twice it, 100; Al offered 120. [rule pontoon.buy.limits]'
    >>> explain(s, Buy(60))
    'Legal: Al may buy the 3rd card for 60: it costs 50 to 100. [rule pontoon.buy.limits]'
    """
    state = deal_state(state, "explain")
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return f"Illegal: {e}"
    rule_id, text = _legal_reason(state, action)
    return f"Legal: {text} [rule {rule_id}]"


def why(state: DealState, action: object) -> tuple[bool, str, str]:
    """Whether ``action`` is legal now, the rule that decides, and the reason.

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> s = apply(new_deal(load_pontoon(), ["Bo", "Al"], pack=arrange_pack([parse_cards("7S 7D")], parse_cards("2C 3C"))), Stake(50))
    >>> why(s, Stick())
    (False, 'pontoon.stick', "You may stick only with a total of 15 or more; Al's hand (7♠ 7♦) counts 14, so buy or twist.")
    """
    state = deal_state(state, "why")
    try:
        verify_action(state, action)
    except IllegalAction as e:
        return False, e.rule_id, e.message
    rule_id, text = _legal_reason(state, action)
    return True, rule_id, text


def _legal_reason(state: DealState, action: object) -> tuple[str, str]:
    who = who_acts(state)
    r = state.rules
    h = state.current_hand
    if isinstance(action, Stake):
        return "pontoon.stakes", (f"{who} may stake {action.amount}: stakes are from "
                                  f"{r.min_stake} to {r.max_stake}.")
    if isinstance(action, Shoot):
        rid = "pontoon.shoot.bet" if state.phase is Phase.SHOOT else "pontoon.shoot.fourth-card"
        return rid, (f"{who} may shoot {action.amount}: the kitty has {shoot_room(state)} "
                     "uncovered.")
    if isinstance(action, Declare):
        return "pontoon.declare", f"{who} holds a pontoon and declares it."
    if isinstance(action, Split):
        assert h is not None
        return "pontoon.split", (f"{who} may split the pair of {h.cards[0].rank.plural}, staking "
                                 f"{h.stake} on the new hand.")
    if isinstance(action, Buy):
        assert h is not None
        lo, hi = buy_range(h.stake, h.buys)
        return "pontoon.buy.limits", (f"{who} may buy the {ordinal(len(h.cards) + 1)} card for "
                                      f"{action.amount}: it costs {lo} to {hi}.")
    if isinstance(action, Twist):
        assert h is not None
        return "pontoon.twist", f"{who} may twist: the hand counts {value_text(h.cards)}."
    if isinstance(action, Stick):
        assert h is not None
        return "pontoon.stick", (f"{who} may stick on {hand_value(h.cards)}: sticking needs "
                                 f"{r.min_stick} or more.")
    if isinstance(action, BankerDraw):
        return "pontoon.banker-play", "The banker may add a card face up."
    if isinstance(action, BankerStay):
        return "pontoon.banker-play", "The banker may stop on any total."
    if isinstance(action, TopUp):
        return "pontoon.shoot.top-up", f"{state.banker} may add {action.amount} to the kitty."
    if isinstance(action, SellBank):
        return "pontoon.next-banker.sell", (f"{state.next_banker} may sell the bank to "
                                            f"{action.buyer} for {action.price}.")
    return "pontoon.next-deal", "The deal is over: the next one may start."



def describe(action: object) -> str:
    """An action in the game's words, as a button says it.

    >>> describe(Buy(20)), describe(Twist()), describe(Shoot(0)), describe(BankerStay())
    ('Buy a card for 20', 'Twist', 'No shoot bet', 'Stay')
    >>> describe("stick")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalAction: That is not a Pontoon action ('stick'); the actions are Stake, Shoot, Declare, Split, Buy, Twist, Stick, BankerDraw, BankerStay, TopUp, SellBank, NextDeal. [rule pontoon.deal]
    """
    if isinstance(action, Stake):
        return f"Stake {action.amount}"
    if isinstance(action, Shoot):
        return f"Shoot {action.amount}" if action.amount else "No shoot bet"
    if isinstance(action, Declare):
        return "Declare a pontoon"
    if isinstance(action, Split):
        return f"Split, shooting {action.shoot} on the new hand" if action.shoot else "Split"
    if isinstance(action, Buy):
        return f"Buy a card for {action.amount}"
    if isinstance(action, Twist):
        return "Twist"
    if isinstance(action, Stick):
        return "Stick"
    if isinstance(action, BankerDraw):
        return "Draw a card"
    if isinstance(action, BankerStay):
        return "Stay"
    if isinstance(action, TopUp):
        return f"Top up the kitty by {action.amount}"
    if isinstance(action, SellBank):
        return f"Sell the bank to {action.buyer} for {action.price}"
    if isinstance(action, NextDeal):
        return "Next deal" if action.kitty is None else f"Next deal, with a kitty of {action.kitty}"
    names = ", ".join(t.__name__ for t in ACTION_TYPES)
    raise IllegalAction("pontoon.deal", f"That is not a Pontoon action ({action!r}); the actions "
                        f"are {names}.")


def narrate(state: DealState) -> str:
    """The deal so far, step by step, as its log tells it (every card named: this is the
    record of the deal, not what one seat sees of it).

    >>> from cardrules.pontoon import apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("AS KD")], parse_cards("9C 8H"))
    >>> s = apply(apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(20)), Declare())
    >>> print(narrate(s).splitlines()[3])
    Ann declares a pontoon: A♠ face up on a ten-card.
    """
    state = deal_state(state, "narrate")
    return "\n".join(text for _, text in state.log)


def profile_summary(rules: PontoonRules) -> dict[str, object]:
    """The options of a profile, for display.

    >>> from cardrules.pontoon import load_pontoon
    >>> profile_summary(load_pontoon("pontoon-aces-split"))["split"]
    'aces only'
    """
    rules = check_profile(rules, PontoonRules, "Pontoon")
    return {
        "packs": rules.packs,
        "stakes": f"{rules.min_stake} to {rules.max_stake}",
        "stick on": f"{rules.min_stick} or more",
        "split": "aces only" if rules.split == "aces" else "any pair of the same rank",
        "split ace and ten-card": "paid as a pontoon" if rules.split_pontoon else "counts 21",
        "5th card on 11 or less": "twist only" if rules.no_fifth_buy_on_11 else "buy or twist",
        "shoot bets": "yes" if rules.shoot else "no",
    }
