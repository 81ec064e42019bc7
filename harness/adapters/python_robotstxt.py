#!/usr/bin/env python3
"""reptest adapter for the PyPI package robotstxt 1.1.2 (module `robotstxt`, RobotsFile).

Install: reptest adapters install robotstxt-py
   or:   pip install --target ~/.cache/rep/adapters/robotstxt-py robotstxt==1.1.2
Run:     PYTHONPATH=~/.cache/rep/adapters/robotstxt-py \\
         cargo reptest run --adapter 'python3 harness/adapters/python_robotstxt.py' --name robotstxt-py

Mapping onto the library:
- body: RobotsFile(text) takes text only; a body that is not UTF-8 is answered n/a.
- agent: one per check (several are n/a), as test_url's token.
- URL: test_url(url, token) with the full URL as given, as in the README (it keeps path
  and query of an http(s) URL). It takes nothing else (its get_url_path gives None for a
  URL without scheme and host, and test_url then fails), so a bare path is answered n/a.
- deciding line: test_url names the deciding rule's text, not its line, so none is reported.
"""

from rep_adapter import Unsupported, parsed_once, serve, single_agent, text_body

try:
    from robotstxt import RobotsFile
except ImportError:
    RobotsFile = None

LIBRARY = "robotstxt"


def decide(request):
    body = text_body(request, LIBRARY)
    agent = single_agent(request, LIBRARY)
    if request["url"].startswith("/"):
        raise Unsupported("robotstxt's test_url takes an absolute http(s) URL, not a bare path")
    return not parsed_once(body, lambda: RobotsFile(body)).test_url(request["url"], agent)["disallowed"], None


if __name__ == "__main__":
    serve(decide, LIBRARY, "robotstxt", "reptest adapters install robotstxt-py", loaded=RobotsFile is not None)
