// What the staff console keeps besides the accounts (members.ts): the append-only audit log and
// the record of scheduled-job runs.
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every console and merchant write: who, when, what, before and after. Append-only: a trigger
 * (migration 0012) refuses UPDATE, DELETE and TRUNCATE, so no API and no mistake can change it.
 * The actor's e-mail is copied in, so the entry still names them after the account goes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    /** `<entity>.<verb>`: 'offer.update', 'staff.invite', 'contest.draw'... */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    marketId: text('market_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/** Runs of the scheduled jobs, on schedule or started from the console. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull().default('running'),
    detail: text('detail'),
    /** The staff member who started it; null for the schedule. */
    triggeredBy: integer('triggered_by'),
    /** Mails sent, members skipped (nothing to say, switched off) and failures, for the mail jobs. */
    sent: integer('sent').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Where a batched run has got to (e.g. the last member id done): a new run resumes after it. */
    cursor: jsonb('cursor').$type<Record<string, unknown>>(),
    /** Updated after each batch: a running run whose heartbeat is old belongs to a process that died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('job_runs_name_idx').on(t.name, t.startedAt)],
);
