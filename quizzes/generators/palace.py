"""Palace Poker quiz generators: the first dealer, the ante, banner dealing, the deal, turns,
buying and discarding, whom you may attack, bets, calls and raises, who wins a battle, ties,
the spoils, and how the hand ends and the pot is split.

Every answer comes from :mod:`cardrules.palace`: the generator sets up a table and asks the
engine; every explanation comes from the engine's reason for the case
(:mod:`cardrules.palace.reasons`).  Each question cites first the rule it asks.
"""

from __future__ import annotations

from dataclasses import replace

from cardrules import palace
from cardrules.cards import Card, Rank, Suit, cards_text, standard_deck
from cardrules.palace import (
    Battle,
    Buy,
    Call,
    Discard,
    DiscardSoldiers,
    Fold,
    Pass,
    PlayerState,
    Raise,
    Stay,
)
from cardrules.poker import hand_reason, poker_value
from cardrules.profiles import Profile
from cardrules.reasons import Amount, Calc, Op, Reason, Step, Then
from cardrules.rng import Rng
from quizzes.generators.scenarios.palace import NAMES, battle, ending, table
from quizzes.model.question import (
    CardRow,
    Kind,
    Question,
    choice_question,
    numeric,
    pick_cards,
    yes_no,
)
from quizzes.model.registry import generator
from quizzes.model.words import listed

PROFILE = "palace-poker"


def _rules(p: Profile) -> palace.PalaceRules:
    assert isinstance(p, palace.PalaceRules)
    return p


def _row(p: PlayerState, greyed: frozenset[int] = frozenset()) -> CardRow:
    return CardRow(f"{p.name} (banner {p.banner})", p.cards, greyed=greyed)


def _soldier_row(p: PlayerState) -> CardRow:
    return CardRow(f"{p.name}'s soldiers", p.soldiers)


def _unit(k: int, word: str) -> str:
    return word if k == 1 else word + "s"


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _first(rule: str, rules: list[str]) -> list[str]:
    """The generator's rules with the one this question asks first."""
    return [rule, *(r for r in rules if r != rule)]


# -- the first dealer, the ante, banners, the deal -------------------------------------------
@generator("palace.first-dealer.who", ["palace.first-dealer"], Kind.MULTIPLE_CHOICE,
           "Who deals first?", PROFILE)
def first_dealer_who(rng: Rng, p: Profile) -> Question:
    """Which player deals first after the high-card draw, ties drawing again?"""
    n = rng.between(3, 5)
    names = NAMES[:n]
    deck = list(rng.shuffled(standard_deck()))
    if rng.below(2):  # a tie for the highest card, so the tied players draw again
        top = rng.between(8, 14)
        rank = Rank.from_pips(1 if top == 14 else top)
        ties = [c for c in deck if c.rank is rank][:2]
        lower = [c for c in deck if poker_value(c.rank) < top][: n - 2]
        first = rng.shuffled(ties + lower)
        deck = list(first) + [c for c in deck if c not in first]
    draw = palace.choose_first_dealer(names, pack=deck)
    rows = [CardRow(name, tuple(c for rnd in draw.rounds for who, c in rnd if who == name))
            for name in names]
    return choice_question(
        "palace.first-dealer.who", 0,
        "To choose the first dealer, each player is dealt a card; players tied for the highest "
        "card are dealt another (shown after the first). Who deals first?",
        ["palace.first-dealer"], rng.shuffled(names), draw.dealer,
        Reason("palace.first-dealer", palace.first_dealer_reason(draw)), rows=rows)


@generator("palace.banner.ante.amount", ["palace.banner.ante"], Kind.NUMERIC,
           "What is the ante?", PROFILE)
def ante_amount(rng: Rng, p: Profile) -> Question:
    """How much each player antes at given stakes (half the small bet, rounded down)?"""
    small = rng.choice((2, 3, 4, 5, 6, 7, 9, 10, 15, 25, 50))
    rules = _rules(p).replace(small_bet=small, big_bet=2 * small)
    a = palace.ante(rules)
    return numeric(
        "palace.banner.ante.amount", 0,
        f"The stakes are {small}/{2 * small} (small bet {small}). How much does each player "
        "ante before the banner deal?", ["palace.banner.ante"], a, None,
        Reason("palace.banner.ante", (palace.ante_reason(rules, this_table=False),)),
        unit="chip" if a == 1 else "chips")


@generator("palace.banner.who-gets", ["palace.banner"], Kind.PICK_CARDS,
           "Who gets the banner suit here?", PROFILE)
def banner_who_gets(rng: Rng, p: Profile) -> Question:
    """Which card from the top of the pack becomes a given player's banner?"""
    n = rng.choice((3, 4, 4, 5, 6))
    names = NAMES[:n]
    while True:
        deal = palace.deal_banners(rng.shuffled(standard_deck()), names)
        counts = [sum(1 for s in deal.steps if s.player == name) for name in names]
        who = max(range(n), key=lambda i: (counts[i], i))
        if counts[who] > 1:
            break
    name = names[who]
    last = max(i for i, s in enumerate(deal.steps) if s.player == name)
    extra = deal.rest[:2]
    shown = tuple(s.card for s in deal.steps[: last + 1]) + extra
    groups = "players 1-4 form one group and 5-8 another" if n > 4 else "all are one group"
    return pick_cards(
        "palace.banner.who-gets", 0,
        f"Banner cards are dealt from the dealer's left in this order: {', '.join(names)} "
        f"({groups}). These are the top cards of the pack, in order. Pick the card that "
        f"becomes {name}'s banner.", ["palace.banner"],
        [CardRow("Top of the pack", shown)], [frozenset({last})],
        Reason("palace.banner", palace.banner_reason(deal, name)))


@generator("palace.banner.reshuffle.pick", ["palace.banner.reshuffle", "palace.banner"],
           Kind.PICK_CARDS, "The pack runs out during the banner deal", PROFILE)
def banner_reshuffle(rng: Rng, p: Profile) -> Question:
    """Which banner a player takes when the pack runs out and the rejects are shuffled?"""
    while True:
        n = rng.between(5, 7)
        names = NAMES[:n]
        pack = rng.sample(standard_deck(), n + rng.between(1, 3))
        try:
            deal = palace.deal_banners(pack, names, rng.fork("reshuffle"))
        except ValueError:
            continue
        if deal.reshuffles != 1:
            continue
        at = next(i for i, s in enumerate(deal.steps) if s.reshuffled)
        kept = next(i for i in range(at, len(deal.steps)) if deal.steps[i].kept)
        after = tuple(s.card for s in deal.steps[at:]) + deal.rest
        break
    name = deal.steps[kept].player
    return pick_cards(
        "palace.banner.reshuffle.pick", 0,
        f"A short lesson pack: banners are dealt to {', '.join(names)} in that order (players "
        f"1-4 are one group, 5-8 another). The pack runs out before {name} has a banner. The "
        "second row shows the rejected banner cards after they are shuffled. Pick the card that "
        f"becomes {name}'s banner.", ["palace.banner.reshuffle", "palace.banner"],
        [CardRow("The lesson pack", tuple(pack)), CardRow("Rejected cards, shuffled", after)],
        [frozenset({kept - at})],
        Reason("palace.banner.reshuffle", palace.banner_reason(deal, name)), pick_row=1)


@generator("palace.palace.draw-pile", ["palace.palace"], Kind.NUMERIC,
           "How big is the draw pile?", PROFILE)
def draw_pile_size(rng: Rng, p: Profile) -> Question:
    """How many cards the draw pile holds after the palace deal?"""
    n = rng.between(2, 10)
    s = palace.new_hand(_rules(p), NAMES[:n], seed=rng.below(1_000_000))
    return numeric(
        "palace.palace.draw-pile", 0,
        f"{n} players have their banners and their palace cards. How many cards are in the draw "
        "pile?", ["palace.palace"], len(s.draw_pile), None,
        Reason("palace.palace", palace.draw_pile_reason(s)), unit="cards")


# -- turns, buying, discarding ----------------------------------------------------------------
@generator("palace.turn.next", ["palace.turn", "palace.stay"], Kind.MULTIPLE_CHOICE,
           "Who acts next?", PROFILE)
def turn_next(rng: Rng, p: Profile) -> Question:
    """Who acts next after a stay, skipping players who are out?  Half the questions ask it
    as the rule of staying (play passes to the left), half as the order of turns."""
    n = rng.between(4, 7)
    out = rng.sample(range(n), rng.between(0, min(2, n - 3)))
    s = table(rng, _rules(p), n, out=out)
    s = replace(s, to_act=rng.choice(s.alive))
    me = s.actor.name
    t = palace.apply(s, Stay())
    outs = [NAMES[i] for i in sorted(out)]
    alive = [p_.name for p_ in t.players if p_.in_hand]
    rules = ["palace.turn", "palace.stay"] if rng.below(2) else ["palace.stay", "palace.turn"]
    return choice_question(
        "palace.turn.next", 0,
        f"The seats go clockwise: {', '.join(NAMES[:n])}. "
        + (f"{' and '.join(outs)} {'is' if len(outs) == 1 else 'are'} out of the hand. "
           if outs else "") + f"{me} stays. Who acts next?",
        rules, rng.shuffled(alive), t.actor.name,
        Reason(rules[0], (palace.next_seat_reason(s, t),)))


@generator("palace.buy.may", ["palace.buy", "palace.buy.refill"], Kind.YES_NO,
           "May you buy now?", PROFILE)
def buy_may(rng: Rng, p: Profile) -> Question:
    """May the player to act buy a soldier now (chips, piles, two left)?"""
    rules = _rules(p)
    case = rng.below(4)
    if case == 0:  # both piles empty: everything is in the players' hands
        n = rng.between(6, 8)
        counts = [0] * n
        for _ in range(52 - 4 * n):
            counts[rng.choice([k for k in range(n) if counts[k] < 5])] += 1
        deck = list(rng.shuffled(standard_deck()))
        people = []
        for k in range(n):
            mine, deck = deck[:4 + counts[k]], deck[4 + counts[k]:]
            people.append(PlayerState(NAMES[k], mine[0], tuple(mine[1:4]), tuple(mine[4:]),
                                      5 * rng.between(12, 60)))
        s = palace.position(rules, people, draw_pile=(), discard_pile=())
        piles = "The draw pile and the discard pile are both empty."
    elif case == 1:  # draw pile empty, discards to shuffle
        s = table(rng, rules, rng.between(3, 5))
        s = palace.position(rules, s.players, draw_pile=(), discard_pile=s.draw_pile)
        piles = f"The draw pile is empty; the discard pile holds {len(s.discard_pile)} cards."
    elif case == 2:  # not enough chips
        s = table(rng, rules, rng.between(3, 5), chips=rng.between(0, rules.small_bet - 1))
        piles = f"The draw pile holds {len(s.draw_pile)} cards."
    else:
        s = table(rng, rules, rng.between(3, 5))
        piles = f"The draw pile holds {len(s.draw_pile)} cards."
    ok = palace.can_buy(s)
    me = s.actor
    rule = "palace.buy.refill" if not s.draw_pile else "palace.buy"
    return yes_no(
        "palace.buy.may", 0,
        f"It is {me.name}'s turn; {me.name} has {me.chips} chips (the small bet is "
        f"{rules.small_bet}). {piles} May {me.name} buy?",
        _first(rule, ["palace.buy", "palace.buy.refill"]), ok,
        Reason(rule, palace.buy_reason(s)))


@generator("palace.buy.limit.discards", ["palace.buy.limit", "palace.buy"], Kind.NUMERIC,
           "How many soldiers must go?", PROFILE)
def buy_limit_discards(rng: Rng, p: Profile) -> Question:
    """How many soldiers a buyer holding six must discard?"""
    k = rng.choice((3, 4, 5, 5, 5))
    s = table(rng, _rules(p), 3, soldiers=[k, 1, 1])
    t = palace.apply(s, Buy())
    least = min(len(a.cards) for a in palace.legal_actions(t) if isinstance(a, DiscardSoldiers))
    me = t.actor
    bought = me.soldiers[-1]
    why = palace.keep_reason(t, Amount(k, f"the soldiers {me.name} had", cards=me.soldiers[:-1]),
                             [Amount(1, "the soldier bought", cards=(bought,))])
    return numeric(
        "palace.buy.limit.discards", 0,
        f"{me.name} had {_n(k, 'soldier')} and buys {bought}. What is the least number "
        f"of soldiers {me.name} must now discard?", ["palace.buy.limit", "palace.buy"], least,
        None, Reason("palace.buy.limit", why), rows=[_soldier_row(me)],
        unit=_unit(least, "soldier"))


@generator("palace.discard.chips", ["palace.discard"], Kind.NUMERIC, "What does a discard cost?",
           PROFILE)
def discard_chips(rng: Rng, p: Profile) -> Question:
    """How many chips a discard costs?"""
    k = rng.between(2, 5)
    s = table(rng, _rules(p), 3, soldiers=[k, 0, 0])
    me = s.actor
    gone = tuple(rng.sample(me.soldiers, rng.between(2, k)))
    t = palace.apply(s, Discard(gone))
    return numeric(
        "palace.discard.chips", 0,
        f"{me.name} has {me.chips} chips and, on this turn, discards {cards_text(gone)} without "
        f"drawing (the small bet is {s.rules.small_bet}). How many chips does {me.name} have "
        "afterwards?", ["palace.discard"], t.player(me.name).chips, None,
        Reason("palace.discard", palace.discard_reason(s, t, gone)),
        rows=[_soldier_row(me)], unit="chips")


# -- battles -------------------------------------------------------------------------------------
@generator("palace.battle.target.may", ["palace.battle.target"], Kind.YES_NO,
           "May you attack this player?", PROFILE)
def target_may(rng: Rng, p: Profile) -> Question:
    """May the player to act attack this player (banner suits, players out)?"""
    n = rng.between(5, 10)
    out = rng.sample(range(1, n), rng.below(2))
    s = table(rng, _rules(p), n, out=out)
    me = s.actor
    same = [q.name for q in s.players if q.in_hand and q.name != me.name and q.suit is me.suit]
    others = [q.name for q in s.players if q.name != me.name]
    target = rng.choice(same) if same and rng.below(2) else rng.choice(others)
    ok, _why = palace.may_attack(s, me.name, target)
    rows = [CardRow(f"{q.name}'s banner", (q.banner,)) for q in s.players if q.banner]
    outs = [q.name for q in s.players if not q.in_hand]
    return yes_no(
        "palace.battle.target.may", 0,
        "These are the banners on the table"
        + (f" ({' and '.join(outs)} {'is' if len(outs) == 1 else 'are'} out of the hand)"
           if outs else "") + f". It is {me.name}'s turn. May {me.name} attack {target}?",
        ["palace.battle.target"], ok,
        Reason("palace.battle.target", palace.target_reason(s, me.name, target)), rows=rows)


@generator("palace.battle.minimum.bet", ["palace.battle.minimum", "palace.battle"], Kind.NUMERIC,
           "What is the minimum bet?", PROFILE)
def minimum_bet(rng: Rng, p: Profile) -> Question:
    """What is the least attack bet, (soldiers + 1) x the small bet?"""
    k = rng.between(0, 5)
    s = table(rng, _rules(p), 3, soldiers=[k, rng.between(0, 5), 0])
    me, them = s.players[0], s.players[1]
    least = palace.minimum_bet(s)
    theirs = f" ({cards_text(them.soldiers)})" if them.soldiers else ""
    why = (palace.minimum_reason(s),
           Then(f"{them.name}'s soldiers{theirs}", "do not change it: the minimum counts only "
                "the attacker's own soldiers and banner"))
    return numeric(
        "palace.battle.minimum.bet", 0,
        f"{me.name} has {_n(k, 'soldier')} and {them.name} has "
        f"{_n(len(them.soldiers), 'soldier')}; the small bet is {s.rules.small_bet}. What is the "
        f"least {me.name} may bet to attack {them.name}?",
        ["palace.battle.minimum", "palace.battle"], least, None,
        Reason("palace.battle.minimum", why), rows=[_soldier_row(me), _soldier_row(them)],
        unit="chips")


@generator("palace.battle.call.amount", ["palace.battle.call"], Kind.NUMERIC,
           "What does the defender pay to call?", PROFILE)
def call_amount(rng: Rng, p: Profile) -> Question:
    """What does the defender pay to call, whatever the attacker bet?"""
    rules = _rules(p)
    k, j = rng.between(0, 5), rng.between(0, 5)
    s = table(rng, rules, 3, soldiers=[k, j, 0], chips=300)
    me, them = s.players[0], s.players[1]
    low, high = palace.bet_limits(s, them.name) or (0, 0)
    bet = low if not rules.no_limit else rng.choice((low, low + rules.small_bet, 2 * low + 5))
    t = palace.apply(s, Battle(them.name, min(bet, high)))
    assert t.battle is not None
    bet = t.battle.bet
    why = (palace.call_reason(t),
           Then(f"{me.name}'s bet of {bet}", "does not change it: the defender pays for their "
                "own soldiers and banner"))
    return numeric(
        "palace.battle.call.amount", 0,
        f"{me.name} ({_n(k, 'soldier')}) attacks {them.name} ({_n(j, 'soldier')}) with a bet of "
        f"{bet}; the small bet is {rules.small_bet}. How much does {them.name} pay to call?",
        ["palace.battle.call"], palace.call_amount(t), None, Reason("palace.battle.call", why),
        unit="chips")


@generator("palace.battle.winner", ["palace.battle.call", "palace.battle.tie"],
           Kind.MULTIPLE_CHOICE, "Who wins this battle?", PROFILE)
def battle_winner(rng: Rng, p: Profile) -> Question:
    """Who wins a battle's showdown, the opponent's banner suit not counting?"""
    s, _, o = battle(rng, _rules(p))
    a, d = s.players[0], s.players[1]
    choices = (f"{a.name} (the attacker)", f"{d.name} (the defender)", "Both are out")
    answer = {palace.Side.ATTACKER: choices[0], palace.Side.DEFENDER: choices[1],
              None: choices[2]}[o.winner]
    return choice_question(
        "palace.battle.winner", 0,
        f"{a.name} attacks {d.name} and {d.name} calls. Each side's best hand is made from its "
        "own cards, and the cards of the opponent's banner suit do not count. Who wins?",
        _first(o.rule_id, ["palace.battle.call", "palace.battle.tie"]), rng.shuffled(choices),
        answer, Reason(o.rule_id, palace.battle_reason(o, False)), rows=[_row(a), _row(d)])


@generator("palace.battle.hand-name", ["palace.battle.call"], Kind.MULTIPLE_CHOICE,
           "Name this battle hand", PROFILE)
def battle_hand_name(rng: Rng, p: Profile) -> Question:
    """What hand does a side of a battle make without the opponent's suit?"""
    while True:
        s, _, o = battle(rng, _rules(p))
        a, d = s.players[0], s.players[1]
        right = o.attacker_hand.name
        full = palace.hand_value(a.cards).name
        if full != right or rng.below(3) == 0:
            break
    names = [right]
    if full != right:
        names.append(full)
    while len(names) < 4:
        other = palace.hand_value(rng.sample(standard_deck(), rng.between(4, 7))).name
        if other not in names:
            names.append(other)
    return choice_question(
        "palace.battle.hand-name", 0,
        f"{a.name} (banner {a.banner}) attacks {d.name}, whose banner is {d.banner}. What is "
        f"{a.name}'s hand in this battle?", ["palace.battle.call"], rng.shuffled(names), right,
        Reason("palace.battle.call", hand_reason(a.cards, a.name, d.suit)),
        rows=[_row(a, o.greyed(palace.Side.ATTACKER))])


@generator("palace.battle.tie.who", ["palace.battle.tie"], Kind.MULTIPLE_CHOICE,
           "Equal hands: what happens?", PROFILE)
def tie_who(rng: Rng, p: Profile) -> Question:
    """What happens when a battle's hands are equal (banner-suit cards, then both out)?"""
    rules = _rules(p)
    n = rng.choice((2, 3, 3))
    sa, sb = rng.sample(tuple(Suit), 2)
    ranks = rng.sample(tuple(Rank), 4)
    while True:
        a_cards, b_cards = [], []
        for r in ranks:
            ca = Card(r, rng.choice([s for s in Suit if s is not sb]))
            cb = Card(r, rng.choice([s for s in Suit if s is not sa and s is not ca.suit]))
            a_cards.append(ca)
            b_cards.append(cb)
        a_banner = [c for c in a_cards if c.suit is sa]
        b_banner = [c for c in b_cards if c.suit is sb]
        if a_banner and b_banner:
            break
    a_cards.remove(a_banner[0])
    b_cards.remove(b_banner[0])
    people = [PlayerState("Ann", a_banner[0], tuple(a_cards), (), 300),
              PlayerState("Bob", b_banner[0], tuple(b_cards), (), 300)]
    if n == 3:
        used = set(a_cards + b_cards + [a_banner[0], b_banner[0]])
        rest = [c for c in rng.shuffled(standard_deck()) if c not in used]
        people.append(PlayerState("Cy", rest[0], tuple(rest[1:4]), (), 300))
    s = palace.position(rules, people, seed=rng.below(1000))
    t = palace.apply(palace.apply(s, Battle("Bob", palace.minimum_bet(s))), Call())
    o = t.battles[-1].outcome
    assert o is not None
    choices = ("Ann wins", "Bob wins", "Both are out", "Ann and Bob split the pot")
    if o.winner is palace.Side.ATTACKER:
        answer = choices[0]
    elif o.winner is palace.Side.DEFENDER:
        answer = choices[1]
    elif t.result is not None and t.result.rule_id == "palace.battle.tie":
        answer = choices[3]
    else:
        answer = choices[2]
    who = "Ann, Bob and Cy are in the hand" if n == 3 else "Ann and Bob are the last two"
    return choice_question(
        "palace.battle.tie.who", 0,
        f"{who}. Ann attacks Bob and Bob calls. What happens?", ["palace.battle.tie"],
        rng.shuffled(choices), answer,
        Reason("palace.battle.tie", palace.battle_reason(o, answer == choices[3])),
        rows=[_row(s.players[0]), _row(s.players[1])])


@generator("palace.battle.fold.spoils", ["palace.battle.fold", "palace.battle.capture"],
           Kind.NUMERIC, "The defender folds: the spoils", PROFILE)
def fold_spoils(rng: Rng, p: Profile) -> Question:
    """How many soldiers the attacker holds after the defender folds (banner included)?"""
    k, j = rng.between(0, 4), rng.between(0, 5)
    s = table(rng, _rules(p), 3, soldiers=[k, j, 0], chips=300)
    a, d = s.players[0], s.players[1]
    t = palace.apply(palace.apply(s, Battle(d.name, palace.minimum_bet(s))), Fold())
    held = len(t.player(a.name).soldiers)
    why: tuple[Step, ...] = (
        Then(d.name, f"folds, so {d.name} is out and {a.name} takes {d.name}'s soldiers and "
             "banner"), palace.spoils_reason(a.name, d.name, k, j, held))
    if held > 5:
        why += (Then(a.name, "then keeps at most five"),)
    return numeric(
        "palace.battle.fold.spoils", 0,
        f"{a.name} ({_n(k, 'soldier')}) attacks {d.name} ({_n(j, 'soldier')}) and {d.name} folds. "
        f"How many soldier cards does {a.name} hold before choosing which to discard?",
        ["palace.battle.fold", "palace.battle.capture"], held, None,
        Reason("palace.battle.fold", why), unit=_unit(held, "card"))


@generator("palace.battle.raise.amount", ["palace.battle.raise", "palace.stakes"], Kind.NUMERIC,
           "How much is a call and raise?", PROFILE)
def raise_amount(rng: Rng, p: Profile) -> Question:
    """How much a call and raise costs at limit or no-limit stakes?"""
    rules = _rules(p)
    k, j = rng.between(0, 4), rng.choice((0, 0, 1, 2, 3))
    s = table(rng, rules, 3, soldiers=[k, j, 0], chips=300)
    a, d = s.players[0], s.players[1]
    t = palace.apply(s, Battle(d.name, palace.minimum_bet(s)))
    call = palace.call_amount(t)
    limits = palace.raise_limits(t)
    assert limits is not None
    total = call + limits[0]
    before = t.player(d.name).chips
    after = palace.apply(t, Raise(limits[0])).player(d.name).chips
    assert before - after == total
    stakes = "limit" if not rules.no_limit else "no-limit"
    return numeric(
        "palace.battle.raise.amount", 0,
        f"{a.name} attacks {d.name}, who has {_n(j, 'soldier')}. The stakes are {stakes}, small "
        f"bet {rules.small_bet}, big bet {rules.big_bet}. {d.name} calls and raises by as little "
        f"as allowed. How many chips does {d.name} put in?",
        ["palace.battle.raise", "palace.stakes"], total, None,
        Reason("palace.battle.raise", palace.raise_reason(t)), unit="chips")


@generator("palace.battle.raise.pass", ["palace.battle.raise"], Kind.NUMERIC,
           "The attacker passes: what comes back?", PROFILE)
def raise_pass(rng: Rng, p: Profile) -> Question:
    """How many chips go back to the raiser when the attacker passes?"""
    rules = _rules(p)
    s = table(rng, rules, 3, soldiers=[rng.between(0, 3), rng.between(0, 3), 0], chips=300)
    a, d = s.players[0], s.players[1]
    t = palace.apply(s, Battle(d.name, palace.minimum_bet(s)))
    call = palace.call_amount(t)
    lo, hi = palace.raise_limits(t) or (0, 0)
    r = lo if not rules.no_limit else rng.choice((lo, lo + rules.small_bet, min(hi, 3 * lo)))
    t = palace.apply(t, Raise(r))
    u = palace.apply(t, Pass())
    back = u.player(d.name).chips - t.player(d.name).chips
    return numeric(
        "palace.battle.raise.pass", 0,
        f"{a.name} attacked {d.name}; {d.name} called for {call} and raised {r}. {a.name} passes. "
        f"How many chips go back to {d.name}?", ["palace.battle.raise"], back, None,
        Reason("palace.battle.raise", palace.pass_reason(t, u)), unit="chips")


@generator("palace.battle.capture.keep", ["palace.battle.capture"], Kind.NUMERIC,
           "How many soldiers must the winner discard?", PROFILE)
def capture_keep(rng: Rng, p: Profile) -> Question:
    """How many soldiers the winner of a battle must discard to keep five?"""
    k, j = rng.between(1, 5), rng.between(1, 5)
    s = table(rng, _rules(p), 3, soldiers=[k, j, 0], chips=300)
    a, d = s.players[0], s.players[1]
    t = palace.apply(palace.apply(s, Battle(d.name, palace.minimum_bet(s))), Fold())
    least = min(len(x.cards) for x in palace.legal_actions(t) if isinstance(x, DiscardSoldiers))
    why = palace.keep_reason(t, Amount(k, f"{a.name}'s soldiers"),
                             [Amount(j, f"{d.name}'s soldiers"), Amount(1, f"{d.name}'s banner")])
    return numeric(
        "palace.battle.capture.keep", 0,
        f"{a.name} has {_n(k, 'soldier')} and wins a battle against {d.name}, who had "
        f"{_n(j, 'soldier')}. What is the least number of soldiers {a.name} must then discard?",
        ["palace.battle.capture"], least, None, Reason("palace.battle.capture", why),
        unit=_unit(least, "soldier"))


@generator("palace.battle.chips", ["palace.battle", "palace.end"], Kind.MULTIPLE_CHOICE,
           "Where do a battle's chips go?", PROFILE)
def battle_chips(rng: Rng, p: Profile) -> Question:
    """Where do the chips bet in a battle go: into the pot, which the battle wins only when
    it leaves one player in the hand?"""
    n = 2 if rng.below(2) else rng.choice((3, 4))
    while True:
        s, t, o = battle(rng, _rules(p), n, pot=rng.between(2, 60))
        if o.winner_name is not None:
            winner = o.winner_name
            break
    a, d = s.players[0].name, s.players[1].name
    bet = t.battles[-1].bet
    call = sum(m.amount for m in t.pot_moves[len(s.pot_moves):]
               if m.player == d and m.rule_id == "palace.battle.call")
    pot = s.pot + bet + call
    stay = "They stay in the pot until the hand ends"
    take = f"{winner} takes them with the rest of the pot: the hand is over"
    choices = (stay, take, "They go back to the players", f"{winner} takes just the battle's chips")
    steps: tuple[Step, ...] = (
        Calc("the pot", (Amount(s.pot, "the pot before the battle"), Amount(bet, f"{a}'s bet"),
                         Amount(call, f"{d}'s call")), (Op.PLUS, Op.PLUS), pot),)
    if t.is_over:
        assert t.result is not None and t.result.winners == (winner,)
        answer, rule = take, "palace.end"
        steps += (Then(winner, "is the last player left in the hand, which ends"),
                  palace.split_reason(t.result, pot))
    else:
        assert t.pot == pot
        answer, rule = stay, "palace.battle"
        steps += (Then("these chips", "stay in the pot until the hand ends: a battle wins cards "
                       "and knocks the loser out, but only the player who takes the whole pot "
                       "at the end wins chips"),)
    return choice_question(
        "palace.battle.chips", 0,
        f"{listed(list(s.in_hand))} are in the hand, and the pot holds {s.pot}. {a} attacks {d} "
        f"with a bet of {bet}; {d} calls for {call}, and {winner} wins the battle. What happens "
        "to the chips bet in the battle?", _first(rule, ["palace.battle", "palace.end"]),
        rng.shuffled(choices), answer, Reason(rule, steps))


# -- staying, folding and the end of the hand -----------------------------------------------------
@generator("palace.stay.ends", ["palace.stay", "palace.end.showdown"], Kind.YES_NO,
           "Does the hand end now?", PROFILE)
def stay_ends(rng: Rng, p: Profile) -> Question:
    """Does this stay end the hand in a showdown (a quiet round)?"""
    rules = _rules(p)
    n = rng.between(3, 4)
    s = table(rng, rules, n, soldiers=[rng.between(1, 2) for _ in range(n)])
    said = []
    since = ""
    discards: list[tuple[str, tuple[Card, ...]]] = []
    quiet: list[tuple[str, tuple[Card, ...]]] = []  # every stay and discard, in turn
    before: list[tuple[str, tuple[Card, ...]]] = []
    for _ in range(rng.between(n - 1, n + 2)):
        me = s.actor.name
        pick = rng.below(10)
        if pick < 6 and palace.can_stay(s):
            s, what = palace.apply(s, Stay()), "stays"
            quiet.append((me, ()))
        elif pick < 8 and s.actor.soldiers and palace.can_discard(s, s.actor.soldiers[:1]):
            what = f"pays and discards {s.actor.soldiers[0]}"
            discards.append((me, s.actor.soldiers[:1]))
            quiet.append((me, s.actor.soldiers[:1]))
            s = palace.apply(s, Discard(s.actor.soldiers[:1]))
        elif palace.can_buy(s):
            s = palace.apply(s, Buy())
            s = palace.apply(s, palace.legal_actions(s)[0])
            what, since, discards, before = "buys a soldier", f"{me}'s buy", [], list(quiet)
        else:
            s, what = palace.apply(s, Stay()), "stays"
            quiet.append((me, ()))
        said.append(f"{me} {what}")
        if s.is_over:
            break
    return yes_no(
        "palace.stay.ends", 0,
        f"{n} players, seats clockwise {', '.join(NAMES[:n])}; the hand has just begun. The "
        f"turns so far: {'; '.join(said)}. Does the hand end now?",
        ["palace.end.showdown", "palace.stay"], s.is_over,
        Reason("palace.end.showdown", (palace.quiet_reason(s, since, discards, before),)))


@generator("palace.fold.cards", ["palace.fold"], Kind.MULTIPLE_CHOICE,
           "Folding on your turn: where do the cards go?", PROFILE)
def fold_cards(rng: Rng, p: Profile) -> Question:
    """Where do the cards of a player who folds on their turn go, and the chips they put in
    the pot?"""
    n = rng.between(3, 5)
    pot = rng.between(3 * n, 150)
    s = table(rng, _rules(p), n, soldiers=[rng.between(1, 4)] + [0] * (n - 1))
    s = palace.position(s.rules, s.players, pot=pot, seed=rng.below(1_000_000))
    me = s.actor
    t = palace.apply(s, Fold())
    left = s.players[1].name
    taken = f"{left}, on {me.name}'s left, takes them"
    if rng.below(2):
        gone = set(me.soldiers)
        choices = ("To the discard pile", taken, f"{me.name} keeps them")
        answer = choices[0] if gone <= set(t.discard_pile) else choices[1] if gone <= set(
            t.player(left).soldiers) else choices[2]
        return choice_question(
            "palace.fold.cards", 0,
            f"On {me.name}'s turn (no battle going on), {me.name} folds. Where do {me.name}'s "
            "soldiers go?", ["palace.fold"], rng.shuffled(choices), answer,
            Reason("palace.fold", palace.fold_reason(s)), rows=[_soldier_row(me)])
    choices = ("They stay in the pot", f"They go back to {me.name}", taken)
    assert t.pot == s.pot and t.player(me.name).chips == me.chips
    why = (Then(me.name, "folds, with no battle going on, and is out of the hand"),
           Then(f"the pot of {s.pot}", f"stays as it is, the chips {me.name} put in included: "
                "only the player who wins the hand takes it"))
    return choice_question(
        "palace.fold.cards", 0,
        f"The pot holds {s.pot}. On {me.name}'s turn (no battle going on), {me.name} folds. "
        f"What happens to the chips {me.name} has put in the pot?", ["palace.fold"],
        rng.shuffled(choices), choices[0], Reason("palace.fold", why))


@generator("palace.end.two-left.may-stay", ["palace.end.two-left"], Kind.YES_NO,
           "Two left: may you stay?", PROFILE)
def two_left_stay(rng: Rng, p: Profile) -> Question:
    """May the player to act stay when only two players are left?"""
    n = rng.between(3, 5)
    out = rng.sample(range(1, n), rng.choice((n - 2, n - 2, n - 3)))
    s = table(rng, _rules(p), n, out=out)
    alive = [q.name for q in s.players if q.in_hand]
    return yes_no(
        "palace.end.two-left.may-stay", 0,
        f"The hand began with {n} players; {_n(len(alive), 'player')} "
        f"({', '.join(alive)}) {'is' if len(alive) == 1 else 'are'} still in. It is "
        f"{s.actor.name}'s turn. May {s.actor.name} stay?", ["palace.end.two-left"],
        palace.can_stay(s), Reason("palace.end.two-left", (palace.stay_reason(s),)))


@generator("palace.end.pot-split",
           ["palace.end", "palace.end.same-suit", "palace.end.showdown", "palace.battle.tie"],
           Kind.NUMERIC, "How is the pot split?", PROFILE)
def pot_split(rng: Rng, p: Profile) -> Question:
    """How many chips a player takes from the pot when the hand ends?"""
    s, t, move = ending(rng, _rules(p))
    assert t.result is not None
    name, share = t.result.payouts[0]
    alive = ", ".join(s.in_hand)
    order = ", ".join(q.name for q in (s.players[i] for i in s.order()))
    rows = [_row(q) for q in s.players if q.in_hand]
    rule = t.result.rule_id
    return numeric(
        "palace.end.pot-split", 0,
        f"Seats from the dealer's left: {order}. Still in: {alive}. The pot holds {s.pot}. "
        f"Then {move}. How many chips does {name} take from the pot?",
        _first(rule, ["palace.end", "palace.end.same-suit", "palace.end.showdown",
                      "palace.battle.tie"]),
        share, None, Reason(rule, palace.ending_reason(s, t)), rows=rows, unit="chips")


@generator("palace.stakes.attack-bet", ["palace.stakes", "palace.battle.minimum"], Kind.YES_NO,
           "Is this attack bet allowed?", PROFILE)
def stakes_attack(rng: Rng, p: Profile) -> Question:
    """Is this attack bet allowed at these stakes and chips?  Half the questions have a bet
    that is allowed; the others a bet too small, too large for limit stakes, or more than
    the attacker's chips."""
    rules = _rules(p)
    small = rules.small_bet
    k = rng.between(0, 4)
    least = (k + 1) * small
    faults = ["small"] * (k > 0) + ["limit"] * (not rules.no_limit) + ["chips"]
    fault = None if rng.below(2) else rng.choice(faults)
    amount = least if not rules.no_limit else least + small * rng.between(0, 8)
    if fault == "small":
        amount = small * rng.between(1, k)
    elif fault == "limit":
        amount = least + small * rng.between(1, 4)
    chips = (rng.between(0, amount - 1) if fault == "chips" else
             rng.between(amount, amount + 60 * small))
    s = table(rng, rules, 3, soldiers=[k, 0, 0], chips=chips)
    target = s.players[1].name
    ok = palace.can_battle(s, target, amount)
    rule = "palace.battle.minimum" if amount < least else "palace.stakes"
    stakes = "limit" if not rules.no_limit else "no-limit"
    return yes_no(
        "palace.stakes.attack-bet", 0,
        f"Stakes: {stakes}, small bet {small}. {s.actor.name} has "
        f"{_n(k, 'soldier')} and {s.actor.chips} chips. May {s.actor.name} attack {target} "
        f"with a bet of {amount}?", _first(rule, ["palace.stakes", "palace.battle.minimum"]), ok,
        Reason(rule, palace.attack_bet_reason(s, target, amount)))
