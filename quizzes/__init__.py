"""quizzes: engine-checked questions for every rule, live and static.

The quiz layer knows the engine but no Sphinx.  Its rooms: :mod:`quizzes.model` (the
question, the registry of generators, the banks), :mod:`quizzes.generators` (one module a
game), :mod:`quizzes.static` (self-checking HTML, card pictures, the Practice worker and
their assets), :mod:`quizzes.live` (ipywidgets quizzes and the play-along table),
:mod:`quizzes.teach` (lessons, worksheets, house rules, Voilà and the ``cardrules``
command) and :mod:`quizzes.pages` (the pieces of the book's pages and its Reference).

A chapter's code cells need four names, all importable from here: :func:`quiz`,
:func:`show_cards`, :func:`html_table` and :func:`say` (the engine's words as sentences,
each rule cited by its title).

>>> from quizzes import make
>>> q = make("banco.natural.spot", seed=1)
>>> q.rule_ids
('banco.natural',)
>>> q.check(q.correct[0]).correct
True
"""

from quizzes.live.notebook import html_table, quiz, say, show_cards
from quizzes.model.question import CardRow, Kind, Question, Verdict
from quizzes.model.registry import all_generators, bank, for_rule, generator, get, make

__all__ = [
    "CardRow",
    "Kind",
    "Question",
    "Verdict",
    "all_generators",
    "bank",
    "for_rule",
    "generator",
    "get",
    "html_table",
    "make",
    "quiz",
    "say",
    "show_cards",
]
