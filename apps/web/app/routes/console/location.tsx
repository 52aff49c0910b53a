// /console/locations/:id: one location (GET /api/console/locations/{id}/): the point found for its
// address shown for confirmation (lat/lng, market, what was matched) with the map pin, and the edit
// form with the version it read (a 409 shows both versions); the pin is corrected by typing lat/lng.
import { Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/location';
import { ConflictNotice, type ConflictField } from '../../components/console/conflict-notice.tsx';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { LocationForm } from '../../components/console/location-form.tsx';
import { MarketMap } from '../../components/console/market-map.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { checkBody, failedForm, locationBody, locationSchema, locationValues, postedValues, refusedForm } from '../../lib/console/catalogue-forms.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { ConsoleLocationOut, ConsoleLocationWriteOut, ConsoleMerchantDetailOut } from '@market/domain/api/console-merchants';
import { MARKETS, type MarketId } from '@market/domain/markets';
import { savedLocationPath } from './location-new.tsx';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

const MATCHED: Record<string, string> = {
  place: 'from the city in its state',
  zip: 'from the ZIP code (the city was not found)',
  pin: 'where you placed the pin',
  unchanged: 'unchanged (the address did not change)',
};

function locationId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const location = await api.get(`/api/console/locations/${locationId(params)}/`, ConsoleLocationOut);
  const merchant = await api.get(`/api/console/merchants/${location.merchant_id}/`, ConsoleMerchantDetailOut);
  const url = consolePageUrl(request);
  const matched = url.searchParams.get('matched') ?? '';
  return {
    location: {
      id: location.id,
      name: location.display_name,
      lat: location.lat,
      lng: location.lng,
      marketId: location.market_id,
      market: MARKETS[location.market_id as MarketId]?.name ?? location.market_id,
      updated: formatDateTime(location.updated_at),
    },
    merchant: { id: merchant.id, name: merchant.name },
    values: locationValues(location),
    saved: MATCHED[matched] ? { how: MATCHED[matched], label: (url.searchParams.get('label') ?? '').slice(0, 200) } : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = locationId(params);
  const form = await request.formData();
  const values = postedValues(form);
  const body = locationBody(form, { edit: true });
  const checked = checkBody(locationSchema(true), body);
  if (!checked.ok) return refusedForm(values, checked.fields);
  const saved = await consoleApi(context, request).send('PATCH', `/api/console/locations/${id}/`, body, ConsoleLocationWriteOut);
  if (!saved.ok) return failedForm(values, saved, locationValues, ConsoleLocationOut);
  throw redirect(savedLocationPath(saved.data));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const LOCATION_CONFLICT_FIELDS: ConflictField[] = [
  { name: 'display_name', label: 'Location name' },
  { name: 'address', label: 'Street address' },
  { name: 'address2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'ZIP code' },
  { name: 'phone', label: 'Phone' },
  { name: 'lat', label: 'Latitude' },
  { name: 'lng', label: 'Longitude' },
];

export default function Location({ loaderData, actionData }: Route.ComponentProps) {
  const { location, merchant, saved } = loaderData;
  const navigation = useNavigation();
  const form = formReader(actionData?.values ?? loaderData.values, actionData?.fields ?? {});
  const invalid = actionData && !actionData.conflict && Object.keys(actionData.fields).length;
  return (
    <>
      <title>{`${location.name} · ${merchant.name} · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/merchants">Merchants</Link> / <Link to={`/console/merchants/${merchant.id}`}>{merchant.name}</Link> /
      </p>
      <h1>{location.name}</h1>
      <p className="console-muted console-small">
        {location.market} market · last change {location.updated}
      </p>
      {saved && !actionData ? (
        <p role="status" className="console-alert console-alert-success">
          Saved. The pin was placed {saved.how}
          {saved.label ? `: ${saved.label}` : ''}. Check it on the map below; if it is wrong, type the right latitude and longitude.
        </p>
      ) : null}
      <FormMessage message={actionData?.message ?? (invalid ? 'Check the highlighted fields and try again.' : null)} />
      {actionData?.conflict ? (
        <ConflictNotice message={actionData.conflict.message} theirs={actionData.conflict.theirs} yours={actionData.values} fields={LOCATION_CONFLICT_FIELDS} reloadHref={`/console/locations/${location.id}`} />
      ) : null}
      <div className="cat-columns">
        <div className="cat-main">
          <LocationForm key={JSON.stringify(actionData ?? loaderData.values)} form={form} edit submitting={navigation.state === 'submitting'} />
        </div>
        <aside className="cat-side">
          <section className="console-panel" aria-labelledby="pin-title">
            <h2 id="pin-title">Where savers find it</h2>
            <dl className="cat-facts">
              <dt>Latitude</dt>
              <dd>{location.lat.toFixed(5)}</dd>
              <dt>Longitude</dt>
              <dd>{location.lng.toFixed(5)}</dd>
              <dt>Market</dt>
              <dd>{location.market}</dd>
              {saved?.label ? (
                <>
                  <dt>Matched</dt>
                  <dd>{saved.label}</dd>
                </>
              ) : null}
            </dl>
            <MarketMap marketId={location.marketId} lat={location.lat} lng={location.lng} label={location.name} />
          </section>
        </aside>
      </div>
    </>
  );
}
