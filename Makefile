# make run: everything from a fresh clone (venv, install, migrate, demo data, serve on :8000)
# make test: lint, migration check, deploy check, then the test suite
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run hall hall-key cluster cluster-stop drills test collect-tests lint check-migrations check-deploy messages translations bench mutate worker install clean-venv

$(VENV)/.installed: requirements.txt requirements-dev.txt
	@test -x $(PY) || $$(scripts/find-python) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

install: $(VENV)/.installed

# Spanish translations: .po is the source, the .mo is built here and not committed.
locale/es/LC_MESSAGES/django.mo: locale/es/LC_MESSAGES/django.po | $(VENV)/.installed
	$(MANAGE) compilemessages --locale es --verbosity 0

messages: locale/es/LC_MESSAGES/django.mo

# Links in emails, certificates and QR codes name PUBLIC_BASE_URL: under `make run`, this HOST and PORT.
# Quiet: seed_demo's report goes to SEED_LOG and it prints the address and the demo accounts instead; only
# warnings are logged, daphne keeps no access log.
run: export PUBLIC_BASE_URL ?= http://$(HOST):$(PORT)
run: export LOG_LEVEL ?= WARNING
run: SEED_LOG := $(VENV)/demo-seed.log
run: install messages
	$(MANAGE) migrate --no-input --verbosity 0
	$(MANAGE) collectstatic --no-input --verbosity 0
	@$(MANAGE) seed_demo --log $(SEED_LOG)
	@HOST=$(HOST) PORT=$(PORT) DAPHNE=$(VENV)/bin/daphne DAPHNE_VERBOSITY=0 scripts/serve

# Hall mode (docs/features/hall-mode.md): the laptop that runs one event offline in the hall. `make hall-key` makes
# its key once and prints the public key to paste into the portal when preparing the event's kit; `make hall
# KIT=path` installs the kit (the first time: it prints each worker's password once), checks it is for today and
# serves the hall's own network on port PORT of every address (the TVs' flashboards, the console's tablet).
# HALL_BOARD_KEYS: the Board's public keys (its `manage.py log_anchor_key`); the development Board's by default.
HALL_DIR ?= var/hall
hall-key hall: export DJANGO_ENV = hall
hall-key hall: export HALL_DIR := $(HALL_DIR)
hall-key: install
	@$(MANAGE) hall keygen

hall: export HALL_BOARD_KEYS ?= $(shell DJANGO_ENV=development $(MANAGE) log_anchor_key 2>/dev/null | tail -n 1)
hall: install messages
	@test -n "$(KIT)" || { echo "make hall needs KIT=path/to/the/kit.json (downloaded from the portal's Hall mode page)"; exit 2; }
	@$(MANAGE) hall install "$(KIT)"
	@$(MANAGE) hall check "$(HALL_DIR)/kit.json"
	@$(MANAGE) collectstatic --no-input --verbosity 0
	@HOST=0.0.0.0 PORT=$(PORT) DAPHNE=$(VENV)/bin/daphne DAPHNE_VERBOSITY=0 scripts/serve

worker: install
	@test -n "$$REDIS_URL" || { echo "make worker needs REDIS_URL (e.g. redis://127.0.0.1:6379/0); without it tasks already run inline."; exit 1; }
	$(VENV)/bin/celery -A config worker --beat --loglevel INFO --scheduler django_celery_beat.schedulers:DatabaseScheduler

# Several processes of each kind behind nginx on loopback (docs/operations.md "Scaling out"): 2 gunicorn, 2 daphne,
# 2 Celery workers and beat on DATABASE_URL and REDIS_URL (the machine's PostgreSQL and Redis by default), the demo
# seeded, served on http://127.0.0.1:$(CLUSTER_PORT). Logs in var/cluster/.
CLUSTER_PORT ?= 8080
cluster: export CLUSTER_PORT := $(CLUSTER_PORT)
cluster: install messages
	@$(PY) scripts/cluster start

cluster-stop:
	@$(PY) scripts/cluster stop

# The failure drills (scripts/drills/): each starts what it breaks (its own database, Redis, PostgreSQL, cluster),
# prints each check and, last, a JSON line of its figures; all of them take 15-25 minutes on 2 cores. One alone:
# `.venv/bin/python scripts/drills/<name>.py` (web_processes.py --quick: 50 screens a daphne instead of 300).
drills: install messages
	@set -e; failed=""; for script in scripts/drills/[!_]*.py; do echo "== $$script"; \
		$(PY) $$script || failed="$$failed $$script"; done; \
	if [ -n "$$failed" ]; then echo "drills failed:$$failed"; exit 1; fi

# ruff, then the import contracts of pyproject.toml (the dependency directions of ARCHITECTURE.md).
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --config pyproject.toml

check-migrations: install
	$(MANAGE) makemigrations --check --dry-run

# The production profile must pass Django's deployment checks with no warning. A deploy runs
# collectstatic first (the manifest check refuses a server without it): so does this, into a temp dir, without
# compressing (DJANGO_STATIC_COMPRESS=false: the manifest is what the check needs).
check-deploy: install
	@set -e; static_root=$$(mktemp -d); trap 'rm -rf "$$static_root"' EXIT; \
	export DJANGO_ENV=production DJANGO_ALLOWED_HOSTS=gaming.example.gov DJANGO_STATIC_ROOT="$$static_root" \
		DJANGO_STATIC_COMPRESS=false \
		DJANGO_SECRET_KEY="$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')" \
		EVENT_LOG_KEY="$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(32))')" \
		LOG_ANCHOR_SIGNING_KEY="$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(32))')" \
		PAYOUT_IDENTITY_KEYS="$$($(PY) -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())')"; \
	$(MANAGE) collectstatic --no-input --verbosity 0; \
	$(MANAGE) check --deploy --fail-level WARNING

# One pytest worker per core (pytest-xdist), each with its own test database, cache keys and channel prefix
# (config/settings_test.py); PYTEST_WORKERS=0 runs in one process. The ten slowest tests are printed at the end.
# The checks before the suite run side by side (each uses one core), with a warm-up collection of the tests that
# leaves pytest's rewritten test modules in __pycache__, so the workers start at once. Bytecode is written for this
# target even where the environment says PYTHONDONTWRITEBYTECODE: without it every process compiles every module
# and pytest rewrites ~640 test modules again in each worker (~15 s each).
PYTEST_WORKERS ?= auto
test: export PYTHONDONTWRITEBYTECODE :=
test: install messages
	@$(MAKE) --no-print-directory -j4 --output-sync=target lint check-migrations check-deploy collect-tests
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) --durations=10 $(PYTEST_ARGS)

collect-tests: install
	@$(VENV)/bin/pytest -p no:xdist --collect-only -q > /dev/null

bench: install
	@set -e; for script in benchmarks/[!_]*.py; do echo "== $$script"; $(PY) $$script $(BENCH_ARGS); done

# Mutation testing (mutmut) of the rule and engine modules against their own tests; not part of `make test`.
# MODULE=levels for one (names in pyproject.toml [tool.mutate.modules]); MUTATE_ARGS=--fail-under=90.
mutate: install messages
	$(PY) scripts/mutate $(MODULE) $(MUTATE_ARGS)

clean-venv:
	rm -rf $(VENV)

# Refresh the Spanish catalog from the code and templates (then translate the new entries).
translations: install
	$(MANAGE) makemessages --locale es --ignore ".venv/*" --ignore "tests/*" --ignore "benchmarks/*"
