#!/usr/bin/env bash
# Creates .venv beside this checkout (once) and installs Cardroom with its test and dev extras.
# Idempotent: re-running only installs what changed. Used by the README's commands and by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,dev]'
