// Answers of the console's content calls: callouts as editors see them, the callout settings, and
// a merchant's spotlight flag.
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { pageOf } from './staff.ts';
import { CalloutSettingsOut } from './content.ts';

export const ConsoleCalloutOut = z.object({
  id: z.number().int(),
  image_url: z.string(),
  image_mime: z.string(),
  alternative_text: z.string(),
  link: z.string(),
  open_link_in_new_tab: z.boolean(),
  order: z.number().int(),
  states: z.array(z.string()),
  show_for_all_states: z.boolean(),
  starts_on: z.string().nullable().describe('YYYY-MM-DD, first day shown; null: from now'),
  ends_on: z.string().nullable().describe('YYYY-MM-DD, last day shown; null: open-ended'),
  is_default: z.boolean().describe('Part of the default (fallback) set'),
  version: z.number().int(),
});
export type ConsoleCalloutOut = z.infer<typeof ConsoleCalloutOut>;
export const ConsoleCalloutPageOut = pageOf(ConsoleCalloutOut);

export { CalloutSettingsOut };

export const MerchantSpotlightOut = z.object({ id: z.number().int(), name: z.string(), is_spotlight: z.boolean(), markets: z.array(z.string()) });
export type MerchantSpotlightOut = z.infer<typeof MerchantSpotlightOut>;
