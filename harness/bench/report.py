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
5. writes the Markdown report with each target of issue 22 marked met or
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

from report_sections import INSTRUCTION_CONTENDERS, PROFILED, Report, fail, load_criterion, write_report

WORKSPACE = Path(__file__).resolve().parents[2]
PACKAGE = "rep-bench"
CRITERION_BENCHES = ("one_shot", "check_many", "pathological")
# The cargo-fuzz that measures the fuzz row, installed when missing.
CARGO_FUZZ_VERSION = "0.13.2"
# How often the load average is sampled while the benchmarks run.
LOAD_SAMPLE_SECONDS = 5


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
        self.timed = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self):
        while not self.stop.is_set():
            load = load_average()
            if load:
                self.samples.append(load[0])
                self.timed.append((time.monotonic(), load[0]))
            self.stop.wait(LOAD_SAMPLE_SECONDS)

    def during(self, started, ended):
        """The samples taken between two `time.monotonic()` readings (the
        latest before, when the span is shorter than the interval)."""
        inside = [load for at, load in self.timed if started <= at <= ended]
        if not inside:
            inside = [load for at, load in self.timed if at <= ended][-1:] or [0.0]
        return inside

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
    stderr = ""
    for bench in CRITERION_BENCHES:
        command = ["cargo", "bench", "-p", PACKAGE, "--bench", bench]
        with phase(saved, bench):
            result = subprocess.run(command, cwd=WORKSPACE, text=True, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, env={**os.environ, "REP_BENCH_TIMEOUTS": str(timeouts)})
        if result.returncode != 0:
            fail(f"`{' '.join(command)}` failed:\n{result.stderr[-4000:]}")
        stderr += result.stderr
    # What the benchmarks say about the peers: panics, calls that did not
    # finish, answers that differ from Google's.
    saved["bench_notes"] = [line.strip() for line in stderr.splitlines()
                            if "panics on" in line or "did not finish" in line]
    saved["disagreements"] = disagreements(stderr)
    saved["timeouts"] = timeouts.read_text().split() if timeouts.exists() else []
    print("report.py: measuring memory", file=sys.stderr)
    with phase(saved, "memory"):
        memory = run(["cargo", "bench", "-p", PACKAGE, "--bench", "memory"]).strip().splitlines()[-1]
    saved["memory"] = json.loads(memory)


def disagreements(stderr):
    """From the benchmarks' `<bench>: <name> answers differently from Google
    on <n> of <m> checks` lines: {bench: {name: [n, m]}}."""
    found = {}
    for match in re.finditer(r"^(.+?): (\S+) answers differently from Google on (\d+) of (\d+) checks$", stderr, re.M):
        found.setdefault(match.group(1), {})[match.group(2)] = [int(match.group(3)), int(match.group(4))]
    return found


class phase:
    """Notes when a measurement ran, so that the report can give the load
    the machine was under while it ran: saved["phases"][name] = [start, end]."""

    def __init__(self, saved, name):
        self.saved, self.name = saved, name

    def __enter__(self):
        self.started = time.monotonic()

    def __exit__(self, *exc):
        self.saved.setdefault("phases", {})[self.name] = [self.started, time.monotonic()]


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


def load_summary(samples):
    """The 1-minute load average while a measurement ran, for the report."""
    return f"load {sum(samples) / len(samples):.1f} (min {min(samples):.1f}, max {max(samples):.1f})"


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
    with phase(saved, "jsonl"):
        for _ in range(7):  # alternated, so drift touches both alike
            for implementation in rounds:
                rounds[implementation].append(
                    wall_and_cpu([reptest, "check", "--jsonl", "--impl", implementation], checks)[0])
    saved["jsonl"] = {"checks": lines, "rep_google": median(rounds["rep-google"]), "google": median(rounds["google"])}
    with phase(saved, "diff"):
        diff = run([reptest, "diff", "--iterations", "500000", "--seed", "5", "--threads", "2"])
    found = re.search(r"= ([0-9]+) checks/s", diff)
    saved["diff_checks_per_second"] = int(found.group(1)) if found else None
    with phase(saved, "report"):
        saved["report_peak_kib"] = wall_and_cpu([reptest, "report", "--built-in-only", "--out",
                                                  str(target / "rep-bench-report-out")])[2]
    with phase(saved, "fuzz"):
        saved["fuzz"] = fuzz_exec_per_second(target)


def ensure_cargo_fuzz():
    """Installs the pinned cargo-fuzz when it is missing; returns None when it
    is there, else the reason the fuzz row cannot be measured."""
    if shutil.which("cargo-fuzz") or (Path.home() / ".cargo" / "bin" / "cargo-fuzz").exists():
        return None
    print(f"report.py: installing cargo-fuzz {CARGO_FUZZ_VERSION} (about a minute)", file=sys.stderr)
    result = subprocess.run(["cargo", "install", "cargo-fuzz", "--version", CARGO_FUZZ_VERSION, "--locked"],
                            text=True, capture_output=True)
    if result.returncode != 0:
        return f"`cargo install cargo-fuzz --version {CARGO_FUZZ_VERSION} --locked` failed: " \
               f"{result.stderr.strip().splitlines()[-1] if result.stderr.strip() else 'no message'}"
    return None


def fuzz_exec_per_second(target):
    """The `diff_google` target's executions per second over 60 s, ASan on
    both sides and default ASAN_OPTIONS, as {"exec_per_second": n} or
    {"skipped": why}."""
    missing = ensure_cargo_fuzz()
    if missing:
        return {"skipped": missing}
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    env.pop("ASAN_OPTIONS", None)
    fuzz_dir = WORKSPACE / "fuzz"
    built = subprocess.run(["cargo", "fuzz", "build", "diff_google"], cwd=fuzz_dir, env=env, capture_output=True,
                           text=True)
    if built.returncode != 0:
        return {"skipped": f"`cargo fuzz build diff_google` failed: {built.stderr.strip()[-300:]}"}
    corpus = target / "rep-bench-fuzz-corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    corpus.mkdir(parents=True)
    result = subprocess.run(["cargo", "fuzz", "run", "diff_google", str(corpus), "--", "-max_total_time=60",
                             "-dict=robots.dict"], cwd=fuzz_dir, env=env, capture_output=True, text=True)
    rates = re.findall(r"exec/s: ([0-9]+)", result.stderr)
    if not rates:
        return {"skipped": f"`cargo fuzz run diff_google` printed no exec/s (exit {result.returncode})"}
    return {"exec_per_second": int(rates[-1])}


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
        saved["loads"] = {name: load_summary(sampler.during(*span)) for name, span in saved.get("phases", {}).items()}
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
