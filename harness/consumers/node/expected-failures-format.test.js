// The expected-failures list reader of robots-parser.test.js against the format's shared test
// vectors (cases/export/expected-failures-vectors.json), which reptest and rep-suite are tested
// against too. Not needed in a copy of the consumer; here it keeps the three readers the same.

'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { parseExpectedFailures } = require('./robots-parser.test.js');

const VECTORS_PATH =
  process.env.REP_EXPECTED_FAILURES_VECTORS || path.join(__dirname, '../../../cases/export/expected-failures-vectors.json');
const vectors = JSON.parse(fs.readFileSync(VECTORS_PATH, 'utf8')).vectors;

test('the vectors are there', () => {
  assert.ok(vectors.length >= 10, `${VECTORS_PATH} looks truncated`);
});

for (const vector of vectors) {
  test(vector.name, () => {
    const { ids, problems } = parseExpectedFailures(vector.input);
    assert.deepEqual(
      [...ids].sort((a, b) => a[1] - b[1]),
      vector.ids.map((id) => [id.id, id.line]),
    );
    assert.deepEqual(
      problems,
      vector.problems.map((problem) => [problem.line, problem.kind, problem.first ?? null]),
    );
  });
}
