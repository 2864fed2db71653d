// Lighthouse's performance audit of one page, in Debian's Chromium, with its
// default mobile profile (simulated slow 4G and a 4x slower CPU). Lighthouse
// is fetched by npm on first use, so `npm install` stays light for everyone else.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LIGHTHOUSE = 'lighthouse@12.8.2';

export interface AuditRow {
  audit: string;
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts the page loaded before it was interactive, as transferred (gzip). */
  scriptKb: number;
}

interface Report {
  categories: { performance: { score: number } };
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
}

/** How often an audit is tried: Lighthouse sometimes loses its trace of a load ("NO_NAVSTART: please run again"). */
const ATTEMPTS = 3;

export function lighthouse(audit: string, url: string): AuditRow {
  for (let attempt = 1; ; attempt++) {
    const row = lighthouseOnce(audit, url);
    if (row) return row;
    if (attempt === ATTEMPTS) throw new Error(`lighthouse failed ${ATTEMPTS} times on ${url}`);
    console.log(`  lighthouse failed on ${url}; trying again (${attempt + 1} of ${ATTEMPTS})`);
  }
}

/** One audit; undefined when Lighthouse itself failed. */
function lighthouseOnce(audit: string, url: string): AuditRow | undefined {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-lh-')), 'report.json');
  const run = spawnSync(
    'npm',
    [
      'exec',
      '--yes',
      `--package=${LIGHTHOUSE}`,
      '--',
      'lighthouse',
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox',
      // Card pictures come from Scryfall's CDN: offline (CI, this machine) they would hang, so they fail at once.
      '--blocked-url-patterns=*cards.scryfall.io*',
      '--blocked-url-patterns=*c1.scryfall.com*',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  );
  if (run.status !== 0) return undefined;
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Report;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    audit,
    page: new URL(url).pathname,
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    scriptKb: Math.round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10,
  };
}
