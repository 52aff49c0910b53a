// What the dashboard, jobs and mailbox calls accept, and the answers (the shared schemas of
// @market/domain/api/console-dashboard).
import { z } from 'zod';
import { MARKET_IDS } from '@market/domain/markets';
import { optionalQuery } from '../../lib/query.ts';
import { MAILBOX_NAME } from '../mail/lib/mailbox.ts';

export { DashboardOut, JobListOut, JobRunOut, MailboxListOut, MailboxMessageOut } from '@market/domain/api/console-dashboard';

export const DASHBOARD_MAX_DAYS = 90;
const DAYS_MESSAGE = `Enter a number of days from 1 to ${DASHBOARD_MAX_DAYS}.`;

export const DashboardQuery = z.object({
  market: optionalQuery(z.enum(MARKET_IDS, { error: `Choose one of: ${MARKET_IDS.join(', ')}.` })),
  days: optionalQuery(z.coerce.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(DASHBOARD_MAX_DAYS, DAYS_MESSAGE)).transform((v) => v ?? 30),
});

export const JobParams = z.object({ name: z.string().regex(/^[a-z0-9-]{1,60}$/, 'There is no job of this name.') });
export const MailboxParams = z.object({ id: z.string().regex(MAILBOX_NAME, 'There is no such message in the local mailbox.') });
