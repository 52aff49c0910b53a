// /console/invitation?token=...: the mailed invitation to the staff console. The invitee names
// themselves and chooses a password (lib/console/invitation.server.ts); the second factor is set
// up at the first sign-in. Works without JavaScript.
import type { Route } from './+types/invitation';
import { InvitationSteps, STAFF_CONSOLE } from '../../components/console/sign-in-steps.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { acceptInvitationForm, invitationPage } from '../../lib/console/invitation.server.ts';

export function loader({ request }: Route.LoaderArgs) {
  return invitationPage(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return acceptInvitationForm(consoleApi(context, request, { anonymous: true, token: null }), await request.formData());
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationSteps product={STAFF_CONSOLE} token={loaderData.token} passwordHint={loaderData.passwordHint} actionData={actionData} />;
}
