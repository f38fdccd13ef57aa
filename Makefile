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
# lab = the views (ipywidgets, ipycanvas) + JupyterLab, Voila, matplotlib; rooms = the
# classroom server (Starlette, uvicorn, websockets); see pyproject.toml.
EXTRAS := lab,test,rooms

# Only lint the sources that exist (kortspel/ and widgets/ may not exist in early checkouts).
LINT_DIRS := $(wildcard kortspel widgets rooms tests tools setup.py)
# Every notebook of the project (not Jupyter's autosave copies); names must not contain spaces.
NOTEBOOKS = $(shell find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort)
# Jupyter refuses to start as root unless told to (dev containers and CI run as root).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

# `make app`: a game's play notebook as a page for a classroom projector (`make app GAME=kille`).
# Progressive rendering streams each cell's output as it runs, so ipycanvas drawings made while
# the notebook executes reach the page (without it Voila sends the page after execution and
# such canvases stay blank).
GAME         ?= kille
# UI=sv serves the Swedish play page (notebooks/sv/GAME/03-play.ipynb, built from the English
# one by tools/i18n.py); LANG and LANGUAGE are left to the system, whose own variables they are.
UI           ?= en
APP_NOTEBOOK ?= notebooks/$(if $(filter sv,$(UI)),sv/)$(GAME)/03-play.ipynb
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

.PHONY: help setup .venv lab test test-fast lint test-lint test-unit test-browser test-notebooks \
        test-site bench app notebooks \
        site site-serve classroom clean distclean

help:
	@echo "make lab        create .venv if needed, open JupyterLab on notebooks/00-start-here.ipynb"
	@echo "make test       lint + unit and browser tests + execute every notebook (nbval)"
	@echo "make test-fast  lint + the engines' tests, no browser (the inner loop, under 3 min)"
	@echo "make lint       ruff check and mypy"
	@echo "make bench      engine benchmark (python -m kortspel bench)"
	@echo "make app        serve $(APP_NOTEBOOK) with Voila on http://$(APP_IP):$(APP_PORT)/"
	@echo "                (GAME=kille: the game whose notebooks/GAME/03-play.ipynb to serve;"
	@echo "                UI=sv: the page in Swedish, notebooks/sv/GAME/03-play.ipynb)"
	@echo "make notebooks  re-execute every notebook in place (outputs kept, no widget state)"
	@echo "make site       build site/: every notebook as a static site that runs in the browser"
	@echo "make site-serve serve site/ on http://127.0.0.1:$(SITE_PORT)/ for a try"
	@echo "make classroom  the rooms server: pupils at one table from their own screens, the"
	@echo "                teacher's page, and site/ if built (CLASSROOM_HOST=0.0.0.0 for the class)"
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

# The server's root is this folder, so the notebooks' links to ../docs open; the address it
# prints (and opens) is 00-start-here itself, not the Launcher.
lab: $(STAMP) $(LAB_OVERRIDES)
	$(BIN)/jupyter lab $(ALLOW_ROOT) --LabApp.default_url=/lab/tree/notebooks/00-start-here.ipynb \
	    --ServerApp.root_dir=$(CURDIR)

# Every step of `make test` is a tier run through tools/tier.py, which passes its output
# through and keeps one line (its wall time and its counts) in build/tiers.txt; `make test`
# prints those lines at its end, passed or failed, so the next person sees where time goes.
TIER      := $(BIN)/python tools/tier.py
TIERS_LOG := build/tiers.txt

# ruff for style and mistakes, mypy for types (pyproject.toml [tool.mypy]: kortspel/ and
# widgets/, untyped functions too). mypy, not pyright: it installs from PyPI with nothing
# else (pyright's package fetches Node.js at its first run, and CI reaches no such host).
lint: $(STAMP)
	$(TIER) lint -- bash -c '$(BIN)/ruff check $(LINT_DIRS) && $(BIN)/mypy'

# The tests share the cores (pytest-xdist, a worker a core; worksteal, so a worker left
# with the slowest tests hands the rest to the other). The engine and drawing tests are
# independent and CPU-bound; the browser tests spend much of their time waiting on a kernel
# or a timer, so each worker runs its own JupyterLab, Voila and Chromium beside the other's.
# They run after the others, not among them, so that a browser never waits on a core the
# engine tests hold. The site's browser test runs in test-site (it needs the built site).
# A browser test that fails is run once more (BROWSER_RERUNS) as a safety net only: the
# summary says so ("rerun"), and a rerun is a defect to mend, never a pass to accept.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
XDIST := -n $(JOBS) --dist worksteal
BROWSER_RERUNS ?= --reruns 1 --reruns-delay 5
test-unit: $(STAMP)
	$(TIER) unit -- $(BIN)/pytest -q -rfEs $(XDIST) tests --ignore=tests/browser

test-browser: $(STAMP)
	$(TIER) browser -- $(BIN)/pytest -q -rfEsR $(XDIST) $(BROWSER_RERUNS) tests/browser \
	    --ignore=tests/browser/test_site.py --ignore=tests/browser/test_site_lessons.py

# The inner loop, under 3 minutes: lint, the engines and their rules, no browser, no
# drawing, no notebooks, no wheel built.
FAST_SKIP := --ignore=tests/browser --ignore=tests/drawing --ignore=tests/test_try_it_yourself.py \
             --ignore=tests/test_packaging.py
test-fast: $(STAMP)
	@mkdir -p build && rm -f $(TIERS_LOG)
	@status=0; \
	$(MAKE) --no-print-directory lint || status=$$?; \
	[ $$status -ne 0 ] || $(TIER) fast -- $(BIN)/pytest -q -rfEs $(XDIST) tests $(FAST_SKIP) \
	    || status=$$?; \
	$(TIER) --summary; exit $$status

# `make test` runs it in CI (CI=true) only.
# The site is rebuilt only when a source changed since the last build (build/site.stamp);
# the build itself is clean each time.
test-site: $(STAMP)
	$(TIER) site-build -- $(MAKE) --no-print-directory $(SITE)/.built
	$(TIER) site -- $(BIN)/pytest -q -rfEsR $(XDIST) $(BROWSER_RERUNS) tests/browser/test_site.py \
	    tests/browser/test_site_lessons.py

# One notebook a worker at a time (loadscope keeps a notebook's cells, which share a kernel,
# on one worker).
test-notebooks: $(STAMP)
	$(if $(NOTEBOOKS),$(TIER) notebooks -- $(BIN)/pytest -q -rfEs -n $(JOBS) --dist loadscope \
	    --nbval-lax --nbval-current-env notebooks,\
	    @echo "no notebooks under notebooks/ yet: skipping the nbval step")

# Sequential on purpose: stop at the first failing tier, exit non-zero, and say what each
# tier that ran cost. In CI (CI=true) the tests marked thorough run inside the unit and
# browser tiers, and the site is built and played last.
TEST_TIERS := lint unit browser notebooks $(if $(CI),site)
test: $(STAMP)
	@mkdir -p build && rm -f $(TIERS_LOG)
	@status=0; for tier in $(TEST_TIERS); do \
	    $(MAKE) --no-print-directory test-$$tier || { status=$$?; break; }; \
	done; \
	$(if $(CI),,echo "== not run here: make test-site (the static site built and played in \
	Chromium; CI runs it)";) \
	$(TIER) --summary; exit $$status

test-lint: lint

bench: $(STAMP)
	$(BIN)/python -m kortspel bench

app: $(STAMP)
	@test -n "$(filter en sv,$(UI))" || { echo "UI is en (English) or sv (svenska), not $(UI)"; exit 1; }
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

# `make classroom`: rooms where pupils play one table from their own screens, the teacher's
# page (its token printed at the start) and the built site, on one port (docs/rooms.md).
# This machine only unless CLASSROOM_HOST is given (0.0.0.0: every network it is on).
# Records are kept outside the checkout, where `make clean` never reaches them.
CLASSROOM_HOST    ?= 127.0.0.1
CLASSROOM_PORT    ?= 8765
CLASSROOM_RECORDS ?= $(HOME)/kortspel-records
classroom: $(STAMP)
	$(BIN)/python -m kortspel serve --host $(CLASSROOM_HOST) --port $(CLASSROOM_PORT) \
	    --records $(CLASSROOM_RECORDS) $(if $(wildcard $(SITE)/index.html),--site $(SITE))

clean:
	rm -rf $(SITE) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
	    -type d -print0 | xargs -0 -r rm -rf

distclean: clean
	rm -rf $(VENV)
