"""Settlement: every live hand against the banker's final hand, the end of a deal, the
record of who paid whom by which rule, and the contract's :func:`outcome`.

>>> from cardrules.cards import parse_cards
>>> lowest_paid(parse_cards("10S 7D"))
18
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, cards_text
from ..game import Line, Outcome, SetupError, Unit
from .rules import GAME
from .state import KITTY, DealState, HandStatus, Payment, Phase, deal_state, logged, replace_state
from .values import HandKind, HandRank, classify, is_pontoon, low_total


def lowest_paid(banker_cards: Sequence[Card]) -> int | None:
    """The lowest ordinary total the banker pays when he stays on these cards ("I pay
    18" on 17), or None when no ordinary total is paid (21, five card trick, bust,
    pontoon) [pontoon.settle.pay-higher].

    >>> from cardrules.cards import parse_cards
    >>> lowest_paid(parse_cards("10S 7D")), lowest_paid(parse_cards("10S 5D 6C"))
    (18, None)
    """
    r = classify(banker_cards)
    if r.kind is HandKind.TOTAL and r.total < 21:
        return r.total + 1
    return None


def settle_deal(state: DealState) -> DealState:
    """Settle every live hand against the banker's final hand [pontoon.settle], gather the
    cards and end the deal: the banker has stayed, gone bust, or reached 21 or five cards.

    >>> from cardrules.pontoon import Stake, Stick, apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("10S 9D")], parse_cards("10C 8C"))
    >>> s = apply(apply(new_deal(load_pontoon(), ["Ben", "Ann"], pack=pack), Stake(10)), Stick())
    >>> settle_deal(s).announcement
    'The banker stays on 18: "I pay 19".'
    """
    rules = state.rules
    b = classify(state.banker_cards)
    banker = state.banker
    pays = list(state.payments)
    kitty = state.kitty
    if b.is_bust:
        words = f"The banker is bust ({low_total(state.banker_cards)}): he pays every player still in."
    elif b.kind is HandKind.FIVE_CARD_TRICK:
        words = ("The banker has a five card trick: he pays pontoons only, and everyone else pays "
                 "him double.")
    elif b.total == 21:
        words = "The banker has 21: he pays pontoons and five card tricks only."
    else:
        words = f"The banker stays on {b.total}: \"I pay {lowest_paid(state.banker_cards)}\"."
    for p in state.players:
        several = len(p.hands) > 1
        for k, h in enumerate(p.hands):
            if not h.is_live:
                continue
            r = h.rank(rules)
            label = f"{p.name} (hand {k + 1})" if several else p.name
            stake = h.total_stake
            if b.is_bust:
                win, mult, rid = True, 2 if r.pays_double else 1, "pontoon.settle.banker-bust"
                why = f"The banker is bust; {label} has {_phrase(r)}"
            elif b.kind is HandKind.FIVE_CARD_TRICK:
                win, mult = r.kind is HandKind.PONTOON, 2
                rid = "pontoon.ties" if r == b else "pontoon.settle.banker-five-card-trick"
                why = f"{label}'s {r} against the banker's five card trick"
            else:
                win = r > b
                mult = 2 if win and r.pays_double else 1
                rid = ("pontoon.ties" if r == b else "pontoon.settle.banker-21" if b.total == 21
                       else "pontoon.settle.pay-higher")
                why = f"{label}'s {r} against the banker's {b}"
            amount = mult * stake
            if win:
                twice = "double " if mult == 2 else ""
                reason = f"{why}: the banker pays {twice}the stake, {amount}."
            elif r == b:
                reason = (f"{why}: equal hands, and ties go to the banker; {label} pays "
                          f"{'double ' if mult == 2 else ''}the stake, {amount}.")
            elif rid == "pontoon.settle.banker-21":
                reason = (f"{why}: on 21 the banker pays only pontoons and five card tricks; "
                          f"{label} pays the stake, {amount}.")
            else:
                reason = f"{why}: {label} pays {'double ' if mult == 2 else ''}the stake, {amount}."
            payer, payee = (banker, p.name) if win else (p.name, banker)
            pays.append(Payment(payer, payee, amount, rid, reason))
            if h.shoot_total:
                shoot = h.shoot_total
                if win:
                    kitty -= shoot
                    pays.append(Payment(KITTY, p.name, shoot, "pontoon.shoot.settle",
                                        f"{label} beats the banker: the kitty pays the shoot bet "
                                        f"of {shoot}, 1 to 1."))
                else:
                    kitty += shoot
                    pays.append(Payment(p.name, KITTY, shoot, "pontoon.shoot.settle",
                                        f"{label} does not beat the banker: the shoot bet of "
                                        f"{shoot} goes into the kitty."))
    s = replace_state(state, payments=tuple(pays), kitty=kitty)
    s = logged(s, "pontoon.settle", words)
    return finish_deal(s, words)


def _phrase(r: HandRank) -> str:
    return f"a {r}" if r.kind in (HandKind.PONTOON, HandKind.FIVE_CARD_TRICK) else str(r)


def finish_deal(state: DealState, announcement: str) -> DealState:
    """End the deal with ``announcement``: gather the cards, find the next banker and
    whether to shuffle [pontoon.next-deal] [pontoon.next-banker].

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = finish_deal(new_deal(load_pontoon(), ["Ben", "Ann"], seed=1), "Done.")
    >>> s.phase.value, s.next_banker, len(s.pack)
    ('over', 'Ben', 52)
    """
    pontoon_made = is_pontoon(state.banker_cards) and len(state.banker_cards) == 2
    next_banker = state.banker
    gathered: list[Card] = []
    banker_pontoon = pontoon_made
    for p in state.players:
        for h in p.hands:
            if h.status is HandStatus.DECLARED:
                pontoon_made = True
                if not h.from_split and next_banker == state.banker and not banker_pontoon:
                    next_banker = p.name
            if h.is_live:
                gathered.extend(h.cards)
    gathered.extend(state.banker_cards)
    s = replace_state(state, pack=state.pack + tuple(gathered), phase=Phase.OVER, turn=0,
                 hand_index=0, next_banker=next_banker, shuffle_next=pontoon_made,
                 announcement=announcement)
    if next_banker != state.banker:
        s = logged(s, "pontoon.next-banker", f"{next_banker} made a pontoon and takes the bank for "
                 "the next deal.")
    if pontoon_made:
        s = logged(s, "pontoon.next-deal", "There was a pontoon: the pack is shuffled and cut before "
                 "the next deal.")
    else:
        s = logged(s, "pontoon.next-deal", "No pontoon: the cards go to the bottom of the pack "
                 "unshuffled.")
    return s



# -- the record of a finished deal ------------------------------------------------------------
@dataclass(frozen=True)
class Settlement:
    """Who paid whom in a deal, by which rule, and what comes next.

    >>> from cardrules.pontoon import BankerStay, Stake, Stick, apply, arrange_pack, load_pontoon, new_deal
    >>> from cardrules.cards import parse_cards
    >>> pack = arrange_pack([parse_cards("10S 9D"), parse_cards("10H 6C")], parse_cards("10C 8C"))
    >>> s = new_deal(load_pontoon(), ["Ben", "Ann", "Cleo"], pack=pack)
    >>> st = settlement(apply(apply(apply(apply(apply(s, Stake(10)), Stake(30)), Stick()), Stick()), BankerStay()))
    >>> st.announcement, st.next_banker, st.shuffle
    ('The banker stays on 18: "I pay 19".', 'Ben', False)
    """

    banker: str
    banker_cards: tuple[Card, ...]
    payments: tuple[Payment, ...]
    announcement: str
    next_banker: str
    shuffle: bool
    kitty: int

    def net(self, party: str) -> int:
        """What ``party`` (a name, or ``"kitty"``) gained (+) or lost (-) in the deal.

        >>> st = Settlement("Ben", (), (Payment("Ann", "Ben", 20, "pontoon.ties", ""),), "", "Ben",
        ...                 False, 0)
        >>> st.net("Ben"), st.net("Ann")
        (20, -20)
        """
        return (sum(p.amount for p in self.payments if p.payee == party)
                - sum(p.amount for p in self.payments if p.payer == party))

    def nets(self) -> dict[str, int]:
        """Every party's net; they add up to zero.

        >>> Settlement("Ben", (), (Payment("Ann", "Ben", 20, "pontoon.ties", ""),), "", "Ben",
        ...            False, 0).nets()
        {'Ben': 20, 'Ann': -20}
        """
        parties = dict.fromkeys([self.banker] + [x for p in self.payments
                                                 for x in (p.payer, p.payee)])
        return {q: self.net(q) for q in parties}

    def between(self, player: str) -> int:
        """What the banker paid ``player`` on the stakes (negative when the player paid).

        A sale of the bank is not a stake and does not count.

        >>> pays = (Payment("Ann", "Ben", 20, "pontoon.ties", ""),
        ...         Payment("Ann", "Ben", 50, "pontoon.next-banker.sell", ""))
        >>> Settlement("Ben", (), pays, "", "Ann", False, 0).between("Ann")
        -20
        """
        sell = "pontoon.next-banker.sell"
        return (sum(p.amount for p in self.payments
                    if p.payer == self.banker and p.payee == player and p.rule_id != sell)
                - sum(p.amount for p in self.payments
                      if p.payer == player and p.payee == self.banker and p.rule_id != sell))

    def rows(self) -> list[list[object]]:
        """The payments as table rows: payer, payee, amount, rule, reason.

        >>> Settlement("Ben", (), (Payment("Ann", "Ben", 20, "pontoon.ties", "tie"),), "", "Ben",
        ...            False, 0).rows()
        [['Ann', 'Ben', 20, 'pontoon.ties', 'tie']]
        """
        return [[p.payer, p.payee, p.amount, p.rule_id, p.reason] for p in self.payments]


def settlement(state: DealState) -> Settlement:
    """The settlement record of a finished deal.

    >>> from cardrules.pontoon import Rng, load_pontoon, new_deal, random_play
    >>> s = random_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=3), Rng(3))
    >>> sum(settlement(s).nets().values())
    0
    """
    state = deal_state(state, "settlement")
    if not state.is_over:
        raise SetupError(f"A deal is settled once it is over; this one is not yet "
                         f"({state.phase.value}).")
    nb = state.next_banker
    assert nb is not None
    return Settlement(state.banker, state.banker_cards, state.payments, state.announcement, nb,
                      state.shuffle_next, state.kitty)


def hand_rows(state: DealState) -> list[list[object]]:
    """Each hand as a table row: player, cards, rank, stake (with buys), shoot bets, status.

    >>> from cardrules.pontoon import load_pontoon, new_deal
    >>> s = new_deal(load_pontoon(), ["Ann", "Ben"], seed=1)
    >>> hand_rows(s)[0][0]
    'Ben'
    """
    state = deal_state(state, "hand_rows")
    rows: list[list[object]] = []
    for p in state.players:
        for k, h in enumerate(p.hands):
            label = p.name if len(p.hands) == 1 else f"{p.name} ({k + 1})"
            stake = str(h.stake) + "".join(f" + {b}" for b in h.buys)
            rank = str(h.rank(state.rules)) if len(h.cards) >= 2 else "-"
            rows.append([label, cards_text(h.cards), rank, stake, h.shoot_total, h.status.value])
    rows.append([f"{state.banker} (banker)", cards_text(state.banker_cards),
                 str(classify(state.banker_cards)) if len(state.banker_cards) >= 2 else "-",
                 "", "", ""])
    return rows


def outcome(state: DealState) -> Outcome:
    """Every payment of the deal so far as the contract's :class:`~cardrules.game.Outcome`:
    chips, one line per payment (the kitty is the party ``"kitty"``), final once the deal
    is over.  The lines always balance.

    >>> from cardrules.pontoon import new_deal, load_pontoon, random_play, Rng
    >>> o = outcome(random_play(new_deal(load_pontoon(), ["Ann", "Ben", "Cleo"], seed=3), Rng(3)))
    >>> o.game, o.unit.value, o.final, o.balanced
    ('pontoon', 'chips', True, True)
    """
    state = deal_state(state, "outcome")
    lines = tuple(Line(p.payer, p.payee, p.amount, p.rule_id, p.reason) for p in state.payments)
    return Outcome(GAME, Unit.CHIPS, lines, state.phase is Phase.OVER)
