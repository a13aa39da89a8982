# Two commands do all the set-up on a fresh machine with nothing but Python 3.11+:
#   make play   - start the card table (the web table and its API) and print its address
#   make test   - lint, type-check and run the whole test suite
# Both create .venv on first use and install what they need into it.
# `make play PORT=8080` serves on another port; the terminal game is `.venv/bin/atout play`.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test
BSTAMP := $(VENV)/.installed-bench
SSTAMP := $(VENV)/.installed-server
CSTAMP := $(VENV)/.compiled
PORT   ?= 8000
# The engine's compiled modules (setup.py) are built from these sources: an edit rebuilds them.
ENGINE_SOURCES := setup.py $(shell sed -n 's|^ *"\(atout/.*\.py\)",$$|src/\1|p' setup.py) \
                  $(wildcard src/atout/*/*.c)
# What the pure engine also runs in `make test`: the rules, the conformance kit, the perft
# counts, the OpenSpiel differential and the fault-planting tests (see tests/conftest.py).
PURE_TESTS := tests/test_core.py tests/test_api.py tests/test_cards.py tests/test_conformance.py tests/test_perft.py \
              tests/test_record.py tests/test_engine_build.py tests/schnapsen tests/sevenup tests/river

.PHONY: play test lint typecheck docs pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(SSTAMP) $(CSTAMP)

# An editable install compiles the hot modules once; after an edit, compile them again.
$(CSTAMP): $(ENGINE_SOURCES) | $(SSTAMP)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $@

$(BSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	@touch $@ $(STAMP) $(SSTAMP)

# The server extra only: playing needs neither the test tools nor Ray.
$(SSTAMP): pyproject.toml | $(BIN)/python
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
pytest: $(STAMP) $(CSTAMP)
	$(BIN)/atout info
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(BIN)/pytest
	ATOUT_PURE=1 HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(BIN)/pytest $(PURE_TESTS)

bench: $(BSTAMP) $(CSTAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/arena.py

clean:
	rm -rf $(VENV) site .mypy_cache .pytest_cache .ruff_cache .hypothesis build
	find src -name '*.so' -delete
