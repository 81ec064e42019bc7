// Opens a report's site/ (rendered by `reptest site` from its report.json) in the
// system Chromium (through playwright-core, no browser download) and checks what a
// reader relies on against report.json. Usage:
//   NODE_PATH=<dir with playwright-core> node check.cjs <report dir>
// Screenshots go to $REP_SITE_SHOTS. Exits non-zero on the first failed check.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL, fileURLToPath } = require('url');
const { launch } = require('./launch.cjs');

const report = path.resolve(process.argv[2] || 'reports');
const site = path.join(report, 'site');
const shots = path.resolve(process.env.REP_SITE_SHOTS || path.join(report, 'shots'));
const json = JSON.parse(fs.readFileSync(path.join(report, 'report.json'), 'utf8'));
const ran = json.suite.columns;
const cases = json.suite.cases;
const checksTotal = cases.reduce((total, c) => total + c.checks.length, 0);

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
}

// The checks whose marks are not all the same, worked out from the answers in report.json
// (not from its `differs` flag, so the site's pruning is checked against the marks themselves).
function differing() {
  const ids = [];
  for (const c of cases) {
    for (const k of c.checks) {
      // "n/a" (a check an implementation cannot answer) differs from nothing.
      const marks = new Set(k.answers.map((a) => a.mark).filter((mark) => mark !== 'not-applicable'));
      if (marks.size > 1) ids.push(k.id);
    }
  }
  return ids;
}

async function main() {
  fs.mkdirSync(shots, { recursive: true });
  const { browser, done } = await launch();
  const page = browser.pages()[0] || (await browser.newPage());
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`${page.url()}: request failed ${r.url()}`));
  const open = (file) => page.goto(pathToFileURL(path.join(site, file)).href);

  // Every page reachable from the overview, every internal link and anchor resolving:
  // read from the files (links as the browser resolves them against the page's URL).
  const seen = new Set();
  const queue = [path.join(site, 'index.html')];
  const anchors = [];
  const broken = [];
  const ids = new Map();
  const idsOf = (file) => {
    if (!ids.has(file)) {
      const html = fs.readFileSync(file, 'utf8');
      ids.set(file, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
    }
    return ids.get(file);
  };
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const html = fs.readFileSync(file, 'utf8');
    const base = pathToFileURL(file);
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const url = new URL(m[1].replace(/&amp;/g, '&'), base);
      if (url.protocol !== 'file:') continue;
      const target = fileURLToPath(url.href.split(/[?#]/)[0]);
      if (!fs.existsSync(target)) { broken.push(`${file} -> ${m[1]}`); continue; }
      if (url.hash) anchors.push([file, target, decodeURIComponent(url.hash.slice(1))]);
      if (target.endsWith('.html') && !seen.has(target)) queue.push(target);
    }
  }
  for (const [from, target, id] of anchors) {
    if (!idsOf(target).has(id)) broken.push(`${from} -> ${target}#${id}`);
  }
  check(broken.length === 0, `every internal link and anchor resolves (${seen.size} pages)${broken.length ? ': ' + broken.slice(0, 5).join(', ') : ''}`);
  // In the browser: the pages with scripts, every parser page and one case page in ten.
  const visit = [...seen].filter((f, i) => !f.includes(`${path.sep}case${path.sep}`) || i % 10 === 0);
  for (const file of visit) await page.goto(pathToFileURL(file).href);
  check(errors.length === 0, `no console errors or failed requests on ${visit.length} pages opened`);
  const casePages = fs.readdirSync(path.join(site, 'case')).length;
  check(casePages === cases.length, `a page per case (${casePages} of ${cases.length})`);

  // Every page carries the stamp: when, from which commit and suite, with what.
  const stampless = [...seen].filter((f) => !fs.readFileSync(f, 'utf8').includes(`<dd>${json.stamp.made}</dd>`));
  check(stampless.length === 0, `every page shows the stamp (made ${json.stamp.made})${stampless.length ? ': not ' + stampless.slice(0, 3).join(', ') : ''}`);

  // Overview: every implementation that ran, sortable.
  await open('index.html');
  const listed = await page.$$eval('#scores tbody tr', (rows) => rows.map((r) => r.getAttribute('data-impl')));
  check(ran.every((n) => listed.includes(n)) && listed.length === ran.length, `the overview lists all ${ran.length} implementations`);
  await page.click('#scores thead th:nth-child(4)');
  const sorted = await page.$$eval('#scores tbody tr td:nth-child(4)', (cs) => cs.map((c) => parseFloat(c.getAttribute('data-v'))));
  check(sorted.every((v, i) => i === 0 || sorted[i - 1] >= v), 'a click on a score heading sorts the rows');
  await page.screenshot({ path: path.join(shots, 'overview.png'), fullPage: true });

  // Matrix: pruned to exactly the differing checks; filters narrow.
  await open('matrix.html');
  const visible = () => page.$$eval('#grid tbody tr:not([hidden]) th', (ths) => ths.map((t) => t.textContent));
  const expected = differing();
  const shown = await visible();
  check(shown.length === expected.length && expected.every((id, i) => shown[i] === id),
    `the pruned matrix shows exactly the ${expected.length} checks report.json's answers say differ (shows ${shown.length})`);
  await page.screenshot({ path: path.join(shots, 'matrix.png') });
  const sections = await page.$$eval('#section option', (os) => os.map((o) => o.value).filter(Boolean));
  const counts = {};
  let narrowed = false;
  for (const section of sections) {
    await page.selectOption('#section', section);
    const rows = await page.$$eval('#grid tbody tr:not([hidden])', (rs) => rs.map((r) => r.getAttribute('data-sec')));
    counts[section] = rows.length;
    if (rows.length > 0 && rows.length < expected.length && rows.every((s) => s === section)) narrowed = true;
  }
  check(narrowed, `the section filter narrows the rows (${JSON.stringify(counts)})`);
  await page.selectOption('#section', '');
  await page.check('#all');
  check((await visible()).length === checksTotal, `"all checks" shows all ${checksTotal}`);
  await page.uncheck('#all');
  await page.selectOption('#differs', ran[ran.length - 1]);
  const differs = (await visible()).length;
  check(differs <= expected.length, `"where ${ran[ran.length - 1]} answers unlike most others" narrows to ${differs}`);
  await page.selectOption('#differs', '');

  // A case page: every check shows every implementation's verdict.
  // The case of the first differing check (a check id is `<case id>/<name>`), found in report.json.
  const caseId = expected.length ? cases.find((c) => c.checks.some((k) => k.id === expected[0])).id : cases[0].id;
  const caseFile = caseId.replace(/[^A-Za-z0-9\-_.]/g, '~') + '.html';
  await open(`case/${caseFile}`);
  const verdicts = await page.$$eval('section.check', (ss) => ss.map((s) =>
    Array.from(s.querySelectorAll('tr.verdict td:first-child')).map((td) => td.textContent)));
  const want = cases.find((c) => c.id === caseId).checks.length;
  check(verdicts.length === want && verdicts.every((names) => ran.every((n) => names.includes(n))),
    `case ${caseId}: each of its ${want} checks shows all ${ran.length} verdicts`);
  await page.screenshot({ path: path.join(shots, 'case.png'), fullPage: true });

  // Long pages: the first 2400 pixels (a whole page can pass the browser's capture limit).
  const top = async () => ({ x: 0, y: 0, width: 1400,
    height: Math.min(2400, await page.evaluate(() => document.documentElement.scrollHeight)) });
  const parsers = fs.readdirSync(path.join(site, 'parser')).sort();
  check(parsers.length > 0, `parser pages written (${parsers.join(', ')})`);
  if (parsers.length) {
    await open(`parser/${parsers[0]}`);
    await page.screenshot({ path: path.join(shots, 'parser.png'), fullPage: true, clip: await top() });
  }
  await open('readings.html');
  await page.screenshot({ path: path.join(shots, 'readings.png'), fullPage: true, clip: await top() });

  check(errors.length === 0, `still no console errors or failed requests after the clicks${errors.length ? ': ' + errors.slice(0, 5).join('; ') : ''}`);
  await done();
  console.log(`screenshots: ${shots}`);
  process.exit(failures ? 1 : 0);
}

main().catch((error) => { console.error(error); process.exit(1); });
