"""The static book's quizzes: questions as self-checking HTML (:mod:`.html`), card pictures
as SVG (:mod:`.svg`), the Python side of the Practice page's Web Worker (:mod:`.worker`),
and the JavaScript and CSS they need (``assets/``).  No server, no ipywidgets."""
