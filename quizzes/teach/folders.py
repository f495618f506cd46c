"""Where house-rule profiles may be read from.

The live quiz (Voilà) and the ``cardrules`` command read a profile by a shipped name, or
from a ``.toml`` file in one of these folders, and refuse any other path with one message,
whether or not the file exists:

- ``examples/`` of the project;
- the folders listed in ``apps/voila.json`` under ``"CardrulesLive": {"profile_folders":
  [...]}`` (a folder there is read relative to ``apps/``);
- the folders listed in ``$CARDRULES_PROFILE_FOLDERS`` (separated by ``:``);
- for a lesson spec, the spec's own folder; for ``cardrules profile show|check FILE``,
  the folder of the file named.

A file's ``extends`` never reaches outside these folders either
(:func:`cardrules.profiles.load_rules` with ``folders``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

#: the environment variable that adds folders profiles may be read from
ENV = "CARDRULES_PROFILE_FOLDERS"
#: the Voilà settings file of the project, and its section for the live quiz
CONFIG = Path("apps") / "voila.json"
SECTION = "CardrulesLive"


def project_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` that holds the book (``book/_config.yml``)."""
    start = start.resolve()
    for folder in [start, *start.parents]:
        if (folder / "book" / "_config.yml").is_file():
            return folder
    return None


def configured_folders(root: Path | None) -> list[Path]:
    """The folders the teacher configured: ``apps/voila.json`` of the project (relative to
    ``apps/``), then ``$CARDRULES_PROFILE_FOLDERS`` (relative to the current folder).

    >>> configured_folders(None)
    []
    """
    out: list[Path] = []
    if root is not None:
        config = root / CONFIG
        try:
            with config.open("rb") as f:
                data = json.loads(f.read(100_000))
        except (OSError, ValueError):
            data = {}
        section = data.get(SECTION) if isinstance(data, dict) else None
        listed = section.get("profile_folders") if isinstance(section, dict) else None
        if isinstance(listed, list):
            out += [config.parent / f for f in listed if isinstance(f, str) and f.strip()]
    out += [Path(f) for f in os.environ.get(ENV, "").split(os.pathsep) if f.strip()]
    return out


def profile_folders(start: Path | None = None, extra: Sequence[Path] = ()) -> list[Path]:
    """The folders profiles may be read from, resolved: ``extra`` (a spec's folder), the
    project's ``examples/`` and the configured folders (:func:`configured_folders`).
    ``start`` finds the project (default: the current folder)."""
    root = project_root(start if start is not None else Path.cwd())
    wanted = [*extra, *([root / "examples"] if root is not None else []),
              *configured_folders(root)]
    out: list[Path] = []
    for folder in wanted:
        resolved = folder.resolve()
        if resolved not in out:
            out.append(resolved)
    return out
