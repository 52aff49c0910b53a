// Answers of the content service (SPEC.md 3 Callouts, 7), read by the API's serialiser and the
// web client alike.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const CalloutOut = z.object({
  id: z.number().int(),
  image: z.object({ url: z.string(), mime: z.string(), alternativeText: z.string() }),
  link: z.string().describe('Site-relative path or http(s) URL; the web appends city, state, lat, lng to internal links'),
  target: z.string(),
  rel: z.string(),
  open_link_in_new_tab: z.boolean(),
  order: z.number().int(),
  show_for_all_states: z.boolean(),
  states: z.array(z.object({ abbreviation: z.string() })),
});
export type CalloutOut = z.infer<typeof CalloutOut>;

export const CalloutSettingsOut = z.object({
  use_default_callouts: z.boolean().describe('When true the web shows GET /api/default-callouts/ instead (SPEC.md 7)'),
  number_of_default_callouts_to_use: z.number().int(),
  randomize_callout_order: z.boolean(),
});

export const CalloutsOut = z.object({
  objects: z.array(CalloutOut),
  settings: CalloutSettingsOut,
});
export type CalloutsOut = z.infer<typeof CalloutsOut>;
