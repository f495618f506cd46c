"""pytest collects the doctests of ``lite`` (``build.py``, ``sphinx/cardlive.py``), but not:

- ``pystdlib.py`` and ``pycompile.py``: scripts that run inside Pyodide, under node, at
  build time.  Importing one does its work at once (``pystdlib.py`` starts every quiz
  generator, then rewrites a zip) and needs the globals its ``.mjs`` caller sets (``SRC``,
  ``DEST``, ``JOBS``), so there is nothing to import them for here; mypy checks them.
- ``_build`` and ``_cache``: what ``build.py`` writes (the staged site, downloaded and
  compiled wheels), none of it this project's source.
"""

collect_ignore = ["pystdlib.py", "pycompile.py", "_build", "_cache"]
