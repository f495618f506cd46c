"""The renderer's words for hands played against a dealer (Casino Pontoon): an ace counted
11, the dealer's drawing rule, doubling and splitting, a house rule, two hands compared, a stake
paid, insurance and what each move is worth.  :data:`RENDER` maps each record to its two
functions (the text, the hint) and :data:`REFINES` the records whose hint joins the one
before; :mod:`quizzes.model.working` renders through them.

>>> from cardrules.reasons import SoftAce
>>> RENDER[SoftAce][0](SoftAce("your hand", 7, 1, 21, True))
'The ace counts 11 instead of 1 when that keeps the hand at 21 or less: 7 + 10 = 17, so your hand is a soft 17.'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cardrules.reasons import (
    DoubleRule,
    DrawRule,
    HouseRule,
    Insurance,
    MoveValues,
    Paid,
    Settles,
    Showdown,
    SoftAce,
    SplitRule,
)
from quizzes.model.words import (
    article,
    capital,
    cards_listed,
    counted,
    listed,
    number,
    number_word,
    possessive,
    verb,
)


def _soft_text(s: SoftAce) -> str:
    high = s.hard + 10
    if s.soft:
        which, never = ("The ace", "") if s.aces == 1 else ("One of the aces",
                                                            " (never two: that would add 20)")
        return (f"{which} counts 11 instead of 1 when that keeps the hand at {s.limit} or less"
                f"{never}: {s.hard} + 10 = {high}, so {s.of} is a soft {high}.")
    every = "the ace counts" if s.aces == 1 else "every ace counts"
    return (f"Counting an ace as 11 would make {s.hard} + 10 = {high}, over {s.limit}, so "
            f"{every} 1 and {s.of} is worth {s.hard}.")


def _soft_hint(s: SoftAce) -> str:
    return f"An ace counts 11 instead of 1 when that keeps the hand at {s.limit} or less."


def _worth(total: int, soft: bool, hard: bool = False) -> str:
    return f"a soft {total}" if soft else f"a hard {total}" if hard else f"worth {total}"


def _draw_text(r: DrawRule) -> str:
    who, soft_17 = r.who, r.draw_to + 1
    cards = number_word(r.stop_cards)
    if r.total > r.limit:
        return f"{capital(r.of)} is bust with {r.total}, so {who} draws no more."
    if r.stops and r.cards >= r.stop_cards:
        return (f"At this table {cards} cards of {r.limit} or less stop {who}: {r.of} holds "
                f"{r.cards} cards and is worth {r.total}, so {who} stands.")
    before = (f"At this table {cards} cards do not stop {who}. " if r.cards >= r.stop_cards
              else "")
    if r.total <= r.draw_to:
        rule = f"{capital(who)} draws on {r.draw_to} or less"
    elif r.total == soft_17 and r.soft:
        rule = f"At this table {who} {'draws' if r.soft_draws else 'stands'} on soft {soft_17}"
    elif r.soft:
        rule = f"{capital(who)} stands on {soft_17 + 1} or more, soft or hard"
    else:
        rule = f"{capital(who)} stands on hard {soft_17} or more"
    does = "draws" if r.draws else "stands"
    if r.soft:  # the ace counted 11 has just been shown: the rule names the soft total
        return f"{before}{rule}, so {who} {does}."
    return f"{before}{rule}: {r.of} is {_worth(r.total, False, r.total >= soft_17)}, so {who} {does}."


def _draw_hint(r: DrawRule) -> str:
    soft_17 = r.draw_to + 1
    stop = (f", and {number_word(r.stop_cards)} cards of {r.limit} or less stop {r.who}"
            if r.stops else "")
    return (f"{capital(r.who)} draws on {r.draw_to} or less and stands on hard {soft_17} or "
            f"more; at this table {r.who} {'draws' if r.soft_draws else 'stands'} on soft "
            f"{soft_17}{stop}.")


def _double_rule(d: DoubleRule) -> str:
    counts = listed([str(n) for n in range(d.low, d.high + 1)], "or")
    split = ", a hand from a split too" if d.from_split else ""
    return f"a hand may double holding {counts} cards, once only{split}"


def _double_text(d: DoubleRule) -> str:
    held = f"{d.of} holds {counted(len(d.cards), 'card')} ({cards_listed(d.cards)})"
    if not d.low <= len(d.cards) <= d.high:
        state = ""
    elif d.doubled:
        state = " but has doubled already"
    else:
        state = " and has not doubled yet"
    does = "may double" if d.holds else "may not double" + (" again" if d.doubled else "")
    return f"{capital(_double_rule(d))}: {held}{state}, so {d.who} {does}."


def _double_hint(d: DoubleRule) -> str:
    return capital(_double_rule(d)) + "."


def _agrees(who: str, verb_: str) -> str:
    """``you hold``, ``Ana holds``."""
    return verb_ if who.lower() == "you" else verb_ + "s"


def _split_rule(r: SplitRule) -> str:
    here = " at this table" if r.by_option else ""
    head = (f"only two cards of the same rank may be split{here}" if r.by == "rank"
            else f"two cards of the same value may be split{here}")
    if r.most is None:
        return head
    return (f"{head}, and a seat may hold at most {counted(r.most, 'hand')}"
            f"{' at this table' if r.most_option else ''}")


def _split_text(r: SplitRule) -> str:
    may = "may split" if r.holds else "may not split"
    if len(r.cards) != 2:
        return (f"Only a hand of two cards may be split: {r.of} holds "
                f"{counted(len(r.cards), 'card')}, so {r.who} {may}.")
    a, b = r.cards
    if r.by == "rank":
        same = a.rank is b.rank
        fact = (f"{a} and {b} are both {a.rank.plural}" if same else
                f"{a} is {article(a.rank.word)} and {b} {article(b.rank.word)}")
    else:
        same = r.values[0] == r.values[1]
        fact = (f"{a} and {b} both count {r.values[0]}" if same else
                f"{a} and {b} count {r.values[0]} and {r.values[1]}")
    here = " at this table" if r.by_option else ""
    head = (f"Only two cards of the same rank may be split{here}" if r.by == "rank"
            else f"Two cards of the same value may be split{here}")
    if not same or r.most is None:
        return f"{head}: {fact}, so {r.who} {may}."
    return (f"{head}: {fact}. A seat may hold at most {counted(r.most, 'hand')}"
            f"{' at this table' if r.most_option else ''}, and {r.who} "
            f"{_agrees(r.who, 'hold')} {counted(r.hands, 'hand')}, so {r.who} {may}.")


def _split_hint(r: SplitRule) -> str:
    return capital(_split_rule(r)) + "."


def _house_text(h: HouseRule) -> str:
    return f"At this table {h.who} {h.does}."


#: a kind of hand, as the stronger of two and as the weaker
_BEATS = {"pontoon": "a pontoon", "five card trick": "a five card trick",
          "total": "a hand that is not bust"}
_BEATEN = {"five card trick": "a five card trick", "total": "any total", "bust": "a bust hand"}
_KINDS = {"pontoon": "pontoons", "five card trick": "five card tricks", "bust": "bust hands"}


def _hand_words(kind: str, total: int) -> str:
    return (str(total) if kind == "total" else f"{total} (bust)" if kind == "bust" else kind)


def _showdown_text(s: Showdown) -> str:
    mine = f"{possessive(s.left)} {_hand_words(s.left_kind, s.left_total)}"
    theirs = f"{possessive(s.right)} {_hand_words(s.right_kind, s.right_total)}"
    if s.left_kind == s.right_kind == "total" and s.left_total != s.right_total:
        why = "the higher total wins"
    elif s.left_kind == s.right_kind == "total":
        why = f"a tie goes to {s.ties_to}"
    elif s.left_kind == s.right_kind:
        why = f"all {_KINDS.get(s.left_kind, s.left_kind)} are equal and a tie goes to {s.ties_to}"
    else:
        high, low = sorted((s.left_kind, s.right_kind), key=s.kinds.index)
        why = f"{_BEATS[high]} beats {_BEATEN[low]}"
    before = ""
    if s.option is not None:
        before = (f"At this table five cards of 21 or less are {possessive(s.right)} five card "
                  "trick. " if s.right_kind == "five card trick" else
                  f"At this table {possessive(s.right)} five cards count only their total. ")
    wins = _agrees(s.winner, "win")
    return f"{before}{capital(mine)} against {theirs}: {why}, so {s.winner} {wins}."


def _showdown_hint(s: Showdown) -> str:
    return (f"Rank the hands: {', then '.join(s.kinds)}; within totals the higher wins, and a "
            f"tie goes to {s.ties_to}.")


def _odds(x: Fraction) -> str:
    return f"{x.numerator} to {x.denominator}"


def _paid_text(p: Paid) -> str:
    wins = _agrees(p.who, "win")
    on = f" on {cards_listed(p.cards)}" if p.cards else ""
    if p.settles is None:
        held = (f": {cards_listed(p.cards)} {verb(len(p.cards), 'is', 'are')} still to play"
                if p.cards else "")
        return f"Nothing is settled yet{held}, so {p.who} {wins} 0 for now."
    if p.settles is Settles.LOSES:
        bust = "A bust hand loses at once, whatever the dealer does: " if p.kind == "bust" else ""
        return (f"{bust}{capital(p.who) if not bust else p.who} {_agrees(p.who, 'lose')} "
                f"{possessive(p.who)} stake of {p.stake}{on}: {number(p.net)}.")
    if p.settles is not Settles.WINS:
        return f"{capital(possessive(p.who))} stake of {p.stake} comes back: {number(p.net)}."
    pays = Fraction(1) if p.pays is None else p.pays
    head = (f"A win with {article(p.kind)} pays {_odds(pays)}"
            f"{' at this table' if p.pays_option else ''}")
    if pays == 1:
        return f"{head}, so {p.who} {wins} {number(p.net)}."
    times = (f"{p.stake} × {pays.numerator}" if pays.denominator == 1 else
             f"{p.stake} × {pays.numerator} ÷ {pays.denominator}")
    return f"{head}: {times} = {number(p.net)}, so {p.who} {wins} {number(p.net)}."


def _paid_hint(p: Paid) -> str:
    return f"Who wins, and what does {possessive(p.who)} stake of {p.stake} win or lose?"


def _share_word(parts: int) -> str:
    return "half" if parts == 2 else f"a {parts}th"


def _insurance_text(i: Insurance) -> str:
    if not i.offered:
        if i.up is None:
            return ("At this table both dealer cards are dealt face down: there is no up card, "
                    "so no insurance is offered and the most you may take is 0.")
        return f"The dealer shows {i.up}, so no insurance is offered: the most is 0."
    exact = Fraction(i.stake, i.parts)
    rounded = "" if exact.denominator == 1 else ", and insurance is a whole number of chips"
    return (f"At this table one dealer card is dealt face up, and the dealer shows {i.up}: "
            f"insurance is offered, up to {_share_word(i.parts)} the stake. "
            f"{i.stake} ÷ {i.parts} = {float(exact):g}{rounded}, so at most {i.most}.")


def _insurance_hint(i: Insurance) -> str:
    if not i.offered:
        return "At this table both dealer cards are dealt face down: is insurance offered?"
    return f"Insurance is at most {_share_word(i.parts)} the stake, in whole chips."


_GERUNDS = {"stand": "standing", "hit": "hitting", "double": "doubling", "split": "splitting"}


def _ev(x: float) -> str:
    return ("+" if x > 0 else "−" if x < 0 else "") + f"{abs(x):.3f}"


def _against(m: MoveValues) -> str:
    return (f"against the dealer's {m.up}" if m.up is not None
            else "with both dealer cards face down")


def _moves_text(m: MoveValues) -> str:
    values = listed([f"{move} {_ev(v)}" for move, v in zip(m.moves, m.values, strict=True)])
    return (f"By an exact analysis of an infinite deck, {_against(m)} each move of {m.of} is "
            f"worth on average, per chip staked: {values}. "
            f"{capital(_GERUNDS.get(m.best, m.best))} is worth the most, so the best move is "
            f"to {m.best}.")


def _moves_hint(m: MoveValues) -> str:
    return f"Which move wins the most on average {_against(m)}?"


#: the records that refine the step before them: a hint names both (count the aces as 1, then
#: see whether one counts 11)
REFINES = (SoftAce,)

RENDER: dict[type, tuple[Callable[[Any], str], Callable[[Any], str]]] = {
    SoftAce: (_soft_text, _soft_hint),
    DrawRule: (_draw_text, _draw_hint),
    DoubleRule: (_double_text, _double_hint),
    SplitRule: (_split_text, _split_hint),
    HouseRule: (_house_text, _house_text),
    Showdown: (_showdown_text, _showdown_hint),
    Paid: (_paid_text, _paid_hint),
    Insurance: (_insurance_text, _insurance_hint),
    MoveValues: (_moves_text, _moves_hint),
}
