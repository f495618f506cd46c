"""Bytecode for the standard-library modules the engine starts with, run *inside Pyodide*
by ``pystdlib.mjs``.

Pyodide's ``python_stdlib.zip`` holds sources only, so every start compiles each
standard-library module it imports.  This script starts the engine as the book's practice
worker does (the project's wheel unpacked by ``pyodide.unpackArchive``, then
``quizzes.static.worker``: a question and verdicts from every generator), takes every
module then loaded from the zip (those Pyodide itself starts with included), and writes
the zip again with those modules as bytecode only (``mod.py`` becomes ``mod.pyc``,
hash-based and unchecked, PEP 552), compiled by this very Python.  The other modules keep
their sources, so the download grows only by what is used.  Entries keep their order
and timestamps: the same input gives the same bytes.

Globals set by the caller: ``SRC`` and ``DEST`` (the zips) and, optionally,
``DEST_WORKER``, as paths in Pyodide's file system; the caller has installed the
project's wheel.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

import quizzes.static.worker
from quizzes.model.registry import all_generators

for _g in all_generators():  # what the worker does: make, check right, wrong, unreadable
    _p = json.loads(quizzes.static.worker.make(_g.id, "warm", None))
    _right = ({"choices": _p["correct"]} if _p["choices"] else {"value": _p["low"]}
              if _p["kind"] == "numeric" else {"cards": _p["accepted"][0]})
    for _answer in (_right, {"choices": [0]}, {"value": "1"}, {"cards": [0]}, {"value": "x"}):
        quizzes.static.worker.check(_g.id, "warm", None, json.dumps(_answer))
    quizzes.static.worker.make(_g.id, "warm", 'extends = "' + _g.profile + '"')

HOT = set()
for _m in list(sys.modules.values()):
    _f = getattr(_m, "__file__", None) or ""
    if ".zip/" in _f and _f.endswith(".py"):
        HOT.add(_f.split(".zip/", 1)[1])

_n = 0
with zipfile.ZipFile(SRC) as zin, zipfile.ZipFile(DEST, "w", zipfile.ZIP_DEFLATED) as zout:  # type: ignore[name-defined]  # noqa: F821
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename in HOT:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                code = compile(data, info.filename, "exec", dont_inherit=True)
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            out = zipfile.ZipInfo(info.filename + "c", info.date_time)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = info.external_attr
            zout.writestr(out, pyc)
            _n += 1
        else:
            zout.writestr(info, data)
print(f"python_stdlib.zip: {_n} modules the engine starts with, as bytecode")

# The worker's own zip (``DEST_WORKER``, if given): those modules alone, bytecode only.
if globals().get("DEST_WORKER"):
    with zipfile.ZipFile(DEST) as zin, zipfile.ZipFile(DEST_WORKER, "w", zipfile.ZIP_DEFLATED) as zw:  # type: ignore[name-defined]  # noqa: F821
        for info in zin.infolist():
            if info.filename.endswith(".pyc") or info.is_dir():
                zw.writestr(info, zin.read(info))
    print(f"python_stdlib_worker.zip: the {_n} modules alone")
