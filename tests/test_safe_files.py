"""Files written safely: every file the toolkit writes is a temporary file in the target's own
folder renamed over the target.  A device, a FIFO, a symbolic link or a folder at the target is
refused and left as it is; a failure at any step (a full disk, a refused permission, Ctrl-C)
leaves the old files byte-identical and nothing else in the folder.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import signal
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from quizzes import teach as lessons
from quizzes.teach.cli import main
from tests.conftest import ROOT

BANCO = ROOT / "examples" / "punto-banco-in-20-minutes.toml"


def one_line_error(capsys: Any) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardrules: "), err
    return err.strip()


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@contextlib.contextmanager
def no_hang(seconds: int = 20) -> Iterator[None]:
    """Fail instead of hanging (opening a FIFO for writing blocks until someone reads it)."""
    def alarm(_signum: int, _frame: Any) -> None:
        raise TimeoutError("the write blocked")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def print_to(target: Path) -> int:
    with no_hang():
        return main(["lesson", "print", str(BANCO), "--html", "-o", str(target)])


# -- targets that are not regular files ---------------------------------------------------------

def test_dev_null_is_refused_never_replaced(capsys: Any, monkeypatch: Any) -> None:
    # Guarded: any rename, link or removal of a name in /dev fails the test instead of
    # touching the machine's /dev.
    def guard(name: str) -> Callable[..., Any]:
        real = getattr(os, name)

        def checked(*args: Any, **kwargs: Any) -> Any:
            for a in args[:2]:
                if isinstance(a, (str, os.PathLike)) and str(a).startswith("/dev/"):
                    raise AssertionError(f"os.{name} reached {a}")
            return real(*args, **kwargs)
        return checked

    for name in ("replace", "rename", "link", "unlink", "open"):
        monkeypatch.setattr(os, name, guard(name))
    before = os.lstat("/dev/null")
    names = set(os.listdir("/dev"))
    assert print_to(Path("/dev/null")) == 2
    assert one_line_error(capsys) == ("cardrules: /dev/null: is a device, not a regular file; it "
                                      "is left as it is; choose another file with -o")
    after = os.lstat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert set(os.listdir("/dev")) == names, "nothing written into /dev"


def test_a_device_is_refused_and_left_as_it_is(tmp_path: Path, capsys: Any) -> None:
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        made = True
    except OSError:  # no right to make devices here: the system's own /dev/zero then
        device, made = Path("/dev/zero"), False
    before = os.lstat(device)
    assert print_to(device) == 2
    assert one_line_error(capsys).startswith(f"cardrules: {device}: is a device, not a regular")
    after = os.lstat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert listing(tmp_path) == (["null"] if made else [])


def test_a_fifo_is_refused_and_left_as_it_is(tmp_path: Path, capsys: Any) -> None:
    fifo = tmp_path / "pipe.html"
    os.mkfifo(fifo)
    assert print_to(fifo) == 2
    assert one_line_error(capsys) == (f"cardrules: {fifo}: is a named pipe (FIFO), not a regular "
                                      "file; it is left as it is; choose another file with -o")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and listing(tmp_path) == ["pipe.html"]


@pytest.mark.parametrize("points_to", ["file", "folder", "nothing"])
def test_a_symlink_is_refused_and_never_followed(tmp_path: Path, capsys: Any,
                                                 points_to: str) -> None:
    there = tmp_path / "there"
    if points_to == "file":
        there.write_bytes(b"kept\n")
    elif points_to == "folder":
        there.mkdir()
        (there / "inside.txt").write_bytes(b"kept\n")
    link = tmp_path / "sheet.html"
    link.symlink_to(there)
    assert print_to(link) == 2
    assert one_line_error(capsys) == (f"cardrules: {link}: is a symbolic link, not a regular "
                                      "file; it is left as it is; choose another file with -o")
    assert link.is_symlink() and os.readlink(link) == str(there)
    if points_to == "file":
        assert there.read_bytes() == b"kept\n"
    elif points_to == "folder":
        assert listing(there) == ["inside.txt"] and (there / "inside.txt").read_bytes() == b"kept\n"
    assert listing(tmp_path) == (["sheet.html"] if points_to == "nothing" else
                                 ["sheet.html", "there"])


def test_a_symlink_among_the_lesson_pages_stops_the_build_before_anything(
        tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "elsewhere.md").write_text("not a page\n")
    (out / "punto-banco-in-20-minutes.ipynb").symlink_to(tmp_path / "elsewhere.md")
    assert main(["lesson", "build", str(BANCO), "--out", str(out)]) == 2
    assert "punto-banco-in-20-minutes.ipynb: is a symbolic link, not a regular file; it is " \
        "left as it is; choose another folder with --out" in one_line_error(capsys)
    assert listing(out) == ["punto-banco-in-20-minutes.ipynb"], "the page was not written either"
    assert (tmp_path / "elsewhere.md").read_text() == "not a page\n"


def test_a_symlink_put_there_after_the_check_is_still_refused(tmp_path: Path,
                                                               monkeypatch: Any) -> None:
    target, victim = tmp_path / "page.md", tmp_path / "victim"
    victim.write_bytes(b"victim\n")
    real = os.write

    def swap(fd: int, data: Any) -> int:  # while the temporary file is written
        if not target.is_symlink():
            target.symlink_to(victim)
        return real(fd, data)

    monkeypatch.setattr(os, "write", swap)
    with pytest.raises(lessons.OutputError, match="is a symbolic link"):
        lessons.write_file(target, "page")
    assert target.is_symlink() and victim.read_bytes() == b"victim\n"
    assert listing(tmp_path) == ["page.md", "victim"]


def test_the_folder_message_says_which_option_takes_a_folder(tmp_path: Path,
                                                              capsys: Any) -> None:
    out = tmp_path / "out"
    (out / "punto-banco-in-20-minutes.md").mkdir(parents=True)
    assert main(["lesson", "build", str(BANCO), "--out", str(out)]) == 2
    assert one_line_error(capsys).endswith("punto-banco-in-20-minutes.md: is a folder, not a "
                                           "file; remove it or choose another folder with --out")


# -- failures part-way: nothing left behind, the old files as they were --------------------------

def snapshot(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    out = {}
    for p in sorted(folder.rglob("*")):
        st = os.lstat(p)
        out[str(p.relative_to(folder))] = (p.read_bytes() if p.is_file() else b"",
                                           stat.S_IMODE(st.st_mode), st.st_mtime_ns)
    return out


def setup_old(folder: Path) -> dict[Path, str]:
    """Two old files with their own mode and date; the write adds a third in a new folder."""
    a, b = folder / "a.md", folder / "b.ipynb"
    a.write_bytes(b"old a\n")
    b.write_bytes(b"old b\n")
    a.chmod(0o640)
    os.utime(a, ns=(1_000_000_000, 1_000_000_000))
    return {a: "new a\n", b: "new b\n", folder / "new" / "deep" / "c.md": "new c\n"}


#: every call the writer makes to the system, as the tests can make them fail
CALLS = ("open", "write", "fsync", "close", "fchmod", "link", "replace", "mkdir")


def inject(monkeypatch: Any, fail_at: int, error: BaseException | None) -> dict[str, int]:
    """Count the writer's system calls; the ``fail_at``-th (from 1) raises ``error``."""
    seen = {"n": 0}
    for name in CALLS:
        real = getattr(os, name)

        def call(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            seen["n"] += 1
            if seen["n"] == fail_at and error is not None:
                if _name == "close":  # a close that reports the failure still closes
                    _real(*args, **kwargs)
                raise error
            return _real(*args, **kwargs)

        monkeypatch.setattr(os, name, call)
    return seen


def count_calls(tmp_path: Path) -> int:
    folder = tmp_path / "dry"
    folder.mkdir()
    files = setup_old(folder)
    with pytest.MonkeyPatch.context() as mp:
        seen = inject(mp, 0, None)
        lessons.write_all(files)
    assert seen["n"] >= 10
    return seen["n"]


@pytest.mark.parametrize("error", [OSError(errno.ENOSPC, "No space left on device"),
                                   PermissionError(errno.EACCES, "Permission denied"),
                                   KeyboardInterrupt()],
                         ids=["full-disk", "permission", "ctrl-c"])
def test_a_failure_at_any_system_call_leaves_the_old_files_and_nothing_else(
        tmp_path: Path, error: BaseException) -> None:
    total = count_calls(tmp_path)
    for k in range(1, total + 1):
        folder = tmp_path / f"run{k}"
        folder.mkdir()
        files = setup_old(folder)
        before = snapshot(folder)
        failed: BaseException | None = None
        with pytest.MonkeyPatch.context() as mp:
            inject(mp, k, error)
            try:
                lessons.write_all(files)
            except (lessons.OutputError, KeyboardInterrupt) as e:
                failed = e
        if failed is None:  # a failed hard link is no failure: the old file is kept in memory
            assert {p.name: p.read_text() for p in files} == {
                p.name: text for p, text in files.items()}, k
            assert sorted(snapshot(folder)) == ["a.md", "b.ipynb", "new", "new/deep",
                                                "new/deep/c.md"], k
            continue
        if isinstance(error, KeyboardInterrupt):
            assert isinstance(failed, KeyboardInterrupt), k
        else:
            message = str(failed)
            assert "\n" not in message and f"cannot write it ({error.strerror})" in message, k
        assert snapshot(folder) == before, f"call {k}: the old files as they were, nothing else"


def test_a_full_disk_while_printing_keeps_the_old_worksheet(tmp_path: Path, capsys: Any,
                                                             monkeypatch: Any) -> None:
    sheet = tmp_path / "sheet.html"
    sheet.write_bytes(b"last week's sheet\n")
    before = snapshot(tmp_path)
    real = os.write

    def full(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    assert print_to(sheet) == 2
    monkeypatch.setattr(os, "write", real)
    assert one_line_error(capsys) == (f"cardrules: {sheet}: cannot write it (No space left on "
                                      "device)")
    assert snapshot(tmp_path) == before


def test_a_read_only_folder_is_refused_and_left_empty(tmp_path: Path, capsys: Any,
                                                      monkeypatch: Any) -> None:
    # Tests may run as root, whom permissions do not stop: the system's refusal is made here.
    out = tmp_path / "ro"
    out.mkdir()
    (out / "punto-banco-in-20-minutes.md").write_bytes(b"old page\n")
    before = snapshot(out)
    real = os.open

    def refuse(path: Any, flags: int, *args: Any, **kwargs: Any) -> Any:
        if flags & os.O_CREAT and Path(path).parent == out:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    assert main(["lesson", "build", str(BANCO), "--out", str(out)]) == 2
    assert one_line_error(capsys).endswith("cannot write it (Permission denied)")
    assert snapshot(out) == before


def test_no_backup_copy_is_made(tmp_path: Path, monkeypatch: Any) -> None:
    files = setup_old(tmp_path)

    def no_copy(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a backup copy")

    for name in ("copy", "copy2", "copyfile", "copyfileobj"):
        monkeypatch.setattr(shutil, name, no_copy)
    lessons.write_all(files)
    assert (tmp_path / "a.md").read_text() == "new a\n"
    assert stat.S_IMODE((tmp_path / "a.md").stat().st_mode) == 0o640, "a replaced file keeps its mode"
    assert sorted(snapshot(tmp_path)) == ["a.md", "b.ipynb", "new", "new/deep", "new/deep/c.md"]
