"""The words of a failure: what the check holds the parser to, the question, the body with
numbered lines, and the command that shows the check anywhere (`reptest show <check-id>`)."""

import re

# Lines of a body shown, and characters of one line.
BODY_LINES = 12
LINE_WIDTH = 100
# A line ends at LF, CR LF or a CR alone, as the suite's matcher numbers lines.
LINE_END = re.compile(rb"\r\n|\r|\n")


def held_to(check, profile):
    """`RFC 9309 §2.2.2 MUST` (with the reading that settles a contested point, if any), or
    Google's parser under the google profile."""
    if profile == "google":
        return "Google's parser (google profile)"
    text = "RFC 9309"
    if check.clause:
        text += f" §{check.clause}"
        if check.level:
            text += f" {check.level}"
    if check.reading:
        text += f", reading `{check.reading}`"
    return text


def printable(data):
    """Bytes shown as text: control characters and bytes that are not UTF-8 as escapes, so
    nothing in a body can move the cursor or fake a line."""
    text = data.decode("utf-8", errors="backslashreplace")
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def numbered_body(body):
    """The first lines of `body`, numbered from 1, each cut at LINE_WIDTH characters."""
    lines = LINE_END.split(body)
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        return ["      (empty)"]
    shown = []
    for number, line in enumerate(lines[:BODY_LINES], start=1):
        text = printable(line)
        if len(text) > LINE_WIDTH:
            text = f"{text[:LINE_WIDTH]}… ({len(line)} bytes)"
        shown.append(f"  {number:>4} | {text}")
    if len(lines) > BODY_LINES:
        shown.append(f"       … {len(lines) - BODY_LINES} more lines ({len(body)} bytes in all)")
    return shown


def reproduce(check):
    return f"reptest show {check.id}"


def failure(check, profile, outcome, list_name):
    """The message of a new miss."""
    lines = [
        f"{check.id}: expected {check.expect[profile]}, {outcome.got}",
        f"  held to:   {held_to(check, profile)}",
        f"  agent:     {', '.join(check.agents)}",
        f"  url:       {printable(check.url.encode('utf-8'))}",
        "  body:",
        *numbered_body(check.body),
        f"  why:       {' '.join(check.why.split())}",
        f"  case:      {check.file}:{check.line} of the rep repository",
        f"  reproduce: {reproduce(check)}",
        f"A known miss? Add this line to {list_name}:",
        check.id,
    ]
    return "\n".join(lines)


def stale(check, outcome, list_name):
    """The message of a listed check that no longer misses."""
    return f"{check.id} does not miss now ({outcome.got}): remove line {outcome.listed} of {list_name}"
