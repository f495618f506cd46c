"""Casino and Royal Casino quiz generators: captures, sets, builds, adding, increasing, the
owner's duties, trailing, the residue, scoring, the game, partnerships, Royal Casino,
sweeps and the count-out.  Every answer comes from the engine, and every explanation from
the engine's reason for the case (:mod:`cardrules.casino.working`); each question follows
the table's rules (its profile): Royal Casino's values, sweeps, the owner's trail, the
target and the count-out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules import casino
from cardrules.cards import Card, Rank, cards_text, standard_deck
from cardrules.casino import Build, Capture, CasinoRules, Trail
from cardrules.profiles import Profile
from cardrules.reasons import CountOut, Reason, Step
from cardrules.rng import Rng
from quizzes.generators.casino_cases import (
    NOT_INCREASED,
    OWNER_SHAPES,
    announce_steps,
    card_rows,
    increase_case,
    multiple_case,
    numerals,
    owner_case,
    position_of,
    random_build,
    refusal,
    sorted_cards,
    table_after,
)
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


def _rank_text(cards: Sequence[Card], positions: Iterable[int]) -> tuple[Card, ...]:
    return tuple(cards[i] for i in sorted(positions))


def _royal_rules(p: Profile) -> CasinoRules:
    """The profile's rules with Royal Casino's values (a Royal Casino question asks about
    them at any table, and says so)."""
    rules = _rules(p)
    return rules if rules.royal else rules.replace(royal=True)


_HOUSE_TRAIL = " House rule at this table: a build's owner may trail."


def _house(rules: CasinoRules) -> str:
    """What the prompt says of the table's owner's rule, where it is a house rule."""
    return _HOUSE_TRAIL if rules.owner_may_trail else ""


# -- the deal and turns -------------------------------------------------------------------
@generator("casino.deal.count", ["casino.deal"], Kind.NUMERIC,
           "How many deals in a round?", PROFILE)
def deal_count(rng: Rng, p: Profile) -> Question:
    """How many deals make a round of Casino with 2, 3 or 4 players."""
    n = rng.choice((2, 3, 4))
    why = casino.deals_reason(n)
    return numeric(
        "casino.deal.count", 0,
        f"Casino with {n} players: 4 cards to each player and 4 to the table, then 4 more "
        "each, with none to the table, until the pack is used. How many deals make a round, "
        "counting the first?", ["casino.deal"], why.deals, None,
        Reason("casino.deal", (why,)), unit="deals")


@generator("casino.turn.first", ["casino.turn", "casino.deal"], Kind.MULTIPLE_CHOICE,
           "Who plays first?", PROFILE)
def turn_first(rng: Rng, p: Profile) -> Question:
    """Who plays the first card: the player on the dealer's left."""
    n = rng.choice((2, 3, 4))
    dealer = rng.below(n)
    s = casino.new_game(_rules(p), seed=rng.below(10**6), players=n, dealer=dealer)
    names = s.names
    why = casino.first_player_reason(names, dealer)
    assert why.next == names[s.turn]
    return choice_question(
        "casino.turn.first", 0,
        f"{n} players sit clockwise: {', '.join(names)}. {names[dealer]} deals. Who plays the "
        "first card?", ["casino.turn", "casino.deal"], names, names[s.turn],
        Reason("casino.turn", (why,)))


# -- captures --------------------------------------------------------------------------------
def _largest_question(gid: str, rules: CasinoRules, rule_ids: list[str], card: Card,
                      loose: tuple[Card, ...], prompt: str) -> Question:
    s = position_of(rules, (card,), loose)
    best = casino.largest_captures(s, card)
    accepted = [frozenset(loose.index(c) for c in m.loose) for m in best]
    others = [_rank_text(loose, a) for a in accepted[1:]]
    why = casino.capture_reason(s, best[0], largest=True, others=others)
    return pick_cards(gid, 0, prompt, rule_ids, card_rows(s), accepted,
                      Reason(rule_ids[0], (why,)), pick_row=0)


_LARGEST = ("Capture as much as you can: pick the table cards it takes, so that no other "
            "table card could be added.")


def _capture_question(gid: str, rng: Rng, rules: CasinoRules, rule_ids: list[str],
                      play_ace: bool = False) -> Question:
    pool = numerals(rules.royal)
    while True:
        cards = rng.sample(pool, 7 + rng.below(3))
        if play_ace:
            aces = [c for c in DECK if c.rank is Rank.ACE and c not in cards]
            if not aces:
                continue
            card = rng.choice(aces)
            loose = sorted_cards(cards[:rng.between(4, 7)])
        else:
            card, loose = cards[0], sorted_cards(cards[1:rng.between(5, 8)])
        s = position_of(rules, (card,), loose)
        best = casino.largest_captures(s, card)
        if best and (len(best) > 1 or len(best[0].loose) > 1):
            break
    royal = "Royal Casino. " if play_ace else ""
    return _largest_question(gid, rules, rule_ids, card, loose,
                             f"{royal}You play {card}. {_LARGEST}")


@generator("casino.capture.numeral.pick", ["casino.capture.numeral"], Kind.PICK_CARDS,
           "Which cards can this card capture?", PROFILE)
def capture_numeral_pick(rng: Rng, p: Profile) -> Question:
    """Pick the largest capture a numeral makes from the table (sets of its value)."""
    return _capture_question("casino.capture.numeral.pick", rng, _rules(p),
                             ["casino.capture.numeral"])


@generator("casino.capture.face.pick", ["casino.capture.face"], Kind.PICK_CARDS,
           "Which card does this face card take?", PROFILE)
def capture_face_pick(rng: Rng, p: Profile) -> Question:
    """Pick the one table card of its rank that a face card captures (base game).  At a
    Royal Casino table the courts have values: the question is then the court's largest
    capture."""
    rules = _rules(p)
    if rules.royal:
        return _court_question("casino.capture.face.pick", rng, rules,
                               ["casino.royal", "casino.capture.face"])
    rank = rng.choice((Rank.JACK, Rank.QUEEN, Rank.KING))
    same = [c for c in DECK if c.rank is rank]
    picked = rng.sample(same, 1 + rng.below(3))
    card = next(c for c in same if c not in picked)
    others = rng.sample([c for c in DECK if c.rank is not rank], rng.between(2, 4))
    loose = sorted_cards((*picked[1:], *others, picked[0]))
    s = position_of(rules, (card,), loose)
    caps = casino.captures_with(s, card)
    accepted = [frozenset(loose.index(c) for c in m.loose) for m in caps]
    why = casino.capture_reason(s, caps[0], others=[m.loose for m in caps[1:]])
    return pick_cards(
        "casino.capture.face.pick", 0,
        f"You play {card}. Pick the table cards it captures (one capture).",
        ["casino.capture.face"], card_rows(s), accepted, Reason("casino.capture.face", (why,)))


# -- builds ----------------------------------------------------------------------------------


@generator("casino.build.announce", ["casino.build", "casino.build.multiple"],
           Kind.MULTIPLE_CHOICE, "Is this build legal, and what must be announced?", PROFILE)
def build_announce(rng: Rng, p: Profile) -> Question:
    """Which build, if any, a card makes with table cards, and the value to announce."""
    rules = _rules(p)
    pool = numerals(rules.royal)
    while True:
        if rng.below(4) == 0:  # a card played on sets of its own value: a multiple build
            case = multiple_case(rng, rules)
            if case is None:
                continue
            card, loose, chosen, hand = case
            total = sum(casino.card_values(c, rules)[0] for c in (card, *chosen))
        else:
            cards = rng.sample(pool, 7)
            card, loose = cards[0], sorted_cards(cards[3:3 + rng.between(2, 4)])
            chosen = sorted_cards(rng.sample(loose, 1 if rng.below(3) else 2))
            total = sum(casino.card_values(c, rules)[0] for c in (card, *chosen))
            if total > rules.max_value and rng.below(4):
                continue
            second = cards[1]
            if rng.below(3) and total <= rules.max_value:  # usually hold the card of the sum
                fits = [c for c in pool if c not in cards and total in casino.card_values(c, rules)]
                if fits:
                    second = rng.choice(fits)
            hand = sorted_cards((card, second, cards[2]))
        s = position_of(rules, hand, loose)
        ok = [v for v in range(1, rules.max_value + 1)
              if casino.can_build(s, Build(card, v, chosen))]
        if len(ok) <= 1:
            break
    steps, works = announce_steps(s, card, chosen)
    assert works == ok, (works, ok)
    held = {v for x in hand if x != card for v in casino.card_values(x, rules)}
    others = sorted(({total} | held) - set(ok) - {0})
    others = [v for v in others if v <= rules.max_value]
    opts = sorted({*ok, *others[:4 - len(ok)]})
    none = "Not legal: no announcement makes it a build"
    choices = [*rng.shuffled([f"Legal: announce \"building {v}\"" for v in opts]), none]
    answer = f"Legal: announce \"building {ok[0]}\"" if ok else none
    asks = ["casino.build.multiple", "casino.build"] if ok and ok[0] != total else [
        "casino.build", "casino.build.multiple"]
    return choice_question(
        "casino.build.announce", 0,
        f"You hold {cards_text(hand)}. You want to play {card} onto {cards_text(chosen)} to "
        "make a build. Is it legal, and what must you announce?",
        asks, choices, answer, Reason(asks[0], tuple(steps)), card_rows(s))


@generator("casino.build.capture.take", ["casino.build.capture"], Kind.YES_NO,
           "May this card take the build?", PROFILE)
def build_capture_take(rng: Rng, p: Profile) -> Question:
    """Whether a card may take a build: only whole, and only by its announced value."""
    rules = _rules(p)
    while True:
        b = random_build(rng, rules, (), rng.below(2) == 1)
        if b is None:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in numerals(rules.royal) if c not in used]
        same = [c for c in pool if v in casino.card_values(c, rules)]
        card = rng.choice(same) if same and rng.below(2) else rng.choice(pool)
        loose = sorted_cards([c for c in rng.sample(pool, 3) if c != card])
        s = position_of(rules, (card,), loose, [(v, parts, 1)])
        break
    why = casino.build_capture_reason(s, card, v)
    return yes_no(
        "casino.build.capture.take", 0,
        f"South's build of {v} is on the table. May you play {card} to take the whole build?",
        ["casino.build.capture"], why.holds, Reason("casino.build.capture", (why,)), card_rows(s))


@generator("casino.build.add.may", ["casino.build.add"], Kind.YES_NO,
           "May you add to this build?", PROFILE)
def build_add_may(rng: Rng, p: Profile) -> Question:
    """Whether a card (with loose cards) may be added to a build of its value."""
    rules = _rules(p)
    while True:
        b = random_build(rng, rules, (), rng.below(2) == 1)
        if b is None:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in numerals(rules.royal) if c not in used and c.rank.pips <= v]
        if len(pool) < 5:
            continue
        card = rng.choice(pool)
        loose_pool = [c for c in pool if c != card]
        need = v - card.rank.pips
        fits = [c for c in loose_pool if c.rank.pips == need]
        extra = [rng.choice(fits)] if fits and need and rng.below(4) else []
        if not extra and need and rng.below(2):
            extra = [rng.choice(loose_pool)]
        rest = [c for c in numerals(rules.royal) if c not in used and c != card
                and c not in extra]
        keep = [c for c in rest if c.rank.pips == v]
        other = rng.choice(keep) if keep and rng.below(4) else rng.choice(rest)
        loose = sorted_cards({*extra, *rng.sample([c for c in rest if c != other], 2)})
        s = position_of(rules, sorted_cards((card, other)), loose, [(v, parts, 1)])
        move = Build(card, v, tuple(extra))
        break
    ok = casino.can_build(s, move)
    what = "them" if extra else "it"
    makes = casino.makes_reason((card, *extra), v, rules, "you", "", f"may not add {what}",
                                cap=False, to_build=True)
    steps: list[Step] = [makes]
    if makes.holds:
        steps.append(casino.keeps_reason(s, card, (v,), "you", f"may add {what}",
                                         f"may not add {what}"))
    assert steps[-1].holds == ok  # type: ignore[union-attr]
    with_ = f" together with {cards_text(tuple(extra))}" if extra else " on its own"
    return yes_no(
        "casino.build.add.may", 0,
        f"South's build of {v} is on the table. May you add {card}{with_} to it, keeping the "
        f"announcement \"building {v}\"?", ["casino.build.add"], ok,
        Reason("casino.build.add", tuple(steps)), card_rows(s))


@generator("casino.build.increase.may", ["casino.build.increase"], Kind.YES_NO,
           "May you increase this build?", PROFILE)
def build_increase_may(rng: Rng, p: Profile) -> Question:
    """Whether a card may increase a single build to a new value the player holds.  Half
    the questions may."""
    rules = _rules(p)
    want = rng.below(2) == 0
    why = "" if want else rng.choice(NOT_INCREASED)
    while True:
        case = increase_case(rng, rules)
        if case is None or casino.can_increase(case[0], case[1]) != want:
            continue
        raises = casino.raise_reason(case[0], case[1])
        if want or refusal(raises) == why:
            break
    s, move, v = case
    steps: list[Step] = [raises]
    if raises.holds:
        steps.append(casino.keeps_reason(s, move.card, (move.value,), "you",
                                         "may increase it", "may not increase it"))
    taking = f", taking in {cards_text(move.loose)}" if move.loose else ""
    return yes_no(
        "casino.build.increase.may", 0,
        f"South's build of {v} is on the table. May you play {move.card} onto it and announce "
        f"\"building {move.value}\"{taking}?", ["casino.build.increase"], want,
        Reason("casino.build.increase", tuple(steps)), card_rows(s))


# -- owner's duties and trailing ---------------------------------------------------------------
@generator("casino.trail.may", ["casino.trail", "casino.build.owner"], Kind.YES_NO,
           "May you trail here?", PROFILE, variations={"casino.build.owner": "casino-owner-trails"})
def trail_may(rng: Rng, p: Profile) -> Question:
    """Whether the player may trail this card, given the builds they own and the table's
    rule on an owner's trail.  Half the questions may."""
    rules = _rules(p)
    want = rng.below(2) == 0
    while True:
        owner = rng.choice((0, 0, 1))
        b = random_build(rng, rules, (), rng.below(3) == 0)
        if b is None:
            continue
        v, parts = b
        used = [c for part in parts for c in part]
        pool = [c for c in numerals(rules.royal) if c not in used]
        keep = [c for c in pool if c.rank.pips == v]
        if not keep:
            continue
        holder = rng.choice(keep)
        rest = [c for c in pool if c != holder]
        hand = sorted_cards((holder, *rng.sample(rest, 2)))
        card = holder if rng.below(3) == 0 else rng.choice(hand)
        loose = sorted_cards(rng.sample([c for c in rest if c not in hand], 3))
        builds = [(v, parts, owner)] if rng.below(5) else []
        s = position_of(rules, hand, loose, builds)
        if casino.can_trail(s, Trail(card)) == want:
            break
    whose = ("" if not builds else " You made the build on the table." if owner == 0
             else " South made the build on the table.")
    why = casino.trail_reason(s, card)
    asks = ["casino.build.owner", "casino.trail"] if builds and owner == 0 else [
        "casino.trail", "casino.build.owner"]
    return yes_no(
        "casino.trail.may", 0, f"It is your turn.{whose}{_house(rules)} May you trail {card}?",
        asks, want, Reason(asks[0], why), card_rows(s))


@generator("casino.build.owner.play", ["casino.build.owner"], Kind.YES_NO,
           "Does this play keep the owner's duties?", PROFILE,
           variations={"casino.build.owner": "casino-owner-trails"})
def owner_play(rng: Rng, p: Profile) -> Question:
    """Whether a play of a build's owner keeps the owner's duties: a capture, a trail or a
    new build, each leaving (or not) a card that captures the build.  Half the questions
    may."""
    rules = _rules(p)
    want = rng.below(2) == 0
    while True:
        case = owner_case(rng, rules, rng.choice(OWNER_SHAPES))
        if case is not None and case[3] == want:
            break
    s, play, steps, ok = case
    v = s.builds[0].value
    return yes_no(
        "casino.build.owner.play", 0,
        f"You own the build of {v}.{_house(rules)} May you {play}?", ["casino.build.owner"],
        ok, Reason("casino.build.owner", tuple(steps)), card_rows(s))


# -- residue, scoring, game ---------------------------------------------------------------------


@generator("casino.residue.who", ["casino.residue"], Kind.MULTIPLE_CHOICE,
           "Who takes the cards left at the end?", PROFILE)
def residue_who(rng: Rng, p: Profile) -> Question:
    """Who takes the cards left on the table at the end of the round."""
    rules = _rules(p)
    n = rng.choice((2, 3))
    while True:
        s = casino.new_game(rules, seed=rng.below(10**6), players=n)
        play = rng.fork("play")
        while s.phase is casino.Phase.PLAY:
            before, move = s, casino.random_action(s, play)
            s = casino.apply(s, move)
        left = table_after(before, move)
        plays = [e for e in s.log if e.move is not None and e.seat is not None]
        residue = [e for e in s.log if e.rule_id == "casino.residue"]
        if residue and left:
            break
    taker = residue[-1].seat
    assert taker is not None and set(left) <= set(s.piles[taker])
    last = max(i for i, e in enumerate(plays) if isinstance(e.move, Capture))
    cap = plays[last]
    assert cap.seat is not None and cap.move is not None
    after = "; ".join(f"{s.names[e.seat]} plays {casino.describe(e.move)}"
                      for e in plays[last + 1:] if e.seat is not None and e.move is not None)
    prompt = (f"The last deal of a round. The last capture is {s.names[cap.seat]}'s: "
              f"{casino.describe(cap.move)}. After it: {after or 'no more plays'}. Who takes "
              "the cards left on the table?")
    choices = (*s.names, "Nobody: they are not scored")
    why = casino.residue_reason(s.names[taker], s.names[cap.seat], sorted_cards(left))
    return choice_question("casino.residue.who", 0, prompt, ["casino.residue"], choices,
                           s.names[taker], Reason("casino.residue", (why,)),
                           [CardRow("Left on the table", sorted_cards(left))])


def _sweeps(rng: Rng, rules: CasinoRules, sides: Sequence[str]) -> tuple[list[int], str]:
    """Sweeps made in a round, where the table scores them, and the prompt's words."""
    if not rules.sweeps:
        return [0] * len(sides), ""
    made = [rng.below(3) for _ in sides]
    said = ", ".join(f"{side} {k}" for side, k in zip(sides, made, strict=True))
    return made, f" Sweeps score at this table; the sweeps made: {said}."


@generator("casino.score.round", ["casino.score", "casino.sweep"], Kind.NUMERIC,
           "Score this round", PROFILE, variations={"casino.sweep": "casino-sweeps"})
def score_round_q(rng: Rng, p: Profile) -> Question:
    """The points a side scores from its captured cards (and its sweeps, where the table
    scores them) in a round."""
    rules = _rules(p)
    deck = list(rng.shuffled(DECK))
    k = rng.between(20, 32)
    north, south = sorted_cards(deck[:k]), sorted_cards(deck[k:])
    made, said = _sweeps(rng, rules, ("North", "South"))
    sc = casino.score_piles([north, south], rules, sweeps=made)
    steps = (casino.most_reason(sc, "cards"), casino.most_reason(sc, "spades"),
             casino.tally_reason(sc, 0))
    asks = ["casino.score", "casino.sweep"] if rules.sweeps else ["casino.score"]
    return numeric(
        "casino.score.round", 0,
        f"The round is over. How many points does North score? (South has the other cards.)"
        f"{said}", asks, sc.points[0], None, Reason("casino.score", steps),
        rows=[CardRow("North's cards", north), CardRow("South's cards", south)],
        unit="points")


@generator("casino.game.winner", ["casino.game"], Kind.MULTIPLE_CHOICE,
           "Who wins the game?", PROFILE)
def game_winner(rng: Rng, p: Profile) -> Question:
    """Who wins the game when one or both sides reach the target (at a table that counts
    out, at most one side passes it: the count-out has its own question)."""
    rules = _rules(p)
    target = rules.target
    while True:
        deck = list(rng.shuffled(DECK))
        k = rng.between(22, 30)
        sc = casino.score_piles([deck[:k], deck[k:]], rules)
        before = (rng.between(target - 11, target - 1), rng.between(target - 11, target - 1))
        if rng.below(3) == 0:  # aim for a tie
            before = (before[0], before[0] + sc.points[0] - sc.points[1])
        before = (max(0, before[0]), max(0, before[1]))
        totals = [b + q for b, q in zip(before, sc.points, strict=True)]
        if not rules.count_out or sum(t >= target for t in totals) < 2:
            break
    why = casino.game_reason(rules, before, sc)
    names = sc.sides
    choices = (*names, "Nobody yet: another round is played")
    answer = why.winner if why.winner is not None else choices[-1]
    return choice_question(
        "casino.game.winner", 0,
        f"The game is to {target}. Before this round {names[0]} had {before[0]} and "
        f"{names[1]} {before[1]}. This round {names[0]} scores {sc.points[0]} and {names[1]} "
        f"{sc.points[1]}. What happens?", ["casino.game"], choices, answer,
        Reason("casino.game", (why,)))


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
    why = casino.most_reason(sc, "cards", [(len(piles[0]), len(piles[2])),
                                           (len(piles[1]), len(piles[3]))])
    choices = (*sides, "Nobody: it is a tie")
    answer = why.winner or choices[-1]
    counts = ", ".join(f"{seats[i]} {len(piles[i])}" for i in range(4))
    return choice_question(
        "casino.partners.cards", 0,
        f"Four players, North and South against East and West. The cards captured: {counts}. "
        "Which side scores 3 points for most cards?", ["casino.partners", "casino.score"],
        choices, answer, Reason("casino.partners", (why,)))


# -- Royal Casino -------------------------------------------------------------------------------
@generator("casino.royal.ace-pick", ["casino.royal", "casino.capture.numeral"],
           Kind.PICK_CARDS, "Royal Casino: what does the ace take?", ROYAL)
def royal_ace_pick(rng: Rng, p: Profile) -> Question:
    """Pick the largest capture of an ace in Royal Casino (1, or 14 on its own)."""
    return _capture_question("casino.royal.ace-pick", rng, _royal_rules(p),
                             ["casino.royal", "casino.capture.numeral"], play_ace=True)


def _court_question(gid: str, rng: Rng, rules: CasinoRules,
                    rule_ids: Sequence[str] = ("casino.royal",)) -> Question:
    while True:
        court = rng.choice([c for c in DECK if c.rank.is_face])
        loose = sorted_cards(rng.sample([c for c in DECK if c != court], rng.between(4, 7)))
        s = position_of(rules, (court,), loose)
        best = casino.largest_captures(s, court)
        if best and len(best[0].loose) > 1:
            break
    return _largest_question(
        gid, rules, list(rule_ids), court, loose,
        f"Royal Casino. You play {court} (worth {court.rank.pips}). Capture as much as you "
        "can: pick the table cards it takes.")


@generator("casino.royal.court-pick", ["casino.royal"], Kind.PICK_CARDS,
           "Royal Casino: what does the court card take?", ROYAL)
def royal_court_pick(rng: Rng, p: Profile) -> Question:
    """Pick the largest capture of a court card in Royal Casino (J 11, Q 12, K 13)."""
    return _court_question("casino.royal.court-pick", rng, _royal_rules(p))


@generator("casino.sweep.is", ["casino.sweep"], Kind.YES_NO, "Is this capture a sweep?", ROYAL)
def sweep_is(rng: Rng, p: Profile) -> Question:
    """Whether a capture is a sweep: it leaves the table empty (not the residue).  The
    table's rules say whether a sweep scores."""
    rules = _rules(p)
    want = rng.below(2) == 0
    while True:
        cards = rng.sample(numerals(rules.royal), rng.between(3, 5))
        card, loose = cards[0], sorted_cards(cards[1:])
        s = position_of(rules, (card,), loose)
        caps = casino.captures_with(s, card)
        full = [m for m in caps if len(m.loose) == len(loose)]
        if want and full:
            move = full[0]
            break
        part = [m for m in caps if len(m.loose) < len(loose)]
        if not want and part:
            move = part[rng.below(len(part))]
            break
    why = (casino.capture_reason(s, move), casino.sweep_reason(s, move))
    scores = "Sweeps score at this table." if rules.sweeps else (
        "Sweeps score nothing at this table, but a capture can still be one.")
    return yes_no(
        "casino.sweep.is", 0,
        f"{scores} You play {card} and take {cards_text(move.loose)}. Is it a sweep?",
        ["casino.sweep"], why[1].holds, Reason("casino.sweep", why), card_rows(s))


@generator("casino.royal.count-out.who", ["casino.royal.count-out"], Kind.MULTIPLE_CHOICE,
           "Royal Casino: who counts out first?", ROYAL)
def count_out_who(rng: Rng, p: Profile) -> Question:
    """Who counts out first when both sides pass the target in one round: at a table that
    counts out, by its rules; elsewhere, as Royal Casino counts out."""
    table = _rules(p)
    rules = table if table.count_out else table.replace(count_out=True)
    target = rules.target
    while True:
        deck = list(rng.shuffled(DECK))
        k = rng.between(20, 32)
        piles = [sorted_cards(deck[:k]), sorted_cards(deck[k:])]
        made, said = _sweeps(rng, rules, ("North", "South"))
        sc = casino.score_piles(piles, rules, sweeps=made)
        before = (rng.between(target - 9, target - 1), rng.between(target - 9, target - 1))
        totals = [b + q for b, q in zip(before, sc.points, strict=True)]
        if min(totals) >= target:
            break
    why = casino.game_reason(rules, before, sc, "count_out" if table.count_out else None)
    assert isinstance(why, CountOut) and why.winner is not None
    listed = "; ".join(f"{a.item}: {sc.sides[a.side]}" for a in sc.awards)
    where = "This table counts out." if table.count_out else (
        "Count out as Royal Casino does.")
    return choice_question(
        "casino.royal.count-out.who", 0,
        f"{where} The game is to {target}. Before this round North had {before[0]} and "
        f"South {before[1]}; both pass {target} now.{said} The points of the round: {listed}. "
        "Who wins?", ["casino.royal.count-out"], sc.sides, why.winner,
        Reason("casino.royal.count-out", (why,)),
        [CardRow("North's cards", piles[0]), CardRow("South's cards", piles[1])])
