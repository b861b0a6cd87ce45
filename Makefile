# Tenace: `make demo` runs the site with demo data; `make test` runs every check.
# Each creates .venv when it is missing and installs what it needs.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
SUM := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)
STAMP := $(VENV)/.installed-$(SUM)
RUN_STAMP := $(VENV)/.installed-run-$(SUM)
ALL_EXTRAS := dev,analysis,catalogues
RUN_EXTRAS := analysis,catalogues
HOST ?= 127.0.0.1
PORT ?= 8000
LANGS := -l es -l cs
MAKEMESSAGES_IGNORE := --ignore=.venv --ignore=var --ignore=bench --ignore=tests --ignore=static

.PHONY: venv venv-run demo test lint purity messages i18n-check compilemessages worker bench gettext serve-asgi clean

# Install with uv (itself installed from the package index: it fetches and unpacks in
# parallel, seconds where pip takes minutes); with pip when uv cannot be had.
define install
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@test -x $(BIN)/uv || $(BIN)/python -m pip install --quiet uv >/dev/null 2>&1 || true
	@if test -x $(BIN)/uv; then $(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[$(1)]'; \
	else $(BIN)/python -m pip install --quiet --upgrade pip && \
	  $(BIN)/python -m pip install --quiet -e '.[$(1)]'; fi
endef

# Everything: the site, the solver, the catalogue compiler and the development tools.
venv: $(STAMP)

$(STAMP): pyproject.toml
	$(call install,$(ALL_EXTRAS))
	@rm -f $(VENV)/.installed-*
	@touch $@ $(RUN_STAMP)

# What the demo needs: the site, the solver and the catalogue compiler.
venv-run: $(RUN_STAMP)

$(RUN_STAMP): pyproject.toml
	$(call install,$(RUN_EXTRAS))
	@rm -f $(VENV)/.installed-run-*
	@touch $@

# GNU gettext extracts strings (xgettext, for `make messages`); compiling needs only Babel.
gettext:
	@command -v msgfmt >/dev/null && command -v xgettext >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
	  else echo "Please install GNU gettext (e.g. sudo apt-get install gettext)"; exit 1; fi; }

compilemessages: venv-run
	@$(BIN)/python hatch_build.py -q

# The site answers as soon as the data is in; the double-dummy tables (the solver takes a
# minute on two cores) follow in the background (var/demo-analysis.log). The logins come
# first; "Tenace answers at …" is printed once the server does answer; then only the
# requests the server answers (a refusal on one line, no traceback).
demo: venv-run compilemessages
	@$(BIN)/python manage.py migrate --noinput -v 0
	@$(BIN)/python manage.py demo --analyse-later
	@$(BIN)/python manage.py boards_analyse --club demo > var/demo-analysis.log 2>&1 &
	@$(BIN)/python manage.py serve_ready $(HOST):$(PORT)

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

purity: venv
	$(BIN)/lint-imports

# Extract every translatable string into the catalogues; new ones arrive untranslated.
messages: venv gettext
	$(BIN)/python manage.py makemessages $(LANGS) --no-obsolete $(MAKEMESSAGES_IGNORE) -v 0

# Fails when a catalogue has an untranslated or fuzzy entry.
i18n-check: messages
	$(BIN)/python -m tests.i18n_check locale

test: venv lint purity i18n-check compilemessages
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Two workers (config/workers.py): standings and emails on the main queue (WORKER_ARGS),
# the double-dummy solver alone on its own queue with one process (ANALYSIS_WORKER_ARGS),
# so a recompute never waits behind an analysis.
worker: venv
	$(BIN)/python -m config.workers $(WORKER_ARGS) -- $(ANALYSIS_WORKER_ARGS)

# The site under ASGI (uvicorn): what serves a thousand open live standings pages (their
# event streams need REDIS_URL; without it they look at the version five times a second).
# Development settings unless DJANGO_SETTINGS_MODULE says otherwise.
ASGI_WORKERS ?= 2
serve-asgi: venv-run compilemessages
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.local} \
	  $(BIN)/uvicorn config.asgi:application --host $(HOST) --port $(PORT) --workers $(ASGI_WORKERS)

# Every benchmark, then the side-by-side with the peer library whist-core, which lives in a
# venv of its own (bench/.venv-peer): it is a yardstick, never a dependency.
bench: venv
	@set -e; for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b; done
	@test -x bench/.venv-peer/bin/python || { $(PYTHON) -m venv bench/.venv-peer && \
	  bench/.venv-peer/bin/python -m pip install --quiet whist-core; }
	@echo "== bench/engine_play.py against whist-core"
	PYTHONPATH=. bench/.venv-peer/bin/python bench/engine_play.py 5000

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
