// Answers of the notification calls (docs/api.md "Notifications").
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const NotificationPreferencesOut = z.object({
  expiry_reminder: z.boolean(),
  new_from_places: z.boolean(),
  weekly_digest: z.boolean(),
  contest_reminder: z.boolean(),
  contest_result: z.boolean(),
  digest_day: z.number().int().min(0).max(6).describe('0 = Monday .. 6 = Sunday, in the market time zone'),
  marketing: z.boolean().describe('The one switch for marketing mail (new from my places, weekly digest)'),
  address_confirmed: z.boolean().describe('Marketing mail goes only to a confirmed address (double opt-in)'),
  marketing_active: z.boolean().describe('marketing and address_confirmed'),
});
export type NotificationPreferencesOut = z.infer<typeof NotificationPreferencesOut>;
