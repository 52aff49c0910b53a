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

/** A pro of a market as the console's spotlight list shows it (a merchant with locations in several markets is listed in each). */
export const SpotlightProOut = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  is_certified: z.boolean(),
  is_spotlight: z.boolean(),
  home_pro: z.boolean().describe('Filed under a home-pros group'),
  location_count: z.number().int().describe('Its locations in this market'),
  cities: z.array(z.string()).describe('The cities of those locations (at most 3)'),
  markets: z.array(z.string()).describe('Every market it has locations in: the spotlight flag shows in all of them'),
});
export type SpotlightProOut = z.infer<typeof SpotlightProOut>;
export const SpotlightPageOut = pageOf(SpotlightProOut).extend({
  market: z.string().describe('The market listed'),
  markets: z.array(z.object({ market_id: z.string(), spotlight_count: z.number().int() })).describe("The staff member's markets, with how many pros each has in the spotlight"),
});
export type SpotlightPageOut = z.infer<typeof SpotlightPageOut>;
