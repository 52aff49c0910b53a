// Promotional callouts of the home page (SPEC.md 3 Callouts, 7 content service). Pure rules shared
// by the API (which answers the selected list) and the web (which applies the default-callouts
// fallback and decorates internal links).

export interface CalloutSettings {
  use_default_callouts: boolean;
  number_of_default_callouts_to_use: number;
  randomize_callout_order: boolean;
}

/** Settings used when none are stored. */
export const DEFAULT_CALLOUT_SETTINGS: CalloutSettings = {
  use_default_callouts: false,
  number_of_default_callouts_to_use: 4,
  randomize_callout_order: false,
};

export interface SelectableCallout {
  order: number;
  show_for_all_states: boolean;
  states: ReadonlyArray<{ abbreviation: string }>;
}

/** Whether a callout is for this state: its states include it, or it shows for all states (SPEC.md 7). */
export function calloutMatchesState(callout: SelectableCallout, state: string | null | undefined): boolean {
  if (callout.show_for_all_states) return true;
  if (!state) return false;
  const code = state.toUpperCase();
  return callout.states.some((s) => s.abbreviation.toUpperCase() === code);
}

/**
 * Whether a callout shows on `today` (YYYY-MM-DD, the business day in Detroit): from starts_on
 * and until ends_on, both inclusive; a missing day is open-ended.
 */
export function isCalloutShownOn(callout: { starts_on?: string | null; ends_on?: string | null }, today: string): boolean {
  if (callout.starts_on && callout.starts_on > today) return false;
  if (callout.ends_on && callout.ends_on < today) return false;
  return true;
}

/** Fisher-Yates shuffle with an injectable random source (tests pass a seeded one). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * SPEC.md 7: callouts filtered by the state (or show_for_all_states), sorted by order or randomly
 * when randomize_callout_order is set, truncated to number_of_default_callouts_to_use. A state of
 * null keeps every callout (the default-callouts set is not state specific).
 */
export function selectCallouts<T extends SelectableCallout>(
  callouts: readonly T[],
  settings: CalloutSettings,
  state: string | null,
  random: () => number = Math.random,
): T[] {
  const matching = state === null ? callouts.slice() : callouts.filter((c) => calloutMatchesState(c, state));
  const ordered = settings.randomize_callout_order ? shuffled(matching, random) : matching.sort((a, b) => a.order - b.order);
  return ordered.slice(0, Math.max(0, settings.number_of_default_callouts_to_use));
}

/** Links a callout may carry: site-relative paths and http(s) URLs (never javascript: and the like). */
export function isSafeCalloutLink(link: string): boolean {
  const value = link.trim();
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Whether a link stays on our site: a relative path, or an absolute URL on `siteOrigin`. */
export function isInternalLink(link: string, siteOrigin?: string): boolean {
  const value = link.trim();
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  if (!siteOrigin) return false;
  try {
    return new URL(value).origin === new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

export interface LinkPlace {
  city?: string | null;
  state?: string | null;
  lat?: number | null;
  lng?: number | null;
}

/**
 * SPEC.md 7: internal callout links get the visitor's city, state, lat and lng (and any filter
 * values) appended; values already in the link are replaced, external links are left alone.
 */
export function decorateCalloutLink(link: string, place: LinkPlace, options: { siteOrigin?: string; filters?: readonly string[] } = {}): string {
  if (!isInternalLink(link, options.siteOrigin)) return link;
  const base = 'http://internal.invalid';
  const relative = link.trim().startsWith('/');
  const url = new URL(link.trim(), relative ? base : undefined);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    url.searchParams.set(key, String(value));
  };
  set('city', place.city);
  set('state', place.state);
  set('lat', place.lat);
  set('lng', place.lng);
  if (options.filters?.length) {
    url.searchParams.delete('filter');
    for (const f of options.filters) url.searchParams.append('filter', f);
  }
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

/**
 * The target and rel a callout link is rendered with: a new tab when open_link_in_new_tab (or a
 * stored target of _blank), and then always rel noopener noreferrer so the opened page cannot
 * reach back into ours.
 */
export function calloutLinkAttributes(callout: { target: string; rel: string; open_link_in_new_tab: boolean }): { target: string; rel: string } {
  const newTab = callout.open_link_in_new_tab || callout.target === '_blank';
  if (!newTab) return { target: callout.target || '_self', rel: callout.rel };
  const rel = new Set(callout.rel.split(/\s+/).filter(Boolean));
  rel.add('noopener');
  rel.add('noreferrer');
  return { target: '_blank', rel: [...rel].join(' ') };
}
