// The sign-in form's steps on the server, shared by /console/login and /business/centre/login
// (ARCHITECTURE "Wave 2": POST /auth/login/ -> {mfa_required, mfa_token} -> POST /auth/mfa/verify/
// -> {token}). Each page decides what a finished step means for it: which cookie a session goes
// into, where enrolment happens, and whether a password-only session is welcome.
import { REQUIRED } from '@market/domain/validation/fields';
import { LoginOut } from '@market/domain/api/auth';
import { LoginAnswerOut } from '@market/domain/api/staff';
import type { ConsoleApi } from './console-api.server.ts';
import { failureText, formText } from './form-values.server.ts';

const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
const EXPIRED = 'Your sign-in has expired. Please sign in again.';

/** What the sign-in page shows next: the password form (with what went wrong) or the code form. */
export type SignInStepData =
  | { step: 'password'; email: string; message: string | null; fields: Record<string, string[]> }
  | { step: 'code'; mfaToken: string; recovery: boolean; message: string | null };

export type SignInOutcome =
  /** Show the form again (a problem, or the code step). */
  | { show: SignInStepData }
  /** The second factor passed: this token is the session. */
  | { session: string }
  /** No authenticator yet: enrol with this challenge. */
  | { enrol: string }
  /** The account needs no second factor: a password session the page may keep or end. */
  | { passwordSession: string; email: string };

/**
 * Runs the posted step against the API (`api` calls without a session: a visitor's old one has no
 * say here): the password, a code from the authenticator app or a recovery code, or the switch
 * between the last two.
 */
export async function signInStep(api: ConsoleApi, form: FormData): Promise<SignInOutcome> {
  const intent = formText(form, 'intent');
  if (intent === 'code' || intent === 'use-recovery' || intent === 'use-app') {
    const mfaToken = formText(form, 'mfa_token');
    if (!mfaToken) return { show: { step: 'password', email: '', message: EXPIRED, fields: {} } };
    const recovery = intent === 'use-recovery' || (intent === 'code' && formText(form, 'recovery') === '1');
    if (intent !== 'code') return { show: { step: 'code', mfaToken, recovery, message: null } };
    // Authenticator codes are often typed or pasted with a space in the middle.
    const code = formText(form, 'code').replace(/\s+/g, '');
    if (!code) return { show: { step: 'code', mfaToken, recovery, message: CODE_NEEDED } };
    const verified = await api.send('POST', '/auth/mfa/verify/', { mfa_token: mfaToken, code }, LoginOut);
    if (!verified.ok) return { show: { step: 'code', mfaToken, recovery, message: failureText(verified) } };
    return { session: verified.data.token };
  }

  const email = formText(form, 'email').trim();
  const password = formText(form, 'password');
  const missing: Record<string, string[]> = {};
  if (!email) missing.email = [REQUIRED];
  if (!password) missing.password = [REQUIRED];
  if (Object.keys(missing).length) return { show: { step: 'password', email, message: null, fields: missing } };

  const answer = await api.send('POST', '/auth/login/', { email, password }, LoginAnswerOut);
  if (!answer.ok) {
    const fields = answer.kind === 'invalid' ? answer.fields : {};
    return { show: { step: 'password', email, message: answer.kind === 'invalid' ? answer.message : failureText(answer), fields } };
  }
  const signIn = answer.data;
  if ('mfa_required' in signIn) return { show: { step: 'code', mfaToken: signIn.mfa_token, recovery: false, message: null } };
  if ('mfa_enrolment_required' in signIn) return { enrol: signIn.mfa_token };
  return { passwordSession: signIn.token, email };
}
