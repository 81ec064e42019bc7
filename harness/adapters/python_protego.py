#!/usr/bin/env python3
"""reptest adapter for Protego, Scrapy's robots.txt parser, over the JSON-lines protocol.

Install its dependency:   pip install protego
Run it through the harness:

    cargo run -p rep-harness -- run --adapter 'python3 harness/adapters/python_protego.py' --name protego

`--version` prints the installed Protego version (exit 1 with an install hint when it is missing).

Mapping onto Protego's API: the body goes to Protego.parse() as text (a body that is
not UTF-8 has no text form and is answered n/a: Protego only takes str); the check is
can_fetch(url, agent) with the full URL as given (Protego drops the scheme, host and
fragment itself). Protego has no multi-agent question and reports no deciding line.
"""

import json
import sys

try:
    import protego
except ImportError:
    protego = None

INSTALL_HINT = "protego not installed: pip install protego"


def decide(request):
    if "robots_base64" in request:
        # Protego parses text only; any decoding would test the decoder, not Protego.
        return {"unsupported": "Protego takes the body as text and this body is not UTF-8"}
    body = request["robots"]
    agents = request["agents"]
    if len(agents) != 1:
        return {"unsupported": "Protego checks one user-agent at a time"}
    parser = protego.Protego.parse(body)
    return {"allowed": parser.can_fetch(request["url"], agents[0]), "line": None}


def version():
    from importlib.metadata import version as installed

    return f"protego {installed('protego')}"


def main():
    if protego is None:
        sys.stderr.write(INSTALL_HINT + "\n")
        sys.exit(1)
    if sys.argv[1:] == ["--version"]:
        print(version())
        return
    for line in sys.stdin:
        try:
            reply = decide(json.loads(line))
        except Exception as error:  # every failure is an answer, never a dead adapter
            reply = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
