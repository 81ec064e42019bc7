"""The pytest plugin: every check of the suite as a test item, asked of your parser function
and graded as `reptest run` grades it.

    pytest --robots-parser=MODULE:FUNCTION [--robots-expected-failures=FILE]
           [--robots-profile=rfc|google] [--robots-body=text|bytes] [--robots-suite=FILE]
           [--robots-update-expected-failures]

Nothing happens without --robots-parser. Outcomes: a check answered as expected passes; a
miss the list names is xfail; a new miss fails; a listed check that does not miss now fails
(remove its line); a departure from a SHOULD or MAY is skipped while there is no list; an
implementation-defined check is asked but not scored (skipped, with the answer); a check the
function cannot be given is skipped with why.
"""

import importlib
import pathlib
import platform
from collections import Counter

import pytest

from . import describe, grading
from .expected import ListError, load_expected_failures
from .suite import SuiteError, load_suite

LIST_HEADER = "# Written by pytest --robots-update-expected-failures; one check id per line."


def pytest_addoption(parser):
    group = parser.getgroup("robots-conformance-suite", "robots.txt conformance suite (rep)")
    group.addoption(
        "--robots-parser",
        metavar="MODULE:FUNCTION",
        help="your parser as a function f(body, agent, url) -> bool (True: allowed); raise rep_suite.Unsupported "
        "for a check it cannot take. The module must be importable (python -m pytest puts the current directory "
        "on the path).",
    )
    group.addoption(
        "--robots-expected-failures",
        metavar="FILE",
        help="the checks your parser is known to miss, one id per line (the format `reptest baseline` writes)",
    )
    group.addoption(
        "--robots-profile",
        choices=grading.PROFILES,
        default="rfc",
        help="score against RFC 9309 as written (rfc, the default) or Google's parser (google)",
    )
    group.addoption(
        "--robots-body",
        choices=("text", "bytes"),
        default="text",
        help="give the function the body as str (text, the default; bodies that are not UTF-8 are then not asked) "
        "or as bytes",
    )
    group.addoption("--robots-suite", metavar="FILE", help="another export (rep-suite.json) instead of the one carried")
    group.addoption(
        "--robots-update-expected-failures",
        action="store_true",
        help="write --robots-expected-failures from the misses of this run instead of grading against it",
    )


class Setup:
    """Everything the items share, read once at configure time."""

    def __init__(self, config):
        spec = config.getoption("robots_parser")
        self.parser = spec
        self.function = import_function(spec)
        self.profile = config.getoption("robots_profile")
        self.body_as_bytes = config.getoption("robots_body") == "bytes"
        self.update = config.getoption("robots_update_expected_failures")
        list_option = config.getoption("robots_expected_failures")
        if self.update and not list_option:
            raise pytest.UsageError("--robots-update-expected-failures needs --robots-expected-failures=FILE to write")
        self.list_path = pathlib.Path(list_option) if list_option else None
        self.list_name = self.list_path.name if self.list_path else "an expected-failures file"
        try:
            self.suite = load_suite(config.getoption("robots_suite"))
            # Writing the list starts from nothing, so a broken old list cannot stop it.
            listed = self.list_path is not None and not self.update and self.list_path.exists()
            self.listed = load_expected_failures(self.list_path) if listed else {}
        except (SuiteError, ListError) as error:
            raise pytest.UsageError(str(error)) from None
        if self.list_path is not None and not self.update and not self.list_path.exists():
            raise pytest.UsageError(
                f"{self.list_path}: no such file (write it once with --robots-update-expected-failures, or leave "
                "--robots-expected-failures out)"
            )
        self.list_given = self.list_path is not None
        self.outcomes = {}  # check id -> Outcome, in suite order


def import_function(spec):
    module_name, colon, function_name = (spec or "").partition(":")
    if not colon or not module_name or not function_name:
        raise pytest.UsageError(f"--robots-parser={spec}: give MODULE:FUNCTION, e.g. my_tests.robots:allows")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:
        raise pytest.UsageError(
            f"--robots-parser={spec}: cannot import {module_name} ({type(error).__name__}: {error}); is its "
            "directory on the path? (python -m pytest adds the current one)"
        ) from None
    function = getattr(module, function_name, None)
    if not callable(function):
        raise pytest.UsageError(f"--robots-parser={spec}: {module_name} has no function {function_name}")
    return function


SETUP_KEY = pytest.StashKey()


def pytest_configure(config):
    if config.getoption("robots_parser"):
        config.stash[SETUP_KEY] = Setup(config)


class CheckFailed(Exception):
    """A check failed; its message is the whole report, shown without a traceback."""


class SuiteItem(pytest.Item):
    def repr_failure(self, excinfo, style=None):
        # A failure's message is the whole report; an expected miss's is its reason. Neither
        # needs the traceback through this plugin, whose formatting is slow with these frames.
        if isinstance(excinfo.value, (CheckFailed, pytest.xfail.Exception)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, self.name


class CheckItem(SuiteItem):
    def __init__(self, *, check, run, **kwargs):
        super().__init__(**kwargs)
        self.check = check
        self.run = run

    def runtest(self):
        setup, check = self.run, self.check
        answer = grading.ask(setup.function, check, setup.body_as_bytes)
        outcome = grading.grade(
            check, setup.profile, answer, setup.parser, setup.listed.get(check.id), setup.list_given
        )
        setup.outcomes[check.id] = outcome
        if setup.update:
            return
        if outcome.kind == grading.NEW_MISS:
            raise CheckFailed(describe.failure(check, setup.profile, outcome, setup.list_name))
        if outcome.kind == grading.STALE:
            raise CheckFailed(describe.stale(check, outcome, setup.list_name))
        if outcome.kind == grading.EXPECTED_MISS:
            pytest.xfail(f"listed on line {outcome.listed} of {setup.list_name}: {outcome.got}")
        if outcome.kind == grading.DEPARTURE:
            pytest.skip(f"{outcome.got}: not a failure without an expected-failures list")
        if outcome.kind in (grading.NOT_SCORED, grading.NOT_ASKED):
            pytest.skip(outcome.got)


class ListItem(SuiteItem):
    """The list names only checks of this suite."""

    def __init__(self, *, run, **kwargs):
        super().__init__(**kwargs)
        self.run = run

    def runtest(self):
        known = {check.id for check in self.run.suite.checks}
        unknown = [f"line {line}: {check_id}" for check_id, line in self.run.listed.items() if check_id not in known]
        if unknown:
            raise CheckFailed(
                f"{self.run.list_name} names checks that rep-suite {self.run.suite.version} does not have "
                "(renamed or removed? see the suite's CHANGES.md); remove or rename:\n  " + "\n  ".join(unknown)
            )


class SuiteCollector(pytest.Collector):
    """The suite's items, collected after the test files so that pytest counts them."""

    def __init__(self, *, run, **kwargs):
        super().__init__(**kwargs)
        self.run = run

    def collect(self):
        yield ListItem.from_parent(self, name="expected failures name only checks of this suite", run=self.run)
        for check in self.run.suite.checks:
            yield CheckItem.from_parent(self, name=check.id, check=check, run=self.run)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    setup = config.stash.get(SETUP_KEY, None)
    if setup is not None:
        items.extend(session.genitems(SuiteCollector.from_parent(session, name="robots-conformance-suite", run=setup)))


def pytest_sessionfinish(session):
    setup = session.config.stash.get(SETUP_KEY, None)
    if setup is None or not setup.update or not setup.outcomes:
        return
    lines = [
        f"# {setup.parser} on {platform.python_implementation()} {platform.python_version()}, "
        f"rep-suite {setup.suite.version}, {setup.profile} profile",
        LIST_HEADER,
    ]
    for check in setup.suite.checks:
        outcome = setup.outcomes.get(check.id)
        if outcome is not None and outcome.missed:
            lines += [f"# expected {check.expect[setup.profile]}, {' '.join(outcome.got.split())}", check.id]
    setup.list_path.write_text("\n".join(lines) + "\n", encoding="utf-8")


SUMMARY_LABELS = (
    (grading.PASSED, "passed"),
    (grading.EXPECTED_MISS, "expected misses"),
    (grading.NEW_MISS, "new misses"),
    (grading.STALE, "stale list lines"),
    (grading.DEPARTURE, "departures from a SHOULD or MAY"),
    (grading.NOT_SCORED, "implementation-defined (not scored)"),
    (grading.NOT_ASKED, "not asked"),
)


def pytest_terminal_summary(terminalreporter, config):
    setup = config.stash.get(SETUP_KEY, None)
    if setup is None or not setup.outcomes:
        return
    counts = Counter(outcome.kind for outcome in setup.outcomes.values())
    write = terminalreporter.write_line
    checks = {check.id: check for check in setup.suite.checks}
    new_by_clause = Counter(
        describe.held_to(checks[check_id], setup.profile)
        for check_id, outcome in setup.outcomes.items()
        if outcome.kind == grading.NEW_MISS
    )
    if new_by_clause and not setup.update:
        write("new misses by what they are held to:")
        for held, count in new_by_clause.most_common():
            write(f"  {count:>4}  {held}")
    parts = ", ".join(f"{counts[kind]} {label}" for kind, label in SUMMARY_LABELS)
    write(f"rep-suite {setup.suite.version} ({setup.profile} profile) against {setup.parser}: {parts}")
    if setup.update:
        write(f"wrote {setup.list_path} ({sum(o.missed for o in setup.outcomes.values())} checks)")
