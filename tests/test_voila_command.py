"""The class's live quiz has one command, the same in the Makefile, the README, the chapter
"For teachers" and the app itself; and its page template asks no CDN for anything."""

from __future__ import annotations

import json
import re

from tests.conftest import BOOK, ROOT

COMMAND = "cd apps && JUPYTER_PATH=jupyter voila live-quiz.ipynb"
TEMPLATE = ROOT / "apps/jupyter/voila/templates/cardrules"


def test_make_voila_runs_the_documented_command() -> None:
    recipe = re.search(r"^voila:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M)
    assert recipe is not None
    assert recipe.group(1).strip() == COMMAND.replace("voila ", "../$(VENV)/bin/voila ", 1)


def test_readme_chapter_and_app_give_the_same_command() -> None:
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert COMMAND in readme and "`make voila`" in readme
    chapter = " ".join((BOOK / "teachers.md").read_text().split())
    assert COMMAND in chapter
    nb = json.loads((ROOT / "apps/live-quiz.ipynb").read_text())
    intro = " ".join("".join(nb["cells"][0]["source"]).split())
    assert COMMAND in intro and "`make voila`" in intro
    assert "--Voila.ip" not in intro  # the old, second command


def test_the_app_uses_the_offline_template() -> None:
    config = json.loads((ROOT / "apps/voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "cardrules"
    assert json.loads((TEMPLATE / "conf.json").read_text()) == {"base_template": "lab"}
    page = (TEMPLATE / "index.html.j2").read_text()
    # the two stylesheets Voila's lab template asks a CDN for are taken out
    assert page.count("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/") == 2
    assert page.count("| replace(") == 2


def test_the_links_taken_out_are_those_of_the_installed_voila() -> None:
    """A Voila that changes its links would bring the CDN back; the browser test would see it,
    and this says where."""
    from voila import paths  # a test dependency: the page template must match it

    lab = next((ROOT / p / "lab/index.html.j2" for p in paths.collect_template_paths(
        ["voila"], "lab") if (ROOT / p / "lab/index.html.j2").is_file()), None)
    assert lab is not None, "Voila's lab template is not installed"
    ours = (TEMPLATE / "index.html.j2").read_text()
    links = re.findall(r"<link [^>]*fontawesome[^>]*>", lab.read_text())
    assert len(links) == 2 and all(f"replace('{link}'" in ours for link in links)
