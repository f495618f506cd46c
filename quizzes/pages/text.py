"""Teacher text: what a teacher types in a lesson spec or a house-rules profile, made safe.

Teacher text is text.  Whatever a lesson's title, audience, time, intro, rule notes or
quiz titles say, or a profile's name and description, reaches the reader exactly as
typed, in the book page (MyST), the notebook, the worksheet and the live quizzes: HTML
is shown, not run; ``$`` is a dollar, not maths; ``{role}`` and ``:::`` are characters,
not MyST.  A small subset of Markdown is allowed in the longer fields (``markup=True``):

- ``*emphasis*`` or ``_emphasis_``, and ``**bold**`` or ``__bold__``;
- links ``[words](https://...)`` to ``http://``, ``https://`` or ``mailto:`` addresses;
- lists: lines that start with a dash (or ``*`` or ``+``) and a space, or with a number,
  a full stop and a space (``1. deal``, ``2. draw``);
- paragraphs, separated by a blank line.

Nothing else is interpreted.  Titles and profile names are plain text (``markup=False``).

One function, :func:`render`, turns teacher text into MyST or HTML: it reads the text
into a few blocks and spans (:func:`parse`), then writes them out escaping every
character of the text, so that only the markup it writes itself can mean anything.
:func:`problems` says what is wrong with a text (a link to another kind of address,
control characters), for the spec reader to report with the file and the key.

>>> render("Stakes are $5 to $10, <b>not</b> {math}`x`", "myst")
'Stakes are \\\\$5 to \\\\$10, \\\\<b\\\\>not\\\\</b\\\\> \\\\{math\\\\}\\\\`x\\\\`'
>>> render("**Stick** on *16*: <script>alert(1)</script>", "html")
'<p><strong>Stick</strong> on <em>16</em>: &lt;script&gt;alert(1)&lt;/script&gt;</p>'
>>> render("[rules](https://example.org/a_b) and [no](javascript:alert(1))", "html")
'<p><a href="https://example.org/a_b">rules</a> and [no](javascript:alert(1))</p>'
>>> problems("see [this](javascript:alert(1))")
["a link must go to an http://, https:// or mailto: address; got 'javascript:alert(1)'"]
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass
from html import escape
from typing import Literal
from urllib.parse import quote

__all__ = ["Em", "Item", "Link", "ListBlock", "Para", "Strong", "parse", "plain", "problems",
           "render"]

Format = Literal["myst", "html"]

#: the addresses a link may go to
SCHEMES = ("http://", "https://", "mailto:")

# -- the few things teacher text can hold ------------------------------------------------------


@dataclass(frozen=True)
class Em:
    """*Emphasis* around some spans."""

    children: tuple[Span, ...]


@dataclass(frozen=True)
class Strong:
    """**Bold** around some spans."""

    children: tuple[Span, ...]


@dataclass(frozen=True)
class Link:
    """A link to an http, https or mailto address."""

    children: tuple[Span, ...]
    url: str


Span = str | Em | Strong | Link


@dataclass(frozen=True)
class Para:
    """A paragraph: spans on one logical line."""

    spans: tuple[Span, ...]


@dataclass(frozen=True)
class Item:
    """One item of a list."""

    spans: tuple[Span, ...]


@dataclass(frozen=True)
class ListBlock:
    """A bulleted list, or a numbered one from ``start``."""

    items: tuple[Item, ...]
    ordered: bool = False
    start: int = 1


Block = Para | ListBlock

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BULLET = re.compile(r"^[-*+][ \t]+(.*)$")
_NUMBER = re.compile(r"^(\d{1,9})[.)][ \t]+(.*)$")
_LINK = re.compile(r"\[([^\[\]\n]+)\]\(([^\s()<>\[\]\"'`\\]+)\)")
_LINKISH = re.compile(r"\]\((\S*)\)")


def _clean(text: str) -> str:
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def _punct(ch: str) -> bool:
    return ch in string.punctuation or unicodedata.category(ch).startswith("P")


def _allowed(url: str) -> bool:
    return url.lower().startswith(SCHEMES) and len(url) > len("mailto:")


def _scheme_lowered(url: str) -> str:
    """A link's address with its scheme in lower case (``HTTPS://x`` is ``https://x``),
    as the book's MyST reads only a lower-case scheme as a web address.

    >>> _scheme_lowered("HTTPS://Example.org/A"), _scheme_lowered("MailTo:class@x.org")
    ('https://Example.org/A', 'mailto:class@x.org')
    """
    scheme, colon, rest = url.partition(":")
    return scheme.lower() + colon + rest


def _opens(s: str, i: int, n: int) -> bool:
    before = s[i - 1] if i > 0 else " "
    after = s[i + n] if i + n < len(s) else " "
    return (before.isspace() or _punct(before)) and not after.isspace()


def _closes(s: str, j: int, n: int) -> bool:
    before = s[j - 1]
    after = s[j + n] if j + n < len(s) else " "
    return not before.isspace() and (after.isspace() or _punct(after))


def _emphasis(s: str, i: int) -> tuple[Em | Strong, int] | None:
    """Emphasis or bold opening at ``i``, and where it ends; None if it does not close."""
    mark = s[i]
    n = 2 if s.startswith(mark * 2, i) else 1
    # a run of three or more marks is text (as the book's Markdown reads it, such a run
    # neither opens nor closes a pair of one or two), and so is a mark inside a longer run
    if s.startswith(mark * 3, i) or (i > 0 and s[i - 1] == mark) or not _opens(s, i, n):
        return None
    delim = mark * n
    j = s.find(delim, i + n + 1)
    while j >= 0:
        alone = s[j - 1] != mark and not s.startswith(mark, j + n)
        if alone and _closes(s, j, n):
            inner = _spans(s[i + n:j])
            return (Strong(inner) if n == 2 else Em(inner)), j + n
        j = s.find(delim, j + 1)
    return None


def _spans(s: str, links: bool = True) -> tuple[Span, ...]:
    out: list[Span] = []
    text: list[str] = []
    i = 0
    while i < len(s):
        ch = s[i]
        found: tuple[Span, int] | None = None
        if ch == "[" and links:
            m = _LINK.match(s, i)
            if m and _allowed(m.group(2)):
                found = Link(_spans(m.group(1), links=False), _scheme_lowered(m.group(2))), \
                    m.end()
        elif ch in "*_":
            found = _emphasis(s, i)
        if found is None:
            text.append(ch)
            i += 1
            continue
        if text:
            out.append("".join(text))
            text = []
        out.append(found[0])
        i = found[1]
    if text:
        out.append("".join(text))
    return tuple(out)


def _join(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def parse(text: str, markup: bool = True) -> tuple[Block, ...]:
    """Teacher text as blocks of spans; without ``markup``, one paragraph of plain text.

    >>> parse("Two ways:\\n- **buy**\\n- twist")  # doctest: +NORMALIZE_WHITESPACE
    (Para(spans=('Two ways:',)),
     ListBlock(items=(Item(spans=(Strong(children=('buy',)),)), Item(spans=('twist',))),
               ordered=False, start=1))
    """
    text = _clean(text)
    if not markup:
        flat = " ".join(text.split())
        return (Para((flat,)),) if flat else ()
    blocks: list[Block] = []
    para: list[str] = []
    items: list[list[str]] = []
    kind: tuple[bool, int] | None = None  # (ordered, start) of the list being read

    def end_para() -> None:
        if para:
            blocks.append(Para(_spans(_join(para))))
            para.clear()

    def end_list() -> None:
        nonlocal kind
        if kind is not None and items:
            new = tuple(Item(_spans(_join(i))) for i in items)
            last = blocks[-1] if blocks else None
            if isinstance(last, ListBlock) and last.ordered == kind[0]:
                blocks[-1] = ListBlock(last.items + new, last.ordered, last.start)
            else:
                blocks.append(ListBlock(new, kind[0], kind[1]))
        items.clear()
        kind = None

    for raw in text.split("\n"):
        line = raw.strip()
        bullet, number = _BULLET.match(line), _NUMBER.match(line)
        if not line:
            end_para()
            if kind is not None:
                end_list()
        elif bullet or number:
            end_para()
            ordered = number is not None
            if kind is not None and kind[0] != ordered:
                end_list()
            if kind is None:
                kind = (ordered, int(number.group(1)) if number else 1)
            items.append([number.group(2) if number else bullet.group(1) if bullet else ""])
        elif kind is not None:
            items[-1].append(line)  # a line continuing the item
        else:
            para.append(line)
    end_para()
    end_list()
    return tuple(blocks)


# -- writing it out ----------------------------------------------------------------------------

# Punctuation that means nothing in the middle of a MyST line (with the first character of a
# line escaped, and "1." or "1)" there too) is left as typed, for a readable page.  A dash is
# escaped everywhere (in a list item before a blank line, "x--" empties the item), and so is
# "!" (before a link it makes an image).
_HARMLESS = ",;?'\"/.()=:"
_MYST_ESCAPE = {ord(c): "\\" + c for c in string.punctuation if c not in _HARMLESS}
_LINE_START = re.compile(r"^(\d*)([.)]|[" + re.escape(string.punctuation) + "])")


def _url(url: str) -> str:
    return quote(url, safe=":/?#@!&*+,;=%-._~$")


def _myst(spans: tuple[Span, ...], line_start: bool = True, outer: str = "") -> str:
    """Spans as MyST.  Emphasis is written with ``*``, or with ``_`` where ``*`` would
    meet a mark of the same kind and so read otherwise: right after another emphasis, or
    inside one written with ``*`` (``*a*_b_``, ``**_a_**``)."""
    out = []
    last = ""  # the mark of the emphasis just written, if the previous span is one
    for n, s in enumerate(spans):
        if isinstance(s, str):
            text = s.translate(_MYST_ESCAPE)
            if n == 0 and line_start:
                text = _LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2)
                                       if not m.group(2).startswith("\\") else m.group(0), text)
            out.append(text)
            last = ""
        elif isinstance(s, (Strong, Em)):
            mark = "_" if "*" in (last, outer) else "*"
            delim = mark * (2 if isinstance(s, Strong) else 1)
            out.append(f"{delim}{_myst(s.children, False, mark)}{delim}")
            last = mark
        else:
            out.append(f"[{_myst(s.children, False)}]({_url(s.url)})")
            last = ""
    return "".join(out)


def _html(spans: tuple[Span, ...]) -> str:
    out = []
    for s in spans:
        if isinstance(s, str):
            out.append(escape(s))
        elif isinstance(s, Strong):
            out.append(f"<strong>{_html(s.children)}</strong>")
        elif isinstance(s, Em):
            out.append(f"<em>{_html(s.children)}</em>")
        else:
            out.append(f'<a href="{escape(_url(s.url))}">{_html(s.children)}</a>')
    return "".join(out)


def render(text: str, to: Format, markup: bool = True, lead: str = "") -> str:
    """Teacher text as safe MyST (also fit for a notebook's Markdown cell) or HTML.

    Every character of the text is escaped; with ``markup`` the allowed subset of
    Markdown (emphasis, bold, http/https/mailto links, lists, paragraphs) is kept.
    ``lead`` is markup of our own (``"**Audience.** "``, ``"<strong>Time.</strong> "``)
    put in front of the first paragraph.  MyST blocks are separated by blank lines;
    without ``markup`` the result is one line, fit for a heading or a table cell.

    >>> render("Stakes are $5", "myst", lead="**Note.** ")
    '**Note.** Stakes are \\\\$5'
    >>> render("1. deal\\n2. draw", "html")
    '<ol><li>deal</li><li>draw</li></ol>'
    >>> render("A *title*\\non two lines", "myst", markup=False)
    'A \\\\*title\\\\* on two lines'
    """
    blocks = parse(text, markup)
    if lead and not (blocks and isinstance(blocks[0], Para)):
        blocks = (Para(()), *blocks)
    out: list[str] = []
    for n, block in enumerate(blocks):
        head = lead if n == 0 else ""
        if isinstance(block, Para):
            body = _myst(block.spans) if to == "myst" else _html(block.spans)
            body = f"<p>{head}{body}</p>" if to == "html" and markup else head + body
            out.append(body.rstrip() if to == "myst" else body)
        elif to == "myst":
            out.append("\n".join(
                (f"{block.start + k}. " if block.ordered else "- ") + _myst(item.spans)
                for k, item in enumerate(block.items)))
        else:
            tag = "ol" if block.ordered else "ul"
            start = f' start="{block.start}"' if block.ordered and block.start != 1 else ""
            out.append(f"<{tag}{start}>" + "".join(f"<li>{_html(i.spans)}</li>"
                                                    for i in block.items) + f"</{tag}>")
    return ("\n\n" if to == "myst" else "").join(out)


def plain(text: str, to: Format) -> str:
    """Plain teacher text (a title, a profile's name) on one line: nothing interpreted.

    >>> plain("House rules for $1 <i>stakes</i>", "html")
    'House rules for $1 &lt;i&gt;stakes&lt;/i&gt;'
    """
    return render(text, to, markup=False)


def problems(text: str, markup: bool = True) -> list[str]:
    """What is wrong with a teacher's text, as sentences (empty when it is fine).

    >>> problems("see [the rules](rules.html)")
    ["a link must go to an http://, https:// or mailto: address; got 'rules.html'"]
    >>> problems("[mail us](mailto:class@example.org), *fine*")
    []
    """
    found: list[str] = []
    bad = sorted({hex(ord(c)) for c in _CONTROL.findall(text)})
    if bad:
        found.append(f"holds control characters ({', '.join(bad)}); remove them")
    if markup:
        for m in _LINKISH.finditer(_clean(text)):
            if not _allowed(m.group(1)):
                found.append(f"a link must go to an {', '.join(SCHEMES[:-1])} or {SCHEMES[-1]} "
                             f"address; got {m.group(1)!r}")
    return found
