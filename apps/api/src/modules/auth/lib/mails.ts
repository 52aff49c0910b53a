// The mails of the member flows. Links point at the web app (PUBLIC_URL):
//   verification      ${PUBLIC_URL}/verify?id={userId}&token={token}        -> POST /auth/verifyuser/
//   password reset    ${PUBLIC_URL}/login/reset?id={userId}&token={token}   -> POST /auth/resetpassword/
//   sign-in paused    a notice that many wrong passwords paused password sign-in, with the reset
//   second factor paused  a notice that wrong codes after the right password paused code checks
// Tokens are made here, by the queue worker, so they exist in plain text only in the mail.
import { greetingName } from '@market/domain/person-name';
import { formatWait } from '@market/domain/wait-time';
import type { Env } from '../../../config/env.ts';
import type { MailTemplate, MailTemplates } from '../../mail/lib/templates.ts';
import { findUserByEmail, findUserById, insertOneTimeToken, retireOneTimeTokens } from '../repository.ts';
import { RESET_TOKEN_SECONDS, VERIFY_TOKEN_SECONDS, hashToken, newToken } from './tokens.ts';

export const VERIFY_MAIL = 'auth.verify-email';
export const RESET_MAIL = 'auth.password-reset';
export const ACCOUNT_EXISTS_MAIL = 'auth.account-exists';
export const SIGN_IN_PAUSED_MAIL = 'auth.sign-in-paused';
export const STAFF_ACCOUNT_CHANGED_MAIL = 'auth.staff-account-changed';
export const SECOND_FACTOR_PAUSED_MAIL = 'auth.second-factor-paused';

export type StaffAccountChange = 'email' | 'recovery_codes' | 'second_factor';

/** An absolute link into the web app. */
export function webLink(env: Env, path: string, query: Record<string, string | number> = {}): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const qs = params.toString();
  return `${env.PUBLIC_URL.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

const verifyMail: MailTemplate = async ({ db, env }, to, data) => {
  const user = await findUserById(db.db, Number(data.userId));
  // The account may have been deleted, or have verified already, before the worker got here.
  if (!user || user.email !== to || user.emailVerifiedAt) return null;
  const token = newToken();
  await retireOneTimeTokens(db.db, user.id, 'verify');
  await insertOneTimeToken(db.db, user.id, 'verify', hashToken(token), VERIFY_TOKEN_SECONDS);
  return {
    to,
    subject: 'Confirm your LocalSaver e-mail address',
    preheader: 'One click to confirm your address.',
    paragraphs: [`Hi ${greetingName(user.firstName)},`, 'Welcome to LocalSaver! Please confirm that this is your e-mail address.'],
    action: { label: 'Confirm my e-mail address', url: webLink(env, '/verify', { id: user.id, token }) },
    after: ['This link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.'],
  };
};

const resetMail: MailTemplate = async ({ db, env }, to) => {
  const user = await findUserByEmail(db.db, to);
  // No account: nothing is sent, and the caller was answered the same either way.
  if (!user) return null;
  const token = newToken();
  await retireOneTimeTokens(db.db, user.id, 'reset');
  await insertOneTimeToken(db.db, user.id, 'reset', hashToken(token), RESET_TOKEN_SECONDS);
  return {
    to,
    subject: 'Reset your LocalSaver password',
    preheader: 'A link to choose a new password.',
    paragraphs: [`Hi ${greetingName(user.firstName)},`, 'Someone asked to reset the password of your LocalSaver account. If it was you, choose a new password here:'],
    action: { label: 'Choose a new password', url: webLink(env, '/login/reset', { id: user.id, token }) },
    after: ['This link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays the same.'],
  };
};

const accountExistsMail: MailTemplate = async ({ db, env }, to) => {
  const user = await findUserByEmail(db.db, to);
  if (!user) return null;
  return {
    to,
    subject: 'You already have a LocalSaver account',
    paragraphs: [
      `Hi ${greetingName(user.firstName)},`,
      'Someone tried to create a LocalSaver account with this e-mail address. You already have an account, so nothing was changed.',
      `To get in, log in at ${webLink(env, '/login')}. If you forgot your password, you can reset it:`,
    ],
    action: { label: 'Reset my password', url: webLink(env, '/login/recover') },
    after: ['If this was not you, you can ignore this e-mail.'],
  };
};

const signInPausedMail: MailTemplate = async ({ db, env }, to) => {
  const user = await findUserByEmail(db.db, to);
  // Wrong passwords for an address without an account are counted the same, but nobody is told.
  if (!user) return null;
  return {
    to,
    subject: 'We paused sign-in to your LocalSaver account',
    preheader: 'Many wrong passwords were tried on your account.',
    paragraphs: [
      `Hi ${user.firstName},`,
      'Someone tried to sign in to your LocalSaver account with a wrong password many times, so we paused password sign-in for a few minutes. If the wrong passwords go on, each pause is a little longer, up to 15 minutes.',
      'If it was you, wait a few minutes and try again. You can also choose a new password at any time: the reset link we e-mail you ends the pause at once.',
    ],
    action: { label: 'Reset my password', url: webLink(env, '/login/recover') },
    after: ['If it was not you: nobody got in with those attempts. A new password that you use nowhere else keeps it that way.'],
  };
};

/**
 * Wrong second-factor codes after the right password paused the account's code checks
 * (second-factor-ceiling.ts): whoever typed them knows the password, so the owner is asked to
 * change it, and told how to get in meanwhile.
 */
const secondFactorPausedMail: MailTemplate = async ({ db, env }, to, data) => {
  const user = await findUserById(db.db, Number(data.userId));
  // The account may have been deleted, or its address changed, before the worker got here.
  if (!user || user.email !== to) return null;
  const pause = formatWait(Number(data.seconds) || 60);
  return {
    to,
    subject: 'Someone entered your LocalSaver password and wrong sign-in codes',
    preheader: 'Your password is known to someone else: change it now.',
    paragraphs: [
      `Hi ${greetingName(user.firstName)},`,
      `Someone signed in to your LocalSaver account with the right password and then entered wrong codes from an authenticator app many times, so we stopped checking codes for your account for ${pause}. If the wrong codes go on, each pause is longer, up to ${formatWait(Number(data.longestSeconds) || 3600)}.`,
      'If it was not you, your password is known to someone else: choose a new one now, here:',
    ],
    action: { label: 'Choose a new password', url: webLink(env, '/login/recover') },
    after: [
      'Nobody got in with those codes. During the pause you can still sign in with one of your recovery codes; a staff member can also ask an administrator to reset the second factor.',
    ],
  };
};

const CHANGE_TEXT: Record<StaffAccountChange, (data: Record<string, unknown>) => { subject: string; line: string }> = {
  email: (data) => ({
    subject: 'The e-mail address of your LocalSaver console account was changed',
    line: `The e-mail address of your LocalSaver staff console account was changed to ${String(data.newEmail ?? 'a new address')}. This address no longer signs in, and your other sessions were ended.`,
  }),
  recovery_codes: () => ({
    subject: 'New recovery codes for your LocalSaver console account',
    line: 'New recovery codes were made for your LocalSaver staff console account. The old ones no longer work.',
  }),
  second_factor: () => ({
    subject: 'The second factor of your LocalSaver console account was reset',
    line: 'The authenticator app of your LocalSaver staff console account was reset and every session ended. The next sign-in sets up a new authenticator app.',
  }),
};

/** A notice that the staff member's own account changed (sent to the old address for a new one). */
const staffAccountChangedMail: MailTemplate = async ({ env }, to, data) => {
  const text = CHANGE_TEXT[data.change as StaffAccountChange];
  if (!text) return null;
  const { subject, line } = text(data);
  return {
    to,
    subject,
    paragraphs: ['Hello,', line, 'It was done from a signed-in session, after your password was entered again.'],
    action: { label: 'Open the staff console', url: webLink(env, '/console') },
    after: ['If this was not you, tell your LocalSaver administrator at once: they can disable the account and end its sessions.'],
  };
};

/** The mails of the member flows, by kind (listed in modules/index.ts). */
export const authMails: MailTemplates = {
  [VERIFY_MAIL]: verifyMail,
  [RESET_MAIL]: resetMail,
  [ACCOUNT_EXISTS_MAIL]: accountExistsMail,
  [SIGN_IN_PAUSED_MAIL]: signInPausedMail,
  [STAFF_ACCOUNT_CHANGED_MAIL]: staffAccountChangedMail,
  [SECOND_FACTOR_PAUSED_MAIL]: secondFactorPausedMail,
};
