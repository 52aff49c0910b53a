import {
  calloutLinkAttributes,
  DEFAULT_CALLOUT_SETTINGS,
  isCalloutShownOn,
  isSafeCalloutLink,
  selectCallouts,
  type CalloutSettings,
} from '@market/domain/callouts';
import { businessToday } from '@market/domain/expiry';
import { DEFAULT_PLACE } from '@market/domain/markets';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findCallouts, findCalloutSettings } from './repository.ts';
import type { CalloutOut, CalloutsOut } from './schema.ts';

async function settingsOf(db: Executor): Promise<CalloutSettings> {
  const row = await findCalloutSettings(db);
  if (!row) return DEFAULT_CALLOUT_SETTINGS;
  return {
    use_default_callouts: row.useDefaultCallouts,
    number_of_default_callouts_to_use: row.numberOfDefaultCalloutsToUse,
    randomize_callout_order: row.randomizeCalloutOrder,
  };
}

/** A callout as cached: the answer's fields and the days it shows (filtered per request). */
type DatedCallout = CalloutOut & { starts_on: string | null; ends_on: string | null };

async function calloutsOf(db: Executor, isDefault: boolean): Promise<DatedCallout[]> {
  const rows = await findCallouts(db, { isDefault });
  // A stored javascript: or protocol-relative link never reaches a page.
  return rows
    .filter((r) => isSafeCalloutLink(r.link))
    .map((r) => {
      const { target, rel } = calloutLinkAttributes({ target: r.target, rel: r.rel, open_link_in_new_tab: r.openLinkInNewTab });
      return {
        id: r.id,
        image: { url: r.imageUrl, mime: r.imageMime, alternativeText: r.alternativeText },
        link: r.link.trim(),
        target,
        rel,
        open_link_in_new_tab: r.openLinkInNewTab,
        order: r.orderNum,
        show_for_all_states: r.showForAllStates,
        states: r.states.map((abbreviation) => ({ abbreviation: abbreviation.toUpperCase() })),
        starts_on: r.startsOn,
        ends_on: r.endsOn,
      };
    });
}

/** The callouts of a set that show today, without their days (cached rows stay whole across midnight). */
function shownToday(callouts: readonly DatedCallout[], today: string): CalloutOut[] {
  return callouts.filter((c) => isCalloutShownOn(c, today)).map(({ starts_on: _s, ends_on: _e, ...c }) => c);
}

/**
 * GET /api/content/callouts/: the callouts of a state (its own or show_for_all_states), sorted by
 * order or shuffled when randomize_callout_order, shown only from starts_on to ends_on (today in
 * Detroit), truncated to number_of_default_callouts_to_use
 * (SPEC.md 7), with the settings so the web can apply the default-callouts fallback.
 */
export async function calloutsForState(deps: Pick<AppDeps, 'db' | 'answers'>, state: string | undefined, random: () => number = Math.random, today = businessToday()): Promise<CalloutsOut> {
  // The rows are kept in the app's answer cache (docs/performance.md: they change rarely and every
  // home page asks); the selection, with its per-request shuffle, is made here every time.
  const [settings, all] = await Promise.all([deps.answers.remember('content:callout-settings', () => settingsOf(deps.db.db)), deps.answers.remember('content:callouts', () => calloutsOf(deps.db.db, false))]);
  return { objects: selectCallouts(shownToday(all, today), settings, state ?? DEFAULT_PLACE.state, random), settings };
}

/**
 * GET /api/default-callouts/: the fallback set (is_default), every state, ordered (or shuffled)
 * and truncated by the same settings, ready to show when the regular answer fails or
 * use_default_callouts is set (SPEC.md 7).
 */
export async function defaultCallouts(deps: Pick<AppDeps, 'db' | 'answers'>, random: () => number = Math.random, today = businessToday()): Promise<CalloutOut[]> {
  const [settings, all] = await Promise.all([deps.answers.remember('content:callout-settings', () => settingsOf(deps.db.db)), deps.answers.remember('content:default-callouts', () => calloutsOf(deps.db.db, true))]);
  return selectCallouts(shownToday(all, today), settings, null, random);
}
