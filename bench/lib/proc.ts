// Server processes the benchmark starts and stops (by their own pid), readiness polling and
// memory sampling from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Server {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  stop(): Promise<void>;
}

export function startProcess(script: string, env: Record<string, string>, port: number, nodeArgs: string[] = ['--disable-warning=ExperimentalWarning']): Server {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    // REDIS_URL (.ci/run sets it for the API suite) is cleared unless `env` gives one: the measured
    // servers count their limits in memory, as they did before CI had it.
    env: { ...process.env, REDIS_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Polls `url` until it answers 200; returns the milliseconds waited. */
export async function waitFor200(url: string, server: Server, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${server.output()}`);
}

/** Resident memory of a process in MB (VmRSS) and its peak (VmHWM). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest sample and the kernel's peak. */
export function sampleMemory(pid: number, everyMs = 200): () => { maxRssMb: number; peakMb: number } {
  let max = 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m) max = Math.max(max, m.rssMb);
  }, everyMs);
  return () => {
    clearInterval(timer);
    const m = memoryOf(pid);
    return { maxRssMb: Math.max(max, m?.rssMb ?? 0), peakMb: m?.peakMb ?? max };
  };
}
