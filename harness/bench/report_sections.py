"""The sections of reports/performance.md, built from criterion's results and
the figures report.py saved: each section writes its table and marks the
targets of issue 22 met or missed."""
import json
import sys

from report_text import ANALYSIS, HEADER, HOW, MACHINE

PEERS = ("robotstxt", "texting_robots", "robotparser", "robots_txt")
INSTRUCTION_CONTENDERS = ("scan_only", "rep_check_once", "rep", "google", "rep_parse_once")
# Contenders whose profile (heaviest functions) the report lists.
PROFILED = ("rep_check_once", "rep_parse_once")


def fail(message):
    sys.exit(f"report.py: {message}")


class Result:
    """One benchmark: ns per iteration (its fastest sample and criterion's
    median with its 95% interval) and the elements an iteration covers."""

    def __init__(self, fastest, median, interval, elements):
        self.fastest, self.median, self.interval, self.elements = fastest, median, interval, elements


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

    def load(self, phase_name):
        """The load a section's figures were measured under, as a sentence."""
        load = (self.saved.get("loads") or {}).get(phase_name)
        if load:
            self.out(f"Measured on the machine below with 1-minute {load}.\n")

    def differing(self, bench, name):
        """[n, m]: `name` answered differently from Google on n of m checks
        of `bench` (None when the run did not say)."""
        return (self.saved.get("disagreements") or {}).get(bench, {}).get(name)

    def answers_cell(self, bench, name):
        counts = self.differing(bench, name)
        if counts is None:
            return "not compared"
        return "same as Google" if counts[0] == 0 else f"**differs on {counts[0]:,} of {counts[1]:,}**"

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
        self.load("one_shot")
        self.out("| implementation | time for all files (fastest sample) | median (95% CI) | files/s | vs google "
                 "| vs scan only | answers |")
        self.out("| --- | --- | --- | --- | --- | --- | --- |")
        for label, name in rows:
            result = self.need(f"one_shot/{name}")
            ns, (low, high) = result.fastest, result.interval
            answers = self.answers_cell("one_shot", name) if name in PEERS else "—"
            self.out(f"| {label} | {human(ns)} | {human(result.median)} ({human(low)} – {human(high)}) | "
                     f"{result.elements / ns * 1e9:,.0f} | {google / ns:.2f}× | {ns / scan:.2f}× | {answers} |")
        self.out()
        ratio = google / once
        self.target("one-shot over the corpus ≥ 5× Google", f"**{ratio:.2f}×** (rep check_once {human(once)}, "
                    f"Google {human(google)})", ratio >= 5)
        multiple = once / scan
        self.target("one-shot within 1.75× of the scan-only limit", f"**{multiple:.2f}×** (scan only {human(scan)})",
                    multiple <= 1.75)
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
        self.load("check_many")
        self.out("| benchmark | per check (fastest sample) | median | Google one-shot / this | answers |")
        self.out("| --- | --- | --- | --- | --- |")
        per_check = {}
        for name in names:
            result = self.need(f"check_many/{name}")
            per_check[name] = result.fastest / result.elements
            answerer = "rep" if name == "rep_check" else name.removesuffix("_parse_once")
            answers = self.answers_cell("check_many", answerer) if answerer in (*PEERS, "rep") else "—"
            self.out(f"| {name} | {human(per_check[name])} | {human(result.median / result.elements)} | "
                     f"{google_per_check / per_check[name]:.1f}× | {answers} |")
        self.out()
        self.out("`answers`: how many of the sample's checks the contender answers differently from Google "
                 "(`rep_check` stands for every rep row: same parse, same checks).\n")
        amortised = google_per_check / per_check["rep_parse_once"]
        self.target("parse once + check 100, parse included, ≥ 100× Google's one-shot per check",
                    f"**{amortised:.1f}×** (rep {human(per_check['rep_parse_once'])} per check, "
                    f"Google {human(google_per_check)})", amortised >= 100)
        # A peer whose answers were not compared is taken to agree: the
        # target is never met by a missing comparison.
        agreeing = [peer for peer in PEERS if (self.differing("check_many", peer) or [0])[0] == 0]
        others = ", ".join(f"`{peer}` {per_check[f'{peer}_parse_once'] / per_check['rep_parse_once']:.2f}× "
                           f"but differs on {self.differing('check_many', peer)[0]:,}" for peer in PEERS
                           if peer not in agreeing and self.differing("check_many", peer))
        if agreeing:
            fastest_peer = min(agreeing, key=lambda peer: per_check[f"{peer}_parse_once"])
            margin = per_check[f"{fastest_peer}_parse_once"] / per_check["rep_parse_once"]
            figure = f"fastest peer answering as Google, `{fastest_peer}`, takes **{margin:.2f}×** rep's time"
        else:
            margin, figure = float("inf"), "no peer answers as Google on every check"
        self.target("parse once/check many ≥ 1.5× the fastest peer that answers as Google",
                    figure + (f" (others: {others})" if others else ""), margin >= 1.5)

    def pathological(self):
        inputs = sorted({full_id.split("/")[1] for full_id in self.results if full_id.startswith("pathological/")})
        if not inputs:
            fail("no pathological results")
        timeouts = set(self.saved.get("timeouts", []))
        contenders = ["rep", "rep_check_once", "google", *PEERS]
        self.out("### Pathological inputs (one-shot each; time of the fastest sample)\n")
        self.load("pathological")
        self.out("| input | " + " | ".join(contenders) + " | rep / google | fastest peer / rep | faster peers' answers |")
        self.out("| --- " * (len(contenders) + 4) + "|")
        worst_google, worst_peer, wrong_but_faster = 0.0, float("inf"), []
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
            faster = [peer for peer in PEERS if times[peer] < rep]
            # A faster peer counts against rep only if it answers as Google does.
            right = [peer for peer in faster if (self.differing(f"pathological {name}", peer) or [0])[0] == 0]
            wrong = [peer for peer in faster if peer not in right]
            honest_margin = min([times[peer] / rep for peer in PEERS if peer not in wrong] or [float("inf")])
            worst_peer = min(worst_peer, honest_margin)
            wrong_but_faster += [f"`{peer}` on {name}" for peer in wrong]
            cells = " | ".join("> 1 s, killed" if times[contender] == float("inf") else human(times[contender])
                               for contender in contenders)
            answers = "; ".join(f"`{peer}` {self.answers_cell(f'pathological {name}', peer)}" for peer in faster)
            self.out(f"| {name} | {cells} | {google_ratio:.3g}× | {peer_margin:.3g}× | {answers or '—'} |")
        self.out()
        self.out("`rep / google` compares `Robots::parse` + `check` with Google; `fastest peer / rep` compares the "
                 "fastest peer with the faster of rep's two APIs. A peer whose single call did not finish within "
                 "1 s (tried once in a child process) is killed and not measured. `faster peers' answers`: for "
                 "each peer faster than rep, how many of the input's checks (the timed URL and URLs its rules do "
                 "match, untimed) it answers differently from Google.\n")
        notes = self.saved.get("bench_notes") or []
        if notes:
            self.out("What the benchmarks reported about the peers:\n")
            self.out("\n".join(f"- `{note}`" for note in notes) + "\n")
        self.target("pathological inputs: rep never > 10× Google's time", f"worst {worst_google:.3g}×",
                    worst_google <= 10)
        figure = f"closest peer answering as Google takes {worst_peer:.3g}× rep's time"
        if wrong_but_faster:
            figure += f"; faster but answering differently from Google: {', '.join(wrong_but_faster)}"
        self.target("pathological inputs: rep faster than every peer on each, or the faster peer's answers are "
                    "wrong", figure, worst_peer > 1)

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
        loads = self.saved.get("loads") or {}
        self.out("| command | figure | 1-minute load while it ran |")
        self.out("| --- | --- | --- |")
        self.out(f"| `reptest check --jsonl --impl rep-google` over {jsonl['checks']:,} real-corpus checks "
                 f"(bodies in base64) | {jsonl['rep_google']:.3f} s (median of 7) | {loads.get('jsonl', '—')} |")
        self.out(f"| the same with `--impl google` | {jsonl['google']:.3f} s | (alternated with the above) |")
        diff = self.saved.get("diff_checks_per_second")
        self.out(f"| `reptest diff` rep-google vs google, 2 threads | {diff:,} checks/s | {loads.get('diff', '—')} |"
                 if diff else "| `reptest diff` | not measured: no `checks/s` in its output | — |")
        fuzz = self.saved.get("fuzz") or {"skipped": "not run"}
        rate = fuzz.get("exec_per_second")
        self.out(f"| `diff_google` fuzz target, ASan on both sides, default ASAN_OPTIONS, 60 s | {rate:,} exec/s | "
                 f"{loads.get('fuzz', '—')} |" if rate else
                 f"| `diff_google` fuzz target | not measured: {fuzz['skipped']} | — |")
        self.out(f"| peak memory of `reptest report --built-in-only` | {self.saved['report_peak_kib'] / 1024:.0f} MiB "
                 f"| {loads.get('report', '—')} |")
        self.out()
        self.target("batch checks (`check --jsonl`) ≥ 2.5× Google end to end", f"**{ratio:.2f}×** "
                    f"({jsonl['rep_google']:.3f} s vs {jsonl['google']:.3f} s)", ratio >= 2.5)
        self.target("`reptest diff` ≥ 750,000 checks/s on 2 threads",
                    f"**{diff:,}** checks/s ({loads.get('diff', 'load unknown')})" if diff else "not measured",
                    bool(diff) and diff >= 750_000)
        self.target("`diff_google` ≥ 10,000 exec/s under ASan",
                    f"**{rate:,}** exec/s ({loads.get('fuzz', 'load unknown')})" if rate
                    else f"not measured: {fuzz['skipped']}", bool(rate) and rate >= 10_000)

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
    text.append("| target (issue 22) | figure | status |")
    text.append("| --- | --- | --- |")
    text.extend(report.summary)
    text.append("")
    text.append(HOW.strip() + "\n")
    text.append(MACHINE.format(**info).strip() + "\n")
    text.append(f"## Results (run of {info['date']})\n")
    text.extend(report.lines)
    text.append(ANALYSIS.strip() + "\n")
    output.write_text("\n".join(text))
