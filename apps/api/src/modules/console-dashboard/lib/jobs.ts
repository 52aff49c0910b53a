// The jobs the app runs by itself, in one list for the console (GET /api/console/jobs/). The app
// has no scheduler of its own: the mail queue is a pg-boss worker, the analytics buffer flushes on
// an in-process timer, and the sign-in records were only ever cleaned account by account at
// sign-in. This registry names them, says when they run, and runs one now on request (recorded in
// job_runs). A new job is one entry here.
import type { AppDeps } from '../../../context.ts';
import { purgeDeadAuthRecords } from '../../auth/service.ts';
import { lapseExpiredCertifications } from '../../console-merchants/service.ts';
import type { JobRunContext } from '../../notifications/lib/runner.ts';
import { contestReminders, contestResults, expiryReminders, newFromMyPlaces, weeklyDigest } from '../../notifications/service.ts';

export interface JobDefinition {
  name: string;
  description: string;
  /** When the app runs it without anyone asking. */
  schedule: string;
  /** The period of the app's own timer (scheduleJobs), for jobs nothing else runs. */
  everySeconds?: number;
  /**
   * Whether the timer should start a run now (e.g. a daily job whose day is not done yet);
   * without it every tick runs the job.
   */
  due?(deps: AppDeps): Promise<boolean>;
  /** Run now answers at once with the run still going (long batched jobs): the list shows its progress. */
  background?: boolean;
  /** Does the work; answers a line for the run's record (no personal data). */
  run(deps: AppDeps, run: JobRunContext): Promise<string>;
}

const MAIL_JOB_TICK_SECONDS = 15 * 60;

export const JOBS: readonly JobDefinition[] = [
  {
    name: 'mail-queue',
    description: 'Sends the queued mails (pg-boss worker on the app database); running it waits until the queue is empty.',
    schedule: 'Continuously: the worker is woken by each new mail and polls every 2 seconds.',
    async run(deps) {
      await deps.mail.drain();
      return 'Every queued mail has been handed to the sender.';
    },
  },
  {
    name: 'analytics-flush',
    description: 'Writes the buffered analytics events and adds them to the daily counters (analytics_daily).',
    schedule: 'Within a second of the first waiting event, at 500 waiting events, and when the server stops.',
    async run(deps) {
      const pending = deps.analytics.pending;
      await deps.analytics.flush();
      return `${pending} buffered event${pending === 1 ? '' : 's'} written.`;
    },
  },
  {
    name: 'auth-cleanup',
    description: 'Removes ended sessions, used or expired e-mail links and sign-in steps of every account, and quiet sign-in failure counts.',
    schedule: 'At each sign-in for that account only; run it here for all accounts.',
    run: (deps) => purgeDeadAuthRecords(deps),
  },
  {
    name: 'certification-lapse',
    description: "Takes the certification (and the saver pages' certified badge) off home pros whose insurance lapsed: from the day after the last insured day.",
    schedule: 'Every 15 minutes, and soon after the server starts.',
    everySeconds: 15 * 60,
    run: (deps) => lapseExpiredCertifications(deps),
  },
  {
    name: 'expiry-reminders',
    description: 'Mails savers whose saved offer has its last day in 3 days (once per offer, ever), if they keep expiry reminders on.',
    schedule: 'Daily from 08:00 (America/Detroit); checked every 15 minutes, an unfinished run resumes.',
    everySeconds: MAIL_JOB_TICK_SECONDS,
    due: (deps) => expiryReminders.due(deps),
    background: true,
    run: (deps, run) => expiryReminders.run(deps, run),
  },
  {
    name: 'new-from-my-places',
    description: 'Mails savers the offers first published yesterday by businesses they saved (at most one mail a day; marketing).',
    schedule: 'Daily from 08:00 (America/Detroit); checked every 15 minutes, an unfinished run resumes.',
    everySeconds: MAIL_JOB_TICK_SECONDS,
    due: (deps) => newFromMyPlaces.due(deps),
    background: true,
    run: (deps, run) => newFromMyPlaces.run(deps, run),
  },
  {
    name: 'weekly-digest',
    description: "Mails savers whose digest day is today (their market's time zone) the new offers of the week near their ZIP in their interests; skipped when there is nothing new (marketing).",
    schedule: 'Daily from 08:00 (America/Detroit) for the members whose day it is; checked every 15 minutes, an unfinished run resumes.',
    everySeconds: MAIL_JOB_TICK_SECONDS,
    due: (deps) => weeklyDigest.due(deps),
    background: true,
    run: (deps, run) => weeklyDigest.run(deps, run),
  },
  {
    name: 'contest-reminders',
    description: 'Mails savers a contest they saved 2 days before it closes (once per contest).',
    schedule: 'Daily from 08:00 (America/Detroit); checked every 15 minutes, an unfinished run resumes.',
    everySeconds: MAIL_JOB_TICK_SECONDS,
    due: (deps) => contestReminders.due(deps),
    background: true,
    run: (deps, run) => contestReminders.run(deps, run),
  },
  {
    name: 'contest-results',
    description: 'Mails savers who saved or entered a contest that its winners are drawn (once per draw, for a week after it).',
    schedule: 'Every hour (checked every 15 minutes).',
    everySeconds: MAIL_JOB_TICK_SECONDS,
    due: (deps) => contestResults.due(deps),
    background: true,
    run: (deps, run) => contestResults.run(deps, run),
  },
];

export function jobNamed(name: string): JobDefinition | undefined {
  return JOBS.find((j) => j.name === name);
}
