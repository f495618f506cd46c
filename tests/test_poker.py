"""The poker hand evaluator: published counts, 7,462 strengths, the wheel, treys,
the best five of up to nine cards, excluded suits, short hands, names and errors."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import poker
from cardrules.cards import Card, NotCardsError, Rank, Suit, parse_cards, standard_deck
from cardrules.catalog import rules_of
from cardrules.poker import EMPTY_HAND, Category, Hand, best_hand, hand_of
from cardrules.rng import Rng

DECK = standard_deck()

PUBLISHED = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
DISTINCT = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# -- poker.rank: every five-card hand ----------------------------------------------
def test_poker_rank_all_five_card_hands_give_the_published_category_counts() -> None:
    histogram = poker.five_card_histogram()
    counts = Counter[Category]()
    for strength, n in histogram.items():
        counts[poker.strength_class(strength)[0]] += n
    assert dict(counts) == PUBLISHED
    assert sum(histogram.values()) == 2_598_960
    assert poker.category_counts() == PUBLISHED
    assert list(poker.category_counts()) == sorted(Category, reverse=True)


def test_poker_rank_ranking_table_for_the_book() -> None:
    rows = poker.ranking_table()
    assert [r.category for r in rows] == sorted(Category, reverse=True)
    assert {r.category: r.ways for r in rows} == PUBLISHED
    assert {r.category: r.strengths for r in rows} == DISTINCT
    assert all(r.example.category is r.category and r.example.is_complete for r in rows)
    assert abs(sum(r.probability for r in rows) - 1) < 1e-12


def test_poker_rank_exactly_7462_distinct_strengths() -> None:
    histogram = poker.five_card_histogram()
    assert len(histogram) == 7_462 == poker.STRENGTHS
    assert set(histogram) == set(range(1, 7_463))
    assert poker.distinct_strengths() == DISTINCT
    assert sum(poker.distinct_strengths().values()) == 7_462


def test_poker_rank_enumeration_agrees_with_evaluating_each_hand_alone() -> None:
    codes = [poker.card_code(c) for c in DECK]
    alone = Counter(map(poker.evaluate_codes, itertools.combinations(codes, 5)))
    assert alone == poker.five_card_histogram()


def test_poker_rank_enumeration_of_a_39_card_deck() -> None:
    deck = [c for c in DECK if c.suit is not Suit.SPADES]
    histogram = poker.five_card_histogram(deck)
    codes = [poker.card_code(c) for c in deck]
    assert histogram == Counter(map(poker.evaluate_codes, itertools.combinations(codes, 5)))
    assert sum(histogram.values()) == 575_757  # C(39, 5)


def test_poker_rank_tables_agree_with_the_readable_classifier() -> None:
    """Every strength class, rebuilt as cards, classifies back to itself, and the
    strengths are sorted exactly as (category, ranks)."""
    keys = [poker.strength_class(s) for s in range(1, poker.STRENGTHS + 1)]
    assert keys == sorted(keys, key=lambda k: (k[0].order, k[1]))
    assert len(set(keys)) == len(keys)
    suited = (Category.FLUSH, Category.STRAIGHT_FLUSH)
    for (category, ranks), values in poker.ranking._classes_in_order():
        assert poker.classify(values, category in suited) == (category, ranks)
    rng = Rng("classes")
    for _ in range(20_000):
        five = rng.sample(DECK, 5)
        card_values = [poker.poker_value(c.rank) for c in five]
        flush = len({c.suit for c in five}) == 1
        assert poker.strength_class(poker.evaluate5(five)) == poker.classify(card_values, flush)


def test_poker_rank_wheel_is_the_lowest_straight() -> None:
    wheel = best_hand("AS 2D 3C 4H 5S")
    straights = [poker.strength_class(s) for s in range(1, poker.STRENGTHS + 1)
                 if poker.strength_class(s)[0] is Category.STRAIGHT]
    assert straights[0] == (Category.STRAIGHT, (5,))
    assert wheel.category is Category.STRAIGHT and wheel.ranks == (5,)
    assert wheel.name == "straight, five high"
    assert [str(c) for c in wheel.cards] == ["5♠", "4♥", "3♣", "2♦", "A♠"]
    assert wheel < best_hand("2S 3D 4C 5H 6S") < best_hand("10S JD QC KH AS")
    assert wheel > best_hand("AS AD AC KH QS")  # above every three of a kind
    # no wrap-around: Q-K-A-2-3 is not a straight
    assert best_hand("QS KD AC 2H 3S").category is Category.HIGH_CARD


def test_poker_rank_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = best_hand("AH 2H 3H 4H 5H")
    assert steel.category is Category.STRAIGHT_FLUSH and steel.name == "straight flush, five high"
    flushes = [s for s in range(1, poker.STRENGTHS + 1)
               if poker.strength_class(s)[0] is Category.STRAIGHT_FLUSH]
    assert steel.strength == flushes[0]
    assert steel < best_hand("2H 3H 4H 5H 6H")
    assert steel > best_hand("AS AD AC AH KS")
    royal = best_hand("10D JD QD KD AD")
    assert royal.strength == 7_462 and royal.name == "straight flush, ace high (a royal flush)"


def test_poker_rank_suits_never_rank() -> None:
    a, b = best_hand("AS KS 9D 7C 4H"), best_hand("AD KH 9C 7S 4D")
    assert a == b and hash(a) == hash(b) and not a < b and not b < a
    assert len({a, b}) == 1
    assert best_hand("2S 4S 6S 8S 10S") == best_hand("2H 4H 6H 8H 10H")


def test_poker_rank_kickers_decide_in_order() -> None:
    assert best_hand("KS KD 9C 5H 2S") > best_hand("KH KC 8C 7H 6S")
    assert best_hand("KS KD 5C 5H AS") > best_hand("KH KC 5D 5S QS")
    assert best_hand("KS KD 5C 5H 3S") < best_hand("KH KC 6D 6S 2S")
    assert best_hand("7S 7D 7C 2H 2S") < best_hand("8S 8D 8C 2D 2C")
    assert best_hand("AS AD AC 2H 2S") > best_hand("KS KD KC QH QS")


# -- comparison with treys, an independent evaluator ---------------------------------
def _treys_order(n: int, count: int, seed: str) -> None:
    import treys  # a test dependency (pyproject.toml): its absence is a failure, not a skip
    evaluator = treys.Evaluator()

    def to_treys(c: Card) -> int:
        rank = "T" if c.rank is Rank.TEN else c.rank.value
        return int(treys.Card.new(rank + c.suit.letter.lower()))

    rng = Rng(seed)
    ours: list[Hand] = []
    theirs: list[int] = []
    for _ in range(count):
        held = rng.sample(DECK, n)
        hand = best_hand(held)
        score = evaluator.evaluate([to_treys(c) for c in held], [])
        ours.append(hand)
        theirs.append(score)
        # treys ranks 1 (royal flush) to 7462: the same 7,462 classes, upside down
        assert hand.strength == 7_463 - score, (held, hand, score)
    # and the order of the Hand objects themselves, independently of .strength
    order = sorted(range(count), key=lambda i: ours[i])
    for i, j in itertools.pairwise(order):
        assert (ours[i] == ours[j]) == (theirs[i] == theirs[j])
        assert theirs[i] >= theirs[j]


def test_poker_rank_order_matches_treys_on_5_card_hands() -> None:
    _treys_order(5, 20_000, "treys-5")


def test_poker_best_five_order_matches_treys_on_6_card_hands() -> None:
    _treys_order(6, 20_000, "treys-6")


def test_poker_best_five_order_matches_treys_on_7_card_hands() -> None:
    _treys_order(7, 20_000, "treys-7")


# -- poker.best-five -----------------------------------------------------------------
def test_poker_best_five_from_seven_and_nine() -> None:
    h = best_hand("AS AD 8C 8H 8S 2D 2C")
    assert h.name == "full house, eights full of aces"
    assert [str(c) for c in h.cards] == ["8♣", "8♥", "8♠", "A♠", "A♦"]
    # a straight and a flush in seven cards: the flush wins
    assert best_hand("4H 5S 6H 7D 8H JH 2H").name == "flush, jack, eight, six, four and two"
    # the extra cards do not count, not even as kickers
    assert best_hand("KS KD 5C 5H 3S 3D 2C") == best_hand("KH KC 5D 5S 3C")
    nine = best_hand("2C 3D 4H 6S 7C 9D JH KS AC")
    assert best_hand("2C 3D 4H 5S 7C 9D JH KS AC").name == "straight, five high"
    assert nine.name == "high card, ace, king, jack, nine and seven"
    assert best_hand("9S 9D 9H 9C 8S 8D 8H 8C AS").name == "four of a kind, nines, ace kicker"


@settings(max_examples=150, deadline=None)
@given(st.integers(5, 9), st.integers(0, 2**32))
def test_poker_best_five_is_the_best_of_every_five(n: int, seed: int) -> None:
    held = Rng(seed).sample(DECK, n)
    best = best_hand(held)
    every = [hand_of(five) for five in itertools.combinations(held, 5)]
    assert best == max(every)
    assert set(best.cards) <= set(held) and len(best.cards) == 5
    assert hand_of(best.cards) == best


@settings(max_examples=100, deadline=None)
@given(st.integers(5, 9), st.integers(0, 2**32))
def test_poker_best_five_ignores_order_and_suit_names(n: int, seed: int) -> None:
    rng = Rng(seed)
    held = rng.sample(DECK, n)
    relabel = dict(zip(Suit, rng.shuffled(tuple(Suit)), strict=True))
    renamed = [Card(c.rank, relabel[c.suit]) for c in held]
    assert best_hand(rng.shuffled(held)) == best_hand(held) == best_hand(renamed)


# -- poker.excluded-suit -------------------------------------------------------------
def test_poker_excluded_suit_cards_do_not_count() -> None:
    held = cards("7S 7D 7C 2H 2S 9D 4C")
    assert best_hand(held).name == "full house, sevens full of twos"
    h = best_hand(held, exclude_suit=Suit.SPADES)
    assert h.name == "pair, sevens, nine, four and two kickers"
    assert all(c.suit is not Suit.SPADES for c in h.cards)
    # a flush made of the excluded suit is gone
    assert best_hand("AH KH 9H 5H 2H 3C 3D 5S", exclude_suit="hearts").name == \
        "pair, threes, five kicker"


@pytest.mark.parametrize("spelling", [Suit.HEARTS, "hearts", "heart", "H", "h", "♥"])
def test_poker_excluded_suit_spellings(spelling: Suit | str) -> None:
    assert best_hand("AH KH QS JS 10S 9D", exclude_suit=spelling).name == \
        "high card, queen, jack, ten and nine"


def test_poker_excluded_suit_unknown_is_refused() -> None:
    with pytest.raises(ValueError, match="exclude_suit must be a Suit or one of clubs"):
        best_hand("AH KH QS JS 10S", exclude_suit="stars")


@settings(max_examples=150, deadline=None)
@given(st.integers(5, 9), st.integers(0, 2**32), st.sampled_from(list(Suit)))
def test_poker_excluded_suit_is_the_best_of_the_rest(n: int, seed: int, suit: Suit) -> None:
    held = Rng(seed).sample(DECK, n)
    rest = [c for c in held if c.suit is not suit]
    h = best_hand(held, exclude_suit=suit)
    assert all(c.suit is not suit for c in h.cards)
    if len(rest) >= 5:
        assert h == best_hand(rest)
    else:
        assert h == hand_of(rest) and len(h.cards) == len(rest)


# -- poker.fewer-than-five -------------------------------------------------------------
def test_poker_fewer_than_five_pair_from_four_cards() -> None:
    h = best_hand("KD KH AD 9C 2S 3S 4S", exclude_suit="spades")
    assert h.name == "pair, kings, ace and nine kickers"
    assert h.ranks == (13, 14, 9) and not h.is_complete and h.strength is None


def test_poker_fewer_than_five_missing_kicker_counts_lowest() -> None:
    short = hand_of(cards("KS KH AD 9C"))
    assert short < hand_of(cards("KD KC AS 9D 2C"))
    assert short > hand_of(cards("KD KC AS 8D 7C"))
    assert hand_of(cards("9S 9H 9D 9C")) < best_hand("9S 9H 9D 9C 2H")
    assert hand_of(cards("9S 9H 9D 9C")) > best_hand("8S 8H 8D 8C AH")
    assert hand_of(cards("9S 9H 9D 9C")) > best_hand("AS AH AD KC KH")


def test_poker_fewer_than_five_no_straight_or_flush() -> None:
    assert hand_of(cards("2H 3H 4H 5H")).category is Category.HIGH_CARD
    assert hand_of(cards("2H 3H 4H 5H")) < best_hand("2S 3D 4C 5H 7H")


def test_poker_fewer_than_five_empty_hand_is_lowest() -> None:
    h = best_hand("AS KS QS JS 9S", exclude_suit=Suit.SPADES)
    assert h == EMPTY_HAND and h.cards == () and h.name == "no cards" and str(h) == "no cards"
    assert h < hand_of(cards("2C")) < hand_of(cards("3C")) < hand_of(cards("3C 2D"))
    assert h < best_hand("7S 5D 4C 3H 2S")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4), st.integers(0, 2**32))
def test_poker_fewer_than_five_compares_like_padding_with_nothing(na: int, nb: int,
                                                                  seed: int) -> None:
    """A short hand compares as the usual comparison of (category, ranks) with missing
    kickers lowest: adding a card to a short hand never makes it worse."""
    rng = Rng(seed)
    drawn = rng.sample(DECK, na + nb + 1)
    a, b, extra = drawn[:na], drawn[na:na + nb], drawn[-1]
    ha, hb = hand_of(a), hand_of(b)
    assert (ha < hb) + (ha == hb) + (ha > hb) == 1
    assert hand_of((*a, extra)) >= ha


# -- names ---------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "name"), [
    ("KS KD 5C 5H AC", "two pair, kings and fives, ace kicker"),
    ("AS 2D 3C 4H 5S", "straight, five high"),
    ("7S 7D 7C 2H 2S", "full house, sevens full of twos"),
    ("6S 6D 6C 6H 2S", "four of a kind, sixes, two kicker"),
    ("QS QD QC 4H 2S", "three of a kind, queens, four and two kickers"),
    ("JS JD 8C 4H 2S", "pair, jacks, eight, four and two kickers"),
    ("AS JD 8C 4H 2S", "high card, ace, jack, eight, four and two"),
    ("AH JH 8H 4H 2H", "flush, ace, jack, eight, four and two"),
    ("5C 6C 7C 8C 9C", "straight flush, nine high"),
    ("10S JD QC KH AS", "straight, ace high"),
])
def test_poker_rank_names(text: str, name: str) -> None:
    h = best_hand(text)
    assert h.name == name == str(h)
    assert repr(h).endswith(f": {name})")


def test_poker_rank_every_strength_has_a_distinct_name() -> None:
    names = [poker.hand_name(*poker.strength_class(s)) for s in range(1, poker.STRENGTHS + 1)]
    assert len(set(names)) == len(names)


def test_poker_rank_category_order() -> None:
    assert sorted(Category) == list(Category)
    assert [c.value for c in sorted(Category, reverse=True)] == [
        "straight flush", "four of a kind", "full house", "flush", "straight",
        "three of a kind", "two pair", "pair", "high card"]
    assert Category.FLUSH > Category.STRAIGHT and Category.PAIR <= Category.PAIR


# -- errors --------------------------------------------------------------------------
@pytest.mark.parametrize(("given_cards", "message"), [
    ("AS KS QS JS", "a poker hand is made from 5 to 9 cards, got 4"),
    ("AS KS QS JS 10S 9S 8S 7S 6S 5S", "a poker hand is made from 5 to 9 cards, got 10"),
    ("AS KS QS JS AS", "the card A♠ appears twice"),
    ([*parse_cards("AS KS QS JS"), 42], "42 is not a card"),
    ("AS KS QS JS ZZ", "'ZZ' is not a card"),
    ("", "got 0"),
])
def test_poker_best_five_refuses_bad_input(given_cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        best_hand(given_cards)  # type: ignore[arg-type]


def test_poker_rank_evaluate5_needs_five_cards() -> None:
    with pytest.raises(ValueError, match="made from 5 cards, got 6"):
        poker.evaluate5("AS KS QS JS 10S 9S")
    with pytest.raises(ValueError, match="a strength is a whole number from 1 to 7462"):
        poker.strength_class(0)


def test_poker_rules_are_in_the_catalog() -> None:
    ids = [r.id for r in rules_of("poker")]
    assert ids == ["poker.rank", "poker.best-five", "poker.excluded-suit",
                   "poker.fewer-than-five"]
    assert next(r for r in rules_of("poker") if r.id == "poker.fewer-than-five").house_reading


# -- poker.strength: 5 to 7 cards in one lookup ------------------------------------------
PUBLISHED_7 = {  # the best five of every 7-card hand, out of 133,784,560
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def _by_category(histogram: Counter[int]) -> dict[Category, int]:
    out = Counter[Category]()
    for s, n in histogram.items():
        out[poker.strength_class(s)[0]] += n
    return dict(out)


def _brute(held: tuple[Card, ...]) -> int:
    """The best of every five, with the five-card evaluator."""
    codes = [poker.card_code(c) for c in held]
    return max(map(poker.evaluate_codes, itertools.combinations(codes, 5)))


def test_poker_strength_of_every_five_card_hand() -> None:
    """strength on all 2,598,960 five-card hands (Card objects) gives the same histogram as
    the five-card tables, hence the published counts."""
    histogram = Counter(map(poker.strength, itertools.combinations(DECK, 5)))
    assert histogram == poker.five_card_histogram()
    assert _by_category(histogram) == PUBLISHED


def test_poker_strength_of_every_rank_pattern_of_six_and_seven_cards() -> None:
    """Every pattern of ranks of 6 or 7 cards (no rank more than four times), dealt in
    suits that make no flush, against the best of every five."""
    patterns = Counter[int]()
    card = {(c.rank, c.suit): c for c in DECK}
    for n in (6, 7):
        for ranks in itertools.combinations_with_replacement(range(13), n):
            if max(Counter(ranks).values()) > 4:
                continue
            suits = list(Suit)
            # cycle the suits: no suit five times among at most seven cards
            held = tuple(card[DECK[r].rank, suits[i % 4]] for i, r in enumerate(ranks))
            if len(set(held)) < n:  # a rank four times takes all four suits
                held = tuple(card[c.rank, suits[(i // 4 + i) % 4]] for i, c in enumerate(held))
            assert len(set(held)) == n
            assert poker.strength(held) == _brute(held), held
            patterns[n] += 1
    assert patterns == {6: 18_395, 7: 49_205}


def test_poker_strength_of_every_flush_of_five_to_seven_cards_with_others() -> None:
    """Every set of 5 to 7 ranks in one suit (4,719 of them), alone and completed to seven
    cards with other suits, against the best of every five."""
    rng = Rng("flush-patterns")
    others = [c for c in DECK if c.suit is not Suit.HEARTS]
    for n in (5, 6, 7):
        for ranks in itertools.combinations([c.rank for c in DECK[:13]], n):
            suited = tuple(Card(r, Suit.HEARTS) for r in ranks)
            assert poker.strength(suited) == _brute(suited)
            held = suited + tuple(rng.sample(others, 7 - n))
            assert poker.strength(held) == _brute(held) == poker.best_hand(held).strength


@pytest.mark.parametrize("n", [6, 7])
def test_poker_strength_agrees_with_the_best_of_every_five_and_with_treys(n: int) -> None:
    import treys  # a test dependency (pyproject.toml): its absence is a failure, not a skip
    evaluator = treys.Evaluator()

    def to_treys(c: Card) -> int:
        rank = "T" if c.rank is Rank.TEN else c.rank.value
        return int(treys.Card.new(rank + c.suit.letter.lower()))

    as_treys = {c: to_treys(c) for c in DECK}
    rng = Rng(f"strength-{n}")
    for _ in range(30_000):
        held = tuple(rng.sample(DECK, n))
        s = poker.strength(held)
        assert s == _brute(held) == best_hand(held).strength, held
        # treys ranks 1 (royal flush) to 7462: the same classes, upside down
        assert s == 7_463 - evaluator.evaluate([as_treys[c] for c in held], [])


def test_poker_strength_orders_like_best_hand() -> None:
    rng = Rng("strength-order")
    hands = [tuple(rng.sample(DECK, rng.below(3) + 5)) for _ in range(3_000)]
    by_strength = sorted(hands, key=poker.strength)
    for a, b in itertools.pairwise(by_strength):
        assert best_hand(a) <= best_hand(b)
        assert (best_hand(a) == best_hand(b)) == (poker.strength(a) == poker.strength(b))


def test_poker_strength_reads_text_and_lists_and_refuses_bad_input() -> None:
    text = "AS KS QS JS 10S 2D 2C"
    assert poker.strength(text) == poker.strength(list(cards(text))) == 7_462
    assert poker.strength(iter(cards(text))) == 7_462
    mixed = ["AS", "KD", *cards("QC JH 9S")]  # card text in the list: read, more slowly
    assert poker.strength(mixed) == best_hand("AS KD QC JH 9S").strength  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"poker\.strength takes 5 to 7 cards, got 8"):
        poker.strength(cards("AS KS QS JS 10S 2D 2C 3C"))
    with pytest.raises(ValueError, match=r"poker\.strength takes 5 to 7 cards, got 0"):
        poker.strength([])
    with pytest.raises(ValueError, match="the card A♠ appears twice"):
        poker.strength(cards("AS KS QS JS AS"))
    with pytest.raises(ValueError, match="the card 2♣ appears twice"):
        poker.strength(cards("2C 2C 2C 2C 2C 3D 4H"))  # five twos would carry into a three
    with pytest.raises(NotCardsError, match="42 is not a card"):
        poker.strength([*cards("AS KS QS JS"), 42])  # type: ignore[list-item]
    with pytest.raises(NotCardsError, match="None is not a list of cards"):
        poker.strength(None)  # type: ignore[arg-type]


def test_poker_strength_tables_are_built_once_and_stay_small() -> None:
    entries, seconds = poker.build_tables()
    assert entries == 73_775 + 4_719  # rank patterns of 5 to 7 cards, flush rank sets
    assert seconds < 5
    assert poker.table_size() < 12_000_000


def test_poker_best_hand_shows_the_same_cards_as_the_best_of_every_five() -> None:
    """best_hand works out the cards shown only when asked: the first five, in the order
    given, that make the best hand, shown best first (as hand_of shows them)."""
    rng = Rng("shown")
    for n in (5, 6, 7, 8, 9):
        for _ in range(400):
            held = tuple(rng.sample(DECK, n))
            h = best_hand(held)
            fives = list(itertools.combinations(held, 5))
            first = next(f for f in fives if hand_of(f) == h)
            assert h.cards == hand_of(first).cards
            assert repr(h) == repr(hand_of(first))


@pytest.mark.slow
def test_poker_strength_of_every_seven_card_hand() -> None:
    """All 133,784,560 seven-card hands: the published counts of each category."""
    histogram = Counter(map(poker.strength, itertools.combinations(DECK, 7)))
    assert sum(histogram.values()) == 133_784_560
    assert _by_category(histogram) == PUBLISHED_7
