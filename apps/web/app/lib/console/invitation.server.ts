// The invitation page's loader and action, shared by /console/invitation and
// /business/centre/invitation (POST /auth/invitations/accept/, ARCHITECTURE "Wave 2"): the invitee
// names themselves and chooses a password (or, for an address with an account, gives its password).
import { z } from 'zod';
import { PASSWORD_MIN, REQUIRED } from '@market/domain/validation/fields';
import { INVITATION_NO_TOKEN, type InvitationAnswer } from '../../components/console/sign-in-steps.tsx';
import type { ConsoleApi } from './console-api.server.ts';
import { formText } from './form-values.server.ts';

const MISMATCH = 'The two passwords are not the same.';
const NO_TOKEN = INVITATION_NO_TOKEN;
const Accepted = z.object({ detail: z.string() });

type ActionData = InvitationAnswer;

export function invitationPage(request: Request) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // The rule's number from the shared rules, read here so the page does not load them.
  return { token: token.slice(0, 500), passwordHint: `At least ${PASSWORD_MIN} characters, and not a common password.` };
}

export async function acceptInvitationForm(api: ConsoleApi, form: FormData): Promise<InvitationAnswer> {
  const token = formText(form, 'token');
  const values = { first_name: formText(form, 'first_name').trim(), last_name: formText(form, 'last_name').trim() };
  const password = formText(form, 'password');
  const confirm = formText(form, 'password_confirm');
  if (!token) return { done: false, message: NO_TOKEN, fields: {}, values } satisfies ActionData;
  const fields: Record<string, string[]> = {};
  if (!values.first_name) fields.first_name = [REQUIRED];
  if (!values.last_name) fields.last_name = [REQUIRED];
  if (!password) fields.password = [REQUIRED];
  if (!confirm) fields.password_confirm = [REQUIRED];
  else if (password && confirm !== password) fields.password_confirm = [MISMATCH];
  if (Object.keys(fields).length) return { done: false, message: null, fields, values } satisfies ActionData;

  const accepted = await api.send('POST', '/auth/invitations/accept/', { token, password, ...values }, Accepted);
  if (!accepted.ok) {
    if (accepted.kind === 'conflict') return { done: false, message: accepted.message, fields: {}, values } satisfies ActionData;
    // A bad or used token is the invitation's problem, not a field the invitee can fix.
    const { token: tokenErrors, ...rest } = accepted.fields;
    const message = [accepted.message, ...(tokenErrors ?? [])].filter(Boolean).join(' ') || null;
    return { done: false, message, fields: rest, values } satisfies ActionData;
  }
  return { done: true, detail: accepted.data.detail } satisfies ActionData;
}

