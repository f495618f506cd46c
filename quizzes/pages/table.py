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
from html import escape
from typing import Any

from cardrules.profiles import Profile
from quizzes.live.play import adapter
from quizzes.model.banks import profile_key, profile_toml
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
