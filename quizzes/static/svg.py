"""Cards as SVG pictures (no fonts or images fetched: plain shapes and text).

>>> from cardrules.cards import parse_card
>>> svg = card_svg(parse_card("10D"))
>>> svg.startswith("<svg") and 'aria-label="ten of diamonds"' in svg
True
>>> 'aria-label="a face-down card"' in card_svg(parse_card("AS"), face_down=True)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from cardrules.cards import Card
from quizzes.model.question import CardRow

_W, _H = 60, 84


def card_svg(card: Card, *, greyed: bool = False, face_down: bool = False, size: int = 64) -> str:
    """One card as an inline SVG element, labelled for screen readers.

    ``greyed`` draws a card that does not count faded and says so in its label.
    """
    height = round(size * _H / _W)
    if face_down:
        label = "a face-down card"
        body = (
            f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="5" fill="#1f4e8c" '
            'stroke="#222" stroke-width="1"/>'
            f'<rect x="6" y="6" width="{_W - 12}" height="{_H - 12}" rx="3" fill="none" '
            'stroke="#9cc3f0" stroke-width="1.5" stroke-dasharray="3 2"/>'
        )
    else:
        colour = "#c1121f" if card.suit.is_red else "#111"
        label = card.name + (" (does not count)" if greyed else "")
        rank = escape(card.rank.value)
        sym = card.suit.symbol
        small = 14 if len(rank) > 1 else 16
        body = (
            f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="5" fill="#fff" '
            'stroke="#333" stroke-width="1"/>'
            f'<g fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold">'
            f'<text x="5" y="17" font-size="{small}">{rank}</text>'
            f'<text x="5" y="31" font-size="13">{sym}</text>'
            f'<text x="{_W / 2}" y="{_H / 2 + 12}" font-size="34" text-anchor="middle">{sym}</text>'
            f'<g transform="rotate(180 {_W / 2} {_H / 2})">'
            f'<text x="5" y="17" font-size="{small}">{rank}</text>'
            f'<text x="5" y="31" font-size="13">{sym}</text></g></g>'
        )
        if greyed:
            body += (
                f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="5" fill="#bbb" '
                'fill-opacity="0.6"/>'
                f'<line x1="6" y1="{_H - 6}" x2="{_W - 6}" y2="6" stroke="#555" stroke-width="2"/>'
            )
    cls = "cr-card" + (" cr-greyed" if greyed else "")
    return (
        f'<svg class="{cls}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" '
        f'width="{size}" height="{height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def row_html(row: CardRow, *, pickable: bool = False, name: str = "") -> str:
    """A labelled row of cards; with ``pickable`` each card is a checkbox to pick it.

    >>> from cardrules.cards import parse_cards
    >>> html = row_html(CardRow("Table", parse_cards("5C 3D")), pickable=True, name="q1")
    >>> html.count('type="checkbox"')
    2
    """
    items = []
    for i, card in enumerate(row.cards):
        pic = card_svg(card, greyed=i in row.greyed, face_down=i in row.face_down)
        if pickable:
            items.append(
                f'<label class="cr-pick"><input type="checkbox" name="{escape(name)}" '
                f'value="{i}" aria-label="{escape(card.name)}">{pic}</label>'
            )
        else:
            items.append(pic)
    cards = "".join(items) or '<span class="cr-empty">(no cards)</span>'
    text = " ".join(
        "face-down card" if i in row.face_down else str(c) for i, c in enumerate(row.cards)
    )
    return (
        f'<div class="cr-row"><div class="cr-row-label">{escape(row.label)}</div>'
        f'<div class="cr-cards" data-cards="{escape(text)}">{cards}</div></div>'
    )


def rows_html(rows: Sequence[CardRow]) -> str:
    """Several rows of cards in a block.

    >>> from cardrules.cards import parse_cards
    >>> rows_html([CardRow("Hand", parse_cards("AS"))]).count("<svg")
    1
    """
    return '<div class="cr-rows">' + "".join(row_html(r) for r in rows) + "</div>"
