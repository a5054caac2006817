#!/usr/bin/env python3
"""Reach of the model-free builder on popular pure-Python PyPI packages (issue 13).

For each package at a pinned version this script does what a user would: installs it (and its
dependencies, pinned too) with pip into a folder of its own, then runs, on the package's folder,

    benchgen build SITE/PACKAGE --out PACKAGE.jsonl
    benchgen audit PACKAGE.jsonl --out PACKAGE.audited.jsonl
    benchgen env lock PACKAGE.audited.jsonl && benchgen env build PACKAGE.audited.jsonl
        (only when the dataset has requirements)
    benchgen verify PACKAGE.audited.jsonl

and prints per package, then in total:

- found: functions the build looked at (its funnel's `found`);
- candidates: CodeSearchNet-like functions, counted here with Python's `ast` on the installed
  sources: a docstring, at least 3 lines, not in a test file, not named `test*`, not a dunder,
  not nested (module-level functions and methods of module-level classes);
- accepted: items in the audited dataset, and their share of the candidates (an item counts
  when its `module/qualified_name` is a candidate);
- methods: accepted items whose target is defined in a class;
- mutation: mean mutation score of the accepted items (audit);
- branch: mean branch coverage over items whose target has branches (audit gives none for the
  others);
- stub-kill: share of items whose every stub body fails the tests;
- verify: share of items whose reference passes `benchgen verify` (in the rebuilt environment
  where there is one).

Usage: python3 benches/reach.py [--benchgen target/release/benchgen] [--workdir DIR]
           [--package NAME]... [--json summary.json] [--jobs N]
       python3 benches/reach.py --pin semver==3.0.2:semver --pin DIST==V:FOLDER:DEP==V,DEP==V ...
Exit status: 0, or 2 when a command could not run.
"""
import argparse
import ast
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (distribution pin, import folder, pinned dependencies)
PACKAGES = [
    ("boltons==24.0.0", "boltons", []),
    ("toolz==0.12.1", "toolz", []),
    ("more-itertools==10.5.0", "more_itertools", []),
    ("inflection==0.5.1", "inflection", []),
    ("python-dateutil==2.9.0.post0", "dateutil", ["six==1.16.0"]),
    ("sortedcontainers==2.4.0", "sortedcontainers", []),
    ("humanize==4.11.0", "humanize", []),
    ("tabulate==0.9.0", "tabulate", []),
    # Added in issue 30, one or more of each shape: plain functions and key factories,
    # decorators and curried functions, stateful containers (one using a dependency),
    # parsed values and dates.
    ("titlecase==2.4.1", "titlecase", []),
    ("natsort==8.4.0", "natsort", []),
    ("funcy==2.1", "funcy", []),
    ("bidict==0.24.1", "bidict", ["typing-extensions==4.12.2"]),
    ("ordered-set==4.1.0", "ordered_set", []),
    ("sortedcollections==2.1.0", "sortedcollections", ["sortedcontainers==2.4.0"]),
    ("semver==3.0.4", "semver", []),
    ("isodate==0.7.2", "isodate", []),
]

TEST_DIRS = {"test", "tests", "testing"}


def run(command, what, check=True):
    started = time.monotonic()
    completed = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    if check and completed.returncode not in (0, 1):
        sys.stderr.write(completed.stdout[-3000:] + completed.stderr[-3000:])
        raise SystemExit(f"error: {what} exited {completed.returncode}: {' '.join(command)}")
    return completed, elapsed


def is_test_path(relative):
    parts = relative.split(os.sep)
    stem = parts[-1][:-3]
    return (stem.startswith("test_") or stem.endswith("_test") or stem == "conftest"
            or any(p in TEST_DIRS or p.endswith("_test") or p.endswith("_tests")
                   for p in parts[:-1]))


def module_name(folder, relative):
    parts = [os.path.basename(folder)] + relative[:-3].split(os.sep)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def candidates(folder):
    """{`module/qualified_name`: is_method} of the CodeSearchNet-like functions under folder."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            relative = os.path.relpath(path, folder)
            if is_test_path(relative):
                continue
            try:
                with open(path, encoding="utf-8") as f:
                    tree = ast.parse(f.read())
            except (SyntaxError, UnicodeDecodeError, ValueError):
                continue
            module = module_name(folder, relative)
            defs = [(node, None) for node in tree.body]
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    defs.extend((child, node.name) for child in node.body)
            for node, owner in defs:
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                name = node.name
                if name.startswith("__") and name.endswith("__"):
                    continue
                if name.startswith("test"):
                    continue
                if ast.get_docstring(node) is None:
                    continue
                if node.end_lineno - node.lineno + 1 < 3:
                    continue
                qualified = f"{owner}.{name}" if owner else name
                found[f"{module}/{qualified}"] = owner is not None
    return found


def read_jsonl(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def measure(benchgen, workdir, pin, folder_name, dependencies, jobs):
    name = folder_name
    site = os.path.join(workdir, "site", name)
    if not os.path.isdir(os.path.join(site, folder_name)):
        run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", site,
             pin, *dependencies], f"pip install {pin}")
    folder = os.path.join(site, folder_name)
    out = os.path.join(workdir, "out")
    os.makedirs(out, exist_ok=True)
    dataset = os.path.join(out, f"{name}.jsonl")
    audited = os.path.join(out, f"{name}.audited.jsonl")
    for stale in (dataset, audited, dataset[:-6] + ".build.json"):
        if os.path.exists(stale):
            os.remove(stale)
    jobs_args = ["--jobs", str(jobs)] if jobs else []
    built, build_s = run([benchgen, "build", folder, "--out", dataset, *jobs_args],
                         f"build {name}")
    build_report = dataset[:-6] + ".build.json"
    report = json.load(open(build_report)) if os.path.exists(build_report) else {}
    funnel = report.get("funnel", {})
    if not funnel:
        # A build that accepts nothing writes no report; its summary still says what it found.
        for line in (built.stdout + built.stderr).splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == "found" and words[1].isdigit():
                funnel["found"] = int(words[1])
    with open(os.path.join(out, f"{name}.build.log"), "w") as f:
        f.write(built.stdout + built.stderr)
    wanted = candidates(folder)
    row = {"package": pin, "found": funnel.get("found", 0), "candidates": len(wanted),
           "build_s": round(build_s, 1)}
    items = []
    verified = 0
    env_built = False
    if os.path.exists(dataset):
        run([benchgen, "audit", dataset, "--out", audited, *jobs_args], f"audit {name}")
        items = read_jsonl(audited)
        lock, _ = run([benchgen, "env", "lock", audited], f"env lock {name}", check=False)
        env_file = audited[:-6] + ".env.json"
        if lock.returncode == 0 and os.path.exists(env_file):
            env = json.load(open(env_file))
            if any(e.get("requirements") for e in env.get("environments", [])):
                run([benchgen, "env", "build", audited], f"env build {name}")
                env_built = True
        results = os.path.join(out, f"{name}.results.jsonl")
        run([benchgen, "verify", audited, "--out", results, *jobs_args], f"verify {name}")
        verified = sum(1 for r in read_jsonl(results) if r.get("passed"))
    ids = [f"{(i.get('provenance') or {}).get('module') or i['id'].split('/')[0]}/"
           f"{i['id'].split('/', 1)[-1].split('#')[0]}" for i in items]
    accepted_candidates = sum(1 for i in ids if i in wanted)
    quality = [i.get("quality") or {} for i in items]
    row.update(
        accepted=len(items),
        accepted_candidates=accepted_candidates,
        share=accepted_candidates / len(wanted) if wanted else None,
        methods=sum(1 for i in items if "." in i["id"].split("/", 1)[-1]),
        mutation=mean(q.get("mutation_score") for q in quality),
        branch=mean(q.get("branch_coverage") for q in quality),
        branchy=sum(1 for q in quality if q.get("branch_coverage") is not None),
        stub_kill=(sum(1 for q in quality if q.get("stub_killed")) / len(items)) if items else None,
        verify=verified / len(items) if items else None,
        env_built=env_built,
    )
    return row


def fmt(value, digits=2):
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--benchgen", default=os.path.join(ROOT, "target", "release", "benchgen"))
    parser.add_argument("--workdir", default="/tmp/benchgen-reach")
    parser.add_argument("--package", action="append", help="folder names to run (default: all)")
    parser.add_argument("--pin", action="append", metavar="DIST==VERSION:FOLDER[:DEP==V,...]",
                        help="measure this package instead of the built-in list (repeatable): "
                             "how a new user tries a package the project never saw")
    parser.add_argument("--json")
    parser.add_argument("--jobs", type=int)
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    if args.pin:
        chosen = []
        for spec in args.pin:
            pin, folder, *rest = spec.split(":")
            chosen.append((pin, folder, [d for d in (rest[0] if rest else "").split(",") if d]))
    else:
        chosen = [p for p in PACKAGES if not args.package or p[1] in args.package]
    rows = []
    header = ("package", "found", "cands", "accepted", "share", "methods", "mutation", "branch",
              "stub-kill", "verify", "build s")
    print("  ".join(f"{h:>10}" if i else f"{h:<30}" for i, h in enumerate(header)), flush=True)
    for pin, folder, dependencies in chosen:
        row = measure(args.benchgen, args.workdir, pin, folder, dependencies, args.jobs)
        rows.append(row)
        cells = (row["package"], row["found"], row["candidates"], row["accepted"], row["share"],
                 row["methods"], row["mutation"], row["branch"], row["stub_kill"], row["verify"],
                 row["build_s"])
        print("  ".join(f"{fmt(c):>10}" if i else f"{c:<30}" for i, c in enumerate(cells)),
              flush=True)
    items = sum(r["accepted"] for r in rows)
    weight = lambda key: (sum((r[key] or 0) * r["accepted"] for r in rows) / items
                          if items else None)
    branchy = sum(r["branchy"] for r in rows)
    total = {
        "found": sum(r["found"] for r in rows),
        "candidates": sum(r["candidates"] for r in rows),
        "accepted": items,
        "accepted_candidates": sum(r["accepted_candidates"] for r in rows),
        "methods": sum(r["methods"] for r in rows),
        "mutation": weight("mutation"),
        "branch": (sum((r["branch"] or 0) * r["branchy"] for r in rows) / branchy
                   if branchy else None),
        "stub_kill": weight("stub_kill"),
        "verify": weight("verify"),
        "build_s": round(sum(r["build_s"] for r in rows), 1),
        "min_items": min((r["accepted"] for r in rows), default=0),
    }
    total["share"] = (total["accepted_candidates"] / total["candidates"]
                      if total["candidates"] else None)
    cells = ("total", total["found"], total["candidates"], total["accepted"], total["share"],
             total["methods"], total["mutation"], total["branch"], total["stub_kill"],
             total["verify"], total["build_s"])
    print("  ".join(f"{fmt(c):>10}" if i else f"{c:<30}" for i, c in enumerate(cells)))
    print(f"fewest items from one package: {total['min_items']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"packages": rows, "total": total}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
