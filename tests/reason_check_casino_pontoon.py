"""The reason checker's reading of Casino Pontoon (:mod:`tests.reason_check`): card values,
hand totals, the dealer's rule, doubles and splits, the showdown, payments, insurance, the
legal moves and what standing is worth, each worked out here from the cards shown, the prompt
and the profile, never from the engine.

>>> hand_total(["AS", "6D"]), hand_total(["AS", "6D", "9C"]), points("QH")
(17, 16, 10)
>>> round(stand_value(20, False, "10C", load_rules("casino-pontoon")), 3)
0.181
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from cardrules.profiles import load_rules  # noqa: F401  (doctests)

Payload = dict[str, Any]
Step = dict[str, Any]
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank(code: str) -> str:
    """The rank of a card code: ``10H`` -> ``10``."""
    return code[:-1].upper()


def pips(code: str) -> int:
    """Ace 1 .. king 13."""
    return RANKS.index(rank(code)) + 1

KINDS = ("pontoon", "five card trick", "total", "bust")
"""The kinds of finished hand, best first."""


def points(code: str) -> int:
    """Ace 1, two to nine their pips, ten and court cards 10."""
    return min(pips(code), 10)


def is_soft(codes: Sequence[str]) -> bool:
    """Whether an ace counts 11: there is one, and 10 more keeps the hand at 21 or less."""
    return any(rank(c) == "A" for c in codes) and sum(map(points, codes)) + 10 <= 21


def hand_total(codes: Sequence[str]) -> int:
    """A hand's best total."""
    return sum(map(points, codes)) + (10 if is_soft(codes) else 0)


def is_natural(codes: Sequence[str]) -> bool:
    """An ace and a ten-card, two cards."""
    return sorted(map(points, codes)) == [1, 10]


def hand_label(of: str, rows: dict[str, list[str]]) -> str | None:
    """The row a Casino Pontoon reason's ``of`` (or side) names."""
    if of in ("your hand", "you"):
        return next((label for label in rows if label.startswith("Your hand")), None)
    wanted = {"the dealer's hand": "Dealer", "the dealer": "Dealer", "the hand": "Hand"}.get(of)
    return wanted if wanted in rows else None


def rows_of(p: Payload) -> dict[str, list[str]]:
    return {r["label"]: list(r["cards"]) for r in p["rows"]}


def sum_cards(of: str, rows: dict[str, list[str]]) -> list[list[str]]:
    label = hand_label(of, rows)
    return [] if label is None else [rows[label]]


def hands_held(p: Payload) -> int:
    """The hands the seat holds, as the prompt says (one when it says nothing)."""
    m = re.search(r"You hold (\d+) hands", p["prompt"])
    return int(m.group(1)) if m else 1


def stake_of(p: Payload) -> int:
    """The stake on the hand, as the prompt says."""
    m = re.search(r"the stake is now (\d+)", p["prompt"]) or re.search(r"You staked (\d+)",
                                                                         p["prompt"])
    assert m, p["prompt"]
    return int(m.group(1))


def kinds_of(p: Payload, profile: Any) -> tuple[str, str]:
    """The kinds of your hand and of the dealer's, from the rows and the profile."""
    rows = rows_of(p)
    label = hand_label("you", rows) or ""
    mine, dealer = rows[label], rows["Dealer"]
    if hand_total(mine) > 21:
        you = "bust"
    elif len(mine) == 2 and is_natural(mine) and ("from a split" not in label
                                                  or profile.split_pontoon):
        you = "pontoon"
    elif len(mine) == 5:
        you = "five card trick"
    else:
        you = "total"
    if hand_total(dealer) > 21:
        them = "bust"
    elif len(dealer) == 2 and is_natural(dealer):
        them = "pontoon"
    elif len(dealer) >= 5 and profile.dealer_five_card_trick:
        them = "five card trick"
    else:
        them = "total"
    return you, them


def you_win(p: Payload, profile: Any) -> bool:
    you, them = kinds_of(p, profile)
    rows = rows_of(p)
    if you == "bust":
        return False
    if you != them:
        return KINDS.index(you) < KINDS.index(them)
    return you == "total" and hand_total(rows[hand_label("you", rows) or ""]) > hand_total(
        rows["Dealer"])


def _here(p: Payload, why: str) -> list[str]:
    if "at this table" not in " ".join(p.get("solution", [])).lower():
        return [f"{why}, but the solution does not say it is this table's"]
    return []


def draw_rule(s: Step, p: Payload, profile: Any) -> list[str]:
    """The dealer draws on 16 or less and on soft 17 when the profile says so, and stands on
    five cards of 21 or less when the profile gives the dealer five card tricks."""
    rows = rows_of(p)
    cards = rows.get(hand_label(s["of"], rows) or "", [])
    total, soft, n = hand_total(cards), is_soft(cards), len(cards)
    out = []
    facts = {"cards": n, "total": total, "soft": soft, "limit": 21, "draw_to": 16,
             "soft_draws": profile.dealer_hits_soft_17, "soft_option": "dealer_hits_soft_17",
             "stop_cards": 5, "stops": profile.dealer_five_card_trick,
             "stop_option": "dealer_five_card_trick"}
    out += [f"the dealer's rule has {k} {s[k]!r}, not {v!r}" for k, v in facts.items()
            if s[k] != v]
    if total > 21 or (n >= 5 and profile.dealer_five_card_trick):
        draws = False
    else:
        draws = total <= 16 or (total == 17 and soft and profile.dealer_hits_soft_17)
    if s["draws"] != draws:
        out.append(f"the dealer on {cards} draws: {draws}, not {s['draws']}")
    if (total == 17 and soft) or n >= 5:
        out += _here(p, "the table's rule decides the dealer's draw")
    return out


def double_rule(s: Step, p: Payload, profile: Any) -> list[str]:
    """A hand may double holding 2 to 4 cards, once."""
    rows = rows_of(p)
    label = hand_label(s["of"], rows) or ""
    cards = rows.get(label, [])
    doubled = "(doubled)" in label
    out = []
    if s["cards"] != cards:
        out.append(f"the hand is {cards}, not {s['cards']}")
    if (s["low"], s["high"]) != (2, 4):
        out.append(f"a hand doubles on 2 to 4 cards, not {s['low']} to {s['high']}")
    if s["doubled"] != doubled or s["from_split"] != ("from a split" in label):
        out.append(f"the hand {label!r} is not doubled={s['doubled']}, split={s['from_split']}")
    if doubled != ("You doubled this hand earlier" in p["prompt"]):
        out.append("the prompt does not say what the row says of the double")
    if s["holds"] != (not doubled and 2 <= len(cards) <= 4):
        out.append(f"a double of {cards} (doubled: {doubled}) is not {s['holds']}")
    return out


def split_rule(s: Step, p: Payload, profile: Any) -> list[str]:
    """Two cards of the same value (or rank, as the profile says) split, while the seat
    holds fewer hands than the profile's limit."""
    rows = rows_of(p)
    cards = rows.get(hand_label(s["of"], rows) or "", [])
    most = profile.max_hands or None
    hands = hands_held(p)
    out = []
    if s["cards"] != cards or s["values"] != [points(c) for c in cards]:
        out.append(f"the hand is {cards}, not {s['cards']} worth {s['values']}")
    facts = {"by": profile.split_by, "by_option": "split_by", "most": most,
             "most_option": "max_hands", "hands": hands}
    out += [f"the split rule has {k} {s[k]!r}, not {v!r}" for k, v in facts.items() if s[k] != v]
    same = len(cards) == 2 and (rank(cards[0]) == rank(cards[1]) if profile.split_by == "rank"
                                else points(cards[0]) == points(cards[1]))
    may = same and (most is None or hands < most)
    if s["holds"] != may:
        out.append(f"a split of {cards} with {hands} hands is {may}, not {s['holds']}")
    return out + _here(p, "the table's split rule decides")


def house_rule(s: Step, p: Payload, profile: Any) -> list[str]:
    out = []
    if getattr(profile, s["option"], None) != s["value"]:
        out.append(f"the profile's {s['option']} is not {s['value']!r}")
    if s["option"] == "split_pontoon":
        if "after splitting" not in p["prompt"]:
            out.append("a rule of split hands, for a hand the prompt does not say is split")
        if s["value"] is False and s["holds"] is not False:
            out.append("at a table where a split hand is never a pontoon, it is said to be one")
    return out + _here(p, f"the option {s['option']} decides")


def showdown(s: Step, p: Payload, profile: Any) -> list[str]:
    rows = rows_of(p)
    you, them = kinds_of(p, profile)
    mine, dealer = rows[hand_label("you", rows) or ""], rows["Dealer"]
    out = []
    facts = {"left": "you", "left_kind": you, "left_total": hand_total(mine), "right": "the dealer",
             "right_kind": them, "right_total": hand_total(dealer), "kinds": list(KINDS),
             "ties_to": "the dealer", "winner": "you" if you_win(p, profile) else "the dealer"}
    out += [f"the showdown has {k} {s[k]!r}, not {v!r}" for k, v in facts.items() if s[k] != v]
    five = len(dealer) >= 5 and hand_total(dealer) <= 21
    if s["option"] != ("dealer_five_card_trick" if five else None):
        out.append(f"the option of the dealer's five cards is not {s['option']!r}")
    if five:
        out += _here(p, "the table's rule says what five dealer cards are")
    return out


def paid(s: Step, p: Payload, profile: Any) -> list[str]:
    """A stake settled: a bust loses at once; a dealer pontoon takes every stake before play;
    a win pays 1 to 1, a pontoon 2 to 1, a five card trick what the profile says."""
    stake = stake_of(p)
    rows = rows_of(p)
    out = []
    pays: Fraction | None = None
    option = None
    kind = ""
    if p["generator"] == "casino-pontoon.dealer-pontoon.stake":
        settles = "loses" if is_natural(rows["Dealer"]) else None
    else:
        you, _them = kinds_of(p, profile)
        settles = "wins" if you_win(p, profile) else "loses"
        kind = "bust" if you == "bust" else ""
        if settles == "wins":
            kind = you
            if you == "five card trick":
                a, b = profile.five_card_trick_pays.split(":")
                pays, option = Fraction(int(a), int(b)), "five_card_trick_pays"
            else:
                pays = Fraction(2 if you == "pontoon" else 1)
    net = {"wins": stake * (pays or 1), "loses": Fraction(-stake), None: Fraction(0)}[settles]
    facts = {"who": "you", "stake": stake, "cards": rows[hand_label("you", rows) or ""],
             "settles": settles, "kind": kind, "pays_option": option}
    out += [f"the stake settled has {k} {s[k]!r}, not {v!r}" for k, v in facts.items()
            if s[k] != v]
    if (None if s["pays"] is None else Fraction(s["pays"])) != pays:
        out.append(f"the win pays {s['pays']} to 1, not {pays}")
    if Fraction(s["net"]) != net:
        out.append(f"the net is {s['net']}, not {net}")
    if option:
        out += _here(p, "the profile sets what a five card trick pays")
    if pays is not None and pays != 1 and f"{stake} × {pays.numerator}" not in " ".join(
            p["solution"]):
        out.append(f"the payment {stake} × {pays} is not worked out")
    return out


def insurance(s: Step, p: Payload, profile: Any) -> list[str]:
    """Insurance is offered on an ace up, never with both dealer cards face down; it is at
    most half the stake, in whole chips."""
    stake = stake_of(p)
    up = rows_of(p).get("Dealer's up card", [None])[0]
    offered = not profile.dealer_cards_face_down and up is not None and rank(up) == "A"
    facts = {"stake": stake, "up": up, "offered": offered, "option": "dealer_cards_face_down",
             "parts": 2, "most": stake // 2 if offered else 0}
    out = [f"the insurance has {k} {s[k]!r}, not {v!r}" for k, v in facts.items() if s[k] != v]
    if offered and f"{stake} ÷ 2 = " not in " ".join(p["solution"]):
        out.append(f"half the stake of {stake} is not worked out")
    return out + _here(p, "the table's deal decides whether insurance is offered")


_P = {v: 4 / 13 if v == 10 else 1 / 13 for v in range(1, 11)}


@functools.cache
def dealer_from(hard: int, ace: bool, n: int, hits_soft_17: bool, five: bool
                   ) -> dict[object, float]:
    """The dealer's final outcomes (a total, ``"five"`` or ``"bust"``) from ``n`` cards of a
    hard total ``hard``, in an infinite deck."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        return {"bust": 1.0}
    if n >= 5 and five:
        return {"five": 1.0}
    if total >= 17 and not (total == 17 and soft and hits_soft_17):
        return {total: 1.0}
    out: dict[object, float] = {}
    for v, pv in _P.items():
        for k, q in dealer_from(hard + v, ace or v == 1, n + 1, hits_soft_17, five).items():
            out[k] = out.get(k, 0.0) + pv * q
    return out


def stand_value(total: int, pontoon: bool, up: str | None, profile: Any) -> float:
    """What standing is worth per chip staked, given that the dealer has no pontoon (the
    peek): a pontoon is paid 2; else a win 1 and a loss 1, ties losing."""
    if pontoon:
        return 2.0
    starts = ([(points(up), b) for b in _P] if up is not None
              else [(a, b) for a in _P for b in _P])
    final: dict[object, float] = {}
    for a, b in starts:
        if sorted((a, b)) == [1, 10]:
            continue
        pr = _P[b] * (1.0 if up is not None else _P[a])
        for k, q in dealer_from(a + b, 1 in (a, b), 2, profile.dealer_hits_soft_17,
                                   profile.dealer_five_card_trick).items():
            final[k] = final.get(k, 0.0) + pr * q
    norm = sum(final.values())
    win = sum(q for k, q in final.items() if k == "bust" or (isinstance(k, int) and k < total))
    return 2 * win / norm - 1


def moves(s: Step, p: Payload, profile: Any) -> list[str]:
    """The legal moves, the best of them, and what standing is worth, worked out here."""
    rows = rows_of(p)
    label = hand_label("you", rows) or ""
    cards = rows.get(label, [])
    up = rows.get("Dealer's up card", [None])[0]
    out = []
    if s["up"] != up or (up is None) != profile.dealer_cards_face_down:
        out.append(f"the dealer's up card is {up}, not {s['up']}")
    hands = hands_held(p)
    same = len(cards) == 2 and (rank(cards[0]) == rank(cards[1]) if profile.split_by == "rank"
                                else points(cards[0]) == points(cards[1]))
    legal = {"stand": hand_total(cards) >= 15, "hit": True, "double": "(doubled)" not in label,
             "split": same and (not profile.max_hands or hands < profile.max_hands)}
    if sorted(s["moves"]) != sorted(m for m, ok in legal.items() if ok):
        out.append(f"the legal moves of {cards} are not {s['moves']}")
    if sorted(p["choices"]) != sorted(m.capitalize() for m in s["moves"]):
        out.append(f"the choices are not the moves {s['moves']}")
    if list(s["values"]) != sorted(s["values"], reverse=True) or s["best"] != s["moves"][0]:
        out.append(f"{s['best']} is not the move worth the most of {s['values']}")
    if "stand" in s["moves"]:
        pontoon = (len(cards) == 2 and is_natural(cards)
                   and ("from a split" not in label or profile.split_pontoon))
        mine = stand_value(hand_total(cards), pontoon, up, profile)
        said = s["values"][s["moves"].index("stand")]
        if abs(mine - said) > 1e-9:
            out.append(f"standing on {cards} is worth {mine:.6f}, not {said:.6f}")
    return out


def answer(p: Payload) -> str | None:
    """The answer a Casino Pontoon reason concludes, where its last step is the game's own."""
    last = p["reason"]["steps"][-1]
    if last["type"] == "DrawRule":
        return "Yes" if last["draws"] else "No"
    if last["type"] == "MoveValues":
        return str(last["best"]).capitalize()
    return None


def number(p: Payload) -> Fraction | None:
    """The number a reason ending on one of Casino Pontoon's own records concludes."""
    s = p["reason"]["steps"][-1]
    if s["type"] == "SoftAce":
        return Fraction(s["hard"] + 10 if s["soft"] else s["hard"])
    if s["type"] == "Paid":
        return Fraction(s["net"])
    if s["type"] == "Insurance":
        return Fraction(s["most"])
    return None


def soft_ace(s: Step, p: Payload, profile: Any) -> list[str]:
    """An ace counts 11 only when that keeps the hand at 21 or less: after the sum of the same
    hand with every ace 1, and with the working shown."""
    rows = rows_of(p)
    cards = rows.get(hand_label(s["of"], rows) or "", [])
    high = s["hard"] + 10
    worth = high if s["soft"] else s["hard"]
    out = [] if s["limit"] == 21 else [f"a hand is bust over 21, not over {s['limit']}"]
    total = next((t for t in p["reason"]["steps"] if t["type"] == "Sum" and t["of"] == s["of"]),
                 None)
    if total is None or total["total"] != s["hard"]:
        out.append(f"{s['of']} with every ace 1 is not {s['hard']}")
    aces = sum(1 for c in cards if rank(c) == "A")
    if aces != s["aces"] or not aces:
        out.append(f"{s['of']} holds {aces} aces, not {s['aces']}")
    if s["soft"] != (high <= 21):
        out.append(f"an ace as 11 makes {high}: soft is not {s['soft']}")
    if worth != hand_total(cards):
        out.append(f"{cards} are worth {hand_total(cards)}, not {worth}")
    if f"{s['hard']} + 10 = {high}" not in " ".join(p["solution"]):
        out.append(f"the working {s['hard']} + 10 = {high} is not shown")
    return out


RECORDS: dict[str, Callable[[Step, Payload, Any], list[str]]] = {
    "SoftAce": soft_ace,
    "DrawRule": draw_rule, "DoubleRule": double_rule, "SplitRule": split_rule,
    "HouseRule": house_rule, "Showdown": showdown, "Paid": paid,
    "Insurance": insurance, "MoveValues": moves,
}
CARD_KINDS = {r"aces?": {"A"}, r"kings?": {"K"}, r"queens?": {"Q"}, r"jacks?": {"J"},
                 r"tens?(?!-)": {"10"}, r"ten-(?:value )?cards?": {"10", "J", "Q", "K"},
                 r"(?:court|face) cards?|faces": {"J", "Q", "K"}}


def check(p: Payload, profile: Any) -> list[str]:
    """Every fact of Casino Pontoon's own records, against the case and the profile."""
    return [f for s in p["reason"]["steps"] if s["type"] in RECORDS
            for f in RECORDS[s["type"]](s, p, profile)]
