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
    DoubleRule,
    DrawRule,
    HandOrder,
    HouseRule,
    Insurance,
    Measure,
    MoveValues,
    Paid,
    Payout,
    PokerHand,
    Reason,
    Relation,
    Rotation,
    SetAside,
    Settles,
    Showdown,
    SoftAce,
    SplitRule,
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


# -- hands against a dealer (Casino Pontoon) ------------------------------------------------------
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


_RENDER.update({
    SoftAce: (_soft_text, _soft_hint),
    DrawRule: (_draw_text, _draw_hint),
    DoubleRule: (_double_text, _double_hint),
    SplitRule: (_split_text, _split_hint),
    HouseRule: (_house_text, _house_text),
    Showdown: (_showdown_text, _showdown_hint),
    Paid: (_paid_text, _paid_hint),
    Insurance: (_insurance_text, _insurance_hint),
    MoveValues: (_moves_text, _moves_hint),
})
