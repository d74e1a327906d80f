#!/usr/bin/env bash
# OPT-IN: compile the engine's hot modules with mypyc (it ships with mypy, the dev extra)
# into extension modules next to their .py files, which then take precedence on import.
# A plain `pip install -e .` never needs this or a C compiler: every module stays pure
# Python until you run it. Figures and caveats: benchmarks/README.md.
#
#   bash scripts/build-native.sh          # compile every module listed in a native.txt
#   bash scripts/build-native.sh --clean  # delete the compiled modules: pure Python again
#
# A package lists its modules in its native.txt (one a line, relative to the package,
# '#' starts a comment). Re-run after editing a listed module: a compiled module does
# not see later edits of its .py (tests/core/test_native.py fails while one is stale).
set -euo pipefail
cd "$(dirname "$0")/../src"
ext=$(python -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')

clean() {
  # only extension modules that shadow a .py, and mypyc's shared runtime library
  find dicefront -name "*${ext}" -print0 | while IFS= read -r -d '' so; do
    if [ -f "${so%"$ext"}.py" ]; then rm -f -- "$so"; fi
  done
  rm -f -- ./*__mypyc"${ext}"
  rm -rf build
}

case "${1:-}" in
  --clean) clean; echo "compiled modules removed: pure Python"; exit 0 ;;
  "") ;;
  *) echo "usage: bash scripts/build-native.sh [--clean]" >&2; exit 2 ;;
esac

modules=()
while IFS= read -r -d '' list; do
  dir=$(dirname "$list")
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%%#*}"
    line="${line//[[:space:]]/}"
    [ -z "$line" ] && continue
    if [ ! -f "$dir/$line" ]; then
      echo "$list names $line, which is not a file in $dir" >&2
      exit 1
    fi
    modules+=("$dir/$line")
  done <"$list"
done < <(find dicefront -name native.txt -print0 | sort -z)

if [ "${#modules[@]}" -eq 0 ]; then
  echo "no native.txt lists a module: nothing to compile" >&2
  exit 1
fi
if ! command -v mypyc >/dev/null; then
  echo "mypyc not found: pip install -e '.[dev]' (mypy ships mypyc) and a C compiler" >&2
  exit 1
fi
clean
trap 'rm -rf build' EXIT
echo "compiling ${#modules[@]} modules with mypyc (a few minutes)"
# one mypyc group: calls between the listed modules stay native
mypyc --config-file ../pyproject.toml "${modules[@]}" >build.log 2>&1 || { cat build.log >&2; rm -f build.log; exit 1; }
rm -f build.log
echo "compiled: ${modules[*]}"
