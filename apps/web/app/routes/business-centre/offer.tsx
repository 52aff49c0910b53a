// /business/centre/:merchantId/offers/:id: one offer of the business (GET
// /api/merchant/{merchant_id}/offers/{id}/): where it stands (a draft, waiting for review, sent
// back with LocalSaver's note, or as savers see it), the form (a change to a published offer is a
// new draft; the approved version keeps showing until LocalSaver approves the change), "Submit for
// review", and the preview as savers will see it: card, modal and printed coupon.
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/offer';
import { ConflictNotice } from '../../components/console/conflict-notice.tsx';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { OfferForm } from '../../components/console/offer-form.tsx';
import { OfferPreviewPanel } from '../../components/console/offer-preview.tsx';
import { failedForm, postedValues, refusedForm, type FormFailure } from '../../lib/console/catalogue-forms.server.ts';
import { categoryChoices } from '../../lib/console/catalogue-options.ts';
import { consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formText } from '../../lib/console/form-values.server.ts';
import { parseId } from '@market/domain/ids';
import { centreApi } from '../../lib/business/centre-api.server.ts';
import { formMerchant, proposalBody, proposalPreview, proposalValues } from '../../lib/business/offer-pages.server.ts';
import { MERCHANT_STATUS_LABEL, statusClass } from '../../lib/business/offer-status.ts';
import { OFFER_CONFLICT_FIELDS } from '../console/offer.tsx';
import { CategoriesOut } from '@market/domain/api/catalogue';
import { MerchantMembershipList, MerchantOfferOut } from '@market/domain/api/merchant-centre';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

const DONE: Record<string, string> = {
  created: 'The draft was created. Check the preview, then submit it for review.',
  saved: 'Your changes were saved as a draft. Submit them for review when they are ready.',
};

function ids(params: { merchantId?: string; id?: string }): { merchantId: number; id: number } {
  const merchantId = parseId(params.merchantId ?? null);
  const id = parseId(params.id ?? null);
  if (!merchantId || !id) throw new Response(null, { status: 404 });
  return { merchantId, id };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { merchantId, id } = ids(params);
  const api = centreApi(context, request);
  const [merchants, offer, categories] = await Promise.all([api.get('/api/merchant/', MerchantMembershipList), api.get(`/api/merchant/${merchantId}/offers/${id}/`, MerchantOfferOut), api.get('/api/categories/', CategoriesOut)]);
  const merchant = merchants.find((m) => m.id === merchantId);
  if (!merchant) throw new Response(null, { status: 404 });
  return {
    offer: { id: offer.id, name: offer.fields.name, status: offer.status, offerStatus: offer.offer_status, version: offer.version, note: offer.status === 'sent_back' ? (offer.revision?.review_note ?? null) : null },
    merchant: formMerchant(merchant),
    values: proposalValues(offer, merchant.name),
    categories: categoryChoices(categories),
    preview: await proposalPreview(offer, merchant),
    done: DONE[consolePageUrl(request).searchParams.get('done') ?? ''] ?? null,
  };
}

type ActionFailure = Omit<FormFailure, 'values'> & { values: FormFailure['values'] | null };

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionFailure> {
  const { merchantId, id } = ids(params);
  const form = await request.formData();
  const api = centreApi(context, request);
  if (formText(form, 'intent') === 'submit') {
    const done = await api.send('POST', `/api/merchant/${merchantId}/offers/${id}/submit/`, { version: Number(formText(form, 'version')) }, MerchantOfferOut);
    if (done.ok) throw redirect(`/business/centre/${merchantId}?done=submitted`);
    if (done.kind === 'conflict') return { ok: false, message: `${done.message} The page now shows the offer as it stands.`, fields: {}, values: null, conflict: null };
    return { ok: false, message: done.message ?? 'The offer could not be submitted: see the highlighted fields.', fields: done.fields, values: null, conflict: null };
  }
  const values = postedValues(form);
  const { body, problems } = proposalBody(form, true);
  if (Object.keys(problems).length) return refusedForm(values, problems);
  const saved = await api.send('PATCH', `/api/merchant/${merchantId}/offers/${id}/`, body, MerchantOfferOut);
  if (!saved.ok) return failedForm(values, saved, (o: MerchantOfferOut) => proposalValues(o, ''), MerchantOfferOut);
  throw redirect(`/business/centre/${merchantId}/offers/${id}?done=saved`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function MerchantOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, merchant, categories, preview, done } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const form = formReader(actionData?.values ?? loaderData.values, actionData?.fields ?? {});
  const invalid = actionData && !actionData.conflict && Object.keys(actionData.fields).length;
  const underReview = offer.status === 'submitted';
  return (
    <>
      <title>{`${offer.name} · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to={`/business/centre/${merchant.id}`}>{merchant.name}: offers</Link> /
      </p>
      <div className="cat-head">
        <h1>{offer.name}</h1>
        <span className={statusClass(offer.status)}>{MERCHANT_STATUS_LABEL[offer.status]}</span>
      </div>
      {offer.note ? (
        <div className="console-alert console-alert-warning" role="note">
          <strong>LocalSaver sent this back:</strong> {offer.note}
        </div>
      ) : null}
      {offer.offerStatus !== 'draft' && (offer.status === 'draft' || underReview) ? <p className="console-muted">Savers see the approved version until LocalSaver approves these changes.</p> : null}
      {!actionData ? <FormMessage tone="success" message={done} /> : null}
      <FormMessage message={actionData?.message ?? (invalid ? 'Check the highlighted fields and try again.' : null)} />
      {offer.status === 'draft' ? (
        <Form method="post" className="cat-status-actions">
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="version" value={String(offer.version)} />
          <button type="submit" className="console-btn" disabled={busyIntent === 'submit'}>
            Submit for review
          </button>
          <a href="#preview-title" className="console-btn console-btn-secondary">
            See the preview
          </a>
        </Form>
      ) : null}
      {actionData?.conflict && actionData.values ? (
        <ConflictNotice message={actionData.conflict.message} theirs={actionData.conflict.theirs} yours={actionData.values} fields={OFFER_CONFLICT_FIELDS.filter((f) => f.name !== 'merchant_id' && f.name !== 'is_featured')} reloadHref={`/business/centre/${merchant.id}/offers/${offer.id}`} />
      ) : null}
      {underReview ? (
        <p role="status" className="console-alert">
          LocalSaver is reviewing this offer. You can change it again once it is reviewed.
        </p>
      ) : (
        <div className="cat-single">
          <OfferForm key={JSON.stringify(actionData?.values ?? loaderData.values)} form={form} merchant={merchant} categories={categories} edit submitting={busyIntent === 'save'} changeMerchantHref="" business />
        </div>
      )}
      <OfferPreviewPanel preview={preview} />
    </>
  );
}
