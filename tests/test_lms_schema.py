"""The QTI export validates against the QTI 2.1 XML Schema (imsqti_v2p1p2.xsd, with lxml).

No package on PyPI or npm ships the QTI 2.1 schema, so it is read from where it was put:
``$CARDRULES_QTI21_XSD`` (the path of ``imsqti_v2p1p2.xsd``, with the schemas it imports
beside it as IMS publishes them: ``xsd/xml.xsd``, ``xsd/XInclude.xsd``,
``mathml2/mathml2.xsd``, ``xsd/apipv1p0_qtiextv2p1_v1p0.xsd``), or ``qti21/`` in the
shared folder beside the checkout.  Without it these tests are skipped, saying so; every
other check of the package (its manifest, its marking, its feedback) runs in
tests/test_lms_export.py and tests/test_lms_player.py.  The manifest's own schema (IMS
content packaging) is not checked here.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lxml import etree

from quizzes.model.registry import all_generators, get
from quizzes.teach import load_spec
from quizzes.teach.qti import qti_package
from tests.conftest import ROOT
from tests.lms import zip_files

BANCO = ROOT / "examples" / "punto-banco-in-20-minutes.toml"


def _xsd() -> Path | None:
    given = os.environ.get("CARDRULES_QTI21_XSD")
    for path in ([Path(given)] if given else []) + [
            ROOT.parent / "shared" / "qti21" / "imsqti_v2p1p2.xsd"]:
        if path.is_file():
            return path
    return None


XSD = _xsd()
pytestmark = pytest.mark.skipif(
    XSD is None, reason="the QTI 2.1 schema is not here: set CARDRULES_QTI21_XSD to "
    "imsqti_v2p1p2.xsd (IMS publishes it with the schemas it imports)")


@pytest.fixture(scope="module")
def schema() -> etree.XMLSchema:
    assert XSD is not None
    return etree.XMLSchema(etree.parse(str(XSD), etree.XMLParser(resolve_entities=False,
                                                                  no_network=True)))


def invalid(schema: etree.XMLSchema, files: dict[str, bytes]) -> dict[str, str]:
    """The QTI documents of a package that the schema refuses, with the first error."""
    bad = {}
    for name, data in files.items():
        qti = name.endswith(".xml") and name != "imsmanifest.xml"
        if qti and not schema.validate(etree.fromstring(data)):
            bad[name] = str(schema.error_log.last_error)
    return bad


def test_the_schema_is_strict(schema: etree.XMLSchema) -> None:
    """A check that can fail: an item whose feedback comes before its body is refused."""
    files = zip_files(qti_package(load_spec(BANCO))[0])
    item = etree.fromstring(files["items/item-1-1.xml"])
    body = item.find("{http://www.imsglobal.org/xsd/imsqti_v2p1}itemBody")
    item.remove(body)
    item.append(body)
    assert not schema.validate(item)


def test_the_lesson_package_validates(schema: etree.XMLSchema) -> None:
    files = zip_files(qti_package(load_spec(BANCO))[0])
    assert invalid(schema, files) == {}
    assert sum(n.endswith(".xml") for n in files) == 30  # 28 items, the test, the manifest


def _profiles() -> list[str]:
    return sorted({g.profile for g in all_generators()})


@pytest.mark.parametrize("profile", _profiles())
def test_every_game_validates(schema: etree.XMLSchema, tmp_path: Path, profile: str) -> None:
    gens = [g.id for g in all_generators() if g.profile == profile]
    spec = tmp_path / "all.toml"
    spec.write_text(f'title = "All <{profile}> & more"\nprofile = "{profile}"\n'
                    f'rules = ["{get(gens[0]).rule_ids[0]}"]\n'
                    + "".join(f'[[quizzes]]\ngenerator = "{g}"\ncount = 2\nseed = 5\n'
                              for g in gens), encoding="utf-8")
    files = zip_files(qti_package(load_spec(spec))[0])
    assert invalid(schema, files) == {}
