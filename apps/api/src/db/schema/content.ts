// The content service: callouts and their settings (SPEC.md 3 Callouts, section 7).
import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';

export const callouts = pgTable('callouts', {
  id: serial('id').primaryKey(),
  imageUrl: text('image_url').notNull(),
  imageMime: text('image_mime').notNull().default('image/svg+xml'),
  alternativeText: text('alternative_text').notNull().default(''),
  link: text('link').notNull(),
  target: text('target').notNull().default('_self'),
  rel: text('rel').notNull().default(''),
  openLinkInNewTab: boolean('open_link_in_new_tab').notNull().default(false),
  orderNum: integer('order_num').notNull().default(0),
  showForAllStates: boolean('show_for_all_states').notNull().default(false),
  states: text('states').array().notNull().default(sql`'{}'::text[]`),
  /** Part of the default-callouts fallback set (GET /api/default-callouts/). */
  isDefault: boolean('is_default').notNull().default(false),
  /** Shown from and until these days (inclusive); null is open-ended. */
  startsOn: date('starts_on', { mode: 'string' }),
  endsOn: date('ends_on', { mode: 'string' }),
  version: integer('version').notNull().default(1),
});

/** A single row of settings (id = 1). */
export const calloutSettings = pgTable('callout_settings', {
  id: smallint('id').primaryKey().default(1),
  useDefaultCallouts: boolean('use_default_callouts').notNull().default(false),
  numberOfDefaultCalloutsToUse: integer('number_of_default_callouts_to_use').notNull().default(4),
  randomizeCalloutOrder: boolean('randomize_callout_order').notNull().default(false),
});
