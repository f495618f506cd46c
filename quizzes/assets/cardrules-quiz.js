/* cardrules static quizzes: one question at a time, answers checked in the browser
   against the bank the rules engine computed when the book was built. No network. */
(function () {
  "use strict";

  function parseNumber(text) {
    var t = String(text).trim().replace(/[,\s]/g, "");
    if (!t) return null;
    var m = /^([+-]?\d+)\/(\d+)$/.exec(t);
    if (m) { return Number(m[2]) === 0 ? null : Number(m[1]) / Number(m[2]); }
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
    return Number(t);
  }

  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    var x = a.slice().sort(), y = b.slice().sort();
    for (var i = 0; i < x.length; i++) { if (x[i] !== y[i]) return false; }
    return true;
  }

  function judge(q, box) {
    if (q.kind === "multiple choice" || q.kind === "yes/no") {
      var picked = [];
      box.querySelectorAll(".cr-choices input:checked").forEach(function (el) {
        picked.push(Number(el.value));
      });
      if (!picked.length) return { error: "Choose an answer first." };
      return { correct: sameSet(picked, q.correct) };
    }
    if (q.kind === "numeric") {
      var input = box.querySelector(".cr-numeric input");
      var v = parseNumber(input.value);
      if (v === null) return { error: "Type a number, such as 12, 12.5 or 9/2." };
      var eps = 1e-9;
      return { correct: v >= q.low - eps && v <= q.high + eps };
    }
    var cards = [];
    box.querySelectorAll(".cr-pick input:checked").forEach(function (el) {
      cards.push(Number(el.value));
    });
    var ok = q.accepted.some(function (s) { return sameSet(s, cards); });
    return { correct: ok };
  }

  function show(quiz, index) {
    var qs = quiz.querySelectorAll(".cr-q");
    qs.forEach(function (el, i) { el.hidden = i !== index; });
    quiz.dataset.current = String(index);
  }

  function setup(quiz) {
    if (quiz.dataset.crReady) return;
    quiz.dataset.crReady = "1";
    quiz.classList.add("cr-js");
    var qs = quiz.querySelectorAll(".cr-q");
    var nav = quiz.querySelector(".cr-nav");
    var score = quiz.querySelector(".cr-score");
    var right = 0, tried = 0;
    nav.hidden = false;
    qs.forEach(function (box) {
      var q = JSON.parse(box.dataset.q);
      var form = box.querySelector("form");
      var feedback = box.querySelector(".cr-feedback");
      var counted = false;
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var r = judge(q, box);
        feedback.classList.remove("cr-right", "cr-wrong", "cr-error");
        if (r.error) {
          feedback.classList.add("cr-error");
          feedback.textContent = r.error;
          return;
        }
        feedback.classList.add(r.correct ? "cr-right" : "cr-wrong");
        feedback.textContent = (r.correct ? "\u2714 " : "\u2718 ") + (r.correct ? q.right : q.wrong);
        if (!counted) {
          counted = true; tried += 1; if (r.correct) right += 1;
          score.textContent = right + " right out of " + tried + " tried";
        }
      });
    });
    quiz.querySelector(".cr-next").addEventListener("click", function () {
      var i = (Number(quiz.dataset.current) + 1) % qs.length;
      show(quiz, i);
      var p = qs[i].querySelector(".cr-prompt"); if (p) { p.setAttribute("tabindex", "-1"); p.focus(); }
    });
    quiz.querySelector(".cr-prev").addEventListener("click", function () {
      var i = (Number(quiz.dataset.current) + qs.length - 1) % qs.length;
      show(quiz, i);
      var p = qs[i].querySelector(".cr-prompt"); if (p) { p.setAttribute("tabindex", "-1"); p.focus(); }
    });
    show(quiz, 0);
  }

  function init() { document.querySelectorAll("[data-cr-quiz]").forEach(setup); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else { init(); }
  window.cardrulesQuizInit = init;
})();
