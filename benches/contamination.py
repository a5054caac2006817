#!/usr/bin/env python3
"""`benchgen contamination`: which planted items it flags, and its memory as the corpus grows.

Half of a dataset's items are planted into a corpus of real Python (the host's standard
library, cycled to the size asked for, in files of 50 MB and one JSON Lines file), a third of
them verbatim, a third renamed (the target of their `benchgen variants` variant: target,
parameters, locals, helpers renamed), a third renamed, reformatted by `ast.unparse` (quotes,
parentheses, spacing, line breaks) and commented. For each corpus size the scan runs once; the
script prints its time, its peak resident set (the process's own, from `wait4`), how many planted
items are flagged, and which unplanted ones are, with where their best match lies (a plant of
another item: the two items share code; the background: a false positive). The last line is the
ratio of the largest corpus's peak RSS to the smallest's.

Usage: python3 benches/contamination.py [--benchgen target/release/benchgen] [--sizes-mb 100,1000]
       [--dataset DATASET --variants VARIANTS] [--background DIR] [--workdir DIR]
Without --dataset, HumanEval is imported and its variants made (needs the sandbox). The
background defaults to the host's standard library: give another folder of Python for a dataset
built from the standard library (the README's), which the standard library holds for real.
"""
import argparse
import ast
import json
import os
import random
import subprocess
import sysconfig
import tempfile
import textwrap
import time

FILE_BYTES = 50 << 20


def target(item):
    span = item["target"]["span"]
    return item["program"].encode()[span["start_byte"]:span["end_byte"]].decode()


def plants(items, variants):
    """(id, kind, text) for every other item."""
    out = []
    for index, item in enumerate(items[::2]):
        kind = ["verbatim", "renamed", "reformatted"][index % 3]
        variant = variants.get(item["id"])
        text = target(item) if kind == "verbatim" or variant is None else target(variant)
        if kind == "reformatted" and variant is not None:
            lines = ast.unparse(ast.parse(textwrap.dedent(text))).split("\n")
            text = "\n".join(line + ("  # edited" if i % 3 == 0 else "") for i, line in enumerate(lines))
        out.append((item["id"], kind if variant is not None or kind == "verbatim" else "verbatim", text))
    return out


def background(root):
    """Real Python source under `root`, endlessly, file after file."""
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".py"))
    while True:
        for path in files:
            with open(path, "rb") as f:
                yield f.read()


def write_corpus(folder, size_mb, planted, root, seed=0):
    """Writes ~size_mb of background with every plant at a random place; returns the files."""
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(seed)
    total = size_mb << 20
    files = max(1, total // FILE_BYTES)
    where = {i: [] for i in range(files + 1)}
    for plant in planted:
        where[rng.randrange(files + 1)].append(plant)
    source = background(root)
    for index in range(files):
        with open(os.path.join(folder, f"part-{index:03}.py"), "wb") as f:
            written, spots = 0, sorted(rng.randrange(FILE_BYTES) for _ in where[index])
            pending = list(where[index])
            while written < min(FILE_BYTES, total):
                chunk = next(source)
                f.write(chunk + b"\n")
                written += len(chunk) + 1
                while spots and spots[0] <= written:
                    spots.pop(0)
                    f.write(("\n\n" + pending.pop()[2] + "\n\n").encode())
    with open(os.path.join(folder, "records.jsonl"), "w") as f:
        for _ in range(200):
            f.write(json.dumps({"text": next(source).decode("utf-8", "replace")}) + "\n")
        for plant in where[files]:
            f.write(json.dumps({"text": plant[2]}) + "\n")


def run(benchgen, dataset, corpus, out):
    start = time.monotonic()
    process = subprocess.Popen([benchgen, "-q", "contamination", dataset, "--corpus", corpus,
                                "--out", out], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"benchgen contamination failed: {status}")
    return time.monotonic() - start, usage.ru_maxrss * 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--benchgen", default="target/release/benchgen")
    parser.add_argument("--sizes-mb", default="100,1000")
    parser.add_argument("--dataset")
    parser.add_argument("--variants")
    parser.add_argument("--background", default=sysconfig.get_paths()["stdlib"])
    parser.add_argument("--workdir")
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="benchgen-contamination-")
    dataset, variants = args.dataset, args.variants
    if dataset is None:
        dataset = os.path.join(workdir, "humaneval.jsonl")
        subprocess.run([args.benchgen, "-q", "import", "humaneval", "--out", dataset], check=True)
    if variants is None:
        variants = os.path.join(workdir, "variants.jsonl")
        subprocess.run([args.benchgen, "-q", "variants", dataset, "--out", variants], check=True)
    items = [json.loads(line) for line in open(dataset)]
    by_original = {}
    for line in open(variants):
        variant = json.loads(line)
        by_original[variant["provenance"]["variant_of"]] = variant
    planted = plants(items, by_original)
    kinds = {id: kind for id, kind, _ in planted}
    peaks = []
    print(f"{'corpus MB':>9} {'seconds':>8} {'MB/s':>6} {'peak RSS MB':>11}  flagged")
    for size in [int(s) for s in args.sizes_mb.split(",")]:
        corpus = os.path.join(workdir, f"corpus-{size}")
        if not os.path.isdir(corpus):
            write_corpus(corpus, size, planted, args.background)
        out = os.path.join(workdir, f"overlap-{size}.jsonl")
        seconds, peak = run(args.benchgen, dataset, corpus, out)
        peaks.append(peak)
        results = [json.loads(line) for line in open(out)]
        flagged_planted = sum(r["flagged"] for r in results if r["id"] in kinds)
        unplanted = [r for r in results if r["id"] not in kinds and r["flagged"]]
        missed = [(r["id"], kinds[r["id"]], r["tokens"]) for r in results
                  if r["id"] in kinds and not r["flagged"]]
        bytes_read = sum(os.path.getsize(os.path.join(corpus, f)) for f in os.listdir(corpus))
        print(f"{bytes_read / 1e6:9.0f} {seconds:8.1f} {bytes_read / 1e6 / seconds:6.1f} "
              f"{peak / 1e6:11.1f}  planted {flagged_planted} of {len(kinds)}, "
              f"unplanted {len(unplanted)} of {len(results) - len(kinds)}")
        for r in missed:
            print(f"    missed planted {r[0]} ({r[1]}, {r[2]} tokens)")
        for r in unplanted:
            print(f"    unplanted flagged {r['id']}: {r['longest_overlap_tokens']} of {r['tokens']} "
                  f"tokens at {os.path.basename(r['best_match_file'] or '')}:{r['best_match_line']}")
    print(f"peak RSS ratio, largest corpus / smallest: {max(peaks[-1], 1) / max(peaks[0], 1):.2f}")


if __name__ == "__main__":
    main()
