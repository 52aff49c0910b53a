// /business/centre/:merchantId/photos: the photos savers see on the business's page (owners and
// managers; docs/api.md "Merchant photos"). Upload with a description (required: what the photo
// shows, for people who cannot see it), for every location or one; reorder with Move up and
// Move down; change a description; remove after a confirming step. Photos publish at once.
import { Form, Link } from 'react-router';
import type { Route } from './+types/photos';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage, SelectField } from '../../components/console/field.tsx';
import { parseId } from '@market/domain/ids';
import { ListingAnswer, centreMerchant } from '../../lib/business/centre-pages.server.ts';
import { MerchantPhotoListOut, MerchantPhotoOut } from '@market/domain/api/merchant-photos';
import { ALT_MAX, altField } from '@market/domain/validation/merchant-photos';

const CHOOSE_FILE = 'Choose an image file (JPEG, PNG, WebP or AVIF, up to 5 MB).';
const ALL = '';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner', 'manager']);
  const [photos, listing] = await Promise.all([api.get(`/api/merchant/${merchant.id}/photos/`, MerchantPhotoListOut), api.get(`/api/merchant/${merchant.id}/locations/`, ListingAnswer)]);
  return { merchant, photos, locations: listing.locations.map((l) => ({ id: l.id, name: l.display_name, city: l.city })) };
}

interface Answer {
  form: string;
  ok: boolean;
  message: string | null;
  fields: Record<string, string[]>;
  /** What was typed, shown again beside the field errors. */
  alt?: string;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

export async function action({ request, context, params }: Route.ActionArgs): Promise<Answer> {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner', 'manager']);
  const base = `/api/merchant/${merchant.id}/photos/`;
  const form = await request.formData();
  const intent = text(form, 'intent');
  if (intent === 'upload') {
    const file = form.get('file');
    const alt = text(form, 'alt');
    const fields: Record<string, string[]> = {};
    if (!(file instanceof File) || file.size === 0) fields.file = [CHOOSE_FILE];
    // The API's own rule for the description, so both mistakes show at once.
    const altCheck = altField.safeParse(alt);
    if (!altCheck.success) fields.alt = [altCheck.error.issues[0]!.message];
    if (!(file instanceof File) || Object.keys(fields).length) return { form: 'upload', ok: false, message: null, fields, alt };
    // The text fields go before the file: the API reads them as the file starts.
    const body = new FormData();
    body.set('alt', alt);
    body.set('location_id', text(form, 'location_id'));
    body.set('file', file, file.name || 'photo.jpg');
    const saved = await api.send('POST', base, body, MerchantPhotoOut);
    if (saved.ok) return { form: 'upload', ok: true, message: 'Photo added. Savers see it on your page now.', fields: {} };
    return { form: 'upload', ok: false, message: saved.message, fields: saved.kind === 'invalid' ? { ...fields, ...saved.fields } : fields, alt };
  }
  const id = parseId(text(form, 'id'));
  if (!id) return { form: 'none', ok: false, message: 'Choose a photo.', fields: {} };
  const key = `photo-${id}`;
  if (intent === 'remove') {
    const removed = await api.send('DELETE', `${base}${id}/`, null);
    return removed.ok ? { form: 'none', ok: true, message: 'Photo removed from your page.', fields: {} } : { form: key, ok: false, message: removed.message, fields: {} };
  }
  const body =
    intent === 'move'
      ? { position: Number(text(form, 'position')) }
      : { alt: text(form, 'alt'), location_id: text(form, 'location_id') === ALL ? null : Number(text(form, 'location_id')) };
  const saved = await api.send('PATCH', `${base}${id}/`, body, MerchantPhotoOut);
  if (saved.ok) return { form: key, ok: true, message: intent === 'move' ? 'Moved.' : 'Saved.', fields: {} };
  return { form: key, ok: false, message: saved.message, fields: saved.kind === 'invalid' ? saved.fields : {}, alt: text(form, 'alt') };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

type Locations = Route.ComponentProps['loaderData']['locations'];

function locationOptions(locations: Locations) {
  return [{ value: ALL, label: 'All locations' }, ...locations.map((l) => ({ value: String(l.id), label: `${l.name} (${l.city})` }))];
}

function UploadForm({ locations, answer, full, count }: { locations: Locations; answer: Answer | undefined; full: boolean; count: number }) {
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    // A new key once a photo is added: the file and description fields start empty again.
    <Form method="post" encType="multipart/form-data" className="console-form centre-photo-upload" noValidate key={answer?.ok ? `added-${count}` : 'editing'}>
      <input type="hidden" name="intent" value="upload" />
      <FormMessage tone={answer?.ok ? 'success' : 'error'} message={answer?.message} />
      <Field label="Photo" name="file" type="file" accept="image/jpeg,image/png,image/webp,image/avif" errors={failed?.fields.file} hint="JPEG, PNG, WebP or AVIF up to 5 MB; stored at most 1600 wide." disabled={full} />
      <Field
        label="Description"
        name="alt"
        defaultValue={failed?.alt ?? ''}
        maxLength={ALT_MAX}
        errors={failed?.fields.alt}
        hint="What the photo shows, for people who cannot see it: “Our dining room with the wood-fired oven”."
      />
      {locations.length > 1 ? <SelectField label="Shown at" name="location_id" options={locationOptions(locations)} errors={failed?.fields.location_id} defaultValue={ALL} /> : <input type="hidden" name="location_id" value={ALL} />}
      <p className="console-actions">
        <button type="submit" className="console-btn" disabled={full}>
          Add photo
        </button>
      </p>
    </Form>
  );
}

function PhotoItem({ photo, index, count, locations, answer }: { photo: MerchantPhotoOut; index: number; count: number; locations: Locations; answer: Answer | undefined }) {
  const failed = answer && !answer.ok ? answer : undefined;
  const where = photo.location_id === null ? 'All locations' : (locations.find((l) => l.id === photo.location_id)?.name ?? 'One location');
  return (
    <li className="centre-photo-item" aria-labelledby={`photo-${photo.id}-title`}>
      <img src={photo.url} alt={photo.alt} width={photo.width ?? 1200} height={photo.height ?? 800} loading="lazy" className="centre-photo-thumb" />
      <div className="centre-photo-body">
        <h3 id={`photo-${photo.id}-title`} className="console-small">
          Photo {index + 1} of {count} · {where}
        </h3>
        <FormMessage tone={answer?.ok ? 'success' : 'error'} message={answer?.message} />
        <Form method="post" className="console-form" noValidate key={`${photo.id}-${photo.alt}-${photo.location_id}`}>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="id" value={photo.id} />
          <Field label="Description" name="alt" defaultValue={failed?.alt ?? photo.alt} maxLength={ALT_MAX} errors={failed?.fields.alt} />
          {locations.length > 1 ? <SelectField label="Shown at" name="location_id" options={locationOptions(locations)} errors={failed?.fields.location_id} defaultValue={photo.location_id === null ? ALL : String(photo.location_id)} /> : <input type="hidden" name="location_id" value={ALL} />}
          <button type="submit" className="console-btn console-btn-secondary">
            Save description
          </button>
        </Form>
        <div className="centre-photo-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={photo.id} />
            <input type="hidden" name="position" value={index - 1} />
            <button type="submit" className="console-btn console-btn-secondary" disabled={index === 0} aria-label={`Move photo ${index + 1} up`}>
              Move up
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={photo.id} />
            <input type="hidden" name="position" value={index + 1} />
            <button type="submit" className="console-btn console-btn-secondary" disabled={index === count - 1} aria-label={`Move photo ${index + 1} down`}>
              Move down
            </button>
          </Form>
          <details className="centre-photo-remove">
            <summary className="console-btn console-btn-secondary">Remove…</summary>
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={photo.id} />
              <p>Remove this photo from your page? Savers stop seeing it at once.</p>
              <button type="submit" className="console-btn centre-danger">
                Yes, remove photo {index + 1}
              </button>
            </Form>
          </details>
        </div>
      </div>
    </li>
  );
}

export default function MerchantPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, photos, locations } = loaderData;
  const answerFor = (form: string) => (actionData?.form === form ? actionData : undefined);
  const full = photos.photos.length >= photos.max;
  return (
    <>
      <title>{`Photos · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to="/business/centre">Your businesses</Link> / {merchant.name} /
      </p>
      <h1>{merchant.name}: photos</h1>
      <p className="console-muted">
        Savers see these on your page in this order, as soon as you add them. Up to {photos.max} photos; LocalSaver may remove a photo that breaks the rules.
      </p>
      <section className="console-panel" aria-labelledby="add-photo-title">
        <h2 id="add-photo-title">Add a photo</h2>
        {full ? <FormMessage tone="warning" message={`You have ${photos.max} photos, the most a business may have. Remove one to add another.`} /> : null}
        <UploadForm locations={locations} answer={answerFor('upload')} full={full} count={photos.photos.length} />
      </section>
      <section className="console-panel" aria-labelledby="photos-title">
        <h2 id="photos-title">Your photos ({photos.photos.length})</h2>
        {answerFor('none') ? <FormMessage tone={answerFor('none')!.ok ? 'success' : 'error'} message={answerFor('none')!.message} /> : null}
        {photos.photos.length ? (
          <ol className="centre-photo-list">
            {photos.photos.map((p, i) => (
              <PhotoItem key={p.id} photo={p} index={i} count={photos.photos.length} locations={locations} answer={answerFor(`photo-${p.id}`)} />
            ))}
          </ol>
        ) : (
          <p className="console-muted">No photos yet.</p>
        )}
      </section>
    </>
  );
}
