#!/usr/bin/env python3
"""Print the rep/Google ratios of the last `cargo bench -p rep-harness` run as
Markdown tables, with each target of issue 3 marked met or missed.

It only reads what criterion wrote (`<target>/criterion/**/new/benchmark.json`
and `estimates.json`); it measures nothing. Times are criterion's median of
the samples (the benches use flat sampling, where criterion has no slope), in
thread CPU time (see support/cpu_time.rs).

Usage: python3 harness/benches/ratios.py [CRITERION_DIR]
(default: $CARGO_TARGET_DIR/criterion, else target/criterion of the workspace)
"""
import json
import os
import sys
from pathlib import Path

WORKSPACE = Path(__file__).resolve().parents[2]


def criterion_dir():
    if len(sys.argv) > 1:
        return Path(sys.argv[1])
    target = os.environ.get("CARGO_TARGET_DIR")
    return (Path(target) if target else WORKSPACE / "target") / "criterion"


def load(root):
    """Every benchmark's full id -> (median ns per iteration, 95% CI, elements)."""
    results = {}
    for meta_path in sorted(root.glob("**/new/benchmark.json")):
        meta = json.loads(meta_path.read_text())
        median = json.loads((meta_path.parent / "estimates.json").read_text())["median"]
        interval = median["confidence_interval"]
        elements = (meta.get("throughput") or {}).get("Elements", 1)
        results[meta["full_id"]] = (
            median["point_estimate"],
            (interval["lower_bound"], interval["upper_bound"]),
            elements,
        )
    return results


def human(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def need(results, full_id):
    if full_id not in results:
        sys.exit(f"ratios.py: no criterion result for `{full_id}`; run `cargo bench -p rep-harness` first")
    return results[full_id]


def one_shot(results):
    google = need(results, "one_shot/google")
    rows = (
        ("rep check_once (one pass)", need(results, "one_shot/rep_check_once")),
        ("rep Robots::parse + check", need(results, "one_shot/rep")),
        ("google", google),
    )
    print("## One-shot over the corpus (parse + one check per file)\n")
    print("| implementation | time for all files (median) | 95% CI | files/s | throughput vs google |")
    print("| --- | --- | --- | --- | --- |")
    for name, (ns, (low, high), files) in rows:
        print(f"| {name} | {human(ns)} | {human(low)} – {human(high)} | {files / ns * 1e9:,.0f} | {google[0] / ns:.2f}× |")
    ratio = google[0] / rows[0][1][0]
    print(f"\nrep check_once throughput / google throughput: **{ratio:.2f}×** "
          f"(target ≥ 3×: {'met' if ratio >= 3 else 'MISSED'})\n")


def check_many(results):
    google = need(results, "check_many/google_one_shot")
    google_per_check = google[0] / google[2]
    print("## Parse once, check 100 URLs (cost per check)\n")
    print("| benchmark | per check (median) | google one-shot / this |")
    print("| --- | --- | --- |")
    for name in ("rep_check", "rep_parse_once", "rep_one_shot", "google_one_shot"):
        ns, _, checks = need(results, f"check_many/{name}")
        print(f"| check_many/{name} | {human(ns / checks)} | {google_per_check / (ns / checks):.1f}× |")
    for name, what in (("rep_check", "check alone"), ("rep_parse_once", "parse amortised over 100 checks")):
        ns, _, checks = need(results, f"check_many/{name}")
        ratio = google_per_check / (ns / checks)
        verdict = "met" if ratio >= 100 else "MISSED"
        print(f"\nGoogle one-shot / rep per check ({what}): **{ratio:.1f}×** (target ≥ 100×: {verdict})")
    print()


def pathological(results):
    inputs = sorted({full_id.split("/")[1] for full_id in results if full_id.startswith("pathological/")})
    rows = []
    for name in inputs:
        rep = need(results, f"pathological/{name}/rep")[0]
        google = need(results, f"pathological/{name}/google")[0]
        rows.append((name, rep, google, rep / google))
    print("## Pathological inputs (one-shot each)\n")
    print("| input | rep (median) | google (median) | rep / google time | ≤ 10× |")
    print("| --- | --- | --- | --- | --- |")
    for name, rep, google, ratio in rows:
        print(f"| {name} | {human(rep)} | {human(google)} | {ratio:.3g}× | {'met' if ratio <= 10 else 'MISSED'} |")
    worst = max(rows, key=lambda row: row[3])
    print(f"\nWorst input for rep relative to Google: **{worst[0]}** ({worst[3]:.3g}× Google's time).")
    print(f"Slowest input for rep: **{max(rows, key=lambda row: row[1])[0]}**; "
          f"for google: **{max(rows, key=lambda row: row[2])[0]}**.\n")


def main():
    results = load(criterion_dir())
    one_shot(results)
    check_many(results)
    pathological(results)


if __name__ == "__main__":
    main()
