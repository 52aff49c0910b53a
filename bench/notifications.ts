// `npm run bench:notifications [-- --members 100000 --scale 200 --queue-only]` (docs/performance.md): the
// weekly digest for many members on PostgreSQL, through the real job and the real sender
// (bench/lib/digest.ts). Reports members walked per second, mails queued, and mails per second end
// to end (until the last .eml). The data set is bench/lib/dataset.ts's (national at scale 200).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDataset } from './lib/dataset.ts';
import { runDigest } from './lib/digest.ts';
import { ROOT } from './lib/proc.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    scale: { type: 'string', default: '200' },
    seed: { type: 'string', default: '20261122' },
    database: { type: 'string' },
    'batch-size': { type: 'string', default: '500' },
    /** Measure the job alone: no wait for the transport, no drain (mails are left queued). */
    'queue-only': { type: 'boolean', default: false },
  },
  strict: true,
});
const scale = Number(args.scale);
const database = args.database ?? (scale === 200 ? 'bench_national' : `bench_notify_${scale}`);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const dataset = await ensureDataset(ADMIN_URL, database, scale, Number(args.seed), log);
const digest = await runDigest({ datasetUrl: dataset.url, members: Number(args.members), batchSize: Number(args['batch-size']), queueOnly: args['queue-only'] }, log);
const at = new Date().toISOString();
const { members, membersInDb, ...figures } = digest;
const result = {
  at,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  dataset: { database, scale, offers: dataset.counts.offers, activeOffers: dataset.counts.activeOffers, places: dataset.counts.places, membersInDb },
  members,
  ...figures,
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, `bench/results/notifications-${at.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
