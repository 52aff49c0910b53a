// Page speed: Lighthouse (mobile profile, Debian's Chromium when installed, else the npm one: e2e/chromium.ts) and the first-load JavaScript of
// each route, gzip, from the built files the server-rendered HTML loads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { resolveChromium } from '../../e2e/chromium.ts';
import { ROOT } from './proc.ts';
import { firstLoadUrls } from './saver-bundles.ts';

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits below 1 in accessibility, for the note. */
  failedA11y: string[];
}

/** One Lighthouse run; a run that ends without a performance score (it happens) is tried again, up to 3 times. */
export async function runLighthouse(url: string): Promise<LighthouseResult> {
  let last: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await runLighthouseOnce(url);
    } catch (error) {
      last = error as Error;
    }
  }
  throw last;
}

async function runLighthouseOnce(url: string): Promise<LighthouseResult> {
  // The npm Chromium is a headless shell: it has no --headless=new and needs no zygote.
  const browser = await resolveChromium();
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: [...(browser.source === 'npm' ? ['--headless', '--no-zygote'] : ['--headless=new']), '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!run) throw new Error(`lighthouse gave no result for ${url}`);
    const lhr = run.lhr;
    if (lhr.runtimeError || lhr.categories.performance?.score == null) throw new Error(`lighthouse: no performance score for ${url} (${lhr.runtimeError?.code ?? 'no score'})`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      failedA11y,
    };
  } finally {
    chrome.kill();
  }
}

export interface FirstLoadJs {
  files: number;
  rawKb: number;
  gzipKb: number;
  /** The largest files, gzip kB each. */
  largest: Array<{ file: string; gzipKb: number }>;
  /** Every file, largest first. */
  all: Array<{ file: string; gzipKb: number }>;
}

const gzipCache = new Map<string, { raw: number; gz: number }>();

/**
 * The JavaScript a first visit to `path` loads before any interaction: the module scripts and
 * modulepreload links of the server-rendered HTML (React Router lists every static import of
 * the entry and the matched routes there), each file gzip-compressed at level 9 from the build.
 */
export async function firstLoadJs(base: string, path: string): Promise<FirstLoadJs> {
  const html = await (await fetch(new URL(path, base))).text();
  const urls = firstLoadUrls(html);
  let raw = 0;
  let gz = 0;
  let files = 0;
  const each: Array<{ file: string; gzipKb: number }> = [];
  for (const u of urls) {
    const pathname = new URL(u, base).pathname;
    const file = join(ROOT, 'apps/web/build/client', pathname);
    if (!existsSync(file)) continue;
    let sizes = gzipCache.get(file);
    if (!sizes) {
      const bytes = readFileSync(file);
      sizes = { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
      gzipCache.set(file, sizes);
    }
    raw += sizes.raw;
    gz += sizes.gz;
    files++;
    each.push({ file: pathname.replace(/^\/assets\//, ''), gzipKb: sizes.gz / 1024 });
  }
  const all = each.sort((a, b) => b.gzipKb - a.gzipKb);
  return { files, rawKb: raw / 1024, gzipKb: gz / 1024, largest: all.slice(0, 8), all };
}
