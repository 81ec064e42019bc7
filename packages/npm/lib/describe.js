// The words of a failure: what the check holds the parser to, the question, the body with
// numbered lines, and the command that shows the check anywhere (`reptest show <check-id>`).

'use strict';

// Lines of a body shown, and characters of one line.
const BODY_LINES = 12;
const LINE_WIDTH = 100;

// `RFC 9309 §2.2.2 MUST` (with the reading that settles a contested point, if any), or Google's
// parser under the google profile.
function heldTo(check, profile) {
  if (profile === 'google') return "Google's parser (google profile)";
  let text = 'RFC 9309';
  if (check.clause) text += ` §${check.clause}${check.level ? ` ${check.level}` : ''}`;
  if (check.reading) text += `, reading \`${check.reading}\``;
  return text;
}

// Text shown with control characters and bytes that are not UTF-8 as escapes, so nothing in a
// body can move the cursor or fake a line.
function printable(bytes) {
  let out = '';
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  for (const c of text) {
    const code = c.codePointAt(0);
    if (c === '\ufffd') out += '\\ufffd';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029 || code === 0xfeff) {
      out += `\\u{${code.toString(16)}}`;
    } else out += c;
  }
  return out;
}

// The first lines of `body` (a Buffer), numbered from 1; lines end at LF, CR LF or a CR alone,
// as the suite's matcher numbers them.
function numberedBody(body) {
  const lines = [];
  let start = 0;
  for (let at = 0; at < body.length; at += 1) {
    if (body[at] === 0x0a || body[at] === 0x0d) {
      lines.push(body.subarray(start, at));
      if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 1;
      start = at + 1;
    }
  }
  if (start < body.length) lines.push(body.subarray(start));
  if (lines.length === 0) return ['      (empty)'];
  const shown = lines.slice(0, BODY_LINES).map((line, index) => {
    let text = printable(line);
    if (text.length > LINE_WIDTH) text = `${text.slice(0, LINE_WIDTH)}… (${line.length} bytes)`;
    return `  ${String(index + 1).padStart(4)} | ${text}`;
  });
  if (lines.length > BODY_LINES) shown.push(`       … ${lines.length - BODY_LINES} more lines (${body.length} bytes in all)`);
  return shown;
}

function reproduce(check) {
  return `reptest show ${check.id}`;
}

// The message of a new miss (the line to list it by comes after its group).
function failure(check, profile, outcome) {
  return [
    `${check.id}: expected ${check.expect[profile]}, ${outcome.got}`,
    `  held to:   ${heldTo(check, profile)}`,
    `  agent:     ${check.agents.join(', ')}`,
    `  url:       ${printable(Buffer.from(check.url, 'utf8'))}`,
    '  body:',
    ...numberedBody(check.body),
    `  why:       ${check.why.split(/\s+/).join(' ')}`,
    `  case:      ${check.file}:${check.line} of the rep repository`,
    `  reproduce: ${reproduce(check)}`,
  ].join('\n');
}

// The message of a listed check that no longer misses.
function stale(check, outcome, listName) {
  return `${check.id} does not miss now (${outcome.got}): remove line ${outcome.listed} of ${listName}`;
}

module.exports = { heldTo, numberedBody, failure, stale };
