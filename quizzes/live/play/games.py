"""Each game's play-along adapter: which seat is the learner's, and an introduction.

Everything else comes from the game contract through :class:`~quizzes.live.play.Adapter`.

>>> a = PontoonAdapter()
>>> state = a.deal(a.rules(), "3", {})
>>> a.your_turn(state), [c.label for c in a.choices(state)]
(True, ['Stake 10', 'Stake 100'])
"""

from __future__ import annotations

from quizzes.live.play.adapter import Adapter, register


class BancoAdapter(Adapter):
    """Punto Banco: you bet, then deal as the croupier, drawing by the tableau."""

    game = "banco"
    intro = ("Place your bet, then be the croupier: decide for each hand whether it draws a "
             "third card. The engine refuses any draw the rules forbid and says why.")

    def acts_for(self, state: object) -> tuple[str, ...]:
        """Your seat, then the two hands, which you deal as the croupier."""
        return (self.you, *self.engine.capabilities.house_seats)


class PontoonAdapter(Adapter):
    """Pontoon: you stake and play your hand; the engine is the banker."""

    game = "pontoon"
    #: the banker holds the first seat (the bank of the first deal), you the second
    table = ("Banker", "You")
    intro = ("You play against the banker: stake, then buy, twist or stick. The banker's "
             "cards stay face down until your turn ends.")


class CasinoPontoonAdapter(Adapter):
    """Casino Pontoon: one seat against the dealer, who draws by the house rules."""

    game = "casino-pontoon"
    intro = ("Your stake is 10. Hit, stand, double or split; the dealer then plays by the "
             "house rules.")


class CasinoAdapter(Adapter):
    """Casino: you against the engine for one round; a play is picked card by card."""

    game = "casino"
    #: North deals, so you play first
    table = ("North", "You")
    intro = ("You play against the engine (North). Capture, build or trail; on a crowded "
             "table, pick your card and then the table cards it takes. A round ends when the "
             "pack is used up, then the cards are counted.")


class PalaceAdapter(Adapter):
    """Palace Poker: you and two engine players, one hand to its showdown."""

    game = "palace"
    #: Ann deals, so you act first; Bob sits on your left
    table = ("Ann", "You", "Bob")
    intro = ("You play one hand of Palace Poker against two engine players, who buy, "
             "battle and fold by the strength of their hands. Only actions the rules allow "
             "go through.")


for _adapter in (BancoAdapter(), PontoonAdapter(), CasinoPontoonAdapter(), CasinoAdapter(),
                 PalaceAdapter()):
    register(_adapter)
