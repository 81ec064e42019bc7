#!/usr/bin/env python3
"""reptest adapter for fastrobots 0.3.0, a robots.txt parser written in Rust with Python bindings.

Install: reptest adapters install fastrobots
   or:   pip install --target ~/.cache/rep/adapters/fastrobots fastrobots==0.3.0
Run:     PYTHONPATH=~/.cache/rep/adapters/fastrobots \\
         cargo reptest run --adapter 'python3 harness/adapters/python_fastrobots.py' --name fastrobots

Mapping onto the library:
- body: Robots.parse() takes text only; a body that is not UTF-8 is answered n/a.
- URL: Robots.allowed(path, agent) takes a path; the adapter turns a full URL into one with
  the library's own url_path(), exactly as its RobotsCache.allowed(url, agent) does. That
  drops the query, so rules about queries never match: a trait of the library's URL
  handling, measured as such. A URL that is already a path is passed as it is.
- agent: one per check (several are n/a).
- deciding line: fastrobots reports none.
"""

from rep_adapter import parsed_once, serve, single_agent, text_body

try:
    from fastrobots import Robots, url_path
except ImportError:
    Robots = None

LIBRARY = "fastrobots"


def decide(request):
    body = text_body(request, LIBRARY)
    agent = single_agent(request, LIBRARY)
    url = request["url"]
    path = url if url.startswith("/") else url_path(url)
    return parsed_once(body, lambda: Robots.parse(body)).allowed(path, agent), None


if __name__ == "__main__":
    serve(decide, LIBRARY, "fastrobots", "reptest adapters install fastrobots", loaded=Robots is not None)
