#!/usr/bin/env python3
"""Build the book's live mode: a JupyterLite REPL whose Python (Pyodide) runs the engine.

Everything the live mode loads is served from the book's own folder; nothing comes
from a CDN.  This script assembles it, reproducibly, from three registries' packages:

1. Pyodide's core (``pyodide.mjs``, the wasm, the standard library) from the npm
   package ``pyodide`` in ``node_modules`` (``package.json`` pins the version the
   JupyterLite kernel expects; ``make`` runs ``npm ci``).
2. The wheels the kernel needs, from PyPI, pinned with hashes in
   ``lite/requirements.txt`` (``pip download --no-deps --only-binary=:all:
   --python-version 3.14 --require-hashes``), cached in ``lite/_cache/wheels``; plus
   the kernel's own small wheels shipped inside ``jupyterlite-pyodide-kernel``.
3. This project's wheel (``cardrules`` and ``quizzes``), built with ``pip wheel
   --no-deps`` from a clean copy of the sources, cached by the sources' hash.

Pyodide's ``pyodide-lock.json`` lists the packages it may load, with their file names
and sha256.  The shipped wheels are not Pyodide's own builds, so the lock is rewritten:
it keeps only the shipped packages, with the real file names, versions and hashes, and
dependencies read from each wheel's metadata (evaluated for Emscripten).  The kernel
preloads ``cardrules`` (with ipywidgets) from it, so the engine is already installed
when the REPL opens.

Then ``jupyter lite build`` (jupyterlite-core, REPL app only, no source maps, only the
widget manager and Pyodide kernel extensions) writes the site to
``lite/_build/html/lite``; ``lite/sphinx/cardlive.py`` copies it into the book's output.

Usage: ``python lite/build.py [--clean]``.  Run by ``make lite`` (which ``make book``
depends on).  A second run with nothing changed takes a few seconds.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypedDict

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
CACHE = LITE / "_cache"
BUILD = LITE / "_build"
STAGE = BUILD / "src"  # the lite_dir handed to `jupyter lite build`
SITE = BUILD / "html"  # added to the book's html_extra_path
OUT = SITE / "lite"  # the live site, served at <book>/lite/
REQUIREMENTS = LITE / "requirements.txt"
LITE_JSON = LITE / "jupyter-lite.json"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
LABEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
KERNEL_EXTENSION = LABEXTENSIONS / "@jupyterlite" / "pyodide-kernel-extension"
WIDGETS_EXTENSION = LABEXTENSIONS / "@jupyter-widgets" / "jupyterlab-manager"
#: the sources that go into the project's wheel
PROJECT_FILES = ("pyproject.toml", "README.md", "cardrules", "conf", "quizzes")
#: Pyodide's core files the kernel loads (the lock is written separately)
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: the kernel's own wheels, from jupyterlite-pyodide-kernel (the 3.x widgets shim is not needed)
KERNEL_WHEELS = ("piplite-", "pyodide_kernel-", "ipykernel-", "widgetsnbextension-4.")
#: extras installed with a shipped package (the live quizzes need ipywidgets)
EXTRAS = {"cardrules": ("quiz",)}
#: 1980-01-01: fixed timestamps, so the same sources give the same bytes
SOURCE_DATE_EPOCH = "315532800"
PY_VERSION = "3.14"


def log(message: str) -> None:
    """Say what the build does, in a line of its own.

    >>> log("jupyter lite build (REPL app)")
    [lite] jupyter lite build (REPL app)
    """
    print(f"[lite] {message}", flush=True)


def sha256(path: Path) -> str:
    """The SHA-256 of a file, in hex, as Pyodide's lock and pip's ``--hash`` give it.

    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = (Path(tmp) / "a").write_bytes(b"abc")
    ...     sha256(Path(tmp) / "a")[:16]
    'ba7816bf8f01cfea'
    """
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def normalize(name: str) -> str:
    """A distribution name as Pyodide's lock keys it (PEP 503).

    >>> normalize("Stack_Data"), normalize("jupyterlab.widgets")
    ('stack-data', 'jupyterlab-widgets')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: Sequence[str], *, env: Mapping[str, str] | None = None,
        cwd: str | Path | None = None) -> None:
    """Run a tool quietly; show its output only when it fails, and stop the build.

    >>> run([sys.executable, "-c", "print('not shown')"])
    >>> run([sys.executable, "-c", "raise SystemExit(3)"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    SystemExit: [lite] ... -c raise SystemExit(3) failed (3)
    """
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
    if result.returncode != 0:
        sys.stdout.write(result.stdout[-20000:])
        sys.stderr.write(result.stderr[-20000:])
        raise SystemExit(f"[lite] {Path(cmd[0]).name} {' '.join(cmd[1:3])} failed "
                         f"({result.returncode})")


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it holds them already (its date then stays, so
    the tools after this one see nothing new); whether it wrote.

    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     f = Path(tmp) / "new" / "a.json"
    ...     write_if_changed(f, b"{}"), write_if_changed(f, b"{}"), write_if_changed(f, b"[]")
    (True, False, True)
    """
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def copy_if_changed(src: Path, dest: Path) -> bool:
    """Copy ``src`` to ``dest`` unless ``dest`` has the same bytes; whether it copied."""
    if dest.is_file() and dest.stat().st_size == src.stat().st_size and sha256(dest) == sha256(src):
        return False
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)
    return True


def sync_tree(src: Path, dest: Path) -> None:
    """Make ``dest`` a copy of ``src``, rewriting only what differs (keeps doit incremental):
    files ``src`` lacks are removed, and folders left empty.

    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     src, dest = Path(tmp) / "src", Path(tmp) / "dest"
    ...     for name in ("src/a.txt", "dest/a.txt", "dest/old/b.txt"):
    ...         _ = write_if_changed(Path(tmp) / name, name.encode())
    ...     sync_tree(src, dest)
    ...     sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")), (dest / "a.txt").read_text()
    (['a.txt'], 'src/a.txt')
    """
    wanted = {p.relative_to(src) for p in src.rglob("*") if p.is_file()}
    for rel in sorted(wanted):
        copy_if_changed(src / rel, dest / rel)
    if dest.is_dir():
        for p in sorted(dest.rglob("*"), reverse=True):
            if p.is_file() and p.relative_to(dest) not in wanted:
                p.unlink()
            elif p.is_dir() and not any(p.iterdir()):
                p.rmdir()


# -- 1. versions -------------------------------------------------------------------------
def check_versions() -> str:
    """The npm Pyodide must be the one the installed kernel was made for."""
    # jupyterlite-pyodide-kernel ships no types (no py.typed); the version is a str
    from jupyterlite_pyodide_kernel.constants import (  # type: ignore[import-untyped]
        PYODIDE_VERSION,
    )

    pkg = PYODIDE_NPM / "package.json"
    if not pkg.is_file():
        raise SystemExit(f"[lite] {PYODIDE_NPM} is missing: run `npm ci` (make does it)")
    version = str(json.loads(pkg.read_text(encoding="utf-8"))["version"])
    if version != PYODIDE_VERSION:
        raise SystemExit(f"[lite] node_modules has pyodide {version}, but "
                         f"jupyterlite-pyodide-kernel expects {PYODIDE_VERSION}: "
                         "fix the pin in package.json")
    if not KERNEL_EXTENSION.is_dir() or not WIDGETS_EXTENSION.is_dir():
        raise SystemExit("[lite] the Pyodide kernel or widget manager lab extension is not "
                         f"installed in {sys.prefix}: pip install -e '.[book]'")
    return version


# -- 2. wheels from PyPI ----------------------------------------------------------------
def pinned_hashes() -> dict[str, str]:
    """``{sha256: "name==version"}`` from lite/requirements.txt (a wheel may have several
    hashes, one for each file pip may download).

    >>> hashes = pinned_hashes()
    >>> "ipywidgets" in {spec.split("==")[0] for spec in hashes.values()}
    True
    >>> all(len(h) == 64 for h in hashes)
    True
    """
    text = REQUIREMENTS.read_text(encoding="utf-8").replace("\\\n", " ")
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        spec = line.split()[0]
        for h in re.findall(r"--hash=sha256:([0-9a-f]{64})", line):
            out[h] = spec
    return out


def fetch_wheels() -> list[Path]:
    """The pinned PyPI wheels, downloaded once into the cache."""
    wanted = pinned_hashes()
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)

    def found() -> dict[str, Path]:
        have = {}
        for w in cache.glob("*.whl"):
            h = sha256(w)
            if h in wanted:
                have[h] = w
        return have

    have = found()
    if len(have) < len(set(wanted.values())):
        log(f"pip download: {len(wanted)} pinned wheels for Python {PY_VERSION} from PyPI")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--python-version", PY_VERSION, "--require-hashes",
             "-r", str(REQUIREMENTS), "-d", str(cache)])
        have = found()
    missing = sorted(set(wanted.values()) - {wanted[h] for h in have})
    if missing:
        raise SystemExit(f"[lite] wheels missing after pip download: {', '.join(missing)}")
    return sorted(have.values())


def kernel_wheels() -> list[Path]:
    """The kernel's own small wheels, as jupyterlite-pyodide-kernel ships them."""
    pypi = KERNEL_EXTENSION / "static" / "pypi"
    out = [w for w in sorted(pypi.glob("*.whl")) if w.name.startswith(KERNEL_WHEELS)]
    if len(out) != len(KERNEL_WHEELS):
        raise SystemExit(f"[lite] expected the kernel's wheels {KERNEL_WHEELS} in {pypi}, "
                         f"found {[w.name for w in out]}")
    return out


# -- 3. the project's wheel ---------------------------------------------------------------
def project_sources() -> Iterable[Path]:
    """The files that go into the project's wheel, in a fixed order (no bytecode).

    >>> files = [f.relative_to(ROOT).as_posix() for f in project_sources()]
    >>> files[:2], "cardrules/game.py" in files, any(f.endswith(".pyc") for f in files)
    (['pyproject.toml', 'README.md'], True, False)
    """
    for name in PROJECT_FILES:
        p = ROOT / name
        if p.is_file():
            yield p
        else:
            for f in sorted(p.rglob("*")):
                if f.is_file() and "__pycache__" not in f.parts and f.suffix not in (".pyc",):
                    yield f


def build_project_wheel() -> Path:
    """``pip wheel --no-deps`` of a clean copy of the sources, cached by their hash."""
    key = hashlib.sha256()
    for f in project_sources():
        key.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() + b"\0")
    digest = key.hexdigest()[:16]
    cache = CACHE / "project"
    done = sorted((cache / digest).glob("cardrules-*.whl"))
    if done:
        return done[0]
    log("pip wheel --no-deps: the cardrules wheel (engine and quizzes)")
    shutil.rmtree(cache, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="cardrules-wheel-") as tmp:
        src = Path(tmp) / "src"
        for f in project_sources():
            dest = src / f.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, dest)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
             "-w", str(cache / digest), str(src)], env=env, cwd=tmp)
    done = sorted((cache / digest).glob("cardrules-*.whl"))
    if len(done) != 1:
        raise SystemExit(f"[lite] pip wheel made {done}, expected one cardrules wheel")
    check_project_wheel(done[0])
    return done[0]


def check_project_wheel(wheel: Path) -> None:
    """Every module of the engine and the quizzes must be in the wheel the browser installs:
    a wheel that lacks one is deleted, and the build stops.

    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     wheel = Path(tmp) / "cache" / "cardrules-0.1.0-py3-none-any.whl"
    ...     wheel.parent.mkdir()
    ...     with zipfile.ZipFile(wheel, "w") as z:
    ...         z.writestr("cardrules/__init__.py", "")
    ...     try:
    ...         check_project_wheel(wheel)
    ...     except SystemExit as e:
    ...         print(str(e)[:55], wheel.parent.exists())
    [lite] the wheel lacks cardrules/banco/__init__.py, car False
    """
    with zipfile.ZipFile(wheel) as z:
        inside = set(z.namelist())
    wanted = set()
    for f in project_sources():
        rel = f.relative_to(ROOT).as_posix()
        if rel.startswith(("cardrules/", "quizzes/")) and f.suffix == ".py":
            wanted.add(rel)
        elif rel.startswith("conf/") and f.suffix == ".toml":
            wanted.add("cardrules/" + rel)
    missing = sorted(wanted - inside)
    if missing:
        shutil.rmtree(wheel.parent, ignore_errors=True)
        raise SystemExit(f"[lite] the wheel lacks {', '.join(missing)}: list their packages "
                         "under [tool.setuptools] packages in pyproject.toml")


# -- 4. bytecode --------------------------------------------------------------------------
def precompile(wheels: list[Path], version: str) -> list[Path]:
    """The wheels with bytecode made by Pyodide itself (``lite/pycompile.py`` under node),
    so the browser does not compile IPython at every start; cached by content.  The
    project's wheel keeps its sources, the others ship bytecode only (as Pyodide's do)."""
    node = shutil.which("node")
    if node is None:
        log("node is not installed: the wheels ship without bytecode (a slower start)")
        return wheels
    script = (LITE / "pycompile.py").read_bytes() + (LITE / "pycompile.mjs").read_bytes()
    cache = CACHE / "pyc"
    out: list[Path] = []
    jobs: list[tuple[Path, Path]] = []
    for w in wheels:
        key = hashlib.sha256(w.read_bytes() + script + version.encode()).hexdigest()[:16]
        dest = cache / key / w.name
        out.append(dest)
        if not dest.is_file():
            jobs.append((w, dest))
    if jobs:
        log(f"bytecode for {len(jobs)} wheel(s), compiled by Pyodide {version} under node")
        args: list[str] = []
        for src, dest in jobs:
            dest.parent.mkdir(parents=True, exist_ok=True)
            keep = "keep" if src.name.startswith("cardrules-") else "drop"
            args += [str(src), str(dest) + ".part", keep]
        run([node, str(LITE / "pycompile.mjs"), str(PYODIDE_NPM), *args])
        for _src, dest in jobs:
            Path(str(dest) + ".part").replace(dest)
    used = {d.parent for d in out}
    for folder in cache.iterdir():
        if folder not in used:
            shutil.rmtree(folder, ignore_errors=True)
    return out


def compile_stdlib(project_wheel: Path, version: str) -> tuple[Path, Path | None]:
    """Pyodide's ``python_stdlib.zip`` with the modules the engine starts with as bytecode
    (``lite/pystdlib.py`` under node), and ``python_stdlib_worker.zip``, those modules
    alone, for the practice worker (``loadPyodide({stdLibURL})``); cached by content.
    Without node: the zip as it is, and no worker zip.  With bytecode every start loads
    those modules without compiling them: loadPyodide() takes about a quarter of the time,
    for some 0.7 MB more (the worker's own zip is 1.7 MB smaller than the whole)."""
    original = PYODIDE_NPM / "python_stdlib.zip"
    node = shutil.which("node")
    if node is None:
        log("node is not installed: the standard library ships as sources (a slower start)")
        return original, None
    script = (LITE / "pystdlib.py").read_bytes() + (LITE / "pystdlib.mjs").read_bytes()
    key = hashlib.sha256(original.read_bytes() + script + project_wheel.read_bytes()
                         + version.encode()).hexdigest()[:16]
    cache = CACHE / "stdlib"
    dest = cache / key / "python_stdlib.zip"
    worker = cache / key / "python_stdlib_worker.zip"
    if not (dest.is_file() and worker.is_file()):
        log(f"bytecode for the standard library the engine starts with (Pyodide {version})")
        shutil.rmtree(cache, ignore_errors=True)
        dest.parent.mkdir(parents=True, exist_ok=True)
        parts = [Path(str(dest) + ".part"), Path(str(worker) + ".part")]
        run([node, str(LITE / "pystdlib.mjs"), str(PYODIDE_NPM), str(original), str(parts[0]),
             str(project_wheel), str(parts[1])])
        parts[0].replace(dest)
        parts[1].replace(worker)
    return dest, worker


# -- 5. the lock file -----------------------------------------------------------------------
def wheel_metadata(wheel: Path) -> tuple[email.message.Message, list[str]]:
    """A wheel's ``METADATA`` (name, version, dependencies) and the names of its files.

    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     wheel = Path(tmp) / "comm-0.2.3-py3-none-any.whl"
    ...     with zipfile.ZipFile(wheel, "w") as z:
    ...         z.writestr("comm/__init__.py", "")
    ...         z.writestr("comm-0.2.3.dist-info/METADATA", "Name: comm\\nVersion: 0.2.3\\n")
    ...     meta, names = wheel_metadata(wheel)
    >>> meta["Name"], meta["Version"], names[0]
    ('comm', '0.2.3', 'comm/__init__.py')
    """
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
        return email.parser.Parser().parsestr(z.read(meta).decode("utf-8")), names


def top_level_imports(names: list[str]) -> list[str]:
    """What a wheel's files make importable at the top: its packages and single modules.

    >>> top_level_imports(["six.py", "jedi/__init__.py", "jedi/api/__init__.py",
    ...                    "jedi-0.19.2.dist-info/RECORD"])
    ['jedi', 'six']
    """
    out = set()
    for n in names:
        first, _, rest = n.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        if rest and rest.endswith("__init__.py") and rest.count("/") == 0:
            out.add(first)
        elif not rest and first.endswith(".py"):
            out.add(first[:-3])
    return sorted(out)


def emscripten_env(extra: str = "") -> dict[str, str]:
    """The environment markers of Pyodide's Python (PEP 508), with one extra asked for.

    >>> env = emscripten_env("quiz")
    >>> env["sys_platform"], env["python_version"], env["extra"]
    ('emscripten', '3.14', 'quiz')
    """
    return {
        "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
        "platform_machine": "wasm32", "platform_release": "", "platform_version": "",
        "python_version": PY_VERSION, "python_full_version": PY_VERSION + ".0",
        "implementation_name": "cpython", "implementation_version": PY_VERSION + ".0",
        "platform_python_implementation": "CPython", "extra": extra,
    }


def dependencies(meta: email.message.Message, extras: Iterable[str]) -> list[str]:
    """The wheels a wheel needs in Pyodide: its ``Requires-Dist`` whose markers hold for
    Emscripten, with the given extras, as the lock names them.

    >>> meta = email.parser.Parser().parsestr(
    ...     "Name: cardrules\\n"
    ...     "Requires-Dist: ipywidgets<9,>=8.1; extra == 'quiz'\\n"
    ...     "Requires-Dist: PyYAML>=6; extra == 'teach'\\n"
    ...     "Requires-Dist: pywin32; sys_platform == 'win32'\\n"
    ...     "Requires-Dist: Stack_Data\\n")
    >>> dependencies(meta, ("quiz",))
    ['ipywidgets', 'stack-data']
    """
    from packaging.requirements import Requirement

    out = set()
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or any(req.marker.evaluate(emscripten_env(e))
                                     for e in ("", *extras)):
            out.add(normalize(req.name))
    return sorted(out)


class LockEntry(TypedDict):
    """A package of Pyodide's ``pyodide-lock.json``, as Pyodide reads it."""

    depends: list[str]
    file_name: str
    imports: list[str]
    install_dir: str
    name: str
    package_type: str
    sha256: str
    unvendored_tests: bool
    version: str


def rewrite_lock(wheels: list[Path]) -> bytes:
    """Pyodide's lock, keeping only the shipped wheels, with their real names and hashes."""
    source = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, LockEntry] = {}
    for wheel in wheels:
        meta, names = wheel_metadata(wheel)
        key = normalize(str(meta["Name"]))
        if key in packages:
            raise SystemExit(f"[lite] two wheels for {key}: {wheel.name}")
        base = source["packages"].get(key, {})
        packages[key] = {
            "depends": dependencies(meta, EXTRAS.get(key, ())),
            "file_name": wheel.name,
            "imports": list(base.get("imports") or top_level_imports(names)),
            "install_dir": "site",
            "name": str(meta["Name"]),
            "package_type": "package",
            "sha256": sha256(wheel),
            "unvendored_tests": False,
            "version": str(meta["Version"]),
        }
    for key, entry in packages.items():
        missing = [d for d in entry["depends"] if d not in packages]
        if missing:
            raise SystemExit(f"[lite] {key} needs {missing}, which is not shipped: "
                             "add it to lite/requirements.txt")
    lock = {"info": source["info"], "packages": dict(sorted(packages.items()))}
    return (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode("utf-8")


# -- 6. the lite site ----------------------------------------------------------------------
def stage(wheels: list[Path], stdlib: tuple[Path, Path | None] | None = None) -> None:
    """The lite_dir: config, Pyodide core (``stdlib``: the standard library zip to ship
    instead of Pyodide's, and the worker's own), shipped wheels and lock, two lab
    extensions."""
    STAGE.mkdir(parents=True, exist_ok=True)
    config = json.loads(LITE_JSON.read_text(encoding="utf-8"))
    preload = (config["jupyter-config-data"]["litePluginSettings"]
               ["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"])
    lock = rewrite_lock(wheels)
    shipped = json.loads(lock)["packages"]
    unknown = [p for p in preload if normalize(p) not in shipped]
    if unknown:
        raise SystemExit(f"[lite] jupyter-lite.json preloads {unknown}, which is not shipped")
    write_if_changed(STAGE / "jupyter-lite.json", LITE_JSON.read_bytes())
    build_config = {
        "LiteBuildConfig": {
            "apps": ["repl"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": False,
            "ignore_sys_prefix": ["federated_extensions"],
            "output_dir": str(OUT),
            "source_date_epoch": int(SOURCE_DATE_EPOCH),
        },
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(STAGE / "labextensions")]},
    }
    write_if_changed(STAGE / "jupyter_lite_config.json",
                     (json.dumps(build_config, indent=2) + "\n").encode())
    pyodide = STAGE / "static" / "pyodide"
    with tempfile.TemporaryDirectory(prefix="cardrules-pyodide-") as tmp:
        want = Path(tmp)
        for name in PYODIDE_CORE:
            shutil.copyfile(PYODIDE_NPM / name, want / name)
        if stdlib is not None:
            shutil.copyfile(stdlib[0], want / "python_stdlib.zip")
            if stdlib[1] is not None:
                shutil.copyfile(stdlib[1], want / "python_stdlib_worker.zip")
        for w in wheels:
            shutil.copyfile(w, want / w.name)
        (want / "pyodide-lock.json").write_bytes(lock)
        sync_tree(want, pyodide)
    for ext in (WIDGETS_EXTENSION, KERNEL_EXTENSION):
        sync_tree(ext, STAGE / "labextensions" / ext.relative_to(LABEXTENSIONS))


def lite_build() -> None:
    """``jupyter lite build`` of the staged lite_dir into ``OUT``; wheels of an earlier
    build that are no longer staged are removed."""
    # jupyter-lite.json is written by one step and patched by others (extensions, Pyodide,
    # wheels); doit's record of what is up to date does not see through that, so every
    # build starts from a clean record (copies of unchanged files are cheap).
    for db in STAGE.glob(".jupyterlite.doit.db*"):
        db.unlink()
    exe = Path(sys.executable).with_name("jupyter-lite")
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    log("jupyter lite build (REPL app)")
    run([str(exe), "build", "--lite-dir", str(STAGE), "--output-dir", str(OUT)], env=env,
        cwd=STAGE)
    staged = {f.name for f in (STAGE / "static" / "pyodide").iterdir()}
    for f in (OUT / "static" / "pyodide").iterdir():  # wheels of an earlier build
        if f.name not in staged:
            f.unlink()


def check_site() -> None:
    """The built site must load Pyodide from itself, and preload the engine."""
    config = json.loads((OUT / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise SystemExit(f"[lite] pyodideUrl is {kernel.get('pyodideUrl')!r}, not the local copy")
    extensions = {e["name"] for e in config["jupyter-config-data"].get("federated_extensions", [])}
    for name in ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"):
        if name not in extensions:
            raise SystemExit(f"[lite] the site lacks the lab extension {name}")
    if not kernel.get("disablePyPIFallback"):
        raise SystemExit("[lite] the PyPI fallback must be off: the book is offline")
    lock = json.loads((OUT / "static" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    for entry in lock["packages"].values():
        f = OUT / "static" / "pyodide" / entry["file_name"]
        if not f.is_file() or sha256(f) != entry["sha256"]:
            raise SystemExit(f"[lite] {f.name} does not match the lock file")
    if not (OUT / "repl" / "index.html").is_file():
        raise SystemExit("[lite] the REPL app is missing from the build")


def size_of(path: Path) -> int:
    """The bytes of every file under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    """Build the live site (``--clean``: from an empty ``lite/_build``); 0 when done."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true",
                        help="remove lite/_build first (the download cache is kept)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.clean:
        shutil.rmtree(BUILD, ignore_errors=True)
    version = check_versions()
    project = build_project_wheel()
    wheels = precompile([*fetch_wheels(), *kernel_wheels(), project], version)
    stage(wheels, compile_stdlib(project, version))
    lite_build()
    check_site()
    log(f"Pyodide {version}, {len(wheels)} wheels; site {size_of(OUT) / 1e6:.1f} MB "
        f"(Pyodide and wheels {size_of(OUT / 'static' / 'pyodide') / 1e6:.1f} MB) in "
        f"{OUT.relative_to(ROOT)}; {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
