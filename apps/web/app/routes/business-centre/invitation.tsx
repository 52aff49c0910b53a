// /business/centre/invitation?token=...: the mailed invitation to a business's team (docs/api.md
// "Merchant centre"): the console's invitation steps with the business centre's words. An address
// that already has a LocalSaver account gives its password. Works without JavaScript.
import type { Route } from './+types/invitation';
import { InvitationSteps } from '../../components/console/sign-in-steps.tsx';
import { acceptInvitationForm, invitationPage } from '../../lib/console/invitation.server.ts';
import { centreApi } from '../../lib/business/centre-api.server.ts';
import { BUSINESS_CENTRE } from '../../lib/business/sign-in.ts';

export function loader({ request }: Route.LoaderArgs) {
  return invitationPage(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return acceptInvitationForm(centreApi(context, request, { anonymous: true, token: null }), await request.formData());
}

export default function BusinessInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationSteps product={BUSINESS_CENTRE} token={loaderData.token} passwordHint={loaderData.passwordHint} actionData={actionData} />;
}
