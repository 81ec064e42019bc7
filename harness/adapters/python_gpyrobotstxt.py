#!/usr/bin/env python3
"""reptest adapter for gpyrobotstxt 1.0.0, a pure-Python port of Google's robots.txt parser.

Install: reptest adapters install gpyrobotstxt
   or:   pip install --target ~/.cache/rep/adapters/gpyrobotstxt gpyrobotstxt==1.0.0
Run:     PYTHONPATH=~/.cache/rep/adapters/gpyrobotstxt \\
         cargo reptest run --adapter 'python3 harness/adapters/python_gpyrobotstxt.py' \\
             --name gpyrobotstxt --profile google

Mapping onto the library:
- body: RobotsMatcher.allowed_by_robots(body, agents, url) takes bytes (text is encoded as
  UTF-8), so a body that is not UTF-8 is passed as bytes.
- agents: the whole list, "may any of them fetch", as in Google's multi-agent check.
- URL: the full URL as given.
- deciding line: the port keeps it private (no matching_line()), so none is reported.
"""

from rep_adapter import serve, text_or_bytes_body

try:
    from gpyrobotstxt.robots_cc import RobotsMatcher
except ImportError:
    RobotsMatcher = None


def decide(request):
    matcher = RobotsMatcher()
    return matcher.allowed_by_robots(text_or_bytes_body(request), request["agents"], request["url"]), None


if __name__ == "__main__":
    serve(
        decide,
        "gpyrobotstxt",
        "gpyrobotstxt",
        "reptest adapters install gpyrobotstxt",
        loaded=RobotsMatcher is not None,
    )
