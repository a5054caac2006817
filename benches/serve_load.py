#!/usr/bin/env python3
"""Throughput and latency of `benchgen serve` against in-process `benchgen eval` (issue 28).

In one run, on the same samples of HumanEval (correct, wrong, forged and hostile completions):

1. anchor: `benchgen eval DATASET --samples S` (wall time, sandbox start and references
   included, as a user runs it);
2. `benchgen serve DATASET --cache-entries 0` (no cache: every pair judged), then CLIENTS
   threads each sending one pair per `POST /v1/grade` until the samples are done; the wall time
   from the first request to the last answer, and each request's latency.

Prints the throughput of each (pairs per second), their ratio, p50/p99 latency, and whether
every verdict is the one eval gave (lost or duplicated pairs count as mismatches).

Usage: python3 benches/serve_load.py [--benchgen target/release/benchgen] [--samples 2000]
           [--clients 32] [--jobs N] [--workdir DIR]
Standard library only.
"""
import argparse
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request

HOSTILE = [
    "    return None\n",
    "    raise ValueError('no')\n",
    "    class Any:\n        def __eq__(self, other):\n            return True\n"
    "        __hash__ = None\n    return Any()\n",
    "    import sys\n    sys.exit(0)\n",
    "    import os\n    os._exit(0)\n",
    "    import builtins\n    builtins.AssertionError = type('A', (Exception,), {})\n",
]


def samples_of(items, count):
    samples = []
    while len(samples) < count:
        for item in items:
            body = item["target"]["body"]
            reference = item["program"][body["start_byte"]:body["end_byte"]]
            for completion in [reference] + HOSTILE:
                # A comment makes every sample distinct, so that none is judged only once.
                samples.append({"task_id": item["id"],
                                "completion": completion + f"    # {len(samples)}\n"})
                if len(samples) == count:
                    return samples
    return samples


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=600) as response:
        return json.loads(response.read())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--benchgen", default="target/release/benchgen")
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--workdir", default="/tmp/serve-load")
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    dataset = os.path.join(args.workdir, "humaneval.jsonl")
    subprocess.run([args.benchgen, "import", "humaneval", "--out", dataset, "-q"], check=True)
    items = [json.loads(line) for line in open(dataset)]
    samples = samples_of(items, args.samples)
    samples_path = os.path.join(args.workdir, "samples.jsonl")
    with open(samples_path, "w") as f:
        f.writelines(json.dumps(s) + "\n" for s in samples)

    results = os.path.join(args.workdir, "results.jsonl")
    started = time.monotonic()
    subprocess.run([args.benchgen, "eval", dataset, "--samples", samples_path, "--out", results,
                    "--jobs", str(args.jobs), "--k", "1", "-q", "--rejudge-references"],
                   check=True, stdout=subprocess.DEVNULL)
    eval_s = time.monotonic() - started
    expected = [json.loads(line)["verdict"] for line in open(results)]

    server = subprocess.Popen([args.benchgen, "serve", dataset, "--listen", "127.0.0.1:0",
                               "--jobs", str(args.jobs), "--cache-entries", "0",
                               "--max-pending", str(max(4096, args.clients * 4)), "-q"],
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = next(w for w in line.split() if w.startswith("http://"))
        while True:
            try:
                urllib.request.urlopen(url + "/readyz", timeout=5)
                break
            except Exception:
                time.sleep(0.1)
        verdicts = [None] * len(samples)
        latencies = []
        lock = threading.Lock()
        next_index = [0]

        def client():
            while True:
                with lock:
                    i = next_index[0]
                    next_index[0] += 1
                if i >= len(samples):
                    return
                sent = time.monotonic()
                grade = post(url + "/v1/grade", samples[i])
                elapsed = time.monotonic() - sent
                with lock:
                    verdicts[i] = grade["verdict"]
                    latencies.append(elapsed)

        started = time.monotonic()
        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        serve_s = time.monotonic() - started
        rss_kb = int(open(f"/proc/{server.pid}/status").read().split("VmRSS:")[1].split()[0])
    finally:
        server.terminate()
        server.wait()
    latencies.sort()
    mismatches = sum(1 for a, b in zip(verdicts, expected) if a != b)
    n = len(samples)
    print(f"samples: {n} ({len(items)} items), clients: {args.clients}, jobs: {args.jobs}")
    print(f"eval (anchor, start included): {eval_s:.1f} s, {n / eval_s:.1f} pairs/s")
    print(f"serve (after ready):           {serve_s:.1f} s, {n / serve_s:.1f} pairs/s")
    print(f"ratio serve/eval throughput:   {eval_s / serve_s:.2f}")
    print(f"latency of one grade: p50 {latencies[len(latencies) // 2] * 1000:.0f} ms, "
          f"p99 {latencies[int(len(latencies) * 0.99)] * 1000:.0f} ms")
    print(f"server RSS at the end: {rss_kb // 1024} MiB")
    print(f"verdicts as eval's: {n - mismatches}/{n}")
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
