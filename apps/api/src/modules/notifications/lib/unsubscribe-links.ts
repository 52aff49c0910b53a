// The token of a notification mail's unsubscribe link (docs/decisions.md "Unsubscribe per kind"):
// `<member id>.<HMAC-SHA256>` keyed with the member's stored random secret over the kind and the
// time of the member's last password change. Editing the link's kind breaks the MAC, so a link
// turns off only its own kind; a password change (or reset) rotates every link already mailed.
// The stored secret itself never leaves the server.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@market/domain/notifications';

export interface UnsubscribeKey {
  userId: number;
  /** notification_preferences.unsubscribe_token: 256 random bits, made with the row. */
  secret: string;
  /** users.password_changed_at: the links' version. */
  passwordChangedAt: Date;
}

function mac(key: UnsubscribeKey, kind: NotificationKind): Buffer {
  return createHmac('sha256', key.secret).update(`unsubscribe:v1:${key.userId}:${kind}:${key.passwordChangedAt.getTime()}`).digest();
}

/** The link token of one kind for this member. */
export function unsubscribeToken(key: UnsubscribeKey, kind: NotificationKind): string {
  return `${key.userId}.${mac(key, kind).toString('base64url')}`;
}

/** The member id a token names (null when it is not of our shape); the MAC is checked by `tokenMatches`. */
export function memberOfToken(token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** Whether the token is this member's link for this kind, in constant time. */
export function tokenMatches(token: string, key: UnsubscribeKey, kind: NotificationKind): boolean {
  const sent = Buffer.from(token.slice(token.indexOf('.') + 1), 'base64url');
  const expected = mac(key, kind);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
