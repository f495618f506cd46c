"""An independent checker of the reasons questions carry.

It reads a question's payload (:func:`quizzes.model.question.question_payload`, the format of
the bank files and the Practice worker) and compares the facts its reason states with the
case (the cards shown, the prompt) and the profile, working each fact out its own way: card
values, hand values and the tableau from this file's own tables, poker hands from its own
small evaluator.  It never calls the engine's reason code or the renderer.  It also reads the
learner's texts: no raw rule id, no kind of card that the case does not hold, the working of
each sum shown.

Per game, a :class:`GameCheck` says how to value a card, which words name kinds of card,
which rows a reason's ``of`` names and, where needed, the game's own tables and checks of its
own records (Palace Poker's in :mod:`tests.reason_check_palace` and
:mod:`tests.reason_check_table`, Pontoon's in :mod:`tests.pontoon_check`, Casino Pontoon's in
:mod:`tests.reason_check_casino_pontoon`, Casino's in :mod:`tests.casino_check`).  To check a
newly converted game, add its entry to :data:`GAMES` (see /work/notes/reasons-howto.md).

>>> contradictions({"kind": "numeric", "prompt": "?", "rows": [{"label": "Hand", "cards":
...     ["7C", "KS"]}], "low": "7", "high": "7", "choices": [], "correct": [], "reason":
...     {"type": "Reason", "rule": "banco.hand-value", "steps": [{"type": "Sum", "of": "the hand",
...     "values": [{"card": "7C", "value": 7}, {"card": "KS", "value": 0}], "total": 7,
...     "last_digit": True}]}, "explanation": "", "hint": "", "solution": []}, None, "banco")
['a sum 7 + 0 = 7 is not shown in the solution']
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from cardrules.catalog import rule_ids
from tests import casino_check, pontoon_check
from tests import reason_check_casino_pontoon as cp
from tests import reason_check_palace as palace
from tests.reason_check_table import TABLE_KINDS, table_step

Payload = dict[str, Any]
Step = dict[str, Any]

# -- cards, read from their codes here --------------------------------------------------------
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def rank(code: str) -> str:
    """The rank of a card code: ``10H`` -> ``10``."""
    return code[:-1].upper()


def suit(code: str) -> str:
    """The suit of a card code, in words: ``10H`` -> ``hearts``."""
    return SUIT_NAMES[code[-1].upper()]


def pips(code: str) -> int:
    """Ace 1 .. king 13."""
    return RANKS.index(rank(code)) + 1


# -- Punto Banco, by this file's own reading of the rules -------------------------------------
def banco_points(code: str) -> int:
    """Ace 1, two to nine their pips, ten and court cards 0."""
    return pips(code) if pips(code) < 10 else 0


def banco_value(codes: Sequence[str]) -> int:
    """A Punto Banco hand: the last digit of its points."""
    return sum(banco_points(c) for c in codes) % 10


#: the tableau as printed in the casino rules: banker's total -> the player's third card's
#: points on which the banker draws
BANCO_TABLEAU = {0: set(range(10)), 1: set(range(10)), 2: set(range(10)),
                 3: set(range(10)) - {8}, 4: {2, 3, 4, 5, 6, 7}, 5: {4, 5, 6, 7}, 6: {6, 7},
                 7: set()}


def banco_sum_cards(of: str, rows: dict[str, list[str]]) -> list[list[str]]:
    """The cards a Punto Banco sum may add: a row's cards, or its first two (the deal), or
    the player's third card (dealt, or the next card of the shoe)."""
    if of == "the player's third card":
        player = rows.get("Player", [])
        return [player[2:3]] if len(player) == 3 else [rows.get("Next card of the shoe", [])[:1]]
    label = {"the hand": "Hand", "the Player hand": "Player", "the Banker hand": "Banker",
             "the Bank hand": "Bank"}.get(of, of)
    cards = rows.get(label)
    return [] if cards is None else [cards, cards[:2]]


def banco_payout(step: Step, profile: Any) -> list[str]:
    """A Punto Banco bet settled as the rules and the profile say."""
    out = []
    social = profile.table == "social"
    bet, result, stake = step["bet_on"], step["result"], step["stake"]
    if bet == result:
        settles = "wins"
    elif result == "Tie":
        settles = "returned" if social else "push"
    else:
        settles = "loses"
    if step["settles"] != settles:
        out.append(f"a bet on {bet} with {result} {step['settles']}, not {settles}")
    pays, commission = 1, 0
    if settles == "wins" and bet == "Tie":
        pays = profile.tie_pays
        if step["pays_option"] != "tie_pays":
            out.append("a winning tie bet's odds do not name the profile's tie_pays")
    if settles == "wins" and bet == "Banker" and not social:
        commission = profile.commission_percent
        if commission and step["commission_option"] != "commission_percent":
            out.append("a banker win's commission does not name the profile's option")
    if settles == "wins" and step["pays"] != pays:
        out.append(f"the bet pays {step['pays']} to 1, not {pays}")
    if (step["commission_percent"] or 0) != commission:
        out.append(f"a commission of {step['commission_percent']}%, not {commission}%")
    net = {"wins": Fraction(stake * pays * (100 - commission), 100), "loses": Fraction(-stake)
           }.get(settles, Fraction(0))
    if Fraction(step["net"]) != net:
        out.append(f"the net is {step['net']}, not {net}")
    return out


def banco_answer(p: Payload) -> str | None:
    """The answer a Punto Banco reason concludes, where the question's choices name it."""
    steps = p["reason"]["steps"]
    if p.get("generator") == "banco.natural.who-draws":
        if any(s["type"] == "AllOf" and s["holds"] for s in steps):
            return "Nobody"
        drew = {s.get("who"): s.get("holds", s.get("acts")) for s in steps
                if s["type"] in ("Threshold", "TableRow")}
        return {(False, False): "Nobody", (True, False): "Player only",
                (False, True): "Banker only", (True, True): "Both"}[
            (bool(drew.get("the player")), bool(drew.get("the banker")))]
    if p.get("generator") == "banco.social.after-tie":
        compare = next(s for s in steps if s["type"] == "Compare")
        if compare["winner"] is None:
            return "All bets are returned and the hand is dealt again"
        return f"Bets on {compare['winner']} are paid even money"
    return None


# -- poker, by this file's own small evaluator ------------------------------------------------
CATEGORIES = ("straight flush", "four of a kind", "full house", "flush", "straight",
              "three of a kind", "two pair", "pair", "high card")
"""Highest first."""


def poker_value(code: str) -> int:
    """Two 2 .. king 13, ace 14."""
    return 14 if rank(code) == "A" else pips(code)


def poker_eval(codes: Sequence[str]) -> tuple[str, tuple[int, ...]]:
    """The category and ranks (in order of weight) of zero to five cards."""
    values = [poker_value(c) for c in codes]
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    ranks = tuple(v for v, _ in groups)
    shape = tuple(n for _, n in groups)
    if len(codes) == 5:
        flush = len({suit(c) for c in codes}) == 1
        distinct = sorted(set(values))
        top = None
        if len(distinct) == 5 and distinct[-1] - distinct[0] == 4:
            top = distinct[-1]
        elif distinct == [2, 3, 4, 5, 14]:
            top = 5
        if top is not None:
            return ("straight flush" if flush else "straight"), (top,)
        if flush and shape == (1, 1, 1, 1, 1):
            return "flush", ranks
    name = {(4, 1): "four of a kind", (4,): "four of a kind", (3, 2): "full house",
            (3, 1, 1): "three of a kind", (3, 1): "three of a kind", (3,): "three of a kind",
            (2, 2, 1): "two pair", (2, 2): "two pair"}.get(shape)
    if name is None:
        name = "pair" if 2 in shape else "high card"
    return name, ranks


def poker_key(hand: tuple[str, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    """A sort key: category, then the ranks (a missing card below any)."""
    category, ranks = hand
    return (len(CATEGORIES) - CATEGORIES.index(category), ranks)


def poker_best(codes: Sequence[str]) -> tuple[str, tuple[int, ...]]:
    """The best hand of any number of cards (all of them when five or fewer)."""
    if len(codes) <= 5:
        return poker_eval(codes) if codes else ("high card", ())
    return max((poker_eval(five) for five in itertools.combinations(codes, 5)), key=poker_key)


_RANK_WORDS = {"ace": 14, "king": 13, "queen": 12, "jack": 11, "ten": 10, "nine": 9,
               "eight": 8, "seven": 7, "six": 6, "five": 5, "four": 4, "three": 3, "two": 2}
_RANK_PLURALS = {("sixes" if w == "six" else w + "s"): v for w, v in _RANK_WORDS.items()}


def poker_name_values(name: str) -> set[int]:
    """The ranks a hand's name speaks of (after its category)."""
    words = re.findall(r"[a-z]+", name.split(",", 1)[1]) if "," in name else []
    return {_RANK_WORDS.get(w, _RANK_PLURALS.get(w, 0)) for w in words} - {0}


def poker_row_of(of: str) -> str:
    """The row a poker reason's ``of`` names."""
    return {"you": "Your cards", "the hand": "Hand"}.get(of, of)


# -- the games ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameCheck:
    """What the checker needs to know of one game, worked out its own way."""

    #: a card's value by the rules (None: the game's reasons state no card values)
    value: Callable[[str], int] | None = None
    #: a hand's value (for comparisons of rows by label)
    hand_value: Callable[[Sequence[str]], int] | None = None
    #: whether sums keep only their last digit
    last_digit: bool = False
    #: word (a regular expression) -> the ranks it names; each such word in a learner's text
    #: must name a card of the case
    kinds: dict[str, set[str]] = field(default_factory=dict)
    #: the game's tables: name -> row -> the columns on which the row acts
    tables: dict[str, dict[int, set[int]]] = field(default_factory=dict)
    #: the cards a sum of ``of`` may add, from the rows
    sum_cards: Callable[[str, dict[str, list[str]]], list[list[str]]] | None = None
    #: the row a poker or set-aside step's ``of`` names
    row_of: Callable[[str], str] = lambda of: of
    #: the first seat of a deal
    deal_first: str | None = None
    #: checks of a bet's settlement against the profile
    payout: Callable[[Step, Any], list[str]] | None = None
    #: the answer a reason concludes, where the generic reading cannot tell
    answer: Callable[[Payload], str | None] = lambda p: None
    #: whether suits can change a case (two hands differing only in suits are one case when
    #: they cannot, and may share one explanation)
    suits_matter: bool = True
    #: a number the case states (``of``, counted in ``unit``: "Ann", "chip"; an amount's
    #: words, unit ""), read from the prompt, the rows and the profile; None: it cannot tell
    quantity: Callable[[str, str, Payload, Any], int | None] | None = None
    #: the answer worked out the game's own way from the case and the profile
    expected: Callable[[Payload, Any], str | None] | None = None
    #: the game's own checks of a whole question against its case and the profile (its
    #: records, its rules)
    check: Callable[[Payload, Any], list[str]] | None = None
    #: the kind and total of a hand, from its cards, whether it was made by splitting, and
    #: the profile (Pontoon's HandClass)
    hand_class: Callable[[Sequence[str], bool, Any], tuple[str, int]] | None = None
    #: a hand's place in the ranking of hands, from its kind and total (the better, the higher)
    hand_rank: Callable[[str, int], tuple[int, int]] | None = None
    #: the number a numeric question's reason concludes, where its last step is the game's own
    number: Callable[[Payload], Fraction | None] = lambda p: None

    def case_key(self, p: Payload) -> tuple[object, ...]:
        """What makes a question's case: its prompt and the cards of each row, in any order
        (by rank alone where suits never matter)."""
        def card(c: str) -> str:
            return c if self.suits_matter else rank(c)
        return (p["prompt"], tuple(tuple(sorted(card(c) for c in r["cards"])) for r in p["rows"]))


_COURT = {"J", "Q", "K"}
BANCO_KINDS = {r"aces?": {"A"}, r"kings?": {"K"}, r"queens?": {"Q"}, r"jacks?": {"J"},
               r"tens?": {"10"}, r"(?:court|face) cards?": _COURT}
POKER_KINDS = {**{rf"{p}(?! of a kind)": {RANKS[v - 1] if v < 14 else "A"}
                  for p, v in _RANK_PLURALS.items()},
               r"ace": {"A"}, r"king": {"K"}, r"queen": {"Q"}, r"jack": {"J"}}

GAMES: dict[str, GameCheck] = {
    "banco": GameCheck(value=banco_points, hand_value=banco_value, last_digit=True,
                       kinds=BANCO_KINDS, tables={"the tableau": BANCO_TABLEAU},
                       sum_cards=banco_sum_cards, deal_first="Player", payout=banco_payout,
                       answer=banco_answer, suits_matter=False),
    "poker": GameCheck(kinds=POKER_KINDS, row_of=poker_row_of),
    "casino": GameCheck(kinds=casino_check.KINDS, check=casino_check.casino_check,
                        answer=casino_check.casino_answer, number=casino_check.casino_number),
    "casino-pontoon": GameCheck(value=cp.points, hand_value=cp.hand_total, kinds=cp.CARD_KINDS,
                                sum_cards=cp.sum_cards, answer=cp.answer, check=cp.check,
                                number=cp.number, suits_matter=False),
    "palace": GameCheck(kinds=POKER_KINDS, quantity=palace.quantity, expected=palace.expected,
                        check=palace.check),
    "pontoon": GameCheck(value=pontoon_check.points, hand_value=pontoon_check.hand_value,
                         kinds=pontoon_check.KINDS, sum_cards=pontoon_check.sum_cards,
                         answer=pontoon_check.answer, hand_class=pontoon_check.hand_class,
                         hand_rank=pontoon_check.hand_rank, check=pontoon_check.check,
                         suits_matter=False),
}


# -- the checks ---------------------------------------------------------------------------------
def learner_texts(p: Payload) -> list[str]:
    """Every text of a question a learner reads."""
    return [p["prompt"], *p.get("choices", []), p.get("explanation", ""), p.get("hint", ""),
            *p.get("solution", []), p.get("right", ""), p.get("wrong", ""),
            p.get("answer_text", "")]


@functools.cache
def _rule_id_patterns() -> tuple[re.Pattern[str], list[tuple[str, re.Pattern[str]]]]:
    """One pattern that finds any rule id, and one per id (an id may hold another)."""
    each = [(rid, re.compile(rf"(?<![\w.-]){re.escape(rid)}(?![\w-])")) for rid in rule_ids()]
    ids = "|".join(re.escape(rid) for rid in sorted(rule_ids(), key=len, reverse=True))
    return re.compile(rf"(?<![\w.-])(?:{ids})(?![\w-])"), each


def raw_rule_ids(p: Payload) -> list[str]:
    """The catalog rule ids that appear in a learner's text."""
    any_id, each = _rule_id_patterns()
    texts = [t for t in learner_texts(p) if any_id.search(t)]
    # most texts hold none: only those that hold one are read for every id
    return [rid for rid, pattern in each if any(pattern.search(t) for t in texts)]


def contradictions(p: Payload, profile: Any, game: str) -> list[str]:
    """Every fact of the question's reason that the case or the profile contradicts."""
    g = GAMES[game]
    reason = p.get("reason")
    if not reason or not reason.get("steps"):
        return ["the question has no reason"]
    rows = {r["label"]: list(r["cards"]) for r in p["rows"]}
    case = [c for cards in rows.values() for c in cards]
    steps = reason["steps"]
    sums = {s["of"]: s for s in steps if s["type"] == "Sum"}
    # what a hand is worth: its sum, or with an ace counted 11 (a SoftAce, checked by its game)
    worth = {of: _result(s, g) for of, s in sums.items()}
    worth.update({s["of"]: s["hard"] + 10 if s["soft"] else s["hard"]
                  for s in steps if s["type"] == "SoftAce"})
    hands = {s["of"]: s for s in steps if s["type"] == "PokerHand"}
    solution = " ".join(p.get("solution", []))
    out: list[str] = []
    #: the totals an AceChoice step raised, so far (the steps after it use them)
    raised: dict[str, int] = {}

    def threshold(t: Step) -> None:
        ops = {"at most": t["value"] <= t["limit"], "at least": t["value"] >= t["limit"],
               "exactly": t["value"] == t["limit"]}
        if t["holds"] != ops[t["relation"]]:
            out.append(f"{t['value']} {t['relation']} {t['limit']} is not {t['holds']}")
        if t["option"] is not None:
            if profile is None or getattr(profile, t["option"], None) != t["limit"]:
                out.append(f"the limit {t['limit']} is not the profile's {t['option']}")
            if "at this table" not in solution:
                out.append("a limit the house rules set is not said to be this table's")
        s = sums.get(t["of"])
        if s is None:
            out.append(f"a threshold on {t['of']}, whose sum the reason does not give")
        elif t["measure"] == "total" and t["value"] != raised.get(t["of"], worth[t["of"]]):
            out.append(f"{t['of']} has a total of {raised.get(t['of'], worth[t['of']])}, not "
                       f"{t['value']}")
        elif t["measure"] == "cards" and t["value"] != len(s["values"]):
            out.append(f"{t['of']} has {len(s['values'])} cards, not {t['value']}")

    for s in steps:
        kind = s["type"]
        if kind == "Sum":
            values = [v["value"] for v in s["values"]]
            cards = [v["card"] for v in s["values"]]
            if sum(values) != s["total"]:
                out.append(f"{' + '.join(map(str, values))} is not {s['total']}")
            if s["last_digit"] != g.last_digit:
                out.append("the sum's last-digit step is not the game's")
            for v in s["values"]:
                if v["card"] not in case:
                    out.append(f"{v['card']} is not in the case")
                elif g.value is not None and g.value(v["card"]) != v["value"]:
                    out.append(f"{v['card']} counts {g.value(v['card'])}, not {v['value']}")
            if g.sum_cards is not None and cards not in g.sum_cards(s["of"], rows):
                out.append(f"the cards of {s['of']} are not {cards}")
            shown = (f"{' + '.join(map(str, values))} = {s['total']}" if len(values) > 1
                     else f"counts {values[0]}")
            if shown not in solution:
                out.append(f"a sum {shown} is not shown in the solution")
        elif kind == "Threshold":
            threshold(s)
        elif kind == "AllOf":
            for c in s["conditions"]:
                threshold(c)
            if s["holds"] != all(c["holds"] for c in s["conditions"]):
                out.append("a condition's result contradicts its parts")
        elif kind == "TableRow":
            table = g.tables.get(s["table"])
            if table is None or set(s["acts_on"]) != table[s["row"]]:
                out.append(f"row {s['row']} of {s['table']} is not {s['acts_on']}")
            if s["acts"] != (s["column"] in s["acts_on"]):
                out.append(f"column {s['column']} of {s['acts_on']} is not {s['acts']}")
            for of, value in ((s["row_of"], s["row"]), (s["column_of"], s["column"])):
                if of not in sums or _result(sums[of], g) != value:
                    out.append(f"{of} is not worth {value}")
        elif kind == "Compare":
            lv, rv = s["left_value"], s["right_value"]
            win = s["left"] if lv > rv else s["right"] if rv > lv else None
            if s["winner"] != win:
                out.append(f"{lv} against {rv} is not won by {s['winner']}")
            for label, value in ((s["left"], lv), (s["right"], rv)):
                if g.hand_value is not None and label in rows and g.hand_value(rows[label]) != value:
                    out.append(f"{label} is worth {g.hand_value(rows[label])}, not {value}")
        elif kind == "Deal":
            if s["cards"] not in rows.values():
                out.append(f"the cards dealt {s['cards']} are not shown")
            to = s["to"]
            if len(set(to[:2])) != 2 or any(to[i] != to[i % 2] for i in range(len(to))):
                out.append(f"the cards do not go alternately: {to}")
            if g.deal_first is not None and to[0] != g.deal_first:
                out.append(f"the first card goes to {to[0]}, not {g.deal_first}")
        elif kind == "Rotation":
            seats, holders = s["seats"], s["holders"]
            if ", ".join(seats) not in p["prompt"]:
                out.append(f"the seats {seats} are not the prompt's")
            if s["from_first"] and holders[0] != seats[-1]:
                out.append(f"the first bank is {seats[-1]}'s, not {holders[0]}'s")
            for a, b in itertools.pairwise(holders):
                if seats[seats.index(a) - 1] != b:
                    out.append(f"after {a} the bank goes to {seats[seats.index(a) - 1]}, not {b}")
        elif kind == "Payout":
            if f"You bet {s['stake']} on {s['bet_on']}" not in p["prompt"]:
                out.append(f"the bet of {s['stake']} on {s['bet_on']} is not the prompt's")
            said = "a tie" if s["result"] == "Tie" else f"{s['result']} wins"
            if f"the result is {said}" not in p["prompt"]:
                out.append(f"the result {said} is not the prompt's")
            if g.payout is not None:
                out += g.payout(s, profile)
        elif kind == "SetAside":
            row = row_labelled(rows, g.row_of(s["of"])) or []
            mine = [c for c in row if suit(c) == s["suit"]]
            if sorted(s["cards"]) != sorted(mine):
                out.append(f"the {s['suit']} of {s['of']} are {mine}, not {s['cards']}")
        elif kind == "PokerHand":
            row = row_labelled(rows, g.row_of(s["of"]))
            aside = {c for a in steps if a["type"] == "SetAside" and a["of"] == s["of"]
                     for c in a["cards"]}
            held = [c for c in (row or []) if c not in aside]
            if row is None or sorted(held) != sorted(s["held"]):
                out.append(f"{s['of']} holds {held} counting, not {s['held']}")
            best = poker_best(s["held"])
            if (s["category"], tuple(s["ranks"])) != best:
                out.append(f"{s['held']} make {best}, not {s['category']} {s['ranks']}")
            if not set(s["used"]) <= set(s["held"]) or len(s["used"]) != min(5, len(s["held"])):
                out.append(f"the cards used {s['used']} are not five of {s['held']}")
            elif poker_eval(s["used"]) != best:
                out.append(f"the cards used {s['used']} do not make the best hand")
            if len(s["held"]) > 5:
                ways = sum(1 for five in itertools.combinations(s["held"], 5)
                           if poker_eval(five) == best)
                if ways != s["ways"]:
                    out.append(f"{ways} choices of five make the hand, not {s['ways']}")
            named = poker_name_values(s["name"])
            if not named <= {poker_value(c) for c in s["used"]}:
                out.append(f"the name {s['name']!r} speaks of ranks not in {s['used']}")
            if s["category"] not in s["name"] and s["held"]:
                out.append(f"the name {s['name']!r} is not of a {s['category']}")
        elif kind == "HandOrder":
            sides = {}
            for side in ("left", "right"):
                h = hands.get(s[side])
                mine = (s[f"{side}_category"], tuple(s[f"{side}_ranks"]))
                if h is None or (h["category"], tuple(h["ranks"])) != mine:
                    out.append(f"{s[side]}'s hand is not {mine}")
                sides[side] = mine
            a, b = poker_key(sides["left"]), poker_key(sides["right"])
            win = s["left"] if a > b else s["right"] if b > a else None
            if s["winner"] != win:
                out.append(f"{sides['left']} against {sides['right']} is not won by {s['winner']}")
            if s["by"] == "category" and a[0] == b[0]:
                out.append("the same categories are said to decide")
            if s["by"] == "rank":
                diff = [(x, y) for x, y in zip(a[1], b[1], strict=False) if x != y]
                if not diff or tuple(s["at"]) != diff[0]:
                    out.append(f"the first difference is not {s['at']}")
        elif kind == "CategoryOrder":
            if tuple(s["ranking"]) != CATEGORIES:
                out.append(f"the ranking is not {CATEGORIES}")
            beats = CATEGORIES.index(s["first"]) < CATEGORIES.index(s["second"])
            if s["beats"] != beats:
                out.append(f"a {s['first']} {'beats' if beats else 'does not beat'} a {s['second']}")
            if f"Does a {s['first']} beat a {s['second']}?" != p["prompt"]:
                out.append("the categories are not the prompt's")
        elif kind in TABLE_KINDS:
            out += table_step(s, steps, solution, profile, lambda words, unit: (
                g.quantity(words, unit, p, profile) if g.quantity is not None else None), case)
        elif kind in pontoon_check.RECORDS:
            out += pontoon_check.record_contradictions(s, p, profile, g, rows, sums, raised)
    out += _conclusion(p, steps, g, profile)
    if g.check is not None:
        out += g.check(p, profile)
    out += _kinds_named(p, case, g)
    return out


def row_labelled(rows: dict[str, list[str]], label: str) -> list[str] | None:
    """The row of that label, or else the one row whose label is that and a note in
    brackets ("Ann (banner 7♥)")."""
    if label in rows:
        return rows[label]
    near = [cards for name, cards in rows.items() if name.startswith(f"{label} (")]
    return near[0] if len(near) == 1 else None


def _result(s: Step, g: GameCheck) -> int:
    total: int = s["total"]
    return total % 10 if g.last_digit else total


def _conclusion(p: Payload, steps: list[Step], g: GameCheck, profile: Any) -> list[str]:
    """The reason concludes the question's answer (and the answer is the one the game's own
    reading of the case gives, where it has one)."""
    last = steps[-1]
    kind = p["kind"]
    answer = p.get("answer_text", "")
    own = g.expected(p, profile) if g.expected is not None else None
    if kind == "numeric":
        if last["type"] == "Range" and not last["asks"]:
            if (Fraction(p["low"]), Fraction(p["high"])) != (last["low"], last["high"]):
                return [f"the reason ends on {last['low']} to {last['high']}, the answer is "
                        f"{p['low']} to {p['high']}"]
            return []
        got = (Fraction(_result(last, g)) if last["type"] == "Sum" else
               Fraction(last["net"]) if last["type"] == "Payout" else
               Fraction(last["result"]) if last["type"] == "Calc" else
               Fraction(last["total"]) if last["type"] == "AceChoice" else
               Fraction(last["result"]) * last["sign"] if last["type"] == "Figure" else
               Fraction(last["high" if last["asks"] == "high" else "low"])
               if last["type"] == "Range" else g.number(p))
        if got is None and own is None:
            return [f"the reason ends on {got}, the answer is {p['low']} to {p['high']}"]
        out = []
        for value, said in ((got, "the reason ends on"), (own, "the case works out to")):
            if value is not None and not Fraction(p["low"]) == Fraction(value) == Fraction(
                    p["high"]):
                out.append(f"{said} {value}, the answer is {p['low']} to {p['high']}")
        return out
    expected = g.answer(p)
    if expected is None and own is not None:
        flag = last.get("holds", last.get("acts", last.get("beats")))
        if kind == "yes/no" and flag is not None and ("Yes" if flag else "No") != own:
            return [f"the reason concludes {flag}, the case works out to {own!r}"]
        expected = own
    if expected is None and kind == "yes/no":
        flag = last.get("holds", last.get("acts", last.get("beats")))
        expected = None if flag is None else ("Yes" if flag else "No")
    if expected is None and last["type"] == "HandOrder":
        expected = last["winner"] or "They tie"
    if expected is None and last["type"] == "Compare":
        expected = last["winner"] or "Tie"
    if expected is None and last["type"] == "Rotation":
        expected = last["holders"][-1]
    if expected is None and last["type"] == "Deal":
        first = last["to"][0]
        mine = [c for c, w in zip(last["cards"], last["to"], strict=True) if w == first]
        rows = [r["cards"] for r in p["rows"]]
        expected = " and ".join(_shown(c, rows) for c in mine)
    if expected is None and last["type"] == "PokerHand":
        if kind == "pick the cards":
            cards = p["rows"][p["pick_row"]]["cards"]
            picked = sorted(cards.index(c) for c in last["used"])
            ok = picked in [sorted(a) for a in p["accepted"]]
            return [] if ok else [f"the cards used {last['used']} are not an accepted answer"]
        expected = last["name"]
    if expected is None:
        return [f"the reason's conclusion ({last['type']}) cannot be read"]
    if expected != answer:
        return [f"the reason concludes {expected!r}, the answer is {answer!r}"]
    return []


_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _shown(code: str, rows: list[list[str]]) -> str:
    return rank(code) + _SYMBOLS[code[-1].upper()]


def _kinds_named(p: Payload, case: list[str], g: GameCheck) -> list[str]:
    """Each kind of card a learner's text names is a card of the case."""
    ranks = {rank(c) for c in case} if case else set(RANKS)  # no cards shown: the pack's
    texts = [p["prompt"], p.get("explanation", ""), p.get("hint", ""), *p.get("solution", [])]
    out = []
    for word, kinds in g.kinds.items():
        pattern = re.compile(rf"\b{word}\b", re.IGNORECASE)
        for t in texts:
            m = pattern.search(t)
            if m and not kinds & ranks:
                out.append(f"{m.group(0)!r} is named, but the case holds none: {t!r}")
                break
    return out
