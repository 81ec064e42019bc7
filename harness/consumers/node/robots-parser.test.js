// The rep robots.txt conformance suite, run against the npm package robots-parser.
//
// This file needs only the suite's JSON export (rep-suite.json, written by `reptest export`)
// and Node's own test runner (node:test, Node 18 or later); it is written to be copied into a
// parser's own test directory. One test per check of the suite, named by the check's id,
// scored against the `rfc` expectations (RFC 9309 as written).
//
//     npm install --prefix ~/.cache/rep/consumers/node robots-parser@3.0.1
//     NODE_PATH=~/.cache/rep/consumers/node/node_modules node --test harness/consumers/node/
//
// Known misses are listed by id in expected-failures.txt beside this file (one id per line, a
// line starting with `#` is a comment: the format `reptest baseline` writes). A listed check that
// still misses is reported as TODO; a miss that is not listed fails, and so does a listed check
// that no longer misses (remove its line). A check whose expectation is implementation-defined
// is asked too: its verdict is not scored, but an exception there is a miss, as `reptest` counts it.
// A wrong verdict on a check whose clause is a SHOULD or a MAY is a departure, a lesser mark than a
// MUST miss: without a list file it is skipped with that label; with one, a departure the list does
// not name fails like a miss, so a change is caught (as `reptest run --expected-failures` does).
// To write the list from the misses of the parser as it is now, run once with
// REP_UPDATE_EXPECTED_FAILURES=1.
//
// Environment:
//   REP_SUITE_JSON          the export (default: cases/export/rep-suite.json of this repository)
//   REP_EXPECTED_FAILURES   the list (default: expected-failures.txt beside this file)

'use strict';

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const SUITE_PATH = process.env.REP_SUITE_JSON || path.join(__dirname, '../../../cases/export/rep-suite.json');
const EXPECTED_FAILURES_PATH = process.env.REP_EXPECTED_FAILURES || path.join(__dirname, 'expected-failures.txt');
const LIST_NAME = path.basename(EXPECTED_FAILURES_PATH);
const UPDATE = process.env.REP_UPDATE_EXPECTED_FAILURES === '1';
// robots-parser describes itself as following the specification, so it is scored against
// RFC 9309 as written, not against Google's parser.
const PROFILE = 'rfc';
const BODY_SHOWN = 240;

function requireRobotsParser() {
  try {
    return require('robots-parser');
  } catch (error) {
    if (error.code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      'robots-parser is not installed where Node looks: npm install --prefix ~/.cache/rep/consumers/node ' +
        'robots-parser@3.0.1, then run with NODE_PATH=~/.cache/rep/consumers/node/node_modules',
    );
  }
}

function loadSuite(file) {
  const suite = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (suite.format !== 'rep-suite' || suite.format_version !== 2) {
    throw new Error(`${file} is not a rep-suite file of format_version 2`);
  }
  return suite;
}

// A body of the export: its parts in order, each `times` times (1 when absent).
function bodyBytes(parts) {
  return Buffer.concat(
    parts.flatMap((part) => {
      const piece = 'text' in part ? Buffer.from(part.text, 'utf8') : Buffer.from(part.base64, 'base64');
      return Array(part.times ?? 1).fill(piece);
    }),
  );
}

// White space as the list format counts it: Unicode's White_Space property, which is what
// `reptest` trims (JavaScript's trim() and \s differ: they take U+FEFF and leave U+0085).
const WHITE_SPACE = new Set([
  '\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000',
]);

function trimWhiteSpace(line) {
  const chars = [...line];
  let start = 0;
  let end = chars.length;
  while (start < end && WHITE_SPACE.has(chars[start])) start += 1;
  while (end > start && WHITE_SPACE.has(chars[end - 1])) end -= 1;
  return chars.slice(start, end).join('');
}

// {ids: Map id -> line, problems: [[line, 'not-an-id' | 'listed-twice', first line or null]]}.
// Lines end at LF (a CR before it is white space); a line that starts with `#` is a comment; an id
// is `<case id>/<check name>`: a `/`, no `#`, no white space.
// cases/export/expected-failures-vectors.json holds the rules' test vectors.
function parseExpectedFailures(text) {
  const ids = new Map();
  const problems = [];
  text.split('\n').forEach((line, index) => {
    const id = trimWhiteSpace(line);
    if (id === '' || id.startsWith('#')) return;
    if ([...id].some((c) => WHITE_SPACE.has(c) || c === '#') || !id.includes('/')) {
      problems.push([index + 1, 'not-an-id', null]);
    } else if (ids.has(id)) {
      problems.push([index + 1, 'listed-twice', ids.get(id)]);
    } else {
      ids.set(id, index + 1);
    }
  });
  return { ids, problems };
}

// Id -> line number; every line that is wrong is reported at once.
function loadExpectedFailures(file) {
  if (!fs.existsSync(file)) return new Map();
  const text = fs.readFileSync(file, 'utf8');
  const { ids, problems } = parseExpectedFailures(text);
  if (problems.length > 0) {
    const lines = text.split('\n');
    const said = problems.map(([line, kind, first]) => {
      const written = trimWhiteSpace(lines[line - 1]);
      return kind === 'listed-twice'
        ? `${file}:${line}: ${written} is listed twice (first on line ${first})`
        : `${file}:${line}: \`${written}\` is not a check id (one per line; a line starting with # is a comment; ` +
          'a numbered id of suite 3.x is upgraded by `reptest baseline --upgrade FILE`)';
    });
    throw new Error(said.join('\n'));
  }
  return ids;
}

module.exports = { parseExpectedFailures };

// The suite's tests are defined only when this file is the one run (node --test runs each
// file in a process of its own), not when another file requires it for its list reader.
if (require.main === module) defineTests();

function defineTests() {
  const robotsParser = requireRobotsParser();
  const suite = loadSuite(SUITE_PATH);
  // Rewriting the list starts from nothing, so a broken old list cannot stop it.
  const expectedFailures = UPDATE ? new Map() : loadExpectedFailures(EXPECTED_FAILURES_PATH);
  const listGiven = UPDATE || fs.existsSync(EXPECTED_FAILURES_PATH);
  const misses = []; // [id, what robots-parser did], for REP_UPDATE_EXPECTED_FAILURES

  const bodies = new Map(Object.entries(suite.bodies).map(([key, parts]) => [key, bodyBytes(parts)]));
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  // The check's body as text, or null when it is not UTF-8.
  function bodyText(check) {
    try {
      return utf8.decode(bodies.get(check.body));
    } catch {
      return null;
    }
  }

  // The capability tags (each check's `tags`) of what robots-parser's API cannot take, with why.
  const CANNOT_TAKE = new Map([
    ['multi-agent', 'robots-parser checks one user-agent at a time'],
    ['fetch', 'a fetch check: robots-parser takes a body, not an HTTP response'],
    ['non-utf8-body', 'the body is not UTF-8, and robots-parser takes a string'],
  ]);

  // Why robots-parser cannot be asked this check, or null.
  function whyNotRun(check) {
    const tag = check.tags.find((own) => CANNOT_TAKE.has(own));
    return tag === undefined ? null : CANNOT_TAKE.get(tag);
  }

  // robots-parser wants the URL of the robots.txt file itself, and answers undefined for a
  // URL of another origin: that would be a mistake of this test, so it throws.
  function robotsParserAllows(check) {
    const robotsUrl = new URL('/robots.txt', check.url).href;
    const allowed = robotsParser(robotsUrl, bodyText(check)).isAllowed(check.url, check.agents[0]);
    if (allowed === undefined) throw new Error(`${check.url} is not covered by ${robotsUrl}`);
    return allowed;
  }

  // 'SHOULD' or 'MAY' when missing this check departs from a clause of that level, else null.
  function departure(check) {
    const level = check.basis.level;
    return PROFILE === 'rfc' && (level === 'SHOULD' || level === 'MAY') ? level : null;
  }

  function describe(check, got) {
    const body = bodyText(check);
    const shown = JSON.stringify(body.slice(0, BODY_SHOWN)) + (body.length > BODY_SHOWN ? `... (${body.length} characters)` : '');
    return [
      `${check.id}: expected ${check.expect[PROFILE]}, ${got}`,
      `  agents: ${check.agents.join(', ')}`,
      `  url:    ${check.url}`,
      `  body:   ${shown}`,
      `  case:   ${check.file}:${check.line} (${check.why.split(/\s+/).join(' ')})`,
      `A known miss? Add this line to ${LIST_NAME}:`,
      check.id,
    ].join('\n');
  }

  test('expected failures name only checks of this suite', () => {
    const known = new Set(suite.checks.map((check) => check.id));
    const unknown = [...expectedFailures].filter(([id]) => !known.has(id)).map(([id, line]) => `line ${line}: ${id}`);
    assert.deepEqual(
      unknown,
      [],
      `${LIST_NAME} names checks that rep-suite ${suite.suite_version} does not have ` +
        `(renamed or removed? see the suite's CHANGES.md); remove or rename them`,
    );
  });

  for (const check of suite.checks) {
    test(check.id, (t) => {
      const listed = expectedFailures.get(check.id);
      const reason = whyNotRun(check);
      if (reason !== null) {
        if (listed && !UPDATE) assert.fail(`${check.id} is never run here (${reason}): remove line ${listed} of ${LIST_NAME}`);
        t.skip(reason);
        return;
      }
      const expectation = check.expect[PROFILE];
      // Implementation-defined: the RFC leaves the verdict open, so it is not scored; an
      // exception is still a miss, as reptest counts it.
      const scored = expectation !== 'implementation-defined';
      let got, missed, level;
      try {
        const allowed = robotsParserAllows(check);
        got = `robots-parser says ${allowed ? 'allowed' : 'disallowed'}`;
        missed = scored && allowed !== (expectation === 'allowed');
        level = departure(check);
        if (level) got += ` (a departure from a ${level})`;
      } catch (error) {
        // a crash on a check is a miss of that check, whatever its level
        got = `robots-parser threw ${error.name}: ${error.message}`;
        missed = true;
        level = null;
      }
      if (UPDATE) {
        if (missed) misses.push([check.id, `expected ${expectation}, ${got}`]);
        return;
      }
      if (listed && missed) {
        t.todo(`listed on line ${listed} of ${LIST_NAME}`);
        return;
      }
      if (listed) {
        const now = scored ? 'passes now' : `is implementation-defined and answered (${got}), so never missed`;
        assert.fail(`${check.id} ${now}: remove line ${listed} of ${LIST_NAME}`);
      }
      if (missed && level && !listGiven) {
        t.skip(`${got}: a ${level} departure, not a failure`);
        return;
      }
      assert.ok(!missed, describe(check, got));
      if (!scored) t.skip(`implementation-defined under ${PROFILE}: ${got}, not scored`);
    });
  }

  after(() => {
    if (!UPDATE) return;
    const version = require('robots-parser/package.json').version;
    const lines = [
      `# robots-parser ${version} on Node ${process.versions.node}, rep-suite ${suite.suite_version}, ${PROFILE} profile`,
      '# Written by REP_UPDATE_EXPECTED_FAILURES=1; one check id per line.',
      ...misses.map(([id, got]) => `# ${got}\n${id}`),
    ];
    fs.writeFileSync(EXPECTED_FAILURES_PATH, lines.join('\n') + '\n');
  });
}
