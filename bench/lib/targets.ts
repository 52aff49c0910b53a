// The speed targets (docs/performance.md) and whether a run met them (and by how much it missed).
import type { EmbeddedResult, PageResult, ScenarioResult } from '../bench.ts';

export interface TargetCheck {
  target: string;
  subject: string;
  goal: string;
  measured: string;
  met: boolean | null;
  /** measured / goal for "at least" goals, goal / measured for "at most" goals (1 = exactly met). */
  attainment: number | null;
}

function atLeast(target: string, subject: string, value: number | undefined, goal: number, unit: string, digits = 0): TargetCheck {
  if (value === undefined || !Number.isFinite(value)) return { target, subject, goal: `>= ${goal}${unit}`, measured: 'not measured', met: null, attainment: null };
  return { target, subject, goal: `>= ${goal}${unit}`, measured: `${value.toFixed(digits)}${unit}`, met: value >= goal, attainment: value / goal };
}

function atMost(target: string, subject: string, value: number | undefined, goal: number, unit: string, digits = 1): TargetCheck {
  if (value === undefined || !Number.isFinite(value)) return { target, subject, goal: `<= ${goal}${unit}`, measured: 'not measured', met: null, attainment: null };
  return { target, subject, goal: `<= ${goal}${unit}`, measured: `${value.toFixed(digits)}${unit}`, met: value <= goal, attainment: goal / value };
}

export function evaluateTargets(api: ScenarioResult[], pages: PageResult[], embedded: EmbeddedResult | null): TargetCheck[] {
  const s = (id: string) => api.find((r) => r.id === id);
  const pct = (r: ScenarioResult | undefined) => (r?.ratio == null ? undefined : r.ratio * 100);
  const checks: TargetCheck[] = [
    atLeast('Listings uncached >= 25% of DB floor', 'entities-near', pct(s('entities-near')), 25, '%'),
    atLeast('Listings uncached >= 25% of DB floor', 'entities-featured', pct(s('entities-featured')), 25, '%'),
    atLeast('Listings hot >= 50% of HTTP floor', 'entities-near-hot', pct(s('entities-near-hot')), 50, '%'),
    atLeast('Listings hot >= 50% of HTTP floor', 'entities-featured-hot', pct(s('entities-featured-hot')), 50, '%'),
  ];
  for (const id of ['search-common', 'search-common-hot']) {
    checks.push(atLeast('Common-word search >= 1,000 req/s', id, s(id)?.rps, 1000, ' req/s'));
    checks.push(atMost('Common-word search p95 <= 20 ms', id, s(id)?.p95, 20, ' ms'));
  }
  checks.push(atMost('Typo search p95 <= 40 ms', 'search-typo', s('search-typo')?.p95, 40, ' ms'));
  checks.push(atMost('Autocomplete p95 <= 5 ms', 'autocomplete', s('autocomplete')?.p95, 5, ' ms', 2));
  checks.push(atMost('Autocomplete p95 <= 5 ms', 'autocomplete-hot', s('autocomplete-hot')?.p95, 5, ' ms', 2));
  for (const id of ['console-offers', 'console-offers-search', 'console-merchants', 'console-leads']) {
    checks.push(atMost('Console list first page p95 < 100 ms', id, s(id)?.p95, 100, ' ms'));
  }
  checks.push(atMost('Merchant dashboard (30 days, 500 offers) p95 < 200 ms', 'merchant-dashboard', s('merchant-dashboard')?.p95, 200, ' ms'));
  checks.push(atLeast('SSR home >= 5% of HTTP floor', 'page-home', pct(s('page-home')), 5, '%', 1));
  for (const p of pages.filter((x) => x.page !== 'contests')) {
    checks.push(atLeast('Lighthouse performance >= 95', p.page, p.lighthouse?.performance, 95, ''));
    checks.push(atLeast('Lighthouse accessibility = 100', p.page, p.lighthouse?.accessibility, 100, ''));
  }
  for (const p of pages) checks.push(atMost(p.page === 'home' ? 'First-load JS <= 115 kB gzip' : 'First-load JS <= 120 kB gzip', p.page, p.js.gzipKb, p.page === 'home' ? 115 : 120, ' kB'));
  checks.push(atMost('Embedded first page <= 90 s', 'cold start, empty DATA_DIR', embedded ? embedded.coldStartMs / 1000 : undefined, 90, ' s'));
  checks.push(atMost('Embedded restart <= 5 s', 'warm restart', embedded ? embedded.warmRestartMs / 1000 : undefined, 5, ' s', 2));
  checks.push(atMost('Embedded memory < 400 MB under load', 'max RSS, demo size', embedded?.memory.maxRssMb, 400, ' MB', 0));
  return checks;
}
