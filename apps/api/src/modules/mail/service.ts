// The mail queue (slow work goes through the database): pg-boss on the app's
// own database. On PGlite it runs through an adapter over the embedded engine; on PostgreSQL it
// keeps a small pool of its own (SKIP LOCKED, so several instances never send one mail twice).
//
// One queue per app, made by buildApp with every template of modules/index.ts and given to
// services as `deps.mail` (context.ts):
//   await deps.mail.enqueue(MESSAGE_MAIL, 'someone@example.com', { subject, paragraphs });
// Tests wait for delivery with `await t.app.deps.mail.drain()` and read the mailbox with
// listMailbox(mailboxDir(t.env)).
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type Db as BossDb } from 'pg-boss';
import type { Env } from '../../config/env.ts';
import type { DbHandle } from '../../db/client.ts';
import { composeMail } from './lib/compose.ts';
import { listMailbox, mailboxDir, readMailboxEntry, type MailboxEntry } from './lib/mailbox.ts';
import { createSender, type MailSender } from './lib/senders.ts';
import type { MailData, MailTemplates } from './lib/templates.ts';
import { BOSS_SCHEMA, countUnsentJobs, deleteJobsTo, findUnsentJobs } from './repository.ts';

export const MAIL_QUEUE = 'mail';

interface MailJob {
  kind: string;
  to: string;
  data: MailData;
}

export interface MailQueue {
  readonly sender: MailSender['kind'];
  /** Queues one mail of a kind the queue has a template for; answers the job id. */
  enqueue(kind: string, to: string, data?: MailData): Promise<string>;
  /**
   * Queues several mails in one statement. With `db` (an executor inside the caller's transaction)
   * the mails are queued only if that transaction commits: a claim and its mail go together.
   */
  enqueueMany(mails: Array<{ kind: string; to: string; data: MailData }>, db?: BossDb): Promise<void>;
  /** How many mails wait to be sent (producers slow down to the transport with it). */
  backlog(): Promise<number>;
  /** Resolves once no mail is waiting or being sent (tests, graceful shutdown). */
  drain(timeoutMs?: number): Promise<void>;
  /** Deletes queued and sent-mail records addressed to `to` (account deletion). */
  forgetRecipient(to: string): Promise<void>;
  /**
   * Starts the queue. `work: false` only queues (commands such as contests:draw): a short-lived
   * command leaves the sending to the server's worker.
   */
  start(options?: { work?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Makes the queue of an app (or of a command) over its database, for the kinds of `templates`
 * (modules/index.ts MAIL_TEMPLATES).
 */
export function createMailQueue(deps: { env: Env; db: DbHandle }, templates: MailTemplates, log: FastifyBaseLogger): MailQueue {
  const { env, db } = deps;
  const sender = createSender(env);
  const boss =
    db.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(db.pglite!), backend: 'pglite', schema: BOSS_SCHEMA, schedule: false, useListenNotify: true })
      : new PgBoss({ connectionString: env.DATABASE_URL!, schema: BOSS_SCHEMA, max: 2, application_name: 'market-mail', schedule: false, useListenNotify: true });
  boss.on('error', (err) => log.error({ err }, 'mail queue error'));

  let started: Promise<void> | null = null;
  let workerId: string | null = null;
  let stopped = false;

  async function deliver(job: { id: string; data: MailJob }): Promise<void> {
    const { kind, to, data } = job.data;
    const template = Object.hasOwn(templates, kind) ? templates[kind] : undefined;
    if (!template) throw new Error(`Unknown mail kind "${kind}"`);
    const content = await template({ db, env }, to, data ?? {});
    if (!content) return;
    await sender.send(composeMail(content), { kind, id: job.id });
  }

  return {
    sender: sender.kind,
    start(options = {}) {
      started ??= (async () => {
        await boss.start();
        // Retries back off from 30 s; sent-mail records (they hold addresses) live one day.
        await boss.createQueue(MAIL_QUEUE, { notify: true, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 86_400 });
        if (options.work === false) return;
        // NOTIFY wakes the worker at once; polling every 2 s is the backstop for a missed one.
        // With mails waiting (a digest run), the next one is fetched as soon as one is sent
        // (burstWhenReadyExceeds) instead of after the poll interval: the transport's pace.
        workerId = await boss.work<MailJob>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, burstWhenReadyExceeds: 1 }, async ([job]) => {
          if (job) await deliver(job);
        });
        if (sender.kind === 'mailbox') log.info('SMTP_URL is not set: mails are written to the local mailbox');
      })();
      return started;
    },
    async enqueue(kind, to, data = {}) {
      if (!Object.hasOwn(templates, kind)) throw new Error(`Unknown mail kind "${kind}"`);
      if (!started) throw new Error('The mail queue is not started.');
      await started;
      const id = await boss.send(MAIL_QUEUE, { kind, to, data } satisfies MailJob);
      if (!id) throw new Error('The mail was not queued.');
      return id;
    },
    async enqueueMany(mails, db) {
      if (!mails.length) return;
      for (const m of mails) if (!Object.hasOwn(templates, m.kind)) throw new Error(`Unknown mail kind "${m.kind}"`);
      if (!started) throw new Error('The mail queue is not started.');
      await started;
      await boss.insert(
        MAIL_QUEUE,
        mails.map((m) => ({ data: { kind: m.kind, to: m.to, data: m.data } satisfies MailJob })),
        db ? { db } : undefined,
      );
      if (workerId) boss.notifyWorker(workerId);
    },
    async backlog() {
      if (!started) return 0;
      await started;
      return countUnsentJobs(boss.getDb(), MAIL_QUEUE);
    },
    async drain(timeoutMs = 15_000) {
      if (!started) return;
      await started;
      const deadline = Date.now() + timeoutMs;
      while ((await countUnsentJobs(boss.getDb(), MAIL_QUEUE)) > 0) {
        if (Date.now() > deadline) {
          throw new Error(`The mail queue did not drain in time: ${JSON.stringify(await findUnsentJobs(boss.getDb(), MAIL_QUEUE))}`);
        }
        if (workerId) boss.notifyWorker(workerId);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async forgetRecipient(to) {
      if (!started) return;
      await started;
      await deleteJobsTo(boss.getDb(), MAIL_QUEUE, to);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (started) {
        await started.catch(() => {});
        await boss.stop({ graceful: true, timeout: 5000, close: true });
      }
      sender.close();
    },
  };
}

export const MAILBOX_OFF = 'The local mailbox is only kept in embedded mode: this server sends its mails by SMTP.';

/** Whether mails go to the local mailbox (no SMTP_URL: embedded mode). */
export function mailboxKept(env: Pick<Env, 'SMTP_URL'>): boolean {
  return !env.SMTP_URL;
}

/** The local mailbox's messages, newest first (the console's mailbox; never a path). */
export async function mailboxMessages(env: Env): Promise<MailboxEntry[]> {
  return listMailbox(mailboxDir(env));
}

/** What a hidden link reads in the console's view of a mail. */
export const LINK_HIDDEN = '[link hidden]';

/** An absolute link whose query carries a token (`token=`, `&amp;token=` in HTML). */
const TOKEN_LINK = /https?:\/\/[^\s<>"'()]+/gi;
const CARRIES_TOKEN = /[?&](?:amp;)?[a-z_]*token=/i;

/**
 * Replaces every token-bearing link (password reset, address verification, invitations, newsletter
 * confirmation, unsubscribe) with LINK_HIDDEN: admins read the mailbox, and a live link would let
 * them act as its addressee (docs/security.md). The .eml file keeps the mail as sent.
 */
export function hideTokenLinks(body: string): string {
  return body.replace(TOKEN_LINK, (url) => (CARRIES_TOKEN.test(url) ? LINK_HIDDEN : url));
}

/** One message of the local mailbox with its token-bearing links hidden (the console's view), or null. */
export async function mailboxMessage(env: Env, id: string): Promise<MailboxEntry | null> {
  const entry = await readMailboxEntry(mailboxDir(env), id);
  return entry && { ...entry, text: hideTokenLinks(entry.text), html: hideTokenLinks(entry.html) };
}
