#!/usr/bin/env python3
"""reptest adapter for reppy2 0.3.6, a pure-Python continuation of reppy's 0.3 line
(it installs a module named `reppy`, unrelated to reppy 0.4's C++ core).

Install: reptest adapters install reppy2
   or:   pip install --target ~/.cache/rep/adapters/reppy2 reppy2==0.3.6
Run:     PYTHONPATH=~/.cache/rep/adapters/reppy2 \\
         cargo reptest run --adapter 'python3 harness/adapters/python_reppy2.py' --name reppy2

Mapping onto the library:
- body: parser.Rules(robots_url, 200, content, expires) parses on construction; content
  may be text or bytes (bytes are decoded as UTF-8 ignoring errors, after BOM sniffing),
  so a body that is not UTF-8 is passed as bytes. The robots.txt URL only appears in its
  log messages; the adapter gives /robots.txt on the checked URL's origin.
- agent: one per check (several are n/a); the library cuts it at the first '/'.
- URL: allowed(url, agent) with the full URL as given (reppy2 keeps path and query).
- deciding line: reppy2 reports none.
The library logs every line it skips; the adapter silences that logging.
"""

import logging
import urllib.parse

from rep_adapter import parsed_once, serve, single_agent, text_or_bytes_body

try:
    from reppy.parser import Rules
except ImportError:
    Rules = None

LIBRARY = "reppy2"


def decide(request):
    agent = single_agent(request, LIBRARY)
    url = request["url"]
    robots_url = urllib.parse.urljoin(url, "/robots.txt")
    body = text_or_bytes_body(request)
    rules = parsed_once((body, robots_url), lambda: Rules(robots_url, 200, body, expires=0))
    return rules.allowed(url, agent), None


if __name__ == "__main__":
    logging.disable(logging.CRITICAL)
    serve(decide, LIBRARY, "reppy2", "reptest adapters install reppy2", loaded=Rules is not None)
