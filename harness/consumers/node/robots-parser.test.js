// The npm package robots-parser run by runSuite of robots-conformance-suite (packages/npm), as
// its maintainer would: harness/consumers/run runs `node --test node/` with robots-parser
// installed where NODE_PATH points. Another parser: change PARSER and allows() below.
//
// robots-parser describes itself as following the specification, so it is scored against RFC
// 9309 as written (runSuite's default profile, rfc). It wants the URL of the robots.txt file
// itself and answers undefined for a URL of another origin: that would be a mistake of this
// test, so it throws.

'use strict';

const path = require('node:path');
// In a parser's own tests: require('robots-conformance-suite'), which carries the suite.
const { runSuite } = require('../../../packages/npm');

const PARSER = 'robots-parser';
const robotsParser = require(PARSER);

function allows(body, agent, url) {
  const robotsUrl = new URL('/robots.txt', url).href;
  const allowed = robotsParser(robotsUrl, body).isAllowed(url, agent);
  if (allowed === undefined) throw new Error(`${url} is not covered by ${robotsUrl}`);
  return allowed;
}

runSuite(allows, {
  name: PARSER,
  expectedFailures: path.join(__dirname, 'expected-failures.txt'),
  suite: process.env.REP_SUITE_JSON ?? path.join(__dirname, '../../../cases/export/rep-suite.json'),
});
