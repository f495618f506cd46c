"""quizzes: engine-checked questions for every rule, live and static.

>>> from quizzes import make
>>> q = make("banco.natural.spot", seed=1)
>>> q.rule_ids
('banco.natural',)
>>> q.check(q.correct[0]).correct
True
"""

from .core import CardRow, Kind, Question, Verdict
from .registry import all_generators, bank, for_rule, generator, get, make

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
    "make",
    "quiz",
]


def quiz(*args: object, **kwargs: object) -> object:
    """A quiz for a notebook cell: live ipywidgets in Jupyter, static HTML in the book.

    See :func:`quizzes.notebook.quiz`.
    """
    from .notebook import quiz as _quiz

    return _quiz(*args, **kwargs)  # type: ignore[arg-type]
