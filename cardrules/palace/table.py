"""The table as rows, for pictures, tables and the book's deals."""

from __future__ import annotations

from ..cards import Card, cards_text
from .deal import start
from .profile import PalaceRules
from .state import PalaceState


def table(state: PalaceState, show_palace: bool = False) -> list[list[object]]:
    """The table as rows for a picture or a table: name, banner, soldiers, palace cards
    (counted, or shown), chips, and whether in the hand.

    >>> from cardrules.palace import load_palace, player, position
    >>> table(position(load_palace(), [player("Ann", "KS", "2H 3H 4H", "5D", chips=20),
    ...                                 player("Bob", "QD", "5C 6C 7C")]))[0]
    ['Ann', 'K♠', '5♦', '3 cards', 20, 'in (to act)']
    """
    rows: list[list[object]] = []
    for i, p in enumerate(state.players):
        status = "in" if p.in_hand else "out"
        if i == state.to_act and not state.is_over:
            status += " (to act)"
        palace = cards_text(p.palace) if show_palace else f"{len(p.palace)} cards"
        rows.append([p.name, str(p.banner) if p.banner else "-", cards_text(p.soldiers) or "-",
                     palace if p.palace else "-", p.chips, status])
    return rows


def deal_rows(rules: PalaceRules, seed: int | str, players: int | None = None
              ) -> list[tuple[str, tuple[Card, ...]]]:
    """A seeded hand's banners and palace cards as labelled rows of cards (four players
    when ``players`` is None).

    >>> from cardrules.palace import load_palace
    >>> [label for label, _ in deal_rows(load_palace(), 3, 2)]
    ['Player 1: banner', 'Player 1: palace', 'Player 2: banner', 'Player 2: palace']
    """
    s = start(rules, seed, players)
    rows: list[tuple[str, tuple[Card, ...]]] = []
    for p in s.players:
        banner = (p.banner,) if p.banner is not None else ()
        rows += [(f"{p.name}: banner", banner), (f"{p.name}: palace", tuple(p.palace))]
    return rows
