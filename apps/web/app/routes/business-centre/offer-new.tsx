// /business/centre/:merchantId/offers/new: a new offer, as a draft proposal (POST
// /api/merchant/{merchant_id}/offers/), on the console's offer form without the merchant and
// Featured. Submitting it for review is the next step, on the offer's page.
import { Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/offer-new';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { OfferForm } from '../../components/console/offer-form.tsx';
import { failedForm, postedValues, refusedForm, type FormValues } from '../../lib/console/catalogue-forms.server.ts';
import { categoryChoices } from '../../lib/console/catalogue-options.ts';
import { parseId } from '@market/domain/ids';
import { centreApi } from '../../lib/business/centre-api.server.ts';
import { formMerchant, proposalBody, proposalValues } from '../../lib/business/offer-pages.server.ts';
import { CategoriesOut } from '@market/domain/api/catalogue';
import { MerchantMembershipList, MerchantOfferOut } from '@market/domain/api/merchant-centre';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

function merchantId(params: { merchantId?: string }): number {
  const id = parseId(params.merchantId ?? null);
  if (!id) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = merchantId(params);
  const api = centreApi(context, request);
  const [merchants, categories] = await Promise.all([api.get('/api/merchant/', MerchantMembershipList), api.get('/api/categories/', CategoriesOut)]);
  const merchant = merchants.find((m) => m.id === id && m.role !== 'cashier');
  if (!merchant) throw new Response(null, { status: 404 });
  const only = merchant.locations.length === 1 ? String(merchant.locations[0]!.id) : '';
  return {
    merchant: formMerchant(merchant),
    categories: categoryChoices(categories),
    values: { location_id: only, max_prints: '3', secondary_type: 'other' } as FormValues,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = merchantId(params);
  const form = await request.formData();
  const values = postedValues(form);
  const { body, problems } = proposalBody(form, false);
  if (Object.keys(problems).length) return refusedForm(values, problems);
  const saved = await centreApi(context, request).send('POST', `/api/merchant/${id}/offers/`, body, MerchantOfferOut);
  if (!saved.ok) return failedForm(values, saved, (o: MerchantOfferOut) => proposalValues(o, ''), MerchantOfferOut);
  throw redirect(`/business/centre/${id}/offers/${saved.data.id}?done=created`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function NewMerchantOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, categories } = loaderData;
  const navigation = useNavigation();
  const form = formReader(actionData?.values ?? loaderData.values, actionData?.fields ?? {});
  return (
    <>
      <title>{`New offer · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to={`/business/centre/${merchant.id}`}>{merchant.name}: offers</Link> /
      </p>
      <h1>New offer</h1>
      <FormMessage message={actionData?.message ?? (actionData && Object.keys(actionData.fields).length ? 'Check the highlighted fields and try again.' : null)} />
      <OfferForm key={JSON.stringify(actionData?.values ?? merchant.id)} form={form} merchant={merchant} categories={categories} edit={false} submitting={navigation.state === 'submitting'} changeMerchantHref="" business />
    </>
  );
}
