// /console/merchants/:id: one merchant (GET /api/console/merchants/{id}/): the edit form with the
// version it read (a 409 shows both versions), the certified badge's state, the logo and photo
// (uploaded through /console/merchants/:id/logo and /photo), its locations with "Add location",
// the photos of its saver page with Remove, and a way to a new offer of it.
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/merchant';
import { ConflictNotice, type ConflictField } from '../../components/console/conflict-notice.tsx';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { ImageUpload } from '../../components/console/image-upload.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { MerchantForm } from '../../components/console/merchant-form.tsx';
import { MerchantTeam } from '../../components/console/merchant-team.tsx';
import { MerchantTeamOut } from '@market/domain/api/merchant-centre';
import { MerchantPhotoListOut } from '@market/domain/api/merchant-photos';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { checkBody, failedForm, merchantBody, merchantSchema, merchantValues, postedValues, refusedForm } from '../../lib/console/catalogue-forms.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { categoryChoices } from '../../lib/console/catalogue-options.ts';
import { CategoriesOut } from '@market/domain/api/catalogue';
import { ConsoleMerchantDetailOut, type ConsoleMerchantOut } from '@market/domain/api/console-merchants';
import { formatDisplayDate } from '@market/domain/expiry';
import { MARKETS, type MarketId } from '@market/domain/markets';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];


const SAVED: Record<string, string> = {
  created: 'The merchant was created. Add its locations below.',
  saved: 'Your changes were saved.',
  logo: 'The new logo was saved.',
  photo: 'The new photo was saved.',
  'photo-removed': 'The photo was removed from the saver page.',
};

/** Why the badge shows or not, in the words of docs/decisions.md "The certified badge needs a recorded insurance date". */
function badgeWhy(m: ConsoleMerchantOut): string {
  if (m.certified_badge) return `Certified and insured through ${formatDisplayDate(m.insurance_expires_on!)}: savers see the certified badge.`;
  if (!m.is_certified) return 'Not certified: no badge.';
  if (!m.insurance_expires_on) return 'Certified, but no insurance date is recorded: no badge until one is.';
  return `Certified, but the insurance ended on ${formatDisplayDate(m.insurance_expires_on)}: no badge until a later date is recorded.`;
}

export function merchantId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = merchantId(params);
  const api = consoleApi(context, request);
  const [merchant, categories, team, photos] = await Promise.all([
    api.get(`/api/console/merchants/${id}/`, ConsoleMerchantDetailOut),
    api.get('/api/categories/', CategoriesOut),
    api.get(`/api/console/merchants/${id}/team/`, MerchantTeamOut),
    api.get(`/api/console/merchants/${id}/photos/`, MerchantPhotoListOut),
  ]);
  const placeName = new Map(merchant.locations.map((l) => [l.id, l.display_name]));
  const saved = consolePageUrl(request).searchParams.get('saved') ?? '';
  return {
    merchant: {
      id: merchant.id,
      name: merchant.name,
      slug: merchant.slug,
      logo_url: merchant.logo_url,
      photo_url: merchant.photo_url,
      updated: formatDateTime(merchant.updated_at),
      badge: { shown: merchant.certified_badge, why: badgeWhy(merchant) },
    },
    values: merchantValues(merchant),
    locations: merchant.locations.map((l) => ({
      id: l.id,
      name: l.display_name,
      address: [l.address, l.address2, `${l.city}, ${l.state} ${l.zip}`].filter(Boolean).join(', '),
      market: MARKETS[l.market_id as MarketId]?.name ?? l.market_id,
    })),
    categories: categoryChoices(categories),
    photos: photos.photos.map((p) => ({ id: p.id, url: p.url, alt: p.alt, where: p.location_id === null ? 'All locations' : (placeName.get(p.location_id) ?? `#${p.location_id}`), added: formatDateTime(p.created_at) })),
    saved: SAVED[saved] ?? null,
    team: {
      members: team.members.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, locations: m.location_ids ? m.location_ids.map((l) => placeName.get(l) ?? `#${l}`).join(', ') : '' })),
      invitations: team.invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expires: formatDateTime(i.expires_at) })),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = merchantId(params);
  const form = await request.formData();
  if (form.get('intent') === 'remove-photo') {
    const api = consoleApi(context, request);
    const removed = await api.send('DELETE', `/api/console/merchants/${id}/photos/${Number(form.get('photo_id')) || 0}/`, null);
    // The merchant form keeps what the API holds; only the message is the removal's.
    if (!removed.ok) return refusedForm(merchantValues(await api.get(`/api/console/merchants/${id}/`, ConsoleMerchantDetailOut)), {}, removed.message ?? 'The photo could not be removed.');
    throw redirect(`/console/merchants/${id}?saved=photo-removed`);
  }
  const values = postedValues(form);
  const body = merchantBody(form, { edit: true });
  const checked = checkBody(merchantSchema(true), body);
  if (!checked.ok) return refusedForm(values, checked.fields);
  const saved = await consoleApi(context, request).send('PATCH', `/api/console/merchants/${id}/`, body, ConsoleMerchantDetailOut);
  if (!saved.ok) return failedForm(values, saved, merchantValues, ConsoleMerchantDetailOut);
  throw redirect(`/console/merchants/${id}?saved=saved`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const yesNo = (v: unknown) => (v === 'on' ? 'Yes' : 'No');
export const MERCHANT_CONFLICT_FIELDS: ConflictField[] = [
  { name: 'name', label: 'Name' },
  { name: 'website', label: 'Website' },
  { name: 'phone', label: 'Phone' },
  { name: 'category_id', label: 'Category (id)' },
  { name: 'subcategory_ids', label: 'Subcategories (ids)' },
  { name: 'about', label: 'About' },
  { name: 'is_spotlight', label: 'Spotlight', format: yesNo },
  { name: 'is_certified', label: 'Certified', format: yesNo },
  { name: 'licensed', label: 'Licensed', format: yesNo },
  { name: 'bonded', label: 'Bonded', format: yesNo },
  { name: 'insured', label: 'Insured', format: yesNo },
  { name: 'licence_number', label: 'Licence number' },
  { name: 'licence_expires_on', label: 'Licence expires on' },
  { name: 'insurance_expires_on', label: 'Insurance expires on' },
];

export default function Merchant({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, locations, categories, saved, team, photos } = loaderData;
  const navigation = useNavigation();
  const form = formReader(actionData?.values ?? loaderData.values, actionData?.fields ?? {});
  const invalid = actionData && !actionData.conflict && Object.keys(actionData.fields).length;
  return (
    <>
      <title>{`${merchant.name} · Merchants · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/merchants">Merchants</Link> /
      </p>
      <div className="cat-head">
        <h1>{merchant.name}</h1>
        <div className="console-actions">
          <a href={`/merchants/${merchant.slug}`} className="console-btn console-btn-secondary console-btn-small" target="_blank" rel="noopener noreferrer">
            Saver page<span className="console-sr"> (opens in a new tab)</span>
          </a>
          <Link to={`/console/offers/new?merchant=${merchant.id}`} className="console-btn console-btn-small">
            New offer
          </Link>
        </div>
      </div>
      <p className="console-muted console-small">Last change {merchant.updated}</p>
      {!actionData ? <FormMessage tone="success" message={saved} /> : null}
      <FormMessage message={actionData?.message ?? (invalid ? 'Check the highlighted fields and try again.' : null)} />
      {actionData?.conflict ? (
        <ConflictNotice message={actionData.conflict.message} theirs={actionData.conflict.theirs} yours={actionData.values} fields={MERCHANT_CONFLICT_FIELDS} reloadHref={`/console/merchants/${merchant.id}`} />
      ) : null}
      <div className="cat-columns">
        <div className="cat-main">
          <MerchantForm key={JSON.stringify(actionData ?? loaderData.values)} form={form} categories={categories} edit badge={merchant.badge} submitting={navigation.state === 'submitting' && navigation.formMethod === 'POST' && navigation.formAction === `/console/merchants/${merchant.id}`} />
        </div>
        <aside className="cat-side">
          <section className="console-panel" aria-labelledby="locations-title">
            <div className="cat-head">
              <h2 id="locations-title">Locations</h2>
              <Link to={`/console/merchants/${merchant.id}/locations/new`} className="console-btn console-btn-small">
                Add location
              </Link>
            </div>
            {locations.length ? (
              <ul className="cat-list">
                {locations.map((l) => (
                  <li key={l.id}>
                    <Link to={`/console/locations/${l.id}`}>{l.name}</Link>
                    <span className="console-small">{l.address}</span>
                    <span className="console-small console-muted">{l.market}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="console-muted">No location yet: savers find a merchant through its locations.</p>
            )}
          </section>
          <MerchantTeam merchantId={merchant.id} team={team} locations={locations.map((l) => ({ id: l.id, name: l.name }))} />
          <section className="console-panel" aria-labelledby="photos-title">
            <h2 id="photos-title">Photos on the saver page ({photos.length})</h2>
            <p className="console-small console-muted">The business adds these in its centre; they publish at once. Remove one that breaks the rules (audited).</p>
            {photos.length ? (
              <ul className="cat-list cat-photos">
                {photos.map((p) => (
                  <li key={p.id}>
                    <img src={p.url} alt={p.alt} width={120} height={80} loading="lazy" />
                    <span className="console-small">{p.alt}</span>
                    <span className="console-small console-muted">
                      {p.where} · added {p.added}
                    </span>
                    <details>
                      <summary className="console-btn console-btn-secondary console-btn-small">Remove…</summary>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-photo" />
                        <input type="hidden" name="photo_id" value={p.id} />
                        <button type="submit" className="console-btn console-btn-small">
                          Yes, remove this photo
                        </button>
                      </Form>
                    </details>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="console-muted">No photos.</p>
            )}
          </section>
          <ImageUpload action={`/console/merchants/${merchant.id}/logo`} kind="logo" current={merchant.logo_url} shape="Fitted into 400 × 400." />
          <ImageUpload action={`/console/merchants/${merchant.id}/photo`} kind="photo" current={merchant.photo_url} shape="At most 1600 wide." />
        </aside>
      </div>
    </>
  );
}
