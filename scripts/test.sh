#!/usr/bin/env bash
# Install Dicefront with everything its tests need, then run every check:
# ruff (lint), mypy (types) and the whole pytest suite (unit, rules, conformance,
# agents, odds, server and the browser end-to-end tests).
# Usage: bash scripts/test.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
if [ -f scripts/install-browser.sh ]; then
  bash scripts/install-browser.sh
fi

echo "== ruff"
ruff check src tests
echo "== mypy"
mypy
echo "== pytest"
set +e
python -m pytest -p no:cacheprovider "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here" >&2
  exit 1
fi
exit "$status"
