# The two commands of the README: `make dashboard` and `make test`. Each sets up what it needs.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
TEST_STAMP := $(VENV)/.test-installed-stamp

.PHONY: dashboard test lint bench native

# What pokerhh itself needs (its dependencies and the compiled core): the dashboard's
# whole set-up, without the test extras (issue 23 item 18: 765 MB of dask, pyarrow,
# duckdb, pokerkit, mypy and selenium that the dashboard never imports).
$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $(STAMP)

# The test extra ([project.optional-dependencies] test) on top: its requirements read
# from pyproject.toml and installed as they are, so pokerhh is not built a second time.
$(TEST_STAMP): $(STAMP) pyproject.toml
	$(BIN)/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["test"]))' > $(VENV)/test-requirements.txt
	$(BIN)/python -m pip install -q -r $(VENV)/test-requirements.txt
	touch $(TEST_STAMP)

## Import sample_histories/ into a demo database and open the dashboard on it. The demo
## database is .venv/demo.sqlite, never your own; `make dashboard DEMO_DB=FILE` chooses.
DEMO_DB ?= $(VENV)/demo.sqlite

dashboard: $(STAMP)
	$(BIN)/pokerhh import --quiet --problems 0 --db $(DEMO_DB) sample_histories
	$(BIN)/pokerhh dashboard --db $(DEMO_DB)

## Lint, type-check (mypy --strict, [tool.mypy]) and run the whole test suite, on the
## compiled core when it is built (setup.py): on every core (pytest-xdist, a test file to
## a worker so its module fixtures are built once), then the browser tests alone (they
## time what a user sees: Chromium beside another worker would time the machine's load);
## then the doctests of the packages once more in pure Python, which the compiled run
## cannot collect (tests/native_plugin.py).
test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pokerhh --version
	$(BIN)/python -m pytest -n auto --dist loadfile -m "not browser"
	$(BIN)/python -m pytest -m browser
	POKERHH_PURE=1 $(BIN)/python -m pytest -q parser replayer analytics

## Compile the core again after editing one of its modules (until then the edited sources
## run in pure Python: parser/native.py). POKERHH_COMPILE=0 make native: no compiled core.
native: $(STAMP)
	$(BIN)/python -m pip install -q --no-deps -e .

lint: $(TEST_STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python benchmarks/import_pluribus.py
