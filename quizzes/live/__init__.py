"""Live quizzes and the play-along table, for Jupyter, Voilà and the book's live mode:
ipywidgets quizzes (:mod:`.widgets`), the notebook API of the chapters (:mod:`.notebook`),
the table (:mod:`.table`) and how it plays each game through the contract (:mod:`.play`)."""
