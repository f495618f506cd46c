// Bytecode for the stdlib modules the engine starts with (see pystdlib.py).
// Usage: node lite/pystdlib.mjs <pyodide dir> <src zip> <dest zip> <project wheel> [<worker zip>]
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, src, dest, wheel, destWorker] = process.argv.slice(2);
if (!wheel) {
  console.error("usage: node pystdlib.mjs <pyodide dir> <src zip> <dest zip> <project wheel> [<worker zip>]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("SRC", `/host${path.resolve(src)}`);
py.globals.set("DEST", `/host${path.resolve(dest)}`);
// the engine is installed as the book's worker installs it
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
if (destWorker) py.globals.set("DEST_WORKER", `/host${path.resolve(destWorker)}`);
const script = new URL("./pystdlib.py", import.meta.url);
py.runPython(readFileSync(script, "utf-8"), { filename: "pystdlib.py" });
