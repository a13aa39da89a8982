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
PORT   ?= 8000

.PHONY: play test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(SSTAMP)

$(BSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	@touch $@ $(STAMP) $(SSTAMP)

# The server extra only: playing needs neither the test tools nor Ray.
$(SSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	@touch $@

# Tables are kept in SQLite under ~/.local/share/atout (or $$ATOUT_DATA_DIR).
play: $(SSTAMP)
	$(BIN)/atout serve --port $(PORT)

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench README.md docs  # the docs' Python snippets too

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP)
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(BIN)/pytest

bench: $(BSTAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/arena.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
