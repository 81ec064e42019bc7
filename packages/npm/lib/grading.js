// Asking a parser one check and grading its answer, by the rules `reptest run` follows.
//
// A check's expectation under the chosen profile is `allowed`, `disallowed` or
// `implementation-defined`. The implementation-defined ones are asked too: their verdict is not
// scored, but an exception there is a miss. Under the `rfc` profile a wrong verdict on a check
// whose clause is a SHOULD or a MAY is a departure, a lesser mark than a MUST miss: without an
// expected-failures list it is reported and skipped; with a list, a departure the list does not
// name fails like a miss. A listed check that no longer misses (passes, is not scored, or is not
// asked) fails too, so the list only ever shrinks.

'use strict';

const PROFILES = ['rfc', 'google'];

/** Throw it from your check function for a check your parser's API cannot take (not asked, never a miss). */
class Unsupported extends Error {}

// What the check function cannot be given, by capability tag, with why. It takes one robots.txt
// body, one agent and one URL.
const NEVER_ASKED = new Map([
  ['multi-agent', 'the check function takes one agent, and this check names several'],
  ['fetch', 'a fetch check: the check function takes a body, not an HTTP response'],
]);
const NOT_TEXT = "the body is not UTF-8, and the check function takes a string ({body: 'bytes'} gives it a Buffer)";

// Why the check function is not given this check at all, or null.
function whyNotAsked(check, bodyAsBytes) {
  const tag = check.tags.find((own) => NEVER_ASKED.has(own));
  if (tag !== undefined) return NEVER_ASKED.get(tag);
  if (!bodyAsBytes && check.bodyText === null) return NOT_TEXT;
  return null;
}

// The check function's answer: {verdict: 'allowed' | 'disallowed'}, {raised: text} or {unsupported: why}.
async function ask(fn, check, bodyAsBytes) {
  const reason = whyNotAsked(check, bodyAsBytes);
  if (reason !== null) return { unsupported: reason };
  let allowed;
  try {
    allowed = await fn(bodyAsBytes ? check.body : check.bodyText, check.agents[0], check.url);
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.message || 'the check function threw Unsupported' };
    // a crash on a check is a miss of that check, whatever its level
    return { raised: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  if (typeof allowed !== 'boolean') {
    return { raised: `TypeError: the check function returned ${String(allowed)}, not true or false` };
  }
  return { verdict: allowed ? 'allowed' : 'disallowed' };
}

function words(answer, parser) {
  if (answer.raised !== undefined) return `${parser} threw ${answer.raised}`;
  if (answer.unsupported !== undefined) return `not asked: ${answer.unsupported}`;
  return `${parser} says ${answer.verdict}`;
}

// Outcome kinds.
const PASSED = 'passed';
const NOT_SCORED = 'not-scored';
const NOT_ASKED = 'not-asked';
const DEPARTURE = 'departure';
const EXPECTED_MISS = 'expected-miss';
const NEW_MISS = 'new-miss';
const STALE = 'stale';

// The outcome {kind, got, missed, listed} of `answer` to `check` under `profile`; `listed` is the
// check's line in the list (undefined when not listed), `listGiven` whether there is a list.
function grade(check, profile, answer, parser, listed, listGiven) {
  const expectation = check.expect[profile];
  let got = words(answer, parser);
  if (answer.unsupported !== undefined) return { kind: listed ? STALE : NOT_ASKED, got, missed: false, listed };
  const scored = expectation !== 'implementation-defined';
  let missed;
  let departure = null;
  if (answer.raised !== undefined) {
    missed = true;
  } else {
    if (!scored) got += `; implementation-defined under ${profile}, not scored`;
    missed = scored && answer.verdict !== expectation;
    if (missed && profile === 'rfc' && (check.level === 'SHOULD' || check.level === 'MAY')) {
      departure = check.level;
      got += ` (a departure from a ${departure})`;
    }
  }
  if (listed) return { kind: missed ? EXPECTED_MISS : STALE, got, missed, listed };
  if (missed) return { kind: departure && !listGiven ? DEPARTURE : NEW_MISS, got, missed: true };
  return { kind: scored ? PASSED : NOT_SCORED, got, missed: false };
}

module.exports = {
  PROFILES, Unsupported, ask, grade, PASSED, NOT_SCORED, NOT_ASKED, DEPARTURE, EXPECTED_MISS, NEW_MISS, STALE,
};
