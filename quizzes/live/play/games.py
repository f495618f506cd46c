"""Each game's play-along adapter: what the learner sees, and the choices before the deal.

Everything else comes from the game contract through :class:`~quizzes.live.play.Adapter`.

>>> a = PontoonAdapter()
>>> state = a.deal(a.rules(), "3", {})
>>> a.your_turn(state), [c.label for c in a.choices(state)][:2]
(True, ['Stake 10', 'Stake 55'])
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from cardrules.profiles import Profile
from cardrules.rng import Rng
from quizzes.live.play.adapter import Adapter, Choice, Result, Step, register
from quizzes.live.play.voice import as_you, second_person
from quizzes.model.question import CardRow


class BancoAdapter(Adapter):
    """Punto Banco: you bet, then deal as the croupier, drawing by the tableau."""

    game = "banco"
    title = "Punto Banco"
    profile = "punto-banco"
    intro = ("Bet on a hand, then be the croupier: decide for each hand whether it draws a "
             "third card. The engine refuses any draw the rules forbid and says why.")
    setup: ClassVar[dict[str, tuple[str, ...]]] = {"Bet on": ("Player", "Banker", "Tie")}
    stake = 10
    needs = ("new_coup", "coup_record", "settle", "Draw", "Stand", "Side", "Bet", "BetOn")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        """A new coup from the shoe shuffled with ``seed``."""
        return self.module.new_coup(rules, seed=seed)

    def your_turn(self, state: Any) -> bool:
        """The learner is the croupier: every decision of the coup is theirs."""
        return not self.is_over(state)

    def choices(self, state: Any) -> list[Choice]:
        """Draw or stand, for the hand whose turn it is."""
        m = self.module
        side = m.Side.PLAYER if state.stage.name == "PLAYER" else m.Side.BANKER
        name = side.value.capitalize()
        return [Choice(f"{name} draws a third card", m.Draw(side)),
                Choice(f"{name} stands", m.Stand(side))]

    def rows(self, state: Any) -> list[CardRow]:
        """The Player's and the Banker's hands with their totals."""
        return [CardRow(f"Player ({state.player_total})", tuple(state.player)),
                CardRow(f"Banker ({state.banker_total})", tuple(state.banker))]

    def status(self, state: Any) -> str:
        """Who won, or which hand is to draw or stand."""
        if self.is_over(state):
            r = state.result.value
            winner = "A tie" if r == "tie" else f"{r.capitalize()} wins"
            return f"Coup over. {winner}, {state.player_total} to {state.banker_total}."
        side = "Player" if state.stage.name == "PLAYER" else "Banker"
        return f"{side} to act: does the {side.lower()} hand draw a third card?"

    def _settled(self, state: Any, setup: dict[str, str]) -> Any:
        """The learner's bet (chosen before the deal) settled on the finished coup."""
        m = self.module
        on = m.BetOn[setup.get("Bet on", "Player").upper()]
        return m.settle([m.Bet(self.you, on, self.stake)], m.coup_record(state), state.rules)

    def result(self, state: Any, setup: dict[str, str]) -> Result:
        """The learner's bet settled (the bet is the learner's choice before the deal)."""
        s = self._settled(state, setup)
        rows: list[list[object]] = [
            [p.bet.bettor, p.bet.on.value, p.bet.amount, p.net, f"{p.reason} [{p.rule_id}]"]
            for p in s.payments]
        rows.append(["House", "", "", s.house, "the other side of every bet"])
        return self.spoken(("Settlement", ["Bettor", "Bet on", "Stake", "Net", "Why"], rows))

    def behind(self, state: Any, setup: dict[str, str]) -> bool:
        """Whether the learner's bet lost."""
        return bool(self.is_over(state)
                    and sum(p.net for p in self._settled(state, setup).payments) < 0)


class PontoonAdapter(Adapter):
    """Pontoon: you stake and play your hand; the engine is the banker."""

    game = "pontoon"
    title = "Pontoon"
    profile = "pontoon"
    banker = "Banker"
    intro = ("You play against the banker: stake, then buy, twist or stick. The banker's "
             "cards stay face down until your turn ends.")
    needs = ("new_deal", "sensible_action", "Stake", "Shoot", "Buy", "Twist", "Stick",
             "Declare", "Split")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        """A deal with two seats: the banker (the engine) and you."""
        return self.module.new_deal(rules, [self.banker, self.you], banker=self.banker,
                                    seed=seed)

    def auto(self, state: Any, rng: Rng) -> object:
        """The banker plays the engine's sensible policy."""
        return self.module.sensible_action(state, rng)

    def hands_lost(self, state: Any) -> int:
        """The learner's hands gone bust."""
        return sum(h.status.name == "BUST" for p in state.players if p.name == self.you
                   for h in p.hands)

    def choices(self, state: Any) -> list[Choice]:
        """Stakes, shoot bets, or declare, split, buy, twist and stick."""
        m = self.module
        r = state.rules
        if state.phase.name == "STAKES":
            amounts = sorted({r.min_stake, (r.min_stake + r.max_stake) // 2, r.max_stake})
            return [Choice(f"Stake {a}", m.Stake(a)) for a in amounts]
        if state.phase.name == "SHOOT":
            return [Choice("No shoot bet", m.Shoot(0)), Choice("Shoot 1", m.Shoot(1))]
        hand = state.players[state.turn].hands[state.hand_index]
        buy = hand.stake if not hand.buys else hand.buys[-1]
        return [Choice("Declare pontoon", m.Declare()), Choice("Split", m.Split(0)),
                Choice(f"Buy for {buy}", m.Buy(buy)), Choice("Twist", m.Twist()),
                Choice("Stick", m.Stick())]

    def rows(self, state: Any) -> list[CardRow]:
        """Every hand with its value and stake; the banker's face down until your turn ends."""
        out = []
        for p in state.players:
            for i, h in enumerate(p.hands):
                label = f"{p.name}" + (f" hand {i + 1}" if len(p.hands) > 1 else "")
                label += f" ({h.value}, stake {h.total_stake})" if h.cards else ""
                out.append(CardRow(label, tuple(h.cards)))
        hidden = state.phase.name in ("STAKES", "SHOOT", "PLAYERS")
        cards = tuple(state.banker_cards)
        out.append(CardRow(self.banker, cards,
                           face_down=frozenset(range(len(cards))) if hidden else frozenset()))
        return out

    def status(self, state: Any) -> str:
        """The phase of the deal."""
        if self.is_over(state):
            return "The deal is over."
        return f"Now: {state.phase.value}."


class CasinoPontoonAdapter(Adapter):
    """Casino Pontoon: one seat against the dealer, who draws by the house rules."""

    game = "casino-pontoon"
    title = "Casino Pontoon"
    profile = "casino-pontoon"
    stake = 10
    intro = ("Your stake is 10. Hit, stand, double or split; the dealer then plays by the "
             "house rules.")
    needs = ("new_round", "DEALER", "Hit", "Stand", "Double", "Split", "Insure", "NoInsurance")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        """A round with one seat staking 10."""
        return self.module.new_round(rules, [self.stake], seed=seed)

    def your_turn(self, state: Any) -> bool:
        """The learner holds every seat at the table; the dealer is the engine."""
        return self.to_act(state) not in (None, self.module.DEALER)

    def hands_lost(self, state: Any) -> int:
        """The learner's hands gone bust."""
        return sum(h.busted for seat in state.seats for h in seat.hands)

    def behind(self, state: Any, setup: dict[str, str]) -> bool:
        """Whether the learner's seats (every seat but the dealer's) lost chips."""
        if not self.is_over(state):
            return False
        net = self.engine.outcome(state).net()
        return sum(v for k, v in net.items() if k != self.module.DEALER) < 0

    def choices(self, state: Any) -> list[Choice]:
        """Insurance, or hit, stand, double and split."""
        m = self.module
        if state.phase.name == "INSURANCE":
            return [Choice("No insurance", m.NoInsurance()),
                    Choice(f"Insure for {self.stake // 2}", m.Insure(self.stake // 2))]
        return [Choice("Hit", m.Hit()), Choice("Stand", m.Stand()), Choice("Double", m.Double()),
                Choice("Split", m.Split())]

    def say(self, text: str) -> str:
        """The engine names the learner's seat "Seat 1"; the table says "you".

        >>> CasinoPontoonAdapter().say("Seat 1 stands on 6♠ Q♠ (16).")
        'You stand on 6♠ Q♠ (16).'
        """
        return second_person(as_you(text, self.module.seat_name(0)))

    def rows(self, state: Any) -> list[CardRow]:
        """Your hands, and the dealer's with the hole card face down."""
        out = []
        for seat in state.seats:
            for i, h in enumerate(seat.hands):
                label = "Your hand" + (f" {i + 1}" if len(seat.hands) > 1 else "")
                out.append(CardRow(label, tuple(h.cards)))
        seen = state.visible_dealer()
        out.append(CardRow("Dealer", tuple(state.dealer),
                           face_down=frozenset(i for i, c in enumerate(seen) if c is None)))
        return out

    def status(self, state: Any) -> str:
        """The phase of the round."""
        return "The round is over." if self.is_over(state) else f"Now: {state.phase.value}."



class CasinoAdapter(Adapter):
    """Casino: you (South) against the engine (North) for one round."""

    game = "casino"
    title = "Casino"
    profile = "casino"
    intro = ("You are South, the engine North. Capture, build or trail; a round ends when "
             "the pack is used up, then the cards are counted.")
    needs = ("new_game", "greedy_move", "describe", "score_round", "table_rows", "Trail",
             "capture_options", "can_apply")
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
    title = "Palace Poker"
    profile = "palace-poker"
    players = ("You", "Ann", "Bob")
    intro = ("You play one hand of Palace Poker against two engine players (who pick among "
             "the legal actions at random). Only actions the rules allow go through.")
    needs = ("new_hand", "random_action", "Fold", "Stay", "Call", "Pass", "Buy")

    def deal(self, rules: Profile, seed: str, setup: dict[str, str]) -> Any:
        """A hand for you and two engine players."""
        return self.module.new_hand(rules, list(self.players), seed=seed)

    def offered(self, state: Any) -> tuple[object, ...]:
        """Buy, stay, call, pass and fold are offered whether allowed or not."""
        m = self.module
        return (m.Buy(), m.Stay(), m.Call(), m.Pass(), m.Fold())

    def rows(self, state: Any) -> list[CardRow]:
        """Each player's palace and chips; the others' face down until the hand ends."""
        out = []
        over = self.is_over(state)
        for p in state.players:
            cards = tuple(getattr(p, "palace", ()) or ())
            hidden = p.name != self.you and not over
            out.append(CardRow(f"{p.name} ({getattr(p, 'chips', '')} chips)", cards,
                               face_down=frozenset(range(len(cards))) if hidden else frozenset()))
        return out

    def status(self, state: Any) -> str:
        """The phase of the hand."""
        phase = getattr(state, "phase", None)
        return ("The hand is over." if self.is_over(state)
                else f"Now: {getattr(phase, 'value', '')}.")

    def result(self, state: Any, setup: dict[str, str]) -> Result:
        """Each player's chips after the hand."""
        return self.spoken(("Chips after the hand", ["Player", "Chips"],
                            [[p.name, p.chips] for p in state.players]))

    def hands_lost(self, state: Any) -> int:
        """1 once the learner is out of the hand (folded, passed, beaten), else 0."""
        return sum(not p.in_hand for p in state.players if p.name == self.you)


for _adapter in (BancoAdapter(), PontoonAdapter(), CasinoPontoonAdapter(), CasinoAdapter(),
                 PalaceAdapter()):
    register(_adapter)
