/* cardrules table: every game of a chapter played at a table against computer players, in the
   rules engine's Web Worker (_static/cardrules-worker.js, the Practice page's), drawn by the
   book's own renderer (cardrules-quiz.js: card pictures, rule links, the progress store).
   Nothing is loaded until the learner presses "Sit at the table".  The coach (on by default,
   remembered under "cardrules.table.coach.v1") says what each decision is worth; every
   decision it scores is a review in the learner's progress, and a costly one joins the list of
   mistakes kept with the progress ("mistakes", shown on the Progress page, exported with it).
   A chapter URL may carry ?table-replay=<position> (from the Progress page) to replay one. */
(function () {
  "use strict";
  var C = window.cardrules;
  if (!C) return;
  var h = C.h, P = C.progress;
  var COACH_KEY = "cardrules.table.coach.v1";
  var MOST_MISTAKES = 200;
  /** The most face-down cards a row draws one by one (a longer pile is a labelled row). */
  var PILE = 8;
  /** The most options the coach lists in full; past it the best come first, the rest folded. */
  var MOST_SHOWN = 6;

  // -- the engine in a worker (one for the page, started on the learner's request) ----------
  var engine = { state: "off", worker: null, ready: null, calls: {}, next: 1, error: null, ms: null,
    phases: null };

  function startEngine() {
    if (engine.ready) return engine.ready;
    engine.ready = new Promise(function (resolve, reject) {
      if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
        engine.state = "unavailable";
        reject(new Error("this browser cannot run the rules engine (it needs WebAssembly and Web Workers)"));
        return;
      }
      engine.state = "starting";
      var w;
      try { w = new Worker(C.ROOT + "_static/cardrules-worker.js", { type: "module" }); } catch (e) {
        engine.state = "unavailable"; reject(e); return;
      }
      engine.worker = w;
      w.onmessage = function (ev) {
        var m = ev.data || {};
        if (m.type === "ready") { engine.state = "ready"; engine.ms = m.ms; engine.phases = m.phases; resolve(); return; }
        if (m.type === "failed") { engine.state = "unavailable"; engine.error = m.error; reject(new Error(m.error)); return; }
        var call = engine.calls[m.id];
        if (!call) return;
        delete engine.calls[m.id];
        if (m.type === "error") call.reject(new Error(m.error)); else call.resolve(m);
      };
      w.onerror = function (ev) {
        engine.state = "unavailable"; engine.error = ev.message || "the worker stopped";
        if (ev.preventDefault) ev.preventDefault();
        reject(new Error(engine.error));
      };
      w.postMessage({ type: "init", pyodide: C.ROOT + "lite/static/pyodide/", load: "table" });
    });
    return engine.ready;
  }

  function ask(message) {
    return startEngine().then(function () {
      return new Promise(function (resolve, reject) {
        var id = engine.next++;
        engine.calls[id] = { resolve: resolve, reject: reject };
        message.id = id;
        engine.worker.postMessage(message);
      });
    });
  }

  function coachOn() {
    try { return localStorage.getItem(COACH_KEY) !== "off"; } catch (e) { return true; }
  }
  function setCoach(on) {
    try { localStorage.setItem(COACH_KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  // -- the learner's progress: reviews and mistakes ------------------------------------------
  /** A scored decision: a review of its rule (a costly mistake or a refusal is "Again", the
      best play or one close to it "Good"); a costly one joins the mistakes. */
  function recordDecision(s, game, decision) {
    if (!s || !s.rule) return Promise.resolve();
    var right = !s.refused && !s.costly;
    if (s.costly) {
      var data = P.load();
      var list = Array.isArray(data.mistakes) ? data.mistakes : [];
      list.push({ rule: s.rule, cost: s.cost, unit: s.unit, what: s.what, game: game,
        t: C.now().toISOString(), q: s.q });
      data.mistakes = list.slice(-MOST_MISTAKES);
      P.save(data);
    }
    return P.record([s.rule], right, "table:" + game + "#" + (s.q ? s.q.seed : "") + "@" + decision);
  }

  // -- drawing ----------------------------------------------------------------------------
  function ruleNode(rule, title) {
    if (!rule) return null;
    return C.ruleLink(rule, null, title || null);
  }

  /** A sentence of the engine, its rule named by title and linked (never the raw id). */
  function saidNode(tag, s, attrs) {
    var kids = [s.text];
    if (s.rule) kids.push(h("span", { "class": "cr-cite" }, [" Rule: ", ruleNode(s.rule, s.title)]));
    return h(tag, attrs || null, kids);
  }

  function rowNode(row) {
    var cards = row.cards || [];
    var down = cards.filter(function (c) { return c === null; }).length;
    var box = h("div", { "class": "cr-cards" });
    if (cards.length > PILE && down === cards.length) {
      return h("div", { "class": "cr-row" }, [h("div", { "class": "cr-row-label",
        text: row.label + " (" + cards.length + " cards, face down)" })]);
    }
    cards.forEach(function (code) {
      box.appendChild(C.cardSVG(code || "", { faceDown: code === null, size: 52 }));
    });
    if (!cards.length) box.appendChild(h("span", { "class": "cr-empty", text: "(no cards)" }));
    return h("div", { "class": "cr-row" }, [h("div", { "class": "cr-row-label", text: row.label }), box]);
  }

  function resultNode(result) {
    var head = h("tr", null, result.header.map(function (t) { return h("th", { scope: "col", text: t }); }));
    var body = h("tbody");
    result.rows.forEach(function (r) {
      var why = r[r.length - 1];
      var cells = r.slice(0, -1).map(function (v) { return h("td", { text: v }); });
      cells.push(h("td", null, [/[.!?:)]$/.test(why.text) ? why.text : why.text + ".", why.rule ? h("span", { "class": "cr-cite" }, [" Rule: ", ruleNode(why.rule, why.title)]) : null]));
      body.appendChild(h("tr", null, cells));
    });
    return h("div", { "class": "cr-table-scroll", role: "region", tabindex: "0", "aria-label": result.caption }, [
      h("table", { "class": "cr-table cr-table-result" }, [h("caption", { text: result.caption }), h("thead", null, [head]), body])]);
  }

  function download(name, type, text) {
    var a = h("a", { href: URL.createObjectURL(new Blob([text], { type: type })), download: name });
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  // -- one table ----------------------------------------------------------------------------
  function setup(section) {
    if (section.dataset.crReady) return;
    section.dataset.crReady = "1";
    var config;
    try { config = JSON.parse(section.querySelector(".cr-table-config").textContent); } catch (e) { return; }
    section.classList.add("cr-app");
    var game = config.game, uid = "crt-" + game;
    var startLine = section.querySelector(".cr-table-start");
    var sit = section.querySelector(".cr-sit");
    var stage = section.querySelector(".cr-table-stage");

    // The house rules the page carries (a lesson's): its own, else a quiz's or a practice link's.
    var house = config.house;
    if (!house && /\/lessons\//.test(location.pathname)) {
      var carried = document.querySelector("[data-cr-profile-toml]");
      var toml = carried ? carried.getAttribute("data-cr-profile-toml") : null;
      if (!toml) { var s = document.querySelector("script.cr-profile-toml"); if (s) { try { toml = JSON.parse(s.textContent); } catch (e) { toml = null; } } }
      if (toml && new RegExp('^game = "' + game + '"', "m").test(toml)) {
        var named = /^name = "(.*)"$/m.exec(toml);
        house = { key: "house", name: named ? named[1] : "This page's house rules", toml: toml };
      }
    }

    // -- the settings, chosen before sitting --------------------------------------------
    var rulesSel = h("select", { id: uid + "-rules" });
    if (house) rulesSel.appendChild(h("option", { value: "house", text: "This lesson's house rules: " + house.name }));
    (config.profiles || []).forEach(function (p) {
      rulesSel.appendChild(h("option", { value: p.key, text: p.name + (p.key === config.default ? " (this chapter's rules)" : "") }));
    });
    rulesSel.value = house ? "house" : config.default;
    var seatSel = h("select", { id: uid + "-seat" });
    var others = config.seats.filter(function (s) { return s !== "You"; });
    config.seats.forEach(function (_s, i) {
      seatSel.appendChild(h("option", { value: String(i), text: "Seat " + (i + 1) + " of " + config.seats.length +
        (i === 0 ? " (deals or holds the bank, where the game has one)" : "") }));
    });
    seatSel.value = String(config.you);
    var playerSel = h("select", { id: uid + "-player" });
    (config.players || []).forEach(function (p) { playerSel.appendChild(h("option", { value: p.name, text: p.title })); });
    var seedBox = h("input", { type: "text", id: uid + "-seed", size: "10", autocomplete: "off",
      value: String(Math.floor(Math.random() * 9000) + 1000) });
    var coachBox = h("input", { type: "checkbox", id: uid + "-coach", "class": "cr-table-coach-switch" });
    coachBox.checked = coachOn();
    coachBox.addEventListener("change", function () { setCoach(coachBox.checked); showCoach(); });
    function field(label, control, id) {
      return h("p", { "class": "cr-table-field" }, [h("label", { "for": id, text: label }), " ", control]);
    }
    var settings = h("div", { "class": "cr-table-settings" }, [
      field("Rules:", rulesSel, uid + "-rules"),
      config.seats.length > 1 ? field("Your seat:", seatSel, uid + "-seat") : null,
      others.length || (config.players || []).length ? field("Computer players:", playerSel, uid + "-player") : null,
      field("Shuffle number (the same number deals the same hand):", seedBox, uid + "-seed"),
      h("p", { "class": "cr-table-field" }, [coachBox, " ", h("label", { "for": uid + "-coach",
        text: "Coach: show what each decision is worth" })])]);
    startLine.parentNode.insertBefore(settings, startLine);
    var atTable = h("p", { "class": "cr-table-at", "aria-live": "polite" });
    section.querySelector(".cr-table-players").insertBefore(atTable, section.querySelector(".cr-table-players ul"));
    function markPlayer() {
      var chosen = null;
      section.querySelectorAll("[data-cr-player]").forEach(function (li) {
        var on = li.getAttribute("data-cr-player") === playerSel.value;
        li.classList.toggle("cr-table-playing", on);
        var mark = li.querySelector(".cr-table-mark");
        if (on && !mark) li.insertBefore(h("span", { "class": "cr-table-mark", text: "At this table: " }), li.firstChild);
        if (!on && mark) mark.remove();
        if (on) chosen = li;
      });
      var seats = config.seats.filter(function (s) { return s !== "You"; });
      var who = seats.length ? seats.join(" and ") : "The house";
      var p = (config.players || []).filter(function (x) { return x.name === playerSel.value; })[0];
      atTable.textContent = p ? who + (seats.length > 1 ? " play" : " plays") + " by the rule of " + p.title + ", marked below." : "";
      return chosen;
    }
    playerSel.addEventListener("change", markPlayer);
    markPlayer();

    // -- the board ------------------------------------------------------------------------
    var status = h("p", { "class": "cr-table-status", id: uid + "-status" });
    var seedLine = h("p", { "class": "cr-table-seed" });
    var rows = h("div", { "class": "cr-rows cr-table-rows", role: "group", "aria-label": "The cards you see" });
    var pickLine = h("p", { "class": "cr-table-pick", "aria-live": "polite" });
    var choices = h("div", { "class": "cr-table-choices", role: "group", "aria-label": "Your choices" });
    var feedback = h("div", { "class": "cr-feedback cr-table-feedback", role: "status", "aria-live": "polite" });
    var coachBoxOut = h("section", { "class": "cr-table-coach", "aria-label": "The coach", "aria-live": "polite", hidden: true });
    var logList = h("ol", { "class": "cr-table-log" });
    var logBox = h("details", { "class": "cr-table-log-box" }, [h("summary", { text: "The hand so far" }), logList]);
    var result = h("div", { "class": "cr-table-result-box" });
    var after = h("div", { "class": "cr-table-after", hidden: true });
    var record = h("section", { "class": "cr-table-record", "aria-label": "The record of this hand", hidden: true });
    [status, seedLine, rows, pickLine, choices, feedback, coachBoxOut, result, after, record, logBox]
      .forEach(function (n) { stage.appendChild(n); });

    var current = null, figures = null, busy = false, replayAsked = null;
    var api = { current: function () { return current; }, figures: function () { return figures; } };
    (window.cardrulesTable = window.cardrulesTable || { engine: engine, ask: ask, tables: {} }).tables[game] = api;

    function settingsNow() {
      var rules = rulesSel.value === "house" && house ? house.toml : rulesSel.value;
      return { game: game, rules: rules, seed: seedBox.value.trim() || "1", seat: Number(seatSel.value),
        player: playerSel.value };
    }

    function draw(t, focusIndex) {
      current = t;
      section.dataset.state = t.over ? "over" : (t.your_turn ? "your-turn" : "waiting");
      section.dataset.decision = String(t.decision);
      status.textContent = t.status;
      seedLine.textContent = t.title + (t.rules.name !== t.title ? ", " + t.rules.name : "") + ", shuffle " + t.seed + ": you sit in seat " +
        (t.place + 1) + " of " + t.seats.length + ".";
      rows.textContent = "";
      t.rows.forEach(function (r) { rows.appendChild(rowNode(r)); });
      pickLine.textContent = t.pick_text || "";
      choices.textContent = "";
      t.choices.forEach(function (c, i) {
        var b = h("button", { type: "button", "class": "cr-table-choice" + (c.style ? " cr-table-" + c.style : ""),
          "data-index": String(i), title: c.hint || null, "aria-describedby": uid + "-status", text: c.label });
        b.addEventListener("click", function () { press(i); });
        choices.appendChild(b);
      });
      logList.textContent = "";
      t.log.forEach(function (s) { logList.appendChild(saidNode("li", s)); });
      result.textContent = "";
      after.hidden = !t.over;
      record.hidden = true;
      if (t.over && t.result) {
        result.appendChild(h("h4", { "class": "cr-table-over", tabindex: "-1", text: "The hand is over." }));
        result.appendChild(resultNode(t.result));
        showRecord();
      }
      var buttons = choices.querySelectorAll("button");
      if (buttons.length && focusIndex !== undefined && focusIndex !== null) {
        buttons[Math.min(focusIndex, buttons.length - 1)].focus();
      } else if (t.over && focusIndex !== null) {
        var over = result.querySelector(".cr-table-over");
        if (over) over.focus();
      }
      if (t.your_turn) showCoach(); else { figures = null; coachBoxOut.hidden = true; }
    }

    function showCoach() {
      coachBoxOut.textContent = "";
      if (!current || !current.your_turn || !coachBox.checked) { coachBoxOut.hidden = true; return; }
      coachBoxOut.hidden = false;
      var decision = current.decision, id = current.id;
      if (figures && figures.decision === decision && figures.table === id) { drawCoach(figures); return; }
      coachBoxOut.appendChild(h("p", { "class": "cr-status", text: "The coach is working out the figures\u2026" }));
      section.dataset.coach = "working";
      ask({ type: "table-coach", table: id }).then(function (m) {
        if (!current || current.decision !== decision || current.id !== id) return;
        figures = m.ok; figures.table = id; figures.worker_ms = m.ms;
        drawCoach(figures);
      }, function (err) {
        coachBoxOut.textContent = "";
        coachBoxOut.appendChild(h("p", { "class": "cr-status", text: "The coach could not work this out: " + err.message }));
      });
    }

    function drawCoach(f) {
      coachBoxOut.textContent = "";
      section.dataset.coach = "shown";
      coachBoxOut.dataset.decision = String(f.decision);
      var head = "Coach" + (f.precision ? ", " + f.precision : "");
      coachBoxOut.dataset.method = f.method || "";
      coachBoxOut.appendChild(h("p", { "class": "cr-table-coach-head" }, [h("strong", { text: head + ":" })]));
      if (f.ruling) {
        coachBoxOut.appendChild(saidNode("p", { text: "The rules leave no choice here. " + f.ruling.text, rule: f.ruling.rule, title: f.ruling.title }));
      }
      if (f.options.length) {
        // A few options are listed in the order of the buttons; many (a Casino hand) best
        // first, the others, least costly first, folded under a summary.
        var many = f.options.length > MOST_SHOWN;
        var listed = f.options.slice();
        if (many) listed.sort(function (a, b) { return (b.best - a.best) || (a.cost - b.cost); });
        var item = function (o) {
          return h("li", { "class": o.best ? "cr-table-best" : null, "data-best": o.best ? "1" : "0" }, [
            h("strong", { text: o.label }), ": " + o.value + ". ",
            h("span", { "class": "cr-table-verdict", text: o.best ? "\u2714 Best." : o.cost_text })]);
        };
        var shown = many ? Math.max(MOST_SHOWN - 2, listed.filter(function (o) { return o.best; }).length) : listed.length;
        var ul = h("ul", { "class": "cr-table-options" });
        listed.slice(0, shown).forEach(function (o) { ul.appendChild(item(o)); });
        coachBoxOut.appendChild(ul);
        if ((f.unvalued || []).length) {
          coachBoxOut.appendChild(h("p", { "class": "cr-table-unvalued", text: "The coach puts no figure on " +
            f.unvalued.join(", ") + ": \u201cbest\u201d is the best of the choices listed." }));
        }
        if (listed.length > shown) {
          var rest = h("ul", { "class": "cr-table-options" });
          listed.slice(shown).forEach(function (o) { rest.appendChild(item(o)); });
          var n = listed.length - shown;
          coachBoxOut.appendChild(h("details", { "class": "cr-table-more" }, [
            h("summary", { text: "The other " + n + " choice" + (n === 1 ? "" : "s") + ", each worth less than the best" }), rest]));
        }
      }
      if (!f.options.length && !f.ruling) (f.notes || []).forEach(function (n) { coachBoxOut.appendChild(h("p", { text: n })); });
      else if ((f.notes || []).length) {
        var d = h("details", null, [h("summary", { text: "How the coach counts" })]);
        f.notes.forEach(function (n) { d.appendChild(h("p", { text: n })); });
        coachBoxOut.appendChild(d);
      }
    }

    function showLast(last) {
      feedback.className = "cr-feedback cr-table-feedback";
      feedback.textContent = "";
      if (!last) return;
      if (last.kind === "refused") {
        feedback.classList.add("cr-wrong");
        feedback.appendChild(h("span", { "class": "cr-mark", "aria-hidden": "true", text: "\u2718 " }));
        feedback.appendChild(h("strong", { text: "Refused: " + last.label + "." }));
        feedback.appendChild(document.createTextNode(" " + last.text + " Nothing changed."));
        if (last.rule) feedback.appendChild(h("span", { "class": "cr-cite" }, [" Rule: ", ruleNode(last.rule, last.title)]));
        return;
      }
      if (last.kind === "step") { feedback.appendChild(h("span", { text: last.text })); return; }
      // a costly decision is not marked as a success, though the rules allowed it
      var costly = !!(last.scored && last.scored.costly && coachBox.checked);
      feedback.classList.add(last.setback || costly ? "cr-error" : "cr-right");
      feedback.appendChild(h("span", { "class": "cr-mark", "aria-hidden": "true", text: last.setback || costly ? "\u25cf " : "\u2714 " }));
      (last.lines || []).forEach(function (s, i) {
        if (i) feedback.appendChild(document.createTextNode(" "));
        feedback.appendChild(saidNode("span", s));
      });
      var s = last.scored;
      if (s && coachBox.checked && !s.refused) {
        var words = s.best ? (s.of_valued ? "Coach: the best of the choices it puts a figure on. " : "Coach: the best play. ") : (s.costly ? "Coach: a costly mistake. " : "Coach: close to the best. ");
        feedback.appendChild(h("p", { "class": "cr-table-scored", "data-best": s.best ? "1" : "0",
          "data-costly": s.costly ? "1" : "0" }, [h("strong", { text: words }), s.text,
          s.costly ? " It goes into your list of mistakes to practise." : ""]));
      }
    }

    function handle(promise, focusIndex) {
      busy = true;
      section.setAttribute("aria-busy", "true");
      return promise.then(function (m) {
        var t = m.ok;
        var saved = Promise.resolve();
        if (t.last && t.last.scored && coachBox.checked) saved = recordDecision(t.last.scored, game, current ? current.decision : t.decision);
        draw(t, t.last && t.last.kind === "refused" ? focusIndex : (t.over ? undefined : focusIndex));
        showLast(t.last);
        // A press is handled once its decision is scheduled in the learner's progress (the
        // first one loads the scheduler): nothing is still loading when the hand is over.
        return saved.catch(function () {}).then(function () { return t; });
      }, function (err) {
        feedback.className = "cr-feedback cr-table-feedback cr-error";
        feedback.textContent = "The table could not go on: " + err.message;
      }).then(function (t) {
        busy = false;
        section.removeAttribute("aria-busy");
        section.dataset.handled = String(Number(section.dataset.handled || 0) + 1);
        return t;
      });
    }

    function press(i) {
      if (busy || !current) return;
      handle(ask({ type: "table-act", table: current.id, index: i, coach: coachBox.checked }), i);
    }

    function deal(opts) {
      var s = settingsNow();
      stage.hidden = false;
      startLine.hidden = true;
      settings.hidden = true;
      feedback.className = "cr-feedback cr-table-feedback";
      feedback.textContent = engine.state === "ready" ? "Dealing\u2026" : "The rules engine is starting in your browser (a few seconds the first time)\u2026";
      section.dataset.state = "dealing";
      var msg = { type: "table-start", game: game, rules: s.rules, seed: s.seed, seat: s.seat, player: s.player,
        presses: (opts && opts.presses) || [] };
      if (opts && opts.q) {
        msg.rules = opts.q.toml || opts.q.rules; msg.seed = opts.q.seed; msg.seat = opts.q.seat;
        msg.player = opts.q.player; msg.presses = opts.q.presses || [];
        seedBox.value = opts.q.seed;
      }
      var warm = engine.state === "ready" ? null : true;
      return handle(ask(msg), 0).then(function (t) {
        if (t && warm) ask({ type: "table-warm", game: game, rules: msg.rules }).catch(function () { /* only speed */ });
        if (t && !t.last) {
          // a game that starts with the bets (Punto Banco, Casino Pontoon) shows no card yet
          var dealt = t.rows.some(function (r) { return r.cards.some(function (c) { return c; }); });
          feedback.className = "cr-feedback cr-table-feedback";
          feedback.textContent = !dealt ? (t.your_turn ? "Your move: the cards come after the bets." :
            "The hand ended before the deal.") :
            t.your_turn ? "Dealt. Your move." : "Dealt, and the hand ended at once.";
        }
        return t;
      });
    }

    function showRecord() {
      if (!current) return;
      var id = current.id;
      ask({ type: "table-transcript", table: id }).then(function (m) {
        if (!current || current.id !== id) return;
        var data = m.ok.data, text = m.ok.text;
        record.textContent = "";
        record.hidden = false;
        record.appendChild(h("h4", { text: "The record of this hand (shuffle " + data.seed + ")" }));
        var ol = h("ol", { "class": "cr-table-transcript" });
        data.actions.forEach(function (e) {
          ol.appendChild(h("li", null, [h("strong", { text: e.who + ": " + e.action + "." }), " " + e.explanation,
            e.rule ? h("span", { "class": "cr-cite" }, [" Rule: ", ruleNode(e.rule, e.title)]) : null,
            e.coach ? h("span", { "class": "cr-table-coached" }, [h("br"), h("em", { text: "Coach:" }), " " + e.coach]) : null]));
        });
        record.appendChild(ol);
        var name = "cardrules-" + game + "-shuffle-" + String(data.seed).replace(/[^A-Za-z0-9_-]+/g, "-");
        var j = h("button", { type: "button", "class": "cr-table-json", text: "Download the record (JSON)" });
        j.addEventListener("click", function () { download(name + ".json", "application/json", JSON.stringify(data, null, 1)); });
        var tx = h("button", { type: "button", "class": "cr-table-text", text: "Download the record (text)" });
        tx.addEventListener("click", function () { download(name + ".txt", "text/plain", text + "\n"); });
        record.appendChild(h("p", null, [j, tx]));
        section.dataset.record = String(data.actions.length);
      }, function () { /* the hand is shown; only its record is missing */ });
    }

    var again = h("button", { type: "button", "class": "cr-table-replay", text: "Replay this hand" });
    again.addEventListener("click", function () { deal().then(focusFirst); });
    var next = h("button", { type: "button", "class": "cr-primary cr-table-next", text: "Deal the next hand" });
    next.addEventListener("click", function () {
      var s = seedBox.value.trim();
      seedBox.value = /^-?\d+$/.test(s) ? String(Number(s) + 1) : s + "+";
      deal().then(focusFirst);
    });
    var change = h("button", { type: "button", "class": "cr-table-change", text: "Leave the table: change the rules, seat or shuffle" });
    change.addEventListener("click", function () {
      settings.hidden = false; startLine.hidden = false; stage.hidden = true; current = null;
      sit.textContent = "Sit at the table"; rulesSel.focus();
    });
    after.appendChild(h("p", null, [next, again]));
    stage.appendChild(h("p", { "class": "cr-table-leave" }, [change]));

    function focusFirst() {
      var b = choices.querySelector("button");
      if (b) b.focus();
    }

    // A replay asked for in the URL (the Progress page's list of mistakes).
    try {
      var asked = new URLSearchParams(location.search).get("table-replay");
      if (asked) {
        var q = JSON.parse(asked);
        if (q && q.game === game) {
          replayAsked = q;
          sit.textContent = "Replay the position of your mistake";
          startLine.insertBefore(h("span", { "class": "cr-table-replay-note",
            text: "From your list of mistakes: shuffle " + q.seed + ", after " + (q.presses || []).length + " of your moves. " }), sit);
        }
      }
    } catch (e) { replayAsked = null; }

    sit.addEventListener("pointerenter", function () { startEngine().catch(function () {}); }, { once: true, passive: true });
    sit.addEventListener("click", function () {
      var q = replayAsked;
      replayAsked = null;
      deal(q ? { q: q } : null).then(focusFirst);
    });
    startLine.hidden = false;
  }

  function init() { document.querySelectorAll("[data-cr-table]").forEach(setup); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
