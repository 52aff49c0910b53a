// How much mail one address receives and how many invitations one account sends (docs/security.md
// "Mail limits"): at most 3 reset, verification and invitation mails to one address in a rolling
// hour, at most 20 invitations (staff and business teams alike) from one account in a rolling 24
// hours. Counted in the database (send_quotas), so every instance agrees, and each take is one
// statement: an upsert that keeps the times still inside the window and adds one only while there
// are fewer than the limit (the row lock of ON CONFLICT makes concurrent takes wait their turn).
//
//   if (await takeAddressMail(deps.db.db, email)) await deps.mail.enqueue(RESET_MAIL, email);
//   await takeInvitation(tx, staff.id, input.email); // 429 naming the limit
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';

export const MAILS_PER_ADDRESS_PER_HOUR = 3;
export const INVITATIONS_PER_ACCOUNT_PER_DAY = 20;

export const ADDRESS_MAILS_REACHED = `We have already sent ${MAILS_PER_ADDRESS_PER_HOUR} mails to this address in the last hour, the most we send to one address. Try again in an hour.`;
export const INVITATIONS_REACHED = `You have sent ${INVITATIONS_PER_ACCOUNT_PER_DAY} invitations in the last 24 hours, the most one account may send. Try again tomorrow.`;

/**
 * Takes one of `limit` sends of `subject` in the last `windowSeconds`: true when taken, false when
 * the limit is reached (nothing changes then). One statement.
 */
export async function takeSend(db: Executor, subject: string, limit: number, windowSeconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO send_quotas AS q (subject, sent_at, updated_at) VALUES (${subject}, ARRAY[now()], now())
    ON CONFLICT (subject) DO UPDATE
      SET sent_at = array_append(ARRAY(SELECT s FROM unnest(q.sent_at) AS s WHERE s > now() - make_interval(secs => ${windowSeconds})), now()),
          updated_at = now()
      WHERE (SELECT count(*) FROM unnest(q.sent_at) AS s WHERE s > now() - make_interval(secs => ${windowSeconds})) < ${limit}
    RETURNING 1 AS taken`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The subject of an address: its SHA-256, so the table never holds an address. */
const addressSubject = (email: string): string => `mail:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** Takes one of the address's hourly mails; false: send nothing (answer as if sent where that matters). */
export function takeAddressMail(db: Executor, email: string): Promise<boolean> {
  return takeSend(db, addressSubject(email), MAILS_PER_ADDRESS_PER_HOUR, 3600);
}

/**
 * An invitation from `inviterId` to `email`: takes one of the account's daily invitations and one
 * of the address's hourly mails, else 429 naming the limit. Call it in the invitation's
 * transaction, so a refused or failed invitation takes nothing.
 */
export async function takeInvitation(tx: Executor, inviterId: number, email: string): Promise<void> {
  if (!(await takeSend(tx, `invite:${inviterId}`, INVITATIONS_PER_ACCOUNT_PER_DAY, 24 * 3600))) throw new AppError('too_many', INVITATIONS_REACHED);
  if (!(await takeAddressMail(tx, email))) throw new AppError('too_many', ADDRESS_MAILS_REACHED, { email: [ADDRESS_MAILS_REACHED] });
}

/** Rows whose every send is older than the longest window (the nightly purge). */
export async function deleteStaleSends(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM send_quotas WHERE updated_at < now() - interval '24 hours'`);
}
