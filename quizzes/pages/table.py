"""The book's table on a page: the block the ``{play-table}`` directive writes.

The block holds what the table's script (``cardrules-table.js``) needs before anything
is loaded: the game, the rules the learner may pick (the page's own, every shipped
profile of the game, and house rules the page carries as TOML), the seats and the
computer players with their rules of play, printed as plain HTML too.  Nothing runs
until the learner presses "Sit at the table"; then the practice worker starts the
engine.

>>> html = table_block("pontoon")
>>> 'data-cr-table="pontoon"' in html, "Sit at the table" in html, "Sensible" in html
(True, True, True)
>>> table_block("snap")
Traceback (most recent call last):
...
ValueError: no play-along table for 'snap'; the table plays: banco, pontoon, casino-pontoon, casino, palace
"""

from __future__ import annotations

import json
import re
import urllib.parse
from html import escape, unescape
from typing import Any

from cardrules.errors import CardrulesError
from cardrules.profiles import Profile, load_rules, rules_from_text
from quizzes.live.play import adapter
from quizzes.model.banks import is_shipped, profile_key, profile_toml
from quizzes.static.table import TABLES, YOU, players_of, profiles_of

#: a sentence on the learner's part at each game's table, in the game's words
PARTS: dict[str, str] = {
    "banco": "You bet, then deal the two hands as the croupier, drawing by the tableau; "
             "another bettor sits beside you.",
    "pontoon": "You play against the banker, who holds the first seat; sit there to hold "
               "the bank yourself.",
    "casino-pontoon": "You play one hand against the dealer, who draws by the house rules.",
    "casino": "You play a round against one opponent; the first seat deals, so the second "
              "plays first.",
    "palace": "You play one hand against two opponents; the first seat deals.",
}


def _json(data: Any) -> str:
    """JSON that may stand inside a ``<script>`` (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def table_config(game: str, profile: Profile | None = None) -> dict[str, Any]:
    """What the table's script reads: the game, its rules to pick from, the seats and
    the computer players.  ``profile`` is the page's own rules when they are not the
    game's (house rules travel as TOML).

    >>> c = table_config("casino")
    >>> c["game"], c["default"], c["seats"], c["you"]
    ('casino', 'casino', ['North', 'You'], 1)
    """
    a = adapter(game)
    seats = TABLES[a.game]
    config: dict[str, Any] = {
        "game": a.game, "title": a.title, "default": a.profile, "profiles": profiles_of(a.game),
        "seats": list(seats), "you": seats.index(YOU), "players": players_of(a.game),
        "part": PARTS.get(a.game, ""), "house": None,
    }
    if profile is not None:
        if profile.game != a.game:
            raise ValueError(f"the table plays {a.title}; those are rules of {profile.game}")
        key = profile_key(profile)
        if any(p["key"] == key for p in config["profiles"]):
            config["default"] = key
        else:
            config["house"] = {"key": key, "name": profile.name, "toml": profile_toml(profile)}
    return config


def table_block(game: str, profile: Profile | None = None) -> str:
    """The table's HTML: its settings for the script, an introduction, the "Sit at the
    table" button, and the computer players' rules of play."""
    config = table_config(game, profile)
    g = config["game"]
    players = "".join(
        f'<li data-cr-player="{escape(p["name"])}"><strong>{escape(p["title"])}.</strong> '
        f'{escape(p["plays"])}</li>' for p in config["players"])
    return (
        f'<section class="cr-table-app" id="cr-table-{escape(g)}" data-cr-table="{escape(g)}" '
        f'aria-label="{escape(config["title"])} table">'
        f'<script type="application/json" class="cr-table-config">{_json(config)}</script>'
        f'<p class="cr-table-part">{escape(config["part"])} Every move is checked by the '
        'rules engine, and the coach says what each decision is worth.</p>'
        '<div class="cr-table-stage" hidden></div>'
        '<p class="cr-table-start" hidden><button type="button" class="cr-primary cr-sit">'
        'Sit at the table</button></p>'
        '<noscript><p>The table needs JavaScript: it runs the rules engine in your browser.'
        '</p></noscript>'
        '<div class="cr-table-players"><p class="cr-table-players-head">The computer '
        f'players, each playing by its rule:</p><ul>{players}</ul></div>'
        '</section>')


#: a lesson's link to the Practice page, with the house rules it carries (quizzes/teach/page.py)
_LESSON_LINK = re.compile(r'<p class="cr-practice-link"><a href="[^"]*practice\.html\?([^"#]*)"'
                          r'(?: data-cr-profile-toml="([^"]*)")?')
#: the sentence that introduces a lesson's table
LESSON_INTRO = ("Play what this lesson teaches at a table, under its house rules: every move is "
                "checked by the rules engine, and the coach says what each decision is worth.")


def lesson_rules(html: str) -> Profile | None:
    """The house rules a lesson page plays by, read from its link to the Practice page (the
    TOML it carries, or the shipped profile it names); None when the page has no such link.

    >>> lesson_rules('<p class="cr-practice-link"><a href="../practice.html?rules=a'
    ...              '&amp;profile=pontoon-stick-16">Practise</a></p>').min_stick
    16
    >>> lesson_rules("<p>No link.</p>") is None
    True
    """
    m = _LESSON_LINK.search(html)
    if m is None:
        return None
    if m.group(2):
        return rules_from_text(unescape(m.group(2)), "the lesson's house rules")
    key = (urllib.parse.parse_qs(unescape(m.group(1))).get("profile") or [""])[0]
    return load_rules(key) if key and is_shipped(key) else None


def lesson_table_block(html: str) -> str | None:
    """A lesson page's table, under the house rules its Practice link carries (None when the
    page names none, or its game has no table).

    >>> block = lesson_table_block('<p class="cr-practice-link"><a href="../practice.html?'
    ...                            'rules=a&amp;profile=casino-sweeps">x</a></p>')
    >>> 'data-cr-table="casino"' in block, "casino-sweeps" in block
    (True, True)
    """
    try:
        rules = lesson_rules(html)
        return None if rules is None else table_block(rules.game, rules)
    except (CardrulesError, ValueError):
        return None
