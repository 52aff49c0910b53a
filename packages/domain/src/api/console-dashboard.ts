// Answers of the console dashboard, scheduled jobs and the local mailbox (docs/api.md "Staff
// console").
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const DailyPointOut = z.object({ date: z.string().describe('Business day, YYYY-MM-DD (America/Detroit)'), value: z.number().int() });
const series = z.array(DailyPointOut);

export const DashboardOut = z.object({
  markets: z.array(z.string()).describe('The markets counted'),
  from: z.string(),
  to: z.string().describe('Today (business day)'),
  today: z.object({
    offers_live: z.number().int().describe('Live now: status live, started, not expired'),
    impressions: z.number().int(),
    prints: z.number().int(),
    redemptions: z.number().int(),
    new_members: z.number().int(),
    new_leads: z.number().int(),
  }),
  series: z.object({
    impressions: series,
    prints: series,
    redemptions: series,
    new_members: series,
    new_leads: z.record(z.string(), series).describe('By lead kind'),
  }),
});
export type DashboardOut = z.infer<typeof DashboardOut>;

export const JobRunOut = z.object({
  id: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed']),
  detail: z.string().nullable(),
  triggered_by: z.number().int().nullable().describe('The staff member; null for the schedule'),
  sent: z.number().int().describe('Mails queued for the transport (mail jobs)'),
  skipped: z.number().int().describe('Members skipped: nothing new, switched off, or mailed already'),
  failed: z.number().int(),
  heartbeat_at: z.string().nullable().describe('Last batch done (batched jobs); an old one while running means the process died'),
});
export type JobRunOut = z.infer<typeof JobRunOut>;

export const JobOut = z.object({
  name: z.string(),
  description: z.string(),
  schedule: z.string().describe('When the app runs it by itself'),
  last_runs: z.array(JobRunOut).describe('Newest first, at most 5'),
});
export const JobListOut = z.object({ jobs: z.array(JobOut) });

export const MailboxItemOut = z.object({ id: z.string(), to: z.string(), subject: z.string(), date: z.string() });
export const MailboxListOut = z.object({ results: z.array(MailboxItemOut) });
export const MailboxMessageOut = MailboxItemOut.extend({ from: z.string(), kind: z.string(), text: z.string(), html: z.string().describe('Show it in a sandboxed frame (no scripts, no same origin)') });
