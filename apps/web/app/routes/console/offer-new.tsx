// /console/offers/new: a new offer, as a draft (POST /api/console/offers/). First the merchant
// (`?merchant=<id>`, found by name, or from the merchant's page), then the form with its locations.
import { Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/offer-new';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { MerchantPicker } from '../../components/console/merchant-picker.tsx';
import { OfferForm } from '../../components/console/offer-form.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { checkBody, failedForm, offerBody, offerSchema, offerValues, postedValues, refusedForm, type FormValues } from '../../lib/console/catalogue-forms.server.ts';
import { categoryChoices } from '../../lib/console/catalogue-options.ts';
import { parseId } from '@market/domain/ids';
import { merchantSearch, offerMerchant } from '../../lib/console/offer-page.server.ts';
import { CategoriesOut } from '@market/domain/api/catalogue';
import { ConsoleOffer } from '@market/domain/api/console-offers';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const url = consolePageUrl(request);
  const q = url.searchParams.get('merchant_q') ?? '';
  const id = parseId(url.searchParams.get('merchant'));
  const [search, chosen, categories] = await Promise.all([merchantSearch(api, q), id ? offerMerchant(api, id) : null, api.get('/api/categories/', CategoriesOut)]);
  const first = chosen?.merchant.locations[0];
  return {
    q,
    picking: !chosen || url.searchParams.has('merchant_q'),
    search,
    merchant: chosen?.merchant ?? null,
    categories: categoryChoices(categories),
    // A new offer: the merchant's first location and category to start from.
    values: (chosen ? { merchant_id: String(chosen.merchant.id), location_id: chosen.merchant.locations.length === 1 && first ? String(first.id) : '', category_id: chosen.detail.category ? String(chosen.detail.category.id) : '', max_prints: '3', secondary_type: 'other' } : {}) as FormValues,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = postedValues(form);
  const { body, fields } = offerBody(form, { edit: false });
  const checked = checkBody(offerSchema(false), body);
  const problems = { ...(checked.ok ? {} : checked.fields), ...fields };
  if (Object.keys(problems).length) return refusedForm(values, problems);
  const saved = await consoleApi(context, request).send('POST', '/api/console/offers/', body, ConsoleOffer);
  if (!saved.ok) return failedForm(values, saved, offerValues, ConsoleOffer);
  throw redirect(`/console/offers/${saved.data.id}?done=created`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function NewOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, categories, q, search, picking } = loaderData;
  const navigation = useNavigation();
  const form = formReader(actionData?.values ?? loaderData.values, actionData?.fields ?? {});
  return (
    <>
      <title>New offer · Staff console</title>
      <p className="console-small">
        <Link to="/console/offers">Offers</Link> /
      </p>
      <h1>New offer</h1>
      {picking ? <MerchantPicker q={q} results={search} hrefFor={(id) => `/console/offers/new?merchant=${id}`} /> : null}
      {merchant ? (
        <>
          <FormMessage message={actionData?.message ?? (actionData && Object.keys(actionData.fields).length ? 'Check the highlighted fields and try again.' : null)} />
          <OfferForm key={JSON.stringify(actionData?.values ?? merchant.id)} form={form} merchant={merchant} categories={categories} edit={false} submitting={navigation.state === 'submitting'} changeMerchantHref="/console/offers/new?merchant_q=" />
        </>
      ) : null}
    </>
  );
}
