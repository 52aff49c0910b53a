// /console/merchants/:id/locations/new: a new location of the merchant (POST
// /api/console/merchants/{id}/locations/); saved, its own page shows the point found, with the
// map pin, for confirmation.
import { Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/location-new';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { LocationForm } from '../../components/console/location-form.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { checkBody, failedForm, locationBody, locationSchema, locationValues, postedValues, refusedForm } from '../../lib/console/catalogue-forms.server.ts';
import { ConsoleLocationWriteOut, ConsoleMerchantDetailOut } from '@market/domain/api/console-merchants';
import { merchantId } from './merchant.tsx';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

/** Where a saved location goes: its page, saying how its point was found. */
export function savedLocationPath(location: ConsoleLocationWriteOut): string {
  const params = new URLSearchParams({ matched: location.geocode.matched, label: location.geocode.label.slice(0, 200) });
  return `/console/locations/${location.id}?${params}`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const merchant = await consoleApi(context, request).get(`/api/console/merchants/${merchantId(params)}/`, ConsoleMerchantDetailOut);
  return { merchant: { id: merchant.id, name: merchant.name } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = merchantId(params);
  const form = await request.formData();
  const values = postedValues(form);
  const body = locationBody(form, { edit: false });
  const checked = checkBody(locationSchema(false), body);
  if (!checked.ok) return refusedForm(values, checked.fields);
  const saved = await consoleApi(context, request).send('POST', `/api/console/merchants/${id}/locations/`, body, ConsoleLocationWriteOut);
  if (!saved.ok) return failedForm(values, saved, locationValues, ConsoleLocationWriteOut);
  throw redirect(savedLocationPath(saved.data));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function NewLocation({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant } = loaderData;
  const navigation = useNavigation();
  const form = formReader(actionData?.values ?? {}, actionData?.fields ?? {});
  return (
    <>
      <title>{`Add location · ${merchant.name} · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/merchants">Merchants</Link> / <Link to={`/console/merchants/${merchant.id}`}>{merchant.name}</Link> /
      </p>
      <h1>Add a location of {merchant.name}</h1>
      <FormMessage message={actionData?.message ?? (actionData && Object.keys(actionData.fields).length ? 'Check the highlighted fields and try again.' : null)} />
      <LocationForm key={JSON.stringify(actionData?.values ?? null)} form={form} edit={false} submitting={navigation.state === 'submitting'} />
    </>
  );
}
