"""The book's Reference part, generated from the code: rules, house-rule options, quizzes, API.

Nothing here knows Sphinx.  :func:`pages` returns every page of the Reference as MyST
Markdown, keyed by its path under the book; the book extension (``book/_ext/cardref.py``)
writes them before the build reads the book.  Every list comes from a registry (the rule
catalog, the game registry, the profile types and shipped profiles, the quiz registry and a
walk over the packages), so a new rule, option, profile, generator or module appears in the
book without anyone writing it down.

>>> from cardrules.catalog import all_rules
>>> p = pages()
>>> all(any(f"`{r.id}`" in text for text in p.values()) for r in all_rules())
True
>>> "reference/api/cardrules.game.md" in p
True

Three roles of the book extension appear in the pages: ``{rule-where}`` (the chapter sections
whose ``{rule}`` box explains a rule, found while the book is read), and the standard
``{ref}`` and ``{py:func}``/``{py:class}``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from cardrules import catalog, game, profiles
from cardrules.catalog import Rule
from quizzes.model.registry import Generator, all_generators, bank
from quizzes.static.html import render_bank

#: The folder of the book that holds the generated pages (nothing in it is written by hand).
FOLDER = "reference"
#: The packages whose public modules the API pages document.
PACKAGES = ("cardrules", "quizzes")

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~$])")


def md_text(text: str) -> str:
    """Plain text made safe for a line of MyST Markdown (its markup characters escaped).

    >>> md_text("A *wild* card | [sic]")
    'A \\\\*wild\\\\* card \\\\| \\\\[sic\\\\]'
    """
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def label(kind: str, name: str) -> str:
    """The cross-reference label of a generated entry.

    >>> label("rule", "pontoon.buy.limits")
    'cardref-rule-pontoon-buy-limits'
    """
    return f"cardref-{kind}-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _ref(kind: str, name: str, text: str | None = None) -> str:
    return f"{{ref}}`{text or name} <{label(kind, name)}>`"


def _raw_html(html: str) -> str:
    return f"```{{raw}} html\n{html}\n```\n"


# -- the games -------------------------------------------------------------------------------
def game_title(name: str) -> str:
    """A game's name for readers, as the game declares it (:func:`cardrules.game.title_of`).

    >>> game_title("banco"), game_title("palace")
    ('Punto Banco', 'Palace Poker')
    """
    return game.title_of(name)


def rule_games() -> tuple[str, ...]:
    """Every name whose module declares rules and a profile, in the registry's order."""
    return game.rule_modules()


# -- tests named after rules -----------------------------------------------------------------
def named_tests(tests_dir: Path | None) -> tuple[str, ...]:
    """The names of the test functions in ``tests_dir/test_*.py`` (none without a folder)."""
    if tests_dir is None or not tests_dir.is_dir():
        return ()
    names: list[str] = []
    for path in sorted(tests_dir.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test_"
            ):
                names.append(node.name)
    return tuple(dict.fromkeys(names))


def rule_tests(r: Rule, names: Iterable[str]) -> tuple[str, ...]:
    """The test names that carry a rule's ``test_name`` as whole words.

    >>> r = catalog.rule("casino-pontoon.deal")
    >>> rule_tests(r, ["test_casino_pontoon_deal_order", "test_casino_pontoon_dealer_stands"])
    ('test_casino_pontoon_deal_order',)
    """
    pattern = re.compile(rf"(^|_){re.escape(r.test_name)}(_|$)")
    return tuple(n for n in names if pattern.search(n))


# -- the rule catalog ------------------------------------------------------------------------
def rule_entry(r: Rule, generators: Sequence[Generator], tests: Sequence[str]) -> str:
    """One rule of the catalog page: the box the chapters show, then where it is explained,
    asked and tested."""
    from quizzes.pages.parts import rule_block

    html, _anchor, _title = rule_block(r.id)
    quiz_links = ", ".join(_ref("quiz", g.id, g.id) for g in generators) or "none yet"
    test_list = ", ".join(f"`{t}`" for t in tests) or "none found"
    lines = [
        f"({label('rule', r.id)})=",
        f"## {md_text(r.title)}",
        "",
        f"`{r.id}`" + (" (an option or variant)" if r.option else ""),
        "",
        _raw_html(html),
        f"- **Explained in:** {{rule-where}}`{r.id}`",
        f"- **Quizzes:** {quiz_links}",
        f"- **Tests:** {test_list}",
        *house_lines(r),
        "",
    ]
    return "\n".join(lines)


def house_lines(r: Rule) -> list[str]:
    """How the shipped profiles that change a rule state it (the options it depends on,
    :func:`cardrules.catalog.house_options`, then one line per such profile).

    >>> house_lines(catalog.rule("pontoon.stick"))[0]
    '- **House rules:** it depends on `min_stick`; the shipped profiles that change it:'
    >>> house_lines(catalog.rule("banco.natural"))
    []
    """
    depends = catalog.house_options(r.id)
    if not depends:
        return []
    out = [f"- **House rules:** it depends on {', '.join(f'`{o}`' for o in depends)}; the "
           "shipped profiles that change it:"]
    for name, p in profiles_of(r.game):
        text, house = catalog.statement(r.id, p)
        if house:
            reading = catalog.house_reading(r.id, p)
            more = (f" *House reading:* {md_text(reading)}"
                    if reading and reading != r.house_reading else "")
            out.append(f"  - `{name}`: {md_text(text)}{more}")
    if len(out) == 1:
        out[0] = out[0].replace("; the shipped profiles that change it:",
                                " (no shipped profile changes it).")
    return out


def rules_page(name: str, names: Sequence[str] = ()) -> str:
    """The catalog page of one game: every rule with its id, title, statement, source,
    house reading, the chapter sections, the quiz generators and the tests (among ``names``,
    the test functions of the project)."""
    rules = catalog.rules_of(name)
    gens = all_generators()
    out = [
        f"# Rules: {md_text(game_title(name))}",
        "",
        f"The {len(rules)} rules of `{name}` in the catalog (`cardrules.catalog`), in the "
        f"order the game module `{game.module_name(name)}` declares them.",
        "",
    ]
    for r in rules:
        out.append(rule_entry(r, [g for g in gens if r.id in g.rule_ids], rule_tests(r, names)))
    return "\n".join(out)


# -- the sources and the house readings ------------------------------------------------------
def _link(title: str, url: str) -> str:
    return f"[{md_text(title)}](<{url}>)"


def sources_page() -> str:
    """The published originals the book follows, with their titles and web addresses:
    each game's rules page (``catalog.PUBLIC_SOURCES``, the link of every rule box) and the
    published figures the engine's exact results are checked against
    (``catalog.CHECKED_FIGURES``).

    >>> page = sources_page()
    >>> "https://www.pagat.com/fishing/casino.html" in page and "house-readings" in page
    True
    """
    out = [
        "# Sources",
        "",
        "Every rule in this book follows rules published where anyone can read them. The box "
        "of each rule in the chapters ends with a link to its game's page below. Where those "
        "pages leave a point open, the book settles it and says so: the "
        "{doc}`house readings <house-readings>` list each such choice with its reason.",
        "",
        "## The rules of each game",
        "",
        "| Game | Published rules | Rules in the book |",
        "|---|---|---|",
    ]
    for name in rule_games():
        title, url = catalog.PUBLIC_SOURCES[name]
        count = len(catalog.rules_of(name))
        out.append(f"| {md_text(game_title(name))} | {_link(title, url)} | "
                   f"{{doc}}`{count} rules <rules/{name}>` |")
    out += [
        "",
        "## Figures checked against published ones",
        "",
        "The engine works these figures out exactly, by going through every case, and the "
        "tests compare them with the published ones.",
        "",
        "| Game | What is checked | Published in |",
        "|---|---|---|",
    ]
    for name, what, title, url in catalog.CHECKED_FIGURES:
        out.append(f"| {md_text(game_title(name))} | {md_text(what)} | {_link(title, url)} |")
    return "\n".join(out) + "\n"


def house_readings_page() -> str:
    """Every house reading of the catalog, game by game: where the published rules are
    silent, loose or disagree, the reading the engine plays by, with its reason.

    >>> page = house_readings_page()
    >>> all(f"{{rule-where}}`{r.id}`" in page for r in catalog.all_rules() if r.house_reading)
    True
    >>> "`banco.natural`," in page
    False
    """
    readings = [r for r in catalog.all_rules() if r.house_reading]
    out = [
        "# House readings",
        "",
        "Published rules are written for people, and people fill gaps without noticing: who "
        "deals first, what happens when the pack runs out, whether a doubled hand gets its "
        "card at once. A rules engine cannot fill a gap by feel, so wherever the "
        "{doc}`sources <sources>` are silent, loose or disagree, the book makes a choice and "
        "writes it down. Each choice is a *house reading*: it is shown in the rule's box in "
        f"the chapters, and all {len(readings)} of them are gathered here, game by game, each "
        "with its reason.",
        "",
        "A table that plays another way can say so in its own house rules (see "
        "{doc}`the options <options>`).",
        "",
    ]
    for name in rule_games():
        mine = [r for r in readings if r.game == name]
        if not mine:
            continue
        out += [f"## {md_text(game_title(name))}", ""]
        for r in mine:
            out += [
                f"### {md_text(r.title)}",
                "",
                f"Explained in {{rule-where}}`{r.id}`.",
                "",
                f"**The rule.** {md_text(r.statement)}",
                "",
                f"**The reading.** {md_text(r.house_reading or '')}",
                "",
            ]
    return "\n".join(out)


# -- house-rule options ----------------------------------------------------------------------
def shown(value: Any) -> str:
    """An option's value as a profile file writes it.

    >>> shown(True), shown("pairs"), shown((8, 9)), shown("")
    ('true', '"pairs"', '[8, 9]', '""')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    return str(value)


def _cell(text: str) -> str:
    return md_text(text) if text else " "


def profiles_of(name: str) -> tuple[tuple[str, profiles.Profile], ...]:
    """The shipped profiles of a game, by name.

    >>> [n for n, _ in profiles_of("banco")]
    ['banco', 'punto-banco']
    """
    out = []
    for shipped in profiles.shipped_profiles():
        p = profiles.load_rules(shipped)
        if p.game == name:
            out.append((shipped, p))
    return tuple(out)


def options_page(name: str) -> str:
    """Every option of a game's profile (kind, allowed values, default, meaning) and the
    shipped profiles side by side."""
    cls = profiles.profile_type(name)
    opts = profiles.options(cls)
    out = [
        f"# House rules: {md_text(game_title(name))}",
        "",
        f"The options of `{cls.__module__}.{cls.__qualname__}`, the rules profile of `{name}`, "
        "as `cardrules profile show` lists them. A profile file sets them in TOML, with "
        f'`game = "{name}"`, and may start from a shipped one with `extends`.',
        "",
        "| Option | Kind | Allowed | Default | Meaning |",
        "|---|---|---|---|---|",
    ]
    for o in opts:
        out.append(f"| `{o.name}` | {_cell(o.kind)} | {_cell(o.allowed)} | "
                   f"`{shown(o.default)}` | {_cell(o.help)} |")
    shipped = profiles_of(name)
    out += ["", "## The shipped profiles", ""]
    if not shipped:
        out.append("No profile of this game is shipped.")
        return "\n".join(out) + "\n"
    out.append(f"The profiles in `conf/` for `{name}`; **bold** marks a value that differs "
               "from the option's default.")
    out.append("")
    out.append("| Option | " + " | ".join(f"`{n}`" for n, _ in shipped) + " |")
    out.append("|---|" + "---|" * len(shipped))
    for o in opts:
        cells = []
        for _n, p in shipped:
            value = getattr(p, o.name)
            text = md_text(shown(value)) if o.name in ("name", "description") else (
                f"`{shown(value)}`")
            differs = value != o.default and o.name not in ("name", "description")
            cells.append(f"**{text}**" if differs else text)
        out.append(f"| `{o.name}` | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


# -- quiz generators -------------------------------------------------------------------------
def sample_html(g: Generator, seed: int | str = 0) -> str:
    """One question of a generator as the book's static quiz shows it."""
    return render_bank(bank(g.id, count=1, seed=seed), title=g.title)


def quizzes_page(name: str) -> str:
    """Every quiz generator of a game: id, rules, kind, default profile and a sample."""
    gens = [g for g in all_generators() if g.game == name]
    out = [
        f"# Quizzes: {md_text(game_title(name))}",
        "",
        f"The {len(gens)} quiz generators of `{name}` in `quizzes.model.registry`. Each makes "
        "endless questions from a seed; the answer and the explanation come from the engine. "
        "`quiz(\"<id>\", count=8, seed=1)` asks them in a notebook, the `{quiz}` directive "
        "in a page.",
        "",
    ]
    for g in gens:
        rules = ", ".join(_ref("rule", r, r) for r in g.rule_ids)
        out += [
            f"({label('quiz', g.id)})=",
            f"## {md_text(g.title)}",
            "",
            f"- **Id:** `{g.id}`",
            f"- **Rules:** {rules}",
            f"- **Kind:** {md_text(g.kind.value)}",
            f"- **Default profile:** `{g.profile}`",
            "",
            "A sample question (seed 0):",
            "",
            _raw_html(sample_html(g)),
        ]
    return "\n".join(out)


# -- the Python API --------------------------------------------------------------------------
def api_modules(packages: Sequence[str] = PACKAGES) -> tuple[str, ...]:
    """The public modules of the packages, found by walking them (private ones skipped).

    >>> mods = api_modules()
    >>> "cardrules" in mods and "quizzes.model.registry" in mods
    True
    >>> any(part.startswith("_") for m in mods for part in m.split("."))
    False
    """
    found: list[str] = []
    for top in packages:
        pkg = importlib.import_module(top)
        found.append(top)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=f"{top}."):
            if any(part.startswith("_") for part in info.name.split(".")):
                continue
            found.append(info.name)
    return tuple(sorted(dict.fromkeys(found)))


@dataclass(frozen=True)
class Member:
    """A public function or class and the module whose page documents it."""

    name: str
    kind: str  # "function" or "class"
    home: str  # the module whose page documents it


def _public_names(mod: ModuleType) -> list[str]:
    exported = getattr(mod, "__all__", None)
    if exported is not None:
        # a private name a module re-exports for its tests is still private
        return [str(n) for n in exported if not str(n).startswith("_")]
    names = []
    for n, obj in vars(mod).items():
        if n.startswith("_") or not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue
        if getattr(obj, "__module__", None) == mod.__name__:
            names.append(n)
    return names


def _kind(obj: object) -> str | None:
    if inspect.isclass(obj):
        return "class"
    if inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return "function"
    return None


def api_members(modules: Sequence[str] | None = None) -> dict[str, list[Member]]:
    """For each module, its public functions and classes and where each is documented.

    An object is documented once, on the page of the module that defines it when that module
    is documented, otherwise on the first documented module that exports it; other modules
    that export it link there.

    >>> members = api_members()
    >>> [m.home for m in members["cardrules"] if m.name == "load_rules"]
    ['cardrules.profiles']
    """
    mods = list(modules or api_modules())
    documented = set(mods)
    objects: dict[str, list[tuple[str, object]]] = {}
    for name in mods:
        mod = importlib.import_module(name)
        found = []
        for n in _public_names(mod):
            obj = getattr(mod, n, None)
            if obj is not None and _kind(obj) is not None:
                found.append((n, obj))
        # in the order the module defines them (a module's namespace keeps that order)
        position = {n: i for i, n in enumerate(vars(mod))}
        found.sort(key=lambda item: (position.get(item[0], len(position)), item[0]))
        objects[name] = found
    homes: dict[int, str] = {}
    for name in mods:
        for _n, obj in objects[name]:
            own = getattr(obj, "__module__", None)
            if own in documented and _n in _public_names(importlib.import_module(own)):
                homes.setdefault(id(obj), own)
            else:
                homes.setdefault(id(obj), name)
    out: dict[str, list[Member]] = {}
    for name in mods:
        out[name] = [Member(n, _kind(obj) or "function", homes[id(obj)])
                     for n, obj in objects[name]]
    return out


def _first_line(mod: ModuleType) -> str:
    doc = inspect.getdoc(mod) or ""
    return " ".join(doc.split("\n\n")[0].split())


def api_page(name: str, members: Sequence[Member]) -> str:
    """The page of one module: its docstring, then each public function and class defined
    there (autodoc), and links to those it only re-exports."""
    own = [m for m in members if m.home == name]
    others = sorted((m for m in members if m.home != name), key=lambda m: m.name.lower())
    rst = [f".. automodule:: {name}", ""]
    for m in own:
        if m.kind == "class":
            rst += [f".. autoclass:: {name}.{m.name}", "   :members:", "   :undoc-members:",
                    "   :show-inheritance:", ""]
        else:
            rst += [f".. autofunction:: {name}.{m.name}", ""]
    # Kept out of the search index's full text (the API pages made it 400 KB); the objects'
    # names stay searchable (Sphinx indexes domain objects whatever ``nosearch`` says).
    out = ["---", "nosearch: true", "---", "", f"# `{name}`", "", "```{eval-rst}", *rst, "```",
           ""]
    if others:
        out += ["## Also available here", "",
                "These names are re-exported; each is documented where it is defined.", ""]
        role = {"class": "py:class", "function": "py:func"}
        out += [f"- {{{role[m.kind]}}}`{m.name} <{m.home}.{m.name}>`" for m in others]
        out.append("")
    return "\n".join(out)


# -- the index pages -------------------------------------------------------------------------
def _qualified(obj: Any) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def index_page() -> str:
    """The first page of the Reference: what it holds and how it is made."""
    from quizzes.live import notebook

    examples = [_qualified(catalog.all_rules), _qualified(profiles.load_rules),
                _qualified(game.names), _qualified(notebook.quiz)]
    n_rules = len(catalog.all_rules())
    n_gens = len(all_generators())
    n_mods = len(api_modules())
    role_lines = "\n".join(f"- {{py:func}}`{e}`" for e in examples)
    return f"""# Reference

Everything in this part is generated from the code each time the book is built, and nothing
in it is written by hand: a rule, option, profile, quiz or function added to the engine
appears here on the next build.

- {{doc}}`rules`: the {n_rules} rules of the catalog, one page per game, each with its
  statement, source and house reading, the chapter sections that explain it, the quizzes
  that ask it and the tests named after it.
- {{doc}}`options`: every house-rule option of every game, with its kind, allowed values,
  default and meaning, and the shipped profiles side by side.
- {{doc}}`quizzes`: the {n_gens} quiz generators, each with its rules, its kind and a sample
  question.
- {{doc}}`api`: the Python API of `cardrules` and `quizzes` ({n_mods} public modules), from
  their docstrings.

## Linking to the API from a page

Any page can link to a function or class of the API with the `py` roles, for example
`` {{py:func}}`cardrules.catalog.all_rules` ``, which gives:

{role_lines}

A short name works too when it is unique in the API (`` {{py:func}}`load_rules` ``:
{{py:func}}`load_rules`).

## The examples are tested

The examples shown in the API pages are the doctests of the modules. `make test` runs them
all (`pytest --doctest-modules` over `cardrules` and `quizzes`), so an example that no longer
matches what the engine does fails the suite before it reaches the book.
"""


def part_page(kind: str) -> str:
    """The page that opens one section of the Reference (rules, options, quizzes or api)."""
    if kind == "api":
        mods = api_modules()
        table = "\n".join(f"| {{doc}}`{m} <api/{m}>` | "
                          f"{md_text(_first_line(importlib.import_module(m)))} |" for m in mods)
        return ("# Python API\n\nThe public modules of `cardrules` (the engine, standard library "
                "only) and `quizzes` (the quiz layer), found by walking the packages. Each page "
                "shows the module's docstring and every public function and class defined there, "
                "with signatures, types, docstrings and examples.\n\n| Module | About |\n|---|---|\n"
                f"{table}\n")
    titles = {"rules": ("Rule catalog", "The rules of each game, with where each is explained, "
                        "asked and tested."),
              "options": ("House-rule options", "The options of each game's rules profile and "
                          "the shipped profiles."),
              "quizzes": ("Quiz generators", "The quiz generators of each game, each with a "
                          "sample question.")}
    title, about = titles[kind]
    rows = []
    for name in rule_games():
        if kind == "rules":
            count = f"{len(catalog.rules_of(name))} rules"
        elif kind == "options":
            count = (f"{len(profiles.options(profiles.profile_type(name)))} options, "
                     f"{len(profiles_of(name))} shipped profiles")
        else:
            gens = [g for g in all_generators() if g.game == name]
            if not gens:
                continue
            count = f"{len(gens)} generators"
        rows.append(f"| {{doc}}`{md_text(game_title(name))} <{kind}/{name}>` | `{name}` | "
                    f"{count} |")
    return (f"# {title}\n\n{about}\n\n| Game | Id | |\n|---|---|---|\n" + "\n".join(rows) + "\n")


def pages(tests_dir: Path | None = None) -> dict[str, str]:
    """Every page of the Reference, keyed by its path in the book (``reference/...md``)."""
    out: dict[str, str] = {f"{FOLDER}/index.md": index_page(),
                           f"{FOLDER}/sources.md": sources_page(),
                           f"{FOLDER}/house-readings.md": house_readings_page()}
    for kind in ("rules", "options", "quizzes", "api"):
        out[f"{FOLDER}/{kind}.md"] = part_page(kind)
    quiz_games = {g.game for g in all_generators()}
    names = named_tests(tests_dir)
    for name in rule_games():
        out[f"{FOLDER}/rules/{name}.md"] = rules_page(name, names)
        out[f"{FOLDER}/options/{name}.md"] = options_page(name)
        if name in quiz_games:
            out[f"{FOLDER}/quizzes/{name}.md"] = quizzes_page(name)
    members = api_members()
    for mod, ms in members.items():
        out[f"{FOLDER}/api/{mod}.md"] = api_page(mod, ms)
    return out


def write_pages(book: Path, tests_dir: Path | None = None) -> list[Path]:
    """Write the Reference into ``book/reference``: a page is rewritten only when its text
    changed (so an incremental build rereads only what changed), and a page the code no
    longer makes is removed.  Returns the pages written."""
    from quizzes.teach.files import write_changed  # every file is written the one safe way

    root = book / FOLDER
    wanted = {book / rel: text for rel, text in pages(tests_dir).items()}
    written = write_changed(wanted)
    if root.is_dir():
        for stale in root.rglob("*.md"):
            if stale not in wanted:
                stale.unlink()
    return written


def rule_of_anchor(anchor: str) -> str | None:
    """The rule id whose ``{rule}`` box carries this HTML id, or None.

    >>> rule_of_anchor("rule-pontoon-buy-limits"), rule_of_anchor("the-deal")
    ('pontoon.buy.limits', None)
    """
    from quizzes.pages.parts import rule_anchor

    if not anchor.startswith("rule-"):
        return None
    return next((r.id for r in catalog.all_rules() if rule_anchor(r.id) == anchor), None)
