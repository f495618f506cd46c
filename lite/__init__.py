"""The book's live mode: the script that builds it (``build.py``), the Sphinx extension
that puts it into the book (``sphinx/cardlive.py``) and the scripts Pyodide runs at build
time (``pycompile.py``, ``pystdlib.py``).  Not shipped in the wheel.

A package only so that the test suite imports ``build.py`` as ``lite.build``, not under
the name of the ``build`` package that ``make dist`` runs.
"""
