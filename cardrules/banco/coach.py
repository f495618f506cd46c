"""The Punto Banco coach: what each bet is worth before the coup, and the tableau's call
for the hand to act.

Before the deal the shoe is whole, so the exact odds of the shoe
(:func:`~cardrules.banco.exact_odds`) give each bet's exact expected value under the
table's payouts.  Once the cards are out nobody chooses: the croupier draws or stands as
the rules say, and :func:`call_tableau` says which, and why, so that a learner may be
asked before the engine deals.
"""

from __future__ import annotations

from fractions import Fraction

from ..cards import Card
from ..coach import (
    Advice,
    Measure,
    Method,
    Ruling,
    advise,
    not_your_turn,
    nothing_to_advise,
    table_rules,
)
from ..game import SetupError, View, check_profile
from ..profiles import Profile
from ..rng import Rng
from .actions import Action, Draw, PlaceBet, Stand
from .odds import exact_odds
from .outcome import payout
from .profile import BancoRules, load_banco  # noqa: F401  (load_banco: doctests)
from .state import BetOn
from .values import Result, Side, banker_draws, banker_reason, player_draws
from .view import BancoView, banco_view

_BET_WORDS = {BetOn.PLAYER: "the Player", BetOn.BANKER: "the Banker", BetOn.TIE: "a tie"}


def bet_values(rules: BancoRules) -> dict[BetOn, Fraction]:
    """The exact expected net win of one chip on each bet the table takes, for a coup from
    a whole shoe: each result's exact chance (:func:`~cardrules.banco.exact_odds`) times
    what the bet pays on it (:func:`~cardrules.banco.payout`) [banco.payouts].

    >>> v = bet_values(load_banco())
    >>> {on.value: f"{float(x):+.4%}" for on, x in v.items()}
    {'player': '-1.2351%', 'banker': '-1.0579%', 'tie': '-14.3596%'}
    >>> sorted(on.value for on in bet_values(load_banco("banco")))  # no tie bets: ties are dealt again
    ['banker', 'player']
    """
    rules = check_profile(rules, BancoRules, "Punto Banco")
    odds = exact_odds(rules.decks, rules.tie_pays, rules.commission_percent)
    chance = {Result.PLAYER: odds.player, Result.BANKER: odds.banker, Result.TIE: odds.tie}
    sides = (BetOn.PLAYER, BetOn.BANKER) if rules.table == "social" else tuple(BetOn)
    return {on: sum((p * payout(on, result, 1, rules)[0] for result, p in chance.items()),
                    Fraction(0))
            for on in sides}


def call_tableau(view: View[Action]) -> Ruling[Action]:
    """The rules' call for the hand to act, from any seat's view of the coup: whether the
    Player or the Banker hand draws a third card, by which rule and why
    [banco.player-draw] [banco.third-card].

    >>> from cardrules.banco import new_coup, parse_cards, standard_bets, view
    >>> bets = standard_bets(load_banco(), 1)
    >>> s = new_coup(load_banco(), parse_cards("3C 2D KH 3S 4C"), bets=bets)
    >>> r = call_tableau(view(s, "Seat 1"))
    >>> r.action, r.rule_id
    (Draw(side=<Side.PLAYER: 'player'>), 'banco.player-draw')
    >>> r.reason
    'The player draws on 3: the player draws on 0-5 and stands on 6-7.'
    >>> from cardrules.banco import Draw, apply
    >>> print(call_tableau(view(apply(s, Draw(Side.PLAYER)), "Seat 1")).reason)
    The banker draws on 5 when the player's third card is a 4: with 5 the banker draws when the player's third card is 4 to 7.
    >>> call_tableau(view(new_coup(load_banco(), parse_cards("9C 2D KH 3S"), bets=bets), "Seat 1"))
    Traceback (most recent call last):
    ...
    cardrules.game.SetupError: No hand is to draw or stand: the coup is over.
    """
    v = banco_view(view)
    if v.over or v.to_act not in ("Player", "Banker"):
        where = "the coup is over" if v.over else "the bets are still being placed"
        raise SetupError(f"No hand is to draw or stand: {where}.")
    if v.to_act == "Player":
        t = v.player_total
        draws = player_draws(t)
        verb = "draws" if draws else "stands"
        return Ruling(Draw(Side.PLAYER) if draws else Stand(Side.PLAYER), "banco.player-draw",
                      f"The player {verb} on {t}: the player draws on 0-5 and stands on 6-7.")
    third = _third_card(v)
    draws = banker_draws(v.banker_total, third)
    return Ruling(Draw(Side.BANKER) if draws else Stand(Side.BANKER), "banco.third-card",
                  banker_reason(v.banker_total, third))


def _third_card(v: BancoView) -> Card | None:
    """The Player hand's third card, as every seat sees it (None when the player stood)."""
    player = next(row for row in v.rows if row.owner == "Player").shown
    return player[2] if len(player) == 3 else None


def coach(view: View[Action], rng: Rng | None = None, *,
          rules: Profile | None = None) -> Advice[Action]:
    """The coach's advice for a Punto Banco seat: while the bets are placed, the exact
    expected value of each bet the table takes, per chip staked (the amount does not
    change it), under the table's rules; once the cards are out, the tableau's call for
    the hand to act (:func:`call_tableau`), for every seat's view.  ``rng`` is not used
    (every figure is exact).

    The view does not carry the table's rules, so give them as ``rules`` (a view that
    carries them as ``view.rules`` needs none).

    >>> from cardrules.banco import start, view
    >>> a = coach(view(start(load_banco(), seed=3), "Seat 1"), rules=load_banco())
    >>> a.best, a.precision
    ((PlaceBet(on=<BetOn.BANKER: 'banker'>, amount=10),), 'exact, this 8-deck shoe')
    >>> a.cost_text(PlaceBet(BetOn.TIE, 10))
    'Betting on a tie costs 13.3% of your stake here; bet on the Banker.'
    >>> coach(view(start(load_banco(), seed=3), "Seat 2"), rules=load_banco()).notes
    ("It is Seat 1's turn, not Seat 2's: Seat 2 has nothing to decide.",)
    """
    v = banco_view(view)
    table = table_rules(v, rules, BancoRules, "Punto Banco")
    if not v.over and v.to_act in ("Player", "Banker"):
        ruling = call_tableau(v)
        return nothing_to_advise("banco", v.seat, "The rules decide: " + ruling.reason,
                                 ruling=ruling)
    if not v.my_turn or not v.betting:
        return not_your_turn(v)
    values = bet_values(table)
    bets = [a for a in v.legal if isinstance(a, PlaceBet)]
    valued: list[tuple[Action, Fraction, str, str]] = []
    for on, value in values.items():
        amounts = sorted(a.amount for a in bets if a.on is on)
        if not amounts:
            continue
        amount = v.standard_bet if v.standard_bet in amounts else amounts[0]
        words = _BET_WORDS[on]
        valued.append((PlaceBet(on, amount), value, f"bet on {words}", f"betting on {words}"))
    social = table.table == "social"
    notes = ["Each figure is what one chip on the bet wins on average over a coup (a bet of "
             "any amount is worth that many times it), from the exact chances of a whole "
             f"{table.decks}-deck shoe."]
    notes.append("At this social table a tie returns every bet and the hand is dealt again; "
                 "the figures count a tie as no win and no loss." if social else
                 f"A Banker win pays 1 to 1 less {table.commission_percent}% commission, a "
                 f"tie {table.tie_pays} to 1; on a tie the Player and Banker bets push.")
    return advise("banco", v.seat, valued, Measure.STAKE, Method.EXACT,
                  f"exact, this {table.decks}-deck shoe", notes=notes)

