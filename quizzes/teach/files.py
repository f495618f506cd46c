"""Where a lesson's files go, and writing them so that none is left half-built."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from quizzes.teach.spec import SpecError

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

class OutputError(SpecError):
    """A file that cannot be written: names it and says why, in one line.

    >>> str(OutputError("/ro/w.pdf", "cannot write it (Permission denied)"))
    '/ro/w.pdf: cannot write it (Permission denied)'
    """

    def __init__(self, target: str, problem: str) -> None:
        super().__init__(target, None, problem)


def _why(e: OSError) -> str:
    return e.strerror or str(e)


def check_writable(target: Path, option: str = "") -> None:
    """Fail early, before any work, when ``target`` cannot be written as a file.

    ``option`` names the command-line option that chose it (``--out``, ``-o``).
    """
    hint = f"; choose another place with {option}" if option else ""
    if target.is_dir():
        raise OutputError(str(target), "is a folder, not a file"
                          + (f"; give the file's name with {option}" if option else ""))
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise OutputError(str(target), f"cannot write it: {folder} is a file, not a folder{hint}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(str(target), f"cannot write it: {folder} is not writable{hint}")


def file_mode(target: Path) -> int:
    """The mode a written file gets: the one it had, else what the umask allows (0644)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def write_all(files: Mapping[Path, str | bytes]) -> None:
    """Write several files so that either all are replaced or none is.

    Each is written to a temporary file beside its target, then renamed; should a
    rename fail, the files already renamed are put back as they were.  New files
    follow the umask; a replaced file keeps its mode.  A file that cannot be written
    raises :class:`OutputError` naming it.
    """
    temps: list[tuple[Path, Path]] = []
    backups: list[Path] = []
    done: list[tuple[Path, Path | None]] = []
    target = Path()
    try:
        for target, content in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)
            temps.append((Path(name), target))
            with os.fdopen(fd, "wb") as f:
                os.fchmod(f.fileno(), file_mode(target))
                f.write(content.encode("utf-8") if isinstance(content, str) else content)
        try:
            for temp, target in temps:
                if target.is_dir():
                    raise IsADirectoryError(21, "is a folder", str(target))
                backup = None
                if target.exists():
                    backup = temp.with_name(temp.name[:-4] + ".old")
                    shutil.copy2(target, backup)
                    backups.append(backup)
                os.replace(temp, target)
                done.append((target, backup))
        except BaseException:
            for undo, backup in reversed(done):
                if backup is None:
                    undo.unlink()
                else:
                    os.replace(backup, undo)
            raise
    except OSError as e:
        raise OutputError(str(target), f"cannot write it ({_why(e)})") from None
    finally:
        for leftover in [t for t, _ in temps] + backups:
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


def write_changed(files: Mapping[Path, str | bytes]) -> list[Path]:
    """Like :func:`write_all`, but only the files whose content differs; returns those."""
    changed = {}
    for target, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        try:
            same = target.read_bytes() == data
        except OSError:
            same = False
        if not same:
            changed[target] = content
    write_all(changed)
    return list(changed)


def toc_lists(out_dir: Path, slug: str) -> bool | None:
    """Whether the book's ``_toc.yml`` lists the page (None when there is no book)."""
    root = project_root(out_dir)
    if root is None:
        return None
    toc = root / "book" / "_toc.yml"
    page = relative_path(out_dir / slug, root / "book")
    return bool(re.search(rf"file:\s*{re.escape(page)}\s*$", toc.read_text(encoding="utf-8"),
                          re.M))
