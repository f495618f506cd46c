/* The book's search page (html_search_scorer, book/_ext/cardsearch.py). Sphinx puts this
 * file into language_data.js, which the search page loads after searchtools.js.
 *
 * - Scorer: Sphinx's own weights, and a tie-break. An index entry that matches the query as
 *   a whole scores 100; a rule's box in its chapter (an anchor "#rule-...") then comes
 *   before a glossary entry of the same word, and a chapter before a Reference page.
 * - Snippets: made from the page's words. Tables, card pictures, code, outputs, quizzes and
 *   the live-mode box are left out, blocks are kept apart by a space, and a snippet starts
 *   and ends on a word.
 */
var Scorer = {
  score: (result) => {
    const [docname, _title, anchor, _descr, score] = result;
    let s = score;
    if (anchor && anchor.startsWith("#rule-") && !docname.startsWith("reference/")) s += 3;
    if (docname.startsWith("reference/")) s -= 1;
    return s;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {0: 15, 1: 5, 2: -5},
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};

(() => {
  if (typeof Search === "undefined") return;
  const LEFT_OUT = [".headerlink", "script", "style", "svg", "table", "pre", "figure",
                    ".cell_input", ".cr-quiz", ".cr-rule-id", ".cr-card-sprite", "iframe",
                    "nav", ".toggle-details", ".onlyprint", ".d-print-none",
                    ".bd-header-article", ".cr-live"].join(", ");
  const BLOCKS = ["p", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "div",
                  "section", "aside", "caption", "figcaption", "br", "td", "th"].join(", ");

  Search.htmlToText = (htmlString, anchor) => {
    const doc = new DOMParser().parseFromString(htmlString, "text/html");
    doc.querySelectorAll(LEFT_OUT).forEach((el) => el.remove());
    let root = null;
    if (anchor) {
      try {
        root = doc.querySelector(`[role="main"] ${anchor}`);
      } catch (e) {
        root = null;
      }
    }
    root = root || doc.querySelector("article.bd-article") || doc.querySelector('[role="main"]');
    if (!root) return "";
    root.querySelectorAll(BLOCKS).forEach((el) => el.append(" "));
    let text = root.textContent;
    // a glossary word: its definition too
    if (root.tagName === "DT" && root.nextElementSibling) text += " " + root.nextElementSibling.textContent;
    return text.replace(/\s+/g, " ").trim();
  };

  Search.makeSearchSummary = (htmlText, keywords, anchor) => {
    const text = Search.htmlToText(htmlText, anchor);
    if (text === "") return null;
    const lower = text.toLowerCase();
    const found = [...keywords].map((k) => lower.indexOf(k.toLowerCase())).filter((i) => i > -1);
    const at = found.length ? Math.min(...found) : 0;
    let start = Math.max(at - 100, 0);
    if (start > 0) {
      const space = text.indexOf(" ", start);
      start = space > -1 && space < at ? space + 1 : at;
    }
    let end = Math.min(start + 240, text.length);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      if (space > start) end = space;
    }
    const summary = document.createElement("p");
    summary.classList.add("context");
    summary.textContent = (start > 0 ? "… " : "") + text.slice(start, end).trim() +
      (end < text.length ? " …" : "");
    return summary;
  };
})();
