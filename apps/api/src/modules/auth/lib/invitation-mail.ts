// The invitation mail of the staff console (and, later, of a merchant's team). The worker gives the
// invitation a new token as it sends, so the token exists in plain text only in the mail; the
// bootstrap invitation of the first admin carries its link in the queued data instead, because the
// same link is also printed to the log (docs/operations.md "First admin").
import type { Env } from '../../../config/env.ts';
import type { MailTemplate, MailTemplates } from '../../mail/lib/templates.ts';
import { findInvitationById, setInvitationToken } from '../repository.ts';
import { webLink } from './mails.ts';
import { hashToken, newToken } from './tokens.ts';

export const INVITATION_MAIL = 'auth.invitation';

export function invitationLink(env: Env, token: string): string {
  return webLink(env, '/console/invitation', { token });
}

const ROLE_WORDS: Record<string, string> = {
  admin: 'an administrator (everything, staff accounts included)',
  editor: 'an editor (merchants, locations, offers, contests and site content)',
  support: 'support (leads, suggestions and member help)',
};

const invitationMail: MailTemplate = async ({ db, env }, to, data) => {
  const invitation = await findInvitationById(db.db, Number(data.invitationId));
  if (!invitation || invitation.email !== to || invitation.acceptedAt || invitation.revokedAt) return null;
  let link = typeof data.link === 'string' ? data.link : null;
  if (!link) {
    const token = newToken();
    // Accepted, revoked or expired meanwhile: nothing to send.
    if (!(await setInvitationToken(db.db, invitation.id, hashToken(token)))) return null;
    link = invitationLink(env, token);
  }
  const markets = invitation.markets?.length ? ` for ${invitation.markets.join(', ')}` : '';
  return {
    to,
    subject: 'You are invited to the LocalSaver staff console',
    preheader: 'Set your password and your authenticator app.',
    paragraphs: [
      'Hello,',
      `You have been invited to the LocalSaver staff console as ${ROLE_WORDS[invitation.role] ?? invitation.role}${markets}.`,
      'Choose your password with the link below. When you first sign in, you will set up an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) for the second step of every sign-in.',
    ],
    action: { label: 'Accept the invitation', url: link },
    after: ['This link works once and expires in 72 hours. If you did not expect it, you can ignore this e-mail.'],
  };
};

export const invitationMails: MailTemplates = { [INVITATION_MAIL]: invitationMail };
