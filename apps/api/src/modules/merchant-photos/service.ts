// Merchant photos (docs/api.md "Merchant photos"): a business's owners and managers, and
// LocalSaver's editors, add, describe, order and remove the photos its saver page shows. Photos
// publish at once (docs/decisions.md "Merchant photos"): every upload is re-encoded by the media
// module's upload step, every write is audited, and a bad photo is removed by its business or
// by an editor. Who may call is settled by the routes' guards; every function answers only about
// the merchant it is given (another merchant's photo is a 404).
import type { AppDeps } from '../../context.ts';
import { AppError, fieldErrorsFromIssues, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { catalogueChanged } from '../console-merchants/service.ts';
import { IMAGE_SHAPES, saveUploadedImageSized } from '../media/lib/uploaded-images.ts';
import {
  LOCATION_NOT_OURS,
  MERCHANT_PHOTOS_MAX,
  TOO_MANY_PHOTOS,
  photoUploadFieldsSchema,
  type PhotoUpdateInput,
} from '@market/domain/validation/merchant-photos';
import {
  countPhotos,
  deletePhoto,
  findMarketOf,
  findPhoto,
  findPhotos,
  findPhotosOfLocation,
  insertPhoto,
  locationOfMerchant,
  lockMerchant,
  renumberPhotos,
  updatePhotoText,
  type PhotoRow,
} from './repository.ts';
import type { MerchantPhotoListOut, MerchantPhotoOut, PublicPhotoOut } from './schema.ts';

type Deps = Pick<AppDeps, 'db' | 'answers' | 'catalogue' | 'images'>;

export const PHOTO_NOT_FOUND = 'This business has no such photo.';
const MERCHANT_NOT_FOUND = 'This business does not exist.';

function photoOut(r: PhotoRow): MerchantPhotoOut {
  return {
    id: r.id,
    url: r.path,
    alt: r.alt,
    location_id: r.location_id,
    position: r.position,
    width: r.width,
    height: r.height,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** The business's photos in their order, and how many it may have. */
export async function listPhotos(deps: Pick<AppDeps, 'db'>, merchantId: number): Promise<MerchantPhotoListOut> {
  return { photos: (await findPhotos(deps.db.db, merchantId)).map(photoOut), max: MERCHANT_PHOTOS_MAX };
}

async function assertLocation(deps: Pick<AppDeps, 'db'>, merchantId: number, locationId: number | null | undefined): Promise<void> {
  if (locationId == null) return;
  if (!(await locationOfMerchant(deps.db.db, merchantId, locationId))) throw new AppError('invalid', LOCATION_NOT_OURS, { location_id: [LOCATION_NOT_OURS] });
}

const tooMany = () => new AppError('invalid', TOO_MANY_PHOTOS, { file: [TOO_MANY_PHOTOS] });

/**
 * Adds a photo after the last: the text fields checked first (a 400 naming `alt` or
 * `location_id`), then the count (at most MERCHANT_PHOTOS_MAX, a 400 naming `file`), then the
 * image through the media module's upload step (re-encoded as WebP, at most 1600 wide). Audited
 * (merchant_photo.create).
 */
export async function addPhoto(deps: Deps, actor: AuditActor, merchantId: number, upload: { bytes: Buffer; fields: Record<string, string> }, ip: string | null): Promise<MerchantPhotoOut> {
  const parsed = photoUploadFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) throw new AppError('invalid', parsed.error.issues[0]!.message, fieldErrorsFromIssues(parsed.error.issues));
  const { alt, location_id: locationId } = parsed.data;
  await assertLocation(deps, merchantId, locationId);
  // Refuse before spending the decoding; counted again under the lock below.
  if ((await countPhotos(deps.db.db, merchantId)) >= MERCHANT_PHOTOS_MAX) throw tooMany();
  const image = await saveUploadedImageSized(deps.images, upload.bytes, IMAGE_SHAPES.merchantPhoto);
  const out = await deps.db.db.transaction(async (tx) => {
    if (!(await lockMerchant(tx, merchantId))) throw notFound(MERCHANT_NOT_FOUND);
    if ((await countPhotos(tx, merchantId)) >= MERCHANT_PHOTOS_MAX) throw tooMany();
    const row = photoOut(await insertPhoto(tx, { merchantId, locationId, path: image.url, alt, width: image.width, height: image.height, createdBy: actor.id }));
    await recordAudit(tx, { actor, action: 'merchant_photo.create', entity: 'merchant_photo', entityId: row.id, marketId: await findMarketOf(tx, merchantId, locationId), after: { merchant_id: merchantId, ...row }, ip });
    return row;
  });
  catalogueChanged(deps, 'merchants');
  return out;
}

/**
 * Changes a photo's alt text or location, or moves it to `position` (its place in the list, 0
 * first; the others close up behind it). Audited (merchant_photo.update).
 */
export async function changePhoto(deps: Deps, actor: AuditActor, merchantId: number, id: number, body: PhotoUpdateInput, ip: string | null): Promise<MerchantPhotoOut> {
  await assertLocation(deps, merchantId, body.location_id);
  const out = await deps.db.db.transaction(async (tx) => {
    if (!(await lockMerchant(tx, merchantId))) throw notFound(MERCHANT_NOT_FOUND);
    const before = await findPhoto(tx, merchantId, id, true);
    if (!before) throw notFound(PHOTO_NOT_FOUND);
    await updatePhotoText(tx, id, { alt: body.alt, location_id: body.location_id });
    if (body.position !== undefined) {
      const others = (await findPhotos(tx, merchantId)).filter((p) => p.id !== id);
      const at = Math.min(body.position, others.length);
      await renumberPhotos(tx, [...others.slice(0, at), before, ...others.slice(at)]);
    }
    const after = photoOut((await findPhoto(tx, merchantId, id))!);
    await recordAudit(tx, {
      actor,
      action: 'merchant_photo.update',
      entity: 'merchant_photo',
      entityId: id,
      marketId: await findMarketOf(tx, merchantId, after.location_id),
      before: { merchant_id: merchantId, ...photoOut(before) },
      after: { merchant_id: merchantId, ...after },
      ip,
    });
    return after;
  });
  catalogueChanged(deps, 'merchants');
  return out;
}

/** Removes a photo from the business's page at once. Audited (merchant_photo.delete). */
export async function removePhoto(deps: Deps, actor: AuditActor, merchantId: number, id: number, ip: string | null): Promise<void> {
  await deps.db.db.transaction(async (tx) => {
    const before = await findPhoto(tx, merchantId, id, true);
    if (!before) throw notFound(PHOTO_NOT_FOUND);
    await deletePhoto(tx, id);
    await recordAudit(tx, { actor, action: 'merchant_photo.delete', entity: 'merchant_photo', entityId: id, marketId: await findMarketOf(tx, merchantId, before.location_id), before: { merchant_id: merchantId, ...photoOut(before) }, ip });
  });
  catalogueChanged(deps, 'merchants');
}

/** The photos a location's saver page shows: its own and its business's for every location, in order. */
export async function photosOfLocation(deps: Pick<AppDeps, 'db'>, locationId: number): Promise<PublicPhotoOut[]> {
  const rows = await findPhotosOfLocation(deps.db.db, locationId, MERCHANT_PHOTOS_MAX);
  return rows.map((r) => ({ url: r.path, alt: r.alt, width: r.width, height: r.height }));
}
