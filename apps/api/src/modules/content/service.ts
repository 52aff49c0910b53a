import {
  calloutLinkAttributes,
  DEFAULT_CALLOUT_SETTINGS,
  isSafeCalloutLink,
  selectCallouts,
  type CalloutSettings,
} from '@market/domain/callouts';
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

async function calloutsOf(db: Executor, isDefault: boolean): Promise<CalloutOut[]> {
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
      };
    });
}

/**
 * GET /api/content/callouts/: the callouts of a state (its own or show_for_all_states), sorted by
 * order or shuffled when randomize_callout_order, truncated to number_of_default_callouts_to_use
 * (SPEC.md 7), with the settings so the web can apply the default-callouts fallback.
 */
export async function calloutsForState(deps: Pick<AppDeps, 'db' | 'answers'>, state: string | undefined, random: () => number = Math.random): Promise<CalloutsOut> {
  // The rows are kept in the app's answer cache (docs/performance.md: they change rarely and every
  // home page asks); the selection, with its per-request shuffle, is made here every time.
  const [settings, all] = await Promise.all([deps.answers.remember('content:callout-settings', () => settingsOf(deps.db.db)), deps.answers.remember('content:callouts', () => calloutsOf(deps.db.db, false))]);
  return { objects: selectCallouts(all, settings, state ?? DEFAULT_PLACE.state, random), settings };
}

/**
 * GET /api/default-callouts/: the fallback set (is_default), every state, ordered (or shuffled)
 * and truncated by the same settings, ready to show when the regular answer fails or
 * use_default_callouts is set (SPEC.md 7).
 */
export async function defaultCallouts(deps: Pick<AppDeps, 'db' | 'answers'>, random: () => number = Math.random): Promise<CalloutOut[]> {
  const [settings, all] = await Promise.all([deps.answers.remember('content:callout-settings', () => settingsOf(deps.db.db)), deps.answers.remember('content:default-callouts', () => calloutsOf(deps.db.db, true))]);
  return selectCallouts(all, settings, null, random);
}
