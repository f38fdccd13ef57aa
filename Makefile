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

# `make app`: a game's play notebook as a page for a classroom projector (`make app GAME=kille`).
# Progressive rendering streams each cell's output as it runs, so ipycanvas drawings made while
# the notebook executes reach the page (without it Voila sends the page after execution and
# such canvases stay blank).
GAME         ?= kille
APP_NOTEBOOK ?= notebooks/$(GAME)/03-play.ipynb
APP_IP       ?= 127.0.0.1
APP_PORT     ?= 8866
# The page asks nothing of the internet: jupyter/voila/templates/kortspel is Voila's lab
# template less its CDN stylesheets (a classroom may be offline, and should not be tracked).
APP_TEMPLATE := --template=kortspel

# Kernels and kernelspecs from this venv, never from ~/.local or /usr/local.
export JUPYTER_PREFER_ENV_PATH := 1

# The project's JupyterLab opens without the "news" pop-up and never checks for updates: the
# defaults in jupyter/lab-overrides.json, copied where this venv's JupyterLab reads packages'
# overrides ({sys.prefix}/share/jupyter/lab/settings/overrides.d/). They are defaults only:
# Settings > Notifications still changes them.
LAB_OVERRIDES_SRC := jupyter/lab-overrides.json
LAB_OVERRIDES     := $(VENV)/share/jupyter/lab/settings/overrides.d/kortspel.json

# `make site`: every notebook as a static site that runs Python in the browser (JupyterLite,
# Pyodide), for a classroom with nothing to install; tools/build_site.py says what goes in.
# Downloads are cached in build/ (build/lite-venv, build/cache), the site built clean each time.
SITE      := site
SITE_PORT ?= 8000
SITE_DEPS := $(shell find kortspel widgets notebooks -type f \( -name '*.py' -o -name '*.json' \
                 -o -name '*.ipynb' \) -not -path '*/.ipynb_checkpoints/*' 2>/dev/null) \
             tools/build_site.py jupyter/lab-overrides.json pyproject.toml setup.py

.PHONY: help setup .venv lab test lint test-unit test-notebooks test-site bench app notebooks \
        site site-serve clean distclean

help:
	@echo "make lab        create .venv if needed, open JupyterLab on notebooks/00-start-here.ipynb"
	@echo "make test       lint + unit and browser tests + execute every notebook (nbval)"
	@echo "make lint       ruff check"
	@echo "make bench      engine benchmark (python -m kortspel bench)"
	@echo "make app        serve $(APP_NOTEBOOK) with Voila on http://$(APP_IP):$(APP_PORT)/"
	@echo "                (GAME=kille: the game whose notebooks/GAME/03-play.ipynb to serve)"
	@echo "make notebooks  re-execute every notebook in place (outputs kept, no widget state)"
	@echo "make site       build site/: every notebook as a static site that runs in the browser"
	@echo "make site-serve serve site/ on http://127.0.0.1:$(SITE_PORT)/ for a try"
	@echo "make clean      remove caches and build files (distclean: also .venv)"

# ---------------------------------------------------------------------------------------------
# Set-up: .venv/.installed is newer than pyproject.toml and setup.py once `pip install -e` has
# succeeded.
# ---------------------------------------------------------------------------------------------

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# pip's whole output goes to $(VENV)/install.log; the terminal gets one numbered line per
# package as pip finds it, so a first install (about 115 packages, 1 to 5 minutes) shows it is
# moving. A shell loop, as awk may hold lines back until its input buffer fills; `pipefail`
# (SHELLFLAGS) makes the pipeline fail when pip does.
PIP_PROGRESS := { n=0; while IFS= read -r line; do name=; case "$$line" in \
    Obtaining\ *) name="kortspel (this folder)" ;; \
    Collecting\ *) name=$${line\#Collecting }; name=$${name%%[!A-Za-z0-9._-]*} ;; \
    Processing\ *) name=$${line\#Processing }; name=$${name%% *}; name=$${name\#\#*/}; \
        name=$${name%%-*} ;; \
    Installing\ collected*) echo "  installing them into $(VENV) (a minute or so)..." ;; \
    Successfully\ installed*) echo "  done" ;; \
    ERROR*) printf '%s\n' "$$line" ;; \
    esac; if [ -n "$$name" ]; then n=$$((n + 1)); printf '  [%3d] %s\n' "$$n" "$$name"; fi; \
    done; }

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	@echo "Installing kortspel, JupyterLab and the test tools into $(VENV)."
	@echo "The first time this downloads about 115 packages (160 MB) and takes 1 to 5 minutes;"
	@echo "later runs start at once. Full log: $(VENV)/install.log"
	@if ! PYTHONUNBUFFERED=1 $(BIN)/python -m pip install -e '.[$(EXTRAS)]' 2>&1 \
	        | tee $(VENV)/install.log | $(PIP_PROGRESS); then \
	    tail -n 40 $(VENV)/install.log; echo "pip install failed, see $(VENV)/install.log"; exit 1; \
	fi
	@touch $@

$(LAB_OVERRIDES): $(LAB_OVERRIDES_SRC) | $(STAMP)
	@mkdir -p $(@D)
	cp $< $@

setup .venv: $(STAMP)

# ---------------------------------------------------------------------------------------------

lab: $(STAMP) $(LAB_OVERRIDES)
	$(BIN)/jupyter lab $(ALLOW_ROOT) notebooks/00-start-here.ipynb

lint: $(STAMP)
	$(if $(LINT_DIRS),$(BIN)/ruff check $(LINT_DIRS),@echo "nothing to lint")

# The tests share the cores (pytest-xdist, a worker a core). The engine and drawing tests are
# independent and CPU-bound; the browser tests spend much of their time waiting on a kernel
# or a timer, so each worker runs its own JupyterLab, Voila and Chromium beside the other's
# (8.3 minutes on two busy cores, against 12.8 one at a time). They run after the others, not
# among them, so that a browser never waits on a core the engine tests hold.
# The site's browser test runs in test-site (it needs the built site), not here.
# A browser test that fails is run once more (BROWSER_RERUNS), and the summary says so
# ("R" and "rerun"): on a loaded machine a real browser now and then misses a timer that the
# same test meets the next time; a defect fails both times.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BROWSER_RERUNS ?= --reruns 1 --reruns-delay 5
test-unit: $(STAMP)
	$(BIN)/pytest -q -rfEs -n $(JOBS) tests --ignore=tests/browser
	$(BIN)/pytest -q -rfEsR -n $(JOBS) $(BROWSER_RERUNS) tests/browser --ignore=tests/browser/test_site.py

# `make test` runs it in CI (CI=true) only: it takes about 12 minutes on two cores, which would
# take `make test` past its 15 minutes here.
# The site is rebuilt only when a source changed since the last build (build/site.stamp);
# the build itself is clean each time.
test-site: $(SITE)/.built
	$(BIN)/pytest -q -rfEsR $(BROWSER_RERUNS) tests/browser/test_site.py

# One notebook a worker at a time (loadscope keeps a notebook's cells, which share a kernel,
# on one worker).
test-notebooks: $(STAMP)
	$(if $(NOTEBOOKS),$(BIN)/pytest -q -rfEs -n $(JOBS) --dist loadscope --nbval-lax --nbval-current-env notebooks,\
	    @echo "no notebooks under notebooks/ yet: skipping the nbval step")

# Sequential on purpose: stop at the first failing step, exit non-zero.
test: $(STAMP)
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory test-unit
	$(MAKE) --no-print-directory test-notebooks
	$(if $(CI),$(MAKE) --no-print-directory test-site,\
	    echo "== not run here: make test-site (the static site built and played in Chromium, about 12 min; CI runs it)")

bench: $(STAMP)
	$(BIN)/python -m kortspel bench

app: $(STAMP)
	@test -f $(APP_NOTEBOOK) || { echo "no $(APP_NOTEBOOK): GAME is one of:" \
	    $(patsubst notebooks/%/03-play.ipynb,%,$(wildcard notebooks/*/03-play.ipynb)); exit 1; }
	@echo "Open http://$(APP_IP):$(APP_PORT)/ in a browser (Ctrl+C here stops the app)."
	JUPYTER_PATH=$(CURDIR)/jupyter $(BIN)/voila $(APP_NOTEBOOK) --no-browser \
	    --Voila.ip=$(APP_IP) --port=$(APP_PORT) --progressive_rendering=True $(APP_TEMPLATE)

# Outputs are saved (for GitHub/nbviewer readers) but widget state is not: saved state would
# hide the static fallback images and only ever shows blank canvases (jupyter.md 5.1).
notebooks: $(STAMP)
	$(if $(NOTEBOOKS),$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=600 \
	    --ExecutePreprocessor.store_widget_state=False $(NOTEBOOKS) && \
	    $(BIN)/python tools/tidy_notebooks.py $(NOTEBOOKS),\
	    @echo "no notebooks under notebooks/")

$(SITE)/.built: $(SITE_DEPS) | $(STAMP)
	$(BIN)/python tools/build_site.py --out $(SITE)
	@touch $@

site: $(STAMP)
	$(BIN)/python tools/build_site.py --out $(SITE)
	@touch $(SITE)/.built

site-serve: $(SITE)/.built
	$(BIN)/python tools/serve_site.py $(SITE) --port $(SITE_PORT)

clean:
	rm -rf $(SITE) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
	    -type d -print0 | xargs -0 -r rm -rf

distclean: clean
	rm -rf $(VENV)
