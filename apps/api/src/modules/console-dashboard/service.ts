// The console's overview for every staff role (docs/api.md "Staff console"): today and the last
// days by market, as daily series for the charts; plus, for admins, the scheduled jobs with their
// runs (run one now) and the local mailbox of embedded mode. Market-limited staff see their
// markets only.
import type { FastifyBaseLogger } from 'fastify';
import type { DashboardOut, JobRunOut } from '@market/domain/api/console-dashboard';
import { addDays, businessToday } from '@market/domain/expiry';
import { MARKETS, MARKET_IDS, type MarketId } from '@market/domain/markets';
import type { AppDeps } from '../../context.ts';
import { LEAD_KINDS } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { MAILBOX_OFF, mailboxKept, mailboxMessage, mailboxMessages } from '../mail/service.ts';
import { assertMarket, type StaffUser } from '../staff/lib/guard.ts';
import { JOBS, jobNamed, type JobDefinition } from './lib/jobs.ts';
import { countLiveOffers, countNewLeads, countNewMembers, findRecentRuns, finishRun, hasRunningRun, insertRun, sumDailyMetrics, type JobRunRow } from './repository.ts';

/** analytics_daily metrics behind each chart: a copy is printed or downloaded. */
const METRICS = { impressions: ['impressions'], prints: ['prints', 'downloads'], redemptions: ['redemptions'] } as const;

type Series = { date: string; value: number }[];

function emptySeries(from: string, days: number): Series {
  return Array.from({ length: days }, (_, i) => ({ date: addDays(from, i), value: 0 }));
}

function add(series: Series, from: string, day: string, n: number): void {
  const point = series[Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)];
  if (point && point.date === day) point.value += Number(n);
}

/**
 * The dashboard for `days` business days up to today, in one market (checked against the staff
 * member's markets) or in every market the staff member works on.
 */
export async function dashboard(deps: AppDeps, staff: StaffUser, q: { market?: MarketId | undefined; days: number }, today = businessToday()): Promise<DashboardOut> {
  if (q.market) assertMarket(staff, q.market);
  const markets = q.market ? [q.market] : staff.markets;
  const from = addDays(today, -(q.days - 1));
  const states = markets ? markets.map((m) => MARKETS[m as MarketId]?.state).filter((s): s is NonNullable<typeof s> => !!s) : null;
  const db = deps.db.db;
  const [offersLive, metricRows, memberRows, leadRows] = await Promise.all([
    countLiveOffers(db, markets, today),
    sumDailyMetrics(db, markets, Object.values(METRICS).flat(), from, today),
    countNewMembers(db, states, from),
    countNewLeads(db, markets, LEAD_KINDS, from),
  ]);

  const series = {
    impressions: emptySeries(from, q.days),
    prints: emptySeries(from, q.days),
    redemptions: emptySeries(from, q.days),
    new_members: emptySeries(from, q.days),
    new_leads: Object.fromEntries(LEAD_KINDS.map((k) => [k, emptySeries(from, q.days)])) as Record<string, Series>,
  };
  for (const r of metricRows) {
    const chart = (Object.keys(METRICS) as (keyof typeof METRICS)[]).find((k) => (METRICS[k] as readonly string[]).includes(r.metric));
    if (chart) add(series[chart], from, r.day, r.n);
  }
  for (const r of memberRows) add(series.new_members, from, r.day, r.n);
  for (const r of leadRows) if (series.new_leads[r.kind]) add(series.new_leads[r.kind]!, from, r.day, r.n);

  const last = (s: Series) => s[s.length - 1]?.value ?? 0;
  return {
    markets: markets ?? [...MARKET_IDS],
    from,
    to: today,
    today: {
      offers_live: offersLive,
      impressions: last(series.impressions),
      prints: last(series.prints),
      redemptions: last(series.redemptions),
      new_members: last(series.new_members),
      new_leads: Object.values(series.new_leads).reduce((n, s) => n + last(s), 0),
    },
    series,
  };
}

function runOut(r: JobRunRow): JobRunOut {
  return {
    id: r.id,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    status: r.status,
    detail: r.detail,
    triggered_by: r.triggeredBy,
    sent: r.sent,
    skipped: r.skipped,
    failed: r.failed,
    heartbeat_at: r.heartbeatAt?.toISOString() ?? null,
  };
}

const RUNS_SHOWN = 5;

/** The jobs of lib/jobs.ts with their last runs. */
export async function listJobs(deps: AppDeps) {
  const runs = await findRecentRuns(deps.db.db, JOBS.map((j) => j.name), RUNS_SHOWN);
  return { jobs: JOBS.map((j) => ({ name: j.name, description: j.description, schedule: j.schedule, last_runs: runs.filter((r) => r.name === j.name).map(runOut) })) };
}

export const JOB_NOT_FOUND = 'There is no job of this name.';
export const JOB_RUNNING = 'This job is running already. Wait for it to finish.';
export const JOB_FAILED = 'The job failed; the server log has the reason.';

/** Runs a job now, recorded in job_runs with who asked (audited 'job.run'); answers the finished run. */
export async function runJob(deps: AppDeps, staff: StaffUser, name: string, ip: string | null, log: Pick<FastifyBaseLogger, 'error' | 'info'>): Promise<JobRunOut> {
  const job = jobNamed(name);
  if (!job) throw notFound(JOB_NOT_FOUND);
  if (await hasRunningRun(deps.db.db, name, 15 * 60)) throw new AppError('conflict', JOB_RUNNING);
  const run = await deps.db.db.transaction(async (tx) => {
    const row = await insertRun(tx, name, staff.id);
    await recordAudit(tx, { actor: staff, action: 'job.run', entity: 'job', entityId: name, after: { run_id: row.id }, ip });
    return row;
  });
  if (job.background) {
    // Long batched jobs answer at once; the run records its progress (counts, heartbeat) as it goes.
    // A server stopping mid-run cannot record the end: the run's old heartbeat tells, and the next run resumes it.
    void finishJob(deps, job, run, log).catch((err: unknown) => log.error({ err, job: name, run: run.id }, 'job run could not be recorded'));
    return runOut(run);
  }
  return finishJob(deps, job, run, log);
}

/**
 * Starts the jobs that have a period (lib/jobs.ts `everySeconds`) on a timer, once soon after start
 * and then every period; each run is recorded in job_runs with no one as its trigger. A run still
 * going (here or on another instance) is skipped. Answers a function that stops the timers.
 */
export function scheduleJobs(deps: AppDeps, log: Pick<FastifyBaseLogger, 'error' | 'info'>): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of JOBS) {
    if (!job.everySeconds) continue;
    const tick = async () => {
      try {
        if (await hasRunningRun(deps.db.db, job.name, 15 * 60)) return;
        if (job.due && !(await job.due(deps))) return;
        await finishJob(deps, job, await insertRun(deps.db.db, job.name, null), log);
      } catch (err) {
        log.error({ err, job: job.name }, 'scheduled job could not run');
      }
    };
    timers.push(setTimeout(() => void tick(), 5_000).unref(), setInterval(() => void tick(), job.everySeconds * 1000).unref());
  }
  return () => timers.forEach((timer) => clearTimeout(timer));
}

async function finishJob(deps: AppDeps, job: JobDefinition, run: { id: number }, log: Pick<FastifyBaseLogger, 'error' | 'info'>): Promise<JobRunOut> {
  const name = job.name;
  let status: 'succeeded' | 'failed' = 'succeeded';
  let detail: string;
  try {
    detail = await job.run(deps, { id: run.id, log });
  } catch (err) {
    // The error may quote queued mails (addresses): it goes to the log, not to the record.
    log.error({ err, job: name, run: run.id }, 'job run failed');
    status = 'failed';
    detail = JOB_FAILED;
  }
  return runOut(await finishRun(deps.db.db, run.id, status, detail));
}

/** The local mailbox, newest first; 404 when the server sends by SMTP. */
export async function listMailbox(deps: AppDeps) {
  if (!mailboxKept(deps.env)) throw notFound(MAILBOX_OFF);
  const entries = await mailboxMessages(deps.env);
  return { results: entries.map((e) => ({ id: e.name, to: e.to, subject: e.subject, date: e.date })) };
}

export const MAIL_NOT_FOUND = 'There is no such message in the local mailbox.';

/** One message of the local mailbox: its text and HTML parts (the console shows the HTML sandboxed). */
export async function readMailbox(deps: AppDeps, id: string) {
  if (!mailboxKept(deps.env)) throw notFound(MAILBOX_OFF);
  const e = await mailboxMessage(deps.env, id);
  if (!e) throw notFound(MAIL_NOT_FOUND);
  return { id: e.name, to: e.to, subject: e.subject, date: e.date, from: e.from, kind: e.kind, text: e.text, html: e.html };
}
