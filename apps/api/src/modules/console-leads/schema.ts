// What the console leads calls accept, and the answers (the shared schemas of
// @market/domain/api/console-leads). Every bad value is a 400 naming its field.
import { z } from 'zod';
import { CONSOLE_LEAD_KINDS, CONSOLE_LEAD_STATUSES } from '@market/domain/api/console-leads';
import { MARKET_IDS } from '@market/domain/markets';
import { OBJECT_EXPECTED } from '@market/domain/validation/fields';
import { listQuery } from '../../lib/console-list.ts';
import { optionalQuery } from '../../lib/query.ts';

export { ConsoleLeadDetailOut, ConsoleLeadOut, ConsoleLeadPageOut, ContractorApprovedOut, LeadNoteOut, NewsletterLookupOut } from '@market/domain/api/console-leads';

const KIND_MESSAGE = `Choose one of: ${CONSOLE_LEAD_KINDS.join(', ')}.`;
const STATUS_MESSAGE = `Choose one of: ${CONSOLE_LEAD_STATUSES.join(', ')}.`;
const MARKET_MESSAGE = `Choose one of: ${MARKET_IDS.join(', ')}.`;
const ASSIGNEE_MESSAGE = "Enter a staff id, 'me' or 'none'.";
const DATE_MESSAGE = 'Enter a date (YYYY-MM-DD) or a date and time.';
const ID_MESSAGE = 'Enter a valid id.';
const VERSION_MESSAGE = 'Send the version you read (a whole number).';

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

const version = z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).min(1, VERSION_MESSAGE).max(2_147_483_647, VERSION_MESSAGE);

/** PATCH /api/console/leads/{id}/: the version read, and what changes. */
export const LeadUpdateBody = z.object(
    {
      version,
      status: z.enum(CONSOLE_LEAD_STATUSES, { error: STATUS_MESSAGE }).optional(),
      assigned_to: z.number({ error: 'Enter a staff id, or null for nobody.' }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE).nullable().optional(),
    },
    { error: OBJECT_EXPECTED },
  );

export const NOTE_MAX = 2000;
export const LeadNoteBody = z.object(
  {
    body: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'This is required.' : 'Enter the note as text.') })
      .trim()
      .min(1, 'This is required.')
      .max(NOTE_MAX, `Use at most ${NOTE_MAX} characters.`),
  },
  { error: OBJECT_EXPECTED },
);

const isoDay = z
  .string({ error: 'Enter a date as YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Enter a real date.')
  .optional();

/** POST /api/console/leads/{id}/approve-contractor/: facts the application form does not ask for. */
export const ContractorApprovalBody = z.object(
  {
    version: version.optional(),
    licence_number: z.string({ error: 'Enter the licence number as text.' }).trim().min(1, 'Enter the licence number, or leave it out.').max(60, 'Use at most 60 characters.').optional(),
    licence_expires_on: isoDay,
    insurance_expires_on: isoDay,
  },
  { error: OBJECT_EXPECTED },
);

export const NewsletterQuery = z.object({
  q: z
    .string({ error: 'Enter an e-mail address, or its beginning.' })
    .trim()
    .min(3, 'Enter at least 3 characters of the e-mail address.')
    .max(254, 'Use at most 254 characters.'),
});
