#!/usr/bin/env python3
"""Run the benchmarks of `rep-bench` and write reports/performance.md.

One command does everything:

    python3 harness/bench/report.py

1. notes the machine (CPU, cores, memory, kernel, rustc) and how busy it is
   (load average and the busiest processes, before, during and after);
2. runs `cargo bench -p rep-bench` for the criterion benchmarks `one_shot`,
   `check_many` and `pathological` (old criterion results are removed first
   so nothing stale is read), then the `memory` benchmark;
3. counts instructions with `valgrind --tool=callgrind` over one corpus pass
   per contender (skipped, and said so, when valgrind is missing);
4. times whole commands end to end: `reptest check --jsonl` over real-corpus
   checks against the same with `--impl google`, `reptest diff` on two
   threads, the `diff_google` fuzz target under ASan (when cargo-fuzz is
   installed), and the peak memory of `reptest report`;
5. writes the Markdown report with each target of issue 12 marked met or
   missed.

Options: --no-run rebuilds the report from the results already on disk
(criterion's JSON, the memory and instruction figures saved by the last run);
--output PATH writes elsewhere; --skip-callgrind leaves out step 3;
--skip-end-to-end leaves out step 4.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

WORKSPACE = Path(__file__).resolve().parents[2]
PACKAGE = "rep-bench"
CRITERION_BENCHES = ("one_shot", "check_many", "pathological")
PEERS = ("robotstxt", "texting_robots", "robotparser", "robots_txt")
INSTRUCTION_CONTENDERS = ("scan_only", "rep_check_once", "rep", "google", "rep_parse_once")
# Contenders whose profile (heaviest functions) the report lists.
PROFILED = ("rep_check_once", "rep_parse_once")
# How often the load average is sampled while the benchmarks run.
LOAD_SAMPLE_SECONDS = 5


def fail(message):
    sys.exit(f"report.py: {message}")


def run(command, **kwargs):
    """Runs a command from the workspace root; stops with its stderr on failure."""
    result = subprocess.run(command, cwd=WORKSPACE, text=True, capture_output=True, **kwargs)
    if result.returncode != 0:
        fail(f"`{' '.join(command)}` failed (exit {result.returncode}):\n{result.stderr[-4000:]}")
    return result.stdout


def target_dir():
    metadata = json.loads(run(["cargo", "metadata", "--format-version", "1", "--no-deps"]))
    return Path(metadata["target_directory"])


# ---------------------------------------------------------------- the machine


def read_text(path):
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def machine():
    cpuinfo = read_text("/proc/cpuinfo")
    model = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
    memory = re.search(r"^MemTotal:\s*(\d+) kB", read_text("/proc/meminfo"), re.M)
    rustc = subprocess.run(["rustc", "--version"], text=True, capture_output=True).stdout.strip()
    return {
        "cpu": model.group(1).strip() if model else platform.processor() or "unknown",
        "cores": os.cpu_count(),
        "memory": f"{int(memory.group(1)) / 2**20:.0f} GiB" if memory else "unknown",
        "kernel": f"{platform.system()} {platform.release()}",
        "rustc": rustc or "unknown",
    }


def load_average():
    fields = read_text("/proc/loadavg").split()
    return tuple(float(field) for field in fields[:3]) if fields else None


def busiest_processes(count=5):
    """The processes using the most CPU, other than this report's own."""
    result = subprocess.run(["ps", "-eo", "pcpu,comm", "--sort=-pcpu", "--no-headers"],
                            text=True, capture_output=True)
    rows = []
    for line in result.stdout.splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2 and float(parts[0]) >= 5.0 and parts[1] not in ("ps", "python3"):
            rows.append(f"{parts[1]} ({parts[0]}%)")
    return rows[:count]


class LoadSampler:
    """Samples the 1-minute load average in the background."""

    def __init__(self):
        self.samples = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self):
        while not self.stop.is_set():
            load = load_average()
            if load:
                self.samples.append(load[0])
            self.stop.wait(LOAD_SAMPLE_SECONDS)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


# ---------------------------------------------------------------- running


def run_benches(target, saved):
    for bench in CRITERION_BENCHES:
        shutil.rmtree(target / "criterion" / bench, ignore_errors=True)
    timeouts = target / "rep-bench-timeouts.txt"
    timeouts.unlink(missing_ok=True)
    print("report.py: running the criterion benchmarks (10 to 15 minutes)", file=sys.stderr)
    command = ["cargo", "bench", "-p", PACKAGE]
    for bench in CRITERION_BENCHES:
        command += ["--bench", bench]
    result = subprocess.run(command, cwd=WORKSPACE, text=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "REP_BENCH_TIMEOUTS": str(timeouts)})
    if result.returncode != 0:
        fail(f"`{' '.join(command)}` failed:\n{result.stderr[-4000:]}")
    # What the benchmarks say about the peers: panics and calls that did not finish.
    saved["bench_notes"] = [line.strip() for line in result.stderr.splitlines()
                            if "panics on" in line or "did not finish" in line]
    saved["timeouts"] = timeouts.read_text().split() if timeouts.exists() else []
    print("report.py: measuring memory", file=sys.stderr)
    memory = run(["cargo", "bench", "-p", PACKAGE, "--bench", "memory"]).strip().splitlines()[-1]
    saved["memory"] = json.loads(memory)


def bench_executable(name):
    """The path of a bench binary, built if needed."""
    output = run(["cargo", "bench", "-p", PACKAGE, "--bench", name, "--no-run", "--message-format", "json"])
    for line in output.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message["target"]["name"] == name \
                and message.get("executable"):
            return message["executable"]
    fail(f"cargo built no executable for bench `{name}`")


def count_instructions(target, saved):
    if shutil.which("valgrind") is None:
        saved["instructions"] = None
        print("report.py: valgrind not found; instruction counts skipped", file=sys.stderr)
        return
    executable = bench_executable("instructions")
    counts, profiles = {}, {}
    for contender in INSTRUCTION_CONTENDERS:
        print(f"report.py: counting instructions for {contender}", file=sys.stderr)
        out_file = target / f"callgrind.{contender}.out"
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*measured_pass*",
             f"--callgrind-out-file={out_file}", executable, contender],
            cwd=WORKSPACE, text=True, capture_output=True)
        if result.returncode != 0:
            fail(f"callgrind failed for {contender}:\n{result.stderr[-4000:]}")
        bytes_read = int(re.search(r"(\d+) bytes", result.stdout).group(1))
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=no", "--auto=no", str(out_file)],
                                   text=True, capture_output=True).stdout
        total = re.search(r"^\s*([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS", annotated, re.M)
        if total is None:
            fail(f"no program total in callgrind_annotate's output for {contender}")
        counts[contender] = {"instructions": int(total.group(1).replace(",", "")), "bytes": bytes_read}
        if contender in PROFILED:
            profiles[contender] = top_functions(annotated)
    saved["instructions"] = {"counts": counts, "profiles": profiles}


def top_functions(annotated, count=12):
    """The functions with the most instructions of their own, as
    (instructions, percent, name), from callgrind_annotate's listing. Code
    inlined from the standard library is listed under each source file it
    came from; it is added to the function it was inlined into."""
    totals = {}
    listing = annotated.split("file:function", 1)[-1].split("\n", 2)[-1]
    for line in listing.splitlines():
        match = re.match(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S.*)$", line)
        if not match:
            break
        name = re.sub(r"\s+\[[^\]]*\]$", "", match.group(2))
        name = name.split(":", 1)[1] if ":" in name else name
        totals[name] = totals.get(name, 0) + int(match.group(1).replace(",", ""))
    grand_total = re.search(r"^\s*([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS", annotated, re.M)
    grand_total = int(grand_total.group(1).replace(",", "")) if grand_total else sum(totals.values())
    heaviest = sorted(totals.items(), key=lambda item: -item[1])[:count]
    return [(instructions, 100 * instructions / grand_total, name) for name, instructions in heaviest]


# ---------------------------------------------------------------- reading


class Result:
    """One benchmark: ns per iteration (its fastest sample and criterion's
    median with its 95% interval) and the elements an iteration covers."""

    def __init__(self, fastest, median, interval, elements):
        self.fastest, self.median, self.interval, self.elements = fastest, median, interval, elements


def wall_and_cpu(command, stdin_path=None):
    """Runs `command` (from the workspace root, output discarded) and returns
    its wall seconds, CPU seconds (user + sys) and peak resident KiB."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=WORKSPACE, stdin=stdin, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if stdin_path:
        stdin.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        fail(f"`{' '.join(command)}` failed ({status})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def end_to_end(target, saved):
    """Whole-command timings: the batch path, the differential run, the fuzz
    target, and the report's memory."""
    run(["cargo", "build", "--release", "-p", "rep-harness", "-p", PACKAGE, "--bin", "reptest",
         "--bin", "jsonl-input"])
    reptest = str(target / "release" / "reptest")
    checks = target / "rep-bench-checks.jsonl"
    checks.write_text(run([str(target / "release" / "jsonl-input")]))
    lines = sum(1 for _ in checks.open())
    rounds = {"rep-google": [], "google": []}
    for _ in range(7):  # alternated, so drift touches both alike
        for implementation in rounds:
            rounds[implementation].append(
                wall_and_cpu([reptest, "check", "--jsonl", "--impl", implementation], checks)[0])
    saved["jsonl"] = {"checks": lines, "rep_google": median(rounds["rep-google"]), "google": median(rounds["google"])}
    diff = run([reptest, "diff", "--iterations", "500000", "--seed", "5", "--threads", "2"])
    found = re.search(r"= ([0-9]+) checks/s", diff)
    saved["diff_checks_per_second"] = int(found.group(1)) if found else None
    saved["report_peak_kib"] = wall_and_cpu([reptest, "report", "--built-in-only", "--out",
                                              str(target / "rep-bench-report-out")])[2]
    saved["fuzz"] = fuzz_exec_per_second(target)


def fuzz_exec_per_second(target):
    """The `diff_google` target's executions per second over 60 s, ASan on
    both sides and default ASAN_OPTIONS; None without cargo-fuzz."""
    if shutil.which("cargo-fuzz") is None and not (Path.home() / ".cargo" / "bin" / "cargo-fuzz").exists():
        return None
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    env.pop("ASAN_OPTIONS", None)
    fuzz_dir = WORKSPACE / "fuzz"
    subprocess.run(["cargo", "fuzz", "build", "diff_google"], cwd=fuzz_dir, env=env, check=True,
                   capture_output=True)
    corpus = target / "rep-bench-fuzz-corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    corpus.mkdir(parents=True)
    result = subprocess.run(["cargo", "fuzz", "run", "diff_google", str(corpus), "--", "-max_total_time=60",
                             "-dict=robots.dict"], cwd=fuzz_dir, env=env, capture_output=True, text=True)
    rates = re.findall(r"exec/s: ([0-9]+)", result.stderr)
    return int(rates[-1]) if rates else None


def load_criterion(root):
    """Every benchmark's full id -> Result."""
    results = {}
    for meta_path in sorted(root.glob("**/new/benchmark.json")):
        meta = json.loads(meta_path.read_text())
        median = json.loads((meta_path.parent / "estimates.json").read_text())["median"]
        samples = json.loads((meta_path.parent / "sample.json").read_text())
        fastest = min(time / iters for time, iters in zip(samples["times"], samples["iters"]))
        interval = median["confidence_interval"]
        elements = (meta.get("throughput") or {}).get("Elements", 1)
        results[meta["full_id"]] = Result(fastest, median["point_estimate"],
                                          (interval["lower_bound"], interval["upper_bound"]), elements)
    return results


def human(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def status(ok):
    return "met" if ok else "**missed**"


class Report:
    def __init__(self, results, saved):
        self.results = results
        self.saved = saved
        self.lines = []
        self.summary = []

    def need(self, full_id):
        if full_id not in self.results:
            fail(f"no criterion result for `{full_id}`; run without --no-run first")
        return self.results[full_id]

    def time(self, full_id):
        """The time every figure and ratio uses: the fastest sample."""
        return self.need(full_id).fastest

    def out(self, text=""):
        self.lines.append(text)

    def target(self, name, figure, ok):
        self.summary.append(f"| {name} | {figure} | {status(ok)} |")

    # ---- sections

    def one_shot(self):
        google = self.time("one_shot/google")
        scan = self.time("one_shot/scan_only")
        once = self.time("one_shot/rep_check_once")
        rows = [("scan only (memchr of CR/LF, the limit)", "scan_only"),
                ("rep check_once (one pass)", "rep_check_once"),
                ("rep Robots::parse + check", "rep"),
                ("google (C++, in-process)", "google")]
        rows += [(peer, peer) for peer in PEERS]
        self.out("### One-shot over the corpus (parse + one check per file)\n")
        self.out("| implementation | time for all files (fastest sample) | median (95% CI) | files/s | vs google "
                 "| vs scan only |")
        self.out("| --- | --- | --- | --- | --- | --- |")
        for label, name in rows:
            result = self.need(f"one_shot/{name}")
            ns, (low, high) = result.fastest, result.interval
            self.out(f"| {label} | {human(ns)} | {human(result.median)} ({human(low)} – {human(high)}) | "
                     f"{result.elements / ns * 1e9:,.0f} | {google / ns:.2f}× | {ns / scan:.2f}× |")
        self.out()
        ratio = google / once
        self.target("one-shot over the corpus ≥ 5× Google", f"**{ratio:.2f}×** (rep check_once {human(once)}, "
                    f"Google {human(google)})", ratio >= 5)
        multiple = once / scan
        self.target("one-shot within 3× of the scan-only limit", f"**{multiple:.2f}×** (scan only {human(scan)})",
                    multiple <= 3)
        slowest_peer_ratio = min(self.time(f"one_shot/{peer}") / once for peer in PEERS)
        fastest_peer = min(PEERS, key=lambda peer: self.time(f"one_shot/{peer}"))
        self.target("one-shot faster than every Rust peer",
                    f"fastest peer `{fastest_peer}` takes {slowest_peer_ratio:.2f}× rep's time",
                    slowest_peer_ratio > 1)

    def check_many(self):
        google = self.need("check_many/google_one_shot")
        google_per_check = google.fastest / google.elements
        names = ["rep_check", "rep_parse_once", "rep_check_once", "google_one_shot"]
        names += [f"{peer}_parse_once" for peer in PEERS]
        self.out("### Parse once, check 100 URLs (cost per check)\n")
        self.out("| benchmark | per check (fastest sample) | median | Google one-shot / this |")
        self.out("| --- | --- | --- | --- |")
        per_check = {}
        for name in names:
            result = self.need(f"check_many/{name}")
            per_check[name] = result.fastest / result.elements
            self.out(f"| {name} | {human(per_check[name])} | {human(result.median / result.elements)} | "
                     f"{google_per_check / per_check[name]:.1f}× |")
        self.out()
        amortised = google_per_check / per_check["rep_parse_once"]
        self.target("parse once + check 100, parse included, ≥ 100× Google's one-shot per check",
                    f"**{amortised:.1f}×** (rep {human(per_check['rep_parse_once'])} per check, "
                    f"Google {human(google_per_check)})", amortised >= 100)
        fastest_peer = min(PEERS, key=lambda peer: per_check[f"{peer}_parse_once"])
        margin = per_check[f"{fastest_peer}_parse_once"] / per_check["rep_parse_once"]
        self.target("parse once/check many faster than every Rust peer",
                    f"fastest peer `{fastest_peer}` takes {margin:.2f}× rep's time", margin > 1)

    def pathological(self):
        inputs = sorted({full_id.split("/")[1] for full_id in self.results if full_id.startswith("pathological/")})
        if not inputs:
            fail("no pathological results")
        timeouts = set(self.saved.get("timeouts", []))
        contenders = ["rep", "rep_check_once", "google", *PEERS]
        self.out("### Pathological inputs (one-shot each; time of the fastest sample)\n")
        self.out("| input | " + " | ".join(contenders) + " | rep / google | fastest peer / rep |")
        self.out("| --- " * (len(contenders) + 3) + "|")
        worst_google, worst_peer = 0.0, float("inf")
        for name in inputs:
            times = {}
            for contender in contenders:
                if contender in PEERS and f"{name}/{contender}" in timeouts:
                    times[contender] = float("inf")
                else:
                    times[contender] = self.time(f"pathological/{name}/{contender}")
            rep = min(times["rep"], times["rep_check_once"])
            google_ratio = times["rep"] / times["google"]
            peer_margin = min(times[peer] for peer in PEERS) / rep
            worst_google = max(worst_google, google_ratio)
            worst_peer = min(worst_peer, peer_margin)
            cells = " | ".join("> 1 s, killed" if times[contender] == float("inf") else human(times[contender])
                               for contender in contenders)
            self.out(f"| {name} | {cells} | {google_ratio:.3g}× | {peer_margin:.3g}× |")
        self.out()
        self.out("`rep / google` compares `Robots::parse` + `check` with Google; `fastest peer / rep` compares the "
                 "fastest peer with the faster of rep's two APIs. A peer whose single call did not finish within "
                 "1 s (tried once in a child process) is killed and not measured.\n")
        notes = self.saved.get("bench_notes") or []
        if notes:
            self.out("What the benchmarks reported about the peers:\n")
            self.out("\n".join(f"- `{note}`" for note in notes) + "\n")
        self.target("pathological inputs: rep never > 10× Google's time", f"worst {worst_google:.3g}×",
                    worst_google <= 10)
        self.target("pathological inputs: rep faster than every peer on each",
                    f"closest peer takes {worst_peer:.3g}× rep's time", worst_peer > 1)

    def memory(self):
        memory = self.saved.get("memory")
        if not memory:
            fail("no memory figures; run without --no-run first")
        self.out("### Memory: heap kept by a parsed `Robots`, relative to its body\n")
        self.out("Counted by a global allocator in `harness/bench/benches/memory.rs` (bytes live after "
                 "`Robots::parse` returns, capacity included), over the "
                 f"{memory['files'] - memory['empty_files']:,} non-empty corpus files "
                 f"({memory['empty_files']} empty files count in the total only).\n")
        self.out("| | heap / body |")
        self.out("| --- | --- |")
        self.out(f"| mean over files | {memory['mean_ratio']:.2f}× |")
        self.out(f"| median | {memory['median_ratio']:.2f}× |")
        self.out(f"| 90th percentile | {memory['p90_ratio']:.2f}× |")
        self.out(f"| worst | {memory['worst_ratio']:.2f}× (`{memory['worst_file']}`: "
                 f"{memory['worst_kept_bytes']:,} bytes for a {memory['worst_body_bytes']:,}-byte body) |")
        self.out(f"| all files together | {memory['total_kept_bytes'] / memory['total_body_bytes']:.2f}× "
                 f"({memory['total_kept_bytes']:,} bytes for {memory['total_body_bytes']:,}) |")
        self.out(f"| peak during a parse, worst file | {memory['max_peak_ratio']:.2f}× |")
        self.out()
        self.target("a parsed `Robots` holds ≤ 2× its body on average", f"mean **{memory['mean_ratio']:.2f}×**, "
                    f"worst {memory['worst_ratio']:.2f}×", memory["mean_ratio"] <= 2)

    def end_to_end(self):
        jsonl = self.saved.get("jsonl")
        self.out("### End to end: whole commands\n")
        if not jsonl:
            self.out("Not measured on this run (`--skip-end-to-end`).\n")
            return
        ratio = jsonl["google"] / jsonl["rep_google"]
        self.out("| command | figure |")
        self.out("| --- | --- |")
        self.out(f"| `reptest check --jsonl --impl rep-google` over {jsonl['checks']:,} real-corpus checks "
                 f"(bodies in base64) | {jsonl['rep_google']:.3f} s (median of 7) |")
        self.out(f"| the same with `--impl google` | {jsonl['google']:.3f} s |")
        diff = self.saved.get("diff_checks_per_second")
        self.out(f"| `reptest diff` rep-google vs google, 2 threads | {diff:,} checks/s |" if diff else
                 "| `reptest diff` | not measured |")
        fuzz = self.saved.get("fuzz")
        self.out(f"| `diff_google` fuzz target, ASan on both sides, default ASAN_OPTIONS, 60 s | {fuzz:,} exec/s |"
                 if fuzz else "| `diff_google` fuzz target | not measured (cargo-fuzz not installed) |")
        self.out(f"| peak memory of `reptest report --built-in-only` | {self.saved['report_peak_kib'] / 1024:.0f} MiB |")
        self.out()
        self.target("batch checks (`check --jsonl`) ≥ 2.5× Google end to end", f"**{ratio:.2f}×** "
                    f"({jsonl['rep_google']:.3f} s vs {jsonl['google']:.3f} s)", ratio >= 2.5)
        if diff:
            self.target("`reptest diff` ≥ 500,000 checks/s on 2 threads", f"**{diff:,}** checks/s", diff >= 500_000)
        if fuzz:
            self.target("`diff_google` ≥ 10,000 exec/s under ASan", f"**{fuzz:,}** exec/s", fuzz >= 10_000)

    def instructions(self):
        data = self.saved.get("instructions")
        self.out("### Instructions (callgrind: one one-shot pass over the corpus; `rep_parse_once`: the check_many sample)\n")
        if not data:
            self.out("Not counted on this run (valgrind was not available or `--skip-callgrind` was given).\n")
            return
        counts = data["counts"]
        scan = counts["scan_only"]["instructions"]
        self.out("| contender | instructions | bytes parsed | per byte | vs scan only |")
        self.out("| --- | --- | --- | --- | --- |")
        for contender in INSTRUCTION_CONTENDERS:
            figures = counts[contender]
            # rep_parse_once runs the check_many sample (parse once, 100
            # checks per file), so it is not comparable with the scan.
            versus = "—" if contender == "rep_parse_once" else f"{figures['instructions'] / scan:.1f}×"
            self.out(f"| {contender} | {figures['instructions'] / 1e6:,.1f} M | {figures['bytes']:,} | "
                     f"{figures['instructions'] / figures['bytes']:.2f} | {versus} |")
        self.out()
        for contender in PROFILED:
            self.out(f"Where `{contender}` spends its instructions (self cost of the heaviest functions, code "
                     "inlined into them included):\n")
            self.out("| instructions | share | function |")
            self.out("| --- | --- | --- |")
            for instructions, percent, name in data["profiles"][contender]:
                self.out(f"| {instructions / 1e6:,.2f} M | {percent:.1f}% | `{name}` |")
            self.out()


def write_report(report, info, output):
    text = [HEADER.format(**info)]
    text.append("## Summary\n")
    text.append("| target (issue 12) | figure | status |")
    text.append("| --- | --- | --- |")
    text.extend(report.summary)
    text.append("")
    text.append(HOW.strip() + "\n")
    text.append(MACHINE.format(**info).strip() + "\n")
    text.append(f"## Results (run of {info['date']})\n")
    text.extend(report.lines)
    text.append(ANALYSIS.strip() + "\n")
    output.write_text("\n".join(text))


HEADER = """# Performance: `rep` against Google's parser, the Rust peers and the limit

Generated by `python3 harness/bench/report.py` (do not edit by hand): the
criterion benchmarks of `harness/bench` with `rep` (the `google` profile),
Google's C++ parser (`rep-reference`, in-process), the four Rust peers and a
scan-only limit, measured in the same run, on the same inputs, one after the
other.
"""

HOW = """
## How to reproduce

```sh
python3 harness/bench/report.py               # everything, about 15 minutes; rewrites this file
python3 harness/bench/report.py --no-run      # rewrite from the results of the last run
cargo bench -p rep-bench --bench one_shot     # one benchmark (or check_many, pathological, memory)
```

The corpus (the 4,231 files of the pinned `protego==0.7.0` sdist) is fetched
into `~/.cache/rep/sdists` on first use by `tools/fetch_sdist.py`, through
`rep_core::corpus`. Instruction counts need valgrind
(`apt-get install valgrind`); without it they are skipped and the report says so.

## What is measured

- **Clock: the benchmark thread's CPU time**, not wall time
  (`harness/bench/src/cpu_time.rs`, a criterion `Measurement`). Every
  contender runs single-threaded in the calling thread, so CPU time is its
  work; on a shared machine wall time also counts waits for a core.
- Every benchmark takes 10 samples (flat sampling, 1 s warm-up, 3–10 s of
  measurement per function). **Figures and ratios use each benchmark's
  fastest sample**, the one least disturbed by other work on the machine
  (other work only ever adds time); criterion's median and its 95%
  interval are shown beside where they help judge the noise.
- `rep` is used as a crawler would: `rep::check_once(body, Profile::GOOGLE,
  &[agent], url)` for one URL, or `Robots::parse(body, Profile::GOOGLE)` then
  `check_bytes(&[agent], url)`. Google is `rep_reference::check_bytes`, which
  parses the body on every call (Google's own API).
- **The Rust peers** (pinned: `robotstxt` 0.3.0, `texting_robots` 0.2.2,
  `robotparser` 0.11.0, `robots_txt` 0.7.0) through their own APIs; how each
  maps onto "parse" and "check" is written in
  `harness/bench/benches/peers/mod.rs`. `robotstxt` has no parsed form (like
  Google's C++, every check parses); `robotparser` checks a `url::Url`, so its
  checks include parsing the URL; `robots_txt` is given the path. Bodies that
  are not UTF-8 are converted lossily before timing for the peers that take
  text. A peer that panics on an input is counted as "disallowed" and the
  benchmark prints how many inputs did so.
- **scan_only**: every CR and LF of every file found with `memchr2`, nothing
  else — what no parser can avoid.
- **one_shot**: for each of the 4,231 corpus files, parse and check one URL.
  The agent is the first one the file names (`ExampleBot` if it names only
  `*`); the URL is `https://example.com` + the file's first rule with each `*`
  made `x` and a final `$` dropped. One iteration covers every file.
- **check_many**: every 40th corpus file in name order (106 files), 100 URLs
  each from its rules in turn (each rule, then each rule with
  `/deeper/page`, `?id=42&sort=asc`, `/index.html` appended). Per check:
  `rep_check` (bodies parsed before timing), `rep_parse_once` (one parse per
  file inside the timing, plus its 100 checks), `rep_check_once` and
  `google_one_shot` (a full parse per check), and each peer parsing once per
  file inside the timing.
- **pathological**, each one-shot (parse + one check), agent `ExampleBot`:
  - `wildcard_chain`: `Disallow: /` + `*a` × 400 + `*b`, and the same anchored
    with `$` as an allow, against a 2,048-byte URL of `a`s (never matches).
  - `ten_thousand_rules`: one `*` group of 10,000 rules
    (`/section00042/item*.html`), none matching the URL.
  - `url_2kb`: 60 ordinary rules (prefixes, `/*?paramN=`, `/*.extN$`)
    against a 2,048-byte URL of `segment/` repeated.
  - `wildcard_500k`: 512,000 bytes of rules, each the 26 letters in a rotated
    order joined by `*` (a third of them `$`-anchored), against a 2,048-byte
    URL of `a`…`y` repeated (no `z`, so every rule fails late).
  - `largest_corpus_file`: `www.hermes.com`, 1,372,557 bytes, with its
    one_shot URL.
- **memory**: see its section.
- **instructions**: `valgrind --tool=callgrind` over one one-shot pass of the
  corpus per contender (`harness/bench/benches/instructions.rs`); counts
  repeat exactly whatever else the machine is doing.
"""

MACHINE = """
## Machine and how quiet it was

| | |
| --- | --- |
| CPU (`/proc/cpuinfo`) | {cpu} |
| cores (`os.cpu_count()`) | {cores} |
| memory | {memory} |
| kernel | {kernel} |
| rustc | {rustc}, `bench` profile (opt-level 3) |
| load average before (1, 5, 15 min) | {load_before} |
| load average during (1 min, sampled every 5 s) | {load_during} |
| load average after | {load_after} |
| busiest other processes before | {busy_before} |
| busiest other processes after | {busy_after} |

CPU-time measurement removes most of the effect of other work (waiting for a
core is not counted) but not all of it (shared caches, frequency). With a
1-minute load average near or above the number of cores, rerun on a quiet
machine before relying on a small margin.
"""

ANALYSIS = """
## Where the time goes, and what made the difference

The tables above are regenerated on every run; this section describes the
code as of the commit that last changed it (issue 12), and says which
table shows what.

### What changed for speed (issue 12)

- **The one-pass reader skips lines unread** (`src/reader.rs`,
  `GroupState::may_matter`). Without diagnostics to collect, a line can
  matter only if its first non-blank byte can start a user-agent key
  (`u`), or an allow or disallow (`a`, `d`) of a group whose rules are
  wanted — or the first rule of any group, which is needed to see where
  groups end. Google's accepted misspellings and key prefixes all start
  with the key's own first letter, so this is exact. Every other line
  (comments, sitemaps, unknown keys, other crawlers' rules) costs one
  `memchr2` for its end.
- **A rule is declined from its first bytes**
  (`Handler::declines_rule`, `evaluate::rules_out`). Before the rest of a
  rule's line is scanned, its leading plain bytes (unreserved characters
  and `/`, which no profile's normalisation changes, §2.2.2) are compared
  with the path; a difference rules the pattern out, and the line is
  skipped like any other.
- **Common keys without the general parse** (`parse::common_directive`):
  `disallow`, `allow` and `user-agent` spelled exactly and followed by a
  colon are recognised with one 8-byte comparison, and the line's scan
  starts after the colon. Blank lines pass without a scan.
- **A parsed file is smaller and cheaper to build** (`src/robots.rs`):
  diagnostics are kept as spans and their text is made on request
  (`Robots::diagnostics` returns a `Vec`); a rule is 32 bytes, sorted in
  place by the byte a path needs after its `/` (ties are decided by line);
  a pattern that the RFC normalisation leaves unchanged is stored once;
  vectors are shrunk after parsing.
- **Checks rule out most rules with one comparison**: each rule keeps the
  first eight bytes of its pattern's literal start (before any `*`) and
  that start's length, so a check compares one word with the path's
  first eight bytes, and the matcher neither searches the start for a `*`
  nor compares again what the word has shown. Wildcard pieces are found
  with `memchr`; a NUL in the path and `/robots.txt` are found without a
  byte-by-byte walk.

### What is left

- **One-shot** (`rep_check_once`, first profile table): the reader's own
  loop (the first non-blank byte, the key, declining rules) is about half
  the instructions, the `memchr2` skips about a fifth and recognising the
  common keys a tenth; scanning the values of rules that may match,
  matching and turning the URL into a path are small. The skips are bound
  by `memchr2`'s fixed cost per call, since most lines are short (an
  inline word-at-a-time search for the first 32 bytes was tried and was no
  faster).
- **Parse once, check 100** (`rep_parse_once`, second profile table): about
  half is the checks and half the parse. In the checks,
  `url_path::path_params_query` walks the URL byte by byte several times
  (for `/`, `?`, `;`, `:` and `#`); it belongs to the normal-form work on
  `src/url_path.rs` and is left to it (finding those bytes with `memchr`
  would remove most of its cost). Every verdict also copies its deciding
  pattern into a new `String`, as the public `Verdict` type requires. In
  the parse, the sample is dominated by one 405 KB HTML/CSS page served as
  robots.txt (`www.fxnetworks.com`, half of the sample's bytes): most of
  its 16,000 lines go through the general parse and keep a diagnostic.
- **Pathological inputs against `robots_txt`**: that crate compares `*` and
  `$` literally, as part of a plain prefix (it does not implement RFC 9309
  §2.2.3 wildcards), so on the wildcard inputs it does no matching at all
  and its answers are not the RFC's; `rep` matches every piece. Both must
  still read the whole body; on `wildcard_500k` that read is most of `rep`'s
  time.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-run", action="store_true", help="rebuild the report from the last run's results")
    parser.add_argument("--skip-callgrind", action="store_true", help="do not count instructions")
    parser.add_argument("--skip-end-to-end", action="store_true", help="do not time whole commands")
    parser.add_argument("--output", type=Path, default=WORKSPACE / "reports" / "performance.md")
    args = parser.parse_args()

    target = target_dir()
    saved_path = target / "rep-bench-report.json"
    if args.no_run:
        if not saved_path.exists():
            fail(f"{saved_path} not found; run without --no-run first")
        saved = json.loads(saved_path.read_text())
    else:
        info = machine()
        info["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        info["load_before"] = load_average()
        info["busy_before"] = busiest_processes()
        saved = {}
        started = time.monotonic()
        with LoadSampler() as sampler:
            run_benches(target, saved)
            if not args.skip_callgrind:
                count_instructions(target, saved)
            if not args.skip_end_to_end:
                end_to_end(target, saved)
        info["minutes"] = round((time.monotonic() - started) / 60, 1)
        info["load_after"] = load_average()
        info["busy_after"] = busiest_processes()
        samples = sampler.samples or [0.0]
        info["load_during"] = f"min {min(samples):.2f}, max {max(samples):.2f}, mean " \
                              f"{sum(samples) / len(samples):.2f} ({len(samples)} samples over {info['minutes']} min)"
        for key in ("load_before", "load_after"):
            info[key] = ", ".join(f"{value:.2f}" for value in info[key]) if info[key] else "unknown"
        for key in ("busy_before", "busy_after"):
            info[key] = "; ".join(info[key]) or "none above 5% CPU"
        saved["info"] = info
        saved_path.write_text(json.dumps(saved, indent=1))

    results = load_criterion(target / "criterion")
    report = Report(results, saved)
    report.one_shot()
    report.check_many()
    report.pathological()
    report.memory()
    report.end_to_end()
    report.instructions()
    write_report(report, saved["info"], args.output)
    print(f"report.py: wrote {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
