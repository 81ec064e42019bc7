"""The rep robots.txt (RFC 9309) conformance suite, for a Python parser's tests.

The pytest plugin (`rep_suite.pytest_plugin`, registered as the `pytest11` entry point
`robots_conformance_suite`) runs every check against a function of yours:

    pytest --robots-parser=my_tests.robots:allows --robots-expected-failures=expected-failures.txt

where `allows(body, agent, url) -> bool` answers whether `agent` may fetch `url` under the
robots.txt `body`, and raises `rep_suite.Unsupported` for a check your API cannot take.
`rep_suite.rep_adapter` is the adapter protocol of `reptest run --adapter`.
"""

from .expected import ListError, load_expected_failures, parse_expected_failures
from .grading import Unsupported
from .suite import Check, Suite, SuiteError, load_suite, read_suite

__version__ = "4.0.0"

__all__ = [
    "Check",
    "ListError",
    "Suite",
    "SuiteError",
    "Unsupported",
    "load_expected_failures",
    "load_suite",
    "parse_expected_failures",
    "read_suite",
]
