#!/usr/bin/env node
// How long a fan reading Georgian waits for the sign-in screen: a new browser (locale ka-GE, 390 px, no service
// worker, no cache) on Lighthouse's slow 4G (150 ms, 1.6 Mbps down, 750 kbps up) with the CPU slowed 4×, from
// navigation to the screen's heading, and how many scripts it asked for. Lighthouse audits in English only.
// Usage: node scripts/first-screen-georgian.mjs http://127.0.0.1:3000 [runs]   (a server of the built app)
import { createRequire } from 'node:module';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const [base, runsArg = '5'] = process.argv.slice(2);
if (!base) {
  console.error('usage: node scripts/first-screen-georgian.mjs <app url> [runs]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const times = [];
for (let run = 1; run <= Number(runsArg); run++) {
  const context = await browser.newContext({
    locale: 'ka-GE',
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let scripts = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts++;
  });
  await page.goto(`${base}/auth`, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const ms = await page.evaluate(() => performance.now());
  const lang = await page.locator('html').getAttribute('lang');
  times.push(ms);
  console.log(`run ${run}: ${Math.round(ms)} ms, <html lang="${lang}">, ${scripts} scripts`);
  await context.close();
}
await browser.close();
times.sort((a, b) => a - b);
console.log(`median: ${Math.round(times[Math.floor(times.length / 2)])} ms`);
