"""Each game's play-along adapter: which seat is the learner's, and an introduction.

Everything else comes from the game contract through :class:`~quizzes.live.play.Adapter`.

>>> a = PontoonAdapter()
>>> state = a.deal(a.rules(), "3", {})
>>> a.your_turn(state), [c.label for c in a.choices(state)]
(True, ['Stake 10', 'Stake 100'])
"""

from __future__ import annotations

from typing import Any, cast

from cardrules.profiles import Profile
from cardrules.rng import Rng
from quizzes.live.play.adapter import Adapter, Choice, Result, Step, register
from quizzes.model.question import CardRow


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
    """Casino: you (South) against the engine (North) for one round."""

    game = "casino"
    title = "Casino"
    profile = "casino"
    intro = ("You are South, the engine North. Capture, build or trail; a round ends when "
             "the pack is used up, then the cards are counted.")
    @property
    def module(self) -> Any:
        """The game's module (its builder's entry points)."""
        from cardrules import game as registry

        return registry.module(self.game)
    #: the most plays listed as whole-play buttons (a crowded table may allow millions:
    #: then the learner picks the cards, see :meth:`picking`)
    MAX_LISTED = 48

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        """A new game dealt from the pack shuffled with ``seed``."""
        return self.module.new_game(rules, seed=seed)

    def seat(self, state: Any) -> str:
        """The learner holds the last seat (South)."""
        return str(state.names[len(state.hands) - 1])

    def auto(self, state: Any, rng: Rng) -> object:
        """North plays the engine's greedy policy."""
        return self.module.greedy_move(state)

    def offered(self, state: Any) -> tuple[object, ...]:
        """Trailing is offered for every card in hand, allowed or not."""
        return tuple(self.module.Trail(card) for card in state.hand)

    def choices(self, state: Any) -> list[Choice]:
        """The buttons at the start of a turn (see :meth:`picking`)."""
        return self.picking(state, None)

    def picking(self, state: Any, pick: object) -> list[Choice]:
        """The buttons for a play picked card by card (:mod:`quizzes.live.play.casino_pick`).

        At the start of a turn: every legal play as a button when there are at most
        :attr:`MAX_LISTED` (the lazy collection counts them without listing), else trailing
        each card; then a "Pick" button per card in hand.  Once a card is picked: the plays
        the picked cards make (to confirm), a button per table item to add (those that may
        still join are marked) or put back, the other cards in hand, and "Start again".
        """
        from quizzes.live.play.casino_pick import Pick, addable, item_text, play_label, plays

        p = pick if isinstance(pick, Pick) else Pick()
        out: dict[str, Choice] = {}

        def offer(choice: Choice) -> None:
            out.setdefault(choice.label, choice)

        ok = self.module.can_apply
        if p.card is None:
            legal = self.legal(state)
            whole = legal if len(legal) <= self.MAX_LISTED else self.offered(state)
            for m in whole:
                offer(Choice(play_label(state, cast(Any, m)), m))
        else:
            for m in plays(state, p):
                legal_now = ok(state, m)
                offer(Choice(play_label(state, m), m, "success" if legal_now else "",
                             "Play it" if legal_now else "Not a legal play yet: press to "
                             "see why"))
            can_add = addable(state, p)
            for item in (*state.loose, *(b.value for b in state.builds)):
                if item in p.items:
                    continue
                joins = item in can_add
                offer(Choice(f"Add {item_text(item)}", Step("add", item),
                             "info" if joins else "",
                             f"{item_text(item).capitalize()} may join the play" if joins
                             else f"{item_text(item).capitalize()} cannot join this play"))
            for item in p.items:
                offer(Choice(f"Put back {item_text(item)}", Step("remove", item), "warning",
                             f"Take {item_text(item)} out of the play"))
        for card in state.hand:
            if card != p.card:
                offer(Choice(f"Pick {card}", Step("hand", card), "",
                             f"Play {card}: then pick the table cards it takes or builds with"))
        if p.card is not None:
            offer(Choice("Start again", Step("reset"), "", "Put everything back"))
        return list(out.values())

    def step(self, state: Any, pick: object, step: Step) -> object:
        """The pick after one step, or IllegalAction with the rule's id."""
        from quizzes.live.play.casino_pick import Pick
        from quizzes.live.play.casino_pick import step as take_step

        return take_step(state, pick if isinstance(pick, Pick) else Pick(), step)

    def pick_text(self, state: Any, pick: object) -> str:
        """What is picked, the play it makes and what may still be added."""
        from quizzes.live.play.casino_pick import Pick, summary

        return summary(state, pick if isinstance(pick, Pick) else Pick())

    def label(self, action: object) -> str:
        """The play in words, as the engine describes it."""
        text = str(self.module.describe(action))
        return text[0].upper() + text[1:]

    def rows(self, state: Any) -> list[CardRow]:
        """The table, your hand, and the other hands face down."""
        you = len(state.hands) - 1
        out = [CardRow(label, tuple(cards)) for label, cards in self.module.table_rows(state)]
        out.append(CardRow(f"Your hand ({state.names[you]})", tuple(state.hands[you])))
        for i in range(len(state.hands)):
            if i != you:
                n = len(state.hands[i])
                out.append(CardRow(state.names[i], tuple(state.hands[i]),
                                   face_down=frozenset(range(n))))
        return out

    def status(self, state: Any) -> str:
        """Cards left in the pack, or that the round is counted."""
        if self.is_over(state):
            return "The round is over: the cards are counted."
        return f"{len(state.stock)} cards left in the pack. Your move."

    def result(self, state: Any, setup: dict[str, str]) -> Result:
        """The score of the round, item by item (most cards, spades, aces...)."""
        score = state.rounds[-1] if getattr(state, "rounds", ()) else None
        if score is None:
            score = self.module.score_round(state)
        return self.spoken(("Score of the round", ["Item", *score.sides], score.table()))


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
