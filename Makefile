# cardrules: two commands, `make book` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
VENDOR := book/_vendor
HTML := book/_build/html
KERNEL_CONF := $(VENV)/etc/ipython/ipython_kernel_config.py

.PHONY: all book test early slow serve vendor lint typecheck bench clean venv unit browser voila lessons dist golden screenshots

all: book

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

venv: $(STAMP) $(KERNEL_CONF)

# The kernels of the environment (book build, notebook tests, Voila) read this file; it drops
# ipykernel's note on local TCP, once per kernel (book/_kernel/ipython_kernel_config.py).
$(KERNEL_CONF): book/_kernel/ipython_kernel_config.py $(STAMP)
	mkdir -p $(dir $@)
	cp $< $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	touch node_modules/.package-lock.json

# Front-end assets served from the book itself, never from a CDN.
$(VENDOR)/.stamp: node_modules/.package-lock.json
	rm -rf $(VENDOR)
	mkdir -p $(VENDOR)/requirejs $(VENDOR)/html-manager $(VENDOR)/mathjax $(VENDOR)/ts-fsrs
	cp node_modules/requirejs/require.js $(VENDOR)/requirejs/require.min.js
	cp node_modules/@jupyter-widgets/html-manager/dist/embed-amd.js $(VENDOR)/html-manager/
	cp node_modules/@jupyter-widgets/html-manager/dist/*.woff* $(VENDOR)/html-manager/
	cp -r node_modules/mathjax/es5/* $(VENDOR)/mathjax/
	# The spaced-repetition scheduler of the Practice and Progress pages (FSRS, as in Anki),
	# loaded only once a learner has answered (quizzes/static/assets/cardrules-quiz.js).
	sed '/sourceMappingURL/d' node_modules/ts-fsrs/dist/index.umd.js > $(VENDOR)/ts-fsrs/ts-fsrs.umd.js
	cp node_modules/ts-fsrs/LICENSE $(VENDOR)/ts-fsrs/LICENSE.txt
	touch $@

vendor: $(VENDOR)/.stamp

# The book's live mode: JupyterLite and Pyodide, served from the book itself (lite/build.py).
.PHONY: lite
lite: $(STAMP) node_modules/.package-lock.json
	$(PY) lite/build.py

# The lesson pages are made again first: a page whose spec or house rules changed is
# rewritten (the others keep their date), and a lesson that cannot be built stops here with
# the spec file and the key at fault.
book: $(STAMP) $(KERNEL_CONF) vendor lite lessons
	rm -rf $(HTML)
	$(VENV)/bin/jupyter-book build book -W -n --keep-going

serve: book
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory $(HTML)

# The book's Sphinx extensions and the live mode's scripts are checked like the engine.
lint: $(STAMP)
	$(VENV)/bin/ruff check cardrules quizzes tests benchmarks book/_ext lite
	$(PY) -m mypy --strict cardrules quizzes book/_ext lite

unit: $(STAMP) $(KERNEL_CONF)
	$(PY) -m pytest -m "not browser and not notebook and not slow and not wheel"

# The whole suite: lint, types, unit, doctests, property, notebook and browser tests.  The
# book build runs one notebook at a time; beside it run ruff and mypy, then every test that
# needs no built book (`early`, on two workers: the three share the two cores).  The tests
# that read the built book run after it.
test: $(STAMP) $(KERNEL_CONF)
	$(MAKE) --no-print-directory -j2 --output-sync=target early book
	$(PY) -m pytest -n 2 --dist worksteal -m "not slow" --book=after --durations=25

early: lint
	$(PY) -m pytest -n 2 --dist worksteal -m "not slow" --book=before --durations=15

# The long exhaustive checks (all 133,784,560 seven-card hands, 10,000-game runs): `make slow`.
slow: $(STAMP) $(KERNEL_CONF)
	$(PY) -m pytest -n 2 -m slow

# Write the golden playthroughs (tests/golden/) again after a deliberate change to a game's
# play, explanations or outcome; review the diff before committing.
golden: $(STAMP)
	$(PY) -m tests.golden

# Whole-page screenshots of every page of the built book at 390 and 1280 px, light and dark,
# in book/_build/screenshots, for people to look at (the suite keeps the first screen only).
screenshots: $(STAMP)
	CARDRULES_SCREENSHOTS=whole $(PY) -m pytest -n 2 --book=after -q \
		tests/test_pages.py tests/test_search.py tests/test_class_browser.py

bench: $(STAMP)
	$(PY) benchmarks/run.py

# The class's live quiz (Voila) on http://127.0.0.1:8866, settings in apps/voila.json; Ctrl-C stops it.
# JUPYTER_PATH finds the page template of apps/jupyter/voila/templates/cardrules, which asks
# no CDN for icons. Without make: cd apps && JUPYTER_PATH=jupyter voila live-quiz.ipynb
voila: $(STAMP) $(KERNEL_CONF)
	cd apps && JUPYTER_PATH=jupyter ../$(VENV)/bin/voila live-quiz.ipynb

# Rebuild the lesson pages (book/lessons) from the lesson specs in examples/; only the pages
# whose content changed are written.
lessons: $(STAMP) $(KERNEL_CONF)
	$(VENV)/bin/cardrules lesson build examples

# The wheel and the sdist, in dist/ (the wheel ships the engine, the quiz layer and conf/).
dist: $(STAMP)
	rm -rf dist
	$(PY) -m build --outdir dist .

clean:
	rm -rf book/_build $(VENDOR) lite/_build dist book/reference
