// What the console leads calls accept, and the answers (the shared schemas of
// @market/domain/api/console-leads). Every bad value is a 400 naming its field.
import { z } from 'zod';
import { CONSOLE_LEAD_KINDS, CONSOLE_LEAD_STATUSES } from '@market/domain/api/console-leads';
import { MARKET_IDS } from '@market/domain/markets';
import { listQuery } from '../../lib/console-list.ts';
import { optionalQuery } from '../../lib/query.ts';

export { ContractorApprovalBody, LeadNoteBody, LeadUpdateBody, NOTE_MAX } from '@market/domain/validation/console-leads';
export { ConsoleLeadDetailOut, ConsoleLeadOut, ConsoleLeadPageOut, ContractorApprovedOut, LeadNoteOut, NewsletterLookupOut } from '@market/domain/api/console-leads';

const KIND_MESSAGE = `Choose one of: ${CONSOLE_LEAD_KINDS.join(', ')}.`;
const STATUS_MESSAGE = `Choose one of: ${CONSOLE_LEAD_STATUSES.join(', ')}.`;
const MARKET_MESSAGE = `Choose one of: ${MARKET_IDS.join(', ')}.`;
const ASSIGNEE_MESSAGE = "Enter a staff id, 'me' or 'none'.";
const DATE_MESSAGE = 'Enter a date (YYYY-MM-DD) or a date and time.';

const dateParam = optionalQuery(z.coerce.date({ error: DATE_MESSAGE }).refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, DATE_MESSAGE));

/** The filters the list and the export share. */
export const leadFilters = {
  kind: optionalQuery(z.enum(CONSOLE_LEAD_KINDS, { error: KIND_MESSAGE })),
  status: optionalQuery(z.enum(CONSOLE_LEAD_STATUSES, { error: STATUS_MESSAGE })),
  market: optionalQuery(z.enum(MARKET_IDS, { error: MARKET_MESSAGE })),
  assigned_to: optionalQuery(
    z
      .string({ error: ASSIGNEE_MESSAGE })
      .trim()
      .regex(/^(me|none|[1-9]\d{0,9})$/, ASSIGNEE_MESSAGE)
      .refine((v) => !/^\d+$/.test(v) || Number(v) <= 2_147_483_647, ASSIGNEE_MESSAGE)
      .transform((v) => (v === 'me' || v === 'none' ? v : Number(v))),
  ),
  q: optionalQuery(z.string().trim().max(200, 'Use at most 200 characters.')),
  from: dateParam,
  to: dateParam,
};

export const LeadListQuery = z.object({ ...listQuery(['created_at', 'updated_at'], '-created_at'), ...leadFilters });
export const LeadExportQuery = z.object(leadFilters);

export const NewsletterQuery = z.object({
  q: z
    .string({ error: 'Enter an e-mail address, or its beginning.' })
    .trim()
    .min(3, 'Enter at least 3 characters of the e-mail address.')
    .max(254, 'Use at most 254 characters.'),
});
