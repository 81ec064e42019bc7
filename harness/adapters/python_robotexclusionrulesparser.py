#!/usr/bin/env python3
"""reptest adapter for robotexclusionrulesparser 1.7.1 and for its fork robots-txt-parser 1.0.1.

The fork (PyPI `robots-txt-parser`, module `robotstxtparser`) keeps the API and changes two
things: a blank line no longer ends a group, and /robots.txt is always allowed. So one
adapter serves both; its argument names the distribution (default: the original).

Install: reptest adapters install robotexclusionrulesparser   (or: robots-txt-parser-py)
   or:   pip install --target ~/.cache/rep/adapters/robotexclusionrulesparser robotexclusionrulesparser==1.7.1
         pip install --target ~/.cache/rep/adapters/robots-txt-parser-py robots-txt-parser==1.0.1
Run:     PYTHONPATH=~/.cache/rep/adapters/robotexclusionrulesparser \\
         cargo reptest run --adapter 'python3 harness/adapters/python_robotexclusionrulesparser.py' \\
             --name robotexclusionrulesparser
         PYTHONPATH=~/.cache/rep/adapters/robots-txt-parser-py \\
         cargo reptest run --adapter 'python3 harness/adapters/python_robotexclusionrulesparser.py robots-txt-parser' \\
             --name robots-txt-parser-py

Mapping onto the library:
- body: RobotExclusionRulesParser.parse() takes text, or bytes that it decodes as
  ISO-8859-1. A UTF-8 body is passed as text (what a caller holding the fetched text
  does); a body that is not UTF-8 is passed as bytes.
- agent: one per check (several are n/a); is_allowed(agent, url) matches a group whose
  name is a substring of the agent, with the default GYM2008 syntax (wildcards and $).
- URL: the full URL as given (the library keeps only path, parameters and query).
- deciding line: the library reports none.
"""

import importlib
import sys

from rep_adapter import parsed_once, serve, single_agent, text_or_bytes_body

# distribution -> module it installs
MODULES = {
    "robotexclusionrulesparser": "robotexclusionrulesparser",
    "robots-txt-parser": "robotstxtparser",
}

ARGUMENTS = [argument for argument in sys.argv[1:] if argument != "--version"]
DISTRIBUTION = ARGUMENTS[0] if ARGUMENTS else "robotexclusionrulesparser"
if DISTRIBUTION not in MODULES or len(ARGUMENTS) > 1:
    sys.exit(f"usage: {sys.argv[0]} [{' | '.join(MODULES)}] [--version]")
try:
    module = importlib.import_module(MODULES[DISTRIBUTION])
except ImportError:
    module = None


def decide(request):
    agent = single_agent(request, DISTRIBUTION)
    body = text_or_bytes_body(request)

    def parse():
        parser = module.RobotExclusionRulesParser()
        parser.parse(body)
        return parser

    return parsed_once(body, parse).is_allowed(agent, request["url"]), None


if __name__ == "__main__":
    serve(
        decide,
        DISTRIBUTION,
        DISTRIBUTION,
        "reptest adapters install "
        + ("robotexclusionrulesparser" if DISTRIBUTION == "robotexclusionrulesparser" else "robots-txt-parser-py"),
        loaded=module is not None,
    )
