// The jobs the app runs by itself, in one list for the console (GET /api/console/jobs/). The app
// has no scheduler of its own: the mail queue is a pg-boss worker, the analytics buffer flushes on
// an in-process timer, and the sign-in records were only ever cleaned account by account at
// sign-in. This registry names them, says when they run, and runs one now on request (recorded in
// job_runs). A new job is one entry here.
import type { AppDeps } from '../../../context.ts';
import { purgeDeadAuthRecords } from '../../auth/service.ts';
import { lapseExpiredCertifications } from '../../console-merchants/service.ts';

export interface JobDefinition {
  name: string;
  description: string;
  /** When the app runs it without anyone asking. */
  schedule: string;
  /** The period of the app's own timer (scheduleJobs), for jobs nothing else runs. */
  everySeconds?: number;
  /** Does the work; answers a line for the run's record (no personal data). */
  run(deps: AppDeps): Promise<string>;
}

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
];

export function jobNamed(name: string): JobDefinition | undefined {
  return JOBS.find((j) => j.name === name);
}
