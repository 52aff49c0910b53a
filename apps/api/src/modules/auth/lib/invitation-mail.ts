// The invitation mail of the staff console and of a merchant's team (docs/api.md "Merchant centre"). The worker gives the
// invitation a new token as it sends, so the token exists in plain text only in the mail; the
// bootstrap invitation of the first admin carries its link in the queued data instead, because the
// same link is also printed to the log (docs/operations.md "First admin").
import type { Env } from '../../../config/env.ts';
import type { MailTemplate, MailTemplates } from '../../mail/lib/templates.ts';
import { findInvitationById, findMerchantName, setInvitationToken } from '../repository.ts';
import { webLink } from './mails.ts';
import { hashToken, newToken } from './tokens.ts';

export const INVITATION_MAIL = 'auth.invitation';

export function invitationLink(env: Env, token: string, kind: 'staff' | 'merchant' = 'staff'): string {
  return webLink(env, kind === 'merchant' ? '/business/centre/invitation' : '/console/invitation', { token });
}

const ROLE_WORDS: Record<string, string> = {
  admin: 'an administrator (everything, staff accounts included)',
  editor: 'an editor (merchants, locations, offers, contests and site content)',
  support: 'support (leads, suggestions and member help)',
};

const MERCHANT_ROLE_WORDS: Record<string, string> = {
  owner: 'an owner (everything, the team included)',
  manager: 'a manager (locations, offers, analytics and leads)',
  cashier: 'a cashier (redeeming coupons at your locations)',
};

const invitationMail: MailTemplate = async ({ db, env }, to, data) => {
  const invitation = await findInvitationById(db.db, Number(data.invitationId));
  if (!invitation || invitation.email !== to || invitation.acceptedAt || invitation.revokedAt) return null;
  let link = typeof data.link === 'string' ? data.link : null;
  if (!link) {
    const token = newToken();
    // Accepted, revoked or expired meanwhile: nothing to send.
    if (!(await setInvitationToken(db.db, invitation.id, hashToken(token)))) return null;
    link = invitationLink(env, token, invitation.kind);
  }
  if (invitation.kind === 'merchant') {
    const merchant = (invitation.merchantId && (await findMerchantName(db.db, invitation.merchantId))) || 'a business';
    const cashier = invitation.role === 'cashier';
    return {
      to,
      subject: `You are invited to the LocalSaver business centre for ${merchant}`,
      preheader: cashier ? 'Set your password to start redeeming coupons.' : 'Set your password and your authenticator app.',
      paragraphs: [
        'Hello,',
        `You have been invited to the team of ${merchant} on LocalSaver as ${MERCHANT_ROLE_WORDS[invitation.role] ?? invitation.role}.`,
        cashier
          ? 'Choose your password with the link below (or, if this address already has a LocalSaver account, enter its password).'
          : 'Choose your password with the link below (or, if this address already has a LocalSaver account, enter its password). When you first sign in, you will set up an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) for the second step of every sign-in.',
      ],
      action: { label: 'Accept the invitation', url: link },
      after: ['This link works once and expires in 72 hours. If you did not expect it, you can ignore this e-mail.'],
    };
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
