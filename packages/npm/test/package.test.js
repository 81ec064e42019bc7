// Tests of the installed package (packages/ci-test runs them in the npm project where the tarball
// is installed): the list reader against the format's shared vectors, and runSuite's grading, run
// through node --test itself against parsers made to pass or to miss.

'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadSuite, parseExpectedFailures } = require('robots-conformance-suite');

const VECTORS_PATH =
  process.env.REP_EXPECTED_FAILURES_VECTORS ?? path.join(__dirname, '../../../cases/export/expected-failures-vectors.json');
const VECTORS = JSON.parse(fs.readFileSync(VECTORS_PATH, 'utf8')).vectors;
const SUITE = loadSuite();
const INSTALLED = path.dirname(require.resolve('robots-conformance-suite/package.json'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rep-suite-npm-'));

// A parser that knows the answers: the suite's rfc expectation for (body, agent, url), turned
// around for the checks `wrong` (an expression over `check`) selects.
function oracle(wrong = 'false', extra = '') {
  return `
const { runSuite, loadSuite } = require('robots-conformance-suite');
const answers = new Map();
for (const check of loadSuite().checks) {
  if (check.expect.rfc !== 'implementation-defined' && check.bodyText !== null) {
    answers.set(JSON.stringify([check.bodyText, check.agents[0], check.url]), check);
  }
}
runSuite(function oracle(body, agent, url) {
  const check = answers.get(JSON.stringify([body, agent, url]));
  if (check === undefined) return true;
  const allowed = check.expect.rfc === 'allowed';
  return (${wrong}) ? !allowed : allowed;
}, { ${extra} });
`;
}

let files = 0;
function nodeTest(source, env = {}) {
  files += 1;
  const file = path.join(scratch, `case-${files}.test.js`);
  fs.writeFileSync(file, source);
  // A child of a test file that runs node --test is taken for a nested run unless this goes.
  const { NODE_TEST_CONTEXT, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], {
    encoding: 'utf8',
    env: { ...inherited, NODE_PATH: path.dirname(INSTALLED), REP_UPDATE_EXPECTED_FAILURES: '', ...env },
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

const askable = (check) => !check.fetch && !check.tags.includes('multi-agent') && check.bodyText !== null;

test('the package is the installed one and carries its release', () => {
  assert.ok(INSTALLED.includes('node_modules'), INSTALLED);
  assert.equal(SUITE.version, require('robots-conformance-suite/package.json').version);
  assert.ok(SUITE.checks.length > 800);
});

for (const vector of VECTORS) {
  test(`list reader: ${vector.name}`, () => {
    const { ids, problems } = parseExpectedFailures(vector.input);
    assert.deepEqual([...ids], vector.ids.map((i) => [i.id, i.line]));
    assert.deepEqual(problems, vector.problems.map((p) => [p.line, p.kind, p.first ?? null]));
  });
}

test('a parser that knows every answer passes', () => {
  const { status, out } = nodeTest(oracle());
  assert.equal(status, 0, out);
  assert.match(out, /ok \d+ - \d+ checks answered as expected/);
});

test('new misses fail grouped by clause and level, each naming its reproduce line', () => {
  const planted = SUITE.checks.filter(
    (c) => c.clause === '2.2.3' && c.level === 'MUST' && c.reading === null && c.expect.rfc !== 'implementation-defined' && askable(c),
  );
  assert.ok(planted.length > 0);
  const { status, out } = nodeTest(oracle("check.clause === '2.2.3' && check.level === 'MUST' && check.reading === null"));
  assert.equal(status, 1);
  assert.ok(out.includes(`not ok 1 - ${planted.length} new misses: RFC 9309 §2.2.3 MUST\n`), out.slice(0, 2000));
  assert.ok(out.includes(`reptest show ${planted[0].id}`));
  assert.ok(out.includes('     1 | '), 'the body, numbered');
  assert.equal((out.match(/^ {4}not ok/gm) ?? []).length, 1, 'one failing subtest for one group');
});

test('a written list holds the run green, and a fixed miss is a stale line', () => {
  const list = path.join(scratch, 'expected.txt');
  const wrong = "check.clause === '2.2.1'";
  const extra = `expectedFailures: ${JSON.stringify(list)}`;
  assert.equal(nodeTest(oracle(wrong, extra), { REP_UPDATE_EXPECTED_FAILURES: '1' }).status, 0);
  const ids = fs.readFileSync(list, 'utf8').split('\n').filter((line) => line && !line.startsWith('#'));
  const byId = new Map(SUITE.checks.map((c) => [c.id, c]));
  assert.ok(ids.length > 0 && ids.every((id) => byId.get(id).clause === '2.2.1'));
  const held = nodeTest(oracle(wrong, extra));
  assert.equal(held.status, 0, held.out);
  assert.ok(held.out.includes(`- ${ids.length} listed misses still miss`));
  const fixed = nodeTest(oracle('false', extra));
  assert.equal(fixed.status, 1);
  assert.ok(fixed.out.includes(`${ids.length} stale lines in expected.txt`));
  assert.ok(fixed.out.includes(`${ids[0]} does not miss now (oracle says`));
});

test('a departure is skipped without a list and fails with one', () => {
  const departures = SUITE.checks.filter((c) => c.level === 'SHOULD' && c.expect.rfc !== 'implementation-defined' && askable(c));
  const free = nodeTest(oracle("check.level === 'SHOULD'"));
  assert.equal(free.status, 0, free.out);
  assert.ok(free.out.includes(`${departures.length} departures from a SHOULD or MAY # SKIP`));
  const list = path.join(scratch, 'empty.txt');
  fs.writeFileSync(list, '# nothing known\n');
  const held = nodeTest(oracle("check.level === 'SHOULD'", `expectedFailures: ${JSON.stringify(list)}`));
  assert.equal(held.status, 1);
  assert.ok(held.out.includes(`new misses: RFC 9309 §`));
});

test('an unknown id and a line that is no id are named', () => {
  const unknown = path.join(scratch, 'unknown.txt');
  fs.writeFileSync(unknown, 'rfc9309/no-such-case/no-such-check\n');
  const one = nodeTest(oracle('false', `expectedFailures: ${JSON.stringify(unknown)}`));
  assert.equal(one.status, 1);
  assert.ok(one.out.includes('line 1: rfc9309/no-such-case/no-such-check'));
  const bad = path.join(scratch, 'bad.txt');
  fs.writeFileSync(bad, '# ok\nrfc9309/2.2.2-matching#3\n');
  const two = nodeTest(oracle('false', `expectedFailures: ${JSON.stringify(bad)}`));
  assert.equal(two.status, 1);
  assert.ok(two.out.includes('bad.txt:2: `rfc9309/2.2.2-matching#3` is not a check id'));
});

test('an exception is a miss even where the verdict is not scored', () => {
  const open = SUITE.checks.filter((c) => c.expect.rfc === 'implementation-defined' && askable(c));
  const { status, out } = nodeTest(`
const { runSuite, loadSuite, Unsupported } = require('robots-conformance-suite');
const open = new Set(loadSuite().checks
  .filter((c) => c.expect.rfc === 'implementation-defined' && !c.fetch && !c.tags.includes('multi-agent') && c.bodyText !== null)
  .map((c) => JSON.stringify([c.bodyText, c.agents[0], c.url])));
runSuite(function raises(body, agent, url) {
  if (open.has(JSON.stringify([body, agent, url]))) throw new RangeError('boom');
  throw new Unsupported('asked nothing else');
});
`);
  assert.equal(status, 1);
  const failing = [...out.matchAll(/not ok \d+ - (\d+) new miss/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  assert.equal(failing, open.length);
  assert.ok(out.includes('raises threw RangeError: boom'));
});
