// Load (autocannon, 50 connections, req/s) and sequential latency (one request at a time,
// p50/p95/p99) for one scenario: a path generator, so "uncached" scenarios send a new URL each
// time and "hot" ones repeat one.
import http from 'node:http';
import autocannon from 'autocannon';

export type PathGen = (i: number) => string;

/** What one scenario sends besides its path: a method, a body, headers, and headers per request. */
export interface RequestShape {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Headers of the i-th request (a till's own token, a client address of its own). */
  headersFor?: (i: number) => Record<string, string>;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface SeqResult {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  n: number;
  bad: number;
}

export async function load(base: string, path: PathGen, options: { connections: number; seconds: number } & RequestShape): Promise<LoadResult> {
  let i = 0;
  const url = new URL(base);
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    requests: [
      {
        method: options.method ?? 'GET',
        ...(options.body === undefined ? {} : { body: options.body }),
        setupRequest(req: Record<string, unknown>) {
          const k = i++;
          return { ...req, path: path(k), headers: { ...(req.headers as object), ...options.headersFor?.(k), host: url.host } };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function once(base: string, path: string, shape: RequestShape, k: number): Promise<{ ms: number; status: number }> {
  const url = new URL(path, base);
  const headers = { ...shape.headers, ...shape.headersFor?.(k) };
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(url, { agent, headers, method: shape.method ?? 'GET' }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end(shape.body);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

/** `n` requests one after another, or fewer when `maxMs` runs out first (at least `minN`). */
export async function sequential(base: string, path: PathGen, options: { n: number; maxMs: number; minN: number; offset?: number } & RequestShape): Promise<SeqResult> {
  const times: number[] = [];
  let bad = 0;
  const started = performance.now();
  for (let k = 0; k < options.n; k++) {
    if (k >= options.minN && performance.now() - started > options.maxMs) break;
    const r = await once(base, path((options.offset ?? 0) + k), options, (options.offset ?? 0) + k);
    if (r.status !== 200) bad++;
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    n: times.length,
    bad,
  };
}

export function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}
