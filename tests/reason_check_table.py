"""The checker's reading of the records of table play that state numbers (a calculation, a
limit, a rule of the table): each number is worked out again, each amount compared with
what the case states (the game's ``quantity``: the prompt, the rows) or the profile, and the
working looked for in the solution.  A part of :mod:`tests.reason_check`.

>>> calc = {"type": "Calc", "of": "the ante", "amounts": [
...     {"type": "Amount", "value": 5, "what": "the small bet", "option": None, "cards": []},
...     {"type": "Amount", "value": 2, "what": "", "option": None, "cards": []}],
...     "ops": ["÷"], "result": 2}
>>> table_step(calc, [calc], "… 5 ÷ 2 = 2.5, rounded down to 2.", None, lambda w, u: 5, [])
[]
>>> wrong = {**calc, "result": 3}
>>> table_step(wrong, [wrong], "", None, lambda w, u: 5, [])
['5 ÷ 2 is 2, not 3', 'the working 5 ÷ 2 = 2.5, rounded down to 3 is not shown']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

Step = dict[str, Any]
#: a number the case states: (words, unit) -> the number, or None when the case cannot tell
Quantity = Callable[[str, str], int | None]

#: the record kinds checked here
TABLE_KINDS = frozenset({"Calc", "Limit", "Setting"})

_HOLDS = {"at least": lambda v, lim: v >= lim, "at most": lambda v, lim: v <= lim,
          "exactly": lambda v, lim: v == lim}


def counted(n: int, unit: str) -> str:
    """``1 chip``, ``2 chips``."""
    return f"{n} {unit}{'' if n == 1 else 's'}"


def calc_value(amounts: list[int], ops: list[str]) -> Fraction:
    """Left to right: ``(a + b) × c``."""
    value = Fraction(amounts[0])
    for op, a in zip(ops, amounts[1:], strict=True):
        value = (value + a if op == "+" else value - a if op == "−" else value * a if op == "×"
                 else value / a)
    return value


def working(amounts: list[int], ops: list[str], result: int) -> str:
    """The working as the solution must show it: ``(1 + 1) × 5 = 10``."""
    expr = str(amounts[0])
    for i, (op, a) in enumerate(zip(ops, amounts[1:], strict=True)):
        if op in "×÷" and any(o in "+−" for o in ops[:i]):
            expr = f"({expr})"
        expr += f" {op} {a}"
    exact = calc_value(amounts, ops)
    if "÷" in ops and exact.denominator != 1:
        return f"{expr} = {float(exact):g}, rounded down to {result}"
    return f"{expr} = {result}"


def _earlier(steps: list[Step], s: Step, of: str) -> int | None:
    """The result of the calculation of ``of`` that comes before ``s``."""
    for t in steps[:next(i for i, t in enumerate(steps) if t is s)]:
        if t["type"] == "Calc" and t["of"] == of:
            result: int = t["result"]
            return result
    return None


def table_step(s: Step, steps: list[Step], solution: str, profile: Any, quantity: Quantity,
               case: list[str]) -> list[str]:
    """Every fact of a Calc, Limit or Setting that the case or the profile contradicts."""
    out: list[str] = []

    def option(name: str | None, value: object) -> None:
        if name is None:
            return
        if profile is None or getattr(profile, name, None) != value:
            out.append(f"{value} is not the profile's {name}")
        if "at this table" not in solution:
            out.append("a number the house rules set is not said to be this table's")

    def known(words: str, unit: str, value: int) -> None:
        earlier = _earlier(steps, s, words)
        stated = earlier if earlier is not None else quantity(words, unit)
        if stated is None:
            out.append(f"{words!r} ({unit or 'an amount'}) cannot be read from the case")
        elif stated != value:
            out.append(f"{words} is {stated}, not {value}")

    if s["type"] == "Calc":
        values = [a["value"] for a in s["amounts"]]
        exact = calc_value(values, s["ops"])
        want = math.floor(exact)
        if s["result"] != want:
            out.append(f"{working(values, s['ops'], want).split(' =')[0]} is {want}, not "
                       f"{s['result']}")
        if len(values) > 1:
            shown = working(values, s["ops"], s["result"])
            if shown not in solution:
                out.append(f"the working {shown} is not shown")
        elif f": {s['result']}." not in solution:
            out.append(f"{s['of']} is not shown to be {s['result']}")
        for a in s["amounts"]:
            if a["cards"]:
                if len(a["cards"]) != a["value"]:
                    out.append(f"{a['what']} counts {len(a['cards'])} cards, not {a['value']}")
                out += [f"{c} is not in the case" for c in a["cards"] if c not in case]
            if a["option"] is not None:
                option(a["option"], a["value"])
            elif a["what"]:
                known(a["what"], "", a["value"])
    elif s["type"] == "Limit":
        if _HOLDS[s["relation"]](s["value"], s["limit"]) != s["holds"]:
            out.append(f"{s['value']} {s['relation']} {s['limit']} is not {s['holds']}")
        option(s["option"], s["limit"])
        if s["limit_is"] and s["option"] is None:
            known(s["limit_is"], "", s["limit"])
        known(s["of"], s["unit"], s["value"])
        if f"{s['of']} {s['verb']} {counted(s['value'], s['unit'])}" not in solution:
            out.append(f"what {s['of']} {s['verb']} is not shown")
    else:
        value = None if profile is None else getattr(profile, s["option"], None)
        if str(value) != s["value"]:
            out.append(f"the profile's {s['option']} is {value}, not {s['value']}")
        if "at this table" not in solution:
            out.append("a rule the house rules set is not said to be this table's")
    return out
