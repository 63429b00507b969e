import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The audits of Lighthouse's installable-app checks (Lighthouse 11, the last line that has them). */
export const PWA_AUDITS = [
  'installable-manifest',
  'service-worker',
  'splash-screen',
  'themed-omnibox',
  'maskable-icon',
];

export type AuditResult = { id: string; score: number | null; title: string; failures: string[] };

/**
 * Runs Lighthouse's PWA audits on a page in Debian's Chromium (CHROME_PATH, else /usr/bin/chromium), in a
 * fresh profile of its own, and answers each audit's score and what it found missing.
 */
export async function runPwaAudits(url: string): Promise<{ lighthouseVersion: string; audits: AuditResult[] }> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['pwa'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const audits = PWA_AUDITS.filter((id) => lhr.audits[id]).map((id) => {
      const audit = lhr.audits[id]!;
      const items = (audit.details as { items?: { reason?: string }[] } | undefined)?.items ?? [];
      return {
        id,
        score: audit.score,
        title: audit.title,
        failures: items.map((item) => item.reason).filter((reason): reason is string => Boolean(reason)),
      };
    });
    return { lighthouseVersion: lhr.lighthouseVersion, audits };
  } finally {
    chrome.kill();
  }
}
