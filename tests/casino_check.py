"""The reasons checker's Casino: every fact a Casino reason states, worked out here from the
cards of the case, the prompt and the table's rules (the profile), by this file's own
reading of the rules: card values, sets of a value, largest captures, the cards a builder
keeps, the owner's trail, sweeps, the score item by item, the target and the count-out.
It never calls the engine.

Read by :mod:`tests.reason_check` (``GAMES["casino"]``).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

Payload = dict[str, Any]
Step = dict[str, Any]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
#: the four aces in count-out order
ACES = ("AS", "AC", "AH", "AD")
BIG, LITTLE = "10D", "2S"
#: the deals of a round, by the number of players (the rules' own figures)
DEALS = {2: 6, 3: 4, 4: 3}
KINDS = {r"aces?": {"A"}, r"kings?": {"K"}, r"queens?": {"Q"}, r"jacks?": {"J"},
         r"tens?": {"10"}, r"(?:court|face) cards?": {"J", "Q", "K"}}
_BUILD_ROW = re.compile(r"Build of (\d+) \((single|multiple)\), owner (\w+)")
NONE_LEGAL = "Not legal: no announcement makes it a build"


def shown(code: str) -> str:
    """A card code as the texts show it: ``10H`` -> ``10♥``."""
    return code[:-1] + _SYMBOLS[code[-1]]


def pips(code: str) -> int:
    return RANKS.index(code[:-1]) + 1


def face(code: str) -> bool:
    return pips(code) > 10


# -- values and sets, by the rules --------------------------------------------------------------
def number(code: str, royal: bool) -> int:
    """What a card adds to a set of several cards: ace 1, numerals their pips; courts their
    pips in Royal Casino and nothing (0: they join no set) in the base game."""
    return 0 if face(code) and not royal else pips(code)


def values(code: str, royal: bool) -> set[int]:
    """The values a card captures and builds with, or is taken as alone."""
    if face(code) and not royal:
        return set()
    if royal and code[:-1] == "A":
        return {1, 14}
    return {pips(code)}


def one_set(codes: Sequence[str], v: int, royal: bool) -> bool:
    """Whether the cards are one set worth ``v``: a card of that value alone, or numbers
    adding up to it."""
    if len(codes) == 1:
        return v in values(codes[0], royal)
    nums = [number(c, royal) for c in codes]
    return all(nums) and sum(nums) == v


def splits(codes: Sequence[str], v: int, royal: bool) -> bool:
    """Whether the cards split into sets each worth ``v`` (each card in one set)."""
    if not codes:
        return True
    first, rest = codes[0], list(codes[1:])
    for k in range(len(rest) + 1):
        for others in itertools.combinations(rest, k):
            if one_set((first, *others), v, royal):
                left = list(rest)
                for c in others:
                    left.remove(c)
                if splits(left, v, royal):
                    return True
    return False


def covers(rest: Sequence[str], needs: Sequence[int], royal: bool) -> bool:
    """Whether ``rest`` holds a different card for each value of ``needs``."""
    if not needs:
        return True
    v = needs[0]
    return any(v in values(c, royal) and covers([x for x in rest if x != c], needs[1:], royal)
               for c in rest)


def most_value(royal: bool) -> int:
    return 14 if royal else 10


# -- reading the case -----------------------------------------------------------------------------
def royal_of(p: Payload, profile: Any) -> bool:
    """Royal Casino's values: the table's, or a question that says it asks about them."""
    return bool(getattr(profile, "royal", False)) or p["prompt"].startswith("Royal Casino")


def builds_of(rows: dict[str, list[str]]) -> dict[int, tuple[list[str], bool, str]]:
    """The builds shown: value -> (cards, multiple, owner)."""
    out = {}
    for label, cards in rows.items():
        m = _BUILD_ROW.fullmatch(label)
        if m:
            out[int(m.group(1))] = (cards, m.group(2) == "multiple", m.group(3))
    return out


def _minus(cards: Sequence[str], taken: Sequence[str]) -> list[str]:
    out = list(cards)
    for c in taken:
        if c in out:
            out.remove(c)
    return out


def _counts(prompt: str, names: Sequence[str], after: str) -> dict[str, int] | None:
    """``North 3, South 2`` after ``after`` in the prompt, by name."""
    if after not in prompt:
        return None
    text = prompt.split(after, 1)[1]
    found = {n: int(m.group(1)) for n in names
             if (m := re.search(rf"\b{n} (\d+)", text)) is not None}
    return found if len(found) == len(names) else None


# -- scoring, by the rules --------------------------------------------------------------------------
def awards(piles: Sequence[Sequence[str]], sweeps: Sequence[int], sides: Sequence[str]
           ) -> list[tuple[str, str, int]]:
    """(item, side, points) in count-out order: most cards, most spades, big casino, little
    casino, the aces (spades, clubs, hearts, diamonds), each sweep."""
    out = []
    for item, counts, pts in (("most cards", [len(x) for x in piles], 3),
                              ("most spades", [sum(c.endswith("S") for c in x) for x in piles], 1)):
        best = max(counts)
        if counts.count(best) == 1:
            out.append((item, sides[counts.index(best)], pts))
    for item, card, pts in (("big casino", BIG, 2), ("little casino", LITTLE, 1),
                            *((f"ace of {w}", a, 1) for a, w in zip(
                                ACES, ("spades", "clubs", "hearts", "diamonds"), strict=True))):
        for side, x in zip(sides, piles, strict=True):
            if card in x:
                out.append((item, side, pts))
    for side, k in zip(sides, sweeps, strict=True):
        out += [("sweeps", side, 1)] * k
    return out


# -- the checks, record by record -------------------------------------------------------------------
class Case:
    """A question's case as the checks read it."""

    def __init__(self, p: Payload, profile: Any) -> None:
        self.p = p
        self.profile = profile
        self.rows = {r["label"]: list(r["cards"]) for r in p["rows"]}
        self.loose = self.rows.get("Table", [])
        self.hand = self.rows.get("Your hand", [])
        self.builds = builds_of(self.rows)
        self.royal = royal_of(p, profile)
        self.solution = " ".join(p.get("solution", []))
        self.steps: list[Step] = p["reason"]["steps"]
        self.out: list[str] = []

    def say(self, fact: str) -> None:
        self.out.append(fact)

    def option(self, option: str | None, value: object, what: str) -> None:
        """A number or switch from the profile: it is the profile's, and said to be this
        table's."""
        if option is None:
            return
        if getattr(self.profile, option, None) != value:
            self.say(f"{what} {value!r} is not the profile's {option}")
        if "at this table" not in self.solution:
            self.say(f"{what}, a house-rules setting, is not said to be this table's")

    def set_values(self, s: Step, v: int | None) -> list[str]:
        """A set's cards, once its values are checked."""
        cards = [x["card"] for x in s["values"]]
        nums = [x["value"] for x in s["values"]]
        if sum(nums) != s["total"]:
            self.say(f"{' + '.join(map(str, nums))} is not {s['total']}")
        if len(cards) == 1 and v is not None and nums[0] == v:
            if v not in values(cards[0], self.royal):
                self.say(f"{cards[0]} alone is not worth {v}")
        else:
            for c, n in zip(cards, nums, strict=True):
                if number(c, self.royal) != n or not n:
                    self.say(f"{c} counts {number(c, self.royal)} in a set, not {n}")
        if len(cards) > 1:
            expr = f"{' + '.join(map(str, nums))} = {s['total']}"
            if expr not in self.solution:
                self.say(f"the sum {expr} is not shown")
        return cards

    # each record -------------------------------------------------------------------------
    def deals(self, s: Step) -> None:
        n = s["players"]
        if f"with {n} players" not in self.p["prompt"]:
            self.say(f"{n} players is not the prompt's table")
        if (s["pack"], s["each"], s["table"]) != (52, 4, 4):
            self.say("the pack and the deal are not 52 cards, 4 each and 4 to the table")
        if s["deals"] != DEALS.get(n):
            self.say(f"{n} players have {DEALS.get(n)} deals, not {s['deals']}")
        first = s["each"] * n + s["table"]
        if f"{s['each']} × {n} + {s['table']} = {first}" not in self.solution:
            self.say("the first deal's cards are not worked out")

    def next_seat(self, s: Step) -> None:
        seats = s["seats"]
        if ", ".join(seats) not in self.p["prompt"] or f"{s['after']} deals" not in self.p["prompt"]:
            self.say(f"the seats {seats} or the dealer {s['after']} are not the prompt's")
        elif s["next"] != seats[(seats.index(s["after"]) + 1) % len(seats)]:
            self.say(f"the seat after {s['after']} is not {s['next']}")
        elif s["skipped"] or s["out"]:
            self.say(f"nobody is out at the deal, yet {s['skipped'] or s['out']} are passed")

    def takes(self, s: Step) -> None:
        card, v = s["card"], s["value"]
        if card not in self.hand:
            self.say(f"{card} is not in the hand")
        if set(s["values"]) != values(card, self.royal):
            self.say(f"{card} is worth {sorted(values(card, self.royal))}, not {s['values']}")
        if s["royal"] != self.royal:
            self.say("the capture's values are not the table's")
        taken: list[str] = []
        if v is None:
            if values(card, self.royal):
                self.say(f"{card} captures by value, not by rank")
            for x in s["sets"]:
                c = x["values"][0]["card"]
                taken.append(c)
                if len(x["values"]) != 1 or c[:-1] != card[:-1]:
                    self.say(f"a {card[:-1]} takes one card of its rank, not {x['values']}")
            ranked = [c for c in self.loose if c[:-1] == card[:-1]]
            every = sorted(taken + [c for o in s["others"] for c in o])
            if len(taken) != 1 or every != sorted(ranked):
                self.say(f"the cards of its rank are {ranked}, not {every}")
        else:
            if v not in values(card, self.royal):
                self.say(f"{card} does not capture as {v}")
            for x in s["sets"]:
                taken += self.set_values(x, v)
                if x["total"] != v:
                    self.say(f"a set of {x['total']} is not a set of {v}")
        if len(set(taken)) != len(taken) or not set(taken) <= set(self.loose):
            self.say(f"the cards taken {taken} are not loose table cards, each once")
        if s["build"] is not None and (s["build"] != v or s["build"] not in self.builds):
            self.say(f"the build of {s['build']} is not on the table, or not taken as {v}")
        left = _minus(self.loose, taken)
        if sorted(s["left"]) != sorted(left):
            self.say(f"the cards left are {left}, not {s['left']}")
        if s["largest"]:
            if any(self._can_take(taken + list(e), card)
                   for k in range(1, len(left) + 1) for e in itertools.combinations(left, k)):
                self.say(f"more than {taken} could be taken")
            for o in s["others"]:
                rest = _minus(self.loose, o)
                if not self._can_take(list(o), card) or any(
                        self._can_take(list(o) + list(e), card)
                        for k in range(1, len(rest) + 1) for e in itertools.combinations(rest, k)):
                    self.say(f"the other capture {o} is not legal and as large")

    def _can_take(self, cards: list[str], card: str) -> bool:
        if not values(card, self.royal):
            return len(cards) == 1 and cards[0][:-1] == card[:-1]
        return any(splits(cards, v, self.royal) for v in values(card, self.royal))

    def captures_build(self, s: Step) -> None:
        if s["card"] not in self.hand or s["build"] not in self.builds:
            self.say("the card or the build is not the case's")
        if set(s["values"]) != values(s["card"], self.royal):
            self.say(f"{s['card']} is not worth {s['values']}")
        if s["holds"] != (s["build"] in values(s["card"], self.royal)):
            self.say(f"{s['card']} taking the build of {s['build']} is not {s['holds']}")
        b = self.builds.get(s["build"])
        if b is not None and sorted(c for part in s["parts"] for c in part) != sorted(b[0]):
            self.say(f"the build's cards are {b[0]}, not {s['parts']}")

    def makes(self, s: Step) -> None:
        cards, v = s["cards"], s["value"]
        if cards[0] not in self.hand or not set(cards[1:]) <= set(self.loose):
            self.say(f"{cards} are not a card of the hand on table cards")
        flat = []
        for x in s["sets"]:
            flat += self.set_values(x, v)
        if sorted(flat) != sorted(cards):
            self.say(f"the sets {flat} are not the cards {cards}")
        most = most_value(self.royal)
        if s["most"] != most:
            self.say(f"a build is worth at most {most}, not {s['most']}")
        self.option(s["option"], s["most"], "the highest build")
        ok = splits(cards, v, self.royal) and v <= most
        if s["holds"] != ok:
            self.say(f"{cards} making a build of {v} is {ok}, not {s['holds']}")
        if s["to_build"] and v not in self.builds:
            self.say(f"there is no build of {v} to add to")

    def raises(self, s: Step) -> None:
        b = self.builds.get(s["build"])
        card = s["card"]
        if b is None or card not in self.hand:
            self.say("the build or the card is not the case's")
            return
        parts = [c for part in s["parts"] for c in part]
        if sorted(parts) != sorted(b[0]) or (len(s["parts"]) > 1) != b[1]:
            self.say(f"the build's sets {s['parts']} are not the row's")
        if s["card_value"] != number(card, self.royal):
            self.say(f"{card} adds {number(card, self.royal)}, not {s['card_value']}")
        if s["value"] != s["build"] + s["card_value"]:
            self.say(f"{s['build']} + {s['card_value']} is not {s['value']}")
        if s["most"] != most_value(self.royal):
            self.say(f"the highest build is not {s['most']}")
        self.option(s["option"], s["most"], "the highest build")
        for j in s["joins"]:
            want = s["value"] if s["value"] in values(j["card"], self.royal) else number(
                j["card"], self.royal)
            if j["card"] not in self.loose or j["value"] != want:
                self.say(f"{j['card']} joining is worth {want}")
        ok = (not b[1] and s["value"] <= s["most"]
              and all(s["value"] in values(j["card"], self.royal) for j in s["joins"]))
        if s["holds"] != ok:
            self.say(f"the increase's shape is {ok}, not {s['holds']}")
        if not b[1] and f"{s['build']} + {s['card_value']} = {s['value']}" not in self.solution:
            self.say("the new value is not worked out")

    def keeps(self, s: Step) -> None:
        played, needs = s["played"], s["needs"]
        if played not in self.hand or sorted(s["rest"]) != sorted(_minus(self.hand, [played])):
            self.say(f"after playing {played} the hand is not {s['rest']}")
        made = {x["value"] for x in self.steps if x["type"] in ("Makes", "Raises")}
        made |= {int(v) for v in re.findall(r'"building (\d+)"', self.p["prompt"])}
        mine = {v for v, (_c, _m, owner) in self.builds.items() if owner == "North"}
        if not set(needs) <= set(self.builds) | made:
            self.say(f"the builds {needs} are neither on the table nor made")
        if not mine <= set(needs):
            self.say(f"the builds you own, {sorted(mine)}, are not all kept for")
        found = [c for c in s["cards"] if c is not None]
        if len(set(found)) != len(found) or not set(found) <= set(s["rest"]):
            self.say(f"the cards kept {found} are not different cards of the hand")
        for c, v in zip(s["cards"], needs, strict=True):
            if c is not None and v not in values(c, self.royal):
                self.say(f"{c} does not capture a build of {v}")
        ok = covers(s["rest"], needs, self.royal)
        if s["holds"] != ok or ok != all(c is not None for c in s["cards"]):
            self.say(f"keeping a card for each of {needs} is {ok}, not {s['holds']}")

    def owns(self, s: Step) -> None:
        mine = sorted(v for v, (_c, _m, owner) in self.builds.items() if owner == "North")
        if sorted(s["builds"]) != mine:
            self.say(f"you own the builds {mine}, not {s['builds']}")
        if s["card"] not in self.hand:
            self.say(f"{s['card']} is not in the hand")
        if sorted(s["table"]) != sorted(self.loose):
            self.say(f"the loose cards are {self.loose}, not {s['table']}")
        if s["builds"]:
            self.option(s["option"], s["may_trail"], "an owner's trail")
        elif getattr(self.profile, "owner_may_trail", None) != s["may_trail"]:
            self.say("an owner's trail is not the profile's")
        if s["holds"] != (not s["builds"] or s["may_trail"]):
            self.say("the owner's rule on trailing is not applied")
        house = "a build's owner may trail" in self.p["prompt"]
        if house != bool(getattr(self.profile, "owner_may_trail", False)):
            self.say("the prompt does not state the table's rule on an owner's trail")

    def sweep(self, s: Step) -> None:
        take = next((x for x in self.steps if x["type"] == "Takes"), None)
        if take is None:
            self.say("a sweep without the capture")
            return
        taken = [v["card"] for x in take["sets"] for v in x["values"]]
        left = _minus(self.loose, taken) + [c for v, (cards, _m, _o) in self.builds.items()
                                            if v != take["build"] for c in cards]
        if sorted(s["left"]) != sorted(left):
            self.say(f"the capture leaves {left}, not {s['left']}")
        if s["holds"] != (not left):
            self.say("a sweep is a capture that empties the table")
        if s["scores"] != bool(getattr(self.profile, "sweeps", None)):
            self.say("whether sweeps score is not the table's")
        if s["holds"]:
            self.option(s["option"], s["scores"], "sweeps scoring")
        said = "Sweeps score at this table" in self.p["prompt"]
        if said != s["scores"]:
            self.say("the prompt does not say whether sweeps score at this table")

    def piles(self) -> tuple[list[str], list[list[str]]] | None:
        names = [n.removesuffix("'s cards") for n in self.rows if n.endswith("'s cards")]
        if len(names) < 2:
            return None
        return names, [self.rows[f"{n}'s cards"] for n in names]

    def sweeps_made(self, names: Sequence[str]) -> list[int]:
        if not getattr(self.profile, "sweeps", False):
            if "sweeps made" in self.p["prompt"]:
                self.say("sweeps are given at a table where they do not score")
            return [0] * len(names)
        made = _counts(self.p["prompt"], names, "the sweeps made:")
        if made is None:
            self.say("the sweeps made are not in the prompt")
            return [0] * len(names)
        return [made[n] for n in names]

    def most(self, s: Step) -> None:
        what = s["what"]
        if s["shares"]:
            seats = ("North", "East", "South", "West")
            got = _counts(self.p["prompt"], seats, "The cards captured:")
            if got is None or s["sides"] != ["North-South", "East-West"]:
                self.say("the partnerships' cards are not the prompt's")
                return
            shares = [[got["North"], got["South"]], [got["East"], got["West"]]]
            if s["shares"] != shares:
                self.say(f"the shares are {shares}, not {s['shares']}")
            counts = [sum(x) for x in shares]
        else:
            piles = self.piles()
            if piles is None or s["sides"] != piles[0]:
                self.say("the sides are not the rows'")
                return
            counts = [len(x) if what == "cards" else sum(c.endswith("S") for c in x)
                      for x in piles[1]]
        if s["counts"] != counts:
            self.say(f"the {what} are {counts}, not {s['counts']}")
        best = max(counts)
        winner = s["sides"][counts.index(best)] if counts.count(best) == 1 else None
        if s["winner"] != winner or s["points"] != (3 if what == "cards" else 1):
            self.say(f"most {what} scores {winner}, not {s['winner']} {s['points']}")

    def tally(self, s: Step) -> None:
        piles = self.piles()
        if piles is None:
            self.say("a tally without the piles")
            return
        names, cards = piles
        want = Counter((i, n) for i, side, n in awards(cards, self.sweeps_made(names), names)
                       if side == s["of"])
        got = Counter((x["item"], x["points"]) for x in s["items"])
        if got != want:
            self.say(f"{s['of']} scores {sorted(want.elements())}, not {sorted(got.elements())}")
        for x in s["items"]:
            cards_of = {"big casino": [BIG], "little casino": [LITTLE]}.get(
                x["item"], [a for a in ACES if x["item"] == f"ace of {_suit(a)}"])
            if x["cards"] != cards_of:
                self.say(f"{x['item']} is {cards_of}, not {x['cards']}")
            if x["item"] == "sweeps":
                self.option(x["option"], True, "sweeps scoring")
        total = sum(x["points"] for x in s["items"])
        if s["total"] != total:
            self.say(f"the points add up to {total}, not {s['total']}")
        if len(s["items"]) > 1 and f"= {total}." not in self.solution:
            self.say("the points are not added up")

    def scores_before(self) -> tuple[list[int], list[int] | None]:
        m = re.search(r"Before this round North had (\d+) and South (\d+)", self.p["prompt"])
        n = re.search(r"This round North scores (\d+) and South (\d+)", self.p["prompt"])
        before = [int(m.group(1)), int(m.group(2))] if m else []
        points = [int(n.group(1)), int(n.group(2))] if n else None
        return before, points

    def target(self, s: Step) -> None:
        if f"The game is to {s['target']}." not in self.p["prompt"]:
            self.say(f"the target {s['target']} is not the prompt's")
        self.option(s["option"], s["target"], "the target")

    def game_end(self, s: Step) -> None:
        self.target(s)
        before, points = self.scores_before()
        if s["before"] != before or s["points"] != points or s["sides"] != ["North", "South"]:
            self.say("the scores are not the prompt's")
            return
        totals = [b + q for b, q in zip(before, points, strict=True)]
        over = [t for t in totals if t >= s["target"]]
        if getattr(self.profile, "count_out", False) and len(over) > 1:
            self.say("at a table that counts out, two sides past the target count out")
        best = max(totals)
        winner = (s["sides"][totals.index(best)] if over and totals.count(best) == 1 else None)
        if s["winner"] != winner:
            self.say(f"the game goes to {winner}, not {s['winner']}")
        for side, b, q in zip(s["sides"], before, points, strict=True):
            if f"{side} {b} + {q} = {b + q}" not in self.solution:
                self.say(f"{side}'s total is not worked out")

    def count_out(self, s: Step) -> None:
        self.target(s)
        if s["count_option"] is None:
            if getattr(self.profile, "count_out", False) or "Royal Casino" not in self.p["prompt"]:
                self.say("a count-out that is not the table's must be Royal Casino's")
        elif not getattr(self.profile, s["count_option"], False):
            self.say("the table does not count out")
        piles = self.piles()
        before, _points = self.scores_before()
        if piles is None or s["before"] != before:
            self.say("the piles or the scores are not the case's")
            return
        names, cards = piles
        order = awards(cards, self.sweeps_made(names), names)
        items = [(x["item"], x["side"], x["points"]) for x in s["items"]]
        if items != order:
            self.say(f"the count-out order is {order}, not {items}")
        listed = "; ".join(f"{i}: {side}" for i, side, _n in order)
        if listed not in self.p["prompt"]:
            self.say("the points listed in the prompt are not the piles'")
        running = dict(zip(names, before, strict=True))
        winner = None
        for _item, side, n in order:
            running[side] += n
            if running[side] >= s["target"]:
                winner = side
                break
        if s["winner"] != winner:
            self.say(f"counting out, {winner} reaches {s['target']} first, not {s['winner']}")

    def residue(self, s: Step) -> None:
        m = re.search(r"The last capture is (\w+)'s", self.p["prompt"])
        last = m.group(1) if m else None
        if s["last"] != last or s["taker"] != last:
            self.say(f"the cards left go to {last}, the last to capture, not {s['taker']}")
        if sorted(s["cards"]) != sorted(self.rows.get("Left on the table", [])):
            self.say("the cards left are not the row's")


def _suit(ace: str) -> str:
    return {"S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}[ace[-1]]


_CHECKS = {"Deals": Case.deals, "NextSeat": Case.next_seat, "Takes": Case.takes,
           "CapturesBuild": Case.captures_build, "Makes": Case.makes, "Raises": Case.raises,
           "Keeps": Case.keeps, "Owns": Case.owns, "Sweep": Case.sweep, "Most": Case.most,
           "Tally": Case.tally, "GameEnd": Case.game_end, "CountOut": Case.count_out,
           "Residue": Case.residue}


def casino_check(p: Payload, profile: Any) -> list[str]:
    """Every fact of a Casino reason that the case or the profile contradicts."""
    case = Case(p, profile)
    for s in case.steps:
        check = _CHECKS.get(s["type"])
        if check is not None:
            check(case, s)
    if p.get("generator") == "casino.build.announce":
        _announce_complete(case)
    return case.out


def _announce_complete(case: Case) -> None:
    """An announcement question's reason weighs every value the cards could be built as,
    each with the card kept for it."""
    makes = [s for s in case.steps if s["type"] == "Makes"]
    if not makes:
        case.say("no build is weighed")
        return
    cards = makes[0]["cards"]
    most = most_value(case.royal)
    could = {v for v in range(1, most + 1) if splits(cards, v, case.royal)}
    weighed = {s["value"] for s in makes if s["holds"]}
    if weighed != could:
        case.say(f"the cards could be built as {sorted(could)}, not {sorted(weighed)}")
    kept = {s["needs"][0] for s in case.steps if s["type"] == "Keeps"}
    if kept != could:
        case.say(f"the cards kept are weighed for {sorted(kept)}, not {sorted(could)}")


def casino_answer(p: Payload) -> str | None:
    """The answer a Casino reason concludes, for a question whose choices (or cards)
    name it."""
    steps = p["reason"]["steps"]
    last = steps[-1]
    kind = last["type"]
    if p.get("generator") == "casino.build.announce":
        ok = [s["needs"][0] for s in steps if s["type"] == "Keeps" and s["holds"]]
        return f"Legal: announce \"building {ok[0]}\"" if ok else NONE_LEGAL
    if kind == "NextSeat":
        return str(last["next"])
    if kind == "Residue":
        return str(last["taker"])
    if kind in ("GameEnd", "CountOut"):
        return last["winner"] or "Nobody yet: another round is played"
    if kind == "Most":
        return last["winner"] or "Nobody: it is a tie"
    if kind == "Takes" and p["kind"] == "pick the cards":
        row = p["rows"][p["pick_row"]]["cards"]
        main = [v["card"] for s in last["sets"] for v in s["values"]]
        ways = [main, *last["others"]]
        return " or ".join(" ".join(shown(c) for c in sorted(w, key=row.index)) for w in ways)
    return None


def casino_number(p: Payload) -> Fraction | None:
    """The number a numeric Casino reason concludes."""
    last = p["reason"]["steps"][-1]
    if last["type"] == "Deals":
        return Fraction(last["deals"])
    if last["type"] == "Tally":
        return Fraction(last["total"])
    return None
