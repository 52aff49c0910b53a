// Separation of duties (docs/security.md "Separation of duties"): nobody reviews, edits or handles
// in the console the records of a business whose team they are on (merchant_members: owner,
// manager or cashier), whichever came first, the staff role or the place on the team. Every
// console write on a merchant's offers, locations, profile, proposals and leads asks here, and so
// will the moderation of saver reviews:
//
//   await assertNotOwnBusiness(deps.db.db, staff, offer.merchant_id, { action: 'offer_revision.approve', entity: 'offer_revision', entityId: id, ip });
//
// A refusal is a 403 and leaves an audit row (`<action>_refused_conflict`). The row is written
// with the app's connection, never a transaction's: the refusal rolls the transaction back. Call
// it before the write's transaction (a merchant id of a record does not change under it; joining
// a team takes an invitation accepted by mail, not a race a caller wins).
import { sql } from 'drizzle-orm';
import { ASSIGNEE_OWN_BUSINESS, OWN_BUSINESS } from '@market/domain/separation-of-duties';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../../audit/service.ts';

export { ASSIGNEE_OWN_BUSINESS, OWN_BUSINESS };

/** The audit verb suffix of a refused attempt: `offer_revision.approve_refused_conflict`. */
export const REFUSED_CONFLICT_SUFFIX = '_refused_conflict';

export interface AttemptedWrite {
  /** The audit action the write would have recorded, e.g. 'offer_revision.approve'. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  marketId?: string | null;
  ip?: string | null;
}

/** The ids of the merchants whose team the account is on (any role). */
export async function ownBusinessIds(db: Executor, userId: number): Promise<Set<number>> {
  const result = await db.execute(sql`SELECT merchant_id FROM merchant_members WHERE user_id = ${userId}`);
  return new Set((result as unknown as { rows: Array<{ merchant_id: number }> }).rows.map((r) => Number(r.merchant_id)));
}

/** Whether the account is on the team of any of the merchants (owner, manager or cashier). */
export async function belongsToBusiness(db: Executor, userId: number, merchantIds: ReadonlyArray<number | null | undefined>): Promise<boolean> {
  const ids = merchantIds.filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return false;
  const result = await db.execute(sql`SELECT 1 AS one FROM merchant_members WHERE user_id = ${userId} AND merchant_id = ANY (${`{${ids.join(',')}}`}::int[]) LIMIT 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Refuses (403, audited) a console write by `staff` on a business they are on the team of.
 * `merchantIds`: the record's merchant, and the one it would move to when that changes. `who`
 * names the person the conflict is about when it is not the caller (a lead's assignee).
 */
export async function assertNotOwnBusiness(
  db: Executor,
  staff: AuditActor,
  merchantIds: number | ReadonlyArray<number | null | undefined>,
  attempt: AttemptedWrite,
  who: { userId: number; message: string } = { userId: staff.id, message: OWN_BUSINESS },
): Promise<void> {
  const ids = typeof merchantIds === 'number' ? [merchantIds] : merchantIds;
  if (!(await belongsToBusiness(db, who.userId, ids))) return;
  await recordAudit(db, {
    actor: staff,
    action: `${attempt.action}${REFUSED_CONFLICT_SUFFIX}`,
    entity: attempt.entity,
    entityId: attempt.entityId ?? null,
    marketId: attempt.marketId ?? null,
    after: { refused: attempt.action, merchant_ids: ids.filter((id) => typeof id === 'number'), member_user_id: who.userId, reason: 'own_business' },
    ip: attempt.ip ?? null,
  });
  throw new AppError('forbidden', who.message);
}
