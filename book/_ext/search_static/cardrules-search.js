/* The book's search page (html_search_scorer, book/_ext/cardsearch.py). Sphinx puts this
 * file into language_data.js, which the search page loads after searchtools.js.
 *
 * - Scorer: Sphinx's own weights, and a tie-break. An index entry that matches the query as
 *   a whole scores 100; a rule's box in its chapter (an anchor "#rule-...") then comes
 *   before a glossary entry of the same word, and a chapter before a Reference page.
 * - Groups: the rules, chapters, lessons and glossary come first, then the Reference's
 *   pages (its rule catalog, house rules and quizzes); the API's objects and pages
 *   (reference/api/) follow in a closed group, "Python reference (N results)", which a
 *   Python reader opens. A test's name is no result.
 * - Snippets: made from the words the build wrote for each page
 *   (_static/search-text/<page>.json, cardsearch.page_text: no tables, card pictures,
 *   code, outputs, quizzes or live-mode box), not from the pages themselves, so the
 *   results page fetches only those small files. A snippet starts and ends on a word.
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
  // the pages of the API (cardsearch.API), the heading of their group, and where the build
  // writes the pages' words (cardsearch.WORDS)
  const API = "reference/api/";
  const REFERENCE = "reference/";
  const PYTHON_GROUP = "Python reference";
  // a test function's name: the build leaves the tests out of the index
  // (cardsearch.leave_out_words); a result named like one is shown neither
  const TEST_NAME = /^test_\w+$/;
  const WORDS = "_static/search-text/";

  // an object of the API (Sphinx gives an object a description), an API page, or the
  // API's own contents page (reference/api)
  const isPython = (result) => result[0].startsWith(API) || result[0] === API.slice(0, -1) ||
    Boolean(result[3]);
  // 0: a learner's page, 1: the Reference's, 2: the API's
  const tierOf = (result) => (isPython(result) ? 2 : result[0].startsWith(REFERENCE) ? 1 : 0);
  const isTest = (result) => TEST_NAME.test(result[1]) || TEST_NAME.test(result[2].slice(1));

  const pages = new Map();
  const wordsOf = (docName) => {
    if (!pages.has(docName)) {
      const root = document.documentElement.dataset.content_root || "";
      pages.set(docName, fetch(`${root}${WORDS}${docName}.json`)
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null));
    }
    return pages.get(docName);
  };

  // where the first of the query's words is in `text` (-1 for none): the words as typed,
  // else their stems ("buy" stems to "bui", which "built" holds too)
  const firstOf = (text, terms) => {
    const lower = text.toLowerCase();
    for (const words of [terms.words, terms.stems]) {
      const found = [...words].map((k) => lower.indexOf(k.toLowerCase())).filter((i) => i > -1);
      if (found.length) return Math.min(...found);
    }
    return -1;
  };

  // about 240 characters of `text` around the first of the query's words, cut on words
  const summaryOf = (text, terms) => {
    const at = Math.max(firstOf(text, terms), 0);
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
    return (start > 0 ? "… " : "") + text.slice(start, end).trim() +
      (end < text.length ? " …" : "");
  };

  // the words of a result: its anchor's, or its page's if they hold none of the query's
  const wordsAt = (page, anchor, terms) => {
    const whole = page.text.trim();
    const span = anchor ? page.spans[anchor.slice(1)] : undefined;
    if (!span) return whole;
    const part = page.text.slice(span[0], span[1]).trim();
    return firstOf(part, terms) > -1 ? part : whole;
  };

  const snippet = (item, listItem, terms) => {
    const [docName, _title, anchor] = item;
    return wordsOf(docName).then((page) => {
      if (!page) return;
      const text = wordsAt(page, anchor, terms);
      if (!text) return;
      const summary = listItem.appendChild(document.createElement("p"));
      summary.classList.add("context");
      summary.textContent = summaryOf(text, terms);
      if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED)
        terms.words.forEach((term) => _highlightText(summary, term, "highlighted"));
    });
  };

  // a dotted name may wrap after each dot (a phone's line is shorter than many)
  const breakable = (name) => name.replace(/\.(?=\w)/g, ".<wbr>");

  const show = (items, list, terms) =>
    items.map((item) => {
      const [docName, title, anchor, descr, score] = item;
      const listItem = list.appendChild(document.createElement("li"));
      const link = listItem.appendChild(document.createElement("a"));
      link.href = docName + DOCUMENTATION_OPTIONS.LINK_SUFFIX + anchor;
      link.dataset.score = score;
      link.innerHTML = descr ? breakable(title) : title;
      if (!descr) return snippet(item, listItem, terms);
      // the API pages are left out of the full-text index, so Sphinx knows no title for
      // them: the object's module, which names its page, stands there
      const where = descr.replace(/, in $/, ", in " + docName.slice(docName.lastIndexOf("/") + 1));
      listItem.appendChild(document.createElement("span")).innerHTML = " (" + breakable(where) + ")";
      if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED)
        terms.words.forEach((term) => _highlightText(listItem, term, "highlighted"));
      return Promise.resolve();
    });

  Search.query = (query) => {
    const [searchQuery, searchTerms, excludedTerms, highlightTerms, objectTerms] =
      Search._parseQuery(query);
    // Sphinx's order is the best last
    const results = Search._performSearch(searchQuery, searchTerms, excludedTerms,
                                          highlightTerms, objectTerms)
      .reverse().filter((result) => !isTest(result))
      .sort((a, b) => tierOf(a) - tierOf(b));  // stable: by score within a tier
    const book = results.filter((result) => tierOf(result) < 2);
    const python = results.filter((result) => tierOf(result) === 2);
    const terms = {words: highlightTerms, stems: searchTerms};
    const shown = show(book, Search.output, terms);
    if (python.length) {
      // closed: a learner reads the book's results; a Python reader opens the group
      const group = document.createElement("details");
      group.classList.add("cr-search-group");
      const summary = group.appendChild(document.createElement("summary"));
      summary.textContent = `${PYTHON_GROUP} (${python.length} ` +
        `${python.length === 1 ? "result" : "results"})`;
      const list = group.appendChild(document.createElement("ul"));
      list.classList.add("search", "cr-search-python");
      Search.output.after(group);
      shown.push(...show(python, list, terms));
    }
    _finishSearch(results.length);
    // a state the tests (and a reader's tools) can wait for
    Promise.all(shown).then(() => {
      document.getElementById("search-results").dataset.snippets = "ready";
    });
  };
})();
