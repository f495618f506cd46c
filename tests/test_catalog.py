"""The rule catalog is complete: every rule has a book entry, a quiz generator and a test."""

from __future__ import annotations

import ast
import re

import pytest

from cardrules import catalog
from cardrules.errors import UnknownRule
from quizzes.model.registry import all_generators
from tests.conftest import BOOK, ROOT

# The bracketed rule ids of the rules specification (../shared/RULES.md), copied here so the
# check does not depend on a file outside the repository.
SPEC_IDS = (
    "pontoon.hands.rank", "pontoon.ties", "pontoon.deal", "pontoon.banker-pontoon", "pontoon.declare",
    "pontoon.split", "pontoon.buy.limits", "pontoon.twist", "pontoon.stick", "pontoon.bust",
    "pontoon.five-cards", "pontoon.banker-play", "pontoon.settle", "pontoon.next-deal",
    "pontoon.next-banker", "pontoon.shoot", "casino-pontoon.deal", "casino-pontoon.insurance",
    "casino-pontoon.stand", "casino-pontoon.hit", "casino-pontoon.double", "casino-pontoon.split",
    "casino-pontoon.pontoon", "casino-pontoon.bust", "casino-pontoon.dealer", "casino-pontoon.rank",
    "casino-pontoon.payouts", "banco.deal", "banco.natural", "banco.player-draw", "banco.third-card",
    "banco.result", "banco.payouts", "banco.social", "casino.deal", "casino.capture.face",
    "casino.capture.numeral", "casino.build", "casino.build.capture", "casino.build.add",
    "casino.build.increase", "casino.build.owner", "casino.trail", "casino.residue", "casino.score",
    "casino.royal", "palace.first-dealer", "palace.banner", "palace.palace", "palace.turn",
    "palace.buy", "palace.discard", "palace.battle", "palace.battle.fold", "palace.battle.call",
    "palace.battle.tie", "palace.battle.raise", "palace.stay", "palace.end",
)


def _book_rule_entries() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    pattern = re.compile(r"^```\{rule\}\s+(\S+)", re.M)
    for page in BOOK.rglob("*.md"):
        if "_build" in page.parts:
            continue
        for rule_id in pattern.findall(page.read_text(encoding="utf-8")):
            found.setdefault(rule_id, []).append(page.name)
    return found


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
                "test_"
            ):
                names.add(node.name)
    return names


def test_catalog_every_rule_is_complete() -> None:
    for r in catalog.all_rules():
        assert r.id and r.title.strip() and r.statement.strip() and r.source.strip(), r
        assert r.id.split(".")[0] == r.game, f"{r.id} is filed under {r.game}"
        assert re.fullmatch(r"[a-z][a-z0-9-]*(\.[a-z0-9-]+)+", r.id), f"bad id {r.id!r}"


@pytest.mark.parametrize("rule_id", SPEC_IDS)
def test_catalog_holds_every_spec_rule(rule_id: str) -> None:
    assert rule_id in catalog.rule_ids(), f"{rule_id} from RULES.md is not in the catalog"


def test_catalog_every_rule_is_explained_in_the_book() -> None:
    entries = _book_rule_entries()
    missing = [r.id for r in catalog.all_rules() if r.id not in entries]
    assert not missing, f"rules with no {{rule}} entry in the book: {missing}"
    unknown = [rid for rid in entries if rid not in catalog.rule_ids()]
    assert not unknown, f"book entries for unknown rule ids: {unknown}"


def test_catalog_every_rule_has_a_quiz_generator() -> None:
    covered = {rid for g in all_generators() for rid in g.rule_ids}
    missing = [r.id for r in catalog.all_rules() if r.id not in covered]
    assert not missing, f"rules with no quiz generator: {missing}"
    unknown = sorted(covered - set(catalog.rule_ids()))
    assert not unknown, f"generators cite unknown rule ids: {unknown}"


def test_catalog_every_rule_has_a_named_test() -> None:
    names = _test_names()
    missing = [r.id for r in catalog.all_rules() if not any(r.test_name in n for n in names)]
    assert not missing, f"rules with no test named after them: {missing}"


def test_catalog_unknown_id_suggests_the_nearest() -> None:
    with pytest.raises(UnknownRule) as err:
        catalog.rule("banco.thrid-card")
    assert "did you mean banco.third-card?" in str(err.value)
