#!/usr/bin/env node
// reptest adapter for robots-parser 3.0.1 (npm).
//
// Install: reptest adapters install robots-parser
//    or:   npm install --prefix ~/.cache/rep/adapters/robots-parser robots-parser@3.0.1
// Run:     NODE_PATH=~/.cache/rep/adapters/robots-parser/node_modules \
//          cargo reptest run --adapter 'node harness/adapters/node_robots_parser.js' --name robots-parser
//
// Mapping onto the library:
// - body: robotsParser(robotsUrl, contents) takes a string; a body that is not UTF-8 is n/a.
// - URL: isAllowed(url, agent) takes the full URL as given, as in the README's usage.
//   robots-parser answers undefined for a URL of another origin than robotsUrl, so robotsUrl
//   is /robots.txt on the checked URL's scheme, host and port. For a bare path (the edge
//   measurement) robotsUrl is the bare '/robots.txt': the README's 2.3.0 notes document
//   that relative mode (both URLs relative), so the library is asked, not the URL class.
//   A URL the URL class cannot read has no robots.txt URL to derive: n/a, not an error.
// - agent: one per check (several are n/a).
// - deciding line: getMatchingLineNumber(url, agent) (-1, no rule matched, is no line).

'use strict';

const { absoluteUrl, parsedOnce, serve, singleAgent, textBody } = require('./rep_adapter');

const LIBRARY = 'robots-parser';

function decide(request, robotsParser) {
  const body = textBody(request, LIBRARY);
  const agent = singleAgent(request, LIBRARY);
  const robotsUrl = request.url.startsWith('/') ? '/robots.txt' : new URL('/robots.txt', absoluteUrl(request.url)).href;
  const robots = parsedOnce(`${robotsUrl}\n${body}`, () => robotsParser(robotsUrl, body));
  const allowed = robots.isAllowed(request.url, agent);
  if (allowed === undefined) {
    throw new Error(`robots-parser says ${request.url} is not covered by ${robotsUrl}`);
  }
  const line = robots.getMatchingLineNumber(request.url, agent);
  return { allowed, line: line > 0 ? line : null };
}

serve({
  packages: [LIBRARY],
  load: () => require(LIBRARY),
  decide,
  installHint: 'reptest adapters install robots-parser',
});
