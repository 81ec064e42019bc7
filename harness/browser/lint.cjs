// Opens the page `reptest lint --format html` writes in the system Chromium
// (through playwright-core, offline, as check.cjs opens the site) and checks it
// against the same run's JSON report. Usage:
//   NODE_PATH=<dir with playwright-core> node lint.cjs <page.html> <report.json>
// A screenshot goes to $REP_SITE_SHOTS. Exits non-zero when a check fails.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { launch } = require('./launch.cjs');

const pagePath = path.resolve(process.argv[2]);
const report = JSON.parse(fs.readFileSync(path.resolve(process.argv[3]), 'utf8'));
const shots = path.resolve(process.env.REP_SITE_SHOTS || path.dirname(pagePath));

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
}

async function main() {
  fs.mkdirSync(shots, { recursive: true });
  const html = fs.readFileSync(pagePath, 'utf8');
  // Self-contained: no link, script or style sheet to fetch, only anchors within the page.
  const outside = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]).filter((u) => !u.startsWith('#'));
  check(outside.length === 0, `the page loads nothing from elsewhere${outside.length ? ': ' + outside.slice(0, 3).join(', ') : ''}`);

  const { browser, done } = await launch();
  const page = browser.pages()[0] || (await browser.newPage());
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => errors.push(`request failed ${r.url()}`));
  await page.goto(pathToFileURL(pagePath).href);
  check(errors.length === 0, `no console errors or failed requests${errors.length ? ': ' + errors.slice(0, 3).join('; ') : ''}`);

  // The site's style sheet is in the page and applies: the navigation bar has the site's dark background.
  const navBackground = await page.$eval('nav', (n) => getComputedStyle(n).backgroundColor);
  check(navBackground === 'rgb(34, 48, 60)', `the site's style applies (nav background ${navBackground})`);

  // Every finding of the report is on the page, with its kind and every line it names.
  const sections = await page.$$eval('section.finding', (ss) => ss.map((s) => s.innerText));
  check(sections.length === report.findings.length, `a section per finding (${sections.length} of ${report.findings.length})`);
  const missing = [];
  report.findings.forEach((finding, i) => {
    const text = sections[i] || '';
    if (!text.includes(finding.rule)) missing.push(`${i}: rule ${finding.rule}`);
    for (const line of finding.lines) {
      if (!text.includes(`${line.number}: ${line.text}`)) missing.push(`${i}: line ${line.number}`);
    }
    for (const reading of (finding.disagreement || { readings: [] }).readings) {
      if (!text.includes(reading.example.recheck)) missing.push(`${i}: the re-check command`);
    }
  });
  check(missing.length === 0, `every finding shows its rule, its lines and its re-check commands${missing.length ? ': ' + missing.slice(0, 5).join(', ') : ''}`);
  const summary = await page.$eval('main > p', (p) => p.innerText);
  const { errors: e, warnings: w, notes: n } = report.summary;
  check(summary.startsWith(`${e} errors, ${w} warnings, ${n} notes.`), `the summary counts the findings (${summary.slice(0, 40)})`);
  const rows = await page.$$eval('table tbody tr', (rs) => rs.length);
  check(rows === report.parsers.length, `a row per parser (${rows} of ${report.parsers.length})`);

  await page.screenshot({ path: path.join(shots, 'lint.png'), fullPage: true });
  console.log(`screenshot: ${path.join(shots, 'lint.png')}`);
  await done();
  if (failures) {
    console.error(`${failures} check(s) failed`);
    process.exit(1);
  }
}

main().catch((error) => { console.error(error); process.exit(1); });
