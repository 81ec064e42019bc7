#!/usr/bin/env node
// reptest adapter for robots-txt-guard 1.0.2 (npm), fed by robots-txt-parse 2.0.1.
//
// robots-txt-guard only checks rules it is given already parsed; its README names
// robots-txt-parse (same authors, Woorank) as the parser whose output it takes, so the
// column measures the pair.
//
// Install: reptest adapters install robots-txt-guard
//    or:   npm install --prefix ~/.cache/rep/adapters/robots-txt-guard robots-txt-guard@1.0.2 robots-txt-parse@2.0.1
// Run:     NODE_PATH=~/.cache/rep/adapters/robots-txt-guard/node_modules \
//          cargo reptest run --adapter 'node harness/adapters/node_robots_txt_guard.js' --name robots-txt-guard
//
// Mapping onto the libraries:
// - body: robots-txt-parse reads a stream of bytes (it splits lines and decodes them as
//   UTF-8 itself), so every body is streamed as bytes, including one that is not UTF-8.
// - agent: one per check (several are n/a), as isAllowed's user agent.
// - URL: isAllowed(agent, path) takes a path: the adapter passes the path and query of the
//   full URL as Node's URL class gives them (a URL that is already a path goes as it is).
// - deciding line: neither library reports one.

'use strict';

const { Readable } = require('stream');
const { bodyKey, parsedOnce, serve, singleAgent, bodyBytes, pathAndQuery } = require('./rep_adapter');

const LIBRARY = 'robots-txt-guard';

async function decide(request, { guard, parse }) {
  const agent = singleAgent(request, LIBRARY);
  const robots = await parsedOnce(bodyKey(request), async () => guard(await parse(Readable.from([bodyBytes(request)]))));
  return { allowed: robots.isAllowed(agent, pathAndQuery(request.url)), line: null };
}

serve({
  packages: [LIBRARY, 'robots-txt-parse'],
  load: () => ({ guard: require(LIBRARY), parse: require('robots-txt-parse') }),
  decide,
  installHint: 'reptest adapters install robots-txt-guard',
});
