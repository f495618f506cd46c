"""Teachers' lessons: a short spec file becomes a book page, a notebook and a worksheet.

A lesson spec is a small TOML (or YAML) file naming the title, notes on the
audience, the house-rule profile, the rules to explain in order and the quizzes
(generator, count, seed).  From it:

- :func:`build` writes a MyST page for the book (``book/lessons/<slug>.md``, made
  of the book's ``{rule}``, ``{position}``, ``{deal}`` and ``{quiz}`` directives)
  and a notebook of the same lesson with live ipywidgets quizzes;
- :func:`worksheet_html` and :func:`print_worksheet` make a printable worksheet
  with card pictures, spaces to answer and an answer key on separate pages;
- :func:`scaffold` writes a commented spec to start from;
- :func:`live_session` is the class's live quiz (the Voilà app ``apps/live-quiz.ipynb``).

A bad spec fails in one line with the file, the key and what is allowed, and nothing
is written until everything has been made.  A spec or profile is at most 1 MB and nests at
most 32 deep (:mod:`~quizzes.teach.spec`); every file is written safely
(:mod:`~quizzes.teach.files`); profiles are read only from the allowed folders
(:mod:`~quizzes.teach.folders`).

The parts: :mod:`~quizzes.teach.spec` reads and checks a spec,
:mod:`~quizzes.teach.page` makes the page, the notebook and the scaffold,
:mod:`~quizzes.teach.worksheet` the printable worksheet,
:mod:`~quizzes.teach.voila` the class's live quiz,
:mod:`~quizzes.teach.folders` where profiles may be read from, and
:mod:`~quizzes.teach.files` writes every file safely, all or nothing.  Every public name is
importable from :mod:`quizzes.teach` itself.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> spec = folder / "totals.toml"
>>> _ = spec.write_text('title = "Totals"\\nprofile = "punto-banco"\\n'
...                     'rules = ["banco.hand-value"]\\n'
...                     '[[quizzes]]\\ngenerator = "banco.hand-value.total"\\ncount = 3\\n')
>>> lesson = load_spec(spec)
>>> lesson.title, lesson.slug, [r.id for r in lesson.rules], lesson.quizzes[0].count
('Totals', 'totals', ['banco.hand-value'], 3)
>>> [p.name for p in build(spec, folder / "out")]
['totals.md', 'totals.ipynb']
>>> _ = spec.write_text('title = "Totals"\\nprofile = "punto-banco"\\nrules = ["banco.hand-valu"]\\n')
>>> load_spec(spec)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
quizzes.teach.SpecError: .../totals.toml: rules[1]: unknown rule id 'banco.hand-valu' (did you mean banco.hand-value?)
"""

from __future__ import annotations

from quizzes.teach.files import (
    OutputError,
    check_writable,
    default_out_dir,
    project_root,
    relative_path,
    toc_lists,
    write_all,
    write_changed,
    write_file,
)
from quizzes.teach.page import (
    build,
    lesson_games,
    lesson_notebook,
    lesson_page,
    new_spec,
    profile_box,
    rebuild,
    render,
    rule_box,
    scaffold,
)
from quizzes.teach.spec import (
    MAX_COUNT,
    Lesson,
    QuizItem,
    RuleItem,
    SpecError,
    check_slug,
    iter_specs,
    load_spec,
)
from quizzes.teach.voila import (
    game_label,
    live_session,
    quiz_title,
    session_games,
    session_generators,
    session_profile,
    session_profiles,
)
from quizzes.teach.worksheet import (
    find_chromium,
    html_to_pdf,
    markdown_html,
    print_worksheet,
    worksheet_html,
    worksheet_name,
    worksheet_questions,
)

# The error names the package, where teachers meet it: ``quizzes.teach.SpecError``.
SpecError.__module__ = __name__
OutputError.__module__ = __name__

__all__ = [
    "MAX_COUNT",
    "Lesson",
    "OutputError",
    "QuizItem",
    "RuleItem",
    "SpecError",
    "build",
    "check_slug",
    "check_writable",
    "default_out_dir",
    "find_chromium",
    "game_label",
    "html_to_pdf",
    "iter_specs",
    "lesson_games",
    "lesson_notebook",
    "lesson_page",
    "live_session",
    "load_spec",
    "markdown_html",
    "new_spec",
    "print_worksheet",
    "profile_box",
    "project_root",
    "quiz_title",
    "rebuild",
    "relative_path",
    "render",
    "rule_box",
    "scaffold",
    "session_games",
    "session_generators",
    "session_profile",
    "session_profiles",
    "toc_lists",
    "worksheet_html",
    "worksheet_name",
    "worksheet_questions",
    "write_all",
    "write_changed",
    "write_file",
]
