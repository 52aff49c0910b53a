// Vitest global setup for the API project: builds the seeded template database once per run.
// With DATABASE_URL set the suite runs on that PostgreSQL server, in fresh databases.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { businessToday } from '@market/domain/expiry';
import { ensureWebBuilt } from '../../src/web/build.ts';
import { adminQuery, buildTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    pgTemplate: string;
    pgliteDumpPath: string;
    today: string;
    /** Redis for the shared rate-limit test (docs/security.md): REDIS_URL, or '' (the test is skipped); CI starts one at 127.0.0.1:6379. */
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Page tests mount the web build: made here once, before any test file runs, when it is stale.
  if (!ensureWebBuilt()) throw new Error('The web build failed.');
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const today = businessToday();
  const started = Date.now();
  const template = await buildTemplate({ databaseUrl: databaseUrl || undefined, today });
  const dir = mkdtempSync(join(tmpdir(), 'market-test-'));
  let pgliteDumpPath = '';
  if (template.pgliteDump) {
    pgliteDumpPath = join(dir, 'template.tar');
    writeFileSync(pgliteDumpPath, template.pgliteDump);
  }
  project.provide('databaseUrl', databaseUrl);
  project.provide('pgTemplate', template.pgTemplate ?? '');
  project.provide('pgliteDumpPath', pgliteDumpPath);
  project.provide('today', today);
  project.provide('redisUrl', process.env.REDIS_URL ?? '');
  console.log(`test template ready on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${Date.now() - started} ms`);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (template.pgTemplate) {
      // Drop the template and every test database made from it in this run.
      await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${template.pgTemplate} WITH (FORCE)`);
    }
  };
}
