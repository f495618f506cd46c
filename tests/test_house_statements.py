"""Every rule is stated as the table plays it: a rule whose words depend on a profile option
reads, under each value the option table allows, as that value plays, marked as a house rule.

The checks below are written from the option's meaning, not from the catalog's data: for each
option, the rules that talk about it and what their words must then say (the number in
"at least 16" is the table's ``min_stick``).  Every other rule must read the same whatever
the option says.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardrules import catalog
from cardrules import game as registry
from cardrules.catalog import HouseRule, Rule, house_reading, statement
from cardrules.errors import ProfileError
from cardrules.profiles import Profile, load_rules, profile_type, shipped_profiles

Check = Callable[[Any, str], bool]

NUMBER = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
          8: "Eight"}


def _at_least(t: str) -> str:
    m = re.search(r"with a total of at least (\d+)", t)
    return m.group(1) if m else ""


def _pays(t: str) -> str:
    m = re.search(r"a winning five card trick (\d) to (\d)", t)
    return f"{m.group(1)}:{m.group(2)}" if m else ""


def _cp_split(p: Any, t: str) -> bool:
    if p.max_hands == 1:
        return "there is no splitting" in t and "may be split" not in t
    same = "the same rank (not a king and a jack)" if p.split_by == "rank" else \
        "the same value (king and jack too)"
    how = "again and again" if p.max_hands == 0 else f"up to {p.max_hands} hands in all"
    return same in t and how in t


def _banco_payouts(p: Any, t: str) -> bool:
    if p.table == "social":
        return "social" in t and "no tie bets" in t and "no commission" in t
    banker = (f"less a {p.commission_percent}% commission" if p.commission_percent
              else "with no commission")
    return banker in t and f"Tie bets pay {p.tie_pays} to 1" in t and "social" not in t


def _palace_sizes(p: Any, t: str) -> bool:
    if (p.small_bet, p.big_bet) == (5, 10):
        return "(the shipped profiles: 5 and 10)" in t
    return f"at this table {p.small_bet} and {p.big_bet}" in t


def _palace_raise(p: Any, t: str) -> bool:
    if (p.stakes, p.small_bet, p.big_bet) == ("limit", 5, 10):
        return "under limit stakes by the big bet (or by double the small bet" in t
    if p.stakes == "no-limit":
        return f"under this table's no-limit stakes by at least the big bet, {p.big_bet}" in t
    return (f"under limit stakes, as here, by the big bet, {p.big_bet} (or by double the small "
            f"bet, {2 * p.small_bet}," in t)


def _palace_cap(p: Any, t: str) -> bool:
    if p.max_raises == 3:
        return "at most three raises" in t
    if p.max_raises == 0:
        return "no cap on the raises" in t
    many = "one raise" if p.max_raises == 1 else f"{p.max_raises} raises"
    return f"at most {many} in a battle at this table" in t


def _stakes(p: Any, t: str) -> bool:
    if (p.min_stake, p.max_stake) == (10, 100):
        return "between the agreed minimum and maximum." in t
    return f"at this table {p.min_stake} and {p.max_stake}" in t


def _shoot(p: Any, t: str) -> bool:
    return ("At this table" in t or "This table plays Shoot Pontoon" in t) == p.shoot


#: For each game and option: the rules whose words depend on it, and what the words must say
#: (each check sees a profile and the rule's statement with its house reading).
# -- Casino ----------------------------------------------------------------------------------
def _sweep(p: Any, t: str) -> bool:
    if p.sweeps:
        return "At this table a capture that leaves the table empty is a sweep, worth 1 point" in t
    if p.royal:
        return "sweeps score nothing" in t
    return "in the base game as an option" in t


CASINO_ORACLE = {
    "owner_may_trail": {"casino.build.owner": lambda p, t: (
        "you may still trail" in t) == p.owner_may_trail and (
        "you may not trail" in t) == (not p.owner_may_trail)},
    "royal": {
        "casino.capture.face": lambda p, t: ("courts have values" in t) == p.royal,
        "casino.capture.numeral": lambda p, t: ("A numeral or a court" in t) == p.royal,
        "casino.build": lambda p, t: ("a numeral or a court" in t) == p.royal,
        "casino.royal": lambda p, t: t.startswith("This table plays Royal Casino") == p.royal,
        "casino.sweep": _sweep},
    "sweeps": {
        "casino.score": lambda p, t: ("1 more for each sweep" in t) == p.sweeps,
        "casino.sweep": _sweep},
    "target": {
        "casino.game": lambda p, t: f"has {p.target} points or more" in t and (
            "This table plays to 11" in t) == (p.target == 11),
        "casino.royal.count-out": lambda p, t: (
            f"could pass {p.target} in the same round" in t if p.count_out else "pass 21" in t)},
    "count_out": {
        "casino.game": lambda p, t: ("counted out in order" in t) == p.count_out and (
            "the most points then wins" in t) == (not p.count_out),
        "casino.royal.count-out": lambda p, t: t.startswith("At this table") == p.count_out},
}
CASINO_SAYS_NOTHING = {"players"}


ORACLE: dict[str, dict[str, dict[str, Check]]] = {
    "pontoon": {
        "packs": {"pontoon.two-packs": lambda p, t: (
            "At this table two 52-card packs" in t) == (p.packs == 2)},
        "min_stake": {"pontoon.stakes": _stakes},
        "max_stake": {"pontoon.stakes": _stakes},
        "min_stick": {
            "pontoon.stick": lambda p, t: _at_least(t) == str(p.min_stick),
            "pontoon.stick.sixteen": lambda p, t: ("At this table a player needs at least 16"
                                                   in t) == (p.min_stick == 16)},
        "split": {
            "pontoon.split": lambda p, t: ("Only a pair of aces may be split" in t) == (
                p.split == "aces") and ("never K-J" in t) == (p.split == "pairs"),
            "pontoon.split.aces-only": lambda p, t: ("At this table only a pair of aces" in t) == (
                p.split == "aces")},
        "split_pontoon": {"pontoon.split": lambda p, t: (
            "paid as a pontoon but do not take the bank" in t) == p.split_pontoon and (
            "count only as 21" in t and "not declared" in t) == (not p.split_pontoon)},
        "no_fifth_buy_on_11": {
            "pontoon.buy.limits": lambda p, t: ("11 or less (every ace as 1) may not buy a 5th"
                                                in t) == p.no_fifth_buy_on_11,
            "pontoon.buy.fifth-card": lambda p, t: t.startswith("At this table") == (
                p.no_fifth_buy_on_11)},
        "shoot": {rid: _shoot for rid in (
            "pontoon.shoot", "pontoon.shoot.bet", "pontoon.shoot.fourth-card",
            "pontoon.shoot.split", "pontoon.shoot.top-up", "pontoon.shoot.change-of-bank")},
    },
    "casino-pontoon": {
        "decks": {"casino-pontoon.deal": lambda p, t: t.startswith(
            f"{NUMBER[p.decks]} 52-card deck{'s' if p.decks > 1 else ''}")},
        "dealer_hits_soft_17": {"casino-pontoon.dealer": lambda p, t: (
            "and on soft 17, and stands on hard 17" in t) == p.dealer_hits_soft_17 and (
            "stands on 17 or more, soft 17 included" in t) == (not p.dealer_hits_soft_17)},
        "dealer_cards_face_down": {
            "casino-pontoon.deal": lambda p, t: ("the dealer gets both cards face down" in t) == (
                p.dealer_cards_face_down) and ("insurance is offered first" in t) == (
                not p.dealer_cards_face_down) and ("the dealer's up card" in t) == (
                not p.dealer_cards_face_down),
            "casino-pontoon.insurance": lambda p, t: (
                "At this table there is no insurance" in t) == p.dealer_cards_face_down,
            "casino-pontoon.dealer": lambda p, t: ("turns both cards face up" in t) == (
                p.dealer_cards_face_down) and ("hole card" in t) == (
                not p.dealer_cards_face_down),
            "casino-pontoon.face-down": lambda p, t: t.startswith("At this table") == (
                p.dealer_cards_face_down)},
        "dealer_five_card_trick": {
            "casino-pontoon.five-card-trick": lambda p, t: (
                "five dealer cards are no trick" in t) == (not p.dealer_five_card_trick),
            "casino-pontoon.dealer": lambda p, t: ("Five cards of 21 or less stop the dealer"
                                                   in t) == p.dealer_five_card_trick,
            "casino-pontoon.rank": lambda p, t: ("A dealer five card trick beats every player"
                                                 in t) == p.dealer_five_card_trick},
        "five_card_trick_pays": {"casino-pontoon.payouts": lambda p, t: (
            _pays(t) == p.five_card_trick_pays)},
        "split_by": {"casino-pontoon.split": _cp_split},
        "max_hands": {"casino-pontoon.split": _cp_split},
        "split_pontoon": {"casino-pontoon.pontoon": lambda p, t: (
            "counts as a pontoon too" in t) == p.split_pontoon and (
            "is just 21" in t) == (not p.split_pontoon)},
    },
    "banco": {
        "decks": {"banco.deal": lambda p, t: {1: "a single 52-card deck", 6: "six 52-card decks",
                                              8: "eight 52-card decks"}[p.decks] in t},
        "table": {
            "banco.payouts": _banco_payouts,
            "banco.social": lambda p, t: ("This table is the social one" in t) == (
                p.table == "social"),
            "banco.first-bank": lambda p, t: ("At this table, the social one" in t) == (
                p.table == "social")},
        "commission_percent": {"banco.payouts": _banco_payouts},
        "tie_pays": {"banco.payouts": _banco_payouts},
    },
    "palace": {
        "stakes": {
            "palace.stakes": lambda p, t: ("This table plays no-limit stakes" in t) == (
                p.stakes == "no-limit"),
            "palace.battle.raise": _palace_raise},
        "small_bet": {
            "palace.banner.ante": lambda p, t: re.search(
                rf"small bet of {p.small_bet} the ante is {p.small_bet // 2}\b", t) is not None,
            "palace.stakes": _palace_sizes,
            "palace.battle.minimum": lambda p, t: (f"small bet of {p.small_bet}, at least "
                                                   f"{3 * p.small_bet}") in t,
            "palace.battle.raise": _palace_raise},
        "big_bet": {"palace.stakes": _palace_sizes, "palace.battle.raise": _palace_raise},
        "max_raises": {"palace.stakes": _palace_cap, "palace.battle.raise": _palace_cap},
    },
    "poker": {},
    "casino": CASINO_ORACLE,
}

#: Options no rule statement speaks of (a table's bet limits and chips are agreed, not stated).
SAYS_NOTHING: dict[str, set[str]] = {
    "pontoon": set(),
    "casino-pontoon": {"min_bet", "max_bet"},
    "banco": {"min_bet", "max_bet"},
    "palace": {"starting_chips"},
    "poker": set(),
    "casino": CASINO_SAYS_NOTHING,
}

#: games whose house rules are checked elsewhere (none: every game's are checked here)
CASINO_ELSEWHERE: set[str] = set()

ABOUT = ("name", "description")


def _games() -> list[str]:
    return [g for g in registry.rule_modules() if g not in CASINO_ELSEWHERE]


def _options(game: str) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(profile_type(game)) if f.name not in ABOUT]


def allowed_values(game: str, name: str) -> list[Any]:
    """The values the option table allows an option: every choice, both booleans, or for a
    range its ends, its default and the numbers next to the default."""
    cls = profile_type(game)
    f = next(f for f in dataclasses.fields(cls) if f.name == name)
    meta = f.metadata
    if "choices" in meta:
        return list(meta["choices"])
    if typing.get_type_hints(cls)[name] is bool:
        return [False, True]
    low, high, default = meta["low"], meta["high"], f.default
    if high - low <= 10:
        return list(range(low, high + 1))
    return sorted({low, high, default, *(v for v in (default - 1, default + 1, 2 * default)
                                         if low <= v <= high)})


def _shipped(game: str) -> list[tuple[str, Profile]]:
    return [(n, p) for n in shipped_profiles() if (p := load_rules(n)).game == game]


def single_changes(game: str) -> Iterator[tuple[str, Profile, str, Profile]]:
    """Every shipped profile of ``game`` with one option set to each value it allows (the
    profile itself among them): (profile name, profile, option, changed profile)."""
    for name, base in _shipped(game):
        for f in _options(game):
            for value in allowed_values(game, f.name):
                try:
                    changed = base.replace(**{f.name: value})
                except ProfileError:
                    continue  # another option forbids it (min_stake above max_stake ...)
                yield name, base, f.name, changed


def _text(rule_id: str, p: Profile) -> str:
    return statement(rule_id, p)[0] + " " + (house_reading(rule_id, p) or "")


def _depends(game: str, rule_id: str) -> list[str]:
    return [o for o, rules in ORACLE[game].items() if rule_id in rules]


@pytest.mark.parametrize("game", _games())
def test_every_option_is_either_stated_or_says_nothing(game: str) -> None:
    names = {f.name for f in _options(game)}
    stated = set(ORACLE[game])
    assert stated | SAYS_NOTHING[game] == names, (
        f"options of {game} neither checked here nor known to change no rule: "
        f"{sorted(names - stated - SAYS_NOTHING[game])}")
    assert not stated & SAYS_NOTHING[game]


@pytest.mark.parametrize("game", _games())
def test_every_statement_names_the_tables_value_of_each_option_it_depends_on(game: str) -> None:
    rules = catalog.rules_of(game)
    checked = 0
    for name, base, option, p in single_changes(game):
        standard = catalog.standard_profile(p)
        for r in rules:
            text, house = statement(r.id, p)
            both = _text(r.id, p)
            for o in _depends(game, r.id):
                check = ORACLE[game][o][r.id]
                assert check(p, both), (f"{r.id} at {name} with {option} = {getattr(p, option)!r}"
                                        f" does not say {o} = {getattr(p, o)!r}: {both}")
                checked += 1
            differs = [o for o in _depends(game, r.id) if getattr(p, o) != getattr(standard, o)]
            changed = (text, house_reading(r.id, p)) != (r.statement, r.house_reading)
            # a rule reads otherwise only where the table changes what it depends on, and then
            # it is marked as a house rule
            assert house == changed and (not changed or differs), (r.id, name, option, text)
            assert ("(house rule;" in both) == house, (r.id, name, option, both)
            if option not in _depends(game, r.id):
                assert both == _text(r.id, base), (
                    f"{r.id} changes with {option}, which its checks do not expect: {both}")
    assert checked or not ORACLE[game]


def test_pontoon_stick_at_a_table_that_sticks_on_16_names_16_as_a_house_rule() -> None:
    text, house = statement("pontoon.stick", load_rules("pontoon-stick-16"))
    assert house and "at least 16" in text and "15" in text
    assert text.endswith("(house rule; the standard game: 15 or more).")
    assert statement("pontoon.stick", load_rules("pontoon")) == (
        catalog.rule("pontoon.stick").statement, False)


def test_casino_pontoon_dealer_at_a_soft_17_table_stands_on_soft_17() -> None:
    text, house = statement("casino-pontoon.dealer", load_rules("casino-pontoon-s17"))
    assert house and "soft 17 included" in text and "and on soft 17" not in text


def test_a_rule_of_another_game_reads_as_the_standard_game() -> None:
    palace = load_rules("palace-poker-no-limit")
    assert statement("poker.rank", palace) == (catalog.rule("poker.rank").statement, False)
    assert statement("pontoon.stick", palace)[1] is False


def test_standard_game_is_each_games_default_profile() -> None:
    for game in _games():
        shipped = load_rules(registry.default_profile_of(game))
        standard = catalog.standard_profile(shipped)
        for f in _options(game):
            assert getattr(standard, f.name) == getattr(shipped, f.name), (game, f.name)


def test_house_rules_name_options_of_their_games_profile() -> None:
    for r in catalog.all_rules():
        if r.game in CASINO_ELSEWHERE:
            continue
        fields = {f.name for f in _options(r.game)}
        for h in r.house_rules:
            assert set(h.options) <= fields, (r.id, h.options)
            if not callable(h.reads):  # a mapping names every other value the option allows
                standard = getattr(profile_type(r.game)(), h.option)
                others = {v for v in allowed_values(r.game, h.option) if v != standard}
                assert set(h.reads) == others, (r.id, h.option)


def test_a_house_rule_must_name_words_of_its_rule() -> None:
    good = HouseRule("min_stick", "at least 15.", {16: "at least 16."}, "standard: 15")
    Rule("pontoon.x", "pontoon", "X", "Stick at least 15.", "s", house_rules=(good,))
    with pytest.raises(ValueError, match="words found once"):
        Rule("pontoon.x", "pontoon", "X", "Stick on 15.", "s", house_rules=(good,))
    with pytest.raises(ValueError, match="change the same words"):
        Rule("pontoon.x", "pontoon", "X", "Stick at least 15.", "s", house_rules=(
            good, HouseRule("packs", "least 15", {2: "least 15"}, "one pack")))
    with pytest.raises(ValueError, match="give a function"):
        HouseRule("min_stick", "15", {16: "16"}, "15", also=("packs",))


def test_house_rules_at_lists_the_rules_a_profile_changes() -> None:
    assert [r.id for r in catalog.house_rules_at(load_rules("casino-pontoon-s17"))] == [
        "casino-pontoon.dealer"]
    assert catalog.house_rules_at(load_rules("pontoon")) == ()
