#!/usr/bin/env python3
"""reptest adapter for CPython's urllib.robotparser (the standard library of the running python3).

Install: nothing to install (`reptest adapters install cpython-robotparser` has nothing to do).
Run:     cargo reptest run --adapter 'python3 harness/adapters/python_robotparser.py' --name cpython-robotparser

Mapping onto the library:
- body: RobotFileParser.parse() takes lines of text; the adapter splits the body with
  str.splitlines(), which also ends a line at a lone CR (RFC 9309 §2.2). A body that is
  not UTF-8 is answered n/a: the module only ever sees text (its own read() decodes
  UTF-8, which would fail on such a body).
- agent: one per check (several are n/a); can_fetch matches it as the module does.
- URL: can_fetch(agent, url) with the full URL as given (it keeps only path and query).
- deciding line: the module reports none.
"""

import urllib.robotparser

from rep_adapter import parsed_once, serve, single_agent, text_body

LIBRARY = "urllib.robotparser"


def decide(request):
    body = text_body(request, LIBRARY)
    agent = single_agent(request, LIBRARY)
    def parse():
        parser = urllib.robotparser.RobotFileParser()
        parser.parse(body.splitlines())
        return parser

    return parsed_once(body, parse).can_fetch(agent, request["url"]), None


if __name__ == "__main__":
    serve(decide, LIBRARY, None, "it ships with Python 3")
