#!/usr/bin/env bash
# The compiled engine's tests: build every module a native.txt lists with mypyc
# (scripts/build-native.sh), run the rule tests of each game that lists modules, and
# the conformance, recorded-replay, odds and native-build tests of those games, against
# the compiled modules; then delete them again (also when a step fails).
# scripts/test.sh runs this after the pure-Python run. Needs the dev extra (mypy ships
# mypyc) and a C compiler: gcc is installed from Debian's packages when missing (as
# root), and so is python3-dev when Python.h is missing (Debian's system Python); under
# CI=true a missing compiler or header is a failure, elsewhere the step is skipped.
# Usage: bash scripts/test-native.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

have_compiler() {
  command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1
}

have_headers() {
  python -c 'import pathlib, sysconfig, sys; sys.exit(not (pathlib.Path(sysconfig.get_paths()["include"]) / "Python.h").exists())'
}

# Debian's system Python keeps Python.h in python3-dev; pyenv and python.org builds ship it
if { ! have_compiler || ! have_headers; } && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  packages=(gcc)
  have_headers || packages+=(python3-dev)
  apt-get update -qq >/dev/null && apt-get install -y -qq "${packages[@]}" >/dev/null || true
fi
if ! have_headers; then
  if [ "${CI:-}" = "true" ]; then
    echo "no Python.h for $(python -c 'import sys; print(sys.executable)') and it could not be installed: the compiled engine cannot be tested" >&2
    exit 1
  fi
  echo "no Python.h (install python3-dev): the compiled-engine tests are skipped (they run on CI)" >&2
  exit 0
fi
if ! have_compiler; then
  if [ "${CI:-}" = "true" ]; then
    echo "no C compiler (cc/gcc) and it could not be installed: the compiled engine cannot be tested" >&2
    exit 1
  fi
  echo "no C compiler (cc/gcc): the compiled-engine tests are skipped (they run on CI)" >&2
  exit 0
fi

# the games whose package lists modules: tests/games/<name> and every test named after them
games=()
while IFS= read -r -d '' list; do
  games+=("$(basename "$(dirname "$list")")")
done < <(find src/dicefront/games -mindepth 2 -maxdepth 2 -name native.txt -print0 | sort -z)
if [ "${#games[@]}" -eq 0 ]; then
  echo "no game package has a native.txt: nothing compiled to test" >&2
  exit 1
fi

trap 'bash scripts/build-native.sh --clean >/dev/null' EXIT
trap 'exit 130' INT TERM  # through the EXIT trap: no compiled module is left behind
start=$SECONDS
bash scripts/build-native.sh
echo "built in $((SECONDS - start)) s"

dirs=()
select="test_native"
for name in "${games[@]}"; do
  dirs+=("tests/games/$name")
  select="$select or $name"
done
# the checkout's src first, so that the compiled modules just built are the ones imported
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
set +e
python -m pytest -p no:cacheprovider -n auto "${dirs[@]}" tests/core/test_native.py tests/conformance \
  tests/test_recorded_replays.py tests/odds -k "$select" "$@"
status=$?
set -e
echo "compiled-engine tests took $((SECONDS - start)) s in all (build included)"
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests for the compiled engine: that is a failure here" >&2
  exit 1
fi
exit "$status"
