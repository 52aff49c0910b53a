// The Markdown summary of one run (bench/results/<timestamp>.md).
import type { EmbeddedResult, PageResult, ScenarioResult } from '../bench.ts';
import type { DigestResult } from './digest.ts';
import type { TargetCheck } from './targets.ts';

interface Results {
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; postgres: string; loadAverageAtEnd: number[] };
  config: { quick: boolean; reps: number; seconds: number; connections: number; sequentialN: number; sequentialMaxSeconds: number; scale: number; seed: number; database: string };
  dataset: { counts: { merchants: number; locations: number; offers: number; activeOffers: number; places: number }; reused: boolean; seededOn: string; seedSeconds: number | null; rareWord: string; rareWordMatches: number; commonWordMatches: number; memberSavedItems: number };
  api: ScenarioResult[];
  pages: PageResult[];
  embedded: EmbeddedResult | null;
  digest: DigestResult | null;
  targets: TargetCheck[];
}

const n0 = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');
const n2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');

export function renderMarkdown(r: Results): string {
  const d = r.dataset;
  const lines: string[] = [];
  lines.push(`# Benchmark run ${r.startedAt}${r.config.quick ? ' (quick)' : ''}`, '');
  lines.push(
    `Machine: ${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGb} GB, Node ${r.machine.node}, PostgreSQL ${r.machine.postgres}; server, database and load generator share the cores.`,
    `Data set: \`${r.config.database}\`, scale ${r.config.scale}, seed ${r.config.seed}: ${n0(d.counts.offers)} offers (${n0(d.counts.activeOffers)} active) over ${n0(d.counts.locations)} locations, ${n0(d.counts.merchants)} merchants${d.reused ? ` (reused, seeded on ${d.seededOn})` : ` (seeded in ${n0(d.seedSeconds ?? NaN)} s)`}. 'pizza' matches ${n0(d.commonWordMatches)} active offers; the rare word '${d.rareWord}' ${n0(d.rareWordMatches)}.`,
    `Method: autocannon 9.0.0 at ${r.config.connections} connections for ${r.config.seconds} s, then up to ${r.config.sequentialN} sequential requests (at most ${r.config.sequentialMaxSeconds} s, at least 40; p50/p95/p99), every scenario in turn, ${r.config.reps} repetition(s); medians of the repetitions. Ratios: uncached endpoints against the DB floor, hot ones and pages against the HTTP floor, each repetition against its floor measured right before and right after it (a repetition whose floor moved by more than 20% meanwhile is measured again, twice at most; "floor" is the median of those floors).`,
    '',
  );
  lines.push('| scenario | cache | req/s | floor req/s | ratio to floor | p50 ms | p95 ms | p99 ms | repeated |', '|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const s of r.api) {
    const repeated = s.reps.reduce((sum, x) => sum + x.retries, 0);
    lines.push(
      `| ${s.label} | ${s.cache} | ${n0(s.rps)} | ${s.floorRps == null ? '-' : n0(s.floorRps)} | ${s.ratio == null ? '-' : `${(s.ratio * 100).toFixed(1)}% of ${s.floor}`} | ${n2(s.p50)} | ${n2(s.p95)} | ${n2(s.p99)} | ${repeated || '-'} |`,
    );
  }
  lines.push('', '| page | Lighthouse perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS | first-load JS gzip kB |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const p of r.pages) {
    const l = p.lighthouse;
    lines.push(`| ${p.page} \`${p.path}\` | ${l ? l.performance : '-'} | ${l ? l.accessibility : '-'}${l?.failedA11y.length ? ` (${l.failedA11y.join(', ')})` : ''} | ${l ? l.bestPractices : '-'} | ${l ? l.seo : '-'} | ${l ? n0(l.lcpMs) : '-'} | ${l ? n0(l.tbtMs) : '-'} | ${l ? l.cls.toFixed(3) : '-'} | ${p.js.gzipKb.toFixed(1)} |`);
  }
  const home = r.pages.find((p) => p.page === 'home');
  if (home?.js.largest?.length) {
    lines.push('', `Largest first-load files of the home page (gzip kB): ${home.js.largest.map((f) => `${f.file} ${f.gzipKb.toFixed(1)}`).join(', ')}.`);
  }
  if (r.embedded) {
    const e = r.embedded;
    lines.push(
      '',
      `Embedded (PGlite, demo size, as \`npm start\` runs it): first page ${(e.coldStartMs / 1000).toFixed(1)} s from an empty DATA_DIR (RSS ${n0(e.memory.afterColdStartMb)} MB after seeding in process); warm restart ${(e.warmRestartMs / 1000).toFixed(2)} s; restarted server RSS idle ${n0(e.memory.idleMb)} MB, max ${n0(e.memory.maxRssMb)} MB under ${e.load.seconds} s of mixed page and API load at 50 connections (${n0(e.load.rps)} req/s, ${e.load.non2xx} non-2xx, ${e.load.errors} errors).`,
    );
  }
  if (r.digest) {
    const g = r.digest;
    lines.push(
      '',
      `Weekly digest job (queue only, batches of ${g.batchSize}): ${n0(g.membersInDb)} members walked in ${g.jobSeconds.toFixed(1)} s (${n0(g.membersPerSecond)} members/s, ${n0(g.members)} of them with today's digest day), ${n0(g.run.sent)} mails queued (${n0(g.queuedPerSecond)}/s), ${n0(g.run.skipped)} skipped, ${n0(g.run.failed)} failed; peak RSS ${n0(g.peakRssMb)} MB.`,
    );
  }
  lines.push('', '| target | subject | goal | measured | met |', '|---|---|---|---|---|');
  for (const t of r.targets) {
    lines.push(`| ${t.target} | ${t.subject} | ${t.goal} | ${t.measured} | ${t.met == null ? '-' : t.met ? 'yes' : `no (${((t.attainment ?? 0) * 100).toFixed(0)}% of goal)`} |`);
  }
  lines.push('');
  return lines.join('\n');
}
