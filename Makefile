# The two commands of the README: `make dashboard` and `make test`. Each sets up what it needs.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: dashboard test lint bench

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

## Import sample_histories/ into a demo database and open the dashboard on it. The demo
## database is .venv/demo.sqlite, never your own; `make dashboard DEMO_DB=FILE` chooses.
DEMO_DB ?= $(VENV)/demo.sqlite

dashboard: $(STAMP)
	$(BIN)/pokerhh import --quiet --db $(DEMO_DB) sample_histories
	$(BIN)/pokerhh dashboard --db $(DEMO_DB)

## Lint, type-check (mypy --strict, [tool.mypy]) and run the whole test suite.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python benchmarks/import_pluribus.py
