// `npm start` (scripts/start.ts) as an operator runs it, NODE_ENV unset: production mode, no local
// mailbox page, and DEV_MAILBOX refused. The server gets a copy of the test template database, so
// it starts without seeding.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { openTestDatabase } from './support/harness.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START = ['--disable-warning=ExperimentalWarning', 'scripts/start.ts'];

let dataDir: string;
let databaseUrl: string | undefined;
let drop: () => Promise<void> = async () => {};

/** The environment of an operator's shell: no NODE_ENV (vitest sets one for itself). */
function operatorEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete env.NODE_ENV;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'market-start-'));
  if (inject('databaseUrl')) {
    const copy = await openTestDatabase();
    await copy.db.close();
    databaseUrl = copy.databaseUrl;
    drop = copy.drop;
  } else {
    const db = await openDatabase({ dataDir: join(dataDir, 'pglite'), loadDataDir: new Blob([readFileSync(inject('pgliteDumpPath'))]) });
    await db.close();
  }
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start defaults to production mode', () => {
  it('starts in production mode with NODE_ENV unset, and serves no mailbox page', async () => {
    const child = spawn(process.execPath, START, { cwd: ROOT, env: operatorEnv({}), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    try {
      const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = output.match(/Marketplace ready on http:\/\/localhost:(\d+) \((\w+) mode/);
          if (match) resolve(match);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      expect(ready[2]).toBe('production');
      const base = `http://127.0.0.1:${ready[1]}`;
      expect((await fetch(`${base}/dev/mailbox/`)).status).toBe(404);
      const page = await fetch(`${base}/about`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'nonce-");
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 150_000);

  it('refuses DEV_MAILBOX=true at start-up, naming the variable', () => {
    const result = spawnSync(process.execPath, START, { cwd: ROOT, env: operatorEnv({ DEV_MAILBOX: 'true' }), encoding: 'utf8', timeout: 110_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration: DEV_MAILBOX: /m);
  }, 120_000);
});
