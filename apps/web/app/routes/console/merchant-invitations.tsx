// /console/merchants/:id/invitations (POST): "Invite a person" of a merchant's page (POST
// /api/console/merchants/{id}/invitations/). With JavaScript the page's fetcher shows the answer
// in place; without, this page does, with the way back. A GET goes to the merchant's page.
import { Link, redirect } from 'react-router';
import type { Route } from './+types/merchant-invitations';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import type { InviteAnswer } from '../../components/console/merchant-team.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { formText } from '../../lib/console/form-values.server.ts';
import { MerchantInvitationOut } from '@market/domain/api/merchant-centre';
import { merchantId } from './merchant.tsx';

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/console/merchants/${merchantId(params)}`);
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<InviteAnswer & { merchantId: number }> {
  const id = merchantId(params);
  const form = await request.formData();
  const locationIds = form.getAll('location_ids').map((v) => Number(v));
  const role = formText(form, 'role');
  const body = { email: formText(form, 'email').trim(), role, ...(role === 'cashier' ? { location_ids: locationIds } : {}) };
  const sent = await consoleApi(context, request).send('POST', `/api/console/merchants/${id}/invitations/`, body, MerchantInvitationOut);
  if (!sent.ok) return { ok: false, message: sent.message ?? (sent.kind === 'invalid' && Object.keys(sent.fields).length ? 'Check the highlighted fields and try again.' : null), fields: sent.kind === 'invalid' ? sent.fields : {}, merchantId: id };
  return { ok: true, message: `The invitation was sent to ${sent.data.email}. The link works once, for 72 hours.`, fields: {}, merchantId: id };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function MerchantInvitationSent({ actionData }: Route.ComponentProps) {
  return (
    <>
      <title>Invite a person · Staff console</title>
      <h1>Invite a person</h1>
      <FormMessage tone={actionData?.ok ? 'success' : 'error'} message={actionData?.message ?? (actionData ? Object.values(actionData.fields).flat().join(' ') : null)} />
      {actionData ? (
        <p>
          <Link to={`/console/merchants/${actionData.merchantId}`}>Back to the merchant</Link>
        </p>
      ) : null}
    </>
  );
}
