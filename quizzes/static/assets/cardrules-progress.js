/* cardrules Progress page: mastery per chapter and per rule (from localStorage key
   "cardrules.progress.v1"), the rules due for review, and export / import / reset; the
   learner's name, kept with the progress and in the export, for a teacher's Class page. */
(function () {
  "use strict";
  var C = window.cardrules;
  var app = document.getElementById("cr-progress");
  if (!C || !app) return;
  var h = C.h, P = C.progress;
  var index = { rules: {}, chapters: {} };
  var message = h("p", { "class": "cr-status", role: "status" });
  var NAME_CHARS = 60;

  function fmtDate(d) {
    return d ? d.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric",
      hour: "2-digit", minute: "2-digit" }) : "";
  }

  /** The learner's name in the progress ("" when none was typed). */
  function learnerName(data) {
    return typeof data.learner === "string" ? data.learner : "";
  }

  /** Keep the typed name with the progress (no name: no "learner" field); the progress. */
  function keepName(typed) {
    var data = P.load(), name = String(typed || "").replace(/\s+/g, " ").trim().slice(0, NAME_CHARS);
    if (name === learnerName(data)) return data;
    if (name) data.learner = name; else delete data.learner;
    P.save(data);
    return data;
  }

  function chapterOf(id) {
    var info = index.rules[id];
    return info && info.game ? info.game : id.split(".")[0];
  }

  /** The chapter a game's rules are read in: its page (Palace and its poker hands share
      "Palace Poker"), else the game itself. */
  function pageOf(game) {
    var c = index.chapters[game];
    return c && c.page ? c.page : game;
  }

  /** Where each page comes in the book's contents (the sidebar's links), so the chapters
      are listed in the order the book reads them. */
  function bookOrder() {
    var order = {};
    Array.prototype.forEach.call(document.querySelectorAll(".bd-sidebar-primary a[href], nav.bd-links a[href]"),
      function (a, i) {
        var name = (a.getAttribute("href") || "").split("#")[0].split("?")[0].split("/").pop();
        if (name && !(name in order)) order[name] = i;
      });
    return order;
  }

  /** The chapters with their rules, each chapter once, in the book's order. */
  function chaptersOf(rows) {
    var byPage = {}, list = [];
    rows.forEach(function (r) {
      var game = chapterOf(r.id), page = pageOf(game);
      var c = byPage[page];
      if (!c) {
        c = byPage[page] = { page: page, key: page.replace(/\.html$/, ""), games: [], rows: [], at: list.length,
          title: (index.chapters[game] && index.chapters[game].title) || game };
        list.push(c);
      }
      if (c.games.indexOf(game) < 0) c.games.push(game);
      c.rows.push(r);
    });
    var order = bookOrder(), late = 1e6;
    list.sort(function (a, b) {
      var oa = a.page in order ? order[a.page] : late + a.at, ob = b.page in order ? order[b.page] : late + b.at;
      return oa - ob;
    });
    return list;
  }

  /** The counts of a chapter's line, in words: only the levels it has, every rule in one. */
  var LEVELS = [["mastered", "mastered"], ["growing", "getting there"], ["learning", "learning"],
    ["due", "due"], ["new", "not practised yet"]];

  function countsLine(rows) {
    var parts = [];
    LEVELS.forEach(function (lw) {
      var n = rows.filter(function (r) { return r.m.level === lw[0]; }).length;
      if (!n) return;
      if (parts.length) parts.push(h("span", { "class": "cr-count-sep", "aria-hidden": "true", text: " \u00b7 " }));
      parts.push(h("span", { "class": "cr-count cr-count-" + lw[0], "data-level": lw[0], "data-count": String(n),
        text: n + " " + lw[1] }));
    });
    return parts;
  }

  function ruleTable(c) {
    var table = h("table", { "class": "cr-progress-table", "data-chapter": c.key }, [
      h("caption", { "class": "cr-sr", text: c.title + ": every rule" }),
      h("thead", null, [h("tr", null, ["Rule", "Answers", "Last seen", "Mastery", "Next review"].map(function (t) {
        return h("th", { scope: "col", text: t });
      }))])]);
    var body = h("tbody");
    c.rows.forEach(function (r) {
      var rec = r.rec;
      // data-label names each cell on a phone, where the table's head is not shown.
      body.appendChild(h("tr", { "data-rule": r.id, "data-level": r.m.level }, [
        h("td", { "class": "cr-rule-cell" }, [C.ruleLink(r.id, index)]),
        h("td", { "class": "cr-answers", "data-label": "Answers",
          text: rec && rec.attempts ? rec.right + " of " + rec.attempts + " right" : "none yet" }),
        h("td", { "class": "cr-seen", "data-label": "Last seen",
          text: rec && rec.last_seen ? fmtDate(new Date(rec.last_seen)) : "never" }),
        h("td", { "class": "cr-mastery-cell", "data-label": "Mastery" }, [P.masteryBar(r.m)]),
        h("td", { "class": "cr-next-review", "data-label": "Next review",
          text: r.m.due ? fmtDate(r.m.due) : "not scheduled" })]));
    });
    table.appendChild(body);
    return table;
  }

  function draw(F) {
    var data = P.load(), at = C.now();
    var ids = Object.keys(index.rules);
    Object.keys(data.rules).forEach(function (id) { if (ids.indexOf(id) < 0) ids.push(id); });
    var rows = ids.map(function (id) { return { id: id, rec: data.rules[id], m: P.mastery(data.rules[id], F, at) }; });
    var chapters = chaptersOf(rows);
    // The chapters the learner had open stay open when the page is drawn again (an import).
    var wasOpen = {};
    Array.prototype.forEach.call(app.querySelectorAll("details.cr-chapter[open]"), function (d) {
      wasOpen[d.dataset.chapter] = true;
    });
    app.textContent = "";

    // Keep, carry, forget: first, so a phone need not scroll past every rule to reach it.
    app.appendChild(keepPart(F));

    // Mastery per chapter: one line each (its counts and a bar); a tap opens its rules.
    app.appendChild(h("h2", { text: "Mastery per chapter" }));
    app.appendChild(h("p", { "class": "cr-chart-help", text: "Open a chapter to see each of its rules." }));
    var chart = h("ul", { "class": "cr-chart", "aria-label": "Mastery per chapter" });
    chapters.forEach(function (c) {
      var avg = c.rows.reduce(function (s, r) { return s + r.m.value; }, 0) / c.rows.length;
      var pct = Math.round(avg * 100);
      var summary = h("summary", { "class": "cr-chapter-line" }, [
        h("span", { "class": "cr-chart-title", text: c.title }),
        h("span", { "class": "cr-chart-rules", text: c.rows.length + " rules" }),
        h("span", { "class": "cr-bar", role: "img", "aria-label": "mastery " + pct + " percent" },
          [h("span", { "class": "cr-bar-fill", style: "width:" + pct + "%;background:var(--cr-bar-mastered)" })]),
        h("span", { "class": "cr-chart-words" }, countsLine(c.rows))]);
      var details = h("details", { "class": "cr-chapter", "data-chapter": c.key, "data-games": c.games.join(" ") },
        [summary, ruleTable(c)]);
      if (wasOpen[c.key]) details.open = true;
      chart.appendChild(h("li", { "data-chapter": c.key }, [details]));
    });
    app.appendChild(chart);

    // Due for review.
    var due = rows.filter(function (r) { return r.m.level === "due"; });
    app.appendChild(h("h2", { text: "Due for review" }));
    if (due.length) {
      app.appendChild(h("p", null, [h("a", { href: C.ROOT + "practice.html?rules=" +
        encodeURIComponent(due.map(function (r) { return r.id; }).join(",")),
        text: "Practise the " + (due.length === 1 ? "rule that is due" : due.length + " rules that are due") })]));
      var ul = h("ul", { "class": "cr-due-list" });
      due.forEach(function (r) { ul.appendChild(h("li", { "data-rule": r.id }, [C.ruleLink(r.id, index)])); });
      app.appendChild(ul);
    } else {
      app.appendChild(h("p", { text: "No rule is due for review now." }));
    }

    // The costliest mistakes made at the chapters' tables, each with its position to replay.
    app.appendChild(h("h2", { text: "Your costliest mistakes" }));
    mistakesPart(data).forEach(function (n) { app.appendChild(n); });
  }

  /** Your name, export, import and reset, with the line that says what they did. */
  function keepPart(F) {
    var part = h("section", { "class": "cr-keep-part", "aria-labelledby": "cr-keep-title" },
      [h("h2", { id: "cr-keep-title", text: "Keep, carry or forget your progress" })]);
    // The learner's name, for a teacher's Class page: kept with the progress in this browser
    // and in the exported file, never sent anywhere.
    var nameBox = h("input", { type: "text", id: "cr-learner-name", "class": "cr-learner-name",
      maxlength: String(NAME_CHARS), autocomplete: "name", value: learnerName(P.load()) });
    nameBox.addEventListener("change", function () { keepName(nameBox.value); });
    var exportBtn = h("button", { type: "button", "class": "cr-export", text: "Export to a file" });
    exportBtn.addEventListener("click", function () {
      var data = keepName(nameBox.value);
      var slug = learnerName(data).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 30);
      var blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
      var a = h("a", { href: URL.createObjectURL(blob),
        download: "cardrules-progress-" + (slug ? slug + "-" : "") + C.now().toISOString().slice(0, 10) + ".json" });
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
      message.textContent = "Your progress was saved to a file.";
    });
    var file = h("input", { type: "file", accept: "application/json,.json", id: "cr-import-file", "class": "cr-import" });
    file.addEventListener("change", function () {
      var f = file.files && file.files[0];
      if (!f) return;
      f.text().then(function (text) {
        var parsed;
        try { parsed = JSON.parse(text); } catch (e) { throw new Error("the file is not JSON"); }
        var problem = P.validate(parsed);
        if (problem) throw new Error(problem);
        parsed.log = parsed.log || [];
        P.save(parsed);
        return P.settle().then(function () {
          draw(F);
          // The page is drawn again: the focus goes back to the import, drawn anew.
          var again = document.getElementById("cr-import-file");
          if (again) again.focus();
          message.textContent = "Imported the progress of " + Object.keys(parsed.rules).length + " rules from " + f.name + ".";
        });
      }).catch(function (err) { message.textContent = "Not imported: " + err.message + "."; });
    });
    var resetBtn = h("button", { type: "button", "class": "cr-reset", text: "Reset progress\u2026" });
    var confirmBox = h("p", { "class": "cr-confirm", hidden: true }, ["Forget every answer kept in this browser? ",
      h("button", { type: "button", "class": "cr-reset-yes", text: "Yes, forget my progress" }),
      h("button", { type: "button", "class": "cr-reset-no", text: "Keep it" })]);
    resetBtn.addEventListener("click", function () { confirmBox.hidden = false; confirmBox.querySelector(".cr-reset-no").focus(); });
    confirmBox.querySelector(".cr-reset-no").addEventListener("click", function () { confirmBox.hidden = true; resetBtn.focus(); });
    confirmBox.querySelector(".cr-reset-yes").addEventListener("click", function () {
      P.save(P.empty());
      draw(F);
      message.textContent = "Your progress was reset.";
      var again = app.querySelector("button.cr-reset");
      if (again) again.focus();
    });
    part.appendChild(h("p", { "class": "cr-name-line" }, [
      h("label", { "for": "cr-learner-name", text: "Your name, for your teacher (it goes in the file you export): " }),
      nameBox]));
    part.appendChild(h("div", { "class": "cr-keep" }, [exportBtn,
      h("span", { "class": "cr-import-line" }, [h("label", { "for": "cr-import-file", text: "Import a progress file: " }), file]),
      " ", resetBtn, confirmBox]));
    part.appendChild(message);
    return part;
  }

  /** How much a mistake cost, in its own unit ("4.1% of the stake", "2 points"). */
  function costWords(m) {
    var unit = String(m.unit || "");
    var n = Number(m.cost).toLocaleString(undefined, { maximumFractionDigits: 2 });
    return unit.charAt(0) === "%" ? n + unit : n + (unit ? " " + unit : "");
  }

  /** Where a mistake's position is replayed: the game's chapter, its table, the position. */
  function replayHref(m) {
    var game = m.q && m.q.game || m.game;
    var chapter = game && index.chapters[game];
    if (!chapter || !m.q) return null;
    return C.ROOT + chapter.page + "?table-replay=" + encodeURIComponent(JSON.stringify(m.q)) + "#cr-table-" + game;
  }

  /** The mistakes kept with the progress, the costliest first (each in its game's unit). */
  function mistakesPart(data) {
    var list = (Array.isArray(data.mistakes) ? data.mistakes : []).filter(function (m) {
      return m && typeof m.rule === "string" && typeof m.cost === "number";
    });
    if (!list.length) {
      return [h("p", { "class": "cr-no-mistakes", text: "No mistake yet. At a chapter's table, with the coach on, " +
        "each decision that costs you is kept here, with a button to replay its position." })];
    }
    var order = list.map(function (m, i) { return { m: m, i: i }; });
    order.sort(function (a, b) { return b.m.cost - a.m.cost || b.i - a.i; });
    var ol = h("ol", { "class": "cr-mistakes-list" });
    order.slice(0, 10).forEach(function (x) {
      var m = x.m, href = replayHref(m);
      var kids = [h("strong", { text: m.what || "A costly decision" }), " It cost " + costWords(m) + ". Rule: ",
        C.ruleLink(m.rule, index), m.t ? " (" + fmtDate(new Date(m.t)) + ")" : "", " "];
      if (href) {
        var b = h("button", { type: "button", "class": "cr-replay-mistake", "data-href": href,
          text: "Replay this position" });
        b.addEventListener("click", function () { location.href = href; });
        kids.push(b);
      }
      ol.appendChild(h("li", { "data-rule": m.rule, "data-cost": String(m.cost) }, kids));
    });
    return [h("p", { text: "The decisions that cost you most at the chapters' tables, as the coach counted them, " +
      "the costliest first. Each rule also comes back sooner on the Practice page." }), ol];
  }

  app.textContent = "Loading your progress\u2026";
  var gotIndex = fetch(C.ROOT + "_static/banks/index.json").then(function (r) { return r.ok ? r.json() : null; })
    .catch(function () { return null; });
  Promise.all([gotIndex, P.loadFSRS().then(function (F) { return P.settle().then(function () { return F; }); })])
    .then(function (got) {
      if (got[0]) { index = got[0]; index.rules = index.rules || {}; index.chapters = index.chapters || {}; }
      draw(got[1]);
    }, function (err) { app.textContent = "The progress could not be shown: " + err.message; });
})();
