#!/usr/bin/env python3
"""reptest adapter for CPython's urllib.robotparser, over the JSON-lines protocol.

Run it through the harness:

    cargo run -p rep-harness -- run --adapter 'python3 harness/adapters/python_robotparser.py'

Protocol (one line each way per check):
  request:  {"robots": TEXT} or {"robots_base64": B64}, plus "agents": [..], "url": URL
  response: {"allowed": BOOL, "line": null}   (robotparser cannot say which line decided)
            {"unsupported": WHY}              (a check it cannot answer: reported as n/a)
            {"error": WHY}                    (anything that went wrong: reported as an error)
"""

import base64
import json
import sys
import urllib.robotparser


def decide(request):
    if "robots_base64" in request:
        body = base64.b64decode(request["robots_base64"]).decode("utf-8", errors="replace")
    else:
        body = request["robots"]
    agents = request["agents"]
    if len(agents) != 1:
        return {"unsupported": "urllib.robotparser checks one user-agent at a time"}
    parser = urllib.robotparser.RobotFileParser()
    # splitlines() also ends lines at a lone CR, as RFC 9309 does.
    parser.parse(body.splitlines())
    return {"allowed": parser.can_fetch(agents[0], request["url"]), "line": None}


def main():
    for line in sys.stdin:
        try:
            reply = decide(json.loads(line))
        except Exception as error:  # every failure is an answer, never a dead adapter
            reply = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
