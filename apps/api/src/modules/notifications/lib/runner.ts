// The batched, resumable, idempotent runner of the saver mail jobs (docs/api.md "Notifications").
// Members are walked by id, one batch at a time. For each batch, in one transaction: the mails'
// dedupe keys are claimed in notification_sends (a key claimed before, by this run, an earlier
// one or another instance, is skipped), the claimed mails are queued on pg-boss through the same
// transaction, and the run's counts, cursor (the last member id done) and heartbeat are written.
// So a crash anywhere leaves either the whole batch (claims, mails, cursor) or none of it, and a
// later run of the same period resumes after the cursor. Before each batch the runner waits while
// the mail queue holds more than `maxBacklog` mails: the jobs go at the transport's pace.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db as BossDb } from 'pg-boss';
import { mayReceive, notificationChoices, type NotificationChoices, type NotificationKind } from '@market/domain/notifications';
import type { AppDeps } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { claimSends, findUnfinishedRun, markTakenOver, recordBatch, touchHeartbeat, type Claim, type MemberRow } from '../repository.ts';

export interface JobRunContext {
  id: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  signal?: AbortSignal;
}

/** One member of a batch and the mails the job would send them: each part is claimed by its key. */
export interface Candidate {
  member: MemberRow;
  parts: Array<{ key: string; ids: number[] }>;
}

export interface BatchContext {
  now: Date;
  period: string;
  after: number;
  limit: number;
  /** Kept for the whole run (e.g. the new offers near each ZIP). */
  cache: Map<string, unknown>;
}

export interface MailJobSpec {
  name: string;
  kind: NotificationKind;
  /** The mail template's kind (MAIL_TEMPLATES). */
  mailKind: string;
  /** The stretch of time one run covers (a day, an hour): an unfinished run of the same period is resumed. */
  period(now: Date): string;
  /** The members after `ctx.after` (by id, at most `ctx.limit`); `last` is the last member id looked at, null when none is left. */
  batch(deps: AppDeps, ctx: BatchContext): Promise<{ candidates: Candidate[]; last: number | null }>;
}

export interface RunOptions {
  now?: Date;
  batchSize?: number;
  /** The most mails waiting in the queue before the next batch waits. */
  maxBacklog?: number;
  /** A running run whose heartbeat is older than this belongs to a process that died. */
  staleSeconds?: number;
}

export const DEFAULT_BATCH_SIZE = 500;
export const DEFAULT_MAX_BACKLOG = 2000;
export const STALE_SECONDS = 120;
const HEARTBEAT_MS = 30_000;

/** The member's choices from a candidate row: saved, or the defaults. */
export function choicesOfRow(m: MemberRow): NotificationChoices {
  const saved = m.has_choices
    ? {
        expiry_reminder: !!m.expiry_reminder,
        new_from_places: !!m.new_from_places,
        weekly_digest: !!m.weekly_digest,
        contest_reminder: !!m.contest_reminder,
        contest_result: !!m.contest_result,
        digest_day: Number(m.digest_day),
        marketing: !!m.marketing,
      }
    : null;
  return notificationChoices(saved, { promotionsAgree: m.promotions_agree });
}

/** pg-boss's executor over a Drizzle transaction: its `$n` parameters become bound values. */
function bossExecutor(tx: Executor): BossDb {
  return {
    async executeSql(text, values = []) {
      const pieces = text.split(/\$(\d+)/);
      const chunks = pieces.map((piece, i) => (i % 2 === 0 ? sql.raw(piece) : sql`${values[Number(piece) - 1]}`));
      return (await tx.execute(sql.join(chunks, sql``))) as unknown as { rows: unknown[] };
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Stopped extends Error {}

/** Runs a mail job for its period; answers the line of the run's record. */
export async function runMailJob(deps: AppDeps, spec: MailJobSpec, run: JobRunContext, options: RunOptions = {}): Promise<string> {
  const db = deps.db.db;
  const now = options.now ?? deps.clock?.() ?? new Date();
  const limit = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxBacklog = options.maxBacklog ?? DEFAULT_MAX_BACKLOG;
  const period = spec.period(now);
  const checkStopped = () => {
    if (run.signal?.aborted) throw new Stopped(`${spec.name} stopped`);
  };

  let after = 0;
  const prior = await findUnfinishedRun(db, spec.name, period, run.id, options.staleSeconds ?? STALE_SECONDS);
  if (prior) {
    after = Number(prior.cursor.after ?? 0);
    await markTakenOver(db, prior.id, run.id);
  }
  await recordBatch(db, run.id, { sent: 0, skipped: 0, failed: 0 }, { period, after, done: false });
  run.log.info({ job: spec.name, run: run.id, period, after }, `${spec.name}: run ${run.id} for ${period} starts after member ${after}${prior ? ` (resuming run ${prior.id})` : ''}`);

  const totals = { sent: 0, skipped: 0, failed: 0 };
  const cache = new Map<string, unknown>();
  let batches = 0;
  for (;;) {
    checkStopped();
    let beat = Date.now();
    while ((await deps.mail.backlog()) > maxBacklog) {
      checkStopped();
      // Still alive while the transport catches up: no other run takes this one over.
      if (Date.now() - beat > HEARTBEAT_MS) {
        await touchHeartbeat(db, run.id);
        beat = Date.now();
      }
      await sleep(200);
    }
    const { candidates, last } = await spec.batch(deps, { now, period, after, limit, cache });
    if (last === null) break;

    const counts = { sent: 0, skipped: 0, failed: 0 };
    const wanted: Candidate[] = [];
    for (const c of candidates) {
      const m = c.member;
      if (m.staff || m.disabled || !c.parts.length || !mayReceive(spec.kind, choicesOfRow(m), { addressConfirmed: m.confirmed })) counts.skipped++;
      else wanted.push(c);
    }
    const claims: Claim[] = wanted.flatMap((c) => c.parts.map((p) => ({ userId: c.member.user_id, kind: spec.kind, key: p.key })));
    const commit = () =>
      db.transaction(async (tx) => {
        const batch = { ...counts };
        const claimed = await claimSends(tx, claims, run.id);
        const mails = [];
        for (const c of wanted) {
          const ids = c.parts.filter((p) => claimed.has(p.key)).flatMap((p) => p.ids);
          if (!ids.length) {
            batch.skipped++;
            continue;
          }
          mails.push({ kind: spec.mailKind, to: c.member.email, data: { userId: c.member.user_id, ids } });
          batch.sent++;
        }
        await deps.mail.enqueueMany(mails, bossExecutor(tx));
        await recordBatch(tx, run.id, batch, { period, after: last, done: false });
        return batch;
      });
    let done: typeof counts;
    try {
      done = await commit();
    } catch (err) {
      // One retry (a deadlock with another instance, a dropped connection); then the run fails
      // and the next one resumes from the cursor, which this batch did not move.
      run.log.error({ err, job: spec.name, run: run.id }, `${spec.name}: batch after member ${after} failed, retrying once`);
      try {
        done = await commit();
      } catch (again) {
        await recordBatch(db, run.id, { sent: 0, skipped: 0, failed: wanted.length }, { period, after, done: false });
        throw again;
      }
    }
    batches++;
    totals.sent += done.sent;
    totals.skipped += done.skipped;
    totals.failed += done.failed;
    run.log.info(
      { job: spec.name, run: run.id, batch: batches, after: last, ...done, total: totals },
      `${spec.name}: batch ${batches} up to member ${last}: ${done.sent} sent, ${done.skipped} skipped (run: ${totals.sent} sent, ${totals.skipped} skipped)`,
    );
    after = last;
  }
  await recordBatch(db, run.id, { sent: 0, skipped: 0, failed: 0 }, { period, after, done: true });
  return `${period}: ${totals.sent} sent, ${totals.skipped} skipped, ${totals.failed} failed in ${batches} batch${batches === 1 ? '' : 'es'}${prior ? ` (resumed run ${prior.id} after member ${Number(prior.cursor.after ?? 0)})` : ''}.`;
}
