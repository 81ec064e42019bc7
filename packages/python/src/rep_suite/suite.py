"""Reading the exported suite (rep-suite.json, format_version 2) into checks."""

import base64
import json
from dataclasses import dataclass, field
from importlib import resources

FORMAT_VERSION = 2
# The file the wheel carries: cases/export/rep-suite.json of the release, copied in by
# packages/build (it is not kept twice in the repository).
EMBEDDED_NAME = "rep-suite.json"


class SuiteError(Exception):
    """The suite file is missing or is not a rep-suite export this package reads."""


@dataclass(frozen=True)
class Check:
    """One question: given `body`, may a crawler that identifies itself with `agents` fetch `url`?"""

    id: str
    tags: tuple
    file: str
    line: int
    why: str
    agents: tuple
    url: str
    expect: dict  # profile name -> "allowed" | "disallowed" | "implementation-defined"
    clause: object  # RFC 9309 section, e.g. "2.2.2", or None
    level: object  # "MUST" | "SHOULD" | "MAY" or None
    reading: object  # id of the reading that settles a contested point, or None
    body: bytes = field(repr=False)
    fetch: bool = False  # a fetch check: the body is an HTTP response's, with a status and more

    def body_text(self):
        """The body as text, or None when it is not UTF-8."""
        try:
            return self.body.decode("utf-8")
        except UnicodeDecodeError:
            return None


@dataclass(frozen=True)
class Suite:
    version: str
    checks: tuple
    source: str  # where it was read from, for messages


def body_bytes(parts):
    """A body of the export: its parts in order, each `times` times (1 when absent)."""
    pieces = []
    for part in parts:
        piece = part["text"].encode("utf-8") if "text" in part else base64.b64decode(part["base64"], validate=True)
        pieces.append(piece * part.get("times", 1))
    return b"".join(pieces)


def read_suite(text, source):
    """The suite in `text`, an export's JSON; `source` names it in errors."""
    try:
        document = json.loads(text)
    except ValueError as error:
        raise SuiteError(f"{source}: not JSON ({error})") from None
    if not isinstance(document, dict) or document.get("format") != "rep-suite":
        raise SuiteError(f"{source}: not a rep-suite export (no \"format\": \"rep-suite\")")
    if document.get("format_version") != FORMAT_VERSION:
        raise SuiteError(
            f"{source}: format_version {document.get('format_version')!r}, this package reads {FORMAT_VERSION}"
        )
    try:
        bodies = {key: body_bytes(parts) for key, parts in document["bodies"].items()}
        checks = tuple(
            Check(
                id=entry["id"],
                tags=tuple(entry["tags"]),
                file=entry["file"],
                line=entry["line"],
                why=entry["why"],
                agents=tuple(entry["agents"]),
                url=entry["url"],
                expect=dict(entry["expect"]),
                clause=entry["basis"]["clause"],
                level=entry["basis"]["level"],
                reading=entry["basis"]["reading"],
                body=bodies[entry["body"]],
                fetch=entry.get("response") is not None,
            )
            for entry in document["checks"]
        )
    except (KeyError, TypeError, ValueError) as error:
        raise SuiteError(f"{source}: a check or body is malformed ({type(error).__name__}: {error})") from None
    return Suite(version=document["suite_version"], checks=checks, source=source)


def load_suite(path=None):
    """The suite at `path`, or the one this package carries when `path` is None."""
    if path is not None:
        try:
            with open(path, encoding="utf-8") as file:
                return read_suite(file.read(), str(path))
        except OSError as error:
            raise SuiteError(f"{path}: cannot read it ({error.strerror})") from None
    embedded = resources.files(__package__) / EMBEDDED_NAME
    if not embedded.is_file():
        raise SuiteError(
            f"this copy of rep_suite carries no {EMBEDDED_NAME} (a source checkout, not the built package): "
            "build it with packages/build, or name an export with --robots-suite FILE"
        )
    return read_suite(embedded.read_text(encoding="utf-8"), f"rep_suite/{EMBEDDED_NAME}")
