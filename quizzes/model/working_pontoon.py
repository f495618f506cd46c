"""The words of the reason records Pontoon brought (:class:`~cardrules.reasons.AceChoice`,
:class:`~cardrules.reasons.HandClass`, :class:`~cardrules.reasons.Versus`,
:class:`~cardrules.reasons.Figure`, :class:`~cardrules.reasons.Range`,
:class:`~cardrules.reasons.Ruling`, :class:`~cardrules.reasons.Pair`,
:class:`~cardrules.reasons.Cuts`, :class:`~cardrules.reasons.Turns`): each record's sentence
and hint (:data:`RENDER`), as :func:`quizzes.model.working.render` uses them.  Each names only the cards and
kinds of card of its record and shows its working.

>>> from cardrules.reasons import AceChoice, Figure
>>> text, hint = RENDER[AceChoice]
>>> text(AceChoice("Ann's hand", 5, 15))
"counted as 11, one ace adds 10: 5 + 10 = 15, not over 21, so Ann's hand counts 15."
>>> RENDER[Figure][0](Figure("what the kitty has left uncovered", (80, -20, -10), 50))
'what the kitty has left uncovered: 80 − 20 − 10 = 50.'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cardrules.cards import Rank
from cardrules.reasons import AceChoice, Cuts, Figure, HandClass, Pair, Range, Ruling, Turns, Versus
from quizzes.model.words import article, cards_listed, counted, listed, number, possessive


def _ace_text(a: AceChoice) -> str:
    if a.raised:
        return (f"counted as 11, one ace adds 10: {a.low} + 10 = {a.total}, not over 21, so "
                f"{a.of} counts {a.total}.")
    return (f"counted as 11, one ace would add 10: {a.low} + 10 = {a.low + 10}, over 21, so "
            f"every ace counts 1 and {a.of} counts {a.low}.")


def _ace_hint(a: AceChoice) -> str:
    return "An ace counts 1 or 11: 11 only while the total stays at 21 or less."


def _hand_name(h: HandClass) -> str:
    """A hand by its kind, as a comparison names it: ``pontoon``, ``21 in 3 cards``, ``19``."""
    if h.kind == "21":
        return f"21 in {len(h.cards)} cards"
    if h.kind == "total":
        return str(h.total)
    return "bust hand" if h.kind == "bust" else h.kind


def _class_text(h: HandClass) -> str:
    n = len(h.cards)
    split = " made after a split" if h.split else ""
    if h.kind == "pontoon":
        split = ", made after a split" if h.split else ""
        return (f"{h.of} is {cards_listed(h.cards)}, an ace and a ten-card as its only two "
                f"cards{split}: a pontoon.")
    if h.kind == "five card trick":
        return f"{h.of} holds five cards and counts {h.total}, not over 21: a five card trick."
    if h.kind == "21":
        return f"{h.of} counts 21 in {counted(n, 'card')}{split}."
    if h.kind == "bust":
        aces = " even with every ace as 1" if any(c.rank is Rank.ACE for c in h.cards) else ""
        five = ", even with five cards" if n == 5 else ""
        return f"{h.of} counts {h.total}{aces}, over 21: bust{five}."
    return f"{h.of} counts {h.total} in {counted(n, 'card')}{split}: an ordinary total."


def _class_hint(h: HandClass) -> str:
    return f"What kind of hand is {h.of}? Count its cards and its total."


_BEATS = {"pontoon": "a pontoon beats every other hand",
          "five card trick": "a five card trick beats every hand but a pontoon",
          "21": "21 beats every lower total", "total": "the higher total wins"}


def _versus_text(v: Versus) -> str:
    left, right = v.left_hand, v.right_hand
    head = (f"{possessive(v.left)} {_hand_name(left)} against {possessive(v.right)} "
            f"{_hand_name(right)}")
    if v.equal:
        every = (" (every five card trick is equal)"
                 if left.kind == "five card trick" and left.total != right.total else "")
        return f"{head}: equal hands{every}, and ties go to {v.ties_to}, so {v.winner} {v.then}."
    best, other = (left, right) if v.winner == v.left else (right, left)
    why = "a bust hand loses to every other hand" if other.kind == "bust" else _BEATS[best.kind]
    return f"{head}: {why}, so {v.winner} {v.then}."


def _versus_hint(v: Versus) -> str:
    ties = f" Equal hands go to {v.ties_to}." if v.ties_to else ""
    return ("Rank both hands: a pontoon, then a five card trick, then 21, then lower totals; a "
            f"bust hand loses.{ties}")


def _figure_expr(c: Figure) -> str:
    if c.op == "×":
        return " × ".join(number(t) for t in c.terms)
    if c.op == "/":
        return "/".join(str(t) for t in c.terms)
    out = number(c.terms[0])
    for t in c.terms[1:]:
        out += f" + {t}" if t >= 0 else f" − {-t}"
    return out


def _figure_text(c: Figure) -> str:
    if len(c.terms) == 1:
        text = f"{c.what}: {number(c.result)}"
    elif c.op == "/":
        f = Fraction(c.result)
        text = (f"{c.what}: {_figure_expr(c)} = {f.numerator}/{f.denominator}, about "
                f"{float(f) * 100:.2f}%")
    else:
        text = f"{c.what}: {_figure_expr(c)} = {number(c.result)}"
    if c.then:
        text += f", so {c.then} {number(c.answer)}"
    return text + "."


def _figure_hint(c: Figure) -> str:
    return f"Work out {c.what}."


def _range_here(r: Range) -> str:
    return " at this table" if r.low_option or r.high_option else ""


def _range_text(r: Range) -> str:
    here = _range_here(r)
    text = f"{r.of} is from {r.low_is}, {r.low}, to {r.high_is}, {r.high}{',' if here else ''}{here}"
    if r.value is not None:
        where = ("within it" if r.holds else "below it" if r.value < r.low else "above it")
        return f"{text}; {r.value} is {where}, so {r.who} {r.then if r.holds else r.otherwise}."
    if r.asks:
        return f"{text}, so {r.then} {r.high if r.asks == 'high' else r.low}."
    return text + "."


def _range_hint(r: Range) -> str:
    return f"{r.of} is from {r.low_is} to {r.high_is}{_range_here(r)}."


def _ruling_text(r: Ruling) -> str:
    return f"{'at this table, ' if r.option else ''}{r.who} {r.does}."


def _pair_text(p: Pair) -> str:
    a, b = p.cards[0], p.cards[1]
    rule = "" if p.only else "only two cards of the same rank may be split: "
    if a.rank is b.rank:
        what = f"{a} and {b} are a pair of {a.rank.plural}"
    else:
        what = f"{a} and {b} are {article(a.rank.word)} and {article(b.rank.word)}"
        what += ", not a pair" if p.only else ""
    return f"{rule}{what}, so {p.who} {p.then if p.holds else p.otherwise}."


def _pair_hint(p: Pair) -> str:
    return f"Are {cards_listed(p.cards)} two cards of the same rank?"


def _cut_text(c: Cuts) -> str:
    cuts = listed([f"{who} cuts {card}" for who, card in zip(c.seats, c.cards, strict=True)])
    top = next(card for who, card in zip(c.seats, c.cards, strict=True) if who in c.highest)
    ace = " (the ace ranks highest)" if c.ace_high and top.rank is Rank.ACE else ""
    head = f"{cuts}. The highest card is {article(top.rank.word)}{ace}, cut by"
    if len(c.highest) == 1:
        return f"{head} {c.highest[0]} alone, so {c.highest[0]} {c.then}."
    both = "both" if len(c.highest) == 2 else "each of"
    return (f"{head} {both} {listed(list(c.highest))}: suits do not count, so they tie and cut "
            "again, and nobody has the bank yet.")


def _cut_hint(c: Cuts) -> str:
    ace = (" The ace ranks highest." if c.ace_high and any(card.rank is Rank.ACE for card in c.cards)
           else "")
    return f"Who cut the highest card? Suits do not count.{ace}"


def _turns_text(t: Turns) -> str:
    return (f"{t.banker} is the banker, who deals clockwise from the left: {listed(list(t.order))}"
            f", and the banker last; so {t.order[t.pick]} {t.then}.")


def _turns_hint(t: Turns) -> str:
    return "The banker deals clockwise, starting with the player on the left."


RENDER: dict[type, tuple[Callable[[Any], str], Callable[[Any], str]]] = {
    AceChoice: (_ace_text, _ace_hint),
    HandClass: (_class_text, _class_hint),
    Versus: (_versus_text, _versus_hint),
    Figure: (_figure_text, _figure_hint),
    Range: (_range_text, _range_hint),
    Ruling: (_ruling_text, _ruling_text),
    Pair: (_pair_text, _pair_hint),
    Cuts: (_cut_text, _cut_hint),
    Turns: (_turns_text, _turns_hint),
}
"""Each record's two functions: its sentence in a worked solution, and its hint."""
