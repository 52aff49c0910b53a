// /business/centre/till: what a paired till shows itself: the business and location it is paired
// to (its HttpOnly `store_device` cookie, asked of the API), a link to "Scan a coupon", and
// "Stop using this browser as a till". Opens without a business-centre session.
import { Form, data } from 'react-router';
import type { Route } from './+types/till';
import { webRequestContext } from '../../lib/server/request-context.ts';
import { clearStoreDeviceCookie, storeDeviceToken } from '../../lib/business/session.server.ts';
import { tillOf } from '../../lib/business/till.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { till: await tillOf(context, storeDeviceToken(request)), hadCookie: storeDeviceToken(request) !== null };
}

export async function action({ context }: Route.ActionArgs) {
  const { secureCookies } = context.get(webRequestContext);
  return data({ stopped: true }, { headers: { 'Set-Cookie': clearStoreDeviceCookie(secureCookies) } });
}

export default function TillPage({ loaderData, actionData }: Route.ComponentProps) {
  const { till, hadCookie } = loaderData;
  return (
    <div className="console-card console-card-wide">
      <title>This till · Business centre</title>
      <h1>This till</h1>
      {actionData?.stopped ? <p role="status">This browser is no longer a till.</p> : null}
      {till ? (
        <>
          <p>
            This browser is the till <strong>“{till.name}”</strong> of <strong>{till.merchant_name}</strong>, paired to <strong>{till.location_name}</strong>, {till.city}. It checks and
            redeems coupon codes there.
          </p>
          <p className="console-actions">
            <a href="/r/scan" className="console-btn">
              Scan a coupon
            </a>
          </p>
          <Form method="post">
            <button type="submit" className="console-btn console-btn-secondary">
              Stop using this browser as a till
            </button>
          </Form>
        </>
      ) : (
        <p>
          {hadCookie ? 'This browser was a till, but it has been revoked. ' : 'This browser is not a paired till. '}
          An owner pairs a till on the business centre’s Tills page and chooses “Use this device as the till”.
        </p>
      )}
    </div>
  );
}
