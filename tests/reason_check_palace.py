"""Palace Poker, by the checker's own reading of the rules and of each question's case (its
prompt and rows): the numbers a case states, the answer each question should have, and the
facts of Palace Poker's records (the high card, the banner deal, the next seat, banners'
suits, the tie-break, a quiet round, a pot split, the cards set aside in a battle).  It never
calls the engine.  A part of :mod:`tests.reason_check`.

>>> split(61, ["Ann", "Bob"])
[('Ann', 31), ('Bob', 30)]
>>> battle_winner({"Ann": ["KH", "KS", "9D", "4C"], "Bob": ["2S", "3S", "5D", "7C"]},
...               "Ann", "Bob", {"Ann": "hearts", "Bob": "clubs"})
'Ann'
"""

from __future__ import annotations

import re
from typing import Any

Payload = dict[str, Any]
Step = dict[str, Any]

_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_NAME = r"[A-Z][a-z]+"
_CARD = r"(?:10|[2-9AJQK])[♣♦♥♠]"
#: the cards a player holds besides soldiers: a banner and three palace cards
DEALT = 4
MOST_SOLDIERS = 5


# -- cards and rows ----------------------------------------------------------------------------
def code(text: str) -> str:
    """A card as a code, from its text: ``10♥`` -> ``10H``."""
    return text[:-1] + _SUITS[text[-1]]


def shown(card: str) -> str:
    """A card code as the texts show it: ``10H`` -> ``10♥``."""
    return card[:-1] + {v: k for k, v in _SUITS.items()}[card[-1].upper()]


def suit_of(card: str) -> str:
    return _SUIT_NAMES[card[-1].upper()]


def value(card: str) -> int:
    """Two 2 .. ace 14."""
    from tests import reason_check as rc

    return rc.poker_value(card)


def rows_of(p: Payload) -> dict[str, list[str]]:
    return {r["label"]: list(r["cards"]) for r in p["rows"]}


def row_of(p: Payload, name: str) -> list[str] | None:
    """A player's cards: the row ``Name (banner X)``."""
    return next((cards for label, cards in rows_of(p).items()
                 if label.startswith(f"{name} (banner ")), None)


def banner_of(p: Payload, name: str) -> str | None:
    """A player's banner: a row ``Name's banner``, a row ``Name (banner X)``, or the prompt's
    ``Name, whose banner is X``."""
    rows = rows_of(p)
    if f"{name}'s banner" in rows:
        return rows[f"{name}'s banner"][0]
    for label in rows:
        m = re.fullmatch(rf"{name} \(banner (\S+)\)", label)
        if m:
            return code(m.group(1))
    m = re.search(rf"{name}, whose banner is (\S+?)\.", p["prompt"])
    return code(m.group(1)) if m else None


def number(pattern: str, text: str) -> int | None:
    m = re.search(pattern, text)
    return int(m.group(1)) if m else None


def names(text: str) -> list[str]:
    """``Ann, Bob and Cy`` -> the names."""
    return [n for n in re.split(r", | and ", text.strip()) if n]


def soldiers(p: Payload, name: str) -> int | None:
    """How many soldiers a player has, as the prompt or the rows say (before the move the
    question asks about)."""
    prompt = p["prompt"]
    for pattern in (rf"\b{name} has (\d+) soldiers?", rf"\b{name} \((\d+) soldiers?\)",
                    rf"\b{name}, who ha[sd] (\d+) soldiers?", rf"\b{name} had (\d+) soldiers?"):
        n = number(pattern, prompt)
        if n is not None:
            return n
    rows = rows_of(p)
    if f"{name}'s soldiers" in rows:
        return len(rows[f"{name}'s soldiers"])
    cards = row_of(p, name)
    return None if cards is None else len(cards) - DEALT


def small_bet(p: Payload, profile: Any) -> int:
    n = number(r"small bet (?:is )?(\d+)", p["prompt"])
    return int(profile.small_bet) if n is None else n


def still_in(p: Payload) -> list[str]:
    prompt = p["prompt"]
    m = re.search(r"players? \(([^)]*)\) (?:is|are) still in", prompt) or re.search(
        r"Still in: ([^.]*)\.", prompt)
    return names(m.group(1)) if m else []


def split(pot: int, among: list[str]) -> list[tuple[str, int]]:
    """Equal shares, odd chips one each to the first."""
    each, odd = divmod(pot, len(among))
    return [(n, each + (1 if i < odd else 0)) for i, n in enumerate(among)]


def best(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    from tests import reason_check as rc

    return rc.poker_key(rc.poker_best(cards))


def battle_winner(hands: dict[str, list[str]], a: str, d: str, suits: dict[str, str]
                  ) -> str | None:
    """A battle's winner: each side's cards without the other's banner suit; equal hands
    go to more cards of one's own banner suit; None on a full tie."""
    ka = best([c for c in hands[a] if suit_of(c) != suits[d]])
    kd = best([c for c in hands[d] if suit_of(c) != suits[a]])
    if ka != kd:
        return a if ka > kd else d
    na = sum(1 for c in hands[a] if suit_of(c) == suits[a])
    nd = sum(1 for c in hands[d] if suit_of(c) == suits[d])
    return None if na == nd else a if na > nd else d


def sides(p: Payload) -> tuple[str, str] | None:
    """The attacker and the defender of the battle a prompt tells of."""
    m = re.search(rf"({_NAME})(?: \(banner \S+\))? attacks ({_NAME})", p["prompt"])
    if m:
        return m.group(1), m.group(2)
    m = re.search(rf"({_NAME}) calls ({_NAME})'s attack", p["prompt"])
    return (m.group(2), m.group(1)) if m else None


def _battle(p: Payload) -> tuple[str, str, str | None] | None:
    fought = sides(p)
    if fought is None:
        return None
    a, d = fought
    ra, rd, ba, bd = row_of(p, a), row_of(p, d), banner_of(p, a), banner_of(p, d)
    if ra is None or rd is None or ba is None or bd is None:
        return None
    return a, d, battle_winner({a: ra, d: rd}, a, d, {a: suit_of(ba), d: suit_of(bd)})


# -- the deals ---------------------------------------------------------------------------------------
def banner_deal(p: Payload) -> list[tuple[str, int, bool, list[str], list[str], int | None]]:
    """The banner deal worked out from the prompt's players and the rows' pack: each turn
    (player, group, first of it, cards, holders of the set-aside cards, reshuffled at),
    up to the player the prompt asks about."""
    prompt = p["prompt"]
    m = re.search(r"in this order: ([^(]*) \(", prompt) or re.search(
        r"dealt to (.*?) in that order", prompt)
    asked = re.search(rf"becomes ({_NAME})'s banner", prompt)
    if not m or not asked:
        return []
    players = [n.strip() for n in m.group(1).split(",")]
    rows = list(rows_of(p).values())
    pack, again = list(rows[0]), (list(rows[1]) if len(rows) > 1 else [])
    rejected: list[str] = []
    kept: dict[str, str] = {}
    turns = []
    for pos, name in enumerate(players):
        group = pos // 4
        held = {suit_of(kept[players[i]]): players[i] for i in range(group * 4, pos)}
        cards: list[str] = []
        holders: list[str] = []
        at = None
        while True:
            if not pack:
                if sorted(again) != sorted(rejected) or not again:
                    return []
                pack, rejected, at = again, [], len(cards)
            card = pack.pop(0)
            cards.append(card)
            if suit_of(card) in held:
                holders.append(held[suit_of(card)])
                rejected.append(card)
                continue
            kept[name] = card
            break
        turns.append((name, group + 1, pos == group * 4, cards, holders, at))
        if name == asked.group(1):
            break
    return turns


def quiet_round(p: Payload) -> tuple[list[str], list[str], str, bool, list[Any], list[Any]] | None:
    """A quiet round worked out from the prompt's turns: the players, those who stayed or
    discarded since the last buy, that buy, whether all have, and the discards since."""
    m = re.search(r"seats clockwise ([^;]*);", p["prompt"])
    t = re.search(r"The turns so far: (.*)\. Does", p["prompt"])
    if not m or not t:
        return None
    players = names(m.group(1))
    quiet: list[str] = []
    since = ""
    ended = False
    discards: list[Any] = []
    moves: list[Any] = []
    before: list[Any] = []
    for turn in t.group(1).split("; "):
        if ended:
            return None  # the hand ended before the last turn
        who = turn.split(" ")[0]
        if turn.endswith("buys a soldier"):
            quiet, since, discards, before = [], f"{who}'s buy", [], list(moves)
        elif turn.endswith(" stays") or " pays and discards " in turn:
            quiet.append(who)
        if " pays and discards " in turn:
            discards.append([who, [code(c) for c in turn.split(" discards ")[1].split()]])
            moves.append(discards[-1])
        elif turn.endswith(" stays"):
            moves.append([who, []])
        ended = set(players) <= set(quiet)
    return players, [n for n in players if n in quiet], since, ended, discards, before


def ending(p: Payload, profile: Any) -> tuple[str, int, list[str]] | None:
    """How a hand ends (the rule), the pot and who shares it, from the prompt and rows of a
    pot-split question."""
    prompt = p["prompt"]
    order = re.search(r"Seats from the dealer's left: ([^.]*)\.", prompt)
    pot = number(r"The pot holds (\d+)", prompt)
    if not order or pot is None:
        return None
    seats = names(order.group(1))
    alive = still_in(p)
    m = re.search(rf"Then ({_NAME}) folds\.", prompt)
    if m:
        left = [n for n in alive if n != m.group(1)]
        if len(left) == 1:
            return "palace.end", pot, left
        suits = {suit_of(b) for b in (banner_of(p, n) for n in left) if b}
        return ("palace.end.same-suit", pot, left) if len(suits) == 1 else None
    if "Then everyone stays." in prompt:
        keys = {n: best(row_of(p, n) or []) for n in alive}
        top = max(keys.values())
        return "palace.end.showdown", pot, [n for n in seats if keys.get(n) == top]
    m = re.search(rf"Then ({_NAME}) calls ({_NAME})'s attack\.", prompt)
    fought = _battle(p)
    if not m or fought is None:
        return None
    d = m.group(1)
    pot += (len(row_of(p, d) or []) - DEALT + 1) * small_bet(p, profile)
    a, d, winner = fought
    if winner is None and len(alive) == 2:
        return "palace.battle.tie", pot, [n for n in seats if n in alive]
    left = [n for n in alive if n == winner or n not in (a, d)]
    return ("palace.end", pot, left) if len(left) == 1 else None


# -- the checker's hooks -----------------------------------------------------------------------------
def quantity(words: str, unit: str, p: Payload, profile: Any) -> int | None:
    """A number the case states, by what a record calls it."""
    prompt, gen = p["prompt"], p.get("generator", "")
    if unit == "chip":
        if words == "the bet":
            return number(r"a bet of (\d+)", prompt)
        return number(rf"\b{words} has (?:\d+ soldiers? and )?(\d+) chips", prompt)
    if unit == "card" and words == "the draw pile and the discard pile":
        if "both empty" in prompt:
            return 0
        return sum(int(n) for n in re.findall(r"pile holds (\d+) cards", prompt))
    if unit == "soldier":
        k = soldiers(p, words)
        if k is not None and gen == "palace.buy.limit.discards":
            return k + 1
        other = re.search(rf"against ({_NAME})", prompt)
        if k is not None and gen == "palace.battle.capture.keep" and other:
            j = soldiers(p, other.group(1))
            return None if j is None else k + j + 1
        return k
    if unit == "player":
        return len(names(words)) if names(words) == still_in(p) else None
    fixed = {"the soldier bought": 1, "the cards of the pack": 52,
             "the cards each holds, a banner and three palace cards": DEALT,
             "the most anyone keeps": MOST_SOLDIERS}
    if words in fixed:
        return fixed[words]
    if words in ("the small bet", "a single small bet"):
        return small_bet(p, profile)
    if words == "the big bet":
        return number(r"big bet (\d+)", prompt)
    if words == "the number of players":
        return number(r"^(\d+) players", prompt)
    if words == "the bet":
        return number(r"a bet of (\d+)", prompt)
    if words in ("the pot", "the pot before the battle", "the pot before the call"):
        return number(r"[Tt]he pot holds (\d+)", prompt)
    m = re.fullmatch(rf"({_NAME})'s (soldiers|banner|chips|bet|call)", words)
    if m:
        name, what = m.groups()
        return {"soldiers": lambda: soldiers(p, name), "banner": lambda: 1,
                "chips": lambda: number(rf"\b{name} has (\d+) chips", prompt),
                "bet": lambda: number(r"a bet of (\d+)", prompt),
                "call": lambda: number(rf"\b{name} calls for (\d+)", prompt)}[what]()
    m = re.fullmatch(rf"the soldiers ({_NAME}) had", words)
    if m:
        return number(rf"\b{m.group(1)} had (\d+) soldiers?", prompt)
    if re.fullmatch(rf"{_NAME}'s raise, which {_NAME} never called", words):
        return number(r"raised (\d+)", prompt)
    return None


def _yes(flag: bool) -> str:
    return "Yes" if flag else "No"


def expected(p: Payload, profile: Any) -> str | None:
    """The answer, worked out from the case and the profile."""
    gen, prompt = p.get("generator", ""), p["prompt"]
    small = small_bet(p, profile)
    big = int(profile.big_bet)
    limit = profile.stakes == "limit"
    k = j = None
    m = (re.search(rf"^({_NAME}) has \d+ soldiers? and ({_NAME}) has", prompt)
         or re.search(rf"({_NAME}) .*?(?:attacks|against|attacked) ({_NAME})", prompt))
    if m:
        k, j = soldiers(p, m.group(1)), soldiers(p, m.group(2))
    if gen == "palace.first-dealer.who":
        rows = rows_of(p)
        contenders, r = list(rows), 0
        while len(contenders) > 1:
            top = max(value(rows[n][r]) for n in contenders)
            contenders, r = [n for n in contenders if value(rows[n][r]) == top], r + 1
        return contenders[0]
    if gen in ("palace.banner.who-gets", "palace.banner.reshuffle.pick"):
        deal = banner_deal(p)
        return shown(deal[-1][3][-1]) if deal else None
    if gen == "palace.turn.next":
        seats = names(re.findall(r"clockwise: ([^.]*)\.", prompt)[0])
        outs = re.search(r"\. ([^.]*) (?:is|are) out of the hand", prompt)
        gone = names(outs.group(1)) if outs else []
        me = re.findall(rf"({_NAME}) stays\.", prompt)[0]
        i = seats.index(me)
        return next(seats[(i + n) % len(seats)] for n in range(1, len(seats))
                    if seats[(i + n) % len(seats)] not in gone)
    if gen == "palace.buy.may":
        me = re.findall(rf"It is ({_NAME})'s turn", prompt)[0]
        chips = quantity(me, "chip", p, profile) or 0
        return _yes(chips >= profile.small_bet
                    and (quantity("the draw pile and the discard pile", "card", p, profile) or 0) > 0)
    if gen == "palace.battle.target.may":
        me, target = re.findall(rf"May ({_NAME}) attack ({_NAME})\?", prompt)[0]
        mine, theirs = banner_of(p, me), banner_of(p, target)
        if theirs is None or re.search(rf"\b{target}\b[^.]*out of the hand", prompt):
            return "No"
        return _yes(mine is not None and suit_of(mine) != suit_of(theirs))
    if gen in ("palace.battle.winner", "palace.battle.tie.who"):
        fought = _battle(p)
        if fought is None:
            return None
        a, d, winner = fought
        if gen == "palace.battle.winner":
            return {a: f"{a} (the attacker)", d: f"{d} (the defender)"}.get(winner or "",
                                                                           "Both are out")
        if winner is not None:
            return f"{winner} wins"
        return f"{a} and {d} split the pot" if "are the last two" in prompt else "Both are out"
    if gen == "palace.battle.chips":
        m = re.search(r"^(.*) are in the hand", prompt)
        w = re.search(rf"and ({_NAME}) wins the battle", prompt)
        if not m or not w:
            return None
        if len(names(m.group(1))) == 2:
            return f"{w.group(1)} takes them with the rest of the pot: the hand is over"
        return "They stay in the pot until the hand ends"
    if gen == "palace.stay.ends":
        quiet = quiet_round(p)
        return None if quiet is None else _yes(quiet[3])
    if gen == "palace.fold.cards":
        return "To the discard pile" if "soldiers go?" in prompt else "They stay in the pot"
    if gen == "palace.end.two-left.may-stay":
        began = number(r"began with (\d+) players", prompt) or 0
        return _yes(len(still_in(p)) >= 3 or began == 2)
    if gen == "palace.stakes.attack-bet":
        me = re.findall(rf"May ({_NAME}) attack", prompt)[0]
        kk, chips = soldiers(p, me), quantity(me, "chip", p, profile)
        amount = number(r"a bet of (\d+)", prompt)
        if kk is None or chips is None or amount is None:
            return None
        least = (kk + 1) * profile.small_bet
        return _yes((amount == least if limit else amount >= least) and chips >= amount)
    return _numeric(p, profile, gen, prompt, small, big, limit, k, j)


def _numeric(p: Payload, profile: Any, gen: str, prompt: str, small: int, big: int,
             limit: bool, k: int | None, j: int | None) -> str | None:
    """The answer to a numeric question, worked out from the case and the profile."""
    value: int | None = None
    if gen == "palace.banner.ante.amount":
        value = small // 2
    elif gen == "palace.palace.draw-pile":
        n = number(r"^(\d+) players", prompt)
        value = None if n is None else 52 - DEALT * n
    elif gen == "palace.buy.limit.discards":
        had = number(r"had (\d+) soldiers?", prompt)
        value = None if had is None else max(0, had + 1 - MOST_SOLDIERS)
    elif gen == "palace.discard.chips":
        chips = number(r"has (\d+) chips", prompt)
        value = None if chips is None else chips - profile.small_bet
    elif gen == "palace.battle.minimum.bet" and k is not None:
        value = (k + 1) * profile.small_bet
    elif gen == "palace.battle.call.amount" and j is not None:
        value = (j + 1) * profile.small_bet
    elif gen == "palace.battle.fold.spoils" and k is not None and j is not None:
        value = k + j + 1
    elif gen == "palace.battle.raise.amount" and j is not None:
        value = (j + 1) * profile.small_bet + (2 * profile.small_bet if limit and j == 0 else big)
    elif gen == "palace.battle.raise.pass":
        value = number(r"raised (\d+)", prompt)
    elif gen == "palace.battle.capture.keep" and k is not None and j is not None:
        value = max(0, k + j + 1 - MOST_SOLDIERS)
    elif gen == "palace.end.pot-split":
        end = ending(p, profile)
        asked = re.search(rf"does ({_NAME}) take", prompt)
        if end is None or asked is None:
            return None
        value = dict(split(end[1], end[2])).get(asked.group(1), 0)
    return None if value is None else str(value)


#: the rule a question asks, worked out from its case (where it differs from case to case)
def asked_rule(p: Payload, profile: Any) -> str | None:
    gen, prompt = p.get("generator", ""), p["prompt"]
    if gen == "palace.end.pot-split":
        end = ending(p, profile)
        return None if end is None else end[0]
    if gen == "palace.battle.winner":
        fought = _battle(p)
        if fought is None:
            return None
        a, d, _winner = fought
        ra, rd = row_of(p, a) or [], row_of(p, d) or []
        sa, sd = suit_of(banner_of(p, a) or "2C"), suit_of(banner_of(p, d) or "2C")
        equal = best([c for c in ra if suit_of(c) != sd]) == best([c for c in rd if suit_of(c) != sa])
        return "palace.battle.tie" if equal else "palace.battle.call"
    if gen == "palace.stakes.attack-bet":
        me = re.findall(rf"May ({_NAME}) attack", prompt)[0]
        kk, amount = soldiers(p, me), number(r"a bet of (\d+)", prompt)
        if kk is None or amount is None:
            return None
        return "palace.battle.minimum" if amount < (kk + 1) * profile.small_bet else "palace.stakes"
    if gen == "palace.buy.may":
        return ("palace.buy.refill" if "draw pile is empty" in prompt or "both empty" in prompt
                else "palace.buy")
    if gen == "palace.battle.chips":
        m = re.search(r"^(.*) are in the hand", prompt)
        return None if not m else "palace.end" if len(names(m.group(1))) == 2 else "palace.battle"
    return None


def check(p: Payload, profile: Any) -> list[str]:
    """Palace Poker's own checks of a question: the rule it cites first, and the facts of
    its Palace records."""
    out: list[str] = []
    steps = p["reason"]["steps"]
    rule = p["reason"]["rule"]
    if p["rule_ids"][0] != rule:
        out.append(f"the first rule cited is {p['rule_ids'][0]}, not the rule asked, {rule}")
    asked = asked_rule(p, profile)
    if asked is not None and asked != rule:
        out.append(f"the question asks {asked}, not {rule}")
    numbers = set(re.findall(r"\d+", p["prompt"]))
    case = {c for r in p["rows"] for c in r["cards"]}
    attack = sides(p)
    for s in steps:
        kind = s["type"]
        if kind == "Then":
            text = s["who"] + " " + s["does"]
            cards = [code(c) for c in re.findall(_CARD, text)]
            said = set(re.findall(r"\d+", re.sub(_CARD, "", text)))
            if not said <= numbers or not set(cards) <= set(case):
                out.append(f"{sorted(said - numbers)} or {cards} in {text!r} is not the case's")
        elif kind == "Limit":
            said = set(re.findall(r"\d+", s["need"]))
            if not said <= numbers:
                out.append(f"{sorted(said - numbers)} in {s['need']!r} is not the case's")
            dealt = number(r"with (\d+) players dealt in", s["need"]) or 3
            rule = {"player": min(3, dealt), "soldier": MOST_SOLDIERS, "card": 1}.get(s["unit"])
            if not s["option"] and not s["limit_is"] and (
                    str(s["limit"]) not in said if s["unit"] == "chip" else s["limit"] != rule):
                out.append(f"the limit {s['limit']} of {s['need']!r} is not the rules' or "
                           "the case's")
        elif kind == "SetAside" and attack:
            a, d = attack
            other = banner_of(p, d if s["of"] == a else a)
            if other is None or suit_of(other) != s["suit"]:
                out.append(f"{s['of']} sets aside {s['suit']}, not the opponent's banner suit")
        elif kind == "Highest":
            rows = rows_of(p)
            for who, card, v in zip(s["who"], s["cards"], s["values"], strict=True):
                if card not in rows.get(who, []) or value(card) != v:
                    out.append(f"{who}'s {card} is not in their row worth {v}")
            top = max(value(c) for c in s["cards"])
            if s["highest"] != [w for w, c in zip(s["who"], s["cards"], strict=True)
                                if value(c) == top]:
                out.append(f"the highest are not {s['highest']}")
        elif kind == "SuitsDiffer":
            left, right = banner_of(p, s["left"]), banner_of(p, s["right"])
            if [left, right] != [s["left_card"], s["right_card"]]:
                out.append(f"the banners are {left} and {right}, not {s['left_card']} and "
                           f"{s['right_card']}")
            if s["holds"] != (suit_of(s["left_card"]) != suit_of(s["right_card"])):
                out.append(f"the suits of {s['left_card']} and {s['right_card']} "
                           f"{'do not differ' if s['holds'] else 'differ'}")
        elif kind == "SuitCount":
            counts = []
            for side in ("left", "right"):
                who, banner = s[side], banner_of(p, s[side])
                mine = sorted(c for c in row_of(p, who) or [] if banner and suit_of(c) == suit_of(banner))
                if banner is None or s[f"{side}_suit"] != suit_of(banner) or sorted(
                        s[f"{side}_cards"]) != mine:
                    out.append(f"{who}'s cards of their own banner suit are {mine}")
                counts.append(len(mine))
            win = None if counts[0] == counts[1] else s["left"] if counts[0] > counts[1] else s["right"]
            if s["winner"] != win:
                out.append(f"the tie-break is won by {win}, not {s['winner']}")
        elif kind == "Moved":
            row = rows_of(p).get(f"{s['owner']}'s soldiers", [])
            if not set(s["cards"]) <= set(row) or s["to"] != "the discard pile":
                out.append(f"{s['cards']} are not {s['owner']}'s soldiers for the discard pile")
            if "folds" in p["prompt"] and sorted(s["cards"]) != sorted(row):
                out.append(f"a player who folds loses every soldier, {row}")
            said = re.search(r"discards (.*?) without", p["prompt"])
            if said and sorted(s["cards"]) != sorted(code(c) for c in said.group(1).split()):
                out.append(f"the cards discarded are {said.group(1)}")
        elif kind == "QuietRound":
            quiet = quiet_round(p)
            if quiet is None and "everyone stays" in p["prompt"]:
                alive = still_in(p)
                quiet = (alive, alive, "", True, [], [])
            mine = (s["players"], s["quiet"], s["since"], s["holds"], s["discards"], s["before"])
            if quiet is None or list(mine) != [*quiet]:
                out.append(f"the quiet round is {quiet}, not {mine}")
        elif kind == "Split":
            grown = next((t["result"] for t in steps if t["type"] == "Calc" and t["of"] == "the pot"),
                         number(r"[Tt]he pot holds (\d+)", p["prompt"]))
            if s["pot"] != grown or list(zip(s["among"], s["shares"], strict=True)) != split(
                    s["pot"], s["among"]):
                out.append(f"the pot of {grown} is not split {s['among']} {s['shares']}")
            end = ending(p, profile) if p.get("generator") == "palace.end.pot-split" else None
            if end is not None and end[2] != s["among"]:
                out.append(f"the pot goes to {end[2]}, not {s['among']}")
    turns = [s for s in steps if s["type"] == "BannerTurn"]
    if turns:
        mine = [(t["player"], t["group"], t["first"], t["cards"], t["holders"], t["reshuffled_at"])
                for t in turns]
        deal = banner_deal(p)
        if mine != deal:
            out.append(f"the banner deal is {deal}, not {mine}")
    for s in (s for s in steps if s["type"] == "NextSeat"):
        seats = re.findall(r"clockwise: ([^.]*)\.", p["prompt"])
        if not seats or s["seats"] != names(seats[0]) or s["next"] != expected(p, profile):
            out.append(f"the next seat after {s['after']} is not {s['next']}")
        elif s["skipped"] != [n for n in _between(s) if n in s["out"]] or s["out"] != [
                n for n in s["seats"] if re.search(rf"\b{n}\b[^.]*out of the hand", p["prompt"])]:
            out.append(f"the players skipped are not {s['skipped']}, or those out {s['out']}")
    return out


def _between(s: Step) -> list[str]:
    seats = s["seats"]
    i, j = seats.index(s["after"]), seats.index(s["next"])
    return [seats[n % len(seats)] for n in range(i + 1, j if j > i else j + len(seats))]
