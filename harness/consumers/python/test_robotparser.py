"""The rep robots.txt conformance suite, run against CPython's urllib.robotparser.

This file needs only the suite's JSON export (rep-suite.json, written by `reptest export`)
and pytest; it is written to be copied into a parser's own test directory. One test per
check of the suite, named by the check's id, scored against the `rfc` expectations
(RFC 9309 as written).

    pytest harness/consumers/python/test_robotparser.py

Known misses are listed by id in expected-failures.txt beside this file (one id per line,
a line starting with `#` is a comment: the format `reptest baseline` writes). A listed check
that still misses is reported as xfail; a miss that is not listed fails, and so does a listed
check that no longer misses (remove its line). A check whose expectation is
implementation-defined is asked too: its verdict is not scored, but an exception there is a
miss, as `reptest` counts it. A wrong verdict on a check whose clause is a SHOULD or a MAY is a
departure, a lesser mark than a MUST miss: without a list file it is skipped with that label;
with one, a departure the list does not name fails like a miss, so a change is caught (again
as `reptest run --expected-failures` does).
To write the list from the misses of the parser as it is now:

    REP_UPDATE_EXPECTED_FAILURES=1 pytest harness/consumers/python/test_robotparser.py

Environment:
    REP_SUITE_JSON          the export (default: cases/export/rep-suite.json of this repository)
    REP_EXPECTED_FAILURES   the list (default: expected-failures.txt beside this file)
"""

import base64
import json
import os
import pathlib
import platform
import urllib.robotparser

import pytest

HERE = pathlib.Path(__file__).resolve().parent
SUITE_PATH = pathlib.Path(os.environ.get("REP_SUITE_JSON", HERE / "../../../cases/export/rep-suite.json"))
EXPECTED_FAILURES_PATH = pathlib.Path(os.environ.get("REP_EXPECTED_FAILURES", HERE / "expected-failures.txt"))
UPDATE = os.environ.get("REP_UPDATE_EXPECTED_FAILURES") == "1"

# urllib.robotparser sets out to follow the robots exclusion standard, so it is scored
# against RFC 9309 as written, not against Google's parser.
PROFILE = "rfc"
BODY_SHOWN = 240


def load_suite(path):
    with open(path, encoding="utf-8") as file:
        suite = json.load(file)
    if suite.get("format") != "rep-suite" or suite.get("format_version") != 2:
        raise RuntimeError(f"{path} is not a rep-suite file of format_version 2")
    return suite


def body_bytes(parts):
    """A body of the export: its parts in order, each `times` times (1 when absent)."""
    pieces = []
    for part in parts:
        piece = part["text"].encode("utf-8") if "text" in part else base64.b64decode(part["base64"], validate=True)
        pieces.append(piece * part.get("times", 1))
    return b"".join(pieces)


# White space as the list format counts it: Unicode's White_Space property, which is what
# `reptest` trims (str.strip() and str.split() would also take U+001C to U+001F).
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"


def parse_expected_failures(text):
    """(id -> line, problems): each problem (line, "not-an-id" or "listed-twice", first line or None).

    Lines end at LF (a CR before it is white space); a line that starts with `#` is a comment;
    an id is `<case id>/<check name>`: a `/`, no `#`, no white space.
    cases/export/expected-failures-vectors.json holds the rules' test vectors."""
    listed, problems = {}, []
    for number, line in enumerate(text.split("\n"), start=1):
        check_id = line.strip(WHITE_SPACE)
        if not check_id or check_id.startswith("#"):
            continue
        if any(c in WHITE_SPACE or c == "#" for c in check_id) or "/" not in check_id:
            problems.append((number, "not-an-id", None))
        elif check_id in listed:
            problems.append((number, "listed-twice", listed[check_id]))
        else:
            listed[check_id] = number
    return listed, problems


def load_expected_failures(path):
    """Id -> line number; every line that is wrong is reported at once."""
    if not path.exists():
        return {}
    # From bytes, so that no line end is translated: the line numbers are the file's.
    text = path.read_bytes().decode("utf-8")
    listed, problems = parse_expected_failures(text)
    if problems:
        lines = text.split("\n")
        said = []
        for number, kind, first in problems:
            written = lines[number - 1].strip(WHITE_SPACE)
            if kind == "listed-twice":
                said.append(f"{path}:{number}: {written} is listed twice (first on line {first})")
            else:
                said.append(
                    f"{path}:{number}: `{written}` is not a check id (one per line; a line starting with # is a "
                    "comment; a numbered id of suite 3.x is upgraded by `reptest baseline --upgrade FILE`)"
                )
        raise RuntimeError("\n".join(said))
    return listed


SUITE = load_suite(SUITE_PATH)
CHECKS = SUITE["checks"]
BODIES = {key: body_bytes(parts) for key, parts in SUITE["bodies"].items()}


def body_text(check):
    """The check's body as text, or None when it is not UTF-8."""
    try:
        return BODIES[check["body"]].decode("utf-8")
    except UnicodeDecodeError:
        return None
# Rewriting the list starts from nothing, so a broken old list cannot stop it.
EXPECTED_FAILURES = {} if UPDATE else load_expected_failures(EXPECTED_FAILURES_PATH)
LIST_GIVEN = UPDATE or EXPECTED_FAILURES_PATH.exists()
MISSES = {}  # id -> what robotparser did, for REP_UPDATE_EXPECTED_FAILURES


# The capability tags (each check's `tags`) of what robotparser's API cannot take, with why.
CANNOT_TAKE = {
    "multi-agent": "robotparser checks one user-agent at a time",
    "fetch": "a fetch check: robotparser's parse() takes a body, not an HTTP response",
    "non-utf8-body": "the body is not UTF-8, and RobotFileParser.read() only reads UTF-8",
}


def why_not_run(check):
    """Why robotparser cannot be asked this check, or None."""
    return next((CANNOT_TAKE[tag] for tag in check["tags"] if tag in CANNOT_TAKE), None)


def robotparser_allows(check):
    parser = urllib.robotparser.RobotFileParser()
    # What RobotFileParser.read() does with a fetched body.
    parser.parse(body_text(check).splitlines())
    return parser.can_fetch(check["agents"][0], check["url"])


def departure(check):
    """`SHOULD` or `MAY` when missing this check departs from a clause of that level, else None."""
    level = check["basis"]["level"]
    return level if PROFILE == "rfc" and level in ("SHOULD", "MAY") else None


def describe(check, got):
    body = body_text(check)
    shown = repr(body[:BODY_SHOWN]) + (f"... ({len(body)} characters)" if len(body) > BODY_SHOWN else "")
    why = " ".join(check["why"].split())
    return (
        f"{check['id']}: expected {check['expect'][PROFILE]}, {got}\n"
        f"  agents: {', '.join(check['agents'])}\n"
        f"  url:    {check['url']}\n"
        f"  body:   {shown}\n"
        f"  case:   {check['file']}:{check['line']} ({why})\n"
        f"A known miss? Add this line to {EXPECTED_FAILURES_PATH.name}:\n{check['id']}"
    )


@pytest.fixture(scope="module", autouse=True)
def write_expected_failures_when_asked():
    yield
    if UPDATE:
        lines = [
            f"# {platform.python_implementation()} {platform.python_version()} urllib.robotparser, "
            f"rep-suite {SUITE['suite_version']}, {PROFILE} profile",
            "# Written by REP_UPDATE_EXPECTED_FAILURES=1; one check id per line.",
        ]
        lines += [f"# {got}\n{check_id}" for check_id, got in MISSES.items()]
        EXPECTED_FAILURES_PATH.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_expected_failures_name_only_checks_of_this_suite():
    known = {check["id"] for check in CHECKS}
    unknown = [f"line {line}: {check_id}" for check_id, line in EXPECTED_FAILURES.items() if check_id not in known]
    assert not unknown, (
        f"{EXPECTED_FAILURES_PATH.name} names checks that rep-suite {SUITE['suite_version']} does not have "
        f"(renamed or removed? see the suite's CHANGES.md); remove or rename: {', '.join(unknown)}"
    )


@pytest.mark.parametrize("check", CHECKS, ids=[check["id"] for check in CHECKS])
def test_check(check):
    check_id = check["id"]
    listed = EXPECTED_FAILURES.get(check_id)
    reason = why_not_run(check)
    if reason is not None:
        if listed and not UPDATE:
            pytest.fail(f"{check_id} is never run here ({reason}): remove line {listed} of {EXPECTED_FAILURES_PATH.name}")
        pytest.skip(reason)
    expectation = check["expect"][PROFILE]
    # Implementation-defined: the RFC leaves the verdict open, so it is not scored; an
    # exception is still a miss, as reptest counts it.
    scored = expectation != "implementation-defined"
    try:
        allowed = robotparser_allows(check)
    except Exception as error:  # a crash on a check is a miss of that check, whatever its level
        got, missed, level = f"robotparser raised {type(error).__name__}: {error}", True, None
    else:
        got = f"robotparser says {'allowed' if allowed else 'disallowed'}"
        missed = scored and allowed != (expectation == "allowed")
        level = departure(check)
        if level:
            got += f" (a departure from a {level})"
    if UPDATE:
        if missed:
            MISSES[check_id] = f"expected {expectation}, {got}"
        return
    if listed and missed:
        pytest.xfail(f"listed on line {listed} of {EXPECTED_FAILURES_PATH.name}")
    if listed:
        now = "passes now" if scored else f"is implementation-defined and answered ({got}), so never missed"
        pytest.fail(f"{check_id} {now}: remove line {listed} of {EXPECTED_FAILURES_PATH.name}")
    if missed and level and not LIST_GIVEN:
        pytest.skip(f"{got}: a {level} departure, not a failure")
    assert not missed, describe(check, got)
    if not scored:
        pytest.skip(f"implementation-defined under {PROFILE}: {got}, not scored")
