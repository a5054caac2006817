#!/usr/bin/env python3
"""Queue benchmark: `benchgen eval --queue` against the in-process run, same samples, same run.

1. In-process: `benchgen eval` on HumanEval samples (the anchor).
2. One local worker (`benchgen worker --jobs <CPUs>`) on a fresh `redis-server`: the same eval
   through `--queue`; throughput as a share of the anchor's, and per-sample verdicts compared.
3. Two workers (the CPUs split between them), one killed with SIGKILL once it has done a third of
   the work: verdicts compared again, lost and duplicated results counted, and how many runs the
   kill cost (entries reclaimed and run again).
4. A model of N machines from the measured per-request cost of the queue (Redis CPU and the
   submitter's CPU per request) and the per-machine rate.

Usage: python3 benches/queue_eval.py [--benchgen target/release/benchgen] [--per-problem 10]
"""
import argparse
import gzip
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from humaneval_eval import PROBLEMS, make_samples  # noqa: E402

PASSWORD = "bench"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Redis:
    def __init__(self, workdir):
        self.port = free_port()
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--requirepass", PASSWORD, "--dir", workdir],
            stdout=subprocess.DEVNULL)
        self.url = f"redis://:{PASSWORD}@127.0.0.1:{self.port}/0"
        for _ in range(100):
            if self.cli("PING").strip() == "PONG":
                return
            time.sleep(0.05)
        sys.exit("redis-server did not start")

    def cli(self, *args):
        return subprocess.run(["redis-cli", "-p", str(self.port), "-a", PASSWORD, "--no-auth-warning", *args],
                              capture_output=True, text=True).stdout

    def cpu_seconds(self):
        info = dict(line.split(":", 1) for line in self.cli("INFO", "cpu").splitlines() if ":" in line)
        return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])

    def worker_done(self, name):
        beat = self.cli("HGET", "benchgen:workers", name).strip()
        return json.loads(beat)["done"] if beat else 0

    def results_stored(self):
        return len(self.cli("--scan", "--pattern", "benchgen:result:*").split())

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def run_eval(benchgen, dataset, samples, out, ks, queue=None):
    """Wall seconds and the submitter's own CPU seconds (children included) of one eval."""
    command = [benchgen, "-q", "eval", dataset, "--samples", samples, "--k", ",".join(map(str, ks)),
               "--timeout", "3", "--out", out]
    if queue:
        command += ["--queue", queue]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode not in (0, 1):
        sys.exit(f"eval failed ({completed.returncode}):\n{completed.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    passes = {k: float(next(l for l in completed.stdout.splitlines() if l.startswith(f"pass@{k}: ")).split(": ")[1])
              for k in ks}
    return wall, cpu, passes


def verdicts(path):
    with open(path) as f:
        lines = [json.loads(line) for line in f]
    return lines, {(l["task_id"], l["sample_index"]): l["verdict"] for l in lines}


def worker(benchgen, url, name, jobs, log):
    return subprocess.Popen([benchgen, "worker", "--queue", url, "--name", name, "--jobs", str(jobs),
                             "--reclaim-after", "5"], stderr=open(log, "w"), stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--benchgen", default="target/release/benchgen")
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--per-problem", type=int, choices=(4, 10), default=10)
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="benchgen-queue-bench-")
    os.makedirs(workdir, exist_ok=True)
    with gzip.open(PROBLEMS, "rt") as f:
        problems = [json.loads(line) for line in f if line.strip()]
    samples = make_samples(problems, args.per_problem)
    n = len(samples)
    ks = [1, 10] if args.per_problem == 10 else [1]
    samples_path = os.path.join(workdir, "samples.jsonl")
    with open(samples_path, "w") as f:
        f.writelines(json.dumps(s) + "\n" for s in samples)
    dataset = os.path.join(workdir, "humaneval.jsonl")
    subprocess.run([args.benchgen, "-q", "import", "humaneval", "--from", PROBLEMS, "--out", dataset], check=True)
    cpus = os.cpu_count() or 1

    local_out = os.path.join(workdir, "local.jsonl")
    local_wall, _, local_pass = run_eval(args.benchgen, dataset, samples_path, local_out, ks)
    local_lines, expected = verdicts(local_out)

    redis = Redis(workdir)
    try:
        one = worker(args.benchgen, redis.url, "one", cpus, os.path.join(workdir, "one.log"))
        time.sleep(0.5)
        queue_out = os.path.join(workdir, "queue.jsonl")
        redis_before = redis.cpu_seconds()
        queue_wall, submitter_cpu, queue_pass = run_eval(args.benchgen, dataset, samples_path, queue_out, ks, redis.url)
        redis_cpu = redis.cpu_seconds() - redis_before
        _, one_verdicts = verdicts(queue_out)
        runs = redis.results_stored()
        one.kill()
        one.wait()

        redis.cli("FLUSHALL")
        half = max(1, cpus // 2)
        first = worker(args.benchgen, redis.url, "first", half, os.path.join(workdir, "first.log"))
        second = worker(args.benchgen, redis.url, "second", half, os.path.join(workdir, "second.log"))
        time.sleep(0.5)
        kill_out = os.path.join(workdir, "kill.jsonl")
        command = [args.benchgen, "-q", "eval", dataset, "--samples", samples_path, "--k", ",".join(map(str, ks)),
                   "--timeout", "3", "--out", kill_out, "--queue", redis.url]
        start = time.perf_counter()
        submitter = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        killed_after = None
        while submitter.poll() is None:
            if killed_after is None and redis.worker_done("first") >= n // 3:
                first.kill()
                first.wait()
                killed_after = redis.worker_done("first")
            time.sleep(0.05)
        kill_wall = time.perf_counter() - start
        kill_stdout = submitter.stdout.read()
        kill_lines, kill_verdicts = verdicts(kill_out)
        kill_runs = redis.results_stored()
        time.sleep(6)  # the survivor's last heartbeat, with its final counts
        beat = json.loads(redis.cli("HGET", "benchgen:workers", "second"))
        second.kill()
        second.wait()
    finally:
        redis.stop()

    kill_pass = {k: float(next(l for l in kill_stdout.splitlines() if l.startswith(f"pass@{k}: ")).split(": ")[1])
                 for k in ks}
    keys = [(l["task_id"], l["sample_index"]) for l in kill_lines]
    lost = n - len(set(keys)) + sum(v in ("sandbox_error", "given_up") for v in kill_verdicts.values())
    duplicated = len(keys) - len(set(keys))
    differ_one = sum(expected[k] != one_verdicts.get(k) for k in expected)
    differ_kill = sum(expected[k] != kill_verdicts.get(k) for k in expected)
    distinct_runs = runs  # results stored: the distinct requests of the eval
    per_request_redis = redis_cpu / max(1, distinct_runs)
    per_request_submitter = submitter_cpu / max(1, distinct_runs)
    machine_rate = distinct_runs / queue_wall

    print(f"samples:              {n} ({len(problems)} problems, {cpus} CPUs), {distinct_runs} distinct runs")
    print(f"in-process (anchor):  {local_wall:7.2f} s  {n / local_wall:7.1f} samples/s  pass@k {local_pass}")
    print(f"queue, 1 worker:      {queue_wall:7.2f} s  {n / queue_wall:7.1f} samples/s  pass@k {queue_pass}  "
          f"= {local_wall / queue_wall:.0%} of in-process; verdicts differing: {differ_one}")
    print(f"queue cost/request:   redis {per_request_redis * 1e6:6.0f} us CPU, submitter {per_request_submitter * 1e6:6.0f} us CPU")
    print(f"2 workers, 1 killed:  {kill_wall:7.2f} s  pass@k {kill_pass}; killed after {killed_after} results; "
          f"verdicts differing {differ_kill}, lost {lost}, duplicated {duplicated}, "
          f"{kill_runs} results stored; killed worker ran about {killed_after} (its last heartbeat), the survivor "
          f"{beat['done']}, of which {beat['reclaimed']} reclaimed from the killed one")
    redis_limit = 1 / per_request_redis if per_request_redis else float("inf")
    submitter_limit = 1 / per_request_submitter if per_request_submitter else float("inf")
    print(f"model of N machines: {machine_rate:.0f} runs/s each (as measured here, {cpus} CPUs), capped by one Redis "
          f"core at {redis_limit:.0f} runs/s and one submitting process at {submitter_limit:.0f} runs/s:")
    for machines in (1, 2, 4, 8, 16, 32, 64):
        print(f"  N={machines:<3} {min(machines * machine_rate, redis_limit, submitter_limit):9.0f} runs/s")
    ok = differ_one == 0 and differ_kill == 0 and lost == 0 and duplicated == 0 \
        and queue_pass == local_pass == kill_pass and len(local_lines) == n
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
