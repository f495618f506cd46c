/* cardrules quizzes: the one renderer for every question of the book (a page's quiz, a
   pre-made bank, the engine in a Web Worker), the learner's progress (localStorage key
   "cardrules.progress.v1", never sent anywhere) and the mastery bar of each rule box.
   A question is drawn from its payload JSON (quizzes.model.question.question_payload). No network,
   except the scheduler script (ts-fsrs, served by the book) once there is progress to show. */
(function () {
  "use strict";
  if (window.cardrules && window.cardrules.renderQuestion) return;

  var KEY = "cardrules.progress.v1";
  var SCRIPT = (document.currentScript && document.currentScript.src) || location.href;
  /** The book's root, from this script's place (_static/cardrules-quiz.js). */
  var ROOT = new URL("../", SCRIPT).href;
  /** Mastered: predicted recall now >= 0.9 and a memory stability of 21 days or more. */
  var MASTERY = { retrievability: 0.9, stability: 21 };

  function now() {
    var f = window.cardrulesClock;
    var d = typeof f === "function" ? f() : new Date();
    return d instanceof Date ? d : new Date(d);
  }

  function h(tag, attrs, kids) {
    var el = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") el.textContent = v;
        else if (k === "class") el.className = v;
        else el.setAttribute(k, v === true ? "" : v);
      });
    }
    (kids || []).forEach(function (k) {
      if (k === null || k === undefined) return;
      el.appendChild(typeof k === "string" ? document.createTextNode(k) : k);
    });
    return el;
  }

  function parseNumber(text) {
    if (typeof text === "number") return isFinite(text) ? text : null;
    var t = String(text).trim().replace(/[,\s]/g, "");
    if (!t) return null;
    var m = /^([+-]?\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(t);
    if (m) { return Number(m[2]) === 0 ? null : Number(m[1]) / Number(m[2]); }
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
    return Number(t);
  }

  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    var x = a.map(Number).sort(), y = b.map(Number).sort();
    for (var i = 0; i < x.length; i++) { if (x[i] !== y[i]) return false; }
    return true;
  }

  // -- cards ------------------------------------------------------------------------------
  var RANKS = { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king" };
  var SUITS = { C: ["clubs", "\u2663"], D: ["diamonds", "\u2666"], H: ["hearts", "\u2665"],
    S: ["spades", "\u2660"] };
  var NS = "http://www.w3.org/2000/svg";

  function cardInfo(code) {
    var m = /^(10|[2-9AJQK])([CDHS])$/i.exec(String(code).trim());
    if (!m) return null;
    var r = m[1].toUpperCase(), s = SUITS[m[2].toUpperCase()];
    return { rank: r, suit: s[1], red: m[2].toUpperCase() === "D" || m[2].toUpperCase() === "H",
      name: RANKS[r] + " of " + s[0], short: r + s[1] };
  }

  function svgEl(tag, attrs, text) {
    var el = document.createElementNS(NS, tag);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (text !== undefined) el.textContent = text;
    return el;
  }

  /** A card picture drawn like quizzes/static/svg.py's, labelled for screen readers. */
  function cardSVG(code, opts) {
    opts = opts || {};
    var W = 60, H = 84, size = opts.size || 64, info = cardInfo(code);
    var down = !!opts.faceDown || !info;
    var label = down ? "a face-down card" : info.name + (opts.greyed ? " (does not count)" : "");
    var svg = svgEl("svg", { "class": "cr-card" + (opts.greyed ? " cr-greyed" : ""),
      viewBox: "0 0 60 84", width: size, height: Math.round(size * H / W), role: "img",
      "aria-label": label });
    if (down) {
      svg.appendChild(svgEl("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#1f4e8c",
        stroke: "#222", "stroke-width": 1 }));
      svg.appendChild(svgEl("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, fill: "none",
        stroke: "#9cc3f0", "stroke-width": 1.5, "stroke-dasharray": "3 2" }));
      return svg;
    }
    svg.appendChild(svgEl("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#fff",
      stroke: "#333", "stroke-width": 1 }));
    var g = svgEl("g", { fill: info.red ? "#c1121f" : "#111",
      "font-family": "DejaVu Sans, Arial, sans-serif", "font-weight": "bold" });
    var small = info.rank.length > 1 ? 14 : 16;
    function corner(parent) {
      parent.appendChild(svgEl("text", { x: 5, y: 17, "font-size": small }, info.rank));
      parent.appendChild(svgEl("text", { x: 5, y: 31, "font-size": 13 }, info.suit));
    }
    corner(g);
    g.appendChild(svgEl("text", { x: 30, y: 54, "font-size": 34, "text-anchor": "middle" }, info.suit));
    var turned = svgEl("g", { transform: "rotate(180 30 42)" });
    corner(turned);
    g.appendChild(turned);
    svg.appendChild(g);
    if (opts.greyed) {
      svg.appendChild(svgEl("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#bbb",
        "fill-opacity": 0.6 }));
      svg.appendChild(svgEl("line", { x1: 6, y1: 78, x2: 54, y2: 6, stroke: "#555", "stroke-width": 2 }));
    }
    return svg;
  }

  // -- progress ---------------------------------------------------------------------------
  function emptyStore() { return { version: 1, rules: {}, log: [] }; }

  function validStore(data) {
    if (!data || typeof data !== "object" || data.version !== 1 || typeof data.rules !== "object"
        || data.rules === null || Array.isArray(data.rules)) {
      return "not a cardrules progress file (version 1 with a \"rules\" object expected)";
    }
    var bad = Object.keys(data.rules).filter(function (id) {
      var r = data.rules[id];
      return !r || typeof r.attempts !== "number" || typeof r.right !== "number" || r.right > r.attempts;
    });
    if (bad.length) return "rule " + bad[0] + " needs whole numbers attempts >= right";
    if (data.log !== undefined && !Array.isArray(data.log)) return "\"log\" must be a list";
    return null;
  }

  function load() {
    try {
      var data = JSON.parse(localStorage.getItem(KEY) || "null");
      if (data && !validStore(data)) { data.log = data.log || []; return data; }
    } catch (e) { /* storage blocked or unreadable: start afresh */ }
    return emptyStore();
  }

  var listeners = [];
  function save(data) {
    try { localStorage.setItem(KEY, JSON.stringify(data)); } catch (e) { /* private mode */ }
    listeners.forEach(function (f) { f(data); });
  }

  var fsrsPromise = null;
  /** ts-fsrs (npm, served by the book), loaded once, only where it is needed. */
  function loadFSRS() {
    if (window.FSRS) return Promise.resolve(window.FSRS);
    if (!fsrsPromise) {
      fsrsPromise = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = ROOT + "ts-fsrs/ts-fsrs.umd.js";
        s.onload = function () { resolve(window.FSRS); };
        s.onerror = function () { fsrsPromise = null; reject(new Error("ts-fsrs did not load")); };
        document.head.appendChild(s);
      });
    }
    return fsrsPromise;
  }

  var scheduler = null;
  function getScheduler(F) {
    // No fuzz: the same answers give the same dates (the tests and the learner can follow it).
    if (!scheduler) scheduler = F.fsrs({ request_retention: 0.9, enable_fuzz: false });
    return scheduler;
  }

  function readCard(F, c) {
    if (!c) return F.createEmptyCard(now());
    var card = Object.assign({}, c);
    card.due = new Date(c.due);
    if (c.last_review) card.last_review = new Date(c.last_review);
    return card;
  }

  /** Each answer is a review of its rule: wrong is Again, right is Good. */
  function review(F, rec, when, correct) {
    var s = getScheduler(F);
    var r = s.next(readCard(F, rec.card), when, correct ? F.Rating.Good : F.Rating.Again);
    rec.card = JSON.parse(JSON.stringify(r.card));
  }

  /** Apply the reviews waiting for the scheduler (answers given before it loaded). */
  function settle() {
    return loadFSRS().then(function (F) {
      var data = load(), changed = false;
      Object.keys(data.rules).forEach(function (id) {
        var rec = data.rules[id];
        (rec.pending || []).forEach(function (p) { review(F, rec, new Date(p[0]), p[1]); changed = true; });
        delete rec.pending;
      });
      if (changed) save(data);
      return data;
    });
  }

  /** Record one answer under each of its rules; resolves once the schedule is updated. */
  function record(ruleIds, correct, questionId) {
    var data = load(), t = now();
    (ruleIds || []).forEach(function (id) {
      var rec = data.rules[id] || (data.rules[id] = { attempts: 0, right: 0, last_seen: null, card: null });
      rec.attempts += 1;
      if (correct) rec.right += 1;
      rec.last_seen = t.toISOString();
      rec.pending = (rec.pending || []).concat([[t.toISOString(), !!correct]]);
      data.log.push({ t: t.toISOString(), rule: id, correct: !!correct, q: questionId || null });
    });
    if (data.log.length > 2000) data.log = data.log.slice(-2000);
    save(data);
    return settle().catch(function () { return load(); });
  }

  /** A rule's mastery: {level, words, value (0..1), due (Date|null)}. */
  function mastery(rec, F, at) {
    at = at || now();
    if (!rec || !rec.attempts) return { level: "new", words: "Not practised yet", value: 0, due: null };
    var counts = rec.right + " of " + rec.attempts + " right";
    if (!F || !rec.card) return { level: "learning", words: "Learning (" + counts + ")", value: 0.05, due: null };
    var card = readCard(F, rec.card), s = getScheduler(F);
    var R = card.state === F.State.New ? 0 : s.get_retrievability(card, at, false);
    var S = card.stability || 0, due = card.due;
    var value = Math.max(0.05, Math.min(1, S / MASTERY.stability) * (R >= MASTERY.retrievability ? 1 : R));
    if (due <= at) return { level: "due", words: "Due for review (" + counts + ")", value: value, due: due };
    if (card.state === F.State.Review && R >= MASTERY.retrievability && S >= MASTERY.stability) {
      return { level: "mastered", words: "Mastered (" + counts + ")", value: 1, due: due };
    }
    if (card.state === F.State.Review) {
      var days = Math.max(1, Math.round(S));
      return { level: "growing", words: "Getting there: remembered about " + days + " day" +
        (days === 1 ? "" : "s") + " (" + counts + ")", value: value, due: due };
    }
    return { level: "learning", words: "Learning (" + counts + ")", value: value, due: due };
  }

  /** A small labelled bar: the words say what the colour shows. */
  function masteryBar(m) {
    var pct = Math.round(m.value * 100);
    return h("span", { "class": "cr-mastery cr-m-" + m.level }, [
      h("span", { "class": "cr-mastery-words", text: m.words }),
      h("span", { "class": "cr-bar", role: "img", "aria-label": "mastery " + pct + " percent" },
        [h("span", { "class": "cr-bar-fill", style: "width:" + pct + "%" })]),
    ]);
  }

  // -- rule links -------------------------------------------------------------------------
  function anchorOf(id) { return "rule-" + String(id).replace(/\./g, "-"); }

  /** A link to the rule's box, named by the rule's title: on this page if the box is here,
      else through the bank index; without either, the title alone (never the raw id). */
  function ruleLink(id, index, title) {
    var here = document.getElementById(anchorOf(id));
    var info = index && index.rules && index.rules[id];
    var name = title || (info && info.title) || null;
    if (here) {
      var box = here.querySelector(".cr-rule-title strong") || (here.nextElementSibling
        ? here.nextElementSibling.querySelector(".cr-rule-title strong") : null);
      if (!name && box) name = box.textContent.replace(/^Rule:\s*/, "");
      return h("a", { href: "#" + anchorOf(id), text: name || "this rule" });
    }
    if (info) {
      return h("a", { href: ROOT + info.page + "#" + (info.anchor || anchorOf(id)),
        text: name || "this rule" });
    }
    return h("span", { "class": "cr-rule-name", text: name || "this rule" });
  }

  /** The citation a verdict ends with: "(Rule: title)", "(Rules: a; b)" or the old "(Rule id)". */
  var CITATION = /\s*\((?:Rules?:\s[^()]*|Rules?\s[^()]*)\)\s*$/;

  /** A verdict in words; its trailing citation becomes one link per rule, named by title. */
  function verdictNode(message, ruleIds, index, correct, titles) {
    var text = String(message || "").replace(CITATION, "");
    var m = /^(.*?[.!?])(\s|$)([\s\S]*)$/.exec(text);
    var head = m ? m[1] : text, rest = m ? m[3] : "";
    var kids = [h("span", { "class": "cr-mark", "aria-hidden": "true",
      text: correct ? "\u2714 " : "\u2718 " }), h("strong", { text: head }), rest ? " " + rest : ""];
    if (ruleIds && ruleIds.length) {
      kids.push(h("span", { "class": "cr-cite" }, [" Rule" + (ruleIds.length > 1 ? "s" : "") + ": "]
        .concat(ruleIds.reduce(function (acc, id, i) {
          if (i) acc.push(", ");
          acc.push(ruleLink(id, index, titles && titles[i]));
          return acc;
        }, []))));
    }
    return kids;
  }

  /** A "Hint" or "Show the working" control: a button that shows and hides its panel, its
      state announced (aria-expanded), its panel named after it. */
  function disclosure(id, label, hideLabel, content) {
    var panel = h("div", { "class": "cr-help-panel", id: id, role: "region", "aria-label": label,
      hidden: true }, [content]);
    var button = h("button", { type: "button", "class": "cr-help", "aria-expanded": "false",
      "aria-controls": id, text: label });
    button.addEventListener("click", function () {
      var open = panel.hidden;
      panel.hidden = !open;
      button.setAttribute("aria-expanded", open ? "true" : "false");
      button.textContent = open ? hideLabel : label;
    });
    return { button: button, panel: panel };
  }

  /** After Check: the right choice marked in words and by a shape, the learner's own kept
      readable and marked "your answer". */
  function markChoices(form, q, picked) {
    var right = (q.correct || []).map(Number);
    form.querySelectorAll(".cr-choice").forEach(function (label) {
      var input = label.querySelector("input"), i = Number(input.value);
      var marks = [];
      if (right.indexOf(i) >= 0) { label.classList.add("cr-is-answer"); marks.push("\u2714 the answer"); }
      if (picked.indexOf(i) >= 0) { label.classList.add("cr-is-yours"); marks.push("your answer"); }
      if (marks.length) label.appendChild(h("span", { "class": "cr-choice-mark", text: " (" + marks.join(", ") + ")" }));
    });
  }

  function markCards(form, q, picked) {
    var right = ((q.accepted || [])[0] || []).map(Number);
    form.querySelectorAll(".cr-pick").forEach(function (label) {
      var i = Number(label.querySelector("input").value), marks = [];
      if (right.indexOf(i) >= 0) { label.classList.add("cr-is-answer"); marks.push("\u2714 answer"); }
      if (picked.indexOf(i) >= 0) { label.classList.add("cr-is-yours"); marks.push("your pick"); }
      if (marks.length) label.appendChild(h("span", { "class": "cr-choice-mark", text: marks.join(", ") }));
    });
  }

  // -- one question -----------------------------------------------------------------------
  var counter = 0;

  /** The explanation: the worked solution's steps in one paragraph (a page's payload leaves
      it out, quizzes/static/html.py; a bank file's and the worker's carry it). */
  function explanationOf(q) {
    return q.explanation || (q.solution || []).join(" ");
  }

  /** The verdict sentence, right or wrong, as the engine's question words it
      (quizzes.model.question.Question.verdicts): the page's payload leaves it out. */
  function verdictOf(q, correct) {
    var given = correct ? q.right : q.wrong;
    if (given) return given;
    var titles = q.rule_titles || [];
    var cite = "(Rule" + (titles.length > 1 ? "s" : "") + ": " + titles.join("; ") + ")";
    var said = explanationOf(q) ? explanationOf(q) + " " : "";
    return correct ? "Right. " + said + cite
      : "Not right. The answer is: " + q.answer_text + ". " + said + cite;
  }

  function localCheck(q, response) {
    var correct;
    if (response.choices) correct = sameSet(response.choices, q.correct || []);
    else if (response.value !== undefined) {
      var v = parseNumber(response.value), lo = parseNumber(q.low), hi = parseNumber(q.high);
      correct = v !== null && v >= lo - 1e-9 && v <= hi + 1e-9;
    } else {
      correct = (q.accepted || []).some(function (s) { return sameSet(s, response.cards); });
    }
    return Promise.resolve({ correct: correct, message: verdictOf(q, correct) });
  }

  function arrowKeys(group, selector) {
    group.addEventListener("keydown", function (ev) {
      var keys = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
      if (!(ev.key in keys) || ev.target.type !== "checkbox") return;
      var items = Array.prototype.slice.call(group.querySelectorAll(selector));
      var i = items.indexOf(ev.target);
      if (i < 0) return;
      ev.preventDefault();
      items[(i + keys[ev.key] + items.length) % items.length].focus();
    });
  }

  /**
   * Draw question `q` (payload JSON) into `host`.  opts: label ("Question 2 of 5"), check
   * (q, response) -> Promise<{correct, message}> (default: the payload's own answer), index
   * (the bank index, for rule links), onAnswer({correct, q}), next ({label, run}), source (words).
   */
  function renderQuestion(host, q, opts) {
    opts = opts || {};
    counter += 1;
    var id = "crx-" + counter;
    host.textContent = "";
    var kind = q.kind;
    var box = h("div", { "class": "cr-q cr-q-live", "data-qid": q.id || (q.generator + "#" + q.seed),
      "data-generator": q.generator,
      "data-seed": String(q.seed), "data-kind": kind, "data-rules": (q.rule_ids || []).join(" ") });
    if (opts.label) box.appendChild(h("p", { "class": "cr-q-number", text: opts.label }));
    var prompt = h("p", { "class": "cr-prompt", id: id + "-prompt", tabindex: "-1", text: q.prompt });
    box.appendChild(prompt);
    var form = h("form", { "class": "cr-form", "aria-labelledby": id + "-prompt", novalidate: true });
    var rowsBox = h("div", { "class": "cr-rows" });
    (q.rows || []).forEach(function (row, r) {
      var pickable = kind === "pick the cards" && r === (q.pick_row || 0);
      var cards = h("div", { "class": "cr-cards" + (pickable ? " cr-pick-row" : ""),
        role: pickable ? "group" : null, "aria-label": pickable ? row.label + ": pick cards" : null });
      (row.cards || []).forEach(function (code, i) {
        var pic = cardSVG(code, { greyed: (row.greyed || []).indexOf(i) >= 0,
          faceDown: (row.face_down || []).indexOf(i) >= 0 });
        if (pickable) {
          var info = cardInfo(code);
          cards.appendChild(h("label", { "class": "cr-pick" }, [
            h("input", { type: "checkbox", name: id + "-card", value: String(i),
              "aria-label": info ? info.name : "card " + (i + 1) }), pic]));
        } else cards.appendChild(pic);
      });
      if (!(row.cards || []).length) cards.appendChild(h("span", { "class": "cr-empty", text: "(no cards)" }));
      rowsBox.appendChild(h("div", { "class": "cr-row" }, [
        h("div", { "class": "cr-row-label", text: row.label }), cards]));
    });
    if ((q.rows || []).length) (kind === "pick the cards" ? form : box).appendChild(rowsBox);
    if (kind === "multiple choice" || kind === "yes/no") {
      var multi = (q.correct || []).length > 1;
      var fs = h("fieldset", { "class": "cr-choices" }, [
        h("legend", { "class": "cr-sr", text: multi ? "Choose every right answer" : "Choose one answer" })]);
      (q.choices || []).forEach(function (c, i) {
        fs.appendChild(h("label", { "class": "cr-choice" }, [
          h("input", { type: multi ? "checkbox" : "radio", name: id, value: String(i) }), " ",
          h("span", { text: c })]));
      });
      if (multi) arrowKeys(fs, "input");
      form.appendChild(fs);
    } else if (kind === "numeric") {
      form.appendChild(h("label", { "class": "cr-numeric" }, ["Your answer: ",
        h("input", { type: "text", inputmode: "decimal", name: id, autocomplete: "off", size: "10",
          "aria-describedby": id + "-prompt" }),
        q.unit ? h("span", { "class": "cr-unit", text: " " + q.unit }) : null]));
    } else {
      form.appendChild(h("p", { "class": "cr-hint", text: "Tick the cards above (arrow keys move, Space ticks), then check." }));
      arrowKeys(rowsBox, ".cr-pick-row input");
    }
    var checkBtn = h("button", { type: "submit", "class": "cr-check", text: "Check my answer" });
    form.appendChild(h("div", { "class": "cr-actions" }, [checkBtn]));
    if (opts.source) form.appendChild(h("p", { "class": "cr-source", text: opts.source }));
    box.appendChild(form);
    var help = h("div", { "class": "cr-help-bar" });
    if (q.hint) {
      var hint = disclosure(id + "-hint", "Hint", "Hide the hint", h("p", { text: q.hint }));
      help.appendChild(hint.button);
      box.appendChild(help);
      box.appendChild(hint.panel);
    }
    var steps = (q.solution && q.solution.length) ? q.solution : (explanationOf(q) ? [explanationOf(q)] : []);
    if (steps.length) {
      var list = h("ol", { "class": "cr-working" });
      steps.forEach(function (t) { list.appendChild(h("li", { text: t })); });
      var working = disclosure(id + "-working", "Show the working", "Hide the working", list);
      help.appendChild(working.button);
      if (!help.parentNode) box.appendChild(help);
      box.appendChild(working.panel);
    }
    var feedback = h("div", { "class": "cr-feedback", role: "status", "aria-live": "polite" });
    box.appendChild(feedback);
    var after = h("div", { "class": "cr-after", hidden: true });
    box.appendChild(after);
    host.appendChild(box);

    function response() {
      if (kind === "multiple choice" || kind === "yes/no") {
        var picked = [];
        form.querySelectorAll(".cr-choices input:checked").forEach(function (el) { picked.push(Number(el.value)); });
        return picked.length ? { choices: picked } : { error: "Choose an answer first." };
      }
      if (kind === "numeric") {
        var raw = form.querySelector(".cr-numeric input").value;
        return parseNumber(raw) === null ? { error: "Type a number, such as 12, 12.5 or 9/2." } : { value: raw.trim() };
      }
      var cards = [];
      form.querySelectorAll(".cr-pick input:checked").forEach(function (el) { cards.push(Number(el.value)); });
      return { cards: cards };
    }

    var done = false, busy = false;
    function submit(ev) {
      if (ev) ev.preventDefault();
      if (done || busy) return;
      var r = response();
      feedback.className = "cr-feedback";
      if (r.error) {
        feedback.classList.add("cr-error");
        feedback.textContent = r.error;
        return;
      }
      busy = true;
      checkBtn.disabled = true;
      feedback.textContent = "Checking\u2026";
      (opts.check || localCheck)(q, r).then(function (v) {
        done = true;
        // The answer stays as given and readable: the controls are locked, not greyed out.
        form.querySelectorAll("input").forEach(function (el) {
          el.setAttribute("aria-disabled", "true");
          if (el.type === "text") el.readOnly = true;
        });
        form.classList.add("cr-done");
        if (kind === "multiple choice" || kind === "yes/no") markChoices(form, q, r.choices || []);
        else if (kind === "pick the cards") markCards(form, q, r.cards || []);
        else {
          form.appendChild(h("p", { "class": "cr-answer-line" }, [
            h("span", { "class": "cr-choice-mark", text: "\u2714 the answer: " + (q.answer_text || q.answer || "") }),
            "; your answer: " + r.value + (q.unit ? " " + q.unit : "")]));
        }
        feedback.textContent = "";
        feedback.classList.add(v.correct ? "cr-right" : "cr-wrong");
        verdictNode(v.message || verdictOf(q, v.correct), q.rule_ids, opts.index, v.correct,
          q.rule_titles)
          .forEach(function (k) { feedback.appendChild(typeof k === "string" ? document.createTextNode(k) : k); });
        checkBtn.hidden = true;
        if (opts.onAnswer) opts.onAnswer({ correct: !!v.correct, q: q });
        if (opts.next) {
          var nb = h("button", { type: "button", "class": "cr-next", text: opts.next.label });
          nb.addEventListener("click", opts.next.run);
          after.appendChild(nb);
          after.hidden = false;
          nb.focus();
        }
      }, function (err) {
        busy = false;
        checkBtn.disabled = false;
        feedback.className = "cr-feedback cr-error";
        feedback.textContent = "This answer could not be checked: " + (err && err.message || err);
      }).then(function () { busy = false; });
    }
    form.addEventListener("submit", submit);
    form.addEventListener("click", function (ev) {
      if (done && ev.target.tagName === "INPUT") ev.preventDefault();  // no change once checked
    });
    form.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && ev.target.tagName === "INPUT") { submit(ev); }
    });
    return {
      box: box,
      /** Move the keyboard focus into the question (its first answer control). */
      focus: function () {
        var first = form.querySelector("input");
        (first || prompt).focus();
      },
    };
  }

  // -- a page's quiz ----------------------------------------------------------------------
  /** The one rule a question asks about (credited alone; the others it names are context). */
  function asked(q) { return q.asks || (q.rule_ids || [])[0]; }

  function summaryNode(results, rulesOf, practiceQuery) {
    var right = results.filter(function (r) { return r.correct; }).length;
    var missed = {}, titles = {};
    results.forEach(function (r) {
      (r.q.rule_ids || []).forEach(function (id, i) { titles[id] = (r.q.rule_titles || [])[i]; });
      if (!r.correct) missed[asked(r.q)] = 1;
    });
    var toReview = Object.keys(missed);
    var heading = h("p", { "class": "cr-summary-title", tabindex: "-1",
      text: "You answered " + right + " of " + results.length + " right." });
    var kids = [heading];
    if (toReview.length) {
      var list = h("ul", { "class": "cr-review-list" });
      toReview.forEach(function (id) { list.appendChild(h("li", null, [ruleLink(id, null, titles[id])])); });
      kids.push(h("p", { text: "Rules to review:" }), list);
    } else {
      kids.push(h("p", { text: "No rule to review: every answer was right." }));
    }
    kids.push(h("p", null, [h("a", { href: ROOT + "practice.html?" + practiceQuery,
      text: "Practise these rules with spaced repetition" })]));
    return { node: h("div", { "class": "cr-summary", role: "status" }, kids), heading: heading };
  }

  function setupQuiz(section) {
    if (section.dataset.crReady) return;
    section.dataset.crReady = "1";
    var items = Array.prototype.slice.call(section.querySelectorAll(".cr-bank > .cr-q"));
    var qs = items.map(function (el) { try { return JSON.parse(el.dataset.q); } catch (e) { return null; } })
      .filter(function (q) { return q && q.kind; });
    if (!qs.length) return;
    section.classList.add("cr-js");
    // The no-JS copy of each question is hidden and emptied: the page keeps only its data
    // (data-q), so a long chapter's page is a quarter smaller to lay out and to read.
    var bank = section.querySelector(".cr-bank");
    if (bank) bank.hidden = true;
    items.forEach(function (el) { el.replaceChildren(); });
    var stage = h("div", { "class": "cr-stage" });
    section.appendChild(stage);
    var score = h("p", { "class": "cr-score", "aria-live": "polite" });
    section.appendChild(score);
    var results = [], i = 0;
    var rules = {};
    qs.forEach(function (q) { (q.rule_ids || []).forEach(function (r) { rules[r] = 1; }); });
    var query = "rules=" + encodeURIComponent(Object.keys(rules).join(","));
    var profile = section.getAttribute("data-cr-profile");
    if (profile) query += "&profile=" + encodeURIComponent(profile);

    function show(focus) {
      var q = qs[i];
      var last = i === qs.length - 1;
      var view = renderQuestion(stage, q, {
        label: "Question " + (i + 1) + " of " + qs.length,
        onAnswer: function (r) {
          results.push(r);
          record([asked(q)], r.correct, q.generator + "#" + q.seed);
          var right = results.filter(function (x) { return x.correct; }).length;
          score.textContent = right + " right out of " + results.length + " answered";
        },
        next: { label: last ? "See your summary" : "Next question", run: function () {
          if (last) summary(); else { i += 1; show(true); }
        } },
      });
      if (focus) view.focus();
    }

    function summary() {
      stage.textContent = "";
      var s = summaryNode(results, rules, query);
      stage.appendChild(s.node);
      var again = h("button", { type: "button", "class": "cr-restart", text: "Start again" });
      again.addEventListener("click", function () { results = []; i = 0; score.textContent = ""; show(true); });
      stage.appendChild(h("div", { "class": "cr-after" }, [again]));
      s.heading.focus();
    }
    show(false);
  }

  // -- rule boxes -------------------------------------------------------------------------
  function ruleIdOf(box) {
    if (box.dataset.crRule) return box.dataset.crRule;
    var span = box.querySelector(".cr-rule-id");
    return span ? span.textContent.replace(/^\[|\]$/g, "").trim() : null;
  }

  function paintRuleBoxes(F) {
    var data = load();
    document.querySelectorAll("aside.cr-rule").forEach(function (box) {
      var id = ruleIdOf(box);
      if (!id) return;
      var old = box.querySelector(":scope > .cr-mastery-line");
      var line = h("p", { "class": "cr-mastery-line" }, ["Your mastery: ", masteryBar(mastery(data.rules[id], F))]);
      if (old) box.replaceChild(line, old); else box.appendChild(line);
    });
  }

  function rulesOnPageWithProgress() {
    var data = load();
    return Array.prototype.some.call(document.querySelectorAll("aside.cr-rule"), function (box) {
      var id = ruleIdOf(box);
      return id && data.rules[id];
    });
  }

  function refreshRuleBoxes() {
    if (!document.querySelector("aside.cr-rule")) return;
    if (!rulesOnPageWithProgress()) { paintRuleBoxes(null); return; }
    settle().then(function () { paintRuleBoxes(window.FSRS); }, function () { paintRuleBoxes(null); });
  }

  // -- wide tables: the cue "swipe sideways" shows while a table does not fit its box ---------
  function markOverflow() {
    document.querySelectorAll(".cr-table-wrap").forEach(function (wrap) {
      var box = wrap.querySelector(".cr-table-scroll");
      if (!box) return;
      if (box.scrollWidth > box.clientWidth + 1) wrap.setAttribute("data-cr-overflows", "");
      else wrap.removeAttribute("data-cr-overflows");
    });
  }

  function init() {
    document.querySelectorAll("[data-cr-quiz]").forEach(setupQuiz);
    refreshRuleBoxes();
    if (document.querySelector(".cr-table-wrap")) {
      markOverflow();
      window.addEventListener("resize", markOverflow);
    }
  }

  window.cardrules = {
    ROOT: ROOT, KEY: KEY, MASTERY: MASTERY, now: now, h: h, cardSVG: cardSVG, parseNumber: parseNumber,
    renderQuestion: renderQuestion, verdictNode: verdictNode, verdictOf: verdictOf,
    explanationOf: explanationOf, ruleLink: ruleLink, anchorOf: anchorOf,
    disclosure: disclosure,
    progress: { load: load, save: save, record: record, settle: settle, mastery: mastery,
      masteryBar: masteryBar, validate: validStore, empty: emptyStore, loadFSRS: loadFSRS,
      scheduler: function (F) { return getScheduler(F); }, readCard: readCard,
      onChange: function (f) { listeners.push(f); } },
  };
  listeners.push(function () { refreshRuleBoxes(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  window.cardrulesQuizInit = init;
})();
