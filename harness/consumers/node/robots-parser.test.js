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
// line starting with `#` is a comment: the format `reptest baseline` writes). A listed check that still misses is reported as TODO; a miss that is
// not listed fails, and so does a listed check that no longer misses (remove its line).
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
  if (suite.format !== 'rep-suite' || suite.format_version !== 1) {
    throw new Error(`${file} is not a rep-suite file of format_version 1`);
  }
  return suite;
}

// Id -> line number. Ids contain `#`, so only a line that starts with one is a comment.
function loadExpectedFailures(file) {
  const listed = new Map();
  if (!fs.existsSync(file)) return listed;
  fs.readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, index) => {
      const id = line.trim();
      if (id === '' || id.startsWith('#')) return;
      if (/\s/.test(id) || !id.includes('#')) {
        throw new Error(`${file}:${index + 1}: \`${id}\` is not a check id (one per line; a line starting with # is a comment)`);
      }
      if (listed.has(id)) {
        throw new Error(`${file}:${index + 1}: ${id} is listed twice (first on line ${listed.get(id)})`);
      }
      listed.set(id, index + 1);
    });
  return listed;
}

const robotsParser = requireRobotsParser();
const suite = loadSuite(SUITE_PATH);
// Rewriting the list starts from nothing, so a broken old list cannot stop it.
const expectedFailures = UPDATE ? new Map() : loadExpectedFailures(EXPECTED_FAILURES_PATH);
const misses = []; // [id, what robots-parser did], for REP_UPDATE_EXPECTED_FAILURES

// Why robots-parser cannot be asked this check, or null.
function whyNotRun(check) {
  if (check.expect[PROFILE] === 'implementation-defined') return 'the RFC leaves this answer open: never scored';
  if (check.agents.length !== 1) return 'robots-parser checks one user-agent at a time';
  if (check.response !== null) return 'a fetch check: robots-parser takes a body, not an HTTP response';
  if (check.body_encoding !== 'text') return 'the body is not UTF-8, and robots-parser takes a string';
  return null;
}

// robots-parser wants the URL of the robots.txt file itself, and answers undefined for a
// URL of another origin: that would be a mistake of this test, so it throws.
function robotsParserAllows(check) {
  const robotsUrl = new URL('/robots.txt', check.url).href;
  const allowed = robotsParser(robotsUrl, check.body).isAllowed(check.url, check.agents[0]);
  if (allowed === undefined) throw new Error(`${check.url} is not covered by ${robotsUrl}`);
  return allowed;
}

function describe(check, got) {
  const body = check.body;
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
    let got, missed;
    try {
      const allowed = robotsParserAllows(check);
      got = `robots-parser says ${allowed ? 'allowed' : 'disallowed'}`;
      missed = allowed !== (check.expect[PROFILE] === 'allowed');
    } catch (error) {
      // a crash on a check is a miss of that check
      got = `robots-parser threw ${error.name}: ${error.message}`;
      missed = true;
    }
    if (UPDATE) {
      if (missed) misses.push([check.id, `expected ${check.expect[PROFILE]}, ${got}`]);
      return;
    }
    if (listed && missed) {
      t.todo(`listed on line ${listed} of ${LIST_NAME}`);
      return;
    }
    if (listed) assert.fail(`${check.id} passes now: remove line ${listed} of ${LIST_NAME}`);
    assert.ok(!missed, describe(check, got));
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
