#!/usr/bin/env node
// reptest adapter for robots 0.10.1 (npm, "robots.js").
//
// Install: reptest adapters install robots-js
//    or:   npm install --prefix ~/.cache/rep/adapters/robots-js robots@0.10.1
// Run:     NODE_PATH=~/.cache/rep/adapters/robots-js/node_modules \
//          cargo reptest run --adapter 'node harness/adapters/node_robots.js' --name robots-js
//
// Mapping onto the library:
// - body: RobotsParser.parse(lines) takes the lines as strings; the adapter splits the body
//   at CR LF, CR or LF exactly as the library's own read() does after fetching. A body that
//   is not UTF-8 is n/a (read() would have decoded it lossily first).
// - agent: one per check (several are n/a), as canFetchSync's user agent.
// - URL: canFetchSync(agent, path) takes a path, as in the README: the adapter passes the path
//   and query of the full URL as Node's URL class gives them (a path goes as it is).
// - deciding line: the library reports none.

'use strict';

const { parsedOnce, serve, singleAgent, textBody, pathAndQuery } = require('./rep_adapter');

const LIBRARY = 'robots';

function decide(request, robots) {
  const body = textBody(request, LIBRARY);
  const agent = singleAgent(request, LIBRARY);
  const parser = parsedOnce(body, () => {
    const fresh = new robots.RobotsParser();
    fresh.parse(body.split(/\r\n|\r|\n/));
    return fresh;
  });
  return { allowed: parser.canFetchSync(agent, pathAndQuery(request.url)), line: null };
}

serve({
  packages: [LIBRARY],
  load: () => require(LIBRARY),
  decide,
  installHint: 'reptest adapters install robots-js',
});
