"""The one renderer of reasons: a :class:`cardrules.reasons.Reason` in words, as a hint (the
first step, without its answer) and a worked solution (every step).

Each sentence is made from the facts of the case: it names only the cards and kinds of
card the case holds, shows the working (``7 + 2 + 7 + 4 = 20``) and uses the table's own
numbers ("at this table" marks a number the house rules set).

>>> from cardrules import banco
>>> from cardrules.cards import parse_cards
>>> from cardrules.reasons import Reason
>>> w = render(Reason("banco.hand-value", (banco.value_reason(parse_cards("7C 2D 7H 4S")),)))
>>> print(w.steps[0])
7♣, 2♦, 7♥ and 4♠ count their pips: 7 + 2 + 7 + 4 = 20; only the last digit counts, so the hand is worth 0.
>>> print(w.hint)
7♣, 2♦, 7♥ and 4♠ count their pips; add them up and keep only the last digit.
>>> print(render(Reason("banco.hand-value", (banco.value_reason(parse_cards("KS 6D")),))).text)
The king counts 0 and 6♦ counts its pips: 0 + 6 = 6, so the hand is worth 6.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardrules.cards import Card, Rank
from cardrules.reasons import (
    AllOf,
    CategoryOrder,
    Compare,
    Deal,
    Decider,
    HandOrder,
    Measure,
    Payout,
    PokerHand,
    Reason,
    Relation,
    Rotation,
    SetAside,
    Settles,
    Step,
    Sum,
    TableRow,
    Then,
    Threshold,
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
    rank_word,
    verb,
)
from quizzes.model.working_table import RENDER as TABLE_RENDER


@dataclass(frozen=True)
class Working:
    """A reason in words: the hint and the worked solution's steps."""

    hint: str
    steps: tuple[str, ...]

    @property
    def text(self) -> str:
        """Every step, as one paragraph (the explanation a verdict shows)."""
        return " ".join(self.steps)


def render(reason: Reason) -> Working:
    """The hint and the worked solution of a reason.

    >>> from cardrules.reasons import Compare
    >>> render(Reason("banco.result", (Compare("Player", 7, "Banker", 5, "Player"),))).steps
    ('Player 7 against Banker 5: the higher total wins, so Player wins.',)
    """
    return Working(capital(hint(reason.steps[0])),
                   tuple(capital(step_text(s)) for s in reason.steps))


def step_text(step: Step) -> str:
    """One step of a worked solution, as a sentence."""
    return _RENDER[type(step)][0](step)


def hint(step: Step) -> str:
    """The hint a step gives: what to do first, without the answer."""
    return _RENDER[type(step)][1](step)


# -- card values and sums ----------------------------------------------------------------------
def _value_groups(step: Sum) -> str:
    """What each card counts, in the order of the cards (so that the sum reads alike),
    naming only the kinds the cards are: ``The king counts 0 and 6♦ counts its pips``."""
    runs: list[tuple[tuple[str, int], list[Card]]] = []
    for v in step.values:
        card = v.card
        pip = not rank_word(card) and v.value == card.rank.pips
        key = ("pips", 0) if pip else ("value", v.value)
        if runs and runs[-1][0] == key:
            runs[-1][1].append(card)
        else:
            runs.append((key, [card]))
    parts = []
    for (how, value), cards in runs:
        if how == "pips":
            own = "its" if len(cards) == 1 else "their"
            parts.append(f"{cards_listed(cards)} {verb(len(cards), 'counts', 'count')} {own} pips")
            continue
        words = Counter(rank_word(c) for c in cards if rank_word(c))
        nouns = [f"the {w}" if n == 1 else f"the {Rank.from_pips(_pips_of(w)).plural}"
                 for w, n in words.items()]
        nouns += [str(c) for c in cards if not rank_word(c)]
        parts.append(f"{listed(nouns)} {verb(len(cards), 'counts', 'count')} {value}")
    if len(parts) == 1 or (len(parts) == 2 and not any(" and " in p for p in parts)):
        return listed(parts)
    return ", ".join(parts[:-1]) + ", and " + parts[-1]


def _pips_of(word: str) -> int:
    return next(r.pips for r in Rank if r.word == word)


def _sum_text(step: Sum) -> str:
    if len(step.values) == 1:
        v = step.values[0]
        return f"{step.of} is {v.card}, which counts {v.value}."
    expr = " + ".join(str(v.value) for v in step.values)
    head = f"{_value_groups(step)}: {expr} = {step.total}"
    if not step.last_digit:
        return head + "."
    if step.total >= 10:
        return f"{head}; only the last digit counts, so {step.of} is worth {step.result}."
    return f"{head}, so {step.of} is worth {step.result}."


def _sum_hint(step: Sum) -> str:
    if len(step.values) == 1:
        return f"What does {step.values[0].card} count?"
    keep = " and keep only the last digit" if step.last_digit else ""
    return f"{_value_groups(step)}; add them up{keep}."


# -- thresholds, conditions and tables ----------------------------------------------------------
def _limit_words(t: Threshold) -> str:
    if t.measure is Measure.CARDS:
        n = t.limit
        return {Relation.AT_MOST: f"{counted(n, 'card')} or fewer",
                Relation.AT_LEAST: f"{counted(n, 'card')} or more",
                Relation.EXACTLY: f"exactly {counted(n, 'card')}"}[t.relation]
    return {Relation.AT_MOST: f"a total of {t.limit} or less",
            Relation.AT_LEAST: f"a total of {t.limit} or more",
            Relation.EXACTLY: f"a total of exactly {t.limit}"}[t.relation]


def _fact_words(t: Threshold) -> str:
    return counted(t.value, "card") if t.measure is Measure.CARDS else f"a total of {t.value}"


def _here(t: Threshold) -> str:
    return " at this table" if t.option else ""


def _threshold_rule(t: Threshold) -> str:
    return f"{t.who} {t.then} on {_limit_words(t)}{_here(t)} and otherwise {t.otherwise}"


def _threshold_text(t: Threshold) -> str:
    if not t.who:
        return f"{t.of} has {_fact_words(t)}; it needs {_limit_words(t)}{_here(t)}."
    does = t.then if t.holds else t.otherwise
    return f"{_threshold_rule(t)}; {t.of} has {_fact_words(t)}, so {t.who} {does}."


def _threshold_hint(t: Threshold) -> str:
    if not t.who:
        return f"Count what {t.of} has: it needs {_limit_words(t)}{_here(t)}."
    return _threshold_rule(t) + "."


def _all_rule(a: AllOf) -> str:
    return (f"{a.subject} {a.then} when it has "
            f"{listed([_limit_words(c) + _here(c) for c in a.conditions])}")


def _all_text(a: AllOf) -> str:
    facts = listed([_fact_words(c) for c in a.conditions])
    return f"{_all_rule(a)}: {a.of} has {facts}, so it {a.then if a.holds else a.otherwise}."


def _all_hint(a: AllOf) -> str:
    return _all_rule(a) + "."


def _run_words(values: Sequence[int], everything: Sequence[int]) -> str:
    """A set of values in words: ``4 to 7``, ``6 or 7``, ``anything but 8``."""
    vs = sorted(values)
    missing = [v for v in everything if v not in vs]
    if len(missing) == 1 and len(vs) > 2:
        return f"anything but {missing[0]}"
    if len(vs) >= 3 and vs == list(range(vs[0], vs[-1] + 1)):
        return f"{vs[0]} to {vs[-1]}"
    return listed([str(v) for v in vs], "or")


def _table_text(r: TableRow) -> str:
    does = r.then if r.acts else r.otherwise
    if set(r.acts_on) == set(r.columns) or not r.acts_on:
        always = r.then if r.acts_on else r.otherwise
        return (f"By {r.table}, {r.who} on {r.row} {always} whatever {r.column_of} is worth, "
                f"so {r.who} {does}.")
    return (f"By {r.table}, {r.who} on {r.row} {r.then} when {r.column_of} is worth "
            f"{_run_words(r.acts_on, r.columns)}; it is worth {r.column}, so {r.who} {does}.")


def _table_hint(r: TableRow) -> str:
    return f"Look up {r.who}'s total and {r.column_of} in {r.table}."


# -- comparisons, deals and the bank -------------------------------------------------------------
def _compare_text(c: Compare) -> str:
    head = f"{c.left} {c.left_value} against {c.right} {c.right_value}"
    if c.winner is None:
        return f"{head}: equal totals tie."
    return f"{head}: the higher total wins, so {c.winner} wins."


def _compare_hint(c: Compare) -> str:
    return f"Work out the totals of {c.left} and {c.right}: the higher total wins."


def _deal_text(d: Deal) -> str:
    order = listed([f"{card} to {who}" for card, who in zip(d.cards, d.to, strict=True)])
    hands = []
    for who in dict.fromkeys(d.to):
        mine = [c for c, w in zip(d.cards, d.to, strict=True) if w == who]
        hands.append(f"the {who} hand is {cards_listed(mine)}")
    return f"{d.dealer} deals one card at a time, in turn: {order}. So {listed(hands)}."


def _deal_hint(d: Deal) -> str:
    return f"{d.dealer} deals one card at a time, in turn to {', '.join(d.to)}."


def _rotation_text(r: Rotation) -> str:
    parts = [f"going clockwise from the croupier's left, the seats are {listed(list(r.seats))}."]
    if r.from_first:
        parts.append(f"the first bank goes to the player on the croupier's right, the last "
                     f"seat going clockwise from the croupier's left: {r.holders[0]}.")
    for before, after in zip(r.holders, r.holders[1:], strict=False):
        if r.seats.index(before):
            parts.append(f"After {possessive(before)} hand the bank passes to the right: to "
                         f"the seat listed before {before}, {after}.")
        else:
            parts.append(f"After {possessive(before)} hand the bank passes to the right: "
                         f"{before} is the first seat listed, so it goes round to the last, "
                         f"{after}.")
    if r.from_first and len(r.holders) > 1:
        parts.append(f"So {r.holders[-1]} holds the bank for hand {len(r.holders)}.")
    return " ".join(capital(p) for p in parts)


def _rotation_hint(r: Rotation) -> str:
    if r.from_first:
        return "The first bank goes to the player on the croupier's right."
    return "After each hand the bank passes to the right: to the seat listed before the bank."


# -- bets ------------------------------------------------------------------------------------------
def _result_words(p: Payout) -> str:
    return "it is a tie" if p.result == "Tie" else f"{p.result} wins"


def _payout_text(p: Payout) -> str:
    net = number(p.net)
    if p.settles is Settles.LOSES:
        return (f"{capital(_result_words(p))}, so the bet on {p.bet_on} loses its "
                f"{p.stake}: {net}.")
    if p.settles is Settles.PUSH:
        return (f"It is a tie: bets on Player and Banker push, so the {p.stake} on {p.bet_on} "
                f"comes back: {net}.")
    if p.settles is Settles.RETURNED:
        return (f"It is a tie: at the social table all bets are returned and the hand is "
                f"dealt again, so the {p.stake} on {p.bet_on} comes back: {net}.")
    table = " at this table" if p.pays_option or p.commission_option else ""
    if p.commission_percent:
        cut = Fraction(p.stake * p.commission_percent, 100)
        return (f"{p.result} wins: a bet on {p.bet_on} is paid 1 to 1 less the "
                f"{p.commission_percent}% commission{table}: {p.stake} − {number(cut)} = {net}.")
    if p.pays and p.pays != 1:
        return (f"{p.result} wins: a tie bet pays {p.pays} to 1{table}: {p.stake} × {p.pays} "
                f"= {net}.")
    return f"{p.result} wins: a bet on {p.bet_on} is paid 1 to 1, so it wins {net}."


def _payout_hint(p: Payout) -> str:
    if p.settles in (Settles.PUSH, Settles.RETURNED):
        return "On a tie, what happens to bets on Player and Banker?"
    if p.bet_on == "Tie":
        return "A tie bet wins only on a tie; what does it pay at this table?"
    return f"A bet on {p.bet_on} wins only when {p.bet_on} wins; what does it pay then?"


def _then_text(t: Then) -> str:
    return f"{t.who} {t.does}."


# -- poker -------------------------------------------------------------------------------------------
_WHY = {
    "straight flush": "five cards in sequence, all of one suit",
    "four of a kind": "four cards of one rank",
    "full house": "three cards of one rank and two of another",
    "flush": "five cards of one suit, not in sequence",
    "straight": "five cards in sequence, not all of one suit",
    "three of a kind": "three cards of one rank, and no pair beside them",
    "two pair": "two cards of one rank and two of another",
    "pair": "two cards of one rank",
    "high card": "no two cards of a rank, no straight and no flush",
}


def _category_why(h: PokerHand) -> str:
    if h.category == "high card" and len(h.used) < 5:
        return "no two cards of a rank"
    return _WHY[h.category]


def _poker_word(value: int) -> str:
    return Rank.from_pips(1 if value == 14 else value).word


def _poker_text(h: PokerHand) -> str:
    if not h.held:
        return (f"None of {possessive(h.of)} cards counts, so the hand is empty and loses to "
                "every other hand.")
    cards = " ".join(str(c) for c in h.used)
    if len(h.held) > 5:
        unused = [c for c in h.held if c not in h.used]
        text = (f"The best five of {possessive(h.of)} {len(h.held)} cards are {cards}: "
                f"{_category_why(h)}, so the hand is {h.name}. {cards_listed(unused)} "
                f"{verb(len(unused), 'does', 'do')} not count, not even as "
                f"{verb(len(unused), 'a kicker', 'kickers')}.")
        if h.ways > 1:
            text += f" {capital(number_word(h.ways))} choices of five make this same hand."
    elif len(h.held) < 5:
        n = len(h.held)
        text = (f"Only {n} of {possessive(h.of)} cards {verb(n, 'counts', 'count')}, and a "
                f"straight or a flush needs five. {cards}: {_category_why(h)}, so the hand is "
                f"{h.name}.")
    else:
        text = f"{cards}: {_category_why(h)}, so the hand is {h.name}."
    if h.category in ("straight", "straight flush") and h.ranks == (5,):
        text += " The ace counts low here: A-2-3-4-5 is the lowest straight, five high."
    return text


def _counted_words(n: int, one: str, many: str) -> str:
    return article(one) if n == 1 else f"{number_word(n)} {many}"


def _poker_hint(h: PokerHand) -> str:
    if not h.held:
        return f"Which of {possessive(h.of)} cards count?"
    ranks = Counter(c.rank for c in h.held)
    suits = Counter(c.suit for c in h.held)
    rank_words = [_counted_words(n, r.word, r.plural)
                  for r, n in sorted(ranks.items(), key=lambda rn: (-rn[1], -_high(rn[0])))]
    suit_words = [_counted_words(n, s.singular, s.value)
                  for s, n in sorted(suits.items(), key=lambda sn: (-sn[1], sn[0].value))]
    whose = f" of {possessive(h.of)} {len(h.held)} cards" if len(h.held) > 5 else ""
    return f"Count the ranks and the suits{whose}: {listed(rank_words)}; {listed(suit_words)}."


def _high(rank: Rank) -> int:
    return 14 if rank is Rank.ACE else rank.pips


def _set_aside_text(s: SetAside) -> str:
    if not s.cards:
        return f"None of {possessive(s.of)} cards is one of the {s.suit}: they all count."
    return f"The {s.suit} do not count: set aside {possessive(s.of)} {cards_listed(s.cards)}."


def _set_aside_hint(s: SetAside) -> str:
    return f"First set aside {possessive(s.of)} {s.suit}: they do not count."


def _order_text(o: HandOrder) -> str:
    if o.by is Decider.CATEGORY:
        hi, lo = ((o.left_category, o.right_category) if o.winner == o.left
                  else (o.right_category, o.left_category))
        return f"{article(hi)} beats {article(lo)}, whatever the ranks, so {o.winner} wins."
    if o.by is Decider.TIE:
        return (f"Both hands are {_PLURAL[o.left_category]} with the same ranks, and suits "
                "never count: they tie.")
    if o.by is Decider.EMPTY:
        empty = o.left if not o.left_ranks else o.right
        return (f"{empty} has no card that counts, and the empty hand loses to every other "
                f"hand, so {o.winner} wins.")
    if o.by is Decider.RANK:
        assert o.at is not None
        x, y = o.at
        return (f"Both hands are {_PLURAL[o.left_category]}; the first difference, in order "
                "of weight, is "
                f"{possessive(o.left)} {_poker_word(x)} against {possessive(o.right)} "
                f"{_poker_word(y)}, so {o.winner} wins.")
    loser = o.right if o.winner == o.left else o.left
    return (f"Both hands are {_PLURAL[o.left_category]} and the ranks agree as far as "
            f"{possessive(loser)} go; "
            f"{o.winner} has more cards that count, and a missing card counts lower than any "
            f"card, so {o.winner} wins.")


_PLURAL = {
    "straight flush": "straight flushes", "four of a kind": "fours of a kind",
    "full house": "full houses", "flush": "flushes", "straight": "straights",
    "three of a kind": "threes of a kind", "two pair": "two-pair hands", "pair": "pairs",
    "high card": "high-card hands",
}


def _order_hint(o: HandOrder) -> str:
    return "Compare the categories first; within a category, the ranks in order of weight."


def _category_text(c: CategoryOrder) -> str:
    i, j = c.ranking.index(c.first), c.ranking.index(c.second)
    higher = c.first if i < j else c.second
    span = c.ranking[min(i, j):max(i, j) + 1]
    return (f"Of the {len(c.ranking)} categories, from the top of the ranking, "
            f"{article(c.first)} comes {_ordinal(i + 1)} and {article(c.second)} "
            f"{_ordinal(j + 1)}. Going down: {', '.join(span)}. The {higher} comes first, so "
            f"{article(c.first)} {'beats' if c.beats else 'does not beat'} "
            f"{article(c.second)}.")


def _category_hint(c: CategoryOrder) -> str:
    return (f"Find both in the ranking, from {c.ranking[0]} at the top to {c.ranking[-1]} at "
            "the bottom.")


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


_RENDER: dict[type, tuple[Callable[[Any], str], Callable[[Any], str]]] = {
    Sum: (_sum_text, _sum_hint),
    Threshold: (_threshold_text, _threshold_hint),
    AllOf: (_all_text, _all_hint),
    TableRow: (_table_text, _table_hint),
    Compare: (_compare_text, _compare_hint),
    Deal: (_deal_text, _deal_hint),
    Rotation: (_rotation_text, _rotation_hint),
    Payout: (_payout_text, _payout_hint),
    Then: (_then_text, _then_text),
    SetAside: (_set_aside_text, _set_aside_hint),
    PokerHand: (_poker_text, _poker_hint),
    HandOrder: (_order_text, _order_hint),
    CategoryOrder: (_category_text, _category_hint),
}
_RENDER.update(TABLE_RENDER)  # the records of table play: quizzes.model.working_table
