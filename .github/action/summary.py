"""The Action's job summary and step outputs, from the JSON report of one
`reptest run` (`--json FILE`): the verdict, the claimed profile's tally, the new
misses grouped by the clause they break (biggest group first), each with the
command that shows it in full, then stale and unknown entries and any parser
given up on. Everything taken from the report is shown as code, so no text
from a parser or a case can turn into Markdown or HTML.

Run by run.sh; standard library only (any Python 3 on a runner will do).
"""

import argparse
import json
import sys
from collections import OrderedDict

# A step summary holds at most 1 MiB; past this many misses the rest are counted.
MOST_MISSES_SHOWN = 200


def visible(text):
    """`text` on one line, every control character as an escape."""
    out = []
    for char in str(text):
        if char == "\n":
            out.append("\\n")
        elif char == "\r":
            out.append("\\r")
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0:
            out.append("\\x%02X" % ord(char))
        else:
            out.append(char)
    return "".join(out)


def code(text):
    """`text` as a Markdown code span whose fence outgrows any backtick run inside."""
    text = visible(text)
    longest = run = 0
    for char in text:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def cell(text):
    """`text` as a code span fit for a table cell (a `|` would split the cell)."""
    return code(text).replace("|", "\\|")


def group_of(check, profile):
    """The heading a new miss is grouped under: its clause and level when the
    claimed profile is RFC 9309 and the check rests on one, else its case."""
    basis = check.get("rfc_basis") or {}
    if profile == "rfc" and basis.get("clause"):
        level = basis.get("level") or ""
        return f"RFC 9309 §{basis['clause']} {level}".rstrip()
    return f"case {check['case']}"


def answer_of(result):
    if result is None:
        return "no answer"
    if "error" in result:
        return "error: " + str(result["error"])
    if "not_applicable" in result:
        return "not applicable: " + str(result["not_applicable"])
    return "allowed" if result.get("allowed") else "disallowed"


def miss_line(check, profile):
    results = check.get("results") or [None]
    agents = ", ".join(check.get("agents") or [])
    return (
        f"- {code(check['id'])}: agent {code(agents)}, URL {code(check.get('url', ''))}; "
        f"expected {code(check['expect'].get(profile, '?'))}, answered {code(answer_of(results[0]))}. "
        f"Reproduce: {code('reptest show ' + check['id'])}"
    )


def render(report, status, junit, json_path):
    implementation = (report.get("implementations") or [{}])[0]
    name = implementation.get("name", "?")
    profile = implementation.get("claims", "rfc")
    passed = bool(report.get("passed")) and status == 0
    lines = [
        f"## robots.txt conformance: {code(name)} claims {profile}: {'passed' if passed else 'FAILED'}",
        "",
        code(report.get("summary", "")),
        "",
    ]
    tally = (implementation.get("profiles") or {}).get(profile)
    if tally:
        score = tally.get("score")
        lines += [
            "| met | missed | SHOULD/MAY departures | errors | not applicable | score |",
            "|---:|---:|---:|---:|---:|---:|",
            "| {} | {} | {} | {} | {} | {} |".format(
                tally["pass"],
                tally["fail"],
                tally["should_departures"] + tally["may_departures"],
                tally["error"],
                tally["not_applicable"],
                "–" if score is None else f"{score}%",
            ),
            "",
        ]

    new_misses = [check for check in report.get("checks", []) if check.get("class") == "new-miss"]
    groups = OrderedDict()
    for check in new_misses:
        groups.setdefault(group_of(check, profile), []).append(check)
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    if new_misses:
        lines += [f"### {len(new_misses)} new miss(es), in {len(ordered)} group(s)", ""]
        shown = 0
        for heading, checks in ordered:
            if shown >= MOST_MISSES_SHOWN:
                break
            lines += [f"#### {heading}: {len(checks)} check(s)", ""]
            for check in checks[: MOST_MISSES_SHOWN - shown]:
                lines.append(miss_line(check, profile))
                shown += 1
            lines.append("")
        if shown < len(new_misses):
            lines += [f"… and {len(new_misses) - shown} more in {code(json_path)}.", ""]

    baseline = report.get("expected_failures") or {}
    for key, title in (
        ("stale", "listed but passing again: remove them from"),
        ("unknown", "listed but not in the suite: remove or rename them in"),
    ):
        ids = baseline.get(key) or []
        if ids:
            lines += [f"### {len(ids)} entr(ies) {title} {code(baseline.get('file', ''))}", ""]
            lines += [f"- {code(entry)}" for entry in ids[:MOST_MISSES_SHOWN]]
            if len(ids) > MOST_MISSES_SHOWN:
                lines.append(f"- … and {len(ids) - MOST_MISSES_SHOWN} more")
            lines.append("")
    for gone in report.get("given_up") or []:
        lines += [
            f"### {code(gone['implementation'])} was given up on, {gone['not_run']} check(s) not run",
            "",
            code(gone.get("reason", "")),
            "",
        ]
    lines += [f"Reports: JUnit {code(junit)}, JSON {code(json_path)}.", ""]
    outputs = {
        "passed": "true" if passed else "false",
        "new-misses": str(len(new_misses)),
        "stale": str(len(baseline.get("stale") or [])),
        "junit": junit,
        "json": json_path,
    }
    return "\n".join(lines), outputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", required=True, help="the JSON report of reptest run")
    parser.add_argument("--junit", required=True, help="the JUnit report's path (named in the summary)")
    parser.add_argument("--status", type=int, required=True, help="reptest run's exit status")
    parser.add_argument("--summary", required=True, help="the file to append the Markdown to")
    parser.add_argument("--outputs", required=True, help="the file to append the step outputs to")
    options = parser.parse_args()
    try:
        with open(options.json, encoding="utf-8") as file:
            report = json.load(file)
    except (OSError, ValueError) as error:
        # reptest stopped before running (a usage error, a parser that cannot
        # start): it said why on stderr, which the log shows above.
        markdown = (
            f"## robots.txt conformance: not run\n\n`reptest run` exited with status {options.status} "
            f"and wrote no report ({code(options.json)}: {code(error)}); its log says why.\n"
        )
        outputs = {"passed": "false", "new-misses": "0", "stale": "0", "junit": options.junit, "json": options.json}
    else:
        markdown, outputs = render(report, options.status, options.junit, options.json)
    with open(options.summary, "a", encoding="utf-8") as file:
        file.write(markdown + "\n")
    with open(options.outputs, "a", encoding="utf-8") as file:
        for key, value in outputs.items():
            file.write(f"{key}={visible(value)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
