"""The play-along adapters: how the table plays each game, without any widget.

The table (:mod:`quizzes.live.table`, ipywidgets) draws what an :class:`Adapter` gives
it and sends back the learner's choice; the adapter talks to the game through the
game contract (:class:`cardrules.game.Game`: ``legal_actions``, ``apply``,
``explain``, ``is_over``, ``to_act``, ``outcome``, ``random_action``).  A game's
own adapter says only what differs: what the learner sees (the buttons, the rows
of cards, the status line) and the choices made before the deal.

The engines write of every seat in the third person; the adapters name the learner's
seat "You" and say the engines' sentences in the second person (:func:`second_person`).

Everything here imports without ipywidgets:

>>> a = adapter("punto-banco")
>>> a.game, a.title
('banco', 'Punto Banco')
>>> state = a.deal(a.rules(), "12", {"Bet on": "Player"})
>>> while not a.is_over(state):
...     state = a.apply(state, a.legal(state)[0])
>>> caption, header, rows = a.result(state, {"Bet on": "Player"})
>>> caption, header[:2]
('Settlement', ['Bettor', 'Bet on'])
"""

from quizzes.live.play.adapter import Adapter, Choice, adapter, adapters, available_games, register
from quizzes.live.play.games import (
    BancoAdapter,
    CasinoAdapter,
    CasinoPontoonAdapter,
    PalaceAdapter,
    PontoonAdapter,
)
from quizzes.live.play.voice import second_person

__all__ = [
    "Adapter",
    "BancoAdapter",
    "CasinoAdapter",
    "CasinoPontoonAdapter",
    "Choice",
    "PalaceAdapter",
    "PontoonAdapter",
    "adapter",
    "adapters",
    "available_games",
    "register",
    "second_person",
]
