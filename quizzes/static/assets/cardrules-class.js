/* cardrules Class page: a teacher loads the learners' progress files (the Progress page's
   "Export to a file") and sees the class's mastery of each rule as a heat map (rules by
   learners), the rules most often missed, each learner's due rules and the costliest
   mistakes, and downloads the table as a CSV.  The files are read in this tab only: nothing
   is sent (the page fetches nothing but the book's own rule index and scheduler), nothing is
   stored (no localStorage): the class is forgotten with the tab.

   A rule's state is the Progress page's, from the one definition in cardrules-quiz.js
   (cardrules.progress.mastery, thresholds cardrules.MASTERY).  What a file may hold, and what
   is read of it: book/class.md. */
(function () {
  "use strict";
  var C = window.cardrules;
  var app = document.getElementById("cr-class");
  if (!C || !app) return;
  var h = C.h, P = C.progress;

  /** The version of progress file this page reads (the one cardrules-quiz.js writes). */
  var VERSION = P.empty().version;
  var MAX_BYTES = 10 * 1000 * 1000;
  var NAME_CHARS = 60, WHAT_CHARS = 200, TOP = 10;
  /** A state in one or two words, for a cell of the heat map and the CSV. */
  var WORDS = { "new": "not started", learning: "learning", growing: "getting there",
    due: "due", mastered: "mastered" };

  var index = { rules: {}, chapters: {} };
  var learners = [];   // {name, file, text, data, mistakes: [..] | null}
  var notes = [];      // one line for each file left out, or read in part
  var fsrs = null;
  var onlyAnswered = true;

  // -- reading the files ------------------------------------------------------------------
  function plural(n, one, many) { return n + " " + (n === 1 ? one : many || one + "s"); }

  function shown(value) {
    var s = typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value));
    return s.length > 20 ? s.slice(0, 19) + "\u2026" : s;
  }

  function wholeNumber(x) { return typeof x === "number" && isFinite(x) && x >= 0 && Math.floor(x) === x; }

  /** A schedule the scheduler can read: none yet, or a card with a due date. */
  function readableCard(card) {
    if (card === null || card === undefined) return true;
    return typeof card === "object" && !isNaN(Date.parse(card.due)) && typeof card.state === "number"
      && (card.stability === undefined || typeof card.stability === "number");
  }

  /** The problem with a file's text as one phrase ("is not JSON"), or its data. */
  function check(text) {
    var data;
    try { data = JSON.parse(text); } catch (e) { return { problem: "it is not a progress file (it is not JSON)" }; }
    if (!data || typeof data !== "object" || Array.isArray(data) || !("rules" in data)) {
      return { problem: "it is not a progress file (no rules in it)" };
    }
    if (data.version !== VERSION) {
      return { problem: "it is a progress file of another version (" + shown(data.version) + "); this page reads version " + VERSION };
    }
    if (!data.rules || typeof data.rules !== "object" || Array.isArray(data.rules)) {
      return { problem: "it is not a progress file (its rules are not listed by rule)" };
    }
    var problem = P.validate(data);
    if (problem) return { problem: "it is not a progress file: " + problem };
    var ids = Object.keys(data.rules);
    for (var i = 0; i < ids.length; i++) {
      var rec = data.rules[ids[i]];
      if (!wholeNumber(rec.attempts) || !wholeNumber(rec.right)) {
        return { problem: "it is not a progress file: rule " + ids[i] + " needs whole numbers of answers" };
      }
      if (!readableCard(rec.card)) return { problem: "the schedule of rule " + ids[i] + " cannot be read" };
      try { P.mastery(rec, fsrs, C.now()); } catch (e) {
        return { problem: "the schedule of rule " + ids[i] + " cannot be read" };
      }
    }
    return { data: data };
  }

  /** The mistakes of a file: a list of {rule, what, cost}, null when it lists none. */
  function readMistakes(data, name) {
    if (data.mistakes === undefined || data.mistakes === null) return null;
    if (!Array.isArray(data.mistakes)) {
      notes.push(name + ": its mistakes are not a list, so none of them is shown (its progress is).");
      return [];
    }
    var out = [], left = 0;
    data.mistakes.forEach(function (m) {
      var ok = m && typeof m === "object" && typeof m.rule === "string" && m.rule.trim()
        && typeof m.cost === "number" && isFinite(m.cost) && m.cost >= 0;
      if (!ok) { left += 1; return; }
      var what = typeof m.what === "string" ? m.what.replace(/\s+/g, " ").trim().slice(0, WHAT_CHARS) : "";
      out.push({ rule: m.rule.trim(), what: what || null, cost: m.cost });
    });
    if (left) {
      notes.push(name + ": " + plural(left, "mistake") + " without a rule or a cost " +
        (left === 1 ? "was" : "were") + " left out.");
    }
    return out;
  }

  function nameFor(data) {
    var typed = typeof data.learner === "string" ? data.learner.replace(/\s+/g, " ").trim().slice(0, NAME_CHARS) : "";
    var name = typed;
    if (!name) {
      var unnamed = learners.filter(function (l) { return !l.typed; }).length;
      name = "Learner " + (unnamed + 1);
    }
    var taken = function (n) { return learners.some(function (l) { return l.name === n; }); };
    var base = name, k = 2;
    while (taken(name)) { name = base + " (" + k + ")"; k += 1; }
    return { name: name, typed: !!typed };
  }

  function accept(got) {
    if (got.problem) { notes.push("Left out " + got.file + ": " + got.problem + "."); return null; }
    var same = learners.filter(function (l) { return l.text === got.text; })[0];
    if (same) { notes.push("Left out " + got.file + ": it is the same as " + same.name + "'s file, loaded already."); return null; }
    var checked = check(got.text);
    if (checked.problem) { notes.push("Left out " + got.file + ": " + checked.problem + "."); return null; }
    var who = nameFor(checked.data);
    var learner = { name: who.name, typed: who.typed, file: got.file, text: got.text, data: checked.data };
    learner.mistakes = readMistakes(checked.data, who.name);
    learners.push(learner);
    return learner;
  }

  function readOne(f) {
    if (f.size > MAX_BYTES) return Promise.resolve({ file: f.name, problem: "it is too large to be a progress file" });
    return f.text().then(function (text) { return { file: f.name, text: text }; },
      function () { return { file: f.name, problem: "it could not be read" }; });
  }

  function readFiles(list) {
    var files = Array.prototype.slice.call(list || []);
    if (!files.length) return Promise.resolve();
    status.textContent = "Reading " + plural(files.length, "file") + "\u2026";
    notes = [];
    return Promise.all([P.loadFSRS(), Promise.all(files.map(readOne))]).then(function (got) {
      fsrs = got[0];
      var added = got[1].map(accept).filter(Boolean);
      var left = files.length - added.length;
      draw();
      status.textContent = (added.length ? "Loaded " + plural(added.length, "file") + ": " +
        added.map(function (l) { return l.name; }).join(", ") + "." : "No file loaded.") +
        (left ? " Left out " + plural(left, "file") + " (see below)." : "") +
        " The class has " + plural(learners.length, "learner") + ".";
    }, function (err) {
      status.textContent = "The files could not be read: " + (err && err.message || err) + ".";
    });
  }

  // -- what the class knows ---------------------------------------------------------------
  function chapterOf(id) {
    var info = index.rules[id];
    return info && info.game ? info.game : String(id).split(".")[0];
  }
  function chapterTitle(c) { return (index.chapters[c] && index.chapters[c].title) || c; }
  function ruleTitle(id) { return (index.rules[id] && index.rules[id].title) || id; }

  /** Every learner's state of every rule, at one moment, grouped by chapter in book order. */
  function survey() {
    var at = C.now();
    var ids = Object.keys(index.rules);
    learners.forEach(function (l) {
      Object.keys(l.data.rules).forEach(function (id) { if (ids.indexOf(id) < 0) ids.push(id); });
    });
    var rows = ids.map(function (id) {
      var cells = learners.map(function (l) {
        var rec = l.data.rules[id];
        return { rec: rec, m: P.mastery(rec, fsrs, at), attempts: rec ? rec.attempts : 0, right: rec ? rec.right : 0 };
      });
      return { id: id, cells: cells,
        answered: cells.some(function (c) { return c.attempts > 0; }),
        mastered: cells.filter(function (c) { return c.m.level === "mastered"; }).length,
        wrong: cells.reduce(function (s, c) { return s + c.attempts - c.right; }, 0),
        missedBy: cells.filter(function (c) { return c.attempts > c.right; }).length,
        attempts: cells.reduce(function (s, c) { return s + c.attempts; }, 0) };
    });
    var order = [], chapters = {};
    rows.forEach(function (r) {
      var c = chapterOf(r.id);
      if (!chapters[c]) { chapters[c] = []; order.push(c); }
      chapters[c].push(r);
    });
    return { at: at, rows: rows, order: order, chapters: chapters };
  }

  /** The rules the heat map and the CSV show, chapter by chapter. */
  function tableRows(s) {
    return s.order.map(function (c) {
      return { chapter: c, rows: s.chapters[c].filter(function (r) { return !onlyAnswered || r.answered; }) };
    }).filter(function (g) { return g.rows.length; });
  }

  // -- drawing ----------------------------------------------------------------------------
  function heatMap(s) {
    var groups = tableRows(s);
    var count = groups.reduce(function (n, g) { return n + g.rows.length; }, 0);
    var box = h("div", { "class": "cr-heat-box" });
    if (!count) {
      box.appendChild(h("p", { text: "No learner has answered a question yet." }));
      return box;
    }
    // The caption's words stay in view when the table scrolls (as do the rules and chapters).
    var caption = h("caption", { id: "cr-heat-caption" }, [h("span", {
      text: "Mastery of " + plural(count, "rule") + " by " + plural(learners.length, "learner") })]);
    var head = h("tr", null, [h("th", { scope: "col", "class": "cr-heat-rule", text: "Rule" }),
      h("th", { scope: "col", text: "Mastered by" })].concat(learners.map(function (l, i) {
      return h("th", { scope: "col", "data-learner": String(i), text: l.name });
    })));
    var table = h("table", { "class": "cr-heat" }, [caption, h("thead", null, [head])]);
    groups.forEach(function (g) {
      var body = h("tbody", { "data-chapter": g.chapter }, [h("tr", { "class": "cr-heat-chapter" }, [
        h("th", { scope: "rowgroup", colspan: String(learners.length + 2) }, [
          h("span", { text: chapterTitle(g.chapter) })])])]);
      g.rows.forEach(function (r) {
        var tr = h("tr", { "data-rule": r.id }, [
          h("th", { scope: "row", "class": "cr-heat-rule" }, [C.ruleLink(r.id, index)]),
          h("td", { "class": "cr-heat-sum", text: r.mastered + " of " + learners.length })]);
        r.cells.forEach(function (c, i) {
          var level = c.m.level;
          tr.appendChild(h("td", { "class": "cr-heat-cell cr-h-" + level, "data-learner": String(i),
            "data-level": level, "data-right": String(c.right), "data-attempts": String(c.attempts) }, [
            h("span", { "class": "cr-heat-word", text: WORDS[level] || level }),
            c.attempts ? h("span", { "class": "cr-heat-count" }, [
              h("span", { "aria-hidden": "true", text: c.right + "/" + c.attempts }),
              h("span", { "class": "cr-sr", text: ", " + c.right + " of " + c.attempts + " right" })]) : null]));
        });
        body.appendChild(tr);
      });
      table.appendChild(body);
    });
    var cue = h("p", { "class": "cr-heat-cue", id: "cr-heat-cue", hidden: true,
      text: "The table is wider than the screen: scroll it sideways to see every learner \u2192" });
    var wrap = h("div", { "class": "cr-heat-wrap", role: "region", tabindex: "0",
      "aria-labelledby": "cr-heat-caption", "aria-describedby": "cr-heat-cue" }, [table]);
    var frame = h("div", { "class": "cr-heat-frame" }, [wrap]);
    function cueNow() {
      var wide = wrap.scrollWidth > wrap.clientWidth + 1;
      cue.hidden = !wide;
      frame.classList.toggle("cr-more-right", wide && wrap.scrollLeft + wrap.clientWidth < wrap.scrollWidth - 1);
      frame.classList.toggle("cr-more-left", wide && wrap.scrollLeft > 1);
    }
    wrap.addEventListener("scroll", cueNow, { passive: true });
    box.appendChild(cue);
    box.appendChild(frame);
    box.cueNow = cueNow;
    return box;
  }

  function missedTable(s) {
    var missed = s.rows.filter(function (r) { return r.wrong > 0; });
    missed.sort(function (a, b) { return b.wrong - a.wrong || b.missedBy - a.missedBy; });
    if (!missed.length) return [h("p", { text: "No wrong answer yet." })];
    var top = missed.slice(0, TOP);
    var body = h("tbody");
    top.forEach(function (r) {
      body.appendChild(h("tr", { "data-rule": r.id }, [
        h("th", { scope: "row" }, [C.ruleLink(r.id, index),
          h("span", { "class": "cr-class-chapter", text: chapterTitle(chapterOf(r.id)) })]),
        h("td", { "class": "cr-num", "data-wrong": String(r.wrong), text: String(r.wrong) }),
        h("td", { "class": "cr-num", "data-learners": String(r.missedBy), text: r.missedBy + " of " + learners.length }),
        h("td", { "class": "cr-num", text: String(r.attempts) })]));
    });
    var out = [h("div", { "class": "cr-class-scroll", role: "region", tabindex: "0", "aria-labelledby": "cr-missed-caption" }, [
      h("table", { "class": "cr-class-table cr-missed" }, [
        h("caption", { id: "cr-missed-caption", text: "The rules with the most wrong answers" }),
        h("thead", null, [h("tr", null, ["Rule", "Wrong answers", "Learners who missed it",
          "Answers in all"].map(function (t) { return h("th", { scope: "col", text: t }); }))]), body])])];
    if (missed.length > TOP) {
      out.push(h("p", { text: plural(missed.length - TOP, "more rule has", "more rules have") + " a wrong answer; the spreadsheet has them all." }));
    }
    return out;
  }

  function dueTable(s) {
    var body = h("tbody");
    learners.forEach(function (l, i) {
      var due = s.rows.filter(function (r) { return r.cells[i].m.level === "due"; });
      var list = due.length ? h("ul", { "class": "cr-class-due-rules" }, due.map(function (r) {
        return h("li", { "data-rule": r.id }, [C.ruleLink(r.id, index)]);
      })) : h("span", { text: "none" });
      body.appendChild(h("tr", { "data-learner": String(i) }, [
        h("th", { scope: "row", text: l.name }),
        h("td", { "class": "cr-num", "data-due": String(due.length), text: String(due.length) }),
        h("td", null, [list])]));
    });
    return h("table", { "class": "cr-class-table cr-class-due" }, [
      h("caption", { text: "Rules due for review now, per learner" }),
      h("thead", null, [h("tr", null, ["Learner", "Due", "Rules due"].map(function (t) {
        return h("th", { scope: "col", text: t });
      }))]), body]);
  }

  function fmtCost(x) { return x.toLocaleString(undefined, { maximumFractionDigits: 2 }); }

  function mistakesPart() {
    var listing = learners.filter(function (l) { return l.mistakes !== null; });
    if (!listing.length) {
      return [h("p", { "class": "cr-class-no-mistakes", text: "None of these files lists mistakes: the " +
        "Progress page does not record them yet. When a file lists them, the costliest show here." })];
    }
    var byKey = {}, keys = [];
    listing.forEach(function (l) {
      l.mistakes.forEach(function (m) {
        var key = m.rule + "\n" + (m.what || "");
        var e = byKey[key];
        if (!e) { e = byKey[key] = { rule: m.rule, what: m.what, cost: 0, times: 0, who: [] }; keys.push(key); }
        e.cost += m.cost;
        e.times += 1;
        if (e.who.indexOf(l.name) < 0) e.who.push(l.name);
      });
    });
    var about = h("p", { text: plural(listing.length, "file") + " of " + learners.length + " " +
      (listing.length === 1 ? "lists its" : "list their") + " mistakes." });
    if (!keys.length) return [about, h("p", { text: "No mistake is listed in them." })];
    var all = keys.map(function (k) { return byKey[k]; });
    all.sort(function (a, b) { return b.cost - a.cost || b.times - a.times; });
    var body = h("tbody");
    all.slice(0, TOP).forEach(function (e) {
      body.appendChild(h("tr", { "data-rule": e.rule }, [
        h("th", { scope: "row", text: e.what || ruleTitle(e.rule) }),
        h("td", null, [C.ruleLink(e.rule, index)]),
        h("td", { text: e.who.join(", ") }),
        h("td", { "class": "cr-num", "data-times": String(e.times), text: String(e.times) }),
        h("td", { "class": "cr-num", "data-cost": String(e.cost), text: fmtCost(e.cost) })]));
    });
    return [about, h("div", { "class": "cr-class-scroll", role: "region", tabindex: "0", "aria-labelledby": "cr-mistakes-caption" }, [
      h("table", { "class": "cr-class-table cr-mistakes" }, [
        h("caption", { id: "cr-mistakes-caption", text: "The costliest mistakes, across the class" }),
        h("thead", null, [h("tr", null, ["Mistake", "Rule", "Learners", "Times", "Cost in all"].map(function (t) {
          return h("th", { scope: "col", text: t });
        }))]), body])])];
  }

  function learnerList() {
    var ul = h("ul", { "class": "cr-class-learners" });
    learners.forEach(function (l, i) {
      var recs = Object.keys(l.data.rules).map(function (id) { return l.data.rules[id]; });
      var answers = recs.reduce(function (n, r) { return n + r.attempts; }, 0);
      var remove = h("button", { type: "button", "class": "cr-class-remove", text: "Remove",
        "aria-label": "Remove " + l.name });
      remove.addEventListener("click", function () {
        learners.splice(i, 1);
        notes = [];
        draw();
        status.textContent = l.name + " was removed. The class has " + plural(learners.length, "learner") + ".";
        picker.focus();
      });
      ul.appendChild(h("li", { "data-learner": String(i) }, [h("strong", { text: l.name }),
        " (" + l.file + "): " + plural(answers, "answer") + " on " + plural(recs.length, "rule") + ". ", remove]));
    });
    return ul;
  }

  // -- the spreadsheet --------------------------------------------------------------------
  /** One CSV field: quoted when it must be; a text a spreadsheet would run as a formula is
      kept as text. */
  function field(v) {
    var s = v === null || v === undefined ? "" : String(v);
    if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\r\n]/.test(s) ? "\"" + s.replace(/"/g, "\"\"") + "\"" : s;
  }

  function csv(s) {
    var head = ["Chapter", "Rule", "Rule id", "Mastered by"];
    learners.forEach(function (l) {
      head.push(l.name + ": state", l.name + ": right", l.name + ": answers", l.name + ": next review");
    });
    var lines = [head];
    tableRows(s).forEach(function (g) {
      g.rows.forEach(function (r) {
        var line = [chapterTitle(g.chapter), ruleTitle(r.id), r.id, r.mastered];
        r.cells.forEach(function (c) {
          line.push(WORDS[c.m.level] || c.m.level, c.right, c.attempts, c.m.due ? c.m.due.toISOString() : "");
        });
        lines.push(line);
      });
    });
    return "\ufeff" + lines.map(function (l) { return l.map(field).join(","); }).join("\r\n") + "\r\n";
  }

  function download(s) {
    var blob = new Blob([csv(s)], { type: "text/csv;charset=utf-8" });
    var a = h("a", { href: URL.createObjectURL(blob), download: "cardrules-class-" + C.now().toISOString().slice(0, 10) + ".csv" });
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    status.textContent = "The table was saved as a spreadsheet (CSV).";
  }

  // -- the page ---------------------------------------------------------------------------
  var status = h("p", { "class": "cr-status", role: "status" });
  var noteList = h("ul", { "class": "cr-class-notes", "aria-live": "polite" });
  var results = h("div", { "class": "cr-class-results" });
  var picker = h("input", { type: "file", id: "cr-class-files", "class": "cr-class-files", multiple: true,
    accept: "application/json,.json" });
  var drop = h("div", { "class": "cr-drop" }, [
    h("p", { "class": "cr-drop-title", text: "Drop the learners' progress files here, or choose them." }),
    h("label", { "for": "cr-class-files", text: "Progress files (choose as many as you have): " }), picker]);

  function draw() {
    noteList.textContent = "";
    notes.forEach(function (n) { noteList.appendChild(h("li", { text: n })); });
    noteList.hidden = !notes.length;
    var hadFocus = document.activeElement && document.activeElement.id;
    results.textContent = "";
    cue = null;
    if (!learners.length) {
      results.appendChild(h("p", { "class": "cr-class-empty", text: "No file is loaded yet." }));
      return;
    }
    var s = survey();
    results.appendChild(h("h2", { text: "The class" }));
    results.appendChild(learnerList());
    var clear = h("button", { type: "button", "class": "cr-class-clear", text: "Forget the whole class" });
    clear.addEventListener("click", function () {
      learners = [];
      notes = [];
      draw();
      status.textContent = "The class was forgotten.";
      picker.focus();
    });
    var save = h("button", { type: "button", "class": "cr-class-csv cr-primary", text: "Download the table as a spreadsheet (CSV)" });
    save.addEventListener("click", function () { download(survey()); });
    results.appendChild(h("p", null, [save, " ", clear]));

    results.appendChild(h("h2", { text: "Mastery per rule" }));
    var only = h("input", { type: "checkbox", id: "cr-class-only", checked: onlyAnswered });
    only.addEventListener("change", function () { onlyAnswered = only.checked; draw(); });
    results.appendChild(h("p", null, [only, " ", h("label", { "for": "cr-class-only",
      text: "Only the rules someone has answered (leave unticked for every rule of the book)" })]));
    var heat = heatMap(s);
    results.appendChild(heat);
    results.appendChild(h("h2", { text: "The rules most often missed" }));
    missedTable(s).forEach(function (n) { results.appendChild(n); });
    results.appendChild(h("h2", { text: "Due for review, per learner" }));
    results.appendChild(h("div", { "class": "cr-class-scroll", role: "region", tabindex: "0", "aria-label": "Rules due for review now, per learner" }, [dueTable(s)]));
    results.appendChild(h("h2", { text: "The costliest mistakes" }));
    mistakesPart().forEach(function (n) { results.appendChild(n); });
    cue = heat.cueNow || null;
    if (cue) cue();
    if (hadFocus === "cr-class-only") document.getElementById("cr-class-only").focus();
  }

  var cue = null;  // shows or hides the heat map's scroll cue
  window.addEventListener("resize", function () { if (cue) cue(); });
  picker.addEventListener("change", function () {
    readFiles(picker.files).then(function () { picker.value = ""; });
  });
  // A drop anywhere on the page loads the files (and never opens them in the tab instead).
  function carriesFiles(ev) {
    var types = ev.dataTransfer && ev.dataTransfer.types;
    return !!types && Array.prototype.indexOf.call(types, "Files") >= 0;
  }
  document.addEventListener("dragover", function (ev) {
    if (!carriesFiles(ev)) return;
    ev.preventDefault();
    ev.dataTransfer.dropEffect = "copy";
    drop.classList.add("cr-drop-over");
  });
  document.addEventListener("dragleave", function (ev) {
    if (!ev.relatedTarget) drop.classList.remove("cr-drop-over");
  });
  document.addEventListener("drop", function (ev) {
    if (!carriesFiles(ev)) return;
    ev.preventDefault();
    drop.classList.remove("cr-drop-over");
    readFiles(ev.dataTransfer.files);
  });

  app.textContent = "";
  [drop, status, noteList, results].forEach(function (el) { app.appendChild(el); });
  draw();
  // The book's own rule index (titles and chapters) and scheduler, fetched once the page is
  // open, so that files dropped later are read without a connection.
  var gotIndex = fetch(C.ROOT + "_static/banks/index.json").then(function (r) { return r.ok ? r.json() : null; })
    .catch(function () { return null; }).then(function (got) {
      if (got) { index = got; index.rules = index.rules || {}; index.chapters = index.chapters || {}; }
      if (learners.length) draw();
    });
  var gotScheduler = P.loadFSRS().catch(function () { return null; });
  Promise.all([gotIndex, gotScheduler]).then(function () { app.setAttribute("data-cr-ready", ""); });
})();
