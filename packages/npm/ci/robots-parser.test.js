// The test packages/ci-test runs the packed package with, in an empty npm project where the
// tarball and robots-parser 3.0.1 are installed:
//
//   node --test robots-parser.test.js      (REP_UPDATE_EXPECTED_FAILURES=1 writes the list)
//
// robots-parser wants the URL of the robots.txt file itself and answers undefined for a URL of
// another origin: that would be a mistake of this test, so it throws.

'use strict';

const path = require('node:path');
const robotsParser = require('robots-parser');
const { runSuite } = require('robots-conformance-suite');

runSuite(
  (body, agent, url) => {
    const robotsUrl = new URL('/robots.txt', url).href;
    const allowed = robotsParser(robotsUrl, body).isAllowed(url, agent);
    if (allowed === undefined) throw new Error(`${url} is not covered by ${robotsUrl}`);
    return allowed;
  },
  {
    name: 'robots-parser',
    expectedFailures: process.env.REP_EXPECTED_FAILURES ?? path.join(__dirname, 'robots-parser-expected-failures.txt'),
  },
);
