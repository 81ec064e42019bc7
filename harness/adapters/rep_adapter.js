// The adapter protocol of harness/adapters/README.md, shared by the Node adapters.
//
// An adapter calls serve() with its library's npm name, a function that loads the library
// (found through NODE_PATH, which the harness sets to <install dir>/node_modules) and a
// decide(request, library) that returns {allowed, line} or a promise of it. decide may
// throw Unsupported for a check the library cannot answer; any other exception becomes that
// check's error answer, so one bad check never ends the adapter. Requests are answered one
// at a time, in order, even when decide is asynchronous.

'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

/** Thrown by decide() for a check the library cannot answer (reported as n/a). */
class Unsupported extends Error {}

/** The body as a string; Unsupported when it is not UTF-8, for libraries that parse strings only. */
function textBody(request, library) {
  if ('robots_base64' in request) {
    throw new Unsupported(`${library} takes the body as a string and this body is not UTF-8`);
  }
  return request.robots;
}

/** The body as bytes (a Buffer), for libraries that read bytes. */
function bodyBytes(request) {
  if ('robots_base64' in request) {
    return Buffer.from(request.robots_base64, 'base64');
  }
  return Buffer.from(request.robots, 'utf8');
}

/** The one agent of the check; Unsupported when there are several. */
function singleAgent(request, library) {
  if (request.agents.length !== 1) {
    throw new Unsupported(`${library} checks one user-agent at a time`);
  }
  return request.agents[0];
}

/**
 * The URL as Node's URL class reads it; Unsupported when the class refuses it: the adapter,
 * not the library, would throw there, and an error must be the library's own.
 */
function absoluteUrl(url) {
  try {
    return new URL(url);
  } catch (error) {
    throw new Unsupported(`the adapter cannot read <${url}> as an absolute URL: ${error.message}`);
  }
}

/** Path and query of a full URL (a URL that is already a path is returned as it is). */
function pathAndQuery(url) {
  if (url.startsWith('/')) {
    return url;
  }
  const parsed = absoluteUrl(url);
  return parsed.pathname + parsed.search;
}

let parsedKey;
let parsedValue;

/**
 * What `parse()` builds, built again only when `key` (a string naming the body and whatever
 * else the parsed object depends on) differs from the previous call's: a client asks many
 * checks of one body in a row, and parsing it for each would measure the parser's speed
 * instead of its answers. An asynchronous parse is cached as its promise.
 */
function parsedOnce(key, parse) {
  if (parsedKey !== key) {
    parsedValue = parse();
    parsedKey = key;
  }
  return parsedValue;
}

/** A string naming the body exactly, text or bytes, for parsedOnce keys. */
function bodyKey(request) {
  return 'robots_base64' in request ? `b:${request.robots_base64}` : `t:${request.robots}`;
}

/**
 * The version in the package.json of the installed package `name`, read from the node_modules
 * directories Node would search for it (NODE_PATH included). Resolving the package itself would
 * fail for one whose `exports` offer no entry to require() (ERR_PACKAGE_PATH_NOT_EXPORTED: an
 * ES-module-only package), and its package.json need not be exported either.
 */
function installedVersion(name) {
  const searched = require.resolve.paths(name) ?? [];
  for (const dir of searched) {
    const manifest = path.join(dir, name, 'package.json');
    if (fs.existsSync(manifest)) {
      return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
    }
  }
  throw new Error(`no package.json of ${name} in any of ${searched.join(', ')}`);
}

/** The answer object for one request line, echoing the request's id. */
async function answer(line, decide, library) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { id: null, error: `unreadable request: ${error.message}` };
  }
  const reply = request !== null && typeof request === 'object' && 'id' in request ? { id: request.id } : {};
  try {
    const { allowed, line: decidingLine } = await decide(request, library);
    if (typeof allowed !== 'boolean') {
      throw new Error(`the library answered ${JSON.stringify(allowed)}, not true or false`);
    }
    return { ...reply, allowed, line: decidingLine ?? null };
  } catch (error) {
    if (error instanceof Unsupported) {
      return { ...reply, unsupported: error.message };
    }
    return { ...reply, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * Runs the adapter. `--version` (the last argument) prints "<name> <version>" of each of
 * `packages` (the first is the library), joined by " + ". Without the library both exit 1 with
 * `installHint` on stderr. `load` may return a promise: `() => import(name)` loads an ES module.
 */
async function serve({ packages, load, decide, installHint }) {
  let library;
  try {
    library = await load();
  } catch (error) {
    process.stderr.write(`${packages[0]} is not installed (${error.message.split('\n')[0]}): ${installHint}\n`);
    process.exit(1);
  }
  if (process.argv[process.argv.length - 1] === '--version') {
    console.log(packages.map((name) => `${name} ${installedVersion(name)}`).join(' + '));
    return;
  }
  const lines = readline.createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity });
  for await (const line of lines) {
    // Writes to a pipe are synchronous on Linux and macOS: each answer leaves at once.
    process.stdout.write(JSON.stringify(await answer(line, decide, library)) + '\n');
  }
}

module.exports = { Unsupported, textBody, bodyBytes, bodyKey, singleAgent, absoluteUrl, pathAndQuery, parsedOnce, serve };
