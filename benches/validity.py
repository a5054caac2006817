#!/usr/bin/env python3
"""Validity of benchgen's tests: are correct alternatives accepted and plausible wrong answers
rejected?

The validity set (tests/validity/) holds, for items that `benchgen build` makes from standard-
library modules and pinned PyPI packages, hand-written whole functions written from each item's
prompt alone: `correct_*.py` (a different algorithm or formulation that does what the docstring
says) and `wrong_*.py` (off-by-one, an ignored optional parameter, an edge the docstring names
mishandled, ...). This script builds the items the way tests/validity/manifest.json says (or
takes `--dataset` files), matches every set entry to an item by its identity (module and
qualified name, as the build's provenance gives them), runs `benchgen eval` on one sample per
file, and prints per item and overall:

- correct-acceptance rate: correct alternatives that pass every test / all correct ones;
- wrong-rejection rate: wrong answers that fail some test / all wrong ones;
- every misjudged file with the failing test and its message (a rejected correct answer) or the
  number of tests it passed (an accepted wrong one);
- set entries that no item of the fresh build matched (reported, never silently dropped).

Exit status: 0; 1 when an entry had no matching item, or, with `--min-rate R`, when either rate is
below R; 2 on an error (a build or eval that did not run).

Usage: python3 benches/validity.py [--benchgen target/release/benchgen] [--dataset FILE]...
           [--workdir DIR] [--min-rate 0.95] [--json summary.json] [--jobs N]
           [--set DIR --dataset FILE...]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SET_DIR = os.path.join(ROOT, "tests", "validity")


def load_manifest():
    with open(os.path.join(SET_DIR, "manifest.json")) as f:
        return json.load(f)


def load_entries(set_dir=SET_DIR):
    """The set: {item id: {"module", "qualified_name", "files": [(kind, name, text)]}}, from
    items/<module>/<qualified name>/{correct,wrong}_*.py."""
    entries = {}
    items = os.path.join(set_dir, "items")
    for module in sorted(os.listdir(items)):
        if not os.path.isdir(os.path.join(items, module)):
            continue
        for qualname in sorted(os.listdir(os.path.join(items, module))):
            folder = os.path.join(items, module, qualname)
            if not os.path.isdir(folder):
                continue
            files = []
            for name in sorted(os.listdir(folder)):
                kind = name.split("_", 1)[0]
                if not name.endswith(".py") or kind not in ("correct", "wrong"):
                    continue
                with open(os.path.join(folder, name)) as f:
                    files.append((kind, name, f.read()))
            if files:
                entries[f"{module}/{qualname}"] = {
                    "module": module, "qualified_name": qualname, "files": files}
    return entries


def describe(text):
    """The file's leading comment, without `# correct:` / `# wrong:`."""
    lines = []
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(lines).split(":", 1)[-1].strip()


def run(command, env=None, what=None):
    completed = subprocess.run(command, capture_output=True, text=True, env=env)
    if completed.returncode not in (0, 1):
        sys.stderr.write(completed.stdout[-2000:] + completed.stderr[-4000:])
        sys.exit(f"{what or command[0]} failed ({completed.returncode})")
    return completed


def install_site(manifest, python, site):
    """The pinned PyPI packages in `site` (pip --target; nothing installed system-wide)."""
    wanted = [f"{name}=={version}" for name, version in manifest["pypi"].items()]
    have = {entry.lower() for entry in os.listdir(site)} if os.path.isdir(site) else set()
    def present(name, version):
        stem = name.replace("-", "_").lower()
        return f"{stem}-{version}.dist-info" in have
    if all(present(n, v) for n, v in manifest["pypi"].items()):
        return
    # pip of the build's Python, else uv (scripts/setup.sh installs it) for that Python.
    attempts = [
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--target", site] + wanted,
        ["uv", "pip", "install", "--quiet", "--python", python, "--no-deps", "--target", site]
        + wanted,
    ]
    for command in attempts:
        try:
            if subprocess.run(command, capture_output=True, text=True).returncode == 0:
                return
        except FileNotFoundError:
            continue
    sys.exit(f"could not install {' '.join(wanted)} into {site} (PyPI must be reachable)")


def build(manifest, benchgen, workdir, jobs):
    """Builds every dataset the manifest names; returns their paths."""
    python = manifest["python"]
    site = os.path.join(workdir, "site")
    if any(b["site"] for b in manifest["builds"]):
        install_site(manifest, python, site)
    paths = []
    for spec in manifest["builds"]:
        out = os.path.join(workdir, spec["name"] + ".jsonl")
        env = dict(os.environ, BENCHGEN_HOST_PYTHON=python)
        if spec["site"]:
            env["PYTHONPATH"] = site + os.pathsep + env.get("PYTHONPATH", "")
        command = [benchgen, "-q", "build", "--no-progress", "--out", out]
        for module in spec["modules"]:
            command += ["--module", module]
        # Whole packages, as a new user builds one: their modules import each other.
        command += [os.path.join(site, folder) for folder in spec.get("folders", [])]
        if jobs:
            command += ["--jobs", str(jobs)]
        start = time.perf_counter()
        run(command, env=env, what=f"build {spec['name']}")
        print(f"built {spec['name']}: {sum(1 for _ in open(out))} items in "
              f"{time.perf_counter() - start:.0f} s ({out})", file=sys.stderr)
        paths.append(out)
    return paths


def match(entries, datasets):
    """Pairs each set entry with the item of the same module and qualified name."""
    by_key = {}
    for path in datasets:
        with open(path) as f:
            for line in f:
                if line.strip():
                    item = json.loads(line)
                    module = item["id"].rsplit("/", 1)[0] if "/" in item["id"] else None
                    module = item["provenance"].get("module") or module
                    by_key[(module, item["target"]["qualified_name"])] = item
    matched, missing = {}, []
    for entry_id, entry in entries.items():
        item = by_key.get((entry["module"], entry["qualified_name"]))
        if item is None:
            missing.append(entry_id)
        else:
            matched[entry_id] = item
    return matched, missing


def merge_environments(datasets, ids, dataset):
    """Writes `dataset`'s environment file from those of the `datasets` it was drawn from (each
    `NAME.env.json` beside `NAME.jsonl`, with its lock files copied beside `dataset`), kept to the
    items `ids`: `benchgen eval` then runs each item where its own dataset's build said (an
    item of a package with dependencies fails its own tests without them)."""
    merged = None
    for index, path in enumerate(datasets):
        env_path = path[:-len(".jsonl")] + ".env.json"
        if not os.path.exists(env_path):
            continue
        with open(env_path) as f:
            env = json.load(f)
        if merged is None:
            merged = dict(env, environments=[])
        for environment in env.get("environments", []):
            items = [i for i in environment.get("items", []) if i in ids]
            if not items:
                continue
            lock = environment.get("lock_file")
            if lock:
                copied = f"{index}-{os.path.basename(lock)}"
                with open(os.path.join(os.path.dirname(env_path), lock), "rb") as src, \
                        open(os.path.join(os.path.dirname(dataset), copied), "wb") as dst:
                    dst.write(src.read())
                environment = dict(environment, lock_file=copied)
            merged["environments"].append(dict(environment, items=items))
    if merged is not None:
        with open(dataset[:-len(".jsonl")] + ".env.json", "w") as f:
            json.dump(merged, f, indent=1)


def failures(result, item, most=3):
    """`name [call]: message` of the failing tests of a run (at most `most`, then a count)."""
    calls = {case["name"]: case for case in item.get("cases", [])}
    tests = result.get("tests") or []
    failed = [t for t in tests if t.get("verdict") != "passed"]
    lines = []
    for test in failed[:most]:
        case = calls.get(test["name"])
        where = f" [{case['call']}]" if case else ""
        message = " ".join((test.get("message") or test.get("verdict") or "").split())
        lines.append(f"{test['name']}{where}: {message[:240]}")
    if len(failed) > most:
        lines.append(f"... {len(failed) - most} more")
    if not failed:
        detail = " ".join((result.get("detail") or result.get("verdict") or "").split())
        lines.append(f"{result.get('verdict')}: {detail[:240]}")
    return f"{len(failed)} of {len(tests)} tests failed", lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--benchgen", default=os.path.join(ROOT, "target", "release", "benchgen"))
    parser.add_argument("--dataset", action="append", default=[],
                        help="use these datasets instead of building (repeatable)")
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--min-rate", type=float, default=None,
                        help="exit 1 if either rate is below this")
    parser.add_argument("--json", default=None, help="write a summary here")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--set", default=SET_DIR,
                        help="a validity set of its own layout (items/<module>/<name>/), for "
                             "answers written for packages the project never saw; needs --dataset")
    args = parser.parse_args()
    if args.set != SET_DIR and not args.dataset:
        parser.error("--set needs --dataset: only tests/validity has a manifest to build from")
    workdir = args.workdir or tempfile.mkdtemp(prefix="benchgen-validity-")
    os.makedirs(workdir, exist_ok=True)
    entries = load_entries(args.set)

    datasets = args.dataset or build(load_manifest(), os.path.abspath(args.benchgen), workdir, args.jobs)
    matched, missing = match(entries, datasets)

    dataset = os.path.join(workdir, "validity.dataset.jsonl")
    samples_path = os.path.join(workdir, "validity.samples.jsonl")
    plan = []  # (entry id, kind, file name, text), in samples-file order
    with open(dataset, "w") as d, open(samples_path, "w") as s:
        for entry_id, item in matched.items():
            d.write(json.dumps(item) + "\n")
            for kind, name, text in entries[entry_id]["files"]:
                s.write(json.dumps({"task_id": item["id"], "solution": text}) + "\n")
                plan.append((entry_id, kind, name, text))
    if args.dataset:
        merge_environments(args.dataset, {item["id"] for item in matched.values()}, dataset)
    results_path = os.path.join(workdir, "validity.results.jsonl")
    command = [os.path.abspath(args.benchgen), "-q", "eval", dataset, "--samples", samples_path,
               "--k", "1", "--no-progress", "--out", results_path]
    if args.jobs:
        command += ["--jobs", str(args.jobs)]
    if plan:
        run(command, what="benchgen eval")
    results = {}
    if plan:
        with open(results_path) as f:
            for line in f:
                r = json.loads(line)
                if r.get("sample_index") is not None:
                    results[(r["task_id"], r["sample_index"])] = r

    counters = {}
    per_item, misjudged = [], []
    groups = {}
    for entry_id, kind, name, text in plan:
        item = matched[entry_id]
        index = counters.get(item["id"], 0)
        counters[item["id"]] = index + 1
        result = results[(item["id"], index)]
        ok = result["passed"] if kind == "correct" else not result["passed"]
        row = groups.setdefault(entry_id, {"correct": [0, 0], "wrong": [0, 0]})
        row[kind][0] += ok
        row[kind][1] += 1
        if not ok:
            if kind == "correct":
                summary, lines = failures(result, item)
            else:
                summary, lines = f"passed all {len(result.get('tests') or [])} tests", []
            misjudged.append({"item": entry_id, "file": name, "kind": kind,
                              "what": describe(text), "why": summary, "tests": lines})

    def rate(pair):
        return pair[0] / pair[1] if pair[1] else float("nan")

    totals = {"correct": [0, 0], "wrong": [0, 0]}
    by_source = {}
    for entry_id, row in groups.items():
        module = matched[entry_id]["id"].rsplit("/", 1)[0]
        source = by_source.setdefault(module.split(".")[0], {"items": 0, "correct": [0, 0], "wrong": [0, 0]})
        source["items"] += 1
        for kind in ("correct", "wrong"):
            for i in (0, 1):
                totals[kind][i] += row[kind][i]
                source[kind][i] += row[kind][i]
        per_item.append((entry_id, row))

    print(f"{'item':<52} {'correct accepted':>17} {'wrong rejected':>15}")
    for entry_id, row in per_item:
        mark = "" if row["correct"][0] == row["correct"][1] and row["wrong"][0] == row["wrong"][1] else "  *"
        print(f"{entry_id:<52} {row['correct'][0]:>9}/{row['correct'][1]:<7} "
              f"{row['wrong'][0]:>8}/{row['wrong'][1]:<6}{mark}")
    print()
    print(f"{'module or package':<20} {'items':>5} {'correct accepted':>17} {'wrong rejected':>15}")
    for name, s in sorted(by_source.items()):
        print(f"{name:<20} {s['items']:>5} {s['correct'][0]:>9}/{s['correct'][1]:<7} "
              f"{s['wrong'][0]:>8}/{s['wrong'][1]:<6}")
    print()
    if misjudged:
        print("misjudged:")
        for m in misjudged:
            verdict = "REJECTED correct" if m["kind"] == "correct" else "ACCEPTED wrong"
            print(f"  {verdict}: {m['item']}/{m['file']}: {m['why']}\n      ({m['what']})")
            for line in m["tests"]:
                print(f"      {line}")
        print()
    if missing:
        print(f"set entries with no matching item in the build ({len(missing)}): {', '.join(missing)}")
    correct_rate, wrong_rate = rate(totals["correct"]), rate(totals["wrong"])
    print(f"items: {len(groups)} matched, {len(missing)} unmatched, of {len(entries)} in the set")
    print(f"correct-acceptance rate: {totals['correct'][0]}/{totals['correct'][1]} = {correct_rate:.3f}")
    print(f"wrong-rejection rate:    {totals['wrong'][0]}/{totals['wrong'][1]} = {wrong_rate:.3f}")

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"items": len(groups), "unmatched": missing,
                       "correct": totals["correct"], "wrong": totals["wrong"],
                       "correct_acceptance": correct_rate, "wrong_rejection": wrong_rate,
                       "by_source": by_source, "misjudged": misjudged,
                       "per_item": {k: v for k, v in per_item}}, f, indent=1)
    failed = bool(missing)
    if args.min_rate is not None and not (correct_rate >= args.min_rate and wrong_rate >= args.min_rate):
        print(f"below --min-rate {args.min_rate}")
        failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
