"""Add compiled bytecode to pure-Python wheels, run *inside Pyodide* by ``pycompile.mjs``.

The kernel spends most of its start compiling IPython's sources to bytecode.  This
compiles them once, at build time, with the very Python the browser runs (Pyodide's
CPython, so the bytecode matches), and stores each module's ``__pycache__/*.pyc`` in
the wheel, hash-based and unchecked (PEP 552): the browser imports the bytecode
directly.  Like Pyodide's own packages, third-party wheels keep only the bytecode (each
``mod.py`` becomes ``mod.pyc``: smaller downloads); the project's own wheel keeps its
sources beside ``__pycache__/mod.cpython-*.pyc``, for readable tracebacks and help.
``RECORD`` is rewritten to match.  Entries keep their order and timestamps, so the same
wheel gives the same bytes.

Globals set by the caller: ``JOBS``, a list of ``(source wheel, destination wheel,
keep sources)`` with paths in Pyodide's file system.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import posixpath
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

TAG = sys.implementation.cache_tag


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(src: str, dest: str, keep_sources: bool) -> int:
    """Write ``dest``: the wheel ``src`` with bytecode for each module; return how many."""
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        record = next(i for i in infos if i.filename.endswith(".dist-info/RECORD"))
        files: list[tuple[zipfile.ZipInfo, bytes]] = []
        added: list[tuple[zipfile.ZipInfo, bytes]] = []
        dropped: set[str] = set()
        for info in infos:
            if info is record:
                continue
            data = zin.read(info)
            top = info.filename.split("/", 1)[0]
            if not info.filename.endswith(".py") or top.endswith((".dist-info", ".data")):
                files.append((info, data))
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    code = compile(data, info.filename, "exec", dont_inherit=True)
                except SyntaxError:  # a test file for another Python: leave it as source
                    files.append((info, data))
                    continue
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            folder, name = posixpath.split(info.filename)
            if keep_sources:
                files.append((info, data))
                target = posixpath.join(folder, "__pycache__", f"{name[:-3]}.{TAG}.pyc")
            else:
                dropped.add(info.filename)
                target = info.filename + "c"
            out = zipfile.ZipInfo(target, info.date_time)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = info.external_attr
            (added if keep_sources else files).append((out, pyc))
        lines = [line for line in zin.read(record).decode("utf-8").splitlines()
                 if line.rsplit(",", 2)[0] not in dropped]
    compiled = [(i, d) for i, d in [*files, *added] if i.filename.endswith(".pyc")]
    lines += [_record_line(i.filename, d) for i, d in compiled]
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        for info, data in [*files, *added]:
            zout.writestr(info, data)
        zout.writestr(record, ("\n".join(lines) + "\n").encode("utf-8"))
    return len(compiled)


for _src, _dest, _keep in JOBS:  # type: ignore[name-defined]  # noqa: F821
    _n = compile_wheel(_src, _dest, bool(_keep))
    print(f"{posixpath.basename(_src)}: {_n} modules compiled"
          + ("" if _keep else " (bytecode only)"))
