"""Tests of the installed package (packages/ci-test runs them in a fresh virtual environment
with the wheel installed): the list reader against the format's shared vectors, and the
plugin's grading, run through pytest itself against parsers made to pass or to miss."""

import collections
import json
import os
import pathlib

import pytest

import rep_suite
from rep_suite import load_suite, parse_expected_failures

VECTORS_PATH = pathlib.Path(
    os.environ.get(
        "REP_EXPECTED_FAILURES_VECTORS",
        pathlib.Path(__file__).resolve().parents[3] / "cases/export/expected-failures-vectors.json",
    )
)
VECTORS = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))["vectors"]
SUITE = load_suite()

# A parser that knows the answers: the suite's rfc expectation for (body, agent, url); the
# suite asks no two checks the same question with different definite answers (asserted below).
ORACLE = """
import rep_suite
ANSWERS = {{}}
for check in rep_suite.load_suite().checks:
    if check.expect["rfc"] != "implementation-defined" and check.body_text() is not None:
        ANSWERS[(check.body_text(), check.agents[0], check.url)] = (check, check.expect["rfc"] == "allowed")

def allows(body, agent, url):
    check, allowed = ANSWERS.get((body, agent, url), (None, True))
    if check is not None and ({wrong}):
        return not allowed
    return allowed
"""


def oracle(pytester, name, wrong="False"):
    pytester.makepyfile(**{name: ORACLE.format(wrong=wrong)})
    pytester.syspathinsert()
    return f"--robots-parser={name}:allows"


def run(pytester, *args):
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)


def test_the_package_is_the_installed_one():
    # packages/ci-test runs these against the wheel, not the source tree.
    assert (pathlib.Path(rep_suite.__file__).parent / "rep-suite.json").is_file()
    assert "site-packages" in rep_suite.__file__, rep_suite.__file__


def test_the_carried_suite_is_the_release():
    assert SUITE.version == rep_suite.__version__
    assert len(SUITE.checks) > 800
    assert len({check.id for check in SUITE.checks}) == len(SUITE.checks)


def test_no_question_has_two_definite_answers():
    answers = collections.defaultdict(set)
    for check in SUITE.checks:
        if check.expect["rfc"] != "implementation-defined" and not check.fetch:
            answers[(check.body, check.agents, check.url)].add(check.expect["rfc"])
    assert all(len(found) == 1 for found in answers.values())


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["name"] for vector in VECTORS])
def test_list_reader_vector(vector):
    listed, problems = parse_expected_failures(vector["input"])
    assert sorted(listed.items(), key=lambda item: item[1]) == [(i["id"], i["line"]) for i in vector["ids"]]
    assert problems == [(p["line"], p["kind"], p.get("first")) for p in vector["problems"]]


def test_a_parser_that_knows_every_answer_passes(pytester):
    result = run(pytester, oracle(pytester, "knows_all"))
    assert result.ret == 0
    assert "failed" not in counts(result) and counts(result)["passed"] > 500
    assert f"collected {len(SUITE.checks) + 1} items" in result.stdout.str()


def test_new_misses_fail_naming_clause_level_and_reproduce_line(pytester):
    wrong = 'check.clause == "2.2.3" and check.level == "MUST"'
    planted = [c for c in SUITE.checks if c.clause == "2.2.3" and c.level == "MUST" and c.expect["rfc"] != "implementation-defined"
               and "multi-agent" not in c.tags and not c.fetch and c.body_text() is not None]
    assert planted
    result = run(pytester, oracle(pytester, "breaks_223", wrong))
    assert counts(result)["failed"] == len(planted)
    text = result.stdout.str()
    first = planted[0]
    assert f"{first.id}: expected {first.expect['rfc']}" in text
    assert "held to:   RFC 9309 §2.2.3 MUST" in text
    assert f"reptest show {first.id}" in text
    assert "     1 | " in text  # the body, numbered
    plain = sum(1 for check in planted if check.reading is None)
    assert f"{plain:>6}  RFC 9309 §2.2.3 MUST\n" in text


def counts(result):
    return result.parseoutcomes()


def test_a_written_list_makes_the_run_pass_and_a_fixed_miss_stale(pytester):
    parser = oracle(pytester, "breaks_221", 'check.clause == "2.2.1"')
    listing = pytester.path / "expected.txt"
    written = run(pytester, parser, f"--robots-expected-failures={listing}", "--robots-update-expected-failures")
    assert written.ret == 0
    ids = [line for line in listing.read_text().splitlines() if line and not line.startswith("#")]
    by_id = {check.id: check for check in SUITE.checks}
    assert ids and all(by_id[check_id].clause == "2.2.1" for check_id in ids)
    held = run(pytester, parser, f"--robots-expected-failures={listing}")
    assert held.ret == 0 and counts(held)["xfailed"] == len(ids) and "failed" not in counts(held)
    fixed = run(pytester, oracle(pytester, "fixed_221"), f"--robots-expected-failures={listing}")
    assert counts(fixed)["failed"] == len(ids)
    assert f"{ids[0]} does not miss now" in fixed.stdout.str()
    assert "remove line 4 of expected.txt" in fixed.stdout.str()  # line 1-2 header, 3 comment


def test_a_departure_is_skipped_without_a_list_and_fails_with_one(pytester):
    departures = [c for c in SUITE.checks if c.level == "SHOULD" and c.expect["rfc"] != "implementation-defined"
                  and "multi-agent" not in c.tags and not c.fetch and c.body_text() is not None]
    assert departures
    parser = oracle(pytester, "departs", 'check.level == "SHOULD"')
    free = run(pytester, parser)
    assert free.ret == 0 and "failed" not in counts(free)
    assert "a departure from a SHOULD" in run(pytester, parser, "-rs").stdout.str()
    (pytester.path / "empty.txt").write_text("# nothing known\n")
    held = run(pytester, parser, f"--robots-expected-failures={pytester.path / 'empty.txt'}")
    assert counts(held)["failed"] == len(departures)


def test_an_unknown_id_in_the_list_fails(pytester):
    (pytester.path / "list.txt").write_text("rfc9309/no-such-case/no-such-check\n")
    result = run(pytester, oracle(pytester, "knows_all_2"), f"--robots-expected-failures={pytester.path / 'list.txt'}")
    assert counts(result)["failed"] == 1
    assert "line 1: rfc9309/no-such-case/no-such-check" in result.stdout.str()


def test_a_bad_list_line_stops_the_run_naming_it(pytester):
    (pytester.path / "list.txt").write_text("# ok\nrfc9309/2.2.2-matching#3\n")
    result = run(pytester, oracle(pytester, "knows_all_3"), f"--robots-expected-failures={pytester.path / 'list.txt'}")
    assert result.ret != 0
    assert "list.txt:2: `rfc9309/2.2.2-matching#3` is not a check id" in result.stderr.str()


def test_an_exception_is_a_miss_even_where_the_verdict_is_not_scored(pytester):
    open_checks = [c for c in SUITE.checks if c.expect["rfc"] == "implementation-defined"
                   and "multi-agent" not in c.tags and not c.fetch and c.body_text() is not None]
    assert open_checks
    pytester.makepyfile(raises="""
import rep_suite
OPEN = {(c.body_text(), c.agents[0], c.url) for c in rep_suite.load_suite().checks
        if c.expect["rfc"] == "implementation-defined" and c.body_text() is not None
        and not c.fetch and "multi-agent" not in c.tags}
def allows(body, agent, url):
    if (body, agent, url) in OPEN:
        raise ValueError("boom")
    raise rep_suite.Unsupported("asked nothing else")
""")
    pytester.syspathinsert()
    result = run(pytester, "--robots-parser=raises:allows")
    assert counts(result)["failed"] == len(open_checks)
    assert "raises:allows raised ValueError: boom" in result.stdout.str()


def test_a_bad_parser_spec_is_a_usage_error(pytester):
    result = run(pytester, "--robots-parser=no_such_module_here:allows")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "cannot import no_such_module_here" in result.stderr.str()
