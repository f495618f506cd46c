"""The renderer's words for the records of table play (:mod:`cardrules.reasons`: a
calculation in chips, a limit, a rule of the table, the high card, the banner deal, the next
seat, two banners' suits, a tie-break on suits, cards moved, a quiet round, a pot split).
:mod:`quizzes.model.working` renders a reason with them.

Each text names only what the case holds and shows its working:

>>> from cardrules.reasons import Amount, Calc, Op
>>> c = Calc("the minimum bet", (Amount(1, "Ann's soldiers"), Amount(1, "Ann's banner"),
...          Amount(5, "the small bet", "small_bet")), (Op.PLUS, Op.TIMES), 10)
>>> print(_calc_text(c))
The minimum bet is Ann's soldiers and Ann's banner, times the small bet at this table: (1 + 1) × 5 = 10.
>>> print(_calc_hint(c))
Work out the minimum bet: Ann's soldiers and Ann's banner, times the small bet at this table.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cardrules.cards import Card, Rank, Suit
from cardrules.reasons import (
    Amount,
    BannerTurn,
    Calc,
    Highest,
    Limit,
    Moved,
    NextSeat,
    Op,
    QuietRound,
    Relation,
    Setting,
    Split,
    SuitCount,
    SuitsDiffer,
)
from quizzes.model.words import article, capital, cards_listed, counted, listed, possessive, verb


# -- calculations -------------------------------------------------------------------------------
def amount_words(a: Amount) -> str:
    """An amount as the words of a formula: ``the small bet at this table``, ``Ann's soldiers
    (2♦ and 5♠)``, or the number itself."""
    words = a.what or str(a.value)
    if a.cards:
        words += f" ({cards_listed(a.cards)})"
    return words + (" at this table" if a.option else "")


def _grouped(ops: tuple[Op, ...], i: int) -> bool:
    """Whether the amounts before ``ops[i]`` are a sum the operation applies to whole."""
    return ops[i] in (Op.TIMES, Op.DIVIDE) and any(o in (Op.PLUS, Op.MINUS) for o in ops[:i])


_OP_WORDS = {Op.PLUS: " plus ", Op.MINUS: " less ", Op.TIMES: " times ", Op.DIVIDE: " divided by "}


def formula_words(c: Calc) -> str:
    """The calculation in words: ``Ann's soldiers and Ann's banner, times the small bet``;
    the amounts added first are listed (``a, b and c``)."""
    run = [amount_words(c.amounts[0])]
    text = ""
    for i, (op, a) in enumerate(zip(c.ops, c.amounts[1:], strict=True)):
        if op is Op.PLUS and not text:
            run.append(amount_words(a))
            continue
        if run:
            text, run = listed(run), []
        text += ("," if _grouped(c.ops, i) else "") + _OP_WORDS[op] + amount_words(a)
    text = text or listed(run)
    return text + (", rounded down" if _inexact(c) else "")


def _exact(c: Calc) -> Fraction:
    value = Fraction(c.amounts[0].value)
    for op, a in zip(c.ops, c.amounts[1:], strict=True):
        value = {Op.PLUS: value + a.value, Op.MINUS: value - a.value, Op.TIMES: value * a.value,
                 Op.DIVIDE: value / a.value}[op]
    return value


def _inexact(c: Calc) -> bool:
    return Op.DIVIDE in c.ops and _exact(c).denominator != 1


def _decimal(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def calc_working(c: Calc) -> str:
    """The working of a calculation: ``(1 + 1) × 5 = 10``; ``15 ÷ 2 = 7.5, rounded down to
    7``; a single amount is just its value."""
    if len(c.amounts) == 1:
        return str(c.result)
    expr = str(c.amounts[0].value)
    for i, (op, a) in enumerate(zip(c.ops, c.amounts[1:], strict=True)):
        expr = (f"({expr})" if _grouped(c.ops, i) else expr) + f" {op.value} {a.value}"
    if _inexact(c):
        return f"{expr} = {_decimal(_exact(c))}, rounded down to {c.result}"
    return f"{expr} = {c.result}"


def _calc_text(c: Calc) -> str:
    return f"{capital(c.of)} is {formula_words(c)}: {calc_working(c)}."


def _calc_hint(c: Calc) -> str:
    return f"Work out {c.of}: {formula_words(c)}."


# -- limits and the table's rules ----------------------------------------------------------------
_RELATION = {Relation.AT_LEAST: "at least", Relation.AT_MOST: "at most",
             Relation.EXACTLY: "exactly"}


def _need(x: Limit) -> str:
    limit = counted(x.limit, x.unit)
    what = f"{x.limit_is}, {limit}" if x.limit_is else limit
    return f"{x.need} needs {_RELATION[x.relation]} {what}{' at this table' if x.option else ''}"


def _limit_text(x: Limit) -> str:
    text = f"{_need(x)}; {x.of} {x.verb} {counted(x.value, x.unit)}"
    if x.who:
        text += f", so {x.who} {x.then if x.holds else x.otherwise}"
    return capital(text) + "."


def _limit_hint(x: Limit) -> str:
    return capital(_need(x)) + "."


def _setting_text(s: Setting) -> str:
    means = f": {s.means}" if s.means else ""
    return f"{capital(s.what)} at this table {_is(s.what)} {s.value}{means}."


def _setting_hint(s: Setting) -> str:
    return f"Mind {s.what} at this table: {s.value}."


def _is(what: str) -> str:
    return "are" if what.endswith("s") else "is"


# -- the first dealer, banners, seats --------------------------------------------------------------
def _rank_word(value: int, many: bool = False) -> str:
    rank = Rank.from_pips(1 if value == 14 else value)
    return rank.plural if many else rank.word


def _highest_text(h: Highest) -> str:
    dealt = listed([f"{who} {card}" for who, card in zip(h.who, h.cards, strict=True)])
    top = max(h.values)
    aces = " (aces are high)" if top == 14 else ""
    if len(h.highest) == 1:
        return (f"{dealt}: {possessive(h.highest[0])} {_rank_word(top)} is the highest "
                f"card{aces}, so {h.highest[0]} {h.then}.")
    return (f"{dealt}: {listed(list(h.highest))} tie with {_rank_word(top, True)}, the "
            f"highest{aces}; suits do not count, so {listed(list(h.highest))} {h.otherwise}.")


def _highest_hint(h: Highest) -> str:
    return f"Find the highest card: its holder {h.then}; players tied for it {h.otherwise}."


def _banner_text(b: BannerTurn) -> str:
    parts = []
    for i, card in enumerate(b.cards):
        if b.reshuffled_at == i:
            parts.append("the pack is empty, so the rejected cards are shuffled and the deal "
                         "goes on")
        if i < len(b.holders):
            parts.append(f"{card} is set aside, as {b.holders[i]} has {card.suit.value}")
        elif b.first:
            parts.append(f"{card} is kept: {b.player} is the first player of group {b.group}")
        else:
            parts.append(f"{card} is kept, as no earlier player of group {b.group} has "
                         f"{card.suit.value}")
    return f"{b.player} (group {b.group}): " + "; ".join(parts) + "."


def _banner_hint(b: BannerTurn) -> str:
    return ("A player keeps being dealt cards until one shows a suit that no earlier player of "
            "the same group holds; the first player of a group keeps the first card.")


def _next_seat_text(n: NextSeat) -> str:
    i, j = n.seats.index(n.after), n.seats.index(n.next)
    passed = [*n.skipped, n.next]
    wrap = (f" (after {n.seats[-1]}, the last seat, comes {n.seats[0]})"
            if j <= i and n.after != n.seats[-1] else
            f" (after {n.seats[-1]}, the last seat, comes {n.seats[0]} again)"
            if n.after == n.seats[-1] else "")
    gone = (f", {listed(list(n.out))} being out of the hand" if n.out else
            ", with nobody out of the hand")
    seats = f"Play goes to the left, the next seat clockwise round {listed(list(n.seats))}{gone}"
    if not n.skipped:
        return f"{seats}: after {n.after} comes {n.next}{wrap}, so {n.next} acts next."
    return (f"{seats}: after {n.after} "
            f"{verb(len(n.skipped), 'comes', 'come')} {listed(list(n.skipped))}, out of the "
            f"hand, then {passed[-1]}{wrap}, so {n.next} acts next.")


def _next_seat_hint(n: NextSeat) -> str:
    return "Play goes to the left, the next seat clockwise, skipping players who are out."


# -- suits ------------------------------------------------------------------------------------------
def _suits_text(s: SuitsDiffer) -> str:
    if s.holds:
        text = (f"{possessive(s.right)} banner {s.right_card} is {article(s.right_card.suit.singular)} "
                f"and {possessive(s.left)} {s.left_card} {article(s.left_card.suit.singular)}: "
                "different suits")
    else:
        text = (f"{possessive(s.right)} banner {s.right_card} and {possessive(s.left)} banner "
                f"{s.left_card} are both {s.left_card.suit.value}: nobody attacks a player of "
                "their own banner suit")
    if s.who:
        text += f", so {s.who} {s.then if s.holds else s.otherwise}"
    return text + "."


def _suits_hint(s: SuitsDiffer) -> str:
    return (f"Compare the suits of {possessive(s.left)} banner and {possessive(s.right)}: "
            "nobody attacks a player of their own banner suit.")


def _suit_cards(suit: str, cards: tuple[Card, ...]) -> str:
    word = Suit(suit).singular if len(cards) == 1 else suit
    return f"{len(cards)} {word} ({cards_listed(cards)})"


def _suit_count_text(s: SuitCount) -> str:
    head = ("The hands are equal, so the side with more cards of its own banner suit wins: "
            f"{s.left} holds {_suit_cards(s.left_suit, s.left_cards)} and {s.right} "
            f"{_suit_cards(s.right_suit, s.right_cards)}")
    if s.winner is None:
        return head + ": equal again, a full tie."
    return f"{head}, so {s.winner} wins."


def _suit_count_hint(s: SuitCount) -> str:
    return "Equal hands: count each side's cards of its own banner suit."


def _moved_text(m: Moved) -> str:
    return (f"{possessive(m.owner)} {m.what}, {cards_listed(m.cards)}, "
            f"{verb(len(m.cards), 'goes', 'go')} to {m.to}.")


def _moved_hint(m: Moved) -> str:
    return f"Who, if anyone, takes {possessive(m.owner)} {m.what}?"


# -- the end of the hand -------------------------------------------------------------------------------
def _discards(q: QuietRound) -> str:
    if not q.discards:
        return ""
    said = [f"{who} discarded {cards_listed(cards)}" for who, cards in q.discards]
    return f" ({listed(said)})"


def _quiet_text(q: QuietRound) -> str:
    since = f"since {q.since}" if q.since else "since the hand began"
    rule = ("The hand ends in a showdown once every player still in has stayed or discarded "
            "since the last buy or battle")
    if q.holds:
        return (f"{rule}: {since}, {listed(list(q.quiet))} all have{_discards(q)}, so the hand "
                "ends.")
    missing = [p for p in q.players if p not in q.quiet]
    done = (f"only {listed(list(q.quiet))} {verb(len(q.quiet), 'has', 'have')}{_discards(q)}"
            if q.quiet else "nobody has")
    early = [f"{possessive(who)} {'discard of ' + cards_listed(cards) if cards else 'stay'}"
             for who, cards in q.before]
    before = (f"; {listed(early)} came before {q.since} and {verb(len(early), 'does', 'do')} "
              "not count" if early else "")
    return (f"{rule}: {since}, {done}, and {listed(missing)} "
            f"{verb(len(missing), 'has', 'have')} not{before}, so play goes on.")


def _quiet_hint(q: QuietRound) -> str:
    return ("The hand ends in a showdown once every player still in has stayed or discarded "
            "since the last buy or battle.")


def _split_text(s: Split) -> str:
    if len(s.among) == 1:
        return f"{s.among[0]} takes the whole pot: {s.pot}."
    n = len(s.among)
    each, odd = divmod(s.pot, n)
    between = "between" if n == 2 else "among"
    head = f"The pot of {s.pot} is split equally {between} {listed(list(s.among))}: {s.pot} ÷ {n}"
    if not odd:
        return f"{head} = {each} each."
    firsts = listed(list(s.among[:odd]))
    shares = listed([f"{who} {share}" for who, share in zip(s.among, s.shares, strict=True)])
    return (f"{head} = {each} each with {counted(odd, 'chip')} over, which "
            f"{verb(odd, 'goes', 'go one each')} to the {verb(odd, 'player', 'players')} nearest "
            f"the dealer's left, {firsts}: "
            f"{shares}.")


def _split_hint(s: Split) -> str:
    return ("Who shares the pot? It is split equally; odd chips go one each to the players "
            "nearest the dealer's left.")


#: text and hint of each record kind, for :data:`quizzes.model.working._RENDER`
RENDER: dict[type, tuple[Callable[[Any], str], Callable[[Any], str]]] = {
    Calc: (_calc_text, _calc_hint),
    Limit: (_limit_text, _limit_hint),
    Setting: (_setting_text, _setting_hint),
    Highest: (_highest_text, _highest_hint),
    BannerTurn: (_banner_text, _banner_hint),
    NextSeat: (_next_seat_text, _next_seat_hint),
    SuitsDiffer: (_suits_text, _suits_hint),
    SuitCount: (_suit_count_text, _suit_count_hint),
    Moved: (_moved_text, _moved_hint),
    QuietRound: (_quiet_text, _quiet_hint),
    Split: (_split_text, _split_hint),
}
