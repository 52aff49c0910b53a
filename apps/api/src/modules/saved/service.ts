// Saved items: clipped offers and favourite locations and contests (SPEC.md 3, 4 Save/unsave, 7).
// Item shapes come from the catalogue and contests services, so a saved item looks exactly like
// the same item in a list.
import type { AppDeps } from '../../context.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { locationsByIds, offerListItemsByIds } from '../catalogue/service.ts';
import { contestItemsByEntityIds } from '../contests/service.ts';
import { deleteClip, deleteFavoriteById, deleteFavoriteByTarget, findClips, findFavorites, upsertClip, upsertFavorite, type FavoriteTarget } from './repository.ts';
import type { FavoritableType, SavedItemsOut, SavedOfferOut } from './schema.ts';

const CAR_TYPES = new Set(['lease', 'purchase']);

function target(type: FavoritableType, id: number): FavoriteTarget {
  return type === 'Location' ? { kind: 'location', id } : { kind: 'contest', id };
}

/**
 * Saves an offer; answers the saved id and whether it is new. A new save is an analytics event
 * (offer.saved), so merchants see saves per day without counting the clips table.
 */
export async function saveOffer(deps: Pick<AppDeps, 'db' | 'analytics'>, userId: number, offerId: number): Promise<{ id: number; created: boolean }> {
  const saved = await upsertClip(deps.db.db, userId, offerId);
  if (!saved) throw invalid('offer_id', 'Unknown offer.');
  if (saved.created) deps.analytics.record({ event: 'offer.saved', source: 'server', offerId, userId, data: { saved_id: saved.id } });
  return saved;
}

/** Removes one of the member's saved offers by its saved id. */
export async function unsaveOffer(deps: Pick<AppDeps, 'db'>, userId: number, savedId: number): Promise<void> {
  // Someone else's saved id answers exactly like an unknown one.
  if (!(await deleteClip(deps.db.db, userId, savedId))) throw new AppError('not_found', 'Saved offer not found.');
}

/** Saves a location or a contest entity; answers the saved id and whether it is new. */
export async function saveFavorite(deps: Pick<AppDeps, 'db'>, userId: number, type: FavoritableType, id: number): Promise<{ id: number; created: boolean }> {
  const saved = await upsertFavorite(deps.db.db, userId, target(type, id));
  if (!saved) throw invalid('favoritable_id', type === 'Location' ? 'Unknown location.' : 'Unknown contest.');
  return saved;
}

/**
 * Removes a saved location or contest: by saved id, or (with a type) by the location or contest
 * entity id, the way the web removes contests (SPEC.md 4: "contests are removed by entity id").
 */
export async function unsaveFavorite(deps: Pick<AppDeps, 'db'>, userId: number, id: number, type?: FavoritableType): Promise<void> {
  const done = type ? await deleteFavoriteByTarget(deps.db.db, userId, target(type, id)) : await deleteFavoriteById(deps.db.db, userId, id);
  if (!done) throw new AppError('not_found', 'Saved item not found.');
}

/**
 * Everything the member saved: offers and car offers each split into active and recently expired
 * (SPEC.md 4; expired 7 or more days ago, or withdrawn, left out), locations and contests, newest
 * first, each with its saved_id.
 */
export async function listSaved(deps: AppDeps, userId: number): Promise<SavedItemsOut> {
  const [clips, favorites] = await Promise.all([findClips(deps.db.db, userId), findFavorites(deps.db.db, userId)]);
  const locationFavorites = favorites.filter((f) => f.locationId !== null);
  const contestFavorites = favorites.filter((f) => f.contestEntityId !== null);
  const [offers, locations, contests] = await Promise.all([
    offerListItemsByIds(deps, clips.map((c) => c.offerId), { includeExpired: true }),
    locationsByIds(deps, locationFavorites.map((f) => f.locationId!)),
    contestItemsByEntityIds(deps, contestFavorites.map((f) => f.contestEntityId!), { userId }),
  ]);

  const out: SavedItemsOut = { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 };
  const offerById = new Map(offers.map((o) => [o.entitiable_id, o]));
  for (const clip of clips) {
    const offer = offerById.get(clip.offerId);
    if (!offer || !offer.is_active || offer.expiry_status === 'hidden') continue;
    const item: SavedOfferOut = { ...offer, expiry_status: offer.expiry_status, saved_id: clip.id };
    const group = CAR_TYPES.has(offer.secondary_type) ? out.cars : out.offers;
    group[offer.expiry_status].push(item);
  }
  const locationById = new Map(locations.map((l) => [l.id, l]));
  for (const f of locationFavorites) {
    const location = locationById.get(f.locationId!);
    if (location) out.locations.push({ ...location, saved_id: f.id });
  }
  const contestById = new Map(contests.map((c) => [c.entity_id, c]));
  for (const f of contestFavorites) {
    const contest = contestById.get(f.contestEntityId!);
    if (contest) out.contests.push({ ...contest, saved_id: f.id });
  }
  out.count = out.offers.active.length + out.offers.expired.length + out.cars.active.length + out.cars.expired.length + out.locations.length + out.contests.length;
  return out;
}
