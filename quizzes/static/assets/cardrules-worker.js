/* cardrules engine worker: Pyodide (the core the book's live mode already serves, under
   lite/static/pyodide/) runs the rules engine and the quiz layer, which are pure Python.
   The engine is the project's wheel from the same folder (named in pyodide-lock.json),
   unpacked into site-packages: no package manager, no ipywidgets, nothing fetched twice.
   Messages: {type:"init", pyodide:<folder URL>, load?:"table"} -> {type:"ready", ms} | {type:"failed", error}
   (load "table" imports the table's module first, the quizzes' when they are first asked for);
   {id, type:"make", generator, seed, profile_toml} -> {id, type:"question", payload};
   {id, type:"check", generator, seed, profile_toml, response} -> {id, type:"verdict", correct, message}.
   The book's table (quizzes/static/table.py), each answered {id, type:"table", ok, ms} or
   {id, type:"error", error}:
   {id, type:"table-start", game, rules, seed, seat, player, presses} (a hand dealt; rules are
   a shipped profile's name or house rules as TOML; presses replay a position),
   {id, type:"table-act", table, index} (press a button: an action, or a step of a play built
   card by card; "table-step" is the same), {id, type:"table-view", table},
   {id, type:"table-coach", table}, {id, type:"table-transcript", table},
   {id, type:"table-warm", game, rules} (the coach's models built before they are asked for).
   Started as a module worker (new Worker(url, {type: "module"})). */
let engine = null;
let table = null;
/** Milliseconds each step of the start took (the benchmark reports them). */
const phases = {};

async function start(folder, load) {
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
  pyodideRef = pyodide;
  if (load === "table") table = pyodide.pyimport("quizzes.static.table");
  else engine = pyodide.pyimport("quizzes.static.worker");
  phases.engine = Math.round(performance.now() - t0);
  return Math.round(performance.now() - t0);
}

/** The table's messages: each is one call of quizzes/static/table.py, with its arguments. */
const TABLE = {
  "table-start": (m) => ["start", { game: m.game, rules: m.rules || null, seed: String(m.seed),
    seat: m.seat === undefined ? null : m.seat, player: m.player || null, presses: m.presses || [] }],
  "table-act": (m) => ["press", { table_id: m.table, index: m.index, coach_on: m.coach !== false }],
  "table-step": (m) => ["press", { table_id: m.table, index: m.index, coach_on: m.coach !== false }],
  "table-view": (m) => ["view", { table_id: m.table }],
  "table-coach": (m) => ["coach", { table_id: m.table }],
  "table-transcript": (m) => ["transcript", { table_id: m.table }],
  "table-warm": (m) => ["warm", { game: m.game, rules: m.rules || null }],
};

let pyodideRef = null;
function engine_module(name) { return pyodideRef.pyimport(name); }

self.onmessage = async (event) => {
  const m = event.data || {};
  if (m.type === "init") {
    try {
      const ms = await start(m.pyodide, m.load);
      self.postMessage({ type: "ready", ms, phases });
    } catch (e) {
      self.postMessage({ type: "failed", error: String((e && e.message) || e) });
    }
    return;
  }
  try {
    if (!pyodideRef) throw new Error("the engine is not ready");
    const toml = m.profile_toml || null;
    if ((m.type === "make" || m.type === "check") && !engine) engine = engine_module("quizzes.static.worker");
    if (m.type === "make") {
      const t = performance.now();
      const payload = JSON.parse(engine.make(m.generator, String(m.seed), toml === null ? undefined : toml));
      if (phases.first_make === undefined) phases.first_make = Math.round(performance.now() - t);
      self.postMessage({ id: m.id, type: "question", payload, phases });
    } else if (TABLE[m.type]) {
      if (!table) table = engine_module("quizzes.static.table");
      const [call, args] = TABLE[m.type](m);
      const t = performance.now();
      const got = JSON.parse(table.call(call, JSON.stringify(args)));
      const ms = Math.round((performance.now() - t) * 10) / 10;
      if (got.error !== undefined) self.postMessage({ id: m.id, type: "error", error: got.error, ms });
      else self.postMessage({ id: m.id, type: "table", ok: got.ok, ms });
    } else if (m.type === "check") {
      const v = JSON.parse(engine.check(m.generator, String(m.seed), toml === null ? undefined : toml, JSON.stringify(m.response)));
      self.postMessage({ id: m.id, type: "verdict", correct: !!v.correct, message: v.message });
    } else {
      throw new Error(`unknown message type ${JSON.stringify(m.type)}; allowed: init, make, check, ${Object.keys(TABLE).join(", ")}`);
    }
  } catch (e) {
    self.postMessage({ id: m.id, type: "error", error: String((e && e.message) || e) });
  }
};
