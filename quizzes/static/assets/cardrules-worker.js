/* cardrules engine worker: Pyodide (the core the book's live mode already serves, under
   lite/static/pyodide/) runs the rules engine and the quiz layer, which are pure Python.
   The engine is the project's wheel from the same folder (named in pyodide-lock.json),
   unpacked into site-packages: no package manager, no ipywidgets, nothing fetched twice.
   Messages: {type:"init", pyodide:<folder URL>} -> {type:"ready", ms} | {type:"failed", error};
   {id, type:"make", generator, seed, profile_toml} -> {id, type:"question", payload};
   {id, type:"check", generator, seed, profile_toml, response} -> {id, type:"verdict", correct, message}.
   Started as a module worker (new Worker(url, {type: "module"})). */
let engine = null;
/** Milliseconds each step of the start took (the benchmark reports them). */
const phases = {};

async function start(folder) {
  const t0 = performance.now();
  const { loadPyodide } = await import(folder + "pyodide.mjs");
  // The engine's wheel is fetched while Pyodide starts (its name is in the lock file).
  const wheelBytes = fetch(folder + "pyodide-lock.json").then((r) => r.json()).then((lock) => {
    const entry = lock.packages && lock.packages.cardrules;
    if (!entry) throw new Error("the rules engine's wheel is not listed in pyodide-lock.json");
    return fetch(folder + entry.file_name);
  }).then((wheel) => {
    if (!wheel.ok) throw new Error(`the rules engine's wheel did not load (${wheel.status})`);
    return wheel.arrayBuffer();
  });
  wheelBytes.catch(() => {});  // reported below, once Pyodide is up
  phases.script = Math.round(performance.now() - t0);
  // The worker's own standard library: only the modules Pyodide's start and the engine import,
  // as bytecode (lite/build.py writes it beside the REPL's full python_stdlib.zip).
  const pyodide = await loadPyodide({ indexURL: folder, lockFileURL: folder + "pyodide-lock.json",
    stdLibURL: folder + "python_stdlib_worker.zip", stdout: () => {}, stderr: () => {} });
  phases.pyodide = Math.round(performance.now() - t0);
  pyodide.unpackArchive(await wheelBytes, "wheel");
  phases.wheel = Math.round(performance.now() - t0);
  engine = pyodide.pyimport("quizzes.static.worker");
  phases.engine = Math.round(performance.now() - t0);
  return Math.round(performance.now() - t0);
}

self.onmessage = async (event) => {
  const m = event.data || {};
  if (m.type === "init") {
    try {
      const ms = await start(m.pyodide);
      self.postMessage({ type: "ready", ms, phases });
    } catch (e) {
      self.postMessage({ type: "failed", error: String((e && e.message) || e) });
    }
    return;
  }
  try {
    if (!engine) throw new Error("the engine is not ready");
    const toml = m.profile_toml || null;
    if (m.type === "make") {
      const t = performance.now();
      const payload = JSON.parse(engine.make(m.generator, String(m.seed), toml === null ? undefined : toml));
      if (phases.first_make === undefined) phases.first_make = Math.round(performance.now() - t);
      self.postMessage({ id: m.id, type: "question", payload, phases });
    } else if (m.type === "check") {
      const v = JSON.parse(engine.check(m.generator, String(m.seed), toml === null ? undefined : toml, JSON.stringify(m.response)));
      self.postMessage({ id: m.id, type: "verdict", correct: !!v.correct, message: v.message });
    } else {
      throw new Error(`unknown message type ${JSON.stringify(m.type)}; allowed: init, make, check`);
    }
  } catch (e) {
    self.postMessage({ id: m.id, type: "error", error: String((e && e.message) || e) });
  }
};
