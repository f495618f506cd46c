"""Casino and Royal Casino quiz generators: captures, sets, builds, adding, increasing, the
owner's duties, trailing, the residue, scoring, the game, partnerships, Royal Casino,
sweeps and the count-out.  Every answer and explanation comes from the engine."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules import casino
from cardrules.cards import Card, Rank, cards_text, standard_deck
from cardrules.casino import Build, Capture, CasinoRules, Increase, Trail
from cardrules.profiles import Profile
from cardrules.rng import Rng
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

PROFILE = "casino"
ROYAL = "royal-casino"
DECK = standard_deck()


def _rules(p: Profile) -> CasinoRules:
    assert isinstance(p, CasinoRules)
    return p


def _numerals(royal: bool) -> tuple[Card, ...]:
    return DECK if royal else tuple(c for c in DECK if c.rank.pips <= 10)


def _rows(state: casino.CasinoState, hand_label: str = "Your hand") -> list[CardRow]:
    rows = [CardRow(label, cards) for label, cards in casino.table_rows(state)]
    rows.append(CardRow(hand_label, state.hand))
    return rows


def _position(rules: CasinoRules, hand: Sequence[Card], loose: Sequence[Card],
              builds: Sequence[tuple[int, Sequence[Sequence[Card]], int]] = ()
              ) -> casino.CasinoState:
    return casino.position(tuple(hand), tuple(loose),
                           [(v, [tuple(p) for p in parts], o) for v, parts, o in builds], rules)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


# -- the deal and turns -------------------------------------------------------------------
@generator("casino.deal.count", ["casino.deal"], Kind.NUMERIC,
           "How many deals in a round?", PROFILE)
def deal_count(rng: Rng, p: Profile) -> Question:
    """How many deals make a round of Casino with 2, 3 or 4 players."""
    n = rng.choice((2, 3, 4))
    deals = casino.deals_per_round(n)
    return numeric(
        "casino.deal.count", 0,
        f"Casino with {n} players: 4 cards to each player and 4 to the table, then 4 more "
        "each, with none to the table, until the pack is used. How many deals make a round, "
        "counting the first?", ["casino.deal"], deals, None,
        f"The first deal uses {4 * n} + 4 = {4 * n + 4} cards; each later deal uses {4 * n}, "
        f"and {52 - 4 * n - 4} / {4 * n} = {deals - 1} more deals. {deals} in all; the dealer "
        "says \"last\" on the final one.", unit="deals")


@generator("casino.turn.first", ["casino.turn", "casino.deal"], Kind.MULTIPLE_CHOICE,
           "Who plays first?", PROFILE)
def turn_first(rng: Rng, p: Profile) -> Question:
    """Who plays the first card: the player on the dealer's left."""
    n = rng.choice((2, 3, 4))
    dealer = rng.below(n)
    s = casino.new_game(_rules(p), seed=rng.below(10**6), players=n, dealer=dealer)
    names = s.names
    return choice_question(
        "casino.turn.first", 0,
        f"{n} players sit clockwise: {', '.join(names)}. {names[dealer]} deals. Who plays the "
        "first card?", ["casino.turn", "casino.deal"], names, names[s.turn],
        f"The player on the dealer's left, the next seat clockwise after {names[dealer]}, "
        f"plays first: {names[s.turn]}. Play then goes clockwise.")


# -- captures --------------------------------------------------------------------------------
def _capture_question(gid: str, rng: Rng, rules: CasinoRules, rule_ids: list[str],
                      play_ace: bool = False) -> Question:
    pool = _numerals(rules.royal)
    while True:
        cards = rng.sample(pool, 7 + rng.below(3))
        if play_ace:
            aces = [c for c in DECK if c.rank is Rank.ACE and c not in cards]
            card = rng.choice(aces)
            loose = _sorted(cards[:rng.between(4, 7)])
        else:
            card, loose = cards[0], _sorted(cards[1:rng.between(5, 8)])
        s = _position(rules, (card,), loose)
        best = casino.largest_captures(s, card)
        if best and (len(best) > 1 or len(best[0].loose) > 1):
            break
    accepted = [frozenset(loose.index(c) for c in m.loose) for m in best]
    ways = " or ".join("+".join(str(c) for c in m.loose) for m in best)
    why = casino.explain(s, best[0])
    return pick_cards(
        gid, 0,
        f"You play {card}. Capture as much as you can: pick the table cards it takes, so that "
        "no other table card could be added.", rule_ids, _rows(s), accepted,
        f"It can take {ways}. {why}", pick_row=0)


@generator("casino.capture.numeral.pick", ["casino.capture.numeral"], Kind.PICK_CARDS,
           "Which cards can this card capture?", PROFILE)
def capture_numeral_pick(rng: Rng, p: Profile) -> Question:
    """Pick the largest capture a numeral makes from the table (sets of its value)."""
    return _capture_question("casino.capture.numeral.pick", rng, _rules(p),
                             ["casino.capture.numeral"])


@generator("casino.capture.face.pick", ["casino.capture.face"], Kind.PICK_CARDS,
           "Which card does this face card take?", PROFILE)
def capture_face_pick(rng: Rng, p: Profile) -> Question:
    """Pick the one table card of its rank that a face card captures (base game)."""
    rules = _rules(p).replace(royal=False)
    rank = rng.choice((Rank.JACK, Rank.QUEEN, Rank.KING))
    same = [c for c in DECK if c.rank is rank]
    picked = rng.sample(same, 1 + rng.below(3))
    card = next(c for c in same if c not in picked)
    others = rng.sample([c for c in DECK if c.rank is not rank], rng.between(2, 4))
    loose = _sorted((*picked[1:], *others, picked[0]))
    s = _position(rules, (card,), loose)
    caps = casino.captures_with(s, card)
    accepted = [frozenset(loose.index(c) for c in m.loose) for m in caps]
    return pick_cards(
        "casino.capture.face.pick", 0,
        f"You play {card}. Pick the table cards it captures (one capture).",
        ["casino.capture.face"], _rows(s), accepted,
        casino.explain(s, caps[0]) + (f" Any one of the {len(caps)} {rank.plural} will do."
                                      if len(caps) > 1 else ""))


# -- builds ----------------------------------------------------------------------------------
@generator("casino.build.announce", ["casino.build", "casino.build.multiple"],
           Kind.MULTIPLE_CHOICE, "Is this build legal, and what must be announced?", PROFILE)
def build_announce(rng: Rng, p: Profile) -> Question:
    """Which build, if any, a card makes with table cards, and the value to announce."""
    rules = _rules(p)
    pool = _numerals(rules.royal)
    while True:
        cards = rng.sample(pool, 7)
        card, loose = cards[0], _sorted(cards[3:3 + rng.between(2, 4)])
        chosen = _sorted(rng.sample(loose, 1 if rng.below(3) else 2))
        total = sum(casino.card_values(c, rules)[0] for c in (card, *chosen))
        if total > rules.max_value and rng.below(4):
            continue
        second = cards[1]
        if rng.below(3) and total <= rules.max_value:  # usually hold the card of the sum
            fits = [c for c in pool if c not in cards and total in casino.card_values(c, rules)]
            if fits:
                second = rng.choice(fits)
        hand = _sorted((card, second, cards[2]))
        s = _position(rules, hand, loose)
        ok = [v for v in range(1, rules.max_value + 1)
              if casino.can_build(s, Build(card, v, chosen))]
        if len(ok) <= 1:
            break
    total = sum(casino.card_values(c, rules)[0] for c in (card, *chosen))
    held = {x.rank.pips for x in hand if x != card and x.rank.pips <= rules.max_value}
    others = sorted(({total} | held) - set(ok) - {0})
    others = [v for v in others if v <= rules.max_value]
    opts = sorted({*ok, *others[:4 - len(ok)]})
    none = "Not legal: no announcement makes it a build"
    choices = [*rng.shuffled([f"Legal: announce \"building {v}\"" for v in opts]), none]
    if ok:
        answer = f"Legal: announce \"building {ok[0]}\""
        why = casino.explain(s, Build(card, ok[0], chosen))
    elif total <= rules.max_value:
        answer = none
        why = casino.explain(s, Build(card, total, chosen))
    else:
        answer = none
        why = (f"{cards_text((card, *chosen))} add up to {total}, and no card captures more "
               f"than {rules.max_value}: no build can be announced.")
    return choice_question(
        "casino.build.announce", 0,
        f"You hold {cards_text(hand)}. You want to play {card} onto {cards_text(chosen)} to "
        "make a build. Is it legal, and what must you announce?",
        ["casino.build", "casino.build.multiple"], choices, answer, why, _rows(s))


def _random_build(rng: Rng, rules: CasinoRules, avoid: Sequence[Card], multiple: bool
                  ) -> tuple[int, tuple[tuple[Card, ...], ...]] | None:
    pool = [c for c in _numerals(rules.royal) if c not in avoid and c.rank.pips <= 10]
    a, b = rng.sample(pool, 2)
    v = a.rank.pips + b.rank.pips
    if v > rules.max_value:
        return None
    if not multiple:
        return v, ((a, b),)
    third = [c for c in pool if c not in (a, b) and c.rank.pips == v]
    if not third:
        return None
    return v, ((a, b), (rng.choice(third),))


@generator("casino.build.capture.take", ["casino.build.capture"], Kind.YES_NO,
           "May this card take the build?", PROFILE)
def build_capture_take(rng: Rng, p: Profile) -> Question:
    """Whether a card may take a build: only whole, and only by its announced value."""
    rules = _rules(p)
    while True:
        b = _random_build(rng, rules, (), rng.below(2) == 1)
        if b is None:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in _numerals(rules.royal) if c not in used]
        same = [c for c in pool if c.rank.pips == v]
        card = rng.choice(same) if same and rng.below(2) else rng.choice(pool)
        loose = _sorted([c for c in rng.sample(pool, 3) if c != card])
        s = _position(rules, (card,), loose, [(v, parts, 1)])
        move = Capture(card, (), build=v)
        break
    ok = casino.can_capture(s, move)
    return yes_no(
        "casino.build.capture.take", 0,
        f"South's build of {v} is on the table. May you play {card} to take the whole build?",
        ["casino.build.capture"], ok, casino.explain(s, move), _rows(s))


@generator("casino.build.add.may", ["casino.build.add"], Kind.YES_NO,
           "May you add to this build?", PROFILE)
def build_add_may(rng: Rng, p: Profile) -> Question:
    """Whether a card (with loose cards) may be added to a build of its value."""
    rules = _rules(p)
    while True:
        b = _random_build(rng, rules, (), rng.below(2) == 1)
        if b is None:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in _numerals(rules.royal) if c not in used and c.rank.pips <= v]
        if len(pool) < 5:
            continue
        card = rng.choice(pool)
        loose_pool = [c for c in pool if c != card]
        need = v - card.rank.pips
        fits = [c for c in loose_pool if c.rank.pips == need]
        extra = [rng.choice(fits)] if fits and need and rng.below(4) else []
        if not extra and need and rng.below(2):
            extra = [rng.choice(loose_pool)]
        rest = [c for c in _numerals(rules.royal) if c not in used and c != card
                and c not in extra]
        keep = [c for c in rest if c.rank.pips == v]
        other = rng.choice(keep) if keep and rng.below(4) else rng.choice(rest)
        loose = _sorted({*extra, *rng.sample([c for c in rest if c != other], 2)})
        s = _position(rules, _sorted((card, other)), loose, [(v, parts, 1)])
        move = Build(card, v, tuple(extra))
        break
    ok = casino.can_build(s, move)
    with_ = f" together with {cards_text(tuple(extra))}" if extra else " on its own"
    return yes_no(
        "casino.build.add.may", 0,
        f"South's build of {v} is on the table. May you add {card}{with_} to it, keeping the "
        f"announcement \"building {v}\"?", ["casino.build.add"], ok,
        casino.explain(s, move), _rows(s))


@generator("casino.build.increase.may", ["casino.build.increase"], Kind.YES_NO,
           "May you increase this build?", PROFILE)
def build_increase_may(rng: Rng, p: Profile) -> Question:
    """Whether a card may increase a single build to a new value the player holds."""
    rules = _rules(p)
    while True:
        multiple = rng.below(4) == 0
        b = _random_build(rng, rules, (), multiple)
        if b is None or b[0] >= rules.max_value:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in _numerals(rules.royal) if c not in used]
        card = rng.choice([c for c in pool if c.rank.pips <= 10])
        nv = v + card.rank.pips
        rest = [c for c in pool if c != card]
        keep = [c for c in rest if c.rank.pips == nv]
        other = rng.choice(keep) if keep and rng.below(4) else rng.choice(rest)
        rest = [c for c in rest if c != other]
        same = [c for c in rest if c.rank.pips == nv]
        join = [rng.choice(same)] if same and rng.below(3) == 0 else (
            [rng.choice(rest)] if rng.below(5) == 0 else [])
        loose = _sorted({*join, *rng.sample([c for c in rest if c not in join], 2)})
        s = _position(rules, _sorted((card, other)), loose, [(v, parts, 1)])
        move = Increase(card, v, nv, tuple(join))
        break
    ok = casino.can_increase(s, move)
    taking = f", taking in {cards_text(tuple(join))}" if join else ""
    return yes_no(
        "casino.build.increase.may", 0,
        f"South's build of {v} is on the table. May you play {card} onto it and announce "
        f"\"building {nv}\"{taking}?", ["casino.build.increase"], ok,
        casino.explain(s, move), _rows(s))


# -- owner's duties and trailing ---------------------------------------------------------------
@generator("casino.trail.may", ["casino.trail", "casino.build.owner"], Kind.YES_NO,
           "May you trail here?", PROFILE)
def trail_may(rng: Rng, p: Profile) -> Question:
    """Whether the player may trail this card, given the builds they own."""
    rules = _rules(p)
    while True:
        owner = rng.choice((0, 0, 1))
        b = _random_build(rng, rules, (), rng.below(3) == 0)
        if b is None:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in _numerals(rules.royal) if c not in used]
        keep = [c for c in pool if c.rank.pips == v]
        if not keep:
            continue
        holder = rng.choice(keep)
        rest = [c for c in pool if c != holder]
        hand = _sorted((holder, *rng.sample(rest, 2)))
        card = holder if rng.below(4) == 0 else rng.choice(hand)
        loose = _sorted(rng.sample([c for c in rest if c not in hand], 3))
        builds = [(v, parts, owner)] if rng.below(5) else []
        s = _position(rules, hand, loose, builds)
        break
    move = Trail(card)
    ok = casino.can_trail(s, move)
    whose = ("" if not builds else " You made the build on the table." if owner == 0
             else " South made the build on the table.")
    return yes_no(
        "casino.trail.may", 0, f"It is your turn.{whose} May you trail {card}?",
        ["casino.trail", "casino.build.owner"], ok, casino.explain(s, move), _rows(s))


@generator("casino.build.owner.play", ["casino.build.owner"], Kind.YES_NO,
           "Does this play keep the owner's duties?", PROFILE)
def owner_play(rng: Rng, p: Profile) -> Question:
    """Whether a play leaves a build's owner holding a card that captures it."""
    rules = _rules(p)
    while True:
        b = _random_build(rng, rules, (), False)
        if b is None:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in _numerals(rules.royal) if c not in used]
        keep = [c for c in pool if c.rank.pips == v]
        if len(keep) < 2:
            continue
        holder = keep[0]
        second = keep[1] if rng.below(3) == 0 else rng.choice([c for c in pool if c not in keep])
        loose = _sorted([keep[-1], *rng.sample([c for c in pool if c not in keep and c !=
                                                 second], 2)])
        s = _position(rules, _sorted((holder, second)), loose, [(v, parts, 0)])
        move = Capture(holder, (keep[-1],))
        break
    ok = casino.can_capture(s, move)
    return yes_no(
        "casino.build.owner.play", 0,
        f"You own the build of {v}. May you play {holder} to capture the loose {keep[-1]} "
        "and leave your build on the table?", ["casino.build.owner"], ok,
        casino.explain(s, move), _rows(s))


# -- residue, scoring, game ---------------------------------------------------------------------
@generator("casino.residue.who", ["casino.residue"], Kind.MULTIPLE_CHOICE,
           "Who takes the cards left at the end?", PROFILE)
def residue_who(rng: Rng, p: Profile) -> Question:
    """Who takes the cards left on the table at the end of the round."""
    rules = _rules(p)
    n = rng.choice((2, 3))
    while True:
        s = casino.new_game(rules, seed=rng.below(10**6), players=n)
        s = casino.play_randomly(s, rng.fork("play"), rounds=1)
        plays = [e for e in s.log if e.move is not None and e.seat is not None]
        residue = [e for e in s.log if e.rule_id == "casino.residue"]
        if residue:
            break
    taker = residue[-1].seat
    assert taker is not None
    last = max(i for i, e in enumerate(plays) if isinstance(e.move, Capture))
    cap = plays[last]
    assert cap.seat is not None and cap.move is not None
    after = "; ".join(f"{s.names[e.seat]} plays {casino.describe(e.move)}"
                      for e in plays[last + 1:] if e.seat is not None and e.move is not None)
    prompt = (f"The last deal of a round. The last capture is {s.names[cap.seat]}'s: "
              f"{casino.describe(cap.move)}. After it: {after or 'no more plays'}. Who takes "
              "the cards left on the table?")
    choices = (*s.names, "Nobody: they are not scored")
    return choice_question("casino.residue.who", 0, prompt, ["casino.residue"], choices,
                           s.names[taker], residue[-1].text)


@generator("casino.score.round", ["casino.score"], Kind.NUMERIC, "Score this round", PROFILE)
def score_round_q(rng: Rng, p: Profile) -> Question:
    """The points a side scores from its captured cards in a round."""
    rules = _rules(p).replace(sweeps=False, royal=False)
    deck = list(rng.shuffled(DECK))
    k = rng.between(20, 32)
    north, south = _sorted(deck[:k]), _sorted(deck[k:])
    sc = casino.score_piles([north, south], rules)
    items = sc.by_item()
    parts = [f"{item} {pts[0]}" for item, pts in items.items() if pts[0]]
    return numeric(
        "casino.score.round", 0,
        "The round is over. How many points does North score? (South has the other cards.)",
        ["casino.score"], sc.points[0], None,
        f"North has {sc.cards[0]} cards to {sc.cards[1]} and {sc.spades[0]} spades to "
        f"{sc.spades[1]}. North scores " + (", ".join(parts) or "nothing") + f": "
        f"{sc.points[0]}. South scores {sc.points[1]}.",
        rows=[CardRow("North's cards", north), CardRow("South's cards", south)],
        unit="points")


@generator("casino.game.winner", ["casino.game"], Kind.MULTIPLE_CHOICE,
           "Who wins the game?", PROFILE)
def game_winner(rng: Rng, p: Profile) -> Question:
    """Who wins the game when one or both sides reach the target."""
    rules = _rules(p)
    deck = list(rng.shuffled(DECK))
    k = rng.between(22, 30)
    sc = casino.score_piles([deck[:k], deck[k:]], rules)
    target = rules.target
    before = (rng.between(target - 11, target - 1), rng.between(target - 11, target - 1))
    if rng.below(3) == 0:  # aim for a tie
        before = (before[0], before[0] + sc.points[0] - sc.points[1])
    before = (max(0, before[0]), max(0, before[1]))
    winner, why = casino.game_result(rules, before, sc)
    names = sc.sides
    choices = (*names, "Nobody yet: another round is played")
    answer = names[winner] if winner is not None else choices[-1]
    return choice_question(
        "casino.game.winner", 0,
        f"The game is to {target}. Before this round {names[0]} had {before[0]} and "
        f"{names[1]} {before[1]}. This round {names[0]} scores {sc.points[0]} and {names[1]} "
        f"{sc.points[1]}. What happens?", ["casino.game"], choices, answer,
        why or f"Nobody has {target} yet: another round is played.")


@generator("casino.partners.cards", ["casino.partners", "casino.score"], Kind.MULTIPLE_CHOICE,
           "Which partnership scores for most cards?", PROFILE)
def partners_cards(rng: Rng, p: Profile) -> Question:
    """Which partnership scores for most cards, partners pooling their piles."""
    rules = _rules(p)
    deck = list(rng.shuffled(DECK))
    cuts = sorted(rng.sample(range(6, 47), 3))
    piles = [deck[:cuts[0]], deck[cuts[0]:cuts[1]], deck[cuts[1]:cuts[2]], deck[cuts[2]:]]
    if rng.below(3) == 0:  # North-South 26, East-West 26
        piles = [deck[:13], deck[13:39], deck[39:52], []]
    seats = casino.seat_names(4)
    sides = casino.side_names(4)
    pooled = [[*piles[0], *piles[2]], [*piles[1], *piles[3]]]
    sc = casino.score_piles(pooled, rules, sides=sides)
    winner = [i for i, pts in enumerate(sc.by_item()["most cards"]) if pts]
    choices = (*sides, "Nobody: it is a tie")
    answer = sides[winner[0]] if winner else choices[-1]
    counts = ", ".join(f"{seats[i]} {len(piles[i])}" for i in range(4))
    return choice_question(
        "casino.partners.cards", 0,
        f"Four players, North and South against East and West. The cards captured: {counts}. "
        "Which side scores 3 points for most cards?", ["casino.partners", "casino.score"],
        choices, answer,
        f"Partners pool their cards: North-South {sc.cards[0]}, East-West {sc.cards[1]}. "
        + (f"{answer} has more." if winner else "A tie scores nothing."))


# -- Royal Casino -------------------------------------------------------------------------------
@generator("casino.royal.ace-pick", ["casino.royal", "casino.capture.numeral"],
           Kind.PICK_CARDS, "Royal Casino: what does the ace take?", ROYAL)
def royal_ace_pick(rng: Rng, p: Profile) -> Question:
    """Pick the largest capture of an ace in Royal Casino (1, or 14 on its own)."""
    rules = _rules(p)
    if not rules.royal:
        rules = rules.replace(royal=True)
    return _capture_question("casino.royal.ace-pick", rng, rules,
                             ["casino.royal", "casino.capture.numeral"], play_ace=True)


@generator("casino.royal.court-pick", ["casino.royal"], Kind.PICK_CARDS,
           "Royal Casino: what does the court card take?", ROYAL)
def royal_court_pick(rng: Rng, p: Profile) -> Question:
    """Pick the largest capture of a court card in Royal Casino (J 11, Q 12, K 13)."""
    rules = _rules(p)
    if not rules.royal:
        rules = rules.replace(royal=True)
    while True:
        court = rng.choice([c for c in DECK if c.rank.is_face])
        loose = _sorted(rng.sample([c for c in DECK if c != court], rng.between(4, 7)))
        s = _position(rules, (court,), loose)
        best = casino.largest_captures(s, court)
        if best and len(best[0].loose) > 1:
            break
    accepted = [frozenset(loose.index(c) for c in m.loose) for m in best]
    return pick_cards(
        "casino.royal.court-pick", 0,
        f"Royal Casino. You play {court} (worth {court.rank.pips}). Capture as much as you "
        "can: pick the table cards it takes.", ["casino.royal"], _rows(s), accepted,
        casino.explain(s, best[0]))


@generator("casino.sweep.is", ["casino.sweep"], Kind.YES_NO, "Is this capture a sweep?", ROYAL)
def sweep_is(rng: Rng, p: Profile) -> Question:
    """Whether a capture is a sweep: it leaves the table empty (not the residue)."""
    rules = _rules(p)
    if not rules.sweeps:
        rules = rules.replace(sweeps=True)
    want = rng.below(2) == 0
    while True:
        cards = rng.sample(_numerals(rules.royal), rng.between(3, 5))
        card, loose = cards[0], _sorted(cards[1:])
        s = _position(rules, (card,), loose)
        caps = casino.captures_with(s, card)
        full = [m for m in caps if len(m.loose) == len(loose)]
        if want and full:
            move = full[0]
            break
        part = [m for m in caps if len(m.loose) < len(loose)]
        if not want and part:
            move = part[rng.below(len(part))]
            break
    after = casino.apply(s, move)
    sweep = bool(after.sweeps[0])
    return yes_no(
        "casino.sweep.is", 0,
        f"Sweeps score. You play {card} and take {cards_text(move.loose)}. Is it a sweep?",
        ["casino.sweep"], sweep,
        (casino.explain(s, move) + " " + (
            "The table is now empty: a sweep, scored 1, and the capturing card is kept face "
            "up." if sweep else f"{cards_text(after.loose)} stay on the table: no sweep.")),
        _rows(s))


@generator("casino.royal.count-out.who", ["casino.royal.count-out"], Kind.MULTIPLE_CHOICE,
           "Royal Casino: who counts out first?", ROYAL)
def count_out_who(rng: Rng, p: Profile) -> Question:
    """Who counts out first in Royal Casino when both sides could pass 21."""
    rules = _rules(p)
    if not rules.count_out:
        rules = rules.replace(count_out=True)
    while True:
        deck = list(rng.shuffled(DECK))
        k = rng.between(20, 32)
        sc = casino.score_piles([deck[:k], deck[k:]], rules, sweeps=[rng.below(3),
                                                                      rng.below(3)])
        before = (rng.between(12, 20), rng.between(12, 20))
        totals = [b + q for b, q in zip(before, sc.points, strict=True)]
        if min(totals) >= 21:
            break
    winner, why = casino.game_result(rules, before, sc)
    assert winner is not None
    listed = "; ".join(f"{a.item}: {sc.sides[a.side]}" for a in sc.awards)
    return choice_question(
        "casino.royal.count-out.who", 0,
        f"Royal Casino to 21. Before this round North had {before[0]} and South {before[1]}; "
        f"both pass 21 now. The points of the round: {listed}. Who wins?",
        ["casino.royal.count-out"], sc.sides, sc.sides[winner],
        f"{why} The order is most cards, most spades, big casino, little casino, the aces "
        "(spades, clubs, hearts, diamonds), then sweeps.")
