#!/usr/bin/env python3
"""reptest adapter for Protego 0.7.0, Scrapy's robots.txt parser.

Install: reptest adapters install protego
   or:   pip install --target ~/.cache/rep/adapters/protego protego==0.7.0
Run:     PYTHONPATH=~/.cache/rep/adapters/protego \\
         cargo reptest run --adapter 'python3 harness/adapters/python_protego.py' --name protego

Mapping onto the library:
- body: Protego.parse() takes text only; a body that is not UTF-8 is answered n/a.
- agent: one per check (several are n/a), as can_fetch's user_agent.
- URL: can_fetch(url, agent) with the full URL as given (Protego drops scheme, host and
  fragment itself).
- deciding line: Protego reports none.
"""

from rep_adapter import parsed_once, serve, single_agent, text_body

try:
    from protego import Protego
except ImportError:
    Protego = None

LIBRARY = "protego"


def decide(request):
    body = text_body(request, LIBRARY)
    agent = single_agent(request, LIBRARY)
    return parsed_once(body, lambda: Protego.parse(body)).can_fetch(request["url"], agent), None


if __name__ == "__main__":
    serve(
        decide,
        LIBRARY,
        "protego",
        "reptest adapters install protego",
        loaded=Protego is not None,
    )
