# The two commands a newcomer needs: `make run` and `make test` (`make test-fast` for a
# quick loop while working). Every test is in one tier: unit, conformance, page, oracle,
# browser; the run ends with each tier's CPU and wall.
# Each creates or updates .venv first; a stamp per extra means nothing is
# reinstalled while pyproject.toml is unchanged.

PYTHON ?= python3
# Python keeps the bytecode it compiles, whatever the machine's environment says: each
# test worker and each site the tests start would otherwise compile the site again.
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501

.PHONY: run test test-fast bench lint browser-deps clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.stamp-run: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.stamp-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.stamp-bench: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $@

run: $(VENV)/.stamp-run
	$(BIN)/streamlit run app.py --server.port $(PORT) --server.headless true

# The browser tests launch Debian's chromium-headless-shell by path (the benches its
# full chromium), and the store's tests start Debian's redis-server on a free port;
# all are installed here, never downloaded by a test tool.
BROWSER_DEPS := chromium chromium-headless-shell redis-server
browser-deps:
	@( for tool in $(BROWSER_DEPS); do command -v $$tool || exit 1; done ) >/dev/null 2>&1 || { \
		echo "Installing Debian's $(BROWSER_DEPS) for the tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq $(BROWSER_DEPS) >/dev/null; }

# Everything, as CI runs it: ruff, then every test (the browser's included) and every
# docstring example, with mypy beside them. Three workers on two cores keep both cores
# busy through the run (a worker waiting on a page or a server leaves its core to
# another; a fourth measured no faster); worksteal hands a finished worker what another
# has not started yet. mypy's report follows the tests', and either failing fails the
# whole.
test: $(VENV)/.stamp-test browser-deps
	$(BIN)/ruff check .
	@$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & typing=$$!; \
	$(BIN)/python -m pytest -n 3 --dist worksteal; tests=$$?; \
	wait $$typing; typed=$$?; cat $(VENV)/mypy.log; \
	[ $$tests -eq 0 ] && [ $$typed -eq 0 ]

# The quick loop: the unit and conformance tiers (tests/support/tiers.py), with a tenth of
# the random cases (tests/support/scale.py); run `make lint` beside it. Before a release,
# `DEALERS_CHOICE_DEEP=1 make test` plays ten times the random cases of every tier.
test-fast: $(VENV)/.stamp-test
	HYPOTHESIS_PROFILE=fast $(BIN)/python -m pytest -n 2 --dist worksteal -m "unit or conformance"

# ruff over everything; mypy over the packages named in pyproject.toml.
lint: $(VENV)/.stamp-test
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(VENV)/.stamp-bench browser-deps
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) test-output
