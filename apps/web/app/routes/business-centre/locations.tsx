// /business/centre/:merchantId/locations: what the business keeps up to date itself (owners and
// managers): the logo and photo (the console's upload pipeline), and each location's phone,
// website, menu and booking links and opening hours (the console's hours fields). Name, address
// and pin are LocalSaver's. Each location saves at the version it was read (409: someone else
// saved first; the page shows the location as it now stands).
import { Form, Link } from 'react-router';
import type { Route } from './+types/locations';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { DAYS, DayHours } from '../../components/console/location-form.tsx';
import { openingHours, postedValues } from '../../lib/console/catalogue-forms.server.ts';
import { parseId } from '@market/domain/ids';
import { ListingAnswer, ListingLocation, centreMerchant } from '../../lib/business/centre-pages.server.ts';
import type { ListingLocation as Location } from '../../lib/business/centre-pages.server.ts';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

const CHOOSE_FILE = 'Choose an image file (JPEG, PNG, WebP or AVIF, up to 5 MB).';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner', 'manager']);
  return { listing: await api.get(`/api/merchant/${merchant.id}/locations/`, ListingAnswer) };
}

interface Answer {
  form: string;
  ok: boolean;
  message: string | null;
  fields: Record<string, string[]>;
  /** What was sent, shown again beside the field errors. */
  values?: Record<string, string | string[]>;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

export async function action({ request, context, params }: Route.ActionArgs): Promise<Answer> {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner', 'manager']);
  const form = await request.formData();
  const intent = text(form, 'intent');
  if (intent === 'logo' || intent === 'photo') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { form: intent, ok: false, message: null, fields: { file: [CHOOSE_FILE] } };
    const body = new FormData();
    body.set('file', file, file.name || `${intent}.jpg`);
    const saved = await api.send('PUT', `/api/merchant/${merchant.id}/${intent}/`, body);
    return saved.ok ? { form: intent, ok: true, message: intent === 'logo' ? 'New logo saved.' : 'New photo saved.', fields: {} } : { form: intent, ok: false, message: saved.message, fields: saved.kind === 'invalid' ? saved.fields : {} };
  }
  const id = parseId(text(form, 'id'));
  if (!id) return { form: 'none', ok: false, message: 'Choose a location.', fields: {} };
  const body = {
    version: Number(text(form, 'version')) || 0,
    phone: text(form, 'phone'),
    website_url: text(form, 'website_url'),
    menu_url: text(form, 'menu_url'),
    booking_url: text(form, 'booking_url'),
    opening_hours: openingHours(form),
  };
  const saved = await api.send('PATCH', `/api/merchant/${merchant.id}/locations/${id}/`, body, ListingLocation);
  const key = `location-${id}`;
  if (saved.ok) return { form: key, ok: true, message: 'Saved. Savers see it on your page shortly.', fields: {} };
  if (saved.kind === 'conflict') return { form: key, ok: false, message: 'Someone else saved this location meanwhile: here it is as it now stands. Make your change again.', fields: {} };
  return { form: key, ok: false, message: saved.message, fields: saved.fields, values: postedValues(form) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

function ImageForm({ kind, url, answer }: { kind: 'logo' | 'photo'; url: string | null; answer: Answer | undefined }) {
  const errors = [...(answer?.fields.file ?? []), ...(!answer?.ok && answer?.message ? [answer.message] : [])];
  return (
    <Form method="post" encType="multipart/form-data" className="console-form centre-image-form">
      <input type="hidden" name="intent" value={kind} />
      <h3>{kind === 'logo' ? 'Logo' : 'Photo'}</h3>
      {url ? <img src={url} alt={`Your current ${kind}`} className={`centre-${kind}`} /> : <p className="console-muted">None yet.</p>}
      {answer?.ok ? <FormMessage tone="success" message={answer.message} /> : null}
      <div className="console-field">
        <label htmlFor={`file-${kind}`}>New {kind}</label>
        <input id={`file-${kind}`} type="file" name="file" accept="image/jpeg,image/png,image/webp,image/avif" required aria-describedby={`file-${kind}-error`} aria-invalid={errors.length ? true : undefined} />
        <span id={`file-${kind}-error`} className="console-field-error">
          {errors.join(' ')}
        </span>
      </div>
      <p className="console-small console-muted">{kind === 'logo' ? 'Fitted into 400 × 400.' : 'At most 1600 wide.'} JPEG, PNG, WebP or AVIF up to 5 MB.</p>
      <button type="submit" className="console-btn">
        Upload
      </button>
    </Form>
  );
}

function LocationForm({ location, answer }: { location: Location; answer: Answer | undefined }) {
  const values: Record<string, string> = {
    phone: location.phone ?? '',
    website_url: location.website_url ?? '',
    menu_url: location.menu_url ?? '',
    booking_url: location.booking_url ?? '',
  };
  for (const [day, ranges] of Object.entries(location.opening_hours ?? {})) {
    ranges.forEach((r, i) => {
      values[`hours.${day}.${i}.open`] = r.open;
      values[`hours.${day}.${i}.close`] = r.close;
    });
  }
  const form = formReader(answer && !answer.ok && answer.values ? answer.values : values, answer?.fields ?? {});
  const title = `location-${location.id}-title`;
  return (
    <section className="console-panel" aria-labelledby={title}>
      <h2 id={title}>{location.display_name}</h2>
      <p className="console-small console-muted">
        {location.address}, {location.city}, {location.state} {location.zip}
      </p>
      <FormMessage tone={answer?.ok ? 'success' : 'error'} message={answer?.message} />
      {/* A new key after a save or a conflict: the fields show what the API now holds. */}
      <Form method="post" className="console-form" noValidate key={`${location.id}-${location.version}`}>
        <input type="hidden" name="id" value={location.id} />
        <input type="hidden" name="version" value={location.version} />
        <Field label="Phone" name="phone" type="tel" defaultValue={form.text('phone')} errors={form.errors('phone')} autoComplete="off" />
        <Field label="Website" name="website_url" type="url" defaultValue={form.text('website_url')} errors={form.errors('website_url')} hint="https://…" />
        <Field label="Menu link" name="menu_url" type="url" defaultValue={form.text('menu_url')} errors={form.errors('menu_url')} hint="Savers see “Menu” on your page." />
        <Field label="Booking link" name="booking_url" type="url" defaultValue={form.text('booking_url')} errors={form.errors('booking_url')} hint="Savers see “Book” on your page." />
        <fieldset className="centre-hours">
          <legend>Opening hours</legend>
          <p className="console-small console-muted">Up to three ranges a day as HH:MM (24-hour clock, 24:00 for midnight). A day left empty is closed.</p>
          <div className="cat-wide cat-hours">
            {DAYS.map(([day, label]) => (
              <DayHours key={day} form={form} day={day} label={label} />
            ))}
          </div>
          {form.errors('opening_hours') ? <span className="console-field-error">{form.errors('opening_hours')!.join(' ')}</span> : null}
        </fieldset>
        <p className="console-actions">
          <button type="submit" className="console-btn">
            Save {location.display_name}
          </button>
        </p>
      </Form>
    </section>
  );
}

export default function MerchantLocations({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const { merchant } = listing;
  const answerFor = (form: string) => (actionData?.form === form ? actionData : undefined);
  return (
    <>
      <title>{`Locations · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to="/business/centre">Your businesses</Link> / {merchant.name} /
      </p>
      <h1>{merchant.name}: locations</h1>
      <p className="console-muted">Keep your hours, phone and links up to date. Names and addresses are changed by LocalSaver: write to your regional office.</p>
      {answerFor('none') ? <FormMessage message={answerFor('none')!.message} /> : null}
      <section className="console-panel" aria-labelledby="images-title">
        <h2 id="images-title">Logo and photo</h2>
        <div className="centre-images">
          <ImageForm kind="logo" url={merchant.logo_url} answer={answerFor('logo')} />
          <ImageForm kind="photo" url={merchant.photo_url} answer={answerFor('photo')} />
        </div>
      </section>
      {listing.locations.map((l) => (
        <LocationForm key={l.id} location={l} answer={answerFor(`location-${l.id}`)} />
      ))}
    </>
  );
}
