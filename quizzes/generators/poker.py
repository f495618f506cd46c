"""Poker hand quiz generators: naming hands, which hand wins, the best five of seven,
a suit that does not count and hands of fewer than five cards.

Every answer, every distractor and every explanation comes from
:mod:`cardrules.poker`; the explanations from its reasons for the case
(:mod:`cardrules.poker.reasons`).
"""

from __future__ import annotations

from cardrules import poker
from cardrules.cards import Card, Rank, Suit, standard_deck
from cardrules.poker import Category, Hand
from cardrules.profiles import Profile
from cardrules.reasons import Reason
from cardrules.rng import Rng
from quizzes.model.question import CardRow, Kind, Question, choice_question, pick_cards, yes_no
from quizzes.model.registry import generator

PROFILE = "poker"

_RANK_OF_VALUE = {poker.poker_value(r): r for r in Rank}
_BY_CATEGORY: dict[Category, tuple[int, ...]] = {
    c: tuple(s for s in range(1, poker.STRENGTHS + 1) if poker.strength_class(s)[0] is c)
    for c in Category
}


def _values_of_class(category: Category, ranks: tuple[int, ...]) -> list[int]:
    """The five card values that make a hand of this class."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = ranks[0]
        return [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
    multiplicity = {
        Category.FOUR_OF_A_KIND: (4, 1), Category.FULL_HOUSE: (3, 2),
        Category.THREE_OF_A_KIND: (3, 1, 1), Category.TWO_PAIR: (2, 2, 1),
        Category.PAIR: (2, 1, 1, 1),
    }.get(category, (1, 1, 1, 1, 1))
    return [v for v, n in zip(ranks, multiplicity, strict=True) for _ in range(n)]


def _hand_of_strength(rng: Rng, strength: int) -> tuple[Card, ...]:
    """Five cards of exactly this strength, with random suits, in random order."""
    category, ranks = poker.strength_class(strength)
    values = _values_of_class(category, ranks)
    suited = category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    while True:
        if suited:
            suit = rng.choice(tuple(Suit))
            cards = [Card(_RANK_OF_VALUE[v], suit) for v in values]
        else:
            cards, used = [], set()
            for v in values:
                free = [s for s in Suit if (v, s) not in used]
                s = rng.choice(free)
                used.add((v, s))
                cards.append(Card(_RANK_OF_VALUE[v], s))
        if poker.evaluate5(cards) == strength:  # rejects an accidental flush
            return rng.shuffled(cards)


def _random_strength(rng: Rng) -> int:
    """A strength whose category is chosen uniformly, so rare hands are asked too."""
    return rng.choice(_BY_CATEGORY[rng.choice(tuple(Category))])


def _distractors(rng: Rng, hand: Hand, cards: tuple[Card, ...], count: int = 3) -> list[str]:
    """Engine-made wrong names: the cards misread (suits ignored or imagined, a card
    dropped or added) and the neighbouring strengths."""
    right = hand.name
    pool: list[str] = []
    values = [poker.poker_value(c.rank) for c in hand.cards]
    if hand.is_complete:
        flush = hand.category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
        if len(set(values)) == 5:
            pool.append(poker.hand_name(*poker.classify(values, flush=not flush)))
        if hand.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and hand.ranks == (5,):
            pool.append(f"{hand.category.value}, ace high")
        s = hand.strength
        assert s is not None
        for step in (1, -1, 2, -2, 5, -5):
            if 1 <= s + step <= poker.STRENGTHS:
                pool.append(poker.hand_name(*poker.strength_class(s + step)))
    for i in range(len(hand.cards) if not hand.is_complete else 0):
        pool.append(poker.hand_of(hand.cards[:i] + hand.cards[i + 1:]).name)
    for c in cards:
        if c not in hand.cards and len(hand.cards) < 5:
            pool.append(poker.hand_of((*hand.cards, c)).name)
    pool.append(poker.best_hand(cards).name if len(cards) >= 5 else right)
    seen = {right}
    out = []
    for name in rng.shuffled(pool):
        if name not in seen:
            seen.add(name)
            out.append(name)
    # always enough: fall back on neighbouring strengths
    step = 3
    while len(out) < count:
        for s in (step, -step):
            name = poker.hand_name(*poker.strength_class(max(1, min(poker.STRENGTHS, 3000 + s))))
            if name not in seen:
                seen.add(name)
                out.append(name)
        step += 7
    return out[:count]


@generator("poker.rank.name", ["poker.rank"], Kind.MULTIPLE_CHOICE, "Name this hand", PROFILE)
def name_hand(rng: Rng, p: Profile) -> Question:
    """Name the hand five dealt cards make (category and ranks)."""
    cards = _hand_of_strength(rng, _random_strength(rng))
    hand = poker.best_hand(cards)
    choices = rng.shuffled([hand.name, *_distractors(rng, hand, cards)])
    return choice_question(
        "poker.rank.name", 0, "What is this poker hand?", ["poker.rank"], choices, hand.name,
        Reason("poker.rank", poker.hand_reason(cards, "the hand")), rows=[CardRow("Hand", cards)],
    )


@generator("poker.rank.which-wins", ["poker.rank"], Kind.MULTIPLE_CHOICE, "Which hand wins?",
           PROFILE)
def which_wins(rng: Rng, p: Profile) -> Question:
    """Which of two five-card hands wins, or do they tie?"""
    sa = _random_strength(rng)
    mode = rng.below(4)
    if mode == 0:  # the same category, often close
        sb = rng.choice(_BY_CATEGORY[poker.strength_class(sa)[0]])
    elif mode == 1:  # a tie in ranks, different suits
        sb = sa
    else:
        sb = _random_strength(rng)
    tries = 0
    while True:
        a, b = _hand_of_strength(rng, sa), _hand_of_strength(rng, sb)
        if not set(a) & set(b):
            break
        tries += 1
        if tries % 20 == 0:  # e.g. two fours of a kind of one rank cannot both be dealt
            sb = _random_strength(rng)
    ha, hb = poker.best_hand(a), poker.best_hand(b)
    choices = ("Hand A", "Hand B", "They tie")
    answer = choices[0] if ha > hb else choices[1] if hb > ha else choices[2]
    why = Reason("poker.rank", (*poker.hand_reason(a, "Hand A"), *poker.hand_reason(b, "Hand B"),
                                poker.order_reason(ha, hb, "Hand A", "Hand B")))
    return choice_question(
        "poker.rank.which-wins", 0, "Which poker hand wins?", ["poker.rank"], choices, answer,
        why, rows=[CardRow("Hand A", a), CardRow("Hand B", b)],
    )


@generator("poker.rank.categories", ["poker.rank"], Kind.YES_NO, "Does this category beat that?",
           PROFILE)
def category_beats(rng: Rng, p: Profile) -> Question:
    """Does one hand category beat another in the ranking?"""
    a, b = rng.sample(tuple(Category), 2)
    return yes_no(
        "poker.rank.categories", 0, f"Does a {a.value} beat a {b.value}?", ["poker.rank"],
        a > b, Reason("poker.rank", (poker.category_reason(a, b),)),
    )


def _seven(rng: Rng) -> tuple[Card, ...]:
    """Seven cards; half the time built around a strong five so that choosing matters."""
    if rng.below(2):
        return rng.sample(standard_deck(), 7)
    core = _hand_of_strength(rng, _random_strength(rng))
    rest = [c for c in standard_deck() if c not in core]
    return rng.shuffled((*core, *rng.sample(rest, 2)))


@generator("poker.best-five.pick", ["poker.best-five"], Kind.PICK_CARDS,
           "Pick the best five cards", PROFILE)
def pick_best_five(rng: Rng, p: Profile) -> Question:
    """Pick the five of seven cards that make the best hand."""
    cards = _seven(rng)
    best = poker.best_hand(cards)
    accepted = [frozenset(i for i, c in enumerate(cards) if c in five)
                for five in _best_fives(cards, best)]
    return pick_cards(
        "poker.best-five.pick", 0, "You hold these seven cards. Pick the five that make your "
        "best poker hand.", ["poker.best-five"], [CardRow("Your cards", cards)], accepted,
        Reason("poker.best-five", poker.hand_reason(cards, "you")),
    )


def _best_fives(cards: tuple[Card, ...], best: Hand) -> list[tuple[Card, ...]]:
    from itertools import combinations

    return [five for five in combinations(cards, 5) if poker.hand_of(five) == best]


@generator("poker.best-five.name", ["poker.best-five"], Kind.MULTIPLE_CHOICE,
           "The best hand from seven cards", PROFILE)
def name_best_five(rng: Rng, p: Profile) -> Question:
    """Name the best hand that seven cards make."""
    cards = _seven(rng)
    best = poker.best_hand(cards)
    choices = rng.shuffled([best.name, *_distractors(rng, best, cards)])
    return choice_question(
        "poker.best-five.name", 0, "What is the best poker hand you can make from these seven "
        "cards?", ["poker.best-five"], choices, best.name,
        Reason("poker.best-five", poker.hand_reason(cards, "you")),
        rows=[CardRow("Your cards", cards)],
    )


def _with_excluded(rng: Rng, suit: Suit, total: int, excluded: int) -> tuple[Card, ...]:
    deck = standard_deck()
    of_suit = [c for c in deck if c.suit is suit]
    others = [c for c in deck if c.suit is not suit]
    return rng.shuffled((*rng.sample(of_suit, excluded), *rng.sample(others, total - excluded)))


@generator("poker.excluded-suit.best", ["poker.excluded-suit", "poker.fewer-than-five"],
           Kind.MULTIPLE_CHOICE, "The best hand without one suit", PROFILE)
def excluded_best(rng: Rng, p: Profile) -> Question:
    """Name the best hand of cards when one suit does not count."""
    suit = rng.choice(tuple(Suit))
    total = rng.between(5, 8)
    excluded = rng.between(1, min(4, total))
    cards = _with_excluded(rng, suit, total, excluded)
    hand = poker.best_hand(cards, exclude_suit=suit)
    counting = [c for c in cards if c.suit is not suit]
    rules = ["poker.excluded-suit"] + (["poker.fewer-than-five"] if len(counting) < 5 else [])
    wrong = poker.best_hand(cards).name
    names = _distractors(rng, hand, cards, 4)
    pool = [n for n in dict.fromkeys([wrong, *names]) if n != hand.name]
    choices = rng.shuffled([hand.name, *pool[:3]])
    return choice_question(
        "poker.excluded-suit.best", 0,
        f"Your opponent's banner suit is {suit.value}: your {suit.value} do not count. What is "
        "your best hand?", rules, choices, hand.name,
        Reason("poker.excluded-suit", poker.hand_reason(cards, "you", suit)),
        rows=[CardRow("Your cards", cards)],
    )


@generator("poker.fewer-than-five.which-wins", ["poker.fewer-than-five", "poker.excluded-suit"],
           Kind.MULTIPLE_CHOICE, "Short hands: which wins?", PROFILE)
def short_which_wins(rng: Rng, p: Profile) -> Question:
    """Which of two hands wins when a banner suit leaves one short of five cards?"""
    sa, sb = rng.sample(tuple(Suit), 2)
    while True:
        a = _with_excluded(rng, sb, rng.between(5, 7), 0)
        a = _force_short(rng, a, sb)
        rest = [c for c in standard_deck() if c not in a]
        b = rng.sample(rest, rng.between(5, 7))
        if rng.below(2) and len([c for c in b if c.suit is not sa]) >= 5:
            continue  # keep most questions about short hands on both sides
        break
    ha, hb = poker.best_hand(a, exclude_suit=sb), poker.best_hand(b, exclude_suit=sa)
    choices = ("Ana", "Ben", "They tie")
    answer = choices[0] if ha > hb else choices[1] if hb > ha else choices[2]
    greyed_a = frozenset(i for i, c in enumerate(a) if c.suit is sb)
    greyed_b = frozenset(i for i, c in enumerate(b) if c.suit is sa)
    why = Reason("poker.fewer-than-five", (
        *poker.hand_reason(a, "Ana", sb), *poker.hand_reason(b, "Ben", sa),
        poker.order_reason(ha, hb, "Ana", "Ben")))
    return choice_question(
        "poker.fewer-than-five.which-wins", 0,
        f"Ana's banner is {sa.value} and Ben's is {sb.value}. In this battle Ana's {sb.value} "
        f"and Ben's {sa.value} do not count (they are greyed). Whose hand wins?",
        ["poker.fewer-than-five", "poker.excluded-suit"], choices, answer, why,
        rows=[CardRow("Ana", a, greyed=greyed_a), CardRow("Ben", b, greyed=greyed_b)],
    )


def _force_short(rng: Rng, cards: tuple[Card, ...], suit: Suit) -> tuple[Card, ...]:
    """Replace some cards by cards of ``suit`` so that at most four others remain."""
    keep = 4 - rng.below(3)
    others = [c for c in cards if c.suit is not suit][:keep]
    pool = [c for c in standard_deck() if c.suit is suit and c not in cards]
    return rng.shuffled((*others, *rng.sample(pool, len(cards) - len(others))))
