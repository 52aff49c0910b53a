// The "open now" and "valid today" fields of catalogue answers (docs/api.md "Open now and valid
// today"). They depend on the clock, so they are never stored: the list, detail and location
// statements bring their inputs (fine print, hours, market time zone: `nowInputColumns` in
// offer-sql.ts, no extra statement) and the labels are computed per request with
// @market/domain/open-now.
import { hoursLabel, hoursTable, nowFields, openState, type NowFields } from '@market/domain/open-now';
import type { AppDeps } from '../../../context.ts';

/** The instant answers are computed for: `deps.clock` when a test pins it, else the real time. */
export function nowOf(deps: Pick<AppDeps, 'clock'>): Date {
  return deps.clock ? deps.clock() : new Date();
}

/** Rows without a market (never in practice: locations.market_id is required) read Detroit time. */
const FALLBACK_ZONE = 'America/Detroit';

export interface NowInputs {
  fine_print?: unknown;
  opening_hours?: unknown;
  timezone?: string | null | undefined;
}

/** An offer's fields at `now`. */
export function offerNowFields(r: NowInputs, now: Date): NowFields {
  return nowFields(r.opening_hours ?? null, r.fine_print ?? null, r.timezone ?? FALLBACK_ZONE, now);
}

/** A location's fields at `now`: open state and label, the week's hours with today marked, the stored hours. */
export function locationNowFields(r: NowInputs, now: Date) {
  const zone = r.timezone ?? FALLBACK_ZONE;
  const state = openState(r.opening_hours, zone, now);
  const raw = r.opening_hours && typeof r.opening_hours === 'object' && !Array.isArray(r.opening_hours) ? (r.opening_hours as Record<string, { open: string; close: string }[]>) : null;
  return {
    open_now: state ? state.open : null,
    hours_label: hoursLabel(state),
    opening_hours: hoursTable(r.opening_hours, zone, now),
    opening_hours_raw: raw,
    timezone: zone,
  };
}
