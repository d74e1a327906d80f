#!/usr/bin/env bash
# Install Dicefront with everything its tests need, then run every check:
# ruff (lint), mypy (types) and the whole pytest suite (unit, rules, conformance,
# agents, odds, server and the browser end-to-end tests), then the compiled games'
# tests against the mypyc-compiled engine (scripts/test-native.sh).
# Usage: bash scripts/test.sh [extra pytest arguments]
# CI (.ci/run) runs exactly this with no arguments.
set -euo pipefail
cd "$(dirname "$0")/.."

# dev: the test tools; adapters: numpy, PettingZoo, Gymnasium and OpenSpiel, whose
# own test suites tests/adapters runs on every game; postgres: the PostgreSQL driver;
# lab: Ray and matplotlib for dicefront lab; fast: orjson for the server's messages
python -m pip install --quiet --disable-pip-version-check -e '.[dev,adapters,postgres,lab,fast]'
# PostgreSQL for the server's shared-database tests (a throwaway cluster per test session)
bash scripts/postgres.sh install
if [ -f scripts/install-browser.sh ]; then
  bash scripts/install-browser.sh
fi

echo "== ruff"
ruff check src tests
echo "== mypy"
mypy
echo "== pytest"
set +e
# pytest-xdist: one worker per core (2 on CI); the slowest tests are spread over both
python -m pytest -p no:cacheprovider -n auto "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
# The opt-in compiled engine (mypyc): the compiled games' rule, conformance, replay and
# odds tests against the compiled modules, which are deleted again afterwards.
# DICEFRONT_SKIP_NATIVE=1 skips it on a developer's machine (never under CI=true).
if [ "${DICEFRONT_SKIP_NATIVE:-}" = "1" ] && [ "${CI:-}" != "true" ]; then
  echo "== compiled engine: skipped (DICEFRONT_SKIP_NATIVE=1)"
  exit 0
fi
echo "== compiled engine (mypyc)"
bash scripts/test-native.sh
