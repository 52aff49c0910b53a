// Answers of the console leads inbox (docs/api.md "Staff console"): the list, one lead with its
// notes, the newsletter status of an address, and a contractor application approved.
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { pageOf } from './staff.ts';

export const CONSOLE_LEAD_KINDS = ['autolead', 'businesslead', 'contractorapplication', 'suggestmerchant', 'magazine_lead', 'mail_removal'] as const;
export const CONSOLE_LEAD_STATUSES = ['new', 'in_progress', 'done', 'spam'] as const;

export const LeadAssigneeOut = z.object({ id: z.number().int(), name: z.string() });

export const ConsoleLeadOut = z.object({
  id: z.number().int(),
  kind: z.enum(CONSOLE_LEAD_KINDS),
  market: z.string(),
  status: z.enum(CONSOLE_LEAD_STATUSES),
  assigned_to: LeadAssigneeOut.nullable(),
  summary: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), company: z.string().nullable() }).describe('Read from the form fields'),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().describe('Send it back with a PATCH'),
});
export type ConsoleLeadOut = z.infer<typeof ConsoleLeadOut>;
export const ConsoleLeadPageOut = pageOf(ConsoleLeadOut);

export const LeadNoteOut = z.object({
  id: z.number().int(),
  author: LeadAssigneeOut.nullable().describe('null once the author account is gone'),
  body: z.string(),
  created_at: z.string(),
});
export type LeadNoteOut = z.infer<typeof LeadNoteOut>;

export const ConsoleLeadDetailOut = ConsoleLeadOut.extend({
  details: z.record(z.string(), z.unknown()).describe('Every field of the form, as submitted'),
  tracking_id: z.string().nullable(),
  notes: z.array(LeadNoteOut),
});
export type ConsoleLeadDetailOut = z.infer<typeof ConsoleLeadDetailOut>;

export const NewsletterStatusOut = z.object({
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  subscribed_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export const NewsletterLookupOut = z.object({ results: z.array(NewsletterStatusOut) });

export const ContractorApprovedOut = z.object({
  merchant_id: z.number().int(),
  location_id: z.number().int().nullable().describe('null when the application has no street address'),
  created: z.boolean().describe('false: an existing merchant of the same name was updated'),
  lead: ConsoleLeadOut,
});
