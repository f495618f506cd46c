/* cardrules Practice page: questions for the rules that are due, scheduled with FSRS
   (ts-fsrs), drawn from the pre-made banks (_static/banks/<generator>.json, fetched when
   needed) and, once it is ready, from the rules engine in a Web Worker (fresh questions,
   checked by the engine).  URL: practice.html?rules=a,b&chapters=pontoon,...&profile=<key>
   (&source=engine waits for the engine; &source=bank never starts it). */
(function () {
  "use strict";
  var C = window.cardrules;
  var app = document.getElementById("cr-practice");
  if (!C || !app) return;
  var h = C.h, P = C.progress;
  var BANKS = C.ROOT + "_static/banks/";
  var params = new URLSearchParams(location.search);
  function list(name) {
    return (params.get(name) || "").split(",").map(function (s) { return s.trim(); }).filter(Boolean);
  }
  var wantRules = list("rules"), wantChapters = list("chapters");
  var profileKey = params.get("profile") || "";
  var sourceMode = params.get("source") || "auto";

  // -- the engine in a worker -------------------------------------------------------------
  // Set once the engine has started in this browser: on a return visit its files are in the
  // cache, so the page starts it at once instead of waiting for the learner's click.
  var ENGINE_USED = "cardrules.engine.v1";
  var engine = { state: "off", worker: null, ready: null, calls: {}, next: 1, ms: null, error: null,
    made: 0, checked: 0 };

  function startEngine() {
    if (engine.state !== "off") return engine.ready;
    if (sourceMode === "bank" || typeof WebAssembly !== "object" || typeof Worker !== "function") {
      engine.state = "unavailable";
      return null;
    }
    engine.state = "starting";
    engine.ready = new Promise(function (resolve, reject) {
      var w;
      try {
        w = new Worker(C.ROOT + "_static/cardrules-worker.js", { type: "module" });
      } catch (e) { engine.state = "unavailable"; reject(e); return; }
      engine.worker = w;
      w.onmessage = function (ev) {
        var m = ev.data || {};
        if (m.type === "ready") {
          engine.state = "ready"; engine.ms = m.ms; engine.phases = m.phases;
          try { localStorage.setItem(ENGINE_USED, "1"); } catch (e) { /* private mode */ }
          resolve(); updateStatus(); return;
        }
        if (m.type === "failed") {
          engine.state = "unavailable"; engine.error = m.error; reject(new Error(m.error)); updateStatus(); return;
        }
        var call = engine.calls[m.id];
        if (!call) return;
        delete engine.calls[m.id];
        if (m.type === "error") call.reject(new Error(m.error)); else call.resolve(m);
      };
      w.onerror = function (ev) {
        engine.state = "unavailable"; engine.error = ev.message || "the worker stopped";
        if (ev.preventDefault) ev.preventDefault();
        reject(new Error(engine.error)); updateStatus();
      };
      w.postMessage({ type: "init", pyodide: C.ROOT + "lite/static/pyodide/" });
    });
    engine.ready.catch(function () { /* the banks carry on */ });
    updateStatus();
    return engine.ready;
  }

  function ask(message) {
    return new Promise(function (resolve, reject) {
      var id = engine.next++;
      engine.calls[id] = { resolve: resolve, reject: reject };
      message.id = id;
      engine.worker.postMessage(message);
    });
  }

  // -- what there is to practise ----------------------------------------------------------
  var index = null, scope = [], banks = {}, seen = {};

  function tomlOf(key) {
    var p = key && index.profiles && index.profiles[key];
    return p && p.toml ? p.toml : null;
  }

  /** The one rule a question asks about (the first of its rules): it labels the question
      and is the only rule its answer is credited to. */
  function askOf(q) { return q.asks || (q.rule_ids || [])[0]; }

  /** How the house rules of a question's table state a rule they change, else null. */
  function houseStatement(q, rule) {
    var p = q.profile && index.profiles && index.profiles[q.profile];
    return p && p.house && p.house[rule] ? p.house[rule] : null;
  }

  /** What there is to practise: one entry per bank, with the rules its questions ask
      about (not those they merely touch).  With house rules (?profile=), the banks under them; else each generator's
      own bank, and a variation's bank for the variation alone (stick on 16 is asked at a
      table that sticks on 16).  A rule no bank asks about is left out, so that it never
      waits for a question that cannot come. */
  function computeScope() {
    var out = [];
    function ownRules(g) { return String(g.file).indexOf("@") < 0; }
    (index.generators || []).forEach(function (g) {
      if (wantChapters.length && wantChapters.indexOf(g.game) < 0) return;
      var about = g.rules || [];
      if (profileKey) {
        if (g.profile !== profileKey) return;
      } else if (g.variation) {
        about = g.variation;
      } else if (!ownRules(g)) {
        return;
      }
      var asks = g.asks || about.slice(0, 1);
      // at a house table a question may be on a variation of the rule asked for (sticking
      // at a table that sticks on 16 is the variation "stick on 16")
      var housed = profileKey && about.some(function (r) { return wantRules.indexOf(r) >= 0; });
      var rules = about.filter(function (r) {
        return asks.indexOf(r) >= 0 && (!wantRules.length || wantRules.indexOf(r) >= 0 ||
          (housed && (index.rules[r] || {}).option));
      });
      if (!rules.length) return;
      out.push({ id: g.id, rules: rules, kind: g.kind, game: g.game, title: g.title, file: g.file,
        toml: ownRules(g) ? null : tomlOf(g.profile) });
    });
    return out;
  }

  /** The rules of scope entries, each once (the scope's, unless others are given). */
  function rulesInScope(entries) {
    var out = [];
    (entries || scope).forEach(function (g) { g.rules.forEach(function (r) { if (out.indexOf(r) < 0) out.push(r); }); });
    return out;
  }

  function bankOf(g) {
    if (!banks[g.file]) {
      banks[g.file] = fetch(BANKS + g.file).then(function (r) {
        if (!r.ok) throw new Error("the bank " + g.file + " did not load (" + r.status + ")");
        return r.json();
      });
    }
    return banks[g.file];
  }

  // -- scheduling -------------------------------------------------------------------------
  var lastRule = null, lastKind = null, session = { answered: 0, right: 0 }, current = { q: null };

  /** The next rule: the most overdue first, then one never practised; null when none is due. */
  function nextRule(F, anyway) {
    var data = P.load(), at = C.now(), due = [], fresh = [], later = [];
    rulesInScope().forEach(function (id) {
      var rec = data.rules[id];
      if (!rec || !rec.card) { fresh.push(id); return; }
      var card = P.readCard(F, rec.card);
      (card.due <= at ? due : later).push({ id: id, due: card.due });
    });
    due.sort(function (a, b) { return a.due - b.due; });
    later.sort(function (a, b) { return a.due - b.due; });
    function notLast(xs) {
      var other = xs.filter(function (x) { return (x.id || x) !== lastRule; });
      return other.length ? other : xs;
    }
    if (due.length) return notLast(due)[0].id;
    if (fresh.length) { var f = notLast(fresh); return f[Math.floor(Math.random() * f.length)]; }
    if (anyway && later.length) return notLast(later)[0].id;
    return null;
  }

  function pickGenerator(rule) {
    var gens = scope.filter(function (g) { return g.rules.indexOf(rule) >= 0; });
    var other = gens.filter(function (g) { return g.kind !== lastKind; });
    var from = other.length ? other : gens;
    return from[Math.floor(Math.random() * from.length)];
  }

  function fromBank(g, rule) {
    return bankOf(g).then(function (b) {
      var fresh = (b.questions || []).filter(function (q) { return !seen[q.generator + "#" + q.seed]; });
      // questions that ask about the rule due first (a generator may cover a rule and its
      // variation)
      var qs = fresh.filter(function (q) { return askOf(q) === rule; });
      if (!qs.length) qs = fresh.filter(function (q) { return g.rules.indexOf(askOf(q)) >= 0; });
      if (!qs.length) qs = b.questions || [];
      if (!qs.length) throw new Error("the bank " + g.file + " is empty");
      return { q: qs[Math.floor(Math.random() * qs.length)], engine: false };
    });
  }

  function fromEngine(g) {
    var seed = "p" + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
    return ask({ type: "make", generator: g.id, seed: seed, profile_toml: g.toml })
      .then(function (m) {
        engine.made += 1;
        if (m.phases) engine.phases = m.phases;
        return { q: m.payload, engine: true };
      });
  }

  /** A fresh question on the rule due: a generator may cover a rule and its neighbours,
      so the engine is asked a few times, then the bank's questions on the rule serve. */
  function fromEngineOn(g, rule) {
    var tries = 0;
    function about(got) { return askOf(got.q) === rule; }
    function next() {
      return fromEngine(g).then(function (got) {
        tries += 1;
        if (about(got)) return got;
        if (tries < 4) return next();
        return fromBank(g, rule).then(function (b) { return about(b) ? b : got; });
      });
    }
    return next();
  }

  function question(g, rule) {
    if (engine.state === "ready") return fromEngineOn(g, rule).catch(function () { return fromBank(g, rule); });
    if (sourceMode === "engine" && engine.ready) {
      return engine.ready.then(function () { return fromEngineOn(g, rule); });
    }
    return fromBank(g, rule);
  }

  function inWords(ms) {
    var min = Math.round(ms / 60000);
    if (min < 1) return "in less than a minute";
    if (min < 60) return "in " + min + " minute" + (min === 1 ? "" : "s");
    var hours = Math.round(min / 60);
    if (hours < 36) return "in about " + hours + " hour" + (hours === 1 ? "" : "s");
    var days = Math.round(hours / 24);
    return "in about " + days + " day" + (days === 1 ? "" : "s");
  }

  // -- the page ---------------------------------------------------------------------------
  var statusLine = h("p", { "class": "cr-status", "aria-live": "polite" });
  var stage = h("section", { "class": "cr-quiz cr-js", "aria-label": "Practice question", hidden: true });
  var sessionLine = h("p", { "class": "cr-score", "aria-live": "polite" });

  function updateStatus() {
    var words = {
      off: "", starting: "The rules engine is starting in the background; until it is ready, questions come from the pre-made banks.",
      ready: "The rules engine is ready: each question is a fresh one, made and checked by the engine.",
      unavailable: "Questions come from the pre-made banks" + (engine.error ? " (the engine could not start: " + engine.error + ")." : "."),
    };
    statusLine.textContent = words[engine.state] || "";
  }

  function showNext(F, anyway) {
    var rule = nextRule(F, anyway);
    if (!rule) {
      var data = P.load(), soonest = null;
      rulesInScope().forEach(function (id) {
        var rec = data.rules[id];
        if (rec && rec.card) { var d = new Date(rec.card.due); if (!soonest || d < soonest) soonest = d; }
      });
      stage.textContent = "";
      var msg = h("p", { "class": "cr-summary-title", tabindex: "-1",
        text: "Nothing is due now." + (soonest ? " The next rule comes back " + inWords(soonest - C.now()) + "." : "") });
      var more = h("button", { type: "button", text: "Keep practising anyway" });
      more.addEventListener("click", function () { showNext(F, true); });
      stage.appendChild(h("div", { "class": "cr-summary", role: "status" }, [msg,
        h("p", null, [h("a", { href: C.ROOT + "progress.html", text: "See your progress" })]), more]));
      msg.focus();
      return Promise.resolve();
    }
    var g = pickGenerator(rule);
    stage.setAttribute("aria-busy", "true");
    return question(g, rule).then(function (got) {
      var q = got.q;
      // the rule the question asks about: the learner sees it and the answer counts for it
      // alone (not for the rules the question merely touches)
      var about = askOf(q) || rule;
      seen[q.generator + "#" + q.seed] = 1;
      lastRule = rule; lastKind = q.kind;
      var view = C.renderQuestion(stage, q, {
        label: "Rule: " + ((index.rules[about] || {}).title || about),
        index: index,
        source: got.engine ? "A fresh question from the rules engine." : "A question from the pre-made bank.",
        check: got.engine ? function (qq, response) {
          return ask({ type: "check", generator: qq.generator, seed: qq.seed, profile_toml: g.toml,
            response: response }).then(function (v) { engine.checked += 1; return v; });
        } : null,
        onAnswer: function (r) {
          session.answered += 1; if (r.correct) session.right += 1;
          sessionLine.textContent = "This session: " + session.right + " right out of " + session.answered + ".";
          P.record([about], r.correct, q.generator + "#" + q.seed).then(function (data) {
            var rec = data.rules[about];
            if (rec && rec.card) {
              var when = h("p", { "class": "cr-status cr-when",
                text: (r.correct ? "Right, so this rule comes back later: " : "Not right, so this rule comes back soon: ")
                  + inWords(new Date(rec.card.due) - C.now()) + "." });
              var after = stage.querySelector(".cr-after");
              if (after) after.parentNode.insertBefore(when, after);
            }
          });
        },
        next: { label: "Next question", run: function () {
          showNext(F, anyway).then(function () {
            var first = stage.querySelector(".cr-form input");
            if (first) first.focus();
          });
        } },
      });
      // at a house table, the rule as that table states it, marked as a house rule
      var house = houseStatement(q, about), label = stage.querySelector(".cr-q-number");
      if (house && label) {
        label.parentNode.insertBefore(h("p", { "class": "cr-q-house", text: house }), label.nextSibling);
      }
      current.q = q;
      stage.dataset.source = got.engine ? "engine" : "bank";
      stage.dataset.rule = about;
      stage.removeAttribute("aria-busy");
      return view;
    }, function (err) {
      stage.textContent = "";
      stage.appendChild(h("p", { "class": "cr-feedback cr-error", text: "No question could be made: " + err.message }));
    });
  }

  function start(form) {
    var picked = Array.prototype.slice.call(form.querySelectorAll("input[name=chapter]:checked"))
      .map(function (el) { return el.value; }).join(",").split(",").filter(Boolean);
    if (!wantRules.length) wantChapters = picked;
    scope = computeScope();
    if (!scope.length) {
      statusLine.textContent = "Nothing to practise: pick at least one chapter.";
      return;
    }
    startEngine();
    updateStatus();
    stage.hidden = false;
    app.dataset.started = "1";
    P.loadFSRS().then(function (F) {
      return P.settle().then(function () { return showNext(F, false); });
    }).then(function (view) { if (view && view.focus) view.focus(); });
  }

  function build() {
    app.textContent = "";
    var form = h("form", { "class": "cr-choose" });
    if (wantRules.length) {
      // the rules practised: those asked for, or at a house table their variations
      var covered = rulesInScope(computeScope());
      if (!covered.length) covered = wantRules;
      var names = covered.map(function (r) { return (index.rules[r] || {}).title || r; });
      form.appendChild(h("p", { text: "This practice covers " + (covered.length === 1 ? "one rule: " : covered.length + " rules: ")
        + names.join(", ") + "." }));
      form.appendChild(h("p", null, [h("a", { href: C.ROOT + "practice.html", text: "Practise every rule instead" })]));
    } else {
      var fs = h("fieldset", null, [h("legend", { text: "Chapters to practise" })]);
      // One box per chapter page (a page may teach two games, e.g. Palace Poker).
      var pages = {}, order = [];
      Object.keys(index.chapters || {}).forEach(function (game) {
        var hasGens = (index.generators || []).some(function (g) { return g.game === game; });
        if (!hasGens) return;
        var key = index.chapters[game].page || game;
        if (!pages[key]) { pages[key] = { title: index.chapters[game].title, games: [] }; order.push(key); }
        pages[key].games.push(game);
      });
      order.forEach(function (key) {
        var games = pages[key].games;
        var on = !wantChapters.length || games.some(function (g) { return wantChapters.indexOf(g) >= 0; });
        fs.appendChild(h("label", null, [h("input", { type: "checkbox", name: "chapter", value: games.join(","),
          checked: on }), " " + pages[key].title]));
      });
      form.appendChild(fs);
    }
    if (profileKey) {
      var p = index.profiles && index.profiles[profileKey];
      form.appendChild(h("p", { text: "House rules: " + (p ? p.name : profileKey) + "." }));
    }
    var startButton = h("button", { type: "submit", "class": "cr-primary cr-start", text: "Start practising" });
    // The engine starts as soon as the learner heads for the button (it takes a few seconds).
    ["pointerenter", "focus", "touchstart"].forEach(function (name) {
      startButton.addEventListener(name, function () { startEngine(); }, { once: true, passive: true });
    });
    form.appendChild(startButton);
    form.addEventListener("submit", function (ev) { ev.preventDefault(); start(form); });
    var returning = false;
    try { returning = localStorage.getItem(ENGINE_USED) === "1"; } catch (e) { /* private mode */ }
    if (returning) startEngine();
    app.appendChild(form);
    app.appendChild(statusLine);
    app.appendChild(stage);
    app.appendChild(sessionLine);
  }

  /** For the page's tests and benchmark: the engine's state and the question on screen. */
  window.cardrulesPractice = { engine: engine, startEngine: startEngine, ask: ask, current: current,
    scope: function () { return scope; } };
  app.textContent = "Loading the list of rules\u2026";
  fetch(BANKS + "index.json").then(function (r) {
    if (!r.ok) throw new Error("the list of questions did not load (" + r.status + ")");
    return r.json();
  }).then(function (data) { index = data; index.rules = index.rules || {}; build(); }, function (err) {
    app.textContent = "The practice could not start: " + err.message;
  });
})();
