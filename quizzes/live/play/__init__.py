"""The play-along adapters: how the table plays each game, without any widget.

The table (:mod:`quizzes.live.table`, ipywidgets) draws what an :class:`Adapter` gives
it and sends back the learner's choice; the adapter talks to the game through the
game contract alone (:class:`cardrules.game.Game`: ``start`` to named seats, the
learner's ``view``, ``legal_actions`` labelled by ``describe``, ``apply``, ``explain``,
``to_act``, the game's computer ``players`` and the ``outcome``).  A game's own adapter
says only which seat is the learner's, what else it acts for, and an introduction.

The engines write of every seat in the third person; the adapters name the learner's
seat "You" and say the engines' sentences in the second person (:func:`second_person`).

Everything here imports without ipywidgets:

>>> a = adapter("punto-banco")
>>> a.game, a.title
('banco', 'Punto Banco')
>>> state = a.deal(a.rules(), "1", {})
>>> [c.label for c in a.choices(state)][:3]
['Bet 1 on the Player', 'Bet 10 on the Player', 'Bet 1000 on the Player']
>>> state = a.apply(state, a.choices(state)[1].action)
>>> while not a.is_over(state):
...     state = a.apply(state, a.legal(state)[0])
>>> caption, header, rows = a.result(state, {})
>>> caption, header[:2]
('Settlement (net: House -10, You +10)', ['Payer', 'Payee'])
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
