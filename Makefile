# Two commands do everything: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench bench-bot clean i18n-extract activity chromium compiled compiled-rivals \
	lock wheel bytecode

# The environment, with uv, which installs the locked packages (the same packages
# as pip would, in a third of its time), and pip (the tests build a wheel with it).
# uv goes in by this Python's own pip where it has one that can install into
# another environment (a second faster than the environment's own pip, made first).
UV := uv==0.13.8
PIP_QUIET := --quiet --disable-pip-version-check
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)

$(BIN)/uv: | $(BIN)/python
	$(PYTHON) -m pip --python $(BIN)/python install $(PIP_QUIET) $(UV) 2>/dev/null || \
		{ $(BIN)/python -m ensurepip --default-pip >/dev/null && \
		$(BIN)/python -m pip install $(PIP_QUIET) $(UV); }
	$(BIN)/uv pip install --quiet --python $(BIN)/python --upgrade pip

# Every package at the version and hash requirements/*.lock pins (`make lock` writes
# them from pyproject.toml), compiled to bytecode once, then the bot itself,
# editable, built with what they pinned.
LOCK := requirements
INSTALL := $(BIN)/uv pip install --quiet --python $(BIN)/python --require-hashes --no-deps \
	--compile-bytecode -r
SELF := $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .

$(VENV)/.installed-run: pyproject.toml setup.py $(LOCK)/compile.lock | $(BIN)/uv
	$(INSTALL) $(LOCK)/compile.lock
	$(SELF)
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py $(LOCK)/test.lock | $(BIN)/uv
	$(INSTALL) $(LOCK)/test.lock
	$(SELF)
	touch $@ $(VENV)/.installed-run

# The lock files, again from pyproject.toml (after a change of its dependencies;
# `make test` checks they agree): what the tests install, what `make run` and the
# Docker image's build install, and what a running bot needs, at the same versions.
COMPILE_LOCK := $(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 \
	--generate-hashes --no-header --quiet
lock: | $(BIN)/uv
	$(COMPILE_LOCK) --upgrade --extra compile --extra test -o $(LOCK)/test.lock
	$(COMPILE_LOCK) --extra compile -c $(LOCK)/test.lock -o $(LOCK)/compile.lock
	$(COMPILE_LOCK) -c $(LOCK)/test.lock -o $(LOCK)/run.lock

# The wheel, with the Activity's client in it (setup.py), into dist/: what
# docs/deploy.md installs, and the Dockerfile.
wheel: $(VENV)/.installed-run activity
	rm -rf dist
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w dist .

# Mamma Mia!'s hot modules compiled with mypyc into build/engine-compiled (engine/compiled.py),
# unless the build there is current; without mypyc, a C compiler or Python.h the engine stays
# pure Python, and a build that fails with them all there fails this target.
compiled: $(VENV)/.installed-run
	$(BIN)/python -c 'import engine.compiled as c; raise SystemExit(c.main())'

# The peer's bots (bench.rivals, the benchmark opponents) the same way, into
# build/rivals-compiled: a build apart from the engine's (it can run beside it).
compiled-rivals: $(VENV)/.installed-run
	$(BIN)/python -c 'import engine.compiled as c, bench.rivals as r; raise SystemExit(c.main(r.COMPILED))'

# The Activity's client (activity/): its npm packages as locked, bundled with esbuild.
ACTIVITY := activity
$(ACTIVITY)/node_modules/.package-lock.json: $(ACTIVITY)/package-lock.json
	@command -v npm >/dev/null || { echo "The Activity's page is built with Node 20 and npm," \
		"which are not here: install them, or leave ACTIVITY_PORT empty." >&2; exit 1; }
	cd $(ACTIVITY) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(ACTIVITY)/dist/app.js: $(ACTIVITY)/node_modules/.package-lock.json $(wildcard $(ACTIVITY)/src/*)
	cd $(ACTIVITY) && npm run --silent build

activity: $(ACTIVITY)/dist/app.js

# The browser the Activity's tests drive: Debian's Chromium headless shell, installed
# once, with the fonts its pages need in every language (emoji; Japanese and Chinese).
# Where it cannot be installed, Debian's whole Chromium does, more slowly.
chromium:
	@(test -x /usr/bin/chromium-headless-shell && test -d /usr/share/fonts/opentype/noto) || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		chromium-headless-shell fonts-noto-color-emoji fonts-noto-cjk >/dev/null) || \
		(test -x /usr/bin/chromium && echo "No chromium-headless-shell: the tests use Chromium." >&2)

# The bot from this checkout, for trying it and for development (docs/deploy.md
# runs it for good). Node builds the Activity's client only when ACTIVITY_PORT is set.
ACTIVITY_WANTED := $(BIN)/python -c 'import os, dotenv; dotenv.load_dotenv(dotenv.find_dotenv(usecwd=True)); \
	raise SystemExit(0 if os.environ.get("ACTIVITY_PORT", "").strip() else 1)'
run: $(VENV)/.installed-run compiled
	@if $(ACTIVITY_WANTED); then $(MAKE) --no-print-directory activity; fi
	$(BIN)/python -m bot

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	PYTHONPATH=tests/support $(BIN)/lint-imports

# The tests in parallel, three workers per core up to six: a worker waits much
# of its time (real processes starting, Discord's rate-limit windows, a browser),
# and each starts its own PostgreSQL and browser. Each worker is handed two tests
# at a time, the longest first (tests/conftest.py), so that all finish together.
# Bytecode is cached even where the environment says not to: each worker and
# each bot process a test starts would otherwise compile every module again.
# `make test JOBS=1` runs them in one process. What they need is made first, side
# by side: the environment beside the Activity's client and the browser (which
# need no Python), then the compiled modules. The checks (`make lint`) run beside
# the tests at the lowest priority, in the moments the tests leave a core idle
# (the engine's compiled modules, one C file, kept a core to themselves for 14 s);
# what they say is printed after the tests, and either failing fails `make test`.
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); n=$$((3 * n)); [ $$n -gt 6 ] && n=6; echo $$n)
test:
	$(MAKE) --no-print-directory -j 3 -O $(VENV)/.installed-test activity chromium
	$(MAKE) --no-print-directory -j 3 -O compiled compiled-rivals bytecode
	@mkdir -p build && echo "make lint, beside the tests: its output follows theirs"
	@nice -n 19 $(MAKE) --no-print-directory lint > build/lint.log 2>&1 & checks=$$!; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(JOBS) --maxschedchunk 2; tests=$$?; \
	wait $$checks; lint=$$?; cat build/lint.log; \
	[ $$lint -eq 0 ] || echo "make lint failed: what it says is above" >&2; \
	[ $$tests -eq 0 ] && [ $$lint -eq 0 ]

# The bytecode of every module the tests import, and pytest's of every test module
# (its asserts rewritten), written once by collecting the tests: in a fresh clone
# each worker would write it all, at once (a worker's start: 25.7 s of CPU for
# six, 4.8 + 14.2 with this first). Only a warm-up: what fails here, the tests say.
bytecode: $(VENV)/.installed-test
	@PYTHONDONTWRITEBYTECODE= ENGINE_PURE=1 $(BIN)/python -m pytest --collect-only -qq \
		-p no:cacheprovider >/dev/null 2>&1 || true

bench: $(VENV)/.installed-test
	$(BIN)/python -m engine simulate --variant classic --seats 4 --games 2000 --seed 1

# Every message id the code uses, for a translator or a new language (not run by CI):
# build/messages.pot lists them; `make test` checks each is in every catalog.
i18n-extract: $(VENV)/.installed-test
	mkdir -p build
	$(BIN)/pybabel extract -F babel.cfg --no-default-keywords -k t -k tn:1,1 -k N_ -k Nn_:1,1 -k L_ \
		--sort-by-file -o build/messages.pot .

# The bot under load (docs/performance.md, The bot under load); minutes long, not part of `make test`.
GAMES ?= 200
SECONDS ?= 60
DATABASE ?= sqlite
bench-bot: $(VENV)/.installed-test
	$(BIN)/python -m bench.bot_load --games $(GAMES) --seconds $(SECONDS) --database $(DATABASE)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache $(ACTIVITY)/node_modules $(ACTIVITY)/dist build dist
	find engine -name '*.so' -delete
