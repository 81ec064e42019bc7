"""The adapter protocol of harness/adapters/README.md, shared by the Python adapters.

An adapter module imports its library (None when the import fails), defines
decide(request) -> (allowed, line) and calls serve(). decide may raise
Unsupported for a check its library cannot answer; any other exception becomes
that check's error answer, so one bad check never ends the adapter.
"""

import base64
import json
import sys
from importlib.metadata import version as installed_version


class Unsupported(Exception):
    """Raised by decide() for a check the library cannot answer (reported as n/a)."""


def text_body(request, library):
    """The body as text; Unsupported when it is not UTF-8, for libraries that
    parse text only (decoding it some other way would test the decoding)."""
    if "robots_base64" in request:
        raise Unsupported(f"{library} takes the body as text and this body is not UTF-8")
    return request["robots"]


def text_or_bytes_body(request):
    """The body as text when it is UTF-8, else as bytes: for libraries that
    take either (a caller holding text passes text)."""
    if "robots_base64" in request:
        return base64.b64decode(request["robots_base64"], validate=True)
    return request["robots"]


def single_agent(request, library):
    """The one agent of the check; Unsupported when there are several, for
    libraries without a multi-agent question."""
    agents = request["agents"]
    if len(agents) != 1:
        raise Unsupported(f"{library} checks one user-agent at a time")
    return agents[0]


_parsed = {}


def parsed_once(key, parse):
    """What `parse()` builds, built again only when `key` (the body, and
    whatever else the parsed object depends on) differs from the previous
    call's: a client asks many checks of one body in a row, and parsing it
    for each would measure the parser's speed instead of its answers."""
    if _parsed.get("key") != key:
        _parsed["value"] = parse()
        _parsed["key"] = key
    return _parsed["value"]


def answer(line, decide):
    """The answer object for one request line, echoing the request's id."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"id": None, "error": f"unreadable request: {error}"}
    reply = {"id": request["id"]} if isinstance(request, dict) and "id" in request else {}
    try:
        allowed, deciding_line = decide(request)
        reply.update(allowed=bool(allowed), line=deciding_line)
    except Unsupported as why:
        reply["unsupported"] = str(why)
    except Exception as error:  # every failure is an answer, never a dead adapter
        reply["error"] = f"{type(error).__name__}: {error}"
    return reply


def serve(decide, library, distribution, install_hint, loaded=True):
    """Run the adapter: `--version` (the last argument) prints "<library> <version>" (the version of
    the installed `distribution`, or of Python when it is None); otherwise
    every request line on stdin gets one answer line on stdout, flushed.
    When the library could not be imported (`loaded` false) both exit 1
    with `install_hint` on stderr."""
    if not loaded:
        sys.stderr.write(f"{library} is not installed: {install_hint}\n")
        sys.exit(1)
    if len(sys.argv) > 1 and sys.argv[-1] == "--version":
        version = installed_version(distribution) if distribution else sys.version.split()[0]
        print(f"{library} {version}")
        return
    for line in sys.stdin:
        sys.stdout.write(json.dumps(answer(line, decide)) + "\n")
        sys.stdout.flush()
