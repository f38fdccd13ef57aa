# kortspel -- developer entry points. `make lab` to explore, `make test` before committing.
#
# Everything runs from the project's own virtualenv (.venv), created on first use and
# re-installed whenever pyproject.toml (or setup.py) changes.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# lab = the views (ipywidgets, ipycanvas) + JupyterLab, Voila, matplotlib; see pyproject.toml.
EXTRAS := lab,test

# Only lint the sources that exist (kortspel/ and widgets/ may not exist in early checkouts).
LINT_DIRS := $(wildcard kortspel widgets tests tools setup.py)
# Every notebook of the project (not Jupyter's autosave copies); names must not contain spaces.
NOTEBOOKS = $(shell find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort)
# Jupyter refuses to start as root unless told to (dev containers and CI run as root).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

# `make app`: the play notebook as a page for a classroom projector. Progressive rendering
# streams each cell's output as it runs, so ipycanvas drawings made while the notebook executes
# reach the page (without it Voila sends the page after execution and such canvases stay blank).
APP_NOTEBOOK ?= notebooks/kille/03-play.ipynb
APP_IP       ?= 127.0.0.1
APP_PORT     ?= 8866

# Kernels and kernelspecs from this venv, never from ~/.local or /usr/local.
export JUPYTER_PREFER_ENV_PATH := 1

.PHONY: help setup .venv lab test lint test-unit test-notebooks bench app notebooks clean distclean

help:
	@echo "make lab        create .venv if needed, open JupyterLab on notebooks/00-start-here.ipynb"
	@echo "make test       lint + unit and browser tests + execute every notebook (nbval)"
	@echo "make lint       ruff check"
	@echo "make bench      engine benchmark (python -m kortspel bench)"
	@echo "make app        serve $(APP_NOTEBOOK) with Voila on http://$(APP_IP):$(APP_PORT)/"
	@echo "make notebooks  re-execute every notebook in place (outputs kept, no widget state)"
	@echo "make clean      remove caches and build files (distclean: also .venv)"

# ---------------------------------------------------------------------------------------------
# Set-up: .venv/.installed is newer than pyproject.toml and setup.py once `pip install -e` has
# succeeded.
# ---------------------------------------------------------------------------------------------

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	@echo "pip install -e '.[$(EXTRAS)]' into $(VENV) (log: $(VENV)/install.log)"
	@if ! $(BIN)/python -m pip install -e '.[$(EXTRAS)]' > $(VENV)/install.log 2>&1; then \
	    tail -n 40 $(VENV)/install.log; echo "pip install failed, see $(VENV)/install.log"; exit 1; \
	fi
	@touch $@

setup .venv: $(STAMP)

# ---------------------------------------------------------------------------------------------

lab: $(STAMP)
	$(BIN)/jupyter lab $(ALLOW_ROOT) notebooks/00-start-here.ipynb

lint: $(STAMP)
	$(if $(LINT_DIRS),$(BIN)/ruff check $(LINT_DIRS),@echo "nothing to lint")

test-unit: $(STAMP)
	$(BIN)/pytest -q -rfEs tests

test-notebooks: $(STAMP)
	$(if $(NOTEBOOKS),$(BIN)/pytest -q -rfEs --nbval-lax --nbval-current-env notebooks,\
	    @echo "no notebooks under notebooks/ yet: skipping the nbval step")

# Sequential on purpose: stop at the first failing step, exit non-zero.
test: $(STAMP)
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory test-unit
	$(MAKE) --no-print-directory test-notebooks

bench: $(STAMP)
	$(BIN)/python -m kortspel bench

app: $(STAMP)
	$(BIN)/voila $(APP_NOTEBOOK) --no-browser --Voila.ip=$(APP_IP) --port=$(APP_PORT) \
	    --progressive_rendering=True

# Outputs are saved (for GitHub/nbviewer readers) but widget state is not: saved state would
# hide the static fallback images and only ever shows blank canvases (jupyter.md 5.1).
notebooks: $(STAMP)
	$(if $(NOTEBOOKS),$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=600 \
	    --ExecutePreprocessor.store_widget_state=False $(NOTEBOOKS) && \
	    $(BIN)/python tools/tidy_notebooks.py $(NOTEBOOKS),\
	    @echo "no notebooks under notebooks/")

clean:
	rm -rf .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
	    -type d -print0 | xargs -0 -r rm -rf

distclean: clean
	rm -rf $(VENV)
