#!/bin/sh
# Install the bot from its wheel into a virtual environment of its own, with
# every dependency at the version and hash requirements/run.lock pins: what
# the Dockerfile runs, what docs/deploy.md tells an admin to run, and what
# tests/host/test_install.py runs on the wheel `make wheel` builds.
#
#   deploy/install.sh VENV WHEEL [--compiled]
#
# --compiled also builds the engine's hot modules with mypyc from this source
# tree (they play the same moves in about half the time; docs/engine.md),
# with its tools (requirements/compile.lock) in a throw-away environment.
set -eu
venv=$1
wheel=$2
compiled=${3:-}
here=$(dirname "$0")/..
python=${PYTHON:-python3}

"$python" -m venv "$venv"
pip="$venv/bin/python -m pip --disable-pip-version-check"
$pip install --quiet --require-hashes --no-deps -r "$here/requirements/run.lock"
$pip install --quiet --no-deps --force-reinstall "$wheel"  # an upgrade of the same version too
if [ "$compiled" = "--compiled" ]; then
    # Compiled from this source tree with the tools of requirements/compile.lock,
    # in a virtual environment of their own, gone after; the build is put where
    # the installed engine looks for it (engine/compiled.py: build/ beside it).
    tools=$(mktemp -d)
    "$python" -m venv "$tools"
    "$tools/bin/python" -m pip --disable-pip-version-check install --quiet --require-hashes \
        --no-deps -r "$here/requirements/compile.lock"
    (cd "$here" && "$tools/bin/python" -c 'import engine.compiled as c; raise SystemExit(c.main())')
    rm -rf "$tools"
    site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    mkdir -p "$site/build"
    rm -rf "$site/build/engine-compiled"
    cp -R "$here/build/engine-compiled" "$site/build/engine-compiled"
    "$venv/bin/python" -c 'import engine.compiled as c, engine.mammamia.game
raise SystemExit(0 if c.active() else "the compiled engine is not in use")'
fi
"$venv/bin/mammamia-bot" --version
