// The audit log of every console and merchant write (docs/security.md "Audit log"): who, when,
// what, before and after. Writers call recordAudit inside the transaction of their write, so an
// entry exists exactly when the change does.
import type { AuditEntryOut } from '@market/domain/api/staff';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findAuditPage, insertAuditEntry, type AuditFilter } from './repository.ts';

export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditEntry {
  actor: AuditActor | null;
  /** `<entity>.<verb>`, e.g. 'offer.update'. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  marketId?: string | null;
  /** The record as the API shows it, before and after (never secrets). */
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Appends an entry; call it with the transaction of the write it records. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, {
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    marketId: entry.marketId ?? null,
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
    ip: entry.ip ?? null,
  });
}

/** A page of the log, newest first (admins browse and filter it). */
export async function listAudit(deps: AppDeps, filter: AuditFilter, page: { page: number; pageSize: number }): Promise<{ results: AuditEntryOut[]; count: number; page: number; page_size: number }> {
  const { rows, count } = await findAuditPage(deps.db.db, filter, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return {
    results: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      market_id: r.marketId,
      before: r.before,
      after: r.after,
      ip: r.ip,
    })),
    count,
    page: page.page,
    page_size: page.pageSize,
  };
}
