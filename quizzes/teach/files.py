"""Where a lesson's files go, and writing every file safely.

Every file the toolkit writes (lesson pages, notebooks, worksheets, PDFs, question banks,
the Reference, new specs) goes through :func:`write_all`: a temporary file in the target's
own folder, then a rename over the target.  A target that is not a regular file is
refused, a symbolic link is never followed, and a failure leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path

from quizzes.teach.folders import project_root as project_root
from quizzes.teach.spec import SpecError

# -- where things go ------------------------------------------------------------------------

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


# -- writing safely ---------------------------------------------------------------------------

class OutputError(SpecError):
    """A file that cannot be written: names it and says why, in one line.

    >>> str(OutputError("/ro/w.pdf", "cannot write it (Permission denied)"))
    '/ro/w.pdf: cannot write it (Permission denied)'
    """

    def __init__(self, target: str, problem: str) -> None:
        super().__init__(target, None, problem)


def _why(e: OSError) -> str:
    return e.strerror or str(e)


def _not_a_file(mode: int) -> str | None:
    """What a thing that is not a regular file is, in words (None for a regular file).

    >>> _not_a_file(stat.S_IFCHR), _not_a_file(stat.S_IFREG) is None
    ('a device', True)
    """
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _lstat(target: Path) -> os.stat_result | None:
    """The target itself (a symlink is not followed), or None when there is nothing there."""
    try:
        return os.lstat(target)
    except (FileNotFoundError, NotADirectoryError):  # nothing, or a file above it
        return None


def _refuse(target: Path, st: os.stat_result | None, hint: str = "") -> None:
    """Refuse a target that exists and is not a regular file: it is never replaced."""
    what = None if st is None else _not_a_file(st.st_mode)
    if what is not None:
        raise OutputError(str(target), f"is {what}, not a regular file; it is left as it is"
                          + hint)


def check_writable(target: Path, option: str = "", takes: str = "file") -> None:
    """Fail early, before any work, when ``target`` cannot be written as a file.

    ``option`` names the command-line option that chose it (``-o`` takes a file,
    ``--out`` a folder: ``takes="folder"``), so that the message says what to change.
    A target that exists and is not a regular file (a folder, a device, a FIFO, a
    symbolic link, even to a file) is refused: it is never replaced, and a link is
    never followed.

    >>> check_writable(Path("/dev/null"), "-o")
    Traceback (most recent call last):
    ...
    quizzes.teach.OutputError: /dev/null: is a device, not a regular file; it is left as it is; choose another file with -o
    """
    hint = f"; choose another {takes} with {option}" if option else ""
    place = f"; choose another place with {option}" if option else ""
    try:
        st = _lstat(target)
    except OSError as e:  # a file where a folder should be, a path too long
        raise OutputError(str(target), f"cannot write it ({_why(e)})") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        fix = (f"; give the file's name with {option}" if takes == "file"
               else f"; remove it or choose another folder with {option}") if option else ""
        raise OutputError(str(target), "is a folder, not a file" + fix)
    _refuse(target, st, hint)
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise OutputError(str(target), f"cannot write it: {folder} is a file, not a folder{place}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(str(target), f"cannot write it: {folder} is not writable{place}")


def _make_folders(folder: Path, made: list[Path]) -> None:
    """Make ``folder`` and the folders above it that are missing, adding each to ``made`` as
    soon as it is made (deepest last), so that a failed write can take them away again."""
    missing: list[Path] = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for f in reversed(missing):
        try:
            os.mkdir(f)
        except FileExistsError:
            continue  # made meanwhile by someone else: not ours to take away
        made.append(f)


def _stage(target: Path, data: bytes, mode: int | None) -> Path:
    """``data`` in a new temporary file beside ``target`` (same folder, so the rename that
    follows is atomic), with ``mode`` (None: what the umask allows).  On any failure the
    temporary file is removed and the error raised."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    stem = target.name[:200]  # room for the suffix within a file name's 255 bytes
    for _attempt in range(100):
        temp = target.with_name(f".{stem}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(temp, flags, 0o666)
        except FileExistsError:
            continue
        break
    else:
        raise FileExistsError(17, "no free temporary name", str(target.parent))
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


#: the old file of a target, kept until every file of a :func:`write_all` is in place: a
#: second name for it (a hard link, no copy) or, where the file system has no hard links,
#: its bytes and its status (mode and times) in memory
_Kept = Path | tuple[bytes, os.stat_result]


def _keep(target: Path, st: os.stat_result) -> _Kept:
    """Keep the old file at ``target`` so that it can be put back should a later rename
    fail."""
    for _attempt in range(100):
        link = target.with_name(f".{target.name[:200]}.{secrets.token_hex(4)}.old")
        try:
            os.link(target, link, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            break
        return link
    fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        return f.read(), st


def _put_back(target: Path, kept: _Kept) -> None:
    """The old file at ``target`` again, as it was."""
    if isinstance(kept, Path):
        os.replace(kept, target)
        # a rename between two names of one file does nothing: the target was never replaced
        with contextlib.suppress(FileNotFoundError):
            os.unlink(kept)
        return
    data, st = kept
    os.replace(_stage(target, data, stat.S_IMODE(st.st_mode)), target)
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=False)


def write_all(files: Mapping[Path, str | bytes]) -> None:
    """Write several files so that either all are replaced or none is.

    This is how the toolkit writes every file (pages, notebooks, worksheets, PDFs, banks,
    the Reference).  Each file is written to a temporary file in its target's own folder,
    then renamed over the target (``os.replace``), so that a reader never sees half a file.

    - A target that exists and is not a regular file (a device, a FIFO, a socket, a
      symbolic link to a file or a folder, a folder) is refused with :class:`OutputError`
      naming it, and left as it is; a link is never followed.
    - Nothing is left behind on any failure (a full disk, a refused permission, Ctrl-C):
      the temporary files are removed, the folders made for the files taken away again,
      and every old file is as it was.  With several files, a file already renamed is put
      back: its old file is kept meanwhile under a second name (a hard link, no copy; in
      memory where the file system has no hard links) until all are in place.
    - A new file gets the mode the umask allows; a replaced file keeps its mode.
    """
    staged: list[tuple[Path, Path]] = []  # (temporary file, target)
    made: list[Path] = []  # folders made for the files
    replaced: list[tuple[Path, _Kept | None, bool]] = []  # (target, its old file, existed)
    target = Path()
    done = False
    try:
        for target, content in files.items():
            data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
            st = _lstat(target)
            _refuse(target, st)
            _make_folders(target.parent, made)
            mode = None if st is None else stat.S_IMODE(st.st_mode)
            staged.append((_stage(target, data, mode), target))
        for temp, target in staged:
            st = _lstat(target)  # again: it may have changed while the files were written
            _refuse(target, st)
            kept = _keep(target, st) if st is not None and len(staged) > 1 else None
            replaced.append((target, kept, st is not None))
            os.replace(temp, target)
        done = True
    except OSError as e:
        raise OutputError(str(target), f"cannot write it ({_why(e)})") from None
    finally:
        _tidy(staged, made, replaced, done)


def _tidy(staged: list[tuple[Path, Path]], made: list[Path],
          replaced: list[tuple[Path, _Kept | None, bool]], done: bool) -> None:
    """After :func:`write_all`: put back what a failure left half-done, remove the
    temporary files and kept links, and the folders made for nothing."""
    for target, kept, existed in reversed(replaced):
        if done:
            if isinstance(kept, Path):
                with contextlib.suppress(OSError):
                    os.unlink(kept)
            continue
        with contextlib.suppress(OSError):
            if kept is not None:
                _put_back(target, kept)
            elif not existed:
                os.unlink(target)
    for temp, _target in staged:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    if not done:
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(folder)  # only if empty: never anything that is not ours


def write_file(target: Path, content: str | bytes) -> None:
    """Write one file safely (:func:`write_all` of one file).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_file(folder / "a.txt", "one")
    >>> (folder / "link").symlink_to(folder / "a.txt")
    >>> write_file(folder / "link", "two")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    quizzes.teach.OutputError: .../link: is a symbolic link, not a regular file; it is left as it is
    >>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
    ('one', ['a.txt', 'link'])
    """
    write_all({target: content})


def write_changed(files: Mapping[Path, str | bytes]) -> list[Path]:
    """Like :func:`write_all`, but only the files whose content differs; returns those.

    A target that is not a regular file is refused, never read."""
    changed = {}
    for target, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        st = _lstat(target)
        _refuse(target, st)
        same = False
        if st is not None and st.st_size == len(data):
            try:
                fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
            except OSError:
                pass
            else:
                with os.fdopen(fd, "rb") as f:
                    same = stat.S_ISREG(os.fstat(f.fileno()).st_mode) and \
                        f.read(len(data) + 1) == data
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


#: a group seed that may go into a file's name: letters, digits and dashes
SEED_IN_NAME = re.compile(r"[A-Za-z0-9-]{1,64}")


def seed_in_name(group: int | str | None, what: str) -> str:
    """The part of a default file name that a group seed makes (``-group-2``; ``""`` for
    None), so that the file is in the current folder and no other; any other seed is a
    one-line :class:`SpecError` naming ``what`` the file is (give the file's name with
    ``-o`` to use such a seed).

    >>> seed_in_name("2", "worksheet"), seed_in_name(None, "worksheet")
    ('-group-2', '')
    >>> seed_in_name("2/3", "worksheet")
    Traceback (most recent call last):
    ...
    quizzes.teach.SpecError: --seed: "2/3" cannot be part of the worksheet's file name: a seed there is made of a–z, A–Z, 0–9 and dashes (at most 64); or give the file's name with -o
    """
    from cardrules.profiles import shown

    if group is None:
        return ""
    if not SEED_IN_NAME.fullmatch(str(group)):
        raise SpecError("--seed", None, f"{shown(str(group))} cannot be part of the {what}'s "
                        "file name: a seed there is made of a–z, A–Z, 0–9 and dashes (at most "
                        "64); or give the file's name with -o")
    return f"-group-{group}"
