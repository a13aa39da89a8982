# Two commands do all the set-up on a fresh machine with nothing but Python 3.11+:
#   make play   - start the card table (the web table and its API) and print its address
#   make test   - lint, type-check and run the whole test suite
# Both create .venv on first use and install what they need into it.
# `make play PORT=8080` serves on another port; the terminal game is `.venv/bin/atout play`.
# `make test BROWSER=0 POSTGRES=0 RAY=0` leaves out the tests that need Debian's chromium,
# Debian's postgresql or Ray, and does not install them; by default (and in CI) all run.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test
BSTAMP := $(VENV)/.installed-bench
SSTAMP := $(VENV)/.installed-server
CSTAMP := $(VENV)/.compiled
RSTAMP := $(VENV)/.installed-ray
PORT   ?= 8000
BROWSER  ?= 1
POSTGRES ?= 1
RAY      ?= 1
# Every install goes through the pins CI uses, the build's own environment included.
export PIP_CONSTRAINT := $(CURDIR)/constraints.txt
# The engine's compiled modules (setup.py) are built from these sources: an edit rebuilds them.
ENGINE_SOURCES := setup.py $(shell sed -n 's|^ *"\(atout/.*\.py\)",$$|src/\1|p' setup.py) \
                  $(wildcard src/atout/*/*.c)
# What the pure engine also runs in `make test`: the rules, the conformance kit, the perft
# counts, the OpenSpiel differential and the fault-planting tests (see tests/conftest.py).
PURE_TESTS := tests/test_core.py tests/test_api.py tests/test_cards.py tests/test_conformance.py tests/test_perft.py \
              tests/test_record.py tests/test_engine_build.py tests/schnapsen tests/sevenup tests/river

# The Debian packages the selected tests need, and the markers of the tests left out.
DEBIAN   := $(if $(filter 1,$(BROWSER)),chromium) $(if $(filter 1,$(POSTGRES)),postgresql)
LEAVEOUT := $(strip $(if $(filter 1,$(BROWSER)),,browser) $(if $(filter 1,$(POSTGRES)),,postgres) \
                    $(if $(filter 1,$(RAY)),,ray))
empty    :=
space    := $(empty) $(empty)
SELECT   := $(if $(LEAVEOUT),-m "not ($(subst $(space), or ,$(LEAVEOUT)))")

.PHONY: play test lint typecheck docs pytest bench clean constraints

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(SSTAMP) $(CSTAMP)

# An editable install compiles the hot modules once; after an edit, compile them again.
$(CSTAMP): $(ENGINE_SOURCES) | $(SSTAMP)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $@

# Ray only for its own test (the arena's ray backend): a large install the rest never needs.
$(RSTAMP): pyproject.toml constraints.txt | $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[ray]'
	@touch $@ $(CSTAMP)

$(BSTAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	@touch $@ $(STAMP) $(SSTAMP)

# The server extra only: playing needs neither the test tools nor Ray.
$(SSTAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	@touch $@ $(CSTAMP)

# Tables are kept in SQLite under ~/.local/share/atout (or $$ATOUT_DATA_DIR).
play: $(SSTAMP) $(CSTAMP)
	$(BIN)/atout serve --port $(PORT)

test: lint typecheck docs pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples setup.py
	$(BIN)/ruff format --check src tests bench examples setup.py README.md docs  # the docs' snippets too

typecheck: $(STAMP)
	$(BIN)/mypy --strict src examples

# The API reference and the guides (mkdocs.yml), offline; a warning (a broken link, a docstring
# that names what does not exist) fails the build.
docs: $(STAMP)
	$(BIN)/mkdocs build --strict --quiet --site-dir site

# The whole suite on the compiled engine (where it was built), then the rules on the pure one.
# Chromium and PostgreSQL are installed first where they are missing (scripts/debian-packages).
pytest: $(STAMP) $(CSTAMP) $(if $(filter 1,$(RAY)),$(RSTAMP))
	$(if $(strip $(DEBIAN)),scripts/debian-packages $(DEBIAN))
	$(BIN)/atout info
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(BIN)/pytest $(SELECT)
	ATOUT_PURE=1 HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(BIN)/pytest $(SELECT) $(PURE_TESTS)

bench: $(BSTAMP) $(CSTAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/arena.py

# After a range in pyproject.toml changes: resolve the extras afresh, in a venv of their own,
# and pin what that gives.
constraints:
	rm -rf .venv-pins && $(PYTHON) -m venv .venv-pins
	PIP_CONSTRAINT= ATOUT_NO_COMPILE=1 .venv-pins/bin/python -m pip install --quiet -e '.[test,ray,bench]'
	{ sed -n '/^#/p' constraints.txt; .venv-pins/bin/python -m pip freeze --exclude-editable; } > constraints.new
	mv constraints.new constraints.txt && rm -rf .venv-pins

clean:
	rm -rf $(VENV) site .mypy_cache .pytest_cache .ruff_cache .hypothesis build
	find src -name '*.so' -delete
