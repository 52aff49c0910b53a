// The only audit file that talks Drizzle. Entries are only ever inserted (the table refuses
// UPDATE, DELETE and TRUNCATE: migration 0012).
import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { cappedCount, containsPattern } from '../../lib/console-list.ts';

export type NewAuditEntry = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export interface AuditFilter {
  actorId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  marketId?: string;
  /** Actor e-mail contains. */
  q?: string;
  from?: Date;
  to?: Date;
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actorId !== undefined ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.marketId ? eq(auditLog.marketId, filter.marketId) : undefined,
    filter.q ? ilike(auditLog.actorEmail, containsPattern(filter.q)) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  );
}

/** A page of entries, newest first, and the capped count. */
export async function findAuditPage(db: Executor, filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ rows: AuditRow[]; count: number }> {
  const condition = where(filter);
  const [rows, count] = await Promise.all([
    db.select().from(auditLog).where(condition).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(page.limit).offset(page.offset),
    cappedCount(db, db.select({ id: auditLog.id }).from(auditLog).where(condition)),
  ]);
  return { rows, count };
}
