"""Helpers for the LMS export tests: read a QTI package or a Moodle file back, and mark a
response the way an LMS would, from the file alone.

The markers are small interpreters of what the export writes (QTI's ``match``, ``correct``,
``and``, ``or``, ``gte``, ``lte``, ``isNull`` and ``multiple``; Moodle's answer fractions
and numerical tolerances), so that a test can check every question's marking against the
engine's own check without a browser.  Anything else in a file fails the test.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from fractions import Fraction
from typing import Any

QTI = "{http://www.imsglobal.org/xsd/imsqti_v2p1}"
CP = "{http://www.imsglobal.org/xsd/imscp_v1p1}"


def zip_files(data: bytes) -> dict[str, bytes]:
    """The entries of a zip, by name, in the zip's order."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {info.filename: z.read(info) for info in z.infolist()}


def qti(data: bytes) -> ET.Element:
    """A QTI document, parsed."""
    return ET.fromstring(data)


# -- QTI response processing -------------------------------------------------------------------

Value = frozenset[str] | str | Fraction | None


def _value(text: str, base_type: str) -> Any:
    if base_type in ("integer", "float"):
        return Fraction(text)
    return text


def _declared(item: ET.Element) -> ET.Element:
    resp = item.find(f"{QTI}responseDeclaration")
    assert resp is not None and resp.get("identifier") == "RESPONSE"
    return resp


def correct_response(item: ET.Element) -> Value:
    """The item's correctResponse, as a set (multiple) or a single value (None if none)."""
    resp = _declared(item)
    values = [_value(v.text or "", resp.get("baseType", ""))
              for v in resp.iterfind(f"{QTI}correctResponse/{QTI}value")]
    if not values:
        return None
    if resp.get("cardinality") == "multiple":
        return frozenset(values)
    assert len(values) == 1
    return values[0]  # type: ignore[no-any-return]


def _eval(e: ET.Element, response: Value, correct: Value) -> Any:
    tag = e.tag.removeprefix(QTI)
    kids = list(e)
    if tag == "variable":
        assert e.get("identifier") == "RESPONSE", e.attrib
        return response
    if tag == "correct":
        assert e.get("identifier") == "RESPONSE", e.attrib
        return correct
    if tag == "baseValue":
        return _value(e.text or "", e.get("baseType", ""))
    if tag == "multiple":
        return frozenset(_eval(k, response, correct) for k in kids)
    args = [_eval(k, response, correct) for k in kids]
    if tag == "isNull":
        return args[0] is None or args[0] == frozenset()
    if tag == "match":
        if any(a is None for a in args):
            return None
        return args[0] == args[1]
    if tag in ("gte", "lte"):
        if any(a is None for a in args):
            return None
        return args[0] >= args[1] if tag == "gte" else args[0] <= args[1]
    if tag == "and":
        return None if any(a is None for a in args) else all(args)
    if tag == "or":
        return any(a is True for a in args)
    raise AssertionError(f"unexpected expression <{tag}> in a response processing")


def qti_outcomes(item: ET.Element, response: Value) -> dict[str, Any]:
    """SCORE and FEEDBACK after the item's responseProcessing, for a response (a set of
    choice identifiers, or a number, or None for no answer)."""
    correct = correct_response(item)
    outcomes: dict[str, Any] = {}
    rp = item.find(f"{QTI}responseProcessing")
    assert rp is not None and not rp.get("template"), "the rules are written out"

    def run(rules: list[ET.Element]) -> None:
        for rule in rules:
            tag = rule.tag.removeprefix(QTI)
            if tag == "setOutcomeValue":
                outcomes[rule.get("identifier", "")] = _eval(rule[0], response, correct)
            elif tag == "responseCondition":
                for branch in rule:
                    name = branch.tag.removeprefix(QTI)
                    if name == "responseElse":
                        run(list(branch))
                        break
                    if _eval(branch[0], response, correct) is True:
                        run(list(branch)[1:])
                        break
            else:
                raise AssertionError(f"unexpected rule <{tag}>")

    run(list(rp))
    return outcomes


# -- Moodle marking ------------------------------------------------------------------------------

def moodle_mark(question: ET.Element, response: Any) -> Fraction:
    """The mark (0 to 1) Moodle gives: for multichoice the picked answers' fractions added
    and kept within 0..1 (``response`` is a set of answer positions); for numerical the first
    answer whose tolerance holds the number (``*`` holds any)."""
    answers = question.findall("answer")
    if question.get("type") == "multichoice":
        total = sum((Fraction(answers[i].get("fraction", "0")) / 100 for i in response),
                    Fraction(0))
        single = question.findtext("single") == "true"
        assert not single or len(response) <= 1
        return min(max(total, Fraction(0)), Fraction(1))
    assert question.get("type") == "numerical"
    x = Fraction(response)
    for a in answers:
        text = a.findtext("text") or ""
        if text == "*" or abs(x - Fraction(text)) <= Fraction(a.findtext("tolerance") or "0"):
            return Fraction(a.get("fraction", "0")) / 100
    return Fraction(0)
