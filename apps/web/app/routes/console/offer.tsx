// /console/offers/:id: one offer (GET /api/console/offers/{id}/): its status with the buttons that
// apply to it (publish, pause, resume, expire now, duplicate: the API's action routes, each with the
// version read), the edit form (a 409 shows both versions), and the preview of the saved offer as
// savers see it: card, modal and printed coupon.
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/offer';
import { ConflictNotice, type ConflictField } from '../../components/console/conflict-notice.tsx';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { ImageUpload } from '../../components/console/image-upload.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { MerchantPicker } from '../../components/console/merchant-picker.tsx';
import { OfferForm } from '../../components/console/offer-form.tsx';
import { OfferPreviewPanel } from '../../components/console/offer-preview.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { checkBody, failedForm, offerBody, offerSchema, offerValues, postedValues, refusedForm, type FormFailure } from '../../lib/console/catalogue-forms.server.ts';
import { formText } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { categoryChoices, STATUS_LABEL } from '../../lib/console/catalogue-options.ts';
import { isOfferAction, OFFER_ACTION_LABEL, offerActionsFor } from '../../lib/console/offer-actions.ts';
import { parseId } from '@market/domain/ids';
import { merchantSearch, offerMerchant, offerPreview } from '../../lib/console/offer-page.server.ts';
import { CategoriesOut } from '@market/domain/api/catalogue';
import { ConsoleOffer } from '@market/domain/api/console-offers';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

const DONE: Record<string, string> = {
  created: 'The draft was created. Savers see it once it is published.',
  saved: 'Your changes were saved.',
  publish: 'The offer was published.',
  pause: 'The offer was paused: savers no longer see it.',
  resume: 'The offer was resumed.',
  expire: 'The offer was expired: its last valid day is now yesterday.',
  duplicate: 'This is the copy, a new draft. Change what differs, then publish it.',
  picture: 'The new picture was saved. Savers see it at once.',
};

function offerId(params: { id?: string }): number {
  const id = parseId(params.id ?? null);
  if (!id) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = offerId(params);
  const api = consoleApi(context, request);
  const url = consolePageUrl(request);
  const offer = await api.get(`/api/console/offers/${id}/`, ConsoleOffer);
  const q = url.searchParams.get('merchant_q') ?? '';
  const asked = parseId(url.searchParams.get('merchant'));
  const moving = asked !== null && asked !== offer.merchant.id;
  const [own, other, categories, search] = await Promise.all([offerMerchant(api, offer.merchant.id), moving ? offerMerchant(api, asked) : null, api.get('/api/categories/', CategoriesOut), merchantSearch(api, q)]);
  const values = offerValues(offer);
  if (other) Object.assign(values, { merchant_id: String(other.merchant.id), location_id: '' });
  return {
    offer: { id: offer.id, name: offer.name, status: offer.status, version: offer.version, updated: formatDateTime(offer.updated_at), marketId: offer.market_id, picture: offer.picture_path },
    actions: offerActionsFor(offer.status),
    merchant: (other ?? own).merchant,
    moving,
    values,
    categories: categoryChoices(categories),
    q,
    picking: url.searchParams.has('merchant_q'),
    search,
    preview: offerPreview(offer, own.detail),
    done: DONE[url.searchParams.get('done') ?? ''] ?? null,
  };
}

type OfferActionFailure = Omit<FormFailure, 'values'> & { values: FormFailure['values'] | null };

export async function action({ request, context, params }: Route.ActionArgs): Promise<OfferActionFailure> {
  const id = offerId(params);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const api = consoleApi(context, request);
  if (intent === 'save') {
    const values = postedValues(form);
    const { body, fields } = offerBody(form, { edit: true });
    const checked = checkBody(offerSchema(true), body);
    const problems = { ...(checked.ok ? {} : checked.fields), ...fields };
    if (Object.keys(problems).length) return refusedForm(values, problems);
    const saved = await api.send('PATCH', `/api/console/offers/${id}/`, body, ConsoleOffer);
    if (!saved.ok) return failedForm(values, saved, offerValues, ConsoleOffer);
    throw redirect(`/console/offers/${id}?done=saved`);
  }
  if (!isOfferAction(intent)) return { ok: false, message: 'Choose what to do with the offer.', fields: {}, values: null, conflict: null };
  const version = Number(formText(form, 'version'));
  const done =
    intent === 'duplicate'
      ? await api.send('POST', `/api/console/offers/${id}/duplicate/`, undefined, ConsoleOffer)
      : await api.send('POST', `/api/console/offers/${id}/${intent}/`, { version }, ConsoleOffer);
  if (done.ok) throw redirect(`/console/offers/${done.data.id}?done=${intent}`);
  // The page loads the offer again after this answer: the buttons then match its status and version.
  if (done.kind === 'conflict') return { ok: false, message: `${done.message} The page now shows the offer as it stands: check it, then try again.`, fields: {}, values: null, conflict: null };
  return { ok: false, message: done.message ?? `The offer could not be changed (${OFFER_ACTION_LABEL[intent]}): see the highlighted fields.`, fields: done.fields, values: null, conflict: null };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const yesNo = (v: unknown) => (v === 'on' ? 'Yes' : 'No');
export const OFFER_CONFLICT_FIELDS: ConflictField[] = [
  { name: 'name', label: 'Name' },
  { name: 'merchant_id', label: 'Merchant (id)' },
  { name: 'location_id', label: 'Location (id)' },
  { name: 'category_id', label: 'Category (id)' },
  { name: 'subcategory_ids', label: 'Subcategories (ids)' },
  { name: 'secondary_type', label: 'Kind' },
  { name: 'is_featured', label: 'Featured', format: yesNo },
  { name: 'description', label: 'Description' },
  { name: 'starts_at', label: 'First valid day' },
  { name: 'expires_at', label: 'Last valid day' },
  { name: 'max_prints', label: 'Prints per member' },
  { name: 'code', label: 'Coupon code' },
  { name: 'external_offer_url', label: 'Redeem online at' },
  { name: 'value.kind', label: 'Value: kind' },
  { name: 'value.amount', label: 'Value: amount or price ($)' },
  { name: 'value.percent', label: 'Value: percent off' },
  { name: 'value.item', label: 'Value: free item' },
  { name: 'value.regular_price', label: 'Value: regular price ($)' },
  { name: 'fine_print.days', label: 'Fine print: days' },
  { name: 'fine_print.hours.from', label: 'Fine print: from' },
  { name: 'fine_print.hours.to', label: 'Fine print: until' },
  { name: 'fine_print.min_purchase', label: 'Fine print: minimum purchase ($)' },
  { name: 'fine_print.new_customers_only', label: 'Fine print: new customers only', format: yesNo },
  { name: 'fine_print.service', label: 'Fine print: service' },
  { name: 'fine_print.limit', label: 'Fine print: limit' },
  { name: 'fine_print.exclusions', label: 'Fine print: excludes' },
  { name: 'retailer_terms', label: 'Retailer terms' },
  { name: 'consumer_terms', label: 'Consumer terms' },
];

export default function Offer({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, actions, merchant, moving, categories, q, search, preview, done, picking } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const form = formReader(actionData?.values ?? loaderData.values, actionData?.fields ?? {});
  const invalid = actionData && !actionData.conflict && Object.keys(actionData.fields).length;
  return (
    <>
      <title>{`${offer.name} · Offers · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/offers">Offers</Link> /
      </p>
      <div className="cat-head">
        <h1>{offer.name}</h1>
        <span className={`console-badge cat-status-${offer.status}`}>{STATUS_LABEL[offer.status] ?? offer.status}</span>
      </div>
      <p className="console-muted console-small">Last change {offer.updated}</p>
      <div className="cat-status-actions" role="group" aria-label="Status">
        {actions.map((a) => (
          <Form method="post" key={a}>
            <input type="hidden" name="intent" value={a} />
            <input type="hidden" name="version" value={String(offer.version)} />
            <button type="submit" className={`console-btn console-btn-small ${a === 'publish' || a === 'resume' ? '' : a === 'expire' ? 'console-btn-danger' : 'console-btn-secondary'}`} disabled={busyIntent === a}>
              {OFFER_ACTION_LABEL[a]}
            </button>
          </Form>
        ))}
        <a href="#preview-title" className="console-btn console-btn-secondary console-btn-small">
          See the preview
        </a>
      </div>
      {!actionData ? <FormMessage tone="success" message={done} /> : null}
      <FormMessage message={actionData?.message ?? (invalid ? 'Check the highlighted fields and try again.' : null)} />
      {actionData?.conflict && actionData.values ? (
        <ConflictNotice message={actionData.conflict.message} theirs={actionData.conflict.theirs} yours={actionData.values} fields={OFFER_CONFLICT_FIELDS} reloadHref={`/console/offers/${offer.id}`} />
      ) : null}
      <div className="cat-single">
        {picking ? <MerchantPicker q={q} results={search} hrefFor={(id) => `/console/offers/${offer.id}?merchant=${id}`} /> : null}
        {moving ? <p className="console-alert console-alert-warning">Moving the offer to {merchant.name}: choose its location, then save.</p> : null}
        <OfferForm
          key={JSON.stringify(actionData?.values ?? loaderData.values)}
          form={form}
          merchant={merchant}
          categories={categories}
          edit
          submitting={busyIntent === 'save'}
          changeMerchantHref={`/console/offers/${offer.id}?merchant_q=`}
        />
      </div>
      <ImageUpload action={`/console/offers/${offer.id}/picture`} kind="picture" current={offer.picture} shape="At most 1200 wide (shown 480 × 270)." shownOn="in the offer lists, on the offer page and in its window" />
      <OfferPreviewPanel preview={preview} />
    </>
  );
}
