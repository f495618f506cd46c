"""The book's Reference part and take-home notebooks: a thin Sphinx adapter.

- Before the book is read, the pages of ``reference/`` are written from the code by
  :func:`quizzes.pages.reference.write_pages` (the rule catalog, the house-rule options, the quiz
  generators and the API pages for autodoc).  Nothing in ``book/reference`` is written by
  hand.
- ``{rule-where}`rule.id``` lists links to every section whose ``{rule}`` box explains
  the rule; the boxes are found while the book is read, so the chapters stay as they are.
- ``{py:func}`` and the other ``py`` roles resolve a short name when it is unique in the
  API, and show names from the standard library and third-party packages as plain code
  (there is no intersphinx: the book fetches nothing).
- Every page that is a notebook (executed by MyST-NB), or has a notebook beside its
  Markdown (the lessons), offers that ``.ipynb`` in the theme's download button.
"""

from __future__ import annotations

import importlib.util
import shutil
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.domains.python import PythonDomain
from sphinx.environment import BuildEnvironment
from sphinx.ext.autodoc import AttributeDocumenter, DataDocumenter, Options
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole
from sphinx.util.typing import ExtensionMetadata

from quizzes.pages import reference

logger = logging.getLogger(__name__)


# -- the generated pages ---------------------------------------------------------------------
def _write_reference(app: Sphinx) -> None:
    book = Path(app.srcdir)
    toc = book / "_toc.yml"
    if toc.is_file() and f"{reference.FOLDER}/" not in toc.read_text(encoding="utf-8"):
        # a book without the Reference part (a teacher's class book): write nothing, since
        # Jupyter Book has listed the pages it leaves out before this runs
        return
    written = reference.write_pages(book, tests_dir=book.parent / "tests")
    if written:
        logger.info(f"[cardref] wrote {len(written)} reference pages")


# -- autodoc that leaves the documented objects as they are ----------------------------------
# autodoc's attribute and data documenters write the annotations they read from the source
# (base classes' included) into the class's or module's ``__annotations__``; a profile class
# then names ``ClassVar`` in a module that never imported it, and ``typing.get_type_hints``,
# which the engine calls to load profiles, fails for the rest of the build.  The engine's
# annotations are real ones, so nothing is lost by leaving them alone.
class _AttributeDocumenter(AttributeDocumenter):
    def update_annotations(self, parent: Any) -> None:
        return None


class _DataDocumenter(DataDocumenter):
    def update_annotations(self, parent: Any) -> None:
        return None


# napoleon reads the first line of an attribute's or property's docstring as "type: text",
# so "Chips are conserved: what some win..." would become a type.  The engine writes those
# docstrings as plain sentences: napoleon formats functions and classes, and attributes and
# properties keep their docstrings as written.
_ATTRIBUTE_DOCS: dict[str, list[str]] = {}


def _keep_attribute_doc(app: Sphinx, what: str, name: str, obj: object, options: Options,
                        lines: list[str]) -> None:
    if what in ("attribute", "property"):
        _ATTRIBUTE_DOCS[name] = list(lines)


def _restore_attribute_doc(app: Sphinx, what: str, name: str, obj: object, options: Options,
                           lines: list[str]) -> None:
    if what in ("attribute", "property") and name in _ATTRIBUTE_DOCS:
        lines[:] = _ATTRIBUTE_DOCS.pop(name)


# -- where each rule is explained ------------------------------------------------------------
class rule_where(nodes.Inline, nodes.Element):
    """Placeholder for the links to the sections that explain a rule."""


class RuleWhereRole(SphinxRole):
    """``{rule-where}`rule.id```: a placeholder, resolved once every page is read."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        """The placeholder node for the rule id."""
        node = rule_where(rule_id=self.text.strip())
        self.set_source_info(node)
        return [node], []


def _locations(env: BuildEnvironment) -> dict[str, list[tuple[str, str, str]]]:
    """rule id -> [(docname, anchor, link text)], kept in the environment."""
    found: dict[str, list[tuple[str, str, str]]] | None = getattr(env, "cardref_rules", None)
    if found is None:
        found = {}
        # kept on the environment, which Sphinx pickles between builds and merges after a
        # parallel read (_merge); Sphinx declares no such attribute
        env.cardref_rules = found  # type: ignore[attr-defined]
    return found


def _collect_rules(app: Sphinx, doctree: nodes.document) -> None:
    """Find the ``{rule}`` boxes of a page, and make sure each keeps its HTML id.

    The box's target is empty, so docutils moves its id onto the next node, the box's raw
    HTML, and the HTML writer drops the ids of a raw node without classes; a class makes it
    wrap the box in a ``div`` that carries the id.
    """
    env = app.env
    docname = env.docname
    first = next(iter(doctree.findall(nodes.title)), None)
    page_title = first.astext() if first is not None else docname
    found = _locations(env)
    for node in doctree.findall(nodes.Element):
        ids: list[str] = node.get("ids", [])
        for anchor in ids:
            rule_id = reference.rule_of_anchor(anchor)
            if rule_id is None:
                continue
            if isinstance(node, nodes.raw) and not node.get("classes"):
                node["classes"] = ["cr-rule-anchor"]
            section = node.parent
            while section is not None and not isinstance(section, nodes.section):
                section = section.parent
            title = section[0].astext() if section is not None and len(section) else ""
            text = page_title if not title or title == page_title else f"{page_title} › {title}"
            found.setdefault(rule_id, []).append((docname, anchor, text))


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    found = _locations(env)
    for rule_id in list(found):
        found[rule_id] = [loc for loc in found[rule_id] if loc[0] != docname]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str],
           other: BuildEnvironment) -> None:
    found = _locations(env)
    for rule_id, locs in _locations(other).items():
        found.setdefault(rule_id, []).extend(loc for loc in locs if loc[0] in docnames)


def _toc_order(env: BuildEnvironment) -> list[str]:
    site_map = getattr(env, "external_site_map", None)
    return list(site_map) if site_map is not None else sorted(env.found_docs)


def _resolve_rule_where(app: Sphinx, doctree: nodes.document, fromdocname: str) -> None:
    order = {d: i for i, d in enumerate(_toc_order(app.env))}
    found = _locations(app.env)
    for node in list(doctree.findall(rule_where)):
        rule_id = node["rule_id"]
        locs = sorted(found.get(rule_id, []), key=lambda loc: (order.get(loc[0], 10**6), loc))
        if not locs:
            logger.warning(f"{{rule-where}} {rule_id}: no page of the book has a "
                           f"{{rule}} {rule_id} box", location=node)
            node.replace_self(nodes.literal(rule_id, rule_id))
            continue
        out = nodes.inline(classes=["cr-rule-where"])
        for i, (docname, anchor, text) in enumerate(locs):
            if i:
                out += nodes.Text("; ")
            uri = app.builder.get_relative_uri(fromdocname, docname) + "#" + anchor
            out += nodes.reference(text, text, internal=True, refuri=uri)
        node.replace_self(out)


# -- py roles without intersphinx ------------------------------------------------------------
def _resolve_py(app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref,
                contnode: nodes.Element) -> nodes.Element | None:
    if node.get("refdomain") != "py":
        return None
    target = str(node.get("reftarget", "")).lstrip("~.")
    if not target:
        return None
    domain = env.get_domain("py")
    if not isinstance(domain, PythonDomain):
        return None
    module = node.get("py:module")
    matches = _inherited(domain.objects, target, module, node.get("py:class"))
    found = None if matches else _by_import(target, module, node.get("py:class"))
    if found is not None:
        if found not in domain.objects:
            return contnode  # a private helper, or a module's own detail: plain code
        matches = [found]
    ending = _by_ending(app, domain.objects)
    matches = matches or list(ending.get(target, ()))
    if not matches and target.startswith(reference.PACKAGES):
        # a name of this API reached through another module (a re-export): its last part
        matches = list(ending.get(target.rsplit(".", 1)[-1], ()))
    if len(matches) == 1:
        return domain.resolve_xref(
            env, node.get("refdoc", ""), app.builder, node.get("reftype", "obj"), matches[0],
            node, contnode)
    top = target.split(".", 1)[0]
    if top not in reference.PACKAGES and "." in target and importlib.util.find_spec(top):
        return contnode  # the standard library or a third-party package: plain code
    if target.rsplit(".", 1)[-1] in typing.__all__:
        return contnode  # ``t.Any`` where a module imports typing as t
    if _is_type_variable(target, node.get("py:module")):
        return contnode  # a TypeVar or ParamSpec of a signature: documented by its use
    return None


_MISSING = object()


def names_by_ending(names: Iterable[str]) -> dict[str, list[str]]:
    """The dotted names by each ending they have after a dot (``DealState.phase`` and
    ``phase`` for ``cardrules.pontoon.DealState.phase``), each list in the names' order:
    the names that end with ``"." + target``, for each target at once.

    >>> names_by_ending(["a.b.c", "x.c"])["c"], names_by_ending(["a.b.c"])["b.c"]
    (['a.b.c', 'x.c'], ['a.b.c'])
    """
    out: dict[str, list[str]] = {}
    for name in names:
        parts = name.split(".")
        for cut in range(1, len(parts)):
            out.setdefault(".".join(parts[cut:]), []).append(name)
    return out


def _by_ending(app: Sphinx, objects: Mapping[str, object]) -> dict[str, list[str]]:
    """:func:`names_by_ending` of the Python domain's objects, made once while the pages
    are written (the objects are all read by then)."""
    key = (id(objects), len(objects))
    kept: tuple[tuple[int, int], dict[str, list[str]]] | None = getattr(
        app, "_cardref_endings", None)
    if kept is None or kept[0] != key:
        kept = (key, names_by_ending(objects))
        app._cardref_endings = kept  # type: ignore[attr-defined]  # for this build only
    return kept[1]


def _by_import(target: str, module: str | None, cls: str | None = None) -> str | None:
    """The documented name of what ``target`` means where it is written: a name seen from
    the docstring's module, or from that module's package (where a game's package
    re-exports its parts), or else an absolute dotted name.  None if Python finds no such
    object."""
    places = []
    if module and cls:
        places.append(f"{module}.{cls}")  # a method named in its class's docstrings
    if module:
        places.append(module)
        if "." in module:
            places.append(module.rsplit(".", 1)[0])
    for place in [*places, ""]:
        path = f"{place}.{target}" if place else target
        obj = _import_path(path)
        if obj is _MISSING:
            continue
        if isinstance(obj, types.ModuleType):
            return obj.__name__
        owner, name = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        if isinstance(owner, str) and isinstance(name, str):
            return f"{owner}.{name}"
        return path
    return None


def _import_path(path: str) -> object:
    """The object a dotted path names (its longest importable module, then attributes)."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        except Exception:  # a module that fails to import names nothing here
            return _MISSING
        for attr in parts[cut:]:
            obj = getattr(obj, attr, _MISSING)
            if obj is _MISSING:
                return _MISSING
        return obj
    return _MISSING


def _inherited(objects: Mapping[str, object], target: str, module: str | None, cls: str | None) -> list[str]:
    """A member named in a docstring a class inherits: look it up along the class's MRO."""
    if not module or not cls or "." in target:
        return []
    obj: Any = importlib.import_module(module)
    for part in cls.split("."):
        obj = getattr(obj, part, None)
    for base in getattr(obj, "__mro__", ()):
        name = f"{base.__module__}.{base.__qualname__}.{target}"
        if name in objects:
            return [name]
    return []


def _is_type_variable(target: str, module: str | None) -> bool:
    candidates = [target] + ([f"{module}.{target}"] if module else [])
    for name in candidates:
        if "." not in name:
            continue
        mod_name, attr = name.rsplit(".", 1)
        try:
            obj = getattr(importlib.import_module(mod_name), attr, None)
        except ImportError:
            continue
        if isinstance(obj, typing.TypeVar | typing.ParamSpec):
            return True
    return False


# -- take-home notebooks ---------------------------------------------------------------------
def _offer_notebook(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                    doctree: nodes.document | None) -> None:
    if doctree is None or not context.get("page_source_suffix") or app.builder.format != "html":
        return
    if context.get("page_source_suffix") == ".ipynb":
        return  # the source button already gives the notebook
    outdir = Path(app.outdir)
    executed = outdir.parent / "jupyter_execute" / f"{pagename}.ipynb"
    beside = Path(app.srcdir) / f"{pagename}.ipynb"
    source = executed if executed.is_file() else beside if beside.is_file() else None
    if source is None:
        return
    dest = outdir / "_sources" / f"{pagename}.ipynb"
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, dest)
    context["ipynb_source"] = f"{pagename}.ipynb"


def pairs(entries: object) -> set[tuple[str, str]]:
    """``nitpick_ignore`` entries as Sphinx compares them, (type, target) tuples: the book's
    YAML config can only write them as lists.

    >>> sorted(pairs([["py:class", "A"], ("py:class", "S")]))
    [('py:class', 'A'), ('py:class', 'S')]
    """
    out: set[tuple[str, str]] = set()
    for entry in entries if isinstance(entries, (list, tuple, set)) else ():
        kind, target = entry
        out.add((str(kind), str(target)))
    return out


def _nitpick_pairs(app: Sphinx, config: Config) -> None:
    config.nitpick_ignore = pairs(config.nitpick_ignore)


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the Reference writer, autodoc's fixes, ``{rule-where}`` and the py roles."""
    app.connect("config-inited", _nitpick_pairs)
    app.setup_extension("sphinx.ext.autodoc")
    app.setup_extension("sphinx.ext.napoleon")
    app.add_autodocumenter(_AttributeDocumenter, override=True)
    app.add_autodocumenter(_DataDocumenter, override=True)
    app.connect("autodoc-process-docstring", _keep_attribute_doc, priority=100)
    app.connect("autodoc-process-docstring", _restore_attribute_doc, priority=900)
    app.add_node(rule_where)
    app.add_role("rule-where", RuleWhereRole())
    app.connect("builder-inited", _write_reference, priority=100)
    app.connect("doctree-read", _collect_rules)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("doctree-resolved", _resolve_rule_where)
    app.connect("missing-reference", _resolve_py)
    # before sphinx-book-theme's header buttons (priority 501) read ``ipynb_source``
    app.connect("html-page-context", _offer_notebook, priority=500)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}
