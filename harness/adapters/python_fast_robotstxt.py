#!/usr/bin/env python3
"""reptest adapter for fast-robotstxt 1.1.0: ctypes bindings to a fork of Google's C++
robots.txt parser (module `robotstxt`; the fork adds directives such as Crawl-delay and
parses URLs with the ada library).

Install: reptest adapters install fast-robotstxt
   or:   pip install --target ~/.cache/rep/adapters/fast-robotstxt fast-robotstxt==1.1.0
Run:     PYTHONPATH=~/.cache/rep/adapters/fast-robotstxt \\
         cargo reptest run --adapter 'python3 harness/adapters/python_fast_robotstxt.py' \\
             --name fast-robotstxt --profile google

Mapping onto the library:
- body: RobotsMatcher.is_allowed_multi(text, agents, url) takes text (it encodes it as
  UTF-8 for the C++ side); a body that is not UTF-8 is answered n/a.
- agents: the whole list, "may any of them fetch" (Google's multi-agent check).
- URL: the full URL as given.
- deciding line: the matcher's matching_line after the check (0, meaning no rule
  matched, is reported as no line).
"""

from rep_adapter import serve, text_body

try:
    from robotstxt import RobotsMatcher
except ImportError:
    RobotsMatcher = None

LIBRARY = "fast-robotstxt"


def decide(request):
    body = text_body(request, LIBRARY)
    matcher = RobotsMatcher()
    allowed = matcher.is_allowed_multi(body, request["agents"], request["url"])
    return allowed, matcher.matching_line or None


if __name__ == "__main__":
    serve(
        decide,
        LIBRARY,
        "fast-robotstxt",
        "reptest adapters install fast-robotstxt",
        loaded=RobotsMatcher is not None,
    )
