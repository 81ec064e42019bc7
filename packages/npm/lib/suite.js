// Reading the exported suite (rep-suite.json, format_version 2) into checks.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const FORMAT_VERSION = 2;
// The file the package carries: cases/export/rep-suite.json of the release, copied in by
// packages/build (it is not kept twice in the repository).
const EMBEDDED = path.join(__dirname, '..', 'rep-suite.json');

// A body of the export: its parts in order, each `times` times (1 when absent).
function bodyBytes(parts) {
  return Buffer.concat(
    parts.flatMap((part) => {
      const piece = 'text' in part ? Buffer.from(part.text, 'utf8') : Buffer.from(part.base64, 'base64');
      return Array(part.times ?? 1).fill(piece);
    }),
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// The body as text, or null when it is not UTF-8.
function textOf(bytes) {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

// The suite in `text`, an export's JSON; `source` names it in errors.
function readSuite(text, source) {
  let document;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON (${error.message})`);
  }
  if (document === null || typeof document !== 'object' || document.format !== 'rep-suite') {
    throw new Error(`${source}: not a rep-suite export (no "format": "rep-suite")`);
  }
  if (document.format_version !== FORMAT_VERSION) {
    throw new Error(`${source}: format_version ${JSON.stringify(document.format_version)}, this package reads ${FORMAT_VERSION}`);
  }
  try {
    const bodies = new Map(Object.entries(document.bodies).map(([key, parts]) => [key, bodyBytes(parts)]));
    const checks = document.checks.map((entry) => {
      const body = bodies.get(entry.body);
      if (body === undefined) throw new Error(`check ${entry.id} names body ${entry.body}, which is not there`);
      return {
        id: entry.id,
        tags: entry.tags,
        file: entry.file,
        line: entry.line,
        why: entry.why,
        agents: entry.agents,
        url: entry.url,
        expect: entry.expect,
        clause: entry.basis.clause,
        level: entry.basis.level,
        reading: entry.basis.reading,
        body,
        bodyText: textOf(body),
        fetch: entry.response !== null && entry.response !== undefined,
      };
    });
    return { version: document.suite_version, checks, source };
  } catch (error) {
    throw new Error(`${source}: a check or body is malformed (${error.message})`);
  }
}

// The suite at `file`, or the one this package carries when `file` is undefined.
function loadSuite(file) {
  const source = file ?? EMBEDDED;
  let text;
  try {
    text = fs.readFileSync(source, 'utf8');
  } catch (error) {
    if (file === undefined) {
      throw new Error(
        'this copy of robots-conformance-suite carries no rep-suite.json (a source checkout, not the packed ' +
          'package): build it with packages/build, or pass {suite: FILE}',
      );
    }
    throw new Error(`${file}: cannot read it (${error.code ?? error.message})`);
  }
  return readSuite(text, file ?? 'robots-conformance-suite/rep-suite.json');
}

module.exports = { loadSuite, readSuite };
