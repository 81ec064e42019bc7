// robots-conformance-suite: the rep robots.txt (RFC 9309) conformance suite for node:test.
//
//   const { runSuite } = require('robots-conformance-suite');
//   runSuite((body, agent, url) => myParser(body).isAllowed(url, agent), {
//     expectedFailures: path.join(__dirname, 'expected-failures.txt'),
//   });
//
// defines one node:test test that asks every check of the suite and reports in a few subtests:
// the new misses grouped by what they are held to (each group one failing subtest listing its
// checks), stale list lines, and one line each for what passed, was listed, departed, was not
// scored or not asked. README.md has the rules.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const { loadSuite, readSuite } = require('./lib/suite');
const { parseExpectedFailures, loadExpectedFailures } = require('./lib/expected');
const grading = require('./lib/grading');
const describe = require('./lib/describe');

const { Unsupported } = grading;
const LIST_HEADER = '# Written with REP_UPDATE_EXPECTED_FAILURES=1 (runSuite); one check id per line.';

// An error whose report is its message alone: the stack of this package says nothing about the parser.
function failure(message) {
  const error = new Error(message);
  error.stack = message;
  return error;
}

function settings(options) {
  const profile = options.profile ?? 'rfc';
  if (!grading.PROFILES.includes(profile)) throw failure(`profile ${JSON.stringify(profile)}: give 'rfc' or 'google'`);
  const body = options.body ?? 'text';
  if (body !== 'text' && body !== 'bytes') throw failure(`body ${JSON.stringify(body)}: give 'text' or 'bytes'`);
  const update = options.update ?? process.env.REP_UPDATE_EXPECTED_FAILURES === '1';
  const listFile = options.expectedFailures;
  if (update && !listFile) throw failure('updating the list needs {expectedFailures: FILE} to write');
  if (listFile && !update && !fs.existsSync(listFile)) {
    throw failure(
      `${listFile}: no such file (write it once with REP_UPDATE_EXPECTED_FAILURES=1, or leave expectedFailures out)`,
    );
  }
  const suite = loadSuite(options.suite);
  // Writing the list starts from nothing, so a broken old list cannot stop it.
  const listed = listFile && !update ? loadExpectedFailures(listFile) : new Map();
  return {
    profile,
    bodyAsBytes: body === 'bytes',
    update,
    listFile,
    listName: listFile ? path.basename(listFile) : 'an expected-failures file',
    listed,
    suite,
  };
}

function countOf(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Runs the suite as one node:test test against `check(body, agent, url) -> boolean` (or a
 * promise of one; true: allowed). Throw `Unsupported` from it for a check your API cannot take.
 * Options: expectedFailures (a list file), profile ('rfc' | 'google'), body ('text' | 'bytes'),
 * suite (another export), update (write the list; default: REP_UPDATE_EXPECTED_FAILURES=1),
 * name (the parser's name in messages; default: the function's name).
 */
function runSuite(check, options = {}) {
  const parser = options.name ?? (check.name || 'the check function');
  return test(`robots-conformance-suite against ${parser}`, async (t) => {
    const run = settings(options);
    const outcomes = [];
    for (const item of run.suite.checks) {
      const answer = await grading.ask(check, item, run.bodyAsBytes);
      const listed = run.listed.get(item.id);
      outcomes.push([item, grading.grade(item, run.profile, answer, parser, listed, Boolean(run.listFile))]);
    }
    const header = `rep-suite ${run.suite.version} (${run.profile} profile) against ${parser}`;
    if (run.update) {
      const lines = [`# ${parser} on Node ${process.versions.node}, rep-suite ${run.suite.version}, ${run.profile} profile`, LIST_HEADER];
      for (const [item, outcome] of outcomes) {
        if (outcome.missed) lines.push(`# expected ${item.expect[run.profile]}, ${outcome.got.split(/\s+/).join(' ')}`, item.id);
      }
      fs.writeFileSync(run.listFile, lines.join('\n') + '\n');
      t.diagnostic(`${header}: wrote ${run.listFile} (${outcomes.filter(([, o]) => o.missed).length} checks)`);
      return;
    }
    await report(t, run, outcomes, header);
  });
}

async function report(t, run, outcomes, header) {
  const of = (kind) => outcomes.filter(([, outcome]) => outcome.kind === kind);
  const known = new Set(run.suite.checks.map((item) => item.id));
  const unknown = [...run.listed].filter(([id]) => !known.has(id));
  if (unknown.length > 0) {
    await t.test(`${run.listName} names ${countOf(unknown.length, 'check', 'checks')} this suite does not have`, () => {
      throw failure(
        `${run.listName} names checks that rep-suite ${run.suite.version} does not have (renamed or removed? see the ` +
          `suite's CHANGES.md); remove or rename:\n${unknown.map(([id, line]) => `  line ${line}: ${id}`).join('\n')}`,
      );
    });
  }
  // New misses grouped by the clause (and level, and reading) they break, the biggest group first.
  const groups = new Map();
  for (const [item, outcome] of of(grading.NEW_MISS)) {
    const held = describe.heldTo(item, run.profile);
    if (!groups.has(held)) groups.set(held, []);
    groups.get(held).push([item, outcome]);
  }
  for (const [held, misses] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    await t.test(`${countOf(misses.length, 'new miss', 'new misses')}: ${held}`, () => {
      const messages = misses.map(([item, outcome]) => describe.failure(item, run.profile, outcome));
      const lines = misses.map(([item]) => item.id);
      throw failure(`${messages.join('\n\n')}\n\nKnown misses? Add these lines to ${run.listName}:\n${lines.join('\n')}`);
    });
  }
  const stale = of(grading.STALE);
  if (stale.length > 0) {
    await t.test(`${countOf(stale.length, 'stale line', 'stale lines')} in ${run.listName}`, () => {
      throw failure(stale.map(([item, outcome]) => describe.stale(item, outcome, run.listName)).join('\n'));
    });
  }
  await t.test(`${countOf(of(grading.PASSED).length, 'check', 'checks')} answered as expected`, () => {});
  const quiet = [
    [grading.EXPECTED_MISS, 'listed miss still misses', 'listed misses still miss', null],
    [grading.DEPARTURE, 'departure from a SHOULD or MAY', 'departures from a SHOULD or MAY', 'not failures without an expected-failures list'],
    [grading.NOT_SCORED, 'implementation-defined check answered', 'implementation-defined checks answered', 'not scored'],
    [grading.NOT_ASKED, 'check not asked', 'checks not asked', 'the check function cannot take them'],
  ];
  for (const [kind, one, many, skip] of quiet) {
    const n = of(kind).length;
    if (n > 0) await t.test(countOf(n, one, many), skip ? { skip } : {}, () => {});
  }
  t.diagnostic(
    `${header}: ${of(grading.PASSED).length} passed, ${of(grading.EXPECTED_MISS).length} expected misses, ` +
      `${of(grading.NEW_MISS).length} new misses, ${stale.length} stale list lines`,
  );
}

module.exports = { runSuite, Unsupported, loadSuite, readSuite, parseExpectedFailures, heldTo: describe.heldTo };
