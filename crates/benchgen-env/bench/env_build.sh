#!/usr/bin/env bash
# Times building one environment from one hash-pinned lock, the way benchgen-env builds it (uv) and
# the usual way (venv + pip), and prints the ratios.
#
#   uv cold   uv venv --relocatable + uv pip sync --require-hashes --compile-bytecode, empty uv cache
#   uv warm   the same into a new venv, with the cache the cold run filled (hard links)
#   pip cold  python -m venv + pip install --require-hashes --no-deps, empty pip cache
#   pip warm  the same into a new venv, with the cache the cold run filled
#   uv warm, no bytecode: what the uv warm figure spends on installing alone
#
# Then, when cargo is at hand, the same through benchgen-env itself (examples/build_env.rs: lock,
# cold build, cache hit, rebuild after deleting the venv).
#
# Usage: crates/benchgen-env/bench/env_build.sh [requirement ...]    (default: numpy pandas)
# Env:   PYTHON (default /usr/bin/python3.11), UV (default: uv on PATH)
# Needs network access to PyPI. Both installers compile bytecode, so the venvs are comparable.
set -euo pipefail

python=${PYTHON:-/usr/bin/python3.11}
uv=${UV:-$(command -v uv)}
if [ "$#" -eq 0 ]; then set -- numpy pandas; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

printf '%s\n' "$@" > "$work/requirements.in"
# Resolve with a cache of its own, so that the cold build starts from nothing.
"$uv" pip compile --quiet --no-config --generate-hashes --no-header --python "$python" \
    --cache-dir "$work/lock-cache" --output-file "$work/lock.txt" "$work/requirements.in"
pins=$(grep -c '==' "$work/lock.txt")

uv_build() { # $1: venv directory
    "$uv" venv --quiet --no-config --relocatable --python "$python" --cache-dir "$work/uv-cache" "$1"
    "$uv" pip sync --quiet --no-config --require-hashes --compile-bytecode --cache-dir "$work/uv-cache" \
        --python "$1/bin/python" "$work/lock.txt"
}
pip_build() { # $1: venv directory
    "$python" -m venv "$1"
    "$1/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps \
        --cache-dir "$work/pip-cache" -r "$work/lock.txt"
}

start=$(now); uv_build "$work/uv-cold"; uv_cold=$(elapsed "$start" "$(now)")
start=$(now); uv_build "$work/uv-warm"; uv_warm=$(elapsed "$start" "$(now)")
start=$(now)
"$uv" venv --quiet --no-config --relocatable --python "$python" --cache-dir "$work/uv-cache" "$work/uv-plain"
"$uv" pip sync --quiet --no-config --require-hashes --cache-dir "$work/uv-cache" \
    --python "$work/uv-plain/bin/python" "$work/lock.txt"
uv_plain=$(elapsed "$start" "$(now)")
start=$(now); pip_build "$work/pip-cold"; pip_cold=$(elapsed "$start" "$(now)")
start=$(now); pip_build "$work/pip-warm"; pip_warm=$(elapsed "$start" "$(now)")

for venv in uv-cold uv-warm pip-cold pip-warm; do
    "$work/$venv/bin/python" -c "import importlib, sys; [importlib.import_module(m) for m in sys.argv[1:]]" \
        $(printf '%s\n' "$@" | sed 's/[^A-Za-z0-9_].*//') >/dev/null 2>&1 ||
        echo "note: could not import the requirements as modules in $venv (import names may differ)" >&2
done

echo "requirements: $* ($pins pinned distributions), python: $python, uv: $("$uv" --version)"
echo "uv  cold ${uv_cold}s   warm ${uv_warm}s   (warm without bytecode: ${uv_plain}s)"
echo "pip cold ${pip_cold}s   warm ${pip_warm}s"
echo "ratio pip/uv: cold $(ratio "$pip_cold" "$uv_cold")x   warm $(ratio "$pip_warm" "$uv_warm")x"

if command -v cargo >/dev/null; then
    cd "$(dirname "$0")/.."
    PATH="$(dirname "$uv"):$PATH" cargo run --quiet -p benchgen-env --example build_env -- "$@"
fi
