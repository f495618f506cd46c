/* The reader's script (book/_ext/cardreader.py): a touch leaves no tooltip behind, and a
   page with a quiz offers "Skip to the first quiz" next to the theme's skip link. */
(function () {
  "use strict";

  // -- tooltips: for a pointer that hovers and for the keyboard, never after a tap ---------
  // The theme's Bootstrap tooltips open on hover and on focus. A tap on a phone is both (the
  // browser's mouse events, then the focus, handed back to the button when its menu closes),
  // and nothing hovers off again: the tooltip stays over the header's other buttons and
  // takes their taps. So, while the reader is touching, a tooltip does not open, and one
  // open is closed; a mouse that moves, or a key, brings the tooltips back.
  var touching = false;

  function closeTooltips() {
    var Tip = window.bootstrap && window.bootstrap.Tooltip;
    document.querySelectorAll("[data-bs-toggle='tooltip']").forEach(function (el) {
      var tip = Tip && Tip.getInstance(el);
      if (tip) tip.hide();
    });
  }

  document.addEventListener("pointerdown", function (e) {
    touching = e.pointerType === "touch";
    if (touching) closeTooltips();
  }, true);
  document.addEventListener("pointermove", function (e) {
    if (e.pointerType === "mouse") touching = false;
  }, true);
  document.addEventListener("keydown", function () { touching = false; }, true);
  // Bootstrap asks before it shows a tooltip ("show.bs.tooltip", cancellable).
  document.addEventListener("show.bs.tooltip", function (e) {
    if (touching) e.preventDefault();
  }, true);

  // -- "Skip to the first quiz" -------------------------------------------------------------
  // On a chapter the first quiz comes after the header, the book's contents and the text; a
  // keyboard reaches it from the top in two presses of Tab and one of Enter.
  function firstQuiz() {
    var all = document.querySelectorAll(".cr-quiz");
    for (var i = 0; i < all.length; i++) {
      if (!all[i].checkVisibility || all[i].checkVisibility()) return all[i];
    }
    return all[0] || null;
  }

  function addSkipLink() {
    var bar = document.getElementById("pst-skip-link");
    var quiz = firstQuiz();
    if (!bar || !quiz || bar.querySelector(".cr-skip-quiz")) return;
    if (!quiz.id) quiz.id = "cr-first-quiz";
    var link = document.createElement("a");
    link.className = "cr-skip-quiz";
    link.href = "#" + quiz.id;
    link.textContent = "Skip to the first quiz";
    link.addEventListener("click", function (e) {
      var target = firstQuiz();
      if (!target) return;
      e.preventDefault();
      // The quiz takes the focus itself (it is named "Quiz: ..."); the next Tab is its first
      // answer.
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "start" });
      if (target.id && history.replaceState) history.replaceState(null, "", "#" + target.id);
    });
    bar.appendChild(document.createTextNode(" "));
    bar.appendChild(link);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", addSkipLink);
  else addSkipLink();
})();
