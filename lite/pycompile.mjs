// Compile wheels' Python to bytecode with the Pyodide the browser runs (see pycompile.py).
// Usage: node lite/pycompile.mjs <pyodide dir> <src.whl> <dest.whl> <keep|drop> [...]
// (keep: sources stay beside __pycache__; drop: bytecode only, as Pyodide's own wheels)
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...pairs] = process.argv.slice(2);
if (!pyodideDir || pairs.length === 0 || pairs.length % 3) {
  console.error("usage: node pycompile.mjs <pyodide dir> <src.whl> <dest.whl> <keep|drop> ...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
const jobs = [];
for (let i = 0; i < pairs.length; i += 3) {
  jobs.push([`/host${path.resolve(pairs[i])}`, `/host${path.resolve(pairs[i + 1])}`,
             pairs[i + 2] === "keep"]);
}
py.globals.set("JOBS", py.toPy(jobs));
const script = new URL("./pycompile.py", import.meta.url);
py.runPython(readFileSync(script, "utf-8"), { filename: "pycompile.py" });
