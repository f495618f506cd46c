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
    if base == "Hand":
        return "the hand"
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


RECORDS = ("AceChoice", "HandClass", "Versus", "Figure", "Range", "Ruling", "Pair", "Cuts",
                   "Turns")
"""The records Pontoon brought."""

_PLURAL_RANKS = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J", "tens": "10"}


def figure_shown(s: Step) -> str:
    """A Figure's working as a solution must show it: ``80 − 20 − 10 = 50``, ``2 × 75 = 150``,
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
    table = "at this table" in solution.lower()

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
    elif kind == "Figure":
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
        if figure_shown(s) not in solution:
            out.append(f"the working {figure_shown(s)!r} is not shown in the solution")
    elif kind == "Range":
        if s["low"] > s["high"]:
            out.append(f"a range from {s['low']} to {s['high']}")
        for end, option in (("low", s["low_option"]), ("high", s["high_option"])):
            if option is not None and getattr(profile, option, None) != s[end]:
                out.append(f"the {end} end {s[end]} is not the profile's {option}")
        if (s["low_option"] or s["high_option"]) and not table:
            out.append("a range the house rules set is not said to be this table's")
        if s["value"] is not None and s["holds"] != (s["low"] <= s["value"] <= s["high"]):
            out.append(f"{s['value']} in {s['low']} to {s['high']} is not {s['holds']}")
    elif kind == "Ruling":
        if s["option"] is not None:
            if getattr(profile, s["option"], object()) != s["setting"]:
                out.append(f"the profile's {s['option']} is not {s['setting']!r}")
            if not table:
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


# -- the answers the reasons conclude -------------------------------------------------------------
KIND_CHOICES = {"pontoon": "A pontoon", "five card trick": "A five card trick",
                "21": "21 in three or four cards", "total": "An ordinary total under 21",
                "bust": "Bust"}
AGAIN = "Nobody yet: those who tie for the highest card cut again"
SHUFFLE, BOTTOM = "Shuffle and cut the pack", "Put the cards to the bottom of the pack, unshuffled"
KEEP = "The banker may add to it, but may not take anything out"
DRY = "The banker must put up a new kitty, or sell the bank"
CHANGE = "The old banker takes the kitty; the new banker puts up a new one"
BETWEEN = {"pontoon.shoot.top-up": KEEP, "pontoon.shoot.dry-kitty": DRY,
           "pontoon.shoot.change-of-bank": CHANGE}


def pct(x: Fraction) -> str:
    """A chance as a percentage with two decimals."""
    return f"{float(x) * 100:.2f}%"


def answer(p: Payload) -> str | None:
    """The answer a Pontoon reason concludes, for the questions whose choices the generic
    reading cannot tell."""
    gen, steps = p.get("generator"), p["reason"]["steps"]
    last = steps[-1]
    if gen == "pontoon.hands.rank.kind":
        return KIND_CHOICES[next(s for s in reversed(steps) if s["type"] == "HandClass")["kind"]]
    if gen == "pontoon.hands.rank.order":
        versus = [s for s in steps if s["type"] == "Versus"]
        order = [versus[0]["winner"]]
        for v in versus:
            if v["winner"] != order[-1]:
                return "(the comparisons do not chain)"
            order.append(v["right"] if v["winner"] == v["left"] else v["left"])
        return " > ".join(x.removeprefix("Hand ") for x in order)
    if gen == "pontoon.ties.who-wins":
        return "The banker wins" if last["winner"] == "the banker" else f"{last['winner']} wins"
    if gen == "pontoon.first-banker.who":
        return last["highest"][0] if len(last["highest"]) == 1 else AGAIN
    if gen in ("pontoon.deal.order", "pontoon.next-banker.who"):
        return last["order"][last["pick"]] if last["type"] == "Turns" else last.get("who")
    if gen == "pontoon.next-deal.shuffle":
        made = any(s["type"] == "HandClass" and s["kind"] == "pontoon" for s in steps)
        return SHUFFLE if made else BOTTOM
    if gen == "pontoon.two-packs.chance":
        return pct(Fraction(last["result"]))
    if gen == "pontoon.shoot.between-deals":
        return BETWEEN.get(p["reason"]["rule"])
    return None


# -- each question worked out from its case, here ------------------------------------------------
def is_pontoon(codes: Sequence[str]) -> bool:
    """An ace and a ten-card, alone."""
    return len(codes) == 2 and hand_value(codes) == 21


def rank_of(codes: Sequence[str], split: bool = False, profile: Any = None) -> tuple[int, int]:
    """A hand's place in the ranking."""
    return hand_rank(*hand_class(codes, split, profile))


def _num(pattern: str, text: str) -> int | None:
    m = re.search(pattern, text)
    return None if m is None else int(m.group(1))


def _bought(prompt: str) -> list[int]:
    return [int(x) for x in re.findall(r"bought her \d\w\w card for (\d+)", prompt)]


def _steps(p: Payload, kind: str) -> list[Step]:
    return [s for s in p["reason"]["steps"] if s["type"] == kind]


def _stake_of(label: str) -> list[int]:
    m = re.search(r"\(stake ([\d + ]+)\)", label)
    return [] if m is None else [int(x) for x in m.group(1).split(" + ")]


def _name(label: str) -> str:
    return re.sub(r"(, hand \d+)? \(stake [^)]*\)$| \(banker\)$", "", label)


def _expected(p: Payload, profile: Any) -> tuple[str | None, list[str]]:
    """The answer worked out here from the case and the profile (None: not worked out), and
    what the reason must hold to follow the table's rules."""
    gen, prompt = p["generator"], p["prompt"]
    rows = {r["label"]: list(r["cards"]) for r in p["rows"]}
    first = next(iter(rows.values()), [])
    banker = next((cards for label, cards in rows.items() if of_label(label) == "the banker's hand"),
                  [])
    out: list[str] = []
    yes = {True: "Yes", False: "No"}
    if gen == "pontoon.hand-value.total":
        return str(hand_value(first)), out
    if gen == "pontoon.hands.rank.kind":
        return KIND_CHOICES[hand_class(first, False, profile)[0]], out
    if gen == "pontoon.hands.rank.order":
        order = sorted(rows, key=lambda label: rank_of(rows[label]), reverse=True)
        return " > ".join(label.removeprefix("Hand ") for label in order), out
    if gen == "pontoon.ties.who-wins":
        name = next(label for label in rows if label != "Banker")
        wins = rank_of(rows[name], False, profile) > rank_of(banker)
        return (f"{name} wins" if wins else "The banker wins"), out
    if gen == "pontoon.first-banker.who":
        def weight(c: str) -> int:
            return 14 if rank(c) == "A" else pips(c)
        top = max(weight(c[0]) for c in rows.values())
        best = [label for label, c in rows.items() if weight(c[0]) == top]
        return (best[0] if len(best) == 1 else AGAIN), out
    if gen == "pontoon.deal.order":
        m = re.search(r"clockwise: (.*?) \(then back to \w+\)\. (\w+) is the banker", prompt)
        if m is None:
            banks = re.match(r"(\w+) banks for ", prompt)
            return (None if banks is None else banks.group(1)), out
        seats, who = m.group(1).split(", "), m.group(2)
        i = seats.index(who)
        order = seats[i + 1:] + seats[:i]
        return (order[0] if "dealt the first card" in prompt else order[-1]), out
    if gen == "pontoon.stakes.allowed":
        amount = _num(r"wants to stake (\d+)", prompt)
        if f"stakes are {profile.min_stake} to {profile.max_stake}." not in prompt:
            out.append("the prompt's stakes are not the profile's")
        return (None if amount is None else
                yes[profile.min_stake <= amount <= profile.max_stake]), out
    if gen == "pontoon.banker-pontoon.pay":
        stake = _num(r"staked (\d+)", prompt)
        if not is_pontoon(banker):
            out.append("the banker's cards are not a pontoon")
        return (None if stake is None else str(2 * stake) + " chips"), out
    if gen == "pontoon.buy.range":
        stake = _num(r"initial stake is (\d+)", prompt)
        bought = [int(x) for x in re.findall(r"card for (\d+)", prompt)]
        assert stake is not None
        high = bought[-1] if bought else 2 * stake
        return (f"{stake} chips" if stake == high else
                f"any amount from {stake} to {high} chips"), out
    if gen == "pontoon.buy.may":
        amount = _num(r"card for (\d+)\?", prompt)
        stake = _num(r"Ann staked (\d+)", prompt)
        bought = _bought(prompt)
        if "twisted" in prompt:
            return "No", out
        if profile.no_fifth_buy_on_11 and len(first) == 4:
            if not any(s["option"] == "no_fifth_buy_on_11" for s in _steps(p, "Ruling")):
                out.append("the table's 5th-card rule is not in the reason")
            if low_total(first) <= 11:
                return "No", out
        if "bought two cards" in prompt or amount is None or stake is None:
            return None, out
        return yes[stake <= amount <= (bought[-1] if bought else 2 * stake)], out
    if gen == "pontoon.stick.may":
        if not any(t["option"] == "min_stick" for t in _steps(p, "Threshold")):
            out.append("the stick limit does not come from the profile's min_stick")
        return yes[hand_value(first) >= profile.min_stick], out
    if gen == "pontoon.split.may":
        a, b = (rank(c) for c in first)
        only = "aces" if profile.split == "aces" else ""
        if [s["only"] for s in _steps(p, "Pair")] != [only]:
            out.append(f"the pair is not judged by the table's split = {profile.split!r}")
        stake = _num(r"Ann staked (\d+)", prompt)
        if p["answer_text"] == "Yes" and f"staking another {stake} on the new hand" not in (
                " ".join(p["solution"])):
            out.append(f"the new hand's stake is not the first, {stake}")
        return yes[a == b and (not only or a == "A")], out
    if gen == "pontoon.declare.must":
        split = "split her two aces" in prompt
        return yes[is_pontoon(first) and (not split or profile.split_pontoon)], out
    if gen == "pontoon.bust.collect":
        stake = _num(r"Ann staked (\d+)", prompt)
        now = _num(r"now buys her \d\w\w card for (\d+)", prompt)
        assert stake is not None and now is not None
        taken = stake + sum(_bought(prompt)) + now if low_total(first) > 21 else 0
        return f"{taken} chips", out
    if gen == "pontoon.banker-play.may":
        if "stop now" in prompt:
            return "Yes", out
        if "add a card" in prompt:
            return yes[len(banker) < 5 and low_total(banker) < 21], out
        return "No", out
    if gen == "pontoon.settle.pays":
        return _settled(p, profile, banker), out
    if gen == "pontoon.settle.i-pay":
        return str(hand_value(banker) + 1), out
    if gen == "pontoon.next-banker.who":
        return _next_banker(p, banker), out
    if gen == "pontoon.next-deal.shuffle":
        made = any(is_pontoon(cards) and (", hand " not in label or profile.split_pontoon)
                   for label, cards in rows.items())
        return (SHUFFLE if made else BOTTOM), out
    if gen == "pontoon.two-packs.chance":
        packs = 2 if "two packs" in prompt else 1
        n, aces, tens = 52 * packs, 4 * packs, 16 * packs
        calcs = [tuple(s["terms"]) for s in _steps(p, "Figure")]
        if calcs[:2] != [(n, n - 1), (aces, tens, 2)]:
            out.append(f"the pairs counted {calcs[:2]} are not those of {packs} pack(s)")
        if "At this table" in prompt and profile.packs != packs:
            out.append(f"this table plays {profile.packs} pack(s), not {packs}")
        return pct(Fraction(2 * aces * tens, n * (n - 1))), out
    if gen == "pontoon.shoot.room":
        return _shoot_room(prompt, profile), out
    if gen == "pontoon.shoot.settle.kitty":
        return _kitty_after(p, profile, banker), out
    if gen == "pontoon.shoot.between-deals":
        m = re.search(r"(\w+) banked it, and the kitty holds (\d+)\. (\w+) is to bank", prompt)
        if m is None:
            return None, out
        old, kitty, new = m.group(1), int(m.group(2)), m.group(3)
        return (CHANGE if old != new else DRY if kitty == 0 else KEEP), out
    return None, out


def _settled(p: Payload, profile: Any, banker: list[str]) -> str | None:
    name = _num_name(p["prompt"])
    row = next((r for r in p["rows"] if _name(r["label"]) == name), None)
    if row is None:
        return None
    cards, stake = row["cards"], sum(_stake_of(row["label"]))
    mine, theirs = hand_class(cards, False, profile), hand_class(banker, False, profile)
    double = mine[0] in ("pontoon", "five card trick")
    if mine[0] == "bust":
        net = -stake
    elif theirs[0] == "pontoon":
        net = -2 * stake
    elif theirs[0] == "five card trick":
        net = 2 * stake if mine[0] == "pontoon" else -2 * stake
    elif hand_rank(*mine) > hand_rank(*theirs):
        net = (2 if double else 1) * stake
    else:
        net = -stake
    return f"{net} chips"


def _num_name(prompt: str) -> str | None:
    m = re.search(r"What does the banker pay (\w+)\?", prompt)
    return None if m is None else m.group(1)


def _next_banker(p: Payload, banker: list[str]) -> str | None:
    prompt = p["prompt"]
    seats_m = re.search(r"Seats go clockwise: (.*?)\. (\w+) banked this deal", prompt)
    if seats_m is None:
        return None
    seats, holder = seats_m.group(1).split(", "), seats_m.group(2)
    sale = re.search(r"sells the bank to (\w+) for", prompt)
    if sale:
        return sale.group(1)
    if is_pontoon(banker):
        return holder
    i = seats.index(holder)
    for seat in seats[i + 1:] + seats[:i]:
        for r in p["rows"]:
            if _name(r["label"]) == seat and ", hand " not in r["label"] and is_pontoon(r["cards"]):
                return seat
    return holder


def _bets(listed: str) -> list[int]:
    return [] if listed == "none" else [int(x) for x in re.findall(r" (\d+)(?:,|$)", listed)]


def _shoot_room(prompt: str, profile: Any) -> str | None:
    kitty = re.search(r"(?:smallest|largest) kitty", prompt)
    if kitty:
        if f"stakes from {profile.min_stake} to {profile.max_stake}." not in prompt:
            return "(the prompt's stakes are not the profile's)"
        return f"{profile.max_stake if 'largest' in kitty.group(0) else profile.min_stake} chips"
    m = re.search(r"kitty (?:now )?holds (\d+)\. Shoot bets (?:still )?standing: (.*?)\.(?: |\()",
                  prompt)
    if m is None:
        return None
    return f"{int(m.group(1)) - sum(_bets(m.group(2)))} chips"


def _kitty_after(p: Payload, profile: Any, banker: list[str]) -> str | None:
    m = re.search(r"The kitty holds (\d+)(?: \(it took [^)]*\))?(?: and the shoot bets are|\. "
                  r"The shoot bets still standing are): (.*?)\. The deal", p["prompt"])
    if m is None:
        return None
    kitty = int(m.group(1))
    theirs = rank_of(banker)
    for name, bet in re.findall(r"(\w+) (\d+)", m.group(2)):
        cards = next(r["cards"] for r in p["rows"] if _name(r["label"]) == name)
        if is_pontoon(banker):
            kitty += int(bet)
        elif low_total(cards) > 21:
            return "(a bust hand's shoot bet is said to be standing)"
        else:
            kitty += -int(bet) if rank_of(cards, False, profile) > theirs else int(bet)
    return f"{kitty} chips"


def check(p: Payload, profile: Any) -> list[str]:
    """Pontoon's own checks of a question: its answer, worked out here from the case and the
    profile, and the table's rules the reason must follow; every split hand named so."""
    want, out = _expected(p, profile)
    if want is not None and want != p["answer_text"]:
        out.append(f"the case makes the answer {want!r}, not {p['answer_text']!r}")
    if want is None and p["generator"] not in ("pontoon.buy.may",):
        out.append("the checker could not work the answer out from the case")
    for s in p["reason"]["steps"]:
        hands = [s] if s["type"] == "HandClass" else (
            [s["left_hand"], s["right_hand"]] if s["type"] == "Versus" else [])
        out += [f"{h['of']} is {'' if is_split(h['of']) else 'not '}a split hand"
                for h in hands if h["split"] != is_split(h["of"])]
    return out
