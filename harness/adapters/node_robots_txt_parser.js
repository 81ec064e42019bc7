#!/usr/bin/env node
// reptest adapter for robots-txt-parser 2.0.3 (npm).
//
// Install: reptest adapters install robots-txt-parser
//    or:   npm install --prefix ~/.cache/rep/adapters/robots-txt-parser robots-txt-parser@2.0.3
// Run:     NODE_PATH=~/.cache/rep/adapters/robots-txt-parser/node_modules \
//          cargo reptest run --adapter 'node harness/adapters/node_robots_txt_parser.js' --name robots-txt-parser
//
// Mapping onto the library:
// - body: parseRobots(url, string) takes a string; a body that is not UTF-8 is n/a. The
//   parsed file is cached under the checked URL's origin, which is the one canCrawlSync uses
//   (a bare path, which the library also takes, and a URL Node's URL class refuses are their
//   own keys).
// - agent: one per check (several are n/a), given as the userAgent option of a new parser.
// - URL: canCrawlSync(url) with the full URL as given, as the library's README does (its
//   rule patterns are unanchored regular expressions, tested against that whole string).
// - deciding line: the library reports none.
// One parser object per check: the library keeps the agent and the parsed file as state.

'use strict';

const { parsedOnce, serve, singleAgent, textBody } = require('./rep_adapter');

const LIBRARY = 'robots-txt-parser';

function decide(request, robotsTxtParser) {
  const body = textBody(request, LIBRARY);
  const agent = singleAgent(request, LIBRARY);
  // The parsed file is kept per origin and is bound to the agent it was made for.
  const robots = parsedOnce(JSON.stringify([agent, cacheKey(request.url), body]), () => {
    const fresh = robotsTxtParser({ userAgent: agent });
    fresh.parseRobots(request.url, body);
    return fresh;
  });
  return { allowed: robots.canCrawlSync(request.url), line: null };
}

/**
 * The origin the library keeps a parsed file under, as the adapter's cache key. A bare path is
 * its own key; so is a URL the URL class refuses: the library may still read it, and the key
 * must not throw where the library would answer.
 */
function cacheKey(url) {
  if (url.startsWith('/')) {
    return url;
  }
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

serve({
  packages: [LIBRARY],
  load: () => require(LIBRARY),
  decide,
  installHint: 'reptest adapters install robots-txt-parser',
});
