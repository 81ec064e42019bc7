// The system Chromium as both browser checks open it: headless, offline, a fresh
// profile, no background traffic (through playwright-core, no browser download).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

// Returns the browser and `done`, which closes it and removes its profile.
async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rep-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    offline: true,
    viewport: { width: 1400, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const done = async () => {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { browser, done };
}

module.exports = { launch };
