"""Asking a parser one check and grading its answer, by the rules `reptest run` follows.

A check's expectation under the chosen profile is `allowed`, `disallowed` or
`implementation-defined`. The implementation-defined ones are asked too: their verdict is not
scored, but an exception there is a miss. Under the `rfc` profile a wrong verdict on a check
whose clause is a SHOULD or a MAY is a departure, a lesser mark than a MUST miss: without an
expected-failures list it is reported and skipped; with a list, a departure the list does not
name fails like a miss. A listed check that no longer misses (passes, is not scored, or is not
asked) fails too, so the list only ever shrinks."""

from dataclasses import dataclass

PROFILES = ("rfc", "google")

# Outcome kinds, and whether each fails the run.
PASSED = "passed"
NOT_SCORED = "not-scored"
NOT_ASKED = "not-asked"
DEPARTURE = "departure"
EXPECTED_MISS = "expected-miss"
NEW_MISS = "new-miss"
STALE = "stale"
FAILING = frozenset({NEW_MISS, STALE})


class Unsupported(Exception):
    """Raise it from your parser function for a check your parser's API cannot take; the
    message says why. Such a check is not asked, never a miss (a listed one is stale)."""


# What the parser function cannot be given, by capability tag, with why. The function takes one
# robots.txt body, one agent and one URL.
NEVER_ASKED = {
    "multi-agent": "the parser function takes one agent, and this check names several",
    "fetch": "a fetch check: the parser function takes a body, not an HTTP response",
}
NOT_TEXT = "the body is not UTF-8, and the parser function takes text (--robots-body bytes gives it bytes)"


@dataclass(frozen=True)
class Answer:
    """What the parser function did: `verdict` is "allowed" or "disallowed", or None when it
    raised (`raised` then says what) or is not asked (`unsupported` says why)."""

    verdict: object = None
    raised: object = None
    unsupported: object = None

    def words(self, parser):
        if self.raised is not None:
            return f"{parser} raised {self.raised}"
        if self.unsupported is not None:
            return f"not asked: {self.unsupported}"
        return f"{parser} says {self.verdict}"


def why_not_asked(check, body_as_bytes):
    """Why the parser function is not given this check at all, or None."""
    reason = next((NEVER_ASKED[tag] for tag in check.tags if tag in NEVER_ASKED), None)
    if reason is None and not body_as_bytes and check.body_text() is None:
        reason = NOT_TEXT
    return reason


def ask(function, check, body_as_bytes):
    """The parser function's answer to `check`: called as function(body, agent, url), where
    body is bytes with `body_as_bytes`, else text."""
    reason = why_not_asked(check, body_as_bytes)
    if reason is not None:
        return Answer(unsupported=reason)
    body = check.body if body_as_bytes else check.body_text()
    try:
        allowed = function(body, check.agents[0], check.url)
    except Unsupported as why:
        return Answer(unsupported=str(why) or "the parser function raised Unsupported")
    except Exception as error:  # a crash on a check is a miss of that check, whatever its level
        return Answer(raised=f"{type(error).__name__}: {error}")
    if not isinstance(allowed, bool):
        return Answer(raised=f"TypeError: the parser function returned {allowed!r}, not True or False")
    return Answer(verdict="allowed" if allowed else "disallowed")


@dataclass(frozen=True)
class Outcome:
    kind: str
    # The answer in words, e.g. "protego says disallowed (a departure from a SHOULD)".
    got: str
    # For a list being written: whether the check belongs in it.
    missed: bool
    # Set for EXPECTED_MISS and STALE: the list line concerned.
    listed: object = None


def grade(check, profile, answer, parser, listed, list_given):
    """The outcome of `answer` to `check` under `profile`; `listed` is the check's line in the
    expected-failures list (None when not listed), `list_given` whether there is a list."""
    expectation = check.expect[profile]
    got = answer.words(parser)
    if answer.unsupported is not None:
        return Outcome(STALE if listed else NOT_ASKED, got, False, listed)
    scored = expectation != "implementation-defined"
    if not scored and answer.raised is None:
        got += f"; implementation-defined under {profile}, not scored"
    departure = None
    if answer.raised is not None:
        missed = True
    else:
        missed = scored and answer.verdict != expectation
        if missed and profile == "rfc" and check.level in ("SHOULD", "MAY"):
            departure = check.level
            got += f" (a departure from a {departure})"
    if listed:
        return Outcome(EXPECTED_MISS if missed else STALE, got, missed, listed)
    if missed:
        return Outcome(DEPARTURE if departure and not list_given else NEW_MISS, got, True)
    return Outcome(PASSED if scored else NOT_SCORED, got, False)
