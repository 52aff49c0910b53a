// Content in the staff console: the home-page callouts (SPEC.md 3 Callouts, 7), their three
// settings, and the spotlight flag of home pros. Every write is audited in its transaction and
// drops the answer cache, so the saver pages change at once.
import type { ConsoleCalloutOut, MerchantSpotlightOut, SpotlightPageOut } from '@market/domain/api/console-content';
import { MARKET_IDS } from '@market/domain/markets';
import { DEFAULT_CALLOUT_SETTINGS, type CalloutSettings } from '@market/domain/callouts';
import type { CalloutCreate, CalloutUpdate } from '@market/domain/validation/console-content';
import { CALLOUT_ENDS_BEFORE_STARTS } from '@market/domain/validation/console-content';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Sort } from '../../lib/console-list.ts';
import { AppError, invalid, notFound, staleVersion } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { assertMarket, type StaffUser } from '../staff/lib/guard.ts';
import {
  deleteCalloutRow,
  findCalloutPage,
  findCalloutRecord,
  countSpotlightByMarket,
  findMerchantSpotlight,
  findSpotlightPros,
  findSettingsRow,
  insertCallout,
  setMerchantSpotlight,
  updateCalloutAtVersion,
  upsertSettingsRow,
  type CalloutRow,
  type CalloutSortField,
  type CalloutValues,
} from './repository.ts';

export const CALLOUT_NOT_FOUND = 'Callout not found.';
export const MERCHANT_NOT_FOUND = 'Merchant not found.';
/** Callouts and their settings show across markets (by state, or every state). */
export const SITE_WIDE_CONTENT = 'Callouts show across markets: only staff of every market change them.';

type Deps = Pick<AppDeps, 'db' | 'answers'>;

function calloutOut(r: CalloutRow): ConsoleCalloutOut {
  return {
    id: r.id,
    image_url: r.image_url,
    image_mime: r.image_mime,
    alternative_text: r.alternative_text,
    link: r.link,
    open_link_in_new_tab: r.open_link_in_new_tab,
    order: r.order_num,
    states: (r.states ?? []).map((s) => s.toUpperCase()),
    show_for_all_states: r.show_for_all_states,
    starts_on: r.starts_on,
    ends_on: r.ends_on,
    is_default: r.is_default,
    version: r.version,
  };
}

function assertEveryMarket(staff: StaffUser): void {
  if (staff.markets !== null) throw new AppError('forbidden', SITE_WIDE_CONTENT);
}

/** The MIME type of an image from its address (the page's <img> does not need it; the answer carries it). */
function mimeOf(url: string): string {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  if (path.endsWith('.svg')) return 'image/svg+xml';
  if (path.endsWith('.png')) return 'image/png';
  if (path.endsWith('.webp')) return 'image/webp';
  if (path.endsWith('.gif')) return 'image/gif';
  if (path.endsWith('.avif')) return 'image/avif';
  return 'image/jpeg';
}

function valuesOf(v: Omit<ConsoleCalloutOut, 'id' | 'version' | 'image_mime'>): CalloutValues {
  return {
    image_url: v.image_url,
    image_mime: mimeOf(v.image_url),
    alternative_text: v.alternative_text,
    link: v.link,
    open_link_in_new_tab: v.open_link_in_new_tab,
    order_num: v.order,
    states: v.states,
    show_for_all_states: v.show_for_all_states,
    starts_on: v.starts_on,
    ends_on: v.ends_on,
    is_default: v.is_default,
  };
}

/** GET /api/console/callouts/. */
export async function listConsoleCallouts(deps: Pick<AppDeps, 'db'>, q: { q?: string | undefined; is_default?: boolean | undefined; state?: string | undefined; sort: Sort<CalloutSortField>; page: number; page_size: number }) {
  const { rows, count } = await findCalloutPage(deps.db, { q: q.q, isDefault: q.is_default, state: q.state }, q.sort, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
  return { results: rows.map(calloutOut), count, page: q.page, page_size: q.page_size };
}

async function loadCallout(deps: Pick<AppDeps, 'db'>, id: number, executor?: Executor): Promise<ConsoleCalloutOut> {
  const row = await findCalloutRecord(deps.db, id, executor);
  if (!row) throw notFound(CALLOUT_NOT_FOUND);
  return calloutOut(row);
}

/** GET /api/console/callouts/{id}/. */
export function getConsoleCallout(deps: Pick<AppDeps, 'db'>, id: number): Promise<ConsoleCalloutOut> {
  return loadCallout(deps, id);
}

/** POST /api/console/callouts/. */
export async function createConsoleCallout(deps: Deps, staff: StaffUser, input: CalloutCreate, ip: string | null): Promise<ConsoleCalloutOut> {
  assertEveryMarket(staff);
  const created = await deps.db.db.transaction(async (tx) => {
    const id = await insertCallout(
      deps.db,
      tx,
      valuesOf({
        image_url: input.image_url,
        alternative_text: input.alternative_text,
        link: input.link,
        open_link_in_new_tab: input.open_link_in_new_tab ?? false,
        order: input.order ?? 0,
        states: input.states ?? [],
        show_for_all_states: input.show_for_all_states ?? false,
        starts_on: input.starts_on ?? null,
        ends_on: input.ends_on ?? null,
        is_default: input.is_default ?? false,
      }),
    );
    const after = await loadCallout(deps, id, tx);
    await recordAudit(tx, { actor: staff, action: 'callout.create', entity: 'callout', entityId: id, after, ip });
    return after;
  });
  deps.answers.clear();
  return created;
}

/** PATCH /api/console/callouts/{id}/: the fields sent, at the version read (stale: 409 with `current`). */
export async function updateConsoleCallout(deps: Deps, staff: StaffUser, id: number, input: CalloutUpdate, ip: string | null): Promise<ConsoleCalloutOut> {
  assertEveryMarket(staff);
  const updated = await deps.db.db.transaction(async (tx) => {
    const before = await loadCallout(deps, id, tx);
    if (input.version !== before.version) throw staleVersion('callout', before);
    const merged = {
      image_url: input.image_url ?? before.image_url,
      alternative_text: input.alternative_text ?? before.alternative_text,
      link: input.link ?? before.link,
      open_link_in_new_tab: input.open_link_in_new_tab ?? before.open_link_in_new_tab,
      order: input.order ?? before.order,
      states: input.states ?? before.states,
      show_for_all_states: input.show_for_all_states ?? before.show_for_all_states,
      starts_on: input.starts_on === undefined ? before.starts_on : input.starts_on,
      ends_on: input.ends_on === undefined ? before.ends_on : input.ends_on,
      is_default: input.is_default ?? before.is_default,
    };
    if (merged.starts_on && merged.ends_on && merged.ends_on < merged.starts_on) throw invalid(input.ends_on !== undefined ? 'ends_on' : 'starts_on', CALLOUT_ENDS_BEFORE_STARTS);
    if (!(await updateCalloutAtVersion(deps.db, tx, id, input.version, valuesOf(merged)))) throw staleVersion('callout', await loadCallout(deps, id, tx));
    const after = await loadCallout(deps, id, tx);
    await recordAudit(tx, { actor: staff, action: 'callout.update', entity: 'callout', entityId: id, before, after, ip });
    return after;
  });
  deps.answers.clear();
  return updated;
}

/** DELETE /api/console/callouts/{id}/. */
export async function deleteConsoleCallout(deps: Deps, staff: StaffUser, id: number, ip: string | null): Promise<void> {
  assertEveryMarket(staff);
  await deps.db.db.transaction(async (tx) => {
    const before = await loadCallout(deps, id, tx);
    if (!(await deleteCalloutRow(deps.db, tx, id))) throw notFound(CALLOUT_NOT_FOUND);
    await recordAudit(tx, { actor: staff, action: 'callout.delete', entity: 'callout', entityId: id, before, ip });
  });
  deps.answers.clear();
}

/** GET /api/console/callout-settings/. */
export async function getCalloutSettings(deps: Pick<AppDeps, 'db'>, executor?: Executor): Promise<CalloutSettings> {
  return (await findSettingsRow(deps.db, executor)) ?? DEFAULT_CALLOUT_SETTINGS;
}

/** PUT /api/console/callout-settings/: the three settings at once. */
export async function putCalloutSettings(deps: Deps, staff: StaffUser, input: CalloutSettings, ip: string | null): Promise<CalloutSettings> {
  assertEveryMarket(staff);
  const after = await deps.db.db.transaction(async (tx) => {
    const before = await getCalloutSettings(deps, tx);
    await upsertSettingsRow(deps.db, tx, input);
    const saved = await getCalloutSettings(deps, tx);
    await recordAudit(tx, { actor: staff, action: 'callout_settings.update', entity: 'callout_settings', entityId: 1, before, after: saved, ip });
    return saved;
  });
  deps.answers.clear();
  return after;
}

/**
 * PUT /api/console/merchants/{id}/spotlight/: a home pro in (or out of) the spotlight of the
 * markets it has locations in. Staff limited to some markets change merchants of theirs alone.
 */
export async function putMerchantSpotlight(deps: Deps, staff: StaffUser, id: number, isSpotlight: boolean, ip: string | null): Promise<MerchantSpotlightOut> {
  const after = await deps.db.db.transaction(async (tx) => {
    const row = await findMerchantSpotlight(deps.db, id, tx);
    if (!row) throw notFound(MERCHANT_NOT_FOUND);
    const markets = row.markets ?? [];
    if (staff.markets !== null) {
      if (!markets.length) assertMarket(staff, null);
      for (const m of markets) assertMarket(staff, m);
    }
    const before: MerchantSpotlightOut = { id: row.id, name: row.name, is_spotlight: row.is_spotlight, markets };
    if (row.is_spotlight === isSpotlight) return before;
    await setMerchantSpotlight(deps.db, tx, id, isSpotlight);
    const saved = { ...before, is_spotlight: isSpotlight };
    await recordAudit(tx, { actor: staff, action: 'merchant.spotlight', entity: 'merchant', entityId: id, marketId: markets.length === 1 ? markets[0]! : null, before, after: saved, ip });
    return saved;
  });
  deps.answers.clear();
  return after;
}

/**
 * GET /api/console/spotlight/: the pros of one market (home pros and whoever is in the spotlight),
 * spotlight first, with the spotlight count of each of the staff member's markets. The saver
 * spotlight (GET /api/spotlight/) picks spotlight merchants by the distance of their nearest
 * location, so a pro shows in the markets of its locations: this list is by market for that reason.
 */
export async function listSpotlightPros(
  deps: Pick<AppDeps, 'db'>,
  staff: StaffUser,
  q: { market?: string | undefined; q?: string | undefined; spotlight?: boolean | undefined; sort: Sort<'name'>; page: number; page_size: number },
): Promise<SpotlightPageOut> {
  const mine = staff.markets === null ? [...MARKET_IDS] : MARKET_IDS.filter((m) => staff.markets!.includes(m));
  const market = q.market ?? mine[0];
  if (!market) assertMarket(staff, null);
  assertMarket(staff, market);
  const { rows, count } = await findSpotlightPros(deps.db, { market: market!, q: q.q, spotlight: q.spotlight }, q.sort.descending, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
  const counts = await countSpotlightByMarket(deps.db);
  return {
    market: market!,
    markets: mine.map((m) => ({ market_id: m, spotlight_count: counts.get(m) ?? 0 })),
    results: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      logo_url: r.logo_path,
      is_certified: r.is_certified,
      is_spotlight: r.is_spotlight,
      home_pro: r.home_pro,
      location_count: r.location_count,
      cities: r.cities,
      markets: r.markets,
    })),
    count,
    page: q.page,
    page_size: q.page_size,
  };
}
