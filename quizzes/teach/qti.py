"""A lesson's questions as a QTI 2.1 content package (a .zip), for Canvas, Moodle and any
LMS or player that imports QTI 2.1.

The package::

    imsmanifest.xml              the IMS content package manifest: the test and every item,
                                 each item with the card pictures it shows
    test.xml                     the assessmentTest: one testPart, one assessmentSection per
                                 quiz of the lesson with <selection select="1"/>, so that a
                                 test draws one question from each quiz (a question pool)
    items/item-Q-N.xml           one assessmentItem per question (quiz Q, question N)
    items/cards/*.svg            the card pictures (7D.svg, 7D-greyed.svg, back.svg)

Each item declares its answer (``responseDeclaration`` with ``correctResponse``), scores
it in its ``responseProcessing`` (``SCORE`` 1 or 0, as the engine would, written out in
QTI's own expressions rather than as a template so that it also sets ``FEEDBACK``) and shows
the engine's verdict after answering (``modalFeedback`` for right and for wrong, each with
the explanation, which is the worked solution).  Card pictures are ``<img>`` with the card's
name as ``alt``.

The kinds of question:

- multiple choice and yes/no: ``choiceInteraction`` (``maxChoices`` 1, or 0 when several
  choices are right), identifiers ``C1``, ``C2``...;
- numeric: ``textEntryInteraction`` with an ``integer`` response for one whole number, else
  ``float`` with the range ``low <= x <= high`` checked by ``gte``/``lte``;
- pick the cards: ``choiceInteraction`` with ``maxChoices`` 0 whose choices are the pictures
  of the cards (``K1``, ``K2``... by position); every right set of cards is accepted (``or``
  of ``match``), the first one is the ``correctResponse``.

The zip's entries are sorted, stored uncompressed, dated 1980-01-01 and carry fixed
permissions, so that the same lesson and seed give the same bytes on every machine.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterable

from quizzes.model.question import Kind, Question
from quizzes.teach.export import (
    Picture,
    Pool,
    bounds_text,
    lesson_pools,
    refuse,
    row_pictures,
)
from quizzes.teach.spec import Lesson

QTI_NS = "http://www.imsglobal.org/xsd/imsqti_v2p1"
QTI_XSD = "http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1p2.xsd"
CP_NS = "http://www.imsglobal.org/xsd/imscp_v1p1"
CP_XSD = "http://www.imsglobal.org/xsd/qti/qtiv2p1/qtiv2p1_imscpv1p2_v1p0.xsd"
XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"

#: the date of every entry of the zip: the earliest a zip can hold
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

ITEMS = "items"
CARDS = "cards"


class Unwritable(ValueError):
    """A question that a format cannot hold (the exporter names its quiz)."""


def _root(tag: str, ns: str, xsd: str, **attrs: str) -> ET.Element:
    root = ET.Element(tag, {"xmlns": ns, "xmlns:xsi": XSI_NS,
                            "xsi:schemaLocation": f"{ns} {xsd}"})
    for k, v in attrs.items():
        root.set(k.replace("_", ":", 1) if k.startswith("xml_") else k, v)
    return root


def _xml(root: ET.Element) -> bytes:
    ET.indent(root, space="  ")
    text: str = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8")


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, attrs)
    if text is not None:
        el.text = text
    return el


def _base(parent: ET.Element, base_type: str, value: str) -> ET.Element:
    return _sub(parent, "baseValue", value, baseType=base_type)


def _set(parent: ET.Element, identifier: str, base_type: str, value: str) -> None:
    _base(_sub(parent, "setOutcomeValue", identifier=identifier), base_type, value)


def _variable(parent: ET.Element) -> None:
    _sub(parent, "variable", identifier="RESPONSE")


# -- one item --------------------------------------------------------------------------------

def _img(parent: ET.Element, picture: Picture) -> None:
    _sub(parent, "img", src=f"{CARDS}/{picture.name}", alt=picture.alt,
         width=str(picture.width), height=str(picture.height))


def _rows(body: ET.Element, q: Question, skip: int | None) -> None:
    for i, row in enumerate(q.rows):
        if i == skip:
            continue
        box = _sub(body, "div", **{"class": "cardrules-row"})
        _sub(_sub(box, "p"), "strong", row.label)
        cards = _sub(box, "p", **{"class": "cardrules-cards"})
        pictures = row_pictures(row)
        if not pictures:
            cards.text = "(no cards)"
        for p in pictures:
            _img(cards, p)


def _condition(rp: ET.Element) -> ET.Element:
    """A responseCondition whose responseIf sets SCORE 1 and FEEDBACK correct, and whose
    responseElse sets 0 and incorrect; returns the responseIf, to put its test first."""
    cond = _sub(rp, "responseCondition")
    right = _sub(cond, "responseIf")
    wrong = _sub(cond, "responseElse")
    _set(wrong, "SCORE", "float", "0")
    _set(wrong, "FEEDBACK", "identifier", "incorrect")
    return right


def _right(right: ET.Element) -> None:
    _set(right, "SCORE", "float", "1")
    _set(right, "FEEDBACK", "identifier", "correct")


def item_xml(q: Question, identifier: str, title: str) -> tuple[bytes, dict[str, Picture]]:
    """One question as a QTI 2.1 assessmentItem, and the pictures it shows."""
    root = _root("assessmentItem", QTI_NS, QTI_XSD, identifier=identifier, title=title,
                 label=q.id[:256], adaptive="false", timeDependent="false", xml_lang="en")
    pictures: dict[str, Picture] = {}
    for row in q.rows:
        pictures.update((p.name, p) for p in row_pictures(row))

    resp = _sub(root, "responseDeclaration", identifier="RESPONSE")
    decls = (("SCORE", "float", "0"), ("MAXSCORE", "float", "1"))
    outcomes = [(_sub(root, "outcomeDeclaration", identifier=i, cardinality="single",
                      baseType=t), v) for i, t, v in decls]
    for outcome, value in outcomes:
        _sub(_sub(outcome, "defaultValue"), "value", value)
    _sub(root, "outcomeDeclaration", identifier="FEEDBACK", cardinality="single",
         baseType="identifier")
    body = _sub(root, "itemBody")
    _sub(body, "p", q.prompt, **{"class": "cardrules-prompt"})
    rp = ET.Element("responseProcessing")
    right = _condition(rp)

    if q.kind in (Kind.MULTIPLE_CHOICE, Kind.YES_NO):
        several = len(q.correct) > 1
        resp.set("cardinality", "multiple" if several else "single")
        resp.set("baseType", "identifier")
        correct = _sub(resp, "correctResponse")
        for i in sorted(q.correct):
            _sub(correct, "value", f"C{i + 1}")
        _rows(body, q, None)
        interaction = _sub(body, "choiceInteraction", responseIdentifier="RESPONSE",
                           shuffle="false", maxChoices="0" if several else "1")
        if several:
            _sub(interaction, "prompt", "Choose every right answer.")
        for i, choice in enumerate(q.choices):
            _sub(interaction, "simpleChoice", choice, identifier=f"C{i + 1}")
        test = _sub(right, "match")
        _variable(test)
        _sub(test, "correct", identifier="RESPONSE")
    elif q.kind is Kind.NUMERIC:
        assert q.low is not None and q.high is not None
        whole = q.low == q.high and q.low.denominator == 1
        low, high = bounds_text(q.low, q.high)
        resp.set("cardinality", "single")
        resp.set("baseType", "integer" if whole else "float")
        _sub(_sub(resp, "correctResponse"), "value", low)
        _rows(body, q, None)
        line = _sub(body, "p", "Answer: ")
        entry = _sub(line, "textEntryInteraction", responseIdentifier="RESPONSE",
                     expectedLength=str(max(6, len(high) + 2)))
        if q.unit:
            entry.tail = f" {q.unit}"
        if whole:
            test = _sub(right, "match")
            _variable(test)
            _sub(test, "correct", identifier="RESPONSE")
        else:
            test = _sub(right, "and")
            for op, value in (("gte", low), ("lte", high)):
                compare = _sub(test, op)
                _variable(compare)
                _base(compare, "float", value)
    elif q.kind is Kind.PICK_CARDS:
        row = q.rows[q.pick_row]
        resp.set("cardinality", "multiple")
        resp.set("baseType", "identifier")
        ways = sorted((sorted(a) for a in q.accepted), key=lambda w: (len(w) == 0, w))
        if ways[0]:
            correct = _sub(resp, "correctResponse")
            for i in ways[0]:
                _sub(correct, "value", f"K{i + 1}")
        _rows(body, q, q.pick_row)
        interaction = _sub(body, "choiceInteraction", responseIdentifier="RESPONSE",
                           shuffle="false", maxChoices="0")
        _sub(interaction, "prompt", f"Pick the cards from {row.label}.")
        for i, p in enumerate(row_pictures(row)):
            _img(_sub(interaction, "simpleChoice", identifier=f"K{i + 1}"), p)
        test = _sub(right, "or") if len(ways) > 1 else right
        for way in ways:
            if not way:
                _variable(_sub(test, "isNull"))
                continue
            same = _sub(test, "match")
            _variable(same)
            values = _sub(same, "multiple")
            for i in way:
                _base(values, "identifier", f"K{i + 1}")
    else:
        raise Unwritable(f"its {q.kind.value} questions cannot be written as QTI 2.1")
    _right(right)  # after the test it sets the outcomes for
    root.append(rp)
    yes, no = q.verdicts()
    for ident, text in (("correct", yes), ("incorrect", no)):
        feedback = _sub(root, "modalFeedback", outcomeIdentifier="FEEDBACK", identifier=ident,
                        showHide="show", title="Right" if ident == "correct" else "Not right")
        _sub(feedback, "p", text)
    return _xml(root), pictures


# -- the test and the manifest -----------------------------------------------------------------

def _item_id(pool: Pool, n: int) -> str:
    return f"item-{pool.number}-{n}"


def assessment_test_xml(lesson: Lesson, pools: Iterable[Pool]) -> bytes:
    """The assessmentTest: one section per quiz, each drawing one of its questions."""
    root = _root("assessmentTest", QTI_NS, QTI_XSD, identifier=f"test-{lesson.slug}",
                 title=lesson.title)
    for ident in ("SCORE", "MAXSCORE"):
        _sub(root, "outcomeDeclaration", identifier=ident, cardinality="single",
             baseType="float")
    part = _sub(root, "testPart", identifier="part-1", navigationMode="nonlinear",
                submissionMode="individual")
    for pool in pools:
        section = _sub(part, "assessmentSection", identifier=f"quiz-{pool.number}",
                       title=pool.title, visible="true")
        _sub(section, "selection", select="1")
        for n in range(1, len(pool.questions) + 1):
            _sub(section, "assessmentItemRef", identifier=_item_id(pool, n),
                 href=f"{ITEMS}/{_item_id(pool, n)}.xml")
    processing = _sub(root, "outcomeProcessing")
    for ident in ("SCORE", "MAXSCORE"):
        total = _sub(_sub(processing, "setOutcomeValue", identifier=ident), "sum")
        _sub(total, "testVariables", variableIdentifier=ident)
    return _xml(root)


def manifest_xml(lesson: Lesson, items: list[tuple[str, list[str]]]) -> bytes:
    """The IMS content package manifest: the test, then each item with its files."""
    root = _root("manifest", CP_NS, CP_XSD, identifier=f"manifest-{lesson.slug}")
    meta = _sub(root, "metadata")
    _sub(meta, "schema", "QTIv2.1 Package")
    _sub(meta, "schemaversion", "1.0.0")
    _sub(root, "organizations")
    resources = _sub(root, "resources")
    test = _sub(resources, "resource", identifier=f"test-{lesson.slug}",
                type="imsqti_test_xmlv2p1", href="test.xml")
    _sub(test, "file", href="test.xml")
    for ident, _files in items:
        _sub(test, "dependency", identifierref=ident)
    for ident, files in items:
        res = _sub(resources, "resource", identifier=ident, type="imsqti_item_xmlv2p1",
                   href=files[0])
        for f in files:
            _sub(res, "file", href=f)
    return _xml(root)


def package_files(lesson: Lesson, group: int | str | None = None) -> dict[str, bytes]:
    """Every file of the package, by its path in the zip."""
    pools = lesson_pools(lesson, group)
    files: dict[str, bytes] = {}
    items: list[tuple[str, list[str]]] = []
    for pool in pools:
        for n, q in enumerate(pool.questions, 1):
            ident = _item_id(pool, n)
            try:
                data, pictures = item_xml(q, ident, f"{pool.title} ({n})")
            except Unwritable as e:
                raise refuse(lesson, pool, str(e)) from None
            href = f"{ITEMS}/{ident}.xml"
            files[href] = data
            media = [f"{ITEMS}/{CARDS}/{name}" for name in sorted(pictures)]
            for name, path in zip(sorted(pictures), media, strict=True):
                files[path] = pictures[name].svg
            items.append((ident, [href, *media]))
    files["test.xml"] = assessment_test_xml(lesson, pools)
    files["imsmanifest.xml"] = manifest_xml(lesson, items)
    return files


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """A zip of the files: entries sorted by name, stored, with a fixed date and mode."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.create_system = 3  # Unix, whatever the machine
            info.external_attr = 0o100644 << 16
            z.writestr(info, files[name])
    return buf.getvalue()


def qti_package(lesson: Lesson, group: int | str | None = None) -> tuple[bytes, int]:
    """The lesson's QTI 2.1 content package as zip bytes, and how many questions it holds."""
    files = package_files(lesson, group)
    count = sum(1 for name in files if name.startswith(f"{ITEMS}/item-"))
    return zip_bytes(files), count
