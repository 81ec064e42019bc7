// The expected-failures list: one check id per line, a line starting with `#` a comment (the
// format `reptest baseline` writes). cases/export/expected-failures-vectors.json of the rep
// repository holds the rules' test vectors; this reader is tested against them.

'use strict';

const fs = require('node:fs');

// White space as the list format counts it: Unicode's White_Space property, which is what
// `reptest` trims (JavaScript's trim() and \s differ: they take U+FEFF and leave U+0085).
const WHITE_SPACE = new Set([
  '\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000',
]);

function trimWhiteSpace(line) {
  const chars = [...line];
  let start = 0;
  let end = chars.length;
  while (start < end && WHITE_SPACE.has(chars[start])) start += 1;
  while (end > start && WHITE_SPACE.has(chars[end - 1])) end -= 1;
  return chars.slice(start, end).join('');
}

// {ids: Map id -> line, problems: [[line, 'not-an-id' | 'listed-twice', first line or null]]}.
// Lines end at LF (a CR before it is white space); a line that starts with `#` is a comment; an id
// is `<case id>/<check name>`: a `/`, no `#`, no white space.
function parseExpectedFailures(text) {
  const ids = new Map();
  const problems = [];
  text.split('\n').forEach((line, index) => {
    const id = trimWhiteSpace(line);
    if (id === '' || id.startsWith('#')) return;
    if ([...id].some((c) => WHITE_SPACE.has(c) || c === '#') || !id.includes('/')) {
      problems.push([index + 1, 'not-an-id', null]);
    } else if (ids.has(id)) {
      problems.push([index + 1, 'listed-twice', ids.get(id)]);
    } else {
      ids.set(id, index + 1);
    }
  });
  return { ids, problems };
}

// Id -> line number of the list at `file`; every wrong line is named at once.
function loadExpectedFailures(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file}: cannot read it (${error.code ?? error.message})`);
  }
  const { ids, problems } = parseExpectedFailures(text);
  if (problems.length > 0) {
    const lines = text.split('\n');
    const said = problems.map(([line, kind, first]) => {
      const written = trimWhiteSpace(lines[line - 1]);
      return kind === 'listed-twice'
        ? `${file}:${line}: ${written} is listed twice (first on line ${first})`
        : `${file}:${line}: \`${written}\` is not a check id (one per line; a line starting with # is a comment; ` +
            'a numbered id of suite 3.x is upgraded by `reptest baseline --upgrade FILE`)';
    });
    throw new Error(said.join('\n'));
  }
  return ids;
}

module.exports = { parseExpectedFailures, loadExpectedFailures };
