// Answers of the console members area (docs/api.md "Staff console"). Never a password hash, a
// token or a TOTP secret.
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { pageOf } from './staff.ts';

export const ConsoleMemberOut = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_verified: z.boolean(),
  disabled: z.boolean(),
  staff_role: z.enum(['admin', 'editor', 'support']).nullable().describe('null: a member'),
  created_at: z.string(),
});
export type ConsoleMemberOut = z.infer<typeof ConsoleMemberOut>;
export const ConsoleMemberPageOut = pageOf(ConsoleMemberOut);

export const ConsoleMemberDetailOut = ConsoleMemberOut.extend({
  state: z.string(),
  zip: z.string(),
  birthday: z.string().nullable(),
  promotions_agree: z.boolean(),
  staff_markets: z.array(z.string()).nullable(),
  counts: z.object({
    clips: z.number().int(),
    favorites: z.number().int(),
    prints: z.number().int().describe('Copies printed or downloaded'),
    offers_printed: z.number().int().describe('Distinct offers printed'),
    redemptions: z.number().int(),
    contest_entries: z.number().int(),
  }),
});
export type ConsoleMemberDetailOut = z.infer<typeof ConsoleMemberDetailOut>;

export const ConsoleMemberActionOut = z.object({ detail: z.string() });
