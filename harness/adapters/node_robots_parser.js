#!/usr/bin/env node
// reptest adapter for the npm package robots-parser, over the JSON-lines protocol.
//
// Install its dependency outside the work tree (no node_modules or lockfile is committed):
//
//     npm install --prefix ~/.cache/rep/node robots-parser
//
// The adapter looks for it there, or under $REP_NODE_PREFIX when that is set.
// Run it through the harness:
//
//     cargo run -p rep-harness -- run --adapter 'node harness/adapters/node_robots_parser.js' --name robots-parser
//
// `--version` prints the installed version (exit 1 with an install hint when it is missing).
//
// Mapping onto robots-parser's API: robotsParser(robotsUrl, body) wants the URL of the
// robots.txt file itself and answers undefined for any URL of another origin, so the
// adapter derives robotsUrl as /robots.txt on the checked URL's scheme, host and port.
// isAllowed(url, agent) takes the full URL; getMatchingLineNumber gives the deciding line
// (-1 when no rule matched). A body that is not UTF-8 has no string form: n/a.
// There is no multi-agent question: several agents are n/a.

'use strict';

const path = require('path');
const os = require('os');
const readline = require('readline');

const INSTALL_HINT = 'robots-parser not installed: npm install --prefix ~/.cache/rep/node robots-parser';
const prefix = process.env.REP_NODE_PREFIX || path.join(os.homedir(), '.cache', 'rep', 'node');
const modulePath = path.join(prefix, 'node_modules', 'robots-parser');

let robotsParser;
try {
  robotsParser = require(modulePath);
} catch (error) {
  process.stderr.write(`${INSTALL_HINT} (looked in ${modulePath})\n`);
  process.exit(1);
}

function decide(request) {
  if ('robots_base64' in request) {
    // robots-parser parses a string only; any decoding would test the decoder, not the library.
    return { unsupported: 'robots-parser takes the body as a string and this body is not UTF-8' };
  }
  const body = request.robots;
  if (request.agents.length !== 1) {
    return { unsupported: 'robots-parser checks one user-agent at a time' };
  }
  const agent = request.agents[0];
  const robotsUrl = new URL('/robots.txt', request.url).href;
  const robots = robotsParser(robotsUrl, body);
  const allowed = robots.isAllowed(request.url, agent);
  if (allowed === undefined) {
    return { error: `robots-parser says ${request.url} is not covered by ${robotsUrl}` };
  }
  const line = robots.getMatchingLineNumber(request.url, agent);
  return { allowed, line: typeof line === 'number' && line > 0 ? line : null };
}

if (process.argv[2] === '--version') {
  console.log(`robots-parser ${require(path.join(modulePath, 'package.json')).version}`);
  process.exit(0);
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on('line', (line) => {
  let reply;
  try {
    reply = decide(JSON.parse(line));
  } catch (error) {
    // every failure is an answer, never a dead adapter
    reply = { error: `${error.name}: ${error.message}` };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
