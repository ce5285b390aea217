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

.PHONY: run test test-fast bench lint browser-deps bench-deps clean

# The environment is made without a pip of its own (installing one costs some 4 seconds);
# the machine's pip puts uv in it, and uv installs the rest. Where the machine's pip cannot
# install into another environment, the environment's own pip is made to do it.
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)

# uv installs from PyPI the same versions pip resolves, for a sixth of pip's CPU (a fresh
# '.[test]': about 6 CPU-s against 34). It compiles no bytecode ahead: Python compiles
# the few modules the tests import as it first imports them.
INSTALL := $(BIN)/uv pip install --quiet --python $(BIN)/python
$(BIN)/uv: | $(BIN)/python
	$(PYTHON) -m pip --python $(BIN)/python install --quiet --disable-pip-version-check uv \
		|| { $(BIN)/python -m ensurepip --default-pip >/dev/null \
			&& $(BIN)/python -m pip install --quiet --disable-pip-version-check uv; }

$(VENV)/.stamp-run: pyproject.toml | $(BIN)/uv
	$(INSTALL) -e .
	touch $@

$(VENV)/.stamp-test: pyproject.toml | $(BIN)/uv
	$(INSTALL) -e '.[test]'
	touch $@

$(VENV)/.stamp-bench: pyproject.toml | $(BIN)/uv
	$(INSTALL) -e '.[test,bench]'
	touch $@

run: $(VENV)/.stamp-run
	$(BIN)/streamlit run app.py --server.port $(PORT) --server.headless true

# The browser tests launch Debian's chromium-headless-shell by path and the store's
# tests start Debian's redis-server on a free port; the benches also launch the full
# chromium, which the tests never do (a fresh machine skips its download and unpacking,
# and the desktop libraries it needs). All are installed here, never downloaded by a
# test tool.
TEST_DEPS := chromium-headless-shell redis-server
BENCH_DEPS := $(TEST_DEPS) chromium
define debian_tools
	@( for tool in $(1); do command -v $$tool || exit 1; done ) >/dev/null 2>&1 || { \
		echo "Installing Debian's $(1)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq $(1) >/dev/null; }
endef
browser-deps:
	$(call debian_tools,$(TEST_DEPS))
bench-deps:
	$(call debian_tools,$(BENCH_DEPS))

# Everything, as CI runs it: ruff, then every test (the browser's included) and every
# docstring example, with mypy beside them. Three workers on two cores: the first begins
# with every browser test (tests/support/tiers.py) and spends most of its time waiting on
# Chromium and the site, and the other two keep both cores busy meanwhile. On a fresh
# clone of the same code three took 7 min 0 s and 588 CPU-seconds, two 7 min 22 s to
# 7 min 25 s and 585 to 587. worksteal hands a finished worker what another has not
# started yet. mypy's report follows the tests', and either failing fails the whole.
test: $(VENV)/.stamp-test browser-deps
	$(BIN)/ruff check .
	@$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & typing=$$!; \
	$(BIN)/python -m pytest -n 3 --dist worksteal; tests=$$?; \
	wait $$typing; typed=$$?; cat $(VENV)/mypy.log; \
	[ $$tests -eq 0 ] && [ $$typed -eq 0 ]

# The quick loop: the unit and conformance tiers (tests/support/tiers.py), with a tenth of
# the random cases (tests/support/scale.py), less the conformance checks marked thorough
# (every game's pages, its player against random play); run `make lint` beside it. Before a release,
# `DEALERS_CHOICE_DEEP=1 make test` plays ten times the random cases of every tier.
test-fast: $(VENV)/.stamp-test
	HYPOTHESIS_PROFILE=fast $(BIN)/python -m pytest -n 2 --dist worksteal -m "(unit or conformance) and not thorough"

# ruff over everything; mypy over the packages named in pyproject.toml.
lint: $(VENV)/.stamp-test
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(VENV)/.stamp-bench bench-deps
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) test-output
