#!/usr/bin/env python3
"""reptest adapter for reppy 0.4.14 (Moz's Cython wrapper around the C++ parser rep-cpp).

reppy 0.4.14 (its last release) does not install on current toolchains: its C++ sources miss
an `#include <limits>` (g++ 12) and its pre-generated Cython file includes longintrepr.h,
which Python 3.11 removed. The adapter is ready for an environment where it installs (an
older Python); harness/adapters/parsers.yaml records the exact error.

Install: reptest adapters install reppy
   or:   pip install --target ~/.cache/rep/adapters/reppy reppy==0.4.14
Run:     PYTHONPATH=~/.cache/rep/adapters/reppy \\
         cargo reptest run --adapter 'python3 harness/adapters/python_reppy.py' --name reppy

Mapping onto the library:
- body: Robots.parse(robots_url, content) takes text or bytes (text is encoded as UTF-8);
  a body that is not UTF-8 is passed as bytes.
- URL: allowed(url, agent) with the full URL as given. reppy answers "disallowed" for a URL
  on another host than the robots.txt URL, so that URL is /robots.txt on the checked URL's
  scheme, host and port.
- agent: one per check (several are n/a).
- deciding line: reppy reports none.
"""

import urllib.parse

from rep_adapter import parsed_once, serve, single_agent, text_or_bytes_body

try:
    from reppy.robots import Robots
except ImportError:
    Robots = None

LIBRARY = "reppy"


def decide(request):
    agent = single_agent(request, LIBRARY)
    url = request["url"]
    robots_url = urllib.parse.urljoin(url, "/robots.txt")
    body = text_or_bytes_body(request)
    robots = parsed_once((body, robots_url), lambda: Robots.parse(robots_url, body))
    return robots.allowed(url, agent), None


if __name__ == "__main__":
    serve(decide, LIBRARY, "reppy", "reptest adapters install reppy", loaded=Robots is not None)
