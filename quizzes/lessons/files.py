"""Where a lesson's files go, and writing them so that none is left half-built."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from .spec import SpecError

# -- where things go ------------------------------------------------------------------------

def project_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` that holds the book (``book/_config.yml``)."""
    start = start.resolve()
    for folder in [start, *start.parents]:
        if (folder / "book" / "_config.yml").is_file():
            return folder
    return None


def default_out_dir(spec: Path) -> Path:
    """Where ``lesson build`` writes: the ``book/lessons`` folder of the project."""
    root = project_root(spec.resolve().parent) or project_root(Path.cwd())
    if root is None:
        raise SpecError(str(spec), None, "no book found above the spec or the current folder; "
                        "give the output folder with --out DIR")
    return root / "book" / "lessons"


def relative_path(target: Path, folder: Path) -> str:
    """``target`` relative to ``folder``, with forward slashes."""
    return Path(os.path.relpath(target.resolve(), folder.resolve())).as_posix()


# -- writing without leaving anything half-built ---------------------------------------------

def write_all(files: Mapping[Path, str | bytes]) -> None:
    """Write several files so that either all are replaced or none is.

    Each is written to a temporary file beside its target, then renamed; should a
    rename fail, the files already renamed are put back as they were.
    """
    temps: list[tuple[Path, Path]] = []
    backups: list[Path] = []
    done: list[tuple[Path, Path | None]] = []
    try:
        for target, content in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)
            temps.append((Path(name), target))
            with os.fdopen(fd, "wb") as f:
                f.write(content.encode("utf-8") if isinstance(content, str) else content)
        try:
            for temp, target in temps:
                backup = None
                if target.exists():
                    backup = temp.with_name(temp.name[:-4] + ".old")
                    shutil.copy2(target, backup)
                    backups.append(backup)
                os.replace(temp, target)
                done.append((target, backup))
        except BaseException:
            for target, backup in reversed(done):
                if backup is None:
                    target.unlink()
                else:
                    os.replace(backup, target)
            raise
    finally:
        for leftover in [t for t, _ in temps] + backups:
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


def toc_lists(out_dir: Path, slug: str) -> bool | None:
    """Whether the book's ``_toc.yml`` lists the page (None when there is no book)."""
    root = project_root(out_dir)
    if root is None:
        return None
    toc = root / "book" / "_toc.yml"
    page = relative_path(out_dir / slug, root / "book")
    return bool(re.search(rf"file:\s*{re.escape(page)}\s*$", toc.read_text(encoding="utf-8"),
                          re.M))
