// The weekly digest job at scale (docs/performance.md "Weekly digest at national scale"), shared by
// `npm run bench:notifications` and the digest scenario of `npm run bench`: members are added to
// the data set (bench-notify-* addresses, replaced on each run) on the ZIPs of its places, every
// one with its digest day today, marketing on and a confirmed address; so that there is something
// new to mail, a tenth of the offers are marked first published in the last six days. The real
// job runs (batches, claims, the pg-boss queue) with the real sender writing one .eml per mail
// into a fresh DATA_DIR/mailbox.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { businessToday } from '@market/domain/expiry';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseEnv } from '../../apps/api/src/config/env.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { weeklyDigestJob } from '../../apps/api/src/modules/notifications/lib/jobs.ts';
import { runMailJob } from '../../apps/api/src/modules/notifications/lib/runner.ts';

export interface DigestOptions {
  datasetUrl: string;
  members: number;
  batchSize: number;
  /** Measure the job alone: no wait for the transport, no drain (the queued mails are removed after). */
  queueOnly: boolean;
}

export interface DigestResult {
  members: number;
  membersInDb: number;
  queueOnly: boolean;
  batchSize: number;
  batches: number;
  run: { sent: number; skipped: number; failed: number };
  emlWritten: number;
  jobSeconds: number;
  totalSeconds: number;
  membersPerSecond: number;
  mailsPerSecond: number;
  queuedPerSecond: number;
  peakRssMb: number;
}

export async function runDigest(options: DigestOptions, log: (line: string) => void): Promise<DigestResult> {
  const client = new pg.Client({ connectionString: options.datasetUrl });
  await client.connect();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-notify-'));
  try {
    const weekday = (new Date(`${businessToday()}T12:00:00Z`).getUTCDay() + 6) % 7;
    log(`Preparing ${options.members.toLocaleString('en-US')} members (digest day ${weekday})...`);
    await client.query(`DELETE FROM users WHERE email LIKE 'bench-notify-%'`);
    await client.query(`UPDATE offer_index SET created_at = now() - make_interval(hours => (offer_id % 144)) WHERE offer_id % 10 = 0`);
    await client.query(
      `CREATE TEMP TABLE bench_zips AS SELECT row_number() OVER (ORDER BY zip) - 1 AS i, zip, state FROM (SELECT DISTINCT ON (z.zip) z.zip, p.state FROM places p, unnest(p.zips) z(zip) WHERE p.state IN ('MI','IL','MN','FL') ORDER BY z.zip, p.population DESC) q`,
    );
    const [{ n: zipCount }] = (await client.query(`SELECT count(*)::int AS n FROM bench_zips`)).rows as [{ n: number }];
    await client.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, state, zip, email_verified_at, promotions_agree)
       SELECT 'bench-notify-' || g || '@example.com', 'x', 'Bench', 'Member', z.state, z.zip, now(), true
       FROM generate_series(1, $1::int) g JOIN bench_zips z ON z.i = g % $2::int`,
      [options.members, zipCount],
    );
    await client.query(
      `INSERT INTO notification_preferences (user_id, digest_day, marketing, unsubscribe_token)
       SELECT id, $1, true, md5('bench' || id) FROM users WHERE email LIKE 'bench-notify-%'`,
      [weekday],
    );
    await client.query(`DELETE FROM notification_sends WHERE kind = 'weekly_digest'`);
    await client.query(`ANALYZE users; ANALYZE notification_preferences; ANALYZE offer_index`);
    const [{ n: membersInDb }] = (await client.query(`SELECT count(*)::int AS n FROM users`)).rows as [{ n: number }];

    const env = parseEnv({ DATABASE_URL: options.datasetUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
    const db = await openDatabase({ databaseUrl: options.datasetUrl, poolSize: 8 });
    const app = await buildApp({ env, db }, { logger: false });
    try {
      await app.ready();
      const [{ id: runId }] = (await client.query(`INSERT INTO job_runs (name) VALUES ('weekly-digest') RETURNING id`)).rows as [{ id: number }];
      const lines: string[] = [];
      const started = Date.now();
      let peakRss = 0;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 500).unref();
      const detail = await runMailJob(
        app.deps,
        weeklyDigestJob,
        {
          id: runId,
          log: {
            info: (_o: unknown, line?: string) => {
              if (!line) return;
              lines.push(line);
              if (lines.length % 20 === 0) log(line);
            },
            error: (o: unknown, line?: string) => log(`ERROR ${line ?? ''} ${String((o as { err?: unknown }).err ?? '')}`),
          },
        },
        { batchSize: options.batchSize, ...(options.queueOnly ? { maxBacklog: Number.MAX_SAFE_INTEGER } : {}) },
      );
      const jobSeconds = (Date.now() - started) / 1000;
      log(`Job done in ${jobSeconds.toFixed(1)} s: ${detail}`);
      if (!options.queueOnly) await app.deps.mail.drain(3_600_000);
      const totalSeconds = (Date.now() - started) / 1000;
      clearInterval(sampler);
      let emlWritten = 0;
      try {
        emlWritten = readdirSync(join(dataDir, 'mailbox')).filter((f) => f.endsWith('.eml')).length;
      } catch {
        emlWritten = 0;
      }
      const [run] = (await client.query(`SELECT sent, skipped, failed FROM job_runs WHERE id = $1`, [runId])).rows as [{ sent: number; skipped: number; failed: number }];
      // Mails a queue-only run left are not for anyone: clear them so the next run starts empty.
      if (options.queueOnly) await client.query(`DELETE FROM pgboss.job WHERE name = 'mail' AND state = 'created'`);
      return {
        members: options.members,
        membersInDb,
        queueOnly: options.queueOnly,
        batchSize: options.batchSize,
        batches: lines.filter((l) => l.includes(': batch ')).length,
        run,
        emlWritten,
        jobSeconds,
        totalSeconds,
        membersPerSecond: Math.round(membersInDb / jobSeconds),
        mailsPerSecond: Number((emlWritten / totalSeconds).toFixed(1)),
        queuedPerSecond: Math.round(run.sent / jobSeconds),
        peakRssMb: Math.round(peakRss / 1048576),
      };
    } finally {
      await app.close();
      await db.close();
    }
  } finally {
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
