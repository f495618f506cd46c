"""Casino's reasons in words: the deal, captures, builds, the owner's duties, sweeps and
scoring (the records of :mod:`cardrules.reasons` that Casino's reasons use), for the one
renderer of :mod:`quizzes.model.working`.

Every sentence is made from the case: the cards named are the case's, each set of cards
shows its sum (``7 + 1 = 8``), and a number the table's rules set says so ("at this
table").

>>> from cardrules.cards import parse_card, parse_cards
>>> from cardrules.reasons import card_sum
>>> sets = (card_sum("a set", [(parse_card("8D"), 8)]),
...         card_sum("a set", [(parse_card("7C"), 7), (parse_card("AH"), 1)]))
>>> print(takes_text(Takes("you", parse_card("8S"), (8,), 8, sets, left=parse_cards("5D"),
...                        largest=True)))
You play 8♠ and take two sets of 8: 8♦, a card of 8; and 7♣ and A♥ (7 + 1 = 8). 5♦ stays on the table: it is not worth 8.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardrules.cards import Card, Rank
from cardrules.reasons import (
    CapturesBuild,
    CountOut,
    Deals,
    GameEnd,
    Keeps,
    Makes,
    Most,
    Owns,
    Point,
    Raises,
    Residue,
    Sum,
    Sweep,
    Takes,
    Tally,
)
from quizzes.model.words import capital, cards_listed, counted, listed, number_word, verb

_ITEMS_ORDER = "most cards, most spades, big casino, little casino, {aces}"
_ACES_ORDER = "the aces (spades, clubs, hearts, diamonds)"


def _here(option: str | None) -> str:
    return " at this table" if option else ""


def _v(who: str, verb_s: str, verb_plain: str) -> str:
    """The verb for ``who``: ``hold`` for you, ``holds`` for North."""
    return verb_plain if who == "you" else verb_s


def _s(who: str, verb_s: str, verb_plain: str) -> str:
    """``who`` with its verb: ``you hold``, ``North holds``."""
    return f"{who} {_v(who, verb_s, verb_plain)}"


def _worth_words(values: Sequence[int]) -> str:
    """What a card is worth: ``7``, ``1 or 14``."""
    return " or ".join(str(v) for v in values)


def _is_worth(card: Card, values: Sequence[int]) -> str:
    if not values:
        return f"{card} has no number value"
    return f"{card} is worth {_worth_words(values)}"


def _courts(cards: Sequence[Card], values: Sequence[int]) -> list[str]:
    """What a card counts where it is not its number: a Royal Casino court, an ace as 14."""
    out = []
    for c, v in zip(cards, values, strict=True):
        if c.rank.is_face or (c.rank is Rank.ACE and v == 14):
            out.append(f"{c} counts {v}")
    return out


def _expr(s: Sum) -> str:
    return " + ".join(str(v.value) for v in s.values) + f" = {s.total}"


def _set_parts(sets: Sequence[Sum], value: int) -> list[str]:
    """Each set in words: cards of the value alone together, then each set of several cards
    with its sum."""
    singles = [s.values[0].card for s in sets
               if len(s.values) == 1 and s.values[0].value == s.values[0].card.rank.pips]
    aces = [s.values[0].card for s in sets
            if len(s.values) == 1 and s.values[0].value != s.values[0].card.rank.pips]
    parts = []
    if singles:
        parts.append(f"{cards_listed(singles)}, {'a card' if len(singles) == 1 else 'cards'} "
                     f"of {value}")
    if aces:
        parts.append(f"{cards_listed(aces)}, {'an ace' if len(aces) == 1 else 'aces'} on "
                     f"{'its' if len(aces) == 1 else 'their'} own counting {value}")
    parts += [f"{cards_listed([v.card for v in s.values])} ({_expr(s)})"
              for s in sets if len(s.values) > 1]
    return parts


def _joined(parts: Sequence[str]) -> str:
    """Parts of a list that may hold "and" themselves: joined by semicolons."""
    if len(parts) <= 1:
        return "".join(parts)
    if not any(" and " in p for p in parts) and len(parts) == 2:
        return f"{parts[0]} and {parts[1]}"
    return "; ".join(parts[:-1]) + "; and " + parts[-1]


# -- the deal and the turn -----------------------------------------------------------------------
def deals_text(d: Deals) -> str:
    """The deals of a round, worked out."""
    first = d.each * d.players + d.table
    later = d.each * d.players
    rest = d.pack - first
    more = rest // later
    return (f"The first deal uses {d.each} × {d.players} + {d.table} = {first} cards: "
            f"{d.each} to each of the {d.players} players and {d.table} to the table. Each "
            f"later deal uses {d.each} × {d.players} = {later}, to the players only. That "
            f"leaves {d.pack} − {first} = {rest} cards for {rest} ÷ {later} = {more} more "
            f"deals: 1 + {more} = {d.deals} deals in all.")


def _deals_hint(d: Deals) -> str:
    return (f"The pack has {d.pack} cards: count the cards of the first deal, and of each "
            "later deal.")


# -- captures ------------------------------------------------------------------------------------
def _left_words(t: Takes) -> str:
    if not t.left:
        return "Nothing is left on the table."
    v = t.value
    stays = f"{cards_listed(t.left)} {verb(len(t.left), 'stays', 'stay')} on the table"
    if v is None:
        return f"{stays}."
    numerals = [c for c in t.left if c.rank.pips <= 10 or t.royal]
    faces = [c for c in t.left if c not in numerals]
    why = []
    if len(numerals) == 1:
        why.append(f"{'it' if not faces else numerals[0]} is not worth {v}")
    elif numerals:
        whose = "of them" if not faces else f"of {cards_listed(numerals)}"
        why.append(f"no card or set {whose} adds up to {v}")
    if faces:
        what = "it has" if not numerals and len(faces) == 1 else (
            "they have" if not numerals else f"{cards_listed(faces)} "
            f"{verb(len(faces), 'has', 'have')}")
        why.append(f"{what} no number value")
    return f"{stays}: {listed(why)}."


def takes_text(t: Takes) -> str:
    """A capture: what the card takes, as sets of its value, and what stays."""
    plays = _s(t.who, "plays", "play")
    takes = _v(t.who, "takes", "take")
    if t.value is None:
        word = t.card.rank.word
        all_ = [s.values[0].card for s in t.sets] + [c for o in t.others for c in o]
        text = (f"{capital(plays)} {t.card}: a {word} has no number value and takes one "
                f"{word} from the table, and only one")
        if t.others:
            leaves = (f" Taking {all_[0]} leaves {cards_listed(t.left)} on the table." if t.left
                      else "")
            return text + f". Any one of {cards_listed(all_)} will do.{leaves}"
        stay = verb(len(t.left), "stays", "stay")
        return text + f": {all_[0]}." + (f" {cards_listed(t.left)} {stay} on the table."
                                         if t.left else "")
    if len(t.values) > 1:
        head = (f"{capital(plays)} {t.card}, which counts {_worth_words(t.values)} as "
                f"{_s(t.who, 'chooses', 'choose')}: as {t.value} it takes")
    elif t.card.rank.is_face:
        head = f"{capital(plays)} {t.card}, which counts {t.value}, and {takes}"
    else:
        head = f"{capital(plays)} {t.card} and {takes}"
    parts = _set_parts(t.sets, t.value)
    if t.build is not None:
        parts.insert(0, f"the build of {t.build} whole")
    if t.build is None and len(t.sets) > 1:
        body = f"{number_word(len(t.sets))} sets of {t.value}: {_joined(parts)}"
    elif t.build is None and len(t.sets[0].values) > 1:
        s = t.sets[0]
        body = f"{cards_listed([v.card for v in s.values])}: {_expr(s)}"
    else:
        body = _joined(parts)
    text = f"{head} {body}."
    if t.largest:
        text += " " + _left_words(t)
    elif t.left:
        text += (f" {cards_listed(t.left)} {verb(len(t.left), 'stays', 'stay')} on the "
                 "table.")
    if t.others:
        ways = [cards_listed(o) for o in t.others]
        one = len(ways) == 1
        many = f"{capital(number_word(len(ways)))} other captures are"
        alternatives = ways[0] if one else "; ".join(ways[:-1]) + "; or " + ways[-1]
        text += f" {'Another capture is' if one else many} just as large: {alternatives}."
    return text


def _takes_hint(t: Takes) -> str:
    if t.value is None:
        word = t.card.rank.word
        return f"A {word} captures by rank, not by value: which table cards are {t.card.rank.plural}?"
    if not t.largest:
        taken = [v.card for s in t.sets for v in s.values]
        build = f" and the build of {t.build}" if t.build is not None else ""
        return f"{t.card} takes {cards_listed(taken) or 'nothing loose'}{build}: what is left on the table?"
    if len(t.values) > 1:
        return (f"{t.card} counts {_worth_words(t.values)}: try both, looking for table "
                "cards of that value and sets of cards adding up to it.")
    return (f"{t.card} counts {t.value}: look for table cards of {t.value}, and sets of table "
            f"cards adding up to {t.value}, each card in one set only.")


def captures_build_text(c: CapturesBuild) -> str:
    """Whether a card takes a build: only a card of its value, and only whole."""
    does = c.then if c.holds else c.otherwise
    fact = (_is_worth(c.card, c.values) if c.holds or not c.values
            else f"{_is_worth(c.card, c.values)}, not {c.build}")
    sets = [cards_listed(p) if len(p) > 1 else f"{p[0]} alone" for p in c.parts]
    of = f" ({', and '.join(sets)})" if sets else ""
    return (f"The build of {c.build}{of} is taken only whole, by a card of {c.build}: {fact}, so "
            f"{c.who} {does}.")


def _captures_build_hint(c: CapturesBuild) -> str:
    return f"A build of {c.build} is taken only by a card of {c.build}: what is {c.card} worth?"


# -- builds --------------------------------------------------------------------------------------
def makes_text(m: Makes) -> str:
    """Cards as a build of a value: one set, several, or none that works."""
    if m.to_build:
        return _added_text(m)
    played, table = m.cards[0], m.cards[1:]
    on = f"{played} on {cards_listed(table)}" if table else str(played)
    sets_ok = all(s.total == m.value for s in m.sets)
    if sets_ok and m.value > m.most:
        text = (f"{cards_listed(m.cards)} add up to {_expr(m.sets[0])}, but no card captures "
                f"more than {m.most}{_here(m.option)}: no single build of {m.value}")
    elif sets_ok and len(m.sets) == 1:
        text = f"{on} makes a single build of {m.value}: {_expr(m.sets[0])}"
    elif sets_ok:
        text = (f"As a multiple build, {on} makes {number_word(len(m.sets))} sets of "
                f"{m.value}: {_joined(_set_parts(m.sets, m.value))}")
    elif len(m.sets) == 1:
        text = f"{cards_listed(m.cards)} add up to {_expr(m.sets[0])}, not {m.value}"
    else:
        text = f"{cards_listed(m.cards)} do not split into sets of {m.value}"
    if m.holds and m.option:
        text += f" (a build may be worth up to {m.most}{_here(m.option)})"
    return text + _so(m.who, m.then if m.holds else m.otherwise) + "."


def _so(who: str, does: str) -> str:
    return f", so {who} {does}" if who and does else ""


def _added_text(m: Makes) -> str:
    """Cards added to a build: they must make its value."""
    so = _so(m.who, m.then if m.holds else m.otherwise)
    if m.holds and len(m.cards) == 1:
        return f"{m.cards[0]} is a card of {m.value}, the build's value{so}."
    if m.holds:
        parts = _joined(_set_parts(m.sets, m.value))
        if len(m.sets) == 1:
            parts = _expr(m.sets[0])
        return (f"{cards_listed(m.cards)} make {m.value}, the build's value: {parts}{so}.")
    if len(m.sets) == 1:
        s = m.sets[0]
        fact = (f"{s.values[0].card} is worth {s.total}" if len(s.values) == 1
                else f"{cards_listed(m.cards)} add up to {_expr(s)}")
        return (f"Cards added to a build must make its value: {fact}, not {m.value}{so}.")
    return (f"Cards added to a build must make its value: {cards_listed(m.cards)} do not "
            f"split into sets of {m.value}{so}.")


def _makes_hint(m: Makes) -> str:
    values = [v.value for s in m.sets for v in s.values]
    cards = [v.card for s in m.sets for v in s.values]
    extra = _courts(cards, values)
    courts = f" ({listed(extra)})" if extra else ""
    if m.to_build:
        what = (f"what is {m.cards[0]} worth{courts}?" if len(m.cards) == 1 else
                f"add up {cards_listed(m.cards)}{courts}.")
        return f"Cards added to a build must make its value: {what}"
    return f"Add up {cards_listed(m.cards)}{courts}."


def raises_text(r: Raises) -> str:
    """An increase of a build: a single build, by the card from hand, to a value that is
    captured, with loose cards of the new value only."""
    does = r.then if r.holds else r.otherwise
    so = f", so {r.who} {does}" if r.who and does else ""
    sets = [cards_listed(p) if len(p) > 1 else f"{p[0]} alone" for p in r.parts]
    if len(r.parts) > 1:
        return (f"The build of {r.build} is a multiple build, {number_word(len(sets))} sets of "
                f"{r.build} ({', and '.join(sets)}): its value never changes{so}.")
    makes = f"{r.card} on the build of {r.build} makes {r.build} + {r.card_value} = {r.value}"
    if r.value > r.most:
        return (f"{r.card} on the build of {r.build} would make {r.build} + {r.card_value} = "
                f"{r.value}, but no card captures more than {r.most}{_here(r.option)}{so}.")
    bad = [j for j in r.joins if j.value != r.value]
    where = f" (a build may be worth up to {r.most}{_here(r.option)})" if r.option else ""
    if bad:
        b = bad[0]
        return (f"{makes}{where}; {b.card} cannot join it: a table card joins an increased build "
                f"only if it is worth {r.value} on its own, and {b.card} is worth {b.value}"
                f"{so}.")
    joins = ""
    if r.joins:
        jc = [j.card for j in r.joins]
        joins = (f", and {cards_listed(jc)}, worth {r.value} on "
                 f"{'its' if len(jc) == 1 else 'their'} own, {verb(len(jc), 'joins', 'join')} it")
    return f"{makes}{where}{joins}{so}."


def _raises_hint(r: Raises) -> str:
    return (f"Only a single build can be increased, by the card from hand: what would {r.card} "
            f"make of the build of {r.build}?")


def _builds_words(values: Sequence[int]) -> str:
    return listed([f"the build of {v}" for v in values])


def keeps_text(k: Keeps) -> str:
    """What a player keeps after a play, against the builds they must be able to take."""
    after = f"After playing {k.played}"
    does = k.then if k.holds else k.otherwise
    so = f", so {k.who} {does}" if does else ""
    if k.holds:
        if len(k.needs) == 1:
            return (f"{after} {k.who} still {_v(k.who, 'holds', 'hold')} "
                    f"{k.cards[0]}, a card to capture the build of {k.needs[0]} with{so}.")
        have = listed([f"{c} for the build of {v}" for c, v in zip(k.cards, k.needs, strict=True)
                       if c])
        return (f"{after} {k.who} still {_v(k.who, 'holds', 'hold')} a card for "
                f"each build to capture: {have}{so}.")
    hold = "would hold"
    if not k.rest:
        return (f"{after} {k.who} {hold} no card at all, none to capture "
                f"{_builds_words(k.needs)} with{so}.")
    if len(k.needs) == 1:
        v = k.needs[0]
        return (f"{after} {k.who} {hold} only {cards_listed(k.rest)}: no card of {v} to capture "
                f"the build of {v} with{so}.")
    found = [f"{c} for the build of {v}" for c, v in zip(k.cards, k.needs, strict=True) if c]
    lost = [v for c, v in zip(k.cards, k.needs, strict=True) if c is None]
    kept = f"{listed(found)}, but " if found else ""
    missing = listed([f"no card of {v} for the build of {v}" for v in lost])
    return f"{after} {k.who} {hold} only {cards_listed(k.rest)}: {kept}{missing}{so}."


def _keeps_hint(k: Keeps) -> str:
    return (f"Which cards would {k.who} still hold after playing {k.played}? A build's owner "
            "must keep a card to capture it.")


def owns_text(o: Owns) -> str:
    """The owner's rule on trailing, at this table."""
    who = o.who
    where = f" beside {cards_listed(o.table)}" if o.table else " onto the empty table"
    if not o.builds:
        return (f"{capital(_s(who, 'owns', 'own'))} no build on the table, so nothing stops "
                f"{who} trailing {o.card}{where}: a card may be trailed even when it could "
                "capture.")
    owned = _builds_words(o.builds)
    if not o.may_trail:
        return (f"{capital(_s(who, 'owns', 'own'))} {owned}, and{_here(o.option)} a build's "
                f"owner may not trail: {who} must capture, build, add to a build or increase "
                f"one. So {who} may not trail {o.card}{where}.")
    return (f"{capital(_s(who, 'owns', 'own'))} {owned}, and{_here(o.option)} a build's owner "
            f"may trail, as long as they keep a card that captures it: {o.card} would go "
            f"face up{where}.")


def _owns_hint(o: Owns) -> str:
    if o.may_trail:
        return (f"At this table a build's owner may trail, but must keep a card to capture the "
                f"build: {_v(o.who, 'does', 'do')} {o.who} own one?")
    return (f"A build's owner may not trail{_here(o.option)}: {_v(o.who, 'does', 'do')} {o.who} "
            "own a build?")


def sweep_text(s: Sweep) -> str:
    """Whether a capture is a sweep, and whether it scores at this table."""
    if not s.holds:
        return "The table is not empty, so it is not a sweep."
    if s.scores:
        return (f"The table is now empty: a sweep, which scores 1 point{_here(s.option)}; the "
                "capturing card is kept face up in the pile to count it.")
    return (f"The table is now empty: a sweep, though sweeps score nothing{_here(s.option)}.")


def _sweep_hint(s: Sweep) -> str:
    return "A sweep is a capture that leaves the table empty."


# -- scoring and the game -------------------------------------------------------------------------
def _count(n: int, what: str) -> str:
    return counted(n, what[:-1] if what.endswith("s") else what, what)


def most_text(m: Most) -> str:
    """Most cards or most spades: the counts, and who scores."""
    if m.shares:
        counts = [f"{side} {' + '.join(map(str, sh))} = {n}"
                  for side, sh, n in zip(m.sides, m.shares, m.counts, strict=True)]
        head = f"Partners pool their {m.what}: {listed(counts)}"
    else:
        counts = [f"{m.sides[0]} has {_count(m.counts[0], m.what)}"] + [
            f"{side} {n}" for side, n in zip(m.sides[1:], m.counts[1:], strict=True)]
        head = listed(counts)
    if m.winner is None:
        return f"{head}: a tie, so nobody scores for most {m.what}."
    return f"{head}, so {m.winner} scores {m.points} for most {m.what}."


def _most_hint(m: Most) -> str:
    pool = f"Partners pool their {m.what}: c" if m.shares else "C"
    return (f"{pool}ount the {m.what} of each side: the most scores {m.points}, and a tie "
            "scores nothing.")


def _point_words(items: Sequence[Point]) -> list[str]:
    words = []
    aces = [p for p in items if p.item.startswith("ace of")]
    sweeps = [p for p in items if p.item == "sweeps"]
    for p in items:
        if p in aces or p in sweeps:
            continue
        cards = f" ({cards_listed(p.cards)})" if p.cards else ""
        words.append(f"{p.points} for {p.item}{cards}")
    if aces:
        held = [c for p in aces for c in p.cards]
        words.append(f"1 for its ace ({held[0]})" if len(held) == 1 else
                     f"1 for each of its {number_word(len(held))} aces ({cards_listed(held)})")
    if sweeps:
        n = sum(p.points for p in sweeps)
        here = _here(sweeps[0].option)
        words.append(f"1 for its sweep (sweeps score{here})" if n == 1 else
                     f"1 for each of its {n} sweeps (sweeps score{here})")
    return words


def tally_text(t: Tally) -> str:
    """The points of a side, item by item, added up."""
    if not t.items:
        return f"{t.of} scores nothing: 0."
    words = _point_words(t.items)
    if len(t.items) == 1:
        return f"{t.of} scores {words[0]} and nothing else: {t.total}."
    expr = " + ".join(str(p.points) for p in _ordered(t.items))
    return f"{t.of} scores {listed(words)}: {expr} = {t.total}."


def _ordered(items: Sequence[Point]) -> list[Point]:
    """The items in the order :func:`_point_words` names them."""
    rest = [p for p in items if not p.item.startswith("ace of") and p.item != "sweeps"]
    return rest + [p for p in items if p.item.startswith("ace of")] + [
        p for p in items if p.item == "sweeps"]


def _tally_hint(t: Tally) -> str:
    return f"Add up the points {t.of} scores, item by item."


def _totals(sides: Sequence[str], before: Sequence[int], points: Sequence[int]) -> str:
    parts = [f"{s} {b} + {p} = {b + p}" for s, b, p in zip(sides, before, points, strict=True)]
    return listed(parts)


def game_end_text(g: GameEnd) -> str:
    """The totals after a round against the target."""
    totals = [b + p for b, p in zip(g.before, g.points, strict=True)]
    head = f"After the round: {_totals(g.sides, g.before, g.points)}."
    target = f"{g.target}, the target{_here(g.option)}"
    over = [s for s, t in zip(g.sides, totals, strict=True) if t >= g.target]
    if not over:
        return f"{head} Nobody has reached {target}: another round is played."
    if g.winner is None:
        best = max(totals)
        tied = [s for s, t in zip(g.sides, totals, strict=True) if t == best]
        return (f"{head} {listed(tied)} have reached {target}, but tie for the most with "
                f"{best}: another round is played.")
    if len(over) == 1:
        return f"{head} Only {g.winner} has reached {target}, so {g.winner} wins the game."
    best = max(totals)
    return (f"{head} {listed(over)} have both reached {target}, and the higher total, "
            f"{g.winner}'s {best}, wins the game.")


def _game_end_hint(g: GameEnd) -> str:
    return f"Add each side's points to its total: the game is to {g.target}{_here(g.option)}."


def count_out_text(c: CountOut) -> str:
    """The round's points counted out in order until a side reaches the target."""
    running = dict(zip(c.sides, c.before, strict=True))
    steps = []
    for p in c.items:
        running[p.side] += p.points
        steps.append(f"{p.item}, {p.points} to {p.side} ({running[p.side]})")
        if running[p.side] >= c.target:
            break
    where = ("this table counts out" if c.count_option else "as Royal Casino counts out")
    start = listed([f"{s} {b}" for s, b in zip(c.sides, c.before, strict=True)])
    ends = dict(zip(c.sides, c.before, strict=True))
    for p in c.items:
        ends[p.side] += p.points
    final = listed([f"{s} on {n}" for s, n in ends.items()])
    return (f"Both sides pass {c.target}, the target{_here(c.option)}, so the round's points are "
            f"counted out in order ({where}), from {start}: {'; '.join(steps)}. {c.winner} "
            f"reaches {c.target} first and wins the game: the first to {c.target} wins, "
            f"whatever the totals at the end of the round ({final}).")


def _count_out_hint(c: CountOut) -> str:
    sweeps = any(p.item == "sweeps" for p in c.items)
    order = _ITEMS_ORDER.format(aces=f"{_ACES_ORDER}, then sweeps" if sweeps
                                else f"then {_ACES_ORDER}")
    return f"Count the points out in order: {order}; the first to reach {c.target} wins."


def residue_text(r: Residue) -> str:
    """Who takes the cards left at the end of the round."""
    cards = cards_listed(r.cards)
    if r.last is None:
        return (f"Nobody captured in the round, so the dealer, {r.taker}, takes the cards left "
                f"on the table, {cards}.")
    return (f"{r.last} made the last capture of the round, so {r.taker} takes the cards left on "
            f"the table, {cards}, whatever was played after it. Taking them is not a sweep.")


def _residue_hint(r: Residue) -> str:
    return ("The cards left on the table go to the last player who captured, whatever is "
            "played after.")


CASINO_RENDER: dict[type, tuple[Callable[[Any], str], Callable[[Any], str]]] = {
    Deals: (deals_text, _deals_hint),
    Takes: (takes_text, _takes_hint),
    CapturesBuild: (captures_build_text, _captures_build_hint),
    Makes: (makes_text, _makes_hint),
    Raises: (raises_text, _raises_hint),
    Keeps: (keeps_text, _keeps_hint),
    Owns: (owns_text, _owns_hint),
    Sweep: (sweep_text, _sweep_hint),
    Most: (most_text, _most_hint),
    Tally: (tally_text, _tally_hint),
    GameEnd: (game_end_text, _game_end_hint),
    CountOut: (count_out_text, _count_out_hint),
    Residue: (residue_text, _residue_hint),
}
"""Each Casino record's two functions: its text and its hint."""
