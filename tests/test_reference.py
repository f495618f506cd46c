"""The Reference part of the book is complete: every rule, option, quiz generator and public
function appears on its page, checked against the registries themselves.  And every chapter
and lesson offers its notebook for download."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from cardrules import catalog, game, profiles
from quizzes.model.registry import all_generators
from quizzes.pages import reference
from quizzes.pages.parts import rule_anchor
from tests.browser import assert_clean, watch
from tests.conftest import BOOK, ROOT
from tests.support import page_payloads
from tests.test_notebooks import NOTEBOOKS, toc_pages

REF = reference.FOLDER


# -- the generated pages, before any build ---------------------------------------------------
@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return reference.pages(ROOT / "tests")


def test_reference_pages_hold_every_rule_option_generator_and_module(pages: dict[str, str]
                                                                    ) -> None:
    for r in catalog.all_rules():
        page = pages[f"{REF}/rules/{r.game}.md"]
        assert f"`{r.id}`" in page and f"{{rule-where}}`{r.id}`" in page, r.id
    for name in game.rule_modules():
        page = pages[f"{REF}/options/{name}.md"]
        for o in profiles.options(profiles.profile_type(name)):
            assert f"| `{o.name}` |" in page, f"{name}: option {o.name}"
    for g in all_generators():
        assert f"- **Id:** `{g.id}`" in pages[f"{REF}/quizzes/{g.game}.md"], g.id
    for mod in reference.api_modules():
        assert f".. automodule:: {mod}" in pages[f"{REF}/api/{mod}.md"]


def test_reference_toc_lists_every_generated_page_in_the_books_game_order(
        pages: dict[str, str]) -> None:
    """The sidebar lists the generated pages game by game in the registry's order (not in
    the alphabetical order of a glob); only the API pages are globbed."""
    import yaml

    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    listed = re.findall(r"- file: (reference/\S+)", toc)
    wanted = [p.removesuffix(".md") for p in pages if not p.startswith(f"{REF}/api/")]
    assert sorted(listed) == sorted(wanted)
    for kind in ("rules", "options", "quizzes"):
        order = [p.rsplit("/", 1)[1] for p in listed if p.startswith(f"{REF}/{kind}/")]
        assert order == [g for g in game.rule_modules() if f"{REF}/{kind}/{g}.md" in pages]
    assert "glob: reference/api/*" in toc
    assert yaml.safe_load(toc)["root"]


def test_reference_sources_and_house_readings_come_from_the_catalog(pages: dict[str, str]
                                                                   ) -> None:
    sources = pages[f"{REF}/sources.md"]
    for name in game.rule_modules():
        title, url = catalog.PUBLIC_SOURCES[name]
        assert f"[{reference.md_text(title)}](<{url}>)" in sources, name
    for _game, _what, title, url in catalog.CHECKED_FIGURES:
        assert url in sources and reference.md_text(title) in sources
    readings = pages[f"{REF}/house-readings.md"]
    for r in catalog.all_rules():
        if r.house_reading:
            assert f"**The reading.** {reference.md_text(r.house_reading)}" in readings, r.id
            assert f"{{rule-where}}`{r.id}`" in readings
        else:
            assert f"`{r.id}`" not in readings, r.id


def test_reference_every_public_object_is_documented_once() -> None:
    members = reference.api_members()
    homes: dict[tuple[str, str], str] = {}
    for module, ms in members.items():
        for m in ms:
            assert m.home in members, f"{module}.{m.name} is documented on no page"
            homes.setdefault((m.home, m.name), module)
    page_directives = [line for mod, ms in members.items()
                       for line in reference.api_page(mod, ms).splitlines()
                       if line.startswith((".. autofunction::", ".. autoclass::"))]
    assert len(page_directives) == len(set(page_directives)) == len(homes)


def test_reference_tests_of_a_rule_are_whole_words() -> None:
    r = catalog.rule("banco.natural")
    names = reference.named_tests(ROOT / "tests")
    found = reference.rule_tests(r, names)
    assert found and all(r.test_name in n for n in found)
    assert reference.named_tests(None) == ()


def test_reference_write_pages_rewrites_only_what_changed(tmp_path: Path) -> None:
    stale = tmp_path / REF / "api" / "cardrules.gone.md"
    stale.parent.mkdir(parents=True)
    stale.write_text("# gone\n", encoding="utf-8")
    first = reference.write_pages(tmp_path)
    assert first and not stale.exists()
    assert reference.write_pages(tmp_path) == []


# -- the built book --------------------------------------------------------------------------
def _text(path: Path) -> str:
    assert path.is_file(), f"{path} was not built"
    return path.read_text(encoding="utf-8")


@pytest.mark.browser
def test_reference_built_rule_pages_link_every_rule_to_its_chapter(built_book: Path) -> None:
    for name in catalog.games():
        page = _text(built_book / REF / "rules" / f"{name}.html")
        for r in catalog.rules_of(name):
            # the Reference names each rule by its id (the rule box itself, by its title)
            assert f'<span class="pre">{html.escape(r.id)}</span>' in page, r.id
            assert f'data-cr-rule="{html.escape(r.id)}"' in page, r.id
            links = re.findall(rf'href="([^"#]+)#{rule_anchor(r.id)}"', page)
            assert links, f"{r.id}: no link to the section that explains it"
            for href in links:
                target = (built_book / REF / "rules" / href).resolve()
                assert f'id="{rule_anchor(r.id)}"' in _text(target), f"{r.id}: {href}"


@pytest.mark.browser
def test_reference_built_option_pages_show_every_option(built_book: Path) -> None:
    for name in game.rule_modules():
        page = _text(built_book / REF / "options" / f"{name}.html")
        for o in profiles.options(profiles.profile_type(name)):
            assert f'<span class="pre">{o.name}</span>' in page, f"{name}: {o.name}"
        for shipped, _p in reference.profiles_of(name):
            assert f'<span class="pre">{shipped}</span>' in page, f"{name}: profile {shipped}"


@pytest.mark.browser
def test_reference_built_quiz_pages_show_every_generator_with_a_sample(built_book: Path) -> None:
    for g in all_generators():
        page = _text(built_book / REF / "quizzes" / f"{g.game}.html")
        assert f'<span class="pre">{g.id}</span>' in page, g.id
        samples = page_payloads(page)
        assert any(str(q.get("id", "")).split("#")[0] == g.id for q in samples), \
            f"{g.id}: no sample question"


@pytest.mark.browser
def test_reference_built_api_pages_show_every_public_function(built_book: Path) -> None:
    for module, members in reference.api_members().items():
        page = _text(built_book / REF / "api" / f"{module}.html")
        for m in members:
            home = page if m.home == module else _text(built_book / REF / "api" /
                                                       f"{m.home}.html")
            assert f'id="{m.home}.{m.name}"' in home, f"{module}.{m.name} ({m.home})"
    index = _text(built_book / REF / "index.html")
    assert index.count('class="reference internal"') > 4
    assert 'href="api/cardrules.profiles.html#cardrules.profiles.load_rules"' in index


def test_reference_every_game_chapter_links_its_engine_into_the_api(built_book: Path) -> None:
    """Each game's chapter links its engine module, and a function it introduces, into the
    Python API pages (``{py:mod}``/``{py:func}`` roles, resolved without intersphinx)."""
    chapters = {"banco": "punto-banco", "pontoon": "pontoon", "casino-pontoon": "casino-pontoon",
                "casino": "casino", "palace": "palace-poker"}
    assert set(chapters) == set(game.names())
    for name, chapter in chapters.items():
        built = _text(built_book / f"{chapter}.html")
        module = game.module_name(name)
        assert f'href="{REF}/api/{module}.html#module-{module}"' in built, (chapter, module)
    for chapter, function in (("punto-banco", r"cardrules\.banco\.[a-z_.]*exact_odds"),
                              ("pontoon", r"cardrules\.pontoon\.[a-z_.]*buy_range")):
        link = rf'href="{REF}/api/[a-z_.]+\.html#{function}"'
        assert re.search(link, _text(built_book / f"{chapter}.html")), (chapter, function)


@pytest.mark.browser
def test_reference_every_chapter_and_lesson_offers_its_notebook_and_source(built_book: Path
                                                                          ) -> None:
    lessons = [p for p in toc_pages() if p.parent.name == "lessons"]
    for page in [*NOTEBOOKS, *lessons]:
        doc = page.relative_to(BOOK).with_suffix("")
        built = _text(built_book / doc.with_suffix(".html"))
        assert f"_sources/{doc.as_posix()}.ipynb" in built, f"{doc}: no .ipynb download"
        assert f"_sources/{doc.as_posix()}{page.suffix}" in built, f"{doc}: no source download"
        nb = nbformat.read(built_book / "_sources" / f"{doc.as_posix()}.ipynb", as_version=4)
        nbformat.validate(nb)


@pytest.mark.browser
def test_browser_downloads_a_chapter_notebook_that_imports_the_engine(browser: Any,
                                                                      site: str) -> None:
    chapter = next(p for p in NOTEBOOKS if "cardrules" in p.read_text(encoding="utf-8"))
    doc = chapter.relative_to(BOOK).with_suffix("").as_posix()
    ctx = browser.new_context()
    page = ctx.new_page()
    w = watch(page)
    page.goto(f"{site}/{doc}.html")
    page.wait_for_load_state("networkidle")
    link = page.locator('a[href$=".ipynb"]').first
    href = link.get_attribute("href")
    assert href and href.endswith(f"_sources/{doc}.ipynb")
    response = ctx.request.get(page.url.rsplit("/", 1)[0] + "/" + href)
    assert response.ok
    nb = nbformat.reads(response.text(), as_version=4)
    nbformat.validate(nb)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert re.search(r"^\s*(from|import) cardrules\b", code, re.M), "the notebook never imports cardrules"
    assert nb.metadata.get("kernelspec", {}).get("language") == "python"
    assert_clean(w)
    ctx.close()
