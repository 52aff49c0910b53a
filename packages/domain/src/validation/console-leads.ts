// Leads in the staff console (docs/api.md "Staff console"): what a status change, a note and a
// contractor approval may carry. The same schemas check the console's forms and the API, with the
// messages a person reads.
import { z } from 'zod';
import { CONSOLE_LEAD_STATUSES } from '../api/console-leads.ts';
import { OBJECT_EXPECTED } from './fields.ts';

const STATUS_MESSAGE = `Choose one of: ${CONSOLE_LEAD_STATUSES.join(', ')}.`;
const ID_MESSAGE = 'Enter a valid id.';
const VERSION_MESSAGE = 'Send the version you read (a whole number).';
export const LEAD_DATE_INVALID = 'Enter a date as YYYY-MM-DD.';

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
  .string({ error: LEAD_DATE_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, LEAD_DATE_INVALID)
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
