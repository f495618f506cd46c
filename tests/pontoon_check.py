"""The checker's own reading of Pontoon (:mod:`tests.reason_check`): card values, hands,
their kinds and ranking, settlement, buying, the next banker and the kitty, each worked out
here from the rules as RULES.md states them, never by the engine; and the checks of the
records Pontoon's reasons brought (:data:`RECORDS`).

>>> hand_class(["AS", "9D"], False, None), hand_class(["KS", "QD", "5C"], False, None)
(('total', 20), ('bust', 25))
>>> hand_rank("pontoon", 21) > hand_rank("five card trick", 18) > hand_rank("21", 21)
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

Payload = dict[str, Any]
Step = dict[str, Any]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank(code: str) -> str:
    """The rank of a card code: ``10H`` -> ``10``."""
    return code[:-1].upper()


def pips(code: str) -> int:
    """Ace 1 .. king 13."""
    return RANKS.index(rank(code)) + 1


# -- card values and hands -----------------------------------------------------------------------
def points(code: str) -> int:
    """A card's points with an ace as 1: court cards and tens 10, the others their pips."""
    return min(pips(code), 10)


def low_total(codes: Sequence[str]) -> int:
    """The total with every ace as 1."""
    return sum(points(c) for c in codes)


def hand_value(codes: Sequence[str]) -> int:
    """The best total: one ace as 11 when that keeps the hand at 21 or less."""
    low = low_total(codes)
    return low + 10 if low <= 11 and any(rank(c) == "A" for c in codes) else low


def hand_class(codes: Sequence[str], split: bool, profile: Any) -> tuple[str, int]:
    """A hand's kind and total: a two-card 21 is a pontoon (made after a split, only where the
    profile pays it as one), five cards of 21 or less a five card trick."""
    if low_total(codes) > 21:
        return "bust", low_total(codes)
    best = hand_value(codes)
    if len(codes) == 2 and best == 21 and (not split or profile is None
                                             or profile.split_pontoon):
        return "pontoon", 21
    if len(codes) == 5:
        return "five card trick", best
    return ("21" if best == 21 else "total"), best


def hand_rank(kind: str, total: int) -> tuple[int, int]:
    """Pontoon, then any five card trick, then totals (21 in three or four cards the highest),
    then bust."""
    return {"pontoon": (3, 0), "five card trick": (2, 0), "bust": (0, 0)}.get(kind, (1, total))


#: words that name kinds of card; a house rule's "only aces", "a pair of aces" and the
#: pontoon's "ten-card" are not the ten
KINDS = {r"(?<!pair of )(?<!only )aces?": {"A"}, r"kings?": {"K"}, r"queens?": {"Q"},
         r"jacks?": {"J"}, r"tens?(?!-card)": {"10"}, r"ten-cards?": {"10", "J", "Q", "K"},
         r"(?:court|face) cards?": {"J", "Q", "K"}}


def of_label(label: str) -> str:
    """The ``of`` a reason gives a row: ``Ben (stake 20)`` -> ``Ben's hand``, ``Ben, hand 2
    (stake 10)`` -> ``Ben's hand 2``, ``Ann (banker)`` -> ``the banker's hand``."""
    base = re.sub(r" \(stake [^)]*\)$", "", label)
    if base == "Banker" or base.endswith(" (banker)"):
        return "the banker's hand"
    if base.startswith("Hand "):
        return base
    m = re.fullmatch(r"(.+), hand (\d+)", base)
    if m:
        return f"{m.group(1)}'s hand {m.group(2)}"
    m = re.fullmatch(r"(.+?)'s (?:hand|cards, as she sees them|first card)", base)
    return f"{m.group(1) if m else base}'s hand"


def row_cards(of: str, rows: dict[str, list[str]]) -> list[str] | None:
    """The cards of the row a reason's ``of`` names."""
    return next((cards for label, cards in rows.items() if of_label(label) == of), None)


def sum_cards(of: str, rows: dict[str, list[str]]) -> list[list[str]]:
    """The cards a sum of ``of`` may add: its row's."""
    cards = row_cards(of, rows)
    return [] if cards is None else [cards]


def is_split(of: str) -> bool:
    """Whether ``of`` names a hand made by splitting (``Ben's hand 2``)."""
    return re.search(r"'s hand \d+$", of) is not None


RECORDS = ("AceChoice", "HandClass", "Versus", "Calc", "Range", "Ruling", "Pair", "Cuts",
                   "Turns")
"""The records Pontoon brought."""

_PLURAL_RANKS = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J", "tens": "10"}


def calc_shown(s: Step) -> str:
    """A Calc's working as a solution must show it: ``80 − 20 − 10 = 50``, ``2 × 75 = 150``,
    ``128/2652 = 32/663``."""
    terms = s["terms"]
    if s["op"] == "/":
        f = Fraction(s["result"])
        return f"{terms[0]}/{terms[1]} = {f.numerator}/{f.denominator}"
    if s["op"] == "×":
        expr = " × ".join(str(t) for t in terms)
    else:
        expr = str(terms[0]).replace("-", "−") + "".join(
            f" + {t}" if t >= 0 else f" − {-t}" for t in terms[1:])
    if len(terms) == 1:
        return f": {str(terms[0]).replace('-', '−')}"
    return f"{expr} = {str(s['result']).replace('-', '−')}"


def record_contradictions(s: Step, p: Payload, profile: Any, g: Any,
                    rows: dict[str, list[str]], sums: dict[str, Step],
                    raised: dict[str, int]) -> list[str]:
    """The facts of one of :data:`PONTOON_RECORDS` against the case and the profile."""
    out: list[str] = []
    kind = s["type"]
    case = [c for cards in rows.values() for c in cards]
    solution = " ".join(p.get("solution", []))

    def hand(h: Step) -> None:
        cards = list(h["cards"])
        if any(c not in case for c in cards):
            out.append(f"the cards {cards} of {h['of']} are not in the case")
        elif g.sum_cards is not None and cards not in g.sum_cards(h["of"], rows):
            out.append(f"the cards of {h['of']} are not {cards}")
        if g.hand_class is not None:
            want = g.hand_class(cards, h["split"], profile)
            if (h["kind"], h["total"]) != want:
                out.append(f"{cards} make {want}, not {h['kind']} {h['total']}")

    if kind == "AceChoice":
        total = sums.get(s["of"])
        aces = [v for v in (total or {}).get("values", []) if rank(v["card"]) == "A"]
        if total is None or total["total"] != s["low"]:
            out.append(f"{s['of']} counts {None if total is None else total['total']} with "
                       f"every ace as 1, not {s['low']}")
        want = s["low"] + 10 if aces and s["low"] + 10 <= 21 else s["low"]
        if not aces:
            out.append(f"an ace's choice for {s['of']}, which holds no ace")
        if s["total"] != want:
            out.append(f"{s['of']} counts {want}, not {s['total']}")
        if f"{s['low']} + 10 = {s['low'] + 10}" not in solution:
            out.append(f"the ace's 10 added to {s['low']} is not shown in the solution")
        raised[s["of"]] = s["total"]
    elif kind == "HandClass":
        hand(s)
    elif kind == "Versus":
        hand(s["left_hand"])
        hand(s["right_hand"])
        if g.hand_rank is not None:
            a = g.hand_rank(s["left_hand"]["kind"], s["left_hand"]["total"])
            b = g.hand_rank(s["right_hand"]["kind"], s["right_hand"]["total"])
            if s["equal"] != (a == b):
                out.append(f"the hands are {'' if a == b else 'not '}equal")
            win = s["ties_to"] if a == b else s["left"] if a > b else s["right"]
            if s["winner"] != win:
                out.append(f"{s['left']} against {s['right']} is won by {win}, not {s['winner']}")
    elif kind == "Calc":
        terms = [Fraction(t) for t in s["terms"]]
        if s["op"] == "/":
            want = terms[0] / terms[1]
        elif s["op"] == "×":
            want = Fraction(1)
            for t in terms:
                want *= t
        else:
            want = sum(terms, Fraction(0))
        if Fraction(s["result"]) != want:
            out.append(f"{s['terms']} {s['op']} make {want}, not {s['result']}")
        if calc_shown(s) not in solution:
            out.append(f"the working {calc_shown(s)!r} is not shown in the solution")
    elif kind == "Range":
        if s["low"] > s["high"]:
            out.append(f"a range from {s['low']} to {s['high']}")
        for end, option in (("low", s["low_option"]), ("high", s["high_option"])):
            if option is not None and getattr(profile, option, None) != s[end]:
                out.append(f"the {end} end {s[end]} is not the profile's {option}")
        if (s["low_option"] or s["high_option"]) and "at this table" not in solution:
            out.append("a range the house rules set is not said to be this table's")
        if s["value"] is not None and s["holds"] != (s["low"] <= s["value"] <= s["high"]):
            out.append(f"{s['value']} in {s['low']} to {s['high']} is not {s['holds']}")
    elif kind == "Ruling":
        if s["option"] is not None:
            if getattr(profile, s["option"], object()) != s["setting"]:
                out.append(f"the profile's {s['option']} is not {s['setting']!r}")
            if "at this table" not in solution:
                out.append("a house rule is not said to be this table's")
    elif kind == "Pair":
        a, b = (rank(c) for c in s["cards"])
        if any(c not in case for c in s["cards"]):
            out.append(f"the cards {s['cards']} are not in the case")
        holds = a == b and (not s["only"] or _PLURAL_RANKS.get(s["only"]) == a)
        if s["holds"] != holds:
            out.append(f"{s['cards']} as a pair {'of ' + s['only'] if s['only'] else ''} is "
                       f"not {s['holds']}")
    elif kind == "Cuts":
        if [rows.get(seat) for seat in s["seats"]] != [[c] for c in s["cards"]]:
            out.append(f"the cuts {list(zip(s['seats'], s['cards'], strict=True))} are not shown")

        def weight(c: str) -> int:
            return 14 if rank(c) == "A" and s["ace_high"] else pips(c)
        top = max(weight(c) for c in s["cards"])
        highest = [who for who, c in zip(s["seats"], s["cards"], strict=True) if weight(c) == top]
        if highest != list(s["highest"]):
            out.append(f"the highest card is cut by {highest}, not {s['highest']}")
    elif kind == "Turns":
        seats = list(s["seats"])
        i = seats.index(s["banker"])
        if seats[i + 1:] + seats[:i] != list(s["order"]):
            out.append(f"from {s['banker']}'s left the order is {seats[i + 1:] + seats[:i]}")
        if ", ".join(seats) not in p["prompt"]:
            out.append(f"the seats {seats} are not the prompt's")
    return out
