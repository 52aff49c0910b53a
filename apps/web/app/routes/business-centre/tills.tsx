// /business/centre/:merchantId/tills: the business's paired tills (owners). "Pair a till" names it
// and its location; the answer shows the till's token once, with "Use this device as the till",
// which makes the browser doing it the till (the HttpOnly `store_device` cookie, set by this
// page's action: the token travels in the form's body, never in a URL). Revoke stops a token at once.
import { Form, Link, data } from 'react-router';
import type { Route } from './+types/tills';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage, SelectField } from '../../components/console/field.tsx';
import { parseId } from '@market/domain/ids';
import { webRequestContext } from '../../lib/server/request-context.ts';
import { DevicesAnswer, PairedAnswer, centreMerchant } from '../../lib/business/centre-pages.server.ts';
import { when } from '../../lib/business/centre-format.ts';
import { storeDeviceCookie, storeDeviceToken } from '../../lib/business/session.server.ts';
import { tillOf } from '../../lib/business/till.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner']);
  const [devices, thisTill] = await Promise.all([api.get(`/api/merchant/${merchant.id}/devices/`, DevicesAnswer), tillOf(context, storeDeviceToken(request))]);
  return {
    merchant: { id: merchant.id, name: merchant.name },
    locations: merchant.locations.map((l) => ({ value: String(l.id), label: `${l.display_name}, ${l.city}` })),
    devices,
    thisDevice: thisTill && thisTill.merchant_id === merchant.id ? thisTill.id : null,
  };
}

type Answer =
  | { intent: 'pair'; ok: true; paired: { id: number; name: string; location_name: string; token: string } }
  | { intent: 'pair' | 'use' | 'revoke'; ok: boolean; message: string | null; fields?: Record<string, string[]> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner']);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'pair') {
    const result = await api.send('POST', `/api/merchant/${merchant.id}/devices/`, { name: String(form.get('name') ?? ''), location_id: parseId(String(form.get('location_id') ?? '')) ?? 0 }, PairedAnswer);
    if (!result.ok) return { intent, ok: false, message: result.message, fields: result.kind === 'invalid' ? result.fields : {} } satisfies Answer;
    const { id, name, location_name, token } = result.data;
    return { intent, ok: true, paired: { id, name, location_name, token } } satisfies Answer;
  }
  if (intent === 'use') {
    // The token comes back in the body of this POST; it becomes the cookie only if it is a live till of this business.
    const till = await tillOf(context, String(form.get('token') ?? '').trim() || null);
    if (!till || till.merchant_id !== merchant.id) return { intent, ok: false, message: 'This till is not paired any more. Pair it again.' } satisfies Answer;
    const { secureCookies } = context.get(webRequestContext);
    return data({ intent, ok: true, message: `This browser is now the till “${till.name}” at ${till.location_name}. Open “Scan a coupon” to check codes.` } satisfies Answer, {
      headers: { 'Set-Cookie': storeDeviceCookie(String(form.get('token')).trim(), secureCookies) },
    });
  }
  if (intent === 'revoke') {
    const id = parseId(String(form.get('id') ?? ''));
    if (!id) return { intent, ok: false, message: 'Choose a till.' } satisfies Answer;
    const result = await api.send('DELETE', `/api/merchant/${merchant.id}/devices/${id}/`, null);
    return { intent, ok: result.ok, message: result.ok ? 'Revoked: that till’s token stopped working.' : result.message } satisfies Answer;
  }
  return { intent: 'pair', ok: false, message: 'Choose what to do.' } satisfies Answer;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function MerchantTills({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, locations, devices, thisDevice } = loaderData;
  const answer = actionData as Answer | undefined;
  const paired = answer && 'paired' in answer ? answer.paired : null;
  const message = answer && 'message' in answer ? answer : null;
  return (
    <>
      <title>{`Tills · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to="/business/centre">Your businesses</Link> / {merchant.name} /
      </p>
      <h1>{merchant.name}: tills</h1>
      <p className="console-muted">A paired till checks and redeems coupon codes at its location without anyone signing in. Revoke a till you lose or replace.</p>
      {message ? <FormMessage tone={message.ok ? 'success' : 'error'} message={message.message} /> : null}
      {paired ? (
        <section className="console-panel centre-token" aria-labelledby="token-title">
          <h2 id="token-title">
            “{paired.name}” is paired to {paired.location_name}
          </h2>
          <p>This is its token. It is shown only now: keep it somewhere safe, or make this browser the till.</p>
          <p>
            <code className="centre-token-value">{paired.token}</code>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="use" />
            <input type="hidden" name="token" value={paired.token} />
            <button type="submit" className="console-btn">
              Use this device as the till
            </button>
          </Form>
        </section>
      ) : null}
      <section className="console-panel" aria-labelledby="pair-title">
        <h2 id="pair-title">Pair a till</h2>
        {locations.length ? (
          <Form method="post" className="console-form" noValidate key={paired?.id ?? 'pair'}>
            <input type="hidden" name="intent" value="pair" />
            <Field label="Name" name="name" hint="What your people call it: “Front counter”." maxLength={80} required errors={message?.intent === 'pair' ? message.fields?.name : undefined} />
            <SelectField label="Location" name="location_id" options={locations} errors={message?.intent === 'pair' ? message.fields?.location_id : undefined} />
            <p className="console-actions">
              <button type="submit" className="console-btn">
                Pair
              </button>
            </p>
          </Form>
        ) : (
          <p>This business has no location yet. LocalSaver adds them.</p>
        )}
      </section>
      <section aria-labelledby="tills-title">
        <h2 id="tills-title">Paired tills</h2>
        {devices.length ? (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">Till</th>
                  <th scope="col">Location</th>
                  <th scope="col">Paired</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="console-visually-hidden">Revoke</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {devices.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">
                      {d.name}
                      {d.id === thisDevice ? <span className="console-badge">This browser</span> : null}
                    </th>
                    <td>{d.location_name}</td>
                    <td>{when(d.created_at)}</td>
                    <td>{d.last_used_at ? when(d.last_used_at) : 'Never'}</td>
                    <td>
                      {d.revoked_at ? (
                        <span className="console-muted">Revoked {when(d.revoked_at)}</span>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="revoke" />
                          <input type="hidden" name="id" value={d.id} />
                          <button type="submit" className="console-btn console-btn-danger">
                            Revoke
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>No till yet.</p>
        )}
      </section>
    </>
  );
}
