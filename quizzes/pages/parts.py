"""HTML blocks for book pages, shared by the book extension and the lesson builder.

Nothing here knows Sphinx: each function takes plain values, returns HTML, and
raises an error that says what is wrong and what is allowed.

>>> html, anchor, title = rule_block("banco.natural")
>>> anchor, title
('rule-banco-natural', 'Naturals')
>>> "House reading" in html
True

With a profile, a rule box states the rule as that table plays it:

>>> html, _a, _t = rule_block("pontoon.stick", load_rules("pontoon-stick-16"))
>>> "at least 16 (house rule; the standard game: 15 or more)" in html
True
>>> quiz_block(["banco.natural"], {"count": "nine"})
Traceback (most recent call last):
...
ValueError: :count: must be a whole number from 1 to 50, got 'nine'
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

from cardrules import game as registry
from cardrules.cards import parse_cards
from cardrules.catalog import INDEX_TERMS, house_reading, rule, rule_ids, statement
from cardrules.changes import changes, game_title
from cardrules.errors import CardParseError, ProfileError
from cardrules.profiles import Profile, describe_options, load_rules, shipped_profiles
from quizzes.model.question import CardRow, Kind
from quizzes.model.registry import Generator, all_generators, for_rule, get
from quizzes.pages.text import plain
from quizzes.static.html import render_bank
from quizzes.static.svg import rows_html

QUIZ_OPTIONS = ("count", "seed", "profile", "kinds", "title")
DEAL_OPTIONS = ("seed", "players")


def rule_anchor(rule_id: str) -> str:
    """The HTML id of a rule's entry.

    >>> rule_anchor("pontoon.buy.limits")
    'rule-pontoon-buy-limits'
    """
    return "rule-" + rule_id.replace(".", "-")


def unknown_rule_message(rule_id: str, extra: Sequence[str] = ()) -> str:
    """Why ``rule_id`` is unknown, with the nearest ids (or the game's ids) to try.

    >>> unknown_rule_message("banco.thrid-card")
    "unknown rule id 'banco.thrid-card' (did you mean banco.third-card?)"
    >>> unknown_rule_message("banco.how-to-win")  # doctest: +ELLIPSIS
    "unknown rule id 'banco.how-to-win'; the rules of banco are: banco.deal, banco.hand-value, ..."
    """
    known = [*rule_ids(), *extra]
    near = difflib.get_close_matches(rule_id, known, n=3, cutoff=0.8) or difflib.get_close_matches(
        rule_id, known, n=3, cutoff=0.6)
    if near:
        return f"unknown rule id {rule_id!r} (did you mean {' or '.join(near)}?)"
    game = rule_id.split(".")[0]
    of_game = [r for r in rule_ids() if r.split(".")[0] == game]
    if of_game:
        return f"unknown rule id {rule_id!r}; the rules of {game} are: {', '.join(of_game)}"
    games = sorted({r.split(".")[0] for r in rule_ids()})
    return (f"unknown rule id {rule_id!r}; a rule id starts with its game, one of: "
            f"{', '.join(games)}")


def rule_block(rule_id: str, profile: Profile | None = None) -> tuple[str, str, str]:
    """A rule's entry: (html, anchor, title).  Unknown ids suggest the nearest.  With a
    ``profile``, the statement and the house reading are those its table plays
    (:func:`cardrules.catalog.statement`), and a house rule is marked as one."""
    if rule_id.strip() not in rule_ids():
        raise ValueError(unknown_rule_message(rule_id.strip()))
    r = rule(rule_id.strip())
    text, changed = statement(r.id, profile)
    reading = house_reading(r.id, profile)
    source_title, url = r.public_source
    house = ""
    if reading:
        house = (f'<div class="cr-house" role="note"><strong>House reading.</strong> '
                 f"{escape(reading)}</div>")
    option = " <em>(an option or variant)</em>" if r.option else ""
    played = ' <em class="cr-house-rule">(a house rule at this table)</em>' if changed else ""
    marker = ' data-cr-house-rule="1"' if changed else ""
    html = (
        f'<aside class="cr-rule" data-cr-rule="{escape(r.id)}" aria-label="Rule: {escape(r.title)}"'
        f'{marker}>'
        f'<p class="cr-rule-title"><strong>Rule: {escape(r.title)}</strong>{option}{played}</p>'
        f"{statement_html(text)}"
        f'<p class="cr-rule-source">Source: <a href="{escape(url)}">{escape(source_title)}</a></p>'
        f"{house}</aside>"
    )
    return html, rule_anchor(r.id), r.title


def rule_index_entries(rule_id: str) -> list[tuple[str, str]]:
    """The book index's entries for a rule: (entry type, text) pairs, Sphinx's ``index``
    format.  The rule stands under its game by its title, and under each word a reader
    looks it up by (``catalog.INDEX_TERMS``) with its game.

    >>> rule_index_entries("banco.third-card")
    [('single', "Punto Banco; The banker's third card"), ('single', 'third card; Punto Banco'), ('single', 'tableau; Punto Banco')]
    """
    from quizzes.pages.reference import game_title

    r = rule(rule_id)
    game = game_title(r.game)
    # a semicolon separates an index entry from its subentry
    title = r.title.replace(";", ",")
    return [("single", f"{game}; {title}"),
            *(("single", f"{term}; {game}") for term in INDEX_TERMS.get(r.id, ()))]


def rule_search_terms(rule_id: str) -> tuple[str, ...]:
    """What the book's search finds a rule by, on the page that explains it: its title and
    the words of ``catalog.INDEX_TERMS``.

    >>> rule_search_terms("pontoon.buy.limits")
    ('Buying a card', 'buy')
    """
    r = rule(rule_id)
    return (r.title, *INDEX_TERMS.get(r.id, ()))


def statement_html(statement: str) -> str:
    """A rule's statement as HTML; an inline numbered list ("1. ... 2. ...") becomes a list.

    >>> statement_html("Best first: 1. Pontoon. 2. Five card trick. So A-J wins.")
    '<p class="cr-rule-statement">Best first:</p><ol class="cr-rule-list"><li>Pontoon.</li><li>Five card trick.</li></ol><p class="cr-rule-statement">So A-J wins.</p>'
    >>> statement_html("Ties go to the banker.")
    '<p class="cr-rule-statement">Ties go to the banker.</p>'
    """
    parts = re.split(r"(?:^|\s)(\d+)\.\s", statement)
    numbers = parts[1::2]
    if len(numbers) < 2 or numbers != [str(i) for i in range(1, len(numbers) + 1)]:
        return f'<p class="cr-rule-statement">{escape(statement)}</p>'
    head, items = parts[0].strip(), [x.strip() for x in parts[2::2]]
    tail = ""
    last = re.split(r"(?<=\.)\s+(?=[A-Z])", items[-1], maxsplit=1)
    if len(last) == 2:
        items[-1], tail = last
    out = f'<p class="cr-rule-statement">{escape(head)}</p>' if head else ""
    out += '<ol class="cr-rule-list">' + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ol>"
    if tail:
        out += f'<p class="cr-rule-statement">{escape(tail)}</p>'
    return out


def _int_option(options: Mapping[str, str], key: str, default: int, low: int, high: int) -> int:
    raw = options.get(key)
    if raw is None or str(raw).strip() == "":
        return default
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise ValueError(f":{key}: must be a whole number from {low} to {high}, got {raw!r}") from None
    if not low <= value <= high:
        raise ValueError(f":{key}: must be a whole number from {low} to {high}, got {value}")
    return value


def resolve_profile_option(value: str | None, base: Path | Sequence[Path] | None = None
                           ) -> Profile | None:
    """A ``:profile:`` option: a shipped profile name, or a TOML path.

    A path is looked for relative to each folder of ``base`` in turn (the page's
    folder, then the book's, then the project's), then as given.  A single
    ``base`` folder also tries its parent.

    >>> resolve_profile_option("no-such.toml", Path("."))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.ProfileError: no-such.toml: no such profile file (looked in ...); give a shipped profile name (...) or the path of a .toml file relative to the page
    """
    if value is None or not value.strip():
        return None
    text = value.strip()
    if text.endswith(".toml") or "/" in text:
        if base is None:
            bases: list[Path] = []
        elif isinstance(base, Path):
            bases = [base, base.parent]
        else:
            bases = list(base)
        candidates = [b / text for b in bases] + [Path(text)]
        for c in candidates:
            if c.is_file():
                return load_rules(c)
        looked = ", ".join(dict.fromkeys(os.path.normpath(c.parent) for c in candidates))
        raise ProfileError(text, None, f"no such profile file (looked in {looked}); give a "
                           f"shipped profile name ({', '.join(shipped_profiles())}) or the path "
                           "of a .toml file relative to the page")
    return load_rules(text)


def pick_generators(targets: Sequence[str], kinds: str | None = None) -> list[Generator]:
    """The generators for rule ids and/or generator ids, optionally of some kinds only.

    >>> [g.id for g in pick_generators(["banco.player-draw"])]
    ['banco.player-draw.decide']
    """
    allowed_kinds = {k.value: k for k in Kind}
    wanted: set[Kind] | None = None
    if kinds:
        wanted = set()
        for k in (x.strip() for x in kinds.split(",")):
            if k not in allowed_kinds:
                raise ValueError(f":kinds: {k!r} is not a kind; allowed: {', '.join(allowed_kinds)}")
            wanted.add(allowed_kinds[k])
    gen_ids = {g.id for g in all_generators()}
    chosen: list[Generator] = []
    for target in targets:
        t = target.strip().strip(",")
        if not t:
            continue
        if t in gen_ids:
            found: tuple[Generator, ...] = (get(t),)
        elif t in rule_ids():
            found = for_rule(t)
            if not found:
                raise ValueError(f"rule {t!r} has no quiz generator yet")
        else:
            near = difflib.get_close_matches(t, [*gen_ids, *rule_ids()], n=3, cutoff=0.75)
            hint = f" (did you mean {' or '.join(near)}?)" if near else ""
            raise ValueError(f"{t!r} is neither a rule id nor a quiz generator id{hint}; "
                             "a quiz takes rule ids or quiz generator ids")
        for g in found:
            if g not in chosen and (wanted is None or g.kind in wanted):
                chosen.append(g)
    if not chosen:
        raise ValueError(f"no quiz generator matches {' '.join(targets)!r}"
                         + (f" with kinds {kinds!r}" if kinds else ""))
    return chosen


def quiz_block(targets: Sequence[str], options: Mapping[str, str],
               base: Path | Sequence[Path] | None = None) -> str:
    """A static quiz for rule ids or generator ids, with the ``{quiz}`` options."""
    for key in options:
        if key not in QUIZ_OPTIONS:
            raise ValueError(f"unknown option :{key}:; allowed: {', '.join(QUIZ_OPTIONS)}")
    count = _int_option(options, "count", 5, 1, 50)
    seed_text = str(options.get("seed", "0")).strip() or "0"
    seed: int | str = int(seed_text) if seed_text.lstrip("-").isdigit() else seed_text
    gens = pick_generators(targets, options.get("kinds"))
    profile = resolve_profile_option(options.get("profile"), base)
    if profile is not None:
        gens = [g for g in gens if g.game == profile.game]
        if not gens:
            raise ValueError(f":profile: is for {profile.game!r}, which none of "
                             f"{' '.join(targets)!r} is about")
    from quizzes.model.banks import quiz_attributes
    from quizzes.model.registry import bank

    ids = [g.id for g in gens]
    questions = bank(ids, count=count, seed=seed, profile=profile)
    title = options.get("title") or (gens[0].title if len(gens) == 1 else
                                     "Check your understanding")
    return render_bank(questions, str(title), seed=seed, **quiz_attributes(ids, profile))


_QUIZ_TITLE = re.compile(r'<h([1-6]) class="cr-quiz-title">(.*?)</h\1>', re.DOTALL)


def quiz_titles(html: str) -> list[str]:
    """The titles of the quizzes in a piece of HTML, as their headings show them.

    >>> quiz_titles('<h4 class="cr-quiz-title">Quiz: Naturals</h4><p>...</p>')
    ['Quiz: Naturals']
    """
    return [m.group(2) for m in _QUIZ_TITLE.finditer(html)]


def quiz_heading_level(html: str, level: int) -> str:
    """``html`` with its quizzes' titles as headings of ``level`` (1 to 6), so that a quiz
    under a page's section (h2) is titled one level down (h3), not two.

    >>> quiz_heading_level('<h4 class="cr-quiz-title">Quiz: Naturals</h4>', 3)
    '<h3 class="cr-quiz-title">Quiz: Naturals</h3>'
    """
    level = min(6, max(1, level))
    return _QUIZ_TITLE.sub(lambda m: f'<h{level} class="cr-quiz-title">{m.group(2)}</h{level}>',
                           html)


def deal_block(profile_name: str, options: Mapping[str, str],
               base: Path | Sequence[Path] | None = None) -> str:
    """A seeded deal of a game as card pictures (the game's ``deal_rows``)."""
    for key in options:
        if key not in DEAL_OPTIONS:
            raise ValueError(f"unknown option :{key}:; allowed: {', '.join(DEAL_OPTIONS)}")
    profile = resolve_profile_option(profile_name, base)
    assert profile is not None
    seed_text = str(options.get("seed", "0")).strip() or "0"
    if profile.game not in registry.names():
        raise ValueError(f"{registry.title_of(profile.game)} is no game of its own: it has no "
                         "deal to show")
    players = _int_option(options, "players", 0, 0, 12)
    rows = registry.get(profile.game).deal_rows(profile, seed_text, players or None)
    # the seed is the shuffle's number: the same number replays the same shuffle exactly
    caption = f"{profile.name}: shuffle number {seed_text} (the same shuffle replays exactly)"
    return (f'<figure class="cr-deal">{rows_html([CardRow(lbl, tuple(c)) for lbl, c in rows])}'
            f"<figcaption>{plain(caption, 'html')}</figcaption></figure>")


def default_profile_name(game: str) -> str:
    """The profile a game's quizzes use unless told otherwise: the game's own default
    (:func:`cardrules.game.default_profile_of`).

    >>> default_profile_name("banco")
    'punto-banco'
    """
    return registry.default_profile_of(game)


def profile_block(value: str, base: Path | Sequence[Path] | None = None) -> str:
    """A profile's rules as a table, in the game's words: each option's title and its value
    at this table; a house rule's change is marked against the standard game.

    >>> html = profile_block("pontoon-stick-16")
    >>> "<strong>16 or more</strong> (standard game: 15 or more)" in html
    True
    >>> "min_stick" in html
    False
    """
    from cardrules.changes import option_title, value_words

    profile = resolve_profile_option(value, base)
    if profile is None:
        raise ValueError("name a shipped profile or the path of a .toml file")
    usual = load_rules(default_profile_name(profile.game))
    rows = []
    for name, _default, _help in describe_options(type(profile)):
        if name in ("name", "description"):
            continue
        value_now = getattr(profile, name)
        shown = escape(value_words(profile, name, value_now))
        if type(usual) is type(profile) and value_now != getattr(usual, name):
            shown = (f"<strong>{shown}</strong> (standard game: "
                     f"{escape(value_words(usual, name, getattr(usual, name)))})")
        rows.append(f'<tr><td style="text-align:left">{escape(option_title(profile, name))}</td>'
                    f'<td style="text-align:left">{shown}</td></tr>')
    # the name and the description are teacher text: shown as typed (quizzes.pages.text)
    title = plain(profile.name or value, "html")
    about = f" {plain(profile.description, 'html')}" if profile.description.strip() else ""
    return (f'<table class="cr-table cr-profile"><caption>The rules: {title}.{about}'
            '</caption><thead><tr><th scope="col">Rule</th><th scope="col">At this table</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def changes_lines(profile: Profile) -> list[str]:
    """What a profile's table changes from the standard game, a line each, in the words a
    teacher and a learner read (option titles, not keys); one line when it changes nothing.

    >>> changes_lines(load_rules("pontoon-stick-16"))
    ['Sticking: 16 or more (standard: 15 or more)']
    >>> changes_lines(load_rules("palace-poker"))
    ['Every rule as the standard game of Palace Poker plays it.']
    """
    found = [c.line for c in changes(profile)]
    return found or [f"Every rule as the standard game of {game_title(profile.game)} plays it."]


def changes_block(profile: Profile) -> str:
    """:func:`changes_lines` as HTML: a list headed by what it is.

    >>> "<li>Sticking: 16 or more (standard: 15 or more)</li>" in changes_block(
    ...     load_rules("pontoon-stick-16"))
    True
    """
    found = changes(profile)
    if not found:
        return f'<p class="cr-changes">{escape(changes_lines(profile)[0])}</p>'
    items = "".join(f"<li>{escape(c.line)}</li>" for c in found)
    return (f'<div class="cr-changes"><p>What this table changes from the standard game of '
            f'{escape(game_title(profile.game))}:</p><ul>{items}</ul></div>')


def _shown(value: object) -> str:
    return "yes" if value is True else "no" if value is False else str(value)


def position_block(lines: Sequence[str], caption: str | None = None) -> str:
    """Rows of cards written ``Label: AS 10D ...``, one row a line.

    >>> "aria-label" in position_block(["Table: 5C 3D", "Hand: 8S"])
    True
    >>> position_block(["Table 5C"])
    Traceback (most recent call last):
    ...
    ValueError: position line 1 'Table 5C' must be 'Label: cards', e.g. 'Table: 5C 3D'
    """
    rows = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if ":" not in line:
            raise ValueError(f"position line {n} {line!r} must be 'Label: cards', "
                             "e.g. 'Table: 5C 3D'")
        label, cards = line.split(":", 1)
        try:
            rows.append(CardRow(label.strip(), parse_cards(cards)))
        except CardParseError as e:
            raise ValueError(f"position line {n} {line.strip()!r}: {e}") from None
    if not rows:
        raise ValueError("a position needs at least one line 'Label: cards'")
    cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
    return f'<figure class="cr-position">{rows_html(rows)}{cap}</figure>'
