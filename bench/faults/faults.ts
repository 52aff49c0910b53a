// Fault scripts (docs/security.md), each against a real server process started from
// apps/api/src/server.ts (and stopped by its own pid):
//   npm run faults             shutdown + pglite-kill + load (the CI-sized set)
//   npm run faults:pg-restart  60 s of load on PostgreSQL, the PostgreSQL server restarted at 20 s
//   npm run faults:soak        50 connections for 10 minutes: errors, p99 and memory growth
// or `node bench/faults/faults.ts <scenario...> [--seconds N] [--no-latency-gate]`. Each scenario
// prints its figures and its pass marks; the exit code is 1 when one failed. Results also go to
// bench/results/faults-*.json. `--no-latency-gate` (what CI runs) reports the load p99 without
// making it a pass mark: latency depends on the machine and is measured on a quiet one
// (docs/performance.md), while errors, drops and lost writes are pass marks everywhere.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { load } from '../lib/measure.ts';
import { memoryOf, ROOT, startProcess, waitFor200, type Server } from '../lib/proc.ts';

const { values: args, positionals } = parseArgs({
  options: { seconds: { type: 'string' }, port: { type: 'string' }, 'no-latency-gate': { type: 'boolean', default: false } },
  allowPositionals: true,
  strict: true,
});

const SERVER = 'apps/api/src/server.ts';
const BASE_PORT = Number(args.port ?? 3400);
const PG_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A small seeded catalogue: enough for every read route, quick to build. */
const SEED_SCALE = '0.2';

interface Check {
  name: string;
  value: string;
  pass: boolean;
}

const results: Record<string, { checks: Check[]; figures: Record<string, unknown> }> = {};

function check(scenario: string, name: string, value: unknown, pass: boolean): void {
  const entry = (results[scenario] ??= { checks: [], figures: {} });
  entry.checks.push({ name, value: String(value), pass });
  console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
}

function figure(scenario: string, name: string, value: unknown): void {
  (results[scenario] ??= { checks: [], figures: {} }).figures[name] = value;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tempDataDir(): string {
  return mkdtempSync(join(os.tmpdir(), 'market-faults-'));
}

async function startServer(env: Record<string, string>, port: number, timeoutMs = 600_000): Promise<Server> {
  const server = startProcess(SERVER, { SEED_SCALE: SEED_SCALE, TRUSTED_PROXIES: '127.0.0.1', ...env }, port);
  await waitFor200(`${server.base}/api/health/`, server, timeoutMs);
  return server;
}

/** One HTTP request on its own connection; resolves with the status, or 0 when the connection failed. */
function request(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; slowMs?: number; timeoutMs?: number; agent?: http.Agent } = {},
): Promise<{ status: number; ms: number; error?: string }> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve) => {
    const req = http.request(new URL(path, base), {
      method: options.method ?? 'GET',
      agent: options.agent ?? false,
      headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...options.headers },
      timeout: options.timeoutMs ?? 30_000,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, ms: performance.now() - started, error: error.code ? `${error.code}: ${error.message}` : error.message }));
    if (!payload) return void req.end();
    if (!options.slowMs) return void req.end(payload);
    // A slow client: half the body now, the rest later, so the request stays in flight.
    const half = Math.floor(payload.length / 2);
    req.write(payload.subarray(0, half));
    setTimeout(() => req.end(payload.subarray(half)), options.slowMs);
  });
}

let visitor = 0;
/** A distinct forwarded client address per call (the servers trust 127.0.0.1 as their proxy). */
function nextVisitor(): Record<string, string> {
  visitor++;
  return { 'x-forwarded-for': `198.18.${(visitor >> 8) & 255}.${visitor & 255}` };
}

/**
 * The read routes of the public pages, spread over places and pages. Every other request moves the
 * visitor by a few metres (one of 997 points), so half the load misses the in-process answer cache.
 */
function readPath(i: number): string {
  const places = [
    { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 },
    { city: 'Chicago', state: 'IL', lat: 41.8781, lng: -87.6298 },
    { city: 'Minneapolis', state: 'MN', lat: 44.9778, lng: -93.265 },
    { city: 'Tampa', state: 'FL', lat: 27.9506, lng: -82.4572 },
  ];
  const p = places[i % places.length]!;
  const jitter = i % 2 ? ((i * 7919) % 997) * 0.0001 : 0;
  const place = `city=${p.city}&state=${p.state}&lat=${(p.lat + jitter).toFixed(4)}&lng=${(p.lng - jitter).toFixed(4)}`;
  switch (i % 6) {
    case 0:
      return `/api/entities/?type=Offer&${place}&offset=${(i % 5) * 12}`;
    case 1:
      return `/api/search/?q=${encodeURIComponent(['pizza', 'oil change', 'salon', 'dentist', 'tires'][i % 5]!)}&${place}`;
    case 2:
      return `/api/contests/?${place}`;
    case 3:
      return `/api/locations/?${place}&offset=${(i % 3) * 12}`;
    case 4:
      return '/api/categories/';
    default:
      return `/api/recommendations/?${place}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Graceful shutdown: SIGTERM during 200 slow in-flight requests, while keep-alive clients go on
// sending and new clients connect. A connection reset (ECONNRESET, EPIPE, "socket hang up") leaves
// a client not knowing whether its request ran: any reset fails. A refused connection carried
// nothing, and a 503 says it was not done: both are fine during the drain.
const RESET_ERRORS = /ECONNRESET|EPIPE|socket hang up|other side closed/i;

function isReset(error: string | undefined): boolean {
  return !!error && RESET_ERRORS.test(error);
}

/** A keep-alive client sending one request after another on its connections until told to stop. */
async function keepAliveClient(base: string, agent: http.Agent, stop: { now: boolean }): Promise<Array<{ status: number; error?: string }>> {
  const outcomes: Array<{ status: number; error?: string }> = [];
  while (!stop.now) {
    const outcome = await request(base, '/api/categories/', { agent, timeoutMs: 5000 });
    outcomes.push(outcome);
    // Refused: the server is gone for good; a real client would go to another instance.
    if (outcome.error?.includes('ECONNREFUSED')) break;
    await sleep(5);
  }
  return outcomes;
}

async function shutdown(): Promise<void> {
  const name = 'shutdown';
  console.log('\n== graceful shutdown: SIGTERM during 200 slow in-flight requests, 20 keep-alive clients and new connections');
  const dataDir = tempDataDir();
  const server = await startServer({ DATA_DIR: dataDir }, BASE_PORT);
  try {
    const marker = `shutdown-${Date.now().toString(36)}`;
    const inFlight = Array.from({ length: 200 }, (_, i) =>
      request(server.base, '/api/suggestmerchant/', { method: 'POST', body: { name: `${marker} ${i}`, city: 'Detroit', state: 'MI' }, headers: nextVisitor(), slowMs: 2500 }),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const stop = { now: false };
    const keepAlive = Array.from({ length: 20 }, () => keepAliveClient(server.base, agent, stop));
    await sleep(800);
    const signalled = performance.now();
    const exited = new Promise<number>((resolve) => server.child.once('exit', () => resolve(performance.now() - signalled)));
    server.child.kill('SIGTERM');
    await sleep(100);
    // New requests while the server drains, each on a new connection.
    const late: Array<{ status: number; error?: string }> = [];
    for (let i = 0; i < 20; i++) {
      late.push(await request(server.base, '/api/categories/', { timeoutMs: 5000 }));
      await sleep(50);
    }
    const answers = await Promise.all(inFlight);
    const exitMs = await Promise.race([exited, sleep(15_000).then(() => Infinity)]);
    stop.now = true;
    const kept = (await Promise.all(keepAlive)).flat();
    agent.destroy();
    const answered = answers.filter((a) => a.status >= 200 && a.status < 300).length;
    const dropped = answers.filter((a) => a.status === 0 || a.status >= 500).length;
    const everyone = [...answers, ...late, ...kept];
    const resets = everyone.filter((a) => isReset(a.error));
    const lateOk = late.filter((a) => a.status === 503 || a.error?.includes('ECONNREFUSED')).length;
    figure(name, 'inFlight', { total: answers.length, answered2xx: answered, dropped, statuses: tally(answers.map((a) => a.status)) });
    figure(name, 'newRequests', outcomes(late));
    figure(name, 'keepAliveRequests', outcomes(kept));
    figure(name, 'resets', resets.length);
    figure(name, 'exitMs', Math.round(exitMs));
    check(name, 'in-flight requests dropped', `${dropped} of 200 (${answered} answered 2xx)`, dropped === 0 && answered === 200);
    check(name, 'new connections during the drain refused or answered 503', `${lateOk} of ${late.length} (${JSON.stringify(outcomes(late))})`, lateOk === late.length);
    check(name, 'keep-alive requests: 2xx before, 503 or refused after SIGTERM, never reset', JSON.stringify(outcomes(kept)), kept.every((a) => (a.status >= 200 && a.status < 300) || a.status === 503 || a.error?.includes('ECONNREFUSED')));
    check(name, 'connection resets', `${resets.length} of ${everyone.length} requests${resets.length ? ` (${[...new Set(resets.map((r) => r.error))].join(', ')})` : ''}`, resets.length === 0);
    check(name, 'exit after SIGTERM', `${Math.round(exitMs)} ms`, exitMs < 10_000);
    check(name, 'exit code', String(server.child.exitCode), server.child.exitCode === 0);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Statuses, with connection errors named by their code. */
function outcomes(list: Array<{ status: number; error?: string }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of list) {
    const key = a.status ? String(a.status) : isReset(a.error) ? `reset (${a.error})` : (a.error ?? 'connection error');
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

function tally(statuses: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) out[s === 0 ? 'connection error' : String(s)] = (out[s === 0 ? 'connection error' : String(s)] ?? 0) + 1;
  return out;
}

// ---------------------------------------------------------------------------------------------
// PGlite: kill -9 during writes, restart; the database opens and every answered write is there.
async function pgliteKill(): Promise<void> {
  const name = 'pglite-kill';
  console.log('\n== PGlite: kill -9 during writes, restart');
  const dataDir = tempDataDir();
  let server = await startServer({ DATA_DIR: dataDir }, BASE_PORT + 1);
  const answeredNames: string[] = [];
  let sent = 0;
  let stop = false;
  try {
    const marker = `kill-${Date.now().toString(36)}`;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const leadName = `${marker} ${w}-${i}`;
        sent++;
        const res = await request(server.base, '/api/suggestmerchant/', { method: 'POST', body: { name: leadName, city: 'Detroit', state: 'MI' }, headers: nextVisitor(), timeoutMs: 5000 });
        if (res.status === 201) answeredNames.push(leadName);
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));
    await sleep(4000);
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await new Promise((r) => (server.child.exitCode !== null || server.child.signalCode !== null ? r(null) : server.child.once('exit', r)));
    figure(name, 'writes', { sent, answered201: answeredNames.length });

    const reopened = performance.now();
    server = await startServer({ DATA_DIR: dataDir }, BASE_PORT + 1, 120_000);
    const reopenMs = performance.now() - reopened;
    check(name, 'database opens after kill -9 (restart to first 200)', `${Math.round(reopenMs)} ms`, true);
    await server.stop();

    // Read the data directory directly: every write that was answered 201 is stored.
    const { openDatabase } = await import('../../apps/api/src/db/client.ts');
    const { sql } = await import('drizzle-orm');
    const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const rows = await db.rows<{ name: string }>(sql`SELECT details->>'name' AS name FROM leads WHERE details->>'name' LIKE ${`${marker} %`}`);
      const stored = new Set(rows.map((r) => r.name));
      const missing = answeredNames.filter((n) => !stored.has(n));
      figure(name, 'stored', { stored: stored.size, answered: answeredNames.length, missing: missing.length });
      check(name, 'answered writes present after restart', `${answeredNames.length - missing.length} of ${answeredNames.length} (${stored.size} rows stored)`, missing.length === 0 && answeredNames.length > 0);
    } finally {
      await db.close();
    }
  } finally {
    stop = true;
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Shared helpers for the PostgreSQL scenarios: a fresh database made from a seeded template.
async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `faults_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface LoadFigures {
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

async function readLoad(base: string, seconds: number): Promise<LoadFigures> {
  const r = await load(base, readPath, { connections: 50, seconds });
  return { seconds, rps: Math.round(r.rps), p50: r.p50, p99: r.p99, errors: r.errors, non2xx: r.non2xx, timeouts: r.timeouts };
}

// ---------------------------------------------------------------------------------------------
// Load: 50 connections for 60 s on the read routes (PostgreSQL, the production shape).
async function loadScenario(seconds: number, scenario = 'load'): Promise<void> {
  console.log(`\n== load: 50 connections for ${seconds} s on the read routes (PostgreSQL)`);
  const database = await freshPgDatabase();
  const dataDir = tempDataDir();
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url }, BASE_PORT + 2);
  try {
    // Every kind of read path answers 200 before the load starts.
    for (let k = 0; k < 12; k++) {
      const res = await request(server.base, readPath(k));
      if (res.status !== 200) throw new Error(`${readPath(k)} answered ${res.status}`);
    }
    await readLoad(server.base, 5); // warm-up: plans, caches, JIT
    const pid = server.child.pid!;
    const memory: Array<{ s: number; rssMb: number }> = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      const m = memoryOf(pid);
      if (m) memory.push({ s: Math.round((performance.now() - started) / 1000), rssMb: Math.round(m.rssMb * 10) / 10 });
    }, 5000);
    const figures = await readLoad(server.base, seconds);
    clearInterval(sampler);
    figure(scenario, 'load', figures);
    check(scenario, `errors at 50 connections for ${seconds} s`, `${figures.errors} errors, ${figures.non2xx} non-2xx, ${figures.timeouts} timeouts (${figures.rps} req/s)`, figures.errors === 0 && figures.non2xx === 0 && figures.timeouts === 0);
    const p99 = `${figures.p99} ms (p50 ${figures.p50} ms)`;
    if (args['no-latency-gate']) console.log(`  INFO  p99 latency: ${p99}; a pass mark (under 250 ms) only without --no-latency-gate`);
    else check(scenario, 'p99 latency', p99, figures.p99 < 250);
    if (seconds >= 300) {
      // Growth after warm-up: the heap grows to its working size during the first two minutes
      // under load (measured: 486 MB at 5 s, 841 MB at 65 s, 939 MB at 95 s, then flat), so
      // the baseline is the sample at 120 s; the growth from 60 s is printed beside it.
      const at = (s: number) => memory.find((m) => m.s >= s) ?? memory[0]!;
      const warm = at(120);
      const early = at(60);
      const end = memory.at(-1)!;
      const growth = ((end.rssMb - warm.rssMb) / warm.rssMb) * 100;
      const fromEarly = ((end.rssMb - early.rssMb) / early.rssMb) * 100;
      figure(scenario, 'memory', { samples: memory, warmMb: warm.rssMb, endMb: end.rssMb, growthPercent: Math.round(growth * 10) / 10, growthFrom60sPercent: Math.round(fromEarly * 10) / 10 });
      check(
        scenario,
        'memory growth over the soak after a 2-minute warm-up',
        `${warm.rssMb} MB at ${warm.s} s -> ${end.rssMb} MB at ${end.s} s (${growth.toFixed(1)}%; from ${early.rssMb} MB at ${early.s} s: ${fromEarly.toFixed(1)}%)`,
        growth < 10,
      );
    }
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL restart at 20 s during 60 s of load.
async function pgRestart(): Promise<void> {
  const name = 'pg-restart';
  console.log('\n== PostgreSQL restart at 20 s during 60 s of load');
  const version = execFileSync('ls', ['/etc/postgresql']).toString().trim().split('\n')[0] ?? '15';
  const database = await freshPgDatabase();
  const dataDir = tempDataDir();
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url }, BASE_PORT + 3);
  const pid = server.child.pid;
  const marker = `pgr-${Date.now().toString(36)}`;
  const answered: string[] = [];
  const perSecond = new Map<number, { ok: number; failed: number; maxMs: number }>();
  const started = performance.now();
  let stop = false;
  try {
    const note = (ok: boolean, ms: number) => {
      const s = Math.floor((performance.now() - started) / 1000);
      const slot = perSecond.get(s) ?? { ok: 0, failed: 0, maxMs: 0 };
      if (ok) slot.ok++;
      else slot.failed++;
      slot.maxMs = Math.max(slot.maxMs, ms);
      perSecond.set(s, slot);
    };
    let i = 0;
    const reader = async () => {
      while (!stop) {
        const res = await request(server.base, readPath(i++), { timeoutMs: 30_000 });
        note(res.status === 200, res.ms);
      }
    };
    const writer = async (w: number) => {
      for (let k = 0; !stop; k++) {
        const leadName = `${marker} ${w}-${k}`;
        const res = await request(server.base, '/api/suggestmerchant/', { method: 'POST', body: { name: leadName, city: 'Detroit', state: 'MI' }, headers: nextVisitor(), timeoutMs: 30_000 });
        if (res.status === 201) answered.push(leadName);
        note(res.status === 201, res.ms);
      }
    };
    const workers = [...Array.from({ length: 12 }, reader), ...Array.from({ length: 4 }, (_, w) => writer(w))];
    await sleep(20_000);
    const restartAt = (performance.now() - started) / 1000;
    // Asynchronously: the load must keep running while the database restarts.
    const restart = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (status) => resolve({ status, output }));
    });
    const backAt = (performance.now() - started) / 1000;
    if (restart.status !== 0) console.log(`  pg_ctlcluster: ${restart.output}`);
    await sleep(Math.max(0, 60_000 - (performance.now() - started)));
    stop = true;
    await Promise.all(workers);

    const seconds = [...perSecond.entries()].sort((x, y) => x[0] - y[0]);
    // Full service: the first second after the database's return from which every request succeeds.
    const back = Math.ceil(backAt);
    let fullFrom: number | undefined;
    for (const [s] of seconds) {
      if (s < back) continue;
      const rest = seconds.filter(([t]) => t >= s && t < 59);
      if (rest.every(([, v]) => v.failed === 0)) {
        fullFrom = s;
        break;
      }
    }
    const maxMs = Math.max(...seconds.map(([, v]) => v.maxMs));
    figure(name, 'timeline', Object.fromEntries(seconds.map(([s, v]) => [s, v])));
    figure(name, 'restart', { restartAt, backAt, fullFrom });
    const alive = server.child.exitCode === null && server.child.signalCode === null && server.child.pid === pid;
    check(name, 'the same process keeps serving', `pid ${pid} ${alive ? 'alive' : 'gone'}`, alive);
    check(name, 'PostgreSQL restarted', `at ${restartAt.toFixed(1)} s, back at ${backAt.toFixed(1)} s (exit ${restart.status})`, restart.status === 0);
    check(name, 'full service after the database returned', fullFrom === undefined ? 'never' : `${(fullFrom - backAt).toFixed(1)} s after (second ${fullFrom})`, fullFrom !== undefined && fullFrom - backAt <= 5);
    check(name, 'nothing hangs past its timeout (slowest request)', `${Math.round(maxMs)} ms`, maxMs < 20_000);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(`SELECT details->>'name' AS name FROM leads WHERE details->>'name' LIKE $1`, [`${marker} %`]);
      const stored = new Set(rows.map((r) => r.name));
      const missing = answered.filter((n) => !stored.has(n));
      check(name, 'writes answered 2xx still there', `${answered.length - missing.length} of ${answered.length}`, missing.length === 0 && answered.length > 0);
    } finally {
      await client.end();
    }
  } finally {
    stop = true;
    await server.stop();
    await database.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const scenarios = positionals.length ? positionals : ['shutdown', 'pglite-kill', 'load'];
const seconds = Number(args.seconds ?? 60);
for (const scenario of scenarios) {
  if (scenario === 'shutdown') await shutdown();
  else if (scenario === 'pglite-kill') await pgliteKill();
  else if (scenario === 'load') await loadScenario(seconds);
  else if (scenario === 'soak') await loadScenario(Number(args.seconds ?? 600), 'soak');
  else if (scenario === 'pg-restart') await pgRestart();
  else throw new Error(`Unknown scenario ${scenario}: use shutdown, pglite-kill, load, soak or pg-restart`);
}

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `faults-${scenarios.join('+')}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine: { cpus: os.cpus().length, memGb: Math.round(os.totalmem() / 2 ** 30) }, results }, null, 1)}\n`);
const failed = Object.values(results).flatMap((r) => r.checks).filter((c) => !c.pass);
console.log(`\n${Object.values(results).flatMap((r) => r.checks).length - failed.length} passed, ${failed.length} failed (results in ${file})`);
process.exit(failed.length ? 1 : 0);
