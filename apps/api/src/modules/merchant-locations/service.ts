// The merchant centre's locations page (docs/api.md "Merchant centre: locations"): owners and
// managers change their locations' opening hours, phone and links, and the business's logo and
// photo. Who may call is settled by requireMerchantRole; every function answers only about the
// merchant of the path (another merchant's location is a 404). Writes are audited and drop the
// saver answers kept in memory, as the console's edits do.
import type { AppDeps } from '../../context.ts';
import { notFound, staleVersion } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { catalogueChanged, type MerchantImage } from '../console-merchants/service.ts';
import { IMAGE_SHAPES, saveUploadedImage } from '../media/lib/uploaded-images.ts';
import type { MerchantMember } from '../merchant-access/lib/access.ts';
import { findLocation, findLocations, findMerchantImages, setMerchantImage, updateLocation, type LocationChanges, type LocationRow } from './repository.ts';
import type { MerchantListingOut, MerchantLocationOut, MerchantLocationUpdateBody } from './schema.ts';

type Deps = Pick<AppDeps, 'db' | 'answers' | 'catalogue' | 'images'>;

export const LOCATION_NOT_FOUND = 'This business has no such location.';

function locationOut(r: LocationRow): MerchantLocationOut {
  return {
    id: r.id,
    display_name: r.display_name,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    phone: r.phone,
    website_url: r.website_url,
    menu_url: r.menu_url,
    booking_url: r.booking_url,
    opening_hours: r.opening_hours,
    version: r.version,
  };
}

/** The business's logo and photo and its locations with what the business may change. */
export async function getListing(deps: Pick<AppDeps, 'db'>, merchantId: number): Promise<MerchantListingOut> {
  const [merchant, locations] = await Promise.all([findMerchantImages(deps.db.db, merchantId), findLocations(deps.db.db, merchantId)]);
  if (!merchant) throw notFound('This business does not exist.');
  return { merchant: { id: merchant.id, name: merchant.name, logo_url: merchant.logo_path, photo_url: merchant.photo_path }, locations: locations.map(locationOut) };
}

/** Changes a location's hours, phone or links at the version the person read (409 with the location otherwise). */
export async function changeLocation(deps: Deps, actor: MerchantMember, merchantId: number, locationId: number, body: MerchantLocationUpdateBody, ip: string | null): Promise<MerchantLocationOut> {
  const { version, ...fields } = body;
  const changes: LocationChanges = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const out = await deps.db.db.transaction(async (tx) => {
    const before = await findLocation(tx, merchantId, locationId, true);
    if (!before) throw notFound(LOCATION_NOT_FOUND);
    if (before.version !== version) throw staleVersion('location', locationOut(before));
    await updateLocation(tx, locationId, changes);
    const after = locationOut((await findLocation(tx, merchantId, locationId))!);
    await recordAudit(tx, { actor: actor.user, action: 'location.merchant_update', entity: 'location', entityId: locationId, marketId: before.market_id, before: { merchant_id: merchantId, ...locationOut(before) }, after: { merchant_id: merchantId, ...after }, ip });
    return after;
  });
  catalogueChanged(deps, 'locations');
  return out;
}

/**
 * The business's logo or photo through the console's upload step (saveUploadedImage: decoded,
 * fitted, re-encoded as WebP without metadata, stored under DATA_DIR). Audited.
 */
export async function uploadImage(deps: Deps, actor: MerchantMember, merchantId: number, kind: MerchantImage, bytes: Buffer, ip: string | null): Promise<MerchantListingOut['merchant']> {
  const url = await saveUploadedImage(deps.images, bytes, kind === 'logo' ? IMAGE_SHAPES.merchantLogo : IMAGE_SHAPES.merchantPhoto);
  const out = await deps.db.db.transaction(async (tx) => {
    const before = await findMerchantImages(tx, merchantId, true);
    if (!before) throw notFound('This business does not exist.');
    await setMerchantImage(tx, merchantId, kind, url);
    const after = (await findMerchantImages(tx, merchantId))!;
    const shape = (r: typeof before) => ({ id: r.id, name: r.name, logo_url: r.logo_path, photo_url: r.photo_path });
    await recordAudit(tx, { actor: actor.user, action: `merchant.upload_${kind}`, entity: 'merchant', entityId: merchantId, before: shape(before), after: shape(after), ip });
    return shape(after);
  });
  catalogueChanged(deps, 'merchants');
  return out;
}
