#!/usr/bin/env python3
"""reptest adapter for robotspy 0.13.0 (PyPI `robotspy`, module `robots`).

Install: reptest adapters install robotspy
   or:   pip install --target ~/.cache/rep/adapters/robotspy robotspy==0.13.0
Run:     PYTHONPATH=~/.cache/rep/adapters/robotspy \\
         cargo reptest run --adapter 'python3 harness/adapters/python_robotspy.py' --name robotspy

Mapping onto the library:
- body: RobotsParser.from_string() takes text only; a body that is not UTF-8 is n/a.
- agent: one per check (several are n/a), as can_fetch's useragent.
- URL: can_fetch(agent, url) with the full URL as given (the parser was given no robots.txt
  URL, so it compares no host and keeps only the path and query).
- deciding line: robotspy reports none.
- run to run: robotspy's answer can depend on Python's hash seed. When a group names several
  agents, update_rules() walks list(set(agents)) and hands the rules of an agent seen before to
  the agents after it, so which agents inherit them follows set order
  ("User-agent: *\nDisallow: /user/\nUser-agent: Pinterest\nUser-agent: *\n": Pinterest may
  fetch /user/ under PYTHONHASHSEED=0 and may not under 1). reptest runs every Python adapter
  with PYTHONHASHSEED=0 so that reports agree.
"""

from rep_adapter import parsed_once, serve, single_agent, text_body

try:
    from robots import RobotsParser
except ImportError:
    RobotsParser = None

LIBRARY = "robotspy"


def decide(request):
    body = text_body(request, LIBRARY)
    agent = single_agent(request, LIBRARY)
    return parsed_once(body, lambda: RobotsParser.from_string(body)).can_fetch(agent, request["url"]), None


if __name__ == "__main__":
    serve(
        decide,
        LIBRARY,
        "robotspy",
        "reptest adapters install robotspy",
        loaded=RobotsParser is not None,
    )
