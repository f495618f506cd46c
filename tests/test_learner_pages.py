"""The book as a learner who has never seen Python reads it.

On every page of ``tests/test_reader.py``'s list, at 390 and 1280 px, ``tests/test_pages.py``
calls ``learner_reads`` and ``tables_stay_tables``, which assert that

- no workshop word shows outside code, the "For Python users" sections, the teachers' notes
  and the Reference (``tests/workshop_words.py``: the seed, rule ids, the engine's public
  names, Python calls, tuples and lists, profile and file names);
- every glossary link means the glossary's sense: the sentences known to use a glossary word
  in another sense show no link, and no link sits in the book's own chrome;
- the headings go down one level at a time (a quiz's title too), every quiz title is unique
  on its page, and axe-core's heading and landmark rules (``STRUCTURE_RULES``) pass,
  moderate ones included;
- a page opens with what it is about: the live-mode box comes after the page's opening;
- a wide table stays a table (rows are rows, not stacked cards) and scrolls inside its own
  box, with the cue shown while it does not fit, light and dark.

The tests here read the pages the facts are about: the quiz controls the introduction names
are the quiz's, the page title does not repeat itself, and the worked Pontoon examples show
the players' own cards face up.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from tests.test_reader import _axe_ready_page
from tests.workshop_words import findings

pytestmark = pytest.mark.browser

#: pages for the teacher or the Python reader, where the workshop's words belong
WORKSHOP_PAGES = ("teachers", "class", "reference/index", "reference/rules", "reference/options",
                  "reference/quizzes", "reference/api", "genindex", "search")

#: the learner's text of a page: its article without code, the Python and teachers' sections,
#: scripts, permalinks and the hidden data quizzes carry
_TEXT = """() => {
  const article = document.querySelector("article.bd-article");
  const copy = article.cloneNode(true);
  copy.querySelectorAll([".cell_input", "section#for-python-users", "section#for-the-teacher",
      "script", "style", "a.headerlink", "template"].join(",")).forEach((e) => e.remove());
  copy.querySelectorAll("div.highlight, pre").forEach((e) => {
    if (!e.closest(".cell_output")) e.remove();
  });
  copy.querySelectorAll("p, li, td, th, dd, dt, div, h1, h2, h3, h4, h5, h6, figcaption, caption")
    .forEach((e) => e.append(" "));
  return copy.textContent;
}"""

#: sentences that use a glossary word in another sense: (page, the sentence's words, the word)
OTHER_SENSES = [
    ("palace-poker", "also called Castle Poker", "called"),
    ("palace-poker", "they split the pot", "split"),
    ("practice", "banks of questions", "banks"),
    ("punto-banco", "one called Player", "called"),
]
#: and sentences of the same pages that do mean the glossary's sense: (page, word, term)
SAME_SENSE = [("palace-poker", "call"), ("pontoon", "split"), ("pontoon", "bank")]

_LINKED_IN = """([phrase, word]) => {
  // the paragraphs holding the phrase, and whether the word inside the phrase is a link
  const found = [];
  document.querySelectorAll("article.bd-article p, article.bd-article li").forEach((el) => {
    const text = el.textContent.replace(/\\s+/g, " ");
    const at = text.indexOf(phrase);
    if (at < 0) return;
    let offset = 0, linked = false;
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        const t = node.textContent.replace(/\\s+/g, " ");
        const inLink = node.parentElement.closest("a.cr-term");
        if (inLink && offset < at + phrase.length && offset + t.length > at
            && t.toLowerCase().startsWith(word.toLowerCase().slice(0, 4))) linked = true;
        offset += t.length;
      } else node.childNodes.forEach(walk);
    };
    walk(el);
    found.push(linked);
  });
  return found;
}"""

_HEADINGS = """() => {
  // the search page has no article: its title and results sit in the content column
  const column = document.querySelector("article.bd-article")
    || document.querySelector(".bd-article-container");
  return Array.from(column.querySelectorAll("h1, h2, h3, h4, h5, h6"))
    .map((h) => [Number(h.tagName[1]), h.textContent.replace(/[#¶]/g, "").trim(),
                 h.classList.contains("cr-quiz-title")]);
}"""

#: axe-core's heading and landmark rules, whose violations count at every impact, moderate
#: ones included (``tests/test_reader.py``'s ``_axe``)
STRUCTURE_RULES = ["heading-order", "landmark-unique", "empty-heading", "page-has-heading-one",
                   "duplicate-id-aria"]

_LIVE_PLACE = """() => {
  const live = document.querySelector("article .cr-live");
  if (!live) return null;
  const h1 = document.querySelector("article h1");
  const between = [];
  let node = h1.nextElementSibling;
  while (node && node !== live && !node.contains(live)) {
    if (!["SCRIPT", "STYLE", "SPAN"].includes(node.tagName)) between.push(node.tagName);
    node = node.nextElementSibling;
  }
  return between;
}"""

_TABLES = """() => {
  const out = {stacked: [], cueless: []};
  document.querySelectorAll("article table.cr-table").forEach((t) => {
    const rows = Array.from(t.querySelectorAll("tbody tr"));
    if (rows.some((r) => getComputedStyle(r).display !== "table-row"))
      out.stacked.push((t.caption && t.caption.textContent) || t.rows[0].textContent.slice(0, 60));
    const box = t.closest(".cr-table-scroll");
    if (box && box.scrollWidth > box.clientWidth + 1) {
      const cue = box.parentElement.querySelector(".cr-scroll-cue");
      if (!cue || !cue.checkVisibility()) out.cueless.push((t.caption && t.caption.textContent) || "a table");
    }
  });
  return out;
}"""


def _learner_page(name: str) -> bool:
    return not name.startswith(WORKSHOP_PAGES) or name in ("reference/sources",
                                                          "reference/house-readings")


def learner_reads(page: Any, name: str, where: str) -> None:
    """The page as a learner reads it (``tests/test_pages.py`` calls this on every page):
    no workshop word, the glossary's senses, the headings and quiz titles, and the live
    box after the page's opening."""
    if _learner_page(name):
        text = page.evaluate(_TEXT)
        found = [f"{f.kind} {f.word!r}: …{f.context}…" for f in findings(text)]
        assert not found, f"{where}: workshop words a learner meets:\n" + "\n".join(found)

    # glossary links: never in the book's chrome, never in another sense
    outside = page.evaluate("() => Array.from(document.querySelectorAll('a.cr-term'))"
                            ".filter((a) => !a.closest('article')).length")
    assert outside == 0, f"{where}: {outside} glossary links outside the page's text"
    for page_name, phrase, word in OTHER_SENSES:
        if page_name == name:
            linked = page.evaluate(_LINKED_IN, [phrase, word])
            assert linked, f"{where}: the sentence {phrase!r} is gone; find another one"
            assert not any(linked), f"{where}: {word!r} in {phrase!r} links the glossary"
    for page_name, term in SAME_SENSE:
        if page_name == name:
            assert page.locator(f"article a.cr-term[href$='#term-{term}']").count() == 1, (
                f"{where}: the glossary word {term!r} is linked nowhere")

    # headings in order, quiz titles unique (axe-core's STRUCTURE_RULES run with the rest)
    heads = page.evaluate(_HEADINGS)
    assert heads and heads[0][0] == 1, f"{where}: the page does not open with its title"
    for (before, _t, _q), (level, title, _quiz) in itertools.pairwise(heads):
        assert level <= before + 1, f"{where}: h{level} {title!r} right after an h{before}"
    quiz_titles = [t for _level, t, quiz in heads if quiz]
    twice = sorted({t for t in quiz_titles if quiz_titles.count(t) > 1})
    assert not twice, f"{where}: quiz titles used twice: {twice}"

    # the page's opening before the live-mode box
    before_live = page.evaluate(_LIVE_PLACE)
    if before_live is not None:
        assert "P" in before_live, f"{where}: the live box comes before the page's opening"


def tables_stay_tables(page: Any, where: str) -> None:
    """A wide table stays a table (rows are rows, not stacked cards) and scrolls inside its
    own box, with the cue shown while it does not fit."""
    tables = page.evaluate(_TABLES)
    assert not tables["stacked"], f"{where}: tables shown as stacked cards: {tables}"
    assert not tables["cueless"], f"{where}: tables that scroll with no cue: {tables}"


def test_the_intro_names_the_quiz_controls_the_quiz_has(browser: Any, site: str) -> None:
    """Every control the introduction's "How the quizzes work" names in bold is one a quiz
    of the book shows, once answered to its end."""
    with _axe_ready_page(browser, "desktop") as page:
        page.goto(f"{site}/intro.html")
        section = page.locator("section#how-the-quizzes-work")
        named = {t.strip() for t in section.locator(":scope > ul > li strong, :scope > p strong")
                 .all_inner_texts()}
        assert {"Check my answer", "Next question"} <= named, named
        quiz = page.locator("[data-cr-quiz].cr-js").first
        quiz.wait_for()
        seen: set[str] = set()

        def controls() -> None:
            seen.update(t.strip() for t in quiz.locator("button, summary").all_inner_texts())

        for _ in range(10):
            controls()
            choice = quiz.locator("input[type=radio], input[type=checkbox]").first
            if choice.count():
                choice.check()
            else:
                box = quiz.locator("input[type=text], input[type=number], input:not([type])")
                if box.count():
                    box.first.fill("1")
            quiz.get_by_role("button", name="Check my answer").click()
            quiz.locator(".cr-feedback strong").first.wait_for()
            controls()
            nxt = quiz.get_by_role("button", name=re.compile("Next question|See your summary"))
            label = nxt.inner_text().strip()
            nxt.click()
            if label == "See your summary":
                quiz.get_by_role("button", name="Start again").wait_for()
                controls()
                break
        # without JavaScript the bank shows "Show the answer" (quizzes/static/html.py)
        seen.add("Show the answer")
        # the verdict's words, Right or Not right (tests/test_browser.py reads them)
        seen.update({"Right", "Not right"})
        missing = sorted(n for n in named if n not in seen and n not in ("Live mode",))
        assert not missing, f"the introduction names controls no quiz shows: {missing}; seen {seen}"


def test_page_titles_do_not_repeat(built_book: Any) -> None:
    """The browser's title for a page is the page's title and the book's, each said once."""
    for name in ("intro", "pontoon", "casino"):
        html = (built_book / f"{name}.html").read_text(encoding="utf-8")
        title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)  # type: ignore[union-attr]
        parts = [p.strip().lower() for p in re.split(r"\s+[—–-]\s+", title)]
        assert len(parts) == len(set(parts)), title
        assert not any(a != b and (a in b or b in a) for a in parts for b in parts), title


def test_worked_pontoon_examples_show_the_players_cards_face_up(browser: Any, site: str
                                                                ) -> None:
    with _axe_ready_page(browser, "phone") as page:
        page.goto(f"{site}/pontoon.html")
        # the worked examples, not the quizzes (a question may show the table as the banker
        # sees it)
        backs = page.evaluate("""() => Array.from(document.querySelectorAll("article .cr-row"))
          .filter((r) => !r.closest(".cr-quiz"))
          .filter((r) => /^(Ann|Cleo|Dev|Eva|Finn)/.test(r.querySelector(".cr-row-label").textContent))
          .filter((r) => r.querySelector('[aria-label="a face-down card"]')
                         || /face-down card/.test(r.querySelector(".cr-cards").dataset.cards || ""))
          .map((r) => r.querySelector(".cr-row-label").textContent)""")
        assert not backs, f"players' own hands drawn face down: {backs}"
        shown = page.locator("article .cell_output .cr-row").filter(has_text="Ann").count()
        assert shown >= 5, "the worked examples show Ann's hand"


def test_the_player_counts_are_the_engines() -> None:
    """A rule that says how many sit at a table says the engine's numbers."""
    from cardrules.banco import social
    from cardrules.catalog import rule
    from cardrules.pontoon import deal

    text = rule("pontoon.deal").statement
    assert f"From {deal.MIN_SEATS} to {deal.MAX_SEATS} sit at the table" in text, text
    assert f"1 to {deal.MAX_SEATS - 1} players" in text, text
    text = rule("banco.social").statement
    assert f"{social.MIN_PLAYERS} to {social.MAX_PLAYERS} players" in text, text


#: every "N to M players" or "N to M at the table" of a chapter or a rule box
_COUNTS = re.compile(r"(?:From )?(\d+) to (\d+) (?:players|sit at the table|at the table)")


def test_the_counts_the_chapters_state_are_the_engines(built_book: Any) -> None:
    """Player counts in a chapter's prose and rule boxes are the engine's: the Pontoon and
    Banco tables' limits, and Casino's deals a round for 2, 3 and 4 players."""
    from cardrules.banco import social
    from cardrules.casino import deals_per_round
    from cardrules.pontoon import deal

    allowed = {"pontoon": {(deal.MIN_SEATS, deal.MAX_SEATS), (1, deal.MAX_SEATS - 1),
                           (deal.DEFAULT_SEATS, deal.MAX_SEATS)},
               "punto-banco": {(social.MIN_PLAYERS, social.MAX_PLAYERS)}}
    for page in ("intro", "cards", "punto-banco", "pontoon", "casino-pontoon", "casino",
                 "palace-poker"):
        html = (built_book / f"{page}.html").read_text(encoding="utf-8")
        text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        said = {(int(a), int(b)) for a, b in _COUNTS.findall(text)}
        assert said <= allowed.get(page, set()), f"{page}: counts {said - allowed.get(page, set())}"
    text = " ".join(re.sub(r"<[^>]+>", " ", (built_book / "casino.html").read_text(
        encoding="utf-8")).split())
    deals = [deals_per_round(n) for n in (2, 3, 4)]
    said = (f"With 2 players a round has {deals[0]} deals, with 3 players {deals[1]}, and "
            f"with 4 players {deals[2]}.")
    assert said in text, f"casino: the deals a round are not the engine's {deals}"
